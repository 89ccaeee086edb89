"""Feedback scoring: the rule, its invariants, and the numpy table against the rule."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from turing.mastermind.scoring import (
    Feedback,
    FeedbackError,
    FeedbackTable,
    check_feedback,
    feedback,
    possible_feedbacks,
)
from turing.mastermind.space import CodeSpace

codes = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 8), min_size=n, max_size=n),
        st.lists(st.integers(0, 8), min_size=n, max_size=n),
    )
)


@pytest.mark.parametrize(
    ("secret", "guess", "black", "white"),
    [
        ("RGBY", "RGBY", 4, 0),
        ("RGBY", "YBGR", 0, 4),
        ("RRGG", "GGRR", 0, 4),
        ("RRGG", "RGBY", 1, 1),
        ("RRRR", "RGGG", 1, 0),
        ("RGBY", "RRRR", 1, 0),
        ("AABBC", "ABCDE", 1, 2),
        ("ABCDE", "FGHAB", 0, 2),
    ],
)
def test_feedback_examples(secret: str, guess: str, black: int, white: int) -> None:
    assert feedback(secret, guess) == Feedback(black, white)


def test_empty_hole_scores_like_a_colour() -> None:
    empty = None
    assert feedback(["R", empty, "G", empty], ["R", "G", empty, "B"]) == Feedback(1, 2)


def test_lengths_must_match() -> None:
    with pytest.raises(FeedbackError, match="differ in length"):
        feedback("RGB", "RGBY")


@given(codes)
def test_feedback_is_symmetric(pair: tuple[list[int], list[int]]) -> None:
    a, b = pair
    assert feedback(a, b) == feedback(b, a)


@given(codes, st.randoms(use_true_random=False))
def test_feedback_ignores_renaming_positions_and_colours(
    pair: tuple[list[int], list[int]], rnd: object
) -> None:
    import random

    assert isinstance(rnd, random.Random)
    a, b = pair
    order = list(range(len(a)))
    rnd.shuffle(order)
    names = list(range(9))
    rnd.shuffle(names)
    a2 = [names[a[i]] for i in order]
    b2 = [names[b[i]] for i in order]
    assert feedback(a2, b2) == feedback(a, b)


@given(codes)
def test_feedback_is_always_a_possible_feedback(pair: tuple[list[int], list[int]]) -> None:
    a, b = pair
    assert feedback(a, b) in possible_feedbacks(len(a))


def test_possible_feedback_counts() -> None:
    assert len(possible_feedbacks(4)) == 14
    assert len(possible_feedbacks(5)) == 20
    assert Feedback(3, 1) not in possible_feedbacks(4)


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        (Feedback(3, 2), "more pins"),
        (Feedback(3, 1), "cannot happen"),
        (Feedback(-1, 0), "negative"),
    ],
)
def test_check_feedback_names_the_problem(pins: Feedback, message: str) -> None:
    with pytest.raises(FeedbackError, match=message):
        check_feedback(pins, 4)


@pytest.mark.parametrize(
    ("text", "pins"),
    [
        ("2 1", Feedback(2, 1)),
        ("2,1", Feedback(2, 1)),
        ("2b1w", Feedback(2, 1)),
        ("3b", Feedback(3, 0)),
        ("1w", Feedback(0, 1)),
        ("bbw", Feedback(2, 1)),
        ("rrww", Feedback(2, 2)),
        ("-", Feedback(0, 0)),
        ("none", Feedback(0, 0)),
    ],
)
def test_parse_feedback(text: str, pins: Feedback) -> None:
    assert Feedback.parse(text) == pins


@pytest.mark.parametrize("text", ["", "x", "22", "2 1 1", "bx"])
def test_parse_feedback_rejects(text: str) -> None:
    with pytest.raises(FeedbackError, match="not feedback"):
        Feedback.parse(text)


def test_key_round_trip() -> None:
    for pins in possible_feedbacks(5):
        assert Feedback.from_key(pins.key(5), 5) == pins


@pytest.mark.parametrize(
    ("positions", "colours", "repeats", "blank", "full"),
    [
        (4, 6, True, False, None),
        (4, 8, False, False, None),
        (4, 8, False, True, None),
        (5, 6, True, False, False),
        (3, 5, True, True, None),
        (1, 3, True, False, None),
    ],
)
def test_table_agrees_with_the_rule(
    positions: int, colours: int, repeats: bool, blank: bool, full: bool | None
) -> None:
    space = CodeSpace(positions, colours, repeats, blank)
    table = FeedbackTable(space, full=full)
    rng = np.random.default_rng(0)
    guesses = rng.choice(len(space), size=min(40, len(space)), replace=False)
    secrets = rng.choice(len(space), size=min(60, len(space)), replace=False)
    keys = table.keys(guesses, secrets)
    for i, g in enumerate(guesses.tolist()):
        for j, s in enumerate(secrets.tolist()):
            expected = feedback(space.code(s), space.code(g))
            assert Feedback.from_key(int(keys[i, j]), positions) == expected


def test_full_and_computed_tables_agree() -> None:
    space = CodeSpace(4, 6)
    full, computed = FeedbackTable(space, full=True), FeedbackTable(space, full=False)
    assert full.has_full_table and not computed.has_full_table
    every = np.arange(len(space))
    assert np.array_equal(full.keys(every, every), computed.keys(every, every))


def test_the_errors_of_the_library_speak_the_language_in_use() -> None:
    from turing.i18n import speaking
    from turing.mastermind.optimal import SearchStopped
    from turing.mastermind.strategies import StrategyError, make_strategy

    with speaking("de"):
        with pytest.raises(FeedbackError, match=r"verschieden lang \(3 und 4 Stellen\)"):
            feedback("RGB", "RGBY")
        with pytest.raises(FeedbackError, match=r"^'xyz' sind keine Signal-Stifte: tippe"):
            Feedback.parse("xyz")
        with pytest.raises(StrategyError, match=r"^unbekannte Strategie 'best'; wähle eine von"):
            make_strategy("best")
        assert str(SearchStopped(5625, 5700)) == (
            "vor dem Ende angehalten: mindestens 5.625 Rateversuche insgesamt; "
            "die beste gefundene Strategie braucht 5.700"
        )
