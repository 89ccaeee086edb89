"""Seeded generation of valid puzzles, for every mode and difficulty tier, in parallel.

How one puzzle is built (no rejection sampling of random tuples):

1. Pick the solution code *s* first. Only criteria whose mask contains *s* can be hidden
   criteria, and they are precomputed per card set, per tier pool and per code.
2. Walk the verifiers one by one, narrowing the code set ``acc &= mask`` on plain-int
   masks. A choice is refused at once when it cuts nothing (that verifier would be
   redundant), leaves only *s* before the last verifier (the rest would be redundant),
   or makes an earlier verifier redundant (the AND of the others already equals ``acc``;
   more verifiers can never undo that). Failed branches backtrack, within a node budget.
3. The last verifier is chosen among the criteria that cut ``acc`` down to exactly *s*
   and make no earlier verifier redundant.

The tier decides which cards each verifier slot may take (see :func:`slot_plan`). Extreme
mode adds a decoy per verifier under the decoy rule of :func:`decoys_plausible`;
nightmare mode hands the same cards to the verifiers in a random hidden order.

Puzzle *i* of a run depends only on ``(seed, i)`` and the run's parameters
(:func:`puzzle_at`), so a batch can be split across processes, machines or sessions and
merged in index order: the same arguments give the same puzzles in the same order for any
``jobs``. :func:`generate` drops repeats (canonical key: verifier order does not matter).
"""

from __future__ import annotations

import enum
import hashlib
import itertools
import random
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field, replace
from typing import Any, Final

from turing.core import walk
from turing.core.cards import TIER_LABELS, TIERS, CardSet, load_cardset
from turing.core.codes import ALL_MASK, CODE_TEXT, NUM_CODES, lowest_index
from turing.core.errors import TuringError
from turing.core.puzzle import Mode, Puzzle, free_id
from turing.core.puzzle import difficulty as puzzle_difficulty
from turing.core.workers import process_pool, workers_watched
from turing.generation.metrics import (
    GENERATION_WORK,
    difficulty_score,
    in_tests_range,
    measure,
    min_tests_lower_bound,
)
from turing.generation.packing import TIER_CODES, cards_key, id_tag, layout_for
from turing.i18n import gettext, ngettext

#: (card, position, mask) — a criterion as the generator handles it.
Opt = tuple[int, int, int]

DIFFICULTIES: Final = TIERS
GEN_VERIFIERS: Final = (4, 5, 6)

#: Card pools a verifier slot may draw from: E easy, S standard, ES either, H hard, A any.
POOL_TIERS: Final[dict[str, frozenset[str | None] | None]] = {
    "E": frozenset({"easy"}),
    "S": frozenset({"standard"}),
    "ES": frozenset({"easy", "standard"}),
    "H": frozenset({"hard"}),
    "A": None,
}


def slot_plan(tier: str, verifiers: int) -> tuple[str, ...]:
    """The pool of each verifier slot for a tier; every puzzle of the tier fits some order.

    Easy: every card easy. Standard: one standard card, the rest easy or standard.
    Hard: ``verifiers − 2`` hard cards, the last two from any pool.
    """
    if tier == "easy":
        return ("E",) * verifiers
    if tier == "standard":
        return ("S",) + ("ES",) * (verifiers - 1)
    if tier == "hard":
        hard = max(verifiers - 2, 0)
        return ("H",) * hard + ("A",) * (verifiers - hard)
    raise GenerationError(
        gettext("unknown difficulty {name!r} (difficulties: {names})").format(
            name=tier, names=", ".join(DIFFICULTIES)
        )
    )


#: The metrics a run may give its puzzles: none, the cards-alone metrics and the tests
#: lower bound, or also the exact minimum tests.
METRICS_LEVELS: Final = ("none", "basic", "exact")


class GenerationError(TuringError):
    """The requested puzzles cannot be made (e.g. a card set without enough cards)."""


class ArgumentError(GenerationError, TypeError):
    """An argument of the wrong kind: a number given as text, a card set as None."""


def _whole_number(value: object, what: str, optional: bool = False) -> None:
    """Raise :class:`ArgumentError` unless ``value`` is a whole number (or None, when
    ``optional``); ``what`` says what it counts, as the message names it."""
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(
            gettext("{what} must be a whole number, not {value!r}").format(what=what, value=value)
        )


def _at_least(value: int | None, least: int, what: str) -> None:
    """Raise :class:`GenerationError` when the whole number ``value`` (None passes) is
    below ``least``; ``what`` names it as :func:`_whole_number` does."""
    if value is not None and value < least:
        raise GenerationError(
            gettext("{what} must be {least} or more, not {value}").format(
                what=what, least=least, value=value
            )
        )


class CountsError(GenerationError):
    """No verifier count asked for can be made with the card set; ``makeable`` holds the
    counts of :data:`GEN_VERIFIERS` that can (perhaps none)."""

    def __init__(self, message: str, makeable: Sequence[int]) -> None:
        super().__init__(message)
        self.makeable = tuple(makeable)


# -- per-card-set tables --------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """Everything generation needs from a card set, computed once."""

    cardset: CardSet
    #: every criterion of the set
    options: tuple[Opt, ...]
    #: options of each card
    by_card: dict[int, tuple[Opt, ...]]
    #: pool name → card numbers
    pool_cards: dict[str, tuple[int, ...]]
    #: pool name → code index → options (of the pool's cards) whose mask holds that code
    pools: dict[str, tuple[tuple[Opt, ...], ...]]
    #: the same options' masks and cards, as :func:`turing.core.walk.sample` takes them
    pool_masks: dict[str, tuple[tuple[int, ...], ...]]
    pool_keys: dict[str, tuple[tuple[int, ...], ...]]
    #: pool name → its cards as a set
    pool_sets: dict[str, frozenset[int]] = field(default_factory=dict)
    #: (tier, verifiers, cards a verifier) → whether the set lacks the cards (:func:`_too_few`)
    too_few: dict[tuple[str, int, int], bool] = field(default_factory=dict)
    #: (mode, verifiers, tier or None) → None when a puzzle of them was made, else why not
    #: (:func:`makeable_counts`)
    cannot: dict[tuple[str, int, str | None], str | None] = field(default_factory=dict)


def tables_for(cardset: CardSet) -> Tables:
    """The precomputed tables of a card set (kept by the card set)."""
    return cardset.derived(_build_tables)


def _build_tables(cardset: CardSet) -> Tables:
    options = tuple((c.card, c.position, c.mask) for card in cardset for c in card.criteria)
    by_card = {
        card.number: tuple((c.card, c.position, c.mask) for c in card.criteria) for card in cardset
    }
    pool_cards: dict[str, tuple[int, ...]] = {}
    pools: dict[str, tuple[tuple[Opt, ...], ...]] = {}
    for name, allowed in POOL_TIERS.items():
        numbers = tuple(
            sorted(n for n in by_card if allowed is None or cardset.tier_of(n) in allowed)
        )
        pool_cards[name] = numbers
        pools[name] = tuple(
            tuple(o for n in numbers for o in by_card[n] if o[2] >> code & 1)
            for code in range(NUM_CODES)
        )
    pool_masks = {name: tuple(tuple(o[2] for o in p) for p in per) for name, per in pools.items()}
    pool_keys = {name: tuple(tuple(o[0] for o in p) for p in per) for name, per in pools.items()}
    pool_sets = {name: frozenset(numbers) for name, numbers in pool_cards.items()}
    return Tables(cardset, options, by_card, pool_cards, pools, pool_masks, pool_keys, pool_sets)


# -- seeds ------------------------------------------------------------------------------------


