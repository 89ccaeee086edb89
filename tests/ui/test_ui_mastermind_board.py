"""The Mastermind board (`turing mastermind board`): whole games driven through Textual's
pilot by keys and by clicks — a win, a lost game with the secret shown at the end, the
person as codemaker placing pins (wrong pins caught, undo), a duel against the computer
and between two people behind the cover screen — the hidden secret checked on the
rendered screens, the command's refusals, and snapshots of the main screens."""

from __future__ import annotations

import html
import re
import time
from typing import Any

import pytest
from click.testing import CliRunner

from testsupport.pilot import run_async, screen_is
from turing import i18n
from turing.cli.main import main
from turing.mastermind.engine import Engine
from turing.mastermind.match import Duel, Match, Phase, Seat
from turing.mastermind.presets import Preset, get_preset
from turing.mastermind.scoring import Feedback, feedback, pins_counted, possible_feedbacks
from turing.mastermind.space import Code
from turing.mastermind.strategies import make_strategy

YOU = Seat("You", human=True)
COMPUTER = Seat("Computer", human=False, strategy="most-parts")


def board_app(sitting: Match | Duel) -> Any:
    pytest.importorskip("textual")
    from turing.ui.mastermind_board import MastermindBoardApp

    return MastermindBoardApp(sitting, {"most-parts": make_strategy("most-parts", seed=1)})


async def shown(pilot: Any, app: Any) -> str:
    """The text on the screen once it is drawn (the SVG screenshot without its markup)."""
    await pilot.pause(0.1)
    svg = app.export_screenshot()
    text = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")
    return text[text.index(app.TITLE) :]


async def ready(pilot: Any, app: Any) -> None:
    """Wait (up to a few seconds on a busy machine) until the computer has moved."""
    await pilot.pause(0.05)
    for _ in range(200):
        if not app.thinking and not app.workers:
            await pilot.pause(0.05)
            return
        await pilot.pause(0.05)
    raise AssertionError("the computer did not move")


async def place(pilot: Any, app: Any, fb: Feedback, hit: str = "b") -> None:
    """The codemaker's pins ``fb`` placed and entered; pins all black name the code, so the
    question that asks first is answered yes."""
    await pilot.press(*(hit * fb.black + "w" * fb.white), "enter")
    if fb.black == app.preset.positions:
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")


def letters(preset: Preset, code: Code) -> list[str]:
    return [preset.palette.colour(s).key.lower() for s in code]


def codes_on_screen(text: str) -> list[str]:
    """The codes drawn on the board, one string of letters per row of pegs."""
    return ["".join(found.split()) for found in re.findall(r"((?: [A-Z?·◌] ){4,})", text)]


@pytest.mark.parametrize("name", ["classic", "superhirn", "logik", "master-collor", "blank"])
@run_async
async def test_every_preset_plays_a_row(name: str) -> None:
    preset = get_preset("superhirn", blank=True) if name == "blank" else get_preset(name)
    sitting: Match | Duel
    if preset.mode == "duel":
        sitting = Duel(preset, (YOU, COMPUTER), games=1, seed=1)
    else:
        sitting = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=1)
    app = board_app(sitting)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        if isinstance(sitting, Duel):
            await pilot.press("d", "enter")  # a random secret for the computer to break
            await ready(pilot, app)
        keys = letters(preset, tuple(range(preset.positions)))
        if preset.blank:
            keys[1] = "full_stop"  # an empty hole, typed as "."
        await pilot.press(*keys, "enter")
        await ready(pilot, app)
        rows = sitting.rows[0] if isinstance(sitting, Duel) else sitting.rows
        assert len(rows) == 1, app.message
        expected = list(range(preset.positions))
        if preset.blank:
            expected[1] = len(preset.colours)
        assert rows[0].guess == tuple(expected)
        text = await shown(pilot, app)
        assert f"row 2 of {preset.rows}" in text
        assert preset.title in text


# -- the person breaks the computer's code -----------------------------------------------------


@run_async
async def test_classic_match_by_keys_a_win_then_the_computer_breaks_your_code() -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=5)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        secret = match.secret
        assert secret is not None
        text = await shown(pilot, app)
        assert "row 1 of 10" in text and "?  ?  ?  ?" in text
        # a short row is refused whole: nothing played
        await pilot.press("r", "enter")
        assert "a code has 4 positions" in app.message and match.rows == []
        await pilot.press("backspace")
        wrong = next(c for c in ((0, 0, 1, 1), (2, 2, 3, 3)) if c != secret)
        await pilot.press(*letters(preset, wrong), "enter")
        assert [r.guess for r in match.rows] == [wrong]
        text = await shown(pilot, app)
        assert "row 2 of 10" in text
        assert "".join(letters(preset, secret)).upper() not in "".join(codes_on_screen(text)[1:])
        await pilot.press(*letters(preset, secret), "enter")
        assert app.ended is not None  # game 1 over: the board shows the secret
        text = await shown(pilot, app)
        assert "You cracked the code in 2 rows; 2 points to the computer." in text
        assert "the secret" in text
        await pilot.press("enter")
        # game 2: you make the code (digits work as well as letters), the computer breaks it
        await ready(pilot, app)
        assert app.mode == "secret"
        await pilot.press("1", "2", "3", "4", "enter")
        assert match.secret == (0, 1, 2, 3)
        await ready(pilot, app)
        assert "your code" in await shown(pilot, app)
        rows = 0
        while match.phase is Phase.GUESS and app.mode == "pins":
            assert app.proposal is not None
            fb = feedback((0, 1, 2, 3), app.proposal)
            await place(pilot, app, fb)
            await ready(pilot, app)
            rows += 1
            assert rows < 10
        assert app.ended is not None and app.ended.last
        text = await shown(pilot, app)
        assert f"Code cracked by the computer in {rows} rows" in text
        assert "Final score: You: " in text
        await pilot.press("q")  # the match is over: q leaves without asking
        assert app.screen is app.screen_stack[0]
    assert app.return_code == 0
    assert match.phase is Phase.OVER


