"""What a player types as free text at `turing play`'s prompt, on the board and in
Mastermind: nothing typed may put into a game what its save refuses (a control,
text-direction or invisible character), so every save written resumes; a note has a
length limit, and a save with a longer one (from before the limit) still resumes."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.play.game import MAX_NOTE


def play(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=script)


def errors_of(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("error: ")]


@pytest.mark.parametrize(
    ("char", "what"),
    [
        ("\u202e", "a text-direction character"),
        ("\u200e", "a text-direction character"),
        ("\u2066", "a text-direction character"),
        ("\u061c", "a text-direction character"),
        ("\u200b", "an invisible character"),
        ("\ufeff", "an invisible character"),
        ("\u00ad", "an invisible character"),
    ],
)
def test_a_note_with_a_character_a_save_refuses_is_refused_and_the_save_resumes(
    tmp_path: Path, char: str, what: str
) -> None:
    save = tmp_path / "g.json"
    result = play(["--save", str(save)], f"note A x{char}evil\nnote B fine\nsave\n")
    assert save.exists(), result.output
    code = f"U+{ord(char):04X}"
    assert errors_of(result) == [f"error: line 1: a line with {code}, {what}, was skipped"]
    assert char not in result.output  # never echoed nor shown in a note
    resumed = play(["--resume", str(save)], "show\n")
    assert resumed.exit_code != 2, resumed.output
    assert "Notes: B: fine" in resumed.output and "evil" not in resumed.output


@pytest.mark.parametrize("char", ["\u0085", "\u2028"])
def test_a_line_break_in_a_line_is_refused_as_a_control_character(char: str) -> None:
    result = play([], f"note A x{char}y\n")
    assert errors_of(result) == ["error: line 1: a line with control characters was skipped"]


def test_a_joiner_of_writing_is_kept_in_a_note_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    note = "woman at laptop 👩\u200d💻"
    play(["--save", str(save)], f"note A {note}\nsave\n")
    resumed = play(["--resume", str(save)], "show\n")
    assert resumed.exit_code != 2, resumed.output
    assert f"A: {note}" in resumed.output


def test_a_note_too_long_is_refused_and_one_at_the_limit_kept() -> None:
    long = "y" * (MAX_NOTE + 1)
    at_limit = "z" * MAX_NOTE
    result = play([], f"note A {long}\nnote B {at_limit}\nshow\n")
    assert errors_of(result) == [
        f"error: line 1: a note holds at most {MAX_NOTE} characters, not {MAX_NOTE + 1}: shorten it"
    ]
    assert "Note on A" not in result.output and "A: y" not in result.output
    assert f"Notes: B: {at_limit}" in result.output


def test_a_save_with_a_long_note_from_before_the_limit_still_resumes(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    play(["--save", str(save)], "note A short\nsave\n")
    outer = json.loads(save.read_text(encoding="utf-8"))
    inner = json.loads(zlib.decompress(base64.b64decode(outer["packed"])))
    long = "w" * 300
    inner["game"]["notes"]["player"]["text"]["A"] = long
    outer["packed"] = base64.b64encode(zlib.compress(json.dumps(inner).encode())).decode()
    save.write_text(json.dumps(outer), encoding="utf-8")
    resumed = play(["--resume", str(save)], "show\n")
    assert resumed.exit_code != 2, resumed.output
    assert long in resumed.output


def test_the_board_command_line_refuses_a_note_a_save_refuses() -> None:
    pytest.importorskip("textual")
    from textual.widgets import Input

    from testsupport.pilot import run_async
    from testsupport.pilot import settled as settle
    from turing.core.cards import load_cardset
    from turing.core.puzzle import load_puzzle
    from turing.play.game import sample_puzzle_path
    from turing.play.session import Session, parse_players
    from turing.ui.board import BoardApp

    session = Session.new(
        load_puzzle(sample_puzzle_path()), load_cardset("classic"), parse_players(None), seed=1
    )

    @run_async
    async def drive() -> None:
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("colon")
            app.query_one("#command", Input).value = "note A x\u202eevil"  # as pasted
            await pilot.press("enter")
            await settle(pilot, app)
            assert "U+202E" in app.message
            for field, text, said in (
                ("#note-1", "z\u200bz", "U+200B"),
                ("#note-2", "q" * (MAX_NOTE + 1), f"at most {MAX_NOTE} characters"),
            ):
                await pilot.click(field)
                app.query_one(field, Input).value = text
                await pilot.press("enter")
                await settle(pilot, app)
                assert said in app.message
                assert app.query_one(field, Input).value == ""  # the note kept is shown
            await pilot.press("q")

    drive()
    assert session.game.notes("player").text == {}


def test_mastermind_refuses_a_line_with_a_text_direction_character() -> None:
    data = "R\u202eYGB\nR\u200bYGB\nquit\n".encode()
    result = CliRunner().invoke(main, ["mastermind", "play", "--games", "1"], input=data)
    assert result.stderr.splitlines() == [
        "error: line 1: a line with U+202E, a text-direction character, was skipped",
        "error: line 2: a line with U+200B, an invisible character, was skipped",
        "quit: match abandoned",
    ]
    assert "\u202e" not in result.output and "\u200b" not in result.output


def test_a_tab_between_words_is_a_space() -> None:
    result = play([], "\ttest\t241\tA\nnote\tB\tyellow\tis 4\nhelp\tnote\nhint;\tt\tb\nshow\n")
    assert errors_of(result) == []
    assert "241 on A: ✔" in result.output
    assert "Note on B: yellow is 4" in result.output  # the tab in the note a space
    assert "note V TEXT: set your note" in result.output
    assert "241 on B: " in result.output
    assert "Notes: B: yellow is 4" in result.output


def test_a_tab_in_a_note_on_the_board_command_line_is_a_space() -> None:
    pytest.importorskip("textual")
    from textual.widgets import Input

    from testsupport.pilot import run_async
    from testsupport.pilot import settled as settle
    from turing.core.cards import load_cardset
    from turing.core.puzzle import load_puzzle
    from turing.play.game import sample_puzzle_path
    from turing.play.session import Session, parse_players
    from turing.ui.board import BoardApp

    session = Session.new(
        load_puzzle(sample_puzzle_path()), load_cardset("classic"), parse_players(None), seed=1
    )

    @run_async
    async def drive() -> None:
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("colon")
            app.query_one("#command", Input).value = "note\tA\tblue\tsmall"  # as pasted
            await pilot.press("enter")
            await settle(pilot, app)
            await pilot.press("q")

    drive()
    assert session.game.notes("player").text == {0: "blue small"}


def test_the_board_draws_the_usage_of_test_as_the_prompt_says_it() -> None:
    pytest.importorskip("textual")
    from textual.widgets import Static

    from testsupport.pilot import run_async, typed
    from testsupport.pilot import settled as settle
    from turing.core.cards import load_cardset
    from turing.core.puzzle import load_puzzle
    from turing.play.game import sample_puzzle_path
    from turing.play.session import Session, parse_players
    from turing.ui.board import BoardApp

    said = play([], "test\n")
    assert "error: line 1: name the verifiers to test (usage: test [CODE] V [V [V]])" in (
        said.output
    )
    session = Session.new(
        load_puzzle(sample_puzzle_path()), load_cardset("classic"), parse_players(None), seed=1
    )
    drawn: list[str] = []

    @run_async
    async def drive() -> None:
        app = BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("colon")
            await typed(pilot, "test")
            await settle(pilot, app)
            drawn.append(str(app.query_one("#message", Static).render()))
            await pilot.press("q")

    drive()
    assert drawn == ["error: name the verifiers to test (usage: test [CODE] V [V [V]])"]


@pytest.mark.parametrize("puzzle", ["03-X", "02-N"])  # extreme, nightmare
def test_where_a_criterion_is_named_by_its_card_only_that_form_is_offered(puzzle: str) -> None:
    result = play(["--id", puzzle], "help strike\nstrike 4\nunstrike 4\nhelp unstrike\nhelp\n")
    lines = result.output.splitlines()
    assert "strike CARD.K: strike criterion K of card CARD on the table" in lines
    assert "unstrike CARD.K: take a strike back" in lines
    assert errors_of(result) == [
        "error: line 2: cannot read '4' (usage: strike CARD.K)",
        "error: line 3: cannot read '4' (usage: unstrike CARD.K)",
    ]
    listed = [
        " ".join(line.split()) for line in lines if line.startswith(("  strike ", "  unstrike "))
    ]
    assert listed == [
        "strike strike a criterion of a card on the table: strike CARD.K",
        "unstrike take a strike back: unstrike CARD.K",
    ]
    assert "A 2" not in result.output and "V K" not in result.output


@pytest.mark.parametrize(
    ("puzzle", "strike", "unstrike"),
    [
        (
            "01",
            "Kriterium einer Prüferkarte streichen: streiche A 2 oder KARTE.K",
            "eine Streichung zurücknehmen: zurück A 2 oder KARTE.K",
        ),
        (
            "03-X",
            "Kriterium einer Karte auf dem Tisch streichen: streiche KARTE.K",
            "eine Streichung zurücknehmen: zurück KARTE.K",
        ),
        (
            "02-N",
            "Kriterium einer Karte auf dem Tisch streichen: streiche KARTE.K",
            "eine Streichung zurücknehmen: zurück KARTE.K",
        ),
    ],
)
def test_in_german_the_list_shows_the_strike_forms_of_the_mode(
    puzzle: str, strike: str, unstrike: str
) -> None:
    result = CliRunner(env={"TURING_LANG": "de"}).invoke(
        main, ["play", "--id", puzzle], input="hilfe\n"
    )
    lines = [line.strip() for line in result.output.splitlines()]
    assert f"streiche   {strike}" in lines
    assert f"zurück     {unstrike}" in lines
    listed = [line for line in result.output.splitlines() if line.startswith("  streiche ")]
    assert len(listed) == 1 and len(listed[0]) <= 80  # the list fits 80 columns


def test_a_game_without_hints_marks_hint_off_in_the_help() -> None:
    result = play(["--no-hints"], "help\nhelp hint\n")
    lines = result.output.splitlines()
    assert "  hint      off: this game is played without hints" in lines
    assert any(
        line.startswith("hint [best]: ")
        and line.endswith("(off: this game is played without hints)")
        for line in lines
    )
    with_hints = play([], "help\n")
    assert "off: this game" not in with_hints.output


def test_help_tells_a_command_of_two_words() -> None:
    result = play([], "help gib auf\nhelp Give Up\nhelp gib\n")
    told = "giveup: leave the running (solo: the solution is shown at once)"
    assert result.output.splitlines().count(told) == 2
    assert errors_of(result) == ["error: line 3: no command 'gib' (type help for the list)"]


def test_lines_after_the_end_of_a_game_are_said_once_not_to_be_read() -> None:
    result = play([], "giveup\nshow\n\n# a comment\ncompose 111\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == ["note: the game is over; 2 more lines were not read"]
    assert "Code for round" not in result.output
    one = play([], "solve 241\nshow")  # the last line without its line end
    assert one.stderr.splitlines() == ["note: the game is over; 1 more line was not read"]
    ended = play([], "giveup\n\n# done\n")
    assert ended.stderr == ""
    german = CliRunner(env={"TURING_LANG": "de"}).invoke(
        main, ["play"], input="aufgeben\nzeige\nzeige\n"
    )
    assert german.stderr.splitlines() == [
        "Notiz: das Spiel ist zu Ende; 2 weitere Zeilen wurden nicht gelesen"
    ]


def test_a_pipe_still_open_after_the_end_of_a_game_is_not_waited_for(tmp_path: Path) -> None:
    # the writer keeps the pipe open: the game ends at once, counting what was written
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-m", "turing", "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
    )
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    child.stdin.write(b"giveup\nshow\n")
    child.stdin.flush()
    try:
        assert child.wait(timeout=60) == 0  # the pipe is still open
    finally:
        child.stdin.close()
        child.kill()
    assert "player gives up" in child.stdout.read().decode()
    said = child.stderr.read().decode().splitlines()
    assert said in ([], ["note: the game is over; 1 more line was not read"])
