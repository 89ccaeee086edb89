"""What ``turing export`` reads: FILEs and standard input (``-``) as ``check``, ``solve``,
``analyze`` and ``share`` read them, every puzzle that cannot be read or played on paper
said at its place before anything is refused, and no output written then."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from click.testing import Result

from testsupport.cli import ROOT, run

#: three sound puzzles, one JSON line each
GOOD: list[dict[str, Any]] = [
    {"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]},
    {"id": "b", "cards": [2, 4, 12, 17], "criteria": [3, 1, 2, 2]},
    {"id": "c", "cards": [19, 31, 42, 45], "criteria": [1, 3, 5, 4]},
]
#: a puzzle between each two of them that cannot be read, or not played on paper
BAD: list[dict[str, Any]] = [
    {"id": "x", "cards": [99, 9, 11, 14], "criteria": [2, 1, 1, 3]},  # line 2: no card 99
    {"id": "y", "cards": [4, 9, 11, 14]},  # line 4: no hidden criteria
    {"id": "z", "cards": [4, 9, 11, 14], "criteria": [2, 3, 2, 1]},  # line 6: no code
]
#: what each bad line is said to be, after ``FILE:``
SAID = [
    "2:23: card 99 is not in card set 'classic' (cards 1–48)",
    "4: no hidden criteria: a booklet needs puzzles whose verifiers can answer a test, "
    "with their criteria and solution",
    "6: no code meets all hidden criteria",
]


def jsonl(puzzles: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(p) + "\n" for p in puzzles)


def mixed() -> str:
    return jsonl([GOOD[0], BAD[0], GOOD[1], BAD[1], GOOD[2], BAD[2]])


def export(*args: str, input: str | None = None) -> Result:
    return run(["export", "--format", "markdown", *args], input=input)


def test_standard_input_is_read_as_a_file_is(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(jsonl(GOOD), encoding="utf-8")
    from_file = export(str(path))
    assert from_file.exit_code == 0, from_file.output
    from_stdin = export("-", input=jsonl(GOOD))
    assert from_stdin.exit_code == 0, from_stdin.output
    # but a page of standard input's puzzle says nothing of how to play it at the computer:
    # no file holds it for `turing play`
    typed = re.compile(r"At the computer: `turing play \S+ --id \d`\n\n")
    assert len(typed.findall(from_file.stdout)) == 3 and "At the computer" not in from_stdin.stdout
    assert from_stdin.stdout == typed.sub("", from_file.stdout)
    assert "3 puzzles." in from_stdin.stdout
    assert from_stdin.stderr == ""
    # and beside a file, into a file: its puzzle, the file's first, is printed once
    out = tmp_path / "b.md"
    both = export(str(path), "-", "-o", str(out), input=jsonl(GOOD[:1]))
    assert both.exit_code == 0, both.output
    assert both.stdout == "" and both.stderr == (
        f"note: <stdin>:1: the same puzzle as at {path}:1; printed once\nwrote 3 puzzles to {out}\n"
    )
    assert "3 puzzles." in out.read_text(encoding="utf-8")


def test_standard_input_named_twice_is_read_once(tmp_path: Path) -> None:
    r = export("-", "-", input=jsonl(GOOD))
    assert r.exit_code == 0, r.output
    assert r.stderr == "note: standard input is given twice; read once\n"
    assert "3 puzzles." in r.stdout


def test_every_bad_puzzle_is_said_at_its_place_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "ex.jsonl"
    path.write_text(mixed(), encoding="utf-8")
    out = tmp_path / "b.md"
    for source, args, text in ((str(path), [str(path)], None), ("<stdin>", ["-"], mixed())):
        r = export(*args, "-o", str(out), input=text)
        assert r.exit_code == 2, r.output
        assert r.stderr.splitlines() == [f"error: {source}:{said}" for said in SAID]
        assert r.stdout == "" and not out.exists()
        # to standard output nothing either
        r = export(*args, input=text)
        assert r.exit_code == 2 and r.stdout == "", r.output
    # the lines check finds unreadable are said in its words
    checked = run(["check", str(path)])
    unread = [line for line in checked.stderr.splitlines() if line.startswith("error:")]
    assert unread == [f"error: {path}:{SAID[0]}"]


def test_bad_files_are_said_with_the_bad_puzzles_of_the_others(tmp_path: Path) -> None:
    path = tmp_path / "ex.jsonl"
    path.write_text(mixed(), encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    missing = tmp_path / "none.jsonl"
    out = tmp_path / "b.md"
    r = export(str(folder), "-", str(missing), str(path), "-o", str(out), input=mixed())
    assert r.exit_code == 2, r.output
    assert r.stderr.splitlines() == [
        f"error: {folder}: is a folder, not a puzzle file",
        *(f"error: <stdin>:{said}" for said in SAID),
        f"error: {missing}: no such file",
        *(f"error: {path}:{said}" for said in SAID),
    ]
    assert not out.exists()


def test_a_puzzle_the_filters_leave_out_is_not_refused(tmp_path: Path) -> None:
    """Only the puzzles that would be printed must be playable on paper: one that the
    filters leave out is no reason to refuse the booklet (one that cannot be read is)."""
    text = jsonl([GOOD[0], {**BAD[1], "mode": "nightmare"}])
    r = export("-", "--mode", "classic", input=text)
    assert r.exit_code == 0, r.output
    assert "1 puzzle." in r.stdout


def test_standard_input_is_not_written_over(tmp_path: Path) -> None:
    """``export - -o FILE < FILE`` would put the booklet in place of the puzzles read."""
    path = tmp_path / "p.jsonl"
    path.write_text(jsonl(GOOD), encoding="utf-8")
    (tmp_path / "link.jsonl").symlink_to("p.jsonl")
    for output in ("p.jsonl", "link.jsonl"):
        with path.open(encoding="utf-8") as stdin:
            done = subprocess.run(
                [sys.executable, "-m", "turing", "export", "-", "-o", output],
                stdin=stdin,
                capture_output=True,
                text=True,
                encoding="utf-8",
                timeout=120,
                cwd=tmp_path,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
            )
        assert done.returncode == 2, done.stderr
        assert (
            done.stderr == f"error: cannot write {output}: it is a puzzle file this command reads\n"
        )
        assert path.read_text(encoding="utf-8") == jsonl(GOOD)
