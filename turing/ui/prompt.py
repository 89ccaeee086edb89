"""The line prompt: a view over a :class:`~turing.play.session.Session` that draws and reads.

Every rule, the turn order, the command grammar, hint counting and the save format live in
the session; this module draws a player's screen with rich, reads lines (prompt_toolkit at
a terminal: line editing, a history per seat, completion of commands and verifier letters;
plain lines from a script), and asks the questions a person at a keyboard needs: pass the
keyboard, confirm a solve, confirm leaving and offer to save.
"""

from __future__ import annotations

import array
import contextlib
import fcntl
import functools
import os
import stat
import sys
import termios
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import IO, Any, Final

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input.typeahead import clear_typeahead
from prompt_toolkit.utils import is_dumb_terminal
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from turing.analysis.search import RoundStep
from turing.cli.output import (
    EXIT_HUNG_UP,
    EXIT_TERMINATED,
    HungUp,
    Terminated,
    UnreadableLine,
    as_written,
    command_to_copy,
    error_text,
    hung_up,
    input_encoding,
    keeping_command_whole,
    pending_stop,
    raise_if_hung_up,
    read_line,
    readable,
    show_drawn,
    show_page,
    stdout_failed,
    stdout_failure_reason,
    stop_taken,
    unread_lines,
    unreadable_line_text,
    watch_signals_again,
)
from turing.core.codes import SHAPE_SYMBOLS, SHAPES
from turing.core.errors import TuringError
from turing.core.files import shown_name, typed_garbling, typed_garbling_problem
from turing.core.puzzle import LETTERS, MAX_VERIFIERS
from turing.core.rulebook import plain
from turing.i18n import (
    YES_OR_NO_AGAIN,
    _,
    asked_yes_or_no,
    current_language,
    format_number,
    ngettext,
    pgettext,
    yes_or_no,
)
from turing.play.game import Game
from turing.play.session import (
    ALIASES,
    DEFAULT_PLAYER,
    EXAMPLE_CODE,
    AnswersMissing,
    BestTest,
    BotTurn,
    BoxQuestion,
    CommandError,
    Composed,
    Corrected,
    Decided,
    Dispute,
    FewestTests,
    HelpShown,
    HintShown,
    LeaveAsked,
    Marked,
    NoteSet,
    Outcome,
    Plan,
    Recap,
    Reveal,
    RulesShown,
    Saved,
    Session,
    ShowScreen,
    Struck,
    Tested,
    TestsEnded,
    Turn,
    box_answer,
    box_note,
    command_name,
    completions,
    file_name,
    help_text,
    help_units,
    list_note_paragraphs,
    named_by_card,
    names_a_command,
    shown_label,
    split_line,
    summary_rows,
)
from turing.play.words import left_this_round, mode_name, shape_name

OK_MARK: Final = "✔"
NO_MARK: Final = "✘"
#: The shapes' colours on a colour terminal: ▲ blue, ■ yellow, ● purple.
SHAPE_STYLES: Final[dict[str, str]] = {"▲": "bold blue", "■": "bold yellow", "●": "bold purple"}

#: Home, clear the screen, and clear the scroll-back (so the next player cannot scroll up
#: to the last player's screen). Cursor control, not colour: sent with NO_COLOR too.
CLEAR_SCREEN: Final = "\x1b[H\x1b[2J\x1b[3J"

EXIT_OK: Final = 0
EXIT_ABANDONED: Final = 1
EXIT_INTERRUPTED: Final = 130


#: lines scrolled when a terminal that cannot wipe its screen does not say its height
BLANK_LINES: Final = 50


def can_wipe_screen() -> bool:
    """Whether the players' terminal can wipe its screen: not one that says it cannot move
    the cursor (``TERM=dumb`` or ``unknown``: an Emacs shell, a braille console), which
    would show the escape codes as text."""
    return not is_dumb_terminal()


def _wipe(fd: int) -> str:
    """What wipes the terminal ``fd``: its escape codes, or on a terminal that cannot take
    them (:func:`can_wipe_screen`) blank lines that scroll the screen away, as many as
    it is high (:data:`BLANK_LINES` when it does not say)."""
    if can_wipe_screen():
        return CLEAR_SCREEN
    try:
        lines = os.get_terminal_size(fd).lines
    except (OSError, ValueError):
        lines = 0
    return "\n" * (lines if lines > 0 else BLANK_LINES)


def clear_screen(keyboard: IO[str] | None = None) -> None:
    """Clear the terminal between hot-seat turns: standard output when it is a terminal;
    else the terminal the players type at (``keyboard``, when it is one), so that output
    piped to a file or another program gets none of it and still nobody sees the last
    player's screen. A terminal that cannot wipe its screen gets it scrolled away."""
    stdout = sys.stdout
    if stdout.isatty():
        stdout.write(_wipe(stdout.fileno()))
        stdout.flush()
        return
    stdout.flush()
    with contextlib.suppress(OSError, ValueError, AttributeError):
        if keyboard is None or not keyboard.isatty():
            return
        # The last player's lines reach the terminal through the pipe's reader (`| tee
        # game.log`), which may copy them after a wipe written at once: the wipe waits
        # until the reader has taken them, and the terminal shown them.
        _taken_by_reader(stdout)
        with open(os.ttyname(keyboard.fileno()), "w", encoding="ascii") as terminal:
            termios.tcdrain(terminal.fileno())
            terminal.write(_wipe(terminal.fileno()))


#: how long a wipe waits for the reader of piped output to take the last player's lines
#: (a reader that takes no more, a pager's, is not waited for longer)
PIPE_WAIT_SECONDS: Final = 2.0


def _taken_by_reader(stream: IO[str]) -> None:
    """Wait until the reader of the pipe ``stream`` writes into has read all of it (at
    most :data:`PIPE_WAIT_SECONDS`), and a moment more for it to pass the lines on."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = stream.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
        deadline = time.monotonic() + PIPE_WAIT_SECONDS
        while time.monotonic() < deadline:
            unread = array.array("i", [0])
            fcntl.ioctl(fd, termios.FIONREAD, unread)
            if unread[0] == 0:
                time.sleep(0.05)
                return
            time.sleep(0.01)


# -- drawing --------------------------------------------------------------------------------


def shaped(
    text: str, color: bool, style: str = "", shapes: Mapping[str, str] = SHAPE_STYLES
) -> Text:
    """``text`` with ▲ ■ ● in their colours (on a colour terminal): ``shapes``, each
    symbol's style (a view of its own passes its colours)."""
    out = Text(text, style=style)
    if color:
        for i, ch in enumerate(text):
            if ch in shapes:
                out.stylize(shapes[ch], i, i + 1)
    return out


def _answer(result: bool, color: bool) -> Text:
    if not color:
        return Text(OK_MARK if result else NO_MARK)
    return Text(OK_MARK, style="bold green") if result else Text(NO_MARK, style="bold red")


