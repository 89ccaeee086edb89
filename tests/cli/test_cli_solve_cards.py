"""`turing solve --cards`: what the cards alone allow, without writing a file."""

from __future__ import annotations

import json

from click.testing import CliRunner

from turing.cli.main import main


def test_the_cards_alone_are_solved() -> None:
    result = CliRunner().invoke(main, ["solve", "--cards", "4,9,11,14"])
    assert result.exit_code == 0, result.output
    assert "valid criteria assignments: 2; candidate codes: 221 241" in result.output
    extreme = CliRunner().invoke(main, ["solve", "--cards", "4/25,9/33,13/44,17/36"])
    assert extreme.exit_code == 0, extreme.output
    assert "valid criteria assignments: 162" in extreme.output


def test_the_record_says_where_the_puzzle_came_from() -> None:
    result = CliRunner().invoke(main, ["solve", "--json", "--cards", "4,9,11,14"])
    record = json.loads(result.output)
    assert (record["source"], record["candidates"], record["solution"]) == (
        "--cards",
        ["221", "241"],
        None,
    )


def test_cards_of_no_game_and_no_puzzle_at_all_are_refused() -> None:
    few = CliRunner().invoke(main, ["solve", "--cards", "4,9,11"])
    assert few.exit_code == 2
    assert "error: --cards: 3 verifiers are too few" in few.output
    none = CliRunner().invoke(main, ["solve"])
    assert none.exit_code == 2
    assert "give a puzzle FILE (- for standard input), --id ID, --code CODE or --cards" in (
        none.output
    )


def test_cards_are_solved_in_the_mode_given() -> None:
    # 02-N of puzzles/nightmare.yaml, by its cards: the hidden mapping allows more readings
    nightmare = CliRunner().invoke(
        main, ["solve", "--json", "--cards", "3,7,10,14", "--mode", "nightmare"]
    )
    assert nightmare.exit_code == 0, nightmare.output
    record = json.loads(nightmare.output)
    assert (record["mode"], record["assignments"]) == ("nightmare", 168)
    assert record["candidates"] == ["122", "132", "152", "431", "432", "435", "534"]
    shown = CliRunner().invoke(main, ["solve", "--cards", "3,7,10,14", "--mode", "nightmare"])
    assert shown.exit_code == 0, shown.output
    assert "puzzle · nightmare · 4 verifiers" in shown.output
    assert "valid criteria assignments: 168" in shown.output
    classic = CliRunner().invoke(main, ["solve", "--json", "--cards", "3,7,10,14"])
    assert (json.loads(classic.output)["mode"], json.loads(classic.output)["assignments"]) == (
        "classic",
        7,
    )
    pairs = CliRunner().invoke(
        main, ["solve", "--json", "--cards", "4/25,9/33,13/44,17/36", "--mode", "extreme"]
    )
    assert pairs.exit_code == 0, pairs.output
    assert (json.loads(pairs.output)["mode"], json.loads(pairs.output)["assignments"]) == (
        "extreme",
        162,
    )


def test_a_mode_the_cards_do_not_fit_is_refused() -> None:
    single = CliRunner().invoke(main, ["solve", "--cards", "3,7,10,14", "--mode", "extreme"])
    assert single.exit_code == 2
    assert single.output == (
        "error: --cards: an extreme puzzle gives each verifier two cards, as 4/25\n"
    )
    pairs = CliRunner().invoke(
        main, ["solve", "--cards", "4/25,9/33,13/44,17/36", "--mode", "nightmare"]
    )
    assert pairs.exit_code == 2
    assert pairs.output == "error: --cards: pairs of cards are an extreme puzzle, not nightmare\n"


def test_a_mode_without_cards_is_refused() -> None:
    for args in (["puzzles/nightmare.yaml"], ["--code", "X"], []):
        result = CliRunner().invoke(main, ["solve", "--mode", "nightmare", *args])
        assert result.exit_code == 2, args
        assert result.output == (
            "error: --mode gives the mode of a --cards puzzle; a FILE or a code says its own\n"
        ), args
