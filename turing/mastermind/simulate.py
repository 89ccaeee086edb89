"""Run a strategy against many secrets and summarise how many guesses it needs.

The games are played as one tree: every strategy is deterministic given the rows so far,
so secrets that got the same feedback share the strategy's next choice. Each node is
computed once however many secrets pass through it.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from turing.core.errors import TuringError
from turing.core.files import read_json
from turing.i18n import _, format_number
from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.scoring import Feedback

if TYPE_CHECKING:
    # Only a type here: the exact strategies run simulations, so importing them at run
    # time would close a loop.
    from turing.mastermind.strategies import Strategy


#: the longest first line read of a file to see whether it holds simulated games
MAX_RECORD_BYTES: Final = 1 << 20


def holds_games(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` holds simulated games, as ``--transcript`` writes them
    (its first line is one): a file that may be written over."""
    with open(path, "rb") as handle:
        first = handle.readline(MAX_RECORD_BYTES)
    try:
        record = read_json(first)
    except ValueError:  # not UTF-8, not JSON, nested too deep
        return False
    return isinstance(record, dict) and {"secret", "guesses"} <= record.keys()


class SimulationError(TuringError):
    """A sample larger than the space, or a negative one."""


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: the secret and every row the strategy played."""

    secret: int
    rows: History
    solved: bool

    def to_json(self, engine: Engine) -> dict[str, Any]:
        space = engine.space
        return {
            "positions": space.positions,
            "colours": space.symbols,
            "repeats": space.repeats,
            "blank": space.blank,
            "secret": list(space.code(self.secret)),
            "guesses": [
                {
                    "guess": list(space.code(guess)),
                    "black": Feedback.from_key(key, space.positions).black,
                    "white": Feedback.from_key(key, space.positions).white,
                }
                for guess, key in self.rows
            ],
            "solved": self.solved,
        }


@dataclass
class Summary:
    """Totals over the simulated games; unsolved games count every row they used."""

    games: int = 0
    total_guesses: int = 0
    max_guesses: int = 0
    unsolved: int = 0
    histogram: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def mean(self) -> float:
        return self.total_guesses / self.games if self.games else 0.0

    def add(self, record: GameRecord) -> None:
        used = len(record.rows)
        self.games += 1
        self.total_guesses += used
        self.max_guesses = max(self.max_guesses, used)
        self.histogram[used] += 1
        if not record.solved:
            self.unsolved += 1


def sample_secrets(size: int, count: int, seed: int) -> Indices:
    """``count`` distinct secret indices out of ``size``, drawn with ``seed``, ascending."""
    if count < 1:
        raise SimulationError(_("the sample must hold at least one secret"))
    if count > size:
        raise SimulationError(
            _("a sample of {count} is more than the {size} codes").format(
                count=format_number(count), size=format_number(size)
            )
        )
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(size, size=count, replace=False)).astype(np.int64)


def play_out(
    engine: Engine,
    strategy: Strategy,
    secrets: Indices | None = None,
    max_rows: int | None = None,
) -> list[GameRecord]:
    """Every secret's game under ``strategy``, in the order of ``secrets`` (default: all).

    A game with ``max_rows`` rows and no win stops there, unsolved.
    """
    chosen = engine.everything if secrets is None else np.asarray(secrets, dtype=np.int64)
    records: dict[int, GameRecord] = {}
    walked = engine.everything if secrets is None else np.unique(chosen)
    _walk(engine, strategy, (), engine.everything, walked, max_rows, records)
    return [records[int(s)] for s in chosen]


def _walk(
    engine: Engine,
    strategy: Strategy,
    history: History,
    candidates: Indices,
    secrets: Indices,
    max_rows: int | None,
    records: dict[int, GameRecord],
) -> None:
    """Play the ``secrets`` (ascending, all consistent with ``history``) from here."""
    if max_rows is not None and len(history) >= max_rows:
        for secret in secrets.tolist():
            records[secret] = GameRecord(secret, history, solved=False)
        return
    guess = strategy.choose(engine, history, candidates)
    if len(candidates) == 1 and guess == int(candidates[0]):
        records[guess] = GameRecord(guess, (*history, (guess, engine.win_key)), solved=True)
        return
    # Secrets and candidates grouped by feedback, each group still ascending.
    every = secrets is candidates
    candidate_keys = engine.table.row(guess, candidates)
    candidate_groups = _groups(candidate_keys)
    secret_groups = candidate_groups if every else _groups(engine.table.row(guess, secrets))
    for key, secret_order in secret_groups.items():
        group = secrets[secret_order]
        rows = (*history, (guess, key))
        if key == engine.win_key:
            records[int(group[0])] = GameRecord(int(group[0]), rows, solved=True)
            continue
        part = group if every else candidates[candidate_groups[key]]
        _walk(engine, strategy, rows, part, group, max_rows, records)


def _groups(keys: npt.NDArray[np.uint8]) -> dict[int, Indices]:
    """For each key present, the positions holding it, ascending; keys in order."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    cuts = (np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist()
    starts = [0, *cuts]
    ends = [*cuts, len(keys)]
    values = ordered[starts].tolist()
    return {k: order[a:b] for k, a, b in zip(values, starts, ends, strict=True)}


def simulate(
    engine: Engine,
    strategy: Strategy,
    secrets: Indices | None = None,
    max_rows: int | None = None,
) -> tuple[Summary, list[GameRecord]]:
    """Play every secret out and total the guesses; ``seconds`` is the wall time taken."""
    started = time.perf_counter()
    records = play_out(engine, strategy, secrets, max_rows)
    summary = Summary()
    for record in records:
        summary.add(record)
    summary.seconds = time.perf_counter() - started
    return summary, records
