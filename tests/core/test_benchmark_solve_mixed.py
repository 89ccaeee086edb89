"""The mixed-set benchmark of ``turing solve --json`` stays runnable: it compares turing's
records with a plain script's line by line before it times anything, so a record that
gains a field must gain it in the script too."""

from __future__ import annotations

import subprocess
import sys

from testsupport.cli import ROOT


def test_the_solve_benchmark_runs_and_its_two_outputs_agree() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "solve_mixed.py"),
            "--scale",
            "0.005",
            "--repeat",
            "1",
            "--part",
            "hidden",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "hidden criteria: plain script" in done.stdout
