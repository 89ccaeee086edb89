"""A saved game (of turing play or a Mastermind match), a game's transcript or a puzzle bank
given where puzzles are read is named for what it is, in one line, not refused as a puzzle
on every line."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main
from turing.play.game import sample_puzzle_path


@pytest.fixture
def game_files(tmp_path: Path) -> dict[str, Path]:
    save, transcript, bank = tmp_path / "g.json", tmp_path / "t.jsonl", tmp_path / "b.db"
    match = tmp_path / "mm1.json"
    made = CliRunner().invoke(
        main,
        ["play", "--seed", "1", "--save", str(save), "--transcript", str(transcript)],
        "pass\npass\n",
    )
    assert made.exit_code == 1, made.output
    CliRunner().invoke(main, ["bank", "import", str(bank), str(sample_puzzle_path())])
    assert bank.is_file()
    made = CliRunner().invoke(
        main,
        ["mastermind", "play", "--games", "1", "--seed", "1", "--save", str(match)],
        "RRGG\nquit\n",  # not the code of seed 1 (YRWR): the match goes on
    )
    assert made.exit_code == 1, made.output
    assert match.read_text().lstrip().startswith('{\n "format": "turing-mastermind-save"')
    games = tmp_path / "mm.jsonl"
    made = CliRunner().invoke(
        main,
        ["mastermind", "simulate", "--sample", "2", "--transcript", str(games)],
    )
    assert made.exit_code == 0, made.output
    return {
        "save": save,
        "transcript": transcript,
        "bank": bank,
        "match": match,
        "games": games,
    }


SAID = {
    "save": "this is a saved game, not a puzzle",
    "transcript": "this is the transcript of a game, not a puzzle",
    "bank": "this is a puzzle bank, not a puzzle file",
    "match": "this is a saved Mastermind match, not a puzzle",
    "games": "this is the transcript of Mastermind games, not a puzzle",
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


@pytest.mark.parametrize(
    "command", [["play"], ["solve"], ["check"], ["analyze"], ["share"], ["export"]]
)
def test_a_saved_mastermind_match_is_named_by_every_puzzle_reader(
    game_files: dict[str, Path], command: list[str]
) -> None:
    match = game_files["match"]
    result = CliRunner().invoke(main, [*command, str(match)], "")
    assert result.exit_code == 2
    assert f"error: {match}: this is a saved Mastermind match, not a puzzle\n" in result.output
    assert "missing 'cards'" not in result.output


def test_a_saved_mastermind_match_on_standard_input_is_named(
    game_files: dict[str, Path],
) -> None:
    text = game_files["match"].read_text()
    result = CliRunner().invoke(main, ["solve", "-"], text)
    assert result.exit_code == 2
    assert result.output == "error: <stdin>: this is a saved Mastermind match, not a puzzle\n"


def test_bank_import_names_a_saved_mastermind_match(
    game_files: dict[str, Path], tmp_path: Path
) -> None:
    match, bank = game_files["match"], tmp_path / "n.db"
    result = CliRunner().invoke(main, ["bank", "import", str(bank), str(match)])
    assert result.exit_code == 2
    assert f"{match}: this is a saved Mastermind match, not a puzzle" in result.output
    assert "missing 'cards'" not in result.output
    assert not bank.exists()


def test_a_saved_mastermind_match_given_for_a_card_set_is_named(
    game_files: dict[str, Path],
) -> None:
    match = game_files["match"]
    result = CliRunner().invoke(main, ["cards", "validate", str(match)])
    assert result.exit_code == 1
    assert "this is a saved Mastermind match, not a card set" in result.output


def test_play_points_a_game_s_transcript_to_replay(game_files: dict[str, Path]) -> None:
    """The transcript of a game given to play for a puzzle: what it is, and the command that
    looks back at that game."""
    transcript = game_files["transcript"]
    result = CliRunner().invoke(main, ["play", str(transcript)], "")
    assert result.exit_code == 2
    assert result.output == (
        f"error: {transcript}: this is the transcript of a game, not a puzzle (to look back "
        f"at that game: turing replay {transcript})\n"
    )
