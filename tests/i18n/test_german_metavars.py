"""The placeholders of the command line's help (``FILE…``, ``--time-limit SECONDS``,
``[TOPIC]``) in the language in use: German help names ``DATEI…``, ``SEKUNDEN`` and
``[THEMA]`` in its usage lines, its options and its texts, and click's errors name the
placeholder the help shows. English help keeps every placeholder as it was, also after
German was spoken in the same process."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing import i18n
from turing.cli.main import COMMANDS, main

#: English placeholders German help must not show (nor its texts name).
ENGLISH_ONLY = re.compile(
    r"\b(FILE|PATH|SECONDS|TOPIC|NAMES|ADDR|INTEGER|FLOAT|RANGE|OPTIONS|COMMAND|ARGS|PRESET)\b"
)

STRATEGY = "--strategy NAME"
#: The usage line and each option with a placeholder, of every command's English help, as
#: they were before the placeholders were translated.
ENGLISH: dict[str, list[str]] = {
    "": [
        "Usage: main [OPTIONS] COMMAND [ARGS]...",
        "--lang [en|de]",
    ],
    "analyze": [
        "Usage: main analyze [OPTIONS] FILE|-",
        "--id ID",
        "--code CODE",
        "--expected-states N",
        "--round-states N",
        "--max-states N",
        "--max-work N",
        "--time-limit SECONDS",
        "--cardset NAME|PATH",
        "-j, --jobs N",
        "--lang [en|de]",
    ],
    "bank": [
        "Usage: main bank [OPTIONS] COMMAND [ARGS]...",
        "--lang [en|de]",
    ],
    "bank export": [
        "Usage: main bank export [OPTIONS] DB",
        "-o, --output FILE.jsonl|-",
        "--limit INTEGER",
        "--cardset NAME|PATH",
        "--mode MODE",
        "--difficulty TIER",
        "--verifiers INTEGER",
        "--min-tests INTEGER",
        "--max-tests INTEGER",
        "--lang [en|de]",
    ],
    "bank import": [
        "Usage: main bank import [OPTIONS] DB FILE…",
        "--cardset NAME|PATH",
        "--lang [en|de]",
    ],
    "bank pick": [
        "Usage: main bank pick [OPTIONS] DB",
        "--mode MODE",
        "--difficulty TIER",
        "--verifiers INTEGER",
        "--seed INTEGER",
        "--cardset NAME|PATH",
        "--lang [en|de]",
    ],
    "bank stats": [
        "Usage: main bank stats [OPTIONS] DB",
        "--lang [en|de]",
    ],
    "board": [
        "Usage: main board [OPTIONS] [FILE]",
        "--host HOST",
        "--port INTEGER",
        "--id ID",
        "--code CODE",
        "--bank FILE",
        "--players NAMES",
        "--mode MODE",
        "--difficulty TIER",
        "--verifiers N|A-B",
        "--min-tests INTEGER",
        "--seed INTEGER",
        "--cardset NAME|PATH",
        "--transcript FILE",
        "--save FILE",
        "--resume FILE",
        "--cards LIST",
        "--lang [en|de]",
    ],
    "cards": [
        "Usage: main cards [OPTIONS] COMMAND [ARGS]...",
        "--lang [en|de]",
    ],
    "cards show": [
        "Usage: main cards show [OPTIONS] [N…]",
        "--cardset NAME|PATH",
        "--lang [en|de]",
    ],
    "cards stats": [
        "Usage: main cards stats [OPTIONS] PATH",
        "--verifiers INTEGER",
        "--samples INTEGER",
        "--seed INTEGER",
        "--lang [en|de]",
    ],
    "cards validate": [
        "Usage: main cards validate [OPTIONS] PATH…",
        "--verifiers INTEGER",
        "--lang [en|de]",
    ],
    "catalogue": [
        "Usage: main catalogue [OPTIONS]",
        "--verifiers INTEGER",
        "--cardset NAME|PATH",
        "--bank DB",
        "-j, --jobs N",
        "--executor [process|dask]",
        "--scheduler ADDR",
        "--lang [en|de]",
    ],
    "check": [
        "Usage: main check [OPTIONS] FILE…",
        "--id ID",
        "--cardset NAME|PATH",
        "--code CODE",
        "--lang [en|de]",
    ],
    "export": [
        "Usage: main export [OPTIONS] [FILE…]",
        "--format [html|markdown]",
        "-o, --output FILE|-",
        "--bank DB",
        "--limit INTEGER",
        "--title TITLE",
        "--solutions PLACE",
        "--seed INTEGER",
        "--cardset NAME|PATH",
        "--mode MODE",
        "--difficulty TIER",
        "--verifiers INTEGER",
        "--min-tests INTEGER",
        "--max-tests INTEGER",
        "--lang [en|de]",
    ],
    "generate": [
        "Usage: main generate [OPTIONS]",
        "-n, --count INTEGER",
        "--verifiers INTEGER",
        "--difficulty TIER",
        "--mode MODE",
        "--seed INTEGER",
        "--start-index INTEGER",
        "--cardset NAME|PATH",
        "-j, --jobs N",
        "--executor [process|dask]",
        "--scheduler ADDR",
        "-o, --output FILE.jsonl|-",
        "--bank DB",
        "--min-tests INTEGER",
        "--max-tests INTEGER",
        "--commit-every INTEGER",
        "--give-up INTEGER",
        "--from-bank DB",
        "--lang [en|de]",
    ],
    "mastermind": [
        "Usage: main mastermind [OPTIONS] COMMAND [ARGS]...",
        "--lang [en|de]",
    ],
    "mastermind board": [
        "Usage: main mastermind board [OPTIONS]",
        "--preset PRESET",
        "--positions INTEGER",
        "--colours INTEGER",
        "--rows INTEGER",
        "--host HOST",
        "--port INTEGER",
        "--role ROLE",
        "--players PLAYERS",
        "--games INTEGER",
        STRATEGY,
        "--seed INTEGER",
        "--save FILE",
        "--resume FILE",
        "--transcript FILE",
        "--lang [en|de]",
    ],
    "mastermind play": [
        "Usage: main mastermind play [OPTIONS]",
        "--preset PRESET",
        "--positions INTEGER",
        "--colours INTEGER",
        "--rows INTEGER",
        "--role ROLE",
        "--players PLAYERS",
        "--games INTEGER",
        STRATEGY,
        "--seed INTEGER",
        "--save FILE",
        "--resume FILE",
        "--transcript FILE",
        "--lang [en|de]",
    ],
    "mastermind presets": [
        "Usage: main mastermind presets [OPTIONS]",
        "--lang [en|de]",
    ],
    "mastermind simulate": [
        "Usage: main mastermind simulate [OPTIONS]",
        "--preset PRESET",
        "--positions INTEGER",
        "--colours INTEGER",
        "--rows INTEGER",
        STRATEGY,
        "--sample N",
        "--seed INTEGER",
        "--transcript FILE",
        "--lang [en|de]",
    ],
    "play": [
        "Usage: main play [OPTIONS] [FILE]",
        "--id ID",
        "--code CODE",
        "--bank FILE",
        "--players NAMES",
        "--mode MODE",
        "--difficulty TIER",
        "--verifiers N|A-B",
        "--min-tests INTEGER",
        "--seed INTEGER",
        "--cardset NAME|PATH",
        "--transcript FILE",
        "--save FILE",
        "--resume FILE",
        "--cards LIST",
        "--lang [en|de]",
    ],
    "puzzles": [
        "Usage: main puzzles [OPTIONS]",
        "--lang [en|de]",
    ],
    "replay": [
        "Usage: main replay [OPTIONS] FILE",
        "--cardset NAME|PATH",
        "--lang [en|de]",
    ],
    "rules": [
        "Usage: main rules [OPTIONS] [TOPIC]",
        "--lang [en|de]",
    ],
    "share": [
        "Usage: main share [OPTIONS] FILE…",
        "--id ID",
        "--cardset NAME",
        "--lang [en|de]",
    ],
    "solve": [
        "Usage: main solve [OPTIONS] FILE…",
        "--engine [bitmask|csp]",
        "--id ID",
        "--cardset NAME|PATH",
        "--code CODE",
        "--cards LIST",
        "--mode MODE",
        "--lang [en|de]",
    ],
}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def command_paths() -> list[tuple[str, ...]]:
    """``()`` for ``turing`` itself, then every command and every subcommand of a group."""
    paths: list[tuple[str, ...]] = [()]
    context = click.Context(main)
    for name in sorted(COMMANDS):
        command = main.get_command(context, name)
        assert command is not None
        paths.append((name,))
        if isinstance(command, click.Group):
            paths.extend((name, sub) for sub in sorted(command.list_commands(context)))
    return paths


def help_of(language: str, path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(main, ["--lang", language, *path, "--help"])
    assert result.exit_code == 0, result.output
    return result.output


def placeholder_lines(text: str) -> list[str]:
    """The usage line and the first column of each option row that has a placeholder
    (``--jobs N``, not ``--json``)."""
    lines = text.splitlines()
    found = [lines[0]]
    in_options = False
    for line in lines[1:]:
        if line in ("Options:", "Optionen:"):
            in_options = True
        elif not line.strip() or not line.startswith(" "):
            in_options = False
        elif in_options and line.startswith("  -"):
            column = line[2:].split("  ")[0]
            if not column.split()[-1].startswith("-"):
                found.append(column)
    return found


def test_english_help_keeps_its_placeholders_after_german() -> None:
    paths = command_paths()
    assert sorted(" ".join(path) for path in paths) == sorted(ENGLISH)
    for language in ("en", "de", "en"):
        for path in paths:
            lines = placeholder_lines(help_of(language, path))
            if language == "en":
                assert lines == ENGLISH[" ".join(path)], path
            else:
                assert len(lines) == len(ENGLISH[" ".join(path)]), path


def test_german_help_shows_no_english_placeholder() -> None:
    for path in command_paths():
        text = help_of("de", path)
        assert ENGLISH_ONLY.findall(text) == [], (path, text)


def test_help_texts_carry_no_rest_markup() -> None:
    """Click shows help as plain text: a ``FILE`` written for reST would show its quotes."""
    for language in ("en", "de"):
        for path in command_paths():
            text = help_of(language, path)
            assert "``" not in text and ":func:" not in text, (language, path, text)


@pytest.mark.parametrize(
    ("path", "german"),
    [
        (("solve",), "Aufruf: main solve [OPTIONEN] DATEI…"),
        (("solve",), "Die Rätsel jeder DATEI (YAML, JSON oder JSONL"),
        (("check",), "Jede DATEI wird gelesen"),
        (("analyze",), "--time-limit SEKUNDEN"),
        (("analyze",), "--cardset NAME|PFAD"),
        (("rules",), "Aufruf: main rules [OPTIONEN] [THEMA]"),
        (("rules",), "ohne THEMA alle. THEMA ist eines von:"),
        (("cards", "stats"), "Aufruf: main cards stats [OPTIONEN] PFAD"),
        (("cards", "stats"), "aus dem Satz PFAD"),
        (("cards", "show"), "Aufruf: main cards show [OPTIONEN] [N…]"),
        (("generate",), "--scheduler ADRESSE"),
        (("generate",), "-o, --output DATEI.jsonl|-"),
        (("generate",), "--bank DB"),
        (("bank", "import"), "Aufruf: main bank import [OPTIONEN] DB DATEI…"),
        (("export",), "Aufruf: main export [OPTIONEN] [DATEI…]"),
        (("export",), "-o, --output DATEI|-"),
        (("play",), "Aufruf: main play [OPTIONEN] [DATEI]"),
        (("play",), "--players NAMEN"),
        (("play",), "--transcript DATEI"),
        (("play",), "Rätsel: DATEI (YAML, JSON oder JSONL"),
        (("board",), "(DATEI, --id, --code"),
        (("share",), "Aufruf: main share [OPTIONEN] DATEI…"),
        (("mastermind", "simulate"), "--transcript DATEI"),
    ],
)
def test_german_help_names_german_placeholders(path: tuple[str, ...], german: str) -> None:
    assert german in help_of("de", path)


@pytest.mark.parametrize(
    ("args", "english", "german"),
    [
        (["share"], "missing argument 'FILE…'", "fehlendes Argument 'DATEI…'"),
        (["bank", "import", "x.db"], "missing argument 'FILE…'", "fehlendes Argument 'DATEI…'"),
        (["cards", "validate"], "missing argument 'PATH…'", "fehlendes Argument 'PFAD…'"),
        (["cards", "stats"], "missing argument 'PATH'", "fehlendes Argument 'PFAD'"),
        (["rules", "nope"], "invalid value for 'TOPIC'", "ungültiger Wert für 'THEMA'"),
        (["solve"], "give a puzzle FILE", "gib eine DATEI mit Rätseln"),
    ],
)
def test_errors_name_the_placeholder_of_the_help(
    args: list[str], english: str, german: str
) -> None:
    for language, expected in (("en", english), ("de", german), ("en", english)):
        result = CliRunner().invoke(main, ["--lang", language, *args])
        assert result.exit_code == 2
        assert expected in result.stderr, result.stderr


SIMULATE_IN_GERMAN_FIRST = r"""
import sys
from click.testing import CliRunner
from turing.cli.main import main

