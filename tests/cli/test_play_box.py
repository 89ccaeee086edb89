"""`turing play --box`: a game beside the physical box, scripted through the real CLI."""

from __future__ import annotations

import base64
import json
import zlib
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
        (["--box", "--cards", "4,9,11"], "--cards: 3 verifiers are too few"),
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
    """The box's words disagree: everyone decides the round again, and what is told names
    nobody, so no seat learns who submitted a solution or a code the box called right."""
    transcript = tmp_path / "t.jsonl"
    result = run(
        [
            "play",
            "--box",
            "--cards",
            "3,7,10,14",
            "--players",
            "ann,bob,cy",
            "--transcript",
            str(transcript),
        ],
        "solve 435 yes\nsolve 435 no\nsolve 431 no\n"  # bob's slip: a dispute
        "solve 435 yes\nsolve 431 yes\npass\n"  # bob's second slip: another
        "solve 435 yes\nsolve 435 yes\npass\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    told = (
        "The box's words on round 1's solutions disagree, yet the box takes only one code: "
        "one word was typed wrong. Everyone decides round 1 again (its tests are over); if "
        "you submitted a solution, check the box's word on it first."
    )
    assert out.count(told) == 2
    for name in ("ann", "bob", "cy"):  # every seat decides again after each dispute
        assert out.count(f"— {name}'s turn, round 1 —") == 3
    after = out[out.index(told) :]
    assert "431" not in after[: after.index("— ann's turn")]
    assert "ann submitted 435 — right" in out
    assert "bob submitted 435 — right" in out
    events = [json.loads(x) for x in transcript.read_text().splitlines()]
    disputes = [e for e in events if e["event"] == "disputed"]
    assert [e["players"] for e in disputes] == [["ann", "bob", "cy"]] * 2


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


# Cards 4, 9, 11, 14 leave two readings, solutions 221 and 241; verifiers A and C answer
# 111 alike in both (✔), so a player who typed both wrong has answers that fit no reading
# with either one corrected alone.
SLIPS = "test 111 A- C-\npass\n"


