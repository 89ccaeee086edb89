"""Closing the terminal never loses a game: whatever comes first of SIGHUP and the read or
write the closed terminal fails, at any prompt of either game, the game is saved, its
transcript ends with ``abandoned``, and the program ends with 129 and no traceback."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from turing.cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent

#: A shell's part: the program runs as a job of a session whose leader (the shell) gets the
#: terminal's hang-up; the program gets the terminal's failing reads, and SIGHUP only when
#: the test passes it on (as a shell does, sooner or later). Its status is kept in ``rc`` by
#: a process between the two (:data:`WAITER`), which outlives the shell when that is killed
#: (``child.close(force=True)``) before the program ended.
SHELL = """\
import signal, subprocess, sys
for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
    signal.signal(sig, signal.SIG_IGN)
subprocess.Popen(sys.argv[1:]).wait()
"""

#: Starts the program and writes its status to ``rc`` once it ended.
WAITER = """\
import signal, subprocess, sys
for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
    signal.signal(sig, signal.SIG_IGN)

def default_signals():
    for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)

with open("err", "w") as err:
    job = subprocess.Popen(sys.argv[1:], stderr=err, preexec_fn=default_signals)
    with open("pid", "w") as pid:
        pid.write(str(job.pid))
    status = job.wait()
with open("rc", "w") as rc:
    rc.write(str(status))
"""

ENV = {"TERM": "xterm-256color", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "LANG": "C.UTF-8"}


def in_shell(folder: Path, *args: str) -> pexpect.spawn:
    """``python -m turing ARGS…`` run by a shell in a pseudo-terminal of its own."""
    return pexpect.spawn(
        sys.executable,
        ["-c", SHELL, sys.executable, "-c", WAITER, sys.executable, "-m", "turing", *args],
        cwd=str(folder),
        env={**os.environ, **ENV, "PYTHONPATH": str(ROOT)},
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 120),
    )


def close_terminal(child: pexpect.spawn) -> None:
    """The terminal's window closed: the pseudo-terminal's master end goes."""
    child.ptyproc.fileobj.close()


def hang_up(folder: Path) -> None:
    """SIGHUP, as the shell passes it on (nothing once the program ended meanwhile)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(int((folder / "pid").read_text()), signal.SIGHUP)


def closed_then_hup(child: pexpect.spawn, folder: Path) -> None:
    close_terminal(child)
    time.sleep(0.3)
    hang_up(folder)


def hup_then_closed(child: pexpect.spawn, folder: Path) -> None:
    hang_up(folder)
    close_terminal(child)


def closed_only(child: pexpect.spawn, folder: Path) -> None:
    close_terminal(child)


def forced(child: pexpect.spawn, folder: Path) -> None:
    child.close(force=True)  # the master closed, the shell killed; the program is left


ORDERS: list[Callable[[pexpect.spawn, Path], None]] = [
    closed_only,
    closed_then_hup,
    hup_then_closed,
    forced,
]


def ended(folder: Path, timeout: float = 30.0) -> tuple[int, str]:
    """The program's status and standard error, once it ended (it must, within ``timeout``)."""
    deadline = time.monotonic() + timeout
    while not (folder / "rc").exists():
        assert time.monotonic() < deadline, "the program did not end after its terminal closed"
        time.sleep(0.05)
    time.sleep(0.05)
    return int((folder / "rc").read_text()), (folder / "err").read_text()


def assert_saved_game(folder: Path, rc: int, err: str, tests: int = 1) -> None:
    assert rc == 129, err
    assert "Traceback" not in err and "Aborted" not in err and "error" not in err, err
    last = json.loads((folder / "t.jsonl").read_text().splitlines()[-1])
    assert last["event"] == "abandoned" and last["saved"] is True
    resumed = CliRunner().invoke(main, ["play", "--resume", str(folder / "g.json")], "quit\n")
    assert "Resumed in round 1." in resumed.output
    assert f"{tests} test" in resumed.output


@pytest.mark.parametrize("order", ORDERS, ids=lambda order: order.__name__)
def test_closing_the_terminal_at_the_prompt_saves_the_game(
    tmp_path: Path, order: Callable[[pexpect.spawn, Path], None], children: list[pexpect.spawn]
) -> None:
    child = in_shell(tmp_path, "play", "--seed", "1", "--save", "g.json", "--transcript", "t.jsonl")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("compose 123")
    child.expect_exact("player>")
    child.sendline("test A")
    child.expect_exact("123 on A:")
    child.expect_exact("player>")
    order(child, tmp_path)
    rc, err = ended(tmp_path)
    assert_saved_game(tmp_path, rc, err)


