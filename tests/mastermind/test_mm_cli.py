"""Scripted games and simulations through the real command line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.mastermind.engine import Engine
from turing.mastermind.match import Duel, Match, Seat, hint_text
from turing.mastermind.presets import Preset, get_preset
from turing.mastermind.scoring import Feedback, feedback, possible_feedbacks
from turing.mastermind.space import Code
from turing.mastermind.strategies import STRATEGIES, make_strategy

YOU, CPU = Seat("You", human=True), Seat("Computer", human=False, strategy="most-parts")
#: Spieler as the name of the one person (as You was once translated), not the plain word
NAMED_SPIELER = re.compile(r"(?<!ein )\bSpieler\b")


def run(args: list[str], lines: list[str] | None = None) -> Result:
    text = None if lines is None else "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, ["mastermind", *args], input=text)


def computer_secret(preset: Preset, seed: int) -> Code:
    match = Match(preset, (YOU, CPU), seed=seed)
    match.start()
    assert match.secret is not None
    return match.secret


def digits(code: Code) -> str:
    return "".join(str(s + 1) for s in code)


def pins(fb: Feedback) -> str:
    return f"{fb.black} {fb.white}"


def computer_guesses(preset: Preset, secret: Code, strategy: str = "most-parts") -> list[Code]:
    """The guesses the computer makes against ``secret`` when told the truth."""
    engine = Engine(preset.space)
    breaker = make_strategy(strategy)
    history: tuple[tuple[int, int], ...] = ()
    guesses: list[Code] = []
    while True:
        index = breaker.choose(engine, history, engine.consistent(history))
        guess = preset.space.code(index)
        guesses.append(guess)
        fb = feedback(secret, guess)
        if fb.black == preset.positions:
            return guesses
        history = (*history, (index, fb.key(preset.positions)))


# ---------------------------------------------------------------- breaker role


def test_classic_human_breaks_the_computer_code() -> None:
    preset = get_preset("classic")
    secret = computer_secret(preset, seed=5)
    result = run(
        ["play", "--seed", "5", "--games", "1"],
        ["# a comment", "", "1122", "board", digits(secret)],
    )
    assert result.exit_code == 0, result.output
    assert "Game 1 of 1 begins. Codemaker: Computer. Codebreaker: You." in result.output
    assert "You cracked the code in 2 rows; 2 points to the computer." in result.output
    assert "An odd number of games: the computer makes one code more than you (1 to 0)." in (
        result.output
    )
    assert "Final score: You: 0, Computer: 2; the computer wins." in result.output


def test_any_agreed_number_of_games_is_a_match_won_by_the_higher_total() -> None:
    """Superhirn: the agreed number of games, the higher total wins; with an odd number the
    first codemaker makes one code more, said once at the start."""
    result = run(
        ["play", "--preset", "superhirn", "--players", "human:Ann,human:Bob", "--games", "3"],
        ["RGBY", "KWOP", "RGBY", "KWOP", "KWOP", "RGBY", "RGBY"],
    )
    assert result.exit_code == 0, result.output
    note = "An odd number of games: Bob makes one code more than Ann (2 to 1)."
    assert result.output.count(note) == 1
    assert result.output.index(note) < result.output.index("Game 1 of 3 begins.")
    assert "Code cracked by Ann in 2 rows; 2 points to Bob." in result.output
    assert "Code cracked by Bob in 1 row; 1 point to Ann." in result.output
    assert "Score after game 3 of 3: Ann: 1, Bob: 3." in result.output
    assert result.output.endswith("Final score: Ann: 1, Bob: 3; Bob wins.\n")
    even = run(["play", "--players", "human:Ann,human:Bob", "--games", "2"], ["1234", "1234"])
    assert "An odd number" not in even.output


def test_superhirn_variants_are_played_by_letters() -> None:
    preset = get_preset("superhirn", repeats=True, blank=True)
    result = run(
        [
            "play",
            "--preset",
            "superhirn",
            "--duplicates",
            "--blank",
            "--players",
            "human:Ann,human:Bob",
            "--games",
            "1",
        ],
        ["RR.Y", "RRRR", "rr9y"],
    )
    assert result.exit_code == 0, result.output
    assert "4 positions × 8 colours, repeats, empty hole as a colour" in result.output
    assert "RR.Y" not in result.output.split("Bob, your secret code")[1].splitlines()[0]
    assert "row  2  R R ◌ Y   ●●●●  4 red, 0 white" in result.output
    assert preset.palette.parse("rr9y", preset.space) == (0, 0, 8, 1)


def test_superhirn_accepts_repeated_colours_in_a_guess() -> None:
    preset = get_preset("superhirn")
    secret = computer_secret(preset, seed=2)
    result = run(
        ["play", "--preset", "superhirn", "--seed", "2", "--games", "1"], ["RRGB", digits(secret)]
    )
    assert result.exit_code == 0, result.output
    assert "row  1  R R G B" in result.output and result.stderr == ""
    assert "You cracked the code in 2 rows; 2 points to the computer." in result.output


def test_one_row_one_point_singular() -> None:
    preset = get_preset("superhirn")
    secret = computer_secret(preset, seed=2)
    result = run(["play", "--preset", "superhirn", "--seed", "2", "--games", "1"], [digits(secret)])
    assert "You cracked the code in 1 row; 1 point to the computer." in result.output


def test_unsolved_master_collor_scores_13() -> None:
    lines = ["RRRRR"] + ["YYYYY"] * 12 + ["GGGGG", "GGGGG"]
    result = run(["play", "--preset", "master-collor", "--players", "human:Ann,human:Bob"], lines)
    assert result.exit_code == 0, result.output
    assert "Code not cracked by Ann in 12 rows; 13 points to Bob (12 + 1)." in result.output
    assert "Bob's code was R R R R R." in result.output
    assert "Score after game 1 of 2: Ann: 0, Bob: 13." in result.output
    assert "Final score: Ann: 1, Bob: 13; Bob wins." in result.output


def test_unsolved_classic_scores_11_and_roles_swap() -> None:
    lines = ["1111"] + ["2222"] * 10 + ["3333", "3333"]
    result = run(["play", "--players", "human:Ann,human:Bob", "--games", "2"], lines)
    assert result.exit_code == 0, result.output
    assert "11 points to Bob (10 + 1)" in result.output
    assert "Game 2 of 2 begins. Codemaker: Ann. Codebreaker: Bob." in result.output
    assert "Final score: Ann: 1, Bob: 11; Bob wins." in result.output


# ---------------------------------------------------------------- maker role


def test_computer_breaks_a_human_code_from_typed_feedback() -> None:
    preset = get_preset("classic")
    secret = (3, 0, 4, 4)
    guesses = computer_guesses(preset, secret)
    lines = [digits(secret)] + [pins(feedback(secret, g)) for g in guesses]
    result = run(["play", "--role", "maker", "--games", "1"], lines)
    assert result.exit_code == 0, result.output
    assert "Codemaker: You. Codebreaker: Computer." in result.output
    assert f"Code cracked by the computer in {len(guesses)} rows" in result.output
    assert "Your code was Y R W W." in result.output


def test_in_german_the_one_person_is_du_whose_code_the_computer_breaks() -> None:
    preset = get_preset("classic")
    secret = (3, 0, 4, 4)
    guesses = computer_guesses(preset, secret)
    lines = [digits(secret)] + [pins(feedback(secret, g)) for g in guesses]
    result = run(["--lang", "de", "play", "--role", "maker", "--games", "1"], lines)
    assert result.exit_code == 0, result.output
    n = len(guesses)
    assert "Code-Setzer: Du. Code-Brecher: Computer." in result.output
    assert f"Der Computer hat den Code in {n} Reihen geknackt; {n} Punkte für dich." in (
        result.output
    )
    assert "Dein Code war " in result.output
    assert not NAMED_SPIELER.search(result.output), result.output


def test_false_feedback_names_the_rows_restarts_and_pays_the_breaker() -> None:
    preset = get_preset("master-collor")
    secret = (0, 1, 2, 3, 4)
    guesses = computer_guesses(preset, secret)
    engine = Engine(preset.space)
    first = feedback(secret, guesses[0])
    history = ((preset.space.index(guesses[0]), first.key(5)),)
    left = engine.consistent(history)
    second = preset.space.index(guesses[1])
    possible = set(engine.table.row(second, left).tolist())
    lie = next(f for f in possible_feedbacks(5) if f.key(5) not in possible)
    truth = [pins(feedback(secret, g)) for g in guesses]
    lines = [truth[0], "3 9", "nonsense", pins(lie), "maybe", "n", *truth]
    result = run(
        ["play", "--preset", "master-collor", "--role", "maker", "--honour", "--games", "1"],
        lines,
    )
    assert result.exit_code == 0, result.output
    # pins that leave no code stop the computer: asked first, they were let stand
    assert (
        "No code gives every row the pins it got, so the computer cannot guess. "
        "You, take back the pins of row 2? [Y/n] maybe" in result.output
    )
    assert "Please type y (yes) or n (no)." in result.output
    assert "error: line 2: 3 black + 9 white is more pins than the 5 positions" in result.stderr
    assert "error: line 3: 'nonsense' is not pins" in result.stderr
    assert "Wrong pins: no code gives rows 1 and 2 the pins they got." in result.output
    assert "3 points to the computer for the wrong pins (Master Collor's rule)" in result.output
    assert "Game 1 of 1 restarts with an empty board." in result.output
    # the last row's pins are all black: that row is the code, so it is not asked for
    assert "show your secret code" not in result.output
    assert "Your code was R Y G B O." in result.output
    rows = len(guesses)
    assert f"Final score: You: {rows}, Computer: 3; you win." in result.output


@pytest.mark.parametrize("honour", [False, True])
def test_pins_that_leave_no_code_can_be_taken_back_before_they_are_final(honour: bool) -> None:
    # a typo that contradicts the rows before it is not final until the next guess:
    # asked, the codemaker takes it back and types the right pins; no penalty
    preset = get_preset("master-collor")
    secret = (0, 1, 2, 3, 4)
    guesses = computer_guesses(preset, secret)
    engine = Engine(preset.space)
    first = feedback(secret, guesses[0])
    history = ((preset.space.index(guesses[0]), first.key(5)),)
    left = engine.consistent(history)
    possible = set(engine.table.row(preset.space.index(guesses[1]), left).tolist())
    lie = next(f for f in possible_feedbacks(5) if f.key(5) not in possible)
    truth = [pins(feedback(secret, g)) for g in guesses]
    args = ["play", "--preset", "master-collor", "--role", "maker", "--games", "1"]
    lines = [truth[0], pins(lie), "board", "y", *truth[1:]]
    lines = [*lines, digits(secret)] if honour else [digits(secret), *lines]
    result = run(args + (["--honour"] if honour else []), lines)
    assert result.exit_code == 0, result.output
    assert "take back the pins of row 2? [Y/n] board" in result.output
    assert "Pins of row 2 taken back; type them again." in result.output
    assert "Wrong pins" not in result.output and "restarts" not in result.output
    assert f"Code cracked by the computer in {len(guesses)} rows" in result.output
    assert f"Final score: You: {len(guesses)}, Computer: 0; you win." in result.output


# the seed-1 classic game: pins 0 0, 1 1, 2 1, then 3 black leave no code
CONTRADICTED = ["-", "1 1", "2 1", "3"]
CLASSIC_MAKER = ["play", "--preset", "classic", "--role", "maker", "--honour", "--games", "1"]


@pytest.mark.parametrize(
    ("lang", "question", "please"),
    [
        ("en", "You, take back the pins of row 4? [Y/n] ", "Please type y (yes) or n (no)."),
        (
            "de",
            "Du, die Stifte von Reihe 4 zurücknehmen? [J/n] ",
            "Bitte j (ja) oder n (nein) tippen.",
        ),
    ],
)
def test_the_take_back_question_is_asked_as_every_other_one(
    lang: str, question: str, please: str
) -> None:
    # neither yes nor no: asked once more, then its default; Enter: the default, yes
    for answers, asked in ((["vielleicht", "hmm"], 2), ([""], 1), (["vielleicht", ""], 2)):
        lines = [*CONTRADICTED, *answers]
        result = CliRunner().invoke(
            main,
            ["--lang", lang, "mastermind", *CLASSIC_MAKER, "--seed", "1"],
            input="".join(line + "\n" for line in lines),
        )
        assert result.output.count(question.rstrip()) == asked, result.output
        assert result.output.count(please) == (asked - 1), result.output
        assert "4 taken back" in result.output or "4 zurückgenommen" in result.output
        assert "error" not in result.stderr and "Fehler" not in result.stderr, result.stderr
    said_no = run([*CLASSIC_MAKER, "--seed", "1"], [*CONTRADICTED, "n"])
    assert "Wrong pins" in said_no.output and "taken back" not in said_no.output


# ---------------------------------------------------------------- hints


def fitting(preset: Preset, rows: Sequence[tuple[Code, Feedback]]) -> int:
    """The codes of the game that give every row its pins, one by one (and by the engine
    when every guess is a code of the game)."""
    counted = sum(
        all(feedback(preset.space.code(i), g) == fb for g, fb in rows)
        for i in range(len(preset.space))
    )
    if preset.repeats:
        engine = Engine(preset.space)
        history = tuple((preset.space.index(g), fb.key(preset.positions)) for g, fb in rows)
        assert len(engine.consistent(history)) == counted
    return counted


def said(count: int) -> str:
    if count == 1:
        return "1 code fits the rows so far."
    return f"{count:,} codes fit the rows so far."


def hints_in(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.endswith("the rows so far.")]


def test_hint_at_a_guess_prompt_counts_the_codes_the_rows_leave() -> None:
    preset = get_preset("classic")
    secret = computer_secret(preset, seed=0)
    first, second = (0, 0, 1, 1), (2, 3, 4, 5)
    rows = [(first, feedback(secret, first)), (second, feedback(secret, second))]
    lines = ["hint", digits(first), "tipp", digits(second), "hinweis", "giveup"]
    result = run(["play", "--seed", "0", "--games", "1"], lines)
    assert result.exit_code == 0, result.output
    hints = hints_in(result.output)
    assert hints == [said(1296), said(fitting(preset, rows[:1])), said(fitting(preset, rows))]
    assert result.stderr == ""


def test_hint_counts_a_guess_with_colours_the_secret_may_not_repeat() -> None:
    preset = get_preset("superhirn")
    secret = computer_secret(preset, seed=3)
    guess = (0, 0, 1, 1)
    result = run(["play", "--preset", "superhirn", "--seed", "3"], [digits(guess), "hint", "quit"])
    count = fitting(preset, [(guess, feedback(secret, guess))])
    assert said(count) in result.output
    assert "quit: match abandoned" in result.stderr


def test_hint_in_a_duel_counts_the_players_own_rows() -> None:
    preset = get_preset("logik")
    duel = Duel(preset, (YOU, CPU), 1, 6)
    duel.start()
    secret = duel.secrets[1]
    assert secret is not None
    guess = (0, 0, 1, 1, 2)
    lines = ["random", "hint", digits(guess), "hint", "giveup"]
    result = run(["play", "--preset", "logik", "--seed", "6"], lines)
    assert result.exit_code == 0, result.output
    hints = hints_in(result.output)
    assert hints == [said(8**5), said(fitting(preset, [(guess, feedback(secret, guess))]))]


def test_hint_elsewhere_says_it_is_for_the_codebreakers_guess() -> None:
    # the codemaker's secret, pins and take-back prompts (on the honour system)
    preset = get_preset("master-collor")
    secret = (0, 1, 2, 3, 4)
    guesses = computer_guesses(preset, secret)
    engine = Engine(preset.space)
    first = feedback(secret, guesses[0])
    left = engine.consistent(((preset.space.index(guesses[0]), first.key(5)),))
    possible = set(engine.table.row(preset.space.index(guesses[1]), left).tolist())
    lie = next(f for f in possible_feedbacks(5) if f.key(5) not in possible)
    truth = [pins(feedback(secret, g)) for g in guesses]
    args = ["play", "--preset", "master-collor", "--role", "maker", "--games", "1", "--honour"]
    lines = [truth[0], "hint", pins(lie), "tipp", "y", *truth[1:]]
    result = run(args, lines)
    assert result.exit_code == 0, result.output
    told = "is for the codebreaker's guess: it counts the codes that fit the rows"
    asked = (  # a yes-or-no question is no guess prompt, whoever is asked
        "is no answer to this question: answer y or n (at a guess prompt it counts the codes "
        "that fit the rows)"
    )
    assert result.stderr.splitlines() == [
        f"error: line 2: 'hint' {told}",
        f"error: line 4: 'tipp' {asked}",
    ]
    assert "fit the rows so far" not in result.output
    assert f"Final score: You: {len(guesses)}, Computer: 0; you win." in result.output
    hidden = run(["play", "--role", "maker", "--games", "1"], ["hint", "random", "quit"])
    assert f"error: line 1: 'hint' {told}" in hidden.stderr and "not a colour" not in hidden.stderr


def test_hint_text_names_pins_that_leave_no_code() -> None:
    assert hint_text(0) == "No code fits the pins given: some rows contradict each other."
    assert hint_text(1) == "1 code fits the rows so far."
    assert hint_text(1296) == "1,296 codes fit the rows so far."


def test_impossible_pins_are_named_with_the_games_pin_in_the_language_shown() -> None:
    lines = ["1234", "5 0", "3 1", "quit"]
    superhirn = run(["play", "--preset", "superhirn", "--role", "maker", "--games", "1"], lines)
    assert "error: line 2: 5 red + 0 white is more pins than the 4 positions" in superhirn.stderr
    assert "error: line 3: 3 red and 1 white cannot happen" in superhirn.stderr
    german = run(["--lang", "de", "play", "--role", "maker", "--games", "1"], lines)
    assert "Fehler: Zeile 2: 5 schwarz + 0 weiß sind mehr Stifte als die 4 Stellen" in german.stderr
    assert "Fehler: Zeile 3: 3 schwarz und 1 weiß gibt es nicht" in german.stderr
    assert "black" not in german.stderr and "white" not in german.stderr


def test_commands_of_a_game_under_way_are_named_at_the_secret_prompt() -> None:
    result = run(
        ["play", "--role", "maker", "--games", "1"], ["giveup", "undo", "board", "1234", "quit"]
    )
    assert result.exit_code == 1
    assert (
        "error: line 1: only the codebreaker can give up a game" in result.stderr
    )  # never a codemaker
    assert "error: line 2: 'undo' is for a game under way; the secret code comes first" in (
        result.stderr
    )
    assert "No board yet: the secret code comes first." in result.output
    assert "not a colour" not in result.stderr


def test_help_documents_the_grammar_and_the_compensation() -> None:
    result = run(["play", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "at a pins prompt black (red in Superhirn) then white" in text
    assert "give the codebreaker 3 points (Master Collor's rule" in text
    assert "Blank lines and lines starting with # are skipped" in text


# ---------------------------------------------------------------- Logik duel


def test_logik_duel_human_cracks_first() -> None:
    preset = get_preset("logik")
    duel = Duel(preset, (YOU, CPU), seed=3)
    duel.start()
    theirs = duel.secrets[1]
    assert theirs is not None
    result = run(["play", "--preset", "logik", "--seed", "3"], ["RYGBW", digits(theirs)])
    assert result.exit_code == 0, result.output
    assert "both set a code and break the other's" in result.output
    assert "Game 1 of 1: you won (cracked the code first)." in result.output
    assert "Your code was R Y G B W. The computer's code was" in result.output
    assert "Final score: You: 1, Computer: 0; you win." in result.output


def test_logik_duel_same_move_is_a_draw() -> None:
    result = run(
        ["play", "--preset", "logik", "--players", "human:Ann,human:Bob"],
        ["RRGGB", "BBGRR", "BBGRR", "RRGGB"],
    )
    assert result.exit_code == 0, result.output
    assert "a draw (both cracked the code in the same move)" in result.output
    assert "Final score: Ann: 0.5, Bob: 0.5; a draw." in result.output


def test_logik_duel_all_rows_used_is_a_draw() -> None:
    result = run(
        ["play", "--preset", "logik", "--rows", "2", "--players", "human:Ann,human:Bob"],
        ["RRRRR", "YYYYY", "GGGGG", "BBBBB", "GGGGG", "BBBBB"],
    )
    assert result.exit_code == 0, result.output
    assert "a draw (every row used by both, no code cracked)" in result.output


def test_computer_against_computer_duel_finishes() -> None:
    result = run(["play", "--preset", "logik", "--players", "computer,computer:entropy"])
    assert result.exit_code == 0, result.output
    assert "Final score: Computer 1: " in result.output


def test_duel_can_be_chosen_for_any_preset() -> None:
    result = run(
        ["play", "--role", "duel", "--players", "human:Ann,human:Bob"],
        ["1234", "4321", "4321", "1111"],
    )
    assert result.exit_code == 0, result.output
    assert "Game 1 of 1: Ann won (cracked the code first)." in result.output


# ---------------------------------------------------------------- ends and errors


def test_end_of_input_abandons_with_status_1() -> None:
    result = run(["play"], ["1122"])
    assert result.exit_code == 1
    assert "end of input: match abandoned" in result.stderr


def test_quit_abandons_with_status_1() -> None:
    result = run(["play"], ["quit"])
    assert result.exit_code == 1
    assert "quit: match abandoned" in result.stderr


@pytest.mark.parametrize(
    ("args", "lines"),
    [
        (["--seed", "1"], ["1122", "quit", "1122"]),  # a guess prompt
        (["--role", "maker"], ["random", "exit", "2 0"]),  # a pins prompt
        (["--role", "maker"], ["beenden", "random"]),  # a hidden secret prompt
    ],
)
def test_quit_in_a_script_leaves_at_once_without_asking(args: list[str], lines: list[str]) -> None:
    result = run(["play", *args], lines)
    assert result.exit_code == 1
    assert "quit: match abandoned" in result.stderr
    assert "Leave the match" not in result.output + result.stderr
    assert "row  2" not in result.output  # nothing after the quit line was read


@pytest.mark.parametrize(
    ("args", "lines", "said"),
    [
        (["--games", "1", "--seed", "1"], ["giveup"], "You gave up after 0 rows"),
        (["--preset", "logik"], ["random", "aufgeben"], "the computer won (you gave up)"),
    ],
)
def test_giveup_in_a_script_gives_up_at_once_without_asking(
    args: list[str], lines: list[str], said: str
) -> None:
    result = run(["play", *args], lines)
    assert result.exit_code == 0, result.output
    assert said in result.output
    assert "Give up this game" not in result.output + result.stderr


def test_quit_through_a_pipe_leaves_at_once() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "turing", "mastermind", "play", "--seed", "1"],
        input="1122\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.strip().endswith("quit: match abandoned")
    assert "Leave the match" not in done.stdout + done.stderr


def test_help_at_the_prompt_then_a_bad_code_then_play_on() -> None:
    preset = get_preset("classic")
    secret = computer_secret(preset, seed=0)
    result = run(["play", "--seed", "0", "--games", "1"], ["help", "12", "hello", digits(secret)])
    assert result.exit_code == 0, result.output
    # the opening lines say how to get at the commands, before the first prompt
    opening = result.output.split("your guess")[0]
    assert "Type help for the commands, rules for the rules." in opening
    assert "at a guess prompt" in result.output and "Final score" in result.output
    assert "error: line 2: '12' has 2 colours; a code has 4, like RGBY" in result.stderr
    assert "error: line 3: 'hello' is not a colour here" in result.stderr


def test_bad_options_exit_2_with_one_line() -> None:
    for args, message in [
        (["play", "--players", "human"], "'--players': give two players"),
        (["play", "--players", "human,robot"], "'--players': a player is 'human[:NAME]'"),
        (["play", "--players", "computer:best,human"], "'--players': unknown strategy 'best'"),
        (["play", "--colours", "12"], "'--colours': colours must be 2–9"),
        (["play", "--duplicates", "--no-repeats"], "contradict"),
        (["simulate", "--sample", "0"], "'--sample': 0 is not in the range from 1 up"),
        (["simulate", "--all", "--sample", "5"], "exclude each other"),
        (["play", "--positions", "8", "--colours", "9"], "too many"),
    ]:
        result = run(args, [])
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.strip().startswith("error: ")
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
        assert "Traceback" not in result.output


def test_a_value_out_of_its_range_names_its_option_and_the_help() -> None:
    """A size out of its range is refused as click refuses a value: the option named, and
    the help that lists the options; the player's line too."""
    for args, message in [
        (["play", "--rows", "0"], "invalid value for '--rows': rows must be 1–30, not 0"),
        (["play", "--colours", "12"], "invalid value for '--colours': colours must be 2–9, not 12"),
        (
            ["play", "--positions", "9"],
            "invalid value for '--positions': positions must be 1–8, not 9",
        ),
        (
            ["play", "--players", "human,robot"],
            "invalid value for '--players': a player is 'human[:NAME]' or "
            "'computer[:STRATEGY]', not 'robot'",
        ),
        (["simulate", "--rows", "31"], "invalid value for '--rows': rows must be 1–30, not 31"),
    ]:
        result = run(args, [])
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith(f"error: {message} (")
        assert result.stderr.endswith(f" mastermind {args[0]} --help lists the options)\n")
    german = run(["play", "--rows", "0", "--lang", "de"], [])
    assert german.stderr.startswith("Fehler: ungültiger Wert für '--rows': ")
    assert german.stderr.endswith(" mastermind play --help listet die Optionen auf)\n")


