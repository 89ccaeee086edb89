"""The expected search (:meth:`turing.analysis.search.Search.expected_sum`), compiled.

The same branch and bound as the search's own, split for split in the same order, on
searches without interchangeable letters of any number of groups: most extreme puzzles,
where the expected search is what takes the time. numba compiles it the first time it runs
on a machine (about 15 s, kept on disk beside this file, so later processes load it in
about a second); a search makes its kernel only once its own expected search has passed a
share of work (:data:`turing.analysis.search.COMPILED_AFTER`), so small puzzles never wait
for it. The search's own stays the reference: the tests check that the two agree.

A state is an array of machine words; only the words between its first and last non-zero
word are touched. What the search proves is kept by the state's 128-bit key (four strongly
universal multiply-shift hashes of its 32-bit pieces, Lemire and Kaser, "Strongly
universal string hashing is fast", 2014: two different states share a key with
probability 2**-128) in one table with open addressing, which doubles in place when half
full: a row of five words per state, about 130 bytes a stored state all told. One kernel
serves a whole game as the search does. A state's splits are looked for only among its
parent's (a test that splits no part of the parent splits none of the state), and two
tests are told apart by a 64-bit fingerprint of the half they leave, their words compared
when fingerprints meet.

The worst-case kernel (:mod:`turing.analysis.worstkernel`) shares its keys, limits and
word helpers. It comes with the ``fast`` extra (numba); without it the search's own runs.
The kernel never raises: past its work or stored states, or its processor time (read
from the C library's ``clock()``), it sets a flag and returns, keeping only what it
proved; the search then checks its own limits and gives up as its own search would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.typed import List

_F = TypeVar("_F", bound=Callable[..., Any])


def _compiled(fn: _F) -> _F:
    """``fn`` compiled by numba (kept on disk: later processes load it)."""
    out: _F = njit(cache=True)(fn)
    return out


def _intrinsic(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (the code it emits) as a function compiled code calls."""
    out: Callable[..., Any] = intrinsic(fn)
    return out


_INF: Final = 1 << 60
# ctx slots
_WORK, _WORK_LIMIT, _STORED, _STORED_LIMIT, _ABORTED, _UNIT, _DEADLINE, _CHECK_AT = range(8)
#: ctx slot of the expected search: the slots its table of states has taken
_TAKEN: Final = 8
#: The most work or stored states a run is given (an int64 holds it with room to count).
_NO_LIMIT: Final = 1 << 62
#: Work between two looks at the processor clock (a few milliseconds).
_CHECK_WORK: Final = 2_000_000


#: ``clock()`` ticks a second (POSIX fixes it at a million)
_TICKS: Final = 1_000_000

_S1 = np.uint64(1)
_ZERO = np.uint64(0)
_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@_intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """The set bits of a word: one machine instruction."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


@_intrinsic
def _ctlz(typingctx: Any, x: Any) -> Any:
    """The leading zero bits of a non-zero word: one machine instruction."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@_compiled
def _pop(x: Any) -> Any:
    return np.int64(_ctpop(x))


@_compiled
def _weigh(a: Any, planes: Any, shifts: Any, lo: int, hi: int) -> Any:
    """The assignments of state ``a`` in its words ``lo`` to ``hi`` (inclusive)."""
    total = 0
    for p in range(planes.shape[0]):
        s = 0
        for i in range(lo, hi + 1):
            s += _pop(a[i] & planes[p, i])
        total += s << shifts[p]
    return total


@_compiled
def _huffman(weights: Any, n: int, leaves: Any, merged: Any) -> Any:
    """The Huffman cost of the first ``n`` entries of ``weights`` (all positive);
    ``leaves`` and ``merged`` are scratch arrays at least ``n`` long."""
    if n < 3:
        return weights[0] + weights[1] if n == 2 else 0
    if n > 32:
        leaves[:n] = np.sort(weights[:n])
    else:  # insertion: most states hold a few codes
        for k in range(n):
            x = weights[k]
            j = k
            while j > 0 and leaves[j - 1] > x:
                leaves[j] = leaves[j - 1]
                j -= 1
            leaves[j] = x
    i = j = 0  # next leaf, next merged
    cost = 0
    for k in range(n - 1):  # merged[k]: the k-th merge
        pair = 0
        for _ in range(2):
            if i < n and (j >= k or leaves[i] <= merged[j]):
                pair += leaves[i]
                i += 1
            else:
                pair += merged[j]
                j += 1
        merged[k] = pair
        cost += pair
    return cost


