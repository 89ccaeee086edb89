"""How long `turing analyze` takes per mode, verifier count and tier, against the plain search.

    python benchmarks/analysis_speed.py [--count 1] [--seed 1] [--modes classic,extreme,nightmare]
                                        [--verifiers 4,5,6] [--tiers easy,standard,hard]
                                        [--limit 10] [--no-baseline] [--worst-only]
                                        [--no-rounds] [--quiet]

The benchmark set is fixed: ``--count`` puzzles per mode × verifiers × tier, made by
``generate_one(mode, verifiers, tier, seed)`` for seeds ``seed, seed+1, …``. Each puzzle is
analysed as ``turing analyze`` does (worst case, rounds, expected, first round; with
``--no-rounds`` the two figures of the extreme target alone, the worst case and the mean,
as ``turing analyze --no-rounds``) with a limit of ``--limit`` processor seconds per
puzzle (``turing analyze --time-limit``: past it, proven bounds), twice, side by side in
the same run:

* ``search``: the search as it is (interchangeable letters searched once, two greedy
  ceilings);
* ``baseline``: the plain search (``symmetry=False``: every letter searched).

Times are processor seconds per puzzle (``time.process_time``: the machine may be shared).
One line per puzzle: the worst case (a number when exact, ``[low, high]`` when bounds), the
expected figure (exact fraction, or bounds), and the seconds. Per class and per mode: how
many puzzles got an exact ``min_tests_worst``, how many within 30 s, the median and max
seconds, how many got the exact expected figure. The first line says whether the searches
run compiled (the ``fast`` extra, docs/analysis.md); if so, the first puzzle that needs
one pays for loading it (about a second), and the first run on a machine for compiling
it (about 40 s; also after ``turing/analysis/kernel.py`` changed). The full
target set is ``--count 10 --limit 30`` (270 puzzles, about an hour); the default run (one
puzzle per class, 10 s each) takes a few minutes. The targets are printed under the
table.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from dataclasses import dataclass
from fractions import Fraction

from turing.analysis.search import analyze, min_tests_bounds
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle
from turing.generation.generator import generate_one

CS = load_cardset("classic")


@dataclass
class Run:
    seconds: float  # processor seconds
    worst: int | None  # None: bounds only
    bounds: tuple[int, int | None]
    expected: Fraction | None  # None: bounds only (or not computed)
    expected_bounds: tuple[Fraction, Fraction] | None

    def text(self) -> str:
        worst = (
            str(self.worst) if self.worst is not None else f"[{self.bounds[0]}, {self.bounds[1]}]"
        )
        if self.expected is not None:
            mean = f"{float(self.expected):.3f}"
        elif self.expected_bounds is not None:
            low, high = self.expected_bounds
            mean = f"[{float(low):.2f}, {float(high):.2f}]"
        else:
            mean = "-"
        return f"worst {worst:<8} mean {mean:<14} {self.seconds:7.3f}s"


def run(
    puzzle: Puzzle, symmetry: bool, limit: float, worst_only: bool = False, rounds: bool = True
) -> Run:
    start = time.process_time()
    if worst_only:
        low, high = min_tests_bounds(puzzle, CS, symmetry=symmetry, time_limit=limit)
        seconds = time.process_time() - start
        return Run(seconds, low if low == high else None, (low, high), None, None)
    result = analyze(puzzle, CS, symmetry=symmetry, time_limit=limit, rounds=rounds)
    seconds = time.process_time() - start
    return Run(
        seconds,
        result.min_tests_worst,
        result.tests_bounds,
        result.min_tests_expected_exact,
        result.expected_bounds_exact,
    )


def summary(runs: list[Run]) -> str:
    secs = [r.seconds for r in runs]
    exact = sum(r.worst is not None for r in runs)
    fast = sum(r.worst is not None and r.seconds <= 30 for r in runs)
    expected = sum(r.expected is not None for r in runs)
    return (
        f"{exact:>2}/{len(runs):<2} {fast:>4} {statistics.median(secs):>8.3f} {max(secs):>7.2f} "
        f"{expected:>4}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=1, help="puzzles per class")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modes", default="classic,extreme,nightmare")
    parser.add_argument("--verifiers", default="4,5,6")
    parser.add_argument("--tiers", default="easy,standard,hard")
    parser.add_argument(
        "--limit", type=float, default=10.0, help="processor seconds per puzzle (default 10)"
    )
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument(
        "--worst-only",
        action="store_true",
        help="time min_tests_bounds alone (the worst case), not the whole analysis",
    )
    parser.add_argument(
        "--no-rounds",
        action="store_true",
        help="the two figures alone (fewest tests, worst case and mean): turing analyze "
        "--no-rounds",
    )
    parser.add_argument("--quiet", action="store_true", help="no line per puzzle")
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    head = "exact  ≤30s   med s   max s  E=ex"
    compiled = "on" if importlib.util.find_spec("numba") else "off (no fast extra)"
    print(f"compiled searches (expected; worst case, nightmare): {compiled}", flush=True)
    print(f"{'class':<22} {'search: ' + head:<46} {'baseline: ' + head:<45} ratio", flush=True)
    per_mode: dict[str, list[Run]] = {}
    base_mode: dict[str, list[Run]] = {}
    for mode in args.modes.split(","):
        for n in (int(x) for x in args.verifiers.split(",")):
            for tier in args.tiers.split(","):
                sym: list[Run] = []
                base: list[Run] = []
                for i in range(args.count):
                    puzzle = generate_one(mode, n, tier, args.seed + i, CS)
                    s = run(puzzle, True, args.limit, args.worst_only, not args.no_rounds)
                    sym.append(s)
                    line = f"  {mode} {n} {tier} seed {args.seed + i}: {s.text()}"
                    if not args.no_baseline:
                        b = run(puzzle, False, args.limit, args.worst_only, not args.no_rounds)
                        base.append(b)
                        if b.worst is not None and s.worst is not None:
                            assert b.worst == s.worst, (mode, n, tier, i)
                        if b.expected is not None and s.expected is not None:
                            assert b.expected == s.expected, (mode, n, tier, i)
                        line += f" | baseline {b.text()}"
                    if not args.quiet:
                        print(line, flush=True)
                per_mode.setdefault(mode, []).extend(sym)
                base_mode.setdefault(mode, []).extend(base)
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
        for label, rs in (("search", runs), ("baseline", base_mode.get(mode, []))):
            if not rs:
                continue
            secs = [r.seconds for r in rs]
            exact30 = sum(r.worst is not None and r.seconds <= 30 for r in rs)
            bounded = sum(r.worst is None for r in rs)
            print(
                f"{mode} {label}: {len(rs)} puzzles, exact min_tests_worst within 30 s: "
                f"{exact30} ({100 * exact30 / len(rs):.0f} %), bounds only: {bounded}, "
                f"median {statistics.median(secs):.4f} s, max {max(secs):.2f} s, "
                f"expected exact: {sum(r.expected is not None for r in rs)}"
            )
    print(
        "targets: nightmare ≥ 95 % exact within 30 s, median ≤ 3 s; extreme ≤ 5 s each; "
        "classic median ≤ 0.010 s"
    )


if __name__ == "__main__":
    main()
