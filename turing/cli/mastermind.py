"""`turing mastermind`: play the code-breaking presets and simulate strategies.

A thin client: the rules live in :mod:`turing.mastermind.match`, the strategies in
:mod:`turing.mastermind.strategies`; this module parses, asks, and renders.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click
import numpy as np
from rich.console import Console
from rich.text import Text

from turing.cli.output import EXIT_PROBLEM, emit_json, fail, stderr_console, stdout_console
from turing.mastermind.engine import Engine
from turing.mastermind.match import (
    Duel,
    DuelMove,
    DuelOver,
    Event,
    FalseFeedback,
    GameOver,
    GameStarted,
    Match,
    MatchError,
    Phase,
    Row,
    RowPlayed,
    Seat,
)
from turing.mastermind.presets import PRESETS, CodeError, Preset, PresetError, get_preset
from turing.mastermind.scoring import Feedback, FeedbackError
from turing.mastermind.simulate import SimulationError, sample_secrets, simulate
from turing.mastermind.space import Code, SpaceError
from turing.mastermind.strategies import STRATEGIES, Strategy, StrategyError, make_strategy

DEFAULT_STRATEGY = "most-parts"

GRAMMAR = """\b
Commands (typed at the prompt, or one per line on stdin when it is not a terminal):
  at a guess prompt     a code: colour letters RGBY, digits 1234 (colour 1 first),
                        or colour names "red green blue yellow"; "." or 0 is an
                        empty hole in games that use it
  at a feedback prompt  black then white: "2 1", "2b1w", pins "bbw" ("r" for the
                        red pins of Superhirn), or "-" for no pins
  at a secret prompt    a code, or "random" for a random one
  anywhere              "board" shows the rows so far, "help" the commands,
                        "quit" abandons the match
Blank lines and lines starting with # are skipped. A line that is not a command
gets one error line and the prompt asks again. Exit status: 0 when the match is
finished, 1 when it is abandoned (quit or end of input), 2 for bad options."""


def preset_options(func: Callable[..., None]) -> Callable[..., None]:
    """The options that choose a preset and change it into a custom game; the command
    gets the resulting :class:`Preset` as ``game``."""

    @functools.wraps(func)
    def command(
        *,
        preset: str,
        positions: int | None,
        colours: int | None,
        repeats: bool | None,
        duplicates: bool,
        blank: bool,
        rows: int | None,
        **rest: Any,
    ) -> None:
        if duplicates:
            if repeats is False:
                fail("--duplicates and --no-repeats contradict each other")
            repeats = True
        try:
            game = get_preset(
                preset,
                positions=positions,
                colours=colours,
                repeats=repeats,
                rows=rows,
                blank=blank,
            )
        except (PresetError, SpaceError) as error:
            fail(str(error))
        func(game=game, **rest)

    options = [
        click.option(
            "--preset",
            type=click.Choice(list(PRESETS)),
            default="classic",
            show_default=True,
            help="The game: classic 4×6, superhirn 4×8, logik 5×8, master-collor 5×6.",
        ),
        click.option("--positions", type=int, help="Custom number of positions (1–8)."),
        click.option("--colours", type=int, help="Custom number of colours (2–9)."),
        click.option(
            "--repeats/--no-repeats",
            default=None,
            help="Whether a colour may appear more than once (default: the preset's rule).",
        ),
        click.option(
            "--duplicates",
            is_flag=True,
            help="Superhirn's variant: colours may repeat (same as --repeats).",
        ),
        click.option(
            "--blank",
            is_flag=True,
            help="Superhirn's ninth colour: an empty hole counts as a colour.",
        ),
        click.option("--rows", type=int, help="Custom number of rows on the board."),
    ]
    decorated: Callable[..., None] = command
    for option in reversed(options):
        decorated = option(decorated)
    return decorated


@click.group(name="mastermind")
def mastermind() -> None:
    """Superhirn, Logik, Master Collor and classic Mastermind: play them, or simulate
    the computer's codebreaking strategies."""


