"""A sitting still open when another sitting of the same game ended it: the save file that
now holds the game's end is never offered to be saved over, nor saved over, at the
prompt, on the board, on leaving or from a script; the game says so in its own words."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT, play_terminal
from testsupport.pilot import screen_is
from turing.cli.main import main
from turing.play.session import load_save
from turing.ui.prompt import saved_on_leaving

KEPT = "holds this game's end (it ended in another sitting)"


def play(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=script)


def saved(path: Path) -> Path:
    """A game of the sample puzzle (solution 241) saved to ``path`` before anything is
    played."""
    result = play(["--save", str(path)], "save\n")
    assert result.exit_code == 1, result.output
    return path


def end_elsewhere(path: Path) -> bytes:
    """Another sitting resumes ``path`` and ends the game there (a win): the file then."""
    result = play(["--resume", str(path)], "done\nsolve 241\n")
    assert result.exit_code == 0, result.output
    assert f"The finished game is saved to {path}." in result.output
    return path.read_bytes()


def over(path: Path) -> bool:
    """Whether the save in ``path`` resumes as a game that is over."""
    result = play(["--resume", str(path)], "quit\n")
    return result.exit_code == 0 and "this game is over: player wins" in result.output


def test_at_the_terminal_the_end_saved_by_another_sitting_is_never_saved_over(
    tmp_path: Path,
) -> None:
    game = saved(tmp_path / "a.json")
    child = play_terminal(tmp_path, "--resume", "a.json")
    child.expect_exact("player>")
    child.sendline("test 111 B")
    child.expect_exact("player>")
    ended = end_elsewhere(game)
    child.sendline("save")
    child.expect_exact(f"error: cannot save to a.json: it {KEPT}")
    child.expect_exact("player>")
    assert "Overwrite" not in child.before
    child.sendline("save a.json")
    child.expect_exact(f"error: cannot save to a.json: it {KEPT}")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact(f"error: cannot save to a.json: it {KEPT}")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect_exact(f"quit: game abandoned; not saved: a.json {KEPT}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "Overwrite" not in child.before
    assert game.read_bytes() == ended
    assert over(game)


def test_from_a_script_the_end_saved_by_another_sitting_is_never_saved_over(
    tmp_path: Path,
) -> None:
    """The lines come through a pipe (nothing asks), with and without --overwrite."""
    game = saved(tmp_path / "a.json")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    start = game.read_bytes()
    for extra in ("", " --overwrite"):
        game.write_bytes(start)  # the game before its end
        child = pexpect.spawn(
            "bash",
            ["-c", f"cat | {sys.executable} -m turing play --resume a.json{extra}"],
            env=env,
            encoding="utf-8",
            timeout=60,
            dimensions=(40, 200),
            cwd=str(tmp_path),
        )
        child.setecho(False)
        child.sendline("test 111 B")
        child.expect_exact("111 on B")
        ended = end_elsewhere(game)
        child.sendline("save")
        child.expect_exact(f"error: line 2: cannot save to a.json: it {KEPT}")
        child.sendline("quit")
        child.expect_exact(f"quit: game abandoned; not saved: a.json {KEPT}")
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        assert "another saved game" not in child.before
        assert game.read_bytes() == ended
        assert over(game)


def test_on_the_board_the_end_saved_by_another_sitting_is_never_saved_over(
    tmp_path: Path,
) -> None:
    pytest.importorskip("textual")
    from turing.ui.board import BoardApp

    game = saved(tmp_path / "a.json")
    session, _transcript = load_save(str(game))
    ended = b""

    async def board() -> None:
        nonlocal ended
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            await pilot.press("1", "1", "1", "b")  # test 111 on B
            await pilot.pause(0.1)
            ended = end_elsewhere(game)
            await pilot.press("w")
            await pilot.pause(0.2)
            assert type(app.screen).__name__ != "ConfirmScreen"  # nothing offers it
            assert app.message == f"error: cannot save to {game}: it {KEPT}"
            await pilot.press("q")
            assert await screen_is(pilot, app, "ConfirmScreen")
            assert app.screen.question == (  # type: ignore[attr-defined]
                f"Leave the game? {game} {KEPT} and is left as it is (w saves the game "
                "elsewhere first)."
            )
            await pilot.press("y")
            await pilot.pause(0.2)

    asyncio.run(board())
    assert saved_on_leaving(session, "board") == f"not saved: {game} {KEPT}"
    assert game.read_bytes() == ended
    assert over(game)


def test_a_sitting_ending_the_game_after_another_says_its_end_is_not_saved(
    tmp_path: Path,
) -> None:
    """Another sitting ends the game first: this one's end, different, says in one line each
    that the save file and the transcript keep that end, and leaves both as they are."""
    game = tmp_path / "a.json"
    transcript = tmp_path / "t.jsonl"
    result = play(["--save", str(game), "--transcript", str(transcript)], "save\n")
    assert result.exit_code == 1, result.output
    child = play_terminal(tmp_path, "--resume", "a.json")
    child.expect_exact("player>")
    ended = end_elsewhere(game)
    recorded = transcript.read_bytes()
    for line in ("test 111 B", "done"):
        child.sendline(line)
        child.expect_exact("player>")
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact(f"The finished game is not saved to a.json: it {KEPT}.")
    child.expect_exact(
        f"What was played in this sitting is not in the transcript {transcript}: it {KEPT}."
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "The finished game is saved" not in child.before
    assert game.read_bytes() == ended
    assert transcript.read_bytes() == recorded


def test_json_with_a_resumed_game_of_people_is_refused_before_anything_is_said(
    tmp_path: Path,
) -> None:
    game = tmp_path / "mid.json"
    transcript = tmp_path / "t.jsonl"
    result = play(["--save", str(game), "--transcript", str(transcript)], "test 111 A\nsave\n")
    assert result.exit_code == 1, result.output
    before = transcript.read_bytes(), game.read_bytes()
    result = play(["--json", "--resume", str(game)])
    assert result.exit_code == 2
    assert result.output == "error: --json is for games of bots only (people need the screen)\n"
    assert (transcript.read_bytes(), game.read_bytes()) == before


def test_a_transcript_of_several_seats_keeps_the_end_another_sitting_wrote(
    tmp_path: Path,
) -> None:
    """A game of two people, whose transcript is written again whole at its end: the end
    of a later sitting does not write it over the one another sitting ended first."""
    game = tmp_path / "m.json"
    transcript = tmp_path / "t.jsonl"
    args = ["--players", "ann,bob", "--save", str(game), "--transcript", str(transcript)]
    result = play(args, "save\n")
    assert result.exit_code == 1, result.output
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    child = pexpect.spawn(
        "bash",
        ["-c", f"cat | {sys.executable} -m turing play --resume m.json"],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
        cwd=str(tmp_path),
    )
    child.setecho(False)
    child.sendline("test 111 B")
    child.expect_exact("111 on B")
    result = play(["--resume", str(game)], "solve 241\nsolve 241\n")
    assert f"The finished game is saved to {game}." in result.output
    ended, recorded = game.read_bytes(), transcript.read_bytes()
    child.sendline("solve 241")
    child.sendline("solve 241")
    child.sendeof()
    child.expect_exact(f"The finished game is not saved to m.json: it {KEPT}.")
    child.expect_exact(f"is not in the transcript {transcript}: it {KEPT}.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (game.read_bytes(), transcript.read_bytes()) == (ended, recorded)
