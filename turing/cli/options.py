"""Options that several commands share, each defined once.

Help texts passed in from elsewhere are marked with ``N_`` here, so the catalogue holds
them; :func:`turing.cli.main.localise` shows them in the language in use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import click

from turing.i18n import N_

#: a card set's name (under cards/) or a path, resolved by the command (a missing file is
#: its one-line error, not click's)
CARDSET_PATH: Final = click.Path(readable=False, path_type=str)

#: ``--cardset`` of a command that makes puzzles of one card set
ONE_CARDSET: Final = N_("Card set (default classic).")
#: ``--cardset`` of a command that reads puzzles, each of which may name its own
EVERY_PUZZLE_CARDSET: Final = N_(
    "Card set for every puzzle: a name under cards/ or a path to a card-set YAML "
    "file (default: each puzzle's own, or classic)."
)

_Decorator = Callable[[Any], Any]


def cardset_option(help_text: str, metavar: str = "NAME|PATH") -> _Decorator:
    """``--cardset`` (the parameter ``cardset_name``), with the command's help text."""
    return click.option(
        "--cardset",
        "cardset_name",
        metavar=metavar,
        type=CARDSET_PATH,
        default=None,
        help=help_text,
    )


def jobs_option(help_text: str) -> _Decorator:
    """``--jobs N`` (``-j``), with the command's help text."""
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        metavar="N",
        help=help_text,
    )


def worker_options(func: Any) -> Any:
    """``--jobs``, ``--executor`` and ``--scheduler``: where the work of a run goes."""
    options: list[_Decorator] = [
        jobs_option(N_("Worker processes (or Dask workers for a local Dask cluster).")),
        click.option(
            "--executor",
            type=click.Choice(["process", "dask"]),
            default="process",
            show_default=True,
            help="process: worker processes on this machine; dask: a Dask cluster "
            "(the dask extra).",
        ),
        click.option(
            "--scheduler",
            metavar="ADDR",
            default=None,
            help="Dask scheduler address (default: a local cluster of --jobs workers).",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func
