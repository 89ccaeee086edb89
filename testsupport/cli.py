"""Paths of the checkout and one way to run the ``turing`` command in-process."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from click.testing import CliRunner, Result

from turing.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
PUZZLES = ROOT / "puzzles"
CLASSIC_YAML = CARDS / "classic.yaml"
TEST_DATA = ROOT / "tests" / "data"


def run(args: Sequence[str], input: str | bytes | None = None) -> Result:
    """``turing ARGS…`` through click's runner, standard input given as ``input``."""
    return CliRunner().invoke(main, list(args), input=input)
