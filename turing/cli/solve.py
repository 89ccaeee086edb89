"""``turing solve`` and ``turing check``: what a puzzle's cards and criteria give.

The rules live in :mod:`turing.authoring.check`; this module reads the files, renders the
answers and findings, and sets the exit status: 0 when all is sound, 1 when a check found a
problem, 2 when a puzzle or a file could not be read (the rest is still read).
"""

from __future__ import annotations

import functools
import itertools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, cast

import click

from turing.authoring.check import (
    CollectionCheck,
    Engine,
    Solved,
    solve_puzzle,
    verifier_count_problem,
)
from turing.cli.options import (
    EVERY_PUZZLE_CARDSET,
    MODE_CHOICE,
    PUZZLE_PATH,
    cards_puzzle,
    cardset_option,
    id_or_shipped_option,
    read_with_ids,
    shipped_by_id,
)
from turing.cli.output import (
    CODE_SOURCE,
    EXIT_OK,
    EXIT_PROBLEM,
    EXIT_USAGE,
    each_puzzle,
    emit_json,
    fail,
    plural,
    say_error,
    stdout_console,
    takes_every_character,
)
from turing.cli.share import code_option, with_codes, with_notes
from turing.core.cards import CardSet, default_title, load_cardset
from turing.core.files import json_line, shown_name
from turing.core.puzzle import Loaded, Puzzle, difficulty
from turing.core.solver import TooLarge
from turing.i18n import _, current_language, format_number, ngettext, pgettext, speaking
from turing.play.words import mode_name, tier_name

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def forced_cardset(name: str | None) -> CardSet | None:
    """The card set ``--cardset`` forces (a relative path from the working directory)."""
    return load_cardset(name) if name is not None else None


def _given(
    files: tuple[str, ...],
    ids: tuple[str, ...],
    codes: tuple[str, ...],
    cardset_name: str | None,
    forced: CardSet | None,
    unreadable: Callable[[str], None],
    not_a_file: Callable[[str], None],
) -> Iterator[Loaded]:
    """The puzzles of the FILEs (those ``--id`` picks, as ``turing analyze`` picks them;
    without a FILE, the shipped puzzles with these ids, as ``turing play --id`` finds one),
    then those of the codes."""
    if not ids:
        read: Iterable[Loaded] = each_puzzle(files, forced, unreadable, not_a_file)
    elif len(files) > 1:
        fail(
            _("--id picks among the puzzles of one FILE; give one FILE, not {n}").format(
                n=len(files)
            )
        )
    elif files:
        read = read_with_ids(files[0], forced, ids)
    else:
        read = [shipped_by_id(wanted, forced) for wanted in dict.fromkeys(ids)]
    if files or codes:
        return with_codes(read, files, codes, cardset_name)
    return with_notes(read)


# -- closed pipes --------------------------------------------------------------------------------


class _ReaderGone(Exception):
    """Standard output's reader has gone (``turing check … | head -1``)."""


