"""The greedy strategy: choose the code and the verifiers that split what a player still
considers possible best, one round ahead. The bots play it, and the exact analysis falls
back on it when its search grows too large.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from turing.core.cards import CardSet
from turing.core.codes import CODE_TEXT, NUM_CODES, Code
from turing.core.knowledge import TESTS_PER_ROUND, PlayerView, public_deduction
from turing.core.puzzle import Puzzle
from turing.core.solver import Option

# -- the hypotheses as arrays ---------------------------------------------------------------


@dataclass(frozen=True)
class HypothesisTable:
    """A deduction as arrays: ``solution[h]`` (code index) and ``answers[h, v, code]``.

    Rows are sorted by solution code, and every subset taken in row order stays sorted.
    """

    solution: npt.NDArray[np.int64]
    answers: npt.NDArray[np.bool_]

    @property
    def size(self) -> int:
        return int(self.solution.shape[0])


def hypothesis_table(puzzle: Puzzle, cardset: CardSet) -> HypothesisTable:
    """The public deduction of a puzzle as arrays (kept by the card set, per puzzle)."""
    return cardset.derived(_hypothesis_table, puzzle, keep=16)


def _hypothesis_table(cardset: CardSet, puzzle: Puzzle) -> HypothesisTable:
    hyps = public_deduction(puzzle, cardset).hypotheses
    n = puzzle.verifiers
    option_ids: dict[Option, int] = {}
    ids = np.zeros((len(hyps), n), dtype=np.int64)
    for h, hyp in enumerate(hyps):
        for v, option in enumerate(hyp.options):
            ids[h, v] = option_ids.setdefault(option, len(option_ids))
    bits = np.zeros((max(1, len(option_ids)), NUM_CODES), dtype=np.bool_)
    for option, i in option_ids.items():
        bits[i] = [(option.mask >> c) & 1 for c in range(NUM_CODES)]
    solution = np.array([h.code for h in hyps], dtype=np.int64)
    order = np.argsort(solution, kind="stable")  # sorted by code: see _distinct
    table = HypothesisTable(
        solution=solution[order],
        answers=bits[ids[order]] if len(hyps) else np.zeros((0, n, NUM_CODES), dtype=np.bool_),
    )
    return table


def remaining(view: PlayerView) -> tuple[HypothesisTable, npt.NDArray[np.int64]]:
    """The table of the view's puzzle and the indices of the hypotheses its tests leave."""
    table = hypothesis_table(view.puzzle, view.cardset)
    keep = np.ones(table.size, dtype=np.bool_)
    for t in view.tests:
        keep &= table.answers[:, t.verifier, Code.parse(t.code).index] == t.result
    return table, np.flatnonzero(keep)


def candidate_codes(view: PlayerView) -> list[str]:
    """The codes still possible for this player, ascending."""
    table, idx = remaining(view)
    return [CODE_TEXT[int(c)] for c in np.unique(table.solution[idx])]


@dataclass(frozen=True)
class Plan:
    """The expected outcome of testing one code adaptively for the rest of a round."""

    codes: float  # expected number of solution codes left
    hypotheses: float  # expected number of hypotheses left
    tests: float  # expected number of tests used
    first: int | None  # the verifier to test first (None: do not test)


def _distinct(values: npt.NDArray[np.int64]) -> int:
    """How many different codes a sorted array of codes holds."""
    if values.shape[0] == 0:
        return 0
    return 1 + int(np.count_nonzero(values[1:] != values[:-1]))


def plan_tests(
    solution: npt.NDArray[np.int64],
    answers: npt.NDArray[np.bool_],
    used: Sequence[int],
    budget: int,
) -> Plan:
    """Greedy adaptive testing of one code: ``answers[h, v]`` is verifier v's answer.

    Each step tests the verifier that leaves the fewest solution codes on average (ties:
    fewest hypotheses, then the earliest letter), and stops when one code is left, the
    budget is spent, or no verifier separates two codes.
    """
    weight = solution.shape[0]
    codes = _distinct(solution)
    if codes <= 1 or budget <= 0 or weight == 0:
        return Plan(float(codes), float(weight), 0.0, None)
    best: tuple[float, float, int] | None = None
    for v in range(answers.shape[1]):
        if v in used:
            continue
        column = answers[:, v]
        yes = int(column.sum())
        no = weight - yes
        if yes == 0 or no == 0:
            continue
        left = (yes * _distinct(solution[column]) + no * _distinct(solution[~column])) / weight
        spread = (yes * yes + no * no) / weight
        if best is None or (left, spread, v) < best:
            best = (left, spread, v)
    if best is None or best[0] >= codes:
        return Plan(float(codes), float(weight), 0.0, None)
    v = best[2]
    column = answers[:, v]
    out_codes = out_hyps = out_tests = 0.0
    for part in (column, ~column):
        sub = plan_tests(solution[part], answers[part], [*used, v], budget - 1)
        share = int(part.sum()) / weight
        out_codes += share * sub.codes
        out_hyps += share * sub.hypotheses
        out_tests += share * sub.tests
    return Plan(out_codes, out_hyps, 1.0 + out_tests, v)


