"""The line prompt: a view over a :class:`~turing.play.session.Session` that draws and reads.

Every rule, the turn order, the command grammar, hint counting and the save format live in
the session; this module draws a player's screen with rich, reads lines (prompt_toolkit at
a terminal: line editing, a history per seat, completion of commands and verifier letters;
plain lines from a script), and asks the questions a person at a keyboard needs: pass the
keyboard, confirm a solve, confirm leaving and offer to save.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Final

from prompt_toolkit import PromptSession
from prompt_toolkit import prompt as ask_line
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from turing.core.codes import SHAPE_NAMES, SHAPE_SYMBOLS, SHAPES
from turing.core.errors import TuringError
from turing.core.puzzle import LETTERS
from turing.play.game import Game
from turing.play.session import (
    ALIASES,
    COMMANDS,
    EXAMPLE_CODE,
    BestTest,
    BotTurn,
    CommandError,
    Composed,
    Decided,
    HelpShown,
    HintShown,
    LeaveAsked,
    Marked,
    NoteSet,
    Outcome,
    Plan,
    Recap,
    Reveal,
    Saved,
    Session,
    ShowScreen,
    Struck,
    Tested,
    TestsEnded,
    Turn,
)

OK_MARK: Final = "✔"
NO_MARK: Final = "✘"
#: The shapes' colours on a colour terminal: ▲ blue, ■ yellow, ● purple.
SHAPE_STYLES: Final[dict[str, str]] = {"▲": "bold blue", "■": "bold yellow", "●": "bold purple"}

#: Home, clear the screen, and clear the scroll-back (so the next player cannot scroll up
#: to the last player's screen). Cursor control, not colour: sent with NO_COLOR too.
CLEAR_SCREEN: Final = "\x1b[H\x1b[2J\x1b[3J"

EXIT_OK: Final = 0
EXIT_ABANDONED: Final = 1
EXIT_INTERRUPTED: Final = 130


def clear_screen() -> None:
    """Clear the terminal between hot-seat turns (nothing when stdout is not a terminal)."""
    stdout = sys.stdout
    if stdout.isatty():
        stdout.write(CLEAR_SCREEN)
        stdout.flush()


# -- drawing --------------------------------------------------------------------------------


def shaped(text: str, color: bool, style: str = "") -> Text:
    """``text`` with ▲ ■ ● in their colours (on a colour terminal)."""
    out = Text(text, style=style)
    if color:
        for i, ch in enumerate(text):
            if ch in SHAPE_STYLES:
                out.stylize(SHAPE_STYLES[ch], i, i + 1)
    return out


def _answer(result: bool, color: bool) -> Text:
    if not color:
        return Text(OK_MARK if result else NO_MARK)
    return Text(OK_MARK, style="bold green") if result else Text(NO_MARK, style="bold red")


def _criterion(label: str, text: str, struck: bool, color: bool) -> Text:
    body = f"{label} {text}"
    if struck:
        return Text(body, style="strike dim") if color else Text(f"~~{body}~~")
    return shaped(body, color)


def _card_line(game: Game, card: int, struck: set[tuple[int, int]], color: bool) -> Text:
    """One card on one line: number, title, then every criterion (compact)."""
    cs = game.cardset.card(card)
    line = shaped(f"{card} {cs.title}: ", color, "bold" if color else "")
    for i, crit in enumerate(cs.criteria):
        if i:
            line.append(" · ", style="dim" if color else "")
        line.append_text(
            _criterion(str(crit.position), crit.text, (card, crit.position) in struck, color)
        )
    return line


def _fit(line: Text, terminal: bool) -> Text:
    if terminal:
        line.no_wrap = True
        line.overflow = "ellipsis"
    return line


def render_screen(
    session: Session, name: str, color: bool, terminal: bool = False
) -> RenderableType:
    """Everything ``name`` may see, compact: one line per card (``show cards`` has them in
    full), own tests, notes, grid; other seats' test counts (public at the table)."""
    game = session.game
    view = game.view(name)
    notes = game.notes(name)
    puzzle = game.public
    mode = puzzle.mode_class
    parts: list[RenderableType] = []
    title = Text()
    title.append(f"Round {game.round}", style="bold" if color else "")
    title.append(f" · {name}", style="bold cyan" if color else "")
    title.append(
        f" · {puzzle.id or 'puzzle'} · {puzzle.mode} · {puzzle.verifiers} verifiers"
        f" · your tests {len(view.tests)}"
    )
    if game.hints_allowed:
        title.append(f" · hints {game.hints_used(name)}")
    parts.append(title)
    if len(game.players) > 1:
        others = []
        for other in game.players:
            if other == name:
                continue
            out = " (out)" if game.is_eliminated(other) else ""
            others.append(f"{other} {game.tests_used(other)}{out}")
        parts.append(Text("Tests of the others: " + " · ".join(others)))
    if mode.hidden_mapping:
        parts.append(
            Text(
                f"Verifiers {' '.join(puzzle.letters)}: each holds one of these cards "
                "(which one is hidden)"
            )
        )
        for card in puzzle.shown_cards:
            parts.append(
                _fit(Text("   ").append_text(_card_line(game, card, notes.struck, color)), terminal)
            )
    else:
        for v, letter in enumerate(puzzle.letters):
            for i, card in enumerate(puzzle.cards[v]):
                head = Text(f" {letter} " if i == 0 else "   ", style="bold" if color else "")
                line = head.append_text(_card_line(game, card, notes.struck, color))
                parts.append(_fit(line, terminal))
        if mode.cards_per_verifier > 1:
            parts.append(
                Text(
                    "Each verifier shows two cards; only one of them is real.",
                    style="dim" if color else "",
                )
            )
    if notes.text:
        parts.append(
            Text(
                "Notes: " + " · ".join(f"{LETTERS[v]}: {t}" for v, t in sorted(notes.text.items()))
            )
        )
    if view.tests or view.code:
        tests = Table(box=None, show_edge=False, pad_edge=False, title_justify="left")
        tests.add_column("round")
        tests.add_column("code")
        for letter in puzzle.letters:
            tests.add_column(letter, justify="center")
        for rnd, code, answers in view.test_log():
            cells = [
                _answer(answers[v], color)
                if v in answers
                else Text("·", style="dim" if color else "")
                for v in range(puzzle.verifiers)
            ]
            tests.add_row(str(rnd), code, *cells)
        parts.append(tests)
    grid = Table(box=None, show_edge=False, pad_edge=False)
    grid.add_column("grid")
    for d in range(1, 6):
        grid.add_column(str(d), justify="center")
    for shape in SHAPES:
        cells = []
        for d in range(1, 6):
            mark = notes.grid.get((shape, d))
            cells.append(
                Text("·", style="dim" if color else "") if mark is None else _answer(mark, color)
            )
        grid.add_row(shaped(f"{SHAPE_SYMBOLS[shape]} {SHAPE_NAMES[shape]}", color), *cells)
    parts.append(grid)
    status = status_line(game, name)
    if status:
        parts.append(Text(status))
    return Group(*parts)


