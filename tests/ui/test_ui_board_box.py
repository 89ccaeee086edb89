"""`turing board --box`: a game beside the physical box on the board. A test or a solve
whose answer the line leaves out asks it in a small dialog (✔ y / ✘ n, Esc: nothing done),
and the line is planned again with the answers: the rules stay in the session."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import play_terminal, spawn_turing
from testsupport.pilot import run_async, screen_is, typed
from testsupport.pilot import screen_text as shown
from testsupport.pilot import settled as settle
from testsupport.puzzles import box_answer
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.play.game import sample_puzzle_path
from turing.play.session import Session, load_save, parse_players

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # rule-book problem 01, solution 241


def box(code: str, letter: str) -> bool:
    """What the sample puzzle's box shows for ``code`` on ``letter``."""
    return box_answer(SAMPLE, code, letter)


def board_module() -> Any:
    pytest.importorskip("textual")
    from turing.ui import board

    return board


def box_session(players: str | None = None) -> Session:
    return Session.new(SAMPLE, CLASSIC, parse_players(players), seed=1, box=True)


async def asked(pilot: Any, app: Any) -> str:
    """The question of the box's dialog now open."""
    assert await screen_is(pilot, app, "BoxAnswerScreen")
    return str(app.screen.query_one(".dialog-title").render())


def made(session: Session) -> list[tuple[str, str, bool]]:
    return [
        (t.code, "ABCD"[t.verifier], t.result)
        for t in session.game.view(session.game.players[0]).tests
    ]


@run_async
async def test_a_game_beside_the_box_by_keys() -> None:
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        text = await shown(pilot, app)
        assert "beside the box" in text  # the title says so
        assert "test it on the box" in app.message
        await pilot.press("1", "1", "1")
        # the test buttons are live: the box answers, not the board
        assert not any(app.query_one(f"#test-{v}").disabled for v in range(4))
        await pilot.press("a")
        assert await asked(pilot, app) == "What does verifier A answer to 111?"
        await pilot.press("enter")  # decides nothing: says which keys answer
        assert "Press y for ✔ or n for ✘" in await shown(pilot, app)
        await pilot.press("y" if box("111", "A") else "n")
        await settle(pilot, app)
        assert made(session) == [("111", "A", box("111", "A"))]
        assert "111 on A:" in app.message
        # several letters on one typed line: asked one after another, then run together
        await pilot.press("colon")
        await typed(pilot, "test B C")
        assert await asked(pilot, app) == "What does verifier B answer to 111?"
        await pilot.press("y" if box("111", "B") else "n")
        assert await asked(pilot, app) == "What does verifier C answer to 111?"
        assert (
            len(session.game.view(session.game.players[0]).tests) == 1
        )  # nothing runs before the last
        await pilot.press("y" if box("111", "C") else "n")
        await settle(pilot, app)
        assert made(session)[1:] == [
            ("111", "B", box("111", "B")),
            ("111", "C", box("111", "C")),
        ]
        await pilot.press("n")  # done testing
        await pilot.press("2", "4", "1", "s")
        assert await asked(pilot, app) == "Does the box take 241 as its solution?"
        await pilot.press("y")  # the box's word decides: no second question
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")  # the reveal
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
    assert session.game.result().winners == ("player",)


@run_async
async def test_a_game_beside_the_box_by_clicks() -> None:
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        picker = app.query_one("#picker")
        for slot, clicks in ((0, 2), (1, 4), (2, 1)):
            for _ in range(clicks):
                await pilot.click(picker, offset=(7 + 6 * slot, 0))
        assert app.picker.digits == [2, 4, 1]
        await pilot.click("#test-0")
        assert await asked(pilot, app) == "What does verifier A answer to 241?"
        await pilot.click("#box-yes")
        await settle(pilot, app)
        await pilot.click("#test-3")
        assert await asked(pilot, app) == "What does verifier D answer to 241?"
        await pilot.click("#box-yes")
        await settle(pilot, app)
        assert made(session) == [("241", "A", True), ("241", "D", True)]
        assert app.query_one("#test-0").disabled  # tested this round
        await pilot.click("#do-solve")
        assert await asked(pilot, app) == "Does the box take 241 as its solution?"
        await pilot.click("#box-yes")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.click("#message-ok")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
    assert session.game.result().winners == ("player",)


