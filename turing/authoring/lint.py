"""What a card set can do, and what is wrong with it beyond load errors.

* :func:`lint_text` / :func:`lint_file` — every finding for a card-set file, sorted by
  position: the loader's errors (``C0xx``–``C3xx``, see :mod:`turing.core.cards`) and the
  warnings below. Warnings become errors under ``strict``.

  ======  ===========================================================================
  W401    two criteria of one card keep the same codes
  W402    a card repeats another card: each criterion of either card keeps the same
          codes as one of the other's (order and a criterion written twice aside)
  W403    two criteria with the same text keep different codes
  W404    the set can make no valid puzzle at all with this many verifiers
  W405    a card none of whose criteria appears in any valid puzzle of the set
  I406    (info) a criterion keeps the same codes as a criterion on another card; the
          published set does this on purpose, so it is listed only on request
  I407    (info) the set is too large to search for unusable cards, or the search ran
          out of its budget before deciding some cards (W405 not checked for them)
  W408    a card translates some of its criteria or its title but not all of them
  W409    a card has no translation while other cards of the set have one
  W410    two criteria with the same text and the same codes are translated differently
  W411    two tiers of the file's ``tiers`` share card numbers (the first tier takes them)
  W412    a tier of the file's ``tiers`` holds none of the set's cards
  ======  ===========================================================================

* :func:`puzzle_stats` — how many valid puzzles of *k* verifiers the set makes, how often
  each card and criterion appears in them, which codes they solve to. Exhaustive when the
  search is small enough (the classic 48 cards with 4 verifiers: yes), otherwise a seeded
  uniform sample of card combinations, scaled to estimates; the result says which.

A *valid puzzle* of *k* verifiers: *k* distinct cards, one criterion each, exactly one code
meeting all of them, and no redundant verifier (dropping any one leaves more than one
code) — :func:`turing.solver.is_valid_masks`.

How the search works. Criteria masks are split into two ``uint64`` words (codes 0–63 and
64–124). A table holds every *pair* of criteria from two different cards that can sit in a
valid puzzle together (their AND is not empty, not equal to either mask, and — with three
or more verifiers — keeps two codes or more). The walk over valid readings
(:func:`turing.core.walk.walk`, with its cut rules) picks the first ``k − 2`` criteria in
card order; each such prefix is then joined with the whole table of later pairs at once in
numpy, keeping the joins that leave exactly one code with no redundant member — the last
step of the same rules (:func:`turing.core.walk.leaf_ok`), on arrays.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from turing.core import walk
from turing.core.cards import (
    MAX_CARDSET_BYTES,
    TIER_LABELS,
    TIERS,
    Card,
    CardSet,
    Criterion,
    bank_given,
    parse_cardset_partial,
)
from turing.core.codes import ALL_MASK, CODE_TEXT, NUM_CODES
from turing.core.files import (
    E_FILE,
    SourceError,
    check_characters,
    read_bytes_text,
    read_text,
    shown_name,
)
from turing.core.wording import TRANSLATIONS
from turing.i18n import N_, _, current_language, format_number, ngettext, speaking

ERROR: Final = "error"
WARNING: Final = "warning"
INFO: Final = "info"
SEVERITIES: Final = (ERROR, WARNING, INFO)

W_SAME_ON_CARD: Final = "W401"
W_REPEATED_CARD: Final = "W402"
W_SAME_TEXT: Final = "W403"
W_NO_PUZZLE: Final = "W404"
W_UNUSABLE_CARD: Final = "W405"
I_SHARED: Final = "I406"
I_TOO_LARGE: Final = "I407"
W_PART_TRANSLATED: Final = "W408"
W_UNTRANSLATED_CARD: Final = "W409"
W_TRANSLATED_APART: Final = "W410"
W_TIERS_OVERLAP: Final = "W411"
W_TIER_EMPTY: Final = "W412"

#: Above this many criteria the unusable-card search (W405) is skipped with I407, and
#: ``puzzle_stats`` refuses (the table of criterion pairs grows with its square).
MAX_SEARCH_CRITERIA: Final = 1200
#: Work allowed to the unusable-card search, in pair rows joined (about 20 million a
#: second; the 48 published cards need 2 million).
SEARCH_BUDGET: Final = 40_000_000

Progress = Callable[[int, int], None]
"""``progress(done, total)`` — called as a long search advances."""

IntArray = npt.NDArray[np.int64]
WordArray = npt.NDArray[np.uint64]

_LOW: Final = (1 << 64) - 1

#: ``visit(ids, acc, loo, last card order)`` of :meth:`PuzzleSpace._prefixes`; True stops
PrefixVisit = Callable[[tuple[int, ...], int, tuple[int, ...], int], bool | None]


# -- findings -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding about a card-set file: ``FILE:LINE:COL: severity CODE: message``."""

    severity: str
    source: str
    line: int
    column: int
    code: str
    message: str

    def where(self) -> str:
        if self.line <= 0:
            return shown_name(self.source)
        return f"{shown_name(self.source)}:{self.line}:{self.column}"

    def __str__(self) -> str:
        return f"{self.where()}: {self.severity} {self.code}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "severity": self.severity,
            "file": self.source,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "message": self.message,
        }

    @staticmethod
    def of(error: SourceError, severity: str = ERROR) -> Finding:
        return Finding(severity, error.source, error.line, error.column, error.code, error.message)


