"""``turing rules``: the rules of both game families, from the shipped ``docs/rules.md``
(``docs/rules.de.md`` in German, chosen by the language in use); the page and its parts are
read by :mod:`turing.core.rulebook`, which the games' ``rules`` command reads too.
"""

from __future__ import annotations

import inspect
from typing import Final

import click

from turing.cli.options import MODE_CHOICE, NamedChoice, OptionalArgument
from turing.cli.output import CLIError, show_page
from turing.core.rulebook import GAMES, TOPICS, RulesPageError, rules_page
from turing.i18n import N_, _, pgettext

#: the modes of the criteria game a topic may name: each leads to the criteria game's rules,
#: which hold its modes (its classic mode too, under criteria: classic is Mastermind's)
MODE_TOPICS: Final = ("extreme", "nightmare")
#: the topics as TOPIC lists them: the page's, the modes after the criteria game
LISTED_TOPICS: Final = (TOPICS[0], *MODE_TOPICS, *TOPICS[1:])


#: the topics as TOPIC takes them, each with its name and what it shows
class _TopicChoice(NamedChoice):
    """The topics: classic Mastermind has a name of its own in a language whose word for
    classic the criteria game's modes use as well, one lowercase word like the other
    topics' (``klassisch``); the game's title (``Klassisches Mastermind``) means ``classic``
    here too, as it does for a Mastermind game. A mode of the criteria game leads to that
    game's rules."""

    def name_of(self, choice: str) -> str:
        if choice == "classic":
            return pgettext("rules topic", "classic")
        return super().name_of(choice)


TOPIC_CHOICE: Final = _TopicChoice(
    {
        "criteria": N_("criteria"),
        **{mode: MODE_CHOICE.names[mode] for mode in MODE_TOPICS},
        **{game: game for game in TOPICS[1:]},
    },
    N_("TOPIC"),
    also={"classic": ["klassisch", "klassisches mastermind"], **MODE_CHOICE.also},
)
_TOPIC_HELP: Final = {
    "criteria": N_("the criteria game (Turing Machine), all of its modes"),
    **{mode: N_("the criteria game, whose rules hold this mode") for mode in MODE_TOPICS},
    "mastermind": N_("the whole Mastermind family"),
    **{game: N_("one game of the family") for game in GAMES},
    # the criteria game has a classic mode too; its rules are under criteria
    "classic": N_("classic Mastermind (the criteria game's classic mode is under criteria)"),
}


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
                        [
                            (TOPIC_CHOICE.shown(topic), _(_TOPIC_HELP[topic]))
                            for topic in LISTED_TOPICS
                        ]
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
    if topic in MODE_TOPICS:
        topic = "criteria"
    try:
        chosen = rules_page(topic)
    except RulesPageError as exc:
        raise CLIError(str(exc)) from None
    show_page(chosen)
