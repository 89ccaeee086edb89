"""Every command line ``turing`` prints for a person to copy quotes its words for the shell:
a saved game's path with a space resumes when the printed line is run as it stands."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.cli.output import command_to_copy
from turing.i18n import set_language


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def printed_command(output: str, start: str = "turing ") -> list[str]:
    """The words of the first command line in ``output``, as a shell reads them."""
    line = output[output.index(start) :].splitlines()[0].rstrip(")")
    return shlex.split(line)


def test_the_helper_quotes_only_what_needs_it() -> None:
    assert command_to_copy("play", "--resume", "a b") == "turing play --resume 'a b'"
    assert command_to_copy("play", "--resume", "ab.json") == "turing play --resume ab.json"
    assert command_to_copy("play", "--resume", "it's") == "turing play --resume 'it'\"'\"'s'"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hint_after_save_resumes_a_path_with_spaces(in_tmp: Path, lang: str) -> None:
    save = "speichern" if lang == "de" else "save"
    result = run("--lang", lang, "play", stdin=f"{save} a b\n")
    assert (in_tmp / "a b").exists(), result.output
    words = printed_command(result.output)
    assert words == ["turing", "play", "--resume", "a b"]
    resumed = run("--lang", "en", *words[1:])
    assert "Resumed in round 1." in resumed.output


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hint_of_an_abandoned_game_resumes_a_path_with_spaces(in_tmp: Path, lang: str) -> None:
    result = run("--lang", lang, "play", "--save", "my game.json", stdin="test 111 A\n")
    assert result.exit_code == 1
    assert json.loads((in_tmp / "my game.json").read_text())["format"] == "turing-play-save"
    assert printed_command(result.output) == ["turing", "play", "--resume", "my game.json"]


def test_resume_with_a_file_names_the_file_in_the_language_in_use(in_tmp: Path) -> None:
    run("play", "--save", "g.json", stdin="")
    german = run("--lang", "de", "play", "--resume", "g.json", "extra")
    assert german.exit_code == 2
    assert "lass DATEI weg" in german.stderr and "FILE" not in german.stderr
    english = run("--lang", "en", "play", "--resume", "g.json", "extra")
    assert "drop FILE" in english.stderr
