"""A play session: the criteria game as people and bots play it at one table.

:class:`~turing.play.game.Game` is the round state machine; a :class:`Session` adds what a
table around it needs, with no terminal in sight, so that any front end (the line prompt,
a full-screen board) is a thin view over it:

* the seats (people and bots, each bot with its own random generator), whose turn it is
  (:meth:`Session.turn`: in seat order, every player still in the game takes a whole turn
  — compose, up to three tests, the hidden decision — then the round is revealed and the
  next round starts with the first seat still in the game);
* the typed-command grammar (:func:`parse_command`) and whole-line planning: a line is
  parsed and checked in full before any of it runs (:meth:`Session.plan`), so a refused
  line changes nothing and uses no tests;
* hint counting, notes, giving up, the round's reveal (:meth:`Session.take_reveal`), a
  recap for a resumed game, the fewest possible tests after the game;
* the save format (:func:`save_document`, :func:`load_save`) and the transcript file.

A session never prints or reads; it returns outcome values that a view draws.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import re
import sqlite3
import stat
import textwrap
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal, TextIO

from turing.analysis.greedy import greedy_move
from turing.analysis.search import (
    AnalysisTooLarge,
    RoundStep,
    Search,
    policy_first_round,
    policy_move,
)
from turing.core.cards import (
    CardSet,
    card_digest,
    cardset_reference,
    changed_cards,
    load_cardset,
)
from turing.core.codes import (
    EXAMPLE_CODE,
    SHAPE_SYMBOLS,
    Code,
    CodeError,
    as_typed,
    lookalike,
    typed_quoted,
)
from turing.core.errors import TuringError
from turing.core.files import (
    CARD_SET,
    TRANSCRIPT_WRITTEN,
    SourceError,
    WriteTargetError,
    clashing_input,
    json_line,
    os_reason,
    shown_name,
    typed_garbling_problem,
    write_target,
    write_text,
)
from turing.core.knowledge import TestRecord
from turing.core.names import name_problem
from turing.core.puzzle import LETTERS, MAX_VERIFIERS, Mode, Puzzle
from turing.core.rulebook import rules_page
from turing.core.saves import (
    NO_LONGER_A_SAVE,
    PLAY_SAVE,
    creating_reason,
    family_end,
    family_end_reason,
    family_entry,
    family_member_shown,
    holds_other_transcript,
    is_mastermind_match,
    joined_family,
    pack,
    read_save_file,
    refused_save,
    save_problem,
    tell_family,
    transcript_events,
    unsavable,
    unwritable,
    walk_family,
)
from turing.core.saves import (
    not_a_transcript as saves_not_a_transcript,
)
from turing.core.sharecode import ShareCodeError, encode
from turing.core.solver import deduce
from turing.generation.bank import Bank, sqlite_reason
from turing.generation.generator import generate_one, makeable_counts
from turing.i18n import N_, NO_WORDS, YES_WORDS, _, current_language, format_list, ngettext
from turing.play.bots import Bot, BotError, bot_kind, bot_name, is_bot, make_bot, play_turn
from turing.play.game import (
    MAX_NOTE,
    Action,
    Amend,
    Compose,
    Decision,
    EndTests,
    Game,
    GameError,
    GiveUp,
    Hint,
    IllegalAction,
    Pass,
    Solve,
    Test,
)

SAVE_FORMAT: Final = PLAY_SAVE.marker
SAVE_VERSION: Final = PLAY_SAVE.version
#: The name of the one player when none is given (translated: a German game names them Spieler).
DEFAULT_PLAYER: Final = N_("player")


#: How much work the after-game comparison's exact search may do (the analysis's own
#: units): a second or so; past it the proven bounds are shown instead.
COMPARE_WORK: Final = 100_000_000
#: and the processor seconds the whole comparison may take, its upper bound's strategies
#: included (those take up to about four seconds on the largest nightmare tables)
COMPARE_SECONDS: Final = 10.0
#: How long a save or the game's end waits for a bank another process is writing before it
#: says that the puzzle is not marked played (and goes on: the save is written already).
BANK_WAIT: Final = 2.0


class SessionError(TuringError):
    """A session that cannot be set up, saved or resumed."""


class CommandError(TuringError):
    """A typed line that cannot be understood or not be used now. Nothing of it ran.

    ``problem`` is the refusal alone, without what it says of the line (for a front end
    that sent one command for a key or a click, where no line was typed)."""

    def __init__(self, message: str, problem: str | None = None) -> None:
        super().__init__(message)
        self.problem = message if problem is None else problem


class SaveError(SessionError, CommandError):
    """A game that cannot be saved where asked (no file named, a folder, a file the game
    reads, a file that cannot be written): the session's error, and, asked for by a typed
    ``save``, a refusal of that line like any other."""


@dataclass(frozen=True)
class BoxQuestion:
    """An answer from the box that a line leaves out: verifier ``verifier``'s answer to
    ``code``, or (``verifier`` None) whether the box takes ``code`` as its solution."""

    code: Code
    verifier: int | None


class AnswersMissing(CommandError):
    """A line of a game beside the box that is good but for the box's answers it leaves
    out (``questions``, in the line's order): a view may ask them and plan the line again
    with them (:meth:`Session.plan`); a script's line is refused so (``message``: what the
    refusal says of the line, as :class:`CommandError`)."""

    def __init__(self, questions: Sequence[BoxQuestion], message: str | None = None) -> None:
        first = questions[0]
        if first.verifier is None:
            problem = _(
                "the box's word on {code} is missing: solve {code} yes if it is right, "
                "solve {code} no if not"
            ).format(code=first.code)
        else:
            letter = LETTERS[first.verifier]
            problem = _(
                "verifier {letter}'s answer to {code} is missing: give it after the letter, "
                "test {letter} yes or test {letter} no (short: {letter}+ or {letter}-)"
            ).format(letter=letter, code=first.code)
        super().__init__(problem if message is None else message, problem)
        self.questions = tuple(questions)


# -- the command grammar --------------------------------------------------------------------

_E: Final = EXAMPLE_CODE
_E_SPACED: Final = " ".join(EXAMPLE_CODE)

COMMANDS: Final[dict[str, tuple[str, str]]] = {
    # name: (usage, what it does); both translated where they are shown
    "compose": (N_("compose CODE"), N_("choose this round's code, e.g. compose {e} or c {spaced}")),
    "test": (
        N_("test [CODE] V [V [V]]"),
        N_("test the round's code against verifiers, in order (test A, test a b c, test {e} A C)"),
    ),
    "done": (N_("done"), N_("stop testing for this round (then solve or pass)")),
    "solve": (N_("solve CODE"), N_("submit a code as the solution; wrong eliminates you")),
    "pass": (N_("pass"), N_("do not submit this round")),
    "giveup": (N_("giveup"), N_("leave the running (solo: the solution is shown at once)")),
    "note": (N_("note V TEXT"), N_("set your note on verifier V (note V alone clears it)")),
    "strike": (
        N_("strike V K | strike CARD.K"),
        N_("strike criterion K of verifier V's card (or of a card on the table)"),
    ),
    "unstrike": (N_("unstrike V K | unstrike CARD.K"), N_("take a strike back")),
    "mark": (
        N_("mark SHAPE DIGIT… yes|no|clear"),
        N_("mark digits of a shape on your grid: mark b 2 no, mark y4 yes, mark p 1 2 clear"),
    ),
    "hint": (
        N_("hint [best]"),
        N_("what you can infer now (counted); hint best: the best next test"),
    ),
    "show": (
        N_("show [cards]"),
        N_("draw your screen again; show cards: every criterion in full"),
    ),
    "rules": (N_("rules"), N_("the rules of the game, from the rules page (turing rules)")),
    "help": (N_("help [COMMAND]"), N_("this list, or one command")),
    "save": (N_("save [FILE]"), N_("save the whole game (to FILE or the game's save file)")),
    "quit": (N_("quit"), N_("leave the game (asks first, and offers to save)")),
}

#: What each command does in one line of the list ``help`` shows, after the command's word
#: (``help COMMAND`` tells it in full): the list fits a terminal of 80×24 in every language.
SUMMARIES: Final[dict[str, str]] = {
    "compose": N_("choose this round's code: compose {e} or c {spaced}"),
    "test": N_("test the code on verifiers: test A, test a b c, test {e} A C"),
    "done": N_("stop testing for this round (then solve or pass)"),
    "solve": N_("submit a code as the solution: solve {e} (wrong eliminates you)"),
    "pass": N_("do not submit this round"),
    "giveup": N_("leave the running (solo: the solution is shown)"),
    "note": N_("your note on a verifier: note A TEXT (note A alone clears it)"),
    "strike": N_("strike a criterion of a verifier's card: strike A 2, or CARD.K"),
    "unstrike": N_("take a strike back: unstrike A 2, or CARD.K"),
    "mark": N_("mark your grid: mark b 2 no, mark y4 yes, mark p 1 2 clear"),
    "hint": N_("what you can infer now (counted); hint best: the next test to make"),
    "show": N_("draw your screen again; show cards: every criterion whole"),
    "rules": N_("the rules of the game"),
    "help": N_("this list; help COMMAND: one command in full"),
    "save": N_("save the whole game (save FILE: to FILE)"),
    "quit": N_("leave the game (asks first, offers to save)"),
}

#: The lines of the strike commands in that list where a criterion is named only by its card
#: (extreme and nightmare mode, :func:`named_by_card`): the one form those modes take.
BY_CARD_SUMMARIES: Final[dict[str, str]] = {
    "strike": N_("strike a criterion of a card on the table: strike CARD.K"),
    "unstrike": N_("take a strike back: unstrike CARD.K"),
}

#: Other words for the commands in English. English and German words are both always
#: understood; the one-letter forms are the English ones in both languages (plus e and f,
#: which name nothing in English).
_ENGLISH_ALIASES: Final[dict[str, str]] = {
    "c": "compose",
    "code": "compose",
    "t": "test",
    "d": "done",
    "end": "done",
    "stop": "done",
    "submit": "solve",
    "guess": "solve",
    "p": "pass",
    "skip": "pass",
    "resign": "giveup",
    "surrender": "giveup",
    "n": "note",
    "notes": "note",
    "x": "strike",
    "s": "strike",
    "u": "unstrike",
    "m": "mark",
    "hints": "hint",
    "infer": "hint",
    "look": "show",
    "l": "show",
    "screen": "show",
    "board": "show",
    "cards": "show",
    "h": "help",
    "?": "help",
    "q": "quit",
    "exit": "quit",
    "abandon": "quit",
}

#: The German words for the commands, each with an umlaut also spelt without it (loese).
_GERMAN_ALIASES: Final[dict[str, str]] = {
    "e": "compose",
    "eingabe": "compose",
    "eingeben": "compose",
    "teste": "test",
    "testen": "test",
    "prüfe": "test",
    "pruefe": "test",
    "f": "done",
    "fertig": "done",
    "genug": "done",
    "löse": "solve",
    "lösen": "solve",
    "loese": "solve",
    "loesen": "solve",
    "lösung": "solve",
    "loesung": "solve",
    "passe": "pass",
    "passen": "pass",
    "aufgeben": "giveup",
    "notiz": "note",
    "notiere": "note",
    "notizen": "note",
    "streiche": "strike",
    "streichen": "strike",
    "zurück": "unstrike",
    "zurueck": "unstrike",
    "markiere": "mark",
    "markieren": "mark",
    "hinweis": "hint",
    "tipp": "hint",
    "zeige": "show",
    "zeigen": "show",
    "karten": "show",
    "hilfe": "help",
    "regeln": "rules",
    "speichere": "save",
    "speichern": "save",
    "beenden": "quit",
    "verlassen": "quit",
}

#: Every other word of a command, in either language.
ALIASES: Final[dict[str, str]] = {**_ENGLISH_ALIASES, **_GERMAN_ALIASES}


def _spelt_without_umlaut(word: str) -> bool:
    """Whether ``word`` is a German command word spelt without its umlaut (``loese``)."""
    umlauts = word.replace("ae", "ä").replace("oe", "ö").replace("ue", "ü")
    return umlauts != word and umlauts in _GERMAN_ALIASES


def completions(typed: str) -> list[str]:
    """The command words of the language in use that begin with ``typed``, as a line being
    typed is completed (one-letter forms left out): ``p`` gives ``pass``; in German
    ``passe``, ``passen`` and ``prüfe``. The other language's words are understood all the
    same and never offered; nor is a German word spelt without its umlaut, unless what was
    typed begins only such words (``loe`` gives ``loese``, ``loesen``, ``loesung``).

    >>> from turing.i18n import set_language
    >>> set_language("en"); completions("p"), completions("st")
    (['pass'], ['strike', 'stop'])
    >>> set_language("de"); completions("l"), completions("loe")
    (['löse', 'lösen', 'lösung'], ['loese', 'loesen', 'loesung'])
    >>> set_language("en")
    """
    start = typed.lower()
    german = current_language() == "de"
    words = list(_GERMAN_ALIASES) if german else [*COMMANDS, *_ENGLISH_ALIASES]
    found = [word for word in words if word.startswith(start) and len(word) > 1]
    plain = [word for word in found if not _spelt_without_umlaut(word)]
    return plain or found


#: The one-letter forms a language's help leaves out (every one is understood in both):
#: e and f are German (eingabe, fertig), c and d English (compose, done). d is listed in
#: neither: every puzzle of four verifiers or more has a verifier D, so d alone is refused
#: as it could name either (:func:`parse_command`).
_UNLISTED_LETTERS: Final[dict[str, frozenset[str]]] = {
    "en": frozenset("def"),
    "de": frozenset("cd"),
}


def short_forms() -> list[tuple[str, str]]:
    """The one-letter forms of the commands, each with its command's word, in the language
    in use: ``[("c", "compose"), ("t", "test"), …, ("x/s", "strike"), …, ("h/?", "help"),
    ("q", "quit")]``. ``h`` is help; hint has none."""
    unlisted = _UNLISTED_LETTERS.get(current_language(), frozenset())
    forms: list[tuple[str, str]] = []
    for name in COMMANDS:
        letters = [
            alias
            for alias, target in ALIASES.items()
            if target == name and len(alias) == 1 and alias not in unlisted
        ]
        if letters:
            forms.append(("/".join(letters), command_word(name)))
    return forms


def short_forms_help() -> str:
    """The paragraph of the help that lists the short forms, each with its command, and
    says what ``h`` is (help, typed; the board's key h asks for a hint). Its lines are as
    many in every language: a game's transcript reads the same line by line."""
    pairs = [f"{letters} {word}" for letters, word in short_forms()]
    half = (len(pairs) + 1) // 2
    return "\n".join(
        [
            "  " + _("Short forms: {forms},").format(forms=", ".join(pairs[:half])),
            f"  {', '.join(pairs[half:])}.",
            _(
                "  Typed, h is help (hint has no short form); on turing board the key h asks\n"
                "  for a hint."
            ),
        ]
    )


def _as_is(text: str) -> str:
    return text


def command_rows(
    written: Callable[[str], str] = _as_is, by_card: bool = False, hints: bool = True
) -> list[tuple[str, str]]:
    """Each command's usage and what it does, in the language in use; ``written`` gives a
    text as the output will write it (a view's, where it writes stand-ins), so that the
    columns are measured on what is written. ``by_card``: criteria are named only by their
    card (a verifier with more than one card), the strike commands' one form; ``hints``
    false: a game without hints, where hint is marked off."""
    rows = []
    for name, (usage, what) in COMMANDS.items():
        if by_card:
            usage, what = BY_CARD_USAGE.get(name, usage), BY_CARD_WHAT.get(name, what)
        said = _hints_off(name, _(what).format(e=_E, spaced=_E_SPACED), hints)
        rows.append((written(_(usage)), written(said)))
    return rows


def command_word(name: str) -> str:
    """The word of the command ``name`` in the language in use, as its usage writes it
    (``test``; in German ``teste``)."""
    return _(COMMANDS[name][0]).split()[0]


#: What the list ``help`` shows for hint in a game played without hints.
HINTS_OFF: Final = N_("off: this game is played without hints")


def _hints_off(name: str, said: str, hints: bool) -> str:
    """What the help ``said`` of the command ``name``, marked off where it is hint in a
    game without hints (``hints`` false)."""
    return f"{said} ({_(HINTS_OFF)})" if name == "hint" and not hints else said


def summary_rows(
    written: Callable[[str], str] = _as_is, by_card: bool = False, hints: bool = True
) -> list[tuple[str, str]]:
    """Each command's word and what it does in one line, in the language in use, as the
    list ``help`` shows them (``written``: as for :func:`command_rows`; ``by_card``: as for
    :func:`parse_command`, the strike commands' one form; ``hints`` false: a game without
    hints, where hint is marked off)."""
    summaries = {**SUMMARIES, **BY_CARD_SUMMARIES} if by_card else dict(SUMMARIES)
    if not hints:
        summaries["hint"] = HINTS_OFF
    return [
        (
            written(command_word(name)),
            written(_(summaries[name]).format(e=_E, spaced=_E_SPACED)),
        )
        for name in COMMANDS
    ]


#: what ends an example in a line of help (``mark b 2 no, mark y4 yes``)
_EXAMPLE_ENDS: Final = (",", ";", ":", ")")


def _example_argument(token: str, words: set[str]) -> bool:
    """Whether ``token`` can go on an example of a command: a code, a digit or a letter
    (``352``, ``2``, ``A``, ``y4``), a placeholder (``TEXT``, ``CARD.K``), or a word of a
    command's usage (``yes``, ``clear``, ``best``)."""
    if token.startswith("("):  # an aside begins: (note A alone clears it)
        return False
    core = token.rstrip("".join(_EXAMPLE_ENDS))
    if not core:
        return False
    return (
        core.isdigit()
        or (len(core) <= 2 and core.isalnum() and not core.isalpha())
        or len(core) == 1
        or core.isupper()
        or core.lower() in words
    )


def help_units(text: str) -> list[str]:
    """The words of a line of help, each example of a command in it one unit (``mark p 1
    2 clear``, ``note A TEXT``), for a view that wraps the line never inside an example.

    >>> help_units("mark your grid: mark b 2 no, mark p 1 2 clear")
    ['mark', 'your', 'grid:', 'mark b 2 no,', 'mark p 1 2 clear']
    >>> help_units("your note on a verifier: note A TEXT (note A alone clears it)")
    ['your', 'note', 'on', 'a', 'verifier:', 'note A TEXT', '(note A', 'alone', 'clears', 'it)']
    """
    words = {
        word
        for usage, _what in COMMANDS.values()
        for word in re.findall(r"[^\W\d_]+", _(usage))
        if word.islower()
    }
    tokens = text.split()
    units: list[str] = []
    at = 0
    while at < len(tokens):
        unit = [tokens[at]]
        at += 1
        starts = command_name(unit[0].lstrip("(")) is not None
        while starts and not unit[-1].endswith(_EXAMPLE_ENDS) and at < len(tokens):
            if not _example_argument(tokens[at], words):
                break
            unit.append(tokens[at])
            at += 1
        units.append(" ".join(unit))
    return units


def letter_range(verifiers: int = MAX_VERIFIERS) -> str:
    """The verifiers' letters of a puzzle with ``verifiers`` of them, as help writes them:
    ``A–D``; every letter a puzzle can have when no puzzle is meant."""
    return f"{LETTERS[0]}–{LETTERS[verifiers - 1]}"


def list_note_paragraphs(
    written: Callable[[str], str] = _as_is, verifiers: int = MAX_VERIFIERS
) -> list[str]:
    """What follows the list ``help`` shows, one paragraph each (codes, letters and lines;
    the short forms), for a view that wraps them to its width: a no-break space (U+00A0)
    holds together what must stay on one line, a shape and its colour (``▲ blue``), an
    example code written spaced, a short form and its command (``c compose``).
    ``written``, ``verifiers``: as for :func:`list_notes`.

    >>> list_note_paragraphs(verifiers=4)[0]
    'Codes: three digits 1–5 for ▲\xa0blue, ■\xa0yellow, ●\xa0purple (352 or 3\xa05\xa02).'
    """
    shapes = _SHAPE_LETTERS[current_language()]
    # a form and its command stay on one line
    pairs = ", ".join(f"{written(letters)}\xa0{written(word)}" for letters, word in short_forms())
    forms = written(_("Short forms: {forms}. {hint} has none.")).format(
        forms=pairs, hint=written(command_word("hint"))
    )
    codes = _("Codes: three digits 1–5 for ▲ blue, ■ yellow, ● purple ({e} or {spaced}).")
    # each shape stays beside its colour (written apart: the no-break space as it is)
    codes = "\xa0".join(written(part) for part in re.split(r"(?<=[▲■●]) ", codes))
    return [
        codes.format(e=_E, spaced=_E_SPACED.replace(" ", "\xa0")),
        written(
            _(
                "Verifiers: {verifiers}. SHAPE: {letters}. Commands on one line are separated "
                "by ';'."
            )
        ).format(verifiers=letter_range(verifiers), letters=" ".join(shapes)),
        forms,
    ]


def list_notes(written: Callable[[str], str] = _as_is, verifiers: int = MAX_VERIFIERS) -> str:
    """What follows the list ``help`` shows: codes, letters, lines and the short forms, in
    four lines of at most 80 columns in every language (in full: :func:`grammar_notes`);
    ``written``: as for :func:`command_rows`, the lines filled as written; ``verifiers``:
    the puzzle's, whose letters are named."""
    codes, letters, forms = list_note_paragraphs(written, verifiers)
    lines = [codes, letters, *textwrap.wrap(forms, 78, break_on_hyphens=False)]
    return "\n".join("  " + line.replace("\xa0", " ") for line in lines)


def commands_list(
    written: Callable[[str], str] = _as_is,
    verifiers: int = MAX_VERIFIERS,
    by_card: bool = False,
    hints: bool = True,
) -> str:
    """The list ``help`` shows: one line for each command, then :func:`list_notes`; it fits
    a terminal of 80×24 with the prompt below it (``written``: as for :func:`command_rows`;
    ``verifiers``: as for :func:`list_notes`; ``by_card``, ``hints``: as for
    :func:`summary_rows`)."""
    rows = summary_rows(written, by_card, hints)
    width = max(len(word) for word, _what in rows)
    return "\n".join(
        [
            _("Commands:"),
            *(f"  {word:<{width}}  {what}" for word, what in rows),
            "",
            list_notes(written, verifiers),
        ]
    )


def grammar_help(written: Callable[[str], str] = _as_is) -> str:
    """The list of commands, in the language in use (``written``: as for :func:`command_rows`)."""
    rows = command_rows(written)
    width = max(32, *(len(usage) for usage, _what in rows))
    return "\n".join([*(f"  {usage:<{width}} {what}" for usage, what in rows), "", grammar_notes()])


def grammar_notes(verifiers: int = MAX_VERIFIERS) -> str:
    """What follows the list of commands in the help: codes, letters, lines, short forms
    (``verifiers``: as for :func:`list_notes`)."""
    shapes = _SHAPE_LETTERS[current_language()]
    return "\n".join(
        [
            _(
                "  Codes: three digits 1–5 for ▲ blue, ■ yellow, ● purple ({e}, {spaced} or\n"
                "  {commas}). Verifiers: letters {verifiers}, any case. SHAPE: {letters} "
                "(or blue,\n"
                "  yellow, purple, ▲ ■ ●). Several commands on one line are separated by ';'.\n"
                "  Lines starting with '#' are ignored. A line that cannot be run in full is\n"
                "  refused whole: nothing of it runs."
            ).format(
                e=_E,
                spaced=_E_SPACED,
                commas=",".join(_E),
                verifiers=letter_range(verifiers),
                letters=" ".join(shapes),
            ),
            "",
            short_forms_help(),
        ]
    )


@dataclass(frozen=True)
class Command:
    name: str
    code: Code | None = None
    verifiers: tuple[int, ...] = ()
    text: str = ""
    strikes: tuple[tuple[int | None, int | None, int], ...] = ()  # (verifier, card, position)
    marks: tuple[tuple[str, int], ...] = ()
    value: bool | None = None  # a mark's value; a solution's word from the box
    arg: str | None = None
    #: a test's answers from the box, one per verifier (None: not given)
    answers: tuple[bool | None, ...] = ()
    #: a correction's answers, (round, verifier, answer) each
    amends: tuple[tuple[int, int, bool], ...] = ()

    def amend(self) -> Amend:
        """A ``correct`` command's correction of answers typed beside the box, checked as
        a whole."""
        assert self.name == "correct" and self.amends
        (round_, verifier, answer), *also = self.amends
        return Amend(round_, verifier, answer, tuple(also))

    def tests(self) -> list[tuple[int, bool | None]]:
        """A test's verifiers, each with its answer from the box (None: not given)."""
        answers = self.answers or (None,) * len(self.verifiers)
        return list(zip(self.verifiers, answers, strict=True))


#: A mark's value: the answers to any yes/no question (``j``, ``n``, ``y`` …) and signs.
_YES: Final = YES_WORDS | {"ok", "+", "✔", "✓", "true", "v", "on", "richtig"}
_NO: Final = NO_WORDS | {"x", "-", "✘", "✗", "false", "off", "falsch"}
_CLEAR: Final = frozenset({"clear", "?", ".", "none", "blank", "·", "leer", "löschen", "loeschen"})
#: Shape words of both languages (always understood) → b, y, p; ``^ # @`` are what an
#: output that cannot write ▲ ■ ● shows for them.
_SHAPE_WORDS: Final[dict[str, str]] = {
    "blue": "b",
    "▲": "b",
    "^": "b",
    "triangle": "b",
    "blau": "b",
    "dreieck": "b",
    "yellow": "y",
    "■": "y",
    "#": "y",
    "square": "y",
    "gelb": "y",
    "quadrat": "y",
    "purple": "p",
    "●": "p",
    "@": "p",
    "circle": "p",
    "lila": "p",
    "kreis": "p",
}
#: The one-letter shapes follow the language in use (blue yellow purple / blau gelb lila).
_SHAPE_LETTERS: Final[dict[str, dict[str, str]]] = {
    "en": {"b": "b", "y": "y", "p": "p"},
    "de": {"b": "b", "g": "y", "l": "p"},
}


#: The list of commands in English (``grammar_help()`` gives it in the language in use).
GRAMMAR_HELP: Final = grammar_help()


def _shape(word: str) -> str | None:
    return _SHAPE_WORDS.get(word) or _SHAPE_LETTERS[current_language()].get(word)


def _code(text: str) -> Code:
    try:
        return Code.parse(text)
    except CodeError as exc:
        raise CommandError(str(exc)) from None


def _letter(token: str, verifiers: int, typed: str | None = None) -> int:
    """The verifier ``token`` names; ``typed``: the word it was typed in (``test ab``),
    which a refusal quotes as typed."""
    letter = as_typed(token).strip().upper()
    if len(letter) != 1 or letter not in LETTERS[:verifiers]:
        word = typed if typed is not None else token
        named = LETTERS[:verifiers]
        if word != token and len(word) > 1 and any(as_typed(ch).upper() in named for ch in word):
            # the letter refused is named, the word it is in only quoted (a word refused
            # whole, as a note's letter run into its text, is named once)
            message = _("no verifier {letter} in {token}: this puzzle has {letters}")
            word = repr(word)
        else:
            message = _("no verifier {token}: this puzzle has {letters}")
            word = typed_quoted(word, named)
        raise CommandError(
            message.format(letter=typed_quoted(token, named), token=word, letters=", ".join(named))
        )
    return LETTERS.index(letter)


#: The words of the command that corrects an answer typed beside the box (a slip found later).
BOX_ALIASES: Final = frozenset(
    {"correct", "amend", "fix", "korrigiere", "korrigieren", "berichtige", "berichtigen"}
)
CORRECT_USAGE: Final = N_("correct ROUND V yes|no …")
CORRECT_WHAT: Final = N_(
    "correct the answer you typed for verifier V in round ROUND, a slip found later: correct "
    "2 A no; several at once, checked together: correct 1 A yes C yes 2 B no (your test log "
    "and hints take them; the box's own answers are what counts)"
)


def _parse_amend(head: str, rest: str, verifiers: int) -> Command:
    """``correct ROUND V ANSWER [V ANSWER …] [ROUND V ANSWER …]`` (or ``correct ROUND V+``):
    several answers, of one round or more, corrected at once."""
    usage = _(CORRECT_USAGE)
    tokens: list[str] = []
    for token in (part for word in _tokens(rest) for part in _answer_pairs(word)):
        if len(token) == 2 and not token.isdigit() and box_answer(token[1]) is not None:
            tokens.extend((token[0], token[1]))
        else:
            tokens.append(token)
    if not tokens or not tokens[0].isdigit():
        raise CommandError(
            _("{word} takes a round, a verifier and the box's answer (usage: {usage})").format(
                word=head, usage=usage
            )
        )
    amends: list[tuple[int, int, bool]] = []
    round_ = 0
    at = 0
    while at < len(tokens):
        token = tokens[at]
        if token.isdigit():
            round_ = int(token)
            if round_ < 1:
                raise CommandError(
                    _(
                        "there is no round {round}: rounds are counted from 1 (usage: {usage})"
                    ).format(round=token, usage=usage)
                )
            at += 1
            if at == len(tokens) or tokens[at].isdigit():
                raise CommandError(
                    _(
                        "{word} takes a round, a verifier and the box's answer (usage: {usage})"
                    ).format(word=head, usage=usage)
                )
            continue
        verifier = _letter(token, verifiers)
        if at + 1 == len(tokens):
            raise CommandError(
                _(
                    "verifier {letter}'s answer is missing: give it after the letter, "
                    "{letter} yes or {letter} no (usage: {usage})"
                ).format(letter=LETTERS[verifier], usage=usage)
            )
        answer = box_answer(tokens[at + 1])
        if answer is None:
            raise CommandError(
                _("{token!r} is not the box's answer: yes or no (usage: {usage})").format(
                    token=tokens[at + 1], usage=usage
                )
            )
        amends.append((round_, verifier, answer))
        at += 2
    first = amends[0]
    return Command(
        "correct",
        verifiers=(first[1],),
        value=first[2],
        arg=str(first[0]),
        amends=tuple(amends),
    )


#: Said of an answer typed in a game whose verifiers answer by themselves.
_ANSWERED_BY_THEMSELVES: Final = N_(
    "this game's verifiers answer by themselves: you type answers only in a game played beside "
    "the box"
)

#: What a player types for a verifier's answer, or the box's word on a solution.
_BOX_YES: Final = _YES | {"right"}
_BOX_NO: Final = _NO | {"wrong"}


def _answer_slip(token: str, letter: str) -> CommandError:
    """The refusal of ``token`` typed for verifier ``letter``'s answer from the box."""
    return CommandError(
        _(
            "{token!r} is not the box's answer: after verifier {letter} give yes or no "
            "({letter}+ or {letter}-)"
        ).format(token=token, letter=letter)
    )


#: The answers of one sign, written without a space after a verifier's letter (A+B-).
_ANSWER_SIGNS: Final = "+-✓✔✗✘"


def _answer_pairs(token: str) -> list[str]:
    """``token`` as its letters with their answers when it is written so, joined (``A+B-``
    → ``A+``, ``B-``); else ``token`` alone."""
    if (
        len(token) >= 4
        and len(token) % 2 == 0
        and all(ch.isalpha() for ch in token[::2])
        and all(ch in _ANSWER_SIGNS for ch in token[1::2])
    ):
        return [token[i : i + 2] for i in range(0, len(token), 2)]
    return [token]


def box_answer(token: str) -> bool | None:
    """A typed answer from the box: True for yes (✓, +, right …), False for no (✗, -,
    wrong …), None for any other word."""
    word = token.lower()
    if word in _BOX_YES:
        return True
    if word in _BOX_NO:
        return False
    return None


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def command_name(word: str) -> str | None:
    """The command a typed word names (aliases included), or None."""
    name = ALIASES.get(word.lower(), word.lower())
    return name if name in COMMANDS else None


def file_name(typed: str) -> str:
    """A file name as typed, without its surrounding blanks and one pair of matching quotes
    around it (``"my game.json"`` or ``'my game.json'`` is ``my game.json``)."""
    name = typed.strip()
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "'\"":
        return name[1:-1].strip()
    return name


def _unknown_command(head: str, line: str, verifiers: int) -> str:
    """What to say of a line whose first word is no command: a verifier's letter alone
    points to the test command, a code alone to compose and solve."""
    if head.upper() in LETTERS[:verifiers] and line == head:
        return _(
            "unknown command {word!r}: to test the round's code on verifier {letter}, "
            "type test {word} (short: t {word})"
        ).format(word=head, letter=head.upper())
    try:
        code = Code.parse(line)
    except CodeError:
        pass
    else:
        return _(
            "unknown command {word!r}: to choose {code} as the round's code, type compose "
            "{code} (short: c {code}); to submit it as the solution, solve {code}"
        ).format(word=line, code=code)
    meant = _nearest_command(head)
    if meant is not None:
        return _(
            "unknown command {word!r}: did you mean {meant}? (type help for the commands)"
        ).format(word=head, meant=meant)
    return _("unknown command {word!r} (type help for the commands)").format(word=head)


#: The two-word forms of giveup, in either language.
_GIVE_UP_WORDS: Final = (("give", "up"), ("gib", "auf"))


#: The first word of giveup's two-word forms, which alone names no command.
_GIVE_WORDS: Final = frozenset(first for first, _second in _GIVE_UP_WORDS)


def _give_slip(head: str, rest: str) -> str:
    """What to say of a line starting ``give``/``gib`` that is not giveup's two-word form:
    giving up with more after it, or a code to choose or submit (``gib 241``), which the
    word leaves open."""
    words = rest.split()
    if words and (head.lower(), words[0].lower()) in _GIVE_UP_WORDS:
        return _("{word} takes nothing after it (usage: {usage})").format(
            word=f"{head} {words[0]}", usage=_(COMMANDS["giveup"][0])
        )
    return _(
        "unknown command {word!r}: did you mean {compose} (this round's code) or {solve} "
        "(the solution)? (type help for the commands)"
    ).format(word=head, compose=command_word("compose"), solve=command_word("solve"))


def names_a_command(typed: str) -> bool:
    """Whether ``typed`` starts with a command's word (an alias too), or is giveup's
    two-word form: a command, whatever follows it (``giveup``, ``test 111 a``)."""
    words = typed.lower().split()
    return bool(words) and (command_name(words[0]) is not None or tuple(words) in _GIVE_UP_WORDS)


#: Words no command is spelled as that name two commands alike: German "ende" is the
#: end of the turn (done, near the English alias "end") or of the game (quit)
_EITHER_COMMAND: Final[dict[str, tuple[str, str]]] = {"ende": ("done", "quit")}


def _nearest_command(word: str) -> str | None:
    """The command word a mistyped ``word`` (``tets``) is nearest to, as the language in
    use writes it; None when none is near (single letters and codes never are)."""
    if len(word) < 3:
        return None
    either = _EITHER_COMMAND.get(word.lower())
    if either is not None:  # a word of both: ending the turn's tests, or the game
        first, second = (command_word(name) for name in either)
        return _("{first} or {second}").format(first=first, second=second)
    import difflib

    shown = {name: command_word(name) for name in COMMANDS}
    spellings = {name: name for name in COMMANDS} | dict(ALIASES)
    spellings |= {spelled.lower(): name for name, spelled in shown.items()}
    found = difflib.get_close_matches(word.lower(), list(spellings), n=1, cutoff=0.75)
    if not found:
        return None
    return shown[spellings[found[0]]]


def named_by_card(mode: Mode) -> bool:
    """Whether a criterion is named only by its card in ``mode``: a verifier has more than
    one card (extreme), or which card is a verifier's is hidden (nightmare). A strike by a
    verifier's letter is then refused, and the usage and the help show only ``CARD.K``."""
    return mode.hidden_mapping or mode.cards_per_verifier > 1


#: The strike commands' usage where a criterion is named only by its card (extreme and
#: nightmare mode).
BY_CARD_USAGE: Final[dict[str, str]] = {
    "strike": N_("strike CARD.K"),
    "unstrike": N_("unstrike CARD.K"),
}


def parse_command(line: str, verifiers: int, by_card: bool = False, box: bool = False) -> Command:
    """One typed command → :class:`Command`; :class:`CommandError` with a clear message.
    ``by_card``: criteria are named only by their card (:func:`named_by_card`), and the
    strike commands' usage shows only that form. ``box``: a game beside the box, where a test
    may give each verifier's answer after its letter (``test A yes B no``, ``test A+ B-``)
    and a solution the box's word on it (``solve 241 yes``)."""
    stripped = line.replace("\t", " ").strip()  # a tab is a space between words
    if not stripped:
        raise CommandError(_("empty command"))
    head, _sep, rest = stripped.partition(" ")
    word = as_typed(head).lower()  # ｔｅｓｔ as typed with an East Asian input method too
    if (word, rest.strip().lower()) in _GIVE_UP_WORDS:
        return Command("giveup")
    if word in _GIVE_WORDS:
        raise CommandError(_give_slip(head, rest))
    if word in ("cards", "karten") and not rest.strip():
        return Command("show", arg="cards")
    name = command_name(word)
    if box and name is None and word in BOX_ALIASES:
        return _parse_amend(head, as_typed(rest).strip(), verifiers)
    if name is None and word in BOX_ALIASES:
        raise CommandError(
            _(
                "{word} corrects an answer typed in a game beside the box; this game's "
                "verifiers answer by themselves"
            ).format(word=head)
        )
    if name is None:
        raise CommandError(_unknown_command(head, stripped, verifiers))
    if name not in ("note", "save"):
        # codes, letters and signs typed in their full-width forms (２４１, ａ＋) are the
        # plain ones; a note's text and a file name stay as typed
        rest = as_typed(rest)
    rest = rest.strip()
    usage = _(
        BY_CARD_USAGE[name]
        if by_card and name in BY_CARD_USAGE
        else BOX_USAGE[name]
        if box and name in BOX_USAGE
        else COMMANDS[name][0]
    )
    if len(word) == 1 and word.upper() in LETTERS[:verifiers] and not rest:
        # c, d, e and f alone name a command and a verifier of this puzzle: neither is
        # guessed, as done taken for a test would end the round's testing.
        raise CommandError(
            _(
                "{word!r} alone could be verifier {letter} or {command}: type test {word} "
                "(short: t {word}) to test verifier {letter}, or {usage}"
            ).format(word=head, letter=head.upper(), command=usage.split()[0], usage=usage)
        )
    if name in ("compose", "solve"):
        if not rest:
            raise CommandError(
                _("{word} needs a code, three digits 1–5 like {example} (usage: {usage})").format(
                    word=head, example=EXAMPLE_CODE, usage=usage
                )
            )
        words = _tokens(rest)
        if box and name == "solve":
            right = box_answer(words[-1]) if len(words) > 1 else None
            if right is not None:
                if any(box_answer(w) is not None for w in words[:-1]):
                    raise CommandError(
                        _("give the box's word once, after the code: solve {code} yes").format(
                            code=EXAMPLE_CODE
                        )
                    )
                return Command(name, code=_code(" ".join(words[:-1])), value=right)
            if len(words) > 1 and not words[-1].isdigit():
                raise CommandError(
                    _(
                        "{word!r} is not the box's word on a code: solve {code} yes if it is "
                        "right, solve {code} no if not"
                    ).format(word=words[-1], code=" ".join(words[:-1]))
                )
        if not box and len(words) > 1 and box_answer(words[-1]) is not None:
            try:
                Code.parse(" ".join(words[:-1]))
            except CodeError:
                pass  # no code before the word: said of the whole as a code
            else:
                raise CommandError(_(_ANSWERED_BY_THEMSELVES))
        return Command(name, code=_code(rest))
    if name == "test":
        tokens = _tokens(rest)
        if box:
            tokens = [part for token in tokens for part in _answer_pairs(token)]
        digits = ""
        while tokens and tokens[0].isdigit() and len(digits) < 3:
            digits += tokens.pop(0)
        letters: list[int] = []
        answers: list[bool | None] = []
        for token in tokens:
            if not box and (
                (letters and box_answer(token) is not None)
                or (
                    len(token) > 1
                    and token[-1] in "+-"
                    and all(ch.upper() in LETTERS[:verifiers] for ch in token[:-1])
                )
            ):
                # only what reads as a box's answer (test A yes, test A+); a word that names
                # no verifier of the puzzle (test X, test 111 n) is a slip of a letter
                raise CommandError(_(_ANSWERED_BY_THEMSELVES))
            if box:
                answer = box_answer(token)
                if answer is not None:
                    if not letters or answers[-1] is not None:
                        raise CommandError(
                            _(
                                "{token!r} answers no verifier: an answer follows its letter "
                                "(test A yes B no, or test A+ B-)"
                            ).format(token=token)
                        )
                    answers[-1] = answer
                    continue
                if len(token) > 1 and token[:-1].isalpha():
                    answer = box_answer(token[-1])
                    named = all(ch.upper() in LETTERS[:verifiers] for ch in token[:-1])
                    if answer is not None and len(token) > 2 and named:
                        raise CommandError(
                            _(
                                "{token!r}: an answer goes with one letter "
                                "({first}{sign} {second}{sign})"
                            ).format(
                                token=token,
                                first=token[0].upper(),
                                second=token[1].upper(),
                                sign=token[-1],
                            )
                        )
                    if answer is not None:  # A+, A-, A✓, A✗
                        letters.append(_letter(token[:-1], verifiers))
                        answers.append(answer)
                        continue
                    if named and len(token) == 2 and not token[-1].isalpha():
                        raise _answer_slip(token, token[0].upper())
            if (
                box
                and letters
                and answers[-1] is None
                and not all(ch.upper() in LETTERS[:verifiers] for ch in token.rstrip("+-"))
            ):
                # a word after a letter that names no verifiers: a slip in the answer
                raise _answer_slip(token, LETTERS[letters[-1]])
            if not token.isalpha():
                raise CommandError(
                    _("{token} is not a verifier letter (usage: {usage})").format(
                        token=typed_quoted(token, LETTERS[:verifiers]), usage=usage
                    )
                )
            for ch in token:
                letters.append(_letter(ch, verifiers, token))
                answers.append(None)
        if not letters:
            raise CommandError(_("name the verifiers to test (usage: {usage})").format(usage=usage))
        twice = sorted({LETTERS[v] for v in letters if letters.count(v) > 1})
        if twice:
            raise CommandError(
                ngettext(
                    "verifier {letters} named twice: a round tests different verifiers",
                    "verifiers {letters} named twice: a round tests different verifiers",
                    len(twice),
                ).format(letters=", ".join(twice))
            )
        return Command(
            name,
            code=_code(digits) if digits else None,
            verifiers=tuple(letters),
            answers=tuple(answers) if box else (),
        )
    if name in ("done", "pass", "quit", "giveup", "rules"):
        if rest:
            raise CommandError(
                _("{word} takes nothing after it (usage: {usage})").format(word=head, usage=usage)
            )
        return Command(name)
    if name == "show":
        if rest.lower() not in ("", "cards", "card", "criteria", "karten", "karte", "kriterien"):
            raise CommandError(
                _("{word} takes cards or nothing, not {arg!r} (usage: {usage})").format(
                    word=head, arg=rest, usage=usage
                )
            )
        return Command(name, arg="cards" if rest else None)
    if name == "note":
        letter, _sep, text = rest.partition(" ")
        if not letter:
            raise CommandError(
                _("{word} needs a verifier letter, then the note (usage: {usage})").format(
                    word=head, usage=usage
                )
            )
        return Command(name, verifiers=(_letter(letter.rstrip(":"), verifiers),), text=text.strip())
    if name in ("strike", "unstrike"):
        return Command(name, strikes=_parse_strikes(rest, verifiers, usage))
    if name == "mark":
        marks, value = _parse_marks(rest, usage)
        return Command(name, marks=marks, value=value)
    if name == "hint":
        if rest.lower() in ("", "now", "jetzt"):
            return Command(name)
        if rest.lower() in ("best", "next", "beste", "bester", "nächster", "naechster"):
            return Command(name, arg="best")
        raise CommandError(
            _("{word} takes best or nothing, not {arg!r} (usage: {usage})").format(
                word=head, arg=rest, usage=usage
            )
        )
    if name == "help":
        topic = rest.lower() or None
        if topic is not None and tuple(topic.split()) in _GIVE_UP_WORDS:
            topic = "giveup"  # a command of two words: give up, gib auf
        known = topic is None or command_name(topic) is not None
        if not known and not (box and topic in BOX_ALIASES):
            raise CommandError(_("no command {word!r} (type help for the list)").format(word=rest))
        return Command(name, arg=topic)
    # save
    return Command(name, arg=file_name(rest) or None)


def _parse_strikes(
    rest: str, verifiers: int, usage: str
) -> tuple[tuple[int | None, int | None, int], ...]:
    out: list[tuple[int | None, int | None, int]] = []
    current: int | None = None
    for token in _tokens(rest):
        if m := re.fullmatch(r"([A-Za-z])", token):
            current = _letter(m.group(1), verifiers)
        elif m := re.fullmatch(r"([A-Za-z])\.?(\d+)", token):
            current = _letter(m.group(1), verifiers)
            out.append((current, None, int(m.group(2))))
        elif m := re.fullmatch(r"(\d+)\.(\d+)", token):
            out.append((None, int(m.group(1)), int(m.group(2))))
        elif token.isdigit() and current is not None:
            out.append((current, None, int(token)))
        else:
            raise CommandError(
                _("cannot read {token} (usage: {usage})").format(
                    token=typed_quoted(token, LETTERS[:verifiers] + "0123456789"), usage=usage
                )
            )
    if not out:
        raise CommandError(_("name a criterion (usage: {usage})").format(usage=usage))
    return tuple(out)


def _parse_marks(rest: str, usage: str) -> tuple[tuple[tuple[str, int], ...], bool | None]:
    tokens = _tokens(rest)
    if len(tokens) < 2:
        raise CommandError(
            _("a mark names a shape, its digits, then yes, no or clear (usage: {usage})").format(
                usage=usage
            )
        )
    last = tokens[-1].lower()
    if last in _YES:
        value: bool | None = True
    elif last in _NO:
        value = False
    elif last in _CLEAR:
        value = None
    elif last.isdigit():  # the answer was left out: "mark b 3"
        raise CommandError(
            _(
                "a mark ends with yes, no or clear after its digits (mark {shape} {digits} no)"
            ).format(shape=tokens[0], digits=" ".join(tokens[1:]))
        )
    else:
        raise CommandError(
            _("end a mark with yes, no or clear, not {word!r}").format(word=tokens[-1])
        )
    marks: list[tuple[str, int]] = []
    shape: str | None = None
    for token in tokens[:-1]:
        low = token.lower()
        found = _shape(low)
        if found is not None:
            shape = found
            continue
        m = re.fullmatch(r"([a-z]+|[▲■●^#@])([1-5]+)", low)
        if m and _shape(m.group(1)) is not None:
            shape = _shape(m.group(1))
            assert shape is not None
            marks.extend((shape, int(d)) for d in m.group(2))
        elif re.fullmatch(r"[1-5]+", low) and shape is not None:
            marks.extend((shape, int(d)) for d in low)
        elif shape is None:
            letters = list(_SHAPE_LETTERS[current_language()])
            if any(lookalike(ch) in letters for ch in token):
                raise CommandError(
                    _("{token} is no shape: name one of {a}, {b} or {c} (usage: {usage})").format(
                        token=typed_quoted(token, "".join(letters)),
                        a=letters[0],
                        b=letters[1],
                        c=letters[2],
                        usage=usage,
                    )
                )
            raise CommandError(
                _("name a shape first: {a}, {b} or {c} (usage: {usage})").format(
                    a=letters[0], b=letters[1], c=letters[2], usage=usage
                )
            )
        else:
            raise CommandError(
                _("{token} is not a digit 1–5 (usage: {usage})").format(
                    token=typed_quoted(token, "12345"), usage=usage
                )
            )
    if not marks:
        raise CommandError(_("name the digits to mark (usage: {usage})").format(usage=usage))
    return tuple(marks), value


def _steps(cmd: Command) -> int:
    """How many things one command asks for: a test composes its code and tests each
    verifier named, a strike or a mark takes each of its items, a correction each answer
    it changes."""
    if cmd.name == "correct":
        return len(cmd.amends)
    if cmd.name == "test":
        return (cmd.code is not None) + len(cmd.verifiers)
    if cmd.name in ("strike", "unstrike"):
        return len(cmd.strikes)
    if cmd.name == "mark":
        return len(cmd.marks)
    return 1


def split_line(line: str) -> list[str]:
    """The commands of one input line (separated by ';'); comments and blanks dropped. A
    tab is a space between words. A note is free text: after its letter and a space, it
    takes the rest of its line, ';' included, so that ``note A y<4; maybe 3`` notes
    ``y<4; maybe 3`` and ``note A ;p`` notes ``;p``. Only a ';' right after the letter
    (``note A;``) clears the note and is followed by the line's next command.

    >>> split_line("c 241; t a; note A y<4; maybe 3"), split_line("note A; t b")
    (['c 241', 't a', 'note A y<4; maybe 3'], ['note A', 't b'])
    >>> split_line("note B ;p"), split_line("t a; note B ; pass")
    (['note B ;p'], ['t a', 'note B ; pass'])
    """
    text = line.replace("\t", " ").strip()
    if not text or text.startswith("#"):
        return []
    parts: list[str] = []
    rest = text
    while rest:
        part, separator, rest = rest.partition(";")
        if _writes_note(part, separator):
            part, rest = part + separator + rest, ""
        if part.strip():
            parts.append(part.strip())
    return parts


def _writes_note(part: str, separator: str = "") -> bool:
    """Whether the command ``part``, followed by ``separator``, writes a note: ``note A
    text``, or ``note A `` with a space before the ';' that starts its text (``note A``
    right before a ';' clears it)."""
    words = part.split()
    if not words or command_name(as_typed(words[0])) != "note":
        return False
    return len(words) > 2 or (len(words) == 2 and bool(separator) and part != part.rstrip())


#: What the strike commands do where a criterion is named only by its card (extreme and
#: nightmare mode).
BY_CARD_WHAT: Final[dict[str, str]] = {
    "strike": N_("strike criterion K of card CARD on the table"),
}


#: How a test and a solution are typed in a game beside the box (their answers given).
BOX_USAGE: Final[dict[str, str]] = {
    "test": N_("test [CODE] V ANSWER [V ANSWER [V ANSWER]]"),
    "solve": N_("solve CODE [yes|no]"),
}
BOX_WHAT: Final[dict[str, str]] = {
    "giveup": N_(
        "leave the running (solo: the game ends, and the end says which codes the cards "
        "and your answers leave: the solution is the box's)"
    ),
    "test": N_(
        "test the round's code against verifiers, each with the answer the box's verifier "
        "shows: yes or no, or glued to the letter, + or - (test A yes B no, test {e} A+ C-); "
        "at a terminal, an answer left out is asked"
    ),
    "solve": N_(
        "submit a code as the solution with the box's word on it, yes if it is right, no if "
        "not (wrong eliminates you); at a terminal, asked when left out"
    ),
}


def box_note(written: Callable[[str], str] = _as_is) -> str:
    """The line under the list of commands in a game beside the box."""
    return "  " + written(
        _("Beside the box: test A yes B no (or A+ B-); solve {e} yes; correct 2 A no.")
    ).format(e=_E)


def help_text(
    topic: str | None,
    written: Callable[[str], str] = _as_is,
    by_card: bool = False,
    box: bool = False,
    verifiers: int = MAX_VERIFIERS,
    hints: bool = True,
) -> str:
    """The help of one command, or the list of all (``written``: as for :func:`command_rows`;
    ``by_card``: as for :func:`parse_command`, the strike commands' one form; ``box``: a
    game beside the box, its tests and solutions with their answers; ``verifiers``: as for
    :func:`list_notes`; ``hints`` false: a game without hints, hint marked off)."""
    if topic is None:
        listed = commands_list(written, verifiers, by_card, hints)
        return f"{listed}\n{box_note(written)}" if box else listed
    if box and topic.lower() in BOX_ALIASES:
        return f"{_(CORRECT_USAGE)}: {_(CORRECT_WHAT)}"
    name = command_name(topic)
    if name is None:
        raise CommandError(_("no command {word!r} (type help for the list)").format(word=topic))
    usage, what = COMMANDS[name]
    if by_card:
        usage, what = BY_CARD_USAGE.get(name, usage), BY_CARD_WHAT.get(name, what)
    if box:
        usage, what = BOX_USAGE.get(name, usage), BOX_WHAT.get(name, what)
    shown = _hints_off(name, f"{_(usage)}: {_(what).format(e=_E, spaced=_E_SPACED)}", hints)
    detail = COMMAND_DETAILS.get(name)
    return shown if detail is None else f"{shown}\n{_(detail).format(limit=MAX_NOTE)}"


#: What ``help COMMAND`` adds to a command's line of the list: the rule behind it.
COMMAND_DETAILS: Final[dict[str, str]] = {
    "test": N_(
        "A round has one code, tested against up to three different verifiers, one after "
        "the other (each chosen after the answers before it); a verifier named twice in a "
        "round, or a fourth, is refused. ✔: the code meets the verifier's hidden criterion; "
        "✘: it does not. Every verifier asked is one test, counted over the whole game."
    ),
    "hint": N_(
        "A hint tells what the cards and your answers so far leave: the codes, and each "
        "verifier's criteria. Hints are counted: the result lists each player's hints beside "
        "their tests."
    ),
    "note": N_(
        "A note is free text of at most {limit} characters, shown on every screen. After "
        "its letter and a space it takes the rest of its line, ';' included (note A y<4; "
        "maybe 3 notes 'y<4; maybe 3', note A ;p notes ';p'): put a note last on a line. "
        "note A alone clears it; so does note A; with the ';' right after the letter, and "
        "the line's next command follows (note A; test B)."
    ),
    "solve": N_(
        "One attempt each: a right code wins (several right in the same round: the fewest "
        "tests win, equally few share the win); a wrong one puts you out of the game. The "
        "players decide in turn, unseen by the others, and the round is then revealed."
    ),
}


# -- seats ----------------------------------------------------------------------------------


@dataclass
class Seat:
    name: str
    bot_kind: str | None = None
    # drawn from the session's seed: hidden, as it is
    rng: random.Random | None = field(default=None, repr=False)
    bot: Bot | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def _is_bot_named(part: str) -> bool:
    """Whether ``part`` names a bot with its number (bot:greedy-2), as a game names it."""
    try:
        return bot_name(part) != f"bot:{bot_kind(part)}"
    except BotError:
        return False


def _no_empty_name(raw: list[str]) -> None:
    """Refuse a list of names (split at the commas) that holds an empty one, naming where:
    none given at all, or the empty one by the name before it (the first: after it)."""
    if not any(raw):
        raise SessionError(
            _("no player named: give names separated by commas, like alice,bob,bot:greedy")
        )
    for index, part in enumerate(raw):
        if part:
            continue
        before = next((p for p in reversed(raw[:index]) if p), None)
        if before is not None:
            message = _(
                "an empty name after {name!r}: give names separated by commas, "
                "like alice,bob,bot:greedy"
            ).format(name=before)
        else:
            message = _(
                "an empty name before {name!r}: give names separated by commas, "
                "like alice,bob,bot:greedy"
            ).format(name=next(p for p in raw if p))
        raise SessionError(message)


def parse_players(text: str | None) -> list[tuple[str, str | None]]:
    """``alice,bob,bot:greedy`` → [(name, bot kind or None)]; bot names made unique."""
    if text is None:
        return [(_(DEFAULT_PLAYER), None)]
    raw = [part.strip() for part in text.split(",")]
    _no_empty_name(raw)
    out: list[tuple[str, str | None]] = []
    taken: set[str] = set()
    # names written in full further on (bot:greedy-2), which a bot named here does not take
    later_named = {bot_name(part) for part in raw if is_bot(part) and _is_bot_named(part)}
    for part in raw:
        if is_bot(part):
            try:
                kind, named = bot_kind(part), bot_name(part)
            except BotError as exc:
                raise SessionError(str(exc)) from None
            if named != f"bot:{kind}":  # bot:greedy-2, as a game names a second one
                if named in taken:
                    raise SessionError(_("two players are called {name!r}").format(name=named))
                out.append((named, kind))
            else:
                name, n = named, 2
                while name in taken or name in later_named:
                    name, n = f"{named}-{n}", n + 1
                out.append((name, kind))
        else:
            problem = name_problem(part, [name for name, _kind in out])
            if problem is not None:
                raise SessionError(problem)
            out.append((part, None))
        taken.add(out[-1][0])
    if len(out) > 6:
        raise SessionError(_("a game has 1–6 players, not {n}").format(n=len(out)))
    return out


def bot_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"turing-play:{seed}:{seat}")


