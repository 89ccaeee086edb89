"""The criteria game's round state machine (docs/rules.md, the criteria game). No terminal code.

A :class:`Game` is made from a puzzle with its hidden criteria and the players' names (or,
beside the physical box, ``Game(…, box=True)``, from its cards alone: then the players give
each test's answer and the box's word on a solution, ``Test(0, True)``, ``Solve("352",
True)``, checked against the cards and their own answers). A command line, a bot driver
and a test drive it the same way::

    game = Game(puzzle, ["alice", "bob"], cardset)
    game.legal_actions("alice")          # what alice may do now
    game.apply("alice", Compose("352"))
    game.apply("alice", Test(0))         # → True / False, the real verifier's answer
    game.apply("alice", Solve("352"))    # or Pass(); hidden until everyone decided
    game.is_terminal(), game.result()

A round, for every player still in the game: compose one code, test it against up to three
different verifiers, then decide — submit a code or pass. Decisions stay hidden until every
player has decided; then wrong codes eliminate, a single right code wins, several right
codes go to the fewest tests over the whole game (equal tests share the win), and a player
left alone wins. Illegal actions raise :class:`IllegalAction` and change nothing. Once the
game is over, :meth:`Game.held_criteria` tells each verifier's card and criterion.

Everything a player may see is in :class:`PlayerView`; ``Game.events`` is the transcript
(JSON-ready dicts); :meth:`Game.to_dict` / :meth:`Game.from_dict` save and restore a game by
replaying its actions, so a restored game is exactly the saved one.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal

from turing.core.cards import CardSet, card_digest, cardset_reference
from turing.core.codes import SHAPES, Code, CodeError, CodeSet
from turing.core.errors import TuringError
from turing.core.files import garbling_character, shipped_dir
from turing.core.knowledge import TESTS_PER_ROUND, PlayerView, TestRecord, public_deduction
from turing.core.puzzle import (
    GAME_VERIFIERS,
    LETTERS,
    STATED_SOLUTION_WRONG,
    Loaded,
    Puzzle,
    PuzzleError,
    check_against_cardset,
    codes_left_problem,
    difficulty,
    iter_puzzle_file,
    puzzle_from_dict,
    with_id,
)
from turing.core.solver import (
    SolverError,
    hidden_masks,
    validity_of_masks,
)
from turing.core.wording import SHAPES as SHAPE_SYMBOLS
from turing.i18n import _, format_number, ngettext

MAX_PLAYERS: Final = 6
#: The most characters a note on a verifier holds: it is shown whole on every screen.
MAX_NOTE: Final = 80
#: the longest note a save may hold: notes typed before :data:`MAX_NOTE` was set were
#: longer, and a save of then still resumes
MAX_SAVED_NOTE: Final = 2000
SAVE_GAME_VERSION: Final = 1


class GameError(TuringError):
    """A game that cannot be set up or restored (bad puzzle, bad players, bad save)."""


class ArgumentError(GameError, TypeError):
    """An argument of the wrong kind: no puzzle, no card set, one name for a list of them."""


class UnsoundPuzzleError(GameError):
    """A puzzle whose hidden criteria do not leave one code, or not its stated solution (in
    a file turing generated, most likely one whose card set changed since it was made)."""


class StatedSolutionError(UnsoundPuzzleError):
    """A puzzle whose stated solution is not the code its hidden criteria leave."""


class IllegalAction(GameError):
    """An action the rules do not allow now. The game is unchanged."""


# -- actions --------------------------------------------------------------------------------


def _as_code(value: Code | str) -> Code:
    if isinstance(value, Code):
        return value
    try:
        return Code.parse(value)
    except CodeError as exc:
        raise IllegalAction(str(exc)) from None


@dataclass(frozen=True, slots=True)
class Compose:
    """Compose the round's code (allowed again only until the first test of the round).

    The code is a :class:`Code`; text is read once, here (a bad code raises
    :class:`IllegalAction`).
    """

    code: Code

    def __init__(self, code: Code | str) -> None:
        object.__setattr__(self, "code", _as_code(code))


@dataclass(frozen=True, slots=True)
class Test:
    """Run the round's code against a verifier (index 0 = A). In a game beside the box
    (``Game(…, box=True)``) ``answer`` is what the physical verifier answered; otherwise
    it is left out and the game's hidden criteria answer."""

    __test__ = False  # not a pytest test class, whatever its name
    verifier: int
    answer: bool | None = None


@dataclass(frozen=True, slots=True)
class EndTests:
    """Stop testing for this round (solving or passing also stops it)."""


@dataclass(frozen=True, slots=True)
class Solve:
    """Submit a code as the solution (one attempt; wrong eliminates). In a game beside the
    box ``right`` is whether the box took the code as its solution."""

    code: Code
    right: bool | None

    def __init__(self, code: Code | str, right: bool | None = None) -> None:
        object.__setattr__(self, "code", _as_code(code))
        object.__setattr__(self, "right", right)


@dataclass(frozen=True, slots=True)
class Pass:
    """Do not submit a code this round."""


@dataclass(frozen=True, slots=True)
class GiveUp:
    """Leave the running: the player's decision this round, revealed with the others'.

    The player takes no further part; the game goes on for the others (a player left
    alone wins, as after an elimination). Solo, the game ends at once with no winner.
    """


@dataclass(frozen=True, slots=True)
class Amend:
    """Beside the box: the answer typed for verifier ``verifier`` in round ``round`` was a
    slip; the box showed ``answer``. The player's own test log and deduction take it."""

    round: int
    verifier: int
    answer: bool
    #: further answers corrected with it, (round, verifier, answer) each: the corrections
    #: are checked as a whole (two slips that fit no reading one at a time may together)
    also: tuple[tuple[int, int, bool], ...] = ()

    def changes(self) -> list[Amend]:
        """Each answer the correction changes, one :class:`Amend` each, in order."""
        return [
            Amend(self.round, self.verifier, self.answer),
            *(Amend(r, v, a) for r, v, a in self.also),
        ]


Action = Compose | Test | EndTests | Solve | Pass | GiveUp | Amend
Decision = Solve | Pass | GiveUp


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Compose):
        return {"do": "compose", "code": str(action.code)}
    if isinstance(action, Test):
        if action.answer is not None:
            return {"do": "test", "verifier": action.verifier, "answer": action.answer}
        return {"do": "test", "verifier": action.verifier}
    if isinstance(action, EndTests):
        return {"do": "end_tests"}
    if isinstance(action, Solve):
        if action.right is not None:
            return {"do": "solve", "code": str(action.code), "right": action.right}
        return {"do": "solve", "code": str(action.code)}
    if isinstance(action, GiveUp):
        return {"do": "giveup"}
    if isinstance(action, Amend):
        out: dict[str, Any] = {
            "do": "amend",
            "round": action.round,
            "verifier": action.verifier,
            "answer": action.answer,
        }
        if action.also:
            out["also"] = [{"round": r, "verifier": v, "answer": a} for r, v, a in action.also]
        return out
    return {"do": "pass"}


