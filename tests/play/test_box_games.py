"""A game beside the box: the players type what the physical verifiers answer.

The tests answer as a stand-in box would, from a puzzle's hidden criteria, and play the
same tests in an ordinary game of that puzzle: the two must agree on everything a player
sees. Answers no reading of the cards allows are refused, and change nothing.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.puzzles import EXTREME, NIGHTMARE, P01, box_answer
from turing.core.cards import load_cardset
from turing.core.codes import CODE_TEXT, Code
from turing.core.puzzle import Puzzle
from turing.play.game import (
    Action,
    Amend,
    Compose,
    EndTests,
    Game,
    GameError,
    GiveUp,
    IllegalAction,
    Pass,
    Solve,
    Test,
    action_from_dict,
    action_to_dict,
)
from turing.play.session import (
    AnswersMissing,
    BoxQuestion,
    CommandError,
    Session,
    SessionError,
    parse_command,
)

CLASSIC = load_cardset("classic")


box = box_answer  # what the physical verifier answers, as a stand-in box does


def snapshot(game: Game) -> str:
    return json.dumps([game.to_dict(), game.events], sort_keys=True)


def refused(game: Game, action: Action, words: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=words):
        game.apply("ann", action)
    assert snapshot(game) == before


def test_a_game_beside_the_box_is_won_with_the_box_word() -> None:
    game = Game(P01.public(), ["ann"], CLASSIC, box=True)
    assert game.solution is None
    game.apply("ann", Compose("111"))
    for verifier in range(3):
        assert game.apply("ann", Test(verifier, box(P01, "111", verifier))) is box(
            P01, "111", verifier
        )
    game.apply("ann", Pass())
    assert game.round == 2
    game.apply("ann", Solve("241", True))
    result = game.result()
    assert result.winners == ("ann",)
    assert result.solution == "241"
    assert game.events[0]["box"] is True
    assert game.events[-1]["solution"] == "241"
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())), CLASSIC)
    assert again.box and again.result() == result and again.events == game.events


def test_a_wrong_word_eliminates_and_leaves_the_solution_unknown() -> None:
    game = Game(P01.public(), ["ann", "bob"], CLASSIC, box=True)
    game.apply("ann", Solve("241", False))
    game.apply("bob", GiveUp())
    result = game.result()
    assert result.winners == ()
    assert result.solution is None
    assert game.events[-1]["solution"] is None


@pytest.mark.parametrize(
    "puzzle", [P01, EXTREME, NIGHTMARE], ids=["classic", "extreme", "nightmare"]
)
def test_answers_no_reading_allows_are_refused(puzzle: Puzzle) -> None:
    """Each answer the stand-in box would not give is refused when no reading of the cards
    allows it after the answers before; the box's own answer always goes through."""
    game = Game(puzzle.public(), ["ann"], CLASSIC, box=True)
    refusals = 0
    for code in ("111", "234", "345", "523", "152", "431"):
        game.apply("ann", Compose(code))
        for verifier in range(3):
            truth = box(puzzle, code, verifier)
            before = snapshot(game)
            try:
                game.check("ann", Test(verifier, not truth))
            except IllegalAction as exc:
                refusals += 1
                assert "cannot " + ("reject" if truth else "accept") in str(exc)
            assert snapshot(game) == before
            game.apply("ann", Test(verifier, truth))
        game.apply("ann", Pass())
    assert refusals > 0
    assert len(game.hint("ann").codes) >= 1


def test_a_line_of_answers_is_checked_as_a_whole() -> None:
    """The second answer of a line is checked after the first: together they may fit no
    reading though each alone does."""
    game = Game(P01.public(), ["ann"], CLASSIC, box=True)
    game.apply("ann", Compose("241"))
    lines = [
        [Test(a, x), Test(b, y)]
        for a in range(4)
        for b in range(4)
        if a != b
        for x in (True, False)
        for y in (True, False)
    ]
    alone_ok = []
    for line in lines:
        try:
            game.check_all("ann", line[:1])
            game.check_all("ann", line[1:])
        except IllegalAction:
            continue
        alone_ok.append(line)
    together = []
    for line in alone_ok:
        try:
            game.check_all("ann", line)
        except IllegalAction:
            together.append(line)
    assert together, "some pairs of answers each fit alone and not together"
    assert game.view("ann").tests == ()


