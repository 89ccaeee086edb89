"""The compiled worst-case search budget by budget, with the code space's symmetries and without.

    python benchmarks/worst_budgets.py [--puzzles nightmare:5:hard:1,…] [--budgets 7]
        [--limit 120]

For each puzzle (``mode:verifiers:tier:seed``, made by ``generate_one``) it asks the
compiled worst-case search whether the code can be guaranteed within each budget, in
turn (as ``min_tests`` does, from below), twice side by side in the same run: with the
code space's symmetries (each bound kept for an orbit is kept for the orbit's images, see
docs/analysis.md) and without them (``Search(…, code_symmetry=False)``, the baseline).
It prints, per budget, the answer, the processor seconds and the states each stored, and
the ratio of the seconds. Each search is made and compiled before its clock starts; past
``--limit`` seconds a budget is reported as stopped.
"""

from __future__ import annotations

import argparse
import time

from turing.analysis.search import Search
from turing.analysis.symmetry import code_symmetries
from turing.core.cards import load_cardset
from turing.core.solver import deduce
from turing.generation.generator import generate_one

CS = load_cardset("classic")
#: Two 5-verifier hard nightmare tables: one symmetry (▲ and ● swapped), and five.
PUZZLES = "nightmare:5:hard:1,nightmare:5:hard:10"
NO_LIMIT = 1 << 62


def run(search: Search, budget: int, limit: float) -> tuple[str, float, int]:
    """One budget on ``search``'s whole table: (the answer, seconds, states stored)."""
    kernel = search._make_worst()
    assert kernel is not None, "the fast extra (numba) is needed"
    start = time.process_time()
    got, _, stored = kernel.feasible(
        search.full, budget, search.part_of(search.full), NO_LIMIT, NO_LIMIT, limit
    )
    answer = "stopped" if got is None else ("enough" if got else "too few")
    return answer, time.process_time() - start, stored


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--puzzles", default=PUZZLES)
    parser.add_argument("--budgets", default="", help="budgets to ask, in turn (default: up to 7)")
    parser.add_argument("--limit", type=float, default=120.0)
    args = parser.parse_args()
    print(
        f"{'puzzle':<22} {'budget':>6} {'symmetric':>9} {'s':>8} {'states':>10}   "
        f"{'baseline':>9} {'s':>8} {'states':>10} {'ratio':>6}"
    )
    for spec in args.puzzles.split(","):
        mode, verifiers, tier, seed = spec.split(":")
        puzzle = generate_one(mode, int(verifiers), tier, int(seed), CS)
        hyps = deduce(puzzle.public(), CS).hypotheses
        searches = [Search(hyps, code_symmetry=flag) for flag in (True, False)]
        found = len(code_symmetries(searches[0].keys))
        print(f"{spec}: {searches[0].size:,} groups, {found} symmetries of the code space")
        budgets = (
            [int(b) for b in args.budgets.split(",")]
            if args.budgets
            else list(range(searches[0].t_lower(searches[0].full), 8))
        )
        for budget in budgets:
            mine, base = (run(s, budget, args.limit) for s in searches)
            ratio = base[1] / mine[1] if mine[1] > 0 else float("nan")
            print(
                f"{spec:<22} {budget:>6} {mine[0]:>9} {mine[1]:>8.2f} {mine[2]:>10,}   "
                f"{base[0]:>9} {base[1]:>8.2f} {base[2]:>10,} {ratio:>5.1f}×",
                flush=True,
            )


if __name__ == "__main__":
    main()
