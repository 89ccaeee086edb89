"""Hot-seat `turing play` at a terminal: the hand-over question after a wipe, and no
hand-over once one person is left among bots."""

from __future__ import annotations

from pathlib import Path

import pexpect  # type: ignore[import-untyped]

from testsupport.cli import leave_unsaved, play_terminal

CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def test_the_hand_over_question_is_not_asked_at_the_top_left_corner(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    """A line edited at the top left corner of a wiped screen is drawn again there when it
    is taken (Enter), which some terminals (tmux) take for clearing the screen, keeping a
    copy of the line above: the line typed at the hand-over showed twice. The question is
    asked one line lower."""
    child = play_terminal(tmp_path, "--players", "ann,bob", "--id", "01")
    children.append(child)
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("pass")
    child.expect_exact(CLEAR)
    wiped = child.expect_exact("Pass the keyboard to bob and press Enter.")
    assert wiped == 0
    assert "\n" in child.before  # a line down from the corner
    child.sendline("xyz")
    child.expect_exact("error: that line was not run: Enter alone starts bob's turn")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    leave_unsaved(child, "bob>")


def test_one_person_left_among_bots_plays_on_without_a_hand_over(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = play_terminal(
        tmp_path,
        "--players",
        "ann,bob,bot:random",
        "--random",
        "--mode",
        "nightmare",
        "--seed",
        "3",
    )
    children.append(child)
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("solve 111")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    child.expect_exact("bob>")
    child.sendline("pass")
    child.expect_exact("ann submitted a wrong code; ann is out")
    child.expect_exact("— Round 2 —")
    child.expect_exact("Round 2 · bob ·")
    assert "Pass the keyboard" not in child.before
    child.expect_exact("bob>")
    child.sendline("pass")
    child.expect_exact("— Round 3 —")
    child.expect_exact("Round 3 · bob ·")
    assert "Pass the keyboard" not in child.before and CLEAR not in child.before
    leave_unsaved(child, "bob>")