@mastermind.command("presets")
def presets_command() -> None:
    """List the presets: board, colours and match rules."""
    out = stdout_console()
    for preset in PRESETS.values():
        rules = (
            "duel: both break at once, first to crack wins"
            if preset.mode == "duel"
            else f"codemaker scores a point per row, {preset.unsolved_points} if unsolved"
        )
        out.print(f"{preset.name:<14} {preset.describe()}; {rules}", markup=False)
        out.print(f"{'':<14} colours {preset.palette.legend()}", markup=False)


# ---------------------------------------------------------------- simulate


@mastermind.command("simulate")
@preset_options
@click.option(
    "--strategy",
    type=click.Choice(sorted(STRATEGIES)),
    default=DEFAULT_STRATEGY,
    show_default=True,
    help="How the computer breaks codes.",
)
@click.option("--all", "every", is_flag=True, help="Every secret of the space (the default).")
@click.option("--sample", type=int, help="N secrets drawn at random with --seed.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for samples and chance.")
@click.option("--json", "as_json", is_flag=True, help="Print only a JSON summary.")
@click.option(
    "--transcript",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write one JSON line per game to FILE.",
)
def simulate_command(
    game: Preset,
    strategy: str,
    every: bool,
    sample: int | None,
    seed: int,
    as_json: bool,
    transcript: Path | None,
) -> None:
    """Let a strategy break every secret (or a sample) and total the guesses.

    A game that uses every row of the board without cracking the code is unsolved and
    counts all its rows.
    """
    if every and sample is not None:
        fail("--all and --sample exclude each other")
    breaker = _strategy(strategy, seed)
    engine = Engine(game.space)
    try:
        secrets = None if sample is None else sample_secrets(len(game.space), sample, seed)
        summary, records = simulate(engine, breaker, secrets, max_rows=game.rows)
    except (StrategyError, SimulationError) as error:
        fail(str(error))
    if transcript is not None:
        _write_lines(transcript, (json.dumps(r.to_json(engine)) for r in records))
    histogram = {str(k): summary.histogram[k] for k in sorted(summary.histogram)}
    if as_json:
        emit_json(
            {
                "preset": game.name,
                "strategy": strategy,
                "games": summary.games,
                "total_guesses": summary.total_guesses,
                "mean": round(summary.mean, 6),
                "max": summary.max_guesses,
                "histogram": histogram,
                "seconds": round(summary.seconds, 3),
                "unsolved": summary.unsolved,
            }
        )
        return
    out = stdout_console()
    scope = "every secret" if sample is None else f"a sample of {sample:,} (seed {seed})"
    out.print(f"{game.describe()} · {strategy} · {scope}", markup=False)
    out.print(
        f"games {summary.games:,}  total guesses {summary.total_guesses:,}  "
        f"mean {summary.mean:.4f}  max {summary.max_guesses}  "
        f"unsolved {summary.unsolved}  ({summary.seconds:.2f} s)",
        markup=False,
    )
    out.print("guesses  " + "  ".join(f"{k:>6}" for k in histogram), markup=False)
    out.print("games    " + "  ".join(f"{v:>6}" for v in histogram.values()), markup=False)


def _write_lines(path: Path, lines: Iterable[str]) -> None:
    """Write atomically: a temporary file beside ``path``, then a rename."""
    directory = path.resolve().parent
    try:
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            for line in lines:
                stream.write(line + "\n")
        os.replace(temporary, path)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}", EXIT_PROBLEM)


def _strategy(name: str, seed: int) -> Strategy:
    try:
        return make_strategy(name, seed=seed)
    except StrategyError as error:
        fail(str(error))


# ---------------------------------------------------------------- play


class Abandon(Exception):
    """The player quit, or the input ended, before the match was over."""


class Prompter:
    """Asks for one command: ``click.prompt`` on a terminal, the next line of a script else."""

    def __init__(self, out: Console, err: Console) -> None:
        self.out = out
        self.err = err
        self.stdin = sys.stdin
        self.interactive = self.stdin.isatty()

    def ask(self, prompt: str, *, hidden: bool = False) -> str:
        """The next non-empty command; ``help`` and ``quit`` are handled by the caller."""
        while True:
            if self.interactive:
                try:
                    answer = click.prompt(prompt, default="", show_default=False, hide_input=hidden)
                    text = str(answer).strip()
                except (click.Abort, EOFError):
                    raise Abandon("input ended") from None
            else:
                try:
                    line = self.stdin.readline()
                except UnicodeDecodeError:
                    raise Abandon("the input is not UTF-8 text") from None
                if not line:
                    raise Abandon("input ended")
                text = line.strip()
                if text and not text.startswith("#"):
                    shown = "(hidden)" if hidden else text
                    self.out.print(f"{prompt}: {shown}", markup=False, soft_wrap=True)
            if text and not text.startswith("#"):
                if text.lower() in ("quit", "exit", "resign"):
                    raise Abandon("quit")
                return text

    def error(self, message: str) -> None:
        self.err.print(f"error: {message}", markup=False, soft_wrap=True)