def test_bad_options_in_german_are_german_with_german_numbers() -> None:
    for args, message in [
        (
            ["simulate", "--sample", "0"],
            "ungültiger Wert für '--sample': 0 liegt nicht im Bereich ab 1",
        ),
        (
            ["simulate", "--sample", "99999999"],
            "ungültiger Wert für '--sample': 99.999.999 liegt nicht im Bereich 1 bis 1296: das "
            "Spiel hat 1.296 Codes",
        ),
        (
            ["play", "--positions", "8", "--colours", "9"],
            "dieses Spiel hat 43.046.721 Codes, zu viele: höchstens 1.000.000 Codes (weniger "
            "Stellen oder Farben)",
        ),
        (
            ["play", "--players", "computer:best,human"],
            "ungültiger Wert für '--players': unbekannte Strategie 'best'; wähle eine",
        ),
    ]:
        result = CliRunner().invoke(main, ["--lang", "de", "mastermind", *args], input="")
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith(f"Fehler: {message}"), result.stderr
        assert len(result.stderr.splitlines()) == 1
    english = run(["simulate", "--sample", "99999999"], [])
    assert english.stderr.startswith(
        "error: invalid value for '--sample': 99,999,999 is not in the range from 1 to 1296: "
        "the game has 1,296 codes ("
    )


