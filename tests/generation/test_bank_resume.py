"""A generation killed with SIGKILL leaves a consistent bank, and the same command resumes
with no duplicates and no gaps: with the seed it gives, or without one, with the seed the
run drew."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli import generate as generate_command
from turing.cli.main import main
from turing.generation.bank import SCHEMA_VERSION, Bank, RunRecord

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
#: the same command without a seed: each run draws its own
DRAWN = [a for a in ARGS if a not in ("--seed", "13")]


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


@pytest.mark.parametrize("seed", ["given", "drawn"])
def test_kill_minus_9_then_resume(tmp_path: Path, seed: str) -> None:
    db = tmp_path / "bank.db"
    args = ARGS if seed == "given" else DRAWN
    cmd = [sys.executable, "-m", "turing", *args, "--bank", str(db)]
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
        [rec] = b.runs()  # resumed: no second run
        assert rec.done and rec.kept == 1500 == b.count()
    # the same command never killed (given the seed the run drew) gives exactly the same
    # bank contents
    ref = tmp_path / "ref.db"
    r = CliRunner().invoke(main, [*DRAWN, "--seed", str(rec.params["seed"]), "--bank", str(ref)])
    assert r.exit_code == 0, r.output
    assert rows(db) == rows(ref)
    if seed == "given":
        assert rec.params["seed"] == 13 and "seed_drawn" not in rec.params
        again = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0
        assert rows(db) == rows(ref)
    else:
        assert rec.params["seed_drawn"] is True


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


def test_the_summary_counts_what_this_command_skipped_and_refused(tmp_path: Path) -> None:
    """Repeats skipped, puzzles refused by the tests filter and unrated ones are the
    command's own, in the JSON summary and the line alike; the run's totals are the JSON's
    run_… keys. A run complete already skipped and refused none."""
    db = str(tmp_path / "b.db")
    base = ["generate", "--difficulty", "easy", "--seed", "9", "--min-tests", "4"]
    base += ["--jobs", "1", "--bank", db]

    def summary(count: int) -> dict[str, Any]:
        r = CliRunner().invoke(main, [*base, "--count", str(count), "--json"])
        assert r.exit_code == 0, r.output
        return dict(json.loads(r.stdout))

    def own(d: dict[str, Any]) -> tuple[int, int]:
        return d["repeats_skipped"], d["refused_by_filter"]

    def run_totals(d: dict[str, Any]) -> tuple[int, int]:
        return d["run_repeats_skipped"], d["run_refused_by_filter"]

    first = summary(30)
    assert first["made"] == 30 and first["refused_by_filter"] > 0
    assert own(first) == run_totals(first)
    again = summary(30)
    assert again["made"] == again["indices"] == 0
    assert own(again) == (0, 0) and again["unrated"] == 0
    assert run_totals(again) == run_totals(first)
    more = summary(60)
    assert more["made"] == 30
    assert sum(own(more)) == more["indices"] - 30  # each index tried: kept, or not
    assert run_totals(more) == tuple(a + b for a, b in zip(own(first), own(more), strict=True))
    r = CliRunner().invoke(main, [*base, "--count", "90"])
    assert r.exit_code == 0, r.output
    with Bank(db) as b:
        record = b.run_record(next(iter(b.stats()["runs"]))["signature"])
    assert record is not None
    repeats = record.repeats - more["run_repeats_skipped"]
    refused = record.refused - more["run_refused_by_filter"]
    assert f"{repeats} repeat" in r.stderr and f", {refused} refused by" in r.stderr


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
    assert Path(f"{db}.writer-lock").exists()  # left by the killed command
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "lock" not in done.stderr and not Path(f"{db}.writer-lock").exists()  # taken over
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
    first, stopped = err.splitlines()
    assert first == (
        "error: a worker process ended before its work was done (out of memory, or killed)"
    )
    assert all(gone(int(c)) for c in children)
    with Bank(db) as b:
        assert b.check_integrity() == "ok"
        rec = b.runs()[0]
        assert 0 < b.count() == rec.kept and not rec.done
    # what the bank holds and the command that resumes, as a stop by Ctrl-C says them
    if command == "generate":
        assert stopped.startswith(
            f"stopped; the bank {db} holds {rec.kept:,} of this run's puzzles (1,500 asked): "
            "the same command run again resumes the run"
        ), stopped
    else:
        assert stopped == (
            f"stopped; the bank {db} holds {rec.kept:,} puzzles of the 4-verifier catalogue "
            f"({rec.next_index:,} of 1,121 units): `turing catalogue --verifiers 4 --bank {db}` "
            "resumes it"
        ), stopped
    if command == "generate":  # (the whole catalogue takes minutes)
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        with Bank(db) as b:
            rec = b.runs()[0]
            assert rec.done and rec.kept == b.count() == 1500


# -- runs without --seed ----------------------------------------------------------------------

#: a small run without a seed: 40 hard 4-verifier puzzles, committed every 10
SMALL = ["generate", "--verifiers", "4", "--difficulty", "hard", "--commit-every", "10"]


def generate(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, [*SMALL, *args])
    return r.exit_code, r.stdout, r.stderr


def interrupted(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    """The command stopped by Ctrl-C right after its first commit (which it then commits
    again, with nothing new in it: the puzzles made since the last commit are kept)."""
    real = generate_command._commit
    calls = []

    def commit(*commit_args: Any) -> None:
        real(*commit_args)
        calls.append(commit_args)
        if len(calls) == 1:
            raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(generate_command, "_commit", commit)
        code, _, err = generate(*args)
    assert code == 130 and len(calls) == 2
    assert re.fullmatch(
        r"interrupted: stopped; the bank \S+ holds \d+ of this run's puzzles \(\d+ asked\): "
        r"the same command run again resumes the run(; seed \d+ \(drawn at random\): --seed \d+ "
        r"makes the same puzzles again)?\n",
        err,
    ), err


def test_german_names_standard_output_with_its_article(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a run stopped or resumed with ``-o -`` says of standard output, in German with
    its article: "in die Standardausgabe", "die Standardausgabe hält"."""
    db = str(tmp_path / "b.db")
    german = ["--lang", "de", *SMALL, "--seed", "4", "--bank", db, "-o", "-"]
    real = generate_command._commit

    def commit(*commit_args: Any) -> None:
        real(*commit_args)
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(generate_command, "_commit", commit)
        r = CliRunner().invoke(main, [*german, "-n", "40"])
    assert r.exit_code == 130, r.output
    assert re.search(r"; [\d.]+ Rätsel wurden in die Standardausgabe geschrieben\n", r.stderr)
    r = CliRunner().invoke(main, [*german, "-n", "60"])
    assert r.exit_code == 0, r.output
    assert re.search(
        r"; die Standardausgabe hält 60 Rätsel des Laufs \([\d.]+ aus der Rätselbank\)", r.stderr
    ), r.stderr


