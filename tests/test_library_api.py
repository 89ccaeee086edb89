"""turing as a library: a program importing it (a chat bot serving puzzles, a script) is
shown nothing hidden by what it may print, reads its language per thread, finds the
package typed, and cannot type a person's line on a bot's seat."""

from __future__ import annotations

import threading
import time
import tomllib
from pathlib import Path

import pytest

from turing import i18n
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.core.sharecode import decode
from turing.mastermind.match import Duel, Match, Seat
from turing.mastermind.presets import get_preset
from turing.mastermind.saves import Settings
from turing.play.game import Game, sample_puzzle_path
from turing.play.session import Session, SessionError, parse_players

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())


def _code(code: tuple[int, ...]) -> str:
    return repr(code)


# -- 1. what a repr shows ----------------------------------------------------------------------


def test_a_duel_and_its_settings_show_no_secret_code() -> None:
    duel = Duel(get_preset("logik"), (Seat("ann", True), Seat("cpu", False, "entropy")), seed=3)
    duel.start()
    secret = duel.secrets[1]
    assert secret is not None
    for shown in (repr(duel), str(duel)):
        assert _code(secret) not in shown
        assert "secrets" not in shown
    settings = Settings.of(
        duel.preset,
        duel.seats,
        duel=True,
        games=1,
        first_breaker=0,
        honour=False,
        seed=None,
        entropy=123456789,
    )
    assert "123456789" not in repr(settings)
    match = Match(get_preset("logik"), (Seat("ann", True), Seat("cpu", False, "entropy")))
    match.start()
    assert match.secret is not None and _code(match.secret) not in repr(match)


def test_a_duel_shows_no_guess_the_other_player_has_not_seen() -> None:
    duel = Duel(get_preset("logik"), (Seat("ann", True), Seat("bob", True)), seed=3)
    duel.start()
    for player in (0, 1):
        duel.set_secret(player, (0, 1, 2, 3, 4))
    duel.guess(0, (4, 3, 2, 1, 0))
    assert "(4, 3, 2, 1, 0)" not in repr(duel)


def test_a_players_view_and_a_session_are_short_and_hold_no_criteria() -> None:
    view = Game(SAMPLE, ["me"], CLASSIC).view("me")
    shown = repr(view)
    assert len(shown) < 1000
    assert "criteria=None" in shown and "solution=None" in shown
    session = Session.new(SAMPLE, CLASSIC, parse_players("ann,bot:greedy"), seed=1)
    shown = repr(session)
    assert SAMPLE.solution is not None and SAMPLE.solution not in shown
    assert "criteria=(" not in shown


# -- 2. the share code ------------------------------------------------------------------------


def test_the_share_code_waits_for_the_end_of_the_game() -> None:
    session = Session.new(SAMPLE, CLASSIC, parse_players("ann"), seed=1)
    assert session.share_code() is None
    list(session.run(session.plan("ann", "giveup")))
    code = session.share_code()
    assert code is not None
    assert decode(code).criteria == SAMPLE.criteria


# -- 3. typed ---------------------------------------------------------------------------------


def test_the_package_says_it_is_typed_and_ships_the_marker() -> None:
    assert (ROOT / "turing" / "py.typed").is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert "turing" in wheel["packages"]
    assert "turing/py.typed" in wheel["artifacts"]


# -- 4. the reveal ----------------------------------------------------------------------------


def test_the_end_of_the_game_is_revealed_once() -> None:
    session = Session.new(SAMPLE, CLASSIC, parse_players("ann,bob"), seed=1)
    list(session.run(session.plan("ann", "giveup")))
    list(session.run(session.plan("bob", "giveup")))
    reveals = []
    while (reveal := session.take_reveal()) is not None:
        reveals.append(reveal)
        assert len(reveals) < 5, "take_reveal keeps giving the end"
    assert [r.over for r in reveals] == [True]


# -- 5. the language of a thread --------------------------------------------------------------


def test_each_thread_speaks_its_own_language() -> None:
    wrong: list[str] = []
    start = threading.Barrier(2)

    def speak(language: str, expected: str) -> None:
        start.wait()
        for _ in range(50):
            with i18n.speaking(language):
                time.sleep(0.001)  # the other thread speaks meanwhile
                said = i18n._("{items} and {last}")
                if said != expected or i18n.current_language() != language:
                    wrong.append(language)

    threads = [
        threading.Thread(target=speak, args=("en", "{items} and {last}")),
        threading.Thread(target=speak, args=("de", "{items} und {last}")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
    assert i18n.current_language() == "en"
    i18n.set_language("de")  # the language of the process, which a block gives back
    try:
        with i18n.speaking("en"):
            assert i18n.format_number(1000) == "1,000"
        assert i18n.current_language() == "de" and i18n.format_number(1000) == "1.000"
    finally:
        i18n.set_language("en")


# -- 6. a bot's seat --------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["hint", "pass", "note A sure"])
def test_a_bots_seat_takes_no_typed_line(line: str) -> None:
    session = Session.new(SAMPLE, CLASSIC, parse_players("ann,bot:greedy"), seed=1)
    bot = session.seats[1].name
    before = session.game.to_dict()
    with pytest.raises(SessionError, match="bot"):
        session.plan(bot, line)
    with pytest.raises(SessionError, match="bot"):
        session.plan_note(bot, "note A sure")
    assert session.game.to_dict() == before
    assert session.plan("ann", "hint").commands  # a person's line still is one
