"""Printable booklets of puzzles, as HTML (print it from a browser) or Markdown.

Each puzzle gets a page: its id, mode, tier and verifiers; every verifier letter with its
card(s) and the card's criteria (to strike out while playing); a notes grid (digits 1–5
per shape ▲ ■ ●) and a test log (one row per round: the code, and ✔/✘ per verifier).
The solutions — code, and for each verifier the real card and hidden criterion — are on
the last page, or left out (pupils' sheets), or alone (the answer sheet to them:
:data:`SOLUTIONS`). A booklet carries a mark that tells it is one (a comment on the Markdown
booklet's first line, a ``generator`` in the HTML head), so that writing one again may
replace it, and nothing else. Nightmare puzzles show their cards without saying which verifier holds
which; extreme puzzles show both cards of each verifier.

A booklet is written in English or German (``lang``; by default the language in use): its
words come from the message catalogue, the cards' titles and criteria from the card set
(:meth:`~turing.core.cards.Criterion.text_in`).
"""

from __future__ import annotations

import gettext
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from turing.core.cards import CardSet, Criterion
from turing.core.errors import TuringError
from turing.core.puzzle import (
    CARDSET_CHANGED,
    STATED_SOLUTION_WRONG,
    Puzzle,
    codes_left_problem,
    difficulty,
    generated,
)
from turing.core.saves import HTML_BOOKLET_MARK, MARKDOWN_BOOKLET_MARK
from turing.core.solver import solutions
from turing.generation.metrics import EXACT, METRIC_KEYS, Metrics, measure
from turing.i18n import DOMAIN, LOCALE_DIR, N_, _, current_language

SHAPES: Final = (("▲", N_("blue")), ("■", N_("yellow")), ("●", N_("purple")))
LOG_ROUNDS: Final = 8
#: The title the command line gives a booklet unless told otherwise; shown translated.
DEFAULT_TITLE: Final = N_("Puzzle booklet")
#: Where a booklet's solutions go: on its last page (``end``), nowhere (``none``: the
#: sheets for the players), or alone (``only``: the answer sheet to those sheets, each
#: puzzle named and numbered as the booklet of the same puzzles names it).
SOLUTIONS: Final = ("end", "none", "only")
#: Work limit of the exact search for a file puzzle's fewest tests (see
#: :data:`turing.analysis.MAX_WORK`): a classic or extreme puzzle is searched to the end
#: in milliseconds. A nightmare puzzle is not searched for its page (its search, even
#: stopped at once, takes a good part of a second to find its bounds: a booklet of
#: hundreds would take minutes); its figure is the lower bound, unless a tests filter
#: needs more (:func:`page_metrics` with ``search``).
BOOKLET_WORK: Final = 10_000_000


