"""The one walk over valid readings: its entry points agree with each other and with a
brute-force enumeration of every choice of one mask per verifier."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from turing.core import walk
from turing.core.cards import load_cardset
from turing.core.codes import ALL_MASK, lowest_index

CLASSIC = load_cardset("classic")
#: every criterion mask of the classic set, with its card number
CRITERIA = [(c.card, c.mask) for card in CLASSIC for c in card.criteria]


def valid(masks: Sequence[int]) -> bool:
    """A valid reading, straight from the rules: one code, no verifier can be dropped."""
    total = ALL_MASK
    for m in masks:
        total &= m
    if total.bit_count() != 1:
        return False
    for v in range(len(masks)):
        rest = ALL_MASK
        for w, m in enumerate(masks):
            if w != v:
                rest &= m
        if rest == total:
            return False
    return True


def brute(pools: Sequence[Sequence[int]]) -> list[tuple[tuple[int, ...], int]]:
    found = []
    for ks in itertools.product(*(range(len(p)) for p in pools)):
        masks = [pools[v][k] for v, k in enumerate(ks)]
        if valid(masks):
            code = ALL_MASK
            for m in masks:
                code &= m
            found.append((ks, lowest_index(code)))
    return found


#: pools of real criteria: 1–5 verifiers, each with 1–6 criteria of the classic cards
real_pools = st.lists(
    st.lists(st.sampled_from([m for _, m in CRITERIA]), min_size=1, max_size=6),
    min_size=1,
    max_size=4,
)
#: pools over a handful of codes, where valid readings are common and repeats happen
small_pools = st.lists(
    st.lists(st.integers(1, 0b111111), min_size=1, max_size=5), min_size=1, max_size=4
)
any_pools = st.one_of(real_pools, small_pools)


@settings(max_examples=150, deadline=None)
@given(any_pools)
def test_readings_are_exactly_the_valid_choices_in_lexicographic_order(
    pools: list[list[int]],
) -> None:
    assert walk.readings(pools) == brute(pools)


@settings(max_examples=150, deadline=None)
@given(any_pools)
def test_count_and_exists_agree_with_the_listing(pools: list[list[int]]) -> None:
    found = brute(pools)
    codes = 0
    for _, code in found:
        codes |= 1 << code
    assert walk.count(pools) == (codes, len(found))
    assert walk.exists(pools) == bool(found)
    _, total, stopped = walk.walk(pools)
    assert total == len(found) and not stopped


@settings(max_examples=150, deadline=None)
@given(any_pools, st.integers(0, 2**32))
def test_a_sample_is_a_valid_reading_of_its_code_and_none_when_there_is_none(
    pools: list[list[int]], seed: int
) -> None:
    codes = {c for _, c in brute(pools)}
    rng = random.Random(seed)
    for code in sorted(codes) + rng.sample(range(125), 8):
        target = 1 << code
        kept = [[m for m in p if m & target] for p in pools]
        if any(not p for p in kept):
            continue
        picked = walk.sample(rng, kept, target, budget=3000, tries=50)
        if code not in codes:
            assert picked is None
        elif picked is not None:  # random tries may miss a reading, never make one up
            masks = [kept[v][k] for v, k in enumerate(picked)]
            assert valid(masks)
            total = ALL_MASK
            for m in masks:
                total &= m
            assert total == target


def test_sample_finds_a_reading_with_a_generous_budget() -> None:
    pools = [[m for _, m in CRITERIA if m >> 30 & 1][:12] for _ in range(4)]
    picked = walk.sample(random.Random(1), pools, 1 << 30, budget=10**6, tries=50)
    assert picked is not None
    assert valid([pools[v][k] for v, k in enumerate(picked)])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, len(CRITERIA) - 1), min_size=3, max_size=14, unique=True))
def test_sample_never_takes_one_key_twice(picks: list[int]) -> None:
    opts = [CRITERIA[i] for i in sorted(picks)]
    pools = [[m for _, m in opts]] * 3
    keys = [[card for card, _ in opts]] * 3
    for seed in range(3):
        for code in range(0, 125, 7):
            target = 1 << code
            kept = [i for i, (_, m) in enumerate(opts) if m & target]
            if not kept:
                continue
            sub = [[pools[0][i] for i in kept]] * 3
            subkeys = [[keys[0][i] for i in kept]] * 3
            picked = walk.sample(random.Random(seed), sub, target, 3000, 20, keys=subkeys)
            if picked is not None:
                cards = [subkeys[0][k] for k in picked]
                assert len(set(cards)) == 3
                assert valid([sub[0][k] for k in picked])


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, len(CRITERIA) - 1), min_size=2, max_size=16, unique=True),
    st.integers(2, 4),
)
def test_ascending_readings_take_each_card_once_in_order(picks: list[int], slots: int) -> None:
    """The catalogue's and the linter's form: one list, cards ascending, each card once."""
    opts = [CRITERIA[i] for i in sorted(picks)]
    masks = [m for _, m in opts]
    after = [
        next((q for q in range(p + 1, len(opts)) if opts[q][0] > opts[p][0]), len(opts))
        for p in range(len(opts))
    ]
    seen: list[tuple[int, ...]] = []

    def keep(chosen: list[int], _acc: int, _others: Sequence[int], _w: int) -> None:
        seen.append(tuple(chosen))

    walk.walk([masks] * slots, keep, after=after)
    expected = [
        ks
        for ks in itertools.combinations(range(len(opts)), slots)
        if len({opts[k][0] for k in ks}) == slots and valid([masks[k] for k in ks])
    ]
    assert seen == expected
    # partial readings of two slots: every valid reading grows from one of them, and
    # walking on from each with ``prefix`` gives back exactly the valid readings
    heads: list[tuple[int, ...]] = []

    def head(chosen: list[int], _acc: int, _others: Sequence[int], _w: int) -> None:
        heads.append(tuple(chosen))

    walk.walk([masks] * 2, head, slots=slots, after=after)
    assert {ks[:2] for ks in expected} <= set(heads)
    regrown: list[tuple[int, ...]] = []
    for h in heads:
        walk.walk([masks] * slots, keep_into(regrown), after=after, prefix=h)
    assert regrown == expected


def keep_into(out: list[tuple[int, ...]]) -> walk.Visit:
    def keep(chosen: list[int], _acc: int, _others: Sequence[int], _w: int) -> None:
        out.append(tuple(chosen))

    return keep


@settings(max_examples=150, deadline=None)
@given(small_pools)
def test_step_and_leaf_ok_are_the_rules_one_choice_at_a_time(pools: list[list[int]]) -> None:
    """Growing a reading with :func:`walk.step` and closing it with :func:`walk.leaf_ok`
    accepts exactly the valid readings."""
    for ks in itertools.product(*(range(len(p)) for p in pools)):
        masks = [pools[v][k] for v, k in enumerate(ks)]
        acc, alive = ALL_MASK, True
        others: list[int] = []
        for m in masks[:-1]:
            grown = walk.step(acc, others, m, last=False)
            if grown is None:
                alive = False
                break
            acc, others = acc & m, grown
        ok = alive and walk.leaf_ok(acc, others, masks[-1])
        assert ok == valid(masks)
        if alive:
            assert (walk.step(acc, others, masks[-1], last=True) is not None) == ok


def test_the_visit_can_stop_the_walk() -> None:
    pools = [[m for _, m in CRITERIA[:12]], [m for _, m in CRITERIA[12:24]]] * 2
    everything = walk.readings(pools)
    assert len(everything) > 3
    seen: list[tuple[int, ...]] = []

    def three(chosen: list[int], _acc: int, _others: Sequence[int], _w: int) -> bool:
        seen.append(tuple(chosen))
        return len(seen) == 3

    assert walk.walk(pools, three)[2]
    assert seen == [ks for ks, _ in everything[:3]]


def test_weights_multiply_along_a_reading() -> None:
    pools = [[m for _, m in CRITERIA[i : i + 4]] for i in (0, 8, 16, 30)]
    doubled = [p + p for p in pools]  # every mask twice: 2**4 copies of each reading
    codes, count = walk.count(doubled)
    assert (codes, count // 16) == walk.count(pools) and count % 16 == 0


def test_no_pools_no_readings() -> None:
    assert walk.readings([]) == [] and walk.count([]) == (0, 0) and not walk.exists([])
    assert walk.sample(random.Random(0), [], 1, 10, 3) is None
