"""Puzzle codes to share: a whole puzzle, hidden part included, in a dozen characters.

A code such as ``1R2X7KQ4HMB`` holds the mode, the card set (a shipped one, by name), the
cards in letter order and the hidden part (criteria; the real cards in extreme mode; the
dealing of cards to verifiers in nightmare mode). Anyone with the code plays the same
puzzle without a file or a bank::

    >>> from turing.core.cards import load_cardset
    >>> from turing.core.puzzle import Puzzle
    >>> classic = load_cardset("classic")
    >>> p01 = Puzzle(cards=((4,), (9,), (11,), (14,)), criteria=(2, 1, 1, 3))
    >>> code = encode(p01, classic)
    >>> decode(code.lower()).criteria
    (2, 1, 1, 3)

How a code is made (docs/share-codes.md tells why it is this short):

1. **Rank.** Each (card set, mode, verifier count) is a *block*: the puzzles it can hold
   are counted exactly, and a puzzle is its rank among them — a mixed-radix number whose
   digits are each verifier's card among the cards still unused, weighted by how many
   ways the rest can be completed, and its criterion on that card (a combinatorial
   number system), then in extreme mode each decoy card among the cards still unused.
2. **Pack.** Blocks are laid out, card set by card set and smallest first, into spaces
   of 32^ℓ codes for the shortest payload length ℓ with room; the layout follows from
   the version's card sets.
3. **Scramble.** The index in its space goes through a keyed Feistel permutation with
   cycle-walking (a fixed bijection of the space onto itself), so neighbouring puzzles
   get unrelated codes and no character stands for a criterion.
4. **Write.** A version symbol, the payload in Crockford's base32 (ℓ characters), and a
   check character over GF(32) that refuses every single-character typo and every swap of
   two characters.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import factorial
from typing import Final

from turing.core.cards import CardError, CardSet, load_cardset
from turing.core.codes import as_typed
from turing.core.errors import TuringError
from turing.core.files import shorten, shown_name, shown_value
from turing.core.puzzle import LETTERS, MAX_VERIFIERS, Mode, Puzzle
from turing.i18n import _, ngettext

#: Crockford's base32: digits and letters without I, L, O and U.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE: Final[dict[str, int]] = {
    **{ch: i for i, ch in enumerate(ALPHABET)},
    "O": 0,
    "I": 1,
    "L": 1,
}
#: Characters a reader may put in a code to group it; they are ignored.
_IGNORED: Final = re.compile(r"[\s\-]+")

#: The modes a code can hold, in the order blocks are listed.
MODE_ORDER: Final = ("classic", "nightmare", "extreme")
#: Scrambling rounds of the Feistel permutation.
_ROUNDS: Final = 8
_KEY: Final = b"turing puzzle code"


class ShareCodeError(TuringError):
    """A text that is not a puzzle code, or a puzzle a code cannot hold."""


def _not_a_code(why: str) -> ShareCodeError:
    return ShareCodeError(_("not a puzzle code: {reason}").format(reason=why))


def _cannot_share(why: str) -> ShareCodeError:
    return ShareCodeError(_("cannot make a puzzle code: {reason}").format(reason=why))


# -- versions and card-set editions ---------------------------------------------------------


@dataclass(frozen=True)
class Edition:
    """A shipped card set as a version of the code knows it: its name and fingerprint."""

    name: str
    fingerprint: str


#: Version symbol → the card-set editions its codes may name, in block order. A code's
#: meaning never changes: a new shipped card set, or a new edition of one (criteria
#: added, removed, reordered or changed), gets a new version symbol with its own table,
#: and the old entries stay as they are (their editions stay shipped).
VERSIONS: Final[dict[str, tuple[Edition, ...]]] = {
    "1": (
        Edition("classic", "8f026e5eb6fdc4eb"),
        Edition("examples/primes", "621a93e60ca5166b"),
    ),
}
#: The version new codes are written in.
CURRENT_VERSION: Final = "1"


def fingerprint(cardset: CardSet) -> str:
    """What a code depends on in a card set: each card's number and its criteria's masks.

    Titles and texts may be reworded freely; a change to any criterion's meaning or order
    changes the fingerprint.
    """
    digest = hashlib.sha256()
    for number in sorted(cardset.cards):
        masks = ",".join(f"{m:x}" for m in cardset.masks[number])
        digest.update(f"{number}:{masks};".encode())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=8)
def _edition_sets(version: str) -> tuple[CardSet, ...]:
    """The card sets a version names, checked against its fingerprints.

    Raises :class:`ShareCodeError` without a prefix; callers say what they were doing.
    """
    out: list[CardSet] = []
    for edition in VERSIONS[version]:
        try:
            cardset = load_cardset(edition.name)
        except CardError:
            raise ShareCodeError(
                _(
                    "codes of version {version} name card set {name!r}, which this "
                    "installation does not ship"
                ).format(version=version, name=edition.name)
            ) from None
        if fingerprint(cardset) != edition.fingerprint:
            raise ShareCodeError(
                _(
                    "codes of version {version} name an edition of card set {name!r} "
                    "other than the one this installation ships"
                ).format(version=version, name=edition.name)
            )
        out.append(cardset)
    return tuple(out)


def _sets_for(version: str, reading: bool) -> tuple[CardSet, ...]:
    try:
        return _edition_sets(version)
    except ShareCodeError as exc:
        raise (_not_a_code if reading else _cannot_share)(str(exc)) from None


# -- counting and ranking -------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """The puzzles of one card set, mode and verifier count, and where they sit."""

    edition: int
    mode: str
    verifiers: int
    size: int
    length: int = 0
    offset: int = 0


def _elementary(ks: Sequence[int], m: int) -> list[int]:
    """Elementary symmetric sums e_0..e_m of the criteria counts ``ks``."""
    e = [1] + [0] * m
    for k in ks:
        for j in range(m, 0, -1):
            e[j] += e[j - 1] * k
    return e


def _without(e: Sequence[int], k: int) -> list[int]:
    """e_j of a multiset with one value ``k`` removed, from e_j of the whole."""
    out = [1]
    for j in range(1, len(e)):
        out.append(e[j] - k * out[j - 1])
    return out


def _sequences(ks: Sequence[int], n: int) -> int:
    """How many ordered choices of n distinct cards, each with one of its criteria."""
    if n > len(ks):
        return 0
    return factorial(n) * _elementary(ks, n)[n]


def _arrangements(total: int, n: int) -> int:
    """Ordered choices of n distinct items out of ``total``."""
    out = 1
    for i in range(n):
        out *= max(total - i, 0)
    return out


def _block_size(cardset: CardSet, mode: str, n: int) -> int:
    ks = [len(cardset.cards[c].criteria) for c in sorted(cardset.cards)]
    hidden = _sequences(ks, n)
    if mode == "extreme":
        return hidden * _arrangements(len(ks) - n, n)
    return hidden


def _rank_sequence(cardset: CardSet, pairs: Sequence[tuple[int, int]]) -> int:
    """The rank of ((card, criterion position), …) among all such sequences."""
    remaining = sorted(cardset.cards)
    ks = {c: len(cardset.cards[c].criteria) for c in remaining}
    rank = 0
    for i, (card, position) in enumerate(pairs):
        m = len(pairs) - i - 1
        e = _elementary([ks[c] for c in remaining], m + 1)
        for other in remaining:
            tail = factorial(m) * _without(e, ks[other])[m]
            if other == card:
                rank += (position - 1) * tail
                break
            rank += ks[other] * tail
        remaining.remove(card)
    return rank


def _unrank_sequence(cardset: CardSet, n: int, rank: int) -> list[tuple[int, int]]:
    remaining = sorted(cardset.cards)
    ks = {c: len(cardset.cards[c].criteria) for c in remaining}
    out: list[tuple[int, int]] = []
    for i in range(n):
        m = n - i - 1
        e = _elementary([ks[c] for c in remaining], m + 1)
        for card in remaining:
            tail = factorial(m) * _without(e, ks[card])[m]
            if rank < ks[card] * tail:
                out.append((card, rank // tail + 1))
                rank %= tail
                remaining.remove(card)
                break
            rank -= ks[card] * tail
        else:  # pragma: no cover - the rank was checked against the block size
            raise AssertionError("rank past the end of its block")
    return out


def _rank_decoys(cardset: CardSet, real: Sequence[int], decoys: Sequence[int]) -> int:
    remaining = sorted(set(cardset.cards) - set(real))
    rank = 0
    for decoy in decoys:
        rank = rank * len(remaining) + remaining.index(decoy)
        remaining.remove(decoy)
    return rank


def _unrank_decoys(cardset: CardSet, real: Sequence[int], rank: int) -> list[int]:
    remaining = sorted(set(cardset.cards) - set(real))
    n = len(real)
    radices = [len(remaining) - i for i in range(n)]
    digits = [0] * n
    for i in range(n - 1, -1, -1):
        rank, digits[i] = divmod(rank, radices[i])
    out = []
    for d in digits:
        out.append(remaining.pop(d))
    return out


# -- the layout of a version ----------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Every block of a version, and the size of the space of each payload length."""

    blocks: tuple[Block, ...]
    spaces: dict[int, int]

    def block(self, edition: int, mode: str, verifiers: int) -> Block | None:
        for b in self.blocks:
            if (b.edition, b.mode, b.verifiers) == (edition, mode, verifiers):
                return b
        return None