# -- choosing a puzzle ----------------------------------------------------------------------


def needs_a_test(puzzle: Puzzle, cardset: CardSet) -> bool:
    """False when the cards alone give the code (nothing is left to find by testing)."""
    return len(deduce(puzzle.public(), cardset).codes) > 1


def random_puzzle(
    mode: str,
    difficulty: str | None,
    counts: Sequence[int],
    seed: int,
    cardset: CardSet,
    min_tests: int = 1,
    attempts: int = 500,
) -> Puzzle:
    """A generated puzzle that needs at least ``min_tests`` tests (proven).

    Its verifier count is drawn from those of ``counts`` the card set can make
    (:func:`~turing.generation.generator.makeable_counts`, which raises when it makes none).
    The first candidate is the one ``seed`` gives; a candidate that needs fewer tests is
    skipped for the next seed drawn from it, so the same arguments give the same puzzle.
    """
    counts = makeable_counts(cardset, mode, difficulty, counts)  # what the set can make
    draw = random.Random(f"turing-play-random:{seed}")
    for attempt in range(attempts):
        current = seed if attempt == 0 else draw.randrange(2**31)
        verifiers = random.Random(current).choice(counts)
        puzzle = generate_one(
            mode=mode, verifiers=verifiers, difficulty=difficulty, seed=current, cardset=cardset
        )
        if min_tests <= 0:
            return puzzle
        if not needs_a_test(puzzle, cardset):
            continue
        if min_tests == 1:
            return puzzle
        lower, _upper = fewest_tests_bounds(puzzle, cardset)
        if lower >= min_tests:
            return puzzle
    raise SessionError(
        _("no generated puzzle needing at least {n} tests was found in {tries} tries").format(
            n=min_tests, tries=attempts
        )
    )


