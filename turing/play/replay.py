"""A game looked back on from its transcript: what each player tested, what each answer
left them to consider, and what they decided.

A transcript (``--transcript``, JSON Lines) is read and checked event by event; each test
is followed by the number of codes its player could still hold possible, from the cards
and that player's own answers alone (the deduction a hint gives at the table), and a
solve made while more than one code was left is marked a guess. A finished game's record
is shown whole; an unfinished one only as far as it goes: nothing hidden is worked out
from it.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from turing.core.cards import CardSet, cardset_reference, changed_cards
from turing.core.codes import ALL_CODES, Code
from turing.core.errors import TuringError
from turing.core.files import json_problem, read_json, read_text, shown_name
from turing.core.knowledge import PlayerView, TestRecord
from turing.core.puzzle import LETTERS, Puzzle, puzzle_cardset, puzzle_from_dict
from turing.core.saves import (
    CARD_SET_KIND,
    MAX_SAVE_BYTES,
    PUZZLE_LINES_KIND,
    PUZZLES_KIND,
    file_kind,
    held_work,
    is_mastermind_games,
    is_mastermind_match,
)
from turing.core.solver import SolverError
from turing.i18n import _, pgettext
from turing.play.game import (
    Action,
    Amend,
    Compose,
    Game,
    GameError,
    GiveUp,
    Pass,
    Solve,
    Test,
)

#: The events a transcript of the criteria game holds after its start.
EVENTS: Final = frozenset(
    {"test", "amended", "solve", "pass", "giveup", "eliminated", "disputed", "end", "abandoned"}
)
#: The events that are a player's decision of a round.
DECISIONS: Final = frozenset({"solve", "pass", "giveup"})


class ReplayError(TuringError):
    """A file that cannot be looked back on as a game: not a transcript of one, or a
    transcript that breaks at a line (said with its place). ``cardset`` is true when the
    card set its start event names cannot be read (a copy of it may stand in);
    ``other_cardset`` when the game was read under a card set given in place of the one
    its start names, which is then the likelier cause than a changed file;
    ``changed_cards`` when a card of the set read with is not as it was when the game was
    played (the set as it was may stand in); ``given`` with it when that set was given in
    place of the one its start names (the set the game was played with may stand in)."""

    def __init__(
        self,
        message: str,
        cardset: bool = False,
        other_cardset: bool = False,
        changed_cards: bool = False,
        given: bool = False,
    ) -> None:
        super().__init__(message)
        self.cardset = cardset
        self.other_cardset = other_cardset
        self.changed_cards = changed_cards
        self.given = given
        #: the problem without what it means for the file (None: not a changed file)
        self.bare: str | None = None


class _Changed(str):
    """A problem said with what it means for the file, its bare words kept."""

    bare: str


@dataclass(frozen=True)
class Step:
    """One event of a round as the replay shows it: a test (its answer and the codes its
    player could still hold possible after it), an answer corrected beside the box, a
    decision (the codes left to its player when it was made; a solve made with more than
    one left is a guess), an elimination or a disputed round."""

    kind: str
    player: str | None = None
    code: str | None = None
    verifier: str | None = None
    result: bool | None = None
    #: a solve's verdict (None: not told yet, while other seats play on)
    correct: bool | None = None
    #: the codes the cards and this player's answers left after this step (None: unknown)
    remaining: int | None = None
    #: a solve: whether its code was among those still possible for its player
    possible: bool | None = None
    #: a corrected answer: the round of the test corrected
    test_round: int | None = None
    #: a disputed round: who decides again
    players: tuple[str, ...] = ()

    @property
    def guess(self) -> bool:
        """A solve made while more than one code was still possible for its player."""
        return self.kind == "solve" and self.remaining is not None and self.remaining > 1

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"event": self.kind}
        for key in ("player", "code", "verifier", "result", "correct", "test_round"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.players:
            out["players"] = list(self.players)
        if self.kind in ("test", "amended") or self.kind in DECISIONS:
            out["remaining"] = self.remaining
        if self.kind == "solve":
            out["guess"] = self.guess if self.remaining is not None else None
            out["possible"] = self.possible
        return out


@dataclass
class Round:
    """One round: its events in the game's order."""

    number: int
    steps: list[Step] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.number, "events": [step.to_dict() for step in self.steps]}