class Table:
    """Renders codes, rows and events for one preset."""

    def __init__(
        self, preset: Preset, seats: tuple[Seat, Seat], out: Console, *, duel: bool, seed: int
    ) -> None:
        self.preset = preset
        self.seats = seats
        self.out = out
        self.duel = duel
        self.rng = np.random.default_rng([seed, 7])

    def random_code(self) -> Code:
        """A secret for a person who typed ``random`` (drawn from --seed)."""
        return self.preset.space.code(int(self.rng.integers(len(self.preset.space))))

    def code(self, code: Code) -> Text:
        palette = self.preset.palette
        text = Text()
        for symbol in code:
            colour = palette.colour(symbol)
            text.append(colour.letter, style=colour.style)
        return text

    def row(self, number: int, row: Row, who: str = "") -> Text:
        text = Text(f"{who}{number:>3}  ")
        text.append_text(self.code(row.guess))
        fb = row.feedback
        text.append(f"   {fb.black} black {fb.white} white")
        return text

    def say(self, message: str | Text) -> None:
        if isinstance(message, Text):
            self.out.print(message, soft_wrap=True)
        else:
            self.out.print(message, markup=False, soft_wrap=True)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def events(self, events: list[Event]) -> None:
        for event in events:
            self.event(event)

    def event(self, event: Event) -> None:
        if isinstance(event, GameStarted):
            self._started(event)
        elif isinstance(event, RowPlayed):
            self.say(self.row(event.number, event.row))
        elif isinstance(event, FalseFeedback):
            rows = _and([str(r) for r in event.rows])
            plural = "row" if len(event.rows) == 1 else "rows"
            self.say(
                f"False feedback: no code gives {plural} {rows} the pins they got. "
                f"The game restarts; {event.points} points to {self.name(event.breaker)} "
                "for the false feedback (Master Collor's rule)."
            )
        elif isinstance(event, GameOver):
            self._game_over(event)
        elif isinstance(event, DuelMove):
            for player in (0, 1):
                self.say(self.row(event.number, event.rows[player], f"{self.name(player):<10}"))
        elif isinstance(event, DuelOver):
            first = Text(f"{self.name(0)}'s code was ")
            first.append_text(self.code(event.secrets[0]))
            first.append(f", {self.name(1)}'s was ")
            first.append_text(self.code(event.secrets[1]))
            self.say(first)
            if event.winner is None:
                self.say(f"Game {event.game}: a draw ({event.reason}).")
            else:
                self.say(f"Game {event.game} won by {self.name(event.winner)} ({event.reason}).")
        else:
            scores = ", ".join(f"{self.name(i)} {event.scores[i]:g}" for i in (0, 1))
            verdict = "a draw" if event.winner is None else f"winner {self.name(event.winner)}"
            self.say(f"Final score: {scores}; {verdict}.")

    def _started(self, event: GameStarted) -> None:
        label = "restarts" if event.restart else "begins"
        if self.duel:
            self.say(f"Game {event.game} {label}: both set a code and break the other's.")
            return
        self.say(
            f"Game {event.game} {label}. Codemaker: {self.name(event.maker)}. "
            f"Codebreaker: {self.name(event.breaker)}."
        )

    def _game_over(self, event: GameOver) -> None:
        maker, breaker = self.name(event.maker), self.name(event.breaker)
        if event.solved:
            rows = "row" if event.rows_used == 1 else "rows"
            self.say(
                f"Code cracked by {breaker} in {event.rows_used} {rows}; "
                f"{event.points} points to {maker}."
            )
            return
        reveal = Text(f"Code not cracked by {breaker} in {event.rows_used} rows")
        if event.secret is not None:
            reveal.append(" (it was ")
            reveal.append_text(self.code(event.secret))
            reveal.append(")")
        reveal.append(f"; {event.points} points to {maker} ({event.rows_used} + 1).")
        self.say(reveal)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def parse_players(spec: str, strategy: str) -> tuple[Seat, Seat]:
    """``human,computer`` and the like; ``human:NAME`` names a person,
    ``computer:STRATEGY`` picks the computer's strategy."""
    entries = [part.strip() for part in spec.split(",")]
    if len(entries) != 2:
        fail(f"--players takes two players like 'human,computer', not {spec!r}")
    kinds = [e.partition(":")[0].lower() for e in entries]
    seats: list[Seat] = []
    for i, entry in enumerate(entries):
        kind, _, argument = entry.partition(":")
        kind = kind.lower()
        if kind == "human":
            default = "You" if kinds.count("human") == 1 else f"Player {i + 1}"
            seats.append(Seat(argument.strip() or default, human=True))
        elif kind == "computer":
            chosen = argument.strip() or strategy
            if chosen not in STRATEGIES:
                fail(f"unknown strategy {chosen!r}; choose one of {', '.join(sorted(STRATEGIES))}")
            name = "Computer" if kinds.count("computer") == 1 else f"Computer {i + 1}"
            seats.append(Seat(name, human=False, strategy=chosen))
        else:
            fail(f"a player is 'human[:NAME]' or 'computer[:STRATEGY]', not {entry!r}")
    if seats[0].name == seats[1].name:
        fail(f"the two players need different names, both are {seats[0].name!r}")
    return seats[0], seats[1]


