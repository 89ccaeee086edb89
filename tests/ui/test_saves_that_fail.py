"""A save file that cannot be written when the game is left (its folder removed during
the game, the file read-only) never loses the game: at a terminal the offer to save asks
for another file name, and a resumed save that cannot be written is said at the start."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner

from testsupport.cli import play_terminal
from testsupport.processes import unprivileged
from turing.cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent


def test_leaving_asks_for_another_file_when_the_save_folder_is_gone(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    child = play_terminal(tmp_path, "--seed", "1", "--save", "saves/g.json")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("test 123 A")
    child.expect_exact("123 on A")
    child.expect_exact("player>")
    shutil.rmtree(folder)
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("error: cannot save to saves/g.json")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("other.json")
    child.expect_exact("quit: game abandoned; saved to other.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "other.json")], "")
    assert "123 on A" in resumed.output or "tests 1" in resumed.output, resumed.output


def test_an_empty_name_leaves_without_saving_and_says_so(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    child = play_terminal(tmp_path, "--seed", "1", "--save", "saves/g.json")
    children.append(child)
    child.expect_exact("player>")
    shutil.rmtree(folder)
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("")
    child.expect_exact("quit: game abandoned; cannot save to saves/g.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_a_resumed_save_that_cannot_be_written_is_said_at_the_start(tmp_path: Path) -> None:
    save = tmp_path / "ro.json"
    made = CliRunner().invoke(main, ["play", "--seed", "1", "--save", str(save)], "pass\n")
    assert made.exit_code == 1, made.output
    save.chmod(0o444)
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), TURING_LANG="en", NO_COLOR="1")
    done = subprocess.run(
        [*unprivileged(), sys.executable, "-m", "turing", "play", "--resume", "ro.json"],
        input="pass\n", capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
        check=False,
    )  # fmt: skip
    assert done.stderr.splitlines()[0] == (
        "warning: cannot save to ro.json: the file is read-only; save the game to another file"
    ), done.stderr
    assert "Resumed in round 2." in done.stdout  # the game is played all the same
    assert done.returncode == 1
