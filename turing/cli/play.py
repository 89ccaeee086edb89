"""`turing play`: the criteria game in the terminal, hot-seat and against bots.

The game logic lives in :mod:`turing.play.game` and :mod:`turing.play.bots`; this module parses
typed commands, draws each player's private screen, reads a terminal or a script, writes
the transcript and the save file.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final, TextIO

import click
from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from turing.analysis.search import AnalysisTooLarge, next_test
from turing.cli.output import EXIT_OK, EXIT_PROBLEM, fail, stdout_console
from turing.core.cards import CardSet, cards_dir, load_cardset, shipped_cardsets
from turing.core.codes import SHAPE_NAMES, SHAPE_SYMBOLS, SHAPES, Code, CodeError
from turing.core.files import SourceError, atomic_write_text, read_text
from turing.core.puzzle import LETTERS, MODES, Puzzle, iter_puzzle_file, puzzle_cardset
from turing.generation.generator import generate_one
from turing.play.bots import Bot, BotError, bot_kind, is_bot, make_bot, play_turn
from turing.play.game import (
    TESTS_PER_ROUND,
    Compose,
    EndTests,
    Game,
    GameError,
    IllegalAction,
    Pass,
    Solve,
    Test,
    puzzles_dir,
    sample_puzzle_path,
)

SAVE_FORMAT: Final = "turing-play-save"
SAVE_VERSION: Final = 1
MAX_SAVE_BYTES: Final = 16 * 1024 * 1024
DEFAULT_PLAYER: Final = "player"

# -- the command grammar --------------------------------------------------------------------

COMMANDS: Final[dict[str, tuple[str, str]]] = {
    # name: (usage, what it does)
    "compose": ("compose CODE", "choose this round's code, e.g. compose 241 or c 2 4 1"),
    "test": (
        "test [CODE] V [V [V]]",
        "test the round's code against verifiers, in order (test A, test a b c, test 241 A C)",
    ),
    "done": ("done", "stop testing for this round (then solve or pass)"),
    "solve": ("solve CODE", "submit a code as the solution; wrong eliminates you"),
    "pass": ("pass", "do not submit this round"),
    "note": ("note V TEXT", "set your note on verifier V (note V alone clears it)"),
    "strike": (
        "strike V K | strike CARD.K",
        "strike criterion K of verifier V's card (or of a card on the table)",
    ),
    "unstrike": ("unstrike V K | unstrike CARD.K", "take a strike back"),
    "mark": (
        "mark SHAPE DIGIT… yes|no|clear",
        "mark digits of a shape on your grid: mark b 2 no, mark y4 yes, mark p 1 2 clear",
    ),
    "hint": ("hint [best]", "what you can infer now (counted); hint best: the best next test"),
    "show": ("show", "draw your screen again"),
    "help": ("help [COMMAND]", "this list, or one command"),
    "save": ("save [FILE]", "save the whole game (to FILE or the --save file)"),
    "quit": ("quit", "leave the game (it is saved first when --save was given)"),
}

ALIASES: Final[dict[str, str]] = {
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
    "n": "note",
    "notes": "note",
    "x": "strike",
    "s": "strike",
    "u": "unstrike",
    "m": "mark",
    "hints": "hint",
    "infer": "hint",
    "show": "show",
    "look": "show",
    "l": "show",
    "screen": "show",
    "board": "show",
    "h": "help",
    "?": "help",
    "q": "quit",
    "exit": "quit",
    "abandon": "quit",
}

GRAMMAR_HELP: Final = "\n".join(
    [f"  {usage:<32} {what}" for usage, what in COMMANDS.values()]
    + [
        "",
        "  Codes: three digits 1–5 for ▲ blue, ■ yellow, ● purple (241, 2 4 1 or 2,4,1).",
        "  Verifiers: letters A–F, any case. SHAPE: b y p (or blue, yellow, purple, ▲ ■ ●).",
        "  Short forms: c t d p n x u m h q, and ? for help. Several commands on one line",
        "  are separated by ';'. Lines starting with '#' are ignored.",
    ]
)


class CommandError(ValueError):
    """A typed command that cannot be understood (or not used now)."""


@dataclass(frozen=True)
class Command:
    name: str
    code: str | None = None
    verifiers: tuple[int, ...] = ()
    text: str = ""
    strikes: tuple[tuple[int | None, int | None, int], ...] = ()  # (verifier, card, position)
    marks: tuple[tuple[str, int], ...] = ()
    value: bool | None = None
    arg: str | None = None


_YES: Final = frozenset({"yes", "ok", "+", "✔", "✓", "true", "v", "on"})
_NO: Final = frozenset({"no", "x", "-", "✘", "✗", "false", "off"})
_CLEAR: Final = frozenset({"clear", "?", ".", "none", "blank", "·"})
_SHAPE_WORDS: Final[dict[str, str]] = {
    "b": "b",
    "blue": "b",
    "▲": "b",
    "triangle": "b",
    "y": "y",
    "yellow": "y",
    "■": "y",
    "square": "y",
    "p": "p",
    "purple": "p",
    "●": "p",
    "circle": "p",
}


def _code(text: str) -> str:
    try:
        return str(Code.parse(text))
    except CodeError as exc:
        raise CommandError(str(exc)) from None


def _letter(token: str, verifiers: int) -> int:
    letter = token.strip().upper()
    if len(letter) != 1 or letter not in LETTERS[:verifiers]:
        raise CommandError(
            f"no verifier {token!r}: this puzzle has {', '.join(LETTERS[:verifiers])}"
        )
    return LETTERS.index(letter)


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


def parse_command(line: str, verifiers: int) -> Command:
    """One typed command → :class:`Command`; :class:`CommandError` with a clear message."""
    stripped = line.strip()
    if not stripped:
        raise CommandError("empty command")
    head, _, rest = stripped.partition(" ")
    word = head.lower()
    name = ALIASES.get(word, word)
    if name not in COMMANDS:
        raise CommandError(f"unknown command {head!r} (type help for the commands)")
    rest = rest.strip()
    usage = COMMANDS[name][0]
    if name in ("compose", "solve"):
        if not rest:
            raise CommandError(f"usage: {usage}")
        return Command(name, code=_code(rest))
    if name == "test":
        tokens = _tokens(rest)
        digits = ""
        while tokens and tokens[0].isdigit() and len(digits) < 3:
            digits += tokens.pop(0)
        letters: list[int] = []
        for token in tokens:
            if not token.isalpha():
                raise CommandError(f"{token!r} is not a verifier letter (usage: {usage})")
            letters.extend(_letter(ch, verifiers) for ch in token)
        if not letters:
            raise CommandError(f"name the verifiers to test (usage: {usage})")
        if len(letters) > TESTS_PER_ROUND:
            raise CommandError(f"at most {TESTS_PER_ROUND} tests per round")
        return Command(name, code=_code(digits) if digits else None, verifiers=tuple(letters))
    if name in ("done", "pass", "show", "quit"):
        if rest:
            raise CommandError(f"{name} takes nothing after it (usage: {usage})")
        return Command(name)
    if name == "note":
        letter, _, text = rest.partition(" ")
        if not letter:
            raise CommandError(f"usage: {usage}")
        return Command(name, verifiers=(_letter(letter.rstrip(":"), verifiers),), text=text.strip())
    if name in ("strike", "unstrike"):
        return Command(name, strikes=_parse_strikes(rest, verifiers, usage))
    if name == "mark":
        marks, value = _parse_marks(rest, usage)
        return Command(name, marks=marks, value=value)
    if name == "hint":
        if rest.lower() in ("", "now"):
            return Command(name)
        if rest.lower() in ("best", "--best", "next"):
            return Command(name, arg="best")
        raise CommandError(f"usage: {usage}")
    if name == "help":
        return Command(name, arg=rest.lower() or None)
    # save
    return Command(name, arg=rest or None)


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
            raise CommandError(f"cannot read {token!r} (usage: {usage})")
    if not out:
        raise CommandError(f"name a criterion (usage: {usage})")
    return tuple(out)


def _parse_marks(rest: str, usage: str) -> tuple[tuple[tuple[str, int], ...], bool | None]:
    tokens = _tokens(rest)
    if len(tokens) < 2:
        raise CommandError(f"usage: {usage}")
    last = tokens[-1].lower()
    if last in _YES:
        value: bool | None = True
    elif last in _NO:
        value = False
    elif last in _CLEAR:
        value = None
    else:
        raise CommandError(f"end a mark with yes, no or clear, not {tokens[-1]!r}")
    marks: list[tuple[str, int]] = []
    shape: str | None = None
    for token in tokens[:-1]:
        low = token.lower()
        if low in _SHAPE_WORDS:
            shape = _SHAPE_WORDS[low]
            continue
        m = re.fullmatch(r"([a-z]+|[▲■●])([1-5]+)", low)
        if m and m.group(1) in _SHAPE_WORDS:
            shape = _SHAPE_WORDS[m.group(1)]
            marks.extend((shape, int(d)) for d in m.group(2))
        elif re.fullmatch(r"[1-5]+", low) and shape is not None:
            marks.extend((shape, int(d)) for d in low)
        elif shape is None:
            raise CommandError(f"name a shape first: b, y or p (usage: {usage})")
        else:
            raise CommandError(f"{token!r} is not a digit 1–5 (usage: {usage})")
    if not marks:
        raise CommandError(f"name the digits to mark (usage: {usage})")
    return tuple(marks), value


def split_line(line: str) -> list[str]:
    """The commands of one input line (separated by ';'); comments and blanks dropped."""
    text = line.strip()
    if not text or text.startswith("#"):
        return []
    return [part.strip() for part in text.split(";") if part.strip()]


# -- drawing a player's screen --------------------------------------------------------------

OK_MARK: Final = "✔"
NO_MARK: Final = "✘"


def _answer(result: bool, plain: bool) -> Text:
    if plain:
        return Text(OK_MARK if result else NO_MARK)
    return Text(OK_MARK, style="bold green") if result else Text(NO_MARK, style="bold red")


def _criterion_line(label: str, text: str, struck: bool, plain: bool) -> Text:
    body = f"{label} {text}"
    if struck:
        return Text(f"~~{body}~~" if plain else body, style="" if plain else "strike dim")
    return Text(body)


def _card_block(
    game: Game, card: int, struck: set[tuple[int, int]], plain: bool, labelled: bool
) -> Text:
    cs = game.cardset.card(card)
    out = Text()
    for i, crit in enumerate(cs.criteria):
        if i:
            out.append("\n")
        label = f"{card}.{crit.position}" if labelled else f"{crit.position}"
        out.append_text(_criterion_line(label, crit.text, (card, crit.position) in struck, plain))
    return out


def render_screen(game: Game, name: str, plain: bool) -> RenderableType:
    """Everything ``name`` may see: verifiers, cards, own tests, notes, grid."""
    view = game.view(name)
    notes = game.notes(name)
    puzzle = game.public
    mode = puzzle.mode_class
    table_box = None if plain else box.SIMPLE_HEAD
    parts: list[RenderableType] = []
    title = Text()
    title.append(f"Round {game.round}", style="bold")
    title.append(f" · {name}", style="bold cyan")
    title.append(
        f" · puzzle {puzzle.id or '—'} · {puzzle.mode} · {puzzle.verifiers} "
        f"verifiers · tests so far {len(view.tests)}"
    )
    if game.hints_allowed:
        title.append(f" · hints {game.hints_used(name)}")
    parts.append(title)

    verifiers = Table(box=table_box, show_edge=False, pad_edge=False, title_justify="left")
    with_notes = bool(notes.text)
    verifiers.add_column("")
    verifiers.add_column("card")
    if not mode.hidden_mapping:
        verifiers.add_column("criteria")
    if with_notes:
        verifiers.add_column("note")
    for v, letter in enumerate(puzzle.letters):
        row: list[RenderableType] = [Text(letter, style="bold")]
        if mode.hidden_mapping:
            row.append(Text("? (one of the cards below)", style="dim"))
        else:
            group = puzzle.cards[v]
            labelled = len(group) > 1
            row.append(
                Text(
                    "\n".join(f"{c} {game.cardset.card(c).title}" for c in group)
                    if not labelled
                    else " / ".join(str(c) for c in group)
                )
            )
            crits = Text()
            for i, c in enumerate(group):
                if i:
                    crits.append("\n")
                crits.append_text(_card_block(game, c, notes.struck, plain, labelled))
            row.append(crits)
        if with_notes:
            row.append(Text(notes.text.get(v, "")))
        verifiers.add_row(*row)
    parts.append(verifiers)

    if mode.hidden_mapping:
        table = Table(
            title="Cards on the table (which verifier holds which is hidden)",
            box=table_box,
            show_edge=False,
            pad_edge=False,
            title_justify="left",
        )
        table.add_column("card")
        table.add_column("criteria")
        for c in puzzle.shown_cards:
            table.add_row(
                f"{c} {game.cardset.card(c).title}", _card_block(game, c, notes.struck, plain, True)
            )
        parts.append(table)
    elif mode.cards_per_verifier > 1:
        parts.append(Text("Each verifier shows two cards; only one of them is real.", style="dim"))

    if view.tests or view.code:
        tests = Table(
            title="Your tests", box=table_box, show_edge=False, pad_edge=False, title_justify="left"
        )
        tests.add_column("round")
        tests.add_column("code")
        for letter in puzzle.letters:
            tests.add_column(letter, justify="center")
        rows: dict[tuple[int, str], dict[int, bool]] = {}
        for t in view.tests:
            rows.setdefault((t.round, t.code), {})[t.verifier] = t.result
        if view.code is not None and not view.tested_this_round:
            rows.setdefault((game.round, view.code), {})
        for (rnd, code), answers in rows.items():
            cells = [
                _answer(answers[v], plain) if v in answers else Text("·", style="dim")
                for v in range(puzzle.verifiers)
            ]
            tests.add_row(str(rnd), code, *cells)
        parts.append(tests)

    grid = Table(title="Grid", box=table_box, show_edge=False, pad_edge=False, title_justify="left")
    grid.add_column("")
    for d in range(1, 6):
        grid.add_column(str(d), justify="center")
    for shape in SHAPES:
        cells = []
        for d in range(1, 6):
            mark = notes.grid.get((shape, d))
            cells.append(Text("·", style="dim") if mark is None else _answer(mark, plain))
        grid.add_row(f"{SHAPE_SYMBOLS[shape]} {SHAPE_NAMES[shape]}", *cells)
    parts.append(grid)
    parts.append(Text(_status_line(game, name)))
    return Group(*parts)


def _status_line(game: Game, name: str) -> str:
    view = game.view(name)
    phase = game.phase(name)
    if phase == "test":
        if view.code is None:
            return "Compose a code (compose 241), then test it (test A); or solve / pass."
        left = view.tests_left_this_round
        tested = " ".join(LETTERS[v] for v in view.tested_this_round)
        head = f"This round's code: {view.code}" + (f", tested {tested}" if tested else "")
        if left:
            return f"{head}; {left} test{'s' if left > 1 else ''} left. Then solve CODE or pass."
        return f"{head}; no tests left. Solve CODE or pass."
    if phase == "decide":
        return "Testing is over for this round: solve CODE or pass."
    return ""


def render_hint(game: Game, name: str, plain: bool) -> RenderableType:
    hint = game.hint(name)
    table = Table(
        title="What you can infer now",
        box=None if plain else box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        title_justify="left",
    )
    table.add_column("")
    table.add_column("criteria still possible")
    for v, letter in enumerate(game.public.letters):
        lines = [
            f"{card}.{pos} {game.cardset.card(card).criterion(pos).text}"
            for card, pos in hint.possible[v]
        ]
        table.add_row(letter, "\n".join(lines) or "none")
    codes = hint.codes.texts()
    summary = Text()
    if hint.solution is not None:
        summary.append(f"The code is {hint.solution}.", style="bold")
    else:
        summary.append(f"{len(codes)} codes remain: {' '.join(codes)}")
    summary.append(f"  (hints used: {game.hints_used(name)})")
    return Group(table, summary)


def best_next_test(game: Game, name: str) -> str:
    """The optimal next move, from :func:`turing.analysis.next_test`."""
    view = game.view(name)
    try:
        found = next_test(view.hypotheses(), view.code, view.tested_this_round)
    except AnalysisTooLarge:
        return (
            "The exact search is too large for this position (it passed its work limit); "
            "hint shows what you can infer. (not counted as a hint)"
        )
    game.count_hint(name)
    used = f"(hints used: {game.hints_used(name)})"
    if found is None:
        codes = view.deduction().codes.texts()
        if len(codes) == 1:
            return f"Best now: stop testing and solve {codes[0]} {used}"
        return f"Best now: stop testing this round {used}"
    code, verifier = found
    letter = LETTERS[verifier] if isinstance(verifier, int) else str(verifier)
    if view.code is None:
        return f"Best now: compose {code} and test {letter} {used}"
    return f"Best now: test {code} against {letter} {used}"


# -- players, seats, transcript, save files -------------------------------------------------


@dataclass
class Seat:
    name: str
    bot_kind: str | None = None
    rng: random.Random | None = None
    bot: Bot | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def parse_players(text: str | None) -> list[tuple[str, str | None]]:
    """``alice,bob,bot:greedy`` → [(name, bot kind or None)]; bot names made unique."""
    if text is None:
        return [(DEFAULT_PLAYER, None)]
    raw = [part.strip() for part in text.split(",")]
    if not raw or any(not part for part in raw):
        raise click.BadParameter(
            "give names separated by commas, like alice,bob,bot:greedy", param_hint="--players"
        )
    out: list[tuple[str, str | None]] = []
    taken: set[str] = set()
    for part in raw:
        if is_bot(part):
            try:
                kind = bot_kind(part)
            except BotError as exc:
                raise click.BadParameter(str(exc), param_hint="--players") from None
            base = f"bot:{kind}"
            name, n = base, 2
            while name in taken:
                name, n = f"{base}-{n}", n + 1
            out.append((name, kind))
        else:
            if len(part) > 32 or any(ch in part for ch in ";#") or not part.isprintable():
                raise click.BadParameter(
                    f"{part!r} is not a usable name (at most 32 printable characters, no ; or #)",
                    param_hint="--players",
                )
            if part in taken:
                raise click.BadParameter(f"two players are called {part!r}", param_hint="--players")
            out.append((part, None))
        taken.add(out[-1][0])
    if len(out) > 6:
        raise click.BadParameter(f"a game has 1–6 players, not {len(out)}", param_hint="--players")
    return out


def bot_rng(seed: int, seat: int) -> random.Random:
    return random.Random(f"turing-play:{seed}:{seat}")


class Transcript:
    """JSON Lines, one event per line, flushed as each event happens."""

    def __init__(self, path: Path, events: Sequence[dict[str, Any]]) -> None:
        self.path = path
        atomic_write_text(path, "".join(_event_line(e) for e in events))
        self.written = len(events)
        self._handle: TextIO | None = path.open("a", encoding="utf-8", newline="\n")

    def follow(self, events: Sequence[dict[str, Any]]) -> None:
        if self._handle is None:
            return
        for event in events[self.written :]:
            self._handle.write(_event_line(event))
            self._handle.flush()
        self.written = len(events)

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def _event_line(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False) + "\n"


def _cardset_ref(cardset: CardSet) -> str:
    """How a save file names a card set: a shipped name, or an absolute path."""
    source = Path(cardset.source) if cardset.source else None
    if (
        cardset.name in shipped_cardsets()
        and source is not None
        and source.resolve().parent == cards_dir().resolve()
    ):
        return cardset.name
    if source is not None and source.is_file():
        return str(source.resolve())
    return cardset.name


def save_document(session: Session) -> dict[str, Any]:
    seats = []
    for seat in session.seats:
        entry: dict[str, Any] = {"name": seat.name, "bot": seat.bot_kind}
        if seat.rng is not None:
            version, state, gauss = seat.rng.getstate()
            entry["rng"] = [version, list(state), gauss]
        seats.append(entry)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "cardset": _cardset_ref(session.game.cardset),
        "game": session.game.to_dict(),
        "seats": seats,
        "seed": session.seed,
        "transcript": None
        if session.transcript_path is None
        else {"path": str(session.transcript_path.resolve()), "events": len(session.game.events)},
    }


class SaveError(ValueError):
    """A save file that cannot be resumed."""


def read_save(path: str) -> dict[str, Any]:
    """Read and check a save file's marker, version and shape; never changes the file."""
    try:
        text = read_text(path, max_bytes=MAX_SAVE_BYTES)
    except SourceError as exc:
        raise SaveError(str(exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(
            f"{path}:{exc.lineno}:{exc.colno}: not a turing save file (broken JSON: {exc.msg})"
        ) from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f'{path}: not a turing save file (no "format": "{SAVE_FORMAT}")')
    if data.get("version") != SAVE_VERSION:
        raise SaveError(
            f"{path}: save file version {data.get('version')!r} is not supported "
            f"(this turing reads version {SAVE_VERSION})"
        )
    for key, kind in (("game", dict), ("seats", list), ("cardset", str), ("seed", int)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{path}: corrupted save file: {key!r} is missing or wrong")
    return data


def _rng_from(entry: Any, path: str) -> random.Random:
    bad = SaveError(f"{path}: corrupted save file: a bot's random state is broken")
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


# -- reading input --------------------------------------------------------------------------


class Input:
    """Lines typed at a terminal, or read from a script (stdin not a terminal)."""

    def __init__(self, console: Console, interactive: bool, stream: IO[str]) -> None:
        self.console = console
        self.interactive = interactive
        self.stream = stream

    def read(self, prompt: str) -> str | None:
        """One line, or None at end of input."""
        if self.interactive:
            try:
                return self.console.input(Text(prompt))
            except EOFError:
                return None
        try:
            line = self.stream.readline()
        except UnicodeDecodeError:
            raise Abandon("the input is not UTF-8 text") from None
        if not line:
            return None
        line = line.rstrip("\r\n")
        self.console.print(Text(prompt + line))
        return line


# -- the session ----------------------------------------------------------------------------

#: Home, clear the screen, and clear the scroll-back (so the next player cannot scroll up
#: to the last player's screen). Cursor control, not colour: sent with NO_COLOR too.
CLEAR_SCREEN: Final = "\x1b[H\x1b[2J\x1b[3J"


def clear_screen() -> None:
    """Clear the terminal between hot-seat turns (nothing when stdout is not a terminal)."""
    stdout = sys.stdout
    if stdout.isatty():
        stdout.write(CLEAR_SCREEN)
        stdout.flush()


class Abandon(Exception):
    """The player left the game (quit, end of input, interrupt)."""

    def __init__(self, message: str, exit_code: int = EXIT_PROBLEM) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass
class Session:
    game: Game
    seats: list[Seat]
    seed: int
    console: Console
    input: Input
    plain: bool
    save_path: Path | None = None
    transcript_path: Path | None = None
    transcript: Transcript | None = None
    quiet: bool = False
    on_finish: Callable[[Game], str | None] | None = None
    _queued: list[str] = field(default_factory=list)

    @property
    def humans(self) -> list[str]:
        return [s.name for s in self.seats if not s.is_bot]

    def seat(self, name: str) -> Seat:
        return next(s for s in self.seats if s.name == name)

    def say(self, message: str | RenderableType, style: str = "") -> None:
        if self.quiet:
            return
        if isinstance(message, str):
            self.console.print(Text(message, style=style if not self.plain else ""))
        else:
            self.console.print(message)

    def error(self, message: str) -> None:
        self.say(f"error: {message}", style="red")

    def sync(self) -> None:
        if self.transcript is not None:
            self.transcript.follow(self.game.events)

    def save(self, target: str | None) -> Path:
        path = Path(target) if target else self.save_path
        if path is None:
            raise CommandError("give a file: save game.json (or start with --save FILE)")
        text = json.dumps(save_document(self), ensure_ascii=False, indent=1) + "\n"
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            raise CommandError(f"cannot save to {path}: {exc.strerror or exc}") from None
        return path

    # -- the game loop --

    def run(self) -> int:
        try:
            self._intro()
            while not self.game.is_terminal():
                first_event = len(self.game.events)
                round_no = self.game.round
                for name in self.game.to_act():
                    seat = self.seat(name)
                    if seat.bot is not None:
                        play_turn(self.game, name, seat.bot)
                        self._bot_report(name, round_no)
                    else:
                        self._human_turn(name)
                    self.sync()
                self._round_report(round_no, first_event)
            self._final()
            if self.on_finish is not None:
                problem = self.on_finish(self.game)
                if problem:
                    self.say(problem)
            return EXIT_OK
        except (Abandon, KeyboardInterrupt) as caught:
            stop = caught if isinstance(caught, Abandon) else Abandon("interrupted", 130)
            self.sync()
            saved = ""
            if self.save_path is not None:
                try:
                    saved = (
                        f"; saved to {self.save(None)} — resume with: turing play "
                        f"--resume {self.save_path}"
                    )
                except CommandError as exc:
                    saved = f"; {exc}"
            self.say(f"{stop}: game abandoned{saved}")
            return stop.exit_code
        finally:
            if self.transcript is not None:
                self.transcript.close()

    def _intro(self) -> None:
        puzzle = self.game.public
        names = ", ".join(self.game.players)
        self.say(
            f"Turing Machine · puzzle {puzzle.id or '—'} · {puzzle.mode} · "
            f"{puzzle.verifiers} verifiers · players: {names} · seed {self.seed}",
            style="bold",
        )
        if self.humans:
            self.say("Type help for the commands.")

    def _bot_report(self, name: str, round_no: int) -> None:
        tests = [t for t in self.game.view(name).tests if t.round == round_no]
        if not self.humans and tests:
            detail = ", ".join(
                f"{LETTERS[t.verifier]} {OK_MARK if t.result else NO_MARK}" for t in tests
            )
            self.say(f"{name} tests {tests[0].code}: {detail}")
        else:
            self.say(f"{name} made {len(tests)} test{'s' if len(tests) != 1 else ''} and decided.")

    def _handoff(self, name: str) -> None:
        """Hot-seat: hide the last player's screen and wait for the next player."""
        if len(self.humans) < 2:
            return
        if self.input.interactive:
            # The last player's screen is already cleared; what shows now is public.
            line = self.input.read(f"Pass the keyboard to {name} and press Enter. ")
            if line is None:
                raise Abandon("end of input")
            clear_screen()
        else:
            self.say(f"— {name}'s turn, round {self.game.round} —", style="bold")

    def _human_turn(self, name: str) -> None:
        self._handoff(name)
        self.say(render_screen(self.game, name, self.plain))
        while self.game.phase(name) in ("test", "decide"):
            if not self._queued:
                line = self.input.read(f"{name}> ")
                if line is None:
                    raise Abandon("end of input")
                self._queued = split_line(line)
                continue
            text = self._queued.pop(0)
            try:
                self._execute(name, text)
            except (CommandError, IllegalAction) as exc:
                self.error(str(exc))
                self._queued.clear()
        if self._queued:
            self.say(f"ignored after your decision: {'; '.join(self._queued)}")
            self._queued.clear()
        if self.input.interactive and len(self.humans) >= 2:
            clear_screen()

    def _execute(self, name: str, text: str) -> None:
        game = self.game
        cmd = parse_command(text, game.verifiers)
        if cmd.name == "compose":
            assert cmd.code is not None
            game.apply(name, Compose(cmd.code))
            self.say(f"Code for round {game.round}: {cmd.code}")
        elif cmd.name == "test":
            if cmd.code is not None and game.view(name).code != cmd.code:
                game.apply(name, Compose(cmd.code))
            view = game.view(name)
            if view.code is None:
                raise CommandError("compose a code first (compose 241), or give it: test 241 A")
            for v in cmd.verifiers:
                result = game.apply(name, Test(v))
                line = Text(f"{view.code} on {LETTERS[v]}: ")
                line.append_text(_answer(bool(result), self.plain))
                left = game.view(name).tests_left_this_round
                line.append(f"   ({left} test{'s' if left != 1 else ''} left this round)")
                self.say(line)
        elif cmd.name == "done":
            game.apply(name, EndTests())
            self.say("Testing over for this round: solve CODE or pass.")
        elif cmd.name == "solve":
            assert cmd.code is not None
            game.apply(name, Solve(cmd.code))
            self._decided(name, f"{name} submits {cmd.code}")
        elif cmd.name == "pass":
            game.apply(name, Pass())
            self._decided(name, f"{name} passes this round")
        elif cmd.name == "note":
            game.note(name, cmd.verifiers[0], cmd.text)
            letter = LETTERS[cmd.verifiers[0]]
            self.say(f"Note on {letter}: {cmd.text}" if cmd.text else f"Note on {letter} cleared.")
        elif cmd.name in ("strike", "unstrike"):
            labels = []
            for verifier, card, position in cmd.strikes:
                number = card if card is not None else self._verifier_card(verifier)
                game.strike(name, number, position, struck=cmd.name == "strike")
                labels.append(f"{number}.{position}")
            self.say(f"{'Struck' if cmd.name == 'strike' else 'Unstruck'}: {', '.join(labels)}")
        elif cmd.name == "mark":
            for shape, digit in cmd.marks:
                game.mark(name, shape, digit, cmd.value)
            word = {True: OK_MARK, False: NO_MARK, None: "cleared"}[cmd.value]
            self.say(
                "Marked " + ", ".join(f"{SHAPE_SYMBOLS[s]}{d}" for s, d in cmd.marks) + f": {word}"
            )
        elif cmd.name == "hint":
            if cmd.arg == "best":
                self.say(best_next_test(game, name))
            else:
                self.say(render_hint(game, name, self.plain))
        elif cmd.name == "show":
            self.say(render_screen(game, name, self.plain))
        elif cmd.name == "help":
            self.say(_help_text(cmd.arg))
        elif cmd.name == "save":
            path = self.save(cmd.arg)
            self.say(f"Saved to {path}. Resume with: turing play --resume {path}")
        elif cmd.name == "quit":
            raise Abandon("quit")

    def _decided(self, name: str, what: str) -> None:
        """Confirm a decision without showing it to the other people at the keyboard.

        On a terminal the screen is cleared before the next person's turn; a script's
        output is one running log, so there it only says that a decision was made.
        """
        if len(self.game.players) == 1:
            self.say(f"{what}.")
        elif self.input.interactive or len(self.humans) < 2:
            self.say(f"{what} (revealed when everyone has decided).")
        else:
            self.say(f"{name} has decided (revealed when everyone has decided).")

    def _verifier_card(self, verifier: int | None) -> int:
        assert verifier is not None
        puzzle = self.game.public
        if puzzle.mode_class.hidden_mapping or len(puzzle.cards[verifier]) != 1:
            raise CommandError(
                f"verifier {LETTERS[verifier]}'s card is not known for sure; "
                "name the criterion as CARD.K, like "
                f"{puzzle.shown_cards[0]}.1"
            )
        return puzzle.cards[verifier][0]

    def _round_report(self, round_no: int, first_event: int) -> None:
        lines: list[str] = []
        for event in self.game.events[first_event:]:
            kind = event["event"]
            if kind == "solve":
                verdict = "right" if event["correct"] else "wrong"
                lines.append(f"  {event['player']} submitted {event['code']} — {verdict}")
            elif kind == "pass":
                lines.append(f"  {event['player']} passed")
            elif kind == "eliminated":
                lines.append(f"  {event['player']} is eliminated")
        if lines:
            self.say(f"Round {round_no}:", style="bold")
            for line in lines:
                self.say(line)

    def _final(self) -> None:
        result = self.game.result()
        if result.winners:
            how = "solved it" if result.solved else "is the last player left"
            if len(result.winners) > 1:
                self.say(
                    f"{' and '.join(result.winners)} share the win "
                    f"({_tests(result.tests[result.winners[0]])} each).",
                    style="bold",
                )
            elif len(result.solved) > 1:
                self.say(f"{result.winners[0]} wins: right with the fewest tests.", style="bold")
            else:
                self.say(f"{result.winners[0]} wins: {how}.", style="bold")
        else:
            self.say("Nobody wins: every player was eliminated.", style="bold")
        table = Table(
            title=f"Result · solution {result.solution} · {result.rounds} "
            f"round{'s' if result.rounds != 1 else ''}",
            box=None if self.plain else box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            title_justify="left",
        )
        table.add_column("player")
        table.add_column("result")
        table.add_column("tests", justify="right")
        table.add_column("hints", justify="right")
        for name in self.game.players:
            if name in result.winners:
                status = "won"
            elif name in result.eliminated:
                status = f"eliminated in round {result.eliminated[name]}"
            elif name in result.solved:
                status = "right, but more tests"
            else:
                status = "—"
            table.add_row(name, status, str(result.tests[name]), str(result.hints[name]))
        self.say(table)


def _tests(n: int) -> str:
    return f"{n} test{'s' if n != 1 else ''}"


def _help_text(topic: str | None) -> str:
    if topic is None:
        return "Commands:\n" + GRAMMAR_HELP
    name = ALIASES.get(topic, topic)
    if name not in COMMANDS:
        raise CommandError(f"no command {topic!r} (type help for the list)")
    usage, what = COMMANDS[name]
    return f"{usage}: {what}"


# -- choosing the puzzle --------------------------------------------------------------------


def _verifier_counts(text: str | None) -> list[int]:
    if text is None:
        return [4, 5, 6]
    m = re.fullmatch(r"\s*(\d)\s*(?:-\s*(\d)\s*)?", text)
    if not m:
        raise click.BadParameter("give a count or a range like 4-6", param_hint="--verifiers")
    low = int(m.group(1))
    high = int(m.group(2) or low)
    if not 4 <= low <= high <= 6:
        raise click.BadParameter(
            "verifiers are 4, 5 or 6 (a range like 4-6)", param_hint="--verifiers"
        )
    return list(range(low, high + 1))


def _from_file(path: str, forced: CardSet | None, puzzle_id: str | None) -> tuple[Puzzle, CardSet]:
    found = list(iter_puzzle_file(path, forced))
    if puzzle_id is not None:
        found = [loaded for loaded in found if _id_matches(loaded.puzzle, puzzle_id)]
        if not found:
            fail(f"{path}: no puzzle with id {puzzle_id!r}")
    if len(found) != 1:
        ids = ", ".join(str(loaded.puzzle.id) for loaded in found[:10] if loaded.puzzle.id)
        fail(
            f"{path} holds {len(found)} puzzles; choose one with --id"
            + (f" ({ids}{', …' if len(found) > 10 else ''})" if ids else "")
        )
    return found[0].puzzle, found[0].cardset


def _id_matches(puzzle: Puzzle, wanted: str) -> bool:
    """Ids compare without case, spaces, dashes or underscores (``a46nxf`` finds ``A46 NXF``)."""

    def norm(text: str) -> str:
        return re.sub(r"[\s_-]+", "", text).upper()

    return puzzle.id is not None and norm(puzzle.id) == norm(wanted)


def _shipped_by_id(puzzle_id: str, forced: CardSet | None) -> tuple[Puzzle, CardSet]:
    folder = puzzles_dir()
    for path in sorted(folder.glob("*")):
        if path.suffix.lower() not in (".yaml", ".yml", ".json", ".jsonl"):
            continue
        for loaded in iter_puzzle_file(path, forced):
            if _id_matches(loaded.puzzle, puzzle_id):
                return loaded.puzzle, loaded.cardset
    fail(f"no shipped puzzle has id {puzzle_id!r} (look in {folder}, or use --bank FILE)")


def _from_bank(
    bank_path: str,
    puzzle_id: str | None,
    mode: str | None,
    difficulty: str | None,
    counts: list[int],
    seed: int,
    forced: CardSet | None,
) -> Puzzle:
    from turing.generation import bank as bank_module

    with bank_module.Bank(bank_path, create=False) as bank:
        if puzzle_id is not None:
            found = bank.get(puzzle_id)
            if found is None:
                fail(f"{bank_path}: no puzzle with id {puzzle_id!r}")
            return found
        order = list(counts)
        random.Random(seed).shuffle(order)
        for n in order:
            picked = bank.pick(
                mode=mode,
                difficulty=difficulty,
                verifiers=n,
                seed=seed,
                cardset=forced.name if forced is not None else None,
            )
            if picked is not None:
                return picked
    fail(
        f"{bank_path}: no unplayed puzzle matches (mode {mode or 'any'}, difficulty "
        f"{difficulty or 'any'}, verifiers {'/'.join(map(str, counts))})"
    )


def _generated(
    mode: str, difficulty: str | None, counts: list[int], seed: int, forced: CardSet | None
) -> Puzzle:
    verifiers = random.Random(seed).choice(counts)
    return generate_one(
        mode=mode,
        verifiers=verifiers,
        difficulty=difficulty,
        seed=seed,
        cardset=forced if forced is not None else "classic",
    )


# -- the command ----------------------------------------------------------------------------

PLAY_HELP: Final = (
    """Play a puzzle in the terminal: 1–6 players at one keyboard, and bots.

\b
Puzzle: FILE (YAML, JSON or JSONL; --id picks one of several), --id ID (a shipped
puzzle, or one from --bank FILE), --bank FILE (a random unplayed puzzle of the bank),
--random (a new generated puzzle; --mode, --difficulty, --verifiers, --seed shape it).
With none of these, the shipped sample puzzle. A puzzle needs its hidden criteria.

\b
Each round every player composes one code and tests it against up to 3 different
verifiers, then all decide at once to solve or pass. A wrong code eliminates; a right
one wins (several right in one round: fewest tests over the game wins, equal share);
the last player left wins. Players named bot:NAME (bot:greedy, bot:random, …) are
played by the program. With two or more people the screen is cleared between turns.

\b
Commands at the prompt (also read line by line from standard input when it is not a
terminal, so a game can be scripted):
"""
    + GRAMMAR_HELP.replace("\n\n", "\n\n\b\n")
    + """

\b
Exit status: 0 when the game finished, 1 when it was abandoned (quit or end of input),
2 for bad arguments or files.
"""
)


@click.command("play", help=PLAY_HELP)
@click.argument("file", required=False, metavar="[FILE]")
@click.option(
    "--id",
    "puzzle_id",
    metavar="ID",
    help="The puzzle with this id (in FILE, --bank, or the shipped puzzles).",
)
@click.option("--random", "random_puzzle", is_flag=True, help="Play a newly generated puzzle.")
@click.option("--bank", "bank_path", metavar="FILE", help="Take the puzzle from a puzzle bank.")
@click.option(
    "--players",
    metavar="NAMES",
    help="Comma-separated names; names starting with bot: are bots (bot:greedy, bot:random, "
    "…). Default: one player.",
)
@click.option(
    "--mode",
    type=click.Choice(sorted(MODES)),
    help="Mode of a --random or --bank puzzle (default classic for --random).",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "standard", "hard"]),
    help="Difficulty of a --random or --bank puzzle.",
)
@click.option(
    "--verifiers",
    metavar="N|A-B",
    help="Verifier count of a --random or --bank puzzle, e.g. 4 or 4-6.",
)
@click.option(
    "--seed", type=int, help="Seed for the puzzle choice and the bots (default: random, printed)."
)
@click.option(
    "--cardset",
    "cardset_name",
    metavar="NAME|PATH",
    help="Card set: a name under cards/ (default: the puzzle's own, or classic) or a "
    "path to a card-set YAML file.",
)
@click.option(
    "--transcript",
    "transcript_file",
    metavar="FILE",
    help="Write every event as JSON Lines to FILE.",
)
@click.option(
    "--save",
    "save_file",
    metavar="FILE",
    help="Where `save` writes (the game is also saved there when abandoned).",
)
@click.option("--resume", "resume_file", metavar="FILE", help="Continue a saved game.")
@click.option("--no-hints", is_flag=True, help="Play without the hint command.")
@click.option(
    "--json", "as_json", is_flag=True, help="Bots only: print just the result as one JSON object."
)
@click.option(
    "--interactive/--scripted",
    default=None,
    hidden=True,
    help="Force terminal or script input (default: by whether stdin is a terminal).",
)
def play(
    file: str | None,
    puzzle_id: str | None,
    random_puzzle: bool,
    bank_path: str | None,
    players: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: str | None,
    seed: int | None,
    cardset_name: str | None,
    transcript_file: str | None,
    save_file: str | None,
    resume_file: str | None,
    no_hints: bool,
    as_json: bool,
    interactive: bool | None,
) -> None:
    stdin = sys.stdin
    if interactive is None:
        interactive = stdin.isatty()
    console = stdout_console()
    plain = console.no_color or not console.is_terminal
    if resume_file is not None:
        given = [
            flag
            for flag, value in (
                ("FILE", file),
                ("--id", puzzle_id),
                ("--random", random_puzzle or None),
                ("--bank", bank_path),
                ("--players", players),
                ("--mode", mode),
                ("--difficulty", difficulty),
                ("--verifiers", verifiers),
                ("--seed", seed),
                ("--cardset", cardset_name),
                ("--no-hints", no_hints or None),
            )
            if value is not None
        ]
        if given:
            fail(f"--resume continues the saved game as it was; drop {', '.join(given)}")
        session = _resume(
            resume_file, console, plain, interactive, stdin, transcript_file, save_file
        )
    else:
        session = _new_game(
            file,
            puzzle_id,
            random_puzzle,
            bank_path,
            players,
            mode,
            difficulty,
            verifiers,
            seed,
            cardset_name,
            transcript_file,
            save_file,
            no_hints,
            console,
            plain,
            interactive,
            stdin,
        )
    if as_json:
        if session.humans:
            fail("--json is for games of bots only (people need the screen)")
        session.quiet = True
    code = session.run()
    if as_json and session.game.is_terminal():
        result = session.game.result().to_dict()
        result["puzzle"] = session.game.public.id
        click.echo(json.dumps(result, ensure_ascii=False))
    if code:
        raise click.exceptions.Exit(code)


