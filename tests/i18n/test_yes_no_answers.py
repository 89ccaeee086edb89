"""A yes or a no is read the same way wherever one is typed, in either language: ``j``,
``ja``, ``y``, ``yes`` and ``n``, ``nein``, ``no`` (a grid mark ends with one, a question
is answered with one). A question answered with neither is asked once more (``Please type
y (yes) or n (no).`` / ``Bitte j (ja) oder n (nein) tippen.``), then taken as its default,
no."""

from __future__ import annotations

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import spawn_turing
from turing.cli.main import main


def play(lang: str, script: str) -> str:
    result = CliRunner().invoke(main, ["--lang", lang, "play"], input=script)
    return result.output


@pytest.mark.parametrize(
    ("lang", "line", "shown"),
    [
        ("de", "markiere lila 1 n", "●1: ✘"),
        ("de", "markiere lila 1 j", "●1: ✔"),
        ("de", "markiere l 2 y", "●2: ✔"),
        ("en", "mark purple 1 n", "●1: ✘"),
        ("en", "mark p 1 j", "●1: ✔"),
        ("en", "mark p 3 nein", "●3: ✘"),
    ],
)
def test_a_mark_ends_with_any_short_yes_or_no(lang: str, line: str, shown: str) -> None:
    output = play(lang, line + "\n")
    assert "error" not in output.lower() and "Fehler" not in output, output
    assert shown in output, output


def test_the_one_reader_of_yes_and_no() -> None:
    from turing.i18n import yes_or_no

    for word in ("y", "Y", "yes", "j", "ja", " JA "):
        assert yes_or_no(word) is True
    for word in ("n", "no", "nein", "N"):
        assert yes_or_no(word) is False
    for word in ("", "vielleicht", "maybe", "jein"):
        assert yes_or_no(word) is None


def spawn(args: list[str]) -> pexpect.spawn:
    return spawn_turing(
        *args,
        env={"TERM": "xterm-256color", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"},
        drop=("TURING_LANG", "LC_ALL", "LANGUAGE"),
        size=(40, 140),
        timeout=30,
    )


def test_leaving_asks_again_once_when_the_answer_is_neither() -> None:
    child = spawn(["--lang", "de", "play"])
    child.expect_exact("Spieler>")
    child.sendline("beenden")
    child.expect_exact("Das Spiel verlassen? [j/N]")
    child.sendline("vielleicht")
    child.expect_exact("Bitte j (ja) oder n (nein) tippen.")
    child.expect_exact("Das Spiel verlassen? [j/N]")
    child.sendline("vielleicht")  # twice neither: the default, no
    child.expect_exact("Spieler>")
    child.sendline("beenden")
    child.expect_exact("Das Spiel verlassen? [j/N]")
    child.sendline("egal")
    child.expect_exact("Bitte j (ja) oder n (nein) tippen.")
    child.sendline("y")
    child.expect_exact("Vorher speichern? Dateiname (Enter: nicht speichern):")
    child.sendline("")
    child.expect_exact("verlassen: Spiel abgebrochen")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_submitting_asks_again_in_english() -> None:
    child = spawn(["--lang", "en", "play"])
    child.expect_exact("player>")
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("maybe")
    child.expect_exact("Please type y (yes) or n (no).")
    child.expect_exact("[y/N]")
    child.sendline("j")
    child.expect_exact("player wins")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_mastermind_asks_again_once_before_leaving() -> None:
    child = spawn(["--lang", "de", "mastermind", "play", "--seed", "4"])
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("beenden")
    child.expect_exact("Die Partie verlassen? [j/N]")
    child.sendline("vielleicht")
    child.expect_exact("Bitte j (ja) oder n (nein) tippen.")
    child.expect_exact("Die Partie verlassen? [j/N]")
    child.sendline("n")
    child.expect_exact("Du, dein Rateversuch — Reihe 1 von 10")
    child.sendline("beenden")
    child.expect_exact("Die Partie verlassen? [j/N]")
    child.sendline("y")
    child.expect_exact("Vorher speichern? Dateiname (Enter: nicht speichern): ")
    child.sendline("")
    child.expect_exact("verlassen: Partie abgebrochen")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
