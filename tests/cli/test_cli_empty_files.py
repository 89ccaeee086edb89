"""A puzzle file that holds no puzzle (empty, blank lines, an empty list) is one error line,
exit status 2, for every command that reads puzzles, whatever its format."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("empty.jsonl", ""),
        ("blank.jsonl", "\n  \n"),
        ("arr.json", "[]\n"),
        ("list.yaml", "[]\n"),
        ("listed.yaml", "puzzles: []\n"),
        ("empty.yaml", ""),
    ],
)
@pytest.mark.parametrize("command", ["analyze", "solve", "check"])
def test_a_file_without_puzzles_is_an_error(
    tmp_path: Path, command: str, name: str, content: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    result = CliRunner().invoke(main, [command, str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"error: {path}: file holds no puzzle" in result.output