def puzzle_seed(seed: int, index: int, mode: str = "classic") -> int:
    """The seed of puzzle ``index`` of a run: a 64-bit hash of ``(mode, seed, index)``."""
    digest = hashlib.blake2b(
        f"turing-generate:{mode}:{seed}:{index}".encode(), digest_size=8
    ).digest()
    return int.from_bytes(digest, "big")


# -- building one hidden puzzle ---------------------------------------------------------------

#: random tries per internal level before backtracking, and nodes per solution code
_TRIES: Final = 12
_NODE_BUDGET: Final = 400
#: solution codes tried before giving up on a puzzle
_MAX_RESTARTS: Final = 3000


def build_hidden(
    tables: Tables, rng: random.Random, slots: Sequence[str], exclude: Iterable[int] = ()
) -> tuple[list[Opt], int]:
    """One valid assignment (options in slot order) and its solution code index."""
    banned = frozenset(exclude)
    for _ in range(_MAX_RESTARTS):
        code = rng.randrange(NUM_CODES)
        pools = [tables.pools[s][code] for s in slots]
        if banned:
            pools = [tuple(o for o in p if o[0] not in banned) for p in pools]
            masks: Sequence[Sequence[int]] = [[o[2] for o in p] for p in pools]
            keys: Sequence[Sequence[int]] = [[o[0] for o in p] for p in pools]
        else:
            masks = [tables.pool_masks[s][code] for s in slots]
            keys = [tables.pool_keys[s][code] for s in slots]
        if any(not p for p in pools):
            continue
        picked = walk.sample(rng, masks, 1 << code, _NODE_BUDGET, _TRIES, keys=keys)
        if picked is not None:
            return [p[k] for p, k in zip(pools, picked, strict=True)], code
    raise GenerationError(
        gettext("no valid {count}-verifier puzzle found in card set {name!r}").format(
            count=len(slots), name=tables.cardset.name
        )
    )


# -- what a tier needs of a card set ------------------------------------------------------------


def _numbers_words(cardset: CardSet, tier: str) -> str:
    """The card numbers of a tier, as the reader knows them: ``numbered 18–22``."""
    if tier not in cardset.tiers:
        return gettext("no numbers: the card set's tiers leave it out")
    low, high = cardset.tiers[tier]
    if low == high:
        return gettext("number {n}").format(n=low)
    if high >= _OPEN_END:
        return gettext("numbered {low} and above").format(low=low)
    return gettext("numbered {low}–{high}").format(low=low, high=high)


#: a tier whose last number is above every card number (1–9999) is open-ended (the
#: published hard tier)
_OPEN_END: Final = 10_000


def _tier_counts(tables: Tables) -> dict[str, int]:
    return {
        tier: len(tables.pool_sets[name])
        for tier, name in (("easy", "E"), ("standard", "S"), ("hard", "H"))
    }


def _too_few(tables: Tables, tier: str, verifiers: int, per: int) -> bool:
    """Whether the card set lacks the cards a puzzle of the tier needs (``per`` cards a
    verifier: two in extreme, the real card and its decoy): the slots of
    :func:`slot_plan`, each ``per`` times, most restrictive first, cannot all be filled.
    Worked out once per set and kind (every puzzle drawn asks)."""
    key = (tier, verifiers, per)
    found = tables.too_few.get(key)
    if found is None:
        plan = sorted(
            slot_plan(tier, verifiers) * per, key=lambda slot: len(tables.pool_sets[slot])
        )
        found = tables.too_few[key] = _fitted(tables, plan, sorted(tables.pool_sets["A"])) is None
    return found


def _cannot_words(tables: Tables, mode: Mode, tier: str, verifiers: int) -> str:
    """Why no puzzle of the tier was found: what it needs of the card set and what the set
    has, and when the set has enough, that no combination tried (or no decoys) worked."""
    per = 2 if mode.has_decoys else 1
    needs, has = _tier_words(tables, tier, verifiers, per)
    if _too_few(tables, tier, verifiers, per):
        return gettext("{needs}; {has}").format(needs=needs, has=has)
    if mode.has_decoys:
        return gettext(
            "no extreme puzzle with plausible decoys found: {needs}; {has}, and the "
            "decoys tried beside its real cards were never all plausible"
        ).format(needs=needs, has=has)
    return gettext(
        "no valid puzzle found: {needs}; {has}, and none of the combinations tried "
        "made a valid puzzle"
    ).format(needs=needs, has=has)


def check_makeable(
    cardset: CardSet, mode: Mode | str, verifiers: int, difficulty: str | None
) -> None:
    """Refuse at once, before any drawing, a run whose card set lacks the cards every
    puzzle asked for needs: the tier given, or with None every tier, in this mode and
    size. Raises :class:`GenerationError` saying what each tier lacks; a set with enough
    cards passes (it may still prove unable to make a puzzle, which only drawing finds)."""
    mode = Mode.parse(mode)
    tables = tables_for(cardset)
    per = mode.cards_per_verifier
    if difficulty is not None:
        if _too_few(tables, difficulty, verifiers, per):
            raise GenerationError(_cannot_words(tables, mode, difficulty, verifiers))
        return
    if any(not _too_few(tables, tier, verifiers, per) for tier in DIFFICULTIES):
        return
    lacks = []
    for tier in DIFFICULTIES:
        needs, has = _tier_words(tables, tier, verifiers, per, decoys_said=False)
        lacks.append(gettext("{needs}: {has}").format(needs=needs, has=has))
    said = "; ".join(lacks)
    if per > 1:  # said once for the three
        said = gettext("with a decoy beside each card, {needs}").format(needs=said)
    raise GenerationError(
        gettext(
            "no puzzle of {v} verifiers can be made in {mode} mode with card set {name!r}, "
            "in any tier: {lacks}"
        ).format(v=verifiers, mode=mode.label(), name=cardset.name, lacks=said)
    )


def _tier_words(
    tables: Tables, tier: str, verifiers: int, per: int, decoys_said: bool = True
) -> tuple[str, str]:
    """What a puzzle of the tier needs of a card set, and what this one has, in the
    reader's words (tiers and card numbers, not the generator's pools); ``decoys_said``
    False leaves the decoys (``per`` 2) to the caller to say."""
    cs = tables.cardset
    have = _tier_counts(tables)
    numbers = _numbers_words(cs, tier)
    if tier == "easy":
        needs = gettext("an easy puzzle of {v} verifiers needs {n} easy cards").format(
            v=verifiers, n=per * verifiers
        )
        has = ngettext(
            "card set {name!r} has {n} easy card ({numbers})",
            "card set {name!r} has {n} easy cards ({numbers})",
            have["easy"],
        ).format(name=cs.name, n=have["easy"], numbers=numbers)
    elif tier == "standard":
        needs = ngettext(
            "a standard puzzle of {v} verifiers needs {s} standard card and {m} "
            "more, easy or standard",
            "a standard puzzle of {v} verifiers needs {s} standard cards and {m} "
            "more, easy or standard",
            per,
        ).format(v=verifiers, s=per, m=per * (verifiers - 1))
        has = gettext(
            "card set {name!r} has {s} standard cards ({numbers}) and {e} easy cards"
        ).format(name=cs.name, s=have["standard"], numbers=numbers, e=have["easy"])
    else:
        hard = per * max(verifiers - 2, 0)
        needs = ngettext(
            "a hard puzzle of {v} verifiers needs {h} hard card and {m} more of any tier",
            "a hard puzzle of {v} verifiers needs {h} hard cards and {m} more of any tier",
            hard,
        ).format(v=verifiers, h=hard, m=per * verifiers - hard)
        has = ngettext(
            "card set {name!r} has {h} hard card ({numbers}) among its {total}",
            "card set {name!r} has {h} hard cards ({numbers}) among its {total}",
            have["hard"],
        ).format(name=cs.name, h=have["hard"], numbers=numbers, total=len(tables.pool_sets["A"]))
    if per > 1 and decoys_said:
        needs = gettext("with a decoy beside each card, {needs}").format(needs=needs)
    return needs, has


