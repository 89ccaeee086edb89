"""The compiled expected search gives the search's own figures, within the same limits."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import turing.analysis
from testsupport.compiled import CLASSIC, narrowed, needs_numba
from turing.analysis import search as search_module
from turing.analysis.search import AnalysisTooLarge, Search, analyze_hypotheses
from turing.analysis.symmetry import code_symmetries
from turing.core.codes import indices
from turing.core.solver import Hypothesis, deduce
from turing.generation.generator import generate_one

#: the compiled search comes with the ``fast`` extra (numba); without it the search's own runs


@pytest.fixture(autouse=True)
def compiled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled search for every state, from the first unit of work."""
    monkeypatch.setattr(search_module, "COMPILED_FROM", 1)
    monkeypatch.setattr(search_module, "COMPILED_AFTER", 0)


def pair(hyps: tuple[Hypothesis, ...], max_states: int = 10**9) -> tuple[Search, Search]:
    own = Search(hyps, compiled=False, max_states=max_states)
    compiled = Search(hyps, max_states=max_states)
    return own, compiled


@needs_numba
@settings(max_examples=30, deadline=None)
@given(
    mode=st.sampled_from(["classic", "extreme"]),
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
    answers=st.integers(0, 3),
)
def test_compiled_expected_search_agrees_with_the_own_one(
    mode: str, verifiers: int, seed: int, answers: int
) -> None:
    hyps = narrowed(mode, verifiers, seed, answers)
    own, compiled = pair(hyps)
    if own.symmetric or own.is_known(own.full):
        return  # the compiled search is not used there (checked below), or not needed
    own.max_work = 300_000_000  # a second or so: larger states take the own search long
    try:
        total = own.expected_sum(own.full)
    except AnalysisTooLarge:
        assume(False)
    own.max_work = search_module.MAX_WORK
    assert compiled.expected_sum(compiled.full) == total
    assert compiled._kernel() is not None
    # With a bound: the exact total below it, else a lower bound at least the bound.
    for bound in (total - 1, total, total + 1):
        got = Search(hyps).expected_sum(own.full, bound)
        if total < bound:
            assert got == total
        else:
            assert total >= got >= bound
    # Which first tests keep the mean: the same.
    for y in own.splits(own.full):
        assert compiled.is_expected_optimal(compiled.full, y) == own.is_expected_optimal(
            own.full, y
        )


def test_analysis_figures_are_the_same_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    hyps = narrowed("extreme", 5, 3, 0)
    compiled = analyze_hypotheses(hyps)
    monkeypatch.setattr(search_module, "COMPILED_FROM", 10**9)
    own = analyze_hypotheses(hyps)
    assert compiled.min_tests_expected_exact == own.min_tests_expected_exact
    assert compiled.rounds_expected_exact == own.rounds_expected_exact
    assert compiled.first_round == own.first_round


def test_compiled_search_keeps_the_state_limit() -> None:
    hyps = narrowed("extreme", 5, 3, 0)
    own, compiled = pair(hyps, max_states=10)
    for search in (own, compiled):
        with pytest.raises(AnalysisTooLarge, match="stored more than 10 states"):
            search.expected_sum(search.full)
    # What it proved before it stopped stays a bound below the exact total.
    exact = Search(hyps, compiled=False).expected_sum(own.full)
    compiled.max_states = 10**9
    assert compiled.greedy_sum(compiled.full) >= exact
    assert compiled.e_floor(compiled.full) <= exact


def test_compiled_search_keeps_the_work_limit_and_goes_on_where_it_stopped() -> None:
    hyps = narrowed("extreme", 5, 3, 0)
    exact = Search(hyps, compiled=False).expected_sum(Search(hyps).full)
    search = Search(hyps, max_work=10_000)
    with pytest.raises(AnalysisTooLarge, match="work limit"):
        search.expected_sum(search.full)
    search.new_share(10**12)
    assert search.expected_sum(search.full) == exact


@needs_numba
def test_compiled_search_keeps_the_time_limit() -> None:
    puzzle = generate_one("extreme", 6, "hard", 8, CLASSIC)
    search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
    search.deadline = time.process_time() + 0.05
    with pytest.raises(AnalysisTooLarge, match="time limit"):
        search.expected_sum(search.full)
    assert search._kernel() is not None
    assert search.states_stored < 98_685  # all it takes without a limit


def test_the_own_search_serves_symmetric_and_large_sets() -> None:
    nightmare = generate_one("nightmare", 4, None, 2, CLASSIC)
    search = Search(deduce(nightmare.public(), CLASSIC).hypotheses)
    assert search.symmetric and search._make_kernel() is None
    assert Search(narrowed("extreme", 5, 3, 0), compiled=False)._make_kernel() is None


@pytest.mark.parametrize("compiled", [True, False])
def test_a_stopped_search_keeps_its_best_strategy_as_an_upper_bound(compiled: bool) -> None:
    hyps = narrowed("extreme", 5, 3, 0)
    exact = Search(hyps, compiled=False).expected_sum(Search(hyps).full)
    uppers = []
    for work in range(10_000, 600_000, 10_000):
        search = Search(hyps, compiled=compiled, max_work=work)
        try:
            search.expected_sum(search.full)
        except AnalysisTooLarge:
            upper = search.e_upper(search.full)
            if upper is not None:
                uppers.append(upper)
                assert upper >= exact
                # The greedy mean reported beside it takes it where it is less.
                search.max_work = search_module.MAX_WORK
                assert exact <= search.greedy_sum(search.full) <= upper
        else:
            assert search.e_upper(search.full) == exact
    assert uppers  # some stops had found a strategy for the whole state


