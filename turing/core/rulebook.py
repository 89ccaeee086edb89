"""The rules page of both game families, as shipped in ``docs/rules.md``
(``docs/rules.de.md`` in German, chosen by the language in use), and the part of it a topic
asks for: ``turing rules`` and the games' ``rules`` command read it here.

The page is Markdown. A block (lines up to a blank line) that follows a comment line
``<!-- only: GAME … -->`` belongs to those Mastermind games only; the table of the games
keeps, for one game, its header and that game's row.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from turing.core.errors import TuringError
from turing.core.files import shipped_dir
from turing.i18n import _, current_language

#: Topic → the heading of its section; the games select within the Mastermind family.
SECTIONS: Final = {"criteria": "The criteria game", "mastermind": "The Mastermind family"}
GAMES: Final = ("superhirn", "logik", "master-collor", "classic")
TOPICS: Final = (*SECTIONS, *GAMES)
_TITLES: Final = {
    "superhirn": "Superhirn, of the Mastermind family",
    "logik": "Logik, of the Mastermind family",
    "master-collor": "Master Collor, of the Mastermind family",
    "classic": "Classic Mastermind, of the Mastermind family",
}
#: The same headings on the German page.
SECTIONS_DE: Final = {"criteria": "Das Kriterienspiel", "mastermind": "Die Mastermind-Familie"}
_TITLES_DE: Final = {
    "superhirn": "Superhirn, aus der Mastermind-Familie",
    "logik": "Logik, aus der Mastermind-Familie",
    "master-collor": "Master Collor, aus der Mastermind-Familie",
    "classic": "Klassisches Mastermind, aus der Mastermind-Familie",
}
#: Language → (the page's file name, its section headings, its titles of single games).
PAGES: Final = {
    "en": ("rules.md", SECTIONS, _TITLES),
    "de": ("rules.de.md", SECTIONS_DE, _TITLES_DE),
}

#: ``only: GAMES`` keeps a block off the other games' pages; ``not: GAMES`` keeps it off
#: those games' pages; ``alone: GAMES`` shows it on those games' pages and nowhere else
#: (what a game's own page says in place of a ``not:`` block).
_ONLY: Final = re.compile(r"<!--\s*(only|not|alone):\s*([a-z\- ]+?)\s*-->")
_COMMENT: Final = re.compile(r"<!--.*?-->")
_LINK: Final = re.compile(r"\[([^\]]+)\]\([^)]+\)")


def rules_path(lang: str = "en") -> Path:
    """The shipped rules page in ``lang``: ``docs/rules.md`` (English) or
    ``docs/rules.de.md`` (German) in a checkout, their copies when installed."""
    name = PAGES[lang][0]
    return shipped_dir("docs", "rules.md") / name


@dataclass(frozen=True)
class _Block:
    lines: tuple[str, ...]
    only: frozenset[str] | None
    kind: str = "only"

    def shown(self, topic: str | None) -> bool:
        """Whether the block is on the page of ``topic`` (a game, a section, or None for
        the whole page)."""
        if self.only is None:
            return True
        if topic not in GAMES:
            return self.kind != "alone"
        if self.kind == "not":
            return topic not in self.only
        return topic in self.only


def _blocks(text: str) -> Iterator[_Block]:
    """Runs of non-blank lines, each with the games an ``only`` comment gives it."""
    only: frozenset[str] | None = None
    kind = "only"
    lines: list[str] = []
    for line in [*text.splitlines(), ""]:
        marker = _ONLY.fullmatch(line.strip())
        if marker is not None:
            kind, only = marker.group(1), frozenset(marker.group(2).split())
            continue
        if line.strip():
            lines.append(line)
            continue
        if lines:
            yield _Block(tuple(lines), only, kind)
        lines, only, kind = [], None, "only"


def _section(text: str, heading: str) -> str:
    """The ``## heading`` section of the page, up to the next ``##`` heading."""
    lines = text.splitlines()
    start = lines.index(f"## {heading}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return "\n".join(lines[start:end])


def select(text: str, topic: str | None, lang: str = "en") -> str:
    """The part of the rules page (written in ``lang``) a topic asks for (all of it for
    None), without the page's comments.

    >>> page = "# R\\n\\n## The Mastermind family\\n\\n| g | n |\\n|---|---|\\n| `logik` | 5 |\\n"
    >>> page += "| `superhirn` | 4 |\\n\\n<!-- only: superhirn -->\\nHirn only.\\n\\nAll.\\n"
    >>> print(select(page, "logik"), end="")
    ## Logik, of the Mastermind family
    <BLANKLINE>
    | g | n |
    |---|---|
    | `logik` | 5 |
    <BLANKLINE>
    All.
    """
    _, sections, titles = PAGES[lang]
    if topic is None:
        part = text
    elif topic in sections:
        part = _section(text, sections[topic])
    else:
        family = _section(text, sections["mastermind"])
        part = family.replace(f"## {sections['mastermind']}", f"## {titles[topic]}", 1)
    kept: list[str] = []
    for block in _blocks(part):
        if not block.shown(topic):
            continue
        lines = list(block.lines)
        if topic in GAMES and lines[0].startswith("|") and len(lines) > 2:
            lines = lines[:2] + [row for row in lines[2:] if f"`{topic}`" in row]
        kept.append("\n".join(_COMMENT.sub("", line).rstrip() for line in lines))
    return "\n\n".join(block for block in kept if block.strip()) + "\n"


def plain(markdown: str) -> str:
    """The page as plain text for a pipe or a file: links keep only their words.

    >>> plain("see [cards.md](cards.md#tiers) now")
    'see cards.md now'
    """
    return _LINK.sub(r"\1", markdown)


#: a space that keeps the words on either side of it on one line (a line wrapped to a
#: terminal breaks elsewhere)
KEPT_SPACE: Final = "\u00a0"
#: a shape, its relation and its value (``▲ = 3``, ``■ < ●``)
_FORMULA: Final = re.compile(r"[▲■●] [=<>≤≥≠] (?:[1-5]|[▲■●])")
#: a criterion quoted (``"■ < 4"``, German ``„■ < 4“``)
_QUOTED: Final = re.compile(r'"[^"\n]{1,12}"|„[^“\n]{1,12}“')


def formulas_whole(markdown: str) -> str:
    """The page with the spaces of each formula (a shape, its relation and its value; a
    quoted criterion) as :data:`KEPT_SPACE`, for a view that wraps it to its width: a
    formula is never broken across two lines.

    >>> formulas_whole('352 means ▲ = 3; card 4: "■ < 4".').replace(KEPT_SPACE, "_")
    '352 means ▲_=_3; card 4: "■_<_4".'
    """

    def kept(match: re.Match[str]) -> str:
        return match[0].replace(" ", KEPT_SPACE)

    return _QUOTED.sub(kept, _FORMULA.sub(kept, markdown))


class RulesPageError(TuringError):
    """The rules page cannot be read (missing from the installation)."""


def rules_page(topic: str | None = None) -> str:
    """The part of the rules page a topic asks for (all of it for None), as Markdown, in
    the language in use (English where there is no page in it). :class:`RulesPageError`
    when the page cannot be read."""
    lang = current_language()
    lang = lang if lang in PAGES else "en"
    try:
        text = rules_path(lang).read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesPageError(
            _("the rules page is missing from this installation: {error}").format(error=exc)
        ) from None
    return select(text, topic, lang)
