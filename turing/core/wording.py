"""Criteria in words: German text generated from a ``when`` expression.

A card set may carry its own German (``text_de``, ``title_de``, see docs/cards.md); a
criterion without it is put into words here, from the tree the checker accepted
(:func:`turing.core.criteria.parse_criterion`). Every construct of the card language has a
wording, so any expression that compiles gets a text:

>>> german("y < 4")
'■ ist kleiner als 4'
>>> german("count(3) == 2")
'genau zwei Dreien'
>>> german("b % 2 == 0 and y + p > 6")
'▲ ist gerade und ■ + ● ist größer als 6'
>>> german("evens > odds")
'mehr gerade als ungerade Ziffern'
>>> german("b == 2 or b == 3 or b == 5")
'▲ ist gleich 2, 3 oder 5'

A statement is built as a *clause* that knows its main-clause order ("▲ ist kleiner als
3") and its subordinate order ("…, dass ▲ kleiner als 3 ist"), so negations, "genau dann,
wenn" and lists of conditions come out as German sentences rather than glued fragments.
Numbers of things are written as words with the right gender and plural ("genau eine
Drei", "keine gerade Ziffer", "zwei Dreien"); numbers compared with are digits, as on
the cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

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

#: The languages card texts come in; English is the text a card file writes as ``text``.
LANGUAGES: Final = ("en", "de")
#: The languages a card file may translate into (``text_de``, ``title_de``, …).
TRANSLATIONS: Final = ("de",)

SHAPES: Final = {"b": "▲", "y": "■", "p": "●"}

# Feminine forms: die Ziffer, die Eins, die Drei … all take "eine"/"keine".
_CARDINALS: Final = (
    "null",
    "eine",
    "zwei",
    "drei",
    "vier",
    "fünf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwölf",
)
_DIGIT_NOUNS: Final = (
    ("Null", "Nullen"),
    ("Eins", "Einsen"),
    ("Zwei", "Zweien"),
    ("Drei", "Dreien"),
    ("Vier", "Vieren"),
    ("Fünf", "Fünfen"),
    ("Sechs", "Sechsen"),
    ("Sieben", "Siebenen"),
    ("Acht", "Achten"),
    ("Neun", "Neunen"),
)
_TIMES: Final = ("nie", "einmal", "zweimal", "dreimal", "viermal", "fünfmal")

_FLIP: Final = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}
_NEGATE: Final = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}

# The case a number is said in: the nominative as a subject and after "als" and "wie"
# ("kleiner als der größte Wert"), the dative after "gleich" and "ungleich" ("gleich dem
# größten Wert") and after "von" and "zwischen", the accusative after "durch".
_NOM: Final = "nom"
_DAT: Final = "dat"
_ACC: Final = "acc"
_ARTICLES: Final = {
    ("m", _NOM): "der",
    ("m", _DAT): "dem",
    ("m", _ACC): "den",
    ("f", _NOM): "die",
    ("f", _DAT): "der",
    ("f", _ACC): "die",
}


def _the(gender: str, case: str, adjective: str = "") -> str:
    """The definite article of a masculine (``m``) or feminine (``f``) noun in ``case``,
    with an adjective in its weak form: ``der größere``, ``dem größeren``, ``der kleinsten``.
    """
    article = _ARTICLES[gender, case]
    if not adjective:
        return article
    ending = "e" if case == _NOM or (case == _ACC and gender == "f") else "en"
    return f"{article} {adjective}{ending}"


# Precedence of a rendered number: a formula binds as its operator does, a plain noun ("die
# Anzahl der Einsen") as a name; a phrase holding a number of its own ("der Rest von …")
# binds loosest and is put in parentheses inside anything else.
_ATOM: Final = 5
_UNARY: Final = 4
_MUL: Final = 3
_ADD: Final = 2
_PHRASE: Final = 1


def german(when: str) -> str:
    """The German text of a ``when`` expression (which must compile).

    Raises :class:`~turing.core.criteria.ExpressionError` for an expression that does not.
    """
    return _german(when)


@lru_cache(maxsize=4096)
def _german(when: str) -> str:
    clause = _condition(parse_criterion(when))
    return clause.short or clause.main()


def number_text(n: int) -> str:
    """A number as written on a German card: ``7``, ``−2``, ``100.000``.

    >>> number_text(-2), number_text(100000), number_text(2026)
    ('−2', '100.000', '2026')
    """
    sign = "−" if n < 0 else ""
    n = abs(n)
    digits = f"{n:,}".replace(",", ".") if n >= 10000 else str(n)
    return sign + digits


def count_word(n: int) -> str:
    """How many, in words, for a feminine noun: ``keine``, ``eine``, ``zwei`` … ``12``.

    >>> count_word(0), count_word(1), count_word(3), count_word(20)
    ('keine', 'eine', 'drei', '20')
    """
    if n == 0:
        return "keine"
    if 0 < n < len(_CARDINALS):
        return _CARDINALS[n]
    return number_text(n)


def times_word(n: int) -> str:
    """``einmal``, ``zweimal`` …, ``13-mal``."""
    if 0 <= n < len(_TIMES):
        return _TIMES[n]
    return f"{number_text(n)}-mal"


# -- clauses ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Clause:
    """One statement: ``subject verb rest particle tail`` as a main clause, and ``subject
    rest particle+verb tail`` as a subordinate one. ``short`` is a noun phrase that may
    stand alone on a card ("genau zwei Dreien" for "es gibt genau zwei Dreien")."""

    subject: str
    verb: str
    rest: str
    particle: str = ""
    tail: str = ""
    short: str | None = None
    #: for "ist" statements: what is said, as (predicate, value) pairs ("kleiner als", "3"),
    #: so that neighbours about the same subject can share words ("kleiner als ■ und ●")
    sayings: tuple[tuple[str, str], ...] = ()

    def main(self) -> str:
        words = [self.subject, self.verb, self.rest, self.particle]
        return " ".join(w for w in words if w) + self.tail

    def sub(self) -> str:
        words = [self.subject, self.rest, self.particle + self.verb]
        return " ".join(w for w in words if w) + self.tail


@dataclass(frozen=True)
class _Joined:
    """Statements joined by ``und`` / ``oder`` (in parentheses when nested in another)."""

    op: str
    parts: tuple[_Statement, ...]
    bracketed: bool = False

    @property
    def short(self) -> str | None:
        shorts = [p.short for p in self.parts]
        if self.bracketed or any(s is None for s in shorts):
            return None
        return _list([s for s in shorts if s is not None], self.op)

    def main(self) -> str:
        return self._wrap(_list([p.main() for p in self.parts], self.op))

    def sub(self) -> str:
        return self._wrap(_list([p.sub() for p in self.parts], self.op))

    def _wrap(self, text: str) -> str:
        return f"({text})" if self.bracketed else text


@dataclass(frozen=True)
class _Pair:
    """Two statements tied together: ``iff`` (both or neither) or ``xor`` (exactly one,
    said as "A oder B, aber nicht beides": "entweder … oder" is read inclusively by some).
    A list of statements in either is put in parentheses, as is the pair in a list."""

    kind: str
    first: _Statement
    second: _Statement
    short: None = None
    bracketed: bool = False

    def main(self) -> str:
        first, second = _apart(self.first), _apart(self.second)
        if self.kind == "xor":
            return self._wrap(f"{first.main()} oder {second.main()}, aber nicht beides")
        return self._wrap(f"{first.main()} genau dann, wenn {second.sub()}")

    def sub(self) -> str:
        first, second = _apart(self.first), _apart(self.second)
        if self.kind == "xor":
            return self._wrap(f"{first.sub()} oder {second.sub()}, aber nicht beides")
        return self._wrap(f"{first.sub()}, und zwar genau dann, wenn {second.sub()}")

    def _wrap(self, text: str) -> str:
        return f"({text})" if self.bracketed else text


_Statement = _Clause | _Joined | _Pair


def _apart(part: _Statement) -> _Statement:
    """A statement standing in a pair: a list of statements in parentheses."""
    return replace(part, bracketed=True) if isinstance(part, _Joined) else part


def _list(items: Sequence[str], conjunction: str) -> str:
    """``a, b und c``; with a comma before the last item too when an item holds a list of
    its own ("▲ ist gleich ■ oder ●, oder ■ ist gleich ●")."""
    if len(items) == 1:
        return items[0]
    inner = any(
        f" {word} " in re.sub(r"\([^()]*\)", "", item)
        for item in items[:-1]
        for word in ("und", "oder")
    )
    last = f", {conjunction} " if inner else f" {conjunction} "
    return ", ".join(items[:-1]) + last + items[-1]


def _is(subject: str, predicate: str, value: str = "") -> _Clause:
    saying = (predicate, value)
    return _Clause(subject, "ist", _said([saying], "und"), sayings=(saying,))


def _said(sayings: Sequence[tuple[str, str]], conjunction: str) -> str:
    """What is said of one subject: neighbours with the same predicate and a one-word value
    share it ("gleich 2, 3 oder 5"); the rest are listed ("größer als 1 und kleiner als 4").
    """
    groups: list[tuple[str, list[str]]] = []
    for predicate, value in sayings:
        simple = value != "" and " " not in value and "," not in value
        if simple and groups and groups[-1][0] == predicate and groups[-1][1]:
            groups[-1][1].append(value)
        else:
            groups.append((predicate, [value] if simple else []))
            if not simple and value:
                groups[-1] = (f"{predicate} {value}", [])
    return _list(
        [f"{p} {_list(values, conjunction)}" if values else p for p, values in groups],
        conjunction,
    )


# -- numbers ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Term:
    text: str
    prec: int


def _const(node: Expr) -> int | None:
    """The value of a constant number (``3``, ``-3``, ``+3``), else None."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Unary):
        inner = _const(node.operand)
        if inner is not None:
            return -inner if node.op == "-" else inner
    return None


