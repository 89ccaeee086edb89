"""A person's seat at a real terminal (a pseudo-terminal driven by pexpect): hidden entry
that never shows, the turn handed over, a codemaker checked against the secret, and
leaving with quit, Ctrl-C or Ctrl-D."""

from __future__ import annotations

import os
import re
import signal
import sys

import pexpect  # type: ignore[import-untyped]

from turing.mastermind.match import Match, Seat
from turing.mastermind.presets import get_preset
from turing.mastermind.scoring import Feedback, feedback
from turing.mastermind.space import Code

SUPERHIRN = get_preset("superhirn")
LETTERS = "RYGBWKOP"
TIMEOUT = 60
GUESS = re.compile(r"Computer guesses, row (\d+):\s+((?:[A-Z] ?){4})")


def default_signals() -> None:
    """A person's shell starts the program with Ctrl-C live, whatever the test process
    inherited (an earlier test may leave SIGINT ignored, and children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(args: str, codec_errors: str = "strict") -> pexpect.spawn:
    """``codec_errors``: how the terminal's echo is read where it is not UTF-8."""
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "200"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "mastermind", "play", *args.split()],
        env=env,
        encoding="utf-8",
        codec_errors=codec_errors,
        timeout=TIMEOUT,
        dimensions=(50, 200),
        preexec_fn=default_signals,
    )
    return child


class Screen:
    """Records every character the program writes to the terminal."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def flush(self) -> None:
        pass

    @property
    def text(self) -> str:
        return "".join(self.parts)


def watched(args: str) -> tuple[pexpect.spawn, Screen]:
    child = spawn(args)
    screen = Screen()
    child.logfile_read = screen
    return child, screen


def letters(code: Code) -> str:
    return "".join(LETTERS[s] for s in code)


def spaced(code: Code) -> str:
    return " ".join(LETTERS[s] for s in code)


def pins(fb: Feedback) -> str:
    return f"{fb.black} {fb.white}"


def computer_secret(seed: int, game: int = 1) -> Code:
    match = Match(SUPERHIRN, (Seat("You", True), Seat("Computer", False, "most-parts")), seed=seed)
    match.start()
    assert match.secret is not None
    return match.secret


def enter_secret(child: pexpect.spawn, name: str, code: str) -> None:
    child.expect(f"{name}, your secret code \\(hidden")
    child.sendline(code)
    child.expect(f"{name}, the same code again to confirm")
    child.sendline(code)


def answer_truly(child: pexpect.spawn, secret: Code, *, until_over: bool = True) -> int:
    """Answer the computer's guesses with true pins until it cracks the code; the rows."""
    rows = 0
    while True:
        child.expect(GUESS)
        guess = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
        rows += 1
        child.expect("pins for row")
        child.sendline(pins(feedback(secret, guess)))
        if guess == secret:  # the code named: asked first at a terminal
            child.expect_exact(f"{spaced(guess)} is your code? [y/N] ")
            child.sendline("y")
            return rows


# ---------------------------------------------------------------- the done-when match


