"""The board (`turing board`): whole games driven through Textual's pilot, by keys and by
clicks, hot-seat with the cover screen, the hidden-information checks on the rendered
screens of nightmare and extreme, save on the board and resume at the prompt (and back),
and snapshots of the main screens (the board in a browser: test_ui_browser.py)."""

from __future__ import annotations

import html
import io
import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner
from rich.console import Console
from textual.geometry import Region

from testsupport.pilot import run_async, screen_is, typed
from testsupport.pilot import screen_text as shown
from testsupport.pilot import settled as settle
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import iter_puzzle_file, load_puzzle, puzzle_from_dict
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, load_save, parse_players

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # 01: solution 241
ROOT = Path(__file__).resolve().parent.parent.parent


def board_module() -> Any:
    pytest.importorskip("textual")
    from turing.ui import board

    return board


def session_of(puzzle: Any = SAMPLE, players: str | None = None, seed: int = 1) -> Session:
    return Session.new(puzzle, CLASSIC, parse_players(players), seed=seed)


def final_winners(app: Any) -> tuple[str, ...]:
    result: tuple[str, ...] = app.session.game.result().winners
    return result


# -- the session's part ------------------------------------------------------------------------


def test_best_test_counts_only_when_the_view_says_so() -> None:
    session = session_of()
    found = session.best_test("player", count=False)
    assert session.game.hints_used("player") == 0
    counted = session.count_best_test("player", found)
    assert session.game.hints_used("player") == 1
    assert counted.used == 1 and counted.code == found.code
    again = session.best_test("player")  # the same answer, nothing played since: free
    assert session.game.hints_used("player") == 1 and again.again
    list(session.run(session.plan("player", f"compose {found.code}")))
    session.best_test("player")  # a code composed since: counted
    assert session.game.hints_used("player") == 2


# -- whole games -------------------------------------------------------------------------------


@run_async
async def test_a_solo_give_up_ends_with_its_summary_line() -> None:
    """As a wrong solve ends with "Not solved: …", so does a give-up, saying why."""
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "giveup")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")  # the reveal
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        text = await shown(pilot, app)
        assert "Not solved: you gave up." in text
        await pilot.press("q")
    assert app.return_code == 0


@run_async
async def test_the_result_on_a_terminal_too_small_for_it_gives_the_boards_notice() -> None:
    board = board_module()
    session = session_of(players="ann,bob")
    list(session.run(session.plan("ann", "giveup")))
    list(session.run(session.plan("bob", "giveup")))
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        for _ in range(3):  # the round's reveal, before the result
            if await screen_is(pilot, app, "FinalScreen"):
                break
            await pilot.press("enter")
            await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        assert "gave up" in await shown(pilot, app)
        await pilot.resize_terminal(60, 18)
        text = " ".join((await shown(pilot, app)).split())  # the notice wrapped joined again
        assert "too small for the board (needs at least 80×24)" in text, text
        assert "gave up" not in text  # not the table cut off
        await pilot.resize_terminal(80, 24)
        text = await shown(pilot, app)
        assert "too small" not in text and "gave up" in text
        await pilot.resize_terminal(60, 18)
        await pilot.press("q")  # under the notice, q leaves
    assert app.return_code == 0


@run_async
async def test_classic_solo_to_a_win_by_keys() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a", "b")
        assert [t.result for t in session.game.view("player").tests] == [True, True]
        assert "241 on B: ✔" in app.message
        await pilot.press("x")
        await typed(pilot, "A 2")  # strike criterion 2 of verifier A
        assert (4, 2) in session.game.notes("player").struck
        await pilot.press("m")
        await typed(pilot, "b 2 yes")
        assert session.game.notes("player").grid[("b", 2)] is True
        await pilot.press("n")  # done testing
        assert session.game.phase("player") == "decide"
        assert app.query_one("#test-2").disabled  # no test after done
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")  # the reveal
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        text = await shown(pilot, app)
        assert "player wins: solved it." in text
        assert "Puzzle code to share:" in text
        await pilot.press("q")
    assert app.return_code == 0
    assert final_winners(app) == ("player",)


@run_async
async def test_classic_solo_to_a_win_by_the_keyboard_cursor_alone() -> None:
    """Strikes and grid marks by the cursor (Tab, arrows, space): no command line, no mouse."""
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    notes = session.game.notes("player")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("tab")  # the cursor on the criteria: card 4, criterion 1
        assert app.zone == "criteria" and "card 4, criterion 1" in app.message
        await pilot.press("right", "space")
        assert notes.struck == {(4, 2)}
        await pilot.press("down", "space")  # the criterion drawn below it: card 9's first
        assert notes.struck == {(4, 2), (9, 1)}
        await pilot.press("space")  # space again takes the strike back
        assert notes.struck == {(4, 2)}
        await pilot.press("up", "up", "space")  # up from the first card: it stays there
        assert notes.struck == {(4, 1), (4, 2)}
        await pilot.press("tab")  # the grid: ▲ 1
        await pilot.press("down", "right", "space")
        assert notes.grid[("y", 2)] is True
        await pilot.press("space")
        assert notes.grid[("y", 2)] is False
        await pilot.press("shift+tab", "shift+tab")  # back to the picker
        assert app.zone == "picker"
        await pilot.press("2", "4", "1", "a", "b", "c")
        assert len(session.game.view("player").tests) == 3
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        await pilot.press("q")
    assert app.return_code == 0
    assert final_winners(app) == ("player",)


@run_async
async def test_tab_in_a_note_field_stays_with_the_fields() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.click("#note-0")
        await pilot.press("tab")
        assert app.zone == "picker"  # Tab moved the focus on, not the cursor


@run_async
async def test_classic_solo_to_a_win_by_clicks() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        picker = app.query_one("#picker")
        # the picker reads "Code  ▲ d   ■ d   ● d ": clicking a shape steps its digit
        for slot, clicks in ((0, 2), (1, 4), (2, 1)):
            for _ in range(clicks):
                await pilot.click(picker, offset=(7 + 6 * slot, 0))
        assert app.picker.digits == [2, 4, 1]
        await pilot.click("#test-0")
        await pilot.click("#test-0")  # the same verifier twice: greyed, nothing happens
        assert len(session.game.view("player").tests) == 1
        assert app.query_one("#test-0").disabled
        await pilot.click("#test-1")
        await pilot.click("#test-2")
        assert app.query_one("#test-3").disabled  # a 4th test
        assert len(session.game.view("player").tests) == 3
        grid = app.query_one("#grid")
        # the grid reads "▲ blue     ·  ·  …" under "1  2  …": the dot under the 1
        digit_1 = str(grid.render()).splitlines()[0].index("1")
        await pilot.click(grid, offset=(digit_1, 1))  # ▲ blue, digit 1
        assert session.game.notes("player").grid[("b", 1)] is True
        await pilot.click(grid, offset=(digit_1, 1))
        assert session.game.notes("player").grid[("b", 1)] is False
        await pilot.click("#card-4", offset=(1, 1))  # criterion 1 of card 4
        assert (4, 1) in session.game.notes("player").struck
        await pilot.click("#card-4", offset=(1, 1))
        assert (4, 1) not in session.game.notes("player").struck
        await pilot.click("#do-solve")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.click("#confirm-yes")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.click("#message-ok")
        await settle(pilot, app)
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        await pilot.click("#final-leave")
    assert final_winners(app) == ("player",)


@run_async
async def test_a_note_on_the_o_line_keeps_its_semicolons() -> None:
    """The line o opens takes a note as the prompt does: ';' in it is part of the note."""
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await typed(pilot, "A y<4; maybe 3")
        assert session.game.notes("player").text == {0: "y<4; maybe 3"}
        assert "unknown command" not in await shown(pilot, app)


