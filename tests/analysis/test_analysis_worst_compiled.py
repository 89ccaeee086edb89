"""The compiled worst-case search gives the search's own answers, within the same limits."""

from __future__ import annotations

import random
import sys
import time
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import turing.analysis
from testsupport.compiled import (
    CLASSIC,
    narrowed,
    needs_numba,
    slow_worst_kernel_construction,
)
from turing.analysis import search as search_module
from turing.analysis.search import (
    AnalysisTooLarge,
    Search,
    analyze_hypotheses,
    min_tests_bounds,
)
from turing.analysis.symmetry import code_symmetries
from turing.core.codes import indices
from turing.core.solver import deduce
from turing.generation.generator import generate_one


@pytest.fixture(autouse=True)
def compiled_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled search for every set with interchangeable letters, at once."""
    monkeypatch.setattr(search_module, "WORST_FROM", 1)
    monkeypatch.setattr(search_module, "COMPILED_AFTER", 0)


@needs_numba
@settings(max_examples=25, deadline=None)
@given(
    mode=st.sampled_from(["nightmare", "nightmare", "extreme", "classic"]),
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
    answers=st.integers(0, 3),
)
def test_compiled_worst_case_search_agrees_with_the_own_one(
    mode: str, verifiers: int, seed: int, answers: int
) -> None:
    hyps = narrowed(mode, verifiers, seed, answers)
    try:
        own = Search(hyps, compiled=False, max_work=400_000_000)  # a second or two
        exact = own.min_tests(own.full)
    except AnalysisTooLarge:  # too many groups, or past the work
        assume(False)
    assume(exact > 0)
    compiled = Search(hyps)
    assert compiled.min_tests(compiled.full) == exact
    assert compiled._worst is not None or not compiled.symmetric or exact <= 1
    fresh = Search(hyps)
    assert fresh.feasible(fresh.full, exact)
    assert not Search(hyps).feasible(fresh.full, exact - 1)
    # The halves of the first tests, at every budget (states the search did not start
    # from: their letters' classes found afresh).
    for y in own.splits(own.full)[:4]:
        for half in (y, own.full ^ y):
            mine = Search(hyps)
            for budget in range(exact + 1):
                try:
                    expected = own._feasible(half, budget)
                except AnalysisTooLarge:
                    own.new_share(400_000_000)
                    break
                assert mine.feasible(half, budget) == expected
    # Ranked by the pairs of assignments the splits leave (as the ceiling is lowered from
    # above): the same answers.
    by_pairs = Search(hyps)
    by_pairs._rank_by_pairs = True
    assert by_pairs.feasible(by_pairs.full, exact)
    assert not by_pairs.feasible(by_pairs.full, exact - 1)
    # The tests that keep the guarantee: the same.
    if exact <= 4:
        assert compiled.optimal_splits(compiled.full) == Search(
            hyps, compiled=False
        ).optimal_splits(own.full)


@needs_numba
@settings(max_examples=20, deadline=None)
@given(
    mode=st.sampled_from(["nightmare", "nightmare", "extreme"]),
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
    answers=st.integers(0, 3),
)
def test_compiled_greedy_strategies_agree_with_the_own_ones(
    mode: str, verifiers: int, seed: int, answers: int
) -> None:
    hyps = narrowed(mode, verifiers, seed, answers)
    try:
        own = Search(hyps, compiled=False, max_work=400_000_000)
        states = [own.full]
        for y in own.splits(own.full)[:3]:
            states += [y, own.full ^ y]
        depths = [(own.greedy_depth(s), own.greedy_weight_depth(s)) for s in states]
        totals = [(own._greedy_total.get(s, 0), own._greedy_w_total.get(s, 0)) for s in states]
    except AnalysisTooLarge:
        assume(False)
    compiled = Search(hyps)
    assume(compiled._compile_worst)  # interchangeable letters
    for state, (by_codes, by_weight), summed in zip(states, depths, totals, strict=True):
        # Each state asked first, in a search of its own (its letters' classes found
        # afresh), then again in the one search (answered from what the kernel keeps).
        fresh = Search(hyps)
        assert (fresh.greedy_depth(state), fresh.greedy_weight_depth(state)) == (
            by_codes,
            by_weight,
        )
        # The same strategies: the same summed tests.
        assert (
            fresh._greedy_total.get(state, 0),
            fresh._greedy_w_total.get(state, 0),
        ) == summed
        assert fresh.ceiling_sum(state) == min(summed)
        assert fresh._worst is not None or by_weight <= 1
        assert compiled.ceiling(state) == min(by_codes, by_weight)
        if not compiled.is_known(state):  # (a known state keeps no bounds)
            low, high = compiled.tests_bounds(state)
            assert high is not None and low <= high <= min(by_codes, by_weight)


@needs_numba
def test_the_compiled_greedy_strategies_keep_the_time_limit() -> None:
    # 17,280 groups: the two greedy strategies take about 0.3 s, compiled.
    puzzle = generate_one("nightmare", 6, "hard", 1, CLASSIC)
    search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
    assert search._make_worst() is not None  # loaded before the clock starts
    start = time.process_time()
    search.deadline = search.clock() + 0.02  # the search's clock leaves out the loading
    with pytest.raises(AnalysisTooLarge, match="time"):
        search.ceiling(search.full)
    assert time.process_time() - start < 1.5
    assert search.full not in search._greedy and search.full not in search._greedy_w


@needs_numba
def test_a_nightmare_puzzle_compiled_and_not() -> None:
    hyps = narrowed("nightmare", 5, 3, 0)
    own = Search(hyps, compiled=False)
    compiled = Search(hyps)
    assert compiled.min_tests(compiled.full) == own.min_tests(own.full) == 6
    assert compiled._worst is not None


@needs_numba
def test_a_state_no_test_splits_within_the_budget_is_refuted_at_once_and_not_kept() -> None:
    """With 5 codes and 3 tests left, the first test must leave at most 4 codes on either
    side. Where none does, the compiled search says so before it looks the state up, and
    keeps nothing of it (finding that out again costs less than keeping it)."""
    hyps = narrowed("nightmare", 5, 3, 0)
    own = Search(hyps, compiled=False)
    assert not own.feasible(own.full, 3)
    search = Search(hyps)
    kernel = search._make_worst()
    assert kernel is not None
    state = search.full
    part = search.part_of(state)
    assert search.ncodes(state) == 5
    got, _, stored = kernel.feasible(state, 3, part, 10**12, 10**6, 60.0)
    assert got is False and stored == 0
    assert kernel.bounds(state) == (0, None)
    # With one test more every split fits: refuted by searching, and kept.
    got, _, stored = kernel.feasible(state, 4, part, 10**12, 10**6, 60.0)
    assert got is False and stored > 0
    assert kernel.bounds(state)[0] >= 5


@needs_numba
@settings(max_examples=30, deadline=None)
@given(
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
    picks=st.randoms(use_true_random=False),
    limit=st.integers(1, 40),
    letters=st.integers(1, 63),
)
def test_the_tests_that_fit_are_counted_64_at_once_as_one_at_a_time(
    verifiers: int, seed: int, picks: random.Random, limit: int, letters: int
) -> None:
    """The compiled search counts, for 64 tests at once, the codes each half of a test
    meets; the same counts one test at a time, on a random part of a nightmare table."""
    from turing.analysis import kernel as compiled

    hyps = narrowed("nightmare", verifiers, seed, 1)
    search = Search(hyps)
    made = search._make_worst()
    assert made is not None
    state = 0
    while not state:
        state = sum(1 << g for g in range(search.size) if picks.random() < 0.3)
    codes = search.present(state)
    allowed = np.array([bool(letters >> v & 1) for v in range(verifiers)])
    words = made._state(state)
    lo, hi = compiled._span(words)
    at = compiled._nonzero_words(words, lo, hi)
    some_fit, fits, meets, misses = compiled._fitting(
        words, np.array(codes, dtype=np.int64), limit, allowed, made.data, at
    )
    tests, test_letters, _, _ = search._test_table(search.full)
    expected_fits = False
    for t, yes in enumerate(tests):
        a = sum(1 for c in codes if yes & state & search.code_bits[c])
        b = sum(1 for c in codes if ~yes & state & search.code_bits[c])
        assert (compiled._count_at(meets, t), compiled._count_at(misses, t)) == (a, b)
        fit = bool(allowed[test_letters[t]]) and 0 < a <= limit and 0 < b <= limit
        assert bool(fits[t // 64] >> np.uint64(t % 64) & np.uint64(1)) == fit
        expected_fits |= fit
    assert some_fit == expected_fits


@needs_numba
@settings(max_examples=25, deadline=None)
@given(
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
    picks=st.randoms(use_true_random=False),
    letters=st.integers(1, 63),
    share=st.sampled_from([0.002, 0.02, 0.3]),
)
def test_the_tests_that_split_a_half_are_counted_from_its_groups(
    verifiers: int, seed: int, picks: random.Random, letters: int, share: float
) -> None:
    """Which half of a split the compiled search tries first counts the tests on the
    allowed letters that split each half; the same count, test by test."""
    from turing.analysis import kernel as compiled

    hyps = narrowed("nightmare", verifiers, seed, 1)
    search = Search(hyps)
    made = search._make_worst()
    assert made is not None
    # Small parts too: there, tests holding every group (or none) are common.
    state = sum(1 << g for g in range(search.size) if picks.random() < share)
    allowed = np.array([bool(letters >> v & 1) for v in range(verifiers)])
    words = made._state(state)
    lo, hi = compiled._span(words)
    tests, test_letters, _, _ = search._test_table(search.full)
    expected = sum(
        1
        for t, yes in enumerate(tests)
        if allowed[test_letters[t]] and yes & state not in (0, state)
    )
    at = compiled._nonzero_words(words, lo, hi)
    assert compiled._split_count(words, allowed, made.data, at) == expected


@needs_numba
def test_compiled_worst_case_search_keeps_the_work_limit_and_goes_on() -> None:
    hyps = narrowed("nightmare", 5, 3, 0)
    exact = Search(hyps, compiled=False).min_tests(Search(hyps).full)
    # Past the greedy ceilings (about 2.2 million units), within the compiled search.
    search = Search(hyps, max_work=3_000_000)
    with pytest.raises(AnalysisTooLarge, match="work limit"):
        search.min_tests(search.full)
    assert search._worst is not None
    low, high = search.tests_bounds(search.full)
    assert low <= exact and (high is None or high >= exact)
    search.new_share(10**12)
    assert search.min_tests(search.full) == exact


@needs_numba
def test_compiled_worst_case_search_keeps_the_state_limit() -> None:
    hyps = narrowed("nightmare", 5, 3, 0)
    search = Search(hyps, max_states=5)
    with pytest.raises(AnalysisTooLarge, match="stored more than 5 states"):
        search.min_tests(search.full)


@needs_numba
def test_compiled_worst_case_search_keeps_the_time_limit() -> None:
    puzzle = generate_one("nightmare", 6, "hard", 1, CLASSIC)
    start = time.process_time()
    low, high = min_tests_bounds(puzzle, CLASSIC, time_limit=2.0)
    # Loading the compiled search is not counted (about a second once it is compiled).
    assert time.process_time() - start < 8
    assert high is not None and low < high


@needs_numba
def test_loading_the_compiled_search_is_not_counted_against_the_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Compiling it, the first time on a machine, takes about 30 s: the first run must give
    the figures later runs give."""
    slow_worst_kernel_construction(monkeypatch, 1.5)
    hyps = narrowed("nightmare", 5, 3, 0)
    exact = Search(hyps, compiled=False).min_tests(Search(hyps).full)
    result = analyze_hypotheses(hyps, expected=False, rounds=False, time_limit=1.0)
    assert result.min_tests_worst == exact


