"""What the card-set reader says about an empty card list, a null key and an empty name,
and what every puzzle command says when it is given a card set instead of a puzzle."""

from __future__ import annotations

from pathlib import Path

import pytest

from testsupport.cli import CARDS, run
from turing.authoring.lint import ERROR, lint_text

CRITERIA = '    criteria: ["b < 3", "b >= 3"]\n'
CARD = "  - number: 1\n" + CRITERIA


def errors_of(text: str) -> list[str]:
    findings = lint_text(text, "set.yaml", verifiers=3).findings
    return [f"{f.line}:{f.column}: {f.code}: {f.message}" for f in findings if f.severity == ERROR]


def test_an_empty_card_list_is_said_to_be_empty() -> None:
    assert errors_of("cards: []\n") == [
        "1:8: C102: 'cards' must be a non-empty list of cards, found an empty list"
    ]
    assert errors_of("cards: {}\n") == [
        "1:8: C102: 'cards' must be a non-empty list of cards, found a mapping"
    ]


@pytest.mark.parametrize("key", ["null", "~", "Null"])
def test_a_null_key_is_named_as_yaml_writes_it(key: str) -> None:
    assert errors_of(f"cards:\n  - number: 1\n    {key}: 3\n" + CRITERIA) == [
        "3:5: C103: unknown key 'null' in a card (allowed: number, title, criteria, title_de)"
    ]


def test_an_empty_key_is_called_so() -> None:
    assert errors_of("cards:\n  - number: 1\n    : 3\n" + CRITERIA) == [
        "3:5: C103: an empty key in a card (allowed: number, title, criteria, title_de)"
    ]


def test_a_key_written_none_is_still_that_word() -> None:
    assert errors_of("cards:\n" + CARD + "None: 1\n") == [
        "4:1: C103: unknown key 'None' in the card set (allowed: name, description, tiers, "
        "cards, description_de)"
    ]


def test_two_null_keys_are_one_key_twice() -> None:
    assert errors_of("cards:\n" + CARD + "null: 1\n~: 2\n") == [
        "4:1: C103: unknown key 'null' in the card set (allowed: name, description, tiers, "
        "cards, description_de)",
        "5:1: C003: duplicate key 'null'",
    ]


@pytest.mark.parametrize("name", ['""', '"  "', "''"])
def test_an_empty_name_is_said_to_be_empty(name: str) -> None:
    assert errors_of(f"name: {name}\ncards:\n" + CARD) == [
        "1:7: C107: 'name' is empty: write the text, or leave the key out"
    ]


def test_a_name_of_another_type_is_still_not_text() -> None:
    assert errors_of("name: 3\ncards:\n" + CARD) == [
        "1:7: C102: 'name' must be text, found a number"
    ]


GIVEN = "this is a card set, not a puzzle (give it with --cardset)"


@pytest.fixture
def garden(tmp_path: Path) -> Path:
    path = tmp_path / "garden.yaml"
    path.write_text(
        "name: garden\ncards:\n"
        '  - number: 1\n    title: "▲"\n    criteria:\n'
        '      - {text: "▲ small", when: "b <= 2"}\n      - {text: "▲ large", when: "b > 2"}\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["solve"],
        ["check"],
        ["play"],
        ["export", "--format", "markdown"],
        ["analyze"],
        ["share"],
    ],
    ids=lambda c: c[0],
)
def test_a_card_set_given_as_a_puzzle_is_named_so(command: list[str], garden: Path) -> None:
    result = run([*command, str(garden)])
    assert result.exit_code == 2, result.output
    assert f"error: {garden}: {GIVEN}" in result.output, result.output
    assert "Traceback" not in result.output


def test_bank_import_of_a_card_set_names_it_and_makes_no_bank(garden: Path, tmp_path: Path) -> None:
    bank = tmp_path / "new.db"
    result = run(["bank", "import", str(bank), str(garden)])
    assert result.exit_code == 2, result.output
    assert f"error: {garden}: {GIVEN}" in result.output
    assert not bank.exists()


def test_a_card_set_on_standard_input_is_named_so(garden: Path) -> None:
    result = run(["solve", "-"], input=garden.read_text(encoding="utf-8"))
    assert result.exit_code == 2
    assert f"error: <stdin>: {GIVEN}" in result.output


def test_the_shipped_sets_are_recognised_and_puzzles_still_read() -> None:
    result = run(["check", str(CARDS / "classic.yaml")])
    assert result.exit_code == 2 and GIVEN in result.output
    # a puzzle whose cards are numbers is a puzzle, even beside a card set's keys
    result = run(["solve", "-"], input="name: x\ncards: [1, 3, 5, 6]\n")
    assert GIVEN not in result.output


def test_german_words(garden: Path) -> None:
    result = run(["--lang", "de", "solve", str(garden)])
    assert result.exit_code == 2
    assert (
        f"{garden}: das ist ein Kartensatz, kein Rätsel (gib ihn mit --cardset an)" in result.output
    )