def _wrapped(term: _Term, needed: int) -> str:
    return f"({term.text})" if term.prec < needed else term.text


def _digit_plural(value: int) -> str:
    if 0 <= value < len(_DIGIT_NOUNS):
        return _DIGIT_NOUNS[value][1]
    return f"Ziffern {number_text(value)}"


def _is_all_shapes(args: Sequence[Expr]) -> bool:
    names = [a.name for a in args if isinstance(a, Name)]
    return len(names) == len(args) == 3 and set(names) == set(SHAPES)


def _term(node: Expr, case: str = _NOM) -> _Term:
    """A number expression in words or as a formula; its noun phrases in ``case``."""
    if isinstance(node, Num):
        return _Term(number_text(node.value), _ATOM)
    if isinstance(node, Name):
        if node.name in SHAPES:
            return _Term(SHAPES[node.name], _ATOM)
        if node.name == "sum":
            return _Term("▲ + ■ + ●", _ADD)
        kind = "geraden" if node.name == "evens" else "ungeraden"
        return _Term(f"{_the('f', case)} Anzahl der {kind} Ziffern", _ATOM)
    if isinstance(node, Unary):
        inner = _term(node.operand, case)
        if node.op == "+":
            return inner
        return _Term("−" + _wrapped(inner, _ATOM), _UNARY)
    if isinstance(node, Binary):
        return _binary(node, case)
    if isinstance(node, Call):
        return _call_term(node, case)
    raise AssertionError(f"not a number: {node!r}")  # the checker allows nothing else


