"""A puzzle as one integer: the packed key of the compact catalogue table.

A catalogue puzzle is a set of cards (ascending, each once), one criterion of each card,
and, in nightmare, the dealing of those cards to the letters. The key packs, from the most
significant end::

    key = (mode · 8 + verifiers) · 2^58  +  payload
    payload = (rank(cards) · P^v + criteria) · v!  +  dealing

* ``mode``: 0 classic, 1 extreme, 2 nightmare; ``verifiers`` (``v``) 1–7.
* ``rank(cards)``: the rank of the card combination in lexicographic order among all
  ``v``-card combinations of the card set (cards counted by their place in the set's
  ascending card numbers), so keys sort as the card tuples do and the catalogue, written
  in card order, only ever appends.
* ``criteria``: each card's criterion position minus one, a digit of base ``P`` (the most
  criteria any card of the set has), first card most significant.
* ``dealing``: nightmare only (0 otherwise), the Lehmer code of the permutation that hands
  letter A, B, … its card (the index of each letter's card among the cards not yet dealt).
  Nightmare puzzles that differ only in their dealing are one puzzle (the canonical key
  ignores it): they share the key's range ``[key − dealing, key − dealing + v!)``.

Extreme decoys are not part of a key: the catalogue holds classic puzzles, and extreme and
nightmare puzzles are drawn from them on the fly (:mod:`turing.generation.sample`).

The key fits SQLite's signed 64-bit integers for every card set with
``C(cards, v) · P^v · v! < 2^58`` (the classic set: at most 4.6·10^15 for six verifiers).
A :class:`Layout` belongs to one card set and carries a fingerprint of every criterion's
mask: a bank records it beside its catalogue, and refuses to read keys against a card set
that has changed since.
"""

from __future__ import annotations

import bisect
import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from turing.core.cards import CardSet
from turing.core.errors import TuringError
from turing.core.puzzle import Mode

KEY_SHIFT: Final = 58
PAYLOAD_LIMIT: Final = 1 << KEY_SHIFT
MODE_CODES: Final[dict[Mode, int]] = {Mode.CLASSIC: 0, Mode.EXTREME: 1, Mode.NIGHTMARE: 2}
CODE_MODES: Final[dict[int, Mode]] = {v: k for k, v in MODE_CODES.items()}
MAX_VERIFIERS: Final = 7
#: the ``tier`` column of the compact catalogue: 0 for cards that fit no published tier
TIER_CODES: Final[dict[str | None, int]] = {None: 0, "easy": 1, "standard": 2, "hard": 3}


class PackingError(TuringError):
    """A puzzle that has no packed key (e.g. a card set too large for 64 bits)."""


@dataclass(frozen=True)
class Layout:
    """How keys of one card set are packed (kept by the card set)."""

    #: the set's card numbers, ascending
    numbers: tuple[int, ...]
    #: card number → its place in ``numbers``
    place: dict[int, int]
    #: the most criteria a card has (the base of a criterion digit)
    base: int
    #: ``binom[j][b]`` = C(b, j) for b = 0 … len(numbers), j = 0 … MAX_VERIFIERS
    binom: tuple[tuple[int, ...], ...]
    #: a hash of every card's number and criteria masks, in order
    fingerprint: str

    @property
    def cards(self) -> int:
        return len(self.numbers)


def key_range(mode: Mode | str, verifiers: int) -> tuple[int, int]:
    """The keys of one mode and verifier count (of any card set): ``lo <= key < hi``."""
    top = MODE_CODES[Mode.parse(mode)] * 8 + verifiers
    return top << KEY_SHIFT, (top + 1) << KEY_SHIFT


def layout_for(cardset: CardSet) -> Layout:
    """The key layout of a card set."""
    return cardset.derived(_build_layout)


def _build_layout(cardset: CardSet) -> Layout:
    cards = sorted(cardset, key=lambda c: c.number)
    numbers = tuple(c.number for c in cards)
    n = len(numbers)
    binom = tuple(tuple(math.comb(b, j) for b in range(n + 1)) for j in range(MAX_VERIFIERS + 1))
    digest = hashlib.sha256()
    for card in cards:
        digest.update(f"{card.number}:".encode())
        for c in card.criteria:
            digest.update(f"{c.position}={c.mask:x};".encode())
    return Layout(
        numbers=numbers,
        place={num: i for i, num in enumerate(numbers)},
        base=max((len(c.criteria) for c in cards), default=1),
        binom=binom,
        fingerprint=digest.hexdigest()[:32],
    )


def _lehmer(perm: Sequence[int]) -> int:
    """The rank of a permutation of ``0 … n−1`` (Lehmer code, first element most
    significant)."""
    rest = list(range(len(perm)))
    rank = 0
    for i, x in enumerate(perm):
        j = rest.index(x)
        rank += j * math.factorial(len(perm) - 1 - i)
        rest.pop(j)
    return rank


def _unlehmer(rank: int, n: int) -> list[int]:
    rest = list(range(n))
    out: list[int] = []
    for i in range(n):
        f = math.factorial(n - 1 - i)
        j, rank = divmod(rank, f)
        out.append(rest.pop(j))
    return out