@_compiled
def _span(state: Any) -> Any:
    """The first and last non-zero words of ``state`` (1, 0 when it is empty)."""
    n = state.shape[0]
    lo = 0
    while lo < n and state[lo] == _ZERO:
        lo += 1
    if lo == n:
        return 1, 0
    hi = n - 1
    while state[hi] == _ZERO:
        hi -= 1
    return lo, hi


@_compiled
def _sums_at(s: Any, off: int, coef: Any, lo: int, hi: int) -> Any:
    """The four sums behind :func:`_hash` of a state whose word ``i`` is ``s[i - off]``,
    non-zero only in words ``lo`` to ``hi``. They are linear in the state's 32-bit pieces,
    and the two halves of a split are disjoint, so a half's sums are the state's less the
    other half's."""
    a0 = a1 = a2 = a3 = _ZERO
    for i in range(lo, hi + 1):
        w = s[i - off]
        if w == _ZERO:
            continue
        x = w & _LOW32
        y = w >> _S32
        j = 2 * i + 1
        a0 += coef[0, j] * x + coef[0, j + 1] * y
        a1 += coef[1, j] * x + coef[1, j + 1] * y
        a2 += coef[2, j] * x + coef[2, j + 1] * y
        a3 += coef[3, j] * x + coef[3, j + 1] * y
    return a0, a1, a2, a3


@_compiled
def _sums(s: Any, coef: Any, lo: int, hi: int) -> Any:
    """:func:`_sums_at` of state ``s`` itself."""
    return _sums_at(s, 0, coef, lo, hi)


@_compiled
def _key(sums: Any, coef: Any) -> Any:
    """The 128-bit key of a state from its :func:`_sums`: four 32-bit hashes."""
    a0 = (coef[0, 0] + sums[0]) >> _S32
    a1 = (coef[1, 0] + sums[1]) >> _S32
    a2 = (coef[2, 0] + sums[2]) >> _S32
    a3 = (coef[3, 0] + sums[3]) >> _S32
    return (a0 << _S32) | a1, (a2 << _S32) | a3


@_compiled
def _less(a: Any, b: Any) -> Any:
    return a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]


@_compiled
def _hash(s: Any, coef: Any, lo: int, hi: int) -> Any:
    """The 128-bit key of state ``s`` (non-zero only in words ``lo`` to ``hi``)."""
    return _key(_sums(s, coef, lo, hi), coef)


