"""The compiled searches let go of Python's lock while they run, stop when asked from
another thread, and let one thread in at a time."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from testsupport.compiled import CLASSIC, needs_numba, wait_until_running
from turing.analysis.search import Search
from turing.core.solver import deduce
from turing.generation.generator import generate_one

NO_LIMIT = 1 << 62


def search_of(mode: str, verifiers: int, seed: int) -> Search:
    puzzle = generate_one(mode, verifiers, "hard", seed, CLASSIC)
    return Search(deduce(puzzle.public(), CLASSIC).hypotheses, max_work=NO_LIMIT)


def stopper(ctx: object, ticks: list[float]) -> Callable[[], None]:
    """A thread's work: wait until the kernel whose ``ctx`` is given has done some work,
    then tick five times (a hundredth of a second each), then stop every compiled search.
    While a kernel held Python's lock, none of this could run until it returned."""
    from turing.analysis import kernel

    def run() -> None:
        wait_until_running(ctx)
        for _ in range(5):
            time.sleep(0.01)
            ticks.append(time.perf_counter())
        kernel.stop_searches()

    return run


@needs_numba
def test_the_expected_search_lets_other_threads_run_and_stops_when_asked() -> None:
    search = search_of("extreme", 5, 4)  # about a second compiled, 71,621 states
    kernel = search._make_kernel()
    assert kernel is not None
    ticks: list[float] = []
    other = threading.Thread(target=stopper(kernel.ctx, ticks))
    other.start()
    got, _, stored = kernel.run(search.full, 1 << 60, NO_LIMIT, NO_LIMIT, 1e6)
    other.join()
    assert len(ticks) == 5  # the other thread ran while the search did
    assert got is None  # stopped, not finished
    assert stored < 71_621
    # What it kept is sound, and the next run is not stopped.
    again, _, _ = kernel.run(search.full, 1 << 60, NO_LIMIT, NO_LIMIT, 1e6)
    fresh = search_of("extreme", 5, 4)
    assert again == fresh.expected_sum(fresh.full)


@needs_numba
def test_the_worst_case_search_lets_other_threads_run_and_stops_when_asked() -> None:
    search = search_of("nightmare", 5, 1)  # needs 8 tests: minutes from an empty table
    kernel = search._make_worst()
    assert kernel is not None
    ticks: list[float] = []
    other = threading.Thread(target=stopper(kernel.ctx, ticks))
    other.start()
    part = search.part_of(search.full)
    got, _, _ = kernel.feasible(search.full, 8, part, NO_LIMIT, NO_LIMIT, 1e6)
    other.join()
    assert len(ticks) == 5
    assert got is None
    # A question after the stop is answered in full.
    assert kernel.feasible(search.full, 3, part, NO_LIMIT, NO_LIMIT, 1e6)[0] is False


@needs_numba
def test_one_thread_at_a_time_is_let_into_a_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two threads asking one search (a board's cancelled hint runs on beside the next)
    take turns in its kernel, and both get the exact answer."""
    search = search_of("extreme", 5, 4)
    kernel = search._make_kernel()
    assert kernel is not None
    inside = 0
    most = 0
    lock = threading.Lock()
    from turing.analysis import kernel as module

    real = module._expected

    def counted(*args: object) -> object:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
        try:
            return real(*args)
        finally:
            with lock:
                inside -= 1

    monkeypatch.setattr(module, "_expected", counted)
    answers: list[int | None] = []

    def ask() -> None:
        answers.append(kernel.run(search.full, 1 << 60, NO_LIMIT, NO_LIMIT, 1e6)[0])

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fresh = search_of("extreme", 5, 4)
    assert answers == [fresh.expected_sum(fresh.full)] * 2
    assert most == 1
