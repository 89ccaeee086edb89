"""Texts about a puzzle file in German: why the system refused to read it, why a puzzle
without its hidden criteria cannot be played, and the name the board gives a puzzle of a
file that gives no id of its own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing import i18n
from turing.cli.main import main


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def run(language: str, args: list[str], script: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["--lang", language, *args], input=script)
    return result.exit_code, result.stdout, result.stderr


def test_a_file_under_a_file_is_refused_in_german(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text("cards: [4, 9, 11, 14]\n", encoding="utf-8")
    path = plain / "inner.yaml"
    code, _out, err = run("de", ["analyze", str(path)])
    assert code == 2
    assert err.strip() == f"Fehler: {path}: nicht lesbar: Ist kein Ordner"
    code, _out, err = run("en", ["analyze", str(path)])
    assert err.strip() == f"error: {path}: cannot read: Not a directory"


@pytest.mark.skipif(os.geteuid() == 0, reason="the superuser reads a file of any mode")
def test_a_file_one_may_not_read_is_refused_in_german(tmp_path: Path) -> None:
    path = tmp_path / "closed.yaml"
    path.write_text("cards: [4, 9, 11, 14]\n", encoding="utf-8")
    path.chmod(0)
    try:
        code, _out, err = run("de", ["analyze", str(path)])
    finally:
        path.chmod(0o644)
    assert code == 2
    assert err.strip() == f"Fehler: {path}: nicht lesbar: Keine Berechtigung"


@pytest.mark.parametrize(
    ("text", "german"),
    [
        ("cards: [4, 9, 11, 14]\n", "es gibt seine verborgenen Kriterien nicht an"),
        (
            "mode: extreme\ncards: [[4, 9], [11, 14], [17, 18], [21, 22]]\n",
            "es gibt seine verborgenen Kriterien und echten Karten nicht an",
        ),
    ],
)
def test_a_puzzle_without_its_criteria_is_refused_in_german(
    text: str, german: str, tmp_path: Path
) -> None:
    path = tmp_path / "open.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("de", ["play", str(path)])
    assert code == 2, err
    assert err.strip() == (
        f"Fehler: {path}:1: dieses Rätsel ist nicht spielbar: {german} "
        "(die Prüfer brauchen sie, um zu antworten); am echten Spiel spielt --box es mit den "
        "Antworten des echten Spiels"
    )
    assert "Turing Machine" not in out


def test_a_puzzle_without_an_id_is_named_by_its_file_in_german(tmp_path: Path) -> None:
    path = tmp_path / "ohne-id.yaml"
    path.write_text(
        "cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nreal_cards: [4, 9, 11, 14]\n",
        encoding="utf-8",
    )
    _code, out, _err = run("de", ["play", str(path)], "ende\n")
    assert "Turing Machine · Rätsel aus ohne-id.yaml · Klassisch" in out, out
    assert "puzzle of" not in out
    _code, out, _err = run("en", ["play", str(path)], "quit\n")
    assert "Turing Machine · puzzle of ohne-id.yaml · classic" in out, out
