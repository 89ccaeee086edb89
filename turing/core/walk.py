"""The walk over valid readings: one mask per verifier, one code left, no verifier redundant.

A *reading* chooses one criterion mask for each verifier (slot). It is *valid* when exactly
one code meets every chosen mask and no verifier is redundant (dropping any one of them
leaves more than one code). Everything in the engine that looks for valid readings — the
solver's deduction, the metrics' counts, the generator's random puzzles and decoy check,
the exhaustive catalogue and the card-set linter — walks them here.

The walk chooses slot by slot and keeps two things: ``acc``, the codes every chosen mask
keeps, and ``others[v]``, the codes kept by every chosen mask *but* verifier *v*'s. A
choice ``m`` is cut (:func:`step`) when

1. it removes no code (``acc & m == acc``): this verifier would be redundant;
2. it leaves no code, or one code while slots remain (each later verifier would then
   remove nothing, so it would be redundant) — at the last slot exactly one code must be
   left;
3. it makes an earlier verifier redundant (``others[v] & m == acc & m``).

Adding masks never undoes any of the three, so a cut branch holds no valid reading, and
every reading that survives the last slot is valid.

Entry points: :func:`readings` lists the valid readings in walk order, :func:`count`
counts them (and the codes they lead to), :func:`exists` stops at the first,
:func:`sample` draws one at random with a node budget (the generator), and :func:`walk`
is the walk itself with its options: readings of one ordered list of options taken in
ascending order (``after``: the catalogue and the linter take each card once, cards
ascending), a fixed beginning (``prefix``), and stopping at partial readings of a given
length (``visit`` then gets the prefix, its ``acc`` and its ``others``).

The linter's statistics are the one place that does not walk the last two slots here: it
joins each partial reading with a numpy table of every pair of criteria at once (many
thousands of puzzles per call). Its partial readings come from :func:`walk`, and its join
applies rules 2 and 3 to the pair on arrays; :func:`leaf_ok` is the same test on one mask.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from turing.core.codes import ALL_MASK

#: ``visit(chosen, acc, others, weight)``: ``chosen`` the option index of each slot so far
#: (a list the walk reuses: copy it to keep it), ``acc`` the codes left, ``others`` the
#: leave-one-out codes of a partial reading (empty for a full one), ``weight`` the product
#: of the chosen options' weights. Return True to stop the walk.
Visit = Callable[[list[int], int, Sequence[int], int], bool | None]

_NO_OTHERS: Final[tuple[int, ...]] = ()


def step(acc: int, others: Sequence[int], m: int, last: bool) -> list[int] | None:
    """The cut rules for one choice: ``others`` of the longer reading, or None when cut.

    ``acc`` and ``others`` describe the reading so far, ``m`` is the new slot's mask and
    ``last`` says whether it fills the last slot. The returned list ends with the new
    slot's own entry (``acc``: the codes the earlier slots keep without it).

    >>> step(0b0111, [0b1111], 0b1011, last=False)
    [11, 7]
    >>> step(0b1111, [0b1111], 0b1111, last=False) is None   # removes no code
    True
    >>> step(0b0110, [0b0111], 0b0100, last=False) is None   # one code too early
    True
    """
    narrowed = acc & m
    if narrowed == acc or not narrowed or (not narrowed & (narrowed - 1)) != last:
        return None
    new_others = [x & m for x in others]
    if narrowed in new_others:
        return None
    new_others.append(acc)
    return new_others


def leaf_ok(acc: int, others: Sequence[int], m: int) -> bool:
    """Whether ``m`` in the last slot completes a valid reading (rules 2 and 3)."""
    narrowed = acc & m
    if not narrowed or narrowed & (narrowed - 1) or narrowed == acc:
        return False
    return all(x & m != narrowed for x in others)


def walk(
    pools: Sequence[Sequence[int]],
    visit: Visit | None = None,
    *,
    slots: int | None = None,
    weights: Sequence[Sequence[int]] | None = None,
    after: Sequence[int] | None = None,
    prefix: Sequence[int] = (),
) -> tuple[int, int, bool]:
    """Walk the valid readings of ``pools`` (the masks each slot may take), depth first.

    Returns ``(codes, total, stopped)``: the codes the readings visited lead to (a mask;
    0 for partial readings), the sum of their weights, and whether ``visit`` stopped the
    walk. Options are tried in pool order, so readings come in lexicographic order of
    their option indices.

    ``slots``: the number of verifiers (default ``len(pools)``); when larger than the
    number of pools, the walk visits the *partial* readings of ``len(pools)`` slots that
    the cut rules leave (a later slot must still leave one code). ``weights[d][k]``: the
    weight of option *k* of slot *d* (default 1; :func:`count` gives equal masks one
    option with their number as its weight). ``after``: every pool is the same list and
    a slot takes only options from ``after[k]`` on, *k* the previous slot's option.
    ``prefix``: option indices of the first slots, taken as given when the cut rules allow
    them (otherwise nothing is visited).
    """
    depth_end = len(pools)
    n = depth_end if slots is None else slots
    if depth_end == 0 or depth_end > n:
        return 0, 0, False
    last = n - 1
    ws: Sequence[Sequence[int]] = weights if weights is not None else [(1,) * len(p) for p in pools]
    codes = 0
    total = 0
    chosen: list[int] = []
    track = visit is not None  # only a visit reads ``chosen``

    def descend(depth: int, start: int, acc: int, others: list[int], weight: int) -> bool:
        nonlocal codes, total
        pool = pools[depth]
        wd = ws[depth]
        if depth == last:
            # rules 2 and 3 at the last slot (:func:`leaf_ok`, inlined: the hot loop)
            for k, m in enumerate(pool[start:] if start else pool, start):
                narrowed = acc & m
                if narrowed.bit_count() == 1:
                    for x in others:
                        if x & m == narrowed:
                            break
                    else:
                        codes |= narrowed
                        w = weight * wd[k]
                        total += w
                        if visit is not None:
                            chosen.append(k)
                            stop = visit(chosen, narrowed, _NO_OTHERS, w)
                            chosen.pop()
                            if stop:
                                return True
            return False
        partial = depth == depth_end - 1
        for k, m in enumerate(pool[start:] if start else pool, start):
            # :func:`step` with last=False, inlined: the hot loop
            narrowed = acc & m
            if narrowed == acc or narrowed.bit_count() < 2:
                continue
            new_others = [x & m for x in others]
            if narrowed in new_others:
                continue
            new_others.append(acc)
            if partial:
                w = weight * wd[k]
                total += w
                if visit is None:
                    continue
                chosen.append(k)
                stop = visit(chosen, narrowed, new_others, w)
            else:
                nxt = after[k] if after is not None else 0
                if track:
                    chosen.append(k)
                stop = descend(depth + 1, nxt, narrowed, new_others, weight * wd[k])
                if not track:
                    continue
            chosen.pop()
            if stop:
                return True
        return False

    acc = ALL_MASK
    others: list[int] = []
    weight = 1
    for d, k in enumerate(prefix):
        m = pools[d][k]
        if d == last:
            if not leaf_ok(acc, others, m):
                return 0, 0, False
            w = weight * ws[d][k]
            stopped = bool(visit is not None and visit([*prefix], acc & m, _NO_OTHERS, w))
            return acc & m, w, stopped
        grown = step(acc, others, m, last=False)
        if grown is None:
            return 0, 0, False
        acc, others, weight = acc & m, grown, weight * ws[d][k]
        chosen.append(k)
    depth = len(prefix)
    if depth == depth_end:
        stopped = bool(visit is not None and visit(chosen, acc, others, weight))
        return 0, weight, stopped
    start = after[prefix[-1]] if after is not None and prefix else 0
    stopped = descend(depth, start, acc, others, weight)
    return codes, total, stopped


def readings(pools: Sequence[Sequence[int]]) -> list[tuple[tuple[int, ...], int]]:
    """Every valid reading as ``(option index per slot, code index)``, in walk order
    (lexicographic in the option indices).

    The slots with fewest options are walked first (the largest pool then sits at the
    last slot, whose loop is the cheapest), and the readings put back in slot order.
    """
    n = len(pools)
    order = sorted(range(n), key=lambda d: len(pools[d]))
    if order == list(range(n)):
        return [(ks, acc.bit_length() - 1) for ks, acc in _listed(pools)]
    found: list[tuple[tuple[int, ...], int]] = []
    for ks, acc in _listed([pools[d] for d in order]):
        back = [0] * n
        for i, d in enumerate(order):
            back[d] = ks[i]
        found.append((tuple(back), acc.bit_length() - 1))
    found.sort()
    return found


def _listed(pools: Sequence[Sequence[int]]) -> list[tuple[tuple[int, ...], int]]:
    """:func:`walk` without its options, listing ``(option indices, codes left)``: the
    deduction's fast path. The cut rules are :func:`step`'s and :func:`leaf_ok`'s, inlined."""
    found: list[tuple[tuple[int, ...], int]] = []
    n = len(pools)
    if n == 0:
        return found
    last = n - 1
    final = pools[last]

    def leaves(chosen: tuple[int, ...], acc: int, others: list[int]) -> None:
        for k, m in enumerate(final):
            narrowed = acc & m
            if narrowed.bit_count() == 1:
                for x in others:
                    if x & m == narrowed:
                        break
                else:
                    found.append(((*chosen, k), narrowed))

    def descend(depth: int, chosen: tuple[int, ...], acc: int, others: list[int]) -> None:
        down = depth + 1 < last
        for k, m in enumerate(pools[depth]):
            narrowed = acc & m
            if narrowed == acc or narrowed.bit_count() < 2:
                continue
            new_others = [x & m for x in others]
            if narrowed in new_others:
                continue
            new_others.append(acc)
            if down:
                descend(depth + 1, (*chosen, k), narrowed, new_others)
            else:
                leaves((*chosen, k), narrowed, new_others)

    if last == 0:
        leaves((), ALL_MASK, [])
    else:
        descend(0, (), ALL_MASK, [])
    return found


