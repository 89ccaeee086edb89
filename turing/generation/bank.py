"""The puzzle bank: valid puzzles in one SQLite file, stored once each, with their metrics.

* WAL journal, and one writer: the process that runs a generation or catalogue writes; its
  worker processes only compute. Every write is a transaction that also records how far
  its run got (table ``runs``), so a bank killed at any instant (even ``kill -9``) holds
  whole batches only, and the same command resumes exactly where the last commit left it.
* ``INSERT OR IGNORE`` on the canonical key (:meth:`turing.puzzle.Puzzle.canonical_key`;
  verifier order does not matter), so a puzzle is stored once whatever produced it.
* The schema is versioned with ``PRAGMA user_version``; :data:`MIGRATIONS` brings an older
  bank up to date on open, and a bank from a newer program is refused.
"""

from __future__ import annotations

import base64
import contextlib
import errno
import functools
import inspect
import itertools
import json
import os
import random
import re
import sqlite3
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from turing.core.cards import (
    CardSet,
    card_digest,
    changed_cards,
    load_cardset,
    portable_reference,
)
from turing.core.codes import CODE_TEXT
from turing.core.errors import TuringError
from turing.core.files import (
    SQLITE_HEADER,
    WRITER_LOCKS,
    WriteTargetError,
    json_problem,
    on_read_only_file_system,
    os_reason,
    read_json,
    shown_name,
    write_target,
)
from turing.core.puzzle import MODES, Mode, Puzzle, free_id, key_hash, puzzle_from_dict
from turing.generation.metrics import METRIC_KEYS
from turing.generation.packing import (
    KEY_SHIFT,
    TIER_CODES,
    Layout,
    PackingError,
    canonical_text,
    id_tag,
    key_range,
    layout_for,
    pack,
    unpack,
)
from turing.i18n import N_, _, ngettext

#: catalogue rows whose ids :meth:`Bank._catalogue_puzzles` works out together
_ID_BATCH: Final = 10_000
CODE_INDEX: Final = {text: i for i, text in enumerate(CODE_TEXT)}


class BankError(TuringError):
    """A bank that cannot be opened or used as asked."""


class CardsetMissing(BankError):
    """Stored puzzles whose card set, a file the bank recorded by its path, is missing
    there now (moved or removed): a copy standing in for it (:meth:`Bank.stand_in`)
    reads them."""

    def __init__(self, message: str, reference: str, name: str, count: int) -> None:
        super().__init__(message)
        #: the card set as the bank recorded it (the path its puzzles name), its own
        #: name, and how many stored puzzles use it
        self.reference = reference
        self.name = name
        self.count = count


class ChangedCards(BankError):
    """Stored puzzles of a card set that has changed since they were stored: a card they
    use (``card``), or the set as a whole (``card`` None)."""

    def __init__(self, message: str, reference: str, card: int | None, count: int) -> None:
        super().__init__(message)
        self.reference = reference
        self.card = card
        self.count = count


class BankDamaged(BankError):
    """A bank file SQLite finds damaged while it is used (``database disk image is
    malformed``): doing the same again meets the same damage."""


#: SQLite's words for the failures a bank can meet, by primary result code, so that they
#: are said in the language in use (English as SQLite writes them).
_SQLITE_REASONS: Final[dict[int, str]] = {
    sqlite3.SQLITE_CANTOPEN: N_("unable to open database file"),
    sqlite3.SQLITE_NOTADB: N_("file is not a database"),
    sqlite3.SQLITE_CORRUPT: N_("database disk image is malformed"),
    sqlite3.SQLITE_READONLY: N_("attempt to write a readonly database"),
    sqlite3.SQLITE_BUSY: N_("database is locked"),
    sqlite3.SQLITE_LOCKED: N_("database table is locked"),
    sqlite3.SQLITE_IOERR: N_("disk I/O error"),
    sqlite3.SQLITE_PERM: N_("access permission denied"),
}


def _sqlite_code(exc: Exception) -> int | None:
    """The primary result code of an SQLite error (None when it carries none)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def sqlite_reason(exc: Exception) -> str:
    """SQLite's reason for ``exc`` in the language in use: ``database is locked`` (German
    ``Datenbank ist gesperrt``); words not foreseen here stay SQLite's own."""
    text = str(exc)
    code = _sqlite_code(exc)
    if code == sqlite3.SQLITE_FULL:
        # SQLite's "database or disk is full": said as a full disk is said of any file
        return os_reason(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    known = _SQLITE_REASONS.get(code) if code is not None else None
    return _(known) if known is not None and text == known else text


def _storage_unchangeable(path: Path) -> bool:
    """Whether no process can be changing the file at ``path``: its file system is mounted
    read-only, or neither the file nor its folder lets anyone write (no write permission
    bit). Only then may SQLite read it as immutable, without locks or a ``-shm`` file."""
    folder = path.absolute().parent
    if on_read_only_file_system(folder):
        return True
    writable = 0o222
    try:
        return not (os.stat(path).st_mode & writable or os.stat(folder).st_mode & writable)
    except OSError:
        return False


def _script(conn: sqlite3.Connection, script: str) -> None:
    """Run statements one by one (``executescript`` would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _v1(conn: sqlite3.Connection) -> None:
    _script(
        conn,
        """
        CREATE TABLE puzzles (
            rowid INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            id TEXT NOT NULL UNIQUE,
            mode TEXT NOT NULL,
            cardset TEXT NOT NULL,
            verifiers INTEGER NOT NULL,
            difficulty TEXT,
            solution TEXT NOT NULL,
            codes_left INTEGER,
            assignments INTEGER,
            min_tests INTEGER,
            min_tests_kind TEXT,
            score REAL,
            doc TEXT NOT NULL,
            source TEXT,
            source_index INTEGER,
            played INTEGER NOT NULL DEFAULT 0,
            played_at TEXT,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        );
        CREATE INDEX puzzles_pick ON puzzles(mode, difficulty, verifiers, played);
        CREATE INDEX puzzles_tests ON puzzles(min_tests);
        CREATE TABLE runs (
            signature TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            params TEXT NOT NULL,
            next_index INTEGER NOT NULL DEFAULT 0,
            kept INTEGER NOT NULL DEFAULT 0,
            refused INTEGER NOT NULL DEFAULT 0,
            repeats INTEGER NOT NULL DEFAULT 0,
            target INTEGER,
            done INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT
        );
    """,
    )


def _v2(conn: sqlite3.Connection) -> None:
    """An upper bound on the fewest tests beside the figure (kind ``bounds``: the exact
    search gave up between the two), and the run's count of puzzles it could not rate."""
    _script(
        conn,
        """
        ALTER TABLE puzzles ADD COLUMN min_tests_upper INTEGER;
        UPDATE puzzles SET min_tests_upper = min_tests WHERE min_tests_kind = 'exact';
        ALTER TABLE runs ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0
    """,
    )


def _v3(conn: sqlite3.Connection) -> None:
    """The compact catalogue: a catalogue puzzle as a packed integer key
    (:mod:`turing.generation.packing`) with its metrics as small integers, in a
    ``WITHOUT ROWID`` table; its document is rebuilt when read. Catalogue puzzles stored
    by version 2 move there (their documents in ``puzzles`` were exactly what the key and
    the metrics rebuild)."""
    _script(
        conn,
        """
        CREATE TABLE cardsets (
            id INTEGER PRIMARY KEY,
            reference TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            fingerprint TEXT NOT NULL
        );
        CREATE TABLE catalogue (
            cs INTEGER NOT NULL,
            key INTEGER NOT NULL,
            tier INTEGER NOT NULL,
            solution INTEGER NOT NULL,
            codes_left INTEGER NOT NULL,
            assignments INTEGER NOT NULL,
            min_tests INTEGER NOT NULL,
            score INTEGER NOT NULL,
            tag INTEGER NOT NULL,
            PRIMARY KEY (cs, key)
        ) WITHOUT ROWID;
        CREATE TABLE catalogue_marks (
            cs INTEGER NOT NULL,
            verifiers INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            key INTEGER NOT NULL,
            PRIMARY KEY (cs, verifiers, ordinal)
        ) WITHOUT ROWID;
        CREATE TABLE catalogue_played (
            cs INTEGER NOT NULL,
            key INTEGER NOT NULL,
            played_at TEXT,
            PRIMARY KEY (cs, key)
        ) WITHOUT ROWID
    """,
    )
    _move_catalogue_rows(conn)


def _v4(conn: sqlite3.Connection) -> None:
    """The fingerprint of each card set the stored puzzles (not the catalogue's) were made
    from, recorded as they are stored: a bank refuses to give them once the set has changed.
    Puzzles stored before have none recorded (the set may have changed already) and are
    read as before."""
    _script(
        conn,
        """
        CREATE TABLE puzzle_cardsets (
            reference TEXT PRIMARY KEY,
            fingerprint TEXT NOT NULL
        )
    """,
    )


def _v5(conn: sqlite3.Connection) -> None:
    """What each card the stored puzzles of a custom set use decides
    (:func:`turing.core.cards.card_digest`), recorded as they are stored: a card changed
    since refuses the puzzles that use it, and only them. A set whose puzzles were stored
    before has none recorded and is compared whole (``puzzle_cardsets``), until more of its
    puzzles are stored while it is unchanged (then its cards are recorded)."""
    _script(
        conn,
        """
        CREATE TABLE puzzle_cards (
            reference TEXT NOT NULL,
            card INTEGER NOT NULL,
            digest TEXT NOT NULL,
            PRIMARY KEY (reference, card)
        ) WITHOUT ROWID
    """,
    )


#: migration *i* brings a bank from ``user_version`` *i* to *i + 1*
MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _v1,
    _v2,
    _v3,
    _v4,
    _v5,
)
SCHEMA_VERSION: Final = len(MIGRATIONS)
#: the tables each schema version added (a file of that version or later has them all)
BANK_TABLES: Final[dict[int, frozenset[str]]] = {
    1: frozenset({"puzzles", "runs"}),
    3: frozenset({"cardsets", "catalogue", "catalogue_marks", "catalogue_played"}),
    4: frozenset({"puzzle_cardsets"}),
    5: frozenset({"puzzle_cards"}),
}
#: the oldest schema read as it is, without upgrading the file: versions 4 and 5 only add
#: tables of fingerprints and card digests, which a bank of version 3 has none to hold (so
#: a bank of version 3 on storage nobody can write is read too; its sets are compared
#: whole, as version 4 compares them)
READ_AS_IS_FROM: Final = 3


# -- the compact catalogue ----------------------------------------------------------------

CODE_TIERS: Final[dict[int, str | None]] = {v: k for k, v in TIER_CODES.items()}
#: columns of a catalogue row after ``cs`` (as :func:`add_catalogue` takes them)
CATALOGUE_FIELDS: Final = (
    "key",
    "tier",
    "solution",
    "codes_left",
    "assignments",
    "min_tests",
    "score",
    "tag",
)
#: every how many catalogue places a key is marked (:meth:`Bank.add_catalogue`)
MARK_EVERY: Final = 64
_STANDARD_KEYS: Final = (
    frozenset({"id", "mode", "cards", "criteria", "solution", "cardset", "difficulty", "verifiers"})
    | METRIC_KEYS
)


