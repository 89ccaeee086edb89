"""Random card-set documents and criterion expressions, and an independent oracle.

Shared by tests/core/test_cards_fuzz.py (a few hundred examples per run) and
benchmarks/fuzz_cards.py (tens of thousands). The oracle evaluates a ``when`` expression
by walking the syntax tree that Python's own ``ast`` module builds for it (the card
language uses Python's precedence), for all 125 codes at once; it shares no code with
turing.core.criteria.
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st
from ruamel.yaml import YAML

from turing.authoring.lint import lint_text
from turing.core.cards import CardError, parse_cardset
from turing.core.codes import ALL_CODES, ALL_MASK
from turing.core.criteria import ExpressionError, compile_criterion

Vec = npt.NDArray[np.int64]
DIGITS = [(c.b, c.y, c.p) for c in ALL_CODES]

KNOWN_CODES = {
    "C001", "C002", "C003", "C004", "C101", "C102", "C103", "C104", "C105", "C107",
    "C108", "C109", "C201", "C202", "C203", "C204", "C205", "C301", "C302",
}  # fmt: skip
EXPRESSION_CODES = {"C201", "C202", "C203", "C204", "C205"}


# -- the oracle -----------------------------------------------------------------------------


class OracleCannot(Exception):
    """The expression is outside what the oracle evaluates (not in the card language)."""


_B = np.array([d[0] for d in DIGITS], dtype=np.int64)
_Y = np.array([d[1] for d in DIGITS], dtype=np.int64)
_P = np.array([d[2] for d in DIGITS], dtype=np.int64)
_NAME_VALUES: dict[str, Vec] = {
    "b": _B,
    "y": _Y,
    "p": _P,
    "blue": _B,
    "yellow": _Y,
    "purple": _P,
    "sum": _B + _Y + _P,
    "evens": (_B % 2 == 0).astype(np.int64) + (_Y % 2 == 0) + (_P % 2 == 0),
    "odds": (_B % 2 == 1).astype(np.int64) + (_Y % 2 == 1) + (_P % 2 == 1),
}
_ARITH: dict[type, Callable[[Vec, Vec], Vec]] = {
    ast.Add: np.add,
    ast.Sub: np.subtract,
    ast.Mult: np.multiply,
    ast.FloorDiv: np.floor_divide,  # rounds down, like the card language
    ast.Mod: np.mod,  # takes the divisor's sign, like the card language
}
_COMPARE: dict[type, Callable[[Vec, Vec], Vec]] = {
    ast.Lt: np.less,
    ast.LtE: np.less_equal,
    ast.Gt: np.greater,
    ast.GtE: np.greater_equal,
    ast.Eq: np.equal,
    ast.NotEq: np.not_equal,
}


def _python_text(expr: str) -> str:
    text = re.sub(r"\s", " ", expr)
    text = text.replace("▲", " b ").replace("■", " y ").replace("●", " p ")
    # 007 is a number in the card language, a syntax error in Python.
    return re.sub(r"(?<![A-Za-z_0-9])0+(?=[0-9])", "", text).strip()


def _ev(node: ast.AST) -> tuple[str, Vec]:
    """(kind, values for the 125 codes): kind "int", or "bool" with values 0/1."""
    if isinstance(node, ast.Expression):
        return _ev(node.body)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return "int", np.full(125, node.value, dtype=np.int64)
    if isinstance(node, ast.Name) and node.id in _NAME_VALUES:
        return "int", _NAME_VALUES[node.id]
    if isinstance(node, ast.BoolOp):
        parts = [_ev(v) for v in node.values]
        if any(k != "bool" for k, _ in parts):
            raise OracleCannot("and/or of numbers")
        stack = np.stack([v for _, v in parts])
        joined = stack.min(axis=0) if isinstance(node.op, ast.And) else stack.max(axis=0)
        return "bool", joined
    if isinstance(node, ast.UnaryOp):
        kind, v = _ev(node.operand)
        if isinstance(node.op, ast.Not) and kind == "bool":
            return "bool", 1 - v
        if isinstance(node.op, ast.USub | ast.UAdd) and kind == "int":
            return "int", -v if isinstance(node.op, ast.USub) else v
        raise OracleCannot("unary")
    if isinstance(node, ast.BinOp):
        lk, lv = _ev(node.left)
        rk, rv = _ev(node.right)
        fn = _ARITH.get(type(node.op))
        if lk != "int" or rk != "int" or fn is None:
            raise OracleCannot("arithmetic")
        if isinstance(node.op, ast.FloorDiv | ast.Mod) and (rv == 0).any():
            raise OracleCannot("division by zero")
        return "int", fn(lv, rv)
    if isinstance(node, ast.Compare):
        values = [_ev(node.left)] + [_ev(c) for c in node.comparators]
        result = np.ones(125, dtype=np.int64)
        pairs = itertools.pairwise(values)
        for op, ((lk, lv), (rk, rv)) in zip(node.ops, pairs, strict=True):
            cmp = _COMPARE.get(type(op))
            if cmp is None:
                raise OracleCannot("comparison")
            if isinstance(op, ast.Eq | ast.NotEq) and lk != rk:
                raise OracleCannot("== between a number and a condition")
            if not isinstance(op, ast.Eq | ast.NotEq) and (lk, rk) != ("int", "int"):
                raise OracleCannot("ordering of conditions")
            result = result & cmp(lv, rv).astype(np.int64)
        return "bool", result
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        args = [_ev(a) for a in node.args]
        if any(k != "int" for k, _ in args):
            raise OracleCannot("call with a condition")
        name, n = node.func.id, len(args)
        if name == "count" and n == 1:
            x = args[0][1]
            return "int", (x == _B).astype(np.int64) + (x == _Y) + (x == _P)
        if name == "abs" and n == 1:
            return "int", np.abs(args[0][1])
        if name in ("even", "odd") and n == 1:
            return "bool", (args[0][1] % 2 == (name == "odd")).astype(np.int64)
        if name in ("min", "max") and 1 <= n <= 32:
            stack = np.stack([v for _, v in args])
            return "int", stack.min(axis=0) if name == "min" else stack.max(axis=0)
    raise OracleCannot(type(node).__name__)


def oracle_mask(expr: str) -> int:
    """The mask of the codes meeting ``expr``; raises OracleCannot outside the language."""
    try:
        tree = ast.parse(_python_text(expr), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise OracleCannot(str(exc)) from None
    kind, values = _ev(tree)
    if kind != "bool":
        raise OracleCannot("a number, not a condition")
    return sum(1 << int(i) for i in np.flatnonzero(values))


# -- expressions ----------------------------------------------------------------------------
#
# Generated from a seed with random.Random (hypothesis draws the seed): building a
# hypothesis strategy per sub-expression costs a hundred times more than the test.

_NUM_NAMES = ["b", "y", "p", "blue", "yellow", "purple", "▲", "■", "●", "sum", "evens", "odds"]
_SAFE_DIVISORS = ["b", "y", "p", "sum", "1", "2", "3", "5"]  # never zero for any code
_ORDER = ["<", "<=", ">", ">=", "==", "!="]


def gen_number(rng: random.Random, depth: int = 3) -> str:
    """A well-typed number expression that never divides by zero."""
    if depth <= 0 or rng.randrange(3) == 0:
        if rng.randrange(3):
            return rng.choice(_NUM_NAMES)
        return str(rng.randint(0, 15))
    kind = rng.choice(["bin", "bin", "neg", "count", "minmax", "abs", "div"])
    if kind == "bin":
        op = rng.choice(["+", "-", "*"])
        return f"({gen_number(rng, depth - 1)} {op} {gen_number(rng, depth - 1)})"
    if kind == "div":
        op = rng.choice(["//", "%"])
        return f"({gen_number(rng, depth - 1)} {op} {rng.choice(_SAFE_DIVISORS)})"
    if kind == "neg":
        inner = gen_number(rng, depth - 1)
        return f"-({inner})" if rng.randrange(2) else f"-{inner}"
    if kind in ("count", "abs"):
        return f"{kind}({gen_number(rng, depth - 1)})"
    args = [gen_number(rng, depth - 1) for _ in range(rng.randint(1, 3))]
    return f"{rng.choice(['min', 'max'])}({', '.join(args)})"


def gen_condition(rng: random.Random, depth: int = 3) -> str:
    """A well-typed condition (a valid ``when`` expression, though maybe always true)."""
    if depth <= 0 or rng.randrange(3) == 0:
        parts = [gen_number(rng, 1)]
        for _ in range(rng.choice([1, 1, 1, 2])):
            right = gen_number(rng, 1) if rng.randrange(2) else str(rng.randint(1, 6))
            parts += [rng.choice(_ORDER), right]
        return " ".join(parts)
    kind = rng.choice(["and", "or", "not", "parity", "eq", "cmp"])
    if kind in ("and", "or"):
        return f"({gen_condition(rng, depth - 1)}) {kind} ({gen_condition(rng, depth - 1)})"
    if kind == "not":
        return f"not ({gen_condition(rng, depth - 1)})"
    if kind == "parity":
        return f"{rng.choice(['even', 'odd'])}({gen_number(rng, depth - 1)})"
    if kind == "eq":
        op = rng.choice(["==", "!="])
        return f"({gen_condition(rng, depth - 1)}) {op} ({gen_condition(rng, depth - 1)})"
    return f"{gen_number(rng, depth - 1)} {rng.choice(_ORDER)} {gen_number(rng, depth - 1)}"


def gen_useful_condition(rng: random.Random) -> str:
    """A condition that keeps some codes but not all (a criterion a card may hold)."""
    for _ in range(200):
        expr = gen_condition(rng)
        if oracle_mask(expr) not in (0, ALL_MASK):
            return expr
    return "b < 3"


_MUTATION_CHARS = list("()+-*/%<>=!,. _0123456789bypsumcountminaxevodnt▲■●\n\t&|#'\":[]{}")


def mutate(rng: random.Random, text: str, edits: int = 3) -> str:
    """``text`` with up to ``edits`` random insertions, deletions and replacements."""
    for _ in range(rng.randint(1, edits)):
        pos = rng.randint(0, len(text))
        what = rng.choice(["insert", "delete", "replace"])
        char = rng.choice(_MUTATION_CHARS)
        if what == "insert":
            text = text[:pos] + char + text[pos:]
        elif what == "delete":
            text = text[:pos] + text[pos + 1 :]
        else:
            text = text[:pos] + char + text[pos + 1 :]
    return text


def gen_expression(rng: random.Random) -> tuple[str, bool]:
    """(expression, well_typed): a valid condition (3 in 4), or a broken variant of one."""
    base = gen_condition(rng)
    if rng.randrange(4):
        return base, True
    return mutate(rng, base), False


seeds = st.integers(0, 2**64 - 1)
expressions = seeds.map(lambda seed: gen_expression(random.Random(seed)))


def check_expression(expr: str, well_typed: bool, outcomes: Counter[str]) -> None:
    """Either a clean ExpressionError with its offset, or the oracle's mask."""
    try:
        mask = compile_criterion(expr)
    except ExpressionError as exc:
        assert exc.code in EXPRESSION_CODES, exc.code
        assert 0 <= exc.offset <= len(expr), (exc.offset, expr)
        assert exc.message
        # A well-typed expression fails only on the length limits.
        assert not well_typed or exc.code == "C205", (expr, exc.message)
        outcomes[exc.code] += 1
        return
    try:
        expected = oracle_mask(expr)
    except OracleCannot as why:
        raise AssertionError(f"compiled {expr!r}, which the oracle rejects: {why}") from None
    assert mask == expected, expr
    outcomes["compiled"] += 1


