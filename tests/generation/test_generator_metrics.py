"""The fewest-tests metric in generation: exact when asked, bounds when the search gives up,
and filters that keep only puzzles proven to meet them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from turing.analysis.search import AnalysisTooLarge, Search, min_tests_bounds, min_tests_worst
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle
from turing.core.solver import deduce
from turing.generation.generator import RunState, Skip, Spec, generate, generate_one, puzzle_at
from turing.generation.metrics import (
    BOUNDS,
    EXACT,
    LOWER_BOUND,
    Metrics,
    in_tests_range,
    measure,
    min_tests_lower_bound,
)

CS = load_cardset("classic")


def test_exact_tests_equal_the_analysis() -> None:
    ps = list(generate(12, verifiers=4, difficulty="hard", seed=1, metrics="exact"))
    for p in ps:
        assert p.extra["min_tests_kind"] == EXACT
        assert p.extra["min_tests"] == p.extra["min_tests_upper"] == min_tests_worst(p, CS)
        assert p.extra["min_tests"] >= min_tests_lower_bound(p.extra["codes_left"])


def test_the_default_is_the_lower_bound_without_a_search() -> None:
    for p in generate(12, verifiers=5, difficulty="hard", seed=1):
        assert p.extra["min_tests_kind"] == LOWER_BOUND
        assert p.extra["min_tests_upper"] is None
        assert p.extra["min_tests"] == min_tests_lower_bound(p.extra["codes_left"])
        assert p.extra["min_tests"] <= min_tests_worst(p, CS)


def test_tests_filters_keep_only_puzzles_proven_inside() -> None:
    state = RunState()
    ps = list(
        generate(15, verifiers=4, difficulty="hard", seed=2, min_tests=3, max_tests=3, state=state)
    )
    assert len(ps) == 15 and state.refused > 0
    for p in ps:
        assert p.extra["min_tests_kind"] == EXACT
        assert min_tests_worst(p, CS) == 3


def test_refused_indices_are_really_outside_the_filter() -> None:
    spec = Spec(mode="classic", verifiers=5, difficulty="hard", seed=4, min_tests=4)
    refused = 0
    for index in range(40):
        got = puzzle_at(spec, index)
        plain = puzzle_at(Spec(mode="classic", verifiers=5, difficulty="hard", seed=4), index)
        assert isinstance(plain, Puzzle)
        exact = min_tests_worst(plain, CS)
        if isinstance(got, Puzzle):
            assert exact >= 4 and got.canonical_key() == plain.canonical_key()
        else:
            assert got is Skip.FILTER and exact < 4
            refused += 1
    assert 0 < refused < 40


def test_a_search_past_its_work_limit_gives_proven_bounds() -> None:
    checked = 0
    for seed in range(1, 40):
        p = generate_one(mode="extreme", verifiers=4, difficulty="hard", seed=seed)
        exact = min_tests_worst(p, CS)
        for work in (1_000, 30_000, 1_000_000):
            low, high = min_tests_bounds(p, CS, max_work=work)
            assert low <= exact and (high is None or exact <= high)
            if low != high:
                checked += 1
                m = measure(p, CS, exact_tests=True, max_work=work)
                assert m.min_tests_kind == BOUNDS
                assert (m.min_tests, m.min_tests_upper) == (low, high)
        if checked >= 6:
            break
    assert checked >= 6, "small work limits must stop some searches"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), work=st.integers(0, 2_000_000), verifiers=st.integers(4, 6))
def test_bounds_hold_for_any_work_limit(seed: int, work: int, verifiers: int) -> None:
    p = generate_one(verifiers=verifiers, difficulty="hard", seed=seed)
    low, high = min_tests_bounds(p, CS, max_work=work)
    exact = min_tests_worst(p, CS)
    codes = len({h.code for h in deduce(p.public(), CS).hypotheses})
    assert min_tests_lower_bound(codes) <= low <= exact
    assert high is None or high >= exact
    if low == high:
        assert low == exact


def test_a_large_nightmare_search_stops_at_its_work_limit() -> None:
    """A nightmare table with thousands of readings: the search stops, clearly, within its
    limit (it once memoised gigabytes of divided states before failing)."""
    spec = Spec(mode="nightmare", verifiers=6, difficulty="hard", seed=1, metrics="none")
    p = puzzle_at(spec, 2)
    assert isinstance(p, Puzzle)
    hypotheses = deduce(p.public(), CS).hypotheses
    assert len(hypotheses) > 2000
    search = Search(hypotheses, max_work=20_000_000)
    with pytest.raises(AnalysisTooLarge, match="work limit"):
        search.min_tests(search.full)
    assert search.work <= 20_000_000 + search.size * 1000
    low, high = search.tests_bounds(search.full)
    assert low >= min_tests_lower_bound(len({h.code for h in hypotheses}))
    assert high is None or high >= low


def test_verdicts() -> None:
    def m(low: int, high: int | None) -> Metrics:
        kind = EXACT if low == high else (BOUNDS if high is not None else LOWER_BOUND)
        return Metrics(5, 5, low, kind, 1.0, high)

    assert in_tests_range(m(3, 3), 3, 3) is True
    assert in_tests_range(m(3, 3), 4, None) is False
    assert in_tests_range(m(3, 3), None, 2) is False
    assert in_tests_range(m(2, 4), 2, None) is True
    assert in_tests_range(m(2, 4), 3, None) is None
    assert in_tests_range(m(2, 4), None, 4) is True
    assert in_tests_range(m(2, 4), None, 3) is None
    assert in_tests_range(m(2, None), None, 5) is None
    assert in_tests_range(m(2, None), None, 1) is False
    assert in_tests_range(m(2, 2), 3, 5) is False


def test_cli_min_tests_into_a_bank(tmp_path: Path) -> None:
    db = str(tmp_path / "b.db")
    args = ["generate", "--count", "8", "--difficulty", "hard", "--min-tests", "4", "--seed", "0"]
    r = CliRunner().invoke(main, [*args, "--bank", db, "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["made"] == 8 and summary["refused_by_filter"] > 0
    assert summary["unrated"] == 0
    r = CliRunner().invoke(main, ["bank", "stats", db, "--json"])
    group = json.loads(r.output)["groups"][0]
    assert group["min_tests_min"] >= 4 and group["min_tests_exact"] == 8
    r = CliRunner().invoke(main, ["bank", "export", db])
    for line in r.output.splitlines():
        doc = json.loads(line)
        assert doc["min_tests"] == doc["min_tests_upper"] >= 4


def test_cli_exact_tests_on_nightmare_finish_with_bounds(tmp_path: Path) -> None:
    out = tmp_path / "n.jsonl"
    r = CliRunner().invoke(
        main,
        [
            "generate", "-n", "3", "--mode", "nightmare", "--verifiers", "6",
            "--difficulty", "hard", "--seed", "1", "--exact-tests", "-o", str(out), "-q",
        ],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    docs = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(docs) == 3
    for doc in docs:
        assert doc["min_tests_kind"] in (EXACT, BOUNDS)
        assert doc["min_tests"] >= min_tests_lower_bound(doc["codes_left"])
        if doc["min_tests_upper"] is not None:
            assert doc["min_tests_upper"] >= doc["min_tests"]
