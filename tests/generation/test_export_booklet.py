"""Printable booklets: every puzzle with its verifiers and notes grid; solutions last."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.generation.export import Booklet, render
from turing.generation.generator import generate_one

CS = load_cardset("classic")


def booklet() -> Booklet:
    return Booklet(
        "Test booklet",
        tuple(
            generate_one(mode=m, verifiers=v, difficulty="hard", seed=3)
            for m, v in (("classic", 4), ("extreme", 5), ("nightmare", 6))
        ),
    )


def test_html_booklet_has_cards_letters_grid_and_solutions_last() -> None:
    b = booklet()
    text = render(b, "html", lambda p: CS)
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    solutions_at = text.index("<h2>Solutions</h2>")
    for number, p in enumerate(b.puzzles, start=1):
        assert p.id is not None and p.solution is not None
        # the generated id is computed from the hidden criteria: named on the page by its
        # number, the id only beside the solution
        assert p.id_is_derived()
        assert text.index(f"<h2>Puzzle {number}</h2>") < solutions_at
        assert p.id not in text[:solutions_at]
        assert text.index(f"Puzzle {number} ({p.id})") > solutions_at
        assert p.solution not in text[:solutions_at]
        assert p.solution in text[solutions_at:]
        for card in p.shown_cards:
            assert f">{card}<" in text or f"{card}" in text[:solutions_at]
    assert text.count('<table class="grid">') == 3
    assert '<td class="letter">F</td>' in text
    assert "one of " in text  # nightmare hides which verifier holds which card
    # a page per puzzle, the title and introduction on the first: no page of their own
    assert text.count('class="page"') == 3
    assert text.index("<h1>Test booklet</h1>") < text.index("<h2>Puzzle 1</h2>")


def test_markdown_booklet() -> None:
    b = booklet()
    text = render(b, "markdown", lambda p: CS)
    solutions_at = text.index("## Solutions")
    for number, p in enumerate(b.puzzles, start=1):
        assert p.id is not None and p.solution is not None
        assert f"## Puzzle {number}\n" in text[:solutions_at]
        assert p.id not in text[:solutions_at] and f"Puzzle {number} ({p.id})" in text
        assert p.solution in text[solutions_at:]
    assert "| ▲ |" in text and "| **A** |" in text


def test_export_command(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "b.db")
    r = runner.invoke(
        main,
        ["generate", "--count", "6", "--seed", "1", "--difficulty", "easy", "--bank", db, "-q"],
    )
    assert r.exit_code == 0, r.output
    out = tmp_path / "book.html"
    r = runner.invoke(main, ["export", "--bank", db, "--format", "html", "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.read_text().count('<table class="grid">') == 6
    r = runner.invoke(main, ["export", "--bank", db, "--format", "markdown", "--limit", "2"])
    assert r.exit_code == 0 and r.output.count("Notes:") == 2
    r = runner.invoke(main, ["export", "--format", "html"])
    assert r.exit_code == 2 and "--bank" in r.output


def test_the_heading_says_how_sure_the_tests_figure_is() -> None:
    from dataclasses import replace

    base = generate_one(verifiers=4, difficulty="hard", seed=3)
    for extra, shown in (
        ({"min_tests": 3, "min_tests_kind": "exact", "min_tests_upper": 3}, "fewest tests: 3"),
        ({"min_tests": 3, "min_tests_kind": "bounds", "min_tests_upper": 5}, "fewest tests: 3–5"),
        (
            {"min_tests": 3, "min_tests_kind": "bounds", "min_tests_upper": None},
            "fewest tests: at least 3",
        ),
        ({"min_tests": 2, "min_tests_kind": "lower_bound"}, "fewest tests: at least 2"),
    ):
        puzzle = replace(base, extra={**base.extra, **extra})
        text = render(Booklet("t", (puzzle,)), "markdown", lambda p: CS)
        assert f"· {shown}*\n" in text, (extra, text[:300])


def export(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["export", *args])
    return result.exit_code, result.output


def test_markdown_shows_html_in_a_files_texts_as_text(tmp_path: Path) -> None:
    """A card title, a puzzle id and the booklet's title go into Markdown as text: no tag
    of theirs reaches the rendered page, and a | stays inside its table cell."""
    from markdown_it import MarkdownIt

    cards = tmp_path / "evil.yaml"
    cards.write_text(
        "name: evil\ncards:\n"
        '  - number: 1\n    title: "<script>alert(1)</script> a | b"\n'
        "    criteria: [b < 3, b == 3, b > 3]\n"
        "  - number: 2\n    criteria: [y < 3, y == 3, y > 3]\n"
        "  - number: 3\n    criteria: [p < 3, p == 3, p > 3]\n"
        "  - number: 4\n    criteria: [b < 2, b == 2]\n",
        encoding="utf-8",
    )
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text(
        '- id: "<b>evil</b> | x"\n  cardset: evil.yaml\n'
        "  cards: [1, 2, 3, 4]\n  criteria: [1, 2, 2, 1]\n  solution: '133'\n",
        encoding="utf-8",
    )
    code, text = export("--format", "markdown", "--title", "A & <i>B</i> *c*", str(puzzle))
    assert code == 0, text
    page = MarkdownIt("commonmark").enable("table").render(text)
    for tag in ("<script", "<b>", "<i>", "<em>c</em>"):
        assert tag not in page, tag
    assert "<h1>A &amp; &lt;i&gt;B&lt;/i&gt; *c*</h1>" in page
    assert "<h2>Puzzle 1 · &lt;b&gt;evil&lt;/b&gt; | x</h2>" in page
    assert "<td>1 (&lt;script&gt;alert(1)&lt;/script&gt; a | b)</td>" in page
    # the solutions table keeps three cells a row
    assert "<td>Puzzle 1 · &lt;b&gt;evil&lt;/b&gt; | x</td>\n<td>133</td>" in page


def test_markdown_reads_as_plain_text_and_renders_the_same(root: Path) -> None:
    """Signs that start no markup where they stand (``■ < 4``, ``▲ > ■``) are written as
    they are, readable as text, and rendered as themselves; only what would be markup
    gets a backslash."""
    from markdown_it import MarkdownIt

    code, text = export("--format", "markdown", str(root / "puzzles" / "sample.yaml"))
    assert code == 0, text
    assert "&lt;" not in text and "&gt;" not in text and "&amp;" not in text
    assert "1. ■ < 4 · 2. ■ = 4 · 3. ■ > 4" in text
    assert "1. ▲ < ■ · 2. ▲ = ■ · 3. ▲ > ■" in text
    page = MarkdownIt("commonmark").enable("table").render(text)
    assert "1. ■ &lt; 4 · 2. ■ = 4 · 3. ■ &gt; 4" in page  # what HTML writes for < and >


def test_a_file_puzzle_page_shows_its_tier_and_tests_needed(root: Path) -> None:
    # the exact figures, as `turing analyze` gives them ("fewest tests that guarantee the
    # code: 6", then 5)
    for fmt in ("markdown", "html"):
        code, text = export("--format", fmt, str(root / "puzzles" / "extreme.yaml"))
        assert code == 0, text
        assert "extreme · 4 verifiers · hard · fewest tests: 6" in text
        assert "extreme · 4 verifiers · hard · fewest tests: 5" in text
        code, text = export("--format", fmt, str(root / "puzzles" / "sample.yaml"))
        assert "classic · 4 verifiers · easy · fewest tests: 1" in text


def test_a_file_puzzle_without_its_solution_has_it_computed(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("id: p\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\n", encoding="utf-8")
    code, text = export("--format", "markdown", str(path))
    assert code == 0, text
    assert "| Puzzle 1 · p | 241 | A: card 4" in text
    code, text = export(str(path))
    assert "<tr><td>Puzzle 1 · p</td><td>241</td>" in text


def test_a_puzzle_no_paper_game_can_play_is_refused(tmp_path: Path) -> None:
    """Without hidden criteria no one can answer a test on paper; criteria that leave no
    code, or another code than the stated one, make no puzzle: one line, nothing written."""
    out = tmp_path / "b.md"
    for body, words in (
        ("cards: [4, 9, 11, 14]\n", "no hidden criteria"),
        ("cards: [4, 9, 11, 14]\ncriteria: [2, 3, 2, 1]\n", "no code meets all hidden criteria"),
        ("cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nsolution: '445'\n", "stated solution"),
    ):
        path = tmp_path / "p.yaml"
        path.write_text("id: co\n" + body, encoding="utf-8")
        code, text = export("--format", "markdown", str(path), "-o", str(out))
        assert code == 2 and text.startswith(f"error: {path}:1: ") and words in text, text
        assert len(text.splitlines()) == 1 and not out.exists()


def test_an_empty_title_is_refused(root: Path) -> None:
    for title in ("", "  "):
        code, text = export("--title", title, str(root / "puzzles" / "sample.yaml"))
        assert code == 2 and "'--title': the title is empty" in text, text


def test_one_puzzle_is_counted_in_the_singular(root: Path) -> None:
    sample = str(root / "puzzles" / "sample.yaml")
    for lang, one, last in (
        ("en", "1 puzzle. Find the code", "he solution is on the last page."),
        ("de", "1 Rätsel. Gesucht ist der Code", "ie Lösung steht auf der letzten Seite."),
    ):
        for fmt in ("markdown", "html"):
            result = CliRunner().invoke(main, ["--lang", lang, "export", "--format", fmt, sample])
            assert result.exit_code == 0, result.output
            assert one in result.output and last in result.output, result.output


def test_a_page_shows_extreme_pairs_in_ascending_order(tmp_path: Path) -> None:
    # a hand-written file may put each real card first: the page must not show that order,
    # as the game does not
    extreme = tmp_path / "x.yaml"
    extreme.write_text(
        "mode: extreme\ncards: [[4, 25], [33, 9], [44, 13], [36, 17]]\n"
        "real_cards: [4, 33, 44, 36]\ncriteria: [1, 3, 3, 2]\n",
        encoding="utf-8",
    )
    code, text = export("--format", "markdown", str(extreme))
    assert code == 0, text
    rows = [line for line in text.splitlines() if line.startswith("| **")]
    assert [re.findall(r"(?:^|/ )(\d+) \(", row.split(" | ")[1]) for row in rows] == [
        ["4", "25"],
        ["9", "33"],
        ["13", "44"],
        ["17", "36"],
    ]
    assert [re.findall(r"\| (\d+): ", row) for row in rows] == [["4"], ["9"], ["13"], ["17"]]
