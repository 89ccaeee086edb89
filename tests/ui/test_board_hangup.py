"""The two full-screen boards (`turing board`, `turing mastermind board`) when their
terminal closes: the process ends within seconds, with exit status 129 and the game saved,
however many hang-ups reach it (the terminal's own, then the shell's passed on), a
question open or not."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import spawn_turing

#: The two boards, each with a step played (its screen's word for it) and its save file.
BOARDS = {
    "criteria": (["board", "--random", "--seed", "3", "--save", "b.json"], "241 on A"),
    "mastermind": (["mastermind", "board", "--games", "1", "--seed", "5", "--save", "b.json"], ""),
}


def hang_up(child: Any, again: float | None) -> float:
    """Close the terminal of ``child`` (its pseudo-terminal's master), and send SIGHUP
    ``again`` seconds later unless None, as a shell passes its hang-up on; how long the
    process took to end (at most 20 s: then it is killed)."""
    child.ptyproc.fileobj.close()  # the kernel hangs the terminal up
    start = time.monotonic()
    if again is not None:
        time.sleep(again)
        os.kill(child.pid, signal.SIGHUP)  # (a process ended stays until waited for)
    while child.isalive():
        if time.monotonic() - start > 20:
            child.ptyproc.kill(signal.SIGKILL)
            child.ptyproc.wait()
            break
        time.sleep(0.05)
    return time.monotonic() - start


@pytest.mark.parametrize("again", [None, 0.0, 0.05, 0.15])
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_a_board_whose_terminal_closes_ends_saved(
    tmp_path: Path, children: list[Any], board: str, again: float | None
) -> None:
    pytest.importorskip("textual")
    args, played = BOARDS[board]
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    child = spawn_turing(*args, env=env, size=(40, 100), timeout=60, cwd=tmp_path)
    children.append(child)
    if board == "criteria":
        child.expect("Round 1")
        child.send("241a")
        child.expect(played)
    else:
        child.expect("row 1 of 10")
    if again == 0.15:  # the terminal closes over the question Ctrl-C asks
        child.sendcontrol("c")
        child.expect("Leave the ")
    took = hang_up(child, again)
    assert took < 10, f"the board took {took:.1f} s to end"
    assert child.exitstatus == 129 or child.signalstatus == signal.SIGHUP, (
        child.exitstatus,
        child.signalstatus,
    )
    save = tmp_path / "b.json"
    if board == "criteria":
        from turing.play.session import load_save

        session, _ = load_save(str(save))
        assert len(session.game.view("player").tests) == 1
    else:
        from turing.mastermind.saves import load_save as load_match

        assert load_match(str(save)).match.game == 1
