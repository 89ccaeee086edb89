"""`turing play`'s screen at a terminal of 80 columns: the header and the line that says
what to do next each stay one line, in English and German, for 1–3 players and 4–6
verifiers in every mode; where a header cannot fit (long names), it is broken between
two of its parts, never inside one."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from rich.console import Console

from turing import i18n
from turing.core.cards import load_cardset
from turing.core.puzzle import Puzzle
from turing.play.session import Session, parse_players, random_puzzle, summary_rows
from turing.play.words import mode_name
from turing.ui.prompt import commands_table, render_screen, status_line

WIDTH = 80
CLASSIC = load_cardset("classic")
#: what the screen calls a puzzle of --random (the longest of the labels play gives)
LABEL = "random puzzle"


@pytest.fixture(scope="module")
def puzzles() -> dict[tuple[str, int], Puzzle]:
    return {
        (mode, n): random_puzzle(mode, None, [n], seed=7, cardset=CLASSIC, min_tests=0)
        for mode in ("classic", "extreme", "nightmare")
        for n in (4, 5, 6)
    }


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def drawn(session: Session, name: str) -> list[str]:
    """The screen as a terminal of WIDTH columns shows it, line by line."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, force_terminal=True, color_system=None)
    console.print(render_screen(session, name, color=False, width=WIDTH))
    return out.getvalue().splitlines()


def play(session: Session, line: str) -> None:
    turn = session.turn()
    assert turn is not None
    for _outcome in session.run(session.plan(turn.player, line)):
        pass


def check_screen(session: Session, mode: str, verifiers: int) -> None:
    turn = session.turn()
    assert turn is not None
    lines = drawn(session, turn.player)
    verifier_word = i18n.ngettext("{n} verifier", "{n} verifiers", verifiers).format(n=verifiers)
    header = lines[0]
    assert header.startswith(i18n._("Round {round}").format(round=session.game.round))
    puzzle_words = f"{i18n._(LABEL)} · {mode_name(mode)} · {verifier_word}"
    assert header.endswith(puzzle_words) and len(header) <= WIDTH, lines[:2]
    status = status_line(session.game, turn.player)
    assert status and len(status) <= WIDTH, status
    assert lines[-1] == status, lines[-3:]


@pytest.mark.parametrize("mode", ["classic", "extreme", "nightmare"])
@pytest.mark.parametrize("verifiers", [4, 5, 6])
@pytest.mark.parametrize("players", [None, "ann,bob", "ann,bob,cat"])
def test_header_and_next_step_are_one_line_each_at_80_columns(
    puzzles: dict[tuple[str, int], Puzzle],
    language: str,
    mode: str,
    verifiers: int,
    players: str | None,
) -> None:
    session = Session.new(
        puzzles[(mode, verifiers)], CLASSIC, parse_players(players), seed=1, label=LABEL
    )
    seats = len(session.game.players)
    check_screen(session, mode, verifiers)  # compose a code…
    # later rounds: two-figure tests and a hint, each state of the line under the screen
    for _round in range(3):
        for _seat in range(seats):
            play(session, "compose 111; test A B C; pass")
    play(session, "hint; compose 123")
    check_screen(session, mode, verifiers)  # this round's code: 123; 3 tests left
    play(session, "test A")
    check_screen(session, mode, verifiers)  # … tested A; 2 tests left
    play(session, "test B C")
    check_screen(session, mode, verifiers)  # … tested A B C; no tests left
    assert session.game.tests_used(session.game.players[0]) == 12


def test_a_header_too_long_for_the_terminal_is_broken_between_its_parts() -> None:
    from turing.ui.prompt import packed

    parts = ["Round 1", "alexandra-von-humboldt-und-bonpland", "tests 0", "hints 0"]
    parts += ["random puzzle", "nightmare", "6 verifiers"]
    text = packed(parts, WIDTH).plain
    lines = text.split("\n")
    assert lines == [
        "Round 1 · alexandra-von-humboldt-und-bonpland · tests 0 · hints 0",
        "random puzzle · nightmare · 6 verifiers",
    ]
    assert packed(parts, None).plain == " · ".join(parts)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_help_list_is_a_line_a_command_at_80_columns(language: str) -> None:
    """``help`` at a terminal of 80 columns: one line for each command, its word then what
    it does, and the whole list with the prompt below it fits a screen of 24 lines."""
    with i18n.speaking(language):
        out = io.StringIO()
        Console(file=out, width=WIDTH, color_system=None).print(commands_table())
        rows = summary_rows()
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    listed = lines[1 : lines.index("")]
    assert all(len(line) < WIDTH for line in lines)
    assert len(lines) + 1 <= 24, len(lines)
    assert [line.split()[0] for line in listed] == [word for word, _what in rows]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_help_rows_wrap_under_their_own_column_on_a_narrow_terminal(language: str) -> None:
    """``help`` at a terminal narrower than its rows: what a command does wraps under its
    column, never at the left edge."""
    width = 50
    with i18n.speaking(language):
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(commands_table())
        rows = summary_rows()
    lines = [line.rstrip() for line in out.getvalue().splitlines()]
    column = 2 + max(len(word) for word, _what in rows) + 2
    listed = lines[1 : lines.index("")]
    assert all(len(line) <= width for line in lines)
    assert len(listed) > len(rows)  # some rows wrap at 50 columns
    for line in listed:
        assert line.startswith("  "), line
        if line[2] == " ":  # a continuation: under the column of what the command does
            assert line[:column].strip() == "" and line[column] != " ", line
    assert all(any(line.startswith(f"  {word} ") for line in listed) for word, _what in rows)


@pytest.mark.parametrize("mode_file", ["extreme.yaml", "published.yaml", "nightmare.yaml"])
def test_card_titles_start_in_one_column(mode_file: str) -> None:
    """Card numbers of one and two digits are right-aligned (`` A  2 ▲…`` over ``   27 …``)."""
    from testsupport.cli import ROOT
    from turing.core.puzzle import load_puzzles

    for puzzle in load_puzzles(ROOT / "puzzles" / mode_file):
        session = Session.new(puzzle, CLASSIC, parse_players(None), seed=1)
        turn = session.turn()
        assert turn is not None
        numbers = {len(str(c)) for group in puzzle.cards for c in group}
        starts = {
            line.index(" ", 4)
            for line in drawn(session, turn.player)
            if len(line) > 5
            and line[1] in " ABCDEF"
            and line[2] == " "
            and line[3:5].strip()
            and (line[3:5].strip().isdigit())
        }
        assert len(starts) == 1, (puzzle.id, numbers, starts)
