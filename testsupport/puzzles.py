"""Small puzzles the game tests play, one of each mode: quick to deduce, every rule met."""

from __future__ import annotations

from typing import Final

from turing.core.puzzle import Puzzle

#: Rule-book problem 01: cards 4, 9, 11, 14; criteria 2, 1, 1, 3; solution 241.
P01: Final = Puzzle(cards=((4,), (9,), (11,), (14,)), criteria=(2, 1, 1, 3), id="01")
EXTREME: Final = Puzzle(
    cards=((25, 4), (33, 9), (13, 44), (36, 17)),
    mode="extreme",
    real_cards=(4, 9, 13, 17),
    criteria=(1, 3, 3, 1),
)
NIGHTMARE: Final = Puzzle(
    cards=((3,), (7,), (10,), (14,)),
    mode="nightmare",
    real_cards=(10, 3, 14, 7),
    criteria=(2, 2, 2, 2),
)
