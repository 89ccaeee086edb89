"""`turing play` at a real (pseudo-)terminal: turn order, handover, the prompt's comfort.

Each test starts ``python -m turing play`` in a pseudo-terminal with pexpect and plays it as
people at one keyboard do: pressing Enter when the keyboard is passed, typing commands,
answering the questions. Nothing here imports the game: only what the screen shows counts.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect  # type: ignore[import-untyped]

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
SOLUTION_01 = "241"  # the sample puzzle (rule-book problem 01)


def spawn(
    args: list[str], color: bool = False, cwd: Path | None = None, columns: int = 120
) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({"TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": "40"})
    env["PROMPT_TOOLKIT_NO_CPR"] = "1"
    if not color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(40, columns),
        cwd=str(cwd) if cwd else None,
    )
    return child


class Table:
    """Drives a hot-seat game and records the order in which things appear."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.order: list[str] = []

    def expect(self, text: str) -> str:
        """Wait for ``text``; return what came before it."""
        self.child.expect_exact(text)
        return str(self.child.before)

    def human_turn(self, name: str, round_no: int, line: str, first: bool = False) -> None:
        self.expect(f"Pass the keyboard to {name} and press Enter.")
        self.child.sendline("")
        before = self.expect(f"Round {round_no} · {name} ·")
        assert CLEAR in before  # and wiped again once the new person is at the keyboard
        self.expect(f"{name}>")
        self.child.sendline(line)
        self.expect(" on A: ")
        self.expect(f"{name}>")
        self.child.sendline("pass")
        self.expect(f"{name} passes this round (revealed when everyone has decided).")
        # the private screen is wiped before anything else shows (the reveal, the next turn)
        before = self.expect(CLEAR)
        assert "Pass the keyboard" not in before and "revealed:" not in before
        self.order.append(f"{round_no}:{name}")

    def bot_turn(self, name: str, round_no: int) -> None:
        self.expect(f"{name} is thinking…")  # while it works, gone once it has played
        self.expect(f"{name} has played its turn (revealed when everyone has decided).")
        self.order.append(f"{round_no}:{name}")

    def reveal(self, round_no: int, players: list[str]) -> None:
        self.expect(f"Round {round_no} revealed:")
        for name in players:
            self.expect(f"{name} passed")
        self.expect(f"— Round {round_no + 1} —")
        self.order.append(f"{round_no}:reveal")


def play_rounds(table: Table, seats: list[str], rounds: int) -> None:
    first_human = True
    for round_no in range(1, rounds + 1):
        for name in seats:
            if name.startswith("bot:"):
                table.bot_turn(name, round_no)
            else:
                table.human_turn(name, round_no, f"c {round_no}{round_no}1; t a b", first_human)
                first_human = False
        table.reveal(round_no, seats)


def expected_order(seats: list[str], rounds: int) -> list[str]:
    out: list[str] = []
    for r in range(1, rounds + 1):
        out.extend(f"{r}:{name}" for name in seats)
        out.append(f"{r}:reveal")
    return out


