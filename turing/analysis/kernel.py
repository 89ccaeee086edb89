"""The two searches of :class:`turing.analysis.search.Search` that take the time, compiled.

- :class:`ExpectedKernel`, the expected search (:meth:`~turing.analysis.search.Search.
  expected_sum`): the same branch and bound as the search's own, split for split in the
  same order, on searches without interchangeable letters of any number of groups (most
  extreme puzzles, where the expected search is what takes the time).
- :class:`WorstKernel`, the worst-case search (:meth:`~turing.analysis.search.Search.
  feasible`): whether a state's code can be known within a budget of tests, split for
  split in the same order as the search's own, the same proven bounds kept per state and
  per orbit (the states a permutation of interchangeable letters maps onto each other),
  the same *cores* (a part proven to need the whole budget rules out every split whose
  half holds it). It takes searches with interchangeable letters (nightmare, where the
  worst case is what takes the time).

Both come with the ``fast`` extra (numba); without it the search's own runs, and it stays
the reference: the tests check that they agree. numba compiles a kernel the first time it
runs on a machine (about 15 s, kept on disk beside this file, so later processes load it
in about a second); a search makes its kernel only once its own search has passed a share
of work (:data:`turing.analysis.search.COMPILED_AFTER`), so small puzzles never wait for
it. The two live in one file because numba keys what it keeps on disk by the file a
function is written in, while a compiled function carries the functions it calls: with
the shared helpers in another file, a change to them would leave the kept worst-case
search running the old ones.

A state is an array of machine words; only the words between its first and last non-zero
word are touched. States are kept by a 128-bit key, not by their bits: four strongly
universal multiply-shift hashes of the state's 32-bit pieces (Lemire and Kaser, "Strongly
universal string hashing is fast", 2014), with coefficients drawn once. Two different
states share a key with probability 2**-128; among the at most tens of millions of states
a search keeps, that leaves a chance below 10**-20 that any two do. The table has open
addressing and doubles in place when three quarters full: a row of five words per state,
about 130 bytes a stored state all told. One kernel serves a whole game as the search does. A
state's splits are looked for only among its parent's (a test that splits no part of the
parent splits none of the state), and two tests are told apart by a 64-bit fingerprint of
the half they leave, their words compared when fingerprints meet.

A kernel never raises: past its work or stored states, or its processor time (read from
the C library's ``clock()``), it sets a flag and returns, keeping only what it proved;
the search then checks its own limits and gives up as its own search would. A kernel
runs without Python's lock (other threads go on meanwhile; one thread at a time is let
into a kernel), and :func:`stop_searches`, from any thread, makes every running kernel
return as if past its work limit: how Ctrl-C reaches a search (``turing.cli.output``).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.typed import Dict, List

from turing.core.codes import indices, lowest_index

_F = TypeVar("_F", bound=Callable[..., Any])


def _compiled(fn: _F) -> _F:
    """``fn`` compiled by numba (kept on disk: later processes load it). It lets go of
    Python's lock while it runs, so the program's other threads go on meanwhile: a
    progress line, a board's screen, the watcher that stops a search on Ctrl-C
    (:func:`stop_searches`)."""
    out: _F = njit(cache=True, nogil=True)(fn)
    return out


def _inlined(fn: _F) -> _F:
    """``fn`` compiled by numba into each caller (no call, and no count of references
    taken for its array arguments)."""
    out: _F = njit(cache=True, nogil=True, inline="always")(fn)
    return out


def _intrinsic(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (the code it emits) as a function compiled code calls."""
    out: Callable[..., Any] = intrinsic(fn)
    return out


_INF: Final = 1 << 60
#: A greedy strategy's depth is kept in the low bits of its memo's entry, its summed tests
#: above them (:func:`_greedy`).
GREEDY_DEPTH_BITS: Final = 8
#: :data:`turing.analysis.search.PAIRS_CAP` (not imported: search imports this module,
#: and the package has no import cycles).
_PAIRS_CAP: Final = (1 << 48) - 1
# ctx slots
_WORK, _WORK_LIMIT, _STORED, _STORED_LIMIT, _ABORTED, _UNIT, _DEADLINE, _CHECK_AT = range(8)
#: ctx slot of the expected search: the slots its table of states has taken
_TAKEN: Final = 8
#: ctx slot of the worst-case search: 1 where its splits are ranked by the pairs of
#: assignments they leave (:meth:`WorstKernel.feasible`)
_BY_PAIRS: Final = 9
#: ctx slot: 1 when a run stopped because doubling its table would have passed its time
#: (:func:`_put`)
_OUT_OF_TIME: Final = 10
#: The slots of a table doubled per ``clock()`` tick, at least (a doubling costs about
#: 125–220 ns a slot of the table it leaves, most of it the new table's pages: 1.05 s
#: from 8.4 million slots, 7.3 s from 33.6 million, on this machine)
_DOUBLED_PER_TICK: Final = 4
#: Entries of a numba dict moved per ``clock()`` tick when it grows, at least (0.66 s
#: for the 5.6 million of a dict of orbit bounds, on this machine), and the size from
#: which a growth is looked out for (below it, one takes milliseconds)
_GROWN_PER_TICK: Final = 6
_GROWTH_CHECKED_FROM: Final = 1 << 16
#: The most work or stored states a run is given (an int64 holds it with room to count).
_NO_LIMIT: Final = 1 << 62
#: Work between two looks at the processor clock (a few milliseconds).
_CHECK_WORK: Final = 2_000_000


#: ``clock()`` ticks a second (POSIX fixes it at a million)
_TICKS: Final = 1_000_000

#: Every kernel made in this process (while it lives), for :func:`stop_searches`
_KERNELS: Final[weakref.WeakSet[_Kernel]] = weakref.WeakSet()
_KERNELS_LOCK: Final = threading.Lock()


