"""`turing play`: the verifiers' criteria told once the game is over (however it ended,
and when a finished save is resumed), in the transcript's end and in `--json`; never in a
game abandoned, never beside the box (a hot-seat game at a terminal:
tests/ui/test_play_end_criteria_pty.py).
(Spoilers: the solutions of the shipped puzzles 01, 02-N and 03-X.)"""

from __future__ import annotations

import json
from pathlib import Path

from testsupport.cli import run
from testsupport.puzzles import box_answer
from testsupport.transcripts import check_transcript
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # 01: solution 241
HEADING = "The verifiers held:"
#: what each verifier of the sample puzzle held, as the block after the game says it
SAMPLE_HELD = [
    HEADING,
    "  A   4.2 ■ = 4",
    "  B   9.1 count of 3s = 0",
    "  C  11.1 ▲ < ■",
    "  D  14.3 ● strictly smallest",
]
SAMPLE_CRITERIA = [
    {"verifier": "A", "card": 4, "criterion": 2},
    {"verifier": "B", "card": 9, "criterion": 1},
    {"verifier": "C", "card": 11, "criterion": 1},
    {"verifier": "D", "card": 14, "criterion": 3},
]


def held_block(output: str) -> list[str]:
    """The block of the verifiers' criteria: its heading and the lines under it."""
    lines = output.splitlines()
    start = lines.index(HEADING)
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return lines[start:end]


def events_of(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_game_won_tells_each_criterion_and_its_transcript_holds_them_not_beside_the_box(
    tmp_path: Path,
) -> None:
    transcript = tmp_path / "t.jsonl"
    result = run(["play", "--id", "01", "--transcript", str(transcript)], "solve 241\n")
    assert result.exit_code == 0, result.output
    assert held_block(result.output) == SAMPLE_HELD
    # after the result, before the share code
    out = result.output
    assert out.index("Result · solution 241") < out.index(HEADING)
    assert out.index(HEADING) < out.index("Puzzle code to share:")
    events = events_of(transcript)
    check_transcript(events, SAMPLE, CLASSIC)
    assert events[-1]["criteria"] == SAMPLE_CRITERIA
    # beside the box the game never knew them: none told, none in the end event
    line = " ".join(f"{v}{'+' if box_answer(SAMPLE, '241', v) else '-'}" for v in "ABC")
    transcript.unlink()
    result = run(
        ["play", "--box", "--cards", "4,9,11,14", "--transcript", str(transcript)],
        f"test 241 {line}\nsolve 241 yes\n",
    )
    assert result.exit_code == 0, result.output
    assert "Result · solution 241" in result.output
    assert HEADING not in result.output
    assert "criteria" not in events_of(transcript)[-1]


def test_nightmare_tells_the_card_each_letter_held() -> None:
    result = run(["play", "--id", "02-N"], "solve 432\n")
    assert result.exit_code == 0, result.output
    assert held_block(result.output) == [
        HEADING,
        "  A  card 7  ·  7.1 ● even",
        "  B  card 10 · 10.2 count of 4s = 1",
        "  C  card 3  ·  3.2 ■ = 3",
        "  D  card 14 · 14.3 ● strictly smallest",
    ]


def test_extreme_tells_which_of_the_two_cards_counted_when_given_up() -> None:
    result = run(["play", "--id", "03-X"], "giveup\ny\n")
    assert result.exit_code == 0, result.output
    assert "player gives up." in result.output
    assert held_block(result.output) == [
        HEADING,
        "  A  card 4, not 25  ·  4.1 ■ < 4",
        "  B  card 33, not 9  · 33.3 ● even",
        "  C  card 44, not 13 · 44.3 ■ > ▲",
        "  D  card 36, not 17 · 36.2 ▲+■+● is a multiple of 4",
    ]


def test_everyone_out_and_a_finished_save_resumed_tell_them_too(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = run(
        ["play", "--id", "01", "--players", "ann,bob", "--save", str(save)],
        "solve 111\ny\n\nsolve 112\ny\n",
    )
    assert result.exit_code == 0, result.output
    assert held_block(result.output) == SAMPLE_HELD
    resumed = run(["play", "--resume", str(save)])
    assert resumed.exit_code == 0, resumed.output
    assert "this game is over" in resumed.output
    assert held_block(resumed.output) == SAMPLE_HELD


def test_in_german_the_block_speaks_german() -> None:
    said = run(["--lang", "de", "play", "--id", "03-X"], "giveup\nj\n")
    assert said.exit_code == 0, said.output
    assert "Die Kriterien der Prüfer:" in said.output
    assert "  A  Karte 4, nicht 25  ·  4.1 ■ < 4" in said.output


def test_json_gives_the_criteria() -> None:
    result = run(["play", "--players", "bot:greedy,bot:random", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["criteria"] == SAMPLE_CRITERIA


def test_a_game_abandoned_tells_nothing_until_it_is_resumed_to_its_end(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    transcript = tmp_path / "t.jsonl"
    args = ["play", "--id", "01", "--save", str(save), "--transcript", str(transcript)]
    for script in ("pass\n", "pass\nquit\n"):  # the end of the input, then quit
        result = run(args, script)
        assert result.exit_code == 1, result.output
        assert "game abandoned" in result.output
        assert HEADING not in result.output
        assert all("criteria" not in e for e in events_of(transcript))
        save.unlink()
        transcript.unlink()
    left = run(args, "pass\n")
    assert HEADING not in left.output
    resumed = run(["play", "--resume", str(save)], "solve 241\n")
    assert resumed.exit_code == 0, resumed.output
    assert held_block(resumed.output) == SAMPLE_HELD
    assert events_of(transcript)[-1]["criteria"] == SAMPLE_CRITERIA
