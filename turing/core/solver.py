"""Everything that reasons about a puzzle, as set algebra on 125-bit code masks.

* :func:`solutions` — the codes meeting a puzzle's hidden criteria.
* :func:`validity` — exactly one code, and no redundant verifier (named).
* :func:`deduce` — what a player knows from the cards alone: every assignment of one
  criterion per verifier (extreme: one of the two cards, then a criterion; nightmare: also
  which shown card each verifier holds) that makes a *valid* puzzle, and their codes.
* :func:`after_test` — the hypotheses left after a test answer (code, verifier, ✔/✘).

A valid puzzle has exactly one solution and no redundant verifier: dropping any one
verifier leaves more than one code. That is what a strong player uses to deduce.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from turing.core import walk
from turing.core.cards import CardSet
from turing.core.codes import ALL_MASK, CODE_TEXT, CodeSet, code_index, lowest_index
from turing.core.errors import TuringError
from turing.core.puzzle import LETTERS, Puzzle, PuzzleError, check_against_cardset
from turing.i18n import _, format_number


class SolverError(TuringError):
    """A question the solver cannot answer for this puzzle (e.g. no hidden criteria)."""


class TooLarge(SolverError):
    """A puzzle beyond the bound an engine was given (the reference engine's deduction)."""

    def __init__(self, pairs: int, limit: int) -> None:
        self.pairs = pairs
        self.limit = limit
        super().__init__(self.describe())

    def describe(self) -> str:
        """The problem in the language in use."""
        return _(
            "too large for the reference engine: its deduction would go through "
            "{pairs} pairs of a code and a criteria assignment, more than {limit}"
        ).format(pairs=format_number(self.pairs), limit=format_number(self.limit))


@dataclass(frozen=True, slots=True, order=True)
class Option:
    """One possible hidden rule for a verifier: a criterion of a card."""

    card: int
    position: int
    mask: int

    @property
    def label(self) -> str:
        return f"{self.card}.{self.position}"


@dataclass(frozen=True, slots=True)
class Hypothesis:
    """One full assignment (an option per verifier, A first) and the code it leads to."""

    options: tuple[Option, ...]
    code: int

    @property
    def code_text(self) -> str:
        return CODE_TEXT[self.code]

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(o.card for o in self.options)

    @property
    def criteria(self) -> tuple[int, ...]:
        return tuple(o.position for o in self.options)

    def answer(self, code: int, verifier: int) -> bool:
        """What verifier ``verifier`` answers for ``code`` under this hypothesis."""
        return bool(self.options[verifier].mask >> code & 1)


class Validity(NamedTuple):
    """The solutions (a mask) of a set of criteria and its redundant verifiers (indices)."""

    solutions: int
    redundant: tuple[int, ...]

    @property
    def unique(self) -> bool:
        return self.solutions.bit_count() == 1

    @property
    def valid(self) -> bool:
        return self.unique and not self.redundant

    @property
    def solution(self) -> str | None:
        return CODE_TEXT[lowest_index(self.solutions)] if self.unique else None

    @property
    def redundant_letters(self) -> list[str]:
        return [LETTERS[v] for v in self.redundant]


# -- masks of a puzzle ---------------------------------------------------------------------


def hidden_masks(puzzle: Puzzle, cardset: CardSet) -> tuple[int, ...]:
    """The mask of each verifier's hidden criterion; needs ``criteria`` (and real cards)."""
    cards = puzzle.true_cards
    if puzzle.criteria is None or cards is None:
        raise SolverError(
            "the puzzle does not give its hidden criteria"
            + ("" if cards is not None else " and real cards")
        )
    table = cardset.masks
    criteria = puzzle.criteria
    try:
        if min(criteria) >= 1:  # a position from 1: no index from the end of a card
            return tuple([table[c][k - 1] for c, k in zip(cards, criteria, strict=True)])
    except (KeyError, IndexError, TypeError, ValueError):
        pass
    # a card not in the set, a criterion not on its card, a verifier without one: said as
    # reading the puzzle's document says it
    _check(puzzle, cardset)
    raise SolverError(_("the puzzle's hidden criteria are not positions on its cards"))


def _check(puzzle: Puzzle, cardset: CardSet) -> None:
    """:func:`turing.core.puzzle.check_against_cardset` as the solver's error: a puzzle the
    solver reads is one its document could hold (cards in the set, criteria on the cards).
    A puzzle whose every part the solver reads is plainly sound (:func:`_plainly_sound`, a
    few microseconds) is not checked again in full: one read from a file was checked there,
    and the solver is called on every puzzle of a file."""
    if _plainly_sound(puzzle, cardset):
        return
    try:
        check_against_cardset(puzzle, cardset)
    except PuzzleError as exc:
        raise SolverError(exc.message) from None


def _plainly_sound(puzzle: Puzzle, cardset: CardSet) -> bool:
    """Whether what the solver reads of ``puzzle`` is sound: one card per verifier (two in
    extreme), each a card of ``cardset`` and shown once; the real cards, where given, one
    of each verifier's; the criteria, where given, one per verifier, each a position
    (from 1) on its real card. False says only that the full check must tell."""
    masks = cardset.masks
    groups = puzzle.cards
    size = 2 if puzzle.mode.has_decoys else 1
    if type(groups) is not tuple:
        return False
    shown: set[int] = set()
    for group in groups:
        if type(group) is not tuple or len(group) != size:
            return False
        for card in group:
            if type(card) is not int or card not in masks or card in shown:
                return False
            shown.add(card)
    real = puzzle.real_cards
    if real is not None and (
        type(real) is not tuple
        or len(real) != len(groups)
        or any(card not in group for card, group in zip(real, groups, strict=True))
    ):
        return False
    criteria = puzzle.criteria
    if criteria is None:
        return True
    true = puzzle.true_cards
    if type(criteria) is not tuple or true is None or len(criteria) != len(groups):
        return False
    return all(
        type(k) is int and 1 <= k <= len(masks[card])
        for card, k in zip(true, criteria, strict=True)
    )


def validity_of_masks(masks: Sequence[int]) -> Validity:
    """Solutions of the conjunction, and which verifiers could be dropped without change."""
    prefix = [ALL_MASK]
    acc = ALL_MASK
    for m in masks:
        acc &= m
        prefix.append(acc)
    redundant: list[int] = []
    suffix = ALL_MASK
    for v in range(len(masks) - 1, -1, -1):
        if prefix[v] & suffix == acc:
            redundant.append(v)
        suffix &= masks[v]
    redundant.reverse()
    return Validity(acc, tuple(redundant))


def solution_mask(masks: Iterable[int]) -> int:
    """The codes meeting every criterion (a mask)."""
    total = ALL_MASK
    for m in masks:
        total &= m
    return total


def is_valid_masks(masks: Sequence[int]) -> bool:
    """Fast check: exactly one code and no redundant verifier."""
    return validity_of_masks(masks).valid


def solutions(puzzle: Puzzle, cardset: CardSet) -> CodeSet:
    """The codes that meet every hidden criterion of the puzzle."""
    return CodeSet(solution_mask(hidden_masks(puzzle, cardset)))


def validity(puzzle: Puzzle, cardset: CardSet) -> Validity:
    return validity_of_masks(hidden_masks(puzzle, cardset))


# -- deduction from the cards alone ---------------------------------------------------------


def verifier_options(puzzle: Puzzle, cardset: CardSet) -> tuple[tuple[Option, ...], ...]:
    """For each verifier, every rule it might hold, as a player sees the table.

    Nightmare mode gives every verifier every criterion of every shown card (the search
    then requires each card to be used by exactly one verifier).
    """

    _check(puzzle, cardset)
    table = cardset.derived(_card_options)

    def options_of(numbers: Iterable[int]) -> tuple[Option, ...]:
        return tuple(o for n in numbers for o in _options_of(table, cardset, n))

    if puzzle.mode.hidden_mapping:
        everything = options_of(puzzle.shown_cards)
        return tuple(everything for _ in puzzle.cards)
    return tuple(options_of(group) for group in puzzle.cards)


def _card_options(cardset: CardSet) -> dict[int, tuple[Option, ...]]:
    """Each card's criteria as options (made once per card set)."""
    return {
        card.number: tuple(Option(card.number, c.position, c.mask) for c in card.criteria)
        for card in cardset
    }


def _options_of(
    table: dict[int, tuple[Option, ...]], cardset: CardSet, number: int
) -> tuple[Option, ...]:
    try:
        return table[number]
    except KeyError:
        cardset.card(number)  # raises the error that names the card set
        raise


def _search(options: Sequence[Sequence[Option]]) -> list[tuple[tuple[Option, ...], int]]:
    """Every choice of one option per position forming a valid puzzle, with its code
    (:func:`turing.core.walk.readings`, in its order)."""
    found = walk.readings([[o.mask for o in opts] for opts in options])
    return [(tuple(options[v][k] for v, k in enumerate(ks)), code) for ks, code in found]


@dataclass(frozen=True)
class Deduction:
    """What a player knows from the cards alone (or after some tests)."""

    puzzle: Puzzle
    #: a tuple, or for a nightmare table before any test its readings dealt on demand
    #: (:class:`turing.core.symmetry.Dealt`, a sequence equal to the same tuple)
    hypotheses: Sequence[Hypothesis]

    @cached_property
    def codes_mask(self) -> int:
        from turing.core.symmetry import Dealt

        if isinstance(self.hypotheses, Dealt):
            return self.hypotheses.codes_mask
        mask = 0
        for h in self.hypotheses:
            mask |= 1 << h.code
        return mask

    @property
    def codes(self) -> CodeSet:
        return CodeSet(self.codes_mask)

    @property
    def solution(self) -> str | None:
        """The code, when every remaining hypothesis agrees on it."""
        mask = self.codes_mask
        return CODE_TEXT[lowest_index(mask)] if mask and mask & (mask - 1) == 0 else None

    def possible_criteria(self) -> list[list[tuple[int, int]]]:
        """Per verifier, the (card, criterion) pairs some hypothesis still gives it."""
        out: list[list[tuple[int, int]]] = []
        for v in range(self.puzzle.verifiers):
            pairs = {(h.options[v].card, h.options[v].position) for h in self.hypotheses}
            out.append(sorted(pairs))
        return out

    def after(self, code: int | str, verifier: int | str, result: bool) -> Deduction:
        return Deduction(self.puzzle, after_test(self.hypotheses, code, verifier, result))


def deduce(puzzle: Puzzle, cardset: CardSet) -> Deduction:
    """Every hypothesis a player who knows the rules must still consider before any test."""
    options = verifier_options(puzzle, cardset)
    if puzzle.mode.hidden_mapping:
        return Deduction(puzzle, _nightmare(puzzle, cardset))
    return Deduction(puzzle, tuple(Hypothesis(opts, code) for opts, code in _search(options)))


def deduction_count(puzzle: Puzzle, cardset: CardSet) -> tuple[int, int]:
    """``(codes mask, number of hypotheses)`` of :func:`deduce`, counted without listing
    them (:func:`turing.core.walk.count`); nightmare: the readings of the shown cards times
    the ``n!`` ways to deal the cards to the verifiers."""
    _check(puzzle, cardset)
    masks = cardset.masks
    if puzzle.mode.hidden_mapping:
        shown = [group[0] for group in puzzle.cards]
        codes, total = walk.count([_masks_of(masks, cardset, n) for n in shown])
        return codes, total * math.factorial(len(shown))
    return walk.count(
        [[m for n in group for m in _masks_of(masks, cardset, n)] for group in puzzle.cards]
    )


def _masks_of(
    masks: Mapping[int, tuple[int, ...]], cardset: CardSet, number: int
) -> tuple[int, ...]:
    try:
        return masks[number]
    except KeyError:
        cardset.card(number)  # raises the error that names the card set
        raise


def _nightmare(puzzle: Puzzle, cardset: CardSet) -> Sequence[Hypothesis]:
    """Valid criteria per shown card, then every way to hand the cards to the verifiers
    (dealt on demand: the readings do not depend on the dealing)."""
    shown = [group[0] for group in puzzle.cards]
    table = cardset.derived(_card_options)
    per_card = tuple(_options_of(table, cardset, n) for n in shown)
    from turing.core.symmetry import Dealt

    return Dealt(_search(per_card), len(shown), Hypothesis)


def verifier_index(verifier: int | str, count: int) -> int:
    """``"B"`` or ``1`` → 1, checked against the number of verifiers."""
    if isinstance(verifier, str):
        letter = verifier.strip().upper()
        if len(letter) != 1 or letter not in LETTERS[:count]:
            raise SolverError(
                f"no verifier {verifier.strip()!r}: this puzzle has {', '.join(LETTERS[:count])}"
            )
        return LETTERS.index(letter)
    if not 0 <= verifier < count:
        raise SolverError(f"no verifier {verifier}: this puzzle has {count}")
    return verifier


def after_test(
    hypotheses: Sequence[Hypothesis], code: int | str, verifier: int | str, result: bool
) -> tuple[Hypothesis, ...]:
    """The hypotheses whose verifier gives ``result`` for ``code``."""
    count = len(hypotheses[0].options) if hypotheses else len(LETTERS)
    c = code_index(code)
    v = verifier_index(verifier, count)
    want = 1 if result else 0
    return tuple(h for h in hypotheses if (h.options[v].mask >> c) & 1 == want)


def answer(puzzle: Puzzle, cardset: CardSet, code: int | str, verifier: int | str) -> bool:
    """The real answer of a verifier to a code (needs the hidden criteria)."""
    masks = hidden_masks(puzzle, cardset)
    return bool(masks[verifier_index(verifier, puzzle.verifiers)] >> code_index(code) & 1)


__all__ = [
    "Deduction",
    "Hypothesis",
    "Option",
    "PuzzleError",
    "SolverError",
    "Validity",
    "after_test",
    "answer",
    "deduce",
    "deduction_count",
    "hidden_masks",
    "is_valid_masks",
    "solutions",
    "validity",
    "validity_of_masks",
    "verifier_options",
]