@mastermind.command("play", epilog=GRAMMAR)
@preset_options
@click.option(
    "--role",
    type=click.Choice(["breaker", "maker", "duel"]),
    help="The first player's role in game 1 (default: duel for logik, breaker otherwise). "
    "Roles swap each game.",
)
@click.option(
    "--players",
    default="human,computer",
    show_default=True,
    help="Two players, each human[:NAME] or computer[:STRATEGY], e.g. 'human:Ann,human:Bob'.",
)
@click.option(
    "--games", type=click.IntRange(1, 100), default=1, show_default=True, help="Games agreed."
)
@click.option(
    "--strategy",
    type=click.Choice(sorted(STRATEGIES)),
    default=DEFAULT_STRATEGY,
    show_default=True,
    help="How the computer breaks codes.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed for secrets and chance.")
def play_command(
    game: Preset,
    role: str | None,
    players: str,
    games: int,
    strategy: str,
    seed: int,
) -> None:
    """Play a match in the terminal against the computer or each other.

    Breaker and maker roles follow Superhirn and Master Collor: the codemaker scores one
    point per row the codebreaker used, rows + 1 when the code is not cracked, roles swap
    each game, and after the agreed games the higher total wins. A person making a code
    for the computer keeps it secret and types the feedback; when the feedback stops
    admitting any code, the rows that conflict are named, the game restarts and the
    wronged codebreaker gets 3 points (Master Collor's rule; the Superhirn text can also
    be read as a penalty, we follow Master Collor). Between two people the codemaker
    types the secret hidden and the engine scores.

    The duel follows Logik: both players set a code and break each other's at the same
    time; a move's results appear only when both have moved; the first to crack wins;
    both in the same move, or every row used by both, is a draw.
    """
    seats = parse_players(players, strategy)
    breakers: dict[str, Strategy] = {}
    for seat in seats:
        if seat.strategy is not None and seat.strategy not in breakers:
            breakers[seat.strategy] = _strategy(seat.strategy, seed)
    out, err = stdout_console(), stderr_console()
    chosen_role = role or ("duel" if game.mode == "duel" else "breaker")
    table = Table(game, seats, out, duel=chosen_role == "duel", seed=seed)
    prompter = Prompter(out, err)
    table.say(f"{game.describe()}. Colours: {game.palette.legend()}")
    try:
        if chosen_role == "duel":
            _play_duel(Duel(game, seats, games, seed), table, prompter, breakers)
        else:
            first = 0 if chosen_role == "breaker" else 1
            _play_match(Match(game, seats, games, first, seed), table, prompter, breakers)
    except Abandon as reason:
        err.print(f"match abandoned: {reason}", markup=False, soft_wrap=True)
        raise SystemExit(EXIT_PROBLEM) from None


