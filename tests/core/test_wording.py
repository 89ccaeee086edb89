"""German words generated from criterion expressions: every construct of the card
language has a wording, any expression that compiles gets a text, and a card set without
German of its own reads in those words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_german_cards import ENGLISH, words

from turing.core.cards import (
    E_EMPTY_TEXT,
    E_LANGUAGE,
    E_TYPE,
    E_UNKNOWN_KEY,
    load_cardset,
    parse_cardset,
)
from turing.core.criteria import ExpressionError, compile_criterion
from turing.core.wording import count_word, german

CONSTRUCTS = [
    # comparisons with a number and between shapes
    ("y < 4", "■ ist kleiner als 4"),
    ("b > 1", "▲ ist größer als 1"),
    ("b == 3", "▲ ist gleich 3"),
    ("b != 3", "▲ ist ungleich 3"),
    ("p <= 2", "● ist höchstens 2"),
    ("p >= 2", "● ist mindestens 2"),
    ("3 < b", "▲ ist größer als 3"),
    ("b < y", "▲ ist kleiner als ■"),
    ("b <= y", "▲ ist kleiner oder gleich ■"),
    ("blue >= purple", "▲ ist größer oder gleich ●"),
    # chains
    ("1 < b < 4", "▲ ist größer als 1 und kleiner als 4"),
    ("b < y < p", "▲, ■ und ● sind streng aufsteigend"),
    ("b > y > p", "▲, ■ und ● sind streng absteigend"),
    ("b <= y <= p", "▲, ■ und ● sind aufsteigend oder gleich"),
    ("b == y == p", "▲, ■ und ● sind gleich"),
    ("not (b == y == p)", "▲, ■ und ● sind nicht alle gleich"),
    ("b < y == p", "▲ ist kleiner als ■ und ■ ist gleich ●"),
    # counts, with number words, plural and gender
    ("count(3) == 2", "genau zwei Dreien"),
    ("count(1) == 0", "keine Eins"),
    ("count(1) == 1", "genau eine Eins"),
    ("count(4) >= 1", "mindestens eine Vier"),
    ("count(4) > 1", "mindestens zwei Vieren"),
    ("count(5) < 2", "höchstens eine Fünf"),
    ("count(5) <= 0", "keine Fünf"),
    ("count(2) != 1", "nicht genau eine Zwei"),
    ("count(2) != 0", "mindestens eine Zwei"),
    ("2 == count(3)", "genau zwei Dreien"),
    ("count(b) == 1", "der Wert von ▲ kommt genau einmal vor"),
    ("count(y) >= 2", "der Wert von ■ kommt mindestens zweimal vor"),
    ("count(p + 1) == 0", "der Wert von (● + 1) kommt nicht vor"),
    ("count(2) + count(3) + count(5) <= 1", "höchstens eine Ziffer ist 2, 3 oder 5"),
    ("count(2) + count(3) + count(5) == 2", "genau zwei Ziffern sind 2, 3 oder 5"),
    ("count(1) > count(3)", "mehr Einsen als Dreien"),
    ("count(1) + 1 > y", "die Anzahl der Einsen + 1 ist größer als ■"),
    # evens and odds
    ("evens > odds", "mehr gerade als ungerade Ziffern"),
    ("odds > evens", "mehr ungerade als gerade Ziffern"),
    ("evens == odds", "gleich viele gerade wie ungerade Ziffern"),
    ("evens == 0", "keine gerade Ziffer"),
    ("odds == 2", "genau zwei ungerade Ziffern"),
    ("evens >= 2", "mindestens zwei gerade Ziffern"),
    # parity, multiples, remainders
    ("b % 2 == 0", "▲ ist gerade"),
    ("b % 2 == 1", "▲ ist ungerade"),
    ("b % 2 != 0", "▲ ist ungerade"),
    ("even(y)", "■ ist gerade"),
    ("odd(b + p)", "▲ + ● ist ungerade"),
    ("sum % 2 == 0", "▲ + ■ + ● ist gerade"),
    ("sum % 3 == 0", "▲ + ■ + ● ist ein Vielfaches von 3"),
    ("sum % 4 != 0", "▲ + ■ + ● ist kein Vielfaches von 4"),
    ("sum % 3 == 1", "▲ + ■ + ● lässt beim Teilen durch 3 den Rest 1"),
    ("b % 3 > 1", "der Rest von ▲ geteilt durch 3 ist größer als 1"),
    # sums and other arithmetic
    ("sum < 6", "▲ + ■ + ● ist kleiner als 6"),
    ("b + y == 6", "▲ + ■ ist gleich 6"),
    ("y - b == 1", "■ − ▲ ist gleich 1"),
    ("b - (y - p) == 1", "▲ − (■ − ●) ist gleich 1"),
    ("b * y * p > 30", "▲ · ■ · ● ist größer als 30"),
    ("(b + y) * 2 > p * 3", "(▲ + ■) · 2 ist größer als ● · 3"),
    ("(b + y) // 2 == p", "(▲ + ■) geteilt durch 2 (abgerundet) ist gleich ●"),
    ("-b + 6 == y", "−▲ + 6 ist gleich ■"),
    ("-b < -3", "−▲ ist kleiner als −3"),
    ("+b == 2", "▲ ist gleich 2"),
    ("b * 100000 > 200000", "▲ · 100.000 ist größer als 200.000"),
    # functions
    ("abs(y - b) == 1", "der Abstand zwischen ■ und ▲ ist gleich 1"),
    ("abs(b) == 2", "der Betrag von ▲ ist gleich 2"),
    ("min(b, y, p) == 2", "die kleinste Ziffer ist gleich 2"),
    ("max(b, y, p) - min(b, y, p) <= 1", "die größte Ziffer − die kleinste Ziffer ist höchstens 1"),
    ("y > max(b, p)", "■ ist größer als der größere Wert von ▲ und ●"),
    ("min(b, y, 3) == 1", "der kleinste Wert von ▲, ■ und 3 ist gleich 1"),
    ("max(b) == 1", "▲ ist gleich 1"),
    # and, or, not, conditions compared
    ("b == 1 and y == 1", "▲ ist gleich 1 und ■ ist gleich 1"),
    ("b == 2 or b == 3 or b == 5", "▲ ist gleich 2, 3 oder 5"),
    ("b < y and b < p", "▲ ist kleiner als ■ und ●"),
    ("b <= y and b <= p", "▲ ist kleiner oder gleich ■ und ●"),
    ("b != y and b != p and y != p", "▲ ist ungleich ■ und ●, und ■ ist ungleich ●"),
    ("b * y >= 10 and b * y <= 30", "▲ · ■ ist mindestens 10 und höchstens 30"),
    ("b == 1 or b > 3 or b == 2", "▲ ist gleich 1, größer als 3 oder gleich 2"),
    ("not (b == 1 or y == 1)", "▲ ist ungleich 1 und ■ ist ungleich 1"),
    ("not b < 3", "▲ ist mindestens 3"),
    ("not not even(b)", "▲ ist gerade"),
    ("not odd(b)", "▲ ist gerade"),
    ("count(1) == 1 or count(3) == 1", "genau eine Eins oder genau eine Drei"),
    ("count(1) == 1 and b > 2", "es gibt genau eine Eins und ▲ ist größer als 2"),
    ("(b == 1 or y == 1) and p == 2", "(▲ ist gleich 1 oder ■ ist gleich 1) und ● ist gleich 2"),
    ("(b == 1) == (y == 1)", "▲ ist gleich 1 genau dann, wenn ■ gleich 1 ist"),
    (
        "(y - b == 1) != (p - y == 1)",
        "■ − ▲ ist gleich 1 oder ● − ■ ist gleich 1, aber nicht beides",
    ),
    (
        "not (b < y < p and y == 2)",
        "▲, ■ und ● sind nicht streng aufsteigend, oder ■ ist ungleich 2",
    ),
    (
        "not (b < y < p or p < y < b)",
        "▲, ■ und ● sind nicht streng aufsteigend, und ●, ■ und ▲ sind nicht streng aufsteigend",
    ),
    (
        "not (b < y < p) and not (b > y > p)",
        "▲, ■ und ● sind nicht streng aufsteigend, und ▲, ■ und ● sind nicht streng absteigend",
    ),
]


@pytest.mark.parametrize(("when", "expected"), CONSTRUCTS, ids=[w for w, _ in CONSTRUCTS])
def test_each_construct_has_its_wording(when: str, expected: str) -> None:
    assert german(when) == expected


CASES = [
    # after "gleich", "ungleich", "… oder gleich": the dative
    ("y == max(b, p)", "■ ist gleich dem größeren Wert von ▲ und ●"),
    ("y != min(b, p)", "■ ist ungleich dem kleineren Wert von ▲ und ●"),
    ("y >= max(b, p, 3)", "■ ist größer oder gleich dem größten Wert von ▲, ● und 3"),
    ("y <= min(b, p, 3)", "■ ist kleiner oder gleich dem kleinsten Wert von ▲, ● und 3"),
    ("y == max(b, y, p)", "■ ist gleich der größten Ziffer"),
    (
        "count(b) == count(y)",
        "die Anzahl der Ziffern gleich ▲ ist gleich der Anzahl der Ziffern gleich ■",
    ),
    ("b == evens", "▲ ist gleich der Anzahl der geraden Ziffern"),
    ("b == count(3) + 1", "▲ ist gleich der Anzahl der Dreien + 1"),
    ("b == abs(y - p)", "▲ ist gleich dem Abstand zwischen ■ und ●"),
    ("b == abs(y)", "▲ ist gleich dem Betrag von ■"),
    ("b == sum % 3", "▲ ist gleich dem Rest von (▲ + ■ + ●) geteilt durch 3"),
    # after "als": the nominative, as in the subject
    ("y > max(b, p, 3)", "■ ist größer als der größte Wert von ▲, ● und 3"),
    ("y < min(b, y, p)", "■ ist kleiner als die kleinste Ziffer"),
    ("y < evens", "■ ist kleiner als die Anzahl der geraden Ziffern"),
    ("max(b, p) == y", "der größere Wert von ▲ und ● ist gleich ■"),
    # after "von" and "zwischen": the dative; after "durch": the accusative
    ("y == max(b, count(3))", "■ ist gleich dem größeren Wert von ▲ und der Anzahl der Dreien"),
    ("abs(y - count(3)) == 1", "der Abstand zwischen ■ und der Anzahl der Dreien ist gleich 1"),
    (
        "count(max(b, p)) == 1",
        "der Wert von (dem größeren Wert von ▲ und ●) kommt genau einmal vor",
    ),
    (
        "b == 6 // (evens + 1)",
        "▲ ist gleich 6 geteilt durch (die Anzahl der geraden Ziffern + 1) (abgerundet)",
    ),
    (
        "b == sum % (evens + 1)",
        "▲ ist gleich dem Rest von (▲ + ■ + ●) geteilt durch (die Anzahl der geraden Ziffern + 1)",
    ),
]


@pytest.mark.parametrize(("when", "expected"), CASES, ids=[w for w, _ in CASES])
def test_noun_phrases_take_the_case_of_their_place(when: str, expected: str) -> None:
    assert german(when) == expected


EXCLUSIVE = [
    ("(b == 1) != (y == 1)", "▲ ist gleich 1 oder ■ ist gleich 1, aber nicht beides"),
    (
        "(b == 1 or y == 1) != (p == 1)",
        "(▲ ist gleich 1 oder ■ ist gleich 1) oder ● ist gleich 1, aber nicht beides",
    ),
    (
        "(b == 1) != (y == 1) and p == 2",
        "(▲ ist gleich 1 oder ■ ist gleich 1, aber nicht beides) und ● ist gleich 2",
    ),
    (
        "not (b < y < p and ((b == 1) != (y == 1)))",
        # negated part by part: "exactly one" turns into "both or neither"
        "▲, ■ und ● sind nicht streng aufsteigend, oder (▲ ist gleich 1 genau dann, wenn ■ "
        "gleich 1 ist)",
    ),
]


@pytest.mark.parametrize(("when", "expected"), EXCLUSIVE, ids=[w for w, _ in EXCLUSIVE])
def test_exactly_one_of_two_is_said_as_or_but_not_both(when: str, expected: str) -> None:
    assert german(when) == expected


def test_number_words_agree_with_the_feminine_noun() -> None:
    assert [count_word(n) for n in range(5)] == ["keine", "eine", "zwei", "drei", "vier"]
    assert german("count(3) == 12") == "genau zwölf Dreien"
    assert german("count(3) == 13") == "genau 13 Dreien"


def test_an_expression_that_does_not_compile_is_refused_the_same_way() -> None:
    with pytest.raises(ExpressionError):
        german("b = 1")
    with pytest.raises(ExpressionError):
        german("b + 1")


# -- any expression ------------------------------------------------------------------------------

NUMBER_NAMES = ["b", "y", "p", "blue", "yellow", "purple", "▲", "■", "●", "sum", "evens", "odds"]
SHAPES = {"▲", "■", "●"}


def _numbers() -> st.SearchStrategy[str]:
    leaves = st.sampled_from(NUMBER_NAMES) | st.integers(0, 15).map(str)

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        )
        unary = st.tuples(st.sampled_from(["-", "+"]), inner).map(lambda t: f"{t[0]}{t[1]}")
        one = st.tuples(st.sampled_from(["count", "abs"]), inner).map(lambda t: f"{t[0]}({t[1]})")
        many = st.tuples(st.sampled_from(["min", "max"]), st.lists(inner, min_size=1, max_size=4))
        return binary | unary | one | many.map(lambda t: f"{t[0]}({', '.join(t[1])})")

    return st.recursive(leaves, extend, max_leaves=6)


def _conditions() -> st.SearchStrategy[str]:
    ops = st.sampled_from(["<", "<=", ">", ">=", "==", "!="])
    chain = st.tuples(_numbers(), st.lists(st.tuples(ops, _numbers()), min_size=1, max_size=3))
    leaves = chain.map(lambda t: t[0] + "".join(f" {op} {n}" for op, n in t[1])) | st.tuples(
        st.sampled_from(["even", "odd"]), _numbers()
    ).map(lambda t: f"{t[0]}({t[1]})")

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        joined = st.tuples(inner, st.sampled_from(["and", "or", "==", "!="]), inner)
        return inner.map(lambda c: f"not ({c})") | joined.map(lambda t: f"({t[0]}) {t[1]} ({t[2]})")

    return st.recursive(leaves, extend, max_leaves=5)


@settings(max_examples=200, deadline=None)
@given(_conditions())
def test_every_expression_that_compiles_gets_german_words(when: str) -> None:
    try:
        compile_criterion(when)
    except ExpressionError:
        assume(False)
    text = german(when)
    assert text.strip() == text != ""
    assert not set(words(text)) & ENGLISH, text
    # Only shapes the expression speaks of (names may also be written out in English).
    spoken = set(re.findall(r"[▲■●]", when))
    for name, shape in (("b", "▲"), ("y", "■"), ("p", "●")):
        if re.search(rf"\b({name}|{ {'b': 'blue', 'y': 'yellow', 'p': 'purple'}[name] })\b", when):
            spoken.add(shape)
    if "sum" in when or re.search(r"\b(min|max)\(", when):
        spoken |= SHAPES
    assert set(re.findall(r"[▲■●]", text)) <= spoken, (when, text)
    assert text.count("(") == text.count(")"), text


# -- card sets with and without German -------------------------------------------------------------

WITH_GERMAN = """\
name: garden
description: Two cards.
description_de: Zwei Karten.
cards:
  - number: 1
    title: "▲ small or large"
    title_de: "▲ klein oder groß"
    criteria:
      - {text: "▲ is small", text_de: "▲ ist klein", when: "b <= 2"}
      - {text: "▲ is large", text_de: "▲ ist groß", when: "b > 2"}
  - number: 2
    title: "threes"
    criteria:
      - {text: "no 3", when: "count(3) == 0"}
      - "count(3) >= 1"
