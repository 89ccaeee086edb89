"""Checking a codemaker's feedback: is there still a secret that explains every row?

When a person scores the rows by hand they can err. After each typed feedback the engine
asks whether any code gives all rows their feedback; when none does, it names a minimal
set of rows that cannot all be true (dropping any one of them leaves a possible secret).
"""

from __future__ import annotations

from turing.mastermind.engine import Engine, History


def is_possible(engine: Engine, history: History) -> bool:
    """Whether some code of the space gives every row its feedback."""
    return len(engine.consistent(history)) > 0


def conflicting_rows(engine: Engine, history: History) -> list[int]:
    """0-based numbers of a minimal set of rows no secret satisfies together.

    Empty when the rows are consistent. Rows are dropped from the first on while the rest
    still conflict, so the set keeps the latest rows it can.
    """
    if is_possible(engine, history):
        return []
    keep = list(range(len(history)))
    for row in range(len(history)):
        trial = [i for i in keep if i != row]
        if not is_possible(engine, tuple(history[i] for i in trial)):
            keep = trial
    return keep