def test_two_game_superhirn_match_in_each_role_with_a_wrong_pin_row_caught() -> None:
    seed = 21
    theirs = computer_secret(seed)
    mine: Code = (4, 2, 0, 7) if theirs != (4, 2, 0, 7) else (1, 2, 3, 4)
    child, screen = watched(f"--preset superhirn --seed {seed}")

    # game 1: the person breaks the computer's code, guessing repeated colours once
    child.expect("Game 1 of 2 begins. Codemaker: Computer. Codebreaker: You.")
    child.expect("your guess — row 1 of 12, game 1 of 2")
    child.sendline("RRRR")
    child.expect("row  1  R R R R")
    child.expect("your guess — row 2 of 12, game 1 of 2")
    child.sendline(
        " ".join(
            ["rot", "gelb", "grün", "blau", "weiß", "schwarz", "orange", "lila"][s] for s in theirs
        )
    )
    child.expect("You cracked the code in 2 rows; 2 points to the computer.")
    child.expect(f"The computer's code was {spaced(theirs)}.")
    child.expect("Score after game 1 of 2: You: 0, Computer: 2.")

    # game 2: the person makes the code, hidden and typed twice, and places the pins
    child.expect("Game 2 of 2 begins. Codemaker: You. Codebreaker: Computer.")
    enter_secret(child, "You", letters(mine))
    child.expect(GUESS)
    first = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
    truth = feedback(mine, first)
    wrong = Feedback(0, 0) if truth != Feedback(0, 0) else Feedback(1, 0)
    child.expect("pins for row 1")
    child.sendline(pins(wrong))  # a deliberate mistake, left standing
    child.expect(GUESS)  # the next guess: answering it makes row 1 final
    second = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
    child.expect("pins for row 2")
    child.sendline(pins(feedback(mine, second)))
    child.expect(re.compile(r"Wrong pins: row 1 should have had (\d) red, (\d) white\."))
    assert (int(child.match.group(1)), int(child.match.group(2))) == truth
    child.expect("The game restarts; 3 points to the computer for the wrong pins")
    child.expect("Game 2 of 2 restarts with an empty board.")
    enter_secret(child, "You", letters(mine))
    rows = answer_truly(child, mine)
    child.expect(f"Code cracked by the computer in {rows} rows?; ")
    child.expect(f"Your code was {spaced(mine)}.")
    child.expect(f"Final score: You: {rows}, Computer: 5;")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    shown = screen.text
    assert letters(mine) not in shown  # the typed secret never appeared
    assert shown.index(f"Your code was {spaced(mine)}") > shown.index("Game 2 of 2 restarts")
    before_reveal = shown[: shown.index(f"Your code was {spaced(mine)}")]
    assert spaced(mine) not in before_reveal.split("Computer guesses")[0][-200:]


def test_undo_mends_the_last_pins_at_the_terminal() -> None:
    mine: Code = (0, 1, 4, 5)
    child, screen = watched("--preset superhirn --role maker --games 1")
    enter_secret(child, "You", "rot gelb weiß schwarz")
    child.expect(GUESS)
    first = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
    truth = feedback(mine, first)
    assert truth.black < 4
    typo = Feedback(0, 0) if truth != Feedback(0, 0) else Feedback(1, 0)
    child.expect("pins for row 1")
    child.sendline(pins(typo))
    child.expect("pins for row 2")
    child.sendline("board")
    child.expect("Your code: R Y W K")
    child.expect("row  2  .*\\(waiting for pins\\)")
    child.sendline("undo")
    child.expect("Pins of row 1 taken back; type them again.")
    child.expect("pins for row 1")
    child.sendline(pins(truth))
    rows = 1 + answer_truly(child, mine)
    child.expect("Code cracked by the computer")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Wrong pins" not in screen.text and rows >= 2


# ---------------------------------------------------------------- hidden entry between people


