"""How `turing solve` names the cards and criteria of a custom card set."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from turing.cli.main import main

CARDS = """name: middle
cards:
  - number: 1
    criteria: [b < 3, b >= 3]
  - number: 2
    title: "■ small"
    title_de: "■ klein"
    criteria: [y < 3, y >= 3]
  - number: 3
    criteria: [p < 3, p >= 3]
  - number: 4
    criteria:
      - b < y < p or p < y < b
      - not (b < y < p or p < y < b)
"""


def _solved(tmp_path: Path, lang: str) -> list[str]:
    (tmp_path / "middle.yaml").write_text(CARDS)
    puzzle = tmp_path / "p.json"
    puzzle.write_text(
        json.dumps(
            {
                "cards": [1, 2, 3, 4],
                "criteria": [2, 2, 1, 2],
                "cardset": str(tmp_path / "middle.yaml"),
            }
        )
    )
    result = CliRunner().invoke(main, ["--lang", lang, "solve", str(puzzle)])
    assert result.exit_code in (0, 1), result.output  # 1: several codes meet the criteria
    return [" ".join(line.strip("│ ").split()) for line in result.output.splitlines()]


def test_an_untitled_card_is_named_by_its_number_alone(tmp_path: Path) -> None:
    lines = _solved(tmp_path, "en")
    assert "A │ 1 │ 2: b >= 3" in lines
    assert "B │ 2 (■ small) │ 2: y >= 3" in lines
    german = _solved(tmp_path, "de")
    assert "A │ 1 │ 2: ▲ ist mindestens 3" in german
    assert "B │ 2 (■ klein) │ 2: ■ ist mindestens 3" in german


def test_a_negated_either_or_is_worded_with_its_scope_clear_in_german(tmp_path: Path) -> None:
    german = _solved(tmp_path, "de")
    assert (
        "D │ 4 │ 2: ▲, ■ und ● sind nicht streng aufsteigend, und ●, ■ und ▲ sind nicht "
        "streng aufsteigend"
    ) in " ".join(german), german