@run_async
async def test_escape_does_nothing_and_a_refused_answer_changes_nothing() -> None:
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("2", "4", "1", "a")
        await asked(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert type(app.screen).__name__ == "TableScreen"
        assert app.message == "Nothing done."
        assert session.game.view(session.game.players[0]).tests == ()
        assert session.game.view("player").code is None
        # Esc on the second question of a line: none of it runs
        await pilot.press("colon")
        await typed(pilot, "test 241 A B")
        await asked(pilot, app)
        await pilot.press("y")
        await asked(pilot, app)
        await pilot.press("escape")
        await settle(pilot, app)
        assert session.game.view(session.game.players[0]).tests == ()
        await pilot.press("a")
        await asked(pilot, app)
        await pilot.press("y")
        await settle(pilot, app)
        # 241 is the solution: B cannot reject it after A's yes; refused as any line is
        await pilot.press("b")
        await asked(pilot, app)
        await pilot.press("n")
        await settle(pilot, app)
        assert app.in_red and "verifier B cannot reject 241" in app.message
        assert "check the box" in app.message
        assert made(session) == [("241", "A", True)]
        assert not app.query_one("#test-1").disabled  # B may still be tested
        await pilot.press("n", "s")
        assert await asked(pilot, app) == "Does the box take 241 as its solution?"
        await pilot.press("n")  # the cards and A's yes leave 241 alone
        await settle(pilot, app)
        assert app.in_red and "241 cannot be wrong" in app.message
        assert session.game.phase(session.game.players[0]) == "decide"
        # a solve the box refuses eliminates, as any wrong solution does
        await pilot.press("1", "1", "1", "s")
        assert await asked(pilot, app) == "Does the box take 111 as its solution?"
        await pilot.press("n")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")
    assert "player" in session.game.result().eliminated


@run_async
async def test_in_german_the_box_is_asked_with_j_and_n() -> None:
    from turing import i18n

    i18n.set_language("de")
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "am echten Spiel" in await shown(pilot, app)
        await pilot.press("2", "4", "1", "a")
        assert await asked(pilot, app) == "Was antwortet Prüfer A auf 241?"
        assert "✔ (j)" in await shown(pilot, app)
        await pilot.press("j")
        await settle(pilot, app)
    assert made(session) == [("241", "A", True)]


@run_async
async def test_the_help_says_the_game_is_beside_the_box() -> None:
    board = board_module()
    app = board.BoardApp(box_session(), compare=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        assert await screen_is(pilot, app, "HelpScreen")
        text = await shown(pilot, app)
        assert "Played beside the box" in text
        assert "what the box's verifier answers" in text
    ordinary = board.BoardApp(Session.new(SAMPLE, CLASSIC, parse_players(None), seed=1))
    async with ordinary.run_test(size=(100, 40)) as pilot:
        await settle(pilot, ordinary)
        assert "beside the box" not in await shown(pilot, ordinary)
        await pilot.press("question_mark")
        assert await screen_is(pilot, ordinary, "HelpScreen")
        assert "box" not in await shown(pilot, ordinary)


@run_async
async def test_a_box_game_saved_at_the_prompt_resumes_on_the_board_and_back(
    tmp_path: Path,
) -> None:
    board = board_module()
    save = tmp_path / "g.json"
    answer = "yes" if box("111", "A") else "no"
    result = CliRunner().invoke(
        main, ["play", "--box", "--id", "01", "--save", str(save)], input=f"test 111 A {answer}\n"
    )
    assert save.is_file(), result.output
    resumed, _ = load_save(str(save))
    assert resumed.game.box
    app = board.BoardApp(resumed, resumed=True, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert "Resumed in round 1" in await shown(pilot, app)
        await pilot.press("b")
        assert await asked(pilot, app) == "What does verifier B answer to 111?"
        await pilot.press("y" if box("111", "B") else "n")
        await settle(pilot, app)
        await pilot.press("w")
        await pilot.press("q", "y")
    assert app.return_code == 1
    again, _ = load_save(str(save))
    assert len(again.game.view("player").tests) == 2
    result = CliRunner().invoke(
        main, ["play", "--resume", str(save)], input="done; solve 241 yes\n"
    )
    assert "player submitted 241 — right" in result.output, result.output
    assert result.exit_code == 0


def test_the_board_refuses_what_play_box_refuses() -> None:
    pytest.importorskip("textual")
    for args, says in (
        (["--box", "--random"], "--box plays a puzzle laid out on the physical game"),
        (["--cards", "4,9,11,14"], "play it beside the physical game with --box"),
        (["--box", "--id", "01", "--players", "ann,bot:greedy"], "for people only"),
        (["--box", "--cards", "4,9,x"], "--cards"),
    ):
        child = spawn_turing("board", *args, env={"TERM": "xterm-256color"}, size=(40, 120))
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 2, (args, child.before)
        assert says in str(child.before), (args, child.before)


def test_the_served_command_line_keeps_the_box() -> None:
    from turing.cli.board import board
    from turing.cli.serving import SERVE_OPTIONS, command_line

    given = ["--serve", "--box", "--cards", "4,9,11,14", "--save", "g.json"]
    params = board.make_context("board", given).params
    words = command_line(board, params, SERVE_OPTIONS)
    assert "--serve" not in words and "--box" in words
    assert board.make_context("board", words).params == {**params, "serve": False}


def test_the_board_resumes_a_game_beside_the_box_at_a_terminal(tmp_path: Path) -> None:
    child = play_terminal(tmp_path, "--box", "--id", "01", "--save", "g.json")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    board = spawn_turing(
        "board", "--resume", "g.json", env={"TERM": "xterm-256color"}, cwd=tmp_path,
        size=(40, 120),
    )  # fmt: skip
    board.expect_exact("beside the box")
    board.send("q")
    board.expect_exact("Leave the game?")
    board.send("y")
    board.expect(pexpect.EOF)
    board.close()
    assert board.exitstatus == 1
    assert "game abandoned; saved to g.json" in str(board.before)


async def uncovered(pilot: Any, app: Any) -> None:
    """Past the cover a hot-seat board shows between two people's turns, if it is up."""
    if type(app.screen).__name__ == "CoverScreen":
        await pilot.press("enter")
        await settle(pilot, app)


@run_async
async def test_the_board_tells_a_dispute_and_all_decide_again() -> None:
    """Two seats call two codes right: the board tells the box's words, nothing is
    decided, and both decide again."""
    board = board_module()
    session = box_session("ann,bob")
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        for line in ("solve 241 yes", "solve 221 yes"):
            await uncovered(pilot, app)
            await pilot.press("colon")
            await typed(pilot, line)
            await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")
        text = await shown(pilot, app)
        assert "The box's words disagree" in text
        told = " ".join(text.split())
        assert "Everyone decides round 1 again" in told
        assert "ann" not in told and "bob" not in told
        assert "221 right" not in text
        assert not session.game.is_terminal() and session.game.to_act() == ("ann", "bob")
        await pilot.press("enter")
        await settle(pilot, app)
        await uncovered(pilot, app)
        assert app.turn is not None and app.turn.player == "ann"
        await pilot.press("colon")
        await typed(pilot, "solve 241 yes")
        await settle(pilot, app)
        await uncovered(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "pass")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")  # the reveal
    assert session.game.result().winners == ("ann",)


@run_async
async def test_a_slip_is_corrected_on_the_board_and_the_end_says_what_is_left() -> None:
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        slip = not box("111", "A")
        await pilot.press("colon")
        await typed(pilot, f"test 111 A {'yes' if slip else 'no'}")
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, f"correct 1 A {'no' if slip else 'yes'}")
        await settle(pilot, app)
        assert "Round 1, 111 on A is now:" in app.message
        assert made(session) == [("111", "A", not slip)]
        await pilot.press("colon")
        await typed(pilot, "giveup")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "ConfirmScreen")
        await pilot.press("y")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "MessageScreen")  # the reveal
        await pilot.press("enter")
        await settle(pilot, app)
        assert await screen_is(pilot, app, "FinalScreen")
        assert "The cards and your answers leave" in await shown(pilot, app)


