"""A booklet and ``--id`` number a file's puzzles alike: every page shows its puzzle's
number (an author's id beside it), a page of a file's puzzle says what to type to play it
at the computer, and that line opens exactly that puzzle, in a booklet filtered, made of
several files, with repeats and author ids; a bank's puzzle page says nothing of the kind
(its id is computed from the criteria)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from testsupport.cli import run

#: ``At the computer: `turing play FILE --id N```, as a Markdown page says it
PLAY_LINE = re.compile(r"^(?:At the computer|Am Computer): `(turing play [^`]+)`$", re.M)
HEADING = re.compile(r"^## (.+)$", re.M)


def _generate(name: str, difficulty: str, seed: int, count: int) -> list[dict[str, object]]:
    args = ["-n", str(count), "--difficulty", difficulty, "--seed", str(seed), "-q"]
    made = run(["generate", *args, "-o", name])
    assert made.exit_code == 0, made.output
    return [json.loads(line) for line in Path(name).read_text().splitlines()]


def _write(name: str, puzzles: list[dict[str, object]]) -> None:
    Path(name).write_text("".join(json.dumps(p) + "\n" for p in puzzles), encoding="utf-8")


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ids.jsonl``: P1, P2, P1 again under an id of its own, Q without an id, a puzzle
    with the id ``03``; ``p8.jsonl``: easy and standard puzzles in turn; ``a.jsonl``: two
    puzzles, the second one of ``p8.jsonl`` too."""
    monkeypatch.chdir(tmp_path)
    easy = _generate("easy.jsonl", "easy", 3, 6)
    standard = _generate("standard.jsonl", "standard", 5, 4)
    again = {**easy[0], "id": "again"}
    q = {k: v for k, v in easy[2].items() if k != "id"}
    _write("ids.jsonl", [easy[0], easy[1], again, q, {**easy[3], "id": "03"}])
    _write("p8.jsonl", [p for pair in zip(easy[:4], standard, strict=True) for p in pair])
    _write("a.jsonl", [easy[4], standard[1]])


def _hidden(puzzle: dict[str, object]) -> list[tuple[int, int]]:
    """A puzzle's real card and criterion per verifier, as the solutions page gives them."""
    cards = puzzle.get("true_cards") or puzzle["cards"]
    assert isinstance(cards, list) and isinstance(puzzle["criteria"], list)
    return list(zip(cards, puzzle["criteria"], strict=True))


def _pages(booklet: str) -> list[tuple[str, str | None, list[tuple[int, int]]]]:
    """Each page's heading, its line to play it (or None) and, from the solutions, its
    puzzle's real cards and criteria."""
    body, _, solutions = booklet.partition("\n## Solutions\n")
    pages = [page for page in body.split("\n---\n")[1:] if page.strip()]
    rows = [row for row in solutions.splitlines() if row.startswith("| ")][1:]
    assert len(rows) == len(pages)
    out = []
    for page, row in zip(pages, rows, strict=True):
        heading = HEADING.search(page)
        assert heading is not None
        line = PLAY_LINE.search(page)
        hidden = [(int(c), int(k)) for c, k in re.findall(r"card (\d+), criterion (\d+)", row)]
        out.append((heading.group(1), line.group(1) if line else None, hidden))
    return out


def _opened(command: str) -> list[tuple[int, int]]:
    """The puzzle a line of a page opens, as its file writes it (its real cards and
    criteria)."""
    words = shlex.split(command)
    assert words[:2] == ["turing", "play"]
    solved = run(["solve", *words[2:], "--json"])
    assert solved.exit_code == 0, solved.output
    found = json.loads(solved.stdout)
    line = Path(found["source"]).read_text().splitlines()[found["line"] - 1]
    return _hidden(json.loads(line))


