"""``turing analyze``: JSON records, the human explanation, errors; ``hint best`` in play."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import puzzle_from_dict

PUZZLE = """\
id: T-1
cards: [4, 9, 11, 14]
criteria: [2, 1, 1, 3]
"""

KEYS = {
    "id",
    "assignments",
    "codes",
    "min_tests_worst",
    "min_tests_expected",
    "rounds_worst",
    "first_round",
    "seconds",
}


def paths(step: dict[str, Any] | None) -> list[list[str]]:
    """The verifier sequences of a round plan, one per answer path."""
    if step is None:
        return [[]]
    return [
        [step["verifier"], *rest] for side in ("yes", "no") for rest in paths(step[side]["then"])
    ]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_json_record_per_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(
        json.dumps({"id": "a", "cards": [21, 26, 29, 37]})
        + "\n"
        + json.dumps({"id": "b", "cards": [33, 38, 43, 45]})
        + "\n"
    )
    code, out, err = run("analyze", str(path), "--json")
    assert code == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == ["a", "b"]
    for r in records:
        assert set(r) >= KEYS
        assert r["codes"] == len(r["candidates"]) >= 1
        assert r["min_tests_worst"] >= (r["codes"] - 1).bit_length()
        assert r["min_tests_expected"] <= r["min_tests_worst"]
        # The round is adaptive: each path tests at most 3 different verifiers.
        assert paths(r["first_round"]["plan"]) and all(
            1 <= len(p) == len(set(p)) <= 3 for p in paths(r["first_round"]["plan"])
        )
        assert set(r["first_round"]["verifiers"]) == {
            v for p in paths(r["first_round"]["plan"]) for v in p
        }
        assert len(r["first_round"]["code"]) == 3


def test_human_explanation_names_the_first_round(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("id: T-2\ncards: [33, 38, 43, 45]\n")
    code, out, _ = run("analyze", str(path))
    assert code == 0
    assert "fewest tests that guarantee the code" in out
    assert "first round: compose" in out
    assert "✔ →" in out and "✘ →" in out
    assert "why " in out


def test_mean_rounds_above_the_guaranteed_ones_say_whose_they_are(tmp_path: Path) -> None:
    """The mean's strategy is not the one that guarantees the rounds: where its rounds
    average more than those guaranteed, the line says so."""
    path = tmp_path / "p.jsonl"
    path.write_text('{"id": "C4H-6WRZM6", "cards": [31, 44, 46, 48]}\n')
    code, out, _ = run("analyze", str(path), "-q")
    assert code == 0
    assert "fewest tests that guarantee the code: 5 (in 2 rounds)\n" in out
    assert (
        "fewest tests on average (every assignment equally likely): 3.955 (with 2.409 rounds: "
        "the strategy with the fewest tests on average, not the one that guarantees 2 rounds)\n"
    ) in out
    # fewer rounds on average than guaranteed: nothing to explain
    path.write_text('{"id": "C4H-EDDNA2", "cards": [2, 9, 24, 36]}\n')
    code, out, _ = run("analyze", str(path), "-q")
    assert code == 0
    assert "fewest tests that guarantee the code: 4 (in 2 rounds)\n" in out
    assert "equally likely): 3.222 (with 1.556 rounds)\n" in out


def test_standard_input_and_hidden_fields_ignored() -> None:
    code, out, _ = run("analyze", "-", "--json", stdin=PUZZLE)
    assert code == 0
    with_hidden = json.loads(out)
    code, out, _ = run("analyze", "-", "--json", stdin="id: T-1\ncards: [4, 9, 11, 14]\n")
    public = json.loads(out)
    for record in (with_hidden, public):
        for times in ("seconds", "processor_seconds", "loading_seconds"):
            record.pop(times)
    assert with_hidden == public


def test_bad_input_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("cards: [4, 99, 11]\n")
    code, out, err = run("analyze", str(path))
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and f"{path}:1:" in err
    assert "Traceback" not in err
    code, _, err = run("analyze", str(tmp_path / "missing.yaml"))
    assert code == 2 and err.startswith("error: ")


def test_no_valid_assignment_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    path.write_text("cards: [1, 2, 3, 4]\n")  # four one-shape cards: never valid
    code, _, err = run("analyze", str(path), "--json")
    assert code == 2 and "nothing to analyse" in err


def test_past_the_state_limit_bounds_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    path.write_text("mode: nightmare\ncards: [3, 7, 10, 14]\n")
    code, out, err = run("analyze", str(path), "--max-states", "50")
    assert code == 0, err
    assert "bounds only, between" in out


def test_expected_state_limit_gives_bounds(tmp_path: Path) -> None:
    path = tmp_path / "e.yaml"
    path.write_text("mode: extreme\ncards: [[17, 24], [27, 35], [28, 34], [32, 36]]\n")
    code, out, _ = run("analyze", str(path), "--json", "--expected-states", "1")
    assert code == 0
    record = json.loads(out)
    low, high = record["expected_bounds"]
    assert low <= high
    if record["min_tests_expected"] is None:
        assert record["rounds_expected"] is None
    code, out, _ = run("analyze", str(path), "--json", "--no-expected")
    assert json.loads(out)["min_tests_expected"] is None


def test_hint_best_in_play_names_an_optimal_move(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(PUZZLE)
    _, out, err = run("play", str(path), stdin="hint best\nquit\n")
    assert "Best now: compose" in out or "Best now: stop" in out, out + err


#: a 6-verifier nightmare table whose start is past a policy work limit of 5 × 10⁶ units
NIGHTMARE_PAST_POLICY = {
    "mode": "nightmare",
    "cards": [30, 31, 33, 34, 40, 43],
    "criteria": [4, 2, 1, 7, 3, 3],
    "real_cards": [33, 30, 43, 40, 34, 31],
}


def test_hint_best_past_the_work_limit_gives_bot_greedys_move_marked_not_proven(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import turing.analysis.search as analysis
    from turing.analysis.greedy import GreedyBot
    from turing.core.knowledge import PlayerView

    monkeypatch.setattr(analysis, "POLICY_WORK", 5_000_000)
    path = tmp_path / "n.json"
    path.write_text(json.dumps(NIGHTMARE_PAST_POLICY))
    code, out, err = run("play", str(path), stdin="hint best\nhint best\nshow\nquit\n")
    assert "Traceback" not in out + err
    assert code == 1  # abandoned by quit, not failed
    # the move bot:optimal makes there: bot:greedy's, ties broken by a bot seeded with 0
    cardset = load_cardset("classic")
    puzzle = puzzle_from_dict(NIGHTMARE_PAST_POLICY, cardset).public()
    view = PlayerView(puzzle, cardset, 1, (), None, ())
    composed = GreedyBot(random.Random(0)).compose(view)
    lead = "No move proven best here (the search passed its work limit); "
    answers = [line for line in out.splitlines() if line.startswith(lead)]
    assert len(answers) == 2, out
    assert answers[0].startswith(lead + f"bot:greedy would compose {composed} and test ")
    assert answers[0].endswith("(hints used: 1)")  # advice given: counted
    # one state, one answer, counted once
    assert answers[1] == answers[0].replace("(hints", "(given before, not counted again; hints")
    assert "hints 1" in out


def test_hint_best_searches_again_once_tests_have_narrowed_the_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Too large at the start, the best-test hint is searched again on the smaller state
    after two rounds (each question has its own share of work), not refused for the rest
    of the game."""
    import turing.analysis.search as analysis

    monkeypatch.setattr(analysis, "POLICY_WORK", 5_000_000)
    monkeypatch.setattr(analysis, "_RECENT", [])  # no search kept from another test
    path = tmp_path / "n.json"
    path.write_text(json.dumps(NIGHTMARE_PAST_POLICY))
    lines = [
        "hint best",
        "c 112; t a b c",
        "pass",
        "hint best",
        "c 231; t d e f",
        "pass",
        "hint best",
        "quit",
    ]
    code, out, err = run("play", str(path), stdin="\n".join(lines) + "\n")
    assert "Traceback" not in out + err
    assert code == 1  # abandoned by quit, not failed
    answers = [
        line for line in out.splitlines() if line.startswith(("No move proven best", "Best now"))
    ]
    assert len(answers) == 3, out
    assert answers[0].startswith("No move proven best") and "(hints used: 1)" in answers[0]
    assert answers[1].startswith("No move proven best") and "(hints used: 2)" in answers[1]
    assert answers[2] == "Best now: compose 143 and test A (hints used: 3)"


