"""What a person writing cards and puzzles is told of a slip: a mistyped card-set path, a
tab or a key out of line in YAML, a card without a German title, cards not in the set,
``<>`` for ``!=``; and one table for a puzzle solved with or without its criteria."""

from __future__ import annotations

from pathlib import Path

import pytest

from testsupport.cli import TEST_DATA, run

PRIMES = Path(__file__).resolve().parents[2] / "cards" / "examples" / "primes.yaml"
PUZZLE = "id: p\ncardset: {ref}\ncards: [1, 2, 3, 4]\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a card set at sets/myset.yaml, worked in."""
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets" / "myset.yaml").write_text(
        PRIMES.read_text(encoding="utf-8"), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "args", [["solve"], ["check"], ["play"], ["analyze"], ["export"], ["share"]]
)
def test_a_mistyped_card_set_path_names_the_file_meant_and_the_way_round_it(
    folder: Path, args: list[str]
) -> None:
    (folder / "p.yaml").write_text(PUZZLE.format(ref="sets/myst.yaml"), encoding="utf-8")
    result = run([*args, "p.yaml"], input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines()[0] == (
        "error: p.yaml:2:10: no card set file sets/myst.yaml (did you mean sets/myset.yaml?); "
        "give --cardset FILE to use a copy of it instead"
    )


def test_a_card_set_path_near_no_file_names_none_and_german_says_it_too(folder: Path) -> None:
    (folder / "p.yaml").write_text(PUZZLE.format(ref="sets/other.yaml"), encoding="utf-8")
    result = run(["solve", "p.yaml"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "error: p.yaml:2:10: no card set file sets/other.yaml; "
        "give --cardset FILE to use a copy of it instead"
    )
    german = run(["--lang", "de", "solve", "p.yaml"])
    assert german.stderr.splitlines()[0] == (
        "Fehler: p.yaml:2:10: keine Kartensatz-Datei sets/other.yaml; gib --cardset DATEI an, "
        "um stattdessen eine Kopie davon zu verwenden"
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "error: t.yaml:3:1: YAML syntax: a tab cannot start a value (indent with spaces, "),
        ("de", "Fehler: t.yaml:3:1: YAML-Syntax: mit einem Tabulator kann kein Wert beginnen ("),
    ],
)
def test_a_tab_indent_is_said_in_a_sentence(folder: Path, lang: str, said: str) -> None:
    (folder / "t.yaml").write_text("id: t\ncards: [1, 2, 3]\n\tcriteria: [1, 1, 1]\n")
    result = run(["--lang", lang, "check", "t.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith(said), result.stderr


def test_another_character_that_starts_no_value_is_put_in_quotes(folder: Path) -> None:
    (folder / "t.yaml").write_text("id: @t\ncards: [1, 2, 3]\n")
    result = run(["check", "t.yaml"])
    assert result.stderr.startswith(
        "error: t.yaml:1:5: YAML syntax: the character '@' cannot start a value "
        "(put the value in quotes)\n"
    ), result.stderr


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "- id: t\n  cards: [1, 2, 3]\n   criteria: [1, 1, 1]\n",
            "t.yaml:3:4: YAML syntax: expected the end of the block, found a new mapping "
            "(line the key up with the keys above it, at column 3)",
        ),
        (
            "- id: t\n  cards: [1, 2, 3]\n criteria: [1, 1, 1]\n",
            "t.yaml:3:2: YAML syntax: expected the end of the block, found a new mapping "
            "(line the key up with the keys above it, at column 3)",
        ),
        (
            "id: t\n  cards: [1, 2, 3]\n",
            "t.yaml:2:8: YAML syntax: a ':' is not allowed here "
            "(line the key up with the keys above it, at column 1)",
        ),
        # not a key out of line: nothing to line up
        ("id: t: u\n", "t.yaml:1:6: YAML syntax: a ':' is not allowed here\n"),
    ],
)
def test_a_key_out_of_line_is_said_with_the_column_it_belongs_at(
    folder: Path, text: str, said: str
) -> None:
    (folder / "t.yaml").write_text(text)
    result = run(["check", "t.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {said}"), result.stderr


def test_german_names_a_card_without_a_german_title_by_its_number() -> None:
    result = run(
        [
            "--lang",
            "de",
            "cards",
            "validate",
            str(TEST_DATA / "cards" / "w409_untranslated_card.yaml"),
        ]
    )
    assert "Warnung W409: Karte 2 hat kein text_de oder title_de" in result.output, result.output
    assert "even or odd" not in result.output
    english = run(["cards", "validate", str(TEST_DATA / "cards" / "w409_untranslated_card.yaml")])
    assert "warning W409: card 2 (■ even or odd) has no text_de" in english.output


def test_every_card_not_in_the_set_is_named_in_one_line() -> None:
    result = run(["cards", "show", "--cardset", "examples/primes", "5", "11", "99", "11"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: cards 11 and 99 are not in card set 'primes' (cards 1–10)"
    ]


def test_a_puzzle_solved_from_its_cards_alone_names_cards_and_criteria_as_with_its_criteria(
    folder: Path,
) -> None:
    (folder / "full.yaml").write_text("cards: [4, 9, 11, 14]\ncriteria: [1, 1, 2, 3]\n")
    (folder / "cards.yaml").write_text("cards: [4, 9, 11, 14]\n")
    full = run(["solve", "full.yaml"])
    alone = run(["solve", "cards.yaml"])
    assert "│ B        │ 9 (count of 3s)" in full.output
    assert "│ B        │ 9 (count of 3s)              │ 1: count of 3s = 0     │" in alone.output
    assert "9.1" not in alone.output
    assert "│ A        │ 4 (■ compared with 4)        │ 1: ■ < 4; 2: ■ = 4     │" in alone.output


def test_angle_brackets_for_not_equal_are_said_to_be_written_as_bang_equals(
    folder: Path,
) -> None:
    (folder / "c.yaml").write_text(
        "cards:\n  - number: 1\n    title: t\n    criteria:\n"
        "      - {text: a, when: b <> 3}\n      - {text: b, when: b == 3}\n"
    )
    result = run(["cards", "validate", "c.yaml"])
    assert result.exit_code == 1
    assert (
        "c.yaml:5:27: error C201: '<>' is no operator of the card language: write != instead"
        in result.output
    ), result.output