def _register_cardset(conn: sqlite3.Connection, cardset: CardSet, reference: str) -> int:
    """The id of a card set in ``cardsets`` (added when new). Refused when the set has
    changed since its catalogue was stored: its keys would mean other criteria."""
    layout = layout_for(cardset)
    row = conn.execute(
        "SELECT id, fingerprint FROM cardsets WHERE reference = ?", (reference,)
    ).fetchone()
    if row is not None:
        if row[1] != layout.fingerprint:
            raise BankError(
                _(
                    "the card set {name!r} has changed since its catalogue was stored in "
                    "the bank; store the catalogue of the changed set in a new bank"
                ).format(name=reference)
            )
        return int(row[0])
    cur = conn.execute(
        "INSERT INTO cardsets (id, reference, name, fingerprint) VALUES ("
        "(SELECT coalesce(max(id) + 1, 0) FROM cardsets), ?, ?, ?)",
        (reference, cardset.name, layout.fingerprint),
    )
    return int(
        conn.execute("SELECT id FROM cardsets WHERE rowid = ?", (cur.lastrowid,)).fetchone()[0]
    )


def _fingerprint(reference: str) -> str | None:
    """The fingerprint of every criterion's mask of a card set (:class:`Layout`), or None
    when the set cannot be loaded (nothing to compare it with)."""
    try:
        return layout_for(load_cardset(reference)).fingerprint
    except (ValueError, OSError, TuringError):
        return None


def _is_missing_file(reference: str) -> bool:
    """Whether a recorded ``cardset`` reference is a path (as a custom set's file is
    recorded) to no file now."""
    return Path(reference).suffix.lower() in (".yaml", ".yml") and not os.path.exists(reference)


def _changed_set(path: Path, reference: str, count: int = 0) -> ChangedCards:
    """The one refusal of every command that reads a bank's puzzles of a changed card set."""
    return ChangedCards(
        _(
            "{path}: the card set {name!r} has changed since puzzles of it were stored in the "
            "bank; put the card set back as it was, or store the changed set's puzzles in a "
            "new bank"
        ).format(path=shown_name(path), name=reference),
        reference,
        None,
        count,
    )


def _changed_card_error(path: Path, reference: str, card: int, count: int) -> ChangedCards:
    """The refusal of a command that meets stored puzzles using a card of their set that
    has changed since they were stored."""
    return ChangedCards(
        ngettext(
            "{path}: card {card} of the card set {name!r} has changed since {count} puzzle "
            "using it was stored in the bank; put the card back as it was, or store the "
            "changed set's puzzles in a new bank",
            "{path}: card {card} of the card set {name!r} has changed since {count} puzzles "
            "using it were stored in the bank; put the card back as it was, or store the "
            "changed set's puzzles in a new bank",
            count,
        ).format(path=shown_name(path), card=card, name=reference, count=count),
        reference,
        card,
        count,
    )


def _missing_set(path: Path, reference: str, name: str, count: int) -> CardsetMissing:
    """The refusal of a command that meets stored puzzles whose card-set file is gone."""
    return CardsetMissing(
        ngettext(
            "{path}: {count} puzzle of it was stored from the card set {name!r} at "
            "{file}, which is missing now",
            "{path}: {count} puzzles of it were stored from the card set {name!r} at "
            "{file}, which is missing now",
            count,
        ).format(path=shown_name(path), count=count, name=name, file=shown_name(reference)),
        reference,
        name,
        count,
    )


def _doc_cards(data: dict[str, Any]) -> set[int]:
    """The card numbers a stored puzzle document uses (shown and real)."""
    found: set[int] = set()
    for key in ("cards", "real_cards"):
        entries = data.get(key)
        for entry in entries if isinstance(entries, list) else ():
            for number in entry if isinstance(entry, list) else [entry]:
                if isinstance(number, int) and not isinstance(number, bool):
                    found.add(number)
    return found


@dataclass(frozen=True)
class _Change:
    """Stored puzzles of a custom set that its set as it is now no longer makes: those
    using ``card``, which has changed (or, for a set recorded whole, every one of its
    puzzles: ``card`` None); ``rowids`` are theirs."""

    reference: str
    card: int | None
    rowids: tuple[int, ...]


def _catalogue_row_from_doc(
    data: dict[str, Any], pid: str | None, layout: Layout
) -> tuple[int, ...] | None:
    """The catalogue row of a stored classic catalogue document, or None when the row
    could not give the document back exactly (it then stays in ``puzzles``)."""
    if data.get("mode", "classic") != "classic" or not set(data) <= _STANDARD_KEYS:
        return None
    cards, criteria, solution = data.get("cards"), data.get("criteria"), data.get("solution")
    tier = data.get("difficulty")
    score = data.get("score")
    metrics = [data.get(k) for k in ("codes_left", "assignments", "min_tests")]
    if (
        not isinstance(cards, list)
        or not isinstance(criteria, list)
        or not all(isinstance(c, int) for c in cards)
        or any(b <= a for a, b in itertools.pairwise(cards))
        or len(criteria) != len(cards)
        or data.get("verifiers") != len(cards)
        or solution not in CODE_INDEX
        or tier not in TIER_CODES
        or not all(isinstance(m, int) for m in metrics)
        or data.get("min_tests_kind") != "lower_bound"
        or data.get("min_tests_upper") is not None
        or not isinstance(score, (int, float))
        or round(score * 100) / 100 != score
    ):
        return None
    try:
        key = pack(layout, "classic", cards, criteria)
    except PackingError:
        return None
    text = canonical_text("classic", data.get("cardset"), cards, criteria)
    tag = id_tag(text)
    if pid != _short_id("classic", len(cards), tier, text):
        return None
    return (
        key,
        TIER_CODES[tier],
        CODE_INDEX[solution],
        *(int(m) for m in metrics if m is not None),
        round(score * 100),
        tag,
    )


def _short_id(mode: str, verifiers: int, tier: str | None, canonical: str) -> str:
    """:meth:`turing.core.puzzle.Puzzle.short_id` from the canonical key text."""
    tag = key_hash(canonical)[:6]
    return f"{Mode.parse(mode).letter}{verifiers}{(tier or 'x')[0].upper()}-{tag}"


#: the tier an id's third character names
_ID_TIERS: Final[dict[str, str | None]] = {"E": "easy", "S": "standard", "H": "hard", "X": None}


def _tag_bits(spelled: str) -> int:
    """The 30 bits the first six characters of an id's hash part spell."""
    return int.from_bytes(base64.b32decode(spelled[:6] + "AA"), "big") >> 10


def _move_catalogue_rows(conn: sqlite3.Connection) -> None:
    """Version 3: catalogue puzzles of ``puzzles`` into the compact ``catalogue`` table,
    read in chunks (a version-2 catalogue may hold millions of documents)."""
    sets: dict[str | None, tuple[int, Layout] | None] = {}
    moved: array[int] = array("q")
    insert = (
        f"INSERT OR IGNORE INTO catalogue (cs, {', '.join(CATALOGUE_FIELDS)}) "
        f"VALUES ({', '.join('?' * (len(CATALOGUE_FIELDS) + 1))})"
    )
    query = conn.execute(
        "SELECT rowid, doc, id, played, played_at FROM puzzles WHERE source LIKE 'catalogue|%'"
    )
    while chunk := query.fetchmany(10_000):
        rows: list[tuple[int, ...]] = []
        played: list[tuple[int, int, str | None]] = []
        for rowid, doc, pid, was_played, played_at in chunk:
            data = json.loads(doc)
            reference = data.get("cardset")
            if reference not in sets:
                try:
                    cardset = load_cardset(reference or "classic")
                    sets[reference] = (
                        _register_cardset(conn, cardset, reference or "classic"),
                        layout_for(cardset),
                    )
                except (ValueError, OSError):
                    sets[reference] = None
            found = sets[reference]
            if found is None:
                continue
            row = _catalogue_row_from_doc(data, pid, found[1])
            if row is None:
                continue
            rows.append((found[0], *row))
            moved.append(rowid)
            if was_played:
                played.append((found[0], row[0], played_at))
        conn.executemany(insert, rows)
        conn.executemany("INSERT OR IGNORE INTO catalogue_played VALUES (?, ?, ?)", played)
    conn.executemany("DELETE FROM puzzles WHERE rowid = ?", ((r,) for r in moved))
    # A catalogue that version 2 finished holds every puzzle of its verifier count: mark
    # every MARK_EVERY-th key, as the catalogue command does while storing.
    for signature, done in conn.execute(
        "SELECT signature, done FROM runs WHERE kind = 'catalogue'"
    ):
        parts = signature.split("|")
        if not done or len(parts) != 3 or not parts[2].isdigit():
            continue
        reference, verifiers = parts[1], int(parts[2])
        ident = conn.execute("SELECT id FROM cardsets WHERE reference = ?", (reference,)).fetchone()
        if ident is None:
            continue
        lo, hi = key_range("classic", verifiers)
        keys = conn.execute(
            "SELECT key FROM catalogue WHERE cs = ? AND key >= ? AND key < ? ORDER BY key",
            (ident[0], lo, hi),
        )
        marks = [
            (ident[0], verifiers, i * MARK_EVERY, key)
            for i, (key,) in enumerate(itertools.islice(keys, 0, None, MARK_EVERY))
        ]
        conn.executemany("INSERT OR REPLACE INTO catalogue_marks VALUES (?, ?, ?, ?)", marks)


@dataclass
class _CardsetEntry:
    reference: str
    name: str
    fingerprint: str
    #: the card set and its key layout, loaded when first needed
    loaded: tuple[CardSet, Layout] | None = None


_MODE_NAMES: Final = {0: "classic", 1: "extreme", 2: "nightmare"}
_ID_RE: Final = re.compile(r"^([CEN])(\d)([ESHX])-([A-Z2-7]{6,})$")

_COLUMNS: Final = (
    "key",
    "id",
    "mode",
    "cardset",
    "verifiers",
    "difficulty",
    "solution",
    "codes_left",
    "assignments",
    "min_tests",
    "min_tests_upper",
    "min_tests_kind",
    "score",
    "doc",
    "source",
    "source_index",
)
_INSERT: Final = (
    f"INSERT OR IGNORE INTO puzzles ({', '.join(_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(_COLUMNS))})"
)


@dataclass
class RunRecord:
    """A row of the ``runs`` table: how far a generation or catalogue run got."""

    signature: str
    kind: str
    params: dict[str, Any]
    next_index: int = 0
    kept: int = 0
    refused: int = 0
    repeats: int = 0
    target: int | None = None
    done: bool = False
    updated_at: str | None = None
    unrated: int = 0