#: the neutral names a puzzle is given in play (kept so in saves and transcripts), and the
#: words they are shown in
_NEUTRAL_LABELS: Final = {
    "random puzzle": N_("random puzzle"),
    "sample puzzle": N_("sample puzzle"),
    "shipped puzzle": N_("shipped puzzle"),
    "shared puzzle": N_("shared puzzle"),
    "bank puzzle": N_("bank puzzle"),
    "puzzle on the box": N_("puzzle on the box"),
}
_BANK_ROW: Final = re.compile(r"bank row (\d+)")
#: the neutral name of a puzzle read from a file whose id is missing or computed
_FILE_PUZZLE: Final = re.compile(r"puzzle of (.+)", re.DOTALL)


def file_label(name: str) -> str:
    """The neutral name of a puzzle of the file ``name`` that gives no id of its own
    (kept in English in saves; :func:`shown_label` gives it in the language in use)."""
    return f"puzzle of {name}"


def shown_label(puzzle: Puzzle) -> str:
    """The name a screen gives the puzzle in play: its id, a neutral name of
    :func:`neutral_label` in the language in use (``random puzzle`` is „Zufallsrätsel“ in
    German; saves keep the English), or the word for a puzzle without either."""
    label = puzzle.id
    if label is None:
        return _("puzzle")
    if label in _NEUTRAL_LABELS:
        return _(_NEUTRAL_LABELS[label])
    found = _BANK_ROW.fullmatch(label)
    if found is not None:
        return _("bank row {n}").format(n=found.group(1))
    found = _FILE_PUZZLE.fullmatch(label)
    if found is not None:
        return _("puzzle of {file}").format(file=shown_name(found.group(1)))
    return label


