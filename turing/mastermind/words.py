"""How the players of a match are spoken of, in the language in use: a person by name (or,
the one person known as You, spoken to), the one computer of a match as *the computer*
(German ``der Computer``: ``Der Code des Computers``, ``Punkte für den Computer``), which is
no name to put into a sentence as it stands."""

from __future__ import annotations

from collections.abc import Sequence

from turing.i18n import _, format_points, pgettext
from turing.mastermind.match import Seat, is_the_computer
from turing.mastermind.match import subject as subject  # (spoken of here, kept there)


def is_you(seat: Seat) -> bool:
    """Whether ``seat`` is the one person known by the default name You."""
    return seat.human and seat.name == _("You")


def code_was(seat: Seat) -> str:
    """``Ann's code was `` / ``Your code was `` / ``The computer's code was ``, to be
    followed by the code."""
    if is_you(seat):
        return _("Your code was ")
    if is_the_computer(seat):
        return _("The computer's code was ")
    return _("{name}'s code was ").format(name=seat.name)


def against_code(breaker: str, maker: Seat) -> str:
    """The head of a breaker's rows: ``Ann against Bob's code``, ``… against your code``,
    ``… against the computer's code``."""
    if is_you(maker):
        return _("{breaker} against your code").format(breaker=breaker)
    if is_the_computer(maker):
        return _("{breaker} against the computer's code").format(breaker=breaker)
    return _("{breaker} against {maker}'s code").format(breaker=breaker, maker=maker.name)


def points_to(seat: Seat) -> str:
    """Whom points go to, as ``{points} to {name}`` puts it: the name, or *the computer*
    (German ``den Computer``)."""
    if is_the_computer(seat):
        return pgettext("points to", "the computer")
    return seat.name


def default_name(human: bool, of_kind: int, place: int) -> str:
    """The name a seat gets when none is given, in the language in use: the one person is
    You, two are Player 1 and Player 2; the one computer is Computer, two are Computer 1
    and Computer 2 (``of_kind``: the seats of its kind; ``place``: 0 or 1)."""
    if human:
        return _("You") if of_kind == 1 else _("Player {n}").format(n=place + 1)
    return _("Computer") if of_kind == 1 else _("Computer {n}").format(n=place + 1)


def sentence(text: str, seat: Seat) -> str:
    """``text``, a sentence that may begin with ``seat`` as :func:`subject` puts it, with a
    capital first letter when the seat is *the computer* (``The computer gave up``, German
    ``Der Computer hat den Code geknackt``); a name stays as it was given."""
    return text[:1].upper() + text[1:] if is_the_computer(seat) else text


def score(seats: Sequence[Seat], scores: tuple[float, float]) -> str:
    """Both seats' points, each by the name it plays under (the one person's ``You: 2``
    too), a name kept apart from its points (``Computer 1: 4``): ``Ann: 2, Bob: 1.5``
    (German ``Ann 2; Bob 1,5``, as the comma marks decimals)."""
    first, second = (
        pgettext("a player's score", "{name}: {points}").format(
            name=seat.name, points=format_points(points)
        )
        for seat, points in zip(seats, scores, strict=True)
    )
    return pgettext("two scores", "{first}, {second}").format(first=first, second=second)


def score_after(game: int, games: int, seats: Sequence[Seat], scores: tuple[float, float]) -> str:
    """The score once ``game`` of ``games`` is over: ``Score after game 1 of 2: Ann: 0,
    Bob: 2.``"""
    return _("Score after game {game} of {games}: {score}.").format(
        game=game, games=games, score=score(seats, scores)
    )


def final_score(
    seats: Sequence[Seat], scores: tuple[float, float], winner: int | None, you: bool
) -> str:
    """The score at the end of the match and who won it: ``Final score: Ann: 2, Bob: 2;
    a draw.``; ``you``: the winner is the person spoken to (``…; you win.``)."""
    points = score(seats, scores)
    if winner is None:
        return _("Final score: {score}; a draw.").format(score=points)
    if you:
        return _("Final score: {score}; you win.").format(score=points)
    if is_the_computer(seats[winner]):
        return _("Final score: {score}; the computer wins.").format(score=points)
    return _("Final score: {score}; {name} wins.").format(score=points, name=subject(seats[winner]))
