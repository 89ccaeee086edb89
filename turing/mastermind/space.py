"""The code space of a colour-code game: positions, colours, repeats, the empty hole.

A code is a tuple of symbols ``0 … colours-1`` (the peg colours) and, when the game uses the
empty hole as an extra colour, the symbol ``colours`` for an empty hole. The legal codes of a
space are numbered in lexicographic order of their symbol tuples, so index order is the order
in which they are written (``1122`` before ``1123``).

Repeats apply to pegs only: without repeats no peg colour appears twice, while empty holes
may appear any number of times (the Superhirn text lets the codemaker leave *holes* free).

>>> space = CodeSpace(positions=4, colours=6)
>>> len(space)
1296
>>> space.index((0, 0, 1, 1))
7
>>> space.code(7)
(0, 0, 1, 1)
>>> len(CodeSpace(positions=4, colours=8, repeats=False))
1680
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import comb, perm
from typing import Final

import numpy as np
import numpy.typing as npt

from turing.core.errors import TuringError
from turing.i18n import _, format_number, ngettext

Code = tuple[int, ...]
"""A code as 0-based symbols; the empty hole, when used, is the symbol ``colours``."""

MAX_POSITIONS: Final = 8
MAX_COLOURS: Final = 9
MAX_CODES: Final = 1_000_000
"""The largest space the engine enumerates (every code is held in memory as an array)."""


class SpaceError(TuringError):
    """A code space the engine cannot hold, or a code that is not in the space."""

    def __init__(self, message: str, setting: str | None = None) -> None:
        super().__init__(message)
        self.setting = setting
        """The one setting of the game out of its range (``positions``, ``colours``), if
        one alone is wrong."""


@dataclass(frozen=True)
class CodeSpace:
    """All legal codes of one game, enumerated once, with array forms for fast scoring."""

    positions: int
    colours: int
    repeats: bool = True
    blank: bool = False
    _codes: npt.NDArray[np.uint8] = field(init=False, repr=False, compare=False)
    _radix: npt.NDArray[np.int64] = field(init=False, repr=False, compare=False)
    """Each code read as a base-``symbols`` number: ascending, as the codes are in
    lexicographic order, so a code's index is found by bisection."""

    def __post_init__(self) -> None:
        if not 1 <= self.positions <= MAX_POSITIONS:
            raise SpaceError(
                _("positions must be 1–{max_positions}, not {positions}").format(
                    max_positions=MAX_POSITIONS, positions=self.positions
                ),
                "positions",
            )
        if not 2 <= self.colours <= MAX_COLOURS:
            raise SpaceError(
                _("colours must be 2–{max_colours}, not {colours}").format(
                    max_colours=MAX_COLOURS, colours=self.colours
                ),
                "colours",
            )
        if not self.repeats and not self.blank and self.colours < self.positions:
            raise SpaceError(
                _(
                    "without repeats {positions} positions need at least "
                    "{positions} colours, not {colours}"
                ).format(positions=self.positions, colours=self.colours)
            )
        count = code_count(self.positions, self.colours, self.repeats, self.blank)
        if count > MAX_CODES:
            raise SpaceError(
                _(
                    "this game has {count} codes, too many: at most "
                    "{max_codes} codes (fewer positions or colours)"
                ).format(count=format_number(count), max_codes=format_number(MAX_CODES))
            )
        codes = _enumerate(self.positions, self.colours, self.symbols, self.repeats)
        codes.setflags(write=False)
        radix = self.radix(codes)
        radix.setflags(write=False)
        object.__setattr__(self, "_codes", codes)
        object.__setattr__(self, "_radix", radix)

    @property
    def symbols(self) -> int:
        """Peg colours plus the empty hole when it counts as a colour."""
        return self.colours + (1 if self.blank else 0)

    @property
    def blank_symbol(self) -> int | None:
        return self.colours if self.blank else None

    @property
    def codes(self) -> npt.NDArray[np.uint8]:
        """Every legal code, one row each, in index order (read-only)."""
        return self._codes

    def __len__(self) -> int:
        return int(self._codes.shape[0])

    def radix(self, codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.int64]:
        """Each row read as a base-``symbols`` number (first position most significant)."""
        weights = self.symbols ** np.arange(self.positions - 1, -1, -1, dtype=np.int64)
        return codes.astype(np.int64) @ weights

    def index(self, code: Sequence[int]) -> int:
        """The index of a legal code; :class:`SpaceError` if it is not in the space."""
        self.check(code)
        number = 0
        for symbol in code:
            number = number * self.symbols + symbol
        return int(np.searchsorted(self._radix, number))

    def indices(self, codes: npt.NDArray[np.uint8]) -> npt.NDArray[np.int32]:
        """The indices of many codes at once (-1 for codes outside the space)."""
        numbers = self.radix(codes)
        found = np.searchsorted(self._radix, numbers)
        inside = found < len(self._radix)
        inside[inside] = self._radix[found[inside]] == numbers[inside]
        return np.where(inside, found, -1).astype(np.int32)

    def code(self, index: int) -> Code:
        if not 0 <= index < len(self):
            raise SpaceError(
                _("code index {index} is outside 0–{last}").format(index=index, last=len(self) - 1)
            )
        return tuple(int(s) for s in self._codes[index])

    def check(self, code: Sequence[int]) -> None:
        """Raise :class:`SpaceError` naming what makes ``code`` illegal here."""
        if len(code) != self.positions:
            raise SpaceError(
                _("a code has {positions}, not {n}").format(
                    positions=_positions(self.positions), n=len(code)
                )
            )
        for symbol in code:
            if not 0 <= symbol < self.symbols:
                raise SpaceError(
                    _("symbol {symbol} is outside 0–{last}").format(
                        symbol=symbol, last=self.symbols - 1
                    )
                )
        if not self.repeats and not _no_repeated_peg(tuple(code), self.colours):
            raise SpaceError(_("a colour appears twice; in this game each colour may appear once"))

    def check_guess(self, code: Sequence[int]) -> None:
        """Raise :class:`SpaceError` if ``code`` cannot be a guess here.

        A guess need only have the right length and colours: the rule against repeated
        colours binds the codemaker's secret, not the codebreaker's guesses (the Superhirn
        book: "Es ist dem CODE-SETZER aber erlaubt …" names only the codemaker).
        """
        if len(code) != self.positions:
            raise SpaceError(
                _("a code has {positions}, not {n}").format(
                    positions=_positions(self.positions), n=len(code)
                )
            )
        for symbol in code:
            if not 0 <= symbol < self.symbols:
                raise SpaceError(
                    _("symbol {symbol} is outside 0–{last}").format(
                        symbol=symbol, last=self.symbols - 1
                    )
                )

    def describe(self) -> str:
        """``4 positions × 6 colours, repeats`` and the like."""
        parts = [
            ngettext("{positions} × {n} colour", "{positions} × {n} colours", self.colours).format(
                positions=_positions(self.positions), n=self.colours
            )
        ]
        parts.append(_("repeats") if self.repeats else _("no repeats"))
        if self.blank:
            parts.append(_("empty hole as a colour"))
        return ", ".join(parts)

    @cached_property
    def symmetric_roots(self) -> npt.NDArray[np.int64]:
        """One code per pattern of colour multiplicities: the lowest index of each.

        Before any row is played every code of a pattern scores the same under any
        strategy that looks only at how a guess splits the space (colours and positions
        can be renamed), so the first guess need only be chosen among these. Spaces with
        the empty hole keep it apart from the peg colours.
        """
        counts = np.stack([(self._codes == s).sum(axis=1) for s in range(self.symbols)], axis=1)
        pattern = np.sort(counts[:, : self.colours], axis=1)
        if self.blank:
            pattern = np.concatenate([pattern, counts[:, self.colours :]], axis=1)
        _unique, first = np.unique(pattern, axis=0, return_index=True)
        return np.sort(first).astype(np.int64)