@needs_numba
def test_building_the_compiled_searchs_tables_is_counted_against_the_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only importing and loading (compiling) the compiled search is left out of the time
    limit: its tables are built for each puzzle (0.55 s on 47,520 groups)."""
    from turing.analysis import kernel

    made, load = kernel.WorstKernel.__init__, kernel.WorstKernel.load
    loaded: list[float] = []

    def slow(self: kernel.WorstKernel, *args: Any, **kwargs: Any) -> None:
        end = time.process_time() + 1.5
        while time.process_time() < end:
            pass
        made(self, *args, **kwargs)

    def timed(self: kernel.WorstKernel) -> None:
        start = time.process_time()
        load(self)
        loaded.append(time.process_time() - start)

    monkeypatch.setattr(kernel.WorstKernel, "__init__", slow)
    monkeypatch.setattr(kernel.WorstKernel, "load", timed)
    search = Search(narrowed("nightmare", 5, 3, 0))
    assert search._make_worst() is not None
    assert len(loaded) == 1
    assert search.loading_seconds < loaded[0] + 0.5  # not the 1.5 s of building


def test_the_time_limit_counts_the_deduction(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time_limit`` counts from the call: a deduction that takes it all leaves the search
    none (this table is exact in a tenth of a second otherwise)."""
    puzzle = generate_one("nightmare", 4, "easy", 1, CLASSIC)
    assert min_tests_bounds(puzzle, CLASSIC, time_limit=5.0) == (7, 7)

    def slow(*args: Any, **kwargs: Any) -> Any:
        end = time.process_time() + 1.0
        while time.process_time() < end:
            pass
        return deduce(*args, **kwargs)

    monkeypatch.setattr(search_module, "deduce", slow)
    low, high = min_tests_bounds(puzzle, CLASSIC, time_limit=0.5)
    assert high is not None and low < 7 <= high
    result = search_module.analyze(puzzle, CLASSIC, expected=False, rounds=False, time_limit=0.5)
    assert result.min_tests_worst is None and result.tests_bounds is not None


