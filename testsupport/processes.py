"""The processes running on this machine, as the tests of commands that start others
(worker processes, served boards) look for the ones left behind."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest


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


def unprivileged() -> list[str]:
    """The words that run a command without the power to write where its permission bits
    forbid it, as any user but root runs: nothing for such a user; for root, ``setpriv``
    without the capabilities that override the bits. The calling test is skipped where
    neither can be had."""
    if os.geteuid() != 0:
        return []
    words = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--"]
    if shutil.which("setpriv") is None:
        pytest.skip("root without setpriv writes anywhere")
    folder = Path(tempfile.mkdtemp(prefix="turing-ro-"))
    try:
        folder.chmod(0o555)
        probe = subprocess.run([*words, "test", "-w", str(folder)], check=False)
    finally:
        folder.rmdir()
    if probe.returncode != 1:  # 0: still writes there; else setpriv failed
        pytest.skip("root's capabilities cannot be dropped here")
    return words
