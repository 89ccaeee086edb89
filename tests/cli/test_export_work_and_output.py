"""How ``turing export`` spends its work and names its output: the fewest-tests figures
are computed only for the puzzles printed (and a nightmare puzzle is not searched for
its page), the output is claimed before that work, ``--seed`` asks for ``--bank``, the
format follows the output's suffix, and the lock beside an output is never a player's
own file."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import turing.generation.export as export_module
import turing.generation.metrics as metrics_module
from testsupport.cli import PUZZLES, run
from turing.core.files import write_target, writer_lock

SAMPLE = str(PUZZLES / "sample.yaml")
#: three sound puzzles of four verifiers, one JSON line each
GOOD: list[dict[str, Any]] = [
    {"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]},
    {"id": "b", "cards": [2, 4, 12, 17], "criteria": [3, 1, 2, 2]},
    {"id": "c", "cards": [19, 31, 42, 45], "criteria": [1, 3, 5, 4]},
]


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "three.jsonl").write_text("".join(json.dumps(p) + "\n" for p in GOOD))
    yield tmp_path


@pytest.fixture
def figured(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    """The ids of the puzzles whose fewest tests are computed, in turn."""
    seen: list[str | None] = []
    real = export_module.page_metrics

    def counted(puzzle: Any, cardset: Any, **kwargs: Any) -> Any:
        seen.append(puzzle.id)
        return real(puzzle, cardset, **kwargs)

    monkeypatch.setattr(export_module, "page_metrics", counted)
    return seen


def test_limit_computes_the_figures_of_the_printed_puzzles_only(
    here: Path, figured: list[str | None]
) -> None:
    r = run(["export", "three.jsonl", "--limit", "1", "-o", "b.html"])
    assert r.exit_code == 0, r.output
    assert figured == ["a"]


def test_a_tests_filter_stops_once_limit_puzzles_passed(
    here: Path, figured: list[str | None]
) -> None:
    r = run(["export", "three.jsonl", "--min-tests", "1", "--limit", "1", "-o", "b.html"])
    assert r.exit_code == 0, r.output
    assert figured == ["a"]


def test_a_puzzle_dropped_by_its_mode_is_never_figured(
    here: Path, figured: list[str | None]
) -> None:
    r = run(["export", "three.jsonl", "--mode", "nightmare", "--min-tests", "1"])
    assert r.exit_code == 1, r.output
    assert figured == []


def test_a_locked_output_is_refused_before_any_work(here: Path, figured: list[str | None]) -> None:
    with writer_lock(write_target("b.html")):
        r = run(["export", "three.jsonl", "-o", "b.html"])
    assert r.exit_code == 2
    assert "another turing process" in r.output
    assert figured == []
    assert not (here / "b.html").exists()


def test_nightmare_pages_are_not_searched(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = run(
        ["generate", "-n", "3", "--mode", "nightmare", "--seed", "11", "-q", "-o", "nm.jsonl"]
    )
    assert made.exit_code == 0, made.output

    def no_search(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("searched")

    monkeypatch.setattr(metrics_module, "exact_min_tests", no_search)
    r = run(["export", "nm.jsonl", "-o", "nm.md"])
    assert r.exit_code == 0, r.output
    text = (here / "nm.md").read_text()
    assert text.count("fewest tests:") == 3


def test_seed_without_a_bank_is_refused(here: Path) -> None:
    r = run(["export", "three.jsonl", "--seed", "3", "-o", "b.html"])
    assert (r.exit_code, r.output) == (
        2,
        "error: --seed draws puzzles from a bank: give --bank DB\n",
    )
    assert not (here / "b.html").exists()


@pytest.mark.parametrize(
    ("name", "begins"),
    [
        ("c.md", "<!-- turing booklet -->"),
        ("c.markdown", "<!-- turing booklet -->"),
        ("C.MD", "<!-- turing booklet -->"),
        ("c.html", "<!DOCTYPE html>"),
        ("c.htm", "<!DOCTYPE html>"),
        ("c.txt", "<!DOCTYPE html>"),
    ],
)
def test_the_format_follows_the_output_s_suffix(here: Path, name: str, begins: str) -> None:
    r = run(["export", SAMPLE, "-o", name])
    assert r.exit_code == 0, r.output
    assert (here / name).read_text().startswith(begins)


def test_a_format_given_is_obeyed_whatever_the_suffix(here: Path) -> None:
    r = run(["export", SAMPLE, "--format", "html", "-o", "c.md"])
    assert r.exit_code == 0, r.output
    assert (here / "c.md").read_text().startswith("<!DOCTYPE html>")
    r = run(["export", SAMPLE, "-o", "-"])
    assert r.output.startswith("<!DOCTYPE html>")


def test_a_file_named_as_the_old_lock_is_left_alone(here: Path) -> None:
    mine = here / ".out.md.lock"
    mine.write_text("my notes\n")
    r = run(["export", SAMPLE, "-o", "out.md"])
    assert r.exit_code == 0, r.output
    assert mine.read_text() == "my notes\n"
    assert sorted(p.name for p in here.iterdir()) == [".out.md.lock", "out.md", "three.jsonl"]


def test_a_file_where_the_lock_goes_that_is_no_lock_is_refused_untouched(here: Path) -> None:
    mine = here / ".out.md.turing-lock"
    mine.write_text("my notes\n")
    r = run(["export", SAMPLE, "-o", "out.md"])
    assert (r.exit_code, r.output) == (
        2,
        "error: cannot write out.md: .out.md.turing-lock beside it is not a turing lock; "
        "move it away\n",
    )
    assert mine.read_text() == "my notes\n"
    assert not (here / "out.md").exists()


def test_a_lock_left_by_a_killed_writer_is_taken_over(here: Path) -> None:
    (here / ".out.md.turing-lock").write_text("4242")
    r = run(["export", SAMPLE, "-o", "out.md"])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in here.iterdir()) == ["out.md", "three.jsonl"]
