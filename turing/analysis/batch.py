"""Many puzzles analysed at once, each in a worker process.

:func:`analyze_all` runs :func:`~turing.analysis.search.analyze` on every puzzle given,
as many at a time as there are workers, and reports what happens as events: a puzzle's
analysis started, bounds proven on its fewest tests, its analysis, or why it cannot be
analysed. Each worker has its own search tables (memory grows with the workers) and its
own time limit per puzzle, counted in its own processor time, so the figures are the same
as one at a time.

The workers ignore Ctrl-C: the process that runs them decides. When it stops reading the
events before the last (an error, Ctrl-C, SIGTERM), the workers still busy are ended at
once, so no search runs on unseen.
"""

from __future__ import annotations

import contextlib
import os
import queue as queues
import signal
import time
from collections.abc import Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from typing import Any, Final

from turing.analysis.search import Analysis, AnalysisError, analyze
from turing.core.cards import CardSet
from turing.core.puzzle import Puzzle
from turing.core.workers import pool_context, process_pool, workers_watched
from turing.i18n import current_language, set_language


@dataclass(frozen=True)
class Started:
    """Puzzle ``index``'s analysis began in a worker."""

    index: int


@dataclass(frozen=True)
class Proven:
    """Puzzle ``index``'s fewest tests are proven between ``low`` and ``high`` so far."""

    index: int
    low: int
    high: int


@dataclass(frozen=True)
class Preparing:
    """Puzzle ``index``'s analysis loads a compiled search of ``kind`` (``ready`` False),
    or has loaded it (True): a pause a progress display may explain (the first time on a
    machine, compiling it takes tens of seconds)."""

    index: int
    ready: bool
    kind: str


@dataclass(frozen=True)
class Finished:
    """Puzzle ``index``'s analysis."""

    index: int
    analysis: Analysis


@dataclass(frozen=True)
class Refused:
    """Puzzle ``index`` cannot be analysed: ``message`` says why."""

    index: int
    message: str


Event = Started | Proven | Preparing | Finished | Refused

#: Seconds between looks at the workers' messages while none of them finishes.
POLL: Final = 0.2
#: Seconds to wait for the workers to say who they are before ending them.
ROLL_CALL: Final = 5.0

#: A worker's channel to the process that started it (set in each worker).
_channel: Any = None


def _start_worker(channel: Any, language: str) -> None:
    global _channel
    # Ctrl-C reaches every process of the terminal's group: the parent ends the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    set_language(language)
    _channel = channel
    channel.put(("worker", os.getpid()))


def _analyze_at(
    index: int, puzzle: Puzzle, cardset: CardSet, options: dict[str, Any]
) -> Analysis | str:
    channel = _channel
    channel.put(("started", index))

    def proven(low: int, high: int) -> None:
        channel.put(("proven", index, low, high))

    def preparing(ready: bool, kind: str) -> None:
        channel.put(("preparing", index, ready, kind))

    try:
        return analyze(puzzle, cardset, on_progress=proven, on_prepare=preparing, **options)
    except AnalysisError as exc:
        return str(exc)


def analyze_all(
    items: Sequence[tuple[Puzzle, CardSet]], jobs: int, **options: Any
) -> Generator[Event, None, None]:
    """Events of the analyses of ``items`` (each a puzzle and its card set), ``jobs`` at a
    time, in the order they happen; ``options`` are :func:`analyze`'s (not
    ``on_progress`` or ``on_prepare``). Every puzzle gets :class:`Started`, then any
    :class:`Proven` and :class:`Preparing`, then :class:`Finished` or :class:`Refused`;
    when two end together, the one first in ``items`` comes first. A worker that ends
    abruptly ends them all: :class:`~turing.core.workers.WorkerLost`."""
    if not items:
        return
    size = min(jobs, len(items))
    channel = pool_context().Queue()
    pool = process_pool(size, _start_worker, (channel, current_language()))
    workers: list[int] = []
    index_of: dict[Future[Analysis | str], int] = {}
    # A worker's messages may come after its result: none is passed on once a puzzle ended.
    begun: set[int] = set()
    ended: set[int] = set()
    over = False
    try:
        for i, (puzzle, cardset) in enumerate(items):
            index_of[pool.submit(_analyze_at, i, puzzle, cardset, options)] = i
        pending = set(index_of)
        while pending:
            done, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for event in _heard(channel, workers):
                if event.index not in ended:
                    begun.add(event.index)
                    yield event
            for future in sorted(done, key=index_of.__getitem__):
                index = index_of[future]
                ended.add(index)
                if index not in begun:
                    yield Started(index)
                with workers_watched():
                    outcome = future.result()
                if isinstance(outcome, Analysis):
                    yield Finished(index, outcome)
                else:
                    yield Refused(index, outcome)
        over = True
    finally:
        if not over:
            _end_workers(channel, workers, size)
        pool.shutdown(wait=True, cancel_futures=True)
        channel.close()
        channel.join_thread()


def _heard(channel: Any, workers: list[int]) -> Iterator[Started | Proven | Preparing]:
    """The events the workers sent since last asked (their ids kept in ``workers``)."""
    while True:
        try:
            message = channel.get_nowait()
        except queues.Empty:
            return
        kind = message[0]
        if kind == "worker":
            workers.append(message[1])
        elif kind == "started":
            yield Started(message[1])
        elif kind == "preparing":
            yield Preparing(message[1], message[2], message[3])
        else:
            yield Proven(message[1], message[2], message[3])


def _end_workers(channel: Any, workers: list[int], started: int) -> None:
    """End every worker now, busy or not (the pool then shuts down at once)."""
    deadline = time.monotonic() + ROLL_CALL
    while len(workers) < started and time.monotonic() < deadline:
        try:
            message = channel.get(timeout=POLL)
        except queues.Empty:
            continue
        if message[0] == "worker":
            workers.append(message[1])
    for pid in workers:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGTERM)
