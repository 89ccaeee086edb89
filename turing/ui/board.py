"""The board: a full-screen view over a :class:`~turing.play.session.Session` (Textual).

Like the line prompt, the board only draws and reads: every rule, the turn order, hint
counting, the save format and the transcript live in the session. Each click or key builds
the same typed line a player would type at the prompt (``test 241 A``, ``strike 4.2``,
``mark b 2 yes``), has the session plan it (a refused line changes nothing and its message
is shown) and runs the plan. Buttons are greyed exactly when the session would refuse
their line. In a game beside the box the board asks the box's answers a line leaves out
(one dialog each) and has the session plan the line again with them.

Hot-seat: between two people the board is covered ("pass the keyboard to bob") and the
previous seat's board is dropped before the cover goes up (and before a round's reveal,
which every seat reads; a person alone at the table keeps their board behind it). Bots play
their turns in view, showing only what the table sees (how many tests they made). The same
app runs in a browser through textual-serve (``turing board --serve``).
"""

from __future__ import annotations

import os
import sys
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Final

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual import events, on, work
from textual._time import get_time
from textual.actions import SkipAction
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widgets import Button, Footer, Input, Static
from textual.widgets._footer import FooterKey
from textual.worker import Worker, WorkerState, get_current_worker

from turing.cli.output import as_written, command_to_copy, takes_every_character
from turing.core.codes import SHAPE_SYMBOLS, SHAPES
from turing.core.errors import TuringError
from turing.core.files import shown_name
from turing.core.puzzle import LETTERS, MAX_VERIFIERS
from turing.i18n import _, current_language, ngettext
from turing.play.session import (
    CORRECT_USAGE,
    CORRECT_WHAT,
    HINTS_OFF,
    AnswersMissing,
    BestTest,
    BoxQuestion,
    Command,
    CommandError,
    Composed,
    Corrected,
    Decided,
    FewestTests,
    HelpShown,
    HintShown,
    LeaveAsked,
    Marked,
    NoteSet,
    Outcome,
    Plan,
    Reveal,
    RulesShown,
    Saved,
    Session,
    ShowScreen,
    Struck,
    Tested,
    TestsEnded,
    Turn,
    box_note,
    command_rows,
    command_word,
    grammar_notes,
    letter_range,
    named_by_card,
    shown_label,
)
from turing.play.words import left_this_round, mode_name, shape_name
from turing.ui.prompt import (
    NO_MARK,
    OK_MARK,
    STRUCK_MARK,
    best_test_text,
    bot_turn_text,
    dispute_text,
    fewest_lines,
    held_lines,
    left_text,
    others_counts,
    others_tests_label,
    recap_heading,
    render_hint,
    result_table,
    reveal_lines,
    shaped,
    struck_text,
)
from turing.ui.prompt import counted_tests as _tests

#: The shapes' colours: ▲ blue, ■ yellow, ● purple.
SHAPE_COLORS: Final[dict[str, str]] = {"b": "#4f9dff", "y": "#f5c518", "p": "#b77cff"}
_SYMBOL_COLORS: Final = {SHAPE_SYMBOLS[s]: c for s, c in SHAPE_COLORS.items()}
#: The symbols' styles in the texts the board takes from the line prompt (the hint).
_SYMBOL_STYLES: Final = {symbol: f"bold {c}" for symbol, c in _SYMBOL_COLORS.items()}

#: The smallest terminal the board is laid out for (columns, lines); below it, a notice.
MIN_SIZE: Final = (80, 24)

#: The narrowest terminal on which a table of many cards (more than four verifiers, or two
#: cards a verifier) takes two columns: each column then has room for a criterion of
#: about 34 characters on one line. On a narrower one the cards stand in one column, the
#: criteria on full lines, and the table scrolls.
TWO_COLUMNS: Final = 110

#: The narrowest terminal on which the side panel widens (from 38 columns to 52): the
#: messages, the test log and the seats' counts then break less, and the cards still
#: have about a hundred columns.
ROOMY: Final = 150

EXIT_OK: Final = 0
EXIT_ABANDONED: Final = 1


def escape(text: str) -> str:
    """``text`` as markup that shows it as it is: every ``[`` escaped, whatever follows it
    (Textual's own escape leaves ``[CODE]`` alone, which its markup then takes for a tag
    and drops: ``usage: test [CODE] V`` was drawn ``usage: test  V``). A backslash escapes
    only the ``[`` after it, so the others are kept as they are.

    >>> from textual.content import Content
    >>> Content.from_markup("[b]" + escape("test [CODE] V [V [V]] [b] x") + "[/]").plain
    'test [CODE] V [V [V]] [b] x'
    """
    return text.replace("[", "\\[")


def coloured(text: str) -> str:
    """Markup for ``text`` (escaped) with ▲ ■ ● in their colours."""
    out = []
    for ch in escape(text):
        color = _SYMBOL_COLORS.get(ch)
        out.append(f"[bold {color}]{ch}[/]" if color else ch)
    return "".join(out)


# -- screens ----------------------------------------------------------------------------------


def _places(widths: list[int], width: int, gap: int = 2) -> list[tuple[int, int]]:
    """Where :func:`_pack` puts items of these widths: (line, first cell) of each."""
    places: list[tuple[int, int]] = []
    line = -1
    used = 0
    for cells in widths:
        if line >= 0 and (width <= 0 or used + gap + cells <= width):
            places.append((line, used + gap))
            used += gap + cells
        else:
            line += 1
            places.append((line, 0))
            used = cells
    return places


def _pack(items: list[tuple[str, int]], width: int, gap: str = "  ") -> list[str]:
    """Items (markup, width in cells), such as a card's criteria, as lines of at most
    ``width`` cells, ``gap`` apart, a line broken only between two items (one wider than
    ``width`` alone on its lines); all on one line while the width is not known yet (0)."""
    lines: list[list[str]] = []
    for (markup, _cells), (line, _first) in zip(
        items, _places([cells for _markup, cells in items], width, len(gap)), strict=True
    ):
        if line == len(lines):
            lines.append([])
        lines[line].append(markup)
    return [gap.join(line) for line in lines]