def drawn_seed(summary: str) -> int:
    found = re.search(r"; seed (\d+) \(drawn at random\)$", summary.strip())
    assert found, summary
    return int(found.group(1))


def bank_runs(db: Path) -> dict[int, RunRecord]:
    """The runs of the bank by their seeds."""
    with Bank(db) as b:
        return {r.params["seed"]: r for r in b.runs()}


def test_runs_without_a_seed_make_other_puzzles(tmp_path: Path) -> None:
    """Each run without --seed draws its own (named in the summary line, never in what
    players see); --seed with it makes the same puzzles again, with any --jobs."""
    files = [tmp_path / f"{n}.jsonl" for n in "abcd"]
    code, _, err = generate("--count", "20", "-o", str(files[0]))
    assert code == 0, err
    seed = drawn_seed(err)
    code, _, err = generate("--count", "20", "-o", str(files[1]))
    assert code == 0, err
    assert drawn_seed(err) != seed
    assert files[0].read_text() != files[1].read_text()
    assert {json.loads(line)["seed"] for line in files[0].read_text().splitlines()} == {seed}
    for path, jobs in ((files[2], "1"), (files[3], "2")):
        code, _, err = generate(
            "--count", "20", "--seed", str(seed), "--jobs", jobs, "-o", str(path)
        )
        assert code == 0 and "seed" not in err, err  # a seed given is not repeated
        assert path.read_text() == files[0].read_text()
    code, out, err = generate("--count", "3", "-o", str(files[0]), "--json")
    summary = json.loads(out)
    assert code == 0 and err == "" and summary["seed_drawn"] is True
    assert {json.loads(line)["seed"] for line in files[0].read_text().splitlines()} == {
        summary["seed"]
    }
    code, out, _ = generate("--count", "3", "--seed", "0", "-o", str(files[0]), "--json")
    assert json.loads(out)["seed"] == 0 and json.loads(out)["seed_drawn"] is False
    r = CliRunner().invoke(main, ["--lang", "de", *SMALL, "--count", "2", "-o", str(files[0])])
    assert r.exit_code == 0 and re.search(
        r"; Startwert \d+ \(zufällig gezogen\)$", r.stderr.strip()
    )