@dataclass(frozen=True)
class LintResult:
    """Every finding for one file, sorted by position; ``cardset`` when it loads."""

    source: str
    findings: tuple[Finding, ...]
    cardset: CardSet | None
    unreadable: bool = False

    def count(self, severity: str) -> int:
        return sum(f.severity == severity for f in self.findings)

    @property
    def errors(self) -> int:
        return self.count(ERROR)

    @property
    def warnings(self) -> int:
        return self.count(WARNING)

    @property
    def clean(self) -> bool:
        """No error and no warning (info findings do not count)."""
        return not self.errors and not self.warnings


def _at(
    criterion: Criterion | Card, source: str, severity: str, code: str, message: str
) -> Finding:
    return Finding(severity, source, criterion.line, criterion.column, code, message)


def _place(criterion: Criterion) -> str:
    where = _("line {line}").format(line=criterion.line) if criterion.line else _("this file")
    return f"{criterion.label} {criterion.text!r} ({where})"


def _codes_word(mask: int) -> str:
    n = mask.bit_count()
    return ngettext("{n} code", "{n} codes", n).format(n=n)


def card_findings(
    cardset: CardSet, *, strict: bool = False, partial: bool = False
) -> list[Finding]:
    """Warnings (and info) about the cards that loaded: W401, W402, W403, I406, W408–W412.
    ``partial``: the file has errors, so ``cardset`` holds only the cards that loaded."""
    severity = ERROR if strict else WARNING
    cards = list(cardset)
    return [
        *_same_codes_on_card(cards, cardset.source, severity),
        *_repeated_cards(cards, cardset.source, severity),
        *_same_text(cards, cardset.source, severity),
        *_shared_criteria(cards, cardset.source),
        *_translations(cards, cardset.source, severity),
        *_tier_findings(cardset, severity, partial),
    ]


def _range_words(first: int, last: int) -> str:
    """A tier's range as the file writes it: ``[2, 4]``."""
    return f"[{first}, {last}]"


def _tier_findings(cardset: CardSet, severity: str, partial: bool = False) -> list[Finding]:
    """W411, W412: the ranges of the file's own ``tiers``. A card is of the first tier
    (easy, standard, hard) whose range holds it, so a number in two ranges belongs to
    the earlier one only; a tier holding none of the set's cards makes no puzzle of its
    difficulty. Generation still runs on what the ranges give, hence warnings. A range
    reaching past the set's cards is no finding: the published hard range (23 and above)
    does it too. In a file with errors (``partial``) the cards named are those that
    loaded."""
    out: list[Finding] = []
    given = [tier for tier in TIERS if tier in cardset.tier_places]
    for later_index, later in enumerate(given):
        low, high = cardset.tiers[later]
        line, column = cardset.tier_places[later]
        for earlier in given[:later_index]:
            first, last = cardset.tiers[earlier]
            shared_low, shared_high = max(low, first), min(high, last)
            if shared_low > shared_high:
                continue
            shared = str(shared_low) if shared_low == shared_high else f"{shared_low}–{shared_high}"
            out.append(
                Finding(
                    severity,
                    cardset.source,
                    line,
                    column,
                    W_TIERS_OVERLAP,
                    ngettext(
                        "tier {tier!r} {range} shares the number {shared} with tier "
                        "{earlier!r} {range2}; a card is of the first tier whose range holds "
                        "it, so a card numbered {shared} is {label}",
                        "tier {tier!r} {range} shares the numbers {shared} with tier "
                        "{earlier!r} {range2}; a card is of the first tier whose range holds "
                        "it, so a card numbered {shared} is {label}",
                        shared_high - shared_low + 1,
                    ).format(
                        tier=later,
                        range=_range_words(low, high),
                        shared=shared,
                        earlier=earlier,
                        range2=_range_words(first, last),
                        label=_(TIER_LABELS[earlier]),
                    ),
                )
            )
    for tier in given:
        low, high = cardset.tiers[tier]
        if any(low <= number <= high for number in cardset.cards) or not cardset.cards:
            continue
        line, column = cardset.tier_places[tier]
        out.append(
            Finding(
                severity,
                cardset.source,
                line,
                column,
                W_TIER_EMPTY,
                (
                    _(
                        "tier {tier!r} {range} holds none of the set's cards that loaded "
                        "({numbers}), so no puzzle of this set is {label}"
                    )
                    if partial
                    else _(
                        "tier {tier!r} {range} holds none of the set's cards ({numbers}), so "
                        "no puzzle of this set is {label}"
                    )
                ).format(
                    tier=tier,
                    range=_range_words(low, high),
                    numbers=cardset.describe_numbers(),
                    label=_(TIER_LABELS[tier]),
                ),
            )
        )
    return out


def _card_named(card: Card) -> str:
    """A card as a finding names it: by number and its title in the language in use, or
    by number alone when it has no title in that language (an English title is never
    shown in German text)."""
    lang = current_language()
    title = card.title if lang == "en" else dict(card.titles).get(lang)
    if not title:
        return _("card {number}").format(number=card.number)
    return _("card {number} ({title})").format(number=card.number, title=title)


