"""`turing generate` refuses a card set short of cards at once, and changes nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path

from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main

#: 4 easy, 2 standard and 3 hard cards: every tier of classic, none of extreme
NINE = str(ROOT / "tests" / "data" / "cardsets" / "nine.yaml")


def _generate(*args: str) -> tuple[int, str, float]:
    started = time.process_time()
    r = CliRunner().invoke(main, ["generate", "-n", "3", "--seed", "1", "-q", *args])
    return r.exit_code, r.output, time.process_time() - started


def test_extreme_without_a_tier_says_no_tier_can_be_made_and_what_each_lacks() -> None:
    code, out, seconds = _generate("--cardset", NINE, "--mode", "extreme", "-o", "-")
    assert code == 2, out
    assert out.strip() == (
        "error: no puzzle of 4 verifiers can be made in extreme mode with card set 'nine', "
        "in any tier: with a decoy beside each card, an easy puzzle of 4 verifiers needs 8 "
        "easy cards: card set 'nine' has 4 easy cards (numbered 1–4); a standard puzzle of "
        "4 verifiers needs 2 standard cards and 6 more, easy or standard: card set 'nine' "
        "has 2 standard cards (numbered 5–6) and 4 easy cards; a hard puzzle of 4 verifiers "
        "needs 4 hard cards and 4 more of any tier: card set 'nine' has 3 hard cards "
        "(numbered 7–9) among its 9"
    )
    assert seconds < 5  # counted, not drawn for in vain


def test_extreme_with_a_tier_it_lacks_is_refused_at_once() -> None:
    code, out, seconds = _generate(
        "--cardset", NINE, "--mode", "extreme", "--difficulty", "hard", "-o", "-"
    )
    assert code == 2, out
    assert out.strip() == (
        "error: with a decoy beside each card, a hard puzzle of 4 verifiers needs 4 hard "
        "cards and 4 more of any tier; card set 'nine' has 3 hard cards (numbered 7–9) "
        "among its 9"
    )
    assert seconds < 2


def test_the_tiers_the_set_can_make_are_made() -> None:
    code, out, _seconds = _generate("--cardset", NINE, "--mode", "nightmare", "-o", "-")
    assert code == 0, out
    assert len(out.strip().splitlines()) == 3


def test_a_refused_run_makes_no_bank(tmp_path: Path) -> None:
    bank = tmp_path / "new.db"
    code, out, _seconds = _generate(
        "--cardset", NINE, "--mode", "extreme", "--difficulty", "easy", "--bank", str(bank)
    )
    assert code == 2 and out.startswith("error: with a decoy beside each card"), out
    assert list(tmp_path.iterdir()) == []


def test_a_refused_run_leaves_an_existing_bank_as_it_was(tmp_path: Path) -> None:
    bank = tmp_path / "old.db"
    code, out, _seconds = _generate("--bank", str(bank))
    assert code == 0, out
    before = bank.read_bytes()
    code, out, _seconds = _generate(
        "--cardset", NINE, "--difficulty", "hard", "--verifiers", "6", "--bank", str(bank)
    )
    assert code == 2, out
    assert bank.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.db"]


def test_without_a_tier_only_the_tiers_the_set_can_make_are_drawn_for() -> None:
    # primes makes only standard extreme puzzles (8 cards of easy or standard, 2 standard)
    code, out, seconds = _generate(
        "--cardset", "examples/primes", "--mode", "extreme", "-o", "-", "--no-metrics"
    )
    assert code == 0, out
    assert [json.loads(line)["difficulty"] for line in out.splitlines()] == ["standard"] * 3
    assert seconds < 5  # no draws in vain for the easy and hard tiers it lacks the cards of


def test_a_count_the_set_makes_no_puzzle_of_is_refused_before_a_bank_is_made(
    tmp_path: Path,
) -> None:
    # enough cards for a standard puzzle of 6 verifiers, but none of them makes one: trying
    # to make one finds that before any drawing, and the counts it makes are said
    bank = tmp_path / "new.db"
    code, out, _seconds = _generate("--cardset", NINE, "--verifiers", "6", "--bank", str(bank))
    assert code == 2, out
    assert out.startswith("error: card set 'nine' makes no puzzle of 6 verifiers, only of"), out
    assert list(tmp_path.iterdir()) == []