@pytest.mark.parametrize(
    ("language", "won", "final"),
    [
        ("en", "You cracked the code in 1 row; 1 point to the computer.", "; you win."),
        (
            "de",
            "Du hast den Code in 1 Reihe geknackt; 1 Punkt für den Computer.",
            ". Du hast gewonnen.",
        ),
    ],
)
@run_async
async def test_the_person_against_the_computer_is_spoken_to_at_the_end(
    language: str, won: str, final: str
) -> None:
    i18n.set_language(language)
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=5)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert match.secret is not None
        await pilot.press(*letters(preset, match.secret), "enter")
        assert app.ended is not None and won in app.ended.text
        await pilot.press("enter")
        await ready(pilot, app)
        await pilot.press("1", "2", "3", "4", "enter")
        await ready(pilot, app)
        while match.phase is Phase.GUESS and app.mode == "pins":
            assert app.proposal is not None
            fb = feedback((0, 1, 2, 3), app.proposal)
            await place(pilot, app, fb, app._hit_key())
            await ready(pilot, app)
        assert app.ended is not None and app.ended.last
        assert match.scores[0] > match.scores[1]
        text = await shown(pilot, app)
        assert text.count(final) == 1, text
        assert "You wins" not in text and "You gewinnt" not in text


@run_async
async def test_the_head_names_the_finished_game_until_the_next_one_starts() -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=2)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert match.secret is not None
        await pilot.press(*letters(preset, match.secret), "enter")
        await ready(pilot, app)
        assert app.ended is not None
        text = await shown(pilot, app)
        assert f"{preset.title} · game 1 of 2" in text and "game 2 of 2" not in text
        assert "Codebreaker You · codemaker Computer" in text
        await pilot.press("enter")  # the next game: the roles change hands
        await ready(pilot, app)
        text = await shown(pilot, app)
        assert f"{preset.title} · game 2 of 2" in text
        assert "Codebreaker Computer · codemaker You" in text


@run_async
async def test_keys_that_do_nothing_say_which_keys_do() -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=2, first_breaker=0, seed=2)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        for key in ("z", "7", "9"):
            await pilot.press(key)
            assert app.message == f"{key}: colours here are 1–6 / R G B Y W K"
        assert app.entry == []
        await pilot.press("r")  # a key that does something: the complaint goes
        assert app.entry == [0] and app.message == ""
        await pilot.press("enter")
        assert app.message == "error: a code has 4 positions, not 1"
        await pilot.press("backspace")
        assert app.message == ""


@run_async
async def test_keys_that_place_no_pin_say_which_keys_do() -> None:
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("r", "y", "g", "b", "enter")
        await ready(pilot, app)
        assert app.mode == "pins"
        for key in ("g", "3", "z"):
            await pilot.press(key)
            assert app.message == f"{key}: pins are r (red) and w (white)"
        assert app.pins == []
        await pilot.press("r", "w")
        assert app.pins == [True, False] and app.message == ""


@run_async
async def test_a_pin_or_a_peg_more_than_the_row_holds_is_refused_with_why() -> None:
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        # the secret: a fifth peg is refused and said; the row keeps its four
        await pilot.press("r", "y", "g", "b")
        entry = list(app.entry)
        await pilot.press("r")
        assert app.entry == entry and len(entry) == 4
        assert app.message.startswith("a code has 4 pegs: Enter sets it"), app.message
        await pilot.press("backspace")
        assert len(app.entry) == 3 and app.message == ""
        await pilot.press("b", "enter")
        await ready(pilot, app)
        assert app.mode == "pins"
        await pilot.press("r", "r", "r", "r")
        assert app.pins == [True] * 4 and app.message == ""
        await pilot.press("w")  # a fifth pin: nothing changes, and the message says why
        assert app.pins == [True] * 4
        assert app.message.startswith("a row has 4 pins at most"), app.message
        await pilot.press("backspace")  # a key that does something: the refusal goes
        assert app.pins == [True] * 3 and app.message == ""


@run_async
async def test_backspace_with_nothing_to_take_back_says_so() -> None:
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("backspace")  # the secret's row is empty
        assert app.message == "no peg to take back: the row has none yet"
        await pilot.press("r", "y", "g", "b", "enter")
        await ready(pilot, app)
        assert app.mode == "pins"
        await pilot.press("backspace")
        assert app.message == "no pins to take back: this row has no pins yet"


@run_async
async def test_a_peg_too_many_says_what_enter_does_with_the_row() -> None:
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("r", "y", "g", "b", "r")  # setting the secret: Enter sets it
        assert app.message == "a code has 4 pegs: Enter sets it, Backspace takes a peg back"
        assert app.entry == [0, 1, 2, 3]
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=0, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("r", "y", "g", "b", "r")  # a guess: Enter plays it
        assert app.message == "a row has 4 holes: Enter plays it, Backspace takes a peg back"


@run_async
async def test_n_in_the_leave_dialog_is_the_dialog_s_no_not_a_key_of_the_board() -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=2, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        before = app.message
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("n")
        await ready(pilot, app)
        assert app.screen is app.screen_stack[0]
        assert not app.message.startswith("n:") and app.message == before, app.message


@run_async
async def test_enter_in_a_yes_no_question_decides_nothing_and_says_which_keys_answer() -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=1, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("x")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert app.focused is None  # no button chosen for the player
        await pilot.press("enter")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "Press y for yes or n for no" in await shown(pilot, app)
        assert match.phase is Phase.GUESS
        await pilot.press("n")
        assert await screen_is(pilot, app, "TableScreen")
        assert match.phase is Phase.GUESS


@run_async
async def test_a_game_by_the_mouse_alone() -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=0, seed=2)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        secret = match.secret
        assert secret is not None
        palette = app.query_one("#palette")
        # "Pegs " then each peg as " X " and its number: 4 cells apart
        for symbol in (5, 5, 5):
            await pilot.click(palette, offset=(7 + 5 * symbol, 0))
        await pilot.click("#do-erase")
        await pilot.click(palette, offset=(7, 0))
        assert app.entry == [5, 5, 0]
        await pilot.click(palette, offset=(7 + 5 * 1, 0))
        await pilot.click("#do-enter")
        assert [r.guess for r in match.rows] == [(5, 5, 0, 1)]
        for symbol in secret:
            await pilot.click(palette, offset=(7 + 5 * symbol, 0))
        await pilot.click("#do-enter")
        assert app.ended is not None and app.ended.last
        # Textual takes a second press of the same button within 0.2 s as one press
        await pilot.pause(0.3)
        await pilot.click("#do-enter")
    assert app.return_code == 0


