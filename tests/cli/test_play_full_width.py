"""Codes, verifier letters and card numbers typed in their full-width forms (an East Asian
input method types ２４１) are the plain ones, as NFKC makes them, in `turing play`, its
box, `--code` and `--cards`; a character that only looks like a digit or a letter (a digit
of another script, a Cyrillic letter) is refused as before."""

from __future__ import annotations

from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import play_terminal
from turing.cli.main import main


def _wide(text: str) -> str:
    """``text`` in full-width forms: ２４１ for 241, Ａ for A."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def test_full_width_codes_and_letters_are_played() -> None:
    moves = [
        f"{_wide('compose')} {_wide('241')}",
        f"test {_wide('a')}",
        f"strike {_wide('A 1 3')}",
        f"mark {_wide('b')} {_wide('2')} no",
        f"note {_wide('B')} ｎｏｔｅ　ｔｅｘｔ",
        f"solve {_wide('241')}",
    ]
    result = CliRunner().invoke(main, ["play", "--seed", "1"], "\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "error" not in out, out
    assert "Code for round 1: 241" in out
    assert "241 on A: ✔" in out
    assert "Struck: 4.1, 4.3" in out
    assert "Marked ▲2: ✘" in out
    assert "Note on B: ｎｏｔｅ　ｔｅｘｔ" in out  # a note keeps what was typed
    assert "player submitted 241 — right" in out


def test_a_full_width_code_tests_at_once() -> None:
    result = CliRunner().invoke(
        main, ["play", "--seed", "1"], f"t {_wide('222')} {_wide('B')}{_wide('C')}\nquit\n"
    )
    assert "222 on B: " in result.output and "222 on C: " in result.output, result.output
    hint = CliRunner().invoke(main, ["play", "--seed", "1"], f"hint {_wide('best')}\nquit\n")
    assert "Best now:" in hint.output, hint.output


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "compose ٢٤١",
            "error: line 1: '٢٤١' (U+0662 ARABIC-INDIC DIGIT TWO, not the digit 2; and 2 more "
            "characters like it) is not a code: a code is three digits 1–5, like 352",
        ),
        (
            "compose 1 1 ٣",
            "error: line 1: '1 1 ٣' (U+0663 ARABIC-INDIC DIGIT THREE, not the digit 3) is not a "
            "code: a code is three digits 1–5, like 352",
        ),
        ("compose ６７８", "error: line 1: '678' is not a code: digits 6, 7, 8 outside 1–5"),
        (
            "test 111 А",
            "error: line 1: no verifier 'А' (U+0410 CYRILLIC CAPITAL LETTER A, not the Latin A): "
            "this puzzle has A, B, C, D",
        ),
        (
            "test 111 Вc",
            "error: line 1: no verifier 'В' (U+0412 CYRILLIC CAPITAL LETTER VE, not the Latin B) "
            "in 'Вc': this puzzle has A, B, C, D",
        ),
        (
            "strike А 2",
            "error: line 1: cannot read 'А' (U+0410 CYRILLIC CAPITAL LETTER A, not the Latin A) "
            "(usage: strike V K | strike CARD.K)",
        ),
        (
            "mark р 2 no",
            "error: line 1: 'р' (U+0440 CYRILLIC SMALL LETTER ER, not the Latin p) is no shape: "
            "name one of b, y or p (usage: mark SHAPE DIGIT… yes|no|clear)",
        ),
        (
            "mark b ٢ no",
            "error: line 1: '٢' (U+0662 ARABIC-INDIC DIGIT TWO, not the digit 2) is not a digit "
            "1–5 (usage: mark SHAPE DIGIT… yes|no|clear)",
        ),
        ("test 111 Б", "error: line 1: no verifier 'Б': this puzzle has A, B, C, D"),
        ("compose 1 1 Ｏ", "error: line 1: '1 1 O' is not a code"),
    ],
)
def test_what_only_looks_like_a_digit_or_a_letter_is_refused(line: str, said: str) -> None:
    # the screen shows no difference between a Cyrillic А and a Latin A: the message names
    # the character; one that looks like no letter the game takes (Б) is only quoted
    result = CliRunner().invoke(main, ["play", "--seed", "1"], f"{line}\nquit\n")
    assert said in result.output, result.output
    assert "Code for round" not in result.output


def test_a_lookalike_letter_is_named_in_german() -> None:
    result = CliRunner().invoke(
        main, ["--lang", "de", "play", "--seed", "1"], "teste 111 А\nbeenden\n"
    )
    assert (
        "Fehler: Zeile 1: kein Prüfer 'А' (U+0410 CYRILLIC CAPITAL LETTER A, nicht das "
        "lateinische A): dieses Rätsel hat A, B, C, D"
    ) in result.output, result.output


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("test 111 zz", "no verifier 'zz': this puzzle has A, B, C, D"),
        ("test 111 az", "no verifier 'z' in 'az': this puzzle has A, B, C, D"),
        ("test 111 xyz", "no verifier 'xyz': this puzzle has A, B, C, D"),
    ],
)
def test_a_refused_verifier_is_quoted_as_typed(line: str, said: str) -> None:
    result = CliRunner().invoke(main, ["play", "--seed", "1"], f"{line}\nquit\n")
    assert f"error: line 1: {said}" in result.output, result.output


def test_full_width_answers_and_corrections_beside_the_box() -> None:
    moves = [
        f"test {_wide('111')} {_wide('A-')} {_wide('C-')}",
        "pass",
        f"correct {_wide('1 A+ C+')}",
        f"solve {_wide('221')} ｙｅｓ",
    ]
    result = CliRunner().invoke(
        main, ["play", "--box", "--cards", _wide("4,9,11,14")], "\n".join(moves) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "Round 1, 111 on A is now: ✔" in result.output
    assert "Round 1, 111 on C is now: ✔" in result.output
    assert "player submitted 221 — right" in result.output


def test_full_width_share_codes_and_cards_on_the_command_line() -> None:
    code = _wide("1ME25-KNX")
    solved = CliRunner().invoke(main, ["solve", "--code", code])
    assert solved.exit_code == 0, solved.output
    assert "solution: 241" in solved.output
    played = CliRunner().invoke(main, ["play", "--code", code], "solve 241\n")
    assert played.exit_code == 0, played.output
    cards = CliRunner().invoke(main, ["solve", "--json", "--cards", _wide("4,9,11,14")])
    assert cards.exit_code == 0, cards.output
    assert '"candidates": ["221", "241"]' in cards.output
    pairs = CliRunner().invoke(main, ["solve", "--json", "--cards", _wide("4/25,9/33,13/44,17/36")])
    assert pairs.exit_code == 0, pairs.output


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            ["--cards", "٤,٩,١١,١٤"],
            "error: --cards: cannot read '٤': cards are numbers separated by commas, an "
            "extreme pair written 4/25 (e.g. 4,9,11,14)\n",
        ),
        (
            ["--code", "1МЕ25KNX"],  # a Cyrillic М and Е
            "error: not a puzzle code: 'М' is not a code character (digits and letters except U)\n",
        ),
    ],
)
def test_lookalikes_on_the_command_line_are_refused(options: list[str], said: str) -> None:
    result = CliRunner().invoke(main, ["solve", *options])
    assert result.exit_code == 2, result.output
    assert result.output.endswith(said), result.output


def test_a_superscript_card_number_is_its_digit() -> None:
    result = CliRunner().invoke(main, ["solve", "--json", "--cards", "4,9,11,1⁴"])
    assert result.exit_code == 0, result.output
    assert '"candidates": ["221", "241"]' in result.output


def test_full_width_digits_typed_at_the_terminal(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = play_terminal(tmp_path, "--seed", "1")
    children.append(child)
    child.expect_exact("player>")
    child.sendline("compose ２４１; test Ａ")
    child.expect_exact("241 on A: ✔")
    child.expect_exact("player>")
    child.sendline("quit")
    child.expect_exact("Leave the game? [y/N]")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
