"""What a person writing cards and puzzles is told of a slip: a mistyped card-set path, a
tab or a key out of line in YAML."""

from __future__ import annotations

from pathlib import Path

import pytest

from testsupport.cli import run

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
