"""The game's own words as a reader sees them, in the language in use: modes, tiers and
shapes. The library keeps the English names as data (files, transcripts, JSON); the views
call these when they draw."""

from __future__ import annotations

from turing.core.codes import SHAPE_NAMES
from turing.i18n import _, ngettext


def mode_name(mode: str) -> str:
    """``classic`` → ``classic`` / ``klassisch`` (an unknown mode stays as it is)."""
    names = {"classic": _("classic"), "extreme": _("extreme"), "nightmare": _("nightmare")}
    return names.get(mode, mode)


def tier_name(tier: str) -> str:
    """``easy`` → ``easy`` / ``leicht`` (an unknown tier stays as it is)."""
    names = {"easy": _("easy"), "standard": _("standard"), "hard": _("hard")}
    return names.get(tier, tier)


def shape_name(shape: str) -> str:
    """``b`` → ``blue`` / ``blau``."""
    names = {"b": _("blue"), "y": _("yellow"), "p": _("purple")}
    return names.get(shape, SHAPE_NAMES.get(shape, shape))


def left_this_round(n: int) -> str:
    """How many tests a player has left this round, in brackets: none said in words."""
    if n == 0:
        return _("(no tests left this round)")
    return ngettext("({n} test left this round)", "({n} tests left this round)", n).format(n=n)
