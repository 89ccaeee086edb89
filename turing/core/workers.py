"""Worker processes for the work that runs on several cores (generation, analysis).

A pool's workers only compute: they never print, prompt or write files. They end on
their own once the process that started them is gone, even when it was killed outright.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any


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
