"""A command that fails leaves its output files as they were, and an output it cannot
write is named as the user gave it, with the reason in the language in use."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import PUZZLES, run
from turing.core.files import os_reason
from turing.generation.bank import Bank
from turing.i18n import speaking

SAMPLE = str(PUZZLES / "sample.yaml")

#: a run that makes nothing: no classic puzzle is proven to need 12 tests
NOTHING = ["generate", "-n", "3", "--min-tests", "12", "--give-up", "40", "--seed", "1", "-q"]


def test_a_run_that_made_nothing_leaves_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "keep.jsonl"
    made = run(["generate", "-n", "2", "--seed", "1", "-q", "-o", str(out)])
    assert made.exit_code == 0, made.output
    before = out.read_bytes()
    assert before.count(b"\n") == 2
    failed = run([*NOTHING, "-o", str(out)])
    assert failed.exit_code == 1
    assert "no puzzle of this kind" in failed.stderr
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.jsonl"]


def test_a_run_that_made_nothing_creates_no_file(tmp_path: Path) -> None:
    out = tmp_path / "new.jsonl"
    failed = run([*NOTHING, "-o", str(out)])
    assert failed.exit_code == 1
    assert list(tmp_path.iterdir()) == []


needs_proc = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="no /proc")


@needs_proc
@pytest.mark.parametrize(
    "args",
    [
        ["generate", "-n", "1", "-q", "-o", "/proc/x"],
        ["export", SAMPLE, "-o", "/proc/x"],
        ["mastermind", "simulate", "--sample", "3", "--transcript", "/proc/x"],
    ],
)
def test_an_unwritable_output_is_named_as_given(args: list[str]) -> None:
    result = run(args)
    assert result.exit_code == 2
    assert result.stderr == "error: /proc/x: No such file or directory\n"
    german = run(["--lang", "de", *args])
    assert german.exit_code == 2
    assert german.stderr == "Fehler: /proc/x: Datei oder Ordner nicht vorhanden\n"


@needs_proc
def test_bank_export_names_its_output_as_given(tmp_path: Path) -> None:
    db = str(tmp_path / "b.db")
    assert run(["generate", "-n", "2", "--seed", "1", "-q", "--bank", db]).exit_code == 0
    result = run(["--lang", "de", "bank", "export", db, "-o", "/proc/x"])
    assert result.exit_code == 2
    assert result.stderr == "Fehler: /proc/x: Datei oder Ordner nicht vorhanden\n"


@needs_proc
def test_a_transcript_that_cannot_be_written_says_why_in_german() -> None:
    result = run(["--lang", "de", "play", SAMPLE, "--transcript", "/proc/x"], input="")
    assert result.exit_code == 2
    assert result.stderr == (
        "Fehler: das Protokoll /proc/x lässt sich nicht schreiben: "
        "Datei oder Ordner nicht vorhanden\n"
    )


def test_os_reasons_are_translated() -> None:
    full = OSError(errno.ENOSPC, "No space left on device")
    assert os_reason(full) == "No space left on device"
    with speaking("de"):
        assert os_reason(full) == "Kein Platz mehr auf dem Gerät"
    assert os_reason(OSError(errno.EOWNERDEAD, "Owner died")) == "Owner died"


@pytest.mark.parametrize("option", ["--transcript", "--save"])
def test_play_refuses_a_file_name_ending_in_a_slash(
    option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["play", SAMPLE, option, "newdir/"], input="")
    assert result.exit_code == 2
    # a transcript is named as one, as every command names it (the option is not repeated)
    said = "--save: cannot save to" if option == "--save" else "cannot write the transcript"
    assert result.stderr == (
        f"error: {said} newdir/: ends in a slash, so it names a folder, not a file\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option", ["--transcript", "--save"])
def test_play_names_a_folder_as_typed(
    option: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d").mkdir()
    result = run(["--lang", "de", "play", SAMPLE, option, "d/"], input="")
    assert result.exit_code == 2
    said = (
        "--save: kann nicht in d/ speichern"
        if option == "--save"
        else "das Protokoll d/ lässt sich nicht schreiben"
    )
    assert result.stderr == f"Fehler: {said}: es ist ein Ordner, keine Datei\n"


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "-n", "1", "-q", "--bank", "newdir/"],
        ["catalogue", "--verifiers", "4", "-q", "--bank", "newdir/"],
    ],
)
def test_a_bank_path_ending_in_a_slash_is_refused(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(args)
    assert result.exit_code == 2
    assert "newdir/ ends in a slash, so it names a folder, not a bank file" in result.stderr
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def banks_of_40_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every SQLite file opened holds at most 40 pages (about 180 generated puzzles): a
    write past them fails as on a full disk (``SQLITE_FULL``), in the real file."""
    real = sqlite3.connect

    def limited(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn: sqlite3.Connection = real(*args, **kwargs)
        conn.execute("PRAGMA max_page_count = 40")
        return conn

    monkeypatch.setattr(sqlite3, "connect", limited)


#: a run of many puzzles committed in small batches
MANY = ["generate", "-n", "1000", "--seed", "1", "--commit-every", "50", "-q"]


@pytest.mark.usefixtures("banks_of_40_pages")
def test_a_full_disk_under_the_bank_is_said_with_what_the_bank_holds(tmp_path: Path) -> None:
    db = tmp_path / "full.db"
    result = run([*MANY, "--bank", str(db)])
    assert result.exit_code == 2
    with Bank(db) as bank:
        held = bank.count()
        assert bank.check_integrity() == "ok"
    assert 0 < held < 1000 and held % 50 == 0
    assert result.stderr == (
        f"error: {db}: the bank's database: No space left on device\n"
        f"stopped; the bank {db} holds {held} of this run's puzzles (1,000 asked): the "
        "same command run again resumes the run\n"
    )
    german = run(["--lang", "de", *MANY, "--bank", str(db)])
    assert german.exit_code == 2
    assert german.stderr == (
        f"Fehler: {db}: die Datenbank der Rätselbank: Kein Platz mehr auf dem Gerät\n"
        f"angehalten; die Rätselbank {db} hält {held} Rätsel dieses Laufs (1.000 verlangt): "
        "derselbe Befehl setzt den Lauf fort, wenn er noch einmal läuft\n"
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_output_is_said_with_what_the_bank_holds(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    result = run([*MANY, "--bank", str(db), "-o", "/dev/full"])
    assert result.exit_code == 2
    with Bank(db) as bank:
        held = bank.count()
        run_record = bank.runs()[0]
    # the puzzles made before the output failed are kept, with the run's progress
    assert held > 0 and run_record.kept == held
    assert result.stderr == (
        "error: /dev/full: No space left on device\n"
        f"stopped; the bank {db} holds {held} of this run's puzzles (1,000 asked): the "
        "same command run again resumes the run\n"
    )
