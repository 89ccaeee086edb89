"""Saving and resuming a match on the Mastermind board (`turing mastermind board --save
FILE`, `--resume FILE`): the board saves after every step and on leaving, in the one save
format of `turing mastermind play` (a match saved on the board resumes at the prompt and
the reverse), v saves a match that has no save file, the leave dialog says what becomes of
the match, a finished match resumed says it is over, and the board never saves over a
match played on in another sitting, nor says it saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.pilot import run_async
from turing import i18n
from turing.cli.main import main
from turing.mastermind.match import Duel, Match, Phase, Seat
from turing.mastermind.presets import Preset, get_preset
from turing.mastermind.saves import Settings, load_save, write_save
from turing.mastermind.space import Code
from turing.mastermind.strategies import make_strategy

YOU = Seat("You", human=True)
COMPUTER = Seat("Computer", human=False, strategy="most-parts")


def classic_settings(seed: int = 5) -> Settings:
    """You break the computer's code in a one-game classic match, as `--games 1 --seed`."""
    return Settings.of(
        get_preset("classic"),
        (YOU, COMPUTER),
        duel=False,
        games=1,
        first_breaker=0,
        honour=False,
        seed=seed,
        entropy=seed,
    )


def board_app(
    settings: Settings,
    sitting: Match | Duel,
    save_path: Path | None = None,
    resumed: Path | None = None,
) -> Any:
    """The board as `turing mastermind board` builds it (with --save, or --resume)."""
    pytest.importorskip("textual")
    from turing.ui.mastermind_board import MastermindBoardApp

    return MastermindBoardApp(
        sitting,
        {"most-parts": make_strategy("most-parts", seed=settings.seed or 0)},
        settings=settings,
        save_path=None if save_path is None else str(save_path),
        resumed=None if resumed is None else str(resumed),
    )


def letters(preset: Preset, code: Code) -> list[str]:
    return [preset.palette.colour(s).key.lower() for s in code]


def digits(code: Code) -> str:
    return "".join(str(s + 1) for s in code)


def a_wrong_code(secret: Code) -> Code:
    return next(c for c in ((0, 0, 1, 1), (2, 2, 3, 3)) if c != secret)


@run_async
async def test_a_match_saved_on_the_board_resumes_at_the_prompt(tmp_path: Path) -> None:
    save = tmp_path / "board.json"
    settings = classic_settings()
    match = settings.match()
    assert isinstance(match, Match)
    app = board_app(settings, match, save_path=save)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        secret = match.secret
        assert secret is not None
        assert save.exists()  # saved from the first step on
        wrong = a_wrong_code(secret)
        await pilot.press(*letters(match.preset, wrong), "enter")
        await pilot.pause(0.05)
        # saved after the row: the save resumes with the row played
        assert load_save(str(save)).match.actions == match.actions
        await pilot.press("q")
        assert app.screen.question == f"Leave the match? It is saved to {save} first."
        await pilot.press("y")
    assert app.return_code == 1
    assert app.save_on_leaving() == (
        f"saved to {save} — resume with: turing mastermind board --resume {save}"
    )
    # the prompt takes it up where the board left it, with the same secret
    resumed = CliRunner().invoke(
        main, ["mastermind", "play", "--resume", str(save)], input=digits(secret) + "\n"
    )
    assert resumed.exit_code == 0, resumed.output
    assert f"Resumed from {save}: game 1" in resumed.output
    assert "You cracked the code in 2 rows" in resumed.output
    assert resumed.output.rstrip().endswith(f"The finished match is saved to {save}.")
    # the finished match resumed on the board says it is over, and writes nothing
    before = save.read_bytes()
    over = CliRunner().invoke(main, ["mastermind", "board", "--resume", str(save)])
    assert over.exit_code == 0, over.output
    # told again: each game's rows and its secret, then the score
    lines = over.output.splitlines()
    assert lines[0] == f"The match saved in {save} is over."
    assert lines[1] == "Game 1 of 1: codemaker Computer, codebreaker You."
    assert "You cracked the code in 2 rows; 2 points to the computer." in lines
    assert f"The computer's code was {' '.join(letters(match.preset, secret)).upper()}." in lines
    assert lines[-1] == "Final score: You: 0, Computer: 2; the computer wins."
    assert save.read_bytes() == before