# -- extreme: decoys ---------------------------------------------------------------------------


def decoys_plausible(tables: Tables, groups: Sequence[Sequence[int]], real: Sequence[int]) -> bool:
    """The decoy rule: every decoy card takes part in at least one valid reading.

    A *reading* picks one card of each verifier's pair and one criterion of it; it is
    valid when it makes a valid puzzle (one code, no redundant verifier) — exactly what
    a player who knows the rules must consider before any test. With this rule no decoy
    can be set aside by looking at the table: each one is a live suspect that only tests
    can clear. (That the decoys cannot make the code ambiguous follows from the real
    reading being valid; see docs/generation.md.)
    """
    both = [[o[2] for c in group for o in tables.by_card[c]] for group in groups]
    for v, (group, card) in enumerate(zip(groups, real, strict=True)):
        decoy = next(c for c in group if c != card)
        options = list(both)
        options[v] = [o[2] for o in tables.by_card[decoy]]
        if not walk.exists(options):
            return False
    return True


_DECOY_TRIES: Final = 30


def _pick_decoys(
    tables: Tables, rng: random.Random, slots: Sequence[str], real: Sequence[int]
) -> list[int] | None:
    used = set(real)
    decoys: list[int] = []
    for slot in slots:
        free = [c for c in tables.pool_cards[slot] if c not in used]
        if not free:
            return None
        card = free[rng.randrange(len(free))]
        used.add(card)
        decoys.append(card)
    return decoys


# -- one puzzle -------------------------------------------------------------------------------


def _resolve_cardset(cardset: CardSet | str) -> tuple[CardSet, str | None]:
    """The card set, and the name a puzzle document records (None for classic)."""
    if isinstance(cardset, CardSet):
        name = None if cardset.name == "classic" else (cardset.source or cardset.name)
        return cardset, name
    # load_cardset keeps loaded sets, and loads a set again when its file changed
    return load_cardset(cardset), None if cardset == "classic" else cardset


def _check_args(mode: str, verifiers: int, tier: str | None) -> None:
    Mode.parse(mode)
    if not 2 <= verifiers <= 6:
        raise GenerationError(
            gettext("a generated puzzle has 2–6 verifiers, not {verifiers}").format(
                verifiers=verifiers
            )
        )
    if tier is not None and tier not in DIFFICULTIES:
        raise GenerationError(
            gettext("unknown difficulty {name!r} (difficulties: {names})").format(
                name=tier, names=", ".join(DIFFICULTIES)
            )
        )


def with_decoys(
    tables: Tables,
    rng: random.Random,
    slots: Sequence[str],
    real_opts: Sequence[Opt],
    cardset_name: str | None,
) -> Puzzle | None:
    """An extreme puzzle laid around a valid assignment (``real_opts`` in slot order): a
    second card per verifier from its slot's pool, drawn until every decoy is plausible
    (:func:`decoys_plausible`), then the hidden reading drawn anew among the table's
    valid readings (:func:`drawn_reading`); None when :data:`_DECOY_TRIES` draws fail."""
    real = [o[0] for o in real_opts]
    for _ in range(_DECOY_TRIES):
        decoys = _pick_decoys(tables, rng, slots, real)
        if decoys is None:
            return None
        groups = [tuple(sorted(pair)) for pair in zip(real, decoys, strict=True)]
        if decoys_plausible(tables, groups, real):
            groups.sort()
            hidden, code = drawn_reading(tables, rng, groups)
            return Puzzle(
                cards=tuple(groups),
                mode=Mode.EXTREME,
                criteria=tuple(o[1] for o in hidden),
                real_cards=tuple(o[0] for o in hidden),
                solution=CODE_TEXT[code],
                cardset=cardset_name,
            )
    return None


def drawn_reading(
    tables: Tables, rng: random.Random, groups: Sequence[Sequence[int]]
) -> tuple[tuple[Opt, ...], int]:
    """A valid reading of an extreme table (the criterion of one card per verifier), each
    valid reading as likely as any other, and its code.

    The hidden side of an extreme puzzle is drawn so, once its table is laid: given what
    is on the table, every reading a player must consider is then equally likely to be
    the real one, whatever drew the table. (The reading the table was built around follows
    how often each card serves in valid puzzles, while decoys come evenly from their
    pools, so keeping it would make the more useful card of a pair the likelier real one.)
    """
    options = [[o for card in group for o in tables.by_card[card]] for group in groups]
    found = walk.readings([[o[2] for o in opts] for opts in options])
    picks, code = found[rng.randrange(len(found))]
    return tuple(options[v][k] for v, k in enumerate(picks)), code


def dealt(
    rng: random.Random,
    mode: Mode,
    opts: Sequence[Opt],
    code: int,
    cardset_name: str | None,
    ident: str | None = None,
    extra: dict[str, object] | None = None,
) -> Puzzle:
    """The classic or nightmare puzzle of a valid hidden assignment whose options are
    sorted by card; nightmare hands the cards to the letters in a random hidden order.
    ``ident`` and ``extra``: the puzzle's id and extra fields, when already known."""
    cards = tuple(o[0] for o in opts)
    if mode.hidden_mapping:
        order = list(range(len(opts)))
        rng.shuffle(order)
        return Puzzle(
            cards=tuple((c,) for c in cards),
            mode=mode,
            criteria=tuple(opts[k][1] for k in order),
            real_cards=tuple(cards[k] for k in order),
            solution=CODE_TEXT[code],
            cardset=cardset_name,
            id=ident,
            extra=extra if extra is not None else {},
        )
    return Puzzle(
        cards=tuple((c,) for c in cards),
        mode=mode,
        criteria=tuple(o[1] for o in opts),
        solution=CODE_TEXT[code],
        cardset=cardset_name,
        id=ident,
        extra=extra if extra is not None else {},
    )


def slots_of(tables: Tables, tier: str, cards: Sequence[int]) -> list[int] | None:
    """Which slot of :func:`slot_plan` each card takes (``result[slot]`` = index into
    ``cards``), so that every card is in its slot's pool; None when they do not fit."""
    return _fitted(tables, slot_plan(tier, len(cards)), cards)


def _fitted(tables: Tables, plan: Sequence[str], cards: Sequence[int]) -> list[int] | None:
    """For each slot of ``plan``, the index into ``cards`` of the card it takes; None when
    some slot finds no free card of its pool. The slots go most restrictive first (as the
    plans list them), and the pools are nested or apart, so taking for each slot the
    first free card that fits finds a fit whenever there is one."""
    free = list(range(len(cards)))
    taken: list[int] = []
    for slot in plan:
        pool = tables.pool_sets[slot]
        pick = next((i for i in free if cards[i] in pool), None)
        if pick is None:
            return None
        free.remove(pick)
        taken.append(pick)
    return taken


