"""Every ``--help`` of ``turing`` fits the terminal: click wraps each help to the width it
is given (a context's ``terminal_width``; else the terminal's, at most 78), the prose, the
lists of options and the lists of a game's prompt commands alike, in English and German,
at 80 and at 60 columns. No line is left longer than the width, not even one word."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from turing.cli.main import main


def command_paths(group: click.Group = main, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """``()`` for ``turing`` itself, then every command and subcommand of the tree."""
    found = [path]
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            found.extend(command_paths(command, (*path, name)))
        else:
            found.append((*path, name))
    return found


PATHS = command_paths()


def test_the_tree_is_walked() -> None:
    assert len(PATHS) > 25
    assert ("play",) in PATHS and ("mastermind", "simulate") in PATHS
    assert ("bank", "export") in PATHS


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(path) or "turing")
def test_every_help_fits_the_width(path: tuple[str, ...], language: str, width: int) -> None:
    result = CliRunner().invoke(
        main, [*path, "--lang", language, "--help"], terminal_width=width, prog_name="turing"
    )
    assert result.exit_code == 0, result.output
    too_long = [line for line in result.output.splitlines() if len(line) > width]
    assert too_long == [], "\n" + result.output
