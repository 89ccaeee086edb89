"""Reading and writing the project's files safely.

* :func:`read_text` reads UTF-8 text with a size limit and names the line and column of a
  NUL byte or an invalid byte sequence.
* :func:`load_yaml` parses YAML into :class:`Node` trees that keep each value's line and
  column, without constructing any tagged object: only mappings, sequences and plain
  scalars are accepted; tags, anchors and aliases are refused; duplicate keys are errors
  (or collected, the first value kept).
* :func:`cached_parse` keeps what a file parses into (a card set) in the user's cache
  folder, keyed by the file's content and the parsing code, so that a later start skips
  the YAML parser; an edited file, or changed code, is parsed again. Only a folder and
  entries this user alone could have written are read.
* :func:`write_target` decides, before any work, how a path is written (or refuses it);
  :func:`open_text_output` and :func:`write_text` write a regular file through a temporary
  file and a rename, so a reader never sees half a file and an interrupted write leaves the
  old file in place, and write a device, a FIFO or ``/dev/stdout`` directly.
* :func:`read_json` is every JSON document the project reads from a user's file (a save,
  a bank's stored puzzle): nesting too deep for the parser is refused as broken JSON.
* :func:`json_line` is every JSON line the project writes (puzzle files, exports,
  transcripts, ``--json`` records), in one form.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import hashlib
import json
import os
import pickle
import re
import stat
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final, TextIO, TypeVar

from turing.core.errors import TuringError
from turing.i18n import N_, _, ngettext

# The YAML parser and the temporary-file module are imported where they are used: a
# command that reads no YAML (a JSONL file, a card set from the parse cache) or writes
# nothing starts without them.
if TYPE_CHECKING:
    from ruamel.yaml.nodes import Node as YAMLNode
    from ruamel.yaml.nodes import ScalarNode

MAX_FILE_BYTES: Final = 4 * 1024 * 1024

T = TypeVar("T")


class SourceError(TuringError):
    """A problem in an input file, with its place: ``source:line:column: message``.

    ``line`` and ``column`` are 1-based; 0 means "the whole file". ``code`` is a stable
    finding code such as ``C002``.
    """

    def __init__(
        self, source: str, line: int, column: int, message: str, code: str = "C000"
    ) -> None:
        super().__init__(message)
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        self.code = code

    def where(self) -> str:
        if self.line <= 0:
            return shown_name(self.source)
        return f"{shown_name(self.source)}:{self.line}:{self.column}"

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


E_FILE: Final = "C001"
E_YAML: Final = "C002"
E_DUPLICATE_KEY: Final = "C003"
E_FORBIDDEN: Final = "C004"


def _position(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, len(data[start:offset].decode("utf-8", errors="replace")) + 1


#: The byte-order marks of the wide encodings an editor may save text in (UTF-32's
#: little-endian mark begins with UTF-16's: it comes first).
_WIDE_MARKS: Final = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def _wide_encoding(data: bytes) -> str | None:
    """The wide encoding ``data`` is plainly written in: by its byte-order mark, or for
    UTF-16 without one, by its first two characters each a zero byte beside another."""
    for mark, encoding in _WIDE_MARKS:
        if data.startswith(mark):
            return encoding
    head = data[:4]
    if len(head) == 4 and (
        (head[1] == head[3] == 0 and head[0] and head[2])
        or (head[0] == head[2] == 0 and head[1] and head[3])
    ):
        return "UTF-16"
    return None


def decode_text(data: bytes, source: str) -> str:
    """Decode UTF-8 bytes, refusing NUL bytes and invalid sequences with their place, and
    text in UTF-16 or UTF-32 as a whole."""
    wide = _wide_encoding(data)
    if wide is not None:
        raise SourceError(
            source,
            0,
            0,
            _("file is {encoding} text, not UTF-8: save it as UTF-8").format(encoding=wide),
            E_FILE,
        )
    nul = data.find(b"\x00")
    if nul >= 0:
        line, col = _position(data, nul)
        raise SourceError(
            source, line, col, _("file contains a NUL byte; expected UTF-8 text"), E_FILE
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _position(data, exc.start)
        raise SourceError(
            source,
            line,
            col,
            _("file is not UTF-8 text (byte {byte}): save it as UTF-8").format(
                byte=f"0x{data[exc.start]:02x}"
            ),
            E_FILE,
        ) from None
    return text.removeprefix("\ufeff")


#: Characters a YAML file may not hold: control characters but tab and line breaks, DEL,
#: the C1 controls but NEL, surrogates (an undecodable byte read from a stream) and U+FFFE/F.
_UNPRINTABLE: Final = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
)


def check_characters(text: str, source: str) -> None:
    """Refuse a character YAML does not allow, at its line and column: a NUL, a byte
    that was not UTF-8 (read from a stream as a surrogate), another control character."""
    found = _UNPRINTABLE.search(text)
    if found is None:
        return
    pos = found.start()
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    char = found.group()
    if char == "\x00":
        message = _("file contains a NUL byte; expected UTF-8 text")
    elif "\udc80" <= char <= "\udcff":
        byte = f"0x{ord(char) - 0xDC00:02x}"
        message = _("file is not UTF-8 text (byte {byte}): save it as UTF-8").format(byte=byte)
    else:
        message = _("control character {code} is not allowed").format(code=f"U+{ord(char):04X}")
    raise SourceError(source, line, col, message, E_FILE)


#: What str.splitlines breaks a line at: none may stand inside a one-line text.
LINE_BREAKS: Final = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
#: The characters that set or override the direction of text (bidi marks, embeddings,
#: overrides, isolates): shown, they would reorder what a terminal prints around them.
DIRECTION_CHARACTERS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: A character that garbles a terminal showing it: a control character (category Cc:
#: U+0000–U+001F, U+007F–U+009F, escape sequences begin with one), a line break, a
#: direction character.
_GARBLING: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(DIRECTION_CHARACTERS)) + "]"
)
#: The same, a line feed allowed (a text of several lines).
_GARBLING_LINES: Final = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029" + "".join(sorted(DIRECTION_CHARACTERS)) + "]"
)


#: The invisible format characters (category Cf) that are part of writing: the zero-width
#: non-joiner and joiner U+200C and U+200D (Persian, the Indic scripts, an emoji sequence
#: such as woman, U+200D, laptop) and the tag characters U+E0020–U+E007F of the emoji flags
#: of regions (Scotland's). A text may hold them; an id, typed to be found, may not.
WRITING_FORMAT_CHARACTERS: Final = frozenset(
    "\u200c\u200d" + "".join(chr(c) for c in range(0xE0020, 0xE0080))
)


def garbling_character(text: str, lines: bool = False, *, writing: bool = True) -> int | None:
    """The index of the first character of ``text`` that would garble a terminal showing
    it — a control character (an escape sequence starts with one), a line break, a
    character that sets the direction of text — or that is not seen at all (an invisible
    format character, category Cf: U+200B, U+2060, U+FEFF, a soft hyphen …, that would
    make two texts looking the same differ) — or None. ``lines``: a line feed is allowed
    (a text of several lines); ``writing``: the format characters that are part of writing
    (:data:`WRITING_FORMAT_CHARACTERS`) are allowed, as in a text; without it (an id) they
    are not. The one test of every text read from a file and shown.

    >>> garbling_character("A46 NXF"), garbling_character("ev\\x1b[2J")
    (None, 2)
    >>> garbling_character("a\\u202eb"), garbling_character("ab\\u200bc")
    (1, 2)
    >>> garbling_character("two\\nlines", lines=True), garbling_character("two\\nlines")
    (None, 3)
    >>> garbling_character("👩\\u200d💻"), garbling_character("👩\\u200d💻", writing=False)
    (None, 1)
    """
    if text.isprintable():
        return None  # a printable text holds no control, line-break or format character
    found = (_GARBLING_LINES if lines else _GARBLING).search(text)
    end = len(text) if found is None else found.start()
    for index in range(end):
        char = text[index]
        if unicodedata.category(char) == "Cf" and not (
            writing and char in WRITING_FORMAT_CHARACTERS
        ):
            return index
    return None if found is None else found.start()


def typed_garbling(line: str) -> int | None:
    """The index of the first character of a typed ``line`` that :func:`garbling_character`
    finds in a text (a tab aside: typed, it is a space between words), or None. A line
    holding one is refused whole, so nothing typed puts into a note or a name what a save
    could not be read back with.

    >>> typed_garbling("note A\tyellow"), typed_garbling("note A \u202eevil")
    (None, 7)
    """
    return garbling_character(line.replace("\t", " "))


def typed_garbling_problem(line: str) -> str | None:
    """Why a typed ``line`` is refused whole (see :func:`typed_garbling`), or None: it holds
    a control character (a stray key), or the invisible or text-direction character named.

    >>> typed_garbling_problem("note A ok") is None
    True
    >>> typed_garbling_problem("note A x\u200by")
    'a line with U+200B, an invisible character, was skipped'
    """
    found = typed_garbling(line)
    if found is None:
        return None
    char = line[found]
    code = f"U+{ord(char):04X}"
    if char in DIRECTION_CHARACTERS:
        return _("a line with {code}, a text-direction character, was skipped").format(code=code)
    if invisible(char):
        return _("a line with {code}, an invisible character, was skipped").format(code=code)
    return _("a line with control characters was skipped")


def invisible(char: str) -> bool:
    """Whether ``char``, found by :func:`garbling_character`, is an invisible format
    character rather than a control, line-break or direction character."""
    return char not in DIRECTION_CHARACTERS and unicodedata.category(char) == "Cf"


#: How many characters of a text value an error message shows before it says "…".
SHOWN_CHARACTERS: Final = 40


def shorten(text: str, limit: int = SHOWN_CHARACTERS) -> str:
    """``text`` cut to ``limit`` characters, the last of them "…" when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown_name(name: str | os.PathLike[str]) -> str:
    """A file's name as a message for people writes it: as it is, spaces and umlauts and
    all, unless it holds a character that is not printed as itself — a control character
    (an escape sequence starts with one), a line break, a text-direction or invisible
    character, a byte that was not UTF-8 — when it is written as Python writes a string,
    quoted, each such character escaped (``\\x1b``, ``\\n``, ``\\u202e``): it cannot recolour a
    terminal, split a one-line message or reorder what is printed around it. The one way
    every message names a file it read (``--json`` gives the name itself, JSON-escaped).

    >>> shown_name("my puzzles/Rätsel.yaml"), shown_name("<stdin>")
    ('my puzzles/Rätsel.yaml', '<stdin>')
    >>> print(shown_name("x\\x1b[31mred\\nline.jsonl"), shown_name("a\\u202eb.yaml"))
    'x\\x1b[31mred\\nline.jsonl' 'a\\u202eb.yaml'
    """
    text = os.fspath(name)
    return text if text.isprintable() else repr(text)


