"""The line prompt of `turing mastermind play` as a person meets it: matches of several
games, custom sizes, pins and codes typed in every accepted form, and the messages."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.mastermind.presets import PRESETS


def run(args: list[str], lines: list[str] | None = None) -> Result:
    text = None if lines is None else "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, ["mastermind", *args], input=text)


def run_process(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``turing mastermind ARGS`` in a process of its own: a hang fails the test at
    ``timeout`` seconds instead of blocking the run."""
    try:
        return subprocess.run(
            [sys.executable, "-m", "turing", "mastermind", *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"turing mastermind {' '.join(args)} still ran after {timeout} s: {error}")


# -- a duel of several games between two computers


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_computer_duels_of_several_games_play_every_game(preset: str) -> None:
    games = 3
    done = run_process(
        *("play", "--preset", preset, "--role", "duel", "--players", "computer,computer"),
        *("--games", str(games), "--seed", "1"),
    )
    assert done.returncode == 0, done.stderr
    for game in range(1, games + 1):
        assert f"Game {game} of {games}" in done.stdout
    assert "Final score" in done.stdout


def test_computer_duel_with_two_strategies_and_few_rows_plays_every_game() -> None:
    done = run_process(
        *("play", "--preset", "classic", "--role", "duel", "--rows", "2"),
        *("--players", "computer:knuth,computer:entropy", "--games", "3"),
    )
    assert done.returncode == 0, done.stderr
    assert "Score after game 3 of 3" in done.stdout
