"""The Dask executor path, against a LocalCluster (skipped when the dask extra is missing)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.generate import open_executor
from turing.cli.main import main
from turing.core.workers import WorkerLost
from turing.generation.generator import generate

distributed = pytest.importorskip("distributed")

#: ``turing`` of this checkout, started as a person starts it
TURING = [sys.executable, "-m", "turing"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "xterm"}
#: a run of hard 6-verifier puzzles on one Dask worker
DASK_RUN = [
    "generate",
    "--verifiers",
    "6",
    "--difficulty",
    "hard",
    "--seed",
    "11",
    "--executor",
    "dask",
    "--jobs",
    "1",
]


def test_dask_executor_gives_the_same_puzzles() -> None:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        with distributed.Client(cluster) as client:
            executor = client.get_executor()
            via_dask = list(
                generate(
                    80, verifiers=5, difficulty="hard", mode="extreme", seed=4, executor=executor
                )
            )
    finally:
        cluster.close()
    local = list(generate(80, verifiers=5, difficulty="hard", mode="extreme", seed=4))
    assert [p.to_dict() for p in via_dask] == [p.to_dict() for p in local]


def test_cli_dask_executor_with_a_local_cluster(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    ref = tmp_path / "r.jsonl"
    args = [
        "generate",
        "--count",
        "50",
        "--verifiers",
        "6",
        "--difficulty",
        "hard",
        "--seed",
        "2",
        "-q",
    ]
    r = CliRunner().invoke(main, [*args, "--executor", "dask", "--jobs", "2", "-o", str(out)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(main, [*args, "-o", str(ref)])
    assert r.exit_code == 0, r.output
    assert out.read_text() == ref.read_text()


def test_scheduler_needs_dask() -> None:
    r = CliRunner().invoke(
        main, ["generate", "--count", "1", "-o", "-", "--scheduler", "tcp://127.0.0.1:1"]
    )
    assert r.exit_code == 2 and "--executor dask" in r.output


def test_cli_dask_scheduler_address(tmp_path: Path) -> None:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        out = tmp_path / "s.jsonl"
        ref = tmp_path / "r.jsonl"
        args = [
            "generate",
            "--count",
            "40",
            "--verifiers",
            "4",
            "--difficulty",
            "standard",
            "--mode",
            "nightmare",
            "--seed",
            "6",
            "-q",
        ]
        r = CliRunner().invoke(
            main,
            [*args, "--executor", "dask", "--scheduler", cluster.scheduler_address, "-o", str(out)],
        )
        assert r.exit_code == 0, r.output
        assert CliRunner().invoke(main, [*args, "-o", str(ref)]).exit_code == 0
        assert out.read_text() == ref.read_text()
    finally:
        cluster.close()


def dask_run(out: Path, count: int) -> subprocess.CompletedProcess[str]:
    """``turing generate`` on a local Dask cluster, ``count`` puzzles into ``out``."""
    return subprocess.run(
        [*TURING, *DASK_RUN, "--count", str(count), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=ENV,
        timeout=180,
    )


def test_a_local_cluster_says_only_the_summary(tmp_path: Path) -> None:
    """The library's log lines (the blocks computed ahead, cancelled once the run has its
    puzzles; the cluster closing) stay off standard error: the summary is all it says."""
    out = tmp_path / "d.jsonl"
    done = dask_run(out, 300)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("generated 300 "), done.stderr
    assert len(out.read_text().splitlines()) == 300


def test_a_local_cluster_beside_another_says_only_the_summary(tmp_path: Path) -> None:
    """Another cluster on the machine holds the Dask scheduler's usual web port (8787):
    the run takes another without saying so."""
    import socket

    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        held.bind(("", 8787))
        held.listen()
    except OSError:  # another program holds it already: the same situation
        pass
    try:
        done = dask_run(tmp_path / "d.jsonl", 20)
    finally:
        held.close()
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0].startswith("generated 20 "), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_ctrl_c_reaches_the_command_not_the_workers(tmp_path: Path) -> None:
    """Ctrl-C at the terminal during a run on a local cluster: what is kept and
    'interrupted', exit status 130, no traceback of a worker and no log line."""
    import pexpect  # type: ignore[import-untyped]

    bank = tmp_path / "b.db"
    child = pexpect.spawn(
        TURING[0],
        [*TURING[1:], *DASK_RUN, "--count", "1000000", "--bank", str(bank)],
        cwd=str(ROOT),
        env=ENV,
        encoding="utf-8",
        timeout=120,
        dimensions=(24, 120),
    )
    seen = io.StringIO()
    child.logfile_read = seen
    child.expect(r" [1-9][\d,]*/1,000,000 ")  # the run is under way
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    text = seen.getvalue()
    assert child.exitstatus == 130, text
    assert "interrupted" in text and f"the bank {bank} holds" in text, text
    assert "Traceback" not in text and "distributed" not in text, text


def _dies_the_first_time(marker: str) -> str:
    """Ends its worker process the first time (as the system does when memory runs out)."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return "done"


