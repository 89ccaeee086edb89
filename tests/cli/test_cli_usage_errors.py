"""A command line click refuses (an unknown option or command, a missing or bad value, an
extra argument, a group given no command) is one line on stderr, as every other error of
``turing``: click's own message, then which help to read; exit status 2, no traceback,
nothing on stdout. ``turing`` or a group alone still shows its help."""

from __future__ import annotations

import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from turing.cli.main import LazyGroup, main

#: arguments ("{lang}" is the language) → the line in English and in German
REFUSED: list[tuple[list[str], str, str]] = [
    (
        ["play", "--bogus"],
        "error: no such option '--bogus' (turing play --help lists the options)",
        "Fehler: keine Option '--bogus' (turing play --help listet die Optionen auf)",
    ),
    (
        ["play", "--verifier", "4"],
        "error: no such option '--verifier'; did you mean '--verifiers'? "
        "(turing play --help lists the options)",
        "Fehler: keine Option '--verifier'; meintest du '--verifiers'? "
        "(turing play --help listet die Optionen auf)",
    ),
    (
        ["analyze", "--bogus", "x"],
        "error: no such option '--bogus' (turing analyze --help lists the options)",
        "Fehler: keine Option '--bogus' (turing analyze --help listet die Optionen auf)",
    ),
    (
        ["--bogus"],
        "error: no such option '--bogus' (turing --help lists the options)",
        "Fehler: keine Option '--bogus' (turing --help listet die Optionen auf)",
    ),
    (
        ["play", "--seed"],
        "error: option '--seed' requires an argument (turing play --help lists the options)",
        "Fehler: die Option '--seed' braucht einen Wert "
        "(turing play --help listet die Optionen auf)",
    ),
    (
        ["cards", "show", "1", "--json=1"],
        "error: option '--json' does not take a value (turing cards show --help lists the options)",
        "Fehler: die Option '--json' nimmt keinen Wert "
        "(turing cards show --help listet die Optionen auf)",
    ),
    (
        ["mastermind", "play", "--colours", "x"],
        "error: invalid value for '--colours': 'x' is not a valid integer "
        "(turing mastermind play --help lists the options)",
        "Fehler: ungültiger Wert für '--colours': 'x' ist keine gültige ganze Zahl "
        "(turing mastermind play --help listet die Optionen auf)",
    ),
    (
        ["play", "--players", "a,a"],  # refused by the command itself
        "error: invalid value for '--players': two players are called 'a' "
        "(turing play --help lists the options)",
        "Fehler: ungültiger Wert für '--players': zwei Spieler heißen 'a' "
        "(turing play --help listet die Optionen auf)",
    ),
    (
        ["play", "--players", "ann,"],
        "error: invalid value for '--players': an empty name after 'ann': give names separated "
        "by commas, like alice,bob,bot:greedy (turing play --help lists the options)",
        "Fehler: ungültiger Wert für '--players': ein leerer Name nach 'ann': gib die Namen durch "
        "Kommas getrennt an, etwa anna,bernd,bot:greedy (turing play --help listet die Optionen "
        "auf)",
    ),
    (
        ["play", "--players", ", ann"],
        "error: invalid value for '--players': an empty name before 'ann': give names separated "
        "by commas, like alice,bob,bot:greedy (turing play --help lists the options)",
        "Fehler: ungültiger Wert für '--players': ein leerer Name vor 'ann': gib die Namen durch "
        "Kommas getrennt an, etwa anna,bernd,bot:greedy (turing play --help listet die Optionen "
        "auf)",
    ),
    (
        ["play", "--players", " ,"],
        "error: invalid value for '--players': no player named: give names separated by commas, "
        "like alice,bob,bot:greedy (turing play --help lists the options)",
        "Fehler: ungültiger Wert für '--players': kein Spieler genannt: gib die Namen durch "
        "Kommas getrennt an, etwa anna,bernd,bot:greedy (turing play --help listet die Optionen "
        "auf)",
    ),
    (
        ["rules", "bogus"],
        "error: invalid value for 'TOPIC': 'bogus' is not one of 'criteria', 'extreme', "
        "'nightmare', 'mastermind', 'superhirn', 'logik', 'master-collor', 'classic' "
        "(turing rules --help shows the usage)",
        "Fehler: ungültiger Wert für 'THEMA': 'bogus' ist keiner der Werte 'kriterien' "
        "(criteria), 'extrem' (extreme), 'albtraum' (nightmare), 'mastermind', 'superhirn', "
        "'logik', 'master-collor', "
        "'klassisch' (classic) (turing rules --help zeigt den Aufruf)",
    ),
    (
        ["bank", "export"],
        "error: missing argument 'DB' (turing bank export --help shows the usage)",
        "Fehler: fehlendes Argument 'DB' (turing bank export --help zeigt den Aufruf)",
    ),
    (
        ["puzzles", "extra"],
        "error: got unexpected extra argument (extra) (turing puzzles --help shows the usage)",
        "Fehler: unerwartetes zusätzliches Argument (extra) "
        "(turing puzzles --help zeigt den Aufruf)",
    ),
    (
        ["bogus"],
        "error: no such command 'bogus' (turing --help lists the commands)",
        "Fehler: kein Befehl 'bogus' (turing --help listet die Befehle auf)",
    ),
    (
        ["bank", "bogus"],
        "error: no such command 'bogus' (turing bank --help lists the commands)",
        "Fehler: kein Befehl 'bogus' (turing bank --help listet die Befehle auf)",
    ),
]


