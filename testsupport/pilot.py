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