@run_async
async def test_hot_seat_with_an_elimination_and_the_cover_screen() -> None:
    board = board_module()
    session = session_of(players="ann,bob")
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert await screen_is(pilot, app, "CoverScreen")
        assert "Pass the keyboard to ann" in await shown(pilot, app)
        await pilot.press("enter")
        await pilot.press("o")
        await typed(pilot, "A ann-secret-note")
        await pilot.press("1", "1", "1", "a")
        assert session.game.notes("ann").text == {0: "ann-secret-note"}
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")  # 111 is wrong
        assert await screen_is(pilot, app, "CoverScreen")
        text = await shown(pilot, app)
        assert "Pass the keyboard to bob" in text
        assert "ann-secret-note" not in text and "111" not in text
        await pilot.press("enter")
        text = await shown(pilot, app)
        # ann's test of this round waits for its reveal
        assert "bob" in text and "ann 0" in text and "ann 1" not in text, text[-3000:]
        assert "ann-secret-note" not in text and "111" not in text
        await pilot.press("p")
        assert await screen_is(pilot, app, "MessageScreen")
        assert "ann submitted 111 — wrong; ann is out" in await shown(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        assert "bob wins: is the last player left." in await shown(pilot, app)
    assert final_winners(app) == ("bob",)


@run_async
async def test_one_person_left_among_bots_plays_on_without_the_cover_screen() -> None:
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / "puzzles/nightmare.yaml")))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players("ann,bob,bot:random"), 2)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await pilot.press("1", "1", "1", "a")
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")  # 111 is wrong: ann is out
        assert await screen_is(pilot, app, "CoverScreen")
        assert "Pass the keyboard to bob" in await shown(pilot, app)
        await pilot.press("enter")
        for round_no in (1, 2):
            await pilot.press("p")
            assert await screen_is(pilot, app, "MessageScreen")
            await pilot.press("enter")
            await settle(pilot, app)
            # the keyboard stays with bob: his board again, no cover
            assert type(app.screen).__name__ != "CoverScreen"
            assert app.current == "bob" and session.game.round == round_no + 1
            assert f"bob: round {round_no + 1}." in await shown(pilot, app)


@run_async
async def test_a_bot_plays_in_view_and_shows_nothing_of_its_round() -> None:
    board = board_module()
    session = session_of(players="bot:greedy,ann", seed=3)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(40):
            await pilot.pause(0.05)
            if app.current == "ann":
                break
        assert app.current == "ann"
        bot_tests = session.game.view("bot:greedy").tests
        text = await shown(pilot, app)
        # its tests of the round, as ann's, wait for the reveal: not even how many
        assert bot_tests and "bot:greedy 0" in text, text
        log = app.query_one("#log")
        logged = " ".join(
            strip.text for strip in log.render_lines(Region(0, 0, *log.size))
        )  # the log's lines, without the cards beside them on the screen
        assert "has played its turn" in " ".join(logged.split()), logged
        assert bot_tests[0].code not in text


@pytest.mark.parametrize(
    ("file", "size"),
    [("puzzles/nightmare.yaml", (100, 30)), ("puzzles/extreme.yaml", (120, 40))],
)
@run_async
async def test_nightmare_and_extreme_show_nothing_hidden(file: str, size: tuple[int, int]) -> None:
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / file)))
    puzzle = loaded.puzzle
    session = Session.new(puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        await pilot.press("enter")
        text = await shown(pilot, app)
        assert puzzle.solution is not None and str(puzzle.solution) not in text
        for card in session.game.public.shown_cards:
            assert app.query_one(f"#card-{card}").region.height > 0  # every card in view
        if puzzle.mode == "nightmare":
            # the cards stand apart from the letters: no letter is printed on a card
            for shown_card in session.game.public.shown_cards:
                assert not re.search(rf"[A-F]\s+{shown_card}\b", text)
        else:
            # both cards of each verifier, in ascending order, whichever is real
            for v, pair in enumerate(session.game.public.cards):
                assert list(pair) == sorted(pair)
                box = app.query_one(f"#verifier-{v}")
                assert len(box.query(".card")) == 2


def card_lines(app: Any, card: int) -> list[str]:
    """The lines a card's panel shows, as text."""
    widget = app.query_one(f"#card-{card}")
    lines = widget.render_lines(widget.region.reset_offset)
    return ["".join(seg.text for seg in line).strip(" │") for line in lines]


@run_async
async def test_a_struck_criterion_is_marked_in_words_not_by_its_style_alone() -> None:
    # a terminal that draws no strikethrough (vt100, the Linux console) still shows which
    # criteria are struck, in ASCII too; taking the strike back takes the mark away
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("x")
        await typed(pilot, "A 2")
        assert (4, 2) in session.game.notes("player").struck
        await settle(pilot, app)
        lines = card_lines(app, 4)
        assert any("1 ■ < 4  ~~2 ■ = 4~~  3 ■ > 4" in line for line in lines), lines
        await pilot.press("colon")
        await typed(pilot, "unstrike A 2")
        assert not session.game.notes("player").struck
        await settle(pilot, app)
        assert not any("~~" in line for line in card_lines(app, 4))


@pytest.mark.parametrize("file", ["puzzles/nightmare.yaml", "puzzles/extreme.yaml"])
@run_async
async def test_a_criterion_is_never_broken_across_lines(file: str) -> None:
    # a line of a card breaks between two criteria, never inside one that fits the card
    # ("4 count of 4s" above "= 0" reads as another criterion), at any width, and again
    # when the terminal is resized
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / file)))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    checked = 0
    async with app.run_test(size=(100, 30)) as pilot:
        for size in ((100, 30), (120, 40), (84, 30), (160, 45)):
            await pilot.resize_terminal(*size)
            await settle(pilot, app)
            for card in session.game.public.shown_cards:
                width = app.query_one(f"#card-{card}").content_size.width
                lines = card_lines(app, card)
                for crit in loaded.cardset.card(card).criteria:
                    text = f"{crit.position} {crit.text}"
                    if len(text) <= width:
                        assert any(
                            re.search(rf"(^|  ){re.escape(text)}(  |$)", line) for line in lines
                        ), (size, card, text, lines)
                        checked += 1
    assert checked >= 40


@run_async
async def test_save_on_the_board_resume_at_the_prompt_and_back(tmp_path: Path) -> None:
    board = board_module()
    save = tmp_path / "game.json"
    session = session_of()
    session.save_path = save
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a", "w")
        assert save.is_file()
        await pilot.press("q", "y")
    assert app.return_code == 1
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], input="test B\nsave\n")
    assert "241 on B: ✔" in result.output, result.output
    resumed, _ = load_save(str(save))
    assert len(resumed.game.view("player").tests) == 2
    app = board.BoardApp(resumed, resumed=True, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "Resumed in round 1" in await shown(pilot, app)
        await pilot.press("c", "s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
    assert final_winners(app) == ("player",)
    assert resumed.game.tests_used("player") == 3


@run_async
async def test_the_key_h_is_a_hint_and_h_typed_on_the_command_line_is_help() -> None:
    # as `turing board --help` and the list of commands say
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        assert await screen_is(pilot, app, "MessageScreen")
        assert app.screen.title_text == "Hint"
        assert session.game.hints_used("player") == 1
        await pilot.press("escape")
        await pilot.press("colon")
        await typed(pilot, "h")
        assert await screen_is(pilot, app, "HelpScreen")
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(board.help_body())  # the whole help, as the panel lays it out
        assert "Typed, h is help" in " ".join(console.export_text().split())
        assert session.game.hints_used("player") == 1


@run_async
async def test_a_hint_asked_again_with_nothing_played_since_is_not_counted_again() -> None:
    # h and t twice each say the same: the count is what the player learned
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        for _ in range(2):
            await pilot.press("h")
            assert await screen_is(pilot, app, "MessageScreen")
            await pilot.press("escape")
            await settle(pilot, app)
        assert session.game.hints_used("player") == 1
        assert app.message == "Hint shown again: given before, not counted (hints used: 1)"
        for used in (2, 2):
            await pilot.press("t")
            for _ in range(200):
                await pilot.pause(0.05)
                if app._best is None and "hints used" in app.message:
                    break
            assert session.game.hints_used("player") == used
        assert "(given before, not counted again; hints used: 2)" in app.message


@run_async
async def test_a_note_with_its_letter_run_into_the_text_names_the_word_once() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await typed(pilot, "Aann secret note")
        await pilot.pause(0.1)
        assert app.message == "error: no verifier 'Aann': this puzzle has A, B, C, D"


@run_async
async def test_the_help_names_the_letters_of_the_puzzles_verifiers() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)  # 4 verifiers, A to D
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        text = await shown(pilot, app)
        assert "A–D" in text and "A–F" not in text, text
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(board.help_body(verifiers=4))  # the whole help, as the panel lays it out
    whole = console.export_text()
    assert "A–F" not in whole and whole.count("A–D") == 2, whole  # the key, the notes


@run_async
async def test_the_board_of_a_game_without_hints_has_no_hint_buttons() -> None:
    from textual.css.query import NoMatches

    board = board_module()
    session = Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1, hints=False)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        text = await shown(pilot, app)
        assert "give up g" in text and "hint h" not in text and "best t" not in text
        with pytest.raises(NoMatches):
            app.query_one("#do-hint")
        await pilot.press("q")
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        text = await shown(pilot, app)
        assert "hint h" in text and "best t" in text
        await pilot.press("q")