@run_async
async def test_a_match_saved_at_the_prompt_resumes_on_the_board(tmp_path: Path) -> None:
    save = tmp_path / "prompt.json"
    options = ["--preset", "classic", "--games", "1", "--seed", "5", "--save", str(save)]
    settings = classic_settings()
    probe = settings.match()
    assert isinstance(probe, Match)
    probe.start()
    secret = probe.secret
    assert secret is not None
    wrong = a_wrong_code(secret)
    first = CliRunner().invoke(main, ["mastermind", "play", *options], input=digits(wrong) + "\n")
    assert first.exit_code == 1, first.output
    loaded = load_save(str(save))
    match = loaded.match
    assert isinstance(match, Match) and len(match.rows) == 1
    app = board_app(loaded.settings, match, save_path=save, resumed=save)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        assert app.message.startswith(f"Resumed from {save}: game 1 of 1.")
        assert app.mode == "guess" and "row 2 of 10" in app.query_one("#entry").render().plain
        await pilot.press(*letters(match.preset, secret), "enter")
        await pilot.pause(0.05)
        assert app.ended is not None and app.ended.last
    # the end is saved: resumed, the match is over
    assert load_save(str(save)).match.phase is Phase.OVER
    over = CliRunner().invoke(main, ["mastermind", "play", "--resume", str(save)])
    assert over.exit_code == 0
    assert over.output.startswith(f"The match saved in {save} is over.\n")


@run_async
async def test_without_a_save_file_v_saves_and_the_leave_dialog_says_so(tmp_path: Path) -> None:
    settings = classic_settings()
    match = settings.match()
    assert isinstance(match, Match)
    app = board_app(settings, match)
    target = tmp_path / "later.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("q")
        assert app.screen.question == "Leave the match? (v saves it first.)"
        await pilot.press("n")
        await pilot.press("v")
        await pilot.pause(0.05)
        assert type(app.screen).__name__ == "AskFileScreen"
        # a folder is refused in the dialog, which stays open
        await pilot.press(*str(tmp_path), "enter")
        await pilot.pause(0.05)
        assert type(app.screen).__name__ == "AskFileScreen"
        await pilot.press("ctrl+u", *str(target), "enter")
        await pilot.pause(0.05)
        assert app.message == f"Saved to {target}."
        assert load_save(str(target)).match.actions == match.actions
        # from now on the match is saved there, after every step and on leaving
        assert match.secret is not None
        await pilot.press(*letters(match.preset, a_wrong_code(match.secret)), "enter")
        await pilot.pause(0.05)
        assert load_save(str(target)).match.actions == match.actions
        await pilot.press("q")
        assert app.screen.question == f"Leave the match? It is saved to {target} first."
        await pilot.press("y")
    assert app.return_code == 1


@run_async
async def test_v_in_the_leave_dialog_saves_then_leaves(tmp_path: Path) -> None:
    settings = classic_settings()
    match = settings.match()
    app = board_app(settings, match)
    target = tmp_path / "left.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("q")
        assert app.screen.question == "Leave the match? (v saves it first.)"
        await pilot.press("v")
        await pilot.pause(0.05)
        assert type(app.screen).__name__ == "AskFileScreen"
        await pilot.press(*str(target), "enter")
        await pilot.pause(0.2)
    assert app.return_code == 1
    assert load_save(str(target)).match.actions == match.actions


