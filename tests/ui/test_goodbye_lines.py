"""The line said on leaving a game or a match with a save file, at a real
(pseudo-)terminal: the command that resumes it is whole on one line, to copy (a line broken
inside it by the terminal or by the program would run another command, or none)."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest

from testsupport.cli import spawn_turing


def lines_on_leaving(
    tmp_path: Path, columns: int, args: list[str], prompt: str, quit: str, yes: str
) -> list[str]:
    child = spawn_turing(
        *args,
        env={"TERM": "xterm", "NO_COLOR": "1", "TURING_LANG": "en"},
        drop=("COLUMNS", "LINES"),
        size=(24, columns),
        cwd=tmp_path,
    )
    child.expect_exact(prompt)
    child.sendline(quit)
    child.expect_exact("[")  # the question: leave?
    child.sendline(yes)
    child.expect(pexpect.EOF)
    child.close()
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    return [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]


@pytest.mark.parametrize("columns", [80, 60, 40])
def test_the_command_that_resumes_a_game_is_whole_on_its_line(tmp_path: Path, columns: int) -> None:
    lines = lines_on_leaving(
        tmp_path, columns, ["play", "--save", "rs.json"], "player>", "quit", "y"
    )
    command = "turing play --resume rs.json"
    assert any(line.endswith(command) for line in lines), lines
    assert next(line for line in lines if command in line) in (command, "resume with: " + command)
    said = lines[next(i for i, line in enumerate(lines) if line.startswith("quit: game")) :]
    assert all(len(line) <= columns for line in said), said
    assert (tmp_path / "rs.json").exists()


@pytest.mark.parametrize("columns", [80, 50])
def test_the_command_that_resumes_a_match_is_whole_on_its_line(
    tmp_path: Path, columns: int
) -> None:
    lines = lines_on_leaving(
        tmp_path,
        columns,
        ["mastermind", "play", "--seed", "1", "--save", "mm2.json"],
        "guess",
        "quit",
        "y",
    )
    command = "turing mastermind play --resume mm2.json"
    found = [line for line in lines if command in line]
    assert found and found[0] in (command, "resume with: " + command), lines
    assert (tmp_path / "mm2.json").exists()


@pytest.mark.parametrize("columns", [80, 40])
def test_in_german_the_command_is_whole_too(tmp_path: Path, columns: int) -> None:
    lines = lines_on_leaving(
        tmp_path,
        columns,
        ["--lang", "de", "play", "--save", "rs.json"],
        "Spieler>",
        "beenden",
        "j",
    )
    command = "turing play --resume rs.json"
    found = [line for line in lines if command in line]
    assert found and found[0] in (command, "weiterspielen mit: " + command), lines