def test_an_interrupted_run_without_a_seed_resumes_with_the_seed_it_drew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "b.db"
    interrupted(monkeypatch, "--count", "40", "--bank", str(db), "-q")
    [(seed, run)] = bank_runs(db).items()
    assert run.params["seed_drawn"] is True and 0 < run.kept < 40 and not run.done
    code, _, err = generate("--count", "40", "--bank", str(db))
    assert code == 0, err
    assert f"(resumed at {run.kept})" in err and drawn_seed(err) == seed
    [(seed_after, run)] = bank_runs(db).items()
    assert seed_after == seed and run.done and run.kept == 40
    # the bank an uninterrupted run with that seed given makes
    ref = tmp_path / "ref.db"
    code, _, err = generate("--count", "40", "--seed", str(seed), "--bank", str(ref), "-q")
    assert code == 0, err
    assert rows(db) == rows(ref)
    # the run is complete: the same command again makes 40 new puzzles, of a new seed
    code, _, err = generate("--count", "40", "--bank", str(db))
    assert code == 0 and "resumed" not in err and drawn_seed(err) != seed
    runs = bank_runs(db)
    assert set(runs) == {seed, drawn_seed(err)} and runs[seed] == run
    assert runs[drawn_seed(err)].done and runs[drawn_seed(err)].kept == 40
    with Bank(db) as b:
        assert b.count() == 80


