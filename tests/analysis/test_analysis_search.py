"""Optimal play: the exact search against brute force, and the policy against every truth."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.compiled import narrowed as narrowed_table
from turing.analysis.search import (
    AnalysisError,
    AnalysisTooLarge,
    OptimalBot,
    RoundsTooLarge,
    Search,
    analyze,
    analyze_hypotheses,
    min_tests_worst,
    next_test,
)
from turing.core.cards import load_cardset
from turing.core.codes import CODE_TEXT, NUM_CODES
from turing.core.knowledge import TESTS_PER_ROUND
from turing.core.puzzle import Puzzle
from turing.core.solver import Hypothesis, after_test, deduce
from turing.generation.generator import generate_one
from turing.play.bots import GreedyBot, make_bot, run_game
from turing.play.game import Game

CLASSIC = load_cardset("classic")


def small_puzzles(
    limit: int, count: int, mode: str = "classic", verifiers: int = 4, first_seed: int = 0
) -> list[Puzzle]:
    """Generated puzzles whose deduction leaves 2..limit hypotheses and 2+ codes."""
    out: list[Puzzle] = []
    seed = first_seed
    while len(out) < count:
        p = generate_one(mode, verifiers, None, seed, CLASSIC)
        hyps = deduce(p.public(), CLASSIC).hypotheses
        if 2 <= len(hyps) <= limit and len({h.code for h in hyps}) >= 2:
            out.append(p)
        seed += 1
    return out


# -- brute force: every code and verifier, no pruning, no grouping ---------------------------


class Brute:
    """Plain minimax over hypothesis index sets, trying all 125 codes × all verifiers."""

    def __init__(self, hyps: Sequence[Hypothesis]) -> None:
        self.hyps = tuple(hyps)
        self.n = len(hyps[0].options)

    def split(self, s: frozenset[int], c: int, v: int) -> tuple[frozenset[int], frozenset[int]]:
        yes = frozenset(i for i in s if self.hyps[i].answer(c, v))
        return yes, s - yes

    def known(self, s: frozenset[int]) -> bool:
        return len({self.hyps[i].code for i in s}) <= 1

    def moves(self, s: frozenset[int]) -> list[tuple[int, int, frozenset[int], frozenset[int]]]:
        out = []
        for c in range(NUM_CODES):
            for v in range(self.n):
                y, n = self.split(s, c, v)
                if y and n:
                    out.append((c, v, y, n))
        return out

    @cache  # noqa: B019 - one Brute per test, dropped after
    def worst(self, s: frozenset[int]) -> int:
        if self.known(s):
            return 0
        return min(1 + max(self.worst(y), self.worst(n)) for _, _, y, n in self.moves(s))

    @cache  # noqa: B019
    def expected(self, s: frozenset[int]) -> int:
        if self.known(s):
            return 0
        return min(len(s) + self.expected(y) + self.expected(n) for _, _, y, n in self.moves(s))

    def optimal(self, s: frozenset[int], y: frozenset[int], n: frozenset[int]) -> bool:
        return 1 + max(self.worst(y), self.worst(n)) == self.worst(s)

    @cache  # noqa: B019
    def rounds_new(self, s: frozenset[int]) -> int:
        if self.known(s):
            return 0
        best = min(
            1 + max(self.rounds_in(y, c, (v,)), self.rounds_in(n, c, (v,)))
            for c, v, y, n in self.moves(s)
            if self.optimal(s, y, n)
        )
        return best

    @cache  # noqa: B019
    def rounds_in(self, s: frozenset[int], c: int, tested: tuple[int, ...]) -> int:
        if self.known(s):
            return 0
        best = self.rounds_new(s)
        if len(tested) < TESTS_PER_ROUND:
            for v in range(self.n):
                if v in tested:
                    continue
                y, n = self.split(s, c, v)
                if y and n and self.optimal(s, y, n):
                    best = min(
                        best,
                        max(self.rounds_in(y, c, (*tested, v)), self.rounds_in(n, c, (*tested, v))),
                    )
        return best


BRUTE_SET = small_puzzles(12, 10) + small_puzzles(10, 3, verifiers=5, first_seed=100)


@pytest.mark.parametrize("puzzle", BRUTE_SET, ids=lambda p: p.id)
def test_search_agrees_with_brute_force(puzzle: Puzzle) -> None:
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    brute = Brute(hyps)
    every = frozenset(range(len(hyps)))
    result = analyze(puzzle, CLASSIC)
    assert result.min_tests_worst == brute.worst(every)
    assert result.min_tests_worst == min_tests_worst(puzzle, CLASSIC)
    assert result.min_tests_expected is not None
    assert result.min_tests_expected * len(hyps) == pytest.approx(brute.expected(every))
    assert result.rounds_worst == brute.rounds_new(every)


@settings(max_examples=12, deadline=None)
@given(
    st.integers(min_value=1000, max_value=10**6),
    st.lists(
        st.tuples(st.integers(0, NUM_CODES - 1), st.integers(0, 3), st.booleans()), max_size=2
    ),
)
def test_any_state_agrees_with_brute_force(seed: int, answers: list[tuple[int, int, bool]]) -> None:
    """Later states (after some answers), not only the start, are solved exactly."""
    puzzle = small_puzzles(14, 1, first_seed=seed)[0]
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    for code, verifier, result in answers:
        narrowed = after_test(hyps, code, verifier, result)
        if narrowed:
            hyps = narrowed
    brute = Brute(hyps)
    every = frozenset(range(len(hyps)))
    search = Search(hyps)
    assert search.min_tests(search.full) == brute.worst(every)
    assert search.expected_sum(search.full) == brute.expected(every)
    assert search.min_rounds(search.full) == brute.rounds_new(every)


@settings(max_examples=12, deadline=None)
@given(
    st.integers(min_value=1000, max_value=10**6),
    st.lists(st.integers(0, 110), min_size=1, max_size=4),
)
def test_a_bounded_expected_search_keeps_sound_bounds(seed: int, percents: list[int]) -> None:
    """Searched under a bound, the summed tests are exact below it and otherwise a lower
    bound between the bound and the exact figure; what is kept stays sound for later calls."""
    puzzle = small_puzzles(60, 1, mode="extreme", first_seed=seed)[0]
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    fresh = Search(hyps)
    exact = fresh.expected_sum(fresh.full)
    search = Search(hyps)
    floor = search.e_lower(search.full)
    for percent in percents:  # bounds from the Huffman bound to past the exact figure
        bound = floor + (exact - floor) * percent // 100
        got = search.expected_sum(search.full, bound)
        if exact < bound:
            assert got == exact
        else:
            assert bound <= got <= exact
    # Every lower bound kept on the way, for every state, is at most its exact figure.
    for state, low in search._e_lb.items():
        assert low <= fresh.expected_sum(state)
    assert search.expected_sum(search.full) == exact


# -- the policy: every hidden assignment, through the game engine ------------------------------


def with_truth(puzzle: Puzzle, h: Hypothesis) -> Puzzle:
    """The public puzzle with one valid assignment as its hidden criteria."""
    real = h.cards if puzzle.mode != "classic" else None
    return replace(puzzle.public(), criteria=h.criteria, real_cards=real)


def play_all(puzzle: Puzzle, bot_name: str) -> tuple[int, int, bool]:
    """The most tests and rounds a bot needs over every hidden assignment, and whether it
    won every game (a bot that guesses can be eliminated)."""
    worst_tests = worst_rounds = 0
    won_all = True
    for h in deduce(puzzle.public(), CLASSIC).hypotheses:
        game = Game(with_truth(puzzle, h), ["p"], CLASSIC)
        result = run_game(game, {"p": make_bot(bot_name, random.Random(7))})
        assert result.solution == h.code_text
        won_all = won_all and result.winners == ("p",)
        worst_tests = max(worst_tests, result.tests["p"])
        worst_rounds = max(worst_rounds, result.rounds)
    return worst_tests, worst_rounds, won_all


POLICY_SET = (
    small_puzzles(40, 6, first_seed=500)
    + small_puzzles(30, 2, mode="extreme", first_seed=600)
    + small_puzzles(60, 1, mode="nightmare", first_seed=700)
)


@pytest.mark.parametrize("puzzle", POLICY_SET, ids=lambda p: p.id)
def test_optimal_bot_meets_the_guarantee_for_every_assignment(puzzle: Puzzle) -> None:
    result = analyze(puzzle, CLASSIC, expected=False)
    tests, rounds, won_all = play_all(puzzle, "bot:optimal")
    assert won_all
    # The game counts the round of the solve; a bot that knows the code before any test
    # still needs one round to submit it.
    assert tests == result.min_tests_worst
    assert result.rounds_worst is not None
    assert rounds <= max(1, result.rounds_worst)


@pytest.mark.parametrize("puzzle", POLICY_SET[:4], ids=lambda p: p.id)
@pytest.mark.parametrize("bot", ["bot:greedy", "bot:random"])
def test_no_bot_beats_the_worst_case_bound(puzzle: Puzzle, bot: str) -> None:
    tests, _, won_all = play_all(puzzle, bot)
    # Guaranteeing the code (winning every game) takes at least min_tests_worst tests.
    assert not won_all or tests >= min_tests_worst(puzzle, CLASSIC)
    if bot == "bot:greedy":
        assert won_all


def test_next_test_follows_the_round_structure() -> None:
    puzzle = next(
        p
        for p in small_puzzles(40, 20, first_seed=900)
        if (analyze(p, CLASSIC, expected=False).min_tests_worst or 0) >= 3
    )
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    first = next_test(hyps, None, ())
    assert first is not None
    code, _ = first
    again = next_test(hyps, code, ())
    assert again is not None and again[0] == code  # the same code all round
    tested: tuple[int, ...] = ()
    left = hyps
    truth = hyps[0]
    while True:
        move = next_test(left, code, tested)
        if move is None:
            break
        assert move[0] == code and move[1] not in tested
        left = after_test(left, code, move[1], truth.answer(CODE_TEXT.index(code), move[1]))
        tested = (*tested, move[1])
    assert len(tested) <= TESTS_PER_ROUND
    known = [h for h in hyps if h.code == hyps[0].code]
    assert next_test(known, None, ()) is None


def test_a_known_code_needs_nothing() -> None:
    hyps = deduce(small_puzzles(5, 1)[0].public(), CLASSIC).hypotheses
    one = [h for h in hyps if h.code == hyps[0].code]
    assert len(one) < len(hyps)
    result = analyze_hypotheses(one)
    assert (result.min_tests_worst, result.rounds_worst, result.first_round) == (0, 0, None)
    assert result.min_tests_expected == 0
    assert next_test(one, None, ()) is None


def test_bad_inputs_are_narrow_errors() -> None:
    with pytest.raises(AnalysisError):
        next_test([], None, ())
    with pytest.raises(AnalysisError):
        analyze_hypotheses([])
    hyps = deduce(small_puzzles(20, 1)[0].public(), CLASSIC).hypotheses
    with pytest.raises(AnalysisTooLarge):
        Search(hyps, max_groups=1)
    capped = analyze_hypotheses(hyps, max_states=1)  # past the limit: bounds, not an error
    low, high = capped.tests_bounds
    assert low <= min_tests_worst(small_puzzles(20, 1)[0], CLASSIC) <= high


def test_expected_bounds_bracket_the_exact_mean() -> None:
    puzzle = small_puzzles(40, 1, first_seed=40)[0]
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    exact = analyze_hypotheses(hyps)
    capped = analyze_hypotheses(hyps, expected_states=1)
    assert exact.min_tests_expected is not None
    if capped.min_tests_expected is None:
        low, high = capped.expected_bounds
        assert low <= exact.min_tests_expected <= high
    assert capped.min_tests_worst == exact.min_tests_worst


def test_a_capped_rounds_search_keeps_the_tests_guarantee() -> None:
    """Past the rounds limit the policy still guarantees the fewest tests."""
    puzzle = max(POLICY_SET[:6], key=lambda p: min_tests_worst(p, CLASSIC))
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    exact = analyze_hypotheses(hyps, expected=False)
    capped = analyze_hypotheses(hyps, expected=False, round_states=1)
    assert exact.rounds_worst is not None
    assert capped.rounds_worst is None
    low, high = capped.rounds_bounds
    assert low <= exact.rounds_worst <= high == exact.min_tests_worst
    search = Search(hyps)
    search.round_states_limit = 1
    worst, _ = play_every(search, hyps)
    assert search.rounds_exhausted
    assert worst == exact.min_tests_worst


def play_every(search: Search, hyps: Sequence[Hypothesis]) -> tuple[int, int]:
    """The most tests and rounds the policy of ``search`` needs over ``hyps``."""
    worst = most_rounds = 0
    for h in hyps:
        state, tests, rounds = search.full, 0, 0
        while not search.is_known(state):
            move = search.best_new_round(state)
            assert move is not None
            code, first = move
            rounds += 1
            tested: list[int] = []
            v: int | None = first
            while v is not None:
                y = search.yes[code][v] & state
                state = y if h.answer(code, v) else state ^ y
                tests += 1
                tested.append(v)
                v = search.best_in_round(state, code, tested)
        worst = max(worst, tests)
        most_rounds = max(most_rounds, rounds)
    return worst, most_rounds


def test_a_capped_rounds_search_keeps_the_rounds_it_proved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the rounds limit the policy still keeps the fewest rounds proven enough."""
    import turing.analysis.search as analysis

    puzzle = generate_one("extreme", 4, "hard", 3, CLASSIC)
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses  # 6 tests, 2 rounds
    monkeypatch.setattr(analysis, "ROUND_FIRST_LOOK", 1)
    search = Search(hyps)
    assert search.min_tests(search.full) == 6
    search.round_states_limit = search.states_stored + 3000
    with pytest.raises(RoundsTooLarge):
        search.min_rounds(search.full)
    assert search.rounds_bounds(search.full) == (2, 3)
    # Every hidden assignment: the fewest tests, and the 3 rounds proven enough (keeping
    # the tests guarantee alone, the same policy took 5 rounds on some).
    assert play_every(search, hyps) == (6, 3)


