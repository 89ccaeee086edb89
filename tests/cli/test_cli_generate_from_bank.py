"""`turing generate --from-bank DB`: puzzles drawn from a stored catalogue."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.cli import PUZZLES, ROOT
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import difficulty, puzzle_from_dict
from turing.core.solver import validity
from turing.generation.bank import Bank, Query
from turing.generation.sample import CatalogueSampler, SampleError, UnfinishedCatalogue

CLASSIC = ROOT / "cards" / "classic.yaml"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """The first 24 classic cards and their 4-verifier catalogue in a bank."""
    folder = tmp_path_factory.mktemp("cat")
    text = CLASSIC.read_text()
    cards = folder / "first24.yaml"
    cards.write_text(
        text[: text.index("  - number: 25")].replace("name: classic", "name: first24", 1)
    )
    db = folder / "cat.db"
    code, out = run(
        "catalogue", "--verifiers", "4", "--cardset", str(cards), "--bank", str(db), "-q"
    )
    assert code == 0, out
    return str(cards), db


def draw(cat: tuple[str, Path], out: Path, *extra: str) -> tuple[int, str]:
    cards, db = cat
    return run(
        "generate",
        "--from-bank",
        str(db),
        "--cardset",
        cards,
        "--verifiers",
        "4",
        "-o",
        str(out),
        "-q",
        *extra,
    )


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("mode", ["classic", "nightmare", "extreme"])
def test_drawn_puzzles_are_valid_distinct_and_of_the_tier(
    catalogue: tuple[str, Path], tmp_path: Path, mode: str
) -> None:
    out = tmp_path / "p.jsonl"
    # the first 24 cards hold too few hard cards for hard decoys: extreme draws standard
    tier = "standard" if mode == "extreme" else "hard"
    code, text = draw(
        catalogue, out, "--count", "60", "--difficulty", tier, "--mode", mode, "--seed", "0"
    )
    assert code == 0, text
    docs = read(out)
    cs = load_cardset(catalogue[0])
    keys = set()
    for doc in docs:
        puzzle = puzzle_from_dict(doc, cs)
        assert puzzle.mode == mode and puzzle.verifiers == 4
        assert validity(puzzle, cs).valid
        assert difficulty(puzzle, cs) == doc["difficulty"] == tier
        assert puzzle.id == puzzle.short_id(tier)
        keys.add(puzzle.canonical_key())
    assert len(docs) == len(keys) == 60
    if mode == "nightmare":  # the dealing is hidden and varies
        assert any(d["real_cards"] != d["cards"] for d in docs)
        assert all(sorted(d["real_cards"]) == d["cards"] for d in docs)
    if mode == "extreme":
        assert all(len(group) == 2 for d in docs for group in d["cards"])


def test_the_same_seed_draws_the_same_puzzles(catalogue: tuple[str, Path], tmp_path: Path) -> None:
    a, b, c = (tmp_path / f"{n}.jsonl" for n in "abc")
    for path, seed in ((a, "5"), (b, "5"), (c, "6")):
        code, text = draw(catalogue, path, "--count", "40", "--mode", "nightmare", "--seed", seed)
        assert code == 0, text
    assert a.read_text() == b.read_text() != c.read_text()


def test_without_a_seed_each_draw_is_new(catalogue: tuple[str, Path], tmp_path: Path) -> None:
    """A catalogue is the same for everybody: without --seed each draw takes a seed of its
    own (named in the summary, for the one drawing), and --seed with it draws the same."""
    a, b, c = (tmp_path / f"{n}.jsonl" for n in "abc")
    summaries = []
    for path in (a, b):
        code, text = draw(catalogue, path, "--count", "40", "--mode", "nightmare", "--json")
        assert code == 0, text
        summaries.append(json.loads(text))
    assert all(s["seed_drawn"] is True for s in summaries)
    assert summaries[0]["seed"] != summaries[1]["seed"]
    assert a.read_text() != b.read_text()
    assert all("seed" not in doc for doc in read(a))  # a drawn document names no seed
    seed = str(summaries[0]["seed"])
    code, text = draw(catalogue, c, "--count", "40", "--mode", "nightmare", "--seed", seed)
    assert code == 0, text
    assert c.read_text() == a.read_text()
    cards, db = catalogue
    args = ["--from-bank", str(db), "--cardset", cards, "--verifiers", "4", "-o", str(c)]
    code, text = run("generate", *args, "--count", "2")
    assert code == 0 and text.strip().endswith(" (drawn at random)"), text
    code, text = run("generate", *args, "--count", "2", "--seed", seed)
    assert code == 0 and "seed" not in text, text


def test_bank_pick_without_a_seed_is_a_new_draw(catalogue: tuple[str, Path]) -> None:
    _, db = catalogue
    picked = set()
    for _ in range(8):
        code, text = run("bank", "pick", str(db), "--json")
        assert code == 0, text
        picked.add(tuple(json.loads(text)["cards"]))
    assert len(picked) > 1
    code, first = run("bank", "pick", str(db), "--json", "--seed", "7")
    assert (code, first) == run("bank", "pick", str(db), "--json", "--seed", "7")


def test_the_tests_range_is_met(catalogue: tuple[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "p.jsonl"
    code, text = draw(catalogue, out, "--count", "30", "--min-tests", "4", "--seed", "0")
    assert code == 0, text
    assert all(d["min_tests"] >= 4 for d in read(out))
    code, text = draw(
        catalogue, out, "--count", "10", "--max-tests", "3", "--difficulty", "hard", "--seed", "0"
    )
    assert code == 0, text
    docs = read(out)
    assert len(docs) == 10
    assert all(d["min_tests_kind"] == "exact" and d["min_tests"] <= 3 for d in docs)


def test_asking_for_more_than_the_catalogue_holds(
    catalogue: tuple[str, Path], tmp_path: Path
) -> None:
    """Every easy puzzle once, then a clear stop (exit 1) that keeps them; the same with
    the catalogue's marks removed (the bank then reads the matching keys)."""
    cards, db = catalogue
    with Bank(db) as b:
        easy = {p.canonical_key() for p in b.query(Query(verifiers=4, difficulty="easy"))}
    assert 0 < len(easy) < 5000
    out = tmp_path / "p.jsonl"
    # Seeds 1, 3 and 9 once stopped 1 to 4 puzzles short: a draw gave up after 20,000
    # random places in a row that it had drawn before.
    for seed in ("0", "1", "3", "9"):
        code, text = draw(
            catalogue, out, "--count", "5000", "--difficulty", "easy", "--json", "--seed", seed
        )
        assert code == 1 and "holds only" in text
        summary = json.loads(text.splitlines()[0])
        # the places of other tiers are not refused by a tests range (none was given)
        assert summary["refused_by_filter"] == summary["no_decoys"] == 0
        assert summary["drawn"] > summary["made"]
        drawn = read(out)
        assert len(drawn) == len(easy)
        assert {puzzle_from_dict(d, load_cardset(cards)).canonical_key() for d in drawn} == easy
    unmarked = tmp_path / "unmarked.db"
    conn = sqlite3.connect(db)
    conn.execute(f"VACUUM INTO '{unmarked}'")
    conn.close()
    conn = sqlite3.connect(unmarked)
    conn.execute("DELETE FROM catalogue_marks")
    conn.commit()
    conn.close()
    code, text = draw((cards, unmarked), out, "--count", "5000", "--difficulty", "easy")
    assert code == 1
    assert {puzzle_from_dict(d, load_cardset(cards)).canonical_key() for d in read(out)} == easy