def _rows(cells: int, width: int) -> int:
    """The screen lines a line of ``cells`` cells takes in ``width`` (it wraps beyond)."""
    return max(1, -(-cells // width)) if width > 0 else 1


class BoardFooter(Footer):
    """The footer, drawn from the start: Textual's leaves itself empty until the app has
    the focus (in a browser page, until a key is typed into it). Its keys are shown whole:
    those that do not fit the screen's width are left out from the last on (Textual's
    would cut the last one shown in the middle of its word)."""

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)

    def compose(self) -> ComposeResult:
        room = self.app.size.width
        shown = 0
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # a key, a space, its words, and a space before the next key
                cells = cell_len(widget.key_display) + 1 + cell_len(widget.description)
                room -= cells + (1 if shown else 0)
                if room < 0:
                    break
                shown += 1
            yield widget
        self.styles.grid_size_columns = max(shown, 1)

    def on_resize(self) -> None:
        self.call_after_refresh(self.recompose)


class CardPanel(Static):
    """A card's panel; says when its width changed, as its criteria are laid out to it."""

    class Resized(Message):
        pass

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class StatusPanel(CardPanel):
    """The status panel: the others' test counts are laid out to its width (a line breaks
    between two seats, never inside one)."""


class LogPanel(Static):
    """The test log; says when its height changed (a row came), to be scrolled to it."""

    class Resized(Message):
        pass

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class CommandLine(Input):
    """The command line: Enter sends the line as soon as it is read, before the keys read
    after it (typed ahead in one burst), which are not added to the line sent."""

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()
            return
        await super()._on_key(event)


class TableScreen(Screen[Any]):
    """The screen the board is drawn on. A mouse button starts no text selection here:
    Textual repaints the whole screen when a selection starts and ends, which would make
    every click on the board redraw all of it (the panels and dialogs still allow it)."""

    ALLOW_SELECT = False


class CoverScreen(Screen[None]):
    """Hides the board between two people at one keyboard."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("enter,space", "ready", _("ready"), show=True)
    ]

    def __init__(self, player: str, round_no: int, what: str | None = None) -> None:
        super().__init__()
        self.player = player
        self.round_no = round_no
        self.what = (
            what
            if what is not None
            else _("Round {round}: {name}'s turn.").format(round=round_no, name=player)
        )

    def compose(self) -> ComposeResult:
        with Vertical(id="cover-box"):
            yield Static(
                "[b]"
                + _("Pass the keyboard to {name}").format(name=escape(self.player))
                + f"[/b]\n\n{escape(self.what)}\n"
                + _("Press Enter (or click Ready) when the others look away."),
                id="cover-text",
            )
            yield Button(_("Ready"), id="cover-ready", variant="primary")

    def action_ready(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#cover-ready")
    def _ready(self) -> None:
        self.dismiss(None)


class MessageScreen(ModalScreen[None]):
    """A panel to read (a reveal, a hint, a command's help) closed with Enter or Escape. A
    text longer than the screen scrolls at once by the arrow keys, PageUp/PageDown, Home
    and End, and the button to close it stays in view below it."""

    AUTO_FOCUS: ClassVar[str | None] = ".dialog-body"  # the keys scroll it at once

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("enter,escape,space", "close", _("close"))
    ]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"[b]{escape(self.title_text)}[/b]", classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, id="message-body")
            yield Button(_("OK (Enter)"), id="message-ok", variant="primary")

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The body is as high as the screen leaves it beside the title and the button
        (the dialog is at most 90% of the screen): a longer text scrolls in it."""
        box = self.query_one(".dialog", Vertical)
        body = self.query_one(".dialog-body", VerticalScroll)
        around = box.styles.gutter.height + sum(
            child.outer_size.height + child.styles.margin.height
            for child in box.children
            if child is not body
        )
        body.styles.max_height = max(3, self.size.height * 9 // 10 - around)

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#message-ok")
    def _ok(self) -> None:
        self.dismiss(None)


def overwrite_question(session: Session, target: Path | str) -> str:
    """The question before a save replaces the saved game in ``target``: this game played
    on another way in another sitting (whose moves would be lost), or another game."""
    path = Path(target)
    if session.played_on_elsewhere(path):
        return _(
            "{path} holds this game played on another way in another sitting (its moves "
            "there would be lost). Overwrite it?"
        ).format(path=shown_name(path))
    return _("{path} holds another saved game. Overwrite it?").format(path=shown_name(path))


def board_keys(
    box: bool = False, verifiers: int = MAX_VERIFIERS, by_card: bool = False, hints: bool = True
) -> list[tuple[str, str]]:
    """The board's keys and what each does, in the language shown (``box``: in a game
    beside the box, where a test and a solve ask what the box answers; ``verifiers``: the
    puzzle's, whose letters test; ``hints`` false: a game without hints, where the hint
    keys are marked off)."""
    letters = letter_range(verifiers)
    off = "" if hints else f" ({_(HINTS_OFF)})"
    keys = [
        ("1–5", _("put a digit in the picker's selected shape (then the next shape)")),
        (_("← →, Backspace"), _("select the previous / next shape of the picker")),
        (
            _("Tab, Shift+Tab"),
            _("move the cursor: code picker → criteria → digit grid → picker"),
        ),
        (arrow_keys("← ↑ ↓ →"), _("move the cursor over the criteria (card to card) or the grid")),
        (
            _("Space"),
            _(
                "under the cursor: strike or unstrike the criterion, cycle the grid cell "
                "✔ ✘ blank, or step the picker's digit"
            ),
        ),
        (letters, _("test the picker's code (or the round's code) against that verifier")),
        ("n", _("done testing this round")),
        ("s", _("solve with the picker's code (asks first)")),
        ("p", _("pass this round")),
        ("h", _("hint: what you can infer now (counted)") + off),
        ("t", _("the best next test (counted; Esc cancels the search, not counted)") + off),
        (
            "x",
            # where a verifier has more than one card, a criterion is named by its card only
            _("strike a criterion by number on the command line (e.g. 4.2: card 4, criterion 2)")
            if by_card
            else _("strike a criterion by number on the command line (e.g. A 2 or 4.2)"),
        ),
        ("m", _("mark the grid by name on the command line (e.g. b 2 yes)")),
        ("o", _("a note on a verifier, on the command line (e.g. A maybe ▲ < 3)")),
        (":", _("the command line: any command below (Enter runs it, Esc goes back)")),
        ("w", _("save the game (asks for a file if it has none)")),
        ("g", _("give up (asks first)")),
        # named as the keys are labelled; where "↑" would be "^" (the shape ▲), in English
        (
            "PageUp, PageDown" if draws_ascii() else _("PageUp, PageDown"),
            _("scroll the test log back / on"),
        ),
        (_("q, Ctrl-C"), _("leave the game (asks first)")),
        (_("?, F1"), _("this help")),
        ("Esc", _("back to the board from the command line or a panel")),
    ]
    if box:
        keys[5] = (
            letters,
            _(
                "test the picker's code (or the round's code) against that verifier: the board "
                "asks what the box's verifier answers, ✔ (y) or ✘ (n); Esc: nothing done"
            ),
        )
        keys[7] = ("s", _("solve with the picker's code: the board asks whether the box takes it"))
    return keys


def _paragraphs(text: str) -> str:
    """A text hard-wrapped for the line prompt as paragraphs that wrap to the panel."""
    return "\n\n".join(
        " ".join(line.strip() for line in block.splitlines())
        for block in text.split("\n\n")
        if block.strip()
    )


def help_body(
    box: bool = False, verifiers: int = MAX_VERIFIERS, by_card: bool = False, hints: bool = True
) -> RenderableType:
    """The board's help: its keys first, then the commands of its command line, each in
    two columns (what a key or a command does wraps under its own column); ``box``: a game
    beside the box, said first, with how its answers are given; ``verifiers``: the
    puzzle's, whose letters are named; ``hints`` false: a game without hints."""
    keys = Table.grid(padding=(0, 2))
    keys.add_column(no_wrap=True, style="bold")
    keys.add_column(ratio=1)
    # laid out as the terminal writes it: ``Rücktaste`` takes the columns of ``Ruecktaste``
    for key, what in board_keys(box, verifiers, by_card, hints):
        keys.add_row(Text(as_drawn(key)), Text(as_drawn(what)))
    commands = Table.grid(padding=(0, 2))
    commands.add_column(no_wrap=True, style="bold")
    commands.add_column(ratio=1)
    for usage, what in command_rows(by_card=by_card, hints=hints):
        commands.add_row(Text(as_drawn(usage)), Text(as_drawn(what)))  # Text: no markup
    if box:
        commands.add_row(Text(as_drawn(_(CORRECT_USAGE))), Text(as_drawn(_(CORRECT_WHAT))))
    beside = [Text(as_drawn(_paragraphs(box_intro()))), Text("")] if box else []
    notes = _paragraphs(grammar_notes(verifiers))
    if box:
        notes += "\n\n" + _paragraphs(box_note())
    return Group(
        *beside,
        Text(_("Keys of the board"), style="bold underline"),
        Padding(keys, (0, 0, 0, 2)),
        Text(""),
        Text(_("Commands of the command line (:)"), style="bold underline"),
        Padding(commands, (0, 0, 0, 2)),
        Text(""),
        Text(notes),
    )


def box_intro() -> str:
    """What the board says first of a game beside the box."""
    return _(
        "Played beside the box: test a code on the box, then tell the board what its verifier "
        "shows, ✔ (y) or ✘ (n); a solve asks whether the box takes the code."
    )


class HelpScreen(ModalScreen[None]):
    """The board's help (? or F1, and help typed on the command line): it scrolls at once
    by the arrow keys, PageUp/PageDown, Home and End, and always says how to close it."""

    AUTO_FOCUS: ClassVar[str | None] = "#help-body"  # the keys scroll it at once

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("enter,escape,q", "close", _("close"))
    ]

    def __init__(
        self,
        box: bool = False,
        verifiers: int = MAX_VERIFIERS,
        by_card: bool = False,
        hints: bool = True,
    ) -> None:
        super().__init__()
        self.box = box  # a game beside the box
        self.verifiers = verifiers  # the puzzle's, whose letters are named
        self.by_card = by_card  # criteria named only by their card (extreme, nightmare)
        self.hints = hints  # false: a game without hints

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="help-box"):
            yield Static(f"[b]{escape(_('Help'))}[/b]", id="help-title")
            with VerticalScroll(id="help-body"):
                yield Static(help_body(self.box, self.verifiers, self.by_card, self.hints))
            yield Static(
                escape(
                    _("{arrows} PageUp PageDown: scroll · Esc, Enter or q: close").format(
                        arrows=arrow_keys("↑ ↓")
                    )
                ),
                id="help-close",
                classes="dim",
            )

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y (j) or n (Escape), or a click. No button has the focus, so Enter
    decides nothing by chance; it says which keys answer (a button reached by Tab takes
    Enter itself)."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("y,j", "answer(True)", _("yes")),
        Binding("n,escape", "answer(False)", _("no")),
        Binding("enter", "undecided", show=False),
    ]

    def __init__(
        self,
        question: str,
        leaving: bool = False,
        save_first: tuple[str, Callable[[], None]] | None = None,
        no_key: str | None = None,
    ) -> None:
        super().__init__()
        self.question = question
        self.leaving = leaving  # the question before leaving (Ctrl-Q does not ask it twice)
        # the key the question offers to save first ("w saves it first"), and what saves
        self._save_first = save_first[1] if save_first is not None else None
        if save_first is not None:
            self._bindings.bind(save_first[0], "save_first", show=False)
        if no_key is not None:  # a key of the board that answers this question no (u: undo)
            self._bindings.bind(no_key, "answer(False)", show=False)

    def action_save_first(self) -> None:
        """The key the question names for saving first: the question closes (no answer),
        then the game is saved, and left once it is."""
        save_first = self._save_first
        if save_first is None:
            return
        self.dismiss(False)
        self.app.call_later(save_first)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(escape(self.question), classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Yes (y)"), id="confirm-yes", variant="warning")
                yield Button(_("No (n)"), id="confirm-no")
            help_line = Static("", id="confirm-help", classes="dim")
            help_line.display = False  # until Enter asks for it
            yield help_line

    def action_undecided(self) -> None:
        help_line = self.query_one("#confirm-help", Static)
        help_line.update(escape(_("Press y for yes or n for no (Escape: no).")))
        help_line.display = True

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")


class BoxAnswerScreen(ModalScreen[bool | None]):
    """In a game beside the box, an answer read off the box that a line leaves out: ✔ (y or
    j) or ✘ (n), or a click on its button; Escape: None (nothing is done). As in
    :class:`ConfirmScreen`, no button has the focus, so Enter decides nothing by chance; it
    says which keys answer."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("y,j", "answer(True)", _("yes")),
        Binding("n", "answer(False)", _("no")),
        Binding("escape", "cancel", _("cancel")),
        Binding("enter", "undecided", show=False),
    ]

    def __init__(self, question: BoxQuestion) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        question = self.question
        if question.verifier is None:
            text = _("Does the box take {code} as its solution?").format(code=question.code)
        else:
            text = _("What does verifier {letter} answer to {code}?").format(
                letter=LETTERS[question.verifier], code=question.code
            )
        with Vertical(classes="dialog"):
            yield Static(escape(text), classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(as_drawn(_("✔ (y)")), id="box-yes", variant="success")
                yield Button(as_drawn(_("✘ (n)")), id="box-no", variant="error")
            help_line = Static("", id="box-help", classes="dim")
            help_line.display = False  # until Enter asks for it
            yield help_line

    def action_undecided(self) -> None:
        help_line = self.query_one("#box-help", Static)
        help_line.update(
            escape(
                as_drawn(_("Press y for ✔ or n for ✘, as the box shows (Escape: nothing done)."))
            )
        )
        help_line.display = True

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "box-yes")


def leave_asked(screen: Screen[Any]) -> bool:
    """Whether ``screen`` asks whether to leave the game (or the match)."""
    return isinstance(screen, ConfirmScreen) and screen.leaving


class AskFileScreen(ModalScreen[str | None]):
    """Ask for a file name (to save); Escape: None. An empty name is refused here, and so
    is a name ``refusal`` finds fault with (it returns why, or None): the dialog stays open
    with the reason in it, the name still in its field to be corrected."""

    AUTO_FOCUS: ClassVar[str | None] = "#file-name"  # the name is typed at once

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape", "cancel", _("cancel"))
    ]

    def __init__(self, question: str, refusal: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.question = question
        self.refusal = refusal

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(escape(self.question), classes="dialog-title")
            yield Input(placeholder=_("game.json"), id="file-name")
            yield Static(_("Enter: confirm · Escape: cancel"), id="file-help", classes="dim")

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#file-name")
    def _submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.query_one("#file-help", Static).update(
                escape(_("Type a file name to save to (e.g. game.json), or Escape to cancel."))
            )
            return
        problem = self.refusal(name) if self.refusal is not None else None
        if problem is not None:
            self.query_one("#file-help", Static).update(
                f"[b red]{escape(_('error: {message}').format(message=problem))}[/]\n"
                + escape(_("Enter: confirm · Escape: cancel"))
            )
            return
        self.dismiss(name)


class BusyScreen(ModalScreen[bool]):
    """Shown while the best next test is searched; Escape cancels (dismisses False)."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape", "cancel", _("cancel"))
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Searching for the best next test…"), classes="dialog-title")
            yield Static(_("Escape cancels (a cancelled hint is not counted)."), classes="dim")
            yield Button(_("Cancel (Esc)"), id="busy-cancel")

    def action_cancel(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#busy-cancel")
    def _cancel(self) -> None:
        self.dismiss(False)


def too_small_text(size: tuple[int, int] = MIN_SIZE) -> str:
    """The notice in the place of a board (or its result) the terminal is too small for."""
    return _("The terminal is too small for the board (needs at least {w}×{h}).").format(
        w=size[0], h=size[1]
    )


class FinalScreen(Screen[None]):
    """The end of the game: winners, tests, the fewest possible tests, the share code."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("q,enter,escape", "leave", _("leave"))
    ]

    def __init__(self, session: Session, compare: bool) -> None:
        super().__init__()
        self.session = session
        self.compare = compare
        self.fewest: FewestTests | None = None

    def compose(self) -> ComposeResult:
        # below the board's smallest size, the notice the board shows (the table would be
        # cut); q, Enter and Esc still leave
        yield Static(escape(too_small_text()), id="final-too-small")
        with VerticalScroll(id="final-box"):
            yield Static(self._result(), id="final-result")
            yield Static(
                _("Fewest tests that guarantee the code: working it out…") if self.compare else "",
                id="final-fewest",
            )
            yield Static(self._share(), id="final-share")
            yield Button(_("Leave (q)"), id="final-leave", variant="primary")
        yield BoardFooter()

    def on_mount(self) -> None:
        self._fit(*self.app.size)
        if self.compare:
            self._compute_fewest()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.query_one("#final-too-small").display = small
        self.query_one("#final-box").display = not small

    @work(thread=True, exclusive=True, group="fewest")
    def _compute_fewest(self) -> None:
        fewest = self.session.fewest()
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show_fewest, fewest)

    def _show_fewest(self, fewest: FewestTests) -> None:
        self.fewest = fewest
        self.query_one("#final-result", Static).update(self._result())
        line = "\n".join(fewest_lines(fewest))
        self.query_one("#final-fewest", Static).update(escape(line))

    def _result(self) -> RenderableType:
        session = self.session
        head = session.outcome()
        table = result_table(session, self.fewest)
        solo = len(session.seats) == 1
        left = [Text(left_text(name, codes, solo)) for name, codes in session.left_by_answers()]
        held = held_lines(session.game)
        said = (
            [
                Text(held[0], style="bold"),
                *(shaped(line, True, shapes=_SYMBOL_STYLES) for line in held[1:]),
            ]
            if held
            else []
        )
        return Group(Text(head, style="bold"), table, *said, *left)

    def _share(self) -> str:
        code = self.session.share_code()  # the puzzle's share code, shown only now
        if code is None:
            return ""
        return _("Puzzle code to share: [b]{code}[/b]  ({command})").format(
            code=code, command=command_to_copy("board", "--code", code)
        )

    def action_leave(self) -> None:
        self.app.exit(EXIT_OK, return_code=EXIT_OK)

    @on(Button.Pressed, "#final-leave")
    def _leave(self) -> None:
        self.app.exit(EXIT_OK, return_code=EXIT_OK)


# -- the board --------------------------------------------------------------------------------


@dataclass
class Picker:
    """The round's code as it is being put together: a digit or None per shape."""

    digits: list[int | None]
    slot: int = 0

    def text(self) -> str | None:
        if any(d is None for d in self.digits):
            return None
        return "".join(str(d) for d in self.digits)


def draws_ascii() -> bool:
    """Whether the board is drawn on a terminal whose encoding cannot take every character
    (ASCII, latin-1): textual writes to standard error, which writes what it cannot by its
    stand-ins (``▲`` as ``^``); frames are drawn in ASCII there (class ``-ascii``), and the
    keys and buttons say their symbols as the terminal writes them (``Tab``). A board
    served to a browser page is drawn in UTF-8."""
    return "TEXTUAL_DRIVER" not in os.environ and not takes_every_character(sys.__stderr__)


def arrow_keys(arrows: str) -> str:
    """The arrow keys as the board names them: by their ``arrows`` (``←↑↓→``), in words
    where the terminal cannot draw them (:func:`draws_ascii`), whose ``^`` for ``↑`` would
    read as the shape ``▲``, drawn ``^`` there too."""
    return _("arrow keys") if draws_ascii() else arrows


def as_drawn(text: str) -> str:
    """``text`` as the board's terminal writes it (:func:`draws_ascii`), for a label whose
    width textual measures: ``⇥`` as ``Tab``."""
    return as_written(text, sys.__stderr__) if draws_ascii() else text


class _AsciiScrollBarRender(ScrollBarRender):
    """A scroll bar drawn by its colours alone, without the eighth blocks of its ends."""

    VERTICAL_BARS: ClassVar[list[str]] = [" "] * 8
    HORIZONTAL_BARS: ClassVar[list[str]] = [" "] * 8


class ServedApp(App[int]):
    """A board that a front end may watch as it is asked to end: ``quit_watch`` (set by
    the front end of a board a server started for a browser page) is called when the app
    is asked to exit, whoever asks (its own quit, or the page closed). On a terminal that
    cannot take every character, its frames are ASCII (:func:`draws_ascii`)."""

    quit_watch: Callable[[], None] | None = None

    # a screen narrower than the board needs has the class -narrow: its dialogs and its
    # message line are laid out to it (board.tcss)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_SIZE[0], "-full")]  # noqa: RUF012

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        # in place of textual's note to press Ctrl-Q (in English): Ctrl-C leaves as Ctrl-Q
        # does, over any dialog open too, as it leaves the game at the line prompt
        Binding("ctrl+c", "interrupt", show=False, system=True, priority=True)
    ]

    def __init__(self) -> None:
        super().__init__()
        # when each screen over the board was pushed: a key typed before it is not for it
        self._shown_at: weakref.WeakKeyDictionary[Screen[Any], float] = weakref.WeakKeyDictionary()
        if draws_ascii():
            self.add_class("-ascii")
            ScrollBar.renderer = _AsciiScrollBarRender

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        """Push a screen, noting when: keys typed ahead of it (read in one burst with the
        key that opened it, or before it) do not answer it (:meth:`on_event`)."""
        screen = args[0] if args else kwargs.get("screen")
        if isinstance(screen, Screen):
            self._shown_at[screen] = get_time()
        return super().push_screen(*args, **kwargs)

    async def on_event(self, event: events.Event) -> None:
        """A key typed before the screen now shown went up is dropped: a dialog takes no
        answer, a panel no Enter, that was typed before it could be read (Ctrl-C and
        Ctrl-Q still ask to leave)."""
        if isinstance(event, events.Key) and event.key not in ("ctrl+c", "ctrl+q"):
            shown = self._shown_at.get(self.screen)
            if shown is not None and event.time < shown:
                return
        await super().on_event(event)

    def on_exit_app(self) -> None:
        if self.quit_watch is not None:
            self.quit_watch()

    @on(events.Mount)
    def _resume_only_at_a_terminal(self) -> None:
        """Textual starts drawing and reading keys anew on SIGCONT (a board back from
        Ctrl-Z). A terminal that hangs up sends SIGCONT with its SIGHUP, and a new start on
        it would leave the board waiting for ever on a writer that failed: SIGCONT starts
        the board anew only while its terminal is there."""
        try:
            import signal
            import termios
        except ImportError:  # (no termios: no SIGCONT either)
            return
        resume = signal.getsignal(signal.SIGCONT)
        if not callable(resume):
            return

        def on_cont(signum: int, frame: Any) -> None:
            try:
                termios.tcgetattr(sys.__stdin__.fileno() if sys.__stdin__ else 0)
            except (termios.error, OSError, ValueError):
                return  # the terminal is gone: SIGHUP ends the board
            resume(signum, frame)

        signal.signal(signal.SIGCONT, on_cont)

    async def action_interrupt(self) -> None:
        """Ctrl-C: text selected (in a field, or on the screen) is copied, as textual does;
        otherwise the board is left as Ctrl-Q leaves it (its question first)."""
        focused = self.focused
        if isinstance(focused, Input) and focused.selected_text:
            raise SkipAction()  # the field's own Ctrl-C copies it
        if self.screen.get_selected_text():
            raise SkipAction()  # the screen's own Ctrl-C copies it
        await self.action_quit()


