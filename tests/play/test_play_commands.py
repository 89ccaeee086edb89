"""The command grammar of the `turing play` prompt."""

from __future__ import annotations

import re

import pytest

from turing.core.codes import Code
from turing.play.session import COMMANDS, Command, CommandError, parse_command, split_line


def cmd(text: str, verifiers: int = 4) -> Command:
    return parse_command(text, verifiers)


@pytest.mark.parametrize("text", ["compose 241", "c 2 4 1", "CODE 2,4,1", "compose   241  "])
def test_compose_forms(text: str) -> None:
    assert cmd(text) == Command("compose", code=Code.parse("241"))


@pytest.mark.parametrize(
    ("text", "code", "verifiers"),
    [
        ("test A", None, (0,)),
        ("t a b c", None, (0, 1, 2)),
        ("test abc", None, (0, 1, 2)),
        ("test a,d", None, (0, 3)),
        ("test 241 A C", "241", (0, 2)),
        ("t 2 4 1 b", "241", (1,)),
        ("test 2,4,1 b", "241", (1,)),
    ],
)
def test_test_forms(text: str, code: str | None, verifiers: tuple[int, ...]) -> None:
    assert cmd(text) == Command(
        "test", code=None if code is None else Code.parse(code), verifiers=verifiers
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("test", "name the verifiers"),
        ("test E", "no verifier 'E'"),
        ("test 126 a", "digit 6 outside 1–5"),
        ("test 24 a", "not a code"),
        ("test a 2", "is not a verifier letter"),
        ("compose", "compose needs a code, three digits 1–5 like 352 (usage: compose CODE)"),
        ("solve", "solve needs a code, three digits 1–5 like 352 (usage: solve CODE)"),
        ("solve 1234", "not a code"),
        ("pass now", "takes nothing after it"),
        ("dance", "unknown command 'dance' (type help"),
        ("tets a", "unknown command 'tets': did you mean test? (type help for the commands)"),
        ("sovle 352", "unknown command 'sovle': did you mean solve?"),
        ("strke A 1", "unknown command 'strke': did you mean strike?"),
        ("a", "unknown command 'a': to test the round's code on verifier A, type test a (short"),
        ("B", "to test the round's code on verifier B, type test B (short: t B)"),
        ("3 5 2", "to choose 352 as the round's code, type compose 352 (short: c 352)"),
        ("352", "to submit it as the solution, solve 352"),
        ("356", "unknown command '356' (type help"),
        ("mark b 2", "a mark ends with yes, no or clear after its digits (mark b 2 no)"),
        ("mark y 2 4", "a mark ends with yes, no or clear after its digits (mark y 2 4 no)"),
        ("mark b 2 maybe", "end a mark with yes, no or clear, not 'maybe'"),
        ("mark 2 no", "name a shape first"),
        ("mark b 6 no", "not a digit 1–5"),
        ("mark yes", "a mark names a shape, its digits, then yes, no or clear (usage: mark"),
        ("strike", "name a criterion"),
        ("strike A 2x", "cannot read '2x'"),
        ("note", "note needs a verifier letter, then the note (usage: note V TEXT)"),
        ("note Q hello", "no verifier 'Q'"),
        ("hint maybe", "hint takes best or nothing, not 'maybe' (usage: hint [best])"),
        ("test B B", "verifier B named twice"),
        ("giveup now", "takes nothing after it"),
        ("show me", "show takes cards or nothing, not 'me' (usage: show [cards])"),
        ("show board", "show takes cards or nothing, not 'board' (usage: show [cards])"),
        ("look at it", "look takes cards or nothing, not 'at it' (usage: show [cards])"),
    ],
)
def test_bad_commands_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(CommandError, match=re.escape(message)):
        cmd(text)


def test_decisions_and_plain_commands() -> None:
    assert cmd("solve 3 3 1") == Command("solve", code=Code.parse("331"))
    assert cmd("submit 331") == Command("solve", code=Code.parse("331"))
    for text, name in [
        ("pass", "pass"),
        ("p", "pass"),
        ("done", "done"),
        ("end", "done"),
        ("show", "show"),
        ("quit", "quit"),
        ("q", "quit"),
        ("?", "help"),
        ("giveup", "giveup"),
        ("give up", "giveup"),
        ("resign", "giveup"),
    ]:
        assert cmd(text).name == name


def test_notes_keep_their_text() -> None:
    assert cmd("note b  ▲ is odd, maybe 3") == Command(
        "note", verifiers=(1,), text="▲ is odd, maybe 3"
    )
    assert cmd("n A:") == Command("note", verifiers=(0,), text="")


def test_strikes() -> None:
    assert cmd("strike A 2").strikes == ((0, None, 2),)
    assert cmd("x a2 b1").strikes == ((0, None, 2), (1, None, 1))
    assert cmd("strike A 1 3").strikes == ((0, None, 1), (0, None, 3))
    assert cmd("strike 21.2, 4.1").strikes == ((None, 21, 2), (None, 4, 1))
    assert cmd("unstrike c.3").strikes == ((2, None, 3),)


def test_marks() -> None:
    assert cmd("mark b 2 no") == Command("mark", marks=(("b", 2),), value=False)
    assert cmd("m y4 yes") == Command("mark", marks=(("y", 4),), value=True)
    assert cmd("mark purple 1 2 clear") == Command("mark", marks=(("p", 1), ("p", 2)), value=None)
    assert cmd("mark ▲ 5 ✔").marks == (("b", 5),)
    assert cmd("mark b12 y3 -") == Command(
        "mark", marks=(("b", 1), ("b", 2), ("y", 3)), value=False
    )


def test_hints_help_save() -> None:
    assert cmd("hint") == Command("hint")
    assert cmd("hint best") == Command("hint", arg="best")
    assert cmd("hint next") == Command("hint", arg="best")
    assert cmd("help") == Command("help")
    assert cmd("help Test") == Command("help", arg="test")
    assert cmd("save") == Command("save")
    assert cmd("save my game.json") == Command("save", arg="my game.json")


def test_lines_split_into_commands() -> None:
    assert split_line("c 241; t a b ;pass") == ["c 241", "t a b", "pass"]
    assert split_line("  # a comment; not commands") == []
    assert split_line("   ") == []


def test_every_command_has_usage_and_help() -> None:
    for name, (usage, what) in COMMANDS.items():
        assert usage.split()[0] == name
        assert what
    assert cmd("show cards") == Command("show", arg="cards")
    assert cmd("cards") == Command("show", arg="cards")
