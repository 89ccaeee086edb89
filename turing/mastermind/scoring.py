"""Feedback: black and white pins for a guess against a secret (docs/rules.md).

- black (red in Superhirn): positions where guess and secret agree;
- white: Σ over colours of min(count in guess, count in secret) − black.

The empty hole, when a game uses it, is one more colour and scores like any other.

>>> feedback((0, 0, 1, 1), (0, 1, 2, 3))
Feedback(black=1, white=1)
>>> feedback("RGBY", "YBGR")
Feedback(black=0, white=4)

:class:`FeedbackTable` scores whole blocks of codes at once with numpy: a full
``codes × codes`` table for spaces where it fits, computed blocks for larger ones. A
feedback is stored as its *key* ``black * (positions + 1) + white``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from turing.core.errors import TuringError
from turing.i18n import N_, _, ngettext, npgettext, pgettext
from turing.mastermind.space import CodeSpace

FULL_TABLE_LIMIT: Final = 1 << 26
"""Build the whole feedback table when codes² is at most this (64 MiB as uint8)."""


class FeedbackError(TuringError):
    """A feedback that no guess could get: counts out of range or impossible together."""


class Feedback(NamedTuple):
    """The pins for one row: ``black`` right colour right place, ``white`` right colour only."""

    black: int
    white: int

    def key(self, positions: int) -> int:
        return self.black * (positions + 1) + self.white

    @staticmethod
    def from_key(key: int, positions: int) -> Feedback:
        black, white = divmod(int(key), positions + 1)
        return Feedback(black, white)

    def __str__(self) -> str:
        return f"{self.black} black, {self.white} white"

    @staticmethod
    def parse(text: str) -> Feedback:
        """Pins as typed: ``2 1`` (black then white), ``2b1w``, or one letter per pin
        (``bbw``; ``r`` for the red pins of Superhirn); ``-`` or ``none`` for no pins.

        >>> Feedback.parse("2 1"), Feedback.parse("bbw"), Feedback.parse("-")
        (Feedback(black=2, white=1), Feedback(black=2, white=1), Feedback(black=0, white=0))
        """
        compact = text.strip().lower()
        if compact in ("-", "none", "0"):
            return Feedback(0, 0)
        numbers = re.fullmatch(r"(\d+)\s*[\s,/]\s*(\d+)", compact)
        if numbers:
            return Feedback(int(numbers[1]), int(numbers[2]))
        labelled = re.fullmatch(r"(?:(\d+)\s*[br])?\s*,?\s*(?:(\d+)\s*w)?", compact)
        if labelled and (labelled[1] or labelled[2]):
            return Feedback(int(labelled[1] or 0), int(labelled[2] or 0))
        if re.fullmatch(r"[brw]+", compact):
            return Feedback(sum(c in "br" for c in compact), compact.count("w"))
        raise FeedbackError(
            _(
                "{typed} is not feedback: type black then white like '2 1', "
                "or pins like 'bbw', or '-' for none"
            ).format(typed=repr(text.strip()))
        )


def feedback(secret: Sequence[Hashable], guess: Sequence[Hashable]) -> Feedback:
    """Score ``guess`` against ``secret``: any colours, any length, repeats or not."""
    if len(secret) != len(guess):
        raise FeedbackError(
            _("secret and guess differ in length ({secret} and {guess} positions)").format(
                secret=len(secret), guess=len(guess)
            )
        )
    found = _pins(secret, guess)
    # colours written as letters are compared as written: two codes that score otherwise
    # once both are in one case were written in two alphabets
    if (
        isinstance(secret, str)
        and isinstance(guess, str)
        and _pins(secret.casefold(), guess.casefold()) != found
    ):
        raise FeedbackError(
            _(
                "secret {secret!r} and guess {guess!r} write their colours in different "
                "letters (upper and lower case): write both alike"
            ).format(secret=secret, guess=guess)
        )
    return found


def _pins(secret: Sequence[Hashable], guess: Sequence[Hashable]) -> Feedback:
    black = sum(1 for s, g in zip(secret, guess, strict=True) if s == g)
    common = sum((Counter(secret) & Counter(guess)).values())
    return Feedback(black, common - black)


def possible_feedbacks(positions: int) -> list[Feedback]:
    """Every pin count a row can show: black + white ≤ positions, except all-but-one black
    with one white (the last pin cannot be in the wrong place alone).

    >>> len(possible_feedbacks(4))
    14
    """
    return [
        Feedback(b, w)
        for b in range(positions + 1)
        for w in range(positions + 1 - b)
        if not (b == positions - 1 and w == 1)
    ]


PIN_NAMES: Final = {"black": N_("black"), "red": N_("red"), "white": N_("white")}


def pin_name(colour: str) -> str:
    """A pin's colour as the reader says it: ``red`` / ``rot``."""
    return _(PIN_NAMES[colour]) if colour in PIN_NAMES else colour


