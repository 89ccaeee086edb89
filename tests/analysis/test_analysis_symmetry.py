"""Interchangeable letters: the symmetric search gives the plain search's figures."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from testsupport.cli import ROOT
from turing.analysis import symmetry as symmetry_module
from turing.analysis.search import (
    AnalysisTooLarge,
    OptimalBot,
    Search,
    analyze_hypotheses,
    next_test,
)
from turing.analysis.symmetry import LetterSymmetry, code_symmetries
from turing.core.cards import load_cardset
from turing.core.codes import CODE_PERMUTATIONS, NUM_CODES, Code, indices
from turing.core.puzzle import iter_puzzle_file
from turing.core.solver import Hypothesis, after_test, deduce
from turing.generation.generator import generate_one

CLASSIC = load_cardset("classic")
PUZZLES = ROOT / "puzzles"


def reading(h: Hypothesis) -> tuple[tuple[int, int], ...]:
    """The criteria a nightmare hypothesis gives the shown cards, whoever holds them."""
    return tuple(sorted((o.card, o.position) for o in h.options))


def nightmare_subset(seed: int, readings: int, verifiers: int = 4) -> list[Hypothesis]:
    """The hypotheses of a few valid readings of a nightmare puzzle, every dealing of each:
    still a set every letter permutation keeps, small enough for the plain search."""
    puzzle = generate_one("nightmare", verifiers, None, seed, CLASSIC)
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    keep = set(sorted({reading(h) for h in hyps})[:readings])
    return [h for h in hyps if reading(h) in keep]


def answered(
    hyps: Sequence[Hypothesis], answers: Sequence[tuple[int, int, bool]]
) -> tuple[Hypothesis, ...]:
    """The hypotheses left after ``answers`` (code, verifier, result), skipping any answer
    that no hypothesis left allows."""
    left = tuple(hyps)
    for code, verifier, result in answers:
        narrowed = after_test(left, code, verifier, result)
        if narrowed:
            left = narrowed
    return left


def figures(hyps: Sequence[Hypothesis], symmetry: bool) -> tuple[object, ...]:
    a = analyze_hypotheses(hyps, symmetry=symmetry)
    return (
        a.min_tests_worst,
        a.min_tests_expected_exact,
        a.rounds_worst,
        a.rounds_expected_exact,
        a.expected_bounds_exact,
    )


# -- the classes of letters ----------------------------------------------------------------


def test_every_nightmare_letter_is_interchangeable_before_any_test() -> None:
    for n in (4, 5):
        puzzle = generate_one("nightmare", n, None, 3, CLASSIC)
        search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
        assert search.root_classes == (tuple(range(n)),)
        assert search.symmetric


def test_classic_letters_with_different_cards_are_not_interchangeable() -> None:
    puzzle = generate_one("classic", 5, None, 3, CLASSIC)
    search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
    assert search.root_classes == ()
    assert not search.symmetric


def test_a_test_takes_its_letter_out_of_the_class() -> None:
    hyps = nightmare_subset(2, 2)
    search = Search(hyps)
    # After answers on B, the letters A, C, D are still interchangeable, and found so.
    for code in range(0, NUM_CODES, 7):
        for result in (True, False):
            left = after_test(hyps, code, 1, result)
            if not left or len(left) == len(hyps):
                continue
            state = search.state_of(left)
            assert state is not None
            assert search.part_of(state) == ((0, 2, 3),)
            break


def test_classes_are_checked_not_assumed() -> None:
    """Letters holding the same masks but not swappable with their weights are no class."""
    keys = [(1, 2), (2, 1), (1, 1)]
    assert LetterSymmetry(keys, [1, 1, 1]).root == ((0, 1),)
    assert LetterSymmetry(keys, [1, 2, 1]).root == ()
    assert LetterSymmetry([(1, 2), (2, 2)], [1, 1]).root == ()
    keys3 = [p for p in itertools.permutations((4, 8, 16))]
    assert LetterSymmetry(keys3, [1] * 6).root == ((0, 1, 2),)


def kept_classes(sym: LetterSymmetry, state: int) -> tuple[tuple[int, ...], ...]:
    """The classes of the root whose swaps keep ``state``, straight from the definition:
    the image of every group in the state is in it."""

    def keeps(a: int, b: int) -> bool:
        perm = sym._permutation(a, b)
        return all(state >> int(perm[g]) & 1 for g in range(sym.size) if state >> g & 1)

    classes: list[tuple[int, ...]] = []
    for cls in sym.root:
        found: list[list[int]] = []
        for x in cls:
            home = next((c for c in found if keeps(c[0], x)), None)
            if home is None:
                found.append([x])
            else:
                home.append(x)
        classes.extend(tuple(c) for c in found if len(c) > 1)
    return tuple(sorted(classes))


@pytest.mark.parametrize("shifts", [symmetry_module.MAX_SHIFTS, 0])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_classes_a_state_keeps_are_those_its_swaps_keep(
    shifts: int, data: st.DataObject
) -> None:
    """Compared shift by shift or as arrays (past :data:`MAX_SHIFTS` distances), the classes
    found are those of the definition, on random states and on states a swap keeps."""
    hyps = nightmare_subset(data.draw(st.sampled_from([2, 3, 5])), 3)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(symmetry_module, "MAX_SHIFTS", shifts)
        sym = Search(hyps)._sym
        assert sym is not None and sym.root
        state = data.draw(st.integers(1, (1 << sym.size) - 1))
        a, b = data.draw(st.sampled_from(list(itertools.combinations(sym.root[0], 2))))
        perm = sym._permutation(a, b)
        image = sum(1 << int(perm[g]) for g in range(sym.size) if state >> g & 1)
        for s in (state, state | image, state & image):
            if s:
                assert sym.of_state(s) == kept_classes(sym, s)


# -- the symmetric search against the plain one --------------------------------------------


@pytest.mark.parametrize(("seed", "readings"), [(2, 2), (3, 2), (3, 3), (5, 2)])
def test_nightmare_figures_match_the_plain_search(seed: int, readings: int) -> None:
    hyps = nightmare_subset(seed, readings)
    assert len({h.code for h in hyps}) >= 2
    assert figures(hyps, True) == figures(hyps, False)


@pytest.mark.parametrize("mode", ["classic", "extreme", "nightmare"])
def test_generated_puzzles_match_the_plain_search(mode: str) -> None:
    checked = 0
    for seed in range(40):
        puzzle = generate_one(mode, 4, None, seed, CLASSIC)
        hyps = deduce(puzzle.public(), CLASSIC).hypotheses
        if not 2 <= len(hyps) <= (150 if mode != "nightmare" else 48):
            continue
        assert figures(hyps, True) == figures(hyps, False), puzzle.id
        checked += 1
        if checked == 3:
            break
    assert checked >= 1


def test_the_shipped_puzzles_match_the_plain_search() -> None:
    for name in ("published.yaml", "sample.yaml", "extreme.yaml", "nightmare.yaml"):
        for loaded in iter_puzzle_file(PUZZLES / name, CLASSIC):
            hyps = deduce(loaded.puzzle.public(), CLASSIC).hypotheses
            if not hyps:
                continue
            try:
                plain = Search(hyps, symmetry=False, max_work=300_000_000)
                worst = plain.min_tests(plain.full)
            except AnalysisTooLarge:
                continue  # too large for the plain search
            search = Search(hyps)
            assert search.min_tests(search.full) == worst, loaded.puzzle.id
            if len(hyps) <= 60:
                plain.max_work = search.max_work
                assert search.expected_sum(search.full) == plain.expected_sum(plain.full)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.sampled_from([2, 3, 4, 5]),
    answers=st.lists(
        st.tuples(st.integers(0, NUM_CODES - 1), st.integers(0, 3), st.booleans()),
        min_size=1,
        max_size=3,
    ),
)
def test_any_later_state_matches_the_plain_search(
    seed: int, answers: list[tuple[int, int, bool]]
) -> None:
    """After any answers (letters then no longer all alike), both searches agree, in the
    search of the whole table (classes found for the state) and in one of the state."""
    hyps = nightmare_subset(seed, 2)
    symmetric = Search(hyps)
    plain = Search(hyps, symmetry=False)
    left = answered(hyps, answers)
    state = symmetric.state_of(left)
    assert state is not None and state == plain.state_of(left)
    assert symmetric.min_tests(state) == plain.min_tests(state)
    assert symmetric.expected_sum(state) == plain.expected_sum(state)
    assert symmetric.optimal_splits(state) == plain.optimal_splits(state)
    own = Search(left)
    assert own.min_tests(own.full) == plain.min_tests(state)


# -- the policy uses it --------------------------------------------------------------------


def test_next_test_keeps_the_guarantee_on_a_symmetric_table() -> None:
    hyps = nightmare_subset(3, 3)
    plain = Search(hyps, symmetry=False)
    rng = random.Random(5)
    left = tuple(hyps)
    code: str | None = None
    tested: tuple[int, ...] = ()
    for _ in range(12):
        move = next_test(left, code, tested)
        if move is None:
            if code is None:
                break
            code, tested = None, ()
            continue
        code, v = move
        before = plain.state_of(left)
        assert before is not None
        result = rng.random() < 0.5
        narrowed = after_test(left, code, v, result)
        if not narrowed:
            narrowed = after_test(left, code, v, not result)
        after = plain.state_of(narrowed)
        assert after is not None
        # The move never loses a test against the optimum.
        assert plain.min_tests(after) <= plain.min_tests(before) - 1
        left, tested = narrowed, (*tested, v)
    assert len({h.code for h in left}) == 1


def test_the_optimal_bot_searches_with_symmetry() -> None:
    from dataclasses import replace

    from turing.play.bots import run_game
    from turing.play.game import Game

    puzzle = list(iter_puzzle_file(PUZZLES / "nightmare.yaml", CLASSIC))[1].puzzle
    assert puzzle.id == "04-N"
    bot = OptimalBot()
    game = Game(replace(puzzle), ["p"], CLASSIC)
    result = run_game(game, {"p": bot})
    assert result.winners == ("p",)
    assert bot._search is not None and bot._search.symmetric


# -- states equal up to a permutation of letters ----------------------------------------------


def _mirrored_states(search: Search, hyps: Sequence[Hypothesis]) -> tuple[int, int]:
    """Two different states, one the other with letters 0 and 1 swapped (the same tests,
    made on swapped letters), that need 3 tests or more."""
    rng = random.Random(11)
    plain = Search(hyps, symmetry=False)
    for _ in range(2000):
        tests = [(rng.randrange(NUM_CODES), rng.randrange(2), rng.random() < 0.5) for _ in range(2)]
        swapped = [(c, 1 - v, r) for c, v, r in tests]
        a, b = search.state_of(answered(hyps, tests)), search.state_of(answered(hyps, swapped))
        assert a is not None and b is not None
        if a != b and plain.min_tests(a) >= 3:
            return a, b
    raise AssertionError("no pair of mirrored states found")


def test_states_equal_up_to_a_swap_of_letters_are_searched_once() -> None:
    hyps = nightmare_subset(3, 3)
    search = Search(hyps)
    plain = Search(hyps, symmetry=False)
    a, b = _mirrored_states(search, hyps)
    assert search._orbit(a) is not None
    assert search._orbit(a) == search._orbit(b)
    t = plain.min_tests(a)
    assert t == plain.min_tests(b)
    assert search.feasible(a, t) and not search.feasible(a, t - 1)
    # The mirror image is answered from the first one's entries: nothing new is stored.
    stored = search.states_stored
    assert search.feasible(b, t) and not search.feasible(b, t - 1)
    assert search.states_stored == stored
    assert search.min_tests(b) == t
    assert search.expected_sum(a) == plain.expected_sum(b)


def test_a_state_that_is_no_product_of_letters_gets_no_shared_entry() -> None:
    """A state no run of answers leaves (here: one dealing of one reading taken out) is
    never mistaken for the state with the same masks at each letter (the whole table)."""
    hyps = nightmare_subset(3, 3)
    search = Search(hyps)
    plain = Search(hyps, symmetry=False)
    state = search.state_of(hyps[1:])
    assert state is not None and search._orbit(state) is None
    assert search.min_tests(state) == plain.min_tests(state)
    assert search.min_tests(search.full) == plain.min_tests(plain.full)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.sampled_from([2, 3, 4]),
    runs=st.lists(
        st.lists(
            st.tuples(st.integers(0, NUM_CODES - 1), st.integers(0, 3), st.booleans()),
            min_size=1,
            max_size=3,
        ),
        min_size=2,
        max_size=6,
    ),
)
def test_one_search_answers_many_states_like_the_plain_search(
    seed: int, runs: list[list[tuple[int, int, bool]]]
) -> None:
    """One search asked about many states in turn (so later ones meet entries of earlier
    ones' mirror images) agrees with the plain search on each."""
    hyps = nightmare_subset(seed, 2)
    symmetric = Search(hyps)
    plain = Search(hyps, symmetry=False)
    for answers in runs:
        state = symmetric.state_of(answered(hyps, answers))
        assert state is not None
        assert symmetric.min_tests(state) == plain.min_tests(state)
        assert symmetric.expected_sum(state) == plain.expected_sum(state)


# -- the code space's symmetries -------------------------------------------------------------


def _image(state: int, perm: Sequence[int]) -> int:
    out = 0
    for g in indices(state):
        out |= 1 << perm[g]
    return out


def test_the_code_permutations_keep_the_shape_of_the_code_space() -> None:
    assert len(set(CODE_PERMUTATIONS)) == 12
    assert CODE_PERMUTATIONS[0] == tuple(range(NUM_CODES))
    for perm in CODE_PERMUTATIONS:
        assert sorted(perm) == list(range(NUM_CODES))
    # ▲ and ■ swapped: 241 → 421; every digit mirrored: 241 → 425.
    assert Code.parse("421").index in {p[Code.parse("241").index] for p in CODE_PERMUTATIONS}
    assert Code.parse("425").index in {p[Code.parse("241").index] for p in CODE_PERMUTATIONS}


@settings(max_examples=30, deadline=None)
@given(
    mode=st.sampled_from(["nightmare", "extreme", "classic"]),
    verifiers=st.integers(4, 6),
    seed=st.integers(1, 10_000),
)
@example(mode="nightmare", verifiers=6, seed=4031)  # 64,800 assignments
def test_a_code_symmetry_maps_tests_onto_tests(mode: str, verifiers: int, seed: int) -> None:
    puzzle = generate_one(mode, verifiers, None, seed, CLASSIC)
    # Only the table is looked at: no search runs, so no size limit applies.
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    search = Search(hyps, compiled=False, max_groups=len(hyps))
    for perm in code_symmetries(search.keys):
        assert sorted(perm) == list(range(search.size))
        assert perm != tuple(range(search.size))
        # A permutation of the codes behind it: the one mapping each assignment's masks.
        behind = [
            p
            for p in CODE_PERMUTATIONS
            if all(
                _image(search.keys[g][v], p) == search.keys[perm[g]][v]
                for g in range(search.size)
                for v in range(search.verifiers)
            )
        ]
        assert behind
        pi = behind[0]
        rng = random.Random(seed)
        for g in range(search.size):
            # The code follows (found from the hypotheses, not from the masks).
            assert pi[search.code_of[g]] == search.code_of[perm[g]]
            for v in range(search.verifiers):
                for c in rng.sample(range(NUM_CODES), 10):
                    asked = bool(search.keys[g][v] >> c & 1)
                    assert asked == bool(search.keys[perm[g]][v] >> pi[c] & 1)


def test_a_symmetric_table_and_its_image_need_the_same_tests() -> None:
    # Nightmare 4 (seed 11): 72 groups, the places of the code in any order.
    puzzle = generate_one("nightmare", 4, None, 11, CLASSIC)
    hyps = deduce(puzzle.public(), CLASSIC).hypotheses
    search = Search(hyps, compiled=False)
    perms = code_symmetries(search.keys)
    assert len(perms) == 5
    for y in search.splits(search.full)[:6]:
        for half in (y, search.full ^ y):
            exact = search.min_tests(half)
            for perm in perms:
                image = _image(half, perm)
                assert Search(hyps, compiled=False).min_tests(image) == exact
