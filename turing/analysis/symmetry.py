"""Interchangeable verifier letters of a hypothesis set, and of the states a search reaches.

Two letters *a* and *b* are interchangeable in a set of hypotheses when swapping what the
two verifiers hold maps the set onto itself, each assignment keeping its weight. In
nightmare every letter is interchangeable with every other before any test (each dealing
of the shown cards to the letters is equally possible); in extreme and classic, letters
whose verifiers offer the same criteria are (the cards behind a verifier never matter to
its answers, only its criterion's codes do, so a verifier's two cards are already one).

Swaps are transpositions, and transpositions that keep a set generate a group that keeps
it: so the interchangeable letters form classes (a partition), and any permutation within
each class keeps the set. A :data:`Partition` lists the classes of two letters or more.

A test on letter *v* keeps the other letters of *v*'s class interchangeable (both answers
are sets the swaps of those letters keep), so a search that knows a state's classes knows
its children's: :meth:`LetterSymmetry.child`. And since swapping letters of a class maps
a state onto itself, testing any letter of a class divides the state the way testing the
lowest one does, up to that swap: only the lowest letter of each class is a move worth
searching (:meth:`LetterSymmetry.moves`). docs/analysis.md gives the whole argument.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from turing.core.codes import CODE_PERMUTATIONS, indices

#: Classes of interchangeable letters (two or more each), each sorted, sorted by first.
Partition = tuple[tuple[int, ...], ...]

NO_SYMMETRY: Final[Partition] = ()

#: The most distances between the groups a swap exchanges for which :meth:`of_state`
#: compares a state with its image as ints, shift by shift (beyond, as arrays).
MAX_SHIFTS: Final = 16


def _swap(key: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    out = list(key)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


class LetterSymmetry:
    """The interchangeable letters of a weighted set of mask tuples (a search's groups).

    ``keys[g]``: the mask each verifier holds in group ``g``; ``weights[g]``: how many
    assignments the group stands for.
    """

    def __init__(self, keys: Sequence[tuple[int, ...]], weights: Sequence[int]) -> None:
        self.keys: Final = keys
        self.size: Final = len(keys)
        self._index = {k: g for g, k in enumerate(keys)}
        self._weights = weights
        self._perm: dict[tuple[int, int], np.ndarray[Any, Any]] = {}
        self._shifts: dict[tuple[int, int], tuple[tuple[int, int], ...] | None] = {}
        self._moves: dict[Partition, tuple[int, ...]] = {}
        self._child: dict[tuple[Partition, int], Partition] = {}
        self._rep: dict[tuple[Partition, int], int] = {}
        self.root: Final = self._root_classes()

    # -- the whole set ------------------------------------------------------------------------

    def _keeps_all(self, a: int, b: int) -> bool:
        """Does swapping letters ``a`` and ``b`` map every group onto one of equal weight?"""
        index, weights = self._index, self._weights
        for g, key in enumerate(self.keys):
            h = index.get(_swap(key, a, b))
            if h is None or weights[h] != weights[g]:
                return False
        return True

    def _root_classes(self) -> Partition:
        if not self.keys:
            return NO_SYMMETRY
        letters = len(self.keys[0])
        # Letters can only be interchangeable when they hold the same weighted masks.
        profile: dict[tuple[tuple[int, int], ...], list[int]] = {}
        for v in range(letters):
            counts: dict[int, int] = {}
            for key, w in zip(self.keys, self._weights, strict=True):
                counts[key[v]] = counts.get(key[v], 0) + w
            profile.setdefault(tuple(sorted(counts.items())), []).append(v)
        classes: list[tuple[int, ...]] = []
        for candidates in profile.values():
            if len(candidates) > 1:
                classes.extend(self._split(candidates, self._keeps_all))
        return tuple(sorted(classes))

    @staticmethod
    def _split(letters: Sequence[int], swaps: Any) -> list[tuple[int, ...]]:
        """The classes among ``letters`` under ``swaps(a, b)`` (an equivalence: the swaps
        that keep a set generate permutations that keep it), of two letters or more."""
        found: list[list[int]] = []
        for x in letters:
            for cls in found:
                if swaps(cls[0], x):
                    cls.append(x)
                    break
            else:
                found.append([x])
        return [tuple(c) for c in found if len(c) > 1]

    # -- partitions ----------------------------------------------------------------------------

    def moves(self, part: Partition, letters: int) -> tuple[int, ...]:
        """The letters worth testing in a state with classes ``part``: the lowest of each
        class, and every letter in no class."""
        got = self._moves.get(part)
        if got is None:
            skip = {v for cls in part for v in cls[1:]}
            got = tuple(v for v in range(letters) if v not in skip)
            self._moves[part] = got
        return got

    def child(self, part: Partition, v: int) -> Partition:
        """The classes of both states a test on letter ``v`` leaves: ``v`` leaves its class."""
        key = (part, v)
        got = self._child.get(key)
        if got is None:
            out: list[tuple[int, ...]] = []
            for cls in part:
                if v in cls:
                    cls = tuple(x for x in cls if x != v)
                if len(cls) > 1:
                    out.append(cls)
            got = tuple(sorted(out))
            self._child[key] = got
        return got

    def rep(self, part: Partition, v: int) -> int:
        """The letter whose tests stand for ``v``'s (the lowest of its class)."""
        key = (part, v)
        got = self._rep.get(key)
        if got is None:
            got = next((cls[0] for cls in part if v in cls), v)
            self._rep[key] = got
        return got

    # -- one state ---------------------------------------------------------------------------

    def _permutation(self, a: int, b: int) -> np.ndarray[Any, Any]:
        """Group ``g`` → the group with letters ``a`` and ``b`` swapped (a root symmetry)."""
        perm = self._perm.get((a, b))
        if perm is None:
            perm = np.fromiter(
                (self._index[_swap(key, a, b)] for key in self.keys),
                dtype=np.int64,
                count=self.size,
            )
            self._perm[(a, b)] = perm
        return perm

    def _shifts_of(self, a: int, b: int) -> tuple[tuple[int, int], ...] | None:
        """The swap of ``a`` and ``b`` as masks by distance: ``(d, mask)`` where ``mask``
        holds each group ``g`` whose image is ``g + d`` (the swap is its own inverse, so
        every group moved is one of such a pair); None when there are more distances than
        :data:`MAX_SHIFTS`, where comparing arrays costs less."""
        key = (a, b)
        if key in self._shifts:
            return self._shifts[key]
        masks: dict[int, int] = {}
        for g, h in enumerate(self._permutation(a, b).tolist()):
            if h > g:
                masks[h - g] = masks.get(h - g, 0) | 1 << g
        got = tuple(sorted(masks.items())) if len(masks) <= MAX_SHIFTS else None
        self._shifts[key] = got
        return got

    def of_state(self, state: int) -> Partition:
        """The classes of the root that ``state`` (a bitset over the groups) still keeps.

        Only swaps of letters interchangeable at the root are tried, so the answer may miss
        a symmetry a later state gains by chance; what it gives is always a true symmetry.
        A swap keeps the state when each pair of groups it exchanges is both in or both
        out: for the pairs ``d`` apart, ``(state >> d) ^ state`` is 0 on their lower groups.
        """
        if not self.root:
            return NO_SYMMETRY
        flags: np.ndarray[Any, Any] | None = None

        def keeps(a: int, b: int) -> bool:
            nonlocal flags
            shifts = self._shifts_of(a, b)
            if shifts is not None:
                return all(((state >> d) ^ state) & mask == 0 for d, mask in shifts)
            if flags is None:
                raw = np.frombuffer(state.to_bytes(self.size // 8 + 1, "little"), dtype=np.uint8)
                flags = np.unpackbits(raw, bitorder="little")[: self.size].astype(bool)
            return bool(np.array_equal(flags[self._permutation(a, b)], flags))

        classes: list[tuple[int, ...]] = []
        for cls in self.root:
            classes.extend(self._split(cls, keeps))
        return tuple(sorted(classes))


def code_symmetries(keys: Sequence[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The permutations of ``keys`` (each an assignment: a code mask per letter) that a
    permutation of the code space's places and digits makes, where it maps every
    assignment onto another (:data:`~turing.core.codes.CODE_PERMUTATIONS`); each as the
    index of every key's image, the identity left out.

    Such a permutation π keeps the letters and maps an assignment's code to its image's
    (the code is what every mask holds), and the test of code *c* on a letter answers an
    assignment as the test of π(*c*) on the same letter answers its image. So a set of
    assignments and its image need the same tests, in the worst case and on average
    (weights aside): whatever a search proves for one holds for the other.
    """
    index = {k: g for g, k in enumerate(keys)}
    out: list[tuple[int, ...]] = []
    for perm in CODE_PERMUTATIONS[1:]:
        image: dict[int, int] = {}

        def of(mask: int, perm: tuple[int, ...] = perm, image: dict[int, int] = image) -> int:
            got = image.get(mask)
            if got is None:
                got = 0
                for c in indices(mask):
                    got |= 1 << perm[c]
                image[mask] = got
            return got

        groups: list[int] = []
        for k in keys:
            g = index.get(tuple(of(m) for m in k))
            if g is None:
                break
            groups.append(g)
        else:
            if any(g != i for i, g in enumerate(groups)):
                out.append(tuple(groups))
    return tuple(out)


__all__ = ["NO_SYMMETRY", "LetterSymmetry", "Partition", "code_symmetries"]
