"""Detecting feedback no secret could have produced, and naming the rows."""

from __future__ import annotations

from turing.mastermind.engine import Engine
from turing.mastermind.feedback_check import conflicting_rows, is_possible
from turing.mastermind.scoring import Feedback
from turing.mastermind.space import CodeSpace

SPACE = CodeSpace(4, 6)
ENGINE = Engine(SPACE)


def row(code: str, black: int, white: int) -> tuple[int, int]:
    symbols = tuple(int(c) - 1 for c in code)
    return SPACE.index(symbols), Feedback(black, white).key(4)


def test_consistent_rows_have_no_conflict() -> None:
    history = (row("1122", 1, 1), row("1344", 0, 2))
    assert is_possible(ENGINE, history)
    assert conflicting_rows(ENGINE, history) == []


def test_names_a_minimal_set_of_rows() -> None:
    history = (
        row("1122", 0, 0),  # no 1 and no 2
        row("3456", 1, 1),  # harmless
        row("1234", 0, 1),  # only one of 3, 4 — fine so far
        row("2111", 2, 0),  # two right, but 1 and 2 are absent: contradicts row 1
    )
    assert conflicting_rows(ENGINE, history) == [0, 3]


def test_a_single_row_can_be_impossible() -> None:
    history = (row("1111", 0, 1),)  # four 1s: one 1 in the secret is a black pin
    assert conflicting_rows(ENGINE, history) == [0]


def test_every_dropped_row_restores_a_secret() -> None:
    history = (row("1234", 4, 0), row("5566", 0, 1), row("1111", 1, 0))
    conflict = conflicting_rows(ENGINE, history)
    assert conflict
    for i in conflict:
        rest = tuple(history[j] for j in conflict if j != i)
        assert is_possible(ENGINE, rest)