def _grouped(masks: Sequence[int]) -> list[tuple[int, int]]:
    """Distinct masks (ascending), each with how many options share it."""
    counts: dict[int, int] = {}
    for m in masks:
        counts[m] = counts.get(m, 0) + 1
    return sorted(counts.items())


def count(pools: Sequence[Sequence[int]]) -> tuple[int, int]:
    """``(codes mask, number of valid readings)``, without listing them.

    Options with equal masks are walked once with their number as a weight (cards 20 and
    21 share criteria), and the slots with fewest options go first. The cut rules are
    :func:`step`'s and :func:`leaf_ok`'s, inlined (the metrics count every puzzle made).
    """
    grouped = sorted(map(_grouped, pools), key=len)
    n = len(grouped)
    if n == 0:
        return 0, 0
    last = n - 1
    codes = 0
    total = 0
    final = grouped[last]

    def leaves(acc: int, others: list[int], weight: int) -> None:
        nonlocal codes, total
        for m, w in final:
            narrowed = acc & m
            if narrowed.bit_count() == 1:
                for x in others:
                    if x & m == narrowed:
                        break
                else:
                    codes |= narrowed
                    total += weight * w

    def descend(depth: int, acc: int, others: list[int], weight: int) -> None:
        down = depth + 1 < last
        for m, w in grouped[depth]:
            narrowed = acc & m
            if narrowed == acc or narrowed.bit_count() < 2:
                continue
            new_others = [x & m for x in others]
            if narrowed in new_others:
                continue
            new_others.append(acc)
            if down:
                descend(depth + 1, narrowed, new_others, weight * w)
            else:
                leaves(narrowed, new_others, weight * w)

    if last == 0:
        leaves(ALL_MASK, [], 1)
    else:
        descend(0, ALL_MASK, [], 1)
    return codes, total