@lru_cache(maxsize=8)
def layout(version: str = CURRENT_VERSION) -> Layout:
    """Where each (card set, mode, verifier count) sits among the codes of a version.

    Blocks are taken card set by card set in the version's order (classic first), each
    set's smallest first (ties in mode and verifier order), and each goes into the
    shortest payload length whose 32^ℓ codes still have room for it.
    """
    sets = _edition_sets(version)
    pending = [
        Block(e, mode, n, _block_size(cs, mode, n))
        for e, cs in enumerate(sets)
        for mode in MODE_ORDER
        for n in range(1, MAX_VERIFIERS + 1)
    ]
    pending = [b for b in pending if b.size > 0]
    pending.sort(key=lambda b: (b.edition, b.size, MODE_ORDER.index(b.mode), b.verifiers))
    used: dict[int, int] = {}
    placed: list[Block] = []
    for b in pending:
        length = 1
        while used.get(length, 0) + b.size > 32**length:
            length += 1
        offset = used.get(length, 0)
        used[length] = offset + b.size
        placed.append(Block(b.edition, b.mode, b.verifiers, b.size, length, offset))
    placed.sort(key=lambda b: (b.edition, MODE_ORDER.index(b.mode), b.verifiers))
    return Layout(tuple(placed), dict(sorted(used.items())))


