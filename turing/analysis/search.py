"""Optimal play: the fewest tests that guarantee knowing the code, and the policy that does it.

The player's *information state* is the set of hypotheses (valid criteria assignments from
:func:`turing.solver.deduce`, each with its code) that agree with every answer so far. A test
(code *c*, verifier *v*) splits the state by ``h.answer(c, v)``. The player *knows* the code
when every hypothesis left has the same code; only then does a careful player submit (one
wrong submission eliminates), so "solved" here means "known".

What "optimal" means (the definition every number in this module follows):

1. **Tests first.** ``min_tests_worst`` is the least *T* such that some strategy knows the
   code after at most *T* tests whatever the hidden assignment is. Ending a round early never
   costs a test, so this number does not depend on the round structure (a strategy may use
   one test per round).
2. **Then rounds.** Among strategies that are test-optimal *from every state* (after any
   answers, the rest of the play still guarantees the fewest tests possible from there),
   ``rounds_worst`` is the fewest rounds that can be guaranteed. Within a round the code is
   fixed, at most 3 distinct verifiers are tested, and each next verifier may depend on the
   answers so far.
3. **Expected.** ``min_tests_expected`` is the least mean number of tests over all valid
   assignments (each weighted once), and ``rounds_expected`` the least mean number of rounds
   among strategies reaching that mean.

Tests come first because the game ranks players who solve in the same round by their tests,
and solo play counts tests; a strategy that saves a round by spending an extra test loses
that tiebreak. The policy (:func:`next_test`, :class:`OptimalBot`) follows rules 1 and 2.

The search works on bitsets over *groups*: hypotheses that agree on every verifier's mask
answer every test alike, so they are one group (with a weight for the expected figures).
Codes whose answers agree for every (verifier, group) are interchangeable and kept once.
States are memoised by their bitset; the worst-case search is an iterative deepening on the
test budget, bounded below by ⌈log2(codes left)⌉, with splits ordered greedily (most even
first) and only splits that divide the state tried. The expected search is a branch and bound
whose lower bound is the Huffman cost of the codes left (no strategy can beat an optimal
prefix code over the codes' weights).
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar

import numpy as np

from turing.analysis.greedy import GreedyBot
from turing.analysis.symmetry import NO_SYMMETRY, LetterSymmetry, Partition, code_symmetries
from turing.core.cards import CardSet
from turing.core.codes import CODE_TEXT, NUM_CODES, ceil_log2, code_index, indices, lowest_index
from turing.core.errors import TuringError
from turing.core.knowledge import TESTS_PER_ROUND, PlayerView
from turing.core.puzzle import LETTERS, Puzzle
from turing.core.solver import Hypothesis, deduce
from turing.i18n import format_number, gettext

if TYPE_CHECKING:
    from turing.analysis.kernel import ExpectedKernel, WorstKernel, _Kernel

_T = TypeVar("_T")
_K = TypeVar("_K", bound="_Kernel")

#: Largest hypothesis count analysed before giving up with :class:`AnalysisTooLarge`.
MAX_GROUPS: Final = 60_000
#: States a single analysis may memoise before giving up (keeps memory bounded).
MAX_STATES: Final = 4_000_000
#: Work the worst-case search may do before giving up, in units of work on its bitsets
#: (:meth:`Search._worked`: the search's main cost, which grows with the hypotheses, unlike
#: the state count; deterministic, unlike a clock): about one to five minutes.
MAX_WORK: Final = 20_000_000_000
#: Work limit of the player's policy (``bot:optimal``, ``hint best``): a few seconds. Past
#: it the bot plays the greedy strategy instead, and the hint says the search is too large.
POLICY_WORK: Final = 500_000_000
#: Work between two progress reports of a long search (a fraction of a second).
PROGRESS_WORK: Final = 10_000_000
#: Bytes of divided states the search keeps for reuse (recomputed beyond that).
SPLITS_CACHE_BYTES: Final = 256 << 20
#: States the worst-case rounds search may store before the policy falls back to keeping
#: only the fewest-tests guarantee (see :meth:`Search.best_new_round`).
ROUND_STATES: Final = 100_000
#: of those, the states the fewest rounds the tests allow get before one round more is tried
ROUND_FIRST_LOOK: Final = 20_000
#: Work each try to lower the worst case's upper bound from above may take (about two
#: seconds, compiled, on the largest nightmare tables): see :meth:`Search._tighten`.
TIGHTEN_WORK: Final = 2_000_000_000
#: Under a time limit, the processor seconds the bottom-up worst-case search runs at most
#: before the ceiling is lowered from above (three quarters of the limit when that is
#: less): with a long limit it would otherwise fill the states the tries need, and a longer
#: limit could report a worse upper bound than a shorter one.
TIGHTEN_AFTER: Final = 30.0
#: A state whose highest group is past this one (128 machine words) has its splits found
#: by :meth:`Search._split_rows`, on its words for all tests at once: below it, looking
#: at each test's bitset was as fast or faster, state by state.
SPLIT_ROWS_FROM = 8192
#: The most pairs of assignments of different codes :meth:`Search._pairs_apart` counts
#: (a split's place in the compiled searches' orders is kept in one machine word).
PAIRS_CAP: Final = (1 << 48) - 1

#: Under a time limit, the part of it the worst-case and expected searches leave for the
#: bounds on a mean they did not finish (the greedy mean, the strategy within the worst
#: case and the bound two tests deep: each an equal share of the time left).
FALLBACK_TIME: Final = 0.1

#: Work each question of :meth:`Search.budget_sum` to the worst-case search may take (a
#: tenth of a second or so): past it, the split is taken as not fitting.
FIT_WORK: Final = 5_000_000
#: and all its questions together (a second or so)
BUDGET_WORK: Final = 400_000_000
#: Work :meth:`Search.e_floor` may take raising the halves' bounds, and how many splits'
#: halves it may raise (a second or two).
FLOOR_WORK: Final = 400_000_000
FLOOR_SPLITS: Final = 128
#: States the expected search may store before :func:`analyze` reports bounds instead.
EXPECTED_STATES: Final = 150_000
#: Work (as :data:`MAX_WORK` counts it) the rounds search and the expected search may each
#: do in :func:`analyze` before it reports their bounds instead: seconds, not minutes.
ROUND_WORK: Final = 1_000_000_000
EXPECTED_WORK: Final = 1_000_000_000
#: Largest group count for which :meth:`Search._half_weights` works on arrays (above it,
#: on the bitsets: the arrays would be as large as the work they save).
HALF_WEIGHTS_BY_ARRAY: Final = 8192
#: Huffman costs kept by their weights (:meth:`Search._huffman_of`).
HUFFMAN_KEPT: Final = 1 << 20
#: Largest state (in groups) whose splits :meth:`Search._rank` filters on bitsets over the
#: tests when the budget allows only some (above it, splitting the state by every test
#: costs less than going over its groups).
FIT_BY_TESTS: Final = 2048
#: Fewest groups for which the expected search runs compiled (:mod:`turing.analysis.kernel`;
#: below it, the search's own takes milliseconds and compiling would not pay).
COMPILED_FROM: Final = 48
#: Work the search's own expected search does before the compiled one takes over (a few
#: tenths of a second: what most puzzles need all in all, and about what loading the
#: compiled search takes).
COMPILED_AFTER: Final = 15_000_000
#: The compiled expected search does a unit of work (as :meth:`Search._worked` counts it)
#: in about this fraction of the time: its work is counted divided by it, so that the work
#: limits keep their meaning in time (measured on extreme 5 hard seeds 1 and 4: 2.9 and
#: 3.5 × 10⁷ units a second by the search's own, 4.9 and 6.8 × 10⁸ compiled).
COMPILED_SPEEDUP: Final = 16
#: A state the compiled expected search keeps takes about this fraction of the memory the
#: search's own takes (about 130 bytes against 2.8 kB): it may store as many times more.
COMPILED_LIGHTER: Final = 16
#: Fewest groups for which the worst-case search of a set with interchangeable letters
#: runs compiled (:class:`turing.analysis.kernel.WorstKernel`).
WORST_FROM: Final = 64
#: The compiled worst-case search's work is counted divided by this, so that the work
#: limits keep about their meaning in seconds (measured on nightmare 6 standard seed 6:
#: 1.6 × 10⁸ units a second by the search's own, about 3 × 10⁸ as the compiled one counts).
WORST_SPEEDUP: Final = 2
#: A state the compiled worst-case search keeps takes about this fraction of the memory the
#: search's own takes.
WORST_LIGHTER: Final = 6
#: Codes' parts of states kept with the tests that meet and hold them (see
#: :meth:`Search._fitting_splits`).
PART_TESTS_KEPT: Final = 1 << 16

_INF: Final = 1 << 60


class AnalysisError(TuringError):
    """A puzzle that cannot be analysed (no valid assignment, or a bad state)."""


class AnalysisTooLarge(AnalysisError):
    """The puzzle has too many hypotheses (or states) for an exact analysis here.

    ``limit`` names the limit passed: ``"size"`` (the distinct assignments), ``"states"``
    (the states a search may store), ``"work"`` or ``"time"``."""

    def __init__(self, message: str, *, limit: str) -> None:
        super().__init__(message)
        self.limit = limit


class RoundsTooLarge(AnalysisTooLarge):
    """The rounds search passed its own state limit (the tests figures stay exact)."""


def _word_rows(sets: Sequence[int], words: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """Bitsets as the rows of an array of ``words`` machine words each."""
    raw = b"".join([x.to_bytes(8 * words, "little") for x in sets])
    return np.frombuffer(raw, dtype=np.uint64).reshape(len(sets), words)


def _nonzero_words(state: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Where ``state``'s non-zero machine words are (in order) and those words."""
    width = (state.bit_length() + 63) // 64
    words = np.frombuffer(state.to_bytes(width * 8, "little"), dtype=np.uint64)
    at = np.flatnonzero(words)
    return at, words[at]


def _bits_of(indices: Sequence[int] | np.ndarray[Any, Any], size: int) -> int:
    """The int whose set bits are ``indices``."""
    flags = np.zeros(max(size, 1), dtype=bool)
    flags[np.asarray(indices, dtype=np.int64)] = True
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


def _bounds_with(known: tuple[int, int] | None, rounds: int, ok: bool) -> tuple[int, int]:
    """Rounds bounds of a state updated with one answer (feasibility grows with rounds)."""
    fail, enough = known if known is not None else (-1, _INF)
    return (fail, min(enough, rounds)) if ok else (max(fail, rounds), enough)


def group_key(h: Hypothesis) -> tuple[int, ...]:
    """The key of ``h``'s group: its criteria's sets of codes, letter by letter.
    Hypotheses with one key answer every test alike: a search keeps them as one group
    (one distinct assignment, :data:`MAX_GROUPS`)."""
    return tuple(o.mask for o in h.options)


@functools.lru_cache(maxsize=4096)
def _tell_apart(masks: frozenset[int]) -> int:
    """The depth of a decision tree over code tests (bit *c* of a mask) that tells
    ``masks`` apart, each test the most even parting of the masks left."""
    if len(masks) < 2:
        return 0
    best = 0
    parting: frozenset[int] = frozenset()
    for c in range(NUM_CODES):
        yes = frozenset(m for m in masks if m >> c & 1)
        even = min(len(yes), len(masks) - len(yes))
        if even > best:
            best, parting = even, yes
            if 2 * even >= len(masks) - 1:
                break
    return 1 + max(_tell_apart(parting), _tell_apart(masks - parting))


