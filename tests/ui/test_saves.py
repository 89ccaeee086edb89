"""Saves at the board and at the terminal prompt: a game that ends on the board is saved
as it ended, a finished game given to `turing board --resume` is shown as over, not
played, a file that is not a saved game is never saved over, and at a terminal a save
over another saved game asks first."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import leave_unsaved, play_terminal, spawn_turing
from testsupport.pilot import screen_is
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, parse_players

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # 01: solution 241
ROOT = Path(__file__).resolve().parent.parent.parent


def test_a_game_won_on_the_board_is_saved_as_it_ended(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from turing.ui.board import BoardApp

    save = tmp_path / "fin.json"
    session = Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1)
    session.save_path = save

    async def play() -> None:
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            await pilot.press("1", "2", "3", "a", "w")  # test 123 on A, save
            await pilot.pause(0.1)
            assert save.is_file()
            await pilot.press("colon", *"solve", "space", *"241", "enter")
            assert await screen_is(pilot, app, "ConfirmScreen")
            await pilot.press("y")
            assert await screen_is(pilot, app, "MessageScreen")
            await pilot.press("enter")
            assert await screen_is(pilot, app, "FinalScreen")

    asyncio.run(play())
    assert session.end_saves == [(save, None)]
    before = save.read_bytes()
    resumed = CliRunner().invoke(main, ["play", "--resume", str(save)], input="pass\n")
    assert resumed.exit_code == 0, resumed.output
    assert resumed.output.splitlines()[0] == f"{save}: this game is over: player wins: solved it."
    assert "player>" not in resumed.output
    assert save.read_bytes() == before


def test_the_board_shows_a_finished_game_as_over(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    save = tmp_path / "fin.json"
    first = CliRunner().invoke(main, ["play", "--save", str(save)], input="solve 241\n")
    assert first.exit_code == 0, first.output
    before = save.read_bytes()
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "board", "--resume", str(save)],
        env={**os.environ, "TERM": "xterm-256color"}, encoding="utf-8", timeout=60,
        dimensions=(40, 250),  # the line with the save's path is not wrapped
    )  # fmt: skip
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    shown = str(child.before)
    assert f"{save}: this game is over: player wins: solved it." in shown
    assert "Result · solution 241" in shown
    # its share code with the command that plays it on the board, as the board says it
    assert "(turing board --code " in shown and "turing play --code" not in shown
    assert save.read_bytes() == before


def test_w_on_the_board_never_saves_over_a_file_that_is_not_a_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("textual")
    from textual.keys import _character_to_key
    from textual.widgets import Input, Static

    from turing.ui.board import BoardApp

    monkeypatch.chdir(tmp_path)
    precious = Path("precious.txt")
    precious.write_text("important")
    save = Path("game.json")
    session = Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1)
    messages: list[str] = []

    async def play() -> None:
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            await pilot.press("w")
            assert await screen_is(pilot, app, "AskFileScreen")
            field = app.screen.query_one("#file-name", Input)
            for name in (precious, save):
                field.value = ""
                await pilot.click("#file-name")
                await pilot.press(*[_character_to_key(ch) for ch in str(name)], "enter")
                await pilot.pause(0.2)
                if type(app.screen).__name__ == "AskFileScreen":  # refused: the dialog stays
                    said = str(app.screen.query_one("#file-help", Static).content)
                    messages.append(
                        said.splitlines()[0].removeprefix("[b red]").removesuffix("[/]")
                    )
                else:
                    messages.append(app.message)
            # the command line of the board too (w saves to game.json now)
            await pilot.press("colon", *[_character_to_key(ch) for ch in f"save {precious}"])
            await pilot.press("enter")
            await pilot.pause(0.2)
            messages.append(app.message)

    asyncio.run(play())
    refused = f"error: cannot save to {precious}: it exists and is not a saved game; "
    assert messages[0] == messages[2] == refused + "give another name"
    assert messages[1].startswith("Saved to game.json")
    assert precious.read_bytes() == b"important"
    assert save.is_file()


def test_leaving_at_the_terminal_asks_again_for_a_file_that_is_not_a_saved_game(
    tmp_path: Path,
) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("important")
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "play"], cwd=str(tmp_path),
        env={**os.environ, "TERM": "xterm-256color", "NO_COLOR": "1",
             "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONPATH": str(ROOT)}, encoding="utf-8",
        timeout=60, dimensions=(40, 120),
    )  # fmt: skip
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("precious.txt")
    child.expect_exact(
        "error: cannot save to precious.txt: it exists and is not a saved game; give another name"
    )
    child.expect_exact("Save it first?")
    child.sendline("kept.json")
    child.expect_exact("quit: game abandoned; saved to kept.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert precious.read_bytes() == b"important"
    assert (tmp_path / "kept.json").read_text().startswith('{\n "format": "turing-play-save"')


def test_at_the_terminal_a_save_over_another_saved_game_asks_first(tmp_path: Path) -> None:
    other, third = tmp_path / "other.json", tmp_path / "third.json"
    for path in (other, third):  # games of other seeds
        made = CliRunner().invoke(main, ["play", "--seed", "9", "--save", str(path)], "quit\n")
        assert made.exit_code == 1, made.output
    before = other.read_bytes()
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "play", "--seed", "1"], cwd=str(tmp_path),
        env={**os.environ, "TERM": "xterm-256color", "NO_COLOR": "1",
             "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONPATH": str(ROOT)}, encoding="utf-8",
        timeout=60, dimensions=(40, 120),
    )  # fmt: skip
    child.expect_exact("player>")
    child.sendline("c 123; test A; save other.json")
    child.expect_exact("other.json holds another saved game. Overwrite it? [y/N]")
    child.sendline("n")
    child.expect_exact("Nothing done.")  # the whole line: no test either
    assert other.read_bytes() == before
    child.expect_exact("player>")
    child.sendline("c 123; test A; save other.json")
    child.expect_exact("Overwrite it? [y/N]")
    child.sendline("y")
    child.expect_exact("123 on A")
    child.expect_exact("Saved to other.json.")
    child.expect_exact("player>")
    child.sendline("save other.json")  # now it holds this game: saved at once
    child.expect_exact("Saved to other.json.")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("third.json")
    child.expect_exact("third.json holds another saved game. Overwrite it? [y/N]")
    child.sendline("n")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect_exact("quit: game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert other.read_bytes() != before
    assert (
        "Resumed in round 1." in CliRunner().invoke(main, ["play", "--resume", str(third)]).output
    )
    resumed = CliRunner().invoke(main, ["play", "--resume", str(other)], "quit\n").output
    assert "player: 1 test, in the game" in resumed


def test_from_a_script_a_save_over_another_saved_game_is_refused_unless_overwrite(
    tmp_path: Path,
) -> None:
    other = tmp_path / "other.json"
    made = CliRunner().invoke(main, ["play", "--seed", "9", "--save", str(other)], "quit\n")
    assert made.exit_code == 1, made.output
    before = other.read_bytes()
    result = CliRunner().invoke(
        main, ["play", "--seed", "1"], f"c 123; test A; save {other}\nquit\n"
    )
    assert (
        f"error: cannot save to {other}: it holds another saved game, which a script does not "
        "replace (--overwrite does)\nNothing done.\n" in result.stdout
    )
    assert "Saved to" not in result.output and "123 on A" not in result.output
    assert other.read_bytes() == before

    replaced = CliRunner().invoke(
        main, ["play", "--seed", "1", "--overwrite"], f"c 123; test A; save {other}\nquit\n"
    )
    assert f"Saved to {other}." in replaced.output and "Overwrite" not in replaced.output
    assert other.read_bytes() != before
    resumed = CliRunner().invoke(main, ["play", "--resume", str(other)], "quit\n")
    assert "player: 1 test, in the game" in resumed.output


def _another_game(path: Path) -> bytes:
    """Save a game of another seed to ``path`` (one test made); its bytes."""
    made = CliRunner().invoke(
        main, ["play", "--seed", "9", "--save", str(path)], "c 111; test A\nquit\n"
    )
    assert made.exit_code == 1, made.output
    return path.read_bytes()


def test_a_save_file_of_another_game_refused_once_is_not_saved_over_on_leaving(
    tmp_path: Path,
) -> None:
    keep = tmp_path / "keep.json"
    before = _another_game(keep)
    child = play_terminal(tmp_path, "--seed", "1", "--save", "keep.json")
    child.expect_exact("keep.json holds another saved game")  # said at the start
    child.expect_exact("player>")
    child.sendline("save")
    child.expect_exact("keep.json holds another saved game. Overwrite it? [y/N]")
    child.sendline("n")
    child.expect_exact("Nothing done.")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    # not asked again; the game may be saved elsewhere
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("")
    child.expect_exact("quit: game abandoned; not saved: keep.json holds another saved game")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert keep.read_bytes() == before


def test_leaving_asks_before_saving_over_another_game_in_the_save_file(tmp_path: Path) -> None:
    keep = tmp_path / "keep.json"
    before = _another_game(keep)
    child = play_terminal(tmp_path, "--seed", "1", "--save", "keep.json")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("keep.json holds another saved game. Overwrite it? [y/N]")
    child.sendline("n")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("mine.json")
    child.expect_exact("quit: game abandoned; saved to mine.json")
    child.expect(pexpect.EOF)
    child.close()
    assert keep.read_bytes() == before
    assert (tmp_path / "mine.json").is_file()

    child = play_terminal(tmp_path, "--seed", "1", "--save", "keep.json")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Overwrite it? [y/N]")
    child.sendline("y")
    child.expect_exact("quit: game abandoned; saved to keep.json")
    child.expect(pexpect.EOF)
    child.close()
    assert keep.read_bytes() != before


def test_the_end_of_the_game_asks_before_saving_over_another_game(tmp_path: Path) -> None:
    keep = tmp_path / "keep.json"
    before = _another_game(keep)
    child = play_terminal(tmp_path, "--seed", "1", "--save", "keep.json")
    child.expect_exact("player>")
    child.sendline("save")
    child.expect_exact("Overwrite it? [y/N]")
    child.sendline("n")
    child.expect_exact("player>")
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("y")  # refused before: not asked again
    child.expect_exact("The finished game is not saved to keep.json: it holds another saved game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert keep.read_bytes() == before

    child = play_terminal(tmp_path, "--seed", "1", "--save", "keep.json")
    child.expect_exact("player>")
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("keep.json holds another saved game. Overwrite it? [y/N]")
    child.sendline("y")
    child.expect_exact("The finished game is saved to keep.json.")
    child.expect(pexpect.EOF)
    child.close()
    assert "this game is over" in CliRunner().invoke(main, ["play", "--resume", str(keep)]).output


def test_from_a_script_a_save_file_holding_another_game_is_refused_before_the_game(
    tmp_path: Path,
) -> None:
    """--save naming another game's save: one line, exit 2, nothing played or written;
    with --overwrite the game is played and saved there."""
    keep = tmp_path / "keep.json"
    before = _another_game(keep)
    transcript = tmp_path / "t.jsonl"
    refusal = (
        f"error: --save: {keep} holds another saved game, which a script does not replace "
        "(--overwrite does); give another name\n"
    )
    for options, lines in (
        (["--seed", "1"], "quit\n"),
        (["--seed", "1"], "solve 241\n"),
        (["--seed", "9", "--players", "ann"], "quit\n"),  # other players
        (["--id", "02", "--seed", "9"], "quit\n"),  # another puzzle
    ):
        result = CliRunner().invoke(
            main, ["play", *options, "--save", str(keep), "--transcript", str(transcript)], lines
        )
        assert result.exit_code == 2, result.output
        assert result.stderr == refusal
        assert result.stdout == ""  # nothing played
        assert keep.read_bytes() == before and not transcript.exists()

    # a resumed game saved on under the other game's name: refused the same
    resumed = tmp_path / "mine.json"
    made = CliRunner().invoke(main, ["play", "--seed", "1", "--save", str(resumed)], "quit\n")
    assert made.exit_code == 1, made.output
    again = CliRunner().invoke(
        main, ["play", "--resume", str(resumed), "--save", str(keep)], "quit\n"
    )
    assert (again.exit_code, again.stderr, again.stdout) == (2, refusal, "")
    assert keep.read_bytes() == before

    replaced = CliRunner().invoke(
        main, ["play", "--seed", "1", "--save", str(keep), "--overwrite"], "c 123; test A\nquit\n"
    )
    assert replaced.exit_code == 1, replaced.output
    assert f"warning: {keep} holds another saved game, which this game's saves replace" in (
        replaced.stderr
    )
    assert f"quit: game abandoned; saved to {keep}" in replaced.stdout
    assert "player: 1 test, in the game" in (
        CliRunner().invoke(main, ["play", "--resume", str(keep)], "quit\n").output
    )


def test_from_a_script_a_save_file_holding_a_match_or_no_save_is_refused_before_the_game(
    tmp_path: Path,
) -> None:
    """A Mastermind match's save or a file that is no save, given as --save: refused by
    what it holds before the game, even with --overwrite (that replaces saved games of
    turing play only)."""
    match = tmp_path / "match.json"
    made = CliRunner().invoke(main, ["mastermind", "play", "--save", str(match)], "quit\n")
    assert made.exit_code == 1, made.output
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n", encoding="utf-8")
    for path, what in (
        (match, "it holds a saved Mastermind match"),
        (notes, "it exists and is not a saved game"),
    ):
        before = path.read_bytes()
        for extra in ([], ["--overwrite"]):
            result = CliRunner().invoke(main, ["play", "--save", str(path), *extra], "quit\n")
            assert result.exit_code == 2, result.output
            assert (
                result.stderr
                == f"error: --save: cannot save to {path}: {what}; give another name\n"
            )
            assert result.stdout == "" and path.read_bytes() == before


def test_the_board_asks_before_saving_over_another_game_and_leaves_it(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from turing.ui.board import BoardApp

    keep = tmp_path / "keep.json"
    before = _another_game(keep)
    session = Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1)
    session.save_path = keep

    async def play() -> None:
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            await pilot.press("w")
            assert await screen_is(pilot, app, "ConfirmScreen")
            await pilot.press("n")
            await pilot.pause(0.1)
            assert keep.read_bytes() == before
            await pilot.press("colon", *"solve", "space", *"241", "enter")
            assert await screen_is(pilot, app, "ConfirmScreen")
            await pilot.press("y")
            assert await screen_is(pilot, app, "MessageScreen")

    asyncio.run(play())
    assert session.end_saves_held == [keep]
    assert keep.read_bytes() == before


def test_a_yes_or_no_to_the_file_name_question_is_read_as_the_answer(tmp_path: Path) -> None:
    child = play_terminal(tmp_path, "--seed", "1")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("yes")
    child.expect_exact("Type the name of a file to save to, or press Enter not to save.")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("no")
    child.expect_exact("quit: game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert list(tmp_path.iterdir()) == []  # no file called "no", nor "yes"


@pytest.mark.parametrize(
    ("game", "prompt", "command", "typed"),
    [
        ("play", "player>", "giveup", "./giveup"),
        ("play", "player>", "give up", "'give up'"),
        ("mastermind play", "your guess", "give up", '"give up"'),
        ("play", "player>", "test 111 a", '"test 111 a"'),
        ("mastermind play", "your guess", "hint", "./hint"),
    ],
)
def test_a_command_typed_as_the_file_name_is_asked_again(
    tmp_path: Path, game: str, prompt: str, command: str, typed: str
) -> None:
    # a command typed at the wrong question is no file name; written as a path or quoted it is
    child = spawn_turing(
        *game.split(), "--seed", "1", env={"TERM": "xterm-256color", "NO_COLOR": "1",
        "PROMPT_TOOLKIT_NO_CPR": "1"}, size=(40, 120), timeout=60, cwd=tmp_path,
    )  # fmt: skip
    child.expect_exact(prompt)
    child.sendline("quit")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline(command)
    child.expect_exact(f"{command!r} is a command of the game, not a file name")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    assert list(tmp_path.iterdir()) == []
    child.sendline(typed)
    child.expect(r"saved to (\./)?" + re.escape(command))
    child.expect(pexpect.EOF)
    child.close()
    assert [p.name for p in tmp_path.iterdir()] == [command]


def test_in_german_nein_to_the_file_name_question_leaves_without_saving(tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "--lang", "de", "play", "--seed", "1", "--players", "anna"],
        cwd=str(tmp_path),
        env={**os.environ, "TERM": "xterm-256color", "NO_COLOR": "1",
             "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONPATH": str(ROOT)}, encoding="utf-8",
        timeout=60, dimensions=(40, 120),
    )  # fmt: skip
    child.expect_exact("anna>")
    child.sendline("quit")
    child.expect_exact("[j/N]")
    child.sendline("j")
    child.expect_exact("Vorher speichern?")
    child.sendline("nein")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "gespeichert" not in (child.before or "")
    assert list(tmp_path.iterdir()) == []


def test_quotes_around_a_typed_file_name_are_not_part_of_it(tmp_path: Path) -> None:
    scripted = tmp_path / "scripted"
    scripted.mkdir()
    result = CliRunner().invoke(
        main,
        ["play", "--seed", "1"],
        f"save \"{scripted}/my game.json\"\nsave '{scripted}/other.json'\nquit\n",
    )
    assert result.exit_code == 1, result.output
    assert sorted(p.name for p in scripted.iterdir()) == ["my game.json", "other.json"]
    child = play_terminal(tmp_path, "--seed", "1")
    child.expect_exact("player>")
    child.sendline('save "my game.json"')
    child.expect_exact("Saved to my game.json.")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("'left.json'")
    child.expect_exact("quit: game abandoned; saved to left.json")
    child.expect(pexpect.EOF)
    child.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["left.json", "my game.json", "scripted"]


def test_no_to_leaving_says_nothing_was_done(tmp_path: Path) -> None:
    child = play_terminal(tmp_path, "--seed", "1")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("n")
    child.expect_exact("Nothing done.")
    leave_unsaved(child, "player>")


def test_ctrl_c_at_the_file_name_question_stays_in_the_game(tmp_path: Path) -> None:
    child = play_terminal(tmp_path, "--seed", "1")
    child.expect_exact("player>")
    child.sendline("test 241 A")
    child.expect_exact("tests left this round")
    child.expect_exact("player>")
    child.sendcontrol("c")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendcontrol("c")
    child.expect_exact("Nothing done.")
    child.expect_exact("player>")  # the game goes on, its test kept
    child.sendline("save kept.json")
    child.expect_exact("Saved to kept.json")
    child.expect_exact("player>")
    # left after Ctrl-C: the status of an interrupt, as docs/play.md lists it
    child.sendcontrol("c")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("")
    child.expect_exact("interrupted: game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "kept.json")], "quit\n")
    assert "Resumed in round 1." in resumed.output and "241" in resumed.output


@pytest.mark.parametrize(
    ("sig", "status", "word"),
    [(signal.SIGHUP, 129, "hung up"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_closed_terminal_or_sigterm_saves_the_game_without_asking(
    tmp_path: Path, sig: signal.Signals, status: int, word: str
) -> None:
    child = play_terminal(tmp_path, "--seed", "1", "--save", "g.json", "--transcript", "t.jsonl")
    child.expect_exact("player>")
    child.sendline("c 123; test A")
    child.expect_exact("123 on A:")
    child.expect_exact("player>")
    child.kill(sig)
    child.expect_exact(f"{word}: game abandoned; saved to g.json")
    child.expect(pexpect.EOF)
    child.close()
    assert "Leave the game?" not in str(child.before)
    assert child.exitstatus == status
    last = json.loads((tmp_path / "t.jsonl").read_text().splitlines()[-1])
    assert last == {"event": "abandoned", "round": 1, "saved": True}
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "g.json")], "quit\n")
    assert "player: 1 test, in the game" in resumed.output


def test_sighup_saves_a_game_read_from_a_script(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "turing", "play", "--seed", "1", "--save", "g.json"],
        cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("c 123; test A\nnote B abc\n")
    proc.stdin.flush()
    while "Note on B" not in proc.stdout.readline():
        pass
    proc.send_signal(signal.SIGHUP)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 129
    assert "hung up: game abandoned; saved to g.json" in out
    assert (tmp_path / "g.json").is_file()


def test_sighup_on_the_board_saves_the_game(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "board", "--players", "ann,bob", "--save", "b.json"],
        cwd=str(tmp_path), env={**os.environ, "TERM": "xterm-256color",
                                "PYTHONPATH": str(ROOT)},
        encoding="utf-8", timeout=60, dimensions=(40, 120),
    )  # fmt: skip
    child.expect_exact(" Ready ")  # the board is up, covered for the first player
    child.kill(signal.SIGHUP)
    child.expect_exact("hung up: game abandoned; saved to b.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 129
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "b.json")], "quit\n")
    assert "Resumed in round 1." in resumed.output


#: A line read by prompt_toolkit when SIGTERM comes while its event loop runs a task of its
#: own (loading the line history), as it may when the signal comes just as the prompt shows.
SIGTERM_IN_A_PROMPT_TASK = """\
import asyncio, os, signal
from prompt_toolkit import PromptSession
from prompt_toolkit.history import History
from turing.cli.output import Terminated, _sigterm_raises

