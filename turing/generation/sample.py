"""Puzzles drawn from a stored catalogue instead of built one by one.

A catalogue bank (``turing catalogue --bank DB``) holds every valid classic puzzle of its
verifier count, packed, with its tier and metrics. :class:`CatalogueSampler` draws from it:

* **which puzzles**: the catalogue's puzzles of the verifier count whose tier is the one
  asked (any published tier when none is asked; cards that fit no tier never) and whose
  fewest-tests figure meets the range, each drawn at most once, uniformly;
* **how**: the catalogue marks the key of every :data:`~turing.generation.bank.MARK_EVERY`-th
  puzzle in key order, so the puzzle at a random place is one short step from a mark
  (no table scan). A catalogue without marks (one moved from an older bank), or a
  request that most places do not meet, reads the matching keys once instead;
* **modes**: classic puzzles are the catalogue's; nightmare deals the same cards to the
  letters in a random hidden order, and extreme adds a second card per verifier from its
  slot's pool until every decoy is plausible, then draws the hidden reading evenly
  among the table's valid readings — both by the generator's own code
  (:func:`turing.generation.generator.dealt`, :func:`~turing.generation.generator.with_decoys`).
  A nightmare table's readings are its classic readings times the ``n!`` dealings, so its
  metrics follow from the stored ones; extreme puzzles are measured on the fly;
* **the tests range**: ``min_tests`` keeps puzzles whose lower bound (``⌈log2 codes⌉``,
  stored) reaches it; ``max_tests`` is proven by the exact search, as ``generate`` does.

Puzzle *i* of a draw depends only on the bank's catalogue, the seed and the options.
"""

from __future__ import annotations

import hashlib
import math
import random
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Final

from turing.core.cards import CardSet
from turing.core.errors import TuringError
from turing.core.files import shown_name
from turing.core.puzzle import Mode, Puzzle, free_id
from turing.generation.bank import CATALOGUE_FIELDS, MARK_EVERY, Bank
from turing.generation.generator import (
    DIFFICULTIES,
    catalogue_plan,
    dealt,
    slot_plan,
    slots_of,
    tables_for,
    with_decoys,
)
from turing.generation.metrics import in_tests_range, measure
from turing.generation.packing import TIER_CODES, canonical_text, key_range, unpack
from turing.i18n import format_number, gettext


class SampleError(TuringError):
    """A bank that cannot give the puzzles asked for."""


class UnfinishedCatalogue(SampleError):
    """A catalogue whose run stopped before it stored every puzzle of its verifier count
    (killed, or interrupted): drawing from it would draw from its lowest cards only. The
    catalogue run resumes where it stopped; ``done`` of ``total`` units are stored."""

    def __init__(self, path: str, cardset: str, verifiers: int, done: int, total: int | None):
        self.path, self.cardset, self.verifiers = path, cardset, verifiers
        self.done, self.total = done, total
        super().__init__(
            gettext(
                "{path}: its {count}-verifier catalogue is unfinished ({done} of {total} "
                "units stored): it holds the puzzles of the lowest cards only; finish the "
                "catalogue first (its run resumes where it stopped)"
            ).format(
                path=shown_name(path),
                count=verifiers,
                done=format_number(done),
                total="?" if total is None else format_number(total),
            )
        )


#: random places in a row that fall on places drawn already before the places not drawn
#: yet are listed and taken in a seeded order (so a draw of the whole catalogue ends)
GIVE_UP: Final = 20_000
#: draws looked at before deciding whether rejection is cheap enough (see :meth:`_places`)
_PROBE: Final = 2_000
#: below this share of matching places the matching keys are read once instead
_DENSE_ENOUGH: Final = 0.05


@dataclass
class SampleState:
    """How a draw went: catalogue rows read (``drawn``, of any tier), puzzles kept, rows of
    the tier the tests range left out (``unrated`` of them undecided by the exact search),
    puzzles left out for want of plausible decoys (extreme), and whether the matching
    puzzles ran out."""

    drawn: int = 0
    kept: int = 0
    refused: int = 0
    unrated: int = 0
    no_decoys: int = 0
    exhausted: bool = False
    #: the ids of the puzzles drawn, each of its own (:func:`~turing.core.puzzle.free_id`)
    ids: set[str] = field(default_factory=set)


