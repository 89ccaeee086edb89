"""A puzzle dealt from a bank is marked played there as soon as the game is saved (by the
save command, by w on the board, or on leaving with a save file), not only when the game
ends: a saved game waiting to be resumed holds it, so the bank never deals it again, and
the resumed game (whose save names no bank) has nothing left to mark. A bank that cannot
be written then (another process writing it, a read-only file) loses no save and stops no
game: one line says so. The bank's id of the puzzle is never shown, only its row."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from testsupport.pilot import run_async
from testsupport.processes import unprivileged
from turing.cli.main import main
from turing.generation.bank import Bank
from turing.play.session import Session, load_save

#: a line that tests on verifier A and leaves the game unfinished at the end of the input
TEST_A = "compose 123\ntest A\n"


def _run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    """A bank of one classic puzzle (so a second game of it finds none unplayed)."""
    db = tmp_path / "b.db"
    made = _run(["generate", "-n", "1", "--mode", "classic", "--seed", "3", "--bank", str(db)])
    assert made.exit_code == 0, made.output
    return db


def _played(db: Path) -> list[int]:
    """The bank's played flags, row by row, read from the SQLite file itself."""
    with sqlite3.connect(db) as conn:
        return [int(row[0]) for row in conn.execute("SELECT played FROM puzzles ORDER BY rowid")]


