"""A generation killed with SIGKILL leaves a consistent bank, and the same command resumes
with no duplicates and no gaps."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.generation.bank import Bank

CLASSIC = ROOT / "cards" / "classic.yaml"

ARGS = [
    "generate",
    "--count",
    "1500",
    "--verifiers",
    "4",
    "--difficulty",
    "hard",
    "--seed",
    "13",
    "--commit-every",
    "40",
    "-q",
]


def committed(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        conn = sqlite3.connect(db, timeout=5)
        try:
            row = conn.execute("SELECT max(kept) FROM runs").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0
    return int(row[0] or 0)


def rows(db: Path) -> list[tuple[str, int, str]]:
    """Every stored puzzle (documents, and catalogue rows with their rebuilt documents)."""
    with Bank(db) as b:
        stored = b.conn.execute("SELECT key, source_index, doc FROM puzzles").fetchall()
        catalogue = [(p.canonical_key(), -1, d) for p, d in zip(b.query(), b.docs(), strict=True)]
        marks = b.conn.execute("SELECT * FROM catalogue_marks").fetchall()
    return sorted(stored) + sorted(catalogue[len(stored) :]) + [(str(m), -2, "") for m in marks]


def test_kill_minus_9_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "bank.db"
    cmd = [sys.executable, "-m", "turing", *ARGS, "--bank", str(db)]
    kills = 0
    for wait_for in (100, 500):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while committed(db) < wait_for and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            kills += 1
        proc.wait()
        with Bank(db) as b:  # consistent after the kill: whole batches and their progress
            assert b.check_integrity() == "ok"
            rec = b.runs()[0]
            assert b.count() == rec.kept
            indices = sorted(r[0] for r in b.conn.execute("SELECT source_index FROM puzzles"))
            assert len(indices) == len(set(indices))
            assert not indices or indices[-1] < rec.next_index
    assert kills >= 1, "the generation finished before it could be killed"
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    with Bank(db) as b:
        rec = b.runs()[0]
        assert rec.done and rec.kept == 1500 == b.count()
    # the same command never killed gives exactly the same bank contents
    ref = tmp_path / "ref.db"
    r = CliRunner().invoke(main, [*ARGS, "--bank", str(ref)])
    assert r.exit_code == 0, r.output
    assert rows(db) == rows(ref)
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0
    assert rows(db) == rows(ref)


def test_a_larger_count_extends_a_finished_run(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "b.db")
    base = [
        "generate",
        "--verifiers",
        "5",
        "--difficulty",
        "easy",
        "--seed",
        "3",
        "-q",
        "--bank",
        db,
    ]
    assert runner.invoke(main, [*base, "--count", "40"]).exit_code == 0
    assert runner.invoke(main, [*base, "--count", "90"]).exit_code == 0
    ref = str(tmp_path / "ref.db")
    assert runner.invoke(main, [*base[:-1], ref, "--count", "90"]).exit_code == 0
    assert rows(Path(db)) == rows(Path(ref))


def test_shards_by_start_index_merge_into_one_bank(tmp_path: Path) -> None:
    import json

    runner = CliRunner()
    base = [
        "generate",
        "--count",
        "25",
        "--verifiers",
        "6",
        "--difficulty",
        "hard",
        "--seed",
        "5",
        "-q",
    ]
    whole = tmp_path / "whole.jsonl"
    assert runner.invoke(main, [*base, "--count", "50", "-o", str(whole)]).exit_code == 0
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert runner.invoke(main, [*base, "-o", str(first)]).exit_code == 0
    r = runner.invoke(main, [*base, "--start-index", "25", "-o", str(second)])
    assert r.exit_code == 0, r.output
    indices = [json.loads(x)["index"] for x in second.read_text().splitlines()]
    assert indices[0] >= 25
    assert first.read_text() + second.read_text() == whole.read_text()
    merged = tmp_path / "m.db"
    r = runner.invoke(main, ["bank", "import", str(merged), str(first), str(second), "--json"])
    assert json.loads(r.output)["added"] == 50
    db = tmp_path / "s.db"
    r = runner.invoke(main, [*base, "--start-index", "25", "--bank", str(db)])
    with Bank(db) as b:
        assert b.runs()[0].signature.endswith("|start=25")
        assert b.count() == 25


def gone(pid: int) -> bool:
    """The process has ended (a zombie waiting to be reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", ["generate", "catalogue"])
def test_kill_minus_9_with_workers_then_resume(tmp_path: Path, command: str) -> None:
    """With --jobs 2 the killed command leaves worker processes behind: they must end
    by themselves and must not keep the bank locked, so the same command resumes at once."""
    db = tmp_path / "bank.db"
    if command == "generate":
        args = [*ARGS, "--jobs", "2"]
    else:  # the classic cards 1–30: 45,627 puzzles, a few seconds to store
        text = CLASSIC.read_text()
        cards = tmp_path / "first30.yaml"
        cards.write_text(
            text[: text.index("  - number: 31\n")].replace("name: classic", "name: first30", 1)
        )
        args = ["catalogue", "--verifiers", "4", "--cardset", str(cards), "--jobs", "2", "-q"]
    cmd = [sys.executable, "-m", "turing", *args, "--bank", str(db)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while committed(db) < 100 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    assert proc.poll() is None and len(children) == 2, "killed while its workers run"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 15
    while not all(gone(int(c)) for c in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(gone(int(c)) for c in children), "workers outlived their killed parent"
    with Bank(db) as b:
        assert b.check_integrity() == "ok"
        rec = b.runs()[0]
        assert 0 < b.count() == rec.kept and not rec.done
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    with Bank(db) as b:
        rec = b.runs()[0]
        assert rec.done and rec.kept == b.count()
    # the same command never killed gives exactly the same bank contents
    ref = tmp_path / "ref.db"
    r = CliRunner().invoke(main, [*args, "--bank", str(ref)])
    assert r.exit_code == 0, r.output
    assert rows(db) == rows(ref)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", ["generate", "catalogue"])
def test_a_worker_killed_is_one_error_line_then_the_run_resumes(
    tmp_path: Path, command: str
) -> None:
    """A worker killed (as when memory runs out) ends the command with one error line and
    status 2, not a traceback, and not a command that waits for ever on the worker left
    (it was sending back a block of puzzles when the pool told it to end): the bank is
    consistent, and the same command resumes."""
    db = tmp_path / "bank.db"
    if command == "generate":
        args = [*ARGS, "--jobs", "2"]
    else:
        args = ["catalogue", "--verifiers", "4", "--jobs", "2", "-q"]
    cmd = [sys.executable, "-m", "turing", *args, "--bank", str(db)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while committed(db) < 100 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
    assert proc.poll() is None and len(children) == 2, "a worker killed while they run"
    os.kill(int(children[0]), signal.SIGKILL)
    try:
        _, err = proc.communicate(timeout=30)
    finally:  # one that never ends (as before) is not left running
        if proc.poll() is None:
            for pid in (proc.pid, *map(int, children)):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 2
    assert err == (
        "error: a worker process ended before its work was done (out of memory, or killed)\n"
    )
    assert all(gone(int(c)) for c in children)
    with Bank(db) as b:
        assert b.check_integrity() == "ok"
        rec = b.runs()[0]
        assert 0 < b.count() == rec.kept and not rec.done
    if command == "generate":  # (the whole catalogue takes minutes)
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        with Bank(db) as b:
            rec = b.runs()[0]
            assert rec.done and rec.kept == b.count() == 1500