def test_hidden_entry_between_two_people_never_shows_the_code() -> None:
    child, screen = watched("--preset superhirn --players human:Ann,human:Bob --games 1")
    child.expect("Game 1 of 1 begins. Codemaker: Bob. Codebreaker: Ann.")
    child.expect("Bob, your secret code \\(hidden; Ann, please look away\\)")
    child.sendline("RRGB")
    child.expect("error: a colour appears twice; in this game each colour may appear once")
    child.expect("Bob, your secret code")
    child.sendline("RYGT")
    child.expect("error: a character typed is not a colour here")
    child.expect("Bob, your secret code")
    child.sendline("WKO")
    child.expect("error: the code typed has 3 colours")
    child.expect("Bob, your secret code")
    child.sendline("OPKW")
    child.expect("Bob, the same code again to confirm")
    child.sendline("OPKB")
    child.expect("error: the two entries differ; type the code again")
    enter_secret(child, "Bob", "OPKW")
    child.expect("Ann, your guess — row 1 of 12")
    before = screen.text
    for typed in ("RRGB", "RYGT", "WKO", "OPKW", "OPKB", "O P K W"):
        assert typed not in before
    child.sendline("board")
    child.expect("No rows yet.")
    child.sendline("giveup")
    child.expect("Give up this game\\? It is scored as lost. \\[y/N\\]")
    child.sendline("y")
    child.expect("Ann gave up after 0 rows; 13 points to Bob \\(12 \\+ 1\\).")
    child.expect("Bob's code was O P K W.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_logik_duel_shows_your_own_code_and_both_boards() -> None:
    child, screen = watched("--preset logik --seed 5")
    enter_secret(child, "You", "RYGBW")
    child.expect("You, your guess — row 1 of 12")
    child.sendline("KKOOP")
    child.expect("You, your guess — row 2 of 12")
    child.sendline("board")
    child.expect("Your code: R Y G B W")
    child.expect("You against the computer's code:")
    child.expect("row  1  K K O O P")
    child.expect("Computer against your code:")
    child.expect("row  1 ")
    child.sendline("giveup")
    child.expect("Give up this game\\? It is scored as lost. \\[y/N\\]")
    child.sendline("n")  # no: the same prompt, the duel goes on
    child.expect("You, your guess — row 2 of 12")
    child.sendline("aufgeben")
    child.expect("\\[y/N\\]")
    child.sendline("yes")
    child.expect("Game 1 of 1: the computer won \\(you gave up\\).")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "RYGBW" not in screen.text


# ---------------------------------------------------------------- leaving


def test_giveup_asks_first_no_plays_on_and_yes_gives_up() -> None:
    child, screen = watched("--preset classic --games 2 --seed 1")
    child.expect("your guess — row 1 of 10")
    child.sendline("RGBY")
    child.expect("your guess — row 2 of 10")
    child.sendline("giveup")
    child.expect("Give up this game\\? It is scored as lost. \\[y/N\\]")
    child.sendline("n")
    child.expect("your guess — row 2 of 10")  # the same prompt, the same game
    child.sendline("give up")
    child.expect("Give up this game\\? It is scored as lost. \\[y/N\\]")
    child.sendline("")  # Enter: no, the default
    child.expect("your guess — row 2 of 10")
    child.sendline("board")
    child.expect("Classic Mastermind: row 2 of 10")
    child.expect("your guess — row 2 of 10")
    child.sendline("giveup")
    child.expect("Give up this game\\? It is scored as lost. \\[y/N\\]")
    child.sendline("y")
    child.expect("You gave up after 1 row; 11 points to the computer \\(10 \\+ 1\\).")
    child.expect("The computer's code was ")
    child.expect("You, your secret code \\(hidden")  # game 2 begins
    child.sendline("quit")
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert screen.text.count("gave up") == 1


def test_ctrl_c_or_ctrl_d_at_the_giveup_question_keep_the_game() -> None:
    for key in ("intr", "eof"):
        child, screen = watched("--preset classic --games 1 --seed 1")
        child.expect("your guess — row 1 of 10")
        child.sendline("giveup")
        child.expect("Give up this game\\? It is scored as lost. \\[y/N\\] ")
        if key == "intr":
            child.sendintr()
        else:
            child.sendeof()
        # the line is ended, and says so, before the same prompt asks again
        child.expect("\\A(\\^C)?\r\nNothing done\\.\r\nYou, your guess — row 1 of 10")
        child.sendline("quit")
        child.expect("Leave the match\\? \\[y/N\\]")
        child.sendline("y")
        child.expect_exact("Save it first? File name (Enter: do not save): ")
        child.sendline("")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 1, key
        assert "gave up" not in screen.text, key


def test_ctrl_c_asks_and_leaves_with_130() -> None:
    child, _ = watched("--preset classic")
    child.expect("your guess — row 1 of 10")
    child.sendintr()
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("n")
    child.expect("your guess — row 1 of 10")
    child.sendintr()
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect("interrupted: match abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_sighup_or_sigterm_leave_at_once_without_asking() -> None:
    for sig, status, word in ((signal.SIGHUP, 129, "hung up"), (signal.SIGTERM, 143, "terminated")):
        child, screen = watched("--preset classic")
        child.expect("your guess — row 1 of 10")
        child.kill(sig)
        child.expect(f"{word}: match abandoned")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == status, word
        assert "Leave the match" not in screen.text, word


def test_quit_asks_like_ctrl_c_no_plays_on_and_yes_leaves_with_1() -> None:
    child, screen = watched("--preset classic --seed 5")
    child.expect("your guess — row 1 of 10")
    child.sendline("RGBY")
    child.expect("row  1 [^\\r\\n]*\\r\\n")
    row = child.match.group(0).strip()
    child.expect("your guess — row 2 of 10")
    child.sendline("quit")
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("n")
    child.expect("your guess — row 2 of 10")  # the same prompt, the same game
    child.sendline("board")
    child.expect("Classic Mastermind: row 2 of 10")
    child.expect("your guess — row 2 of 10")
    child.sendline("exit")
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("")  # Enter: no, the default
    child.expect("your guess — row 2 of 10")
    child.sendline("quit")
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect("quit: match abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert screen.text.count(row) == 2  # the row as played, and unchanged on the board
    assert "row  2 " not in screen.text


def test_hint_at_the_terminal_counts_the_codes_and_the_game_goes_on() -> None:
    secret = computer_secret(3)
    guess = (0, 0, 1, 1)  # a person may repeat colours in a guess
    fb = feedback(secret, guess)
    count = sum(feedback(SUPERHIRN.space.code(i), guess) == fb for i in range(len(SUPERHIRN.space)))
    child, _ = watched("--preset superhirn --seed 3")
    child.expect("your guess — row 1 of 12")
    child.sendline("hint")
    child.expect_exact("1,680 codes fit the rows so far.")
    child.expect("your guess — row 1 of 12")
    child.sendline(letters(guess))
    child.expect("your guess — row 2 of 12")
    child.sendline("hint")
    child.expect_exact(f"{count:,} codes fit the rows so far.")
    child.expect("your guess — row 2 of 12")
    child.sendline("giveup")
    child.expect("\\[y/N\\]")
    child.sendline("y")
    # game 2: the person makes the code (the prompt itself, not the line before it that
    # names the secret code too: Ctrl-C sent while that line is written ends the match)
    child.expect_exact("your secret code (hidden): ")
    child.sendintr()
    child.expect("Leave the match")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_a_line_of_words_at_the_guess_and_pins_prompts_is_named_as_a_command() -> None:
    secret = computer_secret(5)
    commands = "the commands here are hint, board, help, rules, giveup, quit"
    child, _ = watched("--preset superhirn --seed 5")
    child.expect("your guess — row 1 of 12")
    child.sendline("show board")
    child.expect_exact(f"error: unknown command 'show'; {commands}")
    child.sendline("R Y G X")
    child.expect_exact("error: 'X' is not a colour here")
    child.sendline("rot gelb grün braun")
    child.expect_exact("error: 'braun' (brown) is not used in this game")
    child.sendline("R Y G B")  # a code typed with spaces is still a guess
    child.expect("row  1  R Y G B")
    child.expect("your guess — row 2 of 12")
    child.sendline(spaced(secret))
    child.expect("You cracked the code in 2 rows")
    enter_secret(child, "You", "WKOP")  # game 2: the person answers with pins
    child.expect(GUESS)
    guess = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
    assert guess != (4, 5, 6, 7)
    child.expect("pins for row 1")
    child.sendline("foo bar")
    child.expect_exact(
        "error: unknown command 'foo'; the commands here are undo, board, help, rules, quit"
    )
    child.sendline(pins(feedback((4, 5, 6, 7), guess)))  # pins typed with a space still count
    child.expect("pins for row 2")
    child.sendintr()
    child.expect("Leave the match")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_quit_at_a_codemakers_pins_prompt_asks_too() -> None:
    child, _ = watched("--preset superhirn --role maker --seed 2")
    enter_secret(child, "You", "RYGB")
    child.expect("pins for row 1")
    child.sendline("beenden")
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("no")
    child.expect("pins for row 1")
    child.sendline("quit")
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("yes")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect("quit: match abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_ctrl_c_or_ctrl_d_at_a_hidden_prompt_asks_before_leaving() -> None:
    child, _ = watched("--preset superhirn --role maker")
    child.expect("your secret code \\(hidden")
    child.sendintr()
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("")
    child.expect("your secret code \\(hidden")
    child.sendeof()  # asks as quit does; no: the same prompt
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("n")
    child.expect("Nothing done.")
    child.expect("your secret code \\(hidden")
    child.sendeof()
    child.expect("Leave the match\\? \\[y/N\\]")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save):")
    child.sendline("")
    child.expect("end of input: match abandoned")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_colour_terminal_shows_letters_with_the_colours() -> None:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "turing", "mastermind", "play", "--preset", "superhirn", "--seed", "1"],
        env={**env, "TERM": "xterm-256color", "COLORTERM": "truecolor"},
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 200),
        preexec_fn=default_signals,
    )
    screen = Screen()
    child.logfile_read = screen
    child.expect("your guess — row 1 of 12")
    child.sendline("RYGB")
    child.expect("your guess — row 2 of 12")
    child.sendline("quit")
    child.expect("Leave the match")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    text = screen.text
    assert "\x1b[" in text  # coloured
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    assert " R  Y  G  B " in plain and "red (1)" in plain  # the letters, always
    assert "●" in plain or "○" in plain or "····" in plain


