"""The words a German player meets where English had leaked or German read wrong: a file's
values named as the file spells them, modes and tiers and Mastermind roles by their
German names, classic Mastermind apart from the classic mode, the computer spoken of
with its article, and the after-game table read the right way round."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "puzzles" / "sample.yaml"  # problem 01: classic, easy, solution 241


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def words(result: Result) -> str:
    return " ".join(result.output.split())


# -- a file's values, as the file spells them ---------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_stated_difficulty_not_of_a_file_lists_the_files_own_words(
    tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(SAMPLE.read_text().replace("difficulty: easy", "difficulty: leicht"))
    result = run("--lang", lang, "check", str(path))
    assert result.exit_code == 1, result.output
    assert "'leicht'" in result.output
    assert "'easy'" in result.output  # named by the file's own word for it
    assert "leicht, normal, schwer" not in result.output


def test_a_mode_not_of_a_file_lists_the_files_own_words(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(SAMPLE.read_text().replace("mode: classic", "mode: klassisch"))
    result = run("--lang", "de", "check", str(path))
    assert result.exit_code == 2
    assert (
        "unbekannter Modus 'klassisch' (die Werte der Datei sind englisch: meintest du "
        "'classic'?)" in result.output
    )


# -- modes and tiers by their names --------------------------------------------------------


def test_no_puzzle_of_the_bank_matching_names_mode_and_tier_in_german(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    made = run("generate", "-n", "5", "--seed", "3", "--bank", str(bank), "--quiet")
    assert made.exit_code == 0, made.output
    args = ("play", "--bank", str(bank), "--mode", "albtraum", "--difficulty", "schwer")
    german = run("--lang", "de", *args)
    assert german.exit_code == 1  # nothing wrong with what was asked: the bank has none
    assert "(Modus Albtraum, Schwierigkeit schwer, Prüfer 4/5/6)" in german.stderr
    english = run("--lang", "en", *args)
    assert "(mode nightmare, difficulty hard, verifiers 4/5/6)" in english.stderr


def test_a_puzzle_of_another_mode_is_named_in_german() -> None:
    result = run("--lang", "de", "play", str(SAMPLE), "--mode", "albtraum")
    assert result.exit_code == 2
    assert "das Rätsel ist im Modus Klassisch, nicht Albtraum" in result.stderr


def test_a_missing_bank_is_said_plainly_in_german(tmp_path: Path) -> None:
    result = run("--lang", "de", "bank", "pick", str(tmp_path / "none.db"))
    assert result.exit_code == 2
    assert "keine Rätselbank gefunden" in result.stderr


# -- Mastermind's roles ----------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "maker"), [("brecher", "2"), ("Setzer", "1"), ("maker", "1")])
def test_role_takes_its_german_words(typed: str, maker: str) -> None:
    result = run(
        *("--lang", "de", "mastermind", "play", "--players", "computer,computer"),
        *("--seed", "1", "--games", "1", "--role", typed),
    )
    assert result.exit_code == 0, result.output
    assert f"Code-Setzer: Computer {maker}." in result.output


def test_role_names_its_values_in_german_and_every_list_alike() -> None:
    help_text = words(run("--lang", "de", "mastermind", "play", "--help"))
    assert "--role ROLLE" in help_text
    assert "Werte: brecher (breaker), setzer (maker), duell (duel)." in help_text
    assert "Werte: klassisch (classic), superhirn, logik, master-collor." in help_text
    assert "Vorgabe: Duell bei logik, sonst Brecher" in help_text
    refused = run("--lang", "de", "mastermind", "play", "--role", "bogus")
    assert refused.exit_code == 2
    assert "'brecher' (breaker), 'setzer' (maker), 'duell' (duel)" in refused.stderr
    play_help = words(run("--lang", "de", "play", "--help"))
    assert "Werte: klassisch (classic), extrem (extreme), albtraum (nightmare)." in play_help
    assert "Werte: leicht (easy), normal (standard), schwer (hard), keine (none)." in play_help
    english = words(run("--lang", "en", "mastermind", "play", "--help"))
    assert "--role ROLE" in english and "Values: breaker, maker, duel." in english


# -- the rules of the classic mode, and of classic Mastermind ----------------------------------


def test_klassisch_is_classic_and_classic_mastermind_has_a_name_of_its_own() -> None:
    for typed in ("kriterien", "extrem"):
        shown = run("--lang", "de", "rules", typed)
        assert shown.exit_code == 0 and shown.output.startswith("## Das Kriterienspiel")
        assert "Spielarten" in shown.output
    for typed in ("klassisches-mastermind", "Klassisches Mastermind", "classic", "Klassisch"):
        shown = run("--lang", "de", "rules", typed)
        assert shown.output.startswith("## Klassisches Mastermind, aus der Mastermind-Familie")
    assert run("--lang", "en", "rules", "classic").output.startswith("## Classic Mastermind")
    listed = words(run("--lang", "de", "rules", "--help"))
    # one lowercase word like the other topics; its line says which classic it is
    assert "klassisch (classic) das klassische Mastermind" in listed
    assert "Klassisches Mastermind (classic)" not in listed


def test_the_puzzle_list_writes_mode_and_tier_alike() -> None:
    """German writes the mode with a capital (Extrem): the tier beside it is written so too;
    English writes both in lowercase."""

    def cells(language: str) -> set[tuple[str, str]]:
        lines = run("--lang", language, "puzzles").output.splitlines()
        rows = [[c.strip() for c in line.split("│")[1:-1]] for line in lines if "│" in line]
        return {(row[2], row[4]) for row in rows if len(row) == 5}

    assert ("Extrem", "Schwer") in cells("de") and ("Klassisch", "Leicht") in cells("de")
    assert ("extreme", "hard") in cells("en") and ("classic", "easy") in cells("en")


# -- the computer with its article ---------------------------------------------------------


def test_the_computer_is_spoken_of_with_its_article_in_german() -> None:
    result = run(
        *("--lang", "de", "mastermind", "play", "--seed", "1", "--games", "1"),
        stdin="aufgeben\nj\n",
    )
    assert "11 Punkte für den Computer (10 + 1)." in result.output
    assert "Der Code des Computers war " in result.output
    english = run(
        *("--lang", "en", "mastermind", "play", "--seed", "1", "--games", "1"),
        stdin="giveup\ny\n",
    )
    assert "11 points to the computer (10 + 1)." in english.output
    assert "The computer's code was " in english.output


def test_a_persons_name_stands_as_it_is_beside_the_computer() -> None:
    result = run(
        *("--lang", "de", "mastermind", "play", "--preset", "logik", "--seed", "1"),
        *("--players", "human:Anna,computer"),
        stdin="rrrrr\nbrett\naufgeben\nj\n",
    )
    out = result.output
    assert "Anna gegen den Code des Computers:" in out
    assert "Computer gegen den Code von Anna:" in out
    assert "Der Code von Anna war R R R R R. Der Code des Computers war " in out


# -- after the game ---------------------------------------------------------------------------


def table_row(result: Result, name: str) -> str:
    return " ".join(
        [line for line in result.output.splitlines() if line.startswith(name)][-1].split()
    )


def test_a_solve_with_fewer_tests_than_the_fewest_reads_as_fewer() -> None:
    english = run("play", str(SAMPLE), stdin="solve 241\n")
    assert english.exit_code == 0, english.output
    assert table_row(english, "player ") == "player won 0 1 fewer 0"
    assert "-1" not in english.output
    german = run("--lang", "de", "play", str(SAMPLE), stdin="löse 241\n")
    assert "zum Minimum" in german.output
    assert table_row(german, "Spieler ") == "Spieler gewonnen 0 1 weniger 0"


def test_giving_up_alone_is_said_once_with_its_summary_line() -> None:
    result = run("--lang", "de", "play", str(SAMPLE), stdin="aufgeben\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Spieler gibt auf.") == 1
    assert result.output.count("Nicht gelöst: Du hast aufgegeben.") == 1
    assert "in Runde 1 aufgegeben" in result.output  # the table still says how it ended
