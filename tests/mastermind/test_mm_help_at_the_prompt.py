"""``help`` at a Mastermind prompt: alone, one line for each thing a prompt reads and each
command, so that the typed line, the list and the next prompt fit a terminal of 80×24 in
English and German, with stand-ins too (an ASCII output); ``help guess``, ``help pins``,
``help secret`` tell a prompt's part in full, ``help all`` everything, ``help COMMAND`` a
command's line; ``turing mastermind play --help`` keeps the full text."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main

HEADING = {"en": "Commands at the prompt:", "de": "Befehle an der Eingabezeile:"}
#: a prompt of each kind, with the arguments that reach it first
PROMPTS = {
    "guess": (["--seed", "0"], {"en": "your guess", "de": "dein Rateversuch"}),
    "pins": (
        ["--seed", "0", "--role", "maker", "--honour"],
        {"en": "pins for row 1", "de": "Reihe 1 (schwarz"},
    ),
    "secret": (
        ["--seed", "0", "--preset", "logik"],
        {"en": "your secret code", "de": "dein Geheimcode"},
    ),
}


def typed(lang: str, encoding: str, args: list[str], lines: str) -> str:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONPATH": str(ROOT)}
    env.pop("COLUMNS", None)
    done = subprocess.run(
        [sys.executable, "-m", "turing", "--lang", lang, "mastermind", "play", *args],
        input=lines.encode(),
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    return done.stdout.decode(encoding)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
@pytest.mark.parametrize("prompt", list(PROMPTS))
def test_help_alone_fits_80_by_24_with_the_typed_line_and_the_prompt(
    lang: str, encoding: str, prompt: str
) -> None:
    args, where = PROMPTS[prompt]
    word = "help" if lang == "en" else "hilfe"
    text = typed(lang, encoding, args, f"{word}\nquit\n")
    heading = HEADING[lang]
    assert heading in text, text
    before, after = text.split(heading + "\n", 1)
    typed_line = before.rstrip("\n").split("\n")[-1]
    assert where[lang] in typed_line, typed_line
    prompt_text = typed_line.rsplit(": ", 1)[0] + ":"  # a secret's echo shows (hidden)
    # the list ends where the next prompt begins
    listed = [heading, *after.split("\n" + prompt_text, 1)[0].split("\n")]
    # the typed line, the list and the next prompt: one screen of 24 lines
    assert 1 + len(listed) + 1 <= 24, "\n".join(listed)
    assert all(len(line) < 80 for line in [typed_line, *listed]), "\n".join(listed)
    # every command of the game has its line
    commands = (
        ("hint", "undo", "random", "board", "rules", "help", "giveup", "quit")
        if lang == "en"
        else ("hinweis", "zur", "zufall", "brett", "regeln", "hilfe", "aufgeben", "beenden")
    )
    for command in commands:
        assert any(line.startswith("  " + command) for line in listed), (command, listed)


def play(args: list[str], lines: list[str]) -> str:
    result = CliRunner().invoke(
        main, [*args[:2], "mastermind", "play", "--seed", "0", *args[2:]], input="\n".join(lines)
    )
    return result.output + result.stderr


@pytest.mark.parametrize(
    ("args", "word", "shown"),
    [
        (["--lang", "en"], "help guess", "at a guess prompt  a code: colour letters RGBY"),
        (["--lang", "en"], "help pins", "at a pins prompt  black (red in Superhirn) then white"),
        (["--lang", "en"], "? secret", "at a secret prompt  a code (hidden, typed twice at a"),
        (["--lang", "de"], "hilfe raten", "beim Raten  ein Code: Farbbuchstaben"),
        (["--lang", "de"], "hilfe stifte", "beim Stecken  schwarz (rot bei Superhirn)"),
        (["--lang", "de"], "hilfe pins", "beim Stecken  schwarz (rot bei Superhirn)"),
        (["--lang", "de"], "hilfe geheim", "beim Geheimcode  ein Code (verdeckt"),
        (["--lang", "en"], "help hint", "  hint  how many codes still fit the rows"),
        (["--lang", "de"], "hilfe aufgeben", "  aufgeben  als verloren aufgeben"),
        (["--lang", "en"], "help give up", "  giveup  give up this game as lost"),
    ],
)
def test_help_with_a_topic_tells_it_in_full(args: list[str], word: str, shown: str) -> None:
    output = play(args, [word, "quit"])
    assert shown in output, output
    assert "Exit status" not in output and "Exit-Status: 0" not in output


@pytest.mark.parametrize(("lang", "word"), [("en", "help all"), ("de", "hilfe alles")])
def test_help_all_is_the_full_text_of_play_help(lang: str, word: str) -> None:
    output = play(["--lang", lang], [word, "quit"])
    full = CliRunner().invoke(main, ["--lang", lang, "mastermind", "play", "--help"]).output
    for line in full.split(HEADING[lang].rstrip(":"), 1)[1].splitlines()[1:]:
        assert line in output, line
    assert ("Exit status: 0" if lang == "en" else "Exit-Status: 0") in output


def test_play_help_keeps_the_full_text() -> None:
    full = " ".join(CliRunner().invoke(main, ["mastermind", "play", "--help"]).output.split())
    for phrase in (
        'a digit alone for black and no white ("4")',
        'a code (hidden, typed twice at a terminal), or "random"',
        "Exit status: 0 when the match is finished",
        "At a terminal the prompts keep a history (up arrow)",
    ):
        assert phrase in full, phrase


@pytest.mark.parametrize(
    ("lang", "word", "error"),
    [
        ("en", "help me", "error: line 1: no help on 'me'; type help for the list, or help guess"),
        ("de", "hilfe mir", "Fehler: Zeile 1: keine Hilfe zu 'mir'; tippe hilfe für die Liste"),
    ],
)
def test_help_on_something_unknown_is_one_error_line(lang: str, word: str, error: str) -> None:
    result = CliRunner().invoke(
        main, ["--lang", lang, "mastermind", "play", "--seed", "0"], input=f"{word}\nquit\n"
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0].startswith(error), result.stderr
    assert HEADING[lang] not in result.output