def test_a_line_typed_that_is_no_text_is_refused_alone() -> None:
    child = spawn("--seed 1 --games 1", codec_errors="replace")
    child.expect("your guess — row 1 of 10")
    os.write(child.child_fd, b"\xff\xfe\r")  # bytes a terminal in another encoding sends
    child.expect_exact(
        "error: the line typed is not readable as text in the input's encoding (utf-8); "
        "nothing done"
    )
    child.expect("your guess — row 1 of 10")
    child.sendline("RGBY")
    child.expect("row  1  R G B Y")
    child.close(force=True)


def test_codes_in_a_sentence_stand_one_space_from_its_words_in_colour() -> None:
    # a coloured peg is padded on the board; inside a sentence its letter stands alone
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TURING_LANG")}
    child = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "turing",
            "--lang",
            "de",
            "mastermind",
            "play",
            "--preset",
            "logik",
            "--games",
            "1",
            "--seed",
            "1",
        ],
        env={**env, "TERM": "xterm-256color", "COLORTERM": "truecolor"},
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(50, 200),
        preexec_fn=default_signals,
    )
    screen = Screen()
    child.logfile_read = screen
    child.expect("verdeckt")
    child.sendline("NWWWB")
    child.expect("derselbe Code")
    child.sendline("NWWWB")
    child.expect("Rateversuch — Reihe 1 von 12")
    child.sendline("aufgeben")
    child.expect_exact("[j/N] ")
    child.sendline("j")
    child.expect(pexpect.EOF)
    child.close()
    assert "\x1b[" in screen.text  # coloured
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.text)
    assert "Dein Code war N W W W B. Der Code des Computers war " in plain, plain


