"""Puzzles: modes, the puzzle document (YAML / JSON / JSONL), difficulty, canonical keys.

The document (README.md, "Puzzle files")::

    id: B63-1
    mode: classic                     # classic | extreme | nightmare
    cards: [4, 9, 11, 14]             # extreme: [[4, 21], [9, 30], …]
    criteria: [2, 1, 3, 1]            # hidden, optional, 1-based on each real card
    real_cards: [4, 9, 11, 14]        # hidden, optional (extreme, nightmare)
    solution: "241"                   # optional, checked
    cardset: classic                  # optional: a name under cards/ or a path

Unknown keys are kept in ``extra`` and written back.
"""

from __future__ import annotations

import base64
import enum
import functools
import hashlib
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, NamedTuple, overload

from turing.core.cards import (
    E_UNKNOWN_SET,
    CardError,
    CardSet,
    CardSetErrors,
    load_cardset,
    near_cardset_file,
    portable_reference,
)
from turing.core.codes import CODE_TEXT, EXAMPLE_CODE, Code, CodeError
from turing.core.errors import TuringError
from turing.core.files import (
    E_DUPLICATE_KEY,
    E_FILE,
    LINE_BREAKS,
    UNIQUE_KEYS,
    DuplicateKey,
    Node,
    SourceError,
    check_openers,
    decode_text,
    garbling_character,
    invisible,
    is_sqlite_file,
    is_transcript_text,
    json_problem,
    load_yaml,
    read_json,
    read_text,
    shown_name,
    shown_value,
)
from turing.core.saves import PLAY_SAVE, is_mastermind_games, is_mastermind_match, save_format_of
from turing.i18n import N_, _, ngettext

LETTERS: Final = "ABCDEF"
#: The verifiers a puzzle document may have: fewer than the game's 4 are read (small
#: puzzles of custom card sets, the analysis of small cases), and `turing check` reports them.
MIN_VERIFIERS: Final = 1
MAX_VERIFIERS: Final = len(LETTERS)
#: The verifier counts of the game (docs/rules.md): a puzzle has 4, 5 or 6.
GAME_VERIFIERS: Final = (4, 5, 6)
MAX_PUZZLE_FILE_BYTES: Final = 512 * 1024 * 1024

E_PUZZLE: Final = "P100"
E_PUZZLE_TYPE: Final = "P101"
E_PUZZLE_CARD: Final = "P102"
E_PUZZLE_CRITERION: Final = "P103"
E_PUZZLE_SHAPE: Final = "P104"
E_PUZZLE_CARDSET: Final = "P105"
E_PUZZLE_TEXT: Final = "P106"

#: The keys of a document whose text is shown (an id, a card-set reference, a stated
#: difficulty): none may hold a character that garbles a terminal.
_SHOWN_TEXTS: Final = ("id", "cardset", "difficulty")


class PuzzleError(SourceError):
    """A puzzle document that cannot be used; ``str()`` gives ``FILE:LINE:COL: message``."""

    @classmethod
    def of(cls, exc: SourceError) -> PuzzleError:
        """The file's error (unreadable text, YAML) as the puzzle's, at its place."""
        return cls(exc.source, exc.line, exc.column, exc.message, exc.code)


class CardSetMissingError(PuzzleError):
    """A puzzle that names its card set by a file that is not there (moved or removed):
    a copy of the set can read it in its stead."""


class CardSetGivenError(PuzzleError):
    """A card-set file read where a puzzle file was expected."""

    def __init__(self, source: str) -> None:
        super().__init__(source, 0, 0, _("this is a card set, not a puzzle"), E_PUZZLE_CARDSET)


def _bank_given(path: str | os.PathLike[str], source: str) -> PuzzleError | None:
    """A puzzle bank read where a puzzle file was expected, said so (not by its bytes)."""
    if not is_sqlite_file(path):
        return None
    return PuzzleError(source, 0, 0, _("this is a puzzle bank, not a puzzle file"), E_PUZZLE)


def _mastermind_games(text: str) -> bool:
    """Whether ``text`` (from its first non-blank character) is the transcript of
    Mastermind games ``turing mastermind simulate`` writes: its first line one game's
    record, with the secret and the guesses."""
    first = text.split("\n", 1)[0].strip()
    if not first.startswith("{"):
        return False
    try:
        head = read_json(first)
    except ValueError:  # (nesting too deep included)
        return False
    return is_mastermind_games(head)


def _game_file(text: str) -> str | None:
    """What a file of a game turing plays holds, given where puzzles were expected: a game's
    transcript, a saved game of ``turing play``, a saved Mastermind match; None for
    anything else."""
    if is_transcript_text(text):
        try:
            head = read_json(text.split("\n", 1)[0].strip())
        except ValueError:
            head = None
        if is_mastermind_match(head):
            return _("this is the transcript of a Mastermind match, not a puzzle")
        return _("this is the transcript of a game, not a puzzle")
    if _mastermind_games(text):
        return _("this is the transcript of Mastermind games, not a puzzle")
    kind = save_format_of(text)
    if kind is PLAY_SAVE:
        return _("this is a saved game, not a puzzle")
    if kind is not None:
        return _("this is {what}, not a puzzle").format(what=_(kind.holds))
    return None


def _is_cardset(root: Node) -> bool:
    """Whether a document is recognisably a card set: its ``cards`` a list of mappings
    with ``criteria`` (a puzzle's cards are numbers)."""
    if not isinstance(root.value, dict) or "cards" not in root.value:
        return False
    cards = root.value["cards"].value
    return (
        isinstance(cards, list)
        and bool(cards)
        and all(isinstance(card.value, dict) for card in cards)
        and any("criteria" in card.value for card in cards)
    )


# -- modes ------------------------------------------------------------------------------


class Mode(enum.StrEnum):
    """A mode of play: what the table shows and what it hides.

    A mode is its document name (``Mode.EXTREME == "extreme"``), so files and JSON keep
    saying ``mode: classic|extreme|nightmare``; callers ask it what it does rather than
    compare names.

    >>> Mode.parse("Extreme").cards_per_verifier
    2
    >>> Mode.NIGHTMARE.hidden_mapping, Mode.CLASSIC.letter
    (True, 'C')
    """

    CLASSIC = "classic"
    EXTREME = "extreme"
    NIGHTMARE = "nightmare"

    @classmethod
    def parse(cls, name: str | Mode) -> Mode:
        """The mode named ``name`` (any case); raises :class:`ModeError`."""
        if isinstance(name, Mode):
            return name
        found = MODES.get(name.lower()) if isinstance(name, str) else None
        if found is not None:
            return found
        try:
            return cls(name.lower() if isinstance(name, str) else name)
        except ValueError:
            raise ModeError(
                _("unknown mode {name} (modes: {modes})").format(
                    name=shown_value(name), modes=", ".join(MODES)
                )
            ) from None

    # What the mode does, set once per member (read for every puzzle of a file).
    #: The first letter of a short puzzle id: ``C``, ``E`` or ``N``.
    letter: str
    #: Cards shown for each verifier: two in extreme (one real, one decoy), else one.
    cards_per_verifier: int
    #: True when cards on the table are not used by any verifier (extreme).
    has_decoys: bool
    #: True when the player does not know which verifier holds which shown card.
    hidden_mapping: bool
    #: True when each verifier's shown card is the card it uses (classic).
    cards_are_real: bool

    def __init__(self, value: str) -> None:
        self.letter = value[0].upper()
        self.cards_per_verifier = 2 if value == "extreme" else 1
        self.has_decoys = value == "extreme"
        self.hidden_mapping = value == "nightmare"
        self.cards_are_real = value == "classic"

    def describe(self) -> str:
        return _DESCRIPTIONS[self]

    def label(self) -> str:
        """The mode's name for reading, in the language in use (``Extrem`` in German)."""
        return _(_LABELS[self])

    @property
    def label_text(self) -> str:
        """The mode's name for reading as the catalogue keys it (English), for a text in
        another language than the one in use (a booklet's)."""
        return _LABELS[self]


