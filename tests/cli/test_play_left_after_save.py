"""A game left unfinished says where it is saved: a game with no save file that a player
saved with ``save FILE`` names that file, and says when the game went on after it (the
save is then behind), however it is left: the end of the input, ``quit``, Ctrl-C."""

from __future__ import annotations

import errno
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT, play_terminal
from turing.cli.main import main
from turing.play import session as session_module


def _play(folder: Path, moves: str, *options: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["play", "--seed", "1", *options], moves)
    return result.exit_code, result.output


def test_the_end_of_the_input_after_save_file_names_the_file(in_tmp: Path) -> None:
    code, out = _play(in_tmp, "compose 111\ntest A\nsave q1.json\n")
    assert code == 1, out
    assert out.endswith(
        "end of input: game abandoned; saved to q1.json — resume with: "
        "turing play --resume q1.json\n"
    ), out
    resumed = CliRunner().invoke(main, ["play", "--resume", "q1.json"], "")
    assert "player: 1 test, in the game" in resumed.output, resumed.output


def test_quit_after_save_file_names_the_file(in_tmp: Path) -> None:
    code, out = _play(in_tmp, "compose 111\nsave q1.json\nquit\n")
    assert code == 1, out
    assert out.endswith(
        "quit: game abandoned; saved to q1.json — resume with: turing play --resume q1.json\n"
    ), out


def test_a_game_played_on_after_its_save_says_the_save_is_behind(in_tmp: Path) -> None:
    code, out = _play(in_tmp, "compose 111\ntest A\nsave q1.json\ntest B\n")
    assert code == 1, out
    assert out.endswith(
        "end of input: game abandoned; saved to q1.json earlier, without what was done "
        "since — resume with: turing play --resume q1.json\n"
    ), out
    assert json.loads(Path("q1.json").read_text())["round"] == 1
    # a note is part of the game saved too
    code, out = _play(in_tmp, "save q2.json\nnote A maybe\n")
    assert "saved to q2.json earlier, without what was done since" in out, out


def test_a_later_save_that_failed_names_the_last_one_written(in_tmp: Path) -> None:
    Path("ro").mkdir()
    Path("ro/x.json").mkdir()  # a folder, where no save can go
    code, out = _play(in_tmp, "compose 111\nsave q1.json\nsave ro/x.json\n")
    assert code == 1, out
    assert "error: line 3: cannot save to ro/x.json: is a folder, not a file\n" in out, out
    assert out.endswith(
        "end of input: game abandoned; saved to q1.json — resume with: "
        "turing play --resume q1.json\n"
    ), out
    Path("gone").mkdir()
    # the save file's folder removed during the game: said, and the file saved to last named
    moves = "compose 111\nsave q1.json\ntest A\n"
    process = subprocess.Popen(
        [sys.executable, "-m", "turing", "play", "--seed", "1", "--save", "gone/g.json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=in_tmp,
        env={"PYTHONPATH": str(ROOT), "TURING_LANG": "en", "PATH": "/usr/bin:/bin"},
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(moves)
    process.stdin.flush()
    seen = ""
    while "111 on A" not in seen:
        seen += process.stdout.readline()
    shutil.rmtree(in_tmp / "gone")
    process.stdin.close()
    out = process.stdout.read()
    assert process.wait(timeout=60) == 1
    assert out.endswith(
        f"end of input: game abandoned; cannot save to gone/g.json: folder {in_tmp / 'gone'} "
        "does not exist; saved to q1.json earlier, without what was done since — resume with: "
        "turing play --resume q1.json\n"
    ), out


def test_leaving_at_the_terminal_without_saving_again_names_the_save(
    in_tmp: Path, children: list[pexpect.spawn]
) -> None:
    child = play_terminal(in_tmp, "--seed", "1")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("compose 111; save q1.json")
    child.expect_exact("Saved to q1.json.")
    child.expect_exact("player>")
    child.sendline("test A")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)
    said = " ".join(str(child.before).split())
    assert (
        "quit: game abandoned; saved to q1.json earlier, without what was done since — "
        "resume with: turing play --resume q1.json"
    ) in said, said
    child.close()
    assert child.exitstatus == 1


def test_ctrl_c_at_the_terminal_after_save_file_names_the_file(
    in_tmp: Path, children: list[pexpect.spawn]
) -> None:
    child = play_terminal(in_tmp, "--seed", "1")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("compose 111; save q1.json")
    child.expect_exact("Saved to q1.json.")
    child.expect_exact("player>")
    child.sendcontrol("c")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)
    said = " ".join(str(child.before).split())
    assert (
        "interrupted: game abandoned; saved to q1.json — resume with: turing play --resume q1.json"
    ) in said, said
    child.close()
    assert child.exitstatus == 130


def _disk_full(path: object, text: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_save_failed_after_resuming_says_the_file_holds_the_game_as_resumed(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _play(in_tmp, "compose 111\ntest A\nsave g.json\n")
    resumed = json.loads(Path("g.json").read_text())
    monkeypatch.setattr(session_module, "_write", _disk_full)
    result = CliRunner().invoke(
        main, ["play", "--resume", "g.json"], "test B\nsave\ntest C\nquit\n"
    )
    assert result.exit_code == 1, result.output
    assert result.output.endswith(
        "quit: game abandoned; cannot save to g.json: No space left on device; g.json still "
        "holds the game as it was when resumed, without what was done since — resume with: "
        "turing play --resume g.json\n"
    ), result.output
    assert json.loads(Path("g.json").read_text()) == resumed
    # nothing done since it was resumed: the file holds the game as it stands
    result = CliRunner().invoke(main, ["play", "--resume", "g.json"], "quit\n")
    assert result.output.endswith(
        "quit: game abandoned; cannot save to g.json: No space left on device; g.json still "
        "holds the game as it stands — resume with: turing play --resume g.json\n"
    ), result.output


def test_saving_to_a_folder_is_refused_as_every_save_is(in_tmp: Path) -> None:
    Path("adir").mkdir()
    _code, out = _play(in_tmp, "save adir\n")
    assert "error: line 1: cannot save to adir: is a folder, not a file\n" in out, out
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--save", "adir"], "")
    assert (result.exit_code, result.output) == (
        2,
        "error: --save: cannot save to adir: is a folder, not a file\n",
    )