# ---------------------------------------------------------------- pins that end the game


def test_pins_all_red_are_asked_about_first_and_undo_mends_them() -> None:
    """Pins all red name the code and end the game; a slip of one key would be final at
    once, so the terminal asks first, and no (undo too) asks the row's pins again."""
    mine: Code = (5, 6, 7, 4)
    child, screen = watched("--preset superhirn --role maker --games 1 --strategy knuth")
    enter_secret(child, "You", letters(mine))
    child.expect(GUESS)
    first = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
    assert first != mine
    child.expect("pins for row 1")
    child.sendline("4")
    child.expect_exact(f"{spaced(first)} is your code? [y/N] ")
    child.sendline("undo")
    child.expect_exact("Nothing done.")
    child.expect("pins for row 1")
    child.sendline("4")
    child.expect_exact("is your code? [y/N] ")
    child.sendline("")  # Enter: no, the default
    child.expect("pins for row 1")
    child.sendline(pins(feedback(mine, first)))
    rows = 1 + answer_truly(child, mine)
    child.expect("Code cracked by the computer")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Wrong pins" not in screen.text and rows >= 2


def test_ctrl_c_and_ctrl_d_at_the_question_whether_pins_name_the_code_answer_no() -> None:
    """As at the question to give up, Ctrl-C and Ctrl-D answer no: "Nothing done." and the
    row's pins are asked again, with no question to leave the match."""
    child, screen = watched("--preset superhirn --role maker --honour --games 1 --strategy knuth")
    child.expect(GUESS)
    first = child.match.group(2)
    for key in ("c", "d"):
        child.expect("pins for row 1")
        child.sendline("4")
        child.expect_exact(f"{first} is your code? [y/N] ")
        child.sendcontrol(key)
        child.expect_exact("Nothing done.")
    child.expect("pins for row 1")
    child.sendline("quit")  # the question's words are the prompt's: quit asks to leave
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("Save it first?")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert screen.text.count("Leave the match?") == 1  # after quit, not after the keys


