"""Booklets in German: ``render(…, lang="de")`` and ``turing export --lang de`` write
headings, labels and the cards' titles and criteria in German; English is compared byte
for byte with the booklets kept under tests/data/booklets."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle, puzzle_from_dict
from turing.generation.export import Booklet, render
from turing.i18n import set_language

CS = load_cardset("classic")
DATA = ROOT / "tests" / "data" / "booklets"
DOCS: list[dict[str, Any]] = [
    {
        "id": "01",
        "mode": "classic",
        "cards": [4, 9, 11, 14],
        "criteria": [2, 1, 1, 3],
        "solution": "241",
        "difficulty": "easy",
        "min_tests": 3,
        "min_tests_kind": "exact",
    },
    {
        "id": "03-X",
        "mode": "extreme",
        "cards": [[4, 25], [9, 33], [13, 44], [17, 36]],
        "real_cards": [4, 33, 44, 36],
        "criteria": [1, 3, 3, 2],
        "solution": "134",
        "min_tests": 3,
        "min_tests_kind": "bounds",
        "min_tests_upper": 5,
    },
    {
        "id": "02-N",
        "mode": "nightmare",
        "cards": [3, 7, 10, 14],
        "real_cards": [7, 10, 3, 14],
        "criteria": [1, 2, 2, 3],
        "solution": "432",
        "difficulty": "standard",
        "min_tests": 4,
    },
    {"mode": "classic", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "241"},
]
PUZZLES: tuple[Puzzle, ...] = tuple(puzzle_from_dict(d) for d in DOCS)
BOOKLET = Booklet("Puzzle booklet", PUZZLES)

#: English words of the booklet's own text that must not be left in the German one.
ENGLISH = re.compile(
    r"\b(puzzles?|verifiers?|card|criteria|criterion|round|solutions?|notes|hidden|title|"
    r"classic|extreme|nightmare|easy|standard|hard|fewest tests|one of|find|blue|yellow|"
    r"purple|even|odd|count|strictly|smallest|largest|compared|with)\b",
    re.IGNORECASE,
)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


#: The first line of a Markdown booklet.
MARK = "<!-- turing booklet -->\n"


def visible(text: str) -> str:
    """What a reader sees: no markup, no style sheet."""
    text = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


@pytest.mark.parametrize(
    ("fmt", "name"), [("html", "booklet.en.html"), ("markdown", "booklet.en.md")]
)
def test_english_is_unchanged(fmt: str, name: str) -> None:
    expected = (DATA / name).read_text(encoding="utf-8")
    assert render(BOOKLET, fmt, lambda p: CS, "en") == expected
    assert render(BOOKLET, fmt, lambda p: CS) == expected  # the language in use: English


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_german_has_the_same_shape_in_german_words(fmt: str) -> None:
    english = render(BOOKLET, fmt, lambda p: CS, "en")
    german = render(BOOKLET, fmt, lambda p: CS, "de")
    assert german.count("\n") == english.count("\n")
    assert re.findall(r"<(\w+)", german) == re.findall(r"<(\w+)", english)
    left = ENGLISH.findall(visible(german))
    assert left == [], left
    for word in ("Rätselheft", "Prüfer", "Karte", "Kriterien", "Runde", "Lösungen"):
        assert word in german, word
    for wording in (
        "Klassisch · 4 Prüfer · Leicht · Mindestzahl der Tests: 3",
        "Mindestzahl der Tests: 3–5",
    ):
        assert wording in german
    assert "Albtraum · 4 Prüfer · Normal · Mindestzahl der Tests: mindestens 4" in german
    assert "eine der Karten 3, 7, 10, 14" in german
    assert "Rätsel 4" in german


def test_the_cards_read_in_german() -> None:
    german = render(BOOKLET, "markdown", lambda p: CS, "de")
    assert "4 (■ im Vergleich zu 4)" in german
    assert "1. keine Drei · 2. genau eine Drei · 3. genau zwei Dreien · 4. drei Dreien" in german
    assert "14 (eindeutig kleinste Ziffer)" in german
    # the solutions page: letter, card, criterion and its German text
    assert "A: Karte 4, Kriterium 2 (■ = 4)" in german
    assert "D: Karte 14, Kriterium 3 (● ist kleiner als ▲ und ■)" in german
    html = render(BOOKLET, "html", lambda p: CS, "de")
    assert '<html lang="de">' in html and 'title="blau"' in html


def test_a_card_set_without_german_is_read_in_generated_words(tmp_path: Path) -> None:
    path = tmp_path / "plain.yaml"
    cards = "".join(
        f"  - number: {n}\n    criteria: [b < {n}, b == {n}, b > {n}]\n" for n in (2, 3, 4)
    )
    cards += "  - number: 5\n    criteria: [y < 3, y == 3, y > 3]\n"
    path.write_text("cards:\n" + cards, encoding="utf-8")
    plain = load_cardset(str(path))
    puzzle = puzzle_from_dict({"mode": "classic", "cards": [2, 3, 4, 5], "criteria": [1, 1, 1, 1]})
    german = render(Booklet("Mein Heft", (puzzle,)), "markdown", lambda p: plain, "de")
    assert "# Mein Heft" in german
    assert "2 (Karte 2) | 1. ▲ ist kleiner als 2 · 2. ▲ ist gleich 2 · 3. ▲ ist größer als 2" in (
        german
    )


def test_export_with_lang_de_writes_a_german_booklet(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "heft.html"
    files = [str(ROOT / "puzzles" / "sample.yaml"), str(ROOT / "puzzles" / "nightmare.yaml")]
    result = runner.invoke(main, ["--lang", "de", "export", *files, "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "<h1>Rätselheft</h1>" in text and "3 Rätsel." in text
    assert "Albtraum" in text and "<h2>Lösungen</h2>" in text
    # what a page says to type at the computer names the file as it was given
    typed = re.sub(r"turing play \S+ --id \d+", "", visible(text))
    assert ENGLISH.findall(typed) == []
    result = runner.invoke(main, ["export", "--lang", "de", "--format", "markdown", *files])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(MARK + "# Rätselheft\n") and "Notizen:" in result.output
    result = runner.invoke(main, ["--lang", "en", "export", "--format", "markdown", *files])
    assert result.output.startswith(MARK + "# Puzzle booklet\n") and "Notes:" in result.output
    help_text = runner.invoke(main, ["--lang", "de", "export", "--help"]).output
    assert "Vorgabe: „Rätselheft“" in help_text and "Puzzle booklet" not in help_text
    titled = runner.invoke(
        main, ["--lang", "de", "export", "--format", "markdown", "--title", "X", *files]
    )
    assert titled.output.startswith(MARK + "# X\n")