def _catalogue(lang: str) -> gettext.NullTranslations:
    """The words of a booklet in ``lang`` (English: the texts as written here)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang])


@dataclass(frozen=True)
class _Words:
    """Everything a booklet says, in one language."""

    lang: str
    t: gettext.NullTranslations

    def gettext(self, text: str) -> str:
        return self.t.gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.t.ngettext(singular, plural, n)

    def pgettext(self, context: str, text: str) -> str:
        return self.t.pgettext(context, text)


@dataclass(frozen=True)
class Booklet:
    title: str
    puzzles: tuple[Puzzle, ...]
    #: one of :data:`SOLUTIONS`
    solutions: str = "end"
    #: for each puzzle, what a player types to play it at the computer (None, or no entry:
    #: nothing is said; a puzzle known only by an id computed from its criteria)
    at_the_computer: tuple[str | None, ...] = ()

    def __post_init__(self) -> None:
        if self.solutions not in SOLUTIONS:
            raise ValueError(f"unknown place of the solutions {self.solutions!r} {SOLUTIONS}")

    def typed(self, number: int) -> str | None:
        """What a player types to play the puzzle of that number (from 1), or None."""
        return self.at_the_computer[number - 1] if number <= len(self.at_the_computer) else None


CardsetFor = Callable[[Puzzle], CardSet]


class BookletError(TuringError):
    """A puzzle that cannot be given to players on paper."""


def page_metrics(puzzle: Puzzle, cardset: CardSet, *, search: bool | None = None) -> Metrics:
    """The metrics of a puzzle read from a file, computed from its cards (what the file
    states of them is not taken: it could have been edited): the fewest tests exact where
    the search finishes within :data:`BOOKLET_WORK` (kind ``exact``), else the bounds it
    proved (``bounds``), as :func:`~turing.generation.metrics.measure` gives them. With
    ``search`` false (by default for a nightmare puzzle, see :data:`BOOKLET_WORK`), and
    for cards that no reading makes a valid puzzle of (nothing to search), the figure is
    the lower bound (kind ``lower_bound``), or none at all (``exact``) when the cards
    alone leave one code."""
    from turing.analysis.search import AnalysisError

    if search is None:
        search = not puzzle.mode_class.hidden_mapping
    if not search:
        plain = measure(puzzle, cardset)
        if plain.codes_left == 1:  # the cards alone tell the code: no test is needed
            return replace(plain, min_tests=0, min_tests_kind=EXACT, min_tests_upper=0)
        return plain
    try:
        return measure(puzzle, cardset, exact_tests=True, max_work=BOOKLET_WORK)
    except AnalysisError:
        return measure(puzzle, cardset)


def paper_puzzle(puzzle: Puzzle, cardset: CardSet) -> Puzzle:
    """A puzzle read from a file with its solution, when the file leaves it out, found
    from its hidden criteria: the quick checks of :func:`page_puzzle`, without its
    figures.

    Raises :class:`BookletError` for a puzzle without hidden criteria (on paper someone must
    answer the tests, and the solutions page must tell the code) and for one whose criteria
    do not lead to exactly the one code it states.
    """
    if not puzzle.has_hidden:
        raise BookletError(
            _(
                "no hidden criteria: a booklet needs puzzles whose verifiers can answer a "
                "test, with their criteria and solution"
            )
        )
    codes = solutions(puzzle, cardset)
    # a puzzle turing generated: most likely its card set changed since it was made
    cause = _(CARDSET_CHANGED) if generated(puzzle) else ""
    if len(codes) != 1:
        raise BookletError(codes_left_problem(len(codes)) + cause)
    (code,) = codes.texts()
    if puzzle.solution is not None and puzzle.solution != code:
        raise BookletError(_(STATED_SOLUTION_WRONG) + cause)
    return replace(puzzle, solution=code)


def page_puzzle(puzzle: Puzzle, cardset: CardSet, metrics: Metrics | None = None) -> Puzzle:
    """A puzzle read from a file as its booklet page shows it (:func:`paper_puzzle`): its
    tier and fewest-tests figure computed from its cards
    (:func:`~turing.core.puzzle.difficulty`, :func:`page_metrics`, or ``metrics`` when
    they are computed already; what the file states of them is not taken), and its
    solution. Raises :class:`BookletError` as :func:`paper_puzzle` does."""
    checked = paper_puzzle(puzzle, cardset)
    extra = {k: v for k, v in puzzle.extra.items() if k not in METRIC_KEYS}
    found = page_metrics(puzzle, cardset) if metrics is None else metrics
    extra.update(difficulty=difficulty(puzzle, cardset), **found.as_dict())
    return replace(checked, extra=extra)


def _name(puzzle: Puzzle, number: int, w: _Words) -> str:
    """A puzzle's name on its page: its number in the booklet, and beside it its id as its
    author wrote it, but not an id computed from the hidden parts (a player could find the
    criteria from it)."""
    name = w.gettext("Puzzle {number}").format(number=number)
    if puzzle.id and not puzzle.id_is_derived():
        return f"{name} · {puzzle.id}"
    return name


def _how_to_play(typed: str, w: _Words) -> str:
    """The line of a page that says what to type to play its puzzle at the computer."""
    return w.gettext("At the computer: {command}").format(command=typed)


def _solution_name(puzzle: Puzzle, number: int, w: _Words) -> str:
    """The name in the solutions, with the id the page leaves out."""
    name = _name(puzzle, number, w)
    return f"{name} ({puzzle.id})" if puzzle.id and puzzle.id_is_derived() else name


def _heading_tiers(w: _Words) -> dict[str, str]:
    """Each tier's name as an item of a puzzle's heading, after its mode (``Klassisch ·
    4 Prüfer · Leicht`` in German, where the mode is written as a name)."""
    return {
        "easy": w.pgettext("booklet heading", "easy"),
        "standard": w.pgettext("booklet heading", "standard"),
        "hard": w.pgettext("booklet heading", "hard"),
    }


def _heading(puzzle: Puzzle, w: _Words) -> str:
    tier = puzzle.extra.get("difficulty")
    parts = [
        w.gettext(puzzle.mode.label_text),
        w.ngettext("{count} verifier", "{count} verifiers", puzzle.verifiers).format(
            count=puzzle.verifiers
        ),
    ]
    if tier:
        known = _heading_tiers(w).get(str(tier))
        parts.append(known if known else str(tier))
    tests = puzzle.extra.get("min_tests")
    upper = puzzle.extra.get("min_tests_upper")
    if puzzle.extra.get("codes_left") == 1:  # the cards alone give the code: no test, exactly
        tests = upper = 0
    if isinstance(tests, int):
        if puzzle.extra.get("min_tests_kind") == "exact" or upper == tests:
            parts.append(w.gettext("fewest tests: {count}").format(count=tests))
        elif isinstance(upper, int):
            parts.append(w.gettext("fewest tests: {low}–{high}").format(low=tests, high=upper))
        else:
            parts.append(w.gettext("fewest tests: at least {count}").format(count=tests))
    return " · ".join(parts)


def _criteria_line(card_criteria: tuple[Criterion, ...], lang: str) -> str:
    return " · ".join(f"{c.position}. {c.text_in(lang)}" for c in card_criteria)


def _verifier_rows(puzzle: Puzzle, cardset: CardSet, w: _Words) -> list[tuple[str, str, list[str]]]:
    """(letter, cards shown, criteria lines) per verifier, as a player sees them."""
    rows: list[tuple[str, str, list[str]]] = []
    if puzzle.mode_class.hidden_mapping:
        shown = [g[0] for g in puzzle.cards_as_shown()]
        for letter in puzzle.letters:
            one_of = w.gettext("one of {cards}").format(cards=", ".join(map(str, shown)))
            rows.append((letter, one_of, []))
        return rows
    for letter, group in zip(puzzle.letters, puzzle.cards_as_shown(), strict=True):
        lines: list[str] = []
        for number in group:
            card = cardset.card(number)
            prefix = f"{number}: " if len(group) > 1 else ""
            lines.append(prefix + _criteria_line(card.criteria, w.lang))
        titles = " / ".join(f"{n} ({cardset.card(n).title_in(w.lang)})" for n in group)
        rows.append((letter, titles, lines))
    return rows


def _card_list(puzzle: Puzzle, cardset: CardSet, w: _Words) -> list[tuple[int, str, str]]:
    """Nightmare: the shown cards with their titles and criteria."""
    out: list[tuple[int, str, str]] = []
    for group in puzzle.cards_as_shown():
        card = cardset.card(group[0])
        out.append((card.number, card.title_in(w.lang), _criteria_line(card.criteria, w.lang)))
    return out


def _solution_lines(puzzle: Puzzle, cardset: CardSet, w: _Words) -> list[str]:
    lines: list[str] = []
    if puzzle.criteria is not None and puzzle.true_cards is not None:
        for letter, number, position in zip(
            puzzle.letters, puzzle.true_cards, puzzle.criteria, strict=True
        ):
            crit = cardset.card(number).criterion(position)
            lines.append(
                w.gettext("{letter}: card {card}, criterion {position} ({text})").format(
                    letter=letter, card=number, position=position, text=crit.text_in(w.lang)
                )
            )
    return lines


# -- HTML -----------------------------------------------------------------------------------

_CSS: Final = """
@page { margin: 12mm; }
body { font-family: system-ui, sans-serif; font-size: 11pt; margin: 2em; }
@media print { body { margin: 0; } }
.page { break-after: page; page-break-after: always; break-inside: avoid;
  page-break-inside: avoid; margin-bottom: 3em; }
