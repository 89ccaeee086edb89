"""Match rules as state machines: a bot, the CLI and a test all drive them the same way.

:class:`Match` — the alternating game of Superhirn, Master Collor and classic: one player
makes a code, the other breaks it; the codemaker scores a point per row the breaker used,
``rows + 1`` when the code stays unbroken (or the breaker gives up); roles swap each game;
a match is the agreed number of games (one per player as codemaker unless agreed otherwise;
with an odd number the first codemaker makes one code more), and the higher total wins,
equal totals being a draw.

A person making the code for the computer types the pins. By default they first enter the
secret (hidden), and each row's pins are checked against it when the row is final — when
the codebreaker makes the next guess, or the game ends — so :meth:`Match.undo` can still
mend a typo before that. On the honour system (``honour=True``) no secret is entered:
final rows that no code explains together are caught at once, and at the end of the game
the maker reveals the secret — unless the last row got every pin black, which names it —
and every row is checked against it. A wrong row restarts the
game with an empty board and gives the codebreaker 3 points (the books' rule for wrong
pins), naming the row. Every game ends with the secret revealed.

:class:`Duel` — Logik: both players set a code and break each other's at the same time; a
move's results are shown only when both have moved; the first to crack wins; both in the
same move, or every row used by both, is a draw.

Secrets the computer draws are fresh each match unless a seed is given (then the same seed
gives the same secrets). Actions raise :class:`MatchError` (or :class:`CodeError`,
:class:`FeedbackError` for bad codes and pins) and then change nothing. Each action
returns the events it caused.
"""

from __future__ import annotations

import functools
import secrets as system_random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

import numpy as np

from turing.core.errors import TuringError
from turing.i18n import N_, _, format_number, ngettext, pgettext
from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.feedback_check import conflicting_rows
from turing.mastermind.presets import Preset
from turing.mastermind.scoring import Feedback, check_feedback, feedback
from turing.mastermind.space import Code
from turing.mastermind.strategies import STRATEGIES

if TYPE_CHECKING:
    from turing.mastermind.strategies import Strategy


class MatchError(TuringError):
    """An action the rules do not allow now (wrong phase, wrong player, game over)."""


class HonourError(MatchError):
    """The honour system asked for in a match where no person makes a code for the computer."""


def check_honour(
    seats: tuple[Seat, Seat], games: int, first_breaker: int = 0, *, duel: bool = False
) -> None:
    """Raise :class:`HonourError` unless the honour system can apply: it changes only how a
    person making the code for the computer is checked, so some game of the match must have
    one (between two people the codemaker types the secret and the engine scores; in a duel
    both do)."""
    reason = _("the honour system is for a person making the code for the computer")
    if duel:
        raise HonourError(
            _("{reason}; in a duel both players set a code and the engine scores").format(
                reason=reason
            )
        )
    if seats[0].human and seats[1].human:
        raise HonourError(
            _(
                "{reason}; between two people the codemaker types the secret hidden and the "
                "engine scores every row"
            ).format(reason=reason)
        )
    makers = {1 - first_breaker if game % 2 else first_breaker for game in range(1, games + 1)}
    if not any(seats[m].human for m in makers):
        raise HonourError(_("{reason}; no person makes a code in this match").format(reason=reason))


class Phase(StrEnum):
    SECRET = "secret"
    GUESS = "guess"
    FEEDBACK = "feedback"
    REVEAL = "reveal"
    OVER = "over"


@dataclass(frozen=True)
class Seat:
    """A player: a person at the keyboard, or the computer with a strategy."""

    name: str
    human: bool
    strategy: str | None = None


def check_seats(seats: Sequence[Seat]) -> None:
    """Raise :class:`MatchError` unless the match has two seats with two names, and each
    computer a strategy there is."""
    if len(seats) != 2:
        raise MatchError(_("a match has two players, not {n}").format(n=len(seats)))
    if seats[0].name == seats[1].name:
        raise MatchError(_("two players are called {name!r}").format(name=seats[0].name))
    for seat in seats:
        if not seat.human and seat.strategy is None:
            raise MatchError(
                _("{name} plays as the computer and needs a strategy: one of {choices}").format(
                    name=repr(seat.name), choices=", ".join(sorted(STRATEGIES))
                )
            )
        if not seat.human and seat.strategy not in STRATEGIES:
            raise MatchError(
                _("unknown strategy {name!r}; choose one of {choices}").format(
                    name=seat.strategy, choices=", ".join(sorted(STRATEGIES))
                )
            )