class ModeError(TuringError):
    """A mode name that is not classic, extreme or nightmare."""


_DESCRIPTIONS: Final[dict[Mode, str]] = {
    Mode.CLASSIC: "One card per verifier, face up.",
    Mode.EXTREME: "Two cards per verifier; only one is real, and which one is hidden.",
    Mode.NIGHTMARE: "The cards are shown, but not which verifier holds which card.",
}

_LABELS: Final[dict[Mode, str]] = {
    Mode.CLASSIC: N_("classic"),
    Mode.EXTREME: N_("extreme"),
    Mode.NIGHTMARE: N_("nightmare"),
}

#: Mode name → mode.
MODES: Final[dict[str, Mode]] = {m.value: m for m in Mode}


def mode_of(name: str) -> Mode:
    return Mode.parse(name)


class _ModeField:
    """The ``mode`` field of a puzzle: given as a :class:`Mode` or its name, read as a Mode."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._key = f"_{name}"

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> Mode: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> Mode: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> Mode:
        if obj is None:
            return Mode.CLASSIC  # the default
        mode: Mode = obj.__dict__[self._key]
        return mode

    def __set__(self, obj: object, value: Mode | str) -> None:
        obj.__dict__[self._key] = value if type(value) is Mode else Mode.parse(value)


# -- the puzzle ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as its document describes it.

    ``cards[v]`` holds the cards shown for verifier *v* (one card; two in extreme). In
    nightmare mode ``cards`` lists the shown cards in ascending order, one per verifier
    slot, and ``real_cards[v]`` says which card verifier *v* really holds.
    """

    cards: tuple[tuple[int, ...], ...]
    mode: _ModeField = _ModeField()
    criteria: tuple[int, ...] | None = None
    real_cards: tuple[int, ...] | None = None
    solution: str | None = None
    id: str | None = None
    cardset: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def verifiers(self) -> int:
        return len(self.cards)

    @property
    def letters(self) -> str:
        return LETTERS[: self.verifiers]

    @property
    def mode_class(self) -> Mode:
        """The mode (the same value as :attr:`mode`)."""
        return self.mode

    @property
    def shown_cards(self) -> tuple[int, ...]:
        """Every card on the table, in document order."""
        return tuple(c for group in self.cards for c in group)

    @property
    def true_cards(self) -> tuple[int, ...] | None:
        """The card each verifier really uses, when known."""
        if self.real_cards is not None:
            return self.real_cards
        if self.mode.cards_are_real:
            return tuple(group[0] for group in self.cards)
        return None

    @property
    def has_hidden(self) -> bool:
        """True when the hidden criteria (and the real cards they need) are known."""
        return self.criteria is not None and self.true_cards is not None

    def cards_as_shown(self) -> tuple[tuple[int, ...], ...]:
        """The cards in the order a player sees them: nightmare's in ascending order,
        each extreme pair in ascending order, whatever order the document used, so that
        order cannot hint at the real cards (classic: as given, one per verifier)."""
        if self.mode.hidden_mapping:
            return tuple(sorted(self.cards))
        if self.mode.cards_per_verifier > 1:
            return tuple(tuple(sorted(group)) for group in self.cards)
        return self.cards

    def public(self) -> Puzzle:
        """The puzzle as a player sees it: no criteria, real cards or solution."""
        return replace(self, criteria=None, real_cards=None, solution=None)

    def to_dict(self, hidden: bool = True) -> dict[str, Any]:
        """The puzzle document; without ``hidden``, what a player may see: no criteria,
        real cards or solution, and nothing they could be worked out from (an id computed
        from the hidden parts, the generator's seed and index, and in extreme the
        difficulty score, which counts the real cards' tiers)."""
        out: dict[str, Any] = {}
        if self.id is not None and (hidden or not self.id_is_derived()):
            out["id"] = self.id
        out["mode"] = self.mode.value
        if self.mode.cards_per_verifier > 1:
            out["cards"] = [list(group) for group in self.cards]
        else:
            out["cards"] = [group[0] for group in self.cards]
        if hidden:
            if self.criteria is not None:
                out["criteria"] = list(self.criteria)
            if self.real_cards is not None and (
                not self.mode.cards_are_real or self.real_cards != self.true_cards
            ):
                out["real_cards"] = list(self.real_cards)
            if self.solution is not None:
                out["solution"] = self.solution
        if self.cardset is not None:
            out["cardset"] = self.cardset
        withheld = _HIDDEN_EXTRA
        if self.mode.cards_per_verifier > 1:
            withheld = withheld | _HIDDEN_EXTRA_WITH_DECOYS
        for key, value in self.extra.items():
            if key not in out and (hidden or key not in withheld):
                out[key] = value
        return out

    def canonical_key(self) -> str:
        """A key equal for two puzzles that differ only in verifier order (and id)."""
        if self.has_hidden:
            assert self.criteria is not None and self.true_cards is not None
            # Nightmare: the verifier→card mapping is hidden, so slot v's shown card says
            # nothing about verifier v; only the real (card, criterion) pairs matter.
            hidden_map = self.mode.hidden_mapping
            parts = sorted(
                ((real,) if hidden_map else tuple(sorted(group)), real, crit)
                for group, real, crit in zip(
                    self.cards, self.true_cards, self.criteria, strict=True
                )
            )
            body = ";".join(f"{'/'.join(map(str, g))}:{r}.{c}" for g, r, c in parts)
        else:
            body = ";".join(
                "/".join(map(str, g)) for g in sorted(tuple(sorted(group)) for group in self.cards)
            )
        return f"{self.mode.value}|{self.cardset or 'classic'}|{body}"

    def short_id(self, difficulty: str | None = None) -> str:
        """A short stable id like ``C4H-K3QF7A`` (mode, verifiers, tier, key hash)."""
        tag = self._key_hash()[:6]
        tier = (difficulty or "x")[0].upper()
        return f"{self.mode.letter}{self.verifiers}{tier}-{tag}"

    def _key_hash(self) -> str:
        return key_hash(self.canonical_key())

    def id_is_derived(self) -> bool:
        """True when the id is or may be computed from the puzzle's contents, hidden parts
        included (its short id, lengthened or not, or any id of that shape; its canonical
        key, under any card-set name): shown to a player, it would let them find the hidden
        criteria by trying each reading of the cards."""
        if self.id is None:
            return False
        norm = id_key
        given = norm(self.id)
        if _GENERATED_ID.fullmatch(given):
            # a generated id hashes the key with the card-set name the puzzle had when it was
            # made, which a copy may spell otherwise (a path): whatever this copy's `cardset`
            # says, an id of that shape may be computed from the hidden parts
            return True
        mode, _, rest = self.canonical_key().partition("|")
        body = rest.partition("|")[2]  # the canonical key under any card-set name
        if given.startswith(norm(mode + "|")) and given.endswith(norm("|" + body)):
            return True
        tag = given[3:]
        return len(tag) >= 6 and self._key_hash().startswith(tag)


def key_hash(canonical: str) -> str:
    """A canonical key's hash spelled in base 32: a short id's tag is its first six
    characters, and a clashing id is lengthened by the next ones."""
    return base64.b32encode(hashlib.sha256(canonical.encode()).digest()).decode()


