"""The `turing` command line: a thin client over the library.

Each command parses its arguments, calls the library and renders the result. Library
errors (bad files, bad codes, impossible requests) become one ``error:`` line on stderr
and exit status 2; ``TURING_DEBUG=1`` shows the traceback instead.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from turing import __version__
from turing.cli.analyze import analyze_command
from turing.cli.cards import cards
from turing.cli.generate import bank, catalogue, export, generate
from turing.cli.mastermind import mastermind
from turing.cli.output import CLIError
from turing.cli.play import play
from turing.cli.solve import check, solve
from turing.core.files import SourceError


class TuringGroup(click.Group):
    """Turns the library's narrow errors into one clear line and exit status 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except SourceError as exc:
            if os.environ.get("TURING_DEBUG"):
                raise
            raise CLIError(str(exc)) from None
        except ValueError as exc:
            if os.environ.get("TURING_DEBUG"):
                raise
            raise CLIError(str(exc)) from None
        except BrokenPipeError:
            sys.stderr.close()
            raise click.exceptions.Exit(1) from None
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            raise click.exceptions.Exit(130) from None


@click.group(cls=TuringGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="turing")
def main() -> None:
    """Deduction puzzles in the style of Turing Machine, and the Mastermind family.

    Codes are three digits 1–5 for ▲ blue, ■ yellow, ● purple, written BYP (e.g. 241).
    """


main.add_command(solve)
main.add_command(check)
main.add_command(mastermind)
main.add_command(play)
main.add_command(generate)
main.add_command(catalogue)
main.add_command(bank)
main.add_command(export)
main.add_command(cards)
main.add_command(analyze_command)
