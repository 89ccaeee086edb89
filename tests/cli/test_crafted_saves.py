"""Saves edited by hand: what they hold is checked as typed input is, and a field that is
not what a save holds makes it a corrupted save, said in one line (exit 2)."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from turing.cli.main import main


def _crafted(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """A save of a game of one round passed, its packed game changed by ``change``."""
    save = tmp_path / "g.json"
    made = CliRunner().invoke(
        main, ["play", "--seed", "1", "--players", "ann", "--save", str(save)], "pass\n"
    )
    assert made.exit_code == 1, made.output
    outer = json.loads(save.read_text())
    inner = json.loads(zlib.decompress(base64.b64decode(outer["packed"])))
    change(inner)
    outer["packed"] = base64.b64encode(zlib.compress(json.dumps(inner).encode())).decode()
    save.write_text(json.dumps(outer))
    return save


def _rename(inner: dict[str, Any]) -> None:
    name = "\x1b[31mx"
    game = inner["game"]
    game["players"] = [name]
    inner["seats"][0]["name"] = name
    game["hints"] = {name: game["hints"].pop("ann")}
    game["notes"] = {name: game["notes"].pop("ann")} if "ann" in game["notes"] else {}
    for action in game["actions"]:
        action["player"] = name


def _note(inner: dict[str, Any]) -> None:
    inner["game"]["notes"] = {"ann": {"text": {"A": "\x1b[2Jhi"}, "struck": [], "grid": {}}}


def _label(inner: dict[str, Any]) -> None:
    inner["game"]["label"] = "\x1b]0;title\x07"


@pytest.mark.parametrize(
    ("change", "key"), [(_rename, "players"), (_note, "notes"), (_label, "label")]
)
def test_a_control_character_in_a_saved_text_makes_a_corrupted_save(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], key: str
) -> None:
    save = _crafted(tmp_path, change)
    before = save.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"error: {save}: corrupted save file: {key!r} holds U+001B, a control or "
        "text-direction character that would garble what is shown\n"
    )
    assert save.read_bytes() == before
