"""``turing share``: puzzle codes to pass on; and the ``--code`` option of the commands
that read puzzles (``solve``, ``check``, ``analyze``, ``play``).

A thin client of :mod:`turing.core.sharecode`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, TypeVar

import click

from turing.cli.options import PUZZLE_PATH, cardset_option, id_option, read_with_ids
from turing.cli.output import (
    CODE_SOURCE,
    EXIT_USAGE,
    command_to_copy,
    each_puzzle,
    emit_json,
    fail,
    files_once,
)
from turing.core.cards import CardSet, load_cardset
from turing.core.errors import TuringError
from turing.core.files import shown_name
from turing.core.puzzle import Loaded, Puzzle
from turing.i18n import N_, _

#: How a puzzle read from a code is named while it is played: its hidden part gives it
#: no id, and nothing derived from the code is shown.
SHARED_LABEL: Final = "shared puzzle"

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def code_option(func: F) -> F:
    """``--code CODE`` (repeatable): puzzles from codes, in place of or beside FILE."""
    return click.option(
        "--code",
        "codes",
        metavar="CODE",
        multiple=True,
        help="A puzzle code (from `turing share`) to read instead of a file; may be repeated.",
    )(func)


def shared_puzzle(code: str) -> tuple[Puzzle, CardSet]:
    """The puzzle of a code and the card set it is played with.

    Raises :class:`~turing.core.sharecode.ShareCodeError` ("not a puzzle code: …"), which
    the command line shows as one error line with exit status 2. The puzzle has no id;
    name it :data:`SHARED_LABEL` on screen.
    """
    from turing.core.sharecode import ShareCodeError, read_code  # only for a given code

    try:
        shared = read_code(code)
    except ShareCodeError:
        hint = _shipped_id_hint(code)
        if hint is None:
            raise
        fail(hint)
    return shared.puzzle, shared.cardset


def _shipped_id_hint(code: str) -> str | None:
    """What to say of a ``--code`` that is no code but a shipped puzzle's id (``B52 O00``,
    as the box prints it): how this command takes that puzzle; else None. Ids are public:
    ``turing puzzles`` lists them."""
    from turing.play.game import puzzles_dir, shipped_with_id

    try:
        found = shipped_with_id(code)
    except TuringError:  # a shipped file that cannot be read: no hint
        return None
    if not found or len({loaded.puzzle.id for _inside, loaded in found}) != 1:
        return None
    inside, loaded = found[0]
    puzzle_id = str(loaded.puzzle.id)
    ctx = click.get_current_context(silent=True)
    command = ctx.info_name if ctx is not None and ctx.info_name else "play"
    path = puzzles_dir() / inside
    if command in ("play", "board", "solve", "check"):  # a shipped puzzle by its id alone
        how = command_to_copy(command, "--id", puzzle_id)
    else:  # analyze: the puzzle of its file
        how = command_to_copy(command, path, "--id", puzzle_id)
    typed = code.strip()
    if typed == puzzle_id:
        return _(
            "{code!r} is the id of a shipped puzzle, not a puzzle code (those come from "
            "turing share); take it with: {command}"
        ).format(code=typed, command=how)
    return _(
        "{code!r} names the shipped puzzle {id!r}, not a puzzle code (those come from "
        "turing share); take it with: {command}"
    ).format(code=typed, id=puzzle_id, command=how)


def with_notes(items: Iterable[T]) -> Iterator[T]:
    """The puzzles read (and any errors among them), each puzzle's notes said on standard
    error as it passes: an unknown key that is nearly a known one, ignored (once per key
    and file, for the puzzles that pass). Neither an error nor part of ``--json``
    output."""
    said: set[tuple[str, str]] = set()
    for item in items:
        if isinstance(item, Loaded):
            for note in item.notes:
                if (note.source, note.key) not in said:
                    said.add((note.source, note.key))
                    click.echo(_("note: {message}").format(message=note), err=True)
        yield item


def _code_puzzles(codes: Sequence[str]) -> list[Loaded]:
    """Every code read first, so a bad one refuses the whole command before any output."""
    out = []
    for i, code in enumerate(codes, start=1):
        puzzle, cardset = shared_puzzle(code)
        out.append(Loaded(puzzle, CODE_SOURCE, i, cardset))
    return out


def with_codes(
    from_files: Iterable[T],
    files: Sequence[str],
    codes: Sequence[str],
    cardset_name: str | None,
) -> Iterator[T | Loaded]:
    """The puzzles a command reads: those of its files (their notes said as they pass,
    see :func:`with_notes`), then those of its ``--code`` codes, each with the card set it
    is played with (``loaded.cardset``).

    Every code is read before anything else, so a bad one refuses the whole command
    before any output. A code names its own card set, so ``--cardset`` goes with files
    only.
    """
    if not files and not codes:
        fail(_("give a puzzle FILE (- for standard input) or --code CODE"))
    if codes and cardset_name is not None:
        fail(_("a puzzle code names its own card set; drop --cardset"))
    return itertools.chain(with_notes(from_files), _code_puzzles(codes))


# -- turing share ---------------------------------------------------------------------------


@click.command("share")
@click.argument("files", metavar="FILE…", nargs=-1, required=True, type=PUZZLE_PATH)
@id_option
@click.option(
    "--json", "as_json", is_flag=True, help='One JSON object per puzzle: {"id": …, "code": …}.'
)
@cardset_option(
    N_("Card set: a shipped name under cards/ (default: the puzzle's own, or classic)."),
    metavar="NAME",
)
def share(
    files: tuple[str, ...], puzzle_ids: tuple[str, ...], as_json: bool, cardset_name: str | None
) -> None:
    """Print a puzzle code for each puzzle of each FILE (YAML, JSON or JSONL; - for stdin),
    in the order read.

    A code holds the whole puzzle — mode, card set, cards and the hidden criteria — so
    anyone can play it with `turing play --code CODE` without the file. Codes are case-
    and dash-insensitive and carry a check character that catches typos. Only puzzles of
    a shipped card set can be shared this way. The author's id, the stated solution and
    other keys stay in the file.
    """
    from turing.authoring.check import unplayable, verifier_count_problem
    from turing.core.sharecode import ShareCodeError, encode

    forced = load_cardset(cardset_name) if cardset_name is not None else None
    read = _shared_puzzles(list(files_once(files)), forced, puzzle_ids)
    rows: list[tuple[str | None, str]] = []
    for loaded in read:
        try:
            code = encode(loaded.puzzle, loaded.cardset)
        except ShareCodeError as exc:
            fail(f"{shown_name(loaded.source)}:{loaded.line}: {exc}")
        count = verifier_count_problem(loaded.puzzle)
        if count is not None:
            # a code is a puzzle of the game, to be played
            fail(
                f"{shown_name(loaded.source)}:{loaded.line}: "
                + _("cannot make a puzzle code: {reason}").format(
                    reason=_("the puzzle {problem}").format(problem=count)
                )
            )
        problems = unplayable(loaded.puzzle, loaded.cardset)
        if problems:
            # A code is for playing: the receiver would get a puzzle the game refuses.
            reason = _("this puzzle cannot be played: {problem}").format(
                problem="; ".join(problems)
            )
            fail(
                f"{shown_name(loaded.source)}:{loaded.line}: "
                + _("cannot make a puzzle code: {reason}").format(reason=reason)
            )
        rows.append((loaded.puzzle.id, code))
    for puzzle_id, code in rows:
        if as_json:
            emit_json({"id": puzzle_id, "code": code})
        elif puzzle_id is not None:
            click.echo(f"{code}  {puzzle_id}")
        else:
            click.echo(code)


def _shared_puzzles(
    files: Sequence[str], cardset: CardSet | None, puzzle_ids: Sequence[str]
) -> list[Loaded]:
    """The puzzles of ``files`` (each named once) to share, in the order read, their notes
    said. Every file is read whole first: each puzzle or file that cannot be read is said
    at its place, then the command is refused (exit status 2) before any output. ``--id``
    picks among the puzzles of one file, where an id names one puzzle."""
    if len(files) == 1:
        return list(with_notes(read_with_ids(files[0], cardset, puzzle_ids)))
    if puzzle_ids:
        fail(
            _("--id picks among the puzzles of one FILE; give one FILE, not {n}").format(
                n=len(files)
            )
        )
    refused: list[str] = []
    puzzles = list(each_puzzle(files, cardset, refused.append, refused.append))
    if refused:
        raise click.exceptions.Exit(EXIT_USAGE)
    return list(with_notes(puzzles))