def test_three_people_and_a_bot_take_turns_in_seat_order(
    children: list[pexpect.spawn],
) -> None:
    seats = ["ann", "bob", "bot:random", "cat"]
    child = spawn(["--players", ",".join(seats), "--seed", "23"])
    children.append(child)
    table = Table(child)
    play_rounds(table, seats, rounds=3)
    assert table.order == expected_order(seats, 3)
    # round 4 starts with the first seat again; quit asks first and offers to save
    table.expect("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    table.expect("Round 4 · ann ·")
    table.expect("ann>")
    child.sendline("quit")
    table.expect("Leave the game? [y/N]")
    child.sendline("n")
    table.expect("ann>")
    child.sendline("quit")
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first? File name (Enter: do not save):")
    child.sendline("")
    table.expect("quit: game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_a_bot_first_then_two_people_over_three_rounds_and_a_win(
    children: list[pexpect.spawn],
) -> None:
    seats = ["bot:random", "ann", "bob"]
    child = spawn(["--players", ",".join(seats), "--seed", "5"])
    children.append(child)
    table = Table(child)
    play_rounds(table, seats, rounds=3)
    assert table.order == expected_order(seats, 3)
    table.bot_turn("bot:random", 4)
    table.expect("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    table.expect("ann>")
    child.sendline(f"solve {SOLUTION_01}")
    table.expect(f"Submit {SOLUTION_01} as your solution? A wrong code eliminates you. [y/N]")
    child.sendline("y")
    table.expect("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    table.expect("bob>")
    child.sendline("pass")
    table.expect("Round 4 revealed:")
    table.expect(f"ann submitted {SOLUTION_01} — right")
    table.expect("Result · solution 241 · 4 rounds")
    table.expect("Fewest tests that guarantee the code: 1 (exact).")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_hot_seat_decisions_are_made_on_the_counts_before_the_round(
    children: list[pexpect.spawn],
) -> None:
    """Everyone decides at once: bob's screen does not show ann's tests of the round in
    play, nor the bot's; the reveal tells them, and the next round counts them."""
    child = spawn(["--players", "ann,bot:random,bob", "--seed", "3"])
    children.append(child)
    table = Table(child)
    table.expect("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    table.expect("Tests of the others before this round: bot:random 0 · bob 0")
    table.expect("ann>")
    child.sendline("c 111; t a b")
    table.expect("ann>")
    child.sendline("pass")
    before = table.expect("Pass the keyboard to bob and press Enter.")
    assert "bot:random has played its turn (revealed when everyone has decided)." in before
    assert "and decided." not in before
    child.sendline("")
    screen = table.expect("bob>")
    assert "Tests of the others before this round: ann 0 · bot:random 0" in screen
    child.sendline("pass")
    table.expect("Round 1 revealed:")
    shown = table.expect("Pass the keyboard to ann and press Enter.")
    assert "ann passed (2 tests)" in shown and "bob passed (0 tests)" in shown
    assert "bot:random passed (2 tests)" in shown
    child.sendline("")
    # round 2: the counts of round 1, revealed
    table.expect("Tests of the others before this round: bot:random 2 · bob 0")
    table.expect("ann>")
    child.sendline("quit")
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first? File name (Enter: do not save):")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_solo_rounds_have_headings_and_the_prompt_edits_lines(
    children: list[pexpect.spawn],
) -> None:
    child = spawn(["--seed", "1"])
    children.append(child)
    table = Table(child)
    table.expect("player>")
    child.sendline("pass")
    table.expect("Round 1 revealed:")
    table.expect("— Round 2 —")
    table.expect("player>")
    # type "tesr", fix it with the arrow keys and Backspace: "test", then " 111 A"
    child.send("tesr")
    child.send("\x1b[D")  # Left
    child.send("\x1b[C")  # Right
    child.send("\x7f")  # Backspace
    child.send("t 111 A\r")
    table.expect("111 on A: ")
    table.expect("player>")
    # Up brings the line back from this player's history (a refused line runs nothing)
    child.send("\x1b[A\r")
    table.expect("error: verifier A was already tested this round (the line was not run)")
    table.expect("player>")
    # Tab completes command words
    child.send("pa\t")
    table.expect("ss")  # completed to "pass "
    child.send("\r")
    table.expect("Round 2 revealed:")
    table.expect("player>")
    child.sendline(f"solve {SOLUTION_01}")
    table.expect("[y/N]")
    child.sendline("n")
    table.expect("Nothing done.")
    table.expect("player>")
    # Ctrl-C asks before leaving; answering no goes on
    child.sendcontrol("c")
    table.expect("Leave the game? [y/N]")
    child.sendline("n")
    table.expect("player>")
    # Ctrl-D asks too, and offers to save
    child.sendcontrol("d")
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first? File name (Enter: do not save):")
    child.sendline("")
    table.expect("end of input: game abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_leaving_offers_to_save_and_the_save_resumes_with_a_recap(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = spawn(["--players", "ann,bob", "--seed", "3"], cwd=tmp_path)
    children.append(child)
    table = Table(child)
    table.human_turn("ann", 1, "c 111; t a", first=True)
    table.expect("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    table.expect("bob>")
    child.sendcontrol("c")
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first? File name (Enter: do not save):")
    child.sendline(str(tmp_path))  # a folder: refused, asked again
    table.expect("error: cannot save to")
    table.expect("Save it first?")
    child.sendline("kept.json")
    table.expect("interrupted: game abandoned; saved to kept.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    resumed = spawn(["--resume", "kept.json"], cwd=tmp_path)
    children.append(resumed)
    again = Table(resumed)
    again.expect("Resumed in round 1.")
    again.expect("ann: 0 tests, decided this round")  # its tests wait for the reveal
    again.expect("bob: 0 tests, in the game")
    again.expect("Next: bob's turn.")
    again.expect("Pass the keyboard to bob and press Enter.")


def test_ctrl_d_at_the_hand_over_asks_before_leaving(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = spawn(["--players", "ann,bob", "--seed", "3"], cwd=tmp_path)
    children.append(child)
    table = Table(child)
    table.human_turn("ann", 1, "c 111; t a", first=True)
    table.expect("Pass the keyboard to bob and press Enter.")
    child.sendeof()
    table.expect("Leave the game? [y/N]")
    child.sendline("n")  # stays: the hand-over asks again, and the game goes on
    table.expect("Pass the keyboard to bob and press Enter.")
    child.sendline("")
    table.expect("bob>")
    table.child.sendline("pass")
    table.expect("Pass the keyboard to ann and press Enter.")
    child.sendeof()
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first? File name (Enter: do not save):")
    child.sendline("kept.json")
    table.expect("end of input: game abandoned; saved to kept.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (tmp_path / "kept.json").exists()


def test_a_line_typed_at_the_hand_over_is_not_run_and_says_so(
    children: list[pexpect.spawn],
) -> None:
    """The hand-over runs no command (the next player sees nothing of the last one's turn
    first), but a line typed there is not dropped without a word: it is wiped from the
    screen, said not run, and the hand-over waits for Enter alone."""
    child = spawn(["--players", "ann,bob", "--seed", "3"])
    children.append(child)
    table = Table(child)
    table.human_turn("ann", 1, "c 111; t a", first=True)
    table.expect("Pass the keyboard to bob and press Enter.")
    child.sendline("c 123")
    # the line goes from the screen before the error: it may be the last player's thinking
    assert CLEAR in table.expect("error: that line was not run: Enter alone starts bob's turn")
    before = table.expect("Pass the keyboard to bob and press Enter.")
    assert "Round 1 · bob" not in before
    child.sendline("   ")  # blanks are Enter alone
    table.expect("Round 1 · bob ·")
    table.expect("bob>")
    child.sendline("t a")  # 123 was not composed
    table.expect("error: compose a code first (compose 352), or give it: test 352 A")
    table.expect("bob>")
    child.sendline("pass")
    table.expect("Pass the keyboard to ann and press Enter.")
    child.sendline("pass")
    table.expect("error: that line was not run: Enter alone starts ann's turn")
    table.expect("Pass the keyboard to ann and press Enter.")
    child.sendline("")
    table.expect("ann>")
    child.sendline("quit")
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)


def test_quit_at_the_hand_over_asks_and_offers_to_save(
    children: list[pexpect.spawn], tmp_path: Path
) -> None:
    """quit typed at the hand-over is the one line run there: it asks, as at the command
    prompt; no keeps the hand-over, yes offers to save."""
    child = spawn(["--players", "ann,bob", "--seed", "3"], cwd=tmp_path)
    children.append(child)
    table = Table(child)
    table.human_turn("ann", 1, "c 111; t a", first=True)
    table.expect("Pass the keyboard to bob and press Enter.")
    child.sendline("quit")
    table.expect("Leave the game? [y/N]")
    child.sendline("n")
    table.expect("Nothing done.")
    before = table.expect("Pass the keyboard to bob and press Enter.")
    assert "Round 1 · bob" not in before
    child.sendline("q")
    table.expect("Leave the game? [y/N]")
    child.sendline("y")
    table.expect("Save it first?")
    child.sendline("handed.json")
    table.expect("quit: game abandoned; saved to handed.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (tmp_path / "handed.json").exists()


def test_shapes_are_coloured_on_a_colour_terminal(children: list[pexpect.spawn]) -> None:
    coloured = spawn(["--seed", "1"], color=True)
    children.append(coloured)
    before = Table(coloured).expect("player>")
    assert "\x1b[1;34m▲" in before  # blue
    assert "\x1b[1;33m■" in before  # yellow
    assert "\x1b[1;38;5;129m●" in before or "\x1b[1;35m●" in before  # purple
    plain = spawn(["--seed", "1"], color=False)
    children.append(plain)
    before = Table(plain).expect("player>")
    assert "▲" in before and "\x1b[1;34m" not in before


def test_a_six_verifier_extreme_screen_fits_forty_rows(children: list[pexpect.spawn]) -> None:
    child = spawn(
        ["--random", "--mode", "extreme", "--verifiers", "6", "--seed", "2", "--min-tests", "0"]
    )
    children.append(child)
    table = Table(child)
    screen = table.expect("player>")
    after_clear = screen.split(CLEAR)[-1]
    rows = after_clear.replace("\r", "").split("\n")
    start = next(i for i, row in enumerate(rows) if row.startswith("Round 1 · player"))
    assert len(rows) - start + 1 <= 40, rows[start:]
    assert sum(1 for row in rows if row.startswith(" A ") or row.startswith(" F ")) == 2
    child.sendline("show cards")
    table.expect("player>")


def test_a_narrow_window_says_where_the_cut_criteria_are(children: list[pexpect.spawn]) -> None:
    wide = spawn([])
    children.append(wide)
    screen = Table(wide).expect("player>")
    assert "…" not in screen and "cut to the window" not in screen
    # Lines are cut to a terminal, with colour or without (NO_COLOR): the layout is the same
    for color in (True, False):
        narrow = spawn([], color=color, columns=80)
        children.append(narrow)
        table = Table(narrow)
        screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", table.expect("player>"))
        rows = screen.replace("\r", "").split("\n")
        card_rows = [row for row in rows if row[:3] in (" A ", " B ", " C ", " D ")]
        assert len(card_rows) == 4 and all(len(row) <= 80 for row in card_rows), color
        assert any(row.endswith("…") for row in card_rows), color
        assert (
            "Lines ending in … are cut to the window: show cards lists every criterion." in screen
        )
        narrow.sendline("show cards")
        table.expect("9.4")  # the criteria cut on the screen, each in full
        table.expect("14.3")


def test_ctrl_c_during_a_slow_hint_cancels_only_the_hint(children: list[pexpect.spawn]) -> None:
    """Ctrl-C cancels the hint, and the commands after it on the line, which it says only
    when there were some."""
    # the first best-test search of this 6-verifier extreme puzzle runs for many seconds
    child = spawn(["--random", "--mode", "extreme", "--verifiers", "6", "--seed", "1"])
    children.append(child)
    table = Table(child)
    table.expect("player>")
    child.sendline("hint best")
    # the screen says what it is doing, and how to stop it
    table.expect("Searching for the best next test… Ctrl-C cancels (a cancelled hint is not")
    child.expect(pexpect.TIMEOUT, timeout=1.5)  # let the search start
    child.sendcontrol("c")
    table.expect("Hint cancelled (not counted).")
    assert "rest of the line" not in table.expect("player>")  # there was none
    child.sendline("giveup")
    table.expect("Give up? You will be out of the running. [y/N]")
    child.sendline("y")
    table.expect("Result · solution")
    # a search at the same state again goes on from what the first one found (it may end
    # within a second), so the hint with more after it on its line is the first of a game
    child = spawn(["--random", "--mode", "extreme", "--verifiers", "6", "--seed", "1"])
    children.append(child)
    table = Table(child)
    table.expect("player>")
    child.sendline("hint best; note A cancelled")
    table.expect("Searching for the best next test…")
    child.expect(pexpect.TIMEOUT, timeout=1.5)
    child.sendcontrol("c")
    table.expect("Hint cancelled (not counted); the rest of the line was not run.")
    table.expect("player>")
    child.sendline("show")
    shown = table.expect("hints 0")
    shown += table.expect("player>")
    assert "Notes:" not in shown  # the note after the first hint was not written
    child.sendline("giveup")
    table.expect("Give up? You will be out of the running. [y/N]")
    child.sendline("y")
    table.expect("Result · solution")


def test_enter_while_the_program_works_leaves_no_old_spinner_lines(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    """Keys typed while a search runs are not echoed: an Enter would move the spinner's line
    down and leave its last frame behind, once a key."""
    # the first best-test search of this 6-verifier extreme table takes several seconds
    puzzle = tmp_path / "x6.jsonl"
    args = "generate -n 1 --mode extreme --difficulty hard --verifiers 6 --seed 9 -o"
    made = subprocess.run(
        [sys.executable, "-m", "turing", *args.split(" "), str(puzzle)], capture_output=True
    )
    assert made.returncode == 0, made.stderr
    child = spawn([str(puzzle)])
    children.append(child)
    table = Table(child)
    table.expect("player>")
    child.sendline("hint best")
    table.expect("Searching for the best next test…")
    child.expect(pexpect.TIMEOUT, timeout=0.5)
    assert not child.getecho()  # the terminal echoes nothing meanwhile
    child.send("\r")
    child.send("\r")
    child.expect(pexpect.TIMEOUT, timeout=1)
    assert "\n" not in str(child.before)  # the spinner redrawn in place, no line added
    child.sendcontrol("c")
    table.expect("Hint cancelled (not counted)")
    table.expect("player>")
    child.sendline("giveup")
    table.expect("Give up? You will be out of the running. [y/N]")
    child.sendline("y")
    table.expect("Result · solution")


def test_hint_best_is_searched_again_after_tests_narrow_the_state(
    children: list[pexpect.spawn],
) -> None:
    # the start of this 4-verifier nightmare table is past the policy's work limit, the
    # state after two rounds of tests is not: the hint answers there
    child = spawn(
        [
            "--random",
            "--mode",
            "nightmare",
            "--verifiers",
            "4",
            "--difficulty",
            "hard",
            "--seed",
            "3",
        ]
    )
    children.append(child)
    table = Table(child)
    table.expect("player>")
    # there, the move bot:optimal makes: bot:greedy's, marked as not proven best
    not_proven = "No move proven best here (the search passed its work limit);"
    used = 0
    for line in ("hint best", "c 112; t a b c", "pass", "hint best", "c 231; t a b d", "pass"):
        child.sendline(line)
        if line == "hint best":
            used += 1
            before = table.expect(f"(hints used: {used})")
            assert not_proven in before and "bot:greedy would compose" in before
        table.expect("player>")
    child.sendline("hint best")
    before = table.expect("(hints used: 3)")
    assert not_proven not in before
    assert "Best now: compose 223 and test C" in before
    table.expect("player>")
    child.sendline("show")
    table.expect("hints 3")


def test_a_line_typed_that_is_no_text_is_refused_alone(children: list[pexpect.spawn]) -> None:
    child = spawn([])
    children.append(child)
    table = Table(child)
    table.expect("player>")
    os.write(child.child_fd, b"\xff\xfe\r")  # bytes a terminal in another encoding sends
    before = table.expect(
        "error: the line typed is not readable as text in the input's encoding (utf-8); "
        "nothing done"
    )
    assert "unknown command" not in before
    child.sendline("c 111")
    table.expect("Code for round 1: 111")


def _offered(child: pexpect.spawn, typed: str, prompt: str) -> str:
    """What the screen shows once ``typed`` is typed at the prompt and Tab pressed twice
    (the words offered); the line is then dropped (Ctrl-C, and no to leaving), and the
    next ``prompt`` awaited."""
    child.send(typed + "\t\t")
    child.expect(pexpect.TIMEOUT, timeout=1.5)
    shown = str(child.before)
    child.sendcontrol("c")
    child.expect(r"\[[yj]/N\]")
    child.sendline("n")
    child.expect_exact(prompt)
    return shown


def test_tab_offers_only_the_words_of_the_language_in_use(
    children: list[pexpect.spawn],
) -> None:
    """An English game completes English words only, a German one German words with their
    umlauts: the other words are understood when typed, never offered."""
    english = spawn(["--seed", "1"])
    children.append(english)
    Table(english).expect("player>")
    shown = _offered(english, "s", "player>")
    assert "strike" in shown and "save" in shown
    assert "streiche" not in shown and "speichern" not in shown
    shown = _offered(english, "p", "player>")
    assert "pass" in shown
    assert "prüfe" not in shown and "pruefe" not in shown and "passe" not in shown
    # a note takes the rest of its line: no command is offered in its text
    shown = _offered(english, "note A x; s", "player>")
    assert "strike" not in shown and "save" not in shown
    german = spawn(["--seed", "1", "--lang", "de"])
    children.append(german)
    Table(german).expect("Spieler>")
    shown = _offered(german, "l", "Spieler>")
    assert "löse" in shown and "lösung" in shown
    assert "loese" not in shown and "loesung" not in shown and "look" not in shown
    shown = _offered(german, "st", "Spieler>")
    assert "streiche" in shown and "strike" not in shown and "stop" not in shown
    # typed without the umlaut, the spellings without it are offered
    shown = _offered(german, "zuru", "Spieler>")
    assert "zurueck" in shown


def _letters_offered(shown: str) -> set[str]:
    """The verifier letters the completion menu in ``shown`` lists, one a line."""
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown).replace("\r", "")
    return set(re.findall(r"^\s*([A-F])\s*$", plain, re.MULTILINE))


def test_tab_offers_nothing_within_a_note_s_text(children: list[pexpect.spawn]) -> None:
    """After a note's letter its text is free: Tab offers no verifier letter in it (in
    English and in German), while the letter itself is still offered."""
    for args, word, prompt in (([], "note", "player>"), (["--lang", "de"], "notiz", "Spieler>")):
        child = spawn(["--seed", "1", *args])
        children.append(child)
        Table(child).expect(prompt)
        assert _letters_offered(_offered(child, f"{word} ", prompt)) == {"A", "B", "C", "D"}
        shown = _offered(child, f"{word} A x ", prompt)
        assert _letters_offered(shown) == set()
        assert f"{word} A x A" not in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)
