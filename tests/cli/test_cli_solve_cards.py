"""`turing solve --cards`: what the cards alone allow, without writing a file."""

from __future__ import annotations

import json

from click.testing import CliRunner

from turing.cli.main import main


def test_the_cards_alone_are_solved() -> None:
    result = CliRunner().invoke(main, ["solve", "--cards", "4,9,11,14"])
    assert result.exit_code == 0, result.output
    assert "valid criteria assignments: 2; candidate codes: 221 241" in result.output
    extreme = CliRunner().invoke(main, ["solve", "--cards", "4/25,9/33,13/44,17/36"])
    assert extreme.exit_code == 0, extreme.output
    assert "valid criteria assignments: 162" in extreme.output


def test_the_record_says_where_the_puzzle_came_from() -> None:
    result = CliRunner().invoke(main, ["solve", "--json", "--cards", "4,9,11,14"])
    record = json.loads(result.output)
    assert (record["source"], record["candidates"], record["solution"]) == (
        "--cards",
        ["221", "241"],
        None,
    )


def test_cards_of_no_game_and_no_puzzle_at_all_are_refused() -> None:
    few = CliRunner().invoke(main, ["solve", "--cards", "4,9,11"])
    assert few.exit_code == 2
    assert "error: --cards: 3 verifiers are too few" in few.output
    none = CliRunner().invoke(main, ["solve"])
    assert none.exit_code == 2
    assert "give a puzzle FILE (- for standard input), --code CODE or --cards" in (none.output)
