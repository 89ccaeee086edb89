"""``turing check``'s summary: every count written alike (thousands grouped for the
language), and a directory given for a file said and counted as no puzzle file; and the
German words of ``turing analyze``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import PUZZLES

Run = Callable[..., Result]

#: a puzzle whose stated solution is wrong: a problem for check
WRONG = json.dumps({"cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "111"})


@pytest.mark.parametrize(
    ("lang", "summary"),
    [
        ("en", "2,002 puzzles checked in 2 files: 2,002 with problems, 2,002 notes"),
        ("de", "2.002 Rätsel in 2 Dateien geprüft: 2.002 mit Problemen, 2.002 Notizen"),
    ],
)
def test_every_count_of_the_summary_is_written_alike(
    turing: Run, tmp_path: Path, lang: str, summary: str
) -> None:
    # each puzzle wrong, and each a note: the same puzzle is in the other file
    paths = [tmp_path / "many.jsonl", tmp_path / "again.jsonl"]
    for path in paths:
        path.write_text((WRONG + "\n") * 1001)
    result = turing(["--lang", lang, "check", *map(str, paths)])
    assert result.exit_code == 1, result.output
    assert result.stdout.splitlines()[-1] == summary


def test_a_directory_is_said_and_counted_as_no_puzzle_file(turing: Run, tmp_path: Path) -> None:
    result = turing(["check", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path}: is a folder, not a puzzle file\n"
    assert result.stdout == "0 puzzles checked in 0 files: 1 not a puzzle file\n"
    # beside a sound file: still refused, the file still checked
    sample = str(PUZZLES / "sample.yaml")
    (tmp_path / "sub").mkdir()
    result = turing(["check", str(tmp_path), sample, str(tmp_path / "sub")])
    assert result.exit_code == 2
    assert result.stdout.splitlines()[-1] == "1 puzzle checked in 1 file: 2 not puzzle files"
    result = turing(["--lang", "de", "check", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr == f"Fehler: {tmp_path}: ist ein Ordner, keine Rätseldatei\n"
    assert result.stdout == "0 Rätsel in 0 Dateien geprüft: 1 keine Rätseldatei\n"
    for command in (["solve"], ["analyze", "-q"], ["share"]):
        result = turing([*command, str(tmp_path)])
        assert result.exit_code == 2 and result.stdout == ""
        assert result.stderr == f"error: {tmp_path}: is a folder, not a puzzle file\n"


def test_german_analysis_figures_have_their_article(turing: Run) -> None:
    published = str(PUZZLES / "published.yaml")
    result = turing(["--lang", "de", "analyze", "-q", "--id", "02", published])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  Mindestzahl der Tests, die den Code sicher ergeben: 3 (in 2 Runden)" in lines
    assert any(line.startswith("  die wenigsten Tests im Durchschnitt (") for line in lines)
    assert "wenigste " not in result.stdout
    help_text = turing(["--lang", "de", "--help"]).stdout
    assert (
        "Optimales Spiel für Rätsel: die Mindestzahl der Tests, die beste erste Runde."
        in " ".join(help_text.split())
    )


def test_a_missing_file_is_counted_as_a_directory_is(turing: Run, tmp_path: Path) -> None:
    sample = str(PUZZLES / "sample.yaml")
    summaries = []
    for given in (tmp_path / "missing.yaml", tmp_path):
        result = turing(["check", sample, str(given)])
        assert result.exit_code == 2
        summaries.append(result.stdout.splitlines()[-1])
    assert summaries == ["1 puzzle checked in 1 file: 1 not a puzzle file"] * 2


@pytest.mark.parametrize("command", [["solve"], ["check"], ["play"], ["analyze", "-q"]])
def test_an_unknown_card_set_is_named_once(turing: Run, command: list[str]) -> None:
    result = turing([*command, "--cardset", "Gärten Größe", str(PUZZLES / "sample.yaml")])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: no card set named 'Gärten Größe' (shipped: classic, examples/primes; "
        "or give a path to a .yaml file)\n"
    )
