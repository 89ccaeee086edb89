"""Puzzle documents: reading every format, errors with their place, difficulty, keys."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from testsupport.cli import ROOT
from turing.core.cards import load_cardset
from turing.core.puzzle import (
    Puzzle,
    PuzzleError,
    difficulty,
    iter_puzzle_file,
    load_puzzle,
    load_puzzles,
    puzzle_from_dict,
)

CLASSIC = load_cardset("classic")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_document(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "p.yaml",
        "id: X1\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\n"
        'solution: "241"\nverifiers: 4\nnote: kept\n',
    )
    puzzle = load_puzzle(path)
    assert puzzle.mode == "classic"
    assert puzzle.cards == ((4,), (9,), (11,), (14,))
    assert puzzle.criteria == (2, 1, 1, 3)
    assert puzzle.solution == "241"
    assert puzzle.id == "X1"
    assert puzzle.extra == {"verifiers": 4, "note": "kept"}
    assert puzzle.to_dict()["note"] == "kept"


@pytest.mark.parametrize("written", ["2024-01-02", "2024-01-02 10:30:00", "2024-01-02T10:30:00Z"])
def test_an_id_written_as_a_date_is_the_text_written(tmp_path: Path, written: str) -> None:
    # YAML reads these as timestamps: a puzzle's value is never a date, so it is text
    path = write(
        tmp_path, "d.yaml", f"id: {written}\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\n"
    )
    assert load_puzzle(path).id == written
    dated = write(tmp_path, "c.yaml", "cards: [4, 9, 2024-01-02, 14]\ncriteria: [2, 1, 1, 3]\n")
    with pytest.raises(PuzzleError, match=r"c.yaml:1:15: .*found '2024-01-02'"):
        load_puzzle(dated)


def test_json_and_jsonl_documents(tmp_path: Path) -> None:
    doc = {
        "mode": "extreme",
        "cards": [[4, 21], [9, 30], [11, 40], [14, 46]],
        "real_cards": [4, 9, 11, 14],
        "criteria": [2, 1, 1, 3],
    }
    single = write(tmp_path, "p.json", json.dumps(doc, indent=2))
    assert load_puzzle(single).real_cards == (4, 9, 11, 14)
    lines = write(tmp_path, "p.jsonl", json.dumps(doc) + "\n\n" + json.dumps(doc) + "\n")
    loaded = list(iter_puzzle_file(lines))
    assert [item.line for item in loaded] == [1, 3]


def test_round_trip_through_to_dict() -> None:
    for doc in (
        {
            "id": "a",
            "mode": "classic",
            "cards": [4, 9, 11, 14],
            "criteria": [2, 1, 1, 3],
            "solution": "241",
        },
        {"mode": "extreme", "cards": [[4, 21], [9, 30]], "real_cards": [21, 9], "criteria": [1, 2]},
        {
            "mode": "nightmare",
            "cards": [3, 7, 10, 14],
            "real_cards": [10, 3, 14, 7],
            "criteria": [2, 2, 2, 2],
        },
    ):
        puzzle = puzzle_from_dict(doc)
        assert puzzle_from_dict(puzzle.to_dict()) == puzzle
        public = puzzle.to_dict(hidden=False)
        assert "criteria" not in public and "real_cards" not in public


def test_shipped_puzzle_files_load() -> None:
    for path in sorted((ROOT / "puzzles").glob("*.yaml")):
        assert load_puzzles(path), path


@pytest.mark.parametrize(
    ("name", "text", "where", "fragment"),
    [
        ("a.yaml", "cards: [4, 9, 49, 14]\n", (1, 15), "card 49 is not in card set"),
        (
            "b.yaml",
            "cards: [4, 9, 11, 14]\ncriteria: [1, 1, 4, 1]\n",
            (2, 18),
            "card 11 has 3 criteria, so criterion 4 does not exist",
        ),
        ("c.yaml", "mode: extreme\ncards: [4, 9, 11, 14]\n", (2, 9), "pair of cards"),
        ("d.yaml", "cards: [4, 9\n", (2, 1), "YAML syntax"),
        ("e.yaml", "cards: 4\n", (1, 8), "'cards' must be a list"),
        ("f.yaml", "mode: hard\ncards: [4]\n", (1, 7), "unknown mode 'hard'"),
        ("g.yaml", "cards: [4, 9]\ncards: [1]\n", (2, 1), "duplicate key 'cards'"),
        ("h.yaml", "cards: [4, 4]\n", (1, 12), "card 4 appears twice"),
        ("i.yaml", "cards: [4, 9]\nsolution: 126\n", (2, 11), "outside 1–5"),
        ("j.yaml", "cards: [4, 9]\ncriteria: [1]\n", (2, 11), "one position per verifier"),
        (
            "k.yaml",
            "mode: extreme\ncards: [[4, 21]]\ncriteria: [1]\n",
            (3, 11),
            "needs 'real_cards'",
        ),
        (
            "l.yaml",
            "mode: nightmare\ncards: [4, 9]\nreal_cards: [4, 4]\n",
            (3, 13),
            "each shown card exactly once",
        ),
        (
            "m.yaml",
            "cards: [1, 2, 3, 4, 5, 6, 7]\n",
            (1, 8),
            "7 verifiers are too many: a puzzle of the game has 4, 5 or 6",
        ),
        ("n.yaml", "- 1\n- 2\n", (1, 3), "must be a mapping"),
        ("o.yaml", "cards: [!!python/object:os.system x]\n", (1, 9), "not allowed"),
        ("p.jsonl", '{"cards": [4, 9]}\n{"cards": [4, 9, 50]}\n', (2, 18), "card 50"),
        ("q.jsonl", '{"cards": [4, 9]}\n{"cards": [4, 9\n', (2, 16), "JSON"),
        ("r.yaml", "cards: [4, 9]\ncardset: nosuchset\n", (2, 10), "no card set named"),
    ],
)
def test_bad_documents_name_file_line_and_column(
    tmp_path: Path, name: str, text: str, where: tuple[int, int], fragment: str
) -> None:
    path = write(tmp_path, name, text)
    with pytest.raises(PuzzleError) as info:
        load_puzzles(path)
    assert (info.value.line, info.value.column) == where, str(info.value)
    assert fragment in info.value.message
    assert str(info.value).startswith(f"{path}:{where[0]}:{where[1]}: ")


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError, match="no such file"):
        load_puzzles(tmp_path / "missing.yaml")
    bad = tmp_path / "bin.yaml"
    bad.write_bytes(b"cards: [4, 9]\n\xff\xfe\n")
    with pytest.raises(PuzzleError, match="not UTF-8") as info:
        load_puzzles(bad)
    assert info.value.line == 2


@pytest.mark.parametrize(
    ("doc", "tier"),
    [
        ({"cards": [4, 9, 11, 14]}, "easy"),
        ({"cards": [4, 9, 11, 19]}, "standard"),
        ({"cards": [4, 9, 23, 24]}, "hard"),
        ({"cards": [4, 9, 11, 23]}, None),
        ({"cards": [4, 9, 18, 23]}, None),
        ({"cards": [1, 2, 3, 30, 31, 40]}, None),
        ({"cards": [1, 2, 30, 31, 40, 41]}, "hard"),
        (
            {
                "mode": "extreme",
                "cards": [[4, 30], [9, 31], [11, 2], [14, 3]],
                "real_cards": [4, 9, 11, 14],
            },
            "hard",
        ),
        (
            {
                "mode": "extreme",
                "cards": [[4, 5], [9, 30], [11, 2], [14, 3]],
                "real_cards": [4, 9, 11, 14],
            },
            "easy",
        ),
        (
            {
                "mode": "extreme",
                "cards": [[4, 5], [9, 30], [11, 2], [19, 3]],
                "real_cards": [4, 9, 11, 19],
            },
            "standard",
        ),
        ({"mode": "extreme", "cards": [[4, 5], [9, 30], [11, 2], [19, 3]]}, None),
    ],
)
def test_difficulty_follows_the_published_rule(doc: dict[str, object], tier: str | None) -> None:
    assert difficulty(puzzle_from_dict(doc), CLASSIC) == tier


def test_canonical_key_ignores_verifier_order_and_id() -> None:
    a = puzzle_from_dict({"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]})
    b = puzzle_from_dict({"id": "b", "cards": [14, 11, 9, 4], "criteria": [3, 1, 1, 2]})
    c = puzzle_from_dict({"cards": [14, 11, 9, 4], "criteria": [3, 1, 2, 2]})
    assert a.canonical_key() == b.canonical_key() != c.canonical_key()
    assert a.short_id("easy") == b.short_id("easy")
    assert a.short_id("easy").startswith("C4E-")


def test_jsonl_is_streamed_lazily(tmp_path: Path) -> None:
    path = write(tmp_path, "big.jsonl", '{"cards": [4, 9]}\n' * 3 + '{"cards": [99]}\n')
    stream = iter_puzzle_file(path)
    assert next(stream).line == 1
    with pytest.raises(PuzzleError):
        list(stream)


def test_an_id_computed_from_the_hidden_parts_is_not_in_the_public_document() -> None:
    # the short id hashes the canonical key, criteria included: with the cards public, trying
    # each reading finds the one whose hash is the id, so a player must not see it
    puzzle = Puzzle(cards=((4,), (9,), (11,), (14,)), criteria=(2, 3, 2, 1), solution="241")
    for pid in (
        puzzle.short_id("easy"),
        puzzle.short_id(),
        puzzle.short_id("hard").lower().replace("-", " "),
        puzzle.short_id("easy") + puzzle._key_hash()[6:8],  # lengthened after a clash
        puzzle.canonical_key(),
        puzzle.canonical_key().replace("|classic|", "|/home/ann/sets/classic.yaml|"),
        "C4E-AAAAAA",  # the shape of a generated id: computed under another card-set name?
    ):
        derived = replace(puzzle, id=pid, extra={"seed": 3, "index": 7, "difficulty": "easy"})
        assert derived.id_is_derived(), pid
        public = derived.to_dict(hidden=False)
        assert public == {"mode": "classic", "cards": [4, 9, 11, 14], "difficulty": "easy"}
        assert derived.to_dict()["id"] == pid and derived.to_dict()["seed"] == 3
    for pid in ("01", "B63-1", "C4E-AAAAA", "C4EAAAAAA1", puzzle.short_id("easy")[:-1]):
        authored = replace(puzzle, id=pid)
        assert not authored.id_is_derived(), pid
        assert authored.to_dict(hidden=False)["id"] == pid
