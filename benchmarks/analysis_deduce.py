"""Deduction from the cards alone in nightmare: readings once, dealings on demand.

    python benchmarks/analysis_deduce.py [--count 100] [--seed 1] [--verifiers 4,5,6]

For ``--count`` generated nightmare puzzles per verifier count (``generate_one``, seeds
``seed, seed+1, …``, every tier), cards only, it times side by side in the same run:

* ``deduce``: ``deduce(puzzle.public(), cardset)`` and its summary (the number of
  assignments and the candidate codes, what ``turing solve --json`` prints);
* ``baseline``: the same with every hypothesis dealt out and sorted, as the deduction did
  before (``tuple(found.hypotheses)``).

It prints the median and total milliseconds of each and the ratio; the target is a median
of at most 3 ms for 6 verifiers.
"""

from __future__ import annotations

import argparse
import statistics
import time

from turing.core.cards import load_cardset
from turing.core.solver import deduce
from turing.generation.generator import generate_one

CS = load_cardset("classic")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verifiers", default="4,5,6")
    args = parser.parse_args()
    print(
        f"{'verifiers':>9} {'n':>4} {'deduce med ms':>13} {'total ms':>9} "
        f"{'baseline med ms':>15} {'total ms':>9} {'ratio':>7}"
    )
    for n in (int(x) for x in args.verifiers.split(",")):
        puzzles = [
            generate_one("nightmare", n, None, args.seed + i, CS).public()
            for i in range(args.count)
        ]
        new: list[float] = []
        old: list[float] = []
        for p in puzzles:
            start = time.perf_counter()
            found = deduce(p, CS)
            summary = (len(found.hypotheses), found.codes.texts())
            new.append(time.perf_counter() - start)
            start = time.perf_counter()
            again = deduce(p, CS)
            every = tuple(again.hypotheses)
            mask = 0
            for h in every:
                mask |= 1 << h.code
            old.append(time.perf_counter() - start)
            assert summary[0] == len(every) and again.codes_mask == mask
        print(
            f"{n:>9} {len(puzzles):>4} {1000 * statistics.median(new):>13.3f} "
            f"{1000 * sum(new):>9.1f} {1000 * statistics.median(old):>15.3f} "
            f"{1000 * sum(old):>9.1f} {sum(old) / max(sum(new), 1e-9):>6.0f}x",
            flush=True,
        )


if __name__ == "__main__":
    main()
