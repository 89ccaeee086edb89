"""CLI commands for making puzzles in bulk: ``generate``, ``catalogue``, ``bank …``, ``export``.

Thin clients of :mod:`turing.generation.generator`, :mod:`turing.generation.bank` and
:mod:`turing.generation.export`.
Progress bars (rate and ETA) are drawn on stderr when it is a terminal; ``--quiet`` turns
them and the summary off. Output files are checked before any work and written atomically
(:func:`turing.cli.output.open_output`).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shlex
import sys
import time
import warnings
from array import array
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import CancelledError, Executor, Future, InvalidStateError
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn

import click
from rich.console import JustifyMethod

from turing.cli.options import (
    BANK_CARDSET,
    BANK_INT_MAX,
    EVERY_PUZZLE_CARDSET,
    MODE_CHOICE,
    ONE_CARDSET,
    PUZZLE_PATH,
    TIER_CHOICE,
    TIER_OR_NONE_CHOICE,
    NamedChoice,
    OneCount,
    VerifierCount,
    WholeNumber,
    bank_cardset_said,
    bank_int,
    cardset_option,
    counts_advice,
    empty_bank_text,
    matched_filters,
    too_many_jobs,
    worker_options,
)
from turing.cli.output import (
    EXIT_USAGE,
    STDIN_NAME,
    CLIError,
    NothingWritten,
    OutputPath,
    TextSink,
    cardset_file,
    claim_output,
    command_to_copy,
    describe_os_error,
    each_puzzle,
    emit_json,
    end_stopped,
    fail,
    file_or_stdin,
    files_once,
    json_text,
    missing_extra,
    open_output,
    plural,
    progress,
    refuse_replacing_work,
    refuse_writing_inputs,
    said,
    say_error,
    start_watch,
    stdout_console,
    stdout_reader_gone,
)
from turing.cli.share import with_notes
from turing.core.cards import CardSet, load_cardset, portable_reference
from turing.core.files import (
    BANK_READ,
    BANK_SIDE_FILES,
    BANK_WRITTEN,
    CARD_SET,
    PUZZLE_FILE,
    shown_name,
)
from turing.core.puzzle import (
    GAME_VERIFIERS,
    CardSetMissingError,
    Puzzle,
    cardset_base,
    iter_puzzle_file,
    portable,
    puzzle_cardset,
)
from turing.core.saves import BOOKLET, PUZZLE_LINES
from turing.core.workers import WorkerLost
from turing.generation.bank import (
    Bank,
    BankDamaged,
    BankError,
    CardsetMissing,
    ChangedCards,
    Query,
    RunRecord,
)
from turing.generation.generator import (
    CountsError,
    GenerationError,
    RunState,
    Spec,
    catalogue_plan,
    check_makeable,
    iter_catalogue,
    iter_catalogue_rows,
    makeable_counts,
    run,
)
from turing.generation.metrics import METRIC_KEYS, Metrics
from turing.i18n import N_, _, format_number, ngettext, pgettext
from turing.play.words import mode_name, tier_name

if TYPE_CHECKING:
    from turing.generation.sample import SampleState

# -- shared helpers --------------------------------------------------------------------------


def _tier_words(difficulty: str | None) -> str:
    """The tier asked for (``any-tier`` without one), in the language in use."""
    return tier_name(difficulty) if difficulty else _("any-tier")


def _puzzle_kind(mode: str, difficulty: str | None, verifiers: int) -> str:
    """``nightmare hard 5-verifier`` (``any-tier`` without a tier), in the language in use."""
    return _("{mode} {tier} {k}-verifier").format(
        mode=mode_name(mode), tier=_tier_words(difficulty), k=verifiers
    )


#: Output paths that are standard output itself.
STDOUT_NAMES = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")
#: A file the command reads (the shell completes file names; the library reports a missing
#: or unreadable file in one line).
IN_FILE = click.Path(readable=False, path_type=str)


class BankFile(click.Path):
    """A bank file (SQLite): a path ending in a slash names a folder, so it is refused as
    typed, before any work (a bank is never made at ``newdir/`` as a file ``newdir``); so
    is ``-``, which names standard input or output everywhere else."""

    def __init__(self) -> None:
        super().__init__(readable=False, path_type=str)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = value if isinstance(value, str) else os.fsdecode(value)
        if text == "-":
            # a bank is a file SQLite opens by name: a stream cannot hold one, and a file
            # named "-" would be taken for one by every other command
            self.fail(
                _(
                    "- stands for standard input or output, which cannot hold a bank "
                    "(a file named -: ./-)"
                ),
                param,
                ctx,
            )
        if text.endswith(("/", os.sep)):
            self.fail(
                _("{path} ends in a slash, so it names a folder, not a bank file").format(
                    path=shown_name(text)
                ),
                param,
                ctx,
            )
        return super().convert(value, param, ctx)


#: A bank file (SQLite).
BANK_FILE = BankFile()
#: The highest ``--start-index``: half of what a bank holds, the other half left for the
#: indices of the run
MAX_START_INDEX = (BANK_INT_MAX + 1) // 2


def check_executor(kind: str, scheduler: str | None, jobs: int) -> Any:
    """Refuse a ``--scheduler`` without Dask, a missing dask extra, a malformed scheduler
    address or more worker processes than this machine carries (all but a remote
    scheduler's blocks in flight) before any work (nothing is opened); ``distributed`` for
    ``--executor dask``."""
    problem = too_many_jobs(jobs) if scheduler is None else None
    if problem is not None:
        fail(_("--jobs {problem}").format(problem=problem))
    if kind == "process":
        if scheduler is not None:
            fail(_("--scheduler needs --executor dask"))
        return None
    import importlib

    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        fail(_("--executor dask needs {extra}").format(extra=missing_extra("dask")))
    if scheduler is not None:
        try:
            host, port = distributed.comm.get_address_host_port(scheduler)
            well_formed = bool(host) and 0 < port < 65536
        except NotImplementedError:
            well_formed = True  # a scheme without host and port (inproc://…)
        except ValueError:
            well_formed = False
        if not well_formed:
            fail(
                _(
                    "--scheduler {scheduler!r} is not a Dask scheduler address: give "
                    "[SCHEME://]HOST:PORT, e.g. tcp://127.0.0.1:8786"
                ).format(scheduler=scheduler)
            )
    return distributed


#: the loggers of the Dask library in this process (its scheduler, nannies and client)
DASK_LOGGERS: Final = ("distributed", "tornado")
#: how long the workers of a local Dask cluster may take to start
DASK_START_SECONDS: Final = 120


@contextlib.contextmanager
def _dask_logs_quiet() -> Iterator[None]:
    """The Dask library's own log lines (a task cancelled once the run had enough, a
    connection closed as the cluster ends) kept off standard error while a run uses it;
    its real failures reach the command as errors or events and are said in its words.
    Each of its loggers is silenced (some have their own level, which a parent's would
    not override), and set back afterwards; so is its warning that its usual web port is
    taken."""
    import logging

    names = {
        name
        for name in [*DASK_LOGGERS, *logging.root.manager.loggerDict]
        if name.split(".")[0] in DASK_LOGGERS
    }
    loggers = [logging.getLogger(name) for name in sorted(names)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            # the scheduler's web server (on even without its dashboard) takes another
            # port when another cluster holds its usual one, and says so as a warning
            warnings.filterwarnings(
                "ignore", message=r"Port \d+ is already in use", category=UserWarning
            )
            yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """The local cluster's worker processes ignore Ctrl-C, so that at the terminal it
    reaches only this command, which says what it kept and ends the cluster.

    They are started by a fork server (``distributed.worker.multiprocessing-method``)
    that is itself started ignoring Ctrl-C: a process started so ignores it too, and the
    fork server passes that on to each worker it starts, then or later. This command
    ignores Ctrl-C only while the fork server starts (milliseconds). Where there is no fork
    server (Windows), or outside the main thread, nothing changes."""
    import multiprocessing
    import signal

    if "forkserver" not in multiprocessing.get_all_start_methods():
        yield
        return
    from multiprocessing import forkserver

    import dask

    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, before)
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        yield


class SchedulerLost(WorkerLost):
    """The Dask scheduler went away during the run: the work in flight is lost, as a
    worker's is when it is killed, and the command says what it kept as it does then."""


#: how long a Dask client may be without its scheduler before the work it still waits for
#: is given up (it tries to reconnect meanwhile; the work it had is cancelled at once)
SCHEDULER_GRACE_SECONDS: Final = 1.0


