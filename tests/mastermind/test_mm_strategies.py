"""Strategies on the classic 4×6 space, against the published figures."""

from __future__ import annotations

import numpy as np
import pytest

from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.scoring import FeedbackTable
from turing.mastermind.simulate import SimulationError, sample_secrets, simulate
from turing.mastermind.space import CodeSpace
from turing.mastermind.strategies import (
    STRATEGIES,
    ExpectedCase,
    ScoredStrategy,
    Strategy,
    StrategyError,
    make_strategy,
    pick,
)


@pytest.fixture(scope="module")
def classic() -> Engine:
    return Engine(CodeSpace(4, 6))


def test_knuth_reproduces_5801_guesses_max_5(classic: Engine) -> None:
    summary, records = simulate(classic, make_strategy("knuth"))
    assert summary.games == 1296
    assert summary.total_guesses == 5801
    assert summary.max_guesses == 5
    assert dict(summary.histogram) == {1: 1, 2: 6, 3: 62, 4: 533, 5: 694}
    assert all(r.solved for r in records)


def test_knuth_opens_with_1122(classic: Engine) -> None:
    first = make_strategy("knuth").choose(classic, (), classic.everything)
    assert classic.space.code(first) == (0, 0, 1, 1)


@pytest.mark.parametrize(
    ("name", "total", "worst"),
    [
        ("most-parts", 5668, 6),  # Kooi 2005: 4.373
        ("entropy", 5722, 6),  # 4.415
        ("expected-size", 5696, 6),  # Irving: 4.395
    ],
)
def test_heuristics_match_published_totals(
    classic: Engine, name: str, total: int, worst: int
) -> None:
    summary, _ = simulate(classic, make_strategy(name))
    assert (summary.total_guesses, summary.max_guesses) == (total, worst)


def test_expected_case_search_is_at_most_4_40(classic: Engine) -> None:
    summary, _ = simulate(classic, ExpectedCase(width=3))
    assert summary.total_guesses <= 1296 * 4.40
    assert summary.total_guesses == 5639  # optimal is 5625 (Koyama and Lai 1993)


def test_random_consistent_is_deterministic_per_seed(classic: Engine) -> None:
    a, _ = simulate(classic, make_strategy("random-consistent", seed=3))
    b, _ = simulate(classic, make_strategy("random-consistent", seed=3))
    c, _ = simulate(classic, make_strategy("random-consistent", seed=4))
    assert a.total_guesses == b.total_guesses
    assert a.histogram == b.histogram
    assert a.mean < 5
    assert (a.total_guesses, a.histogram) != (c.total_guesses, c.histogram)


def test_every_game_ends_with_a_win_on_the_secret(classic: Engine) -> None:
    _, records = simulate(classic, make_strategy("entropy"), sample_secrets(1296, 50, seed=1))
    for record in records:
        guess, key = record.rows[-1]
        assert guess == record.secret and key == classic.win_key
        assert classic.consistent(record.rows[:-1]).size > 0


def test_row_limit_leaves_games_unsolved(classic: Engine) -> None:
    summary, records = simulate(classic, make_strategy("knuth"), max_rows=4)
    assert summary.unsolved == 694
    assert summary.max_guesses == 4
    assert sum(not r.solved for r in records) == 694


@pytest.mark.parametrize(
    ("space", "name"),
    [
        (CodeSpace(4, 6), "knuth"),
        (CodeSpace(4, 6), "most-parts"),
        (CodeSpace(4, 6), "entropy"),
        (CodeSpace(4, 6), "expected-size"),
        (CodeSpace(4, 8, repeats=False, blank=True), "most-parts"),
        (CodeSpace(3, 5, blank=True), "entropy"),
        (CodeSpace(5, 4), "knuth"),
    ],
)
def test_symmetry_pool_changes_no_choice(space: CodeSpace, name: str) -> None:
    """Scoring one guess per symmetry class picks what scoring every code picks."""
    engine = Engine(space)
    strategy = make_strategy(name)
    assert isinstance(strategy, ScoredStrategy)
    rng = np.random.default_rng(5)
    n = len(space)
    histories: list[History] = [()]
    for _ in range(8):
        secret = int(rng.integers(n))
        history: History = ()
        for _ in range(int(rng.integers(1, 3))):
            guess = int(rng.integers(n))
            history = (*history, (guess, engine.table.key(guess, secret)))
        histories.append(history)
    for history in histories:
        candidates = engine.consistent(history)
        if len(candidates) < 3:
            continue
        chosen = strategy.choose(engine, history, candidates)
        every = engine.everything
        cost = strategy.cost(engine.partition_counts(every, candidates))
        full = int(np.lexsort((every, ~np.isin(every, candidates), cost))[0])
        assert chosen == full, (history, space.code(chosen), space.code(full))


