"""`turing mastermind presets`: a table that fits the terminal, and one JSON object per
preset."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from rich.console import Console

from turing.cli import mastermind
from turing.cli.main import main


def test_json_gives_one_object_per_preset_with_what_the_table_shows() -> None:
    result = CliRunner().invoke(main, ["mastermind", "presets", "--json"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    by_name = {record["preset"]: record for record in records}
    assert list(by_name) == ["classic", "superhirn", "logik", "master-collor"]
    classic = by_name["classic"]
    assert classic == {
        "preset": "classic",
        "title": "Classic Mastermind",
        "positions": 4,
        "colours": 6,
        "repeats": True,
        "blank": False,
        "rows": 10,
        "codes": 1296,
        "palette": [
            {"key": key, "name": name, "digit": digit}
            for digit, (key, name) in enumerate(
                zip("RGBYWK", ("red", "green", "blue", "yellow", "white", "black"), strict=True),
                1,
            )
        ],
        "mode": "alternate",
        "unsolved_points": 11,
        "games": 2,
        "variants": [
            {
                "option": "blank",
                "codes": 2401,
                "name": None,
                "changes": "an empty hole counts as one more colour: the codemaker may leave "
                "empty holes, the codebreaker must find them too; pins unchanged (2,401 codes)",
            }
        ],
    }
    superhirn = by_name["superhirn"]
    assert (superhirn["repeats"], superhirn["codes"], superhirn["unsolved_points"]) == (
        False,
        1680,
        13,
    )
    assert [(v["option"], v["codes"]) for v in superhirn["variants"]] == [
        ("duplicates", 4096),
        ("blank", 3393),
    ]
    assert superhirn["variants"][0]["name"] == "“double colours”"
    logik = by_name["logik"]
    assert (logik["mode"], logik["unsolved_points"], logik["games"]) == ("duel", None, 1)
    german = CliRunner().invoke(main, ["--lang", "de", "mastermind", "presets", "--json"])
    first = json.loads(german.stdout.splitlines()[0])
    assert set(first) == set(classic) and first["title"] == "Klassisches Mastermind"
    assert first["palette"][1] == {"key": "N", "name": "grün", "digit": 2}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [80, 60])
def test_the_table_fits_the_terminal_and_wraps_under_its_column(
    monkeypatch: pytest.MonkeyPatch, language: str, width: int
) -> None:
    def console() -> Console:
        return Console(width=width, force_terminal=True, color_system=None, highlight=False)

    monkeypatch.setattr(mastermind, "stdout_console", console)
    result = CliRunner().invoke(main, ["--lang", language, "mastermind", "presets"])
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    assert max(len(line) for line in lines) <= width, lines
    column = len("master-collor  ")
    # the table, then the line on custom sizes (which wraps as a paragraph)
    table = lines[: next(i for i, line in enumerate(lines) if line[:1].isupper())]
    assert len(table) > 20
    for line in table:
        assert not line or line[:1].islower() or line.startswith(" " * column), line
        assert not line[:1].islower() or line[column - 2 : column] == "  ", line
    names = [line.split()[0] for line in table if line[:1].islower()]
    assert names == ["classic", "superhirn", "logik", "master-collor"]
    # a rule runs on under itself instead of past the edge
    assert any(line.startswith(" " * column + "--blank: ") for line in table)