def test_a_draw_short_of_its_count_says_why_and_where_they_are(
    catalogue: tuple[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "p.jsonl"
    code, text = draw(catalogue, out, "--count", "20000", "--difficulty", "easy", "--seed", "1")
    assert code == 1
    made = len(read(out))
    kept = out.read_bytes()
    assert text.endswith(
        f"error: the catalogue in {catalogue[1]} holds only {made:,} puzzles of this kind "
        f"(20,000 asked); {out} holds them\n"
    ), text
    assert "tests range" not in text and "decoys" not in text
    code, text = draw(catalogue, out, "--count", "2", "--min-tests", "12", "--seed", "1")
    assert code == 1
    assert text.endswith(
        f"error: --min-tests 12: the catalogue in {catalogue[1]} holds no puzzle of this kind "
        "proven to need at least 12 tests (2 asked)\n"
    ), text
    assert out.read_bytes() == kept  # a draw that made nothing leaves the file as it was


def test_banks_that_cannot_serve_are_one_line_errors(
    catalogue: tuple[str, Path], tmp_path: Path
) -> None:
    _, db = catalogue
    out = tmp_path / "p.jsonl"
    code, text = draw(catalogue, out, "--count", "5", "--verifiers", "5")
    assert code == 2 and "no 5-verifier puzzles" in text and "Traceback" not in text
    plain = tmp_path / "plain.db"
    code, text = run("generate", "--count", "3", "--bank", str(plain), "-q")
    assert code == 0, text
    code, text = run("generate", "--from-bank", str(plain), "--count", "3", "-o", str(out))
    assert code == 2 and "not a catalogue bank" in text
    code, text = run("generate", "--from-bank", str(db), "--count", "3", "-o", str(out))
    assert code == 2 and "not of the card set 'classic'" in text
    code, text = run(
        "generate", "--from-bank", str(tmp_path / "none.db"), "--count", "3", "-o", str(out)
    )
    assert code == 2 and "no such bank" in text
    notes = tmp_path / "notes.txt"
    notes.write_text("not a bank at all\n" * 20)
    code, text = run("generate", "--from-bank", str(notes), "--count", "3", "-o", str(out))
    assert code == 2 and "not a puzzle bank" in text
    code, text = draw(catalogue, out, "--count", "3", "--bank", str(plain))
    assert code == 2 and "bank import" in text
    code, text = draw(catalogue, out, "--count", "3", "--exact-tests")
    assert code == 2 and "--exact-tests cannot be combined" in text
    assert len(text.strip().splitlines()) == 1


def test_what_players_are_given_keeps_no_order_the_criteria_follow(
    catalogue: tuple[str, Path], tmp_path: Path
) -> None:
    """A catalogue is in key order, which follows the hidden criteria, and anyone can make
    the same catalogue: a public export in that order (or its first puzzles under
    --limit) would let a player match lines and read each puzzle's criteria off their
    own copy. Public exports and booklets take the puzzles in a random order instead."""
    _, db = catalogue
    full, first, second, some = (tmp_path / f"{n}.jsonl" for n in ("full", "p1", "p2", "some"))
    assert run("bank", "export", str(db), "--difficulty", "easy", "-o", str(full))[0] == 0
    for out in (first, second):
        code, text = run(
            "bank", "export", str(db), "--public", "--difficulty", "easy", "-o", str(out)
        )
        assert code == 0, text
    in_key_order = [d["cards"] for d in read(full)]
    assert len(in_key_order) > 100
    shown = [[d["cards"] for d in read(out)] for out in (first, second)]
    for cards in shown:
        assert sorted(cards) == sorted(in_key_order)  # the same puzzles
        assert cards != in_key_order
    assert shown[0] != shown[1]
    code, text = run(
        "bank",
        "export",
        str(db),
        "--public",
        "--difficulty",
        "easy",
        "--limit",
        "50",
        "-o",
        str(some),
    )
    assert code == 0, text
    assert [d["cards"] for d in read(some)] != in_key_order[:50]
    # a booklet's puzzle pages: a random draw too, not the first puzzles in key order
    pages = [tmp_path / f"b{i}.md" for i in range(2)]
    for page in pages:
        code, text = run(
            "export",
            "--bank",
            str(db),
            "--cardset",
            catalogue[0],
            "--format",
            "markdown",
            "--limit",
            "5",
            "-o",
            str(page),
        )
        assert code == 0, text
    assert pages[0].read_text() != pages[1].read_text()
    # the non-public export (the maker's, with the criteria) keeps the bank's order
    again = tmp_path / "again.jsonl"
    assert run("bank", "export", str(db), "--difficulty", "easy", "-o", str(again))[0] == 0
    assert again.read_text() == full.read_text()


def test_an_unfinished_catalogue_is_refused_until_it_is_finished(tmp_path: Path) -> None:
    """A catalogue killed (kill -9) before its end holds the puzzles of its lowest cards
    only: drawing from it is refused in one line that names the bank, how far it got and
    the command that finishes it; once that command has run, the draw goes on."""
    text = CLASSIC.read_text()
    cards = tmp_path / "first30.yaml"
    cards.write_text(
        text[: text.index("  - number: 31\n")].replace("name: classic", "name: first30", 1)
    )
    db = tmp_path / "cat.db"
    # the classic cards 1–30, 5 verifiers: 431 units, a few seconds to store
    cmd = [sys.executable, "-m", "turing", "catalogue", "--verifiers", "5", "--cardset"]
    cmd += [str(cards), "--bank", str(db), "-q"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while catalogue_units(db) == 0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, "the catalogue finished before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with Bank(db) as b:
        [progress] = b.runs()
    assert not progress.done and progress.target == 431
    assert 0 < progress.next_index < 431
    out = tmp_path / "p.jsonl"
    args = ["generate", "--from-bank", str(db), "--cardset", str(cards), "--verifiers", "5"]
    for extra in ((), ("--difficulty", "easy", "--count", "100000")):
        code, said = run(*args, "--count", "3", "-o", str(out), *extra)
        assert code == 2 and not out.exists()
        assert said == (
            f"error: {db}: its 5-verifier catalogue is unfinished: "
            f"{progress.next_index} of 431 units stored, the puzzles of the lowest cards "
            f"only; `turing catalogue --verifiers 5 --cardset {cards} --bank {db}` "
            "finishes it (it resumes where it stopped)\n"
        )
    r = CliRunner().invoke(main, ["--lang", "de", *args, "--count", "3", "-o", str(out)])
    assert r.exit_code == 2 and "unvollständig" in r.stderr and "--bank" in r.stderr
    # the library says it too, with the figures
    with Bank(db) as b, pytest.raises(UnfinishedCatalogue) as caught:
        CatalogueSampler(b, verifiers=5, cardset=str(cards))
    assert (caught.value.done, caught.value.total) == (progress.next_index, 431)
    assert isinstance(caught.value, SampleError)
    # the command the message names finishes it (resuming); then the draw goes on
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    code, said = run(*args, "--count", "3", "-o", str(out), "-q")
    assert code == 0 and len(read(out)) == 3, said


def catalogue_units(db: Path) -> int:
    """The units a catalogue run has committed (0 before its first commit)."""
    if not db.exists():
        return 0
    try:
        conn = sqlite3.connect(db, timeout=5)
        try:
            row = conn.execute("SELECT max(next_index) FROM runs").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0
    return int(row[0] or 0)


def test_a_catalogue_without_a_run_record_is_drawn_from(
    catalogue: tuple[str, Path], tmp_path: Path
) -> None:
    """A finished catalogue restricted to some cards (a card set of its own) is complete
    for what it covers; one with no run recorded (stored by the library without one) is
    taken as it is; the version-2 bank's finished catalogue (its run of another shape)
    too."""
    cards, db = catalogue
    out = tmp_path / "p.jsonl"
    code, text = draw(catalogue, out, "--count", "5")
    assert code == 0 and len(read(out)) == 5, text
    bare = tmp_path / "bare.db"
    conn = sqlite3.connect(db)
    conn.execute(f"VACUUM INTO '{bare}'")
    conn.close()
    conn = sqlite3.connect(bare)
    conn.execute("DELETE FROM runs")
    conn.commit()
    conn.close()
    code, text = draw((cards, bare), out, "--count", "5")
    assert code == 0 and len(read(out)) == 5, text
    old = tmp_path / "v2.db"
    shutil.copy(ROOT / "tests" / "generation" / "data" / "bank-v2.db", old)
    with Bank(old) as b:  # (the command draws 4 verifiers or more)
        assert len(list(CatalogueSampler(b, verifiers=2, seed=1).puzzles(5))) == 5


def test_a_catalogue_stopped_before_its_first_unit_is_unfinished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catalogue run stopped before it stored a unit is recorded as a run of 0 units:
    ``bank stats`` lists it, and a draw says the catalogue is unfinished and how to finish
    it, not that the bank holds no catalogue. A bank stopped so before runs were recorded
    at the start (its card set registered, no rows, no run) is read the same way."""
    import turing.cli.generate as generate_cli

    def stopped(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt
        yield  # a generator, as the real one

    monkeypatch.setattr(generate_cli, "iter_catalogue_rows", stopped)
    db = tmp_path / "cat6.db"
    result = CliRunner().invoke(main, ["catalogue", "--verifiers", "6", "--bank", str(db)])
    assert result.exit_code != 0
    code, out = run("bank", "stats", str(db))
    assert code == 0 and "0 puzzles" in out
    assert "catalogue  6 verifiers, card set classic  0" in out and "1,121" in out, out
    finish = f"`turing catalogue --verifiers 6 --bank {db}` finishes it"
    code, out = run("generate", "--from-bank", str(db), "--verifiers", "6", "-n", "2", "-o", "-")
    assert code == 2 and "its 6-verifier catalogue is unfinished: 0 of 1,121 units" in out
    assert finish in out, out
    older = tmp_path / "older.db"
    with Bank(older) as b:
        b.catalogue_cardset(load_cardset("classic"), "classic")
    code, out = run("generate", "--from-bank", str(older), "--verifiers", "6", "-n", "2", "-o", "-")
    assert code == 2 and "its 6-verifier catalogue is unfinished: 0 of 1,121 units" in out, out


def test_the_summaries_say_only_what_this_command_did(tmp_path: Path) -> None:
    """A count stores nothing, so its summary says nothing of puzzles stored; a run that
    was complete already made nothing and skipped no repeats of its own."""
    code, out = run("catalogue", "--verifiers", "3", "--count-only")
    assert code == 0 and "48,134 valid puzzles (complete)" in out
    assert "stored" not in out, out
    db = tmp_path / "r.db"
    args = ["generate", "-n", "40", "--verifiers", "4", "--difficulty", "hard", "--seed", "3"]
    assert run(*args, "--bank", str(db), "-o", str(tmp_path / "a.jsonl"))[0] == 0
    code, out = run(*args, "--bank", str(db), "-o", str(tmp_path / "b.jsonl"))
    assert code == 0 and "(run already complete)" in out
    assert "repeat" not in out and "refused" not in out, out


@pytest.mark.parametrize(
    ("held", "holds"),
    [("garden.yaml", "it is a card set"), ("hand.yaml", "it is a puzzle file")],
)
def test_the_draw_never_replaces_a_card_set_or_a_puzzle_file(
    catalogue: tuple[str, Path], tmp_path: Path, held: str, holds: str
) -> None:
    out = tmp_path / held
    source = CLASSIC if held == "garden.yaml" else PUZZLES / "sample.yaml"
    out.write_bytes(source.read_bytes())
    code, said = draw(catalogue, out, "--count", "2", "--seed", "0")
    assert code == 2, said
    assert said == (
        f"error: cannot write {out}: {holds}; give another name, or remove the file first\n"
    )
    assert out.read_bytes() == source.read_bytes()
