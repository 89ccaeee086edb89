"""Helpers for tests that drive a Textual board through its ``Pilot``."""

from __future__ import annotations

from typing import Any


async def screen_is(pilot: Any, app: Any, name: str) -> bool:
    """Wait (up to a few seconds on a busy machine) for the screen called ``name``."""
    for _ in range(100):
        if type(app.screen).__name__ == name:
            await pilot.pause(0.05)
            return True
        await pilot.pause(0.05)
    return False