def make_puzzle(
    tables: Tables,
    rng: random.Random,
    mode: Mode | str,
    verifiers: int,
    tier: str,
    cardset_name: str | None,
) -> Puzzle:
    """A valid puzzle of the mode and tier, drawn with ``rng`` (no metrics)."""
    slots = slot_plan(tier, verifiers)
    mode = Mode.parse(mode)
    if _too_few(tables, tier, verifiers, mode.cards_per_verifier):
        # said at once: drawing cannot fill slots the set has no cards for
        raise GenerationError(_cannot_words(tables, mode, tier, verifiers))
    try:
        if not mode.has_decoys:
            opts, code = build_hidden(tables, rng, slots)
        else:
            for _ in range(_MAX_RESTARTS):
                real_opts, _code = build_hidden(tables, rng, slots)
                puzzle = with_decoys(tables, rng, slots, real_opts, cardset_name)
                if puzzle is not None:
                    return puzzle
    except GenerationError:
        raise GenerationError(_cannot_words(tables, mode, tier, verifiers)) from None
    if mode.has_decoys:
        raise GenerationError(_cannot_words(tables, mode, tier, verifiers))
    opts.sort()
    return dealt(rng, mode, opts, code, cardset_name)


def _with_extra(puzzle: Puzzle, tier: str, extra: dict[str, object]) -> Puzzle:
    return replace(
        puzzle,
        id=puzzle.short_id(tier),
        extra={"difficulty": tier, "verifiers": puzzle.verifiers, **extra},
    )


def generate_one(
    mode: str = "classic",
    verifiers: int = 4,
    difficulty: str | None = None,
    seed: int = 0,
    cardset: CardSet | str = "classic",
) -> Puzzle:
    """One valid puzzle with every hidden field, ``extra`` holding difficulty and verifiers.

    ``difficulty`` None draws the tier from the seed, among the tiers the card set can
    make at this size (a custom set may have no standard or hard cards). The same
    arguments give the same puzzle.
    """
    _check_args(mode, verifiers, difficulty)
    mode = Mode.parse(mode).value  # any case, as in a run: the same puzzle
    cs, name = _resolve_cardset(cardset)
    rng = random.Random(puzzle_seed(seed, 0, mode))
    # the tier is the slot plan's, as in a run (:func:`generate`): the published tiers
    # (:func:`turing.core.puzzle.difficulty`) judge only puzzles of the game's 4, 5 or 6
    # verifiers, and a smaller puzzle is labelled by the plan it was drawn from
    puzzle, tier = _make_in_tier(cs, rng, mode, verifiers, difficulty, name)
    return _with_extra(puzzle, tier, {"seed": seed})


def _make_in_tier(
    cs: CardSet,
    rng: random.Random,
    mode: str,
    verifiers: int,
    difficulty: str | None,
    name: str | None,
) -> tuple[Puzzle, str]:
    """A puzzle of the given tier or, with None, of a seeded tier the card set can make."""
    tables = tables_for(cs)
    if difficulty is not None:  # a tier that cannot be made says what it lacks
        return make_puzzle(tables, rng, mode, verifiers, difficulty, name), difficulty
    per = 2 if Mode.parse(mode).has_decoys else 1
    total = len(tables.pool_sets["A"])
    if total < per * verifiers:
        # no tier can: say so at once, not what the tier drawn last would need after
        # drawing for every tier in vain
        needs = ngettext(
            "a puzzle of {v} verifiers needs {n} card",
            "a puzzle of {v} verifiers needs {n} cards",
            per * verifiers,
        ).format(v=verifiers, n=per * verifiers)
        if per > 1:
            needs = gettext("with a decoy beside each card, {needs}").format(needs=needs)
        raise GenerationError(
            gettext("{needs}; card set {name!r} has {total}").format(
                needs=needs, name=cs.name, total=total
            )
        )
    check_makeable(cs, mode, verifiers, None)  # no tier can: say what each lacks, at once
    tiers = list(DIFFICULTIES)
    rng.shuffle(tiers)
    tiers = [t for t in tiers if not _too_few(tables, t, verifiers, per)]
    for tier in tiers[:-1]:
        try:
            return make_puzzle(tables, rng, mode, verifiers, tier, name), tier
        except GenerationError:
            continue
    return make_puzzle(tables, rng, mode, verifiers, tiers[-1], name), tiers[-1]


def _cannot_make(cs: CardSet, mode: str, verifiers: int, difficulty: str | None) -> str | None:
    """None when a puzzle of the mode, size and tier (None: any tier) was made with the card
    set, else why none could be (the message generation gives). Worked out once per set."""
    tables = tables_for(cs)
    key = (Mode.parse(mode).value, verifiers, difficulty)
    if key not in tables.cannot:
        try:
            _make_in_tier(cs, random.Random(f"probe:{key}"), mode, verifiers, difficulty, None)
        except GenerationError as exc:
            tables.cannot[key] = str(exc)
        else:
            tables.cannot[key] = None
    return tables.cannot[key]


def counts_words(counts: Sequence[int]) -> str:
    """``4–5``, ``4 or 6``, ``4``: verifier counts as a reader writes them."""
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    if len(counts) == 2:
        return gettext("{a} or {b}").format(a=counts[0], b=counts[1])
    return ", ".join(map(str, counts))


def makeable_counts(
    cardset: CardSet, mode: str, difficulty: str | None, counts: Sequence[int]
) -> list[int]:
    """The verifier counts among ``counts`` of which the card set makes a puzzle in the mode
    and tier (None: any tier), in their order, to draw a count from; a custom set may make
    4 verifiers and not 6. Raises :class:`CountsError` when none of them can be made: when
    the set makes other counts of 4–6, only that, with the counts it makes (``card set
    'garden' makes no puzzle of 6 verifiers, only of 4 or 5``); when it makes none, why
    not (for the first count)."""
    _check_args(mode, counts[0] if counts else 4, difficulty)
    usable = [v for v in counts if _cannot_make(cardset, mode, v, difficulty) is None]
    if usable:
        return usable
    others = [v for v in GEN_VERIFIERS if _cannot_make(cardset, mode, v, difficulty) is None]
    if others:
        raise CountsError(_counts_made_words(cardset, mode, difficulty, counts, others), others)
    why = _cannot_make(cardset, mode, counts[0], difficulty) if counts else None
    raise CountsError(str(why), others)


def _counts_made_words(
    cardset: CardSet,
    mode: str,
    difficulty: str | None,
    asked: Sequence[int],
    made: Sequence[int],
) -> str:
    """That the card set makes no puzzle of the verifier counts ``asked`` in the mode and
    tier (None: any tier), only of those ``made``."""
    words = {
        "name": cardset.name,
        "asked": counts_words(asked),
        "counts": counts_words(made),
        "mode": Mode.parse(mode).label(),
        "tier": gettext(TIER_LABELS[difficulty]) if difficulty is not None else "",
    }
    if Mode.parse(mode) is Mode.CLASSIC:
        if difficulty is None:
            said = gettext(
                "card set {name!r} makes no puzzle of {asked} verifiers, only of {counts}"
            )
        else:
            said = gettext(
                "card set {name!r} makes no {tier} puzzle of {asked} verifiers, only of {counts}"
            )
    elif difficulty is None:
        said = gettext(
            "card set {name!r} makes no puzzle of {asked} verifiers in {mode} mode, only of "
            "{counts}"
        )
    else:
        said = gettext(
            "card set {name!r} makes no {tier} puzzle of {asked} verifiers in {mode} mode, "
            "only of {counts}"
        )
    return said.format(**words)