def _puzzle_id(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT id FROM puzzles").fetchone()[0])


def _dealt_again(db: Path) -> Result:
    return _run(["play", "--bank", str(db), "--mode", "classic"], input="quit\n")


NONE_LEFT = "no unplayed puzzle matches"


def test_leaving_with_a_save_file_marks_the_puzzle_played(bank: Path, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = _run(["play", "--bank", str(bank), "--save", str(save)], input=TEST_A)
    assert f"saved to {save}" in first.output
    assert "bank puzzle" in first.output and "bank row" not in first.output
    assert _puzzle_id(bank) not in first.output  # named neutrally, never by its id or row
    assert _played(bank) == [1]
    again = _dealt_again(bank)
    assert again.exit_code == 1  # as bank pick: nothing wrong with the input
    assert NONE_LEFT in again.output
    picked = _run(["bank", "pick", str(bank)])
    assert picked.exit_code != 0 or _puzzle_id(bank) not in picked.output
    # resumed and won: the save names no bank, the puzzle stays played, nothing more said
    won = _run(["play", "--resume", str(save)], input=f"solve {_solution(save)}\n")
    assert won.exit_code == 0, won.output
    assert won.stderr == ""
    assert f"The finished game is saved to {save}." in won.output
    assert _played(bank) == [1]


def _solution(save: Path) -> str:
    session, _transcript = load_save(str(save))
    solution = session.game.puzzle.solution
    assert solution is not None
    return solution.text if hasattr(solution, "text") else str(solution)


def test_the_save_command_marks_the_puzzle_played(bank: Path, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    done = _run(["play", "--bank", str(bank)], input=f"save {save}\n{TEST_A}")
    assert f"Saved to {save}." in done.output
    assert _played(bank) == [1]
    assert NONE_LEFT in _dealt_again(bank).output


def test_a_game_left_without_a_save_leaves_the_puzzle_unplayed(bank: Path) -> None:
    left = _run(["play", "--bank", str(bank)], input=TEST_A)
    assert "game abandoned" in left.output
    assert _played(bank) == [0]


def test_a_game_played_to_its_end_marks_the_puzzle_played(bank: Path) -> None:
    done = _run(["play", "--bank", str(bank)], input="giveup\n")
    assert done.stderr == ""
    assert _played(bank) == [1]


@pytest.fixture
def held(bank: Path) -> Iterator[Path]:
    """The bank while another process writes it (its write lock held throughout)."""
    conn = sqlite3.connect(bank, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield bank
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_a_bank_being_written_loses_no_save_and_says_so_once(held: Path, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    done = _run(["play", "--bank", str(held), "--save", str(save)], input=f"save\n{TEST_A}")
    assert "Saved to" in done.output
    assert "123 on A:" in done.output  # the game went on after the save
    assert f"saved to {save}" in done.output
    assert load_save(str(save))[0].game.round == 1
    warned = [line for line in done.output.splitlines() if "not marked played" in line]
    assert warned == [
        "warning: the puzzle is not marked played in its bank, which may deal it again "
        f"({held}: the bank's database: database is locked)"
    ]
    assert "Traceback" not in done.output


def test_a_bank_being_written_at_the_end_is_said_on_standard_error(held: Path) -> None:
    done = _run(["play", "--bank", str(held)], input="giveup\n")
    assert done.exit_code == 0
    assert done.stderr == (
        "warning: the puzzle is not marked played in its bank, which may deal it again "
        f"({held}: the bank's database: database is locked)\n"
    )


def test_a_read_only_bank_loses_no_save(bank: Path, tmp_path: Path) -> None:
    words = unprivileged()
    bank.chmod(0o444)
    before = bank.read_bytes()
    env = {k: v for k, v in os.environ.items() if k not in ("TURING_LANG", "TURING_DEBUG")}
    env.update(PYTHONPATH=str(ROOT), TURING_CACHE_DIR="", TURING_LANG="en")
    done = subprocess.run(
        [*words, sys.executable, "-m", "turing", "play", "--bank", str(bank), "--save", "g.json"],
        input=f"save\n{TEST_A}", capture_output=True, text=True, env=env, cwd=tmp_path,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 1  # left unfinished, as every game so left
    assert "Traceback" not in done.stderr
    assert "123 on A:" in done.stdout
    warning = (
        "warning: the puzzle is not marked played in its bank, which may deal it again "
        f"({bank}: cannot open the bank: the file is read-only)"
    )
    assert (done.stdout + done.stderr).count(warning) == 1
    assert load_save(str(tmp_path / "g.json"))[0].game.round == 1
    assert bank.read_bytes() == before


# -- the board ----------------------------------------------------------------------------


@run_async
async def test_w_on_the_board_marks_the_puzzle_played(bank: Path, tmp_path: Path) -> None:
    pytest.importorskip("textual")
    from turing.ui.board import BoardApp

    save = tmp_path / "w.json"
    session = _bank_session(bank, save)
    app = BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("w")
        await pilot.pause(0.2)
        assert app.message.startswith(f"Saved to {save}")
    assert save.is_file()
    assert _played(bank) == [1]


@run_async
async def test_w_on_the_board_says_a_bank_being_written_in_its_message(
    held: Path, tmp_path: Path
) -> None:
    pytest.importorskip("textual")
    from turing.ui.board import BoardApp

    save = tmp_path / "w.json"
    session = _bank_session(held, save)
    app = BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause(0.2)
        await pilot.press("w")
        await pilot.pause(2.5)
        said = app.message
    assert said.startswith(f"Saved to {save}")
    assert said.endswith(
        " · warning: the puzzle is not marked played in its bank, which may deal it again "
        f"({held}: the bank's database: database is locked)"
    )
    assert save.is_file()


def _bank_session(db: Path, save: Path) -> Session:
    """The session ``turing board --bank DB --save SAVE`` plays (its options as given)."""
    from turing.cli.play import open_session

    session, resumed = open_session(
        None, None, False, None, str(db), None, None, None, None, None, 1, None, None,
        str(save), None, False,
    )  # fmt: skip
    assert not resumed
    return session


def test_leaving_the_board_with_a_save_marks_the_puzzle_played(bank: Path, tmp_path: Path) -> None:
    pytest.importorskip("textual")
    child = pexpect.spawn(
        sys.executable, ["-m", "turing", "board", "--bank", str(bank), "--save", "b.json"],
        cwd=str(tmp_path), env={**os.environ, "TERM": "xterm-256color",
                                "PYTHONPATH": str(ROOT)},
        encoding="utf-8", timeout=60, dimensions=(40, 120),
    )  # fmt: skip
    try:
        child.expect_exact("bank puzzle")
        child.send("q")
        child.expect_exact("Leave the game?")
        child.send("y")
        child.expect_exact("game abandoned; saved to b.json")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert _played(bank) == [1]
    assert NONE_LEFT in _dealt_again(bank).output
    with Bank(bank, readonly=True) as b:
        assert b.count() == 1
