"""A bank's puzzles as players and booklet readers meet them: `play --bank` deals only
puzzles that need a test, a booklet says 0 tests where the cards alone give the code,
the bank-reading commands take `--difficulty none`, seeds are read as counts are, and
a run that is not classic is not sent to `turing catalogue`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from testsupport.cli import run

#: a classic bank of 60 easy 4-verifier puzzles, 3 of which need no test (their cards
#: alone give the code)
GENERATE = ["generate", "-n", "60", "--mode", "classic", "--difficulty", "easy"]
GENERATE += ["--verifiers", "4", "--seed", "1", "-q"]


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("bank") / "b.db"
    made = run([*GENERATE, "--bank", str(db)])
    assert made.exit_code == 0, made.output
    with sqlite3.connect(db) as conn:
        no_test = conn.execute("SELECT count(*) FROM puzzles WHERE codes_left = 1").fetchone()[0]
    assert 1 <= no_test < 60
    return db


def _copy(bank: Path, tmp_path: Path, name: str = "b.db") -> Path:
    db = tmp_path / name
    db.write_bytes(bank.read_bytes())
    return db


def _played(db: Path) -> list[tuple[str, int, int]]:
    with sqlite3.connect(db) as conn:
        return [
            (str(r[0]), int(r[1]), int(r[2]))
            for r in conn.execute("SELECT id, codes_left, played FROM puzzles ORDER BY rowid")
        ]


def test_play_bank_skips_puzzles_that_need_no_test(bank: Path, tmp_path: Path) -> None:
    """Unplayed: the puzzles that need no test and one that needs a test; every seed
    deals the one that needs a test (a bot plays it to the end, which marks it played)."""
    for seed in range(1, 7):
        db = _copy(bank, tmp_path, f"b{seed}.db")
        with sqlite3.connect(db) as conn:
            keep = conn.execute("SELECT id FROM puzzles WHERE codes_left > 1 LIMIT 1").fetchone()
            conn.execute("UPDATE puzzles SET played = 1 WHERE codes_left > 1 AND id <> ?", keep)
        result = run(["play", "--bank", str(db), "--players", "bot:greedy", "--seed", str(seed)])
        assert result.exit_code == 0, result.output
        rows = {pid: (left, played) for pid, left, played in _played(db)}
        assert rows[keep[0]][1] == 1, result.output
        assert all(not played for left, played in rows.values() if left == 1), result.output


def test_a_bank_of_only_puzzles_that_need_no_test_deals_none(bank: Path, tmp_path: Path) -> None:
    db = _copy(bank, tmp_path)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE puzzles SET played = 1 WHERE codes_left > 1")
    before = _played(db)
    result = run(["play", "--bank", str(db)], input="quit\n")
    assert result.exit_code == 2
    assert result.output == (
        f"error: {db}: every unplayed puzzle that matches (mode any, difficulty any, "
        "verifiers 4/5/6) needs no test: the cards alone give the code\n"
    )
    assert _played(db) == before


def test_a_booklet_says_no_test_exactly_where_the_cards_give_the_code(
    bank: Path, tmp_path: Path
) -> None:
    out = tmp_path / "m0.md"
    args = ["export", "--bank", str(bank), "--max-tests", "0", "--limit", "3", "--seed", "1"]
    result = run([*args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.count("fewest tests: 0*") == 3 and "at least 0" not in text


def test_bank_pick_and_play_bank_take_difficulty_none(bank: Path) -> None:
    picked = run(["bank", "pick", str(bank), "--difficulty", "none"])
    assert picked.exit_code == 1
    assert picked.output == (
        f"error: {bank}: no puzzle in the bank matches (mode any, difficulty none, "
        "verifiers 4/5/6)\n"
    )
    played = run(["play", "--bank", str(bank), "--difficulty", "none"], input="quit\n")
    assert played.exit_code == 1
    assert "no unplayed puzzle matches (mode any, difficulty none" in played.output
    random = run(["play", "--random", "--difficulty", "none"], input="quit\n")
    assert random.exit_code == 2
    assert random.output.startswith("error: --difficulty none: for a puzzle drawn from --bank")


@pytest.mark.parametrize("seed", ["1e3", "1,000", "1000"])
def test_a_seed_is_read_as_a_count_is(bank: Path, seed: str) -> None:
    picked = run(["bank", "pick", str(bank), "--seed", seed])
    assert picked.exit_code == 0, picked.output
    assert picked.output == run(["bank", "pick", str(bank), "--seed", "1000"]).output


def test_a_run_that_is_not_classic_is_not_sent_to_the_catalogue(tmp_path: Path) -> None:
    args = ["generate", "-n", "500", "--mode", "extreme", "--cardset", "examples/primes"]
    args += ["--seed", "1", "--give-up", "3", "--no-metrics", "-q", "-o", str(tmp_path / "p")]
    result = run(args)
    assert result.exit_code == 1
    assert "seems used up" in result.output and "turing catalogue" not in result.output


def test_generate_help_says_a_bank_changes_what_a_run_adds() -> None:
    text = " ".join(run(["generate", "--help"]).output.split())
    assert "with --bank, puzzles the bank already holds are skipped" in text