def _binary(node: Binary, case: str) -> _Term:
    left = _term(node.left, _DAT if node.op == "%" else case)
    right = _term(node.right, _ACC if node.op in ("//", "%") else case)
    if node.op in ("+", "-"):
        symbol = "+" if node.op == "+" else "−"
        right_needs = _ADD + (1 if node.op == "-" else 0)
        return _Term(f"{_wrapped(left, _ADD)} {symbol} {_wrapped(right, right_needs)}", _ADD)
    if node.op == "*":
        return _Term(f"{_wrapped(left, _MUL)} · {_wrapped(right, _MUL + 1)}", _MUL)
    dividend, divisor = _wrapped(left, _ATOM), _wrapped(right, _ATOM)
    if node.op == "//":
        return _Term(f"{dividend} geteilt durch {divisor} (abgerundet)", _PHRASE)
    return _Term(f"{_the('m', case)} Rest von {dividend} geteilt durch {divisor}", _PHRASE)


def _call_term(node: Call, case: str) -> _Term:
    args = node.args
    if node.fn == "count":
        value = _const(args[0])
        if value is not None:
            return _Term(f"{_the('f', case)} Anzahl der {_digit_plural(value)}", _ATOM)
        digit = _wrapped(_term(args[0], _DAT), _ATOM)
        return _Term(f"{_the('f', case)} Anzahl der Ziffern gleich {digit}", _PHRASE)
    if node.fn == "abs":
        inner = args[0]
        if isinstance(inner, Binary) and inner.op == "-":
            a = _wrapped(_term(inner.left, _DAT), _ATOM)
            b = _wrapped(_term(inner.right, _DAT), _ATOM)
            return _Term(f"{_the('m', case)} Abstand zwischen {a} und {b}", _PHRASE)
        of = _wrapped(_term(inner, _DAT), _ATOM)
        return _Term(f"{_the('m', case)} Betrag von {of}", _PHRASE)
    if node.fn in ("min", "max"):
        if len(args) == 1:
            return _term(args[0], case)
        small = node.fn == "min"
        if _is_all_shapes(args):
            return _Term(f"{_the('f', case, 'kleinst' if small else 'größt')} Ziffer", _ATOM)
        items = _list([_wrapped(_term(a, _DAT), _ATOM) for a in args], "und")
        if len(args) == 2:
            word = "kleiner" if small else "größer"
        else:
            word = "kleinst" if small else "größt"
        return _Term(f"{_the('m', case, word)} Wert von {items}", _PHRASE)
    raise AssertionError(f"not a number: {node!r}")