# -- runs ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spec:
    """Everything that decides the puzzles of a run (picklable, sent to workers)."""

    mode: str = "classic"
    verifiers: int = 4
    difficulty: str | None = None
    seed: int = 0
    cardset: str = "classic"
    #: "none": no metrics; "basic": the cards-alone metrics and the tests lower bound;
    #: "exact": also the exact minimum tests (turing.analysis.search)
    metrics: str = "basic"
    min_tests: int | None = None
    max_tests: int | None = None

    def __post_init__(self) -> None:
        _whole_number(self.verifiers, gettext("the number of verifiers"))
        _whole_number(self.seed, gettext("the seed"))
        _whole_number(self.min_tests, gettext("the fewest tests asked for"), optional=True)
        _whole_number(self.max_tests, gettext("the most tests asked for"), optional=True)
        _at_least(self.min_tests, 0, gettext("the fewest tests asked for"))
        _at_least(self.max_tests, 0, gettext("the most tests asked for"))
        _check_args(self.mode, self.verifiers, self.difficulty)
        # a mode is named in any case, as a player types it; the run draws by its value
        object.__setattr__(self, "mode", Mode.parse(self.mode).value)
        if self.metrics not in METRICS_LEVELS:
            raise GenerationError(
                gettext("unknown metrics level {name!r} (levels: {names})").format(
                    name=self.metrics, names=", ".join(METRICS_LEVELS)
                )
            )
        if (
            self.min_tests is not None
            and self.max_tests is not None
            and self.min_tests > self.max_tests
        ):
            raise GenerationError(
                gettext(
                    "the fewest tests asked for run from {low} to {high}: "
                    "the minimum is above the maximum"
                ).format(low=self.min_tests, high=self.max_tests)
            )

    @property
    def filtered(self) -> bool:
        return self.min_tests is not None or self.max_tests is not None

    @property
    def exact(self) -> bool:
        """Whether each puzzle gets the exact search for its fewest tests."""
        return self.metrics == "exact" or self.filtered

    def signature(self) -> str:
        """A stable text naming the run (the bank's progress table is keyed by it). The
        exact search's work limit is part of it: another limit may rate puzzles otherwise."""
        text = (
            f"{self.mode}|{self.verifiers}|{self.difficulty or 'any'}|{self.seed}|"
            f"{self.cardset}|{self.metrics}|{self.min_tests}|{self.max_tests}"
        )
        return text + (f"|work={GENERATION_WORK}" if self.exact else "")


class Skip(enum.Enum):
    """Why an index of a run gave no puzzle."""

    #: the tests filter refuses it (its fewest tests are proven outside the range)
    FILTER = "filter"
    #: the exact search passed its work limit before it could tell (left out: a kept
    #: puzzle always provably meets the filter)
    UNRATED = "unrated"


@dataclass(frozen=True)
class Refused:
    """An index the run's tests filter leaves out: why, and the bounds proven on the
    fewest tests its puzzle needs (``most`` None when no upper bound is known)."""

    reason: Skip
    least: int
    most: int | None
    #: the refused puzzle's canonical key (a run counts the distinct puzzles it met)
    key: str = ""


def puzzle_at(
    spec: Spec, index: int, resolved: tuple[CardSet, str | None] | None = None
) -> Puzzle | Refused:
    """Puzzle ``index`` of a run, or why the run's tests filter leaves it out.

    ``resolved``: the run's card set and recorded name, when the caller has loaded them.
    """
    cs, name = resolved if resolved is not None else _resolve_cardset(spec.cardset)
    rng = random.Random(puzzle_seed(spec.seed, index, spec.mode))
    puzzle, tier = _make_in_tier(cs, rng, spec.mode, spec.verifiers, spec.difficulty, name)
    return _finished(spec, cs, puzzle, tier, index)


def _finished(spec: Spec, cs: CardSet, puzzle: Puzzle, tier: str, index: int) -> Puzzle | Refused:
    """Puzzle ``index`` of a run with its extra fields and metrics, or why the run's tests
    filter leaves it out."""
    extra: dict[str, object] = {"seed": spec.seed, "index": index}
    if spec.metrics != "none" or spec.filtered:
        found = measure(puzzle, cs, exact_tests=spec.exact, max_tests=spec.max_tests)
        if spec.filtered:
            verdict = in_tests_range(found, spec.min_tests, spec.max_tests)
            if verdict is None:
                return Refused(
                    Skip.UNRATED, found.min_tests, found.min_tests_upper, puzzle.canonical_key()
                )
            if not verdict:
                return Refused(
                    Skip.FILTER, found.min_tests, found.min_tests_upper, puzzle.canonical_key()
                )
        extra.update(found.as_dict())
    return _with_extra(puzzle, tier, extra)


def puzzles_between(spec: Spec, start: int, stop: int) -> list[tuple[int, Puzzle | Refused]]:
    """Puzzles ``start``…``stop − 1`` of a run (the unit of work sent to a worker)."""
    resolved = _resolve_cardset(spec.cardset)  # once a block: a changed file is seen next
    return [(i, puzzle_at(spec, i, resolved)) for i in range(start, stop)]


def _block_size(spec: Spec) -> int:
    if spec.exact:
        return 4
    if Mode.parse(spec.mode).has_decoys:
        return 16
    return 256


def iter_indexed(
    spec: Spec,
    start: int = 0,
    jobs: int = 1,
    executor: Executor | None = None,
    block: int | None = None,
    stop: int | None = None,
) -> Iterator[tuple[int, Puzzle | Refused]]:
    """``(index, puzzle or why none)`` for every index from ``start``, in index order.

    With ``jobs`` > 1 (or an ``executor``, e.g. a Dask ``Client.get_executor()``) blocks of
    indices are computed in parallel and yielded in order, with a bounded number of blocks
    in flight. Stops before ``stop`` when given, else runs until the consumer stops.
    """
    size = block or _block_size(spec)

    def block_at(first: int) -> tuple[Any, ...]:
        end = first + size if stop is None else min(first + size, stop)
        return (puzzles_between, spec, first, end)

    starts = itertools.count(start, size) if stop is None else range(start, stop, size)
    for _, puzzles in _in_order(block_at, starts, jobs, executor):
        yield from puzzles


@dataclass
class RunState:
    """How far a run got: the next index to compute and how many puzzles it kept."""

    next_index: int = 0
    kept: int = 0
    #: indices left out by the tests filter (``unrated`` of them undecided)
    refused: int = 0
    unrated: int = 0
    repeats: int = 0
    seen: set[str] = field(default_factory=set)
    #: the ids of the puzzles kept, each of its own (:func:`~turing.core.puzzle.free_id`)
    ids: set[str] = field(default_factory=set)
    #: indices in a row that gave no new puzzle (repeats or refused by the filter)
    misses: int = 0
    #: of those ``misses``, the ones the tests filter refused (``streak_unrated`` of them
    #: undecided): what stopped a run that stopped (see :func:`run`)
    streak_refused: int = 0
    streak_unrated: int = 0
    #: of those refused for needing fewer tests than the minimum, the most any of them
    #: can need (their largest upper bound); None when none was refused so
    streak_below: int | None = None
    #: of those refused for needing more tests than the maximum, the fewest any of them
    #: needs (their smallest lower bound); None when none was refused so
    streak_above: int | None = None
    #: True when the run stopped because new puzzles ran out (see :func:`run`)
    exhausted: bool = False
    #: the canonical keys of every valid puzzle the run met: kept, repeated, already
    #: held (``is_new`` refused it) or refused by the tests filter
    met: set[str] = field(default_factory=set)
    #: how many puzzles of the run's kind the card set makes (:func:`kind_count`), when
    #: known; a run that met them all stops (``exhausted``) without drawing on
    possible: int | None = None

    @property
    def all_met(self) -> bool:
        """Whether the run has met every puzzle of its kind (their number known)."""
        return self.possible is not None and len(self.met) >= self.possible

    def new_streak(self) -> None:
        """A new puzzle (or a new start): no index in a row has missed."""
        self.misses = self.streak_refused = self.streak_unrated = 0
        self.streak_below = self.streak_above = None

    def keep(self, key: str) -> None:
        """A new puzzle of ``key`` is kept: counted, and its streak of misses starts anew."""
        self.seen.add(key)
        self.kept += 1
        self.new_streak()

    def refused_by(self, refused: Refused, spec: Spec) -> None:
        """Count an index the tests filter left out, in the run and in the streak."""
        self.refused += 1
        self.streak_refused += 1
        if refused.reason is Skip.UNRATED:
            self.unrated += 1
            self.streak_unrated += 1
        elif spec.max_tests is not None and refused.least > spec.max_tests:
            above = self.streak_above
            self.streak_above = refused.least if above is None else min(above, refused.least)
        elif refused.most is not None:
            below = self.streak_below
            self.streak_below = refused.most if below is None else max(below, refused.most)


