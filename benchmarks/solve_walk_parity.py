"""The one walk over valid readings against the engine before it (separate walks per caller).

    python benchmarks/solve_walk_parity.py [--baseline REV_OR_DIR] [--repeat 5] [--quick]

The baseline is the commit before the walk was written once in ``turing/core/walk.py``
(:data:`BASELINE`), exported with ``git archive`` to a temporary folder, or a folder given
as ``--baseline`` (a checkout of any revision). Each workload runs in a fresh process,
the two trees taking turns (``--repeat`` times, interleaved), and reports the CPU seconds
of its work alone (start-up excluded); the figure is the median, with the ratio
now / baseline (above 1.15 is more than 15 % slower).

Workloads, the same code run against both trees:

* deduction from the cards alone (``deduce``) on seeded random tables that allow a valid
  puzzle: classic and extreme with 4, 5, 6 verifiers;
* the count of readings (``metrics.count_readings``) on the same classic tables;
* generation, one process: classic hard 6 verifiers with the basic metrics and without.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The last commit before the one walk.
BASELINE = "cb56e1e93f4331e65455b4b8613e30b017888cac"

#: Run in the child: ``WORKLOAD SIZE``; prints the CPU seconds of the work.
CHILD = r"""
import random, sys, time
from turing.core.cards import load_cardset
from turing.core.puzzle import puzzle_from_dict
from turing.core.solver import deduce, verifier_options
from turing.generation import metrics
from turing.generation.generator import generate

CS = load_cardset("classic")
work, size = sys.argv[1], int(sys.argv[2])


def tables(mode, verifiers, n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        per = 2 if mode == "extreme" else 1
        numbers = rng.sample(range(1, 49), verifiers * per)
        cards = (
            [numbers[2 * i : 2 * i + 2] for i in range(verifiers)]
            if mode == "extreme" else list(numbers)
        )
        puzzle = puzzle_from_dict({"mode": mode, "cards": cards})
        if deduce(puzzle, CS).hypotheses:
            out.append(puzzle)
    return out


kind, _, rest = work.partition(":")
if kind == "deduce":
    mode, verifiers = rest.split(",")
    puzzles = tables(mode, int(verifiers), size, 7)
    start = time.process_time()
    for _ in range(3):
        for p in puzzles:
            deduce(p, CS)
elif kind == "count":
    puzzles = tables("classic", int(rest), size, 8)
    pools = [[[o.mask for o in opts] for opts in verifier_options(p, CS)] for p in puzzles]
    start = time.process_time()
    for _ in range(3):
        for p in pools:
            metrics.count_readings(p)
else:
    list(generate(50, verifiers=6, difficulty="hard", seed=2, metrics=rest))
    start = time.process_time()
    list(generate(size, verifiers=6, difficulty="hard", seed=1, metrics=rest))
print(time.process_time() - start)
"""

WORKLOADS = {
    "deduce classic 4 verifiers": ("deduce:classic,4", 400),
    "deduce classic 5 verifiers": ("deduce:classic,5", 300),
    "deduce classic 6 verifiers": ("deduce:classic,6", 200),
    "deduce extreme 4 verifiers": ("deduce:extreme,4", 60),
    "deduce extreme 5 verifiers": ("deduce:extreme,5", 40),
    "deduce extreme 6 verifiers": ("deduce:extreme,6", 20),
    "count readings classic 5 verifiers": ("count:5", 300),
    "generate hard 6, basic metrics, 1 job": ("generate:basic", 2000),
    "generate hard 6, no metrics, 1 job": ("generate:none", 2000),
}


def export(revision: str, folder: Path) -> Path:
    """The tree of ``revision`` written to ``folder`` (git archive: no worktree made)."""
    archive = folder / "baseline.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", revision], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder / "tree", filter="data")
    return folder / "tree"


def cpu_of(tree: Path, work: str, size: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, work, str(size)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=tree,
    )
    if done.returncode != 0:
        sys.exit(f"{work} failed in {tree}: {done.stderr[-800:]}")
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="a revision or a checkout folder")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="a quarter of each workload")
    parser.add_argument("--only", default="", help="run the workloads whose name has this")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        given = Path(args.baseline)
        baseline = given if given.is_dir() else export(args.baseline, Path(tmp))
        trees = {"now": ROOT, "baseline": baseline}
        print(f"baseline: {args.baseline}; median CPU seconds of {args.repeat} interleaved runs")
        print(f"  {'workload':<40} {'now':>8} {'baseline':>9} {'now/baseline':>13}")
        for label, (work, size) in WORKLOADS.items():
            if args.only and args.only not in label:
                continue
            n = max(1, size // 4) if args.quick else size
            times: dict[str, list[float]] = {name: [] for name in trees}
            for _ in range(args.repeat):
                for name, tree in trees.items():
                    times[name].append(cpu_of(tree, work, n))
            now = statistics.median(times["now"])
            base = statistics.median(times["baseline"])
            flag = "  over 15 %" if now / base > 1.15 else ""
            print(f"  {label:<40} {now:8.3f} {base:9.3f} {now / base:12.2f}×{flag}", flush=True)


if __name__ == "__main__":
    main()