def _translations(cards: Sequence[Card], source: str, severity: str) -> list[Finding]:
    """W408, W409, W410: a translation given to some texts but not to their neighbours,
    and one text translated two ways. A text without its own German is shown in words
    generated from its expression, which is why a gap is a warning, not an error."""
    out: list[Finding] = []
    for lang in TRANSLATIONS:
        key = f"text_{lang}"
        done = [card for card in cards if _translated_parts(card, lang)]
        for card in cards:
            parts = _translated_parts(card, lang)
            if not parts:
                if done:
                    if lang in card.empty_titles:
                        said = ngettext(
                            "{card} has no {key}, and its title_{lang} is empty, while "
                            "{n} other card of the set has them; its texts would be "
                            "generated from the expressions",
                            "{card} has no {key}, and its title_{lang} is empty, while "
                            "{n} other cards of the set have them; its texts would be "
                            "generated from the expressions",
                            len(done),
                        )
                    else:
                        said = ngettext(
                            "{card} has no {key} or title_{lang} while {n} other card of "
                            "the set has them; its texts would be generated from the "
                            "expressions",
                            "{card} has no {key} or title_{lang} while {n} other cards of "
                            "the set have them; its texts would be generated from the "
                            "expressions",
                            len(done),
                        )
                    message = said.format(card=_card_named(card), key=key, lang=lang, n=len(done))
                    out.append(_at(card, source, severity, W_UNTRANSLATED_CARD, message))
                continue
            if not dict(card.titles).get(lang):
                out.append(
                    _at(
                        card,
                        source,
                        severity,
                        W_PART_TRANSLATED,
                        (
                            _("{card} translates its criteria but its title_{lang} is empty")
                            if lang in card.empty_titles
                            else _("{card} translates its criteria but has no title_{lang}")
                        ).format(card=_card_named(card), lang=lang),
                    )
                )
            out.extend(
                _at(
                    crit,
                    source,
                    severity,
                    W_PART_TRANSLATED,
                    _(
                        "criterion {label} {text!r} has no {key} while other texts of "
                        "card {card} have one; it would read in generated words "
                        "({value!r})"
                    ).format(
                        label=crit.label,
                        text=crit.text,
                        key=key,
                        card=crit.card,
                        value=crit.text_in(lang),
                    ),
                )
                for crit in card.criteria
                if not crit.translated(lang)
            )
        first: dict[tuple[str, int], Criterion] = {}
        for card in cards:
            for crit in card.criteria:
                if not crit.translated(lang):
                    continue
                seen = first.setdefault((" ".join(crit.text.split()), crit.mask), crit)
                if seen.text_in(lang) != crit.text_in(lang):
                    out.append(
                        _at(
                            crit,
                            source,
                            severity,
                            W_TRANSLATED_APART,
                            _(
                                "criterion {label} {text!r} reads {value!r} in {key}, but "
                                "{value2} with the same codes reads {value3!r}"
                            ).format(
                                label=crit.label,
                                text=crit.text,
                                value=crit.text_in(lang),
                                key=key,
                                value2=_place(seen),
                                value3=seen.text_in(lang),
                            ),
                        )
                    )
    return out


def _translated_parts(card: Card, lang: str) -> int:
    """How many of a card's texts (title and criteria) the file translates into ``lang``."""
    title = 1 if dict(card.titles).get(lang) else 0
    return title + sum(crit.translated(lang) for crit in card.criteria)


def _same_codes_on_card(cards: Sequence[Card], source: str, severity: str) -> list[Finding]:
    out = []
    for card in cards:
        first: dict[int, Criterion] = {}
        for crit in card.criteria:
            other = first.setdefault(crit.mask, crit)
            if other is not crit:
                out.append(
                    _at(
                        crit,
                        source,
                        severity,
                        W_SAME_ON_CARD,
                        _(
                            "criterion {label} {text!r} keeps the same {value} as "
                            "{value2} on the same card; a verifier could never tell them "
                            "apart"
                        ).format(
                            label=crit.label,
                            text=crit.text,
                            value=_codes_word(crit.mask),
                            value2=_place(other),
                        ),
                    )
                )
    return out


def _repeated_cards(cards: Sequence[Card], source: str, severity: str) -> list[Finding]:
    out = []
    seen: dict[frozenset[int], Card] = {}
    for card in cards:
        # the codes its criteria keep, each once: a criterion written twice on a card
        # (W401) repeats nothing more; a card whose criteria are some of another's (the
        # published card 1 within card 39) is no repeat, it leaves the others out
        shape = frozenset(c.mask for c in card.criteria)
        other = seen.setdefault(shape, card)
        if other is not card:
            out.append(
                _at(
                    card,
                    source,
                    severity,
                    W_REPEATED_CARD,
                    _(
                        "card {number} repeats card {number2} (line {line}): each "
                        "criterion of either card keeps the same codes as one of the other's"
                    ).format(number=card.number, number2=other.number, line=other.line),
                )
            )
    return out


def _same_text(cards: Sequence[Card], source: str, severity: str) -> list[Finding]:
    out = []
    by_text: dict[str, Criterion] = {}
    for card in cards:
        for crit in card.criteria:
            wording = " ".join(crit.text.split()).casefold()
            if not wording:
                continue
            seen = by_text.setdefault(wording, crit)
            if seen.mask != crit.mask:
                out.append(
                    _at(
                        crit,
                        source,
                        severity,
                        W_SAME_TEXT,
                        _(
                            "criterion {label} reads {text!r} like {value} but keeps "
                            "other codes ({when!r} against {when2!r}); one of the two "
                            "'when' expressions is probably wrong"
                        ).format(
                            label=crit.label,
                            text=crit.text,
                            value=_place(seen),
                            when=crit.when,
                            when2=seen.when,
                        ),
                    )
                )
    return out


