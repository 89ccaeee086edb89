"""How long `turing analyze` takes, per mode and verifier count, against a plain baseline.

    python benchmarks/analysis_speed.py [--count 30] [--seed 1] [--modes classic,extreme]

For each class (mode × verifiers) it generates ``--count`` puzzles with
``turing.generator.generate_one`` (seeds ``seed, seed+1, …``) and times:

* ``analyze``: the whole analysis (worst case, rounds, expected, first round), as the
  command runs it;
* ``worst``: ``min_tests_worst`` alone (what the generator's quality metric calls);
* ``baseline``: the fewest worst-case tests by plain memoised minimax over the same
  distinct splits, with no bound, ordering or iterative deepening (classic only: it is
  too slow elsewhere). The ratio baseline / worst is printed side by side.

Median and max seconds per class; puzzles whose expected search hit its state limit are
counted (their expected figure is then a bracket, see docs/analysis.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from functools import cache

from turing.analysis.search import Search, analyze
from turing.core.cards import load_cardset
from turing.core.solver import deduce
from turing.generation.generator import generate_one


def baseline_worst(search: Search) -> int:
    """Plain minimax over the distinct splits: no bound, no ordering, memo only."""

    @cache
    def worst(state: int) -> int:
        if search.is_known(state):
            return 0
        return 1 + min(max(worst(y), worst(state ^ y)) for y in search.splits(state))

    return worst(search.full)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modes", default="classic,extreme")
    parser.add_argument("--verifiers", default="4,5,6")
    args = parser.parse_args()
    cs = load_cardset("classic")
    sys.setrecursionlimit(10_000)
    print(
        f"{'class':<12} {'n':>3} {'analyze med':>11} {'max':>7} {'worst med':>9} "
        f"{'max':>7} {'baseline med':>12} {'ratio':>6} {'capped':>6} {'T med':>5} {'T max':>5}"
    )
    for mode in args.modes.split(","):
        for n in (int(x) for x in args.verifiers.split(",")):
            full: list[float] = []
            worst: list[float] = []
            base: list[float] = []
            tests: list[int] = []
            capped = 0
            for i in range(args.count):
                puzzle = generate_one(mode, n, None, args.seed + i, cs)
                start = time.perf_counter()
                result = analyze(puzzle, cs)
                full.append(time.perf_counter() - start)
                capped += result.min_tests_expected is None
                tests.append(result.min_tests_worst)
                hyps = deduce(puzzle.public(), cs).hypotheses
                start = time.perf_counter()
                search = Search(hyps)
                t = search.min_tests(search.full)
                worst.append(time.perf_counter() - start)
                assert t == result.min_tests_worst
                if mode == "classic":
                    start = time.perf_counter()
                    assert baseline_worst(Search(hyps)) == t
                    base.append(time.perf_counter() - start)
            med_w = statistics.median(worst)
            base_text = ratio = "-"
            if base:
                base_text = f"{statistics.median(base):.4f}"
                ratio = f"{sum(base) / max(sum(worst), 1e-9):.1f}x"
            print(
                f"{mode + ' ' + str(n):<12} {args.count:>3} {statistics.median(full):>11.3f} "
                f"{max(full):>7.2f} {med_w:>9.4f} {max(worst):>7.3f} {base_text:>12} "
                f"{ratio:>6} {capped:>6} {statistics.median(tests):>5} {max(tests):>5}",
                flush=True,
            )


if __name__ == "__main__":
    main()
