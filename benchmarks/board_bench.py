"""The boards' speed: start-up to the first screen, and how long a click takes to answer.

Start-up runs in a fresh interpreter each time (the board on the sample puzzle, driven by
Textual's pilot until its first screen is drawn), side by side with ``python -c pass``
and an empty Textual app started the same way.

A click is timed as the player waits for it: from the mouse button reaching the app
(a ``MouseDown`` and a ``MouseUp`` posted to the app's queue, as the terminal driver
posts them; the app makes the ``Click`` from them) to the first frame that shows the
click's effect, encoded as the escape sequences the terminal is sent (the compositor's
update rendered to segments; only the write to the terminal itself is left out). The
time is taken inside the app: a subclass notes the clock when the frame is made. Textual's
pilot is not in the measured path (its ``click`` waits for the whole process to go idle,
which costs more than a hundred milliseconds on its own). Side by side, in the same run:

- an empty Textual app whose label counts its clicks (the baseline: Textual's own cost);
- the criteria board: a click on a cell of the digit grid (the session marks it, the
  board draws the grid again);
- the Mastermind board: a click on a peg of the palette, then on the erase button.

    python benchmarks/board_bench.py [--repeat 5] [--clicks 40] [--no-startup]
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from testsupport.bench import interleaved, median, ratio_line

BOARD_START = """
import asyncio
from turing.cli.play import open_session
from turing.ui.board import BoardApp

async def main():
    session, _ = open_session(None, None, False, None, None, None, None, None, None, None,
                              1, None, None, None, None, False)
    app = BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        while app.current is None:
            await pilot.pause(0.01)

asyncio.run(main())
"""

EMPTY_START = """
import asyncio
from textual.app import App
from textual.widgets import Static

class Empty(App[None]):
    def compose(self):
        yield Static("empty")

async def main():
    async with Empty().run_test(size=(100, 30)) as pilot:
        await pilot.pause()