def test_json_means_are_exact_fractions() -> None:
    """The means come unrounded, with the exact fraction (a total over the assignments)."""
    from fractions import Fraction

    code, out, err = run("analyze", "puzzles/published.yaml", "--json")
    assert code == 0, err
    seen_thirds_or_sevenths = False
    for line in out.splitlines():
        r = json.loads(line)
        exact = Fraction(r["min_tests_expected_fraction"])
        assert r["min_tests_expected"] == float(exact)
        # A mean over the assignments: the total is a whole number of tests.
        assert (exact * r["assignments"]).denominator == 1
        assert [Fraction(x) for x in r["expected_bounds_fraction"]] == [exact, exact]
        assert r["expected_bounds"] == [float(exact)] * 2
        rounds = Fraction(r["rounds_expected_fraction"])
        assert r["rounds_expected"] == float(rounds)
        if exact.denominator in (3, 7):
            seen_thirds_or_sevenths = True
            # Unrounded: every digit a float has (not 4 decimals).
            assert len(repr(r["min_tests_expected"]).split(".")[1]) > 4
    assert seen_thirds_or_sevenths


#: generated runs (mode, verifiers, count, seed, more options) whose puzzles' first test
#: analyze and ``hint best`` are compared on; the first two hold C4E-PI77TT, C4E-MYXTPH
#: and C5S-LO5SBO, where two tests split the start equally well
FIRST_TEST_RUNS = [
    ("classic", 4, 30, 5, ("--min-tests", "3")),
    ("classic", 5, 20, 7, ()),
    ("classic", 6, 8, 2, ()),
    ("extreme", 4, 10, 3, ()),
    ("nightmare", 4, 10, 2, ()),
]


