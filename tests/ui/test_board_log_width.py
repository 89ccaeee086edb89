"""The criteria board's test log is as wide as its panel: the game as it stood when
resumed, above the rows, breaks at the panel's width, not at the rows' columns'."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region

from testsupport.pilot import run_async, screen_is
from testsupport.pilot import settled as settle
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, load_save, parse_players


def resumed_in_round_two(tmp_path: Path) -> Session:
    """ann and bob, one test each in round 1, saved and loaded again."""
    session = Session.new(
        load_puzzle(sample_puzzle_path()),
        load_cardset("classic"),
        parse_players("ann,bob"),
        seed=1,
    )
    for name in ("ann", "bob"):
        for line in ("test 123 A", "pass"):
            list(session.run(session.plan(name, line)))
    assert session.game.round == 2
    save = tmp_path / "game.json"
    session.save(str(save))
    resumed, _ = load_save(str(save))
    return resumed


def log_lines(app: Any) -> list[str]:
    log = app.query_one("#log")
    strips = log.render_lines(Region(0, 0, log.size.width, log.size.height))
    return [strip.text.rstrip() for strip in strips]


@pytest.mark.parametrize("size", [(160, 50), (80, 24)])
@run_async
async def test_the_resumed_games_recap_in_the_log_breaks_at_the_panels_width(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    pytest.importorskip("textual")
    from turing.ui import board

    app = board.BoardApp(resumed_in_round_two(tmp_path), resumed=True, compare=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await settle(pilot, app)
        width = app.query_one("#log").content_size.width
        lines = log_lines(app)
        text = " ".join(lines)
        assert "Resumed in round 2." in text, lines
        # the recap's lines before its last are nearly full: broken at the panel's width
        start = next(i for i, line in enumerate(lines) if line.startswith("Resumed"))
        end = next(i for i, line in enumerate(lines) if "bob:" in line)
        recap = lines[start : end + 1]
        for line in recap[:-1]:
            assert len(line) > width - 15, (width, recap)
        assert all(len(line) <= width for line in lines), (width, lines)
