"""An output that cannot take every character (``PYTHONIOENCODING=ascii`` or ``latin-1``,
a legacy locale): every command writes what it can, a symbol it cannot by its ASCII
stand-in (✔ as +, ▲ as ^) or as ``?``, never a traceback, and its JSON stays whole JSON
that loses no character."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from testsupport.cli import PUZZLES, ROOT
from turing.cli.output import STAND_INS

ENCODINGS = ["ascii", "latin-1"]
SAMPLE = str(PUZZLES / "sample.yaml")


def run_in(encoding: str, *args: str, input: str = "") -> subprocess.CompletedProcess[bytes]:
    """``turing ARGS…`` in a process whose standard streams are in ``encoding``, its
    input piped."""
    env = {
        **os.environ,
        "PYTHONIOENCODING": encoding,
        "NO_COLOR": "1",
        "TURING_LANG": "en",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-m", "turing", *args],
        input=input.encode("ascii"),
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def written(done: subprocess.CompletedProcess[bytes], encoding: str) -> str:
    """What the process wrote (stdout, then stderr), read in its encoding; click writes
    UTF-8 where Python was told ASCII, which reads as UTF-8 with what is not."""
    text = ""
    for data in (done.stdout, done.stderr):
        assert b"Traceback" not in data, data.decode("utf-8", "replace")
        if encoding == "ascii":
            text += data.decode("utf-8", "replace")
        else:
            text += data.decode(encoding)
    return text


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize(
    ("args", "input", "status", "shown"),
    [
        # a test's answer ✘ and the shapes ▲ ■ ● told apart, the rest as it is
        (["play"], "c 111; t A\nhelp\n", 1, "111 on A: x"),
        (["play"], "", 1, "^ blue"),
        (["--lang", "de", "play"], "e 111; t A\nhilfe\n", 1, "- Runde 1 -"),
        (["mastermind", "play", "--seed", "1"], "1234\nhelp\n", 1, "row  1  R G B Y"),
        (["solve", SAMPLE], "", 0, "solution: 241"),
        (["check", SAMPLE], "", 0, "all sound"),
        (["cards", "show"], "", 0, "^ > 1"),
        (["rules"], "", 0, "codebreaker"),
        (["--lang", "de", "--help"], "", 0, "Befehle"),
        (["--lang", "de", "play", "--help"], "", 0, "Optionen"),
    ],
)
def test_no_command_fails_for_its_output_encoding(
    encoding: str, args: list[str], input: str, status: int, shown: str
) -> None:
    done = run_in(encoding, *args, input=input)
    text = written(done, encoding)
    assert done.returncode == status, text
    assert shown in text, text


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_generated_puzzles_are_json_lines(encoding: str) -> None:
    done = run_in(encoding, "generate", "-n", "2", "--seed", "1", "-o", "-", "--quiet")
    assert done.returncode == 0, written(done, encoding)
    lines = done.stdout.decode("ascii").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [1, 1]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_json_records_keep_every_character(encoding: str, tmp_path: Path) -> None:
    puzzle = tmp_path / "puzzle.yaml"
    puzzle.write_text(
        'id: "Rätsel — ▲ 1"\ncards: [4, 9, 11, 14]\ncriteria: [1, 1, 1, 1]\n', encoding="utf-8"
    )
    done = run_in(encoding, "solve", "--json", str(puzzle))
    assert done.returncode == 1, written(done, encoding)  # three codes meet the criteria
    record = json.loads(done.stdout.decode("ascii"))
    assert record["id"] == "Rätsel — ▲ 1"
    assert record["candidates"] == ["122", "124", "125"]


def test_a_stand_in_takes_the_cells_of_its_symbol() -> None:
    from rich.cells import cell_len

    for symbol, stand_in in STAND_INS.items():
        assert stand_in.isascii() and cell_len(stand_in) == cell_len(symbol) == 1, symbol