def action_from_dict(data: Any) -> Action:
    """The inverse of :func:`action_to_dict`; raises :class:`GameError` on anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("do"), str):
        raise GameError(_("not an action: {data!r}").format(data=data))
    kind = data["do"]
    if kind in ("compose", "solve"):
        code = data.get("code")
        if not isinstance(code, str):
            raise GameError(
                _("action {kind!r} needs a code, found {code!r}").format(kind=kind, code=code)
            )
        if kind == "compose":
            return Compose(code)  # IllegalAction if bad
        return Solve(code, _flag(data, "right"))
    if kind == "test":
        verifier = data.get("verifier")
        if not isinstance(verifier, int) or isinstance(verifier, bool):
            raise GameError(
                _("action 'test' needs a verifier index, found {verifier!r}").format(
                    verifier=verifier
                )
            )
        return Test(verifier, _flag(data, "answer"))
    if kind == "end_tests":
        return EndTests()
    if kind == "pass":
        return Pass()
    if kind == "giveup":
        return GiveUp()
    if kind == "amend":
        also = data.get("also", [])
        if not isinstance(also, list):
            raise GameError(
                _("action 'amend' needs a round, a verifier index and an answer: {data!r}").format(
                    data=data
                )
            )
        changes = [_amend_change(item) for item in [data, *also]]
        first = changes[0]
        return Amend(
            first.round,
            first.verifier,
            first.answer,
            tuple((c.round, c.verifier, c.answer) for c in changes[1:]),
        )
    raise GameError(_("unknown action {kind!r}").format(kind=kind))


def _amend_change(data: Any) -> Amend:
    """One answer changed by an ``amend`` action (its first, or one of its ``also``)."""
    numbers = [data.get("round"), data.get("verifier")] if isinstance(data, dict) else []
    answer = _flag(data, "answer") if isinstance(data, dict) else None
    if (
        answer is None
        or not numbers
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers)
    ):
        raise GameError(
            _("action 'amend' needs a round, a verifier index and an answer: {data!r}").format(
                data=data
            )
        )
    return Amend(data["round"], data["verifier"], answer)


def _flag(data: dict[str, Any], key: str) -> bool | None:
    """An action's optional true-or-false field; :class:`GameError` when it is another value."""
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise GameError(
            _("action field {key!r} must be true or false, found {value!r}").format(
                key=key, value=value
            )
        )
    return value


@dataclass(frozen=True)
class Hint:
    """What a player can infer now: per verifier the criteria still possible, and the codes."""

    possible: tuple[tuple[tuple[int, int], ...], ...]  # per verifier: (card, position) pairs
    codes: CodeSet
    hypotheses: int
    #: given before in the same state: the player learns nothing new, and it is not counted
    again: bool = False

    @property
    def solution(self) -> str | None:
        return self.codes.texts()[0] if len(self.codes) == 1 else None


# -- notes ----------------------------------------------------------------------------------

GridMark = Literal["yes", "no"]

#: A shape's symbol → its letter (a mark names the shape either way).
_SHAPE_LETTERS: Final = {symbol: letter for letter, symbol in SHAPE_SYMBOLS.items()}


@dataclass
class Notes:
    """A player's private notes: text per verifier, struck criteria, the 3×5 digit grid."""

    text: dict[int, str] = field(default_factory=dict)  # verifier index → text
    struck: set[tuple[int, int]] = field(default_factory=set)  # (card, position)
    grid: dict[tuple[str, int], bool] = field(default_factory=dict)  # (shape, digit) → ✔/✘

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": {LETTERS[v]: t for v, t in sorted(self.text.items())},
            "struck": [f"{c}.{k}" for c, k in sorted(self.struck)],
            "grid": {
                f"{s}{d}": ok
                for (s, d), ok in sorted(
                    self.grid.items(), key=lambda item: (SHAPES.index(item[0][0]), item[0][1])
                )
            },
        }

    @staticmethod
    def from_dict(data: Any, verifiers: int) -> Notes:
        if not isinstance(data, dict):
            raise GameError(_("notes must be an object"))
        notes = Notes()
        text = data.get("text", {})
        struck = data.get("struck", [])
        grid = data.get("grid", {})
        if not isinstance(text, dict) or not isinstance(struck, list) or not isinstance(grid, dict):
            raise GameError(_("notes hold 'text' (object), 'struck' (list), 'grid' (object)"))
        for letter, value in text.items():
            if letter not in LETTERS[:verifiers] or not isinstance(value, str):
                raise GameError(_("bad note for verifier {letter!r}").format(letter=letter))
            notes.text[LETTERS.index(letter)] = value
        for label in struck:
            parts = label.split(".") if isinstance(label, str) else []
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise GameError(_("bad struck criterion {label!r}").format(label=label))
            notes.struck.add((int(parts[0]), int(parts[1])))
        for key, value in grid.items():
            if (
                not isinstance(key, str)
                or len(key) != 2
                or key[0] not in SHAPES
                or key[1] not in "12345"
                or not isinstance(value, bool)
            ):
                raise GameError(_("bad grid mark {key!r}").format(key=key))
            notes.grid[(key[0], int(key[1]))] = value
        return notes


# -- players and results --------------------------------------------------------------------


@dataclass
class _Player:
    name: str
    tests: list[TestRecord] = field(default_factory=list)
    eliminated: int | None = None  # the round of elimination (or of giving up)
    gave_up: bool = False
    code: Code | None = None
    tested: list[int] = field(default_factory=list)
    done_testing: bool = False
    decision: Decision | None = None
    hints: int = 0
    notes: Notes = field(default_factory=Notes)
    #: per kind of hint, a digest of the state it was last given in and of what it said (a
    #: hint asked again there, saying the same, is free); saved with the game
    hinted: dict[str, str] = field(default_factory=dict)

    def hint_state(self, round_: int, kind: str = "best") -> tuple[object, ...]:
        """What a hint of ``kind`` is computed from: the player's knowledge itself, every
        test with its answer as it stands now (a correction beside the box changes one);
        for the best next move also the round and where the player is in it (the code
        composed, the verifiers tested, done, the decision). What the player can infer
        (``infer``) is the knowledge alone: a new round, a code composed or a decision
        taught nothing."""
        if kind == "infer":
            return (tuple(self.tests),)
        return (
            tuple(self.tests),
            round_,
            self.code,
            tuple(self.tested),
            self.done_testing,
            self.decision,
        )

    def new_round(self) -> None:
        self.code = None
        self.tested = []
        self.done_testing = False
        self.decision = None


@dataclass(frozen=True)
class HeldCriterion:
    """What one verifier held, told once the game is over: the card it held (in extreme
    the real one of its two, in nightmare the card of the table dealt to it) and the
    criterion on that card it checked every code against.

    >>> held = HeldCriterion(0, 4, 2, others=(21,))
    >>> held.letter, held.to_dict()
    ('A', {'verifier': 'A', 'card': 4, 'criterion': 2})
    """

    verifier: int  # its index: 0 for A
    card: int
    criterion: int  # 1-based on the card
    #: extreme: the other card shown for the verifier, which did not count
    others: tuple[int, ...] = ()

    @property
    def letter(self) -> str:
        return LETTERS[self.verifier]

    def to_dict(self) -> dict[str, Any]:
        return {"verifier": self.letter, "card": self.card, "criterion": self.criterion}


