"""Codebreaking strategies over whole spaces: guesses and seconds, with a baseline.

    python benchmarks/mastermind_strategies.py                  # classic 4×6, every strategy
    python benchmarks/mastermind_strategies.py --logik          # also Logik 5×8 (minutes)
    python benchmarks/mastermind_strategies.py --logik --only entropy expected

Classic 4×6: every strategy over all 1,296 secrets, next to the published figures. The
baseline for speed is Knuth played game by game (one secret at a time, nothing shared),
against the shared game tree the simulator walks. Logik 5×8: all 32,768 secrets.
"""

from __future__ import annotations

import argparse
import time

from turing.mastermind.engine import Engine, History
from turing.mastermind.simulate import Summary, simulate
from turing.mastermind.space import CodeSpace
from turing.mastermind.strategies import ExpectedCase, Strategy, make_strategy

PUBLISHED = {
    "knuth": "5801 / 4.476 (Knuth 1976)",
    "expected-size": "4.395 (Irving; Kooi 2005)",
    "entropy": "4.415 (Neuwirth; Kooi 2005)",
    "most-parts": "4.373 (Kooi 2005)",
    "expected": "optimal 5625 / 4.340 (Koyama and Lai 1993)",
    "random-consistent": "≈ 4.64 (varies with the seed)",
}


def strategy(name: str, width: int) -> Strategy:
    return ExpectedCase(width=width) if name == "expected" else make_strategy(name)


def row(label: str, summary: Summary, note: str = "") -> None:
    histogram = " ".join(f"{k}:{summary.histogram[k]}" for k in sorted(summary.histogram))
    print(
        f"| {label:<22} | {summary.total_guesses:>7,} | {summary.mean:.4f} | "
        f"{summary.max_guesses:>3} | {summary.seconds:8.2f} | {histogram} | {note} |",
        flush=True,
    )


def header(title: str) -> None:
    print(f"\n{title}\n")
    print("| strategy | total | mean | max | seconds | histogram | published |")
    print("|---|---:|---:|---:|---:|---|---|")


def game_by_game(engine: Engine, breaker: Strategy) -> tuple[int, float]:
    """Total guesses and seconds playing each secret alone (the speed baseline)."""
    start = time.perf_counter()
    total = 0
    for secret in range(len(engine.space)):
        history: History = ()
        while True:
            guess = breaker.choose(engine, history, engine.consistent(history))
            total += 1
            key = engine.table.key(guess, secret)
            if key == engine.win_key:
                break
            history = (*history, (guess, key))
    return total, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logik", action="store_true", help="also simulate Logik 5×8")
    parser.add_argument("--only", nargs="*", help="strategies to run (default: all)")
    parser.add_argument("--width", type=int, default=3, help="width of the expected search")
    parser.add_argument("--wide", type=int, nargs="*", default=[], help="more widths, 4×6")
    args = parser.parse_args()
    names = args.only or [
        "knuth",
        "most-parts",
        "entropy",
        "expected-size",
        "expected",
        "random-consistent",
    ]

    classic = Engine(CodeSpace(4, 6))
    header("Classic 4×6, all 1,296 secrets")
    for name in names:
        summary, _ = simulate(classic, strategy(name, args.width))
        label = f"expected (width {args.width})" if name == "expected" else name
        row(label, summary, PUBLISHED.get(name, ""))
    for width in args.wide:
        summary, _ = simulate(classic, ExpectedCase(width=width))
        row(f"expected (width {width})", summary, PUBLISHED["expected"])

    tree, _ = simulate(Engine(CodeSpace(4, 6)), make_strategy("knuth"))
    total, alone = game_by_game(Engine(CodeSpace(4, 6)), make_strategy("knuth"))
    assert total == tree.total_guesses
    print(
        f"\nknuth, game by game (baseline): {alone:.2f} s; shared tree: {tree.seconds:.2f} s; "
        f"ratio ×{alone / tree.seconds:.1f}"
    )

    if args.logik:
        logik = Engine(CodeSpace(5, 8))
        header("Logik 5×8, all 32,768 secrets")
        for name in names:
            summary, _ = simulate(logik, strategy(name, args.width))
            row(name, summary)


if __name__ == "__main__":
    main()
