"""What one player knows during a criteria game: the public puzzle, the cards and that
player's own tests — and the deduction that follows from them.

Analysis, bots and front ends all reason from a :class:`PlayerView`; nothing hidden is in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


#: public deductions, and hypotheses left after a list of tests, each card set keeps
_CACHE_SIZE: Final = 64
_FILTER_CACHE_SIZE: Final = 256


def public_deduction(puzzle: Puzzle, cardset: CardSet) -> Deduction:
    """``deduce(puzzle)`` for a public puzzle, kept by the card set (a game asks for it
    again and again)."""
    return cardset.derived(_deduce, puzzle, keep=_CACHE_SIZE)


def _deduce(cardset: CardSet, puzzle: Puzzle) -> Deduction:
    return deduce(puzzle, cardset)


def _filtered(
    puzzle: Puzzle, cardset: CardSet, tests: tuple[tuple[int, int, bool], ...]
) -> tuple[Hypothesis, ...]:
    if not tests:
        return tuple(public_deduction(puzzle, cardset).hypotheses)
    return cardset.derived(_after_tests, puzzle, tests, keep=_FILTER_CACHE_SIZE)


def _after_tests(
    cardset: CardSet, puzzle: Puzzle, tests: tuple[tuple[int, int, bool], ...]
) -> tuple[Hypothesis, ...]:
    code, verifier, result = tests[-1]
    return after_test(_filtered(puzzle, cardset, tests[:-1]), code, verifier, result)


@dataclass(frozen=True)
class PlayerView:
    """Everything one player may see, nothing more."""

    puzzle: Puzzle  # the public puzzle: no hidden fields
    cardset: CardSet = field(repr=False)  # the whole card set: too long to show
    round: int  # 1-based
    tests: tuple[TestRecord, ...]  # this player's tests over the whole game
    code: str | None  # the code composed this round (None before composing)
    tested_this_round: tuple[int, ...]  # verifier indices tested this round, in order

    def hypotheses(self) -> tuple[Hypothesis, ...]:
        """The criteria assignments the cards and this player's test answers still allow."""
        key = tuple((Code.parse(t.code).index, t.verifier, t.result) for t in self.tests)
        return _filtered(self.puzzle, self.cardset, key)

    def test_log(self) -> list[tuple[int, str, dict[int, bool]]]:
        """This player's tests as a log: one row per round and code, with each tested
        verifier's answer; a code composed this round and not yet tested has an empty row."""
        rows: dict[tuple[int, str], dict[int, bool]] = {}
        for t in self.tests:
            rows.setdefault((t.round, t.code), {})[t.verifier] = t.result
        if self.code is not None and not self.tested_this_round:
            rows.setdefault((self.round, self.code), {})
        return [(rnd, code, answers) for (rnd, code), answers in rows.items()]

    def deduction(self) -> Deduction:
        return Deduction(self.puzzle, self.hypotheses())

    @property
    def verifiers(self) -> int:
        return self.puzzle.verifiers

    @property
    def tests_left_this_round(self) -> int:
        return TESTS_PER_ROUND - len(self.tested_this_round)