@dataclass(frozen=True)
class GameResult:
    winners: tuple[str, ...]
    rounds: int
    solution: str | None  # None: a game beside the box that nobody solved
    tests: Mapping[str, int]
    hints: Mapping[str, int]
    eliminated: Mapping[str, int]  # name → round of elimination (giving up included)
    solved: tuple[str, ...]  # players who submitted the right code
    gave_up: tuple[str, ...] = ()  # players who gave up (also in ``eliminated``)
    #: each verifier's card and criterion (none beside the box, where the box holds them)
    criteria: tuple[HeldCriterion, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "winners": list(self.winners),
            "rounds": self.rounds,
            "solution": self.solution,
            "tests": dict(self.tests),
            "hints": dict(self.hints),
            "eliminated": dict(self.eliminated),
            "solved": list(self.solved),
        }
        if self.gave_up:
            out["gave_up"] = list(self.gave_up)
        if self.criteria:
            out["criteria"] = [held.to_dict() for held in self.criteria]
        return out


Phase = Literal["test", "decide", "decided", "eliminated", "over"]


#: The extra fields of a puzzle a player may see. Everything else a file or the generator
#: adds (seed, index, min_tests, codes left, …) is dropped: a generator seed reproduces the
#: whole puzzle, and analysis figures can narrow the answer down.
PUBLIC_EXTRA: Final = frozenset({"difficulty"})


def public_puzzle(puzzle: Puzzle, label: str | None = None) -> Puzzle:
    """The puzzle as the players see it: no hidden fields, nothing given away by order.

    Nightmare shows its cards in ascending order and extreme shows each pair in ascending
    order, whatever order the document used, so that order cannot hint at the real cards.
    The id becomes ``label``, a neutral name for the puzzle (an id computed from the
    hidden criteria would let a player find them by trying each reading), and only the
    extra fields of :data:`PUBLIC_EXTRA` stay.
    """
    shown = replace(
        puzzle.public(),
        id=label,
        extra={k: v for k, v in puzzle.extra.items() if k in PUBLIC_EXTRA},
    )
    return replace(shown, cards=shown.cards_as_shown())


# -- the game -------------------------------------------------------------------------------