@needs_numba
def test_bounds_of_a_stopped_search_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    hyps = narrowed("nightmare", 6, 7, 0)
    exact = Search(hyps).min_tests(Search(hyps).full)
    for work in (10_000, 100_000, 1_000_000, 10_000_000):
        search = Search(hyps)
        low, high = search.bounded_min_tests(search.full, work)
        assert low <= exact <= high


def test_without_numba_the_own_worst_case_search_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "turing.analysis.kernel", None)  # import fails
    monkeypatch.delattr(turing.analysis, "kernel", raising=False)
    hyps = narrowed("nightmare", 5, 3, 0)
    exact = Search(hyps, compiled=False).min_tests(Search(hyps).full)
    search = Search(hyps)
    calls: list[tuple[bool, str]] = []
    search.on_prepare = lambda ready, kind: calls.append((ready, kind))
    assert search.min_tests(search.full) == exact
    assert search._worst is None
    assert calls == [(False, "worst"), (True, "worst")]  # a progress line is put back


def test_the_policy_keeps_the_own_worst_case_search() -> None:
    """bot:optimal and ``hint best`` ask many small questions, each answered from what the
    search's own keeps."""
    hyps = narrowed("nightmare", 5, 3, 0)
    search, _ = search_module._search_for(hyps)
    assert search.symmetric and not search._compile_worst
    assert Search(hyps)._compile_worst


