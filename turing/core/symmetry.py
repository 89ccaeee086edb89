"""Nightmare hypotheses without dealing them out: valid readings once, dealings on demand.

In nightmare the shown cards are handed to the letters in an unknown order, and every
order is equally possible. Whether a choice of one criterion per shown card makes a valid
puzzle (one code, no redundant verifier) does not depend on which letter holds which
card: the code is the conjunction of the criteria and redundancy is a property of the set.
So the valid readings are found once for the cards, and every hypothesis of the table is a
reading dealt out by a permutation of the letters. :class:`Dealt` holds the readings and
the letter count; what the deduction's summary needs (how many hypotheses, which codes)
comes from the readings alone, and the hypotheses themselves are built the first time
someone walks through them, in the order the deduction has always given them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, Protocol, TypeVar, overload


class _Option(Protocol):
    @property
    def card(self) -> int: ...

    @property
    def position(self) -> int: ...


class _Hypothesis(Protocol):
    @property
    def code(self) -> int: ...

    @property
    def cards(self) -> tuple[int, ...]: ...

    @property
    def criteria(self) -> tuple[int, ...]: ...


Opt = TypeVar("Opt", bound=_Option)
H = TypeVar("H", bound=_Hypothesis)


class Dealt(Sequence[H], Generic[Opt, H]):
    """Every dealing of each valid reading of the shown cards to the letters.

    ``readings``: ``(one option per shown card, in the order of the shown cards; code)``;
    ``build(options, code)`` makes one hypothesis (the solver's ``Hypothesis``). A sequence
    of hypotheses sorted by code, cards, then criteria, equal to the tuple of the same.
    """

    __slots__ = ("_all", "build", "letters", "readings")

    def __init__(
        self,
        readings: Sequence[tuple[tuple[Opt, ...], int]],
        letters: int,
        build: Callable[[tuple[Opt, ...], int], H],
    ) -> None:
        self.readings = tuple(readings)
        self.letters = letters
        self.build = build
        self._all: tuple[H, ...] | None = None

    @property
    def codes_mask(self) -> int:
        """The codes of the hypotheses (the dealing never changes a reading's code)."""
        mask = 0
        for _, code in self.readings:
            mask |= 1 << code
        return mask

    def possible_criteria(self) -> list[tuple[int, int]]:
        """The (card, criterion) pairs some hypothesis gives a letter: the same for every
        letter, since every dealing is possible."""
        return sorted({(o.card, o.position) for opts, _ in self.readings for o in opts})

    def hypotheses(self) -> tuple[H, ...]:
        """Every hypothesis, built once."""
        if self._all is None:
            out: list[H] = []
            n = self.letters
            build = self.build
            for perm in itertools.permutations(range(n)):
                for opts, code in self.readings:
                    out.append(build(tuple(opts[perm[v]] for v in range(n)), code))
            out.sort(key=lambda h: (h.code, h.cards, h.criteria))
            self._all = tuple(out)
        return self._all

    def __len__(self) -> int:
        return len(self.readings) * math.factorial(self.letters) if self.readings else 0

    def __bool__(self) -> bool:
        return bool(self.readings)

    @overload
    def __getitem__(self, index: int) -> H: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[H, ...]: ...

    def __getitem__(self, index: int | slice) -> H | tuple[H, ...]:
        return self.hypotheses()[index]

    def __iter__(self) -> Iterator[H]:
        return iter(self.hypotheses())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Dealt):
            return (self.readings, self.letters) == (other.readings, other.letters)
        if isinstance(other, Sequence):
            return len(self) == len(other) and self.hypotheses() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.hypotheses())

    def __repr__(self) -> str:
        return f"Dealt({len(self.readings)} readings × {self.letters}! dealings)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Dealt, (self.readings, self.letters, self.build))


__all__ = ["Dealt"]