# -- counting ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Countable:
    """Something counted over the three digits, phrased for "es gibt …" or "… kommt … vor".

    ``kind`` is ``noun`` (es gibt genau zwei Dreien), ``digits`` (genau zwei Ziffern sind
    2, 3 oder 5) or ``value`` (der Wert von ▲ kommt genau zweimal vor).
    """

    kind: str
    singular: str = ""
    plural: str = ""
    adjective: str = ""  # "gerade" for "es gibt mehr gerade als ungerade Ziffern"
    what: str = ""


def _countable(node: Expr) -> _Countable | None:
    if isinstance(node, Name) and node.name in ("evens", "odds"):
        word = "gerade" if node.name == "evens" else "ungerade"
        return _Countable("noun", f"{word} Ziffer", f"{word} Ziffern", adjective=word)
    if isinstance(node, Call) and node.fn == "count":
        value = _const(node.args[0])
        if value is None:
            value_of = _wrapped(_term(node.args[0], _DAT), _ATOM)
            return _Countable("value", what=f"der Wert von {value_of}")
        if 0 <= value < len(_DIGIT_NOUNS):
            singular, plural = _DIGIT_NOUNS[value]
            return _Countable("noun", singular, plural)
        return _Countable("digits", what=number_text(value))
    digits = _counted_digits(node)
    if digits is not None and len(digits) > 1:
        return _Countable("digits", what=_list([number_text(d) for d in digits], "oder"))
    return None


def _counted_digits(node: Expr) -> list[int] | None:
    """``count(2) + count(3) + count(5)`` → [2, 3, 5] (distinct digits), else None."""
    if isinstance(node, Call) and node.fn == "count":
        value = _const(node.args[0])
        return None if value is None else [value]
    if isinstance(node, Binary) and node.op == "+":
        left, right = _counted_digits(node.left), _counted_digits(node.right)
        if left is None or right is None or set(left) & set(right):
            return None
        return left + right
    return None


def _quantity(op: str, n: int) -> tuple[str, int] | None:
    """A count compared with ``n`` → (quantifier, the number the noun agrees with), or None
    when words would say it badly (a bound below zero)."""
    if op == ">":
        op, n = ">=", n + 1
    elif op == "<":
        op, n = "<=", n - 1
    if n < 0 or (op == ">=" and n == 0):
        return None
    if op == "==":
        return ("keine", 0) if n == 0 else (f"genau {count_word(n)}", n)
    if op == "!=":
        return ("mindestens eine", 1) if n == 0 else (f"nicht genau {count_word(n)}", n)
    if op == ">=":
        return f"mindestens {count_word(n)}", n
    return ("keine", 0) if n == 0 else (f"höchstens {count_word(n)}", n)


def _count_clause(countable: _Countable, op: str, n: int) -> _Clause | None:
    if countable.kind == "value":
        frequency = _frequency(op, n)
        if frequency is None:
            return None
        return _Clause(countable.what, "kommt", frequency, particle="vor")
    quantity = _quantity(op, n)
    if quantity is None:
        return None
    words, agree = quantity
    if countable.kind == "digits":
        noun, verb = ("Ziffer", "ist") if agree == 1 or agree == 0 else ("Ziffern", "sind")
        return _Clause(f"{words} {noun}", verb, countable.what)
    noun = countable.singular if agree in (0, 1) else countable.plural
    phrase = f"{words} {noun}"
    return _Clause("es", "gibt", phrase, short=phrase)


