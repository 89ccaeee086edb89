"""Quality metrics of a puzzle, as stored in the bank and in generated JSONL.

* ``codes_left`` — how many codes the valid readings of the table lead to before any test
  (a *reading* gives every verifier one criterion of one of its cards — in nightmare mode
  also one shown card each — and is valid when it makes a valid puzzle).
* ``assignments`` — how many valid readings there are (what :func:`turing.solver.deduce`
  lists; counted here without building them).
* ``min_tests`` — the fewest tests an optimal player needs in the worst case to be sure of
  the code, with ``min_tests_kind`` saying how sure the figure is:

  - ``lower_bound`` (the default, cheap): ``⌈log2(codes_left)⌉`` — every test answers
    yes or no, and the player must tell ``codes_left`` codes apart; ``min_tests_upper``
    is None;
  - ``exact`` (``exact_tests``): the exact value from the search of :mod:`turing.analysis.search`;
    ``min_tests_upper`` equals it;
  - ``bounds`` (``exact_tests``, when the search passed its work limit): ``min_tests`` is
    the lower bound the search proved and ``min_tests_upper`` the worst case of the greedy
    strategy (None when not found either).
* ``score`` — a difficulty score (see :func:`difficulty_score`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from turing.core import walk
from turing.core.cards import CardSet
from turing.core.codes import ceil_log2
from turing.core.puzzle import Puzzle

EXACT: Final = "exact"
LOWER_BOUND: Final = "lower_bound"
BOUNDS: Final = "bounds"
#: Work limit of one exact count during generation (see :data:`turing.analysis.MAX_WORK`):
#: at most about 0.5 s for extreme and 2 s for nightmare tables; the largest classic
#: puzzle measured needed a quarter of it.
GENERATION_WORK: Final = 100_000_000


@dataclass(frozen=True)
class Metrics:
    codes_left: int
    assignments: int
    #: the fewest tests (kind ``exact``) or a lower bound on them
    min_tests: int
    min_tests_kind: str
    score: float
    #: an upper bound on the fewest tests when one is known (equal to ``min_tests`` when
    #: the kind is ``exact``)
    min_tests_upper: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "codes_left": self.codes_left,
            "assignments": self.assignments,
            "min_tests": self.min_tests,
            "min_tests_upper": self.min_tests_upper,
            "min_tests_kind": self.min_tests_kind,
            "score": self.score,
        }


METRIC_KEYS: Final = frozenset(
    ("codes_left", "assignments", "min_tests", "min_tests_upper", "min_tests_kind", "score")
)
"""The document fields :meth:`Metrics.as_dict` writes."""


def count_readings(options: Sequence[Sequence[int]]) -> tuple[int, int]:
    """``(codes mask, number of readings)`` over every valid choice of one mask per slot
    (:func:`turing.core.walk.count`: the solver's deduction, counted instead of listed)."""
    return walk.count(options)


def cards_alone(puzzle: Puzzle, cardset: CardSet) -> tuple[int, int]:
    """``(codes mask, readings)`` a player who knows the rules must consider before testing.

    Nightmare: the valid criteria choices over the shown cards, times the ``n!`` ways to
    hand the cards to the verifiers (each way is a reading, as :func:`deduce` lists them).
    """

    def masks(numbers: Sequence[int]) -> list[int]:
        return [c.mask for n in numbers for c in cardset.card(n).criteria]

    if puzzle.mode.hidden_mapping:
        codes, count = count_readings([masks(group) for group in puzzle.cards])
        return codes, count * math.factorial(puzzle.verifiers)
    return count_readings([masks(group) for group in puzzle.cards])


def min_tests_lower_bound(codes_left: int) -> int:
    """``⌈log2 codes_left⌉``: each test answers yes or no."""
    return ceil_log2(codes_left)


def exact_min_tests(
    puzzle: Puzzle,
    cardset: CardSet,
    codes_left: int,
    assignments: int,
    max_work: int = GENERATION_WORK,
) -> tuple[int, int | None]:
    """``(lower, upper)`` on the fewest tests from :func:`turing.analysis.min_tests_bounds`,
    equal when the exact search finished within ``max_work``. A puzzle with more readings
    than one exact search can hold is not searched: ``(⌈log2 codes⌉, None)``."""
    from turing.analysis.search import MAX_GROUPS, min_tests_bounds

    if assignments > MAX_GROUPS:
        return min_tests_lower_bound(codes_left), None
    return min_tests_bounds(puzzle, cardset, max_work=max_work)


def in_tests_range(metrics: Metrics, low: int | None, high: int | None) -> bool | None:
    """Whether the puzzle's fewest tests lie within ``low``…``high`` (None: no limit):
    True or False when the known bounds prove it, None when they cannot tell."""
    least, most = metrics.min_tests, metrics.min_tests_upper
    if (high is not None and least > high) or (low is not None and most is not None and most < low):
        return False
    if (low is None or least >= low) and (high is None or (most is not None and most <= high)):
        return True
    return None


#: weights of :func:`difficulty_score`, chosen on generated samples (docs/generation.md)
SCORE_WEIGHTS: Final = {
    "readings": 1.0,
    "codes": 1.0,
    "tests": 1.0,
    "criteria": 0.5,
    "shapes": 1.0,
    "tier_points": 1.5,
}
#: tier points of a card: what the card set's ``tiers`` say about its content
TIER_POINTS: Final = {"easy": 0, "standard": 1, "hard": 2}

_STRIDES: Final = (25, 5, 1)


def _depends_on(mask: int, stride: int) -> bool:
    """Whether changing one shape's digit (its index stride) can change membership."""
    for i in range(125):
        digit = i // stride % 5
        if digit < 4 and (mask >> i & 1) != (mask >> (i + stride) & 1):
            return True
    return False


def shapes_touched(cardset: CardSet, number: int) -> int:
    """How many of the three shapes a card's criteria look at (1–3)."""
    return cardset.derived(_shapes_touched, number)


def _shapes_touched(cardset: CardSet, number: int) -> int:
    masks = [c.mask for c in cardset.card(number).criteria]
    return sum(any(_depends_on(m, s) for m in masks) for s in _STRIDES)


def difficulty_score(
    puzzle: Puzzle, cardset: CardSet, assignments: int, codes_left: int, min_tests: int
) -> float:
    """A difficulty score: larger is harder.

    ``log2(readings) + log2(codes left) + tests + 0.5·criteria + shapes + 1.5·tier points``:

    * *readings*: the valid criteria assignments (nightmare: per way of handing out the
      cards); *codes left* and *tests* as in :class:`Metrics`;
    * *criteria*: the mean number of criteria per verifier on the table (more to rule out);
    * *shapes*: the mean number of shapes (▲ ■ ●) a shown card's criteria look at;
    * *tier points*: the sum over the real cards of 0 (easy card), 1 (standard), 2 (hard),
      from the card set's own ``tiers``.

    The structural terms alone rate easy and standard puzzles alike (a standard puzzle
    may hold a single standard card); the tier points carry the publisher's judgement
    that cards 18–22 are harder to reason with, and with weight 1.5 (chosen on generated
    samples) the tiers come out ordered, easy < standard < hard on average, in every mode
    and verifier count. docs/generation.md has the measured means.
    """
    shown = puzzle.shown_cards
    n = max(puzzle.verifiers, 1)
    per_verifier = sum(len(cardset.card(c).criteria) for c in shown) / n
    shapes = sum(shapes_touched(cardset, c) for c in shown) / max(len(shown), 1)
    real = puzzle.true_cards or tuple(g[0] for g in puzzle.cards)
    points = sum(TIER_POINTS.get(cardset.tier_of(c) or "", 0) for c in real)
    if puzzle.mode.hidden_mapping:
        assignments = max(assignments // math.factorial(puzzle.verifiers), 1)
    w = SCORE_WEIGHTS
    value = (
        w["readings"] * math.log2(max(assignments, 1))
        + w["codes"] * math.log2(max(codes_left, 1))
        + w["tests"] * min_tests
        + w["criteria"] * per_verifier
        + w["shapes"] * shapes
        + w["tier_points"] * points
    )
    return round(value, 2)


def measure(
    puzzle: Puzzle,
    cardset: CardSet,
    exact_tests: bool = False,
    max_tests: int | None = None,
    max_work: int = GENERATION_WORK,
) -> Metrics:
    """Every metric of a puzzle. ``exact_tests`` searches for the exact fewest tests within
    ``max_work`` (kind ``exact``, or ``bounds`` when the search gives up) unless the lower
    bound already exceeds ``max_tests`` (a filter would refuse the puzzle anyway)."""
    codes, count = cards_alone(puzzle, cardset)
    left = codes.bit_count()
    tests = min_tests_lower_bound(left)
    upper: int | None = None
    kind = LOWER_BOUND
    if exact_tests and (max_tests is None or tests <= max_tests):
        tests, upper = exact_min_tests(puzzle, cardset, left, count, max_work)
        kind = EXACT if tests == upper else BOUNDS
    score = difficulty_score(puzzle, cardset, count, left, tests)
    return Metrics(left, count, tests, kind, score, upper)


__all__ = [
    "BOUNDS",
    "EXACT",
    "GENERATION_WORK",
    "LOWER_BOUND",
    "Metrics",
    "cards_alone",
    "count_readings",
    "difficulty_score",
    "exact_min_tests",
    "in_tests_range",
    "measure",
    "min_tests_lower_bound",
]
