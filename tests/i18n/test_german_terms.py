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

pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[2]

RETIRED = {
    "versteckt… Kriteri…": re.compile(r"\bversteckte[snr]?\s+(Kriteri|sein\b)|das versteckte\b"),
    "aussetzen": re.compile(r"\baussetz|\bsetzt\s+aus\b"),
    "Lesart": re.compile(r"\bLesart"),
    "Form for a symbol": re.compile(r"\bForm(en)?\b|\bFORM\b"),
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
