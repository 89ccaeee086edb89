"""Tables derived from a card set belong to that card set: a set loaded again from a
changed file is a new set with new tables, and two sets never share tables."""

from __future__ import annotations

import gc
import os
from dataclasses import replace
from pathlib import Path

from testsupport.cli import ROOT
from turing.analysis.greedy import hypothesis_table
from turing.core.cards import CardSet, load_cardset
from turing.core.knowledge import public_deduction
from turing.core.puzzle import Puzzle
from turing.generation.generator import catalogue_plan, generate_one, tables_for
from turing.generation.metrics import shapes_touched

#: a small shipped set, copied to a temporary file and edited there
CARDS = (ROOT / "cards/examples/primes.yaml").read_text(encoding="utf-8")
EDITED_CRITERION = ("b == 2 or b == 3 or b == 5", "b == 2 or b == 3 or b == 4")


def _write(path: Path, text: str, stamp: int) -> None:
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stamp, stamp))


def test_a_changed_file_gives_a_new_set_with_new_tables(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    _write(path, CARDS, 1_000_000_000_000_000_000)
    first = load_cardset(path)
    assert load_cardset(path) is first  # unchanged: the same set, its tables kept
    old_tables, old_plan = tables_for(first), catalogue_plan(first, 3)
    assert tables_for(first) is old_tables and catalogue_plan(first, 3) is old_plan

    # same size and time stamp as far as a coarse clock goes: the contents decide
    _write(path, CARDS.replace(*EDITED_CRITERION), 1_000_000_000_000_000_000)
    second = load_cardset(path)
    assert second is not first
    new_tables = tables_for(second)
    assert new_tables is not old_tables and new_tables.cardset is second
    assert new_tables.by_card[1] != old_tables.by_card[1]
    assert catalogue_plan(second, 3) is not old_plan
    assert tables_for(first) is old_tables  # the old set keeps its own


def test_a_set_named_by_its_path_string_sees_edits_in_generation(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    _write(path, CARDS, 1_000_000_000_000_000_000)
    before = generate_one(verifiers=4, seed=3, cardset=str(path))
    _write(path, CARDS.replace("name: primes", "name: primes2"), 1_000_000_000_000_000_000)
    assert load_cardset(path).name == "primes2"
    after = generate_one(verifiers=4, seed=3, cardset=str(path))
    assert tables_for(load_cardset(path)).cardset.name == "primes2"
    assert before.cards == after.cards  # same cards in the file, same puzzle


def test_two_card_sets_never_share_tables() -> None:
    classic = load_cardset("classic")
    twin = replace(classic)  # equal content, another set
    assert twin == classic and twin is not classic
    assert tables_for(twin) is not tables_for(classic)
    assert catalogue_plan(twin, 4) is not catalogue_plan(classic, 4)
    puzzle = Puzzle(cards=((4,), (9,), (11,), (14,)))
    assert public_deduction(puzzle, twin) is not public_deduction(puzzle, classic)
    assert hypothesis_table(puzzle, twin) is not hypothesis_table(puzzle, classic)


def test_a_new_set_never_receives_the_tables_of_a_freed_one() -> None:
    """Sets made and dropped one after the other (a freed set's id is often reused)."""
    classic = load_cardset("classic")
    numbers = sorted(classic.cards)
    puzzle = Puzzle(cards=((4,), (9,), (11,), (14,)))
    for k in range(30):
        # the same card numbers, but each round's set swaps two criteria of card 4
        cards = dict(classic.cards)
        card = cards[4]
        if k % 2:
            crit = card.criteria
            swapped = (replace(crit[0], mask=crit[1].mask), replace(crit[1], mask=crit[0].mask))
            cards[4] = replace(card, criteria=swapped + crit[2:])
        cs = CardSet(f"round {k}", cards)
        tables = tables_for(cs)
        assert tables.cardset is cs
        assert tables.by_card[4] == tuple(
            (c.card, c.position, c.mask) for c in cs.cards[4].criteria
        )
        deduction = public_deduction(puzzle, cs)
        masks = {(o.card, o.position): o.mask for h in deduction.hypotheses for o in h.options}
        assert all(cs.card(c).criterion(p).mask == m for (c, p), m in masks.items())
        assert shapes_touched(cs, 4) == 1
        assert catalogue_plan(cs, 2).options == tuple(
            sorted((c.card, c.position, c.mask) for card in cs for c in card.criteria)
        )
        del cs, tables, deduction
        gc.collect()
    assert numbers == sorted(classic.cards)


def test_a_card_set_is_pickled_without_its_tables() -> None:
    import pickle

    classic = load_cardset("classic")
    tables_for(classic)
    copy = pickle.loads(pickle.dumps(classic))
    assert copy == classic
    assert tables_for(copy) is not tables_for(classic)
