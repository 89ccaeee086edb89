"""Core engine benchmarks, each against a baseline measured in the same run.

    python benchmarks/core_bench.py            # full run
    python benchmarks/core_bench.py --quick    # smaller samples

1. Uniqueness + redundancy check: bitmask solver vs the python-constraint reference.
2. Deduction from the cards alone (classic 4/5/6 verifiers, extreme 4/5/6): median and max
   seconds over random tables, against the CSP reference on the 4-verifier classic tables.
3. `turing solve --json` on a 10,000-line JSONL of classic puzzles with criteria, end to end
   in a subprocess, against the same command with `--engine csp` on a 200-line slice.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from testsupport.bench import best_of as timed
from turing.core import csp
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle, puzzle_from_dict
from turing.core.solver import deduce, hidden_masks, solution_mask, validity

CLASSIC = load_cardset("classic")


def random_puzzle_with_criteria(rng: random.Random, verifiers: int) -> Puzzle:
    cards = rng.sample(range(1, 49), verifiers)
    criteria = [rng.randint(1, len(CLASSIC.card(c).criteria)) for c in cards]
    return puzzle_from_dict({"cards": cards, "criteria": criteria})


def valid_table(rng: random.Random, verifiers: int, mode: str) -> Puzzle:
    """A random table whose cards allow at least one valid puzzle."""
    while True:
        per = 2 if mode == "extreme" else 1
        numbers = rng.sample(range(1, 49), verifiers * per)
        cards: list[object] = (
            [numbers[2 * i : 2 * i + 2] for i in range(verifiers)]
            if mode == "extreme"
            else list(numbers)
        )
        puzzle = puzzle_from_dict({"mode": mode, "cards": cards})
        if deduce(puzzle, CLASSIC).hypotheses:
            return puzzle


def bench_uniqueness(n: int) -> None:
    rng = random.Random(1)
    puzzles = [random_puzzle_with_criteria(rng, rng.choice([4, 5, 6])) for _ in range(n)]
    sample = puzzles[: max(20, n // 20)]
    scale = len(puzzles) / len(sample)

    # Both engines answer from the same criterion masks (looked up once, outside the timing).
    masks = [hidden_masks(p, CLASSIC) for p in puzzles]
    assert all(
        (solution_mask(m).bit_count() == 1) == (csp.codes_meeting(m).bit_count() == 1)
        for m in masks[: len(sample)]
    )
    fast = timed(lambda: [solution_mask(m).bit_count() == 1 for m in masks], repeat=5)
    slow = (
        timed(
            lambda: [csp.codes_meeting(m).bit_count() == 1 for m in masks[: len(sample)]], repeat=3
        )
        * scale
    )
    print(
        f"uniqueness check (does exactly one code meet the criteria?), {n} puzzles: "
        f"bitmask {fast / n * 1e6:.2f} µs/puzzle, csp {slow / n * 1e6:.0f} µs/puzzle"
        f"  → bitmask is {slow / fast:,.0f}× faster"
    )
    assert all(validity(p, CLASSIC) == csp.validity(p, CLASSIC) for p in sample)
    fast = timed(lambda: [validity(p, CLASSIC) for p in puzzles], repeat=5)
    slow = timed(lambda: [csp.validity(p, CLASSIC) for p in sample], repeat=3) * scale
    print(
        f"validity check from the puzzle (uniqueness + redundant verifiers), {n} puzzles: "
        f"bitmask {fast / n * 1e6:.1f} µs/puzzle, csp {slow / n * 1e6:.0f} µs/puzzle"
        f"  → bitmask is {slow / fast:,.0f}× faster"
    )


def bench_deduction(n: int) -> None:
    rng = random.Random(2)
    for mode in ("classic", "extreme"):
        for verifiers in (4, 5, 6):
            tables = [valid_table(rng, verifiers, mode) for _ in range(n)]
            times = [timed(partial(deduce, t, CLASSIC)) for t in tables]
            print(
                f"deduction {mode:8s} {verifiers} verifiers ({n} tables): "
                f"median {statistics.median(times) * 1e3:7.2f} ms, "
                f"max {max(times) * 1e3:7.2f} ms"
            )
    tables = [valid_table(rng, 4, "classic") for _ in range(max(5, n // 10))]
    fast = timed(lambda: [deduce(t, CLASSIC) for t in tables])
    slow = timed(lambda: [csp.deduce(t, CLASSIC) for t in tables])
    print(
        f"deduction classic 4 verifiers: bitmask vs csp on {len(tables)} tables "
        f"→ bitmask is {slow / fast:,.0f}× faster"
    )


def bench_cli(n: int) -> None:
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "puzzles.jsonl"
        lines = []
        for i in range(n):
            p = random_puzzle_with_criteria(rng, rng.choice([4, 5, 6]))
            lines.append(json.dumps({"id": str(i), **p.to_dict()}))
        path.write_text("\n".join(lines) + "\n")
        small = Path(tmp) / "small.jsonl"
        small.write_text("\n".join(lines[:200]) + "\n")

        def solve(file: Path, *extra: str) -> float:
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "turing", "solve", "--json", *extra, str(file)],
                capture_output=True,
                text=True,
            )
            # exit 1: some random criteria leave several codes (a finding, not a failure)
            assert done.returncode in (0, 1), done.stderr
            elapsed = time.perf_counter() - start
            assert len(done.stdout.splitlines()) == len(file.read_text().splitlines())
            return elapsed

        full = solve(path)
        fast_small = solve(small)
        slow_small = solve(small, "--engine", "csp")
        print(
            f"turing solve --json, {n} puzzles end to end: {full:.2f} s ({n / full:,.0f} puzzles/s)"
        )
        print(
            f"turing solve on 200 puzzles: bitmask {fast_small:.2f} s, csp {slow_small:.2f} s "
            f"(process start-up included) → {slow_small / fast_small:.1f}×"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller samples")
    args = parser.parse_args()
    bench_uniqueness(2000 if args.quick else 20000)
    bench_deduction(10 if args.quick else 50)
    bench_cli(10000)


if __name__ == "__main__":
    main()
