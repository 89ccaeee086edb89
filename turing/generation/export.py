"""Printable booklets of puzzles, as HTML (print it from a browser) or Markdown.

Each puzzle gets a page: its id, mode, tier and verifiers; every verifier letter with its
card(s) and the card's criteria (to strike out while playing); a notes grid (digits 1–5
per shape ▲ ■ ●) and a test log (one row per round: the code, and ✔/✘ per verifier).
The solutions — code, and for each verifier the real card and hidden criterion — are on
the last page. Nightmare puzzles show their cards without saying which verifier holds
which; extreme puzzles show both cards of each verifier.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from turing.core.cards import CardSet
from turing.core.puzzle import Puzzle

SHAPES: Final = (("▲", "blue"), ("■", "yellow"), ("●", "purple"))
LOG_ROUNDS: Final = 8


@dataclass(frozen=True)
class Booklet:
    title: str
    puzzles: tuple[Puzzle, ...]


CardsetFor = Callable[[Puzzle], CardSet]


def _name(puzzle: Puzzle, number: int) -> str:
    return puzzle.id or f"Puzzle {number}"


def _heading(puzzle: Puzzle) -> str:
    tier = puzzle.extra.get("difficulty")
    parts = [puzzle.mode, f"{puzzle.verifiers} verifiers"]
    if tier:
        parts.append(str(tier))
    tests = puzzle.extra.get("min_tests")
    upper = puzzle.extra.get("min_tests_upper")
    if isinstance(tests, int):
        if puzzle.extra.get("min_tests_kind") == "exact":
            parts.append(f"tests needed: {tests}")
        elif isinstance(upper, int):
            parts.append(f"tests needed: {tests}–{upper}")
        else:
            parts.append(f"tests needed at least: {tests}")
    return " · ".join(parts)


def _verifier_rows(puzzle: Puzzle, cardset: CardSet) -> list[tuple[str, str, list[str]]]:
    """(letter, cards shown, criteria lines) per verifier, as a player sees them."""
    rows: list[tuple[str, str, list[str]]] = []
    if puzzle.mode_class.hidden_mapping:
        shown = [g[0] for g in puzzle.cards]
        for letter in puzzle.letters:
            rows.append((letter, "one of " + ", ".join(map(str, shown)), []))
        return rows
    for letter, group in zip(puzzle.letters, puzzle.cards, strict=True):
        lines: list[str] = []
        for number in group:
            card = cardset.card(number)
            prefix = f"{number}: " if len(group) > 1 else ""
            lines.append(prefix + " · ".join(f"{c.position}. {c.text}" for c in card.criteria))
        titles = " / ".join(f"{n} ({cardset.card(n).title})" for n in group)
        rows.append((letter, titles, lines))
    return rows


def _card_list(puzzle: Puzzle, cardset: CardSet) -> list[tuple[int, str, str]]:
    """Nightmare: the shown cards with their titles and criteria."""
    out: list[tuple[int, str, str]] = []
    for group in puzzle.cards:
        card = cardset.card(group[0])
        out.append(
            (card.number, card.title, " · ".join(f"{c.position}. {c.text}" for c in card.criteria))
        )
    return out


def _solution_lines(puzzle: Puzzle, cardset: CardSet) -> list[str]:
    lines: list[str] = []
    if puzzle.criteria is not None and puzzle.true_cards is not None:
        for letter, number, position in zip(
            puzzle.letters, puzzle.true_cards, puzzle.criteria, strict=True
        ):
            crit = cardset.card(number).criterion(position)
            lines.append(f"{letter}: card {number}, criterion {position} ({crit.text})")
    return lines


# -- HTML -----------------------------------------------------------------------------------

_CSS: Final = """
body { font-family: system-ui, sans-serif; margin: 2em; }
.page { page-break-after: always; break-after: page; margin-bottom: 3em; }
h1 { font-size: 1.6em; } h2 { margin-bottom: .2em; } .meta { color: #555; }
table { border-collapse: collapse; margin: .8em 0; }
td, th { border: 1px solid #444; padding: .25em .5em; vertical-align: top; }
.letter { font-weight: bold; font-size: 1.3em; text-align: center; }
.grid td { width: 1.8em; height: 1.6em; text-align: center; }
.log td { width: 2.2em; height: 1.6em; }
.log td.code { width: 5em; }
.solutions td { font-family: ui-monospace, monospace; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def render_html(booklet: Booklet, cardset_for: CardsetFor) -> str:
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(booklet.title)}</title><style>{_CSS}</style></head><body>",
        f'<div class="page"><h1>{_e(booklet.title)}</h1>',
        f"<p>{len(booklet.puzzles)} puzzles. Find the code ▲■● (three digits 1–5). Each "
        "verifier checks one hidden criterion of its card; test a code against up to three "
        "verifiers per round. Solutions are on the last page.</p></div>",
    ]
    for number, puzzle in enumerate(booklet.puzzles, start=1):
        cs = cardset_for(puzzle)
        out.append('<div class="page">')
        out.append(f"<h2>{_e(_name(puzzle, number))}</h2>")
        out.append(f'<p class="meta">{_e(_heading(puzzle))}</p>')
        if puzzle.mode_class.hidden_mapping:
            out.append("<p>The cards on the table (which verifier holds which is hidden):</p>")
            out.append("<table><tr><th>card</th><th>title</th><th>criteria</th></tr>")
            for card_no, title, crits in _card_list(puzzle, cs):
                out.append(f"<tr><td>{card_no}</td><td>{_e(title)}</td><td>{_e(crits)}</td></tr>")
            out.append("</table>")
        out.append("<table><tr><th>verifier</th><th>card</th><th>criteria</th></tr>")
        for letter, cards, lines in _verifier_rows(puzzle, cs):
            body = "<br>".join(_e(line) for line in lines)
            out.append(
                f'<tr><td class="letter">{letter}</td><td>{_e(cards)}</td><td>{body}</td></tr>'
            )
        out.append("</table>")
        out.append('<table class="grid"><tr><th></th>')
        out.extend(f"<th>{d}</th>" for d in range(1, 6))
        out.append("</tr>")
        for symbol, colour in SHAPES:
            out.append(f'<tr><th title="{colour}">{symbol}</th>' + "<td></td>" * 5 + "</tr>")
        out.append("</table>")
        out.append('<table class="log"><tr><th>round</th><th>code ▲■●</th>')
        out.extend(f"<th>{letter}</th>" for letter in puzzle.letters)
        out.append("</tr>")
        for r in range(1, LOG_ROUNDS + 1):
            out.append(
                f'<tr><td>{r}</td><td class="code"></td>' + "<td></td>" * puzzle.verifiers + "</tr>"
            )
        out.append("</table></div>")
    out.append('<div class="solutions-page"><h2>Solutions</h2><table class="solutions">')
    out.append("<tr><th>puzzle</th><th>code</th><th>hidden criteria</th></tr>")
    for number, puzzle in enumerate(booklet.puzzles, start=1):
        cs = cardset_for(puzzle)
        hidden = "<br>".join(_e(x) for x in _solution_lines(puzzle, cs)) or "—"
        out.append(
            f"<tr><td>{_e(_name(puzzle, number))}</td><td>{_e(puzzle.solution or '?')}</td>"
            f"<td>{hidden}</td></tr>"
        )
    out.append("</table></div></body></html>")
    return "\n".join(out) + "\n"


# -- Markdown -------------------------------------------------------------------------------


def _md(text: object) -> str:
    return str(text).replace("|", "\\|")


def render_markdown(booklet: Booklet, cardset_for: CardsetFor) -> str:
    out: list[str] = [
        f"# {_md(booklet.title)}",
        "",
        f"{len(booklet.puzzles)} puzzles. Find the code ▲■● (three digits 1–5); solutions "
        "are on the last page.",
        "",
    ]
    for number, puzzle in enumerate(booklet.puzzles, start=1):
        cs = cardset_for(puzzle)
        out += ["---", "", f"## {_md(_name(puzzle, number))}", "", f"*{_heading(puzzle)}*", ""]
        if puzzle.mode_class.hidden_mapping:
            out += ["Cards on the table (which verifier holds which is hidden):", ""]
            out += ["| card | title | criteria |", "|---|---|---|"]
            out += [f"| {n} | {_md(t)} | {_md(c)} |" for n, t, c in _card_list(puzzle, cs)]
            out.append("")
        out += ["| verifier | card | criteria |", "|---|---|---|"]
        for letter, cards, lines in _verifier_rows(puzzle, cs):
            out.append(f"| **{letter}** | {_md(cards)} | {_md('<br>'.join(lines) or '?')} |")
        out += ["", "Notes:", "", "|   | 1 | 2 | 3 | 4 | 5 |", "|---|---|---|---|---|---|"]
        out += [f"| {symbol} |   |   |   |   |   |" for symbol, _ in SHAPES]
        out += ["", "| round | code ▲■● | " + " | ".join(puzzle.letters) + " |"]
        out.append("|---|---|" + "---|" * puzzle.verifiers)
        out += [f"| {r} |   |" + "   |" * puzzle.verifiers for r in range(1, LOG_ROUNDS + 1)]
        out.append("")
    out += ["---", "", "## Solutions", "", "| puzzle | code | hidden criteria |", "|---|---|---|"]
    for number, puzzle in enumerate(booklet.puzzles, start=1):
        lines = _solution_lines(puzzle, cardset_for(puzzle))
        out.append(
            f"| {_md(_name(puzzle, number))} | {puzzle.solution or '?'} | "
            f"{_md('<br>'.join(lines) or '—')} |"
        )
    return "\n".join(out) + "\n"


def render(booklet: Booklet, fmt: str, cardset_for: CardsetFor) -> str:
    """The booklet as ``html`` or ``markdown`` text."""
    if fmt == "html":
        return render_html(booklet, cardset_for)
    if fmt == "markdown":
        return render_markdown(booklet, cardset_for)
    raise ValueError(f"unknown booklet format {fmt!r} (html, markdown)")


__all__ = ["Booklet", "render", "render_html", "render_markdown"]
