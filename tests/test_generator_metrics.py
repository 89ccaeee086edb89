"""The exact minimum-tests path: called only when asked, filters, and a clear failure."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cards import CardSet
from turing.cli import main
from turing.generator import generate
from turing.metrics import cards_alone, min_tests_lower_bound
from turing.puzzle import Puzzle

CALLS: list[str] = []


def fake_exact(puzzle: Puzzle, cardset: CardSet) -> int:
    """Stands in for turing.analysis.min_tests_worst: the bound plus one when > 0."""
    CALLS.append(puzzle.canonical_key())
    codes, _ = cards_alone(puzzle, cardset)
    bound = min_tests_lower_bound(codes.bit_count())
    return bound + 1 if bound else 0


@pytest.fixture
def fake_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("turing.analysis")
    module.min_tests_worst = fake_exact  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "turing.analysis", module)
    CALLS.clear()


@pytest.fixture
def no_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "turing.analysis", types.ModuleType("turing.analysis"))


def test_exact_tests_are_used_when_asked(fake_analysis: None) -> None:
    ps = list(generate(10, verifiers=4, difficulty="hard", seed=1, metrics="exact"))
    assert len(CALLS) >= 10
    for p in ps:
        assert p.extra["min_tests_kind"] == "exact"
    CALLS.clear()
    list(generate(10, verifiers=4, difficulty="hard", seed=1))
    assert CALLS == [], "the default path never calls the exact analysis"


def test_tests_filters_use_the_exact_count(fake_analysis: None) -> None:
    ps = list(generate(15, verifiers=4, difficulty="hard", seed=2, min_tests=5, max_tests=6))
    assert len(ps) == 15
    assert all(5 <= p.extra["min_tests"] <= 6 for p in ps)
    assert all(p.extra["min_tests_kind"] == "exact" for p in ps)


def test_cli_min_tests_into_a_bank(fake_analysis: None, tmp_path: Path) -> None:
    db = str(tmp_path / "b.db")
    r = CliRunner().invoke(
        main,
        [
            "generate",
            "--count",
            "8",
            "--difficulty",
            "hard",
            "--min-tests",
            "5",
            "--bank",
            db,
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["made"] == 8 and summary["refused_by_filter"] > 0
    r = CliRunner().invoke(main, ["bank", "stats", db, "--json"])
    group = json.loads(r.output)["groups"][0]
    assert group["min_tests_min"] >= 5 and group["min_tests_exact"] == 8


def test_missing_exact_analysis_is_one_clear_error(no_analysis: None) -> None:
    r = CliRunner().invoke(main, ["generate", "--count", "2", "-o", "-", "--exact-tests"])
    assert r.exit_code == 2
    assert "min_tests_worst" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["generate", "--count", "2", "-o", "-", "--max-tests", "3"])
    assert r.exit_code == 2 and "lower bound" in r.output
