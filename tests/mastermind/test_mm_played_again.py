"""A codebreaker typing a guess already played in this game: told the row it was played in
and its pins, and at a terminal asked whether to play it again (no by default); the
questions of the prompt broken between words at the terminal's width."""

from __future__ import annotations

from testsupport.cli import messages, run, spawn_turing

ENV = {"NO_COLOR": "1", "TERM": "xterm"}


def test_a_guess_played_before_is_refused_at_a_terminal_unless_played_again() -> None:
    child = spawn_turing(
        "--lang", "en", "mastermind", "play", "--games", "1", "--seed", "3", env=ENV, size=(40, 100)
    )
    try:
        child.expect_exact("your guess — row 1 of 10: ")
        child.sendline("rrgg")
        child.expect_exact("your guess — row 2 of 10: ")
        child.sendline("RRGG")
        child.expect_exact("R R G G was played in row 1 (●●··  2 black, 0 white)")
        child.expect_exact("Play it again? It takes another row. [y/N] ")
        child.sendline("")  # no, the default: nothing changes
        child.expect_exact("Nothing done.")
        child.expect_exact("your guess — row 2 of 10: ")
        child.sendline("r r g g")
        child.expect_exact("Play it again? It takes another row. [y/N] ")
        child.sendline("y")
        child.expect_exact("row  2  R R G G   ●●··  2 black, 0 white")
        child.expect_exact("your guess — row 3 of 10: ")
    finally:
        child.close(force=True)


def test_the_question_to_play_a_guess_again_takes_the_prompt_s_words_and_keys() -> None:
    """As at the question whether pins name the code: ``board`` draws the board, ``quit``
    asks to leave (no: the question again), ``undo``, Ctrl-C and Ctrl-D answer no."""
    child = spawn_turing(
        "--lang", "en", "mastermind", "play", "--games", "1", "--seed", "3", env=ENV, size=(40, 100)
    )
    question = "Play it again? It takes another row. [y/N] "
    try:
        child.expect_exact("your guess — row 1 of 10: ")
        child.sendline("rrgg")
        child.expect_exact("your guess — row 2 of 10: ")
        child.sendline("rrgg")
        child.expect_exact(question)
        child.sendline("board")
        child.expect_exact("row  1  R R G G   ●●··  2 black, 0 white")
        child.expect_exact(question)
        child.sendline("quit")
        child.expect_exact("Leave the match? [y/N] ")
        child.sendline("n")
        child.expect_exact("Nothing done.")
        child.expect_exact(question)
        child.sendline("undo")
        child.expect_exact("Nothing done.")
        for key in ("c", "d"):
            child.expect_exact("your guess — row 2 of 10: ")
            child.sendline("rrgg")
            child.expect_exact(question)
            child.sendcontrol(key)
            child.expect_exact("Nothing done.")
        child.expect_exact("your guess — row 2 of 10: ")
        assert "Leave the match?" not in child.before
    finally:
        child.close(force=True)


def test_a_guess_played_before_is_played_from_a_script_after_a_note() -> None:
    lines = ["rrgg", "rgby", "RRGG", "quit"]
    result = run(["mastermind", "play", "--games", "1", "--seed", "3"], "\n".join(lines) + "\n")
    assert "R R G G was played in row 1 (●●··  2 black, 0 white)" in result.output
    assert "row  3  R R G G   ●●··  2 black, 0 white" in result.output, result.output


def test_a_long_question_breaks_between_words_at_the_terminal_width() -> None:
    child = spawn_turing(
        "--lang", "en", "mastermind", "play", "--games", "1", "--seed", "3", env=ENV, size=(40, 30)
    )
    try:
        for guess in ("rrgg", "rrgg"):
            child.expect_exact("row ")
            child.sendline(guess)
        child.expect_exact("Play it again? It takes")
        child.expect(r"\r\n")
        child.expect_exact("another row. [y/N] ")
        assert "\n" not in child.before and "tak\r" not in child.before
        child.sendline("n")
        child.expect_exact("Nothing done.")
    finally:
        child.close(force=True)


def test_every_strategy_option_suggests_the_near_name() -> None:
    for args, option in [
        (["--strategy", "knut"], "'--strategy'"),
        (["--players", "human,computer:knut"], "'--players'"),
    ]:
        result = run(["mastermind", "play", *args], "")
        assert result.exit_code == 2
        (line,) = messages(result.stderr)
        assert option in line and "did you mean 'knuth'?" in line, line
    simulated = run(["mastermind", "simulate", "--strategy", "expected_size", "--sample", "1"])
    assert simulated.exit_code == 0 and "expected-size" in simulated.output