def shown_value(value: Any) -> str:
    """A value of a document as an error message names it: text in quotes and a number
    cut to :data:`SHOWN_CHARACTERS`, ``true``/``false``/``null`` as YAML writes them, and
    a mapping or a list by its kind.

    >>> shown_value({"a": 1}), shown_value(None), shown_value(True), shown_value("x" * 50)
    ('a mapping', 'null', 'true', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'")
    """
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list | tuple):
        return _("a list")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(shorten(value))
    return shorten(str(value))


def size_text(count: int) -> str:
    """A number of bytes as the docs write a limit: ``128 KiB``, ``4 MiB``, ``100 bytes``.

    >>> size_text(128 * 1024), size_text(512 * 1024 * 1024), size_text(1536 * 1024)
    ('128 KiB', '512 MiB', '1536 KiB')
    """
    if count >= 1024 * 1024 and count % (1024 * 1024) == 0:
        return f"{count // (1024 * 1024)} MiB"
    if count >= 1024 and count % 1024 == 0:
        return f"{count // 1024} KiB"
    return ngettext("{n} byte", "{n} bytes", count).format(n=count)


#: The most :func:`read_capped` asks for at once from a file whose size it cannot know.
READ_CHUNK_BYTES: Final = 1024 * 1024


def read_capped(handle: BinaryIO, max_bytes: int) -> bytes | None:
    """What ``handle`` holds from where it stands, or None when that is more than
    ``max_bytes`` bytes, without setting aside room for the whole allowance: a regular
    file is read by its size (and on, a chunk at a time, should it grow meanwhile) and one
    larger than the allowance not read at all; anything else (a pipe, a device) is read a
    chunk at a time. A file of a few hundred bytes needs that much memory, however large
    the allowance.
    """
    limit = max_bytes + 1
    try:
        info: os.stat_result | None = os.fstat(handle.fileno())
    except (OSError, AttributeError, ValueError):  # no descriptor (a stream in memory)
        info = None
    want = READ_CHUNK_BYTES
    if info is not None and stat.S_ISREG(info.st_mode):
        left = max(info.st_size - handle.tell(), 0)
        if left > max_bytes:
            return None
        want = left + 1
    chunks: list[bytes] = []
    size = 0
    want = min(want, limit)
    while size < limit:
        chunk = handle.read(want)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        want = min(READ_CHUNK_BYTES, limit - size)
    return None if size > max_bytes else b"".join(chunks)


def read_text(path: str | os.PathLike[str], max_bytes: int = MAX_FILE_BYTES) -> str:
    """Read a UTF-8 text file of at most ``max_bytes`` bytes."""
    source = str(path)
    try:
        with open(path, "rb") as handle:
            data = read_capped(handle, max_bytes)
    except FileNotFoundError:
        raise SourceError(source, 0, 0, _("no such file"), E_FILE) from None
    except IsADirectoryError:
        raise SourceError(source, 0, 0, _("is a folder, not a file"), E_FILE) from None
    except OSError as exc:
        raise SourceError(
            source, 0, 0, _("cannot read: {reason}").format(reason=os_reason(exc)), E_FILE
        ) from None
    if data is None:
        raise _too_large(source, max_bytes)
    return read_bytes_text(data, source, max_bytes)


def _too_large(source: str, max_bytes: int) -> SourceError:
    return SourceError(
        source, 0, 0, _("file is larger than {size}").format(size=size_text(max_bytes)), E_FILE
    )


