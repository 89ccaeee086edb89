"""The classic card set agrees with a brute-force oracle written from docs/cards.md.

The oracle below is deliberately independent of `cards/classic.yaml`: every criterion is a
plain Python function of the three digits (b, y, p), transcribed from the card table in
docs/cards.md in published order. The test loads the YAML through the project's loader and
compares each criterion's 125-bit mask with the oracle's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from turing.core.cards import CardSet, load_cardset
from turing.core.codes import ALL_CODES

Predicate = Callable[[int, int, int], bool]

ALL_MASK = (1 << 125) - 1


# --- helpers for the oracle (written from the wording of docs/cards.md) -------------------------


def count_of(d: int, b: int, y: int, p: int) -> int:
    """How many of the three digits are `d`."""
    return [b, y, p].count(d)


def count_is(d: int, n: int) -> Predicate:
    """The criterion "count of ds = n", e.g. count_is(1, 2) is "count of 1s = 2"."""

    def predicate(b: int, y: int, p: int) -> bool:
        return count_of(d, b, y, p) == n

    return predicate


def even_digits(b: int, y: int, p: int) -> int:
    return sum(1 for v in (b, y, p) if v % 2 == 0)


def odd_digits(b: int, y: int, p: int) -> int:
    return 3 - even_digits(b, y, p)


def most_repeats(b: int, y: int, p: int) -> int:
    """How often the most frequent digit occurs: 3 triple, 2 a pair, 1 all different."""
    return max(Counter((b, y, p)).values())


def strictly_smallest(i: int, b: int, y: int, p: int) -> bool:
    """Digit at position i (0 = B, 1 = Y, 2 = P) is smaller than each of the other two."""
    digits = (b, y, p)
    return all(digits[i] < digits[j] for j in range(3) if j != i)


def strictly_largest(i: int, b: int, y: int, p: int) -> bool:
    digits = (b, y, p)
    return all(digits[i] > digits[j] for j in range(3) if j != i)


def up_steps(b: int, y: int, p: int) -> int:
    """Card 24: number of +1 steps in position order B→Y→P (0, 1 or 2)."""
    return int(y == b + 1) + int(p == y + 1)


def longest_run(b: int, y: int, p: int) -> int:
    """Card 25: longest run of consecutive positions going up by 1 or down by 1 (1, 2 or 3)."""
    steps = (y - b, p - y)
    if steps in ((1, 1), (-1, -1)):
        return 3
    if 1 in steps or -1 in steps:
        return 2
    return 1


# --- the oracle: card number -> its criteria in published order ----------------------------

ORACLE: dict[int, list[Predicate]] = {
    1: [lambda b, y, p: b == 1, lambda b, y, p: b > 1],
    2: [lambda b, y, p: b < 3, lambda b, y, p: b == 3, lambda b, y, p: b > 3],
    3: [lambda b, y, p: y < 3, lambda b, y, p: y == 3, lambda b, y, p: y > 3],
    4: [lambda b, y, p: y < 4, lambda b, y, p: y == 4, lambda b, y, p: y > 4],
    5: [lambda b, y, p: b in (2, 4), lambda b, y, p: b in (1, 3, 5)],
    6: [lambda b, y, p: y in (2, 4), lambda b, y, p: y in (1, 3, 5)],
    7: [lambda b, y, p: p in (2, 4), lambda b, y, p: p in (1, 3, 5)],
    8: [count_is(1, 0), count_is(1, 1), count_is(1, 2), count_is(1, 3)],
    9: [count_is(3, 0), count_is(3, 1), count_is(3, 2), count_is(3, 3)],
    10: [count_is(4, 0), count_is(4, 1), count_is(4, 2), count_is(4, 3)],
    11: [lambda b, y, p: b < y, lambda b, y, p: b == y, lambda b, y, p: b > y],
    12: [lambda b, y, p: b < p, lambda b, y, p: b == p, lambda b, y, p: b > p],
    13: [lambda b, y, p: y < p, lambda b, y, p: y == p, lambda b, y, p: y > p],
    14: [
        lambda b, y, p: strictly_smallest(0, b, y, p),
        lambda b, y, p: strictly_smallest(1, b, y, p),
        lambda b, y, p: strictly_smallest(2, b, y, p),
    ],
    15: [
        lambda b, y, p: strictly_largest(0, b, y, p),
        lambda b, y, p: strictly_largest(1, b, y, p),
        lambda b, y, p: strictly_largest(2, b, y, p),
    ],
    16: [
        lambda b, y, p: even_digits(b, y, p) > odd_digits(b, y, p),
        lambda b, y, p: odd_digits(b, y, p) > even_digits(b, y, p),
    ],
    17: [
        lambda b, y, p: even_digits(b, y, p) == 0,
        lambda b, y, p: even_digits(b, y, p) == 1,
        lambda b, y, p: even_digits(b, y, p) == 2,
        lambda b, y, p: even_digits(b, y, p) == 3,
    ],
    18: [lambda b, y, p: (b + y + p) % 2 == 0, lambda b, y, p: (b + y + p) % 2 == 1],
    19: [lambda b, y, p: b + y < 6, lambda b, y, p: b + y == 6, lambda b, y, p: b + y > 6],
    20: [
        lambda b, y, p: most_repeats(b, y, p) == 3,
        lambda b, y, p: most_repeats(b, y, p) == 2,
        lambda b, y, p: most_repeats(b, y, p) == 1,
    ],
    21: [
        lambda b, y, p: 2 not in Counter((b, y, p)).values(),
        lambda b, y, p: 2 in Counter((b, y, p)).values(),
    ],
    22: [
        lambda b, y, p: b < y and y < p,
        lambda b, y, p: b > y and y > p,
        lambda b, y, p: not (b < y and y < p) and not (b > y and y > p),
    ],
    23: [
        lambda b, y, p: b + y + p < 6,
        lambda b, y, p: b + y + p == 6,
        lambda b, y, p: b + y + p > 6,
    ],
    24: [
        lambda b, y, p: up_steps(b, y, p) == 2,
        lambda b, y, p: up_steps(b, y, p) == 1,
        lambda b, y, p: up_steps(b, y, p) == 0,
    ],
    25: [
        lambda b, y, p: longest_run(b, y, p) == 1,
        lambda b, y, p: longest_run(b, y, p) == 2,
        lambda b, y, p: longest_run(b, y, p) == 3,
    ],
    26: [lambda b, y, p: b < 3, lambda b, y, p: y < 3, lambda b, y, p: p < 3],
    27: [lambda b, y, p: b < 4, lambda b, y, p: y < 4, lambda b, y, p: p < 4],
    28: [lambda b, y, p: b == 1, lambda b, y, p: y == 1, lambda b, y, p: p == 1],
    29: [lambda b, y, p: b == 3, lambda b, y, p: y == 3, lambda b, y, p: p == 3],
    30: [lambda b, y, p: b == 4, lambda b, y, p: y == 4, lambda b, y, p: p == 4],
    31: [lambda b, y, p: b > 1, lambda b, y, p: y > 1, lambda b, y, p: p > 1],
    32: [lambda b, y, p: b > 3, lambda b, y, p: y > 3, lambda b, y, p: p > 3],
    33: [
        lambda b, y, p: b in (2, 4),
        lambda b, y, p: y in (2, 4),
        lambda b, y, p: p in (2, 4),
        lambda b, y, p: b in (1, 3, 5),
        lambda b, y, p: y in (1, 3, 5),
        lambda b, y, p: p in (1, 3, 5),
    ],
    34: [
        lambda b, y, p: b == min(b, y, p),
        lambda b, y, p: y == min(b, y, p),
        lambda b, y, p: p == min(b, y, p),
    ],
    35: [
        lambda b, y, p: b == max(b, y, p),
        lambda b, y, p: y == max(b, y, p),
        lambda b, y, p: p == max(b, y, p),
    ],
    36: [
        lambda b, y, p: (b + y + p) % 3 == 0,
        lambda b, y, p: (b + y + p) % 4 == 0,
        lambda b, y, p: (b + y + p) % 5 == 0,
    ],
    37: [lambda b, y, p: b + y == 4, lambda b, y, p: b + p == 4, lambda b, y, p: y + p == 4],
    38: [lambda b, y, p: b + y == 6, lambda b, y, p: b + p == 6, lambda b, y, p: y + p == 6],
    39: [
        lambda b, y, p: b == 1,
        lambda b, y, p: y == 1,
        lambda b, y, p: p == 1,
        lambda b, y, p: b > 1,
        lambda b, y, p: y > 1,
        lambda b, y, p: p > 1,
    ],
    40: [
        lambda b, y, p: b < 3,
        lambda b, y, p: b == 3,
        lambda b, y, p: b > 3,
        lambda b, y, p: y < 3,
        lambda b, y, p: y == 3,
        lambda b, y, p: y > 3,
        lambda b, y, p: p < 3,
        lambda b, y, p: p == 3,
        lambda b, y, p: p > 3,
    ],
    41: [
        lambda b, y, p: b < 4,
        lambda b, y, p: b == 4,
        lambda b, y, p: b > 4,
        lambda b, y, p: y < 4,
        lambda b, y, p: y == 4,
        lambda b, y, p: y > 4,
        lambda b, y, p: p < 4,
        lambda b, y, p: p == 4,
        lambda b, y, p: p > 4,
    ],
    42: [
        lambda b, y, p: strictly_smallest(0, b, y, p),
        lambda b, y, p: strictly_smallest(1, b, y, p),
        lambda b, y, p: strictly_smallest(2, b, y, p),
        lambda b, y, p: strictly_largest(0, b, y, p),
        lambda b, y, p: strictly_largest(1, b, y, p),
        lambda b, y, p: strictly_largest(2, b, y, p),
    ],
    43: [
        lambda b, y, p: b < y,
        lambda b, y, p: b == y,
        lambda b, y, p: b > y,
        lambda b, y, p: b < p,
        lambda b, y, p: b == p,
        lambda b, y, p: b > p,
    ],
    44: [
        lambda b, y, p: y < b,
        lambda b, y, p: y == b,
        lambda b, y, p: y > b,
        lambda b, y, p: y < p,
        lambda b, y, p: y == p,
        lambda b, y, p: y > p,
    ],
    45: [
        count_is(1, 0),
        count_is(1, 1),
        count_is(1, 2),
        count_is(3, 0),
        count_is(3, 1),
        count_is(3, 2),
    ],
    46: [
        count_is(3, 0),
        count_is(3, 1),
        count_is(3, 2),
        count_is(4, 0),
        count_is(4, 1),
        count_is(4, 2),
    ],
    47: [
        count_is(1, 0),
        count_is(1, 1),
        count_is(1, 2),
        count_is(4, 0),
        count_is(4, 1),
        count_is(4, 2),
    ],
    48: [
        lambda b, y, p: b < y,
        lambda b, y, p: b == y,
        lambda b, y, p: b > y,
        lambda b, y, p: b < p,
        lambda b, y, p: b == p,
        lambda b, y, p: b > p,
        lambda b, y, p: y < p,
        lambda b, y, p: y == p,
        lambda b, y, p: y > p,
    ],
}

CRITERIA_PER_CARD: dict[int, int] = {
    **dict.fromkeys(range(1, 49), 3),
    **dict.fromkeys((1, 5, 6, 7, 16, 18, 21), 2),
    **dict.fromkeys((8, 9, 10, 17), 4),
    **dict.fromkeys((33, 39, 42, 43, 44, 45, 46, 47), 6),
    **dict.fromkeys((40, 41, 48), 9),
}


def oracle_mask(predicate: Predicate) -> int:
    mask = 0
    for code in ALL_CODES:
        if predicate(code.b, code.y, code.p):
            mask |= 1 << code.index
    return mask


def describe(mask: int) -> str:
    """The codes of a mask as BYP strings, for readable failure messages."""
    return " ".join(f"{c.b}{c.y}{c.p}" for c in ALL_CODES if mask >> c.index & 1)


def index_of(byp: str) -> int:
    b, y, p = (int(ch) for ch in byp)
    return next(c.index for c in ALL_CODES if (c.b, c.y, c.p) == (b, y, p))


@pytest.fixture(scope="module")
def classic() -> CardSet:
    return load_cardset("classic")


def meets(cs: CardSet, card: int, position: int, byp: str) -> bool:
    return bool(cs.card(card).criteria[position - 1].mask >> index_of(byp) & 1)


# --- the oracle itself ---------------------------------------------------------------------


def test_oracle_criteria_counts_match_the_table() -> None:
    assert sorted(ORACLE) == list(range(1, 49))
    assert {n: len(preds) for n, preds in ORACLE.items()} == CRITERIA_PER_CARD


def test_codes_are_the_125_digit_triples() -> None:
    assert len(ALL_CODES) == 125
    assert sorted(c.index for c in ALL_CODES) == list(range(125))
    triples = {(c.b, c.y, c.p) for c in ALL_CODES}
    assert triples == {(b, y, p) for b in range(1, 6) for y in range(1, 6) for p in range(1, 6)}


# --- the card set against the oracle -------------------------------------------------------


def test_classic_has_cards_1_to_48(classic: CardSet) -> None:
    assert len(classic) == 48
    assert sorted(card.number for card in classic) == list(range(1, 49))
    assert [classic.card(n).number for n in range(1, 49)] == list(range(1, 49))


@pytest.mark.parametrize("number", range(1, 49))
def test_criteria_count_and_positions(classic: CardSet, number: int) -> None:
    card = classic.card(number)
    assert len(card.criteria) == CRITERIA_PER_CARD[number]
    assert [c.position for c in card.criteria] == list(range(1, len(card.criteria) + 1))


@pytest.mark.parametrize("number", range(1, 49))
def test_masks_match_the_oracle(classic: CardSet, number: int) -> None:
    card = classic.card(number)
    assert len(card.criteria) == len(ORACLE[number])
    for criterion, predicate in zip(card.criteria, ORACLE[number], strict=True):
        expected = oracle_mask(predicate)
        assert criterion.mask == expected, (
            f"card {number} criterion {criterion.position} ({criterion.text!r}, "
            f"when {criterion.when!r}): only in YAML: {describe(criterion.mask & ~expected)}; "
            f"only in oracle: {describe(expected & ~criterion.mask)}"
        )


@pytest.mark.parametrize("number", range(1, 49))
def test_every_criterion_is_informative(classic: CardSet, number: int) -> None:
    for criterion in classic.card(number).criteria:
        assert 0 < criterion.mask < ALL_MASK, f"card {number} criterion {criterion.position}"


@pytest.mark.parametrize("number", range(1, 49))
def test_criteria_on_a_card_are_distinct(classic: CardSet, number: int) -> None:
    card = classic.card(number)
    assert len({c.mask for c in card.criteria}) == len(card.criteria)
    assert len({c.text for c in card.criteria}) == len(card.criteria)


# --- spot checks from the notes of docs/cards.md -------------------------------------------


@pytest.mark.parametrize(
    ("card", "byp", "true_positions"),
    [
        (4, "241", {2}),  # the example of docs/cards.md: card 4 criterion 2 is Y = 4
        (25, "121", {2}),  # up then down: a run of exactly 2
        (25, "543", {3}),  # down by 1 twice: a run of 3
        (25, "345", {3}),
        (25, "135", {1}),
        (24, "345", {1}),  # two +1 steps in a row: "three"
        (24, "341", {2}),  # one +1 step: "exactly two"
        (24, "134", {2}),
        (24, "543", {3}),  # descending does not count on card 24
        (24, "121", {2}),
        (21, "111", {1}),  # a triple has no digit exactly twice
        (21, "123", {1}),
        (21, "212", {2}),
        (20, "111", {1}),
        (20, "112", {2}),
        (20, "123", {3}),
        (14, "113", set()),  # strict: a tie for smallest means none is smallest
        (14, "213", {2}),
        (15, "155", set()),  # strict: a tie for largest means none is largest
        (42, "113", {6}),
        (42, "222", set()),
        (34, "113", {1, 2}),  # ties allowed
        (34, "222", {1, 2, 3}),
        (35, "155", {2, 3}),
        (16, "224", {1}),
        (17, "135", {1}),
        (22, "135", {1}),
        (22, "531", {2}),
        (22, "113", {3}),
        (36, "555", {1, 3}),
        (40, "315", {2, 4, 9}),  # 3×3 grid: colour by colour
        (48, "315", {3, 4, 7}),
        (44, "315", {1, 4}),
        (33, "245", {1, 2, 6}),  # 2×3 grid: row by row
        (39, "121", {1, 3, 5}),
    ],
)
def test_spot_checks(classic: CardSet, card: int, byp: str, true_positions: set[int]) -> None:
    criteria = classic.card(card).criteria
    actual = {c.position for c in criteria if meets(classic, card, c.position, byp)}
    assert actual == true_positions


def test_the_same_criterion_on_cards_20_and_21_keeps_its_codes(classic: CardSet) -> None:
    assert classic.card(20).criteria[1].mask == classic.card(21).criteria[1].mask