def test_which_run_a_command_without_a_seed_continues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The latest unfinished run of the same options whose seed was drawn and that holds
    fewer puzzles than the count asked; a run given its seed is never taken for one."""
    db = tmp_path / "b.db"
    bank = ("--bank", str(db), "-q")
    interrupted(monkeypatch, "--count", "40", "--seed", "5", *bank)
    given = bank_runs(db)[5]
    interrupted(monkeypatch, "--count", "40", *bank)
    runs = bank_runs(db)
    assert len(runs) == 2 and runs[5] == given  # the run of --seed 5 is left as it was
    [older] = [r for seed, r in runs.items() if seed != 5]
    assert older.params["seed_drawn"] is True and not older.done
    assert older.kept >= 2, "committed after one puzzle: a slow machine"
    # a count the older run already holds: a new run (interrupted as well)
    interrupted(monkeypatch, "--count", str(older.kept), "--commit-every", "1", *bank)
    runs = bank_runs(db)
    [newer] = [r for r in runs.values() if r not in (given, older)]
    assert len(runs) == 3 and not newer.done
    # other options: another run, whatever runs of these options are unfinished
    code, _, err = generate("--count", "10", "--difficulty", "easy", *bank)
    assert code == 0 and len(bank_runs(db)) == 4, err
    # the latest unfinished run first, then the older one, then a new run
    for continued in (newer, older):
        code, _, err = generate("--count", "40", "--bank", str(db))
        assert code == 0 and "resumed at" in err, err
        run = bank_runs(db)[drawn_seed(err)]
        assert run.signature == continued.signature and run.done and run.kept == 40
    code, _, err = generate("--count", "40", "--bank", str(db))
    assert code == 0 and "resumed" not in err
    runs = bank_runs(db)
    assert len(runs) == 5 and runs[5] == given  # still unfinished, still seed 5
    # given its seed, a drawn run goes on as any run does
    code, _, err = generate("--count", "60", "--seed", str(older.params["seed"]), *bank)
    assert code == 0, err
    run = bank_runs(db)[older.params["seed"]]
    assert run.kept == 60 and run.params["seed_drawn"] is True


def test_an_older_bank_keeps_its_runs(tmp_path: Path) -> None:
    """A bank written by the version-2 program (its generation run given --seed 3): a
    command without a seed starts a run of its own; --seed 3 extends the old run."""
    db = tmp_path / "v2.db"
    shutil.copy(Path(__file__).parent / "data" / "bank-v2.db", db)
    old = ["generate", "--verifiers", "4", "--difficulty", "hard", "--bank", str(db)]
    code, _, err = generate_raw(*old, "--count", "12")
    assert code == 0 and "resumed" not in err, err
    seed = drawn_seed(err)
    with Bank(db) as b:
        assert b.schema_version == SCHEMA_VERSION
        runs = {r.params.get("seed"): r for r in b.runs() if r.kind == "generate"}
    assert set(runs) == {3, seed} and runs[3].kept == 12 and "seed_drawn" not in runs[3].params
    code, _, err = generate_raw(*old, "--count", "20", "--seed", "3")
    assert code == 0 and "generated 8 " in err and "(20 asked)" in err, err


def generate_raw(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


# -- the output file of a resumed run, and what an interrupted command says -------------------


def test_the_output_of_a_resumed_run_holds_the_whole_run(tmp_path: Path) -> None:
    """`--bank DB -o FILE` killed (kill -9: no FILE at all), then the same command: FILE
    holds the whole run, the puzzles the bank held of it first, line for line the file of
    a run never killed."""
    db, out, ref = tmp_path / "b.db", tmp_path / "o.jsonl", tmp_path / "ref.jsonl"
    cmd = [sys.executable, "-m", "turing", *ARGS, "--bank", str(db), "-o", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while committed(db) < 200 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, "the generation finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not out.exists()
    held = committed(db)
    resume = [a for a in cmd if a != "-q"]  # with its summary line
    done = subprocess.run(resume, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    r = CliRunner().invoke(main, [*ARGS, "-o", str(ref)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == ref.read_text() and len(ref.read_text().splitlines()) == 1500
    r = CliRunner().invoke(main, [*ARGS[:-1], "--bank", str(db), "-o", str(out), "--json"])
    summary = json.loads(r.stdout)
    assert summary["made"] == 0 and summary["written"] == 1500
    assert out.read_text() == ref.read_text()  # a complete run: the whole run again
    # the summary line of the resumed command said so
    assert f"(resumed at {held:,})" in done.stderr
    assert f"{out} holds 1,500 puzzles of the run ({held:,} from the bank)" in done.stderr


def interrupt(cmd: list[str], db: Path | None, out: Path) -> subprocess.CompletedProcess[str]:
    """``cmd`` as its own process, stopped by SIGINT (as Ctrl-C stops it) once it has
    made some puzzles."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if (committed(db) >= 100) if db is not None else tmp_files(out.parent):
            break
        time.sleep(0.01)
    assert proc.poll() is None, "the generation finished before it could be stopped"
    os.kill(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(cmd, proc.returncode, stdout, stderr)


def tmp_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp") and p.stat().st_size > 0]


def test_ctrl_c_says_what_is_kept_and_how_to_go_on(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) of a real process: with --bank, how many of the run's puzzles the
    bank holds (every one made so far: those since the last commit are committed too)
    and that the same command resumes; with -o FILE alone, that FILE was not written and
    the seed drawn, which makes the same puzzles again. Exit status 130."""
    db, out = tmp_path / "b.db", tmp_path / "o.jsonl"
    more = [a if a != "1500" else "3000" for a in DRAWN]
    cmd = [sys.executable, "-m", "turing", *more, "--bank", str(db), "-o", str(out)]
    stopped = interrupt(cmd, db, out)
    assert stopped.returncode == 130 and "Traceback" not in stopped.stderr
    with Bank(db) as b:
        [rec] = b.runs()
        assert b.count() == rec.kept > 0 and not rec.done
    seed = rec.params["seed"]
    assert stopped.stderr == (
        f"interrupted: stopped; the bank {db} holds {rec.kept:,} of this run's puzzles "
        f"(3,000 asked): the same command run again resumes the run; {out} was not written "
        f"(the run resumed writes all its puzzles there); seed {seed} (drawn at random): --seed "
        f"{seed} makes the same puzzles again\n"
    )
    assert not out.exists()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    ref = tmp_path / "ref.jsonl"
    r = CliRunner().invoke(main, [*more, "--seed", str(seed), "-o", str(ref)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == ref.read_text()
    # -o FILE alone, no seed given: the file stays as it was, the seed is named
    old = ref.read_text().splitlines()[0] + "\n"  # an earlier output, which -o may replace
    out.write_text(old)
    cmd = [sys.executable, "-m", "turing", *DRAWN, "--count", "100000", "-o", str(out)]
    stopped = interrupt(cmd, None, out)
    assert stopped.returncode == 130 and out.read_text() == old
    found = re.fullmatch(
        rf"interrupted: stopped after ([\d,]+) puzzles; {re.escape(str(out))} is as it was; "
        r"seed (\d+) \(drawn at random\): --seed (\d+) makes the same puzzles again\n",
        stopped.stderr,
    )
    assert found and found.group(2) == found.group(3), stopped.stderr
    # German
    env = {**os.environ, "TURING_LANG": "de"}
    proc = subprocess.Popen(
        [*cmd[:3], "generate", "-n", "100000", "-o", "-", "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    time.sleep(3)
    os.kill(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert re.fullmatch(
        r"unterbrochen: angehalten nach [\d.]+ Rätseln, geschrieben in die Standardausgabe; "
        r"Startwert \d+ \(zufällig gezogen\): --seed \d+ macht dieselben Rätsel noch einmal\n",
        err,
    ), err


def test_a_reader_that_goes_away_is_told_what_the_bank_kept(tmp_path: Path) -> None:
    """``generate -o - --bank DB | head -3``: the run is cut short when the reader goes
    away. Status 0 as for every command whose reader has seen enough, and standard error
    says so, with what the bank holds of the run and that the same command resumes it;
    the bank holds what it says, and the same command to a file finishes the run as an
    uninterrupted run would."""
    db = tmp_path / "bank.db"
    cmd = [sys.executable, "-m", "turing", *ARGS, "--bank", str(db), "-o", "-"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        for _ in range(3):
            assert proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert lines[0] == "the reader of standard output went away", err
    found = re.fullmatch(
        r"stopped; the bank \S+ holds ([\d,]+) of this run's puzzles \(1,500 asked\): "
        r"the same command run again resumes the run",
        lines[1],
    )
    assert found is not None, err
    assert int(found.group(1).replace(",", "")) == committed(db) > 0
    whole = tmp_path / "whole.jsonl"
    code = CliRunner().invoke(main, [*ARGS, "--bank", str(db), "-o", str(whole)]).exit_code
    assert code == 0
    reference = tmp_path / "reference.jsonl"
    assert CliRunner().invoke(main, [*ARGS, "-o", str(reference)]).exit_code == 0
    assert whole.read_text() == reference.read_text()


def test_ctrl_c_of_a_catalogue_says_what_the_bank_holds_and_the_command(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT) of a real catalogue run: one line says how many puzzles the bank
    holds (its last commit) and the command that resumes it, then ``interrupted``, exit
    130; that command finishes the catalogue as a run never stopped makes it."""
    text = CLASSIC.read_text()  # the classic cards 1–30: a few seconds to store
    cards = tmp_path / "first30.yaml"
    cards.write_text(
        text[: text.index("  - number: 31\n")].replace("name: classic", "name: first30", 1)
    )
    db = tmp_path / "cat.db"
    args = ["catalogue", "--verifiers", "4", "--cardset", str(cards), "--bank", str(db)]
    stopped = interrupt([sys.executable, "-m", "turing", *args], db, tmp_path / "none")
    assert stopped.returncode == 130 and "Traceback" not in stopped.stderr
    assert sorted(os.listdir(tmp_path)) == ["cat.db", "first30.yaml"]  # no lock, no -wal
    with Bank(db) as b:
        [rec] = b.runs()
        assert b.count() == rec.kept > 0 and not rec.done
        total = rec.target
    command = shlex.join(["turing", *args[:-2], "--bank", str(db)])
    assert stopped.stderr == (
        f"interrupted: stopped; the bank {db} holds {rec.kept:,} puzzles of the 4-verifier "
        f"catalogue ({rec.next_index:,} of {total:,} units): `{command}` resumes it\n"
    )
    words = shlex.split(command)
    assert words[0] == "turing"
    done = subprocess.run(
        [sys.executable, "-m", "turing", *words[1:]], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    ref = tmp_path / "ref.db"
    assert CliRunner().invoke(main, [*args[:-1], str(ref), "-q"]).exit_code == 0
    assert rows(db) == rows(ref)


def test_the_next_run_removes_what_a_killed_one_was_writing(tmp_path: Path) -> None:
    """``generate -o FILE`` killed with kill -9 leaves its temporary file beside FILE; the
    next command writing FILE removes it, and keeps one a running command is writing."""
    out = tmp_path / "o.jsonl"
    cmd = [sys.executable, "-m", "turing", *DRAWN, "--count", "100000", "-o", str(out), "-q"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not tmp_files(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    [left] = tmp_files(tmp_path)
    assert left.name.startswith(".o.jsonl.")
    running = tmp_path / ".o.jsonl.abcd1234.tmp"  # as a running command holds its own
    running.write_text("{}\n")
    held = os.open(running, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        r = CliRunner().invoke(main, [*DRAWN, "--count", "2", "--seed", "1", "-o", str(out)])
        assert r.exit_code == 0, r.output
        assert sorted(os.listdir(tmp_path)) == [running.name, "o.jsonl"]
    finally:
        os.close(held)
    r = CliRunner().invoke(main, [*DRAWN, "--count", "2", "--seed", "1", "-o", str(out)])
    assert r.exit_code == 0 and os.listdir(tmp_path) == ["o.jsonl"]
