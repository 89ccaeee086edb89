"""Worker processes for the work that runs on several cores (generation, analysis).

A pool's workers only compute: they never print, prompt or write files. They end on
their own once the process that started them is gone, even when it was killed outright.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from turing.core.errors import TuringError
from turing.i18n import gettext


class WorkerLost(TuringError):
    """A worker process ended before its work was done (killed, or out of memory)."""


@contextlib.contextmanager
def workers_watched() -> Iterator[None]:
    """A pool's worker that ends abruptly (the system kills the largest process when
    memory runs out) is a :class:`WorkerLost` here, said in words, not a traceback."""
    try:
        yield
    except BrokenProcessPool:
        raise WorkerLost(
            gettext("a worker process ended before its work was done (out of memory, or killed)")
        ) from None


def _exit_with_parent(parent: int) -> None:
    """End this worker once the process that started it is gone.

    A worker whose parent was killed (``kill -9``) would otherwise wait for work for ever:
    with fork it holds the write end of its own task pipe, so it never sees the pipe close.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="turing-parent-watch", daemon=True).start()


def _start_worker(
    parent: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]
) -> None:
    # A forked worker has its parent's handlers. SIGTERM must end it at once: the pool
    # sends it to the workers left when one died, and a worker that turned it into an
    # exception while it sent a large result back would send that exception after it,
    # into the same full pipe, and never end (nor would the pool). Its signals are its
    # own: they must not wake the parent's watch of them (turing.cli.output).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with contextlib.suppress(ValueError, OSError):
        signal.set_wakeup_fd(-1)
    _exit_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def process_pool(
    jobs: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
) -> ProcessPoolExecutor:
    """``jobs`` worker processes, each first running ``initializer(*initargs)``.

    Fork, where the system has it, starts them at once with what this process imported
    (the card tables) already there; objects that must be inherited, not sent (a
    :class:`multiprocessing.Queue`), are passed in ``initargs``, and they are made with
    :func:`pool_context`.
    """
    return ProcessPoolExecutor(
        jobs,
        mp_context=pool_context(),
        initializer=_start_worker,
        initargs=(os.getpid(), initializer, initargs),
    )


def pool_context() -> Any:
    """The multiprocessing context of :func:`process_pool` (fork where there is one)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)