def read_bytes_text(data: bytes, source: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """Bytes already read (standard input) as :func:`read_text` reads a file: at most
    ``max_bytes`` of UTF-8 text; ``source`` names them in an error."""
    if len(data) > max_bytes:
        raise _too_large(source, max_bytes)
    return decode_text(data, source)


@dataclass(frozen=True, slots=True)
class Node:
    """A YAML value with its 1-based position. ``value`` is a dict of str → Node,
    a list of Node, or a scalar (str, int, float, bool or None)."""

    value: Any
    line: int
    column: int
    source: str = field(default="", compare=False)
    quoted: bool = False
    #: For a mapping: each key's own (line, column).
    key_marks: dict[str, tuple[int, int]] | None = field(default=None, compare=False)

    def error(self, message: str, code: str) -> SourceError:
        return SourceError(self.source, self.line, self.column, message, code)

    def plain(self) -> Any:
        """The value with all positions dropped."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value

    def keys(self) -> Iterator[str]:
        assert isinstance(self.value, dict)
        return iter(self.value)


_SCALAR_TAGS: Final = {
    "tag:yaml.org,2002:str": "str",
    "tag:yaml.org,2002:int": "int",
    "tag:yaml.org,2002:float": "float",
    "tag:yaml.org,2002:bool": "bool",
    "tag:yaml.org,2002:null": "null",
    # a date or a time (2024-01-02, an id written so) is the text it is: no value of a
    # puzzle or a card set is a date
    "tag:yaml.org,2002:timestamp": "str",
}


def _tag(node: YAMLNode) -> str:
    tag = node.tag
    return str(getattr(tag, "value", tag))


def _forbidden_tag(node: YAMLNode, source: str) -> SourceError:
    """The error for a node whose YAML tag is not plain data."""
    return SourceError(
        source,
        node.start_mark.line + 1,
        node.start_mark.column + 1,
        _("YAML tag {tag!r} is not allowed").format(tag=_tag(node)),
        E_FORBIDDEN,
    )


#: an integer as a file may write it: decimal digits, no leading zero, an optional minus
_DECIMAL: Final = re.compile(r"-?(?:0|[1-9][0-9]*)")
#: the other integers of YAML: hexadecimal, octal, binary, with _ or a leading zero or +
_YAML_INTEGER: Final = re.compile(r"[-+]?(?:0[xX][0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*)")


def yaml_integer(node: Node) -> int | None:
    """The number an unquoted value not written in plain decimal digits stands for in YAML
    (``0x10`` → 16, ``1_0`` → 10, ``010`` → 10), for a message that says how to write it;
    None for any other value."""
    text = node.value
    if not isinstance(text, str) or node.quoted or not _YAML_INTEGER.fullmatch(text):
        return None
    cleaned = text.replace("_", "")
    try:
        if cleaned.lstrip("+-")[:2].lower() in ("0x", "0o", "0b"):
            return int(cleaned, 0)
        return int(cleaned)
    except ValueError:
        return None


def _scalar(node: ScalarNode, source: str) -> Node:
    line, col = node.start_mark.line + 1, node.start_mark.column + 1
    kind = _SCALAR_TAGS.get(_tag(node))
    text: str = node.value
    if node.style == ">":
        # The round-trip scanner marks each fold of a folded scalar with a BEL.
        text = text.replace("\a", "")
    quoted = node.style in ("'", '"')
    value: Any
    if kind is None:
        raise _forbidden_tag(node, source)
    if _SURROGATE.search(text):
        # escapes of a double-quoted text (the file itself holds no surrogate): a pair
        # is the one character it stands for, as JSON reads it; half of one is none
        text = _SURROGATE_PAIR.sub(_paired, text)
        half = _SURROGATE.search(text)
        if half is not None:
            escape = f"\\u{ord(half.group()):04x}"
            raise SourceError(source, line, col, _surrogate_problem(escape), E_FILE)
    if kind == "str":
        value = text
    elif kind == "int":
        # only plain decimal digits are a number; what YAML would also read as one (0x10,
        # 0o3, 0b10, 1_0, 010, +5) stays the text it is, refused where a number is due
        # (see :func:`yaml_integer`)
        try:
            value = int(text) if _DECIMAL.fullmatch(text) else text
        except ValueError:
            value = text
    elif kind == "float":
        try:
            value = float(text)
        except ValueError:
            value = text
    elif kind == "bool":
        value = text.lower() in ("true", "yes", "on")
    else:
        value = None
    return Node(value, line, col, source, quoted)


#: a YAML tag as written: verbatim (``!<tag:yaml.org,2002:int>``) or a shorthand (``!!int``,
#: ``!``, ``!local``)
_WRITTEN_TAG: Final = re.compile(r"!<[^>]*>?|![^\s,\[\]{}]*")


def _left_empty(node: YAMLNode) -> bool:
    """Whether ``node`` is a value the file leaves out (``key:`` with nothing after it), not
    one written (``~``, ``null``, ``""``)."""
    from ruamel.yaml.nodes import ScalarNode

    return (
        isinstance(node, ScalarNode)
        and node.value == ""
        and node.style is None
        and _tag(node) == "tag:yaml.org,2002:null"
    )


def _convert(
    root: YAMLNode, source: str, text: str, duplicates: list[SourceError] | None = None
) -> Node:
    """Turn a composed node graph into Nodes, iteratively (deep files cannot overflow).

    Every tag written in the file is refused (``text`` is what was composed): also one
    that names plain data (``!!int 1``, ``!!str 1``, the non-specific ``!``), which the
    composer would resolve to the same node as the untagged value. A key given twice is
    refused, or, when ``duplicates`` is a list, noted there and its later value ignored
    (the first one kept)."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    seen: set[int] = set()

    def check(node: YAMLNode) -> None:
        if id(node) in seen or getattr(node, "anchor", None):
            raise SourceError(
                source,
                node.start_mark.line + 1,
                node.start_mark.column + 1,
                _("YAML anchors and aliases are not allowed"),
                E_FORBIDDEN,
            )
        seen.add(id(node))
        written = _WRITTEN_TAG.match(text, node.start_mark.index)
        if written is not None:
            raise SourceError(
                source,
                node.start_mark.line + 1,
                node.start_mark.column + 1,
                _("YAML tag {tag!r} is not allowed").format(tag=written.group()),
                E_FORBIDDEN,
            )

    def shell(node: YAMLNode) -> Node:
        check(node)
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        if isinstance(node, MappingNode):
            if _tag(node) != "tag:yaml.org,2002:map":
                raise _forbidden_tag(node, source)
            return Node({}, line, col, source, key_marks={})
        if isinstance(node, SequenceNode):
            if _tag(node) != "tag:yaml.org,2002:seq":
                raise _forbidden_tag(node, source)
            return Node([], line, col, source)
        assert isinstance(node, ScalarNode)
        return _scalar(node, source)

    top = shell(root)
    stack: list[tuple[YAMLNode, Node]] = [(root, top)]
    while stack:
        raw, built = stack.pop()
        if isinstance(raw, MappingNode):
            for key_node, value_node in raw.value:
                check(key_node)
                if not isinstance(key_node, ScalarNode):
                    raise SourceError(
                        source,
                        key_node.start_mark.line + 1,
                        key_node.start_mark.column + 1,
                        _("mapping keys must be plain words"),
                        E_YAML,
                    )
                key = _scalar(key_node, source)
                # A null key is named as YAML writes it (``null``, also for ``~``), an
                # empty one (``: value``) by the empty name.
                null_name = "null" if key_node.value else ""
                name = null_name if key.value is None else str(key.value)
                if name in built.value:
                    twice = SourceError(
                        source,
                        key.line,
                        key.column,
                        _("duplicate key {name!r}").format(name=name),
                        E_DUPLICATE_KEY,
                    )
                    if duplicates is None:
                        raise twice
                    duplicates.append(twice)
                    continue
                child = shell(value_node)
                if _left_empty(value_node):
                    # ``key:`` and nothing: the parser places the missing value at the
                    # next token (the next line's key); it is the key's, after its end
                    end = key_node.end_mark
                    child = replace(child, line=end.line + 1, column=end.column + 1)
                built.value[name] = child
                if built.key_marks is not None:
                    built.key_marks[name] = (key.line, key.column)
                if isinstance(value_node, MappingNode | SequenceNode):
                    stack.append((value_node, child))
        elif isinstance(raw, SequenceNode):
            for item in raw.value:
                child = shell(item)
                built.value.append(child)
                if isinstance(item, MappingNode | SequenceNode):
                    stack.append((item, child))
    return top


#: Deepest nesting of collections a YAML file may have (real files use fewer than 10).
MAX_NESTING: Final = 32
#: Most ``[``/``{`` within 1,024 characters of one line (a JSON line of puzzles has ~40).
MAX_OPENERS_PER_KIB: Final = 256

_SPECIAL: Final = re.compile(r"""[\[\]{}'"#]""")
_OPENER: Final = re.compile(r"[\[{]")
_BLOCK_SCALAR: Final = re.compile(r"(?:^|[\s:-])[|>][-+0-9]*\s*$")


def _too_deep(source: str, line: int, column: int, limit: int) -> SourceError:
    return SourceError(
        source,
        line,
        column,
        _("YAML nested deeper than {limit} levels").format(limit=limit),
        E_YAML,
    )


def _previous(line: str, pos: int) -> int:
    """Index of the last non-blank character before ``pos`` (−1 when none)."""
    j = pos - 1
    while j >= 0 and line[j] in " \t":
        j -= 1
    return j


def _value_starts(line: str, pos: int, flow: int) -> bool:
    """Whether a quote or bracket at ``pos`` begins a YAML value (not plain text)."""
    j = _previous(line, pos)
    if j < 0:
        return True
    prev = line[j]
    if flow and prev in "[{,":
        return True
    if prev in "-?:" and j < pos - 1:
        return True
    # JSON style "key":"value" (no blank after the colon of a quoted key).
    return bool(flow and prev == ":" and j > 0 and line[j - 1] in "\"'")


def check_openers(line: str, source: str, number: int) -> None:
    """Refuse a line with more than :data:`MAX_OPENERS_PER_KIB` brackets (``[``, ``{``)
    within any 1,024 characters; ``number`` is the line's number in ``source``."""
    if line.count("[") + line.count("{") <= MAX_OPENERS_PER_KIB:
        return
    openers = [m.start() for m in _OPENER.finditer(line)]
    for i in range(len(openers) - MAX_OPENERS_PER_KIB):
        if openers[i + MAX_OPENERS_PER_KIB] - openers[i] < 1024:
            raise SourceError(
                source,
                number,
                openers[i + MAX_OPENERS_PER_KIB] + 1,
                _("more than {count} '[' or '{{' within 1,024 characters of one line").format(
                    count=MAX_OPENERS_PER_KIB
                ),
                E_YAML,
            )


def check_nesting(text: str, source: str, limit: int = MAX_NESTING) -> None:
    """Refuse YAML nested deeper than ``limit`` before the parser sees it.

    The YAML scanner keeps one pending key per open ``[``/``{`` of a line and walks them
    all for every token (10,000 brackets on a line take minutes), and the composer
    recurses once per level, so nesting is bounded here by a linear lexical pass over
    flow brackets (outside quotes and comments), block indentation and ``- `` markers. It
    may count a level too few, never one too many on ordinary files. As a backstop that
    no quoting can hide, a line may hold at most :data:`MAX_OPENERS_PER_KIB` brackets
    within any 1,024 characters.
    """
    flow = 0
    indents: list[int] = []
    quote = ""
    block_scalar_indent = -1
    for number, line in enumerate(text.split("\n"), start=1):
        check_openers(line, source, number)
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if block_scalar_indent >= 0:
            if not stripped.strip() or indent > block_scalar_indent:
                continue
            block_scalar_indent = -1
        start = 0
        if not quote and flow == 0:
            if not stripped.strip() or stripped.startswith("#"):
                continue
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
            col = indent
            while line[col : col + 2] in ("- ", "? ") or line[col:] in ("-", "?"):
                col += 1
                while col < len(line) and line[col] == " ":
                    col += 1
                if col >= len(line) or line[col] == "#":
                    break
                indents.append(col)
                if len(indents) > limit:
                    raise _too_deep(source, number, col + 1, limit)
            if len(indents) > limit:
                raise _too_deep(source, number, indent + 1, limit)
            start = col
        comment_at = len(line)
        for match in _SPECIAL.finditer(line, start):
            pos = match.start()
            char = match.group()
            if quote:
                if char != quote:
                    continue
                if quote == '"':
                    j = pos - 1
                    while j >= 0 and line[j] == "\\":
                        j -= 1
                    if (pos - 1 - j) % 2:
                        continue  # an escaped quote
                    quote = ""
                elif line[pos + 1 : pos + 2] != "'":
                    quote = ""
                continue
            if char == "#":
                if pos == 0 or line[pos - 1] in " \t":
                    comment_at = pos
                    break
                continue
            if char in "'\"":
                if _value_starts(line, pos, flow):
                    quote = char
                continue
            if char in "[{":
                if flow or _value_starts(line, pos, flow):
                    flow += 1
                    if flow + len(indents) > limit:
                        raise _too_deep(source, number, pos + 1, limit)
            elif flow:
                flow -= 1
        if not quote and flow == 0 and _BLOCK_SCALAR.search(line[:comment_at].rstrip()):
            block_scalar_indent = indent


#: The YAML parser's own words for what it found, as a person reads them.
_YAML_PROBLEMS: Final = (
    (re.compile(r"mapping values are not allowed here"), N_("a ':' is not allowed here")),
    (re.compile(r"found unexpected end of stream"), N_("the file ends in the middle of a value")),
    (re.compile(r"could not find expected ':'"), N_("a ':' is missing")),
    (re.compile(r"did not find expected key"), N_("a key is missing here")),
    (re.compile(r"did not find expected '-' indicator"), N_("a '-' is missing here")),
    (
        re.compile(r"but found another document"),
        N_("a second YAML document starts here; a file holds one document"),
    ),
    (
        # After a flow value (JSON's), the parser names the next token as a tuple.
        re.compile(r"expected '<document start>', but found .+"),
        N_("more text after the end of the value; a file holds one value"),
    ),
    (
        re.compile(r"found unknown escape character (?P<char>.+)"),
        N_("{char} after a backslash is not an escape a quoted text may hold"),
    ),
    (
        re.compile(r"found undefined alias (?P<name>.+)"),
        N_("the alias {name} names no anchor (anchors and aliases are not allowed)"),
    ),
    (
        re.compile(r"found character '\\t' that cannot start any token"),
        N_("a tab cannot start a value (indent with spaces, not tabs)"),
    ),
    (
        re.compile(r"found character (?P<char>.+) that cannot start any token"),
        N_("the character {char} cannot start a value (put the value in quotes)"),
    ),
    (
        # The scanner leaves the comma out before a few of its "but found"s.
        re.compile(r"expected (?P<expected>.+?),? but (?:got|found) (?P<found>.+)"),
        N_("expected {expected}, found {found}"),
    ),
)
_YAML_TOKENS: Final = {
    "'<stream end>'": N_("the end of the file"),
    "<block end>": N_("the end of the block"),
    "'<block end>'": N_("the end of the block"),
    "'<block mapping start>'": N_("a new mapping"),
    "'<block sequence start>'": N_("a new list"),
    "'<scalar>'": N_("a value"),
    "'<alias>'": N_("an alias ('*')"),
    "'<anchor>'": N_("an anchor ('&')"),
    "'<tag>'": N_("a tag ('!')"),
    "'?'": N_("a key"),
    "'<document start>'": N_("a new document ('---')"),
    "'<document end>'": N_("the end of the document ('...')"),
    "'<directive>'": N_("a directive ('%')"),
    "'<comment>'": N_("a comment ('#')"),
    # What the parser and the scanner expected, in their own words.
    "the node content": N_("a value"),
    "alphabetic or numeric character": N_("a letter or a digit"),
    "a digit": N_("a digit"),
    "a digit or '.'": N_("a digit or '.'"),
    "' '": N_("a space"),
    "a comment or a line break": N_("a comment or the end of the line"),
    "indentation indicator in the range 1-9": N_("an indentation indicator from 1 to 9"),
    "chomping or indentation indicators": N_(
        "an indicator after '|' or '>' ('+', '-' or a digit from 1 to 9)"
    ),
    "URI": N_("a URI"),
    "a single document in the stream": N_("a single document"),
    # The characters the scanner names as found.
    "'\\n'": N_("the end of the line"),
    "'\\r'": N_("the end of the line"),
    "'\\t'": N_("a tab"),
    "'\\x00'": N_("the end of the file"),
}
#: An escape the scanner expected: ``\x`` and its kin in a double-quoted value, ``%`` in
#: a tag.
_YAML_ESCAPE: Final = re.compile(
    r"(?P<uri>URI )?escape sequence of (?P<count>\d+) hexdecimal numbers"
)


#: The YAML parser's context of a problem whose start a message names: the quoted value a
#: file ends in, the '[' or '{' a flow collection is not closed with
_QUOTED_CONTEXT: Final = re.compile(r"while scanning a (?:double-|single-)?quoted scalar")
_FLOW_CONTEXT: Final = re.compile(r"while parsing a flow (?P<kind>sequence|mapping)")
_SIMPLE_KEY_CONTEXT: Final = re.compile(r"while scanning a simple key")


def yaml_begun(problem: str, context: str, line: int, column: int, value: str | None) -> str | None:
    """The parser's ``problem`` with the place its ``context`` began (1-based ``line`` and
    ``column``), as an expression names the ``(`` a missing ``)`` would close; None when
    the context adds nothing a reader needs.

    >>> print(yaml_begun("found unexpected end of stream",
    ...     "while scanning a quoted scalar", 1, 7, None))
    the quoted value begun at line 1, column 7 is not closed: the file ends in it
    >>> print(yaml_begun("expected ',' or ']', but got '-'",
    ...     "while parsing a flow sequence", 3, 15, None))
    expected ',' or ']' to close the '[' at line 3, column 15, found '-'
    """
    problem = problem.strip()
    if _QUOTED_CONTEXT.fullmatch(context) and problem == "found unexpected end of stream":
        return _(
            "the quoted value begun at line {line}, column {column} is not closed: the file "
            "ends in it"
        ).format(line=line, column=column)
    flow = _FLOW_CONTEXT.fullmatch(context)
    said = re.fullmatch(r"expected (?P<expected>.+), but (?:got|found) (?P<found>.+)", problem)
    if flow is not None and said is not None:
        return _(
            "expected {expected} to close the {opener} at line {line}, column {column}, "
            "found {found}"
        ).format(
            expected=_yaml_token(said["expected"]),
            opener="'['" if flow["kind"] == "sequence" else "'{'",
            line=line,
            column=column,
            found=_yaml_token(said["found"], value),
        )
    if _SIMPLE_KEY_CONTEXT.fullmatch(context) and problem == "could not find expected ':'":
        return _("a ':' is missing after the key at line {line}, column {column}").format(
            line=line, column=column
        )
    return None


def yaml_problem(problem: str, value: str | None = None) -> str:
    """The YAML parser's ``problem`` in the language in use (as it is when not known);
    ``value``, the text of the value the parser found where it expected something else
    (see :func:`value_text`), is named when it found one.

    >>> print(yaml_problem("expected ',' or '}', but got '<scalar>'", '"criteria"'))
    expected ',' or '}', found the value "criteria"
    >>> print(yaml_problem("expected <block end>, but found '<scalar>'"))
    expected the end of the block, found a value
    """
    for pattern, message in _YAML_PROBLEMS:
        match = pattern.fullmatch(problem.strip())
        if match is not None:
            parts = {key: _yaml_token(text, value) for key, text in match.groupdict().items()}
            return _(message).format(**parts)
    return problem


_EITHER: Final = re.compile(r"('[^']+') or ('[^']+')")


def _yaml_token(text: str, value: str | None = None) -> str:
    """A token the YAML parser names (``'<stream end>'``, ``',' or ']'``) for reading; a
    value (``'<scalar>'``) by its ``value`` text when it is known."""
    if text == "'<scalar>'" and value:
        return _("the value {text}").format(text=value)
    if text in _YAML_TOKENS:
        return _(_YAML_TOKENS[text])
    escape = _YAML_ESCAPE.fullmatch(text)
    if escape is not None:
        count = int(escape["count"])
        if escape["uri"]:
            return ngettext(
                "a '%' and {count} hexadecimal digit", "a '%' and {count} hexadecimal digits", count
            ).format(count=count)
        return ngettext(
            "an escape of {count} hexadecimal digit",
            "an escape of {count} hexadecimal digits",
            count,
        ).format(count=count)
    either = _EITHER.fullmatch(text)
    if either is not None:
        return _("{first} or {second}").format(first=either[1], second=either[2])
    return text


#: A quoted YAML scalar at the start of a text, its quotes and escapes as written.
_QUOTED_SCALAR: Final = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\n]|\'\')*\'')
#: A plain YAML scalar at the start of a text, as far as one line of it goes: up to a
#: ": " or " #", a flow indicator or the end of the line.
_PLAIN_SCALAR: Final = re.compile(
    r"(?:[^\s:#,\[\]{}]|:(?=[^\s,\[\]{}])|(?<=\S)#)"
    r"(?:[^\n:#,\[\]{}]|:(?=[^\s,\[\]{}])|(?<=\S)#)*"
)


