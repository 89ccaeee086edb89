"""Codebreaking strategies: each picks the next guess from the rows played so far.

Every strategy is deterministic given its seed: the same history always gets the same
guess, so a simulation can share work between secrets and a game can be replayed.

Scored strategies look at how each guess splits the candidates (the codes still
consistent with every row) into feedback classes, and take the guess of lowest cost.
**Tie-breaks, for all of them:** lower cost, then a guess that is itself a candidate
(it might win at once), then the lowest code index (``1122`` before ``1123``). Guesses
are chosen from every legal code, not only candidates; :meth:`Engine.guess_pool` scores
one code per symmetry class where that is exact, which changes no choice.

- ``knuth`` — minimax: the largest class as small as possible (Knuth 1976).
- ``most-parts`` — as many non-empty classes as possible (Kooi 2005).
- ``entropy`` — the most information: maximal entropy of the class sizes (Neuwirth 1982).
- ``expected-size`` — the smallest expected class size, Σ size² (Irving 1979).
- ``expected`` — searches the game tree for the smallest expected number of guesses,
  trying at every node the ``width`` guesses best by a lower bound of that number; with
  every guess tried it would be the optimal expected-case strategy, with a few it is
  near-optimal. Above 10,000 codes entropy opens and the search plays the end game
  (see docs/mastermind.md for measured figures).
- ``random-consistent`` — a uniformly random candidate, seeded per position of the game.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from turing.core.errors import TuringError
from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.space import CodeSpace


class StrategyError(TuringError):
    """An unknown strategy name, or a strategy setting out of range."""


class Strategy(ABC):
    """Chooses a guess (a code index) given the history and the consistent candidates."""

    name: ClassVar[str]
    summary: ClassVar[str]

    @abstractmethod
    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        """The next guess; ``candidates`` is never empty."""


class ScoredStrategy(Strategy):
    """Scores every guess in the pool by how it splits the candidates; lowest cost wins."""

    @abstractmethod
    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """One cost per guess from its class sizes ``counts[guess, feedback key]``."""

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        if len(candidates) <= 2:
            # Guessing a candidate splits the rest into singletons: no guess does better.
            return int(candidates[0])
        pool = engine.guess_pool(history, candidates)
        counts = engine.partition_counts(pool, candidates)
        return pick(pool, self.cost(counts), candidates)


def pick(pool: Indices, cost: npt.NDArray[np.float64], candidates: Indices) -> int:
    """The documented tie-break: lowest cost, then a candidate, then the lowest index."""
    is_candidate = np.isin(pool, candidates)
    order = np.lexsort((pool, ~is_candidate, cost))
    return int(pool[order[0]])


class Knuth(ScoredStrategy):
    name = "knuth"
    summary = "minimax: make the largest remaining class smallest (Knuth 1976)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        largest: npt.NDArray[np.float64] = counts.max(axis=1).astype(np.float64)
        return largest


class MostParts(ScoredStrategy):
    name = "most-parts"
    summary = "split the candidates into the most classes (Kooi 2005)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        parts: npt.NDArray[np.float64] = (counts > 0).sum(axis=1).astype(np.float64)
        return -parts


class Entropy(ScoredStrategy):
    name = "entropy"
    summary = "maximise the expected information of the feedback (Neuwirth 1982)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        # Max entropy = min Σ n·log2(n); rounded so that equal splits tie exactly.
        sizes = counts.astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(sizes > 0, sizes * np.log2(np.maximum(sizes, 1.0)), 0.0)
        weighted: npt.NDArray[np.float64] = np.round(terms.sum(axis=1), 6)
        return weighted


class ExpectedSize(ScoredStrategy):
    name = "expected-size"
    summary = "minimise the expected size of the remaining class (Irving 1979)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        squares: npt.NDArray[np.float64] = (counts * counts).sum(axis=1).astype(np.float64)
        return squares


class RandomConsistent(Strategy):
    name = "random-consistent"
    summary = "a random code consistent with every row (seeded)"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        words = [self.seed, len(history)] + [n for row in history for n in row]
        rng = np.random.default_rng(np.random.SeedSequence(words))
        return int(candidates[rng.integers(len(candidates))])


FULL_SEARCH_LIMIT: Final = 10_000
"""Spaces up to this many codes are searched from the first guess on."""
ENDGAME_SIZE: Final = 40
"""In larger spaces only candidate sets up to this size are searched; entropy leads there."""


class Plan(NamedTuple):
    """What the search found for a candidate set: guesses summed over the candidates,
    the longest game from here, and the guess to play."""

    total: int
    depth: int
    guess: int


class ExpectedCase(Strategy):
    """Expected-case search: minimise the total number of guesses over the candidates.

    ``total(S)`` is the fewest guesses, summed over the secrets in ``S``, that finish from
    here. For a guess ``g``, ``total = |S| + Σ total(class)`` over the classes it leaves
    unsolved. A class of ``m`` codes needs at least ``2m − 1`` (one code can be guessed
    at once, every other needs two more), which bounds every guess from below. Guesses
    are taken in order of that bound (ties: smaller Σ size², candidate, index); guesses
    that split the candidates exactly like one already taken are skipped, and the first
    ``width`` different splits are searched. Equal totals go to the shorter longest game.
    Results are remembered per candidate set.

    In spaces of more than 10,000 codes the tree is too large to search from the start:
    there the entropy strategy chooses while more than ``endgame`` candidates are left,
    and the search plays the end of the game, keeping the longest game short first and
    the total second (the opening's choices cannot be undone, so the end game guards the
    worst case).
    """

    name = "expected"
    summary = "search the game tree for the fewest expected guesses (near-optimal)"

    def __init__(self, width: int = 3, endgame: int = ENDGAME_SIZE) -> None:
        if width < 1:
            raise StrategyError("the search width must be at least 1")
        self.width = width
        self.endgame = endgame
        self._opening = Entropy()
        self._memo: dict[tuple[CodeSpace, bytes], Plan] = {}

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        if len(engine.space) > FULL_SEARCH_LIMIT and len(candidates) > self.endgame:
            return self._opening.choose(engine, history, candidates)
        return self.search(engine, history, candidates).guess

    def search(self, engine: Engine, history: History, candidates: Indices) -> Plan:
        """The best plan found for ``candidates`` (the rows so far give the symmetry)."""
        n = len(candidates)
        if n <= 2:
            return Plan(2 * n - 1, n, int(candidates[0]))
        memo_key = (engine.space, candidates.tobytes())
        known = self._memo.get(memo_key)
        if known is not None:
            return known
        worst_first = len(engine.space) > FULL_SEARCH_LIMIT

        def rank(total: int, depth: int) -> tuple[int, int]:
            return (depth, total) if worst_first else (total, depth)

        pool = engine.guess_pool(history, candidates)
        counts = engine.partition_counts(pool, candidates)
        is_candidate = np.isin(pool, candidates)
        win = engine.win_key
        open_counts = counts.copy()
        open_counts[:, win] = 0
        open_parts = (open_counts > 0).sum(axis=1)
        largest = open_counts.max(axis=1)
        # Lower bounds: n guesses now, then 2m − 1 for each unsolved class of m codes; a
        # class of one needs one more guess, a larger class at least two.
        bound = n + 2 * (n - is_candidate.astype(np.int64)) - open_parts
        depth_bound = 1 + np.minimum(largest, 2)
        squares = (counts * counts).sum(axis=1)
        # A guess that leaves every candidate in one unsolved class teaches nothing.
        useful = largest < n
        keys = [pool, ~is_candidate, squares, bound]
        order = np.lexsort([*keys, depth_bound] if worst_first else keys)
        order = order[useful[order]]
        best = Plan(np.iinfo(np.int64).max, np.iinfo(np.int64).max, int(pool[order[0]]))
        seen: set[bytes] = set()
        for index in order.tolist():
            if len(seen) >= self.width:
                break
            at_least = rank(int(bound[index]), int(depth_bound[index]))
            if at_least >= rank(best.total, best.depth):
                if at_least[0] > rank(best.total, best.depth)[0]:
                    break  # the order is by this first key: no later guess can do better
                continue
            guess = int(pool[index])
            split = _split_signature(engine.table.row(guess, candidates), win)
            if split in seen:
                continue
            seen.add(split)
            total, depth = n, 1
            remaining = int(bound[index]) - n
            for key, part in sorted(engine.split(guess, candidates).items()):
                if key == win:
                    continue
                remaining -= 2 * len(part) - 1
                plan = self.search(engine, (*history, (guess, key)), part)
                total += plan.total
                depth = max(depth, plan.depth + 1)
                if rank(total + remaining, depth) >= rank(best.total, best.depth):
                    break
            else:
                if rank(total, depth) < rank(best.total, best.depth):
                    best = Plan(total, depth, guess)
        self._memo[memo_key] = best
        return best


def _split_signature(keys: npt.NDArray[np.uint8], win: int) -> bytes:
    """The partition a row of feedback keys makes, whatever the keys' names (win kept)."""
    _, first, labels = np.unique(keys, return_index=True, return_inverse=True)
    rename = np.argsort(np.argsort(first)).astype(np.uint8) + 1
    named = rename[labels.reshape(-1)]
    named[keys == win] = 0
    return named.tobytes()


STRATEGIES: Final[dict[str, type[Strategy]]] = {
    cls.name: cls
    for cls in (Knuth, MostParts, Entropy, ExpectedSize, ExpectedCase, RandomConsistent)
}


def make_strategy(name: str, *, seed: int = 0) -> Strategy:
    """A strategy by name; ``random-consistent`` takes the seed."""
    cls = STRATEGIES.get(name)
    if cls is None:
        raise StrategyError(
            f"unknown strategy {name!r}; choose one of {', '.join(sorted(STRATEGIES))}"
        )
    if cls is RandomConsistent:
        return RandomConsistent(seed)
    return cls()