def render_cards(session: Session, name: str, color: bool) -> RenderableType:
    """Every card on the table with its criteria in full, one per line."""
    game = session.game
    notes = game.notes(name)
    puzzle = game.public
    table = Table(box=None if not color else box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column("card")
    table.add_column("criteria")
    rows: list[tuple[str, int]] = []
    if puzzle.mode_class.hidden_mapping:
        rows = [("?", c) for c in puzzle.shown_cards]
    else:
        for v, letter in enumerate(puzzle.letters):
            rows.extend((letter if i == 0 else "", c) for i, c in enumerate(puzzle.cards[v]))
    for letter, card in rows:
        cs = game.cardset.card(card)
        crits = Text()
        for i, crit in enumerate(cs.criteria):
            if i:
                crits.append("\n")
            crits.append_text(
                _criterion(
                    f"{card}.{crit.position}",
                    crit.text,
                    (card, crit.position) in notes.struck,
                    color,
                )
            )
        table.add_row(letter, shaped(f"{card} {cs.title}", color), crits)
    return table


def status_line(game: Game, name: str) -> str:
    view = game.view(name)
    phase = game.phase(name)
    if phase == "test":
        if view.code is None:
            return (
                f"Compose a code (compose {EXAMPLE_CODE}), then test it (test A); or solve / pass."
            )
        left = view.tests_left_this_round
        tested = " ".join(LETTERS[v] for v in view.tested_this_round)
        head = f"This round's code: {view.code}" + (f", tested {tested}" if tested else "")
        if left:
            return f"{head}; {left} test{'s' if left > 1 else ''} left. Then solve CODE or pass."
        return f"{head}; no tests left. Solve CODE or pass."
    if phase == "decide":
        return "Testing is over for this round: solve CODE or pass."
    return ""


def render_hint(session: Session, shown: HintShown, color: bool) -> RenderableType:
    game = session.game
    hint = shown.hint
    table = Table(
        title="What you can infer now",
        box=None,
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
        table.add_row(letter, shaped("\n".join(lines) or "none", color))
    codes = hint.codes.texts()
    summary = Text()
    if hint.solution is not None:
        summary.append(f"The code is {hint.solution}.", style="bold" if color else "")
    else:
        summary.append(f"{len(codes)} codes remain: {' '.join(codes)}")
    summary.append(f"  (hints used: {shown.used})")
    return Group(table, summary)


def best_test_text(best: BestTest) -> str:
    if best.too_large:
        return (
            "The exact search is too large for this position (it passed its work limit); "
            "hint shows what you can infer. (not counted as a hint)"
        )
    used = f"(hints used: {best.used})"
    if best.verifier is None:
        if best.solution is not None:
            return f"Best now: stop testing and solve {best.solution} {used}"
        return f"Best now: stop testing this round {used}"
    letter = LETTERS[best.verifier]
    if best.compose:
        return f"Best now: compose {best.code} and test {letter} {used}"
    return f"Best now: test {best.code} against {letter} {used}"


def tests_text(n: int) -> str:
    """``1 test``, ``2 tests``."""
    return f"{n} test{'s' if n != 1 else ''}"


# -- reading --------------------------------------------------------------------------------


class EndOfInput(Exception):
    """Ctrl-D at a terminal, or the end of a script."""


class Reader:
    """Lines typed at a terminal (prompt_toolkit), or read from a script."""

    def __init__(self, console: Console, interactive: bool, stream: IO[str]) -> None:
        self.console = console
        self.interactive = interactive
        self.stream = stream
        self.editing = interactive and stream.isatty() and sys.stdout.isatty()
        self._sessions: dict[str, PromptSession[str]] = {}
        self.letters = ""

    def _prompt_session(self, key: str) -> PromptSession[str]:
        """A prompt_toolkit session per seat: each person's history is their own (the
        next player must not find the last one's lines by pressing Up)."""
        found = self._sessions.get(key)
        if found is None:
            found = PromptSession(
                history=InMemoryHistory(),
                completer=_Completer(self),
                complete_while_typing=False,
            )
            self._sessions[key] = found
        return found

    def read(self, prompt: str, seat: str | None = None) -> str:
        """One line; :class:`EndOfInput` at its end; KeyboardInterrupt on Ctrl-C."""
        if self.editing:
            session = self._prompt_session(seat or "")
            try:
                text = session.prompt(prompt)
            except EOFError:
                raise EndOfInput from None
            return str(text)
        if self.interactive:
            try:
                return self.console.input(Text(prompt))
            except EOFError:
                raise EndOfInput from None
        try:
            line = self.stream.readline()
        except UnicodeDecodeError:
            raise EndOfInput("the input is not UTF-8 text") from None
        if not line:
            raise EndOfInput
        line = line.rstrip("\r\n")
        self.console.print(Text(prompt + line))
        return line

    def ask(self, question: str) -> str:
        """A plain question (never in a seat's history)."""
        if self.editing:
            try:
                return str(ask_line(question))
            except EOFError:
                raise EndOfInput from None
        return self.read(question)


class _Completer(Completer):
    """Completes command words, then verifier letters after test, note and strike."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        part = text.split(";")[-1].lstrip()
        words = part.split(" ")
        if len(words) == 1:
            word = words[0].lower()
            for name in [*COMMANDS, *ALIASES]:
                if name.startswith(word) and len(name) > 1:
                    yield Completion(name + " ", start_position=-len(words[0]))
            return
        command = ALIASES.get(words[0].lower(), words[0].lower())
        if command in ("test", "note", "strike", "unstrike"):
            current = words[-1]
            if len(current) <= 1:
                for letter in self.reader.letters:
                    if letter.startswith(current.upper()):
                        yield Completion(letter + " ", start_position=-len(current))


# -- the view -------------------------------------------------------------------------------


class Leave(Exception):
    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


@dataclass
class PromptView:
    """Runs a session at a terminal or from a script."""

    session: Session
    console: Console
    reader: Reader
    color: bool
    quiet: bool = False
    compare: bool = True
    _rounds_shown: set[int] = field(default_factory=set)

    @property
    def interactive(self) -> bool:
        return self.reader.interactive

    def say(self, message: str | RenderableType, style: str = "") -> None:
        if self.quiet:
            return
        if isinstance(message, str):
            self.console.print(Text(message, style=style if self.color else ""))
        else:
            self.console.print(message)

    def error(self, message: str) -> None:
        self.say(f"error: {message}", style="red")

    # -- the game loop --

    def run(self, resumed: bool = False) -> int:
        session = self.session
        self.reader.letters = "".join(session.game.public.letters)
        try:
            self._intro(resumed)
            while not session.game.is_terminal():
                turn = session.turn()
                assert turn is not None
                try:
                    self._round_heading()
                    if session.seat(turn.player).is_bot:
                        self._bot_turn(session.play_bot(turn.player))
                    else:
                        self._human_turn(turn)
                except KeyboardInterrupt:
                    self._interrupted()
                    continue
                reveal = session.take_reveal()
                if reveal is not None:
                    self._reveal(reveal)
            self._final()
            return EXIT_OK
        except Leave as left:
            session.sync()
            self.say(f"{left}: game abandoned{self._saved_on_leaving()}")
            return left.exit_code
        finally:
            session.close()

    def _saved_on_leaving(self) -> str:
        session = self.session
        if session.save_path is None:
            return ""
        try:
            path = session.save()
        except TuringError as exc:
            return f"; {exc}"
        return f"; saved to {path} — resume with: turing play --resume {path}"

    def _intro(self, resumed: bool) -> None:
        session = self.session
        puzzle = session.game.public
        names = ", ".join(session.game.players)
        self.say(
            f"Turing Machine · {puzzle.id or 'puzzle'} · {puzzle.mode} · "
            f"{puzzle.verifiers} verifiers · players: {names}",
            style="bold",
        )
        if session.humans and not resumed:
            self.say("Type help for the commands.")
        if resumed:
            self._recap(session.recap())
            self._rounds_shown.add(session.game.round)

    def _recap(self, recap: Recap) -> None:
        self.say(f"Resumed in round {recap.round}.", style="bold")
        if recap.last_reveal is not None:
            self._reveal(recap.last_reveal, heading=f"Round {recap.last_reveal.round} was:")
        for seat in recap.seats:
            kind = " (bot)" if seat.is_bot else ""
            self.say(f"  {seat.name}{kind}: {tests_text(seat.tests)}, {seat.status}")
        if recap.turn is not None:
            self.say(f"Next: {recap.turn}'s turn.")

    def _round_heading(self) -> None:
        game = self.session.game
        if game.round in self._rounds_shown:
            return
        self._rounds_shown.add(game.round)
        self.say(f"— Round {game.round} —", style="bold")

    def _bot_turn(self, turn: BotTurn) -> None:
        session = self.session
        tests = turn.tests
        if not session.humans and tests:
            detail = ", ".join(
                f"{LETTERS[t.verifier]} {OK_MARK if t.result else NO_MARK}" for t in tests
            )
            self.say(f"{turn.player} tests {tests[0].code}: {detail}")
        else:
            self.say(f"{turn.player} made {tests_text(len(tests))} and decided.")

    def _handoff(self, name: str) -> None:
        """Hot-seat: hide the last player's screen and wait for the next player."""
        session = self.session
        if len(session.humans) < 2:
            return
        if self.interactive:
            try:
                self.reader.ask(f"Pass the keyboard to {name} and press Enter. ")
            except EndOfInput:
                raise Leave("end of input", EXIT_ABANDONED) from None
            clear_screen()
        else:
            self.say(f"— {name}'s turn, round {session.game.round} —", style="bold")

    def _human_turn(self, turn: Turn) -> None:
        session = self.session
        name = turn.player
        self._handoff(name)
        self.say(self._screen(name))
        while session.in_turn(turn):
            try:
                line = self.reader.read(f"{name}> ", seat=name)
            except EndOfInput as end:
                if self.interactive and self._confirm_leave():
                    raise Leave("end of input", EXIT_ABANDONED) from None
                if not self.interactive:
                    raise Leave(str(end) or "end of input", EXIT_ABANDONED) from None
                continue
            except KeyboardInterrupt:
                if self.interactive and self._confirm_leave():
                    raise Leave("interrupted", EXIT_INTERRUPTED) from None
                if not self.interactive:
                    raise Leave("interrupted", EXIT_INTERRUPTED) from None
                continue
            try:
                plan = session.plan(name, line)
            except (CommandError, TuringError) as exc:
                self.error(str(exc))
                continue
            if not plan.commands:
                continue
            if not self._confirmed(plan.submits, plan.gives_up):
                self.say("Nothing done.")
                continue
            self._run_plan(name, plan)
        if self.interactive and len(session.humans) >= 2:
            clear_screen()

    def _run_plan(self, name: str, plan: Plan) -> None:
        outcomes = self.session.run(plan)
        while True:
            try:
                outcome = next(outcomes)
            except StopIteration:
                return
            except KeyboardInterrupt:
                if plan.asks_best_hint:
                    self.say("Hint cancelled (not counted); the rest of the line was not run.")
                    return
                raise
            except TuringError as exc:  # a save that failed at the disk
                self.error(str(exc))
                return
            self._show(name, outcome)

    def _confirmed(self, submits: object, gives_up: bool) -> bool:
        if not self.interactive:
            return True
        if submits is not None:
            question = f"Submit {submits} as your solution? A wrong code eliminates you. [y/N] "
        elif gives_up:
            question = "Give up? You will be out of the running. [y/N] "
        else:
            return True
        try:
            answer = self.reader.ask(question)
        except (EndOfInput, KeyboardInterrupt):
            return False
        return answer.strip().lower() in ("y", "yes")

    def _confirm_leave(self) -> bool:
        """Ask before leaving; offer to save when there is no save file. True: leave."""
        try:
            answer = self.reader.ask("Leave the game? [y/N] ")
        except (EndOfInput, KeyboardInterrupt):
            answer = "y"
        if answer.strip().lower() not in ("y", "yes"):
            return False
        session = self.session
        if session.save_path is not None:
            return True
        while True:
            try:
                target = self.reader.ask("Save it first? File name (Enter: do not save): ")
            except (EndOfInput, KeyboardInterrupt):
                return True
            if not target.strip():
                return True
            try:
                path = session.save(target.strip())
            except TuringError as exc:
                self.error(str(exc))
                continue
            session.save_path = path
            return True

    def _interrupted(self) -> None:
        """Ctrl-C outside the prompt (a bot's turn, a long computation)."""
        if not self.interactive or self._confirm_leave():
            raise Leave("interrupted", EXIT_INTERRUPTED)

    def _screen(self, name: str) -> RenderableType:
        return render_screen(self.session, name, self.color, self.console.is_terminal)

    def _show(self, name: str, outcome: Outcome) -> None:
        session = self.session
        game = session.game
        if isinstance(outcome, Composed):
            self.say(f"Code for round {game.round}: {outcome.code}")
        elif isinstance(outcome, Tested):
            line = Text(f"{outcome.code} on {LETTERS[outcome.verifier]}: ")
            line.append_text(_answer(outcome.result, self.color))
            line.append(f"   ({tests_text(outcome.left)} left this round)")
            self.say(line)
        elif isinstance(outcome, TestsEnded):
            self.say("Testing over for this round: solve CODE or pass.")
        elif isinstance(outcome, Decided):
            what = {
                "solve": f"{outcome.player} submits {outcome.code}",
                "pass": f"{outcome.player} passes this round",
                "giveup": f"{outcome.player} gives up",
            }[outcome.kind]
            if outcome.solo:
                self.say(f"{what}.")
            elif self.interactive or len(session.humans) < 2:
                self.say(f"{what} (revealed when everyone has decided).")
            else:
                self.say(f"{outcome.player} has decided (revealed when everyone has decided).")
        elif isinstance(outcome, NoteSet):
            letter = LETTERS[outcome.verifier]
            self.say(
                f"Note on {letter}: {outcome.text}"
                if outcome.text
                else f"Note on {letter} cleared."
            )
        elif isinstance(outcome, Struck):
            self.say(f"{'Struck' if outcome.struck else 'Unstruck'}: {', '.join(outcome.labels)}")
        elif isinstance(outcome, Marked):
            word = {True: OK_MARK, False: NO_MARK, None: "cleared"}[outcome.value]
            self.say(
                shaped(
                    "Marked "
                    + ", ".join(f"{SHAPE_SYMBOLS[s]}{d}" for s, d in outcome.marks)
                    + f": {word}",
                    self.color,
                )
            )
        elif isinstance(outcome, HintShown):
            self.say(render_hint(session, outcome, self.color))
        elif isinstance(outcome, BestTest):
            self.say(best_test_text(outcome))
        elif isinstance(outcome, ShowScreen):
            if outcome.cards:
                self.say(render_cards(session, name, self.color))
            else:
                self.say(self._screen(name))
        elif isinstance(outcome, HelpShown):
            self.say(outcome.text)
        elif isinstance(outcome, Saved):
            self.say(f"Saved to {outcome.path}. Resume with: turing play --resume {outcome.path}")
        elif isinstance(outcome, LeaveAsked) and (not self.interactive or self._confirm_leave()):
            raise Leave("quit", EXIT_ABANDONED)

    def _reveal(self, reveal: Reveal, heading: str | None = None) -> None:
        lines: list[str] = []
        for entry in reveal.entries:
            if entry.kind == "solve":
                verdict = "right" if entry.correct else "wrong"
                out = " and is eliminated" if entry.eliminated else ""
                lines.append(f"  {entry.player} submitted {entry.code} — {verdict}{out}")
            elif entry.kind == "pass":
                lines.append(f"  {entry.player} passed")
            else:
                lines.append(f"  {entry.player} gave up")
        self.say(heading or f"Round {reveal.round} revealed:", style="bold")
        for line in lines:
            self.say(line)

    def _final(self) -> None:
        session = self.session
        result = session.game.result()
        self.say(session.outcome(), style="bold")
        fewest = None
        if self.compare and not self.quiet:
            try:
                fewest = session.fewest()
            except KeyboardInterrupt:
                fewest = None
        table = Table(
            title=f"Result · solution {result.solution} · {result.rounds} "
            f"round{'s' if result.rounds != 1 else ''}",
            box=None,
            show_edge=False,
            pad_edge=False,
            title_justify="left",
        )
        table.add_column("player")
        table.add_column("result")
        table.add_column("tests", justify="right")
        if fewest is not None:
            table.add_column("vs fewest", justify="right")
        table.add_column("hints", justify="right")
        for standing in session.standings(fewest):
            row = [standing.player, standing.result, str(standing.tests)]
            if standing.versus_fewest is not None:
                row.append(standing.versus_fewest)
            row.append(str(standing.hints))
            table.add_row(*row)
        self.say(table)
        if fewest is not None:
            if fewest.exact:
                self.say(f"Fewest tests that guarantee the code: {fewest.lower} (exact).")
            elif fewest.upper is not None:
                self.say(
                    f"Fewest tests that guarantee the code: between {fewest.lower} and "
                    f"{fewest.upper} (proven bounds; the exact search passed its work limit)."
                )
            else:
                self.say(
                    f"Fewest tests that guarantee the code: at least {fewest.lower} "
                    "(proven lower bound; the exact search passed its work limit)."
                )
            if fewest.first_code is not None:
                first, *then = (LETTERS[v] for v in fewest.first_verifiers)
                more = f", then by the answers {' or '.join(then)}" if then else ""
                self.say(
                    f"An optimal first round: compose {fewest.first_code}, test {first}{more}."
                )
        code = session.share_code()  # the puzzle's share code, shown only now
        if code is not None:
            self.say(f"Puzzle code to share: {code}  (turing play --code {code})")


__all__ = [
    "CLEAR_SCREEN",
    "PromptView",
    "Reader",
    "clear_screen",
    "render_cards",
    "render_screen",
    "shaped",
]
