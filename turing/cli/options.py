"""Options that several commands share, each defined once.

Help texts passed in from elsewhere are marked with ``N_`` here, so the catalogue holds
them; :func:`turing.cli.main.localise` shows them in the language in use.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

import click

from turing.cli.output import fail
from turing.core.puzzle import Loaded, id_matches
from turing.i18n import N_, _, ngettext

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

#: the largest integer SQLite stores (signed 64 bits): the most a count, a limit or an index
#: that a bank keeps or compares may be
BANK_INT_MAX: Final = 2**63 - 1
#: worker processes allowed for each processor of the machine (``--jobs``): more only use
#: memory, as each worker holds its own tables
JOBS_PER_PROCESSOR: Final = 4


def bank_int(minimum: int = 0) -> click.IntRange:
    """Whole numbers from ``minimum`` up to what a bank can hold (:data:`BANK_INT_MAX`)."""
    return click.IntRange(minimum, BANK_INT_MAX)


def processors() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def max_jobs() -> int:
    """The most worker processes ``--jobs`` may ask for on this machine."""
    return JOBS_PER_PROCESSOR * processors()


def too_many_jobs(value: int) -> str | None:
    """Why ``value`` worker processes on this machine are too many (each one costs
    memory: :func:`max_jobs`), or None."""
    most = max_jobs()
    if value <= most:
        return None
    return _(
        "{value} is more than {most}: at most {per} worker processes for each of "
        "the {processors} processors of this machine"
    ).format(value=value, most=most, per=JOBS_PER_PROCESSOR, processors=processors())


def _jobs_in_reach(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """Refuse more worker processes than :func:`max_jobs`."""
    problem = too_many_jobs(value)
    if problem is not None:
        raise click.BadParameter(problem, ctx=ctx, param=param)
    return value


class FiniteFloatRange(click.FloatRange):
    """A :class:`click.FloatRange` that also refuses ``nan`` and ``inf``."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(_("{value} is not a finite number").format(value=value), param, ctx)
        return number


def cardset_option(help_text: str, metavar: str = N_("NAME|PATH")) -> _Decorator:
    """``--cardset`` (the parameter ``cardset_name``), with the command's help text."""
    return click.option(
        "--cardset",
        "cardset_name",
        metavar=metavar,
        type=CARDSET_PATH,
        default=None,
        help=help_text,
    )


def jobs_option(help_text: str, capped: bool = True) -> _Decorator:
    """``--jobs N`` (``-j``), with the command's help text; ``capped``: refused past
    :func:`max_jobs` as it is read (else the command checks it, knowing where they run)."""
    return click.option(
        "--jobs",
        "-j",
        type=click.IntRange(min=1),
        callback=_jobs_in_reach if capped else None,
        default=1,
        show_default=True,
        metavar="N",
        help=help_text,
    )


def worker_options(func: Any) -> Any:
    """``--jobs``, ``--executor`` and ``--scheduler``: where the work of a run goes."""
    options: list[_Decorator] = [
        jobs_option(
            N_(
                "Worker processes (or Dask workers for a local Dask cluster), at most 4 "
                "for each processor of this machine; with --scheduler, blocks in flight."
            ),
            capped=False,
        ),
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


def id_option(func: Any) -> Any:
    """``--id ID`` (the parameter ``puzzle_ids``, repeatable): only the puzzles of FILE
    with these ids (see :func:`with_ids`)."""
    return click.option(
        "--id",
        "puzzle_ids",
        metavar="ID",
        multiple=True,
        help=N_(
            "Only the puzzle of FILE with this id (repeat for more); case, spaces and "
            "dashes do not matter."
        ),
    )(func)


def with_ids(loaded: Iterable[Loaded], ids: Sequence[str], file: str | None) -> Iterator[Loaded]:
    """The puzzles of ``loaded`` (read from ``file``) whose id is one of ``ids``, all of
    them when no id is given. Every puzzle is read first: an id that no puzzle has
    refuses the command before any output."""
    if not ids:
        return iter(loaded)
    if file is None:
        raise click.UsageError(_("--id picks puzzles of a FILE; give the FILE"))
    kept = [each for each in loaded if any(id_matches(each.puzzle.id, w) for w in ids)]
    missing = [w for w in ids if not any(id_matches(each.puzzle.id, w) for each in kept)]
    if missing:
        fail(
            ngettext(
                "{file}: no puzzle with id {ids}",
                "{file}: no puzzles with ids {ids}",
                len(missing),
            ).format(file=file, ids=", ".join(repr(w) for w in missing))
        )
    return iter(kept)
