"""A puzzle's ``cardset:`` reference means one set for every command: a relative path is
taken from the folder of the file that names it, standard input's from the working
directory, and ``--cardset`` forces a set whatever the puzzle names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.cards import load_cardset, portable_reference, resolve_cardset
from turing.core.puzzle import load_puzzle, portable

PRIMES = ROOT / "cards" / "examples" / "primes.yaml"
CLASSIC = ROOT / "cards" / "classic.yaml"

# primes-2 of the shipped examples; with the classic cards the same numbers mean other things.
PUZZLE = """\
id: lore-2
cardset: sets/lore.yaml
cards: [1, 2, 4, 6, 8]
criteria: [1, 1, 2, 1, 1]
solution: "212"
"""


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture
def layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``collection/sub/lore-2.yaml`` naming ``sets/lore.yaml`` beside it, and a working
    directory elsewhere holding a different ``sets/lore.yaml`` (the classic cards)."""
    sub = tmp_path / "collection" / "sub"
    (sub / "sets").mkdir(parents=True)
    shutil.copy(PRIMES, sub / "sets" / "lore.yaml")
    (sub / "lore-2.yaml").write_text(PUZZLE)
    work = tmp_path / "work"
    (work / "sets").mkdir(parents=True)
    shutil.copy(CLASSIC, work / "sets" / "lore.yaml")
    monkeypatch.chdir(work)
    return Path("..") / "collection" / "sub" / "lore-2.yaml"


def test_solve_check_and_analyze_take_the_set_beside_the_file(layout: Path) -> None:
    solved = run("solve", "--json", str(layout))
    assert solved.exit_code == 0, solved.output
    assert json.loads(solved.output)["solution"] == "212"
    checked = run("check", str(layout))
    assert checked.exit_code == 0, checked.output
    assert f"{layout}:1: ok lore-2 · standard" in checked.output
    analyzed = run("analyze", "--json", "--no-expected", str(layout))
    assert analyzed.exit_code == 0, analyzed.output
    assert json.loads(analyzed.output.splitlines()[0])["candidates"] == ["212"]


def test_standard_input_takes_paths_from_the_working_directory(layout: Path) -> None:
    # The same document on standard input names the working directory's set: the classic
    # cards, which give another answer (and so the stated solution is wrong there).
    solved = run("solve", "--json", "-", stdin=layout.read_text())
    assert solved.exit_code == 1
    assert json.loads(solved.output)["solution"] != "212"


def test_cardset_option_forces_a_set(layout: Path) -> None:
    broken = layout.parent / "broken.yaml"
    broken.write_text(PUZZLE.replace("sets/lore.yaml", "sets/nowhere.yaml"))
    refused = run("check", str(broken))
    assert refused.exit_code == 2
    forced = run("check", "--cardset", "examples/primes", str(broken))
    assert forced.exit_code == 0, forced.output


def test_a_set_missing_beside_the_file_is_not_taken_from_elsewhere(
    layout: Path, tmp_path: Path
) -> None:
    moved = tmp_path / "collection" / "lore-2.yaml"
    moved.write_text(PUZZLE)  # no sets/ beside it; the working directory has one
    result = run("solve", str(moved))
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {moved}:2:10: ")
    assert "sets/lore.yaml" in result.output


def test_bank_import_and_export_take_the_set_beside_the_file(
    layout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    imported = run("bank", "import", "bank.db", str(layout))
    assert imported.exit_code == 0, imported.output
    picked = run("bank", "pick", "--hidden", "--json", "bank.db")
    assert picked.exit_code == 0, picked.output
    doc = json.loads(picked.output)
    # The bank records where the set is, so the reference holds from any folder.
    assert doc["cardset"] == str(tmp_path / "collection" / "sub" / "sets" / "lore.yaml")
    assert doc["solution"] == "212" and doc["difficulty"] == "standard"
    booklet = run("export", "--format", "markdown", str(layout))
    assert booklet.exit_code == 0, booklet.output
    assert "▲ prime or not" in booklet.output
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    from_bank = run("export", "--format", "markdown", "--bank", str(tmp_path / "work" / "bank.db"))
    assert from_bank.exit_code == 0, from_bank.output
    assert "▲ prime or not" in from_bank.output
    again = run("solve", "--json", "-", stdin=picked.output)
    assert json.loads(again.output)["solution"] == "212"


def test_bank_import_records_a_forced_set(layout: Path) -> None:
    broken = layout.parent / "broken.yaml"
    broken.write_text(PUZZLE.replace("sets/lore.yaml", "sets/nowhere.yaml"))
    imported = run("bank", "import", "--cardset", "examples/primes", "bank.db", str(broken))
    assert imported.exit_code == 0, imported.output
    picked = run("bank", "pick", "--hidden", "--json", "bank.db")
    doc = json.loads(picked.output)
    assert doc["cardset"] == "examples/primes" and doc["solution"] == "212"


def test_play_takes_the_set_beside_the_file(layout: Path) -> None:
    script = "compose 212\ntest A\ndone\nsolve 212\n"
    result = run("play", str(layout), stdin=script)
    assert result.exit_code == 0, result.output
    assert "won" in result.output


def test_generated_puzzles_name_their_set_from_any_folder(
    layout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    lore = "../collection/sub/sets/lore.yaml"
    made = run("generate", "-n", "2", "--seed", "4", "--cardset", lore, "-o", str(out / "p.jsonl"))
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(out)
    checked = run("check", "p.jsonl")
    assert checked.exit_code == 0, checked.output


def test_the_resolver_itself(tmp_path: Path) -> None:
    assert resolve_cardset("classic") == CLASSIC
    assert resolve_cardset("sets/x.yaml", base=tmp_path) == tmp_path / "sets" / "x.yaml"
    assert resolve_cardset(str(PRIMES), base=tmp_path) == PRIMES
    assert load_cardset("primes.yaml", base=PRIMES.parent).name == "primes"
    assert portable_reference("examples/primes") == "examples/primes"
    assert portable_reference("primes.yaml", base=PRIMES.parent) == str(PRIMES)
    shipped = load_puzzle(ROOT / "puzzles" / "examples" / "primes-2.yaml")
    assert portable(shipped, ROOT / "puzzles" / "examples").cardset == str(PRIMES)
