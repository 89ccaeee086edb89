"""An output file never replaces a hand-written card set or puzzle file, nor a game's
transcript: ``generate -o``, ``bank export -o`` and ``export -o`` refuse such a file in one
line naming it and what it holds (exit status 2), and leave it byte for byte as it was. A
file is known by its start, broken or not: a card set in YAML or JSON, puzzles in YAML or
JSON where JSON Lines are written, puzzles in any form where a booklet is. A file of the
kind written there (JSON Lines under JSON Lines, an earlier booklet) and an empty file are
written over as before."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import CARDS, PUZZLES

Turing = Callable[..., Result]

SAMPLE = str(PUZZLES / "sample.yaml")
PRIMES = CARDS / "examples" / "primes.yaml"

#: how the refusal goes on after what the file holds
WAY = "give another name, or remove the file first"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a bank ``src.db`` and the transcript of a game, each made by the
    command that makes it."""
    from testsupport.cli import run

    folder = tmp_path_factory.mktemp("made")
    r = run(["generate", "-n", "2", "--seed", "1", "--bank", str(folder / "src.db"), "-q"])
    assert r.exit_code == 0, r.output
    # a game left at the end of its input (exit status 1: not finished)
    r = run(["play", SAMPLE, "--transcript", str(folder / "game.jsonl")], input="")
    assert r.exit_code == 1, r.output
    assert (folder / "game.jsonl").read_bytes().startswith(b'{"event": "start"')
    return folder


