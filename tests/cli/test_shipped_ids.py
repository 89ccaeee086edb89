"""`turing play --id` and `turing board --id` find every puzzle `turing puzzles` lists, the
ones in sub-folders of the shipped folder too; one puzzle shipped twice under its id is
that puzzle, two different puzzles under one id are refused by name."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

import turing.cli.play
import turing.play.game
from turing.cli.main import main
from turing.core.puzzle import load_puzzle
from turing.play.game import puzzles_dir


def run(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["--lang", "en", *args], input=script)


def test_every_listed_puzzle_is_found_by_its_id() -> None:
    listed = [json.loads(line) for line in run(["puzzles", "--json"]).output.splitlines()]
    assert any("/" in row["file"] for row in listed)  # the examples/ sub-folder is listed
    for row in listed:
        if row["id"] is None:
            continue
        result = run(["play", "--id", row["id"]], "quit\n")
        assert "no shipped puzzle" not in result.output, row
        assert result.exit_code == 1, (row, result.output)  # a game begun, then quit
        header = result.output.splitlines()[0]
        assert f" · {row['mode']} · {row['verifiers']} verifiers" in header, (row, header)


def test_the_id_of_a_puzzle_in_a_sub_folder() -> None:
    result = run(["play", "--id", "PRIMES 1"], "quit\n")
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Turing Machine · primes-1 · classic · 4 verifiers")


def test_an_id_shipped_twice_for_one_puzzle_plays_it() -> None:
    # rule-book problem 01 is in published.yaml and is the sample
    sample = load_puzzle(puzzles_dir() / "sample.yaml")
    assert sample.id == "01"
    result = run(["play", "--id", "01"], "solve 241\n")
    assert result.exit_code == 0, result.output
    assert "player wins: solved it." in result.output


def _shipped_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turing.play.game, "puzzles_dir", lambda: folder)


def test_two_different_puzzles_under_one_id_are_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sub").mkdir()
    one = 'id: "x-1"\nmode: classic\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\n'
    (tmp_path / "a.yaml").write_text(one)
    (tmp_path / "sub" / "b.yaml").write_text(one.replace("x-1", "X1"))  # the same puzzle
    _shipped_in(tmp_path, monkeypatch)
    same = run(["play", "--id", "x1"], "solve 241\n")
    assert same.exit_code == 0, same.output
    other = "# another\nid: X 1\nmode: classic\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 1]\n"
    (tmp_path / "sub" / "c.yaml").write_text(other)
    refused = run(["play", "--id", "x1"], "solve 241\n")
    assert refused.exit_code == 2
    assert refused.output == (
        f"error: 3 different shipped puzzles have id 'x1' (a.yaml:1, sub/b.yaml:1, "
        f"sub/c.yaml:2, in {tmp_path}); play one with: turing play FILE --id x1\n"
    )
    german = run(["--lang", "de", "play", "--id", "x1"])
    assert german.exit_code == 2 and "3 verschiedene mitgelieferte Rätsel" in german.output


def test_the_board_finds_a_puzzle_of_a_sub_folder_by_its_id() -> None:
    pytest.importorskip("textual")
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "--lang", "en", "board", "--id", "primes-2"],
        env={**os.environ, "TERM": "xterm-256color"}, encoding="utf-8", timeout=60,
        dimensions=(40, 120),
    )  # fmt: skip
    child.expect("primes-2 · classic · 5 verifiers")
    child.sendcontrol("q")
    child.expect("Leave the game")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert "game abandoned" in str(child.before)
    assert child.exitstatus == 1