def test_what_a_box_game_refuses() -> None:
    game = Game(P01.public(), ["ann"], CLASSIC, box=True)
    game.apply("ann", Compose("111"))
    refused(game, Test(0), "needs the answer the box's verifier A gave to 111")
    refused(game, Solve("241"), "needs the box's word on it")
    refused(game, Solve("111", True), "111 cannot be the solution")
    # after these answers only 241 is left (the hint says so): the box cannot call it wrong
    game.apply("ann", Compose("241"))
    for verifier in range(3):
        game.apply("ann", Test(verifier, box(P01, "241", verifier)))
    game.apply("ann", Pass())
    game.apply("ann", Compose("111"))
    game.apply("ann", Test(3, box(P01, "111", 3)))
    assert game.hint("ann").codes.texts() == ["241"]
    refused(game, Solve("241", False), "241 cannot be wrong")
    ordinary = Game(P01, ["ann"], CLASSIC)
    ordinary.apply("ann", Compose("111"))
    with pytest.raises(IllegalAction, match="answer by themselves"):
        ordinary.apply("ann", Test(0, True))
    with pytest.raises(IllegalAction, match="knows its solution"):
        ordinary.apply("ann", Solve("241", True))


def test_only_cards_are_needed_and_they_must_make_a_puzzle() -> None:
    cards_only = Puzzle(cards=((4,), (9,), (11,), (14,)))
    with pytest.raises(GameError, match="does not give its hidden criteria"):
        Game(cards_only, ["ann"], CLASSIC)
    Game(cards_only, ["ann"], CLASSIC, box=True)
    # no reading of cards 1–4 leaves a single code with no verifier redundant
    with pytest.raises(GameError, match="no reading of its cards makes a valid puzzle"):
        Game(Puzzle(cards=((1,), (2,), (3,), (4,))), ["ann"], CLASSIC, box=True)
    # a card twice is refused as a puzzle file refuses it
    with pytest.raises(GameError, match="card 4 appears twice"):
        Game(Puzzle(cards=((4,), (4,), (4,), (4,))), ["ann"], CLASSIC, box=True)


def test_the_box_answers_are_kept_in_the_saved_actions() -> None:
    for action in (Test(2, True), Test(1, False), Solve("241", True), Solve("241", False)):
        assert action_from_dict(action_to_dict(action)) == action
    assert action_to_dict(Test(1)) == {"do": "test", "verifier": 1}
    with pytest.raises(GameError, match="must be true or false"):
        action_from_dict({"do": "test", "verifier": 1, "answer": "yes"})


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([P01, EXTREME, NIGHTMARE]),
    st.lists(
        st.tuples(
            st.sampled_from(CODE_TEXT),
            st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True),
        ),
        min_size=1,
        max_size=5,
    ),
)
def test_a_box_game_sees_what_the_ordinary_game_shows(
    puzzle: Puzzle, rounds: list[tuple[str, list[int]]]
) -> None:
    """Answered by a stand-in box, a game beside the box shows each player what the
    ordinary game of the same puzzle shows: the answers, and every hint."""
    ordinary = Game(puzzle, ["ann"], CLASSIC)
    beside = Game(puzzle.public(), ["ann"], CLASSIC, box=True)
    for code, verifiers in rounds:
        ordinary.apply("ann", Compose(code))
        beside.apply("ann", Compose(code))
        for verifier in verifiers:
            answer = ordinary.apply("ann", Test(verifier))
            assert beside.apply("ann", Test(verifier, answer)) == answer
        ordinary.apply("ann", Pass())
        beside.apply("ann", Pass())
        assert beside.view("ann").tests == ordinary.view("ann").tests
        assert beside.hint("ann") == ordinary.hint("ann")


