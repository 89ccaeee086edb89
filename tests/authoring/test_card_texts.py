"""Texts and expressions of a card set: surrounding whitespace is not content, and a text
that is empty, breaks its line or holds a control or direction character is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.authoring.lint import ERROR, lint_text
from turing.cli.main import main
from turing.core.cards import parse_cardset
from turing.core.criteria import ExpressionError, compile_criterion

FOLDED = """\
name: folded
description: >
  A set whose description
  is folded over lines.
cards:
  - number: 1
    title: >
      ▲ against ●
      and ■
    criteria:
      - text: >
          ● < ▲ and ■ = 3
        when: >
          p < b and
          y == 3
      - {text: "  ● ≥ ▲  ", when: "p >= b"}
      - when: |
          p < b and
          y != 3
  - number: 2
    criteria: ["b < 3", "b >= 3"]
"""


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def errors_of(text: str) -> list[tuple[str, int, int, str]]:
    return [
        (f.code, f.line, f.column, f.message)
        for f in lint_text(text, "set.yaml", verifiers=3).findings
        if f.severity == ERROR
    ]


def one_card(title: str = '"t"', first: str = '{text: "▲ = 1", when: "b == 1"}') -> str:
    return (
        f"cards:\n  - number: 1\n    title: {title}\n    criteria:\n      - {first}\n"
        '      - {text: "▲ > 1", when: "b > 1"}\n'
    )


def test_folded_and_literal_blocks_lose_their_final_line_break() -> None:
    cardset, errors = parse_cardset(FOLDED, "folded.yaml")
    assert errors == [] and cardset is not None
    card = cardset.card(1)
    assert card.title == "▲ against ● and ■"
    assert [c.text for c in card.criteria] == ["● < ▲ and ■ = 3", "● ≥ ▲", "p < b and y != 3"]
    assert [c.when for c in card.criteria] == ["p < b and y == 3", "p >= b", "p < b and y != 3"]
    assert card.criteria[0].mask == compile_criterion("p < b and y == 3")
    assert cardset.description == "A set whose description is folded over lines."


def test_a_folded_expression_shows_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "folded.yaml"
    path.write_text(FOLDED, encoding="utf-8")
    shown = run("cards", "show", "--cardset", str(path), "--json", "1")
    assert shown.exit_code == 0, shown.output
    record = json.loads(shown.output)
    first = record["criteria"][0]
    assert (first["text"], first["when"], first["count"]) == (
        "● < ▲ and ■ = 3",
        "p < b and y == 3",
        10,
    )
    table = run("cards", "show", "--cardset", str(path), "1")
    assert table.exit_code == 0, table.output
    lines = table.output.rstrip("\n").splitlines()
    assert len(lines) == 4 and all(line.strip() for line in lines), table.output
    assert lines[1].split()[-9:] == ["10", "codes", "p", "<", "b", "and", "y", "==", "3"]


def test_a_folded_title_and_expression_keep_the_booklet_rows_whole(tmp_path: Path) -> None:
    cards = tmp_path / "garden.yaml"
    cards.write_text(
        FOLDED.replace("name: folded", "name: garden")
        + """\
  - number: 3
    title: >
      ● small
      or large
    criteria:
      - when: >
          p <=
          2
      - {when: "p > 2"}
  - number: 4
    criteria: ["y < 3", "y >= 3"]
  - number: 5
    criteria: ["b == 3", "b != 3"]
  - number: 6
    criteria: ["p == 1", "p != 1"]
