"""Helpers for tests that drive a Textual board through its ``Pilot``."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any


def run_async(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """A pilot test as a plain test function (the pilot needs an event loop)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def screen_is(pilot: Any, app: Any, name: str) -> bool:
    """Wait (up to a few seconds on a busy machine) for the screen called ``name``."""
    for _ in range(100):
        if type(app.screen).__name__ == name:
            await pilot.pause(0.05)
            return True
        await pilot.pause(0.05)
    return False


async def screen_text(pilot: Any, app: Any) -> str:
    """The text on the screen once it is drawn (the SVG screenshot without its markup)."""
    import html
    import re

    await pilot.pause(0.1)
    svg = app.export_screenshot()
    return str(html.unescape(re.sub(r"<[^>]+>", "", svg))).replace("\xa0", " ")


async def typed(pilot: Any, text: str) -> None:
    """Type ``text`` key by key, then Enter."""
    from textual.keys import _character_to_key

    await pilot.press(*[_character_to_key(ch) for ch in text], "enter")


async def settled(pilot: Any, app: Any) -> None:
    """Wait (up to a few seconds) until the criteria board has no best-test search running."""
    await pilot.pause(0.1)
    for _ in range(100):
        await pilot.pause(0.05)
        if app._best is None:
            return
