"""Whether a button of the board can be used reads without colour: a verifier tested this
round shows its answer, a button that cannot be used now has its word in brackets, and
the buttons keep their widths."""

from __future__ import annotations

from typing import Any

import pytest

from testsupport.pilot import run_async
from testsupport.pilot import settled as settle
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, parse_players


def board_app() -> Any:
    pytest.importorskip("textual")
    from turing.ui import board

    session = Session.new(
        load_puzzle(sample_puzzle_path()), load_cardset("classic"), parse_players(None), seed=1
    )
    return board.BoardApp(session, compare=False)


def labels(app: Any) -> dict[str, str]:
    return {
        button.id: str(button.label)
        for button in app.query("Button")
        if button.id.startswith(("test-", "do-"))
    }


def widths(app: Any) -> dict[str, int]:
    return {
        button.id: button.region.width
        for button in app.query("Button")
        if button.id.startswith(("test-", "do-"))
    }


@run_async
async def test_a_tested_verifier_shows_its_answer_and_unusable_buttons_their_brackets() -> None:
    app = board_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        before = widths(app)
        await pilot.press("2")  # a code half typed: no test, no solve
        await pilot.pause(0.1)
        shown = labels(app)
        assert shown["test-0"] == "[A]" and shown["do-solve"] == "[solve s]"
        assert shown["do-done"] == " done n "
        await pilot.press("4", "1", "a")  # 241 is the solution: A says ✔
        await pilot.pause(0.1)
        shown = labels(app)
        assert shown["test-0"] == "[A✔]"  # tested: its answer, and no second test
        assert shown["test-1"] == " B " and shown["do-solve"] == " solve s "
        assert widths(app) == before
        await pilot.press("b", "c", "n")
        await pilot.pause(0.1)
        shown = labels(app)
        assert shown["test-3"] == "[D]" and shown["do-done"] == "[done n]"
        assert widths(app) == before
