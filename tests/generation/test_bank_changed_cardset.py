"""A bank refuses to give puzzles of a card set that changed since they were stored: every
reading command says so in the same line and writes nothing."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.generation.bank import Bank, BankError

GARDEN = """\
name: garden
cards:
  - number: 1
    title: "small, middle or large"
    criteria:
      - {text: "b is 1 or 2", when: "b <= 2"}
      - {text: "b is 3", when: "b == 3"}
      - {text: "b is 4 or 5", when: "b >= 4"}
  - number: 2
    title: "y even or odd"
    criteria:
      - {text: "y even", when: "even(y)"}
      - {text: "y odd", when: "odd(y)"}
  - number: 3
    title: "p against b"
    criteria:
      - {text: "p < b", when: "p < b"}
      - {text: "p = b", when: "p == b"}
      - {text: "p > b", when: "p > b"}
  - number: 4
    title: "the sum against 8"
    criteria:
      - {text: "sum < 8", when: "sum < 8"}
      - {text: "sum = 8", when: "sum == 8"}
      - {text: "sum > 8", when: "sum > 8"}
  - number: 5
    title: "repeated digits"
    criteria:
      - {text: "three different digits", when: "b != y and y != p and b != p"}
      - {text: "a digit repeats", when: "b == y or y == p or b == p"}
  - number: 6
    title: "y against the others"
    criteria:
      - {text: "y larger than both", when: "y > max(b, p)"}
      - {text: "y ties the largest", when: "y == max(b, p)"}
      - {text: "y below the largest", when: "y < max(b, p)"}
"""


def invoke(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input="")
    assert "Traceback" not in r.output, r.output
    return r.exit_code, r.output


def changed_line(db: Path, cs: Path) -> str:
    return (
        f"error: {db}: the card set '{cs}' has changed since puzzles of it were stored in the "
        "bank; put the card set back as it was, or store the changed set's puzzles in a new bank"
    )


def edit(cs: Path) -> None:
    cs.write_text(GARDEN.replace('when: "sum < 8"', 'when: "sum < 9"'), encoding="utf-8")


def reading_commands(db: Path, cs: Path, out: Path) -> list[list[str]]:
    return [
        ["bank", "export", str(db), "-o", str(out / "all.jsonl")],
        ["bank", "export", str(db), "--limit", "10", "-o", str(out / "ten.jsonl")],
        ["bank", "pick", str(db)],
        ["export", "--bank", str(db), "-o", str(out / "all.html")],
        ["export", "--bank", str(db), "--limit", "5", "-o", str(out / "five.html")],
        ["play", "--bank", str(db)],
        ["generate", "-n", "5", "--from-bank", str(db), "--cardset", str(cs), "-o",
         str(out / "drawn.jsonl")],
        ["generate", "-n", "30", "--cardset", str(cs), "--bank", str(db), "--seed", "1",
         "-o", str(out / "more.jsonl")],
    ]  # fmt: skip


@pytest.mark.parametrize("catalogue", [False, True])
def test_every_reading_command_refuses_a_changed_set(tmp_path: Path, catalogue: bool) -> None:
    cs = tmp_path / "g3.yaml"
    cs.write_text(GARDEN, encoding="utf-8")
    db = tmp_path / "gc.db"
    if catalogue:
        code, output = invoke("catalogue", "--cardset", str(cs), "--verifiers", "4", "--bank",
                              str(db), "-q")  # fmt: skip
    else:
        code, output = invoke("generate", "-n", "20", "--cardset", str(cs), "--bank", str(db),
                              "--seed", "1", "-q")  # fmt: skip
    assert code == 0, output
    code, _ = invoke("bank", "export", str(db), "--limit", "3", "-o", str(tmp_path / "ok.jsonl"))
    assert code == 0
    edit(cs)
    out = tmp_path / "out"
    out.mkdir()
    with Bank(db) as b:
        before = b.count()
    for args in reading_commands(db, cs, out):
        code, output = invoke(*args)
        assert code == 2, (args, output)
        assert output.strip() == changed_line(db, cs), (args, output)
    assert list(out.iterdir()) == []
    with Bank(db) as b:
        assert b.count() == before
    # put back as it was: read again
    cs.write_text(GARDEN, encoding="utf-8")
    code, _ = invoke("bank", "export", str(db), "--limit", "3", "-o", str(out / "back.jsonl"))
    assert code == 0 and (out / "back.jsonl").exists()


def test_the_library_refuses_to_store_puzzles_of_a_changed_set(tmp_path: Path) -> None:
    cs = tmp_path / "g3.yaml"
    cs.write_text(GARDEN, encoding="utf-8")
    db = tmp_path / "gc.db"
    code, _ = invoke("generate", "-n", "5", "--cardset", str(cs), "--bank", str(db), "--seed", "1")
    assert code == 0
    with Bank(db) as b:
        puzzles = list(b.query())
    edit(cs)
    with Bank(db) as b, pytest.raises(BankError, match="has changed since puzzles of it"):
        b.check_cardsets()
    other = tmp_path / "other.db"
    with Bank(other) as b:  # a new bank takes puzzles of the changed set as they come
        assert b.add(puzzles[:1]) == 1


def test_puzzles_stored_before_fingerprints_are_read_as_before(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    shutil.copy(ROOT / "tests" / "generation" / "data" / "bank-v2.db", db)
    code, output = invoke("bank", "export", str(db), "-o", str(tmp_path / "old.jsonl"))
    assert code == 0, output
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM puzzle_cardsets").fetchone()[0] == 0
    conn.close()
