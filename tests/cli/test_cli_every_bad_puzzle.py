"""``turing analyze`` and ``turing share`` read the whole file before any work: every
puzzle that cannot be read is one error line at its place, then the command is refused
(exit status 2) with nothing on standard output — as ``solve`` and ``check`` list them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import PUZZLES

Run = Callable[..., Result]

GOOD = '{"cards": [4, 9, 11, 14]}\n'
#: a bad puzzle on lines 2, 4 and 5 (a bad card, a line that is no JSON, a bad mode)
MIXED = (
    GOOD
    + '{"cards": [4, 9, 11, 99]}\n'
    + GOOD
    + "not json\n"
    + '{"mode": "weird", "cards": [4, 9, 11, 14]}\n'
    + GOOD
)
BAD_LINES = ["2:22", "4:1", "5:10"]


def _error_places(stderr: str, name: str) -> list[str]:
    lines = stderr.splitlines()
    assert all(line.startswith(f"error: {name}:") for line in lines), stderr
    return [":".join(line.split(":")[2:4]) for line in lines]


@pytest.mark.parametrize("command", [["analyze", "-q"], ["share"]])
def test_every_bad_puzzle_of_a_file_is_said_and_nothing_done(
    turing: Run, tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "mix.jsonl"
    path.write_text(MIXED)
    result = turing([*command, str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert _error_places(result.stderr, str(path)) == BAD_LINES
    # the same lines from standard input, and the same places check gives
    result = turing([*command, "-"], input=MIXED)
    assert result.exit_code == 2 and result.stdout == ""
    assert _error_places(result.stderr, "<stdin>") == BAD_LINES
    checked = turing(["check", str(path)])
    assert checked.exit_code == 2
    assert _error_places(checked.stderr, str(path)) == BAD_LINES


@pytest.mark.parametrize("command", [["analyze", "-q", "--json"], ["share", "--json"]])
def test_a_yaml_file_with_bad_puzzles_among_good_ones_is_refused_whole(
    turing: Run, tmp_path: Path, command: list[str]
) -> None:
    text = (PUZZLES / "published.yaml").read_text()
    path = tmp_path / "pubbad.yaml"
    path.write_text(
        text
        + '- id: "99"\n  cards: [4, 9, 11, 99]\n'
        + '- id: "98"\n  mode: weird\n  cards: [4, 9, 11, 14]\n'
    )
    lines = text.count("\n")
    result = turing([*command, "--id", "01", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert _error_places(result.stderr, str(path)) == [f"{lines + 2}:21", f"{lines + 4}:9"]
