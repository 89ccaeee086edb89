"""What one player knows during a criteria game: the public puzzle, the cards and that
player's own tests — and the deduction that follows from them.

Analysis, bots and front ends all reason from a :class:`PlayerView`; nothing hidden is in it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from turing.core.cards import CardSet
from turing.core.codes import Code
from turing.core.puzzle import Puzzle
from turing.core.solver import Deduction, Hypothesis, after_test, deduce

#: A player tests one code against at most this many verifiers per round.
TESTS_PER_ROUND: Final = 3


@dataclass(frozen=True, slots=True)
class TestRecord:
    """One test: in ``round`` the code ``code`` was run against verifier ``verifier``."""

    __test__ = False  # not a pytest test class, whatever its name

    round: int
    code: str
    verifier: int
    result: bool


_DEDUCTIONS: OrderedDict[tuple[Puzzle, int], tuple[CardSet, Deduction]] = OrderedDict()
_FILTERED: OrderedDict[
    tuple[Puzzle, int, tuple[tuple[int, int, bool], ...]], tuple[Hypothesis, ...]
] = OrderedDict()
_CACHE_SIZE: Final = 64
_FILTER_CACHE_SIZE: Final = 256


def public_deduction(puzzle: Puzzle, cardset: CardSet) -> Deduction:
    """``deduce(puzzle)`` for a public puzzle, cached (a game asks for it again and again)."""
    key = (puzzle, id(cardset))
    hit = _DEDUCTIONS.get(key)
    if hit is not None and hit[0] is cardset:
        _DEDUCTIONS.move_to_end(key)
        return hit[1]
    found = deduce(puzzle, cardset)
    _DEDUCTIONS[key] = (cardset, found)
    while len(_DEDUCTIONS) > _CACHE_SIZE:
        _DEDUCTIONS.popitem(last=False)
    return found


def _filtered(
    puzzle: Puzzle, cardset: CardSet, tests: tuple[tuple[int, int, bool], ...]
) -> tuple[Hypothesis, ...]:
    if not tests:
        return public_deduction(puzzle, cardset).hypotheses
    key = (puzzle, id(cardset), tests)
    hit = _FILTERED.get(key)
    if hit is not None and _DEDUCTIONS.get((puzzle, id(cardset)), (None,))[0] is cardset:
        _FILTERED.move_to_end(key)
        return hit
    code, verifier, result = tests[-1]
    found = after_test(_filtered(puzzle, cardset, tests[:-1]), code, verifier, result)
    _FILTERED[key] = found
    while len(_FILTERED) > _FILTER_CACHE_SIZE:
        _FILTERED.popitem(last=False)
    return found


@dataclass(frozen=True)
class PlayerView:
    """Everything one player may see, nothing more."""

    puzzle: Puzzle  # the public puzzle: no hidden fields
    cardset: CardSet
    round: int  # 1-based
    tests: tuple[TestRecord, ...]  # this player's tests over the whole game
    code: str | None  # the code composed this round (None before composing)
    tested_this_round: tuple[int, ...]  # verifier indices tested this round, in order

    def hypotheses(self) -> tuple[Hypothesis, ...]:
        """The criteria assignments the cards and this player's test answers still allow."""
        key = tuple((Code.parse(t.code).index, t.verifier, t.result) for t in self.tests)
        return _filtered(self.puzzle, self.cardset, key)

    def deduction(self) -> Deduction:
        return Deduction(self.puzzle, self.hypotheses())

    @property
    def verifiers(self) -> int:
        return self.puzzle.verifiers

    @property
    def tests_left_this_round(self) -> int:
        return TESTS_PER_ROUND - len(self.tested_this_round)