@run_async
async def test_a_lost_game_shows_the_secret_only_at_the_end() -> None:
    preset = get_preset("classic", rows=2)
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=0, seed=11)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        secret = match.secret
        assert secret is not None
        hidden = "".join(letters(preset, secret)).upper()
        wrong = [c for c in ((0, 0, 0, 0), (1, 1, 1, 1), (2, 2, 2, 2)) if c != secret][:2]
        await pilot.press(*letters(preset, wrong[0]), "enter")
        text = await shown(pilot, app)
        assert hidden not in codes_on_screen(text) and "?  ?  ?  ?" in text
        await pilot.press(*letters(preset, wrong[1]), "enter")
        text = await shown(pilot, app)
        assert "You did not crack the code in 2 rows; 3 points to the computer." in text
        assert hidden in codes_on_screen(text)  # the secret, on the board, at the end
        assert "the secret" in text
        await pilot.press("enter")
    assert app.return_code == 0


@run_async
async def test_giving_up_asks_first_and_ends_the_game() -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=1, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("x")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("n")
        assert match.phase is Phase.GUESS
        await pilot.press("x")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await pilot.pause(0.1)
        assert app.ended is not None and "You gave up after 0 rows" in app.ended.text
        assert app.ended.secrets == (match.secret,)


@run_async
async def test_an_odd_number_of_games_is_said_at_the_start_and_the_higher_total_wins() -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=3, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        text = await shown(pilot, app)
        assert "An odd number of games: the computer makes one code more than you (2 to 1)." in text
        assert "game 1 of 3" in text
    single = Match(get_preset("classic"), (YOU, COMPUTER), games=1, first_breaker=0, seed=3)
    app = board_app(single)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("x")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await pilot.pause(0.1)
        assert app.ended is not None
        assert "Final score: You: 0, Computer: 11; the computer wins." in app.ended.text


@run_async
async def test_in_german_a_given_up_duel_and_a_refused_row_are_said_in_german() -> None:
    i18n.set_language("de")
    duel = Duel(get_preset("logik"), (YOU, COMPUTER), games=1, seed=7)
    app = board_app(duel)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("d", "enter")
        await ready(pilot, app)
        await pilot.press("r", "enter")  # one peg of five
        assert app.message.startswith("Fehler: ")
        await pilot.press("x")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("j")
        await pilot.pause(0.1)
        assert app.ended is not None
        assert "(du hast aufgegeben)" in app.ended.text


@pytest.mark.parametrize("preset", ["classic", "logik"])
@run_async
async def test_in_german_the_one_person_is_du_on_the_board_as_in_play(preset: str) -> None:
    """The person named by the command's default (You) is Du wherever the board names
    them, and spoken to where a sentence is about them, as `mastermind play` says it."""
    from turing.cli.mastermind import parse_players

    i18n.set_language("de")
    seats = parse_players("human,computer", "most-parts")
    game = get_preset(preset)
    sitting: Match | Duel
    if game.mode == "duel":
        sitting = Duel(game, seats, games=1, seed=3)
    else:
        sitting = Match(game, seats, games=2, first_breaker=0, seed=3)
    app = board_app(sitting)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        if isinstance(sitting, Duel):
            await pilot.press("d", "enter")
            await ready(pilot, app)
        texts = [await shown(pilot, app)]
        await pilot.press("x")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("j")
        await pilot.pause(0.1)
        assert app.ended is not None
        texts.append(await shown(pilot, app))
    text = "\n".join(texts)
    if preset == "classic":
        assert "Stand: Du 0; Computer 0" in texts[0]
        assert "Code-Brecher Du · Code-Setzer Computer" in text
        assert "Du hast nach 0 Reihen aufgegeben; 11 Punkte für den Computer." in text
        assert "Stand nach Spiel 1 von 2: Du 0; Computer 11." in text
    else:
        assert "Du gegen den Code des Computers" in text
        assert "Spiel 1: der Computer hat gewonnen (du hast aufgegeben)." in text
        assert "Endstand: Du 0; Computer 1. Der Computer gewinnt." in text
    assert "Spieler" not in text and "Du hat" not in text


# -- the hint ----------------------------------------------------------------------------------


def fitting(preset: Preset, rows: list[tuple[Code, Code]]) -> int:
    """The codes of the game that give every (guess, secret) row its pins, one by one."""
    space = preset.space
    return sum(
        all(feedback(space.code(i), guess) == feedback(secret, guess) for guess, secret in rows)
        for i in range(len(space))
    )


def said(count: int) -> str:
    return "1 code fits the rows so far." if count == 1 else f"{count:,} codes fit the rows so far."


def footer(app: Any) -> str:
    """The keys the footer offers now, as "key description" pairs."""
    from textual.widgets import Footer

    keys = app.query_one(Footer).query("FooterKey")
    return " | ".join(f"{k.key_display} {k.description}" for k in keys)


@run_async
async def test_hint_at_a_guess_says_how_many_codes_fit_the_rows_so_far() -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=5)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        secret = match.secret
        assert secret is not None
        assert "h hint" in footer(app)
        assert not app.query_one("#do-hint").disabled
        await pilot.press("h")
        assert app.message == "1,296 codes fit the rows so far."
        assert "1,296 codes fit the rows so far." in await shown(pilot, app)
        first = next(c for c in ((0, 0, 1, 1), (2, 2, 3, 3)) if c != secret)
        await pilot.press(*letters(preset, first), "enter")
        assert app.message == ""  # the row played clears the line
        count = fitting(preset, [(first, secret)])
        assert 1 < count < 1296
        await pilot.press("r", "h")  # a row half typed stays as it is
        assert app.message == said(count)
        assert app.entry == [0] and len(match.rows) == 1
        await pilot.press("backspace")
        second = next(c for c in ((4, 4, 5, 5), (0, 2, 4, 5)) if c != secret)
        await pilot.press(*letters(preset, second), "enter")
        await pilot.click("#do-hint")  # the button says the same
        count = fitting(preset, [(first, secret), (second, secret)])
        assert app.message == said(count)
        assert count == match.codes_left()


