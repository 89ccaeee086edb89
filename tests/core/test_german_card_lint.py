"""`turing cards validate` on translations: a language the cards cannot speak is an error
(C106); a translation given to some texts but not their neighbours, or one text translated
two ways, is a warning (W408–W410) that --strict makes an error."""

from __future__ import annotations

from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.authoring.lint import (
    ERROR,
    W_PART_TRANSLATED,
    W_TRANSLATED_APART,
    W_UNTRANSLATED_CARD,
    WARNING,
    lint_file,
    lint_text,
)
from turing.cli.main import main

DATA = ROOT / "tests" / "data" / "cards"
TRANSLATION_CODES = {W_PART_TRANSLATED, W_UNTRANSLATED_CARD, W_TRANSLATED_APART}


def codes(text: str, strict: bool = False) -> list[tuple[str, str, int]]:
    result = lint_text(text, "t.yaml", strict=strict)
    return [(f.severity, f.code, f.line) for f in result.findings if f.code in TRANSLATION_CODES]


def test_the_shipped_sets_are_translated_whole() -> None:
    for path in (ROOT / "cards").rglob("*.yaml"):
        found = [f for f in lint_file(path).findings if f.code in TRANSLATION_CODES | {"C106"}]
        assert found == [], path


def test_a_set_without_any_translation_is_not_warned() -> None:
    text = "cards:\n  - number: 1\n    criteria: [b < 3, b >= 3]\n"
    text += "  - number: 2\n    criteria: [y < 3, y >= 3]\n"
    assert codes(text) == []


def test_a_criterion_left_out_of_a_translated_card_is_named_with_its_generated_words() -> None:
    result = lint_file(DATA / "w408_part_translated.yaml")
    (finding,) = [f for f in result.findings if f.code == W_PART_TRANSLATED]
    assert finding.severity == WARNING
    assert "1.2 '▲ > 1' has no text_de" in finding.message
    assert "'▲ ist größer als 1'" in finding.message


def test_a_translated_card_without_a_title_translation() -> None:
    text = (
        "cards:\n  - number: 1\n    title: t\n    criteria:\n"
        "      - {text: a, text_de: x, when: b < 3}\n      - {text: b, text_de: y, when: b >= 3}\n"
    )
    assert codes(text) == [(WARNING, W_PART_TRANSLATED, 2)]


def test_strict_makes_the_translation_warnings_errors() -> None:
    result = CliRunner().invoke(
        main, ["cards", "validate", "--strict", str(DATA / "w409_untranslated_card.yaml")]
    )
    assert result.exit_code == 1
    assert "error W409: card 2 (■ even or odd) has no text_de or title_de while 1 other card" in (
        result.output
    )
    text = (DATA / "w410_translated_apart.yaml").read_text(encoding="utf-8")
    assert (ERROR, W_TRANSLATED_APART, 15) in codes(text, strict=True)


def test_an_unknown_language_is_an_error_that_stops_the_set() -> None:
    result = CliRunner().invoke(
        main, ["cards", "validate", str(DATA / "c106_unknown_language.yaml")]
    )
    assert result.exit_code == 1
    assert "5:25: error C106: unknown language 'fr' in 'text_fr'" in result.output
