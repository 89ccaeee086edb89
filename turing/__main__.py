"""``python -m turing``, and the ``turing`` command's entry point."""

from __future__ import annotations

import os
import sys

#: the exit status of Ctrl-C (turing.cli.output's, which is not loaded yet when it comes)
_INTERRUPTED = 130


#: the exit status of a command that cannot run (turing.cli.output's)
_CANNOT_RUN = 2

#: The settings of how many threads numpy's BLAS (OpenBLAS, MKL, OpenMP) and numba may
#: start. turing needs none of them: one each, unless set otherwise.
ONE_THREAD: tuple[str, ...] = (
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMBA_NUM_THREADS",
)


def _one_thread_each() -> None:
    """Keep numpy's BLAS and numba to one thread, before either is loaded (each reads its
    setting then): turing does not compute with them in parallel, and a thread OpenBLAS
    cannot start under a tight memory limit ends the process as Ctrl-C would."""
    for name in ONE_THREAD:
        os.environ.setdefault(name, "1")


def _debugging() -> bool:
    return os.environ.get("TURING_DEBUG", "") not in ("", "0")


def run() -> None:
    """Run the command line. Ctrl-C while it is still being loaded (its imports take a
    moment) ends it with status 130 and no traceback, as Ctrl-C during a command does;
    memory running out then is one line and status 2, as during a command.
    ``TURING_DEBUG`` shows the traceback."""
    _one_thread_each()
    try:
        from turing.cli.main import main

        main(prog_name="turing")
    except KeyboardInterrupt:
        if _debugging():
            raise
        sys.exit(_INTERRUPTED)
    except (MemoryError, ImportError) as exc:
        if _debugging() or (
            isinstance(exc, ImportError) and "failed to map segment" not in str(exc)
        ):
            raise
        _say_out_of_memory()
        sys.exit(_CANNOT_RUN)


def _say_out_of_memory() -> None:
    """The command's "out of memory" line, in its words if they could be loaded."""
    try:
        from turing.cli.output import out_of_memory, say_error

        say_error(out_of_memory())
    except Exception:  # nothing more can be loaded: the words without their module
        try:
            sys.stderr.write("error: out of memory\n")
            sys.stderr.flush()
        except OSError:
            pass


if __name__ == "__main__":
    run()
