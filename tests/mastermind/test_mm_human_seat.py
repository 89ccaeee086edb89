"""The rules behind a person's seat: fresh secrets, a checked codemaker, match length,
undo and giving up, guesses with repeated colours, and how codes and pins are typed."""

from __future__ import annotations

import pytest

from turing import i18n
from turing.mastermind.match import (
    Duel,
    DuelOver,
    FalseFeedback,
    GameOver,
    Match,
    MatchError,
    MatchOver,
    Phase,
    PinsTakenBack,
    Row,
    Seat,
)
from turing.mastermind.pins import parse_pins
from turing.mastermind.presets import PRESETS, CodeError, get_preset, variants
from turing.mastermind.scoring import Feedback, FeedbackError, feedback
from turing.mastermind.space import CodeSpace, SpaceError

ANN, BOB = Seat("Ann", human=True), Seat("Bob", human=True)
CPU = Seat("Computer", human=False, strategy="knuth")
SUPERHIRN = PRESETS["superhirn"]


def computer_secret(seed: int | None) -> tuple[int, ...]:
    match = Match(SUPERHIRN, (ANN, CPU), seed=seed)
    match.start()
    assert match.secret is not None
    return match.secret


# ---------------------------------------------------------------- secrets


def test_secrets_are_fresh_without_a_seed_and_repeat_with_one() -> None:
    fresh = {computer_secret(None) for _ in range(6)}
    assert len(fresh) > 1
    assert computer_secret(11) == computer_secret(11)


def test_duel_secrets_are_fresh_without_a_seed() -> None:
    def secrets(seed: int | None) -> tuple[object, ...]:
        duel = Duel(
            PRESETS["logik"], (CPU, Seat("Other", human=False, strategy="knuth")), seed=seed
        )
        duel.start()
        return tuple(duel.secrets)

    assert len({secrets(None) for _ in range(4)}) > 1
    assert secrets(3) == secrets(3)


def test_a_random_secret_for_a_person_follows_the_seed() -> None:
    a, b = Match(SUPERHIRN, (ANN, BOB), seed=5), Match(SUPERHIRN, (ANN, BOB), seed=5)
    assert a.draw_secret() == b.draw_secret()
    SUPERHIRN.space.check(a.draw_secret())


# ---------------------------------------------------------------- match length


def test_a_match_is_one_game_per_player_as_codemaker_by_default() -> None:
    match = Match(SUPERHIRN, (ANN, BOB))
    assert match.games == 2
    with pytest.raises(MatchError, match="at least one game"):
        Match(SUPERHIRN, (ANN, BOB), games=0)
    assert Match(SUPERHIRN, (ANN, BOB), games=3).codes_made() == (1, 2)
    assert Match(SUPERHIRN, (ANN, BOB), games=3, first_breaker=1).codes_made() == (2, 1)
    assert Match(SUPERHIRN, (ANN, BOB), games=4).codes_made() == (2, 2)


def test_a_single_game_is_won_by_the_higher_total() -> None:
    match = Match(SUPERHIRN, (ANN, BOB), games=1)
    match.start()
    match.set_secret((0, 1, 2, 3))
    events = match.guess((0, 1, 2, 3))
    assert events[-1] == MatchOver((0.0, 1.0), 1)


def test_running_score_after_each_game() -> None:
    match = Match(SUPERHIRN, (ANN, BOB))
    match.start()
    match.set_secret((0, 1, 2, 3))
    match.guess((4, 5, 6, 7))
    over = [e for e in match.guess((0, 1, 2, 3)) if isinstance(e, GameOver)]
    assert over[0].scores == (0.0, 2.0)


# ---------------------------------------------------------------- the checked codemaker


def maker_match(**options: object) -> Match:
    match = Match(SUPERHIRN, (ANN, CPU), first_breaker=1, **options)  # type: ignore[arg-type]
    match.start()
    return match


def test_a_human_codemaker_enters_the_secret_first() -> None:
    match = maker_match()
    assert match.maker_types_feedback and match.phase is Phase.SECRET and match.to_act == 0
    with pytest.raises(MatchError, match="time for the secret"):
        match.guess((0, 1, 2, 3))


def test_wrong_but_consistent_pins_are_caught_at_the_next_guess_naming_the_row() -> None:
    match = maker_match()
    secret = (0, 1, 2, 3)
    match.set_secret(secret)
    match.guess((4, 5, 6, 7))
    match.give_feedback(Feedback(0, 0))
    match.guess((0, 1, 4, 5))
    match.give_feedback(Feedback(1, 1))  # truly 2 0: consistent with row 1, but false
    assert match.phase is Phase.GUESS and match.unsettled
    events = match.guess((0, 2, 1, 4))
    false = [e for e in events if isinstance(e, FalseFeedback)]
    played = (Row((0, 1, 4, 5), Feedback(1, 1)),)
    assert false == [FalseFeedback(1, 0, 1, (2,), 3, (Feedback(2, 0),), played)]
    assert match.scores == [0, 3] and match.rows == []
    assert phase_of(match) is Phase.SECRET


