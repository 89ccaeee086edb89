"""The round state machine follows the rules (docs/rules.md), and illegal actions change nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.puzzles import EXTREME, NIGHTMARE, P01
from turing.core.cards import load_cardset
from turing.core.codes import CODE_TEXT
from turing.core.puzzle import Puzzle
from turing.core.solver import after_test, deduce
from turing.play.game import (
    Action,
    Compose,
    EndTests,
    Game,
    GameError,
    GiveUp,
    IllegalAction,
    Notes,
    Pass,
    Solve,
    Test,
)

CLASSIC = load_cardset("classic")


def snapshot(game: Game) -> str:
    return json.dumps([game.to_dict(), game.events], sort_keys=True)


def illegal(game: Game, player: str, action: Action) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(player, action)
    assert snapshot(game) == before


def test_a_round_of_tests_then_simultaneous_decisions() -> None:
    game = Game(P01, ["alice", "bob"], CLASSIC)
    assert game.solution == "241"
    assert game.phase("alice") == "test"
    illegal(game, "alice", Test(0))  # nothing composed yet
    game.apply("alice", Compose("2 4 1"))
    game.apply("alice", Compose("111"))  # allowed again before the first test
    assert game.test("alice", 0) is False  # ■=1 is not ■=4
    illegal(game, "alice", Compose("241"))  # one code per round once tested
    illegal(game, "alice", Test(0))  # the same verifier twice
    assert game.test("alice", 1) is True
    assert game.test("alice", 3) is False
    illegal(game, "alice", Test(2))  # a 4th test
    illegal(game, "alice", Test(9))
    game.apply("alice", Solve("241"))
    illegal(game, "alice", Test(2))  # alice decided
    illegal(game, "alice", Pass())
    # alice's decision is hidden until bob decides
    assert [e["event"] for e in game.events] == ["start", "test", "test", "test"]
    game.apply("bob", EndTests())
    illegal(game, "bob", Compose("241"))  # testing is over for bob
    illegal(game, "bob", Test(0))
    game.apply("bob", Pass())
    assert game.is_terminal()
    result = game.result()
    assert result.winners == ("alice",)
    assert result.tests == {"alice": 3, "bob": 0}
    assert game.events[-3:] == [
        {"event": "solve", "round": 1, "player": "alice", "code": "241", "correct": True},
        {"event": "pass", "round": 1, "player": "bob"},
        {
            "event": "end",
            "round": 1,
            "id": "01",
            "winners": ["alice"],
            "tests": {"alice": 3, "bob": 0},
            "hints": {"alice": 0, "bob": 0},
            "solution": "241",
            "criteria": [
                {"verifier": "A", "card": 4, "criterion": 2},
                {"verifier": "B", "card": 9, "criterion": 1},
                {"verifier": "C", "card": 11, "criterion": 1},
                {"verifier": "D", "card": 14, "criterion": 3},
            ],
        },
    ]
    illegal(game, "bob", Compose("241"))  # the game is over


def test_bad_codes_are_refused() -> None:
    game = Game(P01, ["alice"], CLASSIC)
    for bad in ("126", "24", "2411", "abc", "", "0 1 2"):
        # a code is read once, when the action is made; the game sees only Code values
        with pytest.raises(IllegalAction):
            Compose(bad)
        with pytest.raises(IllegalAction):
            Solve(bad)
    assert game.actions == []


def test_a_wrong_code_eliminates_and_the_last_player_wins() -> None:
    game = Game(P01, ["alice", "bob", "carol"], CLASSIC)
    game.solve("alice", "111")
    game.pass_("bob")
    game.pass_("carol")
    assert not game.is_terminal()
    assert game.active_players() == ("bob", "carol")
    assert {"event": "eliminated", "round": 1, "player": "alice"} in game.events
    assert game.round == 2
    illegal(game, "alice", Compose("241"))
    assert game.legal_actions("alice") == []
    game.solve("bob", "555")
    game.pass_("carol")
    assert game.result().winners == ("carol",)
    assert game.result().solved == ()
    assert game.result().eliminated == {"alice": 1, "bob": 2}


def test_several_right_fewest_tests_wins_equal_tests_share() -> None:
    game = Game(P01, ["alice", "bob", "carol"], CLASSIC)
    for name, verifiers in (("alice", [0, 1]), ("bob", [0]), ("carol", [2])):
        game.compose(name, "241")
        for v in verifiers:
            game.test(name, v)
        game.solve(name, "241")
    result = game.result()
    assert result.winners == ("bob", "carol")
    assert result.solved == ("alice", "bob", "carol")


def test_one_right_beats_more_tests_of_nobody_else() -> None:
    game = Game(P01, ["alice", "bob"], CLASSIC)
    game.compose("alice", "241")
    game.test("alice", 0)
    game.solve("alice", "241")
    game.solve("bob", "242")
    assert game.result().winners == ("alice",)
    assert game.result().eliminated == {"bob": 1}


def test_everyone_wrong_nobody_wins_and_solo_wrong_loses() -> None:
    game = Game(P01, ["alice", "bob"], CLASSIC)
    game.solve("alice", "111")
    game.solve("bob", "222")
    assert game.is_terminal() and game.result().winners == ()
    solo = Game(P01, ["me"], CLASSIC)
    solo.pass_("me")
    assert solo.round == 2 and not solo.is_terminal()
    solo.solve("me", "123")
    assert solo.result().winners == () and solo.result().rounds == 2


def test_solo_counts_rounds_and_tests() -> None:
    game = Game(P01, ["me"], CLASSIC)
    game.compose("me", "241")
    game.test("me", 0)
    game.pass_("me")
    game.compose("me", "241")
    game.test("me", 1)
    game.test("me", 2)
    game.solve("me", "241")
    result = game.result()
    assert (result.winners, result.rounds, result.tests["me"]) == (("me",), 2, 3)


def test_games_refuse_unplayable_puzzles_and_bad_players() -> None:
    with pytest.raises(GameError, match="hidden criteria"):
        Game(P01.public(), ["a"], CLASSIC)
    redundant = Puzzle(cards=((4,), (9,), (11,), (14,), (1,)), criteria=(2, 1, 1, 3, 2))
    with pytest.raises(GameError, match="redundant"):
        Game(redundant, ["a"], CLASSIC)
    with pytest.raises(GameError, match="same name"):
        Game(P01, ["a", "a"], CLASSIC)
    with pytest.raises(GameError, match="1–6 players"):
        Game(P01, [f"p{i}" for i in range(7)], CLASSIC)
    with pytest.raises(GameError, match="1–6 players"):
        Game(P01, [], CLASSIC)
    with pytest.raises(GameError, match="stated solution"):
        Game(Puzzle(cards=P01.cards, criteria=P01.criteria, solution="111"), ["a"], CLASSIC)
    game = Game(P01, ["a"], CLASSIC)
    with pytest.raises(GameError, match="no player"):
        game.apply("zed", Pass())


@pytest.mark.parametrize("puzzle", [P01, EXTREME, NIGHTMARE], ids=lambda p: p.mode)
def test_the_view_shows_nothing_hidden(puzzle: Puzzle) -> None:
    game = Game(puzzle, ["a", "b"], CLASSIC)
    view = game.view("a")
    assert view.puzzle.criteria is None
    assert view.puzzle.real_cards is None
    assert view.puzzle.solution is None
    assert view.puzzle.to_dict() == view.puzzle.to_dict(hidden=False)
    assert game.events[0]["puzzle"] == view.puzzle.to_dict()
    if puzzle.mode == "nightmare":
        assert list(view.puzzle.cards) == sorted(view.puzzle.cards)
    if puzzle.mode == "extreme":
        assert all(list(g) == sorted(g) for g in view.puzzle.cards)
    # the other player's tests are not in a's view
    game.compose("b", "241")
    game.test("b", 0)
    assert game.view("a").tests == ()


@pytest.mark.parametrize("puzzle", [P01, EXTREME, NIGHTMARE], ids=lambda p: p.mode)
def test_hypotheses_follow_the_players_own_answers(puzzle: Puzzle) -> None:
    game = Game(puzzle, ["a"], CLASSIC)
    everything = deduce(game.public, CLASSIC).hypotheses
    real = (puzzle.true_cards, puzzle.criteria)
    assert any((h.cards, h.criteria) == real for h in everything)
    expected = everything
    assert game.solution is not None
    for code in ("111", "345", game.solution):
        game.compose("a", code)
        for v in range(3):
            result = game.test("a", v)
            expected = after_test(expected, code, v, result)
        assert game.view("a").hypotheses() == expected
        assert any((h.cards, h.criteria) == real for h in expected)
        game.pass_("a")


def test_notes_are_private_checked_and_round_trip() -> None:
    game = Game(NIGHTMARE, ["a", "b"], CLASSIC)
    game.note("a", 0, "  blue small ")
    game.strike("a", 10, 1)
    game.strike("a", 10, 2)
    game.strike("a", 10, 2, struck=False)
    game.mark("a", "b", 2, False)
    game.mark("a", "p", 5, True)
    game.mark("a", "p", 5, None)
    notes = game.notes("a")
    assert notes.text == {0: "blue small"}
    assert notes.struck == {(10, 1)}
    assert notes.grid == {("b", 2): False}
    assert game.notes("b") == Notes()
    bad: list[Callable[[], None]] = [
        lambda: game.strike("a", 4, 1),  # card 4 is not on the table
        lambda: game.strike("a", 10, 9),
        lambda: game.mark("a", "q", 1, True),
        lambda: game.mark("a", "b", 6, True),
        lambda: game.note("a", 4, "x"),
    ]
    for attempt in bad:
        with pytest.raises(IllegalAction):
            attempt()
    assert Notes.from_dict(json.loads(json.dumps(notes.to_dict())), 4) == notes
    game.note("a", 0, "")
    assert notes.text == {}


def test_hints_are_counted_and_can_be_switched_off() -> None:
    game = Game(P01, ["a"], CLASSIC)
    first = game.hint("a")
    assert game.solution in first.codes.texts()
    assert first.hypotheses == len(deduce(game.public, CLASSIC).hypotheses)
    game.compose("a", "241")
    for v in range(3):
        game.test("a", v)
    second = game.hint("a")
    assert len(second.codes) <= len(first.codes)
    assert all(len(p) >= 1 for p in second.possible)
    assert game.hints_used("a") == 2
    game.solve("a", "241")
    assert game.result().hints == {"a": 2}
    off = Game(P01, ["a"], CLASSIC, hints=False)
    with pytest.raises(IllegalAction, match="hints are off"):
        off.hint("a")


# -- random play: every illegal action changes nothing, saving restores exactly --------------

ACTIONS = st.one_of(
    st.builds(Compose, st.sampled_from([*CODE_TEXT[::7], "2 4 1"])),
    st.builds(Test, st.integers(min_value=-1, max_value=6)),
    st.just(EndTests()),
    st.builds(Solve, st.sampled_from(["241", "111", "555"])),
    st.just(Pass()),
    st.just(GiveUp()),
)


@settings(max_examples=60, deadline=None)
@given(
    puzzle=st.sampled_from([P01, EXTREME, NIGHTMARE]),
    players=st.integers(min_value=1, max_value=4),
    moves=st.lists(st.tuples(st.integers(min_value=0, max_value=3), ACTIONS), max_size=60),
)
def test_random_action_sequences_keep_every_invariant(
    puzzle: Puzzle, players: int, moves: list[tuple[int, Action]]
) -> None:
    names = [f"p{i}" for i in range(players)]
    game = Game(puzzle, names, CLASSIC)
    for seat, action in moves:
        name = names[seat % players]
        legal = game.legal_actions(name)
        before = snapshot(game)
        try:
            game.apply(name, action)
        except IllegalAction:
            assert snapshot(game) == before
            assert _normal(action) not in legal
            continue
        assert _normal(action) in legal
        for n in names:
            view = game.view(n)
            assert len(view.tested_this_round) <= 3
            assert len(set(view.tested_this_round)) == len(view.tested_this_round)
        restored = Game.from_dict(json.loads(json.dumps(game.to_dict())), CLASSIC)
        assert snapshot(restored) == snapshot(game)
    if game.is_terminal():
        winners = game.result().winners
        assert set(winners) <= set(names)


def _normal(action: Action) -> Action:
    """Actions hold Code values, so ``2 4 1`` and ``241`` are already the same action."""
    return action


def test_restoring_refuses_inconsistent_saves() -> None:
    game = Game(P01, ["a", "b"], CLASSIC)
    game.compose("a", "241")
    game.test("a", 0)
    good = game.to_dict()

    def broken(change: Any) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(json.dumps(good))
        change(data)
        return data

    cases = [
        lambda d: d["actions"].append({"player": "a", "do": "test", "verifier": 0}),
        lambda d: d["actions"].insert(0, {"player": "a", "do": "test", "verifier": 1}),
        lambda d: d.update(round=3),
        lambda d: d.update(version=99),
        lambda d: d["puzzle"].update(criteria=[1, 1, 1, 1]),
        lambda d: d["puzzle"].pop("criteria"),
        lambda d: d["actions"].append({"player": "zed", "do": "pass"}),
        lambda d: d["actions"].append({"player": "a", "do": "fly"}),
        lambda d: d["hints"].update(a=-1),
        lambda d: d["notes"].update(a={"grid": {"q9": True}}),
        lambda d: d.pop("players"),
    ]
    for change in cases:
        with pytest.raises(GameError):
            Game.from_dict(broken(change), CLASSIC)
    assert snapshot(Game.from_dict(good, CLASSIC)) == snapshot(game)