def test_unknown_strategy() -> None:
    with pytest.raises(StrategyError, match="unknown strategy 'best'"):
        make_strategy("best")
    assert set(STRATEGIES) >= {"knuth", "entropy", "most-parts", "random-consistent", "expected"}


def test_sample_is_checked() -> None:
    with pytest.raises(SimulationError, match="more than"):
        sample_secrets(10, 11, seed=0)
    assert list(sample_secrets(10, 10, seed=0)) == list(range(10))


class PlainScored(Strategy):
    """The strategy's rule applied the plain way: every code scored against every
    candidate at every node, then the documented tie-break."""

    def __init__(self, inner: ScoredStrategy) -> None:
        self.inner = inner

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        if len(candidates) <= 2:
            return int(candidates[0])
        every = engine.everything
        counts = np.stack(
            [
                np.bincount(engine.table.row(g, candidates), minlength=engine.table.size)
                for g in every.tolist()
            ]
        )
        return pick(every, self.inner.cost(counts), candidates)


@pytest.mark.parametrize("name", ["knuth", "most-parts", "entropy", "expected-size"])
@pytest.mark.parametrize(
    "space",
    [
        CodeSpace(3, 4),
        CodeSpace(4, 4),
        CodeSpace(3, 5, blank=True),
        CodeSpace(4, 6, repeats=False),
        CodeSpace(3, 7),
    ],
)
def test_fast_tree_equals_plain_tree(space: CodeSpace, name: str) -> None:
    """Symmetry, bounds, slices and sorted keys change no game of the whole tree."""
    fast = make_strategy(name)
    assert isinstance(fast, ScoredStrategy)
    _, fast_games = simulate(Engine(space), fast)
    _, plain_games = simulate(Engine(space), PlainScored(fast))
    assert fast_games == plain_games


@pytest.mark.parametrize(
    "space", [CodeSpace(4, 4), CodeSpace(4, 6, repeats=False), CodeSpace(3, 5, blank=True)]
)
def test_fast_tree_equals_plain_tree_without_a_whole_table(space: CodeSpace) -> None:
    """The computed scoring (no codes² table) plays the same games as the plain way."""
    for name in ["knuth", "most-parts", "entropy", "expected-size"]:
        fast = make_strategy(name)
        assert isinstance(fast, ScoredStrategy)
        computed = Engine(space, FeedbackTable(space, full=False))
        _, fast_games = simulate(computed, fast)
        _, plain_games = simulate(Engine(space), PlainScored(fast))
        assert fast_games == plain_games, name


@pytest.mark.parametrize(
    "space",
    [
        CodeSpace(4, 6),
        CodeSpace(4, 6, repeats=False),
        CodeSpace(4, 8, repeats=False, blank=True),
        CodeSpace(3, 5, blank=True),
    ],
)
def test_distinct_guesses_keep_the_lowest_of_every_split(space: CodeSpace) -> None:
    """Codes that differ only in colours no candidate has split the candidates alike: the
    lowest code of every split is kept, and with two such colours or more fewer are kept."""
    engine = Engine(space)
    rng = np.random.default_rng(11)
    reduced = 0
    for _ in range(30):
        # Candidates over a few colours, so that some colours are dead.
        colours = rng.choice(space.symbols, size=int(rng.integers(2, space.symbols)), replace=False)
        inside = np.isin(space.codes, colours).all(axis=1)
        candidates = np.flatnonzero(inside & (rng.random(len(space)) < 0.3)).astype(np.int64)
        if len(candidates) == 0:
            continue
        distinct = engine.distinct_guesses(candidates)
        assert list(distinct.indices) == list(np.flatnonzero(distinct.mask))
        assert distinct.mask[candidates].all()
        keys = engine.table.keys(engine.everything, candidates)
        _, first = np.unique(keys, axis=0, return_index=True)
        assert distinct.mask[first].all()  # np.unique gives the lowest index of each split
        if space.symbols - len(colours) >= 2:
            assert not distinct.everything
            reduced += 1
    assert reduced