@run_async
async def test_a_hint_after_a_correction_on_the_board_is_counted_and_new() -> None:
    """Corrected, the answer is new knowledge: h says something new and is counted."""
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "test 111 A yes")
        await settle(pilot, app)
        codes = []
        for line in ("correct 1 A no", "correct 1 A yes", None):
            await pilot.press("h")
            assert await screen_is(pilot, app, "MessageScreen")
            codes.append(session.game.view("player").deduction().codes.texts())
            await pilot.press("escape")
            await settle(pilot, app)
            assert app.message == f"Hint shown (hints used: {len(codes)})"
            if line is not None:
                await pilot.press("colon")
                await typed(pilot, line)
                await settle(pilot, app)
        assert codes == [["221"], ["241"], ["221"]]
        await pilot.press("h")
        assert await screen_is(pilot, app, "MessageScreen")
        await pilot.press("escape")
        await settle(pilot, app)
        assert app.message == "Hint shown again: given before, not counted (hints used: 3)"


@run_async
async def test_two_slips_are_corrected_at_once_on_the_board() -> None:
    """Cards 4, 9, 11, 14: A and C accept 111 in every reading; both typed wrong, each
    correction alone is refused, saying which other answer it needs; both together fit."""
    board = board_module()
    session = box_session()
    app = board.BoardApp(session, compare=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "test 111 A- C-")
        await settle(pilot, app)
        await pilot.press("colon")
        await typed(pilot, "correct 1 A yes")
        await settle(pilot, app)
        assert "verifier C's answer in round 1 changed too" in app.message
        assert made(session) == [("111", "A", False), ("111", "C", False)]
        await pilot.press("colon")
        await typed(pilot, "correct 1 A yes C yes")
        await settle(pilot, app)
        assert "Round 1, 111 on C is now:" in app.message
        assert made(session) == [("111", "A", True), ("111", "C", True)]


