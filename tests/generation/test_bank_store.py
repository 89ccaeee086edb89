"""The SQLite bank: schema versions, storing once, picking, and the bank commands."""

from __future__ import annotations

import fcntl
import json
import os
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.puzzle import Puzzle
from turing.generation.bank import SCHEMA_VERSION, Bank, BankError, Query, RunRecord
from turing.generation.generator import generate


def puzzles(n: int = 20, **kw: object) -> list[Puzzle]:
    args: dict[str, object] = {"verifiers": 4, "difficulty": "hard", "seed": 1, **kw}
    return list(generate(n, **args))  # type: ignore[arg-type]


def test_new_bank_has_the_current_schema_and_wal(tmp_path: Path) -> None:
    with Bank(tmp_path / "b.db") as b:
        assert b.schema_version == SCHEMA_VERSION >= 1
        assert b.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_newer_bank_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    Bank(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(BankError, match="newer"):
        Bank(path)


def test_a_version_1_bank_is_migrated_in_place(tmp_path: Path) -> None:
    """A bank written by the first schema: upper bounds appear (equal to the exact
    figures), runs get their unrated count, and every stored puzzle still reads back."""
    from turing.generation.bank import MIGRATIONS

    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](conn)
    conn.execute("PRAGMA user_version = 1")
    ps = puzzles(6)
    for i, p in enumerate(ps):
        kind = "exact" if i % 2 else "lower_bound"
        conn.execute(
            "INSERT INTO puzzles (key, id, mode, cardset, verifiers, difficulty, solution, "
            "min_tests, min_tests_kind, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                p.canonical_key(),
                p.id,
                p.mode,
                "classic",
                p.verifiers,
                "hard",
                p.solution,
                p.extra["min_tests"],
                kind,
                json.dumps(p.to_dict(hidden=True)),
            ),
        )
    conn.execute(
        "INSERT INTO runs (signature, kind, params, next_index, kept) VALUES (?, ?, ?, ?, ?)",
        ("sig", "generate", "{}", 6, 6),
    )
    conn.close()
    with Bank(path) as b:
        assert b.schema_version == SCHEMA_VERSION == 5
        rows = b.conn.execute(
            "SELECT min_tests, min_tests_upper, min_tests_kind FROM puzzles ORDER BY rowid"
        ).fetchall()
        for low, high, kind in rows:
            assert high == (low if kind == "exact" else None)
        run = b.run_record("sig")
        assert run is not None and run.unrated == 0 and run.kept == 6
        assert [q.canonical_key() for q in b.query()] == [p.canonical_key() for p in ps]
        assert b.add(puzzles(10)) == 4


def test_unfinished_runs_latest_first(tmp_path: Path) -> None:
    with Bank(tmp_path / "b.db") as b:
        b.claim_writer()
        for signature, kind, done in (
            ("a", "generate", False),
            ("b", "generate", True),
            ("c", "catalogue", False),
            ("d", "generate", False),
        ):
            b.save_run(RunRecord(signature, kind, {}, kept=3, target=3 if done else 9, done=done))
        # written in the same second: the one begun later first
        assert [r.signature for r in b.unfinished_runs("generate")] == ["d", "a"]
        b.conn.execute("UPDATE runs SET updated_at = '2000-01-01T00:00:00Z' WHERE signature = 'd'")
        assert [r.signature for r in b.unfinished_runs("generate")] == ["a", "d"]
        assert [r.signature for r in b.unfinished_runs("catalogue")] == ["c"]
        assert b.unfinished_runs("count") == []


def test_other_files_are_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    with pytest.raises(BankError, match="not a puzzle bank"):
        Bank(other)
    text = tmp_path / "notes.txt"
    text.write_text("hello, this is not SQLite at all" * 10)
    with pytest.raises(BankError):
        Bank(text)
    with pytest.raises(BankError, match="no such bank"):
        Bank(tmp_path / "missing.db", create=False)


def test_puzzles_are_stored_once_whatever_the_verifier_order(tmp_path: Path) -> None:
    from dataclasses import replace

    ps = puzzles(20)
    with Bank(tmp_path / "b.db") as b:
        assert b.add(ps) == 20
        assert b.add(ps) == 0
        p = ps[0]
        assert p.criteria is not None
        reordered = replace(p, cards=p.cards[::-1], criteria=p.criteria[::-1])
        assert b.add([reordered]) == 0
        assert b.count() == 20