@run_async
async def test_no_hint_while_the_computer_breaks_your_code() -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert app.mode == "secret"
        assert "q quit" in footer(app) and "hint" not in footer(app)
        await pilot.press("h")
        assert app.message == ""
        await pilot.press("r", "g", "b", "y", "enter")
        await ready(pilot, app)
        assert app.mode == "pins" and app.proposal is not None
        assert "hint" not in footer(app)
        assert not app.query_one("#do-hint").display  # only the keys that do something
        await pilot.press("h")
        assert app.message == "" and app.pins == []
        assert "fit the rows" not in await shown(pilot, app)


@run_async
async def test_in_german_the_hit_pin_is_a_schwarzer_stift_on_s() -> None:
    i18n.set_language("de")
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(120, 34)) as pilot:
        await ready(pilot, app)
        await pilot.press("r", "n", "b", "g", "enter")
        await ready(pilot, app)
        assert app.mode == "pins"
        text = await shown(pilot, app)
        assert "s ein schwarzer Stift" in text and "schwarz s" in text
        await pilot.press("s", "w")
        assert app.pins == [True, False]


@run_async
async def test_in_german_a_half_point_is_written_with_a_comma() -> None:
    i18n.set_language("de")
    duel = Duel(get_preset("logik"), (YOU, COMPUTER), games=3, seed=7)
    duel.wins[0], duel.draws = 1, 1  # a won duel and a draw: 1.5 to 0.5
    app = board_app(duel)
    async with app.run_test(size=(120, 34)) as pilot:
        await ready(pilot, app)
        text = await shown(pilot, app)
        assert "You 1,5; Computer 0,5" in text, text
        assert "1.5" not in text and "0.5" not in text


@run_async
async def test_hint_in_a_duel_counts_your_own_rows() -> None:
    preset = get_preset("logik")
    duel = Duel(preset, (YOU, COMPUTER), games=1, seed=7)
    app = board_app(duel)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("d", "enter")
        await ready(pilot, app)
        theirs = duel.secrets[1]
        assert theirs is not None
        wrong = next(c for c in ((0, 0, 1, 1, 2), (3, 3, 4, 4, 5)) if c != theirs)
        await pilot.press(*letters(preset, wrong), "enter")
        await ready(pilot, app)
        assert app.mode == "guess" and len(duel.rows[0]) == 1
        await pilot.press("h")
        count = fitting(preset, [(wrong, theirs)])
        assert app.message == said(count)


@run_async
async def test_in_german_the_hint_is_the_line_prompts_words() -> None:
    i18n.set_language("de")
    preset = get_preset("superhirn")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        secret = match.secret
        assert secret is not None
        assert "h Hinweis" in footer(app)
        await pilot.press("h")
        assert app.message == "1.680 Codes passen zu den bisherigen Reihen."
        guess = (0, 0, 1, 1)  # a person may repeat colours in a guess
        await pilot.press(*letters(preset, guess), "enter")
        assert len(match.rows) == 1
        await pilot.press("h")
        count = fitting(preset, [(guess, secret)])
        assert (
            app.message
            == f"{count:,}".replace(",", ".") + " Codes passen zu den bisherigen Reihen."
        )
        assert "Codes passen zu den bisherigen Reihen." in await shown(pilot, app)


@run_async
async def test_in_german_the_board_takes_and_shows_the_line_prompts_letters() -> None:
    """German letters, as the line prompt reads them: N for grün (G is gelb), S for
    schwarz; the English Y and K place nothing."""
    i18n.set_language("de")
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(110, 34)) as pilot:
        await ready(pilot, app)
        text = await shown(pilot, app)
        assert "tippe RNBGWS" in text
        await pilot.press("y", "k")
        assert app.entry == []
        await pilot.press("n", "g", "s", "r")
        names = [preset.palette.colour(s).name for s in app.entry]
        assert names == ["green", "yellow", "black", "red"]
        await pilot.press("enter")
        assert [preset.palette.colour(s).name for s in match.rows[0].guess] == names


@run_async
async def test_the_title_line_names_the_game_and_its_variants_in_the_language_shown() -> None:
    for language, title in (
        ("en", "Superhirn, variants “double colours” and “ninth colour” · game 1 of 2"),
        ("de", "Superhirn, Varianten „Doppelte Farben“ und „Neunte Farbe“ · Spiel 1 von 2"),
    ):
        i18n.set_language(language)
        preset = get_preset("superhirn", repeats=True, blank=True)
        app = board_app(Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=3))
        async with app.run_test(size=(110, 34)) as pilot:
            await ready(pilot, app)
            assert title in await shown(pilot, app)
    i18n.set_language("en")


# -- the person makes the code -----------------------------------------------------------------


@run_async
async def test_superhirn_pins_in_red_a_refused_secret_undo_and_wrong_pins() -> None:
    preset = get_preset("superhirn")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert app.mode == "secret"
        await pilot.press("r", "r", "g", "b", "enter")  # Superhirn: no colour twice
        assert "each colour may appear once" in app.message and match.secret is None
        for _ in range(4):
            await pilot.press("backspace")
        await pilot.press("r", "y", "g", "b", "enter")
        secret = (0, 1, 2, 3)
        assert match.secret == secret
        await ready(pilot, app)
        first = app.proposal
        assert first is not None and "◀ your pins" in await shown(pilot, app)
        right = feedback(secret, first)
        # pins: r a red pin, w a white one; more pins than holes are not placed
        await pilot.press(*("w" * 6))
        assert len(app.pins) == 4
        for _ in range(4):
            await pilot.press("backspace")
        wrong = "r" if right.black == 0 else "w"
        await pilot.press(wrong, "enter")
        await ready(pilot, app)
        assert len(match.rows) == 1 and match.can_undo
        await pilot.press("u")  # the last pins taken back before the next guess
        assert match.rows == [] and match.pending == first
        assert "taken back" in app.message
        await pilot.press(wrong, "enter")
        await ready(pilot, app)
        # the next pins settle the wrong ones: the game restarts, 3 points to the computer
        proposal = app.proposal
        if proposal is None:  # the wrong pins left no code at all: asked, let stand
            assert await screen_is(pilot, app, "ConfirmScreen")
            await pilot.press("n")
            assert await screen_is(pilot, app, "MessageScreen")
        else:
            fb = feedback(secret, proposal)
            await place(pilot, app, fb, "r")
            assert await screen_is(pilot, app, "MessageScreen")
        # the board behind is cleared for the restart: the dialog names the row itself
        given = "1 red, 0 white" if wrong == "r" else "0 red, 1 white"
        spelled = " ".join(k.upper() for k in letters(preset, first))
        assert f"Row 1 ({spelled}): you gave {given}; it should have had" in app.screen.body
        assert match.scores[1] == 3 and match.restarts == 1
        await pilot.press("enter")


