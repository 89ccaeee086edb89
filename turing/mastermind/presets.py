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

import difflib
import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from turing.core.codes import typed_quoted
from turing.core.errors import TuringError
from turing.i18n import N_, _, current_language, format_number, ngettext
from turing.mastermind.space import Code, CodeSpace, SpaceError

Mode = Literal["alternate", "duel"]

BLANK_CHARS: Final = ".-_0◌"
COMPENSATION: Final = 3
"""Points the wronged codebreaker gets when the codemaker's feedback is found false
(Master Collor's rule; the Superhirn text can be read either way)."""


class PresetError(TuringError):
    """An unknown preset or an impossible custom game."""

    def __init__(self, message: str, setting: str | None = None) -> None:
        super().__init__(message)
        self.setting = setting
        """The one setting of the game out of its range (``positions``, ``colours``,
        ``rows``), if one alone is wrong."""


class CodeError(TuringError):
    """Text that is not a legal code of the game being played."""


@dataclass(frozen=True)
class Colour:
    name: str
    letter: str
    """The English letter (also how codes are written in transcripts and saves)."""
    style: str
    aliases: tuple[str, ...] = ()
    """Other whole words for the colour (the German names of the rule books)."""
    letter_de: str = ""
    """The German letter (``N`` for grün: ``G`` is gelb); the English one when empty."""

    @property
    def words(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def key(self) -> str:
        """The letter a person types and reads, in the language in use."""
        if current_language() == "de" and self.letter_de:
            return self.letter_de
        return self.letter

    @property
    def shown_name(self) -> str:
        """The colour's name in the language in use (``rot``)."""
        if current_language() == "de" and self.aliases:
            return self.aliases[0]
        return self.name


EMPTY_HOLE: Final = Colour("empty hole", ".", "bold", ("empty", "blank", "hole", "leer", "loch"))
EMPTY_HOLE_MARK: Final = "◌"
"""How an empty hole is drawn on the board (typed as ``.``, ``-``, ``_`` or ``0``)."""
# German letters: the initials where they are free; grün is N (G is gelb), lila L, schwarz S.
RED = Colour("red", "R", "red", ("rot",), "R")
GREEN = Colour("green", "G", "green", ("grün", "gruen"), "N")
BLUE = Colour("blue", "B", "blue", ("blau",), "B")
YELLOW = Colour("yellow", "Y", "yellow", ("gelb",), "G")
ORANGE = Colour("orange", "O", "dark_orange", (), "O")
PURPLE = Colour("purple", "P", "magenta", ("lila", "violett"), "L")
WHITE = Colour("white", "W", "bright_white", ("weiß", "weiss"), "W")
BLACK = Colour("black", "K", "bright_black", ("schwarz",), "S")
CYAN = Colour("cyan", "C", "cyan", ("türkis", "tuerkis"), "T")
GENERIC_COLOURS: Final = (RED, GREEN, BLUE, YELLOW, ORANGE, PURPLE, WHITE, BLACK, CYAN)
#: The letters of every colour of the family, in either language: a word of them alone is a
#: code typed, of the wrong length when it is not as long as a code (``tpp``), where a word
#: of other letters is a word (``violet``).
_COLOUR_KEYS: Final = frozenset(
    letter.lower() for c in GENERIC_COLOURS for letter in (c.letter, c.letter_de) if letter
)
SIX_PEGS: Final = (RED, GREEN, BLUE, YELLOW, WHITE, BLACK)
EIGHT_PEGS: Final = (RED, YELLOW, GREEN, BLUE, WHITE, BLACK, ORANGE, PURPLE)
MASTER_COLLOR_PEGS: Final = (RED, YELLOW, GREEN, BLUE, ORANGE, PURPLE)
KNOWN_WORDS: Final = {
    "brown": N_("brown"),
    "braun": N_("brown"),
    "pink": N_("pink"),
    "rosa": N_("pink"),
    "grey": N_("grey"),
    "gray": N_("grey"),
    "grau": N_("grey"),
}
"""Colour words no palette here uses, so that typing one gets a clear answer (the colour's
name, in English: shown in the language in use)."""


@dataclass(frozen=True)
class Palette:
    """The colours of a game, in symbol order, and the empty hole when it is a colour."""

    colours: tuple[Colour, ...]
    blank: bool = False

    def colour(self, symbol: int) -> Colour:
        return EMPTY_HOLE if symbol == len(self.colours) else self.colours[symbol]

    def format(self, code: Code) -> str:
        return "".join(self.colour(s).letter for s in code)

    @property
    def blank_digits(self) -> str:
        """The digits that type an empty hole: 0, and the one after the last colour if any."""
        after = len(self.colours) + 1
        return "0" if after > 9 else _("0 or {digit}").format(digit=after)

    def legend(self) -> str:
        """``R=red(1) G=green(2) …`` for prompts and help, in the language in use."""
        parts = [f"{c.key}={c.shown_name}({i + 1})" for i, c in enumerate(self.colours)]
        if self.blank:
            parts.append(
                _("{mark}=empty hole(. or {digits})").format(
                    mark=EMPTY_HOLE_MARK, digits=self.blank_digits
                )
            )
        return " ".join(parts)

    def shown(self, code: Code) -> str:
        """``code`` in the letters of the language in use (``format`` keeps English ones)."""
        return "".join(self.colour(s).key for s in code)

    def german(self) -> str:
        """The German colour words accepted, ``rot gelb grün …``."""
        return " ".join(c.aliases[0] if c.aliases else c.name for c in self.colours)

    def parse(
        self, text: str, space: CodeSpace, *, hidden: bool = False, guess: bool = False
    ) -> Code:
        """A code from letters, digits, names or a mix; :class:`CodeError` says what is wrong.

        ``hidden``: the text is a secret being typed, so no message repeats any of it.
        ``guess``: the code is a codebreaker's guess, which may repeat colours even where a
        secret may not.

        >>> preset = get_preset("superhirn")
        >>> preset.palette.parse("rot, gelb, grün, blau", preset.space)
        (0, 1, 2, 3)
        >>> try:
        ...     preset.palette.parse("RRGB", preset.space, hidden=True)
        ... except CodeError as error:
        ...     print(error)
        a colour appears twice; in this game each colour may appear once
        >>> preset.palette.parse("RRGB", preset.space, guess=True)
        (0, 0, 2, 3)
        """
        symbols: list[int] = []
        # full-width letters, digits and spaces (typed with an East Asian input method) are
        # the plain ones, as the pins take them
        shown = unicodedata.normalize("NFKC", text).strip()
        tokens = [token for token in re.split(r"[\s,;]+", shown) if token]
        for token in tokens:
            by_name = self._by_name(token, hidden=hidden)
            if by_name is not None:
                symbols.append(by_name)
                continue
            hole = next((char for char in token if _is_hole(char)), None)
            if hole is not None and not self.blank:
                example = self.example(space).lower()
                raise CodeError(
                    _(
                        "{mark!r} marks an empty hole, which this game has not: every "
                        "position takes a colour; type the code as {example} or {spaced}"
                    ).format(mark=hole, example=example, spaced=" ".join(example))
                )
            try:
                # a word typed alone is a code of the wrong length when it is not as long
                self._check_word(token, hidden=hidden, space=space if len(tokens) == 1 else None)
                symbols.extend(self._symbol(char, hidden=hidden) for char in token)
            except CodeError:
                meant = None if hidden else self._nearest_word(token)
                if meant is None:
                    raise
                raise CodeError(
                    _("{word!r} is not a colour here; did you mean {name}?").format(
                        word=token, name=meant
                    )
                ) from None
        if not symbols:
            raise CodeError(
                _("type a code of {n} colours, like {example}").format(
                    n=space.positions, example=self.example(space)
                )
            )
        if len(symbols) != space.positions:
            message = (
                ngettext(
                    "the code typed has {found} colour; a code has {n}, like {example}",
                    "the code typed has {found} colours; a code has {n}, like {example}",
                    len(symbols),
                )
                if hidden
                else ngettext(
                    "{typed} has {found} colour; a code has {n}, like {example}",
                    "{typed} has {found} colours; a code has {n}, like {example}",
                    len(symbols),
                )
            )
            raise CodeError(
                message.format(
                    typed=repr(shown),
                    found=len(symbols),
                    n=space.positions,
                    example=self.example(space),
                )
            )
        try:
            if guess:
                space.check_guess(symbols)
            else:
                space.check(symbols)
        except SpaceError as error:
            raise CodeError(str(error) if hidden else f"{shown!r}: {error}") from None
        return tuple(symbols)

    def example(self, space: CodeSpace) -> str:
        return "".join(c.key for c in self.colours[: space.positions])

    def _by_name(self, token: str, *, hidden: bool) -> int | None:
        lowered = token.lower()
        if len(token) < 2:
            return None
        for i, c in enumerate(self.colours):
            if lowered in c.words:
                return i
        if lowered in EMPTY_HOLE.aliases:
            if self.blank:
                return len(self.colours)
            raise CodeError(_("this game has no empty holes: every position takes a colour"))
        other = next((c for c in GENERIC_COLOURS if lowered in c.words), None)
        known = KNOWN_WORDS.get(lowered)
        name = other.shown_name if other is not None else _(known) if known else None
        if name is not None:
            if hidden:
                message = _("a colour word typed is not used in this game; colours are {legend}")
            elif name.lower() == lowered:  # the bracket only when it names the colour anew
                message = _("{word!r} is not used in this game; colours are {legend}")
            else:
                message = _("{word!r} ({name}) is not used in this game; colours are {legend}")
            raise CodeError(message.format(word=token, name=name, legend=self.legend()))
        return None

    def _nearest_word(self, token: str) -> str | None:
        """The colour of this game one of whose words ``token`` nearly is (``grun``,
        ``weis``: German words without the umlaut's e), named in the language in use; None
        when it is no near miss of a word. Letters run together are codes, not words."""
        if len(token) < 3 or not token.isalpha():
            return None
        spellings = {word: colour for colour in self.colours for word in colour.words}
        found = difflib.get_close_matches(token.lower(), list(spellings), n=1, cutoff=0.75)
        return spellings[found[0]].shown_name if found else None

    def _is_symbol(self, char: str) -> bool:
        try:
            self._symbol(char, hidden=True)
        except CodeError:
            return False
        return True

    def _check_word(self, token: str, *, hidden: bool, space: CodeSpace | None = None) -> None:
        """Refuse ``token`` whole when it is no code of one-character colours typed with a
        slip or two (``RGBX``) but a word (``violet``, ``hello``) or digits that are none
        (``7890``): fewer of its characters are colours than not, and two at least are not.
        Read one by one, it would be named by its first character (``'v'``), which is not
        what was typed. A word of colour letters typed as the whole code (``space`` given)
        whose length is not the code's is refused for its length (``tpp`` where a code has 4
        colours)."""
        if len(token) < 2 or not token.isprintable():
            return  # a character that cannot be shown is named by its code point
        colours = sum(self._is_symbol(char) for char in token)
        others = len(token) - colours
        if others < 2 or colours > others:
            return
        if all(self._is_symbol(char) or _is_hole(char) for char in token):
            return  # empty holes, in a game without them: said of the first one
        if hidden:
            message = (
                _("a word typed is not a colour here; colours are {legend}")
                if token.isalpha()
                else _("a character typed is not a colour here; colours are {legend}")
            )
        elif (
            space is not None
            and len(token) != space.positions
            and set(token.lower()) <= _COLOUR_KEYS
        ):
            raise CodeError(
                ngettext(
                    "{word!r} has {found} letter; a code has {n} colours, like {example}",
                    "{word!r} has {found} letters; a code has {n} colours, like {example}",
                    len(token),
                ).format(
                    word=token, found=len(token), n=space.positions, example=self.example(space)
                )
            )
        elif token.isalpha():
            message = _("{word} is not a colour here; colours are {legend}")
        else:
            message = _("{word} is not a code of this game; colours are {legend}")
        raise CodeError(message.format(word=self._typed(token), legend=self.legend()))

    def _symbol(self, char: str, *, hidden: bool) -> int:
        upper = char.upper()
        for i, c in enumerate(self.colours):
            if c.key == upper:
                return i
        if char.isdigit() and char != "0" and int(char) <= len(self.colours):
            return int(char) - 1
        after = len(self.colours) + 1
        if self.blank and (char in BLANK_CHARS or (after <= 9 and char == str(after))):
            return len(self.colours)
        if _is_hole(char):
            raise CodeError(_("this game has no empty holes: every position takes a colour"))
        message = (
            _("a character typed is not a colour here; colours are {legend}")
            if hidden
            else _("{char} is not a colour here; colours are {legend}")
        )
        shown = self._typed(char) if char.isprintable() else _printable(char)
        raise CodeError(message.format(char=shown, legend=self.legend()))

    def _typed(self, text: str) -> str:
        """``text`` quoted as typed, a character of it that looks like a colour's letter or
        digit but is none named (a Cyrillic ``В``, not the Latin ``B``)."""
        digits = "".join(str(n) for n in range(1, min(len(self.colours), 9) + 1))
        return typed_quoted(text, "".join(c.key for c in self.colours) + digits)


def _is_hole(char: str) -> bool:
    """``char`` is one of the signs of an empty hole that is no digit (``.``, ``-``, …)."""
    return char in BLANK_CHARS and not char.isdigit()


def _printable(char: str) -> str:
    return repr(char) if char.isprintable() else f"U+{ord(char):04X}"


@dataclass(frozen=True)
class Preset:
    """One game of the family: its code space, board, match rules and colours."""

    name: str
    base_title: str
    """The game's own name, in English (``Classic Mastermind``); :attr:`title` is the one
    shown."""
    positions: int
    colours: tuple[Colour, ...]
    repeats: bool
    rows: int
    mode: Mode
    source: str
    blank: bool = False
    hit_pin: str = "black"
    """The colour of the pin for right colour, right place (red in Superhirn)."""
    variants: tuple[str, ...] = ()
    """The rule variants played (``duplicates``, ``no-repeats``, ``blank``), for the title."""
    custom: bool = False
    """Sizes changed (positions, colours, rows): a custom game based on the preset."""
    space: CodeSpace = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.rows <= 30:
            raise PresetError(_("rows must be 1–30, not {rows}").format(rows=self.rows), "rows")
        try:
            space = CodeSpace(self.positions, len(self.colours), self.repeats, self.blank)
        except SpaceError as error:
            raise PresetError(str(error), error.setting) from None
        object.__setattr__(self, "space", space)

    @property
    def title(self) -> str:
        """The game's name in the language in use, with its variants: ``Superhirn, variant
        “ninth colour”`` / ``Superhirn, Variante „Neunte Farbe“``.

        Superhirn's variants have the rule book's names; the same changes to another
        preset are said plainly (``Classic Mastermind with empty holes``).

        >>> get_preset("superhirn", repeats=True, blank=True).title
        'Superhirn, variants “double colours” and “ninth colour”'
        >>> get_preset("classic", repeats=False, blank=True).title
        'Classic Mastermind without repeated colours, with empty holes'
        >>> get_preset("logik", rows=5).title
        'Custom game based on Logik'
        """
        base = self.name.partition("+")[0]
        if self.custom:
            return _(CUSTOM_TITLES[base])
        game = _(self.base_title)
        if not self.variants:
            return game
        if base == "superhirn":
            names = [_(SUPERHIRN_VARIANTS[v]) for v in self.variants]
            if len(names) == 1:
                return _("{game}, variant {variant}").format(game=game, variant=names[0])
            return _("{game}, variants {first} and {second}").format(
                game=game, first=names[0], second=names[1]
            )
        return " ".join([game, ", ".join(_(PLAIN_VARIANTS[v]) for v in self.variants)])

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
        rows = ngettext("{n} row", "{n} rows", self.rows).format(n=self.rows)
        return f"{self.title}: {self.space.describe()}, {rows}"


PRESETS: Final[dict[str, Preset]] = {
    p.name: p
    for p in (
        Preset(
            "classic",
            N_("Classic Mastermind"),
            4,
            SIX_PEGS,
            True,
            10,
            "alternate",
            "the common game",
        ),
        Preset(
            "superhirn",
            N_("Superhirn"),
            4,
            EIGHT_PEGS,
            False,
            12,
            "alternate",
            "Superhirn (Hasbro 1994)",
            hit_pin="red",
        ),
        Preset("logik", N_("Logik"), 5, EIGHT_PEGS, True, 12, "duel", "Logik (two-player duel)"),
        Preset(
            "master-collor",
            N_("Master Collor"),
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
        raise PresetError(
            _("unknown preset {name!r}; choose one of {items}").format(
                name=name, items=", ".join(PRESETS)
            )
        )
    tags: list[str] = []
    palette = base.colours
    if colours is not None and colours != len(palette):
        if not 2 <= colours <= len(GENERIC_COLOURS):
            raise PresetError(
                _("colours must be 2–{n}, not {colours}").format(
                    n=len(GENERIC_COLOURS), colours=colours
                ),
                "colours",
            )
        # Keep the preset's own colours in their order; more colours come after them.
        extra = tuple(c for c in GENERIC_COLOURS if c not in palette)
        palette = (palette + extra)[:colours]
        tags.append(f"colours={colours}")
    if positions is not None and positions != base.positions:
        tags.append(f"positions={positions}")
    if rows is not None and rows != base.rows:
        tags.append(f"rows={rows}")
    variants: list[str] = []
    if repeats is not None and repeats != base.repeats:
        variants.append("duplicates" if repeats else "no-repeats")
    if blank and not base.blank:
        variants.append("blank")
    if not tags and not variants:
        return base
    return replace(
        base,
        name="+".join([base.name, *variants, *tags]),
        variants=tuple(variants),
        custom=bool(tags),
        positions=base.positions if positions is None else positions,
        colours=palette,
        repeats=base.repeats if repeats is None else repeats,
        rows=base.rows if rows is None else rows,
        blank=base.blank or blank,
    )


CUSTOM_TITLES: Final = {
    "classic": N_("Custom game based on Classic Mastermind"),
    "superhirn": N_("Custom game based on Superhirn"),
    "logik": N_("Custom game based on Logik"),
    "master-collor": N_("Custom game based on Master Collor"),
}
"""Whole sentences, so that a translation can decline the name (klassischem Mastermind)."""
SUPERHIRN_VARIANTS: Final = {
    "duplicates": N_("“double colours”"),
    "blank": N_("“ninth colour”"),
}
"""The names of Superhirn's variants in its rule book (DOPPELTE FARBEN, NEUNTE FARBE)."""
PLAIN_VARIANTS: Final = {
    "no-repeats": N_("without repeated colours"),
    "duplicates": N_("with repeated colours"),
    "blank": N_("with empty holes"),
}
"""The same changes said plainly, for the presets whose books name no variants."""


@dataclass(frozen=True)
class Variant:
    """A rule variant a preset can be played with, and what it changes."""

    option: str
    changes: str
    name: str = ""
    """The rule book's name for it in the language in use (Superhirn's), or empty."""
    codes: int = 0
    """The number of codes the variant plays with."""


def variants(preset: Preset) -> list[Variant]:
    """The variants of ``preset`` and the rules each changes, for listings and help."""
    named = preset.name == "superhirn"

    def name(option: str) -> str:
        return _(SUPERHIRN_VARIANTS[option]) if named else ""

    found: list[Variant] = []
    if not preset.repeats:
        codes = len(space_with(preset, repeats=True))
        found.append(
            Variant(
                "duplicates",
                _(
                    "the codemaker may use a colour more than once; pins count each peg "
                    "({n} codes instead of {m})"
                ).format(n=format_number(codes), m=format_number(len(preset.space))),
                name("duplicates"),
                codes,
            )
        )
    if not preset.blank:
        message = (
            _(
                "an empty hole counts as one more colour: the codemaker may leave any number "
                "of empty holes, the codebreaker must find them too; pins unchanged ({n} codes)"
            )
            if not preset.repeats
            else _(
                "an empty hole counts as one more colour: the codemaker may leave empty "
                "holes, the codebreaker must find them too; pins unchanged ({n} codes)"
            )
        )
        codes = len(space_with(preset, blank=True))
        found.append(Variant("blank", message.format(n=format_number(codes)), name("blank"), codes))
    return found


def space_with(preset: Preset, *, repeats: bool | None = None, blank: bool = False) -> CodeSpace:
    return CodeSpace(
        preset.positions,
        len(preset.colours),
        preset.repeats if repeats is None else repeats,
        preset.blank or blank,
    )