#: `turing generate --mode extreme --verifiers 5 --difficulty hard -n 20 --seed 1`, its third
#: puzzle (E5H-WR4COX): 439 assignments, 8 tests; the rounds search passes its limit at the
#: start, proving 4 rounds enough after a round of one test.
EXTREME_ROUNDS_PAST_LIMIT = {
    "mode": "extreme",
    "cards": [[5, 46], [23, 26], [25, 36], [32, 48], [38, 47]],
    "criteria": [2, 1, 1, 9, 5],
    "real_cards": [5, 26, 36, 48, 47],
}


def test_past_the_rounds_limit_the_optimal_bot_tests_on_in_its_round(
    tmp_path: Path, turing: Callable[..., Result]
) -> None:
    """Past the rounds search's limit the bot goes on testing its round's code while a test
    of it keeps the fewest tests, rather than end the round after one test (it took 5
    rounds and 7 tests here that way; bot:greedy takes 3), and `hint best` says the same."""
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(json.dumps(EXTREME_ROUNDS_PAST_LIMIT))
    transcript = tmp_path / "game.jsonl"
    args = ["play", str(puzzle), "--players", "bot:optimal", "--json"]
    result = turing([*args, "--transcript", str(transcript)])
    assert result.exit_code == 0, result.output
    tests = [
        (e["round"], e["code"], e["verifier"])
        for e in map(json.loads, transcript.read_text().splitlines())
        if e["event"] == "test"
    ]
    assert tests[:3] == [(1, "145", "D"), (1, "145", "E"), (1, "145", "C")]
    outcome = json.loads(result.output)
    assert outcome["rounds"] == 3
    assert outcome["tests"]["bot:optimal"] <= 8  # min_tests_worst: the guarantee stays
    hint = turing(["play", str(puzzle), "--players", "me"], input="c 145; t d\nhint best\nquit\n")
    assert "Best now: test 145 against E, keeping the fewest tests" in hint.output


