"""The reference path: the solver's questions answered by python-constraint.

Slow on purpose-free grounds: it states each question as a constraint problem over the
digit variables ``b y p`` (and, for deduction, one variable per verifier for its rule) and
lets the CSP solver enumerate. Tests cross-check :mod:`turing.core.solver` against it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import constraint

from turing.core.cards import CardSet
from turing.core.codes import NUM_CODES, Code
from turing.core.puzzle import Puzzle
from turing.core.solver import (
    Deduction,
    Hypothesis,
    Option,
    TooLarge,
    Validity,
    hidden_masks,
    verifier_options,
)

_DIGITS = [1, 2, 3, 4, 5]


def _meets(mask: int) -> constraint.FunctionConstraint:
    def check(b: int, y: int, p: int) -> bool:
        return bool(mask >> Code(b, y, p).index & 1)

    return constraint.FunctionConstraint(check)


def _digit_problem() -> constraint.Problem:
    problem = constraint.Problem()
    problem.addVariables(["b", "y", "p"], _DIGITS)
    return problem


def codes_meeting(masks: Sequence[int]) -> int:
    """The mask of codes meeting every criterion, enumerated by the CSP solver."""
    problem = _digit_problem()
    for mask in masks:
        problem.addConstraint(_meets(mask), ["b", "y", "p"])
    found = 0
    for sol in problem.getSolutions():
        found |= Code(sol["b"], sol["y"], sol["p"]).bit
    return found


def validity_of_masks(masks: Sequence[int]) -> Validity:
    total = codes_meeting(masks)
    redundant = tuple(
        v
        for v in range(len(masks))
        if codes_meeting([m for w, m in enumerate(masks) if w != v]) == total
    )
    return Validity(total, redundant)


def validity(puzzle: Puzzle, cardset: CardSet) -> Validity:
    return validity_of_masks(hidden_masks(puzzle, cardset))


#: The most pairs of a code and a criteria assignment :func:`deduce` enumerates when
#: bounded (``limit``): about a minute of work. A nightmare puzzle of 6 verifiers has
#: some 10⁹, an extreme one of 6 about 10⁶; 4 or 5 classic verifiers some 10⁴.
MAX_PAIRS: Final = 1_000_000


def enumeration_size(options: Sequence[Sequence[Option]]) -> int:
    """How many pairs of a code and a criteria assignment (one option per verifier) meet
    each other: what :func:`deduce` enumerates, distinct cards not yet required."""
    return sum(
        math.prod(sum(o.mask >> c & 1 for o in opts) for opts in options) for c in range(NUM_CODES)
    )


def deduce(puzzle: Puzzle, cardset: CardSet, limit: int | None = None) -> Deduction:
    """Every valid assignment and its code, by CSP enumeration (the reference for
    :func:`turing.solver.deduce`).

    The solutions are streamed, one number kept per assignment. With ``limit``, a puzzle
    whose enumeration (:func:`enumeration_size`) goes beyond it raises :class:`TooLarge`
    before any work.
    """
    options = verifier_options(puzzle, cardset)
    if limit is not None:
        size = enumeration_size(options)
        if size > limit:
            raise TooLarge(size, limit)
    n = len(options)
    problem = _digit_problem()
    names = [f"v{v}" for v in range(n)]
    for v, name in enumerate(names):
        problem.addVariable(name, list(range(len(options[v]))))

        def holds(b: int, y: int, p: int, k: int, _opts: Sequence[Option] = options[v]) -> bool:
            return bool(_opts[k].mask >> Code(b, y, p).index & 1)

        problem.addConstraint(constraint.FunctionConstraint(holds), ["b", "y", "p", name])
    if puzzle.mode_class.hidden_mapping:
        for v in range(n):
            for w in range(v + 1, n):

                def distinct(
                    i: int,
                    j: int,
                    _a: Sequence[Option] = options[v],
                    _b: Sequence[Option] = options[w],
                ) -> bool:
                    return _a[i].card != _b[j].card

                problem.addConstraint(constraint.FunctionConstraint(distinct), [names[v], names[w]])
    # An assignment's code, or -1 once a second code meets it: solutions are streamed, so
    # memory holds one number per assignment, never every solution at once.
    code_of: dict[tuple[int, ...], int] = {}
    for sol in problem.getSolutionIter():
        key = tuple([sol[name] for name in names])
        code = Code(sol["b"], sol["y"], sol["p"]).index
        code_of[key] = code if key not in code_of else -1
    hypotheses: list[Hypothesis] = []
    for key, code in code_of.items():
        if code < 0:
            continue
        chosen = tuple(options[v][k] for v, k in enumerate(key))
        if validity_of_masks([o.mask for o in chosen]).redundant:
            continue
        hypotheses.append(Hypothesis(chosen, code))
    hypotheses.sort(key=lambda h: (h.code, h.cards, h.criteria))
    return Deduction(puzzle, tuple(hypotheses))
