"""Reading under a memory limit: a small file is read with the memory it needs, not with
room for the whole allowance (a puzzle file may be 512 MiB), and a command that runs out of
memory all the same ends with one line, not a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from testsupport.cli import PUZZLES, ROOT, run
from turing.core import puzzle
from turing.core.files import SourceError, read_text

#: A child that allows itself 128 MiB more address space than it holds, then reads a small
#: file with an allowance of 512 MiB (what a puzzle file may be).
UNDER_A_LIMIT = """
import resource, sys
from turing.core.files import read_text
with open("/proc/self/status") as status:
    held = next(int(l.split()[1]) for l in status if l.startswith("VmSize:")) * 1024
resource.setrlimit(resource.RLIMIT_AS, (held + 128 * 1024 * 1024,) * 2)
print(len(read_text(sys.argv[1], max_bytes=512 * 1024 * 1024)))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's address limit")
def test_a_small_file_is_read_under_a_memory_limit(tmp_path: Path) -> None:
    small = tmp_path / "small.yaml"
    small.write_text("x: 1\n" * 40)
    done = subprocess.run(
        [sys.executable, "-c", UNDER_A_LIMIT, str(small)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "200"


def test_a_file_over_the_allowance_is_refused_unread(tmp_path: Path) -> None:
    from turing.core.files import read_capped

    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * 2000)
    with pytest.raises(SourceError) as err:
        read_text(big, max_bytes=1024)
    assert str(err.value) == f"{big}: file is larger than 1 KiB"
    with big.open("rb") as handle:
        assert read_capped(handle, 1024) is None
        assert handle.tell() == 0  # not a byte read
    with big.open("rb") as handle:
        assert read_capped(handle, 2000) == b"x" * 2000


def test_a_stream_is_read_a_chunk_at_a_time(tmp_path: Path) -> None:
    import os

    from turing.core.files import read_capped

    read, write = os.pipe()
    os.write(write, b"abc" * 100)
    os.close(write)
    with os.fdopen(read, "rb") as handle:
        assert read_capped(handle, 300) == b"abc" * 100
    read, write = os.pipe()
    os.write(write, b"abc" * 100)
    os.close(write)
    with os.fdopen(read, "rb") as handle:
        assert read_capped(handle, 299) is None


def test_running_out_of_memory_ends_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_memory(*args: object, **kwargs: object) -> str:
        raise MemoryError

    monkeypatch.setattr(puzzle, "read_text", no_memory)
    result = run(["solve", str(PUZZLES / "sample.yaml")])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "error: out of memory: the command needs more than this process may use"
    ]
