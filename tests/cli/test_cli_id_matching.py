"""--id of play, share, analyze, solve and check: an id written exactly so wins over ids
that match it only without case, spaces or dashes; an id matching several is refused by their lines;
one id given twice is one id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main

DUP = """\
- id: x
  cards: [4, 9, 11, 14]
  criteria: [2, 1, 1, 3]
- id: X
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
- id: y-1
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
- id: Y1
  cards: [4, 9, 11, 14]
  criteria: [2, 1, 1, 3]
"""


@pytest.fixture
def dup(tmp_path: Path) -> str:
    path = tmp_path / "dup.yaml"
    path.write_text(DUP, encoding="utf-8")
    return str(path)


def run(*args: str, script: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=script)
    return result.exit_code, result.output


def test_play_takes_the_id_written_exactly(dup: str) -> None:
    _code, out = run("play", dup, "--id", "X", script="quit\ny\n")
    assert "error" not in out
    assert "Turing Machine · X · classic" in out


def test_share_takes_the_id_written_exactly(dup: str) -> None:
    code, out = run("share", dup, "--id", "x")
    assert code == 0, out
    assert out.split() == ["1ME25KNX", "x"]


@pytest.mark.parametrize("command", ["play", "share", "analyze", "solve", "check"])
def test_an_ambiguous_id_names_its_lines(command: str, dup: str) -> None:
    code, out = run(command, dup, "--id", "y1")
    assert code == 2
    assert out.strip() == (
        f"error: {dup}: the id 'y1' is ambiguous: 'y-1' (line 7), 'Y1' (line 10); "
        "give it as written there"
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_id_given_twice_is_one_missing_id(lang: str, dup: str) -> None:
    code, out = run("--lang", lang, "share", dup, "--id", "zz", "--id", "ZZ")
    assert code == 2
    assert out.count("'zz'") == 1
    assert "'ZZ'" not in out


#: two puzzles under one id, written alike, and a third of its own
REPEATED = """\
- id: g-1
  cards: [4, 9, 11, 14]
  criteria: [2, 1, 1, 3]
- id: g-1
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
- id: h
  cards: [2, 6, 14, 17]
  criteria: [2, 2, 1, 2]
"""
SAID_REPEATED = (
    "error: {f}: 2 puzzles have the id 'g-1' (lines 1, 4), so that id cannot choose one; "
    "choose one by its number in the file (--id 1 to 3), or give each puzzle its own id"
)


@pytest.mark.parametrize("command", ["play", "share", "analyze", "solve", "check"])
@pytest.mark.parametrize("wanted", ["g-1", "G1"])
def test_an_id_two_puzzles_share_is_said_to_repeat(
    command: str, wanted: str, tmp_path: Path
) -> None:
    path = tmp_path / "repeated.yaml"
    path.write_text(REPEATED, encoding="utf-8")
    code, out = run(command, str(path), "--id", wanted)
    assert code == 2
    assert out.strip() == SAID_REPEATED.format(f=path)


def test_play_lists_a_repeated_id_once_and_says_when_only_it_is_left(tmp_path: Path) -> None:
    path = tmp_path / "repeated.yaml"
    path.write_text(REPEATED, encoding="utf-8")
    code, out = run("play", str(path))
    assert code == 2
    # the id two puzzles share chooses neither: only the number does
    assert out.strip() == (
        f"error: {path} holds 3 puzzles; choose one with --id 1 to 3, its number in the file "
        "(as a booklet of that file alone numbers it), or by its id: h"
    )
    path.write_text(REPEATED.replace("- id: h\n", "- id: g-1\n"), encoding="utf-8")
    code, out = run("play", str(path))
    assert code == 2
    assert out.strip() == (
        f"error: {path} holds 3 puzzles; choose one with --id 1 to 3, its number in the file "
        "(as a booklet of that file alone numbers it)"
    )


def test_check_says_two_puzzles_of_a_file_share_an_id(tmp_path: Path) -> None:
    path = tmp_path / "repeated.yaml"
    path.write_text(REPEATED, encoding="utf-8")
    code, out = run("check", str(path))
    assert code == 1
    assert out.splitlines() == [
        f"{path}:1: ok g-1 · easy",
        f"{path}:4: FAIL g-1: the id 'g-1' is also that of the puzzle at line 1 of this file; "
        "give each puzzle its own id",
        f"{path}:7: ok h · easy",
        "3 puzzles checked in 1 file: 1 with problems",
    ]
    # in two files one id is no problem (the rule book's puzzles are shipped twice)
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text(REPEATED[: REPEATED.index("- id: g-1", 1)], encoding="utf-8")
    second.write_text(REPEATED[REPEATED.index("- id: g-1", 1) :], encoding="utf-8")
    code, out = run("check", str(first), str(second))
    assert code == 0, out
    assert out.splitlines()[-1] == "3 puzzles checked in 2 files: all sound"


@pytest.mark.parametrize("command", ["solve", "check"])
def test_solve_and_check_take_the_ids_written_exactly(command: str, dup: str) -> None:
    code, out = run(command, dup, "--id", "X", "--id", "x")
    assert code == 0, out
    places = [line.split(": ")[0] for line in out.splitlines() if line.startswith(dup)]
    if command == "check":  # each puzzle by its place, in the file's order
        assert places == [f"{dup}:1", f"{dup}:4"]
    code, out = run(command, dup, "--id", "x", "--json")
    assert code == 0, out
    assert [(r["id"], r["line"]) for r in map(json.loads, out.splitlines())] == [("x", 1)]


@pytest.mark.parametrize("command", ["solve", "check"])
def test_solve_and_check_say_an_id_the_file_does_not_hold(command: str, dup: str) -> None:
    code, out = run(command, dup, "--id", "zz", "--id", "x")
    assert code == 2
    assert out.strip() == f"error: {dup}: no puzzle with id 'zz'"


@pytest.mark.parametrize("command", ["solve", "check"])
def test_solve_and_check_take_a_shipped_puzzle_by_id_as_play_does(command: str) -> None:
    code, out = run(command, "--id", "02", "--id", "b52o00", "--json")
    assert code == 0, out
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == ["02", "B52 O00"]
    assert records[0]["source"].endswith("published.yaml")
    code, out = run(command, "--id", "zz")
    assert code == 2
    assert out.strip().startswith("error: no shipped puzzle has id 'zz' (look in ")
    assert out.strip().endswith(", or give the FILE that holds it)")


@pytest.mark.parametrize("command", ["solve", "check"])
def test_solve_and_check_take_id_with_one_file_only(command: str, dup: str) -> None:
    code, out = run(command, dup, dup + "x", "--id", "x")
    assert code == 2
    assert out.strip() == "error: --id picks among the puzzles of one FILE; give one FILE, not 2"
