"""`turing cards show`: cards as a player sees them, and the same data as JSON."""

from __future__ import annotations

import json

from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.codes import ALL_CODES


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["cards", "show", *args])


def test_a_card_shows_its_title_tier_and_numbered_criteria_with_code_counts() -> None:
    result = run("4")
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines() if line.strip()]
    assert lines[0] == "Card 4 · ■ compared with 4 · easy"
    assert lines[1].split() == ["1", "■", "<", "4", "75", "codes", "y", "<", "4"]
    assert lines[2].split()[:5] == ["2", "■", "=", "4", "25"]
    assert lines[3].split()[:5] == ["3", "■", ">", "4", "25"]


def test_without_numbers_every_card_is_shown() -> None:
    result = run()
    assert result.exit_code == 0
    titles = [line for line in result.output.splitlines() if line.startswith("Card ")]
    assert len(titles) == 48


def test_json_lines_carry_each_criterion_and_its_codes() -> None:
    result = run("--json", "20", "21")
    assert result.exit_code == 0
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["number"] for r in records] == [20, 21]
    twice = records[0]["criteria"][1]
    assert twice["position"] == 2 and twice["text"] == "a digit exactly twice"
    expected = sorted(str(c) for c in ALL_CODES if sorted(c.digits).count(
        sorted(c.digits)[1]) == 2)  # fmt: skip
    assert twice["codes"] == expected and twice["count"] == len(expected) == 60
    # The same rule on card 21 keeps the same codes.
    assert records[1]["criteria"][1]["codes"] == twice["codes"]
    for record in records:
        assert record["cardset"] == "classic" and record["tier"] == "standard"


def test_counts_equal_the_loaded_masks_for_a_custom_set() -> None:
    cardset = load_cardset("examples/primes")
    result = run("--cardset", "examples/primes", "--json")
    records = [json.loads(line) for line in result.output.splitlines()]
    assert len(records) == len(cardset) == 10
    for record in records:
        card = cardset.card(record["number"])
        assert [c["count"] for c in record["criteria"]] == [
            c.mask.bit_count() for c in card.criteria
        ]
        assert record["tier"] == cardset.tier_of(card.number)


def test_a_card_not_in_the_set_is_one_error_line() -> None:
    result = run("--cardset", "examples/primes", "3", "11")
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == (
        "error: card 11 is not in card set 'primes' (cards 1–10)"
    )


def test_an_unknown_set_name_is_one_error_line() -> None:
    result = run("--cardset", "zoo", "1")
    assert result.exit_code == 2
    assert "no card set named 'zoo' (shipped: classic, examples/primes" in result.output
