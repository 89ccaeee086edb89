"""The criterion language: what it accepts, what it computes, how it fails."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turing.core.codes import ALL_CODES
from turing.core.criteria import MAX_DEPTH, ExpressionError, compile_criterion


def mask_of(pred: Callable[[int, int, int], bool]) -> int:
    return sum(1 << c.index for c in ALL_CODES if pred(c.b, c.y, c.p))


@pytest.mark.parametrize(
    ("expr", "pred"),
    [
        ("b < 3", lambda b, y, p: b < 3),
        ("blue == yellow", lambda b, y, p: b == y),
        ("▲ > ●", lambda b, y, p: b > p),
        ("b < y < p", lambda b, y, p: b < y < p),
        ("b >= y != p", lambda b, y, p: b >= y != p),
        ("sum % 3 == 0", lambda b, y, p: (b + y + p) % 3 == 0),
        ("(b + y) // 2 == p", lambda b, y, p: (b + y) // 2 == p),
        ("b * y - p > 4", lambda b, y, p: b * y - p > 4),
        ("-b + 6 == y", lambda b, y, p: -b + 6 == y),
        ("count(3) == 2", lambda b, y, p: [b, y, p].count(3) == 2),
        ("count(b) == 1", lambda b, y, p: [b, y, p].count(b) == 1),
        ("evens > odds", lambda b, y, p: sum(d % 2 == 0 for d in (b, y, p)) >= 2),
        ("min(b, y, p) == 2", lambda b, y, p: min(b, y, p) == 2),
        ("max(b, y) < p", lambda b, y, p: max(b, y) < p),
        ("abs(b - y) == 1", lambda b, y, p: abs(b - y) == 1),
        ("even(b) and odd(p)", lambda b, y, p: b % 2 == 0 and p % 2 == 1),
        ("not (b == 1 or y == 1)", lambda b, y, p: not (b == 1 or y == 1)),
        ("b == 1 or y == 1 and p == 1", lambda b, y, p: b == 1 or (y == 1 and p == 1)),
        ("(b == 1) == (y == 1)", lambda b, y, p: (b == 1) == (y == 1)),
        ("(y - b == 1) != (p - y == 1)", lambda b, y, p: (y - b == 1) != (p - y == 1)),
    ],
)
def test_expressions_compute_the_right_codes(
    expr: str, pred: Callable[[int, int, int], bool]
) -> None:
    assert compile_criterion(expr) == mask_of(pred)


@pytest.mark.parametrize(
    ("expr", "offset", "code", "fragment"),
    [
        ("b = 1", 2, "C201", "use =="),
        ("b +", 3, "C201", "expected a number"),
        ("foo > 1", 0, "C202", "unknown name 'foo'"),
        ("bar(1) > 1", 0, "C202", "unknown function 'bar'"),
        ("b + (y < 2) > 1", 4, "C203", "needs a number"),
        ("b and y", 0, "C203", "needs a condition"),
        ("sum", 0, "C203", "must be a condition"),
        ("b // (y - y) == 1", 2, "C204", "divides by zero"),
        ("count(1, 2) == 1", 0, "C203", "takes one argument"),
        ("count == 1", 0, "C201", "is a function"),
        ("b < 3)", 5, "C201", "unexpected ')'"),
        ("(b < 3", 6, "C201", "to close"),
        ("b ! 3", 2, "C201", "use and, or, not"),
        ("True", 0, "C202", "unknown name"),
        ("", 0, "C201", "empty"),
        ("b < 9999999", 4, "C205", "too large"),
    ],
)
def test_errors_name_the_place(expr: str, offset: int, code: str, fragment: str) -> None:
    with pytest.raises(ExpressionError) as info:
        compile_criterion(expr)
    assert info.value.offset == offset
    assert info.value.code == code
    assert fragment in info.value.message


@pytest.mark.parametrize(
    ("expr", "offset", "message"),
    [
        ("b => 3", 2, "unexpected character '=' (write >=)"),
        ("b =< 3", 2, "unexpected character '=' (write <=)"),
        ("b = 3", 2, "unexpected character '=' (use == to compare)"),
        ("b ≤ 2", 2, "unexpected character '≤' (write <=)"),
        ("b ≥ 2", 2, "unexpected character '≥' (write >=)"),
        ("sum ≠ 8", 4, "unexpected character '≠' (write !=)"),
        ("b − 1 == 2", 2, "unexpected character '−' (write -)"),
        ("b × y == 4", 2, "unexpected character '×' (write *)"),
        ("b ÷ 2 == 1", 2, "unexpected character '÷' (write //)"),
    ],
)
def test_a_mistyped_operator_is_told_what_to_write(expr: str, offset: int, message: str) -> None:
    with pytest.raises(ExpressionError) as info:
        compile_criterion(expr)
    assert (info.value.code, info.value.offset, info.value.message) == ("C201", offset, message)


@pytest.mark.parametrize("name", ["größe", "grün", "ｂ", "blau2"])
def test_a_word_of_any_letters_is_an_unknown_name(name: str) -> None:
    with pytest.raises(ExpressionError) as info:
        compile_criterion(f"{name} == 3")
    assert (info.value.code, info.value.offset) == ("C202", 0)
    assert info.value.message.startswith(f"unknown name {name!r}: names are b, blue,")


def test_the_size_limits_are_named() -> None:
    with pytest.raises(ExpressionError) as info:
        compile_criterion("b < 9999999")
    assert info.value.message == "number 9999999 is too large: a number has at most 6 digits"
    with pytest.raises(ExpressionError) as info:
        compile_criterion("b < " + "9" * 40)
    assert info.value.message == (
        "number 999999999999… is too large: a number has at most 6 digits"
    )
    with pytest.raises(ExpressionError) as info:
        compile_criterion("b * 100000 * 100000 * 100000 > 1")
    assert (info.value.code, info.value.offset) == ("C205", 20)
    assert info.value.message == ("numbers grow too large: a product passes 10¹² (for code 111)")
    assert compile_criterion("b * 100000 * 100000 > 1")  # 5·10¹⁰ at most: allowed


def test_hostile_sizes_fail_cleanly() -> None:
    with pytest.raises(ExpressionError, match="limit"):
        compile_criterion("b + " * 25_000 + "1 > 0")
    with pytest.raises(ExpressionError, match="nested deeper"):
        compile_criterion("(" * (MAX_DEPTH + 5) + "b" + ")" * (MAX_DEPTH + 5) + " == 1")
    with pytest.raises(ExpressionError, match="nested deeper"):
        compile_criterion("not " * 100 + "b == 1")
    with pytest.raises(ExpressionError, match="too large"):
        compile_criterion("b * 100000 * 100000 * 100000 > 1")


# -- property: random expression trees agree with direct evaluation -------------------------

IntExpr = tuple[str, Callable[[int, int, int], int]]
BoolExpr = tuple[str, Callable[[int, int, int], bool]]

leaves: st.SearchStrategy[IntExpr] = st.one_of(
    st.sampled_from(
        [
            ("b", lambda b, y, p: b),
            ("y", lambda b, y, p: y),
            ("p", lambda b, y, p: p),
            ("sum", lambda b, y, p: b + y + p),
        ]
    ),
    st.integers(min_value=0, max_value=9).map(lambda n: (str(n), lambda b, y, p, n=n: n)),
)


def _combine_int(children: st.SearchStrategy[IntExpr]) -> st.SearchStrategy[IntExpr]:
    def binary(op: str) -> st.SearchStrategy[IntExpr]:
        def build(pair: tuple[IntExpr, IntExpr]) -> IntExpr:
            (ls, lf), (rs, rf) = pair
            if op == "+":
                return f"({ls} + {rs})", lambda b, y, p: lf(b, y, p) + rf(b, y, p)
            if op == "-":
                return f"({ls} - {rs})", lambda b, y, p: lf(b, y, p) - rf(b, y, p)
            return f"({ls} * {rs})", lambda b, y, p: lf(b, y, p) * rf(b, y, p)

        return st.tuples(children, children).map(build)

    def call(fn: str) -> st.SearchStrategy[IntExpr]:
        def build(pair: tuple[IntExpr, IntExpr]) -> IntExpr:
            (ls, lf), (rs, rf) = pair
            pick = min if fn == "min" else max
            return f"{fn}({ls}, {rs})", lambda b, y, p: pick(lf(b, y, p), rf(b, y, p))

        return st.tuples(children, children).map(build)

    return st.one_of(
        binary("+"),
        binary("-"),
        binary("*"),
        call("min"),
        call("max"),
        children.map(lambda c: (f"abs({c[0]})", lambda b, y, p: abs(c[1](b, y, p)))),
    )


ints = st.recursive(leaves, _combine_int, max_leaves=6)
COMPARES: dict[str, Callable[[int, int], bool]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def _compare(triple: tuple[IntExpr, str, IntExpr]) -> BoolExpr:
    (ls, lf), op, (rs, rf) = triple
    fn = COMPARES[op]
    return f"{ls} {op} {rs}", lambda b, y, p: fn(lf(b, y, p), rf(b, y, p))


atoms: st.SearchStrategy[BoolExpr] = st.tuples(ints, st.sampled_from(sorted(COMPARES)), ints).map(
    _compare
)


def _combine_bool(children: st.SearchStrategy[BoolExpr]) -> st.SearchStrategy[BoolExpr]:
    def conj(pair: tuple[BoolExpr, BoolExpr]) -> BoolExpr:
        (ls, lf), (rs, rf) = pair
        return f"({ls} and {rs})", lambda b, y, p: lf(b, y, p) and rf(b, y, p)

    def disj(pair: tuple[BoolExpr, BoolExpr]) -> BoolExpr:
        (ls, lf), (rs, rf) = pair
        return f"({ls} or {rs})", lambda b, y, p: lf(b, y, p) or rf(b, y, p)

    return st.one_of(
        st.tuples(children, children).map(conj),
        st.tuples(children, children).map(disj),
        children.map(lambda c: (f"not ({c[0]})", lambda b, y, p: not c[1](b, y, p))),
    )


conditions = st.recursive(atoms, _combine_bool, max_leaves=4)


@settings(max_examples=300, deadline=None)
@given(conditions)
def test_random_expressions_match_direct_evaluation(case: BoolExpr) -> None:
    source, pred = case
    assert compile_criterion(source) == mask_of(pred)
