"""Hot-seat games of `turing play` with people and bots: what the transcript keeps of a
finished game, leaving once, what is shown once every person is out, and one start event
for a puzzle shipped twice."""

from __future__ import annotations

import json
import os
from pathlib import Path

from click.testing import CliRunner, Result

from turing.cli.main import main

#: two people put out in round 1, two bots playing on
FOUR_SEATS = ["--players", "ann,bob,bot:random,bot:random", "--random", "--mode", "nightmare"]


def _play(args: list[str], lines: str, cwd: Path) -> Result:
    """``turing play ARGS…`` run in ``cwd`` (its files named as typed there)."""
    here = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, ["play", *args], lines)
    finally:
        os.chdir(here)


def _events(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_puzzle_shipped_twice_starts_the_same_transcript_either_way(tmp_path: Path) -> None:
    by_id = _play(["--id", "01", "--transcript", "id.jsonl"], "quit\n", tmp_path)
    sample = _play(["--transcript", "sample.jsonl"], "quit\n", tmp_path)
    assert by_id.exit_code == sample.exit_code == 1
    start = _events(tmp_path / "id.jsonl")[0]
    assert start == _events(tmp_path / "sample.jsonl")[0]
    assert start["puzzle"] == {
        "id": "01",
        "mode": "classic",
        "cards": [4, 9, 11, 14],
        "difficulty": "easy",
    }
