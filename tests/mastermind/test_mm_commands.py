"""A mistyped command is named as one; a code with a typo keeps the error that mends it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from click.testing import CliRunner, Result

from testsupport.cli import messages
from turing import i18n
from turing.cli.main import main
from turing.mastermind.commands import (
    CODE_COMMANDS,
    COMMANDS,
    GUESS_COMMANDS,
    PINS_COMMANDS,
    mistyped_command,
)
from turing.mastermind.match import Match, Seat
from turing.mastermind.presets import PRESETS, get_preset

YOU, CPU = Seat("You", human=True), Seat("Computer", human=False, strategy="most-parts")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def run(args: list[str], lines: list[str]) -> Result:
    text = "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, [*args[:2], "mastermind", *args[2:]], input=text)


#: Every form of a code and of pins the help documents, and typos of them.
CODE_FORMS = [
    "RGBY",
    "rgby",
    "RNBG",
    "1234",
    "1122",
    "R G B Y",
    "rot gelb grün blau",
    "rot, gelb, gruen, blau",
    "red, green, blue, yellow",
    "red green 3 Y",
    "1 2 3 4",
    "RG BY",
    "rot grün blau gelb",
    "....",
    "R.GB",
    "0000",
    "◌◌RG",
    "leer leer rot gelb",
    "empty blank hole red",
    "2 1",
    "2,1",
    "2b1w",
    "2 red 1 white",
    "2 rot, 1 weiß",
    "2 schwarz, 1 weiss",
    "bbw",
    "rrw",
    "ssw",
    "rot rot weiß",
    "-",
    "none",
    "keine",
    "nichts",
    # typos of codes and pins: their own errors say what to mend
    "RGBX",
    "RGBYY",
    "RGB",
    "hello",
    "rot gelb grün blua",
    "rto gelb grün blau",
    "braun rot gelb blau",
    "2b1x",
    "12345",
    "rot grün blau lila",
    "blua rot gelb grün",
    "X G B R",
    "XR GB",
    "Rx gb",
    "zwei eins",
    "two blacks one whites",
]


@pytest.mark.parametrize("positions", [4, 5])
@pytest.mark.parametrize("text", CODE_FORMS)
def test_codes_pins_and_their_typos_are_never_taken_for_commands(text: str, positions: int) -> None:
    for commands in (GUESS_COMMANDS, PINS_COMMANDS, CODE_COMMANDS):
        assert mistyped_command(text, positions, commands) is None


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        ("hints", "hint", "hinweis"),
        ("hin", "hint", "hinweis"),
        ("Hint please", "hint", "hinweis"),
        ("tip", "hint", "hinweis"),
        ("tipps", "hint", "hinweis"),
        ("tpp", "hint", "hinweis"),
        ("brtt", "board", "brett"),
        ("hlep", "help", "hilfe"),
        ("hilfee", "help", "hilfe"),
        ("bord", "board", "brett"),
        ("bret", "board", "brett"),
        ("quitt", "quit", "beenden"),
        ("exti", "quit", "beenden"),
        ("beendn", "quit", "beenden"),
        ("i give up", "giveup", "aufgeben"),
        ("gib auff", "giveup", "aufgeben"),
        ("aufgebn", "giveup", "aufgeben"),
    ],
)
def test_a_near_miss_of_a_command_word_is_named_in_the_language_in_use(
    text: str, english: str, german: str
) -> None:
    """A near miss of a word of either language is taken for its command, which is named
    by the word the player's language lists: an English player is not offered ``hinweis``."""
    assert mistyped_command(text, 4, GUESS_COMMANDS) == (
        f"unknown command {text!r}; did you mean {english}?"
    )
    i18n.set_language("de")
    assert mistyped_command(text, 4, GUESS_COMMANDS) == (
        f"unbekannter Befehl {text!r}; meintest du {german}?"
    )


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("show board", "show"),
        ("Show the board", "Show"),
        ("foo bar", "foo"),
        ("hello there", "hello"),
        ("zeig mir das brett", "zeig"),
        ("nochmal bitte", "nochmal"),
        ("was, nun", "was"),
    ],
)
def test_a_line_of_words_that_are_no_code_names_its_first_word(text: str, word: str) -> None:
    assert mistyped_command(text, 4, GUESS_COMMANDS) == (
        f"unknown command {word!r}; the commands here are hint, board, help, rules, giveup, quit"
    )
    assert mistyped_command(text, 5, PINS_COMMANDS) == (
        f"unknown command {word!r}; the commands here are undo, board, help, rules, quit"
    )
    i18n.set_language("de")
    assert mistyped_command(text, 4, PINS_COMMANDS) == (
        f"unbekannter Befehl {word!r}; die Befehle hier sind zurück, brett, hilfe, regeln, beenden"
    )