def test_analyze_starts_its_first_round_with_hint_bests_test(tmp_path: Path) -> None:
    """The first round analyze shows is the one the policy plays: the same code and the
    same first verifier as ``hint best`` (and ``bot:optimal``), ties included."""
    from turing.core.solver import deduce

    cardset = load_cardset("classic")
    compared: set[str] = set()
    for mode, verifiers, count, seed, more in FIRST_TEST_RUNS:
        path = tmp_path / f"{mode}{verifiers}.jsonl"
        code, _, err = run(
            "generate",
            *("-n", str(count), "--seed", str(seed), "--mode", mode),
            *("--verifiers", str(verifiers), "-o", str(path), *more),
        )
        assert code == 0, err
        for line in path.read_text().splitlines():
            puzzle = puzzle_from_dict(json.loads(line), cardset)
            size = len(deduce(puzzle.public(), cardset).hypotheses)
            if not 2 <= size <= 100:  # known at once, or slow to analyse here
                continue
            one = tmp_path / "one.json"
            one.write_text(line)
            code, out, err = run("analyze", str(one), "--json", "--no-expected")
            assert code == 0, err
            first = json.loads(out)["first_round"]
            if first is None:  # the cards alone fix the code
                continue
            code, played, err = run("play", str(one), stdin="hint best\nquit\n")
            assert "Traceback" not in played + err
            best = [x for x in played.splitlines() if x.startswith("Best now: compose ")]
            assert best, played
            said = f"Best now: compose {first['code']} and test {first['plan']['verifier']} "
            assert best[0].startswith(said), (puzzle.id, first["code"], best[0])
            assert first["verifiers"][0] == first["plan"]["verifier"]
            compared.add(str(puzzle.id))
    assert {"C4E-PI77TT", "C4E-MYXTPH", "C5S-LO5SBO"} <= compared
    assert len(compared) >= 40


@pytest.mark.parametrize(("pid", "keeping", "ways"), [("02", 9, 13), ("03", 5, 7)])
def test_why_counts_ways_to_split_with_reversed_answers_as_one(
    pid: str, keeping: int, ways: int
) -> None:
    """Codes whose tests split the possible codes the same, up to reversed answers, are
    one choice: on 02, 111 and 112 split them the same with the answers reversed."""
    code, out, err = run("analyze", "puzzles/published.yaml", "--id", pid)
    assert code == 0, err
    text = " ".join(out.split())
    assert (
        f"; {keeping} of the {ways} different ways composing a code can split the possible "
        "codes allow such a start, and 111 also keeps the"
    ) in text, text
