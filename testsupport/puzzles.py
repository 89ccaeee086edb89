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


def box_answer(puzzle: Puzzle, code: str, verifier: int | str) -> bool:
    """What the physical verifier ``verifier`` (an index, or its letter) answers to
    ``code``: a stand-in box made of the puzzle's hidden criteria, for games beside the box."""
    from turing.core.cards import load_cardset
    from turing.core.codes import Code
    from turing.core.puzzle import LETTERS
    from turing.core.solver import hidden_masks

    index = LETTERS.index(verifier) if isinstance(verifier, str) else verifier
    masks = hidden_masks(puzzle, load_cardset(puzzle.cardset or "classic"))
    return bool(masks[index] >> Code.parse(code).index & 1)
