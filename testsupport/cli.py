"""Paths of the checkout and one way to run the ``turing`` command in-process."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from turing.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
PUZZLES = ROOT / "puzzles"
CLASSIC_YAML = CARDS / "classic.yaml"
TEST_DATA = ROOT / "tests" / "data"


def run(args: Sequence[str], input: str | bytes | None = None) -> Result:
    """``turing ARGS…`` through click's runner, standard input given as ``input``."""
    return CliRunner().invoke(main, list(args), input=input)


#: the number of the script's line an error at a game's prompt is about
_LINE_NUMBER = re.compile(r"^(error|Fehler): (?:line|Zeile) \d+: ", re.MULTILINE)


def messages(text: str) -> list[str]:
    """The lines of ``text``, errors at a game's prompt without the number of the line they
    are about (``error: line 3: …`` as ``error: …``), for tests of what the errors say."""
    return _LINE_NUMBER.sub(r"\1: ", text).splitlines()


def spawn_analyze(*args: str) -> Any:
    """``turing analyze ARGS…`` in a pseudo-terminal of 200 columns (pexpect), without
    colour, as a person's terminal runs it."""
    import pexpect  # type: ignore[import-untyped]

    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "200"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "turing", "analyze", *args],
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(30, 200),
    )


def spawn_turing(
    *args: str,
    env: dict[str, str] | None = None,
    drop: tuple[str, ...] = (),
    size: tuple[int, int] = (24, 80),
    timeout: int = 20,
    cwd: Path | None = None,
) -> Any:
    """``turing ARGS…`` of this checkout in a pseudo-terminal of ``size`` (rows, columns)
    (pexpect), in the folder ``cwd``: the environment without the variables ``drop``
    names, ``env`` added."""
    import pexpect

    environment = {k: v for k, v in os.environ.items() if k not in drop}
    environment.update({"PYTHONPATH": str(ROOT), **(env or {})})
    return pexpect.spawn(
        sys.executable,
        ["-m", "turing", *args],
        env=environment,
        encoding="utf-8",
        timeout=timeout,
        dimensions=size,
        cwd=None if cwd is None else str(cwd),
    )


def play_terminal(folder: Path, *args: str) -> Any:
    """``turing play ARGS…`` at a colour terminal of 40 × 120 in ``folder``, the prompt's
    cursor-position requests off (as a test reads the screen)."""
    env = {"TERM": "xterm-256color", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    return spawn_turing("play", *args, env=env, size=(40, 120), timeout=60, cwd=folder)


def spawn_paged(
    *args: str, pager: str | None = None, rows: int = 24, env: dict[str, str] | None = None
) -> Any:
    """``turing ARGS…`` in a pseudo-terminal of 80 columns and ``rows`` (pexpect), without
    colour, its pager ``pager`` (None: PAGER unset, so less) with none of the user's LESS or
    MANPAGER settings, ``env`` added to the environment."""
    added = {"TERM": "xterm", "NO_COLOR": "1", **(env or {})}
    if pager is not None:
        added["PAGER"] = pager
    return spawn_turing(
        *args,
        env=added,
        drop=("PAGER", "LESS", "MANPAGER", "COLUMNS", "LINES"),
        size=(rows, 80),
    )


def leave_unsaved(child: Any, prompt: str | None = None) -> None:
    """At ``turing play``'s prompt (``prompt``, when given, waited for first): quit, say yes
    to leaving and give no file name to save to, then wait for the game to end."""
    import pexpect

    if prompt is not None:
        child.expect_exact(prompt)
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
