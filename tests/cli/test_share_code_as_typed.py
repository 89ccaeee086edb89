"""A refused puzzle code is quoted as the player typed it, not as it was read (upper case,
O as 0, I and L as 1, spaces and dashes dropped)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from turing.cli.main import main
from turing.core import sharecode
from turing.core.sharecode import ALPHABET
from turing.i18n import set_language


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def refusal(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    return lines[0]


def with_check(body: str) -> str:
    return body + ALPHABET[sharecode.check_value([ALPHABET.index(c) for c in body])]


def test_a_code_failing_its_check_is_quoted_as_typed() -> None:
    said = refusal("--lang", "de", "play", "--code", "FALSCH")
    assert "'FALSCH' passt nicht zu seinem Prüfzeichen" in said and "FA1SCH" not in said
    said = refusal("play", "--code", "fal-sch")
    assert "'fal-sch' fails its check character" in said


@pytest.mark.parametrize("command", [["play", "--code"], ["solve", "--code"]])
def test_a_short_code_is_quoted_as_typed(command: list[str]) -> None:
    assert "'lo' is too short" in refusal(*command, "lo")


def test_a_code_naming_no_puzzle_is_quoted_as_typed() -> None:
    code = with_check("1" + "Z" * 16)
    typed = code.lower()[:8] + "-" + code.lower()[8:]
    assert f"{typed!r} names no puzzle" in refusal("play", "--code", typed)


def test_an_unknown_version_is_quoted_as_typed() -> None:
    typed = with_check("ZRY1GBCT").lower()
    assert "version 'z' is unknown" in refusal("play", "--code", typed)
