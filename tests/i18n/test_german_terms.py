"""The German texts name each thing of the criteria game by one word, the one the German
rule book uses where it has one: a verifier checks its *verborgenes Kriterium*, a player
*passt* (the command word), a way the hidden criteria can lie is a *Zuordnung*, and ▲ ■ ●
are *Symbole*. The words retired for these appear in no German text of the catalogue and
not on the German rules page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from turing import i18n
from turing.play.words import left_this_round, mode_name

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]

RETIRED = {
    "versteckt… Kriteri…": re.compile(r"\bversteckte[snr]?\s+(Kriteri|sein\b)|das versteckte\b"),
    "aussetzen": re.compile(r"\baussetz|\bsetzt\s+aus\b"),
    "Lesart": re.compile(r"\bLesart"),
    "Form for a symbol": re.compile(r"\bForm(en)?\b|\bFORM\b"),
    # wordings of the same kind: tests give the code, they do not find it; the column of
    # the end screen and a winner's sentence are plain words (a winner of any name)
    "Tests … finden": re.compile(r"\bsicher finde|finden? ihn sicher|^[Ww]enigste Tests"),
    "ggü.": re.compile(r"\bggü\."),
    "als letzter Spieler": re.compile(r"\bals letzte[rn]? Spieler|Sieger: \{name\}"),
    "lässt ausscheiden": re.compile(r"lässt\s+ausscheiden"),
    "jede Stufe": re.compile(r"^jede Stufe$"),
}


def german_texts() -> list[str]:
    texts: list[str] = []
    for message in i18n.read_po():
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts.extend(text for text in strings if text)
    return texts


@pytest.mark.parametrize("term", sorted(RETIRED))
def test_a_retired_term_is_in_no_german_text(term: str) -> None:
    pattern = RETIRED[term]
    found = [text for text in german_texts() if pattern.search(text)]
    assert found == [], f"{term!r} in the catalogue: {found[:5]}"


@pytest.mark.parametrize("term", sorted(RETIRED))
def test_a_retired_term_is_not_on_the_german_rules_page(term: str) -> None:
    page = (ROOT / "docs" / "rules.de.md").read_text(encoding="utf-8")
    assert RETIRED[term].search(page) is None, term


def test_no_tests_left_is_said_in_words() -> None:
    with i18n.speaking("de"):
        assert left_this_round(0) == "(keine Tests mehr in dieser Runde)"
        assert left_this_round(1) == "(noch 1 Test in dieser Runde)"
    with i18n.speaking("en"):
        assert left_this_round(0) == "(no tests left this round)"
        assert left_this_round(2) == "(2 tests left this round)"


def test_the_modes_are_named_alike() -> None:
    with i18n.speaking("de"):
        names = [mode_name(mode) for mode in ("classic", "extreme", "nightmare")]
    assert names == ["Klassisch", "Extrem", "Albtraum"]
