"""``turing rules`` in German: ``docs/rules.de.md`` is shown when the language is German,
and it has a section for every section of the English page, in the same order, with the
same numbers, the same game-only blocks and the same table rows."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.rulebook import GAMES, PAGES, TOPICS, rules_path, select
from turing.i18n import set_language

ENGLISH = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
GERMAN = (ROOT / "docs" / "rules.de.md").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def rules(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*args], env=env)
    return result.exit_code, result.output


def headings(page: str) -> list[str]:
    return [line.split(" ", 1)[0] for line in page.splitlines() if line.startswith("#")]


def sections(page: str) -> list[str]:
    """The page cut at every heading."""
    return re.split(r"\n(?=#{1,3} )", page)


def numbers(text: str) -> list[str]:
    text = re.sub(r"\[[^\]]*\]\([^)]*\)", "", text)  # links name files, not rules
    text = text.replace("1–17", "1 17").replace("1–22", "1 22")
    return sorted(re.findall(r"\d+", text))


def test_the_german_page_is_shipped_beside_the_english_one() -> None:
    assert rules_path("de").resolve() == (ROOT / "docs" / "rules.de.md").resolve()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs/rules.de.md"] == "turing/_data/docs/rules.de.md"


def test_each_english_section_has_its_german_one() -> None:
    assert headings(GERMAN) == headings(ENGLISH)
    english, german = sections(ENGLISH), sections(GERMAN)
    assert len(english) == len(german)
    for en, de in zip(english, german, strict=True):
        title = en.splitlines()[0]
        # every number a rule states is stated in German too (bonus points, rows, tiers …)
        assert numbers(de) == numbers(en), title
        assert re.findall(r"<!--.*?-->", de) == re.findall(r"<!--.*?-->", en), title
        assert re.findall(r"^\| `[a-z-]+`", de, re.M) == re.findall(r"^\| `[a-z-]+`", en, re.M)
        assert re.findall(r"`turing [a-z ]+", de) == re.findall(r"`turing [a-z ]+", en), title


def test_the_section_headings_named_for_topics_exist_in_both_pages() -> None:
    for lang, (name, section_titles, _) in PAGES.items():
        page = (ROOT / "docs" / name).read_text(encoding="utf-8")
        for heading in section_titles.values():
            assert f"\n## {heading}\n" in page, (lang, heading)


def test_german_is_shown_when_the_language_is_german() -> None:
    code, out = rules("--lang", "de", "rules")
    assert code == 0, out
    assert out.startswith("# Die Spielregeln")
    assert "## Das Kriterienspiel" in out and "## Die Mastermind-Familie" in out
    assert "<!--" not in out and "](" not in out
    code, out = rules("rules", env={"TURING_LANG": "de"})
    assert code == 0 and "### Eine Runde" in out
    code, out = rules("--lang", "en", "rules", env={"TURING_LANG": "de"})
    assert code == 0 and out.startswith("# The rules")


@pytest.mark.parametrize("topic", TOPICS)
def test_each_topic_prints_its_german_part(topic: str) -> None:
    code, out = rules("--lang", "de", "rules", topic)
    assert code == 0, out
    assert ("### Eine Runde" in out) == (topic == "criteria")
    assert ("### Signal-Stifte" in out) == (topic != "criteria")
    assert "The criteria game" not in out and "Mastermind family" not in out
    if topic in GAMES:
        assert out.startswith(f"## {PAGES['de'][2][topic]}")
        rows = [line for line in out.splitlines() if line.startswith("| `")]
        assert rows == [next(r for r in rows if f"`{topic}`" in r)]
        swapping = topic != "logik"
        assert ("### Falsche Signale" in out) == swapping and ("3 Punkte" in out) == swapping
        assert ("punktet nur der Code-Setzer" in out) == swapping
        bullets = {
            "superhirn": "**Superhirn**:",
            "classic": "**classic**:",
            "logik": "**Logik**",
            "master-collor": "**Master Collor**",
        }
        for game, bullet in bullets.items():
            assert (bullet in out) == (game == topic)
        # a game's own page speaks of that game alone
        assert "**Superhirn und classic**" not in out
        assert ("(bei Superhirn rot)" in out) == (topic != "superhirn")
        assert ("- **rot** –" in out) == (topic == "superhirn")


def test_select_takes_the_language_of_the_page() -> None:
    part = select(GERMAN, "superhirn", "de")
    assert part.startswith("## Superhirn, aus der Mastermind-Familie")
    assert "Code-Setzer" in part and "Code-Brecher" in part and "Signal-Stift" in part
    assert "neunten Farbe" in part and "Logik**: keine Punkte" not in part


def test_the_book_vocabulary_is_used() -> None:
    criteria = select(GERMAN, "criteria", "de")
    for word in ("Eingabe", "Test", "Testkarte", "Kriterium", "Prüfer", "Schlussfolgerungen"):
        assert word in criteria, word
    assert "**Lösen.**" in criteria


def test_the_german_rules_speak_to_the_player_as_du() -> None:
    """The rules say "du", as the games do; never the impersonal "man"."""
    code, out = rules("--lang", "de", "rules")
    assert code == 0, out
    assert re.findall(r"\b[Mm]an\b", out) == []
    for said in ("Du stellst eigene", "Testest du eine Eingabe", "Du nimmst dazu", "Du wählst"):
        assert said in " ".join(out.split()), said
