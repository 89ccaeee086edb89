"""Hot-seat games of `turing play` with people and bots: what the transcript keeps of a
finished game, leaving once, what is shown once every person is out, and one start event
for a puzzle shipped twice."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner, Result

from testsupport.cli import ROOT
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


def test_an_older_save_of_a_finished_game_does_not_rewrite_its_transcript(
    tmp_path: Path,
) -> None:
    """A copy of the save made before the end (``cp``, outside turing, so that no save
    of the game brings it to the end) is resumed while the file that holds the end is not
    where the game's family names it (moved away): the record of the end is kept. With
    that file back, the copy resumes as the game over."""
    started = _play(
        ["--players", "ann,bob", "--id", "01", "--save", "g.json", "--transcript", "gt.jsonl"],
        "pass\npass\n",
        tmp_path,
    )
    assert started.exit_code == 1, started.output
    shutil.copy(tmp_path / "g.json", tmp_path / "backup.json")
    assert _play(["--resume", "g.json"], "solve 241\npass\n", tmp_path).exit_code == 0
    transcript = tmp_path / "gt.jsonl"
    finished = transcript.read_bytes()
    assert _events(transcript)[-1]["event"] == "end"
    backup = (tmp_path / "backup.json").read_bytes()
    (tmp_path / "g.json").rename(tmp_path / "moved.json")

    refused = _play(["--resume", "backup.json"], "", tmp_path)
    assert refused.exit_code == 2
    assert refused.stdout == ""
    assert refused.stderr.splitlines()[-1] == (
        f"error: cannot write the transcript {transcript}: it records this game to its end, "
        "and the save resumed is from before it; --transcript FILE writes the game's "
        "transcript elsewhere"
    )
    named = _play(["--resume", "backup.json", "--transcript", "gt.jsonl"], "", tmp_path)
    assert named.exit_code == 2
    assert "it records this game to its end" in named.stderr
    assert transcript.read_bytes() == finished  # the end is kept, and the save as it was
    assert (tmp_path / "backup.json").read_bytes() == backup

    elsewhere = _play(["--resume", "backup.json", "--transcript", "other.jsonl"], "", tmp_path)
    assert elsewhere.exit_code == 1, elsewhere.output
    written = [e["event"] for e in _events(tmp_path / "other.jsonl")]
    assert written == ["start", "pass", "pass", "abandoned"]
    assert transcript.read_bytes() == finished

    (tmp_path / "moved.json").rename(tmp_path / "g.json")
    over = _play(["--resume", "backup.json"], "", tmp_path)
    assert over.exit_code == 0, over.output
    assert over.stdout.startswith("backup.json: this game is over (its end is saved in g.json)")
    assert transcript.read_bytes() == finished


def test_input_ending_as_the_output_closes_leaves_the_game_once(tmp_path: Path) -> None:
    """The end of the input is read first; the game is left, and saying so finds the
    output closed: one ``abandoned`` event, said on standard error."""
    started = _play(
        ["--players", "ann,bob", "--id", "01", "--save", "g.json", "--transcript", "gt.jsonl"],
        "pass\n",
        tmp_path,
    )
    assert started.exit_code == 1, started.output
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TURING_LANG": "en", "NO_COLOR": "1"}
    child = subprocess.Popen(
        [sys.executable, "-m", "turing", "play", "--resume", "g.json"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
    )
    assert child.stdout is not None and child.stdin is not None and child.stderr is not None
    shown = b""
    while b"Compose a code" not in shown:
        shown += os.read(child.stdout.fileno(), 4096)
    child.stdout.close()  # the reader is gone, then the input ends
    child.stdin.close()
    errors = child.stderr.read().decode()
    assert child.wait(timeout=60) == 1
    assert errors.splitlines()[-1] == (
        "end of input: game abandoned; saved to g.json — resume with: turing play --resume g.json"
    )
    events = [e["event"] for e in _events(tmp_path / "gt.jsonl")]
    assert events == ["start", "abandoned"]


def test_once_every_person_is_out_the_bots_tests_are_shown(
    tmp_path: Path,
) -> None:
    result = _play([*FOUR_SEATS, "--seed", "3"], "solve 111\nsolve 112\n", tmp_path)
    assert result.exit_code == 0, result.output
    out = result.stdout
    round_1, later = out.split("— Round 2 —")
    # people still played: the bot's tests wait for the reveal
    assert "bot:random has played its turn (revealed when everyone has decided)." in round_1
    reveal_1 = round_1.split("Round 1 revealed:")[1]
    assert "ann submitted a wrong code; ann is out" in reveal_1 and "111" not in reveal_1
    assert "has played its turn" not in later  # nobody left to hide them from
    assert "bot:random tests " in later and "bot:random-2 tests " in later


def test_the_code_that_put_a_person_out_is_named_at_the_end(tmp_path: Path) -> None:
    result = _play([*FOUR_SEATS, "--seed", "3"], "solve 111\nsolve 112\n", tmp_path)
    assert result.exit_code == 0, result.output
    table = result.stdout.split("Result · ")[1]
    assert "ann           eliminated in round 1 (111 wrong)" in table
    assert "bob           eliminated in round 1 (112 wrong)" in table


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
