"""The benchmark harness: time a piece of work, and print it against a baseline measured in
the same run.

Machines are noisy, so a benchmark reports a *ratio* of two things measured side by side
(interleaved, median of several runs), never a bare time compared with a constant.
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


def best_of(fn: Callable[[], object], repeat: int = 1) -> float:
    """Best wall time of ``repeat`` runs: the one least disturbed by other work."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


@dataclass(frozen=True)
class Timing:
    """Wall and CPU seconds of one run of some work."""

    wall: float
    cpu: float


def timing(fn: Callable[[], object]) -> Timing:
    """Wall and CPU seconds of one call of ``fn``."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    fn()
    return Timing(time.perf_counter() - wall, cpu_seconds() - cpu)


def interleaved(runs: dict[str, Callable[[], object]], repeat: int = 5) -> dict[str, list[float]]:
    """Wall times of every run, taking turns ``repeat`` times so that a disturbance hits
    each of them alike."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, fn in runs.items():
            times[name].append(best_of(fn))
    return times


def median(values: list[float]) -> float:
    return statistics.median(values)


def ratio_line(label: str, measured: float, baseline: float, unit: str = "s") -> str:
    """One line: the measured figure, the baseline's, and how many times faster it is."""
    faster = baseline / measured if measured > 0 else float("inf")
    return (
        f"{label:<44} {measured:>10.4f} {unit}  baseline {baseline:>10.4f} {unit}  ×{faster:,.2f}"
    )
