"""Players' names, taken by the same rules in every game turing plays (``turing play``,
``turing mastermind``): a name is not blank, holds at most :data:`MAX_NAME` printable
characters and no ``;`` or ``#``, and two players' names differ in more than case (on the
screen, and to a person reading it aloud, ``Ann`` and ``ann`` are one name)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from turing.i18n import _

MAX_NAME: Final = 32


def name_problem(name: str, taken: Iterable[str]) -> str | None:
    """Why ``name`` cannot be a player's beside the players named ``taken``, in one line,
    or None."""
    if not name.strip():
        return _("{name!r} is a blank name: give each player a name of their own").format(name=name)
    if len(name) > MAX_NAME or any(ch in name for ch in ";#") or not name.isprintable():
        return _(
            "{name!r} is not a usable name (at most {n} printable characters, no ; or #)"
        ).format(name=name, n=MAX_NAME)
    for other in taken:
        if other == name:
            return _("two players are called {name!r}").format(name=name)
        if other.casefold() == name.casefold():  # told apart on the screen by case alone
            return _(
                "{first!r} and {second!r} differ only in case: give each player a name of their own"
            ).format(first=other, second=name)
    return None