def _frequency(op: str, n: int) -> str | None:
    if op == ">":
        op, n = ">=", n + 1
    elif op == "<":
        op, n = "<=", n - 1
    if n < 0 or (op == ">=" and n == 0):
        return None
    if op == "==":
        return "nicht" if n == 0 else f"genau {times_word(n)}"
    if op == "!=":
        return "mindestens einmal" if n == 0 else f"nicht genau {times_word(n)}"
    if op == ">=":
        return f"mindestens {times_word(n)}"
    return "nicht" if n == 0 else f"höchstens {times_word(n)}"


_MORE: Final = {
    ">": "mehr {a} als {b}",
    "<": "weniger {a} als {b}",
    "==": "gleich viele {a} wie {b}",
    "!=": "nicht gleich viele {a} wie {b}",
    ">=": "mindestens so viele {a} wie {b}",
    "<=": "höchstens so viele {a} wie {b}",
}


def _compare_counts(left: _Countable, op: str, right: _Countable) -> _Clause | None:
    """``evens > odds`` → "es gibt mehr gerade als ungerade Ziffern"."""
    if left.kind != "noun" or right.kind != "noun":
        return None
    if left.adjective and right.adjective:
        phrase = _MORE[op].format(a=left.adjective, b=right.plural)
    else:
        phrase = _MORE[op].format(a=left.plural, b=right.plural)
    return _Clause("es", "gibt", phrase, short=phrase)


# -- comparisons -------------------------------------------------------------------------------

#: The case a number compared with is said in: the dative after "gleich" ("gleich dem
#: größeren Wert"), the nominative after "als" ("größer als der größte Wert").
_CASE_AFTER: Final = {"<": _NOM, ">": _NOM, "==": _DAT, "!=": _DAT, "<=": _DAT, ">=": _DAT}

_SAYS: Final = {
    "<": "kleiner als",
    ">": "größer als",
    "==": "gleich",
    "!=": "ungleich",
    "<=": "kleiner oder gleich",
    ">=": "größer oder gleich",
}


def _comparison(left: Expr, op: str, right: Expr) -> _Statement:
    if _is_condition(left):
        first, second = _condition(left), _condition(right)
        return _Pair("iff" if op == "==" else "xor", first, second)
    if _const(left) is not None and _const(right) is None:
        left, op, right = right, _FLIP[op], left
    value = _const(right)
    if value is not None:
        special = _against_number(left, op, value)
        if special is not None:
            return special
    left_count, right_count = _countable(left), _countable(right)
    if left_count is not None and right_count is not None:
        both = _compare_counts(left_count, op, right_count)
        if both is not None:
            return both
    subject = _term(left).text
    if value is not None:
        if op == "<=":
            return _is(subject, "höchstens", number_text(value))
        if op == ">=":
            return _is(subject, "mindestens", number_text(value))
    return _is(subject, _SAYS[op], _term(right, _CASE_AFTER[op]).text)


def _against_number(left: Expr, op: str, value: int) -> _Statement | None:
    """The special wordings of a number compared with a constant."""
    if isinstance(left, Binary) and left.op == "%" and op in ("==", "!="):
        divisor = _const(left.right)
        dividend = _wrapped(_term(left.left), _ADD)
        if divisor == 2 and value in (0, 1):
            even = (value == 0) == (op == "==")
            return _is(dividend, "gerade" if even else "ungerade")
        if divisor is not None and divisor > 0 and value == 0:
            word = "ein" if op == "==" else "kein"
            return _is(dividend, f"{word} Vielfaches von", number_text(divisor))
        if divisor is not None and 0 < value < abs(divisor):
            rest = f"beim Teilen durch {number_text(divisor)} den Rest {number_text(value)}"
            if op == "!=":
                rest = "nicht " + rest
            return _Clause(dividend, "lässt", rest)
    countable = _countable(left)
    if countable is not None:
        return _count_clause(countable, op, value)
    return None


_RUNS: Final = {
    "==": ("gleich", "nicht alle gleich"),
    "<": ("streng aufsteigend", "nicht streng aufsteigend"),
    ">": ("streng absteigend", "nicht streng absteigend"),
    "<=": ("aufsteigend oder gleich", "weder aufsteigend noch gleich"),
    ">=": ("absteigend oder gleich", "weder absteigend noch gleich"),
}


def _run(node: Compare, negated: bool = False) -> _Clause | None:
    """A chain of one operator over three or more numbers: "▲, ■ und ● sind gleich"."""
    ops, operands = node.ops, node.operands
    if len(ops) < 2 or len(set(ops)) != 1 or ops[0] not in _RUNS or _is_condition(operands[0]):
        return None
    if any(_const(o) is not None for o in operands):
        return None  # "1 < b < 4": said pair by pair ("größer als 1 und kleiner als 4")
    terms = [_wrapped(_term(o), _ADD) for o in operands]
    return _Clause(_list(terms, "und"), "sind", _RUNS[ops[0]][1 if negated else 0])