def _shared_criteria(cards: Sequence[Card], source: str) -> list[Finding]:
    """I406: the same codes on two cards (the published set does this on purpose)."""
    out = []
    by_mask: dict[int, list[Criterion]] = defaultdict(list)
    for card in cards:
        for crit in card.criteria:
            by_mask[crit.mask].append(crit)
    for crits in by_mask.values():
        for i, crit in enumerate(crits):
            earlier = crits[:i]
            others = [o for o in earlier if o.card != crit.card]
            if not others or any(o.card == crit.card for o in earlier):
                continue
            also = (
                "" if len(others) == 1 else " (also " + ", ".join(o.label for o in others[1:]) + ")"
            )
            out.append(
                _at(
                    crit,
                    source,
                    INFO,
                    I_SHARED,
                    _(
                        "criterion {label} {text!r} keeps the same {value} as "
                        "{value2} on card {card}{also}"
                    ).format(
                        label=crit.label,
                        text=crit.text,
                        value=_codes_word(crit.mask),
                        value2=_place(others[0]),
                        card=others[0].card,
                        also=also,
                    ),
                )
            )
    return out


def too_few_cards(cardset: CardSet, verifiers: int) -> str | None:
    """Why the set can make no puzzle of ``verifiers`` cards when it has fewer cards than
    that (None when it has enough)."""
    if len(cardset) >= verifiers:
        return None
    return ngettext(
        "the set has {n} card; a {verifiers}-verifier puzzle needs {verifiers} different cards",
        "the set has {n} cards; a {verifiers}-verifier puzzle needs {verifiers} different cards",
        len(cardset),
    ).format(n=len(cardset), verifiers=verifiers)


def search_findings(
    cardset: CardSet, verifiers: int = 4, *, strict: bool = False, progress: Progress | None = None
) -> list[Finding]:
    """W404, W405 (or I407 when the set is too large to search)."""
    severity = ERROR if strict else WARNING
    source = cardset.source
    count = sum(len(card.criteria) for card in cardset)
    if count > MAX_SEARCH_CRITERIA:
        return [
            Finding(
                INFO,
                source,
                0,
                0,
                I_TOO_LARGE,
                _(
                    "{count} criteria are too many to search every "
                    "{verifiers}-verifier puzzle (limit {max_search_criteria}); "
                    "unusable cards ({w_unusable_card}) were not checked"
                ).format(
                    count=count,
                    verifiers=verifiers,
                    max_search_criteria=MAX_SEARCH_CRITERIA,
                    w_unusable_card=W_UNUSABLE_CARD,
                ),
            )
        ]
    too_few = too_few_cards(cardset, verifiers)
    if too_few is not None:
        return [Finding(severity, source, 0, 0, W_NO_PUZZLE, too_few)]
    space = PuzzleSpace(cardset, verifiers)
    status = space.usable(progress=progress)
    if not any(status) and all(x is False for x in status):
        return [
            Finding(
                severity,
                source,
                0,
                0,
                W_NO_PUZZLE,
                _(
                    "no choice of {verifiers} cards and criteria makes a valid "
                    "puzzle (exactly one code, no redundant verifier)"
                ).format(verifiers=verifiers),
            )
        ]
    out = [
        _at(
            card,
            source,
            severity,
            W_UNUSABLE_CARD,
            _(
                "{card} appears in no valid {verifiers}-verifier puzzle of this set: "
                "with every choice of the other cards, each of its criteria leaves no "
                "code, several codes, or a redundant verifier"
            ).format(card=_card_named(card), verifiers=verifiers),
        )
        for card, ok in zip(space.cards, status, strict=True)
        if ok is False
    ]
    unknown = [str(card.number) for card, ok in zip(space.cards, status, strict=True) if ok is None]
    if unknown:
        out.append(
            Finding(
                INFO,
                source,
                0,
                0,
                I_TOO_LARGE,
                ngettext(
                    "the search for unusable cards stopped at its budget; not decided for "
                    "card {items}",
                    "the search for unusable cards stopped at its budget; not decided for "
                    "cards {items}",
                    len(unknown),
                ).format(items=", ".join(unknown)),
            )
        )
    return out


def lint_text(
    text: str,
    source: str,
    *,
    verifiers: int = 4,
    strict: bool = False,
    default_name: str = "",
    progress: Progress | None = None,
) -> LintResult:
    """All findings for card-set YAML text. The puzzle search runs only without errors."""
    cardset, errors = parse_cardset_partial(text, source, default_name=default_name)
    findings = [Finding.of(e) for e in errors]
    if cardset is not None:
        findings += card_findings(cardset, strict=strict, partial=bool(errors))
        if not errors:
            findings += search_findings(cardset, verifiers, strict=strict, progress=progress)
    findings.sort(key=_position)
    return LintResult(source, tuple(findings), cardset if not errors else None)


def lint_file(
    path: str | Path,
    *,
    verifiers: int = 4,
    strict: bool = False,
    display: str | None = None,
    progress: Progress | None = None,
    data: bytes | None = None,
) -> LintResult:
    """All findings for a card-set file; an unreadable file gives one C001 finding.
    ``data``: the file's bytes, already read (standard input), as the file would give."""
    source = display or str(path)
    try:
        if data is None:
            text = read_text(path, max_bytes=MAX_CARDSET_BYTES)
        else:
            text = read_bytes_text(data, source, max_bytes=MAX_CARDSET_BYTES)
        check_characters(text, source)
    except SourceError as exc:
        bank = bank_given(path, source) if data is None else None
        finding = (
            Finding.of(bank)
            if bank is not None
            else Finding(ERROR, source, exc.line, exc.column, exc.code or E_FILE, exc.message)
        )
        return LintResult(source, (finding,), None, unreadable=True)
    return lint_text(
        text,
        source,
        verifiers=verifiers,
        strict=strict,
        default_name=Path(path).stem,
        progress=progress,
    )


def _position(f: Finding) -> tuple[int, int, int, str]:
    return (f.line, f.column, SEVERITIES.index(f.severity), f.code)


