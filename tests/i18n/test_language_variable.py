"""gettext's ``LANGUAGE`` list chooses the language after ``--lang`` and ``TURING_LANG``
and before ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as GNU gettext reads it: its first entry
turing speaks decides, and it counts only when the locale is not C (nor unset); and the
runs of a bank are said in words of the language in use, not by their raw keys."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from turing import i18n
from turing.cli.main import main


@pytest.fixture(autouse=True)
def _english_afterwards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("TURING_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("flag", "environ", "expected"),
    [
        (None, {"LANGUAGE": "de", "LANG": "en_US.UTF-8"}, "de"),
        (None, {"LANGUAGE": "de:en", "LC_ALL": "en_GB.UTF-8"}, "de"),
        (None, {"LANGUAGE": "fr:de_AT:en", "LANG": "en_US.UTF-8"}, "de"),  # first one spoken
        (None, {"LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LANGUAGE": "fr:pt", "LANG": "de_DE.UTF-8"}, "de"),  # none spoken: the locale
        (None, {"LANGUAGE": "::de", "LANG": "en_US.UTF-8"}, "de"),
        (None, {"LANGUAGE": "de", "LC_ALL": "C", "LANG": "en_US.UTF-8"}, "en"),  # C locale
        (None, {"LANGUAGE": "de", "LANG": "C.UTF-8"}, "en"),
        (None, {"LANGUAGE": "de", "LANG": "POSIX"}, "en"),
        (None, {"LANGUAGE": "de"}, "en"),  # no locale set is the C locale
        (None, {"LANGUAGE": "de", "TURING_LANG": "en", "LANG": "en_US.UTF-8"}, "en"),
        (None, {"LANGUAGE": "en", "TURING_LANG": "de", "LANG": "en_US.UTF-8"}, "de"),
        ("en", {"LANGUAGE": "de", "LANG": "de_DE.UTF-8"}, "en"),
        (None, {"LANGUAGE": "de", "TURING_LANG": "fr", "LANG": "en_US.UTF-8"}, "de"),
    ],
)
def test_language_comes_after_turing_lang_and_before_the_locale(
    flag: str | None, environ: dict[str, str], expected: str
) -> None:
    assert i18n.choose_language(flag, environ) == expected


def test_puzzles_in_german_from_language() -> None:
    env = {"LANGUAGE": "de", "LANG": "en_US.UTF-8"}
    result = CliRunner().invoke(main, ["puzzles"], env=env)
    assert result.exit_code == 0
    assert "Mitgelieferte Rätsel" in result.output and "Modus" in result.output


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("bank") / "b.db"
    runner = CliRunner()
    for args in (
        ["-n", "2", "--seed", "2"],
        ["-n", "1", "--seed", "5", "--mode", "extreme", "--difficulty", "easy", "--min-tests", "2"],
    ):
        result = runner.invoke(main, ["--lang", "en", "generate", *args, "--bank", str(path)])
        assert result.exit_code == 0, result.output
    return str(path)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "classic, 4 verifiers, any tier, seed 2, card set classic, basic metrics",
                "extreme, 4 verifiers, tier easy, seed 5, card set classic, basic metrics, "
                "at least 2 tests",
            ],
        ),
        (
            "de",
            [
                "Klassisch, 4 Prüfer, Stufe beliebig, Startwert 2, Kartensatz classic, "
                "einfache Kennzahlen",
                "Extrem, 4 Prüfer, Stufe leicht, Startwert 5, Kartensatz classic, einfache "
                "Kennzahlen, mindestens 2 Tests",
            ],
        ),
    ],
)
def test_bank_stats_says_each_run_in_words(bank: str, lang: str, words: list[str]) -> None:
    result = CliRunner().invoke(
        main, ["--lang", lang, "bank", "stats", bank], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "|" not in result.output
    for line in words:
        assert line in result.output, result.output
