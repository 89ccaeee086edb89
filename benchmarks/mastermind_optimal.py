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
    python benchmarks/mastermind_optimal.py --sweep 216   # every game of at most 216 codes

Prints the search's bounds while it runs (lower bound proven, best strategy found), then
the result next to the baseline: the most-parts strategy's total. The best of most-parts
and Knuth within the limit bounds the search from above. A run that reaches its time
limit prints the bounds it had.

``--sweep N`` times, in processor seconds, the searches ``optimal`` and ``optimal-worst``
run on first use for every game of at most N codes (every size, with and without repeats
and the empty hole), as ``turing mastermind`` searches them (the same upper bounds), each
stopped after ``--seconds`` (default 60); the slowest close the list. N at
``SEARCH_LIMIT`` (turing/mastermind/optimal.py) checks that every game the commands
search is searched in seconds.
Never run in CI: the classic proof takes minutes.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from turing.mastermind.engine import Engine
from turing.mastermind.optimal import OptimalSearch, Progress, SearchStopped, save_tree
from turing.mastermind.simulate import simulate
from turing.mastermind.space import MAX_COLOURS, MAX_POSITIONS, CodeSpace, SpaceError
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
    parser.add_argument("--sweep", type=int, help="time every game of at most this many codes")
    args = parser.parse_args()
    if args.sweep is not None:
        sweep(args.sweep, 60.0 if args.seconds is None else args.seconds)
        return
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


def games_up_to(codes: int) -> list[CodeSpace]:
    """Every game the engine holds with at most ``codes`` codes, smallest first."""
    spaces = []
    for positions in range(1, MAX_POSITIONS + 1):
        for colours in range(2, MAX_COLOURS + 1):
            for repeats in (True, False):
                for blank in (False, True):
                    try:
                        space = CodeSpace(positions, colours, repeats, blank)
                    except SpaceError:
                        continue
                    if len(space) <= codes:
                        spaces.append(space)
    return sorted(spaces, key=lambda s: (len(s), s.positions, s.colours, s.repeats, s.blank))


def first_search(space: CodeSpace, worst: bool, seconds: float) -> tuple[float, int | None]:
    """Processor seconds of the search the strategy runs on first use, and its total
    (None: stopped at ``seconds``)."""
    start = time.process_time()
    engine = Engine(space)
    upper, limit = None, None
    if worst:
        limit = simulate(engine, Knuth())[0].max_guesses
    else:
        upper = simulate(engine, MostParts())[0].total_guesses
    search = OptimalSearch(engine, max_guesses=limit, seconds=seconds, clock=time.process_time)
    try:
        total: int | None = search.solve(upper=upper).total
    except SearchStopped:
        total = None
    return time.process_time() - start, total


def sweep(codes: int, seconds: float) -> None:
    spaces = games_up_to(codes)
    print(f"{len(spaces)} games of at most {codes:,} codes; cpu seconds of each search")
    times: list[tuple[float, str]] = []
    for space in spaces:
        for worst in (False, True):
            cpu, total = first_search(space, worst, seconds)
            strategy = "optimal-worst" if worst else "optimal"
            name = f"{space.describe()} ({len(space):,} codes), {strategy}"
            result = "stopped" if total is None else f"{total:,}"
            print(f"  {cpu:7.2f} s  {name}: {result}", flush=True)
            times.append((cpu if total is not None else float("inf"), name))
    print("slowest:")
    for cpu, name in sorted(times, reverse=True)[:5]:
        print(f"  {cpu:7.2f} s  {name}")


if __name__ == "__main__":
    main()
