"""A bank refuses to give puzzles of a card set that changed since they were stored: every
reading command that meets them says so in the same line and writes nothing.

Stored puzzles are compared card by card, as a save is: a card added to the set, or changed
where no stored puzzle uses it, refuses nothing; a card changed that stored puzzles use
refuses those puzzles only, naming the card and how many puzzles use it; puzzles of other
sets (classic) are never affected. A bank stored before cards were recorded (schema 4)
keeps comparing the set whole, for that set's puzzles. A catalogue is compared whole."""

from __future__ import annotations

import json
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


def invoke(*args: str, input: str = "") -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), input=input)
    assert "Traceback" not in r.output, r.output
    return r.exit_code, r.output


def changed_line(db: Path, cs: Path) -> str:
    return (
        f"error: {db}: the card set '{cs}' has changed since puzzles of it were stored in the "
        "bank; put the card set back as it was, or store the changed set's puzzles in a new bank"
    )


def card_line(db: Path, cs: Path, card: int, count: int) -> str:
    puzzles = "puzzle using it was" if count == 1 else "puzzles using it were"
    return (
        f"error: {db}: card {card} of the card set '{cs}' has changed since {count} {puzzles} "
        "stored in the bank; put the card back as it was, or store the changed set's puzzles "
        "in a new bank"
    )


def whole_note(db: Path, cs: Path, count: int) -> str:
    """What ``bank export`` says of stored documents of a set recorded whole, changed."""
    return (
        f"note: {db}: the card set '{cs}' has changed since {count} puzzles of it were "
        "stored; the documents are written as they were stored\n"
    )


def card_note(db: Path, cs: Path, card: int, count: int) -> str:
    """What ``bank export`` says of stored documents using a card changed since."""
    puzzles = "puzzle using it was" if count == 1 else "puzzles using it were"
    return (
        f"note: {db}: card {card} of the card set '{cs}' has changed since {count} {puzzles} "
        "stored; the documents are written as they were stored"
    )


def using(db: Path, card: int) -> int:
    """How many stored puzzles of the bank use ``card``."""
    with Bank(db, readonly=True) as b:
        return sum(any(card in shown for shown in p.cards) for p in b.query())


def edit(cs: Path) -> None:
    cs.write_text(GARDEN.replace('when: "sum < 8"', 'when: "sum < 9"'), encoding="utf-8")


