"""`turing play --box` at a real (pseudo-)terminal: the box's answers a line leaves out are
asked, one at a time, before the line runs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest

from testsupport.cli import leave_unsaved, play_terminal, spawn_turing
from testsupport.puzzles import box_answer
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # rule-book problem 01, solution 241


def box(code: str, letter: str) -> bool:
    """What the sample puzzle's box shows for ``code`` on ``letter``."""
    return box_answer(SAMPLE, code, letter)


def mark(answer: bool) -> str:
    return "✔" if answer else "✘"


def test_the_answers_left_out_are_asked(tmp_path: Path) -> None:
    child = play_terminal(tmp_path, "--box", "--cards", "4,9,11,14", "--save", "g.json")
    child.expect_exact("Played beside the box")
    child.expect_exact("player>")
    child.sendline("test 111 A B")
    child.expect_exact("What does verifier A answer to 111? [y/n]")
    child.sendline("maybe")
    child.expect_exact("Please type y (yes) or n (no).")
    child.expect_exact("What does verifier A answer to 111? [y/n]")
    child.sendline("y" if box("111", "A") else "n")
    child.expect_exact("What does verifier B answer to 111? [y/n]")
    child.sendline("+" if box("111", "B") else "-")
    child.expect_exact(f"111 on A: {mark(box('111', 'A'))}")
    child.expect_exact(f"111 on B: {mark(box('111', 'B'))}")
    child.expect_exact("player>")
    child.sendline("test C")
    child.expect_exact("What does verifier C answer to 111? [y/n]")
    child.sendline("")  # left blank: nothing is done
    child.expect_exact("Nothing done.")
    child.expect_exact("player>")
    child.sendline("solve 241")
    child.expect_exact("Does the box take 241 as its solution? [y/n]")
    child.sendline("y")
    child.expect_exact("player submitted 241 — right")
    child.expect_exact("Result · solution 241 · 1 round")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_an_answer_no_reading_allows_is_refused_after_it_is_asked(tmp_path: Path) -> None:
    child = play_terminal(tmp_path, "--box", "--id", "01")
    child.expect_exact("player>")
    child.sendline("test 111 A")
    child.expect_exact("What does verifier A answer to 111? [y/n]")
    child.sendline("y" if box("111", "A") else "n")
    child.expect_exact("player>")
    child.sendline("test B")
    child.expect_exact("What does verifier B answer to 111? [y/n]")
    child.sendline("n" if box("111", "B") else "y")  # not what the box shows
    child.expect_exact("error: verifier B cannot")
    child.expect_exact("check the box")
    child.expect_exact("player>")
    child.sendline("show")
    child.expect_exact("tests 1 ·")
    leave_unsaved(child)
    assert child.exitstatus == 1


def test_each_answer_is_checked_as_it_is_given(tmp_path: Path) -> None:
    """An answer no reading allows refuses the line at once, before the next is asked."""
    child = play_terminal(tmp_path, "--box", "--id", "01")
    child.expect_exact("player>")
    child.sendline("test 111 B A")
    child.expect_exact("What does verifier B answer to 111? [y/n]")
    child.sendline("n")  # no reading of cards 4 9 11 14 rejects 111 on B
    child.expect_exact("error: verifier B cannot reject 111")
    index = child.expect_exact(["player>", "What does verifier A answer"])
    assert index == 0, "the next answer was asked after a refused one"
    leave_unsaved(child)


@pytest.mark.parametrize(
    ("language", "prompt", "word", "heading", "box_line"),
    [
        ("en", "player>", "help", "Commands:", "Beside the box:"),
        ("de", "Spieler>", "hilfe", "Befehle:", "Am echten Spiel:"),
    ],
)
def test_the_box_games_help_fits_80_by_24(
    children: list[Any], language: str, prompt: str, word: str, heading: str, box_line: str
) -> None:
    """At 80 × 24, the box game's help list, its line on the box's answers last, fits the
    screen with the prompt below it, in each language: no line wraps, the heading stays."""
    env = {"TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = spawn_turing(
        "--lang", language, "play", "--box", "--cards", "3,7,10,14", env=env, size=(24, 80)
    )
    children.append(child)
    child.expect_exact(prompt)
    child.sendline(word)
    child.expect_exact(heading)
    child.expect_exact(prompt)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", heading + child.before).replace("\r", "")
    lines = shown.split("\n")[:-1]  # the prompt's own line comes after them
    assert all(len(line) < 80 for line in lines), max(lines, key=len)
    assert len(lines) + 1 <= 24, len(lines)
    assert lines[-1].strip().startswith(box_line), lines[-1]  # the last line, unbroken


def test_a_game_left_at_a_terminal_after_a_dispute_writes_its_transcript_whole(
    tmp_path: Path, children: list[Any]
) -> None:
    """Two codes called right: the round is decided again; left there with no save, the
    transcript has every event, the decisions of the round left, and one ``abandoned``."""
    child = play_terminal(
        tmp_path, "--box", "--cards", "4,9,11,14", "--players", "ann,bob", "--transcript", "t"
    )
    children.append(child)
    for name, line in (("ann", "solve 241 yes"), ("bob", "solve 221 yes"), ("ann", "pass")):
        child.expect_exact(f"Pass the keyboard to {name} and press Enter.")
        child.sendline("")
        child.expect_exact(f"{name}>")
        child.sendline(line)
    child.expect_exact("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    leave_unsaved(child, "bob>")
    assert child.exitstatus == 1
    assert "quit: game abandoned" in str(child.before)
    events = [json.loads(x) for x in (tmp_path / "t").read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "disputed", "abandoned"]
    assert len(events[1]["words"]) == 2
    assert events[2] == {
        "event": "abandoned",
        "round": 1,
        "saved": False,
        "decisions": [{"player": "ann", "decision": "pass"}],
    }
