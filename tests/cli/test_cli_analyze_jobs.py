"""``turing analyze --jobs N``: puzzles analysed in worker processes, shown in the file's
order with the figures of one at a time; a bad puzzle, Ctrl-C and SIGTERM as one at a time
(what ended or was proven is said), and no worker left running."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import spawn_analyze
from testsupport.processes import processes_where
from turing.analysis.batch import Finished, Proven, Started, analyze_all
from turing.analysis.search import analyze
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import puzzle_from_dict

#: small puzzles of every mode, exact in well under a second each
QUICK = [
    '{"id": "C-1", "cards": [4, 9, 11, 14]}',
    '{"id": "N-1", "mode": "nightmare", "cards": [3, 8, 15, 16]}',
    '{"id": "X-1", "mode": "extreme", "cards": [[17, 24], [27, 35], [28, 34], [32, 36]]}',
    '{"id": "C-2", "cards": [19, 31, 42, 45]}',
]
#: a 5-verifier nightmare table whose exact worst case takes about half a minute
LONG = '{"id": "N-LONG", "mode": "nightmare", "cards": [17, 20, 34, 39, 43]}'
#: cards no assignment of criteria makes valid
NONE = '{"id": "BAD", "cards": [1, 2, 3, 4]}'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def _records(out: str) -> list[dict[str, object]]:
    records = [json.loads(line) for line in out.splitlines()]
    for record in records:
        record.pop("seconds")
        record.pop("loading_seconds", None)
        record.pop("processor_seconds", None)
    return records


def test_jobs_give_the_figures_of_one_at_a_time_in_the_files_order(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(QUICK * 2) + "\n")
    code, one, err = run("analyze", str(path), "--json", "--no-rounds")
    assert code == 0, err
    code, two, err = run("analyze", str(path), "--json", "--no-rounds", "--jobs", "2")
    assert code == 0, err
    assert [r["id"] for r in _records(two)] == ["C-1", "N-1", "X-1", "C-2"] * 2
    assert _records(two) == _records(one)
    code, text, err = run("analyze", str(path), "--no-rounds", "-j", "3")
    assert code == 0, err
    assert [line.split(" · ")[0] for line in text.splitlines() if " · " in line] == [
        "C-1",
        "N-1",
        "X-1",
        "C-2",
    ] * 2


def test_a_puzzle_that_cannot_be_analysed_stops_after_those_before_it(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([*QUICK[:2], NONE, *QUICK[2:]]) + "\n")
    for jobs in ("1", "2"):
        code, out, err = run("analyze", str(path), "--json", "--no-rounds", "--jobs", jobs)
        assert code == 2
        assert [r["id"] for r in _records(out)] == ["C-1", "N-1"]
        assert err == (
            f"error: {path}:3: no assignment of criteria to these cards makes a valid puzzle, "
            "so there is nothing to analyse\n"
        )


def test_events_come_in_order_for_each_puzzle() -> None:
    cardset = load_cardset("classic")
    puzzles = [puzzle_from_dict(json.loads(line), cardset) for line in QUICK]
    items = [(p, cardset) for p in puzzles]
    seen: dict[int, list[str]] = {i: [] for i in range(len(items))}
    results = {}
    for event in analyze_all(items, 2, rounds=False):
        seen[event.index].append(type(event).__name__)
        if isinstance(event, Finished):
            results[event.index] = event.analysis
        elif isinstance(event, Proven):
            assert event.low <= event.high
        else:
            assert isinstance(event, Started)
    for index, kinds in seen.items():
        assert kinds[0] == "Started" and kinds[-1] == "Finished"
        assert set(kinds[1:-1]) <= {"Proven"}
        alone = analyze(puzzles[index], cardset, rounds=False)
        assert results[index].min_tests_worst == alone.min_tests_worst
        assert results[index].min_tests_expected == alone.min_tests_expected


def _running_with(path: Path) -> list[int]:
    """Processes whose command line names ``path``."""
    return processes_where("cmdline", lambda command: str(path).encode() in command)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="lists processes through /proc")
@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_stopped_it_says_what_ended_and_what_was_proven_and_ends_its_workers(
    tmp_path: Path, how: str
) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([QUICK[0], LONG, *QUICK[1:]]) + "\n")
    child = spawn_analyze(str(path), "--no-rounds", "--no-expected", "-j", "2")
    child.expect(r"C-1 · ")
    # the long one runs, its bounds in the progress line; the other worker ends the rest
    child.expect(r"analysing N-LONG: fewest tests \d+ to \d+ so far[^\r\n]*4/5")
    assert len(_running_with(path)) == 3  # the command and its two workers
    if how == "ctrl-c":
        child.sendintr()
    else:
        os.kill(child.pid, signal.SIGTERM)
    child.expect(r"N-LONG: stopped; fewest tests \d+ to \d+ \(proven bounds\)", timeout=10)
    for name in ("N-1", "X-1", "C-2"):  # ended while N-LONG ran: not lost
        child.expect(f"{name} · ", timeout=10)
    child.expect("interrupted" if how == "ctrl-c" else "terminated", timeout=10)
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == (130 if how == "ctrl-c" else 143)
    deadline = time.monotonic() + 5
    while _running_with(path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _running_with(path) == []


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="lists processes through /proc")
def test_a_worker_killed_ends_the_command_with_one_line(tmp_path: Path) -> None:
    """A worker killed (as the system does when memory runs out) is one error line that
    names the puzzles that were running, exit status 2, and no process left."""
    import subprocess

    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([QUICK[0], LONG]) + "\n")
    command = subprocess.Popen(
        [sys.executable, "-m", "turing", "analyze", str(path), "--no-rounds", "-j", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = [pid for pid in _running_with(path) if pid != command.pid]
    assert len(workers) == 2
    time.sleep(1)  # the long one is under way
    os.kill(workers[0], signal.SIGKILL)
    out, err = command.communicate(timeout=30)
    assert command.returncode == 2
    assert err == (
        "error: a worker process ended before its work was done (out of memory, or killed); "
        f"running then: {path}:2 (N-LONG)\n"
    )
    assert out.startswith("C-1 · ")
    deadline = time.monotonic() + 5
    while _running_with(path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _running_with(path) == []


#: an extreme table whose mean the compiled search takes over (as in
#: tests/cli/test_cli_analyze_bounds.py)
EXTREME = (
    '{"id": "X-LONG", "mode": "extreme", '
    '"cards": [[6, 30], [16, 25], [28, 40], [31, 33], [44, 45]]}'
)


def test_the_progress_line_says_when_a_worker_loads_the_compiled_search(tmp_path: Path) -> None:
    pytest.importorskip("numba")
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join([EXTREME, QUICK[0]]) + "\n")
    child = spawn_analyze(str(path), "--no-rounds", "-j", "2")
    child.expect(r"analysing X-LONG: loading the compiled search \(first time: ~30 s\)")
    child.expect(r"fewest tests on average \(every assignment equally likely\): 6\.595")
    child.expect(r"C-1 · ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
