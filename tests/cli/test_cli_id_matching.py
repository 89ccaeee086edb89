"""--id of play, share and analyze: an id written exactly so wins over ids that match it
only without case, spaces or dashes; an id matching several is refused by their lines;
one id given twice is one id."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main

DUP = """\
- id: x
  cards: [4, 9, 11, 14]
  criteria: [2, 1, 1, 3]
- id: X
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
- id: y-1
  cards: [3, 7, 10, 14]
  criteria: [2, 2, 2, 2]
- id: Y1
  cards: [4, 9, 11, 14]
  criteria: [2, 1, 1, 3]
"""


@pytest.fixture
def dup(tmp_path: Path) -> str:
    path = tmp_path / "dup.yaml"
    path.write_text(DUP, encoding="utf-8")
    return str(path)


def run(*args: str, script: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=script)
    return result.exit_code, result.output


def test_play_takes_the_id_written_exactly(dup: str) -> None:
    _code, out = run("play", dup, "--id", "X", script="quit\ny\n")
    assert "error" not in out
    assert "Turing Machine · X · classic" in out


def test_share_takes_the_id_written_exactly(dup: str) -> None:
    code, out = run("share", dup, "--id", "x")
    assert code == 0, out
    assert out.split() == ["1ME25KNX", "x"]


@pytest.mark.parametrize("command", ["play", "share", "analyze"])
def test_an_ambiguous_id_names_its_lines(command: str, dup: str) -> None:
    code, out = run(command, dup, "--id", "y1")
    assert code == 2
    assert out.strip() == (
        f"error: {dup}: the id 'y1' is ambiguous: 'y-1' (line 7), 'Y1' (line 10); "
        "give it as written there"
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_id_given_twice_is_one_missing_id(lang: str, dup: str) -> None:
    code, out = run("--lang", lang, "share", dup, "--id", "zz", "--id", "ZZ")
    assert code == 2
    assert out.count("'zz'") == 1
    assert "'ZZ'" not in out