def _hand_files(folder: Path) -> dict[str, str]:
    """Files written by hand (or by another command) in ``folder``, each with what the
    refusal says it holds."""
    primes = PRIMES.read_text(encoding="utf-8")
    (folder / "garden.yaml").write_text(primes, encoding="utf-8")
    # a card set a person is still writing: a tab YAML refuses, CRLF line ends, a BOM
    broken = primes.replace("\n  - number: 2\n    ", "\n  - number: 2\n\t")
    assert "\t" in broken
    (folder / "broken.yaml").write_bytes(b"\xef\xbb\xbf" + broken.replace("\n", "\r\n").encode())
    cards = [{"number": 1, "criteria": ["b < 3", "b >= 3"]}, {"number": 2, "criteria": ["y < 3"]}]
    (folder / "garden.json").write_text(
        json.dumps({"name": "garden", "cards": cards}, indent=1), encoding="utf-8"
    )
    shutil.copyfile(SAMPLE, folder / "hand.yaml")
    puzzles = [{"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}] * 2
    (folder / "hand.json").write_text(json.dumps(puzzles, indent=2), encoding="utf-8")
    return {
        "garden.yaml": "it is a card set",
        "broken.yaml": "it is a card set",
        "garden.json": "it is a card set",
        "hand.yaml": "it is a puzzle file",
        "hand.json": "it is a puzzle file",
        "game.jsonl": "it is the transcript of a game",
    }


@pytest.fixture
def here(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of one's own with the made files and the hand-written ones, the working
    directory."""
    for name in ("src.db", "game.jsonl"):
        shutil.copyfile(made / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    yield tmp_path


WRITERS = {
    "generate -o": ["generate", "-n", "2", "--seed", "3", "-q", "-o", "OUT"],
    "bank export -o": ["bank", "export", "src.db", "--limit", "2", "-o", "OUT"],
    "export -o": ["export", SAMPLE, "-o", "OUT"],
    "export --format markdown -o": ["export", SAMPLE, "--format", "markdown", "-o", "OUT"],
}

HELD = ["garden.yaml", "broken.yaml", "garden.json", "hand.yaml", "hand.json", "game.jsonl"]


@pytest.mark.parametrize("held", HELD)
@pytest.mark.parametrize("writer", list(WRITERS))
def test_an_output_never_replaces_hand_written_work(
    turing: Turing, here: Path, writer: str, held: str
) -> None:
    holds = _hand_files(here)
    before = (here / held).read_bytes()
    r = turing([held if word == "OUT" else word for word in WRITERS[writer]])
    assert r.exit_code == 2, r.output
    assert r.output == f"error: cannot write {held}: {holds[held]}; {WAY}\n"
    assert (here / held).read_bytes() == before


def test_a_booklet_never_replaces_json_lines_but_an_earlier_booklet(
    turing: Turing, here: Path
) -> None:
    r = turing(["generate", "-n", "2", "--seed", "3", "-q", "-o", "g.jsonl"])
    assert r.exit_code == 0, r.output
    before = (here / "g.jsonl").read_bytes()
    r = turing(["export", SAMPLE, "-o", "g.jsonl"])
    assert r.exit_code == 2, r.output
    assert r.output == f"error: cannot write g.jsonl: it is a puzzle file; {WAY}\n"
    assert (here / "g.jsonl").read_bytes() == before
    # JSON Lines under JSON Lines: what -o is for
    r = turing(["bank", "export", "src.db", "-o", "g.jsonl"])
    assert r.exit_code == 0, r.output
    assert (here / "g.jsonl").read_bytes() != before
    # and a booklet under an earlier booklet, in either form, or an empty file
    (here / "empty.yaml").write_bytes(b"")
    for fmt in ("html", "markdown", "html"):
        r = turing(["export", "g.jsonl", "--format", fmt, "-o", "book.yaml"])
        assert r.exit_code == 0, r.output
    r = turing(["export", "g.jsonl", "-o", "empty.yaml"])
    assert r.exit_code == 0, r.output


def test_the_refusal_is_in_the_language_in_use(turing: Turing, here: Path) -> None:
    _hand_files(here)
    r = turing(["--lang", "de", "generate", "-n", "2", "-q", "-o", "garden.yaml"])
    assert r.exit_code == 2
    assert r.output == (
        "Fehler: garden.yaml lässt sich nicht schreiben: es ist ein Kartensatz; "
        "gib einen anderen Dateinamen an oder entferne die Datei zuerst\n"
    )


#: Card sets and puzzles in the other ways YAML lets a person write them, each read by
#: turing as it is (or named broken, as a set in UTF-16 or with an anchor is).
LAYOUTS = {
    "dash-alone.yaml": (
        "name: g\ncards:\n  -\n    number: 1\n    criteria: ['b < 3', 'b >= 3']\n",
        "it is a card set",
    ),
    "item-comment.yaml": (
        "name: g\ncards:\n  - # the first card\n    number: 1\n    criteria: ['b < 3']\n",
        "it is a card set",
    ),
    "flow-next-line.yaml": (
        "name: g\ncards:\n  [{number: 1, criteria: ['b < 3', 'b >= 3']}]\n",
        "it is a card set",
    ),
    "anchor.yaml": (
        "name: g\ncards: &all\n  - number: 1\n    criteria: ['b < 3']\n",
        "it is a card set",
    ),
    "utf16.yaml": ("name: g\ncards:\n  - number: 1\n    criteria: ['b < 3']\n", "it is a card set"),
    "numbers-next-line.yaml": ("- id: a\n  cards:\n    [4, 9, 11, 14]\n", "it is a puzzle file"),
    "tagged.yaml": ("- id: a\n  cards: !!seq [4, 9, 11, 14]\n", "it is a puzzle file"),
}


@pytest.mark.parametrize("name", list(LAYOUTS))
def test_card_sets_and_puzzles_in_every_layout_are_kept(
    turing: Turing, here: Path, name: str
) -> None:
    text, holds = LAYOUTS[name]
    (here / name).write_bytes(text.encode("utf-16" if "utf16" in name else "utf-8"))
    before = (here / name).read_bytes()
    for words in (WRITERS["generate -o"], WRITERS["export -o"]):
        r = turing([name if word == "OUT" else word for word in words])
        assert r.exit_code == 2, r.output
        assert r.output == f"error: cannot write {name}: {holds}; {WAY}\n"
        assert (here / name).read_bytes() == before


def test_a_notes_file_that_speaks_of_cards_is_of_no_kind_and_kept(
    turing: Turing, here: Path
) -> None:
    notes = "# my notes\nI liked these cards: [4, 9, 11]\n"
    (here / "notes.md").write_text(notes)
    r = turing(["generate", "-n", "1", "--seed", "3", "-q", "-o", "notes.md"])
    assert r.exit_code == 2, r.output
    assert r.output == (
        "error: cannot write notes.md: it exists and is not a file of puzzles as JSON Lines; "
        "give another name, or remove the file first\n"
    )
    assert (here / "notes.md").read_text() == notes
