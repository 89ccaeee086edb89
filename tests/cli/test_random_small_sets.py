"""A random puzzle of a small card set: its verifier count is drawn among those the set
can make, and a count asked for that it cannot make is refused with the ones it can."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from testsupport.cli import ROOT, run


@pytest.fixture
def garden(tmp_path: Path) -> Path:
    """The first set of docs/cards.md, as a reader copies it: it makes puzzles of 4 and 5
    verifiers, none of 6 (its six cards together leave one redundant)."""
    doc = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- example: garden.yaml -->\n```yaml\n(.*?)```", doc, re.DOTALL)
    assert found is not None
    path = tmp_path / "garden.yaml"
    path.write_text(found.group(1), encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", ["5", "6", "10"])
def test_every_seed_plays_a_count_the_set_can_make(garden: Path, seed: str) -> None:
    result = run(
        [
            "play",
            "--random",
            "--cardset",
            str(garden),
            "--players",
            "bot:greedy",
            "--seed",
            seed,
            "--json",
        ]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.splitlines()[-1])["solved"] == ["bot:greedy"]


def test_a_count_asked_for_that_the_set_cannot_make_names_the_ones_it_can(garden: Path) -> None:
    result = run(
        [
            "play",
            "--random",
            "--cardset",
            str(garden),
            "--players",
            "bot:greedy",
            "--seed",
            "1",
            "--verifiers",
            "6",
        ]
    )
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    # only that the set cannot make the count, with the ones it can: what a puzzle of 6
    # needs and what the set has ("needs 6 easy cards; has 6 easy cards") read as a
    # contradiction
    assert result.output == (
        "error: card set 'garden' makes no puzzle of 6 verifiers, only of 4 or 5 "
        "(--verifiers 4-5)\n"
    )


@pytest.mark.parametrize(
    ("shaping", "said"),
    [
        (["--difficulty", "easy"], "makes no easy puzzle of 6 verifiers, only of 4 or 5"),
        (
            ["--mode", "nightmare"],
            "makes no puzzle of 6 verifiers in nightmare mode, only of 4 or 5",
        ),
    ],
)
def test_the_refusal_names_the_tier_and_mode_asked_for(
    garden: Path, shaping: list[str], said: str
) -> None:
    result = run(["play", "--random", "--cardset", str(garden), "--verifiers", "6", *shaping])
    assert result.exit_code == 2
    assert result.output == f"error: card set 'garden' {said} (--verifiers 4-5)\n"


def test_a_set_that_makes_no_count_says_why(garden: Path) -> None:
    # no hard puzzle of any size: what one needs and what the set has, with no count to offer
    result = run(
        ["play", "--random", "--cardset", str(garden), "--verifiers", "6", "--difficulty", "hard"]
    )
    assert result.exit_code == 2
    assert result.output == (
        "error: a hard puzzle of 6 verifiers needs 4 hard cards and 2 more of any tier; card "
        "set 'garden' has 0 hard cards (numbered 23 and above) among its 6\n"
    )


def test_the_refusal_in_german(garden: Path) -> None:
    result = run(["--lang", "de", "play", "--random", "--cardset", str(garden), "--verifiers", "6"])
    assert result.exit_code == 2
    assert result.output == (
        "Fehler: der Kartensatz 'garden' ergibt kein Rätsel mit 6 Prüfern, nur mit 4 oder 5 "
        "(--verifiers 4-5)\n"
    )


def test_generate_refuses_a_count_the_set_cannot_make_before_any_work(
    garden: Path, tmp_path: Path
) -> None:
    """`turing generate` says the same, with the option as it takes it (one count), and
    writes nothing."""
    out = tmp_path / "out.jsonl"
    result = run(
        ["generate", "--cardset", str(garden), "--verifiers", "6", "-n", "2", "-o", str(out)]
    )
    assert result.exit_code == 2
    assert result.output == (
        "error: card set 'garden' makes no puzzle of 6 verifiers, only of 4 or 5 "
        "(--verifiers 4 or --verifiers 5)\n"
    )
    assert not out.exists()
    made = run(["generate", "--cardset", str(garden), "--verifiers", "5", "-n", "1", "-o", "-"])
    assert made.exit_code == 0, made.output
