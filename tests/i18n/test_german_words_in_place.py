"""The words a German player meets where English had leaked or German read wrong: a file's
values named as the file spells them, modes and tiers by their German names."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "puzzles" / "sample.yaml"  # problem 01: classic, easy, solution 241


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def words(result: Result) -> str:
    return " ".join(result.output.split())


# -- a file's values, as the file spells them ---------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_stated_difficulty_not_of_a_file_lists_the_files_own_words(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(SAMPLE.read_text().replace("difficulty: easy", "difficulty: leicht"))
    result = run("--lang", lang, "check", str(path))
    assert result.exit_code == 1, result.output
    assert "'leicht'" in result.output
    assert "(easy, standard, hard)" in result.output
    assert "leicht, normal, schwer" not in result.output


def test_a_mode_not_of_a_file_lists_the_files_own_words(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(SAMPLE.read_text().replace("mode: classic", "mode: klassisch"))
    result = run("--lang", "de", "check", str(path))
    assert result.exit_code == 2
    assert "unbekannter Modus 'klassisch' (Modi: classic, extreme, nightmare)" in result.output


# -- modes and tiers by their names --------------------------------------------------------


def test_no_puzzle_of_the_bank_matching_names_mode_and_tier_in_german(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    made = run("generate", "-n", "5", "--seed", "3", "--bank", str(bank), "--quiet")
    assert made.exit_code == 0, made.output
    args = ("play", "--bank", str(bank), "--mode", "albtraum", "--difficulty", "schwer")
    german = run("--lang", "de", *args)
    assert german.exit_code == 2
    assert "(Modus Albtraum, Schwierigkeit schwer, Prüfer 4/5/6)" in german.stderr
    english = run("--lang", "en", *args)
    assert "(mode nightmare, difficulty hard, verifiers 4/5/6)" in english.stderr


def test_a_puzzle_of_another_mode_is_named_in_german() -> None:
    result = run("--lang", "de", "play", str(SAMPLE), "--mode", "albtraum")
    assert result.exit_code == 2
    assert "das Rätsel ist im Modus Klassisch, nicht Albtraum" in result.stderr


def test_a_missing_bank_is_said_plainly_in_german(tmp_path: Path) -> None:
    result = run("--lang", "de", "bank", "pick", str(tmp_path / "none.db"))
    assert result.exit_code == 2
    assert "keine Rätselbank gefunden" in result.stderr
