"""The criterion language of card files, compiled to a 125-bit code mask.

A criterion's ``when`` is a small expression over the digits of a code, e.g.
``b < y < p`` or ``count(3) == 2``. It is tokenized and parsed here, never handed to
``eval``. Every sub-expression is evaluated for all 125 codes at once (a tuple of 125
values), so compiling a criterion costs a few list comprehensions.

Names: ``b y p`` (also ``blue yellow purple`` and ``▲ ■ ●``), ``sum`` (b+y+p),
``evens`` / ``odds`` (how many digits are even / odd). Functions: ``count(d)``,
``min(…)``, ``max(…)``, ``abs(x)``, ``even(x)``, ``odd(x)``. Operators, loosest first:
``or``, ``and``, ``not``, comparisons ``< <= > >= == !=`` (chains allowed), ``+ -``,
``* // %``, unary ``-``; parentheses group.

:func:`parse_criterion` gives the expression's tree (the same checks, the same errors),
from which :mod:`turing.core.wording` puts a criterion into German words.

>>> compile_criterion("b == 1 and y == 1 and p == 1").bit_count()
1
>>> compile_criterion("count(3) >= 1").bit_count()
61
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from turing.core.codes import ALL_CODES, NUM_CODES
from turing.core.errors import TuringError
from turing.i18n import _

MAX_LENGTH: Final = 2000
MAX_DEPTH: Final = 40
#: the most digits a number of an expression has, and the largest product it may make
MAX_DIGITS: Final = 6
MAX_PRODUCT: Final = 10**12


class ExpressionError(TuringError):
    """A criterion expression that cannot be compiled.

    ``offset`` is the 0-based character position in the expression, ``code`` a stable
    finding code (see docs/cards.md).
    """

    def __init__(self, message: str, offset: int, code: str, related: int | None = None) -> None:
        self.template = message
        #: a second 0-based position the message names (the '(' a ')' would close), as
        #: ``{where}`` in :attr:`template`; :attr:`message` says it as a column of the
        #: expression, :meth:`placed` as its caller knows the place
        self.related = related
        self.message = self.placed(lambda at: _("column {column}").format(column=at + 1))
        super().__init__(self.message)
        self.offset = offset
        self.code = code

    def placed(self, where: Callable[[int], str]) -> str:
        """The message with the position it names said by ``where`` (offset → words)."""
        if self.related is None:
            return self.template
        return self.template.replace(WHERE, where(self.related))


#: where in a message template the second position it names is said
WHERE: Final = "\x00where\x00"


# Finding codes for expression problems.
E_SYNTAX: Final = "C201"
E_NAME: Final = "C202"
E_TYPE: Final = "C203"
E_ARITH: Final = "C204"
E_LIMIT: Final = "C205"

Vector = tuple[int, ...]  # one value per code; booleans are stored as 0/1 with type "bool"

_B: Final[Vector] = tuple(c.b for c in ALL_CODES)
_Y: Final[Vector] = tuple(c.y for c in ALL_CODES)
_P: Final[Vector] = tuple(c.p for c in ALL_CODES)

_NAMES: Final[dict[str, Vector]] = {
    "b": _B,
    "blue": _B,
    "▲": _B,
    "y": _Y,
    "yellow": _Y,
    "■": _Y,
    "p": _P,
    "purple": _P,
    "●": _P,
    "sum": tuple(c.b + c.y + c.p for c in ALL_CODES),
    "evens": tuple(sum(d % 2 == 0 for d in c.digits) for c in ALL_CODES),
    "odds": tuple(sum(d % 2 == 1 for d in c.digits) for c in ALL_CODES),
}
FUNCTIONS: Final = ("count", "min", "max", "abs", "even", "odd")
NAMES: Final = tuple(_NAMES)
KEYWORDS: Final = ("and", "or", "not")

_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<int>[0-9]+)
  | (?P<name>[^\W\d](?:[^\W\d]|[0-9])*|[▲■●])
  | (?P<op>//|<=|>=|==|!=|[-+*%<>(),])
  | (?P<bad>.)
    """,
    re.VERBOSE | re.DOTALL,
)


#: ``=<`` and ``=>`` as the comparison meant (``<=``, ``>=``), by the character after ``=``
_REVERSED: Final = {"<": "<=", ">": ">="}
#: signs of written mathematics and what the card language writes for each
_SIGNS: Final = {"≤": "<=", "≥": ">=", "≠": "!=", "−": "-", "×": "*", "÷": "//"}


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "int", "name", "op", "end"
    text: str
    offset: int