def pins_of_colour(colour: str) -> str:
    """Pins of ``colour``, several of them, as a word before *pins*: ``red`` (German
    ``rote``, as in ``erst rote, dann weiße Stifte``)."""
    if colour == "red":
        return pgettext("several pins", "red")
    if colour == "white":
        return pgettext("several pins", "white")
    return pgettext("several pins", "black")


def pins_counted(fb: Feedback, hit_pin: str = "black", *, given: bool = False) -> str:
    """A row's pins as counted, hit pins first: ``4 red, 0 white`` (German ``4 rote,
    0 weiße``; ``1 roter, 1 weißer``). ``given``: the pins a row got or should have got,
    as what is given (German ``1 schwarzen, 1 weißen``).

    >>> pins_counted(Feedback(2, 1))
    '2 black, 1 white'
    >>> pins_counted(Feedback(1, 1), given=True)
    '1 black, 1 white'
    """
    if given:
        hits = (
            npgettext("pins given", "{n} red", "{n} red", fb.black)
            if hit_pin == "red"
            else npgettext("pins given", "{n} black", "{n} black", fb.black)
        )
        whites = npgettext("pins given", "{n} white", "{n} white", fb.white)
    else:
        hits = (
            ngettext("{n} red", "{n} red", fb.black)
            if hit_pin == "red"
            else ngettext("{n} black", "{n} black", fb.black)
        )
        whites = ngettext("{n} white", "{n} white", fb.white)
    return pgettext("pins counted", "{hits}, {whites}").format(
        hits=hits.format(n=fb.black), whites=whites.format(n=fb.white)
    )


def check_feedback(fb: Feedback, positions: int, hit_pin: str = "black") -> None:
    """Raise :class:`FeedbackError` if no guess of this length could get ``fb``;
    ``hit_pin`` names the pin for right colour, right place (red in Superhirn)."""
    hit = pin_name(hit_pin)
    if fb.black < 0 or fb.white < 0:
        raise FeedbackError(_("pin counts cannot be negative"))
    if fb.black + fb.white > positions:
        raise FeedbackError(
            _("{hits} {hit} + {whites} white is more pins than the {n} positions").format(
                hits=fb.black, hit=hit, whites=fb.white, n=positions
            )
        )
    if fb.black == positions - 1 and fb.white == 1:
        raise FeedbackError(
            _(
                "{hits} {hit} and 1 white cannot happen: if {hits} pegs are right, the last "
                "one cannot be the right colour in the wrong place"
            ).format(hits=fb.black, hit=hit)
        )


