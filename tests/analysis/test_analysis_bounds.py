"""Bounds past a limit: what a search stopped early reports always brackets the exact figure."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from turing.analysis import search as search_module
from turing.analysis.search import (
    Analysis,
    AnalysisTooLarge,
    Search,
    analyze_hypotheses,
    work_limit,
)
from turing.core.cards import load_cardset
from turing.core.puzzle import iter_puzzle_file, puzzle_from_dict
from turing.core.solver import Hypothesis, deduce
from turing.generation.generator import generate_one

CLASSIC = load_cardset("classic")

#: A nightmare table whose exact worst case is 6 tests, from 7 codes.
NIGHTMARE = {"mode": "nightmare", "cards": [3, 7, 10, 14]}


def hypotheses(
    mode: str, seed: int, verifiers: int = 4, tier: str = "hard"
) -> Sequence[Hypothesis]:
    puzzle = generate_one(mode, verifiers, tier, seed, CLASSIC)
    return deduce(puzzle.public(), CLASSIC).hypotheses


@cache
def cases() -> tuple[tuple[str, Sequence[Hypothesis], Analysis], ...]:
    """Tables with at least 3 tests in the worst case, and their exact figures."""
    out: list[tuple[str, Sequence[Hypothesis], Analysis]] = []
    for mode, seed in itertools.product(("classic", "extreme"), range(1, 40)):
        hyps = hypotheses(mode, seed)
        if len({h.code for h in hyps}) < 3 or len(hyps) > 400:
            continue
        exact = analyze_hypotheses(hyps)
        if exact.min_tests_worst is not None and exact.min_tests_worst >= 3:
            out.append((f"{mode} seed {seed}", hyps, exact))
        if sum(name.startswith(mode) for name, _, _ in out) >= 3:
            break
    night = deduce(puzzle_from_dict(NIGHTMARE, CLASSIC).public(), CLASSIC).hypotheses
    out.append(("nightmare", night, analyze_hypotheses(night, expected=False)))
    return tuple(out)


def shipped_nightmare() -> Sequence[Hypothesis]:
    """The shipped nightmare puzzle 04-N's hypotheses (96)."""
    shipped = Path(__file__).resolve().parents[2] / "puzzles" / "nightmare.yaml"
    loaded = next(x for x in iter_puzzle_file(shipped) if x.puzzle.id == "04-N")
    return deduce(loaded.puzzle, loaded.cardset).hypotheses


def test_the_cases_are_exact() -> None:
    for name, _, exact in cases():
        assert exact.min_tests_worst is not None, name
        assert exact.tests_bounds == (exact.min_tests_worst, exact.min_tests_worst)
        assert "min_tests_worst" not in exact.bounds_only


@pytest.mark.parametrize("work", [1, 1_000, 100_000, 3_000_000])
def test_worst_case_bounds_bracket_the_exact_answer(work: int) -> None:
    for name, hyps, exact in cases():
        t = exact.min_tests_worst
        assert t is not None
        search = Search(hyps)
        low, high = search.bounded_min_tests(search.full, work)
        assert low <= t <= high, (name, work)
        if low == high:
            assert low == t


def test_a_small_work_limit_gives_bounds_that_are_not_exact() -> None:
    _, hyps, exact = cases()[-1]
    assert exact.min_tests_worst == 6
    capped = analyze_hypotheses(hyps, max_work=1_000)
    assert capped.min_tests_worst is None
    low, high = capped.tests_bounds
    assert low < high and low <= 6 <= high
    assert {"min_tests_worst", "rounds_worst"} <= set(capped.bounds_only)
    assert capped.first_round is None
    r_low, r_high = capped.rounds_bounds
    assert r_low <= 2 <= r_high  # 6 tests need at least 2 rounds of 3
    record = capped.to_dict()
    assert record["min_tests_worst"] is None
    assert record["min_tests_worst_bounds"] == [low, high]
    assert "min_tests_worst" in record["bounds_only"]