# -- card-set documents ---------------------------------------------------------------------


@dataclass
class Doc:
    """A generated card-set document; ``valid`` None when no one can tell in advance."""

    data: Any
    valid: bool | None


FAULTS = (
    "number_text", "number_zero", "number_bool", "no_number", "duplicate_number",
    "no_criteria", "criteria_text", "one_criterion", "card_key", "criterion_key", "top_key",
    "when_number", "no_when", "broken_when", "always", "never", "title_number",
    "empty_name", "bad_tiers", "cards_text", "no_cards", "card_text", "empty_text",
    "text_break", "text_control",
)  # fmt: skip

_NUMBER_FAULTS: dict[str, Any] = {"number_text": "seven", "number_zero": 0, "number_bool": True}
_CRITERIA_FAULTS: dict[str, Any] = {
    "criteria_text": "b == 1",
    "one_criterion": ["b == 1"],
    "criterion_key": [{"when": "b > 2", "whenn": "x"}, "b < 2"],
    "when_number": [{"when": 3}, "b < 2"],
    "no_when": [{"text": "▲ < 3"}, "b < 2"],
    "always": ["b >= 1 or y > 2", "b < 2"],
    "never": ["sum > 15", "b < 2"],
}

_TEXT_FAULTS: dict[str, str] = {"empty_text": " ", "text_break": "a\nb", "text_control": "x\u202ey"}


