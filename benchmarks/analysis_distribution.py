"""The fewest tests an optimal player needs, over many generated puzzles; greedy against it.

    python benchmarks/analysis_distribution.py [--per-class 40] [--seed 1] [--bots 15]

Part 1: ``min_tests_worst`` for ``--per-class`` puzzles of every mode (classic, extreme,
nightmare) × verifiers (4, 5, 6) × tier (easy, standard, hard) that the generator makes:
the count of puzzles at each value, with the median and the seconds spent. Puzzles whose
exact search passes ``--max-states`` states are counted as too large.

Part 2: on the first ``--bots`` classic puzzles of each class, every hidden assignment is
played by ``bot:greedy`` and ``bot:optimal`` through the game engine: the most tests each
needs (worst case over the assignments), the mean, and how often greedy needs more than
the optimum guarantees. The optimal bot's worst case must equal ``min_tests_worst``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import replace

from turing.analysis.search import AnalysisTooLarge, Search
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle
from turing.core.solver import deduce
from turing.generation.generator import generate_one
from turing.play.bots import make_bot, run_game
from turing.play.game import Game

CS = load_cardset("classic")


def play_every_truth(puzzle: Puzzle, bot: str) -> list[int]:
    """Tests the bot uses against each valid hidden assignment (it must win every game)."""
    out = []
    for h in deduce(puzzle.public(), CS).hypotheses:
        real = h.cards if puzzle.mode != "classic" else None
        game = Game(replace(puzzle.public(), criteria=h.criteria, real_cards=real), ["p"], CS)
        result = run_game(game, {"p": make_bot(bot, random.Random(11))})
        assert result.winners == ("p",), (puzzle.id, bot)
        out.append(result.tests["p"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-class", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", type=int, default=15)
    parser.add_argument("--max-states", type=int, default=100_000)
    parser.add_argument("--modes", default="classic,extreme,nightmare")
    args = parser.parse_args()

    print("min_tests_worst per mode / verifiers / tier (value:count; median; seconds median/max)")
    total = 0
    for mode in args.modes.split(","):
        for n in (4, 5, 6):
            for tier in ("easy", "standard", "hard"):
                values: Counter[int] = Counter()
                seconds: list[float] = []
                too_large = 0
                for i in range(args.per_class):
                    try:
                        puzzle = generate_one(mode, n, tier, args.seed + i, CS)
                    except ValueError:
                        break  # the card set cannot make this class
                    hyps = deduce(puzzle.public(), CS).hypotheses
                    start = time.perf_counter()
                    try:
                        search = Search(hyps, max_states=args.max_states)
                        values[search.min_tests(search.full)] += 1
                    except AnalysisTooLarge:
                        too_large += 1
                    seconds.append(time.perf_counter() - start)
                if not seconds:
                    continue
                total += len(seconds)
                flat = sorted(values.elements())
                dist = " ".join(f"{k}:{values[k]}" for k in sorted(values))
                med = statistics.median(flat) if flat else "-"
                extra = f"; too large {too_large}" if too_large else ""
                print(
                    f"{mode:<9} {n} {tier:<8} {dist:<40} median {med}; "
                    f"{statistics.median(seconds):.3f}/{max(seconds):.2f} s{extra}",
                    flush=True,
                )
    print(f"puzzles: {total}")
    if args.bots <= 0:
        return

    print("\ngreedy against optimal, every hidden assignment played (classic)")
    worse = games = 0
    for n in (4, 5, 6):
        g_worst: list[int] = []
        o_worst: list[int] = []
        g_all: list[int] = []
        o_all: list[int] = []
        for i in range(args.bots):
            puzzle = generate_one("classic", n, None, args.seed + 10_000 + i, CS)
            search = Search(deduce(puzzle.public(), CS).hypotheses)
            bound = search.min_tests(search.full)
            greedy = play_every_truth(puzzle, "bot:greedy")
            optimal = play_every_truth(puzzle, "bot:optimal")
            assert max(optimal) == bound, puzzle.id
            g_worst.append(max(greedy))
            o_worst.append(max(optimal))
            g_all.extend(greedy)
            o_all.extend(optimal)
            worse += max(greedy) > bound
            games += len(greedy)
        print(
            f"classic {n}: worst case greedy {statistics.mean(g_worst):.2f} vs optimal "
            f"{statistics.mean(o_worst):.2f} (mean over puzzles; ratio "
            f"{sum(g_worst) / max(1, sum(o_worst)):.3f}); per game greedy "
            f"{statistics.mean(g_all):.2f} vs optimal {statistics.mean(o_all):.2f} tests",
            flush=True,
        )
    print(
        f"puzzles where greedy's worst case exceeds the optimum: {worse} "
        f"of {3 * args.bots}; games played per bot: {games}"
    )


if __name__ == "__main__":
    main()
