"""A teacher's sheets from ``turing export``: the puzzles without their solutions and the
solutions alone (``--solutions``), the same draw from a bank again (``--seed``), the
fewest tests of a file's puzzles computed (exact where the search finds it quickly) and
filtered on what is proven, and pages that print one puzzle each."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main
from turing.generation.export import _CSS

INTRO_END = "on the last page."


def export(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["export", *args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("club") / "club.db"
    result = CliRunner().invoke(
        main, ["generate", "--count", "12", "--seed", "1", "--bank", str(db), "-q"]
    )
    assert result.exit_code == 0, result.output
    return db


def solution_rows(text: str) -> list[str]:
    """The rows of a Markdown booklet's solutions table."""
    return [line for line in text.splitlines() if re.match(r"\| Puzzle \d+ \(", line)]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_without_solutions_the_booklet_says_nothing_of_them(root: Path, fmt: str) -> None:
    sample = str(root / "puzzles" / "sample.yaml")
    code, whole = export("--format", fmt, sample)
    assert code == 0 and INTRO_END in whole and "Solutions" in whole
    code, sheets = export("--format", fmt, "--solutions", "none", sample)
    assert code == 0, sheets
    assert "Solution" not in sheets and '<table class="solutions">' not in sheets
    assert "last page" not in sheets
    # the puzzles' pages are all there
    assert sheets.count("verifier") == whole.count("verifier")
    # and no code of a solution (sample.yaml states them)
    for solution in re.findall(
        r"^\s*solution: [\"']?(\d{3})",
        (root / "puzzles" / "sample.yaml").read_text(encoding="utf-8"),
        re.M,
    ):
        assert f"| {solution} |" in whole or f"<td>{solution}</td>" in whole
        assert f"| {solution} |" not in sheets and f"<td>{solution}</td>" not in sheets


def test_the_answer_sheet_holds_only_the_solutions(club: Path) -> None:
    code, answers = export(
        "--bank",
        str(club),
        "--seed",
        "9",
        "--format",
        "markdown",
        "--solutions",
        "only",
        "--limit",
        "4",
    )
    assert code == 0, answers
    assert "Notes:" not in answers and "| verifier |" not in answers
    assert (
        answers.startswith("<!-- turing booklet -->\n# Puzzle booklet\n")
        and "## Solutions" in answers
    )
    assert [row.split(" (")[0] for row in solution_rows(answers)] == [
        f"| Puzzle {n}" for n in range(1, 5)
    ]
    code, page = export("--bank", str(club), "--seed", "9", "--solutions", "only", "--limit", "4")
    assert code == 0 and '<table class="solutions">' in page
    assert 'class="page"' not in page and '<table class="log">' not in page


def test_the_same_seed_draws_the_same_puzzles_for_sheets_and_answers(club: Path) -> None:
    def drawn(*args: str) -> list[str]:
        code, text = export("--bank", str(club), "--format", "markdown", "--limit", "5", *args)
        assert code == 0, text
        return solution_rows(text)

    sheets = drawn("--seed", "4")
    assert len(sheets) == 5
    assert drawn("--seed", "4") == sheets
    assert drawn("--seed", "4", "--solutions", "only") == sheets
    # another seed, another draw (or at least another order)
    assert drawn("--seed", "5") != sheets
    # the sheets' pages are those puzzles in that order
    code, text = export(
        "--bank",
        str(club),
        "--format",
        "markdown",
        "--limit",
        "5",
        "--seed",
        "4",
        "--solutions",
        "none",
    )
    assert code == 0 and text.count("Notes:") == 5


def test_seed_and_solutions_are_in_the_help() -> None:
    result = CliRunner().invoke(main, ["export", "--help"])
    assert result.exit_code == 0
    help_text = " ".join(result.output.split())
    assert "--solutions PLACE Where the solutions go" in help_text
    assert "Values: end, none, only. [default: end]" in help_text
    assert "the same seed gives the same puzzles in the same order" in help_text
    assert "a new random draw each run" in help_text


