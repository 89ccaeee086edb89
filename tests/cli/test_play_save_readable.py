"""The fields of a save to read at a glance (the players, the round) say what its packed game
holds: a save edited there is a corrupted one, refused in one line and left as it was; the
note may say anything."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main


def _saved(tmp_path: Path, *options: str) -> Path:
    """A save of a game of two players, ann's round 1 tested and passed."""
    save = tmp_path / "pe.json"
    made = CliRunner().invoke(
        main,
        [*options, "play", "--players", "ann,bob", "--seed", "1", "--save", str(save)],
        "compose 111\ntest A\npass\n",
    )
    assert made.exit_code == 1, made.output
    return save


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("players", ["ann"]),
        ("players", ["bob", "ann"]),
        ("players", "ann, bob"),
        ("players", None),
        ("round", 5),
        ("round", "1"),
        ("round", True),
        ("round", 1.5),
        ("round", None),
    ],
)
def test_a_save_whose_readable_fields_disagree_with_its_packed_game_is_refused(
    tmp_path: Path, key: str, value: object
) -> None:
    save = _saved(tmp_path)
    data = json.loads(save.read_text())
    if value is None:
        del data[key]
    else:
        data[key] = value
    save.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    before = save.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"error: {save}: corrupted save file: {key!r} does not agree with the packed game\n"
    )
    assert save.read_bytes() == before


def test_the_note_of_a_save_may_say_anything(tmp_path: Path) -> None:
    save = _saved(tmp_path)
    data = json.loads(save.read_text())
    data["note"] = "ann's turn next; bob tested 111 on A"
    save.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "quit\n")
    assert result.exit_code == 1, result.output
    assert "Resumed in round 1." in result.output
    assert "corrupted" not in result.output


def test_a_save_names_the_round_the_game_is_in(tmp_path: Path) -> None:
    save = tmp_path / "r.json"
    moves = "compose 111\ntest A\npass\ncompose 222\ntest B\npass\n"
    made = CliRunner().invoke(main, ["play", "--seed", "1", "--save", str(save)], moves)
    assert made.exit_code == 1, made.output
    assert json.loads(save.read_text())["round"] == 3
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "quit\n")
    assert "Resumed in round 3." in result.output, result.output


@pytest.mark.parametrize(("saved_in", "resumed_in"), [("de", "en"), ("en", "de")])
def test_a_player_named_by_default_resumes_in_the_other_language(
    tmp_path: Path, saved_in: str, resumed_in: str
) -> None:
    save = tmp_path / "d.json"
    made = CliRunner().invoke(
        main, ["--lang", saved_in, "play", "--seed", "1", "--save", str(save)], "compose 111\n"
    )
    assert made.exit_code == 1, made.output
    named = {"de": "Spieler", "en": "player"}[saved_in]
    assert json.loads(save.read_text())["players"] == [named]
    result = CliRunner().invoke(
        main, ["--lang", resumed_in, "play", "--resume", str(save)], "test A\n"
    )
    assert result.exit_code == 1, result.output
    assert "corrupted" not in result.output and "beschädigt" not in result.output
    assert f"{named}> test A" in result.output, result.output
