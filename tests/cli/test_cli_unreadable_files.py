"""A puzzle file without permission to read it: ``check`` and ``solve`` say so in one line
naming the file and go on with the rest, as for a missing file; ``analyze`` refuses in one
line. Run as root, a forked child gives up root first (root reads every file)."""

from __future__ import annotations

import os
import shutil
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

from testsupport.cli import PUZZLES, run


def as_ordinary_user(cases: Callable[[], None]) -> None:
    """Run ``cases`` as an ordinary user: here, or in a child that is not root."""
    if os.geteuid() != 0:
        cases()
        return
    pid = os.fork()
    if pid == 0:  # the child: no root from here on
        code = 1
        try:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            cases()
            code = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the cases failed as an ordinary user"


def test_an_unreadable_puzzle_file_is_said_and_the_rest_still_read() -> None:
    folder = Path(tempfile.mkdtemp(prefix="turing-unreadable-"))
    try:
        folder.chmod(0o755)
        sound = folder / "sample.yaml"
        shutil.copyfile(PUZZLES / "sample.yaml", sound)
        sound.chmod(0o644)
        locked = folder / "locked.yaml"
        shutil.copyfile(PUZZLES / "sample.yaml", locked)
        locked.chmod(0o000)
        # The child may not read the installed packages: load each command first.
        for command in ("check", "solve", "analyze"):
            assert run([command, str(sound)]).exit_code == 0

        def cases() -> None:
            result = run(["check", str(sound), str(locked)])
            assert result.exit_code == 2, result.output
            assert result.stdout.splitlines()[0] == f"{sound}:3: ok 01 · easy"
            assert result.stderr.startswith(f"error: {locked}: cannot read: ")
            assert len(result.stderr.splitlines()) == 1
            result = run(["solve", str(locked), str(sound)])
            assert result.exit_code == 2, result.output
            assert "solution: 241" in result.stdout
            assert result.stderr.startswith(f"error: {locked}: cannot read: ")
            assert len(result.stderr.splitlines()) == 1
            result = run(["analyze", "-q", str(locked)])
            assert result.exit_code == 2 and result.stdout == ""
            assert result.stderr.startswith(f"error: {locked}: cannot read: ")

        as_ordinary_user(cases)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
