"""A Mastermind match's save files while the match goes on (CliRunner, and a sitting at a
terminal): a game that ends shows its secret, so every file that holds the match before
that end is brought forward to where the match stands; a file or copy from before it
resumes at the later game; a sitting left behind never saves over the match played on
further (or ended another way) in another, nor says it saved; standard output failing from
the start leaves the match saved; the files the end of a match cannot reach are said
calmly, one form each; and a save that cannot be written back is warned of in one line."""

from __future__ import annotations

import contextlib
import errno
import io
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT, spawn_turing
from turing.cli.main import main
from turing.core.saves import MASTERMIND_SAVE, save_problem
from turing.mastermind import saves as mastermind_saves


def run(args: list[str], lines: list[str], cwd: Path) -> Result:
    """``turing mastermind play ARGS…`` in the folder ``cwd``, ``lines`` typed."""
    text = "".join(line + "\n" for line in lines)
    with contextlib.chdir(cwd):
        return CliRunner().invoke(main, ["mastermind", "play", *args], input=text)


def given_up_in_another_file(tmp_path: Path) -> tuple[Path, Path, Result]:
    """n1.json after one row of game 1 of 2; the match resumed from it, kept in n2.json,
    game 1 given up (its secret shown)."""
    n1, n2 = tmp_path / "n1.json", tmp_path / "n2.json"
    assert run(["--seed", "11", "--save", "n1.json"], ["RGBY", "quit"], tmp_path).exit_code == 1
    shutil.copyfile(n1, tmp_path / "copy.json")
    gave_up = run(["--resume", "n1.json", "--save", "n2.json"], ["giveup", "quit"], tmp_path)
    assert gave_up.exit_code == 1, gave_up.output
    assert "The computer's code was" in gave_up.output
    return n1, n2, gave_up


def test_a_game_given_up_brings_the_file_resumed_from_forward(tmp_path: Path) -> None:
    given_up_in_another_file(tmp_path)
    again = run(["--resume", "n1.json"], ["quit"], tmp_path)
    assert again.exit_code == 1, again.output
    assert "Resumed from n1.json: game 2 of 2." in again.output
    # the score after game 1 is said, but nothing of game 1 is played again
    assert "Score after game 1 of 2: You: 0, Computer: 11." in again.output
    assert "game 1 of 2, row" not in again.output and "row 2 of 10" not in again.output


def test_a_copy_from_before_a_game_ended_resumes_at_the_later_game(tmp_path: Path) -> None:
    given_up_in_another_file(tmp_path)
    again = run(["--resume", "copy.json"], ["quit"], tmp_path)
    assert again.exit_code == 1, again.output
    said = "copy.json: game 1 of this match is over (the match went on in n1.json); "
    assert said + "resumed at game 2." in again.output
    assert "row 2 of 10" not in again.output
    # the copy itself is brought there
    assert (
        "Resumed from copy.json: game 2 of 2."
        in run(["--resume", "copy.json"], ["quit"], tmp_path).output
    )


