"""The expected search (:meth:`turing.analysis.search.Search.expected_sum`), compiled.

The same branch and bound as the search's own, split for split in the same order, on
states of up to :data:`WORDS` words (512 groups) without interchangeable letters: most
extreme puzzles, where the expected search is what takes the time. numba compiles it the
first time it runs on a machine (about 15 s, kept on disk beside this file, so later
processes load it in about a second); a search makes its kernel only once its own expected
search has passed a share of work (:data:`turing.analysis.search.COMPILED_AFTER`), so small
puzzles never wait for it. What it proves is kept in typed dictionaries, so one kernel
serves a whole game as the search does. The search's own stays the reference: the tests
check that the two agree.

It comes with the ``fast`` extra (numba); without it the search's own runs. The kernel
never raises: past its work or stored states, or its processor time (read from
the C library's ``clock()``), it sets a flag and returns, keeping only what it proved; the
search then checks its own limits and gives up as its own search would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.typed import Dict

_F = TypeVar("_F", bound=Callable[..., Any])


def _compiled(fn: _F) -> _F:
    """``fn`` compiled by numba (kept on disk: later processes load it)."""
    out: _F = njit(cache=True)(fn)
    return out


def _intrinsic(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` (the code it emits) as a function compiled code calls."""
    out: Callable[..., Any] = intrinsic(fn)
    return out


#: Words of a state: the kernel takes searches of at most ``64 * WORDS`` groups.
WORDS: Final = 8
MAX_GROUPS: Final = 64 * WORDS

_KEY = types.UniTuple(types.uint64, WORDS)
_INF: Final = 1 << 60
# ctx slots
_WORK, _WORK_LIMIT, _STORED, _STORED_LIMIT, _ABORTED, _UNIT, _DEADLINE, _CHECK_AT = range(8)
#: Work between two looks at the processor clock (a few milliseconds).
_CHECK_WORK: Final = 2_000_000


#: ``clock()`` ticks a second (POSIX fixes it at a million)
_TICKS: Final = 1_000_000

_S1 = np.uint64(1)
_ZERO = np.uint64(0)


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
def _row(a: Any, i: Any) -> Any:
    return (a[i, 0], a[i, 1], a[i, 2], a[i, 3], a[i, 4], a[i, 5], a[i, 6], a[i, 7])


@_compiled
def _and(a: Any, b: Any) -> Any:
    return (
        a[0] & b[0],
        a[1] & b[1],
        a[2] & b[2],
        a[3] & b[3],
        a[4] & b[4],
        a[5] & b[5],
        a[6] & b[6],
        a[7] & b[7],
    )


@_compiled
def _xor(a: Any, b: Any) -> Any:
    return (
        a[0] ^ b[0],
        a[1] ^ b[1],
        a[2] ^ b[2],
        a[3] ^ b[3],
        a[4] ^ b[4],
        a[5] ^ b[5],
        a[6] ^ b[6],
        a[7] ^ b[7],
    )


@_compiled
def _empty(a: Any) -> Any:
    return (a[0] | a[1] | a[2] | a[3] | a[4] | a[5] | a[6] | a[7]) == _ZERO


@_compiled
def _top(a: Any) -> Any:
    """The highest group of a non-empty state."""
    for i in range(WORDS - 1, -1, -1):
        if a[i] != _ZERO:
            return 64 * i + 63 - np.int64(_ctlz(a[i]))
    return -1


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
def _huffman(weights: Any, n: int) -> Any:
    """The Huffman cost of the first ``n`` entries of ``weights`` (all positive)."""
    if n < 3:
        return weights[0] + weights[1] if n == 2 else 0
    leaves = np.sort(weights[:n])
    merged = np.empty(n, dtype=np.int64)
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
def _present(state: Any, data: Any) -> Any:
    """The codes of ``state`` and their weights in it."""
    cmask, wlo, whi, planes, shifts = data[1], data[2], data[3], data[5], data[6]
    n = cmask.shape[0]
    codes = np.empty(n, dtype=np.int64)
    weights = np.empty(n, dtype=np.int64)
    k = 0
    for c in range(n):
        hit = False
        for i in range(wlo[c], whi[c] + 1):
            if state[i] & cmask[c, i] != _ZERO:
                hit = True
                break
        if hit:
            codes[k] = c
            weights[k] = _weigh(_and(state, _row(cmask, c)), planes, shifts, wlo[c], whi[c])
            k += 1
    return codes[:k], weights[:k]


