"""A Mastermind match kept on disk, to be resumed where it was.

A save holds the match's settings (the preset and its custom changes, the seats and their
strategies, the games agreed, who breaks first, the honour system), the seed chosen (the
computer's strategies play by it), the seed the computer's secrets are drawn from, and
every action taken (:attr:`~turing.mastermind.match.Match.actions`). Resuming builds the
same match and takes the actions again, so everything is as it was: the rows and pins,
the scores, the game, the secrets, and what the computer draws and chooses later.

The file is a save of :mod:`turing.core.saves` (marker ``turing-mastermind-save``): the
settings and actions hold the secret codes, so they are packed, out of plain sight.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from turing.core.errors import TuringError
from turing.core.files import garbling_character, shown_name, write_text
from turing.core.saves import (
    MASTERMIND_SAVE,
    NO_LONGER_A_SAVE,
    creating_reason,
    family_end,
    family_end_reason,
    family_entry,
    family_member_shown,
    joined_family,
    pack,
    read_save_file,
    save_problem,
    tell_family,
    walk_family,
)
from turing.i18n import _
from turing.mastermind.match import Action, Duel, Event, Match, MatchError, Phase, Seat
from turing.mastermind.presets import CodeError, Preset, PresetError, get_preset
from turing.mastermind.scoring import Feedback, FeedbackError
from turing.mastermind.space import SpaceError
from turing.mastermind.strategies import STRATEGIES
from turing.mastermind.words import default_name

SAVE_FORMAT: Final = MASTERMIND_SAVE.marker
SAVE_VERSION: Final = MASTERMIND_SAVE.version

#: Said in every save file: the match is stored packed so that a glance at the file does
#: not show the secret codes. Packing is for fair play, not secrecy: anyone may unpack it.
SAVE_NOTE: Final = (
    "The match is stored packed (zlib, then base64) so that a glance at this file does not "
    "show the secret codes. This keeps play fair; it is not a secret."
)

#: The custom changes of a preset a save keeps, as :func:`get_preset` takes them.
CUSTOM_KEYS: Final = ("positions", "colours", "repeats", "rows", "blank")


class SaveError(TuringError):
    """A save that cannot be written, or a file that cannot be resumed (one line)."""


@dataclass(frozen=True)
class Settings:
    """What a match is played with, all a save needs besides its actions."""

    preset: str
    custom: dict[str, int | bool | None]
    """The changes to the preset (:data:`CUSTOM_KEYS`), as :func:`get_preset` takes them."""
    seats: tuple[Seat, Seat]
    duel: bool
    games: int
    first_breaker: int
    honour: bool
    seed: int | None = field(repr=False)
    """The seed chosen for the match, or None (the computer's secrets are drawn from it:
    hidden, as they are)."""
    entropy: int = field(repr=False)
    """What the computer's secrets and strategies are drawn from: the seed chosen, or a fresh
    one."""
    strategy_seed: int = field(repr=False)
    """What the computer's strategies (``random-consistent``) are drawn from: the
    :attr:`entropy` of a new match; a match saved before they were drawn from it played
    them from its seed, or from 0 without one, and goes on so when resumed."""

    @classmethod
    def of(
        cls,
        game: Preset,
        seats: tuple[Seat, Seat],
        *,
        duel: bool,
        games: int,
        first_breaker: int,
        honour: bool,
        seed: int | None,
        entropy: int,
    ) -> Settings:
        """The settings of a match of ``game`` (a preset, changed or not)."""
        custom: dict[str, int | bool | None] = {
            "positions": game.positions,
            "colours": len(game.colours),
            "repeats": game.repeats,
            "rows": game.rows,
            "blank": game.blank,
        }
        base = game.name.split("+")[0]
        return cls(base, custom, seats, duel, games, first_breaker, honour, seed, entropy, entropy)

    def game(self) -> Preset:
        return get_preset(self.preset, **self.custom)  # type: ignore[arg-type]

    def match(self, game: Preset | None = None) -> Match | Duel:
        """The match, not started yet."""
        game = game or self.game()
        if self.duel:
            return Duel(game, self.seats, self.games, self.entropy)
        return Match(game, self.seats, self.games, self.first_breaker, self.entropy, self.honour)

    def to_dict(self) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "custom": dict(self.custom),
            "seats": [
                {
                    "name": s.name,
                    "human": s.human,
                    "strategy": s.strategy,
                    # a name given by default, which a resumed match gives in its language
                    "default": s.name == _default_name(self.seats, place),
                }
                for place, s in enumerate(self.seats)
            ],
            "duel": self.duel,
            "games": self.games,
            "first_breaker": self.first_breaker,
            "honour": self.honour,
            "seed": self.seed,
            "entropy": self.entropy,
            "strategy_seed": self.strategy_seed,
        }


def _default_name(seats: Sequence[Seat], place: int) -> str:
    """The name the seat at ``place`` gets when none is given (:func:`default_name`)."""
    human = seats[place].human
    return default_name(human, sum(s.human == human for s in seats), place)


def save_document(
    settings: Settings,
    match: Match | Duel,
    family: Sequence[Path] = (),
    transcript: Path | None = None,
) -> dict[str, Any]:
    """The save of ``match``: a few fields to read at a glance, the rest packed, with the
    match's ``family`` (the absolute paths of the files known to hold a save of it) and the
    absolute path of the transcript the match is written to (``transcript``), which a
    resumed match goes on writing. A save without one, as older saves are, has none."""
    inner: dict[str, Any] = {
        "settings": settings.to_dict(),
        "actions": match.actions,
        "family": [str(member) for member in family],
    }
    if transcript is not None:
        inner["transcript"] = str(transcript)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "note": SAVE_NOTE,
        "preset": settings.preset,
        "players": [seat.name for seat in settings.seats],
        "game": match.game,
        "games": match.games,
        "score": list(match.scores),
        "packed": pack(inner),
    }


def save_problem_at(
    path: str | os.PathLike[str], *, trying: bool = False, advice: bool = True
) -> str | None:
    """Why a match must not be saved at ``path`` (:func:`turing.core.saves.save_problem`:
    a folder, a device, a file that holds something else, said with what to do unless
    ``advice`` is False); None when it may."""
    return save_problem(path, MASTERMIND_SAVE, trying=trying, advice=advice)


def holds_another_match(
    path: str | os.PathLike[str], settings: Settings, match: Match | Duel
) -> bool:
    """Whether ``path`` holds the save of another match: not this one (the same settings)
    at this point or an earlier one (its actions the first of this match's). A file that
    is not there, or no save that can be read, holds none."""
    if not os.path.isfile(path) or save_problem_at(path) is not None:
        return False
    try:
        _data, inner = read_save_file(os.fspath(path), MASTERMIND_SAVE, SaveError)
    except SaveError:
        return False
    actions = inner.get("actions")
    return not (
        inner.get("settings") == settings.to_dict()
        and isinstance(actions, list)
        and actions == match.actions[: len(actions)]
    )


def write_save(
    path: str | os.PathLike[str],
    settings: Settings,
    match: Match | Duel,
    family: Sequence[Path] = (),
    transcript: Path | None = None,
) -> None:
    """Write the save of ``match`` to ``path``, atomically: the file is the old save or the
    new one, never half of either. A file that holds something else is left as it is. The
    save names ``family`` and ``path`` as the files that hold the match, and the match's
    ``transcript`` (an absolute path), if any."""
    problem = save_problem_at(path)
    if problem:
        raise SaveError(problem)
    document = save_document(settings, match, joined_family(family, path), transcript)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    try:
        write_text(path, text)
    except OSError as exc:
        raise SaveError(
            _("cannot save to {path}: {reason}").format(
                path=shown_name(path), reason=creating_reason(exc)
            )
        ) from None


class Keeping:
    """A match kept in its save file (``path``; None: no file yet) as it goes: saved when
    it changed since the last save. A save that fails leaves the match going; ``failed``
    holds why until a save succeeds, and :meth:`save` gives it once, not at every step.

    The match's family (``family``: the files known to hold a save of it, absolute paths)
    is kept in every save. A file that joins it is named in the others that hold the match
    at an earlier point too, so that the end of the match, kept in any of them, finds
    every other (:meth:`bring_family_to_end`): none resumes the match before its end, by
    someone who now knows the secrets."""

    def __init__(
        self,
        settings: Settings,
        match: Match | Duel,
        path: str | None,
        family: Sequence[Path] = (),
        transcript: Path | None = None,
    ) -> None:
        self.settings = settings
        self.match = match
        self.path = path
        self.family = list(family)
        #: the absolute path of the match's transcript, which each save names
        self.transcript = transcript
        self.failed: str | None = None
        self.overtaken = False
        """The save file holds this match further on, or played another way
        (:meth:`further_on`): it went on in another sitting, so this one is not saved there,
        nor anywhere unless :attr:`strayed`."""
        self.strayed = False
        """The save file holds this match played another way at the same game, in another
        sitting: the rows of this one are held nowhere, and another file may take them
        (:meth:`save_to`)."""
        self._written = -1  # the actions the file holds
        self._forwarded = 0  # the games over when the family was last brought forward

    def save(self) -> str | None:
        """Save the match when it changed since the last save, or when its file no longer
        holds it as it stands (nothing without a file, nor once the match went on in
        another sitting: :attr:`overtaken`); why it could not be saved, when that is new
        (else None). So "saved" is said of a file only when it holds this sitting's match.
        A game that ended since brings the other files of the family forward first
        (:meth:`bring_family_forward`)."""
        if games_over(self.match) > self._forwarded:
            self.bring_family_forward()
        if self.path is None or self.overtaken:
            return None
        if len(self.match.actions) == self._written and self._holds_now(self.path):
            return None
        try:
            self._write(self.path)
        except SaveError as error:
            new = None if str(error) == self.failed else str(error)
            self.failed = str(error)
            return new
        self.failed = None
        self._written = len(self.match.actions)
        return None

    @property
    def resumable(self) -> bool:
        """Whether the save file holds this sitting's match as it stands, to be resumed
        from: it was saved there, and the last save did not fail."""
        return self.path is not None and self.failed is None and not self.overtaken

    def left_unsaved(self, command: str) -> str:
        """What became of the match left when its last save failed (:attr:`failed`), said
        after "…: match abandoned;": why, and what its save file still holds of it — the
        match as it stands, as it was when this sitting last saved it, or as it was when
        resumed — with ``command``, which resumes it from there; why alone when the file
        holds nothing of this match."""
        failed = self.failed or ""
        if self.path is None or self.overtaken:
            return failed
        try:
            _data, inner = _read_member(Path(self.path))
        except SaveError:
            return failed
        if not self._holds_this(inner, earlier=True):
            return failed
        held = inner["actions"]
        if len(held) == len(self.match.actions):
            kept = _("{path} still holds the match as it stands — resume with: {command}")
        elif self._written >= 0:
            kept = _(
                "{path} still holds the match as it was when last saved, without what was "
                "done since — resume with: {command}"
            )
        else:
            kept = _(
                "{path} still holds the match as it was when resumed, without what was done "
                "since — resume with: {command}"
            )
        said = kept.format(path=shown_name(self.path or ""), command=command)
        return f"{failed}; {said}" if failed else said

    def save_to(self, target: str) -> None:
        """Save the match to ``target`` (:class:`SaveError` when it cannot be), its save
        file from now on: every step and leaving save there."""
        self._write(target)
        self.path, self.failed = target, None
        self.overtaken = self.strayed = False
        self._written = len(self.match.actions)

    def _write(self, path: str) -> None:
        """Write the match to ``path``, a file of its family from now on; never over a
        file that holds this match further on (:meth:`further_on`)."""
        there = self._beyond(path)
        if there is not None:
            self.overtaken = True
            self.strayed = self._strayed(there, path)
            if self.strayed:
                said = _("not saved: another sitting played this match another way in {path}")
            else:
                said = _("not saved: another sitting played this match further on in {path}")
            raise SaveError(said.format(path=shown_name(path)))
        write_save(path, self.settings, self.match, self.family, self.transcript)
        joined = joined_family(self.family, path)
        if len(joined) > len(self.family):
            self.family = joined
            self._tell_family()

    def _tell_family(self) -> None:
        """Name the family (which a file just joined) in each file of it that holds the
        match at an earlier point, leaving the match it holds as it is. A file that cannot
        be read or written now is left as it is; the end of the match tries it again."""

        def holds(inner: dict[str, Any]) -> bool:
            return self._holds_this(inner, earlier=True)

        tell_family(self.family, _read_member, holds, write_text)

    def _holds_this(self, inner: dict[str, Any], *, earlier: bool) -> bool:
        """Whether the unpacked save ``inner`` holds this match (the same settings, so the
        same secrets): at this point or an earlier one (``earlier``), or whatever was played
        in it."""
        actions = inner.get("actions")
        return inner.get("settings") == self.settings.to_dict() and (
            not earlier
            or (isinstance(actions, list) and actions == self.match.actions[: len(actions)])
        )

    def _holds_now(self, path: str) -> bool:
        """Whether ``path`` holds this match just as it stands: what this sitting last
        wrote there, not written over since by another sitting."""
        try:
            _data, inner = _read_member(Path(path))
        except SaveError:
            return False
        return self._holds_this(inner, earlier=True) and inner.get("actions") == list(
            self.match.actions
        )

    def further_on(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` holds this match further on than this sitting, or played on
        another way in another sitting from a save of it: the match there is not this
        sitting's at an earlier point, and has no fewer games over (at its end, at a later
        game, or at this game ended otherwise, its secret shown). A save of it there is
        never replaced by this sitting's, which would let its shown secrets be played
        again."""
        return self._beyond(path) is not None

    def _beyond(self, path: str | os.PathLike[str]) -> Match | Duel | None:
        """The match ``path`` holds when it holds it further on (:meth:`further_on`)."""
        try:
            data, inner = _read_member(Path(path))
        except SaveError:
            return None
        if not self._holds_this(inner, earlier=False) or self._holds_this(inner, earlier=True):
            return None
        there = _match_read(data, inner, Path(path))
        if there is None or games_over(there.match) < games_over(self.match):
            return None
        return there.match

    def _strayed(self, there: Match | Duel, path: str | os.PathLike[str]) -> bool:
        """Whether ``there`` (the match ``path`` holds further on) is this match played
        another way within one game: no game of it ended in either since they parted, so
        no secret shown there was played here. Not this sitting's rows with more after
        them, nor a later game."""
        ours, theirs = self.match.actions, there.actions
        if theirs[: len(ours)] == ours:
            return False
        parted = next(i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b)
        before = self.settings.match()
        replay(before, ours[:parted], str(path))
        return games_over(before) == games_over(self.match) == games_over(there)

    def bring_family_forward(self) -> None:
        """A game of the match ended, its secret shown: write the match over each other
        file of its family that holds it at an earlier point, or at a game whose secret
        this one has shown (the same secrets), and the files each names, so none resumes
        a game over. A file that holds another match is left as it is, and so is anything
        that cannot be read or written now; the end of the match tries it again."""
        self._forwarded = games_over(self.match)
        own = None if self.path is None else os.path.realpath(self.path)

        def bring(member: Path) -> Iterable[Path]:
            read = _other_member(member, own)
            if read is None:
                return []
            data, inner, named = read
            there = _match_read(data, inner, member)
            if there is None or not self._holds_this(inner, earlier=False):
                return []
            if self._holds_this(inner, earlier=True) or games_over(there.match) < games_over(
                self.match
            ):
                with contextlib.suppress(SaveError):
                    write_save(member, self.settings, self.match, self.family, self.transcript)
            return [family_member_shown(path) for path in named]

        walk_family(map(family_member_shown, self.family), bring)

    def holds_another(self, target: str) -> bool:
        """Whether ``target`` holds the save of another match (:func:`holds_another_match`)."""
        return holds_another_match(target, self.settings, self.match)

    def bring_family_to_end(self) -> Ended:
        """The match is over: write it over each other file of its family that holds this
        match (at an earlier point, or played on another way from a save of it: the same
        secrets, which the end has shown), and the files each names. A file that holds
        another match is left as it is, and so is anything else; one that is gone or cannot
        be written is said."""
        ended = Ended()
        own = None if self.path is None else os.path.realpath(self.path)

        def bring(member: Path) -> Iterable[Path]:
            if os.path.realpath(member) == own:
                return []
            if not os.path.lexists(member):
                ended.failed.append((member, _("it is no longer there")))
                return []
            try:
                _data, inner = _read_member(member)
                named = family_entry(inner.get("family"), str(member), SaveError) or []
            except SaveError:
                ended.failed.append((member, not_saved_reason(member)))
                return []
            if not self._holds_this(inner, earlier=False):
                ended.held.append(member)
                return []
            if not self._holds_this(inner, earlier=True) and _ended_save(str(member)):
                return []  # the end of this match as another line of play ended it: kept
            try:
                write_save(member, self.settings, self.match, self.family, self.transcript)
            except SaveError:
                ended.failed.append((member, not_saved_reason(member)))
            else:
                ended.saved.append(member)
            return [family_member_shown(path) for path in named]

        walk_family(map(family_member_shown, self.family), bring)
        return ended


def _other_member(
    member: Path, own: str | None
) -> tuple[dict[str, Any], dict[str, Any], list[Path]] | None:
    """A file of a family read as a save: the file's object, the packed match and the
    files it names; None for the file whose real path is ``own``, for what is no regular
    file, and for a file that holds no Mastermind save that may be written over."""
    if os.path.realpath(member) == own or not os.path.isfile(member):
        return None
    try:
        data, inner = _read_member(member)
        named = family_entry(inner.get("family"), str(member), SaveError) or []
    except SaveError:
        return None
    return data, inner, named


def _read_member(member: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """A file of a match's family read as a save: the file's object and the packed one;
    :class:`SaveError` when it holds no save that may be written over."""
    problem = save_problem_at(member)
    if problem:
        raise SaveError(problem)
    return read_save_file(str(member), MASTERMIND_SAVE, SaveError)


@dataclass
class Ended:
    """What the end of a match did to the other files of its family."""

    saved: list[Path] = field(default_factory=list)
    """Brought to the end."""
    held: list[Path] = field(default_factory=list)
    """Left as they were: each holds another match."""
    failed: list[tuple[Path, str]] = field(default_factory=list)
    """The files that could not be brought to the end, each with why (:func:`not_saved_reason`)."""


def games_over(match: Match | Duel) -> int:
    """How many games of ``match`` are over, each with its secret shown."""
    return match.game if match.phase is Phase.OVER else max(match.game - 1, 0)


def _match_read(data: dict[str, Any], inner: dict[str, Any], path: Path) -> Loaded | None:
    """The match of a save already read from ``path`` (:func:`_loaded`); None when it
    cannot be resumed."""
    try:
        return _loaded(data, inner, str(path))
    except SaveError:
        return None


def not_saved_reason(member: Path) -> str:
    """Why the file ``member`` of a match's family cannot take the match's end, said after
    "The finished match is not saved to FILE:": the criteria game's words
    (:func:`~turing.core.saves.family_end_reason`: no longer there, a folder, no regular
    file, read-only, a save of the criteria game, no save), or a Mastermind save that
    cannot be read, or one that cannot be written now."""
    reason = family_end_reason(member, MASTERMIND_SAVE)
    if reason is not None:
        return reason
    try:
        read_save_file(str(member), MASTERMIND_SAVE, SaveError)
    except SaveError:
        return _(NO_LONGER_A_SAVE)
    return _("it cannot be written")


def _corrupted(path: str, problem: str) -> SaveError:
    return SaveError(
        _("{path}: corrupted save file: {problem}").format(path=shown_name(path), problem=problem)
    )


def _wrong(path: str, key: str) -> SaveError:
    return SaveError(
        _("{path}: corrupted save file: {key!r} is missing or wrong").format(
            path=shown_name(path), key=key
        )
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _settings(entry: Any, path: str) -> Settings:
    if not isinstance(entry, dict):
        raise _wrong(path, "settings")
    preset = entry.get("preset")
    if not isinstance(preset, str):
        raise _wrong(path, "preset")
    custom = entry.get("custom")
    if (
        not isinstance(custom, dict)
        or not set(custom) <= set(CUSTOM_KEYS)
        or not all(v is None or isinstance(v, (bool, int)) for v in custom.values())
    ):
        raise _wrong(path, "custom")
    seats_entry = entry.get("seats")
    seats: list[Seat] = []
    if isinstance(seats_entry, list) and len(seats_entry) == 2:
        for seat in seats_entry:
            if not isinstance(seat, dict):
                break
            name, human, strategy = seat.get("name"), seat.get("human"), seat.get("strategy")
            if (
                not isinstance(name, str)
                or not name.strip()
                or garbling_character(name) is not None
                or not isinstance(human, bool)
                or (strategy is not None if human else strategy not in STRATEGIES)
                or not isinstance(seat.get("default", False), bool)
            ):
                break
            seats.append(Seat(name, human, strategy))
        if len(seats) == 2:  # the names given by default, in the language in use now
            seats = [
                Seat(_default_name(seats, place), s.human, s.strategy)
                if seats_entry[place].get("default")
                else s
                for place, s in enumerate(seats)
            ]
    if len(seats) != 2 or seats[0].name == seats[1].name:
        raise _wrong(path, "seats")
    fields: dict[str, Callable[[Any], bool]] = {
        "duel": lambda v: isinstance(v, bool),
        "games": lambda v: _whole(v) and 1 <= v <= 100,
        "first_breaker": lambda v: v in (0, 1) and _whole(v),
        "honour": lambda v: isinstance(v, bool),
        "seed": lambda v: v is None or (_whole(v) and v >= 0),
        "entropy": lambda v: _whole(v) and v >= 0,
        "strategy_seed": lambda v: v is None or (_whole(v) and v >= 0),  # None: not saved
    }
    for key, fits in fields.items():
        if not fits(entry.get(key)):
            raise _wrong(path, key)
    return Settings(
        preset=preset,
        custom=custom,
        seats=(seats[0], seats[1]),
        duel=entry["duel"],
        games=entry["games"],
        first_breaker=entry["first_breaker"],
        honour=entry["honour"],
        seed=entry["seed"],
        entropy=entry["entropy"],
        strategy_seed=_strategy_seed(entry),
    )


def _strategy_seed(entry: dict[str, Any]) -> int:
    """What a saved match's strategies are drawn from: a save without it (written before
    they were drawn from the match's entropy) played them from its seed, or from 0."""
    saved = entry.get("strategy_seed")
    if isinstance(saved, int):
        return saved
    return 0 if entry["seed"] is None else int(entry["seed"])


#: What each action takes, in order: a code, pins or a player (0 or 1).
MATCH_ACTIONS: Final[dict[str, tuple[str, ...]]] = {
    "start": (),
    "draw_secret": (),
    "set_secret": ("code",),
    "guess": ("code",),
    "give_feedback": ("pins",),
    "answer": ("code", "pins"),
    "undo": (),
    "settle": (),
    "give_up": ("player",),
    "reveal": ("code",),
}
DUEL_ACTIONS: Final[dict[str, tuple[str, ...]]] = {
    "start": (),
    "draw_secret": (),
    "set_secret": ("player", "code"),
    "guess": ("player", "code"),
    "give_up": ("player",),
}


def _argument(kind: str, value: Any) -> Any:
    """An action's argument as the match takes it; ValueError when it is none."""
    if kind == "player":
        if value in (0, 1) and _whole(value):
            return value
    elif kind == "pins":
        if isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value):
            return Feedback(value[0], value[1])
    elif isinstance(value, list) and value and all(_whole(v) and 0 <= v < 64 for v in value):
        return tuple(value)
    raise ValueError(kind)


def replay(match: Match | Duel, actions: Any, path: str) -> list[Event]:
    """Take the saved ``actions`` again in ``match`` (not started); the events they caused.
    An action that is not one, or that the rules refuse, makes the save a corrupted one,
    said without what the action holds (a secret code)."""
    if not isinstance(actions, list) or not actions or actions[0] != ["start"]:
        raise _wrong(path, "actions")
    table = DUEL_ACTIONS if isinstance(match, Duel) else MATCH_ACTIONS
    events: list[Event] = []
    for number, action in enumerate(actions, start=1):
        name = action[0] if isinstance(action, list) and action else None
        kinds = table.get(name) if isinstance(name, str) else None
        try:
            if kinds is None:
                raise ValueError(name)
            # strict: as many arguments as the action takes
            arguments = [
                _argument(kind, value) for kind, value in zip(kinds, action[1:], strict=True)
            ]
        except ValueError:
            raise _corrupted(
                path, _("action {n} is not an action of this match").format(n=number)
            ) from None
        try:
            done = getattr(match, str(name))(*arguments)
        except (MatchError, CodeError, SpaceError, FeedbackError) as exc:
            reason = (
                _("action {n} cannot be replayed: the code is not one of this game").format(
                    n=number
                )
                if "code" in kinds
                else _("action {n} cannot be replayed: {problem}").format(n=number, problem=exc)
            )
            raise _corrupted(path, reason) from None
        if isinstance(done, list):
            events += done
    return events


@dataclass
class Loaded:
    """A match read from a save and brought to where it was."""

    settings: Settings
    match: Match | Duel
    events: list[Event]
    """What the saved actions caused, in order."""
    family: list[Path]
    """The files known to hold a save of the match (absolute paths), the save read too."""
    ended_in: Path | None = None
    """A match resumed from a save of it from before its end, found in another file of
    its family (:func:`ended_elsewhere`): that file."""
    went_on_in: Path | None = None
    """A match resumed from a save of it at a game that is over in another file of its
    family, which holds it at a later game (:func:`ended_elsewhere`): that file."""
    left_at: int = 0
    """With :attr:`went_on_in`, the game the save resumed held, over since."""
    transcript: Path | None = None
    """The transcript the match was written to (an absolute path), which it goes on
    writing; None when the save names none (older saves name none)."""


def load_save(path: str) -> Loaded:
    """The match a save file holds, its actions taken again; :class:`SaveError` (one line)
    when the file is none, or cannot be resumed. Never writes."""
    data, inner = read_save_file(path, MASTERMIND_SAVE, SaveError)
    return _loaded(data, inner, path)


def _loaded(data: dict[str, Any], inner: dict[str, Any], path: str) -> Loaded:
    """The match of a save read from ``path`` (the file's object ``data`` and the packed
    one ``inner``), its actions taken again; :class:`SaveError` as :func:`load_save`."""
    settings = _settings(inner.get("settings"), path)
    try:
        match = settings.match()
    except (PresetError, SpaceError, MatchError) as exc:
        raise _corrupted(path, str(exc)) from None
    events = replay(match, inner.get("actions"), path)
    _check_readable(data, inner, settings, match, path)
    family = family_entry(inner.get("family"), path, SaveError) or []
    loaded = Loaded(settings, match, events, joined_family(family, path))
    loaded.transcript = _transcript(inner.get("transcript"), path)
    return loaded


def _transcript(entry: Any, path: str) -> Path | None:
    """The transcript a save names: none, or the absolute path it was written to; anything
    else makes the save a corrupted one."""
    if entry is None:
        return None
    if not isinstance(entry, str) or not os.path.isabs(entry):
        raise _wrong(path, "transcript")
    return Path(entry)


def _ended_save(path: str) -> Loaded | None:
    """The match the save in ``path`` holds when it is over; None when it is not, or the
    file cannot be resumed."""
    try:
        loaded = load_save(path)
    except SaveError:
        return None
    return loaded if loaded.match.phase is Phase.OVER else None


def ended_elsewhere(loaded: Loaded, path: str) -> Loaded | None:
    """A match resumed from ``path`` whose end is saved in another file of its family (a
    copy of its save, or a save of it played on another way, kept from before the match
    ended): that file's finished match, which ``path`` is brought to where it can be
    written (:attr:`Loaded.ended_in` names the file). None when no file of the family
    holds the match's end, and for a match that is over itself. Without an end, the
    furthest file that holds the match at a later game, the same way
    (:attr:`Loaded.went_on_in`). So a save from before the end, or from a game whose
    secret was shown, is never played on by someone who knows the secrets, and what it
    would write over is kept."""
    if loaded.match.phase is Phase.OVER:
        return None
    settings = loaded.settings.to_dict()

    def read(member: Path) -> tuple[dict[str, Any], list[Path]] | None:
        got = _other_member(member, None)
        return None if got is None else (got[1], got[2])

    def ended_there(member: Path, inner: dict[str, Any]) -> Loaded | None:
        return _ended_save(str(member)) if inner.get("settings") == settings else None

    found = family_end(loaded.family, path, read, ended_there)
    if found is None:
        return _went_on_elsewhere(loaded, path)
    member, ended = found
    ended.ended_in = member
    ended.family = joined_family(ended.family, path)
    with contextlib.suppress(SaveError):
        write_save(path, ended.settings, ended.match, ended.family, ended.transcript)
    return ended


def _went_on_elsewhere(loaded: Loaded, path: str) -> Loaded | None:
    """A match resumed from ``path`` that another file of its family (or of the families
    each names) holds at a later game: the furthest such, which ``path`` is brought to
    where it can be written (:attr:`Loaded.went_on_in` names the file, :attr:`Loaded.left_at`
    the game ``path`` held). None when no file holds it further on. So a game whose secret
    was shown is never played again."""
    settings = loaded.settings.to_dict()
    own = os.path.realpath(path)
    furthest: list[tuple[Path, Loaded]] = []

    def look(member: Path) -> list[Path]:
        read = _other_member(member, own)
        if read is None:
            return []
        data, inner, named = read
        there = _match_read(data, inner, member) if inner.get("settings") == settings else None
        best = games_over(furthest[0][1].match) if furthest else games_over(loaded.match)
        if there is not None and games_over(there.match) > best:
            furthest[:] = [(member, there)]
        return [family_member_shown(other) for other in named]

    walk_family(map(family_member_shown, loaded.family), look)
    if not furthest:
        return None
    member, later = furthest[0]
    later.went_on_in, later.left_at = member, loaded.match.game
    later.family = joined_family(later.family, path)
    with contextlib.suppress(SaveError):
        write_save(path, later.settings, later.match, later.family, later.transcript)
    return later


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _check_readable(
    data: dict[str, Any], inner: dict[str, Any], settings: Settings, match: Match | Duel, path: str
) -> None:
    """Refuse a save whose fields to read at a glance (:func:`save_document`) do not say
    what its packed match holds, as an edit of the packed part is refused: a match is
    never resumed as other than it looks, and the file is not written over unasked. The
    players are the names saved (a name given by default is said anew in the language in
    use, the file keeps the one it was saved with)."""
    saved_seats = inner["settings"]["seats"]
    expected: dict[str, tuple[Callable[[Any], bool], Any]] = {
        "preset": (lambda v: isinstance(v, str), settings.preset),
        "players": (
            lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v),
            [seat["name"] for seat in saved_seats],
        ),
        "game": (_whole, match.game),
        "games": (_whole, match.games),
        "score": (
            lambda v: isinstance(v, list) and all(_number(n) for n in v),
            list(match.scores),
        ),
    }
    for key, (fits, value) in expected.items():
        found = data.get(key)
        if not fits(found) or found != value:
            raise _corrupted(
                path, _("{key!r} does not agree with the packed match").format(key=key)
            )


__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Action",
    "Ended",
    "Keeping",
    "Loaded",
    "SaveError",
    "Settings",
    "ended_elsewhere",
    "games_over",
    "holds_another_match",
    "load_save",
    "not_saved_reason",
    "replay",
    "save_document",
    "save_problem_at",
    "write_save",
]