def pack(
    layout: Layout,
    mode: Mode | str,
    cards: Sequence[int],
    positions: Sequence[int],
    dealing: Sequence[int] | None = None,
) -> int:
    """The key of ``cards`` (card numbers, strictly ascending) with criterion ``positions``
    (1-based, one per card); ``dealing[letter]`` = the index in ``cards`` of that letter's
    card (nightmare; None for the identity)."""
    v = len(cards)
    if not 1 <= v <= MAX_VERIFIERS:
        raise PackingError(f"a packed key holds 1–{MAX_VERIFIERS} verifiers, not {v}")
    n = layout.cards
    binom = layout.binom
    try:
        places = [layout.place[c] for c in cards]
    except KeyError as exc:
        raise PackingError(f"card {exc.args[0]} is not in the card set") from None
    # lexicographic rank: C(n, v) − 1 − Σ C(n − 1 − a_i, v − i)
    rank = binom[v][n] - 1
    prev = -1
    for i, a in enumerate(places):
        if a <= prev:
            raise PackingError("the cards of a packed key must be distinct and ascending")
        prev = a
        rank -= binom[v - i][n - 1 - a]
    base = layout.base
    digits = 0
    for p in positions:
        if not 1 <= p <= base:
            raise PackingError(f"criterion position {p} is outside 1–{base}")
        digits = digits * base + (p - 1)
    deal = 0 if dealing is None else _lehmer(dealing)
    payload: int = (rank * base**v + digits) * math.factorial(v) + deal
    if payload >= PAYLOAD_LIMIT:
        raise PackingError(
            f"the card set is too large for a packed key of {v} verifiers "
            f"({n} cards, up to {base} criteria each)"
        )
    return (MODE_CODES[Mode.parse(mode)] * 8 + v) << KEY_SHIFT | payload


_FACTORIALS: Final = tuple(math.factorial(v) for v in range(MAX_VERIFIERS + 1))
_IDENTITY: Final = tuple(tuple(range(v)) for v in range(MAX_VERIFIERS + 1))


class Unpacked(NamedTuple):
    mode: Mode
    cards: tuple[int, ...]
    positions: tuple[int, ...]
    #: ``dealing[letter]`` = index in ``cards`` of the letter's card
    dealing: tuple[int, ...]


def unpack(layout: Layout, key: int) -> Unpacked:
    """The parts of a key (the inverse of :func:`pack`)."""
    top, payload = key >> KEY_SHIFT, key & (PAYLOAD_LIMIT - 1)
    mode = CODE_MODES.get(top >> 3)
    v = top & 7
    if mode is None or v < 1:
        raise PackingError(f"{key} is not a packed puzzle key")
    rest, deal = divmod(payload, _FACTORIALS[v])
    base = layout.base
    rank, digits = divmod(rest, base**v)
    n1 = layout.cards - 1
    binom = layout.binom
    numbers = layout.numbers
    # r' = C(n, v) − 1 − rank = Σ C(b_i, v − i) with b_i = n − 1 − a_i strictly decreasing
    r = binom[v][n1 + 1] - 1 - rank
    if r < 0:
        raise PackingError(f"{key} is not a packed puzzle key of this card set")
    cards: list[int] = []
    for j in range(v, 0, -1):
        column = binom[j]
        b = bisect.bisect_right(column, r) - 1
        r -= column[b]
        cards.append(numbers[n1 - b])
    positions = [0] * v
    for i in range(v - 1, -1, -1):
        digits, d = divmod(digits, base)
        positions[i] = d + 1
    return Unpacked(
        mode,
        tuple(cards),
        tuple(positions),
        tuple(_unlehmer(deal, v)) if deal else _IDENTITY[v],
    )


def cards_key(layout: Layout, mode: Mode | str, cards: Sequence[int]) -> tuple[int, int]:
    """``(key of the cards with every criterion digit 0, the key step of one unit of the
    last criterion digit)``: the key of criterion digits ``d`` is ``first + d · step`` (for
    packing many puzzles of one card tuple fast)."""
    first = pack(layout, mode, cards, [1] * len(cards))
    return first, math.factorial(len(cards))


def canonical_text(
    mode: Mode | str, cardset_ref: str | None, cards: Sequence[int], positions: Sequence[int]
) -> str:
    """:meth:`turing.core.puzzle.Puzzle.canonical_key` of a classic or nightmare puzzle
    whose real cards (ascending) carry ``positions``, without building the puzzle."""
    body = ";".join(f"{c}:{c}.{p}" for c, p in zip(cards, positions, strict=True))
    return f"{Mode.parse(mode).value}|{cardset_ref or 'classic'}|{body}"


def id_tag(canonical: str) -> int:
    """The 30 bits of the canonical key's hash that the short id spells (its six base-32
    characters, as :meth:`turing.core.puzzle.Puzzle.short_id` writes them)."""
    digest = hashlib.sha256(canonical.encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 2


__all__ = [
    "KEY_SHIFT",
    "TIER_CODES",
    "Layout",
    "PackingError",
    "Unpacked",
    "canonical_text",
    "cards_key",
    "id_tag",
    "key_range",
    "layout_for",
    "pack",
    "unpack",
]