def code_count(positions: int, colours: int, repeats: bool = True, blank: bool = False) -> int:
    """How many codes a game has: without repeats no peg colour appears twice, while
    empty holes (``blank``) may fill any number of positions.

    >>> code_count(7, 8, repeats=False)
    40320
    >>> code_count(4, 8, repeats=False, blank=True)
    3393
    >>> code_count(4, 6, blank=True)
    2401
    """
    symbols = colours + (1 if blank else 0)
    if repeats:
        return int(symbols**positions)
    holes = range(positions + 1) if blank else (0,)
    return sum(comb(positions, k) * perm(colours, positions - k) for k in holes)


def _enumerate(positions: int, colours: int, symbols: int, repeats: bool) -> npt.NDArray[np.uint8]:
    """Every code in lexicographic order, grown a position at a time so that no more
    than the legal prefixes (times the symbols) are ever held."""
    codes = np.zeros((1, 0), dtype=np.uint8)
    for _position in range(positions):
        grown = np.concatenate(
            [
                np.repeat(codes, symbols, axis=0),
                np.tile(np.arange(symbols, dtype=np.uint8), len(codes))[:, None],
            ],
            axis=1,
        )
        if not repeats:
            last = grown[:, -1:]
            fresh = (last >= colours) | ~(grown[:, :-1] == last).any(axis=1, keepdims=True)
            grown = grown[fresh[:, 0]]
        codes = grown
    return np.ascontiguousarray(codes)


def _no_repeated_peg(code: Sequence[int], colours: int) -> bool:
    pegs = [s for s in code if s < colours]
    return len(pegs) == len(set(pegs))


def _positions(count: int) -> str:
    return ngettext("{n} position", "{n} positions", count).format(n=count)
