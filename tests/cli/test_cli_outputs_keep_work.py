"""A file a command writes never replaces work of another kind: a puzzle bank (or a file
SQLite keeps beside one), a saved game of ``turing play`` or a saved Mastermind match given
as ``-o``, ``--transcript`` or ``--save`` is refused in one line before any work (exit
status 2), and stays as it was, whatever the options (``--overwrite`` too). A file of the
kind the command writes there anyway (an earlier JSON Lines file, booklet or save of the
game) is written over as before. And a booklet prints a puzzle given twice once, with a
note; ``bank import`` reads a file named twice once, with a note."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import PUZZLES

Turing = Callable[..., Result]

SAMPLE = str(PUZZLES / "sample.yaml")
PUBLISHED = str(PUZZLES / "published.yaml")


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a bank ``bank.db``, a save of ``turing play`` and one of a Mastermind
    match, each made by the command that makes it."""
    from testsupport.cli import run

    folder = tmp_path_factory.mktemp("made")
    r = run(["generate", "-n", "3", "--seed", "1", "--bank", str(folder / "bank.db"), "-q"])
    assert r.exit_code == 0, r.output
    # a game left at the end of its input is saved (exit status 1: not finished)
    r = run(["play", SAMPLE, "--save", str(folder / "game.json")], input="")
    assert r.exit_code == 1 and "saved to" in r.output, r.output
    r = run(["mastermind", "play", "--players", "computer,computer", "--seed", "1",
             "--save", str(folder / "match.json")])  # fmt: skip
    assert r.exit_code == 0, r.output
    assert (folder / "bank.db").read_bytes().startswith(b"SQLite format 3\x00")
    assert b'"turing-play-save"' in (folder / "game.json").read_bytes()[:40]
    assert b'"turing-mastermind-save"' in (folder / "match.json").read_bytes()[:40]
    return folder


@pytest.fixture
def here(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of one's own with copies of the made files, the working directory."""
    for name in ("bank.db", "game.json", "match.json"):
        shutil.copyfile(made / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    yield tmp_path


HELD = {
    "bank.db": "it is a puzzle bank",
    "game.json": "it is a saved game of turing play",
    "match.json": "it is a saved Mastermind match",
}

#: each command that writes a file, the file given where it writes (OUT), the line's start
WRITERS = {
    "export -o": (["export", SAMPLE, "-o", "OUT"], "cannot write OUT"),
    "export --format markdown -o": (
        ["export", SAMPLE, "--format", "markdown", "-o", "OUT"],
        "cannot write OUT",
    ),
    "generate -o": (["generate", "-n", "2", "--seed", "3", "-q", "-o", "OUT"], "cannot write OUT"),
    "bank export -o": (
        ["bank", "export", "src.db", "--limit", "2", "-o", "OUT"],
        "cannot write OUT",
    ),
    "mastermind simulate --transcript": (
        ["mastermind", "simulate", "--sample", "3", "--transcript", "OUT"],
        "cannot write the transcript OUT",
    ),
    "play --transcript": (
        ["play", SAMPLE, "--players", "bot", "--transcript", "OUT"],
        "cannot write the transcript OUT",
    ),
    "play --transcript --overwrite": (
        ["play", SAMPLE, "--players", "bot", "--overwrite", "--transcript", "OUT"],
        "cannot write the transcript OUT",
    ),
}


@pytest.mark.parametrize("held", list(HELD))
@pytest.mark.parametrize("writer", list(WRITERS))
def test_an_output_never_replaces_a_bank_or_a_save(
    turing: Turing, here: Path, writer: str, held: str
) -> None:
    shutil.copyfile(here / "bank.db", here / "src.db")
    args, start = WRITERS[writer]
    before = (here / held).read_bytes()
    r = turing([held if word == "OUT" else word for word in args])
    assert r.exit_code == 2, r.output
    line = start.replace("OUT", held)
    # -o says how to go on (a transcript refuses in its own words)
    way = (
        "give another name, or remove the file first"
        if writer.endswith("-o")
        else ("give another name")
    )
    assert r.output == f"error: {line}: {HELD[held]}; {way}\n"
    assert (here / held).read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ["play", SAMPLE, "--players", "bot", "--save", "bank.db"],
        ["play", SAMPLE, "--players", "bot", "--overwrite", "--save", "bank.db"],
        ["mastermind", "play", "--players", "computer,computer", "--save", "bank.db"],
    ],
    ids=["play", "play --overwrite", "mastermind play"],
)
def test_a_save_never_replaces_a_bank(turing: Turing, here: Path, args: list[str]) -> None:
    before = (here / "bank.db").read_bytes()
    r = turing(args)
    assert r.exit_code == 2, r.output
    assert (
        r.output
        == "error: --save: cannot save to bank.db: it is a puzzle bank; give another name\n"
    )
    assert (here / "bank.db").read_bytes() == before


