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
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, ParamSpec, TypeVar

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


_P = ParamSpec("_P")
_T = TypeVar("_T")

#: how long the pool's own thread has, after a worker ended unasked, to see it before the
#: workers left are ended for it
LOST_WORKER_GRACE = 2.0


class _WatchedPool(ProcessPoolExecutor):
    """A process pool whose workers are watched from the first submit on (see
    :func:`_watch_workers`)."""

    _watched = False

    def submit(self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs) -> Future[_T]:
        future = super().submit(fn, *args, **kwargs)
        if not self._watched:  # the workers exist once work was submitted
            self._watched = True
            _watch_workers(self)
        return future


def _watch_workers(pool: ProcessPoolExecutor) -> None:
    """A worker killed while it sent a result back leaves half a message in the pipe of
    results; the pool's own thread then waits for the rest for ever (this process holds
    the pipe's writing end too), so the pool never says it is broken and the command
    never ends. A thread watches the workers: when one ended unasked (an exit status other
    than 0) and the pool's thread has not ended within :data:`LOST_WORKER_GRACE` seconds,
    it ends the workers left and closes this process's writing end. The pool's thread
    then reads the end of the pipe, and the pool is broken as for any lost worker."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    writer = getattr(results, "_writer", None)
    if not processes or not isinstance(manager, threading.Thread) or writer is None:
        return  # (a Python whose pool is built otherwise: its own handling is left alone)

    def status(process: Any) -> int | None:
        for _ in range(50):  # the pool's thread may be reaping it at the same moment
            if process.exitcode is not None:
                return int(process.exitcode)
            time.sleep(0.02)
        return None

    def watch() -> None:
        from multiprocessing.connection import wait

        left = {process.sentinel: process for process in processes}
        while left:
            for sentinel in wait(list(left)):
                if status(left.pop(sentinel)) == 0:
                    continue  # ended as asked
                manager.join(LOST_WORKER_GRACE)
                if manager.is_alive():
                    for process in left.values():
                        with contextlib.suppress(OSError, ValueError):
                            process.kill()
                    for process in left.values():
                        process.join(LOST_WORKER_GRACE)
                    with contextlib.suppress(OSError):
                        writer.close()
                return

    threading.Thread(target=watch, name="turing-worker-watch", daemon=True).start()


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
    return _WatchedPool(
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
