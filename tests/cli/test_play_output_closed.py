"""`turing play` whose standard output is closed by its reader during the game
(``turing play --save g.json | head -1``): the game is left as abandoned, saved, and says
so on standard error, with exit status 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main


def play_until_the_reader_goes(args: list[str], script: str, cwd: Path) -> tuple[int, str]:
    """Run ``turing play ARGS…``, read its first line, close its output, then give it
    ``script``; its exit status and standard error."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TURING_LANG": "en", "NO_COLOR": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "turing", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=env,
    )
    assert child.stdout is not None and child.stdin is not None and child.stderr is not None
    assert child.stdout.readline().startswith(b"Turing Machine")
    child.stdout.close()  # as head -1 does
    child.stdin.write(script.encode())
    child.stdin.close()
    errors = child.stderr.read().decode()
    return child.wait(timeout=60), errors


def test_a_game_whose_output_is_closed_is_saved_and_left_with_status_1(tmp_path: Path) -> None:
    status, errors = play_until_the_reader_goes(
        ["--save", "bp.json"], "test 111 A\nquit\n", tmp_path
    )
    assert status == 1
    assert errors == (
        "standard output closed: game abandoned; saved to bp.json — resume with: "
        "turing play --resume bp.json\n"
    )
    assert json.loads((tmp_path / "bp.json").read_text())["format"] == "turing-play-save"
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "bp.json")], input="")
    assert "Resumed in round 1." in resumed.output


def test_without_a_save_file_it_says_the_game_is_abandoned(tmp_path: Path) -> None:
    status, errors = play_until_the_reader_goes(
        ["--players", "ann,bob"], "test 111 A\npass\n", tmp_path
    )
    assert (status, errors) == (1, "standard output closed: game abandoned\n")
    assert list(tmp_path.iterdir()) == []


def test_with_standard_error_in_the_same_closed_pipe_the_status_is_still_1(
    tmp_path: Path,
) -> None:
    """``turing play 2>&1 | head -1``: the message cannot be written either, and the game
    is abandoned (status 1) and saved all the same."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TURING_LANG": "en", "NO_COLOR": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "turing", "play", "--save", "bp.json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
        env=env,
    )
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline().startswith(b"Turing Machine")
    child.stdout.close()  # as head -1 does, standard error with it
    child.stdin.write(b"test 111 A\nquit\n")
    child.stdin.close()
    assert child.wait(timeout=60) == 1
    assert json.loads((tmp_path / "bp.json").read_text())["format"] == "turing-play-save"


def _play_with_output(shell_output: str, cwd: Path) -> tuple[int, str]:
    """``turing play --save s.json --transcript s.jsonl`` with standard output as
    ``shell_output`` says (``>&-``, ``> /dev/full``), a few moves on standard input; its
    exit status and standard error."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TURING_LANG": "en", "NO_COLOR": "1"}
    command = (
        f"printf 'compose 111\\ntest A\\npass\\n' | {sys.executable} -m turing play "
        f"--save s.json --transcript s.jsonl {shell_output}"
    )
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, cwd=cwd, env=env, timeout=60, check=False
    )
    return done.returncode, done.stderr.decode()


def test_output_closed_from_the_start_leaves_the_game_saved_and_its_transcript_whole(
    tmp_path: Path,
) -> None:
    status, errors = _play_with_output(">&-", tmp_path)
    assert status == 1
    assert errors == (
        "standard output closed: game abandoned; saved to s.json — resume with: "
        "turing play --resume s.json\n"
    )
    events = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "abandoned"]
    assert events[-1] == {"event": "abandoned", "round": 1, "saved": True}
    resumed = CliRunner().invoke(main, ["play", "--resume", str(tmp_path / "s.json")], input="")
    assert "Resumed in round 1." in resumed.output


def test_output_on_a_full_disk_leaves_the_game_saved_and_says_why(tmp_path: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    status, errors = _play_with_output("> /dev/full", tmp_path)
    assert status == 1
    assert errors == (
        "standard output: No space left on device: game abandoned; saved to s.json — resume "
        "with: turing play --resume s.json\n"
    )
    events = [json.loads(line) for line in (tmp_path / "s.jsonl").read_text().splitlines()]
    assert events[-1] == {"event": "abandoned", "round": 1, "saved": True}
