"""The German words for the figures a puzzle is measured by, and sentences that read as
sentences: the fewest tests that guarantee the code are the *Mindestzahl der Tests* in the
booklet, in export's help and in analyze; the first round's reason counts its ways in
correct German for one way and for many; a refusal to save goes on in small letters after
its colon."""

from __future__ import annotations

import re

import pytest

from testsupport.cli import PUZZLES, run
from turing import i18n

pytest.importorskip("babel")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_booklet_heading_names_its_items_alike_and_the_fewest_tests_as_a_label() -> None:
    result = run(["--lang", "de", "export", str(PUZZLES / "sample.yaml"), "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert "*Klassisch · 4 Prüfer · Leicht · Mindestzahl der Tests: 1*" in result.output
    english = run(["export", str(PUZZLES / "sample.yaml"), "--format", "markdown"])
    assert "*classic · 4 verifiers · easy · fewest tests: 1*" in english.output


def test_export_s_help_names_the_figure_as_the_booklet_does() -> None:
    result = run(["--lang", "de", "export", "--help"])
    assert result.exit_code == 0, result.output
    text = _one_line(result.output)
    assert "Stufe und Mindestzahl der Tests werden" in text
    assert "wenigsten Tests" not in text


def test_analyze_names_the_figure_as_the_booklet_does() -> None:
    result = run(["--lang", "de", "analyze", str(PUZZLES / "sample.yaml")])
    assert result.exit_code == 0, result.output
    assert "  Mindestzahl der Tests, die den Code sicher ergeben: 1 (in 1 Runde)" in (
        result.output.splitlines()
    )


def test_one_way_to_split_is_said_in_correct_german_and_english() -> None:
    german = _one_line(run(["--lang", "de", "analyze", str(PUZZLES / "sample.yaml")]).output)
    assert (
        "(⌈log2 2⌉ = 1 ist die Informationsschranke); die einzige Art, wie eine Eingabe die "
        "möglichen Codes aufteilen kann, erlaubt so einen Anfang; 111 hält dazu"
    ) in german
    assert "so beginnen können" not in german
    english = _one_line(run(["analyze", str(PUZZLES / "sample.yaml")]).output)
    assert (
        "; the one way composing a code can split the possible codes allows such a start, "
        "and 111 also keeps"
    ) in english


def test_many_ways_to_split_are_said_in_correct_german() -> None:
    result = run(["--lang", "de", "analyze", str(PUZZLES / "published.yaml"), "--id", "02"])
    assert result.exit_code == 0, result.output
    assert (
        "; 9 der 13 verschiedenen Arten, wie eine Eingabe die möglichen Codes aufteilen kann, "
        "erlauben so einen Anfang; 111 hält dazu"
    ) in _one_line(result.output)


@pytest.mark.parametrize(
    ("english", "german"),
    [
        (
            "not saved: {path} holds this game's end (it ended in another sitting)",
            "nicht gespeichert: in g2.json ist das Ende dieses Spiels (es endete in einer "
            "anderen Sitzung)",
        ),
        (
            "not saved: {path} holds another saved game",
            "nicht gespeichert: in g2.json ist ein anderes gespeichertes Spiel",
        ),
        (
            "warning: {path} holds another saved game; a save there asks before replacing it",
            "Warnung: in g2.json ist ein anderes gespeichertes Spiel; vor dem Speichern dort "
            "wird gefragt",
        ),
    ],
)
def test_a_sentence_goes_on_in_small_letters_after_its_colon(english: str, german: str) -> None:
    with i18n.speaking("de"):
        assert i18n.gettext(english).format(path="g2.json") == german
    assert not re.search(r"\w: In\b", german)
