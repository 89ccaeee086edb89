"""A custom card set works everywhere the classic one does: the example set, the
tutorial of docs/cards.md, and `--cardset NAME|PATH` on solve, check, generate, play."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.cards import cards_dir, load_cardset, resolve_cardset, shipped_cardsets
from turing.core.puzzle import load_puzzle

EXAMPLES = ROOT / "puzzles" / "examples"
DOC = ROOT / "docs" / "cards.md"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def doc_example(name: str) -> str:
    """The fenced block that follows ``<!-- example: NAME -->`` in docs/cards.md."""
    match = re.search(rf"<!-- example: {re.escape(name)} -->\n```yaml\n(.*?)```",
                      DOC.read_text(encoding="utf-8"), re.S)  # fmt: skip
    assert match, f"docs/cards.md has no example {name}"
    return match.group(1)


def test_names_resolve_under_cards_and_paths_as_given() -> None:
    assert "examples/primes" in shipped_cardsets()
    assert resolve_cardset("examples/primes") == cards_dir() / "examples" / "primes.yaml"
    assert resolve_cardset("cards/examples/primes.yaml") == Path("cards/examples/primes.yaml")
    by_name = load_cardset("examples/primes")
    by_path = load_cardset(ROOT / "cards" / "examples" / "primes.yaml")
    assert by_name.cards == by_path.cards
    assert by_name.name == "primes"
    assert by_name.tiers == {"easy": (1, 6), "standard": (7, 8), "hard": (9, 10)}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_example_puzzles_check_clean_with_their_own_card_set(path: Path) -> None:
    result = run("check", "--json", "--show-solution", str(path))
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    puzzle = load_puzzle(path)
    assert record["valid"] and record["solutions"] == [puzzle.solution]
    assert record["difficulty"] == puzzle.extra.get("difficulty")


def test_solve_by_name_by_path_and_by_the_puzzles_own_cardset() -> None:
    doc = '{"cards": [3, 4, 6, 7]}'
    by_name = run("solve", "--json", "--cardset", "examples/primes", "-", stdin=doc)
    by_path = run("solve", "--json", "--cardset", str(ROOT / "cards/examples/primes.yaml"),
                  "-", stdin=doc)  # fmt: skip
    own = run("solve", "--json", "-", stdin='{"cards": [3, 4, 6, 7], "cardset": '
                                          '"examples/primes"}')  # fmt: skip
    for result in (by_name, by_path, own):
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["solution"] == "151"
    # Read with the classic cards the same numbers mean something else.
    classic = run("solve", "--json", "-", stdin=doc)
    assert json.loads(classic.output)["solution"] != "151"


def test_a_relative_cardset_path_is_taken_from_the_puzzle_file(tmp_path: Path) -> None:
    result = run("solve", "--json", str(EXAMPLES / "primes-2.yaml"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["solution"] == "212"


def test_generate_with_a_custom_set_makes_puzzles_check_accepts(tmp_path: Path) -> None:
    if "generate" not in main.commands:
        pytest.skip("turing generate is not registered")
    out = tmp_path / "p.jsonl"
    made = run("generate", "-n", "4", "--cardset", "examples/primes", "--difficulty",
               "standard", "--seed", "5", "-o", str(out))  # fmt: skip
    assert made.exit_code == 0, made.output
    lines = out.read_text().splitlines()
    assert len(lines) == 4
    assert all(json.loads(line)["cardset"] == "examples/primes" for line in lines)
    checked = run("check", "--json", str(out))
    assert checked.exit_code == 0, checked.output
    assert all(json.loads(r)["difficulty"] == "standard" for r in checked.output.splitlines())


def test_play_a_custom_set_puzzle_from_a_script() -> None:
    if "play" not in main.commands:
        pytest.skip("turing play is not registered")
    script = "compose 151\ntest A\ndone\nsolve 151\n"
    result = run("play", str(EXAMPLES / "primes-1.yaml"), stdin=script)
    assert result.exit_code == 0, result.output
    assert "151" in result.output and "won" in result.output


def test_the_tutorial_of_the_docs_works_as_written(tmp_path: Path) -> None:
    (tmp_path / "garden.yaml").write_text(doc_example("garden.yaml"), encoding="utf-8")
    (tmp_path / "garden-1.yaml").write_text(doc_example("garden-1.yaml"), encoding="utf-8")
    validated = run("cards", "validate", "--strict", str(tmp_path / "garden.yaml"))
    assert validated.exit_code == 0, validated.output
    assert "clean (6 cards, 16 criteria)" in validated.output
    checked = run("check", "--show-solution", str(tmp_path / "garden-1.yaml"))
    assert checked.exit_code == 0, checked.output
    assert "garden-1.yaml:1: ok garden-1 · easy · solution 445" in checked.output
    solved = run("solve", "--json", "--cardset", str(tmp_path / "garden.yaml"), "-",
                 stdin='{"cards": [1, 3, 5, 6]}')  # fmt: skip
    assert json.loads(solved.output)["solution"] == "445"
    stats = run("cards", "stats", str(tmp_path / "garden.yaml"))
    assert "valid puzzles: 70" in stats.output
    if "play" in main.commands:
        played = run("play", str(tmp_path / "garden-1.yaml"),
                     stdin="compose 445\ntest A\ndone\nsolve 445\n")  # fmt: skip
        assert played.exit_code == 0, played.output


def test_the_example_set_file_can_be_copied_and_used_by_path(tmp_path: Path) -> None:
    copy = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "cards" / "examples" / "primes.yaml", copy)
    result = run("cards", "show", "--cardset", str(copy), "--json", "9")
    assert json.loads(result.output)["title"] == "product ▲ × ■ × ●"
