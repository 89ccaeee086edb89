"""The shipped puzzles give nothing away about one another or through their tables.

Puzzles on the same cards (a classic puzzle's cards laid out again as an extreme puzzle's
real cards, or as a nightmare puzzle's shown cards) must not share a hidden side or a code:
a player who has played or given up the one would know the other. An extreme puzzle's real
cards must not all be the lower (or all the higher) card of their pairs, and its pairs are
written smaller card first; a nightmare puzzle's cards are not dealt in the order shown.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

from testsupport.cli import ROOT
from turing.core.cards import CardSet
from turing.core.puzzle import Loaded, iter_puzzle_file
from turing.core.solver import solutions

PUZZLES = ROOT / "puzzles"


def shipped() -> list[Loaded]:
    """Every puzzle under ``puzzles/`` and its folders."""
    return [
        loaded
        for path in sorted(PUZZLES.rglob("*"))
        if path.suffix.lower() in (".yaml", ".yml", ".json", ".jsonl")
        for loaded in iter_puzzle_file(path)
    ]


def where(loaded: Loaded) -> str:
    return f"{loaded.source}:{loaded.line} ({loaded.puzzle.id})"


def cards_meaning(cardset: CardSet) -> Hashable:
    """The card set as far as the puzzles go: each card's criteria (however it is named)."""
    return tuple(sorted(cardset.masks.items()))


def card_choices(loaded: Loaded) -> set[tuple[int, ...]]:
    """The sets of cards a player may take to be the real ones (sorted): one for classic and
    nightmare, one per choice of a card of each pair for extreme."""
    return {tuple(sorted(choice)) for choice in itertools.product(*loaded.puzzle.cards)}


def hidden_side(loaded: Loaded) -> tuple[tuple[int, int], ...]:
    """The real (card, criterion) pairs, whatever verifier holds them."""
    puzzle = loaded.puzzle
    assert puzzle.true_cards is not None and puzzle.criteria is not None, where(loaded)
    return tuple(sorted(zip(puzzle.true_cards, puzzle.criteria, strict=True)))


def code(loaded: Loaded) -> str:
    found = solutions(loaded.puzzle, loaded.cardset)
    assert len(found) == 1, where(loaded)
    return str(next(iter(found)))


def test_every_shipped_puzzle_gives_its_hidden_side() -> None:
    everything = shipped()
    assert {p.puzzle.mode.value for p in everything} == {"classic", "extreme", "nightmare"}
    for loaded in everything:
        assert loaded.puzzle.has_hidden, where(loaded)


def test_no_two_shipped_puzzles_on_the_same_cards_share_a_hidden_side_or_a_code() -> None:
    compared = 0
    for one, other in itertools.combinations(shipped(), 2):
        if cards_meaning(one.cardset) != cards_meaning(other.cardset):
            continue
        if not card_choices(one) & card_choices(other):
            continue
        if one.puzzle.canonical_key() == other.puzzle.canonical_key():
            continue  # the same puzzle in two files (the sample is problem 01 again)
        compared += 1
        pair = f"{where(one)} and {where(other)}"
        assert hidden_side(one) != hidden_side(other), pair
        assert code(one) != code(other), pair
    assert compared >= 4  # each extreme and nightmare puzzle shares its cards with a classic


def test_no_shipped_extreme_puzzle_hides_its_real_cards_in_one_side_of_the_pairs() -> None:
    extreme = [p for p in shipped() if p.puzzle.mode.has_decoys]
    assert extreme
    for loaded in extreme:
        puzzle = loaded.puzzle
        assert puzzle.true_cards is not None, where(loaded)
        lower = [
            real == min(pair) for real, pair in zip(puzzle.true_cards, puzzle.cards, strict=True)
        ]
        assert any(lower) and not all(lower), where(loaded)
        assert all(list(pair) == sorted(pair) for pair in puzzle.cards), where(loaded)


def test_no_shipped_nightmare_puzzle_deals_its_cards_in_the_order_shown() -> None:
    nightmare = [p for p in shipped() if p.puzzle.mode.hidden_mapping]
    assert nightmare
    for loaded in nightmare:
        assert loaded.puzzle.true_cards != loaded.puzzle.shown_cards, where(loaded)
