"""The Mastermind board on a terminal too small for it, through Textual's pilot: a notice
takes the board's place and its keys play nothing unseen; grown again, the board and its
title in full words are back."""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import pytest

from turing.mastermind.match import Match, Seat
from turing.mastermind.presets import get_preset
from turing.mastermind.strategies import make_strategy

YOU = Seat("You", human=True)
COMPUTER = Seat("Computer", human=False, strategy="most-parts")


async def shown(pilot: Any, app: Any) -> str:
    await pilot.pause(0.2)
    svg = app.export_screenshot()
    text = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")
    return " ".join(text[text.index(app.TITLE) :].split())  # lines wrapped joined again


async def play_small_then_large() -> None:
    pytest.importorskip("textual")
    from turing.ui.mastermind_board import MastermindBoardApp

    match = Match(get_preset("classic"), (YOU, COMPUTER), games=2, first_breaker=0, seed=1)
    app = MastermindBoardApp(match, {"most-parts": make_strategy("most-parts", seed=1)})
    async with app.run_test(size=(30, 12)) as pilot:
        text = await shown(pilot, app)
        assert "too small for the board" in text, text
        assert "row 1 of 10" not in text
        await pilot.press("r", "g", "b", "y", "enter")  # played unseen it would be a row
        await pilot.pause(0.2)
        assert not match.rows
        await pilot.resize_terminal(100, 30)
        text = await shown(pilot, app)
        assert "too small" not in text
        assert "row 1 of 10" in text
        assert "game 1 of 2" in text, text  # not the short title of the narrow screen
        await pilot.press("r", "g", "b", "y", "enter")
        await pilot.pause(0.2)
        assert len(match.rows) == 1


def test_a_screen_too_small_shows_a_notice_until_it_grows() -> None:
    asyncio.run(play_small_then_large())


async def duel_at(size: tuple[int, int]) -> tuple[str, Any]:
    pytest.importorskip("textual")
    from turing.mastermind.match import Duel
    from turing.ui.mastermind_board import MastermindBoardApp

    duel = Duel(get_preset("logik"), (YOU, COMPUTER), games=1, seed=5)
    app = MastermindBoardApp(duel, {"most-parts": make_strategy("most-parts", seed=1)})
    async with app.run_test(size=size) as pilot:
        text = await shown(pilot, app)
        boards = [app.query_one(f"#board-{i}").region for i in (0, 1)]
        return text, boards


def test_a_duel_whose_two_boards_do_not_fit_side_by_side_shows_the_notice() -> None:
    text, _boards = asyncio.run(duel_at((60, 20)))
    assert "too small for the board" in text, text
    # wide enough, both boards are drawn whole within the screen
    text, boards = asyncio.run(duel_at((80, 24)))
    assert "too small" not in text, text
    assert all(region.right <= 80 for region in boards), boards


async def buttons_at(width: int) -> tuple[str, Any, Any]:
    pytest.importorskip("textual")
    from turing.ui.mastermind_board import MastermindBoardApp

    match = Match(get_preset("classic"), (YOU, COMPUTER), games=2, first_breaker=0, seed=5)
    app = MastermindBoardApp(match, {"most-parts": make_strategy("most-parts", seed=1)})
    async with app.run_test(size=(width, 20)) as pilot:
        text = await shown(pilot, app)
        quit_button = app.query_one("#do-leave").region
        await pilot.press("q")  # under the notice too, q leaves (asking first)
        await pilot.pause(0.2)
        return text, quit_button, app.screen


def test_a_screen_too_narrow_for_the_row_of_buttons_shows_the_notice_and_q_still_leaves() -> None:
    # at 50x20 the row of buttons (erase, enter, hint, give up, quit) would lose quit
    text, _button, screen = asyncio.run(buttons_at(50))
    assert "too small for the board (needs at least 52×14)" in text, text
    assert type(screen).__name__ == "ConfirmScreen"
    # as wide as it says, every button is whole on the screen, quit the last
    text, button, screen = asyncio.run(buttons_at(52))
    assert "too small" not in text and "quit q" in text, text
    assert 0 < button.right <= 52, button
    assert type(screen).__name__ == "ConfirmScreen"


async def left_under_the_notice(key: str) -> tuple[str, int | None]:
    """The board at 50×20, under the notice: ``key`` pressed, then ``y`` if it asks; the
    question asked and the board's exit status."""
    pytest.importorskip("textual")
    from turing.ui.mastermind_board import MastermindBoardApp

    match = Match(get_preset("classic"), (YOU, COMPUTER), games=2, first_breaker=0, seed=1)
    app = MastermindBoardApp(match, {"most-parts": make_strategy("most-parts", seed=1)})
    async with app.run_test(size=(50, 20)) as pilot:
        assert "too small for the board" in await shown(pilot, app)
        await pilot.press(key)
        await pilot.pause(0.2)
        question = getattr(app.screen, "question", "")
        await pilot.press("y")
        await pilot.pause(0.2)
    return question, app.return_code


@pytest.mark.parametrize("key", ["q", "ctrl+c", "ctrl+q"])
def test_under_the_notice_ctrl_c_and_ctrl_q_leave_as_q_does(key: str) -> None:
    question, code = asyncio.run(left_under_the_notice(key))
    assert question.startswith("Leave the match?"), question
    assert code == 1