asyncio.run(main())
"""


def run_python(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], check=True)


def frame_clock(base: type[Any]) -> type[Any]:
    """``base`` (a Textual app) that times each click from its mouse button to its frame."""
    from textual._compositor import CompositorUpdate

    class Timed(base):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.clock_start: float | None = None
            self.clock_changed: Callable[[], bool] = lambda: False
            self.clock_done = asyncio.Event()
            self.clock_times: list[float] = []

        def _display(self, screen: Any, renderable: Any) -> None:
            super()._display(screen, renderable)
            if renderable is None or self.clock_start is None or not self.clock_changed():
                return
            if isinstance(renderable, CompositorUpdate):
                renderable.render_segments(self.console)  # what a terminal would be sent
            self.clock_times.append(time.perf_counter() - self.clock_start)
            self.clock_start = None
            self.clock_done.set()

    # a relative stylesheet is found beside the module of the class that names it
    paths = base.CSS_PATH
    if paths:
        here = Path(inspect.getfile(base)).parent
        listed = paths if isinstance(paths, list) else [paths]
        Timed.CSS_PATH = [here / path for path in listed]
    return Timed


def differs(read: Callable[[], object]) -> Callable[[], bool]:
    """True once ``read()`` gives something else than it gives now."""
    before = read()
    return lambda: read() != before


async def click(
    app: Any, widget: Any, offset: tuple[int, int], changed: Callable[[], bool]
) -> None:
    """Press and release the mouse button on ``widget`` as the driver would; wait for the
    frame that shows the change."""
    from textual import events
    from textual.pilot import _get_mouse_message_arguments

    arguments = _get_mouse_message_arguments(widget, offset, button=1)
    app.clock_done.clear()
    app.clock_changed = changed
    app.clock_start = time.perf_counter()
    app.post_message(events.MouseDown(**arguments))
    app.post_message(events.MouseUp(**arguments))
    await asyncio.wait_for(app.clock_done.wait(), timeout=10)
    # a player clicks again no sooner than this (a button takes no second press while it
    # shows the first: 0.2 s)
    await asyncio.sleep(0.25)


async def empty_clicks(clicks: int) -> list[float]:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Empty(App[None]):
        count = 0

        def compose(self) -> ComposeResult:
            yield Static("empty", id="label")

        def on_click(self) -> None:
            self.count += 1
            self.query_one("#label", Static).update(f"clicked {self.count}")

    app = frame_clock(Empty)()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        label = app.query_one("#label")
        for _ in range(clicks):
            await click(app, label, (1, 0), differs(lambda: app.count))
    times: list[float] = app.clock_times
    return times


async def board_clicks(clicks: int) -> list[float]:
    from turing.cli.play import open_session
    from turing.ui.board import BoardApp

    session, _ = open_session(
        None, None, False, None, None, None, None, None, None, None, 1, None, None, None, None,
        False,
    )  # fmt: skip
    app = frame_clock(BoardApp)(session, compare=False)
    notes = session.game.notes("player")
    async with app.run_test(size=(100, 30)) as pilot:
        while app.current is None:
            await pilot.pause(0.01)
        await pilot.pause(0.2)
        grid = app.query_one("#grid")
        for _ in range(clicks):
            await click(app, grid, (8, 1), differs(lambda: notes.grid.get(("b", 1))))
    times: list[float] = app.clock_times
    return times


async def mastermind_clicks(clicks: int) -> list[float]:
    from turing.mastermind.match import Match, Seat
    from turing.mastermind.presets import get_preset
    from turing.mastermind.strategies import make_strategy
    from turing.ui.mastermind_board import MastermindBoardApp

    seats = (Seat("You", human=True), Seat("Computer", human=False, strategy="most-parts"))
    match = Match(get_preset("classic"), seats, games=2, first_breaker=0, seed=1)
    strategies = {"most-parts": make_strategy("most-parts", seed=1)}
    app = frame_clock(MastermindBoardApp)(match, strategies)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.3)
        palette, erase = app.query_one("#palette"), app.query_one("#do-erase")
        for i in range(clicks):
            target, offset = (palette, (7, 0)) if i % 2 == 0 else (erase, (1, 0))
            await click(app, target, offset, differs(lambda: len(app.entry)))
    times: list[float] = app.clock_times
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--no-startup", action="store_true", help="Time the clicks only.")
    args = parser.parse_args()
    if not args.no_startup:
        times = interleaved(
            {
                "pass": lambda: run_python("pass"),
                "empty": lambda: run_python(EMPTY_START),
                "board": lambda: run_python(BOARD_START),
            },
            repeat=args.repeat,
        )
        board, empty = median(times["board"]), median(times["empty"])
        bare = median(times["pass"])
        print(f"start-up to the first screen (median of {args.repeat}, fresh interpreters)")
        print(ratio_line("board vs python -c pass", board, bare))
        print(ratio_line("board vs an empty Textual app", board, empty))

    async def all_clicks() -> tuple[list[float], list[float], list[float]]:
        # each app in turn, twice, so that a disturbance of the machine hits them alike
        empty: list[float] = []
        board: list[float] = []
        mastermind: list[float] = []
        half = max(1, args.clicks // 2)
        for _ in range(2):
            empty += await empty_clicks(half)
            board += await board_clicks(half)
            mastermind += await mastermind_clicks(half)
        return empty, board, mastermind

    empty_times, board_times, mastermind_times = asyncio.run(all_clicks())
    empty_ms = median(empty_times) * 1000
    print(
        f"a click, from the mouse button reaching the app to the frame that shows it "
        f"(median of {len(board_times)})"
    )
    print(ratio_line("criteria board: grid cell vs an empty app", median(board_times) * 1000,
                     empty_ms, unit="ms"))  # fmt: skip
    print(ratio_line("Mastermind board: peg/erase vs an empty app",
                     median(mastermind_times) * 1000, empty_ms, unit="ms"))  # fmt: skip
    for label, clicks in (("criteria board", board_times), ("Mastermind board", mastermind_times)):
        ranked = sorted(clicks)
        tail = ranked[int(0.9 * (len(ranked) - 1))] * 1000
        print(
            f"  {label}: 9 clicks in 10 within {tail:.1f} ms, "
            f"the slowest {ranked[-1] * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
