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


def _findings(stdout: str, source: str) -> list[str]:
    """The finding lines of ``source`` in a report, in their order."""
    return [line for line in stdout.splitlines() if line.startswith(f"{source}:")]


def test_a_repeat_within_a_file_is_a_problem_whatever_file_comes_first(
    turing: Run, tmp_path: Path
) -> None:
    dup, sample = _dup(tmp_path), PUZZLES / "sample.yaml"
    result = turing(["check", str(sample), str(dup)])
    assert result.exit_code == 1, result.output
    assert _findings(result.stdout, str(dup)) == [
        f"{dup}:1: ok x · easy",
        f"{dup}:1: note x: also at {sample}:3 (the same puzzle in another file)",
        f"{dup}:2: FAIL y: duplicate of the puzzle at line 1 of this file",
        f"{dup}:2: note y: also at {sample}:3 (the same puzzle in another file)",
    ]
    assert _findings(result.stdout, str(sample)) == [
        f"{sample}:3: ok 01 · easy",
        f"{sample}:3: note 01: also at {dup}:1 (the same puzzle in another file)",
    ]
    assert result.stdout.splitlines()[-1] == (
        "3 puzzles checked in 2 files: 1 with problems, 3 notes"
    )
    result = turing(["check", "--json", str(sample), str(dup)])
    y = json.loads(result.stdout.splitlines()[-1])
    assert y["problems"] == ["duplicate of the puzzle at line 1 of this file"]
    assert y["notes"] == [f"also at {sample}:3 (the same puzzle in another file)"]


def test_the_findings_of_each_file_do_not_depend_on_the_order_of_the_files(
    turing: Run, tmp_path: Path
) -> None:
    dup, sample = _dup(tmp_path), PUZZLES / "sample.yaml"
    other = tmp_path / "other.yaml"
    other.write_text(json.dumps({"id": "o", **SAMPLE}))
    files = [str(sample), str(dup), str(other)]
    reports = [
        turing(["check", *order, "--code", CODE])
        for order in (files, files[::-1], [files[1], files[0], files[2]])
    ]
    for file in [*files, "code"]:
        first = _findings(reports[0].stdout, file)
        assert first, reports[0].stdout
        assert all(_findings(report.stdout, file) == first for report in reports[1:])
    # the other places named in the order of their names
    elsewhere = ", ".join(sorted([f"{sample}:3", f"{dup}:1"]))
    assert _findings(reports[0].stdout, str(other))[1:] == [
        f"{other}:1: note o: also at {elsewhere} (the same puzzle in 2 other files)",
        f"{other}:1: note o: also given as a code, at code:1",
    ]
    everywhere = ", ".join(sorted([f"{sample}:3", f"{dup}:1", f"{other}:1"]))
    assert _findings(reports[0].stdout, "code")[1:] == [
        f"code:1: note puzzle: also in 3 files, at {everywhere} (the puzzle of this code)"
    ]
    assert {report.stdout.splitlines()[-1] for report in reports} == {
        "5 puzzles checked in 3 files: 1 with problems, 9 notes"
    }
    records = [
        [json.loads(line) for line in turing(["check", "--json", *order]).stdout.splitlines()]
        for order in (files, files[::-1])
    ]
    assert sorted(records[0], key=str) == sorted(records[1], key=str)


def test_a_file_named_as_the_codes_or_standard_input_is_a_file_of_its_own(
    turing: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    text = (PUZZLES / "sample.yaml").read_text()
    Path("code").write_text(text)
    Path("<stdin>").write_text(text)
    result = turing(["check", "code", "--code", CODE])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "./code:3: ok 01 · easy",
        "./code:3: note 01: also given as a code, at code:1",
        "code:1: ok puzzle · easy",
        "code:1: note puzzle: also in a file, at ./code:3 (the puzzle of this code)",
        "2 puzzles checked in 1 file: all sound, 2 notes",
    ]
    result = turing(["check", "--json", "code", "--code", CODE])
    assert [json.loads(line)["source"] for line in result.stdout.splitlines()] == ["./code", "code"]
    result = turing(["solve", "--json", "code", "--code", CODE])
    assert [json.loads(line)["source"] for line in result.stdout.splitlines()] == ["./code", "code"]
    Path("d1.jsonl").write_text(json.dumps({"id": "z", "cards": [2, 5, 9, 15, 18, 22]}) + "\n")
    result = turing(["check", "d1.jsonl", "code"])
    # the puzzle of d1.jsonl gives no hidden criteria, and its cards alone give the code
    assert result.stdout.splitlines()[-1] == "2 puzzles checked in 2 files: all sound, 2 notes"
    result = turing(["check", "<stdin>", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "./<stdin>:3: ok 01 · easy",
        "./<stdin>:3: note 01: also at <stdin>:3 (the same puzzle in another file)",
        "<stdin>:3: ok 01 · easy",
        "<stdin>:3: note 01: also at ./<stdin>:3 (the same puzzle in another file)",
        "2 puzzles checked in 2 files: all sound, 2 notes",
    ]
    result = turing(["check", "--json", "<stdin>", "-"], input=text)
    assert [json.loads(line)["source"] for line in result.stdout.splitlines()] == [
        "./<stdin>",
        "<stdin>",
    ]


def test_standard_input_given_twice_is_said_so(turing: Run) -> None:
    text = (PUZZLES / "sample.yaml").read_text()
    result = turing(["check", "-", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert result.stderr == "note: standard input is given twice; read once\n"
    result = turing(["--lang", "de", "check", "-", "-"], input=text)
    assert result.stderr == "Notiz: die Standardeingabe ist zweimal angegeben; einmal gelesen\n"


def test_a_code_and_a_file_of_the_same_puzzle_say_which_is_which(turing: Run) -> None:
    sample = PUZZLES / "sample.yaml"
    result = turing(["--lang", "de", "check", str(sample), "--code", CODE])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:4] == [
        f"{sample}:3: Notiz 01: auch als Code gegeben, bei code:1",
        "code:1: einwandfrei Rätsel · leicht",
        f"code:1: Notiz Rätsel: auch in einer Datei, bei {sample}:3 (das Rätsel dieses Codes)",
    ]


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
        f"{shown}:2: FAIL b: the stated solution 111 is not the code its hidden criteria leave",
        "1 puzzle checked in 1 file: 1 with problems, 1 read error",
    ]
    result = turing(["check", "--json", str(path)])
    assert json.loads(result.stdout)["source"] == str(path)
    result = turing(["solve", str(path)])
    assert result.stderr.splitlines() == [unread]
    assert (
        f"{shown}:2: the stated solution 111 is not the code its hidden criteria leave (241)\n"
    ) in result.stdout
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
    assert result.stderr == f"error: {str(folder)!r}: is a folder, not a puzzle file\n"
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
        f"{path}:1: FAIL b: the stated solution 111 is not the code its hidden criteria leave"
    )