def neutral_label(puzzle: Puzzle, fallback: str) -> str:
    """What the screen calls a puzzle during play: its id as its author wrote it, unless
    that id is computed from the puzzle (it would let a player find the hidden criteria
    by trying each reading), else ``fallback``."""
    if puzzle.id is not None and not puzzle.id_is_derived():
        return puzzle.id
    return fallback


# -- outcomes: what a view draws ------------------------------------------------------------


@dataclass(frozen=True)
class Composed:
    code: Code


@dataclass(frozen=True)
class Tested:
    code: Code
    verifier: int
    result: bool
    left: int


@dataclass(frozen=True)
class TestsEnded:
    pass


@dataclass(frozen=True)
class Decided:
    player: str
    kind: Literal["solve", "pass", "giveup"]
    code: Code | None
    solo: bool
    #: whether another person was still in the game when the decision was taken (one
    #: who must not see it); the decision may have ended the round and put them out
    others: bool = False


@dataclass(frozen=True)
class Corrected:
    """Beside the box: a typed answer corrected (:class:`~turing.play.game.Amend`)."""

    round: int
    code: str
    verifier: int
    result: bool


@dataclass(frozen=True)
class NoteSet:
    verifier: int
    text: str


@dataclass(frozen=True)
class Struck:
    labels: tuple[str, ...]
    struck: bool
    unchanged: tuple[str, ...] = ()  # struck (or not struck) already


@dataclass(frozen=True)
class Marked:
    marks: tuple[tuple[str, int], ...]
    value: bool | None


@dataclass(frozen=True)
class HintShown:
    hint: Hint
    used: int

    @property
    def again(self) -> bool:
        """Given before with nothing played since: not counted again."""
        return self.hint.again


@dataclass(frozen=True)
class BestTest:
    """The optimal next move: compose ``code`` (when ``compose``) and test ``verifier``;
    None for both: stop testing (``solution`` when the code is known). Not ``proven``:
    the exact search passed its work limit, and the move is ``bot:greedy``'s (the one
    ``bot:optimal`` makes there). Not ``rounds_proven``: the move keeps the fewest tests,
    but the rounds search passed its limit, so its rounds are not proven the fewest.
    ``compose``: the move's code is not the one composed (none is, or it is not tested
    yet and may still be changed). ``tests_over``: no test is left this round (after
    ``done`` or the round's last test): solve ``solution``, or pass where it is None."""

    code: str | None
    verifier: int | None
    compose: bool
    solution: str | None
    used: int
    proven: bool = True
    rounds_proven: bool = True
    tests_over: bool = False
    #: given before with nothing played since: not counted again
    again: bool = False


@dataclass(frozen=True)
class ShowScreen:
    cards: bool


@dataclass(frozen=True)
class HelpShown:
    text: str
    #: the whole list of commands (``help`` alone), which a view may lay out as a table
    commands: bool = False


@dataclass(frozen=True)
class RulesShown:
    """The criteria game's part of the rules page, as Markdown, in the language in use."""

    text: str


@dataclass(frozen=True)
class Saved:
    path: Path


@dataclass(frozen=True)
class LeaveAsked:
    pass


Outcome = (
    Composed
    | Corrected
    | Tested
    | TestsEnded
    | Decided
    | NoteSet
    | Struck
    | Marked
    | HintShown
    | BestTest
    | ShowScreen
    | HelpShown
    | RulesShown
    | Saved
    | LeaveAsked
)


@dataclass(frozen=True)
class Plan:
    """A typed line, parsed and checked in full: running it cannot be refused halfway."""

    player: str
    commands: tuple[Command, ...]

    @property
    def submits(self) -> Code | None:
        """The code this line submits as the solution, if it does."""
        for cmd in self.commands:
            if cmd.name == "solve":
                return cmd.code
        return None

    @property
    def gives_up(self) -> bool:
        return any(cmd.name == "giveup" for cmd in self.commands)

    @property
    def asks_best_hint(self) -> bool:
        return any(cmd.name == "hint" and cmd.arg == "best" for cmd in self.commands)

    def runs_after_best_hint(self, index: int) -> bool:
        """Whether commands follow the ``index``-th ``hint best`` of this line (from 0):
        what stopping the line at that hint leaves not run."""
        hints = [
            i for i, cmd in enumerate(self.commands) if cmd.name == "hint" and cmd.arg == "best"
        ]
        if index >= len(hints):
            return False
        return hints[index] < len(self.commands) - 1


@dataclass(frozen=True)
class RevealEntry:
    player: str
    kind: Literal["solve", "pass", "giveup"]
    #: the code submitted; None for pass and give up, and for a wrong code while other
    #: seats still play
    code: str | None
    correct: bool | None
    eliminated: bool
    #: the player's tests of the round, told with the decisions (None where they were
    #: never kept: one seat alone, or no person in the round)
    tests: int | None = None


@dataclass(frozen=True)
class Reveal:
    """The decisions of one round, shown once every player has decided."""

    round: int
    entries: tuple[RevealEntry, ...]
    over: bool


@dataclass(frozen=True)
class Dispute:
    """Beside the box, the box's words on one round's solutions disagree (the box takes
    one code only): the ``players``, everyone still in the game, decide again; who said
    what is not told (it would tell the others a code the box called right)."""

    round: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class BotTurn:
    player: str
    round: int
    tests: tuple[TestRecord, ...]


@dataclass(frozen=True)
class SeatStatus:
    name: str
    is_bot: bool
    tests: int
    status: str  # "in", "eliminated in round N", "gave up in round N", "decided"


@dataclass(frozen=True)
class Recap:
    round: int
    seats: tuple[SeatStatus, ...]
    turn: str | None
    last_reveal: Reveal | None
    #: whether the seats' tests are those before the round in play (its tests wait for
    #: its reveal: :meth:`Session.tests_shown`)
    tests_before_round: bool = False


@dataclass(frozen=True)
class Standing:
    """One player's line in the after-game table."""

    player: str
    result: str  # won, eliminated in round N, gave up in round N, right but more tests, —
    tests: int
    versus_fewest: str | None  # tests beside the fewest possible; None: no comparison made
    hints: int


def versus_fewest(difference: int) -> str:
    """A player's tests beside the fewest that guarantee the code, in words: ``2 more``,
    ``as many``, or ``1 fewer`` (a lucky solve: the fewest *guarantee* the code, a guess
    may find it sooner)."""
    if difference > 0:
        return _("{n} more").format(n=difference)
    if difference < 0:
        return _("{n} fewer").format(n=-difference)
    return _("as many")


@dataclass(frozen=True)
class FewestTests:
    """The fewest tests that guarantee the code, for comparing players after a game."""

    lower: int
    upper: int | None
    first_code: str | None  # the optimal first round: a code and its adaptive tests
    first_verifiers: tuple[int, ...]
    first_plan: RoundStep | None = None  # which answer leads to which test (None: one test)
    #: whether the first round keeps rounds proven the fewest (False: it keeps the fewest
    #: tests, the rounds search having passed its limit, as ``hint best`` says then)
    rounds_proven: bool = True

    @property
    def exact(self) -> bool:
        return self.upper == self.lower


