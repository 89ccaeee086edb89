"""The `turing` command line: a thin client over the library.

Each command lives in its own module and is imported only when it runs (or when its own
help is asked for), so ``turing --help`` and ``turing solve FILE`` do not pay for numpy,
the analysis or the Mastermind modules. A command is registered by one line in
:data:`COMMANDS`: its name, where it lives (``"module:attribute"``) and the short help that
``turing --help`` lists without importing it.

Errors and exit statuses follow :mod:`turing.cli.output`: a library error or a refusal of
the world outside is one ``error:`` line on stderr and exit status 2; Ctrl-C is exit
status 130; ``TURING_DEBUG=1`` shows tracebacks.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, NamedTuple

import click
from click.shell_completion import CompletionItem

from turing import __version__
from turing.cli.output import guarded


class LazyCommand(NamedTuple):
    """Where a command lives (``"package.module:attribute"``) and its one-line help."""

    target: str
    short_help: str


#: Every command of ``turing``: name → where it lives and its short help.
COMMANDS: Mapping[str, LazyCommand] = {
    "analyze": LazyCommand(
        "turing.cli.analyze:analyze_command",
        "Optimal play for puzzles: fewest tests, best first round.",
    ),
    "bank": LazyCommand(
        "turing.cli.generate:bank", "The SQLite puzzle bank: stats, export, import, pick."
    ),
    "board": LazyCommand(
        "turing.cli.board:board",
        "Play a puzzle on a full-screen board, in the terminal or a browser.",
    ),
    "cards": LazyCommand(
        "turing.cli.cards:cards",
        "Card sets: show, validate, measure what puzzles they make.",
    ),
    "catalogue": LazyCommand(
        "turing.cli.generate:catalogue",
        "Enumerate every valid classic puzzle of a card set.",
    ),
    "check": LazyCommand(
        "turing.cli.solve:check",
        "Check puzzles: one solution, no redundant verifier.",
    ),
    "export": LazyCommand(
        "turing.cli.generate:export",
        "Render a printable booklet of puzzles (HTML, Markdown).",
    ),
    "generate": LazyCommand(
        "turing.cli.generate:generate",
        "Generate valid puzzles into a JSONL file or a bank.",
    ),
    "mastermind": LazyCommand(
        "turing.cli.mastermind:mastermind",
        "Superhirn, Logik, Master Collor and classic Mastermind.",
    ),
    "play": LazyCommand(
        "turing.cli.play:play",
        "Play a puzzle: 1–6 players at one keyboard, or bots.",
    ),
    "puzzles": LazyCommand(
        "turing.cli.puzzles:puzzles",
        "List the shipped puzzles: id, mode, verifiers, tier.",
    ),
    "rules": LazyCommand(
        "turing.cli.rules:rules",
        "The rules of the games (criteria, mastermind, or one Mastermind game).",
    ),
    "share": LazyCommand(
        "turing.cli.share:share",
        "Puzzle codes to share: a whole puzzle in a dozen characters.",
    ),
    "solve": LazyCommand(
        "turing.cli.solve:solve",
        "Solve puzzles: the codes their cards and criteria leave.",
    ),
}


def load_command(entry: LazyCommand) -> click.Command:
    """Import the command ``entry`` names; it gets the table's short help if it has none."""
    module_name, _, attribute = entry.target.partition(":")
    command = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(command, click.Command):
        raise TypeError(f"{entry.target} is not a click command")
    if command.short_help is None:
        command.short_help = entry.short_help
    return command


class LazyGroup(click.Group):
    """A group whose commands are imported on first use.

    ``lazy_commands`` maps a name to a :class:`LazyCommand`. Listing the commands (in the
    help and in shell completion) uses the table; running a command or asking for its help
    imports its module.
    """

    def __init__(
        self, *args: Any, lazy_commands: Mapping[str, LazyCommand] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands: dict[str, LazyCommand] = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        entry = self.lazy_commands.get(cmd_name)
        if entry is None:
            return None
        command = load_command(entry)
        self.commands[cmd_name] = command
        return command

    def _short_help(self, name: str, limit: int) -> str:
        if name in self.commands:
            return self.commands[name].get_short_help_str(limit)
        return self.lazy_commands[name].short_help

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, self._short_help(name, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        items = [
            CompletionItem(name, help=self._short_help(name, 45))
            for name in self.list_commands(ctx)
            if name.startswith(incomplete)
        ]
        # Options of the group itself (click.Command's completion, not the group's, which
        # would import every command to read its help).
        items.extend(click.Command.shell_complete(self, ctx, incomplete))
        return items

    def invoke(self, ctx: click.Context) -> Any:
        return guarded(lambda: super(LazyGroup, self).invoke(ctx))


@click.group(
    cls=LazyGroup,
    lazy_commands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="turing")
def main() -> None:
    """Deduction puzzles in the style of Turing Machine, and the Mastermind family.

    Codes are three digits 1–5 for ▲ blue, ■ yellow, ● purple, written BYP (e.g. 241).
    """