# -- the search ---------------------------------------------------------------------------


def _words(masks: Sequence[int]) -> tuple[WordArray, WordArray]:
    lo = np.fromiter((m & _LOW for m in masks), dtype=np.uint64, count=len(masks))
    hi = np.fromiter((m >> 64 for m in masks), dtype=np.uint64, count=len(masks))
    return lo, hi


def _bits(lo: WordArray, hi: WordArray) -> IntArray:
    return np.bitwise_count(lo).astype(np.int64) + np.bitwise_count(hi)


def _differs(
    alo: WordArray, ahi: WordArray, blo: WordArray, bhi: WordArray
) -> npt.NDArray[np.bool_]:
    differs: npt.NDArray[np.bool_] = (alo != blo) | (ahi != bhi)
    return differs


@dataclass(frozen=True)
class _Pairs:
    """Criterion pairs ``c`` < ``d`` (ids) from two different cards, and their AND."""

    c: IntArray
    d: IntArray
    lo: WordArray
    hi: WordArray
    order: IntArray  # card order of c (non-decreasing in a full table)
    order_d: IntArray

    def take(self, index: IntArray | slice) -> _Pairs:
        return _Pairs(
            self.c[index],
            self.d[index],
            self.lo[index],
            self.hi[index],
            self.order[index],
            self.order_d[index],
        )

    def __len__(self) -> int:
        return len(self.c)


@dataclass
class _Tally:
    """Counts of valid puzzles, per criterion id and per solution code."""

    size: int
    puzzles: int = 0
    criteria: IntArray = field(init=False)
    solutions: IntArray = field(init=False)
    _ids: list[IntArray] = field(default_factory=list)
    _codes: list[IntArray] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.criteria = np.zeros(self.size, dtype=np.int64)
        self.solutions = np.zeros(NUM_CODES, dtype=np.int64)

    def add(self, prefix: Sequence[int], c: IntArray, d: IntArray, code: IntArray) -> None:
        n = len(c)
        self.puzzles += n
        for i in prefix:
            self.criteria[i] += n
        self._ids += [c, d]
        self._codes.append(code)
        if len(self._codes) > 4096:
            self.flush()

    def flush(self) -> None:
        if self._ids:
            self.criteria += np.bincount(np.concatenate(self._ids), minlength=self.size)
            self.solutions += np.bincount(np.concatenate(self._codes), minlength=NUM_CODES)
            self._ids.clear()
            self._codes.clear()