def free_id(puzzle: Puzzle, base: str, taken: Callable[[str], bool]) -> str:
    """``base``, the puzzle's short id, or where ``taken`` says another puzzle holds it
    (the rare clash of two puzzles' six-character tags), the id lengthened by two more
    characters of its own key's hash at a time until free: ``C4H-Y5PC7Z``,
    ``C4H-Y5PC7ZTO``."""
    pid, extra = base, 0
    while taken(pid):
        extra += 2
        prefix = base.split("-", 1)[0]
        pid = f"{prefix}-{key_hash(puzzle.canonical_key())[: 6 + extra]}"
    return pid


#: a short id as :meth:`Puzzle.short_id` makes it (``C4H-K3QF7A``), separators taken out
_GENERATED_ID: Final = re.compile(r"[CEN][1-9][ESHX][A-Z2-7]{6,}")

_HIDDEN_EXTRA: Final = frozenset({"solution_codes", "seed", "index"})
"""Fields a player must not see: the codes of the readings, and what regenerates the puzzle."""
_HIDDEN_EXTRA_WITH_DECOYS: Final = frozenset({"score"})
"""Fields a player must not see where the real cards are hidden among decoys (extreme): the
difficulty score counts the tier points of the real cards alone (see
:func:`turing.generation.metrics.difficulty_score`), so it tells which cards may be real."""
_KNOWN_KEYS: Final = frozenset(
    {"id", "mode", "cards", "criteria", "real_cards", "solution", "cardset"}
)


class KeyNote(NamedTuple):
    """An unknown key of a puzzle document that is nearly a known one (``critera``): it is
    ignored, as every unknown key is, but a hidden part may have been lost with it. Front
    ends say it; ``str()`` gives ``FILE:LINE:COL: unknown key … ignored (did you mean …?)``."""

    source: str
    line: int
    column: int
    key: str
    known: str

    def __str__(self) -> str:
        message = (
            _("unknown key {key!r} ignored (the file's keys are English: did you mean {known!r}?)")
            if german_key(self.key) == self.known
            else _("unknown key {key!r} ignored (did you mean {known!r}?)")
        )
        return f"{shown_name(self.source)}:{self.line}:{self.column}: " + message.format(
            key=self.key, known=self.known
        )


#: The keys an unknown key is compared with: the document's own and a stated difficulty.
_NOTED_KEYS: Final = (*sorted(_KNOWN_KEYS), "difficulty")

#: The German words of the keys (the game's own words, docs/rules.de.md), as
#: :func:`_german_spelling` writes them: a file's keys are English, and one written in
#: German would be ignored.
_GERMAN_KEYS: Final[dict[str, str]] = {
    "karten": "cards",
    "karte": "cards",
    "kriterien": "criteria",
    "kriterium": "criteria",
    "modus": "mode",
    "spielmodus": "mode",
    "loesung": "solution",
    "losung": "solution",
    "echte_karten": "real_cards",
    "echtekarten": "real_cards",
    "kartensatz": "cardset",
    "schwierigkeit": "difficulty",
    "schwierigkeitsgrad": "difficulty",
}

#: The German words of the modes (the game's own: Klassisch, Extrem, Albtraum).
_GERMAN_MODES: Final[dict[str, str]] = {
    "klassisch": "classic",
    "extrem": "extreme",
    "albtraum": "nightmare",
    "alptraum": "nightmare",
}


#: The German words of the tiers a document's ``difficulty`` states (leicht, normal, schwer).
_GERMAN_TIERS: Final[dict[str, str]] = {
    "leicht": "easy",
    "normal": "standard",
    "mittel": "standard",
    "schwer": "hard",
}


def _german_spelling(word: str) -> str:
    """A word as the German tables hold it: lower case, umlauts as ``ae`` ``oe`` ``ue``,
    ``ß`` as ``ss``, a space or a dash as ``_``.

    >>> _german_spelling("Lösung"), _german_spelling("Echte Karten")
    ('loesung', 'echte_karten')
    """
    word = word.strip().casefold().replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    return re.sub(r"[\s-]+", "_", word)


def german_key(key: str) -> str | None:
    """The English key of a puzzle document a German ``key`` names, or None.

    >>> german_key("Kriterien"), german_key("Lösung"), german_key("cards")
    ('criteria', 'solution', None)
    """
    return _GERMAN_KEYS.get(_german_spelling(key))


def german_mode(value: str) -> str | None:
    """The English mode a German mode word names (``Albtraum`` → ``nightmare``), or None."""
    return _GERMAN_MODES.get(_german_spelling(value))


def german_tier(value: str) -> str | None:
    """The English tier a German tier word names (``leicht`` → ``easy``), or None."""
    return _GERMAN_TIERS.get(_german_spelling(value))


