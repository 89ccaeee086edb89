"""The pins on the Mastermind board read: each pin stands out from what is drawn behind it
(a contrast of at least 4.5:1), and hit pins and white pins keep shapes of their own (● and
○), so they tell apart without colour."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from testsupport.pilot import run_async
from turing.mastermind.match import Match, Seat
from turing.mastermind.presets import get_preset
from turing.mastermind.scoring import feedback
from turing.mastermind.strategies import make_strategy

YOU = Seat("You", human=True)
COMPUTER = Seat("Computer", human=False, strategy="most-parts")


def luminance(triplet: Any) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(triplet.red)
        + 0.7152 * channel(triplet.green)
        + 0.0722 * channel(triplet.blue)
    )


def contrast(fore: Any, back: Any) -> float:
    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("name", ["classic", "superhirn"])
@run_async
async def test_black_and_white_pins_read_against_their_strip(name: str) -> None:
    pytest.importorskip("textual")
    from turing.ui.mastermind_board import MastermindBoardApp

    preset = get_preset(name)
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=0, seed=3)
    app = MastermindBoardApp(match, {"most-parts": make_strategy("most-parts", seed=1)})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        secret = match.secret
        assert secret is not None
        guess = next(
            code
            for code in itertools.product(
                range(len(preset.palette.colours)), repeat=preset.positions
            )
            if (fb := feedback(secret, code)).black and fb.white
        )
        keys = [preset.palette.colour(s).key.lower() for s in guess]
        await pilot.press(*keys, "enter")
        await pilot.pause(0.2)
        widget = app.query_one("#board-0")
        pins = {}
        for line in widget.render_lines(widget.region.reset_offset):
            for segment in line:
                for glyph in "●○":
                    if glyph in segment.text and segment.style is not None:
                        color, bgcolor = segment.style.color, segment.style.bgcolor
                        assert color is not None and bgcolor is not None, segment
                        fore, back = color.get_truecolor(), bgcolor.get_truecolor()
                        pins[glyph] = contrast(fore, back)
        assert set(pins) == {"●", "○"}, pins  # a hit pin and a white pin, by shape
        for glyph, ratio in pins.items():
            assert ratio >= 4.5, (glyph, ratio)