@needs_numba
def test_the_compiled_search_keeps_its_orbits_bounds_for_their_images() -> None:
    # Nightmare 4 (seed 22): 288 groups; the code's places in any order keep them.
    hyps = narrowed("nightmare", 4, 22, 0)
    own = Search(hyps, compiled=False)
    perms = code_symmetries(own.keys)
    assert len(perms) == 5
    search = Search(hyps)
    kernel = search._make_worst()
    assert kernel is not None
    exact = search.min_tests(search.full)
    assert exact == own.min_tests(own.full)
    for y in own.splits(own.full)[:4]:
        for half in (y, own.full ^ y):
            need = own.min_tests(half)
            for budget in range(need + 1):
                assert search.feasible(half, budget) == (budget >= need)
            kept = kernel.bounds(half)
            assert kept[0] <= need and (kept[1] is None or need <= kept[1])
            for perm in perms:
                image = 0
                for g in indices(half):
                    image |= 1 << perm[g]
                # An image needs as many tests, and the compiled search says so.
                assert own.min_tests(image) == need
                for budget in (need - 1, need):
                    assert search.feasible(image, budget) == (budget >= need)
    # States equal up to a permutation of letters share an entry (their orbit's); an
    # orbit's images share its bounds.
    from numba.core.errors import NumbaTypeSafetyWarning

    number_of, cls_end = kernel.data[16], kernel.data[12]
    assert len(kernel.orbit_lower) > 0
    for kept_of in (kernel.orbit_lower, kernel.orbit_upper):
        with warnings.catch_warnings():
            # (numba's typed dicts warn of a cast of their own as Python reads them)
            warnings.simplefilter("ignore", NumbaTypeSafetyWarning)
            kept_at = {tuple(int(x) for x in okey): int(v) for okey, v in kept_of.items()}
        for okey, value in kept_at.items():
            for p in range(len(perms)):
                sets = [
                    sum(1 << int(number_of[p, b]) for b in range(64) if okey[place] >> b & 1)
                    for place in range(len(cls_end))
                ]
                place = 0
                while place < len(cls_end):
                    end = int(cls_end[place])
                    sets[place:end] = sorted(sets[place:end])
                    place = end
                assert kept_at[(*sets, *okey[len(cls_end) :])] == value