class PuzzleSpace:
    """The criteria of a card set, ready for searching valid puzzles of ``verifiers``."""

    def __init__(self, cardset: CardSet, verifiers: int = 4) -> None:
        if verifiers < 2:
            raise ValueError(_("a puzzle searched here has at least 2 verifiers"))
        self.cardset = cardset
        self.verifiers = verifiers
        self.cards: list[Card] = list(cardset)
        self.criteria: list[Criterion] = [c for card in self.cards for c in card.criteria]
        self.masks: list[int] = [c.mask for c in self.criteria]
        self.card_of: list[int] = [o for o, card in enumerate(self.cards) for _ in card.criteria]
        self.ids_of: list[list[int]] = []
        start = 0
        for card in self.cards:
            self.ids_of.append(list(range(start, start + len(card.criteria))))
            start += len(card.criteria)
        self.lo, self.hi = _words(self.masks)
        self.pairs = self._pair_table()
        self.pair_start = np.searchsorted(
            self.pairs.order, np.arange(len(self.cards) + 1), side="left"
        )

    def _pair_table(self) -> _Pairs:
        min_bits = 2 if self.verifiers >= 3 else 1
        n = len(self.masks)
        parts: list[tuple[IntArray, IntArray, WordArray, WordArray]] = []
        for i in range(n):
            later = self.ids_of[self.card_of[i]][-1] + 1
            if later >= n:
                continue
            d = np.arange(later, n, dtype=np.int64)
            lo = self.lo[d] & self.lo[i]
            hi = self.hi[d] & self.hi[i]
            keep = (
                (_bits(lo, hi) >= min_bits)
                & _differs(lo, hi, self.lo[d], self.hi[d])
                & ((lo != self.lo[i]) | (hi != self.hi[i]))
            )
            if keep.any():
                parts.append(
                    (np.full(int(keep.sum()), i, dtype=np.int64), d[keep], lo[keep], hi[keep])
                )
        if not parts:
            empty_i = np.zeros(0, dtype=np.int64)
            empty_w = np.zeros(0, dtype=np.uint64)
            return _Pairs(empty_i, empty_i, empty_w, empty_w, empty_i, empty_i)
        c = np.concatenate([p[0] for p in parts])
        d = np.concatenate([p[1] for p in parts])
        card_of = np.asarray(self.card_of, dtype=np.int64)
        return _Pairs(
            c,
            d,
            np.concatenate([p[2] for p in parts]),
            np.concatenate([p[3] for p in parts]),
            card_of[c],
            card_of[d],
        )

    # -- the walk ---------------------------------------------------------------------------

    def _prefixes(
        self, first: int | None, rest: Sequence[int], visit: PrefixVisit, length: int = -1
    ) -> bool:
        """Walk the prefixes of ``length`` members (default ``k − 2``) that can still grow
        into a valid puzzle: ``first`` (a criterion id, when given), then members of
        ``rest`` (ids in card order) in increasing card order, each card once.

        The prefixes are the partial readings of :func:`turing.core.walk.walk` (its cut
        rules), less those with fewer than three codes left: the two members the join adds
        must each remove a code and leave one. ``visit(ids, acc, loo, last)`` gets the
        members, their AND, the leave-one-out ANDs and the card order of the last member;
        it returns True to stop the walk, and then so does this method.
        """
        depth = self.verifiers - 2 if length < 0 else length
        ids = ([] if first is None else [first]) + list(rest)
        if depth == 0 or len(ids) < depth:
            return False
        card_of, masks = self.card_of, self.masks
        orders = [card_of[i] for i in ids]
        # after[p]: where the members that may follow member p begin (a later card of rest)
        skip = 0 if first is None else 1
        after: list[int] = [] if first is None else [1]
        q = skip
        for p in range(skip, len(ids)):
            q = max(q, p + 1)
            while q < len(ids) and orders[q] <= orders[p]:
                q += 1
            after.append(q)
        local = [masks[i] for i in ids]

        def found(chosen: list[int], acc: int, loo: Sequence[int], _weight: int) -> bool | None:
            if acc.bit_count() < 3:
                return None
            return visit(tuple(ids[k] for k in chosen), acc, tuple(loo), orders[chosen[-1]])

        prefix = () if first is None else (0,)
        return walk.walk([local] * depth, found, slots=self.verifiers, after=after, prefix=prefix)[
            2
        ]

    def _later(self, first: int) -> range:
        """The ids of the cards after ``first``'s."""
        return range(self.ids_of[self.card_of[first]][-1] + 1, len(self.masks))

    def _join(
        self, pairs: _Pairs, acc: int, loo: Sequence[int], exclude: int = -1
    ) -> tuple[IntArray, IntArray, IntArray]:
        """Pairs completing the prefix to a valid puzzle: (c ids, d ids, solution codes).

        ``exclude``: a card (order) the pair may not use, because the prefix holds it.
        """
        a_lo, a_hi = np.uint64(acc & _LOW), np.uint64(acc >> 64)
        t_lo = pairs.lo & a_lo
        t_hi = pairs.hi & a_hi
        hit = np.flatnonzero(_bits(t_lo, t_hi) == 1)
        if exclude >= 0 and hit.size:
            hit = hit[(pairs.order[hit] != exclude) & (pairs.order_d[hit] != exclude)]
        if hit.size:
            t_lo, t_hi = t_lo[hit], t_hi[hit]
            c, d = pairs.c[hit], pairs.d[hit]
            ok = _differs(self.lo[d] & a_lo, self.hi[d] & a_hi, t_lo, t_hi) & _differs(
                self.lo[c] & a_lo, self.hi[c] & a_hi, t_lo, t_hi
            )
            for x in loo:
                x_lo, x_hi = np.uint64(x & _LOW), np.uint64(x >> 64)
                ok &= _differs(pairs.lo[hit] & x_lo, pairs.hi[hit] & x_hi, t_lo, t_hi)
            if ok.any():
                t_lo, t_hi = t_lo[ok], t_hi[ok]
                low = t_lo != 0
                code = np.where(
                    low,
                    np.bitwise_count(t_lo - np.uint64(1)).astype(np.int64),
                    64 + np.bitwise_count(t_hi - np.uint64(1)).astype(np.int64),
                )
                return c[ok], d[ok], code
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty

    def prefix_bound(self) -> int:
        """Prefixes the exhaustive walk may visit (before pruning): e_{k−2} of card sizes."""
        depth = self.verifiers - 2
        e = [1] + [0] * depth
        for card in self.cards:
            size = len(card.criteria)
            for j in range(depth, 0, -1):
                e[j] += e[j - 1] * size
        return e[depth]

    def exhaustive(self, progress: Progress | None = None) -> _Tally:
        """Count every valid puzzle: each set of cards once, in card order."""
        tally = _Tally(len(self.masks))
        depth = self.verifiers - 2
        if depth == 0:
            c, d, code = self._join(self.pairs, ALL_MASK, ())
            tally.add((), c, d, code)
            tally.flush()
            return tally

        def join(ids: tuple[int, ...], acc: int, loo: tuple[int, ...], last: int) -> None:
            begin = int(self.pair_start[last + 1])
            c, d, code = self._join(self.pairs.take(slice(begin, None)), acc, loo)
            if len(c):
                tally.add(ids, c, d, code)

        for first in range(len(self.masks)):
            self._prefixes(first, self._later(first), join)
            if progress is not None:
                progress(first + 1, len(self.masks))
        tally.flush()
        return tally

    def sampled(
        self, samples: int, seed: int, progress: Progress | None = None
    ) -> tuple[_Tally, list[int]]:
        """Sample sets of ``k − 2`` cards uniformly (with replacement); raw counts.

        Each sampled card set is completed by every pair of other cards, so a valid puzzle
        of *k* cards is found from C(k, 2) of the C(n, k − 2) possible card sets; the raw
        counts are scaled by C(n, k − 2) / (C(k, 2) · samples) in :func:`puzzle_stats`.
        Also returns the number of puzzles each draw found (for the standard error).
        """
        tally = _Tally(len(self.masks))
        per_draw: list[int] = []
        rng = random.Random(seed)
        depth = self.verifiers - 2
        n = len(self.cards)
        for done in range(samples):
            before = tally.puzzles
            chosen = sorted(rng.sample(range(n), depth))
            inside = np.zeros(n, dtype=bool)
            inside[chosen] = True
            free = np.flatnonzero(~(inside[self.pairs.order] | inside[self.pairs.order_d]))
            table = self.pairs.take(free)
            pool = [i for o in chosen for i in self.ids_of[o]]

            def join(
                ids: tuple[int, ...], acc: int, loo: tuple[int, ...], _last: int, t: _Pairs = table
            ) -> None:
                c, d, code = self._join(t, acc, loo)
                if len(c):
                    tally.add(ids, c, d, code)

            self._prefixes(None, pool, join)
            per_draw.append(tally.puzzles - before)
            if progress is not None:
                progress(done + 1, samples)
        tally.flush()
        return tally, per_draw

    def usable(
        self, budget: int = SEARCH_BUDGET, progress: Progress | None = None
    ) -> list[bool | None]:
        """Per card (in set order): True when some valid puzzle uses it, False when none
        does, None when the search ran out of ``budget`` (pair rows joined) first.

        First the ordinary walk, stopped as soon as every card has been seen in a valid
        puzzle (a few joins suffice for most sets). Then, for each card not seen, a walk of
        just the puzzles holding it: its criteria first, the other cards in order, and
        pairs that do not use it again.
        """
        n = len(self.cards)
        status: list[bool | None] = [None] * n
        spent = 0
        depth = self.verifiers - 2
        card_of = np.asarray(self.card_of, dtype=np.int64)

        def seen(ids: Sequence[int], c: IntArray, d: IntArray) -> None:
            for i in ids:
                status[self.card_of[i]] = True
            for o in np.unique(np.concatenate([card_of[c], card_of[d]])):
                status[int(o)] = True

        pool = range(len(self.masks))
        if depth == 0:
            c, d, _ = self._join(self.pairs, ALL_MASK, ())
            seen((), c, d)
            return [bool(x) for x in status]

        def first_pass(ids: tuple[int, ...], acc: int, loo: tuple[int, ...], last: int) -> bool:
            nonlocal spent
            begin = int(self.pair_start[last + 1])
            spent += len(self.pairs) - begin
            c, d, _ = self._join(self.pairs.take(slice(begin, None)), acc, loo)
            if len(c):
                seen(ids, c, d)
            return all(status) or spent > budget // 4

        for first in pool:
            if self._prefixes(first, self._later(first), first_pass):
                break
        missing = [o for o in range(n) if not status[o]]
        for done, order in enumerate(missing):
            if status[order]:
                continue
            others = [i for i in pool if self.card_of[i] != order]
            complete = True

            def holding(
                ids: tuple[int, ...], acc: int, loo: tuple[int, ...], last: int, order: int = order
            ) -> bool:
                nonlocal spent, complete
                begin = int(self.pair_start[last + 1])
                spent += len(self.pairs) - begin
                if spent > budget:
                    complete = False
                    return True
                table = self.pairs.take(slice(begin, None))
                c, d, _ = self._join(table, acc, loo, exclude=order)
                if len(c):
                    seen(ids, c, d)
                    return True
                return False

            for i in self.ids_of[order]:
                self._prefixes(i, others, holding)
                if status[order] or not complete:
                    break
            if not status[order]:
                status[order] = False if complete else None
            if progress is not None:
                progress(done + 1, len(missing))
        return status