@pytest.mark.parametrize(
    "line",
    [
        "correct 1 A yes C yes",
        "correct 1 A+ C+",
        "correct 1 A+C+",
        "correct 1 A yes; correct 1 C yes",
    ],
)
def test_two_slips_are_corrected_at_once(line: str) -> None:
    result = run(["play", "--box", "--cards", "4,9,11,14"], f"{SLIPS}{line}\nsolve 221 yes\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Round 1, 111 on A is now: ✔" in out
    assert "Round 1, 111 on C is now: ✔" in out
    assert "player submitted 221 — right" in out


def test_a_correction_that_fits_only_with_another_says_which() -> None:
    result = run(
        ["play", "--box", "--cards", "4,9,11,14"],
        f"{SLIPS}correct 1 A yes\ncorrect 1 C yes\ncorrect 1 A yes; correct 1 C no\n"
        "correct 0 A yes\ncorrect 1 A yes A no\nquit\n",
    )
    said = messages(result.output)
    assert (
        "error: with that answer no reading of the cards fits your answers; it would "
        "with verifier C's answer in round 1 changed too: check it against the box, and "
        "correct both at once"
    ) in said
    assert "it would with verifier A's answer in round 1 changed too" in result.output
    assert "error: verifier C rejected 111 in round 1 already (the line was not run)" in (said)
    assert "error: line 6: there is no round 0: rounds are counted from 1" in result.output
    assert "error: line 7: verifier A's answer in round 1 is corrected twice" in result.output
    assert "is now" not in result.output  # nothing refused changed anything


@pytest.mark.parametrize("line", ["correct 1 A+ C-", "correct 1 a+c+", "correct 1 A yes 1 C yes"])
def test_a_correction_of_several_answers_refused_says_the_line_was_not_run(line: str) -> None:
    result = run(
        ["play", "--box", "--cards", "4,9,11,14"],
        f"{SLIPS}correct 1 A+ C+\n{line}\ncorrect 1 A+\nquit\n",
    )
    assert "error: line 4: verifier A accepted 111 in round 1 already (the line was not run)" in (
        result.output
    ), result.output
    # one answer corrected alone is one thing asked for: refused without the suffix
    assert result.output.count("(the line was not run)") == 1, result.output
    assert "error: line 5: verifier A accepted 111 in round 1 already\n" in result.output
    assert result.output.count("is now") == 2  # the first correction alone


def test_corrections_across_rounds_are_saved_and_resumed(tmp_path: Path) -> None:
    """Answers of two rounds corrected in one command: each is an amended event, and the
    game saved with them resumes with them."""
    save, transcript = tmp_path / "g.json", tmp_path / "t.jsonl"
    result = run(
        [
            "play",
            "--box",
            "--cards",
            "4,9,11,14",
            "--save",
            str(save),
            "--transcript",
            str(transcript),
        ],
        "test 111 A-\npass\ntest 111 C-\npass\ncorrect 1 A yes 2 C yes\nsave\nquit\ny\n",
    )
    assert "Round 1, 111 on A is now: ✔" in result.output
    assert "Round 2, 111 on C is now: ✔" in result.output
    events = [json.loads(x) for x in transcript.read_text().splitlines()]
    amended = [(e["test_round"], e["verifier"]) for e in events if e["event"] == "amended"]
    assert amended == [(1, "A"), (2, "C")]
    resumed = run(["play", "--resume", str(save)], "solve 221 yes\n")
    assert resumed.exit_code == 0, resumed.output
    assert "player submitted 221 — right" in resumed.output


def test_the_last_seat_to_decide_is_told_as_the_others_were() -> None:
    """Whatever the round turns out to be, a seat's decision is not shown while others
    were still in the game when it was made (here ann and bob turn out wrong)."""
    result = run(
        ["play", "--box", "--cards", "3,7,10,14", "--players", "ann,bob,cy"],
        "solve 431 no\nsolve 432 no\npass\n",
    )
    for name in ("ann", "bob", "cy"):
        assert f"{name} has decided (revealed when everyone has decided)." in result.output
    assert "cy passes this round" not in result.output


def test_answers_written_together_are_read_apart() -> None:
    result = run(["play", "--box", "--cards", "4,9,11,14"], "test 111 A+B+\nquit\n")
    assert "111 on A: ✔" in result.output and "111 on B: ✔" in result.output
    assert "not a verifier letter" not in result.output


def test_the_opening_says_how_to_give_the_box_s_answers() -> None:
    result = run(["play", "--box", "--cards", "4,9,11,14"], "quit\n")
    assert (
        "Played beside the box: give each test the answer its verifier shows (test A yes B no, "
        "or test A+ B-), and each solution whether the box takes it (solve 352 yes)"
    ) in " ".join(result.output.split())


def test_a_shipped_puzzle_on_the_box_keeps_only_its_cards(tmp_path: Path) -> None:
    """Beside the box the box decides: a shipped puzzle laid out by its cards is saved
    without its hidden criteria and solution, and resumes so."""
    save = tmp_path / "g.json"
    run(["play", "--box", "--id", "01", "--save", str(save)], "test 111 A+\nsave\nquit\ny\n")
    outer = json.loads(save.read_text())
    inner = json.loads(zlib.decompress(base64.b64decode(outer["packed"])))
    puzzle = inner["game"]["puzzle"]
    assert puzzle["cards"] == [4, 9, 11, 14]
    assert "criteria" not in puzzle and "solution" not in puzzle
    resumed = run(["play", "--resume", str(save)], "solve 221 yes\n")
    assert "player submitted 221 — right" in resumed.output


DISPUTE = "solve 241 yes\nsolve 221 yes\npass\n"  # ann and bob call two codes right
BOX_SEATS = ["play", "--box", "--cards", "4,9,11,14", "--players", "ann,bob,cy"]


def written(path: Path) -> list[dict[str, object]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(("ending", "reason"), [("", "end of input"), ("quit\n", "quit")])
def test_a_game_left_after_a_dispute_writes_its_transcript_whole(
    tmp_path: Path, ending: str, reason: str
) -> None:
    """Left with no save after the round was decided again, the game is over for good:
    its transcript holds every event, the words in conflict, and one ``abandoned`` event
    with what was decided in the round left."""
    transcript = tmp_path / "bx7.t"
    result = run(
        [*BOX_SEATS, "--transcript", str(transcript)], f"{DISPUTE}pass\nsolve 221 no\n{ending}"
    )
    assert result.exit_code == 1, result.output
    assert f"{reason}: game abandoned" in result.output
    assert written(transcript) == [
        written(transcript)[0],
        {
            "event": "disputed",
            "round": 1,
            "players": ["ann", "bob", "cy"],
            "words": [
                {"player": "ann", "code": "241", "right": True},
                {"player": "bob", "code": "221", "right": True},
            ],
        },
        {
            "event": "abandoned",
            "round": 1,
            "saved": False,
            "decisions": [
                {"player": "ann", "decision": "pass"},
                {"player": "bob", "decision": "solve", "code": "221"},
            ],
        },
    ]
    # what reads a file back takes it for the transcript it is
    for command in (["solve"], ["check"]):
        said = run([*command, str(transcript)], "")
        assert said.exit_code == 2
        assert f"{transcript}: this is the transcript of a game, not a puzzle" in said.output
        assert "Traceback" not in said.output
    resumed = run(["play", "--resume", str(transcript)], "")
    assert resumed.exit_code == 2
    assert "not a turing save file: it is the transcript of a game" in resumed.output


def test_a_saved_game_left_after_a_dispute_keeps_the_round_private(tmp_path: Path) -> None:
    """Saved, the game can be resumed: the words in conflict and the decisions of the round
    left stay private, and the resumed game writes them in their place."""
    transcript, save = tmp_path / "t.jsonl", tmp_path / "g.json"
    args = [*BOX_SEATS, "--transcript", str(transcript), "--save", str(save)]
    left = run(args, f"{DISPUTE}pass\n")
    assert left.exit_code == 1, left.output
    assert "game abandoned; saved to" in left.output
    assert written(transcript)[1:] == [
        {"event": "disputed", "round": 1, "players": ["ann", "bob", "cy"]},
        {"event": "abandoned", "round": 1, "saved": True},
    ]
    again = run(["play", "--resume", str(save)], "pass\npass\nsolve 241 yes\n")
    assert again.exit_code == 1, again.output
    assert [e["event"] for e in written(transcript)] == [
        "start",
        "disputed",
        "pass",
        "pass",
        "pass",
        "abandoned",
    ]
    assert written(transcript)[-1] == {"event": "abandoned", "round": 2, "saved": True}
    ended = run(["play", "--resume", str(save)], "pass\npass\n")
    assert ended.exit_code == 0, ended.output
    events = written(transcript)
    assert [e["event"] for e in events] == [
        "start",
        "disputed",
        "pass",
        "pass",
        "pass",
        "solve",
        "pass",
        "pass",
        "end",
    ]
    assert len(events[1]["words"]) == 2  # type: ignore[arg-type]
