"""`turing generate` on a card set that makes fewer puzzles than asked: the run stops once
it has met every puzzle of its kind, keeps what it made and says how many exist."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import difficulty, puzzle_from_dict
from turing.core.solver import validity
from turing.generation.bank import Bank, Query
from turing.generation.generator import (
    GIVE_UP_LEAST,
    GIVE_UP_PER_MET,
    RunState,
    Spec,
    generate,
    kind_count,
)


def cut_classic(path: Path, name: str, numbers: set[int]) -> Path:
    """The published cards ``numbers`` alone, as a card set named ``name``."""
    text = (ROOT / "cards" / "classic.yaml").read_text(encoding="utf-8")
    head, body = text.split("cards:\n", 1)
    blocks = [b for b in body.split("\n\n") if b.strip()]
    kept = [b for b in blocks if int(b.split("number:")[1].split()[0]) in numbers]
    assert len(kept) == len(numbers)
    path.write_text(
        head.replace("name: classic", f"name: {name}") + "cards:\n" + "\n\n".join(kept) + "\n",
        encoding="utf-8",
    )
    return path


#: four cards that make exactly one valid 4-verifier puzzle (a hard one)
UNI = {2, 25, 28, 32}
#: nine cards with hard extreme puzzles, few of them
NINE = {8, 10, 20, 21, 22, 23, 25, 26, 27}


def invoke(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args))
    assert "Traceback" not in r.output, r.output
    return r.exit_code, r.output


def test_a_set_of_one_puzzle_stops_at_it_and_keeps_it(tmp_path: Path) -> None:
    uni = cut_classic(tmp_path / "uni.yaml", "uni", UNI)
    out = tmp_path / "u3.jsonl"
    code, output = invoke(
        "generate",
        "-n",
        "3",
        "--cardset",
        str(uni),
        "--seed",
        "1",
        "--give-up",
        "2000",
        "-o",
        str(out),
        "-q",
    )
    assert code == 1
    assert (
        f"error: card set 'uni' makes only 1 valid classic any-tier 4-verifier puzzle; "
        f"1 of 3 made: {out} holds it"
    ) in output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1


def test_every_puzzle_of_the_tier_is_made_then_the_run_stops(tmp_path: Path) -> None:
    nine = cut_classic(tmp_path / "nine.yaml", "nine", NINE)
    for mode in ("classic", "nightmare"):
        spec = Spec(mode=mode, difficulty="hard", cardset=str(nine), metrics="none", seed=4)
        possible = kind_count(spec)
        assert possible is not None and possible > 1
        out = tmp_path / f"{mode}.jsonl"
        code, output = invoke(
            "generate",
            "-n",
            "1000",
            "--cardset",
            str(nine),
            "--mode",
            mode,
            "--difficulty",
            "hard",
            "--seed",
            "4",
            "--no-metrics",
            "-o",
            str(out),
            "-q",
        )
        assert code == 1
        kind = f"{mode} hard 4-verifier"
        assert (
            f"card set 'nine' makes only {possible} valid {kind} puzzles; "
            f"{possible} of 1,000 made: {out} holds them"
        ) in output
        lines = out.read_text(encoding="utf-8").splitlines()
        assert len({json.dumps(json.loads(line)["cards"]) for line in lines}) <= len(lines)
        assert len(lines) == possible


def test_a_bank_that_holds_them_all_makes_none_and_says_so(tmp_path: Path) -> None:
    uni = cut_classic(tmp_path / "uni.yaml", "uni", UNI)
    db = tmp_path / "u.db"
    code, output = invoke(
        "generate",
        "-n",
        "3",
        "--cardset",
        str(uni),
        "--difficulty",
        "hard",
        "--seed",
        "1",
        "--give-up",
        "2000",
        "--bank",
        str(db),
        "-q",
    )
    assert code == 1
    assert f"1 valid classic hard 4-verifier puzzle; 1 of 3 made: the bank {db} holds it" in (
        output
    )
    code, output = invoke(
        "generate",
        "-n",
        "3",
        "--cardset",
        str(uni),
        "--difficulty",
        "hard",
        "--seed",
        "2",
        "--give-up",
        "2000",
        "--bank",
        str(db),
        "-q",
    )
    assert code == 1
    assert (
        f"card set 'uni' makes only 1 valid classic hard 4-verifier puzzle; "
        f"the bank {db} already held 1 of them; 0 of 3 made"
    ) in output
    with Bank(db) as b:
        assert b.count() == 1


def test_a_run_that_met_few_puzzles_gives_up_sooner(tmp_path: Path) -> None:
    # extreme puzzles are not counted: the streak ends the run, scaled by what it met
    nine = cut_classic(tmp_path / "nine.yaml", "nine", NINE)
    state = RunState()
    got = list(
        generate(
            1000,
            difficulty="hard",
            mode="extreme",
            cardset=str(nine),
            seed=1,
            metrics="none",
            state=state,
        )
    )
    assert state.exhausted and state.possible is None and 0 < len(got) < 1000
    assert state.misses == max(GIVE_UP_LEAST, GIVE_UP_PER_MET * len(state.met))


PRIMES = ROOT / "cards" / "examples" / "primes.yaml"


def test_a_counted_kind_without_a_tier_is_made_whole_when_the_draws_miss_some(
    tmp_path: Path,
) -> None:
    # Draws meet the puzzles of a set unevenly: a few streaks of repeats in a row would
    # stop the run short; a counted kind makes the ones its draws missed from the count.
    primes = load_cardset(str(PRIMES))
    for mode in ("classic", "nightmare"):
        spec = Spec(mode=mode, cardset=str(PRIMES), metrics="none", seed=1)
        possible = kind_count(spec)
        assert possible is not None and possible > 100
        out = tmp_path / f"{mode}.jsonl"
        code, output = invoke(
            "generate",
            "-n",
            "1000",
            "--cardset",
            str(PRIMES),
            "--mode",
            mode,
            "--seed",
            "1",
            "--give-up",
            "5",
            "--no-metrics",
            "-o",
            str(out),
            "-q",
        )
        assert code == 1
        assert (
            f"card set 'primes' makes only {possible} valid {mode} any-tier 4-verifier "
            f"puzzles; {possible} of 1,000 made: {out} holds them"
        ) in output
        puzzles = [
            puzzle_from_dict(json.loads(line), primes)
            for line in out.read_text(encoding="utf-8").splitlines()
        ]
        assert len({p.canonical_key() for p in puzzles}) == len(puzzles) == possible
        indices = [p.extra["index"] for p in puzzles]
        assert indices == sorted(indices) and len(set(indices)) == len(indices)
        for p in puzzles:
            assert p.mode == mode
            found = validity(p, primes)
            assert found.valid and found.solution == p.solution
            assert difficulty(p, primes) == p.extra["difficulty"]


def test_a_bank_holding_a_counted_kind_whole_says_so_before_any_draw(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    args = ["generate", "-n", "1000", "--cardset", str(PRIMES), "--give-up", "5"]
    args += ["--no-metrics", "--bank", str(db), "-q"]
    code, output = invoke(*args, "--seed", "1")
    assert code == 1 and "makes only 291 valid classic any-tier 4-verifier puzzles" in output
    r = CliRunner().invoke(main, [*args, "--seed", "2", "--json"])
    assert r.exit_code == 1
    assert (
        f"card set 'primes' makes only 291 valid classic any-tier 4-verifier puzzles; "
        f"the bank {db} already held 291 of them; 0 of 1,000 made"
    ) in r.output
    summary = json.loads(r.stdout)
    assert summary["made"] == 0 and summary["indices"] == 0 and summary["exhausted"]
    with Bank(db) as b:
        assert b.count() == 291


def test_a_kind_used_up_in_a_bank_holding_the_catalogue_says_what_it_holds(
    tmp_path: Path,
) -> None:
    """Easy 4-verifier puzzles used up where the bank holds the 4-verifier catalogue (of
    a set too large to count its kinds beforehand): the error says what the bank holds of
    the kind, not that `turing catalogue` would count them."""
    cards = cut_classic(tmp_path / "c18.yaml", "c18", set(range(1, 19)))
    db = str(tmp_path / "c.db")
    easy = ["generate", "-n", "10", "--difficulty", "easy", "--cardset", str(cards)]
    easy += ["--bank", db, "--jobs", "1", "--give-up", "300", "--seed", "1", "-q"]
    code, output = invoke(*easy)  # 10 of them generated into the bank first
    assert code == 0 and not output, output
    code, output = invoke("catalogue", "--verifiers", "4", "--cardset", str(cards), "--bank", db)
    assert code == 0, output
    with Bank(db) as b:
        easy_held = b.count(Query(difficulty="easy", verifiers=4))
    code, output = invoke(*easy[:-3], "--seed", "2", "-q")
    assert code == 1, output
    assert "counts how many exist" not in output
    assert output.endswith(
        f"this kind of puzzle seems used up (0 of 10 made). The bank {db} holds "
        f"{easy_held:,} classic easy 4-verifier puzzles, and the whole 4-verifier catalogue "
        "of card set 'c18'.\n"
    ), output
