"""``turing solve --json`` records: the counted deduction equals the listed one, the hidden
criteria's codes, problems reported at their value, each card-set reference resolved."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import PUZZLES
from turing.core.cards import load_cardset
from turing.core.puzzle import puzzle_from_dict
from turing.core.solver import deduce, solutions
from turing.generation.generator import generate

CLASSIC = load_cardset("classic")
Run = Callable[..., Result]


def records(result: Result) -> list[dict[str, object]]:
    found = [json.loads(line) for line in result.stdout.splitlines()]
    # written as every JSON record of the command line is (emit_json's form)
    assert result.stdout == "".join(
        json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) + "\n" for r in found
    )
    return found


@pytest.mark.parametrize("mode", ["classic", "extreme", "nightmare"])
def test_cards_only_records_match_the_listed_deduction(
    turing: Run, tmp_path: Path, mode: str
) -> None:
    made = [p.public() for v in (4, 5) for p in generate(6, verifiers=v, mode=mode, seed=v)]
    path = tmp_path / "cards.jsonl"
    path.write_text("".join(json.dumps(p.to_dict()) + "\n" for p in made))
    result = turing(["solve", "--json", str(path)])
    assert result.exit_code == 0, result.output
    for puzzle, record in zip(made, records(result), strict=True):
        found = deduce(puzzle, CLASSIC)
        assert record["assignments"] == len(found.hypotheses) > 0
        assert record["candidates"] == found.codes.texts()
        assert record["solution"] == found.solution
        assert record["id"] == puzzle.id and record["problems"] == []


def test_hidden_criteria_records_give_the_codes_meeting_them(turing: Run, tmp_path: Path) -> None:
    made = [p for mode in ("classic", "extreme", "nightmare") for p in generate(4, mode=mode)]
    path = tmp_path / "hidden.jsonl"
    path.write_text("".join(json.dumps(p.to_dict()) + "\n" for p in made))
    result = turing(["solve", "--json", str(path)])
    assert result.exit_code == 0, result.output
    for puzzle, record in zip(made, records(result), strict=True):
        assert record["candidates"] == solutions(puzzle, CLASSIC).texts()
        assert record["solution"] == puzzle.solution and record["assignments"] == 1


def test_a_bad_line_is_reported_at_its_value_and_the_rest_solved(
    turing: Run, tmp_path: Path
) -> None:
    path = tmp_path / "mixed.jsonl"
    lines = [
        '{"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}',
        '{"id": "b", "cards": [4, "nine", 11, 14]}',
        '{"id": "c", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "999"}',
        '{"id": "d", "cards": [4, 9, 11, 14], "cardset": "no-such-set"}',
        '{"id": "e", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "241"}',
    ]
    path.write_text("\n".join(lines) + "\n")
    result = turing(["solve", "--json", str(path)])
    assert result.exit_code == 2
    assert [r["id"] for r in records(result)] == ["a", "e"]
    nine = lines[1].index('"nine"') + 1
    assert (
        f"{path}:2:{nine}: a card is its card number, a whole number, found 'nine'" in result.stderr
    )
    stated = lines[2].index('"999"') + 1
    assert f"{path}:3:{stated}: " in result.stderr
    named = lines[3].index('"no-such-set"') + 1
    assert f"{path}:4:{named}: no card set named 'no-such-set'" in result.stderr


def test_each_card_set_reference_of_a_file_is_its_own_set(turing: Run, tmp_path: Path) -> None:
    primes = (PUZZLES / "examples" / "primes-1.yaml").read_text()
    path = tmp_path / "two-sets.yaml"
    classic = "id: classic-one\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\n"
    primes_doc = primes.replace("cardset: ", "cardset: ", 1)
    path.write_text(f"puzzles:\n  - {_indent(classic)}\n  - {_indent(primes_doc)}\n")
    result = turing(["solve", "--json", str(path)])
    assert result.exit_code == 0, result.output
    first, second = records(result)
    assert first["solution"] == "241"
    assert second["solution"] is not None


def _indent(document: str) -> str:
    lines = [ln for ln in document.splitlines() if ln.strip() and not ln.startswith("#")]
    return "\n    ".join(lines)


def test_hidden_criteria_met_by_several_codes_or_none_are_problems(
    turing: Run, tmp_path: Path
) -> None:
    path = tmp_path / "loose.jsonl"
    path.write_text(
        '{"id": "several", "cards": [4, 9], "criteria": [2, 1]}\n'
        '{"id": "wrong", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "555"}\n'
    )
    result = turing(["solve", "--json", str(path)])
    assert result.exit_code == 1
    several, wrong = records(result)
    masks = [CLASSIC.card(4).criterion(2).mask, CLASSIC.card(9).criterion(1).mask]
    expected = solutions(puzzle_from_dict({"cards": [4, 9], "criteria": [2, 1]}), CLASSIC).texts()
    assert len(expected) == (masks[0] & masks[1]).bit_count() > 1
    assert several["candidates"] == expected and several["solution"] is None
    assert several["problems"] == [f"{len(expected)} codes meet all hidden criteria, not one"]
    assert wrong["candidates"] == ["241"]
    assert wrong["problems"] == [  # written by hand: the fact alone
        "the stated solution 555 is not the code its hidden criteria leave (241)"
    ]