@dataclass(frozen=True)
class Query:
    """Which puzzles: every field left None matches anything. ``cardset`` is the card
    set's own name (``classic``, or the ``name:`` of a custom set, however it was given).
    ``needs_test``: only puzzles that need a test, leaving out those whose cards alone give
    the code (one code left; a puzzle with no figures is kept)."""

    mode: str | None = None
    difficulty: str | None = None
    verifiers: int | None = None
    cardset: str | None = None
    unplayed: bool = False
    min_tests: int | None = None
    max_tests: int | None = None
    min_score: float | None = None
    max_score: float | None = None
    needs_test: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.mode, str) and self.mode.lower() in MODES:
            # a mode is named in any case, as generation takes it
            object.__setattr__(self, "mode", self.mode.lower())
        elif self.mode is not None:
            raise BankError(
                _("unknown mode {name!r} (modes: {names})").format(
                    name=self.mode, names=", ".join(MODES)
                )
            )
        for value, what in (
            (self.verifiers, _("the number of verifiers")),
            (self.min_tests, _("the fewest tests asked for")),
            (self.max_tests, _("the most tests asked for")),
        ):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise BankError(
                    _("{what} must be a whole number, not {value!r}").format(what=what, value=value)
                )
        if self.verifiers is not None and not 2 <= self.verifiers <= 6:
            raise BankError(
                _("a generated puzzle has 2–6 verifiers, not {verifiers}").format(
                    verifiers=self.verifiers
                )
            )
        for bound, what in (
            (self.min_tests, _("the fewest tests asked for")),
            (self.max_tests, _("the most tests asked for")),
        ):
            if bound is not None and bound < 0:
                raise BankError(
                    _("{what} must be {least} or more, not {value}").format(
                        what=what, least=0, value=bound
                    )
                )
        tiers = [t for t in TIER_CODES if t is not None]
        if self.difficulty is not None and self.difficulty not in (*tiers, "none"):
            raise BankError(
                _("unknown difficulty {name!r} (difficulties: {names})").format(
                    name=self.difficulty, names=", ".join([*tiers, "none"])
                )
            )

    def where(self) -> tuple[str, list[Any]]:
        parts: list[str] = []
        args: list[Any] = []
        for column, value in (
            ("mode", self.mode),
            ("verifiers", self.verifiers),
            ("cardset", self.cardset),
        ):
            if value is not None:
                parts.append(f"{column} = ?")
                args.append(value)
        if self.difficulty is not None:
            if self.difficulty == "none":
                parts.append("difficulty IS NULL")
            else:
                parts.append("difficulty = ?")
                args.append(self.difficulty)
        if self.unplayed:
            parts.append("played = 0")
        if self.needs_test:
            parts.append("(codes_left IS NULL OR codes_left <> 1)")
        bounds: tuple[tuple[str, str, float | None], ...] = (
            ("min_tests", ">=", self.min_tests),
            ("min_tests", "<=", self.max_tests),
            ("score", ">=", self.min_score),
            ("score", "<=", self.max_score),
        )
        for column, op, bound in bounds:
            if bound is not None:
                parts.append(f"{column} {op} ?")
                args.append(bound)
        return (" WHERE " + " AND ".join(parts)) if parts else "", args


def _named_puzzle(ident: object) -> str:
    """A puzzle's id or canonical key as given, without the spaces around it; raises
    :class:`BankError` when it is not text."""
    if not isinstance(ident, str):
        raise BankError(
            _("a puzzle is named by its id or key, as text, not {value!r}").format(value=ident)
        )
    return ident.strip()


def cardset_name(reference: str | None) -> str:
    """The card set's own name for a puzzle's ``cardset`` reference (a name or a path).

    Asked of :func:`load_cardset` each time (it keeps loaded sets, and loads a set again
    when its file changed), so a renamed set is seen at once."""
    if reference is None:
        return "classic"
    try:
        return load_cardset(reference).name
    except ValueError:
        return reference


def _row_values(
    puzzle: Puzzle, pid: str, source: str | None, source_index: int | None
) -> tuple[Any, ...]:
    extra = puzzle.extra
    doc = puzzle.to_dict(hidden=True)
    doc["id"] = pid
    tier = extra.get("difficulty")
    upper = extra.get("min_tests_upper")
    if upper is None and extra.get("min_tests_kind") == "exact":
        upper = extra.get("min_tests")  # documents written before the upper bound existed
    return (
        puzzle.canonical_key(),
        pid,
        puzzle.mode,
        cardset_name(puzzle.cardset),
        puzzle.verifiers,
        tier if tier in ("easy", "standard", "hard") else None,
        puzzle.solution or "",
        extra.get("codes_left"),
        extra.get("assignments"),
        extra.get("min_tests"),
        upper,
        extra.get("min_tests_kind"),
        extra.get("score"),
        json.dumps(doc, ensure_ascii=False, separators=(",", ":")),
        source,
        source_index,
    )


