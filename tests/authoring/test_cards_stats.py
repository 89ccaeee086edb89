"""Puzzle statistics of a card set: exhaustive counts against brute force, sampling."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.cli import ROOT
from turing.authoring.lint import PuzzleSpace, puzzle_stats, unusable_cards
from turing.cli.main import main
from turing.core.cards import CardSet, load_cardset, parse_cardset
from turing.core.codes import ALL_MASK
from turing.core.solver import is_valid_masks

CLASSIC = load_cardset("classic")
# Cards that make odd sets: a single code, a near-complement pair, repeated masks.
ODD = parse_cardset(
    "cards:\n"
    "  - {number: 60, criteria: [sum == 3, sum == 15]}\n"
    "  - {number: 61, criteria: [b == 1 and y == 1, b != 1 or y != 1]}\n"
    "  - {number: 62, criteria: [b < 3, y < 3, b < 3 and y < 3]}\n"
    "  - {number: 63, criteria: [sum > 4, sum <= 4]}\n",
    "odd.yaml",
)[0]
assert ODD is not None
POOL = {**CLASSIC.cards, **ODD.cards}


def subset(numbers: list[int]) -> CardSet:
    return CardSet("subset", {n: POOL[n] for n in sorted(numbers)})


def brute(cardset: CardSet, k: int) -> tuple[int, Counter[str], Counter[int]]:
    """Every choice of k cards and one criterion each, checked one by one."""
    total = 0
    per_criterion: Counter[str] = Counter()
    solutions: Counter[int] = Counter()
    for cards in itertools.combinations(list(cardset), k):
        for crits in itertools.product(*(c.criteria for c in cards)):
            masks = [c.mask for c in crits]
            if is_valid_masks(masks):
                total += 1
                per_criterion.update(c.label for c in crits)
                both = ALL_MASK
                for m in masks:
                    both &= m
                solutions[both.bit_length() - 1] += 1
    return total, per_criterion, solutions


card_subsets = st.lists(st.sampled_from(sorted(POOL)), min_size=2, max_size=8, unique=True)


@settings(max_examples=40, deadline=None)
@given(card_subsets, st.integers(2, 5))
def test_exhaustive_counts_equal_brute_force(numbers: list[int], k: int) -> None:
    cardset = subset(numbers)
    stats = puzzle_stats(cardset, k, exhaustive=True)
    total, per_criterion, solutions = brute(cardset, k)
    assert stats.exact
    assert stats.puzzles == total
    for card in stats.cards:
        for position, count in enumerate(card.criteria, 1):
            assert count == per_criterion[f"{card.number}.{position}"]
    assert list(stats.solutions) == [solutions[i] for i in range(125)]
    never = {c.label for card in cardset for c in card.criteria} - set(per_criterion)
    assert set(stats.never) == never


@settings(max_examples=40, deadline=None)
@given(card_subsets, st.integers(2, 5))
def test_unusable_cards_equal_brute_force(numbers: list[int], k: int) -> None:
    cardset = subset(numbers)
    _, per_criterion, _ = brute(cardset, k)
    used = {int(label.split(".")[0]) for label in per_criterion}
    found = {card.number for card in unusable_cards(cardset, k)}
    assert found == set(cardset.cards) - used


def test_the_w405_test_file_agrees_with_brute_force_for_three_verifiers() -> None:
    cardset = load_cardset(ROOT / "tests" / "data" / "cards" / "w405_unusable_card.yaml")
    _, per_criterion, _ = brute(cardset, 3)
    used = {int(label.split(".")[0]) for label in per_criterion}
    assert {c.number for c in unusable_cards(cardset, 3)} == {4, 6, 7, 8}
    assert set(cardset.cards) - used == {4, 6, 7, 8}


def test_the_classic_set_makes_a_million_four_verifier_puzzles() -> None:
    stats = puzzle_stats(CLASSIC, 4)
    assert stats.method == "exhaustive"
    assert stats.puzzles == 1_033_950
    # The criteria the published puzzles never hide (docs/cards.md) are exactly those that
    # appear in no valid puzzle.
    assert stats.never == ("8.4", "9.4", "10.4", "24.1")
    assert sum(c.puzzles for c in stats.cards) == 4 * stats.puzzles
    assert sum(stats.solutions) == stats.puzzles
    assert all(stats.solutions)


def test_counts_add_up_per_card_and_per_code() -> None:
    stats = puzzle_stats(load_cardset("examples/primes"), 4)
    assert stats.exact
    for card in stats.cards:
        assert card.puzzles == sum(card.criteria)
    assert sum(c.puzzles for c in stats.cards) == 4 * stats.puzzles
    assert sum(stats.solutions) == stats.puzzles


def test_sampling_is_seeded_and_close_to_the_exact_count() -> None:
    cardset = subset(list(range(1, 31)))
    exact = puzzle_stats(cardset, 4, exhaustive=True)
    first = puzzle_stats(cardset, 4, samples=150, seed=7)
    again = puzzle_stats(cardset, 4, samples=150, seed=7)
    other = puzzle_stats(cardset, 4, samples=150, seed=8)
    assert first.method == "sampled" and not first.exact
    assert first == again
    assert first.puzzles != other.puzzles
    assert first.puzzles_error > 0
    assert abs(first.puzzles - exact.puzzles) < 5 * first.puzzles_error
    assert first.to_dict()["samples"] == 150 and first.to_dict()["seed"] == 7


def test_a_sample_as_large_as_the_whole_is_exhaustive() -> None:
    cardset = subset(list(range(1, 8)))
    stats = puzzle_stats(cardset, 4, samples=10_000)
    assert stats.exact


def test_prefix_bound_counts_partial_puzzles() -> None:
    space = PuzzleSpace(subset([1, 2, 4]), 4)  # 2, 3 and 3 criteria
    assert space.prefix_bound() == 2 * 3 + 2 * 3 + 3 * 3


def test_a_set_smaller_than_the_puzzle_makes_nothing() -> None:
    stats = puzzle_stats(subset([1, 2, 3]), 4)
    assert stats.puzzles == 0 and len(stats.never) == 8


@pytest.mark.parametrize("verifiers", [1, 7])
def test_verifiers_out_of_range_are_refused(verifiers: int) -> None:
    with pytest.raises(ValueError, match="verifiers"):
        puzzle_stats(CLASSIC, verifiers)


def test_stats_command_prints_the_method_and_every_card() -> None:
    result = CliRunner().invoke(main, ["cards", "stats", "examples/primes"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].startswith("exhaustive: every choice of 4 of the 10 cards (210 card sets)")
    stats = puzzle_stats(load_cardset("examples/primes"), 4)
    assert f"valid puzzles: {int(stats.puzzles):,}" in result.output
    for card in stats.cards:
        assert card.verdict in result.output
    assert "criteria that never occur: none" in result.output


def test_stats_json_matches_the_library() -> None:
    result = CliRunner().invoke(main, ["cards", "stats", "--json", "--verifiers", "5",
                                       "examples/primes"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    stats = puzzle_stats(load_cardset("examples/primes"), 5)
    assert data["method"] == "exhaustive" and data["exact"]
    assert data["puzzles"] == stats.puzzles
    assert [c["puzzles"] for c in data["cards"]] == [c.puzzles for c in stats.cards]
    assert len(data["solutions"]) == 125
    assert data["never"] == list(stats.never)


def test_stats_sampled_on_request_says_so() -> None:
    result = CliRunner().invoke(main, ["cards", "stats", "classic", "--samples", "20",
                                       "--seed", "3"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "sampled: 20 random sets of 2 cards (seed 3)" in result.output
    assert "counts are estimates" in result.output


def test_stats_refuses_contradictory_options_and_bad_files(tmp_path: Path) -> None:
    both = CliRunner().invoke(main, ["cards", "stats", "classic", "--samples", "5",
                                     "--exhaustive"])  # fmt: skip
    assert both.exit_code == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - number: 1\n    criteria: [b = 1, b > 1]\n")
    result = CliRunner().invoke(main, ["cards", "stats", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:3:18: unexpected character '='" in result.output


def test_the_budgeted_search_says_when_it_could_not_decide() -> None:
    space = PuzzleSpace(load_cardset("tests/data/cards/w405_unusable_card.yaml"), 4)
    assert space.usable() == [True, True, True, True, True, False, True, True]
    starved = space.usable(budget=0)
    # Card 6 needs no search (each criterion keeps one code); the others are undecided.
    assert starved[5] is False
    assert None in starved


def test_statistics_refuse_a_set_too_large_to_search() -> None:
    numbers = ", ".join(f"b == {i % 5 + 1}" for i in range(2))
    text = "cards:\n" + "".join(
        f"  - {{number: {n}, criteria: [{numbers}, y > 2]}}\n" for n in range(1, 402)
    )
    cardset, errors = parse_cardset(text, "big.yaml")
    assert cardset is not None and not errors
    with pytest.raises(ValueError, match="1203 criteria"):
        puzzle_stats(cardset, 4)


def _cards_file(path: Path, n: int) -> str:
    shapes = "byp"
    lines = [f"name: s{n}", "cards:"]
    for i in range(n):
        s, d = shapes[i % 3], i % 4 + 2
        lines += [f"  - number: {i + 1}", f"    criteria: [{s} < {d}, {s} >= {d}]"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_one_card_set_is_counted_in_the_singular_in_both_languages(tmp_path: Path) -> None:
    six = _cards_file(tmp_path / "six.yaml", 6)
    for lang, words in (("en", "(1 card set)"), ("de", "(1 Kartenkombination)")):
        result = CliRunner().invoke(
            main, ["--lang", lang, "cards", "stats", six, "--verifiers", "6", "-q"]
        )
        assert result.exit_code == 0, result.output
        assert words in result.output, result.output


def test_a_set_with_too_few_cards_says_so(tmp_path: Path) -> None:
    four = _cards_file(tmp_path / "four.yaml", 4)
    for lang, words in (
        ("en", "the set has 4 cards; a 6-verifier puzzle needs 6 different cards"),
        ("de", "der Satz hat 4 Karten; ein Rätsel mit 6 Prüfern braucht 6 verschiedene Karten"),
    ):
        result = CliRunner().invoke(
            main, ["--lang", lang, "cards", "stats", four, "--verifiers", "6", "-q"]
        )
        assert result.exit_code == 0, result.output
        assert words in result.output and "card sets)" not in result.output, result.output
        assert "0 " not in result.output.splitlines()[1], result.output
