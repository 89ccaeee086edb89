"""Below the board's smallest size a question still opens, and it fits: both buttons
whole with their keys, and the message line whole below the notice, in English and in
German."""

from __future__ import annotations

from typing import Any

import pytest

from testsupport.pilot import run_async, screen_is
from testsupport.pilot import settled as settle
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, parse_players


def drawn(widget: Any) -> str:
    """The text a widget shows on the screen, its lines joined by spaces."""
    lines = widget.render_lines(widget.region.reset_offset)
    return " ".join("".join(segment.text for segment in line).strip() for line in lines)


@pytest.mark.parametrize(
    ("language", "yes", "no", "end"),
    [("en", "Yes (y)", "No (n)", "(? or F1: help)"), ("de", "Ja (j)", "Nein (n)", "Hilfe)")],
)
@run_async
async def test_the_leave_question_and_the_message_line_fit_40_by_15(
    language: str, yes: str, no: str, end: str
) -> None:
    from turing import i18n

    i18n.set_language(language)
    pytest.importorskip("textual")
    from turing.ui import board

    session = Session.new(
        load_puzzle(sample_puzzle_path()), load_cardset("classic"), parse_players(None), seed=1
    )
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(40, 15)) as pilot:
        await settle(pilot, app)
        message = app.query_one("#message")
        assert drawn(message).endswith(end), drawn(message)
        await pilot.press("q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        dialog = app.screen.query_one(".dialog")
        for button, label in (("#confirm-yes", yes), ("#confirm-no", no)):
            widget = app.screen.query_one(button)
            assert drawn(widget).strip("▔▁ ") == label  # within its edges
            assert dialog.region.contains_region(widget.region)
