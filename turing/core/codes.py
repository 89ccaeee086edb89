"""The code space: 125 three-digit codes ▲■● with digits 1–5, and sets of them as bitmasks.

A code's index is ``(b-1)*25 + (y-1)*5 + (p-1)``, so codes sort as their ``BYP`` text does.
A set of codes is a plain ``int`` whose bit *i* stands for the code with index *i*;
:class:`CodeSet` wraps such an int for printing and iteration.

>>> Code.parse("241").index
40
>>> str(CodeSet.of("241", "111"))
'{111, 241}'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from turing.core.errors import TuringError
from turing.core.files import shown_value
from turing.i18n import _, ngettext

DIGITS: Final = (1, 2, 3, 4, 5)
SHAPES: Final = ("b", "y", "p")
SHAPE_SYMBOLS: Final = {"b": "▲", "y": "■", "p": "●"}
SHAPE_NAMES: Final = {"b": "blue", "y": "yellow", "p": "purple"}
NUM_CODES: Final = 125
ALL_MASK: Final = (1 << NUM_CODES) - 1
#: The code every example and help text shows a player. It is the solution of no shipped
#: puzzle and no code any reading of one leads to (a test checks this), so an example never
#: tells a player the answer.
EXAMPLE_CODE: Final = "352"


class CodeError(TuringError):
    """A code that is not three digits 1–5."""


def as_typed(text: str) -> str:
    """``text`` with the compatibility forms of characters read as the characters they
    stand for (Unicode NFKC): full-width digits, letters and signs, as an East Asian input
    method types them (``２４１`` is ``241``, ``ａ＋`` is ``a+``), superscript and circled
    digits. A character that only looks like a digit or a letter (a digit of another
    script, ``٢``; a Cyrillic ``А``) stays as it is, and is refused where a digit or a
    verifier's letter is wanted."""
    return unicodedata.normalize("NFKC", text)


#: Letters of the Cyrillic and Greek scripts that look like a Latin letter, by the end of
#: their Unicode names (CYRILLIC CAPITAL LETTER ES is drawn as C), capital and small.
_LOOKALIKE_CAPITALS: Final = {
    **dict.fromkeys(("A", "ALPHA"), "A"),
    **dict.fromkeys(("VE", "BETA"), "B"),
    "ES": "C",
    **dict.fromkeys(("IE", "EPSILON"), "E"),
    **dict.fromkeys(("EN", "ETA"), "H"),
    **dict.fromkeys(("BYELORUSSIAN-UKRAINIAN I", "IOTA"), "I"),
    "JE": "J",
    **dict.fromkeys(("KA", "KAPPA"), "K"),
    **dict.fromkeys(("EM", "MU"), "M"),
    "NU": "N",
    **dict.fromkeys(("O", "OMICRON"), "O"),
    **dict.fromkeys(("ER", "RHO"), "P"),
    "DZE": "S",
    **dict.fromkeys(("TE", "TAU"), "T"),
    **dict.fromkeys(("HA", "CHI"), "X"),
    **dict.fromkeys(("U", "UPSILON"), "Y"),
    "ZETA": "Z",
}
_LOOKALIKE_SMALLS: Final = {
    **dict.fromkeys(("A", "ALPHA"), "a"),
    "ES": "c",
    "IE": "e",
    **dict.fromkeys(("BYELORUSSIAN-UKRAINIAN I", "IOTA"), "i"),
    "JE": "j",
    "KAPPA": "k",
    **dict.fromkeys(("O", "OMICRON"), "o"),
    **dict.fromkeys(("ER", "RHO"), "p"),
    "DZE": "s",
    "UPSILON": "u",
    "NU": "v",
    "HA": "x",
    "U": "y",
}


