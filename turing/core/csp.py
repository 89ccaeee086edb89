"""The reference path: the solver's questions answered by python-constraint.

Slow on purpose-free grounds: it states each question as a constraint problem over the
digit variables ``b y p`` (and, for deduction, one variable per verifier for its rule) and
lets the CSP solver enumerate. Tests cross-check :mod:`turing.core.solver` against it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

import constraint

from turing.core.cards import CardSet
from turing.core.codes import Code
from turing.core.puzzle import Puzzle
from turing.core.solver import (
    Deduction,
    Hypothesis,
    Option,
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


def deduce(puzzle: Puzzle, cardset: CardSet) -> Deduction:
    """Every valid assignment and its code, by CSP enumeration (the reference for
    :func:`turing.solver.deduce`)."""
    options = verifier_options(puzzle, cardset)
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
    codes_by_assignment: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for sol in problem.getSolutions():
        key = tuple(sol[name] for name in names)
        codes_by_assignment[key].append(Code(sol["b"], sol["y"], sol["p"]).index)
    hypotheses: list[Hypothesis] = []
    for key, codes in codes_by_assignment.items():
        if len(codes) != 1:
            continue
        chosen = tuple(options[v][k] for v, k in enumerate(key))
        if validity_of_masks([o.mask for o in chosen]).redundant:
            continue
        hypotheses.append(Hypothesis(chosen, codes[0]))
    hypotheses.sort(key=lambda h: (h.code, h.cards, h.criteria))
    return Deduction(puzzle, tuple(hypotheses))
