"""Helpers for the tests of the compiled searches (the ``fast`` extra)."""

from __future__ import annotations

import importlib.util
import random
import time
from typing import Any

import pytest

from turing.analysis.search import MAX_GROUPS, group_key
from turing.core.cards import load_cardset
from turing.core.solver import Hypothesis, after_test, deduce
from turing.generation.generator import generate_one

CLASSIC = load_cardset("classic")

#: the compiled searches come with the ``fast`` extra (numba); without it the search's own
#: runs
needs_numba = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="the fast extra (numba) is not installed"
)


def narrowed(mode: str, verifiers: int, seed: int, answers: int) -> tuple[Hypothesis, ...]:
    """A generated puzzle's hypotheses after a few answers a random hidden assignment
    gives (small enough for the search's own in a test): ``answers`` of them, and more
    while the search could not take the table (more distinct assignments than
    :data:`~turing.analysis.search.MAX_GROUPS`, as some 6-verifier nightmare tables have
    after one answer)."""
    puzzle = generate_one(mode, verifiers, None, seed, CLASSIC)
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    rng = random.Random(seed)
    hidden = rng.choice(hyps)
    given = 0
    while given < answers or len({group_key(h) for h in hyps}) > MAX_GROUPS:
        code, verifier = rng.randrange(125), rng.randrange(verifiers)
        hyps = after_test(hyps, code, verifier, hidden.answer(code, verifier))
        given += 1
    return tuple(hyps)


def slow_worst_kernel_construction(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Make loading the compiled worst-case search first burn ``seconds`` of processor
    time, as compiling it does the first time on a machine."""
    from turing.analysis import kernel

    load = kernel.WorstKernel.load

    def slow(self: kernel.WorstKernel) -> None:
        end = time.process_time() + seconds
        while time.process_time() < end:
            pass
        load(self)

    monkeypatch.setattr(kernel.WorstKernel, "load", slow)


def wait_until_running(ctx: Any) -> None:
    """Return once the compiled search whose counters ``ctx`` are (a kernel's ``ctx``) has
    counted some work: it is running. Where a search held Python's lock while it ran, the
    thread that waits would wake only when it returned."""
    from turing.analysis import kernel

    while int(ctx[kernel._WORK]) < 1_000_000:
        time.sleep(0.001)
