"""A note is free text: ';' in it never runs another command, at the prompt (only
``note A;``, the ';' right after the letter, clears the note and goes on) and on the board's
``o`` line (which only ever sets a note)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from testsupport.pilot import run_async, typed
from testsupport.pilot import screen_text as shown
from testsupport.pilot import settled as settle
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, parse_players


def session_of(hints: bool = True) -> Session:
    return Session.new(
        load_puzzle(sample_puzzle_path()),
        load_cardset("classic"),
        parse_players(None),
        seed=1,
        hints=hints,
    )


def test_a_note_starting_with_a_semicolon_is_a_note_at_the_prompt() -> None:
    script = "note B keep me\nnote B ;p\nt 241 a; note C ; giveup\nnote D x\nnote D; show\n"
    result = CliRunner().invoke(main, ["play", "--seed", "1"], input=script)
    out = result.output
    assert "Note on B: ;p" in out
    assert "Note on C: ; giveup" in out
    assert "passes" not in out and "gives up" not in out
    assert "Note on B cleared." not in out
    assert "Note on D cleared." in out  # note D; with the ';' right after the letter
    assert "Notes: B: ;p · C: ; giveup" in out.split("Note on D cleared.")[1], out


def test_help_note_says_how_a_note_is_cleared_and_goes_on() -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1"], input="help note\n")
    text = " ".join(result.output.split())
    assert "note A ;p notes ';p'" in text and "(note A; test B)" in text


def board_app(session: Session) -> object:
    pytest.importorskip("textual")
    from turing.ui.board import BoardApp

    return BoardApp(session, compare=False)


@run_async
async def test_the_board_note_line_only_ever_sets_a_note() -> None:
    session = session_of()
    app = board_app(session)
    async with app.run_test(size=(120, 40)) as pilot:  # type: ignore[attr-defined]
        await settle(pilot, app)
        await pilot.press("o")
        await typed(pilot, "B ;p")
        await settle(pilot, app)
        await pilot.press("o")
        await typed(pilot, "A ;giveup")
        await settle(pilot, app)
        assert type(app.screen).__name__ != "ConfirmScreen"  # type: ignore[attr-defined]
        await pilot.press("o")
        await pilot.press("ctrl+u")  # the note's word gone: still only a note
        await typed(pilot, "p")
        await settle(pilot, app)
        assert "this line sets a note: note V TEXT" in await shown(pilot, app)
        await pilot.press("q")
    game = session.game
    assert game.notes("player").text == {1: ";p", 0: ";giveup"}
    assert game.round == 1 and game.phase("player") != "decide"
    assert not game.over