class Game:
    """One play-through of a puzzle by 1–6 named players."""

    def __init__(
        self,
        puzzle: Puzzle,
        players: Sequence[str],
        cardset: CardSet,
        hints: bool = True,
        label: str | None = None,
        box: bool = False,
    ) -> None:
        if not isinstance(puzzle, Puzzle):
            raise ArgumentError(
                _("a game is played on a puzzle, not {value!r}").format(value=puzzle)
            )
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise ArgumentError(
                _("the players are a list of names, like ['ann', 'bob'], not {value!r}").format(
                    value=players
                )
            )
        if not isinstance(cardset, CardSet):
            raise ArgumentError(
                _("a game needs the card set its puzzle is read with, not {value!r}").format(
                    value=cardset
                )
            )
        if not isinstance(puzzle.cards, tuple | list):
            raise GameError(
                _("this puzzle cannot be played: {problem}").format(
                    problem=_("a puzzle's cards must be a list of card numbers")
                )
            )
        names = list(players)
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise GameError(
                _("a game has 1–{max_players} players, not {n}").format(
                    max_players=MAX_PLAYERS, n=len(names)
                )
            )
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise GameError(
                    _("a player's name must be non-empty text, not {name!r}").format(name=name)
                )
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise GameError(
                _("two players have the same name: {items}").format(items=", ".join(twice))
            )
        if puzzle.verifiers not in GAME_VERIFIERS:
            raise GameError(
                _(
                    "this puzzle cannot be played: it has {count} verifiers, and a puzzle of "
                    "the game has 4, 5 or 6"
                ).format(count=puzzle.verifiers)
            )
        try:
            check_against_cardset(puzzle, cardset)
        except PuzzleError as exc:
            raise GameError(
                _("this puzzle cannot be played: {problem}").format(problem=exc.message)
            ) from None
        self.box = box
        # beside the box the box decides: a puzzle's hidden criteria and solution, where it
        # has them (a shipped puzzle laid out by its cards), are not the game's, nor the
        # order of its cards that could hint at them (nightmare, extreme's pairs)
        if box:
            puzzle = puzzle.public()
            puzzle = replace(puzzle, cards=puzzle.cards_as_shown())
        self.puzzle = puzzle
        self.cardset = cardset
        self.label = label
        self.public = public_puzzle(puzzle, label)
        self.solution_code: Code | None = None
        self.solution: str | None = None
        self._masks: Sequence[int] = ()
        if box:
            self._check_box_puzzle()
        else:
            self._take_hidden(puzzle)
        self.hints_allowed = hints
        self._players = [_Player(n) for n in names]
        self._by_name = {p.name: p for p in self._players}
        self.round = 1
        self.over = False
        self.winners: tuple[str, ...] = ()
        self.solved: tuple[str, ...] = ()
        self.actions: list[tuple[str, Action]] = []
        stated = puzzle.extra.get("difficulty")
        #: the puzzle's tier: the one it states, else the one its cards give (as `turing
        #: puzzles` and `turing check` show it), so that the end names a puzzle from a share
        #: code as the file it came from names it
        self.tier = stated if isinstance(stated, str) else difficulty(puzzle, cardset)
        if "difficulty" not in self.public.extra:
            # the players are told only the tier of the cards on the table: in extreme the
            # real cards' tier would tell which card of a pair is real
            public_tier = difficulty(self.public, cardset)
            if public_tier is not None:
                extra = {**self.public.extra, "difficulty": public_tier}
                self.public = replace(self.public, extra=extra)
        shown = self.public.to_dict(hidden=False)
        if "cardset" in shown:
            # named so that it is found from wherever the transcript is read later (a
            # relative path was relative to the puzzle's file)
            shown["cardset"] = cardset_reference(cardset)
        start: dict[str, Any] = {
            "event": "start",
            "mode": puzzle.mode,
            "puzzle": shown,
            "players": list(names),
            # what each card on the table decides, as a save records it: a transcript is
            # looked back on with the same cards, or not at all
            "card_digests": {
                str(n): card_digest(cardset, n)
                for n in sorted({n for shown in self.public.cards for n in shown})
                if n in cardset
            },
        }
        if box:
            start["box"] = True
        self.events: list[dict[str, Any]] = [start]

    def _check_box_puzzle(self) -> None:
        """A game beside the box: its cards must make a valid puzzle in some reading."""
        try:
            readings = public_deduction(self.public, self.cardset).hypotheses
        except (SolverError, KeyError) as exc:
            raise GameError(
                _("this puzzle cannot be played: {problem}").format(problem=exc)
            ) from None
        if not readings:
            raise GameError(
                _(
                    "this puzzle cannot be played: no reading of its cards makes a valid "
                    "puzzle (one code, no redundant verifier)"
                )
            )

    def _take_hidden(self, puzzle: Puzzle) -> None:
        """The verifiers' answers from the puzzle's hidden criteria, checked."""
        if not puzzle.has_hidden:
            raise GameError(
                _(
                    "this puzzle cannot be played: it does not give its hidden criteria "
                    "(the verifiers need them to answer)"
                )
                if puzzle.true_cards is not None
                else _(
                    "this puzzle cannot be played: it does not give its hidden criteria "
                    "and real cards (the verifiers need them to answer)"
                )
            )
        try:
            masks = hidden_masks(puzzle, self.cardset)
        except (SolverError, KeyError) as exc:
            raise GameError(
                _("this puzzle cannot be played: {problem}").format(problem=exc)
            ) from None
        valid = validity_of_masks(masks)
        if not valid.unique:
            raise UnsoundPuzzleError(
                _("this puzzle cannot be played: {problem}").format(
                    problem=codes_left_problem(valid.solutions.bit_count())
                )
            )
        if valid.redundant:
            raise GameError(
                ngettext(
                    "this puzzle cannot be played: verifier {letters} would be redundant, "
                    "so deduction from the cards misleads",
                    "this puzzle cannot be played: verifiers {letters} would be redundant, "
                    "so deduction from the cards misleads",
                    len(valid.redundant),
                ).format(letters=", ".join(valid.redundant_letters))
            )
        assert valid.solution is not None
        if puzzle.solution is not None and puzzle.solution != valid.solution:
            # the code unsaid: a player reads this
            raise StatedSolutionError(
                _("this puzzle cannot be played: {problem}").format(
                    problem=_(STATED_SOLUTION_WRONG)
                )
            )
        self.solution_code = Code.parse(valid.solution)
        self.solution = valid.solution
        self._masks = masks

    # -- looking at the state --

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self._players)

    @property
    def verifiers(self) -> int:
        return self.puzzle.verifiers

    def _player(self, name: str) -> _Player:
        try:
            return self._by_name[name]
        except KeyError:
            raise GameError(
                _("no player named {name!r} (players: {items})").format(
                    name=name, items=", ".join(self.players)
                )
            ) from None

    def active_players(self) -> tuple[str, ...]:
        """The players not eliminated, in seat order."""
        return tuple(p.name for p in self._players if p.eliminated is None)

    def is_eliminated(self, name: str) -> bool:
        return self._player(name).eliminated is not None

    def to_act(self) -> tuple[str, ...]:
        """The players who still have to decide this round, in seat order."""
        if self.over:
            return ()
        return tuple(p.name for p in self._players if p.eliminated is None and p.decision is None)

    def has_decided(self, name: str) -> bool:
        return self._player(name).decision is not None

    def decisions(self) -> list[tuple[str, Decision]]:
        """The decisions of this round made so far, in seat order: private to each
        player until every one has decided and the round is revealed."""
        if self.over:
            return []
        return [
            (p.name, p.decision)
            for p in self._players
            if p.eliminated is None and p.decision is not None
        ]

    def phase(self, name: str) -> Phase:
        player = self._player(name)
        if self.over:
            return "over"
        if player.eliminated is not None:
            return "eliminated"
        if player.decision is not None:
            return "decided"
        return "decide" if player.done_testing else "test"

    def is_terminal(self) -> bool:
        return self.over

    def tests_used(self, name: str) -> int:
        return len(self._player(name).tests)

    def tests_known(self, name: str) -> int:
        """The player's tests as the other players know them: everyone tests, then everyone
        decides at once, so the tests of the round in play are told at its reveal, with the
        decisions. Until then the others know the tests of the rounds revealed before it;
        once the game is over, all of them."""
        tests = self._player(name).tests
        if self.over:
            return len(tests)
        return sum(1 for t in tests if t.round < self.round)

    def hints_used(self, name: str) -> int:
        return self._player(name).hints

    def notes(self, name: str) -> Notes:
        """The player's notes (a live object; change it through the note methods)."""
        return self._player(name).notes

    def view(self, name: str) -> PlayerView:
        return self._view_of(self._player(name))

    def _view_of(self, player: _Player) -> PlayerView:
        return PlayerView(
            puzzle=self.public,
            cardset=self.cardset,
            round=self.round,
            tests=tuple(player.tests),
            code=None if player.code is None else str(player.code),
            tested_this_round=tuple(player.tested),
        )

    def result(self) -> GameResult:
        if not self.over:
            raise GameError(_("the game is not over yet"))
        return GameResult(
            winners=self.winners,
            rounds=self.round,
            solution=self.solution,
            tests={p.name: len(p.tests) for p in self._players},
            hints={p.name: p.hints for p in self._players},
            eliminated={p.name: p.eliminated for p in self._players if p.eliminated is not None},
            solved=self.solved,
            gave_up=tuple(p.name for p in self._players if p.gave_up),
            criteria=self.held_criteria(),
        )

    def held_criteria(self) -> tuple[HeldCriterion, ...]:
        """Each verifier's card and criterion, in letter order, once the game is over (never
        before: they are what the players deduce); none beside the box, where the box
        holds them."""
        if not self.over:
            raise GameError(_("the game is not over yet"))
        puzzle = self.puzzle
        if self.box or puzzle.criteria is None or puzzle.true_cards is None:
            return ()
        # extreme: the other card shown for each verifier
        shown = puzzle.cards_as_shown() if puzzle.mode.cards_per_verifier > 1 else None
        return tuple(
            HeldCriterion(
                v,
                card,
                criterion,
                tuple(c for c in shown[v] if c != card) if shown is not None else (),
            )
            for v, (card, criterion) in enumerate(
                zip(puzzle.true_cards, puzzle.criteria, strict=True)
            )
        )

    # -- acting --

    def legal_actions(self, name: str) -> list[Action]:
        """Every action ``name`` may take now (codes: all 125 where a code is asked)."""
        player = self._player(name)
        if self.over or player.eliminated is not None or player.decision is not None:
            return []
        out: list[Action] = []
        codes = list(CodeSet.everything())
        if not player.done_testing:
            if not player.tested:
                out.extend(Compose(c) for c in codes)
            if player.code is not None and len(player.tested) < TESTS_PER_ROUND:
                tests = [Test(v) for v in range(self.verifiers) if v not in player.tested]
                if self.box:  # each answer the box may give
                    tests = [Test(t.verifier, a) for t in tests for a in (True, False)]
                out.extend(t for t in tests if self._allows(name, t))
            out.append(EndTests())
        if self.box:  # the box's word on each code, where the cards and answers allow it
            out.extend(
                s for c in codes for r in (True, False) if self._allows(name, s := Solve(c, r))
            )
        else:
            out.extend(Solve(c) for c in codes)
        out.append(Pass())
        out.append(GiveUp())
        return out

    def _allows(self, name: str, action: Action) -> bool:
        try:
            self.check(name, action)
        except IllegalAction:
            return False
        return True

    def check(self, name: str, action: Action, partial: bool = False) -> None:
        """Raise :class:`IllegalAction` when ``name`` may not take ``action`` now.
        ``partial``: in a game beside the box, a test or solution without the box's answer
        passes (checked for everything else), so that the answer can be asked for last."""
        if isinstance(action, Amend):
            self._check_amend(name, action)
            return
        player = self._player(name)
        if self.over:
            raise IllegalAction(_("the game is over"))
        if player.eliminated is not None:
            raise IllegalAction(
                _("{name} was eliminated in round {eliminated} and cannot act").format(
                    name=name, eliminated=player.eliminated
                )
            )
        if player.decision is not None:
            raise IllegalAction(
                _("{name} has already decided this round; wait for the others").format(name=name)
            )
        if isinstance(action, Compose):
            if not isinstance(action.code, Code):
                raise IllegalAction(_("not a code: {code!r}").format(code=action.code))
            if player.done_testing:
                raise IllegalAction(_("testing is over for this round: solve or pass"))
            if player.tested:
                raise IllegalAction(
                    _("this round's code is {code}, already tested; one code per round").format(
                        code=player.code
                    )
                )
        elif isinstance(action, Test):
            v = action.verifier
            if player.done_testing:
                raise IllegalAction(_("testing is over for this round: solve or pass"))
            if not isinstance(v, int) or not 0 <= v < self.verifiers:
                raise IllegalAction(
                    _("no verifier {v!r}: this puzzle has {items}").format(
                        v=v, items=", ".join(self.puzzle.letters)
                    )
                )
            if player.code is None:
                raise IllegalAction(_("compose a code before testing it"))
            if v in player.tested:
                raise IllegalAction(
                    _("verifier {letter} was already tested this round").format(letter=LETTERS[v])
                )
            if len(player.tested) >= TESTS_PER_ROUND:
                raise IllegalAction(
                    _("at most {tests_per_round} tests per round").format(
                        tests_per_round=TESTS_PER_ROUND
                    )
                )
            self._check_answer(player, player.code, v, action.answer, partial)
        elif isinstance(action, EndTests):
            if player.done_testing:
                raise IllegalAction(_("testing is already over for this round"))
        elif isinstance(action, Solve):
            if not isinstance(action.code, Code):
                raise IllegalAction(_("not a code: {code!r}").format(code=action.code))
            self._check_right(player, action.code, action.right, partial)
        elif not isinstance(action, (Pass, GiveUp)):
            raise IllegalAction(_("not an action: {action!r}").format(action=action))

    def _check_answer(
        self, player: _Player, code: Code, verifier: int, answer: bool | None, partial: bool
    ) -> None:
        """A test's answer: none but in a game beside the box, where it must fit the cards
        and the player's answers so far (a typing slip is caught so, as far as it can be)."""
        letter = LETTERS[verifier]
        if not self.box:
            if answer is not None:
                raise IllegalAction(
                    _("this game's verifiers answer by themselves: a test takes no answer")
                )
            return
        if answer is None:
            if partial:
                return
            raise IllegalAction(
                _(
                    "in a game beside the box a test needs the answer the box's verifier "
                    "{letter} gave to {code}"
                ).format(letter=letter, code=code)
            )
        if not self._fits(
            player, [*player.tests, TestRecord(self.round, str(code), verifier, answer)]
        ):
            raise IllegalAction(
                (
                    _(
                        "verifier {letter} cannot accept {code}: no reading of the cards "
                        "gives that after your answers so far; check the box"
                    )
                    if answer
                    else _(
                        "verifier {letter} cannot reject {code}: no reading of the cards "
                        "gives that after your answers so far; check the box"
                    )
                ).format(letter=letter, code=code)
            )

    def _fits(self, player: _Player, tests: Sequence[TestRecord]) -> bool:
        """Whether some reading of the cards gives every answer of ``tests``, ``player``'s
        tests as they would be (beside the box, where the answers are typed)."""
        return bool(replace(self._view_of(player), tests=tuple(tests)).hypotheses())

    def _amended(self, player: _Player, action: Amend) -> tuple[int, TestRecord]:
        """Where in ``player``'s tests ``action`` changes an answer, and the test with the
        answer changed (checked)."""
        letter = LETTERS[action.verifier] if 0 <= action.verifier < len(LETTERS) else "?"
        for i, record in enumerate(player.tests):
            if record.round == action.round and record.verifier == action.verifier:
                if record.result == action.answer:
                    raise IllegalAction(
                        (
                            _("verifier {letter} accepted {code} in round {round} already")
                            if action.answer
                            else _("verifier {letter} rejected {code} in round {round} already")
                        ).format(letter=letter, code=record.code, round=action.round)
                    )
                return i, replace(record, result=action.answer)
        if action.round > self.round:
            raise IllegalAction(
                _("round {round} is not played yet: this is round {now}").format(
                    round=action.round, now=self.round
                )
            )
        raise IllegalAction(
            _("you tested no code on verifier {letter} in round {round}").format(
                letter=letter, round=action.round
            )
        )

    def _amended_all(self, player: _Player, action: Amend) -> list[TestRecord]:
        """``player``'s tests with every answer ``action`` corrects changed (each checked;
        the answers together are not)."""
        tests = list(player.tests)
        seen: set[tuple[int, int]] = set()
        for change in action.changes():
            if (change.round, change.verifier) in seen:
                raise IllegalAction(
                    _("verifier {letter}'s answer in round {round} is corrected twice").format(
                        letter=LETTERS[change.verifier]
                        if 0 <= change.verifier < len(LETTERS)
                        else "?",
                        round=change.round,
                    )
                )
            seen.add((change.round, change.verifier))
            i, record = self._amended(player, change)
            tests[i] = record
        return tests

    def _check_amend(self, name: str, action: Amend) -> None:
        """A correction of typed answers: beside the box only, of tests the player made,
        and the player's answers with all of them must fit some reading of the cards. When
        they do not, the answers that would make them fit, changed too, are named."""
        player = self._note_player(name)
        if not self.box:
            raise IllegalAction(
                _("this game's verifiers answer by themselves: there is no answer to correct")
            )
        if player.eliminated is not None:
            raise IllegalAction(_("{name} is out of the game").format(name=name))
        tests = self._amended_all(player, action)
        if self._fits(player, tests):
            return
        changed = {(c.round, c.verifier) for c in action.changes()}
        helping: list[TestRecord] = []
        for i, record in enumerate(tests):
            if (record.round, record.verifier) in changed:
                continue
            flipped = list(tests)
            flipped[i] = replace(record, result=not record.result)
            if self._fits(player, flipped):
                helping.append(record)
        refused = _(
            "with that answer no reading of the cards fits your answers; check the others "
            "against the box too"
        )
        if len(helping) == 1:
            refused = _(
                "with that answer no reading of the cards fits your answers; it would with "
                "verifier {letter}'s answer in round {round} changed too: check it against "
                "the box, and correct both at once"
            ).format(letter=LETTERS[helping[0].verifier], round=helping[0].round)
        elif helping:
            refused = _(
                "with that answer no reading of the cards fits your answers; it would with "
                "one of these changed too: {answers}; check them against the box, and "
                "correct them at once"
            ).format(
                answers=", ".join(
                    _("verifier {letter} in round {round}").format(
                        letter=LETTERS[r.verifier], round=r.round
                    )
                    for r in helping
                )
            )
        raise IllegalAction(refused)

    def _check_right(self, player: _Player, code: Code, right: bool | None, partial: bool) -> None:
        """A solution's word from the box: none but in a game beside the box, where it must
        fit the codes the player's answers leave."""
        if not self.box:
            if right is not None:
                raise IllegalAction(
                    _("this game knows its solution: a solution takes no word on it")
                )
            return
        if right is None:
            if partial:
                return
            raise IllegalAction(
                _(
                    "in a game beside the box a solution needs the box's word on it: "
                    "is {code} right or wrong?"
                ).format(code=code)
            )
        codes = self._view_of(player).deduction().codes
        if right and code not in codes:
            raise IllegalAction(
                _(
                    "{code} cannot be the solution: the cards and your answers so far rule "
                    "it out; check them against the box"
                ).format(code=code)
            )
        if not right and len(codes) == 1 and code in codes:
            raise IllegalAction(
                _(
                    "{code} cannot be wrong: it is the only code the cards and your answers "
                    "so far leave; check them against the box"
                ).format(code=code)
            )

    def apply(self, name: str, action: Action) -> bool | None:
        """Take an action; a test returns the verifier's answer. Illegal → nothing changes."""
        self.check(name, action)
        player = self._player(name)
        self.actions.append((name, action))
        if isinstance(action, Amend):
            for change in action.changes():
                i, record = self._amended(player, change)
                player.tests[i] = record
                self.events.append(
                    {
                        "event": "amended",
                        "round": self.round,
                        "player": name,
                        "test_round": record.round,
                        "code": record.code,
                        "verifier": LETTERS[record.verifier],
                        "result": record.result,
                    }
                )
            return None
        if isinstance(action, Compose):
            player.code = action.code
            return None
        if isinstance(action, Test):
            assert player.code is not None
            if self.box:
                assert action.answer is not None
                result = action.answer
            else:
                result = bool(self._masks[action.verifier] >> player.code.index & 1)
            player.tested.append(action.verifier)
            player.tests.append(TestRecord(self.round, str(player.code), action.verifier, result))
            self.events.append(
                {
                    "event": "test",
                    "round": self.round,
                    "player": name,
                    "code": str(player.code),
                    "verifier": LETTERS[action.verifier],
                    "result": result,
                }
            )
            return result
        if isinstance(action, EndTests):
            player.done_testing = True
            return None
        player.done_testing = True
        player.decision = action
        if not self.to_act():
            self._resolve()
        return None

    def check_all(self, name: str, actions: Sequence[Action], partial: bool = False) -> None:
        """Raise :class:`IllegalAction` unless ``name`` may take ``actions`` one after the
        other, starting now. Nothing changes, whatever the outcome: a front end checks a
        whole typed line this way before running any of it. ``partial``: as for
        :meth:`check` (answers from the box may still be missing)."""
        player = self._player(name)
        saved = (player.code, list(player.tested), player.done_testing, player.decision)
        tests = list(player.tests)
        try:
            for action in actions:
                self.check(name, action, partial)
                if isinstance(action, Amend):
                    player.tests = self._amended_all(player, action)
                elif isinstance(action, Compose):
                    player.code = action.code
                elif isinstance(action, Test):
                    player.tested.append(action.verifier)
                    if action.answer is not None and player.code is not None:
                        player.tests.append(
                            TestRecord(self.round, str(player.code), action.verifier, action.answer)
                        )
                elif isinstance(action, EndTests):
                    player.done_testing = True
                else:
                    player.done_testing = True
                    player.decision = action
        finally:
            player.code, player.tested, player.done_testing, player.decision = saved
            player.tests = tests

    # convenience wrappers
    def compose(self, name: str, code: Code | str) -> None:
        self.apply(name, Compose(code))

    def test(self, name: str, verifier: int) -> bool:
        result = self.apply(name, Test(verifier))
        assert result is not None
        return result

    def end_tests(self, name: str) -> None:
        self.apply(name, EndTests())

    def solve(self, name: str, code: Code | str) -> None:
        self.apply(name, Solve(code))

    def pass_(self, name: str) -> None:
        self.apply(name, Pass())

    def _resolve(self) -> None:
        """Every active player decided: reveal, eliminate, find winners or go on."""
        deciding = [p for p in self._players if p.eliminated is None]
        if self.box and self._disputed(deciding):
            return
        right: list[_Player] = []
        wrong: list[_Player] = []
        quitting: list[_Player] = []
        for p in deciding:
            decision = p.decision
            if isinstance(decision, Solve):
                if self.box:
                    correct = bool(decision.right)
                    if correct:  # the box named its solution
                        self.solution_code = decision.code
                        self.solution = str(decision.code)
                else:
                    correct = decision.code == self.solution_code
                self.events.append(
                    {
                        "event": "solve",
                        "round": self.round,
                        "player": p.name,
                        "code": str(decision.code),
                        "correct": correct,
                    }
                )
                (right if correct else wrong).append(p)
            elif isinstance(decision, GiveUp):
                self.events.append({"event": "giveup", "round": self.round, "player": p.name})
                quitting.append(p)
            else:
                self.events.append({"event": "pass", "round": self.round, "player": p.name})
        for p in quitting:
            p.eliminated = self.round
            p.gave_up = True
        for p in wrong:
            p.eliminated = self.round
            self.events.append({"event": "eliminated", "round": self.round, "player": p.name})
        left = [p for p in self._players if p.eliminated is None]
        if right:
            fewest = min(len(p.tests) for p in right)
            self._finish(
                tuple(p.name for p in right if len(p.tests) == fewest), tuple(p.name for p in right)
            )
        elif not left:
            self._finish((), ())
        elif len(left) == 1 and len(self._players) > 1:
            self._finish((left[0].name,), ())
        else:
            self.round += 1
            for p in left:
                p.new_round()

    def _disputed(self, deciding: Sequence[_Player]) -> bool:
        """Beside the box: whether the box's words on this round's solutions disagree (two
        codes called right, or one code called right and wrong: the box takes one code
        only). Then nothing is decided yet: every player still in the game decides again,
        the round's tests over, so that nobody learns who submitted what (a ``disputed``
        event names them all; the words in conflict are in it, kept from the others until
        the game ends)."""
        words = [(p, p.decision) for p in deciding if isinstance(p.decision, Solve)]
        right = {d.code for _p, d in words if d.right}
        wrong = {d.code for _p, d in words if not d.right}
        if len(right) <= 1 and not right & wrong:
            return False
        clashing = [
            (p, d)
            for p, d in words
            if (d.right and (len(right) > 1 or d.code in wrong))
            or (not d.right and d.code in right)
        ]
        self.events.append(
            {
                "event": "disputed",
                "round": self.round,
                "players": [p.name for p in deciding],
                "words": [
                    {"player": p.name, "code": str(d.code), "right": bool(d.right)}
                    for p, d in clashing
                ],
            }
        )
        for p in deciding:
            p.decision = None
            p.done_testing = True
        return True

    def _finish(self, winners: tuple[str, ...], solved: tuple[str, ...]) -> None:
        self.over = True
        self.winners = winners
        self.solved = solved
        # the puzzle's own id, computed from its criteria or not, told now the game is over
        # (a bank's, for a puzzle without one): the record of a game names what was played
        end: dict[str, Any] = {
            "event": "end",
            "round": self.round,
            "id": self.puzzle.id or self.puzzle.short_id(self.tier),
            "winners": list(winners),
            "tests": {p.name: len(p.tests) for p in self._players},
            "hints": {p.name: p.hints for p in self._players},
            "solution": self.solution,
        }
        held = self.held_criteria()
        if held:  # told now the game is over, as the solution is
            end["criteria"] = [h.to_dict() for h in held]
        self.events.append(end)

    # -- notes and hints (private; they never change the game) --

    def _note_player(self, name: str) -> _Player:
        player = self._player(name)
        if self.over:
            raise IllegalAction(_("the game is over"))
        return player

    def _verifier(self, verifier: int) -> int:
        if not isinstance(verifier, int) or not 0 <= verifier < self.verifiers:
            raise IllegalAction(
                _("no verifier {verifier!r}: this puzzle has {items}").format(
                    verifier=verifier, items=", ".join(self.puzzle.letters)
                )
            )
        return verifier

    def note(self, name: str, verifier: int, text: str) -> None:
        """Set (empty text: clear) the free-text note on a verifier."""
        self.check_note(name, verifier, text)
        player = self._note_player(name)
        v = self._verifier(verifier)
        if text.strip():
            player.notes.text[v] = text.strip()
        else:
            player.notes.text.pop(v, None)

    def check_note(self, name: str, verifier: int, text: str = "") -> None:
        """Raise :class:`IllegalAction` unless ``name`` may write the note ``text`` on
        ``verifier``: a note holds at most :data:`MAX_NOTE` characters, none that a save
        refuses (a control, line-break, text-direction or invisible character)."""
        self._note_player(name)
        self._verifier(verifier)
        _check_note_text(text)

    def check_strike(self, name: str, card: int, position: int) -> None:
        """Raise :class:`IllegalAction` unless criterion ``position`` of ``card`` can be struck."""
        self._note_player(name)
        self._check_struck(card, position)

    def _check_struck(self, card: int, position: int) -> None:
        """Raise :class:`IllegalAction` unless ``card`` is on the table and ``position`` one
        of its criteria (a struck criterion typed or saved)."""
        if card not in self.public.shown_cards:
            raise IllegalAction(
                _("card {card} is not on the table (cards: {items})").format(
                    card=card, items=", ".join(map(str, self.public.shown_cards))
                )
            )
        count = len(self.cardset.card(card).criteria)
        if not 1 <= position <= count:
            raise IllegalAction(
                _("card {card} has criteria 1–{count}, not {position}").format(
                    card=card, count=count, position=position
                )
            )

    def strike(self, name: str, card: int, position: int, struck: bool = True) -> None:
        """Strike (or unstrike) criterion ``position`` of a card on the table."""
        self.check_strike(name, card, position)
        player = self._player(name)
        if struck:
            player.notes.struck.add((card, position))
        else:
            player.notes.struck.discard((card, position))

    def check_mark(self, name: str, shape: str, digit: int) -> None:
        """Raise :class:`IllegalAction` unless ``digit`` of ``shape`` can be marked (the
        shape by its letter b, y, p or its symbol ▲ ■ ●)."""
        self._note_player(name)
        shape = _SHAPE_LETTERS.get(shape, shape)
        if shape not in SHAPES:
            raise IllegalAction(
                _("no shape {shape!r}: shapes are b (▲ blue), y (■ yellow), p (● purple)").format(
                    shape=shape
                )
            )
        if digit not in (1, 2, 3, 4, 5):
            raise IllegalAction(_("digits are 1–5, not {digit}").format(digit=digit))

    def mark(self, name: str, shape: str, digit: int, value: bool | None) -> None:
        """Mark a digit of a shape ✔ (True), ✘ (False), or clear it (None) on the grid; the
        shape by its letter b, y, p or its symbol ▲ ■ ●."""
        self.check_mark(name, shape, digit)
        shape = _SHAPE_LETTERS.get(shape, shape)
        player = self._player(name)
        if value is None:
            player.notes.grid.pop((shape, digit), None)
        else:
            player.notes.grid[(shape, digit)] = value

    def check_hint(self, name: str) -> None:
        """Raise :class:`IllegalAction` unless ``name`` may ask for a hint now."""
        player = self._note_player(name)
        if not self.hints_allowed:
            raise IllegalAction(_("hints are off in this game"))
        if player.eliminated is not None:
            raise IllegalAction(_("{name} is out of the game").format(name=name))

    def hint(self, name: str) -> Hint:
        """What the player can infer now: counted, unless the player was given it before
        with nothing played since (then ``again``)."""
        self.check_hint(name)
        found = self.view(name).deduction()
        possible = tuple(tuple(v) for v in found.possible_criteria())
        return Hint(
            possible=possible,
            codes=found.codes,
            hypotheses=len(found.hypotheses),
            again=not self.count_hint(name, "infer", (possible, found.codes.texts())),
        )

    def count_hint(self, name: str, kind: str = "best", given: object = None) -> bool:
        """Count a hint of ``kind`` given by other means (e.g. the best next test) that
        says ``given``; false, and not counted, where the player was given that kind of hint
        before, saying the same, with nothing changed since that could change it (no test
        played or answer corrected; for the best move also the same round, code and
        decision): what is counted is what the player learned."""
        self.check_hint(name)
        player = self._player(name)
        state = _digest(repr((player.hint_state(self.round, kind), given)))
        if player.hinted.get(kind) == state:
            return False
        player.hinted[kind] = state
        player.hints += 1
        return True

    # -- saving and restoring --

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (the puzzle with its hidden fields)."""
        return {
            "version": SAVE_GAME_VERSION,
            "puzzle": self.puzzle.to_dict(hidden=True),
            "players": list(self.players),
            "hints_allowed": self.hints_allowed,
            "label": self.label,
            **({"box": True} if self.box else {}),
            "actions": [{"player": n, **action_to_dict(a)} for n, a in self.actions],
            "hints": {p.name: p.hints for p in self._players},
            "notes": {p.name: p.notes.to_dict() for p in self._players},
            "round": self.round,
            "over": self.over,
            **(
                {"hinted": {p.name: dict(p.hinted) for p in self._players if p.hinted}}
                if any(p.hinted for p in self._players)
                else {}
            ),
        }

    @staticmethod
    def from_dict(data: Any, cardset: CardSet) -> Game:
        """Rebuild a game by replaying its actions; :class:`GameError` on any inconsistency."""
        if not isinstance(data, dict):
            raise GameError(_("the saved game must be an object"))
        if data.get("version") != SAVE_GAME_VERSION:
            raise GameError(
                _("saved game version {value!r} is not {save_game_version}").format(
                    value=data.get("version"), save_game_version=SAVE_GAME_VERSION
                )
            )
        kinds = {
            dict: _("an object"),
            list: _("a list"),
            int: _("a whole number"),
            bool: _("true or false"),
        }
        for key, kind in (
            ("puzzle", dict),
            ("players", list),
            ("actions", list),
            ("hints", dict),
            ("notes", dict),
            ("round", int),
            ("over", bool),
            ("hints_allowed", bool),
        ):
            value = data.get(key)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise GameError(
                    _("{key!r} is missing or not {kind}").format(key=key, kind=kinds[kind])
                )
        try:
            puzzle = puzzle_from_dict(data["puzzle"], cardset, source="saved puzzle")
        except (PuzzleError, KeyError) as exc:
            raise GameError(str(exc)) from None
        label = data.get("label")
        if label is not None and not isinstance(label, str):
            raise GameError(_("'label' is not text"))
        _check_shown(data["players"], "players")
        _check_shown([label] if label is not None else [], "label")
        for notes in data["notes"].values():
            text = notes.get("text") if isinstance(notes, dict) else None
            _check_shown(list(text.values()) if isinstance(text, dict) else [], "notes")
        box = data.get("box", False)
        if not isinstance(box, bool):
            raise GameError(_("'box' is not true or false"))
        game = Game(
            puzzle, data["players"], cardset, hints=data["hints_allowed"], label=label, box=box
        )
        for item in data["actions"]:
            if not isinstance(item, dict) or not isinstance(item.get("player"), str):
                raise GameError(_("bad action {item!r}").format(item=item))
            try:
                game.apply(item["player"], action_from_dict(item))
            except GameError as exc:
                raise GameError(
                    _("action {item!r} cannot be replayed: {problem}").format(
                        item=item, problem=exc
                    )
                ) from None
        if game.round != data["round"] or game.over != data["over"]:
            raise GameError(_("its round and state do not match its actions"))
        hinted_data = data.get("hinted", {})
        for key, held in (
            ("notes", data["notes"]),
            ("hints", data["hints"]),
            ("hinted", hinted_data),
        ):
            for name in held if isinstance(held, dict) else ():
                if name not in game._by_name:
                    raise GameError(
                        _("{key!r} names {name!r}, who is not a player of this game").format(
                            key=key, name=name
                        )
                    )
        for player in game._players:
            hints = data["hints"].get(player.name, 0)
            if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
                raise GameError(_("bad hint count for {name}").format(name=player.name))
            player.hints = hints
            player.hinted = _hinted_from(data.get("hinted", {}), player.name)
            if player.name in data["notes"]:
                player.notes = Notes.from_dict(data["notes"][player.name], puzzle.verifiers)
                try:  # the notes as typed notes must be
                    for verifier, text in sorted(player.notes.text.items()):
                        if len(text.strip()) > MAX_SAVED_NOTE:
                            raise IllegalAction(
                                _(
                                    "the note on {letter} holds {count} characters, more than "
                                    "a save holds ({limit})"
                                ).format(
                                    letter=LETTERS[verifier],
                                    count=format_number(len(text.strip())),
                                    limit=format_number(MAX_SAVED_NOTE),
                                )
                            )
                        _check_note_text(text, MAX_SAVED_NOTE)
                    for card, position in sorted(player.notes.struck):
                        game._check_struck(card, position)
                except IllegalAction as exc:
                    raise GameError(
                        _("bad notes for {name}: {problem}").format(name=player.name, problem=exc)
                    ) from None
        return game


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _hinted_from(data: Any, name: str) -> dict[str, str]:
    """A player's memory of the hints last given (kind: digest) from a save; a save
    written before it was kept has none, and then a repeated hint is counted again."""
    if not isinstance(data, dict):
        raise GameError(_("'hinted' is not an object"))
    hinted = data.get(name, {})
    if not isinstance(hinted, dict) or not all(
        isinstance(kind, str)
        and isinstance(digest, str)
        and re.fullmatch("[0-9a-f]{64}", digest) is not None
        for kind, digest in hinted.items()
    ):
        raise GameError(_("bad hint memory for {name}").format(name=name))
    return dict(hinted)


def _check_note_text(text: str, limit: int = MAX_NOTE) -> None:
    """Raise :class:`IllegalAction` unless ``text`` can be a note (typed or saved): at most
    ``limit`` characters (:data:`MAX_NOTE` typed; :data:`MAX_SAVED_NOTE` in a save, which
    may hold a note typed before notes had a limit), none that a save refuses (a control,
    line-break, text-direction or invisible character)."""
    text = text.strip()
    found = garbling_character(text)
    if found is not None:
        raise IllegalAction(
            _("a note cannot hold {char}, a control, invisible or text-direction character").format(
                char=f"U+{ord(text[found]):04X}"
            )
        )
    if len(text) > limit:
        raise IllegalAction(
            _("a note holds at most {limit} characters, not {count}: shorten it").format(
                limit=limit, count=len(text)
            )
        )


def _check_shown(texts: Sequence[Any], key: str) -> None:
    """Refuse a saved text that is shown (a player's name, the game's label, a note)
    holding a control, line-break or text-direction character: typed, none would have
    been taken."""
    for text in texts:
        found = garbling_character(text) if isinstance(text, str) else None
        if found is not None:
            raise GameError(
                _(
                    "{key!r} holds {char}, a control or text-direction character that would "
                    "garble what is shown"
                ).format(key=key, char=f"U+{ord(text[found]):04X}")
            )


# -- where the shipped puzzles are ----------------------------------------------------------


def puzzles_dir() -> Path:
    """The folder of shipped puzzles: ``puzzles/`` beside the package, or its installed copy."""
    return shipped_dir("puzzles", "sample.yaml")


def sample_puzzle_path() -> Path:
    """The puzzle ``turing play`` plays when given none."""
    return puzzles_dir() / "sample.yaml"


#: the endings of the files the shipped folder's puzzles are read from
PUZZLE_SUFFIXES: Final = (".yaml", ".yml", ".json", ".jsonl")


def shipped_puzzles(
    cardset: CardSet | None = None, folder: Path | None = None
) -> Iterator[tuple[str, Loaded]]:
    """Every puzzle of every puzzle file under the shipped folder (``folder``, or
    :func:`puzzles_dir`), sub-folders too, with its file's path inside the folder
    (``examples/primes-1.yaml``): the folder's own files first, then those of its
    sub-folders, each by path. The listing of the shipped puzzles and the lookup by id
    both walk this, so every puzzle listed can be found by its id."""
    base = folder or puzzles_dir()
    paths = sorted(
        (p for p in base.rglob("*") if p.is_file() and p.suffix.lower() in PUZZLE_SUFFIXES),
        key=lambda p: (len(p.relative_to(base).parts), p.relative_to(base).as_posix()),
    )
    for path in paths:
        inside = path.relative_to(base).as_posix()
        for loaded in iter_puzzle_file(path, cardset):
            yield inside, loaded


def shipped_with_id(
    wanted: str, cardset: CardSet | None = None, folder: Path | None = None
) -> list[tuple[str, Loaded]]:
    """The shipped puzzles (:func:`shipped_puzzles`) whose id is ``wanted`` as ids are
    looked for (:func:`~turing.core.puzzle.with_id`: ``b52o00`` finds ``B52 O00``, ``1``
    finds ``01``), each with its file's path inside the folder."""
    shipped = list(shipped_puzzles(cardset, folder))
    picked = {id(each) for each in with_id((loaded for _inside, loaded in shipped), wanted)}
    return [(inside, loaded) for inside, loaded in shipped if id(loaded) in picked]


__all__ = [
    "MAX_NOTE",
    "MAX_PLAYERS",
    "PUZZLE_SUFFIXES",
    "TESTS_PER_ROUND",
    "Action",
    "Compose",
    "Decision",
    "EndTests",
    "Game",
    "GameError",
    "GameResult",
    "GiveUp",
    "HeldCriterion",
    "Hint",
    "IllegalAction",
    "Notes",
    "Pass",
    "PlayerView",
    "Solve",
    "Test",
    "TestRecord",
    "public_deduction",
    "public_puzzle",
    "puzzles_dir",
    "sample_puzzle_path",
    "shipped_puzzles",
    "shipped_with_id",
]
