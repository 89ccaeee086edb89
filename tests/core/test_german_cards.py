"""The published cards in German: every title and criterion has German text of its own,
with no English left, and with the numbers and shapes its expression speaks of."""

from __future__ import annotations

import re

import pytest

from turing.core.cards import Card, CardSet, Criterion, load_cardset
from turing.core.criteria import (
    Binary,
    Call,
    Compare,
    Expr,
    Logic,
    Name,
    Not,
    Num,
    Unary,
    parse_criterion,
)
from turing.core.wording import german

CLASSIC: CardSet = load_cardset("classic")
CRITERIA: list[Criterion] = [crit for card in CLASSIC for crit in card.criteria]

#: Words of English that must not be left in German text (none of them is German as well).
ENGLISH = frozenset(
    {
        "a",
        "adding",
        "allowed",
        "and",
        "are",
        "as",
        "ascending",
        "at",
        "both",
        "by",
        "card",
        "compared",
        "count",
        "descending",
        "digit",
        "digits",
        "each",
        "equal",
        "even",
        "exactly",
        "for",
        "from",
        "greater",
        "has",
        "is",
        "it",
        "largest",
        "less",
        "more",
        "multiple",
        "neither",
        "no",
        "none",
        "nor",
        "not",
        "odd",
        "of",
        "on",
        "one",
        "or",
        "order",
        "others",
        "repeated",
        "row",
        "run",
        "runs",
        "same",
        "smaller",
        "smallest",
        "strictly",
        "sum",
        "than",
        "the",
        "three",
        "ties",
        "times",
        "to",
        "twice",
        "two",
        "up",
        "with",
    }
)

#: German words that say a number, so "keine Eins" speaks of 0 and of 1.
NUMBER_WORDS: dict[int, frozenset[str]] = {
    0: frozenset({"kein", "keine", "keiner", "null", "nie"}),
    1: frozenset({"eins", "einsen", "eine", "ein", "einer", "einmal"}),
    2: frozenset({"zwei", "zweien", "zweimal", "beide"}),
    3: frozenset({"drei", "dreien", "dreimal"}),
    4: frozenset({"vier", "vieren", "viermal"}),
    5: frozenset({"fünf", "fünfen", "fünfmal"}),
}
SHAPE_OF = {"b": "▲", "y": "■", "p": "●"}


def words(text: str) -> list[str]:
    return re.findall(r"[a-zäöüß]+", text.lower())


def spoken_numbers(node: Expr) -> set[int]:
    """The numbers an expression speaks of, leaving out those German says with a word of
    their own: ``x % 2 == 0`` is "gerade", ``x % n == 0`` "ein Vielfaches von n"."""
    if isinstance(node, Num):
        return {node.value}
    if isinstance(node, Compare) and len(node.ops) == 1:
        left, right = node.operands
        if isinstance(left, Binary) and left.op == "%" and isinstance(right, Num):
            if isinstance(left.right, Num) and left.right.value == 2:
                return spoken_numbers(left.left)
            if right.value == 0:
                return spoken_numbers(left)
    children: tuple[Expr, ...]
    if isinstance(node, Compare | Logic):
        children = node.operands
    elif isinstance(node, Binary):
        children = (node.left, node.right)
    elif isinstance(node, Unary | Not):
        children = (node.operand,)
    elif isinstance(node, Call):
        children = node.args
    else:
        children = ()
    return set().union(*(spoken_numbers(c) for c in children)) if children else set()


def shapes(node: Expr) -> set[str]:
    if isinstance(node, Name):
        if node.name == "sum":
            return set(SHAPE_OF.values())
        return {SHAPE_OF[node.name]} if node.name in SHAPE_OF else set()
    children: tuple[Expr, ...] = ()
    if isinstance(node, Compare | Logic):
        children = node.operands
    elif isinstance(node, Binary):
        children = (node.left, node.right)
    elif isinstance(node, Unary | Not):
        children = (node.operand,)
    elif isinstance(node, Call):
        children = node.args
    return set().union(*(shapes(c) for c in children)) if children else set()


