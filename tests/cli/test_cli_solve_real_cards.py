"""``turing solve`` names beside each verifier the card it really holds: in nightmare mode
the card shown in the verifier's slot is another verifier's."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from click.testing import Result

from testsupport.cli import PUZZLES
from turing.core.cards import load_cardset
from turing.core.puzzle import iter_puzzle_file

Run = Callable[..., Result]
CLASSIC = load_cardset("classic")
NIGHTMARE = [loaded.puzzle for loaded in iter_puzzle_file(str(PUZZLES / "nightmare.yaml"))]


def _rows(output: str) -> dict[str, tuple[int, str]]:
    """Each verifier's card number and card title, as the table shows them."""
    rows = re.findall(r"│ ([A-F]) +│ (\d+) \((.+?)\) +│", output)
    return {letter: (int(number), title) for letter, number, title in rows}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_verifier_shows_its_real_card_number(turing: Run, lang: str) -> None:
    result = turing(["solve", "--lang", lang, str(PUZZLES / "nightmare.yaml")])
    assert result.exit_code == 0, result.output
    tables = result.output.split("\n\n")
    assert len([t for t in tables if t.strip()]) == len(NIGHTMARE)
    for puzzle, table in zip(NIGHTMARE, tables, strict=False):
        assert puzzle.real_cards is not None and puzzle.real_cards != puzzle.shown_cards
        shown = {
            letter: (number, CLASSIC.card(number).title_in(lang))
            for letter, number in zip(puzzle.letters, puzzle.real_cards, strict=True)
        }
        assert _rows(table) == shown


def test_a_code_shows_the_real_card_numbers(turing: Run) -> None:
    puzzle = NIGHTMARE[0]
    code = turing(["share", "--id", str(puzzle.id), str(PUZZLES / "nightmare.yaml")])
    assert code.exit_code == 0, code.output
    result = turing(["solve", "--code", code.output.split()[0]])
    assert result.exit_code == 0, result.output
    assert puzzle.real_cards is not None
    assert [n for n, _ in _rows(result.output).values()] == list(puzzle.real_cards)
