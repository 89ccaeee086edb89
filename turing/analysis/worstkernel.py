"""The worst-case search (:meth:`turing.analysis.search.Search.feasible`), compiled.

The same search as the search's own: whether a state's code can be known within a budget
of tests, split by split in the same order, the same proven bounds kept per state and per
orbit (the states a permutation of interchangeable letters maps onto each other), the same
*cores* (a part proven to need the whole budget rules out every split whose half holds
it). It takes searches with interchangeable letters (nightmare, where the worst case is
what takes the time) of any number of groups: a state is an array of machine words.

States are kept by a 128-bit hash, not by their bits: four strongly universal
multiply-shift hashes of the state's 32-bit pieces (Lemire and Kaser, "Strongly universal
string hashing is fast", 2014), with coefficients drawn once. Two different states share a
key with probability 2**-128; among the at most tens of millions of states a search keeps,
that leaves a chance below 10**-20 that any two do. A state then costs a few dozen bytes,
however many groups the puzzle has.

It comes with the ``fast`` extra (numba), like :mod:`turing.analysis.kernel`, and it is
made the same way: numba compiles it the first time it runs on a machine (kept on disk
beside this file), and a search makes it only once its own search has passed a share of
work. The kernel never raises: past its work or stored states or its processor time, it
sets a flag and returns, keeping what it proved; the search then gives up as its own
search would.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numba import types
from numba.typed import Dict

from turing.analysis.kernel import (
    _LOWER,
    _STORED,
    _UNIT,
    _UPPER,
    _WORK,
    _arm,
    _code_runs,
    _compiled,
    _ctlz,
    _ctpop,
    _get,
    _hash,
    _keep_images,
    _key,
    _known,
    _less,
    _new_table,
    _put,
    _span,
    _spend,
    _store,
    _sums,
    _top,
    _weigh,
    hash_coefficients,
    image_terms,
)
from turing.core.codes import indices, lowest_index

#: Letters an orbit's key holds (the most verifiers a puzzle has).
KEY_LETTERS: Final = 6

_ORBIT = types.UniTuple(types.uint64, KEY_LETTERS)
_KEY = types.UniTuple(types.uint64, 2)
_INF: Final = 1 << 60

_ZERO = np.uint64(0)
_ONE = np.uint64(1)


@_compiled
def _low(tab: Any, key: Any) -> Any:
    """The lower bound kept for ``key`` (0 where none)."""
    return max(_get(tab, key, _LOWER), 0)


@_compiled
def _high(tab: Any, key: Any) -> Any:
    """The upper bound kept for ``key`` (:data:`_INF` where none)."""
    got = _get(tab, key, _UPPER)
    return _INF if got < 0 else got


@_compiled
def _keep(tab: Any, key: Any, state: Any, which: int, value: Any, data: Any, ctx: Any) -> None:
    """Keep ``value`` as bound ``which`` of the state ``state`` keyed ``key``, and of each
    image of it under the code space's symmetries (data[16]; each image's own bound where
    that is already the better one)."""
    _put(tab, key, which, value, ctx)
    _keep_images(tab, key, state, which, value, data[7], data[16], ctx)


@_compiled
def _ceil_log2(n: int) -> Any:
    if n <= 1:
        return 0
    return 64 - np.int64(_ctlz(np.uint64(n - 1)))


@_compiled
def _present(state: Any, cmask: Any, wlo: Any, whi: Any, lo: int, hi: int) -> Any:
    """The codes with a group in ``state``."""
    n = cmask.shape[0]
    codes = np.empty(n, dtype=np.int64)
    k = 0
    for c in range(n):
        a, b = max(wlo[c], lo), min(whi[c], hi)
        for i in range(a, b + 1):
            if state[i] & cmask[c, i] != _ZERO:
                codes[k] = c
                k += 1
                break
    return codes[:k]


@_compiled
def _orbit(state: Any, data: Any, lo: int, hi: int) -> Any:
    """The key of ``state``'s orbit (as :meth:`Search._orbit`), and whether it has one
    (the state is a product of its letters' supports)."""
    sup, sup_letter, sup_bit, key_at, cls_end = data[8], data[9], data[10], data[11], data[12]
    letters = key_at.shape[0]
    n = state.shape[0]
    sets = np.zeros(KEY_LETTERS, dtype=np.uint64)
    union = np.zeros((letters, n), dtype=np.uint64)
    for m in range(sup.shape[0]):
        hit = False
        for i in range(lo, hi + 1):
            if state[i] & sup[m, i] != _ZERO:
                hit = True
                break
        if hit:
            v = sup_letter[m]
            sets[key_at[v]] |= sup_bit[m]
            for i in range(lo, hi + 1):
                union[v, i] |= sup[m, i]
    for i in range(lo, hi + 1):
        product = union[0, i]
        for v in range(1, letters):
            product &= union[v, i]
        if product != state[i]:
            return False, (_ZERO, _ZERO, _ZERO, _ZERO, _ZERO, _ZERO)
    return True, _orbit_key(sets, cls_end)


@_compiled
def _orbit_key(sets: Any, cls_end: Any) -> Any:
    """The orbit's key from each key place's set of masks: sorted within each class (a run
    of places ending at ``cls_end[p]``), so a permutation within the classes keeps it."""
    p = 0
    while p < cls_end.shape[0]:
        end = cls_end[p]
        if end > p + 1:
            sets[p:end] = np.sort(sets[p:end])
        p = end
    return (sets[0], sets[1], sets[2], sets[3], sets[4], sets[5])


@_compiled
def _tables(data: Any) -> Any:
    """The tables a state's splits are found from: the tests' yes-halves and letters,
    the codes' groups and spans of words, the weights' bit planes and their shifts."""
    return data[0], data[1], data[2], data[3], data[4], data[13], data[14]


@_compiled
def _keep_orbits(od: Any, okey: Any, value: int, lower: bool, data: Any, ctx: Any) -> None:
    """Keep ``value`` as the bound (``lower`` or upper) of each image of the orbit keyed
    ``okey`` under the code space's symmetries (data[17]: each mask's number's image;
    each image's own bound where that is already the better one; a new entry counts as a
    stored state)."""
    number_of = data[17]
    cls_end = data[12]
    letters = cls_end.shape[0]
    sets = np.zeros(KEY_LETTERS, dtype=np.uint64)
    for p in range(number_of.shape[0]):
        for place in range(letters):
            x = okey[place]
            out = _ZERO
            while x != _ZERO:
                b = np.int64(_ctpop((x & (~x + _ONE)) - _ONE))
                x &= x - _ONE
                out |= _ONE << np.uint64(number_of[p, b])
            sets[place] = out
        image = _orbit_key(sets, cls_end)
        if image == okey:
            continue
        if image not in od:
            ctx[_STORED] += 1
            od[image] = value
        elif od[image] < value if lower else od[image] > value:
            od[image] = value


@_compiled
def _moves(part: Any) -> Any:
    """Per letter, whether its tests are searched: the lowest of each class, and every
    letter in none (``part[v]``: ``v``'s class, -1 for none)."""
    n = part.shape[0]
    out = np.ones(n, dtype=np.bool_)
    for v in range(n):
        if part[v] >= 0:
            for u in range(v):
                if part[u] == part[v]:
                    out[v] = False
                    break
    return out


@_compiled
def _child(part: Any, v: int) -> Any:
    """The classes both halves of a test on letter ``v`` keep: ``v`` leaves its class."""
    out = part.copy()
    c = part[v]
    if c < 0:
        return out
    out[v] = -1
    left = 0
    last = -1
    for u in range(part.shape[0]):
        if out[u] == c:
            left += 1
            last = u
    if left == 1:
        out[last] = -1
    return out


@_compiled
def _parts_codes(state: Any, codes: Any, part: Any, data: Any, lo: int, hi: int) -> Any:
    """Whether one test leaves each of the two ``codes`` of ``state`` alone in a half."""
    tests, letter, cmask = data[0], data[1], data[2]
    c = codes[0]
    allowed = _moves(part)
    for t in range(tests.shape[0]):
        if not allowed[letter[t]]:
            continue
        # The yes-half is one code's groups exactly: all of c's and none else, or none of
        # c's and all else.
        first = True
        second = True
        for i in range(lo, hi + 1):
            y = tests[t, i] & state[i]
            one = state[i] & cmask[c, i]
            if y != one:
                first = False
            if y != (state[i] ^ one):
                second = False
            if not (first or second):
                break
        if first or second:
            return True
    return False


@_compiled
def _half(state: Any, test: Any, yes: Any, out: Any, lo: int, hi: int) -> None:
    """Into ``out``: the half of ``state`` that ``test`` answers yes on (else the other)."""
    for i in range(lo, hi + 1):
        x = test[i] & state[i]
        out[i] = x if yes else state[i] ^ x


@_compiled
def _feasible(
    state: Any,
    budget: int,
    part: Any,
    data: Any,
    tab: Any,
    olb: Any,
    oub: Any,
    ctx: Any,
) -> Any:
    """:meth:`Search.feasible`: 1 when the code of ``state`` can be known within
    ``budget`` tests whatever the answers, 0 when not, -1 once a limit passed."""
    lo, hi = _span(state)
    if _known(state, data[2], data[5], lo, hi):
        return 1
    if budget <= 0:
        return 0
    if _spend(ctx, 1):
        return -1
    coef = data[7]
    whole_sums = _sums(state, coef, lo, hi)
    key = _key(whole_sums, coef)
    ub = _high(tab, key)
    if ub <= budget:
        return 1
    tests, letter, cmask, wlo, whi, planes, shifts = _tables(data)
    codes = _present(state, cmask, wlo, whi, lo, hi)
    nc = codes.shape[0]
    if max(_low(tab, key), _ceil_log2(nc)) > budget:
        return 0
    use_orbit = budget > 1 and data[15]
    okey = (_ZERO, _ZERO, _ZERO, _ZERO, _ZERO, _ZERO)
    if use_orbit:
        use_orbit, okey = _orbit(state, data, lo, hi)
        if use_orbit:
            if okey in oub and oub[okey] <= budget:
                _keep(tab, key, state, _UPPER, oub[okey], data, ctx)
                return 1
            if okey in olb and olb[okey] > budget:
                _keep(tab, key, state, _LOWER, olb[okey], data, ctx)
                return 0
    if budget == 1:
        ok = _parts_codes(state, codes, part, data, lo, hi)
        if ok:
            _keep(tab, key, state, _UPPER, 1, data, ctx)
        else:
            _keep(tab, key, state, _LOWER, 2, data, ctx)
        if _store(ctx):
            return -1
        return 1 if ok else 0

    # The splits whose halves hold at most ``limit`` codes each (a split and its
    # complement once), ranked as :meth:`Search._rank` ranks them ``by_weight``. A split
    # is kept as its test and which half is the harder (the one with more codes).
    limit = 1 << (budget - 1)
    weight = _weigh(state, planes, shifts, lo, hi)
    n = state.shape[0]
    nt = tests.shape[0]
    allowed = _moves(part)
    top = _top(state, hi)
    tw, tb = top // 64, np.uint64(top % 64)
    test_of = np.empty(nt, dtype=np.int64)
    hard_yes = np.empty(nt, dtype=np.bool_)
    hkey = np.empty((nt, 2), dtype=np.uint64)
    ekey = np.empty((nt, 2), dtype=np.uint64)
    rank = np.empty(nt, dtype=np.int64)
    big_of = np.empty(nt, dtype=np.int64)
    small_of = np.empty(nt, dtype=np.int64)
    seen = set()
    y = np.zeros(n, dtype=np.uint64)
    no = np.zeros(n, dtype=np.uint64)
    ns = 0
    tried = 0
    # When the budget lets only some splits through: for every test at once, the codes
    # its yes-half meets and those its no-half meets, from the tests holding each group
    # (as :meth:`Search._fitting_splits` finds them); only the tests that fit are split.
    fit = limit < nc
    if fit:
        holding = data[6]
        tw_words = holding.shape[1]
        meets = np.zeros(nt, dtype=np.int64)
        misses = np.zeros(nt, dtype=np.int64)
        some = np.empty(tw_words, dtype=np.uint64)
        every = np.empty(tw_words, dtype=np.uint64)
        for k in range(nc):
            c = codes[k]
            some[:] = _ZERO
            every[:] = ~_ZERO
            for i in range(max(wlo[c], lo), min(whi[c], hi) + 1):
                x = state[i] & cmask[c, i]
                while x != _ZERO:
                    g = 64 * i + np.int64(_ctpop((x & (~x + _ONE)) - _ONE))
                    x &= x - _ONE
                    for w in range(tw_words):
                        some[w] |= holding[g, w]
                        every[w] &= holding[g, w]
            for w in range(tw_words):
                x = some[w]
                while x != _ZERO:
                    meets[64 * w + np.int64(_ctpop((x & (~x + _ONE)) - _ONE))] += 1
                    x &= x - _ONE
                x = ~every[w]
                while x != _ZERO:
                    u = 64 * w + np.int64(_ctpop((x & (~x + _ONE)) - _ONE))
                    if u >= nt:
                        break
                    misses[u] += 1
                    x &= x - _ONE
    for t in range(nt):
        if not allowed[letter[t]]:
            continue
        tried += 1
        if fit:
            a = meets[t]
            b = misses[t]
            if a == 0 or b == 0 or a > limit or b > limit:
                continue
            for i in range(lo, hi + 1):
                y[i] = tests[t, i] & state[i]
        else:
            if not _splits(state, tests[t], y, lo, hi):
                continue
            a, b = _code_sides(y, state, codes, cmask, wlo, whi, lo, hi)
            if a > limit or b > limit:
                continue
        y_sums = _sums(y, coef, lo, hi)
        ky = _key(y_sums, coef)
        kn = _key(_less(whole_sums, y_sums), coef)
        side = ky if (y[tw] >> tb) & _ONE else kn
        if side in seen:
            continue
        seen.add(side)
        big = max(a, b)
        proven = max(_low(tab, ky), _low(tab, kn), _ceil_log2(big))
        wy = _weigh(y, planes, shifts, lo, hi)
        heavy = max(wy, weight - wy)
        rank[ns] = (proven << 56) | (_ceil_log2(big) << 48) | heavy
        test_of[ns] = t
        hard_yes[ns] = a >= b
        big_of[ns] = big
        small_of[ns] = min(a, b)
        if a < b:
            hkey[ns, 0], hkey[ns, 1] = kn
            ekey[ns, 0], ekey[ns, 1] = ky
        else:
            hkey[ns, 0], hkey[ns, 1] = ky
            ekey[ns, 0], ekey[ns, 1] = kn
        ns += 1
    if _spend(ctx, tried + ns * (nc + 3)):
        return -1
    order = np.argsort(rank[:ns], kind="mergesort")

    # First, a split already proven good enough; the halves proven to need the whole
    # budget (cores) and the most any split's halves are proven to need.
    low = 0
    cores = np.empty(ns, dtype=np.int64)  # r for a hard half, ~r for an easy one
    ncores = 0
    for j in range(ns):
        r = order[j]
        kh = (hkey[r, 0], hkey[r, 1])
        ke = (ekey[r, 0], ekey[r, 1])
        # (A half with one code is known.)
        if (big_of[r] == 1 or _high(tab, kh) < budget) and (
            small_of[r] == 1 or _high(tab, ke) < budget
        ):
            _keep(tab, key, state, _UPPER, budget, data, ctx)
            if use_orbit:
                oub[okey] = budget
                _keep_orbits(oub, okey, budget, False, data, ctx)
            return 1
        low_h = _low(tab, kh)
        low_e = _low(tab, ke)
        if low_h >= budget:
            cores[ncores] = r
            ncores += 1
        elif low_e >= budget:
            cores[ncores] = ~r
            ncores += 1
        low = max(low, low_h, low_e)
    if low > budget:
        _keep(tab, key, state, _LOWER, low, data, ctx)
        if use_orbit:
            olb[okey] = low
            _keep_orbits(olb, okey, low, True, data, ctx)
        if _store(ctx):
            return -1
        return 0
    # The cores' groups, made as they come (each within its span of words).
    cbits = np.zeros((max(ncores, 4), n), dtype=np.uint64)
    clo = np.empty(ns, dtype=np.int64)
    chi = np.empty(ns, dtype=np.int64)
    for q in range(ncores):
        x = cores[q]
        r = x if x >= 0 else ~x
        _half(state, tests[test_of[r]], (x >= 0) == hard_yes[r], cbits[q], lo, hi)
        clo[q], chi[q] = _span(cbits[q])
    for j in range(ns):
        r = order[j]
        t = test_of[r]
        _half(state, tests[t], hard_yes[r], y, lo, hi)
        _half(state, tests[t], not hard_yes[r], no, lo, hi)
        if ncores:
            if _spend(ctx, ncores):
                return -1
            taken = False
            for q in range(ncores):
                # A core lies in one half when it misses the other.
                in_y = True
                in_no = True
                for i in range(clo[q], chi[q] + 1):
                    c = cbits[q, i]
                    if c & no[i] != _ZERO:
                        in_y = False
                    if c & y[i] != _ZERO:
                        in_no = False
                    if not (in_y or in_no):
                        break
                if not (in_y or in_no):
                    continue
                hk = (hkey[r, 0], hkey[r, 1]) if in_y else (ekey[r, 0], ekey[r, 1])
                x = cores[q]
                ck = (hkey[x, 0], hkey[x, 1]) if x >= 0 else (ekey[~x, 0], ekey[~x, 1])
                bound = max(_low(tab, ck), budget)
                if _low(tab, hk) < bound:
                    _keep(tab, hk, y if in_y else no, _LOWER, bound, data, ctx)
                taken = True
                break
            if taken:
                continue
        sub = _child(part, letter[t])
        got = _feasible(y.copy(), budget - 1, sub, data, tab, olb, oub, ctx)
        if got < 0:
            return -1
        hard_fails = got == 0
        if got == 1:
            got = _feasible(no.copy(), budget - 1, sub, data, tab, olb, oub, ctx)
            if got < 0:
                return -1
        if got == 0:
            found = y if hard_fails else no
            if ncores == cbits.shape[0]:
                more = np.zeros((2 * ncores, n), dtype=np.uint64)
                more[:ncores] = cbits
                cbits = more
            cores[ncores] = r if hard_fails else ~r
            cbits[ncores, lo : hi + 1] = found[lo : hi + 1]
            clo[ncores], chi[ncores] = _span(found)
            ncores += 1
            continue
        _keep(tab, key, state, _UPPER, budget, data, ctx)
        if use_orbit:
            oub[okey] = budget
            _keep_orbits(oub, okey, budget, False, data, ctx)
        if _store(ctx):
            return -1
        return 1
    _keep(tab, key, state, _LOWER, budget + 1, data, ctx)
    if use_orbit:
        olb[okey] = budget + 1
        _keep_orbits(olb, okey, budget + 1, True, data, ctx)
    if _store(ctx):
        return -1
    return 0


@_compiled
def _splits(state: Any, test: Any, y: Any, lo: int, hi: int) -> Any:
    """Into ``y``: the half of ``state`` that ``test`` answers yes on; whether the test
    splits the state (neither half empty)."""
    empty = True
    whole = True
    for i in range(lo, hi + 1):
        x = test[i] & state[i]
        y[i] = x
        if x != _ZERO:
            empty = False
        if x != state[i]:
            whole = False
    return not (empty or whole)


@_compiled
def _code_sides(
    y: Any, state: Any, codes: Any, cmask: Any, wlo: Any, whi: Any, lo: int, hi: int
) -> Any:
    """The codes of ``state`` (within its words ``lo`` to ``hi``) that its half ``y``
    meets, and those the other half meets."""
    a = 0
    b = 0
    for k in range(codes.shape[0]):
        c = codes[k]
        met = False
        held = True
        for i in range(max(wlo[c], lo), min(whi[c], hi) + 1):
            m = y[i] & cmask[c, i]
            if m != _ZERO:
                met = True
            if m != state[i] & cmask[c, i]:
                held = False
        if not met:
            b += 1
        elif held:
            a += 1
        else:
            a += 1
            b += 1
    return a, b


@_compiled
def _greedy(
    state: Any, part: Any, by_weight: bool, data: Any, tab: Any, memo: Any, ctx: Any
) -> Any:
    """The tests a greedy strategy needs from ``state`` (:meth:`Search.greedy_depth`, or
    with ``by_weight`` :meth:`Search.greedy_weight_depth`): in each state the first split,
    in the order of the tests, that is best by the same key; -1 once a limit passed."""
    lo, hi = _span(state)
    if _known(state, data[2], data[5], lo, hi):
        return 0
    if _spend(ctx, 1):
        return -1
    coef = data[7]
    key = _hash(state, coef, lo, hi)
    if key in memo:
        return memo[key]
    tests, letter, cmask, wlo, whi, planes, shifts = _tables(data)
    codes = _present(state, cmask, wlo, whi, lo, hi)
    nc = codes.shape[0]
    weight = _weigh(state, planes, shifts, lo, hi) if by_weight else 0
    allowed = _moves(part)
    n = state.shape[0]
    y = np.zeros(n, dtype=np.uint64)
    best = _INF
    pick = -1
    tried = 0
    for t in range(tests.shape[0]):
        if not allowed[letter[t]]:
            continue
        tried += 1
        if not _splits(state, tests[t], y, lo, hi):
            continue
        a, b = _code_sides(y, state, codes, cmask, wlo, whi, lo, hi)
        big = max(a, b)
        if by_weight:
            wy = _weigh(y, planes, shifts, lo, hi)
            rank = (_ceil_log2(big) << 48) | max(wy, weight - wy)
        else:
            # The halves' proven bounds first (as :meth:`Search._rank` ranks them).
            ky = _hash(y, coef, lo, hi)
            kn = _key(_less(_sums(state, coef, lo, hi), _sums(y, coef, lo, hi)), coef)
            proven = max(_low(tab, ky), _low(tab, kn), _ceil_log2(big))
            rank = (proven << 48) | (big << 24) | (a + b)
        if rank < best:
            best, pick = rank, t
    if _spend(ctx, tried * (nc + 3)):
        return -1
    sub = _child(part, letter[pick])
    _half(state, tests[pick], True, y, lo, hi)
    depth = _greedy(y.copy(), sub, by_weight, data, tab, memo, ctx)
    if depth < 0:
        return -1
    _half(state, tests[pick], False, y, lo, hi)
    other = _greedy(y, sub, by_weight, data, tab, memo, ctx)
    if other < 0:
        return -1
    depth = 1 + max(depth, other)
    memo[key] = depth
    if depth < _high(tab, key):
        _keep(tab, key, state, _UPPER, depth, data, ctx)
    if _store(ctx):
        return -1
    return depth


@_compiled
def _bounds_of(state: Any, coef: Any, tab: Any) -> Any:
    lo, hi = _span(state)
    key = _hash(state, coef, lo, hi)
    return _low(tab, key), _high(tab, key)


class WorstKernel:
    """The compiled worst-case search over one search's groups (see the module's text).

    ``tests``: the yes-half of each test, letter by letter, and ``letters`` the letter of
    each; ``holding``: for each group, the tests whose yes-half holds it (bits over the
    tests); ``code_bits``: each code's groups (a run of bits); ``planes``: the groups'
    weights as bit planes; ``supports``: per letter, each mask it may hold as (its bit in
    the orbit key, the groups holding it there); ``classes``: the letters interchangeable
    at the start; ``size``: the groups; ``unit``: the work an operation on a state counts.
    """

    def __init__(
        self,
        tests: Sequence[int],
        letters: Sequence[int],
        holding: Sequence[int],
        code_bits: Sequence[int],
        planes: Sequence[tuple[int, int]],
        supports: Sequence[Sequence[tuple[int, int]]] | None,
        classes: Sequence[Sequence[int]],
        verifiers: int,
        size: int,
        unit: int,
        images: Sequence[Sequence[int]] = (),
    ) -> None:
        if verifiers > KEY_LETTERS:
            raise ValueError(f"at most {KEY_LETTERS} letters")
        self.words: Final = size // 64 + 1
        self._bytes = 8 * self.words
        t = self._rows(tests)
        cmask = self._rows(code_bits)
        wlo, whi, code_no = _code_runs(code_bits, self.words)
        coef = hash_coefficients(self.words)
        # The orbit key: the letters in no class first, then each class's letters (a run
        # of places, sorted within).
        in_class = {v for cls in classes for v in cls}
        order = [v for v in range(verifiers) if v not in in_class]
        cls_end = [i + 1 for i in range(len(order))]
        for cls in classes:
            start = len(order)
            order.extend(cls)
            cls_end.extend([start + len(cls)] * len(cls))
        key_at = np.zeros(verifiers, dtype=np.int64)
        for place, v in enumerate(order):
            key_at[v] = place
        rows: list[int] = []
        sup_letter: list[int] = []
        sup_bit: list[int] = []
        orbits = bool(classes) and supports is not None
        if orbits and max(bit for per_mask in supports or () for bit, _ in per_mask) >= 1 << 64:
            orbits = False  # more masks than a word numbers: no orbits kept
        for v, per_mask in enumerate(supports or () if orbits else ()):
            for bit, groups in per_mask:
                rows.append(groups)
                sup_letter.append(v)
                sup_bit.append(bit)
        self.data: Final = (
            t,
            np.array(letters, dtype=np.int64),
            cmask,
            wlo,
            whi,
            code_no,
            self._holding(holding, len(tests)),
            coef,
            self._rows(rows),
            np.array(sup_letter, dtype=np.int64),
            np.array(sup_bit, dtype=np.uint64),
            key_at,
            np.array(cls_end, dtype=np.int64),
            self._rows([p for _, p in planes]),
            np.array([k for k, _ in planes], dtype=np.int64),
            orbits,
            image_terms(coef, images, size),
            self._image_numbers(supports if orbits else None, images),
        )
        self.verifiers: Final = verifiers
        self.table: Final = _new_table(1 << 16)
        self.orbit_lower: Final = Dict.empty(key_type=_ORBIT, value_type=types.int64)
        self.orbit_upper: Final = Dict.empty(key_type=_ORBIT, value_type=types.int64)
        self.ctx: Final = np.zeros(9, dtype=np.int64)
        self.ctx[_UNIT] = unit
        self._greedy_memo: Final = (
            Dict.empty(key_type=_KEY, value_type=types.int64),
            Dict.empty(key_type=_KEY, value_type=types.int64),
        )
        # Loaded (or compiled, the first time on a machine) now, not in mid-search: a
        # question about no groups at all.
        self.feasible(0, 1, (), 1, 1, 1.0)
        self.greedy(0, True, (), 1, 1, 1.0)

    def _rows(self, sets: Sequence[int]) -> np.ndarray[Any, np.dtype[np.uint64]]:
        if not sets:
            return np.zeros((0, self.words), dtype=np.uint64)
        raw = b"".join(x.to_bytes(self._bytes, "little") for x in sets)
        return np.frombuffer(raw, dtype=np.uint64).reshape(len(sets), self.words).copy()

    @staticmethod
    def _image_numbers(
        supports: Sequence[Sequence[tuple[int, int]]] | None, images: Sequence[Sequence[int]]
    ) -> np.ndarray[Any, np.dtype[np.int64]]:
        """For each permutation of the groups in ``images``: the number (the bit in an
        orbit's key) of each mask's image, found from the groups holding it (masks are
        numbered alike for every letter, and an image keeps the letters)."""
        out = np.zeros((len(images), 64), dtype=np.int64)
        for per_mask in supports or ():
            number_of = {
                g: bit.bit_length() - 1 for bit, groups in per_mask for g in indices(groups)
            }
            for p, perm in enumerate(images):
                for bit, groups in per_mask:
                    out[p, bit.bit_length() - 1] = number_of[perm[lowest_index(groups)]]
        return out

    def _holding(self, holding: Sequence[int], tests: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
        """``holding`` (bits over the tests, per group) as rows of words."""
        width = max(1, (tests + 63) // 64)
        raw = b"".join(x.to_bytes(8 * width, "little") for x in holding)
        return np.frombuffer(raw, dtype=np.uint64).reshape(len(holding), width).copy()

    def _state(self, state: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
        return np.frombuffer(state.to_bytes(self._bytes, "little"), dtype=np.uint64).copy()

    def _part(self, classes: Sequence[Sequence[int]]) -> np.ndarray[Any, np.dtype[np.int64]]:
        part = np.full(self.verifiers, -1, dtype=np.int64)
        for i, cls in enumerate(classes):
            for v in cls:
                part[v] = i
        return part

    def feasible(
        self,
        state: int,
        budget: int,
        classes: Sequence[Sequence[int]],
        work: int,
        stored: int,
        seconds: float,
    ) -> tuple[bool | None, int, int]:
        """Whether the code of ``state`` (whose interchangeable letters are ``classes``)
        can be known within ``budget`` tests, searched for at most ``work`` units,
        ``stored`` states and about ``seconds`` of processor time: (the answer, or None
        when a limit came first; the work done; the states stored)."""
        ctx = self.ctx
        _arm(ctx, work, stored, seconds)
        got = int(
            _feasible(
                self._state(state),
                budget,
                self._part(classes),
                self.data,
                self.table,
                self.orbit_lower,
                self.orbit_upper,
                ctx,
            )
        )
        done = int(ctx[_WORK]), int(ctx[_STORED])
        if got < 0:
            return None, *done
        return got == 1, *done

    def greedy(
        self,
        state: int,
        by_weight: bool,
        classes: Sequence[Sequence[int]],
        work: int,
        stored: int,
        seconds: float,
    ) -> tuple[int | None, int, int]:
        """The tests a greedy strategy needs from ``state`` (by codes, or ``by_weight``),
        within the limits of :meth:`feasible`: (the depth, or None when a limit came
        first; the work done; the states stored). Each state it passes keeps the depth
        as an upper bound."""
        ctx = self.ctx
        _arm(ctx, work, stored, seconds)
        got = int(
            _greedy(
                self._state(state),
                self._part(classes),
                by_weight,
                self.data,
                self.table,
                self._greedy_memo[by_weight],
                ctx,
            )
        )
        done = int(ctx[_WORK]), int(ctx[_STORED])
        return (None if got < 0 else got), *done

    def bounds(self, state: int) -> tuple[int, int | None]:
        """What is proven about the fewest tests of ``state``: (lower, upper or None)."""
        low, high = _bounds_of(self._state(state), self.data[7], self.table)
        return int(low), None if high >= _INF else int(high)


__all__ = ["KEY_LETTERS", "WorstKernel"]