def _register(kernel: _Kernel) -> None:
    with _KERNELS_LOCK:
        _KERNELS.add(kernel)


def stop_searches() -> None:
    """Stop every compiled search running now, at its next count of work (within
    microseconds), as if its work limit had passed: it returns keeping what it proved.

    Safe from any thread, and meant for one: a compiled search runs without Python's lock,
    so Python's own handler of a signal (``KeyboardInterrupt`` on Ctrl-C) waits until the
    search returns, which may be tens of seconds; a thread that learns of the signal
    first calls this, and the handler runs as soon as the search is back. A run started
    afterwards is not affected.
    """
    with _KERNELS_LOCK:
        kernels = list(_KERNELS)
    for kernel in kernels:
        kernel.ctx[_WORK_LIMIT] = -1


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


@_intrinsic
def _prefetch_row(typingctx: Any, rows: Any, at: Any) -> Any:
    """Ask the processor to bring row ``at`` of ``rows`` (a 2-d array) into its cache,
    without waiting for it: the table is far larger than the caches, and a state's
    splits look up many rows at once."""
    sig = types.void(rows, at)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        arrty = signature.args[0]
        ary = context.make_array(arrty)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        ptr = cgutils.get_item_pointer(context, builder, arrty, ary, [args[1], zero])
        byte = builder.bitcast(ptr, ir.IntType(8).as_pointer())
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [byte.type, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        builder.call(fn, [byte, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])
        return context.get_dummy_value()

    return sig, codegen


@_inlined
def _prefetch(tab: Any, key: Any) -> None:
    """Bring the first slot ``key`` is looked for at in ``tab`` into the cache."""
    rows = tab[0]
    _prefetch_row(rows, _home(rows, _kept(key)[0]))


@_inlined
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


@_inlined
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


@_inlined
def _sums_plus(sums: Any, w: Any, i: int, coef: Any) -> Any:
    """The sums of :func:`_sums_at` with word ``i``, ``w``, added."""
    x = w & _LOW32
    y = w >> _S32
    j = 2 * i + 1
    return (
        sums[0] + coef[0, j] * x + coef[0, j + 1] * y,
        sums[1] + coef[1, j] * x + coef[1, j + 1] * y,
        sums[2] + coef[2, j] * x + coef[2, j + 1] * y,
        sums[3] + coef[3, j] * x + coef[3, j + 1] * y,
    )


@_inlined
def _sums_at(s: Any, off: int, coef: Any, lo: int, hi: int) -> Any:
    """The four sums behind :func:`_hash` of a state whose word ``i`` is ``s[i - off]``,
    non-zero only in words ``lo`` to ``hi``. They are linear in the state's 32-bit pieces,
    and the two halves of a split are disjoint, so a half's sums are the state's less the
    other half's."""
    sums = (_ZERO, _ZERO, _ZERO, _ZERO)
    for i in range(lo, hi + 1):
        w = s[i - off]
        if w != _ZERO:
            sums = _sums_plus(sums, w, i, coef)
    return sums


@_compiled
def _sums(s: Any, coef: Any, lo: int, hi: int) -> Any:
    """:func:`_sums_at` of state ``s`` itself."""
    return _sums_at(s, 0, coef, lo, hi)


@_inlined
def _key(sums: Any, coef: Any) -> Any:
    """The 128-bit key of a state from its :func:`_sums`: four 32-bit hashes."""
    a0 = (coef[0, 0] + sums[0]) >> _S32
    a1 = (coef[1, 0] + sums[1]) >> _S32
    a2 = (coef[2, 0] + sums[2]) >> _S32
    a3 = (coef[3, 0] + sums[3]) >> _S32
    return (a0 << _S32) | a1, (a2 << _S32) | a3


@_inlined
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


@_inlined
def _top(state: Any, hi: int) -> Any:
    """The highest group of ``state``, whose last non-zero word is ``hi``."""
    return 64 * hi + 63 - np.int64(_ctlz(state[hi]))


@_inlined
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


@_inlined
def _kept(key: Any) -> Any:
    """``key`` as a table keeps it: never (0, 0), the mark of a free slot; that one is
    kept as (0, 1)."""
    a, b = key
    return a, (_S1 if a == _ZERO and b == _ZERO else b)


@_inlined
def _home(rows: Any, a: Any) -> Any:
    """The slot of ``rows`` where a key whose first kept word is ``a`` (:func:`_kept`)
    is looked for first."""
    return np.int64(a & np.uint64(rows.shape[0] - 1))


@_inlined
def _slot(rows: Any, key: Any) -> Any:
    """The slot of ``key`` in ``rows``: where it is, else the free slot it would take."""
    mask = rows.shape[0] - 1
    a, b = _kept(key)
    at = _home(rows, a)
    while True:
        x, y = rows[at, 0], rows[at, 1]
        if (x == a and y == b) or (x == _ZERO and y == _ZERO):
            return at
        at = (at + 1) & mask


@_inlined
def _number(rows: Any, at: int, which: int) -> Any:
    """The number ``which`` kept in slot ``at`` of table rows ``rows`` (-1 where none)."""
    return np.int64(rows[at, 2 + which])


@_inlined
def _get(tab: Any, key: Any, which: int) -> Any:
    """The number ``which`` kept for ``key`` (-1 where none)."""
    rows = tab[0]
    return _number(rows, _slot(rows, key), which)


@_compiled
def _put(tab: Any, key: Any, which: int, value: Any, ctx: Any) -> None:
    """Keep ``value`` as the number ``which`` of ``key``; past three quarters of the slots
    taken, the table doubles first. A doubling that would end past the run's time is not
    begun: the value is not kept, and the run stops as if its time had passed (a large
    table's doubling takes a second or more, and a run's clock is looked at only between
    steps of its search)."""
    rows = tab[0]
    at = _slot(rows, key)
    if rows[at, 0] == _ZERO and rows[at, 1] == _ZERO:
        if 4 * (ctx[_TAKEN] + 1) > 3 * rows.shape[0]:
            if _now() + rows.shape[0] // _DOUBLED_PER_TICK > ctx[_DEADLINE]:
                ctx[_OUT_OF_TIME] = 1
                ctx[_WORK_LIMIT] = -1  # the next look at the limits stops the run
                return
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


@_inlined
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
    ctx[_OUT_OF_TIME] = 0


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


class _Kernel:
    """What both compiled searches keep beside their tables: the limits and counts of a
    run (``ctx``), the lock that lets one thread at a time in (a kernel runs without
    Python's lock), and a place among the kernels :func:`stop_searches` stops."""

    def __init__(self, unit: int) -> None:
        self.ctx: Final = np.zeros(11, dtype=np.int64)
        self.ctx[_UNIT] = unit
        self._lock: Final = threading.Lock()
        _register(self)

    def load(self) -> None:
        """Load its compiled code (compile it, the first time on a machine)."""
        raise NotImplementedError

    @property
    def out_of_time(self) -> bool:
        """Whether its last run stopped because doubling its table would have passed the
        run's time (:func:`_put`): its time is up, though the clock may not say so yet."""
        return bool(self.ctx[_OUT_OF_TIME])


class ExpectedKernel(_Kernel):
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
        super().__init__(unit)
        self._every_test: Final = np.arange(len(yes), dtype=np.int64)

    def load(self) -> None:
        """Load its compiled code (compile it, the first time on a machine) now, not in
        mid-search: a question about no groups at all."""
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
        words = self._state(state)
        with self._lock:
            _arm(ctx, work, stored, seconds)
            got = int(
                _expected(words, min(bound, _INF), self._every_test, self.data, self.table, ctx)
            )
            done = int(ctx[_WORK]), int(ctx[_STORED])
            aborted = bool(ctx[_ABORTED])
        if aborted:
            return None, *done
        return got, *done

    def known(self, state: int) -> tuple[int | None, int | None, int | None]:
        """(the exact total, the best lower bound, the least total of a strategy found)
        on ``state``, None where none."""
        words = self._state(state)
        with self._lock:
            found = _look(words, self.data[8], self.table)
        exact, lower, upper = (None if x < 0 else int(x) for x in found)
        return exact, lower, upper

    def lower_bound(self, state: int) -> int:
        """The best lower bound proven on ``state``, else its Huffman cost (then kept)."""
        words = self._state(state)
        with self._lock:
            return int(_lower(words, self.data, self.table, self.ctx))


# -- the worst-case search ------------------------------------------------------------

#: Letters an orbit's key holds (the most verifiers a puzzle has).
KEY_LETTERS: Final = 6

_ORBIT = types.UniTuple(types.uint64, KEY_LETTERS)
_KEY = types.UniTuple(types.uint64, 2)
_ONE = np.uint64(1)


@_inlined
def _low(tab: Any, key: Any) -> Any:
    """The lower bound kept for ``key`` (0 where none)."""
    return _bounds_in(tab[0], key)[0]


@_inlined
def _high(tab: Any, key: Any) -> Any:
    """The upper bound kept for ``key`` (:data:`_INF` where none)."""
    return _bounds_in(tab[0], key)[1]


@_inlined
def _bounds_in(rows: Any, key: Any) -> Any:
    """The lower bound (0 where none) and the upper bound (:data:`_INF` where none) kept
    for ``key`` in table rows ``rows`` (``tab[0]``), found in one look."""
    at = _slot(rows, key)
    low = max(_number(rows, at, _LOWER), 0)
    high = _number(rows, at, _UPPER)
    return low, (_INF if high < 0 else high)


@_inlined
def _ceil_log2(n: int) -> Any:
    if n <= 1:
        return 0
    return 64 - np.int64(_ctlz(np.uint64(n - 1)))


@_compiled
def _codes_in(state: Any, cmask: Any, wlo: Any, whi: Any, lo: int, hi: int) -> Any:
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


@_inlined
def _room(od: Any, key: Any, ctx: Any) -> Any:
    """Whether ``key`` may be kept in the numba dict ``od`` now: not when it is new and
    would make the dict grow past the run's time. A numba dict, as CPython's, grows when
    a new key finds two thirds of its power-of-two size taken, and moves every entry
    then (no look at the clock meanwhile). A bound not kept is only work done again."""
    n = len(od)
    if n < _GROWTH_CHECKED_FROM:
        return True
    # the least power of two two thirds of which hold n: it grows at the next new key
    # when exactly n are
    size = 1 << _ceil_log2((3 * n + 1) // 2)
    if (2 * size) // 3 != n or key in od:
        return True
    return _now() + n // _GROWN_PER_TICK <= ctx[_DEADLINE]


@_compiled
def _keep_orbits(od: Any, okey: Any, value: int, lower: bool, data: Any, ctx: Any) -> None:
    """Keep ``value`` as the bound (``lower`` or upper) of each image of the orbit keyed
    ``okey`` under the code space's symmetries (data[16]: each mask's number's image;
    each image's own bound where that is already the better one; a new entry counts as a
    stored state)."""
    number_of = data[16]
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
            if not _room(od, image, ctx):
                continue
            ctx[_STORED] += 1
            od[image] = value
        elif od[image] < value if lower else od[image] > value:
            od[image] = value


@_compiled
def _conclude(
    tab: Any,
    key: Any,
    lower: bool,
    value: int,
    use_orbit: bool,
    od: Any,
    okey: Any,
    data: Any,
    ctx: Any,
) -> None:
    """Keep ``value`` as the bound (``lower`` or upper) proven for the state keyed ``key``,
    and where ``use_orbit`` for its orbit (keyed ``okey`` in ``od``) and the orbit's images
    under the code space's symmetries. (The state's own images are not kept: with them the
    search did about as much work, and working them out for every state kept took more
    time than they saved.)"""
    _put(tab, key, _LOWER if lower else _UPPER, value, ctx)
    if use_orbit and _room(od, okey, ctx):
        od[okey] = value
        _keep_orbits(od, okey, value, lower, data, ctx)


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
def _parts_codes(state: Any, codes: Any, part: Any, among: Any, data: Any, lo: int, hi: int) -> Any:
    """Whether one test leaves each of the two ``codes`` of ``state`` alone in a half.
    ``among``: the tests to look at (see :func:`_feasible`)."""
    tests, letter, cmask = data[0], data[1], data[2]
    c = codes[0]
    allowed = _moves(part)
    for t in among:
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


@_inlined
def _at_most(counts: Any, w: int, limit: int) -> Any:
    """Of the 64 tests of word ``w``, those whose count in ``counts`` (its bits as rows,
    the lowest first) is at most ``limit``, as a word: compared bit by bit from the top."""
    nb = counts.shape[0]
    if limit >= 1 << nb:
        return ~_ZERO
    above = _ZERO
    equal = ~_ZERO
    for j in range(nb - 1, -1, -1):
        x = counts[j, w]
        if (limit >> j) & 1:
            equal &= x
        else:
            above |= equal & x
            equal &= ~x
    return ~above


@_inlined
def _add_one(counts: Any, w: int, tests: Any) -> None:
    """One more in ``counts`` (bits as rows, the lowest first) for each of the 64 tests of
    word ``w`` set in ``tests``: a carry through the rows (no count passes its rows)."""
    carry = tests
    j = 0
    while carry != _ZERO:
        x = counts[j, w] & carry
        counts[j, w] ^= carry
        carry = x
        j += 1


@_inlined
def _count_at(counts: Any, t: int) -> Any:
    """Test ``t``'s count in ``counts`` (its bits as rows, the lowest first)."""
    w, b = t // 64, np.uint64(t % 64)
    n = _ZERO
    for j in range(counts.shape[0]):
        n |= ((counts[j, w] >> b) & _ONE) << np.uint64(j)
    return np.int64(n)


@_inlined
def _hold(x: Any, i: int, holding: Any, some: Any, every: Any) -> None:
    """For each group of word ``i`` set in ``x``: the tests holding it (``holding``)
    or-ed into ``some`` and and-ed into ``every``."""
    while x != _ZERO:
        g = 64 * i + np.int64(_ctpop((x & (~x + _ONE)) - _ONE))
        x &= x - _ONE
        for w in range(some.shape[0]):
            some[w] |= holding[g, w]
            every[w] &= holding[g, w]


@_inlined
def _allowed_tests(allowed: Any, by_letter: Any, w: int) -> Any:
    """Word ``w`` of the tests on an ``allowed`` letter."""
    ok = _ZERO
    for v in range(allowed.shape[0]):
        if allowed[v]:
            ok |= by_letter[v, w]
    return ok


@_compiled
def _fitting(state: Any, codes: Any, limit: int, allowed: Any, data: Any, at: Any) -> Any:
    """Which tests split ``state`` into halves of at most ``limit`` codes each: (whether a
    test on an ``allowed`` letter does, those that do as bits over the tests, and per test
    the codes its yes-half meets and those its no-half meets, as :meth:`Search._fitting_splits`
    finds them). A half meets a code when it holds one of its groups; the table
    ``holding`` has the tests that hold each group. The counts are kept as bits over the
    tests, a row per bit of the count (the lowest first), so one operation counts 64
    tests: a code adds one to a test by a carry through the rows. ``at``: the places of
    the words of ``state`` that may be non-zero."""
    cmask, wlo, whi, holding, by_letter = data[2], data[3], data[4], data[6], data[17]
    tw_words = holding.shape[1]
    nc = codes.shape[0]
    nb = _ceil_log2(nc + 1)  # the bits of a count up to nc
    meets = np.zeros((nb, tw_words), dtype=np.uint64)
    misses = np.zeros((nb, tw_words), dtype=np.uint64)
    some = np.empty(tw_words, dtype=np.uint64)
    every = np.empty(tw_words, dtype=np.uint64)
    for k in range(nc):
        c = codes[k]
        some[:] = _ZERO
        every[:] = ~_ZERO
        for j in range(np.searchsorted(at, wlo[c]), np.searchsorted(at, whi[c], side="right")):
            i = at[j]
            _hold(state[i] & cmask[c, i], i, holding, some, every)
        for w in range(tw_words):
            _add_one(meets, w, some[w])
            _add_one(misses, w, ~every[w])
    fits = np.zeros(tw_words, dtype=np.uint64)
    some_fit = False
    for w in range(tw_words):
        ok = _allowed_tests(allowed, by_letter, w)
        met = _ZERO
        missed = _ZERO
        for j in range(nb):
            met |= meets[j, w]
            missed |= misses[j, w]
        ok &= met & missed & _at_most(meets, w, limit) & _at_most(misses, w, limit)
        fits[w] = ok
        if ok != _ZERO:
            some_fit = True
    return some_fit, fits, meets, misses


# From this many tests left in each half on, which half of a split is searched first is
# worth counting the tests that split each (:func:`_feasible`).
_ORDER_AT = 4


@_compiled
def _split_count(state: Any, allowed: Any, data: Any, at: Any) -> Any:
    """How many tests on an ``allowed`` letter split ``state`` (both halves non-empty):
    those that hold some of its groups and not all (``holding``, per group). ``at``: the
    places of words that may be non-zero."""
    holding, by_letter = data[6], data[17]
    tw_words = holding.shape[1]
    some = np.zeros(tw_words, dtype=np.uint64)
    every = np.full(tw_words, ~_ZERO, dtype=np.uint64)
    for i in at:
        _hold(state[i], i, holding, some, every)
    count = 0
    for w in range(tw_words):
        count += _pop(some[w] & ~every[w] & _allowed_tests(allowed, by_letter, w))
    return count


@_inlined
def _half_at(state: Any, tests: Any, t: int, yes: Any, out: Any, at: Any) -> None:
    """Into ``out``: the half of ``state`` that test ``t`` (a row of ``tests``) answers yes
    on (else the other). ``at``: the places of the words of ``state`` that may be
    non-zero; ``out`` is written there only, so it must be zero elsewhere."""
    for i in at:
        x = tests[t, i] & state[i]
        out[i] = x if yes else state[i] ^ x


@_compiled
def _feasible(
    state: Any,
    budget: int,
    part: Any,
    among: Any,
    data: Any,
    tab: Any,
    olb: Any,
    oub: Any,
    ctx: Any,
) -> Any:
    """:meth:`Search.feasible`: 1 when the code of ``state`` can be known within
    ``budget`` tests whatever the answers, 0 when not, -1 once a limit passed.

    ``among``: the tests to look at, in their order. A state's splits are among its
    parent's: a test that leaves the parent whole leaves its part whole, and tests with
    one split of the parent have one split of the part. So where a state lists every
    split, its halves are given the first test of each (with the tests of the letters
    not searched there, which a half may search); the splits and their order are the
    same as over all tests."""
    lo, hi = _span(state)
    if _known(state, data[2], data[5], lo, hi):
        return 1
    if budget <= 0:
        return 0
    if _spend(ctx, 1):
        return -1
    tests, letter, cmask, wlo, whi, planes, shifts = _tables(data)
    codes = _codes_in(state, cmask, wlo, whi, lo, hi)
    nc = codes.shape[0]
    if _ceil_log2(nc) > budget:
        return 0
    nt = tests.shape[0]
    allowed = _moves(part)
    # Only the state's non-zero words are looked at below (see :func:`_greedy`).
    at = _nonzero_words(state, lo, hi)
    # When the budget lets only some splits through (halves of at most ``limit`` codes
    # each): for every test at once, the codes its yes-half meets and those its no-half
    # meets. Where no test fits, no split can do: the state is refuted at once, and not
    # kept (most states refuted low in the tree are: finding that out again costs less
    # than keeping them).
    limit = 1 << (budget - 1)
    fit = budget > 1 and limit < nc
    fits = np.zeros(0, dtype=np.uint64)
    meets = misses = np.zeros((0, 0), dtype=np.uint64)
    if fit:
        some_fit, fits, meets, misses = _fitting(state, codes, limit, allowed, data, at)
        if _spend(ctx, nc):
            return -1
        if not some_fit:
            return 0
    coef = data[7]
    whole_sums = _sums(state, coef, lo, hi)
    key = _key(whole_sums, coef)
    lb, ub = _bounds_in(tab[0], key)
    if ub <= budget:
        return 1
    if lb > budget:
        return 0
    use_orbit = budget > 1 and data[15]
    okey = (_ZERO, _ZERO, _ZERO, _ZERO, _ZERO, _ZERO)
    if use_orbit:
        use_orbit, okey = _orbit(state, data, lo, hi)
        if use_orbit:
            if okey in oub and oub[okey] <= budget:
                _put(tab, key, _UPPER, oub[okey], ctx)
                return 1
            if okey in olb and olb[okey] > budget:
                _put(tab, key, _LOWER, olb[okey], ctx)
                return 0
    if budget == 1:
        ok = _parts_codes(state, codes, part, among, data, lo, hi)
        if ok:
            _put(tab, key, _UPPER, 1, ctx)
        else:
            _put(tab, key, _LOWER, 2, ctx)
        if _store(ctx):
            return -1
        return 1 if ok else 0

    # The splits whose halves hold at most ``limit`` codes each (a split and its
    # complement once), ranked as :meth:`Search._rank` ranks them ``by_weight``. A split
    # is kept as its test and which half is the harder (the one with more codes).
    weight = _weigh_at(state, planes, shifts, at)
    n = state.shape[0]
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
    # Where no counts were made for all tests at once: each code's words among ``at``.
    first_word = last_word = np.zeros(0, dtype=np.int64)
    by_pairs = ctx[_BY_PAIRS] != 0
    code_w = np.zeros(0, dtype=np.int64)
    if by_pairs or not fit:
        first_word = np.searchsorted(at, wlo[codes])
        last_word = np.searchsorted(at, whi[codes], side="right")
    if by_pairs:
        code_w = _code_weights_at(state, codes, cmask, planes, shifts, at, first_word, last_word)
    # The tests the halves look at, where every split is listed (as :func:`_greedy`
    # passes them on): the first test of each split, and the tests of the letters not
    # searched here, in their order.
    passed = among if fit else np.empty(among.shape[0], dtype=np.int64)
    kept = 0
    for t in among:
        if not allowed[letter[t]]:
            if not fit:
                passed[kept] = t
                kept += 1
            continue
        tried += 1
        if fit:
            if (fits[t // 64] >> np.uint64(t % 64)) & _ONE == _ZERO:
                continue
            a = _count_at(meets, t)
            b = _count_at(misses, t)
            for i in at:
                y[i] = tests[t, i] & state[i]
        elif not _splits_at(state, tests, t, y, at):
            continue
        y_sums = _sums_of(y, coef, at)
        ky = _key(y_sums, coef)
        kn = _key(_less(whole_sums, y_sums), coef)
        side = ky if (y[tw] >> tb) & _ONE else kn
        if side in seen:
            continue
        seen.add(side)
        if not fit:
            passed[kept] = t
            kept += 1
        pairs = a_pairs = b_pairs = 0
        if by_pairs:
            pairs, a_pairs, b_pairs = _pairs_apart_at(
                y, codes, cmask, planes, shifts, at, first_word, last_word, code_w
            )
        if not fit:
            # (The budget lets halves of all the state's codes through: every split
            # fits.) The codes each half meets, from the pairs' weights where counted.
            if by_pairs:
                a, b = a_pairs, b_pairs
            else:
                a, b = _code_sides_at(y, state, codes, cmask, first_word, last_word, at)
        big = max(a, b)
        # (The halves' proven bounds are looked up once every split is listed, their
        # rows fetched meanwhile.)
        _prefetch(tab, ky)
        _prefetch(tab, kn)
        if by_pairs:
            rank[ns] = pairs
        else:
            wy = _weigh_at(y, planes, shifts, at)
            heavy = max(wy, weight - wy)
            rank[ns] = (_ceil_log2(big) << 48) | heavy
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
    # The halves' proven bounds (lower, upper: the hard half's, then the easy one's).
    known = np.empty((ns, 4), dtype=np.int64)
    rows = tab[0]
    for r in range(ns):
        known[r, 0], known[r, 1] = _bounds_in(rows, (hkey[r, 0], hkey[r, 1]))
        known[r, 2], known[r, 3] = _bounds_in(rows, (ekey[r, 0], ekey[r, 1]))
        proven = max(known[r, 0], known[r, 2])
        if not by_pairs:
            proven = max(proven, _ceil_log2(big_of[r]))
        rank[r] |= proven << 56
    order = np.argsort(rank[:ns], kind="mergesort")
    if not fit:
        passed = passed[:kept]

    # First, a split already proven good enough; the halves proven to need the whole
    # budget (cores) and the most any split's halves are proven to need.
    low = 0
    cores = np.empty(ns, dtype=np.int64)  # r for a hard half, ~r for an easy one
    ncores = 0
    for j in range(ns):
        r = order[j]
        low_h, high_h, low_e, high_e = known[r, 0], known[r, 1], known[r, 2], known[r, 3]
        # (A half with one code is known.)
        if (big_of[r] == 1 or high_h < budget) and (small_of[r] == 1 or high_e < budget):
            _conclude(tab, key, False, budget, use_orbit, oub, okey, data, ctx)
            return 1
        if low_h >= budget:
            cores[ncores] = r
            ncores += 1
        elif low_e >= budget:
            cores[ncores] = ~r
            ncores += 1
        low = max(low, low_h, low_e)
    if low > budget:
        _conclude(tab, key, True, low, use_orbit, olb, okey, data, ctx)
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
        _half_at(state, tests, test_of[r], (x >= 0) == hard_yes[r], cbits[q], at)
        clo[q], chi[q] = _span(cbits[q])
    for j in range(ns):
        r = order[j]
        t = test_of[r]
        _half_at(state, tests, t, hard_yes[r], y, at)
        _half_at(state, tests, t, not hard_yes[r], no, at)
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
                    _put(tab, hk, _LOWER, bound, ctx)
                taken = True
                break
            if taken:
                continue
        sub = _child(part, letter[t])
        # Of two halves with as many codes, the one fewer tests split goes first (where
        # the halves have budget enough for the order to matter): a split fails as soon
        # as one half does, and the one fewer tests can split fails more often.
        swap = False
        if budget - 1 >= _ORDER_AT and big_of[r] == small_of[r]:
            if _spend(ctx, n):
                return -1
            swap = _split_count(no, allowed, data, at) < _split_count(y, allowed, data, at)
        first = no if swap else y
        second = y if swap else no
        got = _feasible(first.copy(), budget - 1, sub, passed, data, tab, olb, oub, ctx)
        if got < 0:
            return -1
        first_fails = got == 0
        if got == 1:
            got = _feasible(second.copy(), budget - 1, sub, passed, data, tab, olb, oub, ctx)
            if got < 0:
                return -1
        if got == 0:
            hard_fails = first_fails != swap  # the first half is the hard one unless swapped
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
        _conclude(tab, key, False, budget, use_orbit, oub, okey, data, ctx)
        if _store(ctx):
            return -1
        return 1
    _conclude(tab, key, True, budget + 1, use_orbit, olb, okey, data, ctx)
    if _store(ctx):
        return -1
    return 0


@_compiled
def _nonzero_words(state: Any, lo: int, hi: int) -> Any:
    """The places of the non-zero words of ``state`` among its words ``lo`` to ``hi``."""
    out = np.empty(max(0, hi - lo + 1), dtype=np.int64)
    k = 0
    for i in range(lo, hi + 1):
        if state[i] != _ZERO:
            out[k] = i
            k += 1
    return out[:k]


@_inlined
def _splits_at(state: Any, tests: Any, t: int, y: Any, at: Any) -> Any:
    """Into ``y``: the half of ``state`` that test ``t`` (a row of ``tests``) answers yes
    on; whether the test splits the state (neither half empty). ``at``: the places of the
    words of ``state`` that may be non-zero (the others are zero); ``y`` is written there
    only, so it must be zero elsewhere."""
    empty = True
    whole = True
    for i in at:
        x = tests[t, i] & state[i]
        y[i] = x
        if x != _ZERO:
            empty = False
        if x != state[i]:
            whole = False
    return not (empty or whole)


@_compiled
def _code_sides_at(
    y: Any, state: Any, codes: Any, cmask: Any, first: Any, last: Any, at: Any
) -> Any:
    """The codes of ``state`` that its half ``y`` meets, and those the other half meets.
    ``at``: the places of the words of ``state`` that may be non-zero; code ``codes[k]``
    has its among them at ``at[first[k]:last[k]]``."""
    a = 0
    b = 0
    for k in range(codes.shape[0]):
        c = codes[k]
        met = False
        held = True
        for j in range(first[k], last[k]):
            i = at[j]
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
def _code_weight_at(
    a: Any, cm: Any, planes: Any, shifts: Any, at: Any, start: int, end: int
) -> Any:
    """The weight of the groups of ``a`` in a code's mask ``cm``, whose words lie at
    ``at[start:end]``."""
    total = 0
    for p in range(planes.shape[0]):
        s = 0
        for j in range(start, end):
            i = at[j]
            s += _pop(a[i] & cm[i] & planes[p, i])
        total += s << shifts[p]
    return total


@_compiled
def _code_weights_at(
    a: Any, codes: Any, cmask: Any, planes: Any, shifts: Any, at: Any, first: Any, last: Any
) -> Any:
    """:func:`_code_weight_at` of each of ``codes``, whose words lie at
    ``at[first[k]:last[k]]``."""
    out = np.empty(codes.shape[0], dtype=np.int64)
    for k in range(codes.shape[0]):
        out[k] = _code_weight_at(a, cmask[codes[k]], planes, shifts, at, first[k], last[k])
    return out


@_compiled
def _pairs_apart_at(
    y: Any,
    codes: Any,
    cmask: Any,
    planes: Any,
    shifts: Any,
    at: Any,
    first: Any,
    last: Any,
    totals: Any,
) -> Any:
    """:meth:`Search._pairs_apart` of the split whose yes-half is ``y`` (the pairs, then
    the codes each half meets): ``totals`` are the weights of ``codes`` in the state,
    whose words lie at ``at[first[k]:last[k]]``."""
    sy = 0
    qy = 0
    sn = 0
    qn = 0
    a = 0
    b = 0
    for k in range(codes.shape[0]):
        wy = _code_weight_at(y, cmask[codes[k]], planes, shifts, at, first[k], last[k])
        wn = totals[k] - wy
        sy += wy
        qy += wy * wy
        sn += wn
        qn += wn * wn
        if wy:
            a += 1
        if wn:
            b += 1
    return min(max(sy * sy - qy, sn * sn - qn) // 2, _PAIRS_CAP), a, b


@_inlined
def _weigh_at(a: Any, planes: Any, shifts: Any, at: Any) -> Any:
    """:func:`_weigh` of a state whose words may be non-zero only at ``at``."""
    total = 0
    for p in range(planes.shape[0]):
        s = 0
        for i in at:
            s += _pop(a[i] & planes[p, i])
        total += s << shifts[p]
    return total


@_inlined
def _sums_of(s: Any, coef: Any, at: Any) -> Any:
    """:func:`_sums` of a state whose words may be non-zero only at ``at``."""
    sums = (_ZERO, _ZERO, _ZERO, _ZERO)
    for i in at:
        w = s[i]
        if w != _ZERO:
            sums = _sums_plus(sums, w, i, coef)
    return sums


@_compiled
def _greedy(
    state: Any,
    part: Any,
    among: Any,
    by_weight: bool,
    data: Any,
    tab: Any,
    memo: Any,
    ctx: Any,
) -> Any:
    """The tests a greedy strategy needs from ``state`` (:meth:`Search.greedy_depth`, or
    with ``by_weight`` :meth:`Search.greedy_weight_depth`): in each state the first split,
    in the order of the tests, that is best by the same key; -1 once a limit passed.
    With it, the strategy's summed tests (over the assignments, as :meth:`Search.expected_sum`
    counts them), as ``total << GREEDY_DEPTH_BITS | depth``.

    ``among``: the tests that may split ``state``, in order (all of them at the start). A
    test that leaves a state whole leaves each part of it whole, so a half is given only
    the tests that split the state, and those of letters not searched here (a letter
    interchangeable with a lower one may be searched in a half, once the lower one is
    tested), unlooked at."""
    lo, hi = _span(state)
    if _known(state, data[2], data[5], lo, hi):
        return 0
    if _spend(ctx, 1):
        return -1
    coef = data[7]
    whole = _sums(state, coef, lo, hi)
    key = _key(whole, coef)
    if key in memo:
        return memo[key]
    tests, letter, cmask, wlo, whi, planes, shifts = _tables(data)
    codes = _codes_in(state, cmask, wlo, whi, lo, hi)
    nc = codes.shape[0]
    # Deep in the tree a state's groups are few and far apart (on nightmare 6 hard seed
    # 1, 6 non-zero words among the 133 between its first and last): only those are
    # looked at, and each code's among them.
    at = _nonzero_words(state, lo, hi)
    first = np.searchsorted(at, wlo[codes])
    last = np.searchsorted(at, whi[codes], side="right")
    weight = _weigh_at(state, planes, shifts, at)
    code_w = np.zeros(0, dtype=np.int64)
    if by_weight:
        code_w = _code_weights_at(state, codes, cmask, planes, shifts, at, first, last)
    allowed = _moves(part)
    n = state.shape[0]
    y = np.zeros(n, dtype=np.uint64)
    best = _INF
    pick = -1
    tried = 0
    passed = np.empty(among.shape[0], dtype=np.int64)
    kept = 0
    for t in among:
        if not allowed[letter[t]]:
            passed[kept] = t
            kept += 1
            continue
        tried += 1
        if not _splits_at(state, tests, t, y, at):
            continue
        passed[kept] = t
        kept += 1
        if by_weight:
            # (The codes each half meets from the same weights as the pairs.)
            pairs, a, b = _pairs_apart_at(y, codes, cmask, planes, shifts, at, first, last, code_w)
            rank = (pairs << 8) | max(a, b)
        else:
            a, b = _code_sides_at(y, state, codes, cmask, first, last, at)
            big = max(a, b)
            # The halves' proven bounds first (as :meth:`Search._rank` ranks them).
            sy = _sums_of(y, coef, at)
            ky = _key(sy, coef)
            kn = _key(_less(whole, sy), coef)
            proven = max(_low(tab, ky), _low(tab, kn), _ceil_log2(big))
            rank = (proven << 48) | (big << 24) | (a + b)
        if rank < best:
            best, pick = rank, t
    if _spend(ctx, tried * (nc + 3)):
        return -1
    sub = _child(part, letter[pick])
    _half_at(state, tests, pick, True, y, at)
    passed = passed[:kept]
    got = _greedy(y.copy(), sub, passed, by_weight, data, tab, memo, ctx)
    if got < 0:
        return -1
    _half_at(state, tests, pick, False, y, at)
    other = _greedy(y, sub, passed, by_weight, data, tab, memo, ctx)
    if other < 0:
        return -1
    mask = (1 << GREEDY_DEPTH_BITS) - 1
    depth = 1 + max(got & mask, other & mask)
    total = weight + (got >> GREEDY_DEPTH_BITS) + (other >> GREEDY_DEPTH_BITS)
    found = (total << GREEDY_DEPTH_BITS) | depth
    if _room(memo, key, ctx):  # else only work done again, if the state comes back
        memo[key] = found
    if depth < _high(tab, key):
        _put(tab, key, _UPPER, depth, ctx)
    if _store(ctx):
        return -1
    return found


@_compiled
def _bounds_of(state: Any, coef: Any, tab: Any) -> Any:
    lo, hi = _span(state)
    key = _hash(state, coef, lo, hi)
    return _bounds_in(tab[0], key)


class WorstKernel(_Kernel):
    """The compiled worst-case search over one search's groups (see the module's text).

    ``tests``: the yes-half of each test, letter by letter, and ``letters`` the letter of
    each; ``holding``: for each group, the tests whose yes-half holds it (bits over the
    tests); ``code_bits``: each code's groups (a run of bits); ``planes``: the groups'
    weights as bit planes; ``supports``: per letter, each mask it may hold as (its bit in
    the orbit key, the groups holding it there); ``classes``: the letters interchangeable
    at the start; ``size``: the groups; ``unit``: the work an operation on a state counts;
    ``images``: permutations of the groups under the code space's symmetries (each bound
    kept for an orbit is kept for the orbit's images too).
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
            self._image_numbers(supports if orbits else None, images),
            self._by_letter(letters, verifiers),
        )
        self.verifiers: Final = verifiers
        self.table: Final = _new_table(1 << 16)
        self.orbit_lower: Final = Dict.empty(key_type=_ORBIT, value_type=types.int64)
        self.orbit_upper: Final = Dict.empty(key_type=_ORBIT, value_type=types.int64)
        super().__init__(unit)
        self._every_test: Final = np.arange(len(self.data[1]), dtype=np.int64)
        self._greedy_memo: Final = (
            Dict.empty(key_type=_KEY, value_type=types.int64),
            Dict.empty(key_type=_KEY, value_type=types.int64),
        )

    def load(self) -> None:
        """Load its compiled code (compile it, the first time on a machine) now, not in
        mid-search: questions about no groups at all."""
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

    @staticmethod
    def _by_letter(letters: Sequence[int], verifiers: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
        """Each letter's tests, as bits over the tests (a row of words per letter)."""
        out = np.zeros((verifiers, max(1, (len(letters) + 63) // 64)), dtype=np.uint64)
        for t, v in enumerate(letters):
            out[v, t // 64] |= np.uint64(1) << np.uint64(t % 64)
        return out

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
        by_pairs: bool = False,
    ) -> tuple[bool | None, int, int]:
        """Whether the code of ``state`` (whose interchangeable letters are ``classes``)
        can be known within ``budget`` tests, searched for at most ``work`` units,
        ``stored`` states and about ``seconds`` of processor time: (the answer, or None
        when a limit came first; the work done; the states stored). ``by_pairs``: each
        state's splits ranked by the halves' proven bounds, then the pairs of assignments
        of different codes in the worse half (:meth:`Search._pairs_apart`), not as
        :meth:`Search._rank` ranks them."""
        ctx = self.ctx
        words, part = self._state(state), self._part(classes)
        with self._lock:
            _arm(ctx, work, stored, seconds)
            ctx[_BY_PAIRS] = int(by_pairs)
            got = int(
                _feasible(
                    words,
                    budget,
                    part,
                    self._every_test,
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
    ) -> tuple[tuple[int, int] | None, int, int]:
        """The tests a greedy strategy needs from ``state`` (by codes, or ``by_weight``),
        within the limits of :meth:`feasible`: ((the depth, the summed tests over the
        assignments), or None when a limit came first; the work done; the states stored).
        Each state it passes keeps the depth as an upper bound."""
        ctx = self.ctx
        words, part = self._state(state), self._part(classes)
        with self._lock:
            _arm(ctx, work, stored, seconds)
            got = int(
                _greedy(
                    words,
                    part,
                    self._every_test,
                    by_weight,
                    self.data,
                    self.table,
                    self._greedy_memo[by_weight],
                    ctx,
                )
            )
            done = int(ctx[_WORK]), int(ctx[_STORED])
        if got < 0:
            return None, *done
        return (got & ((1 << GREEDY_DEPTH_BITS) - 1), got >> GREEDY_DEPTH_BITS), *done

    def bounds(self, state: int) -> tuple[int, int | None]:
        """What is proven about the fewest tests of ``state``: (lower, upper or None)."""
        words = self._state(state)
        with self._lock:
            low, high = _bounds_of(words, self.data[7], self.table)
        return int(low), None if high >= _INF else int(high)


__all__ = ["KEY_LETTERS", "ExpectedKernel", "WorstKernel", "hash_coefficients", "stop_searches"]
