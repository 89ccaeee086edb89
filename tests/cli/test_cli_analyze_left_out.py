"""`turing analyze --no-rounds` / `--no-expected`: the figures left out are named, null, and
never taken for bounds; the figures kept are the full analysis' own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import run as turing
from turing.i18n import set_language

EXTREME = "mode: extreme\ncards: [[17, 24], [27, 35], [28, 34], [32, 36]]\n"
NIGHTMARE = "mode: nightmare\ncards: [3, 7, 10, 14]\n"
ROUNDS = ["rounds_worst", "rounds_expected", "first_round"]
MEAN = ["min_tests_expected", "rounds_expected"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def run(*args: str) -> tuple[int, str, str]:
    result = turing(args)
    return result.exit_code, result.stdout, result.stderr


def record(path: Path, *flags: str) -> dict[str, Any]:
    code, out, err = run("analyze", str(path), "--json", "--quiet", *flags)
    assert code == 0, err
    got: dict[str, Any] = json.loads(out)
    return got


def test_no_rounds_keeps_the_tests_figures_and_names_what_it_left_out(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(EXTREME)
    full = record(path)
    assert full["skipped"] == []
    assert full["rounds_worst"] is not None and full["first_round"] is not None
    short = record(path, "--no-rounds")
    for key in (
        "min_tests_worst",
        "min_tests_worst_bounds",
        "min_tests_expected",
        "min_tests_expected_fraction",
        "candidates",
    ):
        assert short[key] == full[key], key
    assert short["skipped"] == ROUNDS
    assert short["rounds_worst"] is None
    assert short["rounds_expected"] is None
    assert short["rounds_expected_fraction"] is None
    assert short["first_round"] is None
    assert not set(short["bounds_only"]) & set(ROUNDS)
    tests = short["min_tests_worst"]
    # unsearched, the rounds are what the tests allow: one to three tests a round
    assert short["rounds_bounds"] == [-(-tests // 3), tests]
    assert short["rounds_bounds"][0] <= full["rounds_worst"] <= short["rounds_bounds"][1]


def test_both_left_out(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(EXTREME)
    full = record(path)
    short = record(path, "--no-rounds", "--no-expected")
    assert short["min_tests_worst"] == full["min_tests_worst"]
    assert short["skipped"] == [*MEAN, "rounds_worst", "first_round"]
    assert short["bounds_only"] == []
    assert short["min_tests_expected"] is None
    # a mean not searched has no bounds (not [0, 0])
    assert short["expected_bounds"] is None
    assert short["expected_bounds_fraction"] is None
    assert record(path, "--no-expected")["expected_bounds"] is None


def test_no_rounds_past_the_work_limit_reports_only_the_tests_as_bounds(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(NIGHTMARE)
    short = record(path, "--no-rounds", "--max-work", "1000", "--expected-states", "500")
    assert short["min_tests_worst"] is None
    low, high = short["min_tests_worst_bounds"]
    assert low <= 6 <= high
    assert "min_tests_worst" in short["bounds_only"]
    assert "rounds_worst" not in short["bounds_only"]
    assert short["skipped"] == ROUNDS


def test_human_output_without_rounds(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(EXTREME)
    tests = record(path)["min_tests_worst"]
    code, out, err = run("analyze", str(path), "--no-rounds", "--quiet")
    assert code == 0, err
    lines = out.splitlines()
    assert f"  fewest tests that guarantee the code: {tests}" in lines
    assert any(
        line.startswith("  fewest tests on average (every assignment equally likely): ")
        for line in lines
    )
    assert "round" not in out
    code, out, err = run("analyze", str(path), "--no-rounds", "--no-expected", "--quiet")
    assert code == 0, err
    assert "on average" not in out
    assert f"  fewest tests that guarantee the code: {tests}" in out.splitlines()


def test_no_rounds_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "e.yaml"
    path.write_text(EXTREME)
    tests = record(path)["min_tests_worst"]
    monkeypatch.setenv("TURING_LANG", "de")
    code, out, err = run("analyze", str(path), "--no-rounds", "--quiet")
    assert code == 0, err
    lines = out.splitlines()
    assert "fewest" not in out
    assert "Runde" not in out
    assert any(line.strip().endswith(f": {tests}") for line in lines[1:2]), lines
