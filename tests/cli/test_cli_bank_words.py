"""What the bank commands and ``turing check`` say when there is nothing to give or more
than one thing wrong: a bank whose puzzles are all played, filters no puzzle matches, a
card set given as a folder, a repeated puzzle under another puzzle's id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from testsupport.cli import ROOT, run


def _bank(tmp_path: Path, count: int = 3) -> Path:
    db = tmp_path / "j.db"
    made = run(["generate", "-n", str(count), "--seed", "3", "--bank", str(db), "-q"])
    assert made.exit_code == 0, made.output
    return db


def test_a_bank_whose_puzzles_are_all_played_is_said_so_with_the_option_that_includes_them(
    tmp_path: Path,
) -> None:
    db = _bank(tmp_path)
    for _ in range(3):
        assert run(["bank", "pick", str(db), "--mark-played"]).exit_code == 0
    picked = run(["bank", "pick", str(db)])
    assert (picked.exit_code, picked.stderr) == (
        1,
        f"error: {db}: no unplayed puzzle matches (mode any, difficulty any, verifiers 4/5/6; "
        "every match is marked played; --any includes played puzzles)\n",
    )
    assert run(["bank", "pick", str(db), "--any"]).exit_code == 0
    # play deals from the same bank: the same exit status (nothing wrong with the input)
    played = run(["play", "--bank", str(db)], input="quit\n")
    assert played.exit_code == 1
    assert played.stderr == (
        f"error: {db}: no unplayed puzzle matches (mode any, difficulty any, verifiers 4/5/6)\n"
    )


def test_bank_pick_names_its_filters_as_play_does(tmp_path: Path) -> None:
    db = _bank(tmp_path)
    picked = run(["bank", "pick", str(db), "--any", "--mode", "extreme"])
    assert (picked.exit_code, picked.stderr) == (
        1,
        f"error: {db}: no puzzle in the bank matches (mode extreme, difficulty any, "
        "verifiers 4/5/6)\n",
    )
    picked = run(["bank", "pick", str(db), "--verifiers", "6", "--difficulty", "hard"])
    assert (picked.exit_code, picked.stderr) == (
        1,
        f"error: {db}: no puzzle in the bank matches (mode any, difficulty hard, verifiers 6)\n",
    )


@pytest.mark.parametrize("count", ["1", "2", "3", "7"])
def test_a_count_no_puzzle_has_is_refused_where_puzzles_are_chosen(
    tmp_path: Path, count: str
) -> None:
    db = _bank(tmp_path)
    said = f"{count} is not a count of verifiers: a puzzle has 4, 5 or 6"
    for args in (
        ["bank", "pick", str(db)],
        ["bank", "export", str(db)],
        ["export", "--bank", str(db)],
        ["play", "--bank", str(db)],
    ):
        r = run([*args, "--verifiers", count], input="quit\n")
        assert r.exit_code == 2 and said in r.stderr, (args, r.output)
        assert r.stdout == ""


def test_an_export_no_puzzle_matches_names_the_filters(tmp_path: Path) -> None:
    db = _bank(tmp_path)
    booklet = run(["export", "--bank", str(db), "--verifiers", "6"])
    assert (booklet.exit_code, booklet.stderr) == (
        1,
        "error: no puzzle matches the filters given (--verifiers 6)\n",
    )
    lines = run(["bank", "export", str(db), "--verifiers", "6", "--difficulty", "hard"])
    assert (lines.exit_code, lines.stderr) == (
        1,
        f"error: {db}: no puzzle matches the filters given (--difficulty hard --verifiers 6)\n",
    )


def test_a_folder_given_for_a_card_set_is_said_to_be_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sets").mkdir()
    r = run(["generate", "-n", "1", "--cardset", "sets", "-o", "-"])
    assert (r.exit_code, r.stderr) == (
        2,
        "error: 'sets' is a folder, not a card set (give a card set's .yaml file in it)\n",
    )


def test_a_repeat_under_another_puzzles_id_is_said_both_ways(tmp_path: Path) -> None:
    made = run(["generate", "-n", "2", "--seed", "4", "-o", str(tmp_path / "g.jsonl"), "-q"])
    assert made.exit_code == 0, made.output
    first, second = (json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines())
    again = {**first, "id": second["id"]}
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in (first, second, again)))
    r = run(["check", str(path)])
    assert r.exit_code == 1
    assert [line for line in r.stdout.splitlines() if line.startswith(f"{path}:3:")] == [
        f"{path}:3: FAIL {second['id']}: duplicate of the puzzle at line 1 of this file",
        f"{path}:3: FAIL {second['id']}: the id {second['id']!r} is also that of the puzzle "
        "at line 2 of this file; give each puzzle its own id",
    ]


def test_a_wrong_stated_solution_is_said_one_way(tmp_path: Path) -> None:
    path = tmp_path / "w.yaml"
    path.write_text('id: w\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nsolution: "555"\n')
    hidden = run(["check", str(path)])
    assert (
        f"{path}:1: FAIL w: the stated solution 555 is not the code its hidden criteria leave\n"
    ) in hidden.stdout
    shown = run(["check", "--show-solution", str(path)])
    assert (
        f"{path}:1: FAIL w: the stated solution 555 is not the code its hidden criteria leave "
        "(241)\n"
    ) in shown.stdout


# -- a bank of a custom card set whose file has moved --------------------------------------


def _moved_bank(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A bank of puzzles generated from a copy of a shipped set, moved with a copy of the
    set to another folder, the set's first file renamed: the bank and the copy."""
    first = tmp_path / "first"
    first.mkdir()
    cards = first / "garden.yaml"
    shutil.copy(ROOT / "cards" / "examples" / "primes.yaml", cards)
    made = run(["generate", "-n", "6", "--cardset", str(cards), "--seed", "1", "--bank",
                str(first / "garden.db"), "-q"])  # fmt: skip
    assert made.exit_code == 0, made.output
    moved = tmp_path / "moved"
    moved.mkdir()
    shutil.copy(first / "garden.db", moved)
    shutil.copy(cards, moved)
    cards.rename(first / "away.yaml")
    monkeypatch.chdir(moved)
    return moved / "garden.db", moved / "garden.yaml"


