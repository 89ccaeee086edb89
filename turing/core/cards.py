"""Criteria cards: ``Criterion``, ``Card``, ``CardSet`` and loading card-set YAML files.

A card set is data (``cards/classic.yaml`` holds the 48 published cards). Loading compiles
every criterion's ``when`` expression to a 125-bit mask once; everything after is set
algebra on those masks. Every problem is a :class:`CardError` naming file, line and column.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Final, TypeVar

from turing.core.codes import ALL_MASK, CodeSet
from turing.core.files import (
    LINE_BREAKS,
    Node,
    SourceError,
    cached_parse,
    garbling_character,
    invisible,
    is_sqlite_file,
    is_transcript_text,
    load_yaml,
    read_json,
    read_text,
    shipped_dir,
    shown_value,
    yaml_integer,
)
from turing.core.saves import PLAY_SAVE, save_format_of
from turing.i18n import N_, _, ngettext

T = TypeVar("T")

TIERS: Final = ("easy", "standard", "hard")
#: each tier's name for reading, as the catalogue keys it (``_(TIER_LABELS[tier])``: in the
#: language in use)
TIER_LABELS: Final[Mapping[str, str]] = {
    "easy": N_("easy"),
    "standard": N_("standard"),
    "hard": N_("hard"),
}
DEFAULT_TIERS: Final[Mapping[str, tuple[int, int]]] = {
    "easy": (1, 17),
    "standard": (18, 22),
    "hard": (23, 10**9),
}

# Finding codes for card files (expression codes C2xx live in turing.core.criteria).
E_MISSING: Final = "C101"
E_TYPE: Final = "C102"
E_UNKNOWN_KEY: Final = "C103"
E_DUPLICATE_CARD: Final = "C104"
E_FEW_CRITERIA: Final = "C105"
E_LANGUAGE: Final = "C106"
E_EMPTY_TEXT: Final = "C107"
E_LINE_BREAK: Final = "C108"
E_CONTROL: Final = "C109"
E_NEVER: Final = "C301"
E_ALWAYS: Final = "C302"
E_UNKNOWN_SET: Final = "C010"
E_PUZZLE_GIVEN: Final = "C110"

#: Card-set files larger than this are refused (the 48 published cards take 15 KiB).
MAX_CARDSET_BYTES: Final = 128 * 1024


class CardError(SourceError):
    """A problem in a card-set file; ``str()`` gives ``FILE:LINE:COL: message``."""


class CardSetErrors(CardError):
    """A card-set file refused for its errors: the first one (its place, message and code
    are this error's), and ``errors``, every one of them in the order of the file."""

    def __init__(self, errors: list[CardError]) -> None:
        first = errors[0]
        super().__init__(first.source, first.line, first.column, first.message, first.code)
        self.errors = tuple(errors)

    def __str__(self) -> str:
        """The first error, and how many more the set holds."""
        first = str(self.errors[0])
        more = len(self.errors) - 1
        if not more:
            return first
        return ngettext(
            "{error} (and {n} more error)", "{error} (and {n} more errors)", more
        ).format(error=first, n=more)


#: A card file's own translations: (language, text) pairs, e.g. ``(("de", "▲ gerade"),)``.
Translations = tuple[tuple[str, str], ...]


def default_title(number: int, lang: str = "en") -> str:
    """The title of a card its file gives none: ``Card 5`` (German ``Karte 5``)."""
    return f"Karte {number}" if lang == "de" else f"Card {number}"


def _translated(translations: Translations, lang: str) -> str | None:
    return next((text for code, text in translations if code == lang), None)


@dataclass(frozen=True, slots=True)
class Criterion:
    """One statement of a card; ``position`` is 1-based in the card's published order."""

    card: int
    position: int
    text: str
    when: str
    mask: int
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    #: the card file's ``text_<lang>`` fields
    translations: Translations = field(default=(), compare=False)

    def text_in(self, lang: str) -> str:
        """What a player reads in ``lang`` (``"en"`` or ``"de"``): the card file's text in
        that language, else (German) words generated from ``when``.

        >>> Criterion(4, 1, "■ < 4", "y < 4", 0).text_in("de")
        '■ ist kleiner als 4'
        """
        if lang == "en":
            return self.text
        own = _translated(self.translations, lang)
        if own is not None:
            return own
        if lang != "de":
            return self.text
        from turing.core.wording import german  # the expression language's German

        return german(self.when)

    def translated(self, lang: str) -> bool:
        """Whether the card file gives this criterion a text in ``lang`` of its own."""
        return lang == "en" or _translated(self.translations, lang) is not None

    @property
    def codes(self) -> CodeSet:
        return CodeSet(self.mask)

    @property
    def label(self) -> str:
        """``4.2`` for criterion 2 of card 4."""
        return f"{self.card}.{self.position}"


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    title: str
    criteria: tuple[Criterion, ...]
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    #: the card file's ``title_<lang>`` fields
    titles: Translations = field(default=(), compare=False)
    #: the languages whose ``title_<lang>`` the card file writes empty (an error, C107)
    empty_titles: tuple[str, ...] = field(default=(), compare=False)

    def title_in(self, lang: str) -> str:
        """The card's title in ``lang``: the card file's own, else (German) "Karte N"."""
        if lang == "en":
            return self.title
        own = _translated(self.titles, lang)
        if own is not None:
            return own
        return default_title(self.number, lang) if lang == "de" else self.title

    def criterion(self, position: int) -> Criterion:
        """The criterion at a 1-based position."""
        if not 1 <= position <= len(self.criteria):
            raise KeyError(
                f"card {self.number} has {len(self.criteria)} criteria; "
                f"there is no criterion {position}"
            )
        return self.criteria[position - 1]


@dataclass(frozen=True)
class CardSet:
    """A named set of cards, keyed by card number."""

    name: str
    cards: Mapping[int, Card]
    source: str = ""
    description: str = ""
    tiers: Mapping[str, tuple[int, int]] = field(default_factory=lambda: dict(DEFAULT_TIERS))
    #: where the card file gives each tier's range, ``(line, column)``: only the tiers
    #: the file itself gives (none when it keeps the published ranges)
    tier_places: Mapping[str, tuple[int, int]] = field(default_factory=dict, compare=False)
    #: the card file's ``description_<lang>`` fields
    descriptions: Translations = ()
    #: tables derived from this set (see :meth:`derived`): they live and die with it
    _derived: dict[Callable[..., object], OrderedDict[tuple[Hashable, ...], object]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __contains__(self, number: object) -> bool:
        return number in self.cards

    def derived(self, build: Callable[..., T], *args: Hashable, keep: int | None = None) -> T:
        """``build(self, *args)``, computed once and kept by this card set.

        Every table computed from a card set (the generator's pools, the catalogue plan,
        deductions of a puzzle) is kept here rather than in a module-level cache, so it
        cannot outlive the set or be handed to another set. ``keep`` bounds how many
        argument tuples of ``build`` are kept (least recently used dropped first).
        """
        table = self._derived.get(build)
        if table is None:
            table = self._derived.setdefault(build, OrderedDict())
        try:
            value = table[args]
        except KeyError:
            value = build(self, *args)
            table[args] = value
            if keep is not None:
                while len(table) > keep:
                    table.popitem(last=False)
        else:
            if keep is not None:
                table.move_to_end(args)
        return value  # type: ignore[return-value]  # stored by build, which returns T

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its derived tables: a copy builds its own."""
        state = dict(self.__dict__)
        state["_derived"] = {}
        return state

    @cached_property
    def masks(self) -> Mapping[int, tuple[int, ...]]:
        """Card number → the masks of its criteria, in order (position k at index k-1)."""
        return {n: tuple(c.mask for c in card.criteria) for n, card in self.cards.items()}

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, number: int) -> Card:
        try:
            return self.cards[number]
        except KeyError:
            raise KeyError(
                f"card {number} is not in card set {self.name!r} ({self.describe_numbers()})"
            ) from None

    def describe_numbers(self) -> str:
        numbers = sorted(self.cards)
        if len(numbers) == 1:
            return _("card {number}").format(number=numbers[0])
        if numbers and numbers == list(range(numbers[0], numbers[-1] + 1)):
            return _("cards {first}–{last}").format(first=numbers[0], last=numbers[-1])
        return _("cards {numbers}").format(numbers=", ".join(map(str, numbers)))

    def description_in(self, lang: str) -> str:
        """The set's description in ``lang`` when the file gives one, else its own."""
        own = _translated(self.descriptions, lang) if lang != "en" else None
        return self.description if own is None else own

    def tier_of(self, number: int) -> str | None:
        """The difficulty tier a card number belongs to, or None."""
        for tier in TIERS:
            low, high = self.tiers.get(tier, (0, -1))
            if low <= number <= high:
                return tier
        return None


def card_digest(cardset: CardSet, number: int) -> str:
    """What card ``number``'s criteria are, in order: the codes each accepts (its mask),
    as a short digest; the words may change, what the card decides may not. A save and a
    puzzle bank record it for every card their puzzles use."""
    masks = ",".join(format(c.mask, "x") for c in cardset.card(number).criteria)
    return hashlib.sha256(masks.encode()).hexdigest()[:16]


def changed_cards(digests: Mapping[int, str], cardset: CardSet) -> list[int]:
    """The cards of ``digests`` (card number → :func:`card_digest` as recorded), in
    ascending order, that are no longer as they were: not in ``cardset`` any more, or
    their criteria decide other codes. Cards added to the set, and cards changed that
    are not recorded, are none of them."""
    return [
        number
        for number, digest in sorted(digests.items())
        if number not in cardset or card_digest(cardset, number) != digest
    ]


# -- locating card sets -------------------------------------------------------------------


def cards_dir() -> Path:
    """The folder of shipped card sets: ``cards/`` beside the package, or its installed copy."""
    return shipped_dir("cards", "classic.yaml")


def shipped_cardsets() -> list[str]:
    """Names of the shipped card sets: ``classic``, ``examples/…`` (paths under cards/)."""
    base = cards_dir()
    return sorted(p.relative_to(base).with_suffix("").as_posix() for p in base.rglob("*.yaml"))


def cardset_reference(cardset: CardSet) -> str:
    """How a file written for later (a save, a transcript) names a card set: a shipped
    name, or the absolute path of the file it was read from, which does not depend on the
    folder the file is read from later."""
    source = Path(cardset.source).resolve() if cardset.source else None
    if source is None:
        return cardset.name
    base = cards_dir().resolve()
    for name in shipped_cardsets():
        if (base / f"{name}.yaml") == source:
            return name
    if source.is_file():
        return str(source)
    return cardset.name


_SET_NAME: Final = re.compile(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_-]+)*")


def _is_path(text: str) -> bool:
    return Path(text).suffix.lower() in (".yaml", ".yml")


def resolve_cardset(name_or_path: str | os.PathLike[str], base: Path | None = None) -> Path:
    """A card-set reference → the file's path. Every command resolves references here.

    A *name* has no ``.yaml`` suffix and is looked up under cards/: ``classic`` is
    ``cards/classic.yaml``, ``examples/garden`` is ``cards/examples/garden.yaml``. A *path*
    ends in ``.yaml``/``.yml``; a relative one is taken relative to ``base`` — the folder of
    the file that names it — or to the working directory when ``base`` is None (a reference
    typed on the command line or read from standard input). A name that is not shipped but
    is an existing file is taken as a path.

    >>> resolve_cardset("classic").name
    'classic.yaml'
    >>> resolve_cardset("sets/mine.yaml", base=Path("puzzles")).as_posix()
    'puzzles/sets/mine.yaml'
    """
    text = str(name_or_path)
    if not text.strip():
        raise CardError(
            "",
            0,
            0,
            _(
                "the card-set name is empty (shipped: {shipped}; or give a path to a .yaml file)"
            ).format(shipped=", ".join(shipped_cardsets())),
            E_UNKNOWN_SET,
        )
    path = Path(text)
    if base is not None and not path.is_absolute():
        path = base / path
    if _is_path(text):
        return path
    if _SET_NAME.fullmatch(text):
        shipped = cards_dir() / f"{text}.yaml"
        if shipped.is_file():
            return shipped
    if path.is_file():
        return path
    if path.is_dir():
        raise CardError(
            "",
            0,
            0,
            _("{name} is a folder, not a card set (give a card set's .yaml file in it)").format(
                name=shown_value(text)
            ),
            E_UNKNOWN_SET,
        )
    meant = _meant_cardset(text, path)
    if meant is not None:
        raise CardError(
            "",
            0,
            0,
            _("no card set named {name}: did you mean {meant}?").format(
                name=shown_value(text), meant=shown_value(meant)
            ),
            E_UNKNOWN_SET,
        )
    raise CardError(
        "",  # the message names the set: said once
        0,
        0,
        _("no card set named {name} (shipped: {shipped}; or give a path to a .yaml file)").format(
            name=shown_value(text), shipped=", ".join(shipped_cardsets())
        ),
        E_UNKNOWN_SET,
    )


def _meant_cardset(text: str, path: Path) -> str | None:
    """The reference a card-set name that names nothing was probably meant as: a shipped
    name written in other case (``CLASSIC``), a file of that name with ``.yaml`` or
    ``.yml`` (``../sets/mini`` for ``../sets/mini.yaml``); None when there is none."""
    folded = text.casefold()
    for name in shipped_cardsets():
        if name.casefold() == folded:
            return name
    for suffix in (".yaml", ".yml"):
        if path.with_name(path.name + suffix).is_file():
            return text + suffix
    return None


def near_cardset_file(path: str | os.PathLike[str]) -> Path | None:
    """The card-set file beside ``path`` whose name ``path``'s nearly is (``myst.yaml``
    for ``myset.yaml``), when nothing is at ``path``: a slip in a reference to a set; None
    when no name in that folder is near.

    >>> near_cardset_file(cards_dir() / "clasic.yaml") == cards_dir() / "classic.yaml"
    True
    >>> print(near_cardset_file(cards_dir() / "nothing-like-it.yaml"))
    None
    >>> print(near_cardset_file(cards_dir() / "ssic.yaml"))
    None
    """
    import difflib

    wanted = Path(path)
    try:
        names = [
            entry.name
            for entry in os.scandir(wanted.parent)
            if entry.name.endswith((".yaml", ".yml")) and entry.is_file()
        ]
    except OSError:
        return None
    # names are compared without their ending: a shared ``.yaml`` makes any two names
    # look alike (``nonexist.yaml`` and ``one.yaml``)
    stems = {Path(name).stem: name for name in names}
    near = difflib.get_close_matches(Path(wanted.name).stem, list(stems), n=1, cutoff=0.8)
    return wanted.parent / stems[near[0]] if near else None


def portable_reference(name_or_path: str | os.PathLike[str], base: Path | None = None) -> str:
    """How a document names a card set so that the name means the same set from any
    folder: a shipped name as it is, a path (taken from ``base``) made absolute.

    >>> portable_reference("examples/primes")
    'examples/primes'
    """
    text = str(name_or_path)
    path = resolve_cardset(text, base)
    if not _is_path(text) and path == cards_dir() / f"{text}.yaml":
        return text
    return os.path.abspath(path)


def load_cardset(
    name_or_path: str | os.PathLike[str] = "classic", base: Path | None = None
) -> CardSet:
    """Load (and cache) a card set by name or path; raises :class:`CardError`.

    ``base`` is the folder a relative path is taken from (see :func:`resolve_cardset`).
    """
    path = resolve_cardset(name_or_path, base)
    # A name and a path alike are loaded again when the file changed: the change time
    # (which a writer cannot set back) along with size, inode and modification time.
    try:
        info = path.stat()
        stamp = (info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino)
    except OSError:
        stamp = (0, 0, 0, 0)
    # Named as people write the path: ``../sets/x.yaml``, not ``puzzles/../../sets/x.yaml``
    # (symbolic links are not followed for the name; the file is opened as resolved).
    return _load_cached(str(path), stamp, os.path.normpath(path))


@lru_cache(maxsize=32)
def _load_cached(path: str, stamp: tuple[int, int, int, int], display: str) -> CardSet:
    try:
        text = read_text(path, max_bytes=MAX_CARDSET_BYTES)
    except SourceError as exc:
        raise bank_given(path, display) or CardError(
            display, exc.line, exc.column, exc.message, exc.code
        ) from None
    default_name = Path(path).stem

    def parse() -> CardSet:
        cardset, errors = parse_cardset(text, display, default_name=default_name)
        if errors:
            raise CardSetErrors(errors)
        assert cardset is not None
        return cardset

    # The YAML parser takes most of a short command's start: a set read before comes from
    # the parse cache, keyed by the text and by the code of turing.core (the parser stays
    # within it); a refused file is never kept.
    core = Path(__file__).parent
    return cached_parse("cardsets", text, (display, default_name), core, parse, CardSet)


# -- parsing ----------------------------------------------------------------------------

_TOP_KEYS: Final = ("name", "description", "tiers", "cards")
_CARD_KEYS: Final = ("number", "title", "criteria")
_CRITERION_KEYS: Final = ("text", "when")


def _err(node: Node, message: str, code: str) -> CardError:
    return CardError(node.source, node.line, node.column, message, code)


def _kind(value: object) -> str:
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    if value is None:
        return _("nothing")
    if isinstance(value, bool):
        return _("true/false")
    if isinstance(value, int | float):
        return _("a number")
    return _("text")


def _not_text(node: Node, key: str) -> CardError:
    """The error of a ``key`` (name, title, text …) whose value is not text."""
    return _err(
        node,
        _("{key!r} must be text, found {kind}").format(key=key, kind=_kind(node.value)),
        E_TYPE,
    )


def _text(
    node: Node, key: str, lines: list[str], errors: list[CardError], one_line: bool = True
) -> str | None:
    """A text field's value (``node.value`` is a str) without its surrounding whitespace
    (a block scalar's final line break is not part of it). An empty text (C107), a line
    break inside a one-line text (C108) and a control, direction or invisible format
    character (C109, :func:`turing.core.files.garbling_character`) are
    errors, reported at the scalar (a character at its own place where it can be found);
    the result is then None."""
    raw = str(node.value)
    text = raw.strip()
    if not text:
        message = _("{key!r} is empty: write the text, or leave the key out")
        errors.append(_err(node, message.format(key=key), E_EMPTY_TEXT))
        return None
    lead = len(raw) - len(raw.lstrip())
    found = garbling_character(text, lines=not one_line)
    if found is not None:
        char = text[found]
        if one_line and char in LINE_BREAKS:
            message = _("{key!r} holds a line break: it is shown on one line")
            errors.append(_err(node, message.format(key=key), E_LINE_BREAK))
            return None
        line, column = _expression_column(lines, node, lead + found)
        message = (
            _(
                "{key!r} holds {char}, an invisible character: two texts that look the "
                "same would differ"
            )
            if invisible(char)
            else _(
                "{key!r} holds {char}, a control or text-direction character that would "
                "garble what is shown"
            )
        )
        errors.append(
            CardError(
                node.source,
                line,
                column,
                message.format(key=key, char=f"U+{ord(char):04X}"),
                E_CONTROL,
            )
        )
        return None
    return text


def _expression_text(when: str) -> str:
    """A ``when`` expression as shown: without surrounding whitespace, its lines (a long
    expression folded or broken over lines) joined by single spaces.

    >>> _expression_text("p < b and\\n  y == 3\\n")
    'p < b and y == 3'
    """
    return " ".join(part for part in (line.strip() for line in when.splitlines()) if part)


def _key_place(node: Node, key: str) -> tuple[int, int]:
    child = node.value[key]
    mark: tuple[int, int] = (node.key_marks or {}).get(
        key, (child.line, max(1, child.column - len(key) - 2))
    )
    return mark


_LANGUAGE_KEY: Final = re.compile(
    r"(?P<base>text|title|description)_(?P<lang>[A-Za-z]+(?:[-_][A-Za-z]+)?)"
)


def _translations(
    node: Node,
    base: str,
    what: str,
    lines: list[str],
    errors: list[CardError],
    empty: list[str] | None = None,
) -> Translations:
    """The ``{base}_<lang>`` fields of a mapping: German (``text_de``) is taken; another
    language suffix is an error (C106), as is a translation that is not text (C102) or not
    a good text (:func:`_text`). The languages of a translation written empty are added
    to ``empty``."""
    from turing.core.wording import TRANSLATIONS  # only a file being parsed asks

    found: list[tuple[str, str]] = []
    for key, child in node.value.items():
        match = _LANGUAGE_KEY.fullmatch(key)
        if match is None or match["base"] != base:
            continue
        lang = match["lang"]
        line, column = _key_place(node, key)
        if lang not in TRANSLATIONS:
            if lang.lower() == "en":
                hint = _("English is the '{key}' itself").format(key=base)
            else:
                known = ", ".join(f"{base}_{code}" for code in TRANSLATIONS)
                hint = _("card texts can be translated into {languages} ({keys})").format(
                    languages=", ".join(TRANSLATIONS), keys=known
                )
            message = _("unknown language {lang!r} in {key!r} of {what}: {hint}").format(
                lang=lang, key=key, what=what, hint=hint
            )
            errors.append(CardError(child.source, line, column, message, E_LANGUAGE))
            continue
        if not isinstance(child.value, str):
            errors.append(_err(child, _("{key!r} must be non-empty text").format(key=key), E_TYPE))
            continue
        text = _text(child, key, lines, errors, one_line=base != "description")
        if text is not None:
            found.append((lang, text))
        elif empty is not None and not child.value.strip():
            empty.append(lang)
    return tuple(found)


def _meant_key(key: str, allowed: list[str]) -> str | None:
    """The allowed key an unknown one was probably meant as: the same in other case
    (``Number``), or one a letter or two away (``critera``); None when none is near."""
    import difflib

    if not key:
        return None
    same = [name for name in allowed if name.casefold() == key.casefold()]
    if same:
        return same[0]
    near = difflib.get_close_matches(key.casefold(), allowed, n=1, cutoff=0.8)
    return near[0] if near else None


def _check_keys(
    node: Node,
    allowed: tuple[str, ...],
    what: str,
    errors: list[CardError],
    translated: str | None = None,
) -> None:
    """Unknown keys are errors; ``translated`` names the field whose ``_<lang>`` keys
    :func:`_translations` checks instead."""
    from turing.core.wording import TRANSLATIONS

    for key, child in node.value.items():
        match = _LANGUAGE_KEY.fullmatch(key)
        if translated is not None and match is not None and match["base"] == translated:
            continue
        if key not in allowed:
            line, column = _key_place(node, key)
            allowed_keys = [*allowed]
            if translated is not None:
                allowed_keys += [f"{translated}_{lang}" for lang in TRANSLATIONS]
            meant = _meant_key(key, allowed_keys)
            message = (
                _("unknown key {key!r} in {what}: did you mean {meant!r}? (allowed: {allowed})")
                if meant is not None
                else _("unknown key {key!r} in {what} (allowed: {allowed})")
                if key
                else _("an empty key in {what} (allowed: {allowed})")
            )
            errors.append(
                CardError(
                    child.source,
                    line,
                    column,
                    message.format(
                        key=key, what=what, meant=meant, allowed=", ".join(allowed_keys)
                    ),
                    E_UNKNOWN_KEY,
                )
            )


def _expression_column(source_lines: list[str], node: Node, offset: int) -> tuple[int, int]:
    """The file position of character ``offset`` of a ``when`` scalar.

    Exact when the expression sits on one line as written (plain or quoted without
    escapes) or in a block scalar; otherwise the start of the scalar.
    """
    exact = _expression_position(source_lines, node, offset)
    return exact if exact is not None else (node.line, node.column)


def _expression_position(
    source_lines: list[str], node: Node, offset: int
) -> tuple[int, int] | None:
    """:func:`_expression_column` when it is exact, else None."""
    line, column = node.line, node.column
    text = source_lines[line - 1] if 0 < line <= len(source_lines) else ""
    value = str(node.value)
    if text[column - 1 : column] in ("|", ">"):
        return _block_position(source_lines, node, offset)
    start = column - 1 + (1 if node.quoted else 0)
    if "\n" in value or text[start : start + len(value)] != value:
        return None
    return line, start + 1 + offset


def _block_position(source_lines: list[str], node: Node, offset: int) -> tuple[int, int] | None:
    """:func:`_expression_column` for a block scalar (``|`` or ``>``): its text is found
    line by line below the indicator; a fold or a line break is placed at the start of the
    next line, the end of the expression just after its last line."""
    value = str(node.value)
    found = 0
    indent = -1
    end: tuple[int, int] | None = None
    for index in range(node.line, len(source_lines)):
        raw = source_lines[index]
        content = raw.lstrip(" ")
        if not content.strip():
            continue
        if indent < 0:
            indent = len(raw) - len(content)
        elif len(raw) - len(content) < indent:
            break
        piece = raw[indent:].rstrip()
        at = value.find(piece, found)
        if at < 0:
            break
        if offset < at + len(piece):
            return index + 1, indent + max(0, offset - at) + 1
        found = at + len(piece)
        end = (index + 1, indent + len(piece) + 1)
    if end is not None and offset >= found:  # the end of the expression: after its last line
        return end
    return None


def _is_puzzle(node: Node) -> bool:
    """Whether a mapping is recognisably a puzzle: its ``cards`` a list of card numbers
    (or of pairs of them), where a card set's are mappings."""
    if not isinstance(node.value, dict) or "cards" not in node.value:
        return False
    cards = node.value["cards"].value
    return (
        isinstance(cards, list)
        and bool(cards)
        and all(isinstance(card.value, int | list) for card in cards)
    )


def bank_given(path: str | os.PathLike[str], source: str) -> CardError | None:
    """A puzzle bank read where a card set was expected, said so (not by the NUL byte its
    bytes hold); None for any other file."""
    if not is_sqlite_file(path):
        return None
    return CardError(source, 0, 0, _("this is a puzzle bank, not a card set"), E_PUZZLE_GIVEN)


def _other_file(text: str, source: str) -> CardError | None:
    """A file of the game's own kinds, read where a card set was expected: a game's
    transcript, a saved game, puzzles as JSON Lines (a line a puzzle, which YAML would
    refuse at its second line); None for anything else."""
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        return None
    said = None
    if is_transcript_text(stripped):
        said = _("this is the transcript of a game, not a card set")
    elif (kind := save_format_of(stripped)) is PLAY_SAVE:
        said = _("this is a saved game, not a card set")
    elif kind is not None:
        said = _("this is {what}, not a card set").format(what=_(kind.holds))
    else:
        first, _rest, more = stripped.partition("\n")
        try:
            head = read_json(first) if more.strip() else None
        except ValueError:
            head = None
        cards = head.get("cards") if isinstance(head, dict) else None
        if isinstance(cards, list) and cards and all(type(c) is int for c in cards):
            said = _("this is a puzzle file, not a card set")
    return None if said is None else CardError(source, 0, 0, said, E_PUZZLE_GIVEN)


def _is_puzzle_file(root: Node) -> bool:
    """Whether a document is recognisably a puzzle file: one puzzle, a list of them, or a
    mapping of ``puzzles`` without ``cards``."""
    if isinstance(root.value, list):
        return bool(root.value) and all(_is_puzzle(item) for item in root.value)
    if isinstance(root.value, dict) and "puzzles" in root.value and "cards" not in root.value:
        return True
    return _is_puzzle(root)


def parse_cardset(
    text: str, source: str, default_name: str = ""
) -> tuple[CardSet | None, list[CardError]]:
    """Parse card-set YAML text, collecting every error (in file order).

    Returns the card set (None when an error prevents building it) and the errors.
    """
    cardset, errors = parse_cardset_partial(text, source, default_name)
    if errors:
        return None, errors
    return cardset, []


def parse_cardset_partial(
    text: str, source: str, default_name: str = ""
) -> tuple[CardSet | None, list[CardError]]:
    """Like :func:`parse_cardset`, but keep the cards that parsed cleanly.

    The card set holds every card without an error of its own (so a linter can still look
    at them); it is None only when the file is not a card-set mapping at all.
    """
    errors: list[CardError] = []
    other = _other_file(text, source)
    if other is not None:
        return None, [other]
    duplicates: list[SourceError] = []
    try:
        root = load_yaml(text, source, duplicates)
    except SourceError as exc:
        return None, [CardError(exc.source, exc.line, exc.column, exc.message, exc.code)]
    # a key given twice is one error among the others: its first value is read
    errors.extend(
        CardError(twice.source, twice.line, twice.column, twice.message, twice.code)
        for twice in duplicates
    )
    if _is_puzzle_file(root):
        return None, [
            CardError(source, 0, 0, _("this is a puzzle file, not a card set"), E_PUZZLE_GIVEN)
        ]
    if not isinstance(root.value, dict):
        return None, [
            _err(
                root,
                _("a card set is a mapping with a 'cards' list, found {kind}").format(
                    kind=_kind(root.value)
                ),
                E_TYPE,
            )
        ]
    if not any(key in _TOP_KEYS or _LANGUAGE_KEY.fullmatch(str(key)) for key in root.value):
        # no key a card set has: some other file, whose keys (its text) are not quoted
        return None, [
            _err(
                root,
                _("not a card set: none of its keys is a card set's ({keys})").format(
                    keys=", ".join(_TOP_KEYS)
                ),
                E_MISSING,
            )
        ]
    lines = text.splitlines()
    _check_keys(root, _TOP_KEYS, _("the card set"), errors, translated="description")
    descriptions = _translations(root, "description", _("the card set"), lines, errors)
    name = default_name
    description = ""
    if "name" in root.value:
        node = root.value["name"]
        if isinstance(node.value, str):
            name = _text(node, "name", lines, errors) or name
        else:
            errors.append(_not_text(node, "name"))
    if "description" in root.value:
        node = root.value["description"]
        if isinstance(node.value, str):
            description = _text(node, "description", lines, errors, one_line=False) or ""
        else:
            errors.append(_not_text(node, "description"))
    tiers = dict(DEFAULT_TIERS)
    tier_places: dict[str, tuple[int, int]] = {}
    if "tiers" in root.value:
        given = _parse_tiers(root.value["tiers"], errors)
        if given:
            tiers = given
            tier_nodes = root.value["tiers"].value
            tier_places = {tier: (tier_nodes[tier].line, tier_nodes[tier].column) for tier in given}
    cards: dict[int, Card] = {}
    if "cards" not in root.value:
        errors.append(_err(root, _("missing key 'cards' (the list of cards)"), E_MISSING))
    else:
        cards_node = root.value["cards"]
        if not isinstance(cards_node.value, list) or not cards_node.value:
            kind = _("an empty list") if cards_node.value == [] else _kind(cards_node.value)
            errors.append(
                _err(
                    cards_node,
                    _("'cards' must be a non-empty list of cards, found {kind}").format(kind=kind),
                    E_TYPE,
                )
            )
        else:
            first_seen: dict[int, Node] = {}
            for card_node in cards_node.value:
                card = _parse_card(card_node, lines, errors)
                number_node = (
                    card_node.value.get("number") if isinstance(card_node.value, dict) else None
                )
                number = number_node.value if number_node is not None else None
                if not isinstance(number, int) or isinstance(number, bool):
                    continue
                if number in first_seen:
                    assert number_node is not None
                    errors.append(
                        _err(
                            number_node,
                            _("duplicate card number {number} (first at line {line})").format(
                                number=number, line=first_seen[number].line
                            ),
                            E_DUPLICATE_CARD,
                        )
                    )
                    continue
                first_seen[number] = card_node
                if card is not None:
                    cards[number] = card
    errors.sort(key=lambda e: (e.line, e.column))
    return CardSet(
        name=name,
        cards=dict(sorted(cards.items())),
        source=source,
        description=description,
        tiers=tiers,
        tier_places=tier_places,
        descriptions=descriptions,
    ), errors


def _parse_tiers(node: Node, errors: list[CardError]) -> dict[str, tuple[int, int]] | None:
    if not isinstance(node.value, dict):
        errors.append(
            _err(
                node, _("'tiers' must map easy/standard/hard to [first, last] card numbers"), E_TYPE
            )
        )
        return None
    _check_keys(node, TIERS, _("'tiers'"), errors)
    result: dict[str, tuple[int, int]] = {}
    for tier, child in node.value.items():
        bounds = child.plain()
        if (
            not isinstance(bounds, list)
            or len(bounds) != 2
            or not all(isinstance(b, int) and not isinstance(b, bool) for b in bounds)
        ):
            errors.append(
                _err(
                    child,
                    _("tier {tier!r} must be [first, last] card numbers").format(tier=tier),
                    E_TYPE,
                )
            )
            continue
        first, last = bounds
        if first > last:
            errors.append(
                _err(
                    child,
                    _(
                        "tier {tier!r} runs backwards, from {first} down to {last}: write "
                        "[{last}, {first}]"
                    ).format(tier=tier, first=first, last=last),
                    E_TYPE,
                )
            )
            continue
        if not 1 <= first <= 9999:
            # the last number may pass 9999: the tier then holds every number from its first
            errors.append(
                _err(
                    child,
                    _("tier {tier!r} starts at {first}, but card numbers run 1–9999").format(
                        tier=tier, first=first
                    ),
                    E_TYPE,
                )
            )
            continue
        result[tier] = (first, last)
    return result


def _parse_card(node: Node, lines: list[str], errors: list[CardError]) -> Card | None:
    if not isinstance(node.value, dict):
        errors.append(
            _err(
                node,
                _("a card must be a mapping with number, title and criteria, found {kind}").format(
                    kind=_kind(node.value)
                ),
                E_TYPE,
            )
        )
        return None
    _check_keys(node, _CARD_KEYS, _("a card"), errors, translated="title")
    empty_titles: list[str] = []
    titles = _translations(node, "title", _("a card"), lines, errors, empty_titles)
    number_node = node.value.get("number")
    number: int | None = None
    if number_node is None:
        errors.append(_err(node, _("card is missing 'number'"), E_MISSING))
    elif (written := yaml_integer(number_node)) is not None:
        errors.append(
            _err(
                number_node,
                _(
                    "card number {text} is not written in plain decimal digits: write {value} "
                    "(no leading zero, 0x, 0o, 0b, _ or +)"
                ).format(text=number_node.value, value=written),
                E_TYPE,
            )
        )
    elif (
        not isinstance(number_node.value, int)
        or isinstance(number_node.value, bool)
        or not 1 <= number_node.value <= 9999
    ):
        errors.append(
            _err(
                number_node,
                _("card number must be a whole number 1–9999, found {value}").format(
                    value=shown_value(number_node.value)
                ),
                E_TYPE,
            )
        )
    else:
        number = number_node.value
    title = default_title(number) if number is not None else ""
    if "title" in node.value:
        title_node = node.value["title"]
        if isinstance(title_node.value, str):
            title = _text(title_node, "title", lines, errors) or title
        else:
            errors.append(_not_text(title_node, "title"))
    criteria_node = node.value.get("criteria")
    criteria: list[Criterion] = []
    ok = number is not None
    if criteria_node is None:
        errors.append(
            _err(
                node,
                (
                    _("card {number} is missing 'criteria'").format(number=number)
                    if number is not None
                    else _("card is missing 'criteria'")
                ),
                E_MISSING,
            )
        )
        return None
    if not isinstance(criteria_node.value, list):
        errors.append(
            _err(
                criteria_node,
                _("'criteria' must be a list, found {kind}").format(
                    kind=_kind(criteria_node.value)
                ),
                E_TYPE,
            )
        )
        return None
    if len(criteria_node.value) < 2:
        errors.append(
            _err(
                criteria_node,
                _("a card needs at least 2 criteria, found {count}").format(
                    count=len(criteria_node.value)
                ),
                E_FEW_CRITERIA,
            )
        )
        ok = False
    for position, crit_node in enumerate(criteria_node.value, start=1):
        criterion = _parse_criterion(crit_node, number, node.line, position, lines, errors)
        if criterion is None:
            ok = False
        else:
            criteria.append(criterion)
    if not ok or number is None:
        return None
    return Card(number, title, tuple(criteria), node.line, node.column, titles, tuple(empty_titles))


def _parse_criterion(
    node: Node,
    number: int | None,
    card_line: int,
    position: int,
    lines: list[str],
    errors: list[CardError],
) -> Criterion | None:
    """One criterion of a card; ``number`` None when the card's number is missing or bad,
    and the messages name the card by its line (``card_line``) instead."""
    card = number or 0
    translations: Translations = ()
    if isinstance(node.value, str):
        # Shorthand: a bare expression is its own text.
        when_node, text = node, _expression_text(node.value)
    elif isinstance(node.value, dict):
        _check_keys(node, _CRITERION_KEYS, _("a criterion"), errors, translated="text")
        translations = _translations(node, "text", _("a criterion"), lines, errors)
        when_node_or_none = node.value.get("when")
        if when_node_or_none is None:
            missing = (
                _("criterion {position} of card {card} is missing 'when'")
                if number is not None
                else _("criterion {position} of the card at line {line} is missing 'when'")
            )
            errors.append(
                _err(
                    node,
                    missing.format(position=position, card=card, line=card_line),
                    E_MISSING,
                )
            )
            return None
        when_node = when_node_or_none
        text_node = node.value.get("text")
        text = _expression_text(when_node.value) if isinstance(when_node.value, str) else ""
        if text_node is not None:
            if isinstance(text_node.value, str):
                text = _text(text_node, "text", lines, errors) or text
            else:
                errors.append(_not_text(text_node, "text"))
    else:
        errors.append(
            _err(
                node,
                _(
                    "a criterion must be an expression, or a mapping with 'when' and, if you "
                    "like, 'text', found {kind}"
                ).format(kind=_kind(node.value)),
                E_TYPE,
            )
        )
        return None
    if not isinstance(when_node.value, str):
        errors.append(
            _err(
                when_node,
                _("'when' must be an expression in quotes, found {kind}").format(
                    kind=_kind(when_node.value)
                ),
                E_TYPE,
            )
        )
        return None
    from turing.core.criteria import ExpressionError, compile_criterion

    try:
        mask = compile_criterion(when_node.value)
    except ExpressionError as exc:
        line, column = _expression_column(lines, when_node, exc.offset)

        def where(offset: int) -> str:
            found = _expression_position(lines, when_node, offset)
            if found is None:  # written with escapes or over lines: no place in the file
                return _("column {column} of the expression").format(column=offset + 1)
            return _("line {line}, column {column}").format(line=found[0], column=found[1])

        message = exc.placed(where)
        errors.append(CardError(when_node.source, line, column, message, exc.code))
        return None
    when = _expression_text(when_node.value)
    # the criterion named by its card, or by the card's line where its number is bad
    named = (
        _("criterion {card}.{position}").format(card=card, position=position)
        if number is not None
        else _("criterion {position} of the card at line {line}").format(
            position=position, line=card_line
        )
    )
    if mask == 0:
        message = _("{criterion} ({when!r}) is true for no code")
        errors.append(_err(when_node, message.format(criterion=named, when=when), E_NEVER))
        return None
    if mask == ALL_MASK:
        message = _("{criterion} ({when!r}) is true for every code")
        errors.append(_err(when_node, message.format(criterion=named, when=when), E_ALWAYS))
        return None
    return Criterion(
        card,
        position,
        text,
        when,
        mask,
        when_node.line,
        when_node.column,
        translations,
    )