def lookalike(char: str) -> str | None:
    """The ASCII letter or digit that ``char``, a character of another script, looks like
    (a Cyrillic ``А``: ``A``; an Arabic-Indic ``٣``: ``3``); None for an ASCII character
    or one that looks like none.

    >>> lookalike("\u0410"), lookalike("\u0440"), lookalike("\u0663"), lookalike("A")
    ('A', 'p', '3', None)
    """
    if char.isascii() or len(char) != 1:
        return None
    value = unicodedata.decimal(char, None)
    if value is not None:
        return str(value)
    name = unicodedata.name(char, "")
    for script in ("CYRILLIC", "GREEK"):
        for case, table in (("CAPITAL", _LOOKALIKE_CAPITALS), ("SMALL", _LOOKALIKE_SMALLS)):
            start = f"{script} {case} LETTER "
            if name.startswith(start):
                return table.get(name.removeprefix(start))
    return None


def typed_quoted(text: str, takes: str) -> str:
    """``text``, typed where one of the characters ``takes`` belongs (a verifier's letter,
    a shape's, a colour's, a digit; in either case) and refused, quoted as a message names
    it; the first character of it that is not ASCII but looks like one of ``takes`` is
    named too (the screen shows no difference), and how many more there are.

    >>> print(typed_quoted("\u0410", "ABCD"))
    'А' (U+0410 CYRILLIC CAPITAL LETTER A, not the Latin A)
    >>> print(typed_quoted("12\u0663", "12345"))
    '12٣' (U+0663 ARABIC-INDIC DIGIT THREE, not the digit 3)
    >>> print(typed_quoted("\u0662\u0664\u0661", "12345"))
    '٢٤١' (U+0662 ARABIC-INDIC DIGIT TWO, not the digit 2; and 2 more characters like it)
    >>> print(typed_quoted("zz", "ABCD"))
    'zz'
    """
    said: list[str] = []
    for char in dict.fromkeys(text):
        like = lookalike(char)
        if like is None or like.upper() not in takes.upper():
            continue
        name = unicodedata.name(char)
        if like.isdigit():
            said.append(
                _("U+{code:04X} {name}, not the digit {digit}").format(
                    code=ord(char), name=name, digit=like
                )
            )
        else:
            said.append(
                _("U+{code:04X} {name}, not the Latin {letter}").format(
                    code=ord(char), name=name, letter=like
                )
            )
    quoted = repr(text)
    if not said:
        return quoted
    if len(said) > 1:
        more = ngettext(
            "{said}; and {n} more character like it",
            "{said}; and {n} more characters like it",
            len(said) - 1,
        )
        return f"{quoted} ({more.format(said=said[0], n=len(said) - 1)})"
    return f"{quoted} ({said[0]})"


@dataclass(frozen=True, slots=True, order=True)
class Code:
    """One code: a digit 1–5 for each of ▲ blue, ■ yellow, ● purple."""

    b: int
    y: int
    p: int

    @property
    def index(self) -> int:
        return (self.b - 1) * 25 + (self.y - 1) * 5 + (self.p - 1)

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def digits(self) -> tuple[int, int, int]:
        return (self.b, self.y, self.p)

    @staticmethod
    def from_index(index: int) -> Code:
        if not 0 <= index < NUM_CODES:
            raise CodeError(_("code index {index} is outside 0–124").format(index=index))
        return ALL_CODES[index]

    @staticmethod
    def parse(text: str) -> Code:
        """Parse ``"241"`` (▲=2, ■=4, ●=1); spaces and commas between digits are allowed."""
        if isinstance(text, int) and not isinstance(text, bool):
            raise CodeError(
                _(
                    "a code is written as text, three digits 1–5 like {example}, not as the "
                    "number {number}"
                ).format(example=EXAMPLE_CODE, number=text)
            )
        if not isinstance(text, str):
            raise CodeError(
                _("a code is three digits 1–5 like {example}, not {text}").format(
                    example=EXAMPLE_CODE, text=shown_value(text)
                )
            )
        compact = "".join(ch for ch in text.strip() if ch not in " ,")
        if len(compact) != 3 or not compact.isascii() or not compact.isdigit():
            shown = shown_value(text.strip())
            if len(compact) == 3 and any(lookalike(ch) for ch in compact):
                shown = typed_quoted(text.strip(), "12345")
            raise CodeError(
                _("{code} is not a code: a code is three digits 1–5, like {example}").format(
                    code=shown, example=EXAMPLE_CODE
                )
            )
        digits = [int(ch) for ch in compact]
        bad = list(dict.fromkeys(str(d) for d in digits if d not in DIGITS))
        if bad:
            raise CodeError(
                ngettext(
                    "{code} is not a code: digit {digits} outside 1–5",
                    "{code} is not a code: digits {digits} outside 1–5",
                    len(bad),
                ).format(code=repr(compact), digits=", ".join(bad))
            )
        return ALL_CODES[(digits[0] - 1) * 25 + (digits[1] - 1) * 5 + (digits[2] - 1)]

    def __str__(self) -> str:
        return f"{self.b}{self.y}{self.p}"

    def __repr__(self) -> str:
        return f"Code({str(self)!r})"