def exists(pools: Sequence[Sequence[int]]) -> bool:
    """Whether some choice of one mask per slot is a valid reading."""
    ordered = sorted((tuple(sorted(set(p))) for p in pools), key=len)
    return walk(ordered, lambda *_: True)[2]


def sample(
    rng: random.Random,
    pools: Sequence[Sequence[int]],
    target: int,
    budget: int,
    tries: int,
    keys: Sequence[Sequence[int]] | None = None,
) -> list[int] | None:
    """A random valid reading whose masks meet exactly in ``target`` (one code's bit).

    Every mask of ``pools`` must hold ``target``. At each slot but the last, up to
    ``tries`` random options are drawn (each costs one unit of ``budget``; none is left
    means failure); a choice the cut rules allow is followed, and a branch that fails
    backtracks. The last slot picks at random among the options that leave exactly
    ``target`` and make no verifier redundant. ``keys``: options with equal keys (cards)
    are not chosen twice. Returns the option index of each slot, or None.
    """
    n = len(pools)
    if n == 0:
        return None
    if n == 1:
        single = [k for k, m in enumerate(pools[0]) if m == target]
        return [single[int(rng.random() * len(single))]] if single else None
    last = n - 1
    chosen: list[int] = []
    used: set[int] = set()
    key = keys if keys is not None else [range(len(p)) for p in pools]
    rand = rng.random
    left = budget

    def descend(depth: int, acc: int, others: list[int]) -> bool:
        nonlocal left
        pool = pools[depth]
        kd = key[depth]
        if depth == last:
            # :func:`leaf_ok`, inlined: ``acc & m == target`` leaves one code, then rule 3
            cands = [k for k, m in enumerate(pool) if acc & m == target]
            cands = [k for k in cands if kd[k] not in used]
            while cands:
                i = int(rand() * len(cands))
                k = cands[i]
                m = pool[k]
                for x in others:
                    if x & m == target:
                        break
                else:
                    chosen.append(k)
                    return True
                cands[i] = cands[-1]
                cands.pop()
            return False
        size = len(pool)
        for _ in range(tries):
            left -= 1
            if left < 0:
                return False
            k = int(rand() * size)
            if kd[k] in used:
                continue
            m = pool[k]
            # :func:`step`, inlined: every mask holds ``target``, so the codes left are
            # never none, and one code too early is ``target`` alone
            narrowed = acc & m
            if narrowed in (acc, target):
                continue
            grown = [x & m for x in others]
            if narrowed in grown:
                continue
            grown.append(acc)
            used.add(kd[k])
            chosen.append(k)
            if descend(depth + 1, narrowed, grown):
                return True
            chosen.pop()
            used.discard(kd[k])
        return False

    return chosen if descend(0, ALL_MASK, []) else None


__all__ = ["Visit", "count", "exists", "leaf_ok", "readings", "sample", "step", "walk"]