def _seed(seed: int, mode: str, verifiers: int, tier: str | None) -> int:
    text = f"turing-from-bank:{mode}:{verifiers}:{tier or 'any'}:{seed}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class CatalogueSampler:
    """Draws puzzles of one kind from the catalogue in ``bank`` (see the module text)."""

    def __init__(
        self,
        bank: Bank,
        mode: str = "classic",
        verifiers: int = 6,
        difficulty: str | None = None,
        seed: int = 0,
        min_tests: int | None = None,
        max_tests: int | None = None,
        cardset: str = "classic",
    ) -> None:
        self.bank = bank
        self.mode = Mode.parse(mode)
        self.verifiers = verifiers
        if difficulty is not None and difficulty not in DIFFICULTIES:
            raise SampleError(
                gettext("unknown difficulty {name!r} (difficulties: {names})").format(
                    name=difficulty, names=", ".join(DIFFICULTIES)
                )
            )
        self.difficulty = difficulty
        if min_tests is not None and max_tests is not None and min_tests > max_tests:
            raise SampleError(
                gettext(
                    "the fewest tests asked for run from {low} to {high}: "
                    "the minimum is above the maximum"
                ).format(low=min_tests, high=max_tests)
            )
        self.min_tests, self.max_tests = min_tests, max_tests
        self.seed = seed
        sets = bank.catalogue_sets()
        if not bank.has_catalogue():
            # a catalogue run stopped before its first unit: its run (or, stored before
            # runs were recorded at the start, its card set) says it began
            begun = bank.catalogue_run(cardset, verifiers)
            if begun is not None and not begun.done:
                raise UnfinishedCatalogue(
                    str(bank.path), cardset, verifiers, begun.next_index, begun.target
                )
            registered = next((i for i, ref in sets.items() if ref == cardset), None)
            if begun is None and registered is not None:
                units = len(catalogue_plan(bank.catalogue_set(registered)[0], verifiers).card_units)
                raise UnfinishedCatalogue(str(bank.path), cardset, verifiers, 0, units)
            raise SampleError(
                gettext(
                    "{path}: not a catalogue bank (it holds no catalogue puzzles; "
                    "storing a catalogue in it makes one)"
                ).format(path=bank.named)
            )
        cs = next((i for i, ref in sets.items() if ref == cardset), None)
        if cs is None:
            raise SampleError(
                gettext(
                    "{path}: its catalogue is not of the card set {name!r} (it holds {names})"
                ).format(
                    path=bank.named, name=cardset, names=", ".join(repr(r) for r in sets.values())
                )
            )
        # A catalogue run killed before its end holds the lowest cards only. A catalogue
        # with no run recorded (stored by the library without one) is taken as it is.
        progress = bank.catalogue_run(cardset, verifiers)
        if progress is not None and not progress.done:
            raise UnfinishedCatalogue(
                str(bank.path), cardset, verifiers, progress.next_index, progress.target
            )
        self.cs = cs
        self.cardset, self.layout = bank.catalogue_set(cs)
        self.lo, self.hi = key_range(Mode.CLASSIC, verifiers)
        conn = bank.conn
        if (
            conn.execute(
                "SELECT 1 FROM catalogue WHERE cs = ? AND key >= ? AND key < ? LIMIT 1",
                (cs, self.lo, self.hi),
            ).fetchone()
            is None
        ):
            raise SampleError(
                gettext(
                    "{path}: its catalogue has no {count}-verifier puzzles "
                    "(store the {count}-verifier catalogue in it first)"
                ).format(path=bank.named, count=verifiers)
            )
        self.tiers = (
            {TIER_CODES[difficulty]}
            if difficulty is not None
            else {TIER_CODES[t] for t in DIFFICULTIES}
        )
        self.tables = tables_for(self.cardset)
        self.reference = None if cardset == "classic" else cardset
        #: the canonical key text up to the cards (see packing.canonical_text)
        self._prefix = canonical_text(self.mode, self.reference, (), ())
        self._fetch_sql = (
            f"SELECT {', '.join(CATALOGUE_FIELDS)} FROM catalogue WHERE cs = ? AND key >= ? "
            "ORDER BY key LIMIT 1 OFFSET ?"
        )
        self._row_sql = (
            f"SELECT {', '.join(CATALOGUE_FIELDS)} FROM catalogue WHERE cs = ? AND key = ?"
        )

    # -- places ---------------------------------------------------------------------------

    def _marks(self) -> tuple[list[int], int, int]:
        """The marked keys of the verifier count, every how many places they are, and how
        many places the catalogue has (0 when it has no usable marks)."""
        conn = self.bank.conn
        rows = conn.execute(
            "SELECT ordinal, key FROM catalogue_marks WHERE cs = ? AND verifiers = ? "
            "ORDER BY ordinal",
            (self.cs, self.verifiers),
        ).fetchall()
        if not rows:
            return [], 1, 0
        every = rows[1][0] - rows[0][0] if len(rows) > 1 else MARK_EVERY
        if every <= 0 or any(o != i * every for i, (o, _) in enumerate(rows)):
            return [], 1, 0  # not one whole run of marks: read the keys instead
        marks = [int(k) for _, k in rows]
        tail = conn.execute(
            "SELECT count(*) FROM catalogue WHERE cs = ? AND key >= ? AND key < ?",
            (self.cs, marks[-1], self.hi),
        ).fetchone()[0]
        return marks, every, (len(marks) - 1) * every + int(tail)

    def _matching_keys(self) -> array[int]:
        """Every matching key, read once (the fallback)."""
        tiers = ", ".join(str(t) for t in sorted(self.tiers))
        sql = (
            f"SELECT key FROM catalogue WHERE cs = ? AND key >= ? AND key < ? AND tier IN ({tiers})"
        )
        args: list[int] = [self.cs, self.lo, self.hi]
        if self.min_tests is not None:
            sql += " AND min_tests >= ?"
            args.append(self.min_tests)
        if self.max_tests is not None:
            sql += " AND min_tests <= ?"
            args.append(self.max_tests)
        keys: array[int] = array("q")
        cur = self.bank.conn.execute(sql + " ORDER BY key", args)
        while True:
            chunk = cur.fetchmany(65536)
            if not chunk:
                return keys
            keys.extend(r[0] for r in chunk)

    def _row_at(self, marks: list[int], every: int, place: int) -> tuple[int, ...]:
        """The catalogue row at a place: ``place % every`` steps past its mark."""
        row = self.bank.conn.execute(
            self._fetch_sql, (self.cs, marks[place // every], place % every)
        ).fetchone()
        return tuple(row)

    def _matches(self, row: tuple[int, ...], state: SampleState) -> bool:
        """Whether a row is of the tier and its stored figure in the tests range (a row of
        the tier out of the range is counted as refused)."""
        if row[1] not in self.tiers:
            return False
        tests = row[5]
        if (self.min_tests is None or tests >= self.min_tests) and (
            self.max_tests is None or tests <= self.max_tests
        ):
            return True
        state.refused += 1
        return False

    def rows(self, rng: random.Random, state: SampleState) -> Iterator[tuple[int, ...]]:
        """Matching catalogue rows in a seeded random order, each at most once."""
        conn = self.bank.conn
        marks, every, places = self._marks()
        used: set[int] = set()
        misses = 0
        if places:
            probe_hits = 0
            probe: list[tuple[int, ...]] = []
            # A first look: is a random place likely to match?
            while len(probe) < _PROBE and len(used) < places:
                place = rng.randrange(places)
                if place in used:
                    continue
                used.add(place)
                probe.append(self._row_at(marks, every, place))
                probe_hits += self._matches(probe[-1], SampleState())
            if probe_hits >= _DENSE_ENOUGH * len(probe):
                for row in probe:
                    state.drawn += 1
                    if self._matches(row, state):
                        yield row
                rest: array[int] | None = None
                while len(used) < places:
                    place = rng.randrange(places)
                    if place in used:
                        misses += 1
                        if misses < GIVE_UP:
                            continue
                        # Random places now mostly fall on drawn ones: the places not
                        # drawn yet, in a seeded order, so none is left out.
                        rest = array("q", (p for p in range(places) if p not in used))
                        rng.shuffle(rest)
                        break
                    used.add(place)
                    row = self._row_at(marks, every, place)
                    state.drawn += 1
                    if self._matches(row, state):
                        misses = 0
                        yield row
                for place in rest or ():
                    row = self._row_at(marks, every, place)
                    state.drawn += 1
                    if self._matches(row, state):
                        yield row
                state.exhausted = True
                return
            rng = random.Random(rng.random())
        # Sparse request, or a catalogue without marks: the matching keys, in a seeded order.
        keys = self._matching_keys()
        n = len(keys)
        order = list(range(n))
        for i in range(n):
            j = i + int(rng.random() * (n - i))
            order[i], order[j] = order[j], order[i]
            row = conn.execute(self._row_sql, (self.cs, keys[order[i]])).fetchone()
            state.drawn += 1
            yield tuple(row)
        state.exhausted = True

    # -- puzzles -------------------------------------------------------------------------

    def puzzles(self, count: int, state: SampleState | None = None) -> Iterator[Puzzle]:
        """Up to ``count`` distinct puzzles; ``state`` says how the draw went (its
        ``exhausted`` is set when the catalogue ran out of matching puzzles first)."""
        st = state if state is not None else SampleState()
        if count <= 0:
            return
        rng = random.Random(_seed(self.seed, self.mode.value, self.verifiers, self.difficulty))
        seen: set[int] = set()  # each puzzle once, whatever the marks say
        for row in self.rows(rng, st):
            if row[0] in seen:
                continue
            seen.add(row[0])
            puzzle = self._puzzle(row, rng, st)
            if puzzle is None:
                continue
            if puzzle.id is not None:  # two puzzles' tags seldom clash: one id each
                pid = free_id(puzzle, puzzle.id, st.ids.__contains__)
                st.ids.add(pid)
                if pid != puzzle.id:
                    puzzle = replace(puzzle, id=pid)
            st.kept += 1
            yield puzzle
            if st.kept >= count:
                return

    def _puzzle(self, row: tuple[int, ...], rng: random.Random, st: SampleState) -> Puzzle | None:
        key, tier_code, solution, codes, readings, tests, score, _tag = row
        parts = unpack(self.layout, key)
        tier = _TIERS[tier_code]
        v = self.verifiers
        cs = self.cardset
        if self.mode is Mode.EXTREME:
            slots = slot_plan(tier, v)
            order = slots_of(self.tables, tier, parts.cards)
            if order is None:  # cards of the tier always fit; kept for custom sets
                st.no_decoys += 1
                return None
            by_card = self.tables.by_card
            real_opts = [by_card[parts.cards[i]][parts.positions[i] - 1] for i in order]
            puzzle = with_decoys(self.tables, rng, slots, real_opts, self.reference)
            if puzzle is None:
                st.no_decoys += 1
                return None
            return self._rated(puzzle, tier, cs, st)
        opts = [(c, p, 0) for c, p in zip(parts.cards, parts.positions, strict=True)]
        if self.max_tests is not None:
            return self._rated(dealt(rng, self.mode, opts, solution, self.reference), tier, cs, st)
        if self.mode.hidden_mapping:
            readings *= math.factorial(v)
        # the short id from the canonical key (which the dealing does not change), as
        # Puzzle.short_id spells it, without building the puzzle twice
        text = self._prefix + ";".join(
            [f"{c}:{c}.{p}" for c, p in zip(parts.cards, parts.positions, strict=True)]
        )
        tag = int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 2
        spelled = "".join(_B32[tag >> shift & 31] for shift in (25, 20, 15, 10, 5, 0))
        ident = f"{self.mode.letter}{v}{tier[0].upper()}-{spelled}"
        return dealt(
            rng,
            self.mode,
            opts,
            solution,
            self.reference,
            ident,
            {
                "difficulty": tier,
                "verifiers": v,
                "codes_left": codes,
                "assignments": readings,
                "min_tests": tests,
                "min_tests_upper": None,
                "min_tests_kind": "lower_bound",
                "score": score / 100,
            },
        )

    def _rated(self, puzzle: Puzzle, tier: str, cs: CardSet, st: SampleState) -> Puzzle | None:
        """The puzzle with metrics measured now (extreme tables, or a proven ``max_tests``)."""
        exact = self.max_tests is not None
        found = measure(puzzle, cs, exact_tests=exact, max_tests=self.max_tests)
        verdict = in_tests_range(found, self.min_tests, self.max_tests)
        if verdict is None:
            st.refused += 1
            st.unrated += 1
            return None
        if not verdict:
            st.refused += 1
            return None
        return replace(
            puzzle,
            id=puzzle.short_id(tier),
            extra={"difficulty": tier, "verifiers": self.verifiers, **found.as_dict()},
        )


#: the base-32 alphabet of short ids (RFC 4648, as :func:`base64.b32encode` spells)
_B32: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_TIERS: Final = {code: tier for tier, code in TIER_CODES.items() if tier is not None}

__all__ = ["GIVE_UP", "CatalogueSampler", "SampleError", "SampleState", "UnfinishedCatalogue"]