def says_number(text: str, n: int) -> bool:
    return bool(re.search(rf"(?<!\d){n}(?!\d)", text)) or bool(
        NUMBER_WORDS.get(n, frozenset()) & set(words(text))
    )


def test_the_published_set_has_48_cards_with_183_criteria() -> None:
    assert sorted(CLASSIC.cards) == list(range(1, 49))
    assert len(CRITERIA) == 183


@pytest.mark.parametrize("card", list(CLASSIC), ids=lambda c: f"card{c.number}")
def test_every_card_has_its_own_german_title_and_criteria(card: Card) -> None:
    assert dict(card.titles).get("de", "").strip(), card.number
    assert card.title_in("de") != f"Karte {card.number}"
    for crit in card.criteria:
        assert crit.translated("de"), crit.label
        assert crit.text_in("de").strip() == crit.text_in("de") != ""


@pytest.mark.parametrize("crit", CRITERIA, ids=lambda c: c.label)
def test_no_english_is_left(crit: Criterion) -> None:
    card = CLASSIC.card(crit.card)
    left = set(words(crit.text_in("de")) + words(card.title_in("de"))) & ENGLISH
    assert left == set(), (crit.label, crit.text_in("de"), card.title_in("de"))


def test_the_english_word_list_knows_the_english_cards() -> None:
    """The list above covers every word of the English texts (so the check can fail)."""
    english = {w for card in CLASSIC for w in words(card.title)} | {
        w for crit in CRITERIA for w in words(crit.text)
    }
    assert english - {"s", "in"} <= ENGLISH


@pytest.mark.parametrize("crit", CRITERIA, ids=lambda c: c.label)
def test_the_german_text_speaks_of_the_numbers_and_shapes_of_its_expression(
    crit: Criterion,
) -> None:
    text = crit.text_in("de")
    tree = parse_criterion(crit.when)
    for n in spoken_numbers(tree):
        assert says_number(text, abs(n)), (crit.label, n, text)
    # No shape the expression does not speak of; and a criterion about one or two shapes
    # names them.
    named = {s for s in SHAPE_OF.values() if s in text}
    assert named <= shapes(tree), (crit.label, text)
    if len(shapes(tree)) < 3:
        assert named == shapes(tree), (crit.label, text)
    if "% 2 ==" in crit.when or "evens" in crit.when or "odds" in crit.when:
        assert "gerade" in text, (crit.label, text)


def test_the_same_english_text_reads_the_same_in_german() -> None:
    seen: dict[str, Criterion] = {}
    for crit in CRITERIA:
        first = seen.setdefault(crit.text, crit)
        assert first.text_in("de") == crit.text_in("de"), (first.label, crit.label)


@pytest.mark.parametrize("crit", CRITERIA, ids=lambda c: c.label)
def test_the_generated_german_of_every_published_criterion(crit: Criterion) -> None:
    """The words generated from the expression, as a card set without German shows them."""
    text = german(crit.when)
    assert text and not set(words(text)) & ENGLISH, text
    named = {s for s in SHAPE_OF.values() if s in text}
    assert named <= shapes(parse_criterion(crit.when))


def test_english_stays_the_card_file_text() -> None:
    card = CLASSIC.card(5)
    assert [c.text_in("en") for c in card.criteria] == ["▲ even", "▲ odd"]
    assert [c.text_in("de") for c in card.criteria] == ["▲ ist gerade", "▲ ist ungerade"]
    assert card.title_in("en") == card.title == "▲ even or odd"
    assert card.title_in("de") == "▲ gerade oder ungerade"
    assert CLASSIC.description_in("de").startswith("Die 48 Testkarten")


def test_the_published_counts_read_as_german_counts() -> None:
    assert [c.text_in("de") for c in CLASSIC.card(9).criteria] == [
        "keine Drei",
        "genau eine Drei",
        "genau zwei Dreien",
        "drei Dreien",
    ]
    assert [c.text_in("de") for c in CLASSIC.card(17).criteria] == [
        "keine gerade Ziffer",
        "genau eine gerade Ziffer",
        "genau zwei gerade Ziffern",
        "drei gerade Ziffern",
    ]
