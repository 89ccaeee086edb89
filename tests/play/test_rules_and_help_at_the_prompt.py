"""What a newcomer at the games' prompts is told: the opening lines say what the criteria
game is for and point to ``help`` and ``rules``; ``rules`` (``regeln``) shows the game's
rules, the part of the rules page ``turing rules`` shows for it, drawn as ``turing rules``
draws it (through the pager at a terminal when longer than the screen, plain text into a
pipe); ``help`` alone lists the commands one line each, so that the list and the prompt fit
a terminal of 80×24 in English and German, with stand-ins too (an ASCII output)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT, spawn_paged
from turing.cli.main import main

#: the heading of the criteria game's section of the rules page, and of the next section
CRITERIA = {
    "en": ("## The criteria game", "## The Mastermind family"),
    "de": ("## Das Kriterienspiel", "## Die Mastermind-Familie"),
}
OPENING = {
    "en": (
        "Find the secret code: each verifier checks it against one hidden criterion of its "
        "card (✔ the code meets it, ✘ it does not).",
        "Type help for the commands, rules for the rules.",
    ),
    "de": (
        "Finde den geheimen Code: Jeder Prüfer prüft ihn an einem verdeckten Kriterium seiner "
        "Karte (✔ der Code erfüllt es, ✘ er erfüllt es nicht).",
        "Tippe hilfe für die Befehle, regeln für die Spielregeln.",
    ),
}


def play(args: list[str], script: str) -> Result:
    return CliRunner().invoke(main, [*args, "play"], input=script)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("word", ["rules", "regeln"])
def test_rules_at_the_play_prompt_shows_the_criteria_games_rules(lang: str, word: str) -> None:
    result = play(["--lang", lang], f"{word}\nquit\n")
    assert result.exit_code == 1, result.output  # left with quit
    section, other = CRITERIA[lang]
    assert section in result.output and other not in result.output, result.output
    page = CliRunner().invoke(main, ["--lang", lang, "rules", "criteria"]).output
    assert page.strip() in result.output  # the same text as turing rules criteria


def test_rules_is_listed_in_help_and_has_a_help_of_its_own() -> None:
    result = play([], "help rules\nhelp\nquit\n")
    assert "rules: the rules of the game" in result.output, result.output
    assert "  rules     the rules of the game" in result.output, result.output
    german = play(["--lang", "de"], "hilfe regeln\nquit\n")
    assert "regeln: die Spielregeln" in german.output, german.output


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [None, "ann,bob"])
def test_the_opening_says_the_goal_and_points_to_help_and_rules(
    lang: str, players: str | None
) -> None:
    args = ["--lang", lang, "play"] + (["--players", players] if players else [])
    result = CliRunner().invoke(main, args, input="quit\n")
    opening = result.output.split("\n— ")[0]  # before the first round's heading
    goal, pointer = OPENING[lang]
    assert goal in opening and pointer in opening, opening


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_help_alone_fits_80_by_24_with_the_prompt(lang: str, encoding: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "turing", "--lang", lang, "play"],
        input=b"help\nquit\n",
        capture_output=True,
        env=env,
        timeout=60,
        check=False,
    )
    text = done.stdout.decode(encoding)
    prompt = "player> " if lang == "en" else "Spieler> "
    listed = text.split(prompt + "help\n", 1)[1].split(prompt, 1)[0].rstrip("\n").split("\n")
    assert listed[0] == ("Commands:" if lang == "en" else "Befehle:"), listed
    # the typed line, the list and the next prompt: one screen of 24 lines
    assert 1 + len(listed) + 1 <= 24, "\n".join(listed)
    assert all(len(line) < 80 for line in listed), "\n".join(listed)
    assert len([line for line in listed if line.startswith("  ") and line[2] != " "]) >= 16


def spawn(*args: str, rows: int = 24) -> pexpect.spawn:
    return spawn_paged(*args, pager="less", rows=rows)


@pytest.mark.parametrize(
    ("lang", "word", "title", "prompt"),
    [
        ("en", "rules", "The criteria game", "player>"),
        ("de", "regeln", "Das Kriterienspiel", "Spieler>"),
    ],
)
def test_rules_at_a_terminal_goes_through_the_pager_and_back_to_the_prompt(
    children: list[pexpect.spawn], lang: str, word: str, title: str, prompt: str
) -> None:
    child = spawn("--lang", lang, "play")
    children.append(child)
    child.expect_exact(prompt)
    child.sendline(word)
    child.expect_exact(title)
    # less waits on the first screen: the game's prompt is not back yet
    with pytest.raises(pexpect.TIMEOUT):
        child.expect_exact(prompt, timeout=2)
    child.send("q")
    child.expect_exact(prompt)  # the game goes on; the fixture closes it


# -- the Mastermind prompt ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "word", "title"),
    [
        ([], "rules", "## Classic Mastermind, of the Mastermind family"),
        (["--preset", "logik"], "rules", "## Logik, of the Mastermind family"),
        (["--preset", "superhirn", "--blank"], "rules", "## Superhirn, of the Mastermind family"),
        (["--lang", "de", "--preset", "logik"], "regeln", "## Logik, aus der Mastermind-Familie"),
    ],
)
def test_rules_at_the_mastermind_prompt_shows_the_games_rules(
    args: list[str], word: str, title: str
) -> None:
    lang = args[:2] if args[:1] == ["--lang"] else []
    rest = args[2:] if lang else args
    result = CliRunner().invoke(
        main, [*lang, "mastermind", "play", "--seed", "0", *rest], input=f"{word}\nquit\n"
    )
    assert title in result.output, result.output
    assert "## The criteria game" not in result.output
    opening = result.output.split(title)[0]
    assert (
        "Type help for the commands, rules for the rules." in opening
        or "Tippe hilfe für die Befehle, regeln für die Spielregeln." in opening
    ), opening


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--verifiers", "4"], "Verifiers: A–D."),
        (["--verifiers", "5"], "Verifiers: A–E."),
        (["--verifiers", "6"], "Verifiers: A–F."),
        (["--verifiers", "4", "--mode", "nightmare"], "Verifiers: A–D."),
        (["--verifiers", "5", "--mode", "extreme"], "Verifiers: A–E."),
    ],
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_names_the_letters_of_the_puzzles_verifiers(
    args: list[str], named: str, lang: str
) -> None:
    words = "help\nquit\n" if lang == "en" else "hilfe\nende\n"
    command = ["--lang", lang, "play", "--random", "--seed", "3", *args]
    result = CliRunner().invoke(main, command, input=words)
    if lang == "de":
        named = named.replace("Verifiers", "Prüfer")
    # named once, in the list's notes, and no other range of letters
    assert re.findall(r"(?:Verifiers|Prüfer): A–[A-F]\.", result.output) == [named], result.output


def test_help_at_a_terminal_names_the_letters_of_a_4_verifier_puzzle(
    children: list[pexpect.spawn],
) -> None:
    child = spawn_paged("play", "--random", "--verifiers", "4", "--seed", "3")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("help")
    child.expect(r"Verifiers: (A–.)\.")
    assert child.match.group(1) == "A–D", child.match.group(1)
    child.expect_exact("player>")


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("en", "help test", "up to three different verifiers, one after the other"),
        ("en", "help hint", "Hints are counted: the result lists each player's hints"),
        ("en", "help solve", "a wrong one puts you out of the game"),
        ("de", "hilfe teste", "bis zu drei verschiedenen Prüfern"),
        ("de", "hilfe hinweis", "Hinweise werden gezählt"),
    ],
)
def test_help_of_one_command_adds_the_rule_behind_it(lang: str, typed: str, said: str) -> None:
    result = play(["--lang", lang], f"{typed}\n")
    lines = result.output.split(f"> {typed}\n", 1)[1].splitlines()
    assert said in lines[1], lines[:2]  # after the command's line of the list
