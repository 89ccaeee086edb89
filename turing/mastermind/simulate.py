"""Run a strategy against many secrets and summarise how many guesses it needs.

The games are played as one tree: every strategy is deterministic given the rows so far,
so secrets that got the same feedback share the strategy's next choice. Each node is
computed once however many secrets pass through it.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from turing.core.errors import TuringError
from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.scoring import Feedback
from turing.mastermind.strategies import Strategy


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
        raise SimulationError("the sample must hold at least one secret")
    if count > size:
        raise SimulationError(f"a sample of {count:,} is more than the {size:,} codes")
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
    _walk(engine, strategy, (), engine.everything, chosen, max_rows, records)
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
    if max_rows is not None and len(history) >= max_rows:
        for secret in secrets.tolist():
            records[secret] = GameRecord(secret, history, solved=False)
        return
    guess = strategy.choose(engine, history, candidates)
    secret_keys = engine.table.row(guess, secrets)
    candidate_keys = engine.table.row(guess, candidates)
    for key in np.unique(secret_keys).tolist():
        group = secrets[secret_keys == key]
        rows = (*history, (guess, key))
        if key == engine.win_key:
            records[int(group[0])] = GameRecord(int(group[0]), rows, solved=True)
            continue
        _walk(engine, strategy, rows, candidates[candidate_keys == key], group, max_rows, records)


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