class Loading(History):
    async def load(self):
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.sleep(0.5)
        yield "c 123"

    def load_history_strings(self):
        return []

    def store_string(self, string):
        pass

with _sigterm_raises():
    try:
        PromptSession(history=Loading()).prompt("player> ")
    except Terminated:
        print("ended: terminated")
"""


def test_sigterm_while_the_prompt_loads_its_history_ends_the_line_being_read(
    tmp_path: Path,
) -> None:
    script = tmp_path / "prompt.py"
    script.write_text(SIGTERM_IN_A_PROMPT_TASK)
    child = pexpect.spawn(
        sys.executable, [str(script)], cwd=str(tmp_path),
        env={**os.environ, "TERM": "xterm-256color", "PROMPT_TOOLKIT_NO_CPR": "1",
             "PYTHONPATH": str(ROOT)}, encoding="utf-8", timeout=20, dimensions=(40, 120),
    )  # fmt: skip
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    shown = str(child.before)
    assert "ended: terminated" in shown, shown
    assert "Traceback" not in shown and "Press ENTER" not in shown, shown


def test_a_save_over_this_game_played_on_in_another_sitting_says_so(tmp_path: Path) -> None:
    """Two sittings of one saved game: the second to save is told the file holds this game
    played on another way (its moves there would be lost), not another game."""
    save = tmp_path / "g3.json"
    made = CliRunner().invoke(main, ["play", "--save", str(save)], "c 111\nt a\nquit\ny\n")
    assert save.is_file(), made.output
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "play", "--resume", "g3.json"], cwd=str(tmp_path),
        env={**os.environ, "TERM": "xterm-256color", "NO_COLOR": "1",
             "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONPATH": str(ROOT)}, encoding="utf-8",
        timeout=60, dimensions=(40, 120),
    )  # fmt: skip
    child.expect_exact("player>")
    other = CliRunner().invoke(main, ["play", "--resume", str(save)], "t b\nsave\nquit\ny\n")
    assert "Saved to" in other.output, other.output
    before = save.read_bytes()
    child.sendline("t c")
    child.expect_exact("player>")
    child.sendline("save")
    child.expect_exact(
        "g3.json holds this game played on another way in another sitting (its moves there "
        "would be lost). Overwrite it? [y/N]"
    )
    child.sendline("n")
    child.expect_exact("player>")
    assert save.read_bytes() == before
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
