"""Players the program plays: the bot protocol, the registry, and the shipped strategies.

A bot sees only a :class:`~turing.play.game.PlayerView` — the public puzzle, its own tests and
the round so far — and answers three questions: which code to compose, which verifier to
test next (or stop), and which code to submit (or pass).

* ``bot:random`` — legal and weak: random codes and verifiers; submits when its own
  deduction leaves one code, and sometimes gambles on a candidate before that.
* ``bot:greedy`` — chooses the code and the verifiers that split the remaining
  hypotheses best (fewest solution codes left, on average, after the round), and submits
  only when sure.

``BOTS`` maps a strategy name to a factory taking a seeded :class:`random.Random`; other
modules may add entries (e.g. ``bot:optimal``). :func:`play_turn` runs one bot's whole
turn on a :class:`~turing.play.game.Game`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import Final, Protocol

from turing.analysis.greedy import GreedyBot, candidate_codes
from turing.analysis.search import OptimalBot
from turing.core.codes import CODE_TEXT, NUM_CODES
from turing.core.errors import TuringError
from turing.core.knowledge import TESTS_PER_ROUND, PlayerView
from turing.i18n import _
from turing.play.game import Compose, Game, GameError, GameResult, Pass, Solve, Test

BOT_PREFIX: Final = "bot:"


class Bot(Protocol):
    name: str

    def compose(self, view: PlayerView) -> str:
        """The code for this round."""
        ...

    def next_test(self, view: PlayerView) -> int | None:
        """The next verifier to test this round (index), or None to stop testing."""
        ...

    def decide(self, view: PlayerView) -> str | None:
        """The code to submit, or None to pass."""
        ...


BotFactory = Callable[[random.Random], Bot]


class BotError(TuringError):
    """An unknown bot strategy."""


# -- bots -----------------------------------------------------------------------------------


class RandomBot:
    """Legal and weak: random code, one to three random verifiers, rare gambles."""

    name = "bot:random"
    #: chance of stopping after each test once one is made
    STOP: Final = 0.4
    #: chance of submitting a random candidate code while several remain
    GAMBLE: Final = 0.15

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def compose(self, view: PlayerView) -> str:
        return CODE_TEXT[self.rng.randrange(NUM_CODES)]

    def next_test(self, view: PlayerView) -> int | None:
        left = [v for v in range(view.verifiers) if v not in view.tested_this_round]
        if not left or len(view.tested_this_round) >= TESTS_PER_ROUND:
            return None
        if view.tested_this_round and self.rng.random() < self.STOP:
            return None
        return self.rng.choice(left)

    def decide(self, view: PlayerView) -> str | None:
        codes = candidate_codes(view)
        if len(codes) == 1:
            return codes[0]
        if codes and self.rng.random() < self.GAMBLE:
            return self.rng.choice(codes)
        return None


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "optimal": OptimalBot,
}


#: The number a game puts after a bot's kind when two bots of that kind play (bot:greedy-2).
_NUMBERED: Final = re.compile(r"-[0-9]+$")


def bot_name(spec: str) -> str:
    """The name of the bot ``spec`` names in a game: ``bot:KIND``, or ``bot:KIND-N`` as
    written so (checked with :func:`bot_kind`)."""
    kind = bot_kind(spec)
    number = _NUMBERED.search(spec.strip())
    return f"{BOT_PREFIX}{kind}{number.group() if number else ''}"


def is_bot(spec: str) -> bool:
    """True for a player given as ``bot:NAME``."""
    return spec.strip().lower().startswith(BOT_PREFIX)


def bot_kind(spec: str) -> str:
    """``bot:greedy`` → ``greedy`` (checked against the registry); ``bot:greedy-2``, the
    name a game gives a second bot of a kind, → ``greedy`` too."""
    text = spec.strip()
    kind = text[len(BOT_PREFIX) :] if text.lower().startswith(BOT_PREFIX) else text
    kind = _NUMBERED.sub("", kind.strip().lower())
    if kind not in BOTS:
        raise BotError(
            _("no bot {text!r} (bots: {items})").format(
                text=text, items=", ".join(BOT_PREFIX + k for k in sorted(BOTS))
            )
        )
    return kind


def make_bot(spec: str, rng: random.Random) -> Bot:
    """A bot from ``bot:NAME`` (or ``NAME``) and its own random generator."""
    return BOTS[bot_kind(spec)](rng)


# -- driving bots on a game -----------------------------------------------------------------


def play_turn(game: Game, name: str, bot: Bot) -> None:
    """Run one bot's whole turn: compose, test while it wants, then solve or pass.

    A turn already under way (a code tested this round) goes on with that code.
    """
    if game.phase(name) == "test":
        if not game.view(name).tested_this_round:
            game.apply(name, Compose(bot.compose(game.view(name))))
        while game.phase(name) == "test":
            view = game.view(name)
            if view.tests_left_this_round <= 0:
                break
            verifier = bot.next_test(view)
            if verifier is None:
                break
            game.apply(name, Test(verifier))
    decision = bot.decide(game.view(name))
    game.apply(name, Solve(decision) if decision is not None else Pass())


def run_game(game: Game, bots: Mapping[str, Bot], max_rounds: int = 10_000) -> GameResult:
    """Play a game whose remaining players are all bots to the end."""
    while not game.is_terminal():
        if game.round > max_rounds:
            raise GameError(_("no result after {max_rounds} rounds").format(max_rounds=max_rounds))
        for name in game.to_act():
            if name not in bots:
                raise GameError(_("{name} is not a bot").format(name=name))
            play_turn(game, name, bots[name])
    return game.result()


__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "GreedyBot",
    "RandomBot",
    "bot_kind",
    "candidate_codes",
    "is_bot",
    "make_bot",
    "play_turn",
    "run_game",
]
