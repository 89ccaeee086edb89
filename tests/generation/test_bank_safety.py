"""The bank is never lost or changed by a command that should not change it: an output
that is the bank, a failed write of a picked puzzle, two processes upgrading an old bank
at once, imports of false or unreadable files, reading commands on files that are not
banks; errors name the file."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.generation.bank import MIGRATIONS, SCHEMA_VERSION, Bank

V2_BANK = ROOT / "tests" / "generation" / "data" / "bank-v2.db"


def turing(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A bank of four generated 4-verifier puzzles."""
    path = tmp_path / "b.db"
    r = turing("generate", "--count", "4", "--verifiers", "4", "--seed", "1", "--bank", str(path))
    assert r.exit_code == 0, r.output
    return path


def keys(path: Path) -> list[str]:
    with Bank(path, readonly=True) as b:
        return sorted(p.canonical_key() for p in b.query())


# -- 1: an output that is the bank --------------------------------------------------------


@pytest.mark.parametrize("link", ["same", "hard", "symbolic", "wal"])
@pytest.mark.parametrize("command", ["bank export", "export --bank", "generate --bank"])
def test_an_output_that_is_the_bank_is_refused(
    db: Path, tmp_path: Path, link: str, command: str
) -> None:
    before = keys(db)
    size = db.stat().st_size
    output = db
    if link == "hard":
        output = tmp_path / "hard.db"
        os.link(db, output)
    elif link == "symbolic":
        output = tmp_path / "sym.db"
        output.symlink_to(db)
    elif link == "wal":
        output = tmp_path / "b.db-wal"
    args = {
        "bank export": ["bank", "export", str(db), "-o", str(output)],
        "export --bank": ["export", "--bank", str(db), "-o", str(output)],
        "generate --bank": [
            "generate", "--count", "2", "--verifiers", "4", "--seed", "9",
            "--bank", str(db), "-o", str(output), "-q",
        ],
    }[command]  # fmt: skip
    r = turing(*args)
    assert r.exit_code == 2, r.output
    uses = "writes" if command == "generate --bank" else "reads"
    what = f"a file of the bank {db}" if link == "wal" else "the bank"
    assert r.output == f"error: cannot write {output}: it is {what} this command {uses}\n"
    assert db.read_bytes()[:16] == b"SQLite format 3\x00" and db.stat().st_size == size
    assert keys(db) == before


def test_a_new_bank_and_its_output_at_one_path_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    r = turing("generate", "--count", "2", "--bank", str(path), "-o", str(path), "-q")
    assert r.exit_code == 2 and "it is the bank this command writes" in r.output
    assert not path.exists()


# -- 2: a puzzle is marked played only once it was written out ------------------------------


