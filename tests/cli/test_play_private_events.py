"""`turing play --transcript` in a game of several seats: each seat's tests are private.

A player may follow the transcript file beside the game (``tail -f``); so while the game
goes on the file holds only what is public (the start, each round's revealed decisions),
and once the game is over every event, in the order it happened. A game left for good
(no save to resume it from) writes what it held back; a saved one writes it when the
resumed game ends.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from testsupport.transcripts import check_transcript
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # rule-book problem 01, solution 241


def play(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=script)


def events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def kinds(path: Path) -> list[str]:
    return [event["event"] for event in events(path)]


def test_hot_seat_tests_wait_for_the_end_and_a_resumed_game_writes_them_in_order(
    tmp_path: Path,
) -> None:
    save, transcript = tmp_path / "s.json", tmp_path / "t.jsonl"
    left = play(
        ["--players", "ann,bob", "--save", str(save), "--transcript", str(transcript)],
        "test 241 A B\nnote A my private note\npass\ntest 111 A\n",
    )
    assert left.exit_code == 1, left.output
    # ann's and bob's answers are their own, and so is ann's pass: the save holds them
    assert events(transcript) == [
        events(transcript)[0],
        {"event": "abandoned", "round": 1, "saved": True},
    ]

    # resumed: bob decides, round 1 is revealed; the tests are still private
    middle = play(["--resume", str(save)], "pass\n")
    assert middle.exit_code == 1, middle.output
    assert kinds(transcript) == ["start", "pass", "pass", "abandoned"]

    end = play(["--resume", str(save)], "solve 241\npass\n")
    assert end.exit_code == 0, end.output
    written = events(transcript)
    check_transcript(written, SAMPLE, CLASSIC)  # every event, in the order it happened
    assert [(e["event"], e.get("player"), e.get("verifier")) for e in written] == [
        ("start", None, None),
        ("test", "ann", "A"),
        ("test", "ann", "B"),
        ("test", "bob", "A"),
        ("pass", "ann", None),
        ("pass", "bob", None),
        ("solve", "ann", None),
        ("pass", "bob", None),
        ("end", None, None),
    ]


def test_a_bots_answers_are_not_written_before_the_person_after_it_plays(
    tmp_path: Path,
) -> None:
    save, transcript = tmp_path / "s.json", tmp_path / "t.jsonl"
    args = ["--players", "bot:greedy,ann", "--seed", "1", "--save", str(save)]
    left = play([*args, "--transcript", str(transcript)], "quit\n")
    assert left.exit_code == 1, left.output
    assert "bot:greedy has played its turn" in left.output
    assert "test" not in kinds(transcript)
    # the save holds them: the resumed game that ends writes them all
    end = play(["--resume", str(save)], "solve 241\n")
    assert end.exit_code == 0, end.output
    written = events(transcript)
    check_transcript(written, SAMPLE, CLASSIC)
    assert [e["player"] for e in written if e["event"] == "test"][:1] == ["bot:greedy"]


def hot_seat(tmp_path: Path, transcript: Path) -> pexpect.spawn:
    """A game of ann and bob at a terminal, stopped at bob's prompt after ann has tested
    241 on A and B, written a note and passed."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(
        {
            "TERM": "xterm",
            "NO_COLOR": "1",
            "PROMPT_TOOLKIT_NO_CPR": "1",
            "PYTHONPATH": str(ROOT),
            "TURING_LANG": "en",
        }
    )
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "play", "--players", "ann,bob", "--transcript", str(transcript)],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(40, 120),
        cwd=str(tmp_path),
    )
    child.expect_exact("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    child.expect_exact("ann>")
    child.sendline("test 241 A B")
    child.expect_exact("241 on B: ")
    child.expect_exact("ann>")
    child.sendline("note A my private note")
    child.expect_exact("ann>")
    child.sendline("pass")
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    child.expect_exact("bob>")
    return child


def test_the_next_seat_finds_no_answer_of_the_last_and_a_kill_loses_only_those(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    transcript = tmp_path / "t.jsonl"
    child = hot_seat(tmp_path, transcript)
    children.append(child)
    assert kinds(transcript) == ["start"]
    assert "241" not in transcript.read_text(encoding="utf-8")
    # killed now, the file loses what it held back and nothing else
    child.kill(signal.SIGKILL)
    child.expect(pexpect.EOF)
    assert kinds(transcript) == ["start"]


def test_a_game_left_with_no_save_writes_what_it_held_back(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    transcript = tmp_path / "t.jsonl"
    child = hot_seat(tmp_path, transcript)
    children.append(child)
    assert kinds(transcript) == ["start"]
    child.sendline("test 111 C")
    child.expect_exact("bob>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("")
    child.expect_exact("quit: game abandoned")
    child.expect(pexpect.EOF)
    # no save can resume it: the game is over for good, and nothing of it is private now
    assert [(e["event"], e.get("player"), e.get("verifier")) for e in events(transcript)] == [
        ("start", None, None),
        ("test", "ann", "A"),
        ("test", "ann", "B"),
        ("test", "bob", "C"),
        ("abandoned", None, None),
    ]


def test_a_hot_seat_game_left_for_good_keeps_the_decisions_of_its_last_round(
    tmp_path: Path,
) -> None:
    transcript = tmp_path / "t.jsonl"
    left = play(
        ["--players", "ann,bob,cy", "--transcript", str(transcript)],
        "test 241 A\npass\nsolve 111\ntest 111 B\n",
    )
    assert left.exit_code == 1, left.output
    assert "end of input: game abandoned" in left.output
    written = events(transcript)
    assert [(e["event"], e.get("player")) for e in written] == [
        ("start", None),
        ("test", "ann"),
        ("test", "cy"),
        ("abandoned", None),
    ]
    # over for good: what ann and bob decided is public, not whether bob's code was right
    assert written[-1] == {
        "event": "abandoned",
        "round": 1,
        "saved": False,
        "decisions": [
            {"player": "ann", "decision": "pass"},
            {"player": "bob", "decision": "solve", "code": "111"},
        ],
    }


def test_a_game_left_for_good_after_a_wrong_solve_keeps_its_abandoned_event(
    tmp_path: Path,
) -> None:
    """A wrong solve is written without its code while the others play on; the file
    written whole when the game is left for good has it in full, and the ``abandoned``
    event after it, once."""
    transcript = tmp_path / "t.jsonl"
    left = play(
        ["--players", "ann,bob,cy", "--transcript", str(transcript)],
        "solve 111\ntest 241 A\npass\npass\npass\n",
    )
    assert left.exit_code == 1, left.output
    assert [(e["event"], e.get("player"), e.get("code")) for e in events(transcript)] == [
        ("start", None, None),
        ("test", "bob", "241"),
        ("solve", "ann", "111"),
        ("pass", "bob", None),
        ("pass", "cy", None),
        ("eliminated", "ann", None),
        ("abandoned", None, None),
    ]
    assert events(transcript)[-1] == {
        "event": "abandoned",
        "round": 2,
        "saved": False,
        "decisions": [{"player": "bob", "decision": "pass"}],
    }