def reading_commands(db: Path, cs: Path, out: Path, catalogue: bool) -> list[list[str]]:
    drawn = [["generate", "-n", "5", "--from-bank", str(db), "--cardset", str(cs), "-o",
              str(out / "drawn.jsonl")]] if catalogue else []  # fmt: skip
    return [
        *drawn,
        ["bank", "export", str(db), "-o", str(out / "all.jsonl")],
        ["bank", "export", str(db), "--limit", "10", "-o", str(out / "ten.jsonl")],
        ["bank", "pick", str(db)],
        ["export", "--bank", str(db), "-o", str(out / "all.html")],
        ["export", "--bank", str(db), "--limit", "5", "-o", str(out / "five.html")],
        ["play", "--bank", str(db)],
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
    uses4 = 0 if catalogue else using(db, 4)
    expected = changed_line(db, cs) if catalogue else card_line(db, cs, 4, uses4)
    edit(cs)
    out = tmp_path / "out"
    out.mkdir()
    with Bank(db) as b:
        before = b.count()
    for args in reading_commands(db, cs, out, catalogue):
        code, output = invoke(*args)
        if args[:2] == ["bank", "export"] and not catalogue:
            # the stored documents need no cards: written as they were stored, and said so
            # (until 2026-12-07 refused as every reading is)
            assert (code, output) == (0, card_note(db, cs, 4, uses4) + "\n"), args
            continue
        assert code == 2, (args, output)
        assert output.strip() == expected, (args, output)
    assert sorted(p.name for p in out.iterdir()) == (
        [] if catalogue else ["all.jsonl", "ten.jsonl"]
    )
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
    with Bank(db) as b, pytest.raises(BankError, match="card 4 of the card set"):
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


CARD_7 = """\
  - number: 7
    title: "b against 3"
    criteria:
      - {text: "b < 3", when: "b < 3"}
      - {text: "b >= 3", when: "b >= 3"}
"""


def make_bank(tmp_path: Path) -> tuple[Path, Path]:
    """A bank of 20 garden puzzles (4 verifiers) and 20 classic ones (5 verifiers)."""
    cs = tmp_path / "garden.yaml"
    cs.write_text(GARDEN, encoding="utf-8")
    db = tmp_path / "b.db"
    code, output = invoke("generate", "-n", "20", "--cardset", str(cs), "--bank", str(db),
                          "--seed", "3", "-q", "-o", str(tmp_path / "g.jsonl"))  # fmt: skip
    assert code == 0, output
    code, output = invoke("generate", "-n", "20", "--verifiers", "5", "--bank", str(db),
                          "--seed", "3", "-q", "-o", str(tmp_path / "c.jsonl"))  # fmt: skip
    assert code == 0, output
    return db, cs


def exported(db: Path, *options: str) -> tuple[int, list[dict[str, object]], str]:
    code, output = invoke("bank", "export", str(db), *options)
    docs = [json.loads(line) for line in output.splitlines()] if code == 0 else []
    return code, docs, output


def test_a_card_added_refuses_nothing(tmp_path: Path) -> None:
    db, cs = make_bank(tmp_path)
    cs.write_text(GARDEN + CARD_7, encoding="utf-8")
    before = db.read_bytes()
    code, docs, output = exported(db)
    assert code == 0 and len(docs) == 40, output
    assert invoke("bank", "pick", str(db))[0] == 0
    code, output = invoke("play", "--bank", str(db), "--mode", "classic", input="quit\n")
    assert "— Round 1 —" in output and "error" not in output, (code, output)
    code, output = invoke("export", "--bank", str(db), "-o", str(tmp_path / "all.html"))
    assert code == 0, output
    assert db.read_bytes() == before  # the readings wrote nothing
    # more puzzles of the set (the new card among them) are stored beside the others
    code, output = invoke("generate", "-n", "10", "--cardset", str(cs), "--bank", str(db),
                          "--seed", "4", "-q", "-o", str(tmp_path / "more.jsonl"))  # fmt: skip
    assert code == 0, output
    code, docs, output = exported(db)
    assert code == 0 and len(docs) > 40, output


def test_a_changed_card_refuses_only_the_puzzles_using_it(tmp_path: Path) -> None:
    db, cs = make_bank(tmp_path)
    code, docs, _ = exported(db)
    garden = [d for d in docs if d.get("cardset") == str(cs)]
    with4 = [d for d in garden if 4 in d["cards"]]  # type: ignore[operator]
    without4 = [d for d in garden if 4 not in d["cards"]]  # type: ignore[operator]
    assert with4 and without4
    cs.write_text(GARDEN.replace('when: "sum < 8"', 'when: "sum < 9"'), encoding="utf-8")
    before = db.read_bytes()
    refused = card_line(db, cs, 4, len(with4))
    for args in (["bank", "export", str(db)], ["bank", "export", str(db), "--verifiers", "4"]):
        written = CliRunner().invoke(main, args)  # as stored, and said so
        assert written.exit_code == 0, args
        assert written.stderr == card_note(db, cs, 4, len(with4)) + "\n", args
    for args in (
        ["bank", "pick", str(db), "--verifiers", "4"],
        ["play", "--bank", str(db), "--id", str(with4[0]["id"])],
        ["generate", "-n", "5", "--cardset", str(cs), "--bank", str(db), "--seed", "5",
         "-o", str(tmp_path / "refused.jsonl")],
    ):  # fmt: skip
        code, output = invoke(*args)
        assert (code, output.strip()) == (2, refused), args
    assert not (tmp_path / "refused.jsonl").exists()
    assert db.read_bytes() == before  # nothing written by the refused commands
    # the classic puzzles, and the set's puzzles that do not use the card, are read
    code, docs, output = exported(db, "--verifiers", "5")
    assert code == 0 and len(docs) == 20 and all("cardset" not in d for d in docs), output
    code, output = invoke("play", "--bank", str(db), "--verifiers", "5", input="quit\n")
    assert "— Round 1 —" in output and "error" not in output, (code, output)
    code, output = invoke("play", "--bank", str(db), "--id", str(without4[0]["id"]),
                          input="quit\n")  # fmt: skip
    assert "— Round 1 —" in output and "error" not in output, (code, output)
    code, output = invoke("generate", "-n", "5", "--verifiers", "5", "--bank", str(db),
                          "--seed", "9", "-q", "-o", str(tmp_path / "classic.jsonl"))  # fmt: skip
    assert code == 0, output
    # put back as it was: every puzzle is read again
    cs.write_text(GARDEN, encoding="utf-8")
    code, docs, output = exported(db)
    assert code == 0 and len(docs) > 40, output


def test_a_bank_stored_before_cards_were_recorded(tmp_path: Path) -> None:
    """Schema 4 recorded each custom set whole: such a bank keeps comparing it whole (for
    that set's puzzles only), until puzzles of the set are stored again while it is
    unchanged; then the cards of all its puzzles are recorded."""
    db, cs = make_bank(tmp_path)
    conn = sqlite3.connect(db)  # the bank as schema 4 wrote it
    conn.execute("DROP TABLE puzzle_cards")
    conn.execute("PRAGMA user_version = 4")
    conn.close()
    cs.write_text(GARDEN + CARD_7, encoding="utf-8")
    before = db.read_bytes()
    written = CliRunner().invoke(main, ["bank", "export", str(db)])  # as stored, said so
    assert (written.exit_code, written.stderr) == (0, whole_note(db, cs, 20))
    code, output = invoke("bank", "pick", str(db))
    assert (code, output.strip()) == (2, changed_line(db, cs))
    code, docs, output = exported(db, "--verifiers", "5")  # classic puzzles are read
    assert code == 0 and len(docs) == 20, output
    assert db.read_bytes() == before  # read as it is, not upgraded
    # storing classic puzzles upgrades the bank; the set is still compared whole
    code, output = invoke("generate", "-n", "5", "--verifiers", "5", "--bank", str(db),
                          "--seed", "9", "-q", "-o", str(tmp_path / "classic.jsonl"))  # fmt: skip
    assert code == 0, output
    with Bank(db, readonly=True) as b:
        assert b.schema_version == 5
    code, output = invoke("bank", "pick", str(db))
    assert (code, output.strip()) == (2, changed_line(db, cs))
    code, output = invoke("generate", "-n", "5", "--cardset", str(cs), "--bank", str(db),
                          "--seed", "4", "-o", str(tmp_path / "refused.jsonl"))  # fmt: skip
    assert (code, output.strip()) == (2, changed_line(db, cs))
    # the set as it was: more of its puzzles stored record the cards of them all
    cs.write_text(GARDEN, encoding="utf-8")
    code, output = invoke("generate", "-n", "5", "--cardset", str(cs), "--bank", str(db),
                          "--seed", "4", "-q", "-o", str(tmp_path / "again.jsonl"))  # fmt: skip
    assert code == 0, output
    conn = sqlite3.connect(db)
    cards = {r[0] for r in conn.execute("SELECT card FROM puzzle_cards")}
    conn.close()
    assert cards == {1, 2, 3, 4, 5, 6}
    cs.write_text(GARDEN + CARD_7, encoding="utf-8")
    code, docs, output = exported(db)
    assert code == 0 and len(docs) > 40, output