def unusable_cards(
    cardset: CardSet, verifiers: int = 4, progress: Progress | None = None
) -> list[Card]:
    """Cards that appear in no valid puzzle of ``verifiers`` cards of this set (an
    unbounded search: see :meth:`PuzzleSpace.usable` for the budgeted one)."""
    if len(cardset) < verifiers:
        return list(cardset)
    space = PuzzleSpace(cardset, verifiers)
    status = space.usable(budget=10**18, progress=progress)
    return [card for card, ok in zip(space.cards, status, strict=True) if ok is False]


# -- statistics ---------------------------------------------------------------------------

#: The exhaustive walk is used when it visits at most this many prefixes (before pruning).
EXHAUSTIVE_PREFIXES: Final = 250_000
DEFAULT_SAMPLES: Final = 1000


@dataclass(frozen=True)
class CardStats:
    """How one card fares in the valid puzzles of a set."""

    number: int
    title: str
    puzzles: float
    criteria: tuple[float, ...]  # per criterion, in card order
    verdict: str  # in English, as JSON gives it
    shown_verdict: str = ""  # in the language in use when counted


@dataclass(frozen=True)
class SetStats:
    """What puzzles a card set can make with ``verifiers`` verifiers.

    ``method`` is ``"exhaustive"`` (every count exact) or ``"sampled"`` (``samples``
    uniformly drawn sets of ``verifiers − 2`` cards, completed by every pair of other cards;
    counts are unbiased estimates, ``puzzles_error`` the standard error of the total).
    """

    name: str
    source: str
    verifiers: int
    method: str
    card_combinations: int
    puzzles: float
    cards: tuple[CardStats, ...]
    solutions: tuple[float, ...]  # per code index
    never: tuple[str, ...]  # criterion labels that appear in no valid puzzle (found)
    samples: int = 0
    seed: int | None = None
    puzzles_error: float = 0.0

    @property
    def exact(self) -> bool:
        return self.method == "exhaustive"

    def to_dict(self) -> dict[str, Any]:
        def num(x: float) -> float | int:
            return int(x) if self.exact else round(x, 1)

        return {
            "cardset": self.name,
            "source": self.source,
            "verifiers": self.verifiers,
            "method": self.method,
            "exact": self.exact,
            "samples": self.samples if not self.exact else None,
            "seed": self.seed if not self.exact else None,
            "card_combinations": self.card_combinations,
            "puzzles": num(self.puzzles),
            "puzzles_error": round(self.puzzles_error, 1) if not self.exact else 0,
            "cards": [
                {
                    "number": c.number,
                    "title": c.title,
                    "puzzles": num(c.puzzles),
                    "share": round(c.puzzles / self.puzzles, 6) if self.puzzles else 0.0,
                    "criteria": [num(x) for x in c.criteria],
                    "verdict": c.verdict,
                }
                for c in self.cards
            ],
            "never": list(self.never),
            "solutions": {CODE_TEXT[i]: num(x) for i, x in enumerate(self.solutions)},
            "solutions_reached": sum(1 for x in self.solutions if x),
        }


