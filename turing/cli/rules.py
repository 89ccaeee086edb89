"""``turing rules``: the rules of both game families, from the shipped ``docs/rules.md``
(``docs/rules.de.md`` in German, chosen by the language in use).

The page is Markdown. A block (lines up to a blank line) that follows a comment line
``<!-- only: GAME … -->`` belongs to those Mastermind games only; the table of the games
keeps, for one game, its header and that game's row.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import click

from turing.cli.options import NamedChoice, OptionalArgument
from turing.cli.output import CLIError, as_written, stdout_console
from turing.core.files import shipped_dir
from turing.i18n import N_, _, current_language

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

#: the topics as TOPIC takes them, each with its name and what it shows
TOPIC_CHOICE: Final = NamedChoice(
    {"criteria": N_("criteria"), **{game: game for game in TOPICS[1:]}}, N_("TOPIC")
)
_TOPIC_HELP: Final = {
    "criteria": N_("the criteria game (Turing Machine)"),
    "mastermind": N_("the whole Mastermind family"),
    **{game: N_("one game of the family") for game in GAMES},
    # the criteria game has a classic mode too; its rules are under criteria
    "classic": N_("classic Mastermind (the criteria game's classic mode: see criteria)"),
}

_ONLY: Final = re.compile(r"<!--\s*only:\s*([a-z\- ]+?)\s*-->")
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


def _blocks(text: str) -> Iterator[_Block]:
    """Runs of non-blank lines, each with the games an ``only`` comment gives it."""
    only: frozenset[str] | None = None
    lines: list[str] = []
    for line in [*text.splitlines(), ""]:
        marker = _ONLY.fullmatch(line.strip())
        if marker is not None:
            only = frozenset(marker.group(1).split())
            continue
        if line.strip():
            lines.append(line)
            continue
        if lines:
            yield _Block(tuple(lines), only)
        lines, only = [], None


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
        if topic in GAMES and block.only is not None and topic not in block.only:
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


class _RulesCommand(click.Command):
    """``turing rules``, whose help lists the topics after its first paragraph, each by its
    name in the language in use."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        first, _blank, rest = inspect.cleandoc(self.help or "").partition("\n\n")
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(first)
            width = formatter.width
            with formatter.indentation():
                # a definition list wraps its texts as if indented by 2 columns only
                formatter.width = width - (formatter.current_indent - 2)
                try:
                    formatter.write_dl(
                        [(TOPIC_CHOICE.shown(topic), _(_TOPIC_HELP[topic])) for topic in TOPICS]
                    )
                finally:
                    formatter.width = width
            if rest:
                formatter.write_paragraph()
                formatter.write_text(rest)


@click.command("rules", cls=_RulesCommand)
@click.argument("topic", required=False, type=TOPIC_CHOICE, metavar="TOPIC", cls=OptionalArgument)
def rules(topic: str | None) -> None:
    """The rules of the games; without TOPIC, all of them. TOPIC is one of:

    On a terminal the page is drawn, through the pager (PAGER, else less) when it is
    longer than the screen; into a pipe or file it is plain Markdown text.
    """
    lang = current_language()
    path = rules_path(lang if lang in PAGES else "en")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CLIError(f"the rules page is missing from this installation: {exc}") from None
    chosen = select(text, topic, lang if lang in PAGES else "en")
    if not sys.stdout.isatty():
        click.echo(plain(chosen), nl=False)
        return
    from rich.markdown import Markdown

    console = stdout_console()
    with console.capture() as captured:
        # drawn from the page as the terminal writes it (``▲`` as ``^``, ``ö`` as ``oe``)
        # where it cannot take every character, so the lines keep their width
        console.print(Markdown(as_written(chosen)))
    drawn = as_written(captured.get())
    if drawn.count("\n") < console.height:
        click.echo(drawn, nl=False)
    else:
        # the pager (PAGER, else less) ends the text with a newline of its own; it is
        # given text in the terminal's encoding, which it can show
        click.echo_via_pager(drawn.removesuffix("\n"))
