"""How well the bots play: tests and rounds to solve, solo, over many puzzles per mode.

    python benchmarks/bots_play.py                       # 500 puzzles per mode, 4 verifiers
    python benchmarks/bots_play.py --puzzles 100 --verifiers 5 --bots greedy
    python benchmarks/bots_play.py --source sampler      # puzzles drawn by this script

Each puzzle is played solo (docs/rules.md: solo play counts rounds and tests) by every bot
asked for, through the real game state machine. Per mode and bot it prints the mean and
maximum tests ("questions") and rounds over the games it solved, how many it solved (a
bot that submits a wrong code is eliminated and loses), the seconds per game,
and the greedy bot's mean tests as a ratio to each other bot's (the baseline, ``random``,
run side by side on the same puzzles).

Puzzles come from ``turing.generator.generate_one`` (seeds 0, 1, 2, …; tier drawn from the
seed) when it is available, otherwise (or with ``--source sampler``) from a seeded sampler
here: random distinct cards and criteria, kept when the solver says the puzzle is valid
(one code, no redundant verifier); extreme adds a random decoy per verifier, nightmare
hands the cards out in a random hidden order.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator

from testsupport.transcripts import sampled_puzzle
from turing.core.cards import CardSet, load_cardset
from turing.core.puzzle import Puzzle
from turing.play.bots import BOTS, make_bot, run_game
from turing.play.game import Game


def puzzles(
    source: str, mode: str, verifiers: int, count: int, seed: int, cardset: CardSet
) -> Iterator[Puzzle]:
    if source == "generator":
        from turing.generation.generator import generate_one

        for i in range(count):
            yield generate_one(
                mode=mode, verifiers=verifiers, seed=seed * 1_000_003 + i, cardset=cardset
            )
        return
    rng = random.Random(f"bots-bench:{seed}:{mode}:{verifiers}")
    for _ in range(count):
        yield sampled_puzzle(rng, mode, verifiers, cardset)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=500, help="puzzles per mode")
    parser.add_argument("--modes", default="classic,extreme,nightmare")
    parser.add_argument("--verifiers", type=int, default=4)
    parser.add_argument("--bots", default="greedy,random", help="comma-separated bot names")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--source", choices=["auto", "generator", "sampler"], default="auto")
    parser.add_argument("--json", action="store_true", help="one JSON object per mode and bot")
    args = parser.parse_args(argv)
    cardset = load_cardset("classic")
    source = args.source
    if source == "auto":
        try:
            from turing.generation.generator import generate_one  # noqa: F401

            source = "generator"
        except ImportError:
            source = "sampler"
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for name in bots:
        if name not in BOTS:
            parser.error(f"no bot {name!r} (bots: {', '.join(sorted(BOTS))})")
    if not args.json:
        print(
            f"{args.puzzles} puzzles per mode, {args.verifiers} verifiers, source {source}, "
            f"seed {args.seed}; solo games"
        )
        print(
            f"{'mode':<10} {'bot':<8} {'solved':>7} {'tests mean':>10} {'max':>4} "
            f"{'rounds mean':>11} {'max':>4} {'s/game':>8}  vs greedy"
        )
    for mode in [m.strip() for m in args.modes.split(",") if m.strip()]:
        pool = list(puzzles(source, mode, args.verifiers, args.puzzles, args.seed, cardset))
        rows: dict[str, dict[str, float]] = {}
        for name in bots:
            tests: list[int] = []
            rounds: list[int] = []
            solved = 0
            start = time.perf_counter()
            for index, puzzle in enumerate(pool):
                game = Game(puzzle, ["solo"], cardset)
                bot = make_bot(name, random.Random(f"{args.seed}:{index}"))
                result = run_game(game, {"solo": bot})
                if result.winners == ("solo",):
                    solved += 1
                    tests.append(result.tests["solo"])
                    rounds.append(result.rounds)
            seconds = (time.perf_counter() - start) / len(pool)
            nan = float("nan")
            rows[name] = {
                "solved": solved,
                "tests_mean": statistics.fmean(tests) if tests else nan,
                "tests_max": max(tests) if tests else nan,
                "rounds_mean": statistics.fmean(rounds) if rounds else nan,
                "rounds_max": max(rounds) if rounds else nan,
                "seconds_per_game": seconds,
            }
        for name, row in rows.items():
            ratio = (
                row["tests_mean"] / rows["greedy"]["tests_mean"]
                if "greedy" in rows and rows["greedy"]["tests_mean"]
                else float("nan")
            )
            if args.json:
                print(
                    json.dumps(
                        {
                            "mode": mode,
                            "verifiers": args.verifiers,
                            "puzzles": len(pool),
                            "source": source,
                            "bot": name,
                            **row,
                            "tests_vs_greedy": ratio,
                        }
                    )
                )
            else:
                print(
                    f"{mode:<10} {name:<8} {int(row['solved']):>4}/{len(pool):<3}"
                    f"{row['tests_mean']:>10.2f} {row['tests_max']:>4.0f} "
                    f"{row['rounds_mean']:>11.2f} {row['rounds_max']:>4.0f} "
                    f"{row['seconds_per_game']:>8.4f}  {ratio:.2f}×"
                )
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
