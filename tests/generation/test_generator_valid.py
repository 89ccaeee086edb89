"""Generated puzzles re-checked by the solver, in every mode, tier and verifier count."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.cli import ROOT
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle, difficulty, puzzle_from_dict
from turing.core.solver import after_test, deduce, validity
from turing.generation.generator import (
    GenerationError,
    RunState,
    Spec,
    build_hidden,
    decoys_plausible,
    drawn_reading,
    generate,
    generate_one,
    puzzle_at,
    slot_plan,
    tables_for,
    with_decoys,
)
from turing.generation.metrics import cards_alone, measure, min_tests_lower_bound

CS = load_cardset("classic")
MODES = ("classic", "extreme", "nightmare")
TIERS = ("easy", "standard", "hard")


def check_puzzle(p: Puzzle, mode: str, tier: str, verifiers: int) -> None:
    """Everything the issue promises about one generated puzzle."""
    assert p.mode == mode and p.verifiers == verifiers
    v = validity(p, CS)
    assert v.valid, (p, v)
    assert v.solution == p.solution
    assert difficulty(p, CS) == tier
    assert p.extra["difficulty"] == tier and p.extra["verifiers"] == verifiers
    shown = p.shown_cards
    assert len(set(shown)) == len(shown), "cards in one puzzle are all different"
    assert p.id == p.short_id(tier)
    # the document round-trips through the reader
    again = puzzle_from_dict(p.to_dict(hidden=True), CS)
    assert again.canonical_key() == p.canonical_key()
    if mode == "nightmare":
        assert list(shown) == sorted(shown)
        assert p.real_cards is not None and sorted(p.real_cards) == sorted(shown)
    if mode == "extreme":
        assert p.real_cards is not None
        assert all(len(g) == 2 and list(g) == sorted(g) for g in p.cards)
        assert all(r in g for r, g in zip(p.real_cards, p.cards, strict=True))
        tables = tables_for(CS)
        assert decoys_plausible(tables, p.cards, p.real_cards)


@pytest.mark.parametrize(
    ("mode", "tier", "verifiers"), list(itertools.product(MODES, TIERS, (4, 5, 6)))
)
def test_seeded_runs_are_valid(mode: str, tier: str, verifiers: int) -> None:
    count = 40 if mode == "extreme" else 150
    puzzles = list(generate(count, verifiers=verifiers, difficulty=tier, mode=mode, seed=11))
    assert len(puzzles) == count
    assert len({p.canonical_key() for p in puzzles}) == count, "no duplicates in a run"
    for p in puzzles:
        check_puzzle(p, mode, tier, verifiers)


def test_large_hard_classic_run_is_valid() -> None:
    puzzles = list(generate(2000, verifiers=6, difficulty="hard", seed=3, metrics="none"))
    assert len({p.canonical_key() for p in puzzles}) == 2000
    for p in puzzles:
        assert validity(p, CS).valid and difficulty(p, CS) == "hard"


def test_extreme_decoys_are_live_suspects_and_never_mislead() -> None:
    """The decoy rule, checked with the solver: each decoy appears in some valid reading;
    the real reading is among the valid readings; a player who keeps every reading that
    agrees with the answers always ends on the real code."""
    for p in generate(15, verifiers=5, difficulty="standard", mode="extreme", seed=5):
        found = deduce(p.public(), CS)
        assert p.real_cards is not None and p.criteria is not None
        real = (p.real_cards, p.criteria)
        assert any((h.cards, h.criteria) == real for h in found.hypotheses)
        for v, group in enumerate(p.cards):
            decoy = next(c for c in group if c != p.real_cards[v])
            assert any(h.cards[v] == decoy for h in found.hypotheses)
        hyps = found.hypotheses
        masks = [CS.card(c).criterion(k).mask for c, k in zip(*real, strict=True)]
        while len({h.code for h in hyps}) > 1:
            # a test telling two readings with different codes apart always exists
            a, b = next((x, y) for x in hyps for y in hyps if x.code != y.code)
            v = next(i for i in range(p.verifiers) if a.options[i].mask != b.options[i].mask)
            code = (a.options[v].mask ^ b.options[v].mask) & -(
                a.options[v].mask ^ b.options[v].mask
            )
            c = code.bit_length() - 1
            hyps = after_test(hyps, c, v, bool(masks[v] >> c & 1))
        assert hyps and hyps[0].code_text == p.solution


def test_the_hidden_reading_of_an_extreme_table_is_each_valid_reading_alike() -> None:
    """Given the table, every valid reading is as likely to be the real one: what the
    player sees says nothing more about the hidden side than the readings themselves."""
    import random

    p = generate_one("extreme", verifiers=4, difficulty="easy", seed=11)
    found = deduce(p.public(), CS).hypotheses
    readings = {(h.cards, h.criteria) for h in found}
    assert len(readings) > 4
    rng = random.Random(3)
    tables = tables_for(CS)
    draws = 400 * len(readings)
    counts: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for _ in range(draws):
        hidden, _code = drawn_reading(tables, rng, p.cards)
        key = (tuple(o[0] for o in hidden), tuple(o[1] for o in hidden))
        assert key in readings
        counts[key] = counts.get(key, 0) + 1
    assert set(counts) == readings
    # each reading's share within 25 % of the even share (400 draws each: 5 sigma)
    assert all(300 <= n <= 500 for n in counts.values()), sorted(counts.values())


def test_an_extreme_puzzle_does_not_keep_the_reading_it_was_built_around() -> None:
    """The reading a table is built around follows how often each card serves in valid
    puzzles, the decoys do not; so the hidden reading is drawn again from the table."""
    import random

    tables = tables_for(CS)
    slots = slot_plan("easy", 4)
    real_opts, _code = build_hidden(tables, random.Random(1), slots)
    kept = made = 0
    for seed in range(60):
        puzzle = with_decoys(tables, random.Random(seed), slots, real_opts, None)
        if puzzle is None:
            continue
        made += 1
        assert puzzle.real_cards is not None
        kept += sorted(puzzle.real_cards) == sorted(o[0] for o in real_opts)
        assert validity(puzzle, CS).valid
    assert made >= 30 and kept < made / 2, (kept, made)


def test_the_same_seed_gives_the_same_puzzles_for_any_jobs() -> None:
    one = [p.to_dict() for p in generate(300, verifiers=5, difficulty="hard", seed=8, jobs=1)]
    two = [p.to_dict() for p in generate(300, verifiers=5, difficulty="hard", seed=8, jobs=2)]
    assert one == two
    other = [p.to_dict() for p in generate(300, verifiers=5, difficulty="hard", seed=9)]
    assert one != other


def test_a_run_resumes_from_its_state() -> None:
    full = list(generate(120, verifiers=4, difficulty="easy", seed=2))
    state = RunState()
    first = list(
        itertools.islice(generate(120, verifiers=4, difficulty="easy", seed=2, state=state), 50)
    )
    resumed = RunState(
        next_index=state.next_index, kept=state.kept, seen={p.canonical_key() for p in first}
    )
    rest = list(generate(120, verifiers=4, difficulty="easy", seed=2, state=resumed))
    assert [p.to_dict() for p in first + rest] == [p.to_dict() for p in full]


def test_puzzle_i_depends_only_on_seed_and_index() -> None:
    spec = Spec(mode="classic", verifiers=6, difficulty="hard", seed=4)
    assert puzzle_at(spec, 17) == puzzle_at(spec, 17)
    assert puzzle_at(spec, 17).extra["index"] == 17  # type: ignore[union-attr]
    run = list(generate(30, verifiers=6, difficulty="hard", seed=4))
    assert all(p == puzzle_at(spec, p.extra["index"]) for p in run)


def test_generate_one_contract() -> None:
    for mode in MODES:
        p = generate_one(mode=mode, verifiers=5, difficulty="hard", seed=3)
        check_puzzle(p, mode, "hard", 5)
        assert p == generate_one(mode=mode, verifiers=5, difficulty="hard", seed=3)
    anytier = generate_one(seed=5)
    assert anytier.extra["difficulty"] in TIERS
    assert validity(anytier, CS).valid


def test_slot_plans_follow_the_published_tiers() -> None:
    assert slot_plan("easy", 4) == ("E",) * 4
    assert slot_plan("standard", 5) == ("S", "ES", "ES", "ES", "ES")
    assert slot_plan("hard", 6) == ("H",) * 4 + ("A", "A")
    with pytest.raises(ValueError):
        slot_plan("medium", 4)


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError, match="unknown mode"):
        generate_one(mode="chaos")
    with pytest.raises(ValueError, match="difficulty"):
        generate_one(difficulty="insane")
    with pytest.raises(ValueError, match="verifiers"):
        generate_one(verifiers=9)


def test_custom_cardset_tiers_are_used(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    text = (ROOT / "cards" / "classic.yaml").read_text()
    custom = text.replace("name: classic", "name: shifted", 1)
    custom = custom.replace(
        "cards:\n", "tiers:\n  easy: [1, 10]\n  standard: [11, 22]\n  hard: [23, 48]\ncards:\n", 1
    )
    path = tmp_path / "shifted.yaml"
    path.write_text(custom)
    cs = load_cardset(str(path))
    for p in generate(30, verifiers=4, difficulty="easy", seed=1, cardset=str(path)):
        assert all(c <= 10 for c in p.shown_cards)
        assert validity(p, cs).valid and difficulty(p, cs) == "easy"
        assert p.cardset == str(path)


def test_impossible_requests_fail_clearly(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = tmp_path / "tiny.yaml"
    path.write_text(
        "name: tiny\ncards:\n"
        "  - number: 1\n    title: b\n    criteria:\n"
        "      - {text: b small, when: 'b < 3'}\n      - {text: b big, when: 'b >= 3'}\n"
        "  - number: 2\n    title: y\n    criteria:\n"
        "      - {text: y small, when: 'y < 3'}\n      - {text: y big, when: 'y >= 3'}\n"
    )
    with pytest.raises(GenerationError):
        generate_one(verifiers=4, difficulty="easy", cardset=str(path))
    # said in tiers and card numbers, not the generator's pools (H/H/A/A)
    with pytest.raises(GenerationError) as hard:
        generate_one(verifiers=4, difficulty="hard", cardset=str(path))
    assert str(hard.value) == (
        "a hard puzzle of 4 verifiers needs 2 hard cards and 2 more of any tier; card set "
        "'tiny' has 0 hard cards (numbered 23 and above) among its 2"
    )
    with pytest.raises(GenerationError) as standard:
        generate_one(verifiers=4, difficulty="standard", cardset=str(path))
    assert str(standard.value) == (
        "a standard puzzle of 4 verifiers needs 1 standard card and 3 more, easy or standard; "
        "card set 'tiny' has 0 standard cards (numbered 18–22) and 2 easy cards"
    )
    with pytest.raises(GenerationError) as any_tier:
        generate_one(verifiers=4, mode="extreme", cardset=str(path))
    assert str(any_tier.value) == (
        "with a decoy beside each card, a puzzle of 4 verifiers needs 8 cards; "
        "card set 'tiny' has 2"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--mode", "extreme", "--verifiers", "6", "--difficulty", "hard"],
            "error: with a decoy beside each card, a hard puzzle of 6 verifiers needs 8 hard "
            "cards and 4 more of any tier; card set 'primes' has 2 hard cards (numbered 9–10) "
            "among its 10",
        ),
        (
            ["--verifiers", "6", "--difficulty", "easy"],
            # it makes easy puzzles of 4 and 5: only that is said, not what a puzzle of 6
            # needs and the set has ("needs 6 easy cards … has 6 easy cards")
            "error: card set 'primes' makes no easy puzzle of 6 verifiers, only of 4 or 5 "
            "(--verifiers 4 or --verifiers 5)",
        ),
    ],
)
def test_cli_a_card_set_short_of_a_tier_says_what_it_lacks(args: list[str], message: str) -> None:
    from click.testing import CliRunner

    from turing.cli.main import main

    r = CliRunner().invoke(
        main, ["generate", "--cardset", "examples/primes", "-n", "1", "-o", "-", *args]
    )
    assert r.exit_code == 2 and r.output.strip().splitlines()[-1] == message, r.output
    assert "pool" not in r.output


def test_metrics_agree_with_the_solver() -> None:
    for mode in MODES:
        for p in generate(12, verifiers=4, difficulty="hard", mode=mode, seed=6):
            found = deduce(p.public(), CS)
            codes, count = cards_alone(p, CS)
            assert codes == found.codes_mask and count == len(found.hypotheses)
            assert p.extra["codes_left"] == codes.bit_count()
            assert p.extra["assignments"] == count
            assert p.extra["min_tests"] == min_tests_lower_bound(codes.bit_count())
            assert p.extra["min_tests_kind"] == "lower_bound"


def test_the_lower_bound_on_tests() -> None:
    assert [min_tests_lower_bound(n) for n in (0, 1, 2, 3, 4, 5, 8, 9)] == [0, 0, 1, 2, 2, 3, 3, 4]
    assert all(min_tests_lower_bound(n) == math.ceil(math.log2(n)) for n in range(1, 300))


def test_difficulty_score_orders_the_published_tiers() -> None:
    for mode in MODES:
        for verifiers in (4, 6):
            means = []
            for tier in TIERS:
                n = 25 if mode == "extreme" else 60
                scores = [
                    p.extra["score"]
                    for p in generate(n, verifiers=verifiers, difficulty=tier, mode=mode, seed=21)
                ]
                means.append(sum(scores) / len(scores))
            assert means[0] < means[1] < means[2], (mode, verifiers, means)


def test_measure_respects_max_tests_before_exact_work() -> None:
    for seed in range(1, 30):
        p = generate_one(verifiers=6, difficulty="hard", seed=seed)
        m = measure(p, CS)
        if m.min_tests > 0:
            break
    assert m.min_tests > 0 and m.min_tests_kind == "lower_bound"
    # a filter that the lower bound already rules out gets no exact search
    early = measure(p, CS, exact_tests=True, max_tests=m.min_tests - 1)
    assert early == m
    full = measure(p, CS, exact_tests=True, max_tests=m.min_tests)
    assert full.min_tests_kind == "exact" and full.min_tests_upper == full.min_tests


@settings(max_examples=25, deadline=None)
@given(
    mode=st.sampled_from(MODES),
    tier=st.sampled_from(TIERS),
    verifiers=st.integers(4, 6),
    seed=st.integers(0, 2**40),
    index=st.integers(0, 10**6),
)
def test_any_arguments_give_a_valid_puzzle(
    mode: str, tier: str, verifiers: int, seed: int, index: int
) -> None:
    p = puzzle_at(
        Spec(mode=mode, verifiers=verifiers, difficulty=tier, seed=seed, metrics="none"), index
    )
    assert isinstance(p, Puzzle)
    check_puzzle(p, mode, tier, verifiers)


def test_a_used_up_space_stops_instead_of_looping() -> None:
    state = RunState()
    got = list(
        generate(
            10**6, verifiers=4, difficulty="easy", seed=1, metrics="none", state=state, give_up=300
        )
    )
    assert state.exhausted and len(got) == state.kept < 4005
    assert len({p.canonical_key() for p in got}) == len(got)


def test_cli_reports_a_used_up_space(tmp_path: object) -> None:
    from pathlib import Path

    from click.testing import CliRunner

    from turing.cli.main import main
    from turing.generation.bank import Bank

    assert isinstance(tmp_path, Path)
    db = tmp_path / "b.db"
    r = CliRunner().invoke(
        main,
        [
            "generate",
            "--count",
            "100000",
            "--difficulty",
            "easy",
            "--no-metrics",
            "--give-up",
            "200",
            "--seed",
            "0",
            "--bank",
            str(db),
            "-q",
        ],
    )
    assert r.exit_code == 1 and "used up" in r.output and "Traceback" not in r.output
    with Bank(db) as b:
        rec = b.runs()[0]
        assert not rec.done and rec.kept == b.count() > 0
    # what holds the puzzles is named: the bank alone (no output was asked for)
    assert f"{rec.kept:,} of 100,000 made: the bank {db} holds them)" in r.output


def test_the_tier_rule_rules_out_no_extreme_reading() -> None:
    for tier in ("easy", "standard"):
        for p in generate(8, verifiers=4, difficulty=tier, mode="extreme", seed=12):
            for h in deduce(p.public(), CS).hypotheses:
                tiers = [CS.tier_of(c) for c in h.cards]
                if tier == "easy":
                    assert all(t == "easy" for t in tiers)
                else:
                    assert all(t in ("easy", "standard") for t in tiers)
                    assert "standard" in tiers


def test_a_set_too_small_for_any_tier_is_said_before_any_draw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 5 cards, and an extreme puzzle of 4 verifiers needs 8: no tier is drawn for in vain
    from turing.generation import generator

    path = tmp_path / "five.yaml"
    path.write_text(
        "name: five\ncards:\n"
        + "".join(
            f"  - number: {n}\n    criteria: ['{s} <= {k}', '{s} > {k}']\n"
            for n, (s, k) in enumerate([("b", 1), ("b", 2), ("y", 3), ("p", 4), ("p", 2)], 1)
        )
    )
    drawn: list[str] = []
    real = generator.make_puzzle

    def counted(*args: Any, **kwargs: Any) -> Puzzle:
        drawn.append(str(args[4] if len(args) > 4 else kwargs))
        return real(*args, **kwargs)

    monkeypatch.setattr(generator, "make_puzzle", counted)
    with pytest.raises(GenerationError) as short:
        generate_one(verifiers=4, mode="extreme", cardset=str(path))
    assert str(short.value) == (
        "with a decoy beside each card, a puzzle of 4 verifiers needs 8 cards; "
        "card set 'five' has 5"
    )
    assert drawn == []
