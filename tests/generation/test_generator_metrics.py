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
from turing.generation.generator import (
    Refused,
    RunState,
    Skip,
    Spec,
    generate,
    generate_one,
    puzzle_at,
)
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
            assert isinstance(got, Refused) and got.reason is Skip.FILTER and exact < 4
            assert got.most is not None and got.least <= exact <= got.most
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


def test_a_run_the_filter_stops_says_what_the_refused_puzzles_need() -> None:
    state = RunState()
    got = list(generate(3, seed=1, min_tests=12, state=state, give_up=40))
    assert got == [] and state.exhausted and state.misses == state.streak_refused == 40
    assert state.streak_below is not None and 1 <= state.streak_below < 12
    assert state.streak_above is None
    state = RunState()
    assert list(generate(3, seed=1, min_tests=5, max_tests=5, state=state, give_up=10)) == []
    assert state.streak_below is not None and state.streak_below < 5
    assert state.streak_above is not None and state.streak_above > 5


def _generate(tmp_path: Path, *args: str) -> tuple[int, str]:
    out = tmp_path / "p.jsonl"
    r = CliRunner().invoke(main, ["generate", "-o", str(out), "--seed", "1", "-q", *args])
    assert "Traceback" not in r.output
    return r.exit_code, r.output


def test_cli_a_run_the_tests_filter_stops_names_the_filter(tmp_path: Path) -> None:
    """Not "used up", not "the bank and the output keep them" when nothing was made."""
    code, text = _generate(tmp_path, "-n", "2", "--min-tests", "12", "--give-up", "40")
    assert code == 1
    error = text.strip().splitlines()[-1]
    assert error.startswith(
        "error: --min-tests 12: no puzzle of this kind proven to need at least 12 tests "
        "in 40 draws in a row; those refused need at most "
    ), error
    assert "used up" not in error and "hold" not in error and "keep" not in error
    code, text = _generate(
        tmp_path, "-n", "2", "--min-tests", "5", "--max-tests", "5", "--give-up", "10"
    )
    assert code == 1
    assert "--min-tests 5 --max-tests 5: no puzzle of this kind proven to need exactly 5 " in text
    assert "those refused need at most 4 or at least 6 tests" in text


def test_cli_a_filtered_run_that_made_some_says_where_they_are(tmp_path: Path) -> None:
    code, text = _generate(
        tmp_path,
        "-n",
        "3",
        "--difficulty",
        "easy",
        "--min-tests",
        "6",
        "--max-tests",
        "6",
        "--give-up",
        "30",
        "--bank",
        str(tmp_path / "b.db"),
    )
    assert code == 1
    assert text.strip().endswith(
        f"; 1 of 3 made: the bank {tmp_path / 'b.db'} and {tmp_path / 'p.jsonl'} hold it"
    ), text
    assert len((tmp_path / "p.jsonl").read_text().splitlines()) == 1


def test_cli_a_filtered_run_in_german(tmp_path: Path) -> None:
    r = CliRunner().invoke(
        main,
        [
            *("--lang", "de", "generate", "-n", "2", "--max-tests", "2", "--difficulty"),
            *("hard", "--give-up", "5", "--seed", "1", "-q", "-o", str(tmp_path / "p.jsonl")),
        ],
    )
    assert r.exit_code == 1
    assert (
        "Fehler: --max-tests 2: in 5 Ziehungen hintereinander kein Rätsel dieser Art mit "
        "nachweislich höchstens 2 nötigen Tests; die abgelehnten Rätsel brauchen mindestens "
        "3 Tests"
    ) in r.output