def test_under_a_time_limit_the_default_work_limit_is_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, hyps, exact = cases()[-1]
    monkeypatch.setattr(search_module, "MAX_WORK", 1_000)
    assert work_limit(None, None) == 1_000 and work_limit(5, 60.0) == 5
    # The default work limit stops the search early; a time limit alone lets it finish.
    assert analyze_hypotheses(hyps, expected=False, rounds=False).min_tests_worst is None
    timed = analyze_hypotheses(hyps, expected=False, rounds=False, time_limit=600)
    assert timed.min_tests_worst == exact.min_tests_worst == 6
    # A work limit asked for still holds beside it.
    both = analyze_hypotheses(hyps, expected=False, rounds=False, time_limit=600, max_work=1_000)
    assert both.min_tests_worst is None
    # The expected search's and the rounds search's the same.
    for name, hyps, exact in cases()[:-1]:
        assert exact.min_tests_expected is not None and exact.rounds_worst is not None
        monkeypatch.setattr(search_module, "EXPECTED_WORK", 100)
        monkeypatch.setattr(search_module, "ROUND_WORK", 100)
        capped = analyze_hypotheses(hyps)
        # the expected search stopped (its mean of the tests exact only if its bounds meet)
        stopped = dict(capped.stopped_by)
        assert capped.rounds_expected is None, name
        assert stopped["rounds_expected"] == "expected_work", name
        assert stopped.get("min_tests_expected", "expected_work") == "expected_work", name
        # (the worst case's own work limit, still 1,000, may have stopped it first)
        worst_stopped = "round_work" if capped.min_tests_worst is not None else "max_work"
        assert stopped["rounds_worst"] == worst_stopped, name
        assert set(stopped) == set(capped.bounds_only), name
        if capped.min_tests_expected is not None:
            assert capped.min_tests_expected == exact.min_tests_expected, name
        assert capped.rounds_worst is None, name
        timed = analyze_hypotheses(hyps, time_limit=600)
        assert timed.min_tests_expected == exact.min_tests_expected, name
        assert timed.rounds_worst == exact.rounds_worst, name


def far_ceiling(monkeypatch: pytest.MonkeyPatch) -> Sequence[Hypothesis]:
    """The nightmare case's table (6 tests in the worst case), its searches given the
    greedy strategy by codes alone as their ceiling (10 tests): a ceiling far above the
    answer, as the greedy ceilings are on the largest tables."""
    monkeypatch.setattr(Search, "greedy_weight_depth", Search.greedy_depth)
    return cases()[-1][1]


