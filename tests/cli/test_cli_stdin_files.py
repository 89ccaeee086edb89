"""``-`` as a FILE is standard input for every command that reads puzzle or card-set files,
and every error line, the ones a command reports and goes on after too, starts as the
language in use writes it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import CLASSIC_YAML, ROOT

Turing = Callable[..., Result]

PUZZLE = ROOT / "puzzles" / "examples" / "primes-1.yaml"


def _bank(turing: Turing, tmp_path: Path) -> Path:
    db = tmp_path / "b.db"
    r = turing(["generate", "-n", "1", "--seed", "2", "--bank", str(db), "-q"])
    assert r.exit_code == 0, r.output
    return db


def test_cards_validate_reads_standard_input(turing: Turing) -> None:
    r = turing(["cards", "validate", "-"], input=CLASSIC_YAML.read_bytes())
    assert r.exit_code == 0, r.output
    assert r.output.startswith("<stdin>: clean (48 cards, 183 criteria)")
    r = turing(["cards", "validate", "-"], input="cards: [\n")
    assert r.exit_code == 1
    assert r.output.startswith("<stdin>:2:1: error C002: YAML syntax")
    r = turing(["cards", "validate", "-"], input=b"name: x\x00\n")
    assert r.exit_code == 2
    assert r.output.startswith("<stdin>:1:8: error C001: file contains a NUL byte")


def test_bank_import_reads_standard_input(turing: Turing, tmp_path: Path) -> None:
    db = _bank(turing, tmp_path)
    r = turing(["bank", "import", str(db), "-"], input=PUZZLE.read_bytes())
    assert r.exit_code == 0, r.output
    assert r.output == "imported 1 puzzle, 0 already in the bank, 0 refused\n"
    r = turing(["bank", "import", str(db), "-"], input=PUZZLE.read_bytes())
    assert r.output == "imported 0 puzzles, 1 already in the bank, 0 refused\n"


def test_a_refused_import_says_its_errors_in_the_language_in_use(
    turing: Turing, tmp_path: Path
) -> None:
    db = _bank(turing, tmp_path)
    public = "mode: classic\ncards: [3, 4, 6, 7]\ncardset: examples/primes\n"
    (tmp_path / "public.yaml").write_text(public, encoding="utf-8")
    r = turing(["--lang", "de", "bank", "import", str(db), str(tmp_path / "public.yaml")])
    assert r.exit_code == 1
    assert r.output == (
        f"Fehler: {tmp_path}/public.yaml:1: keine verborgenen Kriterien; "
        "eine Bank speichert ganze Rätsel\n"
        "0 Rätsel importiert, 0 schon in der Rätselbank, 1 abgelehnt\n"
    )


def test_a_bank_is_never_standard_input_or_output(
    turing: Turing, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (
        ["generate", "-n", "1", "--bank", "-", "-q"],
        ["catalogue", "--verifiers", "4", "--bank", "-"],
        ["bank", "stats", "-"],
        ["export", "--bank", "-"],
    ):
        r = turing(args)
        assert r.exit_code == 2, args
        assert "- stands for standard input or output, which cannot hold a bank" in r.output
        assert r.output.count("\n") == 1
    assert os.listdir(tmp_path) == []
    r = turing(["generate", "-n", "1", "--seed", "2", "--bank", "./-", "-q"])
    assert r.exit_code == 0, r.output  # a file named so, as typed
    assert (tmp_path / "-").is_file()
