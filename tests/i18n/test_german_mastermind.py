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
    {"Mastermind", "Superhirn", "Logik", "Master", "Collor", "Computer", "orange"}
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


HELP_HEADINGS = ("Commands at the prompt:", "Befehle an der Eingabezeile:")


def without_help(lines: list[str]) -> list[str]:
    """The lines outside the command help (its heading, and the indented or blank lines
    under it, which click wraps to the width: as many lines as each language needs)."""
    out: list[str] = []
    in_help = False
    for line in lines:
        if line in HELP_HEADINGS:
            in_help = True
            continue
        if in_help and (not line or line.startswith(" ")):
            continue
        in_help = False
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
    assert len([line for line in english if line in HELP_HEADINGS]) == 1, english
    assert len([line for line in german if line in HELP_HEADINGS]) == 1, german
    # line by line outside the help (whose prose wraps differently)
    english_game, german_game = without_help(english), without_help(german)
    assert len(german_game) == len(english_game), "\n".join(german)
    for en_line, de_line in zip(english_game, german_game, strict=True):
        if skeleton(de_line) != skeleton(en_line):
            assert skeleton("\n".join(german_game)) == skeleton("\n".join(english_game))
            assert not re.search(r"[●○]", en_line + de_line), f"\n{en_line}\n{de_line}"
    # the command help names typed words of both languages on purpose ("rot rot weiß")
    left = (words(german_game) & words(english_game)) - SHARED
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
    assert "verlassen: Partie abgebrochen" in text


#: Each preset and variant, and its title in English and German: Superhirn's variants by the
#: rule book's names (DOPPELTE FARBEN, NEUNTE FARBE), other changes said plainly.
TITLES = [
    ([], "Classic Mastermind", "Klassisches Mastermind"),
    (["--preset", "superhirn"], "Superhirn", "Superhirn"),
    (["--preset", "logik"], "Logik", "Logik"),
    (["--preset", "master-collor"], "Master Collor", "Master Collor"),
    (
        ["--preset", "superhirn", "--duplicates"],
        "Superhirn, variant “double colours”",
        "Superhirn, Variante „Doppelte Farben“",
    ),
    (
        ["--preset", "superhirn", "--repeats"],
        "Superhirn, variant “double colours”",
        "Superhirn, Variante „Doppelte Farben“",
    ),
    (
        ["--preset", "superhirn", "--blank"],
        "Superhirn, variant “ninth colour”",
        "Superhirn, Variante „Neunte Farbe“",
    ),
    (
        ["--preset", "superhirn", "--blank", "--duplicates"],
        "Superhirn, variants “double colours” and “ninth colour”",
        "Superhirn, Varianten „Doppelte Farben“ und „Neunte Farbe“",
    ),
    (
        ["--no-repeats"],
        "Classic Mastermind without repeated colours",
        "Klassisches Mastermind ohne Farbwiederholung",
    ),
    (
        ["--blank"],
        "Classic Mastermind with empty holes",
        "Klassisches Mastermind mit leeren Löchern",
    ),
    (
        ["--no-repeats", "--blank"],
        "Classic Mastermind without repeated colours, with empty holes",
        "Klassisches Mastermind ohne Farbwiederholung, mit leeren Löchern",
    ),
    (
        ["--preset", "logik", "--no-repeats", "--blank"],
        "Logik without repeated colours, with empty holes",
        "Logik ohne Farbwiederholung, mit leeren Löchern",
    ),
    (
        ["--preset", "master-collor", "--blank"],
        "Master Collor with empty holes",
        "Master Collor mit leeren Löchern",
    ),
    (
        ["--preset", "logik", "--rows", "5"],
        "Custom game based on Logik",
        "Eigenes Spiel auf Basis von Logik",
    ),
    (
        ["--preset", "superhirn", "--blank", "--colours", "9"],
        "Custom game based on Superhirn",
        "Eigenes Spiel auf Basis von Superhirn",
    ),
    (
        ["--preset", "classic", "--positions", "5"],
        "Custom game based on Classic Mastermind",
        "Eigenes Spiel auf Basis von klassischem Mastermind",
    ),
]


@pytest.mark.parametrize(("options", "english", "german"), TITLES)
def test_every_game_is_titled_in_the_language_shown(
    options: list[str], english: str, german: str
) -> None:
    for language, title, where in (("en", english, "row 1 of"), ("de", german, "Reihe 1 von")):
        lines = run(language, "classic", "quit\n", *options, "--games", "1")
        assert lines[0].startswith(f"{title}: "), lines[0]
        # the board's heading at a guess (a Logik duel shows two boards under other headings)
        played = run(
            language, "classic", "board\nquit\n", *options, "--games", "1", "--role", "breaker"
        )
        assert any(line.startswith(f"{title}: {where}") for line in played), played
    german_words = words(run("de", "classic", "quit\n", *options, "--games", "1")[:1])
    assert not german_words & {"Custom", "game", "based", "variant", "variants", "and", "Classic"}


