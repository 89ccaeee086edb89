"""The processes running on this machine, as the tests of commands that start others
(worker processes, served boards) look for the ones left behind."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path


def processes_where(part: str, holds: Callable[[bytes], bool]) -> list[int]:
    """The ids of the processes whose ``/proc/ID/part`` (``cmdline``, ``environ``) the
    test ``holds`` accepts; those that end meanwhile, or cannot be read, are left out."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / part).read_bytes()
        except OSError:
            continue
        if holds(text):
            found.append(int(entry.name))
    return found
