"""Ctrl-C while the command line is still being loaded ends it as Ctrl-C during a
command does: exit status 130, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

#: the entry point, with Ctrl-C arriving while click is imported
_INTERRUPTED_IMPORT = """
import sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, CtrlC())
sys.argv = ["turing", "solve", "puzzles/sample.yaml"]
from turing.__main__ import run
run()
"""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "TURING_DEBUG"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def test_ctrl_c_while_the_command_line_is_imported_is_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_IMPORT],
        capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 130
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""


def test_the_console_script_is_the_guarded_entry_point() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["turing"] == "turing.__main__:run"


#: the entry point, with Ctrl-C arriving while click reads the command line
_INTERRUPTED_PARSING = """
import sys

import click

def ctrl_c(*args, **kwargs):
    raise KeyboardInterrupt

click.Group.parse_args = ctrl_c
sys.argv = ["turing", "solve", "puzzles/sample.yaml"]
from turing.__main__ import run
run()
"""


def test_ctrl_c_while_the_command_line_is_read_is_no_traceback_nor_aborted() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_PARSING],
        capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr, done.stdout) == (130, "interrupted\n", "")