class FeedbackTable:
    """Feedback keys for blocks of codes of one space, computed with numpy.

    ``keys(guesses, secrets)`` gives a ``len(guesses) × len(secrets)`` uint8 array.
    Black pins come from two half-code tables (matches in the first and the last
    positions), common colours from a table over colour-count patterns, so a block costs
    three gathers whatever the space. When the whole table is small it is built once.
    """

    def __init__(self, space: CodeSpace, *, full: bool | None = None) -> None:
        self.space = space
        self.positions = space.positions
        self.size = (space.positions + 1) ** 2
        self.win_key = Feedback(space.positions, 0).key(space.positions)
        codes = space.codes
        p, s = space.positions, space.symbols
        head = p // 2
        self._head, self._head_table = _black_half(codes[:, :head], s, p)
        self._tail, self._tail_table = _black_half(codes[:, head:], s, p)
        counts = np.stack([(codes == c).sum(axis=1) for c in range(s)], axis=1).astype(np.uint8)
        patterns, pattern = np.unique(counts, axis=0, return_inverse=True)
        self._pattern = pattern.reshape(-1)
        self._common_table = np.empty((len(patterns), len(patterns)), dtype=np.uint8)
        for start in range(0, len(patterns), 256):
            chunk = patterns[start : start + 256, None, :]
            self._common_table[start : start + 256] = np.minimum(chunk, patterns[None]).sum(
                axis=2, dtype=np.uint8
            )
        n = len(space)
        if full is None:
            full = n * n <= FULL_TABLE_LIMIT
        self._full: npt.NDArray[np.uint8] | None = None
        self._everyone: Columns | None = None
        if full:
            table = self.columns(np.arange(n))
            table.setflags(write=False)
            self._full = table

    @property
    def has_full_table(self) -> bool:
        return self._full is not None

    def keys(
        self, guesses: npt.NDArray[np.integer], secrets: npt.NDArray[np.integer]
    ) -> npt.NDArray[np.uint8]:
        """Feedback keys, one row per guess index, one column per secret index."""
        if self._full is not None:
            block: npt.NDArray[np.uint8] = self._full[np.ix_(guesses, secrets)]
            return block
        return self._compute(guesses, secrets)

    def row(self, guess: int, secrets: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
        """Feedback keys of one guess against many secrets."""
        keys: npt.NDArray[np.uint8]
        if self._full is not None:
            keys = self._full[guess, secrets]
        else:
            keys = self._compute(np.array([guess]), secrets)[0]
        return keys

    def key(self, guess: int, secret: int) -> int:
        return int(self.row(guess, np.array([secret]))[0])

    def columns(self, secrets: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
        """Every code's key as a guess against each of ``secrets``: one row per secret,
        one column per code (the transpose of ``keys(everything, secrets)``)."""
        if self._full is not None:
            rows: npt.NDArray[np.uint8] = self._full[secrets]  # scoring is symmetric
            return rows
        return self.columns_of_everyone().keys(secrets)

    def columns_of_everyone(self) -> Columns:
        """:meth:`columns_of` every code, built once."""
        if self._everyone is None:
            self._everyone = Columns(self, np.arange(len(self.space)))
        return self._everyone

    def columns_of(self, guesses: npt.NDArray[np.integer]) -> Columns:
        """The keys of the fixed ``guesses`` against any few secrets (see :class:`Columns`)."""
        return Columns(self, guesses)

    def against(self, secrets: npt.NDArray[np.integer]) -> Against:
        """A scorer of any guesses against the fixed ``secrets`` (see :class:`Against`)."""
        return Against(self, secrets)

    def _compute(
        self, guesses: npt.NDArray[np.integer], secrets: npt.NDArray[np.integer]
    ) -> npt.NDArray[np.uint8]:
        # key = black * (p + 1) + white = black * p + common; the half tables hold black * p.
        out = self._head_table[np.ix_(self._head[guesses], self._head[secrets])]
        out += self._tail_table[np.ix_(self._tail[guesses], self._tail[secrets])]
        out += self._common_table[np.ix_(self._pattern[guesses], self._pattern[secrets])]
        return out


def _black_half(
    part: npt.NDArray[np.uint8], symbols: int, positions: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8]]:
    """Number each code's slice of positions, and tabulate ``positions × matches``."""
    width = part.shape[1]
    if width == 0:
        return np.zeros(part.shape[0], dtype=np.int64), np.zeros((1, 1), dtype=np.uint8)
    weights = symbols ** np.arange(width - 1, -1, -1, dtype=np.int64)
    number = part.astype(np.int64) @ weights
    values = np.array(
        np.unravel_index(np.arange(symbols**width), (symbols,) * width), dtype=np.uint8
    ).T.reshape(symbols**width, width)
    matches = (values[:, None, :] == values[None, :, :]).sum(axis=2)
    return number, (matches * positions).astype(np.uint8)


class Against:
    """Feedback keys of any guesses against one fixed set of secrets, computed fast.

    Without a whole table the secrets are laid out once per position and colour (a row
    of ``positions`` where a secret has that colour there, else 0) and per guess colour
    pattern (the common colours): the keys of a guess are then ``positions + 1`` row
    gathers and additions, with nothing of size codes² in memory.
    """

    def __init__(self, table: FeedbackTable, secrets: npt.NDArray[np.integer]) -> None:
        self.table = table
        self.secrets = secrets
        self.size = len(secrets)
        self._columns: npt.NDArray[np.uint8] | None = None
        if table._full is not None:
            self._columns = np.ascontiguousarray(table._full[:, secrets])
            return
        space = table.space
        codes = space.codes[secrets]
        spread = np.arange(self.size)
        self._match = np.zeros((space.positions, space.symbols, self.size), dtype=np.uint8)
        for position in range(space.positions):
            self._match[position, codes[:, position], spread] = space.positions
        self._common = np.ascontiguousarray(table._common_table[:, table._pattern[secrets]])

    def keys(self, guesses: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
        """``len(guesses) × len(secrets)`` feedback keys."""
        if self._columns is not None:
            block: npt.NDArray[np.uint8] = self._columns[guesses]
            return block
        table = self.table
        codes = table.space.codes[guesses]
        out: npt.NDArray[np.uint8] = self._common[table._pattern[guesses]]
        for position in range(codes.shape[1]):
            out += self._match[position][codes[:, position]]
        return out

    def counts(self, guesses: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
        """``counts[i, k]``: how many secrets answer ``guesses[i]`` with key ``k``."""
        size = self.table.size
        counts = np.empty((len(guesses), size), dtype=np.int64)
        block = max(1, (1 << 16) // max(1, self.size))
        offsets = (np.arange(block, dtype=np.intp) * size)[:, None]
        for start in range(0, len(guesses), block):
            chunk = guesses[start : start + block]
            flat = self.keys(chunk) + offsets[: len(chunk)]
            counts[start : start + len(chunk)] = np.bincount(
                flat.ravel(), minlength=len(chunk) * size
            ).reshape(len(chunk), size)
        return counts


class Columns:
    """Feedback keys of one fixed set of guesses against any secrets, one row per secret.

    The guesses are laid out once per position and colour (a row of ``positions`` where
    a guess has that colour there, else 0) and, when it fits, per colour pattern of the
    secret (the common colours): the keys against a few secrets are then ``positions +
    1`` row gathers and additions, all along the guesses.
    """

    def __init__(self, table: FeedbackTable, guesses: npt.NDArray[np.integer]) -> None:
        self.table = table
        self.guesses = guesses
        self._full: npt.NDArray[np.uint8] | None = None
        if table._full is not None:
            self._full = np.ascontiguousarray(table._full[:, guesses])
            return
        space = table.space
        p, s = space.positions, space.symbols
        everyone = len(guesses) == len(space)
        if everyone:
            self._spread = np.zeros((p, s, len(guesses)), dtype=np.uint8)
            for position in range(p):
                for colour in range(s):
                    self._spread[position, colour] = (space.codes[:, position] == colour) * p
        else:
            self._spread = table.columns_of_everyone()._spread.take(guesses, axis=2)
        self._pattern = table._pattern[guesses]
        self._common_rows: npt.NDArray[np.uint8] | None = None
        # The common colours against every colour pattern, when the guesses are every code
        # (a codes × patterns table, built once per space).
        if everyone and table._common_table.size * len(guesses) <= FULL_TABLE_LIMIT:
            self._common_rows = table._common_table.take(self._pattern, axis=1)

    def keys(self, secrets: npt.NDArray[np.integer]) -> npt.NDArray[np.uint8]:
        """``len(secrets) × len(guesses)`` feedback keys."""
        out: npt.NDArray[np.uint8]
        if self._full is not None:
            out = self._full[secrets]
            return out
        table = self.table
        chosen = table.space.codes[secrets]
        patterns = table._pattern[secrets]
        if self._common_rows is not None:
            out = self._common_rows.take(patterns, axis=0)
        else:
            out = table._common_table.take(patterns, axis=0).take(self._pattern, axis=1)
        for position in range(chosen.shape[1]):
            out += self._spread[position].take(chosen[:, position], axis=0)
        return out