def test_the_optimal_bot_is_registered_and_deterministic() -> None:
    bot = make_bot("bot:optimal", random.Random(1))
    assert isinstance(bot, OptimalBot)
    assert bot.name == "bot:optimal"
    puzzle = POLICY_SET[0]
    runs = []
    for seed in (1, 2):
        game = Game(puzzle, ["a", "b"], CLASSIC)
        run_game(
            game,
            {
                "a": make_bot("bot:optimal", random.Random(seed)),
                "b": GreedyBot(random.Random(seed)),
            },
        )
        runs.append([e for e in game.events if e.get("player") == "a"])
    assert runs[0] == runs[1]


NIGHTMARE_LARGE = {
    "mode": "nightmare",
    "cards": [30, 31, 33, 34, 40, 43],
    "criteria": [4, 2, 1, 7, 3, 3],
    "real_cards": [33, 30, 43, 40, 34, 31],
}


def test_the_optimal_bot_plays_greedy_past_its_work_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A nightmare table of 2,880 readings: the exact policy passes its work limit, and
    the bot finishes the game with the greedy strategy instead of failing."""
    import turing.analysis.search as analysis
    from turing.core.puzzle import puzzle_from_dict

    monkeypatch.setattr(analysis, "POLICY_WORK", 5_000_000)
    puzzle = puzzle_from_dict(NIGHTMARE_LARGE, CLASSIC)
    bot = make_bot("bot:optimal", random.Random(3))
    assert isinstance(bot, OptimalBot)
    game = Game(puzzle, ["a"], CLASSIC)
    result = run_game(game, {"a": bot})
    assert result.winners == ("a",)
    assert bot._greedy is not None


def test_the_optimal_bot_searches_again_once_the_state_has_shrunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past its work limit on the large start, the bot plays greedy moves, and once at most
    half as many assignments are left it plays the exact policy again (each move's search
    has its own share of work): the game ends with exact moves."""
    import turing.analysis.search as analysis
    from turing.core.puzzle import puzzle_from_dict

    monkeypatch.setattr(analysis, "POLICY_WORK", 5_000_000)
    outcomes: list[str] = []
    method = analysis._policy_move

    def recorded(*args: Any) -> object:
        try:
            got = method(*args)
        except AnalysisTooLarge:
            outcomes.append("too large")
            raise
        outcomes.append("exact")
        return got

    monkeypatch.setattr(analysis, "_policy_move", recorded)
    puzzle = puzzle_from_dict(NIGHTMARE_LARGE, CLASSIC)
    bot = make_bot("bot:optimal", random.Random(3))
    assert isinstance(bot, OptimalBot)
    result = run_game(Game(puzzle, ["a"], CLASSIC), {"a": bot})
    assert result.winners == ("a",)
    assert outcomes[0] == "too large"
    assert "exact" in outcomes
    # searched again only on a state at most half as large: few searches give up
    assert outcomes.count("too large") <= 6
    assert outcomes[-1] == "exact"