def test_a_question_mark_is_help_and_another_prompts_command_lists_the_commands_here() -> None:
    for prompt in (GUESS_COMMANDS, PINS_COMMANDS, CODE_COMMANDS):
        assert mistyped_command("?", 4, prompt) is None  # help, which the prompt reads
    assert mistyped_command("random", 4, PINS_COMMANDS) == (
        "'random' is not a command of this prompt; the commands here are undo, board, help, "
        "rules, quit"
    )
    i18n.set_language("de")
    assert mistyped_command("hints", 4, GUESS_COMMANDS) == (
        "unbekannter Befehl 'hints'; meintest du hinweis?"
    )


def test_a_word_of_the_criteria_games_commands_alone_is_named_as_a_command() -> None:
    assert mistyped_command("show", 4, GUESS_COMMANDS) == (
        "unknown command 'show'; did you mean board?"
    )
    assert mistyped_command("Solve", 4, GUESS_COMMANDS) == (
        "unknown command 'Solve'; the commands here are hint, board, help, rules, giveup, quit"
    )
    assert mistyped_command("resign", 4, PINS_COMMANDS) == (
        "unknown command 'resign'; the commands here are undo, board, help, rules, quit"
    )
    # made only of colour keys, they may be a code with a typo: its error mends it
    for word in ("look", "stop"):
        assert mistyped_command(word, 4, GUESS_COMMANDS) is None
    i18n.set_language("de")
    assert mistyped_command("zeige", 4, PINS_COMMANDS) == (
        "unbekannter Befehl 'zeige'; meintest du brett?"
    )


def test_a_near_miss_of_another_prompts_command_lists_the_commands_here() -> None:
    # "hints" at a pins prompt: hint is the codebreaker's, so it is not offered there
    assert mistyped_command("hints", 4, PINS_COMMANDS) == (
        "'hints' is not a command of this prompt; the commands here are undo, board, help, "
        "rules, quit"
    )
    assert mistyped_command("hint please", 4, CODE_COMMANDS) == (
        "'hint please' is not a command of this prompt; the commands here are board, help, "
        "rules, quit"
    )


def test_every_command_word_of_every_prompt_is_still_a_command() -> None:
    # the prompts handle their own words first; the rule only names what they refuse
    for prompt in (GUESS_COMMANDS, PINS_COMMANDS, CODE_COMMANDS):
        for command in COMMANDS:
            for word in command.words:
                said = mistyped_command(word, 4, prompt)
                assert (said is None) == (command in prompt), (word, said)


def test_at_the_guess_prompt_mistyped_commands_are_named_and_code_typos_mended() -> None:
    preset = get_preset("classic")
    match = Match(preset, (YOU, CPU), seed=0)
    match.start()
    assert match.secret is not None
    secret = "".join(str(s + 1) for s in match.secret)
    lines = ["hints", "hin", "hint please", "tip", "?", "random", "RGBX", "hello", "RGBYY"]
    lines += ["show board", "foo bar", "R G B X", "X G B R", "rot grün blau lila", "show"]
    lines += ["help guess"]
    result = run(["--lang", "en", "play", "--seed", "0", "--games", "1"], [*lines, secret])
    assert result.exit_code == 0, result.output
    colours = "colours are R=red(1) G=green(2) B=blue(3) Y=yellow(4) W=white(5) K=black(6)"
    commands = "the commands here are hint, board, help, rules, giveup, quit"
    assert messages(result.stderr) == [
        "error: unknown command 'hints'; did you mean hint?",
        "error: unknown command 'hin'; did you mean hint?",
        "error: unknown command 'hint please'; did you mean hint?",
        "error: unknown command 'tip'; did you mean hint?",
        f"error: 'random' is not a command of this prompt; {commands}",
        f"error: 'X' is not a colour here; {colours}",
        f"error: 'hello' is not a colour here; {colours}",
        "error: 'RGBYY' has 5 colours; a code has 4, like RGBY",
        f"error: unknown command 'show'; {commands}",
        f"error: unknown command 'foo'; {commands}",
        f"error: 'X' is not a colour here; {colours}",
        f"error: 'X' is not a colour here; {colours}",
        "error: 'lila' (purple) is not used in this game; colours are R=red(1) G=green(2) "
        "B=blue(3) Y=yellow(4) W=white(5) K=black(6)",
        "error: unknown command 'show'; did you mean board?",
    ]
    assert "You cracked the code in 1 row" in result.output
    assert result.output.count("Commands at the prompt:") == 2  # "?" and "help guess"
    assert "at a guess prompt  a code" in result.output  # help guess: in full


