"""Whole scripted games in German beside the same games in English: the same screens line
for line (the same codes, counts and marks in the same places), and no English word left
in the German game but the words both languages share (codes, names, ``Test``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing import i18n
from turing.cli.main import main

#: Words a German screen shares with the English one on purpose: the game's name, the
#: loan words German uses too, placeholders of the command list, the command line shown
#: for resuming or sharing, player names, verifier and shape letters.
SHARED = frozenset(
    {
        "Turing",
        "Machine",
        "Test",
        "Tests",
        "Code",
        "Codes",
        "CODE",
        "TEXT",
        "turing",
        "play",
        "board",
        "code",
        "resume",
        "bot",
        "Bot",
        "greedy",
        "random",
        "anna",
        "bob",
        "ok",
        # German words spelled as English ones
        "in",
        "an",
        "so",
        "die",
        "also",
    }
)
#: A word: letters only, not part of a code such as a share code (1ME25KNX).
WORD = re.compile(r"(?<!\w)[^\W\d_]+(?!\w)")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def run(language: str, args: list[str], script: str) -> list[str]:
    result = CliRunner().invoke(main, ["--lang", language, "play", *args], input=script)
    assert result.exit_code in (0, 1), result.output
    return result.output.splitlines()


def skeleton(line: str) -> list[str]:
    """What must agree between the languages on one line: the codes and the answers
    (criteria are worded differently: "count of 3s = 0" is "keine Drei")."""
    return re.findall(r"(?<!\d)\d{3}(?!\d)|[✔✘]", line)


def english_words_left(german: list[str], english: list[str]) -> set[str]:
    english_words = {w for line in english for w in WORD.findall(line)}
    german_words = {w for line in german for w in WORD.findall(line)}
    return {w for w in german_words & english_words if len(w) > 1 and w not in SHARED}


# English and German lines of the same game: the same moves, typed in each language.
GAMES = {
    "solo, every command": (
        [],
        "help\ntest 352 A B C\nmark y 2 no\nmark b1 yes\nnote A maybe\nstrike A 1\n"
        "unstrike A 1\nshow cards\nhint\nhint best\nbogus\ntest 352 Z\npass\n"
        "compose 241\ntest A\ndone\nsolve 241\n",
        "hilfe\nteste 352 A B C\nmarkiere g 2 nein\nmarkiere b1 ja\nnotiz A vielleicht\n"
        "streiche A 1\nzurück A 1\nzeige karten\nhinweis\nhinweis beste\nquatsch\n"
        "teste 352 Z\npassen\neingabe 241\nteste A\nfertig\nlösen 241\n",
    ),
    "solo, giving up": ([], "test 111 A\npass\ngiveup\n", "teste 111 A\npassen\naufgeben\n"),
    "two people and a bot": (
        ["--players", "anna,bob,bot:greedy", "--seed", "3"],
        "test 352 A B\npass\ntest 111 C\nsolve 235\ncompose 241\ntest D\nsolve 241\n",
        "teste 352 A B\npassen\nteste 111 C\nlösen 235\neingabe 241\nteste D\nlösen 241\n",
    ),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_a_german_game_matches_the_english_one(name: str) -> None:
    args, english_script, german_script = GAMES[name]
    english = run("en", args, english_script)
    german = run("de", args, german_script)
    assert len(german) == len(english), "\n".join(german)
    for en_line, de_line in zip(english, german, strict=True):
        assert skeleton(de_line) == skeleton(en_line), f"\n{en_line}\n{de_line}"
    left = english_words_left(german, english)
    assert not left, f"English words in the German game: {sorted(left)}"


def test_german_words_are_understood_in_an_english_game() -> None:
    script = (
        "hilfe\nteste 352 A B C\nmarkiere gelb 2 nein\nnotiz A vielleicht\nstreiche A 1\n"
        "zurück A 1\nzeige karten\nhinweis\npassen\neingabe 241\nteste A\nfertig\nlösen 241\n"
    )
    english = run("en", [], script)
    assert not any(line.startswith("error:") for line in english), "\n".join(english)
    assert "Marked ■2: ✘" in english
    assert "player wins: solved it." in english


def test_shape_letters_follow_the_language() -> None:
    german = run("de", [], "markiere g2 ja\nmarkiere y2 ja\nbeenden\n")
    assert "Markiert ■2: ✔" in german
    assert any("Fehler: Zeile 2: nenne zuerst ein Symbol: b, g oder l" in line for line in german)
    english = run("en", [], "mark y2 yes\nmark g2 yes\nquit\n")
    assert "Marked ■2: ✔" in english
    assert any("error: line 2: name a shape first: b, y or p" in line for line in english)
    # whole words of both languages are understood in both
    both = run("en", [], "mark gelb 2 ja\nmark yellow 3 yes\nquit\n")
    assert "Marked ■2: ✔" in both and "Marked ■3: ✔" in both


def test_a_word_show_or_hint_does_not_take_is_named_in_german() -> None:
    german = run("de", [], "zeige brett\nhinweis vielleicht\nlösen\nnotiz\nmarkiere\nbeenden\n")
    assert any(
        line.startswith("Fehler: Zeile 3: lösen braucht einen Code, drei Ziffern 1–5 wie 352")
        for line in german
    ), german
    assert any(
        line.startswith("Fehler: Zeile 4: notiz braucht einen Prüferbuchstaben") for line in german
    )
    assert any(
        line.startswith("Fehler: Zeile 5: eine Markierung nennt ein Symbol") for line in german
    )
    assert (
        "Fehler: Zeile 1: nach zeige darf nur karten folgen oder nichts, nicht 'brett' "
        "(Aufruf: zeige [karten])" in german
    )
    assert (
        "Fehler: Zeile 2: nach hinweis darf nur beste folgen oder nichts, nicht 'vielleicht' "
        "(Aufruf: hinweis [beste])" in german
    )


def test_the_neutral_name_of_a_puzzle_follows_the_language(tmp_path: Path) -> None:
    """A puzzle without an id of its own is called so in the language in use (the save
    keeps the English name)."""
    bank = tmp_path / "b.db"
    made = CliRunner().invoke(main, ["generate", "-n", "2", "--seed", "1", "--bank", str(bank)])
    assert made.exit_code == 0, made.output
    for args, english, german in (
        (["--random", "--seed", "3"], "random puzzle", "Zufallsrätsel"),
        (["--bank", str(bank), "--seed", "3"], "bank puzzle", "Rätsel aus der Bank"),
    ):
        lines_de = run("de", args, "beenden\n")
        lines_en = run("en", args, "quit\n")
        assert german in lines_de[0] and english not in "\n".join(lines_de), lines_de[:2]
        assert english in lines_en[0], lines_en[:2]


def test_a_mistyped_command_is_named_by_its_german_word() -> None:
    lines = run("de", [], "tset a\nlösne 352\nnotzi A x\n")
    said = [line for line in lines if line.startswith("Fehler")]
    assert [line.split(": ", 2)[2] for line in said] == [
        "unbekannter Befehl 'tset': meintest du teste? (tippe hilfe für die Befehle)",
        "unbekannter Befehl 'lösne': meintest du lösen? (tippe hilfe für die Befehle)",
        "unbekannter Befehl 'notzi': meintest du notiz? (tippe hilfe für die Befehle)",
    ]


def test_an_answer_typed_in_an_ordinary_game_is_refused_in_the_words_of_the_game() -> None:
    lines = run("de", [], "e 111\nteste A ja\nlösen 241 ja\nbeenden\n")
    said = [line for line in lines if line.startswith("Fehler")]
    answered = (
        "die Prüfer dieses Spiels antworten selbst: Antworten tippst du nur, wenn du am echten "
        "Spiel spielst"
    )
    assert said[:2] == [f"Fehler: Zeile 2: {answered}", f"Fehler: Zeile 3: {answered}"], said
    assert "Partie" not in "\n".join(lines)


def test_the_result_table_of_a_hot_seat_game_fits_80_columns_in_german() -> None:
    """A player out with a wrong code keeps the whole of their result cell on one line of an
    80-column terminal."""
    lines = run(
        "de",
        ["--players", "anna,ben", "--id", "02"],
        "teste 111 A\npassen\npassen\nlösen 435\nlösen 132\n",
    )
    table = lines[lines.index("Ergebnis · Lösung 435 · 2 Runden") + 1 :][:3]
    assert table[2].startswith("ben      in Runde 2 ausgeschieden (132 falsch)"), table
    assert all(len(line) <= 80 for line in table), table


@pytest.mark.parametrize(
    ("language", "players", "said", "stutter"),
    [
        ("en", [], "· solo", "players: player"),
        ("de", [], "· Solo", "Spieler: Spieler"),
        ("en", ["--players", "ann"], "· solo: ann", "players: ann"),
        ("de", ["--players", "ann"], "· Solo: ann", "Spieler: ann"),
    ],
)
def test_the_start_line_of_one_player_says_solo(
    language: str, players: list[str], said: str, stutter: str
) -> None:
    # the one player who gave no name is named "player" (Spieler): the start line does not
    # read "players: player" (Spieler: Spieler)
    start = run(language, players, "quit\n")[0]
    assert start.endswith(said), start
    assert stutter not in start


def test_the_german_status_line_calls_the_round_code_its_eingabe() -> None:
    # the round's code is its Eingabe, as the rules and the prompt call it; the solution to
    # type is a CODE
    lines = run("de", [], "eingabe 241\nteste A\nzeige\n")
    assert "Eingabe für Runde 1: 241" in lines
    status = [ln for ln in lines if "Runde: 241" in ln]
    assert status, lines
    assert all(ln.startswith("Eingabe der Runde: 241, getestet A; noch 2 Tests") for ln in status)


def test_the_german_end_screen_reads_as_the_rules_speak() -> None:
    """A full sentence after a colon starts with a capital; the optimal first round reads
    as the English does (compose, test), its code an Eingabe as the rules call it."""
    lines = run("de", [], "eingabe 111\nteste A\nlöse 111\n")
    assert "Eingabe für Runde 1: 111" in lines
    assert "Nicht gelöst: Der abgegebene Code war falsch." in lines
    assert "Eine optimale erste Runde: Stelle die Eingabe 111 zusammen, teste A." in lines
    assert not any(ln.startswith("Code für Runde") for ln in lines)
    given_up = run("de", [], "aufgeben\n")
    assert "Nicht gelöst: Du hast aufgegeben." in given_up