def hash_coefficients(words: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """The coefficients of :func:`_hash` over states of ``words`` words, drawn once (odd
    multipliers, as the multiply-shift family needs)."""
    rng = np.random.default_rng(0x7E57)
    coef = rng.integers(0, 1 << 63, size=(4, 2 * words + 1), dtype=np.uint64)
    out: np.ndarray[Any, np.dtype[np.uint64]] = coef * np.uint64(2) + rng.integers(
        0, 2, size=coef.shape, dtype=np.uint64
    )
    return out


@_compiled
def _top(state: Any, hi: int) -> Any:
    """The highest group of ``state``, whose last non-zero word is ``hi``."""
    return 64 * hi + 63 - np.int64(_ctlz(state[hi]))


@_compiled
def _known(state: Any, cmask: Any, code_no: Any, lo: int, hi: int) -> Any:
    """Whether every group of ``state`` has one code (an empty state too)."""
    if lo > hi:
        return True
    c = code_no[_top(state, hi)]
    for i in range(lo, hi + 1):  # noqa: SIM110 (numba compiles no generators here)
        if state[i] & ~cmask[c, i] != _ZERO:
            return False
    return True


@_compiled
def _present(state: Any, data: Any, lo: int, hi: int) -> Any:
    """The codes of ``state`` (within its words ``lo`` to ``hi``) and their weights."""
    cmask, wlo, whi, code_no, planes, shifts = (
        data[1],
        data[2],
        data[3],
        data[4],
        data[5],
        data[6],
    )
    first = code_no[64 * lo]
    last = code_no[_top(state, hi)]
    n = last - first + 1
    codes = np.empty(n, dtype=np.int64)
    weights = np.empty(n, dtype=np.int64)
    k = 0
    for c in range(first, last + 1):
        a, b = max(wlo[c], lo), min(whi[c], hi)
        total = 0
        for p in range(planes.shape[0]):
            s = 0
            for i in range(a, b + 1):
                s += _pop(state[i] & cmask[c, i] & planes[p, i])
            total += s << shifts[p]
        if total:
            codes[k] = c
            weights[k] = total
            k += 1
    return codes[:k], weights[:k]


#: What a table keeps per state: its exact number, a lower bound, and the number of a
#: strategy found (-1 where none), in the columns after its key's two.
_EXACT, _LOWER, _UPPER = range(3)
_NONE = np.uint64(0xFFFFFFFFFFFFFFFF)  # -1 as kept


@_compiled
def _rows_of(slots: int) -> Any:
    """The rows of an empty table of ``slots`` slots (a power of two)."""
    rows = np.zeros((slots, 5), dtype=np.uint64)
    rows[:, 2:] = _NONE
    return rows


@_compiled
def _new_table(slots: int) -> Any:
    """An empty table of states by key: open addressing, ``slots`` a power of two. It is
    held in a list so that it can grow (a larger array in its place) in mid-search."""
    tab = List()
    tab.append(_rows_of(slots))
    return tab


@_compiled
def _kept(key: Any) -> Any:
    """``key`` as a table keeps it: never (0, 0), the mark of a free slot; that one is
    kept as (0, 1)."""
    a, b = key
    return a, (_S1 if a == _ZERO and b == _ZERO else b)


@_compiled
def _slot(rows: Any, key: Any) -> Any:
    """The slot of ``key`` in ``rows``: where it is, else the free slot it would take."""
    mask = rows.shape[0] - 1
    a, b = _kept(key)
    at = np.int64(a & np.uint64(mask))
    while True:
        x, y = rows[at, 0], rows[at, 1]
        if (x == a and y == b) or (x == _ZERO and y == _ZERO):
            return at
        at = (at + 1) & mask


@_compiled
def _number(rows: Any, at: int, which: int) -> Any:
    """The number ``which`` kept in slot ``at`` of table rows ``rows`` (-1 where none)."""
    return np.int64(rows[at, 2 + which])


@_compiled
def _get(tab: Any, key: Any, which: int) -> Any:
    """The number ``which`` kept for ``key`` (-1 where none)."""
    rows = tab[0]
    return _number(rows, _slot(rows, key), which)


@_compiled
def _put(tab: Any, key: Any, which: int, value: Any, ctx: Any) -> None:
    """Keep ``value`` as the number ``which`` of ``key``; past half the slots taken, the
    table doubles first."""
    rows = tab[0]
    at = _slot(rows, key)
    if rows[at, 0] == _ZERO and rows[at, 1] == _ZERO:
        if 2 * (ctx[_TAKEN] + 1) > rows.shape[0]:
            rows = _rows_of(2 * rows.shape[0])
            _rehash(tab[0], rows)
            tab[0] = rows
            at = _slot(rows, key)
        rows[at, 0], rows[at, 1] = _kept(key)
        ctx[_TAKEN] += 1
    rows[at, 2 + which] = np.uint64(value)


@_compiled
def _rehash(old: Any, new: Any) -> None:
    """Every row of table rows ``old`` into the empty, larger ``new``."""
    for i in range(old.shape[0]):
        a, b = old[i, 0], old[i, 1]
        if a == _ZERO and b == _ZERO:
            continue
        at = _slot(new, (a, b))
        for j in range(5):
            new[at, j] = old[i, j]


@_compiled
def _keep_images(
    tab: Any, key: Any, state: Any, which: int, value: Any, coef: Any, images: Any, ctx: Any
) -> None:
    """Keep ``value`` as the number ``which`` (:data:`_EXACT`, with it :data:`_LOWER`;
    :data:`_LOWER`; or :data:`_UPPER`) of each image of the state ``state`` (keyed
    ``key``) under the code space's symmetries, where the image has no better one (a new
    entry counts as a stored state). ``images[p, k, g]``: what group *g* adds to sum *k*
    of :func:`_hash` of the image by permutation *p* (the term of *g*'s image: the sums
    are linear in the groups)."""
    if images.shape[0] == 0:
        return
    lo, hi = _span(state)
    for p in range(images.shape[0]):
        a0 = a1 = a2 = a3 = _ZERO
        for i in range(lo, hi + 1):
            x = state[i]
            while x != _ZERO:
                g = 64 * i + np.int64(_ctpop((x & (~x + _S1)) - _S1))
                x &= x - _S1
                a0 += images[p, 0, g]
                a1 += images[p, 1, g]
                a2 += images[p, 2, g]
                a3 += images[p, 3, g]
        image = _key((a0, a1, a2, a3), coef)
        if image == key:
            continue
        got = _get(tab, image, which)
        if which == _EXACT:
            better = got < 0
        elif which == _LOWER:
            better = got < value
        else:
            better = got < 0 or got > value
        if better:
            # A new entry counts as a stored state: the limit on those bounds the memory.
            taken = ctx[_TAKEN]
            _put(tab, image, which, value, ctx)
            if which == _EXACT:
                _put(tab, image, _LOWER, value, ctx)
            ctx[_STORED] += ctx[_TAKEN] - taken


def image_terms(
    coef: np.ndarray[Any, Any], images: Sequence[Sequence[int]], size: int
) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """The ``images`` argument of :func:`_keep_images` for the permutations of the groups
    ``images``, over states of ``size`` groups hashed with ``coef``: group *g* adds its
    32-bit piece's coefficient shifted by its place in the piece."""
    g = np.arange(size, dtype=np.int64)
    piece = 2 * (g // 64) + 1 + (g % 64 >= 32)
    shift = (g % 32).astype(np.uint64)
    terms = coef[:, piece] << shift[np.newaxis, :]
    out = np.zeros((len(images), 4, size), dtype=np.uint64)
    for p, perm in enumerate(images):
        out[p] = terms[:, np.asarray(perm, dtype=np.int64)]
    return out


@_compiled
def _lower(state: Any, data: Any, tab: Any, ctx: Any) -> Any:
    """The lower bound kept for ``state``, else its Huffman cost (then kept)."""
    lo, hi = _span(state)
    key = _hash(state, data[8], lo, hi)
    got = _get(tab, key, _LOWER)
    if got >= 0:
        return got
    if lo > hi:
        return np.int64(0)
    _, weights = _present(state, data, lo, hi)
    n = weights.shape[0]
    got = _huffman(weights, n, np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64))
    _put(tab, key, _LOWER, got, ctx)
    return got


@_compiled
def _half_bound(
    key: Any, yes_w: Any, totals: Any, no: bool, tab: Any, buf: Any, leaves: Any, merged: Any
) -> Any:
    """The lower bound proven on the half keyed ``key``, else the Huffman cost of its
    codes' weights: ``yes_w`` (a split's yes-half's), or when ``no`` the rest of
    ``totals`` (``buf``, ``leaves`` and ``merged`` as long, for the work)."""
    got = _get(tab, key, _LOWER)
    if got >= 0:
        return got
    m = 0
    for k in range(yes_w.shape[0]):
        x = totals[k] - yes_w[k] if no else yes_w[k]
        if x:
            buf[m] = x
            m += 1
    return _huffman(buf, m, leaves, merged)


@_compiled
def _spend(ctx: Any, ops: int) -> Any:
    """Count ``ops`` operations; whether a limit (work or time) has passed."""
    ctx[_WORK] += ops * ctx[_UNIT]
    if ctx[_WORK] > ctx[_WORK_LIMIT]:
        ctx[_ABORTED] = 1
        return True
    if ctx[_WORK] >= ctx[_CHECK_AT]:
        ctx[_CHECK_AT] = ctx[_WORK] + _CHECK_WORK
        if _now() > ctx[_DEADLINE]:
            ctx[_ABORTED] = 1
            return True
    return False


@_compiled
def _store(ctx: Any) -> Any:
    """Count one stored state; whether the limit on them has passed."""
    ctx[_STORED] += 1
    if ctx[_STORED] > ctx[_STORED_LIMIT]:
        ctx[_ABORTED] = 1
        return True
    return False


@_compiled
def _stopped(state: Any, key: Any, best: Any, found: Any, data: Any, tab: Any, ctx: Any) -> Any:
    """Past a limit: keep the total of the best strategy found for the state ``state``
    keyed ``key`` (the halves of its split were both searched to the end), then -1."""
    if found:
        known = _get(tab, key, _UPPER)
        if known < 0 or best < known:
            _put(tab, key, _UPPER, best, ctx)
            _keep_images(tab, key, state, _UPPER, best, data[8], data[11], ctx)
    return np.int64(-1)


@_compiled
def _part(state: Any, half: Any, lo: int, hi: int, yes: Any) -> Any:
    """A state of ``state``'s words: ``half`` (its words ``lo`` to ``hi``) when ``yes``,
    else the rest of ``state``."""
    out = np.zeros(state.shape[0], dtype=np.uint64)
    for i in range(lo, hi + 1):
        x = half[i - lo]
        out[i] = x if yes else state[i] ^ x
    return out


@_compiled
def _expected(state: Any, bound: Any, among: Any, data: Any, tab: Any, ctx: Any) -> Any:
    """:meth:`Search.expected_sum` of ``state`` below ``bound``; -1 once a limit passed,
    keeping the best total found so far of each state it was searching.

    ``among``: the tests that may split ``state``, in order, one per distinct split of a
    state holding it (its parent's splits: a test that splits no part of the parent
    splits none of ``state``, and two tests with one split there have one here too), so
    the first test of each split here is among them."""
    tests, cmask, wlo, whi, code_no, planes, shifts, table, coef, mult, unit, _ = data
    lo, hi = _span(state)
    whole = _sums(state, coef, lo, hi)
    key = _key(whole, coef)
    rows = tab[0]
    at = _slot(rows, key)
    got = _number(rows, at, _EXACT)
    if got >= 0:
        return got
    lb = _number(rows, at, _LOWER)
    if _known(state, cmask, code_no, lo, hi):
        _put(tab, key, _EXACT, 0, ctx)
        _put(tab, key, _LOWER, 0, ctx)
        return np.int64(0)
    codes, totals = _present(state, data, lo, hi)
    nc = codes.shape[0]
    buf = np.empty(nc, dtype=np.int64)
    leaves = np.empty(nc, dtype=np.int64)
    merged = np.empty(nc, dtype=np.int64)
    if lb < 0:
        lb = _huffman(totals, nc, leaves, merged)
    if lb >= bound:
        return lb
    w = _weigh(state, planes, shifts, lo, hi)
    # The distinct splits, a split and its complement once (told apart by the half that
    # holds the state's highest group), each kept as its yes-half's words.
    top = _top(state, hi)
    tw, tb = top // 64, np.uint64(top % 64)
    nt = among.shape[0]
    span = hi - lo + 1
    halves = np.empty((nt, span), dtype=np.uint64)
    # Told apart by a 64-bit fingerprint of the half holding the highest group (linear in
    # its words, like the key), their words compared when two fingerprints meet; open
    # addressing.
    prints = np.empty(nt, dtype=np.uint64)
    bits = 4
    while (1 << bits) < 2 * nt:
        bits += 1
    slots = np.full(1 << bits, -1, dtype=np.int64)
    drop = np.uint64(64 - bits)
    f_state = _ZERO
    for i in range(lo, hi + 1):
        f_state += state[i] * mult[i]
    ns = 0
    firsts = np.empty(nt, dtype=np.int64)
    for j in range(nt):
        t = among[j]
        some = _ZERO  # (no branches in the loop: their outcomes follow no pattern)
        rest = _ZERO
        f = _ZERO
        for i in range(lo, hi + 1):
            x = tests[t, i] & state[i]
            halves[ns, i - lo] = x
            f += x * mult[i]
            some |= x
            rest |= x ^ state[i]
        if some == _ZERO or rest == _ZERO:
            continue
        mine = (halves[ns, tw - lo] >> tb) & _S1 != _ZERO
        side = f if mine else f_state - f
        probe = np.int64(side >> drop)
        twin = False
        while True:
            r = slots[probe]
            if r < 0:
                break
            if prints[r] == side:
                theirs = (halves[r, tw - lo] >> tb) & _S1 != _ZERO
                twin = True
                for i in range(span):
                    a = halves[ns, i] if mine else state[lo + i] ^ halves[ns, i]
                    b = halves[r, i] if theirs else state[lo + i] ^ halves[r, i]
                    if a != b:
                        twin = False
                        break
                if twin:
                    break
            probe = (probe + 1) & ((1 << bits) - 1)
        if twin:
            continue
        slots[probe] = ns
        prints[ns] = side
        firsts[ns] = t
        ns += 1
    if _spend(ctx, nt + ns * (nc + 2)):
        return np.int64(-1)
    # Each split's codes' weights in its yes-half, and its place by the entropy bound of
    # both halves (rounded as :meth:`Search._entropy` rounds it).
    first = np.empty(nc, dtype=np.int64)
    last = np.empty(nc, dtype=np.int64)
    for k in range(nc):
        c = codes[k]
        first[k] = max(wlo[c], lo) - lo
        last[k] = min(whi[c], hi) - lo
    yes_w = np.empty((ns, nc), dtype=np.int64)
    place = np.empty(ns, dtype=np.int64)
    for r in range(ns):
        half = halves[r]
        ty = tn = 0
        ay = an = 0.0
        for k in range(nc):
            c = codes[k]
            yw = 0
            if unit:
                for i in range(first[k], last[k] + 1):
                    yw += _pop(half[i] & cmask[c, lo + i])
            else:
                for p in range(planes.shape[0]):
                    bits_sum = 0
                    for i in range(first[k], last[k] + 1):
                        bits_sum += _pop(half[i] & cmask[c, lo + i] & planes[p, lo + i])
                    yw += bits_sum << shifts[p]
            yes_w[r, k] = yw
            nw = totals[k] - yw
            ty += yw
            ay += table[yw]
            tn += nw
            an += table[nw]
        place[r] = np.int64(np.ceil(table[ty] - ay - 1e-6)) + np.int64(
            np.ceil(table[tn] - an - 1e-6)
        )
    order = np.argsort(place, kind="mergesort")
    # Lazily, as the search does: a split's own bounds (Huffman costs unless known) are
    # found once the splits placed before it are taken; it comes out of the heap once its
    # bounds are at most every later split's place.
    sum_lbs = np.empty(ns, dtype=np.int64)
    low = np.empty(ns, dtype=np.int64)
    hard_is_yes = np.empty(ns, dtype=np.bool_)
    heap = [np.int64(0)]
    heap.pop()
    best = bound
    found = False
    floor = _INF
    nxt = 0
    while True:
        if heap and (nxt >= ns or heap[0] >> 20 <= place[order[nxt]]):
            s = heap[0] & ((1 << 20) - 1)
            _heappop(heap)
        elif nxt < ns:
            s = order[nxt]
            nxt += 1
            y_sums = _sums_at(halves[s], lo, coef, lo, hi)
            ky = _key(y_sums, coef)
            kn = _key(_less(whole, y_sums), coef)
            ly = _half_bound(ky, yes_w[s], totals, False, tab, buf, leaves, merged)
            ln = _half_bound(kn, yes_w[s], totals, True, tab, buf, leaves, merged)
            sum_lbs[s] = ly + ln
            hard_is_yes[s] = ly >= ln
            low[s] = ln if ly >= ln else ly
            _heappush(heap, ((ly + ln) << 20) | s)
            continue
        else:
            break
        lbs = sum_lbs[s]
        if w + lbs >= best:
            floor = min(floor, w + lbs)
            break
        ln = low[s]
        hard = _part(state, halves[s], lo, hi, hard_is_yes[s])
        ey = _expected(hard, best - w - ln, firsts[:ns], data, tab, ctx)
        if ey < 0:
            return _stopped(state, key, best, found, data, tab, ctx)
        if w + ey + ln >= best:
            floor = min(floor, w + ey + ln)
            continue
        easy = _part(state, halves[s], lo, hi, not hard_is_yes[s])
        en = _expected(easy, best - w - ey, firsts[:ns], data, tab, ctx)
        if en < 0:
            return _stopped(state, key, best, found, data, tab, ctx)
        if w + ey + en < best:
            best = w + ey + en
            found = True
        else:
            floor = min(floor, w + ey + en)
    if _store(ctx):
        return _stopped(state, key, best, found, data, tab, ctx)
    if found:
        _put(tab, key, _EXACT, best, ctx)
        _put(tab, key, _LOWER, best, ctx)
        _keep_images(tab, key, state, _EXACT, best, coef, data[11], ctx)
        return best
    lb = max(lb, bound if floor == _INF else floor)
    _put(tab, key, _LOWER, lb, ctx)
    _keep_images(tab, key, state, _LOWER, lb, coef, data[11], ctx)
    return lb


@_intrinsic
def _clock(typingctx: Any) -> Any:
    """The C library's ``clock()``: the processor time of the process, in ticks."""
    sig = types.int64()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock")
        return builder.call(fn, [])

    return sig, codegen


@_compiled
def _now() -> Any:
    return _clock()


@_compiled
def _heappush(heap: Any, item: Any) -> None:
    heap.append(item)
    i = len(heap) - 1
    while i > 0:
        parent = (i - 1) >> 1
        if heap[parent] <= item:
            break
        heap[i] = heap[parent]
        i = parent
    heap[i] = item


@_compiled
def _heappop(heap: Any) -> None:
    last = heap.pop()
    n = len(heap)
    if n == 0:
        return
    i = 0
    while True:
        child = 2 * i + 1
        if child >= n:
            break
        if child + 1 < n and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = last


@_compiled
def _look(state: Any, coef: Any, tab: Any) -> Any:
    """(exact or -1, lower bound or -1, a strategy's total or -1) kept for a state."""
    lo, hi = _span(state)
    rows = tab[0]
    at = _slot(rows, _hash(state, coef, lo, hi))
    return _number(rows, at, _EXACT), _number(rows, at, _LOWER), _number(rows, at, _UPPER)


def _arm(ctx: np.ndarray[Any, np.dtype[np.int64]], work: int, stored: int, seconds: float) -> None:
    """Set a kernel's limits for one run: ``work`` units, ``stored`` states, about
    ``seconds`` of processor time from now."""
    ctx[_WORK] = 0
    ctx[_WORK_LIMIT] = min(work, _NO_LIMIT)
    ctx[_STORED] = 0
    ctx[_STORED_LIMIT] = min(stored, _NO_LIMIT)
    ctx[_ABORTED] = 0
    ctx[_CHECK_AT] = _CHECK_WORK
    ctx[_DEADLINE] = _now() + int(min(seconds, 1e9) * _TICKS)


def _code_runs(
    code_bits: Sequence[int], words: int
) -> tuple[
    np.ndarray[Any, np.dtype[np.int64]],
    np.ndarray[Any, np.dtype[np.int64]],
    np.ndarray[Any, np.dtype[np.int64]],
]:
    """Each code's first and last word (its groups are a run of bits), and each group's
    code, over states of ``words`` words."""
    wlo = np.array([((b & -b).bit_length() - 1) // 64 for b in code_bits], dtype=np.int64)
    whi = np.array([(b.bit_length() - 1) // 64 for b in code_bits], dtype=np.int64)
    code_no = np.zeros(64 * words, dtype=np.int64)
    for c, b in enumerate(code_bits):
        code_no[(b & -b).bit_length() - 1 : b.bit_length()] = c
    return wlo, whi, code_no


def _rows(sets: Sequence[int], words: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """Bitsets as rows of ``words`` machine words."""
    if not sets:
        return np.zeros((0, words), dtype=np.uint64)
    raw = b"".join(x.to_bytes(8 * words, "little") for x in sets)
    return np.frombuffer(raw, dtype=np.uint64).reshape(len(sets), words).copy()


class ExpectedKernel:
    """The compiled expected search over one search's groups (see the module's text).

    ``yes``: the distinct splits of the whole set (each a bitset over the groups),
    ``code_bits``: each code's groups (a run of bits), ``planes``: the groups' weights as
    bit planes, ``(k, the groups whose weight has bit k)``, ``table``: ``w log2 w`` for
    every weight a half can have, ``unit``: the work an operation on a state counts (as
    :meth:`turing.analysis.search.Search._worked` counts it), ``slots``: the slots its table
    of states starts with (a power of two; it doubles as it fills), ``images``: permutations
    of the groups that map every state onto one with the same figures (each bound kept for a
    state is kept for its images too).
    """

    def __init__(
        self,
        yes: Sequence[int],
        code_bits: Sequence[int],
        planes: Sequence[tuple[int, int]],
        table: np.ndarray[Any, np.dtype[np.float64]],
        unit: int,
        slots: int = 1 << 16,
        images: Sequence[Sequence[int]] = (),
    ) -> None:
        self.words: Final = max(1, (code_bits[-1].bit_length() + 63) // 64)
        words = self.words
        wlo, whi, code_no = _code_runs(code_bits, words)
        coef = hash_coefficients(words)
        self.data: Final = (
            _rows(yes, words),
            _rows(code_bits, words),
            wlo,
            whi,
            code_no,
            _rows([plane for _, plane in planes], words),
            np.array([k for k, _ in planes], dtype=np.int64),
            table,
            coef,
            coef[0, 1 : words + 1].copy(),  # the fingerprints' multipliers (odd)
            len(planes) == 1 and planes[0][0] == 0,  # every group weighs 1
            image_terms(coef, images, code_bits[-1].bit_length()),
        )
        self.table: Final = _new_table(slots)
        self.ctx: Final = np.zeros(9, dtype=np.int64)
        self.ctx[_UNIT] = unit
        self._every_test: Final = np.arange(len(yes), dtype=np.int64)
        # Loaded (or compiled, the first time on a machine) now, not in mid-search: a
        # question about no groups at all.
        self.run(0, 1, 1, 1, 1.0)

    def _state(self, state: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
        words: np.ndarray[Any, np.dtype[np.uint64]] = _rows([state], self.words)[0]
        return words

    @property
    def slots(self) -> int:
        """The slots its table of states has now."""
        return int(self.table[0].shape[0])

    @property
    def taken(self) -> int:
        """The states its table holds."""
        return int(self.ctx[_TAKEN])

    def run(
        self, state: int, bound: int, work: int, stored: int, seconds: float
    ) -> tuple[int | None, int, int]:
        """The expected search on ``state`` below ``bound`` for at most ``work`` units,
        ``stored`` states and about ``seconds`` of processor time (looked at where the
        C library's clock can be; else not at all): (its answer, or None when a limit came
        first; the work done; the states stored)."""
        ctx = self.ctx
        _arm(ctx, work, stored, seconds)
        got = int(
            _expected(
                self._state(state),
                min(bound, _INF),
                self._every_test,
                self.data,
                self.table,
                ctx,
            )
        )
        done = int(ctx[_WORK]), int(ctx[_STORED])
        if ctx[_ABORTED]:
            return None, *done
        return got, *done

    def known(self, state: int) -> tuple[int | None, int | None, int | None]:
        """(the exact total, the best lower bound, the least total of a strategy found)
        on ``state``, None where none."""
        found = _look(self._state(state), self.data[8], self.table)
        exact, lower, upper = (None if x < 0 else int(x) for x in found)
        return exact, lower, upper

    def lower_bound(self, state: int) -> int:
        """The best lower bound proven on ``state``, else its Huffman cost (then kept)."""
        return int(_lower(self._state(state), self.data, self.table, self.ctx))


__all__ = ["ExpectedKernel", "hash_coefficients"]