def _card(rng: random.Random, number: int) -> dict[str, Any]:
    items: list[Any] = []
    for _ in range(rng.randint(2, 4)):
        expr = gen_useful_condition(rng)
        if rng.randrange(2):
            items.append(expr)
        else:
            text = rng.choice(["▲ < 3", "a digit twice", "  padded ", "# x", "a: b", "é"])
            items.append({"text": text, "when": expr})
    card: dict[str, Any] = {"number": number, "criteria": items}
    if rng.randrange(2):
        card["title"] = rng.choice(["▲ vs ■", "count of 3s", "a: b", "- x"])
    return card


def _inject(rng: random.Random, data: dict[str, Any], cards: list[Any], fault: str) -> bool:
    """Apply one fault; False when it surely breaks the set, True when it may not."""
    card = rng.choice(cards)
    if fault == "broken_when":
        crits = card.get("criteria")
        old = crits[0] if isinstance(crits, list) else None
        when = old if isinstance(old, str) else old.get("when") if isinstance(old, dict) else 0
        if not isinstance(when, str):
            return False  # an earlier fault broke this card already
        assert isinstance(crits, list)
        crits[0] = mutate(rng, when)
        return True
    if fault in _NUMBER_FAULTS:
        card["number"] = _NUMBER_FAULTS[fault]
    elif fault == "no_number" or (fault == "duplicate_number" and len(cards) < 2):
        card.pop("number", None)
    elif fault == "duplicate_number":
        card["number"] = next(c for c in cards if c is not card).get("number", "x")
    elif fault == "no_criteria":
        card.pop("criteria", None)
    elif fault in _CRITERIA_FAULTS:
        card["criteria"] = _CRITERIA_FAULTS[fault]
    elif fault == "card_key":
        card["colour"] = "blue"
    elif fault == "top_key":
        data["edition"] = 2
    elif fault == "title_number":
        card["title"] = 7
    elif fault == "empty_name":
        data["name"] = ""
    elif fault in _TEXT_FAULTS:
        card["criteria"] = [{"text": _TEXT_FAULTS[fault], "when": "b < 3"}, "b >= 3"]
    elif fault == "bad_tiers":
        data["tiers"] = {"easy": [3, 1]}
    elif fault == "cards_text":
        data["cards"] = "all of them"
    elif fault == "no_cards":
        data.pop("cards", None)
    else:  # card_text
        cards[cards.index(card)] = "card"
    return False


