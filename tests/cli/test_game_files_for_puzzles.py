"""A saved game, a game's transcript or a puzzle bank given where puzzles are read is
named for what it is, in one line, not refused as a puzzle on every line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main
from turing.play.game import sample_puzzle_path


@pytest.fixture
def game_files(tmp_path: Path) -> dict[str, Path]:
    save, transcript, bank = tmp_path / "g.json", tmp_path / "t.jsonl", tmp_path / "b.db"
    made = CliRunner().invoke(
        main,
        ["play", "--seed", "1", "--save", str(save), "--transcript", str(transcript)],
        "pass\npass\n",
    )
    assert made.exit_code == 1, made.output
    CliRunner().invoke(main, ["bank", "import", str(bank), str(sample_puzzle_path())])
    assert bank.is_file()
    return {"save": save, "transcript": transcript, "bank": bank}


SAID = {
    "save": "this is a saved game, not a puzzle",
    "transcript": "this is the transcript of a game, not a puzzle",
    "bank": "this is a puzzle bank, not a puzzle file",
}


@pytest.mark.parametrize("kind", sorted(SAID))
@pytest.mark.parametrize("command", [["solve"], ["analyze"], ["share"]])
def test_a_game_file_given_for_puzzles_is_named(
    game_files: dict[str, Path], kind: str, command: list[str]
) -> None:
    path = game_files[kind]
    result = CliRunner().invoke(main, [*command, str(path)])
    assert result.exit_code == 2
    assert result.output == f"error: {path}: {SAID[kind]}\n"


def test_bank_import_names_a_save(game_files: dict[str, Path], tmp_path: Path) -> None:
    save = game_files["save"]
    result = CliRunner().invoke(main, ["bank", "import", str(tmp_path / "n.db"), str(save)])
    assert result.exit_code == 2
    assert f"{save}: this is a saved game, not a puzzle" in result.output
    assert "missing 'cards'" not in result.output
