"""Modes, tiers and rules topics are taken by their English value or by their name in any
language (``leicht``, ``Albtraum``, ``kriterien``), case and umlauts aside; the help and
the errors list the names in the language in use, the English value beside."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.cli.options import MODE_CHOICE, TIER_CHOICE, TIER_OR_NONE_CHOICE, NamedChoice
from turing.cli.rules import TOPIC_CHOICE
from turing.i18n import LANGUAGES, set_language, speaking


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("tier", ["leicht", "LEICHT", "easy", "Normal", "schwer"])
def test_play_takes_a_mode_and_a_tier_by_their_names_in_any_language(lang: str, tier: str) -> None:
    result = run(
        *("--lang", lang, "play", "--random", "--mode", "albtraum", "--difficulty", tier),
        *("--seed", "3"),
        stdin="quit\n",
    )
    assert result.exit_code != 2, result.output
    assert ("nightmare" if lang == "en" else "Albtraum") in result.output


@pytest.mark.parametrize(
    ("choice", "typed", "meant"),
    [
        (MODE_CHOICE, "klassisch", "classic"),
        (MODE_CHOICE, "EXTREM", "extreme"),
        (MODE_CHOICE, "Albtraum", "nightmare"),
        (MODE_CHOICE, "nightmare", "nightmare"),
        (TIER_CHOICE, "schwer", "hard"),
        (TIER_CHOICE, "normal", "standard"),
        (TIER_CHOICE, "Standard", "standard"),
        (TIER_OR_NONE_CHOICE, "keine", "none"),
        (TIER_OR_NONE_CHOICE, "none", "none"),
        (TOPIC_CHOICE, "Kriterien", "criteria"),
        (TOPIC_CHOICE, "superhirn", "superhirn"),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_value_means_one_thing_whatever_the_language(
    choice: NamedChoice, typed: str, meant: str, lang: str
) -> None:
    with speaking(lang):
        assert choice.convert(typed, None, None) == meant


def test_a_name_with_umlauts_is_taken_without_them() -> None:
    choice = NamedChoice({"big": "Größe"}, "SIZE")
    for typed in ("Größe", "groesse", "GROSSE"):
        assert choice.convert(typed, None, None) == "big"


@pytest.mark.parametrize("choice", [MODE_CHOICE, TIER_OR_NONE_CHOICE, TOPIC_CHOICE])
def test_no_spelling_means_two_values(choice: NamedChoice) -> None:
    seen: dict[str, str] = {}
    for value in choice.choices:
        for spelling in choice.spellings(value):
            assert seen.setdefault(spelling, value) == value


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--difficulty", "leicht", "--mode", "bogus"],
        ["board", "--mode", "bogus"],
        ["generate", "-n", "1", "--mode", "bogus"],
        ["bank", "pick", "b.db", "--mode", "bogus"],
        ["bank", "export", "b.db", "--mode", "bogus"],
        ["export", "b.db", "--mode", "bogus"],
    ],
)
def test_every_mode_option_lists_the_names_of_the_language_in_use(args: list[str]) -> None:
    result = run("--lang", "de", *args)
    assert result.exit_code == 2
    assert "'klassisch' (classic), 'extrem' (extreme), 'albtraum' (nightmare)" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--difficulty", "bogus"],
        ["generate", "-n", "1", "--difficulty", "bogus"],
        ["bank", "pick", "b.db", "--difficulty", "bogus"],
        ["bank", "export", "b.db", "--difficulty", "bogus"],
        ["export", "b.db", "--difficulty", "bogus"],
    ],
)
def test_every_difficulty_option_lists_the_names_of_the_language_in_use(args: list[str]) -> None:
    result = run("--lang", "de", *args)
    assert result.exit_code == 2
    assert "'leicht' (easy), 'normal' (standard), 'schwer' (hard)" in result.stderr


def test_the_help_lists_the_names_with_the_english_values() -> None:
    german = " ".join(run("--lang", "de", "play", "--help").output.split())
    assert "--difficulty STUFE" in german and "--mode MODUS" in german
    # one form in every list: a German name written as a name, with a capital letter
    assert "Werte: leicht (easy), normal (standard), schwer (hard), keine (none)." in german
    assert "Werte: klassisch (classic), extrem (extreme), albtraum (nightmare)." in german
    english = " ".join(run("--lang", "en", "play", "--help").output.split())
    assert "--difficulty TIER" in english and "Values: easy, standard, hard, none." in english


def test_rules_takes_a_german_topic_and_names_its_placeholder_plainly() -> None:
    assert run("--lang", "de", "rules", "kriterien").output.startswith("## Das Kriterienspiel")
    assert run("--lang", "en", "rules", "KRITERIEN").output.startswith("## The criteria game")
    refused = run("--lang", "de", "rules", "bogus")
    assert refused.exit_code == 2
    assert (
        "'THEMA': 'bogus' ist keiner der Werte 'kriterien' (criteria), 'extrem' (extreme), "
        "'albtraum' (nightmare), 'mastermind'"
    ) in refused.stderr
    helped = run("--lang", "de", "rules", "--help").output
    assert "[THEMA]" in helped and "kriterien (criteria)" in helped


def test_check_names_the_stated_tier_in_the_language_in_use(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\ndifficulty: hard\n")
    german = run("--lang", "de", "check", str(path))
    assert "angegebene Schwierigkeit 'hard' (schwer), aber die Karten ergeben leicht" in (
        german.stdout
    )
    english = run("--lang", "en", "check", str(path))
    assert "stated difficulty 'hard' but the cards make it easy" in english.stdout