def invoke(command: click.Command, args: list[str], language: str) -> Result:
    return CliRunner().invoke(
        command,
        [arg.format(lang=language) for arg in args],
        prog_name="turing",
        env={"TURING_LANG": language},
    )


def assert_one_line(result: Result, line: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr == line + "\n", result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    ("args", "english", "german"), REFUSED, ids=[" ".join(args) for args, _, _ in REFUSED]
)
def test_a_refused_command_line_is_one_line(args: list[str], english: str, german: str) -> None:
    assert_one_line(invoke(main, args, "en"), english)
    assert_one_line(invoke(main, args, "de"), german)


@pytest.mark.parametrize("args", [[], ["bank"], ["mastermind"]])
@pytest.mark.parametrize(("language", "usage"), [("en", "Usage: "), ("de", "Aufruf: ")])
def test_a_group_alone_shows_its_help(args: list[str], language: str, usage: str) -> None:
    result = invoke(main, args, language)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{usage}{' '.join(['turing', *args])} ")
    assert result.stderr.count("\n") > 5 and "--help" in result.stderr
    assert "error" not in result.stderr.lower()


@pytest.mark.parametrize("group", [[], ["bank"], ["mastermind"]])
@pytest.mark.parametrize(("language", "usage"), [("en", "Usage: "), ("de", "Aufruf: ")])
def test_a_group_given_options_but_no_command_shows_its_help(
    group: list[str], language: str, usage: str
) -> None:
    """``turing --lang de`` is ``turing`` alone in German: the help, not an error."""
    result = CliRunner().invoke(main, [*group, "--lang", language], prog_name="turing")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{usage}{' '.join(['turing', *group])} ")
    assert result.stderr.count("\n") > 5 and "error" not in result.stderr.lower()


@pytest.mark.parametrize(("language", "usage"), [("en", "Usage: "), ("de", "Aufruf: ")])
def test_help_is_as_it_was(language: str, usage: str) -> None:
    result = invoke(main, ["play", "--help"], language)
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.startswith(f"{usage}turing play ")
    assert "--players" in result.stdout