@run_async
async def test_the_help_line_says_what_enter_does_and_news_goes_with_the_next_key() -> None:
    """Typing a secret, the help line says Enter sets it (a guess: plays the row); after a
    wrong-pins restart its news goes once a key does something, d included, as a complaint
    does."""
    preset = get_preset("superhirn")
    match = Match(preset, (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert app.mode == "secret"
        status = str(app.query_one("#status").render())
        assert "Enter sets your secret code." in status and "plays the row" not in status
        await pilot.press("enter")  # no pegs: refused
        assert app.complaint and app.message
        await pilot.press("d")  # a code drawn: the key did something
        assert len(app.entry) == 4 and app.message == ""
        for _ in range(4):
            await pilot.press("backspace")
        secret = (0, 1, 2, 3)
        await pilot.press("r", "y", "g", "b", "enter")
        await ready(pilot, app)
        first = app.proposal
        assert first is not None
        wrong = "r" if feedback(secret, first).black == 0 else "w"
        await pilot.press(wrong, "enter")
        await ready(pilot, app)
        proposal = app.proposal
        if proposal is None:  # the wrong pins left no code at all: asked, let stand
            assert await screen_is(pilot, app, "ConfirmScreen")
            await pilot.press("n")
        else:
            fb = feedback(secret, proposal)
            await place(pilot, app, fb, "r")
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert app.mode == "secret" and match.restarts == 1
        assert app.message == "Game 1 restarts with an empty board."
        assert "Enter sets your secret code." in str(app.query_one("#status").render())
        await pilot.press("d")
        await pilot.pause(0.05)
        assert len(app.entry) == 4 and app.message == ""
        assert "restarts" not in await shown(pilot, app)


@pytest.mark.parametrize("honour", [False, True])
@run_async
async def test_pins_all_black_are_asked_about_before_they_end_the_game(honour: bool) -> None:
    """Pins all black name the code and end the game: a slip of one key would be final at
    once, so the codemaker is asked first; no keeps the pins in the row to change."""
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=1, seed=4, honour=honour)
    app = board_app(match)
    secret = (0, 1, 2, 3)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        if not honour:
            await pilot.press(*letters(preset, secret), "enter")
            await ready(pilot, app)
        first = app.proposal
        assert first is not None and first != secret
        await pilot.press("b", "b", "b", "b", "enter")  # a slip: four black pins
        assert await screen_is(pilot, app, "ConfirmScreen")
        spelled = " ".join(k.upper() for k in letters(preset, first))
        assert f"{spelled} is your code?" in await shown(pilot, app)
        await pilot.press("n")
        await pilot.pause(0.1)
        assert match.rows == [] and app.ended is None and match.scores == [0, 0]
        assert app.proposal == first and len(app.pins) == 4  # still to change
        await pilot.press("enter")  # asked again; u, undo at the prompt, answers no too
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("u")
        await pilot.pause(0.1)
        assert type(app.screen).__name__ != "ConfirmScreen"
        assert match.rows == [] and app.ended is None and match.scores == [0, 0]
        assert app.proposal == first and len(app.pins) == 4
        for _ in range(4):
            await pilot.press("backspace")
        right = feedback(secret, first)
        await pilot.press(*("b" * right.black + "w" * right.white), "enter")
        await ready(pilot, app)
        assert len(match.rows) == 1 and match.restarts == 0


@pytest.mark.parametrize("take_back", [True, False])
@run_async
async def test_pins_that_leave_no_code_are_asked_about_before_they_are_final(
    take_back: bool,
) -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=1, seed=4)
    app = board_app(match)
    engine = Engine(preset.space)
    secret = (0, 1, 2, 3)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press(*letters(preset, secret), "enter")
        await ready(pilot, app)
        first = app.proposal
        assert first is not None
        right = feedback(secret, first)
        await pilot.press(*("b" * right.black + "w" * right.white), "enter")
        await ready(pilot, app)
        second = app.proposal
        assert second is not None
        left = engine.consistent(match.history())
        possible = set(engine.table.row(preset.space.index(second), left).tolist())
        lie = next(f for f in possible_feedbacks(4) if f.key(4) not in possible)
        truth = feedback(secret, second)
        await pilot.press(*("b" * lie.black + "w" * lie.white), "enter")
        await ready(pilot, app)
        # the computer cannot guess: the codemaker is asked before the pins are final
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "No code gives every row the pins it got" in await shown(pilot, app)
        assert "take back the pins of row 2?" in await shown(pilot, app)
        if take_back:
            await pilot.press("y")
            await ready(pilot, app)
            assert len(match.rows) == 1 and match.pending == second
            assert "taken back" in app.message
            await place(pilot, app, truth)
            await ready(pilot, app)
            assert len(match.rows) == 2 and match.restarts == 0 and match.scores[1] == 0
        else:
            await pilot.press("n")
            assert await screen_is(pilot, app, "MessageScreen")
            spelled = " ".join(k.upper() for k in letters(preset, second))
            assert app.screen.body.startswith(
                f"Row 2 ({spelled}): you gave {pins_counted(lie, preset.hit_pin)}; "
                f"it should have had {pins_counted(truth, preset.hit_pin)}."
            )
            assert match.restarts == 1 and match.scores[1] == 3