for language in ("de", "en"):
    help = CliRunner().invoke(main, ["--lang", language, "mastermind", "simulate", "--help"])
    error = CliRunner().invoke(
        main, ["--lang", language, "mastermind", "simulate", "--transcript", sys.argv[1]]
    )
    sys.stdout.write(help.output + error.stderr + "\0")
"""


def test_a_path_placeholder_follows_the_language_not_the_import(tmp_path: Path) -> None:
    # click names a kind of path once, when it is made; the command's module is imported
    # under German here, and the English help must still say FILE
    result = subprocess.run(
        [sys.executable, "-c", SIMULATE_IN_GERMAN_FIRST, str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    german, english, _rest = result.stdout.split("\0")
    assert "--transcript DATEI" in german
    assert f"{tmp_path} lässt sich nicht schreiben: es ist ein Ordner" in german
    assert "--transcript FILE" in english
    assert f"cannot write {tmp_path}: is a folder" in english


def test_a_named_default_is_shown_by_its_name_in_the_language_in_use() -> None:
    for language, shown in (
        ("de", "[Vorgabe: klassisch (classic)]"),
        ("en", "[default: classic]"),
        ("de", "[Vorgabe: klassisch (classic)]"),
    ):
        text = " ".join(help_of(language, ("generate",)).split())
        assert shown in text, text
    assert "Vorgabe: classic]" not in " ".join(help_of("de", ("generate",)).split())


@pytest.mark.parametrize("path", [("export",), ("bank", "export")])
def test_the_tier_none_is_named_alike_in_its_help_and_its_values(path: tuple[str, ...]) -> None:
    text = " ".join(help_of("de", path).split())
    assert "(keine: Rätsel keiner veröffentlichten Stufe)" in text, text
    assert "keine (none)" in text and "none:" not in text


#: a range as click writes it (x>=0, 4<=x<=6, x>0), which German help says in words
RANGE_FORMULA = re.compile(r"x[<>]=?\d|\d<=?x")


def test_german_placeholders_are_one_word_and_ranges_are_words() -> None:
    for path in command_paths():
        text = help_of("de", path)
        assert "GANZE ZAHL" not in text and RANGE_FORMULA.search(text) is None, (path, text)
    play = " ".join(help_of("de", ("play",)).split())
    assert "--seed ZAHL " in play and "--min-tests ZAHL " in play
    assert "allein: ein zufälliges Rätsel, das so viele braucht. [ab 0]" in play
    generate = " ".join(help_of("de", ("generate",)).split())
    assert "--verifiers ZAHL Prüfer je Rätsel. [Vorgabe: 4; 4 bis 6]" in generate
    assert "[über 0]" in " ".join(help_of("de", ("analyze",)).split())


def test_english_help_keeps_its_ranges_and_errors_say_them_in_words() -> None:
    for language in ("de", "en"):
        help_of(language, ("play",))
    play = " ".join(help_of("en", ("play",)).split())
    assert "--seed INTEGER " in play and "needing that many. [x>=0]" in play
    assert "[default: 4; 4<=x<=6]" in " ".join(help_of("en", ("generate",)).split())
    assert "[x>0]" in " ".join(help_of("en", ("analyze",)).split())
    for language, said in (
        ("de", "-1 liegt nicht im Bereich ab 0"),
        ("en", "-1 is not in the range from 0 up"),
    ):
        result = CliRunner().invoke(main, ["--lang", language, "play", "--min-tests", "-1"])
        assert result.exit_code == 2
        assert said in result.stderr, result.stderr
    seed = CliRunner().invoke(main, ["--lang", "de", "play", "--seed", "x"])
    assert "'x' ist keine gültige ganze Zahl" in seed.stderr, seed.stderr