@run_async
async def test_the_help_of_a_game_without_hints_marks_the_hint_keys_off() -> None:
    # as the prompt's help marks hint off; the keys are refused in such a game
    board = board_module()
    session = Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1, hints=False)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(120, 60)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        assert app.screen.hints is False  # the panel is drawn from help_body(..., hints)
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(board.help_body(hints=False))
    rows = [" ".join(line.split()) for line in console.export_text().splitlines()]
    off = "(off: this game is played without hints)"
    marked = [row for row in rows if row.endswith(off)]
    assert [row.split()[0] for row in marked] == ["h", "t", "hint"], rows
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(board.help_body())
    assert off not in console.export_text()


@run_async
async def test_best_test_can_be_cancelled_and_is_then_not_counted() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        # Escape before the answer arrives (both on the event loop, nothing in between)
        app._start_best()
        app._best_closed(False)
        await settle(pilot, app)
        await pilot.press("escape")
        assert session.game.hints_used("player") == 0
        assert "not counted" in app.message


@run_async
async def test_best_test_past_the_work_limit_shows_bot_greedys_move_and_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import turing.analysis.search as analysis

    board = board_module()
    monkeypatch.setattr(analysis, "POLICY_WORK", 5_000_000)
    monkeypatch.setattr(analysis, "_RECENT", [])
    nightmare = puzzle_from_dict(
        {
            "mode": "nightmare",
            "cards": [30, 31, 33, 34, 40, 43],
            "criteria": [4, 2, 1, 7, 3, 3],
            "real_cards": [33, 30, 43, 40, 34, 31],
        },
        CLASSIC,
    )
    session = session_of(nightmare)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        for _ in range(600):  # the search gives up within its work limit
            await pilot.pause(0.05)
            if app._best is None and "hints used" in app.message:
                break
        assert app.message.startswith("No move proven best here"), app.message
        assert "bot:greedy would compose" in app.message and "(hints used: 1)" in app.message
        assert session.game.hints_used("player") == 1


# -- the command -------------------------------------------------------------------------------


NO_TERMINAL = "the board needs a terminal for its keys and its screen"


def test_board_refuses_bad_options_in_one_line() -> None:
    pytest.importorskip("textual")
    result = CliRunner().invoke(main, ["board", "--port", "9000"])
    assert result.exit_code == 2 and "--port goes with --serve" in result.output
    # at a terminal, the options are checked before the board starts
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "board", "--players", "ann,ann"],
        env={**os.environ, "TERM": "xterm-256color"}, encoding="utf-8", timeout=30,
        dimensions=(40, 120),
    )  # fmt: skip
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "two players are called 'ann'" in str(child.before)


def test_ctrl_q_leaves_an_unfinished_game_with_status_1() -> None:
    """Textual's own Ctrl-Q asks, as q does; yes abandons the game (or match), as after q."""
    pytest.importorskip("textual")
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "board"],
        env={**os.environ, "TERM": "xterm-256color"}, encoding="utf-8", timeout=60,
        dimensions=(40, 120),
    )  # fmt: skip
    child.expect("quit")  # the board is drawn, its footer last
    child.sendcontrol("q")
    child.expect("Leave the game")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert "game abandoned" in str(child.before)
    assert child.exitstatus == 1
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "mastermind", "board"],
        env={**os.environ, "TERM": "xterm-256color"}, encoding="utf-8", timeout=60,
        dimensions=(40, 120),
    )  # fmt: skip
    child.expect("quit")
    child.sendcontrol("q")
    child.expect("Leave the match")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert "match abandoned" in str(child.before)
    assert child.exitstatus == 1


def test_ctrl_q_saves_an_unfinished_game_to_its_save_file(tmp_path: Path) -> None:
    """However the board ends (q, Ctrl-Q, its page closed), a game with a save file is
    saved there before it is left, and the transcript says so; nothing is said saved that
    is not on disk."""
    pytest.importorskip("textual")
    save, transcript = tmp_path / "cq.json", tmp_path / "cq.jsonl"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "board", "--players", "q,r", "--save", str(save),
         "--transcript", str(transcript)],
        env={**os.environ, "TERM": "xterm-256color"}, encoding="utf-8", timeout=60,
        dimensions=(40, 120), cwd=str(tmp_path),
    )  # fmt: skip
    child.expect("Ready")  # the cover before q's turn
    child.send("\r")
    child.expect("quit")
    for key in "241a":  # test 241 on A
        child.send(key)
        time.sleep(0.3)
    time.sleep(1)
    child.sendcontrol("q")
    child.expect("Leave the game")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert f"game abandoned; saved to {save}" in " ".join(str(child.before).split())
    resumed, _ = load_save(str(save))
    assert list(resumed.game.players) == ["q", "r"]
    assert resumed.game.tests_used("q") == 1
    last = json.loads(transcript.read_text(encoding="utf-8").splitlines()[-1])
    assert last == {"event": "abandoned", "round": 1, "saved": True}


@run_async
async def test_a_resumed_hot_seat_board_says_the_counts_are_the_game_so_far(
    tmp_path: Path,
) -> None:
    """Saved in round 2, ann after 3 tests in round 1 and 1 in round 2: the board's recap
    says the 4 are the game so far, and shows bob's count, not his code."""
    board = board_module()
    save = tmp_path / "g.json"
    CliRunner().invoke(
        main,
        ["play", "--players", "ann,bob", "--save", str(save)],
        input="c 111; t a b c\npass\nc 222; t a\npass\nc 333; t d\nsave\nquit\n",
    )
    resumed, _ = load_save(str(save))
    app = board.BoardApp(resumed, resumed=True, compare=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")  # the cover before ann's turn
        await settle(pilot, app)
        screen = await shown(pilot, app)
        await pilot.press("ctrl+q")
    side = " ".join(" ".join(line.rsplit("▏", 1)[-1] for line in screen.splitlines()).split())
    assert (
        "Resumed in round 2. The game so far (tests before this round): ann: 3 tests, in the "
        "game. bob: 1 test, in the game."
    ) in side, side
    assert "222" not in screen


def test_board_without_a_terminal_says_so_and_starts_nothing(tmp_path: Path) -> None:
    """Keys from a pipe or a file: the board would wait for keys nobody can press."""
    pytest.importorskip("textual")
    transcript = tmp_path / "game.txt"
    for args in (["board", "--transcript", str(transcript)], ["mastermind", "board"]):
        result = CliRunner().invoke(main, args, input="q\n")
        assert result.exit_code == 2, result.output
        assert NO_TERMINAL in result.output and "--serve" in result.output
    assert not transcript.exists()


# -- snapshots ---------------------------------------------------------------------------------


async def started(pilot: Any) -> None:
    await pilot.pause(0.3)


def test_snapshot_classic_board(snap_compare: Any) -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    # a test, and criterion 2 of verifier A struck (marked ~~2 ■ = 4~~ as well as struck through)
    keys = ["2", "4", "1", "a", "x", "a", "space", "2", "enter"]
    assert snap_compare(app, press=keys, terminal_size=(100, 30), run_before=started)


def test_snapshot_extreme_board(snap_compare: Any) -> None:
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / "puzzles/extreme.yaml")))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    assert snap_compare(app, terminal_size=(120, 40), run_before=started)


@run_async
async def test_a_bot_between_two_people_plays_behind_a_cleared_board() -> None:
    board = board_module()
    session = session_of(players="ann,bot:greedy,bob")
    app = board.BoardApp(session, compare=False)
    seen: list[str] = []
    play_bot = session.play_bot

    def watched(name: str) -> Any:
        # the screen as it stands while the bot plays (the bot holds the event loop)
        svg = app.export_screenshot()
        seen.append(html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " "))
        return play_bot(name)

    session.play_bot = watched  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await pilot.press("o")
        await typed(pilot, "A ann-secret-note")
        await pilot.press("1", "1", "1", "a", "p")
        assert await screen_is(pilot, app, "CoverScreen")
        assert "Pass the keyboard to bob" in await shown(pilot, app)
    assert seen, "the bot did not play"
    for text in seen:
        assert "bot:greedy is playing round 1" in text
        assert "ann-secret-note" not in text and "111" not in text