def test_choices_listed_on_lines_become_one() -> None:
    """click lists the choices of a missing value one per line; the error keeps them, in
    one line."""

    @click.command()
    @click.argument("shape", type=click.Choice(["blue", "yellow", "purple"]), metavar="SHAPE")
    def pick(shape: str) -> None:
        """Pick a shape."""

    group = LazyGroup(name="turing", commands={"pick": pick})
    assert_one_line(
        invoke(group, ["pick"], "en"),
        "error: missing argument 'SHAPE'. Choose from: blue, yellow, purple "
        "(turing pick --help shows the usage)",
    )
    assert_one_line(
        invoke(group, ["pick"], "de"),
        "Fehler: fehlendes Argument 'SHAPE'. Zur Auswahl: blue, yellow, purple "
        "(turing pick --help zeigt den Aufruf)",
    )


@pytest.mark.parametrize(
    ("args", "environ", "line"),
    [
        (
            ["play", "--bogus"],
            {"TURING_LANG": "en"},
            "error: no such option '--bogus' (turing play --help lists the options)",
        ),
        (
            ["play", "--bogus"],
            {"LANG": "de_DE.UTF-8"},
            "Fehler: keine Option '--bogus' (turing play --help listet die Optionen auf)",
        ),
        (
            ["solve", "--code"],
            {"TURING_LANG": "en"},
            "error: option '--code' requires an argument (turing solve --help lists the options)",
        ),
        (  # no command is loaded yet, and every one is a candidate
            ["plya"],
            {"TURING_LANG": "en"},
            "error: no such command 'plya'; did you mean 'play'? "
            "(turing --help lists the commands)",
        ),
        (
            ["bank", "--lang", "de", "bogus"],
            {"TURING_LANG": "en"},
            "Fehler: kein Befehl 'bogus' (turing bank --help listet die Befehle auf)",
        ),
    ],
)
def test_the_real_process_says_it_in_one_line(
    args: list[str], environ: dict[str, str], line: str
) -> None:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("TURING_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
    }
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "turing", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        cwd=ROOT,
        env={**env, **environ},
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr == line + "\n"
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "en",
            "error: no such option '--mx-tests'; did you mean one of: '--max-tests', "
            "'--min-tests'? (turing generate --help lists the options)",
        ),
        (
            "de",
            "Fehler: keine Option '--mx-tests'; meintest du eines davon: '--max-tests', "
            "'--min-tests'? (turing generate --help listet die Optionen auf)",
        ),
    ],
)
def test_several_suggestions_are_one_sentence_not_a_bracket_in_a_bracket(
    language: str, expected: str
) -> None:
    result = CliRunner().invoke(
        main, ["--lang", language, "generate", "--mx-tests", "3"], prog_name="turing"
    )
    assert result.exit_code == 2
    assert result.stderr == expected + "\n"


def _commands(group: click.Group, path: list[str]) -> list[list[str]]:
    found = []
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        assert command is not None
        found.append([*path, name])
        if isinstance(command, click.Group):
            found += _commands(command, [*path, name])
    return found


@pytest.mark.parametrize("command", [[], *_commands(main, [])], ids=" ".join)
def test_an_option_far_from_every_name_is_offered_none(command: list[str]) -> None:
    """An option is offered for a mistyped one only when the two are close: ``--bogus`` is
    offered no ``--jobs`` (alike in their dashes and two letters), by any command."""
    for typed in ("--bogus", "--xyz", "--frobnicate"):
        result = invoke(main, [*command, typed], "en")
        assert result.exit_code == 2, result.output
        assert "did you mean" not in result.stderr, result.stderr
        assert f"no such option '{typed}'" in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("args", "offered"),
    [
        (["analyze", "--max-wrk", "3"], "'--max-work'"),
        (["analyze", "--quite"], "'--quiet'"),
        (["generate", "--cout", "3"], "'--count'"),  # not '--executor', '--output' too
        (["generate", "--out", "x"], "'--output'"),  # what was typed begins it
        (["anlyze"], "'analyze'"),
        (["bank", "exprt"], "'export'"),
    ],
)
def test_a_close_name_is_offered_alone(args: list[str], offered: str) -> None:
    result = invoke(main, args, "en")
    assert result.exit_code == 2
    assert f"; did you mean {offered}? (" in result.stderr, result.stderr
