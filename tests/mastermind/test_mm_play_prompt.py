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


# -- custom sizes: the codes a game really has


@pytest.mark.parametrize(
    ("args", "codes"),
    [
        (["--preset", "superhirn", "--positions", "7"], 40_320),
        (["--preset", "superhirn", "--positions", "8", "--colours", "9", "--no-repeats"], 362_880),
    ],
)
def test_custom_games_without_repeats_count_their_codes(args: list[str], codes: int) -> None:
    result = run(["simulate", *args, "--sample", "1", "--strategy", "random-consistent"])
    assert result.exit_code == 0, result.output
    assert "too many" not in result.output
    played = run(["play", *args, "--games", "1", "--seed", "1"], ["hint", "quit"])
    assert f"{codes:,} codes fit the rows so far" in played.output


def test_a_guess_that_repeats_colours_is_counted_in_a_large_game_without_repeats() -> None:
    # every code of 7 of the 8 colours holds red but the 5,040 without it
    result = run(
        ["play", "--preset", "superhirn", "--positions", "7", "--games", "1", "--seed", "1"],
        ["RRRRRRR", "hint", "quit"],
    )
    assert "35,280 codes fit the rows so far" in result.output, result.output + result.stderr


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_too_large_a_game_is_refused_with_its_true_count(command: str) -> None:
    result = run(
        [command, "--preset", "superhirn", "--positions", "8", "--colours", "9", "--blank"],
        ["quit"],
    )
    assert result.exit_code == 2
    assert "this game has 4,596,553 codes, too many: at most 1,000,000 codes" in result.stderr
