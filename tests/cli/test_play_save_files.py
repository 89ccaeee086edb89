"""Which files a game is saved to and read from, through `turing play` and `turing bank`
(CliRunner): JSON nested too deep for the parser, paths that are no file to save to, and
what a refusal says about a file that is not a save."""

from __future__ import annotations

import base64
import json
import os
import sqlite3
import zlib
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main


def turing(*args: str, script: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=script)


def play(args: list[str], script: str = "") -> Result:
    return turing("play", *args, script=script)


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


# -- JSON nested too deeply ------------------------------------------------------------------


@pytest.fixture
def saved(tmp_path: Path) -> dict[str, object]:
    """The outer object of a real save file."""
    save = tmp_path / "real.json"
    assert play(["--save", str(save)], "c 241; t a\nsave\nquit\n").exit_code == 1
    data: dict[str, object] = json.loads(save.read_text())
    return data


@pytest.mark.parametrize("levels", [1200, 100_000])
@pytest.mark.parametrize("where", ["whole", "inside", "packed"])
def test_a_save_nested_too_deeply_is_refused_in_one_line(
    tmp_path: Path, saved: dict[str, object], where: str, levels: int
) -> None:
    path = tmp_path / "deep.json"
    if where == "whole":
        path.write_text(deep(levels))
    elif where == "inside":
        path.write_text('{"format": "turing-play-save", "x": ' + deep(levels) + "}")
    else:
        packed = base64.b64encode(zlib.compress(deep(levels).encode())).decode()
        path.write_text(json.dumps({**saved, "packed": packed}))
    before = path.read_bytes()
    result = play(["--resume", str(path)], "pass\n")
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), lines
    if where != "packed":
        assert lines[0].endswith("(broken JSON: arrays or objects nested deeper than 64 levels)")
    assert path.read_bytes() == before


def test_a_deeply_nested_file_is_not_saved_over_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "dd.json"
    path.write_text(deep(100_000))
    before = path.read_bytes()
    refused = f"cannot save to {path}: it exists and is not a saved game; give another name"
    started = play(["--save", str(path)], "quit\n")
    assert started.exit_code == 2 and started.output == f"error: --save: {refused}\n"
    keep = tmp_path / "keep.json"
    typed = play(["--save", str(keep)], f"test 241 A\nsave {path}\nshow\n")
    assert typed.exit_code == 1, typed.output
    assert f"error: line 2: {refused}" in typed.output.splitlines()
    assert "end of input: game abandoned; saved to" in typed.output
    assert keep.exists() and path.read_bytes() == before


def test_a_bank_puzzle_nested_too_deeply_is_named_not_a_traceback(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    made = turing(
        "generate", "--count", "2", "--verifiers", "4", "--seed", "1", "--bank", str(bank)
    )
    assert made.exit_code == 0, made.output
    with sqlite3.connect(bank) as conn:
        rowid, ident = conn.execute("SELECT rowid, id FROM puzzles ORDER BY rowid").fetchone()
        conn.execute("UPDATE puzzles SET doc = ? WHERE rowid = ?", (deep(5000), rowid))
    conn.close()
    said = f"error: {bank}: a stored puzzle is not valid JSON: "
    for args in (
        ["play", "--bank", str(bank), "--id", ident],
        ["bank", "export", str(bank)],
        ["bank", "export", "--public", str(bank)],
    ):
        result = turing(*args)
        assert result.exit_code == 2, (args, result.output)
        lines = result.output.splitlines()  # --public: the puzzles in a random order
        assert said + "arrays or objects nested deeper than 64 levels" in lines, args
        assert "Traceback" not in result.output


# -- paths no save can be written to ---------------------------------------------------------

NOT_A_FILE = "cannot save to {path}: it is not a regular file; give a file name"


def test_a_device_or_a_pipe_is_no_save_file(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    transcript = tmp_path / "t.jsonl"
    for number, path in enumerate(("/dev/null", "/dev/full", "/dev/stdout", str(fifo))):
        started = play(["--save", path, "--transcript", str(transcript)], "test 241 A\n")
        assert started.exit_code == 2, (path, started.output)
        assert started.output == f"error: --save: {NOT_A_FILE.format(path=path)}\n"
        assert not transcript.exists()  # refused before the game
        keep = tmp_path / f"keep{number}.json"
        typed = play(["--players", "ann,bob", "--save", str(keep)], f"test 241 A\nsave {path}\n")
        assert f"error: line 2: {NOT_A_FILE.format(path=path)}" in typed.output.splitlines()
        assert f"Saved to {path}" not in typed.output
        assert f"saved to {keep}" in typed.output and keep.exists()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")
def test_a_folder_that_takes_no_new_file_is_refused_before_the_game(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    started = play(["--save", "/proc/g.json", "--transcript", str(transcript)], "test 241 A\n")
    assert started.exit_code == 2, started.output
    said = "cannot save to /proc/g.json: its folder takes no new files"
    assert started.output == f"error: --save: {said}\n"
    assert not transcript.exists()
    typed = play([], "save /proc/g.json\ntest 241 A\n")
    assert f"error: line 1: {said}" in typed.output.splitlines() and "241 on A" in typed.output


def test_the_folder_tried_at_the_start_is_left_as_it_was(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    started = play(["--save", str(save)], "quit\n")
    assert started.exit_code == 1, started.output
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no file made to try it


# -- what a refusal says about a file that is not a save --------------------------------------


def test_a_version_that_is_not_a_number_is_said_so(
    tmp_path: Path, saved: dict[str, object]
) -> None:
    path = tmp_path / "v.json"
    for version, said in (
        ("2", "its version is '2', not a whole number (this turing reads version 2)"),
        (None, "its version is null, not a whole number (this turing reads version 2)"),
        (True, "its version is true, not a whole number (this turing reads version 2)"),
    ):
        path.write_text(json.dumps({**saved, "version": version}))
        result = play(["--resume", str(path)])
        assert result.exit_code == 2
        assert result.output == f"error: {path}: corrupted save file: {said}\n"
    path.write_text(json.dumps({k: v for k, v in saved.items() if k != "version"}))
    result = play(["--resume", str(path)])
    assert result.output == f"error: {path}: corrupted save file: it has no version\n"
    german = turing("--lang", "de", "play", "--resume", str(path))
    assert german.exit_code == 2 and "Version" in german.output


def test_a_file_that_is_not_a_save_is_named_for_what_it_is(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    assert play(["--transcript", str(transcript)], "test 241 A\n").exit_code == 1
    root = Path(__file__).resolve().parents[2]
    puzzle_line = tmp_path / "p.jsonl"
    puzzle_line.write_text('{"id": "01", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}\n')
    empty = tmp_path / "empty.json"
    empty.write_text("\n")
    for path, what in (
        (transcript, "it is the transcript of a game"),
        (root / "puzzles" / "sample.yaml", "it is a puzzle file"),
        (root / "puzzles" / "published.yaml", "it is a puzzle file"),
        (puzzle_line, "it is a puzzle file"),
        (root / "cards" / "classic.yaml", "it is a card set"),
        (empty, "the file is empty"),
    ):
        result = play(["--resume", str(path)])
        assert result.exit_code == 2, result.output
        assert result.output == f"error: {path}: not a turing save file: {what}\n"
    other = tmp_path / "other.txt"
    other.write_text("hello: [")
    result = play(["--resume", str(other)])
    assert result.output.startswith(f"error: {other}:1:1: not a turing save file (broken JSON")
