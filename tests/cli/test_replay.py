"""`turing replay FILE`: a game looked back on from the transcript `turing play --transcript`
wrote — each test with the codes its player could still hold possible, the decisions (a
solve with more than one code possible marked a guess), the end; an unfinished game only
as far as it goes, nothing hidden worked out; every file that is no transcript refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from testsupport.cli import PUZZLES, ROOT, run

SAMPLE = str(PUZZLES / "sample.yaml")


def _played(tmp_path: Path, lines: str, *args: str, name: str = "game.jsonl") -> Path:
    """A game played through `turing play --transcript`, its transcript's path."""
    transcript = tmp_path / name
    result = run(["play", *args, "--transcript", str(transcript)], input=lines)
    assert transcript.is_file(), result.output
    return transcript


def _replay(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from turing.cli.main import main

    result = CliRunner(env=env).invoke(main, ["replay", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_solo_game_round_by_round(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "test 352 A\ntest B\npass\ntest 241 C\nsolve 241\n", SAMPLE)
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"The game of {transcript}"
    assert lines[1] == "classic · cards 4, 9, 11, 14"
    assert "Before any test the cards leave 2 codes possible." in lines
    round_1 = lines.index("Round 1")
    assert lines[round_1 + 1 : round_1 + 4] == [
        "  player: 352 on A ✘ → 2 codes possible",
        "  player: 352 on B ✘ → 2 codes possible",
        "  player passed (2 codes possible)",
    ]
    round_2 = lines.index("Round 2")
    assert lines[round_2 + 1 : round_2 + 3] == [
        "  player: 241 on C ✔ → 1 code possible",
        "  player submitted 241 — right",
    ]
    assert "The game is over after 2 rounds." in lines
    assert "  player  3 tests, 0 hints" in lines
    assert "Solution: 241" in lines
    assert "  A   4.2 ■ = 4" in lines
    assert lines[-1] == "No guesses: every solve was made with one code left."


def test_a_hot_seat_game_with_a_wrong_solve_and_an_elimination(tmp_path: Path) -> None:
    script = "c 241; test A\npass\nsolve 111\nsolve 221\n"
    transcript = _played(tmp_path, script, SAMPLE, "--players", "ann,bob,cy")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, ""), err
    assert "  ann: 241 on A ✔ → 1 code possible" in out
    assert "  ann passed (1 code possible)" in out
    # bob's code was ruled out by the cards alone; cy's was one of two: a guess
    assert "  bob submitted 111 — wrong (a code already ruled out: 2 codes possible)" in out
    assert "  cy submitted 221 — wrong (a guess: 2 codes were possible)" in out
    assert "  bob is out\n  cy is out\n" in out
    assert "Winner: ann" in out  # the last one in the game
    assert out.rstrip().endswith(
        "Guessed (solved with more than one code possible): bob in round 1, cy in round 1"
    )
    data = json.loads(_replay(str(transcript), "--json")[1])
    assert data["over"] is True
    assert data["guesses"] == [{"round": 1, "player": "bob"}, {"round": 1, "player": "cy"}]
    first = data["rounds"][0]["events"]
    assert first[0] == {
        "event": "test",
        "player": "ann",
        "code": "241",
        "verifier": "A",
        "result": True,
        "remaining": 1,
    }
    assert first[2]["guess"] is True and first[2]["possible"] is False
    assert data["end"]["solution"] == "241"


def test_a_game_beside_the_box_with_an_answer_corrected(tmp_path: Path) -> None:
    script = "test 352 A no C yes\ncorrect 1 C no\nsolve 221 yes\n"
    transcript = _played(tmp_path, script, "--box", "--cards", "4,9,11,14")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert out.splitlines()[1].endswith("· beside the box")
    assert "  player: 352 on C ✔ → 1 code possible" in out
    assert "  player corrects round 1: 352 on C is now ✘ → 1 code possible" in out
    assert "Solution: 221" in out
    assert "The verifiers held" not in out  # the box held them


def test_an_unfinished_game_shows_nothing_hidden(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    script = f"c 241; test A\npass\npass\nsave {save}\n"
    transcript = _played(tmp_path, script, SAMPLE, "--players", "ann,bob")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert "The game is not over: the transcript ends in round 2." in out
    assert "It was left with a save to resume it from." in out
    assert "stay private until the game is over" in out
    assert "  ann passed\n  bob passed\n" in out  # no count: ann's test is not in the file
    for hidden in ("241", "Solution", "verifiers held", "4.2", "Winner"):
        assert hidden not in out
    data = json.loads(_replay(str(transcript), "--json")[1])
    assert data["over"] is False and data["end"] is None
    assert data["rounds"][0]["events"][0] == {"event": "pass", "player": "ann", "remaining": None}
    assert "241" not in json.dumps(data)


def test_the_replay_in_german(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "c 111; test B\nsolve 241\n", SAMPLE)
    code, out, err = _replay(str(transcript), "--lang", "de")
    assert (code, err) == (0, "")
    assert "Runde 1" in out
    assert "  player: 111 auf B ✔ → 2 Codes möglich" in out
    assert "player hat 241 abgegeben — richtig (geraten: 2 Codes waren möglich)" in out
    assert "Spieler: player" in out
    assert "Lösung: 241" in out


def test_ascii_marks(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "c 111; test B\nsolve 241\n", SAMPLE)
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "TURING_LANG": "en", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "turing", "replay", str(transcript)],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0
    out = done.stdout.decode("ascii")
    assert "  player: 111 on B + > 2 codes possible" in out
    assert "  player submitted 241 - right (a guess: 2 codes were possible)" in out


def test_every_kind_of_bad_file_is_one_line(tmp_path: Path) -> None:
    good = _played(tmp_path, "c 241; test A\nsolve 241\nsolve 111\n", SAMPLE, "--players", "a,b")
    events = good.read_text().splitlines()
    files = {
        "notes.txt": "my notes\n",
        "empty.jsonl": "",
        "mm.jsonl": '{"secret": "1234", "guesses": ["1122"]}\n',
        "broken.jsonl": events[0] + "\n" + events[1][:-5] + "\n",
        "order.jsonl": "\n".join([events[0], events[4], events[2]]) + "\n",
        "after.jsonl": "\n".join([*events, events[1]]) + "\n",
        "back.jsonl": "\n".join([events[0], events[1].replace('"round": 1', '"round": 3')]),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    expected = {
        "notes.txt": "notes.txt: not the transcript of a game: its first line is not the start "
        "of a game",
        "empty.jsonl": "empty.jsonl: not the transcript of a game: the file is empty",
        "mm.jsonl": "mm.jsonl: not the transcript of a game: it is the transcript of "
        "Mastermind games",
        "broken.jsonl": "broken.jsonl:2: broken JSON",
        "order.jsonl": "order.jsonl:2: b is eliminated without a solve: the events are out "
        "of order",
        "after.jsonl": "after.jsonl:7: an event after the end of the game: the events are "
        "out of order",
        "back.jsonl": "back.jsonl:2: round 3 after round 1: the events are out of order",
    }
    for name, said in expected.items():
        code, out, err = _replay(str(tmp_path / name))
        assert (code, out) == (2, ""), name
        assert err.startswith("error: " + str(tmp_path / name).replace(name, "")), err
        assert said in err and err.count("\n") == 1, err
    for path, said in (
        (SAMPLE, "not the transcript of a game: it is a puzzle file"),
        (str(tmp_path), "not the transcript of a game: it is a folder"),
    ):
        code, out, err = _replay(path)
        assert (code, out) == (2, "") and said in err and err.count("\n") == 1, err
    save = tmp_path / "s.json"
    run(["play", SAMPLE, "--players", "a,b"], input=f"save {save}\n")
    code, _out, err = _replay(str(save))
    assert code == 2 and "not the transcript of a game: it is a saved game" in err


def test_a_custom_card_set_named_by_the_game_or_given(tmp_path: Path) -> None:
    """The start event names the card set so that it is found from the transcript's folder
    too (a shipped name, or an absolute path), where the puzzle named it by a path relative
    to its own file; ``--cardset`` reads a transcript whose set has moved."""
    primes = str(PUZZLES / "examples" / "primes-2.yaml")
    transcript = _played(tmp_path, "giveup\n", primes)
    start = json.loads(transcript.read_text().splitlines()[0])
    assert start["puzzle"]["cardset"] == "examples/primes"
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert "  A  1.1 ▲ is prime (2, 3, 5)" in out
    own = tmp_path / "sets" / "mine.yaml"
    own.parent.mkdir()
    own.write_text((ROOT / "cards" / "examples" / "primes.yaml").read_text())
    puzzle = tmp_path / "puzzles" / "p.yaml"
    puzzle.parent.mkdir()
    puzzle.write_text(
        (PUZZLES / "examples" / "primes-2.yaml")
        .read_text()
        .replace("../../cards/examples/primes.yaml", "../sets/mine.yaml")
    )
    transcript = _played(tmp_path, "giveup\n", str(puzzle), name="own.jsonl")
    start = json.loads(transcript.read_text().splitlines()[0])
    assert start["puzzle"]["cardset"] == str(own.resolve())
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, ""), err
    own.unlink()
    code, out, err = _replay(str(transcript))
    assert (code, out) == (2, "")
    assert "cannot be read" in err and "give --cardset FILE" in err
    code, out, err = _replay(str(transcript), "--cardset", "examples/primes")
    assert (code, err) == (0, "")
    assert "player gave up (1 code possible)" in out
    assert "  A  1.1 ▲ is prime (2, 3, 5)" in out