PUZZLE_GIVEN = "this is a puzzle file, not a card set"


@pytest.mark.parametrize(
    "text",
    [
        "id: g-1\ncards: [1, 3, 5, 6]\ncriteria: [3, 3, 2, 3]\n",
        "- cards: [1, 3, 5]\n- cards: [[1, 2], [3, 4], [5, 6]]\n",
        "puzzles:\n  - cards: [1, 3, 5]\n",
    ],
    ids=["one", "list", "puzzles"],
)
def test_a_puzzle_file_given_as_a_card_set_is_named_so(
    text: str, garden: Path, tmp_path: Path
) -> None:
    puzzles = tmp_path / "g-1.yaml"
    puzzles.write_text(text, encoding="utf-8")
    result = run(["cards", "validate", str(puzzles)])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [
        f"{puzzles}: error C110: {PUZZLE_GIVEN}",
        f"{puzzles}: 1 error",
    ]
    for command in (["solve", "--cardset", str(puzzles)], ["play", "--cardset", str(puzzles)]):
        result = run([*command, str(garden)])
        assert result.exit_code == 2, result.output
        assert result.stderr == f"error: {puzzles}: {PUZZLE_GIVEN}\n"


@pytest.fixture
def game_files(tmp_path: Path) -> dict[str, Path]:
    """A puzzle bank, puzzles as JSON Lines and a game's transcript, as the tool writes
    them, and a puzzle to solve."""
    bank, lines, transcript = tmp_path / "B.db", tmp_path / "x.jsonl", tmp_path / "t.jsonl"
    assert run(["generate", "-n", "2", "--seed", "1", "--bank", str(bank)]).exit_code == 0
    assert run(["generate", "-n", "2", "--seed", "1", "-o", str(lines)]).exit_code == 0
    played = ["play", "--random", "--seed", "1", "--players", "bot:greedy"]
    assert run([*played, "--transcript", str(transcript)]).exit_code == 0
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text("cards: [4, 9, 11, 14]\n")
    return {"bank": bank, "lines": lines, "transcript": transcript, "puzzle": puzzle}


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("bank", "this is a puzzle bank, not a card set"),
        ("lines", "this is a puzzle file, not a card set"),
        ("transcript", "this is the transcript of a game, not a card set"),
    ],
)
def test_a_file_of_the_game_given_as_a_card_set_is_named_so(
    game_files: dict[str, Path], kind: str, said: str
) -> None:
    path = game_files[kind]
    solved = run(["solve", "--cardset", str(path), str(game_files["puzzle"])])
    assert solved.exit_code == 2
    assert solved.output == f"error: {path}: {said}\n"
    checked = run(["cards", "validate", str(path)])
    assert checked.exit_code != 0
    assert checked.output.splitlines()[0] == f"{path}: error C110: {said}"


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "--cardset", "{set}", "{puzzle}"],
        ["play", "--random", "--players", "bot:greedy", "--cardset", "{set}"],
        ["generate", "-n", "1", "-o", "-", "--cardset", "{set}"],
        ["cards", "stats", "{set}"],
    ],
    ids=lambda c: c[0],
)
def test_a_set_with_several_errors_says_how_many_and_how_to_list_them(
    tmp_path: Path, command: list[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        'cards:\n  - number: 1\n    colour: x\n    criteria: ["b < 3", "b >= 3"]\n'
        "  - number: 2\n    critera: [1]\n"
    )
    puzzle = tmp_path / "p.yaml"
    puzzle.write_text("cards: [4, 9, 11, 14]\n")
    args = [word.format(set=broken, puzzle=puzzle) for word in command]
    result = run(args)
    assert result.exit_code == 2
    assert result.output == (
        f"error: {broken}:3:5: unknown key 'colour' in a card (allowed: number, title, "
        f"criteria, title_de) (the card set has 3 errors; turing cards validate {broken} "
        "lists them all)\n"
    )


def test_a_set_named_without_its_suffix_or_in_other_case_is_suggested(tmp_path: Path) -> None:
    sets, puzzles = tmp_path / "sets", tmp_path / "puzzles"
    sets.mkdir()
    puzzles.mkdir()
    (sets / "mini.yaml").write_text('cards:\n  - number: 1\n    criteria: ["b < 3", "b >= 3"]\n')
    puzzle = puzzles / "q.yaml"
    puzzle.write_text("cardset: ../sets/mini\ncards: [1]\n")
    checked = run(["check", str(puzzle)])
    assert checked.exit_code != 0
    assert (
        f"error: {puzzle}:1:10: no card set named '../sets/mini': did you mean '../sets/mini.yaml'?"
    ) in checked.output, checked.output
    solved = run(["solve", "--cardset", "CLASSIC", "-"], input="cards: [4, 9, 11, 14]\n")
    assert solved.exit_code == 2
    assert solved.output == "error: no card set named 'CLASSIC': did you mean 'classic'?\n"
