"""The line prompt of `turing mastermind play` as a person meets it: matches of several
games, custom sizes, pins and codes typed in every accepted form, and the messages."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.mastermind.presets import PRESETS
from turing.mastermind.scoring import feedback

TIMEOUT = 60
SUPERHIRN_LETTERS = "RYGBWKOP"


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


def spawn(*args: str, columns: int = 200) -> pexpect.spawn:
    """``turing mastermind ARGS`` at a real terminal (a pseudo-terminal) of ``columns``."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "mastermind", *args],
        env={**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": str(columns)},
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, columns),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    return child


def answer_guesses(child: pexpect.spawn, secret: str, until: str) -> None:
    """Give the computer's guesses their true pins against ``secret`` until ``until``."""
    while child.expect([r"Computer guesses, row \d+:\s+((?:[A-Z] ?){4})", until]) == 0:
        guess = child.match.group(1).replace(" ", "")
        fb = feedback(secret, guess)
        child.expect(r"pins for row \d+ \(red then white\): ")
        child.sendline(f"{fb.black} {fb.white}")
        if fb.black == len(secret):  # the code named: asked first at a terminal
            child.expect_exact(f"{' '.join(guess)} is your code? [y/N] ")
            child.sendline("y")


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


# -- the honour system: the code shown at the end


def test_a_row_of_all_red_pins_is_the_code_shown_without_asking() -> None:
    honour = ["--preset", "superhirn", "--role", "maker", "--honour", "--games", "1"]
    result = run(
        ["play", *honour, "--seed", "1"],
        ["4 0"],  # the first guess, R Y G B, is the code
    )
    assert result.exit_code == 0, result.output + result.stderr
    assert "Computer guesses, row 1:  R Y G B" in result.output
    assert "show your secret code" not in result.output
    assert "Wrong pins" not in result.output
    assert "Your code was R Y G B." in result.output


def test_the_code_shown_is_typed_twice_and_a_slip_costs_nothing() -> None:
    secret = "WKOP"
    child = spawn(
        *("play", "--preset", "superhirn", "--rows", "1", "--role", "maker", "--honour"),
        *("--games", "1", "--seed", "1"),
    )
    show = "You, show your secret code to check the rows: "
    again = "You, the same code again to confirm: "
    answer_guesses(child, secret, re.escape(show))
    child.sendline("hinweis")
    child.expect_exact("error: 'hinweis' is for the codebreaker's guess")
    child.expect_exact(show)
    child.sendline("WKOR")  # a slip, and the right code at the second entry
    child.expect_exact(again)
    child.sendline(secret)
    child.expect_exact("error: the two entries differ; type the code again")
    child.expect_exact(show)
    child.sendline(secret)
    child.expect_exact(again)
    child.sendline("WKOZ")
    child.expect_exact("error: the second entry: 'Z' is not a colour here")
    child.expect_exact(show)
    child.sendline(secret)
    child.expect_exact(again)
    child.sendline(secret)
    child.expect_exact("Your code was W K O P.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Wrong pins" not in (child.before or "")


# -- pins typed in every accepted form


@pytest.mark.parametrize(
    ("secret", "typed", "row"),
    [
        ("RYGB", "4", "Code cracked by the computer in 1 row"),
        ("RWKO", "1", "row  1  R Y G B   ●···  1 red, 0 white"),
        ("RYBW", "2-1", "row  1  R Y G B   ●●○·  2 red, 1 white"),
        ("RYBW", "2 - 1", "row  1  R Y G B   ●●○·  2 red, 1 white"),
    ],
)
def test_a_digit_alone_is_red_pins_and_a_dash_separates_two_counts(
    secret: str, typed: str, row: str
) -> None:
    # the computer's first guess in Superhirn is R Y G B
    args = ["play", "--preset", "superhirn", "--role", "maker", "--games", "1", "--seed", "1"]
    result = run(args, [secret, typed, "quit"])
    assert row in result.output, result.output + result.stderr
    assert "is not pins" not in result.stderr


def test_digits_run_together_are_refused_naming_the_accepted_forms() -> None:
    args = ["play", "--preset", "superhirn", "--role", "maker", "--games", "1", "--seed", "1"]
    result = run(args, ["RYBW", "21", "2-1", "quit"])
    assert (
        "error: line 2: '21' is not pins: type red then white like '2 1', '2,1' or '2-1', one "
        "digit for red alone like '4', pins like 'rrw' or 'red red white', or '-' for none"
    ) in result.stderr
    assert "row  1  R Y G B   ●●○·  2 red, 1 white" in result.output
    helped = run(args, ["help pins", "quit"])
    assert '"2-1"' in helped.output and 'a digit alone for black and no white ("4")' in " ".join(
        helped.output.split()
    )


# -- colour words without the umlaut's e


@pytest.mark.parametrize(
    ("language", "typed", "meant"),
    [
        (
            "de",
            "grun rot blau gelb",
            "Fehler: Zeile 1: 'grun' ist hier keine Farbe; meintest du grün?",
        ),
        (
            "de",
            "rot weis grün blau",
            "Fehler: Zeile 1: 'weis' ist hier keine Farbe; meintest du weiß?",
        ),
        (
            "en",
            "grun red blue yellow",
            "error: line 1: 'grun' is not a colour here; did you mean green?",
        ),
        ("en", "red blua", "error: line 1: 'blua' is not a colour here; did you mean blue?"),
    ],
)
def test_a_near_miss_of_a_colour_word_is_refused_naming_the_colour(
    language: str, typed: str, meant: str
) -> None:
    result = CliRunner().invoke(
        main,
        ["--lang", language, "mastermind", "play", "--games", "1", "--seed", "1"],
        input=f"{typed}\nquit\n",
    )
    assert result.stderr.splitlines()[0] == meant
    assert "row  1" not in result.output  # refused, not read as the colour it nearly is


def test_a_secret_typed_hidden_gets_no_colour_named() -> None:
    result = CliRunner().invoke(
        main,
        ["--lang", "de", "mastermind", "play", "--role", "maker", "--games", "1"],
        input="grun rot blau gelb\nquit\n",
    )
    assert "grün?" not in result.stderr and "grun" not in result.stderr
    assert "Fehler: Zeile 1: ein getipptes Zeichen ist hier keine Farbe" in result.stderr, (
        result.stderr
    )


# -- messages at a terminal


def test_errors_at_a_terminal_are_wrapped_at_words() -> None:
    child = spawn("play", "--role", "maker", "--games", "1", columns=80)
    child.expect_exact("You, your secret code (hidden): ")
    child.sendline("hint")
    child.expect_exact("error: 'hint' is for the codebreaker's guess")
    child.expect_exact("You, your secret code (hidden): ")
    told = child.before
    # 'error: … fit the rows' is 82 characters: broken before 'rows', not inside it
    assert re.search(r"fit the\s*\r\n\s*rows", told), repr(told)
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)


