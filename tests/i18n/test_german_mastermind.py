"""Each Mastermind preset played from a script in German beside the same match in English:
the same lines, the same pins in the same places, no English word left in the German match
(but the names both languages share), and German words and letters understood."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from turing import i18n
from turing.cli.main import main
from turing.mastermind.presets import PRESETS

#: Words a German screen shares with the English one: the games' names, the computer's
#: name, colour words spelled alike, letters of codes.
SHARED = frozenset(
    {"Classic", "Mastermind", "Superhirn", "Logik", "Master", "Collor", "Computer", "orange"}
    # German words spelled as English ones, and the German colour words the English screen
    # names as typed input
    | {"in", "an", "rot", "gelb", "grün", "blau", "weiß", "schwarz", "lila", "türkis"}
)
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?!\w)")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def run(language: str, preset: str, script: str, *more: str) -> list[str]:
    result = CliRunner().invoke(
        main,
        ["--lang", language, "mastermind", "play", "--preset", preset, "--seed", "5", *more],
        input=script,
    )
    assert result.exit_code in (0, 1), result.output
    return result.output.splitlines()


def skeleton(line: str) -> list[str]:
    """Digits and pins agree between the languages (peg letters do not: G is gelb)."""
    return re.findall(r"\d+|[●○]", line)


def without_help(lines: list[str]) -> list[str]:
    """The lines outside the command help (a heading and the 16 lines after it)."""
    out: list[str] = []
    skip = 0
    for line in lines:
        if line.startswith(("Commands (", "Befehle (")):
            skip = 17
        if skip:
            skip -= 1
            continue
        out.append(line)
    return out


def words(lines: list[str]) -> set[str]:
    return {w for line in lines for w in WORD.findall(line) if len(w) > 1}


SCRIPTS = {
    # a wrong-length code, a guess, the board, help, then giving up (a quick one-game match)
    "alternate": (
        "help\nboard\n1234\n12345\nboard\ngiveup\n",
        "hilfe\nbrett\n1234\n12345\nbrett\naufgeben\n",
    ),
    # the duel: a random secret, a guess, then giving up
    "duel": ("help\nrandom\n12345\nboard\ngiveup\n", "hilfe\nzufall\n12345\nbrett\naufgeben\n"),
}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_german_match_matches_the_english_one(preset: str) -> None:
    english_script, german_script = SCRIPTS[PRESETS[preset].mode]
    english = run("en", preset, english_script, "--games", "1")
    german = run("de", preset, german_script, "--games", "1")
    assert len(german) == len(english), "\n".join(german)
    # line by line outside the help (whose prose wraps differently), in order within it
    for en_line, de_line in zip(english, german, strict=True):
        if skeleton(de_line) != skeleton(en_line):
            assert skeleton("\n".join(german)) == skeleton("\n".join(english))
            assert not re.search(r"[●○]", en_line + de_line), f"\n{en_line}\n{de_line}"
    # the command help names typed words of both languages on purpose ("rot rot weiß")
    left = (words(without_help(german)) & words(without_help(english))) - SHARED
    assert not left, f"English words in the German match: {sorted(left)}\n" + "\n".join(german)


def test_german_colour_letters_and_words() -> None:
    # superhirn in German: G is gelb, N is grün; Y is no colour there
    german = run("de", "superhirn", "RGNB\nrot gelb grün blau\nRYGB\naufgeben\n", "--games", "1")
    rows = [line for line in german if line.startswith("Reihe ")]
    assert rows[0].split()[2:6] == ["R", "G", "N", "B"] == rows[1].split()[2:6]
    assert any("'Y' ist hier keine Farbe" in line for line in german)
    # the same letters in English: G is green, Y is yellow
    english = run(
        "en",
        "superhirn",
        "RYGB\nred yellow green blue\nrot gelb grün blau\ngiveup\n",
        "--games",
        "1",
    )
    rows = [line for line in english if line.startswith("row ")]
    assert [r.split()[2:6] for r in rows] == [["R", "Y", "G", "B"]] * 3


def test_german_pins_from_a_codemaker() -> None:
    # the person makes the code for the computer and answers in German pin words
    german = run(
        "de",
        "superhirn",
        "zufall\nrot rot weiß\nzurück\n2s1w\nbeenden\n",
        "--games",
        "1",
        "--role",
        "maker",
    )
    text = "\n".join(german)
    assert "dein zufälliger Geheimcode ist" in text
    assert "Partie abgebrochen: beenden" in text