def test_simulate_help_names_the_samples_placeholder() -> None:
    for lang, text in [("en", "--sample N "), ("de", "--sample N ")]:
        result = CliRunner().invoke(main, ["--lang", lang, "mastermind", "simulate", "--help"])
        assert result.exit_code == 0
        assert text in result.output, result.output
        assert "--sample INTEGER" not in result.output
        assert "--sample GANZE ZAHL" not in result.output


# ---------------------------------------------------------------- simulate


def test_simulate_json_knuth() -> None:
    result = run(["simulate", "--strategy", "knuth", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {k: data[k] for k in ("preset", "strategy", "games", "total_guesses", "max")} == {
        "preset": "classic",
        "strategy": "knuth",
        "games": 1296,
        "total_guesses": 5801,
        "max": 5,
    }
    assert data["histogram"] == {"1": 1, "2": 6, "3": 62, "4": 533, "5": 694}
    assert abs(data["mean"] - 5801 / 1296) < 1e-6
    assert data["seconds"] >= 0


def test_simulate_sample_writes_a_transcript(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = [
        "simulate",
        "--preset",
        "superhirn",
        "--strategy",
        "random-consistent",
        "--sample",
        "20",
        "--seed",
        "9",
        "--json",
        "--transcript",
        str(out),
    ]
    first = run(args)
    assert first.exit_code == 0, first.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 20
    game = lines[0]
    assert set(game) >= {"positions", "colours", "repeats", "secret", "guesses", "solved"}
    assert (game["positions"], game["colours"], game["repeats"]) == (4, 8, False)
    last = game["guesses"][-1]
    assert last["guess"] == game["secret"] and (last["black"], last["white"]) == (4, 0)
    assert all(
        feedback(game["secret"], g["guess"]) == (g["black"], g["white"]) for g in game["guesses"]
    )
    again = run(args)
    assert json.loads(again.output)["total_guesses"] == json.loads(first.output)["total_guesses"]
    assert [json.loads(x) for x in out.read_text().splitlines()] == lines


@pytest.mark.parametrize(
    ("name", "reason"),
    [("missing/games.jsonl", "does not exist"), ("out/", "names a folder"), (".", "is a folder")],
)
def test_simulate_refuses_a_transcript_it_cannot_write_before_it_plays(
    tmp_path: Path, name: str, reason: str
) -> None:
    target = f"{tmp_path}/{name}" if name != "." else str(tmp_path)
    result = run(["simulate", "--sample", "5", "--transcript", target])
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot write") and reason in lines[0]
    assert "games" not in result.stdout  # refused before any game was played
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("held", "reason"),
    [
        (b"precious\n", "it exists and is not a transcript"),
        (b'{"event": "start"}\n', "it is the transcript of a game"),
        (b"\xff\xfe\n", "it exists and is not a transcript"),
    ],
)
def test_simulate_never_writes_over_a_file_that_holds_something_else(
    tmp_path: Path, held: bytes, reason: str
) -> None:
    target = tmp_path / "keep.txt"
    target.write_bytes(held)
    result = run(["simulate", "--sample", "5", "--transcript", str(target)])
    assert result.exit_code == 2, result.output
    assert result.stderr == (
        f"error: cannot write the transcript {target}: {reason}; give another name\n"
    )
    assert "games" not in result.stdout  # refused before any game was played
    assert target.read_bytes() == held
    # games written by an earlier run are written over, as asked
    games = tmp_path / "games.jsonl"
    assert run(["simulate", "--sample", "5", "--transcript", str(games)]).exit_code == 0
    again = run(["simulate", "--sample", "3", "--transcript", str(games)])
    assert again.exit_code == 0, again.output
    assert len(games.read_text().splitlines()) == 3


def test_simulate_human_report() -> None:
    result = run(["simulate", "--preset", "classic", "--strategy", "entropy", "--sample", "50"])
    assert result.exit_code == 0, result.output
    assert "a sample of 50 (seed 0)" in result.output
    assert "games 50" in result.output


def test_presets_command_lists_every_preset() -> None:
    result = run(["presets"])
    assert result.exit_code == 0
    for name in ("classic", "superhirn", "logik", "master-collor"):
        assert name in result.output


# ---------------------------------------------------------------- the human seat


def revealed(result: Result) -> str:
    """The computer's code as shown when game 1 ends."""
    line = next(x for x in result.output.splitlines() if x.startswith("The computer's code was "))
    return line.removeprefix("The computer's code was ").rstrip(".")


def test_secrets_are_fresh_without_seed_and_agree_with_one() -> None:
    args = ["play", "--preset", "superhirn", "--games", "1"]
    fresh = {revealed(run(args, ["giveup"])) for _ in range(4)}
    assert len(fresh) > 1
    seeded = {revealed(run([*args, "--seed", "8"], ["giveup"])) for _ in range(2)}
    assert len(seeded) == 1


def test_seed_must_not_be_negative_and_the_error_names_the_option() -> None:
    result = run(["play", "--seed", "-5"])
    assert result.exit_code == 2 and "'--seed'" in result.stderr


def test_match_length_rules() -> None:
    none = run(["play", "--games", "0"])
    assert none.exit_code == 2 and "--games" in none.stderr
    assert len(none.stderr.strip().splitlines()) == 1
    odd = run(["play", "--games", "3"], ["giveup", "y"])
    assert "Game 1 of 3 begins" in odd.output
    default = run(["play", "--preset", "superhirn"], ["giveup"])
    assert "Game 1 of 2 begins" in default.output
    duel = run(["play", "--preset", "logik"], ["random", "giveup"])
    assert "Game 1 of 1 begins" in duel.output and duel.exit_code == 0


def test_the_codemaker_is_told_what_to_do_in_every_game() -> None:
    result = run(["play", "--games", "2", "--seed", "1"], ["giveup", "random", "quit"])
    game_two = result.output.split("Game 2 of 2 begins")[1]
    assert "You: set your secret code, then place the pins" in game_two


def test_a_hidden_secret_is_never_echoed_in_a_script() -> None:
    result = run(
        ["play", "--preset", "superhirn", "--players", "human:Ann,human:Bob", "--games", "1"],
        ["RRGB", "OPKQ", "OPKW", "giveup"],
    )
    assert result.exit_code == 0, result.output
    assert "error: line 1: a colour appears twice; in this game each colour may appear once" in (
        result.stderr
    )
    assert "error: line 2: a character typed is not a colour here" in result.stderr
    everything = result.output + result.stderr
    for typed in ("RRGB", "OPKQ", "OPKW", "'Q'"):
        assert typed not in everything
    assert "Bob's code was O P K W." in result.output


def test_board_at_a_pins_prompt_shows_the_guess_waiting() -> None:
    result = run(["play", "--role", "maker", "--games", "1"], ["1234", "board", "quit"])
    assert "No rows yet." not in result.output
    waiting = [x for x in result.output.splitlines() if x.endswith("(waiting for pins)")]
    assert waiting and waiting[0].startswith("row  1  ")
    assert "Your code: R G B Y" in result.output


def test_wrong_pins_against_the_entered_secret_restart_naming_the_row() -> None:
    preset = get_preset("superhirn")
    secret = (0, 1, 4, 5)
    guesses = computer_guesses(preset, secret)
    first = feedback(secret, guesses[0])
    wrong = Feedback(0, 0) if first != Feedback(0, 0) else Feedback(1, 0)
    lines = ["rot gelb weiß schwarz", pins(wrong), "0 0"]
    result = run(["play", "--preset", "superhirn", "--role", "maker", "--games", "1"], lines)
    assert f"Wrong pins: row 1 should have had {first.black} red, {first.white} white." in (
        result.output
    )
    assert "Game 1 of 1 restarts with an empty board." in result.output
    assert "3 points to the computer for the wrong pins" in result.output


def test_honour_system_catches_a_codemaker_who_switched_codes() -> None:
    preset = get_preset("superhirn")
    opening = computer_guesses(preset, (0, 1, 2, 3))[0]  # the first guess, whatever the code
    other = tuple(c for c in range(8) if c not in opening)[:4]  # no colour of the opening
    args = ["play", "--preset", "superhirn", "--role", "maker", "--honour", "--games", "1"]
    result = run([*args, "--rows", "2"], ["2 0", "2 0", digits(other)])
    assert "You: think of a secret code and keep it" in result.output
    assert "You, show your secret code to check the rows" in result.output
    assert "Wrong pins: row 1 should have had 0 red, 0 white" in result.output
    assert "Game 1 of 1 restarts with an empty board." in result.output


def test_german_pins_and_red_pins_in_superhirn() -> None:
    preset = get_preset("superhirn")
    secret = (0, 1, 2, 3)
    guesses = computer_guesses(preset, secret)
    words = {0: "", 1: "rot", 2: "rot rot", 3: "rot rot rot", 4: "rot rot rot rot"}

    def german(fb: Feedback) -> str:
        text = " ".join(x for x in (words[fb.black], " ".join(["weiß"] * fb.white)) if x)
        return text or "keine"

    lines = ["RYGB", *[german(feedback(secret, g)) for g in guesses]]
    result = run(["play", "--preset", "superhirn", "--role", "maker", "--games", "1"], lines)
    assert result.exit_code == 0, result.stderr
    assert "●●●●  4 red, 0 white" in result.output


def test_unreadable_lines_are_refused_and_never_echoed() -> None:
    data = b"\xff\xfeRYGB\n\x1b[31mRYGB\nRYGB\nquit\n"
    result = CliRunner().invoke(main, ["mastermind", "play", "--games", "1"], input=data)
    assert result.stderr.splitlines() == [
        "error: line 1: not readable as text in the input's encoding (utf-8); nothing done",
        "error: line 2: a line with control characters was skipped",
        "quit: match abandoned",
    ]
    assert "\x1b" not in result.output and "\ufffd" not in result.output
    assert "\udcff" not in result.output and "row  1  R Y G B" in result.output
    assert result.exit_code == 1


def test_in_german_a_line_that_is_no_text_is_refused_alone() -> None:
    data = b"1234\n" + b"gr\xfcn\n" + "grün rot blau gelb\nbeenden\n".encode()
    args = ["--lang", "de", "mastermind", "play", "--seed", "1", "--games", "1"]
    result = CliRunner().invoke(main, args, input=data)
    assert result.stderr.splitlines() == [
        "Fehler: Zeile 2: in der Kodierung der Eingabe (utf-8) nicht als Text lesbar; nichts getan",
        "verlassen: Partie abgebrochen",
    ]
    assert "Reihe  1  R N B G" in result.output and "Reihe  2  N R B G" in result.output


def test_custom_games_name_themselves_and_legends_can_be_typed() -> None:
    custom = run(["play", "--preset", "superhirn", "--positions", "5"], ["quit"])
    assert custom.output.startswith("Custom game based on Superhirn: 5 positions")
    seven = run(["play", "--colours", "7"], ["quit"])
    assert "R red (1)  G green (2)  B blue (3)  Y yellow (4)  W white (5)  K black (6)  O" in (
        seven.output
    )
    nine = run(["play", "--preset", "superhirn", "--blank", "--colours", "9"], ["quit"])
    assert "10" not in nine.output.split("Colours:")[1].splitlines()[0]


def test_presets_listing_shows_variants_and_their_rules() -> None:
    result = run(["presets"])
    text = result.output
    assert "--duplicates: the codemaker may use a colour more than once" in text
    assert "--blank: an empty hole counts as one more colour" in text
    assert "a guess may repeat colours; only the secret may not" in text


def test_two_computers_keep_their_names_apart_from_their_scores() -> None:
    result = run(["play", "--players", "computer,computer:knuth", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert re.search(r"Final score: Computer 1: \d+, Computer 2: \d+", result.output)


def test_honour_is_refused_where_no_person_makes_a_code_for_the_computer() -> None:
    why = "error: --honour: the honour system is for a person making the code for the computer"
    for args, reason in [
        (
            ["--players", "human:Ann,human:Bob"],
            "between two people the codemaker types the secret hidden and the engine scores "
            "every row",
        ),
        (["--players", "computer,computer"], "no person makes a code in this match"),
        (["--games", "1"], "no person makes a code in this match"),
        (["--preset", "logik"], "in a duel both players set a code and the engine scores"),
        (["--role", "duel"], "in a duel both players set a code and the engine scores"),
    ]:
        result = run(["play", "--honour", *args], ["quit"])
        assert result.exit_code == 2, (args, result.output)
        assert result.output.strip() == f"{why}; {reason}", args
    # a person making a code for the computer in some game of the match: allowed
    for args in (["--games", "1", "--role", "maker"], [], ["--players", "computer,human"]):
        result = run(["play", "--honour", *args], ["quit"])
        assert result.exit_code == 1 and "quit: match abandoned" in result.output, args


def test_honour_refused_in_german_in_one_line() -> None:
    result = CliRunner().invoke(
        main,
        ["--lang", "de", "mastermind", "play", "--honour", "--players", "human:Ann,human:Bob"],
    )
    assert result.exit_code == 2
    assert result.output.strip() == (
        "Fehler: --honour: das Ehrenwort-Verfahren ist für eine Person, die für den Computer "
        "den Code setzt; zwischen zwei Personen tippt der Code-Setzer den Geheimcode verdeckt, "
        "und das Programm wertet jede Reihe"
    )


@pytest.mark.parametrize("command", ["play", "simulate", "board"])
def test_the_help_of_strategy_names_every_strategy(command: str) -> None:
    """The strategies are too many for the option's placeholder; its help names them, once,
    in English and in German."""
    listed = ", ".join(sorted(STRATEGIES))
    for language, said in (("en", "breaks codes. Values: "), ("de", "knackt. Werte: ")):
        result = CliRunner().invoke(main, ["mastermind", command, "--lang", language, "--help"])
        assert "--strategy NAME " in result.output
        shown = " ".join(result.output.split())
        assert f"{said}{listed}." in shown, shown
        assert shown.count("optimal-worst") == 1, shown


def test_a_bad_strategy_is_one_line_that_lists_them() -> None:
    result = CliRunner().invoke(main, ["mastermind", "simulate", "--strategy", "bogus"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "'bogus' is not one of" in result.stderr
    assert all(f"'{name}'" in result.stderr for name in STRATEGIES)


def test_duel_scores_with_halves_are_written_in_the_language_in_use() -> None:
    args = ["mastermind", "play", "--preset", "logik", "--players", "computer,computer"]
    args += ["--games", "2", "--seed", "1"]
    german = CliRunner().invoke(main, ["--lang", "de", *args])
    assert german.exit_code == 0, german.output
    assert "Stand nach Spiel 2 von 2: Computer 1 1,5; Computer 2 0,5." in german.output
    assert "Endstand: Computer 1 1,5; Computer 2 0,5. Computer 1 gewinnt." in (german.output)
    english = CliRunner().invoke(main, ["--lang", "en", *args])
    assert "Final score: Computer 1: 1.5, Computer 2: 0.5; Computer 1 wins." in english.output


@pytest.mark.parametrize(
    ("args", "lines", "said"),
    [
        (
            ["--seed", "3", "--games", "2"],
            ["rrgg", "aufgeben"],
            [
                "Spiel 1 von 2 beginnt. Code-Setzer: Computer. Code-Brecher: Du.",
                "Du, dein Rateversuch — Reihe 2 von 10, Spiel 1 von 2: ",
                "Du hast nach 1 Reihe aufgegeben; 11 Punkte für den Computer (10 + 1).",
                "Stand nach Spiel 1 von 2: Du 0; Computer 11.",
            ],
        ),
        (
            ["--preset", "logik", "--seed", "3"],
            ["random", "aufgeben"],
            [
                "Spiel 1 von 1: der Computer hat gewonnen (du hast aufgegeben).",
                "Endstand: Du 0; Computer 1. Der Computer gewinnt.",
            ],
        ),
    ],
)
def test_in_german_the_one_person_is_du_as_on_the_board(
    args: list[str], lines: list[str], said: list[str]
) -> None:
    """The default name of the one person is Du, and a sentence about them speaks to them
    (du hast), as the board does."""
    result = run(["--lang", "de", "play", *args], lines)
    for line in said:
        assert line in result.output, result.output
    assert not NAMED_SPIELER.search(result.output) and "Du hat" not in result.output


def test_in_german_a_won_duel_says_du_hast_gewonnen() -> None:
    preset = get_preset("logik")
    duel = Duel(preset, (YOU, CPU), seed=3)
    duel.start()
    theirs = duel.secrets[1]
    assert theirs is not None
    result = run(
        ["--lang", "de", "play", "--preset", "logik", "--seed", "3"], ["12345", digits(theirs)]
    )
    assert result.exit_code == 0, result.output
    assert "Spiel 1 von 1: du hast gewonnen (" in result.output
    assert "Endstand: Du 1; Computer 0. Du hast gewonnen." in result.output
    assert not NAMED_SPIELER.search(result.output), result.output


def test_the_rules_and_the_game_say_when_a_codemakers_pins_are_final() -> None:
    """Wrong pins are caught, and the row taken back no more, when the next guess is
    answered; the rules page and the codemaker's instructions say so."""
    script = ["PBKR", "PKWB", "OKWG", "1 0", "0 3"]
    result = run(["play", "--preset", "superhirn", "--seed", "3"], script)
    told = (
        "A row's pins are final, and checked against your code, when you answer the next "
        "guess (or the game ends); until then 'undo' takes them back."
    )
    assert told in result.output
    # the wrong row 1 is named only once row 2's pins are typed
    assert result.output.index("Computer guesses, row 2") < result.output.index(
        "Wrong pins: row 1 should have had 0 red, 1 white."
    )
    # at the row 2 prompt, row 1 can still be taken back
    undone = run(["play", "--preset", "superhirn", "--seed", "3"], [*script[:4], "undo"])
    assert "Pins of row 1 taken back; type them again." in undone.output
    page = CliRunner().invoke(main, ["rules", "superhirn"]).output
    assert "taken back until the next guess is answered" in page
    assert "Once the next guess's pins\nare typed (or the game ends) the row is final" in page
    de = CliRunner().invoke(main, ["--lang", "de", "rules", "superhirn"]).output
    assert "Bis er den nächsten Rateversuch beantwortet" in de


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        ("human:You,human:you", "'You' and 'you' differ only in case"),
        ("human:  ,human:Bob", "'  ' is a blank name"),
        ("human:,human:Bob", "'' is a blank name"),
        ("human:Ann,human:Ann", "two players are called 'Ann'"),
        ("computer,human:computer", "'Computer' and 'computer' differ only in case"),
        ("human:a#b,computer", "'a#b' is not a usable name (at most 32 printable characters"),
    ],
)
@pytest.mark.parametrize("command", ["play", "board"])
def test_players_names_follow_the_rules_of_every_game(
    players: str, problem: str, command: str
) -> None:
    result = run([command, "--players", players], ["1122"])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: invalid value for '--players': {problem}")
    assert result.output.count("\n") == 1  # one line, before any game


def test_players_names_of_turing_play_are_taken_as_before() -> None:
    result = CliRunner().invoke(main, ["play", "--players", "ann,ANN"])
    assert result.exit_code == 2
    assert "'ann' and 'ANN' differ only in case" in result.output
    blank = CliRunner().invoke(main, ["play", "--players", "ann,  ,bob"])
    assert "an empty name after 'ann'" in blank.output


def test_undo_before_the_first_pins_says_the_row_has_none_in_one_way() -> None:
    # at row 1's pins: first before any pins, then after pins placed and taken back
    lines = ["1122", "undo", "0 0", "undo", "undo"]
    result = run(["play", "--role", "maker", "--games", "1", "--seed", "3"], lines)
    said = [line for line in result.stderr.splitlines() if "no pins to take back" in line]
    assert said == [
        "error: line 2: no pins to take back: this row has no pins yet",
        "error: line 5: no pins to take back: this row has no pins yet",
    ]


def test_the_board_at_the_take_back_question_names_the_row_asked_about() -> None:
    lines = ["1122", "0 0", "0 0", "0 0", "board", "n"]
    result = run(["play", "--role", "maker", "--games", "1", "--seed", "3", "--honour"], lines)
    asked = result.output.index("take back the pins of row 3? [Y/n] board")
    assert result.output[asked:].split("\n")[1] == "Classic Mastermind: row 3 of 10"


def test_pins_placed_again_as_taken_back_stand_and_the_conflicting_rows_are_named() -> None:
    """Secret K P O R kept in mind: row 1 answered wrongly, rows 2 to 5 truly (knuth's
    guesses R Y G B, Y R B W, G B R K, K G Y O, B G O P). Row 5 leaves no code, so taking it
    back is offered; placed again as it was, the question does not come back: the rows that
    conflict are named and the game restarts."""
    lines = ["0 2", "0 1", "0 2", "1 1", "1 1", "y", "1 1", "quit"]
    args = ["play", "--preset", "superhirn", "--role", "maker", "--honour", "--games", "1"]
    result = run([*args, "--strategy", "knuth"], lines)
    assert result.exit_code == 1, result.output
    assert result.output.count("take back the pins of row 5? [Y/n]") == 1
    assert "Pins of row 5 taken back; type them again." in result.output
    assert "Wrong pins: no code gives rows 1, 2, 3, 4 and 5 the pins they got." in result.output
    assert "Game 1 of 1 restarts with an empty board." in result.output