@dataclass(frozen=True)
class Row:
    guess: Code
    feedback: Feedback


# ---------------------------------------------------------------- events


@dataclass(frozen=True)
class GameStarted:
    game: int
    maker: int
    breaker: int
    restart: bool = False


@dataclass(frozen=True)
class RowPlayed:
    game: int
    player: int
    number: int
    row: Row


@dataclass(frozen=True)
class PinsTakenBack:
    """The codemaker took back the pins of the last row; the row waits for pins again."""

    game: int
    number: int
    row: Row


@dataclass(frozen=True)
class FalseFeedback:
    """The codemaker's pins were wrong: the game restarts, the breaker is compensated."""

    game: int
    maker: int
    breaker: int
    rows: tuple[int, ...]
    """1-based numbers of the wrong rows (checked against the secret), or of a minimal set
    of rows that cannot all be true (when no secret was entered)."""
    points: int
    expected: tuple[Feedback, ...] = ()
    """The pins those rows should have had, when the secret is known."""
    given: tuple[Row, ...] = ()
    """Those rows as they were played: the guess and the pins the codemaker gave."""


@dataclass(frozen=True)
class GameOver:
    game: int
    maker: int
    breaker: int
    solved: bool
    rows_used: int
    points: int
    secret: Code | None
    gave_up: bool = False
    scores: tuple[float, float] = (0.0, 0.0)
    """The running score of the match after this game."""


@dataclass(frozen=True)
class DuelMove:
    game: int
    number: int
    rows: tuple[Row, Row]


@dataclass(frozen=True)
class DuelOver:
    game: int
    winner: int | None
    reason: str
    secrets: tuple[Code, Code]
    scores: tuple[float, float] = (0.0, 0.0)
    #: the seat that gave the duel up, when that ended it
    gave_up: int | None = None

    def reason_text(self, names: tuple[str, str]) -> str:
        """Why the duel ended, in the language in use (``names``: the two seats')."""
        if self.gave_up is not None:
            return _("{name} gave up").format(name=names[self.gave_up])
        return _(self.reason)


@dataclass(frozen=True)
class MatchOver:
    scores: tuple[float, float]
    winner: int | None


Event = (
    GameStarted
    | RowPlayed
    | PinsTakenBack
    | FalseFeedback
    | GameOver
    | DuelMove
    | DuelOver
    | MatchOver
)


#: One action taken in a match, as a save keeps it: its name, then its arguments as JSON
#: values (a code as a list of 0-based colours, pins as ``[black, white]``).
Action = list[Any]

_P = ParamSpec("_P")
_R = TypeVar("_R")
_M = TypeVar("_M", "Match", "Duel")


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return [int(v) for v in value]
    return value


