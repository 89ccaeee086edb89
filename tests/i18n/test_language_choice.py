"""Which language turing speaks: ``--lang`` > ``TURING_LANG`` > the locale > English,
chosen before any help is drawn; a bad choice refused in one line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from turing import i18n
from turing.cli.main import lang_flag, main


@pytest.fixture(autouse=True)
def _english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("TURING_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("flag", "environ", "expected"),
    [
        (None, {}, "en"),
        (None, {"LANG": "de_DE.UTF-8"}, "de"),
        (None, {"LANG": "de_AT"}, "de"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),  # LC_ALL decides first
        (None, {"LC_MESSAGES": "de_DE", "LANG": "en_GB"}, "de"),
        (None, {"TURING_LANG": "en", "LANG": "de_DE.UTF-8"}, "en"),
        (None, {"TURING_LANG": "de", "LC_ALL": "en_US.UTF-8"}, "de"),
        ("en", {"TURING_LANG": "de", "LANG": "de_DE"}, "en"),
        ("de", {"TURING_LANG": "en"}, "de"),
    ],
)
def test_precedence(flag: str | None, environ: dict[str, str], expected: str) -> None:
    assert i18n.choose_language(flag, environ) == expected


@pytest.mark.parametrize("bad", ["fr", "deutsch", "x"])
def test_a_bad_name_is_refused_on_the_command_line_only(bad: str) -> None:
    with pytest.raises(i18n.LanguageError, match="choose one of en, de"):
        i18n.choose_language(bad, {})
    # set once for a whole shell, it is passed over: the locale decides
    assert i18n.choose_language(None, {"TURING_LANG": bad, "LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.choose_language(None, {"TURING_LANG": bad, "LANG": "C.UTF-8"}) == "en"
    assert i18n.choose_language(None, {"TURING_LANG": bad}) == "en"
    assert "TURING_LANG" in (i18n.unusable_turing_lang({"TURING_LANG": bad}) or "")


def test_lang_flag_is_read_anywhere_before_a_double_dash() -> None:
    assert lang_flag(["--lang", "de", "play"]) == "de"
    assert lang_flag(["export", "--lang=de", "x"]) == "de"
    assert lang_flag(["play", "--lang", "de", "--lang", "en"]) == "en"
    assert lang_flag(["play", "--", "--lang", "de"]) is None
    assert lang_flag(["play"]) is None


def run(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, env=env)
    return result.exit_code, result.output


def test_help_in_german_on_the_group_and_after_a_command() -> None:
    code, out = run(["--lang", "de", "--help"])
    assert code == 0
    assert out.startswith("Aufruf: ") and "Befehle" in out and "Optionen" in out
    assert "Ein Rätsel spielen" in out
    code, out = run(["play", "--help", "--lang", "de"])  # --lang after --help still counts
    assert code == 0
    assert "Ein Rätsel im Terminal spielen" in out
    assert "eingabe CODE" in out and "Diese Hilfe zeigen und beenden." in out
    code, out = run(["mastermind", "play", "--lang", "de", "--help"])
    assert code == 0 and "Optionen" in out


@pytest.mark.parametrize(
    ("args", "env", "word"),
    [
        ([], {"TURING_LANG": "de"}, "Befehle"),
        ([], {"LANG": "de_DE.UTF-8"}, "Befehle"),
        ([], {"LANG": "de_DE.UTF-8", "TURING_LANG": "en"}, "Commands"),
        (["--lang", "en"], {"TURING_LANG": "de"}, "Commands"),
    ],
)
def test_environment_chooses_when_no_flag(args: list[str], env: dict[str, str], word: str) -> None:
    code, out = run([*args, "--help"], env=env)
    assert code == 0 and word in out


def test_english_by_default_and_after_a_german_run() -> None:
    run(["--lang", "de", "--help"])
    _code, out = run(["--help"])
    assert "Commands" in out and "Befehle" not in out


@pytest.mark.parametrize(
    "args",
    [["--lang", "fr", "play"], ["play", "--lang", "xx"], ["puzzles", "--lang=klingon"]],
)
def test_a_bad_lang_is_refused_in_one_line(args: list[str]) -> None:
    code, out = run(args)
    assert code == 2
    assert out.count("\n") == 1 and out.startswith("error: invalid value for '--lang'"), out


def run_apart(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, args, env=env)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["--help"], "Commands"),
        (["puzzles"], "01"),
        (["rules", "criteria"], "verifier"),
        (["play", "--help"], "--players"),
    ],
)
def test_a_bad_turing_lang_is_a_warning_and_the_locale(args: list[str], shown: str) -> None:
    code, out, err = run_apart(args, {"TURING_LANG": "fr", "LANG": "C.UTF-8"})
    assert code == 0, err
    assert err == ("warning: TURING_LANG='fr' is not one of en, de: passed over for the locale\n")
    assert shown in out and "Befehle" not in out


def test_a_bad_turing_lang_gives_way_to_a_german_locale() -> None:
    code, out, err = run_apart(["--help"], {"TURING_LANG": "fr", "LANG": "de_DE.UTF-8"})
    assert code == 0, err
    assert err.startswith("Warnung: TURING_LANG='fr'") and err.count("\n") == 1
    assert "Befehle" in out


def test_a_bad_turing_lang_gives_way_to_lang() -> None:
    code, out, err = run_apart(["--lang", "de", "--help"], {"TURING_LANG": "fr"})
    assert code == 0 and err == "" and "Befehle" in out
    code, out, err = run_apart(["--lang", "xx", "--help"], {"TURING_LANG": "fr"})
    assert (
        code == 2
        and out == ""
        and err.startswith("error: invalid value for '--lang': 'xx' is not one of 'en', 'de'")
    ), err


def test_a_refusal_follows_the_language() -> None:
    code, out = run(["--lang", "de", "play", "--players", "a,a"])
    assert code == 2
    assert "Fehler: ungültiger Wert für '--players': zwei Spieler heißen 'a'" in out, out


def test_numbers_are_grouped_for_the_language() -> None:
    i18n.set_language("de")
    assert i18n.format_number(1033950) == "1.033.950"
    assert i18n.format_number(0.125, 3) == "0,125"
    assert i18n.format_percent(0.125, 1) == "12,5 %"
    i18n.set_language("en")
    assert i18n.format_number(1033950) == "1,033,950"
    assert i18n.format_percent(0.125, 1) == "12.5%"
