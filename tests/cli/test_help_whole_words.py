"""Every command's help in either language: a group lists each command's short help whole
(no "..."), a range shows no bound no one would reach, and no placeholder is click's
English TEXT."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from turing.cli.main import COMMANDS, main

GROUPS = ["mastermind", "cards", "bank"]
#: each command, and each command of a group
EVERY = [
    *[[name] for name in COMMANDS if name not in GROUPS],
    ["mastermind", "board"],
    ["mastermind", "play"],
    ["mastermind", "presets"],
    ["mastermind", "simulate"],
    ["cards", "show"],
    ["cards", "stats"],
    ["cards", "validate"],
    ["bank", "export"],
    ["bank", "import"],
    ["bank", "pick"],
    ["bank", "stats"],
]


def helped(lang: str, args: list[str]) -> str:
    result = CliRunner().invoke(main, ["--lang", lang, *args, "--help"], prog_name="turing")
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("group", GROUPS)
def test_a_group_lists_each_short_help_whole(lang: str, group: str) -> None:
    text = helped(lang, [group])
    listed = text.split("\nCommands:\n" if lang == "en" else "\nBefehle:\n")[1]
    rows = [line for line in listed.splitlines() if line.strip()]
    assert len(rows) >= 3 and all(row.startswith("  ") for row in rows), listed
    assert "..." not in listed and "…" not in listed, listed


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("args", EVERY, ids=" ".join)
def test_no_unreachable_bound_and_no_english_text_placeholder(lang: str, args: list[str]) -> None:
    text = helped(lang, args)
    assert not re.search(r"\d{13,}", text), text
    assert not re.search(r"--[\w-]+ TEXT\b", text), text


def test_count_shows_its_lower_bound_only() -> None:
    assert "[ab 0; erforderlich]" in " ".join(helped("de", ["generate"]).split())
    assert "[x>=0; required]" in " ".join(helped("en", ["generate"]).split())