#: a line of a block mapping: its indentation and list dashes, a plain key, and the ':'
#: after it with the value (if any) on the line
_KEY_LINE: Final = re.compile(
    r"(?P<lead>[ ]*(?:-[ ]+)*)(?P<key>[^\s:#\-][^:#]*?):(?:[ ]+(?P<value>.*))?"
)


def yaml_indent_column(
    text: str, problem: str, line: int, column: int, context: str | None, begun: int | None
) -> int | None:
    """The column (1-based) the key at 0-based ``line`` and ``column`` of ``text`` lines up
    at to be one of the keys above it, when the parser's ``problem`` there is a key
    indented other than they are: the mapping's own column when the parser names the
    mapping (``begun``, 0-based, of a ``context`` of a block mapping), else the column of
    the key on the line above; None when the problem is another or the keys above are not
    known.

    >>> yaml_indent_column("a: 1\\n   b: 2\\n", "mapping values are not allowed here",
    ...     1, 4, None, None)
    1
    >>> yaml_indent_column("- id: t\\n  cards: [1]\\n   criteria: [1]\\n",
    ...     "expected <block end>, but found '<block mapping start>'", 2, 3,
    ...     "while parsing a block mapping", 2)
    3
    """
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    here = _KEY_LINE.fullmatch(lines[line].rstrip("\r"))
    if here is None or here["lead"].strip():
        return None
    indent = len(here["lead"])
    problem = problem.strip()
    if problem == "expected <block end>, but found '<block mapping start>'":
        if column != indent:
            return None
        if context is not None and begun is not None and context == "while parsing a block mapping":
            return begun + 1
        above = _key_above(lines, line)
        return None if above is None or above[0] == indent else above[0] + 1
    if problem == "mapping values are not allowed here":
        if column != indent + len(here["key"]):
            return None
        above = _key_above(lines, line)
        # a key further in than the one above, which has its value on its own line
        if above is None or above[0] >= indent or not above[1]:
            return None
        return above[0] + 1
    return None


def _key_above(lines: list[str], line: int) -> tuple[int, bool] | None:
    """The 0-based column of the key on the nearest line above ``line`` that holds
    something (blank and comment lines are passed over), and whether its value is on that
    line; None when that line is not a key's."""
    for earlier in reversed(lines[:line]):
        stripped = earlier.strip()
        if not stripped or stripped.startswith("#"):
            continue
        found = _KEY_LINE.fullmatch(earlier.rstrip("\r"))
        if found is None:
            return None
        return len(found["lead"]), bool((found["value"] or "").strip())
    return None


def value_text(text: str, line: int, column: int) -> str | None:
    """The value (a YAML scalar) that starts at 0-based ``line`` and ``column`` of
    ``text``, as an error message names it: a quoted one as written, a plain one in
    quotes; None when no one-line value starts there.

    >>> value_text('{"a": 1 "b": 2}', 0, 8), value_text("id: 'x'y", 0, 7)
    ('"b"', "'y'")
    """
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    rest = lines[line][column:]
    quoted = _QUOTED_SCALAR.match(rest)
    if quoted is not None:
        found = quoted.group()
        shown = found if found.isprintable() else repr(found)
        return shorten(shown)
    plain = _PLAIN_SCALAR.match(rest)
    if plain is None or not plain.group().strip():
        return None
    return shown_value(plain.group().strip())


#: The JSON parser's messages (``json.JSONDecodeError.msg``), as a person reads them.
_JSON_PROBLEMS: Final = {
    "Expecting value": N_("a value is missing"),
    "Expecting ',' delimiter": N_("a ',' is missing"),
    "Expecting ':' delimiter": N_("a ':' is missing"),
    "Expecting property name enclosed in double quotes": N_("a key in double quotes is missing"),
    "Extra data": N_("more text after the value"),
    "Unterminated string starting at": N_("a text is not closed with '\"'"),
    "Invalid control character at": N_("a control character inside a text"),
    "Illegal trailing comma before end of array": N_("a ',' before the closing ']'"),
    "Illegal trailing comma before end of object": N_("a ',' before the closing '}}'"),
    "Nested too deeply": N_("arrays or objects nested deeper than {limit} levels"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)": N_(
        "the text starts with a byte order mark (U+FEFF), which JSON does not allow"
    ),
}
#: The parser's messages that go on with what they found (Python's own parser writes
#: ``Invalid \escape: 'q'``, the C one ``Invalid \escape``): by how they begin.
_JSON_PROBLEM_STARTS: Final = {
    "Invalid control character": _JSON_PROBLEMS["Invalid control character at"],
    "Unterminated string starting at": _JSON_PROBLEMS["Unterminated string starting at"],
}
#: An integer part "0" (or "-0") that a digit follows: JSON writes no leading zero, and
#: the parser reads the "0" as the number, then misses a ',' before the digit.
_ZERO_BEFORE: Final = re.compile(r"(?<![\w.+-])-?0\Z")


def _surrogate_problem(escape: str) -> str:
    return _(
        "{escape} is half of a UTF-16 surrogate pair, not a character: write the character itself"
    ).format(escape=escape)