def test_without_numba_the_own_search_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "turing.analysis.kernel", None)  # import fails
    monkeypatch.delattr(turing.analysis, "kernel", raising=False)
    hyps = narrowed("extreme", 5, 3, 0)
    exact = Search(hyps, compiled=False).expected_sum(Search(hyps).full)
    search = Search(hyps)
    calls: list[tuple[bool, str]] = []
    search.on_prepare = lambda ready, kind: calls.append((ready, kind))
    assert search.expected_sum(search.full) == exact
    assert search._kernel() is None
    assert calls == [(False, "expected"), (True, "expected")]  # a progress line is put back


@needs_numba
def test_the_own_search_gets_one_share_for_all_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    hyps = narrowed("extreme", 5, 3, 0)
    plain = Search(hyps, compiled=False)
    costs = {}
    for y in plain.splits(plain.full):
        half = Search(hyps, compiled=False)
        half.expected_sum(y)
        costs[y] = half.work
    # Two halves that each fit in the share, but not together.
    one = max(costs, key=costs.__getitem__)
    other = next(y for y in costs if y != one and costs[y] > 0)
    monkeypatch.setattr(search_module, "COMPILED_AFTER", costs[one] + 1)
    search = Search(hyps)
    search.expected_sum(one)
    assert search._kernel() is None  # within the share
    search.expected_sum(other)
    assert search._kernel() is not None  # the share was used up by the first question


@needs_numba
def test_the_table_of_states_grows_in_mid_search_and_keeps_every_state() -> None:
    from turing.analysis.kernel import ExpectedKernel

    own = Search(narrowed("extreme", 5, 3, 0), compiled=False)
    total = own.expected_sum(own.full)
    kernel = ExpectedKernel(own.root_splits, own.code_bits, own._planes, own._log_table(), 1, 16)
    got, _, stored = kernel.run(own.full, 1 << 60, 10**12, 10**9, 60.0)
    assert got == total
    assert kernel.slots >= 2 * kernel.taken > 16  # it doubled, more than once
    # The same states as the search's own, with the same totals: none was lost as the
    # table grew.
    assert stored > 0
    for state, exact in own._e_exact.items():
        assert kernel.known(state)[0] == exact
    # Asked again: answered from the table, without work.
    assert kernel.run(own.full, 1 << 60, 10**12, 10**9, 60.0)[:2] == (total, 0)


@needs_numba
def test_sets_of_more_than_512_groups_run_compiled_with_the_same_answers() -> None:
    puzzle = generate_one("extreme", 5, "hard", 2, CLASSIC)
    own, compiled = pair(tuple(deduce(puzzle.public(), CLASSIC).hypotheses))
    assert own.size > 1000
    start = own.e_lower(own.full)
    for bound in (start + 2, start + 40):  # short questions for the search's own
        assert compiled.expected_sum(compiled.full, bound) == own.expected_sum(own.full, bound)
    assert compiled._kernel() is not None


@needs_numba
def test_the_compiled_search_keeps_its_figures_for_each_image_of_a_state() -> None:
    # Classic 4 (seed 7): 126 groups, 39 codes; the code's places in any order keep them,
    # and their weights.
    hyps = narrowed("classic", 4, 7, 0)
    own, compiled = pair(hyps)
    perms = code_symmetries(own.keys)
    assert len(perms) == 5 and compiled._code_images(weighted=True) == perms
    assert compiled.expected_sum(compiled.full) == own.expected_sum(own.full)
    kernel = compiled._kernel()
    assert kernel is not None
    for y in own.splits(own.full)[:8]:
        for half in (y, own.full ^ y):
            exact = own.expected_sum(half)
            assert compiled.expected_sum(half) == exact
            kept = kernel.known(half)
            assert kept[0] == exact
            for perm in perms:
                image = 0
                for g in indices(half):
                    image |= 1 << perm[g]
                assert kernel.known(image)[:2] == kept[:2]
                assert own.expected_sum(image) == exact


@needs_numba
def test_every_compiled_function_of_the_analysis_is_written_in_one_file() -> None:
    """numba keeps a compiled function on disk by the stamp of the file it is written in,
    with the functions it calls compiled into it: a function from another file could
    change while the kept code goes on running its old version."""
    from numba.core.dispatcher import Dispatcher
    from numba.extending import _Intrinsic

    from turing.analysis import kernel

    own = Path(kernel.__file__).resolve()
    found: list[Any] = []
    for info in pkgutil.iter_modules(turing.analysis.__path__, "turing.analysis."):
        for v in vars(importlib.import_module(info.name)).values():
            if isinstance(v, Dispatcher):
                found.append(v.py_func)
            elif isinstance(v, _Intrinsic):
                found.append(v._defn)
    assert len(found) > 40
    for fn in found:
        assert Path(inspect.getfile(fn)).resolve() == own, fn.__qualname__
