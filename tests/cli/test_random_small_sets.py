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
    line = result.output.strip()
    assert line.startswith("error: no valid puzzle found: an easy puzzle of 6 verifiers"), line
    assert line.endswith("card set 'garden' makes puzzles of 4 or 5 verifiers (--verifiers 4-5)"), (
        line
    )
