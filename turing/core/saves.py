"""Save files: a game kept on disk to be resumed, for every game turing plays.

A save is a JSON object whose first key is its format marker (``"format": "turing-play-save"``
for the criteria game, ``"turing-mastermind-save"`` for a Mastermind match), a version, a
note and a few fields readable at a glance, and ``packed``: the game itself as JSON
compressed with zlib and written in base64, so that a player who opens the file to look at
it does not see the hidden answer by accident (fair play, not secrecy: the note says so).

This module holds what every save shares: packing, the checks made before a save is
written (:func:`save_problem`: a save never replaces a file that holds something else) and
those made on reading one (:func:`read_save_file`: the marker, the version, the packing, a
key twice, and a file of another kind named for what it is). The games keep what is theirs
(what is packed, how it is replayed).
"""

from __future__ import annotations

import base64
import codecs
import contextlib
import errno
import json
import os
import re
import stat
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

from turing.core.errors import TuringError
from turing.core.files import (
    SQLITE_HEADER,
    UNIQUE_KEYS,
    DuplicateKey,
    SourceError,
    WriteTargetError,
    is_sqlite_file,
    json_problem,
    load_yaml,
    os_reason,
    read_capped,
    read_json,
    read_text,
    shown_name,
    shown_value,
    try_creating,
    write_target,
)
from turing.core.files import (
    not_a_transcript as files_not_a_transcript,
)
from turing.i18n import N_, _, pgettext

MAX_SAVE_BYTES: Final = 16 * 1024 * 1024


@dataclass(frozen=True)
class SaveFormat:
    """A kind of save file: its marker and version, and how a file that is not one is
    refused (``not_one``, e.g. "not a turing save file") and named (``holds``, e.g. "a
    saved Mastermind match"), both marked for translation."""

    marker: str
    version: int
    not_one: str
    holds: str

    @property
    def start(self) -> re.Pattern[bytes]:
        """A save as turing writes it begins so: its format marker first."""
        return re.compile(rb'\A\s*\{\s*"format"\s*:\s*"' + re.escape(self.marker.encode()) + rb'"')


#: The criteria game's saves (``turing play``, ``turing board``).
PLAY_SAVE: Final = SaveFormat(
    "turing-play-save", 2, N_("not a turing save file"), N_("a saved game of turing play")
)
#: A Mastermind match's saves.
MASTERMIND_SAVE: Final = SaveFormat(
    "turing-mastermind-save",
    1,
    N_("not a Mastermind save file"),
    N_("a saved Mastermind match"),
)
#: Every kind of save turing writes: one given where another is read is named so.
SAVE_FORMATS: Final = (PLAY_SAVE, MASTERMIND_SAVE)


def pack(inner: dict[str, Any]) -> str:
    """``inner`` as a save's ``packed`` field: JSON, compressed with zlib, in base64."""
    return base64.b64encode(zlib.compress(json.dumps(inner).encode("utf-8"), 9)).decode()


def joined_family(family: Sequence[Path], path: str | os.PathLike[str]) -> list[Path]:
    """A game's family (the absolute paths of the files that hold a save of it) with
    ``path`` (made absolute) added, unless a path there names its file already."""
    key = os.path.realpath(path)
    if any(os.path.realpath(known) == key for known in family):
        return list(family)
    return [*family, Path(os.path.abspath(path))]


def family_member_shown(path: Path) -> Path:
    """A family member's absolute path as it is said: relative to the current folder when
    inside it."""
    try:
        inside = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if inside.startswith(os.pardir) else Path(inside)


def family_entry(entry: Any, path: str, error: type[TuringError]) -> list[Path] | None:
    """The files a save names as its game's family (its ``family`` entry): none in a save
    written before saves named them (None), else absolute paths turing wrote; anything
    else is a corrupted save, raised as ``error``."""
    if entry is None:
        return None
    if not isinstance(entry, list) or not all(
        isinstance(where, str) and os.path.isabs(where) for where in entry
    ):
        raise error(
            _("{path}: corrupted save file: {key!r} is missing or wrong").format(
                path=shown_name(path), key="family"
            )
        )
    return [Path(where) for where in entry]


def walk_family(start: Iterable[Path], visit: Callable[[Path], Iterable[Path]]) -> None:
    """Visit each file of a game's family once (a file named by several paths too), from
    ``start``, then the files each visit names (a save read on the way names its own
    family), in that order."""
    todo = list(start)
    seen: set[str] = set()
    while todo:
        path = todo.pop(0)
        key = os.path.realpath(path)
        if key in seen:
            continue
        seen.add(key)
        todo.extend(visit(path))


#: What a game's save reads as at its end (a game, a match), for :func:`family_end`.
EndedGame = TypeVar("EndedGame")


