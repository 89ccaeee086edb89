"""Terminals whose encoding cannot take every character (ASCII, a C locale): what is typed
there and what is drawn there, at a real (pseudo-)terminal."""

from __future__ import annotations

import os
import re
import sys

import pexpect  # type: ignore[import-untyped]
import pytest

from testsupport.cli import ROOT


def spawn(*args: str, env: dict[str, str], rows: int = 24, columns: int = 80) -> pexpect.spawn:
    environment = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    environment.update({"TERM": "xterm", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)})
    environment.update({"PROMPT_TOOLKIT_NO_CPR": "1", "TURING_LANG": "en", **env})
    return pexpect.spawn(
        sys.executable,
        ["-m", "turing", *args],
        env=environment,
        encoding="utf-8",
        codec_errors="replace",
        timeout=20,
        dimensions=(rows, columns),
    )


ASCII_TERMINALS = [
    {"PYTHONIOENCODING": "ascii"},
    {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
]


@pytest.mark.parametrize("env", ASCII_TERMINALS)
def test_a_letter_typed_that_the_terminal_cannot_read_names_its_encoding(
    env: dict[str, str],
) -> None:
    child = spawn("play", "--seed", "1", env=env)
    child.expect_exact("player>")
    child.sendline("note a größer")
    child.expect_exact("not readable as text in the input's encoding")
    child.expect_exact("(ascii)")
    child.expect_exact("player>")
    child.close(force=True)


def screen_of(child: pexpect.spawn, shown: str) -> str:
    """What the board has drawn once ``shown`` is on the screen, escape codes and all."""
    child.expect_exact(shown)
    drawn = str(child.before) + shown
    child.expect(pexpect.TIMEOUT, timeout=2)  # the rest of the screen
    return drawn + str(child.before)


@pytest.mark.parametrize("env", ASCII_TERMINALS)
@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["board", "--seed", "1"], "Tab"),
        (["--lang", "de", "board", "--seed", "1"], "Leertaste"),
        (["mastermind", "board", "--seed", "1"], "<- erase"),
    ],
)
def test_a_board_draws_its_frames_and_keys_in_ascii(
    env: dict[str, str], args: list[str], shown: str
) -> None:
    child = spawn(*args, env=env)
    drawn = screen_of(child, shown)
    child.close(force=True)
    assert "-" * 20 in drawn and "+" in drawn, drawn
    assert "???" not in drawn, drawn
    assert "\ufffd" not in drawn  # every byte written is ASCII


def lines_before(child: pexpect.spawn, shown: str) -> list[str]:
    child.expect(shown)
    lines = str(child.before).replace("\r\n", "\n").split("\n")
    child.close(force=True)
    return [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line) for line in lines]


@pytest.mark.parametrize(
    ("env", "columns", "args"),
    [
        ({"PYTHONIOENCODING": "ascii"}, 40, ["--preset", "logik"]),
        ({"PYTHONIOENCODING": "ascii", "TERM": "dumb"}, 80, ["--preset", "logik"]),
        ({"PYTHONIOENCODING": "ascii"}, 40, ["--seed", "1"]),
        ({"TURING_LANG": "de"}, 44, ["--seed", "1"]),
    ],
)
def test_the_colours_of_the_mastermind_intro_are_never_split(
    env: dict[str, str], columns: int, args: list[str]
) -> None:
    child = spawn("mastermind", "play", *args, env=env, columns=columns)
    lines = lines_before(child, "for the commands|die Befehle")
    legend = [line for line in lines if re.search(r"\(\d\)", line)]
    entries = [e for line in legend for e in re.findall(r"\b[A-Z]\s+[a-zäöüß]+ \(\d\)", line)]
    assert len(entries) == (8 if "logik" in args else 6), lines
    # no line wider than the terminal (where it would break a word, gruen as blau/u)
    assert all(len(line) <= columns for line in lines), lines


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["board", "--seed", "1", "--players", "ann,bob"], "Ready"),
        (["mastermind", "board", "--seed", "1"], "<- erase"),
    ],
)
def test_the_buttons_of_a_board_and_its_dialogs_are_drawn_in_ascii(
    args: list[str], shown: str
) -> None:
    """A button's edges (above and below its word) are ASCII, on the cover and in the leave
    dialog (Yes/No), not block characters written as ``?``."""
    child = spawn(*args, env={"PYTHONIOENCODING": "ascii"})
    drawn = screen_of(child, shown)
    child.send("\x03")  # Ctrl-C: the leave dialog
    drawn += screen_of(child, "No (n)")
    child.close(force=True)
    assert "???" not in drawn, drawn
    assert "\ufffd" not in drawn


def test_a_line_cut_to_the_window_ends_in_a_tilde_as_its_legend_says() -> None:
    # "~" marks a cut line, one cell as "…" was; "..." is kept for "more of the same"
    child = spawn("play", "--mode", "extreme", "--seed", "3", env=ASCII_TERMINALS[0], columns=50)
    lines = lines_before(child, "player>")
    child.close(force=True)
    cut = [line for line in lines if line.rstrip().endswith("~")]
    assert cut, lines
    assert all(len(line.rstrip()) <= 50 for line in cut), cut
    assert any("Lines ending in ~ are cut" in line for line in lines), lines


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["board", "--seed", "1"], "Cursor on the grid (blue 1): arrow keys move"),
        (["--lang", "de", "board", "--seed", "1"], "Cursor auf dem Raster (blau 1): Pfeiltasten"),
    ],
)
def test_the_board_names_the_arrow_keys_in_words_in_ascii(args: list[str], shown: str) -> None:
    # "<^v>": "^" is the blue shape there too
    child = spawn(*args, env=ASCII_TERMINALS[0], columns=120, rows=40)
    screen_of(child, "Tab")
    child.send("\t")
    child.expect(pexpect.TIMEOUT, timeout=1)
    child.send("\t")
    drawn = screen_of(child, shown.split(":")[0])
    child.close(force=True)
    flat = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", drawn)
    assert shown.split(": ")[1] in flat, flat