ALL_CODES: Final[tuple[Code, ...]] = tuple(
    Code(b, y, p) for b in DIGITS for y in DIGITS for p in DIGITS
)
CODE_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in ALL_CODES)


def _permuted(order: tuple[int, int, int], mirror: bool) -> tuple[int, ...]:
    out = []
    for code in ALL_CODES:
        digits = [code.digits[k] for k in order]
        if mirror:
            digits = [6 - d for d in digits]
        out.append(Code(*digits).index)
    return tuple(out)


#: The permutations of the code space that keep its shape: the three places (▲■●) in
#: any order, each with the digits as they are or mirrored (d → 6 − d); each is the
#: image of every code index, the identity first. A card set whose criteria a
#: permutation maps onto one another answers tests the same way up to it.
CODE_PERMUTATIONS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _permuted(order, mirror)
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    for mirror in (False, True)
)


def code_index(code: Code | str | int) -> int:
    """The index of a code given as a Code, its text, or an index."""
    if isinstance(code, Code):
        return code.index
    if isinstance(code, int):
        if not 0 <= code < NUM_CODES:
            raise CodeError(_("code index {code} is outside 0–124").format(code=code))
        return code
    return Code.parse(code).index


def indices(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_index(mask: int) -> int:
    """The smallest index in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def ceil_log2(n: int) -> int:
    """``⌈log2 n⌉`` for ``n`` ≥ 1 (0 for 0 and 1): the yes/no answers that tell ``n`` apart.

    >>> [ceil_log2(n) for n in (1, 2, 3, 4, 5, 125)]
    [0, 1, 2, 2, 3, 7]
    """
    return (n - 1).bit_length() if n > 1 else 0


@dataclass(frozen=True, slots=True)
class CodeSet:
    """An immutable set of codes over a 125-bit mask."""

    mask: int = 0

    def __post_init__(self) -> None:
        if self.mask < 0 or self.mask > ALL_MASK:
            raise CodeError(_("a code set mask has bits outside the 125 codes"))

    @staticmethod
    def of(*codes: Code | str) -> CodeSet:
        return CodeSet.from_codes(codes)

    @staticmethod
    def from_codes(codes: Iterable[Code | str | int]) -> CodeSet:
        mask = 0
        for code in codes:
            mask |= 1 << code_index(code)
        return CodeSet(mask)

    @staticmethod
    def everything() -> CodeSet:
        return CodeSet(ALL_MASK)

    def __iter__(self) -> Iterator[Code]:
        return (ALL_CODES[i] for i in indices(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, code: object) -> bool:
        if isinstance(code, Code | str):
            try:
                return bool(self.mask >> code_index(code) & 1)
            except CodeError:
                return False
        return False

    def __and__(self, other: CodeSet) -> CodeSet:
        return CodeSet(self.mask & other.mask)

    def __or__(self, other: CodeSet) -> CodeSet:
        return CodeSet(self.mask | other.mask)

    def __sub__(self, other: CodeSet) -> CodeSet:
        return CodeSet(self.mask & ~other.mask)

    def __invert__(self) -> CodeSet:
        return CodeSet(ALL_MASK & ~self.mask)

    def texts(self) -> list[str]:
        """The codes as sorted ``BYP`` strings."""
        return [CODE_TEXT[i] for i in indices(self.mask)]

    def __str__(self) -> str:
        return "{" + ", ".join(self.texts()) + "}"