def fewest_tests_bounds(
    puzzle: Puzzle, cardset: CardSet, max_work: int = COMPARE_WORK
) -> tuple[int, int | None]:
    return fewest_tests(puzzle, cardset, max_work, first_round=False)[:2]


def fewest_tests(
    puzzle: Puzzle, cardset: CardSet, max_work: int = COMPARE_WORK, first_round: bool = True
) -> tuple[int, int | None, str | None, tuple[int, ...]]:
    """``(lower, upper, first code, first verifiers)`` from the cards alone; lower ==
    upper when exact within ``max_work`` (and :data:`COMPARE_SECONDS`); the first round
    only when found in time. Past the limits, the bounds ``turing analyze`` gives there:
    what the search proved, and the best strategy found (the greedy ones at least)."""
    found = fewest_tests_planned(puzzle, cardset, max_work, first_round)
    return found.lower, found.upper, found.first_code, found.first_verifiers


def fewest_tests_planned(
    puzzle: Puzzle, cardset: CardSet, max_work: int = COMPARE_WORK, first_round: bool = True
) -> FewestTests:
    """:func:`fewest_tests` with the first round's adaptive tests. The first round is the
    one the policy plays (``hint best``, ``bot:optimal``): past the rounds search's limit,
    one that keeps the fewest tests, marked so; it is not found only past
    :data:`COMPARE_SECONDS`."""
    hypotheses = deduce(puzzle.public(), cardset).hypotheses
    if not hypotheses:
        return FewestTests(0, 0, None, ())
    codes = len({h.code for h in hypotheses})
    if codes <= 1:
        return FewestTests(0, 0, None, ())
    try:
        search = Search(hypotheses, max_work=max_work)
    except AnalysisTooLarge:
        return FewestTests((codes - 1).bit_length(), None, None, ())
    search.deadline = search.clock() + COMPARE_SECONDS
    lower, upper = search.bounded_min_tests(search.full, max_work)
    if lower != upper:
        return FewestTests(lower, upper, None, ())
    exact = lower
    if not first_round:
        return FewestTests(exact, exact, None, ())
    try:
        found = policy_first_round(search, search.full)
    except AnalysisTooLarge:  # its time allowance
        return FewestTests(exact, exact, None, ())
    if found is None:
        return FewestTests(exact, exact, None, ())
    code, plan, proven = found
    text = str(Code.from_index(code))
    return FewestTests(exact, exact, text, tuple(plan.verifiers()), plan, proven)


# -- transcript -----------------------------------------------------------------------------


#: The events private to one seat while the game goes on: its tests and their answers (each
#: player's tests are their own; decisions are public from the round's reveal, which is
#: when the game writes them; everything is public once the game is over).
PRIVATE_EVENTS: Final = frozenset({"test", "amended"})


def _held_in_part(event: dict[str, Any]) -> dict[str, Any]:
    """``event`` as a transcript shows it while other seats play on: a wrong solve without
    its code (that it is wrong would tell them a code the solution is not)."""
    if event["event"] == "solve" and not event.get("correct"):
        return {key: value for key, value in event.items() if key != "code"}
    if event["event"] == "disputed":  # that all decide again, not what anyone said
        return {key: value for key, value in event.items() if key != "words"}
    return event


def _earlier_end(found: dict[str, Any], ours: dict[str, Any]) -> bool:
    """Whether ``found`` is this game's ``end`` event (``ours``) as a transcript written
    before the end named the verifiers' criteria, or the puzzle's id and each player's
    hints, holds it: the same game's end all the same."""
    return (
        found.get("event") == ours["event"] == "end"
        and set(ours) - set(found) <= _LATER_END_KEYS
        and all(key in ours and ours[key] == value for key, value in found.items())
    )


#: what an ``end`` event has held since it was first written: the verifiers' criteria, then
#: the puzzle's id and each player's hints (2026-12-07)
_LATER_END_KEYS: Final = frozenset({"criteria", "id", "hints"})