# -- typed lines --


def test_answers_typed_after_the_letters() -> None:
    cmd = parse_command("test 241 A yes b no C+", 4, box=True)
    assert cmd.verifiers == (0, 1, 2) and cmd.answers == (True, False, True)
    assert parse_command("t a- b✓ c", 4, box=True).answers == (False, True, None)
    assert parse_command("test A ja B nein", 4, box=True).answers == (True, False)
    assert parse_command("test AB", 4, box=True).answers == (None, None)
    solve = parse_command("solve 2 4 1 richtig", 4, box=True)
    assert solve.code == Code.parse("241") and solve.value is True
    assert parse_command("solve 241 wrong", 4, box=True).value is False
    assert parse_command("solve 241", 4, box=True).value is None
    for line, words in (
        ("test yes A", "answers no verifier"),
        ("test A yes no", "answers no verifier"),
        ("solve 241 maybe", "not the box's word"),
        ("test A? ", "'A?' is not the box's answer"),
    ):
        with pytest.raises(CommandError, match=re.escape(words)):
            parse_command(line, 4, box=True)
    # an ordinary game reads no answers
    with pytest.raises(CommandError):
        parse_command("test A+", 4)
    with pytest.raises(CommandError):
        parse_command("test A yes", 4)


def test_a_line_missing_answers_asks_for_them_in_order() -> None:
    session = Session.new(P01.public(), CLASSIC, [("ann", None)], seed=1, box=True)
    with pytest.raises(AnswersMissing) as missing:
        session.plan("ann", "test 111 A B+ C")
    assert missing.value.questions == (
        BoxQuestion(Code.parse("111"), 0),
        BoxQuestion(Code.parse("111"), 2),
    )
    assert "verifier A's answer to 111 is missing" in str(missing.value)
    assert session.game.view("ann").tests == ()
    answers = [box(P01, "111", 0), box(P01, "111", 2)]
    plan = session.plan("ann", "test 111 A B+ C", answers)
    list(session.run(plan))
    assert [t.result for t in session.game.view("ann").tests] == [
        answers[0],
        True,
        answers[1],
    ]
    with pytest.raises(AnswersMissing) as word:
        session.plan("ann", "solve 241")
    assert word.value.questions == (BoxQuestion(Code.parse("241"), None),)
    # a line bad for another reason is refused for it, before any answer is asked
    with pytest.raises(CommandError) as other:
        session.plan("ann", "test D; compose 222")
    assert not isinstance(other.value, AnswersMissing)


def test_bots_do_not_play_beside_the_box() -> None:
    with pytest.raises(SessionError, match="people only"):
        Session.new(P01.public(), CLASSIC, [("ann", None), ("bot", "greedy")], seed=1, box=True)


BOX_ACTIONS = st.one_of(
    st.builds(Compose, st.sampled_from(["111", "241", "345", "523"])),
    st.builds(Test, st.integers(min_value=0, max_value=4), st.sampled_from([True, False, None])),
    st.just(EndTests()),
    st.builds(Solve, st.sampled_from(["241", "111", "555"]), st.sampled_from([True, False, None])),
    st.just(Pass()),
    st.just(GiveUp()),
)


@settings(max_examples=40, deadline=None)
@given(
    puzzle=st.sampled_from([P01, EXTREME, NIGHTMARE]),
    players=st.integers(min_value=1, max_value=3),
    moves=st.lists(st.tuples(st.integers(min_value=0, max_value=2), BOX_ACTIONS), max_size=40),
)
def test_a_box_game_takes_exactly_its_legal_actions(
    puzzle: Puzzle, players: int, moves: list[tuple[int, Action]]
) -> None:
    """Whatever is typed, an action goes through exactly when the game lists it as legal
    (each answer the cards and the player's answers allow), a refused one changes nothing,
    and a saved game restores as it was."""
    names = [f"p{i}" for i in range(players)]
    game = Game(puzzle.public(), names, CLASSIC, box=True)
    for seat, action in moves:
        name = names[seat % players]
        legal = game.legal_actions(name)
        before = snapshot(game)
        try:
            game.apply(name, action)
        except IllegalAction:
            assert snapshot(game) == before
            assert action not in legal
            continue
        assert action in legal
        assert game.view(name).hypotheses(), "an answer went through that no reading allows"
        restored = Game.from_dict(json.loads(json.dumps(game.to_dict())), CLASSIC)
        assert snapshot(restored) == snapshot(game)