def _tokenize(source: str) -> list[_Token]:
    tokens: list[_Token] = []
    for match in _TOKEN.finditer(source):
        kind = match.lastgroup or "bad"
        text = match.group()
        if kind == "ws":
            continue
        if kind == "bad":
            after = source[match.start() + 1 : match.start() + 2]
            meant = _SIGNS.get(text) or (_REVERSED.get(after) if text == "=" else None)
            message = _("unexpected character {char!r}")
            if text == "=":
                message = _("unexpected character {char!r} (use == to compare)")
            if meant is not None:
                message = _("unexpected character {char!r} (write {op})")
            if text == "/":
                message = _("unexpected character {char!r} (use // for whole-number division)")
            if text in "&|!":
                message = _("unexpected character {char!r} (use and, or, not)")
            if text.isdigit():
                message = _("unexpected character {char!r} (write numbers with the digits 0–9)")
            raise ExpressionError(message.format(char=text, op=meant), match.start(), E_SYNTAX)
        if kind == "int" and len(text) > MAX_DIGITS:
            shown = text if len(text) <= 12 else f"{text[:12]}…"
            raise ExpressionError(
                _("number {number} is too large: a number has at most {limit} digits").format(
                    number=shown, limit=MAX_DIGITS
                ),
                match.start(),
                E_LIMIT,
            )
        if kind == "int" and len(text) > 1 and text[0] == "0":
            # as a card number's: 010 is octal 8 to older readers, 10 to others
            raise ExpressionError(
                _(
                    "number {number} is written with a leading zero: write {value} (a number "
                    "has no leading zero)"
                ).format(number=text, value=int(text)),
                match.start(),
                E_SYNTAX,
            )
        tokens.append(_Token(kind, text, match.start()))
    tokens.append(_Token("end", "", len(source)))
    return tokens


# -- the expression tree -------------------------------------------------------------------
# The parser builds this tree beside the values, so a criterion can be put into words
# (turing.core.wording) from the very structure the checker accepted.


@dataclass(frozen=True, slots=True)
class Num:
    """A whole number written in the expression."""

    value: int


@dataclass(frozen=True, slots=True)
class Name:
    """A name, canonical: ``b``, ``y``, ``p``, ``sum``, ``evens`` or ``odds``."""

    name: str


@dataclass(frozen=True, slots=True)
class Call:
    """``count``, ``min``, ``max``, ``abs`` (numbers) or ``even``, ``odd`` (conditions)."""

    fn: str
    args: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Unary:
    """``-x`` or ``+x``."""

    op: str
    operand: Expr


