"""Nightmare deduction: readings found once, dealt on demand, the same hypotheses as before."""

from __future__ import annotations

import itertools
import pickle

import pytest

from turing.core.cards import load_cardset
from turing.core.solver import Hypothesis, Option, after_test, deduce, is_valid_masks
from turing.core.symmetry import Dealt
from turing.generation.generator import generate_one

CLASSIC = load_cardset("classic")


def every_dealing(shown: list[int]) -> list[Hypothesis]:
    """Brute force: every dealing of every criteria choice that makes a valid puzzle."""
    out = []
    per_card = [[Option(n, c.position, c.mask) for c in CLASSIC.card(n).criteria] for n in shown]
    for perm in itertools.permutations(range(len(shown))):
        for choice in itertools.product(*(per_card[p] for p in perm)):
            masks = [o.mask for o in choice]
            if is_valid_masks(masks):
                total = masks[0]
                for m in masks[1:]:
                    total &= m
                code = total.bit_length() - 1
                out.append(Hypothesis(tuple(choice), code))
    out.sort(key=lambda h: (h.code, h.cards, h.criteria))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_dealt_hypotheses_are_every_valid_dealing_in_order(seed: int) -> None:
    puzzle = generate_one("nightmare", 4, None, seed, CLASSIC).public()
    found = deduce(puzzle, CLASSIC)
    brute = every_dealing([g[0] for g in puzzle.cards])
    assert isinstance(found.hypotheses, Dealt)
    assert len(found.hypotheses) == len(brute)
    assert found.hypotheses == tuple(brute)
    assert tuple(brute) == found.hypotheses
    assert list(found.hypotheses) == brute
    assert found.hypotheses[0] == brute[0] and found.hypotheses[-2:] == tuple(brute[-2:])
    mask = 0
    for h in brute:
        mask |= 1 << h.code
    assert found.codes_mask == mask
    letters = found.possible_criteria()
    assert all(sorted(v) == found.hypotheses.possible_criteria() for v in letters)
    # Tests narrow it like any tuple of hypotheses.
    assert found.after("111", "A", True).hypotheses == after_test(brute, "111", "A", True)


def test_the_summary_needs_no_dealing() -> None:
    puzzle = generate_one("nightmare", 6, "hard", 1, CLASSIC).public()
    found = deduce(puzzle, CLASSIC)
    assert isinstance(found.hypotheses, Dealt)
    assert len(found.hypotheses) == 720 * len(found.hypotheses.readings)
    assert found.codes and found.hypotheses._all is None  # nothing dealt yet
    again = pickle.loads(pickle.dumps(found.hypotheses))
    assert again == found.hypotheses and again._all is None


def test_cards_with_no_valid_reading_give_no_hypotheses() -> None:
    empty: Dealt[Option, Hypothesis] = Dealt([], 4, Hypothesis)
    assert len(empty) == 0 and not empty and list(empty) == [] and empty == ()
    assert empty.codes_mask == 0