def json_problem(message: str, error: json.JSONDecodeError | None = None) -> str:
    """The JSON parser's ``message`` in the language in use (as it is when not known);
    with the parser's ``error``, a missing ``,`` is said with the bracket that could
    also have come there, the closing one of the innermost array or object still open.

    >>> try:
    ...     json.loads('{"cards": [4, 9, 11, 14]')
    ... except json.JSONDecodeError as exc:
    ...     print(json_problem(exc.msg, exc))
    a ',' or the closing '}' is missing
    """
    if message == "Lone surrogate" and error is not None:
        return _surrogate_problem(error.doc[error.pos : error.pos + 6])
    if error is not None and message in ("Expecting ',' delimiter", "Number with leading zero"):
        start = error.pos if message != "Expecting ',' delimiter" else _leading_zero(error)
        number = None if start is None else re.match(r"-?[0-9]+", error.doc[start:])
        if number is not None:
            digits = number.group()
            written = ("-" if digits.startswith("-") else "") + (digits.lstrip("-0") or "0")
            return _("{number}: a number in JSON does not start with 0 (write {written})").format(
                number=digits, written=written
            )
    if error is not None and message in ("Expecting ',' delimiter", "Expecting value"):
        said = _number_point_problem(error)
        if said is not None:
            return said
    if error is not None and message == _NOT_A_NUMBER:
        word = _NUMBER_WORD.match(error.doc, error.pos)
        if word is not None:
            return _number_problem(word.group())
    if message.startswith("Invalid \\escape"):
        return _(
            '{escape} is no escape JSON knows (\\n, \\t, \\", \\\\, \\uXXXX …); '
            "a '\\' itself is written \\\\"
        ).format(escape=_escape_at(message, error, 2))
    if message.startswith("Invalid \\uXXXX escape"):
        return _(
            "{escape} is no escape JSON knows: '\\u' is followed by four hexadecimal "
            "digits (\\u00e9)"
        ).format(escape=_escape_at(message, error, 6))
    if message == "Expecting ',' delimiter" and error is not None:
        opened: list[str] = []
        for token in _JSON_TOKEN.finditer(error.doc, 0, error.pos):
            text = token.group()
            if text in "[{":
                opened.append(text)
            elif text in "]}" and opened:
                opened.pop()
        if opened:
            closing = "}" if opened[-1] == "{" else "]"
            return _("a ',' or the closing '{bracket}' is missing").format(bracket=closing)
    known = _JSON_PROBLEMS.get(message)
    if known is None:
        known = next(
            (text for start, text in _JSON_PROBLEM_STARTS.items() if message.startswith(start)),
            None,
        )
    return message if known is None else _(known).format(limit=MAX_JSON_NESTING)


def _number_point_problem(error: json.JSONDecodeError) -> str | None:
    """A number whose decimal point has no digit after it (``1.``) or before it (``.5``),
    said so, where a JSON parser's ``error`` is at that point; None when it is not."""
    doc, pos = error.doc, error.pos
    if doc[pos : pos + 1] != ".":
        return None
    after = re.match(r"\.[0-9]+", doc[pos:])
    before = re.search(r"-?[0-9]+$", doc[:pos])
    if before is not None and after is None:
        return _number_problem(before.group() + ".")
    if before is None and after is not None:
        return _number_problem(after.group())
    return None


#: The message :func:`read_json` raises a number JSON does not know with (``-.5``, ``1e``,
#: ``+1``, ``0x10``, ``NaN``), at the number's first character: :func:`json_problem`
#: words it from the number there.
_NOT_A_NUMBER: Final = "Not a JSON number"
#: A number as JSON writes it.
_JSON_NUMBER: Final = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
#: A word that is meant as a number, as far as it goes (``-.5``, ``1e+``, ``0x10``).
_NUMBER_WORD: Final = re.compile(r"[-+]?(?:NaN|Infinity)\b|[-+.0-9][-+.\w]*")
#: The characters a number may have before the one a parser stopped at.
_NUMBER_CHARACTERS: Final = frozenset("0123456789+-.eE")
#: What a JSON parser reads as a number that JSON has not (Python's writes and reads them).
_CONSTANTS: Final = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)|-?(?:NaN|Infinity)', re.DOTALL)


def _number_problem(number: str) -> str:
    """What is wrong with ``number``, written where a JSON number belongs, and how JSON
    writes it.

    >>> for number in ("-.5", "-", "1e+", "1.e5", "2.", "+1", "0x10", "NaN", "1.5.2"):
    ...     print(_number_problem(number))
    -.5: a number in JSON has a digit before its '.' (write -0.5)
    -: a number in JSON has a digit after its '-'
    1e+: a number in JSON has a digit after its 'e+' (1e5, 1e+5, 1e-5)
    1.e5: a number in JSON has a digit after its '.' (write 1e5 or 1.0e5)
    2.: a number in JSON has a digit after its '.' (write 2 or 2.0)
    +1: a number in JSON has no '+' before it (write 1)
    0x10: a number in JSON is written in decimal digits (write 16)
    NaN: JSON has no NaN or Infinity, only numbers written in digits
    1.5.2: not a number JSON knows (it writes -12, 0.5, 1e5)
    """
    if number.lstrip("+-") in ("NaN", "Infinity"):
        return _("{number}: JSON has no NaN or Infinity, only numbers written in digits").format(
            number=number
        )
    point = re.fullmatch(r"(-?)(\.[0-9]+(?:[eE][-+]?[0-9]+)?)", number)
    if point is not None:
        return _("{number}: a number in JSON has a digit before its '.' (write {written})").format(
            number=number, written=f"{point[1]}0{point[2]}"
        )
    point = re.fullmatch(r"(-?(?:0|[1-9][0-9]*))\.((?:[eE][-+]?[0-9]+)?)", number)
    if point is not None:
        return _(
            "{number}: a number in JSON has a digit after its '.' (write {whole} or {decimal})"
        ).format(number=number, whole=point[1] + point[2], decimal=f"{point[1]}.0{point[2]}")
    exponent = re.fullmatch(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?([eE][-+]?)", number)
    if exponent is not None:
        return _(
            "{number}: a number in JSON has a digit after its '{mark}' (1e5, 1e+5, 1e-5)"
        ).format(number=number, mark=exponent[1])
    if number.startswith("+") and _JSON_NUMBER.fullmatch(number[1:]):
        return _("{number}: a number in JSON has no '+' before it (write {written})").format(
            number=number, written=number[1:]
        )
    if re.fullmatch(r"-?0[xX][0-9a-fA-F]+", number):
        return _(
            "{number}: a number in JSON is written in decimal digits (write {written})"
        ).format(number=number, written=int(number, 16))
    if number.startswith("-") and not number[1:2].isdigit():
        return _("{number}: a number in JSON has a digit after its '-'").format(number=number)
    return _("{number}: not a number JSON knows (it writes -12, 0.5, 1e5)").format(number=number)


def _bad_number(error: json.JSONDecodeError) -> int | None:
    """Where a number JSON does not know starts (``-.5``, ``1e``, ``+1``, ``0x10``), when
    a JSON parser's ``error`` is at its first character or inside it (``2.`` too, whose
    error is at its '.'); None when it is not one."""
    doc, start = error.doc, error.pos
    if error.msg not in ("Expecting value", "Expecting ',' delimiter", "Extra data"):
        return None
    while start > 0 and doc[start - 1] in _NUMBER_CHARACTERS:
        start -= 1
    word = _NUMBER_WORD.match(doc, start)
    if word is None or word.end() <= error.pos or _JSON_NUMBER.fullmatch(word.group()):
        return None
    return start


def _constant_at(text: str | bytes) -> json.JSONDecodeError | None:
    """The error of the first NaN or Infinity of a JSON document a parser has read (which
    Python's reads as numbers), outside its texts; None when it has none."""
    if isinstance(text, bytes):
        if b"NaN" not in text and b"Infinity" not in text:
            return None
        text = text.decode(json.detect_encoding(text), "surrogatepass")
    elif "NaN" not in text and "Infinity" not in text:
        return None
    for found in _CONSTANTS.finditer(text):
        if not found.group().startswith('"'):
            return json.JSONDecodeError(_NOT_A_NUMBER, text, found.start())
    return None


def _leading_zero(error: json.JSONDecodeError) -> int | None:
    """Where the number with a leading zero (``014``, ``-01``) starts when a JSON parser's
    missing ',' ``error`` is at the digit after its "0" (the parser took the "0" for the
    number); None when it is not."""
    if error.doc[error.pos : error.pos + 1] not in tuple("0123456789"):
        return None
    found = _ZERO_BEFORE.search(error.doc, 0, error.pos)
    return None if found is None else found.start()


def _escape_at(message: str, error: json.JSONDecodeError | None, length: int) -> str:
    """The bad escape a JSON parser's error is at (at its '\\' or the letter after it),
    as written, ``length`` characters at most and not past the closing quote."""
    if error is not None:
        start = error.pos if error.doc[error.pos : error.pos + 1] == "\\" else error.pos - 1
        if error.doc[start : start + 1] == "\\":
            escape = error.doc[start : start + length].split('"')[0]
            return f"'{escape}'" if escape.isprintable() else repr(escape)
    letter = message.partition(": ")[2].strip("'\"") or ("u" if "uXXXX" in message else "")
    return f"'\\{letter}'"


#: Deepest nesting of arrays and objects a JSON document may have (the project's own
#: documents use fewer than 10; the parser recurses once per level).
MAX_JSON_NESTING: Final = 64

#: A JSON string (a bracket inside it is text) or a bracket; an unclosed string runs to
#: the end, as the parser would read it.
_JSON_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\Z)|[\[\]{}]', re.DOTALL)
_JSON_TOKEN_BYTES: Final = re.compile(_JSON_TOKEN.pattern.encode(), re.DOTALL)


def read_json(text: str | bytes, decoder: json.JSONDecoder | None = None) -> Any:
    """:func:`json.loads` (or ``decoder``'s ``decode`` on a text), but a document nested
    deeper than :data:`MAX_JSON_NESTING` levels raises :class:`json.JSONDecodeError` (its
    ``msg`` "Nested too deeply", which :func:`json_problem` words) at the bracket one level
    too deep, before the parser sees it, instead of the parser's :class:`RecursionError`
    (which Python 3.12 and later no longer raise at every depth: they parse far deeper).

    >>> read_json('{"a": [1, "]]]"]}')
    {'a': [1, ']]]']}
    >>> read_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    json.decoder.JSONDecodeError: Nested too deeply: line 1 column 65 (char 64)
    """
    check_json_nesting(text)
    try:
        if decoder is not None and isinstance(text, str):
            value = decoder.decode(text)
        else:
            value = json.loads(text)
    except RecursionError:  # a depth the scan did not see (a text not in UTF-8)
        raise _too_deep_json(text, 0) from None
    except json.JSONDecodeError as exc:
        zero = _leading_zero(exc) if exc.msg == "Expecting ',' delimiter" else None
        if zero is not None:
            raise json.JSONDecodeError("Number with leading zero", exc.doc, zero) from None
        bad = _bad_number(exc)
        if bad is None:
            raise
        raise json.JSONDecodeError(_NOT_A_NUMBER, exc.doc, bad) from None
    constant = _constant_at(text)
    if constant is not None:
        raise constant
    # the value is looked through only where the text could have given it a surrogate (an
    # escape of one, or one read as it is): most texts have none, and reading them stays
    # as fast as the parser
    if isinstance(text, bytes):
        could = _MAY_HOLD_SURROGATE_BYTES.search(text) is not None
    else:
        could = _MAY_HOLD_SURROGATE.search(text) is not None
    if could and _holds_surrogate(value):
        raise _lone_surrogate(text)
    return value