""",
        encoding="utf-8",
    )
    puzzle = tmp_path / "p.yaml"  # the code 331: a booklet takes only puzzles of one code
    puzzle.write_text("cardset: garden.yaml\ncards: [1, 3, 5, 6]\ncriteria: [1, 1, 1, 1]\n")
    result = run("export", "--format", "markdown", str(puzzle))
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("| **")]
    assert rows, result.output
    assert all(row.rstrip().endswith("|") for row in rows), rows
    assert any("● < ▲ and ■ = 3" in row for row in rows), rows  # as plain text reads
    assert any("● small or large" in row for row in rows), rows


@pytest.mark.parametrize(
    ("title", "first", "code", "line", "column"),
    [
        ('""', '{text: "▲ = 1", when: "b == 1"}', "C107", 3, 12),
        ('"   "', '{text: "▲ = 1", when: "b == 1"}', "C107", 3, 12),
        ('"t"', '{text: "", when: "b == 1"}', "C107", 5, 16),
        ('"t"', '{text: " ", when: "b == 1"}', "C107", 5, 16),
        ('"t"', '{text: "▲ = 1", text_de: "  ", when: "b == 1"}', "C107", 5, 34),
        ('"two\\nlines"', '{text: "▲ = 1", when: "b == 1"}', "C108", 3, 12),
        ('"t"', '{text: "▲\\n= 1", when: "b == 1"}', "C108", 5, 16),
        ('"t"', '{text: "▲ \\u2028= 1", when: "b == 1"}', "C108", 5, 16),
        ('"t"', '{text: "▲ = 1", text_de: "▲\\r= 1", when: "b == 1"}', "C108", 5, 34),
        ('"t"', '{text: "▲ \u202e= 1", when: "b == 1"}', "C109", 5, 19),
        ('"t ⁦x"', '{text: "▲ = 1", when: "b == 1"}', "C109", 3, 15),
        ('"t"', '{text: "▲ \\u202e= 1", when: "b == 1"}', "C109", 5, 16),
        ('"t"', '{text: "▲ \\a= 1", when: "b == 1"}', "C109", 5, 16),
        ('"a\\tb"', '{text: "▲ = 1", when: "b == 1"}', "C109", 3, 12),
        ('"t"', '{text: "▲ = 1", text_de: "\u200f▲ = 1", when: "b == 1"}', "C109", 5, 35),
    ],
    ids=[
        "title empty",
        "title spaces",
        "text empty",
        "text spaces",
        "text_de spaces",
        "title newline",
        "text newline",
        "text line separator",
        "text_de carriage return",
        "text right-to-left override",
        "title isolate",
        "text escaped override",
        "text bell",
        "title tab",
        "text_de right-to-left mark",
    ],
)
def test_a_bad_text_is_an_error_at_its_place(
    title: str, first: str, code: str, line: int, column: int
) -> None:
    errors = errors_of(one_card(title, first))
    assert [e[:3] for e in errors] == [(code, line, column)], errors
    cardset, load_errors = parse_cardset(one_card(title, first), "set.yaml")
    assert cardset is None and load_errors[0].code == code


def test_the_messages_name_the_key_and_the_character() -> None:
    assert errors_of(one_card('"  "'))[0][3] == (
        "'title' is empty: write the text, or leave the key out"
    )
    assert errors_of(one_card(first='{text: "a\\nb", when: "b == 1"}'))[0][3] == (
        "'text' holds a line break: it is shown on one line"
    )
    assert errors_of(one_card(first='{text: "a\u202eb", when: "b == 1"}'))[0][3] == (
        "'text' holds U+202E, a control or text-direction character that would garble what is shown"
    )


@pytest.mark.parametrize("key", ["name", "description"])
def test_an_empty_name_or_description_is_an_error(key: str) -> None:
    errors = errors_of(f'{key}: " "\n' + one_card())
    assert [e[:3] for e in errors] == [("C107", 1, len(key) + 3)], errors
    assert errors[0][3] == f"'{key}' is empty: write the text, or leave the key out"


def test_a_description_may_hold_line_breaks_but_no_control_character() -> None:
    assert errors_of("description: |\n  one\n  two\n" + one_card()) == []
    errors = errors_of('description: "a\\u202eb"\n' + one_card())
    assert [e[:3] for e in errors] == [("C109", 1, 14)]


def test_surrounding_whitespace_of_texts_and_translations_is_dropped() -> None:
    text = one_card('"  t  "', '{text: " ▲ = 1 ", text_de: " ▲ gleich 1 ", when: "  b == 1 "}')
    text = text.replace('title: "  t  "', 'title: "  t  "\n    title_de: " T "')
    cardset, errors = parse_cardset(text, "set.yaml")
    assert errors == [] and cardset is not None
    card = cardset.card(1)
    assert (card.title, card.title_in("de")) == ("t", "T")
    first = card.criteria[0]
    assert (first.text, first.text_in("de"), first.when) == ("▲ = 1", "▲ gleich 1", "b == 1")


@pytest.mark.parametrize("digit", ["３", "٣", "۳", "३", "𝟑"])
def test_numbers_are_written_with_the_ascii_digits(digit: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        compile_criterion(f"b < {digit}")
    assert caught.value.code == "C201" and caught.value.offset == 4
    assert caught.value.message == (
        f"unexpected character {digit!r} (write numbers with the digits 0–9)"
    )
    errors = errors_of(one_card(first=f'{{text: "▲ < 3", when: "b < {digit}"}}'))
    assert [e[:3] for e in errors] == [("C201", 5, 36)]


def test_ascii_numbers_still_read() -> None:
    assert compile_criterion("b < 3") == compile_criterion("3 > b")
    assert compile_criterion("sum == 10") != 0