class _SchedulerWatched(Executor):
    """A Dask client's executor whose work still pending ends (as cancelled) once the
    client has been without its scheduler for :data:`SCHEDULER_GRACE_SECONDS`: Dask
    cancels the work it had when the connection drops, but leaves work given to it while
    it tries to reconnect waiting for ever."""

    def __init__(self, client: Any) -> None:
        import threading
        import weakref

        self._client = client
        self._inner: Executor = client.get_executor()
        self._futures: weakref.WeakSet[Future[Any]] = weakref.WeakSet()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        start_watch(self._watch, "scheduler-watch")  # without it, the work waits as Dask has it

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self._inner.submit(fn, *args, **kwargs)
        with self._lock:
            self._futures.add(future)
        return future

    def _watch(self) -> None:
        away_since: float | None = None
        while not self._stop.wait(0.1):
            if self._client.status == "running":
                away_since = None
                continue
            now = time.monotonic()
            away_since = now if away_since is None else away_since
            if now - away_since < SCHEDULER_GRACE_SECONDS:
                continue
            with self._lock:
                waiting = [f for f in self._futures if not f.done()]
            for future in waiting:
                with contextlib.suppress(InvalidStateError):
                    future.set_exception(CancelledError())

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop watching; the work is ended with the client, which is closed next (Dask's
        own shutdown would ask a scheduler that may be gone to cancel it)."""
        self._stop.set()


@contextlib.contextmanager
def open_executor(distributed: Any, jobs: int, scheduler: str | None) -> Iterator[Executor | None]:
    """None for the default process pool (made by the generator), or a Dask executor;
    ``distributed`` as :func:`check_executor` gave it, before any work.

    A local cluster's workers log nothing and ignore Ctrl-C; the library's log lines in
    this process are kept off standard error. A worker lost for good (its task killed
    it again and again) is said in one line."""
    if distributed is None:
        yield None
        return
    import logging

    with contextlib.ExitStack() as stack:
        stack.enter_context(_dask_logs_quiet())
        if scheduler is None:
            stack.enter_context(_workers_ignore_ctrl_c())
            # The workers are asked for once the cluster can be closed: a Ctrl-C while
            # they start ends them all.
            cluster = distributed.LocalCluster(
                n_workers=0,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL + 1,
            )
            stack.callback(cluster.close)  # after the client (callbacks run last first)
            client = distributed.Client(cluster)
            stack.callback(client.close)
            cluster.scale(max(jobs, 1))
            try:
                client.wait_for_workers(max(jobs, 1), timeout=DASK_START_SECONDS)
            except TimeoutError:
                fail(
                    _("the local Dask cluster's workers did not start within {seconds} s").format(
                        seconds=DASK_START_SECONDS
                    )
                )
        else:
            try:
                client = distributed.Client(scheduler, timeout=10)
            except OSError as exc:
                fail(
                    _("cannot reach the Dask scheduler at {scheduler}: {problem}").format(
                        scheduler=scheduler, problem=exc
                    )
                )
            stack.callback(client.close)
        # A worker that ends unasked (killed, out of memory) is an event of the scheduler;
        # the run goes on, its work is done again, and the command says so at the end.
        lost: list[object] = []

        def note(event: tuple[float, dict[str, Any]]) -> None:
            message = event[1]
            if message.get("action") == "remove-worker" and not message.get("expected"):
                lost.append(message.get("worker"))

        client.subscribe_topic("all", note)
        address = client.scheduler.address  # the client forgets it once it gives up on it
        executor = _SchedulerWatched(client)
        stack.callback(executor.shutdown)
        try:
            yield executor
        except distributed.KilledWorker:  # its work ended the workers again and again
            raise WorkerLost(
                _("a worker process ended before its work was done (out of memory, or killed)")
            ) from None
        except CancelledError:  # the scheduler went away
            raise SchedulerLost(
                _("lost the connection to the Dask scheduler at {scheduler}").format(
                    scheduler=address
                )
            ) from None
        if lost:
            click.echo(
                ngettext(
                    "{n} Dask worker ended during the run (out of memory, or killed); its "
                    "work was done again",
                    "{n} Dask workers ended during the run (out of memory, or killed); their "
                    "work was done again",
                    len(lost),
                ).format(n=format_number(len(lost))),
                err=True,
            )


def write_puzzle(sink: TextSink, puzzle: Puzzle) -> None:
    """One puzzle as a JSON line, hidden fields included."""
    sink.write(json_text(puzzle.to_dict(hidden=True), sink) + "\n")


def cardset_arg(name: str | None) -> tuple[str, CardSet]:
    text = name or "classic"
    return portable_reference(text), load_cardset(text)


def open_bank(path: str, create: bool = True, writer: bool = False, readonly: bool = False) -> Bank:
    """Open a bank; ``writer`` also claims it as the one writing process; ``readonly``
    opens an existing bank without creating or changing anything (but an upgrade of an
    older schema)."""
    try:
        bank = Bank(path, create=create, readonly=readonly)
    except BankError as exc:
        fail(str(exc))
    if writer:
        try:
            bank.claim_writer()
        except BankError as exc:
            bank.close()
            fail(str(exc))
    return bank


def summary(message: str, quiet: bool) -> None:
    if not quiet:
        click.echo(message, err=True)


# -- seeds -------------------------------------------------------------------------------------

#: the key of a run's parameters that says its seed was drawn at random (no --seed given)
SEED_DRAWN: Final = "seed_drawn"


def draw_seed() -> int:
    """A new seed for a run given none: 63 random bits from the system's source of
    secrets, so the puzzles of a run cannot be made again by guessing its seed."""
    return secrets.randbits(63)


def _drawn_seed_words(seed: int) -> str:
    """The end of a summary line naming a seed drawn at random (the digits as ``--seed``
    takes them, without separators)."""
    return _("; seed {seed} (drawn at random)").format(seed=seed)


def _output_name(output: str) -> str:
    return _("standard output") if output in STDOUT_NAMES else output


def _tests_flags(min_tests: int | None, max_tests: int | None) -> str:
    """The tests filter as it was given: ``--min-tests 12``, ``--min-tests 3 --max-tests 4``."""
    flags = [] if min_tests is None else [f"--min-tests {min_tests}"]
    return " ".join(flags + ([] if max_tests is None else [f"--max-tests {max_tests}"]))


def _tests_range_words(min_tests: int | None, max_tests: int | None) -> str:
    """What a puzzle the tests filter keeps needs: ``proven to need at least 12 tests``."""
    if max_tests is None:
        n = min_tests or 0
        return ngettext(
            "proven to need at least {n} test", "proven to need at least {n} tests", n
        ).format(n=format_number(n))
    if min_tests is None:
        return ngettext(
            "proven to need at most {n} test", "proven to need at most {n} tests", max_tests
        ).format(n=format_number(max_tests))
    if min_tests == max_tests:
        return ngettext(
            "proven to need exactly {n} test", "proven to need exactly {n} tests", max_tests
        ).format(n=format_number(max_tests))
    return _("proven to need {low} to {high} tests").format(
        low=format_number(min_tests), high=format_number(max_tests)
    )


def _holders_words(n: int, bank_path: str | None, output: str | None) -> str:
    """``the bank b.db and out.jsonl hold them``: where the ``n`` puzzles of a run are."""
    if output is not None and output in STDOUT_NAMES:
        if bank_path is not None:
            return _("written to standard output and held by the bank {db}").format(
                db=shown_name(bank_path)
            )
        return _("written to standard output")
    if bank_path is not None and output is not None:
        return ngettext(
            "the bank {db} and {output} hold it", "the bank {db} and {output} hold them", n
        ).format(db=shown_name(bank_path), output=shown_name(output))
    if bank_path is not None:
        return ngettext("the bank {db} holds it", "the bank {db} holds them", n).format(
            db=shown_name(bank_path)
        )
    return ngettext("{output} holds it", "{output} holds them", n).format(
        output=shown_name(str(output))
    )


def _kept_words(kept: int, count: int, bank_path: str | None, output: str | None) -> str:
    """``3 of 10 made: the bank b.db and out.jsonl hold them``: what a run that stopped
    short keeps, naming what holds the puzzles only when it made some."""
    made = _("{kept} of {count} made").format(kept=format_number(kept), count=format_number(count))
    if not kept:
        return made
    return _("{made}: {holders}").format(made=made, holders=_holders_words(kept, bank_path, output))


def _run_stopped_words(
    state: RunState,
    spec: Spec,
    count: int,
    bank_path: str | None,
    output: str | None,
    cardset: str,
    held: int | None = None,
) -> str:
    """Why a run stopped before its count: every puzzle of its kind met (the card set
    makes no more), the tests filter when it refused most of the draws in a row that
    brought nothing new (its range, and what the refused puzzles were proven to need),
    else repeats (this kind of puzzle seems used up; ``held``: how many of its kind the
    bank holds, when it holds the whole catalogue of the run's card set and verifiers)."""
    kept = _kept_words(state.kept, count, bank_path, output)
    if state.all_met and state.possible is not None:
        made = ngettext(
            "card set {name!r} makes only {n} valid {kind} puzzle",
            "card set {name!r} makes only {n} valid {kind} puzzles",
            state.possible,
        ).format(
            name=cardset,
            n=format_number(state.possible),
            kind=_puzzle_kind(spec.mode, spec.difficulty, spec.verifiers),
        )
        parts = [made]
        if state.kept < state.possible:
            flags = _tests_flags(spec.min_tests, spec.max_tests)
            if spec.filtered and bank_path is not None:
                parts.append(
                    _("{flags} refused the others, or the bank {db} already held them").format(
                        flags=flags, db=shown_name(bank_path)
                    )
                )
            elif spec.filtered:
                parts.append(_("{flags} refused the others").format(flags=flags))
            elif bank_path is not None:
                held = state.possible - state.kept
                parts.append(
                    ngettext(
                        "the bank {db} already held {n} of them",
                        "the bank {db} already held {n} of them",
                        held,
                    ).format(db=shown_name(bank_path), n=format_number(held))
                )
        parts.append(kept)
        return "; ".join(parts)
    if not (spec.filtered and state.streak_refused * 2 > state.misses) and held is not None:
        # the bank holds every puzzle there is of the kind: counting them again tells nothing
        return _(
            "stopped after {draws} in a row gave no new puzzle: this kind of puzzle seems "
            "used up ({kept}). The bank {db} holds {n} {kind} puzzles, and the whole "
            "{k}-verifier catalogue of card set {name!r}."
        ).format(
            draws=plural(state.misses, "draw"),
            kept=kept,
            db=shown_name(str(bank_path)),
            n=format_number(held),
            kind=_puzzle_kind(spec.mode, spec.difficulty, spec.verifiers),
            k=spec.verifiers,
            name=cardset,
        )
    if not (spec.filtered and state.streak_refused * 2 > state.misses):
        if spec.mode != "classic":  # the catalogue counts classic puzzles only
            return _(
                "stopped after {draws} in a row gave no new puzzle: this kind of puzzle "
                "seems used up ({kept})."
            ).format(draws=plural(state.misses, "draw"), kept=kept)
        return _(
            "stopped after {draws} in a row gave no new puzzle: this kind of puzzle "
            "seems used up ({kept}). `turing catalogue` counts how many exist."
        ).format(draws=plural(state.misses, "draw"), kept=kept)
    parts = [
        _("{flags}: no puzzle of this kind {range} in {draws} in a row").format(
            flags=_tests_flags(spec.min_tests, spec.max_tests),
            range=_tests_range_words(spec.min_tests, spec.max_tests),
            draws=plural(state.misses, "draw"),
        )
    ]
    below, above = state.streak_below, state.streak_above
    if below is not None and above is not None:
        parts.append(
            _("those refused need at most {low} or at least {high} tests").format(
                low=format_number(below), high=format_number(above)
            )
        )
    elif below is not None:
        parts.append(
            ngettext(
                "those refused need at most {n} test", "those refused need at most {n} tests", below
            ).format(n=format_number(below))
        )
    elif above is not None:
        parts.append(
            ngettext(
                "those refused need at least {n} test",
                "those refused need at least {n} tests",
                above,
            ).format(n=format_number(above))
        )
    if state.streak_unrated:
        parts.append(
            _(
                "{n} of them unrated: the exact search passed its work limit before it could tell"
            ).format(n=format_number(state.streak_unrated))
        )
    repeats = state.misses - state.streak_refused
    if repeats:
        parts.append(
            ngettext("{n} of them a repeat", "{n} of them repeats", repeats).format(
                n=format_number(repeats)
            )
        )
    if state.kept:
        parts.append(kept)
    return "; ".join(parts)


def _replaced_whole(output: str) -> bool:
    """Whether ``output`` is written to a temporary file renamed into place at the end
    (a regular file or a new path), so that an interrupted command leaves it as it was."""
    if output in STDOUT_NAMES:
        return False
    from turing.core.files import WriteTargetError, write_target

    try:
        return write_target(output).atomic
    except WriteTargetError:
        return False


def _stopped_words(
    made: int,
    count: int,
    stored: int,
    bank_path: str | None,
    output: str | None,
    drawn_seed: int | None,
) -> str:
    """What an interrupted ``generate`` says after ``interrupted:``: what the bank holds
    of the run and that the same command resumes it, what became of the output, and a
    seed drawn at random (the only way to make the same puzzles again)."""
    parts: list[str] = []
    if bank_path is not None:
        if stored:
            parts.append(
                ngettext(
                    "stopped; the bank {db} holds {n} of this run's puzzles ({count} asked): "
                    "the same command run again resumes the run",
                    "stopped; the bank {db} holds {n} of this run's puzzles ({count} asked): "
                    "the same command run again resumes the run",
                    stored,
                ).format(
                    db=shown_name(bank_path), n=format_number(stored), count=format_number(count)
                )
            )
        else:
            parts.append(
                _(
                    "stopped before any puzzle of the run was stored in the bank {db}: the "
                    "same command run again starts it"
                ).format(db=shown_name(bank_path))
            )
    if output is not None and output in STDOUT_NAMES and stdout_reader_gone():
        # a pipeline stopped as a whole: what was written there reached nobody for sure
        if bank_path is None:
            parts.append(
                ngettext(
                    "stopped after {n} puzzle; the reader of standard output went away",
                    "stopped after {n} puzzles; the reader of standard output went away",
                    made,
                ).format(n=format_number(made))
            )
        else:
            parts.append(_("the reader of standard output went away"))
    elif output is not None:
        name = _output_name(output)
        whole = _replaced_whole(output)
        # standard output has words of its own: a language may say it with an article
        stdout = output in STDOUT_NAMES
        if not whole and bank_path is None and stdout:
            words = ngettext(
                "stopped after {n} puzzle, written to standard output",
                "stopped after {n} puzzles, written to standard output",
                made,
            ).format(n=format_number(made))
        elif not whole and bank_path is None:
            words = ngettext(
                "stopped after {n} puzzle, written to {output}",
                "stopped after {n} puzzles, written to {output}",
                made,
            ).format(n=format_number(made), output=shown_name(name))
        elif not whole and stdout:
            words = ngettext(
                "{n} puzzle was written to standard output",
                "{n} puzzles were written to standard output",
                made,
            ).format(n=format_number(made))
        elif not whole:
            words = ngettext(
                "{n} puzzle was written to {output}",
                "{n} puzzles were written to {output}",
                made,
            ).format(n=format_number(made), output=shown_name(name))
        else:
            if os.path.lexists(output):
                words = _("{output} is as it was").format(output=shown_name(name))
            else:
                words = _("{output} was not written").format(output=shown_name(name))
            if bank_path is not None:
                words += _(" (the run resumed writes all its puzzles there)")
            else:
                words = ngettext(
                    "stopped after {n} puzzle; {rest}", "stopped after {n} puzzles; {rest}", made
                ).format(n=format_number(made), rest=words)
        parts.append(words)
    if drawn_seed is not None:
        parts.append(
            _("seed {seed} (drawn at random): --seed {seed} makes the same puzzles again").format(
                seed=drawn_seed
            )
        )
    return "; ".join(parts)


def _catalogue_kind_held(bank: Bank, spec: Spec, cardset_name: str) -> int | None:
    """How many puzzles of the run's kind the bank holds, when it holds the whole catalogue
    of the run's card set and verifier count (every puzzle of the kind there is); else
    None."""
    record = bank.catalogue_run(spec.cardset, spec.verifiers)
    if record is None or not record.done:
        return None
    query = Query(
        mode=spec.mode, difficulty=spec.difficulty, verifiers=spec.verifiers, cardset=cardset_name
    )
    return bank.count(query)


def _run_signature(spec: Spec, start_index: int) -> str:
    """The name of a ``generate`` run in a bank's ``runs`` table."""
    return spec.signature() + (f"|start={start_index}" if start_index else "")


def _drawn_run(bank: Bank, spec: Spec, start_index: int, count: int) -> int | None:
    """The seed of the run a command without ``--seed`` continues: the latest unfinished
    run of the same options (``spec`` but its seed, and ``start_index``) whose seed was
    drawn and that holds fewer than ``count`` puzzles; None when there is none."""
    for record in bank.unfinished_runs("generate"):
        params = record.params if isinstance(record.params, dict) else {}
        seed = params.get("seed")
        if (
            params.get(SEED_DRAWN) is True
            and type(seed) is int
            and record.kept < count
            and record.signature == _run_signature(replace(spec, seed=seed), start_index)
        ):
            return seed
    return None


# -- generate ---------------------------------------------------------------------------------


#: help texts of options that several commands share
QUIET_HELP = "No progress bar and no summary line."
JSON_SUMMARY_HELP = "Print the summary as JSON on stdout."
VERIFIERS_HELP = "Verifiers per puzzle."


@click.command()
@click.option("--count", "-n", type=bank_int(), required=True, help="Puzzles to make.")
@click.option("--verifiers", type=OneCount(4, 6), default=4, show_default=True, help=VERIFIERS_HELP)
@click.option(
    "--difficulty",
    type=TIER_CHOICE,
    default=None,
    help="Published tier (default: each puzzle draws one from the seed).",
)
@click.option(
    "--mode",
    type=MODE_CHOICE,
    default="classic",
    show_default=True,
    help="Game mode of the puzzles.",
)
@click.option(
    "--seed",
    type=WholeNumber(),
    default=None,
    help="Seed of the run: the same seed and options give the same puzzles (default: a new "
    "seed drawn at random, named in the summary line; with --bank, the latest unfinished "
    "run of the same options whose seed was drawn is continued instead).",
)
@click.option(
    "--start-index",
    type=WholeNumber(0, MAX_START_INDEX),
    default=0,
    show_default=True,
    help="First puzzle index of the run: shards of one seed on several machines (each "
    "given that --seed) use far-apart starts (e.g. 0, 10**9, …) and merge with `bank import`.",
)
@cardset_option(ONE_CARDSET)
@worker_options
@click.option(
    "-o",
    "--output",
    metavar="FILE.jsonl|-",
    type=OutputPath(),
    default=None,
    help="Write the puzzles as JSON Lines (- for standard output).",
)
@click.option(
    "--bank",
    "bank_path",
    metavar="DB",
    type=BANK_FILE,
    default=None,
    help="Store the puzzles in a bank (resumable: run the same command again).",
)
@click.option(
    "--exact-tests",
    is_flag=True,
    help="Search for the exact fewest tests of each puzzle (classic: about 1–2 ms a "
    "puzzle; a search that passes its work limit, as large extreme and nightmare ones "
    "may, stores proven bounds instead: kind 'bounds').",
)
@click.option(
    "--min-tests",
    type=bank_int(),
    default=None,
    help="Keep puzzles proven to need at least this many tests (exact search).",
)
@click.option(
    "--max-tests",
    type=bank_int(),
    default=None,
    help="Keep puzzles proven to need at most this many tests (exact search).",
)
@click.option("--no-metrics", is_flag=True, help="Skip the quality metrics (faster).")
@click.option(
    "--commit-every",
    type=WholeNumber(min=1),
    default=1000,
    show_default=True,
    help="Bank: puzzles per transaction (also committed at least once a second).",
)
@click.option(
    "--give-up",
    type=WholeNumber(min=1),
    default=None,
    help="Stop when this many draws in a row give no new puzzle (default 20000; 500 with a "
    "tests filter; sooner after few puzzles: 10 draws a puzzle met, at least 200). A card "
    "set small enough to count its puzzles makes the ones its draws missed after this many "
    "(default 200) instead, and stops once every one was met.",
)
@click.option(
    "--from-bank",
    "from_bank",
    metavar="DB",
    type=BANK_FILE,
    default=None,
    help="Draw the puzzles from the catalogue stored in DB (`turing catalogue --bank DB`) "
    "instead of building them: much faster; extreme decoys and nightmare dealings are "
    "added as generation adds them. One process (--jobs is not used).",
)
@click.option("--quiet", "-q", is_flag=True, help=QUIET_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_SUMMARY_HELP)
def generate(
    count: int,
    verifiers: int,
    difficulty: str | None,
    mode: str,
    seed: int | None,
    start_index: int,
    cardset_name: str | None,
    jobs: int,
    executor: str,
    scheduler: str | None,
    output: str | None,
    bank_path: str | None,
    exact_tests: bool,
    min_tests: int | None,
    max_tests: int | None,
    no_metrics: bool,
    commit_every: int,
    give_up: int | None,
    from_bank: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Generate valid puzzles: one solution, no redundant verifier, the published tier.

    Puzzle i of a run depends only on the arguments, the seed and i, so any --jobs gives
    the same puzzles in the same order; with --bank, puzzles the bank already holds are
    skipped, so what a run adds depends on the bank too. Without --seed each run draws a
    new seed at random, which the summary line names: nobody can make the same puzzles
    again without it.

    With --bank, a run killed at any moment resumes where its last commit left it when the
    same command is run again. Without --seed that is the latest unfinished run of the same
    options whose seed was drawn and that holds fewer puzzles than --count; with none, a
    new run starts. A larger --count with the run's --seed extends a finished run.
    """
    _refuse_tests_range(min_tests, max_tests)
    if from_bank is not None:
        _from_bank(
            from_bank,
            count,
            verifiers,
            difficulty,
            mode,
            seed,
            cardset_name,
            output,
            bank_path,
            start_index,
            exact_tests,
            min_tests,
            max_tests,
            executor,
            quiet,
            as_json,
        )
        return
    if output is None and bank_path is None:
        fail(_("say where the puzzles go: -o FILE.jsonl (or -o - for stdout) and/or --bank DB"))
    if as_json and output in STDOUT_NAMES:
        fail(
            _("--json and -o {output} both write to standard output; choose one").format(
                output=shown_name(output)
            )
        )
    if no_metrics and (exact_tests or min_tests is not None or max_tests is not None):
        fail(_("--no-metrics cannot be combined with --exact-tests, --min-tests or --max-tests"))
    cardset_read = (cardset_file(cardset_name or "classic"), CARD_SET)
    refuse_writing_inputs(output, [(bank_path, BANK_WRITTEN), cardset_read])
    refuse_writing_inputs(bank_path, [cardset_read])
    refuse_replacing_work(output, PUZZLE_LINES)
    claim_output(output)
    distributed = check_executor(executor, scheduler, jobs)
    name, _source = cardset_arg(cardset_name)
    # a set without the cards asked for is refused before the bank is made or touched
    check_makeable(_source, mode, verifiers, difficulty)
    try:  # a count the set makes no puzzle of, said with the counts it makes
        makeable_counts(_source, mode, difficulty, [verifiers])
    except CountsError as exc:
        fail(counts_advice(exc, as_range=False))
    metrics = "none" if no_metrics else ("exact" if exact_tests else "basic")
    spec = Spec(
        mode=mode,
        verifiers=verifiers,
        difficulty=difficulty,
        seed=0 if seed is None else seed,
        cardset=name,
        metrics=metrics,
        min_tests=min_tests,
        max_tests=max_tests,
    )
    bank_existed = bank_path is not None and os.path.exists(bank_path)
    bank = open_bank(bank_path, writer=True) if bank_path else None
    try:  # the bank is closed (its writer lock let go) by the run below, or here
        if bank is not None:
            # its puzzles of cards changed since would not match the new ones
            bank.check_cardsets(reference=name)
        drawn = seed is None
        if drawn:
            found = _drawn_run(bank, spec, start_index, count) if bank is not None else None
            spec = replace(spec, seed=draw_seed() if found is None else found)
        record: RunRecord | None = None
        state = RunState(next_index=start_index)
        signature = _run_signature(spec, start_index)
        if bank is not None:
            params: dict[str, Any] = {
                "start_index": start_index,
                "mode": mode,
                "verifiers": verifiers,
                "difficulty": difficulty,
                "seed": spec.seed,
                "cardset": name,
                "metrics": metrics,
                "min_tests": min_tests,
                "max_tests": max_tests,
            }
            if drawn:
                params[SEED_DRAWN] = True
            record = bank.run_record(signature) or RunRecord(
                signature, "generate", params, next_index=start_index
            )
            state = RunState(
                next_index=record.next_index,
                kept=record.kept,
                refused=record.refused,
                unrated=record.unrated,
                repeats=record.repeats,
            )
    except BaseException:
        if bank is not None:
            bank.close()
        raise
    already = state.kept
    first_index = state.next_index
    # the run's counts before this command: its summary gives its own (the run's totals
    # as run_…)
    run_before = (state.repeats, state.refused, state.unrated)
    started = time.perf_counter()
    made = 0
    earlier = 0  # the run's puzzles the bank held, written to the output first
    held: int | None = None  # of a run used up, its kind in a bank holding the catalogue
    stored = already  # the run's puzzles the bank holds as of its last commit
    try:
        with contextlib.ExitStack() as stack:
            if bank is not None:
                stack.callback(bank.close)
            # The file is renamed into place when the run ends, also when it stops early
            # for want of new puzzles; an interrupted run leaves the old file as it was.
            sink = stack.enter_context(open_output(output)) if output else None
            if sink is not None and bank is not None and already:
                # A resumed run: the output holds the whole run, the puzzles the bank
                # holds of it (in index order) before the new ones.
                for doc in bank.run_docs(signature, limit=count):
                    sink.write(json_text(bank.document(doc), sink) + "\n")
                    earlier += 1
            ex = stack.enter_context(open_executor(distributed, jobs, scheduler))
            bar = stack.enter_context(
                progress(
                    _("{mode} {tier} {verifiers}v").format(
                        mode=mode_name(mode),
                        tier=_tier_words(difficulty),
                        verifiers=verifiers,
                    ),
                    total=count,
                    completed=min(already, count),
                    quiet=quiet,
                    unit=_("puzzles"),
                )
            )
            # Each puzzle not committed yet, with the run's state right after it (one
            # append: a Ctrl-C never finds the one without the other).
            batch: list[tuple[Puzzle, RunState]] = []
            last = time.monotonic()
            is_new = (lambda p: not bank.contains(p.canonical_key())) if bank else None
            try:
                for puzzle in run(
                    spec,
                    count,
                    jobs=jobs,
                    executor=ex,
                    state=state,
                    is_new=is_new,
                    give_up=give_up,
                ):
                    made += 1
                    if bank is not None:
                        # the counts, not the keys and ids
                        batch.append((puzzle, replace(state, seen=set(), ids=set())))
                    if sink is not None:
                        write_puzzle(sink, puzzle)
                    if bank is not None and record is not None:
                        now = time.monotonic()
                        if len(batch) >= commit_every or now - last > 1.0:
                            _commit(bank, [p for p, _ in batch], record, state, count)
                            stored = record.kept
                            batch = []
                            last = now
                    bar.advance()
                if bank is not None and record is not None:
                    _commit(bank, [p for p, _ in batch], record, state, count)
                    stored = record.kept
                    if state.exhausted:
                        held = _catalogue_kind_held(bank, spec, _source.name)
                if sink is not None and state.exhausted and not earlier + made:
                    raise NothingWritten  # the output is left as it was (or not made)
            except (KeyboardInterrupt, OSError, WorkerLost):
                # The puzzles made since the last commit are kept too, with the run's
                # state after the last of them: the same command resumes from there. (An
                # error of the output, a full disk, leaves the bank as good as ever; when
                # the bank cannot take them either, the output's error is the one said.)
                if bank is not None and record is not None and batch:
                    with contextlib.suppress(BankError):
                        _commit(bank, [p for p, _ in batch], record, batch[-1][1], count)
                        stored = record.kept
                raise
    except GenerationError:  # no puzzle could be made: a bank made for the run is taken back
        if bank_path is not None and not bank_existed and not stored:
            _remove_new_bank(None, bank_path)
        raise
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: say what is kept and how to go on
        end_stopped(
            stop,
            _stopped_words(made, count, stored, bank_path, output, spec.seed if drawn else None),
        )
    except BrokenPipeError:  # the reader of -o - went away (| head -1): the run is cut short
        if bank_path is not None:  # a bank run left unfinished is said (else quiet, as ever)
            click.echo(_("the reader of standard output went away"), err=True)
            click.echo(
                _stopped_words(made, count, stored, bank_path, None, spec.seed if drawn else None),
                err=True,
            )
        raise
    except (BankError, OSError, WorkerLost) as exc:  # a full disk, a worker killed
        if bank_path is None:
            raise
        # the error, then what the bank holds of the run, as a stop by Ctrl-C says it
        reason = str(exc) if not isinstance(exc, OSError) else describe_os_error(exc)
        if isinstance(exc, OSError) and output is not None and not _replaced_whole(output):
            output = None  # written as far as the device took it: how far is not known
        # a damaged bank is not said to resume: the same command meets the same damage
        resumable = None if isinstance(exc, BankDamaged) else bank_path
        words = _stopped_words(made, count, stored, resumable, output, spec.seed if drawn else None)
        raise CLIError("\n".join(filter(None, (reason, words)))) from None
    elapsed = time.perf_counter() - started
    rate = made / elapsed if elapsed > 0 else 0.0
    exhausted = state.exhausted
    repeats, refused, unrated = (
        now - before
        for now, before in zip(
            (state.repeats, state.refused, state.unrated), run_before, strict=True
        )
    )
    result = {
        "made": made,
        "resumed_from": already,
        "total": state.kept,
        "count": count,
        "indices": state.next_index - first_index,
        "next_index": state.next_index,
        "written": earlier + made if output else 0,
        "repeats_skipped": repeats,
        "refused_by_filter": refused,
        "unrated": unrated,
        "run_repeats_skipped": state.repeats,
        "run_refused_by_filter": state.refused,
        "run_unrated": state.unrated,
        "seconds": round(elapsed, 3),
        "per_second": round(rate, 1),
        "mode": mode,
        "difficulty": difficulty,
        "verifiers": verifiers,
        "seed": spec.seed,
        "seed_drawn": drawn,
        "output": output,
        "bank": bank_path,
        "exhausted": exhausted,
    }
    if as_json:
        emit_json(result)
    else:
        note = ""
        if already and made < count:
            note = _(" (resumed at {n})").format(n=format_number(already))
        complete_before = made == 0 and 0 < count <= already
        if complete_before:
            note = _(" (run already complete)")
        line = ngettext(
            "generated {n} {kind} puzzle in {seconds} s ({rate}/s)",
            "generated {n} {kind} puzzles in {seconds} s ({rate}/s)",
            made,
        ).format(
            n=format_number(made),
            kind=_puzzle_kind(mode, difficulty, verifiers),
            seconds=format_number(elapsed, 2),
            rate=format_number(round(rate)),
        )
        if bank is not None:
            line += note + _(
                "; the bank holds {kept} of this run's puzzles ({count} asked)"
            ).format(kept=format_number(state.kept), count=format_number(count))
        else:
            line += note + _("; {count} asked").format(count=format_number(count))
        # this command's repeats and refusals, not the run's: those of a run complete
        # already were said by the commands that made it (this one skipped and refused none)
        if not complete_before:
            line += ", " + ngettext("{n} repeat skipped", "{n} repeats skipped", repeats).format(
                n=format_number(repeats)
            )
        if spec.filtered and not complete_before:
            line += _(", {n} refused by the tests filter").format(n=format_number(refused))
        if unrated and not complete_before:
            line += _(
                " ({n} of them unrated: the exact search passed its work limit before it "
                "could tell)"
            ).format(n=format_number(unrated))
        if earlier and output is not None:
            line += (
                ngettext(
                    "; standard output holds {n} puzzle of the run ({earlier} from the bank)",
                    "; standard output holds {n} puzzles of the run ({earlier} from the bank)",
                    earlier + made,
                )
                if output in STDOUT_NAMES
                else ngettext(
                    "; {output} holds {n} puzzle of the run ({earlier} from the bank)",
                    "; {output} holds {n} puzzles of the run ({earlier} from the bank)",
                    earlier + made,
                )
            ).format(
                output=shown_name(output),
                n=format_number(earlier + made),
                earlier=format_number(earlier),
            )
        if drawn:
            line += _drawn_seed_words(spec.seed)
        summary(line, quiet)
    if exhausted:
        raise CLIError(
            _run_stopped_words(state, spec, count, bank_path, output, _source.name, held),
            exit_code=1,
        )


def _from_bank(
    db: str,
    count: int,
    verifiers: int,
    difficulty: str | None,
    mode: str,
    seed: int | None,
    cardset_name: str | None,
    output: str | None,
    bank_path: str | None,
    start_index: int,
    exact_tests: bool,
    min_tests: int | None,
    max_tests: int | None,
    executor: str,
    quiet: bool,
    as_json: bool,
) -> None:
    """``generate --from-bank DB``: puzzles drawn from a stored catalogue."""
    from turing.generation.sample import (
        CatalogueSampler,
        SampleError,
        SampleState,
        UnfinishedCatalogue,
    )

    if bank_path is not None:
        fail(
            _(
                "--bank cannot be combined with --from-bank: --from-bank writes JSON Lines "
                "(-o); store them in another bank with `turing bank import`"
            )
        )
    if output is None:
        fail(_("say where the puzzles go: -o FILE.jsonl (or -o - for stdout)"))
    if as_json and output in STDOUT_NAMES:
        fail(
            _("--json and -o {output} both write to standard output; choose one").format(
                output=shown_name(output)
            )
        )
    for flag, given in (
        ("--start-index", start_index != 0),
        ("--exact-tests", exact_tests),
        ("--executor dask", executor != "process"),
    ):
        if given:
            fail(_("{flag} cannot be combined with --from-bank").format(flag=flag))
    refuse_writing_inputs(
        output, [(db, BANK_READ), (cardset_file(cardset_name or "classic"), CARD_SET)]
    )
    refuse_replacing_work(output, PUZZLE_LINES)
    claim_output(output)
    name, _cardset = cardset_arg(cardset_name)
    drawn = seed is None
    if seed is None:
        seed = draw_seed()
    source = open_bank(db, readonly=True)
    state = SampleState()
    started = time.perf_counter()
    made = 0
    try:
        with contextlib.ExitStack() as stack:
            stack.callback(source.close)
            try:
                with source.naming_errors():  # the sampler reads the bank's tables itself
                    sampler = CatalogueSampler(
                        source,
                        mode=mode,
                        verifiers=verifiers,
                        difficulty=difficulty,
                        seed=seed,
                        min_tests=min_tests,
                        max_tests=max_tests,
                        cardset=name,
                    )
            except UnfinishedCatalogue as exc:
                words: list[str | int | os.PathLike[str]] = [
                    "catalogue",
                    "--verifiers",
                    exc.verifiers,
                ]
                if exc.cardset != "classic":
                    words += ["--cardset", exc.cardset]
                command = command_to_copy(*words, "--bank", db)
                fail(
                    _(
                        "{db}: its {count}-verifier catalogue is unfinished: {done} of {total} "
                        "units stored, the puzzles of the lowest cards only; `{command}` "
                        "finishes it (it resumes where it stopped)"
                    ).format(
                        db=shown_name(db),
                        count=exc.verifiers,
                        done=format_number(exc.done),
                        total="?" if exc.total is None else format_number(exc.total),
                        command=command,
                    )
                )
            except (SampleError, BankError) as exc:
                fail(str(exc))
            sink = stack.enter_context(open_output(output))
            bar = stack.enter_context(
                progress(
                    _("{mode} {tier} {verifiers}v from {bank}").format(
                        mode=mode_name(mode),
                        tier=_tier_words(difficulty),
                        verifiers=verifiers,
                        bank=shown_name(Path(db).name),
                    ),
                    total=count,
                    quiet=quiet,
                    unit=_("puzzles"),
                )
            )
            try:
                with source.naming_errors():
                    for puzzle in sampler.puzzles(count, state):
                        write_puzzle(sink, puzzle)
                        made += 1
                        bar.advance()
                if state.exhausted and not made:
                    raise NothingWritten  # the output is left as it was (or not made)
            except BankError as exc:
                fail(str(exc))
    except KeyboardInterrupt as stop:  # Ctrl-C or SIGTERM: what became of the output, the seed
        end_stopped(stop, _stopped_words(made, count, 0, None, output, seed if drawn else None))
    elapsed = time.perf_counter() - started
    rate = made / elapsed if elapsed > 0 else 0.0
    result = {
        "made": made,
        "count": count,
        "drawn": state.drawn,
        "refused_by_filter": state.refused,
        "unrated": state.unrated,
        "no_decoys": state.no_decoys,
        "seconds": round(elapsed, 3),
        "per_second": round(rate, 1),
        "mode": mode,
        "difficulty": difficulty,
        "verifiers": verifiers,
        "seed": seed,
        "seed_drawn": drawn,
        "output": output,
        "from_bank": db,
        "exhausted": state.exhausted,
    }
    if as_json:
        emit_json(result)
    else:
        line = ngettext(
            "drew {n} {kind} puzzle from {db} in {seconds} s ({rate}/s)",
            "drew {n} {kind} puzzles from {db} in {seconds} s ({rate}/s)",
            made,
        ).format(
            n=format_number(made),
            kind=_puzzle_kind(mode, difficulty, verifiers),
            db=shown_name(db),
            seconds=format_number(elapsed, 2),
            rate=format_number(round(rate)),
        )
        summary(line + (_drawn_seed_words(seed) if drawn else ""), quiet)
    if state.exhausted and made < count:
        raise CLIError(
            _drew_short_words(state, db, count, output, min_tests, max_tests), exit_code=1
        )


def _drew_short_words(
    state: SampleState,
    db: str,
    count: int,
    output: str,
    min_tests: int | None,
    max_tests: int | None,
) -> str:
    """Why ``generate --from-bank`` drew fewer puzzles than asked: the catalogue has no
    more of the kind (within the tests range when one is given), with what was left out
    on the way and, when it made any, where they are."""
    made = state.kept
    filtered = min_tests is not None or max_tests is not None
    if made:
        holds = ngettext(
            "the catalogue in {db} holds only {n} puzzle of this kind",
            "the catalogue in {db} holds only {n} puzzles of this kind",
            made,
        ).format(db=shown_name(db), n=format_number(made))
    else:
        holds = _("the catalogue in {db} holds no puzzle of this kind").format(db=shown_name(db))
    if filtered:
        holds = _("{flags}: {holds} {range}").format(
            flags=_tests_flags(min_tests, max_tests),
            holds=holds,
            range=_tests_range_words(min_tests, max_tests),
        )
    details = [_("{count} asked").format(count=format_number(count))]
    if state.unrated:
        details.append(
            _(
                "{n} of them unrated: the exact search passed its work limit before it could tell"
            ).format(n=format_number(state.unrated))
        )
    if state.no_decoys:
        details.append(
            ngettext(
                "{n} left out for want of plausible decoys",
                "{n} left out for want of plausible decoys",
                state.no_decoys,
            ).format(n=format_number(state.no_decoys))
        )
    words = _("{holds} ({details})").format(holds=holds, details="; ".join(details))
    if made:
        words += "; " + _holders_words(made, None, output)
    return words


def _commit(
    bank: Bank, batch: list[Puzzle], record: RunRecord, state: RunState, count: int
) -> None:
    record.next_index = state.next_index
    record.kept = state.kept
    record.refused = state.refused
    record.unrated = state.unrated
    record.repeats = state.repeats
    record.target = count
    record.done = state.kept >= count
    bank.add(batch, source=record.signature, run=record)


# -- catalogue -------------------------------------------------------------------------------


@click.command()
@click.option(
    "--verifiers",
    type=WholeNumber(2, 6),
    required=True,
    help="Verifiers per puzzle: 4 to 6 (a puzzle of the game); 2 and 3 with --count-only.",
)
@cardset_option(ONE_CARDSET)
@click.option(
    "--bank",
    "bank_path",
    metavar="DB",
    type=BANK_FILE,
    default=None,
    help="Store every puzzle here (and the progress, so a rerun resumes).",
)
@click.option(
    "--count-only",
    is_flag=True,
    help="Count the puzzles without storing them (progress still kept in --bank).",
)
@worker_options
@click.option("--quiet", "-q", is_flag=True, help=QUIET_HELP)
@click.option("--json", "as_json", is_flag=True, help=JSON_SUMMARY_HELP)
def catalogue(
    verifiers: int,
    cardset_name: str | None,
    bank_path: str | None,
    count_only: bool,
    jobs: int,
    executor: str,
    scheduler: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Enumerate every valid classic puzzle of a card set (cards ascending, each once).

    The search is split into units (the two lowest cards; counting: the two lowest
    card/criterion choices); the bank records how many units are done, so an interrupted
    catalogue resumes. A stored catalogue takes about 36 bytes a puzzle, and
    `generate --from-bank DB` draws puzzles of any mode from it.
    """
    if not count_only and verifiers < min(GAME_VERIFIERS):
        # `turing check` fails a puzzle of fewer verifiers than the game's: such puzzles
        # are counted, never stored
        raise click.BadParameter(
            _(
                "a stored catalogue holds puzzles of 4 to 6 verifiers, not {count} (a "
                "puzzle of the game has 4 to 6); 2 and 3 are counted with --count-only"
            ).format(count=verifiers),
            param_hint="'--verifiers'",
        )
    if bank_path is None and not count_only:
        fail(_("say where the puzzles go: --bank DB (or --count-only to just count them)"))
    refuse_writing_inputs(bank_path, [(cardset_file(cardset_name or "classic"), CARD_SET)])
    distributed = check_executor(executor, scheduler, jobs)
    name, cs = cardset_arg(cardset_name)
    plan = catalogue_plan(cs, verifiers)
    # Counting walks the units of two criteria; storing walks units of two cards, which
    # hold every puzzle of their cards and so give each puzzle its metrics in the same walk.
    total_units = len(plan.units) if count_only else len(plan.card_units)
    kind = "count" if count_only else "catalogue"
    signature = f"{kind}|{name}|{verifiers}" + ("" if count_only else "|by-cards")
    bank = open_bank(bank_path, writer=True) if bank_path else None
    record = RunRecord(signature, kind, {"cardset": name, "verifiers": verifiers})
    cs_id = 0
    held: set[int] = set()  # puzzles the bank holds outside the catalogue: skipped
    if bank is not None:
        try:
            stored_run = bank.run_record(signature)
            if not count_only:
                cs_id = bank.catalogue_cardset(cs, name)
                held = bank.stored_keys(cs_id, verifiers)
            if stored_run is None:  # recorded at once: a run stopped before its first
                # unit is one of 0 units done (bank stats, generate --from-bank say so)
                record.target = total_units
                bank.save_run(record)
            else:
                record = stored_run
        except BaseException as exc:
            bank.close()  # its writer lock let go
            if isinstance(exc, BankError):
                fail(str(exc))
            raise
    start_units, found, added = record.next_index, record.kept, 0
    # the catalogue table's place of the next row stored: the count of valid puzzles so
    # far, less those skipped as held outside it
    placed = found if not held or bank is None else bank.catalogue_rows(cs_id, verifiers)
    started = time.perf_counter()
    try:
        with (
            open_executor(distributed, jobs, scheduler) as ex,
            progress(
                _("catalogue {verifiers}v").format(verifiers=verifiers),
                total=total_units,
                completed=start_units,
                quiet=quiet,
                unit=_("units"),
            ) as bar,
        ):
            blocks: Iterator[tuple[int, int, Any]]
            if count_only:
                blocks = iter_catalogue(
                    name,
                    verifiers,
                    start=start_units,
                    jobs=jobs,
                    executor=ex,
                    block=_catalogue_block(verifiers),
                    with_puzzles=False,
                )
            else:
                blocks = iter_catalogue_rows(
                    name,
                    verifiers,
                    start=start_units,
                    jobs=jobs,
                    executor=ex,
                    block=_card_block(verifiers),
                )
            for done, count, rows in blocks:
                first = placed if held else found
                found += count
                record.next_index, record.kept = done, found
                record.target, record.done = total_units, done >= total_units
                if bank is not None:
                    if count_only:
                        bank.save_run(record)
                    else:
                        assert isinstance(rows, array)
                        new = bank.add_catalogue(
                            cs_id, rows, run=record, first=first, verifiers=verifiers, skip=held
                        )
                        added += new
                        placed += new
                bar.update(done)
    except (KeyboardInterrupt, WorkerLost) as exc:  # Ctrl-C, SIGTERM, a worker killed:
        # say what the bank holds and how to go on
        if bank is not None and bank_path is not None:
            kept = record
            with contextlib.suppress(BankError):
                kept = bank.run_record(signature) or replace(record, next_index=0, kept=0)
            words: list[str | int | os.PathLike[str]] = ["catalogue", "--verifiers", verifiers]
            if cardset_name is not None:
                words += ["--cardset", cardset_name]
            if count_only:
                words.append("--count-only")
            stopped = _catalogue_stopped(
                bank_path,
                verifiers,
                kept,
                total_units,
                count_only,
                command_to_copy(*words, "--bank", bank_path),
            )
            if isinstance(exc, WorkerLost):
                raise CLIError(f"{exc}\n{stopped}") from None
            end_stopped(exc, stopped)
        raise
    finally:
        if bank is not None:
            bank.close()
    elapsed = time.perf_counter() - started
    result = {
        "verifiers": verifiers,
        "cardset": name,
        "puzzles": found,
        "units_done": record.next_index,
        "units": total_units,
        "complete": record.next_index >= total_units,
        "stored_new": added,
        "seconds": round(elapsed, 3),
        "resumed_from_unit": start_units,
    }
    if count_only:  # no puzzle is stored: nothing to say of it
        del result["stored_new"]
    if as_json:
        emit_json(result)
    else:
        state = (
            _("complete")
            if result["complete"]
            else _("{done}/{total} units").format(
                done=format_number(record.next_index), total=format_number(total_units)
            )
        )
        if bank_path is None or count_only:  # no puzzle is stored: nothing to say of it
            line = ngettext(
                "catalogue {name} {verifiers} verifiers: {n} valid puzzle ({state}) in {seconds} s",
                "catalogue {name} {verifiers} verifiers: {n} valid puzzles ({state}) in "
                "{seconds} s",
                found,
            )
        else:
            line = ngettext(
                "catalogue {name} {verifiers} verifiers: {n} valid puzzle ({state}) in "
                "{seconds} s; {added} newly stored",
                "catalogue {name} {verifiers} verifiers: {n} valid puzzles ({state}) in "
                "{seconds} s; {added} newly stored",
                found,
            )
        summary(
            line.format(
                name=name,
                verifiers=verifiers,
                n=format_number(found),
                state=state,
                seconds=format_number(elapsed, 1),
                added=format_number(added),
            ),
            quiet,
        )


def _catalogue_stopped(
    db: str, verifiers: int, kept: RunRecord, total: int, count_only: bool, command: str
) -> str:
    """What an interrupted ``catalogue`` says after ``interrupted:``: what the bank holds
    of the catalogue (its last commit) and the command that resumes it."""
    figures = {
        "db": db,
        "n": format_number(kept.kept),
        "count": verifiers,
        "done": format_number(kept.next_index),
        "total": format_number(total),
        "command": command,
    }
    if count_only:
        return ngettext(
            "stopped; the bank {db} holds the count of {count}-verifier puzzles so far, "
            "{n} puzzle in {done} of {total} units: `{command}` resumes it",
            "stopped; the bank {db} holds the count of {count}-verifier puzzles so far, "
            "{n} puzzles in {done} of {total} units: `{command}` resumes it",
            kept.kept,
        ).format(**figures)
    return ngettext(
        "stopped; the bank {db} holds {n} puzzle of the {count}-verifier catalogue "
        "({done} of {total} units): `{command}` resumes it",
        "stopped; the bank {db} holds {n} puzzles of the {count}-verifier catalogue "
        "({done} of {total} units): `{command}` resumes it",
        kept.kept,
    ).format(**figures)


def _catalogue_block(verifiers: int) -> int:
    return {2: 4096, 3: 1024, 4: 64, 5: 4, 6: 1}.get(verifiers, 1)


def _card_block(verifiers: int) -> int:
    """Card units per block: a few thousand puzzles (the 48 classic cards make 1,128)."""
    return {2: 1024, 3: 64, 4: 4}.get(verifiers, 1)


# -- bank ------------------------------------------------------------------------------------


def mode_filter(func: Any) -> Any:
    return click.option(
        "--mode",
        type=MODE_CHOICE,
        default=None,
        help="Only puzzles of this mode.",
    )(func)


def verifiers_filter(func: Any) -> Any:
    return click.option(
        "--verifiers",
        type=VerifierCount(),
        default=None,
        help="Only puzzles with this many verifiers.",
    )(func)


def query_options(func: Any) -> Any:
    """The options that choose puzzles from a bank (``--mode``, ``--difficulty``, …)."""
    options: list[Callable[[Any], Any]] = [
        mode_filter,
        click.option(
            "--difficulty",
            type=TIER_OR_NONE_CHOICE,
            default=None,
            help="Only puzzles of this tier (none: puzzles of no published tier).",
        ),
        verifiers_filter,
        click.option("--unplayed", is_flag=True, help="Only puzzles not yet played."),
        click.option(
            "--min-tests",
            type=bank_int(),
            default=None,
            help="Only puzzles whose stored fewest tests (exact, or a proven lower "
            "bound) are at least this many.",
        ),
        click.option(
            "--max-tests",
            type=bank_int(),
            default=None,
            help="Only puzzles whose stored fewest tests are at most this many (the "
            "figure as stored: exact only in a bank made with --exact-tests).",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _refuse_tests_range(min_tests: int | None, max_tests: int | None) -> None:
    """Refuse a tests range that no puzzle can meet (exit 2)."""
    if min_tests is not None and max_tests is not None and min_tests > max_tests:
        fail(
            _("--min-tests {low} is above --max-tests {high}: no puzzle can meet both").format(
                low=min_tests, high=max_tests
            )
        )


def _filters_given(query: Query) -> str:
    """The filter options a query was made of, as typed (``--verifiers 6 --unplayed``);
    empty when none was given."""
    words: list[str] = []
    for flag, value in (
        ("--mode", query.mode),
        ("--difficulty", query.difficulty),
        ("--verifiers", query.verifiers),
        ("--min-tests", query.min_tests),
        ("--max-tests", query.max_tests),
    ):
        if value is not None:
            words.append(f"{flag} {value}")
    if query.unplayed:
        words.append("--unplayed")
    return " ".join(words)


def _nothing_to_export(query: Query, db: str | None) -> NoReturn:
    """Refuse an export that has no puzzle to write (exit 1): when filters were given, no
    puzzle matches them, and they are named."""
    filters = _filters_given(query)
    if filters and db is not None:
        message = _("{db}: no puzzle matches the filters given ({filters})").format(
            db=shown_name(db), filters=filters
        )
    elif filters:
        message = _("no puzzle matches the filters given ({filters})").format(filters=filters)
    elif db is not None:
        message = _("{db}: no puzzles to export").format(db=shown_name(db))
    else:
        message = _("no puzzles to export")
    fail(message, exit_code=1)


def make_query(
    mode: str | None,
    difficulty: str | None,
    verifiers: int | None,
    unplayed: bool,
    min_tests: int | None,
    max_tests: int | None,
) -> Query:
    """The bank query of the filter options; a tests range no puzzle meets is refused."""
    _refuse_tests_range(min_tests, max_tests)
    return Query(
        mode=mode,
        difficulty=difficulty,
        verifiers=verifiers,
        unplayed=unplayed,
        min_tests=min_tests,
        max_tests=max_tests,
    )


@click.group()
def bank() -> None:
    """The SQLite puzzle bank: stats, export, import, pick."""


def _figure(value: float | None) -> str:
    """A figure of the stats table as the language writes it (— where there is none): a
    mean with two places, so a column's decimals stand one under another."""
    if value is None:
        return "—"
    return format_number(value, 2) if isinstance(value, float) else format_number(value)


def _run_words(run: Mapping[str, Any]) -> str:
    """What a run of a bank's ``runs`` table made, in words of the language in use (its
    options: mode, verifiers, tier, seed, card set, metrics, tests range); its signature
    when its options are not all there (a run this version did not write)."""
    params = run.get("params")
    if not isinstance(params, dict):
        return str(run["signature"])
    try:
        verifiers = int(params["verifiers"])
        parts = [] if run["kind"] != "generate" else [mode_name(str(params["mode"]))]
        parts.append(ngettext("{n} verifier", "{n} verifiers", verifiers).format(n=verifiers))
        if run["kind"] == "generate":
            tier = params["difficulty"]
            parts.append(
                _("tier {tier}").format(tier=tier_name(str(tier))) if tier else _("any tier")
            )
            parts.append(_("seed {seed}").format(seed=params["seed"]))
        parts.append(_("card set {name}").format(name=params["cardset"]))
        if run["kind"] == "generate":
            parts.append(
                {"basic": _("basic metrics"), "exact": _("exact fewest tests")}.get(
                    str(params["metrics"]), _("no metrics")
                )
            )
            low, high = params.get("min_tests"), params.get("max_tests")
            if low is not None and high is not None:
                parts.append(_("{low} to {high} tests").format(low=low, high=high))
            elif low is not None:
                parts.append(_("at least {n} tests").format(n=low))
            elif high is not None:
                parts.append(_("at most {n} tests").format(n=high))
            if params.get("start_index"):
                parts.append(_("from index {n}").format(n=format_number(params["start_index"])))
    except (KeyError, TypeError, ValueError):
        return str(run["signature"])
    return ", ".join(parts)


@bank.command("stats", short_help="Counts, metric means and each run's progress.")
@click.argument("db", metavar="DB", type=BANK_FILE)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bank_stats(db: str, as_json: bool) -> None:
    """Counts per mode, verifiers and difficulty, metric means, and each run's progress."""
    with open_bank(db, readonly=True) as b:
        stats = b.stats()
    if as_json:
        emit_json(stats)
        return
    from rich import box
    from rich.table import Table

    console = stdout_console()
    # Two tables of short columns, so that every figure keeps to its column at 80 columns
    # in every language; a narrow terminal gets one space between columns instead of two.
    gap = 1 if console.width >= 80 else 0
    puzzles = plural(stats["puzzles"], "puzzle")
    if stats["schema_version"] is not None:
        line = _("{db}: {puzzles} (schema {schema})")
    elif os.path.getsize(db) == 0:
        line = _("{db}: an empty file, {puzzles}")
    else:
        line = _("{db}: an SQLite file without tables yet, {puzzles}")
    console.print(
        line.format(db=shown_name(db), puzzles=puzzles, schema=stats["schema_version"]),
        markup=False,
    )

    def group_table(columns: tuple[tuple[str, JustifyMethod], ...]) -> Table:
        table = Table(box=box.SIMPLE_HEAD, padding=(0, gap, 0, 0), show_edge=gap > 0)
        table.add_column(_("mode"), overflow="fold")
        table.add_column(_("v"), justify="right", overflow="fold")
        table.add_column(_("tier"), overflow="fold")
        for col, justify in columns:
            table.add_column(col, justify=justify, overflow="fold")
        return table

    def group_cells(g: dict[str, Any]) -> tuple[str, str, str]:
        return mode_name(g["mode"]), str(g["verifiers"]), tier_name(g["difficulty"])

    if stats["groups"]:  # no puzzles: no figures to tabulate
        table = group_table(
            (
                (_("puzzles"), "right"),
                (_("played"), "right"),
                (_("codes"), "right"),
                (_("readings"), "right"),
                (_("score"), "right"),
            )
        )
        for g in stats["groups"]:
            table.add_row(
                *group_cells(g),
                format_number(g["count"]),
                format_number(g["played"]),
                _figure(g["codes_left_mean"]),
                _figure(g["assignments_mean"]),
                _figure(g["score_mean"]),
            )
        console.print(table)
        console.print(_("codes, readings, score: the means over the puzzles of the group"))
        console.print()
        console.print(_("fewest tests that guarantee the code"))
        table = group_table(
            (
                (_("min"), "right"),
                (_("mean"), "right"),
                (_("max"), "right"),
                (_("exact"), "right"),
                (_("bounds"), "right"),
                (_("lower"), "right"),
            )
        )
        for g in stats["groups"]:
            exact, bounds = g["min_tests_exact"], g["min_tests_bounds"]
            table.add_row(
                *group_cells(g),
                *(_figure(g[k]) for k in ("min_tests_min", "min_tests_mean", "min_tests_max")),
                format_number(exact),
                format_number(bounds),
                format_number(g["count"] - exact - bounds),
            )
        console.print(table)
        console.print(
            _(
                "exact, bounds, lower: how many of the figures are exact, proven bounds, or only "
                "the lower bound ⌈log2 codes⌉"
            )
        )
    if stats["runs"]:
        console.print()
        console.print(_("runs"))
        runs = Table(box=box.SIMPLE_HEAD, padding=(0, gap, 0, 0), show_edge=gap > 0)
        for col in (_("kind"), _("run"), _("next index"), _("kept"), _("target"), _("done")):
            runs.add_column(col, overflow="fold")
        for r in stats["runs"]:
            runs.add_row(
                r["kind"],
                _run_words(r),
                format_number(r["next_index"]),
                format_number(r["kept"]),
                _figure(r["target"]),
                _("yes") if r["done"] else _("no"),
            )
        console.print(runs)


@bank.command("export", short_help="Write puzzles as JSON Lines.")
@click.argument("db", metavar="DB", type=BANK_FILE)
@click.option(
    "-o",
    "--output",
    metavar="FILE.jsonl|-",
    type=OutputPath(),
    default="-",
    show_default=True,
    help="Write the puzzles here as JSON Lines (- for standard output).",
)
@click.option(
    "--public",
    is_flag=True,
    help="What players may see: no criteria, real cards or solution, nor what they could be "
    "worked out from (an id computed from them, the seed and index), in a random order.",
)
@click.option(
    "--limit",
    type=bank_int(1),
    default=None,
    help="At most this many puzzles (default: every one that matches).",
)
@cardset_option(BANK_CARDSET)
@query_options
def bank_export(
    db: str,
    output: str,
    public: bool,
    limit: int | None,
    cardset_name: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: int | None,
    unplayed: bool,
    min_tests: int | None,
    max_tests: int | None,
) -> None:
    """Write puzzles as JSON Lines (full documents; --public for what players see).

    The full documents are written as they were stored even when the card set they were
    stored from has changed or moved since (a note says so); --public needs the cards."""
    refuse_writing_inputs(output, [(db, BANK_READ), (cardset_file(cardset_name), CARD_SET)])
    refuse_replacing_work(output, PUZZLE_LINES)
    claim_output(output)
    query = make_query(mode, difficulty, verifiers, unplayed, min_tests, max_tests)
    given = load_cardset(cardset_name) if cardset_name else None
    with (
        bank_cardset_said(given),
        open_bank(db, readonly=True) as b,
        open_output(output) as sink,
    ):
        if given is not None:
            b.stand_in(given)
        if not public:  # the stored documents need no cards: what became of them is said
            for problem in b.card_set_problems(query):
                click.echo(_stored_as_they_were(db, problem), err=True)
        written = 0
        for doc in b.docs(query, limit, shuffled=public, checked=public):
            written += 1
            # the bank holds its documents in a smaller form than the lines it writes
            whole = b.public_doc(doc) if public else b.written(doc)
            sink.write(json_text(whole, sink) + "\n")
        if not written:
            # raised inside the block: an existing output file is left as it was
            _nothing_to_export(query, db)


def _stored_as_they_were(db: str, problem: BankError) -> str:
    """The note of a ``bank export`` that writes documents whose card set has changed or
    moved since they were stored."""
    if isinstance(problem, ChangedCards) and problem.card is not None:
        return ngettext(
            "note: {db}: card {card} of the card set {name!r} has changed since {n} puzzle "
            "using it was stored; the documents are written as they were stored",
            "note: {db}: card {card} of the card set {name!r} has changed since {n} puzzles "
            "using it were stored; the documents are written as they were stored",
            problem.count,
        ).format(db=shown_name(db), card=problem.card, name=problem.reference, n=problem.count)
    if isinstance(problem, ChangedCards):
        return ngettext(
            "note: {db}: the card set {name!r} has changed since {n} puzzle of it was "
            "stored; the documents are written as they were stored",
            "note: {db}: the card set {name!r} has changed since {n} puzzles of it were "
            "stored; the documents are written as they were stored",
            problem.count,
        ).format(db=shown_name(db), name=problem.reference, n=problem.count)
    if isinstance(problem, CardsetMissing):
        return ngettext(
            "note: {db}: the card set {name!r} of {n} puzzle is missing at {file}; the "
            "documents are written as they were stored",
            "note: {db}: the card set {name!r} of {n} puzzles is missing at {file}; the "
            "documents are written as they were stored",
            problem.count,
        ).format(
            db=shown_name(db),
            name=problem.name,
            n=problem.count,
            file=shown_name(problem.reference),
        )
    return _("note: {problem}; the documents are written as they were stored").format(
        problem=problem
    )


#: an id as the generator and the bank spell them: mode, verifiers, tier, hash tag
SHORT_ID_SHAPE: Final = re.compile(r"[CEN]\d[A-Z]-[A-Z2-7]{6,}", re.IGNORECASE)

#: the fields of a document that `bank import` computes itself (a file's are not trusted)
_COMPUTED_KEYS = frozenset({"difficulty", "verifiers"}) | METRIC_KEYS


def _remove_new_bank(bank: Bank | None, db: str) -> None:
    """Take back a bank this command made (an import that failed): no file is left."""
    if bank is not None:
        bank.close()
    for suffix in BANK_SIDE_FILES:
        if suffix == ".writer-lock":
            continue  # removed as the bank closed: one there now is another writer's
        with contextlib.suppress(FileNotFoundError):
            os.unlink(db + suffix)


@bank.command("import", short_help="Add puzzles from files, checked as by turing check.")
@click.argument("db", metavar="DB", type=BANK_FILE)
@click.argument("files", metavar="FILE…", nargs=-1, required=True, type=IN_FILE)
@cardset_option(EVERY_PUZZLE_CARDSET)
@click.option("--json", "as_json", is_flag=True, help=JSON_SUMMARY_HELP)
def bank_import(db: str, files: tuple[str, ...], cardset_name: str | None, as_json: bool) -> None:
    """Add puzzles from files (- for standard input) after checking them as `turing check`
    does (valid, hidden criteria given, the stated solution and difficulty right).

    Puzzles that fail the check are reported and left out (exit status 1); puzzles already
    in the bank are skipped. The bank stores the figures it computes itself (difficulty,
    metrics, id), never the ones a file states. Every file is read and checked before the
    bank is written, in one transaction: a file that cannot be read refuses the whole
    import (exit status 2) and leaves the bank as it was.
    """
    from dataclasses import replace

    from turing.authoring.check import check_puzzle
    from turing.generation.metrics import BOUNDS, EXACT, measure

    refuse_writing_inputs(
        db, [*((file, PUZZLE_FILE) for file in files), (cardset_file(cardset_name), CARD_SET)]
    )
    forced = load_cardset(cardset_name) if cardset_name else None
    bad = 0
    problems: list[str] = []
    groups: list[tuple[str | None, list[Puzzle]]] = []
    # An existing file is checked to be a bank we may write before the inputs are read; a
    # new bank is made only once they all were, and only when there is something to store.
    existed = os.path.lexists(db)
    b = open_bank(db, writer=True) if existed else None
    created = False
    try:
        for file in files_once(files):
            batch: list[Puzzle] = []
            source, text, name = file_or_stdin(file)
            for loaded in with_notes(iter_puzzle_file(source, forced, text=text, name=name)):
                puzzle = portable(loaded.puzzle, cardset_base(file))
                if cardset_name:
                    # The bank records the set the puzzle was checked with.
                    puzzle = replace(puzzle, cardset=portable_reference(cardset_name))
                cs = loaded.cardset
                where = loaded.place
                if not puzzle.has_hidden:
                    bad += 1
                    problems.append(
                        _("{where}: no hidden criteria; a bank stores full puzzles").format(
                            where=where
                        )
                    )
                    continue
                # in check's words, which name no code the criteria lead to
                checked = check_puzzle(puzzle, cs, loaded.source, loaded.line, reveal=False)
                if not checked.valid:
                    bad += 1
                    problems.extend(f"{where}: {problem}" for problem in checked.problems)
                    continue
                tier = checked.difficulty
                # Figures the file claims exact are searched for, as generation does.
                exact = puzzle.extra.get("min_tests_kind") in (EXACT, BOUNDS)
                metrics = measure(puzzle, cs, exact_tests=exact)
                extra = {k: v for k, v in puzzle.extra.items() if k not in _COMPUTED_KEYS}
                extra.update(difficulty=tier, verifiers=puzzle.verifiers, **metrics.as_dict())
                # An author's id is kept; one in the shape of a computed id is computed
                # again (a file's could name another tier or another puzzle).
                pid = puzzle.id
                if pid is None or SHORT_ID_SHAPE.fullmatch(pid.strip()):
                    pid = puzzle.short_id(tier)
                puzzle = replace(puzzle, solution=checked.solutions[0], extra=extra, id=pid)
                batch.append(puzzle)
            groups.append((f"import:{name or Path(file).name}", batch))
        if b is None and any(batch for _source, batch in groups):
            b = open_bank(db, writer=True)
            created = True
        counts = b.add_groups(groups) if b is not None else [0]
    except BaseException as exc:
        if created:
            _remove_new_bank(b, db)
            b = None
        if isinstance(exc, CardSetMissingError):  # said with how to read it after all
            raise CLIError(said(exc)) from None
        raise
    finally:
        if b is not None:
            b.close()
    added = sum(counts)
    # a puzzle met earlier in the files read is a repeat among them, not one the bank held
    keys = [puzzle.canonical_key() for _source, batch in groups for puzzle in batch]
    repeats = len(keys) - len(set(keys))
    skipped = len(keys) - repeats - added
    result = {
        "added": added,
        "already_in_bank": skipped,
        "repeats_in_files": repeats,
        "refused": bad,
        "problems": problems,
    }
    if as_json:
        emit_json(result)
    else:
        for line in problems:
            say_error(line)
        if repeats:
            line = ngettext(
                "imported {n} puzzle, {skipped} already in the bank, {repeats} repeated in "
                "the files read, {bad} refused",
                "imported {n} puzzles, {skipped} already in the bank, {repeats} repeated in "
                "the files read, {bad} refused",
                added,
            )
        else:
            line = ngettext(
                "imported {n} puzzle, {skipped} already in the bank, {bad} refused",
                "imported {n} puzzles, {skipped} already in the bank, {bad} refused",
                added,
            )
        click.echo(
            line.format(
                n=format_number(added),
                skipped=format_number(skipped),
                repeats=format_number(repeats),
                bad=format_number(bad),
            ),
            err=True,
        )
    if bad:
        raise click.exceptions.Exit(1)


@bank.command("pick", short_help="Pick a puzzle and print it as a puzzle document.")
@click.argument("db", metavar="DB", type=BANK_FILE)
@mode_filter
@click.option(
    "--difficulty",
    type=TIER_OR_NONE_CHOICE,
    default=None,
    help="Only puzzles of this tier (none: puzzles of no published tier).",
)
@verifiers_filter
@click.option("--any", "include_played", is_flag=True, help="Also puzzles already played.")
@click.option(
    "--seed",
    type=WholeNumber(),
    default=None,
    help="Seed of the draw, to repeat it (default: a new random draw each time).",
)
@click.option("--mark-played", is_flag=True, help="Mark the picked puzzle played.")
@click.option("--hidden", is_flag=True, help="Show the hidden fields too (spoils the puzzle).")
@click.option("--json", "as_json", is_flag=True, help="Print the puzzle as JSON.")
@cardset_option(BANK_CARDSET)
def bank_pick(
    db: str,
    mode: str | None,
    difficulty: str | None,
    verifiers: int | None,
    include_played: bool,
    seed: int | None,
    mark_played: bool,
    hidden: bool,
    as_json: bool,
    cardset_name: str | None,
) -> None:
    """Pick a puzzle (unplayed by default) and print it as a puzzle document.

    With --mark-played the puzzle is marked played once it has been written out in full
    (a failed write leaves it unplayed); without it the bank is only read."""
    # picking never makes a bank: a missing one is refused with or without --mark-played,
    # and one of no bytes (holding nothing) is only read
    empty = os.path.isfile(db) and not os.path.getsize(db)
    given = load_cardset(cardset_name) if cardset_name else None
    with (
        bank_cardset_said(given),
        open_bank(db, create=False, readonly=not mark_played or empty) as b,
    ):
        if given is not None:
            b.stand_in(given)
        puzzle = b.pick(
            mode=mode,
            difficulty=difficulty,
            verifiers=verifiers,
            unplayed=not include_played,
            seed=seed,
        )
        if puzzle is None:
            if not b.count():  # nothing to pick whatever the filters, said as play says it
                raise CLIError(empty_bank_text(db), exit_code=1)
            played = not include_played and (
                b.pick(mode=mode, difficulty=difficulty, verifiers=verifiers, unplayed=False)
                is not None
            )
            filters = matched_filters(
                mode, difficulty, GAME_VERIFIERS if verifiers is None else [verifiers]
            )
            if played:  # every match is played: the bank is not empty of them
                raise CLIError(
                    _(
                        "{db}: no unplayed puzzle matches ({filters}; every match is marked "
                        "played; --any includes played puzzles)"
                    ).format(db=shown_name(db), filters=filters),
                    exit_code=1,
                )
            raise CLIError(
                _("{db}: no puzzle in the bank matches ({filters})").format(
                    db=shown_name(db), filters=filters
                ),
                exit_code=1,
            )
        doc = puzzle.to_dict(hidden=hidden)
        if as_json:
            emit_json(doc)
        else:
            # JSON values are valid YAML flow scalars/sequences: a puzzle document `turing
            # solve` and `turing play` read back.
            click.echo(
                "".join(f"{key}: {json_text(value)}\n" for key, value in doc.items()),
                nl=False,
            )
        if mark_played:
            sys.stdout.flush()  # an error writing it (a full disk) stops here, unmarked
            assert puzzle.id is not None
            b.mark_played(puzzle.id)


# -- export ----------------------------------------------------------------------------------


def _file_puzzle_matches(
    puzzle: Puzzle, cardset: CardSet, query: Query, metrics: Metrics | None
) -> bool:
    """Whether a puzzle read from a file passes the filters of ``query``: its mode and
    verifier count as the file gives them, its tier and fewest tests (``metrics``, given
    when a tests filter is) computed from its cards, never taken from what the file
    states. A tests filter keeps a puzzle only when its proven bounds meet it (an exact
    figure, or a lower bound at least ``--min-tests`` and an upper bound at most
    ``--max-tests``). A file holds no played marks: every puzzle of it counts as unplayed."""
    from turing.core.puzzle import difficulty as tier_of
    from turing.generation.metrics import in_tests_range

    if query.mode is not None and puzzle.mode != query.mode:
        return False
    if query.verifiers is not None and puzzle.verifiers != query.verifiers:
        return False
    if query.difficulty is not None and (tier_of(puzzle, cardset) or "none") != query.difficulty:
        return False
    if metrics is not None:
        return in_tests_range(metrics, query.min_tests, query.max_tests) is True
    return True


class _SolutionsChoice(NamedChoice):
    """Where a booklet's solutions go (:data:`turing.generation.export.SOLUTIONS`), named
    in a context of their own: ``end`` is a place in the booklet here, not a game's end."""

    def name_of(self, choice: str) -> str:
        return {
            "end": pgettext("booklet solutions", "end"),
            "none": pgettext("booklet solutions", "none"),
            "only": pgettext("booklet solutions", "only"),
        }[choice]


SOLUTIONS_CHOICE: Final = _SolutionsChoice(
    {"end": "end", "none": "none", "only": "only"}, N_("PLACE")
)


def _title_given(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A booklet's title has words: an empty one would print an empty heading."""
    if value is not None and not value.strip():
        raise click.BadParameter(_("the title is empty"), ctx=ctx, param=param)
    return value


#: The booklet formats an output's name tells, by its suffix.
_FORMAT_OF_SUFFIX: Final = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".html": "html",
    ".htm": "html",
}


def _booklet_format(output: str) -> str:
    """The format of a booklet written to ``output`` without ``--format``: the one its
    suffix names (any case), else html (standard output too)."""
    if output == "-":
        return "html"
    return _FORMAT_OF_SUFFIX.get(os.path.splitext(output)[1].lower(), "html")


@click.command("export")
@click.argument("files", metavar="[FILE…]", nargs=-1, type=PUZZLE_PATH)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["html", "markdown"]),
    default=None,
    help="html: a page to print; markdown: text (default: markdown for an output named "
    "*.md or *.markdown, else html).",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE|-",
    type=OutputPath(),
    default="-",
    show_default=True,
    help="Write the booklet here (- for standard output).",
)
@click.option(
    "--bank",
    "bank_path",
    metavar="DB",
    type=BANK_FILE,
    default=None,
    help="Take puzzles from a bank.",
)
@click.option(
    "--limit",
    type=bank_int(1),
    default=None,
    help="At most this many puzzles (from a bank: default 20, drawn at random).",
)
@click.option(
    "--title",
    metavar="TITLE",
    default=None,
    callback=_title_given,
    help="Title of the booklet (default: Puzzle booklet, in the language in use).",
)
@click.option(
    "--solutions",
    type=SOLUTIONS_CHOICE,
    default="end",
    show_default=True,
    help="Where the solutions go: end, on the last page; none, left out (the sheets for "
    "players); only, alone (the answer sheet to the same puzzles).",
)
@click.option(
    "--seed",
    type=WholeNumber(),
    default=None,
    help="Seed of the draw from a bank: the same seed gives the same puzzles in the same "
    "order (default: a new random draw each run).",
)
@cardset_option(EVERY_PUZZLE_CARDSET)
@query_options
def export(
    files: tuple[str, ...],
    fmt: str | None,
    output: str,
    bank_path: str | None,
    limit: int | None,
    title: str | None,
    solutions: str,
    seed: int | None,
    cardset_name: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: int | None,
    unplayed: bool,
    min_tests: int | None,
    max_tests: int | None,
) -> None:
    """Render a printable booklet of the puzzles of FILEs (YAML, JSON or JSONL; - for
    standard input) and of a bank: cards, verifier letters, a notes grid per puzzle, and
    the solutions on the last page, or apart from the puzzles (--solutions).

    Every FILE is read first: each puzzle that cannot be read or played on paper is one
    error line at its place, and then nothing is written (exit status 2).

    The filters (--mode, --difficulty, --verifiers, --min-tests, --max-tests) choose among
    the puzzles of FILEs too: their tier and fewest tests are computed from the cards (the
    exact figure where the search finds it quickly, else the bounds it proves; a tests
    filter keeps a puzzle only when they prove it meets it); a file holds no played marks,
    so --unplayed keeps them all."""
    from turing.generation.export import (
        DEFAULT_TITLE,
        Booklet,
        BookletError,
        page_metrics,
        page_puzzle,
        paper_puzzle,
        render,
    )
    from turing.generation.metrics import LOWER_BOUND, in_tests_range

    if not files and bank_path is None:
        fail(_("give puzzle files (- for standard input) or --bank DB"))
    if seed is not None and bank_path is None:
        fail(_("--seed draws puzzles from a bank: give --bank DB"))
    if fmt is None:
        fmt = _booklet_format(output)
    refuse_writing_inputs(
        output,
        [
            *((file, PUZZLE_FILE) for file in files),
            (bank_path, BANK_READ),
            (cardset_file(cardset_name), CARD_SET),
        ],
    )
    forced = load_cardset(cardset_name) if cardset_name else None
    query = make_query(mode, difficulty, verifiers, unplayed, min_tests, max_tests)
    # The puzzles of the files that pass the filters of their mode, tier and verifiers
    # (their fewest tests are computed below, once the output is claimed), each with its
    # card set and the folder its relative card-set path is taken from.
    found: list[tuple[str, Puzzle, CardSet, Path | None, str | None]] = []
    # Every file is read whole, each puzzle that cannot be read or played on paper said at
    # its place, before any is refused: a file is mended in one pass.
    refused: list[str] = []
    # a puzzle given twice (in two files, or twice in one) is printed once, where first read;
    # the notes that say so are said once the booklet is to be written
    printed: dict[str, str] = {}
    once: list[str] = []
    # what a player types to play each page's puzzle: its file and its number there, as
    # `--id` takes it (the booklet of that file alone numbers it so, a repeat not counted)
    typed: list[str | None] = []
    in_file: dict[str, set[str]] = {}
    for loaded in with_notes(each_puzzle(files, forced, refused.append, refused.append)):
        place = loaded.place
        key = loaded.puzzle.canonical_key()
        numbered = in_file.setdefault(loaded.source, set())
        numbered.add(key)
        number = len(numbered)
        earlier = printed.get(key)
        if earlier is not None:
            once.append(
                _("note: {place}: the same puzzle as at {earlier}; printed once").format(
                    place=place, earlier=earlier
                )
            )
            continue
        if _file_puzzle_matches(loaded.puzzle, loaded.cardset, query, None):
            try:
                checked = paper_puzzle(loaded.puzzle, loaded.cardset)
            except BookletError as exc:
                say_error(f"{shown_name(loaded.source)}:{loaded.line}: {exc}")
                refused.append(loaded.source)
                continue
            # a relative card-set path is taken from the file's folder (standard input's:
            # the working directory)
            stdin = loaded.source == STDIN_NAME
            base = None if stdin else cardset_base(loaded.source)
            # a name a shell would split is quoted, one that would read as an option
            # (-p.jsonl) is written from the working folder
            named = f"./{loaded.source}" if loaded.source.startswith("-") else loaded.source
            line = None if stdin else f"turing play {shlex.quote(named)} --id {number}"
            found.append((key, checked, loaded.cardset, base, line))
            printed[key] = place
    if refused:
        raise click.exceptions.Exit(EXIT_USAGE)
    for note in once:
        click.echo(note, err=True)
    if forced is None:  # the card sets the puzzles of the files name are read too
        refuse_writing_inputs(
            output,
            [(cardset_file(p.cardset or "classic"), CARD_SET) for _k, p, _c, _b, _l in found],
        )
    # after the files read, whose refusal names the file more closely (the card set a
    # puzzle names is known only once the puzzles are read), and before the work
    refuse_replacing_work(output, BOOKLET)
    claim_output(output)
    # The figures of the pages, only for the puzzles printed: under a tests filter, of
    # each puzzle in turn until --limit of them passed it (a nightmare puzzle searched
    # only when its lower bound cannot tell); else of the first --limit.
    tested = query.min_tests is not None or query.max_tests is not None
    puzzles: list[Puzzle] = []
    for key, checked, cardset, base, line in found:
        if limit is not None and len(puzzles) >= limit:
            break
        metrics = page_metrics(checked, cardset)
        if tested:
            verdict = in_tests_range(metrics, query.min_tests, query.max_tests)
            if verdict is None and metrics.min_tests_kind == LOWER_BOUND:
                metrics = page_metrics(checked, cardset, search=True)
                verdict = in_tests_range(metrics, query.min_tests, query.max_tests)
            if verdict is not True:
                del printed[key]
                continue
        puzzles.append(portable(page_puzzle(checked, cardset, metrics), base))
        typed.append(line)
    if bank_path is not None:
        with bank_cardset_said(forced), open_bank(bank_path, readonly=True) as b:
            if forced is not None:
                b.stand_in(forced)
            # in a random order: a booklet's puzzle pages are what players are given
            for drawn in b.query(query, limit or 20, shuffled=True, seed=seed):
                earlier = printed.get(drawn.canonical_key())
                if earlier is not None:
                    click.echo(
                        _(
                            "note: {bank}: its puzzle {id} is the same as at {earlier}; "
                            "printed once"
                        ).format(bank=shown_name(bank_path), id=drawn.id, earlier=earlier),
                        err=True,
                    )
                    continue
                puzzles.append(drawn)
    if limit is not None:
        puzzles = puzzles[:limit]
    if not puzzles:
        _nothing_to_export(query, None)
    if forced is None:  # the card sets the puzzles of the bank name too
        refuse_writing_inputs(
            output, [(cardset_file(p.cardset or "classic"), CARD_SET) for p in puzzles]
        )
    text = render(
        Booklet(
            title=DEFAULT_TITLE if title is None else title,
            puzzles=tuple(puzzles),
            solutions=solutions,
            at_the_computer=tuple(typed),
        ),
        fmt,
        cardset_for=lambda p: puzzle_cardset(p, forced=forced),
    )
    with open_output(output) as sink:
        sink.write(text)
    if output != "-":
        click.echo(
            ngettext(
                "wrote {n} puzzle to {path}", "wrote {n} puzzles to {path}", len(puzzles)
            ).format(n=format_number(len(puzzles)), path=shown_name(output)),
            err=True,
        )


__all__ = ["bank", "catalogue", "export", "generate"]