#: A character that is half of a UTF-16 surrogate pair: no character of its own, and no
#: text holding one can be written (as UTF-8, or to a terminal).
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
#: A JSON escape of such a half, with the backslashes before it.
_SURROGATE_ESCAPE: Final = re.compile(r"(\\*)\\u([dD][89a-fA-F][0-9a-fA-F]{2})")
#: What a JSON text holds where its value may hold such a half: an escape of one, or one
#: as it is (a text read with ``surrogateescape``); in bytes, only an escape can.
_MAY_HOLD_SURROGATE: Final = re.compile("\\\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_MAY_HOLD_SURROGATE_BYTES: Final = re.compile(rb"\\u[dD][89a-fA-F]")
#: A high surrogate followed by a low one: one character written as two escapes.
_SURROGATE_PAIR: Final = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def _paired(pair: re.Match[str]) -> str:
    high, low = (ord(char) for char in pair.group())
    return chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))


def _holds_surrogate(value: Any) -> bool:
    """Whether a decoded JSON value holds a surrogate in a text or a key."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _lone_surrogate(text: str | bytes) -> json.JSONDecodeError:
    """The error of a JSON text with an escape of half a surrogate pair that is not one
    of a pair (``\\ud800`` alone; ``\\ud83d\\ude00`` is one character), at it."""
    doc = text if isinstance(text, str) else text.decode("utf-8", "replace")
    found = [m for m in _SURROGATE_ESCAPE.finditer(doc) if len(m.group(1)) % 2 == 0]
    pos = 0
    index = 0
    while index < len(found):
        here = found[index]
        code = int(here.group(2), 16)
        after = found[index + 1] if index + 1 < len(found) else None
        if (
            code < 0xDC00
            and after is not None
            and after.start() == here.end()
            and int(after.group(2), 16) >= 0xDC00
        ):
            index += 2
            continue
        pos = here.start(2) - 2
        break
    return json.JSONDecodeError("Lone surrogate", doc, pos)


class DuplicateKey(Exception):
    """A JSON object names a key twice (raised by :data:`UNIQUE_KEYS`)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for name, _value in pairs:
            if name in seen:
                raise DuplicateKey(name)
            seen.add(name)
    return found


#: A JSON parser for :func:`read_json` that refuses a key twice in one object
#: (:class:`DuplicateKey`), as the YAML reader refuses one in a file.
UNIQUE_KEYS: Final = json.JSONDecoder(object_pairs_hook=_unique_keys)

#: The first bytes of an SQLite file (a puzzle bank).
SQLITE_HEADER: Final = b"SQLite format 3\x00"


def is_transcript_text(text: str) -> bool:
    """Whether ``text``, read where something else was expected, is a game's transcript
    (JSON Lines of events). ``text`` starts at its first non-blank character. A save is
    known by :func:`turing.core.saves.save_format_of`."""
    first = text.split("\n", 1)[0].strip()
    if first.startswith("{") and '"event"' in first:
        try:
            head = read_json(first)
        except ValueError:
            head = None
        return isinstance(head, dict) and isinstance(head.get("event"), str)
    return False


