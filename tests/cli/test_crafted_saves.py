"""Saves edited by hand: what they hold is checked as typed input is, and a field that is
not what a save holds makes it a corrupted save, said in one line (exit 2)."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.play.game import sample_puzzle_path


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


def test_a_file_named_as_the_card_set_that_is_no_card_set_is_not_quoted(tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("root:secret-hash:20228:0:99999:7::\n")

    def elsewhere(inner: dict[str, Any]) -> None:
        inner["cardset"] = str(tmp_path / "secret.txt")

    save = _crafted(tmp_path, elsewhere)
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2
    assert result.output == (
        f"error: {save}: the game's card set cannot be loaded: {tmp_path / 'secret.txt'}:1:1: "
        "not a card set: none of its keys is a card set's (name, description, tiers, cards)\n"
    )
    assert "secret-hash" not in result.output


@pytest.mark.parametrize(
    "entry",
    [5, {"path": 5, "events": 1}, {"path": "t.jsonl", "events": 1}, {"path": "/t", "events": "x"}],
)
def test_a_wrong_transcript_entry_makes_a_corrupted_save(tmp_path: Path, entry: object) -> None:
    def transcript(inner: dict[str, Any]) -> None:
        inner["transcript"] = entry

    save = _crafted(tmp_path, transcript)
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2
    assert result.output == f"error: {save}: corrupted save file: its transcript entry is wrong\n"


def _with_transcript(tmp_path: Path) -> tuple[Path, Path]:
    save, transcript = tmp_path / "g.json", tmp_path / "t.jsonl"
    made = CliRunner().invoke(
        main,
        ["play", "--seed", "1", "--save", str(save), "--transcript", str(transcript)],
        "pass\n",
    )
    assert made.exit_code == 1, made.output
    return save, transcript


def test_a_resumed_game_says_where_its_transcript_goes_on(tmp_path: Path) -> None:
    save, transcript = _with_transcript(tmp_path)
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{save}: the transcript of this game goes on in {transcript}"
    )
    given = CliRunner().invoke(
        main, ["play", "--resume", str(save), "--transcript", str(tmp_path / "u.jsonl")], ""
    )
    assert "goes on in" not in given.stderr  # named on the command line: nothing to say


def test_a_damaged_transcript_of_a_resumed_game_points_at_transcript_option(
    tmp_path: Path,
) -> None:
    save, transcript = _with_transcript(tmp_path)
    transcript.write_text("garbage\n")
    before = save.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2
    assert result.output == (
        f"error: cannot write the transcript {transcript}: it exists and is not a transcript; "
        "--transcript FILE writes this game's transcript elsewhere\n"
    )
    assert save.read_bytes() == before and transcript.read_text() == "garbage\n"


def test_a_key_twice_makes_a_corrupted_save(tmp_path: Path) -> None:
    save = _crafted(tmp_path, lambda inner: None)
    save.write_text('{"format": "other", ' + save.read_text()[1:])
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2
    assert result.output == f"error: {save}: corrupted save file: duplicate key 'format'\n"


def test_a_key_twice_in_the_packed_game_makes_a_corrupted_save(tmp_path: Path) -> None:
    save = _crafted(tmp_path, lambda inner: None)
    outer = json.loads(save.read_text())
    packed = zlib.decompress(base64.b64decode(outer["packed"])).decode()
    twice = '{"seed": 3, ' + packed[1:]
    outer["packed"] = base64.b64encode(zlib.compress(twice.encode())).decode()
    save.write_text(json.dumps(outer))
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2
    assert result.output == f"error: {save}: corrupted save file: duplicate key 'seed'\n"


def test_a_device_or_a_bank_given_to_resume_is_said_to_be_one(tmp_path: Path) -> None:
    device = CliRunner().invoke(main, ["play", "--resume", "/dev/zero"], "")
    assert (device.exit_code, device.output) == (
        2,
        "error: /dev/zero: not a turing save file: it is not a regular file\n",
    )
    bank = tmp_path / "b.db"
    made = CliRunner().invoke(main, ["bank", "import", str(bank), str(sample_puzzle_path())])
    assert bank.is_file(), made.output
    result = CliRunner().invoke(main, ["play", "--resume", str(bank)], "")
    assert (result.exit_code, result.output) == (
        2,
        f"error: {bank}: not a turing save file: it is a puzzle bank\n",
    )


def test_a_field_of_the_wrong_type_is_named_in_words(tmp_path: Path) -> None:
    def actions(inner: dict[str, Any]) -> None:
        inner["game"]["actions"] = "x"

    save = _crafted(tmp_path, actions)
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert (
        result.output == f"error: {save}: corrupted save file: 'actions' is missing or not a list\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
@pytest.mark.parametrize(
    ("command", "not_one"),
    [(["play"], "not a turing save file"), (["mastermind", "play"], "not a Mastermind save file")],
)
def test_a_fifo_given_to_resume_is_refused_at_once(
    tmp_path: Path, command: list[str], not_one: str
) -> None:
    # Opening a FIFO would wait for a writer that never comes: it is refused unopened.
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "turing", *command, "--resume", str(fifo)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        cwd=ROOT,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        f"error: {fifo}: {not_one}: it is not a regular file\n",
    )


@pytest.mark.parametrize(
    ("hinted", "problem"),
    [
        ([1], "'hinted' is not an object"),
        ({"ann": {"infer": "not a digest"}}, "bad hint memory for ann"),
        ({"ann": ["infer"]}, "bad hint memory for ann"),
    ],
)
def test_a_wrong_hint_memory_makes_a_corrupted_save(
    tmp_path: Path, hinted: object, problem: str
) -> None:
    def memory(inner: dict[str, Any]) -> None:
        inner["game"]["hinted"] = hinted

    save = _crafted(tmp_path, memory)
    before = save.read_bytes()
    result = CliRunner().invoke(main, ["play", "--resume", str(save)], "")
    assert result.exit_code == 2, result.output
    assert result.output == f"error: {save}: corrupted save file: {problem}\n"
    assert save.read_bytes() == before
