"""A bank on storage nobody can write (a read-only file system, a folder and a file without
write permission) is read by the reading commands; a bank that cannot be opened, or made,
is said with the true reason in the language in use, never as "not a puzzle bank"."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import ROOT
from testsupport.processes import unprivileged
from turing.generation.bank import Bank, BankError
from turing.i18n import set_language

Turing = Callable[..., Result]

READING = {
    "bank stats": ["bank", "stats", "{db}"],
    "bank pick": ["bank", "pick", "{db}", "--seed", "1"],
    "bank export": ["bank", "export", "{db}", "-o", os.devnull],
    "export --bank": ["export", "--bank", "{db}", "-o", os.devnull],
}


def _command(args: list[str], db: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), TURING_CACHE_DIR="", TURING_LANG="en")
    return subprocess.run(
        [sys.executable, "-m", "turing", *(a.format(db=db) for a in args)],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip


def _make_bank(turing: Turing, folder: Path) -> Path:
    db = folder / "b.db"
    r = turing(["generate", "-n", "2", "--seed", "3", "--bank", str(db), "-q"])
    assert r.exit_code == 0, r.output
    assert not Path(f"{db}-shm").exists()  # closed: SQLite took its -shm and -wal away
    return db


@pytest.fixture
def locked_folder(turing: Turing) -> Iterator[Path]:
    """A bank in a folder without write permission, itself without write permission."""
    folder = Path(tempfile.mkdtemp(prefix="turing-ro-"))
    try:
        db = _make_bank(turing, folder)
        db.chmod(0o444)
        folder.chmod(0o555)
        yield db
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)


@pytest.fixture
def mounted(turing: Turing, tmp_path: Path) -> Iterator[Path]:
    """A bank seen through a read-only bind mount of its folder (root only)."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting needs root")
    source, view = tmp_path / "rw", tmp_path / "ro"
    source.mkdir()
    view.mkdir()
    _make_bank(turing, source)
    done = subprocess.run(["mount", "--bind", str(source), str(view)], capture_output=True)
    if done.returncode != 0:
        pytest.skip("mounting is not allowed here")
    try:
        again = subprocess.run(
            ["mount", "-o", "remount,bind,ro", str(view)], capture_output=True, check=False
        )
        if again.returncode != 0:
            pytest.skip("a read-only remount is not allowed here")
        yield view / "b.db"
    finally:
        subprocess.run(["umount", str(view)], capture_output=True, check=False)


def _command_unprivileged(args: list[str], db: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), TURING_CACHE_DIR="", TURING_LANG="en")
    argv = [*unprivileged(), sys.executable, "-m", "turing", *(a.format(db=db) for a in args)]
    return subprocess.run(
        argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120, check=False
    )


@pytest.mark.parametrize("command", list(READING))
def test_a_bank_nobody_may_write_is_read_as_immutable(locked_folder: Path, command: str) -> None:
    """SQLite cannot make the -shm file a reading of a WAL bank needs in a folder without
    write permission (SQLITE_READONLY_DIRECTORY): a bank nobody may write is read as
    immutable instead, with SQLite's real answer, by a user the permission bits bind."""
    done = _command_unprivileged(READING[command], locked_folder)
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(locked_folder.parent)) == ["b.db"]


def test_a_bank_someone_may_write_is_not_read_as_immutable(turing: Turing) -> None:
    # another process may be writing it: SQLite's reason is said, nothing is guessed
    folder = Path(tempfile.mkdtemp(prefix="turing-ro-"))
    try:
        db = _make_bank(turing, folder)
        folder.chmod(0o555)
        done = _command_unprivileged(READING["bank stats"], db)
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
    assert done.returncode == 2
    assert done.stderr == (
        f"error: {db}: cannot open the bank: SQLite reads it with a -shm file beside it, and "
        f"the folder {folder} cannot be written\n"
    )


WRITING = {
    "generate --bank": ["generate", "-n", "1", "--bank", "{db}", "-q"],
    "bank import": ["bank", "import", "{db}", str(ROOT / "puzzles" / "sample.yaml")],
    "bank pick --mark-played": ["bank", "pick", "{db}", "--mark-played"],
    "catalogue --count-only": ["catalogue", "--verifiers", "2", "--count-only", "--bank", "{db}"],
}