def _new_game(
    file: str | None,
    puzzle_id: str | None,
    random_puzzle: bool,
    bank_path: str | None,
    players: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: str | None,
    seed: int | None,
    cardset_name: str | None,
    transcript_file: str | None,
    save_file: str | None,
    no_hints: bool,
    console: Console,
    plain: bool,
    interactive: bool,
    stdin: IO[str],
) -> Session:
    sources = [
        name
        for name, used in (
            ("FILE", file is not None),
            ("--random", random_puzzle),
            ("--bank", bank_path is not None),
        )
        if used
    ]
    if len(sources) > 1:
        fail(f"choose one puzzle source: {' or '.join(sources)}")
    if random_puzzle and puzzle_id is not None:
        fail("--random makes a new puzzle; it takes no --id")
    if not (random_puzzle or bank_path) and (difficulty or verifiers):
        fail("--difficulty and --verifiers choose a --random or --bank puzzle")
    seats_spec = parse_players(players)
    counts = _verifier_counts(verifiers)
    if seed is None:
        seed = secrets.randbelow(2**31)
    forced = load_cardset(cardset_name) if cardset_name is not None else None
    if file is not None:
        puzzle, cardset = _from_file(file, forced, puzzle_id)
    elif random_puzzle:
        puzzle = _generated(mode or "classic", difficulty, counts, seed, forced)
        cardset = forced or puzzle_cardset(puzzle)
    elif bank_path is not None:
        puzzle = _from_bank(bank_path, puzzle_id, mode, difficulty, counts, seed, forced)
        cardset = forced or puzzle_cardset(puzzle)
    elif puzzle_id is not None:
        puzzle, cardset = _shipped_by_id(puzzle_id, forced)
    else:
        sample = sample_puzzle_path()
        if not sample.is_file():
            fail(f"no puzzle given and the sample puzzle is missing ({sample})")
        puzzle, cardset = _from_file(str(sample), forced, None)
    if mode is not None and puzzle.mode != mode:
        fail(f"the puzzle is in {puzzle.mode} mode, not {mode}")
    try:
        game = Game(puzzle, [name for name, _ in seats_spec], cardset, hints=not no_hints)
    except GameError as exc:
        fail(str(exc))
    seats = []
    for index, (name, kind) in enumerate(seats_spec):
        if kind is None:
            seats.append(Seat(name))
        else:
            rng = bot_rng(seed, index)
            seats.append(Seat(name, kind, rng, make_bot(kind, rng)))
    session = Session(
        game=game,
        seats=seats,
        seed=seed,
        console=console,
        input=Input(console, interactive, stdin),
        plain=plain,
        save_path=Path(save_file) if save_file else None,
    )
    if bank_path is not None:
        path = bank_path

        def mark(done: Game) -> str | None:
            from turing.generation import bank as bank_module

            try:
                with bank_module.Bank(path, create=False) as b:
                    b.mark_played(done.puzzle.id or done.puzzle.canonical_key())
            except (ValueError, OSError, sqlite3.Error) as exc:
                return f"could not mark the puzzle played in {path}: {exc}"
            return None

        session.on_finish = mark
    _open_transcript(session, transcript_file)
    return session


