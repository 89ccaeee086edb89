"""Moves files piped into `turing play` and `turing mastermind play` as editors write them."""

from __future__ import annotations

from click.testing import CliRunner

from turing.cli.main import main

BOM = "\ufeff".encode()


def test_a_byte_order_mark_before_the_first_move_is_dropped() -> None:
    moves = BOM + b"compose 111\ntest A\nsolve 241\n"
    result = CliRunner().invoke(main, ["play"], input=moves)
    assert result.exit_code == 0, result.stderr
    assert "unknown command" not in result.output + result.stderr
    assert "111 on A: " in result.output
    assert "\ufeff" not in result.output


def test_a_byte_order_mark_before_a_comment_leaves_it_a_comment() -> None:
    result = CliRunner().invoke(main, ["play"], input=BOM + b"# my moves\nquit\ny\n")
    assert "unknown command" not in result.output + result.stderr


def test_a_byte_order_mark_before_the_first_mastermind_guess_is_dropped() -> None:
    args = ["mastermind", "play", "--games", "1"]
    result = CliRunner().invoke(main, args, input=BOM + b"RYGB\nquit\n")
    assert "not a colour" not in result.stderr
    assert "row  1  R Y G B" in result.output
