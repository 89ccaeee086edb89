"""The presets of the code-breaking family as data, and how a code is written in each.

==================  =========  =======  =======  ====  ======================
preset              positions  colours  repeats  rows  match
==================  =========  =======  =======  ====  ======================
``classic``         4          6        yes      10    alternate, 10 + 1
``superhirn``       4          8        no       12    alternate, 12 + 1
``logik``           5          8        yes      12    duel
``master-collor``   5          6        yes      12    alternate, 13
==================  =========  =======  =======  ====  ======================

A code is typed as colour letters (``RGBY``), digits (``1234``, colour 1 first), colour
names separated by spaces, or a mix; ``.``, ``-``, ``_``, ``0`` or the digit after the
last colour (``9`` in Superhirn) is an empty hole where the game allows one.

>>> preset = get_preset("classic")
>>> preset.palette.parse("1122", preset.space)
(0, 0, 1, 1)
>>> preset.palette.format((0, 0, 1, 1))
'RRGG'
>>> get_preset("superhirn", blank=True).space.describe()
'4 positions × 8 colours, no repeats, empty hole as a colour'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from turing.core.errors import TuringError
from turing.mastermind.space import Code, CodeSpace, SpaceError

Mode = Literal["alternate", "duel"]

BLANK_CHARS: Final = ".-_0"
COMPENSATION: Final = 3
"""Points the wronged codebreaker gets when the codemaker's feedback is found false
(Master Collor's rule; the Superhirn text can be read either way)."""


class PresetError(TuringError):
    """An unknown preset or an impossible custom game."""


class CodeError(TuringError):
    """Text that is not a legal code of the game being played."""


@dataclass(frozen=True)
class Colour:
    name: str
    letter: str
    style: str


EMPTY_HOLE: Final = Colour("empty", ".", "dim")
GENERIC_COLOURS: Final = (
    Colour("red", "R", "red"),
    Colour("green", "G", "green"),
    Colour("blue", "B", "blue"),
    Colour("yellow", "Y", "yellow"),
    Colour("orange", "O", "dark_orange"),
    Colour("purple", "P", "magenta"),
    Colour("white", "W", "bright_white"),
    Colour("black", "K", "bright_black"),
    Colour("cyan", "C", "cyan"),
)
SIX_PEGS: Final = (
    Colour("red", "R", "red"),
    Colour("green", "G", "green"),
    Colour("blue", "B", "blue"),
    Colour("yellow", "Y", "yellow"),
    Colour("white", "W", "bright_white"),
    Colour("black", "K", "bright_black"),
)
EIGHT_PEGS: Final = (
    Colour("red", "R", "red"),
    Colour("yellow", "Y", "yellow"),
    Colour("green", "G", "green"),
    Colour("blue", "B", "blue"),
    Colour("white", "W", "bright_white"),
    Colour("black", "K", "bright_black"),
    Colour("orange", "O", "dark_orange"),
    Colour("purple", "P", "magenta"),
)
MASTER_COLLOR_PEGS: Final = (
    Colour("red", "R", "red"),
    Colour("yellow", "Y", "yellow"),
    Colour("green", "G", "green"),
    Colour("blue", "B", "blue"),
    Colour("orange", "O", "dark_orange"),
    Colour("purple", "P", "magenta"),
)


@dataclass(frozen=True)
class Palette:
    """The colours of a game, in symbol order, and the empty hole when it is a colour."""

    colours: tuple[Colour, ...]
    blank: bool = False

    def colour(self, symbol: int) -> Colour:
        return EMPTY_HOLE if symbol == len(self.colours) else self.colours[symbol]

    def format(self, code: Code) -> str:
        return "".join(self.colour(s).letter for s in code)

    def legend(self) -> str:
        """``R=red(1) G=green(2) …`` for prompts and help."""
        parts = [f"{c.letter}={c.name}({i + 1})" for i, c in enumerate(self.colours)]
        if self.blank:
            parts.append(f".=empty hole(0 or {len(self.colours) + 1})")
        return " ".join(parts)

    def parse(self, text: str, space: CodeSpace) -> Code:
        """A code from letters, digits, names or a mix; :class:`CodeError` says what is wrong."""
        symbols: list[int] = []
        for token in re.split(r"[\s,;]+", text.strip()):
            if not token:
                continue
            by_name = self._by_name(token)
            if by_name is not None:
                symbols.append(by_name)
                continue
            for char in token:
                symbols.append(self._symbol(char))
        if not symbols:
            raise CodeError(f"type a code of {space.positions} colours, like {self.example(space)}")
        if len(symbols) != space.positions:
            raise CodeError(
                f"{text.strip()!r} has {len(symbols)} colours; a code has {space.positions}, "
                f"like {self.example(space)}"
            )
        try:
            space.check(symbols)
        except SpaceError as error:
            raise CodeError(f"{text.strip()!r}: {error}") from None
        return tuple(symbols)

    def example(self, space: CodeSpace) -> str:
        return "".join(c.letter for c in self.colours[: space.positions])

    def _by_name(self, token: str) -> int | None:
        lowered = token.lower()
        for i, c in enumerate(self.colours):
            if c.name == lowered and len(token) > 1:
                return i
        if self.blank and lowered in ("empty", "blank", "hole"):
            return len(self.colours)
        return None

    def _symbol(self, char: str) -> int:
        upper = char.upper()
        for i, c in enumerate(self.colours):
            if c.letter == upper:
                return i
        if char.isdigit() and char != "0" and int(char) <= len(self.colours):
            return int(char) - 1
        if self.blank and (char in BLANK_CHARS or char == str(len(self.colours) + 1)):
            return len(self.colours)
        raise CodeError(f"{char!r} is not a colour here; colours are {self.legend()}")


@dataclass(frozen=True)
class Preset:
    """One game of the family: its code space, board, match rules and colours."""

    name: str
    title: str
    positions: int
    colours: tuple[Colour, ...]
    repeats: bool
    rows: int
    mode: Mode
    source: str
    blank: bool = False
    space: CodeSpace = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.rows <= 30:
            raise PresetError(f"rows must be 1–30, not {self.rows}")
        try:
            space = CodeSpace(self.positions, len(self.colours), self.repeats, self.blank)
        except SpaceError as error:
            raise PresetError(str(error)) from None
        object.__setattr__(self, "space", space)

    @property
    def palette(self) -> Palette:
        return Palette(self.colours, self.blank)

    @property
    def unsolved_points(self) -> int:
        """The codemaker's score when every row is used without a win: rows + 1."""
        return self.rows + 1

    @property
    def compensation(self) -> int:
        return COMPENSATION

    def describe(self) -> str:
        rows = "1 row" if self.rows == 1 else f"{self.rows} rows"
        return f"{self.title}: {self.space.describe()}, {rows}"


PRESETS: Final[dict[str, Preset]] = {
    p.name: p
    for p in (
        Preset(
            "classic", "Classic Mastermind", 4, SIX_PEGS, True, 10, "alternate", "the common game"
        ),
        Preset(
            "superhirn",
            "Superhirn",
            4,
            EIGHT_PEGS,
            False,
            12,
            "alternate",
            "Superhirn (Hasbro 1994)",
        ),
        Preset("logik", "Logik", 5, EIGHT_PEGS, True, 12, "duel", "Logik (two-player duel)"),
        Preset(
            "master-collor",
            "Master Collor",
            5,
            MASTER_COLLOR_PEGS,
            True,
            12,
            "alternate",
            "Master Collor",
        ),
    )
}


def get_preset(
    name: str,
    *,
    positions: int | None = None,
    colours: int | None = None,
    repeats: bool | None = None,
    rows: int | None = None,
    blank: bool = False,
) -> Preset:
    """A preset by name, changed by any of the custom settings given.

    A changed preset gets a name that lists the changes, e.g. ``superhirn+duplicates``.
    """
    base = PRESETS.get(name)
    if base is None:
        raise PresetError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
    tags: list[str] = []
    palette = base.colours
    if colours is not None and colours != len(palette):
        if not 2 <= colours <= len(GENERIC_COLOURS):
            raise PresetError(f"colours must be 2–{len(GENERIC_COLOURS)}, not {colours}")
        palette = palette[:colours] if colours < len(palette) else GENERIC_COLOURS[:colours]
        tags.append(f"colours={colours}")
    if positions is not None and positions != base.positions:
        tags.append(f"positions={positions}")
    if repeats is not None and repeats != base.repeats:
        tags.append("duplicates" if repeats else "no-repeats")
    if blank and not base.blank:
        tags.append("blank")
    if rows is not None and rows != base.rows:
        tags.append(f"rows={rows}")
    if not tags:
        return base
    return replace(
        base,
        name="+".join([base.name, *tags]),
        positions=base.positions if positions is None else positions,
        colours=palette,
        repeats=base.repeats if repeats is None else repeats,
        rows=base.rows if rows is None else rows,
        blank=base.blank or blank,
    )
