"""The words of a game's commands, and how a mistyped command is told from a code.

A prompt that reads a code or pins also takes commands (``hint``, ``board``, ``help`` …),
each in English and German, both always understood. A line that is neither is usually a
code with a typo, and the code's error helps to mend it (``'X' is not a colour here``). But
a line that is plainly a command mistyped gets its own error, naming the command meant:

>>> from turing.mastermind.commands import CODE_COMMANDS, GUESS_COMMANDS, mistyped_command
>>> print(mistyped_command("hints", 4, GUESS_COMMANDS))
unknown command 'hints'; did you mean hint?
>>> print(mistyped_command("?", 4, GUESS_COMMANDS))
None
>>> print(mistyped_command("show", 4, GUESS_COMMANDS))
unknown command 'show'; did you mean board?
>>> print(mistyped_command("tip", 4, GUESS_COMMANDS))
unknown command 'tip'; did you mean hint?
>>> print(mistyped_command("RGBX", 4, GUESS_COMMANDS))
None
>>> print(mistyped_command("brtt", 4, GUESS_COMMANDS))
unknown command 'brtt'; did you mean board?
>>> print(mistyped_command("random", 4, CODE_COMMANDS))
'random' is not a command of this prompt; the commands here are board, help, rules, quit
>>> print(mistyped_command("show board", 4, GUESS_COMMANDS))
unknown command 'show'; the commands here are hint, board, help, rules, giveup, quit
>>> print(mistyped_command("X G B R", 4, GUESS_COMMANDS))
None

``?`` is help, as ``help`` is (the prompt reads it itself). "Plainly a command" means: a
command of another prompt (``random`` where a code is shown), a word of the criteria game's commands
(``show``, ``solve``) alone that cannot be a code typo (it has a letter that is no colour
key), a line that starts with a command word (``hint please``), or a near miss of a command
word of either language (:func:`difflib.get_close_matches`: ``hin``, ``tip``, ``tpp``,
``bord``, ``brtt``), which no code is, as the line was no code of the game. The command
meant is named by its word in the language in use (``tip``, nearly ``tipp``: did you mean
hint?). A line with
a colour word in it (``rot gelb grün blua``) is always a code. And a line of several words
whose first word cannot be part of a code or pins — no colour word or near miss of one, no
number word, not one letter, and with a letter that is no colour key or digit — is a
command when some other word cannot be part of a code either (``show board``, ``zeig mir
das brett``; not ``X G B R`` or ``XR GB``, a code with a typo in its first word): its first
word is named, with the prompt's commands.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from turing.i18n import _, current_language
from turing.mastermind.pins import HIT_WORDS, NONE_WORDS, WHITE_WORDS
from turing.mastermind.presets import BLANK_CHARS, EMPTY_HOLE, GENERIC_COLOURS, KNOWN_WORDS


@dataclass(frozen=True)
class Command:
    """One command: its word in each language, and every spelling understood."""

    english: str
    german: str
    words: tuple[str, ...]

    @property
    def shown(self) -> str:
        """The word a person reads, in the language in use."""
        return self.german if current_language() == "de" else self.english


HINT: Final = Command("hint", "hinweis", ("hint", "hinweis", "tipp"))
BOARD: Final = Command("board", "brett", ("board", "brett"))
HELP: Final = Command("help", "hilfe", ("help", "hilfe", "?"))
RULES: Final = Command("rules", "regeln", ("rules", "regeln"))
GIVE_UP: Final = Command("giveup", "aufgeben", ("giveup", "give up", "aufgeben", "gib auf"))
UNDO: Final = Command("undo", "zurück", ("undo", "zurück", "zurueck"))
QUIT: Final = Command("quit", "beenden", ("quit", "exit", "beenden"))
RANDOM: Final = Command("random", "zufall", ("random", "zufall", "zufällig", "zufaellig"))
COMMANDS: Final = (HINT, BOARD, HELP, RULES, GIVE_UP, UNDO, QUIT, RANDOM)

GUESS_COMMANDS: Final = (HINT, BOARD, HELP, RULES, GIVE_UP, QUIT)
"""The commands of a codebreaker's guess prompt."""
PINS_COMMANDS: Final = (UNDO, BOARD, HELP, RULES, QUIT)
"""The commands of a codemaker's pins prompt."""
CODE_COMMANDS: Final = (BOARD, HELP, RULES, QUIT)
"""The commands of a prompt that asks the codemaker to show the code."""

CUTOFF: Final = 0.75
"""How close a word must be to a command word to be taken for it (``hello`` is not ``help``)."""