def _open_transcript(session: Session, path: str | None) -> None:
    if path is None:
        return
    session.transcript_path = Path(path)
    try:
        session.transcript = Transcript(Path(path), session.game.events)
    except OSError as exc:
        fail(f"cannot write the transcript {path}: {exc.strerror or exc}")


def _resume(
    path: str,
    console: Console,
    plain: bool,
    interactive: bool,
    stdin: IO[str],
    transcript_file: str | None,
    save_file: str | None,
) -> Session:
    try:
        data = read_save(path)
        try:
            cardset = load_cardset(data["cardset"])
        except SourceError as exc:
            raise SaveError(f"{path}: the game's card set cannot be loaded: {exc}") from None
        try:
            game = Game.from_dict(data["game"], cardset)
        except GameError as exc:
            raise SaveError(f"{path}: corrupted save file: {exc}") from None
        seats_data = data["seats"]
        if [s.get("name") if isinstance(s, dict) else None for s in seats_data] != list(
            game.players
        ):
            raise SaveError(f"{path}: corrupted save file: the seats do not match the players")
        seats = []
        for entry in seats_data:
            kind = entry.get("bot")
            if kind is None:
                seats.append(Seat(entry["name"]))
                continue
            if not isinstance(kind, str):
                raise SaveError(f"{path}: corrupted save file: bad bot {kind!r}")
            try:
                kind = bot_kind(kind)
            except BotError as exc:
                raise SaveError(f"{path}: {exc}") from None
            rng = _rng_from(entry.get("rng"), path)
            seats.append(Seat(entry["name"], kind, rng, make_bot(kind, rng)))
        transcript = data.get("transcript")
        saved_transcript = transcript.get("path") if isinstance(transcript, dict) else None
    except SaveError as exc:
        fail(str(exc))
    if game.is_terminal():
        fail(f"{path}: this game is already over")
    session = Session(
        game=game,
        seats=seats,
        seed=data["seed"],
        console=console,
        input=Input(console, interactive, stdin),
        plain=plain,
        save_path=Path(save_file or path),
    )
    target = transcript_file or (saved_transcript if isinstance(saved_transcript, str) else None)
    _open_transcript(session, target)
    return session


__all__ = [
    "COMMANDS",
    "Command",
    "CommandError",
    "parse_command",
    "play",
    "read_save",
    "render_screen",
    "split_line",
]