def code_lengths(version: str = CURRENT_VERSION) -> Iterator[tuple[str, str, int, int, int]]:
    """(card set, mode, verifiers, puzzles in the block, code length) for every block.

    Every code of a block has the same length (version symbol + payload + check), so
    these are the exact maxima over the whole counted space.
    """
    sets = _edition_sets(version)
    for b in layout(version).blocks:
        yield sets[b.edition].name, b.mode, b.verifiers, b.size, b.length + 2


# -- scrambling -----------------------------------------------------------------------------


def _round(version: str, length: int, index: int, half: int, bits: int) -> int:
    data = f"{version}:{length}:{index}:{half}".encode()
    digest = hashlib.blake2b(data, key=_KEY, digest_size=16).digest()
    return int.from_bytes(digest, "big") & ((1 << bits) - 1)


def _feistel(version: str, length: int, x: int, bits: int, inverse: bool) -> int:
    mask = (1 << bits) - 1
    left, right = x >> bits, x & mask
    if not inverse:
        for i in range(_ROUNDS):
            left, right = right, left ^ _round(version, length, i, right, bits)
    else:
        for i in reversed(range(_ROUNDS)):
            left, right = right ^ _round(version, length, i, left, bits), left
    return (left << bits) | right


def _spread(version: str, length: int) -> int:
    """The step between used payloads: a space that fills only part of its 32^ℓ codes is
    spread over all of them, so every character varies and a stray payload is refused."""
    return (1 << (5 * length)) // layout(version).spaces[length]


