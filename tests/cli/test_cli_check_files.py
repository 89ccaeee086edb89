"""``turing check`` over several files and codes: a repeat within one file (or among the
codes) is a problem whatever other files come first, standard input is one file however
it reads, and a file's name that would garble a terminal is written escaped in every
message for people (``--json`` gives it as it is)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import PUZZLES

Run = Callable[..., Result]

SAMPLE = {"cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "241"}
#: the sample puzzle's code (``turing share puzzles/sample.yaml``)
CODE = "1ME25KNX"


def _dup(tmp_path: Path) -> Path:
    dup = tmp_path / "dup.jsonl"
    dup.write_text("".join(json.dumps({"id": i, **SAMPLE}) + "\n" for i in "xy"))
    return dup


def test_a_repeat_within_a_file_is_a_problem_whatever_file_comes_first(
    turing: Run, tmp_path: Path
) -> None:
    dup, sample = _dup(tmp_path), PUZZLES / "sample.yaml"
    repeat = f"{dup}:2: FAIL y: duplicate of the puzzle at line 1 of this file"
    result = turing(["check", str(dup), str(sample)])
    assert result.exit_code == 1, result.output
    assert repeat in result.stdout.splitlines()
    assert result.stdout.splitlines()[-1] == (
        "3 puzzles checked in 2 files: 1 with problems, 1 note"
    )
    result = turing(["check", str(sample), str(dup)])
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[2:5] == [
        f"{dup}:1: note x: also at {sample}:3 (the same puzzle in another file)",
        repeat,
        f"{dup}:2: note y: also at {sample}:3 (the same puzzle in another file)",
    ]
    assert lines[-1] == "3 puzzles checked in 2 files: 1 with problems, 2 notes"
    result = turing(["check", "--json", str(sample), str(dup)])
    y = json.loads(result.stdout.splitlines()[-1])
    assert y["problems"] == ["duplicate of the puzzle at line 1 of this file"]
    assert y["notes"] == [f"also at {sample}:3 (the same puzzle in another file)"]


@pytest.mark.parametrize("files", [[], [str(PUZZLES / "published.yaml")]])
def test_a_code_given_twice_is_a_problem_beside_any_file(turing: Run, files: list[str]) -> None:
    result = turing(["check", *files, "--code", CODE, "--code", CODE.lower()])
    assert result.exit_code == 1, result.output
    assert (
        "code:2: FAIL puzzle: duplicate of the puzzle at code:1 (the same puzzle given twice "
        "as a code)"
    ) in result.stdout.splitlines()
    result = turing(["--lang", "de", "check", *files, "--code", CODE, "--code", CODE])
    assert result.exit_code == 1
    assert (
        "code:2: PROBLEM Rätsel: dasselbe Rätsel wie bei code:1 (dasselbe Rätsel zweimal als "
        "Code gegeben)"
    ) in result.stdout.splitlines()


def test_standard_input_is_one_file_however_it_reads(turing: Run, tmp_path: Path) -> None:
    bad = json.dumps([{"cards": [4, 9, 11, 99]}])
    result = turing(["check", "-"], input=bad)
    assert result.exit_code == 2
    assert result.stdout.splitlines()[-1] == "0 puzzles checked in 1 file: 1 read error"
    good_and_bad = json.dumps(SAMPLE) + '\n{"cards": [4, 9, 11, 99]}\n'
    result = turing(["check", "-"], input=good_and_bad)
    assert result.stdout.splitlines()[-1] == "1 puzzle checked in 1 file: 1 read error"
    sample = PUZZLES / "sample.yaml"
    result = turing(["check", "-", str(sample)], input=bad)
    assert result.stdout.splitlines()[-1] == "1 puzzle checked in 2 files: 1 read error"


def _garbling(tmp_path: Path) -> Path:
    """A file whose name holds an escape sequence and a line break, its first puzzle
    unreadable and its second with a wrong stated solution."""
    path = tmp_path / "x\x1b[31mred\nline.jsonl"
    path.write_text(
        json.dumps({"id": "a", "cards": [4, 9, 11, 99], "criteria": [2, 1, 1, 3]})
        + "\n"
        + json.dumps({"id": "b", **SAMPLE, "solution": "111"})
        + "\n"
    )
    return path


def test_a_file_name_that_would_garble_a_terminal_is_written_escaped(
    turing: Run, tmp_path: Path
) -> None:
    path = _garbling(tmp_path)
    shown = repr(str(path))
    unread = f"error: {shown}:1:33: card 99 is not in card set 'classic' (cards 1–48)"
    result = turing(["check", str(path)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [unread]
    assert result.stdout.splitlines() == [
        f"{shown}:2: FAIL b: the stated solution 111 is not the solution",
        "1 puzzle checked in 1 file: 1 with problems, 1 read error",
    ]
    result = turing(["check", "--json", str(path)])
    assert json.loads(result.stdout)["source"] == str(path)
    result = turing(["solve", str(path)])
    assert result.stderr.splitlines() == [unread]
    assert f"{shown}:2: the stated solution 111 is not the solution (241)" in result.stdout
    for command in (["analyze", "-q"], ["share"]):
        result = turing([*command, str(path)])
        assert result.exit_code == 2
        assert result.stderr.splitlines() == [unread]
    again = str(path.parent / "." / path.name)
    result = turing(["check", str(path), again])
    assert f"note: {again!r} is {shown} again; read once" in result.stderr.splitlines()
    folder = tmp_path / "d\u202eir"
    folder.mkdir()
    result = turing(["check", str(folder)])
    assert result.stderr == f"error: {str(folder)!r}: is a directory, not a puzzle file\n"
    # the other file of a repeat, named in a note
    other = tmp_path / "a\x1bb.yaml"
    other.write_text(json.dumps(SAMPLE))
    result = turing(["check", str(other), str(PUZZLES / "sample.yaml")])
    assert f"note 01: also at {str(other)!r}:1 (the same puzzle" in result.stdout


def test_an_ordinary_file_name_is_written_as_it_is(turing: Run, tmp_path: Path) -> None:
    path = tmp_path / "[red]meine Rätsel.jsonl"
    path.write_text(json.dumps({"id": "b", **SAMPLE, "solution": "111"}) + "\n")
    result = turing(["check", str(path)])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{path}:1: FAIL b: the stated solution 111 is not the solution"
    )
