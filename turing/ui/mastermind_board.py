"""The Mastermind board: a full-screen view over a :class:`~turing.mastermind.match.Match`
(codemaker against codebreaker) or a :class:`~turing.mastermind.match.Duel` (Logik).

Like the line prompt of ``turing mastermind play``, the board only draws and reads: every
rule (whose move it is, which codes and pins are legal, when pins are checked, scores)
lives in the sitting, and an action the sitting refuses changes nothing and shows why.

A person composes a code peg by peg (click a colour, or type its letter or number),
Backspace takes a peg back, Enter plays it; ``h`` says how many codes still fit the rows
(the sitting's hint, in the line prompt's words). A codemaker placing pins for the computer's
guess adds hit pins and white pins the same way. The secret stays hidden (``? ? ? ?``)
until the game ends; a person who made the code for the computer sees their own code.
Between two people at one keyboard a cover screen hides the board whenever the keyboard
changes hands, so a secret or a duel move being typed is never seen by the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path, PurePath
from typing import Any, ClassVar, Final

from rich.cells import cell_len
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Static

from turing.cli.output import command_to_copy
from turing.core.errors import TuringError
from turing.core.files import shown_name
from turing.i18n import _, ngettext
from turing.mastermind.match import (
    Duel,
    DuelMove,
    DuelOver,
    Event,
    FalseFeedback,
    GameOver,
    GameStarted,
    Match,
    MatchOver,
    Phase,
    PinsTakenBack,
    Row,
    RowPlayed,
    played_in,
)
from turing.mastermind.presets import EMPTY_HOLE, EMPTY_HOLE_MARK, Preset
from turing.mastermind.saves import Keeping, SaveError, Settings, save_problem_at
from turing.mastermind.scoring import Feedback, pin_name, pins_counted
from turing.mastermind.space import Code
from turing.mastermind.strategies import Strategy
from turing.mastermind.transcript import MatchTranscript
from turing.mastermind.words import (
    against_code,
    final_score,
    points_to,
    score,
    score_after,
    sentence,
    subject,
)
from turing.ui.board import (
    AskFileScreen,
    BoardFooter,
    ConfirmScreen,
    CoverScreen,
    MessageScreen,
    ServedApp,
    TableScreen,
    as_drawn,
    escape,
    leave_asked,
    too_small_text,
)

#: Peg colours the terminal (and the browser page) draws, by the preset's colour names.
PEG_COLOURS: Final[dict[str, str]] = {
    "red": "#e53935",
    "green": "#43a047",
    "blue": "#1e66f5",
    "yellow": "#fdd835",
    "orange": "#fb8c00",
    "purple": "#9c4dcc",
    "white": "#f2f2f2",
    "black": "#000000",
    "cyan": "#00bcd4",
}
_DARK: Final = frozenset({"red", "green", "blue", "purple", "black"})
#: Pins sit on a light grey strip: hit pins solid dots in black (or a dark red in
#: Superhirn), white pins rings in a white hole of their own, outlined in black; each reads
#: against what is behind it (a contrast of 4.5:1 and more), and the shapes tell them
#: apart without colour.
PIN_BOARD: Final = "#c8c8c8"
PIN_COLOURS: Final[dict[str, str]] = {"black": "#000000", "red": "#a00000", "white": "#ffffff"}
#: A white pin's outline, and an empty hole's dot.
PIN_RING: Final = "#000000"
PIN_EMPTY: Final = "#505050"
#: The pins' colours as the board names them.
HIT_KEYS: Final = "bsr"
"""Keys that place a hit pin: b (black), s (schwarz), r (red/rot)."""

#: The lines as tall as their text (up to three lines on 80 columns).
_TALL: Final = frozenset({"#status", "#message"})

EXIT_OK: Final = 0
EXIT_ABANDONED: Final = 1


class Mode(StrEnum):
    """What the person at the board is asked for now."""

    WAIT = "wait"  # the computer is choosing, or nobody is at the board
    SECRET = "secret"
    GUESS = "guess"
    PINS = "pins"
    REVEAL = "reveal"
    ENDED = "ended"  # a game is over: its board with the secret, until Enter


@dataclass(frozen=True)
class Ended:
    """A finished game, shown with its secret(s) until the player goes on."""

    text: str
    rows: tuple[tuple[Row, ...], ...]
    secrets: tuple[Code | None, ...]
    last: bool
    game: int  # the finished game's number and roles, for the head until the next game
    breaker: int = 0
    maker: int = 1


class MastermindBoardApp(ServedApp):
    """One Mastermind match or Logik duel on one screen."""

    CSS_PATH: ClassVar[list[str | PurePath]] = ["board.tcss", "mastermind_board.tcss"]
    TITLE = "turing mastermind board"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None

    def __init__(
        self,
        sitting: Match | Duel,
        breakers: dict[str, Strategy],
        *,
        honour: bool = False,
        settings: Settings | None = None,
        save_path: str | None = None,
        resumed: str | None = None,
        warning: str | None = None,
        family: Sequence[Path] = (),
        transcript: MatchTranscript | None = None,
    ) -> None:
        super().__init__()
        self.sitting = sitting
        #: where each event is written as it happens (``--transcript``), if anywhere
        self.transcript = transcript
        #: what a save keeps besides the actions; None: the match cannot be saved
        self.settings = settings
        #: the match kept in its save file as it goes (its path None: nowhere yet)
        self.keeping = (
            None
            if settings is None
            else Keeping(
                settings,
                sitting,
                save_path,
                family,
                None if transcript is None else transcript.path.resolve(),
            )
        )
        self.resumed = resumed  # the save file the match was resumed from
        self.warning = warning  # why the save file resumed from cannot take the match
        self.preset: Preset = sitting.preset
        self.breakers = breakers
        self.honour = honour
        self.too_small = False  # the notice hides the board: its keys do nothing
        self.min_size = (50, 14)  # set to the boards' width once they are laid out
        self.duel = isinstance(sitting, Duel)
        humans = [i for i, seat in enumerate(sitting.seats) if seat.human]
        #: the one person against the computer, addressed as "you" in what the board says
        self.you: int | None = humans[0] if len(humans) == 1 else None
        self.seat: int | None = None  # the person at the board now
        self.mode = Mode.WAIT
        self.entry: list[int] = []  # the code being composed
        self.pins: list[bool] = []  # the pins being placed: True a hit pin, False a white one
        self.proposal: Code | None = None  # the computer's guess waiting for a person's pins
        self.ended: Ended | None = None
        self.message = ""
        self.complaint = False
        self.news = False  # the message tells of the move before (see say)
        self.thinking = False
        self.held = False  # a row played while the computer chooses, played once it has
        self._shown: dict[str, str] = {}
        self._keys: set[str] = set()  # the keys bound to an action
        self._bind_keys()

    def get_default_screen(self) -> Screen[Any]:
        return TableScreen(id="_default")

    def bind(self, keys: str, action: str, **options: Any) -> None:
        super().bind(keys, action, **options)
        self._keys.update(keys.split(","))

    def _bind_keys(self) -> None:
        palette = self.preset.palette
        for symbol in range(self.preset.space.symbols):
            colour = palette.colour(symbol)
            if colour is EMPTY_HOLE:
                self.bind("full_stop,0", f"peg({symbol})", description="empty", show=False)
                continue
            letter = colour.key
            self.bind(f"{letter.lower()},{letter}", f"letter('{letter.lower()}')", show=False)
            if symbol < 9:
                self.bind(str(symbol + 1), f"peg({symbol})", show=False)
        for key in HIT_KEYS + "w":
            if not any(palette.colour(s).key.lower() == key for s in range(len(palette.colours))):
                self.bind(f"{key},{key.upper()}", f"letter('{key}')", show=False)
        self.bind("backspace", "erase", description=_("erase"))
        self.bind("enter", "enter", description=_("enter"))
        self.bind("d", "random", description=_("random code"))
        self.bind("u", "undo", description=_("undo pins"))
        self.bind("h", "hint", description=_("hint"))  # a letter no colour or pin takes
        self.bind("x", "giveup", description=_("give up"))
        if self.settings is not None:  # w is a white pin (and a colour): v saves
            self.bind("v", "save", description=_("save"))
        self.bind("q", "leave", description=_("quit"))

    # -- layout --

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="too-small")
        with Vertical(id="mm-main"):
            with VerticalScroll(id="boards"), Horizontal(id="panels"):
                yield Static(id="board-0", classes="mm-board")
                if self.duel:
                    yield Static(id="board-1", classes="mm-board")
            yield Static(id="entry")
            yield Static(id="palette")
            with Horizontal(id="pin-buttons", classes="actions"):
                yield Button(f"● {self._hit_name()} {self._hit_key()}", id="pin-hit", compact=True)
                yield Button("○ " + _("white") + " w", id="pin-white", compact=True)
            with Horizontal(id="mm-actions", classes="actions"):
                yield Button(as_drawn("⌫ ") + _("erase"), id="do-erase", compact=True)
                yield Button(as_drawn("⏎ ") + _("enter"), id="do-enter", compact=True)
                yield Button(_("random") + " d", id="do-random", compact=True)
                yield Button(_("undo") + " u", id="do-undo", compact=True)
                yield Button(_("hint") + " h", id="do-hint", compact=True)
                yield Button(_("give up") + " x", id="do-giveup", compact=True)
                if self.settings is not None:
                    yield Button(_("save") + " v", id="do-save", compact=True)
                yield Button(_("quit") + " q", id="do-leave", compact=True)
            yield Static(id="status")
            yield Static(id="message")
        yield BoardFooter()

    def on_mount(self) -> None:
        for button in self.query(Button):
            button.can_focus = False  # Enter always plays the row, never a focused button
        # each panel is as wide as its widest line can be, so that a redraw never needs a
        # layout pass (a click repaints only what it changed)
        names = [seat.name for seat in self.sitting.seats]
        positions = self.preset.positions
        if self.duel:  # each board's head stays what it is
            heads = [self._against(names[breaker], maker) for breaker, maker in ((0, 1), (1, 0))]
        else:  # the roles change hands each game
            heads = [self._roles(names[0], names[1]), self._roles(names[1], names[0])]
        rows = 6 + 3 * positions + 1 + positions + 2
        if not self.duel:  # in a duel the sitting places every pin
            rows += len(" ◀ " + _("your pins"))
        code = len("  " + _("code") + " ") + 3 * positions + 2
        code += max(len(_("the secret")), len(_("your code")))
        # padding and border; the head sits in the top border: "╭─ head ─╮"
        width = max(rows + 4, code + 4, *(len(head) + 6 for head in heads))
        for panel in self.query(".mm-board"):
            panel.styles.width = width
            panel.styles.min_width = width
        # the boards side by side (a duel's two, each with its margin: neither may be cut,
        # as the second holds the person's own code), the row of buttons; the title, the
        # code and two rows of a board in its frame, what to do, the colours, the buttons,
        # a message
        boards = 2 * (width + 1) + 2 if self.duel else width  # + the scrollbar of tall boards
        self.min_size = (max(boards, 50, self._widest_buttons()), 14)
        self.query_one("#too-small", Static).update(escape(too_small_text(self.min_size)))
        self._fit()
        if not self.sitting.game:
            self.show(self.sitting.start())
            self.keep()
        self.advance()
        if self.resumed is not None:
            said = _("Resumed from {path}: game {game} of {games}.").format(
                path=shown_name(self.resumed), game=self.sitting.game, games=self.sitting.games
            )
            if self.warning:
                said += " " + _("warning: {problem}; save the match to another file").format(
                    problem=self.warning
                )
            self.say(said, news=True)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)
        self.draw(event.size.width)  # the title in full words where it fits

    def _widest_buttons(self) -> int:
        """The width of the row of buttons where it is widest: the buttons a mode shows at
        once (see :meth:`check_action`), save and quit always; a button is its word with a
        blank either side, at least 8 wide, and a blank after it, the row a blank either
        side. Narrower, the last buttons (quit among them) would be cut off."""
        undo = ["undo"] if isinstance(self.sitting, Match) else []
        shown_at_once = (
            ["erase", "enter", "random", *undo],  # the secret
            ["erase", "enter", "hint", "giveup"],  # a guess
            ["erase", "enter", *undo],  # the pins
        )
        always = ["save", "leave"] if self.settings is not None else ["leave"]

        def wide(action: str) -> int:
            label = str(self.query_one(f"#do-{action}", Button).label)
            return max(8, cell_len(label) + 2) + 1

        return 2 + max(sum(wide(a) for a in [*row, *always]) for row in shown_at_once)

    def _fit(self, size: Size | None = None) -> None:
        """On a short terminal (under 30 lines) the buttons and the status sit closer and
        the footer, which offers the same keys as the buttons, gives its line to the rows:
        a 12-row board fits 80x24. Below the smallest size (a board's width, the buttons,
        the code and two rows) a notice takes the board's place, and its keys do
        nothing meanwhile (nothing is played unseen); q still leaves."""
        width, height = size or self.size
        self.set_class(height < 30, "-short")
        small = width < self.min_size[0] or height < self.min_size[1]
        self.query_one("#too-small").display = small
        self.query_one("#mm-main").display = not small
        if small != self.too_small:
            self.too_small = small
            self.refresh_bindings()
        self.call_after_refresh(self._keep_in_view)

    # -- the flow of the sitting --

    def advance(self) -> None:
        """Hand the board to whoever acts next, or let the computer move."""
        if self.ended is not None:
            self._set_mode(Mode.ENDED, self.seat)
            return
        sitting = self.sitting
        if sitting.phase is Phase.OVER:
            self.exit(EXIT_OK, return_code=EXIT_OK)
            return
        if isinstance(sitting, Match):
            self._advance_match(sitting)
        else:
            self._advance_duel(sitting)

    def _advance_match(self, match: Match) -> None:
        breaker = match.seats[match.breaker]
        if match.phase is Phase.GUESS and not breaker.human:
            if self.proposal is None:
                self._think(match.breaker)
                return
            self._hand_to(match.maker, Mode.PINS)
            return
        actor = match.to_act
        assert actor is not None
        mode = {
            Phase.SECRET: Mode.SECRET,
            Phase.GUESS: Mode.GUESS,
            Phase.FEEDBACK: Mode.PINS,
            Phase.REVEAL: Mode.REVEAL,
        }[match.phase]
        self._hand_to(actor, mode)

    def _advance_duel(self, duel: Duel) -> None:
        waiting = duel.waiting_for()
        computers = [p for p in waiting if not duel.seats[p].human]
        if duel.phase is Phase.GUESS and computers:
            people = [p for p in waiting if duel.seats[p].human]
            if people:  # the person composes their row while the computer chooses its own
                self._set_mode(Mode.GUESS, people[0])
            self._think(computers[0])
            return
        mode = Mode.SECRET if duel.phase is Phase.SECRET else Mode.GUESS
        self._hand_to(waiting[0], mode)

    def _hand_to(self, seat: int, mode: Mode) -> None:
        """The board for ``seat``; between two people, behind a cover screen first."""
        seats = self.sitting.seats
        # a secret is always typed behind a cover, even by the person already at the board
        if not all(s.human for s in seats) or (seat == self.seat and mode is not Mode.SECRET):
            self._set_mode(mode, seat)
            return
        # the last person's board is gone before the cover goes up
        self._set_mode(Mode.WAIT, None)
        name, other = seats[seat].name, seats[1 - seat].name
        what = {
            Mode.SECRET: _("{name}: set your secret code; {other} looks away."),
            Mode.GUESS: _("{name}: your guess."),
            Mode.PINS: _("{name}: place the pins."),
            Mode.REVEAL: _("{name}: show your secret code."),
        }.get(mode, "").format(name=name, other=other)
        cover = CoverScreen(name, self.sitting.game, what)
        self.set_timer(0.01, lambda: self.push_screen(cover, lambda _: self._set_mode(mode, seat)))

    def _set_mode(self, mode: Mode, seat: int | None) -> None:
        if mode is not self.mode or seat != self.seat:
            self.entry = []
            self.pins = []
        self.mode = mode
        self.seat = seat
        self.refresh_bindings()
        self.draw()

    @work(thread=True, exclusive=True, group="think")
    def _think(self, player: int) -> None:
        """The computer chooses its guess off the event loop; the board stays live."""
        self.call_from_thread(self._thinking, player)
        sitting = self.sitting
        seat = sitting.seats[player]
        assert seat.strategy is not None
        strategy = self.breakers[seat.strategy]
        if isinstance(sitting, Match):
            code = sitting.propose(strategy)
        else:
            code = sitting.propose(player, strategy)
        self.call_from_thread(self._proposed, player, code)

    def _thinking(self, player: int) -> None:
        self.thinking = True
        if not all(s.human for s in self.sitting.seats) and self.seat is None:
            # one person against the computer: their board stays in view
            humans = [i for i, s in enumerate(self.sitting.seats) if s.human]
            self.seat = humans[0] if humans else None
        if not (self.duel and self.mode is Mode.GUESS):
            self.mode = Mode.WAIT
        self.refresh_bindings()
        self.say(_("{name} is thinking…").format(name=self.sitting.seats[player].name))
        self.draw()

    def _proposed(self, player: int, code: Code | None) -> None:
        self.thinking = False
        self.say("")
        sitting = self.sitting
        if isinstance(sitting, Duel):
            assert code is not None
            entry, held = self.entry, self.held
            self.held = False
            self._act(lambda: sitting.guess(player, code))
            if self.mode is Mode.GUESS and self.ended is None:  # the person's row, kept
                self.entry = entry
                self.draw()
                if held:
                    self.action_enter()
            return
        if code is None:  # the open pins leave no code: taken back, or checked now
            if sitting.seats[sitting.maker].human and sitting.take_back_helps:

                def answer(take_back: bool | None) -> None:
                    self._act(sitting.undo if take_back else sitting.settle)

                self.push_screen(ConfirmScreen(sitting.take_back_question()), answer)
                return
            self._act(sitting.settle)
        elif sitting.maker_types_feedback:
            self.proposal = code
            self.advance()
        else:
            self._act(lambda: sitting.guess(code))

    def _act(self, action: Any) -> bool:
        """Run one action of the sitting; a refused one changes nothing and says why."""
        before = self._rows()
        try:
            events: list[Event] = action()
        except TuringError as error:
            self.say(str(error), error=True)
            return False
        self.entry = []
        self.pins = []
        self.say("")
        self.show(events, before)
        self.keep()
        self.advance()
        return True

    # -- the save file --

    @property
    def save_path(self) -> str | None:
        """Where the match is saved as it goes (None: nowhere)."""
        return None if self.keeping is None else self.keeping.path

    @property
    def save_failed(self) -> str | None:
        """Why the last save failed (None: it did not)."""
        return None if self.keeping is None else self.keeping.failed

    @property
    def overtaken(self) -> bool:
        """The save file holds this match further on, played in another sitting: this one
        is saved nowhere (:attr:`~turing.mastermind.saves.Keeping.overtaken`). Played
        another way at the same game instead, its rows are its own: v saves them to
        another file, as when the save file cannot be written."""
        keeping = self.keeping
        return keeping is not None and keeping.overtaken and not keeping.strayed

    def keep(self) -> bool:
        """Save the match to its save file when it changed since the last save; a save that
        fails is said once (the match goes on, and v saves it elsewhere). False when it
        failed."""
        if self.keeping is None:
            return True
        failed = self.keeping.save()
        if failed:
            self.say(failed, error=True)
        return self.keeping.failed is None

    def save_on_leaving(self) -> str:
        """Save the match left unfinished, however the board ended; what became of it, said
        after "…: match abandoned;" ("" without a save file)."""
        if self.settings is None or self.save_path is None:
            return ""
        if not self.keep():
            assert self.keeping is not None
            return self.keeping.left_unsaved(
                command_to_copy("mastermind", "board", "--resume", self.save_path)
            )
        return _("saved to {path} — resume with: {command}").format(
            path=shown_name(self.save_path),
            command=command_to_copy("mastermind", "board", "--resume", self.save_path),
        )

    def action_save(self) -> None:
        """v: the match saved to its save file, or to a file asked for (which becomes its
        save file)."""
        if self.settings is None or self.screen is not self.screen_stack[0]:
            return
        if self.overtaken:  # no file takes it: the match went on in another sitting
            self.say(self.save_failed or "", error=True)
            return
        if self.save_path is not None and self.save_failed is None:
            if self.keep():
                self.say(_("Saved to {path}.").format(path=shown_name(self.save_path)))
            return
        self.push_screen(
            AskFileScreen(_("Save the match to which file?"), self._save_refusal),
            lambda target: self._save_to(target) if target else None,
        )

    def _save_refusal(self, target: str) -> str | None:
        """Why the match must not be saved to ``target`` (the dialog stays open), or None."""
        return save_problem_at(target, trying=True)

    def _save_to(
        self, target: str, overwrite: bool = False, then: Callable[[], None] | None = None
    ) -> None:
        """Save to ``target`` (asking before replacing another match), then ``then``."""
        keeping = self.keeping
        assert keeping is not None
        if not overwrite and keeping.holds_another(target):
            question = _("{path} holds another saved match. Overwrite it?").format(
                path=shown_name(target)
            )
            self.push_screen(
                ConfirmScreen(question),
                lambda yes: (
                    self._save_to(target, True, then) if yes else self.say(_("Nothing done."))
                ),
            )
            return
        try:
            keeping.save_to(target)  # the match's save file from now on
        except SaveError as error:
            self.say(str(error), error=True)
            return
        self.say(_("Saved to {path}.").format(path=shown_name(target)))
        if then is not None:
            then()

    def _rows(self) -> tuple[tuple[Row, ...], ...]:
        sitting = self.sitting
        if isinstance(sitting, Match):
            return (tuple(sitting.rows),)
        return (tuple(sitting.rows[0]), tuple(sitting.rows[1]))

    # -- events --

    def show(self, events: list[Event], before: tuple[tuple[Row, ...], ...] = ()) -> None:
        """What the events say: a line for each, the end of a game on the board itself."""
        said: list[str] = []
        rows = [list(r) for r in before] or [[] for _ in range(2 if self.duel else 1)]
        for event in events:
            if self.transcript is not None:
                self.transcript.add(event)
            if isinstance(event, RowPlayed):
                rows[0].append(event.row)
            elif isinstance(event, DuelMove):
                rows[0].append(event.rows[0])
                rows[1].append(event.rows[1])
                said.append(_("Move {number} played.").format(number=event.number))
            elif isinstance(event, PinsTakenBack):
                said.append(
                    _("Pins of row {number} taken back; place them again.").format(
                        number=event.number
                    )
                )
            elif isinstance(event, FalseFeedback):
                self.push_screen(MessageScreen(_("Wrong pins"), self._false_feedback(event)))
            elif isinstance(event, GameOver):
                self.ended = Ended(
                    self._game_over(event),
                    (tuple(rows[0]),),
                    (event.secret,),
                    self.sitting.phase is Phase.OVER,
                    event.game,
                    event.breaker,
                    event.maker,
                )
            elif isinstance(event, DuelOver):
                self.ended = Ended(
                    self._duel_over(event),
                    (tuple(rows[0]), tuple(rows[1])),
                    (event.secrets[1], event.secrets[0]),
                    self.sitting.phase is Phase.OVER,
                    event.game,
                )
            elif isinstance(event, MatchOver) and self.ended is not None:
                self.ended = Ended(
                    self.ended.text + "\n" + self._match_over(event),
                    self.ended.rows,
                    self.ended.secrets,
                    True,
                    self.ended.game,
                    self.ended.breaker,
                    self.ended.maker,
                )
            elif isinstance(event, GameStarted) and event.restart:
                said.append(_("Game {game} restarts with an empty board.").format(game=event.game))
            elif isinstance(event, GameStarted) and event.game == 1 and self._codes_made():
                said.append(self._codes_made())
        if self.ended is not None:  # the end of the game says all: no move left over
            self.say("")
        elif said:  # news of the move: it goes with the next key that does something
            self.say(" ".join(said), news=True)

    def _seat_name(self, seat: int) -> str:
        return self.sitting.seats[seat].name

    def _subject(self, seat: int) -> str:
        """The seat as a sentence's subject: the computer is *the computer*."""
        return subject(self.sitting.seats[seat])

    def _score(self, scores: tuple[float, float]) -> str:
        return score(self.sitting.seats, scores)

    def _hit_name(self) -> str:
        return pin_name(self.preset.hit_pin)

    def _hit_key(self) -> str:
        """The key shown for a hit pin: its name's first letter in the language in use
        (b for black, s for schwarz, r for red and rot), one of :data:`HIT_KEYS`."""
        return self._hit_name()[0].lower()

    def _false_feedback(self, event: FalseFeedback) -> str:
        # the board is already cleared for the restart: each row is named with its guess
        # and the pins given, so the dialog says which row it means
        hit = self.preset.hit_pin
        if event.expected:
            lines = [
                _("Row {row} ({guess}): you gave {given}; it should have had {pins}.").format(
                    row=r,
                    guess=self._letters(row.guess),
                    given=pins_counted(row.feedback, hit, given=True),
                    pins=pins_counted(fb, hit, given=True),
                )
                for r, fb, row in zip(event.rows, event.expected, event.given, strict=True)
            ]
        else:
            numbers = ", ".join(str(r) for r in event.rows)
            lines = [
                _("No code gives the rows {numbers} the pins they got:").format(numbers=numbers)
            ]
            lines += [
                _("Row {row} ({guess}): {given}").format(
                    row=r, guess=self._letters(row.guess), given=pins_counted(row.feedback, hit)
                )
                for r, row in zip(event.rows, event.given, strict=True)
            ]
        lines.append(
            ngettext(
                "The game restarts; {points} point to {name} for the wrong pins.",
                "The game restarts; {points} points to {name} for the wrong pins.",
                event.points,
            ).format(points=event.points, name=points_to(self.sitting.seats[event.breaker]))
        )
        return "\n".join(lines)

    def _letters(self, code: Code) -> str:
        """``code`` as its letters one space apart (``R R G G``), for a dialog's line."""
        return " ".join(self.preset.palette.shown(code))

    def _game_over(self, event: GameOver) -> str:
        """How the game ended; the one person against the computer is spoken to."""
        maker = points_to(self.sitting.seats[event.maker])
        breaker = self._subject(event.breaker)
        rows = ngettext("{n} row", "{n} rows", event.rows_used).format(n=event.rows_used)
        points = ngettext("{n} point", "{n} points", event.points).format(n=event.points)
        if event.breaker == self.you:
            if event.solved:
                text = _("You cracked the code in {rows}; {points} to {maker}.")
            elif event.gave_up:
                text = _("You gave up after {rows}; {points} to {maker}.")
            else:
                text = _("You did not crack the code in {rows}; {points} to {maker}.")
        elif event.maker == self.you:
            if event.solved:
                text = _("Code cracked by {breaker} in {rows}; {points} to you.")
            elif event.gave_up:
                text = _("{breaker} gave up after {rows}; {points} to you.")
            else:
                text = _("Code not cracked by {breaker} in {rows}; {points} to you.")
        elif event.solved:
            text = _("Code cracked by {breaker} in {rows}; {points} to {maker}.")
        elif event.gave_up:
            text = _("{breaker} gave up after {rows}; {points} to {maker}.")
        else:
            text = _("Code not cracked by {breaker} in {rows}; {points} to {maker}.")
        text = sentence(
            text.format(breaker=breaker, rows=rows, points=points, maker=maker),
            self.sitting.seats[event.breaker],
        )
        return text + self._running_score(event.game, event.scores)

    def _codes_made(self) -> str:
        """Who makes one code more, when the agreed number of games is odd (else "")."""
        if not isinstance(self.sitting, Match):
            return ""
        codes = self.sitting.codes_made()
        if codes[0] == codes[1]:
            return ""
        more = 0 if codes[0] > codes[1] else 1
        counts = {"more": codes[more], "fewer": codes[1 - more]}
        name, other = self._subject(more), self._subject(1 - more)
        if self.you == more:
            return _(
                "An odd number of games: you make one code more than {other} ({more} to {fewer})."
            ).format(other=other, **counts)
        if self.you == 1 - more:
            return _(
                "An odd number of games: {name} makes one code more than you ({more} to {fewer})."
            ).format(name=name, **counts)
        return _(
            "An odd number of games: {name} makes one code more than {other} ({more} to {fewer})."
        ).format(name=name, other=other, **counts)

    def _running_score(self, game: int, scores: tuple[float, float]) -> str:
        if self.sitting.games == 1:
            return ""
        return "\n" + score_after(game, self.sitting.games, self.sitting.seats, scores)

    def _duel_over(self, event: DuelOver) -> str:
        if event.gave_up is not None and event.gave_up == self.you:
            reason = _("you gave up")
        else:
            reason = event.reason_text((self._subject(0), self._subject(1)))
        if event.winner is None:
            text = _("Game {game}: a draw ({reason}).").format(game=event.game, reason=reason)
        elif event.winner == self.you:
            text = _("Game {game}: you won ({reason}).").format(game=event.game, reason=reason)
        else:
            text = _("Game {game}: {name} won ({reason}).").format(
                game=event.game, name=self._subject(event.winner), reason=reason
            )
        return text + self._running_score(event.game, event.scores)

    def _match_over(self, event: MatchOver) -> str:
        you = event.winner is not None and event.winner == self.you
        return final_score(self.sitting.seats, event.scores, event.winner, you)

    # -- actions (keys, clicks and buttons) --

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are left out of the footer."""
        if self.too_small:  # leaving, as the notice says; Ctrl-C and Ctrl-Q as q
            return action in ("leave", "quit", "interrupt")
        mode = self.mode
        composing = mode in (Mode.SECRET, Mode.GUESS, Mode.REVEAL)
        if action == "erase":
            return composing or mode is Mode.PINS
        if action == "enter":
            return mode is not Mode.WAIT
        if action == "random":
            return mode is Mode.SECRET
        if action == "undo":
            return isinstance(self.sitting, Match) and self.sitting.can_undo
        if action in ("giveup", "hint"):  # not while the computer reads the rows
            return mode is Mode.GUESS and not self.thinking
        return True

    def on_key(self, event: events.Key) -> None:
        """A key that does nothing here says which keys do (on the board itself: a dialog's
        keys, n for no, are the dialog's)."""
        character = event.character
        if self.screen is not self.screen_stack[0]:
            return
        if self.too_small or event.key in self._keys or not character:
            return
        if not character.isprintable():
            return
        if character.isspace():
            return
        self._no_such_key(character)

    def _no_such_key(self, key: str) -> None:
        mode = self.mode
        if mode is Mode.PINS:
            self.say(
                _("{key}: pins are {hit_key} ({hit}) and w (white)").format(
                    key=key, hit_key=self._hit_key(), hit=self._hit_name()
                ),
                complaint=True,
            )
        elif mode in (Mode.SECRET, Mode.GUESS, Mode.REVEAL):
            letters = " ".join(
                self.preset.palette.colour(s).key for s in range(len(self.preset.colours))
            )
            n = len(self.preset.colours)
            if self.preset.blank:
                text = _("{key}: colours here are 1–{n} / {letters}, . an empty hole")
            else:
                text = _("{key}: colours here are 1–{n} / {letters}")
            self.say(text.format(key=key, n=n, letters=letters), complaint=True)

    def action_letter(self, key: str) -> None:
        if self.mode is Mode.PINS:
            if key in HIT_KEYS:
                self.action_pin(True)
            elif key == "w":
                self.action_pin(False)
            else:
                self._no_such_key(key)
            return
        palette = self.preset.palette
        for symbol in range(len(palette.colours)):
            if palette.colour(symbol).key.lower() == key:
                self.action_peg(symbol)
                return

    def action_peg(self, symbol: int) -> None:
        if self.mode is Mode.PINS:  # a colour's number
            colour = self.preset.palette.colour(symbol)
            self._no_such_key("." if colour is EMPTY_HOLE else str(symbol + 1))
        if self.mode not in (Mode.SECRET, Mode.GUESS, Mode.REVEAL):
            return
        positions = self.preset.positions
        if len(self.entry) >= positions:  # a row (a code) has so many holes
            if self.mode is Mode.SECRET:
                full = ngettext(
                    "a code has {n} peg: Enter sets it, Backspace takes a peg back",
                    "a code has {n} pegs: Enter sets it, Backspace takes a peg back",
                    positions,
                )
            elif self.mode is Mode.REVEAL:
                full = ngettext(
                    "a code has {n} peg: Enter shows it, Backspace takes a peg back",
                    "a code has {n} pegs: Enter shows it, Backspace takes a peg back",
                    positions,
                )
            else:
                full = ngettext(
                    "a row has {n} hole: Enter plays it, Backspace takes a peg back",
                    "a row has {n} holes: Enter plays it, Backspace takes a peg back",
                    positions,
                )
            self.say(full.format(n=positions), complaint=True)
            return
        self.entry.append(symbol)
        self._settle()
        self.draw()

    def action_pin(self, hit: bool) -> None:
        if self.mode is not Mode.PINS:
            return
        positions = self.preset.positions
        if len(self.pins) >= positions:  # a row has so many pin holes
            self.say(
                ngettext(
                    "a row has {n} pin at most: Enter places them, Backspace takes one back",
                    "a row has {n} pins at most: Enter places them, Backspace takes one back",
                    positions,
                ).format(n=positions),
                complaint=True,
            )
            return
        self.pins.append(hit)
        self.pins.sort(reverse=True)
        self._settle()
        self.draw()

    def action_erase(self) -> None:
        if self.mode is Mode.PINS and self.pins:
            self.pins.pop()
        elif self.entry:
            self.entry.pop()
        elif self.mode is Mode.PINS:  # a key that does nothing says why
            self.say(_("no pins to take back: this row has no pins yet"), complaint=True)
            return
        elif self.mode in (Mode.SECRET, Mode.GUESS, Mode.REVEAL):
            self.say(_("no peg to take back: the row has none yet"), complaint=True)
            return
        self._settle()
        self.draw()

    def action_random(self) -> None:
        if self.mode is Mode.SECRET:
            self.entry = list(self.sitting.draw_secret())
            self._settle()
            self.draw()

    def action_enter(self) -> None:
        sitting = self.sitting
        mode, seat = self.mode, self.seat
        if mode is Mode.ENDED:
            last = self.ended is not None and self.ended.last
            self.ended = None
            if last:
                self.exit(EXIT_OK, return_code=EXIT_OK)
                return
            self.advance()
            return
        if seat is None or mode is Mode.WAIT:
            return
        code = tuple(self.entry)
        if mode in (Mode.SECRET, Mode.GUESS, Mode.REVEAL) and not code:
            self.say(_("put {n} pegs in the row first").format(n=self.preset.positions), error=True)
            return
        if self.thinking:  # a duel: the row is played once the computer has chosen its own
            self.held = True
            self.say(_("Your row is played as soon as the computer has chosen its own."))
            return
        if mode is Mode.GUESS and self._played_before(code):
            return
        if isinstance(sitting, Duel):
            if mode is Mode.SECRET:
                self._act(lambda: sitting.set_secret(seat, code))
            else:
                self._act(lambda: sitting.guess(seat, code))
            return
        if mode is Mode.SECRET:
            self._act(lambda: sitting.set_secret(code))
        elif mode is Mode.GUESS:
            self._act(lambda: sitting.guess(code))
        elif mode is Mode.REVEAL:
            self._act(lambda: sitting.reveal(code))
        else:
            pins = Feedback(sum(self.pins), len(self.pins) - sum(self.pins))
            proposal = self.proposal
            guess = proposal if proposal is not None else sitting.pending
            if pins.black == self.preset.positions and guess is not None:
                # pins all black end the game with this guess as the code: asked first, so
                # a slip can still be mended (no, or u as at the prompt's undo, keeps the
                # pins in the row, to change)
                question = _("{code} is your code?").format(code=self._letters(guess))

                def answer(yes: bool | None) -> None:
                    if yes:
                        self._place_pins(sitting, pins)

                self.push_screen(ConfirmScreen(question, no_key="u"), answer)
                return
            self._place_pins(sitting, pins)

    def _place_pins(self, sitting: Match, pins: Feedback) -> None:
        """The codemaker's ``pins`` for the computer's guess waiting for them."""
        proposal = self.proposal
        if proposal is not None:
            self.proposal = None  # answered: the computer chooses its next guess
            if not self._act(lambda: sitting.answer(proposal, pins)):
                self.proposal = proposal
        else:
            self._act(lambda: sitting.give_feedback(pins))

    def _played_before(self, code: Code) -> bool:
        """Whether ``code`` was played in an earlier row of this game: then the player is
        asked whether to play it again (it takes another row), as before giving up; no
        keeps the row as it is, to be changed."""
        sitting, seat = self.sitting, self.seat
        assert seat is not None
        rows = sitting.rows if isinstance(sitting, Match) else sitting.rows[seat]
        number = played_in(rows, code)
        if number is None:
            return False
        pins = rows[number - 1].feedback
        question = _(
            "{code} was played in row {n} ({pins}). Play it again? It takes another row."
        ).format(
            code=self._letters(code),
            n=number,
            pins=_("no pins") if pins == (0, 0) else pins_counted(pins, self.preset.hit_pin),
        )

        def answer(yes: bool | None) -> None:
            if not yes:
                self.say(_("Nothing done."))
            elif isinstance(sitting, Duel):
                self._act(lambda: sitting.guess(seat, code))
            else:
                self._act(lambda: sitting.guess(code))

        self.push_screen(ConfirmScreen(question), answer)
        return True

    def action_undo(self) -> None:
        sitting = self.sitting
        if not isinstance(sitting, Match):
            return
        proposal = self.proposal
        self.proposal = None
        if not self._act(sitting.undo):
            self.proposal = proposal

    def action_hint(self) -> None:
        """How many codes fit the codebreaker's rows so far (the sitting counts them)."""
        if self.mode is not Mode.GUESS or self.seat is None or self.thinking:
            return
        sitting = self.sitting
        self.say(sitting.hint() if isinstance(sitting, Match) else sitting.hint(self.seat))

    def action_giveup(self) -> None:
        if self.mode is not Mode.GUESS or self.seat is None or self.thinking:
            return
        seat, sitting = self.seat, self.sitting

        def answer(yes: bool | None) -> None:
            if not yes:
                self.say(_("Nothing done."))
            else:
                self._act(lambda: sitting.give_up(seat))

        self.push_screen(ConfirmScreen(_("Give up this game? It is scored as lost.")), answer)

    def action_leave(self) -> None:
        if self.screen is not self.screen_stack[0]:
            return
        self._ask_leave()

    async def action_quit(self) -> None:
        """Ctrl-Q, Textual's key to quit, leaves as ``q`` does: after the match at once,
        before its end only once asked (over any dialog open; no ends back at it)."""
        if not leave_asked(self.screen):
            self._ask_leave()

    def _ask_leave(self) -> None:
        if self.ended is not None and self.ended.last:  # the match is over: nothing is lost
            self.exit(EXIT_OK, return_code=EXIT_OK)
            return
        if self.save_path is not None and self.save_failed is None:
            self.keep()  # what the question says of the save is so (the file may refuse it)
        if self.settings is None:
            question = _("Leave the match? It is not finished.")
        elif self.save_path is not None and self.save_failed is None:
            question = _("Leave the match? It is saved to {path} first.").format(
                path=shown_name(self.save_path)
            )
        elif self.too_small or self.overtaken:  # v saves nothing: it is not offered
            question = _("Leave the match? It is not saved.")
        else:
            question = _("Leave the match? (v saves it first.)")
            # v saves (to a file asked for), then leaves, as the question says
            self.push_screen(
                ConfirmScreen(question, leaving=True, save_first=("v", self._save_then_leave)),
                self._leave_answer,
            )
            return
        self.push_screen(ConfirmScreen(question, leaving=True), self._leave_answer)

    def _save_then_leave(self) -> None:
        """v in the question before leaving: the match saved to a file asked for, then
        left; Escape on the file's name stays in the match."""
        self.push_screen(
            AskFileScreen(_("Save the match to which file?"), self._save_refusal),
            lambda target: self._save_to(target, then=self._leave_saved) if target else None,
        )

    def _leave_saved(self) -> None:
        self.exit(EXIT_ABANDONED, return_code=EXIT_ABANDONED)

    def _leave_answer(self, leave: bool | None) -> None:
        if not leave:
            return
        kept = self.save_path is None or self.save_failed is not None or self.keep()
        if not kept and not self.overtaken:
            return  # the save failed: said, and the match stays (overtaken: nothing to keep)
        self.exit(EXIT_ABANDONED, return_code=EXIT_ABANDONED)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        if button == "pin-hit":
            self.action_pin(True)
        elif button == "pin-white":
            self.action_pin(False)
        elif button.startswith("do-"):
            getattr(self, f"action_{button.removeprefix('do-')}")()

    # -- drawing --

    def say(
        self, message: str, error: bool = False, complaint: bool | None = None, news: bool = False
    ) -> None:
        """Show ``message`` (``error``: as an error). A complaint (an error, or a key that
        does nothing) goes as soon as a key does something: it is about the key before; so
        does ``news`` of the move just made (a move played, pins taken back, a restart),
        once a key starts the next one."""
        self.message = _("error: {message}").format(message=message) if error else message
        self.complaint = error if complaint is None else complaint
        self.news = news
        self._update("#message", f"[b red]{escape(self.message)}[/]" if error else escape(message))
        self.query_one("#message").display = bool(message)

    def _settle(self) -> None:
        """A key did something: the complaint about the key before, or the news of the
        move before, is gone."""
        if self.complaint or self.news:
            self.say("")

    def _update(self, selector: str, markup: str) -> None:
        if self._shown.get(selector) != markup:
            self._shown[selector] = markup
            # every Static keeps its size (fixed heights, panels as wide as they can get) but
            # the status and the message, as tall as their text
            self.query_one(selector, Static).update(markup, layout=selector in _TALL)

    def draw(self, width: int | None = None) -> None:
        """Draw what changed; ``width``: the screen's new width, while it is resized."""
        sitting, mode = self.sitting, self.mode
        game = sitting.game if self.ended is None else self.ended.game  # the game shown
        score = ""
        if sitting.games > 1:
            score = " · " + _("score {score}").format(score=self._score(self._scores()))
        title = _("{title} · game {game} of {games}").format(
            title=self.preset.title, game=game, games=sitting.games
        )
        width = self.size.width if width is None else width
        if len(title + score) > width - 2:  # a long title on a narrow screen
            title = _("{title} · game {game}/{games}").format(
                title=self.preset.title, game=game, games=sitting.games
            )
        self._update("#title", escape(title + score))
        for panel in range(2 if self.duel else 1):
            head, lines = self._panel(panel)
            board = self.query_one(f"#board-{panel}", Static)
            if board.border_title != head:
                board.border_title = head
            self._update(f"#board-{panel}", lines)
        entry = self._entry()
        self._update("#entry", entry)
        self.query_one("#entry").display = bool(entry)
        composing = mode in (Mode.SECRET, Mode.GUESS, Mode.REVEAL)
        self._update("#palette", self._palette() if composing else "")
        self.query_one("#palette").display = composing
        self.query_one("#pin-buttons").display = mode is Mode.PINS
        for action in ("erase", "enter", "random", "undo", "hint", "giveup"):
            # only the keys that do something now, as in the footer
            self.query_one(f"#do-{action}", Button).display = bool(self.check_action(action, ()))
        self._update("#status", escape(self._status()))
        self.call_after_refresh(self._keep_in_view)

    def _keep_in_view(self) -> None:
        """A board taller than its place scrolls (older rows away) so that the row in play
        and the last pins stay in view; a finished board shows its last row."""
        boards = self.query_one("#boards", VerticalScroll)
        height = boards.scrollable_content_region.height
        if not height:
            return
        played = max(len(rows) for rows in (self.ended.rows if self.ended else self._rows()))
        # the lines of a panel: its border with the head, the code line, then row 1, 2, …
        last = 1 + played  # the last row played, with its pins
        active = last + (1 if self.ended is None and played < self.preset.rows else 0)
        bottom = min(active + 1, 2 + self.preset.rows)  # the border under the last row
        top = boards.scroll_y
        if bottom >= top + height:
            top = bottom - height + 1
        top = min(top, max(1, last) if played else 0)
        if top != boards.scroll_y:
            boards.scroll_to(y=max(0, top), animate=False)

    def _scores(self) -> tuple[float, float]:
        sitting = self.sitting
        if isinstance(sitting, Match):
            return (float(sitting.scores[0]), float(sitting.scores[1]))
        return sitting.scores

    def peg(self, symbol: int) -> str:
        colour = self.preset.palette.colour(symbol)
        if colour is EMPTY_HOLE:
            return f"[b #ffffff on #505050] {EMPTY_HOLE_MARK} [/]"
        ink = "#ffffff" if colour.name in _DARK else "#000000"
        return f"[b {ink} on {PEG_COLOURS.get(colour.name, '#808080')}] {colour.key} [/]"

    def code(self, code: Code) -> str:
        return "".join(self.peg(s) for s in code)

    def _holes(self, count: int, mark: str = "·") -> str:
        return "[#9a9a9a on #3c3c3c]" + f" {mark} " * count + "[/]" if count else ""

    def pin_strip(self, fb: Feedback | None) -> str:
        positions = self.preset.positions
        if fb is None:
            return f"[on {PIN_BOARD}]" + " " * (positions + 2) + "[/]"
        hit = PIN_COLOURS.get(self.preset.hit_pin, "#000000")
        white = PIN_COLOURS["white"]
        empty = positions - fb.black - fb.white
        return (
            f"[on {PIN_BOARD}] [b {hit}]{'●' * fb.black}[/]"
            f"[b {PIN_RING} on {white}]{'○' * fb.white}[/][{PIN_EMPTY}]{'·' * empty}[/] [/]"
        )

    @staticmethod
    def _roles(breaker: str, maker: str) -> str:
        return _("Codebreaker {breaker} · codemaker {maker}").format(breaker=breaker, maker=maker)

    def _against(self, breaker: str, maker: int) -> str:
        """A duel board's head: whose rows against whose code (seat ``maker``'s; yours
        when you are the maker)."""
        if maker == self.you:
            return _("{breaker} against your code").format(breaker=breaker)
        return against_code(breaker, self.sitting.seats[maker])

    def _panel(self, panel: int) -> tuple[str, str]:
        """Board ``panel``, its head (drawn in its top border) and its lines: in a match
        the one board; in a duel, player ``panel``'s rows against the other's code."""
        sitting, ended = self.sitting, self.ended
        positions, total = self.preset.positions, self.preset.rows
        if isinstance(sitting, Duel):
            breaker, maker = panel, 1 - panel
            head = escape(self._against(self._seat_name(breaker), maker))
        else:
            breaker, maker = sitting.breaker, sitting.maker
            if ended is not None:  # the finished game's roles, until the next game
                breaker, maker = ended.breaker, ended.maker
            head = escape(self._roles(self._seat_name(breaker), self._seat_name(maker)))
        if ended is not None:
            rows: tuple[Row, ...] = ended.rows[panel]
            secret = ended.secrets[panel]
            secret_text = (
                self.code(secret) + "  [b]" + escape(_("the secret")) + "[/]"
                if secret is not None
                else escape(_("(not set)"))
            )
        else:
            rows = self._rows()[panel]
            secret_text = self._secret(maker, breaker)
        lines = [f"  {escape(_('code'))} {secret_text}"]
        composing = (
            ended is None
            and self.seat == breaker
            and self.mode is Mode.GUESS
            and (not isinstance(sitting, Duel) or panel == self.seat)
        )
        pending: Code | None = None
        if ended is None and isinstance(sitting, Match) and self.seat == maker:
            pending = self.proposal if self.proposal is not None else sitting.pending
        for number in range(1, total + 1):
            label = f"{number:>4} "
            if number <= len(rows):
                row = rows[number - 1]
                lines.append(f"{label} {self.code(row.guess)} {self.pin_strip(row.feedback)}")
            elif number == len(rows) + 1 and composing:
                entry = self.code(tuple(self.entry)) + self._holes(positions - len(self.entry))
                lines.append(f"[b]▶{number:>3}[/]  {entry} {self.pin_strip(None)}")
            elif number == len(rows) + 1 and pending is not None:
                strip = self._pins_entry() if self.mode is Mode.PINS else self.pin_strip(None)
                lines.append(f"[b]▶{number:>3}[/]  {self.code(pending)} {strip}")
            else:
                lines.append(f"[#6a6a6a]{label}[/] {self._holes(positions)} {self.pin_strip(None)}")
        return head, "\n".join(lines)

    def _secret(self, maker: int, breaker: int) -> str:
        """The secret as the person at the board may see it: their own code against the
        computer; otherwise hidden holes."""
        sitting = self.sitting
        secret: Code | None
        secret = sitting.secret if isinstance(sitting, Match) else sitting.secrets[maker]
        if self.seat == maker and not sitting.seats[breaker].human and secret is not None:
            return self.code(secret) + "  [b]" + escape(_("your code")) + "[/]"
        return self._holes(self.preset.positions, "?")

    def _pins_entry(self) -> str:
        hits = sum(self.pins)
        fb = Feedback(hits, len(self.pins) - hits)
        return self.pin_strip(fb) + " [b]◀ " + escape(_("your pins")) + "[/]"

    def _entry(self) -> str:
        mode, seat = self.mode, self.seat
        if seat is None or mode is Mode.WAIT:
            return ""
        name = self._seat_name(seat)
        if mode in (Mode.SECRET, Mode.REVEAL):
            holes = self._holes(self.preset.positions - len(self.entry))
            if mode is Mode.SECRET:
                what = escape(_("{name}, your secret code:").format(name=name))
            else:
                what = escape(_("{name}, show your secret code:").format(name=name))
            return f"{what} {self.code(tuple(self.entry))}{holes}"
        if mode is Mode.GUESS:
            return escape(
                _("{name}, your guess — row {row} of {rows}").format(
                    name=name, row=self._row_number(seat), rows=self.preset.rows
                )
            )
        if mode is Mode.PINS:
            hits = sum(self.pins)
            return escape(
                _("{name}, pins for row {row}: {hits} {hit}, {whites} white").format(
                    name=name,
                    row=self._row_number(seat),
                    hits=hits,
                    hit=self._hit_name(),
                    whites=len(self.pins) - hits,
                )
            )
        return ""

    def _row_number(self, seat: int) -> int:
        sitting = self.sitting
        if isinstance(sitting, Duel):
            return len(sitting.rows[seat]) + 1
        return len(sitting.rows) + 1

    def _palette(self) -> str:
        palette = self.preset.palette
        cells = []
        for symbol in range(self.preset.space.symbols):
            colour = palette.colour(symbol)
            key = "." if colour is EMPTY_HOLE else f"{symbol + 1}"
            cells.append(f"{self.peg(symbol)}[dim]{key}[/]")
        return escape(_("Pegs")) + " " + " ".join(cells)

    @on(events.Click, "#palette")
    def _palette_clicked(self, event: events.Click) -> None:
        """A click on a peg of the palette: " X " and its key, one space apart (the pegs
        are not links, which would draw them in the link colour)."""
        start = 1 + len(_("Pegs")) + 1  # the padding, the label and a space
        cell, within = divmod(event.x - start, 5)
        if event.x >= start and within < 3 and cell < self.preset.space.symbols:
            self.action_peg(cell)

    def _status(self) -> str:
        mode = self.mode
        letters = "".join(
            self.preset.palette.colour(s).key for s in range(len(self.preset.colours))
        )
        if self.ended is not None:
            then = _("Enter: leave the board.") if self.ended.last else _("Enter: the next game.")
            return f"{self.ended.text}\n{then}"
        if mode in (Mode.SECRET, Mode.REVEAL):  # a code, not a row: Enter sets or shows it
            if mode is Mode.SECRET and self.preset.blank:
                keys = _(
                    "Click a peg or type {letters} (or 1–{n}), . for an empty hole; Backspace "
                    "takes one back; Enter sets your secret code."
                )
            elif mode is Mode.SECRET:
                keys = _(
                    "Click a peg or type {letters} (or 1–{n}); Backspace takes one back; "
                    "Enter sets your secret code."
                )
            elif self.preset.blank:
                keys = _(
                    "Click a peg or type {letters} (or 1–{n}), . for an empty hole; Backspace "
                    "takes one back; Enter shows your secret code."
                )
            else:
                keys = _(
                    "Click a peg or type {letters} (or 1–{n}); Backspace takes one back; "
                    "Enter shows your secret code."
                )
            return keys.format(letters=letters, n=len(self.preset.colours))
        if mode is Mode.GUESS:
            if self.preset.blank:
                keys = _(
                    "Click a peg or type {letters} (or 1–{n}), . for an empty hole; Backspace "
                    "takes one back; Enter plays the row."
                )
            else:
                keys = _(
                    "Click a peg or type {letters} (or 1–{n}); Backspace takes one back; "
                    "Enter plays the row."
                )
            return keys.format(letters=letters, n=len(self.preset.colours))
        if mode is Mode.PINS:
            return _(
                "Pins: {key} a {hit} pin (right colour, right place), w a white pin (right "
                "colour, wrong place); Backspace takes one back; Enter places them (none: "
                "just Enter)."
            ).format(key=self._hit_key(), hit=self._hit_name())
        return ""


__all__ = ["MastermindBoardApp", "Mode"]