class BoardApp(ServedApp):
    """The criteria game on one screen, for every seat of a session in turn."""

    CSS_PATH = "board.tcss"
    TITLE = "turing board"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        *[
            Binding(f"{k.lower()},{k}", f"test({i})", f"test {k}", show=False)
            for i, k in enumerate(LETTERS)
        ],
        *[Binding(str(d), f"digit({d})", str(d), show=False) for d in range(10)],
        Binding("question_mark,f1", "help", "help", show=False),
        Binding("backspace", "slot(-1)", "◀ shape", show=False),
        Binding("shift+tab", "zone(-1)", "cursor back", show=False, priority=True),
        Binding("left", "move(-1,0)", "◀", show=False),
        Binding("right", "move(1,0)", "▶", show=False),
        Binding("up", "move(0,-1)", "▲", show=False),
        Binding("down", "move(0,1)", "▼", show=False),
        # the round's actions: their buttons say their keys (done n, solve s, ...)
        Binding("n", "done", "done", show=False),
        Binding("s", "solve", "solve", show=False),
        Binding("p", "pass", "pass", show=False),
        Binding("h", "hint", "hint", show=False),
        Binding("t", "best", "best", show=False),
        Binding("g", "giveup", "give up", show=False),
        # the keys that open the command line are handled first (priority), so that the
        # keys read with them go to the line (see check_action)
        Binding("x", "line('strike')", "strike", show=False, priority=True),  # the cursor too
        Binding("m", "line('mark')", "mark", show=False, priority=True),
        Binding("pagedown", "log_page(1)", "log", show=False),
        Binding("escape", "board", "board", show=False),
    ]

    def get_default_screen(self) -> Screen[Any]:
        return TableScreen(id="_default")

    def __init__(self, session: Session, resumed: bool = False, compare: bool = True) -> None:
        super().__init__()
        # the footer's keys, in the language shown (all of them fit 80 columns, quit first)
        self.bind("q", "leave", description=_("quit"))
        self._bindings.bind("tab", "zone(1)", _("cursor"), key_display=as_drawn("⇥"), priority=True)
        # the keyboard's cursor: in the code picker, on a criterion, or on a grid cell
        self.zone = "picker"
        self._space_word = ""  # what Space does under the cursor, as the footer says it
        self._bind_space()
        self._bindings.bind("o", "line('note')", _("note"), priority=True)
        self._bindings.bind("colon", "line('')", _("type"), priority=True)
        self.bind("w", "save", description=_("save"))
        # PgUp/Dn: on a terminal that cannot draw them, not the German Bild↑/↓ ("^" is ▲)
        pages = "PgUp/Dn" if draws_ascii() else _("PgUp/Dn")
        self.bind("pageup", "log_page(-1)", description=_("log"), key_display=pages)
        self.session = session
        self.resumed = resumed
        self.compare = compare
        self.current: str | None = None  # the seat whose board is shown
        self._seated_round: int | None = None  # the round the seat was last put at the board
        self.turn: Turn | None = None
        self.picker = Picker([None, None, None])
        self.message = ""
        self.complaint = False  # the message refuses a key: it goes once a key does something
        self.in_red = False  # the message is an error, drawn in red
        self.table_log: list[str] = []
        self._resume_recap: str | None = None  # the game as it stood when resumed
        self._resume_played = 0  # the moves played when resumed (more: the recap is old)
        self._revealing: int | None = None  # the round whose reveal is open
        self._best: Worker[BestTest] | None = None
        self._over = False  # the last round has been revealed
        self._shown: dict[str, str] = {}  # what each Static shows now
        self._redraw_due = False  # the cards are to be drawn again once laid out
        self._too_small = False  # the notice hides the table: its keys do nothing
        self._log_shown: object = None  # what the test log shows now
        self._log_to_end = False  # the log has new rows, not yet scrolled back from
        self._note_line = False  # the command line was opened by o: it only sets a note
        self.card_cursor = (0, 0)  # (card in the table's order, criterion index)
        # where each card's criteria are drawn in its panel: (line, first cell, cells)
        self._spots: dict[int, list[tuple[int, int, int]]] = {}
        self._button_words: dict[str, str] = {}  # each button's own word (solve s)
        self.grid_cursor = (0, 0)  # (shape, digit - 1)
        puzzle = session.game.public
        if puzzle.mode_class.hidden_mapping:
            self.card_order: list[int] = list(puzzle.shown_cards)
        else:
            self.card_order = [card for cards in puzzle.cards for card in cards]

    # -- layout --

    def compose(self) -> ComposeResult:
        game = self.session.game
        puzzle = game.public
        mode = puzzle.mode_class
        yield Static(id="title")
        yield Static(
            escape(too_small_text()),
            id="too-small",
        )
        with Horizontal(id="main"):
            with VerticalScroll(id="table"):
                if mode.hidden_mapping:
                    yield Static(
                        _("Each verifier holds one of these cards; which one is hidden."),
                        classes="dim",
                    )
                    with Grid(id="cards"):
                        for card in puzzle.shown_cards:
                            yield CardPanel(id=f"card-{card}", classes="card")
                    with Grid(id="notes"):
                        for v, letter in enumerate(puzzle.letters):
                            # the letter stays beside its field once the field is filled
                            with Horizontal(classes="note-row"):
                                yield Static(letter, classes="note-letter")
                                yield Input(
                                    placeholder=_("note on {letter}").format(letter=letter),
                                    id=f"note-{v}",
                                    classes="note",
                                )
                else:
                    with Grid(id="cards"):
                        for v, letter in enumerate(puzzle.letters):
                            with Vertical(classes="verifier", id=f"verifier-{v}"):
                                for card in puzzle.cards[v]:
                                    yield CardPanel(id=f"card-{card}", classes="card")
                                yield Input(
                                    placeholder=_("note on {letter}").format(letter=letter),
                                    id=f"note-{v}",
                                    classes="note",
                                )
                    if mode.cards_per_verifier > 1:
                        yield Static(
                            _("Each verifier shows two cards; only one of them is real."),
                            classes="dim",
                        )
            with Vertical(id="side"):
                yield Static(id="picker")
                with Horizontal(id="test-buttons"):
                    for v, letter in enumerate(puzzle.letters):
                        yield Button(letter, id=f"test-{v}", compact=True)
                with Horizontal(classes="actions"):
                    yield Button(_("done n"), id="do-done", compact=True)
                    yield Button(_("solve s"), id="do-solve", compact=True)
                    yield Button(_("pass p"), id="do-pass", compact=True)
                with Horizontal(classes="actions"):
                    if self.session.game.hints_allowed:  # a game without hints has none
                        yield Button(_("hint h"), id="do-hint", compact=True)
                        yield Button(_("best t"), id="do-best", compact=True)
                    yield Button(_("give up g"), id="do-giveup", compact=True)
                yield Static(id="grid")
                yield StatusPanel(id="status")
                with VerticalScroll(id="log-box"):
                    yield LogPanel(id="log")
        yield Static(id="message")
        yield CommandLine(
            placeholder=_("a command, as at the prompt (help lists them)"),
            id="command",
            select_on_focus=False,
        )
        yield BoardFooter(compact=True)

    def on_mount(self) -> None:
        if self.is_web:
            # a browser page's terminal draws an underline across a grid cell's blanks, a
            # row of cells as a line of underscores (class -web)
            self.add_class("-web")
        self.query_one("#command", Input).display = False
        self._fit(*self.size)
        if self.resumed:
            recap = self.session.recap()
            parts = [
                _("Resumed in round {round}.").format(round=recap.round),
                recap_heading(recap),
            ]
            for seat in recap.seats:
                line = (
                    _("{name} (bot): {tests}, {status}")
                    if seat.is_bot
                    else _("{name}: {tests}, {status}")
                )
                parts.append(
                    line.format(name=seat.name, tests=_tests(seat.tests), status=seat.status) + "."
                )
            self.table_log.append(" ".join(parts))
            # true only until the first seat's turn ends (the next seat's log drops it)
            self._resume_recap = self.table_log[-1]
            self._resume_played = len(self.session.game.actions)
        self.draw()
        self.advance()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self.draw()  # the header is broken to the width

    def _fit(self, width: int, height: int) -> None:
        """Below the smallest size, a notice takes the table's place (it would be cut)."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.query_one("#too-small").display = small
        self.query_one("#main").display = not small
        side = self.query_one("#side")
        side.set_class(height < 30, "short")
        side.set_class(width >= ROOMY, "roomy")
        puzzle = self.session.game.public
        many = puzzle.verifiers > 4 or puzzle.mode_class.cards_per_verifier > 1
        self.query_one("#cards").set_class(many and width >= TWO_COLUMNS, "wide")
        if small != self._too_small:
            self._too_small = small
            self.refresh_bindings()

    def on_card_panel_resized(self) -> None:
        # a card's criteria are laid out to its width, known once the screen is laid out
        # and again after each change of the terminal's size: drawn once for all cards
        if not self._redraw_due:
            self._redraw_due = True
            self.call_after_refresh(self._redraw)

    def on_log_panel_resized(self) -> None:
        self._log_end()

    def _redraw(self) -> None:
        self._redraw_due = False
        self.draw()

    # -- the flow of the game --

    def advance(self) -> None:
        """Move the game on: the round's reveal, the end, a bot's turn or the next seat."""
        session = self.session
        disputes = session.take_disputes()
        if disputes:
            # beside the box, the box's words disagreed: told to all, then all decide again
            self.current = None
            self.in_red = False
            self.message = dispute_text(disputes[-1])
            self.draw()
            self._push(
                MessageScreen(
                    _("The box's words disagree"),
                    Text("\n\n".join(dispute_text(d) for d in disputes)),
                ),
                lambda _: self.advance(),
            )
            return
        reveal = None if self._over else session.take_reveal()
        if reveal is not None:
            self._over = reveal.over
            if self.current is not None and session.others_playing(self.current):
                # another person reads the reveal too: the last seat's board goes first;
                # a person alone (among bots too) keeps their board behind it
                self.current = None
            # the title says the round revealed until its panel closes; the message line
            # no longer waits for the others
            self._revealing = reveal.round
            self.in_red = self.complaint = False
            self.message = _("Round {round} revealed.").format(round=reveal.round)
            self.draw()
            self._push(
                MessageScreen(
                    _("Round {round} revealed").format(round=reveal.round), self._reveal(reveal)
                ),
                self._revealed,
            )
            return
        if session.game.is_terminal():
            session.sync()
            self._push(FinalScreen(session, self.compare), None)
            return
        turn = session.turn()
        assert turn is not None
        self.turn = turn
        seat = session.seat(turn.player)
        if seat.is_bot:
            if self.current is not None and session.others_playing(self.current):
                # the last person's board goes before the bot plays (it holds the screen)
                self.current = None
                self.picker = Picker([None, None, None])
            self.in_red = False  # a new turn: its own message
            self.message = _("{name} is playing round {round}…").format(
                name=turn.player, round=turn.round
            )
            self.draw()
            self.set_timer(0.05, self._bot_turn)
            return
        if turn.player != self.current or turn.round != self._seated_round:
            self.picker = Picker([None, None, None])
            if turn.player != self.current:
                self._drop_resume_recap()
            if session.hands_over(turn.player):
                self.current = None  # drop the last seat's board before the cover
                self.draw()
                self._push(CoverScreen(turn.player, turn.round), lambda _: self._seat(turn.player))
                return
            self._seat(turn.player)
            return
        self.draw()

    def _revealed(self, _closed: object) -> None:
        """The reveal's panel closed: the title says the round in play, the game moves on."""
        self._revealing = None
        self.advance()

    def _drop_resume_recap(self) -> None:
        """The game as it stood when resumed is no longer the last word at the table once
        the seat at the board has changed or has played on: it goes from the test log."""
        recap = self._resume_recap
        if recap is not None and self.current is not None:
            self._resume_recap = None
            if self.table_log and self.table_log[-1] == recap:
                self.table_log.pop()

    def _push(self, screen: Screen[Any], then: Callable[[Any], None] | None) -> None:
        """Push a screen once the current one has been laid out (the board is already
        cleared when a cover or a reveal goes up, so nothing shows in between)."""
        self.set_timer(0.01, lambda: self.push_screen(screen, then))

    def _seat(self, name: str) -> None:
        self.current = name
        self._seated_round = self.session.game.round
        self.session.at_keyboard = name
        game = self.session.game
        code = game.view(name).code
        if code is None and game.phase(name) == "decide":
            # a round resumed after testing ended with no test: solve or pass, as the status
            self.in_red = False  # a new turn: its own message
            self.message = _(
                "{name}: round {round}. Testing is over for this round: solve (s) or pass (p)."
            ).format(name=name, round=game.round)
        elif code is None:
            self.in_red = False  # a new turn: its own message
            self.message = (
                _(
                    "{name}: round {round}. Compose a code and test it on the box: the board "
                    "asks what its verifier shows (y ✔, n ✘)."
                )
                if game.box
                else _("{name}: round {round}. Compose a code and test it.")
            ).format(name=name, round=game.round)
            if game.round == 1:  # where the keys are told, the footer having no room for it
                self.message += " " + _("(? or F1: help)")
        else:  # a game resumed mid-round: its code is in the picker
            self.picker = Picker([int(d) for d in code])
            self.in_red = False  # a new turn: its own message
            self.message = _("{name}: round {round}, code {code}.").format(
                name=name, round=game.round, code=code
            )
        self.draw()

    def _held_code(self) -> str | None:
        """The round's code while it holds the picker: tested, and tests still to make
        (once testing is over the picker takes a code to solve with)."""
        if self.current is None:
            return None
        game = self.session.game
        view = game.view(self.current)
        if (
            view.code is not None
            and view.tested_this_round
            and view.tests_left_this_round > 0
            and game.phase(self.current) == "test"
        ):
            return view.code
        return None

    def _picker_held(self) -> bool:
        """Say so when the picker holds the round's tested code (a digit is refused)."""
        code = self._held_code()
        if code is None:
            return False
        self.say(
            _(
                "this round's code is {code}, already tested; one code per round "
                "(n ends testing, then the picker takes a code to solve with)"
            ).format(code=code),
            error=True,
        )
        return True

    def _bot_turn(self) -> None:
        turn = self.turn
        if turn is None:
            return
        played = self.session.play_bot(turn.player)
        self.table_log.append(
            _("Round {round}:").format(round=played.round)
            + " "
            + bot_turn_text(self.session, played)
        )
        self.say(self.table_log[-1])
        self.advance()

    def _reveal(self, reveal: Reveal) -> RenderableType:
        lines = reveal_lines(reveal)
        self.table_log.append(
            _("Round {round}:").format(round=reveal.round) + " " + "; ".join(lines) + "."
        )
        return Text("\n".join(lines) or _("nobody decided"))

    # -- sending lines to the session --

    def allows(self, line: str) -> bool:
        """Whether the session takes ``line`` for the seat at the board: in a game beside
        the box, a line good but for the box's answers is taken (they are asked)."""
        if self.current is None:
            return False
        try:
            self.session.plan(self.current, line)
        except AnswersMissing:
            return True
        except (CommandError, TuringError):
            return False
        return True

    def send(self, line: str, typed: bool = False, save_as: bool = False) -> None:
        """Plan ``line`` (a refused line shows why and changes nothing), confirm a solve or
        giving up, then run it. A line the board built for a key or a click is refused
        without a word of a line (none was typed). ``save_as``: the line saves to the file
        asked for a game without a save file, which becomes its save file once written."""
        name = self.current
        if name is None:
            return
        self._ask_box(name, line, [], typed, save_as)

    def _ask_box(
        self, name: str, line: str, answers: list[bool], typed: bool, save_as: bool
    ) -> None:
        """Plan ``line`` with the box's ``answers`` given so far and run it; in a game
        beside the box, the first answer the line still leaves out is asked, and the line
        planned again with it: an answer no reading of the cards allows refuses the line at
        once, as any refusal. Escape on a question: nothing is done."""
        try:
            plan = self.session.plan(name, line, answers)
        except AnswersMissing as missing:

            def answered(answer: bool | None) -> None:
                if answer is None:
                    self.say(_("Nothing done."))
                    return
                self._ask_box(name, line, [*answers, answer], typed, save_as)

            self.push_screen(BoxAnswerScreen(missing.questions[0]), answered)
            return
        except CommandError as exc:
            self.say(str(exc) if typed else exc.problem, error=True)
            return
        except TuringError as exc:
            self.say(str(exc), error=True)
            return
        self._go(plan, save_as)

    def _go(self, plan: Plan, save_as: bool = False) -> None:
        """Run a plan the session made: the best test searched, a solve or giving up
        confirmed (a solve beside the box is not: the box's word on it decided), saves over
        another game's file asked about."""
        if not plan.commands:
            return
        if plan.asks_best_hint:
            if len(plan.commands) != 1:
                self.say(_("ask for the best test on a line of its own"), error=True)
                return
            self._start_best()
            return
        others = self.session.saves_over_other_games(plan)
        if (plan.submits is not None and not self.session.game.box) or plan.gives_up:
            question = (
                _("Submit {code} as your solution? A wrong code eliminates you.").format(
                    code=plan.submits
                )
                if plan.submits is not None
                else _("Give up? You will be out of the running.")
            )
            self.push_screen(
                ConfirmScreen(question),
                lambda yes: (
                    self._save_over(plan, others, save_as) if yes else self.say(_("Nothing done."))
                ),
            )
            return
        self._save_over(plan, others, save_as)

    def _save_over(self, plan: Plan, others: list[Path], save_as: bool = False) -> None:
        """Run ``plan`` once a player has said yes to saving over each of ``others`` (files
        holding another saved game); a no is remembered, and runs nothing."""
        if not others:
            self.execute(plan, save_as)
            return
        path = others[0]

        def answered(yes: bool | None) -> None:
            if yes:
                self._save_over(plan, others[1:], save_as)
            else:
                self.session.decline_save(path)
                self.say(_("Nothing done."))

        question = overwrite_question(self.session, path)
        self.push_screen(ConfirmScreen(question), answered)

    def execute(self, plan: Plan, save_as: bool = False) -> None:
        turn = self.turn
        shown: list[str] = []
        try:
            for outcome in self.session.run(plan):
                if save_as and isinstance(outcome, Saved):
                    # the file asked for by w is the game's save file from now on, as the
                    # one named on leaving the line prompt is: w and q save there
                    self.session.save_path = outcome.path
                text = self._outcome(outcome)
                if text:
                    shown.append(text)
        except TuringError as exc:  # a save that failed at the disk
            shown.append(str(exc))
        if len(self.session.game.actions) != self._resume_played:
            self._drop_resume_recap()  # played on: the counts as resumed are old
        if shown:
            self.say(" · ".join(shown))
        else:
            self._settle()
        if turn is not None and not self.session.in_turn(turn):
            self.advance()
        else:
            self.draw()

    def _outcome(self, outcome: Outcome) -> str:
        game = self.session.game
        if isinstance(outcome, Composed):
            return _("Code for round {round}: {code}").format(round=game.round, code=outcome.code)
        if isinstance(outcome, Corrected):
            mark = OK_MARK if outcome.result else NO_MARK
            return (
                _("Round {round}, {code} on {letter} is now: ").format(
                    round=outcome.round, code=outcome.code, letter=LETTERS[outcome.verifier]
                )
                + mark
            )
        if isinstance(outcome, Tested):
            mark = OK_MARK if outcome.result else NO_MARK
            return (
                _("{code} on {letter}: ").format(
                    code=outcome.code, letter=LETTERS[outcome.verifier]
                )
                + f"{mark} "
                + left_this_round(outcome.left)
            )
        if isinstance(outcome, TestsEnded):
            return _("Testing is over for this round: solve (s) or pass (p).")
        if isinstance(outcome, Decided):
            what = {
                "solve": _("{name} submits {code}"),
                "pass": _("{name} passes this round"),
                "giveup": _("{name} gives up"),
            }[outcome.kind].format(name=outcome.player, code=outcome.code)
            return (
                what
                if outcome.solo
                else _("{what} (revealed when everyone has decided)").format(what=what)
            )
        if isinstance(outcome, NoteSet):
            letter = LETTERS[outcome.verifier]
            # the note in view (on a small terminal the table may have scrolled off it)
            field = self.query_one(f"#note-{outcome.verifier}", Input)
            self.call_after_refresh(field.scroll_visible, animate=False)
            return (
                _("Note on {letter} kept.").format(letter=letter)
                if outcome.text
                else _("Note on {letter} cleared.").format(letter=letter)
            )
        if isinstance(outcome, Struck):
            return struck_text(outcome)
        if isinstance(outcome, Marked):
            word = {True: OK_MARK, False: NO_MARK, None: _("cleared")}[outcome.value]
            marks = ", ".join(f"{SHAPE_SYMBOLS[s]}{d}" for s, d in outcome.marks)
            return _("Marked {marks}: {value}").format(marks=marks, value=word)
        if isinstance(outcome, HintShown):
            self.push_screen(
                MessageScreen(_("Hint"), render_hint(self.session, outcome, True, _SYMBOL_STYLES))
            )
            if outcome.again:
                return _("Hint shown again: given before, not counted (hints used: {n})").format(
                    n=outcome.used
                )
            return _("Hint shown (hints used: {n})").format(n=outcome.used)
        if isinstance(outcome, BestTest):
            return best_test_text(outcome)
        if isinstance(outcome, ShowScreen):
            # the board is always in view, every card whole on it: drawn again, and said
            self.screen.refresh(repaint=True)
            if outcome.cards:
                return _("Every criterion is on the board in full, on its card.")
            return _("The board is drawn again.")
        if isinstance(outcome, HelpShown):
            # the whole help (the board's keys, then its commands), or one command's
            if outcome.commands:
                game = self.session.game
                by_card = named_by_card(game.public.mode_class)
                self.push_screen(
                    HelpScreen(game.box, game.public.verifiers, by_card, game.hints_allowed)
                )
            else:
                self.push_screen(MessageScreen(_("Help"), Text(outcome.text)))
            return ""
        if isinstance(outcome, RulesShown):
            # the criteria game's rules, as turing rules draws them, in a panel that scrolls
            from rich.markdown import Markdown

            self.push_screen(MessageScreen(_("Rules"), Markdown(as_drawn(outcome.text))))
            return ""
        if isinstance(outcome, Saved):
            said = _("Saved to {path} ({command})").format(
                path=shown_name(outcome.path),
                command=command_to_copy("board", "--resume", outcome.path),
            )
            problem = self.session.take_bank_problem()
            if problem:
                said += " · " + _("warning: {message}").format(message=problem)
            return said
        if isinstance(outcome, LeaveAsked):
            self.call_later(self.action_leave)
        return ""

    # -- the best next test, in the background --

    def _start_best(self) -> None:
        name = self.current
        if name is None:
            return
        self.push_screen(BusyScreen(), self._best_closed)
        self._best = self._search_best(name)

    @work(thread=True, exclusive=True, group="best", exit_on_error=False)
    def _search_best(self, name: str) -> BestTest:
        return self.session.best_test(name, count=False)

    def _best_closed(self, finished: bool | None) -> None:
        if finished:
            return
        worker = self._best
        self._best = None
        if worker is not None:
            worker.cancel()
        self.say(_("Hint cancelled (not counted)."))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._best:
            return
        if event.state == WorkerState.SUCCESS:
            self._best = None
            best = worker.result
            assert isinstance(best, BestTest)
            if self.current is not None:
                best = self.session.count_best_test(self.current, best)
            self.say(best_test_text(best))
            if isinstance(self.screen, BusyScreen):
                self.screen.dismiss(True)
            self.draw()
        elif event.state == WorkerState.ERROR:
            self._best = None
            self.say(
                _("the best test could not be found: {problem}").format(problem=worker.error),
                error=True,
            )
            if isinstance(self.screen, BusyScreen):
                self.screen.dismiss(True)

    # -- actions (keys and buttons) --

    #: the actions of a seat at the board: off (and out of the footer) on any other screen
    BOARD_ACTIONS: ClassVar[frozenset[str]] = frozenset(
        [
            "test",
            "digit",
            "help",
            "slot",
            "zone",
            "move",
            "flip",
            "done",
            "solve",
            "pass",
            "hint",
            "best",
            "line",
            "log_page",
            "save",
            "giveup",
        ]
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are left out of the footer (and passed on)."""
        if action == "leave":
            return self.screen is self.screen_stack[0] or isinstance(self.screen, CoverScreen)
        if action == "line" and self.focused is not None:
            return False  # typed in a text field (the keys opening the line come first)
        return action not in self.BOARD_ACTIONS or (self._on_board() and not self._too_small)

    def on_key(self, event: events.Key) -> None:
        """A key that means nothing on the board says so (and replaces the last message)."""
        if not self._on_board() or self._too_small or self.focused is not None:
            return
        active = self.screen.active_bindings.get(event.key)
        if active is not None and active.enabled:
            return
        char = event.character
        if char is None or not event.is_printable or char.isspace():
            return
        self.say(
            _("{key}: not a key of the board (? or F1: help)").format(key=char), complaint=True
        )

    def _on_board(self) -> bool:
        return self.current is not None and self.screen is self.screen_stack[0]

    def action_test(self, verifier: int) -> None:
        if not self._on_board():
            return
        puzzle = self.session.game.public
        if verifier >= puzzle.verifiers:
            self.say(
                _("{letter}: no verifier {letter} in this game ({first}–{last})").format(
                    letter=LETTERS[verifier], first=LETTERS[0], last=puzzle.letters[-1]
                ),
                complaint=True,  # a key refused: said as any other key the board refuses
            )
            return
        if self._refuse_half_typed():
            return
        if self._code() is None and self.allows(f"test 111 {LETTERS[verifier]}"):
            # no code to test, where a code would be taken: said the board's way
            self.say(_("put a code in the picker first (digits 1–5), then test"), error=True)
            return
        line = self._test_line(LETTERS[verifier])
        assert line is not None
        self.send(line)

    def action_digit(self, digit: int) -> None:
        if not self._on_board():
            return
        if not 1 <= digit <= 5:
            self.say(_("{digit}: digits are 1–5").format(digit=digit), complaint=True)
            return
        if self._picker_held():
            return
        self._put_digit(digit)
        self.draw()

    def _put_digit(self, digit: int) -> None:
        """Put ``digit`` in the selected shape, select the next one (after the last, the
        first again) and say what the picker holds when a digit was replaced or the code is
        whole (the next digit then replaces the first shape's)."""
        picker = self.picker
        slot = picker.slot
        before = picker.digits[slot]
        picker.digits[slot] = digit
        picker.slot = (slot + 1) % 3
        code = picker.text()
        shape = SHAPES[slot]
        named = f"{SHAPE_SYMBOLS[shape]} {shape_name(shape)}"
        if before is not None and before != digit:
            if code is None:
                said = _("{shape}: {old} replaced by {new}.")
            else:
                said = _("{shape}: {old} replaced by {new} (code {code}).")
            said = said.format(shape=named, old=before, new=digit, code=code)
        elif code is not None and before is None:
            following = SHAPES[picker.slot]
            said = _(
                "Code {code} in the picker; a digit now replaces {shape}'s (← → choose a shape)."
            ).format(code=code, shape=f"{SHAPE_SYMBOLS[following]} {shape_name(following)}")
        else:
            said = ""
        self.say(said)

    def action_slot(self, step: int) -> None:
        if not self._on_board():
            return
        self._settle()
        self.picker.slot = (self.picker.slot + step) % 3
        self.draw()

    ZONES: ClassVar[tuple[str, ...]] = ("picker", "criteria", "grid")

    def action_zone(self, step: int) -> None:
        """Tab: the cursor goes to the code picker, the criteria, the digit grid in turn."""
        if not self._on_board() or isinstance(self.focused, Input):
            raise SkipAction()  # a text field keeps Tab for moving between fields
        self.zone = self.ZONES[(self.ZONES.index(self.zone) + step) % len(self.ZONES)]
        self._say_zone()
        self.draw()

    def _say_zone(self) -> None:
        if self.zone == "criteria":
            card, index = self._criterion()
            self.say(
                _(
                    "Cursor on the criteria (card {card}, criterion {index}): {arrows} move, "
                    "space strikes or unstrikes, Tab goes on to the grid."
                ).format(card=card, index=index, arrows=arrow_keys("←↑↓→"))
            )
        elif self.zone == "grid":
            shape, digit = self._cell()
            self.say(
                _(
                    "Cursor on the grid ({shape} {digit}): {arrows} move, space "
                    "cycles ✔ ✘ blank, Tab goes on to the code picker."
                ).format(shape=shape_name(shape), digit=digit, arrows=arrow_keys("←↑↓→"))
            )
        else:
            self.say(_("Cursor on the code picker: ←→ choose a shape, 1–5 or space set its digit."))
        self._show_message()

    def _criterion(self) -> tuple[int, int]:
        """The card and the criterion's number under the cursor."""
        index, position = self.card_cursor
        card = self.card_order[index]
        criteria = self.session.game.cardset.card(card).criteria
        return card, criteria[min(position, len(criteria) - 1)].position

    def _cell(self) -> tuple[str, int]:
        shape, digit = self.grid_cursor
        return SHAPES[shape], digit + 1

    def action_move(self, dx: int, dy: int) -> None:
        if not self._on_board():
            return
        self._settle()
        if self.zone == "criteria":
            index, position = self._drawn_next(dx, dy)
            card = self.card_order[index]
            self.card_cursor = (index, position)
            if (
                self.session.game.public.mode_class.hidden_mapping
                and index == len(self.card_order) - 1
            ):
                # the last card: the table to its end, where the note fields follow it
                self.query_one("#table", VerticalScroll).scroll_end(animate=False)
            else:
                self.query_one(f"#card-{card}").scroll_visible(animate=False)
        elif self.zone == "grid":
            shape, digit = self.grid_cursor
            # stops at the grid's edges, as on the table
            self.grid_cursor = (
                min(max(shape + dy, 0), len(SHAPES) - 1),
                min(max(digit + dx, 0), 4),
            )
        elif dx:
            self.picker.slot = (self.picker.slot + dx) % 3
        self.draw()
        if self.zone != "picker":
            self._say_zone()

    def _drawn(self) -> dict[tuple[int, int], tuple[Region, Region]]:
        """Every criterion where it is drawn: (card in the table's order, criterion index)
        → (its place on the screen, its card's panel); empty before the table is laid
        out (or while the terminal is too small for it)."""
        drawn: dict[tuple[int, int], tuple[Region, Region]] = {}
        for index, card in enumerate(self.card_order):
            panel = self.query_one(f"#card-{card}", Static)
            content = panel.content_region
            if not content.width:
                return {}
            for k, (top, first, cells) in enumerate(self._spots.get(card, [])):
                place = Region(content.x + first, content.y + top, min(cells, content.width), 1)
                drawn[index, k] = (place, panel.region)
        return drawn

    def _drawn_next(self, dx: int, dy: int) -> tuple[int, int]:
        """The criterion drawn next to the cursor's in a direction: ↑ ↓ the nearest on the
        closest line above or below in the same column of cards (the next line of the
        same card when its criteria stand one per line), ← → the nearest on the same
        line, or in the closest card on that side; the cursor's own at an edge."""
        index, position = self.card_cursor
        drawn = self._drawn()
        count = len(self.session.game.cardset.card(self.card_order[index]).criteria)
        position = min(position, count - 1)
        if (index, position) not in drawn:
            # not laid out yet: the criteria in order, the cards in the table's order
            if dy:
                index = min(max(index + dy, 0), len(self.card_order) - 1)
                count = len(self.session.game.cardset.card(self.card_order[index]).criteria)
            return index, min(max(position + dx, 0), count - 1)
        place, panel = drawn[index, position]
        centre = place.x + place.width / 2
        best: tuple[float, float, tuple[int, int]] | None = None
        for spot, (other, other_panel) in drawn.items():
            if spot == (index, position):
                continue
            rise = other.y - place.y
            if dy:
                same_column = other_panel.x < panel.right and panel.x < other_panel.right
                if rise * dy <= 0 or not same_column:
                    continue
                key = (abs(rise), abs(other.x + other.width / 2 - centre), spot)
            else:
                step = other.x - place.x
                if spot[0] == index:
                    beside = rise == 0 and step * dx > 0  # on the same line of the card
                else:
                    beside = (
                        other_panel.x >= panel.right if dx > 0 else other_panel.right <= panel.x
                    )
                if not beside:
                    continue
                key = (abs(rise), abs(step), spot)
            if best is None or key < best:
                best = key
        return best[2] if best is not None else (index, position)

    def action_flip(self) -> None:
        """Space: strike the criterion, cycle the grid cell, or step the picker's digit."""
        if not self._on_board():
            return
        if self.zone == "criteria":
            self.action_strike(*self._criterion())
        elif self.zone == "grid":
            self.action_mark(*self._cell())
        else:
            self.action_pick(self.picker.slot)

    def action_pick(self, slot: int) -> None:
        """A click on a shape of the picker: select it and step its digit 1→5→1."""
        if not self._on_board() or self._picker_held():
            return
        current = self.picker.digits[slot]
        self._settle()
        if self.picker.slot == slot or current is None:
            self.picker.digits[slot] = 1 if current is None else current % 5 + 1
        self.picker.slot = slot
        self.draw()

    def action_help(self) -> None:
        if self._on_board():
            self.send("help")

    def action_done(self) -> None:
        if self._on_board():
            self.send("done")

    def action_solve(self) -> None:
        if not self._on_board():
            return
        if self._refuse_half_typed():
            return
        code = self._code()
        if code is None:
            self.say(_("put a code in the picker first (digits 1–5), then solve"), error=True)
            return
        self.send(f"solve {code}")

    def action_pass(self) -> None:
        if self._on_board():
            self.send("pass")

    def action_hint(self) -> None:
        if self._on_board():
            self.send("hint")

    def action_best(self) -> None:
        if self._on_board():
            self.send("hint best")

    def action_giveup(self) -> None:
        if self._on_board():
            self.send("giveup")

    def action_strike(self, card: int, position: int) -> None:
        if not self._on_board() or self.current is None:
            return
        struck = (card, position) in self.session.game.notes(self.current).struck
        self.send(f"{'unstrike' if struck else 'strike'} {card}.{position}")

    def action_mark(self, shape: str, digit: int) -> None:
        if not self._on_board() or self.current is None:
            return
        mark = self.session.game.notes(self.current).grid.get((shape, digit))
        after = {None: "yes", True: "no", False: "clear"}[mark]
        self.send(f"mark {shape} {digit} {after}")

    def action_line(self, command_name: str) -> None:
        """The command line, opened empty or with a command's word (``note ``)."""
        if not self._on_board():
            return
        # the command's word in the language shown, as its usage names it (notiz, streiche)
        start = command_word(command_name) + " " if command_name else ""
        self._note_line = command_name == "note"
        command = self.query_one("#command", Input)
        command.display = True
        command.value = start
        command.cursor_position = len(start)
        # focused at once, not once the keys already read are handled: the keys typed after
        # the one that opened it (in one burst) go to the line, not to the board
        self.screen.set_focus(command)

    def _log_end(self) -> None:
        """Scroll the test log to its newest row (again once its new rows are laid out,
        which a screen over the board defers)."""
        if self._log_to_end:
            self.query_one("#log-box", VerticalScroll).scroll_end(animate=False)

    def action_log_page(self, step: int) -> None:
        """PageUp/PageDown: scroll the test log a page back or on; at the log's start or
        end, the side panel (when it is higher than the screen)."""
        if not self._on_board():
            return
        self._log_to_end = False
        box = self.query_one("#log-box", VerticalScroll)
        side = self.query_one("#side", Vertical)
        if step < 0:
            (side if box.scroll_y <= 0 else box).scroll_page_up(animate=False)
        else:
            (side if box.scroll_y >= box.max_scroll_y else box).scroll_page_down(animate=False)

    def action_board(self) -> None:
        self._note_line = False
        command = self.query_one("#command", Input)
        command.display = False
        self.set_focus(None)

    def action_save(self) -> None:
        if not self._on_board():
            return
        if self.session.save_path is not None:
            self.send("save")
            return
        self.push_screen(
            AskFileScreen(_("Save the game to which file?"), self._save_refusal),
            lambda target: self.send(f"save {target}", save_as=True) if target else None,
        )

    def _save_refusal(self, target: str) -> str | None:
        """Why the session refuses to save to ``target`` (the dialog stays open), or None."""
        if self.current is None:  # (a cover is up: the file itself is checked)
            try:
                self.session.save_target(target)
            except TuringError as exc:
                return exc.problem if isinstance(exc, CommandError) else str(exc)
            return None
        try:
            self.session.plan(self.current, f"save {target}")
        except CommandError as exc:
            return exc.problem
        except TuringError as exc:
            return str(exc)
        return None

    def action_leave(self) -> None:
        if self.screen is not self.screen_stack[0] and not isinstance(self.screen, CoverScreen):
            return
        self._ask_leave()

    async def action_quit(self) -> None:
        """Ctrl-Q, Textual's key to quit, leaves as ``q`` does: after the game at once, before
        its end only once asked (over any dialog open; no ends back at it)."""
        if isinstance(self.screen, FinalScreen):
            self.screen.action_leave()
        elif not leave_asked(self.screen):
            self._ask_leave()

    def _ask_leave(self) -> None:
        session = self.session
        path = session.save_path
        ended = session.end_held_in(str(path)) if path is not None else None
        # (a file that holds this game's end holds no other game: asked only without one)
        other = session.other_game_in(str(path)) if path is not None and ended is None else None
        if self._too_small and ended is not None:
            question = _(
                "Leave the game? {path} holds this game's end (it ended in another sitting) "
                "and is left as it is."
            ).format(path=shown_name(ended))
        elif ended is not None:
            question = _(
                "Leave the game? {path} holds this game's end (it ended in another sitting) "
                "and is left as it is (w saves the game elsewhere first)."
            ).format(path=shown_name(ended))
        elif self._too_small and other is not None:
            # w does nothing while the table is hidden: it is not offered
            question = _(
                "Leave the game? {path} holds another saved game and is left as it is."
            ).format(path=shown_name(other))
        elif self._too_small and path is None:
            question = _("Leave the game? It is not saved.")
        elif other is not None:
            question = _(
                "Leave the game? {path} holds another saved game and is left as it is (w saves "
                "the game elsewhere first)."
            ).format(path=shown_name(other))
        elif path is not None:
            question = _("Leave the game? It is saved to {path} first.").format(
                path=shown_name(path)
            )
        else:
            question = _("Leave the game? (w saves it first.)")
        # w, where the question offers it, saves (to a file asked for), then leaves
        offers_save = not self._too_small and (
            path is None or ended is not None or other is not None
        )
        self.push_screen(
            ConfirmScreen(
                question,
                leaving=True,
                save_first=("w", self._save_then_leave) if offers_save else None,
            ),
            self._leave_answer,
        )

    def _save_then_leave(self) -> None:
        """w in the question before leaving: the game saved to a file asked for (as w on
        the board asks), then left; Escape on the file's name stays in the game."""
        self.push_screen(
            AskFileScreen(_("Save the game to which file?"), self._save_refusal),
            self._saved_then_leave,
        )

    def _saved_then_leave(self, target: str | None, overwrite: bool = False) -> None:
        if not target:
            return
        session = self.session
        if not overwrite and session.other_game_in(target) is not None:
            question = overwrite_question(session, target)
            self.push_screen(
                ConfirmScreen(question),
                lambda yes: (
                    self._saved_then_leave(target, True) if yes else self.say(_("Nothing done."))
                ),
            )
            return
        session.sync()
        try:
            session.save_path = session.save(target)
        except TuringError as exc:
            self.say(str(exc), error=True)
            return
        self._leave_answer(True)

    def _leave_answer(self, leave: bool | None) -> None:
        if not leave:
            return
        session = self.session
        session.sync()
        path = session.save_path
        if (
            path is not None
            and session.end_held_in(str(path)) is None  # kept: said on leaving
            and session.other_game_in(str(path)) is None
        ):
            try:
                session.save()
            except TuringError as exc:
                self.say(str(exc), error=True)
                return
        self.exit(EXIT_ABANDONED, return_code=EXIT_ABANDONED)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button.startswith("test-"):
            self.action_test(int(button.removeprefix("test-")))
        elif button.startswith("do-"):
            getattr(self, f"action_{button.removeprefix('do-')}")()

    @on(Input.Submitted, "#command")
    def _command(self, event: Input.Submitted) -> None:
        line = event.value
        event.input.value = ""
        note_line = self._note_line
        self.action_board()
        if note_line:
            self._set_note(line)
        else:
            self.send(line, typed=True)

    def _set_note(self, line: str) -> None:
        """The line ``o`` opened sets a note, whatever it holds (';' included): it never
        runs another command."""
        name = self.current
        if name is None:
            return
        try:
            plan = self.session.plan_note(name, line)
        except TuringError as exc:
            self.say(str(exc), error=True)
            return
        self._go(plan)

    @on(Input.Submitted, ".note")
    def _note(self, event: Input.Submitted) -> None:
        self._keep_note(event.input)
        self.set_focus(None)

    @on(Input.Blurred, ".note")
    def _note_left(self, event: Input.Blurred) -> None:
        self._keep_note(event.input)

    def _keep_note(self, field: Input) -> None:
        name = self.current
        if name is None or field.id is None:
            return
        verifier = int(field.id.removeprefix("note-"))
        text = field.value.strip()
        kept = self.session.game.notes(name).text.get(verifier, "")
        if kept == text:
            return
        try:  # a note too long, or holding what a save refuses: the note kept is shown
            self.session.game.check_note(name, verifier, text)
        except TuringError as exc:
            field.value = kept
            self.say(str(exc), error=True)
            return
        # a note is free text (it may hold ';'), so it is sent as one command, not a line
        self.execute(Plan(name, (Command("note", verifiers=(verifier,), text=text),)))

    # -- drawing --

    def say(self, message: str, error: bool = False, complaint: bool = False) -> None:
        """Put ``message`` on the message line: an ``error`` in red; an error or another
        ``complaint`` (a key refused) goes once a key does something (:meth:`_settle`)."""
        self.message = _("error: {message}").format(message=message) if error else message
        self.complaint = error or complaint
        self.in_red = error
        self._show_message()

    def _show_message(self) -> None:
        """The message line as said: an error in red, also when the board is drawn again."""
        text = escape(self.message)
        self.query_one("#message", Static).update(
            f"[b red]{text}[/]" if self.in_red else text, layout=False
        )

    def _settle(self) -> None:
        """A key did something: the refusal of the key before is no longer the answer."""
        if self.complaint:
            self.say("")

    def _code(self) -> str | None:
        """The code a test or solve sends: the picker's, else (the picker empty) the round's
        composed code; a code half typed in the picker is none."""
        picked = self.picker.text()
        if picked is not None:
            return picked
        if self.current is None or self._half_typed():
            return None
        return self.session.game.view(self.current).code

    def _half_typed(self) -> bool:
        """Whether the picker holds some digits, not all three."""
        return self.picker.text() is None and any(d is not None for d in self.picker.digits)

    def _refuse_half_typed(self) -> bool:
        """Say so when the picker holds a code half typed (a test or solve is refused)."""
        if not self._half_typed():
            return False
        self.say(_("put a digit in each shape of the picker first (1–5)"), error=True)
        return True

    def _test_line(self, letter: str) -> str | None:
        """The line a test of verifier ``letter`` sends, or None (a code half typed)."""
        code = self._code()
        if code is None and self._half_typed():
            return None
        return f"test {code} {letter}" if code else f"test {letter}"

    def draw(self) -> None:
        session = self.session
        game = session.game
        puzzle = game.public
        name = self.current
        # the round in play, or the one revealed while its reveal is open
        round_no = game.round if self._revealing is None else self._revealing
        if name is None:
            self._update(
                "#title",
                _("Round {round}").format(round=round_no)
                + " · "
                + escape(shown_label(puzzle))
                + f" · {mode_name(puzzle.mode)} · "
                + _("{n} verifiers").format(n=puzzle.verifiers),
            )
            for card in puzzle.shown_cards:
                self._update(f"#card-{card}", "")
            for v in range(puzzle.verifiers):
                note = self.query_one(f"#note-{v}", Input)
                note.value = ""
                note.disabled = True
            for widget_id in ("#picker", "#grid", "#status"):
                self._update(widget_id, "")
            self.query_one("#log", Static).update("")
            self._log_shown = None
            for button in self.query(Button):
                if button.id and (button.id.startswith("test-") or button.id.startswith("do-")):
                    self._set_button(f"#{button.id}", False)
            self._show_message()
            self.refresh_bindings()
            return
        view = game.view(name)
        notes = game.notes(name)
        # the header's parts: (markup, plain text)
        round_text = _("Round {round}").format(round=round_no)
        parts = [(escape(round_text), round_text), (f"[b]{escape(name)}[/b]", name)]
        described = _("{puzzle} · {mode} · {verifiers} verifiers · your tests {tests}").format(
            puzzle=shown_label(puzzle),
            mode=mode_name(puzzle.mode),
            verifiers=puzzle.verifiers,
            tests=len(view.tests),
        )
        parts += [(escape(part), part) for part in described.split(" · ")]
        if game.hints_allowed:
            hints = _("hints {n}").format(n=game.hints_used(name))
            parts.append((escape(hints), hints))
        if game.box:
            beside = _("beside the box")
            parts.append((f"[b]{escape(beside)}[/b]", beside))
        # broken between two parts, never inside one, where the line is full (docs/play.md);
        # measured as the terminal writes them (Prüfer as Pruefer where it cannot take ü)
        items = [(as_drawn(markup), cell_len(as_drawn(plain))) for markup, plain in parts]
        self._update("#title", "\n".join(_pack(items, self.size.width - 2, as_drawn(" · "))))
        cursor = self._criterion() if self.zone == "criteria" else None
        for card in puzzle.shown_cards:
            self._update(f"#card-{card}", self._card(card, notes.struck, cursor))
        for v in range(puzzle.verifiers):
            note = self.query_one(f"#note-{v}", Input)
            note.disabled = False
            if not note.has_focus:
                note.value = notes.text.get(v, "")
        held = self._held_code()
        if held is not None:
            self.picker.digits = [int(d) for d in held]
        code = self._code()
        self._update("#picker", self._picker(view.code if code == view.code else None))
        # this round's answers, on the buttons of the verifiers tested
        answers = {test.verifier: test.result for test in view.tests if test.round == game.round}
        for v, letter in enumerate(puzzle.letters):
            line = self._test_line(letter)
            answer = answers.get(v)
            self._set_button(
                f"#test-{v}",
                line is not None and self.allows(line),
                letter if answer is None else letter + as_drawn("✔" if answer else "✘"),
            )
        self._set_button("#do-done", self.allows("done"))
        self._set_button("#do-solve", code is not None and self.allows(f"solve {code}"))
        self._set_button("#do-pass", self.allows("pass"))
        if game.hints_allowed:
            self._set_button("#do-hint", self.allows("hint"))
            self._set_button("#do-best", self.allows("hint best"))
        self._set_button("#do-giveup", self.allows("giveup"))
        self._update("#grid", self._grid(notes.grid, self._cell() if self.zone == "grid" else None))
        self._update("#status", self._status(name))
        # the log changes with a test or a round, not with a strike or a mark: redrawn (with
        # a layout pass, as its height may change) only then
        game_log = (name, tuple(view.test_log()), game.round, self.table_log[-1:])
        if self._log_shown != game_log:
            self._log_shown = game_log
            self.query_one("#log", Static).update(self._test_log(name))
            # as a log does: the newest round in view (PageUp/PageDown scroll back)
            self._log_to_end = True
            self._log_end()
        self._show_message()
        self._bind_space()
        self.refresh_bindings()

    def _set_button(self, selector: str, usable: bool, word: str | None = None) -> None:
        """A test or action button, usable or not: one that cannot be used now is greyed
        and its word put in brackets (``[solve s]``), so that it reads without colour;
        a usable one has a space each side instead, its width the same. ``word`` replaces
        the button's own (a tested verifier's letter with its answer, ``A✔``)."""
        button = self.query_one(selector, Button)
        words = self._button_words.get(selector)
        if words is None:
            words = self._button_words[selector] = str(button.label)
            # the spaces or the brackets are the label's own, as wide as its word and two
            button.styles.line_pad = 0
            if selector.startswith("#do-"):
                button.styles.width = cell_len(words) + 2
        shown = word if word is not None else words
        label = f" {shown} " if usable else f"[{shown}]"
        button.disabled = not usable
        if str(button.label) != label:
            button.label = Content(label)  # as it stands: brackets are no markup here

    def _bind_space(self) -> None:
        """Space in the footer says what it does under the cursor: step the picker's digit,
        strike the criterion, or mark the grid's cell."""
        word = {
            "picker": _("digit"),
            "criteria": _("strike"),
            "grid": _("mark"),
        }[self.zone]
        if word != self._space_word:
            self._space_word = word
            # in place: the footer keeps the keys in their order
            self._bindings.key_to_bindings["space"] = [
                Binding("space", "flip", word, key_display=_("Space") if draws_ascii() else "␣")
            ]

    def _update(self, selector: str, markup: str) -> None:
        """Show ``markup`` in a Static unless it shows it already (markup is costly)."""
        if self._shown.get(selector) != markup:
            self._shown[selector] = markup
            # the panels keep their size (a strike, a mark or a digit changes no line
            # count), so no layout pass is needed: a click redraws just that panel; the
            # title and the status panel are as high as their lines (they change with the
            # phase or a count)
            layout = selector.startswith("#card") or selector in ("#title", "#status")
            self.query_one(selector, Static).update(markup, layout=layout)

    def _card(
        self, card: int, struck: set[tuple[int, int]], cursor: tuple[int, int] | None = None
    ) -> str:
        game = self.session.game
        puzzle = game.public
        cs = game.cardset.card(card)
        letter = ""
        if not puzzle.mode_class.hidden_mapping:
            for v, cards in enumerate(puzzle.cards):
                if card in cards:
                    letter = f"[b reverse] {LETTERS[v]} [/] "
        lang = current_language()
        parts = [f"{letter}[b]{card}[/b] {coloured(cs.title_in(lang))}"]
        title_cells = cell_len(f"{' A  ' if letter else ''}{card} {cs.title_in(lang)}")
        crits: list[tuple[str, int]] = []
        for crit in cs.criteria:
            plain = f"{crit.position} {crit.text_in(lang)}"
            body = f"{crit.position} {coloured(crit.text_in(lang))}"
            action = f"app.strike({card},{crit.position})"
            if cursor == (card, crit.position):
                body = f"[reverse]{body}[/]"
            if (card, crit.position) in struck:
                # marked in words as well as struck through: a strike reads on a terminal
                # that draws no strikethrough, in ASCII too; a browser page's terminal draws
                # its line at the marks' height, over them (≈≈), so there the marks stand
                # beside the struck words
                mark = STRUCK_MARK
                shown = (
                    f"[dim]{mark}[strike]{body}[/strike]{mark}[/dim]"
                    if self.is_web
                    else f"[strike dim]{mark}{body}{mark}[/]"
                )
                crits.append((f"[@click={action}]{shown}[/]", cell_len(f"{mark}{plain}{mark}")))
            else:
                crits.append((f"[@click={action}]{body}[/]", cell_len(plain)))
        width = self.query_one(f"#card-{card}", Static).content_size.width
        lines = _pack(crits, width)
        parts.extend(lines)
        # where each criterion is drawn, for the arrow keys (a line wider than the card
        # wraps, and the lines after it stand lower)
        places = _places([cells for _markup, cells in crits], width)
        tops = [_rows(title_cells, width)]
        for line in range(len(lines)):
            cells = sum(c for (_m, c), (ln, _f) in zip(crits, places, strict=True) if ln == line)
            count = sum(1 for ln, _f in places if ln == line)
            tops.append(tops[-1] + _rows(cells + 2 * (count - 1), width))
        self._spots[card] = [
            (tops[line], first, cells)
            for (_markup, cells), (line, first) in zip(crits, places, strict=True)
        ]
        return "\n".join(parts)

    def _picker(self, composed: str | None) -> str:
        """The picker's line; ``composed``, the round's code, follows it (``= 123``) when it
        is the code a test or a solve sends (never beside another code)."""
        cells = []
        for i, shape in enumerate(SHAPES):
            digit = self.picker.digits[i]
            shown = "_" if digit is None else str(digit)
            color = SHAPE_COLORS[shape]
            style = f"bold {color} reverse" if i == self.picker.slot else f"bold {color}"
            cells.append(f"[@click=app.pick({i})][{style}] {SHAPE_SYMBOLS[shape]} {shown} [/][/]")
        line = _("Code") + " " + " ".join(cells)
        if composed is not None:
            line += f" = [b]{composed}[/b]"
        return line

    def _grid(
        self, grid: dict[tuple[str, int], bool], cursor: tuple[str, int] | None = None
    ) -> str:
        # The colours' names in full, as wide as the longest in the language shown.
        wide = max(len(shape_name(shape)) for shape in SHAPES)
        rows = [" " * (wide + 4) + "1  2  3  4  5"]
        for shape in SHAPES:
            color = SHAPE_COLORS[shape]
            cells = []
            for d in range(1, 6):
                mark = grid.get((shape, d))
                shown = (
                    "[dim]·[/]" if mark is None else ("[b green]✔[/]" if mark else "[b red]✘[/]")
                )
                if cursor == (shape, d):
                    shown = f"[reverse]{shown}[/]"
                cells.append(f"[@click=app.mark('{shape}',{d})] {shown} [/]")
            label = f"[{color}]{SHAPE_SYMBOLS[shape]} {shape_name(shape):<{wide}}[/] "
            rows.append(f"{label}" + "".join(cells))
        return "\n".join(rows)

    def _status(self, name: str) -> str:
        game = self.session.game
        view = game.view(name)
        phase = game.phase(name)
        if phase == "test":
            left = view.tests_left_this_round
            if view.code is None:
                letters = game.public.letters
                text = _(
                    "Put a code in the picker (1–5), test it ({first}–{last}); or solve / pass."
                ).format(first=letters[0], last=letters[-1])
            elif left:
                text = ngettext(
                    "{n} test left this round; n ends testing. Then solve or pass.",
                    "{n} tests left this round; n ends testing. Then solve or pass.",
                    left,
                ).format(n=left)
            else:
                text = _("No tests left this round: solve (s) or pass (p).")
        elif phase == "decide":
            text = _("Testing is over for this round: solve (s) or pass (p).")
        else:
            text = ""
        others = others_counts(self.session, name)
        text = escape(text)
        if others:
            # each seat's count whole on a line: the lines break between two seats only
            head, _sep, tail = others_tests_label(self.session).partition("{list}")
            words = [*head.split(), *[o + "," for o in others[:-1]], others[-1] + tail]
            width = self.query_one("#status", Static).content_size.width
            items = [(escape(word), cell_len(word)) for word in words]
            text += "\n" + "\n".join(_pack(items, width, gap=" "))
        return text

    def _test_log(self, name: str) -> Group:
        """``name``'s test log: what the tests came to and the table's last word above
        the rows, as wide as the panel (the rows' columns are narrower), then the rows."""
        game = self.session.game
        puzzle = game.public
        view = game.view(name)
        table = Table(box=None, pad_edge=False, show_edge=False)
        table.add_column(_("rnd"))
        table.add_column(_("code"))
        for letter in puzzle.letters:
            table.add_column(letter, justify="center")
        for rnd, code, answers in view.test_log():
            cells = [
                (Text(OK_MARK, style="bold green") if answers[v] else Text(NO_MARK, "bold red"))
                if v in answers
                else Text("·", style="dim")
                for v in range(puzzle.verifiers)
            ]
            table.add_row(str(rnd), code, *cells)
        # the rounds begun: the one in play counts from its first test (at the start of
        # round 2, one test was made in one round, not in two)
        rounds = game.round if game.over or view.tested_this_round else game.round - 1
        tests = _tests(len(view.tests))
        # above the rows, so the newest rows end the log (scrolled to its end); not the
        # table's title, which would wrap to the width of its columns
        heading = (
            ngettext("{tests} in {n} round", "{tests} in {n} rounds", rounds).format(
                tests=tests, n=rounds
            )
            if rounds
            else tests
        ) + ("" if not self.table_log else "\n" + self.table_log[-1])
        return Group(Text(heading, style="table.title"), table)


__all__ = ["BoardApp", "TableScreen", "coloured"]