def gen_document(rng: random.Random) -> Doc:
    """A card set of 1–5 cards, with 0–2 injected faults of the kinds in FAULTS."""
    numbers_ = rng.sample(range(1, 100), rng.randint(1, 5))
    cards: list[Any] = [_card(rng, n) for n in numbers_]
    data: dict[str, Any] = {"cards": cards}
    if rng.randrange(2):
        data["name"] = rng.choice(["zoo", "my set", "a: b"])
    if rng.randrange(4) == 0:
        data["tiers"] = {"easy": [1, 3], "hard": [4, 99]}
    valid: bool | None = True
    for fault in rng.sample(FAULTS, rng.choice([0, 0, 1, 2])):
        if isinstance(data.get("cards"), list) and all(isinstance(c, dict) for c in cards):
            maybe = _inject(rng, data, cards, fault)
            valid = False if valid is False or not maybe else None
    return Doc(data, valid)


def render(data: Any, style: str) -> str:
    """YAML in block or flow style, or JSON."""
    if style == "json":
        return json.dumps(data, ensure_ascii=False)
    yaml = YAML()
    yaml.default_flow_style = style == "flow"
    yaml.allow_unicode = True
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def gen_card_text(rng: random.Random) -> tuple[str, bool | None]:
    """(text, meant_to_load): a rendered document, sometimes edited after rendering.

    ``meant_to_load`` is None when no one can tell in advance (the document or one of
    its expressions was edited at random): either outcome is right, as long as it is clean.
    """
    doc = gen_document(rng)
    text = render(doc.data, rng.choice(["block", "block", "flow", "json"]))
    if rng.randrange(4) == 0:
        return mutate(rng, text, edits=4), None
    return text, doc.valid