@_compiled
def _known(state: Any, data: Any) -> Any:
    if _empty(state):
        return True
    cmask, code_no = data[1], data[4]
    c = code_no[_top(state)]
    return _and(state, _row(cmask, c)) == state


@_compiled
def _lower(state: Any, data: Any, lbd: Any) -> Any:
    got = lbd.get(state, -1)
    if got >= 0:
        return got
    _, weights = _present(state, data)
    got = _huffman(weights, weights.shape[0])
    lbd[state] = got
    return got


@_compiled
def _ent(weights: Any, table: Any) -> Any:
    total = 0
    acc = 0.0
    for x in weights:
        total += x
        acc += table[x]
    return np.int64(np.ceil(table[total] - acc - 1e-6))


@_compiled
def _half_bound(half: Any, weights: Any, lbd: Any, buf: Any) -> Any:
    """The lower bound proven on ``half``, else the Huffman cost of its codes' weights
    (``weights``, zero for a code not in it; ``buf`` as long, for the work)."""
    got = lbd.get(half, -1)
    if got >= 0:
        return got
    m = 0
    for x in weights:
        if x:
            buf[m] = x
            m += 1
    return _huffman(buf, m)


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
def _stopped(state: Any, best: Any, found: Any, ubd: Any) -> Any:
    """Past a limit: keep the total of the best strategy found for ``state`` (the halves
    of its split were both searched to the end), then -1."""
    if found and best < ubd.get(state, _INF):
        ubd[state] = best
    return np.int64(-1)


@_compiled
def _expected(state: Any, bound: Any, data: Any, exd: Any, lbd: Any, ubd: Any, ctx: Any) -> Any:
    """:meth:`Search.expected_sum` of ``state`` below ``bound``; -1 once a limit passed,
    keeping in ``ubd`` the best total found so far of each state it was searching."""
    got = exd.get(state, -1)
    if got >= 0:
        return got
    if _known(state, data):
        exd[state] = 0
        lbd[state] = 0
        return np.int64(0)
    yes, cmask, wlo, whi, planes, shifts, table = (
        data[0],
        data[1],
        data[2],
        data[3],
        data[5],
        data[6],
        data[7],
    )
    codes, totals = _present(state, data)
    nc = codes.shape[0]
    lb = lbd.get(state, -1)
    if lb < 0:
        lb = _huffman(totals, nc)
    if lb >= bound:
        return lb
    w = _weigh(state, planes, shifts, 0, WORDS - 1)
    # The distinct splits, a split and its complement once (kept by the half that holds
    # the state's highest group).
    top = _top(state)
    tw, tb = top // 64, np.uint64(top % 64)
    nt = yes.shape[0]
    halves = np.empty((nt, WORDS), dtype=np.uint64)
    seen = set()
    ns = 0
    for t in range(nt):
        y = _and(state, _row(yes, t))
        if _empty(y) or y == state:
            continue
        key = y if (y[tw] >> tb) & _S1 else _xor(state, y)
        if key in seen:
            continue
        seen.add(key)
        for i in range(WORDS):
            halves[ns, i] = y[i]
        ns += 1
    if _spend(ctx, nt + ns * (nc + 2)):
        return np.int64(-1)
    # Each split's codes' weights in its yes-half, and its place by the entropy bound.
    yes_w = np.empty((ns, nc), dtype=np.int64)
    no_w = np.empty((ns, nc), dtype=np.int64)
    place = np.empty(ns, dtype=np.int64)
    for r in range(ns):
        y = _row(halves, r)
        for k in range(nc):
            c = codes[k]
            yw = _weigh(_and(y, _row(cmask, c)), planes, shifts, wlo[c], whi[c])
            yes_w[r, k] = yw
            no_w[r, k] = totals[k] - yw
        place[r] = _ent(yes_w[r], table) + _ent(no_w[r], table)
    order = np.argsort(place, kind="mergesort")
    # Lazily, as the search does: a split's own bounds (Huffman costs unless known) are
    # found once the splits placed before it are taken; it comes out of the heap once its
    # bounds are at most every later split's place.
    sum_lbs = np.empty(ns, dtype=np.int64)
    low = np.empty(ns, dtype=np.int64)
    hard_is_yes = np.empty(ns, dtype=np.bool_)
    heap = [np.int64(0)]
    heap.pop()
    buf = np.empty(nc, dtype=np.int64)
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
            y = _row(halves, s)
            n = _xor(state, y)
            ly = _half_bound(y, yes_w[s], lbd, buf)
            ln = _half_bound(n, no_w[s], lbd, buf)
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
        y = _row(halves, s)
        n = _xor(state, y)
        hard, easy = (y, n) if hard_is_yes[s] else (n, y)
        ln = low[s]
        ey = _expected(hard, best - w - ln, data, exd, lbd, ubd, ctx)
        if ey < 0:
            return _stopped(state, best, found, ubd)
        if w + ey + ln >= best:
            floor = min(floor, w + ey + ln)
            continue
        en = _expected(easy, best - w - ey, data, exd, lbd, ubd, ctx)
        if en < 0:
            return _stopped(state, best, found, ubd)
        if w + ey + en < best:
            best = w + ey + en
            found = True
        else:
            floor = min(floor, w + ey + en)
    if _store(ctx):
        return _stopped(state, best, found, ubd)
    if found:
        exd[state] = best
        lbd[state] = best
        return best
    lb = max(lb, bound if floor == _INF else floor)
    lbd[state] = lb
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
def _expected_of(words: Any, bound: Any, data: Any, exd: Any, lbd: Any, ubd: Any, ctx: Any) -> Any:
    return _expected(_row(words, 0), bound, data, exd, lbd, ubd, ctx)