def _chain(node: Compare) -> _Statement:
    ops, operands = node.ops, node.operands
    run = _run(node)
    if run is not None:
        return run
    parts = [_comparison(operands[i], op, operands[i + 1]) for i, op in enumerate(ops)]
    return _join("und", parts)


# -- conditions --------------------------------------------------------------------------------


def _is_condition(node: Expr) -> bool:
    if isinstance(node, Compare | Not | Logic):
        return True
    return isinstance(node, Call) and node.fn in ("even", "odd")


def _condition(node: Expr) -> _Statement:
    if isinstance(node, Compare):
        return _chain(node)
    if isinstance(node, Call):
        subject = _wrapped(_term(node.args[0]), _ADD)
        return _is(subject, "gerade" if node.fn == "even" else "ungerade")
    if isinstance(node, Not):
        return _negation(node.operand)
    if isinstance(node, Logic):
        op = "und" if node.op == "and" else "oder"
        return _join(op, [_condition(o) for o in node.operands])
    raise AssertionError(f"not a condition: {node!r}")


def _negated(node: Expr) -> Expr | None:
    """The opposite of a condition written without "not", when there is a plain one."""
    if isinstance(node, Not):
        return node.operand
    if isinstance(node, Compare) and len(node.ops) == 1:
        return Compare((_NEGATE[node.ops[0]],), node.operands)
    if isinstance(node, Call) and node.fn in ("even", "odd"):
        return Call("odd" if node.fn == "even" else "even", node.args)
    if isinstance(node, Logic):
        parts = [_negated(o) for o in node.operands]
        if all(p is not None for p in parts):
            return Logic("or" if node.op == "and" else "and", tuple(p for p in parts if p))
    return None


def _negation(node: Expr) -> _Statement:
    opposite = _negated(node)
    if opposite is not None:
        return _condition(opposite)
    if isinstance(node, Compare):
        run = _run(node, negated=True)
        if run is not None:
            return run
    if isinstance(node, Logic):
        # "not (A or B)" as "not A and not B", each part negated as it can be: a bare
        # "es gilt nicht, dass A, oder B" would read as "(not A) or B"
        op = "oder" if node.op == "and" else "und"
        return _join(op, [_negation(o) for o in node.operands])
    return _Clause("es", "gilt", "nicht", tail=", dass " + _condition(node).sub())


def _join(op: str, parts: Sequence[_Statement]) -> _Statement:
    """``und``/``oder`` over statements: nested lists of the other kind in parentheses,
    neighbours that say something of the same subject merged ("▲ ist kleiner als ■ und ●";
    "▲ ist gleich 2, 3 oder 5"; "▲ ist größer als 1 und kleiner als 4")."""
    flat: list[_Statement] = []
    for part in parts:
        if isinstance(part, _Pair) and len(parts) > 1:
            part = replace(part, bracketed=True)
        if isinstance(part, _Joined) and not part.bracketed:
            if part.op == op:
                flat.extend(part.parts)
                continue
            part = replace(part, bracketed=True)
        elif (
            isinstance(part, _Clause)
            and part.tail.startswith(", dass ")
            and any(f" {word} " in part.tail for word in ("und", "oder"))
        ):
            # "es gilt nicht, dass …" holding a list of its own: keep it apart
            part = replace(part, subject="(" + part.subject, tail=part.tail + ")")
        flat.append(part)
    merged: list[_Statement] = []
    for part in flat:
        last = merged[-1] if merged else None
        if (
            isinstance(last, _Clause)
            and isinstance(part, _Clause)
            and last.subject == part.subject
            and last.verb == part.verb == "ist"
            and not (last.particle or last.tail or part.particle or part.tail)
            and last.short is None
            and part.short is None
            and last.sayings
            and part.sayings
        ):
            sayings = last.sayings + part.sayings
            merged[-1] = _Clause(last.subject, "ist", _said(sayings, op), sayings=sayings)
        else:
            merged.append(part)
    if len(merged) == 1:
        return merged[0]
    return _Joined(op, tuple(merged))


__all__ = ["LANGUAGES", "SHAPES", "TRANSLATIONS", "count_word", "german", "number_text"]
