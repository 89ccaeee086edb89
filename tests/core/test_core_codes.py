"""The code space: parsing, formatting, indices and code sets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from turing.core.codes import ALL_CODES, ALL_MASK, Code, CodeError, CodeSet, code_index, indices


def test_there_are_125_codes_in_text_order() -> None:
    texts = [str(c) for c in ALL_CODES]
    assert len(texts) == 125
    assert texts == sorted(texts)
    assert texts[0] == "111" and texts[-1] == "555"


def test_index_matches_position() -> None:
    for i, code in enumerate(ALL_CODES):
        assert code.index == i
        assert Code.from_index(i) is code


def test_parse_and_format_round_trip() -> None:
    code = Code.parse("241")
    assert (code.b, code.y, code.p) == (2, 4, 1)
    assert str(code) == "241"
    assert Code.parse(" 2 4 1 ") == code
    assert Code.parse("2,4,1") == code


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("126", "digit 6 outside 1–5"),
        ("12", "three digits"),
        ("abc", "three digits"),
        ("1234", "three digits"),
        ("", "three digits"),
        ("０１２", "three digits"),
        ("600", "digits 6, 0 outside"),
    ],
)
def test_bad_codes_say_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(CodeError, match=fragment):
        Code.parse(text)


def test_code_error_is_a_value_error() -> None:
    assert issubclass(CodeError, ValueError)


def test_codeset_behaves_like_a_set() -> None:
    a = CodeSet.of("241", "111")
    b = CodeSet.of("241", "555")
    assert len(a) == 2
    assert "241" in a and "555" not in a and "999" not in a
    assert (a & b).texts() == ["241"]
    assert (a | b).texts() == ["111", "241", "555"]
    assert (a - b).texts() == ["111"]
    assert len(~a) == 123
    assert str(a) == "{111, 241}"
    assert [str(c) for c in a] == ["111", "241"]
    assert not CodeSet()
    assert len(CodeSet.everything()) == 125


def test_codeset_rejects_bits_outside_the_space() -> None:
    with pytest.raises(CodeError):
        CodeSet(1 << 125)


@given(st.integers(min_value=0, max_value=ALL_MASK))
def test_indices_lists_the_set_bits(mask: int) -> None:
    listed = list(indices(mask))
    assert listed == [i for i in range(125) if mask >> i & 1]
    assert len(CodeSet(mask)) == len(listed)


@given(st.sampled_from(ALL_CODES))
def test_code_index_accepts_every_form(code: Code) -> None:
    assert code_index(code) == code_index(str(code)) == code_index(code.index) == code.index
