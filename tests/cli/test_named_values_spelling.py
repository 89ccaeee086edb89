"""--preset is taken as --mode and --difficulty are (case, spaces and dashes aside), rules
topics without their dashes, ``alptraum`` as ``Albtraum``; a value that is nearly one gets
a "did you mean"."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.i18n import set_language


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("Superhirn", "Superhirn:"),
        ("mastercollor", "Master Collor:"),
        ("Master Collor", "Master Collor:"),
        ("LOGIK", "Logik"),
    ],
)
def test_simulate_takes_a_preset_in_any_case(typed: str, title: str) -> None:
    result = run(
        "mastermind", "simulate", "--preset", typed, "--strategy", "knuth", "--sample", "1",
        "--seed", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output.startswith(title)


@pytest.mark.parametrize("command", ["play", "board"])
def test_play_and_board_take_a_preset_in_any_case(command: str) -> None:
    result = run("mastermind", command, "--preset", "Super-Hirn", "--bogus")
    # the preset is taken: what is refused is the option after it
    assert "--preset" not in result.output
    assert "--bogus" in result.output


def test_rules_take_a_topic_without_its_dash() -> None:
    result = run("rules", "mastercollor")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("## Master Collor")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_alptraum_is_nightmare(lang: str) -> None:
    result = run("--lang", lang, "play", "--mode", "Alptraum", "--seed", "1", stdin="quit\n")
    assert result.exit_code != 2, result.output
    assert ("nightmare" if lang == "en" else "Albtraum") in result.output


@pytest.mark.parametrize(
    ("args", "meant"),
    [
        (["mastermind", "simulate", "--preset", "superhrn", "--strategy", "knuth"], "superhirn"),
        (["play", "--mode", "nightmar"], "nightmare"),
        (["rules", "kriterein"], "criteria"),
    ],
)
def test_a_value_nearly_right_gets_a_suggestion(args: list[str], meant: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert f"did you mean {meant!r}?" in result.output


def test_german_suggests_the_german_name() -> None:
    result = run("--lang", "de", "play", "--mode", "albtrum")
    assert result.exit_code == 2
    assert "meintest du 'albtraum'?" in result.output  # lower case, as the values listed


def test_a_value_far_from_every_one_gets_none() -> None:
    result = run("mastermind", "simulate", "--preset", "xyz", "--strategy", "knuth")
    assert result.exit_code == 2
    assert "did you mean" not in result.output
    assert "'xyz' is not one of 'classic', 'superhirn', 'logik', 'master-collor'" in result.output