def _half_bits(size: int) -> int:
    return max(1, ((size - 1).bit_length() + 1) // 2)


def scramble(version: str, length: int, index: int) -> int:
    """A fixed bijection of [0, size) for the space of payload length ``length``.

    A Feistel permutation of the smallest even-width power of two that holds the space,
    walked along its cycle until it lands back inside the space (cycle-walking).
    """
    size = layout(version).spaces[length]
    bits = _half_bits(size)
    x = _feistel(version, length, index, bits, inverse=False)
    while x >= size:
        x = _feistel(version, length, x, bits, inverse=False)
    return x


def unscramble(version: str, length: int, value: int) -> int:
    size = layout(version).spaces[length]
    bits = _half_bits(size)
    x = _feistel(version, length, value, bits, inverse=True)
    while x >= size:
        x = _feistel(version, length, x, bits, inverse=True)
    return x


# -- the check character --------------------------------------------------------------------

# GF(32) from the primitive polynomial x^5 + x^2 + 1; α = 2 has order 31.
_EXP: Final[list[int]] = []
_LOG: Final[list[int]] = [0] * 32
_x = 1
for _i in range(31):
    _EXP.append(_x)
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0b100000:
        _x ^= 0b100101
del _x, _i


def _syndrome(values: Sequence[int]) -> int:
    """Σ α^i · v_i over GF(32) (addition is exclusive or)."""
    total = 0
    for i, v in enumerate(values):
        if v:
            total ^= _EXP[(_LOG[v] + i) % 31]
    return total


def check_value(values: Sequence[int]) -> int:
    """The check symbol to append so that the whole code's syndrome is 0.

    With distinct non-zero weights α^i (i < 31), a changed symbol changes the syndrome by
    α^i·d ≠ 0, and swapping two different symbols at i and j by (α^i + α^j)·(a + b) ≠ 0:
    every single substitution and every transposition is detected.
    """
    s = _syndrome(values)
    if s == 0:
        return 0
    return _EXP[(_LOG[s] - len(values)) % 31]


# -- text -----------------------------------------------------------------------------------


def normalize(text: str) -> str:
    """The code in canonical symbols: upper case, O→0, I/L→1, spaces and dashes dropped;
    full-width forms as the plain ones (:func:`~turing.core.codes.as_typed`).

    Raises :class:`ShareCodeError` for a character outside Crockford's base32.
    """
    out: list[str] = []
    for ch in _IGNORED.sub("", as_typed(text)).upper():
        if ch not in _VALUE:
            shown = ch if ch.isprintable() else repr(ch)
            raise _not_a_code(
                _("{char!r} is not a code character (digits and letters except U)").format(
                    char=shown
                )
                if ch.isprintable()
                else _("{char} is not a code character").format(char=shown)
            )
        out.append(ALPHABET[_VALUE[ch]])
    return "".join(out)


def _to_symbols(value: int, width: int) -> str:
    out = []
    for _step in range(width):
        value, digit = divmod(value, 32)
        out.append(ALPHABET[digit])
    return "".join(reversed(out))


# -- encode / decode ------------------------------------------------------------------------


def _edition_of(cardset: CardSet, version: str) -> int:
    mark = fingerprint(cardset)
    for i, edition in enumerate(VERSIONS[version]):
        if edition.fingerprint == mark:
            return i
    names = ", ".join(e.name for e in VERSIONS[version])
    if any(shipped.name == cardset.name for shipped in _sets_for(version, reading=False)):
        raise _cannot_share(
            _(
                "card set {name!r} differs from the shipped edition of that name; "
                "a code can name only a shipped card set ({names})"
            ).format(name=cardset.name, names=names)
        )
    if not cardset.source:
        raise _cannot_share(
            _(
                "card set {name!r} is not a shipped card set; a code can name only a "
                "shipped one ({names}), so share the puzzle's file and its card set's "
                "file instead"
            ).format(name=cardset.name, names=names)
        )
    # the puzzle alone cannot be played without its cards: both files go to the friend
    raise _cannot_share(
        _(
            "card set {name!r} is not a shipped card set; a code can name only a "
            "shipped one ({names}), so share the puzzle's file and its card set file "
            "({file}) instead"
        ).format(name=cardset.name, names=names, file=shown_name(cardset.source))
    )


def _hidden_pairs(puzzle: Puzzle, cardset: CardSet) -> tuple[list[tuple[int, int]], list[int]]:
    """The real (card, criterion) of each verifier in letter order, and extreme's decoys."""
    n = puzzle.verifiers
    if not 1 <= n <= MAX_VERIFIERS:
        raise _cannot_share(
            _("a puzzle has 1–{most} verifiers, this one {count}").format(
                most=MAX_VERIFIERS, count=n
            )
        )
    if puzzle.mode not in MODE_ORDER:
        raise _cannot_share(_("unknown mode {name!r}").format(name=puzzle.mode))
    per = 2 if puzzle.mode == "extreme" else 1
    if any(len(group) != per for group in puzzle.cards):
        raise _cannot_share(
            ngettext(
                "{mode} mode takes {count} card per verifier",
                "{mode} mode takes {count} cards per verifier",
                per,
            ).format(mode=Mode.parse(puzzle.mode).label(), count=per)
        )
    shown = puzzle.shown_cards
    for number in shown:
        if number not in cardset:
            raise _cannot_share(
                _("card {number} is not in card set {name!r}").format(
                    number=number, name=cardset.name
                )
            )
    if len(set(shown)) != len(shown):
        raise _cannot_share(_("a card appears twice"))
    real = puzzle.true_cards
    if puzzle.criteria is None or real is None:
        raise _cannot_share(
            _("the puzzle has no hidden criteria, and a code holds the whole puzzle")
            if real is not None
            else _(
                "the puzzle has no hidden criteria and real cards, "
                "and a code holds the whole puzzle"
            )
        )
    if len(real) != n or len(puzzle.criteria) != n:
        raise _cannot_share(_("the hidden part needs one entry per verifier"))
    decoys: list[int] = []
    for v, (group, card) in enumerate(zip(puzzle.cards, real, strict=True)):
        if puzzle.mode == "nightmare":
            continue
        if card not in group:
            raise _cannot_share(
                _("verifier {letter}'s real card {card} is not among its cards").format(
                    letter=LETTERS[v], card=card
                )
            )
        if puzzle.mode == "extreme":
            decoys.append(group[1] if group[0] == card else group[0])
    if puzzle.mode == "nightmare" and sorted(real) != sorted(shown):
        raise _cannot_share(_("in nightmare mode the real cards must use each shown card once"))
    pairs = list(zip(real, puzzle.criteria, strict=True))
    for v, (card, position) in enumerate(pairs):
        count = len(cardset.card(card).criteria)
        if not 1 <= position <= count:
            raise _cannot_share(
                _("verifier {letter}: card {card} has no criterion {position} (1–{count})").format(
                    letter=LETTERS[v], card=card, position=position, count=count
                )
            )
    return pairs, decoys


def encode(puzzle: Puzzle, cardset: CardSet) -> str:
    """The code of a puzzle with its hidden part, played with ``cardset`` (a shipped set).

    The author's id, the stated solution and unknown keys are not part of the code.
    Raises :class:`ShareCodeError` ("cannot make a puzzle code: …").
    """
    version = CURRENT_VERSION
    edition = _edition_of(cardset, version)
    _sets_for(version, reading=False)
    pairs, decoys = _hidden_pairs(puzzle, cardset)
    block = layout(version).block(edition, puzzle.mode, puzzle.verifiers)
    if block is None:
        raise _cannot_share(
            _("card set {name!r} has too few cards for {count} {mode} verifiers").format(
                name=cardset.name, count=puzzle.verifiers, mode=puzzle.mode
            )
        )
    rank = _rank_sequence(cardset, pairs)
    if puzzle.mode == "extreme":
        real = [card for card, _ in pairs]
        rank = rank * _arrangements(len(cardset) - len(real), len(real)) + _rank_decoys(
            cardset, real, decoys
        )
    assert 0 <= rank < block.size
    return write_index(version, block.length, block.offset + rank)


def write_index(version: str, length: int, index: int) -> str:
    """The code at ``index`` of the space of payload length ``length``."""
    value = scramble(version, length, index)
    body = version + _to_symbols(value * _spread(version, length), length)
    return body + ALPHABET[check_value([_VALUE[ch] for ch in body])]


@dataclass(frozen=True)
class Shared:
    """A decoded code: the puzzle and the card set it is played with."""

    puzzle: Puzzle
    cardset: CardSet
    code: str


def read_code(text: str) -> Shared:
    """Decode a code as a person may type it (any case, O for 0, I or L for 1, spaces
    and dashes anywhere). Raises :class:`ShareCodeError` ("not a puzzle code: …")."""
    if not isinstance(text, str):
        raise _not_a_code(
            _("a code is text, like the one a shared puzzle gives, not {value}").format(
                value=shown_value(text)
            )
        )
    code = normalize(text)
    typed = shorten(text.strip())  # what a message quotes: the code as typed, not as read
    if not code:
        raise _not_a_code(_("it is empty"))
    if len(code) < 3:
        raise _not_a_code(_("{code!r} is too short").format(code=typed))
    values = [_VALUE[ch] for ch in code]
    if len(code) > 31:
        raise _not_a_code(_("{count} characters is too long").format(count=len(code)))
    if _syndrome(values) != 0:
        raise _not_a_code(
            _(
                "{code!r} fails its check character "
                "(a character mistyped, left out or two swapped?)"
            ).format(code=typed)
        )
    version = code[0]
    if version not in VERSIONS:
        raise _not_a_code(
            _(
                "version {version!r} is unknown to this release (it reads "
                "{versions}); a later release may read it"
            ).format(version=_IGNORED.sub("", as_typed(text))[0], versions=", ".join(VERSIONS))
        )
    sets = _sets_for(version, reading=True)
    plan = layout(version)
    length = len(code) - 2
    size = plan.spaces.get(length)
    value = 0
    for v in values[1:-1]:
        value = value * 32 + v
    if size is None:
        raise _not_a_code(_("no code has {count} characters").format(count=len(code)))
    value, rest = divmod(value, _spread(version, length))
    if rest or value >= size:
        raise _not_a_code(_("{code!r} names no puzzle (a character mistyped?)").format(code=typed))
    index = unscramble(version, length, value)
    block = next(b for b in plan.blocks if b.length == length and 0 <= index - b.offset < b.size)
    cardset = sets[block.edition]
    rank = index - block.offset
    n = block.verifiers
    decoys: list[int] = []
    if block.mode == "extreme":
        rank, decoy_rank = divmod(rank, _arrangements(len(cardset) - n, n))
    pairs = _unrank_sequence(cardset, n, rank)
    real = tuple(card for card, _ in pairs)
    criteria = tuple(position for _, position in pairs)
    name = VERSIONS[version][block.edition].name
    cardset_name = None if name == "classic" else name
    if block.mode == "extreme":
        decoys = _unrank_decoys(cardset, real, decoy_rank)
        puzzle = Puzzle(
            cards=tuple(tuple(sorted(pair)) for pair in zip(real, decoys, strict=True)),
            mode="extreme",
            criteria=criteria,
            real_cards=real,
            cardset=cardset_name,
        )
    elif block.mode == "nightmare":
        puzzle = Puzzle(
            cards=tuple((c,) for c in sorted(real)),
            mode="nightmare",
            criteria=criteria,
            real_cards=real,
            cardset=cardset_name,
        )
    else:
        puzzle = Puzzle(
            cards=tuple((c,) for c in real), mode="classic", criteria=criteria, cardset=cardset_name
        )
    return Shared(puzzle, cardset, code)


def decode(text: str) -> Puzzle:
    """The puzzle of a code; its ``cardset`` names the shipped set (None for classic)."""
    return read_code(text).puzzle
