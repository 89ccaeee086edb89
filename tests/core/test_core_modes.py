"""A puzzle's mode is a value with behaviour; documents still say classic|extreme|nightmare."""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

import pytest

from turing.core.errors import TuringError
from turing.core.puzzle import MODES, Mode, Puzzle, mode_of, puzzle_from_dict


def test_a_mode_is_its_document_name() -> None:
    assert list(MODES) == ["classic", "extreme", "nightmare"]
    assert [str(m) for m in Mode] == list(MODES)
    name: str = "extreme"
    # The mode on the left on purpose: a Mode compares equal to its document name.
    assert Mode.EXTREME == name and f"{Mode.NIGHTMARE}" == "nightmare"  # noqa: SIM300
    assert mode_of("Nightmare") is Mode.NIGHTMARE is Mode.parse(Mode.NIGHTMARE)
    with pytest.raises(TuringError, match="unknown mode 'chaos'"):
        Mode.parse("chaos")


@pytest.mark.parametrize(
    ("mode", "letter", "per_verifier", "decoys", "hidden", "real"),
    [
        (Mode.CLASSIC, "C", 1, False, False, True),
        (Mode.EXTREME, "E", 2, True, False, False),
        (Mode.NIGHTMARE, "N", 1, False, True, False),
    ],
)
def test_each_mode_says_what_it_shows(
    mode: Mode, letter: str, per_verifier: int, decoys: bool, hidden: bool, real: bool
) -> None:
    assert mode.letter == letter
    assert mode.cards_per_verifier == per_verifier
    assert mode.has_decoys is decoys
    assert mode.hidden_mapping is hidden
    assert mode.cards_are_real is real
    assert mode.describe().endswith(".")


def test_a_puzzle_takes_a_name_or_a_mode_and_holds_a_mode() -> None:
    by_name = Puzzle(cards=((4, 21), (9, 30)), mode="extreme")
    by_value = Puzzle(cards=((4, 21), (9, 30)), mode=Mode.EXTREME)
    assert by_name.mode is Mode.EXTREME and by_name == by_value
    assert hash(by_name) == hash(by_value)
    assert Puzzle(cards=((4,),)).mode is Mode.CLASSIC
    assert replace(by_name, mode="nightmare").mode is Mode.NIGHTMARE
    assert pickle.loads(pickle.dumps(by_name)).mode is Mode.EXTREME
    with pytest.raises(TuringError, match="unknown mode"):
        Puzzle(cards=((4,),), mode="chaos")


def test_documents_keep_the_plain_mode_name() -> None:
    doc = {"mode": "Extreme", "cards": [[4, 21], [9, 30], [11, 40], [14, 46]]}
    puzzle = puzzle_from_dict(doc)
    assert puzzle.mode is Mode.EXTREME
    out = puzzle.to_dict()
    assert type(out["mode"]) is str and out["mode"] == "extreme"
    assert json.loads(json.dumps(out))["mode"] == "extreme"
    assert puzzle.canonical_key().startswith("extreme|")
    assert puzzle.short_id("hard").startswith("E4H-")