@run_async
async def test_the_test_log_keeps_the_newest_round_in_view_and_pages_by_keys() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for code in ("123", "345", "112", "113", "114"):
            await pilot.press(*code, "a", "b", "c", "p")
            assert await screen_is(pilot, app, "MessageScreen")
            await pilot.press("enter")
            await settle(pilot, app)
        await pilot.press("5", "5", "5", "a", "b")
        text = await shown(pilot, app)
        assert re.search(r"6\s*555\s*✘\s*✔\s*·\s*·", text), text
        log = app.query_one("#log-box")
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("pageup")
        await pilot.pause(0.1)
        assert log.scroll_y < log.max_scroll_y
        assert re.search(r"1\s*123\s*✘\s*✘\s*✔", await shown(pilot, app))
        await pilot.press("pagedown")
        await pilot.pause(0.1)
        assert log.scroll_y == log.max_scroll_y
        await pilot.press("pageup", "p")  # scrolled back, then a new round
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("1", "1", "1", "a")
        await pilot.pause(0.2)
        assert log.scroll_y == log.max_scroll_y
        assert re.search(r"7\s*111\s*✘", await shown(pilot, app))


async def footer_keys(pilot: Any, app: Any, width: int) -> dict[str, str]:
    """The footer's keys and their words; each must be whole on a screen ``width`` wide.
    (The footer lays its keys out after the screen is shown: on a loaded machine that can
    be a while after the rest, so this waits up to 5 s for it.)"""
    from textual.widgets._footer import FooterKey

    for _ in range(100):
        shown = list(app.screen.query(FooterKey))  # none yet: the footer not composed
        if shown and all(key.region.width > 0 for key in shown):
            break
        await pilot.pause(0.05)
    keys = {}
    for key in app.screen.query(FooterKey):
        assert key.region.width > 0 and key.region.right <= width, (key.key, key.region)
        keys[key.key] = key.description
    return keys


@pytest.mark.parametrize("language", ["en", "de"])
@run_async
async def test_every_key_of_the_footer_shows_at_80_columns(language: str) -> None:
    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        keys = await footer_keys(pilot, app, 80)
        assert keys["q"] == {"en": "quit", "de": "beenden"}[language]
        assert set(keys) == {"q", "tab", "space", "o", "colon", "w", "pageup"}


@run_async
async def test_the_footer_of_a_panel_and_of_the_result_lists_only_their_own_keys() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    board_keys = {"tab", "space", "o", "colon", "w", "pageup", "q"}
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert not board_keys & set(await footer_keys(pilot, app, 100))
        await pilot.press("y")
        assert await screen_is(pilot, app, "MessageScreen")
        assert not board_keys & set(await footer_keys(pilot, app, 100))
        await pilot.press("enter")
        assert await screen_is(pilot, app, "FinalScreen")
        await pilot.pause(0.1)
        keys = await footer_keys(pilot, app, 100)
        assert not (board_keys - {"q"}) & set(keys), keys
        assert "q" in keys


@run_async
async def test_a_key_that_means_nothing_here_says_so() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        for key, said in (
            ("E", "E: no verifier E in this game (A–D)"),
            ("f", "F: no verifier F in this game (A–D)"),
            ("6", "6: digits are 1–5"),
            ("0", "0: digits are 1–5"),
            ("z", "z: not a key of the board"),
            ("exclamation_mark", "!: not a key of the board"),
        ):
            await pilot.press(key)
            await pilot.pause(0.05)
            assert app.message.startswith(said), (key, app.message)  # one form, no "error:"
            assert not app.in_red
        assert app.picker.digits == [None, None, None]
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            assert await screen_is(pilot, app, "HelpScreen")
            assert "Keys of the board" in await shown(pilot, app)
            await pilot.press("escape")
            assert await screen_is(pilot, app, "TableScreen")


@run_async
async def test_the_save_dialog_says_what_an_empty_name_lacks() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("w")
        assert await screen_is(pilot, app, "AskFileScreen")
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert type(app.screen).__name__ == "AskFileScreen"
        assert "Type a file name to save to" in await shown(pilot, app)
        await pilot.press("escape")
        assert await screen_is(pilot, app, "TableScreen")


@run_async
async def test_in_german_the_reveal_and_the_command_line_speak_german() -> None:
    from turing import i18n

    i18n.set_language("de")
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        command = app.query_one("#command")
        for key, word in (("o", "notiz "), ("x", "streiche "), ("m", "markiere ")):
            await pilot.press(key)
            await pilot.pause(0.05)
            assert command.value == word
            await pilot.press("escape")
        await pilot.press("o")
        await typed(pilot, "A vielleicht")
        assert app.session.game.notes(app.current).text == {0: "vielleicht"}
        await pilot.press("p")
        assert await screen_is(pilot, app, "MessageScreen")
        text = await shown(pilot, app)
        assert "Runde 1 aufgedeckt" in text and "revealed" not in text


@run_async
async def test_the_picker_holds_the_tested_code_until_testing_is_over() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a", "3")
        assert app.picker.digits == [2, 4, 1]
        assert "this round's code is 241, already tested" in app.message
        await pilot.press("b")
        assert "241 on B: ✔" in app.message
        await pilot.press("n", "3", "4", "1")  # testing over: the picker takes a solution
        assert app.picker.digits == [3, 4, 1]
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "Submit 341" in await shown(pilot, app)


