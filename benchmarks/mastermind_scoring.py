"""Feedback scoring: numpy blocks and tables against pure-Python scoring, same run.

    python benchmarks/mastermind_scoring.py           # full run
    python benchmarks/mastermind_scoring.py --quick   # smaller blocks

1. Classic 4×6: every guess against every secret (1,296² pairs). Baseline: `feedback()`
   called per pair in Python. Numpy: building the whole table (what a preset pays once),
   then every strategy's question — one guess against all secrets — answered by a row.
2. Logik 5×8 (32,768 codes, too many for a whole table): a block of guesses × secrets
   computed from the half-code and colour-pattern tables, against Python on a slice.
"""

from __future__ import annotations

import argparse

import numpy as np

from testsupport.bench import best_of
from turing.mastermind.scoring import FeedbackTable, feedback
from turing.mastermind.space import CodeSpace


def python_pairs(space: CodeSpace, guesses: list[int], secrets: list[int]) -> int:
    codes = [space.code(i) for i in range(len(space))]
    checksum = 0
    for g in guesses:
        guess = codes[g]
        for s in secrets:
            checksum += feedback(codes[s], guess).black
    return checksum


def report(label: str, pairs: int, baseline: float, numpy_seconds: float) -> None:
    print(
        f"{label:<44} {pairs:>12,} pairs  python {baseline:8.3f} s  numpy {numpy_seconds:8.4f} s"
        f"  ratio ×{baseline / numpy_seconds:,.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller slices")
    quick = parser.parse_args().quick

    classic = CodeSpace(4, 6)
    n = len(classic)
    rows = 100 if quick else n
    everything = list(range(n))
    python_time = best_of(lambda: python_pairs(classic, everything[:rows], everything), repeat=1)
    python_time *= n / rows  # scaled to all 1,296 guesses when --quick
    build = best_of(lambda: FeedbackTable(classic, full=True), repeat=3)
    report("4×6 all pairs: build whole table", n * n, python_time, build)
    table = FeedbackTable(classic, full=True)
    all_secrets = np.arange(n)
    per_row = best_of(lambda: [table.row(g, all_secrets) for g in range(n)], repeat=3)
    report("4×6 all pairs: one row per guess from table", n * n, python_time, per_row)

    logik = CodeSpace(5, 8)
    blocks = FeedbackTable(logik)
    guesses = np.arange(0, len(logik), 8 if quick else 2)
    secrets = np.arange(0, len(logik), 16)
    numpy_time = best_of(lambda: blocks.keys(guesses, secrets), repeat=3)
    slice_rows = 20
    python_slice = best_of(
        lambda: python_pairs(logik, guesses[:slice_rows].tolist(), secrets.tolist()), repeat=1
    )
    python_time = python_slice * len(guesses) / slice_rows
    pairs = len(guesses) * len(secrets)
    report(
        f"5×8 block {len(guesses):,}×{len(secrets):,} (computed)", pairs, python_time, numpy_time
    )

    sample = np.random.default_rng(0).choice(len(logik), size=(2, 2000))
    computed = blocks.keys(sample[0], sample[1])
    for i in range(0, 2000, 97):
        for j in range(0, 2000, 89):
            fb = feedback(logik.code(int(sample[1][j])), logik.code(int(sample[0][i])))
            assert int(computed[i, j]) == fb.black * 6 + fb.white
    print("numpy keys agree with feedback() on the checked pairs")


if __name__ == "__main__":
    main()
