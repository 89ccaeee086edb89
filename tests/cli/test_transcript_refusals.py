"""A transcript that cannot be written is refused in the words of every refusal of a
transcript ("cannot write the transcript …"), at the criteria game's prompt, at a
Mastermind match's prompt and on its board alike."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main


@pytest.mark.parametrize("command", [["play"], ["mastermind", "play"], ["mastermind", "board"]])
def test_a_folder_given_as_the_transcript_is_refused_as_a_transcript(
    tmp_path: Path, command: list[str]
) -> None:
    folder = tmp_path / "dir"
    folder.mkdir()
    result = CliRunner().invoke(main, [*command, "--transcript", str(folder)])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert lines[-1] == f"error: cannot write the transcript {folder}: is a folder, not a file"
    assert list(folder.iterdir()) == []