@run_async
async def test_a_game_resumed_mid_round_shows_its_code_in_the_picker() -> None:
    board = board_module()
    session = session_of()
    list(session.run(session.plan("player", "test 123 A")))
    app = board.BoardApp(session, resumed=True, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert app.picker.digits == [1, 2, 3]
        assert "Compose a code" not in app.message
        assert "code 123" in app.message


@run_async
async def test_a_refused_key_speaks_of_no_line() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a", "a")
        assert "verifier A was already tested this round" in app.message
        assert "line" not in app.message
        await pilot.press("colon")
        await typed(pilot, "test 241 A")  # typed, the line is spoken of
        assert "verifier A was already tested this round (the line was not run)" in app.message


@run_async
async def test_ctrl_q_asks_before_leaving_as_q_does() -> None:
    """Ctrl-Q (Textual's key to quit) asks as q does before a game ends, over any dialog
    (no: back where it was); on the final screen it leaves at once, as q does."""
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a")
        await pilot.press("ctrl+q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "Leave the game? (w saves it first.)" in await shown(pilot, app)
        assert app.screen.leaving
        await pilot.press("ctrl+q")  # asked once
        assert len(app.screen_stack) == 2
        await pilot.press("n")
        assert app.screen is app.screen_stack[0] and app.return_code is None
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        await pilot.press("ctrl+q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("n")
        assert await screen_is(pilot, app, "HelpScreen")
        await pilot.press("escape")
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        await pilot.press("ctrl+q")  # the game is over: nothing to lose
    assert app.return_code == 0
    assert final_winners(app) == ("player",)
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
    assert app.return_code == 1


@run_async
async def test_ctrl_c_leaves_as_q_does_in_the_players_language(tmp_path: Path) -> None:
    """Ctrl-C leaves as q and Ctrl-Q do (textual's note to press Ctrl-Q is not shown): the
    question in the player's language, over the command line and any dialog; yes saves."""
    from turing import i18n

    board = board_module()
    session = session_of()
    save = tmp_path / "b.json"
    session.save_path = save
    app = board.BoardApp(session, compare=False)
    i18n.set_language("de")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a")
        await pilot.press("ctrl+c")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert app.screen.question == (
            f"Das Spiel verlassen? Es wird vorher in {save} gespeichert."
        )
        assert not app._notifications  # no "Do you want to quit?"
        await pilot.press("ctrl+c")  # asked once
        assert len(app.screen_stack) == 2
        await pilot.press("n")
        assert app.screen is app.screen_stack[0] and app.return_code is None
        await pilot.press("colon")  # the command line has the focus
        await pilot.press("ctrl+c")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("n")
        await pilot.press("escape", "question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        await pilot.press("ctrl+c")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert not save.exists()
        await pilot.press("j")
    assert app.return_code == 1
    assert not app._notifications
    resumed, _ = load_save(str(save))
    assert len(resumed.game.view("player").tests) == 1


def screen_lines(app: Any) -> list[str]:
    """The screen as lines, each text at its column (the screenshot's text by place)."""
    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for m in re.finditer(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        text = html.unescape(m.group(3)).replace("\xa0", " ")
        rows.setdefault(float(m.group(2)), []).append((float(m.group(1)), text))
    lines = []
    for y in sorted(rows):
        line = ""
        for x, text in sorted(rows[y]):
            line = line.ljust(round(x / 12.2)) + text
        lines.append(line)
    return lines


@run_async
async def test_the_list_of_commands_wraps_under_its_own_column() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "help")
        assert await screen_is(pilot, app, "HelpScreen")
        for _ in range(5):  # the commands follow the keys
            lines = screen_lines(app)
            if any("compose CODE" in line for line in lines):
                break
            await pilot.press("pagedown")
            await pilot.pause(0.1)
        start = next(i for i, line in enumerate(lines) if "compose CODE" in line)
        column = lines[start].index("choose")
        # the next line goes on with what compose does, under "choose", not at the margin
        follow = lines[start + 1]
        left = lines[start].index("compose CODE")
        assert follow[left:column].strip() == "", (lines[start], follow)
        assert follow[column:].strip()


@run_async
async def test_a_terminal_too_small_for_the_board_is_said() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot, app)
        events_before = list(app.session.game.events)
        text = " ".join((await shown(pilot, app)).split())
        assert "too small for the board" in text and "80×24" in text, text[-600:]
        # the keys of the hidden table do nothing: nothing is played unseen
        await pilot.press("2", "4", "1", "a", "n", "s")
        await pilot.pause(0.2)
        assert app.session.game.events == events_before
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        text = await shown(pilot, app)
        assert "too small" not in text and "note on A" in text


def side_lines(app: Any) -> list[str]:
    """The side panel's lines on the screen (right of its left border)."""
    left = app.query_one("#side").region.x + 1
    return [line[left:].strip() for line in screen_lines(app)]


LONG_NAMES = [f"{first}-{'x' * (31 - len(first))}" for first in ("anna", "bernd", "carla")] + [
    f"{first}-{'y' * (31 - len(first))}" for first in ("dora", "emil", "frida")
]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run_async
async def test_the_status_shows_every_other_seats_count_whole(
    language: str, size: tuple[int, int]
) -> None:
    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    session = session_of(players="anna,bot:greedy,bernd")
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")  # anna's cover
        await settle(pilot, app)
        lines = side_lines(app)  # anna's first view
        assert any("bot:greedy 0" in line for line in lines), lines
        assert any("bernd 0" in line for line in lines), lines
        await pilot.press("1", "2", "3", "a", "n", "p")
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")  # bernd's turn, after the bot's
        await settle(pilot, app)
        assert app.current == "bernd"
        lines = side_lines(app)
        # anna and the bot have tested this round: told at its reveal, not before
        assert any("anna 0" in line for line in lines), lines
        assert any("bot:greedy 0" in line for line in lines), lines
        assert not any("anna 1" in line for line in lines), lines
        await pilot.press("2", "4", "1", "a")
        await pilot.pause(0.2)
        # three seats fit without scrolling the side: the newest test is in view
        assert app.query_one("#side").max_scroll_y == 0
        assert any(re.search(r"1\s+241\s+✔", line) for line in side_lines(app))


@run_async
async def test_a_rounds_tests_show_on_the_board_from_its_reveal_on() -> None:
    board = board_module()
    session = session_of(players="anna,bernd")
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")  # anna's cover
        await settle(pilot, app)
        side = " ".join(side_lines(app))
        assert "Tests of the others before this round: bernd 0" in " ".join(side.split()), side
        await pilot.press("1", "2", "3", "a", "b", "n", "p")
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.current == "bernd"
        lines = side_lines(app)
        assert any("anna 0" in line for line in lines), lines
        await pilot.press("1", "2", "3", "a", "n", "p")
        assert await screen_is(pilot, app, "MessageScreen")  # the reveal
        text = " ".join((await shown(pilot, app)).split())
        assert "anna passed (2 tests)" in text and "bernd passed (1 test)" in text, text
        await pilot.press("enter")
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")  # round 2: anna
        await settle(pilot, app)
        assert app.current == "anna" and session.game.round == 2
        assert any("bernd 1" in line for line in side_lines(app))
        await pilot.press("1", "1", "1", "a", "n", "p")
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        lines = side_lines(app)
        # anna's test of round 2 waits for its reveal
        assert any("anna 2" in line for line in lines), lines


@pytest.mark.parametrize(("size", "side"), [((120, 40), 38), ((149, 40), 38), ((160, 50), 52)])
@run_async
async def test_the_side_panel_widens_on_a_wide_terminal(size: tuple[int, int], side: int) -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert app.query_one("#side").outer_size.width == side


@run_async
async def test_the_log_counts_a_round_from_its_first_test() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "0 tests" in side_lines(app)
        await pilot.press("1", "2", "3", "a", "p")
        await settle(pilot, app)
        await pilot.press("enter")  # past the round's reveal
        await settle(pilot, app)
        assert app.session.game.round == 2
        # round 2 has begun, but no test was made in it yet
        assert "1 test in 1 round" in side_lines(app), side_lines(app)
        await pilot.press("1", "2", "4", "b")
        await settle(pilot, app)
        assert "2 tests in 2 rounds" in side_lines(app), side_lines(app)


@run_async
async def test_six_seats_with_long_names_are_all_on_the_side_panel() -> None:
    board = board_module()
    session = session_of(players=",".join(LONG_NAMES))
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("enter")
        await settle(pilot, app)
        seen: set[str] = set()
        for _ in range(4):  # the side panel scrolls, by PageDown past the log's end
            seen.update(side_lines(app))
            await pilot.press("pagedown")
            await pilot.pause(0.1)
        for name in LONG_NAMES[1:]:
            assert f"{name} 0," in seen or f"{name} 0" in seen, (name, seen)
        assert "0 tests" in seen, seen


HELP_WORDS = {
    "en": ("Keys of the board", "Commands of the command line", "Esc, Enter or q: close"),
    "de": ("Tasten des Spielbretts", "Befehle der Befehlszeile", "Esc, Enter oder q: schließen"),
}


def dialog_lines(app: Any, selector: str) -> list[str]:
    """The lines of a dialog on the screen, without its frame and scroll bar."""
    box = app.screen.query_one(selector).region
    lines = screen_lines(app)[box.y : box.bottom]
    return [line[box.x : box.right].strip("█▀▄▁▂▃▅▆▇ ") for line in lines]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@run_async
async def test_the_help_lists_the_keys_first_scrolls_at_once_and_says_how_to_close(
    language: str, size: tuple[int, int]
) -> None:
    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    keys_head, commands_head, close = HELP_WORDS[language]
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        await pilot.pause(0.1)
        first = dialog_lines(app, "#help-box")
        assert first[1] in ("Help", "Hilfe") and first[2] == keys_head, first[:3]
        assert close in first[-2]  # how to close it, in view
        assert not {"Commands", "Commands:", "Befehle", "Befehle:"} & set(first)
        # what a key does wraps in a column of its own, 40 characters wide at least
        row = next(line for line in first if line.startswith("1–5"))
        assert len(row.removeprefix("1–5").strip()) >= 40, row
        # the keys scroll it at once (no Tab first): ↓, PageDown, End
        body = app.screen.query_one("#help-body")
        seen = list(first)
        for key in ("down", "pagedown", "end"):
            before = body.scroll_y
            await pilot.press(key)
            await pilot.pause(0.1)
            assert body.scroll_y > before or body.scroll_y == body.max_scroll_y, key
            lines = dialog_lines(app, "#help-box")
            assert close in lines[-2], key
            seen += lines
        assert body.scroll_y == body.max_scroll_y
        for key in ("n", "s", "p", "h", "t", "x", "m", "o", ":", "w", "g", "q"):
            assert any(line.startswith((f"{key} ", f"{key}, ")) for line in seen), key
        ctrl_c = {"en": "q, Ctrl-C ", "de": "q, Strg-C "}[language]
        assert any(line.startswith(ctrl_c) for line in seen)  # leaves as q does
        heads = [line for line in seen if line.startswith((keys_head, commands_head))]
        assert heads[0] == keys_head and heads[-1].startswith(commands_head), heads
        await pilot.press("q")
        assert await screen_is(pilot, app, "TableScreen")
        await pilot.press("f1")
        assert await screen_is(pilot, app, "HelpScreen")
        await pilot.press("escape")
        assert await screen_is(pilot, app, "TableScreen")


@pytest.mark.parametrize("language", ["en", "de"])
@run_async
async def test_the_extreme_cards_stand_in_one_column_on_a_narrow_terminal(language: str) -> None:
    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / "puzzles/extreme.yaml")))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    cards = session.game.public.shown_cards
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert len({app.query_one(f"#card-{card}").region.x for card in cards}) == 1
        for card in cards:
            width = app.query_one(f"#card-{card}").content_size.width
            assert width >= 34, (card, width)
            lines = card_lines(app, card)
            title = loaded.cardset.card(card).title_in(language)
            assert any(line.endswith(f"{card} {title}") for line in lines) or len(title) > 30
            for crit in loaded.cardset.card(card).criteria:
                text = f"{crit.position} {crit.text_in(language)}"
                if len(text) <= width:
                    assert any(
                        re.search(rf"(^|  ){re.escape(text)}(  |$)", line) for line in lines
                    ), (card, text, lines)
        # the table scrolls to the last verifier's cards
        await pilot.press("tab")
        while app._criterion()[0] != cards[-1]:  # line by line, card by card
            await pilot.press("down")
        await pilot.pause(0.1)
        assert app.query_one("#table").scroll_y > 0
        await pilot.resize_terminal(120, 40)  # room for two columns again
        await settle(pilot, app)
        assert len({app.query_one(f"#card-{card}").region.x for card in cards}) == 2


