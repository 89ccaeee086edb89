"""The worker pool of generation and analysis: a worker that ends unasked is one error,
whatever it was doing when it ended, never a wait for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from testsupport.cli import ROOT

#: A pool whose worker ends (SIGKILL, as when memory runs out) halfway through sending its
#: result back: the first 100 bytes of a message of 1 MiB are in the pipe of results.
HALF_SENT = textwrap.dedent(
    """
    import os, signal, struct, time
    from turing.core.workers import WorkerLost, process_pool, workers_watched

    POOL = None

    def half_sent():
        os.write(POOL._result_queue._writer.fileno(), struct.pack("!i", 1 << 20) + b"x" * 100)
        os.kill(os.getpid(), signal.SIGKILL)

    def nap():
        time.sleep(60)
        return "slept"

    if __name__ == "__main__":
        POOL = process_pool(2)
        try:
            slow = POOL.submit(nap)
            lost = POOL.submit(half_sent)
            with workers_watched():
                lost.result()
        except WorkerLost as exc:
            print("lost:", exc, flush=True)
        finally:
            POOL.shutdown(wait=True, cancel_futures=True)
        print("ended", flush=True)
    """
)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the pool's workers are forked here")
def test_a_worker_killed_while_it_sends_its_result_is_a_lost_worker(tmp_path: Path) -> None:
    script = tmp_path / "half_sent.py"
    script.write_text(HALF_SENT)
    proc = subprocess.Popen(
        [sys.executable, str(script)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # the pool waited for the rest of the message
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("the pool waited for ever on a worker killed while it sent its result")
    assert proc.returncode == 0, err
    assert out.splitlines() == [
        "lost: a worker process ended before its work was done (out of memory, or killed)",
        "ended",
    ]
