"""A command line turing prints for a person to copy names a file whose name holds a
character that is not printed as itself (an escape sequence, a line break) in the ANSI-C
quotes of bash and zsh: nothing reaches the terminal raw, and pasted it gives the name back."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from turing.cli.output import command_to_copy, shell_word


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
@pytest.mark.parametrize(
    "name",
    [
        "a\x1b[31mb.sav",
        "two\nlines.json",
        "it's \\ \x07 Rätsel.sav",
        "a\u202eb.sav",
        "x\udc80y.sav",
    ],
)
def test_a_quoted_word_given_to_bash_gives_the_name_back(name: str) -> None:
    word = shell_word(name)
    assert word.isprintable() and word.startswith("$'")
    said = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True, check=True)
    assert said.stdout == os.fsencode(name)


def test_printable_words_are_quoted_as_shlex_quotes_them() -> None:
    assert shell_word("my game.json") == "'my game.json'"
    assert shell_word("it's") == "'it'\"'\"'s'"
    assert command_to_copy("play", "--resume", "Rätsel.sav") == "turing play --resume 'Rätsel.sav'"
    assert command_to_copy("play", "--resume", "a\x1b[31mb.sav") == (
        "turing play --resume $'a\\x1b[31mb.sav'"
    )
