"""The bitmask solver: published puzzles, validity, deduction, test effects, CSP agreement."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testsupport.cli import ROOT
from turing.core import csp, walk
from turing.core.cards import load_cardset
from turing.core.codes import ALL_CODES, Code
from turing.core.puzzle import Puzzle, load_puzzles, puzzle_from_dict
from turing.core.solver import (
    SolverError,
    after_test,
    answer,
    deduce,
    deduction_count,
    hidden_masks,
    solutions,
    validity,
    validity_of_masks,
)

CLASSIC = load_cardset("classic")
SHIPPED = [p for f in sorted((ROOT / "puzzles").glob("*.yaml")) for p in load_puzzles(f)]


@pytest.mark.parametrize("puzzle", SHIPPED, ids=lambda p: f"{p.mode}-{p.id}")
def test_shipped_puzzles_solve_to_their_published_code(puzzle: Puzzle) -> None:
    result = validity(puzzle, CLASSIC)
    assert result.valid
    assert result.solution == puzzle.solution
    # What a player can deduce from the cards alone contains the real answer.
    found = deduce(puzzle.public(), CLASSIC)
    assert puzzle.solution in found.codes
    real = tuple(zip(puzzle.true_cards or (), puzzle.criteria or (), strict=True))
    assert any(tuple((o.card, o.position) for o in h.options) == real for h in found.hypotheses)


def test_rule_book_problem_one() -> None:
    found = deduce(puzzle_from_dict({"cards": [4, 9, 11, 14]}), CLASSIC)
    assert found.codes.texts() == ["221", "241"]
    assert found.solution is None
    # Verifier A (card 4) answers ✘ for 111 only if ■ is not < 4 … which picks 241.
    assert found.after("111", "A", False).solution == "241"
    assert found.after("111", "A", True).solution == "221"


def test_zero_question_puzzle_is_solved_from_the_cards() -> None:
    found = deduce(puzzle_from_dict({"cards": [2, 5, 9, 15, 18, 22]}), CLASSIC)
    assert len(found.hypotheses) == 1
    assert found.solution == "513"


def test_redundant_verifiers_are_named() -> None:
    # ■ = 4 twice over: card 4 criterion 2 and card 30 criterion 2 say the same.
    puzzle = puzzle_from_dict({"cards": [4, 9, 11, 14, 30], "criteria": [2, 1, 1, 3, 2]})
    result = validity(puzzle, CLASSIC)
    assert result.solution == "241"
    assert result.redundant_letters == ["A", "E"]
    assert not result.valid


def test_no_solution_and_many_solutions() -> None:
    none = puzzle_from_dict({"cards": [4, 9, 11, 14], "criteria": [2, 1, 3, 1]})
    assert len(solutions(none, CLASSIC)) == 0
    many = puzzle_from_dict({"cards": [4, 9], "criteria": [2, 1]})
    assert len(solutions(many, CLASSIC)) == 16
    assert not validity(many, CLASSIC).valid


def test_solver_needs_hidden_criteria() -> None:
    with pytest.raises(SolverError):
        hidden_masks(puzzle_from_dict({"cards": [4, 9, 11, 14]}), CLASSIC)


def test_answer_uses_the_real_criterion() -> None:
    puzzle = puzzle_from_dict({"cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]})
    assert answer(puzzle, CLASSIC, "141", "A") is True
    assert answer(puzzle, CLASSIC, "131", "A") is False
    with pytest.raises(SolverError, match="no verifier 'E'"):
        answer(puzzle, CLASSIC, "141", "E")


def test_nightmare_deduction_covers_every_hand_out() -> None:
    shown = puzzle_from_dict({"mode": "nightmare", "cards": [4, 9, 11, 14]})
    classic = deduce(puzzle_from_dict({"cards": [4, 9, 11, 14]}), CLASSIC)
    found = deduce(shown, CLASSIC)
    assert len(found.hypotheses) == len(classic.hypotheses) * 24
    assert found.codes == classic.codes
    for h in found.hypotheses:
        assert sorted(h.cards) == [4, 9, 11, 14]


def test_extreme_deduction_picks_one_card_per_verifier() -> None:
    found = deduce(
        puzzle_from_dict({"mode": "extreme", "cards": [[4, 21], [9, 30], [11, 40], [14, 46]]}),
        CLASSIC,
    )
    assert found.hypotheses
    for h in found.hypotheses:
        assert [
            c in pair
            for c, pair in zip(h.cards, [(4, 21), (9, 30), (11, 40), (14, 46)], strict=True)
        ] == [True] * 4
        assert validity_of_masks([o.mask for o in h.options]).valid


def brute_force_deduction(puzzle: Puzzle) -> set[tuple[tuple[tuple[int, int], ...], int]]:
    """Every combination tried, no pruning: the definition of the deduction."""
    groups = [
        [(n, c.position, c.mask) for n in group for c in CLASSIC.card(n).criteria]
        for group in puzzle.cards
    ]
    out = set()
    for combo in itertools.product(*groups):
        masks = [m for _, _, m in combo]
        result = validity_of_masks(masks)
        if result.valid:
            out.add(
                (
                    tuple((n, k) for n, k, _ in combo),
                    ALL_CODES.index(Code.parse(result.solution or "")),
                )
            )
    return out


def random_cards(rng: random.Random, verifiers: int, mode: str) -> dict[str, object]:
    per = 2 if mode == "extreme" else 1
    numbers = rng.sample(range(1, 49), verifiers * per)
    if mode == "extreme":
        return {"mode": mode, "cards": [numbers[2 * i : 2 * i + 2] for i in range(verifiers)]}
    return {"mode": mode, "cards": numbers}


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([3, 4, 5]))
def test_pruned_search_equals_brute_force(seed: int, verifiers: int) -> None:
    puzzle = puzzle_from_dict(random_cards(random.Random(seed), verifiers, "classic"))
    found = {
        (tuple((o.card, o.position) for o in h.options), h.code)
        for h in deduce(puzzle, CLASSIC).hypotheses
    }
    assert found == brute_force_deduction(puzzle)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=10**9),
    st.sampled_from([3, 4]),
    st.sampled_from(["classic", "nightmare", "extreme"]),
)
def test_bitmask_and_csp_deductions_agree(seed: int, verifiers: int, mode: str) -> None:
    if mode == "extreme":
        verifiers = 3
    puzzle = puzzle_from_dict(random_cards(random.Random(seed), verifiers, mode))
    fast = sorted((h.options, h.code) for h in deduce(puzzle, CLASSIC).hypotheses)
    slow = sorted((h.options, h.code) for h in csp.deduce(puzzle, CLASSIC).hypotheses)
    assert fast == slow


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=2, max_value=6))
def test_bitmask_and_csp_validity_agree(seed: int, verifiers: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(range(1, 49), verifiers)
    criteria = [rng.randint(1, len(CLASSIC.card(c).criteria)) for c in cards]
    puzzle = puzzle_from_dict({"cards": cards, "criteria": criteria})
    assert validity(puzzle, CLASSIC) == csp.validity(puzzle, CLASSIC)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_a_test_answer_keeps_exactly_the_consistent_hypotheses(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = puzzle_from_dict(random_cards(rng, 4, "classic"))
    found = deduce(puzzle, CLASSIC)
    code = rng.randrange(125)
    verifier = rng.randrange(4)
    yes = after_test(found.hypotheses, code, verifier, True)
    no = after_test(found.hypotheses, code, verifier, False)
    assert len(yes) + len(no) == len(found.hypotheses)
    assert all(h.answer(code, verifier) for h in yes)
    assert not any(h.answer(code, verifier) for h in no)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=0, max_value=10**9),
    st.sampled_from([1, 2, 3, 4, 5, 6]),
    st.sampled_from(["classic", "nightmare", "extreme"]),
)
def test_counted_deduction_equals_the_listed_one(seed: int, verifiers: int, mode: str) -> None:
    if mode == "extreme":
        verifiers = min(verifiers, 4)
    puzzle = puzzle_from_dict(random_cards(random.Random(seed), verifiers, mode))
    found = deduce(puzzle, CLASSIC)
    assert deduction_count(puzzle, CLASSIC) == (found.codes_mask, len(found.hypotheses))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from([2, 3, 4, 5]))
def test_readings_come_in_slot_order_whatever_order_they_are_walked_in(
    seed: int, verifiers: int
) -> None:
    # Pools of very different sizes: the walk takes the smallest first and puts the
    # readings back in slot order, as the plain walk lists them.
    rng = random.Random(seed)
    pools = [
        [m for n in rng.sample(range(1, 49), rng.randint(1, 3)) for m in CLASSIC.masks[n]]
        for _ in range(verifiers)
    ]
    listed: list[tuple[tuple[int, ...], int]] = []
    walk.walk(pools, lambda ks, acc, _o, _w: listed.append((tuple(ks), acc.bit_length() - 1)))
    assert walk.readings(pools) == listed == sorted(listed)