@pytest.mark.parametrize("language", ["en", "de"])
@run_async
async def test_the_footer_says_what_space_does_and_names_the_keys_in_the_language(
    language: str,
) -> None:
    from textual.widgets._footer import FooterKey

    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    words = {
        "en": ("digit", "strike", "mark", "PgUp/Dn"),
        "de": ("Ziffer", "streichen", "markieren", "Bild↑/↓"),
    }[language]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for zone, word in zip(("picker", "criteria", "grid"), words, strict=False):
            assert app.zone == zone
            await pilot.pause(0.1)
            keys = await footer_keys(pilot, app, 80)  # all whole at 80 columns
            assert keys["space"] == word, (zone, keys)
            assert list(keys)[:3] == ["tab", "q", "space"]  # in its place
            await pilot.press("tab")
        page = next(key for key in app.screen.query(FooterKey) if key.key == "pageup")
        assert page.key_display == words[3]
        await pilot.press("tab")  # on the criteria: Space strikes the first one
        await pilot.press("space")
        assert (4, 1) in app.session.game.notes(app.current).struck


@run_async
async def test_a_header_too_long_for_the_line_is_broken_between_two_parts() -> None:
    board = board_module()
    app = board.BoardApp(session_of(players="bartholomew-the-second"), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = await shown(pilot, app)
        start = text.index("Round 1")
        lines = [line.strip() for line in text[start:].splitlines()[:2]]
        assert lines[0].startswith("Round 1 · bartholomew-the-second ·"), lines
        assert not lines[0].endswith("·") and lines[1] == "your tests 0 · hints 0", lines
        await pilot.resize_terminal(120, 24)  # broken anew at another width: one line
        text = await shown(pilot, app)
        line = text[text.index("Round 1") :].splitlines()[0].strip()
        assert line.endswith("4 verifiers · your tests 0 · hints 0"), line


@run_async
async def test_the_status_names_the_puzzles_own_verifier_letters() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)  # 4 verifiers, A–D
    async with app.run_test(size=(200, 40)) as pilot:
        await settle(pilot, app)
        text = " ".join(" ".join(side_lines(app)).split())
        assert "test it (A–D); or solve / pass." in text, text
        assert "(A–F)" not in text


@pytest.mark.parametrize(
    ("language", "size", "keys"),
    [
        ("en", (80, 24), ("1", "2", "2", "a", "h")),
        ("en", (120, 40), ("1", "2", "2", "a", "h")),
        ("de", (80, 24), ("1", "1", "1", "a", "b", "c", "h")),
    ],
)
@run_async
async def test_a_long_hint_scrolls_by_the_keys_and_keeps_its_button_in_view(
    language: str, size: tuple[int, int], keys: tuple[str, ...]
) -> None:
    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    file = "puzzles/extreme.yaml" if language == "en" else "puzzles/nightmare.yaml"
    loaded = next(iter(iter_puzzle_file(ROOT / file)))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press(*keys)
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.pause(0.1)
        screen = app.screen
        button = screen.query_one("#message-ok")
        body = screen.query_one(".dialog-body")
        box = screen.query_one(".dialog")
        assert button.region.bottom <= box.region.bottom <= size[1], (button.region, box.region)
        assert body.region.bottom <= button.region.y
        if size[1] == 24:
            assert body.max_scroll_y > 0  # the hint is longer than the screen
        seen = dialog_lines(app, ".dialog")
        for key in ("down", "pagedown", "end"):
            before = body.scroll_y
            await pilot.press(key)
            await pilot.pause(0.1)
            assert body.scroll_y > before or body.scroll_y == body.max_scroll_y, key
            assert button.region.bottom <= size[1]
            seen += dialog_lines(app, ".dialog")
        assert body.scroll_y == body.max_scroll_y
        remain = "Codes bleiben" if language == "de" else "codes remain"
        assert any(remain in line for line in seen), seen
        await pilot.press("enter")
        assert await screen_is(pilot, app, "TableScreen")


@run_async
async def test_a_refused_save_name_keeps_the_dialog_open_and_changes_nothing(
    tmp_path: Path,
) -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("w")
        assert await screen_is(pilot, app, "AskFileScreen")
        await typed(pilot, str(tmp_path / "missing" / "x.json"))
        await pilot.pause(0.1)
        assert type(app.screen).__name__ == "AskFileScreen"
        text = await shown(pilot, app)
        assert "Escape: cancel" in text, text
        # the refusal as the dialog shows it (on screen it wraps where the path's length
        # puts the end of a line)
        refusal = str(app.screen.query_one("#file-help").render())
        assert "missing does not exist" in refusal, refusal
        assert "missing" in text and "exist" in text, text
        field = app.screen.query_one("#file-name")
        assert field.value == str(tmp_path / "missing" / "x.json")  # there to be corrected
        # what is typed next goes on into the field, not to the board's keys
        field.value = ""
        await typed(pilot, str(tmp_path / "t.json"))
        assert await screen_is(pilot, app, "TableScreen")
        assert session.game.hints_used("player") == 0
        assert (tmp_path / "t.json").is_file()
        assert not (tmp_path / "missing").exists()
        assert "Saved to" in app.message


def picker_line(app: Any) -> str:
    """The code picker's line as the screen shows it, its spaces closed up."""
    line = next(line for line in screen_lines(app) if "Code" in line and "▲" in line)
    return re.sub(r"\s+", " ", line[line.index("Code") :]).strip()


@run_async
async def test_the_picker_shows_one_code_the_one_a_test_or_a_solve_sends() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("1", "2", "3", "a", "b", "c")
        await pilot.pause(0.1)
        assert picker_line(app) == "Code ▲ 1 ■ 2 ● 3 = 123"  # the round's code
        await pilot.press("5", "4")  # testing over: the picker takes a code to solve with
        await pilot.pause(0.1)
        assert picker_line(app) == "Code ▲ 5 ■ 4 ● 3"
        await pilot.press("3")  # the selected shape goes round to ▲ again
        await pilot.press("n", "2", "4", "1")
        await pilot.pause(0.1)
        assert picker_line(app) == "Code ▲ 2 ■ 4 ● 1"
        await pilot.press("s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "Submit 241" in await shown(pilot, app)
        await pilot.press("n")
        assert await screen_is(pilot, app, "TableScreen")


@run_async
async def test_a_code_composed_on_the_command_line_shows_while_the_picker_is_empty() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "compose 123")
        await pilot.pause(0.1)
        assert picker_line(app) == "Code ▲ _ ■ _ ● _ = 123"  # the code a test sends
        await pilot.press("5")  # a code half typed: no code, nor the composed one
        await pilot.pause(0.1)
        assert picker_line(app) == "Code ▲ 5 ■ _ ● _"
        assert app.query_one("#test-0").disabled and app.query_one("#do-solve").disabled
        for key in ("a", "s"):
            await pilot.press(key)
            await pilot.pause(0.05)
            assert "each shape of the picker" in app.message, (key, app.message)
        assert not session.game.view("player").tests
        assert type(app.screen).__name__ == "TableScreen"


@run_async
async def test_the_hint_draws_the_shapes_in_the_boards_colours() -> None:
    from rich.color import Color

    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        assert await screen_is(pilot, app, "MessageScreen")
        body = app.screen.query_one("#message-body").content
        colours: dict[str, set[Color | None]] = {}
        for segment in Console(width=80).render(body):
            for symbol in "▲■●":
                if symbol in segment.text:
                    assert segment.style is not None
                    colours.setdefault(symbol, set()).add(segment.style.color)
        assert set(colours) == set("▲■●"), colours  # every shape is in this hint
        for shape, colour in board.SHAPE_COLORS.items():
            symbol = {"b": "▲", "y": "■", "p": "●"}[shape]
            assert colours[symbol] == {Color.parse(colour)}, (symbol, colours[symbol])