@run_async
async def test_on_the_honour_system_the_secret_is_shown_at_the_end_to_check_the_rows() -> None:
    preset = get_preset("classic", rows=3)
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=1, seed=4, honour=True)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert app.mode == "pins" and match.secret is None  # no secret typed first
        secret = (5, 5, 5, 5)  # kept in the head: black, black, black, black
        for _ in range(3):
            assert app.proposal is not None
            fb = feedback(secret, app.proposal)
            await place(pilot, app, fb)
            await ready(pilot, app)
            if app.mode != "pins":
                break
        if match.phase is Phase.REVEAL:  # not cracked in 3 rows: the code is shown now
            assert app.mode == "reveal"
            await pilot.press("k", "k", "k", "k", "enter")
        await pilot.pause(0.1)
        assert app.ended is not None and app.ended.secrets == (secret,)
        assert "Wrong pins" not in await shown(pilot, app)


@run_async
async def test_two_people_maker_and_breaker_the_secret_never_shows_to_the_breaker() -> None:
    preset = get_preset("classic")
    ann, bob = Seat("ann", human=True), Seat("bob", human=True)
    match = Match(preset, (ann, bob), games=2, first_breaker=0, seed=1)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await screen_is(pilot, app, "CoverScreen")
        assert "bob: set your secret code; ann looks away." in await shown(pilot, app)
        await pilot.press("enter")
        await pilot.press("w", "w", "k", "k", "enter")
        assert match.secret == (4, 4, 5, 5)
        assert await screen_is(pilot, app, "CoverScreen")
        text = await shown(pilot, app)
        assert "Pass the keyboard to ann" in text and "WWKK" not in codes_on_screen(text)
        await pilot.press("enter")
        text = await shown(pilot, app)
        assert "WWKK" not in codes_on_screen(text) and "?  ?  ?  ?" in text
        await pilot.press("w", "w", "k", "b", "enter")
        assert len(match.rows) == 1 and app.seat == 0  # the same breaker: no cover
        await pilot.press("w", "w", "k", "k", "enter")
        assert app.ended is not None
        assert "Code cracked by ann in 2 rows; 2 points to bob." in await shown(pilot, app)
        await pilot.press("enter")  # game 2: ann makes the code, behind a cover again
        assert await screen_is(pilot, app, "CoverScreen")
        assert "ann: set your secret code; bob looks away." in await shown(pilot, app)


# -- the duel ----------------------------------------------------------------------------------


@run_async
async def test_logik_duel_against_the_computer_side_by_side() -> None:
    preset = get_preset("logik")
    duel = Duel(preset, (YOU, COMPUTER), games=1, seed=7)
    app = board_app(duel)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        assert app.mode == "secret"
        await pilot.press("d")  # a random secret, shown to you before Enter
        assert len(app.entry) == 5
        await pilot.press("enter")
        mine = duel.secrets[0]
        assert mine is not None
        await ready(pilot, app)
        theirs = duel.secrets[1]
        assert theirs is not None
        text = await shown(pilot, app)
        assert "You against the computer's code" in text and "Computer against your code" in text
        assert "your code" in text  # your own code above the computer's board
        hidden = "".join(letters(preset, theirs)).upper()
        assert hidden not in codes_on_screen(text)
        wrong = next(c for c in ((0,) * 5, (1,) * 5) if c != theirs)
        await pilot.press(*letters(preset, wrong), "enter")
        await ready(pilot, app)
        assert len(duel.rows[0]) == len(duel.rows[1]) == 1
        await pilot.press(*letters(preset, theirs), "enter")
        await ready(pilot, app)
        assert app.ended is not None
        text = await shown(pilot, app)
        assert "Game 1: you won (cracked the code first)." in text or "draw" in text
        assert hidden in codes_on_screen(text)
        assert app.message == "" and "played" not in text  # only the end shows at the end
        await pilot.press("enter")
    assert app.return_code == 0


@run_async
async def test_keys_typed_right_after_the_secret_reach_the_row_while_the_computer_chooses() -> None:
    preset = get_preset("logik")
    duel = Duel(preset, (YOU, COMPUTER), games=1, seed=4)
    symbol = {preset.palette.colour(s).key.lower(): s for s in range(len(preset.colours))}
    from turing.mastermind.strategies import Strategy
    from turing.ui.mastermind_board import MastermindBoardApp

    class Slow(Strategy):
        """The computer taking its time over each guess, as on a slow machine."""

        name = "slow"
        summary = "slow"

        def choose(self, engine: Any, history: Any, candidates: Any) -> int:
            time.sleep(0.6)
            return int(candidates[0])

    app = MastermindBoardApp(duel, {"most-parts": Slow()})
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("r", "g", "b", "y", "w", "enter", "r", "g", "b")  # no pause
        await ready(pilot, app)
        assert app.mode == "guess" and len(duel.rows[0]) == 0
        assert app.entry == [symbol[k] for k in "rgb"], app.message
        assert "RGB··" in codes_on_screen(await shown(pilot, app))
        # a whole row played before the computer has chosen is played once it has
        await pilot.press("y", "w", "enter", "k", "k", "k", "k", "k", "enter")
        await ready(pilot, app)
        assert [row.guess for row in duel.rows[0]][:1] == [(0, 2, 3, 1, 4)] or app.ended
        assert len(duel.rows[0]) == 2 or app.ended, app.message


@run_async
async def test_duel_between_two_people_hides_each_move_behind_the_cover() -> None:
    preset = get_preset("classic")
    ann, bob = Seat("ann", human=True), Seat("bob", human=True)
    duel = Duel(preset, (ann, bob), games=1, seed=1)
    app = board_app(duel)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await screen_is(pilot, app, "CoverScreen")
        assert "Pass the keyboard to ann" in await shown(pilot, app)
        await pilot.press("enter")
        await pilot.press("r", "g", "b", "y", "enter")  # ann's secret
        assert await screen_is(pilot, app, "CoverScreen")
        assert "bob looks away" not in await shown(pilot, app)
        await pilot.press("enter")
        await pilot.press("w", "w", "k", "k", "enter")  # bob's secret
        assert duel.phase is Phase.GUESS
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        text = await shown(pilot, app)
        assert "RGBY" not in codes_on_screen(text) and "WWKK" not in codes_on_screen(text)
        await pilot.press("w", "w", "k", "g", "enter")  # ann's move, hidden from bob
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        text = await shown(pilot, app)
        assert "WWKG" not in codes_on_screen(text), "ann's move shows before bob has moved"
        await pilot.press("r", "g", "b", "y", "enter")  # bob cracks ann's code
        await pilot.pause(0.1)
        assert app.ended is not None
        text = await shown(pilot, app)
        assert "Game 1: bob won (cracked the code first)." in text
        assert "WWKG" in codes_on_screen(text) and "WWKK" in codes_on_screen(text)


