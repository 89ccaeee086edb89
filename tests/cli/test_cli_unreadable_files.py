"""Files a command cannot read. A puzzle file without permission to read it: ``check`` and
``solve`` say so in one line naming the file and go on with the rest, as for a missing file;
``analyze`` refuses in one line (run as root, a forked child gives up root first: root reads
every file). A file saved as UTF-16 or UTF-32 is said to be so, not to hold a NUL byte."""

from __future__ import annotations

import os
import shutil
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest

from testsupport.cli import PUZZLES, run


def as_ordinary_user(cases: Callable[[], None]) -> None:
    """Run ``cases`` as an ordinary user: here, or in a child that is not root."""
    if os.geteuid() != 0:
        cases()
        return
    pid = os.fork()
    if pid == 0:  # the child: no root from here on
        code = 1
        try:
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            cases()
            code = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the cases failed as an ordinary user"


def test_an_unreadable_puzzle_file_is_said_and_the_rest_still_read() -> None:
    folder = Path(tempfile.mkdtemp(prefix="turing-unreadable-"))
    try:
        folder.chmod(0o755)
        sound = folder / "sample.yaml"
        shutil.copyfile(PUZZLES / "sample.yaml", sound)
        sound.chmod(0o644)
        locked = folder / "locked.yaml"
        shutil.copyfile(PUZZLES / "sample.yaml", locked)
        locked.chmod(0o000)
        # The child may not read the installed packages: load each command first.
        for command in ("check", "solve", "analyze"):
            assert run([command, str(sound)]).exit_code == 0

        def cases() -> None:
            result = run(["check", str(sound), str(locked)])
            assert result.exit_code == 2, result.output
            assert result.stdout.splitlines()[0] == f"{sound}:3: ok 01 · easy"
            assert result.stderr.startswith(f"error: {locked}: cannot read: ")
            assert len(result.stderr.splitlines()) == 1
            result = run(["solve", str(locked), str(sound)])
            assert result.exit_code == 2, result.output
            assert "solution: 241" in result.stdout
            assert result.stderr.startswith(f"error: {locked}: cannot read: ")
            assert len(result.stderr.splitlines()) == 1
            result = run(["analyze", "-q", str(locked)])
            assert result.exit_code == 2 and result.stdout == ""
            assert result.stderr.startswith(f"error: {locked}: cannot read: ")

        as_ordinary_user(cases)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.parametrize(
    ("encoding", "name"),
    [
        ("utf-16", "UTF-16"),  # with its byte-order mark, as editors save it
        ("utf-16-le", "UTF-16"),
        ("utf-16-be", "UTF-16"),
        ("utf-32", "UTF-32"),
    ],
)
def test_a_file_in_a_wide_encoding_is_said_to_be_one(
    encoding: str, name: str, tmp_path: Path
) -> None:
    said = f"file is {name} text, not UTF-8: save it as UTF-8"
    puzzle = tmp_path / "wide.yaml"
    puzzle.write_bytes((PUZZLES / "sample.yaml").read_text(encoding="utf-8").encode(encoding))
    cards = tmp_path / "wide-cards.yaml"
    cards.write_bytes(
        "name: wide\ncards:\n  - number: 1\n    title: t\n    criteria: [b == 1, b > 1]\n".encode(
            encoding
        )
    )
    result = run(["check", str(puzzle)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {puzzle}: {said}\n"
    result = run(["solve", "-"], input=puzzle.read_bytes())
    assert result.exit_code == 2
    assert result.stderr == f"error: <stdin>: {said}\n"
    result = run(["cards", "validate", str(cards)])
    assert result.exit_code == 2
    assert result.stdout.splitlines()[0] == f"{cards}: error C001: {said}"
    result = run(["solve", "--cardset", str(cards), str(PUZZLES / "sample.yaml")])
    assert result.exit_code == 2
    assert result.stderr == f"error: {cards}: {said}\n"
