"""`turing play` and `turing board` play one puzzle: a repeated --id or --code is refused,
not read as its last value."""

from __future__ import annotations

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