def _silence_stdout() -> None:
    """Send later writes, and the flush at exit, nowhere instead of failing again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _reader_gone() -> NoReturn:
    _silence_stdout()
    raise _ReaderGone


def _console() -> Console:
    console = stdout_console()
    # rich exits with status 1 on a closed pipe; a reader that has seen enough is no fault.
    cast(Any, console).on_broken_pipe = _reader_gone
    return console


def _finish(status: int) -> NoReturn:
    raise click.exceptions.Exit(status)


# -- solve ------------------------------------------------------------------------------------


@click.command()
@click.argument(
    "files",
    metavar="FILE…",
    nargs=-1,
    required=False,
    type=PUZZLE_PATH,
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
@click.option(
    "--engine",
    type=click.Choice(["bitmask", "csp"]),
    default="bitmask",
    show_default=True,
    help=(
        "bitmask: fast; csp: the python-constraint reference, for cards-only puzzles of at "
        "most 1,000,000 pairs of a code and a criteria assignment (not nightmare or extreme "
        "with 6 verifiers)."
    ),
)
@id_or_shipped_option
@cardset_option(EVERY_PUZZLE_CARDSET)
@code_option
@click.option(
    "--cards",
    "cards_text",
    metavar="LIST",
    help=(
        "A puzzle by its cards alone, as laid out for verifiers A, B, …: 4,9,11,14 "
        "(nightmare: with --mode nightmare; extreme: pairs, 4/25,9/33,13/44,17/36): what the "
        "cards allow, without writing a file."
    ),
)
@click.option(
    "--mode",
    type=MODE_CHOICE,
    default=None,
    help=(
        "The mode of the --cards puzzle (default: classic, or extreme for pairs of cards); "
        "a FILE or a code says its own."
    ),
)
def solve(
    files: tuple[str, ...],
    puzzle_ids: tuple[str, ...],
    as_json: bool,
    engine: str,
    cardset_name: str | None,
    codes: tuple[str, ...],
    cards_text: str | None,
    mode: str | None,
) -> None:
    """Solve the puzzles of each FILE (YAML, JSON or JSONL; - for standard input), of
    each --code CODE and of --cards. --id ID picks puzzles of one FILE; without FILE it
    takes the shipped puzzle with that id.

    With hidden criteria given: the codes meeting them. With cards only: the deduction
    a player can make from the cards alone — every criteria assignment that makes a valid
    puzzle, the codes they lead to, and the solution when they all agree.

    Exit status 1 when a stated solution is wrong, when hidden criteria are met by no code
    or by several, or when no assignment makes the cards a valid puzzle; 2 when a puzzle
    or file cannot be read (the rest is still solved).
    """
    if mode is not None and cards_text is None:
        fail(_("--mode gives the mode of a --cards puzzle; a FILE or a code says its own"))
    forced = forced_cardset(cardset_name)
    unread: list[str] = []
    wrong = 0
    noted: set[str] = set()  # the files whose puzzle of too few verifiers was said
    # A record per puzzle, as emit_json writes it, straight to the stream: thousands of
    # puzzles a second leave no time for an echo per line.
    write = sys.stdout.write
    dumps = functools.partial(json_line, ascii_only=not takes_every_character(sys.stdout))
    # A record's problems are in English whatever the language (its errors on stderr not).
    english = functools.partial(speaking, "en") if as_json and current_language() != "en" else None
    try:
        console = None if as_json else _console()
        laid_out: list[Loaded] = []
        if cards_text is not None:
            cardset = forced or load_cardset("classic")
            puzzle = cards_puzzle(cards_text, mode, cardset)
            laid_out.append(Loaded(puzzle, "--cards", 1, cardset))
        if not laid_out and not files and not codes and not puzzle_ids:
            fail(_("give a puzzle FILE (- for standard input), --id ID, --code CODE or --cards"))
        given = (
            _given(files, puzzle_ids, codes, cardset_name, forced, unread.append, unread.append)
            if files or codes or puzzle_ids
            else iter(())
        )
        for loaded in itertools.chain(laid_out, given):
            # A record needs only the number of hypotheses: they are counted, not listed.
            try:
                if english is None:
                    solved = solve_puzzle(
                        loaded.puzzle, loaded.cardset, cast(Engine, engine), keep=not as_json
                    )
                else:
                    with english():
                        solved = solve_puzzle(
                            loaded.puzzle, loaded.cardset, cast(Engine, engine), keep=not as_json
                        )
            except TooLarge as exc:
                message = _("{place}: {problem}; solve it with --engine bitmask").format(
                    place=loaded.place, problem=exc.describe()
                )
                say_error(message)
                unread.append(loaded.source)
                continue
            wrong += bool(solved.problems)
            note_not_of_the_game(
                loaded, noted, _("note: {place}: {problem}: solved all the same, with no tier")
            )
            if as_json:
                # where the puzzle was read, as check --json says it: a script matches each
                # record to its input, where a line that cannot be read has none
                record = solved.record()
                placed = {"id": record.pop("id"), "source": loaded.source, "line": loaded.line}
                write(dumps(placed | record) + "\n")
            else:
                assert console is not None
                _render_solved(console, loaded, solved)
    except (BrokenPipeError, _ReaderGone):
        _silence_stdout()
    _finish(EXIT_USAGE if unread else EXIT_PROBLEM if wrong else EXIT_OK)


def note_not_of_the_game(loaded: Loaded, noted: set[str], said: str) -> None:
    """Say on standard error, once per file (``noted``: the files said), that a puzzle of
    fewer verifiers than the game's is none of its puzzles: ``said``, with the ``{place}``
    and the ``{problem}``, says what the command did with it all the same."""
    problem = verifier_count_problem(loaded.puzzle)
    if problem is None or loaded.source in noted:
        return
    noted.add(loaded.source)
    click.echo(said.format(place=loaded.place, problem=problem), err=True)


def _render_solved(console: Console, loaded: Loaded, solved: Solved) -> None:
    puzzle = loaded.puzzle
    console.print(_puzzle_table(puzzle, loaded.cardset, solved))
    candidates = solved.candidates
    if puzzle.has_hidden:
        if solved.solution:
            console.print(_("solution: [bold]{code}[/bold]").format(code=solved.solution))
        else:
            console.print(
                _("no unique solution: {codes} meet the criteria {list}")
                .format(codes=plural(len(candidates), "code"), list=_code_list(candidates))
                .rstrip()
            )
    else:
        console.print(
            _("valid criteria assignments: {n}; candidate codes: {codes}").format(
                n=format_number(solved.assignments), codes=" ".join(candidates) or _("none")
            )
        )
        if solved.solution:
            console.print(
                _("solution (from the cards alone): [bold]{code}[/bold]").format(
                    code=solved.solution
                )
            )
    for problem in solved.problems:
        console.print(f"{loaded.place}: {problem}", markup=False)
    console.print()


#: How many codes a line lists before it says "… (N in all)".
SHOWN_CODES = 20


def _code_list(codes: tuple[str, ...]) -> str:
    shown = " ".join(codes[:SHOWN_CODES])
    if len(codes) > SHOWN_CODES:
        shown += " … " + _("({n} in all)").format(n=len(codes))
    return shown


def _puzzle_table(puzzle: Puzzle, cardset: CardSet, solved: Solved) -> Table:
    from rich.table import Table

    title = f"{puzzle.id or _('puzzle')} · {mode_name(puzzle.mode)} · " + ngettext(
        "{n} verifier", "{n} verifiers", puzzle.verifiers
    ).format(n=puzzle.verifiers)
    tier = difficulty(puzzle, cardset)
    if tier:
        title += f" · {tier_name(tier)}"
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column(_("verifier"))
    table.add_column(_("card"))
    table.add_column(_("criterion"))
    found = solved.deduction
    possible = found.possible_criteria() if found is not None else None
    for v, letter in enumerate(puzzle.letters):
        if puzzle.has_hidden:
            assert puzzle.criteria is not None and puzzle.true_cards is not None
            card = cardset.card(puzzle.true_cards[v])
            crit = card.criterion(puzzle.criteria[v])
            # The card the verifier really holds: in nightmare mode the card shown in its
            # slot is another's; in extreme mode it is one of the two shown.
            table.add_row(
                letter,
                _card_words(card.number, card.title_in(current_language()))
                if len(puzzle.cards[v]) == 1
                else f"{' / '.join(map(str, puzzle.cards[v]))} → {card.number}",
                f"{crit.position}: {crit.text_in(current_language())}",
            )
        else:
            shown = " / ".join(str(n) for n in puzzle.cards[v])
            # a verifier known to hold one card is named as one whose criterion is known
            # is, its criteria by their position on it; else each by its card's number too
            one_card = len(puzzle.cards[v]) == 1 and not puzzle.mode_class.hidden_mapping
            if one_card:
                card = cardset.card(puzzle.cards[v][0])
                shown = _card_words(card.number, card.title_in(current_language()))
            if puzzle.mode_class.hidden_mapping:
                shown = _("? of {cards}").format(cards=", ".join(str(g[0]) for g in puzzle.cards))
            crits = ""
            if possible is not None:
                crits = "; ".join(
                    f"{k if one_card else f'{c}.{k}'}: "
                    f"{cardset.card(c).criterion(k).text_in(current_language())}"
                    for c, k in possible[v]
                )
            table.add_row(letter, shown, crits or "—")
    return table


# -- check ------------------------------------------------------------------------------------


@click.command()
@click.argument(
    "files",
    metavar="FILE…",
    nargs=-1,
    required=False,
    type=PUZZLE_PATH,
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
@click.option(
    "--show-solution",
    is_flag=True,
    help="Show each sound puzzle's solution (hidden by default: the files may be played).",
)
@id_or_shipped_option
@cardset_option(EVERY_PUZZLE_CARDSET)
@code_option
def check(
    files: tuple[str, ...],
    puzzle_ids: tuple[str, ...],
    as_json: bool,
    show_solution: bool,
    cardset_name: str | None,
    codes: tuple[str, ...],
) -> None:
    """Validate puzzle collections: one solution, no redundant verifier, the stated
    solution and difficulty, the same puzzle twice, one id for two puzzles of a file.

    Every FILE is read (--id ID: only those puzzles of one FILE; without FILE, the
    shipped puzzle with that id); each finding is one line that starts with FILE:LINE: and
    a summary ends the report. The same puzzle twice in one file is a problem, in two
    files a note. A puzzle or file that cannot be read is reported on stderr and the rest
    is still checked. Exit status 1 when any puzzle has a problem, 2 when something could
    not be read.
    """
    forced = forced_cardset(cardset_name)
    tally = CollectionCheck(reveal=show_solution, code_source=CODE_SOURCE)
    try:
        console = None if as_json else _console()
        if not files and not codes and not puzzle_ids:
            fail(_("give a puzzle FILE (- for standard input), --id ID or --code CODE"))
        given = _given(
            files, puzzle_ids, codes, cardset_name, forced, tally.unreadable, tally.not_a_file
        )
        # every input read before any puzzle is checked: a puzzle in several inputs is noted
        # at each of its places, whatever their order
        for loaded in tally.gather(given):
            if as_json:
                # A record is the same in every language.
                with speaking("en"):
                    checked = tally.check(loaded)
                emit_json(checked.record(reveal=show_solution))
                continue
            checked = tally.check(loaded)
            assert console is not None
            place = _escape(f"{shown_name(checked.source)}:{checked.line}")
            name = checked.puzzle.id or _("puzzle")
            if checked.valid:
                tier = tier_name(checked.difficulty) if checked.difficulty else _("no tier")
                sound = pgettext("check", "ok")  # --json is the form for programs
                console.print(
                    f"{place}: [green]{sound}[/green] {name} · {tier}"
                    + (_solution_text(checked.solutions, checked.puzzle) if show_solution else ""),
                    highlight=False,
                )
            failed = pgettext("check", "FAIL")
            for problem in checked.problems:
                console.print(f"{place}: [red]{failed}[/red] {name}: {_escape(problem)}")
            for note in checked.notes:
                noted = pgettext("check", "note")
                console.print(f"{place}: [yellow]{noted}[/yellow] {name}: {_escape(note)}")
        if console is not None:
            console.print(_summary(tally), markup=False)
    except (BrokenPipeError, _ReaderGone):
        _silence_stdout()
    _finish(EXIT_USAGE if not tally.readable else EXIT_PROBLEM if tally.failed else EXIT_OK)


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def _solution_text(solutions: tuple[str, ...], puzzle: Puzzle) -> str:
    if len(solutions) == 1:
        if not puzzle.has_hidden:
            return " · " + _("solution {code} (from the cards alone)").format(code=solutions[0])
        return " · " + _("solution {code}").format(code=solutions[0])
    return f" · {plural(len(solutions), 'candidate code')} {' '.join(solutions)}"


def _summary(tally: CollectionCheck) -> str:
    if tally.codes and not tally.files:
        text = _("{puzzles} checked: ").format(puzzles=plural(tally.puzzles, "puzzle"))
    else:
        text = _("{puzzles} checked in {files}: ").format(
            puzzles=plural(tally.puzzles, "puzzle"), files=plural(tally.files, "file")
        )
    parts = []
    if tally.failed:
        parts.append(_("{n} with problems").format(n=format_number(tally.failed)))
    if tally.read_errors:
        parts.append(plural(tally.read_errors, "read error"))
    if tally.not_files:
        parts.append(
            ngettext("{n} not a puzzle file", "{n} not puzzle files", tally.not_files).format(
                n=format_number(tally.not_files)
            )
        )
    if tally.notes:
        parts.append(plural(tally.notes, "note"))
    if tally.passed:
        parts.insert(0, _("all sound"))
    return text + ", ".join(parts)


def _card_words(number: int, title: str) -> str:
    """A card as the solution table names it: its number and title, or the number alone
    for a card its file gives no title (whose title only repeats the number)."""
    if title in (default_title(number), default_title(number, "de")):
        return str(number)
    return f"{number} ({title})"