def _empty_bank() -> sqlite3.Connection:
    """The tables of a bank holding nothing, in memory: what a bank file without tables
    reads as, without writing to it."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    for migration in MIGRATIONS:
        migration(conn)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.execute("PRAGMA query_only = ON")  # read-only, as the file's own connection would be
    return conn


class Bank:
    """A puzzle bank file. ``Bank(path)`` creates it (and its tables) when missing."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        create: bool = True,
        readonly: bool = False,
        wait: float = 30.0,
    ) -> None:
        """``wait``: how many seconds to wait for another process that holds the bank locked
        (writing it) before giving up with SQLite's "database is locked".

        ``readonly``: open an existing bank for reading only: nothing is created or
        written (a file that is not a bank is refused as it is), except that a bank of a
        schema older than :data:`READ_AS_IS_FROM` is brought up to date first
        (:data:`MIGRATIONS`, one transaction per version, safe when several processes open
        it at once). A file without tables (of
        no bytes, or left before the first batch was stored) is a bank holding nothing."""
        self.path = Path(path)
        #: the bank's file as a message names it (:func:`shown_name`)
        self.named: str = shown_name(self.path)
        self.readonly = readonly
        self.wait = wait
        self._lock_fd: int | None = None
        self._sets: dict[int, _CardsetEntry] | None = None
        #: card sets whose fingerprint this process recorded or compared (see
        #: :meth:`_record_cardset`), and the changes :meth:`check_cardsets` found
        self._recorded: set[str] = set()
        self._changes: list[_Change] | None = None
        #: card sets given to stand in for recorded ones (:meth:`stand_in`), by reference
        self._standins: dict[str, CardSet] = {}
        #: catalogue ids (:meth:`_catalogue_id`): per verifier count, the tier and tag
        #: values (``tier << 30 | tag``) that more than one puzzle of the bank spells;
        #: per clashing tier and tag, the ids its catalogue puzzles get
        self._clashes: dict[int, frozenset[int]] = {}
        self._groups: dict[tuple[int, str | None, int], list[tuple[str, int, int, str]]] = {}
        #: False for a file read without tables (of no bytes, or left before the first
        #: batch was stored): a bank holding nothing, of no schema
        self.has_tables = True
        if (readonly or not create) and not self.path.exists():
            raise BankError(_("{path}: no such bank").format(path=self.named))
        if self.path.exists() and self.path.is_dir():
            raise BankError(_("{path}: is a folder, not a bank file").format(path=self.named))
        if readonly:
            self._check_bank_file()
            self.conn = self._connect_readonly()
            if self._version() < READ_AS_IS_FROM:
                # An older bank: upgraded in place (its one write), then read as usual.
                self.conn.close()
                self.conn = self._connect_writing()
                self.conn.close()
                self.conn = self._connect_readonly()
            return
        if self.path.exists():  # a device (/dev/null) is refused before SQLite opens it
            self._check_bank_file()
            try:  # a file or a folder it may not write is said before SQLite opens it
                write_target(self.path)
            except WriteTargetError as exc:
                raise BankError(
                    _("{path}: cannot open the bank: {reason}").format(
                        path=self.named, reason=exc.reason
                    )
                ) from None
        elif not self.path.exists():
            try:  # a new bank: where it cannot be made is said as for any file written
                write_target(self.path)
            except WriteTargetError as exc:
                raise BankError(str(exc)) from None
        self.conn = self._connect_writing()

    def _check_bank_file(self) -> None:
        """Look before SQLite touches the file: never open some other file with SQLite."""
        if not self.path.is_file():
            raise BankError(
                _("{path}: not a puzzle bank (not a regular file)").format(path=self.named)
            )
        if not self.path.stat().st_size:
            return  # SQLite's empty database: a bank holding nothing
        try:
            with open(self.path, "rb") as fh:
                head = fh.read(len(SQLITE_HEADER))
        except OSError as exc:
            raise BankError(
                _("{path}: cannot read the bank: {reason}").format(
                    path=self.named, reason=os_reason(exc)
                )
            ) from None
        if head != SQLITE_HEADER:
            raise BankError(
                _("{path}: not a puzzle bank (not an SQLite file)").format(path=self.named)
            )

    def _not_a_bank(self, exc: sqlite3.Error) -> BankError:
        """The error of a bank SQLite could not open or read: a file that is no database
        (or a damaged one) is not a puzzle bank; any other failure is said as it is."""
        if _sqlite_code(exc) in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
            return BankError(
                _("{path}: not a puzzle bank ({reason})").format(
                    path=self.named, reason=sqlite_reason(exc)
                )
            )
        return BankError(
            _("{path}: cannot open the bank: {reason}").format(
                path=self.named, reason=self._why_not(exc)
            )
        )

    def _why_not(self, exc: sqlite3.Error) -> str:
        """Why SQLite could not open the bank: for "unable to open database file", what
        the system says of the file or its folder when it says something; so for "attempt
        to write a readonly database" where it is the folder SQLite may not write in (its
        ``-shm`` file, or its ``-journal`` or ``-wal`` file, go there)."""
        if _sqlite_code(exc) in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY):
            try:
                os.close(os.open(self.path, os.O_RDONLY))
            except OSError as error:
                return os_reason(error)
            if not self.readonly:
                try:
                    write_target(self.path)
                except WriteTargetError as error:
                    return error.reason
            folder = self.path.parent
            if self.readonly and not os.access(folder, os.W_OK):
                if self._wal_pending():
                    return _(
                        "its -wal file holds changes that SQLite reads only with a -shm "
                        "file beside it, and the folder {folder} cannot be written"
                    ).format(folder=shown_name(folder))
                return _(
                    "SQLite reads it with a -shm file beside it, and the folder {folder} "
                    "cannot be written"
                ).format(folder=shown_name(folder))
        return sqlite_reason(exc)

    def _wal_pending(self) -> bool:
        """Whether a ``-wal`` file beside the bank holds something (changes not yet
        written into the bank file itself)."""
        try:
            return os.stat(f"{self.path}-wal").st_size > 0
        except OSError:
            return False

    def _connect_readonly(self) -> sqlite3.Connection:
        """A read-only connection (SQLite's ``mode=ro``): it cannot change the file.

        A bank in WAL mode is read with a ``-shm`` file beside it, which SQLite makes when
        missing; where it cannot (a read-only file system, a folder nobody may write),
        the bank is read as immutable instead (``immutable=1``: no locks, no ``-shm``):
        safe there, as no process can be changing it, unless its ``-wal`` file holds
        changes, which only a ``-shm`` file lets SQLite read.

        Where the file and its folder may be written, the connection is opened for
        writing (``mode=rw``, never creating the file) but takes no change
        (``PRAGMA query_only``): SQLite takes its ``-wal`` and ``-shm`` files away when
        the last connection to the bank closes, which only a connection that may write
        can do, so a reading leaves nothing beside the bank."""
        uri = self.path.absolute().as_uri() + "?mode=ro"
        if os.access(self.path, os.W_OK) and os.access(self.path.absolute().parent, os.W_OK):
            try:
                return self._open_readonly(uri.replace("?mode=ro", "?mode=rw"), query_only=True)
            except sqlite3.Error:
                pass  # read as the reader it is below, where the error is said
        try:
            return self._open_readonly(uri)
        except sqlite3.Error as exc:
            # SQLite says "cannot open" or, of a folder it cannot make the -shm file in,
            # SQLITE_READONLY_DIRECTORY (a "readonly database" error) as the case may be
            if (
                _sqlite_code(exc) not in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY)
                or not _storage_unchangeable(self.path)
                or self._wal_pending()
            ):
                raise self._not_a_bank(exc) from None
        try:
            return self._open_readonly(uri + "&immutable=1")
        except sqlite3.Error as exc:
            raise self._not_a_bank(exc) from None

    def _open_readonly(self, uri: str, query_only: bool = False) -> sqlite3.Connection:
        conn = sqlite3.connect(uri, uri=True, timeout=self.wait, isolation_level=None)
        try:
            if query_only:
                conn.execute("PRAGMA query_only = ON")
            conn.execute(f"PRAGMA busy_timeout = {int(self.wait * 1000)}")
            conn.execute("PRAGMA cache_size = -65536")
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            self._refuse_version(conn, version)
        except BaseException:
            conn.close()
            raise
        if version == 0:  # no tables (_refuse_version refused other ones)
            conn.close()
            self.has_tables = False
            return _empty_bank()
        return conn

    def _connect_writing(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(str(self.path), timeout=self.wait, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._not_a_bank(exc) from None
        self.conn = conn
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(self.wait * 1000)}")
            # another program's SQLite file is refused before anything in it changes (the
            # journal mode is written in the file's header)
            self._refuse_version(conn, int(conn.execute("PRAGMA user_version").fetchone()[0]))
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA cache_size = -65536")
            self._migrate()
        except sqlite3.Error as exc:
            conn.close()
            raise self._not_a_bank(exc) from None
        except BaseException:
            conn.close()
            raise
        if str(mode).lower() != "wal":
            conn.close()
            raise BankError(
                _("{path}: cannot switch the bank to WAL mode ({mode})").format(
                    path=self.named, mode=mode
                )
            )
        return conn

    # -- schema ---------------------------------------------------------------------------

    def _version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def _refuse_version(self, conn: sqlite3.Connection, version: int) -> None:
        """Refuse a bank from a newer program, and an SQLite file with other tables."""
        if version > SCHEMA_VERSION:
            raise BankError(
                _(
                    "{path}: bank schema version {version} is newer than this "
                    "program's ({known}); upgrade turing"
                ).format(path=self.named, version=version, known=SCHEMA_VERSION)
            )
        tables = {
            str(row[0])
            for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        # an empty file becomes a bank; one of a version has that version's tables (another
        # program's SQLite file may set a user_version of its own)
        needed = set().union(*(t for v, t in BANK_TABLES.items() if v <= version))
        if (version == 0 and tables) or not needed <= tables:
            raise BankError(
                _("{path}: an SQLite file that is not a puzzle bank").format(path=self.named)
            )

    def _migrate(self) -> None:
        """Bring the bank up to :data:`SCHEMA_VERSION`, one transaction per version. The
        version is read again once the transaction holds the write lock: another process
        may have upgraded the bank meanwhile (it then is not upgraded twice)."""
        version = self._version()
        self._refuse_version(self.conn, version)
        shrink = False
        while version < SCHEMA_VERSION:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                version = self._version()
                self._refuse_version(self.conn, version)
                if version >= SCHEMA_VERSION:
                    self.conn.execute("COMMIT")
                    break
                try:
                    MIGRATIONS[version](self.conn)
                except BankError as exc:
                    raise BankError(f"{self.named}: {exc}") from None
                if version == 2:
                    shrink = (
                        self.conn.execute("SELECT 1 FROM catalogue LIMIT 1").fetchone() is not None
                    )
                version += 1
                self.conn.execute(f"PRAGMA user_version = {version}")
                self.conn.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        if shrink:
            # catalogue rows left ``puzzles``: give their pages back to the file system
            self.conn.execute("VACUUM")

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.conn.close()
        if self._lock_fd is not None:
            if self._lock_fd in WRITER_LOCKS:  # not already dropped in a forked child
                WRITER_LOCKS.discard(self._lock_fd)
                # removed while still held: a process that opened it meanwhile finds, once
                # it holds the lock, that the name no longer leads to it (claim_writer)
                with contextlib.suppress(OSError):
                    os.unlink(self._lock_path())
                os.close(self._lock_fd)
            self._lock_fd = None

    def _lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".writer-lock")

    def claim_writer(self) -> None:
        """Become the bank's one writing process until :meth:`close` (or the process ends,
        even by ``kill -9``): an exclusive ``flock`` on ``DB.writer-lock`` beside the bank.
        Raises :class:`BankError` when another process holds it."""
        if self._lock_fd is not None:
            return
        import fcntl

        lock_path = self._lock_path()
        while True:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                os.close(fd)
                raise BankError(
                    _(
                        "{path}: another turing process (pid {pid}) is writing "
                        "to this bank; wait for it to finish"
                    ).format(path=self.named, pid=holder)
                ) from None
            # The writer before removes the file as it ends, holding the lock: a file
            # locked after that is no longer the one the name leads to. (A file left by a
            # writer killed with kill -9 is locked by nobody and is taken over.)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(lock_path))
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._lock_fd = fd
        WRITER_LOCKS.add(fd)

    def __enter__(self) -> Bank:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------

    def contains(self, key: str) -> bool:
        """Whether the puzzle of a canonical key is in the bank (either table)."""
        if self.conn.execute("SELECT 1 FROM puzzles WHERE key = ?", (key,)).fetchone():
            return True
        return self._catalogue_locate(key) is not None

    def _free_id(self, puzzle: Puzzle, pending: set[str]) -> str:
        """The puzzle's short id, lengthened in the rare case another puzzle holds it."""
        base = puzzle.id or puzzle.short_id(puzzle.extra.get("difficulty"))

        def taken(pid: str) -> bool:
            return (
                pid in pending
                or self.conn.execute("SELECT 1 FROM puzzles WHERE id = ?", (pid,)).fetchone()
                is not None
                or (pid.startswith("C") and self._catalogue_locate(pid) is not None)
            )

        return free_id(puzzle, base, taken)

    def _rollback(self) -> None:
        """Undo the open transaction after an error. SQLite has undone it itself after some
        (a full disk: ``SQLITE_FULL``); then there is nothing to undo, and a ROLLBACK would
        fail and hide the error that ended it."""
        if self.conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # the error being raised says why
                self.conn.execute("ROLLBACK")

    def add(
        self, puzzles: Iterable[Puzzle], source: str | None = None, run: RunRecord | None = None
    ) -> int:
        """Store puzzles in one transaction (with ``run``'s progress); returns how many
        were new. Puzzles already in the bank (same canonical key) are left as they are."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            added = self._add(puzzles, source, set())
            if run is not None:
                self._save_run(run)
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return added

    def add_groups(self, groups: Iterable[tuple[str | None, Iterable[Puzzle]]]) -> list[int]:
        """Store several groups of puzzles, each with its ``source``, in one transaction:
        all of them or (on any error) none. Returns how many of each group were new."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            pending: set[str] = set()
            added = [self._add(puzzles, source, pending) for source, puzzles in groups]
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return added

    def _add(self, puzzles: Iterable[Puzzle], source: str | None, pending: set[str]) -> int:
        added = 0
        for puzzle in puzzles:
            key = puzzle.canonical_key()
            if self.contains(key):
                continue
            if puzzle.cardset is not None and puzzle.cardset != "classic":
                self._record_cardset(puzzle.cardset)
                self._record_cards(puzzle.cardset, {n for shown in puzzle.cards for n in shown})
            pid = self._free_id(puzzle, pending)
            index = puzzle.extra.get("index")
            cur = self.conn.execute(
                _INSERT,
                _row_values(puzzle, pid, source, index if isinstance(index, int) else None),
            )
            if cur.rowcount == 1:
                added += 1
                pending.add(pid)
                self._forget_ids()
        return added

    def _forget_ids(self) -> None:
        """Drop the catalogue ids worked out so far: a stored puzzle may take one's place."""
        self._clashes.clear()
        self._groups.clear()

    def _per_card(self) -> bool:
        """Whether the bank records card digests (schema 5; a bank of schema 3 or 4 read
        as it is does not)."""
        return self._version() >= 5

    def _card_digests(self, reference: str) -> dict[int, str]:
        """The digests recorded of the cards the stored puzzles of a set use."""
        if not self._per_card():
            return {}
        return {
            int(card): str(digest)
            for card, digest in self.conn.execute(
                "SELECT card, digest FROM puzzle_cards WHERE reference = ?", (reference,)
            )
        }

    def _load(self, reference: str) -> CardSet:
        """The card set a stored ``cardset`` reference names: the one standing in for it
        (:meth:`stand_in`), else the set or file it names."""
        given = self._standins.get(reference)
        return given if given is not None else load_cardset(reference)

    def _named(self, reference: str | None) -> str | None:
        """How a puzzle read from the bank names its card set: by the file of the set
        standing in for its own (:meth:`stand_in`), made absolute, so the puzzle reads
        back with the set it was read with; else as it was recorded."""
        given = self._standins.get(reference) if reference is not None else None
        if given is None or not given.source:
            return reference
        return portable_reference(given.source)

    def _fingerprint(self, reference: str) -> str | None:
        """As :func:`_fingerprint`, of the set standing in for ``reference`` when one does."""
        if reference in self._standins:
            return layout_for(self._standins[reference]).fingerprint
        return _fingerprint(reference)

    def _recorded_sets(self) -> list[tuple[str, str]]:
        """The custom card sets of stored puzzles, as recorded: reference and fingerprint."""
        if self._version() < 4:  # a bank of version 3, read as it is, recorded none
            return []
        return [
            (str(ref), str(fingerprint))
            for ref, fingerprint in self.conn.execute(
                "SELECT reference, fingerprint FROM puzzle_cardsets ORDER BY reference"
            )
        ]

    def _stored_name(self, reference: str) -> str:
        """The card set's own name as its stored puzzles were stored with it."""
        row = self.conn.execute(
            "SELECT cardset FROM puzzles WHERE instr(key, ?) > 0 LIMIT 1", (f"|{reference}|",)
        ).fetchone()
        return reference if row is None else str(row[0])

    def stand_in(self, cardset: CardSet) -> list[str]:
        """Let ``cardset`` (a copy of a set whose file has moved, say) stand in for every
        card set the bank recorded under the same name (its ``name:``), so their puzzles
        are read with it wherever their own file is now. Checked as a changed set is:
        each card a stored puzzle uses must decide what it decided when the puzzle was
        stored (a set recorded whole, or one with a catalogue, must be the same whole);
        else :class:`ChangedCards`, naming the card. The references it stands in for."""
        taken: list[str] = []
        given = cardset.source or cardset.name
        with self.naming_errors():
            for reference, fingerprint in self._recorded_sets():
                if self._stored_name(reference) != cardset.name:
                    continue
                digests = self._card_digests(reference)
                if digests:
                    changed = changed_cards(digests, cardset)
                    if changed:
                        using = [
                            r for r, cards in self._stored_of(reference) if changed[0] in cards
                        ]
                        raise _changed_card_error(self.path, given, changed[0], len(using))
                elif layout_for(cardset).fingerprint != fingerprint:
                    raise _changed_set(self.path, given)
                taken.append(reference)
            for entry in self._entries().values():
                if entry.name != cardset.name or entry.reference == "classic":
                    continue
                layout = layout_for(cardset)
                if layout.fingerprint != entry.fingerprint:
                    raise _changed_set(self.path, given)
                entry.loaded = (cardset, layout)
                taken.append(entry.reference)
        for reference in taken:
            self._standins[reference] = cardset
        self._changes = None  # compared again, with the set standing in
        return taken

    def _record_cardset(self, reference: str) -> None:
        """Record the fingerprint of a card set whose puzzles are stored (once). A set
        whose cards are recorded (:meth:`_record_cards`) is compared card by card; one
        stored before cards were recorded is refused when it has changed since (its
        puzzles would not match), and else has the cards of its puzzles recorded now."""
        if reference in self._recorded:
            return
        found = self._fingerprint(reference)
        if found is not None:
            row = self.conn.execute(
                "SELECT fingerprint FROM puzzle_cardsets WHERE reference = ?", (reference,)
            ).fetchone()
            if row is None:
                self.conn.execute(
                    "INSERT INTO puzzle_cardsets (reference, fingerprint) VALUES (?, ?)",
                    (reference, found),
                )
            elif not self._card_digests(reference):
                if row[0] != found:
                    raise _changed_set(self.path, reference)
                # unchanged since: what its stored puzzles use is what the set says now
                used: set[int] = set()
                for _rowid, cards in self._stored_of(reference):
                    used |= cards
                self._record_cards(reference, used)
        self._recorded.add(reference)

    def _record_cards(self, reference: str, numbers: Iterable[int]) -> None:
        """Record the digest of each card a stored puzzle of ``reference`` uses; refused
        when one differs from the digest recorded (the card has changed since puzzles
        using it were stored: the bank would hold two meanings of one card)."""
        if not self._per_card():
            return
        try:
            cardset = self._load(reference)
        except (ValueError, OSError, TuringError):
            return  # nothing to compare with (as _fingerprint)
        recorded = self._card_digests(reference)
        for number in sorted(numbers):
            if number not in cardset:
                continue
            digest = card_digest(cardset, number)
            known = recorded.get(number)
            if known is None:
                self.conn.execute(
                    "INSERT INTO puzzle_cards (reference, card, digest) VALUES (?, ?, ?)",
                    (reference, number, digest),
                )
            elif known != digest:
                using = [r for r, cards in self._stored_of(reference) if number in cards]
                raise _changed_card_error(self.path, reference, number, len(using))

    def _stored_of(self, reference: str) -> Iterator[tuple[int, set[int]]]:
        """The stored puzzles of a card set: each one's rowid and the cards it uses."""
        for rowid, doc in self.conn.execute(
            "SELECT rowid, doc FROM puzzles WHERE instr(key, ?) > 0 ORDER BY rowid",
            (f"|{reference}|",),
        ):
            data = self.document(doc)
            if data.get("cardset") == reference:
                yield int(rowid), _doc_cards(data)

    def _found_changes(self) -> list[_Change]:
        """The stored puzzles of custom sets that have changed since they were stored
        (worked out once): per changed card where the set's cards are recorded, else per
        changed set. A set that cannot be loaded is not compared (reading its puzzles says
        why)."""
        if self._changes is not None:
            return self._changes
        changes: list[_Change] = []
        for reference, fingerprint in self._recorded_sets():
            digests = self._card_digests(reference)
            if digests:
                try:
                    cardset = self._load(reference)
                except (ValueError, OSError, TuringError):
                    continue
                changed = changed_cards(digests, cardset)
                if changed:
                    puzzles = list(self._stored_of(reference))
                    for card in changed:
                        rowids = tuple(r for r, cards in puzzles if card in cards)
                        changes.append(_Change(reference, card, rowids))
                continue
            found = self._fingerprint(reference)
            if found is not None and found != fingerprint:
                rowids = tuple(r for r, _cards in self._stored_of(reference))
                changes.append(_Change(reference, None, rowids))
        self._changes = changes
        return changes

    def check_cardsets(
        self,
        query: Query | None = None,
        *,
        where: tuple[str, Sequence[Any]] | None = None,
        reference: str | None = None,
    ) -> None:
        """Refuse (:class:`BankError`, one line) when puzzles a reading would give were
        stored from a custom set that has changed since: a stored puzzle using a card whose
        criteria decide other codes now (the line names the card and how many stored
        puzzles use it), one of a set recorded whole that has changed in any way, or the
        catalogue of a changed set; and (:class:`CardsetMissing`) when their set's file is
        missing where it was recorded and no set stands in for it (:meth:`stand_in`).
        Every reading of the bank's puzzles asks this first, so none gives puzzles its card
        set no longer makes; puzzles of other sets, and of cards unchanged or only added,
        are read as usual.

        Which puzzles: those matching ``query``, or the ``puzzles`` rows of ``where``
        (an SQL ``WHERE`` clause and its arguments); ``reference``: every puzzle of that
        set; none of them: every puzzle of the bank."""
        for problem in self._set_problems(query, where=where, reference=reference):
            raise problem

    def card_set_problems(self, query: Query | None = None) -> list[BankError]:
        """What :meth:`check_cardsets` would refuse the stored documents matching ``query``
        for, all of it (a catalogue's puzzles aside): for a reading that gives them as they
        were stored (their card sets are not needed for that), to say what became of their
        sets."""
        return list(self._set_problems(query, catalogue=False))

    def _set_problems(
        self,
        query: Query | None = None,
        *,
        where: tuple[str, Sequence[Any]] | None = None,
        reference: str | None = None,
        stored: bool = True,
        catalogue: bool = True,
    ) -> Iterator[BankError]:
        """The refusals of :meth:`check_cardsets`, one per changed card, changed set or
        missing file that puzzles of the reading use: of the stored documents
        (``stored``), of the catalogue (``catalogue``)."""
        with self.naming_errors():
            changes = self._found_changes()
            if reference is not None:
                changes = [c for c in changes if c.reference == reference]
            given_where = where is not None
            if where is None:
                where = (Query() if query is None else query).where()
            clause, args = where
            joined = f"{clause} AND" if clause else " WHERE"

            def met(rowids: Sequence[int]) -> bool:
                return bool(rowids) and (
                    self.conn.execute(
                        f"SELECT 1 FROM puzzles{joined} rowid IN "
                        "(SELECT value FROM json_each(?)) LIMIT 1",
                        [*args, json.dumps(list(rowids))],
                    ).fetchone()
                    is not None
                )

            for change in changes if stored else ():
                if not met(change.rowids):
                    continue
                if change.card is None:
                    yield _changed_set(self.path, change.reference, len(change.rowids))
                else:
                    yield _changed_card_error(
                        self.path, change.reference, change.card, len(change.rowids)
                    )
            for recorded, _fingerprint_of in self._recorded_sets() if stored else ():
                if reference is not None and recorded != reference:
                    continue
                if recorded in self._standins or not _is_missing_file(recorded):
                    continue
                rowids = [r for r, _cards in self._stored_of(recorded)]
                if met(rowids):
                    yield _missing_set(
                        self.path, recorded, self._stored_name(recorded), len(rowids)
                    )
            if given_where or not catalogue:
                return  # rows of ``puzzles`` only
            for cs, entry in self._entries().items():
                if reference is not None and entry.reference != reference:
                    continue
                found = self._fingerprint(entry.reference)
                if found is None or found == entry.fingerprint:
                    continue
                if reference is None:
                    matched = self._catalogue_where(query or Query())
                    if matched is None:
                        continue
                    ours, ours_args = matched
                    ours = f"{ours} AND c.cs = ?" if ours else " WHERE c.cs = ?"
                    if not self.conn.execute(
                        f"SELECT 1 FROM catalogue c{ours} LIMIT 1", [*ours_args, cs]
                    ).fetchone():
                        continue
                yield _changed_set(self.path, entry.reference)

    def _save_run(self, run: RunRecord) -> None:
        self.conn.execute(
            "INSERT INTO runs (signature, kind, params, next_index, kept, refused, repeats, "
            "target, done, unrated, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) ON CONFLICT(signature) DO UPDATE SET "
            "next_index = excluded.next_index, kept = excluded.kept, "
            "refused = excluded.refused, repeats = excluded.repeats, "
            "target = excluded.target, done = excluded.done, unrated = excluded.unrated, "
            "updated_at = excluded.updated_at",
            (
                run.signature,
                run.kind,
                json.dumps(run.params, sort_keys=True),
                run.next_index,
                run.kept,
                run.refused,
                run.repeats,
                run.target,
                int(run.done),
                run.unrated,
            ),
        )

    def save_run(self, run: RunRecord) -> None:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self._save_run(run)
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise

    # -- the compact catalogue ----------------------------------------------------------

    def catalogue_cardset(self, cardset: CardSet, reference: str) -> int:
        """The id under which the catalogue of a card set (as its puzzles name it:
        ``classic`` or the path they record) is stored; registered when new."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            try:
                ident = _register_cardset(self.conn, cardset, reference)
            except BankError as exc:
                raise BankError(f"{self.named}: {exc}") from None
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self._sets = None
        return ident

    def add_catalogue(
        self,
        cs: int,
        rows: Sequence[int] | array[int],
        run: RunRecord | None = None,
        first: int | None = None,
        verifiers: int | None = None,
        skip: set[int] | frozenset[int] = frozenset(),
    ) -> int:
        """Store catalogue rows in one transaction (with ``run``'s progress): ``rows`` is
        flat, :data:`CATALOGUE_FIELDS` after one another. Returns how many were new.

        ``first``: the place of the first stored row in the catalogue table's rows of
        ``verifiers`` (rows come in key order): every :data:`MARK_EVERY`-th place is marked
        with its key, so a sampler can reach the puzzle at any place without reading the
        ones before. ``skip``: keys of puzzles the bank holds already outside the catalogue
        (:meth:`stored_keys`); their rows are left out, not counted as new."""
        width = len(CATALOGUE_FIELDS)
        if len(rows) % width:
            raise ValueError("catalogue rows come in whole rows")
        if skip:
            kept: array[int] = array("q")
            for i in range(0, len(rows), width):
                if rows[i] not in skip:
                    kept.extend(rows[i : i + width])
            rows = kept
        marks: list[tuple[int, int, int, int]] = []
        if first is not None and verifiers is not None:
            n = len(rows) // width
            place = -(-first // MARK_EVERY) * MARK_EVERY
            while place < first + n:
                marks.append((cs, verifiers, place, rows[(place - first) * width]))
                place += MARK_EVERY
        sql = (
            f"INSERT OR IGNORE INTO catalogue (cs, {', '.join(CATALOGUE_FIELDS)}) "
            f"VALUES ({int(cs)}, {', '.join('?' * width)})"
        )
        self._forget_ids()
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            before = self.conn.total_changes
            it = iter(rows)
            self.conn.executemany(sql, zip(*[it] * width, strict=False))
            added = self.conn.total_changes - before
            self.conn.executemany(
                "INSERT OR REPLACE INTO catalogue_marks VALUES (?, ?, ?, ?)", marks
            )
            if run is not None:
                self._save_run(run)
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return added

    def _entries(self) -> dict[int, _CardsetEntry]:
        if self._sets is None:
            self._sets = {
                int(r[0]): _CardsetEntry(r[1], r[2], r[3])
                for r in self.conn.execute("SELECT id, reference, name, fingerprint FROM cardsets")
            }
        return self._sets

    def catalogue_set(self, cs: int) -> tuple[CardSet, Layout]:
        """The card set of catalogue rows ``cs`` and its key layout, checked unchanged."""
        entry = self._entries().get(cs)
        if entry is None:
            raise BankError(
                _("{path}: catalogue rows name an unknown card set ({id})").format(
                    path=self.named, id=cs
                )
            )
        if entry.loaded is None:
            try:
                cardset = self._load(entry.reference)
            except ValueError as exc:
                raise BankError(
                    _("{path}: the card set of its catalogue cannot be loaded: {reason}").format(
                        path=self.named, reason=exc
                    )
                ) from None
            layout = layout_for(cardset)
            if layout.fingerprint != entry.fingerprint:
                raise _changed_set(self.path, entry.reference)
            entry.loaded = (cardset, layout)
        return entry.loaded

    def catalogue_sets(self) -> dict[int, str]:
        """Card-set id → reference, for every card set with a catalogue in the bank."""
        return {i: e.reference for i, e in self._entries().items()}

    def catalogue_puzzle(self, cs: int, row: Sequence[int], bulk: bool = False) -> Puzzle:
        """The puzzle document of a catalogue row (:data:`CATALOGUE_FIELDS`), as the
        catalogue wrote it before it was packed. ``bulk``: many rows are being read, so
        the tags that clash are found once for all (:meth:`_catalogue_id`)."""
        key, tier_code, solution, codes, readings, tests, score, tag = row[:8]
        _, layout = self.catalogue_set(cs)
        parts = unpack(layout, key)
        reference = self._entries()[cs].reference
        ref = None if reference == "classic" else reference
        tier = CODE_TIERS[tier_code]
        text = canonical_text(parts.mode, ref, parts.cards, parts.positions)
        return Puzzle(
            cards=tuple((c,) for c in parts.cards),
            mode=parts.mode,
            criteria=parts.positions,
            solution=CODE_TEXT[solution],
            cardset=self._named(ref),
            id=self._catalogue_id(cs, key, len(parts.cards), tier, tag, text, bulk),
            extra={
                "difficulty": tier,
                "verifiers": len(parts.cards),
                "codes_left": codes,
                "assignments": readings,
                "min_tests": tests,
                "min_tests_upper": None,
                "min_tests_kind": "lower_bound",
                "score": score / 100,
            },
        )

    def _catalogue_id(
        self, cs: int, key: int, verifiers: int, tier: str | None, tag: int, text: str, bulk: bool
    ) -> str:
        """The id of a catalogue puzzle: its short id (six characters of its canonical
        key's hash), unless another puzzle of the bank spells the same. Then the puzzles
        that do are ordered by their whole hash: the first keeps six characters, each
        other one is lengthened by two characters of its hash until no puzzle before it
        and no puzzle of the ``puzzles`` table (whose ids are stored) holds the id. So the
        ids follow from what the bank holds, not from the order it was stored in."""
        base = _short_id("classic", verifiers, tier, text)
        if bulk and TIER_CODES[tier] << 30 | tag not in self._clash_values(verifiers):
            return base
        for ident, member_cs, member_key, _full in self._id_group(verifiers, tier, tag):
            if (member_cs, member_key) == (cs, key):
                return ident
        return base

    def _clash_values(self, verifiers: int) -> frozenset[int]:
        """The ``tier << 30 | tag`` values of ``verifiers`` that more than one puzzle of
        the bank spells: the catalogue's tags in one sorted array, and the ids of the
        ``puzzles`` table in the catalogue's shape. The ids of the catalogue puzzles
        that spell them are worked out at the same time (:meth:`_id_group`)."""
        found = self._clashes.get(verifiers)
        if found is not None:
            return found
        import numpy as np

        lo, hi = key_range("classic", verifiers)
        every = [
            np.fromiter(
                (
                    r[0]
                    for r in self.conn.execute(
                        "SELECT tier << 30 | tag FROM catalogue WHERE cs = ? AND key >= ? "
                        "AND key < ?",
                        (cs, lo, hi),
                    )
                ),
                dtype=np.int64,
            )
            for cs in self._entries()
        ]
        stored = np.array(sorted(self._stored_values(verifiers)), dtype=np.int64)
        values = np.concatenate([*every, stored])
        values.sort()
        found = frozenset(int(v) for v in np.unique(values[1:][values[1:] == values[:-1]]))
        self._clashes[verifiers] = found
        # the catalogue puzzles that spell them, read in one more pass
        self._settle_ids(verifiers, found)
        return found

    def _stored_values(self, verifiers: int) -> set[int]:
        """The ``tier << 30 | tag`` values the ids of the ``puzzles`` table spell that
        have the shape of a catalogue id of ``verifiers``."""
        stored: set[int] = set()
        for (ident,) in self.conn.execute(
            "SELECT id FROM puzzles WHERE id >= ? AND id < ?",
            (f"C{verifiers}", f"C{verifiers + 1}"),
        ):
            match = _ID_RE.match(str(ident))
            if match is not None:
                tier = _ID_TIERS[match.group(3)]
                stored.add(TIER_CODES[tier] << 30 | _tag_bits(match.group(4)))
        return stored

    def _settle_ids(self, verifiers: int, values: Iterable[int]) -> None:
        """Work out the ids of every catalogue puzzle of ``verifiers`` that spells one of
        ``values`` (``tier << 30 | tag``), as :meth:`_id_group` does for one, with one
        reading of the catalogue's rows of ``verifiers`` for all of them (its cost
        does not grow with their number: one pass through the rows in SQLite)."""
        members: dict[int, list[tuple[int, int]]] = {int(v): [] for v in values}
        if not members:
            return
        lo, hi = key_range("classic", verifiers)
        listed = ", ".join(map(str, sorted(members)))
        for cs in self._entries():
            for value, key in self.conn.execute(
                "SELECT tier << 30 | tag, key FROM catalogue WHERE cs = ? AND key >= ? "
                f"AND key < ? AND tier << 30 | tag IN ({listed})",
                (cs, lo, hi),
            ):
                members[int(value)].append((cs, int(key)))
        for value, group in members.items():
            tier = CODE_TIERS[value >> 30]
            self._groups[(verifiers, tier, value & (2**30 - 1))] = self._assign(
                verifiers, tier, group
            )

    def _catalogue_puzzles(self, rows: Iterator[tuple[int, tuple[int, ...]]]) -> Iterator[Puzzle]:
        """The puzzles of catalogue rows read one after another (:meth:`query`,
        :meth:`docs`), each with its id (:meth:`_catalogue_id`). The rows are taken
        :data:`_ID_BATCH` at a time. The puzzles that spell the tags of a batch are
        read in one pass through the catalogue (:meth:`_settle_ids`), so a short export
        costs about what finding one puzzle by its id costs; once more rows follow a
        full batch, the tags that clash are found for the whole verifier count at once
        (:meth:`_clash_values`), so a long one reads the catalogue's tags once."""
        whole: set[int] = set()
        while batch := list(itertools.islice(rows, _ID_BATCH + 1)):
            more = len(batch) > _ID_BATCH
            wanted: dict[int, set[int]] = {}
            for _cs, row in batch:
                verifiers = (row[0] >> KEY_SHIFT) & 7
                if more:
                    whole.add(verifiers)
                elif verifiers not in whole:
                    wanted.setdefault(verifiers, set()).add(row[1] << 30 | row[7])
            for verifiers, values in wanted.items():
                known = {v for v in values if self._known(verifiers, v)}
                self._settle_ids(verifiers, values - known)
            for cs, row in batch:
                yield self.catalogue_puzzle(cs, row, bulk=(row[0] >> KEY_SHIFT) & 7 in whole)

    def _known(self, verifiers: int, value: int) -> bool:
        """Whether the ids of the catalogue puzzles spelling ``value`` are worked out."""
        return (verifiers, CODE_TIERS[value >> 30], value & (2**30 - 1)) in self._groups

    def _id_group(
        self, verifiers: int, tier: str | None, tag: int
    ) -> list[tuple[str, int, int, str]]:
        """The catalogue puzzles of ``verifiers``, ``tier`` and ``tag``, each as (its id,
        card set, key, whole hash spelled), in the order :meth:`_catalogue_id` gives."""
        found = self._groups.get((verifiers, tier, tag))
        if found is not None:
            return found
        lo, hi = key_range("classic", verifiers)
        members = [
            (cs, int(key))
            for cs in self._entries()
            for (key,) in self.conn.execute(
                "SELECT key FROM catalogue WHERE cs = ? AND key >= ? AND key < ? AND tier = ? "
                "AND tag = ?",
                (cs, lo, hi, TIER_CODES[tier], tag),
            )
        ]
        group = self._assign(verifiers, tier, members)
        if len(self._groups) > 65536:
            self._groups.clear()
        self._groups[(verifiers, tier, tag)] = group
        return group

    def _assign(
        self, verifiers: int, tier: str | None, members: list[tuple[int, int]]
    ) -> list[tuple[str, int, int, str]]:
        """The ids of catalogue puzzles (card set, key) that spell the same tag."""
        spelled: list[tuple[str, int, int]] = []
        for cs, key in members:
            reference = self._entries()[cs].reference
            parts = unpack(self.catalogue_set(cs)[1], key)
            text = canonical_text(
                parts.mode,
                None if reference == "classic" else reference,
                parts.cards,
                parts.positions,
            )
            full = key_hash(text)
            spelled.append((full, cs, key))
        spelled.sort()
        group: list[tuple[str, int, int, str]] = []
        if spelled:
            head = _short_id("classic", verifiers, tier, "")[:4]
            start = head + spelled[0][0][:6]
            taken = {
                str(r[0])
                for r in self.conn.execute(
                    "SELECT id FROM puzzles WHERE id >= ? AND id < ?", (start, start + "\U0010ffff")
                )
            }
            for full, cs, key in spelled:
                width = 6
                while head + full[:width] in taken and width < len(full):
                    width += 2
                taken.add(head + full[:width])
                group.append((head + full[:width], cs, key, full))
        return group

    def _catalogue_where(self, query: Query) -> tuple[str, list[Any]] | None:
        """The catalogue's WHERE for ``query`` (alias ``c``), or None if none can match."""
        if query.mode not in (None, "classic"):
            return None
        parts: list[str] = []
        args: list[Any] = []
        if query.cardset is not None:
            ids = [i for i, e in self._entries().items() if e.name == query.cardset]
            if not ids:
                return None
            parts.append(f"c.cs IN ({', '.join(map(str, ids))})")
        if query.verifiers is not None:
            lo, hi = key_range("classic", query.verifiers)
            parts.append("c.key >= ? AND c.key < ?")
            args += [lo, hi]
        if query.difficulty is not None:
            parts.append("c.tier = ?")
            args.append(TIER_CODES[None if query.difficulty == "none" else query.difficulty])
        if query.unplayed:
            parts.append(
                "NOT EXISTS (SELECT 1 FROM catalogue_played p WHERE p.cs = c.cs AND p.key = c.key)"
            )
        if query.needs_test:
            parts.append("c.codes_left <> 1")
        bounds: tuple[tuple[str, str, float | None], ...] = (
            ("c.min_tests", ">=", query.min_tests),
            ("c.min_tests", "<=", query.max_tests),
            ("c.score", ">=", None if query.min_score is None else query.min_score * 100),
            ("c.score", "<=", None if query.max_score is None else query.max_score * 100),
        )
        for column, op, bound in bounds:
            if bound is not None:
                parts.append(f"{column} {op} ?")
                args.append(bound)
        return (" WHERE " + " AND ".join(parts)) if parts else "", args

    def catalogue_rows(self, cs: int, verifiers: int) -> int:
        """How many puzzles of ``verifiers`` the catalogue table holds of card set ``cs``."""
        lo, hi = key_range("classic", verifiers)
        return int(
            self.conn.execute(
                "SELECT count(*) FROM catalogue WHERE cs = ? AND key >= ? AND key < ?",
                (cs, lo, hi),
            ).fetchone()[0]
        )

    def has_catalogue(self) -> bool:
        return self.conn.execute("SELECT 1 FROM catalogue LIMIT 1").fetchone() is not None

    def _catalogue_rows(
        self, query: Query, limit: int | None = None, offset: int = 0, shuffled: bool = False
    ) -> Iterator[tuple[int, tuple[int, ...]]]:
        found = self._catalogue_where(query)
        if found is None:
            return
        where, args = found
        columns = ", ".join("c." + f for f in CATALOGUE_FIELDS)
        order = "random()" if shuffled else "c.cs, c.key"
        sql = f"SELECT c.cs, {columns} FROM catalogue c{where} ORDER BY {order}"
        if limit is not None or offset:
            sql += " LIMIT ? OFFSET ?"
            args = [*args, -1 if limit is None else limit, offset]
        for row in self.conn.execute(sql, args):
            yield row[0], row[1:]

    def _catalogue_count(self, query: Query) -> int:
        found = self._catalogue_where(query)
        if found is None:
            return 0
        where, args = found
        return int(
            self.conn.execute(f"SELECT count(*) FROM catalogue c{where}", args).fetchone()[0]
        )

    def _catalogue_locate(self, text: str) -> tuple[int, tuple[int, ...]] | None:
        """The catalogue row of a canonical key text or a short id, if stored."""
        text = text.strip()
        if "|" in text:
            return self._locate_key(text)
        match = _ID_RE.match(text.upper())
        if match is None or match.group(1) != "C":
            return None
        verifiers = int(match.group(2))
        tier = _ID_TIERS[match.group(3)]
        spelled = match.group(4)
        group = self._id_group(verifiers, tier, _tag_bits(spelled))
        exact = [m for m in group if m[0] == match.group(0)]
        # a longer id than the puzzle's (more characters of its hash) finds it too
        found = exact or [m for m in group if m[3].startswith(spelled)]
        if len(found) != 1:
            return None
        _, cs, key, _ = found[0]
        return self._catalogue_row(cs, key)

    def _catalogue_row(self, cs: int, key: int) -> tuple[int, tuple[int, ...]] | None:
        """Card set ``cs`` and the catalogue row of ``key``, if stored."""
        row = self.conn.execute(
            f"SELECT {', '.join(CATALOGUE_FIELDS)} FROM catalogue WHERE cs = ? AND key = ?",
            (cs, key),
        ).fetchone()
        return None if row is None else (cs, tuple(row))

    def _locate_key(self, text: str) -> tuple[int, tuple[int, ...]] | None:
        mode, _, rest = text.partition("|")
        reference, _, body = rest.partition("|")
        if mode != "classic" or not body:
            return None
        cs = next((i for i, e in self._entries().items() if e.reference == reference), None)
        if cs is None:
            return None
        key = self._packed_key(cs, body)
        if key is None:
            return None
        return self._catalogue_row(cs, key)

    def stored_keys(self, cs: int, verifiers: int) -> set[int]:
        """The catalogue keys of the classic puzzles of catalogue ``cs``'s card set and
        ``verifiers`` that the bank holds outside the catalogue (stored by ``generate`` or
        an import): :meth:`add_catalogue` skips them (``skip``), so each puzzle is in
        the bank once. Empty for a bank that holds none (read through an index)."""
        reference = self._entries()[cs].reference
        keys: set[int] = set()
        prefix = f"classic|{reference}|"
        for (text,) in self.conn.execute(
            "SELECT key FROM puzzles WHERE mode = 'classic' AND verifiers = ? "
            "AND key >= ? AND key < ?",
            (verifiers, prefix, prefix[:-1] + chr(ord("|") + 1)),
        ):
            key = self._packed_key(cs, str(text)[len(prefix) :])
            if key is not None:
                keys.add(key)
        return keys

    def _packed_key(self, cs: int, body: str) -> int | None:
        """The catalogue key of a classic canonical key's cards part, if it has one."""
        cards: list[int] = []
        positions: list[int] = []
        for part in body.split(";"):
            shown, _, real = part.partition(":")
            card, _, position = real.partition(".")
            if not (shown == card and card.isdigit() and position.isdigit()):
                return None
            cards.append(int(card))
            positions.append(int(position))
        try:
            return pack(self.catalogue_set(cs)[1], "classic", cards, positions)
        except PackingError:
            return None

    def run_record(self, signature: str) -> RunRecord | None:
        row = self.conn.execute(
            f"SELECT {_RUN_COLUMNS} FROM runs WHERE signature = ?",
            (signature,),
        ).fetchone()
        return None if row is None else _run_from_row(row)

    def runs(self) -> list[RunRecord]:
        rows = self.conn.execute(
            f"SELECT {_RUN_COLUMNS} FROM runs ORDER BY kind, signature"
        ).fetchall()
        return [_run_from_row(r) for r in rows]

    def unfinished_runs(self, kind: str) -> list[RunRecord]:
        """The runs of ``kind`` not done (interrupted, or stopped short of their count),
        the one last written first (of two written in the same second, the one begun
        later)."""
        rows = self.conn.execute(
            f"SELECT {_RUN_COLUMNS} FROM runs WHERE kind = ? AND done = 0 "
            "ORDER BY updated_at DESC, rowid DESC",
            (kind,),
        ).fetchall()
        return [_run_from_row(r) for r in rows]

    def catalogue_run(self, reference: str, verifiers: int) -> RunRecord | None:
        """How far the catalogue of a card set (as :meth:`catalogue_cardset` names it) and
        verifier count got: a finished run when there is one (a catalogue stored by an
        older version may have its own), else the unfinished run; None when the bank
        records no catalogue run of them."""
        found = [
            run
            for run in self.runs()
            if run.kind == "catalogue"
            and isinstance(run.params, dict)
            and run.params.get("cardset") == reference
            and run.params.get("verifiers") == verifiers
        ]
        # a finished run first, then the run the catalogue command resumes (by cards)
        found.sort(key=lambda run: (not run.done, not run.signature.endswith("|by-cards")))
        return found[0] if found else None

    def run_docs(self, signature: str, limit: int | None = None) -> Iterator[str]:
        """The documents of the puzzles a run stored (``source`` = its signature), in the
        order of their indices; at most ``limit``."""
        self.check_cardsets(where=(" WHERE source = ?", [signature]))
        sql = "SELECT doc FROM puzzles WHERE source = ? ORDER BY source_index, rowid"
        args: list[Any] = [signature]
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        for (doc,) in self.conn.execute(sql, args):
            yield str(doc)

    # -- reading ----------------------------------------------------------------------------

    def document(self, doc: str) -> dict[str, Any]:
        """A stored document read as JSON; :class:`BankError` naming the bank when it is
        not a JSON object (a damaged or hand-made bank)."""
        try:
            data = read_json(doc)
        except json.JSONDecodeError as exc:
            raise BankError(
                _("{path}: a stored puzzle is not valid JSON: {problem}").format(
                    path=self.named, problem=json_problem(exc.msg, exc)
                )
            ) from None
        if not isinstance(data, dict):
            raise BankError(
                _("{path}: a stored puzzle is not a JSON object").format(path=self.named)
            )
        return data

    def written(self, doc: str) -> dict[str, Any]:
        """A stored document as it is written out whole: as it was stored, but naming the
        file of a card set standing in for its own (:meth:`stand_in`)."""
        return self._renamed(self.document(doc))

    def _renamed(self, data: dict[str, Any]) -> dict[str, Any]:
        """The stored document ``data`` naming its card set as :meth:`_named` does."""
        name = data.get("cardset")
        if isinstance(name, str):
            data["cardset"] = self._named(name)
        return data

    def _puzzle(self, doc: str) -> Puzzle:
        data = self.document(doc)
        name = data.get("cardset")
        cardset: CardSet | None = self._load(name) if isinstance(name, str) else None
        return puzzle_from_dict(self._renamed(data), cardset, source=str(self.path))

    @contextlib.contextmanager
    def naming_errors(self) -> Iterator[None]:
        """Errors of SQLite inside (a damaged file, a lock held too long) raised as a
        :class:`BankError` that names the bank's file; the bank's own methods do this, and
        code reading :attr:`conn` itself can."""
        try:
            yield
        except sqlite3.Error as exc:
            damaged = _sqlite_code(exc) in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT)
            raise (BankDamaged if damaged else BankError)(
                _("{path}: the bank's database: {problem}").format(
                    path=self.named, problem=sqlite_reason(exc)
                )
            ) from None

    def public_doc(self, doc: str) -> dict[str, Any]:
        """A stored document as a player may see it (:meth:`Puzzle.to_dict` without the
        hidden parts)."""
        return self._puzzle(doc).to_dict(hidden=False)

    def get(self, ident: str) -> Puzzle | None:
        """A puzzle by its id (``C6H-K3QF7A``; case and spaces ignored) or canonical key."""
        text = _named_puzzle(ident)
        row = self.conn.execute(
            "SELECT rowid, doc FROM puzzles WHERE id = ? OR key = ?", (text.upper(), text)
        ).fetchone()
        if row is not None:
            self.check_cardsets(where=(" WHERE rowid = ?", [row[0]]))
            return self._puzzle(row[1])
        found = self._catalogue_locate(text)
        return None if found is None else self.catalogue_puzzle(*found)

    def pick(
        self,
        mode: str | None = None,
        difficulty: str | None = None,
        verifiers: int | None = None,
        unplayed: bool = True,
        seed: int | None = None,
        cardset: str | None = None,
        needs_test: bool = False,
    ) -> Puzzle | None:
        """A puzzle matching the filters, drawn at random (``seed`` makes the draw
        repeatable); with ``unplayed`` only puzzles not yet marked played, with
        ``needs_test`` only puzzles whose cards alone do not give the code. None if none."""
        query = Query(
            mode=mode,
            difficulty=difficulty,
            verifiers=verifiers,
            cardset=cardset,
            unplayed=unplayed,
            needs_test=needs_test,
        )
        self.check_cardsets(query)
        where, args = query.where()
        stored = self.conn.execute(f"SELECT count(*) FROM puzzles{where}", args).fetchone()[0]
        total = stored + self._catalogue_count(query)
        if not total:
            return None
        offset = random.Random(seed).randrange(total)
        if offset >= stored:
            for cs, crow in self._catalogue_rows(query, limit=1, offset=offset - stored):
                return self.catalogue_puzzle(cs, crow)
        row = self.conn.execute(
            f"SELECT doc FROM puzzles{where} ORDER BY rowid LIMIT 1 OFFSET ?", [*args, offset]
        ).fetchone()
        return self._puzzle(row[0])

    def mark_played(self, key: str, played: bool = True) -> bool:
        """Mark a puzzle (by id or canonical key) played; False when no such puzzle."""
        key = _named_puzzle(key)
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            cur = self.conn.execute(
                "UPDATE puzzles SET played = ?, played_at = CASE WHEN ? THEN "
                "strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE NULL END "
                "WHERE id = ? OR key = ?",
                (int(played), int(played), key.strip().upper(), key.strip()),
            )
            changed = cur.rowcount > 0
            if not changed:
                found = self._catalogue_locate(key)
                if found is not None:
                    changed = True
                    cs, row = found
                    if played:
                        self.conn.execute(
                            "INSERT OR REPLACE INTO catalogue_played VALUES "
                            "(?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
                            (cs, row[0]),
                        )
                    else:
                        self.conn.execute(
                            "DELETE FROM catalogue_played WHERE cs = ? AND key = ?", (cs, row[0])
                        )
            self.conn.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        return changed

    def query(
        self,
        query: Query | None = None,
        limit: int | None = None,
        shuffled: bool = False,
        seed: int | None = None,
    ) -> Iterator[Puzzle]:
        """Puzzles matching ``query``: the stored documents in the order they were stored,
        then the catalogue's puzzles in key order. ``shuffled``: each of the two in a random
        order instead (and ``limit`` a random choice), for what players are given — a
        catalogue's key order follows the hidden criteria, and anyone can make the same
        catalogue, so a puzzle's place in it would tell its criteria apart. ``seed`` (with
        ``shuffled``) makes that draw repeatable: the same bank and seed give the same
        puzzles in the same order."""
        q = query or Query()
        self.check_cardsets(q)
        if shuffled and seed is not None:
            yield from self._seeded_draw(q, limit, random.Random(seed))
            return
        given = 0
        for doc in self._stored_docs(q, limit, shuffled):
            given += 1
            yield self._puzzle(doc)
        rest = None if limit is None else limit - given
        if rest is None or rest > 0:
            yield from self._catalogue_puzzles(self._catalogue_rows(q, rest, shuffled=shuffled))

    def _seeded_draw(self, query: Query, limit: int | None, rng: random.Random) -> Iterator[Puzzle]:
        """:meth:`query`'s random choice and order drawn by ``rng``: places among the
        stored documents (in the order they were stored), then among the catalogue's
        puzzles (in key order), each fetched by its place."""
        where, args = query.where()
        stored = int(self.conn.execute(f"SELECT count(*) FROM puzzles{where}", args).fetchone()[0])
        take = stored if limit is None else min(limit, stored)
        for offset in rng.sample(range(stored), take):
            row = self.conn.execute(
                f"SELECT doc FROM puzzles{where} ORDER BY rowid LIMIT 1 OFFSET ?",
                [*args, offset],
            ).fetchone()
            yield self._puzzle(row[0])
        rest = None if limit is None else limit - take
        if rest is not None and rest <= 0:
            return
        total = self._catalogue_count(query)
        places = rng.sample(range(total), total if rest is None else min(rest, total))
        yield from self._catalogue_puzzles(
            row for offset in places for row in self._catalogue_rows(query, 1, offset)
        )

    def _stored_docs(self, query: Query, limit: int | None, shuffled: bool) -> Iterator[str]:
        """The stored documents matching ``query``, in the order they were stored (or a
        random one)."""
        where, args = query.where()
        sql = f"SELECT doc FROM puzzles{where} ORDER BY {'random()' if shuffled else 'rowid'}"
        if limit is not None:
            sql += " LIMIT ?"
            args = [*args, limit]
        for (doc,) in self.conn.execute(sql, args):
            yield str(doc)

    def docs(
        self,
        query: Query | None = None,
        limit: int | None = None,
        shuffled: bool = False,
        checked: bool = True,
    ) -> Iterator[str]:
        """The JSON documents (hidden fields included), in the order of :meth:`query`
        (``shuffled`` as there); the catalogue's documents are rebuilt from their keys.
        ``checked=False``: the stored documents are given as they were stored whatever
        became of their card sets since (:meth:`card_set_problems` says what did); a
        catalogue's puzzles are rebuilt from their set, which must be as it was."""
        q = query or Query()
        for problem in self._set_problems(q, stored=checked):
            raise problem
        given = 0
        for doc in self._stored_docs(q, limit, shuffled):
            given += 1
            yield doc
        rest = None if limit is None else limit - given
        if rest is None or rest > 0:
            for puzzle in self._catalogue_puzzles(self._catalogue_rows(q, rest, shuffled=shuffled)):
                yield json.dumps(
                    puzzle.to_dict(hidden=True),
                    ensure_ascii=False,
                    separators=(",", ":"),
                )

    def count(self, query: Query | None = None) -> int:
        q = query or Query()
        where, args = q.where()
        stored = int(self.conn.execute(f"SELECT count(*) FROM puzzles{where}", args).fetchone()[0])
        return stored + self._catalogue_count(q)

    def stats(self) -> dict[str, Any]:
        """Counts per mode / verifiers / difficulty with metric summaries, and the runs."""
        rows = self.conn.execute(
            "SELECT mode, verifiers, coalesce(difficulty, 'none') AS tier, count(*), "
            "sum(played), avg(codes_left), avg(assignments), min(min_tests), avg(min_tests), "
            "max(min_tests), avg(score), sum(min_tests_kind = 'exact'), "
            "sum(min_tests_kind = 'bounds') FROM puzzles GROUP BY 1, 2, 3 ORDER BY 1, 2, "
            "CASE tier WHEN 'easy' THEN 0 WHEN 'standard' THEN 1 WHEN 'hard' THEN 2 ELSE 3 END"
        ).fetchall()
        groups = [
            {
                "mode": r[0],
                "verifiers": r[1],
                "difficulty": r[2],
                "count": r[3],
                "played": r[4] or 0,
                "codes_left_mean": r[5],
                "assignments_mean": r[6],
                "min_tests_min": r[7],
                "min_tests_mean": r[8],
                "min_tests_max": r[9],
                "score_mean": r[10],
                "min_tests_exact": r[11] or 0,
                "min_tests_bounds": r[12] or 0,
            }
            for r in rows
        ]
        for r in self.conn.execute(
            "SELECT c.key >> 61, (c.key >> 58) & 7, c.tier, count(*), count(p.key), "
            "avg(c.codes_left), avg(c.assignments), min(c.min_tests), avg(c.min_tests), "
            "max(c.min_tests), avg(c.score) / 100.0 FROM catalogue c LEFT JOIN "
            "catalogue_played p ON p.cs = c.cs AND p.key = c.key GROUP BY 1, 2, 3"
        ):
            mode = _MODE_NAMES[r[0]]
            tier = CODE_TIERS[r[2]] or "none"
            group = next(
                (
                    g
                    for g in groups
                    if (g["mode"], g["verifiers"], g["difficulty"]) == (mode, r[1], tier)
                ),
                None,
            )
            if group is None:
                group = {
                    "mode": mode,
                    "verifiers": r[1],
                    "difficulty": tier,
                    "count": 0,
                    "played": 0,
                    "codes_left_mean": None,
                    "assignments_mean": None,
                    "min_tests_min": None,
                    "min_tests_mean": None,
                    "min_tests_max": None,
                    "score_mean": None,
                    "min_tests_exact": 0,
                    "min_tests_bounds": 0,
                }
                groups.append(group)
            n_old, n_new = group["count"], r[3]
            for name, value in (
                ("codes_left_mean", r[5]),
                ("assignments_mean", r[6]),
                ("min_tests_mean", r[8]),
                ("score_mean", r[10]),
            ):
                mean = group[name]
                group[name] = (
                    value if mean is None else (mean * n_old + value * n_new) / (n_old + n_new)
                )
            low, high = group["min_tests_min"], group["min_tests_max"]
            group["min_tests_min"] = r[7] if low is None else min(low, r[7])
            group["min_tests_max"] = r[9] if high is None else max(high, r[9])
            group["count"] = n_old + n_new
            group["played"] += r[4]
        tier_order = {"easy": 0, "standard": 1, "hard": 2}
        groups.sort(key=lambda g: (g["mode"], g["verifiers"], tier_order.get(g["difficulty"], 3)))
        for g in groups:
            for name in ("codes_left_mean", "assignments_mean", "min_tests_mean", "score_mean"):
                if g[name] is not None:
                    g[name] = round(g[name], 2)
        return {
            "path": str(self.path),
            "schema_version": self.schema_version if self.has_tables else None,
            "puzzles": sum(g["count"] for g in groups),
            "groups": groups,
            "runs": [
                {
                    "signature": r.signature,
                    "kind": r.kind,
                    "params": r.params,
                    "next_index": r.next_index,
                    "kept": r.kept,
                    "refused": r.refused,
                    "repeats": r.repeats,
                    "unrated": r.unrated,
                    "target": r.target,
                    "done": r.done,
                    "updated_at": r.updated_at,
                }
                for r in self.runs()
            ],
        }

    def check_integrity(self) -> str:
        return str(self.conn.execute("PRAGMA integrity_check").fetchone()[0])


def _naming_the_bank(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` (a method of :class:`Bank`) with the errors of SQLite raised as a
    :class:`BankError` that names the bank's file (:meth:`Bank.naming_errors`)."""
    if inspect.isgeneratorfunction(func):

        @functools.wraps(func)
        def generator(self: Bank, *args: Any, **kwargs: Any) -> Iterator[Any]:
            with self.naming_errors():
                yield from func(self, *args, **kwargs)

        return generator

    @functools.wraps(func)
    def method(self: Bank, *args: Any, **kwargs: Any) -> Any:
        with self.naming_errors():
            return func(self, *args, **kwargs)

    return method


for _name in (
    "contains",
    "add",
    "add_groups",
    "save_run",
    "catalogue_cardset",
    "add_catalogue",
    "catalogue_set",
    "catalogue_puzzle",
    "has_catalogue",
    "run_record",
    "runs",
    "unfinished_runs",
    "catalogue_run",
    "run_docs",
    "get",
    "pick",
    "mark_played",
    "query",
    "docs",
    "count",
    "stats",
    "check_integrity",
):
    setattr(Bank, _name, _naming_the_bank(getattr(Bank, _name)))
del _name

_RUN_COLUMNS: Final = (
    "signature, kind, params, next_index, kept, refused, repeats, target, done, updated_at, unrated"
)


def _run_from_row(row: Sequence[Any]) -> RunRecord:
    return RunRecord(
        signature=row[0],
        kind=row[1],
        params=json.loads(row[2]),
        next_index=row[3],
        kept=row[4],
        refused=row[5],
        repeats=row[6],
        target=row[7],
        done=bool(row[8]),
        updated_at=row[9],
        unrated=row[10],
    )


__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Bank",
    "BankError",
    "CardsetMissing",
    "ChangedCards",
    "Query",
    "RunRecord",
]
