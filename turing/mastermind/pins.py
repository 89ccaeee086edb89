"""Pins as a person types them: counts, letters, or whole words in English or German.

The codemaker answers a guess with two counts: pins for right colour in the right place
(black, or red in Superhirn) and pins for right colour in the wrong place (white).

>>> parse_pins("2 1", 4), parse_pins("2b1w", 4), parse_pins("bbw", 4)
(Feedback(black=2, white=1), Feedback(black=2, white=1), Feedback(black=2, white=1))
>>> parse_pins("rot rot weiß", 4), parse_pins("2 schwarz, 1 weiss", 4), parse_pins("ssw", 4)
(Feedback(black=2, white=1), Feedback(black=2, white=1), Feedback(black=2, white=1))
>>> parse_pins("-", 4), parse_pins("2-1", 4), parse_pins("4", 4)
(Feedback(black=0, white=0), Feedback(black=2, white=1), Feedback(black=4, white=0))
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from turing.i18n import _
from turing.mastermind.scoring import Feedback, FeedbackError, check_feedback

HIT_WORDS: Final = frozenset({"black", "schwarz", "red", "rot"})
WHITE_WORDS: Final = frozenset({"white", "weiß", "weiss"})
HIT_LETTERS: Final = "bsr"
"""b (black), s (schwarz), r (red/rot): right colour, right place."""
WHITE_LETTERS: Final = "w"
NONE_WORDS: Final = frozenset({"-", "none", "nothing", "keine", "nichts", "0"})
_TOKEN = re.compile(r"\d+|[^\W\d_]+")
_SEPARATORS = re.compile(r"[\s,/+;]*")


def parse_pins(text: str, positions: int, hit_pin: str = "black") -> Feedback:
    """The pins typed for one row; :class:`FeedbackError` says what is wrong.

    Accepted: black then white as two numbers (``2 1``, ``2,1``, ``2/1``, ``2-1``); one
    digit alone for that many black pins and no white (``4``, a solved row of four); counts
    with a pin word or letter (``2b1w``, ``2 red 1 white``, ``2 rot, 1 weiß``); one letter
    or word per pin (``bbw``, ``rrw``, ``ssw``, ``rot rot weiß``); ``-`` or ``none`` for no
    pins. Digits run together (``21``) are refused: two counts or one number?
    """
    compact = unicodedata.normalize("NFKC", text).strip().lower()  # full-width forms too
    if compact in NONE_WORDS:
        return _checked(Feedback(0, 0), positions, hit_pin)
    if re.fullmatch(r"\d", compact):
        return _checked(Feedback(int(compact), 0), positions, hit_pin)
    numbers = re.fullmatch(r"(\d+)\s*[\s,/-]\s*(\d+)", compact)
    if numbers:
        return _checked(Feedback(int(numbers[1]), int(numbers[2])), positions, hit_pin)
    tokens = _tokens(compact)
    if tokens is None:
        raise _not_pins(text, hit_pin)
    hits = whites = 0
    count: int | None = None
    for token in tokens:
        if token.isdigit():
            if count is not None:
                raise _not_pins(text, hit_pin)
            count = int(token)
            continue
        kind = _kind(token)
        if kind is not None:
            if kind == "hit":
                hits += 1 if count is None else count
            else:
                whites += 1 if count is None else count
        elif count is None and all(c in HIT_LETTERS + WHITE_LETTERS for c in token):
            hits += sum(c in HIT_LETTERS for c in token)
            whites += token.count("w")
        else:
            raise _not_pins(text, hit_pin)
        count = None
    if count is not None or not tokens:
        raise _not_pins(text, hit_pin)
    return _checked(Feedback(hits, whites), positions, hit_pin)


def _tokens(compact: str) -> list[str] | None:
    """Numbers and words, or None when anything else sits between them."""
    tokens: list[str] = []
    position = 0
    for found in _TOKEN.finditer(compact):
        if not _SEPARATORS.fullmatch(compact, position, found.start()):
            return None
        tokens.append(found.group())
        position = found.end()
    if not _SEPARATORS.fullmatch(compact, position, len(compact)):
        return None
    return tokens


def _kind(token: str) -> str | None:
    if token in HIT_WORDS or (len(token) == 1 and token in HIT_LETTERS):
        return "hit"
    if token in WHITE_WORDS or token == "w":
        return "white"
    return None


def _checked(pins: Feedback, positions: int, hit_pin: str) -> Feedback:
    check_feedback(pins, positions, hit_pin)
    return pins


def _not_pins(text: str, hit_pin: str) -> FeedbackError:
    """Why ``text`` is no pins, in the words of the game played: its pins for the right
    colour in the right place are ``hit_pin`` (black, or red in Superhirn)."""
    shown = text.strip()
    if hit_pin == "red":
        advice = _(
            "type red then white like '2 1', '2,1' or '2-1', one digit for red alone like "
            "'4', pins like 'rrw' or 'red red white', or '-' for none"
        )
    else:
        advice = _(
            "type black then white like '2 1', '2,1' or '2-1', one digit for black alone "
            "like '4', pins like 'bbw' or 'black black white', or '-' for none"
        )
    if not shown.isprintable():
        return FeedbackError(_("that line is not pins: {advice}").format(advice=advice))
    return FeedbackError(
        _("{typed} is not pins: {advice}").format(typed=repr(shown), advice=advice)
    )
