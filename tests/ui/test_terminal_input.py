"""What the players' terminal does to `turing play`: a hot-seat game whose output is piped,
keys typed ahead at a handover, pasted lines, a terminal that cannot draw line editing.

Each test starts ``python -m turing`` in a pseudo-terminal with pexpect (through a shell
when the output goes to a pipe) and looks only at what the screen and the pipe get.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
#: what a dumb terminal (TERM=dumb) is told of a line holding an arrow key's escape sequence
NO_EDITING = (
    "error: arrow keys and line editing do not work on this terminal (TERM=dumb); type the "
    "line again without them (Backspace works)"
)


def spawn(
    command: str,
    term: str = "xterm-256color",
    color: bool = False,
    size: tuple[int, int] = (40, 120),
    said: tuple[str, ...] = ("COLUMNS", "LINES"),
) -> pexpect.spawn:
    """``command`` (``turing`` stands for this Python's ``-m turing``) run by a shell in a
    pseudo-terminal of ``size`` (rows, columns: 40 by 120), with NO_COLOR unless ``color``;
    of COLUMNS and LINES, those ``said`` tell the size too."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env["TERM"] = term
    env.update({k: str(n) for k, n in (("COLUMNS", size[1]), ("LINES", size[0])) if k in said})
    if not color:
        env["NO_COLOR"] = "1"
    env["PROMPT_TOOLKIT_NO_CPR"] = "1"
    turing = f"{shlex.quote(sys.executable)} -m turing"
    return pexpect.spawn(
        "/bin/sh",
        ["-c", command.replace("turing ", turing + " ", 1)],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=size,
    )


def ann_to_play(children: list[pexpect.spawn], command: str) -> pexpect.spawn:
    """``command``, a game of ann and bob, started; ann has the keyboard and her prompt."""
    child = spawn(command)
    children.append(child)
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    return child


def quit_unsaved(child: pexpect.spawn) -> None:
    """Leave the game at a player's prompt, saving nothing, and wait for the end."""
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("File name (Enter: do not save):")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_a_hot_seat_game_piped_is_wiped_at_the_players_terminal_and_not_in_the_pipe(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    child = ann_to_play(children, f"turing play --players ann,bob | tee {shlex.quote(str(log))}")
    child.sendline("c 111; t a b")
    child.expect_exact("111 on B: ")
    child.expect_exact("ann>")
    child.sendline("pass")
    child.expect_exact("ann passes this round")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    child.expect_exact("bob>")
    # ann's tests are wiped off the terminal before bob's screen shows
    before = str(child.before)
    assert CLEAR in before
    assert "111 on" not in before.rsplit(CLEAR, 1)[1]
    child.sendcontrol("d")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("File name (Enter: do not save):")
    child.sendline("")
    child.expect(pexpect.EOF)
    written = log.read_text(encoding="utf-8")
    assert "bob>" in written
    assert "\x1b" not in written  # the wipe went to the terminal, not down the pipe


#: a reader of the pipe that takes what is written a moment late (a busy `tee`, a slow
#: machine): it copies each chunk to the terminal as soon as it has read it
LAGGING_READER = """\
import os, time
while True:
    time.sleep(0.05)
    chunk = os.read(0, 4096)
    if not chunk:
        break
    os.write(1, chunk)
"""


def test_a_late_reader_of_the_pipe_shows_nothing_of_the_last_turn_after_the_wipe(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    reader = tmp_path / "reader.py"
    reader.write_text(LAGGING_READER)
    python = shlex.quote(sys.executable)
    piped = f"turing play --players ann,bob | {python} {shlex.quote(str(reader))}"
    child = ann_to_play(children, piped)
    child.sendline("c 111; t a")
    child.expect_exact("111 on A: ")
    child.expect_exact("ann>")
    child.sendline("hint; pass")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    # what reached the terminal of ann's turn came before the wipe, none of it after
    shown = str(child.before)
    assert "ann passes this round" in shown and CLEAR in shown
    after = shown.rsplit(CLEAR, 1)[1]
    assert "passes" not in after and "The code is" not in after and "111" not in after, after
    child.sendline("")
    child.expect_exact("bob>")
    quit_unsaved(child)


def test_leaving_a_hot_seat_game_in_a_turn_wipes_that_players_screen(
    children: list[pexpect.spawn],
) -> None:
    child = ann_to_play(children, "turing play --players ann,bob")
    child.sendline("c 111; t a; note C ann-private-note")
    child.expect_exact("111 on A: ")
    child.expect_exact("ann>")
    quit_unsaved(child)
    shown = str(child.before)
    assert CLEAR in shown
    after = shown.rsplit(CLEAR, 1)[1]
    assert "game abandoned" in after
    assert "111" not in after and "ann-private-note" not in after, after


@pytest.mark.parametrize("pipe", ["", " | cat"], ids=["terminal", "piped"])
def test_keys_typed_ahead_at_a_handover_are_dropped(
    children: list[pexpect.spawn], pipe: str
) -> None:
    child = ann_to_play(children, "turing play --players ann,bob" + pipe)
    # ann ends her turn and types on: an Enter, then a line meant for nobody
    child.send("pass\r\rc 222; t b\r")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    # the handover waits for bob's own Enter
    assert child.expect_exact(["Round 1 · bob", pexpect.TIMEOUT], timeout=3) == 1
    child.sendline("")
    child.expect_exact("bob>")
    child.sendline("show")
    child.expect_exact("Round 1 · bob · tests 0")
    assert "222" not in str(child.before)


def paste(child: pexpect.spawn, lines: list[str]) -> None:
    """``lines`` pasted at once (bracketed paste, as terminals send a paste), then Enter."""
    child.send("\x1b[200~" + "".join(line + "\n" for line in lines) + "\x1b[201~")
    child.send("\r")


def test_lines_pasted_at_once_run_one_by_one(children: list[pexpect.spawn]) -> None:
    child = spawn("turing play")
    children.append(child)
    child.expect_exact("player>")
    paste(child, ["compose 111", "test a", "test b", "pass"])
    child.expect_exact("Code for round 1: 111")
    child.expect_exact("player> test a")
    child.expect_exact("111 on A: ")
    child.expect_exact("player> test b")
    child.expect_exact("111 on B: ")
    child.expect_exact("player> pass")
    child.expect_exact("player passes this round.")
    child.expect_exact("Round 2 · player · tests 2")
    assert "is not a code" not in str(child.before)


def test_pasted_lines_left_at_a_handover_do_not_play_for_the_next_player(
    children: list[pexpect.spawn],
) -> None:
    child = ann_to_play(children, "turing play --players ann,bob")
    paste(child, ["c 111", "t a", "pass", "", "c 222", "t b"])
    child.expect_exact("111 on A: ")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    child.expect_exact("bob>")
    child.sendline("show")
    child.expect_exact("Round 1 · bob · tests 0")
    assert "222" not in str(child.before)


def test_a_dumb_terminal_runs_the_line_it_shows(children: list[pexpect.spawn]) -> None:
    # TERM=dumb cannot move the cursor: no line editing it could not draw, so what runs is
    # what the screen shows (the terminal's own Backspace still works)
    child = spawn("turing play", term="dumb")
    children.append(child)
    child.expect_exact("player>")
    child.send("compose 2229\x7f\x1b[D5\r")  # Backspace, Left, 5
    seen = child.expect_exact([NO_EDITING, "not a code", "control characters"])
    assert seen == 0
    child.expect_exact("player>")
    child.send("compose 1112\x7f\r")
    child.expect_exact("Code for round 1: 111")
    child.expect_exact("player>")
    child.send("\x1b[A\r")  # Up: no history to recall what the screen does not show
    assert child.expect_exact([NO_EDITING, "control characters", "Code for round 1"]) == 0
    child.expect_exact("player>")
    child.send("compose 2\x01\r")  # Ctrl-A, no escape sequence: a stray key as anywhere
    assert child.expect_exact(["control characters", NO_EDITING]) == 0


@pytest.mark.parametrize("said", [("COLUMNS",), ()], ids=["COLUMNS", "terminal"])
@pytest.mark.parametrize(
    ("command", "prompt"),
    [("turing play", "player>"), ("turing mastermind play", "your guess")],
    ids=["play", "mastermind"],
)
def test_a_dumb_terminal_is_laid_out_to_its_own_width(
    children: list[pexpect.spawn], command: str, prompt: str, said: tuple[str, ...]
) -> None:
    # 60 columns, said by COLUMNS (without LINES) or only by the terminal: no line is laid
    # out for 80, which the terminal would break inside a word (colour is not turned off:
    # TERM=dumb alone draws none)
    child = spawn(command, term="dumb", color=True, size=(30, 60), said=said)
    children.append(child)
    child.expect_exact(prompt)
    child.sendline("help")
    child.expect_exact(prompt)
    shown = str(child.before).replace("\r", "").split("\n")
    assert max(len(line) for line in shown) <= 60
    assert any(len(line) > 45 for line in shown)


def test_an_arrow_key_is_said_not_to_work_only_on_a_dumb_terminal(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    # a script's line with an escape sequence is no key of this terminal
    script = tmp_path / "moves.txt"
    script.write_text("compose 1\x1b[A\n", encoding="utf-8")
    child = spawn(f"turing play < {shlex.quote(str(script))}", term="dumb")
    children.append(child)
    assert child.expect_exact(["control characters", NO_EDITING]) == 0
    child.expect(pexpect.EOF)


def test_ctrl_z_at_the_prompt_stops_the_game_until_fg(children: list[pexpect.spawn]) -> None:
    shell = spawn("exec bash --norc --noprofile -i")  # a shell with job control
    children.append(shell)
    shell.sendline("PS1='$ '")
    shell.sendline(f"{shlex.quote(sys.executable)} -m turing play")
    shell.expect_exact("player>")
    shell.sendcontrol("z")
    shell.expect_exact("Stopped")
    shell.sendline("fg")
    shell.expect_exact("player>")
    shell.sendline("c 111")
    seen = shell.expect_exact(["Code for round 1: 111", "control characters"])
    assert seen == 0
    shell.sendline("quit")
    shell.expect_exact("Leave the game? [y/N]")
    shell.sendline("y")
    shell.expect_exact("File name (Enter: do not save):")
    shell.sendline("")
    shell.expect_exact("$ ")
    shell.sendline("exit")
    shell.expect(pexpect.EOF)


def test_a_note_typed_with_a_text_direction_character_is_refused_and_the_save_resumes(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    # typed at the prompt, as from a script: a note a save would refuse is never taken
    save = tmp_path / "rlo.json"
    child = spawn(f"turing play --save {shlex.quote(str(save))}")
    children.append(child)
    child.expect_exact("player>")
    child.send("note A \u202eevil\r")
    child.expect_exact("error: a line with U+202E, a text-direction character, was skipped")
    child.expect_exact("player>")
    child.send("note B \u00adshy\r")
    child.expect_exact("error: a line with U+00AD, an invisible character, was skipped")
    child.expect_exact("player>")
    child.send("note C fine\r")
    child.expect_exact("Note on C: fine")
    child.send("save\r")
    child.expect_exact("Saved to")
    child.expect_exact("player>")
    resumed = spawn(f"turing play --resume {shlex.quote(str(save))}")
    children.append(resumed)
    resumed.expect_exact("player>")
    resumed.send("show\r")
    resumed.expect_exact("C: fine")


#: a colour, a style or a cursor move sent to the terminal
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.mark.parametrize("term", ["dumb", "vt100", "xterm-256color"])
def test_struck_criteria_are_marked_in_words_on_every_terminal(
    children: list[pexpect.spawn], term: str
) -> None:
    # neither a dumb terminal (no styles) nor a vt100 or the Linux console (colours, no
    # strikethrough) nor a screen reader shows a strike drawn by its style alone
    child = spawn("turing play", term=term, color=True, size=(24, 80))
    children.append(child)
    child.expect_exact("player>")
    child.sendline("strike A 1; strike C 2")
    child.expect_exact("Struck: 11.2")
    child.expect_exact("player>")
    child.sendline("show")
    child.expect_exact("Compose a code")
    screen = ESCAPE.sub("", str(child.before))
    assert "~~1 ■ < 4~~ · 2 ■ = 4" in screen and "~~2 ▲ = ■~~ · 3 ▲ > ■" in screen, screen
    child.expect_exact("player>")
    child.sendline("show cards")
    child.expect_exact("14.3")
    cards = ESCAPE.sub("", str(child.before))
    assert "~~4.1 ■ < 4~~" in cards and "~~11.2 ▲ = ■~~" in cards, cards
    assert "~~4.2" not in cards and "~~11.1" not in cards
    quit_unsaved(child)


def test_a_dumb_terminal_scrolls_a_hot_seat_turn_away_and_says_so_once(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    # TERM=dumb (an Emacs shell, a braille console) shows escape codes as junk and leaves
    # the screen as it is: ann's tests are scrolled away instead, a screen's height of
    # blank lines, and the players are told once that the scroll-back keeps them
    log = tmp_path / "screen.log"
    child = spawn("turing play --players ann,bob", term="dumb", color=True, size=(24, 80))
    children.append(child)
    child.logfile_read = log.open("w", encoding="utf-8")
    child.expect_exact("cannot wipe the screen")
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("c 111; t a b")
    child.expect_exact("111 on B: ")
    child.expect_exact("ann>")
    child.sendline("pass")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    child.expect_exact("bob>")
    quit_unsaved(child)
    child.logfile_read.close()
    screen = log.read_text(encoding="utf-8")
    assert "\x1b" not in screen
    assert screen.count("cannot wipe the screen") == 1
    after_ann = screen.rsplit("111 on B: ", 1)[1]
    assert "\n" * 24 in after_ann.replace("\r", "").split("bob>", 1)[0]


def test_a_terminal_that_can_wipe_is_not_told_it_cannot(children: list[pexpect.spawn]) -> None:
    child = spawn("turing play --players ann,bob", term="vt100")
    children.append(child)
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    assert "cannot wipe" not in str(child.before)
    child.sendline("")
    child.expect_exact("ann>")
    quit_unsaved(child)


@pytest.mark.parametrize(
    ("command", "instead"),
    [("turing board", "turing play"), ("turing mastermind board", "turing mastermind play")],
)
def test_a_dumb_terminal_is_refused_the_board_in_one_line(
    children: list[pexpect.spawn], tmp_path: Path, command: str, instead: str
) -> None:
    # no alternate screen, mouse tracking or colours sent to a terminal that shows them as
    # text: one line says why, and what plays there instead
    pytest.importorskip("textual")
    save = tmp_path / "game.json"
    child = spawn(f"{command} --save {shlex.quote(str(save))}", term="dumb", color=True)
    children.append(child)
    child.expect(pexpect.EOF)
    child.close()
    said = str(child.before)
    assert child.exitstatus == 2, said
    assert said.strip().splitlines() == [
        "error: the board needs a terminal that can draw it, and TERM=dumb cannot (no cursor "
        f"moves, no colours); {instead} plays at the prompt, --serve shows the board in a "
        "browser"
    ]
    assert not save.exists()
