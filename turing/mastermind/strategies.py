"""Codebreaking strategies: each picks the next guess from the rows played so far.

Every strategy is deterministic given its seed: the same history always gets the same
guess, so a simulation can share work between secrets and a game can be replayed.

Scored strategies look at how each guess splits the candidates (the codes still
consistent with every row) into feedback classes, and take the guess of lowest cost.
**Tie-breaks, for all of them:** lower cost, then a guess that is itself a candidate
(it might win at once), then the lowest code index (``1122`` before ``1123``). Guesses
are chosen from every legal code, not only candidates; :meth:`Engine.guess_pool` scores
one code per symmetry class where that is exact, and :meth:`Engine.distinct_guesses` one
code of those that differ only in colours no candidate has: neither changes any choice.

- ``knuth`` — minimax: the largest class as small as possible (Knuth 1976).
- ``most-parts`` — as many non-empty classes as possible (Kooi 2005).
- ``entropy`` — the most information: maximal entropy of the class sizes (Neuwirth 1982).
- ``expected-size`` — the smallest expected class size, Σ size² (Irving 1979).
- ``expected`` — searches the game tree for the smallest expected number of guesses,
  trying at every node the ``width`` guesses best by a lower bound of that number; with
  every guess tried it would be the optimal expected-case strategy, with a few it is
  near-optimal. Above 10,000 codes entropy opens and the search plays the end game
  (see docs/mastermind.md for measured figures).
- ``optimal`` — the fewest guesses in total, by exact search (:mod:`.optimal`); the
  trees of the classic board and Superhirn's are stored with the package, other games of
  at most 216 codes are searched on first use, and :meth:`Strategy.check` refuses the rest.
- ``optimal-worst`` — the same within the minimax worst case (5 guesses on the classic
  board: 5,626 in total; 6 on Superhirn: 7,817; both stored).
- ``random-consistent`` — a uniformly random candidate, seeded per position of the game.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from turing.core.errors import TuringError
from turing.i18n import _, format_list, format_number
from turing.mastermind.engine import Distinct, Engine, History, Indices
from turing.mastermind.space import CodeSpace

if TYPE_CHECKING:
    from turing.mastermind.optimal import ProgressCallback, StrategyTree


class StrategyError(TuringError):
    """An unknown strategy name, or a strategy setting out of range."""


class Strategy(ABC):
    """Chooses a guess (a code index) given the history and the consistent candidates."""

    name: ClassVar[str]
    summary: ClassVar[str]

    @abstractmethod
    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        """The next guess; ``candidates`` is never empty."""

    def check(self, space: CodeSpace) -> None:
        """:class:`StrategyError` when the strategy cannot play ``space`` in reasonable time
        (checked before a game begins, so that no one waits for a guess that never comes).
        Every strategy but the optimal ones plays every game."""
        return None


class ScoredStrategy(Strategy):
    """Scores every guess in the pool by how it splits the candidates; lowest cost wins."""

    @abstractmethod
    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """One cost per guess from its class sizes ``counts[guess, feedback key]``."""

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        n = len(candidates)
        if n <= 2:
            # Guessing a candidate splits the rest into singletons: no guess does better.
            return int(candidates[0])
        distinct = engine.distinct_guesses(candidates)
        if n > CANDIDATES_FIRST_LIMIT:
            # Many candidates: the symmetry pool is far smaller than the candidates.
            pool = engine.guess_pool(history, candidates)
            pool = pool[distinct.mask[pool]]
            return pick(pool, self.cost(engine.partition_counts(pool, candidates)), candidates)
        # The candidates first: the best of them is the answer unless a non-candidate
        # costs strictly less (a candidate wins ties). The lowest candidate of a cost is
        # the lowest of its symmetry class, so the pool's answer is the same.
        scorer = engine.against(candidates)
        candidate_cost = self.cost(scorer.counts(candidates))
        best = float(candidate_cost.min())
        best_candidate = int(candidates[candidate_cost == best].min())
        classes = engine.feedback_count - 1  # a non-candidate never gets the winning key
        if best <= self._floor(n, classes, engine.table.size):
            return best_candidate
        full = engine.table.has_full_table
        if n <= SORTED_LIMIT and not full:
            return self._choose_sorted(engine, candidates, distinct)
        pool = engine.guess_pool(history, candidates)
        pool = pool[distinct.mask[pool]]
        pool = pool[~np.isin(pool, candidates, assume_unique=True)]
        # Then every other guess of the pool. (Scoring them against growing slices of
        # the candidates, to drop a guess once its cost so far shows it cannot win, was
        # measured slower: the costs so far bound too weakly to drop many.)
        cost = self.cost(scorer.counts(pool))
        lowest = float(cost.min()) if len(pool) else best
        return int(pool[cost == lowest].min()) if lowest < best else best_candidate

    def _choose_sorted(self, engine: Engine, candidates: Indices, distinct: Distinct) -> int:
        """Score every code at once for a few candidates: sort each code's keys down the
        candidates with a sorting network, read the classes off as runs of equal keys.
        Only the lowest code of each kind in ``distinct`` need be scored."""
        everything = distinct.indices
        if distinct.everything:
            keys = engine.table.columns(candidates)
        else:
            keys = distinct.columns.keys(candidates)
        _sort_rows(keys)
        cost = self.run_cost(_runs(keys))
        error = self.run_error(len(candidates))
        if error:
            near = everything[cost <= cost.min() + 2 * error + 2e-6]
            return pick(near, self.cost(engine.partition_counts(near, candidates)), candidates)
        lowest = cost.min()
        winners = everything[cost == lowest]
        inside = winners[np.isin(winners, candidates, assume_unique=True)]
        return int(inside[0] if len(inside) else winners[0])

    def run_cost(self, runs: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
        """Each guess's cost from ``runs[i, g]``, the length of the run of equal keys
        ending at row ``i`` when guess ``g``'s keys are sorted (a class of ``m`` codes
        shows runs ``1 … m``), within :meth:`run_error` of :meth:`cost`."""
        raise NotImplementedError

    def run_error(self, n: int) -> float:
        """How far :meth:`run_cost` over ``n`` candidates may lie from :meth:`cost`."""
        return 0.0

    def _floor(self, n: int, classes: int, size: int) -> float:
        """The cost of the most even split of ``n`` codes into ``classes``: no guess
        that is not a candidate costs less (every cost here grows with unevenness)."""
        even = np.zeros((1, size), dtype=np.int64)
        q, r = divmod(n, classes)
        even[0, :classes] = q
        even[0, :r] += 1
        return float(self.cost(even)[0])


def pick(pool: Indices, cost: npt.NDArray[np.float64], candidates: Indices) -> int:
    """The documented tie-break: lowest cost, then a candidate, then the lowest index."""
    is_candidate = np.isin(pool, candidates)
    order = np.lexsort((pool, ~is_candidate, cost))
    return int(pool[order[0]])


CANDIDATES_FIRST_LIMIT: Final = 1024
"""Above this many candidates the pool is scored at once, candidates and all."""
SORTED_LIMIT: Final = 64
"""Up to this many candidates every code is scored by sorting its keys (no pool)."""


@lru_cache(maxsize=64)
def _network(n: int) -> tuple[tuple[int, int], ...]:
    """Batcher's odd–even merge sort for ``n`` items, as compare-exchange pairs."""
    size = 1
    while size < n:
        size *= 2
    pairs: list[tuple[int, int]] = []
    p = 1
    while p < size:
        k = p
        while k >= 1:
            for j in range(k % p, size - k, 2 * k):
                for i in range(min(k, size - j - k)):
                    if (i + j) // (2 * p) == (i + j + k) // (2 * p) and i + j + k < n:
                        pairs.append((i + j, i + j + k))
            k //= 2
        p *= 2
    return tuple(pairs)


