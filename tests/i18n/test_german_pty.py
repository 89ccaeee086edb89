"""The German line prompt at a real (pseudo-)terminal, as people play it with a German
locale: hot-seat handover, questions answered with j/ja, a German confirmation refused by
an English n. Only what the screen shows counts."""

from __future__ import annotations

import pexpect  # type: ignore[import-untyped]

from testsupport.cli import spawn_turing


def spawn(args: list[str], env_extra: dict[str, str]) -> pexpect.spawn:
    return spawn_turing(
        *args,
        env={"TERM": "xterm-256color", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", **env_extra},
        drop=("TURING_LANG", "LC_ALL"),
        size=(40, 140),
        timeout=30,
    )


def test_a_hot_seat_game_in_german_from_the_locale() -> None:
    child = spawn(["play", "--players", "anna,bernd"], {"LANG": "de_DE.UTF-8"})
    child.expect_exact("Gib die Tastatur an anna weiter und drücke Enter.")
    child.sendline("")
    child.expect_exact("Runde 1 · anna ·")
    child.expect_exact("anna>")
    child.sendline("teste 241 A")
    child.expect_exact("241 an A: ✔")
    child.expect_exact("anna>")
    child.sendline("lösen 241")
    child.expect_exact("241 als Lösung abgeben? Mit einem falschen Code scheidest du aus. [j/N]")
    child.sendline("nein")
    child.expect_exact("Nichts getan.")
    child.expect_exact("anna>")
    child.sendline("lösen 241")
    child.expect_exact("[j/N]")
    child.sendline("ja")
    child.expect_exact(
        "anna gibt 241 als Lösung ab (wird aufgedeckt, wenn sich alle entschieden haben)."
    )
    child.expect_exact("Gib die Tastatur an bernd weiter und drücke Enter.")
    child.sendline("")
    child.expect_exact("bernd>")
    child.sendline("passen")
    child.expect_exact("Runde 1 aufgedeckt:")
    child.expect_exact("anna hat 241 abgegeben — richtig")
    child.expect_exact("anna gewinnt mit dem richtigen Code.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_leaving_asks_in_german_and_the_flag_beats_the_locale() -> None:
    child = spawn(["--lang", "de", "play"], {"LANG": "en_US.UTF-8", "TURING_LANG": "en"})
    child.expect_exact("Spieler>")
    child.sendline("beenden")
    child.expect_exact("Das Spiel verlassen? [j/N]")
    child.sendline("j")
    child.expect_exact("Vorher speichern? Dateiname (Enter: nicht speichern):")
    child.sendline("")
    child.expect_exact("verlassen: Spiel abgebrochen")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_mastermind_hints_and_asks_in_german_before_leaving() -> None:
    child = spawn(["--lang", "de", "mastermind", "play", "--seed", "4"], {})
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("tipp")
    child.expect_exact("1.296 Codes passen zu den bisherigen Reihen.")
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("beenden")
    child.expect_exact("Die Partie verlassen? [j/N]")
    child.sendline("nein")
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("beenden")
    child.expect_exact("Die Partie verlassen? [j/N]")
    child.sendline("j")
    child.expect_exact("Vorher speichern? Dateiname (Enter: nicht speichern): ")
    child.sendline("")
    child.expect_exact("verlassen: Partie abgebrochen")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_mastermind_asks_in_german_before_giving_up() -> None:
    child = spawn(["mastermind", "play", "--seed", "4", "--games", "1"], {"LANG": "de_DE.UTF-8"})
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("aufgeben")
    child.expect_exact("Dieses Spiel aufgeben? Es wird als verloren gewertet. [j/N]")
    child.sendline("nein")
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("gib auf")
    child.expect_exact("[j/N]")
    child.sendline("j")
    child.expect_exact("Du hast nach 0 Reihen aufgegeben; 11 Punkte für den Computer (10 + 1).")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_mastermind_names_a_line_of_words_as_a_command_in_german() -> None:
    child = spawn(["mastermind", "play", "--seed", "4"], {"LANG": "de_DE.UTF-8"})
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("zeig das brett")
    child.expect_exact(
        "Fehler: unbekannter Befehl 'zeig'; die Befehle hier sind hinweis, brett, hilfe, regeln, "
        "aufgeben, beenden"
    )
    child.sendline("rot grün blau lila")
    child.expect_exact("Fehler: 'lila' kommt in diesem Spiel nicht vor")
    child.sendline("rot grün blau gelb")  # a code in words is still a guess
    child.expect_exact("Du, dein Rateversuch — Reihe 2 von 10")
    child.sendline("beenden")
    child.expect_exact("Die Partie verlassen? [j/N]")
    child.sendline("j")
    child.expect_exact("Vorher speichern? Dateiname (Enter: nicht speichern): ")
    child.sendline("")
    child.expect_exact("verlassen: Partie abgebrochen")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
