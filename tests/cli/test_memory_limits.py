"""A command under a tight memory limit: it runs, or it ends with one line saying memory
ran out and status 2. Never a traceback for a thread it could not start, never numpy's
OpenBLAS ending the process in its own words, or raising Ctrl-C for a thread of its own."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Sequence

import pytest

from testsupport.cli import PUZZLES, ROOT

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="Linux's limit of a process's address space"
)

OUT_OF_MEMORY = "error: out of memory: the command needs more than this process may use"


def _under_a_limit(kib: int, args: Sequence[str]) -> subprocess.CompletedProcess[str]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (kib * 1024,) * 2)

    env = {
        name: value
        for name, value in os.environ.items()
        if not name.endswith("_NUM_THREADS") and name != "TURING_DEBUG"
    }
    env["TURING_LANG"] = "en"
    return subprocess.run(
        [sys.executable, "-m", "turing", *args],
        cwd=ROOT,
        env=env,
        preexec_fn=limit,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _runs_or_says_out_of_memory(done: subprocess.CompletedProcess[str], solution: str) -> None:
    if done.returncode == 0:
        assert solution in done.stdout
        return
    assert (done.returncode, done.stderr.splitlines()) == (2, [OUT_OF_MEMORY])


@pytest.mark.parametrize("kib", [30_000, 40_000])
def test_solve_without_room_for_its_watch_thread(kib: int) -> None:
    done = _under_a_limit(kib, ["solve", str(PUZZLES / "sample.yaml")])
    _runs_or_says_out_of_memory(done, "241")


@pytest.mark.parametrize("kib", [60_000, 100_000, 150_000, 200_000])
def test_analyze_under_a_limit_runs_or_says_out_of_memory(kib: int) -> None:
    done = _under_a_limit(kib, ["analyze", str(PUZZLES / "sample.yaml")])
    _runs_or_says_out_of_memory(done, "111")
    assert "OpenBLAS" not in done.stderr


def test_numpy_s_blas_is_kept_to_one_thread_unless_set_otherwise() -> None:
    show = (
        "import os, sys; sys.argv = ['turing', '--version']; import turing.__main__ as m; "
        "m._one_thread_each(); print(os.environ['OPENBLAS_NUM_THREADS'], "
        "os.environ['OMP_NUM_THREADS'])"
    )
    env = {**os.environ, "OMP_NUM_THREADS": "3"}
    env.pop("OPENBLAS_NUM_THREADS", None)
    done = subprocess.run(
        [sys.executable, "-c", show], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.stdout.split() == ["1", "3"]