def test_the_presets_listing_names_each_game_in_the_language_shown() -> None:
    for language, classic in (("en", "Classic Mastermind: "), ("de", "Klassisches Mastermind: ")):
        result = CliRunner().invoke(main, ["--lang", language, "mastermind", "presets"])
        assert result.exit_code == 0, result.output
        names = [
            line.split(None, 1)[1].split(":")[0]
            for line in result.output.splitlines()
            if line[:1].islower()
        ]
        assert names == [classic[:-2], "Superhirn", "Logik", "Master Collor"]
    german = CliRunner().invoke(main, ["--lang", "de", "mastermind", "presets"]).output
    assert "(4.096 Codes statt 1.680); im Regelheft die Variante „Doppelte Farben“" in german
    assert "(3.393 Codes); im Regelheft die Variante „Neunte Farbe“" in german
    english = CliRunner().invoke(main, ["mastermind", "presets"]).output
    assert "(4,096 codes instead of 1,680); in the rule book the variant “double colours”" in (
        english
    )


def test_pins_are_counted_as_german_says_them() -> None:
    """The greeting asks for "erst rote, dann weiße Stifte", and wrong pins are counted with
    the adjective's ending (0 rote, 1 roter)."""
    args = ["--lang", "de", "mastermind", "play", "--preset", "superhirn", "--role", "maker"]
    args += ["--honour", "--games", "1", "--rows", "2", "--seed", "0"]
    # the code shown at the end (5678) has none of the colours of the first guess (RGNB)
    result = CliRunner().invoke(main, args, input="2 0\n2 0\n5678\n")
    assert "Signal-Stifte: erst rote, dann weiße Stifte, etwa '2 1'." in result.output
    assert "Reihe  1  R G N B   ●●··  2 rote, 0 weiße" in result.output
    assert "Falsche Signal-Stifte: Reihe 1 hätte 0 rote, 0 weiße bekommen müssen" in (result.output)
    i18n.set_language("de")
    from turing.mastermind.scoring import Feedback, pins_counted

    assert pins_counted(Feedback(1, 1), "red") == "1 roter, 1 weißer"
    assert pins_counted(Feedback(2, 0)) == "2 schwarze, 0 weiße"


def test_the_final_score_is_said_in_plain_german() -> None:
    args = ["--lang", "de", "mastermind", "play", "--seed", "1", "--games", "1"]
    result = CliRunner().invoke(main, args, input="aufgeben\nj\n")
    assert result.output.endswith("Endstand: Du 0; Computer 11. Der Computer gewinnt.\n"), (
        result.output
    )


def test_the_german_help_lists_hinweis_and_mentions_tipp_once() -> None:
    args = ["--lang", "de", "mastermind", "play", "--seed", "1"]
    result = CliRunner().invoke(main, args, input="hilfe\ntpp\nbrtt\nplo\nbeenden\n")
    listed = result.output.split("Befehle an der Eingabezeile:", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"^  hinweis +wie viele Codes", listed, re.M), listed
    assert len(re.findall(r"\btipp\b", listed)) == 1 and "(beim Raten; auch tipp)" in listed
    said = [line.split(": ", 2)[2] for line in result.stderr.splitlines() if "Zeile" in line]
    assert said == [
        "unbekannter Befehl 'tpp'; meintest du hinweis?",
        "unbekannter Befehl 'brtt'; meintest du brett?",
        "'plo' hat 3 Buchstaben; ein Code hat 4 Farben, etwa RNBG",
    ], result.stderr


def test_pins_a_row_should_have_had_are_counted_in_the_accusative() -> None:
    """ "Reihe 1 hätte 1 roten, 2 weiße bekommen müssen": the pins are what the row should
    have got, so one pin takes the accusative's ending; the board's rows keep the
    nominative (1 roter)."""
    args = ["--lang", "de", "mastermind", "play", "--preset", "superhirn", "--role", "maker"]
    args += ["--honour", "--games", "1", "--rows", "2", "--seed", "0"]
    # the code shown at the end (R B G 6) gives the first guess (R G N B) 1 red, 2 white
    result = CliRunner().invoke(main, args, input="2 0\n2 0\n1426\n")
    assert "Falsche Signal-Stifte: Reihe 1 hätte 1 roten, 2 weiße bekommen müssen" in (
        result.output
    ), result.output
    i18n.set_language("de")
    from turing.mastermind.scoring import Feedback, pins_counted

    assert pins_counted(Feedback(1, 1), "red", given=True) == "1 roten, 1 weißen"
    assert pins_counted(Feedback(1, 0), given=True) == "1 schwarzen, 0 weiße"
    assert pins_counted(Feedback(1, 1)) == "1 schwarzer, 1 weißer"
