"""The arrow keys on the board's table follow what is drawn: ↑ ↓ to the criterion drawn
above or below the cursor, ← → to the one drawn beside it, stopping at the edges."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from testsupport.pilot import run_async
from testsupport.pilot import settled as settle
from turing.core.puzzle import iter_puzzle_file
from turing.play.session import Session, parse_players

ROOT = Path(__file__).resolve().parent.parent.parent


def board_app(file: str) -> Any:
    pytest.importorskip("textual")
    from turing.ui import board

    loaded = next(iter(iter_puzzle_file(ROOT / file)))
    session = Session.new(loaded.puzzle, loaded.cardset, parse_players(None), seed=1)
    return board.BoardApp(session, compare=False)


def under_cursor(app: Any) -> tuple[int, int]:
    """The card and criterion the message line names for the cursor."""
    found = re.search(r"card (\d+), criterion (\d+)", app.message)
    assert found, app.message
    return int(found[1]), int(found[2])


def drawn_at(app: Any, card: int, position: int) -> tuple[int, int]:
    """Where a criterion is drawn on the screen: (line, column of its number)."""
    widget = app.query_one(f"#card-{card}")
    lines = widget.render_lines(widget.region.reset_offset)
    texts = ["".join(segment.text for segment in line) for line in lines]
    crit = next(c for c in app.session.game.cardset.card(card).criteria if c.position == position)
    text = f"{position} {crit.text_in('en')}"[:20]  # a long one wraps within the card
    for row, line in enumerate(texts):
        column = line.find(text)
        if column >= 0:
            return widget.region.y + row, widget.region.x + column
    raise AssertionError((card, text, texts))


async def walk(pilot: Any, app: Any, key: str) -> list[tuple[int, int]]:
    """The criteria the cursor visits pressing ``key`` until it stays."""
    seen = [under_cursor(app)]
    while True:
        await pilot.press(key)
        here = under_cursor(app)
        if here == seen[-1]:
            return seen
        assert here not in seen, (seen, here)  # no wrapping round
        seen.append(here)


@pytest.mark.parametrize(
    ("file", "size"),
    [
        ("puzzles/nightmare.yaml", (80, 24)),
        ("puzzles/nightmare.yaml", (120, 40)),
        ("puzzles/sample.yaml", (80, 24)),
        ("puzzles/extreme.yaml", (80, 24)),
        ("puzzles/extreme.yaml", (120, 40)),
    ],
)
@run_async
async def test_down_and_up_go_to_what_is_drawn_below_and_above_and_stop(
    file: str, size: tuple[int, int]
) -> None:
    app = board_app(file)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("tab")
        down = await walk(pilot, app, "down")
        places = [drawn_at(app, *spot) for spot in down]
        # each step down goes to a lower line, the nearest one drawn in the column
        for (row, _column), (next_row, _next_column) in itertools.pairwise(places):
            assert next_row > row, (down, places)
        # a card whose criteria stand one per line: every one of them in turn
        for card in {card for card, _position in down}:
            rows = [
                drawn_at(app, card, c.position)[0]
                for c in app.session.game.cardset.card(card).criteria
            ]
            if len(set(rows)) == len(rows) and (card, 1) in down:
                start = down.index((card, 1))
                assert [p for _c, p in down[start : start + len(rows)]] == list(
                    range(1, len(rows) + 1)
                ), (card, down)
        up = await walk(pilot, app, "up")
        assert up[-1][0] == down[0][0]  # back to the first card, and no further


@run_async
async def test_down_from_a_criterion_of_a_card_one_per_line_goes_to_the_next_line() -> None:
    """02-N at 80×24: card 10 shows its criteria one per line; from its criterion 2, Down
    goes to its criterion 3, drawn below (not to card 14)."""
    app = board_app("puzzles/nightmare.yaml")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("tab", "down", "down")
        assert under_cursor(app) == (10, 1)
        await pilot.press("down")
        assert under_cursor(app) == (10, 2)
        await pilot.press("down")
        assert under_cursor(app) == (10, 3)
        await pilot.press("right")  # nothing drawn to its right: it stays
        assert under_cursor(app) == (10, 3)


@run_async
async def test_left_and_right_go_to_what_is_drawn_beside_in_two_columns() -> None:
    app = board_app("puzzles/extreme.yaml")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("tab")
        right = await walk(pilot, app, "right")
        rows = {drawn_at(app, *spot)[0] for spot in right}
        assert len(rows) == 1, right  # along one line of the screen
        assert len({card for card, _position in right}) == 2  # into the card on the right
        left = await walk(pilot, app, "left")
        assert left == right[::-1]


@run_async
async def test_the_grid_cursor_stops_at_the_grids_edges() -> None:
    app = board_app("puzzles/sample.yaml")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("tab", "tab")
        first = app.message
        await pilot.press("up", "left")
        assert app.message == first  # the first cell still
        await pilot.press(*["down", "right"] * 6)
        last = app.message
        await pilot.press("down", "right")
        assert app.message == last != first