@run_async
async def test_v_asks_before_it_saves_over_another_match(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other_settings = classic_settings(seed=9)
    other_match = other_settings.match()
    other_match.start()
    write_save(other, other_settings, other_match)
    before = other.read_bytes()
    settings = classic_settings()
    match = settings.match()
    app = board_app(settings, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        await pilot.press("v", *str(other), "enter")
        await pilot.pause(0.05)
        assert app.screen.question == f"{other} holds another saved match. Overwrite it?"
        await pilot.press("n")
        assert app.message == "Nothing done." and other.read_bytes() == before
        await pilot.press("v", *str(other), "enter")
        await pilot.pause(0.05)
        await pilot.press("y")
        await pilot.pause(0.05)
        assert app.message == f"Saved to {other}."
    assert load_save(str(other)).settings == settings


@run_async
async def test_in_german_the_leave_dialog_offers_to_save() -> None:
    settings = classic_settings()
    app = board_app(settings, settings.match())
    i18n.set_language("de")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("q")
            assert app.screen.question == "Die Partie verlassen? (v speichert sie vorher.)"
            await pilot.press("n")
    finally:
        i18n.set_language("en")


@run_async
async def test_ctrl_c_leaves_as_q_does_and_saves(tmp_path: Path) -> None:
    """Ctrl-C asks as q does (in the player's language; textual's note to press Ctrl-Q is
    not shown), over any dialog; yes leaves with the match saved."""
    save = tmp_path / "m.json"
    settings = classic_settings()
    match = settings.match()
    assert isinstance(match, Match)
    app = board_app(settings, match, save_path=save)
    i18n.set_language("de")
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            secret = match.secret
            assert secret is not None
            await pilot.press(*letters(match.preset, a_wrong_code(secret)), "enter")
            await pilot.pause(0.05)
            await pilot.press("ctrl+c")
            assert app.screen.question == (
                f"Die Partie verlassen? Sie wird vorher in {save} gespeichert."
            )
            assert not app._notifications  # no "Do you want to quit?"
            await pilot.press("ctrl+c")  # asked once
            assert len(app.screen_stack) == 2
            await pilot.press("n")
            assert app.screen is app.screen_stack[0] and app.return_code is None
            await pilot.press("x")  # the question to give up
            await pilot.pause(0.05)
            assert app.screen.question.startswith("Dieses Spiel aufgeben?")
            await pilot.press("ctrl+c")
            await pilot.pause(0.05)
            assert len(app.screen_stack) == 3
            assert app.screen.question.startswith("Die Partie verlassen?")
            await pilot.press("j")
    finally:
        i18n.set_language("en")
    assert app.return_code == 1
    assert not app._notifications
    assert load_save(str(save)).match.actions == match.actions


@run_async
async def test_the_board_never_saves_over_a_row_played_in_another_sitting(tmp_path: Path) -> None:
    """Another sitting resumed from the board's save plays row 2 there: v on the board
    says the file holds the match further on and writes nothing, and so does leaving,
    which offers no other file (it would hold nothing the file does not)."""
    save = tmp_path / "b.json"
    settings = classic_settings()
    match = settings.match()
    assert isinstance(match, Match)
    app = board_app(settings, match, save_path=save)
    refusal = f"not saved: another sitting played this match further on in {save}"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        secret = match.secret
        assert secret is not None
        await pilot.press(*letters(match.preset, a_wrong_code(secret)), "enter")
        await pilot.pause(0.05)
        other = next(c for c in ((4, 4, 5, 5), (5, 5, 4, 4)) if c != secret)
        went_on = CliRunner().invoke(
            main, ["mastermind", "play", "--resume", str(save)], input=digits(other) + "\nquit\n"
        )
        assert went_on.exit_code == 1, went_on.output
        kept = save.read_bytes()
        await pilot.press("v")
        await pilot.pause(0.05)
        assert app.message == f"error: {refusal}"
        await pilot.press("q")
        assert app.screen.question == "Leave the match? It is not saved."
        await pilot.press("y")
    assert app.return_code == 1
    assert app.save_on_leaving() == refusal
    assert save.read_bytes() == kept


@run_async
async def test_rows_played_another_way_than_in_another_sitting_are_offered_another_file(
    tmp_path: Path,
) -> None:
    """Another sitting resumed from the board's save plays row 2 there, the board its own
    row 2: the board says the file holds the match played another way, and its rows, held
    nowhere, are offered another file, by v and in the question before leaving."""
    save, target = tmp_path / "b.json", tmp_path / "mine.json"
    settings = classic_settings()
    match = settings.match()
    assert isinstance(match, Match)
    app = board_app(settings, match, save_path=save)
    refusal = f"not saved: another sitting played this match another way in {save}"
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.1)
        secret = match.secret
        assert secret is not None
        await pilot.press(*letters(match.preset, a_wrong_code(secret)), "enter")
        await pilot.pause(0.05)
        other = next(c for c in ((4, 4, 5, 5), (5, 5, 4, 4)) if c != secret)
        went_on = CliRunner().invoke(
            main, ["mastermind", "play", "--resume", str(save)], input=digits(other) + "\nquit\n"
        )
        assert went_on.exit_code == 1, went_on.output
        kept = save.read_bytes()
        mine = next(c for c in ((1, 1, 2, 2), (3, 3, 0, 0)) if c != secret)
        await pilot.press(*letters(match.preset, mine), "enter")
        await pilot.pause(0.05)
        assert refusal in app.message
        await pilot.press("q")
        assert app.screen.question == "Leave the match? (v saves it first.)"
        await pilot.press("v")
        await pilot.pause(0.05)
        assert type(app.screen).__name__ == "AskFileScreen"
        await pilot.press(*str(target), "enter")
        await pilot.pause(0.2)
    assert app.return_code == 1
    assert save.read_bytes() == kept
    assert load_save(str(target)).match.actions == match.actions
    assert len(match.actions) == len(load_save(str(save)).match.actions)


def test_the_command_checks_save_and_resume_as_play_does(tmp_path: Path) -> None:
    pytest.importorskip("textual")
    runner = CliRunner()
    save = tmp_path / "m.json"
    result = runner.invoke(
        main, ["mastermind", "play", "--games", "1", "--seed", "5", "--save", str(save)]
    )
    assert result.exit_code == 1 and save.exists()
    result = runner.invoke(
        main, ["mastermind", "board", "--resume", str(save), "--preset", "logik", "--seed", "3"]
    )
    assert result.exit_code == 2
    assert result.output == (
        "error: --resume continues the saved match as it was; drop --preset, --seed\n"
    )
    result = runner.invoke(main, ["mastermind", "board", "--save", str(tmp_path)])
    assert result.exit_code == 2 and result.output.startswith("error: --save: ")
    broken = tmp_path / "broken.json"
    broken.write_text("{}")
    result = runner.invoke(main, ["mastermind", "board", "--resume", str(broken)])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert broken.read_text() == "{}"
    # a script never saves over another match
    result = runner.invoke(main, ["mastermind", "board", "--seed", "9", "--save", str(save)])
    assert result.exit_code == 2
    assert f"--save: {save} holds another saved match; give another name" in result.output


def test_the_board_at_a_terminal_saves_on_leaving_and_resumes(
    tmp_path: Path, children: list[Any]
) -> None:
    """The real command in a pseudo-terminal: q, yes leaves with the match saved, and the
    save resumes on the board where it was."""
    pytest.importorskip("textual")
    import pexpect  # type: ignore[import-untyped]

    from testsupport.cli import spawn_turing

    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    args = ["mastermind", "board", "--games", "1", "--seed", "5", "--save", "m.json"]
    child = spawn_turing(*args, env=env, size=(30, 100), timeout=60, cwd=tmp_path)
    children.append(child)
    child.expect("row 1 of 10")
    child.send("q")
    child.expect("It is saved to m.json first.")
    child.send("y")
    child.expect(
        "quit: match abandoned; saved to m.json — resume with: turing mastermind board "
        "--resume m.json"
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert load_save(str(tmp_path / "m.json")).match.game == 1
    again = spawn_turing(
        "mastermind",
        "board",
        "--resume",
        "m.json",
        env=env,
        size=(30, 100),
        timeout=60,
        cwd=tmp_path,
    )
    children.append(again)
    again.expect("Resumed from m.json: game 1 of 1.")
    again.send("q")
    again.expect("It is saved to m.json first.")
    again.send("y")
    again.expect("quit: match abandoned; saved to m.json")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 1


@run_async
async def test_the_footer_shows_its_keys_before_the_app_has_the_focus() -> None:
    """In a browser page the board starts without the focus (until a key is typed into
    the page): its footer shows its keys all the same."""
    from textual.app import App

    settings = classic_settings()
    app = board_app(settings, settings.match())
    app.set_reactive(App.app_focus, False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        assert app.query("FooterKey")


def test_the_board_writes_the_transcript_its_save_names(
    tmp_path: Path, children: list[Any]
) -> None:
    """`mastermind board --transcript`: each row as it is played, no secret, an
    ``abandoned`` event when the match is left saved; resumed without --transcript, the
    board goes on writing the transcript its save names."""
    pytest.importorskip("textual")
    import json

    import pexpect

    from testsupport.cli import spawn_turing

    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    args = ["mastermind", "board", "--games", "1", "--seed", "5", "--save", "m.json"]
    child = spawn_turing(
        *args, "--transcript", "m.jsonl", env=env, size=(30, 100), timeout=60, cwd=tmp_path
    )
    children.append(child)
    child.expect("row 1 of 10")
    child.send("RGBY")
    child.send("\r")
    child.expect("row 2 of 10")
    child.send("q")
    child.expect("It is saved to m.json first.")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    transcript = tmp_path / "m.jsonl"
    found = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert [r["event"] for r in found] == ["start", "row", "abandoned"]
    assert found[1]["guess"] == "RGBY"
    assert found[2] == {"event": "abandoned", "game": 1, "saved": True}
    assert '"secret"' not in transcript.read_text()
    transcript.unlink()  # written again whole by the resumed board, from the path saved
    again = spawn_turing(
        "mastermind",
        "board",
        "--resume",
        "m.json",
        env=env,
        size=(30, 100),
        timeout=60,
        cwd=tmp_path,
    )
    children.append(again)
    again.expect("Resumed from m.json: game 1 of 1.")
    again.send("q")
    again.expect("It is saved to m.json first.")
    again.send("y")
    again.expect(pexpect.EOF)
    again.close()
    found = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert [r["event"] for r in found] == ["start", "row", "abandoned"]
    assert found[1]["guess"] == "RGBY"
