"""What a codebreaker can compute about one space: candidates, partitions, symmetry.

An :class:`Engine` holds a space and its feedback table and answers the questions every
strategy asks: which codes are still consistent with the rows so far, how a guess splits
them, and which guesses are worth scoring at all (codes that colour and position renaming
map onto each other split the candidates alike, so one of each kind is enough).

A *history* is the tuple of ``(guess index, feedback key)`` rows played so far.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Final

import numpy as np
import numpy.typing as npt

from turing.mastermind.scoring import Against, Columns, FeedbackTable
from turing.mastermind.space import CodeSpace

History = tuple[tuple[int, int], ...]
Indices = npt.NDArray[np.int64]

MAX_SYMMETRY_POSITIONS: Final = 6
SYMMETRY_MIN_CANDIDATES: Final = 64
"""Reduce the guesses by symmetry only when this many candidates are left (else it costs
more than it saves)."""


DISTINCT_CACHE: Final = 32
"""How many sets of distinct guesses (one per set of colours no candidate has) to keep."""


class Distinct:
    """The guesses worth scoring against some candidates, as a mask over every code and
    as ascending indices, with their keys laid out for scoring on first use."""

    def __init__(self, mask: npt.NDArray[np.bool_], indices: Indices, table: FeedbackTable) -> None:
        self.mask = mask
        self.indices = indices
        self._table = table
        self._columns: Columns | None = None

    @property
    def everything(self) -> bool:
        return len(self.indices) == len(self.mask)

    @property
    def columns(self) -> Columns:
        if self._columns is None:
            self._columns = self._table.columns_of(self.indices)
        return self._columns


class Engine:
    """A space, its feedback table and the caches strategies share."""

    def __init__(self, space: CodeSpace, table: FeedbackTable | None = None) -> None:
        self.space = space
        self._table = table
        self.everything: Indices = np.arange(len(space), dtype=np.int64)
        self._orbits: dict[tuple[int, ...], Indices] = {}
        self._colour_bits: npt.NDArray[np.int32] | None = None
        self._alike: dict[int, Distinct] = {}

    @property
    def table(self) -> FeedbackTable:
        """The space's feedback table, built on first use and shared by engines of the space."""
        if self._table is None:
            self._table = shared_table(self.space)
        return self._table

    @property
    def win_key(self) -> int:
        return self.table.win_key

    @property
    def feedback_count(self) -> int:
        """How many different feedbacks a row can get (the winning one included)."""
        p = self.space.positions
        return (p + 1) * (p + 2) // 2 - 1

    def against(self, candidates: Indices) -> Against:
        """A scorer of any guesses against ``candidates``."""
        return self.table.against(candidates)

    def consistent(self, history: History, within: Indices | None = None) -> Indices:
        """The codes (among ``within``, default all) that give every row its feedback."""
        candidates = self.everything if within is None else within
        for guess, key in history:
            candidates = candidates[self.table.row(guess, candidates) == key]
        return candidates

    def partition_counts(self, guesses: Indices, candidates: Indices) -> npt.NDArray[np.int64]:
        """``counts[i, k]``: how many candidates answer guess ``guesses[i]`` with key ``k``."""
        return self.table.against(candidates).counts(guesses)

    def split(self, guess: int, candidates: Indices) -> dict[int, Indices]:
        """The candidates grouped by the feedback key they give ``guess``."""
        keys = self.table.row(guess, candidates)
        order = np.argsort(keys, kind="stable")
        sorted_keys = keys[order]
        bounds = np.flatnonzero(np.diff(sorted_keys)) + 1
        groups = np.split(candidates[order], bounds)
        starts = np.concatenate(([0], bounds))
        return {int(sorted_keys[s]): g for s, g in zip(starts, groups, strict=True)}

    def guess_pool(self, history: History, candidates: Indices) -> Indices:
        """The guesses worth scoring: every code, or one per symmetry class when that is exact.

        Before the first row the classes are the colour-multiplicity patterns; after some
        rows they are the orbits of the renamings that fix every guess played, which fix
        the candidate set too. The lowest index of each class stands for it, so choosing
        among the pool gives the same answer (ties included) as choosing among all codes.
        """
        if not history:
            return self.space.symmetric_roots
        if len(candidates) < SYMMETRY_MIN_CANDIDATES:
            return self.everything
        guesses = tuple(sorted({g for g, _ in history}))
        pool = self._orbits.get(guesses)
        if pool is None:
            pool = self._orbit_minima(guesses)
            self._orbits[guesses] = pool
        return pool

    def distinct_guesses(self, candidates: Indices) -> Distinct:
        """The lowest code of each kind that splits ``candidates`` alike because it differs
        only in colours no candidate has.

        A colour that no candidate holds (a *dead* colour) scores nothing wherever a guess
        puts it, so guesses that differ only in which dead colours fill which places split
        the candidates the same way. The lowest code of such a class fills those places
        with the lowest dead colours it may (with repeats: the lowest dead colour in every
        one). Candidates hold no dead colour: each is alone in its class.
        """
        bits = self._colour_bits
        if bits is None:
            bits = np.zeros(len(self.space), dtype=np.int32)
            for position in range(self.space.positions):
                bits |= np.left_shift(1, self.space.codes[:, position].astype(np.int32))
            self._colour_bits = bits
        alive = int(np.bitwise_or.reduce(bits[candidates]))
        dead = ((1 << self.space.symbols) - 1) & ~alive
        known = self._alike.pop(dead, None)
        if known is None:
            mask = self._lowest_alike(dead, bits)
            known = Distinct(mask, np.flatnonzero(mask).astype(np.int64), self.table)
            if len(self._alike) >= DISTINCT_CACHE:
                del self._alike[next(iter(self._alike))]
        self._alike[dead] = known  # the most recent last
        return known

    def _lowest_alike(self, dead: int, bits: npt.NDArray[np.int32]) -> npt.NDArray[np.bool_]:
        space = self.space
        if dead & (dead - 1) == 0:  # at most one dead colour: every code stands alone
            return np.ones(len(space), dtype=np.bool_)
        lowest = dead & -dead
        if space.repeats:
            keep: npt.NDArray[np.bool_] = (bits & (dead & ~lowest)) == 0
            return keep
        # Without repeats: the dead places, in order, hold the dead peg colours ascending,
        # then the empty hole (which may repeat) when it is dead too.
        dead_symbols = [s for s in range(space.symbols) if dead >> s & 1]
        pegs = [s for s in dead_symbols if s != space.blank_symbol]
        codes = space.codes
        is_dead = np.zeros(space.symbols, dtype=np.bool_)
        is_dead[dead_symbols] = True
        blanks = [s for s in dead_symbols if s == space.blank_symbol] * space.positions
        fill = np.array([*pegs, *blanks][: space.positions], dtype=np.int64)
        keep = np.ones(len(space), dtype=np.bool_)
        used = np.zeros(len(space), dtype=np.int64)
        for position in range(space.positions):
            column = codes[:, position]
            here = is_dead[column]
            if len(fill):
                keep &= ~here | (column == fill[np.minimum(used, len(fill) - 1)])
            used += here
        return keep

    def _orbit_minima(self, guesses: tuple[int, ...]) -> Indices:
        space = self.space
        played = [space.code(g) for g in guesses]
        blank = space.blank_symbol
        codes = space.codes
        used = sorted({s for code in played for s in code if s != blank})
        unused = [c for c in range(space.colours) if c not in used]
        best = self.everything.copy()
        if space.positions > MAX_SYMMETRY_POSITIONS:
            return best
        for perm in permutations(range(space.positions)):
            colour_map = _colour_map(played, perm, blank)
            if colour_map is None:
                continue
            # act(x)[i] = colour_map[x[perm[i]]]; colours no guess uses are then renamed
            # in order of first appearance, which is the smallest code of their renamings.
            mapping = np.arange(space.symbols, dtype=np.uint8)
            for source, target in colour_map.items():
                mapping[source] = target
            moved = mapping[codes[:, list(perm)]]
            if unused:
                moved = _relabel_in_order(moved, unused, space.symbols)
            best = np.minimum(best, space.indices(moved).astype(np.int64))
        return np.flatnonzero(best == self.everything).astype(np.int64)


