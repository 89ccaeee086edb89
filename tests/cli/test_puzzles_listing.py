"""`turing puzzles` at 80 columns: every file name and id whole, to copy; its hint plays
from any folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from turing.cli import puzzles as puzzles_module
from turing.cli.main import main
from turing.cli.puzzles import listed_puzzles
from turing.play.game import puzzles_dir


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_table_fits_80_columns_with_every_name_whole(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def console() -> Console:
        return Console(width=80, force_terminal=True, color_system=None, highlight=False)

    monkeypatch.setattr(puzzles_module, "stdout_console", console)
    result = CliRunner().invoke(main, ["--lang", lang, "puzzles"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert "…" not in result.output
    cells = {cell.strip() for line in lines for cell in line.split("│")}
    for row in listed_puzzles(puzzles_dir()):
        assert row.file in cells
        assert row.id in cells


def test_the_hint_plays_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["puzzles"])
    hint = result.output.splitlines()[-1]
    n = len(list(listed_puzzles(puzzles_dir())))
    assert hint == f"{n} puzzles; play one from any folder with: turing play --id ID"
    assert "FILE" not in hint
    # as the hint says, from a folder that holds no puzzles
    played = CliRunner().invoke(main, ["play", "--id", "primes-easy"], input="quit\ny\n")
    assert "Turing Machine · primes-easy" in played.output


def test_the_help_names_no_path_that_only_works_in_the_checkout() -> None:
    result = CliRunner().invoke(main, ["puzzles", "--help"])
    assert "puzzles/FILE" not in result.output
    assert "from any folder" in result.output


def test_json_keeps_the_card_set() -> None:
    result = CliRunner().invoke(main, ["puzzles", "--json"])
    assert '"cardset": "examples/primes"' in result.output


def test_json_gives_the_cards_as_the_game_shows_them() -> None:
    """Each puzzle's cards, as --cards takes them to lay the puzzle out on the physical
    game: nightmare's in ascending order and extreme's pairs so, whatever order the file
    used, so that the order gives nothing hidden away."""
    result = CliRunner().invoke(main, ["puzzles", "--json"])
    rows = {(row["file"], row["id"]): row for row in map(json.loads, result.output.splitlines())}
    assert rows[("published.yaml", "01")]["cards"] == "4,9,11,14"
    assert rows[("extreme.yaml", "05-X")]["cards"] == "2/27,6/31,14/42,17/23"
    for (_file, _id), row in rows.items():
        if row["mode"] == "nightmare":
            numbers = [int(n) for n in row["cards"].split(",")]
            assert numbers == sorted(numbers)