#: consecutive indices without a new puzzle after which a run stops as exhausted
GIVE_UP: Final = 20000
GIVE_UP_FILTERED: Final = 500
#: without an explicit limit, a run that has met few distinct puzzles stops sooner: after
#: this many times as many indices in a row as it met puzzles (at least
#: :data:`GIVE_UP_LEAST`). Were one puzzle of the kind still unmet, drawn as often as the
#: others, that many draws in a row would miss it about once in e¹⁰ runs; a small set whose
#: draws are dear (most combinations invalid) stops in minutes, not hours.
GIVE_UP_PER_MET: Final = 10
GIVE_UP_LEAST: Final = 200


def generate(
    count: int,
    verifiers: int = 4,
    difficulty: str | None = None,
    mode: str = "classic",
    seed: int = 0,
    cardset: CardSet | str = "classic",
    jobs: int = 1,
    executor: Executor | None = None,
    metrics: str = "basic",
    min_tests: int | None = None,
    max_tests: int | None = None,
    state: RunState | None = None,
    is_new: Callable[[Puzzle], bool] | None = None,
    give_up: int | None = None,
) -> Iterator[Puzzle]:
    """``count`` distinct valid puzzles, the same ones in the same order for any ``jobs``.

    Puzzle *i* comes from ``(seed, i)``; an index whose puzzle repeats an earlier one (or
    that ``is_new`` refuses, e.g. one already in a bank) is skipped. ``state`` (updated as
    puzzles are yielded) lets a caller resume: pass the state of an interrupted run.
    """
    _whole_number(count, gettext("the number of puzzles"))
    _whole_number(jobs, gettext("the number of workers"))
    _whole_number(give_up, gettext("the number of draws to give up after"), optional=True)
    _at_least(jobs, 1, gettext("the number of workers"))
    _at_least(give_up, 1, gettext("the number of draws to give up after"))
    if not isinstance(cardset, CardSet | str):
        raise ArgumentError(
            gettext("a card set is a loaded card set or its name or file, not {value!r}").format(
                value=cardset
            )
        )
    if count < 0:
        raise GenerationError(
            gettext("the number of puzzles must be 0 or more, not {count}").format(count=count)
        )
    name = (
        cardset
        if isinstance(cardset, str)
        else ("classic" if cardset.name == "classic" else cardset.source or cardset.name)
    )
    spec = Spec(
        mode=mode,
        verifiers=verifiers,
        difficulty=difficulty,
        seed=seed,
        cardset=name,
        metrics=metrics,
        min_tests=min_tests,
        max_tests=max_tests,
    )
    yield from run(
        spec, count, jobs=jobs, executor=executor, state=state, is_new=is_new, give_up=give_up
    )


