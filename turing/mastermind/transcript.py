"""A match's transcript: what a referee reads of it afterwards, written as it is played.

JSON Lines, one event a line, flushed as each is written: ``start`` (the preset and its
rules, the seats, the games agreed), ``row`` (a guess and its pins), ``pins_taken_back``,
``false_pins`` (wrong pins that restarted a game), ``duel_move`` (both rows of a duel's
move), ``game_end`` (who made the code and the secret), ``end`` (the score and the
winner), and ``abandoned`` (the match left unfinished: the game it was left in, and
whether a save of it is on disk to resume it from). A secret is hidden until its game is
over, so it is in the file only from that game's ``game_end``; the seed the computer
draws its secrets from is never written.

Codes are written in the preset's English letters (``RGBY``), pins as black and white
counts. The first line, ``{"event": "start", "game": "mastermind", …}``, names the file a
match's transcript (:func:`holds_match`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, TextIO

from turing.core.files import json_line, read_json, write_text
from turing.core.saves import (
    MAX_SAVE_BYTES,
    holds_other_transcript,
    is_mastermind_match,
    transcript_events,
)
from turing.mastermind.match import (
    DuelMove,
    DuelOver,
    Event,
    FalseFeedback,
    GameOver,
    GameStarted,
    MatchOver,
    PinsTakenBack,
    Row,
    RowPlayed,
    Seat,
)
from turing.mastermind.presets import Preset

#: What the ``game`` key of a match transcript's first line says.
MATCH_GAME: Final = "mastermind"


def holds_match(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` holds a match's transcript (its first line is the
    ``start`` of one): a file a match's transcript may be written over."""
    with open(path, "rb") as handle:
        first = handle.readline(MAX_SAVE_BYTES)
    try:
        return is_mastermind_match(read_json(first))
    except ValueError:  # not UTF-8, not JSON, nested too deep
        return False


def other_match_in(
    path: str | os.PathLike[str],
    start: dict[str, Any],
    records: MatchRecords,
    events: Sequence[Event] = (),
    resumed: bool = False,
) -> bool:
    """Whether ``path`` holds the transcript of another match than the one of ``start``
    and ``events``, so that it is not written over unasked: not when there is no file, nor
    when it holds this match's transcript at an earlier point, or, for a ``resumed`` match,
    further on (the save resumed again). A file that is no match's transcript is
    :func:`~turing.core.saves.not_a_transcript`'s (False here)."""
    try:
        found = transcript_events(path, is_mastermind_match)
    except OSError:
        return False
    if not found:
        return False
    ours = [json.loads(json_line(line)) for line in _lines(start, records, events)]
    return holds_other_transcript(found, ours, resumed)


def _lines(
    start: dict[str, Any], records: MatchRecords, events: Sequence[Event]
) -> list[dict[str, Any]]:
    """The transcript's records of a match at ``start`` that ``events`` happened in."""
    return [start, *(r for r in map(records.of, events) if r is not None)]


def start_record(preset: Preset, seats: Sequence[Seat], games: int, duel: bool) -> dict[str, Any]:
    """The ``start`` event: the preset and its rules, the seats and the games agreed."""
    return {
        "event": "start",
        "game": MATCH_GAME,
        "preset": preset.name,
        "rules": {
            "positions": preset.positions,
            "colours": len(preset.colours),
            "repeats": preset.repeats,
            "blank": preset.blank,
            "rows": preset.rows,
            "duel": duel,
        },
        "players": [_seat(seat) for seat in seats],
        "games": games,
    }


def _seat(seat: Seat) -> dict[str, Any]:
    player: dict[str, Any] = {"name": seat.name, "human": seat.human}
    if not seat.human:
        player["strategy"] = seat.strategy
    return player


class MatchRecords:
    """The events of one match as the transcript's records."""

    def __init__(self, preset: Preset, seats: Sequence[Seat]) -> None:
        self.preset = preset
        self.names = [seat.name for seat in seats]

    def code(self, code: Sequence[int]) -> str:
        return self.preset.palette.format(tuple(code))

    def row(self, row: Row) -> dict[str, Any]:
        return {
            "guess": self.code(row.guess),
            "black": row.feedback.black,
            "white": row.feedback.white,
        }

    def of(self, event: Event) -> dict[str, Any] | None:
        """``event`` as the transcript writes it; None for one it leaves out (a game
        begun, which the rows and its end say)."""
        names = self.names
        if isinstance(event, RowPlayed):
            return {
                "event": "row",
                "game": event.game,
                "breaker": names[event.player],
                "row": event.number,
                **self.row(event.row),
            }
        if isinstance(event, PinsTakenBack):
            return {"event": "pins_taken_back", "game": event.game, "row": event.number}
        if isinstance(event, FalseFeedback):
            return {
                "event": "false_pins",
                "game": event.game,
                "maker": names[event.maker],
                "breaker": names[event.breaker],
                "rows": list(event.rows),
                "points": event.points,
            }
        if isinstance(event, GameOver):
            return {
                "event": "game_end",
                "game": event.game,
                "maker": names[event.maker],
                "breaker": names[event.breaker],
                "secret": None if event.secret is None else self.code(event.secret),
                "solved": event.solved,
                "gave_up": event.gave_up,
                "rows": event.rows_used,
                "points": event.points,
                "score": _points(event.scores),
            }
        if isinstance(event, DuelMove):
            return {
                "event": "duel_move",
                "game": event.game,
                "row": event.number,
                "rows": [{"player": names[i], **self.row(event.rows[i])} for i in (0, 1)],
            }
        if isinstance(event, DuelOver):
            return {
                "event": "game_end",
                "game": event.game,
                "secrets": {names[i]: self.code(event.secrets[i]) for i in (0, 1)},
                "winner": None if event.winner is None else names[event.winner],
                "reason": event.reason_text((names[0], names[1])),
                "score": _points(event.scores),
            }
        if isinstance(event, MatchOver):
            return {
                "event": "end",
                "score": _points(event.scores),
                "winner": None if event.winner is None else names[event.winner],
            }
        assert isinstance(event, GameStarted)
        return None


def _points(scores: Sequence[float]) -> list[float]:
    """Scores as numbers, whole ones without a fraction (a duel's draw gives halves)."""
    return [int(score) if score == int(score) else score for score in scores]


class MatchTranscript:
    """A match's transcript at ``path``, written whole from the match's ``start`` record
    and the events so far (a resumed match's file is written again so), then each event
    as it happens, flushed."""

    def __init__(
        self,
        path: Path,
        start: dict[str, Any],
        records: MatchRecords,
        events: Sequence[Event] = (),
    ) -> None:
        self.path = path
        self.records = records
        lines = _lines(start, records, events)
        write_text(path, "".join(json_line(line) + "\n" for line in lines))
        self._handle: TextIO | None = path.open("a", encoding="utf-8", newline="\n")

    def add(self, event: Event) -> None:
        """Write ``event`` (a secret only with its game's end)."""
        record = self.records.of(event)
        if record is not None:
            self._write(record)

    def leave(self, game: int, saved: bool) -> None:
        """The match is left unfinished in ``game``: the ``abandoned`` event, with whether a
        save of it is on disk to resume it from (``saved``). The secret of the game left is
        not written: the match may be resumed, or its codes made again."""
        self._write({"event": "abandoned", "game": game, "saved": saved})

    def _write(self, record: dict[str, Any]) -> None:
        if self._handle is not None:
            self._handle.write(json_line(record) + "\n")
            self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None