def _play_match(
    match: Match,
    table: Table,
    prompter: Prompter,
    breakers: dict[str, Strategy],
) -> None:
    preset = match.preset
    table.events(match.start())
    _explain_feedback(match, table)
    while match.phase is not Phase.OVER:
        seat = match.seats[match.to_act or 0]
        if match.phase is Phase.SECRET:
            code = _ask_code(prompter, table, f"{seat.name}, your secret code", hidden=True)
            events = match.set_secret(code)
        elif match.phase is Phase.GUESS:
            number = len(match.rows) + 1
            if seat.human:
                code = _ask_code(
                    prompter, table, f"{seat.name}, guess {number}", board=lambda: match.rows
                )
            else:
                assert seat.strategy is not None
                strategy = breakers[seat.strategy]
                index = strategy.choose(match.engine, match.history(), match.candidates())
                code = preset.space.code(index)
                if match.maker_types_feedback:
                    line = Text(f"{seat.name}, guess {number}: ")
                    line.append_text(table.code(code))
                    table.say(line)
            events = match.guess(code)
        else:
            assert match.pending is not None
            events = _ask_feedback(prompter, table, match)
        game_before = match.game
        table.events(events)
        if match.game != game_before or any(isinstance(e, FalseFeedback) for e in events):
            _explain_feedback(match, table)


def _explain_feedback(match: Match, table: Table) -> None:
    if match.maker_types_feedback and match.phase is Phase.GUESS and not match.rows:
        table.say(
            f"{match.seats[match.maker].name}: think of a secret code and keep it; "
            "type the pins for each guess as black then white, e.g. '1 2'."
        )


def _ask_feedback(prompter: Prompter, table: Table, match: Match) -> list[Event]:
    maker = match.seats[match.maker].name
    while True:
        text = prompter.ask(f"{maker}, pins for row {len(match.rows) + 1} (black white)")
        if _common_command(text, prompter, table, lambda: match.rows):
            continue
        try:
            return match.give_feedback(Feedback.parse(text))
        except (FeedbackError, MatchError) as error:
            prompter.error(str(error))


def _ask_code(
    prompter: Prompter,
    table: Table,
    prompt: str,
    *,
    hidden: bool = False,
    board: Callable[[], list[Row]] | None = None,
) -> Code:
    preset = table.preset
    while True:
        text = prompter.ask(prompt, hidden=hidden)
        if _common_command(text, prompter, table, board):
            continue
        if hidden and text.lower() == "random":
            return table.random_code()
        try:
            return preset.palette.parse(text, preset.space)
        except CodeError as error:
            prompter.error(str(error))


def _common_command(
    text: str, prompter: Prompter, table: Table, board: Callable[[], list[Row]] | None
) -> bool:
    word = text.lower()
    if word == "help":
        for line in GRAMMAR.splitlines()[1:]:
            table.say(line)
        return True
    if word == "board":
        rows = board() if board is not None else []
        if not rows:
            table.say("No rows yet.")
        for number, row in enumerate(rows, start=1):
            table.say(table.row(number, row))
        return True
    return False


def _rows_of(duel: Duel, player: int) -> Callable[[], list[Row]]:
    return lambda: duel.rows[player]


def _play_duel(
    duel: Duel,
    table: Table,
    prompter: Prompter,
    breakers: dict[str, Strategy],
) -> None:
    preset = duel.preset
    table.events(duel.start())
    while duel.phase is not Phase.OVER:
        events: list[Event] = []
        for player in duel.waiting_for():
            seat = duel.seats[player]
            if duel.phase is Phase.SECRET:
                code = _ask_code(prompter, table, f"{seat.name}, your secret code", hidden=True)
                events += duel.set_secret(player, code)
                continue
            number = len(duel.rows[player]) + 1
            if seat.human:
                code = _ask_code(
                    prompter, table, f"{seat.name}, guess {number}", board=_rows_of(duel, player)
                )
            else:
                assert seat.strategy is not None
                strategy = breakers[seat.strategy]
                index = strategy.choose(duel.engine, duel.history(player), duel.candidates(player))
                code = preset.space.code(index)
            events += duel.guess(player, code)
        table.events(events)