@run_async
async def test_the_file_asked_for_by_w_becomes_the_games_save_file(tmp_path: Path) -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    target = tmp_path / "pk.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("w")
        assert await screen_is(pilot, app, "AskFileScreen")
        await typed(pilot, str(target))
        assert await screen_is(pilot, app, "TableScreen")
        assert "Saved to" in app.message and target.is_file()
        assert session.save_path == target
        await pilot.press("2", "4", "1", "a")
        await pilot.press("w")  # saved there again, without asking
        await pilot.pause(0.1)
        assert type(app.screen).__name__ == "TableScreen"
        assert load_save(str(target))[0].game.view("player").tests
        await pilot.press("b", "q")  # leaving saves there too
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert f"It is saved to {target} first" in app.screen.question
        await pilot.press("y")
        await pilot.pause(0.2)
    assert app.return_value == 1
    assert len(load_save(str(target))[0].game.view("player").tests) == 2


@run_async
async def test_a_file_typed_with_save_stays_a_copy_as_at_the_prompt(tmp_path: Path) -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, f"save {tmp_path / 'copy.json'}")
        assert "Saved to" in app.message and (tmp_path / "copy.json").is_file()
        assert session.save_path is None


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "select the previous / next shape of the picker"),
        ("de", "das vorige / nächste Symbol der Code-Auswahl wählen"),
    ],
)
@run_async
async def test_the_help_names_the_arrows_in_their_order(language: str, says: str) -> None:
    from turing import i18n

    i18n.set_language(language)
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("right")  # → selects the next shape, ← the one before
        assert app.picker.slot == 1
        await pilot.press("left", "left")
        assert app.picker.slot == 2
        await pilot.press("backspace")
        assert app.picker.slot == 1
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        row = next(line for line in dialog_lines(app, "#help-box") if line.startswith("← →"))
        assert row.endswith(says), row


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("board", "The board is drawn again."),
        ("show cards", "Every criterion is on the board in full"),
    ],
)
@run_async
async def test_show_typed_on_the_command_line_gets_a_reply(line: str, said: str) -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("5", "9")  # a message that must not stay
        assert "digits are 1–5" in app.message
        await pilot.press("colon")
        await typed(pilot, line)
        await pilot.pause(0.1)
        assert said in app.message, app.message
        assert said in await shown(pilot, app)


@run_async
async def test_rules_typed_on_the_command_line_shows_the_criteria_games_rules() -> None:
    """``rules`` on the board's command line opens the criteria game's part of the rules
    page in a panel that scrolls, as ``turing rules criteria`` shows it."""
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "rules")
        assert await screen_is(pilot, app, "MessageScreen")
        assert app.screen.title_text == "Rules"
        body = app.screen.query_one("#message-body").content
        console = Console(width=80, record=True, file=io.StringIO())
        console.print(body)
        text = " ".join(console.export_text().split())
        assert "The criteria game" in text and "hidden criterion" in text, text
        assert "The Mastermind family" not in text
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert type(app.screen).__name__ != "MessageScreen"


@run_async
async def test_the_hint_of_tests_left_begins_with_a_capital_letter_in_german() -> None:
    from turing import i18n

    i18n.set_language("de")
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(200, 40)) as pilot:
        await settle(pilot, app)
        for key in ("1", "2", "2", "a"):
            await pilot.press(key)
        await settle(pilot, app)
        status = " ".join(str(app.query_one("#status").render()).split())
        assert status.startswith("Noch 2 Tests in dieser Runde; n beendet das Testen."), status


@run_async
async def test_a_refusal_goes_once_a_key_does_something_and_a_digit_over_another_is_said() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("E")
        assert app.message == "E: no verifier E in this game (A–D)"
        await pilot.press("2")  # a digit put in the picker: the refusal is no answer to it
        assert app.picker.digits == [2, None, None] and app.message == ""
        await pilot.press("4", "1")
        assert app.message == (
            "Code 241 in the picker; a digit now replaces ▲ blue's (← → choose a shape)."
        )
        await pilot.press("3")  # round to the first shape again: said, not silent
        assert app.picker.digits == [3, 4, 1]
        assert app.message == "▲ blue: 2 replaced by 3 (code 341)."
        assert "replaced by 3" in await shown(pilot, app)
        await pilot.press("z")
        assert app.message.startswith("z: not a key of the board")
        await pilot.press("right")
        assert app.message == ""


@run_async
async def test_an_error_stays_red_when_the_board_is_drawn_again() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("A")  # a test with no code in the picker
        line = app.query_one("#message")
        said = "[b red]error: put a code in the picker first (digits 1–5), then test[/]"
        assert str(line.content) == said
        app.draw()  # as a resize or a turn's news draws it
        await pilot.pause()
        assert str(line.content) == said
        await pilot.press("z")  # a key the board does not take: said plainly
        app.draw()
        await pilot.pause()
        assert str(line.content).startswith("z: not a key of the board")


@run_async
async def test_enter_in_a_yes_no_question_decides_nothing_and_says_which_keys_answer() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        events_before = list(app.session.game.events)
        await pilot.press("g")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert app.focused is None  # no button is chosen for the player
        await pilot.press("enter")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "Press y for yes or n for no (Escape: no)." in await shown(pilot, app)
        await pilot.press("n")
        assert await screen_is(pilot, app, "TableScreen")
        assert app.session.game.events == events_before and app.message == "Nothing done."


@run_async
async def test_the_leave_question_offers_w_only_where_w_saves() -> None:
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert app.screen.question == "Leave the game? It is not saved."
        await pilot.press("n")
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        await pilot.press("q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert app.screen.question == "Leave the game? (w saves it first.)"
        await pilot.press("n")
        await pilot.press("w")
        assert await screen_is(pilot, app, "AskFileScreen")


@run_async
async def test_in_nightmare_a_strike_not_read_shows_only_the_card_form_as_its_usage() -> None:
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / "puzzles/nightmare.yaml")))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("x")
        await typed(pilot, "7 2")
        assert app.message == "error: cannot read '7' (usage: strike CARD.K)"
    app = board.BoardApp(session_of(), compare=False)  # classic: both forms
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("x")
        await typed(pilot, "7 x")
        assert app.message == "error: cannot read '7' (usage: strike V K | strike CARD.K)"


async def burst(pilot: Any, app: Any, text: str) -> None:
    """Keys read in one burst, as a terminal delivers keys typed quickly: all of them
    queued before the first is handled (``pilot.press`` waits after each)."""
    from textual import events
    from textual.keys import _character_to_key

    for ch in text:
        key = "enter" if ch == "\n" else _character_to_key(ch)
        event = events.Key(key, None if ch == "\n" else ch)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause(0.3)


@run_async
async def test_keys_typed_ahead_after_o_or_colon_go_to_the_command_line() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1")
        await burst(pilot, app, "oA maybe")
        assert not session.game.view("player").tests  # no A, a, b tested
        command = app.query_one("#command")
        assert command.value == "note A maybe"
        await pilot.press("enter")
        assert session.game.notes("player").text.get(0) == "maybe"
        await burst(pilot, app, ":help")
        assert session.game.hints_used("player") == 0  # h took no hint
        assert app.query_one("#command").value == "help"
        await pilot.press("escape")
        await burst(pilot, app, "mb 2 yes\n")
        assert session.game.notes("player").grid[("b", 2)] is True
        assert not session.game.view("player").tests


@run_async
async def test_a_dialog_takes_no_answer_typed_before_it_was_shown(tmp_path: Path) -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    first = tmp_path / "two.json"
    session_of(seed=2).save(str(first))  # another game
    before = first.read_text(encoding="utf-8")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a")
        # the save over two.json asks; the next line's j (and the rest) typed before the
        # question was shown answer nothing and play nothing
        await burst(pilot, app, f":save {first}\n:save x.jsonl")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert first.read_text(encoding="utf-8") == before
        assert len(session.game.view("player").tests) == 1
        await pilot.press("n")
        assert await screen_is(pilot, app, "TableScreen")
        assert first.read_text(encoding="utf-8") == before
        assert not (tmp_path / "x.jsonl").exists() and not Path("x.jsonl").exists()