@dataclass
class Replay:
    """A game as its transcript tells it."""

    source: str
    puzzle: Puzzle  # the public puzzle of the start event
    cardset: CardSet
    players: tuple[str, ...]
    box: bool
    rounds: list[Round]
    #: the cards and no test: what every player could hold possible at the start
    start_remaining: int
    #: the end event (None: the game is not over)
    end: dict[str, Any] | None
    #: the abandoned event, when the game was left
    abandoned: dict[str, Any] | None
    #: whether the players' tests are in the file: a game of one seat, a finished game or
    #: one left for good; a game of several seats in play keeps them private
    tests_known: bool

    @property
    def over(self) -> bool:
        return self.end is not None

    def guesses(self) -> list[tuple[int, str]]:
        """Each solve made while more than one code was possible: its round and player."""
        return [
            (rnd.number, step.player or "")
            for rnd in self.rounds
            for step in rnd.steps
            if step.guess
        ]

    def to_dict(self) -> dict[str, Any]:
        """The replay as JSON-ready data: the public puzzle, the rounds, and the end of a
        finished game (None for one that is not over, whose hidden parts stay hidden)."""
        return {
            "file": self.source,
            "over": self.over,
            "mode": self.puzzle.mode.value,
            "puzzle": self.puzzle.to_dict(hidden=False),
            "players": list(self.players),
            **({"box": True} if self.box else {}),
            "tests_known": self.tests_known,
            "remaining_at_start": self.start_remaining,
            "rounds": [rnd.to_dict() for rnd in self.rounds],
            "guesses": [{"round": r, "player": p} for r, p in self.guesses()],
            "end": self.end,
            "abandoned": self.abandoned,
        }


def _refuse(path: str, problem: str, line: int | None = None) -> ReplayError:
    where = shown_name(path) if line is None else f"{shown_name(path)}:{line}"
    if isinstance(problem, _Changed) and line is not None:
        error = ReplayError(_("{where}: {problem}").format(where=where, problem=problem))
        error.bare = _("{where}: {problem}").format(where=where, problem=problem.bare)
        return error
    return ReplayError(
        _("{where}: {problem}").format(where=where, problem=problem)
        if line is not None
        else _("{path}: not the transcript of a game: {problem}").format(
            path=where, problem=problem
        )
    )


def _not_a_transcript(path: str, text: str) -> ReplayError | None:
    """What a file that is no game's transcript is, said so; None for a transcript."""
    first = text.lstrip("\ufeff").lstrip().split("\n", 1)[0]
    try:
        head = read_json(first)
    except (ValueError, RecursionError):
        head = None
    if is_mastermind_games(head):
        return _refuse(path, _("it is the transcript of Mastermind games"))
    if is_mastermind_match(head):
        return _refuse(path, _("it is the transcript of a Mastermind match"))
    if isinstance(head, dict) and "event" in head:
        return None
    kind = file_kind(text.encode("utf-8"))
    if kind == CARD_SET_KIND:
        return _refuse(path, _("it is a card set"))
    if kind in (PUZZLES_KIND, PUZZLE_LINES_KIND):
        return _refuse(path, _("it is a puzzle file"))
    if head is None and first.lstrip().startswith(("{", "[")):
        return None  # a transcript broken at its first line: said with the line
    return _refuse(path, _("its first line is not the start of a game"))