def test_in_german_at_the_guess_prompt_of_superhirn_with_the_ninth_colour() -> None:
    lines = ["hints", "tip", "?", "rot gelb grün blua", "RGNX", "zeig das brett", "R.GB", "quit"]
    result = run(["--lang", "de", "play", "--preset", "superhirn", "--blank"], lines)
    assert result.exit_code == 1
    colours = (
        "die Farben sind R=rot(1) G=gelb(2) N=grün(3) B=blau(4) W=weiß(5) S=schwarz(6) "
        "O=orange(7) L=lila(8) ◌=leeres Loch(. oder 0 oder 9)"
    )
    assert messages(result.stderr) == [
        "Fehler: unbekannter Befehl 'hints'; meintest du hinweis?",
        "Fehler: unbekannter Befehl 'tip'; meintest du hinweis?",
        "Fehler: 'blua' ist hier keine Farbe; meintest du blau?",
        f"Fehler: 'X' ist hier keine Farbe; {colours}",
        "Fehler: unbekannter Befehl 'zeig'; die Befehle hier sind hinweis, brett, hilfe, regeln, "
        "aufgeben, beenden",
        "verlassen: Partie abgebrochen",
    ]
    assert "Reihe  1" in result.output  # R.GB, a guess with an empty hole
    assert "Befehle an der Eingabezeile:" in result.output  # "?" is help


def test_at_the_pins_and_reveal_prompts_mistyped_commands_are_named() -> None:
    lines = ["random", "hlep", "undoo", "?", "zufall", "2b1x", "show board", "2 x", "help pins"]
    lines += ["quit"]
    result = run(["--lang", "en", "play", "--role", "maker", "--games", "1"], lines)
    assert result.exit_code == 1
    commands = "the commands here are undo, board, help, rules, quit"
    not_pins = (
        "is not pins: type black then white like '2 1', '2,1' or '2-1', one digit for black "
        "alone like '4', pins like 'bbw' or 'black black white', or '-' for none"
    )
    assert messages(result.stderr)[:7] == [
        "error: unknown command 'hlep'; did you mean help?",
        "error: unknown command 'undoo'; did you mean undo?",
        f"error: 'zufall' is not a command of this prompt; {commands}",
        f"error: '2b1x' {not_pins}",
        f"error: unknown command 'show'; {commands}",
        f"error: '2 x' {not_pins}",
        "quit: match abandoned",
    ]
    assert result.output.count("Commands at the prompt:") == 2  # "?" and "help pins"
    assert "at a pins prompt  black" in result.output  # help pins: in full


def test_in_german_at_the_pins_prompt_words_are_named_and_counts_in_words_are_pins() -> None:
    lines = ["zufall", "zeig brett", "zwei eins", "beenden"]
    result = run(["--lang", "de", "play", "--role", "maker", "--games", "1"], lines)
    assert result.exit_code == 1
    assert messages(result.stderr) == [
        "Fehler: unbekannter Befehl 'zeig'; die Befehle hier sind zurück, brett, hilfe, regeln, "
        "beenden",
        "Fehler: 'zwei eins' sind keine Signal-Stifte: tippe schwarz, dann weiß wie '2 1', "
        "'2,1' oder '2-1', eine Ziffer allein für schwarz wie '4', Stifte wie 'ssw' oder "
        "'schwarz schwarz weiß', oder '-' für keine",
        "verlassen: Partie abgebrochen",
    ]


def test_every_preset_keeps_its_code_forms() -> None:
    for name in PRESETS:
        preset = get_preset(name)
        for text in ("1" * preset.positions, "R" * preset.positions):
            assert mistyped_command(text, preset.positions, GUESS_COMMANDS) is None


