"""What `turing cards validate` and its neighbours say must match the file: a key given
twice is one error among the others, a tier warning in a file with errors names the cards
that loaded, an empty German title is called empty, a missing card-set file is offered
only a name near its own, a division or product that does not depend on the code names
no code, and `save` without a file says why one is needed."""

from __future__ import annotations

from pathlib import Path

import pytest

from testsupport.cli import run

CRITERIA = '    criteria: ["b < 3", "b >= 3"]\n'


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_key_given_twice_is_one_error_among_the_others(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "twice.yaml",
        "cards:\n"
        "  - number: 1\n"
        '    title: "one"\n'
        '    title: "again"\n' + CRITERIA + "  - number: 2\n"
        "    colour: red\n" + CRITERIA + "  - number: 3\n"
        '    criteria: ["b > 5", "b <= 5"]\n',
    )
    result = run(["cards", "validate", path])
    assert result.exit_code == 1, result.output
    errors = [line for line in result.output.splitlines() if ": error " in line]
    assert errors == [
        f"{path}:4:5: error C003: duplicate key 'title'",
        f"{path}:7:5: error C103: unknown key 'colour' in a card (allowed: number, title, "
        "criteria, title_de)",
        f"{path}:10:16: error C301: criterion 3.1 ('b > 5') is true for no code",
        f"{path}:10:25: error C302: criterion 3.2 ('b <= 5') is true for every code",
    ]


def test_an_empty_tier_in_a_file_with_errors_names_the_cards_that_loaded(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "tiers.yaml",
        "tiers:\n  hard: [50, 60]\ncards:\n"
        "  - number: 0x10\n" + CRITERIA + "  - number: 5\n" + CRITERIA,
    )
    result = run(["cards", "validate", path])
    assert result.exit_code == 1, result.output
    assert (
        f"{path}:2:9: warning W412: tier 'hard' [50, 60] holds none of the set's cards that "
        "loaded (card 5), so no puzzle of this set is hard"
    ) in result.output.splitlines()


def test_an_empty_german_title_is_said_to_be_empty(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "de.yaml",
        "cards:\n"
        '  - number: 1\n    title: "a"\n    title_de: "a"\n' + CRITERIA + "  - number: 2\n"
        '    title: "x"\n    title_de: ""\n' + CRITERIA,
    )
    result = run(["cards", "validate", path])
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert (
        f"{path}:6:5: warning W409: card 2 (x) has no text_de, and its title_de is empty, "
        "while 1 other card of the set has them; its texts would be generated from the "
        "expressions"
    ) in lines
    assert (
        f"{path}:8:15: error C107: 'title_de' is empty: write the text, or leave the key out"
        in lines
    )


def test_a_missing_card_set_is_offered_no_name_unlike_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sets").mkdir()
    write(tmp_path, "one.yaml", "cards:\n  - number: 1\n" + CRITERIA)
    write(tmp_path / "sets", "p.yaml", "cardset: ../nonexist.yaml\ncards: [1]\n")
    monkeypatch.chdir(tmp_path / "sets")
    result = run(["solve", "p.yaml"])
    assert result.exit_code == 2, result.output
    assert "did you mean" not in result.output
    assert "no card set file ../nonexist.yaml;" in result.output


def test_a_code_is_named_only_where_the_value_depends_on_it(tmp_path: Path) -> None:
    said = {
        "abs(-999999 * 999999 * -2) > 1": "numbers grow too large: a product passes 10¹²",
        "b // 0 == 1": "'//' divides by zero",
        "b % (y - y) == 0": "'%' divides by zero",
        "b * 999999 * 999999 > 1": "numbers grow too large: a product passes 10¹² (for code 211)",
        "b // (y - 3) == 1": "'//' divides by zero (for code 131)",
    }
    cards = "".join(
        f'  - number: {n}\n    criteria: ["{when}", "b < 3"]\n'
        for n, when in enumerate(said, start=1)
    )
    path = write(tmp_path, "c.yaml", "cards:\n" + cards)
    result = run(["cards", "validate", path])
    assert result.exit_code == 1, result.output
    errors = [line for line in result.output.splitlines() if ": error C20" in line]
    assert [line.split(": error ", 1)[1] for line in errors] == [
        f"{'C205' if 'large' in text else 'C204'}: {text}" for text in said.values()
    ]


def test_save_without_a_file_says_there_is_no_save_file_yet(tmp_path: Path) -> None:
    result = run(["play", "--seed", "1"], input="save\nquit\n")
    assert "error: line 1: no save file yet: give one, e.g. save game.json" in result.output


def test_an_empty_german_title_beside_german_criteria_is_said_to_be_empty(
    tmp_path: Path,
) -> None:
    path = write(
        tmp_path,
        "de2.yaml",
        "cards:\n  - number: 1\n    title: x\n    title_de: ''\n    criteria:\n"
        '      - {text: "b small", text_de: "b klein", when: "b < 3"}\n'
        '      - {text: "b large", text_de: "b groß", when: "b >= 3"}\n',
    )
    result = run(["cards", "validate", path])
    assert (
        f"{path}:2:5: warning W408: card 1 (x) translates its criteria but its title_de is empty"
        in result.output.splitlines()
    ), result.output
    german = run(["--lang", "de", "cards", "validate", path])
    assert "W408: Karte 1 übersetzt ihre Kriterien, ihr title_de ist aber leer" in german.output
