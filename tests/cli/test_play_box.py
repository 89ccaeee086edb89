"""`turing play --box`: a game beside the physical box, scripted through the real CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from testsupport.cli import messages, run
from testsupport.puzzles import box_answer
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # rule-book problem 01, cards 4 9 11 14


def sign(code: str, letter: str) -> str:
    """What the box of the sample puzzle shows for ``code`` on ``letter``, as typed: A+ or A-."""
    return letter + ("+" if box_answer(SAMPLE, code, letter) else "-")


def test_a_game_laid_out_by_its_cards_is_won(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    line = " ".join(sign("241", v) for v in "ABC")
    result = run(
        ["play", "--box", "--cards", "4,9,11,14", "--transcript", str(transcript)],
        f"test 241 {line}\nsolve 241 yes\n",
    )
    assert result.exit_code == 0, result.output
    assert "Played beside the box" in result.output
    assert "player submitted 241 — right" in result.output
    assert "Result · solution 241 · 1 round" in result.output
    events = [json.loads(x) for x in transcript.read_text().splitlines()]
    assert events[0]["box"] is True and "criteria" not in events[0]["puzzle"]
    assert [e["result"] for e in events if e["event"] == "test"] == [
        s.endswith("+") for s in line.split()
    ]


def test_a_missing_answer_refuses_the_line_whole(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = run(
        ["play", "--box", "--id", "01", "--save", str(save)],
        "compose 111; test A\nsolve 241\nquit\n",
    )
    assert result.exit_code == 1
    said = messages(result.output)
    assert (
        "error: verifier A's answer to 111 is missing: give it after the letter, test A yes or "
        "test A no (short: A+ or A-) (the line was not run)"
    ) in said
    assert (
        "error: the box's word on 241 is missing: solve 241 yes if it is right, solve 241 no if not"
    ) in said
    resumed = run(["play", "--resume", str(save)], "show\nquit\n")
    assert "tests 0" in resumed.output


def test_an_answer_no_reading_allows_is_refused() -> None:
    wrong = sign("111", "B").replace("+", "-") if sign("111", "B").endswith("+") else "B+"
    result = run(["play", "--box", "--id", "01"], f"test 111 A+ {wrong}\nshow\n")
    said = messages(result.output)
    assert any("verifier B cannot" in m and "(the line was not run)" in m for m in said), said
    assert "tests 0" in result.output.split("show")[-1]


def test_a_saved_game_beside_the_box_resumes_beside_it(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run(["play", "--box", "--cards", "4,9,11,14", "--save", str(save)], "test 111 A-\nquit\n")
    result = run(["play", "--resume", str(save)], f"test {sign('111', 'B')}\nsolve 241 yes\n")
    assert result.exit_code == 0, result.output
    assert "player submitted 241 — right" in result.output
    refused = run(["play", "--resume", str(save), "--box"], "")
    assert refused.exit_code == 2
    assert "--resume continues the saved game as it was; drop --box" in refused.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--cards", "4,9,11,14"], "play it beside the physical game with --box"),
        (["--box", "--random"], "--box plays a puzzle laid out on the physical game"),
        (["--box", "--mode", "extreme"], "--box plays a puzzle laid out on the physical game"),
        (["--box", "--cards", "4,9,x,14"], "--cards: cannot read 'x'"),
        (["--box", "--cards", "4,9,,14"], "--cards: an empty place"),
        (["--box", "--cards", "4/25,9,13/44,17/36"], "a pair of cards (extreme) or none"),
        (["--box", "--cards", "4/25,9/33,13/44,17/36", "--mode", "nightmare"], "not nightmare"),
        (["--box", "--cards", "4,9,11,14", "--mode", "extreme"], "two cards, as 4/25"),
        (["--box", "--cards", "4,9,11,14", "--id", "01"], "drop --id"),
        (["--box", "--cards", "4,9,11,14", "--difficulty", "hard"], "not --cards"),
        (["--box", "--cards", "4,9,11"], "it has 3 verifiers"),
        (["--box", "--cards", "4,9,11,99"], "99"),
        (["--box", "--id", "01", "--players", "ann,bot:greedy"], "a bot cannot read them"),
    ],
)
def test_what_box_options_refuse(args: list[str], words: str) -> None:
    result = run(["play", *args], "")
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output


def test_a_puzzle_of_cards_alone_names_the_box(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("cards: [4, 9, 11, 14]\n")
    result = run(["play", str(path)], "")
    assert result.exit_code == 2
    assert "does not give its hidden criteria" in result.output
    assert "beside the physical game, --box plays it with the box's answers" in result.output
    played = run(["play", str(path), "--box"], "test 241 A+\n")
    assert "241 on A: ✔" in played.output


def test_extreme_and_nightmare_laid_out_by_their_cards() -> None:
    extreme = run(["play", "--box", "--cards", "4/25,9/33,13/44,17/36"], "show\n")
    assert "extreme" in extreme.output.splitlines()[0]
    nightmare = run(["play", "--box", "--cards", "3,7,10,14", "--mode", "nightmare"], "show\n")
    assert "nightmare" in nightmare.output.splitlines()[0]


def test_help_shows_the_answers(tmp_path: Path) -> None:
    result = run(["play", "--box", "--id", "01"], "help test\nhelp\n")
    assert "test [CODE] V ANSWER [V ANSWER [V ANSWER]]" in result.output
    assert (
        "Beside the box: test A yes B no (or A+ B-); solve 352 yes; correct 2 A no."
        in result.output
    )
    plain = run(["play", "--id", "01"], "help\n")
    assert "Beside the box" not in plain.output


def test_box_words_that_disagree_are_told_and_decided_again(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    result = run(
        [
            "play",
            "--box",
            "--cards",
            "4,9,11,14",
            "--players",
            "ann,bob",
            "--transcript",
            str(transcript),
        ],
        "solve 241 yes\nsolve 221 yes\nsolve 241 yes\npass\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    told = (
        "The box's words on round 1's solutions disagree, and one box has one solution: ann "
        "and bob, check yours with the box and decide again (the rest of the round's "
        "decisions stand)."
    )
    assert told in out
    assert "221 right" not in out  # whose word is whose is not told
    # bob's turn ends with the dispute; ann decides again first
    assert out.index(told) < out.index("— ann's turn, round 1 —", out.index(told))
    assert "ann submitted 241 — right" in out
    events = [json.loads(x) for x in transcript.read_text().splitlines()]
    assert [e["event"] for e in events].count("disputed") == 1


def test_the_end_says_what_the_answers_leave_and_shares_no_code() -> None:
    result = run(["play", "--box", "--id", "01"], "giveup\n")
    assert "Result · solution not known · 1 round" in result.output
    assert "The cards and your answers leave 2 codes: 221 241" in result.output
    assert "Puzzle code to share" not in result.output
    won = run(["play", "--box", "--id", "01"], "solve 241 yes\n")
    assert "Puzzle code to share" not in won.output
    assert "answers leave" not in won.output


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("4,49,11,14", "error: --cards: card 49 is not in card set 'classic' (cards 1–48)"),
        ("4,4,11,14", "error: --cards: card 4 appears twice"),
        ("4,9,,14", "error: --cards: an empty place between commas, or a comma at an end"),
        ("4,9,11,14,", "error: --cards: an empty place between commas, or a comma at an end"),
    ],
)
def test_cards_refused_at_the_option(cards: str, words: str) -> None:
    result = run(["play", "--box", "--cards", cards], "")
    assert result.exit_code == 2
    assert words in result.output
    assert ":1:1:" not in result.output


def test_a_corrected_answer_is_kept_private_and_saved(tmp_path: Path) -> None:
    """In a hot-seat game the correction, like the test, reaches the transcript only when
    it is public; it is saved and resumed with the game."""
    transcript, save = tmp_path / "t.jsonl", tmp_path / "g.json"
    slip = sign("111", "A").replace("+", "*").replace("-", "+").replace("*", "-")
    result = run(
        [
            "play",
            "--box",
            "--id",
            "01",
            "--players",
            "ann,bob",
            "--transcript",
            str(transcript),
            "--save",
            str(save),
        ],
        f"test 111 {slip}; pass\npass\ncorrect 1 A {'yes' if slip.endswith('-') else 'no'}\nquit\n",
    )
    assert result.exit_code == 1, result.output
    assert f"Round 1, 111 on A is now: {'✔' if slip.endswith('-') else '✘'}" in result.output
    written = [json.loads(x)["event"] for x in transcript.read_text().splitlines()]
    assert "amended" not in written and "test" not in written
    resumed = run(["play", "--resume", str(save)], "show\nquit\n")
    assert f"111   {'✔' if slip.endswith('-') else '✘'}" in resumed.output