@media print { .page { margin-bottom: 0; } }
h1 { font-size: 1.5em; margin: 0 0 .3em; } h2 { font-size: 1.3em; margin: .3em 0 .1em; }
.intro { margin: 0 0 1em; } .meta { color: #555; margin: 0 0 .4em; }
table { border-collapse: collapse; margin: .5em 0; break-inside: avoid; }
td, th { border: 1px solid #444; padding: .2em .45em; vertical-align: top; }
th { white-space: nowrap; }
.letter { font-weight: bold; font-size: 1.3em; text-align: center; }
.sheets { display: flex; gap: 2.5em; align-items: flex-start; break-inside: avoid; }
.grid td { width: 1.8em; height: 1.6em; text-align: center; }
.log td { width: 2.2em; height: 1.6em; }
.log td.code { width: 5em; }
.solutions td { font-family: ui-monospace, monospace; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _title(booklet: Booklet, w: _Words) -> str:
    return w.gettext(DEFAULT_TITLE) if booklet.title == DEFAULT_TITLE else booklet.title


def _intro(booklet: Booklet, w: _Words) -> str:
    """What the booklet opens with: how many puzzles, what to find, how to test, and where
    the solutions are when they are in it."""
    count = len(booklet.puzzles)
    if booklet.solutions == "end":
        text = w.ngettext(
            "{count} puzzle. Find the code ▲■● (three digits 1–5). Each verifier checks one "
            "hidden criterion of its card; test a code against up to three verifiers per "
            "round. The solution is on the last page.",
            "{count} puzzles. Find the code ▲■● (three digits 1–5). Each verifier checks one "
            "hidden criterion of its card; test a code against up to three verifiers per "
            "round. Solutions are on the last page.",
            count,
        )
    else:
        text = w.ngettext(
            "{count} puzzle. Find the code ▲■● (three digits 1–5). Each verifier checks one "
            "hidden criterion of its card; test a code against up to three verifiers per "
            "round.",
            "{count} puzzles. Find the code ▲■● (three digits 1–5). Each verifier checks one "
            "hidden criterion of its card; test a code against up to three verifiers per "
            "round.",
            count,
        )
    return text.format(count=count)


def _html_page(
    puzzle: Puzzle, number: int, cs: CardSet, w: _Words, opening: str, typed: str | None
) -> list[str]:
    """One puzzle's page (``opening``: the booklet's title and introduction, on the first;
    ``typed``: what to type to play it at the computer, or None)."""
    out = ['<div class="page">' + opening]
    out.append(f"<h2>{_e(_name(puzzle, number, w))}</h2>")
    out.append(f'<p class="meta">{_e(_heading(puzzle, w))}</p>')
    if typed is not None:
        out.append(f'<p class="play">{_e(_how_to_play(typed, w))}</p>')
    if puzzle.mode_class.hidden_mapping:
        out.append(
            "<p>"
            + w.gettext("The cards on the table (which verifier holds which is hidden):")
            + "</p>"
        )
        out.append(_row("th", w.gettext("card"), w.gettext("title"), w.gettext("criteria")))
        for card_no, title_text, crits in _card_list(puzzle, cs, w):
            out.append(f"<tr><td>{card_no}</td><td>{_e(title_text)}</td><td>{_e(crits)}</td></tr>")
        out.append("</table>")
    out.append(_row("th", w.gettext("verifier"), w.gettext("card"), w.gettext("criteria")))
    for letter, cards, lines in _verifier_rows(puzzle, cs, w):
        body = "<br>".join(_e(line) for line in lines)
        out.append(f'<tr><td class="letter">{letter}</td><td>{_e(cards)}</td><td>{body}</td></tr>')
    out.append("</table>")
    out.append('<div class="sheets"><table class="grid"><tr><th></th>')
    out.extend(f"<th>{d}</th>" for d in range(1, 6))
    out.append("</tr>")
    for symbol, colour in SHAPES:
        colour_name = _e(w.gettext(colour))
        out.append(f'<tr><th title="{colour_name}">{symbol}</th>' + "<td></td>" * 5 + "</tr>")
    out.append("</table>")
    log_heads = (_e(w.gettext("round")), _e(w.gettext("code ▲■●")))
    out.append('<table class="log"><tr><th>{}</th><th>{}</th>'.format(*log_heads))
    out.extend(f"<th>{letter}</th>" for letter in puzzle.letters)
    out.append("</tr>")
    for r in range(1, LOG_ROUNDS + 1):
        out.append(
            f'<tr><td>{r}</td><td class="code"></td>' + "<td></td>" * puzzle.verifiers + "</tr>"
        )
    out.append("</table></div></div>")
    return out


def render_html(booklet: Booklet, cardset_for: CardsetFor, lang: str | None = None) -> str:
    """The booklet as an HTML page, in ``lang`` (default: the language in use): the title
    and introduction on the first puzzle's page, a page per puzzle, the solutions on a
    page of their own (or only they, under the title)."""
    w = _words(lang)
    title = _title(booklet, w)
    out: list[str] = [
        "<!DOCTYPE html>",
        f'<html lang="{w.lang}"><head><meta charset="utf-8">{HTML_BOOKLET_MARK}',
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>",
    ]
    opening = f'<h1>{_e(title)}</h1><p class="intro">{_e(_intro(booklet, w))}</p>'
    if booklet.solutions == "only":
        out.append(f"<h1>{_e(title)}</h1>")
    else:
        for number, puzzle in enumerate(booklet.puzzles, start=1):
            typed = booklet.typed(number)
            out += _html_page(puzzle, number, cardset_for(puzzle), w, opening, typed)
            opening = ""
    if booklet.solutions == "none":
        out.append("</body></html>")
        return "\n".join(out) + "\n"
    solutions = _e(w.gettext("Solutions"))
    out.append(f'<div class="solutions-page"><h2>{solutions}</h2><table class="solutions">')
    out.append(
        _row(
            "th", w.gettext("puzzle"), w.gettext("code"), w.gettext("hidden criteria")
        ).removeprefix("<table>")
    )
    for number, puzzle in enumerate(booklet.puzzles, start=1):
        cs = cardset_for(puzzle)
        hidden = "<br>".join(_e(x) for x in _solution_lines(puzzle, cs, w)) or "—"
        out.append(
            f"<tr><td>{_e(_solution_name(puzzle, number, w))}</td>"
            f"<td>{_e(puzzle.solution or '?')}</td>"
            f"<td>{hidden}</td></tr>"
        )
    out.append("</table></div></body></html>")
    return "\n".join(out) + "\n"


# -- Markdown -------------------------------------------------------------------------------


#: What Markdown would read as markup in a text: inline markup (strikethrough too), a
#: table's cell border and the backslash that escapes them; a ``<`` that would open an
#: HTML tag or a link (``<b``, ``</``, ``<!``, ``<?``) and an ``&`` that would start an
#: entity (``&amp;``, ``&#38;``). A ``<`` or ``>`` beside a space or a digit (``■ < ●``,
#: ``▲ > 1``) starts nothing, and the texts never start a line (a ``>`` there would quote).
_MARKUP: Final = re.compile(r"([\\`*_\[\]|~]|<(?=[A-Za-z/!?])|&(?=#|[A-Za-z0-9]+;))")


def _md(text: object) -> str:
    """A text from a file (a title, an id, a criterion) as Markdown shows it, letter for
    letter, and as it reads as plain text: a character Markdown would take for markup
    there with a backslash (CommonMark's escapes), every other as it is.

    >>> _md("▲ > 1"), _md("■ < ●"), _md("a_b <b> &amp; x & y")
    ('▲ > 1', '■ < ●', 'a\\\\_b \\\\<b> \\\\&amp; x & y')
    """
    return _MARKUP.sub(r"\\\1", str(text))


def _md_lines(lines: list[str], empty: str) -> str:
    """Lines of one table cell, each escaped, broken with ``<br>``."""
    return "<br>".join(_md(line) for line in lines) or empty


def render_markdown(booklet: Booklet, cardset_for: CardsetFor, lang: str | None = None) -> str:
    """The booklet as Markdown, in ``lang`` (default: the language in use)."""
    w = _words(lang)
    card, title, criteria = w.gettext("card"), w.gettext("title"), w.gettext("criteria")
    verifier, round_, code_head = w.gettext("verifier"), w.gettext("round"), w.gettext("code ▲■●")
    puzzle_, code, hidden = w.gettext("puzzle"), w.gettext("code"), w.gettext("hidden criteria")
    out: list[str] = [MARKDOWN_BOOKLET_MARK, f"# {_md(_title(booklet, w))}", ""]
    if booklet.solutions != "only":
        out += [_intro(booklet, w), ""]
    for number, puzzle in enumerate(() if booklet.solutions == "only" else booklet.puzzles, 1):
        cs = cardset_for(puzzle)
        out += [
            "---",
            "",
            f"## {_md(_name(puzzle, number, w))}",
            "",
            f"*{_md(_heading(puzzle, w))}*",
            "",
        ]
        typed = booklet.typed(number)
        if typed is not None:
            # a code span: what is typed is shown letter for letter, nothing escaped
            fence = "``" if "`" in typed else "`"
            span = f"{fence} {typed} {fence}" if fence == "``" else f"`{typed}`"
            out += [_how_to_play(span, w), ""]
        if puzzle.mode_class.hidden_mapping:
            out += [w.gettext("Cards on the table (which verifier holds which is hidden):"), ""]
            out += [
                f"| {card} | {title} | {criteria} |",
                "|---|---|---|",
            ]
            out += [f"| {n} | {_md(t)} | {_md(c)} |" for n, t, c in _card_list(puzzle, cs, w)]
            out.append("")
        out += [
            f"| {verifier} | {card} | {criteria} |",
            "|---|---|---|",
        ]
        for letter, cards, lines in _verifier_rows(puzzle, cs, w):
            out.append(f"| **{letter}** | {_md(cards)} | {_md_lines(lines, '?')} |")
        out += [
            "",
            w.gettext("Notes:"),
            "",
            "|   | 1 | 2 | 3 | 4 | 5 |",
            "|---|---|---|---|---|---|",
        ]
        out += [f"| {symbol} |   |   |   |   |   |" for symbol, _ in SHAPES]
        out += [
            "",
            f"| {round_} | {code_head} | " + " | ".join(puzzle.letters) + " |",
        ]
        out.append("|---|---|" + "---|" * puzzle.verifiers)
        out += [f"| {r} |   |" + "   |" * puzzle.verifiers for r in range(1, LOG_ROUNDS + 1)]
        out.append("")
    if booklet.solutions == "none":
        return "\n".join(out) + "\n"
    out += [
        *(["---", ""] if booklet.solutions == "end" else []),
        "## " + w.gettext("Solutions"),
        "",
        f"| {puzzle_} | {code} | {hidden} |",
        "|---|---|---|",
    ]
    for number, puzzle in enumerate(booklet.puzzles, start=1):
        lines = _solution_lines(puzzle, cardset_for(puzzle), w)
        out.append(
            f"| {_md(_solution_name(puzzle, number, w))} | {puzzle.solution or '?'} | "
            f"{_md_lines(lines, '—')} |"
        )
    return "\n".join(out) + "\n"


def _words(lang: str | None) -> _Words:
    chosen = current_language() if lang is None else lang
    return _Words(chosen, _catalogue(chosen))


def _row(cell: str, *texts: str) -> str:
    """``<table><tr><th>…</th>…</tr>``: a table's opening and heading row."""
    return "<table><tr>" + "".join(f"<{cell}>{_e(t)}</{cell}>" for t in texts) + "</tr>"


def render(booklet: Booklet, fmt: str, cardset_for: CardsetFor, lang: str | None = None) -> str:
    """The booklet as ``html`` or ``markdown`` text, in ``lang`` (``"en"`` or ``"de"``;
    default: the language in use)."""
    if fmt == "html":
        return render_html(booklet, cardset_for, lang)
    if fmt == "markdown":
        return render_markdown(booklet, cardset_for, lang)
    raise ValueError(f"unknown booklet format {fmt!r} (html, markdown)")


__all__ = [
    "BOOKLET_WORK",
    "SOLUTIONS",
    "Booklet",
    "BookletError",
    "page_metrics",
    "page_puzzle",
    "paper_puzzle",
    "render",
    "render_html",
    "render_markdown",
]