@pytest.mark.parametrize(
    "args",
    [
        ["ids.jsonl"],
        ["p8.jsonl", "--difficulty", "standard"],
        ["p8.jsonl", "--difficulty", "easy"],
        ["a.jsonl", "p8.jsonl"],
        ["p8.jsonl", "ids.jsonl", "a.jsonl", "--limit", "9"],
    ],
)
@pytest.mark.usefixtures("files")
def test_the_line_on_each_page_opens_exactly_that_puzzle(args: list[str]) -> None:
    booklet = run(["export", *args, "--format", "markdown"])
    assert booklet.exit_code == 0, booklet.output
    pages = _pages(booklet.stdout)
    assert pages
    for number, (heading, line, hidden) in enumerate(pages, start=1):
        assert heading.startswith(f"Puzzle {number}")
        assert line is not None, heading
        assert _opened(line) == hidden, (heading, line)


@pytest.mark.usefixtures("files")
def test_id_n_is_the_booklet_s_puzzle_n_and_an_author_s_id_stands_beside_it() -> None:
    booklet = run(["export", "ids.jsonl", "--format", "markdown"])
    pages = _pages(booklet.stdout)
    assert [heading for heading, _line, _hidden in pages] == [
        "Puzzle 1",
        "Puzzle 2",
        "Puzzle 3",
        "Puzzle 4 · 03",
    ]
    for number, (_heading, line, hidden) in enumerate(pages, start=1):
        assert line == f"turing play ids.jsonl --id {number}"
        assert _opened(f"turing play ids.jsonl --id {number}") == hidden
    # the puzzle without an id is reached by its number, the id 03 as written
    assert _opened("turing play ids.jsonl --id 3") == pages[2][2]
    assert _opened("turing play ids.jsonl --id 03") == pages[3][2]
    # the repeat's own id opens the puzzle it repeats
    assert _opened("turing play ids.jsonl --id again") == pages[0][2]


@pytest.mark.usefixtures("files")
def test_the_line_is_in_the_booklet_s_language_and_in_html() -> None:
    german = run(["--lang", "de", "export", "p8.jsonl", "--difficulty", "standard"])
    assert german.exit_code == 0, german.output
    assert '<p class="play">Am Computer: turing play p8.jsonl --id 2</p>' in german.stdout
    assert "<h2>Rätsel 1</h2>" in german.stdout


@pytest.mark.usefixtures("files")
def test_a_bank_s_puzzle_has_no_line_and_standard_input_none() -> None:
    made = run(["generate", "-n", "2", "--difficulty", "easy", "--seed", "9", "--bank", "b.db"])
    assert made.exit_code == 0, made.output
    booklet = run(["export", "a.jsonl", "--bank", "b.db", "--format", "markdown"])
    assert booklet.exit_code == 0, booklet.output
    lines = [line for _heading, line, _hidden in _pages(booklet.stdout)]
    assert lines == ["turing play a.jsonl --id 1", "turing play a.jsonl --id 2", None, None]
    piped = run(["export", "-", "--format", "markdown"], Path("a.jsonl").read_text())
    assert piped.exit_code == 0, piped.output
    assert [line for _h, line, _x in _pages(piped.stdout)] == [None, None]


def test_a_file_name_is_quoted_as_a_shell_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _generate("class 4b.jsonl", "easy", 3, 2)
    booklet = run(["export", "class 4b.jsonl", "--format", "markdown"])
    assert booklet.exit_code == 0, booklet.output
    pages = _pages(booklet.stdout)
    assert [line for _h, line, _x in pages] == [
        "turing play 'class 4b.jsonl' --id 1",
        "turing play 'class 4b.jsonl' --id 2",
    ]
    for _heading, line, hidden in pages:
        assert line is not None and _opened(line) == hidden
    # a name that would read as an option is written from the working folder
    Path("class 4b.jsonl").rename("-4b.jsonl")
    booklet = run(["export", "--format", "markdown", "--", "-4b.jsonl"])
    assert booklet.exit_code == 0, booklet.output
    pages = _pages(booklet.stdout)
    assert [line for _h, line, _x in pages] == [
        "turing play ./-4b.jsonl --id 1",
        "turing play ./-4b.jsonl --id 2",
    ]
    for _heading, line, hidden in pages:
        assert line is not None and _opened(line) == hidden
