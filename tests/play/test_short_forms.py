"""The short forms of `turing play`'s commands: its help lists each with the command it
stands for, in English and German, and each does what the help says; typed, ``h`` is
help (hint has none), which both front ends' helps say (the board's, and play --help:
the board's key h is a hint)."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner, Result

from turing import i18n
from turing.cli.main import main
from turing.play.session import COMMANDS, command_name

#: what each language's help lists, in its order: the forms and their commands
LISTED = {
    "en": "c compose, t test, p pass, n note, x/s strike, u unstrike, m mark, "
    "l show, h/? help, q quit",
    "de": "e eingabe, t teste, f fertig, p passen, n notiz, x/s streiche, u zurück, "
    "m markiere, l zeige, h/? hilfe, q beenden",
}


def play(language: str, script: str) -> Result:
    return CliRunner().invoke(main, ["--lang", language, "play"], input=script)


def listed_forms(output: str, language: str) -> str:
    """The short forms the help printed, on one line."""
    head = "Short forms: " if language == "en" else "Kurzformen: "
    found = re.search(re.escape(head) + r"(.*?)\.", output, re.DOTALL)
    assert found is not None, output
    return " ".join(found.group(1).split())


@pytest.mark.parametrize("language", ["en", "de"])
def test_help_lists_each_short_form_with_its_command(language: str) -> None:
    result = play(language, "help\n")
    assert listed_forms(result.output, language) == LISTED[language]
    i18n.set_language(language)
    words = {i18n._(usage).split()[0]: name for name, (usage, _what) in COMMANDS.items()}
    for pair in LISTED[language].split(", "):
        letters, word = pair.split(" ")
        for letter in letters.split("/"):
            assert command_name(letter) == words[word], (letter, word)


@pytest.mark.parametrize(("language", "hint_word"), [("en", "hint"), ("de", "hinweis")])
def test_h_typed_is_help_and_hint_has_no_short_form(language: str, hint_word: str) -> None:
    result = play(language, "h\n")
    assert listed_forms(result.output, language)  # the commands were listed
    said = {
        "en": "h/? help, q quit. hint has none.",
        "de": "h/? hilfe, q beenden. hinweis hat keine.",
    }[language]
    assert said in " ".join(result.output.split())
    assert "What you can infer now" not in result.output
    assert "Was du jetzt schließen kannst" not in result.output
    assert command_name("h") == "help" and command_name(hint_word) == "hint"


@pytest.mark.parametrize(
    ("language", "key", "typed"),
    [
        ("en", "h shows a hint", "typed, h is help, t test, n note and s strike"),
        ("de", "h zeigt einen Hinweis", "getippt steht h für hilfe, t für teste, n für notiz"),
    ],
)
def test_the_boards_help_tells_its_keys_from_the_typed_short_forms(
    language: str, key: str, typed: str
) -> None:
    result = CliRunner().invoke(main, ["--lang", language, "board", "--help"])
    assert result.exit_code == 0
    shown = " ".join(result.output.split())  # click wraps the help to the terminal
    assert key in shown and typed in shown, result.output


def test_the_docs_say_which_forms_help_lists_and_name_every_other_one() -> None:
    """docs/play.md lists the forms help shows as help shows them, and names every other
    word a command is understood by, each with the command it stands for."""
    from pathlib import Path

    from turing.play.session import ALIASES

    docs = (Path(__file__).parents[2] / "docs" / "play.md").read_text(encoding="utf-8")
    start = docs.index("* Short forms:")
    bullet = docs[start : docs.index("\n* ", start + 1)]
    plain = " ".join(bullet.replace("`", "").split())
    listed = "help lists the one-letter forms of the language in use, each with its command: "
    assert f"{listed}{LISTED['en']} (in German e eingabe in place of c, and f fertig" in plain, (
        plain
    )
    i18n.set_language("de")
    german = {i18n._(usage).split()[0] for usage, _what in COMMANDS.values()}
    i18n.set_language("en")
    named = {word for quoted in re.findall(r"`([^`]+)`", bullet) for word in quoted.split("/")}
    unnamed = sorted(set(ALIASES) - named - german)
    assert not unnamed, unnamed
    # each English word named after "Other words" stands for the command named after it
    others = bullet[bullet.index("Other") : bullet.index("and other German")]
    for forms, command in re.findall(r"((?:`[^`]+`/?)+)\s+(\w+(?: cards)?)", others):
        for form in re.findall(r"`([^`]+)`", forms):
            head = form.split()[0]
            expected = "show" if command == "show cards" else command
            assert command_name(head) == expected or form in ("give up", "gib auf"), form


def test_a_letter_alone_that_is_a_command_and_a_verifier_is_refused_and_changes_nothing() -> None:
    """d alone after composing could mean verifier D or done; taken for done it would end
    the round's testing. It is refused, and the round's tests are still there to make."""
    result = play("en", "compose 352\nd\nc\ntest d\n")
    said = " ".join(result.output.split())
    assert (
        "error: line 2: 'd' alone could be verifier D or done: type test d (short: t d) to "
        "test verifier D, or done" in said
    ), result.output
    assert (
        "error: line 3: 'c' alone could be verifier C or compose: type test c (short: t c) "
        "to test verifier C, or compose CODE" in said
    ), result.output
    assert "Testing over" not in result.output
    assert re.search(r"352 on D: (✔|✘)", result.output), result.output


@pytest.mark.parametrize(
    ("args", "ended"),
    [
        (["--random", "--verifiers", "4", "--seed", "1"], True),
        (["--random", "--verifiers", "6", "--seed", "1"], False),
    ],
)
def test_german_f_is_done_unless_the_puzzle_has_a_verifier_f(args: list[str], ended: bool) -> None:
    result = CliRunner().invoke(main, ["--lang", "de", "play", *args], input="e 352\nf\n")
    assert ("Die Tests dieser Runde sind vorbei" in result.output) == ended, result.output
    assert ("'f' allein kann Prüfer F oder fertig heißen" in result.output) != ended, result.output
