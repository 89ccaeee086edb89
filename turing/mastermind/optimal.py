"""The optimal codebreaker: the fewest guesses summed over every secret, by exact search.

``total(S)`` is the fewest guesses, summed over the secrets of a candidate set ``S``, that
finish every game from here. A guess ``g`` splits ``S`` by feedback into classes; then
``total(S) = |S| + Σ total(class)`` over the classes that are not the win, minimised over
``g``. The search is depth-first branch and bound:

- **Lower bounds.** One guess wins for at most one code, and leaves at most ``F − 1``
  classes (``F`` feedbacks, the win excluded): of ``m`` codes at most 1 finish at the
  first guess, ``F − 1`` at the second, ``(F − 1)²`` at the third, … Filling the levels
  in order gives a bound for every class, so each guess has a bound before it is searched
  and is searched only while its bound is below the best total found so far.
- **Symmetry.** Guesses that map onto each other under the colour and position renamings
  fixing every guess played split alike; one of each kind is scored
  (:meth:`Engine.guess_pool`). Guesses that split the candidates into the same classes
  are the same move, and only the lowest is kept.
- **Memoisation.** Every candidate set remembers its exact total, or the best lower
  bound proven for it when its search was cut off.

With ``max_guesses`` the search finds the fewest total among strategies that never need
more than that many guesses (the worst case first, then the total).

The search reports its bounds through a callback while it runs (``progress``). Its result
is a :class:`StrategyTree`, which :func:`save_tree` writes as a small JSON file and
:class:`Optimal` replays; the classic board's tree ships in ``data/``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from turing.core.errors import TuringError
from turing.i18n import _, format_number
from turing.mastermind.engine import Engine, History, Indices
from turing.mastermind.scoring import Feedback
from turing.mastermind.space import CodeSpace

INFINITE: Final = 1 << 40

SEARCH_LIMIT: Final = 216
"""The largest game, in codes, whose optimal tree is searched on first use. Every game of
at most 216 codes was searched in at most 6 s of processor time (the slowest: 5 positions ×
5 colours without repeats, 120 codes; measured by the sweep of
``benchmarks/mastermind_optimal.py``); larger ones take up to minutes (3 × 8, 512 codes:
16 s; classic 4 × 6: 36 s; 8 × 2, 256 codes: 246 s; Superhirn 4 × 8: 288 s) or more
(Master Collor 5 × 6 does not finish in ten). They are played only from a stored tree."""


class OptimalError(TuringError):
    """No stored optimal strategy for a game, or a stored one that does not fit it."""


class SearchStopped(TuringError):
    """The search ran out of its time before proving the optimum; the bounds so far."""

    def __init__(self, lower: int, upper: int | None) -> None:
        found = (
            _("no strategy yet")
            if upper is None
            else _("the best strategy found has {upper}").format(upper=format_number(upper))
        )
        super().__init__(
            _("stopped before the end: at least {lower} guesses in total; {found}").format(
                lower=format_number(lower), found=found
            )
        )
        self.lower = lower
        self.upper = upper


@dataclass(frozen=True)
class Progress:
    """Where the search stands: the optimum lies in ``lower … upper`` (``upper`` is the
    best strategy found so far, None before the first)."""

    lower: int
    upper: int | None
    seconds: float
    nodes: int
    note: str = ""

    def describe(self) -> str:
        upper = "—" if self.upper is None else format_number(self.upper)
        text = _("{seconds} s  total ≥ {lower}  best {upper}  ({nodes} candidate sets)").format(
            seconds=f"{format_number(self.seconds, 1):>8}",
            lower=format_number(self.lower),
            upper=upper,
            nodes=format_number(self.nodes),
        )
        return f"{text}  {self.note}" if self.note else text


ProgressCallback = Callable[[Progress], None]


@dataclass(frozen=True)
class StrategyTree:
    """A complete strategy: the guess to play after every history it can reach.

    ``guesses`` maps a history (the rows so far) to the next guess; a history with one
    candidate left is not stored (that candidate is played).
    """

    space: CodeSpace
    guesses: dict[History, int]
    total: int
    max_guesses: int | None = None

    def guess(self, engine: Engine, history: History, candidates: Indices) -> int | None:
        if len(candidates) == 1:
            return int(candidates[0])
        return self.guesses.get(history)


class _Entry:
    __slots__ = ("exact", "guess", "lower")

    def __init__(self, lower: int, exact: bool, guess: int) -> None:
        self.lower = lower
        self.exact = exact
        self.guess = guess


class _OutOfTime(Exception):
    pass


class OptimalSearch:
    """Exact search for the strategy of fewest total guesses over a set of secrets.

    ``seconds`` limits the time (:class:`SearchStopped` then gives the bounds), as read
    from ``clock`` (default the wall clock; ``time.process_time`` for processor time);
    ``symmetry=False`` scores every code at every node (for checking the reduction).
    """

    def __init__(
        self,
        engine: Engine,
        *,
        max_guesses: int | None = None,
        progress: ProgressCallback | None = None,
        seconds: float | None = None,
        symmetry: bool = True,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.symmetry = symmetry
        self.max_guesses = max_guesses
        self.progress = progress
        self.seconds = seconds
        self.nodes = 0
        self._started = 0.0
        self._last_report = 0.0
        self._memo: dict[tuple[bytes, int], _Entry] = {}
        self._win = engine.win_key
        self._size = engine.table.size
        self._branch = engine.feedback_count - 1
        n = len(engine.space)
        self._floor = _level_bounds(n, self._branch)
        self._capacity = _capacity(self._branch, max_guesses or 64)
        self._root_lower = 0
        self._root_upper: int | None = None

    # ------------------------------------------------------------------ public

    def _none_within(self, upper: int | None) -> str:
        """Why no strategy was found: the total ``upper`` or the guesses per game."""
        most = self.max_guesses
        if upper is None:
            return _("no strategy of at most {most} guesses per game").format(most=most)
        total = format_number(upper)
        if most is None:
            return _("no strategy of at most {upper} guesses in total").format(upper=total)
        return _("no strategy of at most {upper} guesses in total and {most} per game").format(
            upper=total, most=most
        )

    def solve(
        self, candidates: Indices | None = None, history: History = (), upper: int | None = None
    ) -> StrategyTree:
        """The optimal strategy for ``candidates`` (default: every code) after ``history``.

        ``upper`` is the total of a known strategy: the search only looks for strategies
        of at most that total (a good one makes it much faster). :class:`SearchStopped`
        if the time given runs out first.
        """
        engine = self.engine
        cands = engine.everything if candidates is None else np.asarray(candidates, np.int64)
        self._started = self.clock()
        self._last_report = self._started
        left = self.max_guesses if self.max_guesses is not None else INFINITE
        beta = INFINITE if upper is None else upper + 1
        played = tuple(sorted({g for g, _ in history}))
        self._root_lower = int(self._floor[len(cands)])
        try:
            value = self._solve(cands, played, beta, left, root=True)
        except _OutOfTime:
            raise SearchStopped(self._root_lower, self._root_upper) from None
        if value >= beta:
            raise OptimalError(self._none_within(upper))
        self._report(value, value, _("proved optimal"))
        guesses: dict[History, int] = {}
        self._collect(cands, played, history, left, guesses)
        return StrategyTree(engine.space, guesses, value, self.max_guesses)

    # ------------------------------------------------------------------ search

    def _solve(
        self, cands: Indices, played: tuple[int, ...], beta: int, left: int, root: bool = False
    ) -> int:
        """The exact total of ``cands`` if it is below ``beta``, else a lower bound ≥ beta."""
        n = len(cands)
        if left <= 0:
            return INFINITE
        if n == 1:
            return 1
        if n == 2:
            return 3 if left >= 2 else INFINITE
        if n > self._capacity[min(left, len(self._capacity) - 1)]:
            return INFINITE
        memo_key = (cands.astype(np.uint32).tobytes(), left if self.max_guesses else 0)
        entry = self._memo.get(memo_key)
        floor = int(self._floor[n])
        if entry is not None:
            if entry.exact or entry.lower >= beta:
                return entry.lower
            floor = max(floor, entry.lower)
        if floor >= beta:
            return floor
        self.nodes += 1
        if self.nodes % 512 == 0:
            self._tick()
        engine = self.engine
        if self.symmetry:
            pool = engine.guess_pool(tuple((g, 0) for g in played), cands)
        else:
            pool = engine.everything
        keys = engine.table.keys(pool, cands)
        counts = _counts(keys, self._size)
        wins = counts[:, self._win]
        open_counts = counts.copy()
        open_counts[:, self._win] = 0
        largest = open_counts.max(axis=1)
        class_floor = self._class_floor(left)
        bound = n + class_floor[open_counts].sum(axis=1)
        # Useless guesses leave every candidate in one class; equal splits are one move.
        useful = np.flatnonzero(largest < n)
        useful = useful[_distinct_rows(keys[useful])]
        parts = (counts[useful] > 0).sum(axis=1)
        order = useful[np.lexsort((pool[useful], -parts, -wins[useful], bound[useful]))]
        best = INFINITE
        best_guess = -1
        lower_all = INFINITE
        for position, index in enumerate(order.tolist()):
            cut = min(beta, best)
            at_least = int(bound[index])
            if at_least >= cut:
                lower_all = min(lower_all, at_least)
                break
            guess = int(pool[index])
            total = self._try(cands, keys[index], guess, played, at_least, cut, left, class_floor)
            if total < cut:
                best, best_guess = total, guess
            else:
                lower_all = min(lower_all, total)
            if root:
                rest = order[position + 1 :]
                ahead = int(bound[rest].min()) if len(rest) else INFINITE
                self._root_progress(min(best, lower_all, ahead), best, position + 1, len(order))
            if best <= floor:
                break
        if best < beta:
            self._memo[memo_key] = _Entry(best, True, best_guess)
            return best
        lower = max(floor, min(lower_all, best))
        self._memo[memo_key] = _Entry(lower, False, -1)
        return lower

    def _try(
        self,
        cands: Indices,
        row: npt.NDArray[np.uint8],
        guess: int,
        played: tuple[int, ...],
        at_least: int,
        cut: int,
        left: int,
        class_floor: npt.NDArray[np.int64],
    ) -> int:
        """The total with ``guess`` played if it is below ``cut``, else a bound ≥ cut."""
        order = np.argsort(row, kind="stable")
        ordered = row[order]
        edges = np.flatnonzero(ordered[1:] != ordered[:-1]) + 1
        starts = [0, *edges.tolist()]
        ends = [*edges.tolist(), len(row)]
        # Single codes need one guess more, already in the bound (the win needs none).
        classes = sorted(
            ((b - a, a, b) for a, b in zip(starts, ends, strict=True) if b - a > 1),
            key=lambda c: -c[0],
        )
        total = at_least
        after = (*played, guess) if guess not in played else played
        played_next = tuple(sorted(after))
        for size, a, b in classes:
            part = cands[np.sort(order[a:b])]
            expected = int(class_floor[size])
            value = self._solve(part, played_next, cut - (total - expected), left - 1)
            total += value - expected
            if total >= cut:
                return total
        return total

    def _class_floor(self, left: int) -> npt.NDArray[np.int64]:
        """Lower bound of the total of a class of each size with ``left − 1`` guesses left."""
        floor = self._floor.copy()
        if self.max_guesses is not None:
            capacity = self._capacity[min(max(left - 1, 0), len(self._capacity) - 1)]
            floor[capacity + 1 :] = INFINITE
            if left - 1 <= 0:
                floor[1:] = INFINITE
        floor[0] = 0
        return floor

    # ------------------------------------------------------------------ output

    def _collect(
        self,
        cands: Indices,
        played: tuple[int, ...],
        history: History,
        left: int,
        into: dict[History, int],
    ) -> None:
        n = len(cands)
        if n == 1:
            return
        if n == 2:
            guess = int(cands[0])
        else:
            memo_key = (cands.astype(np.uint32).tobytes(), left if self.max_guesses else 0)
            entry = self._memo[memo_key]
            guess = entry.guess
        into[history] = guess
        row = self.engine.table.row(guess, cands)
        after = tuple(sorted({*played, guess}))
        for key in np.unique(row).tolist():
            if key == self._win:
                continue
            self._collect(cands[row == key], after, (*history, (guess, key)), left - 1, into)

    def _tick(self) -> None:
        now = self.clock()
        if self.seconds is not None and now - self._started > self.seconds:
            raise _OutOfTime
        if now - self._last_report >= 5.0:
            self._report(self._root_lower, self._root_upper, _("searching"))

    def _root_progress(self, lower: int, best: int, done: int, count: int) -> None:
        if best < INFINITE:
            self._root_upper = best
        if lower < INFINITE:
            self._root_lower = max(self._root_lower, lower)
        self._report(
            self._root_lower,
            self._root_upper,
            _("first guesses done {done}/{count}").format(done=done, count=count),
        )

    def _report(self, lower: int, upper: int | None, note: str) -> None:
        now = self.clock()
        self._last_report = now
        if self.progress is not None:
            self.progress(Progress(lower, upper, now - self._started, self.nodes, note))


def _distinct_rows(keys: npt.NDArray[np.uint8]) -> Indices:
    """The first of each set of equal rows, in row order (hashed, then checked)."""
    rng = np.random.default_rng(len(keys[0]) if len(keys) else 0)
    weights = rng.integers(1, 1 << 62, size=keys.shape[1], dtype=np.int64)
    with np.errstate(over="ignore"):
        hashes = keys.astype(np.int64) @ weights
    _, first, inverse = np.unique(hashes, return_index=True, return_inverse=True)
    if not (keys == keys[first[inverse.reshape(-1)]]).all():
        _, first = np.unique(keys, axis=0, return_index=True)
    return np.sort(first)


def _counts(keys: npt.NDArray[np.uint8], size: int) -> npt.NDArray[np.int64]:
    rows = len(keys)
    flat = keys.astype(np.int64) + (np.arange(rows, dtype=np.int64) * size)[:, None]
    return np.bincount(flat.ravel(), minlength=rows * size).reshape(rows, size)


def _level_bounds(n: int, branch: int) -> npt.NDArray[np.int64]:
    """``floor[m]``: at least this many guesses in total for ``m`` codes (levels filled)."""
    floor = np.zeros(n + 1, dtype=np.int64)
    level, room, used, total = 1, 1, 0, 0
    for m in range(1, n + 1):
        if used == room:
            level, room, used = level + 1, room * branch, 0
        used += 1
        total += level
        floor[m] = total
    return floor


def _capacity(branch: int, depth: int) -> list[int]:
    """``capacity[d]``: the most codes any strategy can finish within ``d`` guesses."""
    capacity = [0]
    for _depth in range(depth):
        capacity.append(min(1 + branch * capacity[-1], INFINITE))
    return capacity


# ---------------------------------------------------------------------- files

DATA_PACKAGE: Final = "turing.mastermind.data"


def tree_name(space: CodeSpace, max_guesses: int | None = None) -> str:
    """The file name of a space's stored tree: ``optimal-4x6.json`` and the like."""
    name = f"optimal-{space.positions}x{space.colours}"
    if not space.repeats:
        name += "-norepeat"
    if space.blank:
        name += "-blank"
    if max_guesses is not None:
        name += f"-max{max_guesses}"
    return name + ".json"


