"""--id with a file that holds puzzles that cannot be read: every read error and every
unknown id are said in one pass; the notes on misspelt keys are those of the puzzles the
command works on."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main

BAD = """\
- id: a
  cards: [4, 9, 11]
  criteria: [2, 1, 1, 3]
- id: b
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
- id: c
  cards: [4, 9, 11, 99]
  criteria: [2, 1, 1, 3]
"""
TYPO = """\
- id: t1
  cards: [4, 9, 11, 14]
  criteria: [2, 1, 1, 3]
  soluton: "241"
- id: t2
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
  soluton: "435"
  modee: classic
"""
READ_ERRORS = [
    "error: {f}:3:13: 'criteria' needs one position per verifier (3), found 4",
    "error: {f}:8:21: card 99 is not in card set 'classic' (cards 1–48)",
]


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("command", ["analyze", "share"])
def test_an_unknown_id_is_said_with_the_read_errors(command: str, tmp_path: Path) -> None:
    bad = write(tmp_path, "bad2.yaml", BAD)
    result = CliRunner().invoke(main, [command, bad, "--id", "zz"])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        *(line.format(f=bad) for line in READ_ERRORS),
        f"error: {bad}: no puzzle with id 'zz'",
    ]


def test_play_names_every_puzzle_that_cannot_be_read(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad2.yaml", BAD)
    result = CliRunner().invoke(main, ["play", bad, "--id", "b"], input="quit\ny\n")
    assert result.exit_code == 2
    assert result.output.splitlines() == [line.format(f=bad) for line in READ_ERRORS]


@pytest.mark.parametrize(
    "command", [["share"], ["analyze", "--no-expected", "--no-rounds"], ["play"]]
)
def test_notes_are_those_of_the_puzzles_picked(command: list[str], tmp_path: Path) -> None:
    typo = write(tmp_path, "typo.yaml", TYPO)
    result = CliRunner().invoke(
        main, [command[0], typo, "--id", "t2", *command[1:]], input="quit\ny\n"
    )
    notes = [line for line in result.output.splitlines() if line.startswith("note:")]
    assert notes == [
        f"note: {typo}:8:3: unknown key 'soluton' ignored (did you mean 'solution'?)",
        f"note: {typo}:9:3: unknown key 'modee' ignored (did you mean 'mode'?)",
    ]


def test_every_puzzle_shown_says_a_key_once(tmp_path: Path) -> None:
    typo = write(tmp_path, "typo.yaml", TYPO)
    result = CliRunner().invoke(main, ["share", typo])
    notes = [line for line in result.output.splitlines() if line.startswith("note:")]
    assert notes == [
        f"note: {typo}:4:3: unknown key 'soluton' ignored (did you mean 'solution'?)",
        f"note: {typo}:9:3: unknown key 'modee' ignored (did you mean 'mode'?)",
    ]
