"""Match rules as state machines: scoring, role swaps, false feedback, the Logik duel."""

from __future__ import annotations

import pytest

from turing.mastermind.match import (
    Duel,
    DuelOver,
    FalseFeedback,
    GameOver,
    HonourError,
    Match,
    MatchError,
    MatchOver,
    Phase,
    Row,
    Seat,
    check_honour,
)
from turing.mastermind.presets import PRESETS, get_preset
from turing.mastermind.scoring import Feedback, FeedbackError, feedback
from turing.mastermind.space import CodeSpace, SpaceError

ANN, BOB = Seat("Ann", human=True), Seat("Bob", human=True)
CPU = Seat("Computer", human=False, strategy="knuth")


def test_maker_scores_a_point_per_row_and_roles_swap() -> None:
    match = Match(PRESETS["classic"], (ANN, BOB), games=2)
    match.start()
    assert (match.maker, match.breaker, match.phase) == (1, 0, Phase.SECRET)
    match.set_secret((0, 1, 2, 3))
    match.guess((0, 0, 0, 0))
    events = match.guess((0, 1, 2, 3))
    assert GameOver(1, 1, 0, True, 2, 2, (0, 1, 2, 3), scores=(0.0, 2.0)) in events
    assert (match.maker, match.breaker, match.scores) == (0, 1, [0, 2])
    match.set_secret((5, 5, 5, 5))
    events = match.guess((5, 5, 5, 5))
    assert events[-1] == MatchOver((1.0, 2.0), winner=1)
    assert match.phase is Phase.OVER


@pytest.mark.parametrize(("preset", "bonus"), [("classic", 11), ("master-collor", 13)])
def test_unsolved_code_scores_rows_plus_one(preset: str, bonus: int) -> None:
    game = PRESETS[preset]
    match = Match(game, (ANN, BOB))
    match.start()
    match.set_secret((0,) * game.positions)
    events = []
    for _ in range(game.rows):
        events = match.guess((1,) * game.positions)
    over = [e for e in events if isinstance(e, GameOver)]
    assert over and not over[0].solved and over[0].points == bonus
    assert match.scores == [0, bonus]


def test_computer_maker_draws_a_seeded_secret() -> None:
    a = Match(PRESETS["superhirn"], (ANN, CPU), seed=4)
    b = Match(PRESETS["superhirn"], (ANN, CPU), seed=4)
    a.start()
    b.start()
    assert a.phase is Phase.GUESS and a.secret is not None and a.secret == b.secret
    assert len(set(a.secret)) == 4  # Superhirn: no repeats


def test_honour_system_catches_contradicting_rows_when_they_are_final() -> None:
    match = Match(PRESETS["classic"], (ANN, CPU), first_breaker=1, honour=True)
    match.start()
    assert match.maker_types_feedback and match.phase is Phase.GUESS
    match.guess((0, 0, 1, 1))
    match.give_feedback(Feedback(0, 0))
    match.guess((2, 2, 3, 4))
    match.give_feedback(Feedback(0, 0))  # so the secret is 6666
    assert match.phase is Phase.GUESS
    match.guess((5, 5, 5, 4))
    assert len(match.give_feedback(Feedback(1, 0))) == 1  # one 6, not three: row 3 played
    events = match.settle()  # final when the next guess comes: all rows conflict
    false = [e for e in events if isinstance(e, FalseFeedback)]
    played = (
        Row((0, 0, 1, 1), Feedback(0, 0)),
        Row((2, 2, 3, 4), Feedback(0, 0)),
        Row((5, 5, 5, 4), Feedback(1, 0)),
    )
    assert false == [FalseFeedback(1, 0, 1, (1, 2, 3), 3, (), played)]
    assert match.scores == [0, 3] and match.rows == [] and match.game == 1


def test_bad_pins_are_refused_and_change_nothing() -> None:
    match = Match(PRESETS["classic"], (ANN, CPU), first_breaker=1)
    match.start()
    match.set_secret((0, 1, 2, 3))
    match.guess((0, 0, 1, 1))
    with pytest.raises(FeedbackError):
        match.give_feedback(Feedback(3, 1))
    assert match.phase is Phase.FEEDBACK and match.rows == []


def test_actions_out_of_turn_raise() -> None:
    match = Match(PRESETS["classic"], (ANN, BOB))
    match.start()
    with pytest.raises(MatchError, match="time for the secret"):
        match.guess((0, 0, 0, 0))
    with pytest.raises(SpaceError):
        match.set_secret((0, 0, 0))
    with pytest.raises(MatchError, match="already started"):
        match.start()


def test_duel_first_to_crack_wins() -> None:
    duel = Duel(PRESETS["logik"], (ANN, BOB))
    duel.start()
    duel.set_secret(0, (0, 0, 0, 0, 0))
    duel.set_secret(1, (1, 1, 1, 1, 1))
    assert duel.guess(0, (2, 2, 2, 2, 2)) == []  # nothing shown until both moved
    with pytest.raises(MatchError, match="already moved"):
        duel.guess(0, (2, 2, 2, 2, 2))
    duel.guess(1, (3, 3, 3, 3, 3))
    duel.guess(0, (1, 1, 1, 1, 1))
    events = duel.guess(1, (0, 0, 0, 0, 1))
    over = [e for e in events if isinstance(e, DuelOver)]
    assert over[0].winner == 0
    assert events[-1] == MatchOver((1.0, 0.0), 0)