def test_get_pick_and_mark_played(tmp_path: Path) -> None:
    ps = puzzles(10) + puzzles(5, difficulty="easy", verifiers=5)
    with Bank(tmp_path / "b.db") as b:
        b.add(ps)
        p = ps[3]
        assert p.id is not None
        got = b.get(p.id)
        assert got is not None and got.canonical_key() == p.canonical_key()
        assert got.solution == p.solution and got.extra["min_tests"] == p.extra["min_tests"]
        assert b.get(p.canonical_key()) == got
        assert b.get("C4H-NOSUCH") is None
        picked = b.pick(difficulty="easy", verifiers=5, seed=1)
        assert picked is not None and picked.extra["difficulty"] == "easy"
        assert picked.verifiers == 5
        assert b.pick(difficulty="easy", verifiers=5, seed=1) == picked  # seeded draw
        seen = set()
        for _ in range(5):
            q = b.pick(difficulty="easy", verifiers=5)
            assert q is not None and q.id is not None
            assert b.mark_played(q.id)
            seen.add(q.id)
        assert len(seen) == 5
        assert b.pick(difficulty="easy", verifiers=5) is None
        assert b.pick(difficulty="easy", verifiers=5, unplayed=False) is not None
        assert b.count(Query(unplayed=True)) == 10
        assert not b.mark_played("nothing")


def test_query_by_metrics(tmp_path: Path) -> None:
    ps = puzzles(40, verifiers=6)
    with Bank(tmp_path / "b.db") as b:
        b.add(ps)
        low = [p for p in ps if p.extra["min_tests"] <= 2]
        got = list(b.query(Query(max_tests=2)))
        assert {p.canonical_key() for p in got} == {p.canonical_key() for p in low}
        assert b.count(Query(mode="extreme")) == 0


def test_id_collisions_get_a_longer_id(tmp_path: Path) -> None:
    from dataclasses import replace

    a, b_ = puzzles(2)
    clash = replace(b_, id=a.id)
    with Bank(tmp_path / "b.db") as b:
        b.add([a, clash])
        assert b.count() == 2
        ids = [row[0] for row in b.conn.execute("SELECT id FROM puzzles ORDER BY rowid")]
        assert ids[0] == a.id and ids[1] != a.id and len(ids[1]) > len(str(a.id))
        got = b.get(ids[1])
        assert got is not None and got.canonical_key() == clash.canonical_key()