def test_a_copy_of_a_moved_card_set_reads_the_banks_puzzles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _moved_bank(tmp_path, monkeypatch)
    given = ["--cardset", "garden.yaml"]
    played = run(["play", "--bank", "garden.db", *given], input="quit\n")
    assert played.exit_code == 1 and "game abandoned" in played.output, played.output
    booklet = run(["export", "--bank", "garden.db", *given, "-o", "m.html"])
    assert booklet.exit_code == 0, booklet.output
    picked = run(["bank", "pick", "garden.db", *given])
    assert picked.exit_code == 0 and "cards:" in picked.stdout, picked.output
    public = run(["bank", "export", "garden.db", "--public", *given])
    assert public.exit_code == 0 and len(public.stdout.splitlines()) == 6, public.output


def test_a_document_read_with_a_copy_names_the_copy_and_plays_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _db, copy = _moved_bank(tmp_path, monkeypatch)
    given = ["--cardset", "garden.yaml"]
    picked = run(["bank", "pick", "garden.db", "--hidden", *given])
    assert picked.exit_code == 0, picked.output
    assert f"cardset: {json.dumps(str(copy))}\n" in picked.stdout
    (tmp_path / "moved" / "ph.yaml").write_text(picked.stdout, encoding="utf-8")
    solved = run(["solve", "ph.yaml"])
    assert solved.exit_code == 0, solved.output
    lines = run(["bank", "export", "garden.db", *given])
    assert lines.exit_code == 0, lines.output
    docs = [json.loads(line) for line in lines.stdout.splitlines()]
    assert len(docs) == 6 and {doc["cardset"] for doc in docs} == {str(copy)}


def test_a_puzzle_file_naming_a_missing_card_set_says_how_to_read_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _moved_bank(tmp_path, monkeypatch)
    picked = run(["bank", "pick", "garden.db", "--hidden", "--cardset", "garden.yaml"])
    gone = tmp_path / "first" / "garden.yaml"
    moved = picked.stdout.replace(str(tmp_path / "moved" / "garden.yaml"), str(gone))
    (tmp_path / "moved" / "ph.yaml").write_text(moved, encoding="utf-8")
    said = (
        f"error: ph.yaml:6:10: no card set file {gone}; "
        "give --cardset FILE to use a copy of it instead\n"
    )
    for args in (
        ["play", "ph.yaml"],
        ["solve", "ph.yaml"],
        ["check", "ph.yaml"],
        ["analyze", "ph.yaml"],
        ["share", "ph.yaml"],
        ["export", "ph.yaml"],
        ["bank", "import", "new.db", "ph.yaml"],
    ):
        r = run(args, input="quit\n")
        assert r.exit_code == 2 and r.stderr.startswith(said), (args, r.output)
    assert not (tmp_path / "moved" / "new.db").exists()
    # with the copy given, the file is read with it
    assert run(["solve", "ph.yaml", "--cardset", "garden.yaml"]).exit_code == 0


def test_a_moved_card_set_not_given_is_named_with_its_puzzles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _moved_bank(tmp_path, monkeypatch)
    gone = tmp_path / "first" / "garden.yaml"
    said = (
        f"error: garden.db: 6 puzzles of it were stored from the card set 'primes' at "
        f"{gone}, which is missing now; give --cardset FILE to use a copy of it instead\n"
    )
    for args in (
        ["bank", "pick", "garden.db"],
        ["export", "--bank", "garden.db"],
        ["play", "--bank", "garden.db"],
    ):
        r = run(args, input="quit\n")
        assert (r.exit_code, r.stderr) == (2, said), args
    # the stored documents need no cards: written, and said so
    lines = run(["bank", "export", "garden.db"])
    assert lines.exit_code == 0 and len(lines.stdout.splitlines()) == 6
    assert lines.stderr == (
        f"note: garden.db: the card set 'primes' of 6 puzzles is missing at {gone}; the "
        "documents are written as they were stored\n"
    )


def test_a_copy_with_a_changed_card_is_refused_and_bank_export_writes_as_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, cards = _moved_bank(tmp_path, monkeypatch)
    text = cards.read_text()
    edited = text.replace('when: "b == 2 or b == 3 or b == 5"', 'when: "b == 2 or b == 3"')
    edited = edited.replace('when: "b == 1 or b == 4"', 'when: "b == 1 or b == 4 or b == 5"')
    assert edited != text
    cards.write_text(edited)
    before = db.read_bytes()
    r = run(["bank", "pick", "garden.db", "--cardset", "garden.yaml"])
    assert r.exit_code == 2
    assert r.stderr.startswith("error: garden.db: card 1 of the card set 'garden.yaml' has changed")
    # back where the bank recorded it, the edited set: bank export writes the documents
    (tmp_path / "first" / "garden.yaml").write_text(edited)
    lines = run(["bank", "export", "garden.db"])
    assert lines.exit_code == 0 and len(lines.stdout.splitlines()) == 6
    assert lines.stderr.startswith("note: garden.db: card 1 of the card set ")
    assert lines.stderr.endswith("the documents are written as they were stored\n")
    assert len(lines.stderr.splitlines()) == 1
    assert run(["bank", "pick", "garden.db"]).exit_code == 2  # a reading that needs cards
    assert db.read_bytes() == before