def test_duel_same_move_is_a_draw() -> None:
    duel = Duel(PRESETS["logik"], (ANN, BOB))
    duel.start()
    duel.set_secret(0, (0, 1, 2, 3, 4))
    duel.set_secret(1, (4, 3, 2, 1, 0))
    duel.guess(0, (4, 3, 2, 1, 0))
    events = duel.guess(1, (0, 1, 2, 3, 4))
    assert [e.winner for e in events if isinstance(e, DuelOver)] == [None]
    assert duel.scores == (0.5, 0.5)


def test_duel_all_rows_used_is_a_draw() -> None:
    duel = Duel(get_preset("logik", rows=2), (ANN, BOB), games=2)
    duel.start()
    duel.set_secret(0, (0,) * 5)
    duel.set_secret(1, (1,) * 5)
    for _ in range(2):
        duel.guess(0, (2,) * 5)
        events = duel.guess(1, (3,) * 5)
    over = [e for e in events if isinstance(e, DuelOver)]
    assert over[0].winner is None and "every row" in over[0].reason
    assert duel.game == 2 and duel.phase is Phase.SECRET


# ---------------------------------------------------------------- codes the rows leave


def fitting(space: CodeSpace, rows: list[Row]) -> int:
    """Codes of ``space`` that give every row its pins, counted one by one."""
    return sum(
        all(feedback(code, row.guess) == row.feedback for row in rows)
        for code in map(space.code, range(len(space)))
    )


def test_codes_left_counts_what_the_rows_allow_whatever_the_secret() -> None:
    game = PRESETS["classic"]
    seen = set()
    for secret in ((0, 1, 2, 3), (5, 5, 4, 4), (2, 2, 2, 2)):
        match = Match(game, (ANN, BOB))
        match.start()
        match.set_secret(secret)
        assert match.codes_left() == len(game.space) == 1296
        for guess in ((0, 0, 1, 1), (2, 3, 4, 5)):
            match.guess(guess)
            assert match.codes_left() == fitting(game.space, match.rows) >= 1
        seen.add(match.codes_left())
    assert len(seen) > 1  # the count follows the pins, so it differs between secrets


def test_codes_left_counts_guesses_with_colours_secrets_may_not_repeat() -> None:
    game = get_preset("superhirn", blank=True)  # no repeats, the empty hole as a colour
    match = Match(game, (ANN, CPU), seed=5)
    match.start()
    assert match.codes_left() == len(game.space)
    match.guess((0, 0, 8, 8))  # a person may repeat colours and holes in a guess
    match.guess((1, 2, 3, 3))
    assert match.codes_left() == fitting(game.space, match.rows) >= 1


def test_codes_left_is_0_when_a_persons_pins_leave_no_code() -> None:
    match = Match(PRESETS["classic"], (ANN, CPU), first_breaker=1)
    match.start()
    match.set_secret((2, 3, 4, 5))
    match.answer((0, 0, 1, 1), Feedback(0, 0))  # true
    match.answer((0, 0, 1, 1), Feedback(1, 0))  # the same guess, other pins: not yet final
    assert match.unsettled and match.codes_left() == 0


def test_duel_codes_left_counts_each_players_own_rows() -> None:
    game = PRESETS["superhirn"]  # a duel may be played with any preset
    duel = Duel(game, (ANN, BOB))
    duel.start()
    duel.set_secret(0, (0, 1, 2, 3))
    duel.set_secret(1, (4, 5, 6, 7))
    assert duel.codes_left(0) == duel.codes_left(1) == len(game.space)
    duel.guess(0, (4, 4, 0, 0))
    assert duel.codes_left(0) == len(game.space)  # nothing counts until both have moved
    duel.guess(1, (0, 1, 5, 5))
    for player in (0, 1):
        assert duel.codes_left(player) == fitting(game.space, duel.rows[player])
    assert duel.codes_left(0) != duel.codes_left(1)


def test_the_honour_system_needs_a_person_making_a_code_for_the_computer() -> None:
    for seats, games, first_breaker in [
        ((ANN, BOB), 2, 0),  # two people: the engine scores
        ((CPU, Seat("Computer 2", human=False, strategy="knuth")), 2, 0),
        ((ANN, CPU), 1, 0),  # one game, in which Ann only breaks
    ]:
        with pytest.raises(HonourError):
            Match(PRESETS["classic"], seats, games, first_breaker, honour=True)
    with pytest.raises(HonourError, match="in a duel both players set a code"):
        check_honour((ANN, CPU), 1, duel=True)
    Match(PRESETS["classic"], (ANN, CPU), 1, first_breaker=1, honour=True)
    Match(PRESETS["classic"], (CPU, ANN), 2, first_breaker=1, honour=True)