def test_bank_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "b.db")
    out = tmp_path / "p.jsonl"
    r = runner.invoke(
        main,
        [
            "generate",
            "--count",
            "30",
            "--verifiers",
            "5",
            "--difficulty",
            "standard",
            "--seed",
            "2",
            "--bank",
            db,
            "-o",
            str(out),
            "-q",
        ],
    )
    assert r.exit_code == 0, r.output
    assert len(out.read_text().splitlines()) == 30
    r = runner.invoke(main, ["bank", "stats", db, "--json"])
    stats = json.loads(r.output)
    assert stats["puzzles"] == 30 and stats["groups"][0]["difficulty"] == "standard"
    assert stats["runs"][0]["kept"] == 30 and stats["runs"][0]["done"]
    r = runner.invoke(main, ["bank", "stats", db])
    assert r.exit_code == 0 and "standard" in r.output
    r = runner.invoke(main, ["bank", "pick", db, "--json", "--seed", "4", "--mark-played"])
    doc = json.loads(r.output)
    assert "criteria" not in doc and "solution" not in doc and len(doc["cards"]) == 5
    r = runner.invoke(main, ["bank", "pick", db, "--difficulty", "hard"])
    assert r.exit_code == 1 and "no puzzle" in r.output
    exported = tmp_path / "e.jsonl"
    r = runner.invoke(main, ["bank", "export", db, "-o", str(exported), "--unplayed"])
    assert r.exit_code == 0
    lines = exported.read_text().splitlines()
    assert len(lines) == 29 and all("solution" in json.loads(x) for x in lines)
    r = runner.invoke(main, ["bank", "export", db, "--public", "--limit", "3"])
    assert len(r.output.splitlines()) == 3 and "criteria" not in r.output
    # nothing a player could work out the criteria from: the generated id is computed
    # from them (trying each reading of the cards finds it), the seed and index remake it
    for line in r.output.splitlines():
        public = json.loads(line)
        assert not {"id", "seed", "index", "real_cards", "solution"} & set(public)
        assert public["cards"] and public["difficulty"] == "standard"
    for args in (["--json", "--seed", "4", "--any"], ["--seed", "4", "--any"]):
        r = runner.invoke(main, ["bank", "pick", db, *args])
        assert r.exit_code == 0 and not re.search(r"\b(id|seed|index)\b", r.output), r.output
    r = runner.invoke(main, ["bank", "pick", db, "--json", "--seed", "4", "--any", "--hidden"])
    assert {"id", "seed", "index", "criteria"} <= set(json.loads(r.output))
    other = str(tmp_path / "c.db")
    r = runner.invoke(main, ["bank", "import", other, str(exported), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["added"] == 29
    r = runner.invoke(main, ["bank", "import", other, str(exported), "--json"])
    assert json.loads(r.output) == {
        "added": 0,
        "already_in_bank": 29,
        "repeats_in_files": 0,
        "refused": 0,
        "problems": [],
    }
    # into a new bank, the same puzzles in two files are repeats among the files read, and
    # none was in the bank
    new = str(tmp_path / "new.db")
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(exported.read_bytes())
    r = runner.invoke(main, ["bank", "import", new, str(exported), str(copy), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {
        "added": 29,
        "already_in_bank": 0,
        "repeats_in_files": 29,
        "refused": 0,
        "problems": [],
    }
    r = runner.invoke(main, ["bank", "import", new, str(exported), str(copy)])
    assert r.exit_code == 0, r.output
    assert r.stderr == (
        "imported 0 puzzles, 29 already in the bank, 29 repeated in the files read, 0 refused\n"
    )
    # a file named twice is read once, as check and export read it
    r = runner.invoke(main, ["bank", "import", new, str(exported), str(exported)])
    assert r.exit_code == 0, r.output
    assert r.stderr == (
        f"note: {exported} is {exported} again; read once\n"
        "imported 0 puzzles, 29 already in the bank, 0 refused\n"
    )


def test_the_score_of_an_extreme_puzzle_is_not_shown_to_players(tmp_path: Path) -> None:
    # the score counts the tier points of the real cards alone: beside the shown table it
    # tells which cards of the pairs may be real, so it is withheld where they are hidden
    from turing.core.cards import load_cardset
    from turing.core.puzzle import puzzle_from_dict
    from turing.generation.metrics import difficulty_score

    runner = CliRunner()
    db = str(tmp_path / "b.db")
    for mode in ("extreme", "classic", "nightmare"):
        args = ["generate", "-n", "4", "--mode", mode, "--seed", "3", "--bank", db, "-q"]
        assert runner.invoke(main, args).exit_code == 0
    exported = runner.invoke(main, ["bank", "export", db, "--mode", "extreme"]).output
    puzzle = puzzle_from_dict(json.loads(exported.splitlines()[0]))
    classic = load_cardset("classic")
    assert puzzle.true_cards is not None and puzzle.extra["score"] == difficulty_score(
        puzzle, classic, puzzle.extra["assignments"], puzzle.extra["codes_left"],
        puzzle.extra["min_tests"],
    )  # fmt: skip
    for mode, shown in (("extreme", False), ("classic", True), ("nightmare", True)):
        r = runner.invoke(main, ["bank", "export", db, "--public", "--mode", mode])
        assert r.exit_code == 0 and len(r.output.splitlines()) == 4
        assert all(("score" in json.loads(line)) == shown for line in r.output.splitlines())
        r = runner.invoke(main, ["bank", "pick", db, "--json", "--seed", "1", "--mode", mode])
        assert ("score" in json.loads(r.output)) == shown, r.output
    r = runner.invoke(main, ["bank", "pick", db, "--seed", "1", "--mode", "extreme"])
    assert "score" not in r.output
    r = runner.invoke(main, ["bank", "pick", db, "--json", "--mode", "extreme", "--hidden"])
    assert "score" in json.loads(r.output)


def test_import_refuses_invalid_puzzles(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"cards": [4, 9, 11, 14], "criteria": [1, 1, 1, 1]}\n{"cards": [4, 9, 11, 14]}\n'
    )
    r = CliRunner().invoke(main, ["bank", "import", str(tmp_path / "b.db"), str(bad)])
    assert r.exit_code == 1
    # the words of `turing check`, whose function checks them
    assert "bad.jsonl:1: 3 codes meet all hidden criteria, not one" in r.output
    assert "bad.jsonl:2: no hidden criteria" in r.output
    assert not (tmp_path / "b.db").exists()  # nothing to store: no bank made


def test_missing_bank_and_bad_options_are_one_line_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(main, ["bank", "stats", str(tmp_path / "none.db")])
    assert r.exit_code == 2 and "no such bank" in r.output and "Traceback" not in r.output
    r = runner.invoke(main, ["generate", "--count", "3"])
    assert r.exit_code == 2 and "-o FILE.jsonl" in r.output


def test_custom_cardset_puzzles_are_found_by_the_set_name(tmp_path: Path) -> None:
    text = (ROOT / "cards" / "classic.yaml").read_text()
    path = tmp_path / "mine.yaml"
    path.write_text(text.replace("name: classic", "name: mine", 1))
    ps = list(generate(5, verifiers=4, difficulty="hard", seed=1, cardset=str(path)))
    with Bank(tmp_path / "b.db") as b:
        b.add(ps)
        picked = b.pick(cardset="mine")
        assert picked is not None and picked.cardset == str(path)
        assert b.pick(cardset="classic") is None


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    holder = Bank(db)
    holder.claim_writer()
    try:
        with Bank(db) as other, pytest.raises(BankError, match="another turing process"):
            other.claim_writer()
        r = CliRunner().invoke(main, ["generate", "--count", "2", "--bank", str(db), "-q"])
        assert r.exit_code == 2 and "is writing to this bank" in r.output
        assert Bank(db).count() == 0  # readers are not blocked
    finally:
        holder.close()
    r = CliRunner().invoke(main, ["generate", "--count", "2", "--bank", str(db), "-q"])
    assert r.exit_code == 0, r.output


def test_a_writer_leaves_no_lock_file_and_takes_over_a_killed_ones(tmp_path: Path) -> None:
    """The writer lock is removed as its writer ends (normally, or by an error); one left
    by a writer killed with kill -9 is locked by nobody: the next writer takes it over
    without a word, and removes it in turn."""
    db = tmp_path / "b.db"
    lock = tmp_path / "b.db.writer-lock"
    r = CliRunner().invoke(main, ["generate", "--count", "2", "--seed", "1", "--bank", str(db)])
    assert r.exit_code == 0, r.output
    assert sorted(os.listdir(tmp_path)) == ["b.db"]
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"mode": "classic", "cards": [1, 2]}\n')
    r = CliRunner().invoke(main, ["bank", "import", str(db), str(bad)])
    assert r.exit_code != 0 and not lock.exists()
    mine = tmp_path / "mine.yaml"
    text = (ROOT / "cards" / "classic.yaml").read_text().replace("name: classic", "name: mine")
    mine.write_text(text)
    args = ["generate", "--count", "2", "--seed", "1", "--cardset", str(mine), "--bank", str(db)]
    assert CliRunner().invoke(main, args).exit_code == 0
    mine.write_text(text.replace('when: "b == 1"', 'when: "b == 2"', 1))
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "has changed" in r.output and not lock.exists()
    mine.unlink()
    lock.write_text("4194304")  # the pid of a writer killed with kill -9
    r = CliRunner().invoke(main, ["generate", "--count", "3", "--seed", "1", "--bank", str(db)])
    assert r.exit_code == 0 and "the bank holds 3 of this run's puzzles" in r.stderr
    assert r.stderr.count("\n") == 1 and not lock.exists()
    # a writer that opened the lock file as the one before it ended finds it removed, and
    # claims the bank through a new one: never two writers at once
    first = Bank(db)
    first.claim_writer()
    late = os.open(lock, os.O_RDWR)
    first.close()
    try:
        fcntl.flock(late, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the removed file: nobody's lock
        with Bank(db) as second:
            second.claim_writer()
            assert lock.read_text() == str(os.getpid())
            with Bank(db) as third, pytest.raises(BankError, match="another turing process"):
                third.claim_writer()
    finally:
        os.close(late)
    assert not lock.exists()


def test_imported_exact_figures_without_an_upper_bound_get_one(tmp_path: Path) -> None:
    """A document written before `min_tests_upper` existed: an exact figure is its own
    upper bound; a lower bound stays without one."""
    docs = []
    for i, p in enumerate(puzzles(4)):
        doc = p.to_dict(hidden=True)
        doc.pop("min_tests_upper", None)
        doc["min_tests_kind"] = "exact" if i % 2 else "lower_bound"
        docs.append(doc)
    source = tmp_path / "old.jsonl"
    source.write_text("".join(json.dumps(d) + "\n" for d in docs))
    db = str(tmp_path / "b.db")
    r = CliRunner().invoke(main, ["bank", "import", db, str(source)])
    assert r.exit_code == 0, r.output
    with Bank(db) as b:
        rows = b.conn.execute(
            "SELECT min_tests, min_tests_upper, min_tests_kind FROM puzzles ORDER BY rowid"
        ).fetchall()
    assert len(rows) == 4
    for low, high, kind in rows:
        assert high == (low if kind == "exact" else None)