def test_a_search_cut_short_lowers_the_greedy_ceiling_from_above(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import turing.analysis.search as analysis

    night = far_ceiling(monkeypatch)
    ceiling = Search(night).ceiling(Search(night).full)
    assert ceiling > 7  # the greedy strategy needs more than the 6 tests of the answer

    def cut_short(tighten: int) -> list[tuple[int, int]]:
        monkeypatch.setattr(analysis, "TIGHTEN_WORK", tighten)
        out = []
        for work in (100_000, 300_000, 1_000_000, 2_000_000):
            search = Search(night)
            low, high = search.bounded_min_tests(search.full, work)
            assert low <= 6 <= high
            if low < high:
                out.append((low, high))
        return out

    # A strategy one test under the best known is looked for first: a search that stops
    # short reports an upper bound below the greedy ceiling.
    assert any(high < ceiling for _, high in cut_short(analysis.TIGHTEN_WORK))
    assert all(high == ceiling for _, high in cut_short(0))


def test_the_ceiling_is_lowered_when_the_states_run_out_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With no work or time limit, the state limit stops the bottom-up search before its
    # share of work does: the ceiling is lowered from above all the same (before, a
    # longer time limit could leave a worse upper bound than a shorter one).
    night = far_ceiling(monkeypatch)
    ceiling = Search(night).ceiling(Search(night).full)
    highs = []
    for states in (300, 600, 1_000):
        search = Search(night)
        search.max_states = states
        low, high = search.bounded_min_tests(search.full, 10**12)
        assert low <= 6 <= high
        if low < high:
            assert search.stopped_by == "states"
            highs.append(high)
    assert highs and min(highs) < ceiling


def test_under_a_long_time_limit_the_ceiling_is_lowered_after_a_while(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Under a time limit, the bottom-up search runs at most TIGHTEN_AFTER seconds before
    # the ceiling is lowered from above (not three quarters of a long limit, after which
    # the states the tries need could be spent: a longer limit then gave a worse upper
    # bound than a shorter one).
    import turing.analysis.search as analysis

    night = far_ceiling(monkeypatch)
    monkeypatch.setattr(analysis, "PROGRESS_WORK", 1_000)  # the clock is read often
    tried: list[tuple[int, int | None]] = []
    tighten = Search._tighten

    def spy(self: Search, state: int) -> None:
        tried.append(self.tests_bounds(state))
        tighten(self, state)

    monkeypatch.setattr(Search, "_tighten", spy)

    def run() -> tuple[int, int]:
        search = Search(night)
        search.deadline = search.clock() + 1_000.0
        return search.bounded_min_tests(search.full, 10**12)

    assert run() == (6, 6) and tried == []  # done well within the first share
    monkeypatch.setattr(analysis, "TIGHTEN_AFTER", 0.0)
    assert run() == (6, 6)
    assert len(tried) == 1 and tried[0][0] < 6


def test_a_state_limit_gives_bounds_too() -> None:
    for name, hyps, exact in cases():
        capped = analyze_hypotheses(hyps, max_states=3, expected=False)
        t = exact.min_tests_worst
        assert t is not None
        low, high = capped.tests_bounds
        assert low <= t <= high, name
        assert (capped.min_tests_worst is None) == (low < high)


def test_expected_and_rounds_bounds_bracket_the_exact_figures() -> None:
    for name, hyps, exact in cases()[:-1]:
        if exact.min_tests_expected_exact is None or exact.rounds_worst is None:
            continue
        for work in (1, 10_000, 1_000_000):
            capped = analyze_hypotheses(hyps, max_work=work, expected_work=work, round_work=work)
            low, high = capped.expected_bounds_exact or (None, None)
            assert low is not None and high is not None
            assert low <= exact.min_tests_expected_exact <= high, (name, work)
            # A strategy that never needs more than the worst case's upper bound averages
            # no more than it either.
            worst_high = capped.tests_bounds[1]
            assert worst_high is not None and high <= worst_high, (name, work)
            if capped.min_tests_expected_exact is not None:
                assert capped.min_tests_expected_exact == exact.min_tests_expected_exact
            else:
                assert "min_tests_expected" in capped.bounds_only
            r_low, r_high = capped.rounds_bounds
            assert r_low <= exact.rounds_worst <= r_high, (name, work)


def test_a_rounds_search_cut_short_still_proves_one_round_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import turing.analysis.search as analysis

    # 58 assignments, 6 tests in the worst case, so at least 2 rounds; exactly 2.
    hyps = hypotheses("extreme", 3)
    exact = analyze_hypotheses(hyps, expected=False)
    assert (exact.min_tests_worst, exact.rounds_worst) == (6, 2)
    # The fewest rounds get one state, then 3 rounds are tried and proven within the
    # limit, and 2 again until the limit: bounds 2 to 3, not 2 to 6.
    monkeypatch.setattr(analysis, "ROUND_FIRST_LOOK", 1)
    capped = analyze_hypotheses(hyps, expected=False, round_states=3000)
    assert capped.rounds_worst is None and "rounds_worst" in capped.bounds_only
    assert capped.rounds_bounds == (2, 3)
    # Without the look at one round more, the same limit proves only what one test per
    # round gives.
    monkeypatch.setattr(analysis, "ROUND_FIRST_LOOK", 10**9)
    assert analyze_hypotheses(hyps, expected=False, round_states=3000).rounds_bounds == (2, 6)
    # With room enough, the answer is the exact one whatever the first look.
    monkeypatch.setattr(analysis, "ROUND_FIRST_LOOK", 1)
    assert analyze_hypotheses(hyps, expected=False).rounds_worst == 2


def test_progress_reports_bounds_that_bracket_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    import turing.analysis.search as analysis

    monkeypatch.setattr(analysis, "PROGRESS_WORK", 100_000)
    _, hyps, exact = cases()[-1]
    assert exact.min_tests_worst == 6
    seen: list[tuple[int, int]] = []
    result = analyze_hypotheses(hyps, expected=False, on_progress=lambda a, b: seen.append((a, b)))
    assert result.min_tests_worst == 6
    assert seen, "a search of this size reports its progress"
    assert all(low <= 6 <= high for low, high in seen)
    lows = [low for low, _ in seen]
    assert lows == sorted(lows)  # the proven lower bound only rises


def test_each_bound_on_the_fewest_tests_is_told_as_soon_as_it_is_proven() -> None:
    """Without waiting for a progress report (a compiled search may run for long between
    two): each budget proven too few is told as the next is searched, and the answer
    when the search ends, whatever the size of the search."""
    _, hyps, _exact = cases()[-1]
    seen: list[tuple[int, int]] = []
    result = analyze_hypotheses(hyps, expected=False, on_progress=lambda a, b: seen.append((a, b)))
    assert result.min_tests_worst == 6
    lows = [low for low, _ in seen]
    assert lows == sorted(lows) and all(low <= 6 <= high for low, high in seen)
    search = Search(hyps)
    first = search.t_lower(search.full)
    assert first < 6
    assert sorted(set(lows)) == list(range(first, 7))
    assert seen[-1] == (6, 6)


def test_a_mean_search_cut_short_is_bounded_from_both_sides() -> None:
    """What a stopped search proved on the halves bounds the mean from below, above the
    Huffman bound (and two tests deep above one test deep); the greedy strategy bounds it
    from above."""
    raised = deeper = 0
    for name, hyps, exact in cases()[:-1]:
        assert exact.min_tests_expected_exact is not None
        total = exact.min_tests_expected_exact * len(hyps)
        for work in (3_000, 30_000, 300_000):
            search = Search(hyps)
            search.max_work = work
            with contextlib.suppress(AnalysisTooLarge):
                search.expected_sum(search.full)
            search.max_work = 10**15
            one_deep = search._e_floor_one(search.full)
            low, high = search.e_floor(search.full), search.greedy_sum(search.full)
            assert one_deep <= low <= total <= high, (name, work)
            raised += low > search.huffman(search.full)
            deeper += low > one_deep
    assert raised
    assert deeper  # two tests deep rises above one test deep


def test_the_mean_is_no_more_than_the_fewest_tests_in_the_worst_case() -> None:
    # A shipped nightmare puzzle: the worst case is exact (5), the expected search is cut
    # off at once, and the greedy strategy averages more than 5 tests (6.229); a strategy
    # that never needs more than 5 tests averages no more than 5.
    hyps = shipped_nightmare()
    search = Search(hyps)
    assert Fraction(search.greedy_sum(search.full), len(hyps)) > 5
    result = analyze_hypotheses(hyps, expected_work=1, expected_states=1, round_work=1)
    assert result.tests_bounds == (5, 5)
    assert "min_tests_expected" in result.bounds_only
    assert result.expected_bounds_exact is not None
    low, high = result.expected_bounds_exact
    assert low <= high == 5


def test_a_strategy_within_the_fewest_tests_bounds_the_mean() -> None:
    """Each state's first split whose halves allow one test fewer: a strategy that never
    needs more than the budget, whose total is at least the least total."""
    for name, hyps, exact in cases()[:-1]:
        t, mean = exact.min_tests_worst, exact.min_tests_expected_exact
        assert t is not None and mean is not None
        total = mean * len(hyps)
        for budget in (t, t + 1):
            search = Search(hyps)
            assert total <= search.budget_sum(search.full, budget) <= budget * len(hyps), name
    # Where the greedy strategy averages more than the worst case (the shipped nightmare
    # puzzle 04-N: 5 tests, greedy 269/48), the strategy within 5 tests averages less.
    hyps = shipped_nightmare()
    search = Search(hyps)
    assert search.min_tests(search.full) == 5
    within = Fraction(search.budget_sum(search.full, 5), len(hyps))
    assert within == Fraction(109, 24) < 5 < Fraction(search.greedy_sum(search.full), len(hyps))
    assert Fraction(search.expected_sum(search.full), len(hyps)) == Fraction(13, 3) <= within
    # ``analyze`` reports it when the mean's search stops.
    result = analyze_hypotheses(hyps, expected_states=1, rounds=False)
    assert result.stopped_by == (("min_tests_expected", "expected_states"),)
    assert result.expected_bounds_exact is not None
    # Below it, the bound two tests deep (one test deep: 23/8).
    assert result.expected_bounds_exact == (Fraction(43, 12), Fraction(109, 24))


def test_the_bounds_on_a_stopped_mean_keep_within_the_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under a time limit the worst-case and expected searches leave its last tenth to the
    greedy mean, the strategy within the worst case and the bound two tests deep, which
    share what is left; without a time limit these run on their work limits alone (the
    same figures on every run)."""
    hyps = shipped_nightmare()
    seen: list[tuple[str, float, float]] = []

    def timed(name: str) -> None:
        run = getattr(Search, name)

        def record(self: Search, *args: int) -> int:
            seen.append((name, self.clock(), self.deadline))
            return int(run(self, *args))

        monkeypatch.setattr(Search, name, record)

    names = ("expected_sum", "greedy_sum", "budget_sum", "e_floor")
    for name in names:
        timed(name)
    untimed = analyze_hypotheses(hyps, expected_states=1, rounds=False)
    # The first call of each (greedy_sum is called again within the walk of budget_sum).
    firsts = {name: (now, deadline) for name, now, deadline in reversed(seen)}
    assert set(firsts) == set(names)
    assert all(deadline >= search_module._INF for _, deadline in firsts.values())
    seen.clear()
    limit = 600.0
    start = Search(hyps).clock()
    timed_result = analyze_hypotheses(hyps, expected_states=1, rounds=False, time_limit=limit)
    end = Search(hyps).clock() + limit
    firsts = {name: (now, deadline) for name, now, deadline in reversed(seen)}
    assert set(firsts) == set(names)
    assert start + limit * 0.9 <= firsts["expected_sum"][1] <= end - limit * 0.1
    for name in names[1:]:
        assert firsts[name][1] <= end, name
    # The greedy mean gets a third of the time left, not all of it.
    now, deadline = firsts["greedy_sum"]
    assert deadline - now <= (end - now) / 3
    assert timed_result.expected_bounds_exact == untimed.expected_bounds_exact


def test_the_worst_case_greedy_strategies_bound_the_mean() -> None:
    """Once the worst case's ceiling is found, its two greedy strategies' summed tests
    bound the mean from above: at least the exact total, at most their depth per
    assignment."""
    for name, hyps, exact in cases():
        search = Search(hyps)
        full = search.full
        assert search.ceiling_sum(full) is None or search.is_known(full), name
        depth = search.ceiling(full)
        total = search.ceiling_sum(full)
        assert total is not None, name
        assert total <= depth * search.weight(full), name
        if exact.min_tests_expected_exact is not None:
            assert exact.min_tests_expected_exact * len(hyps) <= total, name
    # On the shipped nightmare puzzle 04-N: 47/8 (564 tests over 96 assignments), less
    # than the greedy depth (6 tests) but more than the fewest tests (5).
    hyps = shipped_nightmare()
    search = Search(hyps)
    depth = search.ceiling(search.full)
    total = search.ceiling_sum(search.full)
    assert total is not None
    assert Fraction(total, len(hyps)) == Fraction(47, 8) < depth
    # ``analyze`` takes the least of it and the fewest tests when the mean's search stops
    # and nothing better is found in the work left (here none).
    result = analyze_hypotheses(hyps, expected_states=1, expected_work=1, rounds=False)
    assert result.expected_bounds_exact is not None
    assert result.expected_bounds_exact[1] == min(Fraction(total, len(hyps)), Fraction(5))


def test_learning_every_letter_is_an_upper_bound() -> None:
    for name, hyps, exact in cases():
        t = exact.min_tests_worst
        assert t is not None
        search = Search(hyps)
        assert search.identify_ceiling(search.full) >= t, name
        # and in a later state, against that state's own optimum
        code, verifier = hyps[0].code, 0
        yes = search.yes[code][verifier] & search.full
        for half in (yes, search.full ^ yes):
            if half:
                assert search.identify_ceiling(half) >= search.min_tests(half), name


def test_past_the_time_limit_the_bounds_come_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Even the greedy ceiling stops at the time limit (on the largest tables it alone can
    take minutes): the bounds are then the information bound and learning every letter."""
    import time

    import turing.analysis.search as analysis

    monkeypatch.setattr(analysis, "PROGRESS_WORK", 1)  # the clock is read at every step
    for name, hyps, exact in cases():
        t = exact.min_tests_worst
        assert t is not None
        search = Search(hyps)
        search.deadline = time.process_time() - 1
        low, high = search.bounded_min_tests(search.full, 10**12)
        assert search.states_stored == 0, name
        assert high == search.identify_ceiling(search.full), name
        assert low <= t <= high, name
        result = analyze_hypotheses(hyps, time_limit=0.0)
        low, high = result.tests_bounds
        assert high is not None and low <= t <= high, name
        bounds = result.expected_bounds_exact
        assert bounds is not None and bounds[1] <= high, name
        if exact.min_tests_expected_exact is not None:
            assert bounds[0] <= exact.min_tests_expected_exact <= bounds[1], name


def test_a_half_proven_too_hard_refuses_the_state_with_its_bound() -> None:
    """A state needs at least the tests of its hardest part: once a half of one of its
    tests is proven to need more than the budget, the state is refused with that bound
    (more than the budget plus one, which searching its tests would have proven)."""
    hyps = hypotheses("nightmare", 1, tier="easy")
    fresh = Search(hyps)
    exact = fresh.min_tests(fresh.full)
    search = Search(hyps)
    full = search.full
    tried = 0
    for budget in range(max(2, search.t_lower(full)), exact - 1):
        halves = [
            hard
            for _, _, hard, _, _ in search._rank(
                full, search.present(full), 1 << (budget - 1), by_weight=True
            )
        ]
        hardest = max((search.min_tests(h) for h in halves), default=0)
        if hardest < budget + 2 or search.t_lower(full) > budget:
            continue
        tried += 1
        assert not search.feasible(full, budget)
        assert search.tests_bounds(full)[0] == hardest
    assert tried  # the table has such a budget
    assert search.min_tests(full) == exact


def test_a_split_holding_a_part_proven_too_hard_fails_and_its_half_keeps_the_bound() -> None:
    """A split one of whose halves holds a part already proven to need more than the tests
    left fails unsearched, and that half keeps the part's bound: after each budget is
    refused, every split of the state has a half proven to need more than it allows, and
    no bound kept anywhere is above the exact figure."""
    hyps = hypotheses("nightmare", 2, tier="standard")
    fresh = Search(hyps)
    search = Search(hyps)
    full = search.full
    exact = fresh.min_tests(full)
    for budget in range(max(2, search.t_lower(full)), exact):
        assert not search.feasible(full, budget)
        ranked = search._rank(full, search.present(full), 1 << (budget - 1), by_weight=True)
        for _, _, hard, easy, _ in ranked:
            lows = search.tests_bounds(hard)[0], search.tests_bounds(easy)[0]
            assert max(lows) >= budget
            assert lows[0] <= fresh.min_tests(hard) and lows[1] <= fresh.min_tests(easy)
    assert search.feasible(full, exact)


def test_the_greedy_strategy_by_weight_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    # When the time limit comes during the second greedy strategy, the first one's depth
    # is the upper bound: the one by weight, the better on nightmare tables.
    _, hyps, _ = cases()[-1]
    by_weight = Search(hyps).greedy_weight_depth(Search(hyps).full)
    search = Search(hyps)

    def time_is_up(state: int, among: Sequence[int] | None = None) -> int:
        raise AnalysisTooLarge("the time limit passed", limit="time")

    monkeypatch.setattr(search, "greedy_depth", time_is_up)
    low, high = search.bounded_min_tests(search.full, 10**12)
    assert high == by_weight < search.identify_ceiling(search.full)
    assert low <= 6 <= high
