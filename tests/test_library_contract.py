"""The library as a script uses it: every mistake a caller can make with an argument is a
:class:`TuringError` that says what is wrong, and nothing the library builds in code can
start a game its own save would refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import PUZZLES, run
from turing import i18n
from turing.authoring.check import unplayable
from turing.core.cards import CardSetErrors, load_cardset
from turing.core.errors import TuringError
from turing.core.puzzle import Puzzle, load_puzzle
from turing.core.sharecode import decode
from turing.core.solver import SolverError, deduce, solutions
from turing.generation.bank import Bank, BankError, Query
from turing.generation.generator import GenerationError, RunState, generate, generate_one
from turing.mastermind.match import Duel, Match, MatchError, Seat
from turing.mastermind.presets import get_preset
from turing.mastermind.saves import load_save
from turing.mastermind.scoring import FeedbackError, feedback
from turing.play.game import Game, GameError
from turing.play.session import CommandError, Session, SessionError

CLASSIC = load_cardset("classic")
CARDS = ((4,), (9,), (11,), (14,))


# -- a puzzle built in code -----------------------------------------------------------------


@pytest.mark.parametrize("last", [0, -1, 4])
def test_a_criterion_off_the_card_is_refused_everywhere(last: int) -> None:
    puzzle = Puzzle(cards=CARDS, criteria=(2, 1, 1, last))
    said = f"card 14 has 3 criteria, so criterion {last} does not exist"
    with pytest.raises(GameError, match=said):
        Game(puzzle, ["a"], CLASSIC)
    with pytest.raises(TuringError, match=said):
        Session.new(puzzle, CLASSIC, [("a", None)], seed=1)
    with pytest.raises(SolverError, match=said):
        solutions(puzzle, CLASSIC)
    assert any(said in problem for problem in unplayable(puzzle, CLASSIC))


@pytest.mark.parametrize(
    ("puzzle", "said"),
    [
        (Puzzle(cards=((4,), (9,), (11,), (99,)), criteria=(2, 1, 1, 1)), "card 99 is not in"),
        (Puzzle(cards=CARDS, criteria=(2, 1, 1)), "'criteria' needs one position per verifier"),
    ],
)
def test_an_unknown_card_or_too_few_criteria_is_a_clear_error(puzzle: Puzzle, said: str) -> None:
    for ask in (solutions, deduce):
        with pytest.raises(SolverError, match=said):
            ask(puzzle, CLASSIC)
    with pytest.raises(GameError, match=said):
        Game(puzzle, ["a"], CLASSIC)


# -- generation -----------------------------------------------------------------------------


@pytest.mark.parametrize("verifiers", [2, 3])
@pytest.mark.parametrize("tier", [None, "easy", "standard", "hard"])
def test_small_puzzles_are_generated_one_at_a_time(verifiers: int, tier: str | None) -> None:
    puzzle = generate_one("classic", verifiers, tier, seed=1)
    assert puzzle.verifiers == verifiers
    assert puzzle.extra["difficulty"] == (tier or puzzle.extra["difficulty"])
    assert len(solutions(puzzle, CLASSIC)) == 1


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"count": -1}, "0 or more"),
        ({"count": 1, "metrics": "bogus"}, "unknown metrics level 'bogus'"),
        ({"count": 1, "verifiers": 9}, "2–6 verifiers, not 9"),
        ({"count": 1, "difficulty": "insane"}, "unknown difficulty 'insane'"),
    ],
)
def test_bad_generation_arguments_are_generation_errors(
    arguments: dict[str, object], said: str
) -> None:
    with pytest.raises(GenerationError, match=said):
        list(generate(**arguments))  # type: ignore[arg-type]


def test_a_bank_refuses_an_unknown_difficulty_or_mode(tmp_path: Path) -> None:
    with Bank(tmp_path / "bank.db") as bank:
        with pytest.raises(BankError, match=r"unknown difficulty 'insane'.*easy, standard, hard"):
            bank.pick(difficulty="insane")
        with pytest.raises(BankError, match="unknown difficulty 'insane'"):
            bank.count(Query(difficulty="insane"))
        with pytest.raises(BankError, match=r"unknown mode 'klassik'.*classic, extreme"):
            bank.count(Query(mode="klassik"))
        assert bank.count(Query(difficulty="none", mode="classic")) == 0


def test_an_unknown_language_and_a_code_that_is_no_text_are_turing_errors() -> None:
    with pytest.raises(TuringError, match="unknown language 'fr'"):
        i18n.set_language("fr")
    with pytest.raises(TuringError, match="not a puzzle code"):
        decode(12345)  # type: ignore[arg-type]


# -- saved games ------------------------------------------------------------------------------


def _saved_game() -> dict[str, object]:
    game = Game(load_puzzle(PUZZLES / "sample.yaml"), ["a", "b"], CLASSIC)
    game.note("a", 0, "short")
    return json.loads(json.dumps(game.to_dict()))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            lambda d: d["notes"]["a"]["text"].update(A="x" * 100_000),
            r"the note on A holds 100,000 characters, more than a save holds \(2,000\)",
        ),
        (lambda d: d["notes"].update(zed={"text": {}, "struck": [], "grid": {}}), "'zed'"),
        (lambda d: d["hints"].update(zed=3), "'zed', who is not a player"),
        (lambda d: d["notes"]["a"].update(struck=["99.9"]), "card 99 is not on the table"),
    ],
)
def test_a_save_is_held_to_what_typing_allows(change: object, said: str) -> None:
    data = _saved_game()
    change(data)  # type: ignore[operator]
    with pytest.raises(GameError, match=said):
        Game.from_dict(data, CLASSIC)


def test_saving_to_a_folder_is_the_sessions_error(tmp_path: Path) -> None:
    session = Session.new(load_puzzle(PUZZLES / "sample.yaml"), CLASSIC, [("a", None)], seed=1)
    with pytest.raises(SessionError) as caught:
        session.save(str(tmp_path))
    assert isinstance(caught.value, CommandError)  # a typed save is refused as ever


# -- smaller things ---------------------------------------------------------------------------


def test_colours_in_two_cases_are_refused() -> None:
    with pytest.raises(FeedbackError, match=r"'rgby'.*'RGBY'"):
        feedback("rgby", "RGBY")
    assert feedback("RGBY", "YBGR") == (0, 4)


def test_a_match_refuses_two_seats_alike_and_an_unknown_strategy() -> None:
    preset = get_preset("classic")
    with pytest.raises(MatchError, match="two players are called 'Ann'"):
        Match(preset, (Seat("Ann", human=True), Seat("Ann", human=True)))
    with pytest.raises(MatchError, match="unknown strategy 'psychic'"):
        Match(preset, (Seat("Ann", human=True), Seat("CPU", human=False, strategy="psychic")))


def test_a_card_set_with_several_errors_says_how_many(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "name: bad\ncards:\n"
        "  - number: 1\n    criteria:\n      - {text: a, when: 'b =='}\n"
        "  - number: 2\n    criteria:\n      - {text: a, when: 'b =='}\n"
        "  - number: 3\n    criteria:\n      - {text: a, when: 'b =='}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardSetErrors) as caught:
        load_cardset(path)
    assert len(caught.value.errors) == 6  # two each: too few criteria, a broken rule
    assert str(caught.value).endswith("(and 5 more errors)")


def test_a_mark_names_the_shape_by_its_symbol() -> None:
    game = Game(load_puzzle(PUZZLES / "sample.yaml"), ["a"], CLASSIC)
    game.mark("a", "▲", 1, True)
    game.mark("a", "●", 2, False)
    assert game.notes("a").grid == {("b", 1): True, ("p", 2): False}


# -- what a repr shows of a match read from a save ----------------------------------------


@pytest.mark.parametrize(("preset", "guess"), [("classic", "RRGG"), ("logik", "RRGGB")])
def test_a_match_read_from_a_save_shows_neither_its_secret_nor_its_seed(
    tmp_path: Path, preset: str, guess: str
) -> None:
    save = tmp_path / "mm.json"
    played = run(
        ["mastermind", "play", "--preset", preset, "--save", str(save)], input=f"{guess}\nquit\n"
    )
    assert save.is_file(), played.output
    loaded = load_save(str(save))
    match = loaded.match
    secret = match.secrets[1] if isinstance(match, Duel) else match.secret
    assert secret is not None
    for shown in (repr(match), str(match), repr(loaded), repr(loaded.settings)):
        assert repr(secret) not in shown
        assert str(loaded.settings.entropy) not in shown
        assert "seed=" not in shown


def test_a_session_and_its_bots_show_no_seed() -> None:
    seed = 987654321
    session = Session.new(
        load_puzzle(PUZZLES / "sample.yaml"), CLASSIC, [("ann", None), ("b", "greedy")], seed=seed
    )
    for shown in (repr(session), str(session), *(repr(seat) for seat in session.seats)):
        assert str(seed) not in shown
        assert "seed=" not in shown and "rng=" not in shown


# -- arguments of the wrong kind ---------------------------------------------------------


@pytest.mark.parametrize("ask", [i18n.set_language, lambda name: i18n.speaking(name).__enter__()])
def test_no_language_named_is_refused(ask: Any) -> None:
    with pytest.raises(i18n.LanguageError, match="unknown language None: choose one of en, de"):
        ask(None)
    assert i18n.current_language() == "en"


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"count": "3"}, "the number of puzzles must be a whole number, not '3'"),
        ({"count": 1, "verifiers": "4"}, "the number of verifiers must be a whole number, not '4'"),
        ({"count": 1, "seed": 1.5}, "the seed must be a whole number, not 1.5"),
        ({"count": 1, "cardset": None}, "a card set is a loaded card set or its name or file"),
    ],
)
def test_generation_refuses_an_argument_of_the_wrong_kind(
    arguments: dict[str, Any], said: str
) -> None:
    with pytest.raises(GenerationError, match=said) as caught:
        list(generate(**arguments))
    assert isinstance(caught.value, TypeError)  # as before, for callers that catch it


def test_a_game_refuses_arguments_of_the_wrong_kind() -> None:
    sample = load_puzzle(PUZZLES / "sample.yaml")
    no_cards = Puzzle(cards=None, criteria=(2, 1, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(GameError, match="a puzzle's cards must be a list of card numbers"):
        Game(no_cards, ["a"], CLASSIC)
    with pytest.raises(GameError, match="a game needs the card set its puzzle is read with"):
        Game(sample, ["a"], None)  # type: ignore[arg-type]
    with pytest.raises(GameError, match=r"the players are a list of names, .* not 'ab'"):
        Game(sample, "ab", CLASSIC)
    with pytest.raises(GameError, match="a game is played on a puzzle, not None"):
        Game(None, ["a"], CLASSIC)  # type: ignore[arg-type]
    game = Game(sample, ["a"], CLASSIC)
    with pytest.raises(GameError, match=r"a code is written as text, .* not as the number 241"):
        game.compose("a", 241)  # type: ignore[arg-type]
    game.compose("a", "241")
    assert str(game.view("a").code) == "241"


def test_a_computer_seat_without_a_strategy_is_told_the_choices() -> None:
    with pytest.raises(
        MatchError, match="'CPU' plays as the computer and needs a strategy: one of"
    ):
        Match(get_preset("classic"), (Seat("Ann", human=True), Seat("CPU", human=False)))


# -- numbers out of range, a mode in capitals, few verifiers -----------------------------------


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"jobs": 0}, "the number of workers must be 1 or more, not 0"),
        ({"jobs": -1}, "the number of workers must be 1 or more, not -1"),
        ({"give_up": 0}, "the number of draws to give up after must be 1 or more, not 0"),
        ({"give_up": -5}, "the number of draws to give up after must be 1 or more, not -5"),
        ({"min_tests": -1}, "the fewest tests asked for must be 0 or more, not -1"),
    ],
)
def test_generation_refuses_a_number_out_of_range(arguments: dict[str, Any], said: str) -> None:
    with pytest.raises(GenerationError, match=said):
        list(generate(count=3, **arguments))


def test_a_bank_refuses_bad_filters_and_names(tmp_path: Path) -> None:
    with Bank(tmp_path / "bank.db") as bank:
        with pytest.raises(BankError, match="the number of verifiers must be a whole number"):
            bank.pick(verifiers="5")  # type: ignore[arg-type]
        with pytest.raises(BankError, match="2–6 verifiers, not 7"):
            bank.pick(verifiers=7)
        with pytest.raises(BankError, match="2–6 verifiers, not 9"):
            bank.count(Query(verifiers=9))
        with pytest.raises(BankError, match="the fewest tests asked for must be 0 or more"):
            bank.count(Query(min_tests=-3))
        for ident in (None, 5):
            with pytest.raises(BankError, match=f"by its id or key, as text, not {ident}"):
                bank.get(ident)  # type: ignore[arg-type]


def test_a_mode_is_named_in_any_case_by_generation_and_the_bank(tmp_path: Path) -> None:
    assert [p.id for p in generate(2, mode="Classic", metrics="none")] == [
        p.id for p in generate(2, mode="classic", metrics="none")
    ]
    assert generate_one("NIGHTMARE", seed=3) == generate_one("nightmare", seed=3)
    with Bank(tmp_path / "bank.db") as bank:
        bank.add(list(generate(3, metrics="none")))
        assert bank.count(Query(mode="Classic")) == 3
        assert bank.pick(mode="Classic", seed=1) is not None


@pytest.mark.parametrize("tier", [None, "easy"])
def test_ten_two_verifier_puzzles_come_out(tier: str | None) -> None:
    state = RunState()
    puzzles = list(generate(10, verifiers=2, difficulty=tier, seed=1, state=state))
    assert len({p.canonical_key() for p in puzzles}) == 10
    assert not state.exhausted