def test_box_words_that_disagree_decide_nothing() -> None:
    """Two codes called right in one round, or one code called right and wrong: the box
    takes one code only, so nothing is decided and every player still in the game decides
    again, the round's tests over: who submitted what is not told by who must decide."""
    for first, second in (
        (Solve("241", True), Solve("221", True)),
        (Solve("241", True), Solve("241", False)),
    ):
        game = Game(P01.public(), ["ann", "bob", "cy", "di"], CLASSIC, box=True)
        game.apply("ann", first)
        game.apply("bob", second)
        game.apply("cy", Pass())
        game.apply("di", Solve("111", False))  # in conflict with nobody, yet decided again
        assert not game.over and game.round == 1
        assert game.to_act() == ("ann", "bob", "cy", "di")
        assert all(game.phase(n) == "decide" for n in ("ann", "bob", "cy", "di"))
        disputed = game.events[-1]
        assert disputed["event"] == "disputed"
        assert disputed["players"] == ["ann", "bob", "cy", "di"]
        assert [(w["player"], w["code"], w["right"]) for w in disputed["words"]] == [
            ("ann", str(first.code), True),
            ("bob", str(second.code), second.right),
        ]
        assert not [e for e in game.events if e["event"] in ("solve", "eliminated")]
        restored = Game.from_dict(json.loads(json.dumps(game.to_dict())), CLASSIC)
        assert snapshot(restored) == snapshot(game)
        # decided again, in agreement: the round is revealed with the new decisions
        game.apply("ann", Solve("241", True))
        game.apply("bob", Pass())
        game.apply("cy", Pass())
        game.apply("di", Solve("111", False))
        assert game.over and game.result().winners == ("ann",)
        assert game.result().eliminated == {"di": 1}


def test_the_same_code_called_right_twice_is_no_dispute() -> None:
    game = Game(P01.public(), ["ann", "bob"], CLASSIC, box=True)
    game.apply("ann", Solve("241", True))
    game.apply("bob", Solve("241", True))
    assert game.over and set(game.result().winners) == {"ann", "bob"}
    assert not [e for e in game.events if e["event"] == "disputed"]


def test_a_slip_in_an_answer_word_is_named() -> None:
    for line, words in (
        ("test 111 A maybe", "'maybe' is not the box's answer: after verifier A give yes or no"),
        ("t 111 a- b=", "'b=' is not the box's answer: after verifier B give yes or no (B+ or B-)"),
        ("test 111 AB+", "'AB+': an answer goes with one letter (A+ B+)"),
        ("solve 241 yes no", "give the box's word once"),
    ):
        with pytest.raises(CommandError) as refused:
            parse_command(line, 4, box=True)
        assert words in str(refused.value), line