def _recorded(
    method: Callable[Concatenate[_M, _P], _R],
) -> Callable[Concatenate[_M, _P], _R]:
    """An action of a match, kept in its :attr:`~Match.actions` when it succeeds (an action
    that raises changes nothing and is not kept); an action taken inside another (a guess
    inside an answer) is part of it."""

    @functools.wraps(method)
    def act(self: _M, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        outer = not self._acting
        self._acting = True
        try:
            result = method(self, *args, **kwargs)
        finally:
            if outer:
                self._acting = False
        if outer:
            self.actions.append([method.__name__, *(_plain(a) for a in args)])
        return result

    return act


def fresh_seed() -> int:
    """A seed from the system's randomness, for a match without a chosen seed."""
    return system_random.randbits(63)


def _draw_secret(engine: Engine, seed: int, *words: int) -> Code:
    rng = np.random.default_rng(np.random.SeedSequence([seed, *words]))
    return engine.space.code(int(rng.integers(len(engine.space))))


def _history(engine: Engine, rows: Sequence[Row]) -> History:
    space, positions = engine.space, engine.space.positions
    return tuple((space.index(r.guess), r.feedback.key(positions)) for r in rows)


def played_in(rows: Sequence[Row], guess: Code) -> int | None:
    """The number of the row (from 1) where ``guess`` was played already, or None: a
    guess played again is scored again and takes a row, and teaches nothing new."""
    return next((number for number, row in enumerate(rows, start=1) if row.guess == guess), None)


def _codes_left(engine: Engine, rows: Sequence[Row]) -> int:
    """How many codes of the engine's space give every row its pins (no secret is used)."""
    space = engine.space
    guesses = np.array([r.guess for r in rows], dtype=np.uint8).reshape(-1, space.positions)
    if bool((space.indices(guesses) >= 0).all()):
        return len(engine.consistent(_history(engine, rows)))
    # A person may guess a code the game's secrets cannot be (a repeated colour where
    # secrets repeat none): such a row is scored against every code of the game directly.
    codes = space.codes
    fits = np.ones(len(codes), dtype=np.bool_)
    for row in rows:
        guess = np.array(row.guess, dtype=np.uint8)
        black = (codes == guess).sum(axis=1)
        common = sum(
            np.minimum((codes == symbol).sum(axis=1), int(np.count_nonzero(guess == symbol)))
            for symbol in range(space.symbols)
        )
        fits &= (black == row.feedback.black) & (common - black == row.feedback.white)
    return int(np.count_nonzero(fits))


def hint_text(count: int) -> str:
    """The hint a codebreaker may ask for at a guess: how many codes fit the rows so far
    (``count``, from :meth:`Match.codes_left` or :meth:`Duel.codes_left`), and nothing else.
    The line prompt and the board both say it in these words."""
    if count == 0:
        return _("No code fits the pins given: some rows contradict each other.")
    return ngettext(
        "{n} code fits the rows so far.", "{n} codes fit the rows so far.", count
    ).format(n=format_number(count))


def _require(now: Phase, wanted: Phase) -> None:
    if now is Phase.OVER:
        raise MatchError(_("the match is over"))
    if now is not wanted:
        raise MatchError(
            _("it is time for the {now}, not the {wanted}").format(
                now=_phase_name(now), wanted=_phase_name(wanted)
            )
        )


def _phase_name(phase: Phase) -> str:
    names = {
        Phase.SECRET: _("secret code"),
        Phase.GUESS: _("guess"),
        Phase.FEEDBACK: _("pins"),
        Phase.REVEAL: _("reveal"),
        Phase.OVER: _("end"),
    }
    return names[phase]


def _winner(scores: tuple[float, float]) -> int | None:
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


def is_the_computer(seat: Seat) -> bool:
    """Whether ``seat`` is the one computer of a match, named Computer (two computers are
    Computer 1 and Computer 2, names like a person's)."""
    return not seat.human and seat.name == _("Computer")


def subject(seat: Seat) -> str:
    """A seat as the subject of a sentence (``… wins``, ``… makes one code more``, ``so …
    cannot guess``): the name, or *the computer* (German ``der Computer``)."""
    if is_the_computer(seat):
        return pgettext("subject", "the computer")
    return seat.name


# ---------------------------------------------------------------- alternating match


@dataclass
class Match:
    """Codemaker against codebreaker, roles swapping each game."""

    preset: Preset
    seats: tuple[Seat, Seat]
    games: int = 2
    first_breaker: int = 0
    # the computer's secrets are drawn from the seed: hidden, as they are
    seed: int | None = field(default=None, repr=False)
    honour: bool = False
    engine: Engine = field(init=False, repr=False)
    game: int = field(init=False, default=0)
    restarts: int = field(init=False, default=0)
    penalty: int = field(init=False, default=0)
    """The points the codebreaker was given in this game for the codemaker's wrong pins."""
    phase: Phase = field(init=False, default=Phase.SECRET)
    rows: list[Row] = field(init=False, default_factory=list)
    scores: list[int] = field(init=False, default_factory=lambda: [0, 0])
    secret: Code | None = field(init=False, default=None, repr=False)
    pending: Code | None = field(init=False, default=None)
    unsettled: bool = field(init=False, default=False)
    """The last row's typed pins are not final yet (they can be taken back)."""
    _taken_back: tuple[int, Feedback] | None = field(init=False, repr=False, default=None)
    """The number of the row whose pins were last taken back this game, and those pins."""
    actions: list[Action] = field(init=False, repr=False, default_factory=list)
    """Every action taken, in order (:func:`replay` takes them again)."""
    _entropy: int = field(init=False, repr=False, default=0)
    _draws: int = field(init=False, repr=False, default=0)
    _gave_up: bool = field(init=False, repr=False, default=False)
    _acting: bool = field(init=False, repr=False, default=False)

    def __post_init__(self) -> None:
        check_seats(self.seats)
        if self.games < 1:
            raise MatchError(_("a match has at least one game"))
        if self.first_breaker not in (0, 1):
            raise MatchError(_("the first codebreaker is player 0 or 1"))
        if self.honour:
            check_honour(self.seats, self.games, self.first_breaker)
        self._entropy = fresh_seed() if self.seed is None else self.seed
        self.engine = Engine(self.preset.space)

    @_recorded
    def start(self) -> list[Event]:
        """Begin the first game."""
        if self.game:
            raise MatchError(_("the match has already started"))
        return self._begin(1, restart=False)

    @property
    def breaker(self) -> int:
        return self.first_breaker if self.game % 2 == 1 else 1 - self.first_breaker

    @property
    def maker(self) -> int:
        return 1 - self.breaker

    def codes_made(self) -> tuple[int, int]:
        """How many codes each player makes over the match: as many each, or (an odd
        number of games) one more for the codemaker of the first game."""
        first = 1 - self.first_breaker
        more, fewer = (self.games + 1) // 2, self.games // 2
        return (more, fewer) if first == 0 else (fewer, more)

    @property
    def maker_types_feedback(self) -> bool:
        """A person making the code for the computer places the pins themselves."""
        return self.seats[self.maker].human and not self.seats[self.breaker].human

    @property
    def to_act(self) -> int | None:
        if self.phase in (Phase.SECRET, Phase.FEEDBACK, Phase.REVEAL):
            return self.maker
        if self.phase is Phase.GUESS:
            return self.breaker
        return None

    def take_back_question(self) -> str:
        """What the codemaker is asked when the open pins leave no code, so the computer
        cannot guess: the pins of the last row are not final yet (:meth:`undo`)."""
        return _(
            "No code gives every row the pins it got, so {breaker} cannot guess. "
            "{name}, take back the pins of row {n}?"
        ).format(
            breaker=subject(self.seats[self.breaker]),
            name=self.seats[self.maker].name,
            n=len(self.rows),
        )

    @property
    def can_undo(self) -> bool:
        return self.phase is Phase.GUESS and self.unsettled

    @property
    def take_back_helps(self) -> bool:
        """Whether taking back the open pins of the last row can still mend rows that no
        code explains together: not when no code fits the final rows before it either,
        nor when the codemaker took these very pins back from this row and placed them
        again (they stand by them). Then the pins are settled, as wrong pins are."""
        if not self.can_undo:
            return False
        last = self.rows[-1]
        if self._taken_back == (len(self.rows), last.feedback):
            return False
        return _codes_left(self.engine, self.rows[:-1]) > 0

    def history(self) -> History:
        """The rows of this game as ``(guess index, feedback key)`` (the computer's guesses)."""
        return _history(self.engine, self.rows)

    def candidates(self) -> Indices:
        return self.engine.consistent(self.history())

    def codes_left(self) -> int:
        """How many codes of the game give every row of this game its pins: what the rows
        tell the codebreaker, and nothing more (the secret plays no part). Rows a person
        guessed with colours the secrets may not repeat count too. 0 when the pins a
        person typed leave no code."""
        return _codes_left(self.engine, self.rows)

    def hint(self) -> str:
        """The codebreaker's hint at a guess, in words: :func:`hint_text` of
        :meth:`codes_left`."""
        return hint_text(self.codes_left())

    def propose(self, strategy: Strategy) -> Code | None:
        """The computer codebreaker's next guess, chosen but not made; None when the pins
        still open leave no code at all (then :meth:`settle` finds them wrong)."""
        candidates = self.candidates()
        if len(candidates) == 0:
            return None
        return self.preset.space.code(strategy.choose(self.engine, self.history(), candidates))

    @_recorded
    def answer(self, proposal: Code, pins: Feedback) -> list[Event]:
        """A person's pins for the computer's proposed guess: the guess is made (which
        settles the pins before it), then scored with ``pins`` — unless the earlier pins
        were wrong and the game restarted. Pins no guess could get change nothing."""
        self._expect(Phase.GUESS)
        check_feedback(pins, self.preset.positions, self.preset.hit_pin)
        events = self.guess(proposal)
        if any(isinstance(e, FalseFeedback) for e in events):
            return events
        return events + self.give_feedback(pins)

    @_recorded
    def draw_secret(self) -> Code:
        """A random code of the game, for a person who asks for one."""
        self._draws += 1
        return _draw_secret(self.engine, self._entropy, 0, self._draws, 7)

    @_recorded
    def set_secret(self, code: Code) -> list[Event]:
        self._expect(Phase.SECRET)
        self.preset.space.check(code)
        self.secret = tuple(code)
        self.phase = Phase.GUESS
        return []

    @_recorded
    def guess(self, code: Code) -> list[Event]:
        """The codebreaker's next guess. Pins still open are settled first; if they were
        wrong the game restarts and the guess is not made (the events say so)."""
        self._expect(Phase.GUESS)
        self._check_guess(code)
        events = self.settle()
        if any(isinstance(e, FalseFeedback) for e in events):
            return events
        self.pending = tuple(code)
        if self.maker_types_feedback:
            self.phase = Phase.FEEDBACK
            return events
        assert self.secret is not None
        return events + self._add_row(feedback(self.secret, self.pending))

    @_recorded
    def give_feedback(self, pins: Feedback) -> list[Event]:
        """The codemaker's pins for the pending guess; final at the next guess."""
        self._expect(Phase.FEEDBACK)
        check_feedback(pins, self.preset.positions, self.preset.hit_pin)
        return self._add_row(pins)

    @_recorded
    def undo(self) -> list[Event]:
        """Take back the last pins, before the codebreaker makes the next guess."""
        if not self.can_undo:
            if self.phase is Phase.FEEDBACK or (self.phase is Phase.GUESS and not self.rows):
                # the first row, before its pins or after they were taken back: one state
                raise MatchError(_("no pins to take back: this row has no pins yet"))
            raise MatchError(_("no pins to take back: only the last pins, before the next guess"))
        row = self.rows.pop()
        self._taken_back = (len(self.rows) + 1, row.feedback)
        self.pending = row.guess
        self.unsettled = False
        self.phase = Phase.FEEDBACK
        return [PinsTakenBack(self.game, len(self.rows) + 1, row)]

    @_recorded
    def settle(self) -> list[Event]:
        """Make the last typed pins final and check them; wrong pins restart the game."""
        if not self.unsettled:
            return []
        self.unsettled = False
        return self._check_rows()

    @_recorded
    def give_up(self, player: int) -> list[Event]:
        """The codebreaker gives up this game; it is scored as unsolved."""
        if self.phase is Phase.OVER:
            raise MatchError(_("the match is over"))
        if player != self.breaker or self.phase not in (Phase.GUESS, Phase.FEEDBACK):
            raise MatchError(_("only the codebreaker can give up, while guessing"))
        events = self.settle()
        if events:
            return events
        self.pending = None
        return self._end(solved=False, gave_up=True)

    @_recorded
    def reveal(self, code: Code) -> list[Event]:
        """On the honour system, the codemaker shows the secret at the end of the game."""
        self._expect(Phase.REVEAL)
        self.preset.space.check(code)
        self.secret = tuple(code)
        events = self._check_rows()
        if events:
            return events
        solved = bool(self.rows) and self.rows[-1].feedback.black == self.preset.positions
        return self._score(solved=solved, gave_up=self._gave_up)

    # -- inside

    def _check_guess(self, code: Code) -> None:
        if self.seats[self.breaker].human:
            self.preset.space.check_guess(code)
        else:
            self.preset.space.check(code)

    def _add_row(self, pins: Feedback) -> list[Event]:
        assert self.pending is not None
        row = Row(self.pending, pins)
        self.pending = None
        self.rows.append(row)
        events: list[Event] = [RowPlayed(self.game, self.breaker, len(self.rows), row)]
        solved = pins.black == self.preset.positions
        if solved or len(self.rows) >= self.preset.rows:
            return events + self._end(solved=solved, gave_up=False)
        self.unsettled = self.maker_types_feedback
        self.phase = Phase.GUESS
        return events

    def _check_rows(self) -> list[Event]:
        """Wrong rows against the secret (or rows no secret explains): restart the game."""
        if self.secret is not None:
            secret = self.secret
            wrong = [
                (n, feedback(secret, r.guess))
                for n, r in enumerate(self.rows, start=1)
                if feedback(secret, r.guess) != r.feedback
            ]
            if wrong:
                return self._false_feedback(
                    tuple(n for n, _ in wrong), tuple(fb for _, fb in wrong)
                )
            return []
        conflict = conflicting_rows(self.engine, self.history())
        if conflict:
            return self._false_feedback(tuple(i + 1 for i in conflict), ())
        return []

    def _false_feedback(self, rows: tuple[int, ...], expected: tuple[Feedback, ...]) -> list[Event]:
        points = self.preset.compensation
        given = tuple(self.rows[n - 1] for n in rows)
        events: list[Event] = [
            FalseFeedback(self.game, self.maker, self.breaker, rows, points, expected, given)
        ]
        self.scores[self.breaker] += points
        self.penalty += points
        self.restarts += 1
        return events + self._begin(self.game, restart=True)

    def _end(self, *, solved: bool, gave_up: bool) -> list[Event]:
        self.unsettled = False
        if self.maker_types_feedback:
            if self.secret is None and solved:
                # pins all black name the secret: the last guess is the code shown
                self.secret = self.rows[-1].guess
            if self.secret is None:
                self._gave_up = gave_up
                self.phase = Phase.REVEAL
                return []
            events = self._check_rows()
            if events:
                return events
        return self._score(solved=solved, gave_up=gave_up)

    def _score(self, *, solved: bool, gave_up: bool) -> list[Event]:
        points = len(self.rows) if solved else self.preset.unsolved_points
        self.scores[self.maker] += points
        running = (float(self.scores[0]), float(self.scores[1]))
        events: list[Event] = [
            GameOver(
                self.game,
                self.maker,
                self.breaker,
                solved,
                len(self.rows),
                points,
                self.secret,
                gave_up,
                running,
            )
        ]
        if self.game >= self.games:
            self.phase = Phase.OVER
            events.append(MatchOver(running, _winner(running)))
            return events
        return events + self._begin(self.game + 1, restart=False)

    def _begin(self, game: int, *, restart: bool) -> list[Event]:
        self.game = game
        if not restart:
            self.penalty = 0
        self.rows = []
        self.secret = None
        self.pending = None
        self.unsettled = False
        self._taken_back = None
        self._gave_up = False
        maker = self.seats[self.maker]
        if not maker.human:
            self.secret = _draw_secret(self.engine, self._entropy, game, self.restarts)
            self.phase = Phase.GUESS
        elif self.maker_types_feedback and self.honour:
            self.phase = Phase.GUESS
        else:
            self.phase = Phase.SECRET
        return [GameStarted(game, self.maker, self.breaker, restart)]

    def _expect(self, phase: Phase) -> None:
        _require(self.phase, phase)


# ---------------------------------------------------------------- Logik duel


@dataclass
class Duel:
    """Both players break each other's code at once; results appear when both have moved."""

    preset: Preset
    seats: tuple[Seat, Seat]
    games: int = 1
    # the computer's secrets are drawn from the seed: hidden, as they are
    seed: int | None = field(default=None, repr=False)
    engine: Engine = field(init=False, repr=False)
    game: int = field(init=False, default=0)
    phase: Phase = field(init=False, default=Phase.SECRET)
    # each player's secret, and a guess made before the other's: hidden from the other
    # player, so never in the duel's repr (a program may show it)
    secrets: list[Code | None] = field(init=False, repr=False, default_factory=lambda: [None, None])
    rows: tuple[list[Row], list[Row]] = field(init=False, default_factory=lambda: ([], []))
    pending: list[Code | None] = field(init=False, repr=False, default_factory=lambda: [None, None])
    wins: list[int] = field(init=False, default_factory=lambda: [0, 0])
    draws: int = field(init=False, default=0)
    actions: list[Action] = field(init=False, repr=False, default_factory=list)
    """Every action taken, in order (:func:`replay` takes them again)."""
    _entropy: int = field(init=False, repr=False, default=0)
    _draws: int = field(init=False, repr=False, default=0)
    _acting: bool = field(init=False, repr=False, default=False)

    def __post_init__(self) -> None:
        check_seats(self.seats)
        if self.games < 1:
            raise MatchError(_("a match has at least one game"))
        self._entropy = fresh_seed() if self.seed is None else self.seed
        self.engine = Engine(self.preset.space)

    @_recorded
    def start(self) -> list[Event]:
        if self.game:
            raise MatchError(_("the match has already started"))
        return self._begin(1)

    @property
    def scores(self) -> tuple[float, float]:
        """Wins, with half a point each for a draw."""
        return (self.wins[0] + self.draws / 2, self.wins[1] + self.draws / 2)

    def waiting_for(self) -> list[int]:
        """The players who still have to act in this phase, in seat order."""
        if self.phase is Phase.SECRET:
            return [i for i in (0, 1) if self.secrets[i] is None]
        if self.phase is Phase.GUESS:
            return [i for i in (0, 1) if self.pending[i] is None]
        return []

    def history(self, player: int) -> History:
        """Player ``player``'s rows against the opponent's code (the computer's guesses)."""
        return _history(self.engine, self.rows[player])

    def candidates(self, player: int) -> Indices:
        return self.engine.consistent(self.history(player))

    def codes_left(self, player: int) -> int:
        """How many codes of the game give every row of ``player`` its pins: what those
        rows tell them, and nothing more (the opponent's secret plays no part)."""
        return _codes_left(self.engine, self.rows[player])

    def hint(self, player: int) -> str:
        """Player ``player``'s hint at a guess, in words: :func:`hint_text` of
        :meth:`codes_left`."""
        return hint_text(self.codes_left(player))

    def propose(self, player: int, strategy: Strategy) -> Code:
        """The computer's next guess for ``player``, chosen but not made."""
        index = strategy.choose(self.engine, self.history(player), self.candidates(player))
        return self.preset.space.code(index)

    @_recorded
    def draw_secret(self) -> Code:
        """A random code of the game, for a person who asks for one."""
        self._draws += 1
        return _draw_secret(self.engine, self._entropy, 0, self._draws, 7)

    @_recorded
    def set_secret(self, player: int, code: Code) -> list[Event]:
        self._expect(Phase.SECRET, player)
        self.preset.space.check(code)
        self.secrets[player] = tuple(code)
        if not self.waiting_for():
            self.phase = Phase.GUESS
        return []

    @_recorded
    def guess(self, player: int, code: Code) -> list[Event]:
        self._expect(Phase.GUESS, player)
        if self.seats[player].human:
            self.preset.space.check_guess(code)
        else:
            self.preset.space.check(code)
        self.pending[player] = tuple(code)
        if self.waiting_for():
            return []
        return self._reveal()

    @_recorded
    def give_up(self, player: int) -> list[Event]:
        """``player`` gives up this duel: the other player wins it."""
        if self.phase is Phase.OVER:
            raise MatchError(_("the match is over"))
        if self.phase is not Phase.GUESS:
            raise MatchError(_("a duel can be given up once both codes are set"))
        self.pending = [None, None]
        return self._over(1 - player, f"{self.seats[player].name} gave up", gave_up=player)

    def _reveal(self) -> list[Event]:
        made: list[Row] = []
        for player in (0, 1):
            secret, guess = self.secrets[1 - player], self.pending[player]
            assert secret is not None and guess is not None
            row = Row(guess, feedback(secret, guess))
            self.rows[player].append(row)
            made.append(row)
        self.pending = [None, None]
        number = len(self.rows[0])
        events: list[Event] = [DuelMove(self.game, number, (made[0], made[1]))]
        cracked = [r.feedback.black == self.preset.positions for r in made]
        if all(cracked):
            winner, reason = None, N_("both cracked the code in the same move")
        elif any(cracked):
            winner, reason = cracked.index(True), N_("cracked the code first")
        elif number >= self.preset.rows:
            winner, reason = None, N_("every row used by both, no code cracked")
        else:
            return events
        return events + self._over(winner, reason)

    def _over(self, winner: int | None, reason: str, gave_up: int | None = None) -> list[Event]:
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        first, second = self.secrets
        assert first is not None and second is not None
        events: list[Event] = [
            DuelOver(self.game, winner, reason, (first, second), self.scores, gave_up)
        ]
        if self.game >= self.games:
            self.phase = Phase.OVER
            events.append(MatchOver(self.scores, _winner(self.scores)))
        else:
            events += self._begin(self.game + 1)
        return events

    def _begin(self, game: int) -> list[Event]:
        self.game = game
        self.rows = ([], [])
        self.pending = [None, None]
        self.secrets = [
            None if seat.human else _draw_secret(self.engine, self._entropy, game, i)
            for i, seat in enumerate(self.seats)
        ]
        # waiting_for() answers for the phase set: asked in the last game's guess phase it
        # would name both players (no guess pending) even when no secret is left to set.
        self.phase = Phase.SECRET
        if not self.waiting_for():
            self.phase = Phase.GUESS
        return [GameStarted(game, 0, 1)]

    def _expect(self, phase: Phase, player: int) -> None:
        _require(self.phase, phase)
        if player not in self.waiting_for():
            raise MatchError(_("player {n} has already moved").format(n=player + 1))