def test_a_file_sqlite_keeps_beside_a_bank_is_refused(turing: Turing, here: Path) -> None:
    (here / "bank.db-wal").write_bytes(b"\x37\x7f\x06\x82 pages not yet in the bank")
    before = (here / "bank.db-wal").read_bytes()
    r = turing(["export", SAMPLE, "-o", "bank.db-wal"])
    assert r.exit_code == 2, r.output
    assert r.output == (
        "error: cannot write bank.db-wal: it is a file of the bank bank.db; give another name, "
        "or remove the file first\n"
    )
    assert (here / "bank.db-wal").read_bytes() == before


def test_a_save_rewritten_by_a_json_tool_is_known(turing: Turing, here: Path) -> None:
    data = json.loads((here / "game.json").read_text(encoding="utf-8"))
    data["format"] = data.pop("format")  # the marker last
    (here / "game.json").write_text(json.dumps(data), encoding="utf-8")
    before = (here / "game.json").read_bytes()
    r = turing(["generate", "-n", "2", "--seed", "3", "-q", "-o", "game.json"])
    assert r.exit_code == 2, r.output
    assert "it is a saved game of turing play; give another name" in r.output
    assert (here / "game.json").read_bytes() == before


def test_the_refusal_is_in_the_language_in_use(turing: Turing, here: Path) -> None:
    r = turing(["--lang", "de", "export", SAMPLE, "-o", "bank.db"])
    assert r.exit_code == 2
    assert r.output == (
        "Fehler: bank.db lässt sich nicht schreiben: es ist eine Rätselbank; "
        "gib einen anderen Dateinamen an oder entferne die Datei zuerst\n"
    )


def test_a_file_of_the_kind_written_there_is_written_over(turing: Turing, here: Path) -> None:
    for seed in ("3", "4"):  # an earlier run's JSON Lines: what -o is for
        r = turing(["generate", "-n", "2", "--seed", seed, "-q", "-o", "g.jsonl"])
        assert r.exit_code == 0, r.output
    for _ in range(2):
        r = turing(["export", "g.jsonl", "-o", "book.html"])
        assert r.exit_code == 0, r.output
    before = (here / "game.json").read_bytes()
    r = turing(["play", "--resume", "game.json"], input="compose 123\ntest A\n")
    assert r.exit_code == 1 and "saved to game.json" in r.output, r.output
    assert (here / "game.json").read_bytes() != before


# -- a puzzle given twice is printed once; a file named twice is imported once ---------------


def test_a_booklet_prints_a_puzzle_of_two_files_once(turing: Turing, here: Path) -> None:
    # the sample is problem 01 of the published puzzles, their first
    r = turing(["export", SAMPLE, PUBLISHED, "--format", "markdown", "-o", "book.md"])
    assert r.exit_code == 0, r.output
    alone = turing(["export", PUBLISHED, "--format", "markdown", "-o", "alone.md"])
    assert alone.exit_code == 0, alone.output
    book = (here / "book.md").read_text(encoding="utf-8")
    assert book.count("\n## Puzzle 1 · 01\n") == 1
    # the same pages, but that the first is played from the file it was first read from
    played = "At the computer: `turing play {} --id 1`"
    assert book.count(played.format(SAMPLE)) == 1
    assert book.replace(played.format(SAMPLE), played.format(PUBLISHED)) == (
        here / "alone.md"
    ).read_text(encoding="utf-8")
    assert r.output == (
        f"note: {PUBLISHED}:4: the same puzzle as at {SAMPLE}:3; printed once\n"
        + alone.output.replace("alone.md", "book.md")
    )


def test_the_note_is_in_the_language_in_use(turing: Turing, here: Path) -> None:
    r = turing(["--lang", "de", "export", SAMPLE, PUBLISHED, "-o", "book.html"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == (
        f"Notiz: {PUBLISHED}:4: dasselbe Rätsel wie in {SAMPLE}:3; einmal gedruckt"
    )


def test_a_booklet_prints_a_bank_puzzle_of_a_file_once(turing: Turing, here: Path) -> None:
    r = turing(["bank", "export", "bank.db", "-o", "all.jsonl"])
    assert r.exit_code == 0, r.output
    r = turing(["export", "all.jsonl", "--bank", "bank.db", "-o", "book.html"])
    assert r.exit_code == 0, r.output
    notes = [line for line in r.output.splitlines() if line.startswith("note: bank.db: ")]
    assert len(notes) == 3 and all(line.endswith("; printed once") for line in notes)
    assert r.output.splitlines()[-1] == "wrote 3 puzzles to book.html"


def test_bank_import_reads_a_file_named_twice_once(turing: Turing, here: Path) -> None:
    r = turing(["generate", "-n", "3", "--seed", "5", "-q", "-o", "g.jsonl"])
    assert r.exit_code == 0, r.output
    r = turing(["bank", "import", "new.db", "g.jsonl", "./g.jsonl"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "note: ./g.jsonl is g.jsonl again; read once",
        "imported 3 puzzles, 0 already in the bank, 0 refused",
    ]
