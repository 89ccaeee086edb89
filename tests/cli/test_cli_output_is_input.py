"""A file a command writes is never one it reads: an output that is the puzzle file, the
card set (given or named by a puzzle), the bank or the saved game a command reads is
refused in one line before any work, through links too, and the file stays as it was."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from testsupport.cli import ROOT

Turing = Callable[..., Result]

PRIMES = ROOT / "cards" / "examples" / "primes.yaml"
PUZZLE = ROOT / "puzzles" / "examples" / "primes-1.yaml"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a card set ``garden.yaml`` and a puzzle ``p.yaml`` that names it."""
    (tmp_path / "garden.yaml").write_bytes(PRIMES.read_bytes())
    text = PUZZLE.read_text(encoding="utf-8")
    lines = [
        "cardset: garden.yaml" if line.startswith("cardset:") else line
        for line in text.splitlines()
    ]
    (tmp_path / "p.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def refused(turing: Turing, args: list[str], target: Path, line: str, input: str = "") -> None:
    before = target.read_bytes()
    r = turing(args, input=input)
    assert r.exit_code == 2, r.output
    assert r.output == f"error: {line}\n"
    assert target.read_bytes() == before


def test_export_refuses_to_write_over_its_puzzle_file(turing: Turing, folder: Path) -> None:
    refused(
        turing,
        ["export", "p.yaml", "-o", "p.yaml"],
        folder / "p.yaml",
        "cannot write p.yaml: it is a puzzle file this command reads",
    )


@pytest.mark.parametrize("given", [True, False], ids=["--cardset", "the puzzle's own"])
def test_export_refuses_to_write_over_the_card_set(
    turing: Turing, folder: Path, given: bool
) -> None:
    cardset = ["--cardset", "garden.yaml"] if given else []
    refused(
        turing,
        ["export", "p.yaml", *cardset, "-o", "garden.yaml"],
        folder / "garden.yaml",
        "cannot write garden.yaml: it is the card set this command reads",
    )


@pytest.mark.parametrize("link", ["hard", "symbolic", "dotted"])
def test_a_card_set_reached_another_way_is_the_same_file(
    turing: Turing, folder: Path, link: str
) -> None:
    if link == "hard":
        os.link(folder / "garden.yaml", folder / "other.yaml")
        output = "other.yaml"
    elif link == "symbolic":
        (folder / "other.yaml").symlink_to("garden.yaml")
        output = "other.yaml"
    else:
        output = "./none/../garden.yaml"
    refused(
        turing,
        ["export", "p.yaml", "--cardset", "garden.yaml", "-o", output],
        folder / "garden.yaml",
        f"cannot write {output}: it is the card set this command reads",
    )


def test_another_output_is_written(turing: Turing, folder: Path) -> None:
    r = turing(["export", "p.yaml", "-o", "out.html"])
    assert r.exit_code == 0, r.output
    assert (folder / "out.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_generate_refuses_to_write_over_its_card_set(turing: Turing, folder: Path) -> None:
    refused(
        turing,
        ["generate", "-n", "1", "--cardset", "garden.yaml", "-o", "garden.yaml", "-q"],
        folder / "garden.yaml",
        "cannot write garden.yaml: it is the card set this command reads",
    )


def test_catalogue_refuses_a_bank_that_is_its_card_set(turing: Turing, folder: Path) -> None:
    refused(
        turing,
        ["catalogue", "--verifiers", "4", "--cardset", "garden.yaml", "--bank", "garden.yaml"],
        folder / "garden.yaml",
        "cannot write garden.yaml: it is the card set this command reads",
    )


def test_bank_import_refuses_a_bank_that_is_a_file_it_imports(turing: Turing, folder: Path) -> None:
    refused(
        turing,
        ["bank", "import", "p.yaml", "p.yaml"],
        folder / "p.yaml",
        "cannot write p.yaml: it is a puzzle file this command reads",
    )


@pytest.mark.parametrize("option", ["--save", "--transcript"])
def test_play_refuses_to_write_over_its_puzzle_or_card_set(
    turing: Turing, folder: Path, option: str
) -> None:
    refused(
        turing,
        ["play", "p.yaml", option, "p.yaml"],
        folder / "p.yaml",
        "cannot write p.yaml: it is a puzzle file this command reads",
        input="quit\n",
    )
    # the card set only the puzzle names
    refused(
        turing,
        ["play", "p.yaml", option, "garden.yaml"],
        folder / "garden.yaml",
        "cannot write garden.yaml: it is the card set this command reads",
        input="quit\n",
    )


def test_a_resumed_game_saves_where_it_was_read_but_no_transcript_goes_there(
    turing: Turing, folder: Path
) -> None:
    r = turing(["play", "p.yaml", "--save", "s.json"], input="save\nquit\n")
    assert r.exit_code == 1 and "abandoned" in r.output, r.output  # an abandoned game
    refused(
        turing,
        ["play", "--resume", "s.json", "--transcript", "s.json"],
        folder / "s.json",
        "cannot write s.json: it is the saved game this command reads",
        input="quit\n",
    )
    refused(
        turing,
        ["play", "--resume", "s.json", "--save", "garden.yaml"],
        folder / "garden.yaml",
        "cannot write garden.yaml: it is the card set this command reads",
        input="quit\n",
    )
    r = turing(["play", "--resume", "s.json", "--save", "s.json"], input="quit\n")
    assert r.exit_code == 1, r.output
    assert "saved to s.json" in r.output


def test_the_refusal_is_in_the_language_in_use(turing: Turing, folder: Path) -> None:
    r = turing(["--lang", "de", "export", "p.yaml", "-o", "garden.yaml"])
    assert r.exit_code == 2
    assert r.output == (
        "Fehler: garden.yaml lässt sich nicht schreiben: "
        "es ist der Kartensatz, den dieser Befehl liest\n"
    )


def test_the_save_and_the_transcript_are_two_files(turing: Turing, folder: Path) -> None:
    r = turing(["play", "p.yaml", "--save", "g.json", "--transcript", "g.json"], input="quit\n")
    assert r.exit_code == 2
    assert r.output == "error: cannot write g.json: it is the transcript this game writes\n"
    assert not (folder / "g.json").exists()


@pytest.mark.parametrize(
    ("args", "typed", "kept", "why"),
    [
        ([], "p.yaml", "p.yaml", "it is a puzzle file this command reads"),
        ([], "garden.yaml", "garden.yaml", "it is the card set this command reads"),
        (
            ["--transcript", "t.jsonl"],
            "t.jsonl",
            "t.jsonl",
            "it is the transcript this game writes",
        ),
    ],
)
def test_save_typed_in_the_game_keeps_what_the_game_reads_and_writes(
    turing: Turing, folder: Path, args: list[str], typed: str, kept: str, why: str
) -> None:
    r = turing(["play", "p.yaml", *args], input=f"save {typed}\nsave {typed}x\nquit\n")
    assert f"error: line 1: cannot save to {typed}: {why}" in r.output, r.output
    assert (folder / f"{typed}x").exists()  # the next line is run: the game went on
    if kept != "t.jsonl":
        assert (folder / kept).read_bytes() != b"" and b'"packed"' not in (
            folder / kept
        ).read_bytes()
    else:
        first = (folder / kept).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("{") and '"packed"' not in first