@dataclass(frozen=True, slots=True)
class Binary:
    """Arithmetic: ``+ - * // %``."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Compare:
    """A comparison, possibly chained: ``operands[i] ops[i] operands[i + 1]`` for each i."""

    ops: tuple[str, ...]
    operands: tuple[Expr, ...]


@dataclass(frozen=True, slots=True)
class Not:
    operand: Expr


@dataclass(frozen=True, slots=True)
class Logic:
    """``and`` / ``or`` over two or more conditions (nested ones of the same kind merged)."""

    op: str
    operands: tuple[Expr, ...]


Expr = Num | Name | Call | Unary | Binary | Compare | Not | Logic

_CANONICAL: Final = {"blue": "b", "▲": "b", "yellow": "y", "■": "y", "purple": "p", "●": "p"}


def _logic(op: str, left: Expr, right: Expr) -> Logic:
    parts = left.operands if isinstance(left, Logic) and left.op == op else (left,)
    return Logic(op, (*parts, right))


@dataclass(frozen=True, slots=True)
class _Value:
    kind: str  # "int" or "bool"
    values: Vector
    offset: int
    node: Expr


def _const(n: int) -> Vector:
    return (n,) * NUM_CODES


def _constant(values: Vector) -> bool:
    """Whether ``values`` is the same for every code (does not depend on the code)."""
    return values.count(values[0]) == len(values)


_COMPARE: Final[dict[str, Callable[[int, int], bool]]] = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


class _Parser:
    """Recursive descent, loosest binding first; depth is bounded by MAX_DEPTH."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.tokens = _tokenize(source)
        self.pos = 0
        self.depth = 0

    # -- token helpers -------------------------------------------------------------
    @property
    def tok(self) -> _Token:
        return self.tokens[self.pos]

    def _advance(self) -> _Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def _at(self, *texts: str) -> bool:
        token = self.tok
        return token.kind in ("op", "name") and token.text in texts

    def _expect(self, text: str, what: str, related: int | None = None) -> _Token:
        if not self._at(text):
            raise ExpressionError(
                _("expected {what}, found {found}").format(
                    what=what, found=self._describe(self.tok)
                ),
                self.tok.offset,
                E_SYNTAX,
                related,
            )
        return self._advance()

    @staticmethod
    def _describe(token: _Token) -> str:
        return _("the end of the expression") if token.kind == "end" else repr(token.text)

    def _enter(self, offset: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExpressionError(
                _("expression nested deeper than {limit} levels").format(limit=MAX_DEPTH),
                offset,
                E_LIMIT,
            )

    def _leave(self) -> None:
        self.depth -= 1

    @staticmethod
    def _need(value: _Value, kind: str, context: str) -> None:
        if value.kind != kind:
            message = (
                _("{context} needs a number, found a condition (true/false)")
                if kind == "int"
                else _("{context} needs a condition, found a number")
            )
            raise ExpressionError(message.format(context=context), value.offset, E_TYPE)

    # -- grammar ---------------------------------------------------------------------
    def parse(self) -> _Value:
        value = self._or()
        if self.tok.kind == "name" and self.tok.text.lower() in KEYWORDS:
            raise ExpressionError(
                _(
                    "unexpected {found}: did you mean {meant!r}? (the card language is written "
                    "in lower case)"
                ).format(found=repr(self.tok.text), meant=self.tok.text.lower()),
                self.tok.offset,
                E_SYNTAX,
            )
        if self.tok.kind != "end":
            raise ExpressionError(
                _("unexpected {found}").format(found=self._describe(self.tok)),
                self.tok.offset,
                E_SYNTAX,
            )
        return value

    def _or(self) -> _Value:
        left = self._and()
        while self._at("or"):
            self._advance()
            right = self._and()
            self._need(left, "bool", "'or'")
            self._need(right, "bool", "'or'")
            left = _Value(
                "bool",
                tuple(a | b for a, b in zip(left.values, right.values, strict=True)),
                left.offset,
                _logic("or", left.node, right.node),
            )
        return left

    def _and(self) -> _Value:
        left = self._not()
        while self._at("and"):
            self._advance()
            right = self._not()
            self._need(left, "bool", "'and'")
            self._need(right, "bool", "'and'")
            left = _Value(
                "bool",
                tuple(a & b for a, b in zip(left.values, right.values, strict=True)),
                left.offset,
                _logic("and", left.node, right.node),
            )
        return left

    def _not(self) -> _Value:
        if self._at("not"):
            token = self._advance()
            self._enter(token.offset)
            operand = self._not()
            self._leave()
            self._need(operand, "bool", "'not'")
            return _Value(
                "bool", tuple(1 - a for a in operand.values), token.offset, Not(operand.node)
            )
        return self._comparison()

    def _comparison(self) -> _Value:
        first = self._additive()
        if not self._at(*_COMPARE):
            return first
        result: Vector | None = None
        left = first
        ops: list[str] = []
        operands: list[Expr] = [first.node]
        while self._at(*_COMPARE):
            op = self._advance()
            right = self._additive()
            ops.append(op.text)
            operands.append(right.node)
            if op.text in ("==", "!="):
                if left.kind != right.kind:
                    raise ExpressionError(
                        _("'{op}' compares a number with a condition").format(op=op.text),
                        op.offset,
                        E_TYPE,
                    )
            else:
                self._need(left, "int", f"'{op.text}'")
                self._need(right, "int", f"'{op.text}'")
            fn = _COMPARE[op.text]
            step = tuple(int(fn(a, b)) for a, b in zip(left.values, right.values, strict=True))
            result = (
                step if result is None else tuple(a & b for a, b in zip(result, step, strict=True))
            )
            left = right
        assert result is not None
        return _Value("bool", result, first.offset, Compare(tuple(ops), tuple(operands)))

    def _additive(self) -> _Value:
        left = self._multiplicative()
        while self._at("+", "-"):
            op = self._advance()
            right = self._multiplicative()
            self._need(left, "int", f"'{op.text}'")
            self._need(right, "int", f"'{op.text}'")
            if op.text == "+":
                values = tuple(a + b for a, b in zip(left.values, right.values, strict=True))
            else:
                values = tuple(a - b for a, b in zip(left.values, right.values, strict=True))
            left = _Value("int", values, left.offset, Binary(op.text, left.node, right.node))
        return left

    def _multiplicative(self) -> _Value:
        left = self._unary()
        while self._at("*", "//", "%"):
            op = self._advance()
            right = self._unary()
            self._need(left, "int", f"'{op.text}'")
            self._need(right, "int", f"'{op.text}'")
            if op.text == "*":
                values = tuple(a * b for a, b in zip(left.values, right.values, strict=True))
                large = next((i for i, v in enumerate(values) if abs(v) > MAX_PRODUCT), None)
                if large is not None:
                    # a code is named only when the product depends on the code
                    raise ExpressionError(
                        _("numbers grow too large: a product passes {limit}").format(limit="10¹²")
                        if _constant(values)
                        else _(
                            "numbers grow too large: a product passes {limit} (for code {code})"
                        ).format(limit="10¹²", code=ALL_CODES[large]),
                        op.offset,
                        E_LIMIT,
                    )
            else:
                if 0 in right.values:
                    zero_at = ALL_CODES[right.values.index(0)]
                    raise ExpressionError(
                        _("'{op}' divides by zero").format(op=op.text)
                        if _constant(right.values)
                        else _("'{op}' divides by zero (for code {code})").format(
                            op=op.text, code=zero_at
                        ),
                        op.offset,
                        E_ARITH,
                    )
                if op.text == "//":
                    values = tuple(a // b for a, b in zip(left.values, right.values, strict=True))
                else:
                    values = tuple(a % b for a, b in zip(left.values, right.values, strict=True))
            left = _Value("int", values, left.offset, Binary(op.text, left.node, right.node))
        return left

    def _unary(self) -> _Value:
        if self._at("-", "+"):
            op = self._advance()
            self._enter(op.offset)
            operand = self._unary()
            self._leave()
            self._need(operand, "int", _("unary '{op}'").format(op=op.text))
            node = Unary(op.text, operand.node)
            if op.text == "+":
                return _Value("int", operand.values, op.offset, node)
            return _Value("int", tuple(-a for a in operand.values), op.offset, node)
        return self._atom()

    def _atom(self) -> _Value:
        token = self.tok
        if token.kind == "int":
            self._advance()
            number = int(token.text)
            return _Value("int", _const(number), token.offset, Num(number))
        if token.kind == "name":
            if token.text in KEYWORDS:
                raise ExpressionError(
                    _("unexpected {found}").format(found=repr(token.text)), token.offset, E_SYNTAX
                )
            self._advance()
            if self._at("("):
                return self._call(token)
            if token.text in FUNCTIONS:
                raise ExpressionError(
                    _("{name} is a function: write {name}(…)").format(name=token.text),
                    token.offset,
                    E_SYNTAX,
                )
            if token.text in _NAMES:
                name = _CANONICAL.get(token.text, token.text)
                return _Value("int", _NAMES[token.text], token.offset, Name(name))
            raise ExpressionError(_unknown_name(token.text), token.offset, E_NAME)
        if self._at("("):
            self._advance()
            self._enter(token.offset)
            inner = self._or()
            self._leave()
            self._expect(
                ")", _("')' to close the '(' at {where}").format(where=WHERE), token.offset
            )
            return _Value(inner.kind, inner.values, token.offset, inner.node)
        before = self.tokens[self.pos - 1] if self.pos else token
        if token.text == before.text == "*" and before.offset + 1 == token.offset:  # b ** 2
            raise ExpressionError(
                _("'**' is no operator of the card language: multiply (b * b) instead"),
                before.offset,
                E_SYNTAX,
            )
        if (before.text, token.text) == ("<", ">") and before.offset + 1 == token.offset:
            raise ExpressionError(
                _("'<>' is no operator of the card language: write != instead"),
                before.offset,
                E_SYNTAX,
            )
        raise ExpressionError(
            _("expected a number, a name or '(', found {found}").format(
                found=self._describe(token)
            ),
            token.offset,
            E_SYNTAX,
        )

    def _call(self, name: _Token) -> _Value:
        open_paren = self._advance()
        self._enter(open_paren.offset)
        args: list[_Value] = []
        if not self._at(")"):
            args.append(self._or())
            while self._at(","):
                self._advance()
                args.append(self._or())
        self._expect(")", _("')' to close {name}(").format(name=name.text))
        self._leave()
        fn = name.text
        if fn not in FUNCTIONS:
            if fn in _NAMES:
                raise ExpressionError(
                    _("{name} is not a function").format(name=fn), name.offset, E_SYNTAX
                )
            raise ExpressionError(_unknown_name(fn, function=True), name.offset, E_NAME)
        for arg in args:
            self._need(arg, "int", f"{fn}()")
        arity = {"count": (1, 1), "abs": (1, 1), "even": (1, 1), "odd": (1, 1)}.get(fn, (1, 32))
        if not arity[0] <= len(args) <= arity[1]:
            if arity == (1, 1):
                message = _("{name}() takes one argument, got {count}")
            elif args:
                message = _("{name}() takes at most {most} arguments, got {count}")
            else:
                message = _("{name}() takes at least one argument, got {count}")
            raise ExpressionError(
                message.format(name=fn, count=len(args), most=arity[1]), name.offset, E_TYPE
            )
        kind, values = _apply(fn, [a.values for a in args])
        return _Value(kind, values, name.offset, Call(fn, tuple(a.node for a in args)))


def _apply(fn: str, args: Sequence[Vector]) -> tuple[str, Vector]:
    if fn == "count":
        (d,) = args
        return "int", tuple(
            (c.b == n) + (c.y == n) + (c.p == n) for c, n in zip(ALL_CODES, d, strict=True)
        )
    if fn == "abs":
        return "int", tuple(abs(a) for a in args[0])
    if fn == "even":
        return "bool", tuple(int(a % 2 == 0) for a in args[0])
    if fn == "odd":
        return "bool", tuple(int(a % 2 == 1) for a in args[0])
    pick = min if fn == "min" else max
    return "int", tuple(pick(column) for column in zip(*args, strict=True))


def _unknown_name(name: str, function: bool = False) -> str:
    known = ", ".join(n for n in _NAMES if n.isascii())
    lowered = name.lower()
    if lowered in ("true", "false"):
        return _(
            "unknown name {name!r}: the card language has no true or false; write a "
            "condition such as b < 3 (a criterion true for every code, or for none, is no use)"
        ).format(name=name)
    meant = next((known for known in (*_NAMES, *FUNCTIONS, *KEYWORDS) if known == lowered), None)
    if meant is not None and meant != name:
        written = (
            _(
                "unknown function {name!r}: did you mean {meant!r}? (the card language is "
                "written in lower case)"
            )
            if function
            else _(
                "unknown name {name!r}: did you mean {meant!r}? (the card language is written "
                "in lower case)"
            )
        )
        return written.format(name=name, meant=meant)
    message = (
        _("unknown function {name!r}: names are {names}; functions are {functions}")
        if function
        else _("unknown name {name!r}: names are {names}; functions are {functions}")
    )
    return message.format(name=name, names=known, functions=", ".join(FUNCTIONS))


@lru_cache(maxsize=4096)
def compile_criterion(source: str) -> int:
    """Compile a ``when`` expression to the mask of the codes that meet it.

    Raises :class:`ExpressionError` for syntax errors, unknown names, type errors and
    expressions that are too long or too deeply nested. The result must be a condition.
    """
    mask = 0
    for i, v in enumerate(_checked(source).values):
        if v:
            mask |= 1 << i
    return mask


@lru_cache(maxsize=4096)
def parse_criterion(source: str) -> Expr:
    """The tree of a ``when`` expression, checked as :func:`compile_criterion` checks it
    (and raising the same :class:`ExpressionError`).

    >>> parse_criterion("count(3) == 2")
    Compare(ops=('==',), operands=(Call(fn='count', args=(Num(value=3),)), Num(value=2)))
    >>> parse_criterion("▲ < 4 and not odd(y)")
    Logic(op='and', operands=(Compare(ops=('<',), operands=(Name(name='b'), Num(value=4))), \
Not(operand=Call(fn='odd', args=(Name(name='y'),)))))
    """
    return _checked(source).node


def _checked(source: str) -> _Value:
    if not isinstance(source, str):
        raise ExpressionError(_("a criterion must be written as text"), 0, E_TYPE)
    if len(source) > MAX_LENGTH:
        raise ExpressionError(
            _("expression is {length} characters long; the limit is {limit}").format(
                length=len(source), limit=MAX_LENGTH
            ),
            0,
            E_LIMIT,
        )
    if not source.strip():
        raise ExpressionError(_("empty expression"), 0, E_SYNTAX)
    value = _Parser(source).parse()
    if value.kind != "bool":
        raise ExpressionError(
            _(
                "a criterion must be a condition (true or false), not a number: "
                "compare it, e.g. 'sum > 6'"
            ),
            value.offset,
            E_TYPE,
        )
    return value