@_compiled
def _look(words: Any, exd: Any, lbd: Any, ubd: Any) -> Any:
    """(exact or -1, lower bound or -1, a strategy's total or -1) kept for a state."""
    key = _row(words, 0)
    return exd.get(key, -1), lbd.get(key, -1), ubd.get(key, -1)


@_compiled
def _lower_of(words: Any, data: Any, lbd: Any) -> Any:
    return _lower(_row(words, 0), data, lbd)


@_compiled
def _new_memo() -> Any:
    """A state's number, by state (made compiled: then loaded with the rest)."""
    return Dict.empty(key_type=_KEY, value_type=types.int64)


def _arm(ctx: np.ndarray[Any, np.dtype[np.int64]], work: int, stored: int, seconds: float) -> None:
    """Set a kernel's limits for one run: ``work`` units, ``stored`` states, about
    ``seconds`` of processor time from now."""
    ctx[_WORK] = 0
    ctx[_WORK_LIMIT] = work
    ctx[_STORED] = 0
    ctx[_STORED_LIMIT] = stored
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


def _words(bits: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
    return np.frombuffer(bits.to_bytes(8 * WORDS, "little"), dtype=np.uint64).reshape(1, WORDS)


class ExpectedKernel:
    """The compiled expected search over one search's groups (see the module's text).

    ``yes``: the distinct splits of the whole set (each a bitset over the groups),
    ``code_bits``: each code's groups (a run of bits), ``planes``: the groups' weights as
    bit planes, ``(k, the groups whose weight has bit k)``, ``table``: ``w log2 w`` for
    every weight a half can have, ``unit``: the work an operation on a state counts (as
    :meth:`turing.analysis.search.Search._worked` counts it).
    """

    def __init__(
        self,
        yes: Sequence[int],
        code_bits: Sequence[int],
        planes: Sequence[tuple[int, int]],
        table: np.ndarray[Any, np.dtype[np.float64]],
        unit: int,
    ) -> None:
        assert code_bits[-1].bit_length() <= MAX_GROUPS
        rows = [_words(y) for y in yes] or [np.zeros((0, WORDS), dtype=np.uint64)]
        tests = np.concatenate(rows).astype(np.uint64)
        cmask = np.concatenate([_words(b) for b in code_bits]).astype(np.uint64)
        wlo, whi, code_no = _code_runs(code_bits, WORDS)
        bits = np.concatenate([_words(plane) for _, plane in planes]).astype(np.uint64)
        shifts = np.array([k for k, _ in planes], dtype=np.int64)
        self.data: Final = (tests, cmask, wlo, whi, code_no, bits, shifts, table)
        self.exact: Final = _new_memo()
        self.lower: Final = _new_memo()
        self.upper: Final = _new_memo()
        self.ctx: Final = np.zeros(8, dtype=np.int64)
        self.ctx[_UNIT] = unit

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
            _expected_of(
                _words(state),
                min(bound, _INF),
                self.data,
                self.exact,
                self.lower,
                self.upper,
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
        found = _look(_words(state), self.exact, self.lower, self.upper)
        exact, lower, upper = (None if x < 0 else int(x) for x in found)
        return exact, lower, upper

    def lower_bound(self, state: int) -> int:
        """The best lower bound proven on ``state``, else its Huffman cost (then kept)."""
        return int(_lower_of(_words(state), self.data, self.lower))


__all__ = ["MAX_GROUPS", "WORDS", "ExpectedKernel"]
