"""A file a command writes or opens — a save, a bank, a transcript, an output — is named in
messages for people as :func:`turing.core.files.shown_name` writes it: a name holding a
control character is quoted and escaped, so that no escape sequence recolours the terminal
and no line break splits a one-line message; the command to paste names it in the ANSI-C
quotes of bash and zsh, which give the name back."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.cli.output import describe_os_error

RED = "a\x1b[31mb.sav"  # a name whose escape sequence would turn the terminal red
SHOWN_RED = "'a\\x1b[31mb.sav'"
PASTED_RED = "$'a\\x1b[31mb.sav'"


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def no_control_characters(text: str) -> bool:
    return not any((ord(c) < 0x20 and c != "\n") or c == "\x7f" for c in text)


def test_a_save_is_named_escaped_and_the_hint_resumes_it(in_tmp: Path) -> None:
    result = run("play", "--save", RED)
    assert result.exit_code == 1
    assert (in_tmp / RED).exists()
    assert no_control_characters(result.output), result.output
    assert f"saved to {SHOWN_RED} — resume with: turing play --resume {PASTED_RED}" in (
        result.output
    )
    again = run("play", "--resume", RED)
    assert "Resumed in round 1." in again.output
    assert no_control_characters(again.output), again.output


def test_a_bank_is_named_escaped(in_tmp: Path) -> None:
    missing = run("bank", "stats", "x\x1b.db")
    assert missing.exit_code != 0
    assert no_control_characters(missing.output), missing.output
    assert "'x\\x1b.db': no such bank" in missing.output
    (in_tmp / "y\x1b.db").write_text("junk")
    junk = run("bank", "pick", "y\x1b.db")
    assert junk.exit_code != 0
    assert no_control_characters(junk.output), junk.output
    assert "'y\\x1b.db': not a puzzle bank (not an SQLite file)" in junk.output
    assert (in_tmp / "y\x1b.db").read_text() == "junk"


def test_a_transcript_is_named_escaped(in_tmp: Path) -> None:
    run("play", "--save", RED)
    kept = (in_tmp / RED).read_bytes()
    result = run("play", "--transcript", RED)
    assert result.exit_code != 0
    assert no_control_characters(result.output), result.output
    assert f"cannot write the transcript {SHOWN_RED}: it is a saved game" in result.output
    assert (in_tmp / RED).read_bytes() == kept
    lost = run("play", "--transcript", "gone\x1b/t.jsonl")
    assert lost.exit_code != 0
    assert no_control_characters(lost.output), lost.output
    assert "folder" in lost.output and "gone\\x1b'" in lost.output


def test_a_game_writing_such_a_transcript_resumes_and_goes_on_writing_it(in_tmp: Path) -> None:
    name = "t\x1b[31m.jsonl"
    first = run("play", "--save", "s.json", "--transcript", name, stdin="pass\n")
    assert first.exit_code == 1, first.output
    again = run("play", "--resume", "s.json", stdin="pass\n")
    assert "Resumed in round 2." in again.output, again.output
    assert no_control_characters(again.output), again.output
    assert repr(str(in_tmp / name)) in again.output
    events = [json.loads(line)["event"] for line in (in_tmp / name).read_text().splitlines()]
    assert events.count("pass") == 2


def test_an_output_refusal_names_the_file_escaped(in_tmp: Path) -> None:
    made = run("generate", "-n", "1", "--seed", "1", "--bank", "b\x1b.db")
    assert made.exit_code == 0, made.output
    assert no_control_characters(made.output), made.output
    kept = (in_tmp / "b\x1b.db").read_bytes()
    refused = run("generate", "-n", "1", "--seed", "1", "-o", "b\x1b.db")
    assert refused.exit_code != 0
    assert no_control_characters(refused.output), refused.output
    assert "cannot write 'b\\x1b.db': it is a puzzle bank; give another name" in refused.output
    assert (in_tmp / "b\x1b.db").read_bytes() == kept
    stats = run("bank", "stats", "b\x1b.db")
    assert stats.exit_code == 0
    assert no_control_characters(stats.output) and "'b\\x1b.db': 1 puzzle" in stats.output
    as_json = run("bank", "stats", "--json", "b\x1b.db")
    assert json.loads(as_json.output)["path"] == "b\x1b.db"  # the name itself, JSON-escaped
    assert "\\u001b" in as_json.output


def test_a_save_at_a_terminal_is_named_escaped(
    tmp_path: Path, root: Path, children: list[pexpect.spawn]
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "LINES")}
    env.update({"TERM": "xterm-256color", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"})
    env["PYTHONPATH"] = str(root)  # this checkout's turing, whatever the folder
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "play", "--save", RED],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(40, 120),
        cwd=str(tmp_path),
    )
    children.append(child)
    child.expect_exact("player>")
    child.sendline("save")
    child.expect_exact("Saved to ")
    child.expect_exact("player>")
    said = "Saved to " + str(child.before)
    assert f"Saved to {SHOWN_RED}. Resume with: turing play --resume {PASTED_RED}" in said
    assert "\x1b[31mb" not in said
    child.sendeof()
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("saved to ")
    child.expect(pexpect.EOF)
    rest = str(child.before)
    assert f"{SHOWN_RED} — resume with: turing play --resume {PASTED_RED}" in rest
    assert "\x1b[31mb" not in rest
    assert (tmp_path / RED).exists()


def test_a_file_system_error_names_its_file_escaped() -> None:
    full = OSError(28, "No space left on device", "out\x1b[2J.jsonl")
    assert describe_os_error(full) == "'out\\x1b[2J.jsonl': No space left on device"


def test_a_mastermind_save_is_named_escaped(in_tmp: Path) -> None:
    result = run("mastermind", "play", "--save", "m\x1b.sav")
    assert (in_tmp / "m\x1b.sav").exists()
    assert no_control_characters(result.output), result.output
    hint = "saved to 'm\\x1b.sav' — resume with: turing mastermind play --resume $'m\\x1b.sav'"
    assert hint in result.output
    again = run("mastermind", "play", "--resume", "m\x1b.sav")
    assert "Resumed from 'm\\x1b.sav'" in again.output
