"""``show cards`` and ``help`` at a narrow real (pseudo-)terminal: the cards' criteria are
listed under their titles (two wrapped columns side by side read as one), and an example
of a command is never broken across two lines."""

from __future__ import annotations

import re

import pexpect  # type: ignore[import-untyped]
import pytest

from testsupport.cli import spawn_turing


def answer(columns: int, args: list[str], prompt: str, line: str) -> list[str]:
    child = spawn_turing(
        *args,
        env={"TERM": "xterm", "NO_COLOR": "1", "TURING_LANG": "en"},
        drop=("COLUMNS", "LINES"),
        size=(200, columns),
    )
    child.expect_exact(prompt)
    child.sendline(line)
    child.expect(pexpect.TIMEOUT, timeout=3)  # all it says, and the prompt again
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", str(child.before))
    child.close(force=True)
    return [row.rstrip() for row in text.replace("\r\n", "\n").split("\n")]


def test_show_cards_lists_each_cards_criteria_under_its_title_at_40_columns() -> None:
    lines = answer(40, ["play", "--mode", "extreme", "--seed", "3"], "player>", "show cards")
    assert "A 1 ▲ compared with 1" in lines, lines
    assert "    1.1 ▲ = 1" in lines, lines
    assert "  10 count of 4s" in lines, lines
    assert "    10.4 count of 4s = 3" in lines, lines
    assert all(len(line) <= 40 for line in lines), lines


def test_show_cards_keeps_its_two_columns_on_a_wide_terminal() -> None:
    lines = answer(100, ["play", "--mode", "extreme", "--seed", "3"], "player>", "show cards")
    assert any(re.fullmatch(r"A\s+1 ▲ compared with 1\s+1\.1 ▲ = 1", line) for line in lines)


@pytest.mark.parametrize(
    ("lang", "prompt", "word", "examples"),
    [
        (
            "en",
            "player>",
            "help",
            ["mark b 2 no", "mark y4 yes", "mark p 1 2 clear", "test 352 A C", "note A TEXT"],
        ),
        ("de", "Spieler>", "hilfe", ["markiere b 2 nein", "m l 1 2 leer", "teste 352 A C"]),
    ],
)
@pytest.mark.parametrize("columns", [60, 50])
def test_help_never_breaks_an_example_across_two_lines(
    lang: str, prompt: str, word: str, examples: list[str], columns: int
) -> None:
    lines = answer(columns, ["--lang", lang, "play"], prompt, word)
    for example in examples:
        assert any(example in line for line in lines), (example, lines)