# -- what the prompts say


def german(args: list[str], lines: list[str]) -> Result:
    text = "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, ["--lang", "de", "mastermind", *args], input=text)


def test_a_codemaker_is_told_only_the_codebreaker_gives_up() -> None:
    made = german(["play", "--role", "maker", "--games", "1"], ["aufgeben", "beenden"])
    assert (
        made.stderr.splitlines()[0]
        == "Fehler: Zeile 1: nur der Code-Brecher kann ein Spiel aufgeben"
    )
    # in a duel the player setting a code breaks one too, and may give up once it is set
    duel = german(["play", "--preset", "logik"], ["aufgeben", "beenden"])
    assert duel.stderr.splitlines()[0] == (
        "Fehler: Zeile 1: 'aufgeben' gilt erst im laufenden Spiel; zuerst kommt der Geheimcode"
    )


def test_a_code_of_the_wrong_length_is_said_with_anzahl_in_german() -> None:
    result = german(["play", "--games", "1", "--seed", "1"], ["RN", "beenden"])
    assert (
        "Fehler: Zeile 1: 'RN' hat die falsche Anzahl an Farben (2); ein Code hat 4, etwa RNBG"
        in result.stderr
    )
    hidden = german(["play", "--role", "maker", "--games", "1"], ["RN", "beenden"])
    wrong = "Fehler: Zeile 1: der getippte Code hat die falsche Anzahl an Farben (2)"
    assert wrong in hidden.stderr


def test_enter_alone_at_the_secret_says_what_a_secret_is() -> None:
    """Enter on an empty secret is told what to type (its length and colours), once, as a
    code refused is; in a script a blank line is skipped as everywhere."""
    child = spawn("play", "--role", "maker", "--games", "1", "--seed", "1")
    child.expect_exact("You, your secret code (hidden): ")
    child.sendline("")
    child.expect_exact(
        "error: type your secret code: 4 colours, like RGBY (R=red(1) G=green(2) B=blue(3) "
        "Y=yellow(4) W=white(5) K=black(6)), or random"
    )
    child.expect_exact("You, your secret code (hidden): ")
    child.sendline("RGBY")
    child.expect_exact("You, the same code again to confirm: ")
    child.sendline("")  # nor is Enter alone a confirmation: it is said, and asked again
    child.expect_exact("error: Enter alone confirms nothing: type the same code again")
    child.expect_exact("You, the same code again to confirm: ")
    child.sendline("RGBY")
    child.expect_exact("Computer guesses, row 1:")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)
    scripted = run(["play", "--role", "maker", "--games", "1", "--seed", "1"], ["", "RGBY"])
    assert "type your secret code" not in scripted.output


def test_a_bad_second_secret_entry_is_named_and_no_to_leaving_does_nothing() -> None:
    child = spawn("play", "--role", "maker", "--games", "1", "--seed", "1")
    child.expect_exact("You, your secret code (hidden): ")
    child.sendline("RGBY")
    child.expect_exact("You, the same code again to confirm: ")
    child.sendline("RGBZ")
    child.expect_exact("error: the second entry: a character typed is not a colour here;")
    child.expect_exact("You, your secret code (hidden): ")
    assert "Z" not in child.before.replace("K=black", "")
    child.sendline("RGBY")
    child.expect_exact("You, the same code again to confirm: ")
    child.sendline("")  # nor is Enter alone a confirmation: it is said, and asked again
    child.expect_exact("error: Enter alone confirms nothing: type the same code again")
    child.expect_exact("You, the same code again to confirm: ")
    child.sendline("RGBY")
    child.expect_exact("Computer guesses, row 1:")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("n")
    child.expect_exact("Nothing done.")
    child.expect_exact("pins for row 1 (black then white): ")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_full_width_letters_and_digits_are_codes_and_pins_as_plain_ones() -> None:
    guessed = run(["play", "--games", "1", "--seed", "2"], ["ＲＹＧＢ", "Ｒ　Ｇ，Ｂ　Ｙ", "quit"])
    assert "is not a colour" not in guessed.output, guessed.output
    assert re.search(r"row  1  R Y G B ", guessed.output)
    assert re.search(r"row  2  R G B Y ", guessed.output)
    made = run(["play", "--role", "maker", "--games", "1", "--seed", "2"], ["ＲＹＧＢ", "ｂｂｗ"])
    assert "error" not in made.stderr, made.stderr
    assert "2 black, 1 white" in made.output