def edit_distance(a: str, b: str) -> int:
    """The edit distance of two words: the fewest letters to add, drop, change or swap with
    their neighbour to make ``a`` into ``b`` (optimal string alignment), the typing slips
    between them.

    >>> edit_distance("critera", "criteria"), edit_distance("mdoe", "mode")
    (1, 1)
    >>> edit_distance("id", "ix"), edit_distance("cout", "count"), edit_distance("bogus", "jobs")
    (1, 1, 3)
    """
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        previous, before, row = before, row, [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            row[j] = min(before[j] + 1, row[j - 1] + 1, before[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                row[j] = min(row[j], previous[j - 2] + 1)
    return row[-1]


@functools.lru_cache(maxsize=256)
def nearest_key(key: str) -> str | None:
    """The known key an unknown ``key`` nearly is, or None: the same but for case, or a
    small edit away (one edit for a key of five letters or fewer, two for a longer one;
    ``id`` only in another case), or its German word.

    >>> nearest_key("critera"), nearest_key("real_card"), nearest_key("mdoe"), nearest_key("ID")
    ('criteria', 'real_cards', 'mode', 'id')
    >>> nearest_key("verifiers"), nearest_key("seed"), nearest_key("ix")
    (None, None, None)

    A German word of a key is nearly it too (:func:`german_key`):

    >>> nearest_key("kriterien"), nearest_key("Karten")
    ('criteria', 'cards')
    """
    german = german_key(key)
    if german is not None:
        return german
    word = key.lower()
    near: list[tuple[int, str]] = []
    for known in _NOTED_KEYS:
        if known == key:
            return None
        limit = 0 if len(known) <= 2 else 1 if len(known) <= 5 else 2
        if abs(len(word) - len(known)) <= limit:
            distance = edit_distance(word, known)
            if distance <= limit:
                near.append((distance, known))
    return min(near)[1] if near else None


# -- reading documents -------------------------------------------------------------------


def _err(node: Node, message: str, code: str = E_PUZZLE) -> PuzzleError:
    return PuzzleError(node.source, node.line, node.column, message, code)


#: A place inside a document: the keys and list indices that lead to a value.
Place = tuple[str | int, ...]
#: ``where(place)`` → ``(source, line, column)`` of the value at ``place``; asked only when
#: there is an error to report, so a JSONL line is parsed for positions only then.
Where = Callable[[Place], tuple[str, int, int]]


def _fail(where: Where, place: Place, message: str, code: str = E_PUZZLE) -> PuzzleError:
    return PuzzleError(*where(place), message, code)


def node_places(node: Node) -> Where:
    """The places of a located document: the position of the value at each place (the
    nearest enclosing value when the document has no such place)."""

    def where(place: Place) -> tuple[str, int, int]:
        current = node
        for step in place:
            try:
                current = current.value[step]
            except (KeyError, IndexError, TypeError):
                break
        return current.source, current.line, current.column

    return where


def line_places(source: str, line: int, text: str | None = None) -> Where:
    """The places of a document read from one line (``text``, JSON): parsed again with
    positions when a place is asked for; the start of the line when that fails."""

    def where(place: Place) -> tuple[str, int, int]:
        if text is not None:
            try:
                node = load_yaml("\n" * (line - 1) + text, source)
            except SourceError:
                return source, line, 1
            return node_places(node)(place)
        return source, line, 1

    return where


#: What a document's list may be given as (a tuple from code).
_SEQUENCES: Final = (list, tuple)


def _int_list(value: Any, where: Where, place: Place, what: str) -> list[int]:
    if not isinstance(value, _SEQUENCES):
        raise _fail(where, place, _("'{what}' must be a list").format(what=what), E_PUZZLE_TYPE)
    for j, item in enumerate(value):
        if not isinstance(item, int) or isinstance(item, bool):
            raise _fail(
                where,
                (*place, j),
                _("'{what}' must hold whole numbers, found {item}").format(
                    what=what, item=shown_value(item)
                ),
                E_PUZZLE_TYPE,
            )
    return list(value)


def _plain(value: Any) -> Any:
    """Plain data as a document holds it: mappings with text keys, lists."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, _SEQUENCES):
        return [_plain(v) for v in value]
    return value


def puzzle_from_node(
    node: Node, cardset: CardSet | None = None, cardset_base: Path | None = None
) -> Puzzle:
    """Build and check a puzzle from a located document.

    With ``cardset`` None the document's own ``cardset`` (or classic) is loaded; a
    relative ``cardset`` path is taken relative to ``cardset_base``.
    """
    return puzzle_from_data(node.plain(), node_places(node), cardset, cardset_base)


#: The codes as a document writes them once read (``str(Code.parse(text)) == text``).
_CODE_TEXTS: Final = frozenset(CODE_TEXT)


def _plain_puzzle(doc: dict[str, Any], cardset: CardSet) -> Puzzle | None:
    """The puzzle of a document in the plain form the tools write (lower-case mode, lists
    of whole numbers, a three-digit solution), checked as :func:`puzzle_from_data` checks
    it; None when the document is not in that form or breaks a rule, and the full check
    is to say what is wrong. Reading thousands of puzzles a second is mostly this."""
    get = doc.get
    mode_value = get("mode", "classic")
    mode = MODES.get(mode_value) if type(mode_value) is str else None
    cards_value = get("cards")
    if mode is None or type(cards_value) is not list:
        return None
    count = len(cards_value)
    if not MIN_VERIFIERS <= count <= MAX_VERIFIERS:
        return None
    numbers: list[int]
    groups: tuple[tuple[int, ...], ...]
    if mode.cards_per_verifier == 1:
        for item in cards_value:
            if type(item) is not int:
                return None
        numbers = cards_value
        groups = tuple(zip(numbers))
    else:
        numbers = []
        for item in cards_value:
            if type(item) is not list or len(item) != 2:
                return None
            first, second = item
            if type(first) is not int or type(second) is not int:
                return None
            numbers += item
        groups = tuple(zip(numbers[::2], numbers[1::2], strict=True))
    known = cardset.cards
    for n in numbers:
        if n not in known:
            return None
    if len(set(numbers)) != len(numbers):
        return None
    cardset_name: str | None = None
    if "cardset" in doc:
        cardset_name = doc["cardset"]
        if (
            type(cardset_name) is not str
            or not cardset_name
            or cardset_name.strip() != cardset_name
        ):
            return None
    real_cards: tuple[int, ...] | None = None
    if "real_cards" in doc:
        real = doc["real_cards"]
        if type(real) is not list or len(real) != count:
            return None
        for card in real:
            if type(card) is not int:
                return None
        if mode.hidden_mapping:
            if sorted(real) != sorted(numbers):
                return None
        else:
            for card, group in zip(real, groups, strict=True):
                if card not in group:
                    return None
        real_cards = tuple(real)
    criteria: tuple[int, ...] | None = None
    if "criteria" in doc:
        crit = doc["criteria"]
        if type(crit) is not list or len(crit) != count:
            return None
        true_cards = (
            real_cards
            if real_cards is not None
            else (numbers if mode.cards_are_real and mode.cards_per_verifier == 1 else None)
        )
        if true_cards is None:
            return None
        masks = cardset.masks
        for position, number in zip(crit, true_cards, strict=True):
            if type(position) is not int or not 1 <= position <= len(masks[number]):
                return None
        criteria = tuple(crit)
    solution = get("solution")
    if "solution" in doc and (type(solution) is not str or solution not in _CODE_TEXTS):
        return None
    puzzle_id = get("id")
    if puzzle_id is not None and type(puzzle_id) is not str and type(puzzle_id) is not int:
        return None
    for key in _SHOWN_TEXTS:
        text = get(key)
        # (a printable text holds no control, line-break or direction character)
        if (
            type(text) is str
            and not text.isprintable()
            and garbling_character(text, writing=False) is not None
        ):
            return None
    # The object Puzzle(...) makes, its fields set at once: the frozen dataclass sets
    # them one by one, a fifth of the time of reading one line of a JSONL file.
    puzzle = object.__new__(Puzzle)
    puzzle.__dict__.update(
        cards=groups,
        _mode=mode,
        criteria=criteria,
        real_cards=real_cards,
        solution=solution,
        id=None if puzzle_id is None else str(puzzle_id),
        cardset=cardset_name,
        extra={k: v for k, v in doc.items() if k not in _KNOWN_KEYS},
    )
    return puzzle


def puzzle_from_data(
    data: Any, where: Where, cardset: CardSet | None = None, cardset_base: Path | None = None
) -> Puzzle:
    """Build and check a puzzle from plain data (text keys, lists), reporting a problem at
    the place ``where`` gives for it (see :func:`node_places`, :func:`line_places`)."""
    if cardset is not None and type(data) is dict:
        quick = _plain_puzzle(data, cardset)
        if quick is not None:
            return quick
    return _checked_puzzle(data, where, cardset, cardset_base)


def _check_shown_text(value: Any, key: str, where: Where) -> None:
    """Refuse a text of the document that is shown (``key``: an id, a card-set reference,
    a stated difficulty) holding a control, line-break, text-direction or invisible
    format character, as a card text is refused (docs/cards.md, C108 and C109); none of
    them is prose, so not even the joiners a text may hold."""
    if not isinstance(value, str):
        return
    if key == "cardset":
        value = value.strip()  # a reference is read without the whitespace around it
    found = garbling_character(value, writing=False)
    if found is None:
        return
    char = value[found]
    if char in LINE_BREAKS:
        message = _("{key!r} holds a line break: it is shown on one line").format(key=key)
    elif invisible(char):
        message = _(
            "{key!r} holds {char}, an invisible character: two texts that look the same "
            "would differ"
        ).format(key=key, char=f"U+{ord(char):04X}")
    else:
        message = _(
            "{key!r} holds {char}, a control or text-direction character that would "
            "garble what is shown"
        ).format(key=key, char=f"U+{ord(char):04X}")
    raise _fail(where, (key,), message, E_PUZZLE_TEXT)


def _missing_cards(doc: dict[str, Any]) -> str:
    """The error of a document without ``cards``, naming a key meant for it: one nearly
    ``cards`` (``card``) or its German word (``karten``), which is ignored as every
    unknown key is."""
    for key in doc:
        if key in _KNOWN_KEYS or not isinstance(key, str) or nearest_key(key) != "cards":
            continue
        if german_key(key) == "cards":
            return _(
                "puzzle is missing 'cards' (the file's keys are English: is {key!r} meant for it?)"
            ).format(key=key)
        return _("puzzle is missing 'cards' (is {key!r} meant for it?)").format(key=key)
    return _("puzzle is missing 'cards'")


def _checked_puzzle(
    data: Any, where: Where, cardset: CardSet | None, cardset_base: Path | None
) -> Puzzle:
    """:func:`puzzle_from_data` for every document: each rule checked in turn, the first
    one broken reported."""
    if not isinstance(data, dict):
        raise _fail(where, (), _("a puzzle must be a mapping with at least 'cards'"), E_PUZZLE_TYPE)
    doc: dict[str, Any] = data
    for key in _SHOWN_TEXTS:
        _check_shown_text(doc.get(key), key, where)
    mode = Mode.CLASSIC
    if "mode" in doc:
        mode_value = doc["mode"]
        if not isinstance(mode_value, str):
            raise _fail(
                where,
                ("mode",),
                _("'mode' must be one of {modes}, found {found}").format(
                    modes=", ".join(MODES), found=shown_value(mode_value)
                ),
                E_PUZZLE_TYPE,
            )
        if mode_value.lower() not in MODES:
            english = german_mode(mode_value)
            message = (
                _(
                    "unknown mode {name} (the file's values are English: did you mean {mode!r}?)"
                ).format(name=shown_value(mode_value), mode=english)
                if english is not None
                else _("unknown mode {name} (modes: {modes})").format(
                    name=shown_value(mode_value), modes=", ".join(MODES)
                )
            )
            raise _fail(where, ("mode",), message, E_PUZZLE_TYPE)
        mode = Mode.parse(mode_value)
    if "cards" not in doc:
        raise _fail(where, (), _missing_cards(doc), E_PUZZLE)
    cards_value = doc["cards"]
    if not isinstance(cards_value, _SEQUENCES):
        raise _fail(where, ("cards",), _("'cards' must be a list"), E_PUZZLE_TYPE)
    groups: list[tuple[int, ...]] = []
    single = mode.cards_per_verifier == 1
    for i, item in enumerate(cards_value):
        if single:
            if type(item) is int:  # the common case first
                groups.append((item,))
                continue
            if isinstance(item, _SEQUENCES):
                raise _fail(
                    where,
                    ("cards", i),
                    _(
                        "{mode} mode takes one card per verifier, found a list "
                        "(pairs are for extreme mode)"
                    ).format(mode=mode.label()),
                    E_PUZZLE_SHAPE,
                )
            if not isinstance(item, int) or isinstance(item, bool):
                raise _fail(
                    where,
                    ("cards", i),
                    _("a card is its card number, a whole number, found {item}").format(
                        item=shown_value(item)
                    ),
                    E_PUZZLE_TYPE,
                )
            groups.append((int(item),))
        else:
            if not isinstance(item, _SEQUENCES) or len(item) != 2:
                raise _fail(
                    where,
                    ("cards", i),
                    _("extreme mode takes a pair of cards per verifier, like [4, 21]"),
                    E_PUZZLE_SHAPE,
                )
            groups.append(tuple(_int_list(item, where, ("cards", i), "cards")))
    if not MIN_VERIFIERS <= len(groups) <= MAX_VERIFIERS:
        message = (
            _("'cards' is empty: a puzzle of the game has 4, 5 or 6 verifiers")
            if not groups
            else _(
                "{count} verifiers are too many: a puzzle of the game has 4, 5 or 6 (A–F)"
            ).format(count=len(groups))
        )
        raise _fail(where, ("cards",), message, E_PUZZLE_SHAPE)

    cardset_name: str | None = None
    if "cardset" in doc:
        cs_value = doc["cardset"]
        if not isinstance(cs_value, str) or not cs_value.strip():
            raise _fail(
                where, ("cardset",), _("'cardset' must be a card-set name or a path"), E_PUZZLE_TYPE
            )
        cardset_name = cs_value.strip()
    if cardset is None:
        cardset = _reference_cardset(cardset_name, cardset_base, where, "cardset" in doc)

    seen: set[int] = set()
    for i, group in enumerate(groups):
        for number in group:
            if number not in cardset:
                raise _fail(
                    where,
                    ("cards", i),
                    _("card {number} is not in card set {name!r} ({numbers})").format(
                        number=number, name=cardset.name, numbers=cardset.describe_numbers()
                    ),
                    E_PUZZLE_CARD,
                )
            if number in seen:
                raise _fail(
                    where,
                    ("cards", i),
                    _("card {number} appears twice").format(number=number),
                    E_PUZZLE_CARD,
                )
            seen.add(number)

    real_cards: tuple[int, ...] | None = None
    if "real_cards" in doc:
        real = _int_list(doc["real_cards"], where, ("real_cards",), "real_cards")
        if len(real) != len(groups):
            raise _fail(
                where,
                ("real_cards",),
                _("'real_cards' needs one card per verifier ({count}), found {found}").format(
                    count=len(groups), found=len(real)
                ),
                E_PUZZLE_SHAPE,
            )
        shown = sorted(seen)
        for v, (card, group) in enumerate(zip(real, groups, strict=True)):
            ok = card in seen if mode.hidden_mapping else card in group
            if not ok:
                message = (
                    _("real card {card} of verifier {letter} is not among the cards shown")
                    if mode.hidden_mapping
                    else _("real card {card} of verifier {letter} is not among its cards {cards}")
                )
                raise _fail(
                    where,
                    ("real_cards", v),
                    message.format(card=card, letter=LETTERS[v], cards=list(group)),
                    E_PUZZLE_CARD,
                )
        if mode.hidden_mapping and sorted(real) != shown:
            raise _fail(
                where,
                ("real_cards",),
                _("in nightmare mode 'real_cards' must use each shown card exactly once"),
                E_PUZZLE_CARD,
            )
        real_cards = tuple(real)

    criteria: tuple[int, ...] | None = None
    if "criteria" in doc:
        crit = _int_list(doc["criteria"], where, ("criteria",), "criteria")
        if len(crit) != len(groups):
            raise _fail(
                where,
                ("criteria",),
                _("'criteria' needs one position per verifier ({count}), found {found}").format(
                    count=len(groups), found=len(crit)
                ),
                E_PUZZLE_SHAPE,
            )
        true_cards = (
            real_cards
            if real_cards is not None
            else (tuple(g[0] for g in groups) if mode.cards_are_real else None)
        )
        if true_cards is None:
            raise _fail(
                where,
                ("criteria",),
                _(
                    "in {mode} mode 'criteria' needs 'real_cards' to say which "
                    "card each criterion is on"
                ).format(mode=mode.label()),
                E_PUZZLE,
            )
        masks = cardset.masks
        for v, (position, number) in enumerate(zip(crit, true_cards, strict=True)):
            count = len(masks[number])
            if not 1 <= position <= count:
                raise _fail(
                    where,
                    ("criteria", v),
                    ngettext(
                        "verifier {letter}: card {number} has {count} criterion, "
                        "so criterion {position} does not exist (positions are 1-based)",
                        "verifier {letter}: card {number} has {count} criteria, "
                        "so criterion {position} does not exist (positions are 1-based)",
                        count,
                    ).format(letter=LETTERS[v], number=number, count=count, position=position),
                    E_PUZZLE_CRITERION,
                )
        criteria = tuple(crit)

    solution: str | None = None
    if "solution" in doc:
        raw = doc["solution"]
        if isinstance(raw, int) and not isinstance(raw, bool):
            raw = str(raw)
        if not isinstance(raw, str):
            raise _fail(
                where,
                ("solution",),
                _("'solution' must be a code like \"{example}\"").format(example=EXAMPLE_CODE),
                E_PUZZLE_TYPE,
            )
        try:
            solution = str(Code.parse(raw))
        except CodeError as exc:
            raise _fail(where, ("solution",), str(exc), E_PUZZLE_TYPE) from None

    puzzle_id: str | None = None
    if doc.get("id") is not None:
        id_value = doc["id"]
        if isinstance(id_value, bool) or not isinstance(id_value, str | int):
            raise _fail(
                where,
                ("id",),
                _("'id' must be text, like \"01\", found {found}").format(
                    found=shown_value(id_value)
                ),
                E_PUZZLE_TYPE,
            )
        puzzle_id = str(id_value)
    extra = {k: v for k, v in doc.items() if k not in _KNOWN_KEYS}
    return Puzzle(
        cards=tuple(groups),
        mode=mode,
        criteria=criteria,
        real_cards=real_cards,
        solution=solution,
        id=puzzle_id,
        cardset=cardset_name,
        extra=extra,
    )


def puzzle_from_dict(
    data: Mapping[str, Any], cardset: CardSet | None = None, source: str = "<puzzle>", line: int = 1
) -> Puzzle:
    """Build a puzzle from plain data (parsed JSON, a dict in code)."""
    return puzzle_from_data(_plain(data), line_places(source, line), cardset)


def check_against_cardset(puzzle: Puzzle, cardset: CardSet) -> Puzzle:
    """The one check of a puzzle against the card set it is played with, as reading its
    document checks it: every card in the set and shown once, one criterion (1-based, on
    the card) and one real card per verifier where given. A puzzle built in code passes
    it before a game starts on it or the solver reads it, so that no game is played on a
    puzzle its own save would refuse. Returns the puzzle; :class:`PuzzleError` says what
    is wrong."""
    try:
        document = puzzle.to_dict()
    except (TypeError, AttributeError, IndexError):
        raise PuzzleError(
            "<puzzle>", 1, 1, _("a puzzle's cards must be a list of card numbers"), E_PUZZLE_TYPE
        ) from None
    puzzle_from_data(_plain(document), line_places("<puzzle>", 1), cardset)
    return puzzle


def id_matches(puzzle_id: str | None, wanted: str) -> bool:
    """Whether a puzzle's id is ``wanted``: ids compare without case, spaces, dashes or
    underscores (``a46nxf`` finds ``A46 NXF``)."""
    return puzzle_id is not None and id_key(puzzle_id) == id_key(wanted)


def id_key(text: str) -> str:
    """An id as ids compare: without case, spaces, dashes or underscores (``A46NXF``)."""
    return re.sub(r"[\s_-]+", "", text).upper()


def with_id(loaded: Iterable[Loaded], wanted: str) -> list[Loaded]:
    """The puzzles of ``loaded`` whose id is ``wanted``: those whose id is written exactly
    so (case included), else those that match it without case, spaces, dashes or
    underscores (:func:`id_matches`), else, for a number, those whose id is that number
    with leading zeros (``1`` finds ``01``). More than one is an id that picks no one
    puzzle."""
    puzzles = list(loaded)
    found = [each for each in puzzles if id_matches(each.puzzle.id, wanted)]
    exact = [each for each in found if each.puzzle.id == wanted]
    if found or not _NUMBER.fullmatch(id_key(wanted)):
        return exact or found
    number = int(id_key(wanted))
    return [
        each
        for each in puzzles
        if each.puzzle.id is not None
        and _NUMBER.fullmatch(id_key(each.puzzle.id))
        and int(id_key(each.puzzle.id)) == number
    ]


#: an id that is a number (ASCII digits only)
_NUMBER: Final = re.compile(r"[0-9]+")

#: A stated solution that is not the one code a puzzle's hidden criteria leave, as every
#: command says it: playing (the code unsaid, a player reads it), on paper and in a check.
STATED_SOLUTION_WRONG: Final = N_("the stated solution is not the code its hidden criteria leave")
#: The same, naming the stated code, for an author checking a puzzle.
STATED_SOLUTION_WRONG_NAMED: Final = N_(
    "the stated solution {code} is not the code its hidden criteria leave"
)


def codes_left_problem(count: int) -> str:
    """That a puzzle's hidden criteria leave ``count`` codes, not the one a puzzle must:
    said alike by every command (playing, on paper and in a check); in a puzzle turing
    generated (:func:`generated`) it is followed by :data:`CARDSET_CHANGED`.

    >>> codes_left_problem(2)
    '2 codes meet all hidden criteria, not one'
    >>> codes_left_problem(0)
    'no code meets all hidden criteria'
    """
    if not count:
        return _("no code meets all hidden criteria")
    return ngettext(
        "{n} code meets all hidden criteria, not one",
        "{n} codes meet all hidden criteria, not one",
        count,
    ).format(n=count)


#: The likely cause of it in a puzzle turing generated (:func:`generated`), said after it:
#: cards have changed under it. A puzzle typed by hand may hold a slip instead: its
#: problem is said without a cause.
CARDSET_CHANGED: Final = N_(" — did its card set change since the puzzle was made?")
#: Figures turing stores with a puzzle it generates, its solution found by the solver.
GENERATED_KEYS: Final = ("codes_left", "min_tests", "score")


def generated(puzzle: Puzzle) -> bool:
    """Whether the puzzle's document holds the figures turing stores with a puzzle it
    generated: its hidden criteria then left its stated solution, one code, when it was
    made, and a puzzle that no longer does most likely has cards that changed since.

    >>> generated(Puzzle(((1,), (2,)), extra={"score": 8.5, "min_tests": 2, "codes_left": 3}))
    True
    >>> generated(Puzzle(((1,), (2,)), solution="233"))
    False
    """
    return all(key in puzzle.extra for key in GENERATED_KEYS)


class Loaded(NamedTuple):
    """A puzzle read from a file, with where it came from and the card set it was read with."""

    puzzle: Puzzle
    source: str
    line: int
    cardset: CardSet
    #: Unknown keys that are nearly known ones, each noted once in a reading of a file.
    notes: tuple[KeyNote, ...] = ()

    @property
    def place(self) -> str:
        """Where the puzzle is, as a message names it: ``FILE:LINE``."""
        return f"{shown_name(self.source)}:{self.line}"


class _KeyJudge:
    """The unknown keys of a file judged so far: each judged once (:func:`nearest_key`)."""

    __slots__ = ("nearly", "quiet")

    def __init__(self) -> None:
        #: keys nearly a known one, with it
        self.nearly: dict[str, str] = {}
        #: keys judged to be nearly none (most files: only these, so a puzzle passes at once)
        self.quiet: set[str] = set()


def _key_notes(
    puzzle: Puzzle, judge: _KeyJudge, place: Callable[[str], tuple[str, int, int]]
) -> tuple[KeyNote, ...]:
    """The notes of a puzzle's unknown keys that are nearly known ones, every one of the
    puzzle's own (a front end that shows the puzzles of a file says each key once); each
    key judged once in a file (``judge``, updated); ``place(key)`` is where the key is."""
    extra = puzzle.extra
    if not extra or judge.quiet.issuperset(extra):
        return ()
    notes: list[KeyNote] = []
    for key in extra:
        if key in judge.quiet:
            continue
        known = judge.nearly.get(key)
        if known is None:
            known = nearest_key(key)
            if known is None:
                judge.quiet.add(key)
                continue
            judge.nearly[key] = known
        notes.append(KeyNote(*place(key), key, known))
    return tuple(notes)


def _key_place(node: Node) -> Callable[[str], tuple[str, int, int]]:
    """Where a key of a located mapping is (the mapping's start when not known)."""

    def place(key: str) -> tuple[str, int, int]:
        line, column = (node.key_marks or {}).get(key, (node.line, node.column))
        return node.source, line, column

    return place


def iter_puzzle_file(
    path: str | os.PathLike[str] | None,
    cardset: CardSet | None = None,
    text: str | bytes | None = None,
    name: str | None = None,
) -> Iterator[Loaded]:
    """Read every puzzle of a file: YAML (one document or a list), JSON, or JSONL.

    ``path`` None with ``text`` reads standard input's text (format guessed from content);
    given as bytes, it is decoded as a file is (a NUL or a byte that is not UTF-8 refused
    at its place).
    ``cardset`` forces a card set; otherwise each puzzle's own ``cardset`` reference (or
    classic) is resolved by :func:`puzzle_cardset`, a relative path from the file's folder
    (from the working directory for standard input).
    Raises :class:`PuzzleError` (or ``CardError``) at the first bad puzzle, with its place.
    """
    for item in iter_puzzle_items(path, cardset, text, name):
        if isinstance(item, SourceError):
            raise item
        yield item


def iter_puzzle_items(
    path: str | os.PathLike[str] | None,
    cardset: CardSet | None = None,
    text: str | bytes | None = None,
    name: str | None = None,
) -> Iterator[Loaded | SourceError]:
    """Like :func:`iter_puzzle_file`, but a puzzle that cannot be read comes as its error
    (a :class:`PuzzleError` or ``CardError`` with its place) and reading goes on with the
    next puzzle. A file that cannot be read or parsed at all gives one error and ends.
    """
    source = name or (str(path) if path is not None else "<stdin>")
    if text is None:
        assert path is not None
        try:
            text = read_text(path, max_bytes=MAX_PUZZLE_FILE_BYTES)
        except SourceError as exc:
            yield _bank_given(path, source) or PuzzleError.of(exc)
            return
    elif isinstance(text, bytes):
        try:
            text = decode_text(text, source)
        except SourceError as exc:
            yield PuzzleError.of(exc)
            return
    base = cardset_base(path)
    suffix = Path(str(path)).suffix.lower() if path is not None else ""
    stripped = text.lstrip()
    other = _game_file(stripped)
    if other is not None:  # said once, not as a puzzle refused on every line
        yield PuzzleError(source, 0, 0, other, E_PUZZLE)
        return
    if suffix == ".jsonl" or (suffix != ".json" and _looks_like_jsonl(stripped)):
        if not stripped:
            yield PuzzleError(source, 0, 0, _("file holds no puzzle"), E_PUZZLE)
            return
        yield from _iter_jsonl(text, source, cardset, base)
        return
    if suffix == ".json" and stripped:  # JSON's own rules first (YAML takes `{"a": }`)
        try:
            read_json(text)
        except json.JSONDecodeError as exc:
            if not _looks_like_jsonl(stripped):
                yield PuzzleError(
                    source,
                    exc.lineno,
                    exc.colno,
                    _json_said(exc),
                    E_PUZZLE,
                )
                return
            broken = _first_line_problem(text, source)
            if broken is not None:  # said first: it would be said of a .jsonl file too
                yield broken
                return
    try:
        root = load_yaml(text, source)
    except SourceError as exc:
        if suffix == ".json" and _looks_like_jsonl(stripped):
            yield PuzzleError(
                source,
                exc.line,
                exc.column,
                _(
                    "a .json file holds one JSON value, and this one holds one per line: "
                    "a file of one puzzle per line is a .jsonl file (JSON Lines)"
                ),
                E_PUZZLE,
            )
            return
        yield PuzzleError.of(exc)
        return
    if root.value is None:
        yield PuzzleError(source, 0, 0, _("file holds no puzzle"), E_PUZZLE)
        return
    if _is_cardset(root):
        yield CardSetGivenError(source)
        return
    items = root.value if isinstance(root.value, list) else [root]
    if isinstance(root.value, dict) and "puzzles" in root.value and "cards" not in root.value:
        listed = root.value["puzzles"]
        if not isinstance(listed.value, list):
            yield _err(listed, _("'puzzles' must be a list of puzzles"), E_PUZZLE_TYPE)
            return
        items = listed.value
    if not items:
        yield PuzzleError(source, 0, 0, _("file holds no puzzle"), E_PUZZLE)
        return
    sets: dict[str | None, CardSet] = {}
    judged = _KeyJudge()
    for item in items:
        try:
            data = item.plain()
            where = node_places(item)
            chosen = cardset or _own_cardset(data, base, where, sets)
            puzzle = puzzle_from_data(data, where, chosen, base)
        except SourceError as exc:
            yield exc
            continue
        assert chosen is not None  # a malformed reference raised in puzzle_from_data
        yield Loaded(
            puzzle, source, item.line, chosen, _key_notes(puzzle, judged, _key_place(item))
        )


def _own_cardset(
    data: Any, base: Path | None, where: Where, sets: dict[str | None, CardSet]
) -> CardSet | None:
    """The card set a puzzle document names, or None when its reference is malformed
    (:func:`puzzle_from_data` then says what is wrong with it). ``sets`` keeps the sets
    resolved so far in one reading of a file, by reference: a file is read with one
    version of each set."""
    reference: str | None = None
    if isinstance(data, dict) and "cardset" in data:
        value = data["cardset"]
        if not isinstance(value, str) or not value.strip():
            return None
        if garbling_character(value.strip(), writing=False) is not None:
            return None
        reference = value.strip()
    found = sets.get(reference)
    if found is None:
        found = sets[reference] = _reference_cardset(reference, base, where, reference is not None)
    return found


def _json_said(exc: json.JSONDecodeError) -> str:
    """A JSON parser's error as a puzzle file's message says it: ``JSON: …``."""
    return _("JSON: {problem}").format(problem=json_problem(exc.msg, exc))


def _first_line_problem(text: str, source: str) -> PuzzleError | None:
    """The error of the first puzzle line of a .json file of one puzzle per line (see
    :func:`_looks_like_jsonl`) when that line is not JSON on its own (its closing '}'
    missing, say), at its place, with what a file of one puzzle per line is; None when
    it is JSON. A comment line is passed over, as :func:`_looks_like_jsonl` passes it."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            read_json(line)
        except json.JSONDecodeError as exc:
            problem = _json_said(exc)
            return PuzzleError(
                source,
                number,
                exc.colno,
                _(
                    "{problem}; and a .json file holds one JSON value, but this one holds one "
                    "per line: a file of one puzzle per line is a .jsonl file (JSON Lines)"
                ).format(problem=problem),
                E_PUZZLE,
            )
        return None
    return None


def _looks_like_jsonl(text: str) -> bool:
    """Whether a text is one JSON object per line, over more than one line (a line that
    starts with ``#`` aside: a comment, which JSON Lines has not, is said at its line):
    each of its first lines starts an object, and one of them ends one, so that a line
    left unclosed is said at its own line, not as the whole text's YAML."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    first = lines[:3]
    return (
        len(lines) > 1
        and all(ln.lstrip().startswith("{") for ln in first)
        and any(ln.rstrip().endswith("}") for ln in first)
    )


def _iter_jsonl(
    text: str, source: str, cardset: CardSet | None, base: Path | None
) -> Iterator[Loaded | SourceError]:
    sets: dict[str | None, CardSet] = {}
    judged = _KeyJudge()
    empty = True
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        empty = False
        try:
            yield _jsonl_line(line, number, source, cardset, base, sets, judged)
        except SourceError as exc:
            if line.lstrip().startswith("#"):  # asked only of a line that is no puzzle
                yield PuzzleError(
                    source,
                    number,
                    len(line) - len(line.lstrip()) + 1,
                    _("JSON Lines has no comments: each line is one puzzle, a JSON object"),
                    E_PUZZLE,
                )
                continue
            yield exc
    if empty:
        yield PuzzleError(source, 0, 0, _("file holds no puzzle"), E_PUZZLE)


def _duplicate_key(line: str, number: int, source: str, name: str) -> PuzzleError:
    """The error for a key named twice in line ``number``, at the second key."""
    try:
        load_yaml("\n" * (number - 1) + line, source)
    except SourceError as exc:
        if exc.code == E_DUPLICATE_KEY:
            return PuzzleError.of(exc)
    return PuzzleError(
        source, number, 1, _("duplicate key {name!r}").format(name=name), E_DUPLICATE_KEY
    )


def _jsonl_line(
    line: str,
    number: int,
    source: str,
    cardset: CardSet | None,
    base: Path | None,
    sets: dict[str | None, CardSet],
    judged: _KeyJudge,
) -> Loaded:
    try:
        check_openers(line, source, number)
        data = read_json(line, UNIQUE_KEYS)
    except SourceError as exc:
        raise PuzzleError.of(exc) from None
    except json.JSONDecodeError as exc:
        raise PuzzleError(
            source,
            number,
            exc.colno,
            _json_said(exc),
            E_PUZZLE,
        ) from None
    except DuplicateKey as exc:
        raise _duplicate_key(line, number, source, exc.name) from None
    except RecursionError:
        raise PuzzleError(source, number, 1, _("JSON is nested too deeply"), E_PUZZLE) from None
    # A problem is reported at its value: the line is parsed again with positions then.
    where = line_places(source, number, line)
    chosen = cardset or _own_cardset(data, base, where, sets)
    puzzle = puzzle_from_data(data, where, chosen, base)
    assert chosen is not None  # a malformed reference raised in puzzle_from_data

    def place(key: str) -> tuple[str, int, int]:
        # asked only for a key worth a note: the line is parsed again with positions
        try:
            node = load_yaml("\n" * (number - 1) + line, source)
        except SourceError:
            return source, number, 1
        return _key_place(node)(key)

    return Loaded(puzzle, source, number, chosen, _key_notes(puzzle, judged, place))


def cardset_base(path: str | os.PathLike[str] | None) -> Path | None:
    """The folder a puzzle file's relative ``cardset`` paths are taken from: the file's
    own folder; None (the working directory) for standard input (``None`` or ``-``).

    >>> cardset_base("puzzles/examples/primes-2.yaml").as_posix()
    'puzzles/examples'
    >>> cardset_base("-") is None
    True
    """
    if path is None or str(path) == "-":
        return None
    return Path(path).parent


def puzzle_cardset(
    puzzle: Puzzle | None,
    name: str | None = None,
    base: Path | None = None,
    node: Node | None = None,
    forced: CardSet | None = None,
) -> CardSet:
    """The card set a puzzle reads with: ``forced`` when given, else the set its
    ``cardset`` reference (or ``name``) names — classic when it names none.

    This is the one place a puzzle's reference is resolved: a name is a shipped set, a
    relative path is taken from ``base``, the folder of the file that holds the puzzle
    (see :func:`cardset_base`; the working directory when None). A reference that names no
    card set is reported at the ``cardset`` value of ``node`` when given.
    """
    if forced is not None:
        return forced
    target = name if name is not None else (puzzle.cardset if puzzle is not None else None)
    named = node is not None and isinstance(node.value, dict) and "cardset" in node.value
    where = node_places(node) if node is not None else line_places("<puzzle>", 0)
    return _reference_cardset(target, base, where, named)


def _missing_cardset(path: str) -> str:
    """A card-set file a puzzle names that is not there, with the file beside it whose
    name it nearly is (a slip) when there is one."""
    near = near_cardset_file(path)
    if near is None:
        return _("no card set file {path}").format(path=shown_name(path))
    return _("no card set file {path} (did you mean {near}?)").format(
        path=shown_name(path), near=shown_name(near)
    )


def _reference_cardset(name: str | None, base: Path | None, where: Where, named: bool) -> CardSet:
    """:func:`load_cardset` for a puzzle's reference; a reference that names no card set
    is reported at the document's ``cardset`` value when the document has one (``named``)."""
    try:
        return load_cardset(name or "classic", base)
    except CardError as exc:
        if exc.line == 0 and named:
            if exc.code == E_FILE and exc.source and not os.path.lexists(exc.source):
                raise CardSetMissingError(
                    *where(("cardset",)), _missing_cardset(exc.source), exc.code
                ) from None
            # Say which file was looked for when the reference named one.
            message = (
                exc.message
                if exc.code == E_UNKNOWN_SET
                else f"{shown_name(exc.source)}: {exc.message}"
            )
            raise _fail(where, ("cardset",), message, exc.code) from None
        if named:
            # an error inside the set the puzzle names (or its file not text to read: not
            # UTF-8, too large): said at the puzzle's reference to it, with how many the
            # set holds
            errors = exc.errors if isinstance(exc, CardSetErrors) else (exc,)
            count = len(errors)
            message = ngettext(
                "the card set named here has an error: {error}",
                "the card set named here has {n} errors; the first: {error}",
                count,
            ).format(n=count, error=errors[0])
            raise _fail(where, ("cardset",), message, exc.code) from exc
        raise


def portable(puzzle: Puzzle, base: Path | None) -> Puzzle:
    """The puzzle with its ``cardset`` reference made to mean the same set wherever the
    puzzle is stored next (a bank, another file): a relative path, taken from ``base``,
    becomes absolute; names are kept. A reference that names no set is left as it is."""
    if puzzle.cardset is None:
        return puzzle
    try:
        reference = portable_reference(puzzle.cardset, base)
    except CardError:
        return puzzle
    return puzzle if reference == puzzle.cardset else replace(puzzle, cardset=reference)


def load_puzzles(path: str | os.PathLike[str], cardset: CardSet | None = None) -> list[Puzzle]:
    return [loaded.puzzle for loaded in iter_puzzle_file(path, cardset)]


def load_puzzle(path: str | os.PathLike[str], cardset: CardSet | None = None) -> Puzzle:
    puzzles = load_puzzles(path, cardset)
    if len(puzzles) != 1:
        raise PuzzleError(
            str(path),
            0,
            0,
            _("expected one puzzle, found {count}").format(count=len(puzzles)),
            E_PUZZLE,
        )
    return puzzles[0]


# -- difficulty ---------------------------------------------------------------------------


def difficulty(puzzle: Puzzle, cardset: CardSet) -> str | None:
    """The published tier: easy, standard, hard, or None when the cards fit no tier or
    the puzzle is none of the game (fewer than its 4, 5 or 6 verifiers).

    Easy: every card in the easy range. Standard: every card easy or standard, at least one
    standard. Hard: at least (verifiers − 2) cards from the hard range. Extreme mode judges
    easy/standard on the real cards and hard on every card on the table.
    """
    n = puzzle.verifiers
    if n not in GAME_VERIFIERS:
        return None  # the tiers are the game's, of its puzzles of 4, 5 or 6 verifiers
    table = puzzle.shown_cards
    hard_pool = table if puzzle.mode.has_decoys else (puzzle.true_cards or table)
    if sum(cardset.tier_of(c) == "hard" for c in hard_pool) >= n - 2 and n >= 3:
        return "hard"
    real = puzzle.true_cards if puzzle.mode.has_decoys else table
    if real is None:
        # Extreme without real cards: only when the whole table is easy can we tell.
        real = table
        if all(cardset.tier_of(c) == "easy" for c in real):
            return "easy"
        return None
    tiers = [cardset.tier_of(c) for c in real]
    if all(t == "easy" for t in tiers):
        return "easy"
    if all(t in ("easy", "standard") for t in tiers):
        return "standard"
    return None
