"""A match's transcript (``turing mastermind play --transcript``): written as the match is
played, each secret only once its game is over; a finished match resumed is told again."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.mastermind.match import Match, Seat
from turing.mastermind.presets import get_preset

SUPERHIRN = get_preset("superhirn")


def run(args: list[str], lines: list[str]) -> Result:
    text = "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, ["mastermind", "play", *args], input=text)


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def computer_secret(seed: int) -> str:
    match = Match(SUPERHIRN, (Seat("Ann", True), Seat("Computer", False, "most-parts")), seed=seed)
    match.start()
    assert match.secret is not None
    return SUPERHIRN.palette.format(match.secret)


def test_a_match_against_the_computer_is_written_as_it_goes(tmp_path: Path) -> None:
    transcript, save = tmp_path / "mm.jsonl", tmp_path / "mm.json"
    secret = computer_secret(5)
    wrong = "RYGB" if secret != "RYGB" else "RYGW"
    options = ["--preset", "superhirn", "--players", "human:Ann,computer", "--seed", "5"]
    left = run(
        [*options, "--games", "1", "--save", str(save), "--transcript", str(transcript)], [wrong]
    )
    assert left.exit_code == 1, left.output  # the input ends: the match is left
    found = records(transcript)
    assert found[0]["event"] == "start" and found[0]["game"] == "mastermind"
    assert found[0]["preset"] == "superhirn" and found[0]["games"] == 1
    assert [p["name"] for p in found[0]["players"]] == ["Ann", "Computer"]
    assert found[1:] == [
        {"event": "row", "game": 1, "breaker": "Ann", "row": 1, "guess": wrong, **_pins(found[1])},
        {"event": "abandoned", "game": 1, "saved": True},
    ]
    assert secret not in transcript.read_text()  # hidden until its game is over
    assert "seed" not in transcript.read_text()  # the computer's secrets are drawn from it
    done = run(["--resume", str(save), "--transcript", str(transcript)], [secret])
    assert done.exit_code == 0, done.output
    found = records(transcript)
    assert [r["event"] for r in found] == ["start", "row", "row", "game_end", "end"]
    assert found[3]["secret"] == secret and found[3]["maker"] == "Computer"
    assert found[4] == {"event": "end", "score": [0, 2], "winner": "Computer"}


def _pins(record: dict[str, Any]) -> dict[str, Any]:
    return {"black": record["black"], "white": record["white"]}


def test_a_two_person_match_keeps_the_secret_out_until_its_game_ends(tmp_path: Path) -> None:
    transcript, save = tmp_path / "mm.jsonl", tmp_path / "mm.json"
    options = ["--preset", "superhirn", "--players", "human:Ann,human:Bob", "--games", "2"]
    left = run([*options, "--save", str(save), "--transcript", str(transcript)], ["OPKW", "RYGB"])
    assert left.exit_code == 1, left.output
    assert "OPKW" not in transcript.read_text()
    done = run(["--resume", str(save), "--transcript", str(transcript)], ["OPKW", "RYGB", "RYGB"])
    assert done.exit_code == 0, done.output
    found = records(transcript)
    ends = [r for r in found if r["event"] == "game_end"]
    assert [(e["maker"], e["secret"], e["rows"]) for e in ends] == [
        ("Bob", "OPKW", 2),
        ("Ann", "RYGB", 1),
    ]
    assert found[-1] == {"event": "end", "score": [1, 2], "winner": "Bob"}
    # resumed once more, the finished match is told again: every row and secret
    again = run(["--resume", str(save)], [])
    assert again.exit_code == 0, again.output
    assert again.output.splitlines() == [
        f"The match saved in {save} is over.",
        "Game 1 of 2: codemaker Bob, codebreaker Ann.",
        "row  1  R Y G B   ····  no pins",
        "row  2  O P K W   ●●●●  4 red, 0 white",
        "Code cracked by Ann in 2 rows; 2 points to Bob.",
        "Bob's code was O P K W.",
        "Score after game 1 of 2: Ann: 0, Bob: 2.",
        "Game 2 of 2: codemaker Ann, codebreaker Bob.",
        "row  1  R Y G B   ●●●●  4 red, 0 white",
        "Code cracked by Bob in 1 row; 1 point to Ann.",
        "Ann's code was R Y G B.",
        "Score after game 2 of 2: Ann: 1, Bob: 2.",
        "Final score: Ann: 1, Bob: 2; Bob wins.",
    ]


def test_a_resumed_match_says_its_score_as_play_does(tmp_path: Path) -> None:
    save = tmp_path / "mm.json"
    options = ["--preset", "superhirn", "--players", "human:Ann,human:Bob", "--games", "2"]
    assert run([*options, "--save", str(save)], ["OPKW", "OPKW"]).exit_code == 1
    resumed = run(["--resume", str(save)], [])
    assert "Score after game 1 of 2: Ann: 0, Bob: 1." in resumed.output
    assert "score Ann" not in resumed.output


def test_a_match_resumed_in_the_middle_of_a_game_says_its_score_as_play_does(
    tmp_path: Path,
) -> None:
    save = tmp_path / "mm.json"
    options = ["--preset", "superhirn", "--players", "human:Ann,human:Bob", "--games", "2"]
    played = run([*options, "--save", str(save)], ["OPKW", "OPKW", "RYGB", "OPKW"])
    assert played.exit_code == 1
    resumed = run(["--resume", str(save)], [])
    lines = resumed.output.splitlines()
    at = lines.index("Superhirn: row 2 of 12, game 2 of 2")
    assert lines[at + 1 : at + 3] == [
        "Score after game 1 of 2: Ann: 0, Bob: 1.",
        "row  1  O P K W   ····  no pins",
    ]
    assert "score Ann" not in resumed.output


def test_a_file_of_another_kind_is_not_written_over(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    refused = run(["--players", "computer,computer", "--transcript", str(notes)], [])
    assert refused.exit_code == 2
    assert refused.output == (
        f"error: cannot write the transcript {notes}: it exists and is not a transcript; "
        "give another name\n"
    )
    assert notes.read_text() == "my notes\n"


def test_the_transcript_at_a_terminal_holds_no_secret_before_its_game_ends(
    tmp_path: Path,
) -> None:
    transcript = tmp_path / "mm.jsonl"
    root = str(Path(__file__).resolve().parents[2])  # this checkout's turing, from any folder
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "200", "PYTHONPATH": root}
    args = "--preset superhirn --players human:Ann,human:Bob --games 1 --transcript"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "mastermind", "play", *args.split(), str(transcript)],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
        cwd=str(tmp_path),
    )
    child.expect("Bob, your secret code \\(hidden")
    child.sendline("OPKW")
    child.expect("Bob, the same code again to confirm")
    child.sendline("OPKW")
    child.expect("Ann, your guess — row 1 of 12")
    child.sendline("RYGB")
    child.expect("Ann, your guess — row 2 of 12")
    written = transcript.read_text()  # flushed as each row is played
    assert '"guess": "RYGB"' in written
    assert "OPKW" not in written
    child.sendline("OPKW")
    child.expect("Bob's code was O P K W.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    ends = [r for r in records(transcript) if r["event"] == "game_end"]
    assert ends[0]["secret"] == "OPKW"


TWO_PEOPLE = ["--preset", "superhirn", "--players", "human:Ann,human:Bob", "--games", "1"]


def test_the_transcript_of_another_match_is_not_written_over_by_a_script(tmp_path: Path) -> None:
    night = tmp_path / "night.jsonl"
    first = run([*TWO_PEOPLE, "--transcript", str(night)], ["OPKW", "RYGB", "OPKW"])
    assert first.exit_code == 0, first.output
    kept = night.read_text()
    second = run([*TWO_PEOPLE, "--transcript", str(night)], ["BRYG"])
    assert second.exit_code == 2
    assert second.output == (
        f"error: cannot write the transcript {night}: it holds the transcript of another "
        "match, which a script does not replace; give another name\n"
    )
    assert night.read_text() == kept  # the first match's record is whole


def test_a_resumed_match_goes_on_writing_the_transcript_its_save_names(tmp_path: Path) -> None:
    transcript, save = tmp_path / "mm.jsonl", tmp_path / "mm.json"
    left = run([*TWO_PEOPLE, "--save", str(save), "--transcript", str(transcript)], ["OPKW"])
    assert left.exit_code == 1, left.output
    assert records(transcript)[-1] == {"event": "abandoned", "game": 1, "saved": True}
    os.chdir(tmp_path.parent)  # the save names the transcript's absolute path
    goes_on = run(["--resume", str(save)], ["RYGB"])
    assert goes_on.exit_code == 1, goes_on.output
    assert f"{save}: the transcript of this match goes on in {transcript}" in goes_on.output
    found = records(transcript)
    assert [r["event"] for r in found] == ["start", "row", "abandoned"]  # written whole again
    assert found[1]["guess"] == "RYGB" and "OPKW" not in transcript.read_text()
    other = tmp_path / "other.jsonl"
    moved = run(["--resume", str(save), "--transcript", str(other)], ["OPKW"])
    assert moved.exit_code == 0, moved.output
    assert [r["event"] for r in records(other)][-2:] == ["game_end", "end"]
    assert [r["event"] for r in records(transcript)][-1] == "abandoned"  # left as it was


def test_a_match_left_without_a_save_says_so_and_keeps_the_secret(tmp_path: Path) -> None:
    transcript = tmp_path / "mm.jsonl"
    left = run([*TWO_PEOPLE, "--transcript", str(transcript)], ["OPKW", "RYGB", "quit"])
    assert left.exit_code == 1, left.output
    assert records(transcript)[-1] == {"event": "abandoned", "game": 1, "saved": False}
    assert "OPKW" not in transcript.read_text()


def test_an_older_save_without_a_transcript_still_resumes(tmp_path: Path) -> None:
    from turing.core.saves import pack
    from turing.mastermind.saves import load_save

    save = tmp_path / "mm.json"
    assert run([*TWO_PEOPLE, "--save", str(save)], ["OPKW"]).exit_code == 1
    assert load_save(str(save)).transcript is None
    document = json.loads(save.read_text())
    inner = load_inner(document["packed"])
    inner["transcript"] = "relative.jsonl"
    document["packed"] = pack(inner)
    save.write_text(json.dumps(document))
    refused = run(["--resume", str(save)], [])
    assert refused.exit_code == 2
    assert "corrupted save file: 'transcript' is missing or wrong" in refused.output


def load_inner(packed: str) -> dict[str, Any]:
    import base64
    import zlib

    inner: dict[str, Any] = json.loads(zlib.decompress(base64.b64decode(packed)))
    return inner


def test_the_terminal_asks_before_writing_over_another_match(tmp_path: Path) -> None:
    night = tmp_path / "night.jsonl"
    assert run([*TWO_PEOPLE, "--transcript", str(night)], ["OPKW", "RYGB", "OPKW"]).exit_code == 0
    kept = night.read_text()
    root = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "200", "PYTHONPATH": root}
    for answer, status in (("n", 2), ("y", 0)):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "turing", "mastermind", "play", *TWO_PEOPLE, "--transcript", str(night)],
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(50, 200),
            cwd=str(tmp_path),
        )
        child.expect("holds the transcript of another match. Overwrite it\\? \\[y/N\\] ")
        child.sendline(answer)
        if answer == "y":
            child.expect("Bob, your secret code \\(hidden")
            child.sendline("BRYG")
            child.expect("the same code again")
            child.sendline("BRYG")
            child.expect("Ann, your guess")
            child.sendline("BRYG")
        else:
            child.expect("the transcript of another match in .* is kept; give another name")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == status
        if answer == "n":
            assert night.read_text() == kept
    assert '"secret": "BRYG"' in night.read_text() and "OPKW" not in night.read_text()
