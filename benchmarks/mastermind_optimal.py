"""The optimal strategy by exact search: the classic proof, and larger boards for a while.

    python benchmarks/mastermind_optimal.py                 # classic 4×6: prove 5,625
    python benchmarks/mastermind_optimal.py --worst 5       # … with at most 5 guesses a game
    python benchmarks/mastermind_optimal.py --board superhirn --seconds 600
    python benchmarks/mastermind_optimal.py --board master-collor --seconds 600
    python benchmarks/mastermind_optimal.py --board superhirn --seconds 600 --cpu  # cpu time
    python benchmarks/mastermind_optimal.py --save turing/mastermind/data/optimal-4x6.json
    python benchmarks/mastermind_optimal.py --board superhirn \
        --save turing/mastermind/data/optimal-4x8-norepeat.json          # about 5 minutes
    python benchmarks/mastermind_optimal.py --board superhirn --worst 6 \
        --save turing/mastermind/data/optimal-4x8-norepeat-max6.json

Prints the search's bounds while it runs (lower bound proven, best strategy found), then
the result next to the baseline: the most-parts strategy's total. The best of most-parts
and Knuth within the limit bounds the search from above. A run that reaches its time
limit prints the bounds it had.
Never run in CI: the classic proof takes minutes.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from turing.mastermind.engine import Engine
from turing.mastermind.optimal import OptimalSearch, Progress, SearchStopped, save_tree
from turing.mastermind.simulate import simulate
from turing.mastermind.space import CodeSpace
from turing.mastermind.strategies import Knuth, MostParts, Optimal

BOARDS = {
    "classic": CodeSpace(4, 6),
    "superhirn": CodeSpace(4, 8, repeats=False),
    "master-collor": CodeSpace(5, 6),
    "4x4": CodeSpace(4, 4),
    "4x5": CodeSpace(4, 5),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", choices=sorted(BOARDS), default="classic")
    parser.add_argument("--worst", type=int, help="at most this many guesses per game")
    parser.add_argument("--seconds", type=float, help="stop after this long (wall clock)")
    parser.add_argument(
        "--cpu", action="store_true", help="--seconds and the progress lines count processor time"
    )
    parser.add_argument("--save", type=Path, help="write the tree found to this file")
    args = parser.parse_args()
    space = BOARDS[args.board]
    engine = Engine(space)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    baseline, _ = simulate(engine, MostParts())
    # The best heuristic strategy within the limit bounds the search from above.
    upper = None
    for breaker in (MostParts(), Knuth()):
        summary, _ = simulate(engine, breaker)
        if args.worst is None or summary.max_guesses <= args.worst:
            total = summary.total_guesses
            upper = total if upper is None else min(upper, total)
    print(
        f"{args.board}: {space.describe()}, {len(space):,} codes"
        + (f", at most {args.worst} guesses a game" if args.worst else "")
    )
    print(
        f"baseline most-parts: {baseline.total_guesses:,} (mean {baseline.mean:.4f}, "
        f"max {baseline.max_guesses}) in {time.perf_counter() - wall0:.2f} s",
        flush=True,
    )

    def show(progress: Progress) -> None:
        cpu = time.process_time() - cpu0
        print(f"  cpu {cpu:8.1f} s | {progress.describe()}", flush=True)

    clock = time.process_time if args.cpu else time.perf_counter
    search = OptimalSearch(
        engine, max_guesses=args.worst, progress=show, seconds=args.seconds, clock=clock
    )
    try:
        tree = search.solve(upper=upper)
    except SearchStopped as stopped:
        wall = time.perf_counter() - wall0
        print(f"stopped after {wall:.0f} s wall, {time.process_time() - cpu0:.0f} s cpu: {stopped}")
        return
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    summary, _ = simulate(engine, Optimal.from_tree(tree))
    print(
        f"optimal: {tree.total:,} (mean {tree.total / len(space):.4f}, max "
        f"{summary.max_guesses}, histogram {dict(sorted(summary.histogram.items()))}) proved in "
        f"{wall:.1f} s wall, {cpu:.1f} s cpu, {search.nodes:,} candidate sets; "
        f"most-parts baseline {baseline.total_guesses:,} "
        f"(×{baseline.total_guesses / tree.total:.4f})"
    )
    if args.save:
        save_tree(tree, args.save)
        print(f"tree written to {args.save}")


if __name__ == "__main__":
    main()