def is_sqlite_file(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` begins as an SQLite file does (False when it cannot be
    read): a puzzle bank given where some other file is read."""
    try:
        with open(path, "rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def check_json_nesting(text: str | bytes) -> None:
    """Raise :class:`json.JSONDecodeError` ("Nested too deeply") at the first bracket
    nested deeper than :data:`MAX_JSON_NESTING` levels (brackets inside strings are text)."""
    openers = (
        text.count(b"[") + text.count(b"{")
        if isinstance(text, bytes)
        else (text.count("[") + text.count("{"))
    )
    if openers <= MAX_JSON_NESTING:
        return
    pattern = _JSON_TOKEN_BYTES if isinstance(text, bytes) else _JSON_TOKEN
    depth = 0
    for match in pattern.finditer(text):  # type: ignore[arg-type]
        token = match.group()
        if token in ("[", "{", b"[", b"{"):
            depth += 1
            if depth > MAX_JSON_NESTING:
                raise _too_deep_json(text, match.start())
        elif token in ("]", "}", b"]", b"}"):
            depth = max(0, depth - 1)


def _too_deep_json(text: str | bytes, pos: int) -> json.JSONDecodeError:
    shown = text if isinstance(text, str) else text.decode("utf-8", "replace")
    return json.JSONDecodeError("Nested too deeply", shown, pos)


def load_yaml(text: str, source: str, duplicates: list[SourceError] | None = None) -> Node:
    """Parse one YAML (or JSON) document into a :class:`Node` tree.

    A key given twice in one mapping is a :class:`SourceError`; when ``duplicates`` is a
    list, each is added to it instead, the first value kept and the later one ignored,
    so that a reader can report it along with the file's other problems."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    check_characters(text, source)
    check_nesting(text, source)
    yaml = YAML(typ="rt")
    # The composer's own bound, whatever the lexical pass missed (it counts a scalar as a
    # level of its own).
    yaml.max_depth = MAX_NESTING + 1
    try:
        root = yaml.compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)
        problem = exc.problem or exc.context or "invalid YAML"
        if "maximum depth" in problem:
            raise _too_deep(source, line, col, MAX_NESTING) from None
        value = None if mark is None else value_text(text, mark.line, mark.column)
        said = None
        begun = exc.context_mark
        if exc.problem and exc.context and begun is not None and begun is not mark:
            said = yaml_begun(exc.problem, exc.context, begun.line + 1, begun.column + 1, value)
        message = said or yaml_problem(problem, value)
        if mark is not None:
            align = yaml_indent_column(
                text,
                problem,
                mark.line,
                mark.column,
                exc.context,
                None if begun is None else begun.column,
            )
            if align is not None:
                message = _(
                    "{problem} (line the key up with the keys above it, at column {column})"
                ).format(problem=message, column=align)
        raise SourceError(
            source, line, col, _("YAML syntax: {problem}").format(problem=message), E_YAML
        ) from None
    except RecursionError:
        raise SourceError(source, 0, 0, _("YAML is nested too deeply"), E_YAML) from None
    except YAMLError as exc:
        raise SourceError(source, 0, 0, _("YAML: {problem}").format(problem=exc), E_YAML) from None
    if root is None:
        return Node(None, 1, 1, source)
    return _convert(root, source, text, duplicates)


#: The reasons the system gives for a failed file operation, by error number, in the words
#: the C library uses (so English reads as it always did) and translated for the others.
_OS_REASONS: Final[dict[int, str]] = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EROFS: N_("Read-only file system"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EEXIST: N_("File exists"),
    errno.EIO: N_("Input/output error"),
    errno.EBADF: N_("Bad file descriptor"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.EFBIG: N_("File too large"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EINVAL: N_("Invalid argument"),
    errno.EXDEV: N_("Invalid cross-device link"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.EBUSY: N_("Device or resource busy"),
}


def os_reason(exc: OSError) -> str:
    """Why the system refused a file operation, in the language in use: ``No space left
    on device`` (German ``Kein Platz mehr auf dem Gerät``); a reason not known here is the
    system's own words."""
    known = _OS_REASONS.get(exc.errno) if exc.errno is not None else None
    if known is not None:
        return _(known)
    return exc.strerror or str(exc) or type(exc).__name__


def not_a_transcript(
    path: str | os.PathLike[str], holds_one: Callable[[str | os.PathLike[str]], bool]
) -> str | None:
    """Why a transcript must not be written at ``path``: a file is there that holds
    something else than a transcript of its kind (``holds_one(path)``, asked of a regular
    file that is not empty, is false), which writing would replace and lose; None when
    there is no file, an empty one, a transcript, or no regular file (a device, a FIFO).
    Nothing is changed."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size == 0 or holds_one(path):
            return None
    except FileNotFoundError:
        return None
    except OSError as exc:
        return _("cannot write the transcript {path}: {reason}").format(
            path=shown_name(path), reason=os_reason(exc)
        )
    return _(
        "cannot write the transcript {path}: it exists and is not a transcript; give another name"
    ).format(path=shown_name(path))


class WriteTargetError(TuringError):
    """A path that cannot be written: a folder, a missing folder, no permission."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            _("cannot write {path}: {reason}").format(path=shown_name(path), reason=reason)
        )
        self.path = path
        self.reason = reason


#: A path that names an open descriptor of this process (``/dev/stdout`` leads here).
_DESCRIPTOR_LINK: Final = re.compile(r"/proc/[^/]+(?:/task/[^/]+)?/fd/\d+")


def _lowered(reason: str) -> str:
    """A reason to stand after a colon in a sentence: in English its first letter made
    small; a translated reason is left as its language writes it (German nouns keep
    their capital)."""
    if any(reason == _(known) for known in _OS_REASONS.values() if _(known) != known):
        return reason
    return reason[:1].lower() + reason[1:]


def _names_descriptor(path: str) -> bool:
    """Whether ``path``, followed link by link, passes through ``/proc/<pid>/fd/N``.

    ``/dev/stdout``, ``/dev/fd/1`` and links to them name whatever the descriptor is open
    on (a terminal, a pipe, a file the shell opened); resolving them to a file name and
    renaming over it would replace a file that belongs to the shell.
    """
    current = os.path.abspath(path)
    for _step in range(40):
        head, tail = os.path.split(current)
        current = os.path.join(os.path.realpath(head), tail)
        if _DESCRIPTOR_LINK.fullmatch(current):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.normpath(os.path.join(head, os.readlink(current)))
    return False


@dataclass(frozen=True, slots=True)
class WriteTarget:
    """How a path is written: decided by :func:`write_target` before any work starts.

    ``atomic``: a regular file or a new path, written to a temporary file in the same
    folder and renamed over ``real`` (the path with its links resolved, so a link to a
    file stays a link). Otherwise a character device, a FIFO, a terminal or a descriptor
    such as ``/dev/stdout``: opened at ``path`` and written directly, never replaced.
    """

    path: str
    real: str
    atomic: bool


def on_read_only_file_system(folder: str | os.PathLike[str]) -> bool:
    """Whether ``folder`` lies on a file system mounted read-only (False when that cannot
    be told)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _folder_problem(folder: str) -> str | None:
    if not os.path.exists(folder):
        return _("folder {folder} does not exist").format(folder=shown_name(folder))
    if not os.path.isdir(folder):
        return _("{folder} is not a folder").format(folder=shown_name(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        if on_read_only_file_system(folder):
            return _("{folder} is on a read-only file system").format(folder=shown_name(folder))
        return _("no permission to create files in {folder}").format(folder=shown_name(folder))
    return None


def write_target(path: str | os.PathLike[str]) -> WriteTarget:
    """Decide how ``path`` is written, or raise :class:`WriteTargetError` at once.

    Nothing is created or changed. A folder (or a path ending in a slash), a missing parent
    folder, a socket and a path without write permission are refused; a dangling link is
    written at the file it names.
    """
    text = os.fspath(path)
    if not text:
        raise WriteTargetError("''", _("empty file name"))
    try:
        info = os.stat(text)
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        raise WriteTargetError(text, _("a part of the path is not a folder")) from None
    except OSError as exc:
        raise WriteTargetError(text, _lowered(os_reason(exc))) from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise WriteTargetError(text, _("is a folder, not a file"))
    if text.endswith(("/", os.sep)) and info is None:
        # "out/" names a folder: writing a file "out" there is not what was asked
        raise WriteTargetError(text, _("ends in a slash, so it names a folder, not a file"))
    if _names_descriptor(text) or (info is not None and not stat.S_ISREG(info.st_mode)):
        if info is not None and stat.S_ISSOCK(info.st_mode):
            raise WriteTargetError(text, _("is a socket"))
        if info is not None and not os.access(text, os.W_OK):
            raise WriteTargetError(text, _("permission denied"))
        return WriteTarget(text, text, atomic=False)
    real = os.path.realpath(text)
    problem = _folder_problem(os.path.dirname(real) or ".")
    if problem is not None:
        raise WriteTargetError(text, problem)
    if info is not None and not os.access(real, os.W_OK):
        raise WriteTargetError(text, _("the file is read-only"))
    return WriteTarget(text, real, atomic=True)


def try_creating(target: WriteTarget) -> None:
    """Create the temporary file :func:`write_text` would write ``target`` through, and
    remove it at once: a folder that takes no new file (``/proc``, a read-only or a full
    file system) raises :class:`OSError` now, before work that writing would lose. A
    device, a FIFO or a descriptor (written directly, not through a new file) is not
    tried."""
    if not target.atomic:
        return
    try:
        fd, tmp = _temporary_beside(target.real, os.path.dirname(target.real) or ".")
    except OSError as exc:
        raise _as_written(exc, target) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)


def _umask() -> int:
    """The process's umask, read without changing it where the system tells it."""
    with contextlib.suppress(OSError, ValueError), open("/proc/self/status", "rb") as status:
        for line in status:
            if line.startswith(b"Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


#: The separators of every JSON line the project writes: ``{"a": 1, "b": [1, 2]}``, the
#: form of json.dumps' own default and of the documents' examples.
JSON_LINE_SEPARATORS: Final = (", ", ": ")

_JSON_LINE_ENCODERS: Final = {
    ascii_only: json.JSONEncoder(ensure_ascii=ascii_only, separators=JSON_LINE_SEPARATORS)
    for ascii_only in (False, True)
}


def json_line(obj: Any, ascii_only: bool = False) -> str:
    """``obj`` as one line of JSON Lines, without its line break, in the one form of every
    JSON line the project writes (puzzle files, bank exports, transcripts, ``--json``
    records). ``ascii_only`` escapes every other character (``\\u00e4``), for a stream that
    cannot take it.

    >>> json_line({"id": "a", "cards": [4, 9]})
    '{"id": "a", "cards": [4, 9]}'
    """
    return _JSON_LINE_ENCODERS[ascii_only].encode(obj)


@contextlib.contextmanager
def open_text_output(target: str | os.PathLike[str] | WriteTarget) -> Iterator[TextIO]:
    """A UTF-8 text stream to ``target`` (decided by :func:`write_target` when a path).

    A regular file or a new path is written to a temporary file beside it and renamed into
    place when the block ends normally; when it raises (Ctrl-C included) the temporary file
    is removed and the old file stays as it was. A new file gets the mode the umask gives
    (``0o666 & ~umask``, as a shell redirection would); a replaced file keeps its mode. A
    device, FIFO or descriptor path is opened and written directly.
    """
    decided = target if isinstance(target, WriteTarget) else write_target(target)
    try:
        with _writing(decided) as handle:
            yield handle
    except OSError as exc:
        # A failed write (a full disk) names no file by itself: name the one being written.
        if exc.filename is None:
            exc.filename = decided.path
        raise


def _as_written(exc: OSError, decided: WriteTarget) -> OSError:
    """``exc``, met on the temporary file that stands in for ``decided`` while it is
    written, naming the path as it was given (the temporary file is no name of the
    user's)."""
    exc.filename = decided.path
    exc.filename2 = None
    return exc


@contextlib.contextmanager
def _writing(decided: WriteTarget) -> Iterator[TextIO]:
    if not decided.atomic:
        # Appending never truncates what a descriptor path leads to (``>> log``); a device
        # or a FIFO ignores the difference.
        with open(decided.path, "a", encoding="utf-8", newline="\n") as handle:
            yield handle
        return
    real = decided.real
    folder = os.path.dirname(real) or "."
    try:
        old: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        old = None
    try:
        fd, tmp = _temporary_beside(real, folder)
    except OSError as exc:
        raise _as_written(exc, decided) from None
    try:
        if old is not None:
            os.fchmod(fd, stat.S_IMODE(old.st_mode))
            if (old.st_uid, old.st_gid) != (os.geteuid(), os.getegid()):
                with contextlib.suppress(OSError):
                    os.fchown(fd, old.st_uid, old.st_gid)
        else:
            os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.replace(tmp, real)
        except OSError as exc:
            raise _as_written(exc, decided) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _temporary_beside(real: str, folder: str) -> tuple[int, str]:
    """A new temporary file in ``folder`` that stands in for ``real`` while it is written,
    held with an exclusive ``flock`` until it is closed (even ``kill -9`` lets it go). The
    ones a writer killed before its end left for ``real`` (held by nobody) are removed
    first, each while it is held, so that a writer that made it meanwhile sees it is gone
    and takes another."""
    import tempfile

    prefix = _beside_prefix(real, folder)
    try:
        import fcntl
    except ImportError:  # no flock: the temporary file is not marked as being written
        return tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    _remove_abandoned(folder, prefix)
    while True:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)  # a remover holds it for a moment at most
            if _same_file(fd, tmp):
                return fd, tmp
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        os.close(fd)


#: The bytes a hidden file beside an output adds after :func:`_beside_prefix`: the eight
#: letters and digits ``tempfile.mkstemp`` draws and ``.tmp``, or :data:`LOCK_SUFFIX`.
_BESIDE_ROOM: Final = 12


def _name_max(folder: str) -> int:
    """The longest file name, in bytes, the file system of ``folder`` takes (255 when it
    does not say)."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def _beside_prefix(real: str, folder: str) -> str:
    """How the hidden files that stand beside ``real`` while it is written begin:
    ``.NAME.``, where NAME is the file's name, or, when with them it would be longer
    than the file system takes, as much of its start as fits and a digest of the whole,
    so that every name the file system takes can be written.

    >>> _beside_prefix("/tmp/out.jsonl", "/tmp")
    '.out.jsonl.'
    >>> len(os.fsencode(_beside_prefix("/tmp/" + "c" * 250, "/tmp"))) + _BESIDE_ROOM
    255
    """
    name = os.path.basename(real)
    room = _name_max(folder) - _BESIDE_ROOM - 2  # the two dots
    if len(os.fsencode(name)) <= room:
        return f".{name}."
    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:8]
    stem = name
    while len(os.fsencode(stem)) > room - len(digest) - 1:
        stem = stem[:-1]
    return f".{stem}~{digest}."


def _same_file(fd: int, path: str) -> bool:
    """Whether ``path`` still leads to the file open as ``fd``."""
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(path))
    except FileNotFoundError:
        return False


def _remove_abandoned(folder: str, prefix: str) -> None:
    """Remove this user's temporary files of ``prefix`` (``tempfile.mkstemp``'s names) in
    ``folder`` that no writer holds: their writers were killed before their end."""
    import fcntl

    pattern = re.compile(re.escape(prefix) + r"[a-z0-9_]{8}\.tmp")
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not pattern.fullmatch(entry.name):
                continue
            try:
                fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                info = os.fstat(fd)
                if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
                    continue
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # refused while it is written
                if _same_file(fd, entry.path):
                    os.unlink(entry.path)
            except OSError:
                continue
            finally:
                os.close(fd)


#: Descriptors of the writer locks this process holds (of outputs, and of banks:
#: :mod:`turing.generation.bank`); a forked child (a worker of the generator's process
#: pool) closes its copies at once, so that one outliving a ``kill -9`` of its parent
#: does not keep the output or the bank locked and block the resuming command.
WRITER_LOCKS: set[int] = set()


def _drop_inherited_locks() -> None:
    for fd in WRITER_LOCKS:
        with contextlib.suppress(OSError):
            os.close(fd)
    WRITER_LOCKS.clear()


os.register_at_fork(after_in_child=_drop_inherited_locks)


class OutputBusy(TuringError):
    """An output another process is writing: the later writer would lose one of the two."""

    def __init__(self, path: str, holder: str) -> None:
        super().__init__(
            _(
                "{path}: another turing process (pid {pid}) is writing to this file; "
                "wait for it to finish"
            ).format(path=shown_name(path), pid=holder)
        )
        self.path = path


#: How the lock of an output ends its hidden name (``.NAME.turing-lock``): a name that
#: tells whose it is, so that it is nobody's own file by accident.
LOCK_SUFFIX: Final = "turing-lock"
#: What a lock file holds: the process id of its writer, or nothing (one killed with
#: ``kill -9`` before it wrote its id).
_LOCK_TEXT: Final = re.compile(rb"[0-9]{0,20}")


@contextlib.contextmanager
def writer_lock(target: WriteTarget) -> Iterator[None]:
    """Be the one process writing ``target`` for the block (or until the process ends,
    even by ``kill -9``): an exclusive ``flock`` on the hidden file ``.NAME.turing-lock``
    beside it, which holds the process id and is removed at the end. Raises
    :class:`OutputBusy` when another process holds it, and :class:`WriteTargetError`,
    the file untouched, when a file of that name holds anything but a process id (it is
    not a lock: a lock left by a writer killed with ``kill -9`` is taken over, nothing
    else). A device, a FIFO or a descriptor (written directly, never replaced) is not
    locked, nor is a file where no lock can be made (the write says why it fails)."""
    if not target.atomic:
        yield
        return
    try:
        import fcntl
    except ImportError:  # no flock: nothing tells two writers apart
        yield
        return
    folder = os.path.dirname(target.real) or "."
    lock_name = _beside_prefix(target.real, folder) + LOCK_SUFFIX
    lock_path = os.path.join(folder, lock_name)
    while True:
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
            created = True
        except FileExistsError:
            try:
                fd = os.open(lock_path, os.O_RDWR | os.O_NOFOLLOW)
            except FileNotFoundError:  # removed by its writer in between: try again
                continue
            except OSError:
                yield
                return
            created = False
        except OSError:
            yield
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise OutputBusy(target.path, holder) from None
        # The writer before removes the file as it ends, holding the lock: a file locked
        # after that is no longer the one the name leads to. (One left by a writer killed
        # with kill -9 is locked by nobody and is taken over; a file that holds anything
        # else is not a lock and is left as it is.)
        if not _same_file(fd, lock_path):
            os.close(fd)
            continue
        if created or _is_lock(fd):
            break
        os.close(fd)
        raise WriteTargetError(
            target.path,
            _("{name} beside it is not a turing lock; move it away").format(name=lock_name),
        )
    os.ftruncate(fd, 0)
    os.pwrite(fd, str(os.getpid()).encode(), 0)
    WRITER_LOCKS.add(fd)
    try:
        yield
    finally:
        if fd in WRITER_LOCKS:  # not already dropped in a forked child
            WRITER_LOCKS.discard(fd)
            with contextlib.suppress(OSError):
                os.unlink(lock_path)  # while still held (see above)
            os.close(fd)


def _is_lock(fd: int) -> bool:
    """Whether the file open as ``fd`` is a writer's lock: a regular file that holds a
    process id or nothing."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > 20:
        return False
    return _LOCK_TEXT.fullmatch(os.pread(fd, 32, 0)) is not None


def write_text(path: str | os.PathLike[str] | WriteTarget, text: str) -> None:
    """Write ``text`` to ``path`` as :func:`open_text_output` does: atomically for a
    regular file or a new path, directly for a device, a FIFO or ``/dev/stdout``."""
    with open_text_output(path) as handle:
        handle.write(text)


#: The earlier name of :func:`write_text`.
atomic_write_text = write_text


def shipped_dir(folder: str, marker: str) -> Path:
    """A folder of shipped data (``cards``, ``puzzles``): beside the package in a checkout,
    or its copy inside an installed package; ``marker`` is a file it must hold."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / folder, package / "_data" / folder):
        if (candidate / marker).is_file():
            return candidate
    return package.parent / folder


# -- the parse cache ---------------------------------------------------------------------------

#: Entries kept per kind of cache; the least recently written go first.
CACHE_ENTRIES: Final = 64


def cache_dir() -> Path | None:
    """The folder of the parse cache: ``$TURING_CACHE_DIR`` (empty: no cache), else
    ``$XDG_CACHE_HOME/turing``, else ``~/.cache/turing``. A relative ``$XDG_CACHE_HOME``
    is ignored, as the XDG base directory specification asks."""
    chosen = os.environ.get("TURING_CACHE_DIR")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "turing"


def _code_digest(package: Path) -> bytes | None:
    """A digest of every module of ``package`` (the parsing code and all it may call), or
    None when it cannot be read."""
    digest = hashlib.sha256(sys.version.encode())
    try:
        for name in sorted(n for n in os.listdir(package) if n.endswith(".py")):
            digest.update(name.encode())
            with open(package / name, "rb") as handle:
                digest.update(handle.read())
    except OSError:
        return None
    return digest.digest()


def _private(info: os.stat_result, kind: int) -> bool:
    """Whether ``info`` is of a file of ``kind`` (``stat.S_IFREG``, ``stat.S_IFDIR``) that
    this user owns and nobody else may write."""
    return (
        stat.S_IFMT(info.st_mode) == kind
        and info.st_uid == os.geteuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _open_private_folder(folder: Path) -> int | None:
    """A descriptor of ``folder`` when this user owns it and nobody else may write it (and
    the same of the cache's own folder above it), else None: a folder another user could
    write to could hold entries they wrote, and an entry is a pickle, which runs code as
    it is read."""
    fds: list[int] = []
    try:
        for each in (folder.parent, folder):
            fd = os.open(each, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
            fds.append(fd)
            if not _private(os.fstat(fd), stat.S_IFDIR):
                return None
        return fds.pop()
    except OSError:
        return None
    finally:
        for fd in fds:
            os.close(fd)


def _load_entry(folder_fd: int, name: str, key: str) -> object | None:
    """The value kept in the entry ``name`` of the folder open as ``folder_fd`` under
    ``key``, or None: no entry, one that is no regular file of this user's that nobody
    else may write (a link to one is not followed), a damaged one, or one kept under
    another key (a renamed entry), which is removed."""
    try:
        # not a link followed, nor a FIFO waited on: what is opened is checked below
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(name, flags, dir_fd=folder_fd)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            if not _private(os.fstat(handle.fileno()), stat.S_IFREG):
                return None
            found: object = pickle.load(handle)
    except Exception:  # a damaged entry is parsed again
        return None
    if isinstance(found, tuple) and len(found) == 2 and found[0] == key:
        value: object = found[1]
        return value
    with contextlib.suppress(OSError):
        os.unlink(name, dir_fd=folder_fd)
    return None


def cached_parse(
    kind: str,
    text: str,
    context: Sequence[str],
    package: Path,
    build: Callable[[], T],
    expect: type[T],
) -> T:
    """``build()``, or what it returned before for the same input, from the parse cache.

    The entry is keyed by ``text`` (the file's content), ``context`` (what else the result
    depends on, such as the name the file is shown by) and the source code of every module
    in the folder ``package`` (the parser and what it calls): an edited file or changed
    parsing code is a new key, so a stale entry is never served. The key is kept inside
    the entry too, and an entry that holds another key is not served. Only a result is
    cached: when ``build`` raises, nothing is written.
    The cache is a convenience: a folder that cannot be written, an entry that cannot be
    read or is not an ``expect``, or a folder or a file another user owns or could have
    written is ignored (nothing in it read, nothing written to it) and ``build`` runs.
    """
    folder = cache_dir()
    code = _code_digest(package) if folder is not None else None
    if folder is None or code is None:
        return build()
    digest = hashlib.sha256(code)
    for part in (kind, *context, text):
        encoded = part.encode("utf-8", "surrogatepass")
        digest.update(len(encoded).to_bytes(8, "little"))
        digest.update(encoded)
    key = digest.hexdigest()
    name = f"{key}.pickle"
    folder_fd = _open_private_folder(folder / kind)
    if folder_fd is not None:
        try:
            found = _load_entry(folder_fd, name, key)
        finally:
            os.close(folder_fd)
        if isinstance(found, expect):
            return found
    value = build()
    _store(folder / kind, name, (key, value))
    return value


def _store(folder: Path, name: str, entry: object) -> None:
    """Write a cache entry atomically into ``folder`` (made when missing, for this user
    only); a folder another user owns or could write, or any failure, leaves the cache as
    it was."""
    import tempfile

    try:
        data = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
        # the cache's own folder too is this user's only, whatever the umask
        folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        return
    folder_fd = _open_private_folder(folder)
    if folder_fd is None:
        return
    os.close(folder_fd)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".", suffix=".tmp", dir=folder)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, folder / name)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    with contextlib.suppress(OSError):
        entries = sorted(
            (e for e in os.scandir(folder) if e.name.endswith(".pickle")),
            key=lambda e: e.stat().st_mtime_ns,
        )
        for old in entries[: max(0, len(entries) - CACHE_ENTRIES)]:
            os.unlink(old.path)


# -- outputs that are inputs ---------------------------------------------------------------

#: What a file a command reads or writes is, as the refusal to write over it names it.
PUZZLE_FILE: Final = N_("it is a puzzle file this command reads")
CARD_SET: Final = N_("it is the card set this command reads")
SAVED_GAME: Final = N_("it is the saved game this command reads")
BANK_READ: Final = N_("it is the bank this command reads")
BANK_WRITTEN: Final = N_("it is the bank this command writes")
TRANSCRIPT_WRITTEN: Final = N_("it is the transcript this game writes")

#: the files SQLite and the writer lock keep beside a bank
BANK_SIDE_FILES: Final = ("", "-wal", "-shm", "-journal", ".writer-lock")


def same_file(path: str, other: str) -> bool:
    """Whether two paths name one existing file (through hard and symbolic links too)."""
    try:
        return os.path.samefile(path, other)
    except (OSError, ValueError):
        return False


def one_file(path: str, other: str) -> bool:
    """Whether two paths name one file: the same file where both exist (through hard and
    symbolic links too), else the same path once its links are resolved (a file not
    made yet)."""
    return same_file(path, other) or os.path.realpath(path) == os.path.realpath(other)


def clashing_input(
    output: str | os.PathLike[str],
    inputs: Iterable[tuple[str | os.PathLike[str] | None, str]],
    is_output: Callable[[str], bool] | None = None,
) -> str | None:
    """Why writing ``output`` would destroy one of ``inputs`` (pairs of a path, None for
    none, and what it is: :data:`CARD_SET`, :data:`PUZZLE_FILE`, …), in the language in
    use, or None. A bank (:data:`BANK_READ`, :data:`BANK_WRITTEN`) is compared with the
    files SQLite keeps beside it too. Files are compared as :func:`one_file` does, or by
    ``is_output`` when given (standard output, which is no path)."""
    target = os.fspath(output)
    for given, what in inputs:
        if given is None or os.fspath(given) == "-":
            continue
        path = os.fspath(given)
        bank = what in (BANK_READ, BANK_WRITTEN)
        for suffix in BANK_SIDE_FILES if bank else ("",):
            candidates = {path + suffix, os.path.realpath(path) + suffix}
            if is_output is not None:
                hit = any(is_output(c) for c in candidates)
            else:
                hit = any(one_file(target, c) for c in candidates)
            if not hit:
                continue
            if not suffix:
                return _(what)
            if what == BANK_READ:
                return _("it is a file of the bank {bank} this command reads").format(
                    bank=shown_name(path)
                )
            return _("it is a file of the bank {bank} this command writes").format(
                bank=shown_name(path)
            )
    return None
