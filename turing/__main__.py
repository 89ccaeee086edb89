"""``python -m turing``, and the ``turing`` command's entry point."""

from __future__ import annotations

import os
import sys

#: the exit status of Ctrl-C (turing.cli.output's, which is not loaded yet when it comes)
_INTERRUPTED = 130


def run() -> None:
    """Run the command line. Ctrl-C while it is still being loaded (its imports take a
    moment) ends it with status 130 and no traceback, as Ctrl-C during a command does;
    ``TURING_DEBUG`` shows the traceback."""
    try:
        from turing.cli.main import main

        main(prog_name="turing")
    except KeyboardInterrupt:
        if os.environ.get("TURING_DEBUG", "") not in ("", "0"):
            raise
        sys.exit(_INTERRUPTED)


if __name__ == "__main__":
    run()
