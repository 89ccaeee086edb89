"""The file `--transcript` names is never written over unasked: a file that holds something
else is refused, the transcript of another game is replaced only when a player at the
terminal says yes (never from a script), and a resumed game rewrites only its own."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner

from testsupport.cli import leave_unsaved
from turing.cli.main import main

ROOT = Path(__file__).resolve().parent.parent.parent


def _play(*args: str, lines: str = "c 241; test A\n") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["play", "--players", "ann", *args], lines)
    return result.exit_code, result.stdout, result.stderr


def test_a_file_that_is_not_a_transcript_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my precious notes\n")
    code, out, err = _play("--transcript", str(notes))
    assert code == 2
    assert err == (
        f"error: cannot write the transcript {notes}: it exists and is not a transcript; "
        "give another name\n"
    )
    assert out == ""
    assert notes.read_text() == "my precious notes\n"


def test_a_script_does_not_replace_another_game_s_transcript(tmp_path: Path) -> None:
    old = tmp_path / "t.jsonl"
    assert _play("--transcript", str(old), lines="c 111; test B\n")[0] == 1
    before = old.read_bytes()
    code, _, err = _play("--transcript", str(old))
    assert code == 2
    assert "it holds the transcript of another game, which a script does not replace" in err
    assert old.read_bytes() == before


def test_a_resumed_game_rewrites_its_own_transcript_and_no_other_file(tmp_path: Path) -> None:
    save, log = tmp_path / "g.json", tmp_path / "t.jsonl"
    assert _play("--save", str(save), "--transcript", str(log))[0] == 1
    left = log.read_text().splitlines()
    resumed = CliRunner().invoke(main, ["play", "--resume", str(save)], "solve 241\n")
    assert resumed.exit_code == 0, resumed.output
    written = log.read_text().splitlines()
    assert written[:2] == left[:2] and len(written) > len(left)  # start, the test, then on

    again, other = tmp_path / "h.json", tmp_path / "u.jsonl"
    assert _play("--save", str(again), "--transcript", str(other))[0] == 1
    other.write_text("my precious notes\n")
    refused = CliRunner().invoke(main, ["play", "--resume", str(again)], "pass\n")
    assert refused.exit_code == 2
    assert "it exists and is not a transcript" in refused.stderr
    assert other.read_text() == "my precious notes\n"


def test_at_the_terminal_another_game_s_transcript_is_replaced_only_on_yes(
    tmp_path: Path,
) -> None:
    old = tmp_path / "t.jsonl"
    assert _play("--transcript", str(old), lines="c 111; test B\n")[0] == 1
    before = old.read_bytes()
    for answer, status in (("n", 2), ("y", 1)):
        child = pexpect.spawn(
            sys.executable, ["-m", "turing", "play", "--players", "ann", "--transcript", "t.jsonl"],
            cwd=str(tmp_path), env={**os.environ, "TERM": "xterm-256color", "NO_COLOR": "1",
                                    "PROMPT_TOOLKIT_NO_CPR": "1", "PYTHONPATH": str(ROOT)},
            encoding="utf-8", timeout=60, dimensions=(40, 120),
        )  # fmt: skip
        child.expect_exact("t.jsonl holds the transcript of another game. Overwrite it? [y/N]")
        child.sendline(answer)
        if answer == "n":
            child.expect_exact("the transcript of another game in t.jsonl is kept")
            assert old.read_bytes() == before
            child.expect(pexpect.EOF)
            child.close()
        else:
            leave_unsaved(child, "ann>")
        assert child.exitstatus == status
    assert old.read_bytes() != before


def test_overwrite_lets_a_script_replace_another_game_s_transcript(tmp_path: Path) -> None:
    old = tmp_path / "t.jsonl"
    assert _play("--transcript", str(old), lines="c 111; test B\n")[0] == 1
    code, _, err = _play("--transcript", str(old), "--overwrite")
    assert code == 1 and err == ""
    assert '"code": "241"' in old.read_text() and '"code": "111"' not in old.read_text()


def test_a_resume_whose_transcript_cannot_be_written_says_so(tmp_path: Path) -> None:
    folder, save = tmp_path / "logs", tmp_path / "g.json"
    folder.mkdir()
    assert _play("--save", str(save), "--transcript", str(folder / "t.jsonl"))[0] == 1
    (folder / "t.jsonl").unlink()
    folder.rmdir()
    before = save.read_bytes()
    refused = CliRunner().invoke(main, ["play", "--resume", str(save)], "quit\n")
    assert refused.exit_code == 2
    assert refused.stderr.startswith(
        f"error: {save}: the transcript this game was writing cannot be written any more ("
    )
    assert refused.stderr.endswith("; --transcript FILE writes it elsewhere\n")
    assert save.read_bytes() == before
    elsewhere = tmp_path / "u.jsonl"
    resumed = CliRunner().invoke(
        main, ["play", "--resume", str(save), "--transcript", str(elsewhere)], "quit\n"
    )
    assert resumed.exit_code == 1, resumed.output
    assert elsewhere.read_text().count('"event"') == 3  # start, the test, abandoned
