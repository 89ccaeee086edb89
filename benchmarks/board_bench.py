"""The board's speed: start-up to the first screen, and the time a click takes to answer.

Start-up runs in a fresh interpreter each time (the board on the sample puzzle, driven by
Textual's pilot until its first screen is drawn), side by side with ``python -c pass``
and an empty Textual app started the same way. A click is timed in one process: a click
on the digit grid (the session marks the digit, the board draws the seat again) against
a click on an empty app's label, median of many.

    python benchmarks/board_bench.py [--repeat 5] [--clicks 40]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import time
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


async def click_times(clicks: int) -> tuple[list[float], list[float]]:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    from turing.cli.play import open_session
    from turing.ui.board import BoardApp

    session, _ = open_session(
        None, None, False, None, None, None, None, None, None, None, 1, None, None, None, None,
        False,
    )  # fmt: skip
    board = BoardApp(session, compare=False)
    board_times: list[float] = []
    async with board.run_test(size=(100, 30)) as pilot:
        while board.current is None:
            await pilot.pause(0.01)
        grid = board.query_one("#grid")
        for _ in range(clicks):
            start = time.perf_counter()
            await pilot.click(grid, offset=(8, 1))
            await pilot.pause()
            board_times.append(time.perf_counter() - start)

    class Empty(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("empty", id="label")

    empty = Empty()
    empty_times: list[float] = []
    async with empty.run_test(size=(100, 30)) as empty_pilot:
        label: Any = empty.query_one("#label")
        for _ in range(clicks):
            start = time.perf_counter()
            await empty_pilot.click(label)
            await empty_pilot.pause()
            empty_times.append(time.perf_counter() - start)
    return board_times, empty_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=40)
    args = parser.parse_args()
    times = interleaved(
        {
            "pass": lambda: run_python("pass"),
            "empty": lambda: run_python(EMPTY_START),
            "board": lambda: run_python(BOARD_START),
        },
        repeat=args.repeat,
    )
    board, empty, bare = median(times["board"]), median(times["empty"]), median(times["pass"])
    print(f"start-up to the first screen (median of {args.repeat}, fresh interpreters)")
    print(ratio_line("board vs python -c pass", board, bare))
    print(ratio_line("board vs an empty Textual app", board, empty))
    board_clicks, empty_clicks = asyncio.run(click_times(args.clicks))
    print(f"a click until the screen is drawn again (median of {args.clicks})")
    print(
        ratio_line(
            "grid click vs a click on an empty app",
            median(board_clicks) * 1000,
            median(empty_clicks) * 1000,
            unit="ms",
        )
    )


if __name__ == "__main__":
    main()