class Transcript:
    """JSON Lines, one event per line, flushed as each event is written.

    With ``hold_private`` (a game of more than one seat, where a file beside the game must
    not show one seat's tests to the others) an event private to one seat
    (:data:`PRIVATE_EVENTS`) is held back, and public ones are written as they happen; once
    everything is public (:meth:`follow` with ``public``) the file is written again whole,
    atomically, every event in the order it happened, so a kill loses at most what was
    held back. A device or a FIFO, which cannot be written again, gets the held-back
    events then, in the order they happened."""

    def __init__(
        self, path: Path, events: Sequence[dict[str, Any]], hold_private: bool = False
    ) -> None:
        self.path = path
        self.hold_private = hold_private
        self._held: list[int] = []  # the indices of the events held back
        self._redacted = False  # whether an event was written in part (a wrong code)
        #: the events written that are not the game's (:meth:`add`), each with the number of
        #: the game's events before it, so that writing the file again whole keeps them
        self._added: list[tuple[int, dict[str, Any]]] = []
        shown = [event for index, event in enumerate(events) if self._shown(index, event)]
        write_text(path, "".join(self._line(e) for e in shown))
        self.written = len(events)
        self._handle: TextIO | None = path.open("a", encoding="utf-8", newline="\n")
        self._file = _file_key(self._handle)
        #: the game's first event, which a transcript of this game starts with
        self._start = json.loads(json_line(events[0])) if events else None

    def _shown(self, index: int, event: dict[str, Any]) -> bool:
        """Whether ``event`` is written now; else it is held back."""
        if self.hold_private and event["event"] in PRIVATE_EVENTS:
            self._held.append(index)
            return False
        return True

    def _line(self, event: dict[str, Any]) -> str:
        """``event`` as written now: while other seats play on, a wrong solve without its
        code (that it is wrong would tell them a code the solution is not), as the reveal
        shows it; the file written again whole at the end has it in full."""
        if self.hold_private:
            shown = _held_in_part(event)
            if shown != event:
                self._redacted = True
                return _event_line(shown)
        return _event_line(event)

    @property
    def holds(self) -> bool:
        """Whether events are held back (private ones not yet public)."""
        return bool(self._held)

    def follow(self, events: Sequence[dict[str, Any]], public: bool = False) -> None:
        """Write the events that happened since the last call; with ``public`` (the game
        is over, everything in it public) the ones held back too."""
        if self._handle is None:
            return
        new = [
            index for index in range(self.written, len(events)) if self._shown(index, events[index])
        ]
        self.written = len(events)
        if public and (self._held or self._redacted):
            new = sorted([*self._held, *new])
            self._held = []
            self._redacted = False  # written whole once: nothing is held or in part after
            self.hold_private = False
            if write_target(self.path).atomic and self.replaced() is None:
                self._handle.close()
                self._handle = None
                write_text(self.path, "".join(map(_event_line, self._whole(events))))
                self._handle = self.path.open("a", encoding="utf-8", newline="\n")
                self._file = _file_key(self._handle)
                return
        for index in new:
            self._handle.write(self._line(events[index]))
            self._handle.flush()

    def _whole(self, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Every event in the order it was written: the game's ``events``, and those
        :meth:`add` wrote among them."""
        whole: list[dict[str, Any]] = []
        added = iter(self._added)
        pending = next(added, None)
        for index, event in enumerate(events):
            while pending is not None and pending[0] <= index:
                whole.append(pending[1])
                pending = next(added, None)
            whole.append(event)
        while pending is not None:
            whole.append(pending[1])
            pending = next(added, None)
        return whole

    def add(self, event: dict[str, Any]) -> None:
        """Write ``event``, one that is not the game's (it is not in its events), after
        those written so far; the file written again whole keeps it there."""
        if self._handle is not None:
            self._added.append((self.written, event))
            self._handle.write(_event_line(event))
            self._handle.flush()

    def replaced(self) -> str | None:
        """Why the file at :attr:`path` is no longer the one this transcript writes to
        (another sitting of the game resumed from the same save wrote it again, or it was
        moved or deleted), so that what is written here is not in it; None while it is.
        What is there is left as it is: the end of this game as another sitting ended it
        is kept, and so is anything else."""
        if self._handle is None or self._file is None:
            return None
        try:
            info = os.stat(self.path)
        except OSError:
            return _("it is no longer there")
        if (info.st_dev, info.st_ino) == self._file:
            return None
        found = _transcript_events(self.path)
        if found and found[0] == self._start and any(event["event"] == "end" for event in found):
            return _("it holds this game's end (it ended in another sitting)")
        return _("it was written again meanwhile")

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _file_key(handle: TextIO) -> tuple[int, int] | None:
    """The device and inode of the regular file ``handle`` writes; None for a device or a
    FIFO, which nothing writes again in its place."""
    info = os.fstat(handle.fileno())
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def _decision(decision: Decision) -> dict[str, Any]:
    """A decision as the ``abandoned`` event lists it (a code submitted, never whether it
    is right: the puzzle may be played again)."""
    if isinstance(decision, Solve):
        return {"decision": "solve", "code": str(decision.code)}
    if isinstance(decision, GiveUp):
        return {"decision": "giveup"}
    return {"decision": "pass"}


def _event_line(event: dict[str, Any]) -> str:
    return json_line(event) + "\n"


def _transcript_events(path: str | os.PathLike[str]) -> list[dict[str, Any]] | None:
    """The events of the transcript of a game at ``path``
    (:func:`turing.core.saves.transcript_events`): a match's is none."""
    return transcript_events(path, lambda start: not is_mastermind_match(start))


def not_a_transcript(path: str | os.PathLike[str]) -> str | None:
    """Why a transcript of a game must not be written at ``path``
    (:func:`turing.core.saves.not_a_transcript`)."""
    return saves_not_a_transcript(path, lambda at: _transcript_events(at) is not None)


def other_transcript_in(
    path: str | os.PathLike[str], events: Sequence[dict[str, Any]], resumed: bool = False
) -> Path | None:
    """``path`` when it holds the transcript of another game than the one of ``events``,
    so that it is not written over unasked; else None: no file, or this game's transcript
    at an earlier point (each event in it is one of this game's, in the same order), or,
    for a ``resumed`` game, further on (this game's events the first of its: the save
    resumed again). A file that is no transcript is :func:`not_a_transcript`'s (None
    here)."""
    try:
        found = _transcript_events(path)
    except OSError:
        return None
    if not found:
        return None
    ours = [json.loads(json_line(event)) for event in events]

    def same(found: dict[str, Any], our: dict[str, Any]) -> bool:
        return (
            found in (our, _held_in_part(our))
            or _earlier_end(found, our)
            or _older_start(found, our)
        )

    return Path(path) if holds_other_transcript(found, ours, resumed, same) else None


def _older_start(found: dict[str, Any], our: dict[str, Any]) -> bool:
    """Whether ``found`` is this game's start (``our``) as a transcript written before
    starts recorded the digests of the cards on the table holds it: a game saved then is
    resumed into the same file."""
    if found.get("event") != "start" or "card_digests" in found:
        return False
    return found == {key: value for key, value in our.items() if key != "card_digests"}


def ended_transcript_in(path: str | os.PathLike[str], events: Sequence[dict[str, Any]]) -> bool:
    """Whether ``path`` holds this game's transcript (of ``events``) further on, up to the
    game's end: the transcript of a game that finished after the point a save of it was
    made. Such a file records the end, which a game resumed from before it must not
    rewrite; a game further on writes it again (:func:`other_transcript_in`)."""
    if any(event["event"] == "end" for event in events):
        return False
    try:
        found = _transcript_events(path)
    except OSError:
        return False
    if not found or not any(event["event"] == "end" for event in found):
        return False
    return other_transcript_in(path, events, resumed=True) is None


# -- the session ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    player: str
    round: int


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    # the puzzle of a random game is drawn from the seed (and the bots' moves): hidden
    seed: int = field(repr=False)
    save_path: Path | None = None
    transcript: Transcript | None = None
    #: files ``save`` must never write over, each with what it is (``PUZZLE_FILE``, a bank,
    #: …, as :func:`~turing.core.files.clashing_input` takes them); the card set and the
    #: transcript are known to the session itself
    kept_files: list[tuple[str, str]] = field(default_factory=list)
    #: the files this game was saved to (the one it was resumed from too), besides
    #: ``save_path``: each is brought to the final state when the game ends, so that none
    #: resumes a game that is over
    saved_files: list[Path] = field(default_factory=list)
    #: the game's family: every file known to hold a save of this game (absolute paths),
    #: those named in the save it was resumed from, that save, and each save written
    #: since. Every save records it, so that the game's end, in whichever sitting, brings
    #: each of them that still holds this game to the end (:meth:`_save_final`)
    family: list[Path] = field(default_factory=list)
    #: when the game has ended: each save file brought to the final state, with why it
    #: could not be (None: it was); a file of the family other than the one the players
    #: save to now (the ``save_path`` named for this sitting) is in :attr:`end_saves_missed`
    #: when it could not be
    end_saves: list[tuple[Path, str | None]] = field(default_factory=list)
    #: when the game has ended: the files of its family not brought to the end, each with
    #: why, in the words said after the result (:func:`~turing.core.saves.family_end_reason`:
    #: "it is no longer there", "it is a folder", …)
    end_saves_missed: list[tuple[Path, str]] = field(default_factory=list)
    #: when the game has ended: the save files it was not brought to because each holds
    #: another saved game (:meth:`other_game_in`); a view may ask, then :meth:`save` there
    end_saves_held: list[Path] = field(default_factory=list)
    #: when the game has ended: the save files it was not brought to because each holds
    #: this game's end as another sitting ended it, which no later end replaces
    end_saves_kept: list[Path] = field(default_factory=list)
    #: when the game has ended: the transcript file this sitting wrote to when what it
    #: played is not in it (another sitting of the game wrote that file meanwhile), with
    #: why (:meth:`Transcript.replaced`)
    transcript_missed: tuple[Path, str] | None = None
    #: a game resumed from a save of it from before its end, found in another file of its
    #: family (:func:`ended_elsewhere`): that file
    ended_in: Path | None = None
    #: the files (real paths) the players would not have a save of another game replaced
    #: in: the game saves there again only when a player saves there and says yes
    declined_saves: set[str] = field(default_factory=set)
    #: the players said, before the game, that its saves replace another game's save
    #: without asking (nothing asks a script, whose saves are otherwise refused there)
    replace_other_saves: bool = False
    #: the person whose turn was played at the keyboard last (the views set it when a
    #: person's turn starts; None before the first): :meth:`hands_over`
    at_keyboard: str | None = None
    #: the puzzle bank the puzzle was dealt from (a new game's): it is marked played there
    #: when the game is first saved, so that the bank does not deal it again while the game
    #: waits to be resumed, or else when the game ends (:meth:`mark_played`). Never written
    #: to a save: a resumed game has none, its puzzle was marked when the game was saved
    bank: str | None = None
    _bank_marked: bool = field(default=False, repr=False)
    _bank_problem: str | None = field(default=None, repr=False)  # not yet taken
    _bank_said: str | None = field(default=None, repr=False)  # the last one taken
    _ended: bool = field(default=False, repr=False)
    _left: bool = field(default=False, repr=False)  # left unfinished (:meth:`leave`)
    _saved: bool = field(default=False, repr=False)  # a save was written
    #: the file the game was last saved to (or resumed from): :meth:`last_saved`
    _last_saved: Path | None = field(default=None, repr=False)
    #: whether the game was saved in this sitting (else ``_last_saved`` is the file it was
    #: resumed from)
    _saved_here: bool = field(default=False, repr=False)
    _revealed: int = field(default=0, repr=False)  # events already revealed
    _revealed_round: int = field(default=1, repr=False)
    _last_reveal: Reveal | None = field(default=None, repr=False)
    _disputes_taken: int = field(default=0, repr=False)

    def __post_init__(self) -> None:
        # a resumed game tells again the disputes of the round it stands in
        self._disputes_taken = sum(1 for e in self._disputes() if e["round"] < self.game.round)
        self._revealed = self._reveal_start()
        self._revealed_round = self.game.round
        self._ended = self.game.is_terminal()

    def _reveal_start(self) -> int:
        """The first event of the current round's decisions (after the last reveal)."""
        events = self.game.events
        last = 0
        for i, event in enumerate(events):
            if event["event"] in ("solve", "pass", "giveup", "eliminated", "end"):
                last = i + 1
        return last

    @staticmethod
    def new(
        puzzle: Puzzle,
        cardset: CardSet,
        players: Sequence[tuple[str, str | None]],
        seed: int,
        hints: bool = True,
        label: str | None = None,
        box: bool = False,
    ) -> Session:
        if box and any(kind is not None for _name, kind in players):
            raise SessionError(
                _(
                    "a game beside the box is for people only: its answers are read off the "
                    "box, and a bot cannot read them"
                )
            )
        game = Game(
            puzzle, [name for name, _kind in players], cardset, hints=hints, label=label, box=box
        )
        seats = []
        for index, (name, kind) in enumerate(players):
            if kind is None:
                seats.append(Seat(name))
            else:
                rng = bot_rng(seed, index)
                seats.append(Seat(name, kind, rng, make_bot(kind, rng)))
        return Session(game=game, seats=seats, seed=seed)

    # -- who plays --

    @property
    def humans(self) -> list[str]:
        return [s.name for s in self.seats if not s.is_bot]

    @property
    def people_playing(self) -> list[str]:
        """The people (seats not played by a bot) still in the game, in seat order. Once
        there are none, nothing the bots do is hidden from anyone: their tests are shown."""
        return [name for name in self.humans if not self.game.is_eliminated(name)]

    def tests_shown(self, name: str) -> int:
        """``name``'s tests as the other seats see them (:meth:`Game.tests_known`: those
        of the round in play wait for its reveal). Once no person plays (only bots, or every
        person out), or in a game of one seat, nobody is left to keep them from: all of them."""
        if not self.tests_hidden:
            return self.game.tests_used(name)
        return self.game.tests_known(name)

    @property
    def tests_hidden(self) -> bool:
        """Whether the seats' tests of the round in play are kept until its reveal
        (:meth:`tests_shown`): while a person plays beside another seat."""
        return len(self.seats) > 1 and bool(self.people_playing)

    def others_playing(self, name: str) -> bool:
        """Whether a person other than ``name`` is still in the game: someone who may take
        the keyboard after ``name``, and must not see ``name``'s screen."""
        return any(other != name for other in self.people_playing)

    def hands_over(self, name: str) -> bool:
        """Whether the keyboard passes to ``name`` from another person before ``name``'s
        turn (hot-seat: the last person's screen is wiped and the views wait for ``name``):
        when another person had it last (:attr:`at_keyboard`), or at the first turn when
        another person is in the game; not when the one person left among bots plays on."""
        if self.at_keyboard is None:
            return self.others_playing(name)
        return self.at_keyboard != name

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def seat(self, name: str) -> Seat:
        for s in self.seats:
            if s.name == name:
                return s
        raise SessionError(_("no seat named {name!r}").format(name=name))

    def turn(self) -> Turn | None:
        """Whose turn it is: the first seat, in seat order, still to decide this round."""
        waiting = self.game.to_act()
        return Turn(waiting[0], self.game.round) if waiting else None

    def in_turn(self, turn: Turn) -> bool:
        """True while ``turn`` goes on (its player has not decided, the round is the same)."""
        game = self.game
        return (
            not game.is_terminal()
            and game.round == turn.round
            and not game.is_eliminated(turn.player)
            and not game.has_decided(turn.player)
            and not self._dispute_waiting()
        )

    def _dispute_waiting(self) -> bool:
        """Beside the box: whether a dispute happened that :meth:`take_disputes` has not
        taken yet (it ends the turn in which the round was resolved)."""
        return self.game.box and len(self._disputes()) > self._disputes_taken

    def play_bot(self, name: str) -> BotTurn:
        seat = self.seat(name)
        if seat.bot is None:
            raise SessionError(_("{name} is not a bot").format(name=name))
        round_no = self.game.round
        play_turn(self.game, name, seat.bot)
        self.sync()
        tests = tuple(t for t in self.game.view(name).tests if t.round == round_no)
        return BotTurn(name, round_no, tests)

    def take_reveal(self) -> Reveal | None:
        """The last round's decisions once it is resolved (each round once, the last one
        with the end of the game), else None."""
        game = self.game
        if not game.is_terminal() and game.round == self._revealed_round:
            return None
        if self._last_reveal is not None and self._last_reveal.over:
            return None  # the end is told once
        over = game.is_terminal()
        entries = self._reveal_entries(game.events[self._revealed :], over, self._revealed_round)
        reveal = Reveal(self._revealed_round, entries, over)
        self._revealed = len(game.events)
        self._revealed_round = game.round
        self._last_reveal = reveal
        return reveal

    def left_by_answers(self) -> list[tuple[str, list[str]]]:
        """Beside the box, once the game is over with its solution unknown (nobody solved
        it): for each person, the codes the cards and their answers leave (the box's words
        on their solutions too)."""
        game = self.game
        if not game.box or not game.is_terminal() or game.solution is not None:
            return []
        called_wrong = {
            (e["player"], e["code"])
            for e in game.events
            if e["event"] == "solve" and not e["correct"]
        }
        return [
            (
                name,
                [
                    c
                    for c in game.view(name).deduction().codes.texts()
                    if (name, c) not in called_wrong
                ],
            )
            for name in self.humans
        ]

    def take_disputes(self) -> list[Dispute]:
        """Beside the box: the disputes (:class:`Dispute`) since the last call, each once."""
        found = self._disputes()
        new = found[self._disputes_taken :]
        self._disputes_taken = len(found)
        return [Dispute(e["round"], tuple(e["players"])) for e in new]

    def _disputes(self) -> list[dict[str, Any]]:
        """The game's ``disputed`` events, in order."""
        return [e for e in self.game.events if e["event"] == "disputed"]

    def recap(self) -> Recap:
        """Where a (resumed) game stands: public facts only."""
        game = self.game
        result_round: dict[str, int] = {}
        for e in game.events:
            if e["event"] in ("eliminated", "giveup"):
                result_round[e["player"]] = e["round"]
        seats = []
        for s in self.seats:
            if game.is_eliminated(s.name):
                gave_up = any(e["event"] == "giveup" and e["player"] == s.name for e in game.events)
                when = result_round.get(s.name, "?")
                status = (
                    _("gave up in round {round}") if gave_up else _("eliminated in round {round}")
                ).format(round=when)
            elif game.has_decided(s.name):
                status = _("decided this round")
            else:
                status = _("in the game")
            seats.append(SeatStatus(s.name, s.is_bot, self.tests_shown(s.name), status))
        turn = self.turn()
        last = None
        if game.round > 1:
            last = self._replayed_reveal(game.round - 1)
        return Recap(
            game.round, tuple(seats), turn.player if turn else None, last, self.tests_hidden
        )

    def _replayed_reveal(self, round_no: int) -> Reveal:
        events = [e for e in self.game.events if e.get("round") == round_no]
        return Reveal(round_no, self._reveal_entries(events, False, round_no), False)

    def _reveal_entries(
        self, events: Sequence[dict[str, Any]], over: bool, round_no: int
    ) -> tuple[RevealEntry, ...]:
        """A round's decisions as every seat may see them, each with the player's tests of
        the round (told now, with the decisions). While the game goes on and other seats
        play, a wrong code is not named: that it is wrong would tell the others a code the
        solution is not (its player knows it; the end of the game names it)."""
        eliminated = {e["player"] for e in events if e["event"] == "eliminated"}
        hide_wrong = not over and len(self.seats) > 1

        # told where they were kept from someone: beside a person in the round
        out_before = {
            e["player"]
            for e in self.game.events
            if e["event"] in ("eliminated", "giveup") and e["round"] < round_no
        }
        people = any(name not in out_before for name in self.humans)

        def tests(player: str) -> int | None:
            if len(self.seats) == 1 or not people:
                return None
            return sum(1 for t in self.game.view(player).tests if t.round == round_no)

        entries: list[RevealEntry] = []
        for e in events:
            if e["event"] == "solve":
                code = None if hide_wrong and not e["correct"] else e["code"]
                entries.append(
                    RevealEntry(
                        e["player"],
                        "solve",
                        code,
                        e["correct"],
                        e["player"] in eliminated,
                        tests(e["player"]),
                    )
                )
            elif e["event"] in ("pass", "giveup"):
                entries.append(
                    RevealEntry(e["player"], e["event"], None, None, False, tests(e["player"]))
                )
        return tuple(entries)

    # -- a typed line --

    def plan(self, name: str, line: str, answers: Sequence[bool] | None = None) -> Plan:
        """Parse and check a whole line for ``name``; :class:`CommandError` refuses it whole.

        Every game action of the line is checked in order against the state the earlier
        ones leave (without taking any), and so are notes, strikes, marks, hints and saves.
        A refusal of a line that asks for more than one thing (several commands, or one
        that takes several steps: ``test 352 A B``) says that none of it ran; its
        ``problem`` is the refusal alone.

        In a game beside the box, a line good but for the box's answers it leaves out is
        refused by :class:`AnswersMissing`, unless ``answers`` gives them, in its order.
        """
        self._refuse_bot_seat(name)
        garbled = typed_garbling_problem(line)
        if garbled is not None:  # nothing typed puts into the game what a save refuses
            raise CommandError(garbled)
        parts = split_line(line)
        commands: list[Command] = []
        try:
            self._plan(name, parts, commands, list(answers) if answers is not None else None)
        except CommandError as exc:
            steps = len(parts) if len(parts) != 1 or not commands else _steps(commands[0])
            if steps > 1:
                message = _("{problem} (the line was not run)").format(problem=exc.problem)
                if isinstance(exc, AnswersMissing):
                    raise AnswersMissing(exc.questions, message) from None
                raise CommandError(message, exc.problem) from None
            raise
        return Plan(name, tuple(commands))

    def plan_note(self, name: str, line: str) -> Plan:
        """Parse and check a line that only ever sets a note of ``name``'s: ``note V TEXT``,
        the whole rest of the line the note's (';' included), or ``note V`` to clear it. A
        line that is not a note is refused: it never runs another command.
        """
        self._refuse_bot_seat(name)
        garbled = typed_garbling_problem(line)
        if garbled is not None:
            raise CommandError(garbled)
        text = line.replace("\t", " ").strip()
        if not text or command_name(as_typed(text.split()[0])) != "note":
            raise CommandError(
                _("this line sets a note: {usage}").format(usage=_(COMMANDS["note"][0]))
            )
        game = self.game
        cmd = parse_command(text, game.verifiers, named_by_card(game.public.mode_class), game.box)
        try:
            game.check_note(name, cmd.verifiers[0], cmd.text)
        except IllegalAction as exc:
            raise CommandError(str(exc)) from None
        return Plan(name, (cmd,))

    def _refuse_bot_seat(self, name: str) -> None:
        """A typed line is a person's: a bot's seat plays by :meth:`play_bot`, and takes no
        line (nor a hint counted for it)."""
        if any(s.name == name and s.is_bot for s in self.seats):
            raise SessionError(
                _(
                    "{name} is a bot's seat: a bot plays its own turns, it takes no typed line"
                ).format(name=name)
            )

    def _plan(
        self,
        name: str,
        parts: list[str],
        commands: list[Command],
        answers: list[bool] | None = None,
    ) -> None:
        """Parse ``parts`` into ``commands`` (a refusal leaves there the commands parsed so
        far), then check them in order; the box's answers a command leaves out are taken
        from ``answers`` (and written into its command), else asked for by
        :class:`AnswersMissing` once the rest of the line is found good."""
        game = self.game
        questions: list[BoxQuestion] = []
        tests_over = game.phase(name) == "decide"
        ended = tests_over  # by the time each command comes, ``done`` included
        for text in parts:  # the whole line is understood first
            try:
                commands.append(
                    parse_command(
                        text, game.verifiers, named_by_card(game.public.mode_class), game.box
                    )
                )
            except CommandError:
                if ended and command_name(text.split()[0]) == "test":
                    # whatever else the test lacks, there is no test to make now
                    raise CommandError(_("testing is over for this round: solve or pass")) from None
                raise
            ended = ended or commands[-1].name == "done"
        # corrections side by side are one, checked as a whole: two slips may each leave
        # no reading alone, and fit together
        for i in range(len(commands) - 1, 0, -1):
            if commands[i].name == commands[i - 1].name == "correct":
                joined = commands[i - 1].amends + commands.pop(i).amends
                commands[i - 1] = replace(commands[i - 1], amends=joined)
        actions: list[Action] = []
        code: Code | None = None
        view = game.view(name)
        if view.code is not None:
            code = Code.parse(view.code)
        done = tests_over
        left = view.tests_left_this_round  # tests left this round once the line's are made
        decided = False
        for i, cmd in enumerate(commands):
            if decided:
                raise CommandError(
                    _("nothing may follow {word} on a line: the turn is over after it").format(
                        word=command_word(commands[i - 1].name)
                    )
                )
            new: list[Action] = []
            if cmd.name == "compose":
                assert cmd.code is not None
                new.append(Compose(cmd.code))
                code = cmd.code
            elif cmd.name == "test":
                if done:
                    raise CommandError(_("testing is over for this round: solve or pass"))
                if cmd.code is not None and cmd.code != code:
                    new.append(Compose(cmd.code))
                    code = cmd.code
                if code is None:
                    raise CommandError(
                        _("compose a code first (compose {e}), or give it: test {e} A").format(
                            e=EXAMPLE_CODE
                        )
                    )
                if game.box:
                    given = list(cmd.answers)
                    for k, v in enumerate(cmd.verifiers):
                        if given[k] is None and answers:
                            given[k] = answers.pop(0)
                        elif given[k] is None:
                            questions.append(BoxQuestion(code, v))
                    cmd = replace(cmd, answers=tuple(given))
                    commands[i] = cmd
                new.extend(Test(v, a) for v, a in cmd.tests())
                left -= len(cmd.verifiers)
            elif cmd.name == "correct":
                new.append(cmd.amend())
            elif cmd.name == "done":
                new.append(EndTests())
                done = True
            elif cmd.name in ("solve", "pass", "giveup"):
                assert cmd.code is not None or cmd.name != "solve"
                if game.box and cmd.name == "solve" and cmd.value is None:
                    submitted = cmd.code
                    assert submitted is not None
                    if answers:
                        cmd = replace(cmd, value=answers.pop(0))
                        commands[i] = cmd
                    else:
                        questions.append(BoxQuestion(submitted, None))
                new.append(
                    Solve(cmd.code, cmd.value)
                    if cmd.name == "solve" and cmd.code is not None
                    else Pass()
                    if cmd.name == "pass"
                    else GiveUp()
                )
                decided = True
            else:
                self._check_other(name, cmd)
            if new:
                try:
                    game.check_all(name, [*actions, *new], partial=bool(questions))
                except IllegalAction as exc:
                    raise CommandError(str(exc)) from None
                actions.extend(new)
            if cmd.name == "quit" and i != len(commands) - 1:
                raise CommandError(_("quit must come last on a line"))
        if questions:
            raise AnswersMissing(questions)

    def _check_other(self, name: str, cmd: Command) -> None:
        game = self.game
        try:
            if cmd.name == "note":
                game.check_note(name, cmd.verifiers[0], cmd.text)
            elif cmd.name in ("strike", "unstrike"):
                for verifier, card, position in cmd.strikes:
                    number = (
                        card
                        if card is not None
                        else self._verifier_card(verifier, position, cmd.name)
                    )
                    game.check_strike(name, number, position)
            elif cmd.name == "mark":
                for shape, digit in cmd.marks:
                    game.check_mark(name, shape, digit)
            elif cmd.name == "hint":
                game.check_hint(name)
            elif cmd.name == "save":
                self.save_target(cmd.arg)
        except IllegalAction as exc:
            raise CommandError(str(exc)) from None

    def _verifier_card(self, verifier: int | None, position: int, command: str) -> int:
        """The card of ``verifier`` whose criterion ``position`` a strike names by letter.
        Where a letter names no one card, the refusal shows the form that works with what
        was typed: the criterion typed on each of the verifier's cards, in the order shown
        (extreme), or on a card named by the player (nightmare, where which card a letter
        has is hidden: no card is chosen for it)."""
        assert verifier is not None
        puzzle = self.game.public
        word = command_word(command)

        def on(cards: Sequence[int]) -> int:
            """The typed criterion where one of ``cards`` has it, else the first."""
            counts = [len(self.game.cardset.card(card).criteria) for card in cards]
            return position if any(1 <= position <= n for n in counts) else 1

        if puzzle.mode_class.hidden_mapping:
            raise CommandError(
                _(
                    "in nightmare mode a criterion is named by its card, not by a verifier's "
                    "letter: {command} CARD.{position}, with CARD one of {cards}"
                ).format(
                    command=word,
                    position=on(puzzle.shown_cards),
                    cards=", ".join(map(str, puzzle.shown_cards)),
                )
            )
        cards = puzzle.cards[verifier]
        if len(cards) != 1:
            k = on(cards)
            forms = [
                f"{word} {card}.{k}"
                for card in cards
                if 1 <= k <= len(self.game.cardset.card(card).criteria)
            ]
            raise CommandError(
                _(
                    "verifier {letter} has more than one card; name the criterion by its "
                    "card: {forms}"
                ).format(letter=LETTERS[verifier], forms=_(" or ").join(forms))
            )
        return cards[0]

    def run(self, plan: Plan) -> Iterator[Outcome]:
        """Run a checked line, one outcome at a time (a view may stop between them)."""
        game = self.game
        name = plan.player
        for cmd in plan.commands:
            if cmd.name == "correct":
                amend = cmd.amend()
                game.apply(name, amend)
                self.sync()
                tests = game.view(name).tests
                for change in amend.changes():
                    record = next(
                        t for t in tests if (t.round, t.verifier) == (change.round, change.verifier)
                    )
                    yield Corrected(record.round, record.code, record.verifier, record.result)
            elif cmd.name == "compose":
                assert cmd.code is not None
                game.apply(name, Compose(cmd.code))
                yield Composed(cmd.code)
            elif cmd.name == "test":
                current = game.view(name).code
                if cmd.code is not None and current != str(cmd.code):
                    game.apply(name, Compose(cmd.code))
                code = Code.parse(game.view(name).code or "")
                for v, answer in cmd.tests():
                    result = bool(game.apply(name, Test(v, answer)))
                    self.sync()
                    yield Tested(code, v, result, game.view(name).tests_left_this_round)
            elif cmd.name == "done":
                game.apply(name, EndTests())
                yield TestsEnded()
            elif cmd.name in ("solve", "pass", "giveup"):
                solo = self.solo
                others = self.others_playing(name)
                if cmd.name == "solve":
                    assert cmd.code is not None
                    game.apply(name, Solve(cmd.code, cmd.value))
                    yield Decided(name, "solve", cmd.code, solo, others)
                elif cmd.name == "pass":
                    game.apply(name, Pass())
                    yield Decided(name, "pass", None, solo, others)
                else:
                    game.apply(name, GiveUp())
                    yield Decided(name, "giveup", None, solo, others)
                self.sync()
            elif cmd.name == "note":
                game.note(name, cmd.verifiers[0], cmd.text)
                yield NoteSet(cmd.verifiers[0], cmd.text)
            elif cmd.name in ("strike", "unstrike"):
                labels: list[str] = []
                unchanged: list[str] = []
                strike = cmd.name == "strike"
                struck = game.notes(name).struck
                for verifier, card, position in cmd.strikes:
                    number = (
                        card
                        if card is not None
                        else self._verifier_card(verifier, position, cmd.name)
                    )
                    already = ((number, position) in struck) == strike
                    game.strike(name, number, position, struck=strike)
                    (unchanged if already else labels).append(f"{number}.{position}")
                yield Struck(tuple(labels), strike, tuple(unchanged))
            elif cmd.name == "mark":
                for shape, digit in cmd.marks:
                    game.mark(name, shape, digit, cmd.value)
                yield Marked(cmd.marks, cmd.value)
            elif cmd.name == "hint":
                if cmd.arg == "best":
                    yield self.best_test(name)
                else:
                    hint = game.hint(name)
                    yield HintShown(hint, game.hints_used(name))
            elif cmd.name == "show":
                yield ShowScreen(cmd.arg == "cards")
            elif cmd.name == "help":
                by_card = named_by_card(game.public.mode_class)
                yield HelpShown(
                    help_text(
                        cmd.arg,
                        by_card=by_card,
                        box=game.box,
                        verifiers=game.public.verifiers,
                        hints=game.hints_allowed,
                    ),
                    commands=cmd.arg is None,
                )
            elif cmd.name == "rules":
                yield RulesShown(rules_page("criteria"))
            elif cmd.name == "save":
                yield Saved(self.save(cmd.arg))
            elif cmd.name == "quit":
                yield LeaveAsked()

    def best_test(self, name: str, count: bool = True) -> BestTest:
        """The optimal next move; counted as a hint only once it is found. Where the exact
        search passes its work limit, ``bot:greedy``'s move, marked not proven.

        ``count=False`` leaves the counting to :meth:`count_best_test`, for a view that
        searches in the background and counts only an answer it shows (not a cancelled one).
        """
        game = self.game
        game.check_hint(name)
        view = game.view(name)
        if game.phase(name) == "decide" or view.tests_left_this_round <= 0:
            # No test is left this round: solve where the code is known, else pass (a
            # wrong code would put the player out).
            codes = view.deduction().codes.texts()
            solution = codes[0] if len(codes) == 1 else None
            best = BestTest(None, None, False, solution, 0, tests_over=True)
            return self._counted(name, best) if count else replace(best, used=game.hints_used(name))
        proven = rounds = True
        found: tuple[str, int] | None
        try:
            move = policy_move(view.hypotheses(), view.code, view.tested_this_round)
            found = None if move is None else (move.code, move.verifier)
            rounds = move is None or move.rounds_proven
        except AnalysisTooLarge:
            found = greedy_move(view)
            proven = False
        if found is None:
            codes = view.deduction().codes.texts()
            solution = codes[0] if len(codes) == 1 else None
            best = BestTest(None, None, False, solution, 0, proven, rounds)
        else:
            code, verifier = found
            best = BestTest(code, verifier, code != view.code, None, 0, proven, rounds)
        return self._counted(name, best) if count else replace(best, used=game.hints_used(name))

    def count_best_test(self, name: str, best: BestTest) -> BestTest:
        """Count a best-test answer found with ``count=False`` as shown; the answer with
        the hints used now (not counted, and ``again``, where it was given before, saying
        the same, with nothing played or corrected since)."""
        return self._counted(name, best)

    def _counted(self, name: str, best: BestTest) -> BestTest:
        """``best`` counted as a hint now: with the hints used, and ``again`` where it is
        free (the same answer given before, with nothing played or corrected since)."""
        said = replace(best, used=0, again=False)
        again = not self.game.count_hint(name, "best", said)
        return replace(best, used=self.game.hints_used(name), again=again)

    # -- after the game --

    def fewest(self) -> FewestTests:
        return fewest_tests_planned(self.game.puzzle, self.game.cardset)

    def outcome(self) -> str:
        """The game's result in one sentence (after the game)."""
        result = self.game.result()
        if result.winners:
            if len(result.winners) > 1:
                each = result.tests[result.winners[0]]
                return ngettext(
                    "{names} share the win ({n} test each).",
                    "{names} share the win ({n} tests each).",
                    each,
                ).format(names=format_list(result.winners), n=each)
            winner = result.winners[0]
            if len(result.solved) > 1:
                return _("{name} wins: right with the fewest tests.").format(name=winner)
            if result.solved:
                return _("{name} wins: solved it.").format(name=winner)
            return _("{name} wins: is the last player left.").format(name=winner)
        if self.given_up_alone():
            return _("Not solved: you gave up.")
        if len(self.game.players) == 1:
            return _("Not solved: the code submitted was wrong.")
        return _("Nobody wins: every player is out.")

    def standings(self, fewest: FewestTests | None) -> list[Standing]:
        """Each player's result after the game, in seat order, against ``fewest`` if given."""
        result = self.game.result()
        # the code that put each player out, named now (the reveals while other seats
        # played on said only that it was wrong)
        wrong = {
            e["player"]: e["code"]
            for e in self.game.events
            if e["event"] == "solve" and not e["correct"]
        }
        rows = []
        for name in self.game.players:
            if name in result.winners:
                status = _("won")
            elif name in result.gave_up:
                status = _("gave up in round {round}").format(round=result.eliminated[name])
            elif name in result.eliminated and name in wrong:
                status = _("eliminated in round {round} ({code} wrong)").format(
                    round=result.eliminated[name], code=wrong[name]
                )
            elif name in result.eliminated:
                status = _("eliminated in round {round}").format(round=result.eliminated[name])
            elif name in result.solved:
                status = _("right, but more tests")
            else:
                status = "—"
            versus: str | None = None
            if fewest is not None:
                if name not in result.solved:
                    versus = "—"
                elif fewest.exact:
                    versus = versus_fewest(result.tests[name] - fewest.lower)
                elif fewest.upper is not None:
                    versus = _("fewest {low}–{high}").format(low=fewest.lower, high=fewest.upper)
                else:
                    versus = _("fewest ≥ {n}").format(n=fewest.lower)
            rows.append(Standing(name, status, result.tests[name], versus, result.hints[name]))
        return rows

    def given_up_alone(self) -> bool:
        """Whether the game ended with its one player giving up."""
        return bool(self.game.result().gave_up) and len(self.game.players) == 1

    def share_code(self) -> str | None:
        """The puzzle's share code once the game is over; None while it is being played (a
        code holds the whole puzzle, its hidden criteria too), for a puzzle of a card set
        that codes do not cover, and beside the box (what the box hides is not known here:
        a file's criteria need not be the box's)."""
        if self.game.box or not self.game.is_terminal():
            return None
        try:
            return encode(self.game.puzzle, self.game.cardset)
        except ShareCodeError:
            return None

    # -- transcript and saving --

    def open_transcript(self, path: Path) -> None:
        """Write the game's events so far to ``path`` and follow it there: in a game of
        more than one seat, each seat's private events only once they are public
        (:class:`Transcript`)."""
        self.transcript = Transcript(path, self.game.events, hold_private=not self.solo)

    def sync(self) -> None:
        """Follow the game's new events: the transcript, and once the game ends, its save
        files (:attr:`end_saves` says how that went)."""
        if self.transcript is not None:
            self.transcript.follow(self.game.events, public=self.game.is_terminal())
        if self.game.is_terminal() and not self._ended:
            self._ended = True
            if self.transcript is not None:
                why = self.transcript.replaced()
                if why is not None:
                    self.transcript_missed = (self.transcript.path, why)
            self.end_saves = self._save_final()
            self.mark_played()  # a game that was never saved: at its end

    def _save_final(self) -> list[tuple[Path, str | None]]:
        """Write the finished game over each file of its family (:attr:`family`: the
        ``save_path`` too, written now if it never was), so that resuming one says the game
        is over. A file that held a save of this game is brought to the end while it still
        holds this game (:meth:`_same_game`: at an earlier point, or played on differently
        from a save of it, which now has no answer to hide); the files each names are
        brought too, so that a save written in another sitting is not missed. A file of
        the family that is gone or cannot be written is skipped, with why
        (:attr:`end_saves_missed`; the file the players save to now, with the error, in
        what this returns); one that holds another saved game is left as it is
        (:attr:`end_saves_held`), and so is one that holds this game's end as another
        sitting ended it (:attr:`end_saves_kept`), and anything else."""
        done: list[tuple[Path, str | None]] = []
        written = {os.path.realpath(p) for p in [*self.family, *self.saved_files]}

        def missed(path: Path, problem: str, reason: str | None = None) -> None:
            """``path`` is not brought to the end: ``problem`` as an error for the file the
            players save to now, else the file of the family said with why (``reason``
            when what is there now does not say it)."""
            if self._saving_now(path):
                done.append((path, problem))
            else:
                why = family_end_reason(path, PLAY_SAVE) or reason or _(NO_LONGER_A_SAVE)
                self.end_saves_missed.append((path, why))

        def bring(path: Path) -> list[Path]:
            """Bring ``path`` to the end when it holds this game; the files it names."""
            named: list[Path] = []
            if os.path.realpath(path) not in written:  # the --save file, never written
                if self.end_held_in(str(path)) is not None:
                    self.end_saves_kept.append(path)  # as another sitting ended it: kept
                    return named
                if self.other_game_in(str(path)) is not None:
                    self.end_saves_held.append(path)  # never replaced without asking
                    return named
            elif not os.path.lexists(path):
                reason = os_reason(FileNotFoundError(errno.ENOENT, "gone"))
                said = _("cannot save to {path}: {reason}").format(
                    path=shown_name(path), reason=reason
                )
                missed(path, said)
                return named
            else:
                problem = unsavable(path) or not_a_save(path)
                if problem:
                    missed(path, problem)
                    return named
                try:
                    data = read_save(str(path))
                    named = family_entry(data.get("family"), str(path), SessionError) or []
                except TuringError as exc:
                    missed(path, str(exc))  # no longer a save of this game to end
                    return named
                if not self._same_game(data):
                    if self.other_game_in(str(path)) is not None:
                        self.end_saves_held.append(path)
                    return []
                if self._ended_other_line(path, data):
                    self.end_saves_kept.append(path)  # as another line of play ended it: kept
                    return []
            try:
                self.save(str(path))
            except TuringError as exc:
                # a write that failed at the disk says why in the error it raised from
                cause = exc.__context__
                missed(path, str(exc), os_reason(cause) if isinstance(cause, OSError) else None)
            else:
                done.append((path, None))
            return [family_member_shown(member) for member in named]

        walk_family(
            [
                *([self.save_path] if self.save_path else []),
                *self.saved_files,
                *map(family_member_shown, self.family),
            ],
            bring,
        )
        return done

    def _saving_now(self, path: Path) -> bool:
        """Whether ``path`` is the file the players save to now: the ``save_path`` named
        for this sitting (not the file the game was resumed from, nor one saved to before),
        whose failure at the end is an error as any save's."""
        return (
            self.save_path is not None
            and os.path.realpath(path) == os.path.realpath(self.save_path)
            and all(os.path.realpath(other) != os.path.realpath(path) for other in self.saved_files)
        )

    def _tell_family(self) -> None:
        """Record the game's family (:attr:`family`, which a file just joined) in each file
        of it that holds this game at an earlier point, leaving the game it holds as it is:
        so the end of the game, resumed from any of them, finds every other. A file that
        cannot be read or written now is left as it is; the end of the game tries it
        again."""

        def read(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
            problem = not_a_save(path) or unsavable(path)
            if problem:
                raise SessionError(problem)
            return _read_save_whole(str(path))

        tell_family(self.family, read, self._holds_this_game, _write)

    def _holds_this_game(self, data: dict[str, Any]) -> bool:
        """Whether the unpacked save ``data`` holds this game at this point or an earlier
        one: the same game (:meth:`_same_game`), its actions the first of this game's."""
        actions = data["game"].get("actions")
        return (
            self._same_game(data)
            and isinstance(actions, list)
            and actions == self.game.to_dict()["actions"][: len(actions)]
        )

    def _same_game(self, data: dict[str, Any]) -> bool:
        """Whether the unpacked save ``data`` holds this game, whatever was played in it:
        the same puzzle, players and seed, so the same answer."""
        saved = data["game"]
        game = self.game.to_dict()
        return bool(
            data["seed"] == self.seed
            and saved.get("puzzle") == game["puzzle"]
            and saved.get("players") == game["players"]
        )

    @property
    def resumable(self) -> bool:
        """Whether a save of this game is on disk to resume it from (it was resumed from
        one, or saved)."""
        return self._saved or bool(self.saved_files)

    def last_saved(self) -> tuple[Path, bool, bool] | None:
        """The file the game was last saved to (by any save: ``save FILE`` too; or the file
        it was resumed from, before any), while it still holds this game, whether it holds
        the game as it stands (False: something was done since it was saved), and whether
        it was saved in this sitting (False: it holds the game as it was resumed). None
        when the game was never saved, or that file holds something else now."""
        path = self._last_saved
        if path is None:
            return None
        try:
            data = read_save(str(path))
        except TuringError:
            return None
        if not self._holds_this_game(data):
            return None
        now = json.loads(json.dumps(_packed_game(self, path)))
        current = all(data.get(key) == now[key] for key in ("game", "seats"))
        return path, current, self._saved_here

    def leave(self) -> None:
        """The game is left unfinished: the transcript ends with an ``abandoned`` event
        (``saved``: whether a save of the game is on disk to resume it from). A game left
        with no save is over for good, so everything in it is public: what the transcript
        held back is written first, and the event holds the decisions of the round left
        unrevealed (``decisions``, in seat order); a saved game keeps those private, as its
        save holds them and the resumed game reveals them. Leaving again (the output
        closed while the game was being left) writes nothing more."""
        transcript = self.transcript
        if transcript is None or self.game.is_terminal() or self._left:
            return  # left once: one ``abandoned`` event, however many ways it was left
        self._left = True
        saved = self.resumable
        transcript.follow(self.game.events, public=not saved)
        event: dict[str, Any] = {"event": "abandoned", "round": self.game.round, "saved": saved}
        if not saved:
            event["decisions"] = [
                {"player": name, **_decision(decision)} for name, decision in self.game.decisions()
            ]
        transcript.add(event)

    def close(self) -> None:
        """Close the transcript. A game left unfinished with no save to resume it from is
        over for good: what its transcript held back is written now. A game saved whose
        puzzle could not be marked played in its bank then is tried once more."""
        if self.resumable:
            self.mark_played()
        if self.transcript is not None:
            self.transcript.follow(
                self.game.events, public=self.game.is_terminal() or not self.resumable
            )
            self.transcript.close()

    def save_target(self, target: str | None) -> Path:
        """Where ``save [target]`` writes; :class:`SaveError` when it cannot."""
        path = Path(target) if target else self.save_path
        if path is None:
            raise SaveError(_("no save file yet: give one, e.g. save game.json"))
        problem = unsavable(target or path)  # as typed: "out/" keeps its slash
        if problem:
            raise SaveError(problem)
        kept = [
            *self.kept_files,
            (self.game.cardset.source or None, CARD_SET),
            (self.transcript.path if self.transcript is not None else None, TRANSCRIPT_WRITTEN),
        ]
        clash = clashing_input(path, kept)
        if clash is not None:
            raise SaveError(refused_save(WriteTargetError(str(target or path), clash)))
        problem = not_a_save(target or path)
        if problem:
            raise SaveError(problem)
        if self.end_held_in(str(target or path)) is not None:
            raise SaveError(
                _(
                    "cannot save to {path}: it holds this game's end (it ended in another sitting)"
                ).format(path=shown_name(target or path))
            )
        return path

    def other_game_in(self, target: str | None) -> Path | None:
        """The file ``save [target]`` would write when it holds a saved game that is not
        this one at an earlier point (another game, or this one saved further on another
        line of play), so that a view may ask before replacing it; else None (no file,
        this game's own save, or a file that cannot be read as a save).

        A save is of this game when it holds the same puzzle, players and seed, and its
        actions are the first of this game's. None too when the players said before the
        game that its saves replace another's (:attr:`replace_other_saves`), and for this
        game's end saved in another sitting, which no save replaces (:meth:`end_held_in`)."""
        path = Path(target) if target else self.save_path
        if (
            self.replace_other_saves
            or path is None
            or not os.path.isfile(path)
            or not_a_save(path) is not None
        ):
            return None
        try:
            data = read_save(str(path))
        except TuringError:
            return None
        if self._holds_this_game(data) or self._ended_other_line(path, data):
            return None  # this game's own save, or its end, which a save never replaces
        return path

    def played_on_elsewhere(self, path: Path) -> bool:
        """Whether ``path`` (a file :meth:`other_game_in` found) holds this very game played
        on another way in another sitting (the same puzzle, players and seed; its moves not
        the first of this game's): replacing it loses those moves. False for another game,
        or a file that cannot be read as a save."""
        try:
            data = read_save(str(path))
        except TuringError:
            return False
        return self._same_game(data) and not self._holds_this_game(data)

    def end_held_in(self, target: str | None) -> Path | None:
        """The file ``save [target]`` would write when it holds this game's end as another
        sitting ended it (a save of this game that has ended, other than this game as it
        stands): no save replaces it, whatever the players say, as it would turn the
        game back to before its end for someone who now knows the answer; else None."""
        path = Path(target) if target else self.save_path
        if path is None or not os.path.isfile(path) or not_a_save(path) is not None:
            return None
        try:
            data = read_save(str(path))
        except TuringError:
            return None
        return path if self._ended_other_line(path, data) else None

    def _ended_other_line(self, path: Path, data: dict[str, Any]) -> bool:
        """Whether the save in ``path`` (unpacked: ``data``) holds this game ended, other
        than as it stands here."""
        return (
            self._same_game(data)
            and not self._holds_this_game(data)
            and _ended_save(str(path)) is not None
        )

    def decline_save(self, path: Path) -> None:
        """Remember that the players would not have the save of another game in ``path``
        replaced."""
        self.declined_saves.add(os.path.realpath(path))

    def declined(self, path: Path) -> bool:
        """Whether the players would not have the save in ``path`` replaced."""
        return os.path.realpath(path) in self.declined_saves

    def saves_over_other_games(self, plan: Plan) -> list[Path]:
        """The files the saves of a checked line would write that hold another saved game
        (:meth:`other_game_in`)."""
        found: list[Path] = []
        for cmd in plan.commands:
            if cmd.name == "save":
                path = self.other_game_in(cmd.arg)
                if path is not None and path not in found:
                    found.append(path)
        return found

    def save(self, target: str | None = None) -> Path:
        """Write the whole game to ``target`` (or :attr:`save_path`), then mark its puzzle
        played in the bank it was dealt from (:meth:`mark_played`: a bank that cannot be
        written then leaves the save as it is written, and says why)."""
        path = self.save_target(target)
        text = json.dumps(save_document(self, path), ensure_ascii=False, indent=1) + "\n"
        try:
            _write(path, text)
        except OSError as exc:
            raise SaveError(
                _("cannot save to {path}: {reason}").format(
                    path=shown_name(path), reason=creating_reason(exc)
                )
            ) from None
        self._saved = True
        self._last_saved = path
        self._saved_here = True
        self.declined_saves.discard(os.path.realpath(path))
        if path != self.save_path and path not in self.saved_files:
            self.saved_files.append(path)
        joined = joined_family(self.family, path)
        if len(joined) > len(self.family):
            self.family = joined
            self._tell_family()
        self.mark_played()
        return path

    def mark_played(self) -> None:
        """Mark the puzzle played in the bank it was dealt from (:attr:`bank`), once. A bank
        that cannot be written now (read-only, another process writing it, gone) changes
        nothing else: why is kept for :meth:`take_bank_problem`, and the next save, or the
        game's end, tries again."""
        if self.bank is None or self._bank_marked:
            return
        puzzle = self.game.puzzle
        try:
            with Bank(self.bank, create=False, wait=BANK_WAIT) as bank:
                bank.mark_played(puzzle.id or puzzle.canonical_key())
        except TuringError as exc:
            reason = str(exc)  # names the bank
        except sqlite3.Error as exc:
            reason = f"{shown_name(self.bank)}: {sqlite_reason(exc)}"
        except OSError as exc:
            reason = f"{shown_name(self.bank)}: {os_reason(exc)}"
        else:
            self._bank_marked = True
            self._bank_problem = None
            return
        problem = _(
            "the puzzle is not marked played in its bank, which may deal it again ({reason})"
        ).format(reason=reason)
        if problem != self._bank_said:  # the same reason is said once
            self._bank_problem = problem

    def take_bank_problem(self) -> str | None:
        """Why the puzzle could not be marked played in its bank at the last try, once
        (None: nothing new to say)."""
        problem, self._bank_problem = self._bank_problem, None
        if problem is not None:
            self._bank_said = problem
        return problem


def not_a_save(path: str | os.PathLike[str], *, trying: bool = False) -> str | None:
    """Why a save of this game must not be written at ``path``
    (:func:`turing.core.saves.save_problem`); None when it may."""
    return save_problem(path, PLAY_SAVE, trying=trying)


def _write(path: Path, text: str) -> None:
    write_text(path, text)


# -- the save format ------------------------------------------------------------------------

#: Said in every save file: the game is stored packed so that a glance at the file does not
#: show the answer. Packing is for fair play, not secrecy: anyone may unpack it.
SAVE_NOTE: Final = (
    "The game is stored packed (zlib, then base64) so that a glance at this file does not "
    "show the solution. This keeps play fair; it is not a secret."
)


def _card_digests(session: Session) -> dict[str, str]:
    """Each card of the game's puzzle (its number as text) → a digest of what its criteria
    are (:func:`card_digest`): a resumed game must be played with the same cards."""
    cardset = session.game.cardset
    numbers = sorted({n for shown in session.game.puzzle.cards for n in shown})
    return {str(n): card_digest(cardset, n) for n in numbers if n in cardset}


def _changed_card(data: dict[str, Any], cardset: CardSet) -> int | None:
    """The first card of the saved game that is not as it was when the game was saved
    (not in ``cardset``, or its criteria differ: :func:`changed_cards`); None when every
    card is the same, or the save lists none (one written before saves listed them)."""
    cards = data.get("cards")
    if not isinstance(cards, dict):
        return None
    digests: dict[int, str] = {}
    for key, digest in cards.items():
        try:
            digests[int(key)] = digest
        except ValueError:
            continue
    changed = changed_cards(digests, cardset)
    return changed[0] if changed else None


def save_document(session: Session, path: Path | None = None) -> dict[str, Any]:
    """The save of ``session``, to be written to ``path``: the game's family it records
    (:attr:`Session.family`) names that file too."""
    packed = pack(_packed_game(session, path))
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "note": SAVE_NOTE,
        "players": [seat.name for seat in session.seats],
        "round": session.game.round,
        "packed": packed,
    }


def _packed_game(session: Session, path: Path | None = None) -> dict[str, Any]:
    """What the save of ``session`` to ``path`` packs (:func:`save_document`)."""
    seats = []
    for seat in session.seats:
        entry: dict[str, Any] = {"name": seat.name, "bot": seat.bot_kind}
        if seat.rng is not None:
            version, state, gauss = seat.rng.getstate()
            entry["rng"] = [version, list(state), gauss]
        seats.append(entry)
    transcript = session.transcript
    return {
        "cardset": cardset_reference(session.game.cardset),
        "cards": _card_digests(session),
        "game": session.game.to_dict(),
        "seats": seats,
        "seed": session.seed,
        "family": [
            str(p)
            for p in (session.family if path is None else joined_family(session.family, path))
        ],
        "transcript": None
        if transcript is None
        else {"path": str(transcript.path.resolve()), "events": len(session.game.events)},
    }


def read_save(path: str) -> dict[str, Any]:
    """Read a save file and unpack it; checks the marker, version and shape; never writes."""
    return _read_save_whole(path)[1]


def _read_save_whole(path: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A save file's document and its unpacked game (:func:`read_save`), both: the document
    to write back changed."""
    data, inner = read_save_file(path, PLAY_SAVE, SessionError)
    for key, kind in (("game", dict), ("seats", list), ("cardset", str), ("seed", int)):
        if not isinstance(inner.get(key), kind):
            raise SessionError(
                _("{path}: corrupted save file: {key!r} is missing or wrong").format(
                    path=shown_name(path), key=key
                )
            )
    return data, inner


def _rng_from(entry: Any, path: str) -> random.Random:
    bad = SessionError(
        _("{path}: corrupted save file: a bot's random state is broken").format(
            path=shown_name(path)
        )
    )
    if not isinstance(entry, list) or len(entry) != 3:
        raise bad
    version, state, gauss = entry
    if (
        not isinstance(version, int)
        or not isinstance(state, list)
        or len(state) != 625
        or not all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32 for x in state[:624]
        )
        or not isinstance(state[624], int)
        or not 0 <= state[624] <= 624
        or not (gauss is None or isinstance(gauss, float))
    ):
        raise bad
    rng = random.Random()
    try:
        rng.setstate((version, tuple(state), gauss))
    except (ValueError, TypeError):
        raise bad from None
    return rng


def load_save(path: str) -> tuple[Session, str | None]:
    """A session from a save file, and the transcript path it was writing (if any). A
    finished game is read as it ended: its ``game.is_terminal()`` is true, and nothing can
    be played in it."""
    document, data = _read_save_whole(path)
    try:
        cardset = load_cardset(data["cardset"])
    except SourceError as exc:
        raise SessionError(
            _("{path}: the game's card set cannot be loaded: {problem}").format(
                path=shown_name(path), problem=exc
            )
        ) from None
    changed = _changed_card(data, cardset)
    if changed is not None:
        raise SessionError(
            _(
                "{path}: the card set {cardset} changed since the game was saved: card "
                "{card} is not as it was, so the game would not be the one saved"
            ).format(path=shown_name(path), cardset=data["cardset"], card=changed)
        )
    try:
        game = Game.from_dict(data["game"], cardset)
    except GameError as exc:
        raise SessionError(
            _("{path}: corrupted save file: {problem}").format(path=shown_name(path), problem=exc)
        ) from None
    seats_data = data["seats"]
    if [s.get("name") if isinstance(s, dict) else None for s in seats_data] != list(game.players):
        raise SessionError(
            _("{path}: corrupted save file: the seats do not match the players").format(
                path=shown_name(path)
            )
        )
    seats = []
    for entry in seats_data:
        kind = entry.get("bot")
        if kind is None:
            seats.append(Seat(entry["name"]))
            continue
        if not isinstance(kind, str):
            raise SessionError(
                _("{path}: corrupted save file: bad bot {kind!r}").format(
                    path=shown_name(path), kind=kind
                )
            )
        try:
            kind = bot_kind(kind)
        except BotError as exc:
            raise SessionError(f"{shown_name(path)}: {exc}") from None
        rng = _rng_from(entry.get("rng"), path)
        seats.append(Seat(entry["name"], kind, rng, make_bot(kind, rng)))
    _check_readable(document, game, path)
    saved = _saved_transcript(data.get("transcript"), path)
    family = joined_family(family_entry(data.get("family"), path, SessionError) or [], Path(path))
    # a finished game is read as it ended (its result can be shown; nothing can be played)
    session = Session(
        game=game,
        seats=seats,
        seed=data["seed"],
        save_path=Path(path),
        saved_files=[Path(path)],
        family=family,
    )
    session._last_saved = Path(path)
    return session, saved


def _check_readable(document: dict[str, Any], game: Game, path: str) -> None:
    """Refuse a save whose fields to read at a glance (:func:`save_document`: the players
    and the round) do not say what its packed game holds, as an edit of the packed part is
    refused: a game is never resumed as other than it looks. The players are the names
    saved, as the game was started with them (a name given by default stays as it was
    said then, in whatever language the game is resumed); the note may say anything."""
    expected: dict[str, tuple[Callable[[Any], bool], Any]] = {
        "players": (
            lambda v: isinstance(v, list) and all(isinstance(n, str) for n in v),
            list(game.players),
        ),
        "round": (lambda v: isinstance(v, int) and not isinstance(v, bool), game.round),
    }
    for key, (fits, value) in expected.items():
        found = document.get(key)
        if not fits(found) or found != value:
            raise SessionError(
                _(
                    "{path}: corrupted save file: {key!r} does not agree with the packed game"
                ).format(path=shown_name(path), key=key)
            )


def _ended_save(path: str) -> Session | None:
    """The game the save in ``path`` holds when it has ended; None when it has not, or
    the file cannot be resumed."""
    try:
        session, _transcript = load_save(path)
    except TuringError:
        return None
    return session if session.game.is_terminal() else None


def ended_elsewhere(session: Session, path: str) -> Session | None:
    """A game resumed from ``path`` whose end is saved in another file of its family (a
    copy of its save, or a save of it played on another way, kept from before the game
    ended): that file's finished game, which ``path`` is brought to (where it can be
    written; :attr:`Session.ended_in` names the file). None when no file of the family
    holds the game's end, and for a game that has ended itself. So a save from before the
    end is never played on by someone who knows the answer, and the end it would write
    over is kept."""
    if session.game.is_terminal():
        return None

    def read(member: Path) -> tuple[dict[str, Any], list[Path]] | None:
        try:
            if not_a_save(member) is not None:
                return None
            data = read_save(str(member))
            return data, family_entry(data.get("family"), str(member), SessionError) or []
        except TuringError:
            return None

    def ended_there(member: Path, data: dict[str, Any]) -> Session | None:
        return _ended_save(str(member)) if session._same_game(data) else None

    found = family_end(session.family, path, read, ended_there)
    if found is None:
        return None
    member, ended = found
    ended.ended_in = member
    ended.family = joined_family(ended.family, Path(path))
    ended.save_path = Path(path)
    with contextlib.suppress(TuringError):
        if unsavable(path) is None and not_a_save(path) is None:
            ended.save(path)
    return ended


def _saved_transcript(entry: Any, path: str) -> str | None:
    """The transcript path a save names: none, or the absolute path turing wrote there,
    anything else is a corrupted save."""
    if entry is None:
        return None
    where = entry.get("path") if isinstance(entry, dict) else None
    events = entry.get("events", 0) if isinstance(entry, dict) else None
    if (
        not isinstance(where, str)
        or not os.path.isabs(where)
        or not isinstance(events, int)
        or isinstance(events, bool)
        or events < 0
    ):
        raise SessionError(
            _("{path}: corrupted save file: its transcript entry is wrong").format(
                path=shown_name(path)
            )
        )
    return where


__all__ = [
    "ALIASES",
    "BOX_ALIASES",
    "COMMANDS",
    "CORRECT_USAGE",
    "CORRECT_WHAT",
    "EXAMPLE_CODE",
    "GRAMMAR_HELP",
    "SAVE_FORMAT",
    "SHAPE_SYMBOLS",
    "AnswersMissing",
    "BestTest",
    "BotTurn",
    "BoxQuestion",
    "Command",
    "CommandError",
    "Composed",
    "Corrected",
    "Decided",
    "Dispute",
    "FewestTests",
    "HelpShown",
    "HintShown",
    "LeaveAsked",
    "Marked",
    "NoteSet",
    "Outcome",
    "Plan",
    "Recap",
    "Reveal",
    "RevealEntry",
    "RulesShown",
    "Saved",
    "Seat",
    "Session",
    "SessionError",
    "ShowScreen",
    "Struck",
    "Tested",
    "TestsEnded",
    "Transcript",
    "Turn",
    "box_answer",
    "box_note",
    "command_rows",
    "command_word",
    "commands_list",
    "completions",
    "ended_elsewhere",
    "ended_transcript_in",
    "file_label",
    "file_name",
    "grammar_notes",
    "help_text",
    "letter_range",
    "list_note_paragraphs",
    "list_notes",
    "load_save",
    "named_by_card",
    "names_a_command",
    "neutral_label",
    "not_a_save",
    "not_a_transcript",
    "other_transcript_in",
    "parse_command",
    "parse_players",
    "random_puzzle",
    "read_save",
    "save_document",
    "split_line",
    "summary_rows",
    "unsavable",
    "unwritable",
]
