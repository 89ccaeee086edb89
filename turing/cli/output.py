"""Terminal helpers shared by the CLI commands: consoles, errors, JSON output.

Only the CLI imports this module; the library never prints.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, NoReturn

import click
from rich.console import Console

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2


def _plain() -> bool:
    return "NO_COLOR" in os.environ


#: Width of tables written to a file or a pipe: wide enough for any table at its natural
#: width (tables never stretch), so nothing is cut to fit an 80-column guess.
PIPE_WIDTH = 1000


def stdout_console() -> Console:
    """A console for results: rich on a terminal, plain text otherwise or with NO_COLOR."""
    tty = sys.stdout.isatty()
    plain = _plain() or not tty
    return Console(
        file=sys.stdout,
        width=None if tty else PIPE_WIDTH,
        no_color=plain,
        highlight=False,
        force_terminal=None if not plain else False,
        color_system=None if plain else "auto",
        soft_wrap=plain,
    )


def stderr_console() -> Console:
    """A console for progress and messages on stderr."""
    plain = _plain() or not sys.stderr.isatty()
    return Console(
        file=sys.stderr,
        stderr=True,
        no_color=plain,
        highlight=False,
        color_system=None if plain else "auto",
    )


class CLIError(click.ClickException):
    """One clear line on stderr and a chosen exit status (2: bad input, by default)."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        # click declares exit_code per class; this error carries its own (click reads it
        # from the instance when it exits).
        object.__setattr__(self, "exit_code", exit_code)

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


def fail(message: str, exit_code: int = EXIT_USAGE) -> NoReturn:
    raise CLIError(message, exit_code)


def emit_json(obj: Any) -> None:
    """Print one JSON document (one line) on stdout."""
    click.echo(json.dumps(obj, ensure_ascii=False, separators=(", ", ": ")))
