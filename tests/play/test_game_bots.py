"""Bots: the registry, legal and sure play, and the arrays agreeing with the solver."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turing.analysis.greedy import candidate_codes, plan_tests, remaining
from turing.core.cards import load_cardset
from turing.core.codes import CODE_TEXT
from turing.core.knowledge import PlayerView
from turing.core.puzzle import load_puzzles
from turing.play.bots import (
    BOTS,
    BotError,
    GreedyBot,
    RandomBot,
    make_bot,
    play_turn,
    run_game,
)
from turing.play.game import Game, puzzles_dir

CLASSIC = load_cardset("classic")
SHIPPED = [p for path in sorted(Path(puzzles_dir()).glob("*.yaml")) for p in load_puzzles(path)]


def test_registry_and_names() -> None:
    assert {"random", "greedy"} <= set(BOTS)
    rng = random.Random(1)
    assert isinstance(make_bot("bot:greedy", rng), GreedyBot)
    assert isinstance(make_bot("BOT:Random", rng), RandomBot)
    assert isinstance(make_bot("greedy", rng), GreedyBot)
    with pytest.raises(BotError, match="bot:greedy"):
        make_bot("bot:genius", rng)


def test_the_registry_takes_new_strategies() -> None:
    class FirstCandidate:
        """Tests the smallest candidate code on verifiers in turn; submits when sure."""

        name = "bot:first"

        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

        def compose(self, view: PlayerView) -> str:
            return candidate_codes(view)[0]

        def next_test(self, view: PlayerView) -> int | None:
            if len(candidate_codes(view)) == 1 or len(view.tested_this_round) == 3:
                return None
            n = view.verifiers
            order = [(view.round * 3 + k) % n for k in range(n)]
            return next(v for v in order if v not in view.tested_this_round)

        def decide(self, view: PlayerView) -> str | None:
            codes = candidate_codes(view)
            return codes[0] if len(codes) == 1 else None

    BOTS["first"] = FirstCandidate
    try:
        game = Game(SHIPPED[0], ["x"], CLASSIC)
        result = run_game(game, {"x": make_bot("bot:first", random.Random(0))}, max_rounds=50)
        assert result.winners == ("x",)
    finally:
        del BOTS["first"]


@pytest.mark.parametrize("puzzle", SHIPPED, ids=lambda p: f"{p.mode}-{p.id}")
def test_greedy_solves_every_shipped_puzzle_without_a_wrong_guess(puzzle: object) -> None:
    from turing.core.puzzle import Puzzle, puzzle_cardset

    assert isinstance(puzzle, Puzzle)
    game = Game(puzzle, ["greedy"], puzzle_cardset(puzzle))
    result = run_game(game, {"greedy": make_bot("bot:greedy", random.Random(3))})
    assert result.winners == ("greedy",)
    assert result.rounds <= 6


def test_same_seed_same_game() -> None:
    def play(seed: int) -> list[dict[str, object]]:
        game = Game(SHIPPED[0], ["g", "r"], CLASSIC)
        bots = {
            "g": make_bot("bot:greedy", random.Random(seed)),
            "r": make_bot("bot:random", random.Random(seed + 1)),
        }
        run_game(game, bots)
        return game.events

    assert play(5) == play(5)


def test_a_bot_turn_can_finish_a_started_turn() -> None:
    game = Game(SHIPPED[0], ["g"], CLASSIC)
    game.compose("g", "111")
    game.test("g", 0)
    play_turn(game, "g", make_bot("bot:greedy", random.Random(0)))
    assert game.round == 2 or game.is_terminal()


@settings(max_examples=40, deadline=None)
@given(
    index=st.integers(min_value=0, max_value=len(SHIPPED) - 1),
    tests=st.lists(
        st.tuples(st.integers(min_value=0, max_value=124), st.integers(min_value=0, max_value=3)),
        max_size=8,
    ),
)
def test_the_arrays_agree_with_the_solver(index: int, tests: list[tuple[int, int]]) -> None:
    puzzle = SHIPPED[index]
    game = Game(puzzle, ["p"], CLASSIC)
    for code, verifier in tests:
        if game.is_terminal():
            break
        view = game.view("p")
        if view.code is None:
            game.compose("p", CODE_TEXT[code])
        if verifier in game.view("p").tested_this_round or not game.view("p").tests_left_this_round:
            game.pass_("p")
            continue
        game.test("p", verifier)
    view = game.view("p")
    table, idx = remaining(view)
    assert candidate_codes(view) == view.deduction().codes.texts()
    assert idx.shape[0] == len(view.hypotheses())
    assert np.all(np.diff(table.solution[idx]) >= 0)


def test_plan_tests_stops_when_nothing_is_left_to_learn() -> None:
    solution = np.array([3, 3, 7, 9])
    answers = np.array([[True, False], [True, True], [False, True], [False, False]])
    plan = plan_tests(solution, answers, (), 3)
    assert plan.first == 0  # splits {3} from {7, 9}
    assert plan.codes == pytest.approx((2 * 1 + 2 * 1) / 4)
    assert plan_tests(solution, answers, (), 0).first is None
    assert plan_tests(solution[:2], answers[:2], (), 3).first is None  # one code left
    assert plan_tests(solution, answers, (0, 1), 3).first is None  # every verifier used


def test_random_bot_stays_legal_and_greedy_never_guesses() -> None:
    for seed in range(40):
        puzzle = SHIPPED[seed % len(SHIPPED)]
        game = Game(puzzle, ["r", "g"], CLASSIC)
        run_game(
            game,
            {
                "r": make_bot("bot:random", random.Random(seed)),
                "g": make_bot("bot:greedy", random.Random(seed)),
            },
        )
        assert "g" not in game.result().eliminated
