"""A strike named by a verifier's letter where the letter names no one card: the refusal
shows the form that works with what was typed (the criterion typed; in extreme the
letter's cards in the order shown), never a card the table hides."""

from __future__ import annotations

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner

from testsupport.cli import spawn_turing
from turing.cli.main import main


def errors(puzzle_id: str, script: str, lang: str = "en") -> list[str]:
    result = CliRunner().invoke(main, ["play", "--id", puzzle_id, "--lang", lang], script)
    assert "Traceback" not in result.output
    return [line for line in result.output.splitlines() if "error" in line or "Fehler" in line]


def test_extreme_suggests_the_typed_criterion_on_the_letters_cards() -> None:
    # 03-X shows A: 4, 25; B: 9, 33; C: 13, 44 (each pair in ascending order)
    said = errors("03-X", "strike C 2\nstrike A 3\nstrike b 5\nstrike B 9\nquit\n")
    assert said == [
        "error: line 1: verifier C has more than one card; name the criterion by its card: "
        "strike 13.2 or strike 44.2",
        "error: line 2: verifier A has more than one card; name the criterion by its card: "
        "strike 4.3 or strike 25.3",
        # card 9 has four criteria: criterion 5 is only card 33's
        "error: line 3: verifier B has more than one card; name the criterion by its card: "
        "strike 33.5",
        # a criterion neither card has: the first of each
        "error: line 4: verifier B has more than one card; name the criterion by its card: "
        "strike 9.1 or strike 33.1",
    ]


def test_nightmare_suggests_the_typed_criterion_on_a_card_the_player_names() -> None:
    said = errors("04-N", "strike A 1\nstrike C 2\nstrike d 4\nquit\n")
    assert said == [
        f"error: line {n}: in nightmare mode a criterion is named by its card, not by a "
        f"verifier's letter: strike CARD.{k}, with CARD one of 3, 8, 15, 16"
        for n, k in ((1, 1), (2, 2), (3, 4))
    ]


def test_the_suggestions_in_german() -> None:
    assert errors("03-X", "streiche C 2\nquit\n", "de") == [
        "Fehler: Zeile 1: Prüfer C hat mehr als eine Karte; nenne das Kriterium über seine "
        "Karte: streiche 13.2 oder streiche 44.2"
    ]
    assert errors("04-N", "streiche B 3\nquit\n", "de") == [
        "Fehler: Zeile 1: im Albtraum-Modus nennst du ein Kriterium über seine Karte, nicht "
        "über den Buchstaben eines Prüfers: streiche KARTE.3, wobei KARTE eine von 3, 8, 15, "
        "16 ist"
    ]


def test_nightmare_strike_by_letter_at_a_terminal(children: list[pexpect.spawn]) -> None:
    child = spawn_turing(
        "play",
        "--id",
        "04-N",
        env={"TERM": "xterm", "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "TURING_LANG": "en"},
        size=(40, 160),
    )
    children.append(child)
    child.expect_exact("player>")
    child.sendline("strike B 2")
    child.expect_exact(
        "error: in nightmare mode a criterion is named by its card, not by a verifier's "
        "letter: strike CARD.2, with CARD one of 3, 8, 15, 16"
    )
    child.expect_exact("player>")
    child.sendline("strike 8.2")
    child.expect_exact("Struck: 8.2")
