"""Match rules as state machines: a bot, the CLI and a test all drive them the same way.

:class:`Match` — the alternating game of Superhirn, Master Collor and classic: one player
makes a code, the other breaks it; the codemaker scores a point per row the breaker used,
``rows + 1`` when the code stays unbroken; roles swap each game; after the agreed number
of games the higher total wins. When a codemaker types the feedback and the rows stop
admitting any secret, the game restarts and the codebreaker gets 3 points
(Master Collor's rule).

:class:`Duel` — Logik: both players set a code and break each other's at the same time; a
move's results are shown only when both have moved; the first to crack wins; both in the
same move, or every row used by both, is a draw.

Actions raise :class:`MatchError` (or :class:`CodeError`, :class:`FeedbackError` for bad
codes and pins) and then change nothing. Each action returns the events it caused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np

from turing.core.errors import TuringError
from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.feedback_check import conflicting_rows
from turing.mastermind.presets import Preset
from turing.mastermind.scoring import Feedback, check_feedback, feedback
from turing.mastermind.space import Code


class MatchError(TuringError):
    """An action the rules do not allow now (wrong phase, wrong player, game over)."""


class Phase(StrEnum):
    SECRET = "secret"
    GUESS = "guess"
    FEEDBACK = "feedback"
    OVER = "over"


@dataclass(frozen=True)
class Seat:
    """A player: a person at the keyboard, or the computer with a strategy."""

    name: str
    human: bool
    strategy: str | None = None


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
class FalseFeedback:
    """The typed feedback leaves no possible secret: the game restarts, breaker compensated."""

    game: int
    maker: int
    breaker: int
    rows: tuple[int, ...]
    """1-based numbers of a minimal set of rows that cannot all be true."""
    points: int


@dataclass(frozen=True)
class GameOver:
    game: int
    maker: int
    breaker: int
    solved: bool
    rows_used: int
    points: int
    secret: Code | None


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


@dataclass(frozen=True)
class MatchOver:
    scores: tuple[float, float]
    winner: int | None


Event = GameStarted | RowPlayed | FalseFeedback | GameOver | DuelMove | DuelOver | MatchOver


def _draw_secret(engine: Engine, seed: int, *words: int) -> Code:
    rng = np.random.default_rng(np.random.SeedSequence([seed, *words]))
    return engine.space.code(int(rng.integers(len(engine.space))))


def _history(engine: Engine, rows: list[Row]) -> History:
    space, positions = engine.space, engine.space.positions
    return tuple((space.index(r.guess), r.feedback.key(positions)) for r in rows)


def _require(now: Phase, wanted: Phase) -> None:
    if now is Phase.OVER:
        raise MatchError("the match is over")
    if now is not wanted:
        raise MatchError(f"it is time for the {now.value}, not the {wanted.value}")


def _winner(scores: tuple[float, float]) -> int | None:
    if scores[0] == scores[1]:
        return None
    return 0 if scores[0] > scores[1] else 1


# ---------------------------------------------------------------- alternating match


@dataclass
class Match:
    """Codemaker against codebreaker, roles swapping each game."""

    preset: Preset
    seats: tuple[Seat, Seat]
    games: int = 1
    first_breaker: int = 0
    seed: int = 0
    engine: Engine = field(init=False, repr=False)
    game: int = field(init=False, default=0)
    restarts: int = field(init=False, default=0)
    phase: Phase = field(init=False, default=Phase.SECRET)
    rows: list[Row] = field(init=False, default_factory=list)
    scores: list[int] = field(init=False, default_factory=lambda: [0, 0])
    secret: Code | None = field(init=False, default=None, repr=False)
    pending: Code | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise MatchError("a match has at least one game")
        if self.first_breaker not in (0, 1):
            raise MatchError("the first codebreaker is player 0 or 1")
        self.engine = Engine(self.preset.space)

    def start(self) -> list[Event]:
        """Begin the first game."""
        if self.game:
            raise MatchError("the match has already started")
        return self._begin(1, restart=False)

    @property
    def breaker(self) -> int:
        return self.first_breaker if self.game % 2 == 1 else 1 - self.first_breaker

    @property
    def maker(self) -> int:
        return 1 - self.breaker

    @property
    def maker_types_feedback(self) -> bool:
        """A person making the code for the computer keeps it to themselves and scores."""
        return self.seats[self.maker].human and not self.seats[self.breaker].human

    @property
    def to_act(self) -> int | None:
        if self.phase in (Phase.SECRET, Phase.FEEDBACK):
            return self.maker
        if self.phase is Phase.GUESS:
            return self.breaker
        return None

    def history(self) -> History:
        """The rows of this game as ``(guess index, feedback key)``."""
        return _history(self.engine, self.rows)

    def candidates(self) -> Indices:
        return self.engine.consistent(self.history())

    def set_secret(self, code: Code) -> list[Event]:
        self._expect(Phase.SECRET)
        self.preset.space.check(code)
        self.secret = tuple(code)
        self.phase = Phase.GUESS
        return []

    def guess(self, code: Code) -> list[Event]:
        self._expect(Phase.GUESS)
        self.preset.space.check(code)
        self.pending = tuple(code)
        if self.secret is None:
            self.phase = Phase.FEEDBACK
            return []
        return self._score(feedback(self.secret, self.pending))

    def give_feedback(self, pins: Feedback) -> list[Event]:
        """The codemaker's pins for the pending guess; checked against every earlier row."""
        self._expect(Phase.FEEDBACK)
        check_feedback(pins, self.preset.positions)
        assert self.pending is not None
        positions = self.preset.positions
        trial = (*self.history(), (self.preset.space.index(self.pending), pins.key(positions)))
        conflict = conflicting_rows(self.engine, trial)
        if conflict:
            events: list[Event] = [
                FalseFeedback(
                    self.game,
                    self.maker,
                    self.breaker,
                    tuple(i + 1 for i in conflict),
                    self.preset.compensation,
                )
            ]
            self.scores[self.breaker] += self.preset.compensation
            self.restarts += 1
            events += self._begin(self.game, restart=True)
            return events
        return self._score(pins)

    def _score(self, pins: Feedback) -> list[Event]:
        assert self.pending is not None
        row = Row(self.pending, pins)
        self.pending = None
        self.rows.append(row)
        events: list[Event] = [RowPlayed(self.game, self.breaker, len(self.rows), row)]
        solved = pins.black == self.preset.positions
        if solved or len(self.rows) >= self.preset.rows:
            points = len(self.rows) if solved else self.preset.unsolved_points
            self.scores[self.maker] += points
            events.append(
                GameOver(
                    self.game, self.maker, self.breaker, solved, len(self.rows), points, self.secret
                )
            )
            if self.game >= self.games:
                self.phase = Phase.OVER
                final = (float(self.scores[0]), float(self.scores[1]))
                events.append(MatchOver(final, _winner(final)))
            else:
                events += self._begin(self.game + 1, restart=False)
        else:
            self.phase = Phase.GUESS
        return events

    def _begin(self, game: int, *, restart: bool) -> list[Event]:
        self.game = game
        self.rows = []
        self.secret = None
        self.pending = None
        maker = self.seats[self.maker]
        if not maker.human:
            self.secret = _draw_secret(self.engine, self.seed, game, self.restarts)
            self.phase = Phase.GUESS
        elif self.maker_types_feedback:
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
    seed: int = 0
    engine: Engine = field(init=False, repr=False)
    game: int = field(init=False, default=0)
    phase: Phase = field(init=False, default=Phase.SECRET)
    secrets: list[Code | None] = field(init=False, default_factory=lambda: [None, None])
    rows: tuple[list[Row], list[Row]] = field(init=False, default_factory=lambda: ([], []))
    pending: list[Code | None] = field(init=False, default_factory=lambda: [None, None])
    wins: list[int] = field(init=False, default_factory=lambda: [0, 0])
    draws: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise MatchError("a match has at least one game")
        self.engine = Engine(self.preset.space)

    def start(self) -> list[Event]:
        if self.game:
            raise MatchError("the match has already started")
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
        """Player ``player``'s rows against the opponent's code."""
        return _history(self.engine, self.rows[player])

    def candidates(self, player: int) -> Indices:
        return self.engine.consistent(self.history(player))

    def set_secret(self, player: int, code: Code) -> list[Event]:
        self._expect(Phase.SECRET, player)
        self.preset.space.check(code)
        self.secrets[player] = tuple(code)
        if not self.waiting_for():
            self.phase = Phase.GUESS
        return []

    def guess(self, player: int, code: Code) -> list[Event]:
        self._expect(Phase.GUESS, player)
        self.preset.space.check(code)
        self.pending[player] = tuple(code)
        if self.waiting_for():
            return []
        return self._reveal()

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
            winner, reason = None, "both cracked the code in the same move"
        elif any(cracked):
            winner, reason = cracked.index(True), "cracked the code first"
        elif number >= self.preset.rows:
            winner, reason = None, "every row used by both, no code cracked"
        else:
            return events
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        first, second = self.secrets
        assert first is not None and second is not None
        events.append(DuelOver(self.game, winner, reason, (first, second)))
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
            None if seat.human else _draw_secret(self.engine, self.seed, game, i)
            for i, seat in enumerate(self.seats)
        ]
        self.phase = Phase.SECRET if self.waiting_for() else Phase.GUESS
        return [GameStarted(game, 0, 1)]

    def _expect(self, phase: Phase, player: int) -> None:
        _require(self.phase, phase)
        if player not in self.waiting_for():
            raise MatchError(f"player {player + 1} has already moved")