def test_a_board_game_left_after_a_dispute_writes_its_transcript_whole(
    tmp_path: Path, children: list[Any]
) -> None:
    """On the board as at the prompt: a game left with no save after its round was decided
    again ends its transcript with every event and one ``abandoned`` event holding the
    decisions of the round left."""
    pytest.importorskip("textual")
    board = spawn_turing(
        "board", "--box", "--cards", "4,9,11,14", "--players", "ann,bob", "--transcript", "t",
        env={"TERM": "xterm-256color"}, cwd=tmp_path, size=(40, 120), timeout=60,
    )  # fmt: skip
    children.append(board)
    transcript = tmp_path / "t"

    def decide(name: str, line: str) -> None:
        board.expect_exact(f"Pass the keyboard to {name}")
        board.send("\r")
        board.expect_exact("quit")  # the board is drawn, its footer last
        board.send(":")
        board.expect_exact("a command, as at the prompt")
        board.send(line + "\r")

    decide("ann", "solve 241 yes")
    decide("bob", "solve 221 yes")
    board.expect_exact("Everyone decides")
    board.send("\r")
    decide("ann", "pass")
    board.expect_exact("Pass the keyboard to bob")
    board.send("q")
    board.expect_exact("Leave the game?")
    board.send("y")
    board.expect(pexpect.EOF)
    board.close()
    assert board.exitstatus == 1
    assert "game abandoned" in str(board.before)
    events = [json.loads(x) for x in transcript.read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "disputed", "abandoned"]
    assert len(events[1]["words"]) == 2
    assert events[2] == {
        "event": "abandoned",
        "round": 1,
        "saved": False,
        "decisions": [{"player": "ann", "decision": "pass"}],
    }
