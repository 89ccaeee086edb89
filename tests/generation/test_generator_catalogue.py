"""The exhaustive catalogue: every valid classic puzzle once, checked against brute force."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.cards import CardSet, load_cardset
from turing.core.puzzle import difficulty
from turing.core.solver import is_valid_masks, validity
from turing.generation.bank import Bank, RunRecord
from turing.generation.generator import catalogue_plan, iter_catalogue, iter_catalogue_rows

CLASSIC = ROOT / "cards" / "classic.yaml"


@pytest.fixture(scope="module")
def small_set(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The first 16 classic cards as a card set of their own."""
    text = CLASSIC.read_text()
    text = text[: text.index("  - number: 17")].replace("name: classic", "name: first16", 1)
    path = tmp_path_factory.mktemp("cards") / "first16.yaml"
    path.write_text(text)
    return str(path)


def brute_force(cs: CardSet, verifiers: int) -> set[tuple[tuple[int, int], ...]]:
    options = [(c.card, c.position, c.mask) for card in cs for c in card.criteria]
    found = set()
    for combo in itertools.combinations(options, verifiers):
        if len({o[0] for o in combo}) < verifiers:
            continue
        if is_valid_masks([o[2] for o in combo]):
            found.add(tuple(sorted((o[0], o[1]) for o in combo)))
    return found


def catalogue_set(name: str, verifiers: int) -> set[tuple[tuple[int, int], ...]]:
    out = set()
    for _, count, puzzles in iter_catalogue(name, verifiers, block=7):
        assert count == len(puzzles)
        for p in puzzles:
            assert p.criteria is not None
            out.add(tuple(sorted((g[0], k) for g, k in zip(p.cards, p.criteria, strict=True))))
    return out


@pytest.mark.parametrize("verifiers", [2, 3, 4])
def test_catalogue_equals_brute_force(small_set: str, verifiers: int) -> None:
    cs = load_cardset(small_set)
    assert catalogue_set(small_set, verifiers) == brute_force(cs, verifiers)


def test_classic_two_verifier_catalogue_equals_brute_force() -> None:
    cs = load_cardset("classic")
    assert catalogue_set("classic", 2) == brute_force(cs, 2)


def test_catalogue_puzzles_carry_tier_and_metrics(small_set: str) -> None:
    cs = load_cardset(small_set)
    _, _, puzzles = next(iter_catalogue(small_set, 4, block=50))
    assert puzzles
    for p in puzzles:
        assert validity(p, cs).valid
        assert p.extra["difficulty"] == difficulty(p, cs)
        assert isinstance(p.extra["codes_left"], int)
        assert list(p.shown_cards) == sorted(p.shown_cards)


def test_catalogue_counts_in_parallel_match(small_set: str) -> None:
    serial = sum(c for _, c, _ in iter_catalogue(small_set, 4, with_puzzles=False, block=9))
    parallel = sum(
        c for _, c, _ in iter_catalogue(small_set, 4, jobs=2, with_puzzles=False, block=9)
    )
    assert serial == parallel == len(brute_force(load_cardset(small_set), 4))


def test_catalogue_command_resumes(small_set: str, tmp_path: Path) -> None:
    runner = CliRunner()
    ref = tmp_path / "ref.db"
    r = runner.invoke(
        main,
        [
            "catalogue",
            "--verifiers",
            "4",
            "--cardset",
            small_set,
            "--bank",
            str(ref),
            "--json",
            "-q",
        ],
    )
    assert r.exit_code == 0, r.output
    full = json.loads(r.output)
    assert full["complete"] and full["puzzles"] == full["stored_new"] > 0
    # an interrupted catalogue: the first blocks committed, then the command again
    db = tmp_path / "part.db"
    name = small_set
    plan = catalogue_plan(load_cardset(name), 4)
    record = RunRecord(
        f"catalogue|{name}|4|by-cards", "catalogue", {"cardset": name, "verifiers": 4}
    )
    with Bank(db) as b:
        cs_id = b.catalogue_cardset(load_cardset(name), name)
        for done, count, rows in iter_catalogue_rows(name, 4, block=5):
            first = record.kept
            record.next_index, record.kept, record.target = (
                done,
                record.kept + count,
                len(plan.card_units),
            )
            b.add_catalogue(cs_id, rows, run=record, first=first, verifiers=4)
            if done >= len(plan.card_units) // 2:
                break
    r = runner.invoke(
        main,
        [
            "catalogue",
            "--verifiers",
            "4",
            "--cardset",
            small_set,
            "--bank",
            str(db),
            "--json",
            "-q",
        ],
    )
    resumed = json.loads(r.output)
    assert resumed["resumed_from_unit"] > 0 and resumed["complete"]
    assert resumed["puzzles"] == full["puzzles"]
    with Bank(db) as a, Bank(ref) as b2:
        assert sorted(a.docs()) == sorted(b2.docs())
    r = runner.invoke(
        main,
        ["catalogue", "--verifiers", "4", "--cardset", small_set, "--count-only", "--json", "-q"],
    )
    counted = json.loads(r.output)
    assert counted["puzzles"] == full["puzzles"]
    assert "stored_new" not in counted  # counting stores no puzzle
    counts = str(tmp_path / "count.db")
    args = ["catalogue", "--verifiers", "4", "--cardset", small_set, "--count-only", "--json"]
    r = runner.invoke(main, [*args, "-q", "--bank", counts])
    assert r.exit_code == 0, r.output
    assert "stored_new" not in json.loads(r.stdout)