def family_end(
    family: Sequence[Path],
    path: str,
    read: Callable[[Path], tuple[dict[str, Any], list[Path]] | None],
    ended: Callable[[Path, dict[str, Any]], EndedGame | None],
) -> tuple[Path, EndedGame] | None:
    """The first file of a game's ``family`` (and of the families each names), other than
    ``path``, that holds the game's end: the file, and what ``ended`` makes of it.
    ``read`` gives a file's unpacked save and the family it names (None: not a save to
    look at); ``ended``, the finished game a save holds when it is this game at its end
    (None: it is not)."""
    found: list[tuple[Path, EndedGame]] = []
    own = os.path.realpath(path)

    def look(member: Path) -> list[Path]:
        if found or os.path.realpath(member) == own or not os.path.isfile(member):
            return []
        seen = read(member)
        if seen is None:
            return []
        data, named = seen
        game = ended(member, data)
        if game is not None:
            found.append((member, game))
        return [family_member_shown(other) for other in named]

    walk_family(map(family_member_shown, family), look)
    return found[0] if found else None


def tell_family(
    family: Sequence[Path],
    read: Callable[[Path], tuple[dict[str, Any], dict[str, Any]]],
    holds: Callable[[dict[str, Any]], bool],
    write: Callable[[Path, str], None],
) -> None:
    """Name ``family`` (which a file just joined) in each file of it whose save ``holds``
    the game at an earlier point, leaving the game it holds as it is. ``read`` gives a
    file's save and its unpacked game (raising when it is none to write); ``write``
    writes a file atomically. A file that cannot be read or written now is left as it
    is; the end of the game tries it again."""
    named = [str(member) for member in family]
    for member in family:
        try:
            if not member.is_file():
                continue
            data, inner = read(member)
            if not holds(inner) or inner.get("family") == named:
                continue
            inner["family"] = named
            data["packed"] = pack(inner)
            write(member, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        except (TuringError, OSError):
            continue


def unwritable(path: str | os.PathLike[str]) -> str | None:
    """Why a file cannot be written at ``path`` (a folder, a missing folder, no
    permission), or None. Nothing is created or changed."""
    try:
        write_target(path)
    except WriteTargetError as exc:
        return str(exc)
    return None


def refused_save(exc: WriteTargetError) -> str:
    """``exc`` (a path that cannot be written) in the words of every refusal to save a
    game: "cannot save to g.json: is a folder, not a file"."""
    return _("cannot save to {path}: {reason}").format(path=shown_name(exc.path), reason=exc.reason)


def unsavable(path: str | os.PathLike[str]) -> str | None:
    """Why no save can be written at ``path`` (a folder, a missing folder, no permission),
    as :func:`refused_save` says it, or None. Nothing is created or changed."""
    try:
        write_target(path)
    except WriteTargetError as exc:
        return refused_save(exc)
    return None


def creating_reason(exc: OSError) -> str:
    """Why no file could be made: a folder that is there and makes none (``/proc``) says
    "No such file or directory", which is not what is wrong."""
    if exc.errno == errno.ENOENT:
        return _("its folder takes no new files")
    return os_reason(exc)


def _marker_of(whole: bytes) -> str | None:
    """The ``format`` of the JSON object ``whole`` holds, if it is one that has it."""
    try:
        data = read_json(whole)
    except ValueError:  # not JSON, not UTF-8 text, or too long to be a save
        return None
    marker = data.get("format") if isinstance(data, dict) else None
    return marker if isinstance(marker, str) else None


#: The files SQLite keeps beside a bank while it is written: one replaced loses what it holds.
_BANK_SIDE_SUFFIXES: Final = ("-wal", "-shm", "-journal")


#: What :func:`_file_marker` says of a puzzle bank (by its SQLite header), beside the
#: saves' own markers.
_BANK_MARKER: Final = "sqlite"


def _file_marker(path: str | os.PathLike[str], size: int) -> str | None:
    """What the file at ``path`` (of ``size`` bytes) holds: a puzzle bank
    (:data:`_BANK_MARKER`), or a save's format marker, in its first bytes as turing writes
    it, else (rewritten by a JSON tool, the whole text read only then) as the ``format`` of
    the JSON object it holds; None for another file. A UTF-8 byte-order mark before it is
    read past. Raises :class:`OSError` as reading it
    does."""
    with open(path, "rb") as handle:
        # a byte-order mark (an editor's, such as Notepad's) is no part of what it holds
        start = handle.read(4096).removeprefix(codecs.BOM_UTF8)
        if start.startswith(SQLITE_HEADER):
            return _BANK_MARKER
        marker = next((other.marker for other in SAVE_FORMATS if other.start.match(start)), None)
        if marker is not None:
            return marker
        stripped = start.lstrip()
        if size > MAX_SAVE_BYTES or (stripped and not stripped.startswith(b"{")):
            return None  # too long to be a save, or no JSON object
        rest = read_capped(handle, MAX_SAVE_BYTES - len(start))
    return None if rest is None else _marker_of(start + rest)


def save_format_of(text: str) -> SaveFormat | None:
    """The kind of save ``text`` (a file's text, from its first non-blank character) is,
    known by its format marker, read where something else was expected (puzzles, a card
    set); None for anything else."""
    if not text.startswith("{"):
        return None
    head = text[:4096]
    if not any(f'"{kind.marker}"' in head for kind in SAVE_FORMATS):
        return None
    try:
        whole = read_json(text)
    except ValueError:
        return None
    marker = whole.get("format") if isinstance(whole, dict) else None
    return next((kind for kind in SAVE_FORMATS if kind.marker == marker), None)


#: What an output file is written with, for :func:`held_work`: puzzles as JSON Lines (the
#: puzzles generated or drawn from a bank) ...
PUZZLE_LINES: Final = "puzzle lines"
#: ... or a booklet to print (HTML or Markdown).
BOOKLET: Final = "booklet"

#: The first line of a Markdown booklet: a comment, which Markdown does not show, that
#: tells the booklet from a person's notes, which a booklet written again may replace.
MARKDOWN_BOOKLET_MARK: Final = "<!-- turing booklet -->"
#: What the head of an HTML booklet carries for the same purpose.
HTML_BOOKLET_MARK: Final = '<meta name="generator" content="turing">'
#: The Markdown mark as it is known: in any case, blanks inside the comment as they come.
_MARKDOWN_MARK: Final = re.compile(r"<!--\s*turing\s+booklet\s*-->", re.I)
#: The HTML mark as it is known: in any case, its attributes quoted or not, in either
#: order, the tag closed with ``/>`` or not.
_HTML_MARK: Final = re.compile(
    r"""<meta\s+(?:name\s*=\s*["']?generator["']?\s+content\s*=\s*["']?turing["']?"""
    r"""|content\s*=\s*["']?turing["']?\s+name\s*=\s*["']?generator["']?)\s*/?>""",
    re.I,
)
#: How an HTML page begins: its doctype (in any case) or its ``html`` element.
_HTML_START: Final = re.compile(r"<!doctype\s+html|<html[\s>]", re.I)
#: The start of an HTML booklet as turing wrote it before the mark, up to its style block.
_OLDER_HTML: Final = re.compile(
    r'<!DOCTYPE html>\n<html lang="[\w-]+"><head><meta charset="utf-8">\n'
    r"<title>[^<\n]*</title><style>(?P<style>[^<]*)</style></head><body>\n"
)
#: Rules of that style block, the same in every booklet turing wrote before the mark.
_OLDER_CSS_RULES: Final = (
    ".letter { font-weight: bold; font-size: 1.3em; text-align: center; }",
    ".grid td { width: 1.8em; height: 1.6em; text-align: center; }",
    ".log td.code { width: 5em; }",
)
#: The notes grid of each puzzle of a Markdown booklet: a row for each shape.
_OLDER_NOTES_GRID: Final = "\n".join(
    [
        "|   | 1 | 2 | 3 | 4 | 5 |",
        "|---|---|---|---|---|---|",
        *(f"| {shape} |   |   |   |   |   |" for shape in "▲■●"),
    ]
)
#: The modes a puzzle written by ``generate`` or ``bank export`` states (those of
#: :class:`turing.core.puzzle.Mode`, which this module cannot import).
_WRITTEN_MODES: Final = ("classic", "extreme", "nightmare")

#: How much of a file's start :func:`file_kind` reads.
_KIND_START_BYTES: Final = 64 * 1024

#: The ``cards`` key of a card set or a puzzle: a mapping's key (YAML, plain or quoted, or
#: JSON), where a line starts (after its indentation and any list dashes) or after a JSON
#: object's ``{`` or ``,``; a ``cards:`` inside a sentence is none.
_CARDS_KEY: Final = re.compile(r"""(?:^|[{,])[ \t]*(?:-[ \t]+)*["']?cards["']?[ \t]*:""", re.M)
#: What may stand between that key and the first thing its value holds: blanks and line
#: ends, comments, list dashes and brackets, YAML tags and anchors (``!!seq``, ``&all``).
_BEFORE_VALUE: Final = re.compile(r"""(?:\s+|\#[^\n]*|-(?=\s)|\[|[!&][^\s\[{]*)*""")
#: The first thing the value holds: a mapping (a card set's card, in braces or as a key),
#: or a number (a puzzle's cards; extreme mode's come in pairs, ``[[4, 25], …]``) or the
#: end of an empty list.
_VALUE_START: Final = re.compile(
    r"""(?P<card>\{|["']?[A-Za-z_][\w-]*["']?[ \t]*:(?:\s|$))|(?P<numbers>[-+]?\d|\])"""
)


def _start_text(start: bytes) -> str:
    """The text of a file's first bytes: UTF-8, or UTF-16 or UTF-32 where a byte-order
    mark or the zero bytes of ASCII text say so (a card set saved by an editor that way is
    still a card set), without the byte-order mark; undecodable bytes replaced."""
    for mark, codec in (
        (b"\xff\xfe\x00\x00", "utf-32-le"),
        (b"\x00\x00\xfe\xff", "utf-32-be"),
        (b"\xff\xfe", "utf-16-le"),
        (b"\xfe\xff", "utf-16-be"),
    ):
        if start.startswith(mark):
            return start[len(mark) :].decode(codec, errors="replace")
    if len(start) >= 2 and b"\x00" in start[:64]:
        codec = "utf-16-le" if start[1:2] == b"\x00" else "utf-16-be"
        return start.decode(codec, errors="replace")
    return start.decode("utf-8", errors="replace").lstrip("\ufeff")


def _cards_value(text: str) -> str | None:
    """:data:`CARD_SET_KIND` or :data:`PUZZLES_KIND` by the value of the first ``cards``
    key of ``text`` whose value tells (:data:`_CARDS_KEY`); None when none does."""
    for key in _CARDS_KEY.finditer(text):
        at = _BEFORE_VALUE.match(text, key.end())
        value = _VALUE_START.match(text, at.end() if at else key.end())
        if value is not None:
            return CARD_SET_KIND if value.group("card") else PUZZLES_KIND
    return None


#: What :func:`file_kind` says of a card set, of puzzles in YAML or JSON, and of puzzles as
#: JSON Lines; a transcript is said by :func:`_transcript_kind`'s words.
CARD_SET_KIND: Final = "card set"
PUZZLES_KIND: Final = "puzzles"
PUZZLE_LINES_KIND: Final = "puzzle lines"
TRANSCRIPT_KIND: Final = "transcript"


def file_kind(start: bytes) -> str | None:
    r"""What a file whose first bytes are ``start`` holds, as far as they tell, when it is
    written by hand or by turing as text: :data:`TRANSCRIPT_KIND` (its first line a game's
    or Mastermind games' record), :data:`PUZZLE_LINES_KIND` (its first line one puzzle's
    JSON object), :data:`CARD_SET_KIND` (a ``cards`` key holding mappings) or
    :data:`PUZZLES_KIND` (a ``cards`` key holding numbers), in YAML or JSON, broken or not;
    None for anything else. A byte-order mark and CRLF line ends are read as well.

    >>> file_kind(b"name: garden\ncards:\n  - number: 1\n\ttitle: x\n")
    'card set'
    >>> file_kind(b'{\n "name": "garden",\n "cards": [\n  {\n   "number": 1')
    'card set'
    >>> file_kind(b"- id: my-1\n  cards: [106, 109, 110, 120]\n")
    'puzzles'
    >>> file_kind(b"- id: x\n  cards: [[4, 25], [9, 33]]\n"), file_kind(b"cards:\n- - 4\n")
    ('puzzles', 'puzzles')
    >>> file_kind(b'{"id": "a", "cards": [1, 2, 3, 4], "criteria": [1, 2, 1, 3]}\n')
    'puzzle lines'
    >>> file_kind(b'{"event": "start", "cards": [1, 2, 3, 4]}\n')
    'transcript'
    >>> file_kind(b"<!DOCTYPE html>\n<html>"), file_kind(b"notes: [1, 2]\n")
    (None, None)
    >>> file_kind(b"cards:\n  -\n    number: 1\n"), file_kind(b"cards:\n  - # one\n    number: 1")
    ('card set', 'card set')
    >>> file_kind(b"cards:\n  [{number: 1}]\n"), file_kind(b"- id: a\n  cards: !!seq [4, 9]\n")
    ('card set', 'puzzles')
    >>> file_kind("cards:\n- number: 1\n".encode("utf-16"))
    'card set'
    >>> file_kind(b'\xef\xbb\xbf{"event": "start", "cards": [1, 2, 3, 4]}\n')
    'transcript'
    >>> file_kind(b"# my notes\nI liked these cards: [4, 9, 11]\n")
    """
    return _kind_and_head(start)[0]


def _kind_and_head(start: bytes) -> tuple[str | None, Any]:
    """:func:`file_kind` of ``start``, with the JSON value its first line holds (None when
    it holds none): a transcript's words come from it."""
    text = _start_text(start).lstrip()
    first = text.split("\n", 1)[0]
    try:
        head = read_json(first)
    except ValueError:
        head = None
    if _transcript_kind(head) is not None:
        return TRANSCRIPT_KIND, head
    if isinstance(head, dict) and isinstance(head.get("cards"), list):
        cards = head["cards"]
        if cards and all(isinstance(card, dict) for card in cards):
            return CARD_SET_KIND, head
        return PUZZLE_LINES_KIND, head
    return _cards_value(text), head


def _held_text(path: str | os.PathLike[str], writing: str) -> str | None:
    """What the text file at ``path`` holds that writing ``writing`` there would lose, by
    its start (:func:`file_kind`), said as the reason it is not replaced; None for a file
    of the kind written there, or of no kind known. Raises :class:`OSError` as reading it
    does."""
    with open(path, "rb") as handle:
        start = handle.read(_KIND_START_BYTES)
    kind, head = _kind_and_head(start)
    if kind == TRANSCRIPT_KIND:
        return _transcript_kind(head)
    if kind == CARD_SET_KIND:
        return _("it is a card set")
    if kind == PUZZLES_KIND or (kind == PUZZLE_LINES_KIND and writing != PUZZLE_LINES):
        return _("it is a puzzle file")
    if writing == PUZZLE_LINES:
        lines = _lines_read(start, whole=len(start) < _KIND_START_BYTES)
        if kind == PUZZLE_LINES_KIND and all(map(_written_puzzle, lines)):
            return None
        if kind == PUZZLE_LINES_KIND and all(map(_puzzle_object, lines)):
            return _("it is a puzzle file")
        return _("it exists and is not a file of puzzles as JSON Lines")
    if writing == BOOKLET and not is_booklet(start):
        if _older_booklet(start):
            return _("it holds no booklet mark (a booklet written before booklets carried one?)")
        return _("it exists and is not a booklet")
    return None


def _lines_read(start: bytes, whole: bool) -> list[str]:
    """The lines of a file whose first bytes are ``start`` (all of it when ``whole``; else
    its last line, which may be cut, is left out), without their line ends and without the
    empty end after the last one."""
    lines = _start_text(start).split("\n")
    if not whole or lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def _json_object(line: str) -> dict[str, Any] | None:
    """The JSON object ``line`` holds, or None."""
    try:
        value = read_json(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _puzzle_object(line: str) -> bool:
    """Whether ``line`` holds a puzzle's JSON object, as written by hand or by turing: an
    object with a list of ``cards``."""
    value = _json_object(line)
    return value is not None and isinstance(value.get("cards"), list)


def _written_puzzle(line: str) -> bool:
    r"""Whether ``line`` holds a puzzle as ``generate`` and ``bank export`` write it: an
    object with a known ``mode``, its ``cards``, its ``difficulty`` and as many
    ``verifiers`` as cards, the fields a puzzle written by hand does not carry.

    >>> _written_puzzle('{"id": "C4E-QUHMZT", "mode": "classic", "cards": [1, 6, 14, 15], '
    ...     '"criteria": [2, 1, 1, 2], "difficulty": "easy", "verifiers": 4}')
    True
    >>> _written_puzzle('{"id": "my-1", "cards": [1, 6, 14, 15], "criteria": [2, 1, 1, 2]}')
    False
    """
    value = _json_object(line)
    if value is None:
        return False
    cards, verifiers = value.get("cards"), value.get("verifiers")
    return (
        value.get("mode") in _WRITTEN_MODES
        and isinstance(cards, list)
        and isinstance(value.get("difficulty"), str)
        and type(verifiers) is int
        and verifiers == len(cards)
    )


def is_booklet(start: bytes) -> bool:
    r"""Whether a file whose first bytes are ``start`` is a booklet as turing writes it or
    wrote it: in Markdown a line :data:`MARKDOWN_BOOKLET_MARK` among those read, in HTML
    :data:`HTML_BOOKLET_MARK` in its head, in any case and wherever it stands (as an
    editor's formatter may leave them); or one written before booklets carried the mark,
    known by its structure (:func:`_older_booklet_structure`).

    >>> is_booklet(b"<!-- turing booklet -->\n# Puzzle booklet\n")
    True
    >>> is_booklet(b'<!DOCTYPE html>\n<html><head><meta name="generator" content="turing">')
    True
    >>> is_booklet(b'<!doctype html>\n<html>\n<head>\n<meta charset="utf-8" />\n'
    ...            b'<META NAME="generator" CONTENT="turing" />\n</head>')
    True
    >>> is_booklet(b"# My notes\n"), is_booklet(b"<!DOCTYPE html>\n<html><head></head>")
    (False, False)
    """
    text = _start_text(start).lstrip()
    lines = (line.strip() for line in text.split("\n"))
    if any(_MARKDOWN_MARK.fullmatch(line) for line in lines):
        return True
    head = re.split(r"</head\s*>", text, maxsplit=1, flags=re.I)[0]
    if _HTML_START.match(text) and _HTML_MARK.search(head):
        return True
    return _older_booklet_structure(text)


def _older_booklet_structure(text: str) -> bool:
    """Whether ``text``, a file's start, is a booklet as turing wrote it before booklets
    carried a mark: in HTML the page's head as it was written (its title and its own style
    block), in Markdown the booklet's heading on the first line and the notes grid of its
    first puzzle."""
    older = _OLDER_HTML.match(text)
    if older is not None:
        return all(rule in older.group("style") for rule in _OLDER_CSS_RULES)
    return text.startswith("# ") and _OLDER_NOTES_GRID in text.replace("\r\n", "\n")


def _older_booklet(start: bytes) -> bool:
    """Whether a file whose first bytes are ``start``, not known for a booklet, may still
    be one written before booklets carried a mark: an HTML page, or Markdown with a heading
    on its first line and a table."""
    text = _start_text(start).lstrip()
    if _HTML_START.match(text):
        return True
    return text.startswith("# ") and "|---|" in text


def held_work(path: str | os.PathLike[str], writing: str | None = None) -> str | None:
    """What the file at ``path`` holds that a file of another kind written there would
    lose, said as the reason it is not replaced ("it is a puzzle bank", "it is a saved
    game of turing play", "it is a file of the bank B.db"), in the language in use; None
    when it holds none of these (no file, an empty one, no regular file, one that cannot
    be read unless ``writing``). A save's own writer lets a save of its kind through
    (:func:`save_problem`).

    A bank is known by its first bytes (the SQLite header), the files SQLite keeps beside
    one by their name and the bank beside them; a save as :func:`save_problem` knows it.
    With ``writing`` (:data:`PUZZLE_LINES` or :data:`BOOKLET`), what is written there, a
    text file is known by its start too (:func:`file_kind`): a card set, a game's
    transcript, and puzzles of another form than those written ("it is a puzzle file":
    YAML or JSON under JSON Lines, any puzzles under a booklet, puzzles written by hand as
    JSON Lines or as a ``.json`` file of one puzzle's object) are refused as well, and so is
    every other file but one of the kind written there (puzzles as JSON Lines as turing
    writes them, every line read: :func:`_written_puzzle`; a booklet: :func:`is_booklet`),
    whatever it holds ("it exists and is not a booklet"; "it holds no booklet mark" for
    what may be a booklet written before booklets carried one): a person's notes are lost
    as surely as a card set. Nothing is changed."""
    shown = os.fspath(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
            return None
        marker = _file_marker(path, info.st_size)
    except FileNotFoundError:
        return None
    except OSError as exc:  # with ``writing``: what it holds cannot be told, so it is kept
        return None if writing is None else _unreadable(exc)
    if marker == _BANK_MARKER:
        return _("it is a puzzle bank")
    for suffix in _BANK_SIDE_SUFFIXES:
        if shown.endswith(suffix) and is_sqlite_file(shown[: -len(suffix)]):
            return _("it is a file of the bank {bank}").format(
                bank=shown_name(shown[: -len(suffix)])
            )
    for other in SAVE_FORMATS:
        if marker == other.marker:
            return _("it is {what}").format(what=_(other.holds))
    if writing is None:
        return None
    try:
        return _held_text(path, writing)
    except OSError as exc:
        return _unreadable(exc)


def _unreadable(exc: OSError) -> str:
    """Why a file that cannot be read is not written over: what it holds cannot be told."""
    return _("it cannot be read ({reason})").format(reason=os_reason(exc))


def not_a_transcript(
    path: str | os.PathLike[str], holds_one: Callable[[str | os.PathLike[str]], bool]
) -> str | None:
    """Why a transcript must not be written at ``path``, as
    :func:`turing.core.files.not_a_transcript` says it, a puzzle bank or a saved game named
    for what it is (:func:`held_work`: "cannot write the transcript B.db: it is a puzzle
    bank; give another name"). Nothing is changed."""
    held = held_work(path)
    problem = files_not_a_transcript(path, holds_one)
    if held is None and problem is not None:
        held = _other_transcript(path)
    if held is not None:
        return _("cannot write the transcript {path}: {reason}; give another name").format(
            path=shown_name(path), reason=held
        )
    return problem


def _other_transcript(path: str | os.PathLike[str]) -> str | None:
    """What transcript the file at ``path`` is (:func:`_transcript_kind`), by its first
    line, or None (another file, or one that cannot be read)."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(MAX_SAVE_BYTES)
        head = read_json(first)
    except (OSError, ValueError):
        return None
    return _transcript_kind(head)


def transcript_events(
    path: str | os.PathLike[str], is_ours: Callable[[dict[str, Any]], bool]
) -> list[dict[str, Any]] | None:
    """The events of the transcript at ``path`` whose ``start`` event ``is_ours`` says is
    of the kind wanted (a game's, a match's): none when there is no file, an empty one or
    no regular file (a device, a FIFO); None when the file holds something else (its first
    line no such ``start`` event, a line no event, or too long to be one). Nothing is
    changed."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0:
            return []
        if info.st_size > MAX_SAVE_BYTES:
            return None
        with open(path, "rb") as handle:
            data = read_capped(handle, MAX_SAVE_BYTES)
    except FileNotFoundError:
        return []
    if data is None:
        return None
    events: list[dict[str, Any]] = []
    try:
        for line in data.decode("utf-8-sig").splitlines():  # an editor's byte-order mark too
            event = read_json(line)
            if not isinstance(event, dict) or not isinstance(event.get("event"), str):
                return None
            events.append(event)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deep
        return None
    if not events or events[0]["event"] != "start" or not is_ours(events[0]):
        return None
    return events


def holds_other_transcript(
    found: Sequence[dict[str, Any]],
    ours: Sequence[dict[str, Any]],
    resumed: bool = False,
    same: Callable[[dict[str, Any], dict[str, Any]], bool] = lambda a, b: a == b,
) -> bool:
    """Whether the events ``found`` in a transcript file are those of another game or
    match than the one of ``ours`` (each as JSON gives it back): not when each event found
    is one of ours (``same``), in the same order, nor, for a ``resumed`` one, when the file
    holds it further on (ours the first of its events: the save resumed again). An
    ``abandoned`` event, written when it was left, is none of its events."""
    at = 0
    for event in found:
        if event["event"] == "abandoned":
            continue
        if at == len(ours) and resumed:
            return False
        step = next((i for i in range(at, len(ours)) if same(event, ours[i])), None)
        if step is None:
            return True
        at = step + 1
    return False


def save_problem(
    path: str | os.PathLike[str], kind: SaveFormat, *, trying: bool = False, advice: bool = True
) -> str | None:
    """Why a save of ``kind`` must not be written at ``path``: no regular file is there
    nor can be made (a device, a FIFO, ``/dev/stdout``: a game written there cannot be
    resumed), or a file is there that holds something else than a save of this kind (which
    a save would replace, and lose; a save of another game turing plays is named so); None
    when there is no file, an empty one, or a save of ``kind`` (of any version, even a
    broken one: saving again over a save is the point). ``trying`` makes a new file in the
    folder and removes it at once, so that a folder that takes none (``/proc``, a
    read-only file system) is known before the game; nothing else is changed. A file that
    holds something else is said with what to do ("give another name"), unless ``advice``
    is False: then what is wrong alone, for a caller that says what to do itself.

    A save file is known by its format marker: in its first bytes as turing writes it,
    else (rewritten by a JSON tool) as the ``format`` of the JSON object it holds."""
    shown = shown_name(path)
    try:
        target = write_target(path)
        if trying:
            try_creating(target)
    except WriteTargetError as exc:
        return refused_save(exc)
    except OSError as exc:
        return _("cannot save to {path}: {reason}").format(path=shown, reason=creating_reason(exc))
    if not target.atomic:
        return _advised(
            shown,
            pgettext("why a save is refused", "it is not a regular file"),
            _("give a file name") if advice else None,
        )
    try:
        info = os.stat(path)
        if info.st_size == 0:
            return None
        marker = _file_marker(path, info.st_size)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _("cannot save to {path}: {reason}").format(path=shown, reason=os_reason(exc))
    if marker == kind.marker:
        return None
    reason = pgettext("why a save is refused", "it exists and is not a saved game")
    if marker == _BANK_MARKER:
        reason = pgettext("why a save is refused", "it is a puzzle bank")
    for other in SAVE_FORMATS:
        if marker == other.marker:
            reason = pgettext("why a save is refused", "it holds {what}").format(
                what=_(other.holds)
            )
    return _advised(shown, reason, _("give another name") if advice else None)


def _advised(shown: str, reason: str, advice: str | None) -> str:
    """A save refused at the file named ``shown`` for ``reason``, with what to do
    (``advice``) when there is any."""
    problem = _("cannot save to {path}: {reason}").format(path=shown, reason=reason)
    if advice is None:
        return problem
    return _("{problem}; {advice}").format(problem=problem, advice=advice)


def read_save_file(
    path: str, kind: SaveFormat, error: type[TuringError]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Read a save of ``kind`` and unpack it: the file's object and the packed one. Checks
    the marker, version, packing and that no key is there twice, and names a file that is
    something else (empty, a transcript, a puzzle file, a card set, a puzzle bank, a device
    or a FIFO, a save of another game); every refusal is one line, raised as ``error``.
    Never writes."""
    not_one = _(kind.not_one)
    named = shown_name(path)
    with contextlib.suppress(OSError):
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            # a device (/dev/zero), a FIFO (that would wait for a writer), a socket: nothing
            # to read a game from; checked before opening, as opening a FIFO waits
            raise error(
                _("{path}: {not_one}: it is not a regular file").format(path=named, not_one=not_one)
            )
    try:
        text = read_text(path, max_bytes=MAX_SAVE_BYTES)
    except SourceError as exc:
        raise error(_bank_file(path, not_one) or str(exc)) from None
    try:
        data = read_json(text)
    except json.JSONDecodeError as exc:
        raise error(
            _other_file(text, path, not_one)
            or _("{path}:{line}:{column}: {not_one} (broken JSON: {problem})").format(
                path=named,
                line=exc.lineno,
                column=exc.colno,
                not_one=not_one,
                problem=json_problem(exc.msg, exc),
            )
        ) from None
    if not isinstance(data, dict) or data.get("format") != kind.marker:
        marker = data.get("format") if isinstance(data, dict) else None
        for other in SAVE_FORMATS:
            if marker == other.marker:
                raise error(
                    _("{path}: {not_one}: it is {what}").format(
                        path=named, not_one=not_one, what=_(other.holds)
                    )
                )
        raise error(
            _other_file(text, path, not_one)
            or _('{path}: {not_one} (no "format": "{format}")').format(
                path=named, not_one=not_one, format=kind.marker
            )
        )
    refuse_duplicate_keys(text, path, error)
    version = data.get("version")
    if "version" not in data:
        raise error(_("{path}: corrupted save file: it has no version").format(path=named))
    if not isinstance(version, int) or isinstance(version, bool):
        raise error(
            _(
                "{path}: corrupted save file: its version is {found}, not a whole number "
                "(this turing reads version {version})"
            ).format(path=named, found=shown_value(version), version=kind.version)
        )
    if version != kind.version:
        raise error(
            _(
                "{path}: save file version {found!r} is not supported "
                "(this turing reads version {version})"
            ).format(path=named, found=version, version=kind.version)
        )
    packed = data.get("packed")
    if not isinstance(packed, str):
        raise error(
            _("{path}: corrupted save file: 'packed' is missing or wrong").format(path=named)
        )
    try:
        unpacked = zlib.decompress(base64.b64decode(packed, validate=True)).decode("utf-8")
        inner = read_json(unpacked)
    except (ValueError, zlib.error):
        raise error(
            _("{path}: corrupted save file: the packed game cannot be read").format(path=named)
        ) from None
    refuse_duplicate_keys(unpacked, path, error)
    if not isinstance(inner, dict):
        raise error(
            _("{path}: corrupted save file: the packed game is not an object").format(path=named)
        )
    return data, inner


def _bank_file(path: str, not_one: str) -> str | None:
    """A puzzle bank (an SQLite file) given for a save, said so rather than by its bytes."""
    if is_sqlite_file(path):
        return _("{path}: {not_one}: it is a puzzle bank").format(
            path=shown_name(path), not_one=not_one
        )
    return None


def refuse_duplicate_keys(text: str, path: str, error: type[TuringError]) -> None:
    """A key twice in one object of a save (read already, so valid JSON) makes it a
    corrupted save, as a duplicate key makes a puzzle file bad: turing never writes one."""
    try:
        read_json(text, UNIQUE_KEYS)
    except DuplicateKey as exc:
        raise error(
            _("{path}: corrupted save file: {problem}").format(
                path=shown_name(path), problem=_("duplicate key {name!r}").format(name=exc.name)
            )
        ) from None


def is_mastermind_games(head: object) -> bool:
    """Whether ``head``, a file's first line read as JSON, is one game's record of the
    transcript of Mastermind games ``turing mastermind simulate`` writes."""
    return isinstance(head, dict) and {"secret", "guesses"} <= head.keys()


def is_mastermind_match(head: object) -> bool:
    """Whether ``head``, a file's first line read as JSON, is the ``start`` of a Mastermind
    match's transcript, as ``turing mastermind play`` writes it."""
    return (
        isinstance(head, dict) and head.get("event") == "start" and head.get("game") == "mastermind"
    )


def _transcript_kind(head: object) -> str | None:
    """What transcript a file whose first line holds ``head`` is, said as the reason it is
    not another file ("it is the transcript of a game", of ``turing play``; "it is the
    transcript of a Mastermind match", of ``turing mastermind play``; "it is the
    transcript of Mastermind games", of ``turing mastermind simulate``); None for another
    file."""
    if is_mastermind_match(head):
        return _("it is the transcript of a Mastermind match")
    if isinstance(head, dict) and "event" in head:
        return _("it is the transcript of a game")
    if is_mastermind_games(head):
        return _("it is the transcript of Mastermind games")
    return None


def _other_file(text: str, path: str, not_one: str) -> str | None:
    """What a file that is not a save holds, said as its refusal, when it is plain: an
    empty file, a game's transcript, a puzzle file or a card set; else None."""
    if not text.strip():
        return _("{path}: {not_one}: the file is empty").format(
            path=shown_name(path), not_one=not_one
        )
    try:
        head = read_json(text.lstrip().split("\n", 1)[0])
    except ValueError:
        head = None
    transcript = _transcript_kind(head)
    if transcript is not None:
        return _("{path}: {not_one}: {what}").format(
            path=shown_name(path), not_one=not_one, what=transcript
        )
    if not (isinstance(head, dict) and "cards" in head):
        try:
            head = load_yaml(text, path).plain()
        except TuringError:
            return None
    first = head[0] if isinstance(head, list) and head else head
    cards = first.get("cards") if isinstance(first, dict) else None
    if not isinstance(cards, list):
        return None
    if cards and all(isinstance(card, dict) for card in cards):
        return _("{path}: {not_one}: it is a card set").format(
            path=shown_name(path), not_one=not_one
        )
    return _("{path}: {not_one}: it is a puzzle file").format(
        path=shown_name(path), not_one=not_one
    )


#: Why a file of a game's family is not brought to the game's end when what it holds can
#: no longer be read as a save (said after the result: "The finished game is not saved to
#: FILE: REASON.").
NO_LONGER_A_SAVE: Final = N_("it can no longer be read as a save")


def family_end_reason(path: str | os.PathLike[str], kind: SaveFormat) -> str | None:
    """Why the file of a game's family at ``path`` cannot be brought to the game's end, in
    the words said after the result, in the language in use: it is no longer there (moved
    or deleted), it is a folder, it is not a regular file, it cannot be written (the file
    is read-only), it holds a save of another kind (a saved Mastermind match), or what it
    holds can no longer be read as a save; None when a save of ``kind`` may be written
    there. Whether that save still holds the game is the game's to say. Nothing is
    changed."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return _("it is no longer there")
    except OSError as exc:
        return os_reason(exc)
    if stat.S_ISDIR(info.st_mode):
        return _("it is a folder")
    if not stat.S_ISREG(info.st_mode):
        return _("it is not a regular file")
    try:
        write_target(path)
    except WriteTargetError as exc:
        return exc.reason
    try:
        marker = _file_marker(path, info.st_size)
    except OSError as exc:
        return os_reason(exc)
    if marker == kind.marker:
        return None
    for other in SAVE_FORMATS:
        if marker == other.marker:
            return _("it holds {what}").format(what=_(other.holds))
    return _(NO_LONGER_A_SAVE)