# -- the command -------------------------------------------------------------------------------


def test_the_command_refuses_bad_options_in_one_line() -> None:
    pytest.importorskip("textual")
    runner = CliRunner()
    result = runner.invoke(main, ["mastermind", "board", "--port", "9000"])
    assert result.exit_code == 2 and "--port goes with --serve" in result.output
    result = runner.invoke(main, ["mastermind", "board", "--games", "0"])
    assert result.exit_code == 2 and "--games" in result.output
    result = runner.invoke(main, ["mastermind", "board", "--players", "human,robot"])
    assert result.exit_code == 2 and "human[:NAME]" in result.output
    result = runner.invoke(
        main, ["mastermind", "board", "--honour", "--players", "human:Ann,human:Bob"]
    )
    assert result.exit_code == 2 and "--honour: the honour system is for a person" in result.output
    result = runner.invoke(main, ["mastermind", "board", "--honour", "--preset", "logik"])
    assert result.exit_code == 2 and "in a duel both players set a code" in result.output


def test_the_command_refuses_the_optimal_strategy_where_it_cannot_play() -> None:
    """Refused before the board opens (or is served), as by mastermind play."""
    pytest.importorskip("textual")
    runner = CliRunner()
    for extra in ([], ["--serve"]):
        result = runner.invoke(
            main, ["mastermind", "board", "--preset", "logik", "--strategy", "optimal", *extra]
        )
        assert result.exit_code == 2
        assert (
            "error: the optimal strategy plays only the classic and superhirn games as they "
            "come (no variant) and games"
        ) in result.output
        assert "this one has 32,768, too many" in result.output
        assert "use entropy, most-parts, expected-size or knuth" in result.output


def test_the_served_command_line_gives_the_same_match() -> None:
    from turing.cli.mastermind import board_command
    from turing.cli.serving import SERVE_OPTIONS, command_line

    given = ["--preset", "superhirn", "--no-repeats", "--games", "4", "--seed", "3"]
    params = board_command.make_context("board", given).params
    words = command_line(board_command, params, SERVE_OPTIONS)
    assert "--serve" not in words and "--no-repeats" in words
    assert board_command.make_context("board", words).params == params


# -- a board taller than the terminal ---------------------------------------------------------


def row_line(text: str, number: int) -> str:
    """The first line of the screen that shows row ``number`` of a board."""
    found = re.search(rf"^│▶? *{number} .*$", text, re.M)
    assert found, f"row {number} is not on the screen:\n{text}"
    return found.group(0)


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
@pytest.mark.parametrize(("name", "played"), [("superhirn", 10), ("classic", 7), ("logik", 4)])
@run_async
async def test_the_row_in_play_and_the_last_pins_stay_in_view(
    name: str, played: int, size: tuple[int, int]
) -> None:
    preset = get_preset(name)
    sitting: Match | Duel
    if preset.mode == "duel":
        sitting = Duel(preset, (YOU, COMPUTER), games=1, seed=3)
        size = (max(size[0], 80), size[1])  # two boards side by side need 80 columns
    else:
        sitting = Match(preset, (YOU, COMPUTER), games=2, first_breaker=0, seed=3)
    app = board_app(sitting)
    async with app.run_test(size=size) as pilot:
        await ready(pilot, app)
        if isinstance(sitting, Duel):
            await pilot.press("d", "enter")
            await ready(pilot, app)
        secret = sitting.secrets[1] if isinstance(sitting, Duel) else sitting.secret
        codes = (tuple(int(s) for s in c) for c in preset.space.codes[::97])
        wrong = (c for c in codes if c != secret)
        for _ in range(played):
            await pilot.press(*letters(preset, next(wrong)), "enter")
            await ready(pilot, app)
        assert app.ended is None and app.mode == "guess", app.message
        await pilot.press(*letters(preset, next(wrong))[:2])
        text = await shown(pilot, app)
        assert f"row {played + 1} of {preset.rows}" in text
        active = row_line(text, played + 1)
        assert "▶" in active and "·" in active  # the row being typed, its pegs in view
        last = row_line(text, played)
        assert re.search(rf"[●○·]{{{preset.positions}}}", last), last  # and its pins
        if isinstance(sitting, Duel) and size[0] >= 80:  # the other board too, side by side
            assert last.count("│") == 4 and re.search(r"[●○·]{5} *│$", last.rstrip()), last


def nothing_cut(app: Any) -> None:
    """Everything on the board in full on the screen: no scrolling, no line or button cut
    off, each text as tall as its wrapped lines."""
    from textual.containers import VerticalScroll
    from textual.widgets import Button, Static

    screen = app.screen.region
    assert app.query_one("#boards", VerticalScroll).max_scroll_y == 0
    for widget in app.screen.query("#title, .mm-board, #entry, #palette, #status, #message"):
        if not widget.display:
            continue
        assert isinstance(widget, Static)
        region = widget.region
        assert screen.contains_region(region), f"#{widget.id} is off the screen: {region}"
        assert region.height >= widget.get_content_height(
            widget.size, widget.size, widget.content_region.width
        ), f"#{widget.id} is cut"
    for button in app.screen.query(Button):
        if button.display and button.parent.display:
            row = button.parent.region
            assert row.contains_region(button.region), f"{button.label} is cut off"
            assert screen.contains_region(button.region)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", ["classic", "superhirn", "logik", "master-collor", "blank"])