@run_async
async def test_a_round_resumed_after_testing_ended_untested_says_solve_or_pass(
    tmp_path: Path,
) -> None:
    board = board_module()
    save = tmp_path / "game.json"
    session = session_of()
    session.save_path = save
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("n", "w")  # done testing with no test, saved
        assert session.game.phase("player") == "decide"
    resumed, _ = load_save(str(save))
    app = board.BoardApp(resumed, resumed=True, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "Compose a code" not in app.message
        assert "Testing is over for this round: solve (s) or pass (p)." in app.message


@run_async
async def test_a_test_key_on_an_empty_picker_says_to_fill_the_picker() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("a")
        assert "put a code in the picker first (digits 1–5), then test" in app.message
        assert "compose" not in app.message
        assert not session.game.view("player").tests
        await pilot.press("n", "b")  # testing over: that is what a test key is told
        assert "put a code in the picker" not in app.message


@run_async
async def test_w_in_the_leave_dialog_saves_then_leaves(tmp_path: Path) -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    target = tmp_path / "left.json"
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a", "q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert app.screen.question == "Leave the game? (w saves it first.)"
        await pilot.press("w")
        assert await screen_is(pilot, app, "AskFileScreen")
        await typed(pilot, str(target))
        await pilot.pause(0.2)
    assert app.return_code == 1
    assert len(load_save(str(target))[0].game.view("player").tests) == 1


@run_async
async def test_w_in_the_cover_screens_leave_dialog_saves_then_leaves(tmp_path: Path) -> None:
    board = board_module()
    session = session_of(players="ann,bob")
    app = board.BoardApp(session, compare=False)
    target = tmp_path / "left.json"
    async with app.run_test(size=(100, 30)) as pilot:
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("ctrl+c")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("w")
        assert await screen_is(pilot, app, "AskFileScreen")
        await typed(pilot, str(target))
        await pilot.pause(0.2)
    assert app.return_code == 1
    assert load_save(str(target))[0].game.players == ("ann", "bob")


@run_async
async def test_the_footer_shows_its_keys_before_the_app_has_the_focus() -> None:
    """In a browser page the board starts without the focus (until a key is typed into
    the page): its footer shows its keys all the same."""
    from textual.app import App

    app = board_module().BoardApp(session_of(), compare=False)
    app.set_reactive(App.app_focus, False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "q quit" in await shown(pilot, app)


@run_async
async def test_in_nightmare_at_80x24_the_note_fields_come_into_view_with_their_letters() -> None:
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / "puzzles/nightmare.yaml")))  # 02-N
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "note on A" not in await shown(pilot, app)  # below the cards
        await pilot.press("o")
        await typed(pilot, "D maybe card 14")
        assert app.message == "Note on D kept."
        text = await shown(pilot, app)
        assert re.search(r"D\s*maybe card 14", text), text  # in view, its letter beside it
        # the cursor on the last card brings the notes below it into view, too
        await pilot.press("escape")
        app.query_one("#table").scroll_home(animate=False)
        await pilot.press("tab")
        while app._criterion()[0] != app.card_order[-1]:  # down to the last card
            await pilot.press("down")
        text = await shown(pilot, app)
        assert "note on A" in text and re.search(r"D\s*maybe card 14", text), text


@run_async
async def test_in_german_at_80x24_the_title_and_the_first_message_fit_one_line() -> None:
    from turing import i18n

    i18n.set_language("de")
    try:
        board = board_module()
        # the first message of a game with the default name (Spieler)
        app = board.BoardApp(session_of(), compare=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert "(? oder F1: Hilfe)" in app.message
            lines = (await shown(pilot, app)).splitlines()
            assert any("Spieler: Runde 1." in ln and "Hilfe)" in ln for ln in lines), lines
        # a random puzzle of five verifiers in round 6, 15 tests and a hint in
        loaded = next(
            lo
            for lo in iter_puzzle_file(ROOT / "puzzles/published.yaml")
            if lo.puzzle.verifiers == 5
        )
        session = Session.new(
            loaded.puzzle, loaded.cardset, parse_players("anna"), seed=1, label="random puzzle"
        )
        for _round in range(5):
            for line in ("test 111 A B C", "pass"):
                list(session.run(session.plan("anna", line)))
        list(session.run(session.plan("anna", "hint")))
        app = board.BoardApp(session, resumed=True, compare=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("escape")
            title = app.query_one("#title")
            assert title.region.height == 1, await shown(pilot, app)
            assert "Zufallsrätsel" in str(title.render()), str(title.render())
    finally:
        i18n.set_language("en")


@run_async
async def test_after_a_resume_the_next_seat_is_not_shown_the_game_as_it_stood(
    tmp_path: Path,
) -> None:
    board = board_module()
    save = tmp_path / "hot.json"
    session = session_of(players="ann,bob")
    list(session.run(session.plan("ann", "test 111 A")))
    session.save(str(save))
    resumed, _ = load_save(str(save))
    app = board.BoardApp(resumed, resumed=True, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        # the game as resumed: ann's test of the round in play waits for its reveal
        assert (
            "The game so far (tests before this round): ann: 0 tests, in the game."
            in app.table_log[-1]
        )
        await pilot.press("b", "n", "p")  # ann: a second test, then passes
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.current == "bob"
        # no longer true (ann has made 2 tests and decided): not in bob's test log
        assert not any("The game so far" in line for line in app.table_log[-1:])


@run_async
async def test_after_a_solo_resume_the_game_as_it_stood_goes_once_the_player_plays_on(
    tmp_path: Path,
) -> None:
    # a solo game has no next seat: the recap's counts go with the player's next move
    board = board_module()
    save = tmp_path / "solo.json"
    session = session_of()
    list(session.run(session.plan("player", "compose 111; test A B C")))
    list(session.run(session.plan("player", "pass")))
    session.save(str(save))
    resumed, _ = load_save(str(save))
    app = board.BoardApp(resumed, resumed=True, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "The game so far: player: 3 tests, in the game." in app.table_log[-1]
        await pilot.press("2", "2", "2", "a")
        await settle(pilot, app)
        assert resumed.game.tests_used("player") == 4
        assert not any("The game so far" in line for line in app.table_log[-1:])


@pytest.mark.parametrize(
    ("file", "shown", "left_out"),
    [
        ("puzzles/extreme.yaml", "e.g. 4.2: card 4, criterion 2", "A 2 or 4.2"),
        ("puzzles/nightmare.yaml", "e.g. 4.2: card 4, criterion 2", "strike V K"),
    ],
)
@run_async
async def test_where_criteria_are_named_by_card_the_help_shows_only_that_form(
    file: str, shown: str, left_out: str
) -> None:
    board = board_module()
    loaded = next(iter(iter_puzzle_file(ROOT / file)))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(app.screen.query_one("#help-body").query_one("Static").content)
        text = console.export_text()
        assert shown in text and "strike CARD.K" in text, text
        assert left_out not in text and "strike V K" not in text, text


@pytest.fixture
def ascii_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board as drawn on a terminal in ASCII (``PYTHONIOENCODING=ascii``)."""
    pytest.importorskip("textual")
    from textual.scrollbar import ScrollBar

    from turing.ui import board

    monkeypatch.setattr(ScrollBar, "renderer", ScrollBar.renderer)  # set back after the test
    monkeypatch.setattr(sys, "__stderr__", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    monkeypatch.setattr(board, "draws_ascii", lambda: True)


@run_async
async def test_the_german_header_and_footer_fit_as_an_ascii_terminal_writes_them(
    ascii_terminal: None,
) -> None:
    from turing import i18n

    i18n.set_language("de")
    board = board_module()
    # one line of 78 cells in UTF-8; 80 where Rätsel and Prüfer are written Raetsel, Pruefer
    app = board.BoardApp(session_of(players="bartholomew12"), compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = await shown(pilot, app)
        lines = [line.strip() for line in text[text.index("Runde 1") :].splitlines()[:2]]
        assert lines == [
            "Runde 1 . bartholomew12 . Raetsel . Klassisch . 4 Pruefer . Tests 0",
            "Hinweise 0",
        ], lines
        keys = await footer_keys(pilot, app, 80)  # whole, or left out from the last on
        assert list(keys)[:3] == ["tab", "q", "space"], keys
        assert keys["q"] == "beenden"
        await pilot.resize_terminal(120, 24)
        await pilot.pause(0.2)
        keys = await footer_keys(pilot, app, 120)  # room for all of them again
        assert set(keys) == {"q", "tab", "space", "o", "colon", "w", "pageup"}
        await pilot.press("tab", "tab")  # the grid: Space marks, the longest word
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert (await footer_keys(pilot, app, 80))["space"] == "markieren"


@run_async
async def test_the_german_help_of_an_ascii_board_names_keys_without_arrows(
    ascii_terminal: None,
) -> None:
    # Bild↑ would be drawn Bild^, and ^ is the shape ▲ there
    from turing import i18n

    i18n.set_language("de")
    board = board_module()
    app = board.BoardApp(session_of(), compare=False)
    async with app.run_test(size=(120, 50)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        text = await shown(pilot, app)
        assert "PageUp, PageDown" in text, text
        assert "Pfeiltasten" in text, text
        assert "Bild↑" not in text and "Bild^" not in text, text