class Search:
    """Exact search over the information states of one hypothesis set.

    A state is an ``int`` bitset over groups (hypotheses with equal masks). Groups are
    numbered by code, so each code's groups are one run of bits. All results are memoised,
    so one ``Search`` serves a whole game: every later state is a subset of the first.

    ``symmetry=False``: the plain search, without the letters' symmetries or the code
    space's; ``code_symmetry=False``: without the code space's alone (to measure them).
    """

    def __init__(
        self,
        hypotheses: Sequence[Hypothesis],
        *,
        max_groups: int = MAX_GROUPS,
        max_states: int = MAX_STATES,
        max_work: int = MAX_WORK,
        symmetry: bool = True,
        compiled: bool = True,
        compiled_worst: bool = True,
        code_symmetry: bool = True,
    ) -> None:
        if not hypotheses:
            raise AnalysisError(gettext("no valid criteria assignment: nothing to analyse"))
        count: dict[tuple[int, ...], int] = {}
        code_of_key: dict[tuple[int, ...], int] = {}
        for h in hypotheses:
            key = group_key(h)
            if key not in count:
                if len(count) >= max_groups:
                    raise AnalysisTooLarge(
                        gettext(
                            "{count} hypotheses are too many for an exact analysis "
                            "(limit: {limit} distinct assignments)"
                        ).format(count=len(hypotheses), limit=max_groups),
                        limit="size",
                    )
                count[key] = 0
                code_of_key[key] = h.code
            count[key] += 1
        keys = sorted(count, key=lambda k: code_of_key[k])  # stable: first-seen within a code
        self.verifiers: Final = len(keys[0])
        self.size: Final = len(keys)
        self.keys: Final = tuple(keys)
        self.index: Final = {k: g for g, k in enumerate(keys)}
        self.code_of: Final = tuple(code_of_key[k] for k in keys)
        self.weight_of: Final = tuple(count[k] for k in keys)
        self.full: Final = (1 << self.size) - 1
        self.max_states = max_states
        self.max_work = max_work
        #: bitset words one operation on a state touches (see :meth:`_worked`)
        self._words: Final = self.size // 64 + 1
        self.work = 0
        #: work left for the questions of a :meth:`budget_sum` walk to the worst-case
        #: search (each walk starts with :data:`BUDGET_WORK`)
        self._fit_left = 0

        # Weights as bit planes: weight(S) = sum over k of popcount(S & plane_k) << k.
        self.unit_weights: Final = all(w == 1 for w in self.weight_of)
        planes: list[tuple[int, int]] = []
        for k in range(max(self.weight_of).bit_length()):
            plane = _bits_of([g for g, w in enumerate(self.weight_of) if w >> k & 1], self.size)
            if plane:
                planes.append((k, plane))
        self._planes: Final = tuple(planes)

        # Each code's groups: one run of bits.
        runs: list[tuple[int, int]] = []
        start = 0
        for g in range(1, self.size + 1):
            if g == self.size or self.code_of[g] != self.code_of[start]:
                runs.append((self.code_of[start], ((1 << (g - start)) - 1) << start))
                start = g
        self.code_ids: Final = tuple(c for c, _ in runs)
        self.code_bits: Final = tuple(b for _, b in runs)
        self._code_no: Final = tuple(
            i for i, (_, b) in enumerate(runs) for _ in range(b.bit_count())
        )
        self._all_codes: Final = tuple(range(len(runs)))

        # yes[c][v]: the groups whose verifier v accepts code c (built per distinct mask).
        per_mask: list[dict[int, list[int]]] = [{} for _ in range(self.verifiers)]
        for g, key in enumerate(keys):
            for v, m in enumerate(key):
                per_mask[v].setdefault(m, []).append(g)
        mask_bits = [[(m, _bits_of(gs, self.size)) for m, gs in pm.items()] for pm in per_mask]
        yes: list[tuple[int, ...]] = []
        for c in range(NUM_CODES):
            row = []
            for v in range(self.verifiers):
                acc = 0
                for m, bits in mask_bits[v]:
                    if m >> c & 1:
                        acc |= bits
                row.append(acc)
            yes.append(tuple(row))
        self.yes: Final = tuple(yes)
        # Interchangeable codes (the same answers everywhere) are kept once: the lowest.
        seen: dict[tuple[int, ...], int] = {}
        for c in range(NUM_CODES):
            informative = tuple(y if 0 != y != self.full else 0 for y in yes[c])
            if any(informative) and informative not in seen:
                seen[informative] = c
        self.code_classes: Final = tuple(seen.values())
        distinct: dict[int, None] = {}
        for c in self.code_classes:
            for y in yes[c]:
                if 0 != y != self.full and (self.full ^ y) not in distinct:
                    distinct.setdefault(y, None)
        self.root_splits: Final = tuple(distinct)

        # Interchangeable letters (docs/analysis.md, "Symmetry"): per state, the classes
        # of letters it keeps; only the lowest letter of a class is searched.
        self._sym: Final = LetterSymmetry(keys, self.weight_of) if symmetry else None
        self._code_symmetry: Final = symmetry and code_symmetry
        self.root_classes: Final = self._sym.root if self._sym is not None else NO_SYMMETRY
        self.symmetric: Final = bool(self.root_classes)
        self._part: dict[int, Partition] = {self.full: self.root_classes}
        letter_splits: list[tuple[int, ...]] = []
        for v in range(self.verifiers):
            mine: dict[int, None] = {}
            for c in self.code_classes:
                y = yes[c][v]
                if 0 != y != self.full and (self.full ^ y) not in mine:
                    mine.setdefault(y, None)
            letter_splits.append(tuple(mine))
        self.letter_splits: Final = tuple(letter_splits)
        #: the tests of each letter as rows of machine words, made the first time a large
        #: state is split (see :meth:`_split_rows`)
        self._letter_rows: list[np.ndarray[Any, np.dtype[np.uint64]]] | None = None

        self._present: dict[int, tuple[int, ...]] = {}
        self._weight: dict[int, int] = {}
        self._splits: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._splits_bytes = 0
        self._t_lb: dict[int, int] = {}
        self._t_ub: dict[int, int] = {}
        self._t_exact: dict[int, int] = {}
        # Per letter, each mask it may hold: (its bit, the groups holding it there), masks
        # numbered alike for every letter (see :meth:`_orbit`); None without classes.
        self._supports: tuple[tuple[tuple[int, int], ...], ...] | None = None
        self._orbit_lb: dict[tuple[int, ...], int] = {}
        self._orbit_ub: dict[tuple[int, ...], int] = {}
        self._orbit_e_exact: dict[tuple[int, ...], int] = {}
        self._orbit_e_lb: dict[tuple[int, ...], int] = {}
        if self.root_classes:
            numbers: dict[int, int] = {}
            supports = []
            for v in range(self.verifiers):
                holding: dict[int, list[int]] = {}
                for g, key in enumerate(keys):
                    holding.setdefault(key[v], []).append(g)
                supports.append(
                    tuple(
                        (1 << numbers.setdefault(m, len(numbers)), _bits_of(gs, self.size))
                        for m, gs in holding.items()
                    )
                )
            self._supports = tuple(supports)
        in_class = {v for cls in self.root_classes for v in cls}
        self._lone_letters: Final = tuple(v for v in range(self.verifiers) if v not in in_class)
        self._greedy: dict[int, int] = {}
        self._greedy_w: dict[int, int] = {}
        #: the summed tests of the two greedy strategies' (:meth:`ceiling_sum`), per state
        self._greedy_total: dict[int, int] = {}
        self._greedy_w_total: dict[int, int] = {}
        self._opt: dict[int, frozenset[int]] = {}
        self._e_exact: dict[int, int] = {}
        self._e_lb: dict[int, int] = {}
        #: the least total of a strategy found for a state whose search stopped at a limit
        self._e_ub: dict[int, int] = {}
        self._huffman: dict[tuple[int, ...], int] = {}
        self._w_log_w: np.ndarray[Any, np.dtype[np.float64]] | None = None
        self._letters_splits: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._holding: tuple[int, ...] | None = None
        self._moves_table: tuple[list[int], list[int], tuple[int, ...]] | None = None
        self._every_move = 0
        self._letters_allowed: dict[tuple[int, ...], int] = {}
        self._part_tests: dict[int, tuple[int, int]] = {}
        self._every_test: Final = (1 << len(self.root_splits)) - 1
        self._bytes: Final = (self.size + 7) // 8
        self._code_starts: Final = np.array(
            [(b & -b).bit_length() - 1 for b in self.code_bits], dtype=np.intp
        )
        self._weights: Final = np.array(self.weight_of, dtype=np.int64)
        # (most rounds known too few, fewest rounds known enough), per state
        self._round_ok: dict[int, tuple[int, int]] = {}
        self._in_ok: dict[tuple[int, int, frozenset[int]], tuple[int, int]] = {}
        self._round_codes: dict[int, tuple[tuple[int, frozenset[int]], ...]] = {}
        self._split_sets: dict[int, tuple[frozenset[int], ...]] = {}
        self._e_optimal: dict[int, dict[int, bool]] = {}
        self._re_new: dict[int, int] = {}
        self._re_in: dict[tuple[int, int, frozenset[int]], int] = {}
        #: states stored (the compiled searches' each counted as the fraction
        #: :data:`COMPILED_LIGHTER` or :data:`WORST_LIGHTER` of one: the limits on them
        #: keep memory bounded)
        self.states_stored = 0
        #: called now and then (every :data:`PROGRESS_WORK` units) during :meth:`min_tests`
        #: of the first state with the bounds proven on it so far: ``(lower, upper)``
        self.on_progress: Callable[[int, int], None] | None = None
        self._report_at = PROGRESS_WORK
        #: processor time (:meth:`clock`) past which the search gives up, as it does past
        #: :attr:`max_work` (checked every :data:`PROGRESS_WORK` units)
        self.deadline: float = float(_INF)
        #: processor seconds spent loading compiled searches (compiling them, the first
        #: time on a machine): not the search's, so not counted against :attr:`deadline`
        self.loading_seconds = 0.0
        #: the limit (:attr:`AnalysisTooLarge.limit`) that made :meth:`bounded_min_tests`
        #: give bounds, None when it gave the exact figure
        self.stopped_by: str | None = None
        self._root_bounds: tuple[int, int] | None = None
        #: the rounds search gives up once the search as a whole stored this many states
        self.round_states_limit = ROUND_STATES
        self.rounds_exhausted = False
        #: the size (groups) of the state where the policy's rounds search last gave up
        #: (None: it never did); see :func:`_policy_move`
        self.rounds_gave_up_at: int | None = None
        #: whether the last move :meth:`best_new_round` or :meth:`best_in_round` gave
        #: keeps rounds proven the fewest (False: the rounds search passed its limit there)
        self.rounds_proven = True
        #: the compiled expected search (see :meth:`_make_kernel`), made the first time
        #: it is needed (until then None); whether it is to be made
        self._compiled: ExpectedKernel | None = None
        self._compile = compiled and not self.symmetric and self.size >= COMPILED_FROM
        #: work the search's own searches did while the compiled ones could take over, by
        #: kind of question ("expected", "worst")
        self._own_work: dict[str, int] = {}
        #: the compiled worst-case search (see :meth:`_make_worst`), made the first time
        #: it is needed; whether it is to be made
        self._worst: WorstKernel | None = None
        #: :func:`~turing.analysis.symmetry.code_symmetries` of the groups, once found
        self._code_perms: tuple[tuple[int, ...], ...] | None = None
        self._compile_worst = (
            compiled and compiled_worst and self.symmetric and self.size >= WORST_FROM
        )
        #: whether the compiled worst-case search ranks splits by the pairs of assignments
        #: they leave (:meth:`WorstKernel.feasible`): while the ceiling is lowered from
        #: above (:meth:`_tighten`). The search's own keeps its order (:meth:`_rank`): on
        #: the small tables it serves, that order found the lower strategies within the
        #: work, and counting the pairs costs more there.
        self._rank_by_pairs = False
        #: called with False just before a compiled search is loaded (about a second; the
        #: first time on a machine it is compiled, about half a minute), with True once it
        #: is; with the kind of question it answers ("expected": the mean, "worst": the
        #: fewest tests in the worst case)
        self.on_prepare: Callable[[bool, str], None] | None = None

    def new_share(self, work: int) -> None:
        """A fresh share of work for one more question to this search (a later state of the
        same game): the work limit counts from here, not from the first question, and what
        was proven before is kept. (The rounds search has a share of stored states of its
        own: :meth:`share_rounds`.)"""
        self.max_work = self.work + work

    def share_rounds(self, states: int | None = None) -> None:
        """A fresh share of stored states for the rounds search (by default
        :data:`ROUND_STATES`), counted from here, as :func:`analyze_hypotheses` gives it
        after the fewest tests: it may search again where an earlier question stopped
        it, with what it proved kept."""
        share = ROUND_STATES if states is None else states
        self.round_states_limit = self.states_stored + share
        self.rounds_exhausted = False

    # -- states ----------------------------------------------------------------------------

    def state_of(self, hypotheses: Sequence[Hypothesis]) -> int | None:
        """The bitset of ``hypotheses``, or None when one is outside this search."""
        state = 0
        for h in hypotheses:
            g = self.index.get(group_key(h))
            if g is None:
                return None
            state |= 1 << g
        return state

    def present(self, state: int, among: Sequence[int] | None = None) -> tuple[int, ...]:
        """The code numbers (indices into :attr:`code_ids`) with a group in ``state``."""
        got = self._present.get(state)
        if got is None:
            bits = self.code_bits
            got = tuple(i for i in (self._all_codes if among is None else among) if state & bits[i])
            self._present[state] = got
        return got

    def is_known(self, state: int) -> bool:
        """True when every hypothesis of ``state`` has the same code (the player knows it)."""
        if state == 0:
            return True
        # The highest group's code (its index is the bit length: no pass over the bits,
        # unlike the lowest's); ``state & bits == state``, not ``state & ~bits == 0``: a
        # negative int costs several times more on a large state.
        bits = self.code_bits[self._code_no[state.bit_length() - 1]]
        return state & bits == state

    def codes_mask(self, state: int) -> int:
        """The 125-bit mask of the codes still possible in ``state``."""
        out = 0
        for i in self.present(state):
            out |= 1 << self.code_ids[i]
        return out

    def ncodes(self, state: int, among: Sequence[int] | None = None) -> int:
        return len(self.present(state, among))

    def _weigh(self, bits: int) -> int:
        if self.unit_weights:
            return bits.bit_count()
        return sum((bits & plane).bit_count() << k for k, plane in self._planes)

    def weight(self, state: int) -> int:
        """The number of hypotheses (assignments) in ``state``."""
        w = self._weight.get(state)
        if w is None:
            w = self._weigh(state)
            self._weight[state] = w
        return w

    def code_weights(self, state: int, among: Sequence[int] | None = None) -> list[int]:
        """The number of hypotheses of each code present in ``state``."""
        bits = self.code_bits
        return [self._weigh(state & bits[i]) for i in self.present(state, among)]

    def splits(self, state: int, among: Sequence[int] | None = None) -> tuple[int, ...]:
        """Each distinct way one test divides ``state``, as one side of the pair.

        With interchangeable letters (:attr:`symmetric`), only the tests of the lowest
        letter of each class the state keeps: the others divide it the same way up to a
        swap of letters that maps the state onto itself. ``among``: the splits of a
        superset of ``state`` (only those can split it).
        """
        return self.split_letters(state, among)[0]

    def split_letters(
        self, state: int, among: Sequence[int] | None = None
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """:meth:`splits`, and (with :attr:`symmetric`) the letter whose test makes each."""
        cached = self._splits.get(state)
        if cached is not None:
            return cached
        out: list[int] = []
        # A split and its complement are one split: each is kept by its half that holds
        # the state's highest group (the half as long in bits as the state: no pass over
        # the bits).
        seen: set[int] = set()
        length = state.bit_length()
        letters: list[int] = []
        if self.symmetric and among is None and length > SPLIT_ROWS_FROM:
            assert self._sym is not None
            moves = self._sym.moves(self.part_of(state), self.verifiers)
            self._worked(sum(len(self.letter_splits[v]) for v in moves))
            out, letters = self._split_rows(state, moves)
        elif self.symmetric and among is None:
            assert self._sym is not None
            part = self.part_of(state)
            for v in self._sym.moves(part, self.verifiers):
                mine = self.letter_splits[v]
                self._worked(len(mine))
                for z in mine:
                    y = z & state
                    if y == 0 or y == state:
                        continue
                    key = y if y.bit_length() == length else state ^ y
                    if key in seen:
                        continue
                    seen.add(key)
                    out.append(y)
                    letters.append(v)
        else:
            candidates = self.root_splits if among is None else among
            self._worked(len(candidates))
            for z in candidates:
                y = z & state
                if y == 0 or y == state:
                    continue
                key = y if y.bit_length() == length else state ^ y
                if key in seen:
                    continue
                seen.add(key)
                out.append(y)
        result = (tuple(out), tuple(letters))
        cost = (len(out) + 1) * (self._words * 8 + 40 + (8 if letters else 0))
        if self._splits_bytes + cost <= SPLITS_CACHE_BYTES:
            self._splits[state] = result
            self._splits_bytes += cost
        return result

    def _split_rows(self, state: int, moves: Sequence[int]) -> tuple[list[int], list[int]]:
        """:meth:`split_letters` of a large state by the tests of ``moves``, the same
        splits in the same order: each test's half is found on the state's non-zero words
        alone, for all tests at once, and only the distinct ones are made into bitsets.
        Deep in a strategy a state's groups are few and far apart (nightmare 6 hard seed 6:
        6 non-zero words of the 120 between a state's first and last, 74 distinct splits
        of 620 tests), and a bitset as long as the state for each test took most of the
        time of the greedy mean."""
        if self._letter_rows is None:
            self._letter_rows = [_word_rows(tests, self._words) for tests in self.letter_splits]
        at, kept = _nonzero_words(state)
        rows = np.concatenate([self._letter_rows[v][:, at] for v in moves]) & kept
        letter_of = np.concatenate(
            [np.full(len(self.letter_splits[v]), v, dtype=np.int64) for v in moves]
        )
        parts = rows.any(axis=1) & ~(rows == kept).all(axis=1)
        # A split and its complement are one: each is known by its half that holds the
        # state's highest group.
        top = np.uint64(state.bit_length() - 1 - 64 * int(at[-1]))
        holds_top = (rows[:, -1] >> top) & np.uint64(1) == 1
        keys = np.where(holds_top[:, None], rows, rows ^ kept)
        which = np.flatnonzero(parts)
        if not len(which):
            return [], []
        keys = np.ascontiguousarray(keys[which])
        _, first = np.unique(keys.view(np.dtype((np.void, keys.shape[1] * 8))), return_index=True)
        which = which[np.sort(first)]
        full = np.zeros((len(which), int(at[-1]) + 1), dtype=np.uint64)
        full[:, at] = rows[which]
        out = [int.from_bytes(row.tobytes(), "little") for row in full]
        return out, letter_of[which].tolist()

    def part_of(self, state: int) -> Partition:
        """The classes of interchangeable letters known for ``state`` (found once if new)."""
        part = self._part.get(state)
        if part is None:
            part = self._sym.of_state(state) if self._sym is not None else NO_SYMMETRY
            self._part[state] = part
        return part

    def _enter(self, state: int, yes: int, no: int, letter: int) -> None:
        """Before searching the halves a test on ``letter`` leaves: their classes."""
        if letter >= 0:
            assert self._sym is not None
            part = self._sym.child(self._part[state], letter)
            self._part.setdefault(yes, part)
            self._part.setdefault(no, part)

    def _worked(self, operations: int) -> None:
        """Count ``operations`` on states of this search against :attr:`max_work`: each
        costs the words of a state plus the interpreter's own share, about 8 words'
        worth."""
        self.work += operations * (self._words + 8)
        if self.work >= self._report_at:
            self._report()
        if self.work > self.max_work:
            raise AnalysisTooLarge(
                gettext(
                    "the exact search passed its work limit ({limit} units); "
                    "this puzzle is too large to analyse exactly"
                ).format(limit=format_number(self.max_work)),
                limit="work",
            )

    def _set_root_bounds(self, low: int, high: int) -> None:
        """The bounds on the start's fewest tests proven so far, told at once when they
        change (a compiled search may then run for long without a report)."""
        changed = self._root_bounds != (low, high)
        self._root_bounds = (low, high)
        if changed and self.on_progress is not None:
            self.on_progress(low, high)

    def _report(self) -> None:
        self._report_at = self.work + PROGRESS_WORK
        if self.on_progress is not None and self._root_bounds is not None:
            self.on_progress(*self._root_bounds)
        if self.clock() > self.deadline:
            self._time_passed()

    @staticmethod
    def _time_passed() -> NoReturn:
        raise AnalysisTooLarge(
            gettext(
                "the exact search passed its time limit; this puzzle is too large to "
                "analyse exactly in that time"
            ),
            limit="time",
        )

    def _round_stored(self) -> None:
        self._stored()
        if self.states_stored > self.round_states_limit:
            self.rounds_exhausted = True
            raise RoundsTooLarge(
                gettext("the rounds search passed {limit} stored states").format(
                    limit=self.round_states_limit
                ),
                limit="states",
            )

    def _stored(self) -> None:
        self.states_stored += 1
        if self.states_stored > self.max_states:
            self._states_passed()

    def _states_passed(self) -> None:
        raise AnalysisTooLarge(
            gettext(
                "the exact search stored more than {limit} states; this puzzle is "
                "too large to analyse exactly"
            ).format(limit=self.max_states),
            limit="states",
        )

    def _check_limits(self) -> None:
        """Past :attr:`max_states`, :attr:`max_work` or :attr:`deadline`, raise as
        :meth:`_stored`, :meth:`_worked` and :meth:`_report` do."""
        if self.states_stored > self.max_states:
            self._states_passed()
        self._worked(0)
        self._report()

    # -- fewest tests, worst case ------------------------------------------------------------

    def t_lower(self, state: int, among: Sequence[int] | None = None) -> int:
        """A lower bound on :meth:`min_tests`: ⌈log2 codes⌉, or what the search proved."""
        return max(self._t_lb.get(state, 0), ceil_log2(self.ncodes(state, among)))

    def feasible(self, state: int, budget: int) -> bool:
        """Can the code be known after at most ``budget`` more tests, whatever the answers?

        This search's own (:meth:`_feasible`) first; with interchangeable letters, past its
        share of work (of all the questions to this search together), the same search
        compiled (:class:`turing.analysis.kernel.WorstKernel`), where the ``fast`` extra is there.
        """
        return self._own_or_compiled(
            functools.partial(self._feasible, state, budget),
            functools.partial(self._feasible_compiled, state, budget),
        )

    def _own_or_compiled(self, own: Callable[[], _T], compiled: Callable[[WorstKernel], _T]) -> _T:
        """``own()``, a question to this search's own worst-case search, within what is
        left of its share of work; past it, ``compiled(kernel)``, the compiled worst-case
        search, where there is one (the ``fast`` extra, a set with interchangeable
        letters); else ``own()`` on."""
        kernel = self._worst
        if kernel is None and self._compile_worst:
            got = self._own_first("worst", own)
            if got is not None:
                return got
            kernel = self._make_worst()
        if kernel is None:
            return own()
        return compiled(kernel)

    def _feasible_compiled(self, state: int, budget: int, kernel: WorstKernel) -> bool:
        """:meth:`feasible` by the compiled worst-case search."""
        if self.is_known(state):
            return True
        if budget <= 0:
            return False
        if self._t_ub.get(state, _INF) <= budget:
            return True
        if self.t_lower(state) > budget:
            return False
        part = self.part_of(state)
        ok = self._compiled_run(
            lambda work, stored, seconds: kernel.feasible(
                state, budget, part, work, stored, seconds, self._rank_by_pairs
            ),
            WORST_SPEEDUP,
            WORST_LIGHTER,
            kernel,
        )
        # What it proved on the state (a bound past the budget, when a half was proven
        # to need more).
        low, high = kernel.bounds(state)
        if ok:
            self._t_ub[state] = min(budget, high or budget)
        else:
            self._t_lb[state] = max(budget + 1, low)
        self._worked(0)
        return ok

    def _own_first(self, kind: str, run: Callable[[], _T]) -> _T | None:
        """``run()``, this search's own search of a ``kind`` of question, within what is
        left of its share of work (of all the questions of that kind to this search
        together); None once the share ran out: the compiled search goes on."""
        before = self.work
        try:
            share = max(0, COMPILED_AFTER - self._own_work.get(kind, 0))
            return self._with_share(share, float(_INF), run)
        finally:
            self._own_work[kind] = self._own_work.get(kind, 0) + self.work - before

    def _compiled_run(
        self,
        run: Callable[[int, int, float], tuple[_T | None, int, int]],
        speedup: int,
        lighter: int,
        kernel: _Kernel,
    ) -> _T:
        """``run(work, stored, seconds)``, a run of the compiled search ``kernel``, within
        this search's limits: its work counted divided by ``speedup``, its states by
        ``lighter``. What it proved is kept, should it be asked again; past a limit, raises
        as the search's own would (past the time when the kernel stopped short of it
        rather than double its table past it)."""
        while True:
            work = (max(0, self.max_work - self.work) + 1) * speedup
            stored = (max(0, self.max_states - self.states_stored) + 1) * lighter
            seconds = max(0.0, self.deadline - self.clock())
            got, work, states = run(work, stored, seconds)
            self.work += work // speedup
            self.states_stored += -(-states // lighter)
            if got is not None:
                return got
            if kernel.out_of_time:
                self._time_passed()
            self._check_limits()  # which limit it was, and how the search gives up

    def _code_images(self, *, weighted: bool) -> tuple[tuple[int, ...], ...]:
        """The permutations of the groups that the code space's symmetries make
        (:func:`~turing.analysis.symmetry.code_symmetries`); ``weighted``: only those that
        keep every group's weight (for the mean, which weighs the groups)."""
        if not self._code_symmetry:
            return ()
        if self._code_perms is None:
            self._code_perms = code_symmetries(self.keys)
        images = self._code_perms
        if weighted:
            weight = self.weight_of
            images = tuple(
                p for p in images if all(weight[p[g]] == w for g, w in enumerate(weight))
            )
        return images

    def _make_worst(self) -> WorstKernel | None:
        """The compiled worst-case search for this search's groups, made once (None
        without numba: this search's own goes on)."""
        if not self._compile_worst:
            return self._worst
        self._compile_worst = False

        def make() -> WorstKernel:
            from turing.analysis import kernel

            tests, letters, holding, _ = self._test_table(self.full)
            return kernel.WorstKernel(
                tests,
                letters,
                holding,
                self.code_bits,
                self._planes,
                self._supports,
                self.root_classes,
                self.verifiers,
                self.size,
                self._words + 8,
                self._code_images(weighted=False),
            )

        self._worst = self._load_compiled(make, "worst")
        return self._worst

    def _feasible(self, state: int, budget: int, among: Sequence[int] | None = None) -> bool:
        """:meth:`feasible` by this search's own search."""
        if self.is_known(state):
            return True
        if budget <= 0:
            return False
        self._worked(1)
        ub = self._t_ub.get(state)
        if ub is not None and ub <= budget:
            return True
        codes = self.present(state, among)
        if self.t_lower(state, codes) > budget:
            return False
        # The same state up to a permutation of interchangeable letters: one entry.
        orbit = self._orbit(state) if budget > 1 and self._supports is not None else None
        if orbit is not None:
            ub = self._orbit_ub.get(orbit)
            if ub is not None and ub <= budget:
                self._t_ub[state] = ub
                return True
            lb = self._orbit_lb.get(orbit, 0)
            if lb > budget:
                self._t_lb[state] = lb
                return False
        if budget == 1:
            # Two codes (the bound above saw to that): one test must part them exactly.
            ok = self._parts_codes(state, codes)
            if ok:
                self._t_ub[state] = 1
            else:
                self._t_lb[state] = 2
            self._stored()
            return ok
        ranked = self._rank(state, codes, 1 << (budget - 1), by_weight=True)
        ub_of = self._t_ub.get
        lb_of = self._t_lb.get
        known = self.is_known
        # The fewest tests only grow with the state: a strategy for a state is one for any
        # part of it. So the state needs at least the tests its hardest half is proven to
        # need, and a half that holds a part proven to need more than budget - 1 tests
        # (a *core*) needs as many: its split fails without a search.
        low = 0
        cores: list[int] = []
        for _, _, hard, easy, _ in ranked:  # first, a split already proven good enough
            if (known(hard) or ub_of(hard, _INF) < budget) and (
                known(easy) or ub_of(easy, _INF) < budget
            ):
                self._feasible_in(state, orbit, budget)
                return True
            low_hard, low_easy = lb_of(hard, 0), lb_of(easy, 0)
            if low_hard >= budget:
                cores.append(hard)
            elif low_easy >= budget:
                cores.append(easy)
            low = max(low, low_hard, low_easy)
        if low > budget:  # then no split is good enough, however searched
            self._infeasible_in(state, orbit, low)
            self._stored()
            return False
        enter = self._enter
        for _, _, hard, easy, letter in ranked:
            if cores and self._holds_core(cores, hard, easy, budget):
                continue
            enter(state, hard, easy, letter)
            if not self._feasible(hard, budget - 1, codes):
                cores.append(hard)
            elif not self._feasible(easy, budget - 1, codes):
                cores.append(easy)
            else:
                self._feasible_in(state, orbit, budget)
                self._stored()
                return True
        self._infeasible_in(state, orbit, budget + 1)
        self._stored()
        return False

    def _holds_core(self, cores: Sequence[int], one: int, other: int, need: int) -> bool:
        """Whether half ``one`` or ``other`` holds one of ``cores`` (parts proven to need at
        least ``need`` tests); the half that does keeps the core's bound, as a search of it
        would have proven (the fewest tests only grow with the state)."""
        lb_of = self._t_lb.get
        self._worked(len(cores))
        for core in cores:
            if core & one == core:
                holder = one
            elif core & other == core:
                holder = other
            else:
                continue
            bound = max(lb_of(core, 0), need)
            if lb_of(holder, 0) < bound:
                self._t_lb[holder] = bound
            return True
        return False

    def _feasible_in(self, state: int, orbit: tuple[int, ...] | None, budget: int) -> None:
        self._t_ub[state] = budget
        if orbit is not None:
            self._orbit_ub[orbit] = budget

    def _infeasible_in(self, state: int, orbit: tuple[int, ...] | None, low: int) -> None:
        # Only called past the checks that return when a known bound already exceeds the
        # budget, so ``low`` is above what the state and its orbit had.
        self._t_lb[state] = low
        if orbit is not None:
            self._orbit_lb[orbit] = low

    def _orbit(self, state: int) -> tuple[int, ...] | None:
        """A key shared by ``state`` and every state a permutation of interchangeable
        letters maps it onto, or None when ``state`` is not a product (below).

        Tests restrict one letter each, so every state the search reaches from the start is
        a *product*: the assignments of the start whose mask at each letter *v* lies in a
        set *M(v)*. Taking *M(v)* as the masks *v* actually holds in the state (its support)
        makes the sets unique, so they name the state; permuting letters permutes them. The
        supports in a fixed order outside the classes and sorted within each class are then
        the same for exactly the states of one orbit. A state given from outside that is no
        product (the check: the product of its supports is the state itself) gets None.
        """
        assert self._supports is not None
        full = self.full
        product = full
        sets: list[int] = []
        for per_mask in self._supports:
            held = union = 0
            for bit, groups in per_mask:
                if state & groups:
                    held |= bit
                    union |= groups
            sets.append(held)
            product &= union
        if product != state:
            return None
        key = [sets[v] for v in self._lone_letters]
        for cls in self.root_classes:
            key.extend(sorted(sets[v] for v in cls))
        return tuple(key)

    def _parts_codes(self, state: int, codes: Sequence[int]) -> bool:
        """Whether one test leaves each of the two ``codes`` of ``state`` alone in a half."""
        one = state & self.code_bits[codes[0]]
        other = state ^ one
        if state.bit_count() <= len(self.root_splits):
            # Few groups: the tests holding all of one code's groups and none of the
            # other's, as a set of tests, group by group (usually empty after a few).
            tests = self._tests_holding()
            every = self._every_test
            self._worked(2 * state.bit_count())
            for inside, outside in ((one, other), (other, one)):
                left = every
                for g in indices(inside):
                    left &= tests[g]
                    if not left:
                        break
                else:
                    for g in indices(outside):
                        left &= ~tests[g]
                        if not left:
                            break
                    else:
                        return True
            return False
        candidates = self.root_splits
        if self.symmetric:
            assert self._sym is not None
            letters = self._sym.moves(self.part_of(state), self.verifiers)
            got = self._letters_splits.get(letters)
            if got is None:
                got = self._letters_splits[letters] = tuple(
                    z for v in letters for z in self.letter_splits[v]
                )
            candidates = got
        self._worked(len(candidates))
        return any(z & state in (one, other) for z in candidates)

    def _bit_table(self, sets: Sequence[int]) -> np.ndarray[Any, np.dtype[np.uint8]]:
        """Bitsets over the groups as rows of a 0/1 array, one column per group."""
        width = self._bytes
        raw = b"".join([x.to_bytes(width, "little") for x in sets])
        table = np.frombuffer(raw, dtype=np.uint8).reshape(len(sets), width)
        bits: np.ndarray[Any, np.dtype[np.uint8]] = np.unpackbits(table, axis=1, bitorder="little")[
            :, : self.size
        ]
        return bits

    def _tests_holding(self) -> tuple[int, ...]:
        """For each group, the tests (as bits over :attr:`root_splits`) whose yes-half
        holds it: built once, by arrays."""
        if self._holding is None:
            self._holding = self._holding_of(self.root_splits)
        return self._holding

    def _holding_of(self, tests: Sequence[int]) -> tuple[int, ...]:
        """For each group, the ``tests`` (as bits over them) whose yes-half holds it."""
        bits = self._bit_table(tests)
        rows = np.packbits(np.ascontiguousarray(bits.T), axis=1, bitorder="little")
        return tuple(int.from_bytes(row.tobytes(), "little") for row in rows)

    def _rank(
        self, state: int, codes: Sequence[int], limit: int, *, by_weight: bool = False
    ) -> list[tuple[int, int, int, int, int]]:
        """The splits whose halves hold at most ``limit`` codes each, most even first, as
        (codes in the larger half, codes in the smaller, larger half, smaller half, the
        letter tested or -1).

        "Most even": the proven bounds of the halves first (they steer away from halves
        known to be hard), then the larger half's codes, then the total (a code on both
        sides is a wasted test). ``by_weight``: after the bounds, the tests the larger
        half's codes call for (⌈log2 codes⌉), then the assignments in the heavier half —
        with few codes and many dealings left (nightmare), locating the cards is what a
        test must do, and counting codes alone cannot see it.
        """
        # Each code's groups in this state: a half holds the code when it meets them, the
        # other half too unless it holds them all (one operation per code and split).
        parts = [self.code_bits[i] & state for i in codes]
        lb_of = self._t_lb.get
        weigh = self._weigh
        ranked: list[tuple[tuple[int, int, int], int, int, int, int, int]] = []
        splits: Sequence[int]
        letters: Sequence[int]
        if limit < len(codes) and state.bit_count() <= FIT_BY_TESTS:
            splits, letters = self._fitting_splits(state, parts, limit)
        else:
            splits, letters = self.split_letters(state)
        self._worked(len(splits) * (len(parts) + (3 if by_weight else 1)))
        for i, y in enumerate(splits):
            a = b = 0
            for part in parts:
                met = y & part
                if not met:
                    b += 1
                elif met == part:
                    a += 1
                else:
                    a += 1
                    b += 1
            if a > limit or b > limit:
                continue
            n = state ^ y
            big = max(a, b)
            proven = max(lb_of(y, 0), lb_of(n, 0), ceil_log2(big))
            key = (
                (proven, ceil_log2(big), max(weigh(y), weigh(n)))
                if by_weight
                else (proven, big, a + b)
            )
            letter = letters[i] if letters else -1
            if a < b:
                ranked.append((key, b, a + b, n, y, letter))
            else:
                ranked.append((key, a, a + b, y, n, letter))
        ranked.sort(key=lambda r: r[0])
        return [(r[1], r[2], r[3], r[4], r[5]) for r in ranked]

    def _fitting_splits(
        self, state: int, parts: Sequence[int], limit: int
    ) -> tuple[list[int], list[int]]:
        """The splits of :meth:`split_letters` (in its order, with its letters) whose
        halves hold at most ``limit`` codes each, ``limit`` a power of two.

        Found for all tests at once, on bitsets over the tests: for each code of the state
        (its groups ``parts[i]``), the tests whose yes-half meets it and those that hold it
        all (kept by the part: the same parts recur in state after state), counted code by
        code in binary, one bitset per binary digit.
        """
        tests, letters, holding, allowed = self._test_table(state)
        every = self._every_move
        over = [0, 0]  # per half: the tests that leave more than ``limit`` codes in it
        counts: tuple[list[int], list[int]] = ([], [])
        met = 0
        held = every
        by_part = self._part_tests
        if len(by_part) >= PART_TESTS_KEPT:
            by_part.clear()
        for part in parts:
            got = by_part.get(part)
            if got is None:
                some, whole = 0, every
                for g in indices(part):
                    h = holding[g]
                    some |= h
                    whole &= h
                by_part[part] = some, whole
            else:
                some, whole = got
            met |= some
            held &= whole
            for planes, x in zip(counts, (some, every ^ whole), strict=True):
                j = 0
                while x:
                    if j == len(planes):
                        planes.append(0)
                    carry = planes[j] & x
                    planes[j] ^= x
                    x = carry
                    j += 1
        # Counted so that a unit takes about as long as on the split-by-split way: the
        # work limits keep their meaning in time.
        self._worked(2 * state.bit_count() + len(parts) + allowed.bit_count())
        top = limit.bit_length() - 1  # limit == 2 ** top
        for side, planes in enumerate(counts):
            higher = lower = 0
            for j, plane in enumerate(planes):
                if j > top:
                    higher |= plane
                elif j < top:
                    lower |= plane
            at = planes[top] if top < len(planes) else 0
            over[side] = higher | (at & lower)
        fit = allowed & met & ~held & ~over[0] & ~over[1]
        out: list[int] = []
        kept: list[int] = []
        seen: set[int] = set()
        length = state.bit_length()
        for t in indices(fit):
            y = tests[t] & state
            key = y if y.bit_length() == length else state ^ y
            if key in seen:
                continue
            seen.add(key)
            out.append(y)
            kept.append(letters[t])
        return out, kept

    def _test_table(self, state: int) -> tuple[Sequence[int], Sequence[int], Sequence[int], int]:
        """The tests :meth:`split_letters` tries, in its order (each letter's tests, or the
        distinct tests when letters are not searched once): their yes-halves, their
        letters (-1 for none), for each group the tests whose yes-half holds it (as bits
        over the tests), and the tests worth trying in ``state`` (its letters' classes)."""
        if self._moves_table is None:
            if self.symmetric:
                tests = [z for v in range(self.verifiers) for z in self.letter_splits[v]]
                letters = [v for v in range(self.verifiers) for _ in self.letter_splits[v]]
                holding = self._holding_of(tests)
            else:
                tests = list(self.root_splits)
                letters = [-1] * len(tests)
                holding = self._tests_holding()
            self._moves_table = (tests, letters, holding)
            self._every_move = (1 << len(tests)) - 1
        tests, letters, holding = self._moves_table
        if not self.symmetric:
            return tests, letters, holding, self._every_move
        assert self._sym is not None
        moves = self._sym.moves(self.part_of(state), self.verifiers)
        allowed = self._letters_allowed.get(moves)
        if allowed is None:
            allowed = 0
            for t, v in enumerate(letters):
                if v in moves:
                    allowed |= 1 << t
            self._letters_allowed[moves] = allowed
        return tests, letters, holding, allowed

    def _greedy_compiled(self, state: int, by_weight: bool, kernel: WorstKernel) -> int:
        """A greedy strategy's depth from ``state`` by the compiled worst-case search
        (:meth:`WorstKernel.greedy`): on the largest nightmare tables the search's own
        took 8–18 s of a 30 s limit for the two."""
        part = self.part_of(state)
        depth, total = self._compiled_run(
            lambda work, stored, seconds: kernel.greedy(
                state, by_weight, part, work, stored, seconds
            ),
            WORST_SPEEDUP,
            WORST_LIGHTER,
            kernel,
        )
        (self._greedy_w if by_weight else self._greedy)[state] = depth
        (self._greedy_w_total if by_weight else self._greedy_total)[state] = total
        if depth < self._t_ub.get(state, _INF):
            self._t_ub[state] = depth
        self._worked(0)
        return depth

    def greedy_depth(self, state: int, among: Sequence[int] | None = None) -> int:
        """Tests the greedy strategy (most even split by codes) needs: an upper bound."""
        return self._greedy_of(state, among, by_weight=False)

    def _greedy_of(self, state: int, among: Sequence[int] | None, *, by_weight: bool) -> int:
        """:meth:`greedy_weight_depth` (``by_weight``) or :meth:`greedy_depth`, as found,
        else by this search's own search or the compiled one."""
        if self.is_known(state):
            return 0
        depth = (self._greedy_w if by_weight else self._greedy).get(state)
        if depth is None:
            own = self._greedy_weight_depth if by_weight else self._greedy_depth
            depth = self._own_or_compiled(
                functools.partial(own, state, among),
                functools.partial(self._greedy_compiled, state, by_weight),
            )
        return depth

    def _greedy_depth(self, state: int, among: Sequence[int] | None = None) -> int:
        """:meth:`greedy_depth` by this search's own search."""
        if self.is_known(state):
            return 0
        depth = self._greedy.get(state)
        if depth is None:
            codes = self.present(state, among)
            _, _, hard, easy, letter = self._rank(state, codes, _INF)[0]
            self._enter(state, hard, easy, letter)
            depth = 1 + max(self._greedy_depth(hard, codes), self._greedy_depth(easy, codes))
            self._greedy[state] = depth
            self._greedy_total[state] = (
                self.weight(state)
                + self._greedy_total.get(hard, 0)
                + self._greedy_total.get(easy, 0)
            )
            if depth < self._t_ub.get(state, _INF):
                self._t_ub[state] = depth
            self._stored()
        return depth

    def greedy_weight_depth(self, state: int, among: Sequence[int] | None = None) -> int:
        """Tests a second greedy strategy needs: an upper bound, often far below
        :meth:`greedy_depth` in nightmare.

        It takes the split that leaves the fewest pairs of assignments of different codes
        together in its worse half (:meth:`_pairs_apart`), then the one whose larger half
        has the fewest codes: with few codes and many dealings left, locating the cards is
        what a test must do, and counting codes alone cannot see that; counting
        assignments alone counts a half of one code, which is known, as hard as any.
        """
        return self._greedy_of(state, among, by_weight=True)

    def _greedy_weight_depth(self, state: int, among: Sequence[int] | None = None) -> int:
        """:meth:`greedy_weight_depth` by this search's own search."""
        if self.is_known(state):
            return 0
        depth = self._greedy_w.get(state)
        if depth is None:
            codes = self.present(state, among)
            parts = [self.code_bits[i] & state for i in codes]
            totals = [self._weigh(part) for part in parts]
            splits, letters = self.split_letters(state)
            self._worked(len(splits) * (4 * len(parts) + 3))
            best: tuple[int, int] | None = None
            pick = 0
            for i, y in enumerate(splits):
                pairs, a, b = self._pairs_apart(y, parts, totals)
                key = (pairs, max(a, b))
                if best is None or key < best:
                    best, pick = key, i
            y = splits[pick]
            self._enter(state, y, state ^ y, letters[pick] if letters else -1)
            depth = 1 + max(
                self._greedy_weight_depth(y, codes), self._greedy_weight_depth(state ^ y, codes)
            )
            self._greedy_w[state] = depth
            self._greedy_w_total[state] = (
                self.weight(state)
                + self._greedy_w_total.get(y, 0)
                + self._greedy_w_total.get(state ^ y, 0)
            )
            if depth < self._t_ub.get(state, _INF):
                self._t_ub[state] = depth
            self._stored()
        return depth

    def _pairs_apart(
        self, half: int, parts: Sequence[int], totals: Sequence[int]
    ) -> tuple[int, int, int]:
        """The pairs of assignments of different codes that one test leaves together in
        the worse of the two halves it makes of a state, ``half`` and the rest: ``parts``
        are the state's groups of each code, ``totals`` their weights. A strategy ends
        when no such pair is left in any state, and a test rules out every pair it
        parts, whatever the answer (the edges of Golovin, Krause and Ray's equivalence
        class edge cutting, 2010, with the worst answer taken). At most
        :data:`PAIRS_CAP`, as the compiled searches count them. Then the codes each half
        meets, from the same weights (a group weighs at least one)."""
        weigh = self._weigh
        yes = no = yes2 = no2 = 0
        meets_yes = meets_no = 0
        for part, total in zip(parts, totals, strict=True):
            w = weigh(half & part)
            yes += w
            yes2 += w * w
            no += total - w
            no2 += (total - w) * (total - w)
            meets_yes += w > 0
            meets_no += w < total
        pairs = min(max(yes * yes - yes2, no * no - no2) // 2, PAIRS_CAP)
        return pairs, meets_yes, meets_no

    def ceiling(self, state: int) -> int:
        """The fewer tests of the two greedy strategies: an upper bound on
        :meth:`min_tests` that is never searched. The one by weight first: on the largest
        nightmare tables it is the better by far (nightmare 6 hard seed 8, 47,520 groups:
        17 tests against 30) and the one a time limit should not cut off."""
        return min(self.greedy_weight_depth(state), self.greedy_depth(state))

    def ceiling_sum(self, state: int) -> int | None:
        """The fewer summed tests (over the assignments) of the two greedy strategies of
        :meth:`ceiling`, where found already: an upper bound on :meth:`expected_sum`,
        free once the worst case's ceiling is known (never searches)."""
        if self.is_known(state):
            return 0
        totals = [
            t
            for t in (self._greedy_w_total.get(state), self._greedy_total.get(state))
            if t is not None
        ]
        return min(totals) if totals else None

    def identify_ceiling(self, state: int) -> int:
        """Tests that learn every letter's criterion, one letter after another: an upper
        bound on :meth:`min_tests` found without a search, however large the state.

        Once every letter's criterion is known the assignment's masks are, and so the code.
        Each letter's criterion is one of the masks it holds in ``state``; tests on that
        letter with codes chosen by a decision tree over those masks (the most even
        parting first) tell it in the tree's depth, whatever the other letters hold. The
        sum of the depths is the bound.
        """
        if self.is_known(state):
            return 0
        held: list[set[int]] = [set() for _ in range(self.verifiers)]
        for g in indices(state):
            for v, m in enumerate(self.keys[g]):
                held[v].add(m)
        return sum(_tell_apart(frozenset(masks)) for masks in held)

    def tests_bounds(self, state: int) -> tuple[int, int | None]:
        """What is proven so far about :meth:`min_tests` of ``state``: (lower, upper or
        None); both equal once it is known. Never searches."""
        exact = self._t_exact.get(state)
        if exact is not None:
            return exact, exact
        upper = self._t_ub.get(state)
        return self.t_lower(state), upper

    def min_tests(self, state: int) -> int:
        """The fewest tests that guarantee knowing the code from ``state``."""
        t = self._t_exact.get(state)
        if t is None:
            if self.is_known(state):
                t = 0
            else:
                # Up from the lower bound; a bound known to be enough (a strategy found
                # already, else the greedy depth) is never searched (proving it is often
                # the slowest step). Most states reached from a searched one have such a
                # strategy: the search that found a test optimal found one for its halves.
                t = self.t_lower(state)
                enough = self._t_ub.get(state)
                if enough is None:
                    enough = self.ceiling(state)
                root = state == self.full
                while t < enough:
                    if root:
                        self._set_root_bounds(t, enough)
                    if self.feasible(state, t):
                        break
                    t += 1
                if root:
                    self._root_bounds = None
            self._t_exact[state] = t
        return t

    def bounded_min_tests(self, state: int, max_work: int) -> tuple[int, int]:
        """``(lower, upper)`` on :meth:`min_tests` of ``state``, equal when it is exact.

        The upper bound comes first: :meth:`identify_ceiling`, then the greedy strategies'
        depth, whatever the limits but the time limit (:attr:`deadline`; past it, the
        bounds so far). Then the exact search runs for at most ``max_work`` more units of
        work (and within :attr:`max_states`). Past either limit, the lower bound is what it
        proved, and :attr:`stopped_by` names that limit.
        """
        self.stopped_by = None
        identify = self.identify_ceiling(state)
        if identify < self._t_ub.get(state, _INF):
            self._t_ub[state] = identify
        saved = self.max_work, self.max_states
        self.max_work = self.max_states = _INF
        try:
            self.ceiling(state)
        except AnalysisTooLarge as exc:  # the time limit passed: the ceiling above stands
            self.stopped_by = exc.limit
            low, high = self.tests_bounds(state)
            assert high is not None
            return low, high
        finally:
            self.max_work, self.max_states = saved
        self.max_work = self.work + max_work
        try:
            # The budgets from the bottom up, for three quarters of the work, time and
            # states (an answer found at all is mostly found well within them), and at
            # most TIGHTEN_AFTER seconds under a time limit; past those, the ceiling
            # lowered from the top, for at most half of what is left; then the bottom-up
            # search again, where it stopped, with the rest. (So the ceiling is lowered
            # whichever of the limits comes first.)
            first_time = self._time_left(3 / 4)
            if self.deadline < _INF:
                first_time = min(first_time, TIGHTEN_AFTER)
            t_first = self._with_share(
                max_work * 3 // 4,
                first_time,
                functools.partial(self.min_tests, state),
                states=(self.max_states - self.states_stored) * 3 // 4,
            )
            if t_first is not None:
                return t_first, t_first
            self._with_share(
                (self.max_work - self.work) // 2,
                self._time_left(1 / 2),
                functools.partial(self._tighten, state),
                states=(self.max_states - self.states_stored) // 2,
            )
            t = self.min_tests(state)
        except AnalysisTooLarge as exc:
            self.stopped_by = exc.limit
            self._root_bounds = None
            low, high = self.tests_bounds(state)
            assert high is not None  # the greedy depth
            return low, high
        return t, t

    def _time_left(self, part: float) -> float:
        """``part`` of the processor time left before :attr:`deadline` (inf without one)."""
        if self.deadline >= _INF:
            return float(_INF)
        return max(0.0, self.deadline - self.clock()) * part

    def _with_share(
        self, work: int, seconds: float, run: Callable[[], _T], states: int | None = None
    ) -> _T | None:
        """``run()`` within at most ``work`` more units of work, ``seconds`` more
        processor time and (when given) ``states`` more stored states; None when that
        share ran out first (what it proved is kept). Past the search's own limits (its
        work, states or time), raises as they do."""
        saved = self.max_work, self.deadline, self.max_states
        self.max_work = min(saved[0], self.work + work)
        self.deadline = min(saved[1], self.clock() + seconds)
        if states is not None:
            self.max_states = min(saved[2], self.states_stored + states)
        try:
            return run()
        except AnalysisTooLarge:
            if self.work > saved[0] or self.states_stored > saved[2] or self.clock() > saved[1]:
                raise
            self._root_bounds = None
            return None
        finally:
            self.max_work, self.deadline, self.max_states = saved

    def _tighten(self, state: int) -> None:
        """Lower the upper bound on :meth:`min_tests` of ``state`` from above, each try for
        at most :data:`TIGHTEN_WORK` units: while the budget leaves tests to spare, a
        strategy with one test fewer than the best known is usually found at once (the
        greedy ceilings can be far above the answer), the sooner, compiled, with the
        splits ranked by the pairs of assignments they leave (:attr:`_rank_by_pairs`).
        Never at the lower bound itself: that is the bottom-up search's own question.
        Stops at the first try that fails or runs out; one that fails proves the answer.
        Past the search's limits, raises as they do.
        """
        root = state == self.full
        self._rank_by_pairs = True
        try:
            while True:
                low, high = self.tests_bounds(state)
                if high is None or high - 1 <= low:
                    # (A try at the lower bound is the bottom-up search's own question,
                    # which it goes on with where it stopped.)
                    return
                if root:
                    self._set_root_bounds(low, high)
                try_once = functools.partial(self.feasible, state, high - 1)
                if not self._with_share(TIGHTEN_WORK, float(_INF), try_once):
                    return  # proven too few (then the answer), or the share ran out
        finally:
            self._rank_by_pairs = False
            if root:
                self._root_bounds = None

    def is_test_optimal(self, state: int, yes: int) -> bool:
        """True when splitting ``state`` into (yes, rest) keeps its fewest-tests guarantee."""
        t = self.min_tests(state)
        return self.feasible(yes, t - 1) and self.feasible(state ^ yes, t - 1)

    def optimal_splits(self, state: int) -> frozenset[int]:
        """Both sides of every split of ``state`` that keeps its fewest-tests guarantee."""
        got = self._opt.get(state)
        if got is None:
            out: set[int] = set()
            for y in self.splits(state):
                if self.is_test_optimal(state, y):
                    out.add(y)
                    out.add(state ^ y)
            # A letter of a class divides the state as the class's lowest letter does, up
            # to a swap that keeps the state: its test is optimal exactly when that one is.
            for cls in self.part_of(state) if self.symmetric else ():
                for c in self.code_classes:
                    row = self.yes[c]
                    if row[cls[0]] & state in out:
                        for v in cls[1:]:
                            y = row[v] & state
                            out.add(y)
                            out.add(state ^ y)
            got = frozenset(out)
            self._opt[state] = got
        return got

    # -- fewest tests, expected -------------------------------------------------------------

    def huffman(self, state: int, among: Sequence[int] | None = None) -> int:
        """Lower bound on the summed tests: the Huffman cost over the codes' weights.

        Every strategy's leaves hold one code each, so the summed depths are at least those
        of an optimal prefix code over the codes' weights.
        """
        return self._huffman_of(self.code_weights(state, among))

    def _huffman_of(self, weights: list[int]) -> int:
        """The Huffman cost of ``weights`` (sorted in place); kept by the weights, which
        recur across states."""
        if len(weights) < 3:
            return sum(weights) if len(weights) == 2 else 0
        weights.sort()
        key = tuple(weights)
        h = self._huffman.get(key)
        if h is None:
            heap = weights  # a sorted list is a heap
            h = 0
            pop, push = heapq.heappop, heapq.heappush
            while len(heap) > 1:
                a = pop(heap) + pop(heap)
                h += a
                push(heap, a)
            if len(self._huffman) >= HUFFMAN_KEPT:
                self._huffman.clear()
            self._huffman[key] = h
        return h

    def _half_weights(
        self, state: int, splits: Sequence[int], codes: Sequence[int]
    ) -> np.ndarray[Any, np.dtype[np.int64]]:
        """For each split (one half of ``state``), the weight of each of ``codes`` in it: a
        row per split."""
        if self.size > HALF_WEIGHTS_BY_ARRAY:
            return self._half_weights_sparse(state, splits, codes)
        # One array operation for all splits: their bits side by side, summed per code.
        bits = self._bit_table(splits)
        if self.unit_weights:
            sums = np.add.reduceat(bits, self._code_starts, axis=1, dtype=np.int64)
        else:
            sums = np.add.reduceat(bits * self._weights, self._code_starts, axis=1)
        picked: np.ndarray[Any, np.dtype[np.int64]] = sums[:, list(codes)]
        return picked

    def _half_weights_sparse(
        self, state: int, splits: Sequence[int], codes: Sequence[int]
    ) -> np.ndarray[Any, np.dtype[np.int64]]:
        """:meth:`_half_weights` on the groups of ``state`` alone, for a search too large
        for a column per group: deep in a strategy a state's groups are few and far apart,
        and so are a split's."""
        at, kept = _nonzero_words(state)
        rows = np.ascontiguousarray(_word_rows(splits, int(at[-1]) + 1)[:, at])
        held = np.unpackbits(kept.view(np.uint8), bitorder="little").astype(bool)
        groups = (at[:, None] * 64 + np.arange(64)).ravel()[held]
        bits = np.unpackbits(rows.view(np.uint8), axis=1, bitorder="little")[:, held]
        weighted = bits.astype(np.int64) * self._weights[groups]
        # Each code's groups are one run: sums over the runs, then the runs of ``codes``.
        code = np.searchsorted(self._code_starts, groups, side="right") - 1
        starts = np.flatnonzero(np.r_[True, code[1:] != code[:-1]])
        sums = np.add.reduceat(weighted, starts, axis=1)
        out = np.zeros((len(splits), len(codes)), dtype=np.int64)
        run_codes = code[starts]
        wanted = np.array(codes, dtype=np.intp)
        place = np.minimum(np.searchsorted(run_codes, wanted), len(run_codes) - 1)
        there = run_codes[place] == wanted
        out[:, there] = sums[:, place[there]]
        return out

    def _log_table(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        """``w log2 w`` for every weight a half can have (0 for 0), made once."""
        if self._w_log_w is None:
            x = np.arange(self.weight(self.full) + 1, dtype=np.float64)
            x[0] = 1.0
            self._w_log_w = x * np.log2(x)
        return self._w_log_w

    def _entropy(self, weights: np.ndarray[Any, np.dtype[np.int64]]) -> np.ndarray[Any, Any]:
        """Per row of ``weights`` (codes' weights in a half), a lower bound on its Huffman
        cost: the total weight times the entropy of the shares, ``W log2 W - sum w log2 w``,
        rounded up (less a margin for rounding errors: the Huffman cost is an integer)."""
        table = self._log_table()
        ent = table[weights.sum(axis=1)] - table[weights].sum(axis=1)
        bound: np.ndarray[Any, Any] = np.ceil(ent - 1e-6).astype(np.int64)
        return bound

    def e_lower(self, state: int, among: Sequence[int] | None = None) -> int:
        """The best known lower bound on :meth:`expected_sum` (exact once it is known)."""
        kernel = self._kernel()
        if kernel is not None:
            return kernel.lower_bound(state)
        v = self._e_lb.get(state)
        if v is None:
            v = self.huffman(state, among)
            self._e_lb[state] = v
        return v

    def _e_ranked(
        self, state: int, codes: Sequence[int]
    ) -> Iterator[tuple[int, int, int, int, int]]:
        """The splits of ``state``, least summed lower bounds of their halves first: per
        split ``(both halves' bounds, harder half, easier half, its bound, letter)``.

        Lazily: a half's bound not known yet is its Huffman cost, found only when the
        splits ranked before its split have been taken. Until then the split is placed by
        the halves' entropy bound (the Huffman cost is at least the weight times the
        entropy of the codes' shares, by Shannon's source coding theorem), found for all
        splits at once on an array; a split comes out once its own bounds are at most every
        other split's entropy bound. The search mostly stops after the first few splits,
        so most halves' Huffman costs are never needed.
        """
        lbs_of = self._e_lb
        get = lbs_of.get if self._kernel() is None else self._e_bound
        splits, letters = self.split_letters(state)
        self._worked(len(splits) * (len(codes) + 2))
        # Each split placed by its halves' entropy bounds (a bound known already is looked
        # up only when the split comes up: most never do).
        totals = self.code_weights(state, codes)
        yes_w = self._half_weights(state, splits, codes)
        place = (self._entropy(yes_w) + self._entropy(np.array(totals) - yes_w)).tolist()
        huffman = self._huffman_of
        heap: list[tuple[int, int, int, int, int, int]] = []
        push, pop = heapq.heappush, heapq.heappop
        for i in sorted(range(len(splits)), key=place.__getitem__):
            at = place[i]
            while heap and heap[0][0] <= at:
                lbs, _, hard, easy, low, letter = pop(heap)
                yield lbs, hard, easy, low, letter
            y = splits[i]
            n = state ^ y
            ly = get(y)
            ln = get(n)
            if ly is None or ln is None:
                row = yes_w[i].tolist()
                if ly is None:
                    ly = lbs_of[y] = huffman([k for k in row if k])
                if ln is None:
                    ln = lbs_of[n] = huffman(
                        [t - k for t, k in zip(totals, row, strict=True) if t != k]
                    )
            letter = letters[i] if letters else -1
            if ly >= ln:
                push(heap, (ly + ln, i, y, n, ln, letter))
            else:
                push(heap, (ly + ln, i, n, y, ly, letter))
        while heap:
            lbs, _, y, n, ln, letter = pop(heap)
            yield lbs, y, n, ln, letter

    def _e_adopt(self, state: int) -> tuple[tuple[int, ...] | None, int | None]:
        """Take over what is proven on another state of ``state``'s orbit (its exact total,
        else its lower bound): ``(the orbit's key or None, the exact total or None)``."""
        orbit = self._orbit(state) if self._supports is not None else None
        if orbit is not None:
            exact = self._orbit_e_exact.get(orbit)
            if exact is not None:
                self._e_exact[state] = self._e_lb[state] = exact
                return orbit, exact
            known = self._orbit_e_lb.get(orbit, 0)
            if known > self._e_lb.get(state, 0):
                self._e_lb[state] = known
        return orbit, None

    def _kernel(self) -> ExpectedKernel | None:
        """The compiled expected search, once :meth:`expected_sum` made it."""
        return self._compiled

    def _make_kernel(self) -> ExpectedKernel | None:
        """The compiled expected search for this search's groups, made once; None where
        this search's own is used: fewer than :data:`COMPILED_FROM` groups, or
        interchangeable letters (whose orbits the compiled search does not keep)."""
        if self._compile:
            self._compile = False

            def make() -> ExpectedKernel:
                from turing.analysis import kernel

                return kernel.ExpectedKernel(
                    self.root_splits,
                    self.code_bits,
                    self._planes,
                    self._log_table(),
                    self._words + 8,
                    images=self._code_images(weighted=True),
                )

            self._compiled = self._load_compiled(make, "expected")
        return self._compiled

    def _load_compiled(self, make: Callable[[], _K], kind: str) -> _K | None:
        """``make()``, which builds the compiled search of a ``kind`` of question
        ("expected", "worst") for this search's groups (:mod:`turing.analysis.kernel`,
        imported first), then loaded, with the progress callback told around
        it (:attr:`on_prepare`); None without numba for this platform: the search's own
        goes on. Imported only here: loading a compiled search (or compiling it, the first
        time on a machine) takes a moment only a long search repays. The import and the
        loading count as :attr:`loading_seconds`; building the tables for these groups is
        the search's own work (0.55 s on nightmare 6 hard seed 8's 47,520 groups)."""
        if self.on_prepare is not None:
            self.on_prepare(False, kind)
        try:
            started = time.process_time()
            try:
                import turing.analysis.kernel  # noqa: F401
            except ImportError:
                return None
            finally:
                self.loading_seconds += time.process_time() - started
            built = make()
            started = time.process_time()
            try:
                built.load()
            finally:
                self.loading_seconds += time.process_time() - started
            return built
        finally:
            if self.on_prepare is not None:
                self.on_prepare(True, kind)

    def clock(self) -> float:
        """The processor time the search counts against :attr:`deadline`: the process's
        (:func:`time.process_time`) but for the time spent loading compiled searches."""
        return time.process_time() - self.loading_seconds

    def _e_found(self, state: int) -> tuple[int | None, int | None]:
        """What the expected searches found for ``state``: (its exact total, the least
        total of a strategy a search that stopped at a limit found), None where none."""
        kernel = self._kernel()
        if kernel is not None:
            exact, _, upper = kernel.known(state)
        else:
            exact, upper = self._e_exact.get(state), None
        own = self._e_ub.get(state)  # the search's own, before the compiled one took over
        if upper is None or (own is not None and own < upper):
            upper = own
        return exact, upper

    def _e_known(self, state: int) -> int | None:
        """The exact total proven on ``state``, if any."""
        return self._e_found(state)[0]

    def _e_bound(self, state: int) -> int | None:
        """The lower bound proven on ``state`` (its exact total once known), if any."""
        kernel = self._kernel()
        if kernel is not None:
            return kernel.known(state)[1]
        return self._e_lb.get(state)

    def e_upper(self, state: int) -> int | None:
        """The least total of a strategy found for ``state`` by an expected search that
        stopped at a limit (exact once :meth:`expected_sum` finished), if any."""
        exact, upper = self._e_found(state)
        return exact if exact is not None else upper

    def expected_sum(self, state: int, bound: int = _INF) -> int:
        """The least total of tests over the hypotheses of ``state`` (a branch and bound).

        Exact when below ``bound``; otherwise a lower bound that is at least ``bound``.
        """
        kernel = self._compiled
        if kernel is None and self._compile:
            # This search's own first: most searches need no more. Past its share (of all
            # the questions to it together), the same search compiled (what the own one
            # proved is not carried over).
            own = functools.partial(self._expected_sum, state, bound)
            got = self._own_first("expected", own)
            if got is not None:
                return got
            kernel = self._make_kernel()
        if kernel is None:
            return self._expected_sum(state, bound)
        compiled = kernel
        return self._compiled_run(
            lambda work, stored, seconds: compiled.run(state, bound, work, stored, seconds),
            COMPILED_SPEEDUP,
            COMPILED_LIGHTER,
            compiled,
        )

    def _expected_sum(self, state: int, bound: int) -> int:
        """:meth:`expected_sum` by this search's own branch and bound."""
        exact = self._e_exact.get(state)
        if exact is not None:
            return exact
        if self.is_known(state):
            self._e_exact[state] = self._e_lb[state] = 0
            return 0
        orbit, exact = self._e_adopt(state)
        if exact is not None:
            return exact
        codes = self.present(state)
        lb = self.e_lower(state, codes)
        if lb >= bound:
            return lb
        w = self.weight(state)
        ranked = self._e_ranked(state, codes)
        best = bound
        found = False
        # Without a strategy under the bound, the least of the moves' proven totals is a
        # lower bound on the state, at least the bound: kept, it prunes later visits.
        floor = _INF
        try:
            for lbs, y, n, ln, letter in ranked:
                if w + lbs >= best:
                    floor = min(floor, w + lbs)
                    break
                self._enter(state, y, n, letter)
                ey = self._expected_sum(y, best - w - ln)
                if w + ey + ln >= best:
                    floor = min(floor, w + ey + ln)
                    continue
                en = self._expected_sum(n, best - w - ey)
                if w + ey + en < best:
                    best = w + ey + en
                    found = True
                else:
                    floor = min(floor, w + ey + en)
            self._stored()
        except AnalysisTooLarge:
            # Past a limit: the best strategy found (both halves of its split searched to
            # the end) still bounds the state from above.
            if found and best < self._e_ub.get(state, _INF):
                self._e_ub[state] = best
            raise
        if found:
            self._e_exact[state] = self._e_lb[state] = best
            if orbit is not None:
                self._orbit_e_exact[orbit] = best
            return best
        lb = max(lb, bound if floor == _INF else floor)
        self._e_lb[state] = lb
        if orbit is not None:
            self._orbit_e_lb[orbit] = lb
        return lb

    def is_expected_optimal(self, state: int, yes: int) -> bool:
        """True when the split (yes, rest) keeps the least expected tests of ``state``."""
        need = self.expected_sum(state) - self.weight(state)
        n = state ^ yes
        ln = self.e_lower(n)
        ey = self.expected_sum(yes, need - ln + 1)
        if ey + ln > need:
            return False
        return ey + self.expected_sum(n, need - ey + 1) == need

    # -- rounds, worst case ------------------------------------------------------------------

    def code_splits(self, state: int, code: int, skip: Sequence[int] = ()) -> frozenset[int]:
        """The splits of ``state`` that testing ``code`` on a verifier not in ``skip`` gives."""
        out = set()
        for v, y in enumerate(self.yes[code]):
            if v in skip:
                continue
            part = y & state
            if part and part != state:
                out.add(part)
        return frozenset(out)

    @staticmethod
    def restrict(splits: frozenset[int], part: int) -> frozenset[int]:
        """What a round's remaining tests can still split once the state is ``part``."""
        out = set()
        for z in splits:
            r = z & part
            if r and r != part:
                out.add(r)
        return frozenset(out)

    def round_codes(self, state: int) -> tuple[tuple[int, frozenset[int]], ...]:
        """Codes worth composing in ``state``: one per distinct set of splits that holds at
        least one split keeping the fewest-tests guarantee.

        Each code keeps all its splits, those that lose the guarantee too (the rounds
        search needs them: a round's later test may be one). Two codes are the same here
        only when their sets of splits are, each split as it is (a set whose answers are the
        reverse of another's is a different one: its tests name other verifiers);
        :meth:`round_choices` counts them up to that reversal.
        """
        got = self._round_codes.get(state)
        if got is not None:
            return got
        seen: dict[frozenset[int], int] = {}
        optimal = self.optimal_splits(state)
        for c in self.code_classes:
            splits = self.code_splits(state, c)
            if splits and splits not in seen and not optimal.isdisjoint(splits):
                seen[splits] = c
        got = tuple((c, s) for s, c in seen.items())
        self._round_codes[state] = got
        return got

    def round_choices(self, state: int) -> tuple[int, int]:
        """How many different ways to split ``state`` composing a code gives, and how many
        of them hold a split that keeps the fewest-tests guarantee.

        A way is a code's set of splits, each taken up to reversal: a test whose answers
        are exactly the reverse of another's (its "yes" codes the other's "no" codes) tells
        the player the same, so codes that differ only so are one choice. Codes that split
        nothing are left out.
        """
        optimal = self.optimal_splits(state)
        ways: set[frozenset[int]] = set()
        keeping = 0
        for c in self.code_classes:
            way = frozenset(min(y, state ^ y) for y in self.code_splits(state, c))
            if way and way not in ways:
                ways.add(way)
                # optimal_splits holds both sides of each split
                keeping += not optimal.isdisjoint(way)
        return len(ways), keeping

    def _code_split_sets(self, state: int) -> tuple[frozenset[int], ...]:
        """The distinct sets of splits the codes offer in ``state``, in the order of
        :meth:`round_codes` (which keeps those holding a test-optimal split)."""
        got = self._split_sets.get(state)
        if got is None:
            seen: dict[frozenset[int], None] = {}
            for c in self.code_classes:
                splits = self.code_splits(state, c)
                if splits:
                    seen.setdefault(splits, None)
            got = tuple(seen)
            self._split_sets[state] = got
        return got

    def _optimal_first(self, state: int, splits: frozenset[int]) -> Iterator[int]:
        """:meth:`_optimal_in`, each split checked only when reached: a search that
        succeeds early leaves the others' fewest tests unsearched."""
        known = self._opt.get(state)
        for y in self._most_even(state, splits):
            if y in known if known is not None else self.is_test_optimal(state, y):
                yield y

    def _optimal_in(self, state: int, splits: frozenset[int]) -> list[int]:
        """The test-optimal splits in ``splits``, most even first, in a fixed order."""
        return self._most_even(state, self.optimal_splits(state).intersection(splits))

    @staticmethod
    def _most_even(state: int, splits: Iterable[int]) -> list[int]:
        """``splits`` of ``state``, the most even first, then by their bits."""
        size = state.bit_count()
        return sorted(splits, key=lambda y: (abs(2 * y.bit_count() - size), y))

    def round_ok(self, state: int, rounds: int) -> bool:
        """From a round's start: can a test-optimal player know the code within ``rounds``?"""
        if self.is_known(state):
            return True
        if rounds <= 0:
            return False
        t = self.min_tests(state)
        if t <= rounds:
            return True  # one test-optimal test per round
        if t > TESTS_PER_ROUND * rounds:
            return False
        known = self._round_ok.get(state)
        if known is not None:
            if rounds <= known[0]:
                return False
            if rounds >= known[1]:
                return True
        got = any(
            self._test_ok(state, y, rounds - 1, TESTS_PER_ROUND - 1, splits)
            for splits in self._code_split_sets(state)
            for y in self._optimal_first(state, splits)
        )
        self._round_ok[state] = _bounds_with(known, rounds, got)
        self._round_stored()
        return got

    def _test_ok(
        self, state: int, yes: int, rounds: int, left: int, splits: frozenset[int]
    ) -> bool:
        no = state ^ yes
        if self.min_tests(no) > self.min_tests(yes):
            yes, no = no, yes  # the harder half first: it fails more often
        return self.in_round_ok(yes, rounds, left, self.restrict(splits, yes)) and self.in_round_ok(
            no, rounds, left, self.restrict(splits, no)
        )

    def in_round_ok(self, state: int, rounds: int, left: int, splits: frozenset[int]) -> bool:
        """Mid-round, ``left`` tests and ``splits`` still open: known within ``rounds`` more?"""
        if self.is_known(state):
            return True
        t = self.min_tests(state)
        if t > left + TESTS_PER_ROUND * rounds:
            return False
        if left == 0 or not splits:
            return self.round_ok(state, rounds)
        if t <= rounds:
            return True  # one test-optimal test per round
        ended = self._round_ok.get(state)
        if ended is not None and rounds >= ended[1]:
            return True  # ending the round is known to be enough
        key = (state, left, splits)
        known = self._in_ok.get(key)
        if known is not None:
            if rounds <= known[0]:
                return False
            if rounds >= known[1]:
                return True
        # Testing on is tried before ending the round: it spends a test the round offers
        # anyway, so it is the likelier way to a strategy (either may be the one).
        got = any(
            self._test_ok(state, y, rounds, left - 1, splits)
            for y in self._optimal_first(state, splits)
        ) or self.round_ok(state, rounds)
        self._in_ok[key] = _bounds_with(known, rounds, got)
        self._round_stored()
        return got

    def min_rounds(self, state: int) -> int:
        """Fewest rounds a player who keeps every fewest-tests guarantee can guarantee."""
        if self.is_known(state):
            return 0
        low = max(1, -(-self.min_tests(state) // TESTS_PER_ROUND))
        # The fewest rounds the tests allow get part of the state limit first. Past it, one
        # round more is tried (usually quick: it has tests to spare), so that even a search
        # that runs out proves an upper bound near the lower one, then the rest goes to the
        # fewest rounds again (what was proven is kept).
        limit = self.round_states_limit
        self.round_states_limit = min(limit, self.states_stored + ROUND_FIRST_LOOK)
        try:
            if self.round_ok(state, low):
                return low
            rounds = low + 1
        except RoundsTooLarge:
            if limit <= self.round_states_limit:
                raise
            self.round_states_limit = limit
            self.rounds_exhausted = False
            if self.round_ok(state, low + 1):
                return low if self.round_ok(state, low) else low + 1
            rounds = low + 2
        finally:
            self.round_states_limit = limit
        while not self.round_ok(state, rounds):
            rounds += 1
        return rounds

    def rounds_bounds(self, state: int) -> tuple[int, int]:
        """What is known of :meth:`min_rounds` without searching further: (low, high).

        High is the fewest tests (one test-optimal test per round always works).
        """
        t = self.min_tests(state)
        if t == 0:
            return (0, 0)
        low = max(1, -(-t // TESTS_PER_ROUND))
        known = self._round_ok.get(state)
        if known is not None:
            return (max(low, known[0] + 1), min(t, known[1]))
        return (low, t)

    def rounds_after(self, state: int, left: int, splits: frozenset[int]) -> int:
        """Fewest rounds after the current one, mid-round (worst case, tests kept optimal)."""
        if self.is_known(state):
            return 0
        rounds = 0
        while not self.in_round_ok(state, rounds, left, splits):
            rounds += 1
        return rounds

    # -- rounds for the expected figure ------------------------------------------------------

    def expected_rounds_new(self, state: int) -> int:
        """Least summed rounds from a round's start among expected-optimal strategies."""
        if self.is_known(state):
            return 0
        r = self._re_new.get(state)
        if r is not None:
            return r
        w = self.weight(state)
        best = _INF
        seen: set[frozenset[int]] = set()
        for c in self.code_classes:
            splits = self.code_splits(state, c)
            if not splits or splits in seen:
                continue
            seen.add(splits)
            for y in self._expected_optimal_in(state, splits):
                best = min(best, w + self._expected_test(state, y, TESTS_PER_ROUND - 1, splits))
        self._re_new[state] = best
        self._stored()
        return best

    def _expected_optimal_in(self, state: int, splits: frozenset[int]) -> list[int]:
        # A state meets many codes' sets of splits, mostly the same splits: each is
        # checked once.
        known = self._e_optimal.setdefault(state, {})
        out = []
        for y in splits:
            ok = known.get(y)
            if ok is None:
                ok = known[y] = self.is_expected_optimal(state, y)
            if ok:
                out.append(y)
        out.sort()
        return out

    def _expected_test(self, state: int, yes: int, left: int, splits: frozenset[int]) -> int:
        no = state ^ yes
        return self.expected_rounds_in(
            yes, left, self.restrict(splits, yes)
        ) + self.expected_rounds_in(no, left, self.restrict(splits, no))

    def expected_rounds_in(self, state: int, left: int, splits: frozenset[int]) -> int:
        """Least summed rounds after the current one, mid-round, expected-optimal play."""
        if self.is_known(state):
            return 0
        key = (state, left, splits)
        r = self._re_in.get(key)
        if r is not None:
            return r
        best = self.expected_rounds_new(state)
        if left > 0:
            for y in self._expected_optimal_in(state, splits):
                best = min(best, self._expected_test(state, y, left - 1, splits))
        self._re_in[key] = best
        self._stored()
        return best

    # -- the policy ----------------------------------------------------------------------------

    def verifier_for(self, state: int, code: int, yes: int, skip: Sequence[int] = ()) -> int:
        """The first verifier (not in ``skip``) whose test of ``code`` splits off ``yes``."""
        for v, y in enumerate(self.yes[code]):
            if v not in skip and (y & state) in (yes, state ^ yes):
                return v
        raise AssertionError("no verifier gives this split")  # pragma: no cover

    def best_new_round(self, state: int, prefer: int | None = None) -> tuple[int, int] | None:
        """The (code, verifier) to start a round with; None when the code is known.

        The move keeps the fewest-tests guarantee and the fewest-rounds guarantee; among
        such moves, the most even split first, then the lowest code and verifier. A move
        of ``prefer`` (a code composed and not yet tested) comes first where it keeps as
        much as the others. :attr:`rounds_proven` tells whether the move's rounds are
        proven the fewest.
        """
        if self.is_known(state):
            return None
        candidates = self._new_round_candidates(state, prefer)
        self.rounds_proven = True
        if not self.rounds_exhausted:
            try:
                rounds = self.min_rounds(state)
                for _, _, c, y, splits in candidates:
                    if self._test_ok(state, y, rounds - 1, TESTS_PER_ROUND - 1, splits):
                        return c, self.verifier_for(state, c, y)
            except RoundsTooLarge:
                pass
        # The rounds search stopped short: keep the fewest rounds it proved enough, if
        # fewer than one test a round gives (the move that proved it is among these).
        enough = self._round_ok.get(state, (-1, _INF))[1]
        t = self.min_tests(state)
        if enough < t:
            for _, _, c, y, splits in candidates:
                if self._known_ok(state, y, enough - 1, TESTS_PER_ROUND - 1, splits):
                    self.rounds_proven = self.rounds_bounds(state)[0] >= enough
                    return c, self.verifier_for(state, c, y)
        # Otherwise keep the fewest-tests guarantee only, in a round that can go on:
        # the first test of the most tests the code can go on with, whatever the answers.
        self.rounds_proven = self.rounds_bounds(state)[0] >= t
        c, y = self._longest_round(
            state, [(c, y, splits) for _, _, c, y, splits in candidates], TESTS_PER_ROUND
        )
        return c, self.verifier_for(state, c, y)

    def _longest_round(
        self, state: int, moves: Sequence[tuple[int, int, frozenset[int]]], left: int
    ) -> tuple[int, int]:
        """Of ``moves`` (code, test-optimal split, the code's splits; best first), the first
        after which the round can go on longest: the most tests in all, ``left`` at most,
        each keeping the fewest-tests guarantee, that the code can make whatever the
        answers. The search past its work limit counts what it has."""
        best, most = moves[0][:2], 0
        with contextlib.suppress(AnalysisTooLarge):
            for c, y, splits in moves:
                got = 1 + min(
                    self._round_length(part, self.restrict(splits, part), left - 1)
                    for part in (y, state ^ y)
                )
                if got > most:
                    best, most = (c, y), got
                    if most >= left:
                        break
        return best

    def _round_length(self, state: int, splits: frozenset[int], left: int) -> int:
        """The most tests (``left`` at most) a round can go on with in ``state``, each
        keeping the fewest-tests guarantee, whatever the answers (a known state needs
        none: it counts as going on to the end)."""
        if left <= 0 or self.is_known(state):
            return left
        most = 0
        for y in self._optimal_first(state, splits):
            got = 1 + min(
                self._round_length(part, self.restrict(splits, part), left - 1)
                for part in (y, state ^ y)
            )
            if got > most:
                most = got
                if most >= left:
                    break
        return most

    def _new_round_candidates(
        self, state: int, prefer: int | None
    ) -> list[tuple[bool, int, int, int, frozenset[int]]]:
        """The test-optimal first tests of a round in ``state`` as (not ``prefer``'s,
        unevenness, code, split, the code's splits), in the order
        :meth:`best_new_round` takes them."""
        size = state.bit_count()
        preferred = None if prefer is None else self.code_splits(state, prefer)
        candidates: list[tuple[bool, int, int, int, frozenset[int]]] = []
        for c, splits in self.round_codes(state):
            if splits == preferred:
                assert prefer is not None
                c = prefer
            for y in self._optimal_in(state, splits):
                even = abs(2 * y.bit_count() - size)
                candidates.append((splits != preferred, even, c, y, splits))
        candidates.sort(key=lambda t: (t[0], t[1], t[2], self.verifier_for(state, t[2], t[3])))
        return candidates

    def _known_ok(
        self, state: int, yes: int, rounds: int, left: int, splits: frozenset[int]
    ) -> bool:
        """:meth:`_test_ok` as far as the rounds search already knows it (False where it
        would have to search further than its state limit allows)."""
        try:
            return self._test_ok(state, yes, rounds, left, splits)
        except RoundsTooLarge:
            return False

    def best_in_round(self, state: int, code: int, tested: Sequence[int]) -> int | None:
        """The next verifier to test ``code`` against this round, or None to end the round.

        Testing wins ties with ending the round (the answer can only help). Past the rounds
        search's limit the round goes on while a test of ``code`` keeps the fewest tests
        (one keeping the rounds proven enough first): a round ended early is wasted.
        """
        self.rounds_proven = True
        left = TESTS_PER_ROUND - len(set(tested))
        if self.is_known(state) or left <= 0:
            return None
        splits = self.code_splits(state, code, skip=tested)
        options = self._optimal_in(state, splits)
        if not options:
            return None
        if not self.rounds_exhausted:
            try:
                end = self.min_rounds(state)
                for rounds in range(end + 1):
                    for y in options:
                        if self._test_ok(state, y, rounds, left - 1, splits):
                            return self.verifier_for(state, code, y, skip=tested)
                if not tested:  # a round ended with no test would be a round lost
                    return self.verifier_for(state, code, options[0])
                return None
            except RoundsTooLarge:
                pass
        self.rounds_proven = False
        # The rounds search stopped short: keep the fewest rounds it proved enough from
        # here, testing on (as it tried first) or ending the round (one test-optimal test
        # a round always does).
        t = self.min_tests(state)
        ending = min(t, self._round_ok.get(state, (-1, _INF))[1])
        if tested:  # rounds after this one, testing on where that was proven no worse
            going_on = self._in_ok.get((state, left, splits), (-1, _INF))[1]
            keep = going_on if going_on <= ending else None
        else:  # the round's first test: the rounds proven enough from its start
            keep = ending - 1
        if keep is not None:
            for y in options:
                if self._known_ok(state, y, keep, left - 1, splits):
                    return self.verifier_for(state, code, y, skip=tested)
        if tested and ending < t:
            # Ending the round is proven to need ``ending`` rounds more: a test of this code
            # that keeps them comes first (the round is spent anyway).
            kept = self._test_keeping(state, ending, left, splits)
            if kept is not None:
                return self.verifier_for(state, code, kept, skip=tested)
        # Otherwise the round goes on while a test of its code keeps the fewest tests: a
        # round ended early is a round the rest of the game may need (one test a round
        # is all the rounds search proves past its limit where it proves nothing more).
        # The test is the one after which the round can go on longest.
        _, y = self._longest_round(state, [(code, y, splits) for y in options], left)
        return self.verifier_for(state, code, y, skip=tested)

    def _test_keeping(
        self, state: int, ending: int, left: int, splits: frozenset[int]
    ) -> int | None:
        """Mid-round, past the rounds search's limit, where ending the round is proven to
        need ``ending`` rounds more: a test-optimal split of ``splits`` (the round's code's
        tests left) after which ``ending`` rounds more are still proven enough, or None.

        Either the test is proven to keep them as it is, or it is the first test of a
        round proven to keep them (the most even such first), which this round can make
        now: from each of its halves a new round can play on as that round would (the
        same code offers the same tests), so ``ending`` rounds from there are enough, and
        that is recorded for the moves that follow.
        """
        for y in self._optimal_in(state, splits):
            if self._known_ok(state, y, ending, left - 1, splits):
                return y
        for _, _, _, y, others in self._new_round_candidates(state, None):
            if (y in splits or state ^ y in splits) and self._known_ok(
                state, y, ending - 1, TESTS_PER_ROUND - 1, others
            ):
                for part in (y, state ^ y):
                    self._round_ok[part] = _bounds_with(self._round_ok.get(part), ending, True)
                return y
        return None

    def greedy_sum(self, state: int) -> int:
        """Summed tests of a greedy strategy, an upper bound on :meth:`expected_sum` cheap
        enough to give when the exact search is too large: in each state the split whose
        halves' lower bounds sum least (the order the exact search tries them in), a
        state's exact total where the search found it, and the best strategy a stopped
        search found for a state where that is less (:meth:`e_upper`)."""
        if self.is_known(state):
            return 0
        exact, found = self._e_found(state)
        if exact is not None:
            return exact
        _, hard, easy, _, letter = next(self._e_ranked(state, self.present(state)))
        self._enter(state, hard, easy, letter)
        greedy = self.weight(state) + self.greedy_sum(hard) + self.greedy_sum(easy)
        return greedy if found is None else min(greedy, found)

    def budget_sum(self, state: int, budget: int) -> int:
        """Summed tests of a strategy that never needs more than ``budget`` tests, an upper
        bound on :meth:`expected_sum` beside :meth:`greedy_sum` (often below it where few
        tests are to spare): in each state the first split, in the order the exact search
        tries them, whose halves are proven to allow one test fewer (:meth:`feasible`, each
        question within :data:`FIT_WORK`); a state's exact total where the search found
        it, and the best strategy a stopped search found where that is less. Where no
        split is proven to fit before a question runs out of its work, :meth:`greedy_sum`.
        All the walk's questions together take at most :data:`BUDGET_WORK`.
        """
        self._fit_left = BUDGET_WORK
        return self._budget_sum(state, budget)

    def _budget_sum(self, state: int, budget: int) -> int:
        """:meth:`budget_sum`, within what is left of the walk's work for questions."""
        if self.is_known(state):
            return 0
        exact, found = self._e_found(state)
        if exact is not None:
            return exact
        total: int | None = None
        for _, hard, easy, _, letter in self._e_ranked(state, self.present(state)):
            fits = self._fits(hard, budget - 1)
            if fits:
                fits = self._fits(easy, budget - 1)
            if fits is None and self._fit_left <= 0:
                break  # no work left for the questions: the greedy strategy from here
            if fits:
                self._enter(state, hard, easy, letter)
                total = (
                    self.weight(state)
                    + self._budget_sum(hard, budget - 1)
                    + self._budget_sum(easy, budget - 1)
                )
                break
        if total is None:
            total = self.greedy_sum(state)
        return total if found is None else min(total, found)

    def _fits(self, state: int, budget: int) -> bool | None:
        """:meth:`feasible` within :data:`FIT_WORK` more units of work and what is left of
        the walk's (None past either)."""
        if self._fit_left <= 0:
            return None
        ask = functools.partial(self.feasible, state, budget)
        before = self.work
        try:
            return self._with_share(min(FIT_WORK, self._fit_left), float(_INF), ask)
        finally:
            self._fit_left -= self.work - before

    def e_floor(self, state: int) -> int:
        """A lower bound on :meth:`expected_sum` from what a search stopped short proved,
        two tests deep: the state's weight plus the least, over its splits, of the bounds
        on the two halves, each half's bound raised by :meth:`_e_floor_one` (the split of
        least bound first, until the least is one so raised, or past
        :data:`FLOOR_WORK` or :data:`FLOOR_SPLITS`: then the least so far). It rises above
        the state's own bound, which a search from the start raises only once it has tried
        every split."""
        settled = self._e_settled(state)
        if settled is not None:
            return settled
        codes = self.present(state)
        # (bound on both halves, -1 - split number once raised else the number, halves)
        heap = [
            (self._e_proven(hard) + self._e_proven(easy), i, hard, easy)
            for i, (_, hard, easy, _, _) in enumerate(self._e_ranked(state, codes))
        ]
        heapq.heapify(heap)
        saved = self.max_work
        self.max_work = min(saved, self.work + FLOOR_WORK)
        try:
            for _ in range(FLOOR_SPLITS):
                if heap[0][1] < 0:
                    break
                both, i, hard, easy = heap[0]
                raised = self._e_floor_one(hard) + self._e_floor_one(easy)
                heapq.heapreplace(heap, (max(both, raised), -1 - i, hard, easy))
        except AnalysisTooLarge:
            if self.work > saved:
                raise
        finally:
            self.max_work = saved
        return max(self.e_lower(state, codes), self.weight(state) + heap[0][0])

    def _e_settled(self, state: int) -> int | None:
        """The exact total proven on ``state`` (0 once its code is known), else None."""
        exact = self._e_known(state)
        if exact is None and self.is_known(state):
            return 0
        return exact

    def _e_floor_one(self, state: int) -> int:
        """A lower bound on :meth:`expected_sum` one test deep: the state's weight plus the
        least, over its splits, of the bounds known on the two halves (each at least its
        Huffman bound; other states of a half's orbit are not looked up, which would take
        most of the time), or the bound proven on the state where that is more."""
        settled = self._e_settled(state)
        if settled is not None:
            return settled
        codes = self.present(state)
        lower = self.e_lower
        least = min(
            lower(hard) + lower(easy) for _, hard, easy, _, _ in self._e_ranked(state, codes)
        )
        return max(self._e_proven(state), self.weight(state) + least)

    def _e_proven(self, state: int) -> int:
        """The bound proven on ``state`` or on another state of its orbit."""
        exact = self._e_known(state)
        if exact is None:
            _, exact = self._e_adopt(state)
        return exact if exact is not None else self.e_lower(state)


# -- results --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Branch:
    """What one answer of a planned test leaves."""

    answer: bool
    assignments: int
    codes: tuple[str, ...]
    min_tests: int  # the fewest tests that still guarantee the code from here
    then: RoundStep | None  # the next test this round (None: the round ends here)

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "assignments": self.assignments,
            "codes": list(self.codes),
            "min_tests": self.min_tests,
            "then": self.then.to_dict() if self.then is not None else None,
        }


@dataclass(frozen=True)
class RoundStep:
    """A planned test of the round's code, and what each answer leaves."""

    verifier: int
    yes: Branch
    no: Branch

    def to_dict(self) -> dict[str, Any]:
        return {
            "verifier": LETTERS[self.verifier],
            "yes": self.yes.to_dict(),
            "no": self.no.to_dict(),
        }

    def verifiers(self) -> list[int]:
        """Every verifier this plan may test, in order of first use (breadth first)."""
        out: list[int] = []
        queue: list[RoundStep] = [self]
        while queue:
            step = queue.pop(0)
            if step.verifier not in out:
                out.append(step.verifier)
            queue.extend(b.then for b in (step.yes, step.no) if b.then is not None)
        return out


@dataclass(frozen=True)
class FirstRound:
    """The policy's first round: the code to compose and its adaptive tests."""

    code: str
    plan: RoundStep
    #: the different ways to split the possible codes that composing a code gives (codes
    #: whose splits are the same up to reversed answers are one), and how many of them
    #: allow a fewest-tests start (:meth:`Search.round_choices`)
    codes_considered: int = 0
    codes_keeping_tests: int = 0

    @property
    def verifiers(self) -> list[int]:
        return self.plan.verifiers()

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "verifiers": [LETTERS[v] for v in self.verifiers],
            "plan": self.plan.to_dict(),
        }


@dataclass(frozen=True)
class Analysis:
    """The optimal-play figures of one puzzle (see the module docstring for the definitions).

    ``min_tests_worst`` is None when the worst-case search went past its work or state
    limit; ``tests_bounds`` then brackets it with what the search proved (lower) and a
    strategy it found (upper), and the rounds figures and the first round are not searched
    (``rounds_bounds`` follows from the tests bounds, ``first_round`` is None). Otherwise
    both tests bounds equal it. ``first_round`` is also None (and ``"first_round"`` in
    :attr:`bounds_only`) when it was not found within the time limit. It is given but in
    :attr:`bounds_only` too when the fewest rounds are exact but choosing the round among
    the moves that keep them passed the rounds search's state limit: the round keeps both
    guarantees, but its first split is not proven the most even of those that do.
    ``min_tests_expected`` and ``rounds_expected`` are None when the expected search went
    past its state limit; ``expected_bounds`` then brackets the mean number of tests.
    ``rounds_worst`` is None when the rounds search went past its limit; ``rounds_bounds``
    then brackets it (otherwise both bounds equal it). The means are exact fractions (a
    total of tests over the assignments, divided by their number). A figure asked to be
    left out (:attr:`skipped`) is None, never in :attr:`bounds_only`; skipped rounds
    leave ``rounds_bounds`` as the tests bounds give them (a round holds one to three
    tests).
    """

    puzzle_id: str | None
    mode: str
    verifiers: int
    assignments: int
    codes: tuple[str, ...]
    min_tests_worst: int | None
    tests_bounds: tuple[int, int]
    rounds_worst: int | None
    rounds_bounds: tuple[int, int]
    min_tests_expected: float | None
    rounds_expected: float | None
    expected_bounds: tuple[float, float]
    first_round: FirstRound | None
    seconds: float
    search_states: int = field(default=0, compare=False)
    #: the same means as exact fractions (the floats above are their nearest values)
    min_tests_expected_exact: Fraction | None = None
    rounds_expected_exact: Fraction | None = None
    expected_bounds_exact: tuple[Fraction, Fraction] | None = None
    #: the figures reported as bounds only (a search stopped at its limit), by JSON name
    bounds_only: tuple[str, ...] = ()
    #: the figures not searched at all (asked for without them), by JSON name
    skipped: tuple[str, ...] = ()
    #: for each figure in :attr:`bounds_only`, the limit its search stopped at, by JSON
    #: name: the name of the parameter of :func:`analyze` that sets it (:data:`LIMITS`)
    stopped_by: tuple[tuple[str, str], ...] = ()
    #: processor seconds spent loading the compiled searches (compiling them, the first
    #: time on a machine): part of :attr:`processor_seconds`, not of the time limit
    loading_seconds: float = field(default=0.0, compare=False)
    #: processor seconds of the whole analysis (:func:`time.process_time`), what
    #: ``time_limit`` counts (but for :attr:`loading_seconds`); :attr:`seconds` is the time
    #: by the clock on the wall, which a busy machine makes longer
    processor_seconds: float = field(default=0.0, compare=False)

    def to_dict(self) -> dict[str, Any]:
        no_mean = "min_tests_expected" in self.skipped
        return {
            "id": self.puzzle_id,
            "mode": self.mode,
            "verifiers": self.verifiers,
            "assignments": self.assignments,
            "codes": len(self.codes),
            "candidates": list(self.codes),
            "min_tests_worst": self.min_tests_worst,
            "min_tests_worst_bounds": list(self.tests_bounds),
            "bounds_only": list(self.bounds_only),
            # the kind of limit, as before the limits were named (kept for scripts that
            # read it), then the limit itself
            "stopped_by": {figure: _LIMIT_KINDS[limit] for figure, limit in self.stopped_by},
            "stopped_by_limit": dict(self.stopped_by),
            "skipped": list(self.skipped),
            "min_tests_expected": self.min_tests_expected,
            "min_tests_expected_fraction": _fraction(self.min_tests_expected_exact),
            "rounds_worst": self.rounds_worst,
            "rounds_bounds": list(self.rounds_bounds),
            "rounds_expected": self.rounds_expected,
            "rounds_expected_fraction": _fraction(self.rounds_expected_exact),
            # Left out, the mean has no bounds: null, not [0, 0].
            "expected_bounds": None if no_mean else list(self.expected_bounds),
            "expected_bounds_fraction": None
            if no_mean
            else [_fraction(x) for x in self.expected_bounds_exact or ()],
            "first_round": self.first_round.to_dict() if self.first_round else None,
            "seconds": round(self.seconds, 3),
            "processor_seconds": round(self.processor_seconds, 3),
            "loading_seconds": round(self.loading_seconds, 3),
        }


#: The limits :attr:`Analysis.stopped_by` names, by the parameter of :func:`analyze` that
#: sets each (the worst case's states and work, the mean's, the rounds', and the time),
#: each with its kind: ``"states"``, ``"work"`` or ``"time"``.
_LIMIT_KINDS: Final = {
    "max_states": "states",
    "max_work": "work",
    "expected_states": "states",
    "expected_work": "work",
    "round_states": "states",
    "round_work": "work",
    "time_limit": "time",
}
#: The limits themselves (:data:`_LIMIT_KINDS`).
LIMITS: Final = tuple(_LIMIT_KINDS)


def _limit_name(kind: str, states: str, work: str) -> str:
    """The parameter that set the limit of ``kind`` (:attr:`AnalysisTooLarge.limit`) a
    search stopped at, given the parameters that set its ``states`` and ``work`` limits."""
    return {"states": states, "work": work, "time": "time_limit"}[kind]


def _float(x: Fraction | None) -> float | None:
    """The nearest float (unrounded: the JSON carries every digit it has)."""
    return None if x is None else float(x)


def _fraction(x: Fraction | None) -> str | None:
    """``"8/3"``, or ``"3"`` for a whole number."""
    return None if x is None else str(x)


def plan_round(
    search: Search,
    state: int,
    code: int,
    tested: tuple[int, ...] = (),
    first: int | None = None,
) -> RoundStep | None:
    """The policy's adaptive tests of ``code`` this round, from ``state``; ``first``: the
    verifier to test first (the one :meth:`Search.best_new_round` names with ``code``,
    as the policy plays it), else the policy's next test in the round."""
    v = search.best_in_round(state, code, tested) if first is None else first
    if v is None:
        return None
    yes_bits = search.yes[code][v] & state
    branches = []
    for answer, part in ((True, yes_bits), (False, state ^ yes_bits)):
        branches.append(
            Branch(
                answer=answer,
                assignments=search.weight(part),
                codes=tuple(CODE_TEXT[c] for c in indices(search.codes_mask(part))),
                min_tests=search.min_tests(part),
                then=plan_round(search, part, code, (*tested, v)),
            )
        )
    return RoundStep(v, branches[0], branches[1])


def policy_first_round(search: Search, state: int) -> tuple[int, RoundStep, bool] | None:
    """The round the policy plays first from ``state`` (as ``hint best`` and
    ``bot:optimal`` start it, and :func:`analyze_hypotheses` names it): ``(code, its
    adaptive tests, whether the round keeps rounds proven the fewest)``; None when the
    code is known. The fewest tests of ``state`` are to be known already. As in the
    analysis, the round follows whatever the work and state limits (past the rounds
    search's, it keeps the fewest tests and what that search proved); only the time limit
    (:attr:`Search.deadline`) stops it, with :class:`AnalysisTooLarge`."""
    if search.is_known(state):
        return None
    saved_work, saved_states = search.max_work, search.max_states
    try:
        try:
            search.min_rounds(state)
        except AnalysisTooLarge as exc:
            if exc.limit == "time":
                raise
            search.rounds_exhausted = True
        search.max_work = _INF
        search.max_states = _INF
        move = search.best_new_round(state)
        if move is None:
            return None
        proven = search.rounds_proven
        plan = plan_round(search, state, move[0], first=move[1])
        assert plan is not None
        return move[0], plan, proven
    finally:
        search.max_work, search.max_states = saved_work, saved_states


def analyze_hypotheses(
    hypotheses: Sequence[Hypothesis],
    *,
    expected: bool = True,
    rounds: bool = True,
    max_states: int = MAX_STATES,
    expected_states: int = EXPECTED_STATES,
    round_states: int = ROUND_STATES,
    max_work: int | None = None,
    puzzle: Puzzle | None = None,
    symmetry: bool = True,
    round_work: int | None = None,
    expected_work: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    on_prepare: Callable[[bool, str], None] | None = None,
) -> Analysis:
    """Analyse a hypothesis set (the state before any test, or any later one).

    ``expected=False`` leaves out the means; ``rounds=False`` the rounds figures and the
    first round (on hard puzzles the rounds search takes most of the time; the fewest
    tests, worst case and mean, are the same without it).
    ``symmetry=False`` searches every letter of interchangeable ones (the same figures,
    more slowly: kept to check the symmetric search against). Past ``max_work`` (by
    default :data:`MAX_WORK`, or none under ``time_limit``: :func:`work_limit`) or
    ``max_states`` the worst case is reported as bounds (:attr:`Analysis.tests_bounds`);
    past ``expected_work`` (:data:`EXPECTED_WORK`) or ``round_work`` (:data:`ROUND_WORK`),
    likewise none by default under ``time_limit``, their figures.
    ``on_progress(lower, upper)`` is called now and then during a long worst-case search
    with the bounds on ``min_tests_worst`` proven so far, and once when that search is
    done, with its answer (equal bounds when exact). ``time_limit``: processor
    seconds for the whole analysis, a limit like the others (every search past it reports
    bounds; unlike the work limits, the same puzzle may then give different bounds).
    ``on_prepare(ready, kind)`` is called before a compiled search is loaded and once it
    is (see :attr:`Search.on_prepare`): a pause a progress display may explain.
    """
    start = time.perf_counter()
    begun = time.process_time()
    max_work = work_limit(max_work, time_limit)
    fallback_work = EXPECTED_WORK if expected_work is None else expected_work
    expected_work = work_limit(expected_work, time_limit, EXPECTED_WORK)
    round_work = work_limit(round_work, time_limit, ROUND_WORK)
    search = Search(hypotheses, max_states=max_states, max_work=max_work, symmetry=symmetry)
    search.on_progress = on_progress
    search.on_prepare = on_prepare
    deadline = float(_INF)
    if time_limit is not None:
        # From the call on: the search's tables count too.
        deadline = search.clock() + time_limit - (time.process_time() - begun)
        # The last part of the time is kept for the bounds on a mean the searches do not
        # finish (the rounds, which come after, get it when they are not needed).
        search.deadline = deadline - (time_limit * FALLBACK_TIME if expected else 0.0)
    root = search.full
    bounded: list[str] = []
    skipped: list[str] = []
    if not expected:
        skipped += ["min_tests_expected", "rounds_expected"]
    if not rounds:
        left_out = ("rounds_worst", "rounds_expected", "first_round")
        skipped += [name for name in left_out if name not in skipped]
    low_t, high_t = search.bounded_min_tests(root, max_work)
    if on_progress is not None:
        on_progress(low_t, high_t)
    worst = low_t if low_t == high_t else None
    # which limit stopped each search that gave bounds
    stopped: dict[str, str] = {}
    if worst is None and search.stopped_by is not None:
        stopped["min_tests_worst"] = _limit_name(search.stopped_by, "max_states", "max_work")
    fewest_rounds: int | None = None
    rounds_range = (max(1, -(-low_t // TESTS_PER_ROUND)) if high_t else 0, high_t)
    # The expected figure before the rounds: under a time limit it is the one that counts.
    w = search.weight(root)
    e_tests: Fraction | None = None
    e_rounds: Fraction | None = None
    low = high = Fraction(0)
    if expected:
        limit = search.states_stored + expected_states
        saved = search.max_states
        search.max_states = min(saved, limit)
        search.max_work = search.work + expected_work
        try:
            total = search.expected_sum(root)
            e_tests = Fraction(total, w)
            low = high = e_tests
            search.deadline = deadline
            if worst is not None and rounds:
                e_rounds = Fraction(search.expected_rounds_new(root), w)
        except AnalysisTooLarge as exc:
            # Its states are the fewer of its own share and what the whole search has left.
            states = "max_states" if saved < limit else "expected_states"
            limit_name = _limit_name(exc.limit, states, "expected_work")
            stopped["min_tests_expected" if e_tests is None else "rounds_expected"] = limit_name
            low = max(low, Fraction(search.e_lower(root), w))
        finally:
            search.max_states = saved
            search.max_work = _INF
        search.deadline = deadline
        if e_tests is None:
            saved_states = search.max_states
            search.max_states = _INF
            search.deadline = float(_INF)
            search.max_work = _INF
            # A strategy that never needs more than high_t tests averages no more.
            high = Fraction(high_t)
            # The best strategy the stopped search found, then the greedy one.
            found = search.e_upper(root)
            if found is not None:
                high = min(high, Fraction(found, w))
            # The worst case's greedy strategies (found for its ceiling already), then
            # the greedy mean, a strategy within the fewest tests found for the worst
            # case, then the lower bound: each on work of its own and an equal share of the
            # time left (at least the part of the time limit kept for them).
            parts: list[Callable[[], int]] = [
                functools.partial(search.greedy_sum, root),
                functools.partial(search.budget_sum, root, high_t),
                functools.partial(search.e_floor, root),
            ]
            got: list[int | None] = []
            try:
                for i, part in enumerate(parts):
                    seconds = float(_INF)
                    if time_limit is not None:
                        seconds = max(0.0, deadline - search.clock()) / (len(parts) - i)
                    got.append(search._with_share(fallback_work, seconds, part))
            finally:
                search.max_states, search.deadline = saved_states, deadline
                search.max_work = _INF
            greedy, within, floor = got
            for upper in (search.ceiling_sum(root), greedy, within):
                if upper is not None:
                    high = min(high, Fraction(upper, w))
            if floor is not None:
                low = max(low, Fraction(floor, w))
            if low == high:
                # The proven bounds meet: the mean is exact all the same. The rounds mean
                # still needed the search the limit stopped.
                e_tests = low
                stopped_at = stopped.pop("min_tests_expected", None)
                if stopped_at is not None and rounds:
                    stopped["rounds_expected"] = stopped_at
            else:
                bounded.append("min_tests_expected")
        if e_rounds is None and rounds:
            bounded.append("rounds_expected")
            if "rounds_expected" not in stopped:
                # Its search stopped with the mean's, or never ran: it needs the exact
                # fewest tests, which the worst-case search (and its limit) left as bounds.
                reason = stopped.get("min_tests_expected", stopped.get("min_tests_worst"))
                if reason is not None:
                    stopped["rounds_expected"] = reason
    if worst is None and -(-low // 1) > low_t:
        # No strategy's worst case is below its mean: the worst case needs at least the
        # mean's lower bound, rounded up (a search stopped early may have proven less).
        low_t = int(-(-low // 1))
        rounds_range = (max(rounds_range[0], -(-low_t // TESTS_PER_ROUND)), rounds_range[1])
        if on_progress is not None:
            on_progress(low_t, high_t)
        if low_t == high_t:
            # The proven bounds meet: the figure is exact all the same.
            worst = low_t
            stopped.pop("min_tests_worst", None)
    first: FirstRound | None = None
    if worst is None:
        bounded += ["min_tests_worst", "rounds_worst"] if rounds else ["min_tests_worst"]
        if rounds and "min_tests_worst" in stopped:  # the rounds need the exact tests
            stopped["rounds_worst"] = stopped["min_tests_worst"]
    elif rounds:
        # The figures below have state and work limits of their own, past which they
        # report bounds.
        search.max_work = search.work + round_work
        search.share_rounds(round_states)
        # the limit that stopped the rounds search, if one did (the first round's choice
        # then keeps only what it proved)
        rounds_cut: str | None = None
        try:
            fewest_rounds = search.min_rounds(root)
            rounds_range = (fewest_rounds, fewest_rounds)
        except AnalysisTooLarge as exc:  # its states, the whole search's, its work or time
            # Its own share of states (RoundsTooLarge), else the whole search's limit.
            states = "round_states" if isinstance(exc, RoundsTooLarge) else "max_states"
            rounds_cut = stopped["rounds_worst"] = _limit_name(exc.limit, states, "round_work")
            search.rounds_exhausted = True
            search.max_work = _INF
            rounds_range = search.rounds_bounds(root)
            if rounds_range[0] == rounds_range[1]:
                # The proven bounds meet: the figure is exact all the same.
                fewest_rounds = rounds_range[0]
                del stopped["rounds_worst"]
            else:
                fewest_rounds = None
                bounded.append("rounds_worst")
        # The first round follows from what the worst-case search proved (its splits'
        # halves are mostly known already): it is found whatever the work and state
        # limits, within the time limit only.
        search.max_work = _INF
        saved_states = search.max_states
        search.max_states = _INF
        try:
            move = search.best_new_round(root)
            if move is not None:
                # The round the policy plays (hint best, bot:optimal): its first test is
                # the new round's move, ties and all, then its tests within the round.
                plan = plan_round(search, root, move[0], first=move[1])
                assert plan is not None
                considered, keeping = search.round_choices(root)
                first = FirstRound(CODE_TEXT[move[0]], plan, considered, keeping)
                if search.rounds_exhausted and "rounds_worst" not in stopped:
                    # The fewest rounds are exact, but choosing the round among the moves
                    # that keep them passed the rounds search's limit (its own share of
                    # states, the one limit left on it here): the round shown keeps what
                    # was proven, not necessarily with the most even first split.
                    bounded.append("first_round")
                    stopped["first_round"] = rounds_cut or "round_states"
        except AnalysisTooLarge as exc:  # the time limit (it has no other here)
            bounded.append("first_round")
            stopped["first_round"] = _limit_name(exc.limit, "max_states", "max_work")
        search.max_states = saved_states
    return Analysis(
        puzzle_id=puzzle.id if puzzle is not None else None,
        mode=puzzle.mode if puzzle is not None else "classic",
        verifiers=search.verifiers,
        assignments=w,
        codes=tuple(CODE_TEXT[c] for c in indices(search.codes_mask(root))),
        min_tests_worst=worst,
        tests_bounds=(low_t, high_t),
        rounds_worst=fewest_rounds,
        rounds_bounds=rounds_range,
        min_tests_expected=_float(e_tests),
        rounds_expected=_float(e_rounds),
        expected_bounds=(float(low), float(high)),
        first_round=first,
        seconds=time.perf_counter() - start,
        search_states=search.states_stored,
        min_tests_expected_exact=e_tests,
        rounds_expected_exact=e_rounds,
        expected_bounds_exact=(low, high),
        bounds_only=tuple(bounded),
        skipped=tuple(skipped),
        stopped_by=tuple(stopped.items()),
        loading_seconds=search.loading_seconds,
        processor_seconds=time.process_time() - begun,
    )


#: What :func:`interrupted_record` gives as the limit of each figure an interruption
#: (Ctrl-C, SIGTERM) left unfinished, as a kind and as a limit alike.
INTERRUPTED: Final = "interrupt"


def interrupted_record(
    puzzle: Puzzle, low: int, high: int, *, expected: bool = True, rounds: bool = True
) -> dict[str, Any]:
    """The JSON record (:meth:`Analysis.to_dict`'s keys) of a puzzle whose analysis was
    interrupted after proving ``low`` to ``high`` fewest tests in the worst case: those
    bounds (the figure itself when they meet), the rounds the tests allow, every figure
    not finished null and in ``bounds_only``, stopped by :data:`INTERRUPTED`. What the
    deduction found is not known here: ``assignments``, ``codes`` and ``candidates`` are
    null, and so is ``expected_bounds`` (nothing of the mean was proven)."""
    figures = ["min_tests_worst"] if low < high else []
    skipped: list[str] = []
    if expected:
        figures.append("min_tests_expected")
    else:
        skipped += ["min_tests_expected", "rounds_expected"]
    if rounds:
        figures += ["rounds_worst", "rounds_expected", "first_round"]
    else:
        skipped += [
            f for f in ("rounds_worst", "rounds_expected", "first_round") if f not in skipped
        ]
    figures = [f for f in figures if f not in skipped]
    return {
        "id": puzzle.id,
        "mode": puzzle.mode,
        "verifiers": puzzle.verifiers,
        "assignments": None,
        "codes": None,
        "candidates": None,
        "min_tests_worst": low if low == high else None,
        "min_tests_worst_bounds": [low, high],
        "bounds_only": figures,
        "stopped_by": dict.fromkeys(figures, INTERRUPTED),
        "stopped_by_limit": dict.fromkeys(figures, INTERRUPTED),
        "skipped": skipped,
        "min_tests_expected": None,
        "min_tests_expected_fraction": None,
        "rounds_worst": None,
        "rounds_bounds": [max(1, -(-low // TESTS_PER_ROUND)) if high else 0, high],
        "rounds_expected": None,
        "rounds_expected_fraction": None,
        "expected_bounds": None,
        "expected_bounds_fraction": None,
        "first_round": None,
        "seconds": None,
        "processor_seconds": None,
        "loading_seconds": None,
    }


def analyze(
    puzzle: Puzzle,
    cardset: CardSet,
    *,
    expected: bool = True,
    rounds: bool = True,
    max_states: int = MAX_STATES,
    expected_states: int = EXPECTED_STATES,
    round_states: int = ROUND_STATES,
    max_work: int | None = None,
    symmetry: bool = True,
    round_work: int | None = None,
    expected_work: int | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    on_prepare: Callable[[bool, str], None] | None = None,
) -> Analysis:
    """The optimal-play analysis of a puzzle, from the cards alone (hidden fields unused).

    See :func:`analyze_hypotheses` for the figures left out, the limits, ``on_progress``
    and ``on_prepare``; ``time_limit`` counts the deduction too."""
    begun = time.process_time()
    hypotheses = deduce(puzzle.public(), cardset).hypotheses
    if not hypotheses:
        raise AnalysisError(
            gettext(
                "no assignment of criteria to these cards makes a valid puzzle, so there is "
                "nothing to analyse"
            )
        )
    left = None if time_limit is None else max(0.0, time_limit - (time.process_time() - begun))
    return analyze_hypotheses(
        hypotheses,
        expected=expected,
        rounds=rounds,
        max_states=max_states,
        expected_states=expected_states,
        round_states=round_states,
        max_work=max_work,
        puzzle=puzzle,
        symmetry=symmetry,
        round_work=round_work,
        expected_work=expected_work,
        on_progress=on_progress,
        time_limit=left,
        on_prepare=on_prepare,
    )


def work_limit(given: int | None, time_limit: float | None, default: int | None = None) -> int:
    """A search's work limit: ``given`` when given; else none under a time limit (the
    time is the limit then), else ``default`` (:data:`MAX_WORK` when None)."""
    if given is not None:
        return given
    if time_limit is not None:
        return _INF
    return MAX_WORK if default is None else default


def min_tests_bounds(
    puzzle: Puzzle,
    cardset: CardSet,
    max_work: int | None = None,
    *,
    symmetry: bool = True,
    time_limit: float | None = None,
) -> tuple[int, int | None]:
    """``(lower, upper)`` on :func:`min_tests_worst` within a work limit (by default
    :data:`MAX_WORK`, or none under ``time_limit``: :func:`work_limit`); equal when exact.

    When the exact search passes ``max_work`` (or the puzzle has too many hypotheses for
    one), ``lower`` is what the search proved (at least ⌈log2 codes⌉) and ``upper`` the
    worst case of the best strategy it found (the greedy one at worst; None only when the
    hypotheses are too many to search at all). The limit counts work,
    not time, so the same puzzle and limit always give the same answer (``time_limit``,
    processor seconds, is a further limit that does not have that property).
    """
    begun = time.process_time()
    hypotheses = deduce(puzzle.public(), cardset).hypotheses
    if not hypotheses:
        raise AnalysisError(
            gettext("no assignment of criteria to these cards makes a valid puzzle")
        )
    max_work = work_limit(max_work, time_limit)
    try:
        search = Search(hypotheses, max_work=max_work, symmetry=symmetry)
    except AnalysisTooLarge:
        return ceil_log2(len({h.code for h in hypotheses})), None
    if time_limit is not None:
        # From the call on: the deduction and the search's tables count too.
        search.deadline = search.clock() + time_limit - (time.process_time() - begun)
    return search.bounded_min_tests(search.full, max_work)


def min_tests_worst(puzzle: Puzzle, cardset: CardSet, *, symmetry: bool = True) -> int:
    """The fewest tests that guarantee knowing the code of ``puzzle``, whatever is hidden.

    Only the cards are used (the hidden criteria, if given, are ignored). Raises
    :class:`AnalysisError` when no criteria assignment makes a valid puzzle, and
    :class:`AnalysisTooLarge` when the exact search would be too large.
    """
    hypotheses = deduce(puzzle.public(), cardset).hypotheses
    if not hypotheses:
        raise AnalysisError(
            gettext("no assignment of criteria to these cards makes a valid puzzle")
        )
    search = Search(hypotheses, symmetry=symmetry)
    return search.min_tests(search.full)


# -- the policy for players ---------------------------------------------------------------------

_RECENT: list[Search] = []
#: Held while a search of :data:`_RECENT` answers (a search is not to be asked from two
#: threads at once: a board asks for a hint in a worker thread, and a cancelled hint's
#: search runs on until it returns).
_RECENT_LOCK: Final = threading.RLock()
_RECENT_SIZE: Final = 8


def _search_for(hypotheses: Sequence[Hypothesis]) -> tuple[Search, int]:
    """A memoised search whose universe holds ``hypotheses``, and their state in it, with
    a fresh share of :data:`POLICY_WORK` for this question: past the limit on a large
    state, a later (smaller) state of the same game is searched again, with what was
    proven kept."""
    for i, search in enumerate(_RECENT):
        state = search.state_of(hypotheses)
        if state is not None:
            if i:
                _RECENT.insert(0, _RECENT.pop(i))
            search.new_share(POLICY_WORK)
            return search, state
    # The policy's questions are many and small (each first test of a state, each of its
    # halves): the search's own answers them from what it keeps, where each would be a
    # call into the compiled worst-case search, which keeps its own.
    search = Search(hypotheses, max_work=POLICY_WORK, compiled_worst=False)
    _RECENT.insert(0, search)
    del _RECENT[_RECENT_SIZE:]
    return search, search.full


@dataclass(frozen=True)
class PolicyMove:
    """The policy's next test: compose ``code`` (when it is not the one composed) and test
    ``verifier``. ``rounds_proven``: the move keeps rounds proven the fewest from here;
    False where the rounds search passed its limit (the move keeps the fewest tests, and
    the fewest rounds the search proved enough before its limit where a move proven to
    keep them is there; within a round, a test of the round's code that keeps the fewest
    tests rather than ending the round)."""

    code: str
    verifier: int
    rounds_proven: bool = True


def _policy_move(
    search: Search, state: int, code: str | None, tested: Sequence[int]
) -> PolicyMove | None:
    """The policy's move in ``state`` (None: stop testing). The rounds search gets a fresh
    share of stored states and searches the state first, as :func:`analyze_hypotheses`
    does, so where that proves the rounds, so does the policy. A code composed and not
    yet tested may still be changed: the move is then a new round's (that code's own
    test where it keeps as much)."""
    if search.is_known(state):
        return None
    search.min_tests(state)  # not the rounds search's share (as in the analysis)
    size = state.bit_count()
    gave_up = search.rounds_gave_up_at
    # A fresh share, unless the rounds search gave up on a state less than twice as
    # large: the questions of one round would each search as far again.
    fresh = gave_up is None or 2 * size <= gave_up
    if fresh:
        search.share_rounds()
        with contextlib.suppress(RoundsTooLarge):  # past its limit, the moves keep what it proved
            search.min_rounds(state)
    try:
        if code is None or not tested:
            move = search.best_new_round(state, None if code is None else code_index(code))
            if move is None:
                return None
            return PolicyMove(CODE_TEXT[move[0]], move[1], search.rounds_proven)
        c = code_index(code)
        v = search.best_in_round(state, c, tuple(tested))
        return None if v is None else PolicyMove(CODE_TEXT[c], v, search.rounds_proven)
    finally:
        if search.rounds_exhausted and fresh:
            search.rounds_gave_up_at = size


def policy_move(
    hypotheses: Sequence[Hypothesis], code: str | None, tested_this_round: tuple[int, ...]
) -> PolicyMove | None:
    """:func:`next_test` with whether the move's rounds are proven the fewest."""
    if not hypotheses:
        raise AnalysisError(gettext("no assignment agrees with these answers"))
    with _RECENT_LOCK:
        search, state = _search_for(hypotheses)
        for v in tested_this_round:
            if not 0 <= v < search.verifiers:
                raise AnalysisError(
                    gettext("no verifier {number}: this puzzle has {count}").format(
                        number=v, count=search.verifiers
                    )
                )
        return _policy_move(search, state, code, tested_this_round)


def next_test(
    hypotheses: Sequence[Hypothesis], code: str | None, tested_this_round: tuple[int, ...]
) -> tuple[str, int] | None:
    """The optimal next test in a player's state: ``(code, verifier index)``, or None.

    ``hypotheses``: the assignments still consistent with the player's answers. ``code``:
    the code composed this round (None before composing: the move then names the code to
    compose; a code not yet tested may be changed, so the move may name another).
    ``tested_this_round``: verifiers already tested this round. None means stop
    testing: the code is known, or ending the round is optimal (see the module docstring:
    fewest tests in the worst case first, then fewest rounds).
    """
    move = policy_move(hypotheses, code, tested_this_round)
    return None if move is None else (move.code, move.verifier)


class OptimalBot:
    """``bot:optimal``: plays the exact policy of this module.

    Where its search finishes, it guarantees knowing the code within ``min_tests_worst``
    tests and, keeping that, within ``rounds_worst`` rounds wherever its rounds search
    proves them (each move's rounds search has the share of stored states
    :func:`analyze_hypotheses` gives, :data:`ROUND_STATES`; past it, the fewest rounds it
    proved enough where a move proven to keep them is there, and within a round it tests
    its code on while a test of it keeps the fewest tests); it submits only when it knows
    the code. It ends no round without a
    test. Each move's search gets its own share of :data:`POLICY_WORK`. A move whose
    search passes it (most hard nightmare tables and some hard extreme ones, early in the
    game) is
    ``bot:greedy``'s; the exact policy is tried again once at most half as many
    assignments are left as where it last gave up, so a game has only a few searches
    that give up, and from the first that succeeds on, the bot keeps the fewest tests
    that remain possible.
    """

    name = "bot:optimal"

    def __init__(self, rng: Any = None) -> None:
        # Deterministic while exact: the generator serves the greedy fallback only.
        self._rng = rng if rng is not None else random.Random(0)
        self._search: Search | None = None
        self._puzzle: Puzzle | None = None
        self._greedy: GreedyBot | None = None
        #: the assignments left where the search last gave up (None: it never did)
        self._gave_up_at: int | None = None

    def _fallback(self) -> GreedyBot:
        if self._greedy is None:
            self._greedy = GreedyBot(self._rng)
        return self._greedy

    def _worth_searching(self, view: PlayerView) -> bool:
        left = len(view.hypotheses())
        return self._gave_up_at is None or 2 * left <= self._gave_up_at

    def _gave_up(self, view: PlayerView) -> GreedyBot:
        self._gave_up_at = len(view.hypotheses())
        return self._fallback()

    def _state(self, view: PlayerView) -> tuple[Search, int] | None:
        """The search of this game and the view's state in it, with a fresh share of
        work; None when no assignment is left."""
        hypotheses = view.hypotheses()
        if not hypotheses:
            return None
        if self._search is None or self._puzzle != view.puzzle:
            root = deduce(view.puzzle.public(), view.cardset).hypotheses
            self._search = Search(root, max_work=POLICY_WORK)
            self._puzzle = view.puzzle
        state = self._search.state_of(hypotheses)
        if state is None:  # not from this puzzle's deduction: search the view's own set
            return _search_for(hypotheses)
        self._search.new_share(POLICY_WORK)
        return self._search, state

    def compose(self, view: PlayerView) -> str:
        if not self._worth_searching(view):
            return self._fallback().compose(view)
        try:
            with _RECENT_LOCK:  # the view's own set is searched in a shared search
                found = self._state(view)
                if found is None:
                    return CODE_TEXT[0]
                search, state = found
                move = _policy_move(search, state, None, ())
        except AnalysisTooLarge:
            return self._gave_up(view).compose(view)
        if move is None:  # known: compose the code itself (no test is needed)
            return CODE_TEXT[search.code_of[lowest_index(state)]]
        return move.code

    def next_test(self, view: PlayerView) -> int | None:
        if view.code is None:
            return None
        if not self._worth_searching(view):
            return self._fallback().next_test(view)
        try:
            with _RECENT_LOCK:
                found = self._state(view)
                if found is None:
                    return None
                search, state = found
                tested = view.tested_this_round
                move = _policy_move(search, state, view.code, tested)
                if move is not None and move.code != view.code:
                    # Another code would be better (its own was composed where the search
                    # gave up): it cannot be composed now; its code's best test, one at
                    # least (a round ended with no test would be a round lost).
                    return search.best_in_round(state, code_index(view.code), tested)
                return None if move is None else move.verifier
        except AnalysisTooLarge:
            return self._gave_up(view).next_test(view)

    def decide(self, view: PlayerView) -> str | None:
        codes = {h.code for h in view.hypotheses()}
        return CODE_TEXT[codes.pop()] if len(codes) == 1 else None


__all__ = [
    "Analysis",
    "AnalysisError",
    "AnalysisTooLarge",
    "Branch",
    "FirstRound",
    "OptimalBot",
    "PolicyMove",
    "RoundStep",
    "RoundsTooLarge",
    "Search",
    "analyze",
    "analyze_hypotheses",
    "min_tests_bounds",
    "min_tests_worst",
    "next_test",
    "policy_first_round",
    "policy_move",
    "work_limit",
]
