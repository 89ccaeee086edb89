"""Hot-seat `turing play` at a terminal: the verifiers' criteria are told once the game is
over for everyone, after the last decision of its last round, never before.
(Spoiler: the solution of the sample puzzle.)"""

from __future__ import annotations

from pathlib import Path

import pexpect  # type: ignore[import-untyped]

from testsupport.cli import play_terminal

HEADING = "The verifiers held:"


def test_hot_seat_tells_them_only_after_the_last_decision(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = play_terminal(tmp_path, "--players", "ann,bob", "--id", "01")
    children.append(child)
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("pass")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    child.expect_exact("bob>")
    child.sendline("pass")
    child.expect_exact("Pass the keyboard to ann and press Enter.")  # round 1 revealed
    assert "bob passed" in child.before
    assert HEADING not in child.before and "4.2 ■ = 4" not in child.before
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    assert HEADING not in child.before and "4.2 ■ = 4" not in child.before
    child.sendline("")
    child.expect_exact("bob>")
    assert HEADING not in child.before
    child.sendline("pass")
    child.expect_exact("ann wins")
    assert HEADING not in child.before
    child.expect_exact(HEADING)
    child.expect_exact("D  14.3 ● strictly smallest")
    child.expect(pexpect.EOF)