def run(
    spec: Spec,
    count: int,
    jobs: int = 1,
    executor: Executor | None = None,
    state: RunState | None = None,
    is_new: Callable[[Puzzle], bool] | None = None,
    give_up: int | None = None,
) -> Iterator[Puzzle]:
    """The puzzles of a run described by ``spec`` (see :func:`generate`).

    When the card set is small enough to count the puzzles of the run's kind
    (``state.possible``, see :func:`kind_count`), those ``is_new`` refuses count as met
    before any draw, and the run stops early, with ``state.exhausted`` set, once it has met
    them all; after ``give_up`` indices in a row without a new puzzle (default
    :data:`GIVE_UP_LEAST`) it makes the ones its draws missed from the count's list
    (:func:`_missed`). Otherwise it stops early after ``give_up`` indices in a row gave no
    new puzzle (default :data:`GIVE_UP`, or :data:`GIVE_UP_FILTERED` with a tests filter,
    or sooner when it met few puzzles: :data:`GIVE_UP_PER_MET`).
    """
    st = state if state is not None else RunState()
    if st.kept >= count:
        return
    # none at all is no count: the first draw says what the card set lacks (GenerationError)
    members = _kind_members(spec) or None
    st.possible = None if members is None else len(members)
    if members is not None and is_new is not None:
        for key, _opts, _code, _tier, sample in _keyed(spec, members):
            if not is_new(sample):
                st.met.add(key)  # held already (by the bank)
    if st.possible and (st.possible <= st.kept or st.all_met):
        st.exhausted = True  # every puzzle of the kind is held already
        return
    # Blocks small enough that every worker gets several before the run ends (the blocks
    # still in flight when it ends are wasted), large enough to keep overhead low.
    workers = max(jobs, 2) if executor is not None else jobs
    block = max(1, min(_block_size(spec), (count - st.kept) // (workers * 4) + 1))
    if members is not None:
        limit = give_up if give_up is not None else GIVE_UP_LEAST
    else:
        limit = give_up if give_up is not None else (GIVE_UP_FILTERED if spec.filtered else GIVE_UP)
    source = iter_indexed(spec, st.next_index, jobs, executor, block=block)
    st.new_streak()
    try:
        for index, puzzle in source:
            st.next_index = index + 1
            if isinstance(puzzle, Refused):
                st.refused_by(puzzle, spec)
                if puzzle.key:
                    st.met.add(puzzle.key)
            else:
                key = puzzle.canonical_key()
                st.met.add(key)
                if key in st.seen or (is_new is not None and not is_new(puzzle)):
                    st.repeats += 1
                else:
                    st.keep(key)
                    if puzzle.id is not None:  # two puzzles' tags seldom clash: one id each
                        pid = free_id(puzzle, puzzle.id, st.ids.__contains__)
                        st.ids.add(pid)
                        if pid != puzzle.id:
                            puzzle = replace(puzzle, id=pid)
                    yield puzzle
                    if st.kept >= count:
                        return
                    if st.all_met:
                        st.exhausted = True  # that was the last puzzle of its kind
                        return
                    continue
            st.misses += 1
            if st.all_met:
                # every puzzle of the kind is met: no index can bring a new one
                st.exhausted = True
                return
            if members is not None:
                if st.misses >= limit:
                    break  # the draws rarely bring the rest: the count's list does
            elif st.misses >= limit or (
                give_up is None and st.misses >= max(GIVE_UP_LEAST, GIVE_UP_PER_MET * len(st.met))
            ):
                # Small spaces run out (there are only 4,005 easy 4-verifier classic
                # puzzles); stop instead of drawing repeats for ever.
                st.exhausted = True
                return
    finally:
        close = getattr(source, "close", None)
        if close is not None:
            close()
    if members is not None:
        yield from _missed(spec, count, st, is_new, members)


def _keyed(
    spec: Spec, members: Sequence[Member]
) -> Iterator[tuple[str, tuple[Opt, ...], int, str, Puzzle]]:
    """Each puzzle of a counted kind with its canonical key in the run's mode: ``(key,
    options, code, tier, puzzle)``, the puzzle dealt in a fixed order (the key does not
    depend on it) and without metrics."""
    _cs, name = _resolve_cardset(spec.cardset)
    mode = Mode.parse(spec.mode)
    for opts, code, tier in members:
        puzzle = dealt(random.Random(0), mode, opts, code, name)
        yield puzzle.canonical_key(), opts, code, tier, puzzle


def _missed(
    spec: Spec,
    count: int,
    st: RunState,
    is_new: Callable[[Puzzle], bool] | None,
    members: Sequence[Member],
) -> Iterator[Puzzle]:
    """The puzzles of a counted kind the run has not met, made from the count's list (in
    an order drawn from the run's seed) at the run's next indices, until the run has
    ``count`` or has met them all (``state.exhausted``).

    Draws meet the puzzles of a kind unevenly (some cards serve in few valid
    combinations), so the last few can take far more draws than all the others; the
    list has them at once. Each is dealt (nightmare) and rated as a drawn one is, its
    ``index`` the run's position it takes (drawing that index gives another puzzle)."""
    cs, name = _resolve_cardset(spec.cardset)
    mode = Mode.parse(spec.mode)
    unmet = [m for m in _keyed(spec, members) if m[0] not in st.met]
    random.Random(puzzle_seed(spec.seed, st.next_index, f"{spec.mode}:missed")).shuffle(unmet)
    for key, opts, code, tier, _sample in unmet:
        index = st.next_index
        st.next_index = index + 1
        puzzle = dealt(
            random.Random(puzzle_seed(spec.seed, index, spec.mode)), mode, opts, code, name
        )
        found = _finished(spec, cs, puzzle, tier, index)
        st.met.add(key)
        if isinstance(found, Refused):
            st.refused_by(found, spec)
            continue
        if is_new is not None and not is_new(found):
            st.repeats += 1
            continue
        st.keep(key)
        yield found
        if st.kept >= count:
            return
    st.exhausted = True


__all__ = [
    "DIFFICULTIES",
    "GenerationError",
    "Refused",
    "RunState",
    "Skip",
    "Spec",
    "Tables",
    "build_hidden",
    "dealt",
    "decoys_plausible",
    "drawn_reading",
    "generate",
    "generate_one",
    "iter_indexed",
    "kind_count",
    "make_puzzle",
    "puzzle_at",
    "puzzle_seed",
    "run",
    "slot_plan",
    "slots_of",
    "tables_for",
    "with_decoys",
]


# -- the exhaustive catalogue -----------------------------------------------------------------


@dataclass(frozen=True)
class CataloguePlan:
    """The catalogue search of a card set split into units: unit *u* holds every puzzle
    whose two lowest (card, criterion) choices are ``units[u]`` (cards ascending)."""

    options: tuple[Opt, ...]
    #: index of the first option of a higher card than option *i*
    after: tuple[int, ...]
    units: tuple[tuple[int, int], ...]
    #: the units grouped by their two lowest cards, in card order: every puzzle of one
    #: set of cards lies in one group (the compact catalogue's unit of work)
    card_units: tuple[tuple[tuple[int, int], ...], ...] = ()


def catalogue_plan(cardset: CardSet, verifiers: int) -> CataloguePlan:
    """The units of the catalogue search (kept by the card set); the order is fixed by the
    card set."""
    return cardset.derived(_build_plan, verifiers)


def _build_plan(cardset: CardSet, verifiers: int) -> CataloguePlan:
    options = tuple(sorted((c.card, c.position, c.mask) for card in cardset for c in card.criteria))
    n = len(options)
    after: list[int] = []
    for i, (card, _, _) in enumerate(options):
        k = i
        while k < n and options[k][0] == card:
            k += 1
        after.append(k)
    units: list[tuple[int, int]] = []
    if verifiers >= 2:

        def unit(chosen: list[int], _acc: int, _others: Sequence[int], _weight: int) -> None:
            units.append((chosen[0], chosen[1]))

        masks = [o[2] for o in options]
        walk.walk([masks, masks], unit, slots=verifiers, after=after)
    by_cards: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for first, second in units:
        by_cards.setdefault((options[first][0], options[second][0]), []).append((first, second))
    card_units = tuple(tuple(by_cards[pair]) for pair in sorted(by_cards))
    return CataloguePlan(options, tuple(after), tuple(units), card_units)


#: the most choices of one criterion on each of distinct cards (``verifiers`` of them) a
#: card set may offer for :func:`kind_count` to count its puzzles by the catalogue search
COUNT_LIMIT: Final = 200_000


def kind_count(spec: Spec) -> int | None:
    """How many distinct puzzles of the run's kind the card set makes (the tests range
    aside, so a bound with one), or None when that is not known cheaply: the set is too
    large to search whole (:data:`COUNT_LIMIT`), or the mode is extreme (its decoys are
    not counted). Classic and nightmare puzzles of the tier (of every tier without one)
    are counted by the catalogue search: a nightmare puzzle is a classic one dealt in a
    hidden order, the same key."""
    members = _kind_members(spec)
    return None if members is None else len(members)


#: a puzzle of a counted kind: its options (sorted by card), its code index and its tier
Member = tuple[tuple[Opt, ...], int, str]


def _kind_members(spec: Spec) -> tuple[Member, ...] | None:
    """Every puzzle of the run's kind, when :func:`kind_count` counts them; else None.

    The published tiers judge only puzzles of the game's 4, 5 or 6 verifiers: a smaller
    puzzle takes the tier of the plan it was drawn from, so its kind is not counted."""
    if Mode.parse(spec.mode).has_decoys or spec.verifiers not in GEN_VERIFIERS:
        return None
    cs, _ = _resolve_cardset(spec.cardset)
    tiers = cs.derived(_tier_members, spec.verifiers)
    if tiers is None:
        return None
    if spec.difficulty is None:
        return tuple(m for tier in DIFFICULTIES for m in tiers.get(tier, ()))
    return tiers.get(spec.difficulty, ())


def _choices(cardset: CardSet, verifiers: int) -> int:
    """The ways to take one criterion of each of ``verifiers`` distinct cards."""
    ways = [1] + [0] * verifiers  # ways[k]: k cards taken so far
    for card in cardset:
        for k in range(verifiers, 0, -1):
            ways[k] += ways[k - 1] * len(card.criteria)
    return ways[verifiers]


def _tier_members(cardset: CardSet, verifiers: int) -> dict[str, tuple[Member, ...]] | None:
    """The card set's valid classic puzzles of ``verifiers`` per published tier, or None
    when the set is too large to search whole quickly."""
    if _choices(cardset, verifiers) > COUNT_LIMIT:
        return None
    plan = catalogue_plan(cardset, verifiers)
    found: list[list[int]] = []
    for unit in range(len(plan.units)):
        _catalogue_walk(plan, verifiers, unit, found.append)
    members: dict[str, list[Member]] = {}
    for picks in found:
        opts = tuple(sorted(plan.options[k] for k in picks))
        sample = Puzzle(cards=tuple((o[0],) for o in opts), mode=Mode.CLASSIC)
        tier = puzzle_difficulty(sample, cardset)
        if tier is None:
            continue
        acc = ALL_MASK
        for o in opts:
            acc &= o[2]
        members.setdefault(tier, []).append((opts, lowest_index(acc), tier))
    return {tier: tuple(group) for tier, group in members.items()}


def _catalogue_walk(
    plan: CataloguePlan, verifiers: int, unit: int, emit: Callable[[list[int]], None] | None
) -> int:
    """Every valid puzzle of one unit: ``emit`` gets the option indices; returns the count."""
    masks = [o[2] for o in plan.options]

    def found(chosen: list[int], _acc: int, _others: Sequence[int], _weight: int) -> None:
        if emit is not None:
            emit(list(chosen))

    _, total, _ = walk.walk([masks] * verifiers, found, after=plan.after, prefix=plan.units[unit])
    return total


def catalogue_units(
    cardset_name: str, verifiers: int, start: int, stop: int, with_puzzles: bool = True
) -> tuple[int, list[Puzzle]]:
    """Units ``start``…``stop − 1`` of the catalogue: how many puzzles, and (unless
    ``with_puzzles`` is False) the puzzles themselves with difficulty and metrics."""
    cs, name = _resolve_cardset(cardset_name)
    plan = catalogue_plan(cs, verifiers)
    found: list[list[int]] = []
    emit = found.append if with_puzzles else None
    total = 0
    for unit in range(start, min(stop, len(plan.units))):
        total += _catalogue_walk(plan, verifiers, unit, emit)
    if not with_puzzles:
        return total, []
    puzzles: list[Puzzle] = []
    for picks in found:
        opts = [plan.options[k] for k in picks]
        acc = ALL_MASK
        for o in opts:
            acc &= o[2]
        puzzle = Puzzle(
            cards=tuple((o[0],) for o in opts),
            mode=Mode.CLASSIC,
            criteria=tuple(o[1] for o in opts),
            solution=CODE_TEXT[lowest_index(acc)],
            cardset=name,
        )
        tier = puzzle_difficulty(puzzle, cs)
        metrics = measure(puzzle, cs)
        puzzles.append(
            replace(
                puzzle,
                id=puzzle.short_id(tier),
                extra={"difficulty": tier, "verifiers": verifiers, **metrics.as_dict()},
            )
        )
    return total, puzzles


def catalogue_rows(
    cardset_name: str, verifiers: int, start: int, stop: int
) -> tuple[int, array[int]]:
    """Card units ``start``…``stop − 1`` of the catalogue (:attr:`CataloguePlan.card_units`)
    as compact bank rows: how many puzzles, and their rows in key order, flat
    (:data:`turing.generation.bank.CATALOGUE_FIELDS` after one another).

    The metrics come from the same walk: a classic puzzle's valid readings before any
    test are the catalogue's puzzles on the same cards, all found in the same card unit.
    So each set of cards gets the codes its puzzles lead to (``codes_left``), their
    number (``assignments``), the lower bound on the tests and the score once, exactly
    as :func:`turing.generation.metrics.measure` gives them one puzzle at a time.
    """
    cs, name = _resolve_cardset(cardset_name)
    plan = catalogue_plan(cs, verifiers)
    layout = layout_for(cs)
    masks = [o[2] for o in plan.options]
    card_of = [o[0] for o in plan.options]
    pos_of = [o[1] for o in plan.options]
    base = layout.base
    mode_text = Mode.CLASSIC.value
    ref_text = name or "classic"
    found: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}

    def visit(chosen: list[int], acc: int, _others: Sequence[int], _weight: int) -> None:
        picks = tuple(chosen)
        cards = tuple([card_of[k] for k in picks])
        group = found.get(cards)
        if group is None:
            found[cards] = [(picks, acc)]
        else:
            group.append((picks, acc))

    out: array[int] = array("q")
    total = 0
    pools = [masks] * verifiers
    for unit in range(start, min(stop, len(plan.card_units))):
        found.clear()
        for prefix in plan.card_units[unit]:
            walk.walk(pools, visit, after=plan.after, prefix=prefix)
        rows: list[tuple[int, ...]] = []
        for cards, members in found.items():
            codes = 0
            for _, acc in members:
                codes |= acc
            left = codes.bit_count()
            readings = len(members)
            tests = min_tests_lower_bound(left)
            first_positions = tuple(pos_of[k] for k in members[0][0])
            sample = Puzzle(
                cards=tuple((c,) for c in cards),
                mode=Mode.CLASSIC,
                criteria=first_positions,
                cardset=name,
            )
            tier = TIER_CODES[puzzle_difficulty(sample, cs)]
            score = round(difficulty_score(sample, cs, readings, left, tests) * 100)
            first_key, step = cards_key(layout, Mode.CLASSIC, cards)
            for picks, acc in members:
                digits = 0
                parts = []
                for k in picks:
                    digits = digits * base + pos_of[k] - 1
                    parts.append(f"{card_of[k]}:{card_of[k]}.{pos_of[k]}")
                text = f"{mode_text}|{ref_text}|{';'.join(parts)}"
                rows.append(
                    (
                        first_key + digits * step,
                        tier,
                        acc.bit_length() - 1,
                        left,
                        readings,
                        tests,
                        score,
                        id_tag(text),
                    )
                )
        rows.sort()
        total += len(rows)
        for row in rows:
            out.extend(row)
    return total, out


def iter_catalogue_rows(
    cardset_name: str,
    verifiers: int,
    start: int = 0,
    jobs: int = 1,
    executor: Executor | None = None,
    block: int = 1,
) -> Iterator[tuple[int, int, array[int]]]:
    """``(card units done, puzzles in the block, their rows)`` per block of card units, in
    order (:func:`catalogue_rows`), computed by ``jobs`` processes or an ``executor``."""
    cs, _ = _resolve_cardset(cardset_name)
    total_units = len(catalogue_plan(cs, verifiers).card_units)
    for first, (count, rows) in _in_order(
        lambda first: (catalogue_rows, cardset_name, verifiers, first, first + block),
        range(start, total_units, block),
        jobs,
        executor,
    ):
        yield min(first + block, total_units), count, rows


def iter_catalogue(
    cardset_name: str,
    verifiers: int,
    start: int = 0,
    jobs: int = 1,
    executor: Executor | None = None,
    block: int = 64,
    with_puzzles: bool = True,
) -> Iterator[tuple[int, int, list[Puzzle]]]:
    """``(units done, puzzles found in the block, puzzles)`` per block of units, in order."""
    cs, _ = _resolve_cardset(cardset_name)
    total_units = len(catalogue_plan(cs, verifiers).units)
    for first, (count, puzzles) in _in_order(
        lambda first: (
            catalogue_units,
            cardset_name,
            verifiers,
            first,
            first + block,
            with_puzzles,
        ),
        range(start, total_units, block),
        jobs,
        executor,
    ):
        yield min(first + block, total_units), count, puzzles


def _in_order(
    call: Callable[[int], tuple[Any, ...]],
    starts: Iterable[int],
    jobs: int,
    executor: Executor | None,
) -> Iterator[tuple[int, Any]]:
    """``(start, result)`` for each start, in order: ``call(start)`` gives the function and
    its arguments, run here (one job, no executor) or by ``jobs`` processes or ``executor``,
    a few blocks ahead of the one handed on."""
    if executor is None and jobs <= 1:
        for first in starts:
            function, *arguments = call(first)
            yield first, function(*arguments)
        return
    owned = None
    if executor is None:
        owned = process_pool(jobs)
        executor = owned
    window = max(2, jobs) * 3
    pending: deque[tuple[int, Future[Any]]] = deque()
    it = iter(starts)
    try:
        while True:
            while len(pending) < window:
                following = next(it, None)
                if following is None:
                    break
                function, *arguments = call(following)
                with workers_watched():
                    pending.append((following, executor.submit(function, *arguments)))
            if not pending:
                return
            first, fut = pending.popleft()
            with workers_watched():
                done = fut.result()
            yield first, done
    finally:
        for _, f in pending:
            f.cancel()
        if owned is not None:
            owned.shutdown(wait=True, cancel_futures=True)