@pytest.mark.parametrize("order", ORDERS, ids=lambda order: order.__name__)
def test_closing_the_terminal_at_a_question_saves_the_game(
    tmp_path: Path, order: Callable[[pexpect.spawn, Path], None], children: list[pexpect.spawn]
) -> None:
    child = in_shell(tmp_path, "play", "--seed", "1", "--save", "g.json", "--transcript", "t.jsonl")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("c 123; test A")
    child.expect_exact("player>")
    child.sendline("solve 123")
    child.expect_exact("[y/N]")
    order(child, tmp_path)
    rc, err = ended(tmp_path)
    assert_saved_game(tmp_path, rc, err)


@pytest.mark.parametrize("order", ORDERS, ids=lambda order: order.__name__)
def test_closing_the_terminal_at_the_hot_seat_handover_saves_the_game(
    tmp_path: Path, order: Callable[[pexpect.spawn, Path], None], children: list[pexpect.spawn]
) -> None:
    child = in_shell(
        tmp_path, "play", "--seed", "1", "--players", "ann,bob", "--save", "g.json",
        "--transcript", "t.jsonl",
    )  # fmt: skip
    children.append(child)
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("c 123; test A; done; pass")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    order(child, tmp_path)
    rc, err = ended(tmp_path)
    # ann's test of the round in play waits for its reveal: her decision shows it was kept
    assert_saved_game(tmp_path, rc, err, tests=0)
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "g.json")], "quit\n")
    assert "The game so far (tests before this round):" in resumed.output
    assert "ann: 0 tests, decided this round" in resumed.output


@pytest.mark.parametrize("order", ORDERS, ids=lambda order: order.__name__)
def test_closing_the_terminal_in_a_mastermind_match_saves_it(
    tmp_path: Path, order: Callable[[pexpect.spawn, Path], None], children: list[pexpect.spawn]
) -> None:
    child = in_shell(tmp_path, "mastermind", "play", "--seed", "1", "--save", "m.json")
    children.append(child)
    child.expect_exact("your guess")
    child.sendline("RGBY")
    child.expect_exact("your guess")
    order(child, tmp_path)
    rc, err = ended(tmp_path)
    assert rc == 129, err
    assert "Traceback" not in err and "Aborted" not in err and "error" not in err, err
    assert err.startswith("hung up: match abandoned; saved to m.json"), err
    resumed = CliRunner().invoke(
        main, ["mastermind", "play", "--resume", str(tmp_path / "m.json")], "quit\ny\n"
    )
    assert "R G B Y" in resumed.output or "RGBY" in resumed.output, resumed.output


#: A line prompt whose event loop never ends once asked to (a task of its own that does
#: not take being cancelled), SIGHUP coming while it reads: the program must not wait on
#: the library's shutdown for ever.
SIGHUP_IN_A_PROMPT_THAT_NEVER_ENDS = """\
import asyncio, os, signal
from prompt_toolkit import PromptSession
from prompt_toolkit.history import History
from turing.cli.output import Terminated, _sigterm_raises

class Stuck(History):
    async def load(self):
        os.kill(os.getpid(), signal.SIGHUP)
        while True:
            try:
                await asyncio.sleep(10)
            except asyncio.CancelledError:
                pass
        yield "c 123"

    def load_history_strings(self):
        return []

    def store_string(self, string):
        pass

with _sigterm_raises():
    try:
        PromptSession(history=Stuck()).prompt("player> ")
    except Terminated as stop:
        print("ended:", type(stop).__name__)
"""


def test_sighup_ends_a_prompt_whose_event_loop_does_not_end(tmp_path: Path) -> None:
    script = tmp_path / "prompt.py"
    script.write_text(SIGHUP_IN_A_PROMPT_THAT_NEVER_ENDS)
    started = time.monotonic()
    child = pexpect.spawn(
        sys.executable, [str(script)], cwd=str(tmp_path),
        env={**os.environ, **ENV, "PYTHONPATH": str(ROOT)}, encoding="utf-8", timeout=20,
        dimensions=(40, 120),
    )  # fmt: skip
    try:
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    shown = str(child.before)
    assert "ended: HungUp" in shown, shown
    assert "Traceback" not in shown, shown
    assert time.monotonic() - started < 15