class _Units:
    """Words laid out in lines of the width given, broken between two units, never inside
    one (:func:`~turing.play.session.help_units`: an example of a command is one); a unit
    wider than the width alone on its lines."""

    def __init__(self, units: list[str]) -> None:
        self.units = units

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(unit) for unit in self.units), default=0)
        return Measurement(min(widest, options.max_width), cell_len(" ".join(self.units)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text("\n".join(_unit_lines(self.units, options.max_width)))  # no markup


def commands_table(
    written: Callable[[str], str] = str,
    verifiers: int = MAX_VERIFIERS,
    by_card: bool = False,
    hints: bool = True,
) -> RenderableType:
    """The list ``help`` shows as a table, one line for each command on a terminal of 80
    columns: what a command does wraps under its own column, not under the command, on a
    narrower one. ``written`` gives a text as the console writes it (with stand-ins where
    it cannot write a character), so the columns are measured on what is written;
    ``verifiers``: the puzzle's, whose letters the notes name; ``by_card``: criteria are
    named only by their card, the strike commands' one form; ``hints`` false: a game
    without hints, hint marked off)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for word, what in summary_rows(written, by_card, hints):
        # an example (mark p 1 2 clear) is never broken across two lines
        table.add_row(Text(word), _Units(help_units(what)))
    rows = Padding(table, (0, 0, 0, 2))
    notes = [_Note(paragraph) for paragraph in list_note_paragraphs(written, verifiers)]
    return Group(Text(_("Commands:")), rows, Text(""), *notes)


class _Note:
    """A paragraph of the notes below ``help``'s list, wrapped to the width as the list
    is: at two columns in, its further lines at four (under its words, as a command's
    description wraps under its own column), never between the words a no-break space
    joins (a shape and its colour, a short form and its command)."""

    def __init__(self, paragraph: str) -> None:
        self.units = [unit.replace("\xa0", " ") for unit in paragraph.split(" ")]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(unit) for unit in self.units), default=0)
        return Measurement(min(widest + 4, options.max_width), options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = _unit_lines(self.units, options.max_width, first="  ", then="    ")
        yield Text("\n".join(lines))  # Text: [best] is no markup


def _unit_lines(units: list[str], width: int, first: str = "", then: str = "") -> list[str]:
    """``units`` set in lines of at most ``width`` cells, a space between two on a line
    (one too wide stands alone): the first line begins with ``first``, the others with
    ``then``.

    >>> _unit_lines(["compose", "352", "or", "c 3 5 2"], 12, then="  ")
    ['compose 352', '  or c 3 5 2']
    """
    lines: list[str] = []
    for unit in units:
        if lines and cell_len(lines[-1]) + 1 + cell_len(unit) <= width:
            lines[-1] += " " + unit
        else:
            lines.append((then if lines else first) + unit)
    return lines


#: What marks a struck criterion in words (``~~1 ■ < 4~~``): shown with every console, so
#: a strike reads where no strikethrough is drawn (TERM=dumb or vt100, the Linux console,
#: NO_COLOR, a file) and where it is not announced (a screen reader); struck through and
#: dimmed besides in colour.
STRUCK_MARK: Final = "~~"


def _criterion(label: str, text: str, struck: bool, color: bool) -> Text:
    body = f"{label} {text}"
    if struck:
        return Text(f"{STRUCK_MARK}{body}{STRUCK_MARK}", style="strike dim" if color else "")
    return shaped(body, color)


def _card_line(
    game: Game, card: int, struck: set[tuple[int, int]], color: bool, digits: int = 1
) -> Text:
    """One card on one line: number (right-aligned to ``digits``), title, then every
    criterion (compact)."""
    cs = game.cardset.card(card)
    lang = current_language()
    line = shaped(f"{card:>{digits}} {cs.title_in(lang)}: ", color, "bold" if color else "")
    for i, crit in enumerate(cs.criteria):
        if i:
            line.append(" · ", style="dim" if color else "")
        line.append_text(
            _criterion(
                str(crit.position), crit.text_in(lang), (card, crit.position) in struck, color
            )
        )
    return line


def packed(parts: Iterable[Text | str], width: int | None, separator: str = " · ") -> Text:
    """``parts`` joined by ``separator`` on one line; with ``width`` (a terminal's), on as
    few lines as it takes, each broken between two parts, never inside one (a part wider
    than the terminal is left to it). A header's ``Round 2 · ann · tests 3 · hints 0 ·
    01 · classic · 4 verifiers`` keeps each of its figures with its word."""
    out = Text()
    used = 0
    for i, part in enumerate(parts):
        piece = Text(part) if isinstance(part, str) else part
        if i:
            if width is not None and used + cell_len(separator) + piece.cell_len > width:
                out.append("\n")
                used = 0
            else:
                out.append(separator)
                used += cell_len(separator)
        out.append_text(piece)
        used += piece.cell_len
    return out


def _fit(line: Text, width: int | None) -> Text:
    if width is not None:
        line.no_wrap = True
        line.overflow = "ellipsis"
    return line


def others_tests_label(session: Session) -> str:
    """The words before the other seats' test counts, ``{list}`` for the counts: while the
    tests of the round in play wait for its reveal, the counts are those before it (both
    views show them)."""
    if session.tests_hidden:
        return _("Tests of the others before this round: {list}")
    return _("Tests of the others: {list}")


def others_counts(session: Session, name: str) -> list[str]:
    """Each other seat's tests as ``name`` may see them (:meth:`Session.tests_shown`), a
    seat out of the game marked so: ``bob 1``, ``cat 2 (out)`` (both views show them)."""
    game = session.game
    return [
        _("{name} {tests} (out)").format(name=other, tests=session.tests_shown(other))
        if game.is_eliminated(other)
        else f"{other} {session.tests_shown(other)}"
        for other in game.players
        if other != name
    ]


def bot_turn_text(session: Session, turn: BotTurn) -> str:
    """A bot's turn played, as the table sees it: while a person plays, its tests wait for
    the round's reveal, like the people's (both views show it)."""
    if session.people_playing:
        return _("{name} has played its turn (revealed when everyone has decided).").format(
            name=turn.player
        )
    return ngettext(
        "{name} made {n} test and decided.",
        "{name} made {n} tests and decided.",
        len(turn.tests),
    ).format(name=turn.player, n=len(turn.tests))


def recap_heading(recap: Recap) -> str:
    """The heading over the seats' counts when a game is resumed (both views show it)."""
    if recap.tests_before_round:
        return _("The game so far (tests before this round):")
    return _("The game so far:")


def render_screen(
    session: Session, name: str, color: bool, width: int | None = None
) -> RenderableType:
    """Everything ``name`` may see, compact: one line per card (``show cards`` has them in
    full), own tests, notes, grid; other seats' test counts as the others know them
    (:meth:`Session.tests_shown`: those of the round in play wait for its reveal).

    With ``width`` (a terminal's), a card's line is cut to it, and the screen says where
    the cut criteria are."""
    game = session.game
    view = game.view(name)
    notes = game.notes(name)
    puzzle = game.public
    mode = puzzle.mode_class
    parts: list[RenderableType] = []
    # the seat first (its tests and hints), then the puzzle: on a narrow terminal the
    # puzzle's words go to a second line, each figure with its word
    title = [
        Text(_("Round {round}").format(round=game.round), style="bold" if color else ""),
        Text(name, style="bold cyan" if color else ""),
        Text(_("tests {n}").format(n=len(view.tests))),
    ]
    if game.hints_allowed:
        title.append(Text(_("hints {n}").format(n=game.hints_used(name))))
    title.append(Text(shown_label(puzzle)))
    title.append(Text(mode_name(puzzle.mode)))
    title.append(
        Text(ngettext("{n} verifier", "{n} verifiers", puzzle.verifiers).format(n=puzzle.verifiers))
    )
    parts.append(packed(title, width))
    if len(game.players) > 1:
        first, *rest = others_counts(session, name)
        parts.append(packed([others_tests_label(session).format(list=first), *rest], width))
    # the cards' numbers right-aligned, so their titles start in one column
    digits = max(len(str(card)) for group in puzzle.cards for card in group)
    if mode.hidden_mapping:
        parts.append(
            Text(
                _(
                    "Verifiers {letters}: each holds one of these cards (which one is hidden)"
                ).format(letters=" ".join(puzzle.letters))
            )
        )
        card_lines = [
            Text("   ").append_text(_card_line(game, card, notes.struck, color, digits))
            for card in puzzle.shown_cards
        ]
    else:
        card_lines = [
            Text(f" {letter} " if i == 0 else "   ", style="bold" if color else "").append_text(
                _card_line(game, card, notes.struck, color, digits)
            )
            for v, letter in enumerate(puzzle.letters)
            for i, card in enumerate(puzzle.cards[v])
        ]
    parts.extend(_fit(line, width) for line in card_lines)
    if not mode.hidden_mapping and mode.cards_per_verifier > 1:
        parts.append(
            Text(
                _("Each verifier shows two cards; only one of them is real."),
                style="dim" if color else "",
            )
        )
    if width is not None and any(line.cell_len > width for line in card_lines):
        parts.append(
            Text(
                # a Text, written as the lines are cut: "…", or "~" where it cannot be
                _("Lines ending in … are cut to the window: show cards lists every criterion."),
                style="dim" if color else "",
            )
        )
    if notes.text:
        parts.append(
            Text(
                _("Notes: {notes}").format(
                    notes=" · ".join(f"{LETTERS[v]}: {t}" for v, t in sorted(notes.text.items()))
                )
            )
        )
    if view.tests or view.code:
        tests = Table(box=None, show_edge=False, pad_edge=False, title_justify="left")
        tests.add_column(_("round"))
        tests.add_column(_("code"))
        for letter in puzzle.letters:
            tests.add_column(letter, justify="center")
        for rnd, code, answers in view.test_log():
            cells = [
                _answer(answers[v], color)
                if v in answers
                else Text("·", style="dim" if color else "")
                for v in range(puzzle.verifiers)
            ]
            tests.add_row(str(rnd), code, *cells)
        parts.append(tests)
    grid = Table(box=None, show_edge=False, pad_edge=False)
    grid.add_column(_("grid"))
    for d in range(1, 6):
        grid.add_column(str(d), justify="center")
    for shape in SHAPES:
        cells = []
        for d in range(1, 6):
            mark = notes.grid.get((shape, d))
            cells.append(
                Text("·", style="dim" if color else "") if mark is None else _answer(mark, color)
            )
        grid.add_row(shaped(f"{SHAPE_SYMBOLS[shape]} {shape_name(shape)}", color), *cells)
    parts.append(grid)
    status = status_line(game, name)
    if status:
        parts.append(Text(status))
    return Group(*parts)


#: the width under which ``show cards`` lists a card's criteria under its title, not beside
#: it (two columns that narrow wrap both, their lines side by side read as one)
CARDS_SIDE_BY_SIDE_WIDTH: Final = 60


def render_cards(
    session: Session, name: str, color: bool, width: int | None = None
) -> RenderableType:
    """Every card on the table with its criteria in full, one per line: beside its title,
    or under it on a terminal narrower than :data:`CARDS_SIDE_BY_SIDE_WIDTH` (``width``;
    None for a file or a pipe)."""
    game = session.game
    notes = game.notes(name)
    puzzle = game.public
    narrow = width is not None and width < CARDS_SIDE_BY_SIDE_WIDTH
    table = Table(box=None if not color else box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    if narrow:
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
    else:
        table.add_column("")
        table.add_column(_("card"))
        table.add_column(_("criteria"))
    rows: list[tuple[str, int]] = []
    if puzzle.mode_class.hidden_mapping:
        rows = [("?", c) for c in puzzle.shown_cards]
    else:
        for v, letter in enumerate(puzzle.letters):
            rows.extend((letter if i == 0 else "", c) for i, c in enumerate(puzzle.cards[v]))
    for letter, card in rows:
        cs = game.cardset.card(card)
        crits = Text()
        for i, crit in enumerate(cs.criteria):
            if i:
                crits.append("\n")
            crits.append_text(
                _criterion(
                    f"{card}.{crit.position}",
                    crit.text_in(current_language()),
                    (card, crit.position) in notes.struck,
                    color,
                )
            )
        title = shaped(f"{card} {cs.title_in(current_language())}", color)
        if narrow:
            # the title, then its criteria under it, indented by two: one column to wrap
            table.add_row(letter, Group(title, Padding(crits, (0, 0, 0, 2))))
        else:
            table.add_row(letter, title, crits)
    return table


def status_line(game: Game, name: str) -> str:
    view = game.view(name)
    phase = game.phase(name)
    if phase == "test":
        if view.code is None:
            return _(
                "Compose a code (compose {e}), then test it (test A); or solve / pass."
            ).format(e=EXAMPLE_CODE)
        left = view.tests_left_this_round
        tested = " ".join(LETTERS[v] for v in view.tested_this_round)
        head = (
            _("This round's code: {code}, tested {letters}").format(code=view.code, letters=tested)
            if tested
            else _("This round's code: {code}").format(code=view.code)
        )
        if left:
            return ngettext(
                "{head}; {n} test left. Then solve CODE or pass.",
                "{head}; {n} tests left. Then solve CODE or pass.",
                left,
            ).format(head=head, n=left)
        return _("{head}; no tests left. Solve CODE or pass.").format(head=head)
    if phase == "decide":
        return _("Testing is over for this round: solve CODE or pass.")
    return ""


@contextlib.contextmanager
def _no_echo(stream: Any) -> Iterator[None]:
    """The terminal on ``stream`` does not echo typed keys meanwhile (nothing changes where
    it is not a terminal)."""
    try:
        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
    except (OSError, ValueError, AttributeError, termios.error):
        yield
        return
    quiet = list(saved)
    quiet[3] = saved[3] & ~termios.ECHO
    try:
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
    except termios.error:
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, saved)


def render_hint(
    session: Session, shown: HintShown, color: bool, shapes: Mapping[str, str] = SHAPE_STYLES
) -> RenderableType:
    """What a hint shows; ``shapes``, the style of each shape's symbol (see :func:`shaped`)."""
    game = session.game
    hint = shown.hint
    table = Table(
        title=_("What you can infer now"),
        box=None,
        show_edge=False,
        pad_edge=False,
        title_justify="left",
    )
    table.add_column("")
    table.add_column(_("criteria still possible"))
    # Letters left the same criteria (every letter, in nightmare mode before a test) are
    # shown once, on one row.
    rows: dict[tuple[tuple[int, int], ...], list[str]] = {}
    for v, letter in enumerate(game.public.letters):
        rows.setdefault(tuple(hint.possible[v]), []).append(letter)
    for possible, letters in rows.items():
        lines = [
            f"{card}.{pos} {game.cardset.card(card).criterion(pos).text_in(current_language())}"
            for card, pos in possible
        ]
        table.add_row(
            ", ".join(letters), shaped("\n".join(lines) or _("none"), color, shapes=shapes)
        )
    codes = hint.codes.texts()
    summary = Text()
    if hint.solution is not None:
        summary.append(
            _("The code is {code}.").format(code=hint.solution), style="bold" if color else ""
        )
    else:
        summary.append(
            ngettext("{n} code remains: {codes}", "{n} codes remain: {codes}", len(codes)).format(
                n=format_number(len(codes)), codes=" ".join(codes)
            )
        )
    summary.append("  " + hints_used_text(shown.used, shown.again))
    return Group(table, summary)


def hints_used_text(used: int, again: bool) -> str:
    """The hint count after a hint: ``(hints used: 2)``, or for a hint given before with
    nothing played since, that it is not counted again."""
    if again:
        return _("(given before, not counted again; hints used: {n})").format(n=used)
    return _("(hints used: {n})").format(n=used)


def best_test_text(best: BestTest) -> str:
    used = hints_used_text(best.used, best.again)
    if best.tests_over:
        if best.solution is not None:
            move = _("solve {code}").format(code=best.solution)
        else:
            move = _("pass (no test is left this round, and the code is not known yet)")
        return _("Best now: {move} {used}").format(move=move, used=used)
    if best.verifier is None:
        if best.solution is not None:
            move = _("stop testing and solve {code}").format(code=best.solution)
        else:
            move = _("stop testing this round")
    elif best.compose:
        move = _("compose {code} and test {letter}").format(
            code=best.code, letter=LETTERS[best.verifier]
        )
    else:
        move = _("test {code} against {letter}").format(
            code=best.code, letter=LETTERS[best.verifier]
        )
    if best.proven and not best.rounds_proven:
        return _(
            "Best now: {move}, keeping the fewest tests (the fewest rounds are not proven "
            "here: the rounds search passed its limit) {used}"
        ).format(move=move, used=used)
    if best.proven:
        return _("Best now: {move} {used}").format(move=move, used=used)
    return _(
        "No move proven best here (the search passed its work limit); "
        "bot:greedy would {move} {used}"
    ).format(move=move, used=used)


def counted_tests(n: int) -> str:
    """``1 test``, ``2 tests`` (in the language in use)."""
    return ngettext("{n} test", "{n} tests", n).format(n=n)


def result_table(session: Session, fewest: FewestTests | None, **style: Any) -> Table:
    """The after-game table: each player's result, tests, tests beside the fewest (when
    ``fewest`` is known) and hints, under the solution and the number of rounds."""
    result = session.game.result()
    title = (
        ngettext(
            "Result · solution {code} · {n} round",
            "Result · solution {code} · {n} rounds",
            result.rounds,
        )
        if result.solution is not None
        else ngettext(
            "Result · solution not known · {n} round",
            "Result · solution not known · {n} rounds",
            result.rounds,
        )
    )
    table = Table(
        title=title.format(code=result.solution, n=result.rounds),
        title_justify="left",
        **style,
    )
    table.add_column(_("player"))
    table.add_column(_("result"))
    table.add_column(_("tests"), justify="right")
    if fewest is not None:
        table.add_column(_("vs fewest"), justify="right")
    table.add_column(_("hints"), justify="right")
    for standing in session.standings(fewest):
        row = [standing.player, standing.result, str(standing.tests)]
        if standing.versus_fewest is not None:
            row.append(standing.versus_fewest)
        row.append(str(standing.hints))
        table.add_row(*row)
    return table


def saved_on_leaving(session: Session, command: str, overwrite: bool = False) -> str:
    """A game left unfinished is saved to its save file, however it was left (both views
    use this): what became of it, for "game abandoned; …", or "" without a save file.
    Another game's save there is kept unless ``overwrite``; ``command`` (play, board)
    resumes it. Not saved there (no save file, another game's save in it, a failure),
    it names the file the game was last saved to, ``save FILE`` too, or else the file it
    was resumed from, and whether that file is behind the game."""
    problem = ""
    if session.save_path is not None:
        ended = session.end_held_in(str(session.save_path))
        other = None if ended is not None else session.other_game_in(str(session.save_path))
        if ended is not None:
            problem = _(
                "not saved: {path} holds this game's end (it ended in another sitting)"
            ).format(path=shown_name(ended))
        elif other is not None and not overwrite:
            problem = _("not saved: {path} holds another saved game").format(path=shown_name(other))
        else:
            try:
                path = session.save()
            except TuringError as exc:
                problem = str(exc)
            else:
                return _("saved to {path} — resume with: {command}").format(
                    path=shown_name(path), command=command_to_copy(command, "--resume", path)
                )
    last = session.last_saved()
    if last is None:
        return problem
    path, current, saved_here = last
    if saved_here:
        earlier = (
            _("saved to {path} — resume with: {command}")
            if current
            else _("saved to {path} earlier, without what was done since — resume with: {command}")
        )
    else:  # not saved in this sitting: the file it was resumed from is as it was
        earlier = (
            _("{path} still holds the game as it stands — resume with: {command}")
            if current
            else _(
                "{path} still holds the game as it was when resumed, without what was done "
                "since — resume with: {command}"
            )
        )
    earlier = earlier.format(
        path=shown_name(path), command=command_to_copy(command, "--resume", path)
    )
    return f"{problem}; {earlier}" if problem else earlier


def not_saved_at_end(path: Path, reason: str) -> str:
    """The line said after the result for a file of the game's family that is not brought
    to the end, with why (``reason``: "it is no longer there", …; both views use this)."""
    return _("The finished game is not saved to {path}: {reason}.").format(
        path=shown_name(path), reason=reason
    )


def kept_at_end(session: Session) -> list[str]:
    """The lines said after the result for what another sitting of the game, which ended
    it first, keeps as it is (both views use this): each save file that holds its end,
    and the transcript file when what this sitting played is not in it."""
    lines = [
        not_saved_at_end(path, _("it holds this game's end (it ended in another sitting)"))
        for path in session.end_saves_kept
    ]
    if session.transcript_missed is not None:
        path, reason = session.transcript_missed
        lines.append(
            _("What was played in this sitting is not in the transcript {path}: {reason}.").format(
                path=shown_name(path), reason=reason
            )
        )
    return lines


def left_text(name: str, codes: Sequence[str], solo: bool) -> str:
    """Beside the box, at the end of a game nobody solved: the codes the cards and a
    player's answers leave (both views show it)."""
    listed = " ".join(codes) if len(codes) <= 12 else ""
    if solo:
        text = ngettext(
            "The cards and your answers leave {n} code: {codes}",
            "The cards and your answers leave {n} codes: {codes}",
            len(codes),
        )
    else:
        text = ngettext(
            "The cards and {name}'s answers leave {n} code: {codes}",
            "The cards and {name}'s answers leave {n} codes: {codes}",
            len(codes),
        )
    return text.format(name=name, n=len(codes), codes=listed).rstrip(": ")


def dispute_text(dispute: Dispute) -> str:
    """Beside the box, the box's words of a round that disagree, and what now (both views
    show it)."""
    return _(
        "The box's words on round {round}'s solutions disagree, yet the box takes only one "
        "code: one word was typed wrong. Everyone decides round {round} again (its tests "
        "are over); if you submitted a solution, check the box's word on it first."
    ).format(round=dispute.round)


def reveal_lines(reveal: Reveal) -> list[str]:
    """What each player did in a revealed round: a sentence each (both views show them)."""
    lines: list[str] = []
    for entry in reveal.entries:
        if entry.kind == "solve":
            if entry.correct:
                text = _("{name} submitted {code} — right")
            elif entry.code is None:
                text = (
                    _("{name} submitted a wrong code; {name} is out")
                    if entry.eliminated
                    else _("{name} submitted a wrong code")
                )
            elif entry.eliminated:
                text = _("{name} submitted {code} — wrong; {name} is out")
            else:
                text = _("{name} submitted {code} — wrong")
            lines.append(text.format(name=entry.player, code=entry.code))
        elif entry.kind == "pass":
            lines.append(_("{name} passed").format(name=entry.player))
        else:
            lines.append(_("{name} gave up").format(name=entry.player))
        if entry.tests is not None:
            # TRANSLATORS: one player's decision in a revealed round, then that player's
            # tests of the round: "ann passed (2 tests)"
            lines[-1] = _("{decision} ({tests})").format(
                decision=lines[-1], tests=counted_tests(entry.tests)
            )
    return lines


def held_lines(game: Game) -> list[str]:
    """Once the game is over, what each verifier held, a line each under a heading: its
    letter, the card it held where that was hidden (nightmare: which card of the table;
    extreme: which of its two cards counted), and the criterion as ``show cards`` writes
    it (both views show them). None beside the box, whose criteria the game never knew."""
    held = game.held_criteria()
    if not held:
        return []
    lang = current_language()
    mode = game.puzzle.mode_class
    rows: list[tuple[str, str, str, str]] = []  # letter, card, number, criterion
    for verifier in held:
        crit = game.cardset.card(verifier.card).criterion(verifier.criterion)
        card = ""
        if verifier.others:
            card = _("card {card}, not {others}").format(
                card=verifier.card, others=", ".join(map(str, verifier.others))
            )
        elif mode.hidden_mapping:
            card = _("card {card}").format(card=verifier.card)
        number = f"{verifier.card}.{verifier.criterion}"
        rows.append((verifier.letter, card, number, crit.text_in(lang)))
    # in columns: the cards, the criteria's numbers (right-aligned), their texts
    cards = max(len(card) for _letter, card, _number, _text in rows)
    numbers = max(len(number) for _letter, _card, number, _text in rows)
    lines = [_("The verifiers held:")]
    for letter, card, number, text in rows:
        shown = f"{card.ljust(cards)} · " if cards else ""
        lines.append(f"  {letter}  {shown}{number.rjust(numbers)} {text}")
    return lines


def fewest_lines(fewest: FewestTests) -> list[str]:
    """The fewest tests that guarantee the code (exact or proven bounds) and, when known,
    an optimal first round (the one the policy plays, with its caveat where the fewest
    rounds are not proven), one sentence a line."""
    if fewest.exact:
        lines = [_("Fewest tests that guarantee the code: {n} (exact).").format(n=fewest.lower)]
    elif fewest.upper is not None:
        lines = [
            _(
                "Fewest tests that guarantee the code: between {low} and {high} "
                "(proven bounds; the exact search passed its work limit)."
            ).format(low=fewest.lower, high=fewest.upper)
        ]
    else:
        lines = [
            _(
                "Fewest tests that guarantee the code: at least {n} "
                "(proven lower bound; the exact search passed its work limit)."
            ).format(n=fewest.lower)
        ]
    if fewest.first_code is not None and fewest.first_plan is not None:
        plan = fewest.first_plan
        after = _plan_branches(plan)
        lines.append(
            _("An optimal first round: compose {code}, test {first}{then}.").format(
                code=fewest.first_code,
                first=LETTERS[plan.verifier],
                then=(", " if _same_next(plan) else "; ") + after if after else "",
            )
        )
    elif fewest.first_code is not None:
        first, *then = (LETTERS[v] for v in fewest.first_verifiers)
        if len(then) == 1:  # tested after one answer or both: the plan may stop sooner
            lines.append(
                _(
                    "An optimal first round: compose {code}, test {first}, then if needed {then}."
                ).format(code=fewest.first_code, first=first, then=then[0])
            )
        elif then:
            lines.append(
                _(
                    "An optimal first round: compose {code}, test {first}, "
                    "then by the answers {then}."
                ).format(code=fewest.first_code, first=first, then=_(" or ").join(then))
            )
        else:
            lines.append(
                _("An optimal first round: compose {code}, test {first}.").format(
                    code=fewest.first_code, first=first
                )
            )
    elif fewest.exact and fewest.lower > 0:  # the round's search passed its time allowance
        lines.append(_("An optimal first round: not found within the limits of its search."))
    if fewest.first_code is not None and not fewest.rounds_proven:
        lines.append(
            _(
                "That round keeps the fewest tests; the fewest rounds are not proven here "
                "(the rounds search passed its limit)."
            )
        )
    return lines


def _same_next(step: RoundStep) -> bool:
    """Whether both answers to ``step``'s test lead to the same plan."""
    yes, no = step.yes.then, step.no.then
    if yes is None or no is None:
        return yes is no
    return yes.verifier == no.verifier and _plan_branches(yes) == _plan_branches(no)


def _plan_branches(step: RoundStep) -> str:
    """What follows ``step``'s test in a round's plan, by the answer where that matters:
    ``A ✔ → C, A ✘ → D, then B``, ``then C``, ``C ✔ → B, C ✘ → stop``; empty when the
    round ends after it whatever the answer."""
    yes, no = step.yes.then, step.no.then
    if yes is None and no is None:
        return ""
    after = [_plan_branches(s) if s is not None else "" for s in (yes, no)]
    if yes is not None and _same_next(step):
        rest = f", {after[0]}" if after[0] else ""
        return _("then {letter}").format(letter=LETTERS[yes.verifier]) + rest
    letter = LETTERS[step.verifier]
    common = after[0] if yes is not None and no is not None and after[0] == after[1] else None
    arrows = []
    for mark, s, more in (("✔", yes, after[0]), ("✘", no, after[1])):
        target = _("stop") if s is None else LETTERS[s.verifier]
        if more and common is None:
            target += f" ({more})"
        arrows.append(f"{letter} {mark} → {target}")
    return ", ".join(arrows) + (f", {common}" if common else "")


# -- reading --------------------------------------------------------------------------------


class SaveAnswer(Enum):
    """How a person leaving a game answered :func:`ask_save_file`."""

    SAVED = "saved"
    """a file was named, and the game saved there"""
    DECLINED = "declined"
    """no, or the end of the input: leave without saving"""
    NO_NAME = "no name"
    """Enter alone: leave without saving"""
    STAY = "stay"
    """Ctrl-C: nothing is done, the game goes on"""


def ask_save_file(
    ask: Callable[[str], str],
    tell: Callable[[str], None],
    save_to: Callable[[str], bool],
    ended: type[BaseException] = EOFError,
    is_command: Callable[[str], bool] = lambda word: False,
) -> SaveAnswer:
    """At a terminal, a game being left that is not saved: ask for a file to save it to,
    until ``save_to`` has saved it there (it says itself why it could not, and returns
    False to ask again). ``ask`` reads an answer, raising ``ended`` at the end of the input
    and KeyboardInterrupt at Ctrl-C; a yes is told (``tell``) to name a file; a name may be
    quoted. A name that is a command of the game (``is_command``: the name, or its first
    word), with no ``.`` or ``/`` in it, is a command typed at the wrong question: it is
    told so and asked again, and saved to only when written as a path (``./giveup``) or
    quoted. The one question of both games, the criteria game and Mastermind."""
    while True:
        try:
            typed = ask(_("Save it first? File name (Enter: do not save): "))
        except Terminated:
            raise
        except KeyboardInterrupt:  # as at every question: nothing is done
            return SaveAnswer.STAY
        except ended:
            return SaveAnswer.DECLINED
        said = yes_or_no(typed)
        if said is False:
            return SaveAnswer.DECLINED
        if said is True:
            tell(_("Type the name of a file to save to, or press Enter not to save."))
            continue
        target = file_name(typed)
        if not target:
            return SaveAnswer.NO_NAME
        bare = typed.strip() == target and not ({".", "/", os.sep} & set(target))
        if bare and is_command(target):
            tell(
                _(
                    "{name!r} is a command of the game, not a file name: to save to a file "
                    "of that name, type ./{name}; Enter: do not save."
                ).format(name=target)
            )
            continue
        if save_to(target):
            return SaveAnswer.SAVED


class EndOfInput(Exception):
    """Ctrl-D at a terminal, or the end of a script."""


def struck_text(outcome: Struck) -> str:
    """What a strike (or unstrike) did: ``Struck: 4.1``, and what was so already."""
    parts = []
    if outcome.labels:
        labels = ", ".join(outcome.labels)
        parts.append(
            _("Struck: {labels}").format(labels=labels)
            if outcome.struck
            else _("Unstruck: {labels}").format(labels=labels)
        )
    if outcome.unchanged:
        labels = ", ".join(outcome.unchanged)
        parts.append(
            _("struck already: {labels}").format(labels=labels)
            if outcome.struck
            else _("not struck: {labels}").format(labels=labels)
        )
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def _quiet_about_cpr(session: PromptSession[str]) -> PromptSession[str]:
    """``session``, never saying that the terminal leaves the cursor's position unanswered.

    prompt_toolkit asks the terminal where the cursor is, to know the room below it for the
    completion menu; a terminal that does not answer (some ssh clients, minimal terminals)
    would get a warning of prompt_toolkit's own, in English, at the player's line. The
    question is given up as quietly: the line is edited, kept in the history and completed
    all the same."""
    session.app.renderer.cpr_not_supported_callback = None
    return session


class Reader:
    """Lines typed at a terminal (prompt_toolkit), or read from a script."""

    def __init__(self, console: Console, interactive: bool, stream: IO[str]) -> None:
        self.console = console
        self.interactive = interactive
        self.stream = stream
        # Line editing redraws the line; a terminal that cannot move the cursor (TERM=dumb)
        # would show keys the line does not hold, so its lines are read plainly.
        self.editing = (
            interactive and stream.isatty() and sys.stdout.isatty() and not is_dumb_terminal()
        )
        self._sessions: dict[str, PromptSession[str]] = {}
        self.letters = ""
        self.lines_read = 0
        """Lines read from a script so far (the number of the last one)."""
        self._pasted: list[str] = []
        """The lines after the first of several pasted at once, each run in its turn."""
        self.at_top = False
        """Nothing shown since the screen was wiped: the cursor is at its top left corner."""

    def _prompt_session(self, key: str) -> PromptSession[str]:
        """A prompt_toolkit session per seat: each person's history is their own (the
        next player must not find the last one's lines by pressing Up)."""
        found = self._sessions.get(key)
        if found is None:
            found = _quiet_about_cpr(
                PromptSession(
                    history=InMemoryHistory(),
                    completer=_Completer(self),
                    complete_while_typing=False,
                    enable_suspend=True,  # Ctrl-Z stops the game as it stops any program
                )
            )
            self._sessions[key] = found
        return found

    def read(self, prompt: str, seat: str | None = None) -> str:
        """One line; :class:`EndOfInput` at its end; KeyboardInterrupt on Ctrl-C. A line
        with control characters (raw escape sequences and the like), or an invisible or
        text-direction character (:func:`~turing.core.files.typed_garbling`), is refused,
        never echoed, and the next line read."""
        while True:
            try:
                line = self._read(prompt, seat)
            except UnreadableLine:
                line = None
            if line is None or not readable(line):
                self._refuse(self._unreadable())
                continue
            problem = typed_garbling_problem(line)
            if problem is not None:
                self._refuse(self._keys_not_edited(line) or problem)
            else:
                return line

    def _keys_not_edited(self, line: str) -> str | None:
        """What is wrong with a typed ``line`` that holds an escape sequence on a terminal
        that reads lines plainly (TERM=dumb: no line editing), where it comes of an arrow
        key or another editing key; None elsewhere (a stray key, a script's line)."""
        if not self.interactive or self.editing or "\x1b" not in line or not is_dumb_terminal():
            return None
        return _(
            "arrow keys and line editing do not work on this terminal (TERM={term}); "
            "type the line again without them (Backspace works)"
        ).format(term=os.environ.get("TERM", ""))

    def _refuse(self, message: str) -> None:
        self.at_top = False
        self.console.print(Text(self.error_text(message), style="red"))

    def error_text(self, message: str) -> str:
        """An error about the line last read: in a script, with its number."""
        return error_text(message, None if self.interactive else self.lines_read)

    def _unreadable(self) -> str:
        """The error of a line that is not text: typed, with the encoding the terminal is
        read in, the input's (prompt_toolkit reads in it too)."""
        return unreadable_line_text(self.interactive, input_encoding(self.stream))

    def _first_pasted(self, text: str) -> str:
        """The first line of ``text`` taken at the prompt: several lines pasted at once
        run one by one, as lines from a script do; the others wait in :attr:`_pasted`."""
        lines = text.split("\n")
        while len(lines) > 1 and not lines[-1].strip():
            lines.pop()
        self._pasted = lines[1:]
        return lines[0]

    def _next_pasted(self, prompt: str) -> str | None:
        """The next line waiting from a paste, shown after ``prompt`` as it runs."""
        if not self._pasted:
            return None
        line = self._pasted.pop(0)
        self.at_top = False
        self.console.print(Text(prompt + (line if typed_garbling(line) is None else "")))
        return line

    def _read(self, prompt: str, seat: str | None) -> str:
        if self.editing:
            pasted = self._next_pasted(prompt)
            if pasted is not None:
                return pasted
            return self._edited(functools.partial(self._prompt_session(seat or "").prompt, prompt))
        if self.interactive:
            try:
                return self.console.input(Text(prompt))
            except EOFError:
                raise_if_hung_up()  # the terminal closed: a hang-up, not Ctrl-D
                raise EndOfInput from None
            except UnicodeDecodeError:
                raise UnreadableLine from None
        self.lines_read += 1
        # UnreadableLine: refused by read, never echoed
        read = read_line(self.stream, first=self.lines_read == 1)
        if read is None:
            raise EndOfInput
        self.console.print(Text(prompt + (read if typed_garbling(read) is None else "")))
        return read

    def drop_typed_ahead(self) -> None:
        """Forget the keys typed at the terminal and not read yet, and the pasted lines not
        run yet: at a hot-seat handover, what the last player typed ahead must not answer
        the handover nor play for the next player. Nothing is dropped from a script."""
        if not self.interactive:
            return
        self._pasted.clear()
        with contextlib.suppress(OSError, ValueError, AttributeError, termios.error):
            if self.stream.isatty():
                termios.tcflush(self.stream.fileno(), termios.TCIFLUSH)
        for session in self._sessions.values():  # read with a seat's line, kept for the next
            clear_typeahead(session.input)

    def ask(self, question: str) -> str:
        """A plain question (never in a seat's history)."""
        if self.editing:
            pasted = self._next_pasted(question)
            if pasted is not None:
                return pasted
            asking = _quiet_about_cpr(PromptSession[str](enable_suspend=True))
            return self._edited(functools.partial(asking.prompt, question))
        return self.read(question)

    def _edited(self, prompt: Callable[[], object]) -> str:
        """The line ``prompt`` (a prompt_toolkit prompt) reads, its first if several were
        pasted; Ctrl-D is :class:`EndOfInput`, a terminal closed meanwhile a hang-up, and a
        stop signalled while it read is raised once it returned."""
        if self.at_top:
            # a line edited at the top left corner of a wiped screen is drawn again there
            # when it is taken, which some terminals (tmux) take for clearing the screen
            # and keep a copy of above: the line is edited one line lower
            self.at_top = False
            self.console.print()
        try:
            text = prompt()
        except (EOFError, OSError) as failed:
            raise_if_hung_up()  # the terminal closed: a hang-up, not Ctrl-D
            if isinstance(failed, OSError):
                raise
            raise EndOfInput from None
        finally:
            watch_signals_again()
        pending_stop()
        return self._first_pasted(str(text))


class _Completer(Completer):
    """Completes command words of the language in use, then verifier letters after test
    and strike, and a note's letter (never within its text)."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        pieces = split_line(text)
        if pieces and ";" in pieces[-1]:
            return  # within a note, which takes the rest of its line: its text is free
        part = text.split(";")[-1].lstrip()
        words = part.split(" ")
        if len(words) == 1:
            for name in completions(words[0]):  # the words of the language in use
                yield Completion(name + " ", start_position=-len(words[0]))
            return
        command = ALIASES.get(words[0].lower(), words[0].lower())
        if command == "note" and len(words) > 2:
            return  # a note's text, after its letter, is free: nothing is offered in it
        if command in ("test", "note", "strike", "unstrike"):
            current = words[-1]
            if len(current) <= 1:
                for letter in self.reader.letters:
                    if letter.startswith(current.upper()):
                        yield Completion(letter + " ", start_position=-len(current))


# -- the view -------------------------------------------------------------------------------


class Leave(Exception):
    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def _left_on_signal(stopped: Terminated) -> Leave:
    """The game left on SIGTERM or SIGHUP (its terminal closed), with the status each ends
    a command with."""
    if isinstance(stopped, HungUp):
        return Leave(_("hung up"), EXIT_HUNG_UP)
    return Leave(_("terminated"), EXIT_TERMINATED)


@dataclass
class PromptView:
    """Runs a session at a terminal or from a script."""

    session: Session
    console: Console
    reader: Reader
    color: bool
    quiet: bool = False
    compare: bool = True
    #: where the view says what it cannot say on ``console`` (its output closed)
    errors: Console = field(default_factory=lambda: Console(stderr=True, highlight=False))
    #: set when standard output was closed by its reader during the game
    output_closed: bool = False
    _rounds_shown: set[int] = field(default_factory=set)
    #: the player said yes to saving over another game's save in the save file on leaving
    _overwrite_on_leaving: bool = False

    @property
    def interactive(self) -> bool:
        return self.reader.interactive

    def say(self, message: str | RenderableType, style: str = "") -> None:
        if self.quiet:
            return
        self.reader.at_top = False
        if isinstance(message, str):
            # as the terminal writes it ("…" as "...", "ä" as "ae" where it cannot take
            # them), so it is wrapped as written; a "…" left in a Text is a cut line's
            message = as_written(message, self.console.file)
            self.console.print(Text(message, style=style if self.color else ""))
        else:
            self.console.print(message)

    def error(self, message: str, about_line: bool = True) -> None:
        """Say what is wrong; ``about_line``: with the line it is about, in a script."""
        text = self.reader.error_text(message) if about_line else error_text(message)
        self.say(text, style="red")

    # -- the game loop --

    def run(self, resumed: bool = False) -> int:
        """Play the game to its end, or until it is left; the exit status. Standard output
        closed by its reader leaves an unfinished game as abandoned (saved to its save
        file, said on :attr:`errors`); output cut short after the end is no error of the
        game's, and its :class:`BrokenPipeError` goes on."""
        session = self.session
        try:
            return self._play(resumed)
        except OSError as exc:
            if not stdout_failed(exc) or session.game.is_terminal():
                raise
            session.sync()
            self.output_closed = True
            saved = self._saved_on_leaving()
            session.leave()
            reason = stdout_failure_reason(exc)
            # standard error may go to the same closed pipe (2>&1): the game is abandoned
            # all the same, its status says so
            with contextlib.suppress(OSError):
                self.errors.print(
                    Text(
                        _("{reason}: game abandoned; {saved}").format(reason=reason, saved=saved)
                        if saved
                        else _("{reason}: game abandoned").format(reason=reason)
                    ),
                    soft_wrap=True,  # one line, as a script reading standard error takes it
                )
            return EXIT_ABANDONED
        finally:
            session.close()

    def _play(self, resumed: bool) -> int:
        session = self.session
        self.reader.letters = "".join(session.game.public.letters)
        try:
            self._intro(resumed)
            while not session.game.is_terminal():
                turn = session.turn()
                assert turn is not None
                try:
                    self._round_heading()
                    if session.seat(turn.player).is_bot:
                        thinking = _("{name} is thinking…").format(name=turn.player)
                        with self._busy(thinking):
                            played = session.play_bot(turn.player)
                        self._bot_turn(played)
                    else:
                        self._human_turn(turn)
                except Terminated:
                    raise
                except KeyboardInterrupt:
                    self._interrupted()
                    continue
                for dispute in session.take_disputes():
                    self.say(dispute_text(dispute), style="bold")
                reveal = session.take_reveal()
                if reveal is not None:
                    self._reveal(reveal)
            self._final()
            self._tell_unread()
            return EXIT_OK
        except (OSError, EOFError, EndOfInput):
            # a line read or written when the terminal closed: a hang-up, as SIGHUP is
            gone = hung_up()
            if gone is None:
                raise
            return self._left(_left_on_signal(gone))
        except (Leave, Terminated) as stopped:
            # SIGTERM and SIGHUP end the game at once, asking nothing, as leaving it does
            if isinstance(stopped, Terminated):
                stop_taken()
            return self._left(stopped if isinstance(stopped, Leave) else _left_on_signal(stopped))

    def _tell_unread(self) -> None:
        """Say once, on standard error, that a script's lines after the game's end were
        not read (the lines of commands there now: a pipe still open is not waited for)."""
        if self.reader.interactive:
            return
        count, whole = unread_lines(self.reader.stream)
        if whole and not count:
            return
        said = (
            ngettext(
                "note: the game is over; {count} more line was not read",
                "note: the game is over; {count} more lines were not read",
                count,
            ).format(count=count)
            if whole
            else _("note: the game is over; the rest of the input was not read")
        )
        self.errors.print(Text(said), soft_wrap=True)

    def _left(self, left: Leave) -> int:
        """The game left for ``left``'s reason: saved, its transcript ended, said; its
        status."""
        session = self.session
        session.sync()
        saved = self._saved_on_leaving()
        session.leave()
        said = (
            _("{reason}: game abandoned; {saved}").format(reason=left, saved=saved)
            if saved
            else _("{reason}: game abandoned").format(reason=left)
        )
        # at a terminal the command that resumes the game is on one line, to copy whole
        saved_to = session.save_path
        resume = command_to_copy("play", "--resume", saved_to) if saved_to is not None else ""
        said = keeping_command_whole(
            said,
            resume,
            self._terminal_width(),
            lambda text: cell_len(as_written(text, self.console.file)),
        )
        try:
            if left.exit_code != EXIT_HUNG_UP:
                self._hide_screen()  # the player at the keyboard's screen is private
            # a terminal hung up takes no more lines: what matters is saved by now
            with contextlib.suppress(*((OSError,) if left.exit_code == EXIT_HUNG_UP else ())):
                self.say(said)
        except BrokenPipeError:
            # standard output closed as the game was left (the end of the input at the
            # same moment): left once, said where it can be
            self.output_closed = True
            with contextlib.suppress(OSError):
                self.errors.print(Text(said), soft_wrap=True)
        return left.exit_code

    def show_over(self, path: str, command: str = "play") -> None:
        """A resumed game that had ended: that it is over, in one line, and its result;
        the share code with the ``command`` that plays it (``board`` for the board)."""
        session = self.session
        if session.ended_in is None:
            said = _("{path}: this game is over: {result}").format(
                path=shown_name(path), result=session.outcome()
            )
        else:  # a save from before the end, whose end another file holds
            said = _("{path}: this game is over (its end is saved in {end}): {result}").format(
                path=shown_name(path), end=shown_name(session.ended_in), result=session.outcome()
            )
        self.say(said, style="bold")
        fewest = self._fewest()
        table = result_table(session, fewest, box=None, show_edge=False, pad_edge=False)
        table.min_width = cell_len(str(table.title))  # the title on one line, as after the game
        self.say(table)
        self._held()  # then the fewest tests, in the board's order
        for line in fewest_lines(fewest) if fewest is not None else ():
            self.say(line)
        self._share_code(command)

    def _held(self) -> None:
        """Once the game is over, what each verifier held: a heading, then a line each."""
        lines = held_lines(self.session.game)
        for i, line in enumerate(lines):
            text = shaped(as_written(line, self.console.file), self.color)
            self.say(text if i else Text(text.plain, style="bold" if self.color else ""))

    def _share_code(self, command: str = "play") -> None:
        """The puzzle's share code, shown only once the game is over, with the ``command``
        that plays it."""
        code = self.session.share_code()
        if code is not None:
            # the command on a line of its own when both do not fit, never broken inside
            shared = [
                _("Puzzle code to share: {code}").format(code=code),
                f"({command_to_copy(command, '--code', code)})",
            ]
            self.say(packed(shared, self._terminal_width(), separator="  "))

    def _fewest(self) -> FewestTests | None:
        """The fewest tests that guarantee the code, for the after-game table (none when
        not asked for, or stopped with Ctrl-C)."""
        if not self.compare or self.quiet:
            return None
        try:
            return self.session.fewest()
        except Terminated:
            raise
        except KeyboardInterrupt:
            return None

    def _saved_on_leaving(self) -> str:
        return saved_on_leaving(self.session, "play", overwrite=self._overwrite_on_leaving)

    def _intro(self, resumed: bool) -> None:
        session = self.session
        puzzle = session.game.public
        players = session.game.players
        if len(players) >= 2:
            seats = _("players: {names}").format(names=", ".join(players))
        elif players[0] == _(DEFAULT_PLAYER):  # not "players: player"
            # TRANSLATORS: the start line of a game of one player who gave no name
            seats = pgettext("one player", "solo")
        else:
            # TRANSLATORS: the start line of a game of one player, who is named
            seats = pgettext("one player", "solo: {name}").format(name=players[0])
        line = packed(
            [
                "Turing Machine",
                shown_label(puzzle),
                mode_name(puzzle.mode),
                ngettext("{n} verifier", "{n} verifiers", puzzle.verifiers).format(
                    n=puzzle.verifiers
                ),
                seats,
            ],
            self._terminal_width(),
        )
        if self.color:
            line.stylize("bold")
        self.say(line)
        if session.humans and not resumed:
            self.say(
                _(
                    "Find the secret code: each verifier checks it against one hidden "
                    "criterion of its card (✔ the code meets it, ✘ it does not)."
                )
            )
            if session.game.box:
                self.say(
                    _(
                        "Played beside the box: give each test the answer its verifier shows "
                        "(test A yes B no, or test A+ B-), and each solution whether the box "
                        "takes it (solve {code} yes); at a terminal you are asked for what "
                        "you leave out."
                    ).format(code=EXAMPLE_CODE)
                )
            self.say(_("Type help for the commands, rules for the rules."))
        if self.interactive and len(session.humans) >= 2 and not can_wipe_screen():
            self.say(
                _(
                    "This terminal cannot wipe the screen between turns: it is scrolled "
                    "away, and its scroll-back still holds the earlier turns. Look away "
                    "while another player has the keyboard."
                ),
                style="bold",
            )
        if resumed:
            self._recap(session.recap())
            self._rounds_shown.add(session.game.round)
            for dispute in session.take_disputes():
                self.say(dispute_text(dispute), style="bold")

    def _recap(self, recap: Recap) -> None:
        self.say(_("Resumed in round {round}.").format(round=recap.round), style="bold")
        if recap.last_reveal is not None:
            self._reveal(
                recap.last_reveal,
                heading=_("Round {round} was:").format(round=recap.last_reveal.round),
            )
        # the counts are of the whole game (but the round in play, where its tests wait
        # for its reveal): not under the last round's heading
        self.say(recap_heading(recap), style="bold")
        for seat in recap.seats:
            line = (
                _("{name} (bot): {tests}, {status}")
                if seat.is_bot
                else _("{name}: {tests}, {status}")
            )
            self.say(
                "  "
                + line.format(name=seat.name, tests=counted_tests(seat.tests), status=seat.status)
            )
        if recap.turn is not None:
            self.say(_("Next: {name}'s turn.").format(name=recap.turn))

    def _round_heading(self) -> None:
        game = self.session.game
        if game.round in self._rounds_shown:
            return
        self._rounds_shown.add(game.round)
        self.say(_("— Round {round} —").format(round=game.round), style="bold")

    def _bot_turn(self, turn: BotTurn) -> None:
        session = self.session
        tests = turn.tests
        if not session.people_playing and tests:
            detail = ", ".join(
                f"{LETTERS[t.verifier]} {OK_MARK if t.result else NO_MARK}" for t in tests
            )
            self.say(
                _("{name} tests {code}: {answers}").format(
                    name=turn.player, code=tests[0].code, answers=detail
                )
            )
        else:
            self.say(bot_turn_text(session, turn))

    def _handoff(self, name: str) -> None:
        """Hot-seat: hide the last player's screen and wait for the next player."""
        session = self.session
        if len(session.humans) < 2:
            return
        hands_over = session.hands_over(name)
        if self.interactive and not hands_over:
            session.at_keyboard = name  # the one person left among bots plays on
        elif self.interactive:
            while True:
                self.reader.drop_typed_ahead()
                try:
                    typed = self.reader.ask(
                        _("Pass the keyboard to {name} and press Enter. ").format(name=name)
                    )
                    if not typed.strip():
                        break
                    if command_name(typed.strip()) == "quit":
                        # as at the command prompt: asked, and offered to save
                        if self._confirm_leave():
                            raise Leave(pgettext("why a game was left", "quit"), EXIT_ABANDONED)
                        continue
                    # not run: the screen before a turn shows nothing and takes no command,
                    # and the line goes from the screen (it may be the last player's
                    # thinking, typed before the keyboard was passed)
                    self._hide_screen()
                    self.error(
                        _(
                            "that line was not run: Enter alone starts {name}'s turn "
                            "(quit leaves the game)"
                        ).format(name=name)
                    )
                except EndOfInput:
                    # Ctrl-D asks here as at the command prompt
                    if self._confirm_leave():
                        raise Leave(_("end of input"), EXIT_ABANDONED) from None
            session.at_keyboard = name
            self._hide_screen()
        else:
            self.say(
                _("— {name}'s turn, round {round} —").format(name=name, round=session.game.round),
                style="bold",
            )

    def _human_turn(self, turn: Turn) -> None:
        session = self.session
        name = turn.player
        self._handoff(name)
        self.say(self._screen(name))
        while session.in_turn(turn):
            try:
                line = self.reader.read(f"{name}> ", seat=name)
            except EndOfInput as end:
                if self.interactive and self._confirm_leave():
                    raise Leave(_("end of input"), EXIT_ABANDONED) from None
                if not self.interactive:
                    raise Leave(str(end) or _("end of input"), EXIT_ABANDONED) from None
                continue
            except Terminated:
                raise
            except KeyboardInterrupt:
                if self.interactive and self._confirm_leave():
                    raise Leave(_("interrupted"), EXIT_INTERRUPTED) from None
                if not self.interactive:
                    raise Leave(_("interrupted"), EXIT_INTERRUPTED) from None
                continue
            try:
                plan = self._planned(name, line)
            except (CommandError, TuringError) as exc:
                self.error(str(exc))
                continue
            if plan is None:
                self.say(_("Nothing done."))
                continue
            if not plan.commands:
                continue
            if not self._confirmed(plan.submits, plan.gives_up) or not self._overwrites(
                session.saves_over_other_games(plan)
            ):
                self.say(_("Nothing done."))
                continue
            self._run_plan(name, plan)
        if session.others_playing(name):  # the next person must not see this screen
            self._hide_screen()

    def _hide_screen(self) -> None:
        """Wipe the screen when several people take turns at this terminal (hot-seat)."""
        if self.interactive and len(self.session.humans) >= 2:
            clear_screen(self.reader.stream)
            self.reader.at_top = True

    @contextlib.contextmanager
    def _busy(self, words: str) -> Iterator[None]:
        """A line saying what the program is working on (``words``; none when empty), while
        it works: at a terminal only (with or without colour), gone once the work is done;
        a terminal that cannot move the cursor (TERM=dumb) is told once, on a plain line that
        stays. Nothing may be printed meanwhile."""
        console = self.console
        if not words or not self.interactive or self.quiet or not self._at_terminal():
            yield
            return
        if is_dumb_terminal():
            # a terminal that cannot move the cursor (TERM=dumb: an Emacs shell, a braille
            # console, a screen reader's) draws no spinner: the words are a plain line of
            # their own, said as the work starts and left standing
            console.print(Text(as_written(words, console.file)))
            with _no_echo(self.reader.stream):
                yield
            return
        if not console.is_terminal:  # plain text (NO_COLOR): the line alone is drawn
            console = Console(file=console.file, force_terminal=True, color_system=None)
        # Keys typed meanwhile are not echoed (Enter would move the line down and leave the
        # spinner's last frame behind each time); they wait for the next prompt as before.
        shown = Text(as_written(words, console.file))
        with _no_echo(self.reader.stream), console.status(shown, spinner="dots"):
            yield

    def _run_plan(self, name: str, plan: Plan) -> None:
        outcomes = self.session.run(plan)
        # Said while each step runs (the best test's search is the one that takes time),
        # taken away before the step's outcome is shown.
        words = ""
        if plan.asks_best_hint:
            words = (
                _("Searching for the best next test…")
                + " "
                + _("Ctrl-C cancels (a cancelled hint is not counted).")
            )
        hints_shown = 0  # the best hints of the line answered so far
        while True:
            try:
                with self._busy(words):
                    if is_dumb_terminal():
                        words = ""  # a plain line is said once for the whole line typed
                    outcome = next(outcomes)
            except StopIteration:
                return
            except Terminated:
                raise
            except KeyboardInterrupt:
                if plan.asks_best_hint:
                    self.say(
                        _("Hint cancelled (not counted); the rest of the line was not run.")
                        if plan.runs_after_best_hint(hints_shown)
                        else _("Hint cancelled (not counted).")
                    )
                    return
                raise
            except TuringError as exc:  # a save that failed at the disk
                self.error(str(exc))
                return
            if isinstance(outcome, BestTest):
                hints_shown += 1
            self._show(name, outcome)

    def _planned(self, name: str, line: str) -> Plan | None:
        """The line planned (:meth:`Session.plan`); in a game beside the box, at a
        terminal, the box's answers it leaves out are asked first (None: one was not
        given, and nothing is done)."""
        answers: list[bool] = []
        while True:
            try:
                # planned again after each answer: one no reading allows is refused at once
                return self.session.plan(name, line, answers)
            except AnswersMissing as missing:
                if not self.interactive:
                    raise
                try:
                    answer = self._ask_box(missing.questions[0])
                except Terminated:
                    raise
                except (EndOfInput, KeyboardInterrupt):
                    return None
                if answer is None:
                    return None
                answers.append(answer)

    def _ask_box(self, question: BoxQuestion) -> bool | None:
        """One answer read off the box: yes or no (✔/✘, +/- too), asked once more when it
        is neither; None when left blank or neither twice."""
        if question.verifier is None:
            text = _("Does the box take {code} as its solution? [y/n] ").format(code=question.code)
        else:
            text = _("What does verifier {letter} answer to {code}? [y/n] ").format(
                letter=LETTERS[question.verifier], code=question.code
            )
        for attempt in range(2):
            typed = self.reader.ask(text)
            if not typed.strip():
                return None
            answer = box_answer(typed.strip())
            if answer is not None:
                return answer
            if attempt == 0:
                self.say(_(YES_OR_NO_AGAIN))
        return None

    def _confirmed(self, submits: object, gives_up: bool) -> bool:
        if not self.interactive:
            return True
        if submits is not None and self.session.game.box:
            return True  # the box's word on the code was given: that is the decision
        if submits is not None:
            question = _(
                "Submit {code} as your solution? A wrong code eliminates you. [y/N] "
            ).format(code=submits)
        elif gives_up:
            question = _("Give up? You will be out of the running. [y/N] ")
        else:
            return True
        try:
            return self._ask_yes(question)
        except Terminated:
            raise
        except (EndOfInput, KeyboardInterrupt):
            return False

    def _overwrite(self, path: Path) -> bool:
        """At a terminal, ask before a save replaces another saved game; a script, which
        nothing asks, is refused (said in one line naming the file)."""
        if not self.interactive:
            self.error(
                _(
                    "cannot save to {path}: it holds another saved game, which a script does "
                    "not replace (--overwrite does)"
                ).format(path=shown_name(path)),
                about_line=False,
            )
            return False
        if self.session.played_on_elsewhere(path):
            question = _(
                "{path} holds this game played on another way in another sitting (its moves "
                "there would be lost). Overwrite it? [y/N] "
            ).format(path=shown_name(path))
        else:
            question = _("{path} holds another saved game. Overwrite it? [y/N] ").format(
                path=shown_name(path)
            )
        try:
            return self._ask_yes(question)
        except Terminated:
            raise
        except (EndOfInput, KeyboardInterrupt):
            return False

    def _overwrites(self, paths: list[Path]) -> bool:
        """Whether each of ``paths`` (files holding another saved game) may be saved over;
        the first one refused is remembered as such, and no more is asked."""
        for path in paths:
            if not self._overwrite(path):
                self.session.decline_save(path)
                return False
        return True

    def _ask_yes(self, question: str) -> bool:
        """A question answered yes or no, no when left blank; an answer that is neither is
        asked once more (:data:`~turing.i18n.YES_OR_NO_AGAIN`), then taken as no. The end of
        the input and Ctrl-C are the caller's."""
        return asked_yes_or_no(self.reader.ask, self.say, question) is True

    def _confirm_leave(self) -> bool:
        """Ask before leaving; offer to save when there is no save file, or when the save
        file holds another saved game the player would not have replaced. True: leave;
        Ctrl-C at the file name stays in the game."""
        try:
            leave = self._ask_yes(_("Leave the game? [y/N] "))
        except Terminated:
            raise
        except (EndOfInput, KeyboardInterrupt):
            leave = True
        if not leave:
            self.say(_("Nothing done."))
            return False
        session = self.session
        if session.save_path is not None:
            other = session.other_game_in(str(session.save_path))
            if other is None:
                # saved now, so that a save file that cannot be written (read-only, its
                # folder gone) asks for another name rather than losing the game
                try:
                    session.save()
                except TuringError as exc:
                    self.error(str(exc), about_line=False)
                else:
                    return True
            elif not session.declined(other):
                if self._overwrite(other):
                    self._overwrite_on_leaving = True
                    return True
                session.decline_save(other)

        def save_to(target: str) -> bool:
            other = session.other_game_in(target)
            if other is not None and not self._overwrite(other):
                session.decline_save(other)
                return False
            try:
                path = session.save(target)
            except TuringError as exc:
                self.error(str(exc))
                return False
            session.save_path = path
            self._overwrite_on_leaving = False
            return True

        answer = ask_save_file(self.reader.ask, self.say, save_to, EndOfInput, names_a_command)
        if answer is SaveAnswer.STAY:
            self.say(_("Nothing done."))
            return False
        return True

    def _interrupted(self) -> None:
        """Ctrl-C outside the prompt (a bot's turn, a long computation)."""
        if not self.interactive or self._confirm_leave():
            raise Leave(_("interrupted"), EXIT_INTERRUPTED)

    def _at_terminal(self) -> bool:
        """Whether the output is a terminal, with colour or without (NO_COLOR)."""
        console = self.console
        return console.is_terminal or console.file.isatty()

    def _terminal_width(self) -> int | None:
        """The terminal's width, for lines laid out to it; None for a file or a pipe."""
        return self.console.width if self._at_terminal() else None

    def _screen(self, name: str) -> RenderableType:
        return render_screen(self.session, name, self.color, self._terminal_width())

    def _show(self, name: str, outcome: Outcome) -> None:
        session = self.session
        game = session.game
        if isinstance(outcome, Composed):
            self.say(
                _("Code for round {round}: {code}").format(round=game.round, code=outcome.code)
            )
        elif isinstance(outcome, Corrected):
            line = Text(
                _("Round {round}, {code} on {letter} is now: ").format(
                    round=outcome.round, code=outcome.code, letter=LETTERS[outcome.verifier]
                )
            )
            line.append_text(_answer(outcome.result, self.color))
            self.say(line)
        elif isinstance(outcome, Tested):
            line = Text(
                _("{code} on {letter}: ").format(
                    code=outcome.code, letter=LETTERS[outcome.verifier]
                )
            )
            line.append_text(_answer(outcome.result, self.color))
            line.append("   " + left_this_round(outcome.left))
            self.say(line)
        elif isinstance(outcome, TestsEnded):
            self.say(_("Testing is over for this round: solve CODE or pass."))
        elif isinstance(outcome, Decided):
            what = {
                "solve": _("{name} submits {code}"),
                "pass": _("{name} passes this round"),
                "giveup": _("{name} gives up"),
            }[outcome.kind].format(name=outcome.player, code=outcome.code)
            if outcome.solo:
                self.say(f"{what}.")
            elif self.interactive or not outcome.others:
                self.say(_("{what} (revealed when everyone has decided).").format(what=what))
            else:
                self.say(
                    _("{name} has decided (revealed when everyone has decided).").format(
                        name=outcome.player
                    )
                )
        elif isinstance(outcome, NoteSet):
            letter = LETTERS[outcome.verifier]
            self.say(
                _("Note on {letter}: {text}").format(letter=letter, text=outcome.text)
                if outcome.text
                else _("Note on {letter} cleared.").format(letter=letter)
            )
        elif isinstance(outcome, Struck):
            self.say(struck_text(outcome))
        elif isinstance(outcome, Marked):
            word = {True: OK_MARK, False: NO_MARK, None: _("cleared")}[outcome.value]
            self.say(
                shaped(
                    _("Marked {marks}: {value}").format(
                        marks=", ".join(f"{SHAPE_SYMBOLS[s]}{d}" for s, d in outcome.marks),
                        value=word,
                    ),
                    self.color,
                )
            )
        elif isinstance(outcome, HintShown):
            self.say(render_hint(session, outcome, self.color))
        elif isinstance(outcome, BestTest):
            self.say(best_test_text(outcome))
        elif isinstance(outcome, ShowScreen):
            if outcome.cards:
                self.say(render_cards(session, name, self.color, self._terminal_width()))
            else:
                self.say(self._screen(name))
        elif isinstance(outcome, HelpShown):
            # at a terminal the list's rows wrap under their own column
            # laid out from the text as written, where stand-ins make it wider (lösen: loesen)
            written = functools.partial(as_written, stream=self.console.file)
            game = self.session.game
            by_card = named_by_card(game.public.mode_class)
            if not outcome.commands:
                self.say(outcome.text)
            elif self._at_terminal():
                # as rules shows its page: through the pager when longer than the screen
                page = [commands_table(written, game.public.verifiers, by_card, game.hints_allowed)]
                if game.box:
                    page.append(Text(as_written(box_note(written), self.console.file)))
                if not self.quiet:
                    self.reader.at_top = False
                    show_drawn(Group(*page), self.console)
            else:
                self.say(
                    help_text(
                        None,
                        written,
                        by_card,
                        box=game.box,
                        verifiers=game.public.verifiers,
                        hints=game.hints_allowed,
                    )
                )
        elif isinstance(outcome, RulesShown):
            # as turing rules shows it: drawn at a terminal, through the pager when it is
            # longer than the screen; plain text into a pipe or a script's output
            if self._at_terminal() and not self.quiet:
                show_page(outcome.text, self.console)
            else:
                self.say(plain(outcome.text).rstrip("\n"))
        elif isinstance(outcome, Saved):
            self.say(
                _("Saved to {path}. Resume with: {command}").format(
                    path=shown_name(outcome.path),
                    command=command_to_copy("play", "--resume", outcome.path),
                )
            )
            problem = self.session.take_bank_problem()
            if problem:  # the save is written all the same
                self.say(_("warning: {message}").format(message=problem), style="yellow")
        elif isinstance(outcome, LeaveAsked) and (not self.interactive or self._confirm_leave()):
            # TRANSLATORS: the player left (with the command quit), as the reason before
            # "game abandoned" and "match abandoned"; a word of its own, not the command
            raise Leave(pgettext("why a game was left", "quit"), EXIT_ABANDONED)

    def _reveal(self, reveal: Reveal, heading: str | None = None) -> None:
        self.say(heading or _("Round {round} revealed:").format(round=reveal.round), style="bold")
        for line in reveal_lines(reveal):
            self.say("  " + line)

    def _final(self) -> None:
        session = self.session
        self.say(session.outcome(), style="bold")
        fewest = self._fewest()
        self.say(result_table(session, fewest, box=None, show_edge=False, pad_edge=False))
        # what the verifiers held and the codes left, then the fewest tests: the board's order
        self._held()
        for name, codes in session.left_by_answers():
            self.say(left_text(name, codes, len(session.seats) == 1))
        for line in fewest_lines(fewest) if fewest is not None else ():
            self.say(line)
        self._share_code()
        for path, problem in session.end_saves:
            if problem is None:
                self.say(_("The finished game is saved to {path}.").format(path=shown_name(path)))
            else:
                self.error(problem, about_line=False)
        for path, reason in session.end_saves_missed:
            self.say(not_saved_at_end(path, reason))
        for path in session.end_saves_held:
            if self._save_over_at_end(path):
                self.say(_("The finished game is saved to {path}.").format(path=shown_name(path)))
            else:
                self.say(not_saved_at_end(path, _("it holds another saved game")))
        for line in kept_at_end(session):
            self.say(line)

    def _save_over_at_end(self, path: Path) -> bool:
        """Save the finished game over another game's save in ``path`` when a player at the
        terminal says yes (not asked again where one said no); whether it was saved."""
        session = self.session
        if not self.interactive or session.declined(path) or not self._overwrite(path):
            return False
        try:
            session.save(str(path))
        except TuringError as exc:
            self.error(str(exc), about_line=False)
            return False
        return True


__all__ = [
    "CLEAR_SCREEN",
    "STRUCK_MARK",
    "PromptView",
    "Reader",
    "can_wipe_screen",
    "clear_screen",
    "packed",
    "render_cards",
    "render_screen",
    "shaped",
]
