"""The line prompt at terminals that do less than an xterm: one that leaves the cursor's
position unanswered (some ssh clients, minimal terminals), one that cannot move the cursor
at all (TERM=dumb: an Emacs shell, a braille console, a screen reader's), a narrow or
short one (help at 40 columns, and through the pager on a screen it does not fit).

Each test starts ``python -m turing`` in a pseudo-terminal with pexpect, which answers no
cursor-position request, and looks only at what the screen gets.
"""

from __future__ import annotations

import io
import itertools
import time

import pexpect  # type: ignore[import-untyped]
import pytest

from testsupport.cli import spawn_turing

#: what a terminal without a spinner is told while the best hint is searched
SEARCHING = "Searching for the best next test… Ctrl-C cancels"


@pytest.mark.parametrize("term", ["xterm-256color", "linux"])
def test_a_terminal_that_leaves_the_cursor_position_unanswered_gets_no_warning(
    children: list[pexpect.spawn], term: str
) -> None:
    # the prompt asks where the cursor is (prompt_toolkit's request, left unanswered here)
    # and gives up quietly: the line is still edited, completed and kept in the history
    child = spawn_turing(
        "play", env={"TERM": term, "NO_COLOR": "1"}, drop=("PROMPT_TOOLKIT_NO_CPR",)
    )
    children.append(child)
    child.logfile_read = shown = io.StringIO()
    child.expect_exact("\x1b[6n")  # the request, which is never answered
    child.expect_exact("player>")
    time.sleep(3)  # longer than prompt_toolkit waits for the answer
    child.send("compose 24\x7f41\r")  # Backspace edits the line
    child.expect_exact("Code for round 1: 241")
    child.expect_exact("player>")
    time.sleep(3)
    child.send("\x1b[A\x08\x0821\r")  # Up recalls the line, edited to compose 221
    child.expect_exact("Code for round 1: 221")
    child.expect_exact("player>")
    child.send("hel\t\r")  # Tab completes the command
    child.expect_exact("help")
    child.expect_exact("player>")
    assert "Code for round 1: 241" in shown.getvalue()  # the screen was read whole
    assert "CPR" not in shown.getvalue()


def test_a_dumb_terminal_is_told_the_best_hint_is_searched(
    children: list[pexpect.spawn],
) -> None:
    # no spinner can be drawn: one plain line says the work and how to cancel it, once for
    # the line typed, before its answers
    child = spawn_turing("play", "--id", "C63-0YV", env={"TERM": "dumb", "NO_COLOR": "1"})
    children.append(child)
    child.expect_exact("player>")
    child.sendline("hint best; hint best")
    child.expect_exact(SEARCHING)
    child.expect_exact("(hints used: 1)")
    child.expect_exact("(given before, not counted again; hints used: 1)")  # the same hint
    child.expect_exact("player>")
    assert "Searching" not in str(child.before)


def test_a_dumb_terminal_is_told_a_bot_is_thinking(children: list[pexpect.spawn]) -> None:
    child = spawn_turing(
        "play", "--players", "ann,bot:greedy", "--seed", "1", env={"TERM": "dumb", "NO_COLOR": "1"}
    )
    children.append(child)
    child.expect_exact("ann>")
    child.sendline("pass")
    child.expect_exact("greedy is thinking…")


def narrow_help(rows: int, lang: str = "en") -> str:
    """What ``help`` shows at a terminal of 40 columns and ``rows``, before the next prompt;
    a pager's lines marked ``PAGED:``."""
    env = {
        "TERM": "xterm",
        "NO_COLOR": "1",
        "PROMPT_TOOLKIT_NO_CPR": "1",
        "PAGER": "sed s/^/PAGED:/",
    }
    child = spawn_turing("--lang", lang, "play", env=env, drop=("LESS",), size=(rows, 40))
    try:
        prompt = "Spieler>" if lang == "de" else "player>"
        child.expect_exact(prompt)
        child.logfile_read = shown = io.StringIO()
        child.sendline("hilfe" if lang == "de" else "help")
        child.expect_exact("hinweis hat keine." if lang == "de" else "hint has none.")
        child.expect_exact(prompt)
        return shown.getvalue().replace("\r", "")
    finally:
        child.close(force=True)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_at_40_columns_keeps_each_shape_beside_its_colour(lang: str) -> None:
    shown = narrow_help(60, lang)
    assert "PAGED:" not in shown  # it fits the screen: no pager
    notes = shown[shown.index("Codes:") - 2 :].split("\n")
    notes = list(itertools.takewhile(lambda line: line.startswith("  "), notes))  # to the prompt
    colours = ("blue", "yellow", "purple") if lang == "en" else ("blau", "gelb", "lila")
    for shape, colour in zip("▲■●", colours, strict=True):
        assert f"{shape} {colour}" in "\n".join(notes), notes
    # every note starts two columns in, its further lines four, as the commands' words wrap
    assert [line[:2] for line in notes] == ["  "] * len(notes), notes
    firsts = [line for line in notes if not line.startswith("    ")]
    assert [line.split()[0] for line in firsts] in (
        ["Codes:", "Verifiers:", "Short"],
        ["Codes:", "Prüfer:", "Kurzformen:"],
    ), notes
    assert len(notes) > len(firsts)


def test_help_longer_than_the_screen_goes_through_the_pager() -> None:
    shown = narrow_help(15)
    assert "PAGED:Commands:" in shown
    assert "PAGED:  Short forms:" in shown
