"""The board (`turing board`) at a round's reveal and at the end, through Textual's pilot: a
person alone at the table (among bots too) keeps their board behind the reveal, between two
people it is cleared; the result screen tells what each verifier held, never beside the box.
(Spoiler: the solution of the sample puzzle.)"""

from __future__ import annotations

from typing import Any

import pytest

from testsupport.pilot import run_async, screen_is, typed
from testsupport.pilot import screen_text as shown
from testsupport.pilot import settled as settle
from testsupport.puzzles import box_answer
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, parse_players

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # 01: solution 241
HEADING = "The verifiers held:"


def board_module() -> Any:
    pytest.importorskip("textual")
    from turing.ui import board

    return board


def session_of(players: str | None = None, box: bool = False, seed: int = 1) -> Session:
    return Session.new(SAMPLE, CLASSIC, parse_players(players), seed=seed, box=box)


@run_async
async def test_a_player_alone_keeps_their_board_behind_the_reveal_two_people_do_not() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await typed(pilot, "A my-note")
        await pilot.press("1", "1", "1", "a", "p")
        assert await screen_is(pilot, app, "MessageScreen")
        text = await shown(pilot, app)
        assert "Round 1 revealed" in text and "player passed" in text
        # the board behind it is the player's own: title (the round revealed, until the
        # panel closes), cards, their note
        assert "Round 1 · player ·" in text and "Round 2" not in text, text
        assert "compared with 4" in text and "strictly smallest digit" in text
        assert "my-note" in text
        await pilot.press("enter")
        await settle(pilot, app)
        assert "Round 2 · player ·" in await shown(pilot, app)
        # the new round: an empty picker and its own message
        assert app.current == "player" and app.picker.digits == [None, None, None]
        assert "player: round 2. Compose a code and test it." in app.message
        await pilot.press("2", "4", "1", "a")
        assert [t.code for t in session.game.view("player").tests] == ["111", "241"]
    # between two people the last seat's board is cleared first: all of them read the reveal
    session = session_of("ann,bob")
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await pilot.press("p")
        assert await screen_is(pilot, app, "CoverScreen")
        await pilot.press("enter")
        await pilot.press("o")
        await typed(pilot, "A bob-secret-note")
        await pilot.press("1", "1", "1", "a", "p")
        assert await screen_is(pilot, app, "MessageScreen")
        text = await shown(pilot, app)
        assert "bob passed" in text and "Round 1 · " in text and "Round 2" not in text
        assert "bob-secret-note" not in text and "111" not in text
        await pilot.press("enter")
        assert await screen_is(pilot, app, "CoverScreen")


@run_async
async def test_one_person_among_bots_keeps_their_board_behind_the_reveal() -> None:
    board = board_module()
    session = session_of("ann,bot:random", seed=3)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("o")
        await typed(pilot, "A ann-note")
        await pilot.press("1", "1", "1", "a", "p")
        assert await screen_is(pilot, app, "MessageScreen")
        text = await shown(pilot, app)
        assert "ann passed" in text
        assert "ann-note" in text and "Round 1 · ann ·" in text
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.current == "ann" and app.picker.digits == [None, None, None]
        assert "ann: round 2." in app.message


@run_async
async def test_the_result_screen_tells_what_each_verifier_held_but_not_beside_the_box() -> None:
    board = board_module()
    session = session_of()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "s")
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        assert await screen_is(pilot, app, "MessageScreen")
        assert HEADING not in await shown(pilot, app)  # the reveal says no more than before
        await pilot.press("enter")
        assert await screen_is(pilot, app, "FinalScreen")
        text = await shown(pilot, app)
        assert HEADING in text
        for line in ("4.2", "9.1 count of 3s = 0", "11.1", "14.3", "strictly smallest"):
            assert line in text
        assert text.index(HEADING) < text.index("Puzzle code to share:")
        await pilot.press("q")
    # beside the box the game never knew them
    session = session_of(box=True)
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        answers = " ".join(f"{v}{'+' if box_answer(SAMPLE, '241', v) else '-'}" for v in "ABC")
        await typed(pilot, f"test 241 {answers}")
        await pilot.press("colon")
        await typed(pilot, "solve 241 yes")
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("enter")
        assert await screen_is(pilot, app, "FinalScreen")
        text = await shown(pilot, app)
        assert "Result · solution 241" in text
        assert HEADING not in text
        await pilot.press("q")


@pytest.mark.parametrize("language", ["en", "de"])
@run_async
async def test_the_message_line_under_a_reveal_no_longer_waits_for_the_others(
    language: str,
) -> None:
    from turing.i18n import speaking

    board = board_module()
    with speaking(language):
        session = session_of("ann,bob")
        app = board.BoardApp(session, compare=False)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            for _name in ("ann", "bob"):
                assert await screen_is(pilot, app, "CoverScreen")
                await pilot.press("enter")
                await settle(pilot, app)
                await pilot.press("p")
                await settle(pilot, app)
            assert await screen_is(pilot, app, "MessageScreen")
            message = str(app.query_one("#message").render())
            assert "bob" not in message and "revealed when" not in message, message
            assert "aufgedeckt" not in message or language == "de"
            assert ("Runde 1 aufgedeckt." if language == "de" else "Round 1 revealed.") in message
