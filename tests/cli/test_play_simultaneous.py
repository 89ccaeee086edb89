"""Everyone tests, then everyone decides at once: a round played seat by seat at one
keyboard shows no seat the others' tests of the round in play before its reveal.

The rules (rule book: "Nachdem alle Spieler bis zu drei Test durchgeführt haben, müssen sich
alle Spieler gleichzeitig entscheiden"): the first seat decides on the counts the last one
sees, and the tests of a round are told with its decisions.
"""

from __future__ import annotations

import re

from click.testing import Result

from testsupport.cli import run


def play(args: list[str], script: str) -> Result:
    return run(["play", *args], input=script)


def turns(output: str) -> dict[str, str]:
    """Each turn's text, by ``ROUND:NAME``: from its heading to the next heading or reveal."""
    parts = re.split(r"(— \S+'s turn, round \d+ —|Round \d+ revealed:)", output)
    out: dict[str, str] = {}
    for heading, text in zip(parts[1::2], parts[2::2], strict=True):
        found = re.match(r"— (\S+)'s turn, round (\d+) —", heading)
        if found:
            out[f"{found[2]}:{found[1]}"] = text
    return out


def reveal(output: str, round_no: int) -> list[str]:
    """The lines of round ``round_no``'s reveal."""
    after = output.split(f"Round {round_no} revealed:\n", 1)[1]
    return [line.strip() for line in after.splitlines()[:3] if line.startswith("  ")]


def test_both_seats_decide_on_the_counts_before_the_round() -> None:
    result = play(["--players", "ann,bob"], "test 111 A B\nsolve 241\ntest 111 A\nsolve 241\n")
    assert result.exit_code == 0, result.output
    seen = turns(result.output)
    assert "Tests of the others before this round: bob 0" in seen["1:ann"]
    # ann's two tests of this round are not on bob's screen
    assert "Tests of the others before this round: ann 0" in seen["1:bob"]
    assert "ann 2" not in seen["1:bob"]
    # they are told at the reveal, with the decisions: nothing is lost
    assert reveal(result.output, 1) == [
        "ann submitted 241 — right (2 tests)",
        "bob submitted 241 — right (1 test)",
    ]
    assert "bob wins: right with the fewest tests." in result.output


def test_the_counts_of_a_round_show_from_its_reveal_on() -> None:
    script = "test 111 A B\npass\ntest 111 A\npass\ntest 222 C\npass\npass\npass\npass\n"
    result = play(["--players", "ann,bob"], script)
    seen = turns(result.output)
    assert reveal(result.output, 1) == ["ann passed (2 tests)", "bob passed (1 test)"]
    assert "Tests of the others before this round: bob 1" in seen["2:ann"]
    # ann's test of round 2 waits for its reveal
    assert "Tests of the others before this round: ann 2" in seen["2:bob"]
    assert reveal(result.output, 2) == ["ann passed (1 test)", "bob passed (0 tests)"]
    assert "Tests of the others before this round: ann 3" in seen["3:bob"]


def test_a_decision_without_tests_this_round_is_not_told_by_the_count() -> None:
    # ann submits at once in round 2: bob sees her count before the round, not a 0 this round
    script = "test 111 A B\npass\npass\nsolve 111\npass\n"
    result = play(["--players", "ann,bob"], script)
    seen = turns(result.output)
    assert "ann has decided (revealed when everyone has decided)." in seen["2:ann"]
    assert "Tests of the others before this round: ann 2" in seen["2:bob"]
    # the game is over (bob is left alone): the code is named
    assert reveal(result.output, 2)[0] == "ann submitted 111 — wrong; ann is out (0 tests)"


def test_a_bots_turn_tells_nothing_before_the_reveal() -> None:
    result = play(["--players", "ann,bot:greedy,bob"], "pass\ntest 111 A\npass\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "made 1 test and decided" not in out
    assert "bot:greedy has played its turn (revealed when everyone has decided)." in out
    seen = turns(out)
    assert "Tests of the others before this round: ann 0 · bot:greedy 0" in seen["1:bob"]
    assert re.search(r"bot:greedy .*\([1-3] tests?\)", "\n".join(reveal(out, 1)))
    assert "ann passed (0 tests)" in reveal(out, 1)
    assert "bob passed (1 test)" in reveal(out, 1)
    # when only bots play, nobody is left to hide anything from: all as it happens
    bots = play(["--players", "bot:greedy,bot:random", "--seed", "1"], "")
    assert bots.exit_code == 0, bots.output
    assert "bot:greedy tests " in bots.output
    assert "has played its turn" not in bots.output
    assert not re.search(r"\(\d+ tests?\)", bots.output)


def test_the_counts_say_in_german_which_they_are() -> None:
    result = play(["--lang", "de", "--players", "ann,bot:greedy"], "pass\n")
    assert "Tests der anderen vor dieser Runde: bot:greedy 0" in result.output
    assert "bot:greedy hat seinen Zug gemacht (wird aufgedeckt" in result.output