def _verdict(
    card: Card,
    puzzles: float,
    criteria: Sequence[float],
    total: float,
    verifiers: int,
    cards: int,
    exact: bool,
) -> str:
    """The verdict on a card in the language in use."""
    if total == 0:
        return _("no valid puzzle in the set")
    if puzzles == 0:
        return (
            _("never in a valid puzzle")
            if exact
            else _("not seen in the sample: possibly never in a valid puzzle")
        )
    fair = total * verifiers / cards  # what each card would get if all were equal
    ratio = puzzles / fair
    word = _("dominant")
    for bound, name in (
        (0.25, N_("rare")),
        (0.5, N_("uncommon")),
        (2.0, N_("healthy")),
        (4.0, N_("common")),
    ):
        if ratio < bound:
            word = _(name)
            break
    verdict = _("{word} ({ratio}× even)").format(word=word, ratio=format_number(ratio, 2))
    unused = [str(c.position) for c, x in zip(card.criteria, criteria, strict=True) if x == 0]
    if unused:
        positions = ", ".join(unused)
        if exact:
            more = ngettext(
                "criterion {positions} never used", "criteria {positions} never used", len(unused)
            )
        else:
            more = ngettext(
                "criterion {positions} never seen", "criteria {positions} never seen", len(unused)
            )
        verdict = _("{verdict}; {more}").format(
            verdict=verdict, more=more.format(positions=positions)
        )
    return verdict


def _verdicts(*args: Any) -> tuple[str, str]:
    """:func:`_verdict` in English (for JSON, the same in every language) and in the
    language in use."""
    with speaking("en"):
        english = _verdict(*args)
    return english, _verdict(*args)


def puzzle_stats(
    cardset: CardSet,
    verifiers: int = 4,
    *,
    samples: int | None = None,
    exhaustive: bool | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> SetStats:
    """Count (or estimate) the valid puzzles of ``verifiers`` cards the set can make.

    ``exhaustive`` None chooses: exhaustive when the walk is small enough
    (:data:`EXHAUSTIVE_PREFIXES`) or when a sample would not be smaller than the whole,
    otherwise ``samples`` (default :data:`DEFAULT_SAMPLES`) seeded draws.
    """
    if not 2 <= verifiers <= 6:
        raise ValueError(_("verifiers must be 2–6, not {verifiers}").format(verifiers=verifiers))
    count = sum(len(card.criteria) for card in cardset)
    if count > MAX_SEARCH_CRITERIA:
        raise ValueError(
            _(
                "card set {name!r} has {count} criteria; puzzle statistics "
                "take at most {max_search_criteria}"
            ).format(name=cardset.name, count=count, max_search_criteria=MAX_SEARCH_CRITERIA)
        )
    n = len(cardset)
    combos = math.comb(n, verifiers)
    empty_cards = tuple(
        CardStats(
            card.number,
            card.title,
            0,
            tuple(0 for _ in card.criteria),
            *_verdicts(card, 0, [0] * len(card.criteria), 0, verifiers, n, True),
        )
        for card in cardset
    )
    if n < verifiers:
        return SetStats(
            cardset.name,
            cardset.source,
            verifiers,
            "exhaustive",
            0,
            0,
            empty_cards,
            (0,) * NUM_CODES,
            tuple(c.label for card in cardset for c in card.criteria),
        )
    space = PuzzleSpace(cardset, verifiers)
    subsets = math.comb(n, verifiers - 2)
    draws = samples if samples is not None else DEFAULT_SAMPLES
    if draws < 1:
        raise ValueError(_("samples must be at least 1"))
    if exhaustive is None:
        exhaustive = (
            samples is None and space.prefix_bound() <= EXHAUSTIVE_PREFIXES
        ) or draws >= subsets
    scale = 1.0
    error = 0.0
    if exhaustive:
        tally = space.exhaustive(progress)
        method = "exhaustive"
    else:
        tally, per_draw = space.sampled(draws, seed, progress)
        method = "sampled"
        scale = subsets / (math.comb(verifiers, 2) * draws)
        if draws > 1:
            mean = sum(per_draw) / draws
            var = sum((x - mean) ** 2 for x in per_draw) / (draws - 1)
            error = math.sqrt(var / draws) * subsets / math.comb(verifiers, 2)
    total = tally.puzzles * scale
    per_crit = [float(x) * scale for x in tally.criteria]
    cards: list[CardStats] = []
    for order, card in enumerate(space.cards):
        crits = tuple(per_crit[i] for i in space.ids_of[order])
        puzzles = sum(crits)
        cards.append(
            CardStats(
                card.number,
                card.title,
                puzzles,
                crits,
                *_verdicts(card, puzzles, crits, total, verifiers, n, exhaustive),
            )
        )
    never = tuple(space.criteria[i].label for i, x in enumerate(per_crit) if x == 0)
    return SetStats(
        cardset.name,
        cardset.source,
        verifiers,
        method,
        combos,
        total,
        tuple(cards),
        tuple(float(x) * scale for x in tally.solutions),
        never,
        samples=0 if exhaustive else draws,
        seed=None if exhaustive else seed,
        puzzles_error=error,
    )