@pytest.mark.parametrize("command", list(WRITING))
@pytest.mark.parametrize("locked", ["folder", "file"])
def test_a_bank_that_cannot_be_written_is_said_before_anything(
    turing: Turing, command: str, locked: str
) -> None:
    """A bank in a folder without write permission (SQLite writes its -wal file there), or
    a bank file without it: the command says so before it does anything (no puzzle shown,
    no run started), exit 2, the bank as it was."""
    folder = Path(tempfile.mkdtemp(prefix="turing-ro-"))
    try:
        db = _make_bank(turing, folder)
        before = db.read_bytes()
        if locked == "folder":
            folder.chmod(0o555)
        else:
            db.chmod(0o444)
        done = _command_unprivileged(WRITING[command], db)
        assert db.read_bytes() == before
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
    reason = (
        f"no permission to create files in {folder}"
        if locked == "folder"
        else "the file is read-only"
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: {db}: cannot open the bank: {reason}\n"


@pytest.mark.parametrize("command", list(READING))
def test_a_bank_on_a_read_only_file_system_is_read(mounted: Path, command: str) -> None:
    done = _command(READING[command], mounted)
    assert done.returncode == 0, done.stderr


def test_the_library_reads_a_bank_on_a_read_only_file_system(mounted: Path) -> None:
    with Bank(mounted, readonly=True) as b:
        assert len(list(b.query())) == 2
    assert sorted(os.listdir(mounted.parent)) == ["b.db"]


def test_writing_a_bank_on_a_read_only_file_system_says_why(mounted: Path) -> None:
    done = _command(["generate", "-n", "1", "--bank", "{db}", "-q"], mounted)
    assert done.returncode == 2
    assert done.stderr == (
        f"error: {mounted}: cannot open the bank: {mounted.parent} is on a read-only file system\n"
    )


def _leave_changes_in_the_wal(db: Path) -> None:
    """Store a change that stays in the -wal file, as a writer stopped without cleaning up
    leaves it, and take the -shm file away."""
    code = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA wal_autocheckpoint = 0')\n"
        "c.execute('CREATE TABLE later (x)')\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(db)], check=True, timeout=60)
    Path(f"{db}-shm").unlink()
    assert Path(f"{db}-wal").stat().st_size > 0


def test_changes_only_a_shm_file_could_read_are_not_passed_over(mounted: Path) -> None:
    """A bank whose -wal file holds changes is not read from the bank file alone (the
    changes would be missed): the command says why it cannot read it."""
    _leave_changes_in_the_wal(mounted.parent.parent / "rw" / "b.db")
    done = _command(READING["bank stats"], mounted)
    assert done.returncode == 2
    assert done.stderr == (
        f"error: {mounted}: cannot open the bank: its -wal file holds changes that SQLite "
        f"reads only with a -shm file beside it, and the folder {mounted.parent} cannot be "
        "written\n"
    )


def test_a_new_bank_in_a_missing_folder_is_said_as_any_file_written(
    turing: Turing, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = turing(["generate", "-n", "2", "--bank", "nodir/x.db"])
    assert r.exit_code == 2
    assert r.output == f"error: cannot write nodir/x.db: folder {tmp_path}/nodir does not exist\n"
    r = turing(["--lang", "de", "generate", "-n", "2", "--bank", "nodir/x.db"])
    assert r.output == (
        f"Fehler: nodir/x.db lässt sich nicht schreiben: der Ordner {tmp_path}/nodir "
        "existiert nicht\n"
    )
    assert not (tmp_path / "nodir").exists()


def test_sqlites_reasons_are_said_in_the_language_in_use(turing: Turing, tmp_path: Path) -> None:
    whole = tmp_path / "whole.db"
    with sqlite3.connect(whole) as conn:
        conn.execute("CREATE TABLE t (x)")
    cut = tmp_path / "cut.db"
    cut.write_bytes(whole.read_bytes()[:2000])
    r = turing(["--lang", "de", "bank", "stats", str(cut)])
    assert r.exit_code == 2
    assert r.output == f"Fehler: {cut}: keine Rätselbank (das Datenbankabbild ist beschädigt)\n"
    set_language("en")
    with pytest.raises(BankError, match=r"not a puzzle bank \(database disk image is malformed\)"):
        Bank(cut, readonly=True)


def test_a_bank_of_version_3_is_read_as_it_is(turing: Turing, tmp_path: Path) -> None:
    # versions 4 and 5 only add the tables of card sets' fingerprints and card digests:
    # reading needs no upgrade
    db = _make_bank(turing, tmp_path)
    conn = sqlite3.connect(db)
    conn.execute("DROP TABLE puzzle_cardsets")
    conn.execute("DROP TABLE puzzle_cards")
    conn.execute("PRAGMA user_version = 3")
    conn.close()
    before = db.read_bytes()
    for args in READING.values():
        done = _command(args, db)
        assert done.returncode == 0, done.stderr
    assert db.read_bytes() == before
    with Bank(db) as bank:  # a command that writes upgrades it
        assert bank.schema_version == 5


@pytest.mark.parametrize("command", list(READING))
def test_a_reading_leaves_nothing_beside_the_bank(
    turing: Turing, tmp_path: Path, command: str
) -> None:
    """SQLite takes the -wal and -shm files of a WAL bank away as the last connection to
    it closes, which a connection that may not write cannot do: a reading leaves the
    folder as it found it."""
    db = _make_bank(turing, tmp_path)
    before = db.read_bytes()
    r = turing([a.format(db=db) for a in READING[command]])
    assert r.exit_code == 0, r.output
    assert sorted(os.listdir(tmp_path)) == ["b.db"]
    assert db.read_bytes() == before


def test_a_reading_connection_takes_no_change(turing: Turing, tmp_path: Path) -> None:
    db = _make_bank(turing, tmp_path)
    bank = Bank(db, readonly=True)
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            bank.conn.execute("DELETE FROM puzzles")
    finally:
        bank.close()
    assert sorted(os.listdir(tmp_path)) == ["b.db"]
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("SELECT count(*) FROM puzzles").fetchone()[0] == 2
    finally:
        conn.close()