_CODE_CHARS: Final = frozenset(
    "".join(c.letter + c.letter_de for c in GENERIC_COLOURS).lower() + "0123456789" + BLANK_CHARS
)
"""What a code typo is made of: the colour keys of both languages, digits, empty holes."""
_CODE_WORDS: Final = frozenset(
    [w for c in GENERIC_COLOURS for w in c.words]
    + list(EMPTY_HOLE.aliases)
    + list(KNOWN_WORDS)
    + list(HIT_WORDS | WHITE_WORDS | NONE_WORDS)
)
"""Words that make a line a code (or pins), typos and all."""
_COLOUR_WORDS: Final = [w for c in GENERIC_COLOURS for w in c.words]
_NUMBER_WORDS: Final = frozenset(
    {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
    | {"null", "ein", "eins", "eine", "zwei", "drei", "vier", "fünf", "fuenf", "sechs"}
    | {"sieben", "acht", "neun", "zehn"}
)
"""Counts written out (``zwei eins`` at a pins prompt): a code or pins, never a command."""
_CRITERIA_WORDS: Final[dict[str, Command | None]] = {
    **dict.fromkeys(("show", "screen", "cards", "zeige", "zeigen", "karten"), BOARD),
    **dict.fromkeys(("resign", "surrender"), GIVE_UP),
    **dict.fromkeys(
        (
            *("compose", "test", "done", "solve", "submit", "guess", "pass", "skip", "note"),
            *("notes", "strike", "unstrike", "mark", "save", "eingabe", "eingeben", "teste"),
            *("testen", "prüfe", "pruefe", "fertig", "genug", "löse", "lösen", "loese"),
            *("loesen", "lösung", "passe", "passen", "notiz", "notiere", "notizen"),
            *("streiche", "streichen", "markiere", "markieren", "speichere", "speichern"),
            "verlassen",
        ),
        None,
    ),
}
"""Single words of the criteria game's commands, and the command here that does the same
(``show`` → board), if any: typed alone, they are a command mistyped, not a code."""
_SEPARATORS: Final = re.compile(r"[\s,;/+]+")


def mistyped_command(text: str, positions: int, commands: Sequence[Command]) -> str | None:
    """The error for ``text`` when it is plainly a command mistyped rather than a code (or
    pins) of ``positions`` pegs; None when it should be read as a code, whose own error then
    says what to mend. ``commands`` are the commands of the prompt, listed for ``?``."""
    line = " ".join(text.lower().split())
    if not line:
        return None
    listed = ", ".join(c.shown for c in commands)
    if any(line in c.words for c in commands):
        return None  # the prompt's own command, which the prompt reads itself
    if any(line in c.words for c in COMMANDS):
        return _(
            "{typed} is not a command of this prompt; the commands here are {commands}"
        ).format(typed=repr(text.strip()), commands=listed)
    if line in _CRITERIA_WORDS and not set(line) <= _CODE_CHARS:
        same = _CRITERIA_WORDS[line]
        if same is None or same not in commands:
            return _("unknown command {typed}; the commands here are {commands}").format(
                typed=repr(text.strip()), commands=listed
            )
        return _("unknown command {typed}; did you mean {command}?").format(
            typed=repr(text.strip()), command=same.shown
        )
    words = line.replace(",", " ").split()
    if any(word in _CODE_WORDS for word in words):
        return None
    command = _starts_with_command(line, commands) or _near_miss(line, words[0], commands)
    if command is None:
        return _unknown_words(text, commands)
    if command not in commands:  # a near miss of another prompt's command
        return _(
            "{typed} is not a command of this prompt; the commands here are {commands}"
        ).format(typed=repr(text.strip()), commands=listed)
    # the command's word in the language in use, whichever spelling was nearly typed
    return _("unknown command {typed}; did you mean {command}?").format(
        typed=repr(text.strip()), command=command.shown
    )


def _unknown_words(text: str, commands: Sequence[Command]) -> str | None:
    """The error for a line of words that are no code (``show board``), naming its first
    word; None when the line may be a code or pins with a typo (``X G B R``)."""
    typed = [w for w in _SEPARATORS.split(text.strip()) if w]
    words = [w.lower() for w in typed]
    if len(words) < 2 or _code_part(words[0]) or all(_code_part(w) for w in words[1:]):
        return None
    return _("unknown command {typed}; the commands here are {commands}").format(
        typed=repr(typed[0]), commands=", ".join(c.shown for c in commands)
    )


def _code_part(word: str) -> bool:
    """Whether ``word`` can be part of a code or pins as typed, typos of colour words and all:
    colour keys of either language and digits (``RG``, ``2b1w``), one letter (a colour key
    mistyped), a colour, pin or number word, or a near miss of a colour word (``blua``)."""
    return (
        len(word) == 1
        or set(word) <= _CODE_CHARS
        or word in _CODE_WORDS
        or word in _NUMBER_WORDS
        or bool(difflib.get_close_matches(word, _COLOUR_WORDS, n=1, cutoff=CUTOFF))
    )


def names_a_command(typed: str) -> bool:
    """Whether ``typed``, or its first word, is a command of the prompts, in either
    language (``give up``, ``hint please``)."""
    spelled = " ".join(typed.lower().split())
    first = spelled.split(" ", 1)[0]
    return any(spelled in command.words or first in command.words for command in COMMANDS)


def _starts_with_command(line: str, commands: Sequence[Command]) -> Command | None:
    """``hint please`` → the hint command."""
    for command in (*commands, *COMMANDS):
        for word in command.words:
            if line.startswith(word + " "):
                return command
    return None


def _near_miss(line: str, first: str, commands: Sequence[Command]) -> Command | None:
    """The command ``line`` (or its first word) nearly names in either language."""
    for group in (commands, COMMANDS):
        spellings = {w: c for c in group for w in c.words}
        for typed in (line, first):
            found = difflib.get_close_matches(typed, list(spellings), n=1, cutoff=CUTOFF)
            if found:
                return spellings[found[0]]
    return None