def _pick(db: Path, stdout: IO[str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    return subprocess.run(
        [sys.executable, "-m", "turing", "bank", "pick", str(db), "--mark-played", "--seed", "1"],
        stdout=stdout, stderr=subprocess.PIPE, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip


def _played(db: Path) -> int:
    with Bank(db, readonly=True) as b:
        return int(b.conn.execute("SELECT count(*) FROM puzzles WHERE played").fetchone()[0])


def test_a_pick_that_cannot_be_written_is_not_marked_played(db: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        done = _pick(db, full)
    assert (done.returncode, done.stderr) == (
        2,
        "error: standard output: No space left on device\n",
    )
    assert _played(db) == 0
    closed = subprocess.run(
        ["sh", "-c", 'exec "$0" -m turing bank pick "$1" --mark-played >&-', sys.executable, db],
        stderr=subprocess.PIPE, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert closed.returncode == 2 and "standard output" in closed.stderr
    assert _played(db) == 0
    with open(os.devnull, "w") as null:
        assert _pick(db, null).returncode == 0
    assert _played(db) == 1


# -- 3: two processes opening an old bank at once --------------------------------------------


def test_a_bank_upgraded_meanwhile_by_another_process_is_not_upgraded_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The interleaving that made the second of two processes fail: it reads version 2,
    waits for the write lock while the first upgrades the bank, then gets the lock."""
    path = tmp_path / "v2.db"
    shutil.copy(V2_BANK, path)
    waiting = threading.Event()
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn: sqlite3.Connection = connect(*args, **kwargs)
        conn.set_trace_callback(lambda sql: waiting.set() if sql == "BEGIN IMMEDIATE" else None)
        return conn

    first = connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")  # the first process holds the lock
    monkeypatch.setattr(sqlite3, "connect", traced)  # as the bank module calls it
    found: list[object] = []

    def second() -> None:
        try:
            with Bank(path) as b:
                found.append(b.schema_version)
        except Exception as exc:
            found.append(exc)

    thread = threading.Thread(target=second)
    thread.start()
    assert waiting.wait(30)  # the second read version 2 and waits for the lock
    time.sleep(0.2)
    for migration in MIGRATIONS[2:]:
        migration(first)
    first.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    first.execute("COMMIT")
    first.close()
    thread.join(60)
    assert found == [SCHEMA_VERSION]


def test_two_commands_on_an_old_bank_at_once(tmp_path: Path) -> None:
    path = tmp_path / "vv.db"
    shutil.copy(V2_BANK, path)
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    commands = [["bank", "stats", str(path)], ["bank", "pick", str(path), "--any"]]
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "turing", *c],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for c in commands
    ]
    for p in running:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err


# -- 4 and 5: imports -----------------------------------------------------------------------


def _docs(db: Path) -> list[dict[str, object]]:
    r = turing("bank", "export", str(db))
    assert r.exit_code == 0, r.output
    return [json.loads(line) for line in r.output.splitlines()]


def test_import_refuses_a_false_solution_and_stores_only_its_own_figures(
    db: Path, tmp_path: Path
) -> None:
    true = _docs(db)
    wrong = {**true[0], "solution": "111" if true[0]["solution"] != "111" else "222"}
    lying = {
        **true[1],
        "id": "C4H-BOGUS2",
        "codes_left": 40,
        "assignments": 99,
        "min_tests": 9,
        "min_tests_upper": 9,
        "min_tests_kind": "exact",
        "score": 99.0,
    }
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(wrong) + "\n" + json.dumps(lying) + "\n")
    checked = turing("check", str(source))
    assert checked.exit_code == 1 and "stated solution" in checked.output
    new = tmp_path / "new.db"
    r = turing("bank", "import", str(new), str(source))
    assert r.exit_code == 1
    # check's words, which do not give the solution away
    said = (
        f"the stated solution {wrong['solution']} is not the code its hidden criteria leave — "
        "did its card set change since the puzzle was made?"
    )
    assert f"error: {source}:1: {said}\n" in r.stderr
    assert f"{source}:1: FAIL {wrong['id']}: {said}\n" in checked.stdout
    assert str(true[0]["solution"]) not in r.stderr
    (stored,) = _docs(new)
    assert stored["id"] == true[1]["id"] != "C4H-BOGUS2"
    for key in ("codes_left", "assignments", "score"):
        assert stored[key] == true[1][key]
    # the file claims an exact figure: the bank searched for it itself
    assert stored["min_tests_kind"] in ("exact", "bounds") and stored["min_tests"] != 9
    assert turing("bank", "export", str(new), "--max-tests", "8").exit_code == 0
    # an id its author wrote (not in the shape of a computed one) is kept
    authored = tmp_path / "authored.jsonl"
    authored.write_text(json.dumps({**true[2], "id": "Sunday puzzle 3"}) + "\n")
    assert turing("bank", "import", str(new), str(authored)).exit_code == 0
    assert [d["id"] for d in _docs(new)][-1] == "Sunday puzzle 3"


def test_an_import_with_an_unreadable_file_is_refused_whole(db: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    assert turing("bank", "export", str(db), "-o", str(good)).exit_code == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"cards": [\n')
    new = tmp_path / "im.db"
    r = turing("bank", "import", str(new), str(good), str(tmp_path / "none.jsonl"))
    assert r.exit_code == 2 and r.output == f"error: {tmp_path / 'none.jsonl'}: no such file\n"
    r = turing("bank", "import", str(new), str(good), str(bad))
    assert r.exit_code == 2 and "bad.jsonl:1" in r.output and "Traceback" not in r.output
    assert not any(p.name.startswith("im.db") for p in tmp_path.iterdir())  # none made
    # an existing bank is left as it was
    other = tmp_path / "other.db"
    shutil.copy(db, other)
    r = turing("bank", "import", str(other), str(good), str(bad))
    assert r.exit_code == 2 and keys(other) == keys(db)
    r = turing("bank", "import", str(new), str(good))
    assert r.exit_code == 0 and keys(new) == keys(db)


# -- 6: an export that matches nothing ------------------------------------------------------


def test_a_bank_export_that_matches_nothing_keeps_the_file(db: Path, tmp_path: Path) -> None:
    old = tmp_path / "old.jsonl"
    assert turing("bank", "export", str(db), "--limit", "1", "-o", str(old)).exit_code == 0
    kept = old.read_text()  # an earlier export
    r = turing("bank", "export", str(db), "--mode", "extreme", "-o", str(old))
    assert (r.exit_code, r.output) == (
        1,
        f"error: {db}: no puzzle matches the filters given (--mode extreme)\n",
    )
    assert old.read_text() == kept


# -- 7: reading commands change nothing ---------------------------------------------------


#: Every reading command, with the bank's path last.
READING = [
    ["bank", "stats"],
    ["bank", "stats", "--json"],
    ["bank", "export"],
    ["bank", "export", "--public"],
    ["bank", "pick"],
    ["export", "--bank"],
    ["generate", "--count", "1", "-o", "-", "--from-bank"],
    ["play", "--bank"],
    ["play", "--id", "C4E-AAAAAA", "--bank"],
]


def _no_tables(path: Path, kind: str) -> None:
    """A bank file without tables, as it is left by ``sqlite3 DB 'pragma user_version'``
    (no bytes), or by a ``generate --bank`` stopped before its first transaction (the
    header only, in WAL mode)."""
    if kind == "no bytes":
        path.touch()
        return
    conn = sqlite3.connect(path)
    if kind == "pragma":
        conn.execute("PRAGMA user_version").fetchone()
    elif kind == "wal header":
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
    else:
        conn.execute("VACUUM")
    conn.close()


@pytest.mark.parametrize("kind", ["no bytes", "pragma", "wal header", "header"])
def test_a_file_without_tables_reads_as_a_bank_holding_nothing(tmp_path: Path, kind: str) -> None:
    real = tmp_path / "real.db"
    Bank(real).close()  # a bank with its tables and no puzzles
    path = tmp_path / "e.db"
    _no_tables(path, kind)
    before = path.read_bytes()
    assert (len(before) == 0) == (kind in ("no bytes", "pragma"))
    for args in READING:
        expected = turing(*args, str(real))
        assert "Usage:" not in expected.output and "Traceback" not in expected.output, args
        r = turing(*args, str(path))
        assert r.exit_code == expected.exit_code, (args, r.output)
        if args[:2] != ["bank", "stats"]:  # stats tells the file from the bank (below)
            assert r.output == expected.output.replace(str(real), str(path)), args
        assert path.read_bytes() == before, args  # nothing written to it
    # a bank with its tables has a schema; a file without them has none
    assert turing("bank", "stats", str(real)).output == f"{real}: 0 puzzles (schema 5)\n"
    stats = json.loads(turing("bank", "stats", "--json", str(path)).output)
    assert (stats["puzzles"], stats["schema_version"], stats["groups"]) == (0, None, [])
    r = turing("bank", "stats", str(path))
    said = "an empty file" if not before else "an SQLite file without tables yet"
    assert (r.exit_code, r.output) == (0, f"{path}: {said}, 0 puzzles\n")
    assert path.read_bytes() == before
    r = turing("bank", "export", str(path))
    assert (r.exit_code, r.output) == (1, f"error: {path}: no puzzles to export\n")
    if not before:  # no SQLite side files either: the file was never in WAL mode
        assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("e.db")) == ["e.db"]
    # and it is a bank to generate into, as any missing or empty one
    r = turing("generate", "--count", "2", "--verifiers", "4", "--seed", "1", "--bank", str(path))
    assert r.exit_code == 0, r.output
    assert len(keys(path)) == 2


#: another program's SQLite file: with no user_version, or one of its own (a bank's number)
OTHER_VERSIONS = [0, 3]


def other_programs_file(path: Path, version: int) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()


@pytest.mark.parametrize("version", OTHER_VERSIONS)
@pytest.mark.parametrize("args", READING)
def test_reading_commands_refuse_a_file_that_is_not_a_bank(
    tmp_path: Path, args: list[str], version: int
) -> None:
    text = tmp_path / "text.db"
    text.write_text("not a bank\n")
    other = tmp_path / "other.db"
    other_programs_file(other, version)
    before = {p: p.read_bytes() for p in (text, other)}
    r = turing(*args, str(text))
    assert (r.exit_code, r.output) == (
        2,
        f"error: {text}: not a puzzle bank (not an SQLite file)\n",
    )
    r = turing(*args, str(other))
    assert (r.exit_code, r.output) == (
        2,
        f"error: {other}: an SQLite file that is not a puzzle bank\n",
    )
    assert {p: p.read_bytes() for p in before} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db", "text.db"]
    if Path("/dev/null").exists():
        r = turing(*args, "/dev/null")
        assert r.exit_code == 2 and "/dev/null: not a puzzle bank (not a regular file)" in r.output


def test_a_reading_command_upgrades_an_old_bank_and_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    shutil.copy(V2_BANK, path)
    r = turing("bank", "stats", str(path), "--json")
    assert r.exit_code == 0 and json.loads(r.output)["schema_version"] == SCHEMA_VERSION


# -- 8: errors name the file ----------------------------------------------------------------


def test_a_damaged_bank_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.db"
    shutil.copy(V2_BANK, path)
    assert turing("bank", "stats", str(path)).exit_code == 0
    with open(path, "r+b") as fh:
        fh.seek(4096 * 3)
        fh.write(b"\xff" * 4096 * 2)
    r = turing("bank", "stats", str(path))
    assert r.exit_code == 2
    assert r.output == f"error: {path}: the bank's database: database disk image is malformed\n"
    r = turing("--lang", "de", "bank", "stats", str(path))
    assert r.output.endswith(": das Datenbankabbild ist beschädigt\n"), r.output


def test_a_changed_card_set_names_the_bank(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    text = (ROOT / "cards" / "classic.yaml").read_text().replace("name: classic", "name: mine")
    text = text[: text.index("  - number: 17")]  # 16 cards: a catalogue made at once
    mine.write_text(text)
    path = tmp_path / "c.db"
    args = ["catalogue", "--verifiers", "4", "--bank", str(path), "--cardset", str(mine), "-q"]
    assert turing(*args).exit_code == 0
    mine.write_text(text.replace('when: "b == 1"', 'when: "b == 2"', 1))
    r = turing(*args)
    assert r.exit_code == 2 and r.output.startswith(f"error: {path}: the card set ")


# -- 9: the filters of export apply to files ----------------------------------------------


def test_export_filters_the_puzzles_of_files(db: Path, tmp_path: Path) -> None:
    four = tmp_path / "four.jsonl"
    assert turing("bank", "export", str(db), "-o", str(four)).exit_code == 0
    r = turing("export", str(four), "--verifiers", "5", "--format", "markdown")
    assert (r.exit_code, r.output) == (
        1,
        "error: no puzzle matches the filters given (--verifiers 5)\n",
    )
    r = turing("export", str(four), "--mode", "nightmare", "--format", "markdown")
    assert r.exit_code == 1
    docs = [json.loads(line) for line in four.read_text().splitlines()]
    tier = str(docs[0]["difficulty"])
    same = sum(d["difficulty"] == tier for d in docs)
    out = tmp_path / "b.md"
    r = turing("export", str(four), "--difficulty", tier, "--format", "markdown", "-o", str(out))
    assert r.exit_code == 0 and f"wrote {same} puzzle" in r.output
    r = turing("export", str(four), "--verifiers", "4", "--format", "markdown", "-o", str(out))
    assert r.exit_code == 0 and f"wrote {len(docs)} puzzles" in r.output


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--count", "2", "--seed", "1", "-q", "--bank"],
        ["catalogue", "--verifiers", "4", "-q", "--bank"],
    ],
)
def test_writing_commands_refuse_a_device_as_reading_ones_do(args: list[str]) -> None:
    # SQLite would open /dev/null and fail on its first write ("disk I/O error")
    r = turing(*args, "/dev/null")
    assert (r.exit_code, r.output) == (
        2,
        "error: /dev/null: not a puzzle bank (not a regular file)\n",
    )


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--count", "2", "--seed", "1", "-q", "--bank", "{db}"],
        ["catalogue", "--verifiers", "4", "-q", "--bank", "{db}"],
        ["catalogue", "--verifiers", "2", "--count-only", "-q", "--bank", "{db}"],
        ["bank", "import", "{db}", str(ROOT / "puzzles" / "sample.yaml")],
        ["bank", "pick", "{db}", "--mark-played"],
    ],
)
@pytest.mark.parametrize("version", OTHER_VERSIONS)
def test_writing_commands_refuse_another_programs_sqlite_file_unchanged(
    tmp_path: Path, args: list[str], version: int
) -> None:
    """Refused, the file is as it was: not switched to WAL mode (its header says the
    journal mode), no side file left."""
    other = tmp_path / "other.db"
    other_programs_file(other, version)
    before = other.read_bytes()
    r = turing(*(a.format(db=other) for a in args))
    assert (r.exit_code, r.output) == (
        2,
        f"error: {other}: an SQLite file that is not a puzzle bank\n",
    )
    assert other.read_bytes() == before
    with sqlite3.connect(other) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]


def test_picking_never_makes_a_bank(tmp_path: Path) -> None:
    missing = tmp_path / "missing.db"
    for flags in ([], ["--mark-played"]):
        r = turing("bank", "pick", str(missing), *flags)
        assert (r.exit_code, r.output) == (2, f"error: {missing}: no such bank\n")
    empty = tmp_path / "empty.db"
    empty.touch()
    for flags in ([], ["--mark-played"]):
        r = turing("bank", "pick", str(empty), *flags)
        assert (r.exit_code, r.output) == (
            1,
            f"error: {empty}: the bank holds no puzzles (turing generate --bank fills it)\n",
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db"]
    assert empty.read_bytes() == b""


@pytest.mark.parametrize("command", [["bank", "export"], ["export", "--bank"]])
def test_a_tests_range_no_puzzle_meets_is_refused(db: Path, command: list[str]) -> None:
    r = turing(*command, str(db), "--min-tests", "5", "--max-tests", "2")
    assert (r.exit_code, r.output) == (
        2,
        "error: --min-tests 5 is above --max-tests 2: no puzzle can meet both\n",
    )


def test_a_damaged_bank_is_not_said_to_resume(tmp_path: Path) -> None:
    """A bank SQLite finds damaged stops a run with its error, and no advice to run the
    command again (which meets the same damage)."""
    import random

    bank = str(tmp_path / "bad.db")
    easy = ["generate", "--difficulty", "easy", "--jobs", "1", "--bank", bank]
    r = turing(*easy, "-n", "3000", "--seed", "1", "-q")
    assert r.exit_code == 0, r.output
    with open(bank, "r+b") as f:  # garbage written into its middle
        f.seek(3 * 4096)
        f.write(random.Random(0).randbytes(2 * 4096))
    out = tmp_path / "p.jsonl"
    for more in ([], ["-o", str(out)]):
        r = turing(*easy, "-n", "100", "--seed", "5", *more)
        assert r.exit_code == 2, r.output
        assert "database disk image is malformed" in r.stderr
        assert "run again" not in r.stderr and "resume" not in r.stderr, r.stderr
    assert not out.exists()
