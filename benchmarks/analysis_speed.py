"""How long `turing analyze` takes per mode, verifier count and tier, against the plain search.

    python benchmarks/analysis_speed.py [--count 10] [--seed 1] [--modes classic,extreme,nightmare]
                                        [--verifiers 4,5,6] [--tiers easy,standard,hard]
                                        [--max-work N] [--no-baseline]

The benchmark set is fixed: ``--count`` puzzles per mode × verifiers × tier, made by
``generate_one(mode, verifiers, tier, seed)`` for seeds ``seed, seed+1, …``. Each puzzle is
analysed as ``turing analyze`` does (worst case, rounds, expected, first round) twice, side
by side in the same run:

* ``symmetric``: the search as it is, interchangeable letters searched once;
* ``baseline``: the same search with ``symmetry=False`` (every letter searched), the search
  as it was before letters were merged.

A puzzle whose worst-case search passes ``--max-work`` counts as not exact; its proven
bounds come from ``min_tests_bounds`` with the same limit. Per class: how many puzzles
got an exact ``min_tests_worst``, how many within 30 s, the median and max seconds, how
many got the exact expected figure (the rest: proven bounds), and the baseline's figures
and total-time ratio. The targets (nightmare: 95 % exact within 30 s, median ≤ 3 s;
extreme: ≤ 5 s; classic: median ≤ 10 ms) are printed under the table.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass

from turing.analysis.search import MAX_WORK, AnalysisTooLarge, analyze, min_tests_bounds
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle
from turing.generation.generator import generate_one

CS = load_cardset("classic")


@dataclass
class Run:
    seconds: float
    worst: int | None  # None: past the work limit
    bounds: tuple[int, int | None]
    expected_exact: bool


def run(puzzle: Puzzle, symmetry: bool, max_work: int, worst_only: bool = False) -> Run:
    start = time.perf_counter()
    if worst_only:
        low, high = min_tests_bounds(puzzle, CS, max_work=max_work, symmetry=symmetry)
        seconds = time.perf_counter() - start
        return Run(seconds, low if low == high else None, (low, high), False)
    try:
        result = analyze(puzzle, CS, max_work=max_work, symmetry=symmetry)
    except AnalysisTooLarge:
        seconds = time.perf_counter() - start
        bounds = min_tests_bounds(puzzle, CS, max_work=max_work, symmetry=symmetry)
        return Run(seconds, None, bounds, False)
    seconds = time.perf_counter() - start
    w = result.min_tests_worst
    return Run(seconds, w, (w, w), result.min_tests_expected is not None)


def summary(runs: list[Run]) -> str:
    secs = [r.seconds for r in runs]
    exact = sum(r.worst is not None for r in runs)
    fast = sum(r.worst is not None and r.seconds <= 30 for r in runs)
    expected = sum(r.expected_exact for r in runs)
    return (
        f"{exact:>2}/{len(runs):<2} {fast:>4} {statistics.median(secs):>8.3f} {max(secs):>7.2f} "
        f"{expected:>4}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modes", default="classic,extreme,nightmare")
    parser.add_argument("--verifiers", default="4,5,6")
    parser.add_argument("--tiers", default="easy,standard,hard")
    parser.add_argument("--max-work", type=int, default=MAX_WORK)
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument(
        "--worst-only",
        action="store_true",
        help="time min_tests_bounds alone (the worst case), not the whole analysis",
    )
    parser.add_argument("--verbose", action="store_true", help="one line per puzzle")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    head = "exact  ≤30s   med s   max s  E=ex"
    print(f"{'class':<22} {'symmetric: ' + head:<46} {'baseline: ' + head:<45} ratio")
    per_mode: dict[str, list[Run]] = {}
    for mode in args.modes.split(","):
        for n in (int(x) for x in args.verifiers.split(",")):
            for tier in args.tiers.split(","):
                sym: list[Run] = []
                base: list[Run] = []
                for i in range(args.count):
                    puzzle = generate_one(mode, n, tier, args.seed + i, CS)
                    s = run(puzzle, True, args.max_work, args.worst_only)
                    sym.append(s)
                    line = f"  {mode} {n} {tier} seed {args.seed + i}: {s.worst} {s.bounds}"
                    line += f" {s.seconds:.2f}s"
                    if not args.no_baseline:
                        b = run(puzzle, False, args.max_work, args.worst_only)
                        base.append(b)
                        if b.worst is not None and s.worst is not None:
                            assert b.worst == s.worst, (mode, n, tier, i)
                        line += f" | baseline {b.worst} {b.bounds} {b.seconds:.2f}s"
                    if args.verbose:
                        print(line, flush=True)
                per_mode.setdefault(mode, []).extend(sym)
                ratio = "-"
                base_text = "-"
                if base:
                    base_text = summary(base)
                    total = sum(r.seconds for r in sym)
                    ratio = f"{sum(r.seconds for r in base) / max(total, 1e-9):.1f}x"
                name = f"{mode} {n} {tier}"
                print(f"{name:<22} {summary(sym):<46} {base_text:<45} {ratio}", flush=True)
    print()
    for mode, runs in per_mode.items():
        secs = [r.seconds for r in runs]
        exact30 = sum(r.worst is not None and r.seconds <= 30 for r in runs)
        bounded = sum(r.worst is None for r in runs)
        print(
            f"{mode}: {len(runs)} puzzles, exact min_tests_worst within 30 s: {exact30} "
            f"({100 * exact30 / len(runs):.0f} %), bounds only: {bounded}, "
            f"median {statistics.median(secs):.4f} s, max {max(secs):.2f} s, "
            f"expected exact: {sum(r.expected_exact for r in runs)}"
        )
    print(
        "targets: nightmare ≥ 95 % exact within 30 s, median ≤ 3 s; extreme ≤ 5 s each; "
        "classic median ≤ 0.010 s"
    )


if __name__ == "__main__":
    main()