@run_async
async def test_every_preset_fits_80x24_with_its_longest_texts(name: str, language: str) -> None:
    i18n.set_language(language)
    preset = get_preset("superhirn", blank=True) if name == "blank" else get_preset(name)
    you = Seat(i18n._("You"), human=True)  # the command's name for the one person
    sitting: Match | Duel
    if preset.mode == "duel":
        sitting = Duel(preset, (you, COMPUTER), games=2, seed=3)
    else:
        sitting = Match(preset, (you, COMPUTER), games=2, first_breaker=1, seed=3)
    app = board_app(sitting)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot, app)
        assert app.mode == "secret"
        nothing_cut(app)
        await pilot.press("d", "enter")
        await ready(pilot, app)
        if isinstance(sitting, Duel):  # a refused row: one peg
            assert app.mode == "guess"
            await pilot.press(letters(preset, (0,))[0], "enter")
            assert app.complaint, app.message
            await pilot.pause(0.1)
            nothing_cut(app)
            await pilot.press("backspace", *letters(preset, sitting.secrets[1] or ()), "enter")
            await ready(pilot, app)
            assert app.ended is not None  # the end: how the game ended, the score, Enter
            assert app.query_one("#status").region.height >= 3
            nothing_cut(app)
            return
        # refused pins (all but one right, the last one in the wrong place): the longest
        # message under the longest help
        assert app.mode == "pins"
        await pilot.press(*app._hit_key() * (preset.positions - 1), "w", "enter")
        assert app.complaint, app.message
        await pilot.pause(0.1)
        nothing_cut(app)
        assert len(app.message) > 78  # wrapped to a second line, shown whole
        assert app.query_one("#message").region.height == 2


# -- snapshots ---------------------------------------------------------------------------------


async def started(pilot: Any) -> None:
    await pilot.pause(0.3)
    for _ in range(100):
        if not pilot.app.thinking and not pilot.app.workers:
            break
        await pilot.pause(0.05)
    await pilot.pause(0.1)


def test_snapshot_classic_breaker(snap_compare: Any) -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=2, first_breaker=0, seed=5)
    app = board_app(match)
    assert snap_compare(
        app, press=["r", "r", "g", "g", "enter", "b", "y"], terminal_size=(100, 30),
        run_before=started,
    )  # fmt: skip


def test_snapshot_superhirn_pins(snap_compare: Any) -> None:
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)

    async def secret_then_pins(pilot: Any) -> None:
        await started(pilot)
        await pilot.press("r", "y", "g", "b", "enter")
        await started(pilot)
        await pilot.press("r", "w")
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=(100, 30), run_before=secret_then_pins)


def test_snapshot_lost_game_with_the_secret(snap_compare: Any) -> None:
    match = Match(get_preset("classic", rows=2), (YOU, COMPUTER), games=1, seed=11)
    app = board_app(match)
    keys = ["k", "k", "k", "k", "enter", "w", "w", "w", "w", "enter"]
    assert snap_compare(app, press=keys, terminal_size=(100, 30), run_before=started)


def test_snapshot_logik_duel(snap_compare: Any) -> None:
    duel = Duel(get_preset("logik"), (YOU, COMPUTER), games=1, seed=7)
    app = board_app(duel)

    async def one_move(pilot: Any) -> None:
        await started(pilot)
        await pilot.press("r", "y", "g", "b", "w", "enter")
        await started(pilot)
        await pilot.press(*"kkopo", "enter")
        await started(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=one_move)


def test_snapshot_superhirn_pins_in_german_at_80x24(snap_compare: Any) -> None:
    """The tallest screen: 12 rows, the pins' three lines of help and a refused answer."""
    i18n.set_language("de")
    match = Match(get_preset("superhirn"), (YOU, COMPUTER), games=2, first_breaker=1, seed=4)
    app = board_app(match)

    async def refused_pins(pilot: Any) -> None:
        await started(pilot)
        await pilot.press("1", "2", "3", "4", "enter")
        await started(pilot)
        await pilot.press("r", "r", "r", "w", "enter")
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=(80, 24), run_before=refused_pins)


def test_snapshot_logik_duel_at_80x24(snap_compare: Any) -> None:
    duel = Duel(get_preset("logik"), (YOU, COMPUTER), games=1, seed=7)
    app = board_app(duel)

    async def refused_row(pilot: Any) -> None:
        await started(pilot)
        await pilot.press("r", "y", "g", "b", "w", "enter")
        await started(pilot)
        await pilot.press(*"kkopo", "enter")
        await started(pilot)
        await pilot.press("r", "enter")
        await pilot.pause(0.1)

    assert snap_compare(app, terminal_size=(80, 24), run_before=refused_row)


@run_async
async def test_ctrl_q_asks_before_leaving_a_match_as_q_does() -> None:
    """Ctrl-Q (Textual's key to quit) asks as q does while the match runs, over any dialog
    (no: back where it was); once the match is over it leaves at once, as q does."""
    preset = get_preset("classic")
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=0, seed=5)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("ctrl+q")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "Leave the match? It is not finished." in await shown(pilot, app)
        assert app.screen.leaving
        await pilot.press("ctrl+q")  # asked once
        assert len(app.screen_stack) == 2
        await pilot.press("n")
        assert app.screen is app.screen_stack[0] and app.return_code is None
        secret = match.secret
        assert secret is not None
        await pilot.press(*letters(preset, secret), "enter")
        assert app.ended is not None and app.ended.last
        await pilot.press("ctrl+q")  # the match is over: nothing to lose
    assert app.return_code == 0
    match = Match(preset, (YOU, COMPUTER), games=1, first_breaker=0, seed=5)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press("ctrl+q", "y")
    assert app.return_code == 1


@run_async
async def test_a_guess_played_before_asks_first_and_no_keeps_the_row_to_change() -> None:
    match = Match(get_preset("classic"), (YOU, COMPUTER), games=1, first_breaker=0, seed=3)
    app = board_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await ready(pilot, app)
        await pilot.press(*"rrgg", "enter")
        await pilot.pause(0.1)
        assert len(match.rows) == 1
        await pilot.press(*"rrgg", "enter")
        assert await screen_is(pilot, app, "ConfirmScreen")
        assert "R R G G was played in row 1 (2 black, 0 white)" in await shown(pilot, app)
        await pilot.press("n")
        await pilot.pause(0.1)
        assert len(match.rows) == 1 and app.message == "Nothing done."
        await pilot.press("enter")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await pilot.pause(0.1)
        assert [row.guess for row in match.rows] == [(0, 0, 1, 1)] * 2