def tree_to_json(tree: StrategyTree) -> dict[str, Any]:
    """The tree as nested rows: ``[guess, {"black white": subtree or null, …}]``, with
    codes as digits from 1 (null: one candidate left, which is played)."""
    space = tree.space
    engine = Engine(space)

    def code(index: int) -> str:
        return "".join(str(s + 1) for s in space.code(index))

    def node(history: History, cands: Indices) -> list[Any]:
        guess = tree.guesses[history]
        row = engine.table.row(guess, cands)
        children: dict[str, Any] = {}
        for key in np.unique(row).tolist():
            if key == engine.win_key:
                continue
            after = (*history, (guess, key))
            fb = Feedback.from_key(key, space.positions)
            children[f"{fb.black} {fb.white}"] = (
                node(after, cands[row == key]) if after in tree.guesses else None
            )
        return [code(guess), children]

    return {
        "positions": space.positions,
        "colours": space.colours,
        "repeats": space.repeats,
        "blank": space.blank,
        "max_guesses": tree.max_guesses,
        "total": tree.total,
        "tree": node((), engine.everything),
    }


def tree_from_json(data: dict[str, Any], space: CodeSpace) -> StrategyTree:
    """Read a tree written by :func:`tree_to_json` for ``space``; :class:`OptimalError`
    if it is for another game or does not parse."""
    try:
        same = (
            data["positions"] == space.positions
            and data["colours"] == space.colours
            and data["repeats"] == space.repeats
            and data["blank"] == space.blank
        )
        if not same:
            raise OptimalError(
                _("the stored tree is for another game than {game}").format(game=space.describe())
            )
        guesses: dict[History, int] = {}

        def code(text: str) -> int:
            return space.index(tuple(int(c) - 1 for c in text))

        def walk(node: list[Any], history: History) -> None:
            guess = code(node[0])
            guesses[history] = guess
            for pins, child in node[1].items():
                black, white = (int(x) for x in pins.split())
                key = Feedback(black, white).key(space.positions)
                if child is not None:
                    walk(child, (*history, (guess, key)))

        walk(data["tree"], ())
        return StrategyTree(space, guesses, int(data["total"]), data.get("max_guesses"))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, OptimalError):
            raise
        raise OptimalError(
            _("the stored tree does not parse: {error}").format(error=error)
        ) from None


def save_tree(tree: StrategyTree, path: Path) -> None:
    """Write the tree as compact JSON (atomically: a temporary file, then a rename)."""
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(tree_to_json(tree), separators=(",", ":")) + "\n")
    temporary.replace(path)


def stored_limits(space: CodeSpace) -> set[int | None]:
    """The trees for ``space`` that ship with the package, by their limit of guesses per
    game (None: the tree without a limit); empty when none does."""
    stem = tree_name(space).removesuffix(".json")
    limits: set[int | None] = set()
    for resource in resources.files(DATA_PACKAGE).iterdir():
        if not resource.name.endswith(".json"):
            continue
        name = resource.name.removesuffix(".json")
        if name == stem:
            limits.add(None)
        elif name.startswith(stem + "-max") and name.removeprefix(stem + "-max").isdigit():
            limits.add(int(name.removeprefix(stem + "-max")))
    return limits


def stored_tree(space: CodeSpace, max_guesses: int | None = None) -> StrategyTree | None:
    """The tree shipped with the package for ``space``, if there is one."""
    resource = resources.files(DATA_PACKAGE).joinpath(tree_name(space, max_guesses))
    if not resource.is_file():
        return None
    return tree_from_json(json.loads(resource.read_text(encoding="utf-8")), space)
