"""Output at a narrow terminal (80 and 60 columns), in English and German: headings wrap
at the terminal's width, figures are never cut short, and a wrapped line continues under
its own column."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from turing.cli import analyze, cards, generate
from turing.cli.main import main

WIDTHS = (80, 60)
LANGS = ("en", "de")


def at_width(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """The commands write to a terminal ``width`` columns wide."""

    def console() -> Console:
        return Console(width=width, force_terminal=True, color_system=None, highlight=False)

    for module in (analyze, cards, generate):
        monkeypatch.setattr(module, "stdout_console", console)


def screen(monkeypatch: pytest.MonkeyPatch, width: int, *args: str) -> list[str]:
    at_width(monkeypatch, width)
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    too_long = [line for line in lines if len(line) > width]
    assert not too_long, too_long
    return lines


def numbers_whole(lines: list[str]) -> None:
    cut = [line for line in lines if re.search(r"\d…|…\d", line)]
    assert not cut, cut


# -- cards show ------------------------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_card_headings_wrap_at_the_terminal_not_at_the_table(
    monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    lines = screen(monkeypatch, width, "cards", "show", "1", "48")
    assert "Card 1 · ▲ compared with 1 · easy" in lines
    assert "Card 48 · two digits compared · hard" in lines
    lines = screen(monkeypatch, width, "--lang", "de", "cards", "show", "48")
    assert lines[0] == "Karte 48 · zwei Ziffern im Vergleich · schwer"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_long_card_title_fills_the_terminal_width(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, width: int
) -> None:
    title = " ".join(["word"] * 30)
    path = tmp_path / "long.yaml"
    path.write_text(
        "name: long\ncards:\n"
        f"  - number: 1\n    title: {title}\n    criteria: [b < 3, b == 3, b > 3]\n",
        encoding="utf-8",
    )
    lines = screen(monkeypatch, width, "cards", "show", "--cardset", str(path))
    assert lines[0].startswith("Card 1 · word word")
    assert len(lines[0]) > width - 6


# -- bank stats ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> str:
    db = str(tmp_path_factory.mktemp("bank") / "b.db")
    for mode, verifiers in (("classic", "4"), ("extreme", "5")):
        result = CliRunner().invoke(
            main,
            [
                "generate",
                "--count",
                "6",
                "--seed",
                "1",
                "--mode",
                mode,
                "--verifiers",
                verifiers,
                "--bank",
                db,
                "-o",
                str(Path(db).with_suffix(f".{mode}.jsonl")),
                "-q",
            ],
        )
        assert result.exit_code == 0, result.output
    return db


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_bank_stats_keeps_every_figure_whole(
    monkeypatch: pytest.MonkeyPatch, bank: str, width: int, lang: str
) -> None:
    lines = screen(monkeypatch, width, "--lang", lang, "bank", "stats", bank)
    numbers_whole(lines)
    assert not [line for line in lines if "…" in line]
    mode = {"en": "classic", "de": "Klassisch"}[lang]
    rows = [line.split() for line in lines if line.split()[:1] == [mode]]
    # a row of figures and a row of the fewest tests per group, each on one line
    assert len(rows) == 6
    figures, tests = rows[:3], rows[3:]
    assert all(len(row) == 8 for row in figures), figures
    assert all(len(row) == 9 for row in tests), tests
    # min ≤ mean ≤ max, each a whole number in its own column
    decimal = {"en": ".", "de": ","}[lang]
    for row in tests:
        low, mean, high = (float(x.replace(decimal, ".")) for x in row[3:6])
        assert low <= mean <= high


# -- analyze ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_analyze_continues_a_wrapped_line_under_its_own_indent(
    monkeypatch: pytest.MonkeyPatch, root: Path, width: int, lang: str
) -> None:
    sample = str(root / "puzzles" / "sample.yaml")
    lines = screen(monkeypatch, width, "--lang", lang, "analyze", sample, "-q")
    average = {
        "en": "  fewest tests on average",
        "de": "  die wenigsten Tests im Durchschnitt",
    }[lang]
    start = next(i for i, line in enumerate(lines) if line.startswith(average))
    first_round = {"en": "  first round", "de": "  erste Runde"}[lang]
    # the figure is wrapped, and its rest is indented as the line it continues
    assert lines[start + 1].startswith("  ") and not lines[start + 1].startswith(first_round)
    assert lines[start + 1][2] != " "
    why = {"en": "  why 111:", "de": "  warum 111:"}[lang]
    start = next(i for i, line in enumerate(lines) if line.startswith(why))
    done = {"en": "  analysed in", "de": "  analysiert in"}[lang]
    end = next(i for i, line in enumerate(lines) if line.startswith(done))
    assert end - start >= 3
    assert all(line.startswith("  ") and line[2] != " " for line in lines[start:end])
    # every line of the puzzle's figures stays indented under its heading
    body = lines[start - 1 : lines.index("", start)]
    assert all(line.startswith("  ") for line in body), body


# -- cards stats -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_cards_stats_continues_a_criterion_under_its_text(
    monkeypatch: pytest.MonkeyPatch, width: int, lang: str
) -> None:
    lines = screen(monkeypatch, width, "--lang", lang, "cards", "stats", "examples/primes", "-q")
    numbers_whole(lines)
    table = lines[
        lines.index(next(x for x in lines if x.lstrip().startswith(("card ", "Karte ")))) + 1 :
    ]
    criterion = re.compile(r"^ +\d\. ")
    card = re.compile(r"^ +\d+  ")
    under, continued = 0, 0
    for line in table:
        if not line.startswith(" "):
            break  # the notes under the table
        if criterion.match(line):
            under = criterion.match(line).end()  # type: ignore[union-attr]
        elif card.match(line):
            under = card.match(line).end()  # type: ignore[union-attr]
        else:
            # a wrapped criterion or card title (or verdict) continues under its text
            indent = len(line) - len(line.lstrip(" "))
            assert indent >= under, (under, line)
            continued += 1
    if lang == "de" or width == 60:
        assert continued
    headings = {
        "en": "solutions by digit (puzzles whose code has that digit)",
        "de": "Lösungen nach Ziffer (Rätsel, deren Code diese Ziffer hat)",
    }
    assert headings[lang] in lines