def test_a_worker_that_died_is_said_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_executor(distributed, 1, None) as executor:
        assert executor is not None
        assert executor.submit(_dies_the_first_time, str(tmp_path / "died")).result() == "done"
    assert capsys.readouterr().err == (
        "1 Dask worker ended during the run (out of memory, or killed); its work was done again\n"
    )


def test_work_that_ends_its_workers_again_and_again_is_a_lost_worker() -> None:
    import dask

    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        pytest.raises(WorkerLost, match="ended before its work was done"),
        open_executor(distributed, 1, None) as executor,
    ):
        assert executor is not None
        executor.submit(os._exit, 1).result()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _committed(bank: Path) -> int:
    import sqlite3

    try:
        with contextlib.closing(sqlite3.connect(f"file:{bank}?mode=ro", uri=True)) as conn:
            return int(conn.execute("SELECT count(*) FROM puzzles").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_a_lost_scheduler_says_what_the_bank_holds(tmp_path: Path) -> None:
    """A --scheduler killed during a --bank run: its error line, then what the bank holds
    and that the same command resumes the run, as every other stop of a bank run says."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    host, port = address.removeprefix("tcp://").split(":")
    scheduler = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            host,
            "--port",
            port,
            "--no-dashboard",
        ],
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    processes: list[subprocess.Popen[Any]] = [scheduler]
    try:
        processes.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "distributed.cli.dask_worker",
                    address,
                    "--nthreads",
                    "1",
                    "--nworkers",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                ],
                env=ENV,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        bank = tmp_path / "b.db"
        run = subprocess.Popen(
            [
                *TURING,
                *DASK_RUN,
                "--count",
                "1000000",
                "--scheduler",
                address,
                "--bank",
                str(bank),
                "-q",
            ],
            cwd=str(ROOT),
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        processes.append(run)
        deadline = time.monotonic() + 120
        while not _committed(bank) and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        scheduler.kill()
        out, err = run.communicate(timeout=120)
    finally:
        for process in processes:
            process.kill()
            process.wait()
    assert run.returncode == 2, err
    lines = err.splitlines()
    assert lines[0] == f"error: lost the connection to the Dask scheduler at {address}", err
    assert re.fullmatch(
        rf"stopped; the bank {re.escape(str(bank))} holds [\d,]+ of this run's puzzles "
        r"\(1,000,000 asked\): the same command run again resumes the run",
        lines[1],
    ), err
    assert len(lines) == 2 and not out, err


def test_work_given_while_the_scheduler_is_away_ends_too() -> None:
    """Dask cancels the work a client had when its scheduler goes away, but work given to
    it while it tries to reconnect would wait for ever: it ends as cancelled too."""
    from concurrent.futures import CancelledError, Executor, Future

    from turing.cli.generate import SCHEDULER_GRACE_SECONDS, _SchedulerWatched

    class Never(Executor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
            return Future()  # never run: the scheduler is gone

    class Client:
        status = "running"

        def get_executor(self) -> Executor:
            return Never()

    client = Client()
    executor = _SchedulerWatched(client)
    try:
        future = executor.submit(print)
        time.sleep(SCHEDULER_GRACE_SECONDS + 0.5)
        assert not future.done()  # connected: the work goes on
        client.status = "connecting"
        started = time.monotonic()
        with pytest.raises(CancelledError):
            future.result(timeout=10 * SCHEDULER_GRACE_SECONDS)
        assert time.monotonic() - started < 3 * SCHEDULER_GRACE_SECONDS
    finally:
        executor.shutdown()
