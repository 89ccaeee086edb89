"""The game's own words as a reader sees them, in the language in use: modes, tiers and
shapes. The library keeps the English names as data (files, transcripts, JSON); the views
call these when they draw."""

from __future__ import annotations

from turing.core.cards import TIER_LABELS
from turing.core.codes import SHAPE_NAMES
from turing.core.puzzle import Mode, ModeError
from turing.i18n import _, ngettext


def mode_name(mode: str) -> str:
    """``classic`` → ``classic`` / ``Klassisch`` (:meth:`Mode.label`; an unknown mode stays
    as it is)."""
    try:
        return Mode.parse(mode).label()
    except ModeError:
        return mode


def tier_name(tier: str) -> str:
    """``easy`` → ``easy`` / ``leicht`` (an unknown tier stays as it is)."""
    return _(TIER_LABELS[tier]) if tier in TIER_LABELS else tier


def shape_name(shape: str) -> str:
    """``b`` → ``blue`` / ``blau``."""
    names = {"b": _("blue"), "y": _("yellow"), "p": _("purple")}
    return names.get(shape, SHAPE_NAMES.get(shape, shape))


def left_this_round(n: int) -> str:
    """How many tests a player has left this round, in brackets: none said in words."""
    if n == 0:
        return _("(no tests left this round)")
    return ngettext("({n} test left this round)", "({n} tests left this round)", n).format(n=n)