def _file_text(path: str) -> str:
    """The text of the file at ``path``, refused when it cannot be a transcript."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise _refuse(path, _("it is a folder, not a file"))
    if mode is not None and not stat.S_ISREG(mode):
        raise _refuse(path, _("it is not a regular file"))
    held = held_work(path)
    if held is not None:
        raise _refuse(path, held)
    text = read_text(path, max_bytes=MAX_SAVE_BYTES)
    if not text.strip():
        raise _refuse(path, _("the file is empty"))
    other = _not_a_transcript(path, text)
    if other is not None:
        raise other
    return text


def _events(path: str, text: str) -> list[tuple[int, dict[str, Any]]]:
    """Each event of the transcript with its line number (blank lines skipped)."""
    out: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            event = read_json(line)
        except json.JSONDecodeError as exc:
            raise _refuse(
                path,
                _("broken JSON: {problem}").format(problem=json_problem(exc.msg, exc)),
                line=number,
            ) from None
        except (ValueError, RecursionError):
            raise _refuse(path, _("broken JSON"), line=number) from None
        if not isinstance(event, dict) or not isinstance(event.get("event"), str):
            raise _refuse(path, _("this line is not an event of a game"), line=number)
        out.append((number, event))
    return out


def read_replay(path: str, cardset: CardSet | None = None, given_as: str | None = None) -> Replay:
    """The game the transcript at ``path`` records, checked event by event. ``cardset``
    reads its puzzle in place of the set the start event names (a relative path there is
    taken from the transcript's folder); ``given_as`` is how it was named by whoever gave
    it, for a message (by default, as a file written for later names it). Raises
    :class:`ReplayError` with the file and line of the first thing wrong; nothing is
    written."""
    text = _file_text(path)
    events = _events(path, text)
    line, start = events[0]
    if start["event"] != "start":
        raise _refuse(path, _("the first event is not the start of a game"), line=line)
    doc = start.get("puzzle")
    players = start.get("players")
    if (
        not isinstance(doc, dict)
        or not isinstance(players, list)
        or not 1 <= len(players) <= 6
        or not all(isinstance(p, str) and p.strip() for p in players)
        or len(set(players)) != len(players)
    ):
        raise _refuse(path, _("the start event does not name a puzzle and its players"), line)
    try:
        named = doc.get("cardset")
        try:
            used = puzzle_cardset(
                None,
                name=named if isinstance(named, str) else None,
                base=Path(path).resolve().parent,
                forced=cardset,
            )
        except TuringError as exc:
            message = getattr(exc, "message", None) or str(exc)
            raise ReplayError(
                str(
                    _refuse(
                        path,
                        _("the card set it names ({name}) cannot be read: {problem}").format(
                            name=named, problem=message
                        ),
                        line,
                    )
                ),
                cardset=True,
            ) from None
        if cardset is None:
            _check_cards(path, line, start, used, named)
        else:
            shown = cardset_reference(cardset) if given_as is None else given_as
            _check_cards(path, line, start, used, shown, given=True)
        public = puzzle_from_dict(doc, used, source=shown_name(path), line=line)
        view = PlayerView(public, used, 1, (), None, ())
        start_remaining = view.deduction().codes_mask.bit_count()
    except ReplayError:
        raise
    except (SolverError, KeyError) as exc:
        raise _refuse(
            path, _("its cards make no puzzle: {problem}").format(problem=exc), line
        ) from None
    except TuringError as exc:
        raise _refuse(path, str(getattr(exc, "message", exc)), line) from None
    if "mode" in start and start["mode"] != public.mode.value:
        raise _refuse(
            path,
            _changed(
                _("the start says the mode {found}; its puzzle is {wanted}").format(
                    found=start["mode"], wanted=public.mode.value
                )
            ),
            line,
        )
    found = _walk(path, events, public, used, tuple(players), start_remaining, start)
    try:
        if found.tests_known:
            _rerun(path, events, public, used, found)
        else:  # a game in play keeps its tests private: its public events are re-run
            _rerun_public(path, events, public, used, found)
    except ReplayError as exc:
        if cardset is None or exc.bare is None:
            raise
        # the game read under another card set than its own: more likely the cause
        raise ReplayError(exc.bare, other_cardset=True) from None
    return found


def _walk(
    path: str,
    events: list[tuple[int, dict[str, Any]]],
    puzzle: Puzzle,
    cardset: CardSet,
    players: tuple[str, ...],
    start_remaining: int,
    start: dict[str, Any],
) -> Replay:
    """The rounds of a transcript, each event checked against the ones before it."""
    letters = LETTERS[: puzzle.verifiers]
    tests: dict[str, list[TestRecord]] = {p: [] for p in players}
    out: list[Round] = [Round(1)]
    out_of_game: set[str] = set()
    decided: set[str] = set()
    end: dict[str, Any] | None = None
    abandoned: dict[str, Any] | None = None
    last = len(events) - 1

    def codes(player: str, upto: int) -> int:
        view = PlayerView(puzzle, cardset, upto, tuple(tests[player]), None, ())
        return view.deduction().codes_mask

    def remaining(player: str, upto: int) -> int:
        return codes(player, upto).bit_count()

    for index, (line, event) in enumerate(events[1:], start=1):
        kind = event["event"]

        def wrong(problem: str, at: int = line) -> ReplayError:
            return _refuse(path, problem, at)

        if kind == "start":
            raise wrong(_changed(_("a second start event: the events are out of order")))
        if kind not in EVENTS:
            raise wrong(_("{event!r} is not an event of a game").format(event=kind))
        number = event.get("round")
        current = out[-1].number
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise wrong(_("the event has no round"))
        if number < current or number > current + 1:
            raise wrong(
                _changed(
                    _("round {n} after round {current}: the events are out of order").format(
                        n=number, current=current
                    )
                )
            )
        if number == current + 1:
            out.append(Round(number))
            decided = set()
        player = event.get("player")
        if kind in ("test", "amended", "solve", "pass", "giveup", "eliminated"):
            if player not in players:
                raise wrong(_("{name!r} is not a player of this game").format(name=player))
            if kind != "eliminated" and player in out_of_game:
                raise wrong(
                    _changed(
                        _("{name} acts after leaving the game: the events are out of order").format(
                            name=player
                        )
                    )
                )
        assert player is None or isinstance(player, str)
        steps = out[-1].steps
        if kind in ("test", "amended"):
            code, verifier, result = event.get("code"), event.get("verifier"), event.get("result")
            try:
                parsed = Code.parse(code) if isinstance(code, str) else None
            except (TuringError, ValueError):
                parsed = None
            if (
                parsed is None
                or not isinstance(verifier, str)
                or verifier not in tuple(letters)
                or not isinstance(result, bool)
            ):
                raise wrong(_("the test is not a code, a verifier of this puzzle and an answer"))
            assert player is not None
            if kind == "test":
                if player in decided:
                    raise wrong(
                        _changed(
                            _("{name} tests after deciding: the events are out of order").format(
                                name=player
                            )
                        )
                    )
                record = TestRecord(number, str(parsed), letters.index(verifier), result)
                tests[player].append(record)
                steps.append(
                    Step(
                        "test",
                        player,
                        str(parsed),
                        verifier,
                        result,
                        remaining=remaining(player, number),
                    )
                )
            else:
                test_round = event.get("test_round")
                at = [
                    i
                    for i, t in enumerate(tests[player])
                    if t.round == test_round
                    and t.code == str(parsed)
                    and t.verifier == letters.index(verifier)
                ]
                if not at:
                    raise wrong(_("the answer corrected is not one of the player's tests"))
                old = tests[player][at[0]]
                tests[player][at[0]] = TestRecord(old.round, old.code, old.verifier, result)
                steps.append(
                    Step(
                        "amended",
                        player,
                        str(parsed),
                        verifier,
                        result,
                        remaining=remaining(player, number),
                        test_round=test_round,
                    )
                )
        elif kind in DECISIONS:
            assert player is not None
            if player in decided:
                raise wrong(_("{name} decides twice in one round").format(name=player))
            decided.add(player)
            code = event.get("code")
            if kind == "solve" and code is not None and not isinstance(code, str):
                raise wrong(_("the solve names no code"))
            correct = event.get("correct") if kind == "solve" else None
            possible = None
            if kind == "solve" and isinstance(code, str):
                try:
                    possible = bool(codes(player, number) >> Code.parse(code).index & 1)
                except (TuringError, ValueError):
                    raise wrong(_("the solve names no code")) from None
            steps.append(
                Step(
                    kind,
                    player,
                    code if kind == "solve" else None,
                    correct=correct if isinstance(correct, bool) else None,
                    remaining=remaining(player, number),
                    possible=possible,
                )
            )
            if kind == "giveup":
                out_of_game.add(player)
        elif kind == "eliminated":
            assert player is not None
            if not any(s.kind == "solve" and s.player == player for s in steps):
                raise wrong(
                    _changed(
                        _(
                            "{name} is eliminated without a solve: the events are out of order"
                        ).format(name=player)
                    )
                )
            out_of_game.add(player)
            steps.append(Step("eliminated", player))
        elif kind == "disputed":
            named = event.get("players")
            decided = set()
            steps.append(
                Step(
                    "disputed",
                    players=tuple(p for p in named if isinstance(p, str))
                    if isinstance(named, list)
                    else (),
                )
            )
        else:  # end, abandoned: the last event
            if index != last:
                raise wrong(
                    _changed(
                        _("an event after the end of the game: the events are out of order")
                        if kind == "end"
                        else _("an event after the game was left: the events are out of order")
                    ),
                    events[index + 1][0],
                )
            if kind == "end":
                end = event
            else:
                abandoned = event
    unsaved = abandoned is not None and abandoned.get("saved") is False
    known = end is not None or unsaved or len(players) == 1
    if not known:  # a game in play: the tests are held back, so the decisions tell no count
        for rnd in out:
            rnd.steps = [
                Step(s.kind, s.player, s.code, s.verifier, s.result, s.correct)
                if s.kind in DECISIONS
                else s
                for s in rnd.steps
            ]
    if end is None:
        out = [rnd for rnd in out if rnd.steps or rnd.number == 1]
    return Replay(
        source=shown_name(path),
        puzzle=puzzle,
        cardset=cardset,
        players=players,
        box=start.get("box") is True,
        rounds=out,
        start_remaining=start_remaining,
        end=end,
        abandoned=abandoned,
        tests_known=known,
    )


def _check_cards(
    path: str,
    line: int,
    start: dict[str, Any],
    cardset: CardSet,
    named: object,
    given: bool = False,
) -> None:
    """Refuse a game whose cards are not as they were when it was played: the digests its
    start event records (:func:`~turing.core.cards.card_digest`, one for each card on the
    table, and for no other) against ``cardset``, the set it is read with (``named``: how
    it was named, by the start or by whoever gave it; the set's own name when that is not
    text; ``given``: a set given in place of the start's, which then does not hold the
    game's cards rather than having changed). A transcript written before starts
    recorded them is read as it is."""
    if "card_digests" not in start:
        return
    digests = start["card_digests"]
    numbers: dict[int, str] = {}
    if isinstance(digests, dict):
        for key, digest in digests.items():
            if (
                isinstance(key, str)
                and key.isdigit()
                and key.isascii()
                and isinstance(digest, str)
                and _DIGEST.fullmatch(digest)
            ):
                numbers[int(key)] = digest
    if not isinstance(digests, dict) or len(numbers) != len(digests):
        raise _refuse(
            path,
            _changed(_("the start's card digests are not card numbers and their digests")),
            line,
        )
    table = _table_cards(start.get("puzzle"))
    if table is not None and set(numbers) != table:
        raise _refuse(
            path,
            _changed(_("the start's card digests do not name the cards on the table")),
            line,
        )
    changed = changed_cards(numbers, cardset)
    if not changed:
        return
    name = shown_name(named) if isinstance(named, str) else cardset.name
    if given:
        problem = _(
            "the card set given, {cardset}, does not hold card {card} as the game was "
            "played with it"
        ).format(cardset=name, card=changed[0])
    else:
        problem = _(
            "the card set {cardset} changed since the game was played: card {card} is not as it was"
        ).format(cardset=name, card=changed[0])
    raise ReplayError(str(_refuse(path, problem, line)), changed_cards=True, given=given)


#: a card's digest as a game writes it (:func:`~turing.core.cards.card_digest`)
_DIGEST: Final = re.compile(r"[0-9a-f]{16}")


def _table_cards(doc: object) -> set[int] | None:
    """The numbers of the cards on the table of the start's puzzle document (one card a
    verifier, or several in nightmare and extreme); None when it gives them in no such
    form (reading its puzzle says what is wrong)."""
    cards = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(cards, list):
        return None
    table: set[int] = set()
    for shown in cards:
        group = shown if isinstance(shown, list) else [shown]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in group):
            return None
        table.update(group)
    return table


def _changed(problem: str) -> str:
    """``problem`` with what it means for the file."""
    # TRANSLATORS: {problem} is what the transcript says against the game's rules
    said = _Changed(
        _("{problem} — the file was changed, or is not as turing wrote it").format(problem=problem)
    )
    said.bare = problem
    return said


def _hidden_game(
    path: str, line: int, public: Puzzle, cardset: CardSet, replay: Replay
) -> Game | None:
    """The game the transcript records, its hidden part rebuilt from the end's criteria
    and solution (None: the file tells no criteria, or the game was beside the box)."""
    end = replay.end
    held = end.get("criteria") if end is not None else None
    if replay.box:
        if held is not None:  # the box holds its criteria: the game writes none
            raise _refuse(path, _changed(_("the end gives criteria the box holds")), line)
        return None
    if end is not None and not held and ("id" in end or "hints" in end):
        # the game that writes an end's id and hints writes its criteria too
        raise _refuse(path, _changed(_("the end gives no criteria, which the game writes")), line)
    if not isinstance(held, list) or not held:
        return None
    letters = LETTERS[: public.verifiers]
    by_letter: dict[str, tuple[Any, Any]] = {}
    for item in held:
        if isinstance(item, dict) and isinstance(item.get("verifier"), str):
            by_letter[item["verifier"]] = (item.get("card"), item.get("criterion"))
    doc = public.to_dict(hidden=False)
    if sorted(by_letter) != list(letters):
        raise _refuse(
            path, _changed(_("the end does not give one criterion for each verifier")), line
        )
    doc["criteria"] = [by_letter[letter][1] for letter in letters]
    if not public.mode.cards_are_real:
        doc["real_cards"] = [by_letter[letter][0] for letter in letters]
    elif [by_letter[letter][0] for letter in letters] != [c[0] for c in public.cards]:
        raise _refuse(path, _changed(_("the end's criteria are not on the start's cards")), line)
    assert end is not None
    if isinstance(end.get("solution"), str):
        doc["solution"] = end["solution"]
    try:
        hidden = puzzle_from_dict(doc, cardset, source=shown_name(path), line=line)
        return Game(hidden, replay.players, cardset)
    except (TuringError, SolverError, KeyError, ValueError) as exc:
        problem = str(getattr(exc, "message", None) or exc)
        raise _refuse(
            path,
            _changed(
                _(
                    "the end's solution and criteria make no puzzle of the start's cards: {problem}"
                ).format(problem=problem)
            ),
            line,
        ) from None


def _said(event: dict[str, Any]) -> str:
    """An event as a person reads it, for a message."""
    player = event.get("player")
    kind = event.get("event")
    if kind == "test":
        return _("{name}'s test of {code} on {verifier} ({mark})").format(
            name=player,
            code=event.get("code"),
            verifier=event.get("verifier"),
            mark="✔" if event.get("result") else "✘",
        )
    if kind == "solve":
        return _("{name}'s solve of {code} ({verdict})").format(
            name=player,
            code=event.get("code"),
            verdict=pgettext("a solve's verdict", "right")
            if event.get("correct")
            else pgettext("a solve's verdict", "wrong"),
        )
    if kind == "pass":
        return _("{name}'s pass").format(name=player)
    if kind == "giveup":
        return _("{name}'s giving up").format(name=player)
    if kind == "eliminated":
        return _("{name}'s elimination").format(name=player)
    if kind == "amended":
        return _("{name}'s correction of round {round}").format(
            name=player, round=event.get("test_round")
        )
    if kind == "disputed":
        return _("a disputed round")
    if kind == "end":
        return _("the end of the game")
    if kind == "abandoned":
        return _("the game left unfinished")
    return repr(kind)


def _names(value: object) -> str:
    if not isinstance(value, list) or not value:
        return _("nobody")
    return ", ".join(str(v) for v in value)


def _end_problem(
    found: dict[str, Any], wanted: dict[str, Any], checked: bool, box: bool = False
) -> str | None:
    """What the file's end says against the end the rules give (None: nothing).
    ``checked``: the game knows its hidden criteria; ``box``: the box's word on a solution
    is the only one."""
    if found.get("round") != wanted["round"]:
        return _("the end says the game ended in round {found}; the game holds {wanted}").format(
            found=found.get("round"), wanted=wanted["round"]
        )
    if found.get("winners") != wanted["winners"]:
        return _("the end names as winners: {found}; by the rules they are: {wanted}").format(
            found=_names(found.get("winners")), wanted=_names(wanted["winners"])
        )
    tests = found.get("tests")
    for name, n in wanted["tests"].items():
        said = tests.get(name) if isinstance(tests, dict) else None
        if not isinstance(said, int) or isinstance(said, bool):
            return _("the end gives no count of {name}'s tests; the game holds {wanted}").format(
                name=name, wanted=n
            )
        if said != n:
            return _("the end says {name} made {found} tests; the game holds {wanted}").format(
                name=name, found=said, wanted=n
            )
    if isinstance(tests, dict) and set(tests) - set(wanted["tests"]):
        return _("the end counts tests of someone who is not a player of this game")
    hints = found.get("hints")
    if hints is not None and (
        not isinstance(hints, dict)
        or set(hints) != set(wanted["tests"])
        or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in hints.values()
        )
    ):
        return _("the end's hints are not a count for each player")
    if found.get("solution") != wanted["solution"] and (
        checked or box or wanted["solution"] is not None
    ):
        if wanted["solution"] is None:
            return _(
                "the end gives the solution {found}; the game has none: nobody solved it"
            ).format(found=found.get("solution"))
        return _("the end gives the solution {found}; the game's is {wanted}").format(
            found=found.get("solution"), wanted=wanted["solution"]
        )
    return None


def _event_problem(
    found: dict[str, Any], wanted: dict[str, Any], checked: bool, box: bool = False
) -> str | None:
    """What an event of the file says against the one the game writes there (None:
    they agree). ``checked``: the game knows the hidden criteria, not only the file's;
    ``box``: the game was beside the box, whose word on a solution is the only one."""
    if found.get("event") != wanted["event"] or found.get("player") != wanted.get("player"):
        return _("here the game writes {wanted}, not {found}").format(
            wanted=_said(wanted), found=_said(found)
        )
    kind = wanted["event"]
    if kind == "end":
        return _end_problem(found, wanted, checked, box)
    if kind == "test" and found.get("result") != wanted["result"]:
        return (
            _(
                "verifier {verifier} accepts {code} under the criteria the end gives, not as "
                "the file says"
            )
            if wanted["result"]
            else _(
                "verifier {verifier} rejects {code} under the criteria the end gives, not as "
                "the file says"
            )
        ).format(verifier=wanted["verifier"], code=wanted["code"])
    if kind == "solve" and found.get("correct") != wanted["correct"]:
        return (
            _("{name}'s {code} is the solution the end gives, yet the file calls it wrong")
            if wanted["correct"]
            else _("{name}'s {code} is not the solution the end gives, yet the file calls it right")
        ).format(name=wanted["player"], code=wanted["code"])
    if found.get("round") != wanted["round"]:
        return _("{event} is written in round {found}; by the rules it is round {wanted}").format(
            event=_said(found), found=found.get("round"), wanted=wanted["round"]
        )
    keys = {"players", "words"} if kind == "disputed" else set(wanted) - {"round"}
    if any(found.get(k) != wanted[k] for k in keys):
        return _("here the game writes {wanted}, not {found}").format(
            wanted=_said(wanted), found=_said(found)
        )
    return None


def _rerun(
    path: str,
    events: list[tuple[int, dict[str, Any]]],
    public: Puzzle,
    cardset: CardSet,
    replay: Replay,
) -> None:
    """The transcript's events played again as the game's own actions: every event the
    game writes must be the file's, in the same place. A finished game is played with its
    hidden part as the end tells it; any other (or one from before the end told the
    criteria) with the file's own answers, which must fit some reading of the cards, as a
    game beside the box takes them."""
    letters = LETTERS[: public.verifiers]
    last = events[-1][0]
    game = _hidden_game(path, last, public, cardset, replay)
    checked = game is not None
    read = not checked
    try:
        if game is None:
            game = Game(public, replay.players, cardset, box=True)
    except GameError as exc:
        raise _refuse(path, str(getattr(exc, "message", None) or exc), events[0][0]) from None

    def actions(line: int, event: dict[str, Any]) -> list[tuple[str, Action]] | None:
        kind = event["event"]
        if kind == "abandoned":
            return None
        name = str(event.get("player"))
        if kind in ("test", "amended"):
            verifier = letters.index(event["verifier"])
            code = str(Code.parse(event["code"]))
            if kind == "amended":
                test_round = event.get("test_round")
                if not isinstance(test_round, int) or isinstance(test_round, bool):
                    raise _refuse(path, _changed(_("the correction names no round")), line)
                return [(name, Amend(test_round, verifier, bool(event["result"])))]
            composed: list[tuple[str, Action]] = []
            if game.view(name).code != code:  # the game says whether it may be
                composed.append((name, Compose(code)))
            return [*composed, (name, Test(verifier, None if checked else bool(event["result"])))]
        if kind == "solve":
            named = event.get("code")
            if not isinstance(named, str):
                raise _refuse(path, _changed(_("the solve names no code")), line)
            return [(name, Solve(named, None if checked else event.get("correct") is True))]
        if kind == "pass":
            return [(name, Pass())]
        if kind == "giveup":
            return [(name, GiveUp())]
        if kind == "disputed" and not checked:
            # the decisions of a disputed round are not written: the words in conflict
            # are, and the others' decisions change nothing of it
            words = event.get("words")
            said = {
                w.get("player"): w
                for w in (words if isinstance(words, list) else [])
                if isinstance(w, dict)
            }
            decided: list[tuple[str, Action]] = []
            for who in game.to_act():
                word = said.get(who)
                decided.append(
                    (
                        who,
                        Solve(str(word.get("code")), word.get("right") is True)
                        if word is not None
                        else Pass(),
                    )
                )
            return decided
        raise _refuse(
            path,
            _changed(
                _("the game writes no {event} here").format(event=_said(event))
                if game.over or kind != "end"
                else _("the game is not over here")
            ),
            line,
        )

    written, _stopped = _play_again(
        path,
        events,
        game,
        lambda found, wanted: _event_problem(found, wanted, checked, replay.box),
        actions,
        read,
    )
    if game.over and written < len(game.events) and events[-1][1]["event"] != "abandoned":
        raise _refuse(
            path,
            _changed(
                _("the file stops before {event}, which the game writes next").format(
                    event=_said(game.events[written])
                )
            ),
            last,
        )
    if not checked:
        _together(path, events, public, cardset, game, replay)
    elif replay.end is not None and "id" in replay.end:
        # the puzzle's own id, or (the start showing a label in its place) the one computed
        # from its criteria
        own = game.puzzle.id
        computed = replace(game.puzzle, id=None).short_id(game.tier)
        if replay.end["id"] not in (own, computed):
            raise _refuse(
                path,
                _changed(
                    _("the end names the puzzle {found}; the game's is {wanted}").format(
                        found=replay.end["id"], wanted=own
                    )
                ),
                last,
            )


def _play_again(
    path: str,
    events: list[tuple[int, dict[str, Any]]],
    game: Game,
    problem_of: Callable[[dict[str, Any], dict[str, Any]], str | None],
    actions_of: Callable[[int, dict[str, Any]], list[tuple[str, Action]] | None],
    read: bool,
) -> tuple[int, str | None]:
    """The file's events after its start, played again in ``game``: each event the game
    writes is compared with the file's in the same place (``problem_of``: what the file's
    says against the game's, None when they agree), and each event the game has not written
    yet is taken as the actions ``actions_of`` makes of it (None: the check stops there).
    A round's decisions are held until the game reveals them, then compared in the order
    it writes them. Returns how many of the game's events the file matched, and the kind of
    the event the check stopped at (None: it read the whole file)."""
    written = 1  # the game's events matched so far (its start is not compared)
    held: int | None = None  # the file's first decision the game has not written yet
    i = 1
    while i < len(events):
        line, event = events[i]
        if written < len(game.events):
            problem = problem_of(event, game.events[written])
            if problem is not None:
                raise _refuse(path, _changed(problem), line)
            written += 1
            i += 1
            continue
        taken = actions_of(line, event)
        if taken is None:
            return written, event["event"]
        before = len(game.events)
        for name, action in taken:
            _apply(path, line, game, name, action, event, read)
        if event["event"] in DECISIONS:
            if held is None:
                held = i
            if len(game.events) == before:  # the others' decisions still to come
                i += 1
                continue
            i, held = held, None  # the round is revealed: its decisions compared
        # otherwise the event the game wrote for it is compared with this one
    return written, None


def _public_problem(found: dict[str, Any], wanted: dict[str, Any]) -> str | None:
    """What a public event of a game in play says against the one the game writes there
    (None: they agree): its kind, player and round, and a solve's verdict (a wrong solve's
    code is kept from the other seats)."""
    if (
        found.get("event") != wanted["event"]
        or found.get("player") != wanted.get("player")
        or (wanted["event"] == "solve" and found.get("correct") is not wanted["correct"])
    ):
        return _("here the game writes {wanted}, not {found}").format(
            wanted=_said(wanted), found=_said(found)
        )
    if found.get("round") != wanted["round"]:
        return _("{event} is written in round {found}; by the rules it is round {wanted}").format(
            event=_said(found), found=found.get("round"), wanted=wanted["round"]
        )
    return None


def _rerun_public(
    path: str,
    events: list[tuple[int, dict[str, Any]]],
    public: Puzzle,
    cardset: CardSet,
    replay: Replay,
) -> None:
    """A game of several seats in play, its tests kept private: its public events (each
    round's decisions, eliminations) played again as a game beside the box takes them,
    with no test, and compared with the file's. A wrong solve names no code here: one the
    game can call wrong stands in. A round whose solutions the box disputed is where the
    check stops (the words in conflict are not in the file yet)."""
    try:
        game = Game(public, replay.players, cardset, box=True)
    except GameError as exc:
        raise _refuse(path, str(getattr(exc, "message", None) or exc), events[0][0]) from None

    def actions(line: int, event: dict[str, Any]) -> list[tuple[str, Action]] | None:
        kind = event["event"]
        if kind in ("abandoned", "disputed"):
            return None
        if kind not in DECISIONS:
            raise _refuse(
                path,
                _changed(_("the game writes no {event} here").format(event=_said(event))),
                line,
            )
        name = str(event.get("player"))
        if kind == "pass":
            return [(name, Pass())]
        if kind == "giveup":
            return [(name, GiveUp())]
        if event.get("correct") is False:
            left = list(game.view(name).deduction().codes)
            wrong = next(
                (code for code in ALL_CODES if code not in left), left[0] if left else ALL_CODES[0]
            )
            return [(name, Solve(wrong, False))]
        named = event.get("code")
        if not isinstance(named, str):  # only a wrong solve's code is kept back
            raise _refuse(path, _changed(_("the solve names no code")), line)
        return [(name, Solve(named, True))]

    written, stopped = _play_again(path, events, game, _public_problem, actions, read=True)
    if stopped is not None:
        return
    if written < len(game.events):
        raise _refuse(
            path,
            _changed(
                _("the file stops before {event}, which the game writes next").format(
                    event=_said(game.events[written])
                )
            ),
            events[-1][0],
        )


def _together(
    path: str,
    events: list[tuple[int, dict[str, Any]]],
    public: Puzzle,
    cardset: CardSet,
    game: Game,
    replay: Replay,
) -> None:
    """A game re-run without its criteria: every player faced the same verifiers, so all
    the players' answers together must fit one reading of the cards, whose one code is the
    end's solution (when it gives one), and each solve must agree with that solution."""
    records = tuple(t for name in replay.players for t in game.view(name).tests)
    mask = PlayerView(public, cardset, game.round, records, None, ()).deduction().codes_mask
    line = events[-1][0]
    if not mask:
        raise _refuse(
            path, _changed(_("the players' answers together fit no reading of the cards")), line
        )
    end = replay.end
    solution = end.get("solution") if end is not None else None
    if end is not None and not replay.box and not isinstance(solution, str):
        raise _refuse(path, _changed(_("the end gives no solution")), line)
    if not isinstance(solution, str):
        return
    try:
        code = Code.parse(solution)
    except (TuringError, ValueError):
        raise _refuse(
            path, _changed(_("the end's solution {code} is not a code").format(code=solution)), line
        ) from None
    if not mask >> code.index & 1:
        raise _refuse(
            path,
            _changed(
                _("the players' answers together rule out the end's solution {code}").format(
                    code=solution
                )
            ),
            line,
        )
    for at, event in events:
        named = event.get("code")
        if event.get("event") == "solve" and isinstance(named, str):
            try:
                right = Code.parse(named) == code
            except (TuringError, ValueError):
                continue
            if event.get("correct") is not right:
                raise _refuse(
                    path,
                    _changed(_event_problem(event, {**event, "correct": right}, True) or ""),
                    at,
                )


def _answer_only(game: Game, name: str, action: Action) -> bool:
    """Whether the rules allow ``action`` but for the answer or word it carries."""
    bare: Action
    if isinstance(action, Test):
        bare = Test(action.verifier)
    elif isinstance(action, Solve):
        bare = Solve(action.code)
    else:
        return False
    try:
        game.check(name, action)
    except GameError:
        try:
            game.check(name, bare, partial=True)
        except GameError:
            return False
        return True
    return False


def _apply(
    path: str,
    line: int,
    game: Game,
    name: str,
    action: Action,
    event: dict[str, Any],
    read: bool = False,
) -> None:
    """``action`` taken in ``game``, refused with the file's line when the rules forbid it.
    ``read``: the game is not beside the box, its answers are taken from the file as the
    box's would be; one that no reading of the cards gives is said so."""
    if read and isinstance(action, Amend):
        try:
            game.check(name, action)
        except GameError:
            raise _refuse(
                path,
                _changed(
                    _("with that correction no reading of the cards fits {name}'s answers").format(
                        name=name
                    )
                ),
                line,
            ) from None
    if read and _answer_only(game, name, action):
        problem = (
            _("{name}'s answers up to here fit no reading of the cards").format(name=name)
            if isinstance(action, Test)
            else _("the cards and {name}'s answers rule out {code}, called right").format(
                name=name, code=event.get("code")
            )
        )
        raise _refuse(path, _changed(problem), line)
    try:
        game.apply(name, action)
    except (GameError, ValueError) as exc:
        problem = str(getattr(exc, "message", None) or exc)
        raise _refuse(
            path,
            _changed(
                _("{event} breaks the game's rules: {problem}").format(
                    event=_said(event), problem=problem
                )
            ),
            line,
        ) from None