card_texts = seeds.map(lambda seed: gen_card_text(random.Random(seed)))


def check_card_text(text: str, meant_to_load: bool | None, outcomes: Counter[str]) -> None:
    """Either clean located CardErrors, or a set whose masks equal the oracle's."""
    cardset, errors = parse_cardset(text, "fuzz.yaml")
    lines = text.count("\n") + 1
    for err in errors:
        assert isinstance(err, CardError)
        assert err.code in KNOWN_CODES, err.code
        assert err.line >= 0 and err.column >= 0
        if err.line:
            assert 1 <= err.line <= lines and err.column >= 1, (err.line, err.column, lines)
        assert str(err).startswith("fuzz.yaml")
    if errors:
        assert cardset is None
        assert meant_to_load is not True, (text, [str(e) for e in errors])
        outcomes[errors[0].code] += 1
    else:
        assert cardset is not None
        assert meant_to_load is not False, text
        for card in cardset:
            assert len(card.criteria) >= 2
            for crit in card.criteria:
                assert crit.mask not in (0, ALL_MASK)
                assert crit.mask == oracle_mask(crit.when), crit.when
        outcomes["loaded"] += 1
    linted = lint_text(text, "fuzz.yaml", verifiers=3)
    assert sorted((f.code, f.line, f.column) for f in linted.findings if f.code[0] == "C") == (
        sorted((e.code, e.line, e.column) for e in errors)
    )


# -- nesting --------------------------------------------------------------------------------

_TRICKY = ["[", "]", "{{", "}", "'", '"', "a: b", "# c", "x #y", "- x", "|", "> y", "x'y",
           'q"r', "[[[", "{a: [", "line\nbreak [", "\\", "\\\"", "", " ", "é●", "'[{'",
           "k:"]  # fmt: skip


def gen_structure(rng: random.Random, depth: int = 6) -> Any:
    """Nested lists and mappings of awkward strings and numbers, at most ``depth`` deep."""
    roll = rng.randrange(5)
    if depth <= 0 or roll == 0:
        return rng.choice([*_TRICKY, 0, 17, -3, True, None, 1.5])
    size = rng.randint(0, 4)
    if roll % 2:
        return [gen_structure(rng, depth - 1) for _ in range(size)]
    return {rng.choice(_TRICKY) + str(i): gen_structure(rng, depth - 1) for i in range(size)}


def gen_yaml_text(rng: random.Random) -> tuple[Any, str]:
    data = gen_structure(rng)
    return data, render(data, rng.choice(["block", "flow", "json"]))


yaml_texts = seeds.map(lambda seed: gen_yaml_text(random.Random(seed)))
