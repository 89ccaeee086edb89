"""Bots play many seeded games in every mode; an independent checker reads each transcript.

The checker knows only the rules (docs/rules.md), the hidden puzzle and the card masks. It
replays the JSON Lines events and fails on anything the rules forbid: a 4th test in a
round, a verifier tested twice in a round, a test after the decisions, a wrong answer, an
eliminated player acting, a decision missing, a wrong winner, a hidden field in the start
event. Mutated transcripts show the checker can fail.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.transcripts import RuleBroken, check_transcript, sampled_puzzle
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle
from turing.play.bots import make_bot, run_game
from turing.play.game import Game

CLASSIC = load_cardset("classic")


MIXES = [
    ["bot:greedy", "bot:random"],
    ["bot:random", "bot:random", "bot:random"],
    ["bot:greedy", "bot:greedy"],
    ["bot:random"],
    ["bot:greedy", "bot:random", "bot:random", "bot:greedy", "bot:random", "bot:random"],
]


def play_seeded(seed: int, mode: str, verifiers: int, mix: list[str]) -> tuple[Game, Puzzle]:
    rng = random.Random(f"transcripts:{seed}:{mode}:{verifiers}")
    puzzle = sampled_puzzle(rng, mode, verifiers, CLASSIC)
    names = [f"{kind}-{i}" for i, kind in enumerate(mix)]
    game = Game(puzzle, names, CLASSIC)
    bots = {
        n: make_bot(kind, random.Random(f"{seed}:{n}")) for n, kind in zip(names, mix, strict=True)
    }
    run_game(game, bots)
    return game, puzzle


@pytest.mark.parametrize("mode", ["classic", "extreme", "nightmare"])
@pytest.mark.parametrize("verifiers", [4, 5, 6])
def test_bot_games_obey_every_rule(mode: str, verifiers: int) -> None:
    outcomes = set()
    count = 12 if mode == "nightmare" and verifiers == 6 else 30
    for seed in range(count):
        mix = MIXES[seed % len(MIXES)]
        game, puzzle = play_seeded(seed, mode, verifiers, mix)
        check_transcript(game.events, puzzle, CLASSIC)
        kinds = {e["event"] for e in game.events}
        outcomes.add(("eliminated" in kinds, len(game.result().winners)))
    # the sample reaches games with and without eliminations
    assert {flag for flag, _ in outcomes} == {True, False}


def test_rule_outcomes_all_occur() -> None:
    """Across seeds: shared wins, wins by elimination of the rest, and nobody winning."""
    seen: set[str] = set()
    for seed in range(300):
        mix = MIXES[seed % len(MIXES)]
        game, puzzle = play_seeded(seed, "classic", 4, mix)
        check_transcript(game.events, puzzle, CLASSIC)
        result = game.result()
        if len(result.winners) > 1:
            seen.add("shared")
        if result.winners and not result.solved:
            seen.add("last left")
        if len(result.solved) > len(result.winners):
            seen.add("tiebreak")
        if not result.winners:
            seen.add("nobody")
        if seen == {"shared", "last left", "tiebreak", "nobody"}:
            break
    assert seen == {"shared", "last left", "tiebreak", "nobody"}


def _mutations(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    out = []
    tests = [i for i, e in enumerate(events) if e["event"] == "test"]
    first = tests[0]
    flipped = copy.deepcopy(events)
    flipped[first]["result"] = not flipped[first]["result"]
    out.append(flipped)
    twice = copy.deepcopy(events)
    twice.insert(first + 1, copy.deepcopy(events[first]))
    out.append(twice)
    fourth = copy.deepcopy(events)
    extra = [dict(events[first], verifier=v) for v in "ABCD"]
    fourth[first : first + 1] = extra
    out.append(fourth)
    decisions = [i for i, e in enumerate(events) if e["event"] in ("solve", "pass")]
    late = copy.deepcopy(events)
    late.insert(decisions[0] + 1, dict(events[first], verifier="D"))
    out.append(late)
    end = copy.deepcopy(events)
    end[-1]["winners"] = ["nobody"]
    out.append(end)
    leak = copy.deepcopy(events)
    leak[0]["puzzle"]["solution"] = events[-1]["solution"]
    out.append(leak)
    missing = copy.deepcopy(events)
    del missing[decisions[0]]
    out.append(missing)
    return out


def test_the_checker_catches_broken_transcripts() -> None:
    game, puzzle = play_seeded(7, "classic", 4, ["bot:random", "bot:random"])
    check_transcript(game.events, puzzle, CLASSIC)
    for broken in _mutations(game.events):
        with pytest.raises(RuleBroken):
            check_transcript(broken, puzzle, CLASSIC)


def test_transcript_through_the_cli_obeys_the_rules(tmp_path: Path) -> None:
    for i, (mode, verifiers) in enumerate([("classic", 4), ("extreme", 5), ("nightmare", 4)]):
        puzzle = sampled_puzzle(random.Random(i), mode, verifiers, CLASSIC)
        path = tmp_path / f"p{i}.json"
        path.write_text(json.dumps(puzzle.to_dict()))
        out = tmp_path / f"t{i}.jsonl"
        result = CliRunner().invoke(
            main,
            [
                "play",
                str(path),
                "--players",
                "bot:greedy,bot:random,bot:random",
                "--seed",
                str(i),
                "--transcript",
                str(out),
            ],
        )
        assert result.exit_code == 0, result.output
        lines = out.read_text().splitlines()
        events = [json.loads(line) for line in lines]
        check_transcript(events, puzzle, CLASSIC)


def test_a_transcript_whose_end_lacks_the_criteria_is_still_this_games(tmp_path: Path) -> None:
    """An end event written before it named the verifiers' criteria: the same game's end,
    not another game's transcript to be refused or asked about."""
    from turing.core.puzzle import load_puzzle
    from turing.play.game import Solve, sample_puzzle_path
    from turing.play.session import other_transcript_in

    game = Game(load_puzzle(sample_puzzle_path()), ["ann"], CLASSIC)
    game.apply("ann", Solve("241"))
    older = [{k: v for k, v in e.items() if k != "criteria"} for e in game.events]
    assert older[-1] != game.events[-1]
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in older))
    assert other_transcript_in(path, game.events) is None
    older[-1]["solution"] = "111"  # another game's end all the same
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in older))
    assert other_transcript_in(path, game.events) == path