def test_a_sitting_left_behind_never_saves_over_the_match_ended_in_another(
    tmp_path: Path, children: list[Any]
) -> None:
    """Sitting 1 at a terminal, resumed from q.json; sitting 2 ends the match from the same
    file; sitting 1 plays a row and leaves: q.json keeps the end, nothing is asked."""
    q = tmp_path / "q.json"
    first = run(["--games", "1", "--seed", "5", "--save", "q.json"], ["RGBY", "quit"], tmp_path)
    assert first.exit_code == 1, first.output
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    child = spawn_turing(
        "mastermind", "play", "--resume", "q.json", env=env, size=(40, 150), cwd=tmp_path
    )
    children.append(child)
    child.expect_exact("your guess")
    ended = run(["--resume", "q.json"], ["giveup"], tmp_path)
    assert ended.exit_code == 0, ended.output
    kept = q.read_bytes()
    child.sendline("RRRR")
    refusal = "not saved: another sitting played this match further on in q.json"
    child.expect_exact(refusal)
    child.expect_exact("your guess")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N]")
    child.sendline("y")
    child.expect_exact(f"quit: match abandoned; {refusal}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "File name" not in child.before
    assert q.read_bytes() == kept
    assert "The match saved in q.json is over." in run(["--resume", "q.json"], [], tmp_path).output


def test_rows_played_another_way_than_in_another_sitting_are_offered_another_file(
    tmp_path: Path, children: list[Any]
) -> None:
    """Two sittings resume s.json: sitting A plays row 2 and leaves (saved there); sitting
    B, at a terminal, plays rows 2 and 3 its own way. s.json holds the match played another
    way, not further on: B says so, once, and leaving asks for another file for its rows,
    as when the file cannot be written."""
    s = tmp_path / "s.json"
    first = run(["--games", "1", "--seed", "5", "--save", "s.json"], ["RGBY", "quit"], tmp_path)
    assert first.exit_code == 1, first.output
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    child = spawn_turing(
        "mastermind", "play", "--resume", "s.json", env=env, size=(40, 150), cwd=tmp_path
    )
    children.append(child)
    child.logfile_read = io.StringIO()  # all the sitting says from here
    child.expect_exact("your guess")
    other = run(["--resume", "s.json"], ["RRRR", "quit"], tmp_path)
    assert other.exit_code == 1, other.output
    kept = s.read_bytes()
    refusal = "not saved: another sitting played this match another way in s.json"
    child.sendline("GGGG")
    child.expect_exact(refusal)
    child.expect_exact("your guess")
    child.sendline("BBBB")
    child.expect_exact("your guess")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("mine.json")
    child.expect_exact("quit: match abandoned; saved to mine.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    said = child.logfile_read.getvalue()
    assert said.count(refusal) == 1, said
    assert "further on" not in said
    assert s.read_bytes() == kept
    again = run(["--resume", "mine.json"], ["quit"], tmp_path)
    assert "row  3  B B B B" in again.output, again.output
    assert "R R R R" not in again.output


def test_standard_output_full_from_the_start_leaves_the_match_saved(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "turing", "mastermind", "play", "--save", "mf.json"],
            input="RGBY\n",
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
            timeout=60,
        )
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(
        "standard output: No space left on device: match abandoned; saved to mf.json — "
    ), done.stderr
    assert "Traceback" not in done.stderr
    assert (tmp_path / "mf.json").is_file()


def test_files_the_end_cannot_reach_are_said_calmly(tmp_path: Path) -> None:
    """A file of the family that now holds a saved game of turing play, or is a folder: one
    line each, no error."""
    first = run(["--seed", "3", "--games", "1", "--save", "r1.json"], ["RGBY", "quit"], tmp_path)
    assert first.exit_code == 1
    assert run(["--resume", "r1.json", "--save", "r2.json"], ["quit"], tmp_path).exit_code == 1
    assert run(["--resume", "r2.json", "--save", "r3.json"], ["quit"], tmp_path).exit_code == 1
    (tmp_path / "r1.json").unlink()
    play = CliRunner().invoke(
        main, ["play", "--save", str(tmp_path / "r1.json")], input="quit\n", catch_exceptions=False
    )
    assert play.exit_code == 1, play.output
    (tmp_path / "r2.json").unlink()
    (tmp_path / "r2.json").mkdir()
    end = run(["--resume", "r3.json"], ["giveup"], tmp_path)
    assert end.exit_code == 0, end.output
    assert "The finished match is not saved to r1.json: it holds a saved game of turing play." in (
        end.stdout
    )
    assert "The finished match is not saved to r2.json: it is a folder." in end.stdout
    assert "error" not in end.output


def test_a_game_given_up_on_the_board_brings_the_file_resumed_from_forward(
    tmp_path: Path, children: list[Any]
) -> None:
    """The real board in a pseudo-terminal, resumed from n1.json and kept in n2.json: x
    gives game 1 up (its secret shown); n1.json then resumes at game 2."""
    pytest.importorskip("textual")

    assert run(["--seed", "11", "--save", "n1.json"], ["RGBY", "quit"], tmp_path).exit_code == 1
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    args = ["mastermind", "board", "--resume", "n1.json", "--save", "n2.json"]
    child = spawn_turing(*args, env=env, size=(30, 100), timeout=60, cwd=tmp_path)
    children.append(child)
    child.expect("Resumed from n1.json")
    child.send("x")
    child.expect("Give up")
    child.send("y")
    child.expect("gave up")
    child.send("q")
    child.expect("Leave the match")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    again = run(["--resume", "n1.json"], ["quit"], tmp_path)
    assert "Resumed from n1.json: game 2 of 2." in again.output, again.output


def two_sittings(tmp_path: Path, children: list[Any]) -> tuple[Path, Any]:
    """mm5.json after one row of game 1 of 2 between ann and bob; sitting 2 at a terminal,
    resumed from it at row 2; sitting 1, from the same file, gives game 1 up (bob's code
    shown) and leaves at game 2's secret."""
    mm5 = tmp_path / "mm5.json"
    players = ["--preset", "classic", "--players", "human:ann,human:bob"]
    first = run([*players, "--save", "mm5.json"], ["RGBY", "RRGG", "quit"], tmp_path)
    assert first.exit_code == 1, first.output
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    child = spawn_turing(
        "mastermind", "play", "--resume", "mm5.json", env=env, size=(40, 150), cwd=tmp_path
    )
    children.append(child)
    child.logfile_read = io.StringIO()  # all the sitting says from here
    child.expect_exact("row 2 of 10, game 1 of 2")
    gave_up = run(["--resume", "mm5.json"], ["giveup", "quit"], tmp_path)
    assert gave_up.exit_code == 1, gave_up.output
    assert "bob's code was R G B Y." in gave_up.output
    return mm5, child


def test_an_older_sitting_never_saves_over_a_game_given_up_in_another(
    tmp_path: Path, children: list[Any]
) -> None:
    """Sitting 2, still at game 1, types the code sitting 1 showed: mm5.json keeps game 2,
    and sitting 2 says once that it is not saved, at the step and on leaving."""
    mm5, child = two_sittings(tmp_path, children)
    kept = mm5.read_bytes()
    child.sendline("RGBY")
    refusal = "not saved: another sitting played this match further on in mm5.json"
    child.expect_exact(refusal)
    child.expect_exact("your secret code")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N]")
    child.sendline("y")
    child.expect_exact(f"quit: match abandoned; {refusal}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    said = child.logfile_read.getvalue()
    assert said.count(refusal) == 2, said  # once at the step, once on leaving
    assert "saved to" not in child.before and "File name" not in child.before
    assert mm5.read_bytes() == kept
    again = run(["--resume", "mm5.json"], ["quit"], tmp_path)
    assert "Resumed from mm5.json: game 2 of 2." in again.output
    assert "ann: 0, bob: 11" in again.output


def test_leaving_says_saved_only_when_this_sitting_wrote_the_file(
    tmp_path: Path, children: list[Any]
) -> None:
    """Sitting 2 leaves with nothing played since it resumed, after sitting 1 went on in
    the same file: it says what is there, not "saved to", and the file keeps game 2."""
    mm5, child = two_sittings(tmp_path, children)
    kept = mm5.read_bytes()
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N]")
    child.sendline("y")
    refusal = "not saved: another sitting played this match further on in mm5.json"
    child.expect_exact(f"quit: match abandoned; {refusal}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "saved to" not in child.before
    said = child.logfile_read.getvalue()
    assert said.count(refusal) == 1, said  # in the line that leaves, once
    assert mm5.read_bytes() == kept


def test_a_save_that_cannot_be_written_back_is_said_with_one_instruction(
    tmp_path: Path,
) -> None:
    """Why a match cannot be saved where its save is, said for a caller that says what to
    do itself (the resume warning: "…; save the match to another file"): what is wrong
    alone, not a second instruction."""
    notes = tmp_path / "n.txt"
    notes.write_text("notes\n")
    assert save_problem(notes, MASTERMIND_SAVE) == (
        f"cannot save to {notes}: it exists and is not a saved game; give another name"
    )
    assert save_problem(notes, MASTERMIND_SAVE, advice=False) == (
        f"cannot save to {notes}: it exists and is not a saved game"
    )


def test_a_save_with_a_byte_order_mark_resumes_and_is_saved_back(tmp_path: Path) -> None:
    """A save rewritten with a byte-order mark before it (as some editors write) resumes
    and is saved back, with no warning."""
    # seeded: a secret drawn at random is broken by RGBY or RRGG now and then
    assert run(["--seed", "3", "--save", "c0.json"], ["RGBY", "quit"], tmp_path).exit_code == 1
    (tmp_path / "c.json").write_bytes(b"\xef\xbb\xbf" + (tmp_path / "c0.json").read_bytes())
    resumed = run(["--resume", "c.json"], ["RRGG", "quit"], tmp_path)
    assert resumed.exit_code == 1, resumed.output
    assert "warning" not in resumed.stderr
    assert "saved to c.json" in resumed.stderr
    again = run(["--resume", "c.json"], ["quit"], tmp_path)
    assert "row 3 of 10" in again.output, again.output


def test_a_save_failed_after_resuming_says_the_file_holds_the_match_as_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = run(["--seed", "1", "--save", "m.json"], ["quit"], tmp_path)
    assert (tmp_path / "m.json").is_file(), made.output
    resumed = (tmp_path / "m.json").read_bytes()

    def disk_full(path: object, text: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(mastermind_saves, "write_text", disk_full)
    left = run(["--resume", "m.json"], ["RGBY", "quit"], tmp_path)
    assert left.stderr.endswith(
        "quit: match abandoned; cannot save to m.json: No space left on device; m.json still "
        "holds the match as it was when resumed, without what was done since — resume with: "
        "turing mastermind play --resume m.json\n"
    ), left.stderr
    assert (tmp_path / "m.json").read_bytes() == resumed