"""


def test_a_custom_set_reads_its_own_german_and_generates_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "garden.yaml"
    path.write_text(WITH_GERMAN, encoding="utf-8")
    cs = load_cardset(str(path))
    one, two = cs.card(1), cs.card(2)
    assert one.title_in("de") == "▲ klein oder groß"
    assert [c.text_in("de") for c in one.criteria] == ["▲ ist klein", "▲ ist groß"]
    assert all(c.translated("de") for c in one.criteria)
    # Card 2 has no German: its title falls back to its number, its criteria to words.
    assert two.title_in("de") == "Karte 2"
    assert [c.text_in("de") for c in two.criteria] == ["keine Drei", "mindestens eine Drei"]
    assert not any(c.translated("de") for c in two.criteria)
    assert [c.text_in("en") for c in two.criteria] == ["no 3", "count(3) >= 1"]
    assert cs.description_in("de") == "Zwei Karten." and cs.description_in("en") == "Two cards."


def test_a_set_without_any_german_reads_in_generated_words() -> None:
    cs, errors = parse_cardset(
        "cards:\n  - number: 7\n    criteria: [b < 3, b == 3, b > 3]\n", "plain.yaml"
    )
    assert errors == [] and cs is not None
    card = cs.card(7)
    assert card.title_in("de") == "Karte 7" and card.title_in("en") == "Card 7"
    assert [c.text_in("de") for c in card.criteria] == [
        "▲ ist kleiner als 3",
        "▲ ist gleich 3",
        "▲ ist größer als 3",
    ]
    assert cs.description_in("de") == ""


@pytest.mark.parametrize(
    ("line", "code", "words_in_message"),
    [
        ('{text: "x", text_fr: "y", when: "b < 3"}', E_LANGUAGE, ["'fr'", "text_de"]),
        ('{text: "x", text_en: "y", when: "b < 3"}', E_LANGUAGE, ["English", "'text'"]),
        ('{text: "x", text_de: "", when: "b < 3"}', E_EMPTY_TEXT, ["'text_de'", "empty"]),
        ('{text: "x", text_de: 3, when: "b < 3"}', E_TYPE, ["'text_de'"]),
        ('{text: "x", title_de: "y", when: "b < 3"}', E_UNKNOWN_KEY, ["title_de", "text_de"]),
    ],
)
def test_bad_translations_are_refused_where_they_stand(
    line: str, code: str, words_in_message: list[str]
) -> None:
    text = f"cards:\n  - number: 1\n    criteria:\n      - {line}\n      - b >= 3\n"
    cs, errors = parse_cardset(text, "bad.yaml")
    assert cs is None and [e.code for e in errors] == [code]
    assert errors[0].line == 4
    for word in words_in_message:
        assert word in errors[0].message, errors[0].message


def test_an_unknown_language_on_a_card_title_names_its_column() -> None:
    text = 'cards:\n  - number: 1\n    title_xx: "t"\n    criteria: [b < 3, b >= 3]\n'
    _, errors = parse_cardset(text, "bad.yaml")
    assert [(e.code, e.line, e.column) for e in errors] == [(E_LANGUAGE, 3, 5)]
