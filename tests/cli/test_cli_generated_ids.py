"""Each puzzle of one output has an id of its own: the rare clash of two puzzles'
six-character tags is lengthened by more characters of the later puzzle's hash."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

import turing.core.puzzle as puzzle_module
from turing.cli.main import main
from turing.core.puzzle import Puzzle
from turing.generation.sample import CatalogueSampler


def ids_of(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text().splitlines()]


def test_a_generated_file_never_gives_two_puzzles_one_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = puzzle_module.key_hash

    def clashing(canonical: str) -> str:  # every puzzle's tag the same six characters
        return "AAAAAA" + real(canonical)[6:]

    monkeypatch.setattr(puzzle_module, "key_hash", clashing)
    out = tmp_path / "p.jsonl"
    args = ["generate", "-n", "5", "--verifiers", "4", "--difficulty", "easy", "--seed", "3"]
    result = CliRunner().invoke(main, [*args, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    ids = ids_of(out)
    assert len(set(ids)) == 5
    assert ids[0] == "C4E-AAAAAA"  # the first keeps its short id
    for pid, doc in zip(ids[1:], out.read_text().splitlines()[1:], strict=True):
        key = puzzle_module.puzzle_from_dict(json.loads(doc)).canonical_key()
        assert pid.startswith("C4E-") and len(pid) == len("C4E-AAAAAA") + 2
        assert pid[4:] == clashing(key)[:8]  # more of the puzzle's own hash


def test_a_draw_from_a_bank_never_gives_two_puzzles_one_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "cat.db"
    cards = Path(__file__).resolve().parents[2] / "cards" / "classic.yaml"
    text = cards.read_text()
    small = tmp_path / "first24.yaml"
    small.write_text(
        text[: text.index("  - number: 25")].replace("name: classic", "name: first24", 1)
    )
    made = CliRunner().invoke(
        main, ["catalogue", "--verifiers", "4", "--cardset", str(small), "--bank", str(db), "-q"]
    )
    assert made.exit_code == 0, made.output
    drawn = CatalogueSampler._puzzle

    def clashing(self: CatalogueSampler, *args: object) -> Puzzle | None:
        puzzle = drawn(self, *args)  # type: ignore[arg-type]
        return None if puzzle is None else replace(puzzle, id="C4E-AAAAAA")

    monkeypatch.setattr(CatalogueSampler, "_puzzle", clashing)
    out = tmp_path / "d.jsonl"
    args = ["generate", "--from-bank", str(db), "--cardset", str(small), "--verifiers", "4"]
    result = CliRunner().invoke(main, [*args, "-n", "6", "--seed", "1", "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    ids = ids_of(out)
    assert len(set(ids)) == 6 and ids[0] == "C4E-AAAAAA"
    assert all(len(pid) == len("C4E-AAAAAA") + 2 for pid in ids[1:])