def test_on_the_honour_system_pins_all_red_are_asked_about_too() -> None:
    child = spawn("--preset superhirn --role maker --honour --games 1 --strategy knuth")
    child.expect(GUESS)
    first = child.match.group(2)
    child.expect("pins for row 1")
    child.sendline("4 0")
    child.expect_exact(f"{first} is your code? [y/N] ")
    child.sendline("n")
    child.expect_exact("Nothing done.")
    child.expect("pins for row 1")
    child.sendline("4 0")
    child.expect_exact(f"{first} is your code? [y/N] ")
    child.sendline("y")
    child.expect("Code cracked by the computer in 1 row")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_pins_placed_again_as_they_were_taken_back_are_not_asked_about_twice() -> None:
    """Row 1 wrong, rows 2 to 5 right: row 5 leaves no code, and the codemaker is asked
    whether to take it back. Placed again as it was, the pins stand: the rows that conflict
    are named and the game restarts, rather than the same question coming back."""
    secret: Code = (5, 7, 6, 0)  # K P O R, schwarz lila orange rot
    child, screen = watched("--preset superhirn --role maker --honour --games 1 --strategy knuth")
    row = 0
    while True:
        index = child.expect([GUESS, r"take back the pins of row (\d+)\? \[Y/n\] "])
        if index == 1:
            break
        row += 1
        guess = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
        child.expect("pins for row")
        child.sendline("0 2" if row == 1 else pins(feedback(secret, guess)))
    assert child.match.group(1) == "5"
    child.sendline("y")
    child.expect_exact("Pins of row 5 taken back; type them again.")
    child.expect(GUESS)
    guess = tuple(LETTERS.index(c) for c in child.match.group(2).replace(" ", ""))
    child.expect("pins for row 5")
    child.sendline(pins(feedback(secret, guess)))
    child.expect_exact("Wrong pins: no code gives rows 1, 2, 3, 4 and 5 the pins they got.")
    child.expect_exact("The game restarts; 3 points to the computer")
    child.expect("pins for row 1")
    assert screen.text.count("take back the pins of row 5") == 1
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("File name (Enter: do not save): ")
    child.sendline("")
    child.expect(pexpect.EOF)
