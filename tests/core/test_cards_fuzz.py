"""Random expressions and card-set files: a clean located error, or the oracle's masks.

The generators and the oracle live in testsupport/cards_fuzzing.py; benchmarks/fuzz_cards.py
runs the same checks on tens of thousands of examples.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings

from testsupport.cards_fuzzing import (
    card_texts,
    check_card_text,
    check_expression,
    expressions,
    oracle_mask,
    yaml_texts,
)
from turing.core.cards import load_cardset
from turing.core.files import load_yaml

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


def test_the_oracle_agrees_with_every_published_criterion() -> None:
    for card in load_cardset("classic"):
        for crit in card.criteria:
            assert oracle_mask(crit.when) == crit.mask, crit.label


@settings(max_examples=400, deadline=None)
@given(expressions)
def test_expressions_compile_to_the_oracle_mask_or_fail_with_an_offset(
    case: tuple[str, bool],
) -> None:
    check_expression(*case, Counter())


@FUZZ
@given(card_texts)
def test_card_files_load_with_the_oracle_masks_or_fail_with_a_location(
    case: tuple[str, bool | None],
) -> None:
    check_card_text(*case, Counter())


@FUZZ
@given(yaml_texts)
def test_the_nesting_guard_lets_ordinary_yaml_through_unchanged(case: tuple[object, str]) -> None:
    data, text = case
    assert load_yaml(text, "t.yaml").plain() == data
