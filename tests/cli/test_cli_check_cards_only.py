"""``turing check`` says of a puzzle that gives no hidden criteria that it can be solved
and analysed from its cards but not played, and of a solution it gives without them that
the verifiers cannot answer from it: a puzzle whose ``criteria`` key was mistyped is not
passed over as simply sound. Neither is a problem (a cards-only puzzle is a puzzle)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

Turing = Callable[..., Result]

TYPO = 'id: nocrit\ncards: [4, 9, 11, 14]\ncritera: [2, 1, 1, 3]\nsolution: "241"\n'
NO_CRITERIA = (
    "it gives no hidden criteria: it can be solved and analysed from its cards, but not played"
)
SOLUTION_ALONE = (
    "its solution is given without the hidden criteria that lead to it: the verifiers "
    "cannot answer from a solution alone"
)


@pytest.fixture
def typo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "typo.yaml").write_text(TYPO, encoding="utf-8")
    return tmp_path / "typo.yaml"


def test_check_says_a_puzzle_gives_no_hidden_criteria(turing: Turing, typo: Path) -> None:
    r = turing(["check", "typo.yaml"])
    assert r.exit_code == 0, r.output
    assert r.stderr == (
        "note: typo.yaml:3:1: unknown key 'critera' ignored (did you mean 'criteria'?)\n"
    )
    assert r.stdout.splitlines() == [
        "typo.yaml:1: ok nocrit · easy",
        f"typo.yaml:1: note nocrit: {NO_CRITERIA}",
        f"typo.yaml:1: note nocrit: {SOLUTION_ALONE}",
        "1 puzzle checked in 1 file: all sound, 2 notes",
    ]


def test_without_a_solution_only_the_criteria_are_said(turing: Turing, typo: Path) -> None:
    typo.write_text("id: bare\ncards: [4, 9, 11, 14]\n", encoding="utf-8")
    r = turing(["check", "--json", "typo.yaml"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["notes"] == [NO_CRITERIA]


def test_the_notes_are_in_the_language_in_use(turing: Turing, typo: Path) -> None:
    r = turing(["--lang", "de", "check", "typo.yaml"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[1:3] == [
        "typo.yaml:1: Notiz nocrit: es gibt keine verborgenen Kriterien an: aus seinen Karten "
        "lässt es sich lösen und analysieren, aber nicht spielen",
        "typo.yaml:1: Notiz nocrit: seine Lösung ist ohne die verborgenen Kriterien angegeben, "
        "die zu ihr führen: aus einer Lösung allein können die Prüfer nicht antworten",
    ]