@needs_numba
def test_without_the_code_symmetries_the_same_answers() -> None:
    hyps = narrowed("nightmare", 4, 22, 0)
    plain = Search(hyps, code_symmetry=False)
    assert (
        plain._code_images(weighted=False) == ()
        and Search(hyps, symmetry=False)._code_images(weighted=False) == ()
    )
    assert len(Search(hyps)._code_images(weighted=False)) == 5
    assert plain.min_tests(plain.full) == Search(hyps).min_tests(plain.full)


@needs_numba
def test_a_table_is_not_doubled_past_the_runs_time() -> None:
    """Doubling a large table takes a second or more (the clock is looked at only between
    steps of a search): a doubling that would end past the run's time is not begun, the
    value is not kept, and the run stops as out of time. With time to spare the table
    doubles and keeps the value."""
    from turing.analysis import kernel

    def nearly_full(seconds: float) -> tuple[Any, np.ndarray]:
        tab = kernel._new_table(1 << 16)
        ctx = np.zeros(11, dtype=np.int64)
        kernel._arm(ctx, 1 << 40, 1 << 40, seconds)
        ctx[kernel._TAKEN] = 3 * (1 << 16) // 4  # the next new row needs a doubling
        return tab, ctx

    key = (np.uint64(12345), np.uint64(678))
    tab, ctx = nearly_full(0.001)  # a doubling of 65,536 slots takes milliseconds
    kernel._put(tab, key, kernel._UPPER, 7, ctx)
    assert tab[0].shape[0] == 1 << 16 and ctx[kernel._TAKEN] == 3 * (1 << 16) // 4
    assert ctx[kernel._OUT_OF_TIME] == 1 and ctx[kernel._WORK_LIMIT] == -1
    assert kernel._get(tab, key, kernel._UPPER) < 0
    tab, ctx = nearly_full(60.0)
    kernel._put(tab, key, kernel._UPPER, 7, ctx)
    assert tab[0].shape[0] == 1 << 17 and ctx[kernel._OUT_OF_TIME] == 0
    assert kernel._get(tab, key, kernel._UPPER) == 7


def test_a_compiled_run_out_of_time_ends_the_search_as_its_time_limit_does() -> None:
    """Before the clock says so: the kernel stopped rather than double its table past the
    time it was given, which is the search's time."""
    search = Search(
        deduce(generate_one("classic", 4, None, 1, CLASSIC).public(), CLASSIC).hypotheses
    )

    class Stopped:
        out_of_time = True

    with pytest.raises(AnalysisTooLarge) as raised:
        search._compiled_run(lambda work, stored, seconds: (None, 0, 0), 1, 1, Stopped())  # type: ignore[arg-type]
    assert raised.value.limit == "time"
    assert search.clock() < search.deadline  # (no deadline: the clock never passes it)


@needs_numba
def test_a_dict_of_orbit_bounds_does_not_grow_past_the_runs_time() -> None:
    """A numba dict grows when a new key finds two thirds of its power-of-two size taken
    (0.66 s for 5.6 million entries, with no look at the clock): a new key that would
    make it grow past the run's time is not kept. Others are, as are keys already in it."""
    from numba import njit, types
    from numba.typed import Dict

    from turing.analysis import kernel

    @njit  # type: ignore[untyped-decorator]
    def fill(d: Any, n: int) -> None:
        for i in range(n):
            x = np.uint64(i)
            d[(x, x, x, x, x, x)] = i

    full = Dict.empty(key_type=kernel._ORBIT, value_type=types.int64)
    at_growth = (2 * (1 << 17)) // 3  # the next new key makes a dict of 2^17 slots grow
    fill(full, at_growth)
    ctx = np.zeros(11, dtype=np.int64)
    new = tuple(np.uint64(at_growth) for _ in range(6))
    old = tuple(np.uint64(1) for _ in range(6))
    kernel._arm(ctx, 1 << 40, 1 << 40, 0.001)  # the growth would take about 15 ms
    assert not kernel._room(full, new, ctx)
    assert kernel._room(full, old, ctx)
    kernel._arm(ctx, 1 << 40, 1 << 40, 60.0)
    assert kernel._room(full, new, ctx)
    smaller = Dict.empty(key_type=kernel._ORBIT, value_type=types.int64)
    fill(smaller, at_growth - 1)
    kernel._arm(ctx, 1 << 40, 1 << 40, 0.0)
    assert kernel._room(smaller, new, ctx)  # no growth: kept whatever the time
