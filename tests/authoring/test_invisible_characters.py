"""Invisible format characters (Unicode category Cf) in what a file gives to be shown: a
card set's texts refuse them (C109) but for the joiners and tags that are part of writing;
a puzzle's id, card-set reference and difficulty refuse every one, so two ids that look
the same are the same. Every case is written with escapes: the test's own text holds no
invisible character."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing import i18n
from turing.authoring.lint import ERROR, lint_text
from turing.cli.main import main

ZWSP, ZWNJ, ZWJ, WJ, BOM, SHY = "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"
#: woman, zero-width joiner, laptop: one emoji
CODER = f"\U0001f469{ZWJ}\U0001f4bb"
#: the flag of Scotland: a black flag, the tag letters gbsct, a cancel tag
SCOTLAND = "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in "gbsct") + "\U000e007f"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def card_set(title: str, text: str = "b == 1") -> str:
    return json.dumps(
        {
            "cards": [
                {
                    "number": 1,
                    "title": title,
                    "criteria": [{"text": text, "when": "b == 1"}, {"when": "b > 1"}],
                }
            ]
        }
    )


def errors_of(text: str) -> list[tuple[str, int, int, str]]:
    return [
        (f.code, f.line, f.column, f.message)
        for f in lint_text(text, "set.yaml", verifiers=3).findings
        if f.severity == ERROR
    ]


@pytest.mark.parametrize(
    "char", [ZWSP, WJ, BOM, SHY, "\u2061", "\u180e"], ids=lambda c: f"U+{ord(c):04X}"
)
def test_an_invisible_character_in_a_card_title_is_refused(char: str) -> None:
    errors = errors_of(card_set(f"ab{char}cd"))
    assert [(code, message) for code, _line, _column, message in errors] == [
        (
            "C109",
            f"'title' holds U+{ord(char):04X}, an invisible character: two texts that look "
            "the same would differ",
        )
    ]


def test_an_invisible_character_is_found_at_its_place(tmp_path: Path) -> None:
    path = tmp_path / "zw.yaml"
    path.write_text(
        f'cards:\n  - number: 1\n    title: "ab{ZWSP}cd"\n    criteria: ["b < 3", "b >= 3"]\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["cards", "validate", str(path)])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}:3:15: error C109: 'title' holds U+200B")


@pytest.mark.parametrize(
    "text",
    [CODER, SCOTLAND, f"می{ZWNJ}خواهم"],
    ids=["emoji sequence", "emoji flag", "Persian non-joiner"],
)
def test_the_format_characters_of_writing_are_allowed_in_a_text(text: str) -> None:
    assert errors_of(card_set(text, text)) == []


def puzzle_file(tmp_path: Path, puzzle_id: str, name: str = "p.yaml") -> Path:
    path = tmp_path / name
    path.write_text(
        json.dumps({"id": puzzle_id, "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}) + "\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("puzzle_id", "char"),
    [
        (f"garden{ZWSP}-1", ZWSP),
        (f"x{BOM}", BOM),
        (f"gar{SHY}den", SHY),
        (f"a{ZWJ}b", ZWJ),
        (CODER, ZWJ),
    ],
    ids=["zero width space", "byte order mark", "soft hyphen", "joiner", "emoji sequence"],
)
@pytest.mark.parametrize("name", ["p.yaml", "p.jsonl"])
def test_an_id_with_an_invisible_character_is_refused(
    tmp_path: Path, puzzle_id: str, char: str, name: str
) -> None:
    path = puzzle_file(tmp_path, puzzle_id, name)
    result = CliRunner().invoke(main, ["solve", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {path}:1:8: 'id' holds U+{ord(char):04X}, an invisible character: "
        "two texts that look the same would differ"
    )
    assert result.stdout == ""


def test_the_refusal_is_said_in_german(tmp_path: Path) -> None:
    path = puzzle_file(tmp_path, f"x{ZWSP}y")
    result = CliRunner().invoke(main, ["--lang", "de", "solve", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"Fehler: {path}:1:8: 'id' enthält U+200B, ein unsichtbares Zeichen: zwei Texte, "
        "die gleich aussehen, wären verschieden"
    )