@lru_cache(maxsize=4)
def shared_table(space: CodeSpace) -> FeedbackTable:
    """One feedback table per space for the whole process (building one can take a second)."""
    return FeedbackTable(space)


def _colour_map(
    played: list[tuple[int, ...]], perm: tuple[int, ...], blank: int | None
) -> dict[int, int] | None:
    """The renaming of used colours that, with ``perm``, maps every played code to itself."""
    forward: dict[int, int] = {}
    backward: dict[int, int] = {}
    for code in played:
        for i, j in enumerate(perm):
            source, target = code[j], code[i]
            if (source == blank) != (target == blank):
                return None
            if forward.setdefault(source, target) != target:
                return None
            if backward.setdefault(target, source) != source:
                return None
    return forward


def _relabel_in_order(
    codes: npt.NDArray[np.uint8], unused: list[int], symbols: int
) -> npt.NDArray[np.uint8]:
    """Rename the ``unused`` colours of each row to ``unused`` ascending, by first appearance."""
    rows = codes.shape[0]
    is_unused = np.zeros(symbols, dtype=bool)
    is_unused[unused] = True
    targets = np.array(unused, dtype=np.uint8)
    assigned = np.full((rows, symbols), -1, dtype=np.int16)
    next_slot = np.zeros(rows, dtype=np.int64)
    out = codes.copy()
    everyone = np.arange(rows)
    for j in range(codes.shape[1]):
        column = codes[:, j]
        free = is_unused[column]
        fresh = free & (assigned[everyone, column] < 0)
        assigned[everyone[fresh], column[fresh]] = next_slot[fresh]
        next_slot[fresh] += 1
        slot = assigned[everyone[free], column[free]]
        out[free, j] = targets[slot]
    return out