class GreedyBot:
    """Splits the remaining hypotheses best; submits only when one code is left.

    Composing: every code is scored by its best single test (all codes at once, as matrix
    products); the best ``SHORTLIST`` codes are then played through a whole round of
    greedy adaptive tests, and the code leaving the fewest solution codes on average wins
    (ties: fewer hypotheses, fewer tests, then a seeded random choice).
    """

    name = "bot:greedy"
    SHORTLIST: Final = 12

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def compose(self, view: PlayerView) -> str:
        table, idx = remaining(view)
        solution = table.solution[idx]
        if idx.shape[0] == 0 or _distinct(solution) <= 1:
            return CODE_TEXT[int(solution[0])] if idx.shape[0] else CODE_TEXT[0]
        answers = table.answers[idx]  # (H, n, 125)
        scores = self._one_step(solution, answers)
        order = sorted(range(NUM_CODES), key=lambda c: (scores[c][0], scores[c][1]))
        shortlist = order[: self.SHORTLIST]
        best: list[tuple[tuple[float, float, float], int]] = []
        for c in shortlist:
            plan = plan_tests(solution, answers[:, :, c], (), TESTS_PER_ROUND)
            key = (round(plan.codes, 9), round(plan.hypotheses, 9), round(plan.tests, 9))
            best.append((key, c))
        top = min(k for k, _ in best)
        choices = [c for k, c in best if k == top]
        return CODE_TEXT[self.rng.choice(choices)]

    @staticmethod
    def _one_step(
        solution: npt.NDArray[np.int64], answers: npt.NDArray[np.bool_]
    ) -> list[tuple[float, float]]:
        """Per code: (codes, hypotheses) expected after its best single test.

        ``solution`` is sorted, so the hypotheses of each code form one block; summing the
        answers block by block gives, per (code, verifier, test code), how many of that
        code's hypotheses answer ✔.
        """
        weight = solution.shape[0]
        starts = np.flatnonzero(np.r_[True, solution[1:] != solution[:-1]])
        sizes = np.diff(np.r_[starts, weight])
        yes_by_sol = np.add.reduceat(answers.astype(np.int32), starts, axis=0)  # (S, n, 125)
        no_by_sol = sizes[:, None, None] - yes_by_sol
        yes = yes_by_sol.sum(axis=0)  # (n, 125)
        no = weight - yes
        left = (yes * (yes_by_sol > 0).sum(axis=0) + no * (no_by_sol > 0).sum(axis=0)) / weight
        spread = (yes * yes + no * no) / weight
        # the best verifier per code: fewest codes left, then fewest hypotheses
        best = np.lexsort((spread, left), axis=0)[0]
        cols = np.arange(NUM_CODES)
        return [
            (float(a), float(b)) for a, b in zip(left[best, cols], spread[best, cols], strict=True)
        ]

    def next_test(self, view: PlayerView) -> int | None:
        if view.code is None or view.tests_left_this_round <= 0:
            return None
        table, idx = remaining(view)
        code = Code.parse(view.code).index
        plan = plan_tests(
            table.solution[idx],
            table.answers[idx, :, code],
            view.tested_this_round,
            view.tests_left_this_round,
        )
        return plan.first

    def decide(self, view: PlayerView) -> str | None:
        codes = candidate_codes(view)
        return codes[0] if len(codes) == 1 else None


def greedy_move(view: PlayerView) -> tuple[str, int] | None:
    """``bot:greedy``'s next test in a player's state: ``(code, verifier index)``, the
    code to compose first when none is composed this round; None: stop testing (one code
    is left, or no verifier left this round parts two codes with the composed code).

    What ``bot:optimal`` plays where its exact search passes its limit. Ties are broken as
    a bot seeded with 0 would, so one state always gets one answer.
    """
    table, idx = remaining(view)
    solution = table.solution[idx]
    if _distinct(solution) <= 1:
        return None
    bot = GreedyBot(random.Random(0))
    if view.code is not None:
        verifier = bot.next_test(view)
        return None if verifier is None else (view.code, verifier)
    code = bot.compose(view)
    plan = plan_tests(solution, table.answers[idx, :, Code.parse(code).index], (), TESTS_PER_ROUND)
    return None if plan.first is None else (code, plan.first)
