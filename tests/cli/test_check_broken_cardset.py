"""A puzzle that names a card set with errors: the error is said at the puzzle's
``cardset`` line, with how many the set holds and the command that lists them all."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main

BROKEN = """\
name: broken
cards:
  - number: 1
    title: "one"
    criteria:
      - {text: "b1", when: "b == 1"}
      - {text: "b2", when: "bb > 1"}
  - number: 2
    title: "two"
    criteria:
      - {text: "x", when: "q < 3"}
      - {text: "y", when: "b < 3"}
"""
PUZZLE = """\
id: "pc"
mode: classic
cardset: cs.yaml
cards: [1, 2, 1, 2]
criteria: [1, 1, 1, 1]
solution: "111"
"""


def test_a_puzzle_naming_a_broken_set_says_where_and_how_many(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cs.yaml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "pc.yaml").write_text(PUZZLE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["--lang", "en", "check", "pc.yaml"], prog_name="turing")
    assert result.exit_code == 2
    assert result.stderr.startswith(
        "error: pc.yaml:3:10: the card set named here has 2 errors; the first: "
        "cs.yaml:7:29: unknown name 'bb'"
    ), result.stderr
    assert result.stderr.endswith("(turing cards validate cs.yaml lists them all)\n")
    listed = runner.invoke(main, ["cards", "validate", "cs.yaml"])
    assert listed.output.count("error C") == 2, listed.output


def test_a_set_not_in_utf8_is_said_at_the_puzzle_with_its_path_tidied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "puzzles").mkdir()
    (tmp_path / "latin.yaml").write_bytes(
        b'name: latin\ncards:\n  - number: 1\n    title: "Gr\xf6\xdfe"\n'
        b"    criteria: [b < 3, b >= 3]\n"
    )
    (tmp_path / "puzzles" / "p.yaml").write_text(
        PUZZLE.replace("cardset: cs.yaml", "cardset: ../latin.yaml"), encoding="utf-8"
    )
    (tmp_path / "puzzles" / "q.yaml").write_text(
        PUZZLE.replace("cardset: cs.yaml", "cardset: ../cs.yaml"), encoding="utf-8"
    )
    (tmp_path / "cs.yaml").write_text(BROKEN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["--lang", "en", "check", "puzzles/p.yaml"], prog_name="turing")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: puzzles/p.yaml:3:10: the card set named here has an error: "
        "latin.yaml:4:15: file is not UTF-8 text (byte 0xf6): save it as UTF-8"
    )
    # the set's path as from the working folder, not puzzles/../cs.yaml
    result = runner.invoke(main, ["--lang", "en", "check", "puzzles/q.yaml"], prog_name="turing")
    assert result.stderr.startswith(
        "error: puzzles/q.yaml:3:10: the card set named here has 2 errors; the first: "
        "cs.yaml:7:29: unknown name 'bb'"
    ), result.stderr
    assert result.stderr.endswith("(turing cards validate cs.yaml lists them all)\n")