def test_a_word_that_is_no_colour_is_named_whole_and_a_colour_name_once() -> None:
    colours = "colours are R=red(1) G=green(2) B=blue(3) Y=yellow(4) W=white(5) K=black(6)"
    lines = ["purple", "violet", "lila", "braun", "grey", "gray", "hello", "7890", "R G XZ"]
    lines += ["RGBX", "RGBXR", "RGBYR", "rgby", "R G B Y", "1234", "red green blue yellow"]
    lines += ["rot gelb grün blau", "quit"]
    result = run(["--lang", "en", "play", "--seed", "1", "--games", "1"], lines)
    assert result.exit_code == 1
    assert messages(result.stderr) == [
        f"error: 'purple' is not used in this game; {colours}",
        f"error: 'violet' is not a colour here; {colours}",
        f"error: 'lila' (purple) is not used in this game; {colours}",
        f"error: 'braun' (brown) is not used in this game; {colours}",
        f"error: 'grey' is not used in this game; {colours}",
        f"error: 'gray' (grey) is not used in this game; {colours}",
        f"error: 'hello' is not a colour here; {colours}",
        f"error: '7890' is not a code of this game; {colours}",
        f"error: 'XZ' is not a colour here; {colours}",
        f"error: 'X' is not a colour here; {colours}",  # a typo in a code
        f"error: 'X' is not a colour here; {colours}",
        "error: 'RGBYR' has 5 colours; a code has 4, like RGBY",
        "quit: match abandoned",
    ]
    assert result.output.count("  R G B Y  ") == 4  # rgby, R G B Y, 1234 and the words
    assert "  R Y G B  " in result.output  # rot gelb grün blau


def test_a_letter_of_another_script_that_looks_like_a_colour_is_named() -> None:
    colours = "colours are R=red(1) G=green(2) B=blue(3) Y=yellow(4) W=white(5) K=black(6)"
    result = run(["--lang", "en", "play", "--seed", "1", "--games", "1"], ["RGBВ", "quit"])
    assert messages(result.stderr)[0] == (
        f"error: 'В' (U+0412 CYRILLIC CAPITAL LETTER VE, not the Latin B) is not a colour here; "
        f"{colours}"
    )


@pytest.mark.parametrize("preset", ["classic", "superhirn"])
def test_empty_holes_in_a_game_without_them_are_said_to_be_none(preset: str) -> None:
    lines = ["....", ".YGB", "R-GB", "RG_B", "quit"]
    result = run(["--lang", "en", "play", "--preset", preset, "--games", "1"], lines)
    assert result.exit_code == 1
    example = {"classic": "rgby", "superhirn": "rygb"}[preset]
    said = (
        "marks an empty hole, which this game has not: every position takes a colour; "
        f"type the code as {example} or {' '.join(example)}"
    )
    assert messages(result.stderr) == [f"error: '{mark}' {said}" for mark in "..-_"] + [
        "quit: match abandoned"
    ]


def test_in_german_a_word_that_is_no_colour_is_named_whole_and_a_colour_name_once() -> None:
    colours = "die Farben sind R=rot(1) N=grün(2) B=blau(3) G=gelb(4) W=weiß(5) S=schwarz(6)"
    lines = ["lila", "violett", "purple", "braun", "gray", "rote", "veilchen", "RNBX", "quit"]
    result = run(["--lang", "de", "play", "--seed", "1", "--games", "1"], lines)
    assert result.exit_code == 1
    assert messages(result.stderr) == [
        f"Fehler: 'lila' kommt in diesem Spiel nicht vor; {colours}",
        f"Fehler: 'violett' (lila) kommt in diesem Spiel nicht vor; {colours}",
        f"Fehler: 'purple' (lila) kommt in diesem Spiel nicht vor; {colours}",
        f"Fehler: 'braun' kommt in diesem Spiel nicht vor; {colours}",
        f"Fehler: 'gray' (grau) kommt in diesem Spiel nicht vor; {colours}",
        "Fehler: 'rote' ist hier keine Farbe; meintest du rot?",
        f"Fehler: 'veilchen' ist hier keine Farbe; {colours}",
        f"Fehler: 'X' ist hier keine Farbe; {colours}",
        "verlassen: Partie abgebrochen",
    ]