def test_a_slip_found_later_is_corrected() -> None:
    """``correct ROUND V yes|no``: the player's test log and deduction take the corrected
    answer; a correction that changes nothing, names no test of the player's, or leaves no
    reading is refused and changes nothing; the game saves and restores with it."""
    game = Game(P01.public(), ["ann", "bob"], CLASSIC, box=True)
    game.apply("ann", Compose("111"))
    truth = box(P01, "111", 0)
    game.apply("ann", Test(0, not truth))  # the slip: it fits some reading
    game.apply("ann", Test(1, box(P01, "111", 1)))
    game.apply("ann", Pass())
    game.apply("bob", Pass())
    slipped = game.hint("ann").codes
    refused(game, Amend(1, 0, not truth), "already")
    refused(game, Amend(2, 0, truth), "you tested no code on verifier A in round 2")
    refused(game, Amend(1, 2, truth), "you tested no code on verifier C in round 1")
    game.apply("ann", Amend(1, 0, truth))
    assert [t.result for t in game.view("ann").tests] == [truth, box(P01, "111", 1)]
    assert game.hint("ann").codes != slipped
    assert "241" in game.hint("ann").codes.texts()
    assert game.events[-1] == {
        "event": "amended",
        "round": 2,
        "player": "ann",
        "test_round": 1,
        "code": "111",
        "verifier": "A",
        "result": truth,
    }
    # bob made no test: nothing of his to correct
    with pytest.raises(IllegalAction, match="you tested no code"):
        game.apply("bob", Amend(1, 0, truth))
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())), CLASSIC)
    assert snapshot(restored) == snapshot(game)
    ordinary = Game(P01, ["ann"], CLASSIC)
    ordinary.apply("ann", Compose("111"))
    ordinary.apply("ann", Test(0))
    with pytest.raises(IllegalAction, match="no answer to correct"):
        ordinary.apply("ann", Amend(1, 0, True))


def test_a_correction_that_leaves_no_reading_is_refused() -> None:
    game = Game(P01.public(), ["ann"], CLASSIC, box=True)
    game.apply("ann", Compose("241"))
    for verifier in range(3):
        game.apply("ann", Test(verifier, box(P01, "241", verifier)))
    refusals = 0
    for verifier in range(3):
        try:
            game.check("ann", Amend(1, verifier, not box(P01, "241", verifier)))
        except IllegalAction as exc:
            refusals += 1
            assert "no reading of the cards fits your answers" in str(exc)
    assert refusals
    assert [t.result for t in game.view("ann").tests] == [box(P01, "241", v) for v in range(3)]


def test_correct_is_typed_beside_the_box_only() -> None:
    cmd = parse_command("correct 2 b no", 4, box=True)
    assert (cmd.name, cmd.arg, cmd.verifiers, cmd.value) == ("correct", "2", (1,), False)
    assert parse_command("korrigiere 1 A+", 4, box=True).value is True
    for line, words in (
        ("correct 2 A", "verifier A's answer is missing: give it after the letter"),
        ("correct 2", "takes a round, a verifier and the box's answer"),
        ("correct A no", "takes a round, a verifier and the box's answer"),
        ("correct 0 A no", "there is no round 0: rounds are counted from 1"),
        ("correct 1 A yes 2", "takes a round, a verifier and the box's answer"),
        ("correct 1 A maybe", "'maybe' is not the box's answer"),
        ("correct 1 G no", "no verifier 'G'"),
    ):
        with pytest.raises(CommandError, match=re.escape(words)):
            parse_command(line, 4, box=True)
    with pytest.raises(CommandError, match="game beside the box"):
        parse_command("correct 1 A no", 4)


def test_the_end_leaves_out_the_codes_a_player_called_wrong() -> None:
    session = Session.new(P01.public(), CLASSIC, [("ann", None)], seed=1, box=True)
    before = session.game.view("ann").deduction().codes.texts()
    assert before == ["221", "241"]
    list(session.run(session.plan("ann", "solve 221 no")))
    assert session.left_by_answers() == [("ann", ["241"])]


def test_a_round_not_played_yet_is_named_so() -> None:
    game = Game(P01.public(), ["ann"], CLASSIC, box=True)
    refused(game, Amend(3, 0, True), "round 3 is not played yet: this is round 1")


def test_an_ordinary_game_says_answers_are_for_the_box() -> None:
    for line in ("t B yes", "t A+", "solve 241 yes"):
        with pytest.raises(
            CommandError, match="you type answers only in a game played beside the box"
        ):
            parse_command(line, 4)
    with pytest.raises(CommandError, match="correct corrects an answer typed in a game beside"):
        parse_command("correct 1 A no", 4)