def test_undo_mends_the_last_pins_before_the_next_guess() -> None:
    match = maker_match()
    match.set_secret((0, 1, 2, 3))
    match.guess((0, 1, 4, 5))
    match.give_feedback(Feedback(1, 1))
    events = match.undo()
    assert events == [PinsTakenBack(1, 1, match_row((0, 1, 4, 5), Feedback(1, 1)))]
    assert match.phase is Phase.FEEDBACK and match.rows == []
    with pytest.raises(MatchError, match="no pins to take back"):
        match.undo()
    match.give_feedback(Feedback(2, 0))
    assert match.guess((0, 1, 5, 4)) == []  # the mended row is final and true
    match.give_feedback(Feedback(2, 0))
    match.settle()
    with pytest.raises(MatchError, match="no pins to take back"):
        match.undo()
    assert match.scores == [0, 0]


def phase_of(match: Match) -> Phase:
    """The phase now (a call, so the type checker does not carry an earlier check over)."""
    return match.phase


def match_row(guess: tuple[int, ...], pins: Feedback) -> Row:
    return Row(guess, pins)


def test_a_false_win_is_caught_when_the_game_ends() -> None:
    match = maker_match()
    match.set_secret((0, 1, 2, 3))
    match.guess((0, 1, 2, 4))
    events = match.give_feedback(Feedback(4, 0))
    false = [e for e in events if isinstance(e, FalseFeedback)]
    assert false and false[0].rows == (1,) and false[0].expected == (Feedback(3, 0),)
    assert match.game == 1 and match.scores == [0, 3]


def test_a_true_game_ends_with_the_secret_revealed() -> None:
    match = maker_match(games=1)
    match.set_secret((0, 1, 2, 3))
    match.guess((0, 1, 2, 3))
    events = match.give_feedback(Feedback(4, 0))
    over = [e for e in events if isinstance(e, GameOver)]
    assert over[0].secret == (0, 1, 2, 3) and over[0].solved and over[0].points == 1


def test_honour_system_asks_for_the_secret_at_the_end_and_checks_every_row() -> None:
    short = get_preset("superhirn", rows=3)  # the code stays unbroken
    match = Match(short, (ANN, CPU), first_breaker=1, honour=True, games=1)
    match.start()
    assert match.phase is Phase.GUESS
    # the maker answers row 1 for secret RYGB, then switches to a code with no R or Y
    match.guess((0, 1, 4, 5))
    match.give_feedback(Feedback(2, 0))
    match.guess((4, 5, 2, 3))
    match.give_feedback(Feedback(2, 0))  # true for both codes
    match.guess((6, 7, 3, 2))
    events = match.give_feedback(Feedback(2, 2))
    assert phase_of(match) is Phase.REVEAL and match.to_act == 0
    assert not [e for e in events if isinstance(e, GameOver)]
    events = match.reveal((6, 7, 2, 3))
    false = [e for e in events if isinstance(e, FalseFeedback)]
    assert false[0].rows == (1,) and false[0].expected == (feedback((6, 7, 2, 3), (0, 1, 4, 5)),)
    assert match.scores == [0, 3]


def test_honour_system_a_row_of_all_black_pins_names_the_code_and_checks_every_row() -> None:
    match = maker_match(honour=True, games=1)
    match.guess((0, 1, 4, 5))
    match.give_feedback(Feedback(2, 0))  # true for RYGB, not for the code all black names
    match.guess((6, 7, 2, 3))
    events = match.give_feedback(Feedback(4, 0))
    assert phase_of(match) is not Phase.REVEAL
    false = [e for e in events if isinstance(e, FalseFeedback)]
    assert false[0].rows == (1,) and match.scores == [0, 3]


def test_honour_system_true_rows_score_at_once_when_the_code_is_cracked() -> None:
    match = maker_match(honour=True, games=1)
    match.guess((0, 1, 2, 3))
    events = match.give_feedback(Feedback(4, 0))
    over = [e for e in events if isinstance(e, GameOver)]
    assert [e.points for e in over] == [1] and over[0].secret == (0, 1, 2, 3)
    assert match.phase is Phase.OVER


# ---------------------------------------------------------------- giving up, guesses


def test_the_codebreaker_gives_up_one_game_scored_as_unsolved() -> None:
    match = Match(SUPERHIRN, (ANN, CPU), seed=1)
    match.start()
    match.guess((0, 1, 2, 3) if match.secret != (0, 1, 2, 3) else (4, 5, 6, 7))
    with pytest.raises(MatchError, match="only the codebreaker"):
        match.give_up(1)
    events = match.give_up(0)
    over = [e for e in events if isinstance(e, GameOver)]
    assert over[0].gave_up and not over[0].solved and over[0].points == 13
    assert over[0].secret is not None
    assert match.game == 2 and match.phase is Phase.SECRET