def test_a_bad_place_for_the_solutions_is_refused(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "b.html"
    code, text = export(
        "--solutions", "last", "-o", str(out), str(root / "puzzles" / "sample.yaml")
    )
    assert code == 2 and "Traceback" not in text
    assert "'--solutions': 'last' is not one of 'end', 'none', 'only'" in text
    assert not out.exists()


def test_the_places_are_taken_by_their_german_names_too(root: Path) -> None:
    sample = str(root / "puzzles" / "sample.yaml")
    code, text = export("--format", "markdown", "--solutions", "allein", sample)
    assert code == 0 and "## Solutions" in text and "Notes:" not in text
    code, text = export("--format", "markdown", "--solutions", "keine", sample)
    assert code == 0 and "Solutions" not in text and "Notes:" in text


@pytest.fixture(scope="module")
def easy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Puzzles of `generate --min-tests 4 --max-tests 5`: their exact fewest tests recorded,
    some above their lower bound ⌈log2 codes⌉."""
    path = tmp_path_factory.mktemp("easy") / "easy.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "generate",
            "--count",
            "4",
            "--seed",
            "2",
            "--min-tests",
            "4",
            "--max-tests",
            "5",
            "-q",
            "-o",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    return path


def recorded(path: Path) -> list[tuple[int, int]]:
    """(fewest tests, its lower bound ⌈log2 codes⌉) of each puzzle of a JSONL file."""
    import json

    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        assert doc["min_tests_kind"] == "exact"
        out.append((doc["min_tests"], (doc["codes_left"] - 1).bit_length()))
    return out


def test_a_file_puzzle_shows_its_exact_fewest_tests(easy: Path) -> None:
    figures = recorded(easy)
    assert any(exact > lower for exact, lower in figures)  # the case the lower bound misses
    code, text = export("--format", "markdown", str(easy))
    assert code == 0, text
    shown = re.findall(r"· fewest tests: (.*?)\*", text)
    assert shown == [str(exact) for exact, _ in figures]
    assert "at least" not in text


def test_tests_filters_on_a_file_keep_what_is_proven(easy: Path) -> None:
    figures = recorded(easy)
    for limit in (4, 5):
        code, text = export("--format", "markdown", "--max-tests", str(limit), str(easy))
        kept = [exact for exact, _ in figures if exact <= limit]
        if kept:
            assert code == 0, text
            assert re.findall(r"· fewest tests: (\d+)\*", text) == [str(n) for n in kept]
        else:
            assert code == 1, text
        code, text = export("--format", "markdown", "--min-tests", str(limit), str(easy))
        kept = [exact for exact, _ in figures if exact >= limit]
        assert code == 0, text
        assert re.findall(r"· fewest tests: (\d+)\*", text) == [str(n) for n in kept]


def test_a_puzzle_with_bounds_is_kept_only_when_they_prove_the_filter(tmp_path: Path) -> None:
    """A nightmare page shows the lower bound (its search takes too long for a booklet);
    a tests filter that bound cannot settle searches, and a search that stops short (a
    6-verifier nightmare puzzle) gives bounds: the page shows them, and a filter they
    cannot prove leaves the puzzle out."""
    path = tmp_path / "n.jsonl"
    result = CliRunner().invoke(
        main,
        [
            "generate",
            "--count",
            "1",
            "--mode",
            "nightmare",
            "--verifiers",
            "6",
            "--seed",
            "7",
            "-q",
            "-o",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    code, text = export("--format", "markdown", str(path))
    assert code == 0, text
    least = re.search(r"· fewest tests: at least (\d+)\*", text)
    assert least is not None, text
    code, text = export("--format", "markdown", "--max-tests", "20", str(path))
    assert code == 0, text
    found = re.search(r"· fewest tests: (\d+)–(\d+)\*", text)
    assert found is not None, text
    low, high = int(found.group(1)), int(found.group(2))
    assert low >= int(least.group(1))
    for flag, value, kept in (
        ("--max-tests", high, True),
        ("--min-tests", low, True),
        ("--max-tests", high - 1, False),  # it may need more
        ("--min-tests", low + 1, False),  # it may need fewer
    ):
        code, text = export("--format", "markdown", flag, str(value), str(path))
        assert code == (0 if kept else 1), (flag, value, text)


def test_markdown_and_html_say_the_same_introduction(root: Path) -> None:
    sample = str(root / "puzzles" / "sample.yaml")
    for place in ("end", "none"):
        _, md = export("--format", "markdown", "--solutions", place, sample)
        _, page = export("--format", "html", "--solutions", place, sample)
        intro = md.splitlines()[3]
        assert "Each verifier checks one hidden criterion of its card" in intro
        assert f'<p class="intro">{intro}</p>' in page


def test_the_print_rules_keep_a_puzzle_on_one_page() -> None:
    assert re.search(r"@page \{ margin: \d+mm; \}", _CSS)
    page_rule = re.search(r"\.page \{([^}]*)\}", _CSS)
    assert page_rule is not None
    assert "break-inside: avoid" in page_rule.group(1)
    assert "break-after: page" in page_rule.group(1)


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium prints the page")
@pytest.mark.parametrize("size", ["A4", "letter"])
def test_six_verifier_puzzles_print_one_page_each(tmp_path: Path, size: str) -> None:
    puzzles = tmp_path / "six.jsonl"
    for mode in ("classic", "extreme", "nightmare"):
        result = CliRunner().invoke(
            main,
            [
                "generate",
                "--count",
                "1",
                "--mode",
                mode,
                "--verifiers",
                "6",
                "--seed",
                "7",
                "-q",
                "-o",
                str(tmp_path / f"{mode}.jsonl"),
            ],
        )
        assert result.exit_code == 0, result.output
    puzzles.write_text(
        "".join((tmp_path / f"{m}.jsonl").read_text() for m in ("classic", "extreme", "nightmare")),
        encoding="utf-8",
    )
    booklet = tmp_path / "b.html"
    code, text = export("-o", str(booklet), str(puzzles))
    assert code == 0, text
    sized = tmp_path / "sized.html"
    sized.write_text(
        booklet.read_text(encoding="utf-8").replace("<style>", f"<style>@page {{ size: {size}; }}"),
        encoding="utf-8",
    )
    pdf = tmp_path / "b.pdf"
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", f"--print-to-pdf={pdf}", sized.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
    )
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert pages == 4  # a page per puzzle, the title on the first; then the solutions
