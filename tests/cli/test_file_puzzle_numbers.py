"""A teacher's file of puzzles, handed to pupils: ``--id N`` takes a puzzle of the file by
its number as the booklet prints it (an id the file writes wins), the refusal of a file of
several names no id computed from the criteria, a transcript's ``end`` names the puzzle
played and each player's hints, a broken puzzle's refusal keeps its code to itself, and
check notes a puzzle that needs no test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from testsupport.cli import TEST_DATA, run

CHANGED = " — did its card set change since the puzzle was made?"


@pytest.fixture
def easy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """``easy.jsonl`` in the working folder: four generated puzzles (computed ids)."""
    monkeypatch.chdir(tmp_path)
    made = run(["generate", "-n", "4", "--difficulty", "easy", "--seed", "3", "-o", "easy.jsonl"])
    assert made.exit_code == 0, made.output
    return [json.loads(line) for line in Path("easy.jsonl").read_text().splitlines()]


def test_a_file_of_several_says_to_choose_by_number_and_names_no_computed_id(
    easy: list[dict[str, object]],
) -> None:
    result = run(["play", "easy.jsonl"])
    assert result.exit_code == 2
    assert result.output == (
        "error: easy.jsonl holds 4 puzzles; choose one with --id 1 to 4, its number in the "
        "file (as a booklet of that file alone numbers it)\n"
    )
    for puzzle in easy:
        assert str(puzzle["id"]) not in result.output
    german = run(["--lang", "de", "play", "easy.jsonl"])
    assert german.output == (
        "Fehler: easy.jsonl enthält 4 Rätsel; wähle eines mit --id 1 bis 4, seiner Nummer in "
        "der Datei (wie ein Heft aus dieser Datei allein sie nummeriert)\n"
    )


def test_an_author_s_ids_are_listed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("two.yaml").write_text(
        "- id: first\n  cards: [4, 9, 11, 14]\n  criteria: [2, 1, 1, 3]\n"
        "- cards: [3, 7, 10, 14]\n  criteria: [2, 2, 2, 2]\n",
        encoding="utf-8",
    )
    result = run(["play", "two.yaml"])
    assert result.output.endswith(
        "(as a booklet of that file alone numbers it), or by its id: first\n"
    )


@pytest.mark.parametrize("command", ["check", "solve", "analyze", "share"])
def test_every_command_takes_a_puzzle_by_its_number(
    command: str, easy: list[dict[str, object]]
) -> None:
    args = [command, "easy.jsonl", "--id", "3"]
    result = run([*args, "--json"] if command in ("check", "solve") else args)
    assert result.exit_code == 0, result.output
    if command in ("check", "solve"):
        assert json.loads(result.stdout)["id"] == easy[2]["id"]
    elif command == "share":
        assert run(["share", "easy.jsonl", "--id", str(easy[2]["id"])]).stdout == result.stdout
    else:
        assert str(easy[2]["id"]) in result.stdout
    assert str(easy[1]["id"]) not in result.stdout


def test_play_takes_the_booklet_s_number(easy: list[dict[str, object]]) -> None:
    # the same puzzle twice: the booklet prints it once, and numbers the rest on from it
    lines = Path("easy.jsonl").read_text().splitlines()
    Path("easy.jsonl").write_text("\n".join([lines[0], lines[0], *lines[1:]]) + "\n")
    booklet = run(["export", "easy.jsonl", "--format", "markdown", "-o", "-"])
    assert booklet.exit_code == 0, booklet.output
    named = dict(re.findall(r"Puzzle (\d) \((C4E-\w+)\)", booklet.stdout))
    assert named == {str(n): str(p["id"]) for n, p in enumerate(easy, start=1)}
    for number, puzzle in enumerate(easy, start=1):
        played = run(
            ["play", "easy.jsonl", "--id", str(number), "--transcript", f"t{number}.jsonl"],
            "giveup\n",
        )
        assert played.exit_code == 0, played.output
        end = json.loads(Path(f"t{number}.jsonl").read_text().splitlines()[-1])
        assert end["id"] == puzzle["id"]
    beyond = run(["play", "easy.jsonl", "--id", "5"])
    assert beyond.exit_code == 2
    assert beyond.output == (
        "error: easy.jsonl: no puzzle with id '5' (it holds 4 puzzles, numbered 1 to 4)\n"
    )


def test_an_id_the_file_writes_wins_over_the_number(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("own.yaml").write_text(
        "- id: '2'\n  cards: [4, 9, 11, 14]\n  criteria: [2, 1, 1, 3]\n"
        "- id: other\n  cards: [3, 7, 10, 14]\n  criteria: [2, 2, 2, 2]\n",
        encoding="utf-8",
    )
    result = run(["check", "own.yaml", "--id", "2"])
    assert result.stdout.splitlines()[0] == "own.yaml:1: ok 2 · easy"
    result = run(["check", "own.yaml", "--id", "1"])  # no id 1: the first puzzle
    assert result.stdout.splitlines()[0] == "own.yaml:1: ok 2 · easy"


def test_the_transcript_s_end_names_the_puzzle_and_the_hints(
    easy: list[dict[str, object]],
) -> None:
    played = run(
        ["play", "easy.jsonl", "--id", "2", "--transcript", "t.jsonl", "--players", "ann,bob"],
        "hint\nhint best\npass\npass\ngiveup\ngiveup\n",
    )
    assert played.exit_code == 0, played.output
    events = [json.loads(line) for line in Path("t.jsonl").read_text().splitlines()]
    assert events[0]["puzzle"]["id"] == "puzzle of easy.jsonl"  # the neutral label
    assert all(
        "hints" not in event and str(easy[1]["id"]) not in str(event) for event in events[:-1]
    )
    end = events[-1]
    assert end["event"] == "end"
    assert end["id"] == easy[1]["id"]
    assert end["hints"] == {"ann": 2, "bob": 0}


#: A puzzle as turing generates it (its figures stored with it), its stated solution no
#: longer the one its hidden criteria leave: most likely its card set changed.
BROKEN = (
    '{"id": "w", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "415", '
    '"codes_left": 3, "assignments": 3, "min_tests": 2, "score": 8.5}\n'
)
#: The same typed by hand: a slip is as likely as a change of its cards.
TYPED = '{"id": "w", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "solution": "415"}\n'


def test_a_broken_puzzle_is_refused_without_its_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("klub.jsonl").write_text(BROKEN, encoding="utf-8")
    said = "the stated solution is not the code its hidden criteria leave" + CHANGED
    played = run(["play", "klub.jsonl"], "quit\n")
    assert played.exit_code == 2
    assert played.output == f"error: klub.jsonl:1: this puzzle cannot be played: {said}\n"
    assert "415" not in played.output and "241" not in played.output
    booklet = run(["export", "klub.jsonl", "-o", "-"])
    assert booklet.exit_code == 2
    assert booklet.output == f"error: klub.jsonl:1: {said}\n"
    checked = run(["check", "klub.jsonl"])
    assert checked.stdout.splitlines()[0] == (
        "klub.jsonl:1: FAIL w: the stated solution 415 is not the code its hidden criteria "
        "leave" + CHANGED
    )
    german = run(["--lang", "de", "play", "klub.jsonl"], "quit\n")
    assert german.output == (
        "Fehler: klub.jsonl:1: dieses Rätsel ist nicht spielbar: die angegebene Lösung ist "
        "nicht der Code, den die verborgenen Kriterien übrig lassen — hat sich sein "
        "Kartensatz geändert, seit das Rätsel erstellt wurde?\n"
    )


def test_a_wrong_solution_typed_by_hand_is_said_without_guessing_its_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("klub.jsonl").write_text(TYPED, encoding="utf-8")
    said = "the stated solution is not the code its hidden criteria leave"
    played = run(["play", "klub.jsonl"], "quit\n")
    assert played.output == f"error: klub.jsonl:1: this puzzle cannot be played: {said}\n"
    booklet = run(["export", "klub.jsonl", "-o", "-"])
    assert booklet.output == f"error: klub.jsonl:1: {said}\n"
    checked = run(["check", "klub.jsonl"])
    assert checked.stdout.splitlines()[0] == (
        "klub.jsonl:1: FAIL w: the stated solution 415 is not the code its hidden criteria leave"
    )


#: A puzzle turing generated whose hidden criteria now leave two codes (421 and 521), as
#: when a criterion of its card set is changed after it was made; then the same typed by hand.
TWO_LEFT = (
    '{"id": "v", "cards": [4, 9, 11, 14], "criteria": [1, 1, 3, 3], "solution": "421", '
    '"codes_left": 3, "assignments": 3, "min_tests": 2, "score": 8.5}\n'
)
TWO_LEFT_TYPED = '{"id": "v", "cards": [4, 9, 11, 14], "criteria": [1, 1, 3, 3]}\n'


@pytest.mark.parametrize(("text", "cause"), [(TWO_LEFT, CHANGED), (TWO_LEFT_TYPED, "")])
def test_criteria_leaving_two_codes_are_said_alike_by_every_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, cause: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("klub.jsonl").write_text(text, encoding="utf-8")
    said = "2 codes meet all hidden criteria, not one" + cause
    played = run(["play", "klub.jsonl"], "quit\n")
    assert played.exit_code == 2
    assert played.output == f"error: klub.jsonl:1: this puzzle cannot be played: {said}\n"
    booklet = run(["export", "klub.jsonl", "-o", "out.html"])
    assert booklet.exit_code == 2
    assert booklet.output == f"error: klub.jsonl:1: {said}\n"
    assert not Path("out.html").exists()
    checked = run(["check", "klub.jsonl"])
    assert checked.stdout.splitlines()[0] == f"klub.jsonl:1: FAIL v: {said}"
    german = run(["--lang", "de", "export", "klub.jsonl", "-o", "-"])
    assert german.output.startswith("Fehler: klub.jsonl:1: 2 Codes erfüllen alle verborgenen")
    assert german.output.endswith("erstellt wurde?\n" if cause else "nicht genau einer\n"), (
        german.output
    )


def test_check_notes_a_puzzle_that_needs_no_test(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    nine = TEST_DATA / "cardsets" / "nine.yaml"
    Path("klub.jsonl").write_text(
        json.dumps(
            {"id": "k", "cards": [1, 2, 3, 4], "criteria": [2, 1, 3, 2], "cardset": str(nine)}
        )
        + "\n",
        encoding="utf-8",
    )
    checked = run(["check", "klub.jsonl"])
    assert checked.exit_code == 0, checked.output
    assert checked.stdout.splitlines() == [
        "klub.jsonl:1: ok k · easy",
        "klub.jsonl:1: note k: needs no test: the cards alone give the code",
        "1 puzzle checked in 1 file: all sound, 1 note",
    ]
    assert json.loads(run(["check", "--json", "klub.jsonl"]).stdout)["notes"] == [
        "needs no test: the cards alone give the code"
    ]
    german = run(["--lang", "de", "check", "klub.jsonl"])
    assert "Notiz k: kein Test nötig: die Karten allein legen den Code fest" in german.stdout
    # a puzzle that needs tests has no such note
    sample = run(["check", str(TEST_DATA.parent.parent / "puzzles" / "sample.yaml")])
    assert "note" not in sample.stdout