def test_a_hint_searches_again_on_a_later_state_of_the_same_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The policy's search is kept for a game's later states; each question has its own
    share of work, so a small state is answered after the large start passed the limit."""
    import turing.analysis.search as analysis
    from turing.core.puzzle import puzzle_from_dict

    monkeypatch.setattr(analysis, "POLICY_WORK", 5_000_000)
    monkeypatch.setattr(analysis, "_RECENT", [])  # no search kept from another test
    puzzle = puzzle_from_dict(NIGHTMARE_LARGE, CLASSIC)
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    with pytest.raises(AnalysisTooLarge):
        next_test(hyps, None, ())
    codes = sorted({h.code for h in hyps})
    first, second = ([h for h in hyps if h.code == c][:20] for c in codes[:2])
    later = first + second
    move = next_test(later, None, ())
    assert move is not None
    assert len(analysis._RECENT) == 1  # the same search, not a new one
    analysis._RECENT.clear()
    assert next_test(later, None, ()) == move  # as a search of the small state alone


@settings(max_examples=40, deadline=None)
@given(
    mode=st.sampled_from(["classic", "extreme", "nightmare"]),
    seed=st.integers(1, 6),
    symmetry=st.booleans(),
    answers=st.lists(
        st.tuples(st.integers(0, NUM_CODES - 1), st.integers(0, 3), st.booleans()),
        max_size=3,
    ),
    budget=st.integers(2, 5),
)
def test_the_tests_that_fit_a_budget_are_found_on_bitsets_as_one_by_one(
    mode: str, seed: int, symmetry: bool, answers: list[tuple[int, int, bool]], budget: int
) -> None:
    """The splits whose halves hold at most 2**(budget-1) codes each, found for all tests
    at once, are exactly those found split by split, in the same order, with their
    letters."""
    puzzle = generate_one(mode, 4, "hard", seed, CLASSIC)
    hyps: Sequence[Hypothesis] = deduce(puzzle.public(), CLASSIC).hypotheses
    if len(hyps) > 1500:
        hyps = hyps[:: len(hyps) // 1500 + 1]
    search = Search(hyps, symmetry=symmetry)
    left = tuple(hyps)
    for code, verifier, result in answers:
        narrowed = after_test(left, code, verifier, result)
        if narrowed:
            left = narrowed
    state = search.state_of(left)
    assert state is not None
    codes = search.present(state)
    limit = 1 << (budget - 1)
    parts = [search.code_bits[i] & state for i in codes]
    splits, letters = search.split_letters(state)
    expected_splits: list[int] = []
    expected_letters: list[int] = []
    for i, y in enumerate(splits):
        yes = sum(1 for p in parts if y & p)
        no = sum(1 for p in parts if (state ^ y) & p)
        if yes <= limit and no <= limit:
            expected_splits.append(y)
            expected_letters.append(letters[i] if letters else -1)
    # The tests meeting and holding each code's part are kept by the part: the start's
    # parts (some shared with the state) first, then the state itself, twice.
    start = search.full
    search._fitting_splits(start, [search.code_bits[i] for i in search.present(start)], limit)
    for _ in range(2):
        got_splits, got_letters = search._fitting_splits(state, parts, limit)
        assert got_splits == expected_splits
        assert got_letters == expected_letters


def test_the_tests_that_fit_are_charged_work_like_the_splits_they_spare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The work limits (``--max-work``, the policy's few seconds) are counted in units of
    work: finding the fitting tests at once must be charged about what splitting the
    state test by test is, or the same limit would allow many times the time."""
    import turing.analysis.search as analysis

    puzzle = generate_one("nightmare", 4, "hard", 1, CLASSIC)
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    rng = random.Random(3)
    ratios: list[float] = []
    on = analysis.FIT_BY_TESTS
    for _ in range(40):
        left = tuple(hyps)
        for _ in range(rng.randrange(0, 3)):
            narrowed = after_test(
                left, rng.randrange(NUM_CODES), rng.randrange(4), rng.random() < 0.5
            )
            if narrowed:
                left = narrowed
        charged: list[int] = []
        for fit in (on, 0):
            monkeypatch.setattr(analysis, "FIT_BY_TESTS", fit)
            search = Search(hyps)
            state = search.state_of(left)
            assert state is not None
            codes = search.present(state)
            if len(codes) < 3:
                break
            limit = 1 << (max(1, (len(codes) - 1).bit_length()) - 1)  # the tightest budget
            before = search.work
            search._rank(state, codes, limit, by_weight=True)
            charged.append(search.work - before)
        if len(charged) == 2:
            ratios.append(charged[0] / charged[1])
    assert len(ratios) >= 10
    assert 0.25 <= sorted(ratios)[len(ratios) // 2] <= 4


@settings(max_examples=200, deadline=None)
@given(weights=st.lists(st.integers(0, 400), min_size=1, max_size=60))
def test_the_entropy_bound_never_passes_the_huffman_cost(weights: list[int]) -> None:
    """The expected search places splits by their halves' entropy bounds before it knows
    their Huffman costs: that order is only right if the bound never passes the cost."""
    puzzle = generate_one("extreme", 4, "hard", 2, CLASSIC)
    search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
    if sum(weights) > search.weight(search.full):
        weights = [w * search.weight(search.full) // sum(weights) for w in weights]
    row = np.array([weights], dtype=np.int64)
    bound = int(search._entropy(row)[0])
    assert bound <= search._huffman_of([w for w in weights if w])
    if sum(1 for w in weights if w) == 2:
        assert bound <= sum(weights)


@pytest.mark.parametrize("by_array", [True, False])
@pytest.mark.parametrize(
    ("mode", "verifiers", "seed"), [("extreme", 5, 1), ("nightmare", 4, 2), ("classic", 6, 3)]
)
def test_the_lazy_ranking_of_splits_is_the_full_one(
    mode: str, verifiers: int, seed: int, by_array: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The splits the expected search takes, least summed halves' bounds first, come out
    in the order the halves' Huffman costs give when all are worked out first, and every
    split comes out once: the codes' weights in the halves counted on arrays (up to
    ``HALF_WEIGHTS_BY_ARRAY`` groups) or on bitsets (above)."""
    import turing.analysis.search as analysis

    monkeypatch.setattr(analysis, "HALF_WEIGHTS_BY_ARRAY", 1 << 30 if by_array else 0)
    puzzle = generate_one(mode, verifiers, "hard", seed, CLASSIC)
    search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
    states = [search.full]
    for _ in range(6):
        state = states[-1]
        if search.is_known(state):
            break
        ranked = list(search._e_ranked(state, search.present(state)))
        sums = [r[0] for r in ranked]
        assert sums == sorted(sums)
        for lbs, hard, easy, low, _ in ranked:
            assert hard | easy == state and not hard & easy
            assert low == min(search.huffman(hard), search.huffman(easy)) == search.e_lower(easy)
            assert lbs == search.huffman(hard) + search.huffman(easy)
        halves = {frozenset((r[1], r[2])) for r in ranked}
        every = {frozenset((y, state ^ y)) for y in search.splits(state)}
        assert halves == every and len(ranked) == len(every)
        states.append(ranked[0][1])


@settings(max_examples=15, deadline=None)
@given(
    mode=st.sampled_from(["nightmare", "nightmare", "extreme"]),
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
    answers=st.integers(0, 2),
)
def test_large_states_are_split_and_weighed_on_their_words_as_on_bitsets(
    mode: str, verifiers: int, seed: int, answers: int
) -> None:
    """A large state's splits, found on its non-zero words for all tests at once, and
    their halves' weights per code, found on its groups alone, are the splits (in the same
    order, with the same letters) and weights found test by test on whole bitsets."""
    from testsupport.compiled import narrowed
    from turing.analysis import search as search_module

    hyps = narrowed(mode, verifiers, seed, answers)
    plain = Search(hyps)
    states = [plain.full]
    for y in plain.splits(plain.full)[:4]:
        states += [y, plain.full ^ y]
        states += [z for z in plain.splits(y)[:2]]
    expected = {}
    for state in states:
        if plain.is_known(state):
            continue
        splits, letters = plain.split_letters(state)
        codes = plain.present(state)
        parts = [plain.code_bits[i] for i in codes]
        weights = [[plain._weigh(y & part) for part in parts] for y in splits]
        expected[state] = (splits, letters, codes, weights)
    sparse = Search(hyps)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module, "SPLIT_ROWS_FROM", 0)
        for state, (splits, letters, codes, weights) in expected.items():
            sparse._part[state] = plain.part_of(state)
            assert sparse.split_letters(state) == (splits, letters)
            got = sparse._half_weights_sparse(state, splits, codes)
            assert got.shape == (len(splits), len(codes))
            assert got.tolist() == weights


@settings(max_examples=15, deadline=None)
@given(
    mode=st.sampled_from(["nightmare", "extreme"]),
    seed=st.integers(1, 10_000),
    answers=st.integers(0, 3),
)
def test_the_pairs_a_split_leaves_are_counted_one_by_one(
    mode: str, seed: int, answers: int
) -> None:
    hyps = narrowed_table(mode, 4, seed, answers)
    search = Search(hyps, compiled=False)
    state = search.full
    codes = search.present(state)
    if len(codes) < 2:
        return
    parts = [search.code_bits[c] & state for c in codes]
    totals = [search._weigh(part) for part in parts]

    def pairs(half: int) -> int:  # of assignments of different codes, one pair at a time
        weights = search.code_weights(half) if half else []
        return sum(a * b for i, a in enumerate(weights) for b in weights[i + 1 :])

    for y in search.splits(state):
        apart, meets_yes, meets_no = search._pairs_apart(y, parts, totals)
        assert apart == max(pairs(y), pairs(state ^ y))
        assert (meets_yes, meets_no) == (search.ncodes(y), search.ncodes(state ^ y))
