"""`turing play` and `turing board` play one puzzle: a repeated --id or --code is refused,
not read as its last value."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main


@pytest.mark.parametrize("command", ["play", "board"])
@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--id", "01", "--id", "02"], "--id"),
        (["--code", "1ME25KNX", "--code", "11JXBVDR"], "--code"),
    ],
)
def test_a_repeated_puzzle_option_is_refused(command: str, args: list[str], option: str) -> None:
    result = CliRunner().invoke(main, [command, *args], input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.output.strip() == f"error: {option} is given twice; {command} takes one puzzle"


def test_three_ids_are_counted() -> None:
    result = CliRunner().invoke(main, ["play", "--id", "01", "--id", "02", "--id", "03"])
    assert result.exit_code == 2
    assert "--id is given 3 times; play takes one puzzle" in result.output


def test_one_id_still_plays() -> None:
    result = CliRunner().invoke(main, ["play", "--id", "01"], input="quit\ny\n")
    assert "error" not in result.output


@pytest.mark.parametrize(
    ("puzzle", "problem"),
    [
        (
            "cards: [4, 9, 11, 14]\ncriteria: [1, 1, 1, 1]\n",
            "this puzzle cannot be played: 3 codes meet all hidden criteria, not one",
        ),
        (
            "cards: [4, 9, 11]\ncriteria: [2, 1, 1]\n",
            "this puzzle cannot be played: it has 3 verifiers, and a puzzle of the game has 4, 5 "
            "or 6",
        ),
        (
            'cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nsolution: "444"\n',
            "this puzzle cannot be played: the stated solution is not the code its hidden "
            "criteria leave",
        ),
    ],
)
def test_an_unplayable_puzzle_is_refused_at_its_place(
    puzzle: str, problem: str, tmp_path: Path
) -> None:
    path = tmp_path / "puzzles.yaml"
    path.write_text("# one puzzle, after a comment\n\n" + puzzle, encoding="utf-8")
    result = CliRunner().invoke(main, ["play", str(path)], input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: {path}:3: {problem}\n"
    assert result.stdout == ""