def _sort_rows(keys: npt.NDArray[np.uint8]) -> None:
    """Sort each column of ``keys`` in place (rows are the items)."""
    spare = np.empty(keys.shape[1], dtype=keys.dtype)
    for i, j in _network(len(keys)):
        np.minimum(keys[i], keys[j], out=spare)
        np.maximum(keys[i], keys[j], out=keys[j])
        keys[i] = spare


def _runs(keys: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """``runs[i, g]``: how many rows up to ``i`` hold the same key as row ``i`` in the
    sorted column ``g`` (a run of ``m`` equal keys reads ``1 … m``)."""
    runs = np.ones_like(keys)
    same = (keys[1:] == keys[:-1]).view(np.uint8)
    for i in range(1, len(keys)):
        np.multiply(runs[i - 1], same[i - 1], out=runs[i])
        runs[i] += 1
    return runs


@lru_cache(maxsize=32)
def _xlogx(bits: int) -> npt.NDArray[np.float64]:
    """``m·log2(m)`` for every ``m`` below ``2**bits`` (0 for 0)."""
    top = np.arange(1 << bits, dtype=np.float64)
    table: npt.NDArray[np.float64] = top * np.log2(np.maximum(top, 1.0))
    table.setflags(write=False)
    return table


def _spread(n: int) -> npt.NDArray[np.int64]:
    """An order of ``0 … n-1`` that samples the whole range early (a stride coprime to n)."""
    stride = 7919 if n % 7919 else 7907
    return (np.arange(n, dtype=np.int64) * stride) % n


class Knuth(ScoredStrategy):
    name = "knuth"
    summary = "minimax: make the largest remaining class smallest (Knuth 1976)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        largest: npt.NDArray[np.float64] = counts.max(axis=1).astype(np.float64)
        return largest

    def run_cost(self, runs: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
        largest: npt.NDArray[np.float64] = runs.max(axis=0).astype(np.float64)
        return largest


class MostParts(ScoredStrategy):
    name = "most-parts"
    summary = "split the candidates into the most classes (Kooi 2005)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        parts: npt.NDArray[np.float64] = (counts > 0).sum(axis=1).astype(np.float64)
        return -parts

    def run_cost(self, runs: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
        parts: npt.NDArray[np.float64] = (runs == 1).sum(axis=0).astype(np.float64)
        return -parts


ENTROPY_UNIT_BITS: Final = 16


def _entropy_steps() -> npt.NDArray[np.uint32]:
    top = np.arange(256, dtype=np.float64)
    plain = top * np.log2(np.maximum(top, 1.0))
    step = np.diff(plain, prepend=0.0)
    units: npt.NDArray[np.uint32] = np.round(step * (1 << ENTROPY_UNIT_BITS)).astype(np.uint32)
    return units


_ENTROPY_STEPS: Final = _entropy_steps()


class Entropy(ScoredStrategy):
    name = "entropy"
    summary = "maximise the expected information of the feedback (Neuwirth 1982)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        # Max entropy = min Σ n·log2(n); rounded so that equal splits tie exactly.
        terms = _xlogx(int(counts.max(initial=0)).bit_length()).take(counts)
        weighted: npt.NDArray[np.float64] = np.round(terms.sum(axis=1), 6)
        return weighted

    def run_cost(self, runs: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
        # m·log2(m) is the sum of its steps (r·log2 r − (r−1)·log2(r−1)) over r = 1 … m,
        # each step in whole units of 2⁻¹⁶ (the sums stay in 32 bits, and are quick).
        units = _ENTROPY_STEPS.take(runs).sum(axis=0, dtype=np.uint32)
        weighted: npt.NDArray[np.float64] = units / float(1 << ENTROPY_UNIT_BITS)
        return weighted

    def run_error(self, n: int) -> float:
        # Each step is off by at most half a unit.
        return n / float(1 << (ENTROPY_UNIT_BITS + 1))

    def _floor(self, n: int, classes: int, size: int) -> float:
        # The even split's Σ n·log2(n), a hair lower so that summing in another order
        # cannot lift it over the cost of a real guess.
        q, r = divmod(n, classes)
        sizes = [q + 1] * r + [q] * (classes - r)
        raw = sum(m * math.log2(m) for m in sizes if m > 1)
        return float(np.round(raw - 1e-9, 6)) if raw > 0 else 0.0


class ExpectedSize(ScoredStrategy):
    name = "expected-size"
    summary = "minimise the expected size of the remaining class (Irving 1979)"

    def cost(self, counts: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        squares: npt.NDArray[np.float64] = (counts * counts).sum(axis=1).astype(np.float64)
        return squares

    def run_cost(self, runs: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
        # 1 + 3 + … + (2m − 1) = m²
        total = runs.sum(axis=0, dtype=np.uint16 if len(runs) < 256 else np.int64)
        odd = 2 * total.astype(np.int64) - len(runs)
        squares: npt.NDArray[np.float64] = odd.astype(np.float64)
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
            raise StrategyError(_("the search width must be at least 1"))
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


class Optimal(Strategy):
    """The fewest guesses in total over every secret (:mod:`turing.mastermind.optimal`).

    Plays the tree stored with the package for the game when there is one (classic
    4×6: 5,625 guesses; Superhirn 4×8 without repeats: 7,817); otherwise it searches the
    optimal tree on first use, reporting its bounds to ``progress`` while it runs. That
    takes seconds for a game of at most :data:`~turing.mastermind.optimal.SEARCH_LIMIT`
    codes and minutes or more for a larger one, which :meth:`check` refuses. A history the
    tree does not reach (rows played by someone else) is searched from there.
    """

    name = "optimal"
    summary = "the fewest guesses in total over all secrets, by exact search"

    def __init__(
        self, max_guesses: int | None = None, progress: ProgressCallback | None = None
    ) -> None:
        self.max_guesses = max_guesses
        self.progress = progress
        self._trees: dict[CodeSpace, StrategyTree] = {}

    @classmethod
    def from_tree(cls, tree: StrategyTree) -> Optimal:
        """A codebreaker that plays ``tree`` in its game."""
        strategy = cls(tree.max_guesses)
        strategy._trees[tree.space] = tree
        return strategy

    def tree(self, engine: Engine) -> StrategyTree:
        """The whole strategy for the engine's game, stored or searched."""
        from turing.mastermind.optimal import OptimalSearch, stored_tree
        from turing.mastermind.simulate import simulate

        tree = self._trees.get(engine.space)
        if tree is None:
            tree = stored_tree(engine.space, self.max_guesses)
            if tree is None:
                # A good strategy's total bounds the search from the start.
                upper = None
                if self.max_guesses is None:
                    upper = simulate(engine, MostParts())[0].total_guesses
                search = OptimalSearch(engine, max_guesses=self.max_guesses, progress=self.progress)
                tree = search.solve(upper=upper)
            self._trees[engine.space] = tree
        return tree

    def check(self, space: CodeSpace) -> None:
        """Plays a game whose tree is stored with the package, or a game of at most
        :data:`~turing.mastermind.optimal.SEARCH_LIMIT` codes, which it searches in
        seconds; any other game's search takes minutes or more."""
        from turing.mastermind.optimal import SEARCH_LIMIT
        from turing.mastermind.presets import PRESETS

        if space in self._trees or len(space) <= SEARCH_LIMIT or self._stored(space):
            return
        presets = [preset.name for preset in PRESETS.values() if self._stored(preset.space)]
        raise StrategyError(
            _(
                "the {strategy} strategy plays only the {presets} games as they come (no "
                "variant) and games of at most {limit} codes; this one has {codes}, too many "
                "to search in reasonable time; use entropy, most-parts, expected-size or knuth"
            ).format(
                strategy=self.name,
                codes=format_number(len(space)),
                limit=format_number(SEARCH_LIMIT),
                presets=format_list(presets),
            )
        )

    def _stored(self, space: CodeSpace) -> bool:
        """Whether the tree this strategy plays on ``space`` ships with the package."""
        from turing.mastermind.optimal import stored_limits

        return self.max_guesses in stored_limits(space)

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        from turing.mastermind.optimal import OptimalSearch

        tree = self.tree(engine)
        guess = tree.guess(engine, history, candidates)
        if guess is None:
            left = None if self.max_guesses is None else self.max_guesses - len(history)
            if left is not None and left < 1:
                raise StrategyError(
                    _("no guess left within {most} per game").format(most=self.max_guesses)
                )
            search = OptimalSearch(engine, max_guesses=left, progress=self.progress)
            tree.guesses.update(search.solve(candidates, history).guesses)
            guess = tree.guesses[history]
        return guess


class OptimalWorst(Optimal):
    """The worst case first, then the total: the fewest guesses in total among strategies
    that never need more guesses than Knuth's minimax strategy does on the board (5 on
    the classic board, the least possible there: 5,626 in total; 6 on Superhirn: 7,817,
    as without the limit; both stored)."""

    name = "optimal-worst"
    summary = "the fewest guesses in total within the minimax worst case, by exact search"

    def _stored(self, space: CodeSpace) -> bool:
        from turing.mastermind.optimal import stored_limits

        if self.max_guesses is not None:
            return super()._stored(space)
        # The limit is Knuth's worst case on the board, stored in the tree's name.
        return any(limit is not None for limit in stored_limits(space))

    def tree(self, engine: Engine) -> StrategyTree:
        if self.max_guesses is None:
            from turing.mastermind.simulate import simulate

            self.max_guesses = simulate(engine, Knuth())[0].max_guesses
        return super().tree(engine)


STRATEGIES: Final[dict[str, type[Strategy]]] = {
    cls.name: cls
    for cls in (
        Knuth,
        MostParts,
        Entropy,
        ExpectedSize,
        ExpectedCase,
        Optimal,
        OptimalWorst,
        RandomConsistent,
    )
}


def make_strategy(
    name: str, *, seed: int = 0, progress: ProgressCallback | None = None
) -> Strategy:
    """A strategy by name; ``random-consistent`` takes the seed, ``optimal`` reports its
    search's progress (bounds) to ``progress``."""
    cls = STRATEGIES.get(name)
    if cls is None:
        raise StrategyError(
            _("unknown strategy {name!r}; choose one of {choices}").format(
                name=name, choices=", ".join(sorted(STRATEGIES))
            )
        )
    if cls is RandomConsistent:
        return RandomConsistent(seed)
    if issubclass(cls, Optimal):
        return cls(progress=progress)
    return cls()
