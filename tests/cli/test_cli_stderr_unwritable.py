"""Standard error that cannot be written (full, closed, a pipe whose reader is gone), as
a job run by cron or a daemon may have it: what the command writes to standard output
and its exit status are what they are with a standard error that works; the messages
are lost, nothing else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import ROOT

TYPO = "cards: [4, 9, 11, 14]\ncritera: [2, 1, 1, 3]\n"  # a note: 'critera' is ignored


def _turing(args: list[str], folder: Path, way: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), TURING_LANG="en", TURING_CACHE_DIR="")
    stderr: Any = subprocess.DEVNULL
    extra: dict[str, Any] = {}
    if way == "full":
        stderr = os.open("/dev/full", os.O_WRONLY)
    elif way == "reader gone":
        read, stderr = os.pipe()
        os.close(read)
    elif way == "closed":
        extra["preexec_fn"] = lambda: os.close(2)
    try:
        return subprocess.run(
            [sys.executable, "-m", "turing", *args],
            stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, stderr=stderr, text=True,
            env=env, cwd=folder, timeout=120, check=False, **extra,
        )  # fmt: skip
    finally:
        if isinstance(stderr, int) and stderr >= 0:
            os.close(stderr)


def _figures(stdout: str) -> list[Any]:
    """The lines of ``stdout``, a JSON record without the times it took."""
    lines: list[Any] = []
    for line in stdout.splitlines():
        if line.startswith("{"):
            record = json.loads(line)
            lines.append({k: v for k, v in record.items() if "seconds" not in k})
        else:
            lines.append(line)
    return lines


WAYS = ["full", "closed", "reader gone"]

needs_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")


@needs_full
@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["solve", "--json", "typo.yaml"], 0),
        (["check", "--json", "typo.yaml"], 0),
        (["analyze", "--json", "-q", "typo.yaml"], 0),
        (["solve", "--json", "missing.yaml"], 2),
        (["check", "missing.yaml"], 2),
        (["solve", "--bogus"], 2),
    ],
)
def test_the_output_and_the_status_do_not_depend_on_standard_error(
    tmp_path: Path, way: str, args: list[str], status: int
) -> None:
    (tmp_path / "typo.yaml").write_text(TYPO, encoding="utf-8")
    working = _turing(args, tmp_path, "devnull")
    assert working.returncode == status
    unwritable = _turing(args, tmp_path, way)
    assert unwritable.returncode == status
    assert _figures(unwritable.stdout) == _figures(working.stdout)
    assert bool(unwritable.stdout) == (status == 0) or args[0] == "check"


def test_a_file_written_without_standard_error_holds_only_its_own_lines(tmp_path: Path) -> None:
    # descriptor 2 is given /dev/null: no file the command opens takes its place
    args = ["generate", "-n", "2", "--seed", "1", "-o", "out.jsonl"]
    done = _turing(args, tmp_path, "closed")
    assert done.returncode == 0
    lines = (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(json.loads(line)["id"] for line in lines)
