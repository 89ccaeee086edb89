"""What a German-speaking player types, as they would type it: the language's name in any
case, the game's own words at the shell, and slips in a game read as slips."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from turing.cli.main import main


def run(args: list[str], script: str = "", env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(
        main, args, input=script, env=env or {"TURING_LANG": "en"}, prog_name="turing"
    )
    return result.exit_code, result.output


@pytest.mark.parametrize("name", ["DE", "De", "de_DE", "de-AT"])
def test_lang_takes_a_language_as_turing_lang_does(name: str) -> None:
    code, out = run(["--lang", name, "solve", "nope"])
    assert code == 2 and out == "Fehler: nope: Datei nicht gefunden\n", out


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["--lang", "deutsch", "solve", "nope"], "turing"),
        (["solve", "--lang", "XX"], "turing solve"),
    ],
)
def test_a_bad_lang_is_said_as_any_bad_option_value(args: list[str], command: str) -> None:
    code, out = run(args, env={"TURING_LANG": "de"})
    bad = args[args.index("--lang") + 1]
    assert code == 2
    assert out == (
        f"Fehler: ungültiger Wert für '--lang': '{bad}' ist keiner der Werte 'en', 'de' "
        f"({command} --help listet die Optionen auf)\n"
    ), out


@pytest.mark.parametrize(
    ("word", "meant"),
    [("regeln", "rules"), ("hilfe", "--help"), ("spielen", "play"), ("Brett", "board")],
)
def test_the_games_german_words_at_the_shell_offer_the_command(word: str, meant: str) -> None:
    code, out = run(["--lang", "de", word])
    assert code == 2
    assert out == (
        f"Fehler: kein Befehl '{word}'; meintest du '{meant}'? "
        "(turing --help listet die Befehle auf)\n"
    ), out


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("line", ["teste X", "teste 111 n", "test 111 x"])
def test_a_letter_no_verifier_has_is_not_taken_for_a_box_answer(lang: str, line: str) -> None:
    _code, out = run(["--lang", lang, "play", "--id", "02"], f"{line}\nbeenden\n")
    typed = line.split()[-1]
    said = {"de": f"kein Prüfer '{typed}'", "en": f"no verifier '{typed}'"}[lang]
    assert said in out, out
    assert "antworten selbst" not in out and "answer by themselves" not in out


@pytest.mark.parametrize("line", ["teste A ja", "teste 111 B+", "löse 111 n"])
def test_what_reads_as_a_box_answer_points_to_the_box(line: str) -> None:
    _code, out = run(["--lang", "de", "play", "--id", "02"], f"{line}\nbeenden\n")
    assert "die Prüfer dieses Spiels antworten selbst" in out, out


def test_gib_is_no_command_and_nothing_follows_gib_auf() -> None:
    script = "gib 111\ngib auf nicht\nbeenden\n"
    _code, out = run(["--lang", "de", "play", "--id", "02"], script)
    assert (
        "unbekannter Befehl 'gib': meintest du eingabe (die Eingabe der Runde) oder lösen "
        "(die Lösung)?" in out
    ), out
    assert "nach gib auf darf nichts folgen" in out, out
    assert "ist kein Code" not in out


def test_ende_is_the_end_of_the_turn_or_of_the_game() -> None:
    _code, out = run(["--lang", "de", "play", "--id", "02"], "ende\nbeenden\n")
    assert "unbekannter Befehl 'ende': meintest du fertig oder beenden?" in out, out
