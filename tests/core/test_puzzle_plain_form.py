"""Documents in the plain form the tools write are read by a shorter path; it must give
exactly what the full check gives, and leave every other document to the full check."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turing.core.cards import load_cardset
from turing.core.puzzle import (
    Puzzle,
    PuzzleError,
    _checked_puzzle,
    _plain_puzzle,
    line_places,
    puzzle_from_data,
)
from turing.generation.generator import generate

CS = load_cardset("classic")
WHERE = line_places("<test>", 1)

#: One generated puzzle of each mode and verifier count, as the tools write them.
BASES: list[dict[str, Any]] = [
    puzzle.to_dict()
    for mode in ("classic", "extreme", "nightmare")
    for verifiers in (4, 6)
    for puzzle in generate(1, verifiers=verifiers, mode=mode, seed=7, metrics="none")
]

KEYS = ("mode", "cards", "criteria", "real_cards", "solution", "id", "cardset", "note")

#: Values a field may be given instead: wrong types, near misses, odd spellings.
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.sampled_from(
        [
            "classic",
            "Classic",
            "extreme",
            "NIGHTMARE",
            "nightmare",
            " classic ",
            "",
            "241",
            "2,4,1",
            "611",
            "24",
            "abc",
            241,
            1.0,
        ]
    ),
    st.lists(st.integers(min_value=0, max_value=50), max_size=7),
    st.lists(st.lists(st.integers(min_value=1, max_value=48), max_size=3), max_size=7),
    st.tuples(st.integers(min_value=1, max_value=48)),
)


def _outcome(doc: Any) -> tuple[Puzzle, dict[str, Any]] | str:
    try:
        puzzle = _checked_puzzle(copy.deepcopy(doc), WHERE, CS, None)
    except PuzzleError as exc:
        return exc.code
    return puzzle, dict(puzzle.extra)


def _agrees(doc: dict[str, Any]) -> None:
    full = _outcome(doc)
    quick = _plain_puzzle(copy.deepcopy(doc), CS)
    if quick is None:
        return
    assert not isinstance(full, str), f"the short path took a document the check refuses ({full})"
    assert quick == full[0]
    assert dict(quick.extra) == full[1]
    assert quick.mode is full[0].mode
    # The same object, attribute for attribute (the short path sets them at once).
    assert vars(quick) == vars(full[0])


@pytest.mark.parametrize("base", BASES, ids=lambda d: f"{d['mode']}-{len(d['cards'])}")
def test_the_tools_own_documents_take_the_short_path(base: dict[str, Any]) -> None:
    quick = _plain_puzzle(copy.deepcopy(base), CS)
    assert quick is not None
    assert quick == puzzle_from_data(copy.deepcopy(base), WHERE, CS)
    assert quick == _checked_puzzle(copy.deepcopy(base), WHERE, CS, None)
    assert vars(quick) == vars(_checked_puzzle(copy.deepcopy(base), WHERE, CS, None))
    public = {k: v for k, v in base.items() if k not in ("criteria", "real_cards", "solution")}
    assert _plain_puzzle(public, CS) == _checked_puzzle(public, WHERE, CS, None)


@settings(max_examples=600, deadline=None)
@given(
    base=st.sampled_from(BASES),
    changes=st.lists(
        st.tuples(st.sampled_from(KEYS), st.one_of(st.just("<drop>"), ODD_VALUES)), max_size=3
    ),
)
def test_the_short_path_agrees_with_the_full_check(
    base: dict[str, Any], changes: list[tuple[str, Any]]
) -> None:
    doc = copy.deepcopy(base)
    for key, value in changes:
        if value == "<drop>":
            doc.pop(key, None)
        else:
            doc[key] = value
    _agrees(doc)


@settings(max_examples=400, deadline=None)
@given(
    base=st.sampled_from(BASES),
    field=st.sampled_from(["cards", "criteria", "real_cards"]),
    index=st.integers(min_value=0, max_value=5),
    value=st.one_of(
        st.integers(min_value=-1, max_value=50),
        st.booleans(),
        st.lists(st.integers(min_value=1, max_value=48), max_size=3),
        st.text(max_size=2),
    ),
)
def test_one_wrong_item_in_a_list_goes_to_the_full_check(
    base: dict[str, Any], field: str, index: int, value: Any
) -> None:
    doc = copy.deepcopy(base)
    items = doc.get(field)
    if not isinstance(items, list) or not items:
        return
    items[index % len(items)] = value
    _agrees(doc)


def test_a_refused_document_keeps_its_message() -> None:
    doc = copy.deepcopy(BASES[0])
    doc["criteria"] = [*doc["criteria"][:-1], 9]
    assert _plain_puzzle(doc, CS) is None
    with pytest.raises(PuzzleError, match="does not exist"):
        puzzle_from_data(doc, WHERE, CS)


@pytest.mark.parametrize("base", BASES, ids=lambda d: f"{d['mode']}-{len(d['cards'])}")
def test_a_card_given_twice_goes_to_the_full_check(base: dict[str, Any]) -> None:
    count = len(base["cards"])
    for i in range(count):
        for j in range(count):
            for field in ("cards", "real_cards"):
                doc = copy.deepcopy(base)
                if i == j or field not in doc:
                    continue
                doc[field][i] = copy.deepcopy(doc[field][j])
                _agrees(doc)
                assert _plain_puzzle(doc, CS) is None