def test_giving_up_a_duel_hands_it_to_the_other_player() -> None:
    duel = Duel(PRESETS["logik"], (ANN, BOB))
    duel.start()
    duel.set_secret(0, (0,) * 5)
    duel.set_secret(1, (1,) * 5)
    events = duel.give_up(1)
    assert [e.winner for e in events if isinstance(e, DuelOver)] == [0]
    assert "Bob gave up" in next(e.reason for e in events if isinstance(e, DuelOver))
    over = next(e for e in events if isinstance(e, DuelOver))
    assert over.gave_up == 1
    assert over.reason_text(("Ann", "Bob")) == "Bob gave up"
    i18n.set_language("de")  # both views say it in the language in use
    assert over.reason_text(("Ann", "Bob")) == "Bob hat aufgegeben"


def test_people_may_guess_repeated_colours_where_secrets_may_not() -> None:
    match = Match(SUPERHIRN, (ANN, CPU), seed=2)
    match.start()
    events = match.guess((0, 0, 1, 1))
    assert events and match.rows[0].guess == (0, 0, 1, 1)
    maker = Match(SUPERHIRN, (ANN, BOB))
    maker.start()
    with pytest.raises(SpaceError, match="each colour may appear once"):
        maker.set_secret((0, 0, 1, 1))
    computer = maker_match(games=1)
    computer.set_secret((0, 1, 2, 3))
    with pytest.raises(SpaceError):
        computer.guess((0, 0, 1, 1))  # the computer guesses from the secret space


# ---------------------------------------------------------------- typing codes and pins


def test_german_colour_names_are_whole_words() -> None:
    palette, space = SUPERHIRN.palette, SUPERHIRN.space
    assert palette.parse("rot gelb grün blau", space) == (0, 1, 2, 3)
    assert palette.parse("Rot, Gelb, gruen, weiß", space) == (0, 1, 2, 4)
    assert palette.parse("schwarz weiss orange lila", space) == (5, 4, 6, 7)
    assert palette.parse("RYGB", space) == (0, 1, 2, 3)  # letters follow the legend
    with pytest.raises(CodeError, match="'braun' \\(brown\\) is not used in this game"):
        palette.parse("braun rot gelb blau", space)


def test_a_hidden_code_is_never_repeated_in_an_error() -> None:
    palette, space = SUPERHIRN.palette, SUPERHIRN.space
    typos = ("RRGB", "RYG", "RYGT", "RYGBW", "braun rot gelb blau", "rot rot gelb blau")
    for typed in (*typos, "violet", "7890"):
        with pytest.raises(CodeError) as caught:
            palette.parse(typed, space, hidden=True)
        message = str(caught.value).replace(f"like {palette.example(space)}", "")
        assert typed not in message and typed.lower() not in message
        assert "'" not in message.split(";")[0], message
    with pytest.raises(CodeError, match="a colour appears twice; in this game each colour"):
        palette.parse("RRGB", space, hidden=True)


def test_pins_in_words_and_letters() -> None:
    assert parse_pins("rot rot weiß", 4) == Feedback(2, 1)
    assert parse_pins("2 schwarz 1 weiss", 4) == Feedback(2, 1)
    assert parse_pins("s s w", 4) == Feedback(2, 1)
    assert parse_pins("2 red, 1 white", 4) == Feedback(2, 1)
    assert parse_pins("keine", 4) == Feedback(0, 0)
    with pytest.raises(FeedbackError, match="is not pins"):
        parse_pins("rot x", 4)
    with pytest.raises(FeedbackError, match="cannot happen"):
        parse_pins("3 1", 4)


def test_more_colours_keep_the_preset_palette_in_order() -> None:
    classic = [c.letter for c in PRESETS["classic"].colours]
    seven = [c.letter for c in get_preset("classic", colours=7).colours]
    assert seven[:6] == classic and len(seven) == 7


def test_blank_legend_offers_only_digits_that_can_be_typed() -> None:
    preset = get_preset("superhirn", blank=True, colours=9)
    assert "10" not in preset.palette.legend()
    assert preset.palette.parse("RY.0", preset.space) == (0, 1, 9, 9)
    assert preset.palette.parse("RY◌◌", preset.space) == (0, 1, 9, 9)  # as drawn
    assert "or 9" in get_preset("superhirn", blank=True).palette.legend()


def test_custom_sizes_change_the_title_and_variants_name_themselves() -> None:
    assert (
        get_preset("superhirn", positions=5)
        .describe()
        .startswith("Custom game based on Superhirn:")
    )
    assert get_preset("superhirn", repeats=True).title.startswith("Superhirn, variant")
    assert [v.option for v in variants(SUPERHIRN)] == ["duplicates", "blank"]
    assert [v.option for v in variants(PRESETS["logik"])] == ["blank"]


def test_one_position_is_singular() -> None:
    space = CodeSpace(positions=1, colours=4)
    assert space.describe().startswith("1 position ×")
    with pytest.raises(SpaceError, match="a code has 1 position, not 2"):
        space.check((0, 1))


def test_superhirn_pins_are_red() -> None:
    assert SUPERHIRN.hit_pin == "red" and PRESETS["classic"].hit_pin == "black"
