"""`turing mastermind`: play the code-breaking presets and simulate strategies.

A thin client: the rules live in :mod:`turing.mastermind.match`, the strategies in
:mod:`turing.mastermind.strategies`; this module parses, asks, and renders.
"""

from __future__ import annotations

import contextlib
import functools
import getpass
import os
import sys
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

import click
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from turing.cli.options import NamedChoice, WholeNumber, range_words
from turing.cli.output import (
    EXIT_HUNG_UP,
    EXIT_INTERRUPTED,
    EXIT_PROBLEM,
    OutputPath,
    ProgressBar,
    Terminated,
    UnreadableLine,
    as_written,
    command_to_copy,
    drop_stdout,
    emit_json,
    error_text,
    fail,
    input_encoding,
    json_text,
    keeping_command_whole,
    open_output,
    progress,
    raise_if_hung_up,
    read_line,
    readable,
    refuse_replacing,
    show_page,
    stderr_console,
    stdout_console,
    stdout_failed,
    stdout_failure_reason,
    stop_taken,
    unreadable_line_text,
)
from turing.cli.serving import (
    SERVE_OPTIONS,
    check_serve_options,
    check_terminal,
    command_line,
    end_with_server,
    run_board,
    serve_board,
    serve_options,
)
from turing.core.errors import TuringError
from turing.core.files import os_reason, shown_name, typed_garbling, typed_garbling_problem
from turing.core.names import name_problem
from turing.core.rulebook import GAMES, RulesPageError, plain, rules_page
from turing.core.saves import not_a_transcript, unwritable
from turing.i18n import (
    N_,
    YES_OR_NO_AGAIN,
    _,
    asked_yes_or_no,
    format_list,
    format_number,
    ngettext,
    pgettext,
    yes_or_no,
)
from turing.mastermind.commands import (
    BOARD,
    CODE_COMMANDS,
    GIVE_UP,
    GUESS_COMMANDS,
    HELP,
    HINT,
    PINS_COMMANDS,
    QUIT,
    RANDOM,
    RULES,
    UNDO,
    Command,
    mistyped_command,
    names_a_command,
)
from turing.mastermind.engine import Engine
from turing.mastermind.match import (
    Duel,
    DuelMove,
    DuelOver,
    Event,
    FalseFeedback,
    GameOver,
    GameStarted,
    HonourError,
    Match,
    MatchError,
    MatchOver,
    Phase,
    PinsTakenBack,
    Row,
    RowPlayed,
    Seat,
    check_honour,
    fresh_seed,
    played_in,
)
from turing.mastermind.optimal import Progress as SearchProgress
from turing.mastermind.pins import parse_pins
from turing.mastermind.presets import (
    EMPTY_HOLE,
    EMPTY_HOLE_MARK,
    PRESETS,
    CodeError,
    Preset,
    PresetError,
    get_preset,
    variants,
)
from turing.mastermind.saves import (
    Ended,
    Keeping,
    Loaded,
    SaveError,
    Settings,
    ended_elsewhere,
    holds_another_match,
    load_save,
    save_problem_at,
)
from turing.mastermind.scoring import (
    Feedback,
    FeedbackError,
    pin_name,
    pins_counted,
    pins_of_colour,
)
from turing.mastermind.simulate import SimulationError, holds_games, sample_secrets, simulate
from turing.mastermind.space import Code, SpaceError
from turing.mastermind.strategies import STRATEGIES, Strategy, StrategyError, make_strategy
from turing.mastermind.transcript import (
    MatchRecords,
    MatchTranscript,
    holds_match,
    other_match_in,
    start_record,
)
from turing.mastermind.words import (
    against_code,
    code_was,
    default_name,
    final_score,
    points_to,
    score,
    score_after,
    sentence,
    subject,
)
from turing.ui.prompt import SaveAnswer, ask_save_file

DEFAULT_STRATEGY = "most-parts"
#: The help of ``--strategy`` (its values, too many to stand in the option's placeholder,
#: follow it as every named choice's do).
STRATEGY_HELP = "How the computer breaks codes."

#: The heading of the commands typed at a match's prompts, in the help and in the game.
PROMPT_COMMANDS = N_("Commands at the prompt")
GRAMMAR_INTRO = N_("Also read one per line from standard input when it is not a terminal.")
#: Each prompt of a match and what it reads.
GRAMMAR_ROWS = (
    (
        N_("at a guess prompt"),
        N_(
            "a code: colour letters RGBY, digits 1234 (colour 1 first), or colour words in "
            'English or German, e.g. "rot gelb grün blau" or "red, green, blue, yellow"; '
            '"." or 0 is an empty hole in games that use it; a guess may repeat colours; '
            '"hint" says how many codes still fit the rows so far'
        ),
    ),
    (
        N_("at a pins prompt"),
        N_(
            'black (red in Superhirn) then white: "2 1", "2,1", "2-1", "2b1w", a digit '
            'alone for black and no white ("4"), pins "bbw" / "rrw" / "ssw", words "rot rot '
            'weiß", or "-" for none; "undo" takes back the last pins until the next guess is '
            "answered"
        ),
    ),
    (
        N_("at a secret prompt"),
        N_('a code (hidden, typed twice at a terminal), or "random"'),
    ),
    (
        N_("anywhere"),
        N_(
            '"board" shows the board, "help" the commands, "rules" the rules of the game, '
            '"giveup" gives up this game (codebreaker), "quit" leaves the match'
        ),
    ),
)
GRAMMAR_NOTES = N_(
    """At a terminal the prompts keep a history (up arrow); Ctrl-C and "quit" ask whether
to leave (and, without --save, offer to save the match), "giveup" whether to give up
(no: back to the same prompt); Ctrl-D asks as "quit" does; from a script "quit" and
"giveup" act at once, and the end of the input ends the match. With --save the match
is saved after every row and when it is left.
Blank lines and lines starting with # are skipped. A line that is not a command gets
one error line (a mistyped command: "did you mean hint?"), and the prompt asks again.

Exit status: 0 when the match is finished, 1 when it is abandoned (quit, end of input,
or standard output closed by its reader), 130 when interrupted, 2 for bad options."""
)


#: The list ``help`` shows at a match's prompt, one line each: what each prompt reads, then
#: the commands (a :class:`Command`, named in the language in use). It fits a terminal of
#: 80×24 with the typed line and the next prompt, in every language; ``help TOPIC`` and
#: ``help all`` tell it in full.
SUMMARY_ROWS: Final[tuple[tuple[str | Command, str], ...]] = (
    (N_("a guess"), N_("a code of colour letters (RGBY), digits (1234) or colour words")),
    (N_("the pins"), N_('"2 1" (black, or red, then white), "2b1w", "bbw", or "-" for none')),
    (N_("a secret"), N_("a code, hidden (typed twice at a terminal)")),
    (HINT, N_("how many codes still fit the rows (at a guess prompt)")),
    (UNDO, N_("take back your last pins until the next guess is answered")),
    (RANDOM, N_("draw a random secret code (at a secret prompt)")),
    (BOARD, N_("show the board")),
    (RULES, N_("the rules of the game")),
    (HELP, N_("this list")),
    (GIVE_UP, N_("give up this game as lost (codebreaker; asks first at a terminal)")),
    (QUIT, N_("leave the match (asks first at a terminal)")),
)
SUMMARY_NOTES = N_(
    """help guess, help pins, help secret: what that prompt reads, in full;
help all: everything, with Ctrl-C, scripts and exit statuses."""
)
#: The words ``help`` takes after it, in both languages, and the row of
#: :data:`GRAMMAR_ROWS` each tells in full (``all``: every row and the notes).
HELP_TOPICS: Final[dict[str, int | None]] = {
    **dict.fromkeys(("guess", "raten", "rateversuch"), 0),
    **dict.fromkeys(("pins", "stifte", "stecken"), 1),
    **dict.fromkeys(("secret", "geheim", "geheimcode"), 2),
    **dict.fromkeys(("all", "alles"), None),
}


def summary(written: Callable[[str], str] = str) -> str:
    """The list ``help`` alone shows, in the language in use, one line each (``written``: as
    for :func:`write_grammar`); fits 80 columns."""
    rows = [
        (
            written(what.shown if isinstance(what, Command) else _(what)),
            written(_(text)),
        )
        for what, text in SUMMARY_ROWS
    ]
    width = max(len(word) for word, _text in rows)
    notes = [f"  {line}" for line in written(_(SUMMARY_NOTES)).splitlines()]
    return "\n".join(
        [
            written(_(PROMPT_COMMANDS)) + ":",
            *(f"  {word:<{width}}  {text}" for word, text in rows),
            "",
            *notes,
        ]
    )


def topic_help(topic: str, written: Callable[[str], str] = str) -> str | None:
    """What ``help TOPIC`` shows: a prompt's row of the full help (``guess``, ``pins``,
    ``secret``), all of it (``all``), or a command's line of the list (``hint``); None when
    ``topic`` is none of them."""
    word = " ".join(topic.lower().split())
    formatter = click.HelpFormatter()
    if word in HELP_TOPICS:
        row = HELP_TOPICS[word]
        if row is None:
            write_grammar(formatter, written)
        else:
            prompt, what = GRAMMAR_ROWS[row]
            with formatter.section(written(_(PROMPT_COMMANDS))):
                formatter.write_dl([(written(_(prompt)), written(_(what)))])
        return formatter.getvalue().rstrip("\n")
    for shown, text in SUMMARY_ROWS:
        if isinstance(shown, Command) and word in shown.words:
            return "  " + written(shown.shown) + "  " + written(_(text))
    return None


def write_grammar(formatter: click.HelpFormatter, written: Callable[[str], str] = str) -> None:
    """The commands of a match's prompts, in the language in use, as a section of a help
    (of ``mastermind play``, and of ``help`` in a game); click wraps them to the
    formatter's width. ``written`` gives a text as the output writes it (with stand-ins
    where it cannot write a character: ``überall`` as ``ueberall``), so the columns are
    measured on what is written."""
    with formatter.section(written(_(PROMPT_COMMANDS))):
        formatter.write_text(written(_(GRAMMAR_INTRO)))
        formatter.write_paragraph()
        formatter.write_dl(
            [(written(_(prompt)), written(_(what))) for prompt, what in GRAMMAR_ROWS]
        )
        formatter.write_paragraph()
        formatter.write_text(written(_(GRAMMAR_NOTES)))


class PlayCommand(click.Command):
    """``mastermind play``, whose help ends with the commands of its prompts."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        write_grammar(formatter)


#: the presets, as ``--preset`` takes them (case, spaces and dashes aside)
PRESET_CHOICE: Final = NamedChoice({name: name for name in PRESETS}, N_("PRESET"))
#: the first player's role, as ``--role`` takes it
ROLE_CHOICE: Final = NamedChoice(
    {"breaker": N_("breaker"), "maker": N_("maker"), "duel": N_("duel")}, N_("ROLE")
)
#: the computer's strategies, as ``--strategy`` and ``computer:STRATEGY`` take them
STRATEGY_CHOICE: Final = NamedChoice({name: name for name in sorted(STRATEGIES)}, N_("NAME"))


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
                fail(_("--duplicates and --no-repeats contradict each other"))
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
            if error.setting is None:
                fail(str(error))
            bad_option(error.setting, str(error))
        func(game=game, **rest)

    options = [
        click.option(
            "--preset",
            type=PRESET_CHOICE,
            default="classic",
            show_default=True,
            help="The game (turing mastermind presets shows each); case, spaces and dashes "
            "do not matter.",
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
        click.option("--rows", type=int, help="Custom number of rows on the board (1–30)."),
    ]
    decorated: Callable[..., None] = command
    for option in reversed(options):
        decorated = option(decorated)
    return decorated


@click.group(name="mastermind")
def mastermind() -> None:
    """Superhirn, Logik, Master Collor and classic Mastermind: play them, or simulate
    the computer's codebreaking strategies."""


@mastermind.command("presets", short_help="List the presets: board, colours, rules, variants.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per preset.")
def presets_command(as_json: bool) -> None:
    """List the presets: board, colours, match rules, and the variants of each."""
    if as_json:
        for preset in PRESETS.values():
            emit_json(_preset_record(preset))
        return
    from rich.table import Table

    out = stdout_console()
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
    table.add_column(no_wrap=True)
    table.add_column()  # wraps at the terminal's width, under itself
    for number, preset in enumerate(PRESETS.values()):
        if preset.mode == "duel":
            rules = _("duel: both break at once, first to crack wins; one duel by default")
        else:
            rules = _(
                "codemaker scores a point per row, {points} if unsolved; "
                "one game each as codemaker by default"
            ).format(points=preset.unsolved_points)
        lines = [
            preset.describe(),
            rules,
            _("colours {legend}").format(legend=preset.palette.legend()),
        ]
        if not preset.repeats:
            lines.append(_("a guess may repeat colours; only the secret may not"))
        for variant in variants(preset):
            changes = variant.changes
            if variant.name:
                changes = _("{changes}; in the rule book the variant {name}").format(
                    changes=changes, name=variant.name
                )
            lines.append(f"--{variant.option}: {changes}")
        if number:
            table.add_row()
        table.add_row(preset.name, Text("\n".join(lines)))
    out.print(table)
    out.print(
        _("Custom sizes (--positions, --colours, --rows) make a custom game based on a preset."),
        markup=False,
    )


def _preset_record(preset: Preset) -> dict[str, Any]:
    """What ``presets`` shows of ``preset``, as one JSON object."""
    duel = preset.mode == "duel"
    return {
        "preset": preset.name,
        "title": preset.title,
        "positions": preset.positions,
        "colours": len(preset.colours),
        "repeats": preset.repeats,
        "blank": preset.blank,
        "rows": preset.rows,
        "codes": len(preset.space),
        "palette": [
            {"key": colour.key, "name": colour.shown_name, "digit": digit}
            for digit, colour in enumerate(preset.colours, 1)
        ],
        "mode": preset.mode,
        "unsolved_points": None if duel else preset.unsolved_points,
        "games": 1 if duel else 2,
        "variants": [
            {
                "option": variant.option,
                "codes": variant.codes,
                "name": variant.name or None,
                "changes": variant.changes,
            }
            for variant in variants(preset)
        ],
    }


# ---------------------------------------------------------------- simulate


@mastermind.command("simulate", short_help="Total a strategy's guesses over every secret code.")
@preset_options
@click.option(
    "--strategy",
    type=STRATEGY_CHOICE,
    metavar="NAME",
    default=DEFAULT_STRATEGY,
    show_default=True,
    help=STRATEGY_HELP,
)
@click.option("--all", "every", is_flag=True, help="Every secret of the space (the default).")
@click.option(
    "--sample",
    type=WholeNumber(min=1),
    metavar="N",
    help="N secrets drawn at random with --seed (at most the game's codes).",
)
@click.option(
    "--seed",
    type=WholeNumber(min=0),
    default=0,
    show_default=True,
    help="Seed for samples and chance.",
)
@click.option("--json", "as_json", is_flag=True, help="Print only a JSON summary.")
@click.option(
    "--transcript",
    type=OutputPath(),
    help="Write one JSON line per game to FILE.",
)
def simulate_command(
    game: Preset,
    strategy: str,
    every: bool,
    sample: int | None,
    seed: int,
    as_json: bool,
    transcript: str | None,
) -> None:
    """Let a strategy break every secret (or a sample) and total the guesses.

    A game that uses every row of the board without cracking the code is unsolved and
    counts all its rows.
    """
    if every and sample is not None:
        fail(_("--all and --sample exclude each other"))
    if sample is not None and sample > len(game.space):
        bad_option(
            "sample",
            _("{value} is not in the range {range}: the game has {size} codes").format(
                value=format_number(sample),
                range=range_words(1, len(game.space)),
                size=format_number(len(game.space)),
            ),
        )
    problem = None if transcript is None else not_a_transcript(transcript, holds_games)
    if problem is not None:  # (before the games, which may take long)
        fail(problem)
    searching = SearchShown()
    breaker = _strategy(strategy, seed, game, searching)
    engine = Engine(game.space)
    try:
        secrets = None if sample is None else sample_secrets(len(game.space), sample, seed)
        games = len(game.space) if secrets is None else len(secrets)
        with (
            progress(
                ngettext("{strategy}: {n} game", "{strategy}: {n} games", games).format(
                    strategy=strategy, n=format_number(games)
                ),
                total=None,
                unit=_("games"),
                words_first=True,
            ) as bar,
            searching.on(bar),
        ):
            summary, records = simulate(engine, breaker, secrets, max_rows=game.rows)
    except (StrategyError, SimulationError) as error:
        fail(str(error))
    if transcript is not None:
        with open_output(transcript) as stream:
            for record in records:
                stream.write(json_text(record.to_json(engine), stream) + "\n")
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
    scope = (
        _("every secret")
        if sample is None
        else _("a sample of {n} (seed {seed})").format(n=format_number(sample), seed=seed)
    )
    out.print(f"{game.describe()} · {strategy} · {scope}", markup=False)
    out.print(
        _(
            "games {games}  total guesses {total}  mean {mean}  max {max}  "
            "unsolved {unsolved}  ({seconds} s)"
        ).format(
            games=format_number(summary.games),
            total=format_number(summary.total_guesses),
            mean=format_number(summary.mean, 4),
            max=summary.max_guesses,
            unsolved=summary.unsolved,
            seconds=format_number(summary.seconds, 2),
        ),
        markup=False,
    )
    heads = (_("guesses"), _("games"))
    width = max(len(h) for h in heads) + 2
    out.print(f"{heads[0]:<{width}}" + "  ".join(f"{k:>6}" for k in histogram), markup=False)
    out.print(
        f"{heads[1]:<{width}}" + "  ".join(f"{v:>6}" for v in histogram.values()), markup=False
    )


def _strategy(name: str, seed: int, game: Preset, searching: SearchShown | None = None) -> Strategy:
    """The strategy ``name``, refused (one line, status 2) when it cannot play ``game`` in
    reasonable time, before any game begins. The optimal strategy's search, when it runs,
    is shown by ``searching``."""
    try:
        strategy = make_strategy(name, seed=seed, progress=searching)
        strategy.check(game.space)
    except StrategyError as error:
        fail(str(error))
    return strategy


def _breakers(
    seats: tuple[Seat, Seat], entropy: int, game: Preset, searching: SearchShown | None = None
) -> dict[str, Strategy]:
    """The strategies of the computer seats, by name, seeded by the match's ``entropy`` (its
    --seed, else drawn fresh for the match and kept in its save): a codemaker cannot learn
    the guesses of ``random-consistent`` from one match to the next, and a resumed match
    goes on as it would have."""
    return {
        seat.strategy: _strategy(seat.strategy, entropy, game, searching)
        for seat in seats
        if seat.strategy is not None
    }


class SearchShown:
    """The optimal strategy's search, shown while it runs as the other commands show their
    progress (:func:`~turing.cli.output.progress`): a line on stderr at a terminal, never
    anything in a pipe, a file or beside ``--json``. Its bounds are the words of a bar
    already drawn (:meth:`on`), or of a bar of its own drawn from the search's first report
    until the computer has chosen (:meth:`choosing`); anywhere else (the full-screen board)
    nothing is shown."""

    def __init__(self) -> None:
        self._bar: ProgressBar | None = None
        self._own: contextlib.ExitStack | None = None

    @contextlib.contextmanager
    def on(self, bar: ProgressBar) -> Iterator[None]:
        """Show the search in the words of ``bar`` while the block runs."""
        self._bar = bar
        try:
            yield
        finally:
            self._bar = None

    @contextlib.contextmanager
    def choosing(self) -> Iterator[None]:
        """Show a search that starts in the block on a bar of its own, removed at its end."""
        with contextlib.ExitStack() as own:
            self._own = own
            try:
                yield
            finally:
                self._own = None
                self._bar = None

    def __call__(self, report: SearchProgress) -> None:
        if self._bar is None and self._own is not None:
            self._bar = self._own.enter_context(
                progress(_("searching"), unit=_("candidate sets"), words_first=True)
            )
        if self._bar is None:
            return
        if self._own is not None:
            self._bar.update(report.nodes)
        upper = "—" if report.upper is None else format_number(report.upper)
        words = _("search: total ≥ {lower}, best {upper}").format(
            lower=format_number(report.lower), upper=upper
        )
        self._bar.describe(f"{words}; {report.note}" if report.note else words)


# ---------------------------------------------------------------- play

#: The words of the prompts, English and German (both always understood).
QUIT_WORDS = QUIT.words
HELP_WORDS = HELP.words
HINT_WORDS = HINT.words
BOARD_WORDS = BOARD.words
GIVE_UP_WORDS = GIVE_UP.words
UNDO_WORDS = UNDO.words
RANDOM_WORDS = RANDOM.words
RULES_WORDS = RULES.words


class Abandon(Exception):
    """The player quit, interrupted, or the input ended before the match was over;
    ``lost``: standard output failed, and takes no more lines."""

    def __init__(self, reason: str, exit_code: int = EXIT_PROBLEM, *, lost: bool = False) -> None:
        super().__init__(reason)
        self.exit_code = exit_code
        self.lost = lost


class Declined(Exception):
    """Ctrl-C or Ctrl-D at a question they answer no (whether to play a guess again, whether
    pins all black name the code), as at the question to give up."""


def abandoned_text(reason: str, said: str) -> str:
    """The line a match left unfinished ends with: why, and what became of its save
    (``said``; "" without a save file), in the criteria game's form."""
    if said:
        return _("{reason}: match abandoned; {saved}").format(reason=reason, saved=said)
    return _("{reason}: match abandoned").format(reason=reason)


class Reader:
    """Reads one command per prompt.

    At a terminal: line editing and history (readline), hidden entry without echo
    (getpass), Ctrl-C, Ctrl-D and ``quit`` ask whether to leave (``giveup`` whether to give
    up, through :meth:`confirm`). Otherwise the next line of the
    script, echoed after its prompt (a hidden one as ``(hidden)``), and ``quit`` leaves
    at once.
    """

    def __init__(self, out: Console, err: Console) -> None:
        self.out = out
        self.err = err
        self.interactive = sys.stdin.isatty()
        self.lines_read = 0
        """Lines read from a script so far (the number of the last one)."""
        self.on_leave: Callable[[], bool] | None = None
        """Asked at a terminal once the person said yes to leaving: False stays in the
        match (the offer to save it was cancelled with Ctrl-C)."""
        if self.interactive:
            with contextlib.suppress(ImportError):  # platforms without readline
                import readline  # noqa: F401  (gives input() line editing and history)

    def line(
        self,
        prompt: str,
        *,
        hidden: bool = False,
        question: bool = False,
        blank: bool = False,
        declinable: bool = False,
    ) -> str:
        """The next command, stripped; blank lines and ``#`` comments are skipped.

        A ``question`` (its prompt ends in ``[y/N] ``, shown as it is) returns a blank
        answer too: Enter takes the question's default. ``blank``: Enter alone at a
        terminal is returned too, for the prompt to say what it wants (a script's blank
        lines are skipped all the same). ``declinable``: Ctrl-C or Ctrl-D at a terminal
        answer the question no (:class:`Declined`) instead of asking to leave."""
        while True:
            try:
                text = self._read(prompt, hidden, question, declinable)
            except Terminated:  # SIGTERM, SIGHUP: the match ends at once, nothing asked
                raise
            except KeyboardInterrupt:
                if declinable:
                    self.out.print()  # the key left the cursor on the question's line
                    raise Declined from None
                self._interrupted()
                continue
            kept_blank = question or (blank and self.interactive)
            if text is None or (not text and not kept_blank) or text.startswith("#"):
                continue
            if text.lower() in QUIT_WORDS:
                self._leave(pgettext("why a game was left", "quit"), EXIT_PROBLEM)
                continue
            return text

    def error(self, message: str, *, about_line: bool = True) -> None:
        """Say ``message`` as an error; from a script, with the line read last when it is
        ``about_line``. Wrapped at words on a terminal, as the game's other lines are; to a
        pipe one line."""
        line = None if self.interactive or not about_line else self.lines_read
        self.err.print(
            error_text(message, line),
            markup=False,
            soft_wrap=not self.err.is_terminal,
            highlight=False,
        )

    def _read(
        self, prompt: str, hidden: bool, question: bool = False, declinable: bool = False
    ) -> str | None:
        shown_prompt = prompt if question else f"{prompt}: "
        if self.interactive:
            encoding = input_encoding(sys.stdin)
            try:
                shown_prompt = self.fitted(shown_prompt)
                raw = getpass.getpass(shown_prompt) if hidden else input(shown_prompt)
            except EOFError:  # Ctrl-D asks, as quit does (as the criteria game's prompt)
                raise_if_hung_up()  # the terminal closed: a hang-up, not Ctrl-D
                self.out.print()
                if declinable:
                    raise Declined from None
                self._leave(_("end of input"), EXIT_PROBLEM)
                return None
            except UnicodeDecodeError:
                raw = "\udcff"  # refused below, as a line read with its bad bytes kept
            if not readable(raw):
                self.error(unreadable_line_text(True, encoding))
                return None
            text = raw.strip()
            found = typed_garbling(text)
            if found is not None:
                if unicodedata.category(text[found]) == "Cf":  # invisible or text-direction
                    self.error(typed_garbling_problem(text) or "")
                else:
                    self.error(
                        _("that line holds control characters (a stray key?); type it again")
                    )
                return None
            return text
        self.lines_read += 1
        try:
            read = read_line(sys.stdin, first=self.lines_read == 1)
        except UnreadableLine:
            self.error(unreadable_line_text(False, input_encoding(sys.stdin)))
            return None
        if read is None:
            raise Abandon(_("end of input"))
        text = read.strip()
        problem = typed_garbling_problem(text)
        if problem is not None:
            self.error(problem)
            return None
        if (text or question) and not text.startswith("#"):
            shown = _("(hidden)") if hidden else text
            self.out.print(f"{shown_prompt}{shown}".rstrip(), markup=False, soft_wrap=True)
        return text

    def fitted(self, prompt: str) -> str:
        """``prompt`` made to fit the terminal's width: broken between words, as the game's
        other lines are, its lines but the last said here; the last, with the space it ends
        in, is returned for the input to follow it. A prompt that fits is returned as it
        is."""
        width = self.out.width
        if cell_len(prompt) < width:
            return prompt
        body = prompt.rstrip()
        lines = [line.plain.rstrip() for line in Text(body).wrap(self.out, width - 1)]
        for line in lines[:-1]:
            self.out.print(line, markup=False, highlight=False, soft_wrap=True)
        return lines[-1] + prompt[len(body) :]

    def ask(self, question: str) -> str:
        """The answer typed at the terminal to ``question``, fitted to its width
        (:meth:`fitted`); what ``input`` raises is the caller's."""
        return input(self.fitted(question))

    def _interrupted(self) -> None:
        if self.interactive:
            self.out.print()  # Ctrl-C leaves the cursor on the prompt's line
        self._leave(_("interrupted"), EXIT_INTERRUPTED)

    def confirm(self, question: str, *, interrupted: bool) -> bool:
        """Whether to go ahead with what ``question`` asks (it ends in ``[y/N] ``): from a
        script at once, without asking; at a terminal when the person says yes, and
        ``interrupted`` when they press Ctrl-C or Ctrl-D at the question. No: the same
        prompt asks again."""
        if not self.interactive:
            return True
        try:
            said = asked_yes_or_no(self.ask, self.out.print, question)  # neither twice: no
        except Terminated:
            raise
        except (KeyboardInterrupt, EOFError):
            raise_if_hung_up()  # the terminal closed: a hang-up, not Ctrl-D
            if not interrupted:  # the key left the cursor on the question's line; leaving
                self.out.print()  # ends it on the way out
            return interrupted
        return said is True

    def _leave(self, reason: str, exit_code: int) -> None:
        """Abandon the match for ``reason`` once :meth:`confirm` says so; otherwise it
        returns, and the same prompt asks again."""
        # Ctrl-C or Ctrl-D at the question: leave, as they ask to
        if self.confirm(_("Leave the match? [y/N] "), interrupted=True) and (
            not self.interactive or self.on_leave is None or self.on_leave()
        ):
            raise Abandon(reason, exit_code)
        self.out.print(_("Nothing done."), markup=False, highlight=False)


def _points(count: int) -> str:
    return ngettext("{n} point", "{n} points", count).format(n=count)


def _rows(count: int) -> str:
    return ngettext("{n} row", "{n} rows", count).format(n=count)


DARK_PEGS = frozenset({"blue", "black", "purple", "red"})


class View:
    """Draws the board and the events of one match: pegs in colour with their letters (only
    letters without colour), pins as symbols with their counts."""

    def __init__(self, preset: Preset, seats: tuple[Seat, Seat], out: Console, games: int) -> None:
        self.preset = preset
        self.seats = seats
        self.out = out
        self.games = games
        self.colour = not out.no_color and out.color_system is not None
        #: where each event is written as it happens (``--transcript``), if anywhere
        self.transcript: MatchTranscript | None = None

    # -- pieces

    def peg(self, symbol: int) -> Text:
        colour = self.preset.palette.colour(symbol)
        letter = EMPTY_HOLE_MARK if colour is EMPTY_HOLE else colour.key
        if not self.colour or colour is EMPTY_HOLE:
            return Text(f" {letter} " if self.colour else letter, style="bold")
        ink = "bright_white" if colour.name in DARK_PEGS else "black"
        return Text(f" {letter} ", style=f"bold {ink} on {colour.style}")

    def code(self, code: Code) -> Text:
        text = Text()
        for i, symbol in enumerate(code):
            if i and not self.colour:
                text.append(" ")
            text.append_text(self.peg(symbol))
        return text

    def code_in_line(self, code: Code) -> Text:
        """``code`` inside a sentence: its letters one space apart, each in its colour
        without the padding of a peg, so the words and punctuation around it stand one
        space from it (``Your code was R G B Y.``)."""
        text = Text()
        for i, symbol in enumerate(code):
            if i:
                text.append(" ")
            peg = self.peg(symbol)
            text.append(peg.plain.strip(), style=peg.style)
        return text

    def pins(self, fb: Feedback) -> Text:
        hit = self.preset.hit_pin
        text = Text()
        text.append("●" * fb.black, style="bold red" if hit == "red" else "bold")
        text.append("○" * fb.white, style="bold")
        text.append("·" * (self.preset.positions - fb.black - fb.white), style="dim")
        counts = _("no pins") if fb == (0, 0) else pins_counted(fb, hit)
        text.append(f"  {counts}")
        return text

    def row(self, number: int, row: Row, who: str = "") -> Text:
        text = Text(who + _("row {n:>2}").format(n=number) + "  ")
        text.append_text(self.code(row.guess))
        text.append("   ")
        text.append_text(self.pins(row.feedback))
        return text

    def pending(self, number: int, guess: Code, who: str = "") -> Text:
        text = Text(who + _("row {n:>2}").format(n=number) + "  ")
        text.append_text(self.code(guess))
        text.append("   " + _("(waiting for pins)"))
        return text

    def say(self, message: str | Text) -> None:
        # Wrapped at words on a terminal; a pipe's console is wide enough never to wrap.
        if isinstance(message, Text):
            self.out.print(message, soft_wrap=False)
        else:
            self.out.print(message, markup=False, soft_wrap=False)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def subject(self, seat: int) -> str:
        """The seat as a sentence's subject: the computer is *the computer*."""
        return subject(self.seats[seat])

    def is_you(self, seat: int) -> bool:
        """Whether ``seat`` is the one person known by the default name You, who is spoken
        to (``You cracked the code``, German ``Du hast``) rather than named."""
        return self.seats[seat].human and self.name(seat) == _("You")

    def legend(self) -> None:
        palette = self.preset.palette
        entries: list[Text] = []
        for symbol in range(self.preset.space.symbols):
            colour = palette.colour(symbol)
            entry = self.peg(symbol)
            digits = f"{symbol + 1}" if colour is not EMPTY_HOLE else f". {palette.blank_digits}"
            name = _("empty hole") if colour is EMPTY_HOLE else colour.shown_name
            entry.append(f" {name} ({digits})")
            entries.append(entry)
        for line in self._lines_of(_("Colours: "), entries):
            self.say(line)
        self.say(
            _(
                "Type a code as letters, digits or colour words (English or German: "
                "{words}); pins as {hit} then {white}, e.g. '2 1'."
            ).format(
                words=palette.german(),
                hit=pins_of_colour(self.preset.hit_pin),
                white=pins_of_colour("white"),
            )
        )
        self.say(_("Type help for the commands, rules for the rules."))

    def _lines_of(self, head: str, entries: list[Text]) -> list[Text]:
        """``head`` and ``entries`` two spaces apart, in lines of the console's width,
        every entry whole on one line (a colour's peg, name and digit stay together); the
        lines after the first indented under the first entry. Measured as written, so
        ``grün`` takes the columns of ``gruen`` where the output cannot take ``ü``."""

        def width(text: str) -> int:
            return cell_len(as_written(text, self.out.file))

        indent = width(head)
        lines = [Text(head)]
        used = indent
        for entry in entries:
            size = width(entry.plain)
            if used > indent and used + 2 + size > self.out.width:
                lines.append(Text(" " * indent))
                used = indent
            if used > indent:
                lines[-1].append("  ")
                used += 2
            lines[-1].append_text(entry)
            used += size
        return lines

    def score(self, scores: tuple[float, float]) -> str:
        return score(self.seats, scores)

    def codes_made(self, codes: tuple[int, int]) -> None:
        """Say, when the agreed number of games is odd, who makes one code more."""
        if codes[0] == codes[1]:
            return
        more = 0 if codes[0] > codes[1] else 1
        counts = {"more": codes[more], "fewer": codes[1 - more]}
        if self.is_you(more):
            text = _(
                "An odd number of games: you make one code more than {other} ({more} to {fewer})."
            ).format(other=self.subject(1 - more), **counts)
        elif self.is_you(1 - more):
            text = _(
                "An odd number of games: {name} makes one code more than you ({more} to {fewer})."
            ).format(name=self.subject(more), **counts)
        else:
            text = _(
                "An odd number of games: {name} makes one code more than {other} "
                "({more} to {fewer})."
            ).format(name=self.subject(more), other=self.subject(1 - more), **counts)
        self.say(text)

    def game_label(self, game: int) -> str:
        return _("game {n} of {games}").format(n=game, games=self.games)

    # -- events

    def events(self, events: list[Event]) -> None:
        for event in events:
            self.event(event)

    def event(self, event: Event) -> None:
        if self.transcript is not None:
            self.transcript.add(event)
        if isinstance(event, GameStarted):
            self._started(event)
        elif isinstance(event, RowPlayed):
            self.say(self.row(event.number, event.row))
        elif isinstance(event, PinsTakenBack):
            self.say(_("Pins of row {n} taken back; type them again.").format(n=event.number))
        elif isinstance(event, FalseFeedback):
            self._false_feedback(event)
        elif isinstance(event, GameOver):
            self._game_over(event)
        elif isinstance(event, DuelMove):
            width = max(len(s.name) for s in self.seats) + 2
            for player in (0, 1):
                who = f"{self.name(player):<{width}}"
                self.say(self.row(event.number, event.rows[player], who))
        elif isinstance(event, DuelOver):
            self._duel_over(event)
        else:
            self._match_over(event)

    def _started(self, event: GameStarted) -> None:
        game = self.game_label(event.game)
        game = game[:1].upper() + game[1:]
        if event.maker == event.breaker or self.preset_is_duel:
            self.say(
                (
                    _("{game} restarts with an empty board: both set a code and break the other's.")
                    if event.restart
                    else _("{game} begins: both set a code and break the other's.")
                ).format(game=game)
            )
            return
        self.say(
            (
                _(
                    "{game} restarts with an empty board. "
                    "Codemaker: {maker}. Codebreaker: {breaker}."
                )
                if event.restart
                else _("{game} begins. Codemaker: {maker}. Codebreaker: {breaker}.")
            ).format(game=game, maker=self.name(event.maker), breaker=self.name(event.breaker))
        )
        maker, breaker = self.seats[event.maker], self.seats[event.breaker]
        hit = pin_name(self.preset.hit_pin)
        if maker.human and not breaker.human and self.honour:
            self.say(
                _(
                    "{name}: think of a secret code and keep it; place the pins for each "
                    "guess ({hit} then white, e.g. '2 1'). A row's pins are final when you "
                    "answer the next guess (or the game ends), and rows no code explains are "
                    "caught then; until then 'undo' takes them back. At the end you show your "
                    "code to check every row."
                ).format(name=maker.name, hit=hit)
            )
        elif maker.human and not breaker.human:
            self.say(
                _(
                    "{name}: set your secret code, then place the pins for each guess "
                    "({hit} then white, e.g. '2 1'). A row's pins are final, and checked "
                    "against your code, when you answer the next guess (or the game ends); "
                    "until then 'undo' takes them back."
                ).format(name=maker.name, hit=hit)
            )

    preset_is_duel = False
    honour = False

    def _false_feedback(self, event: FalseFeedback) -> None:
        rows = format_list([str(r) for r in event.rows])
        if event.expected:
            should = "; ".join(
                _("row {n} should have had {pins}").format(
                    n=r, pins=pins_counted(fb, self.preset.hit_pin, given=True)
                )
                for r, fb in zip(event.rows, event.expected, strict=True)
            )
            self.say(_("Wrong pins: {rows}.").format(rows=should))
        else:
            self.say(
                ngettext(
                    "Wrong pins: no code gives row {rows} the pins it got.",
                    "Wrong pins: no code gives rows {rows} the pins they got.",
                    len(event.rows),
                ).format(rows=rows)
            )
        self.say(
            _(
                "The game restarts; {points} to {name} for the wrong pins (Master Collor's rule)."
            ).format(points=_points(event.points), name=points_to(self.seats[event.breaker]))
        )

    def _game_over(self, event: GameOver) -> None:
        maker, breaker = points_to(self.seats[event.maker]), self.subject(event.breaker)
        points = _points(event.points)
        rows = _rows(event.rows_used)
        self.say(
            sentence(
                self._game_over_text(event).format(
                    breaker=breaker, rows=rows, points=points, maker=maker, all=self.preset.rows
                ),
                self.seats[event.breaker],
            )
        )
        if event.secret is not None:
            reveal = Text(code_was(self.seats[event.maker]))
            reveal.append_text(self.code_in_line(event.secret))
            reveal.append(".")
            self.say(reveal)
        if self.games > 1:
            self.say(self._score_after(event.game, event.scores))

    def _game_over_text(self, event: GameOver) -> str:
        """How a game ended, to be filled in; the person known as You is spoken to."""
        if self.is_you(event.breaker):
            if event.solved:
                return _("You cracked the code in {rows}; {points} to {maker}.")
            if event.gave_up:
                return _("You gave up after {rows}; {points} to {maker} ({all} + 1).")
            return _("You did not crack the code in {rows}; {points} to {maker} ({all} + 1).")
        if self.is_you(event.maker):
            if event.solved:
                return _("Code cracked by {breaker} in {rows}; {points} to you.")
            if event.gave_up:
                return _("{breaker} gave up after {rows}; {points} to you ({all} + 1).")
            return _("Code not cracked by {breaker} in {rows}; {points} to you ({all} + 1).")
        if event.solved:
            return _("Code cracked by {breaker} in {rows}; {points} to {maker}.")
        if event.gave_up:
            return _("{breaker} gave up after {rows}; {points} to {maker} ({all} + 1).")
        return _("Code not cracked by {breaker} in {rows}; {points} to {maker} ({all} + 1).")

    def score_so_far(self, game: int, scores: tuple[float, float], penalty: int = 0) -> None:
        """Say the score before ``game`` is played (nothing before the first game), or,
        when ``game`` has already given ``penalty`` points for wrong pins, the score with
        them."""
        if self.games > 1 and game > 1 and penalty:
            self.say(
                ngettext(
                    "Score: {score} ({points} of them a penalty point for wrong pins in {game}).",
                    "Score: {score} ({points} of them penalty points for wrong pins in {game}).",
                    penalty,
                ).format(score=self.score(scores), points=penalty, game=self.game_label(game))
            )
        elif self.games > 1 and game > 1:
            self.say(self._score_after(game - 1, scores))

    def _score_after(self, game: int, scores: tuple[float, float]) -> str:
        return score_after(game, self.games, self.seats, scores)

    def _duel_over(self, event: DuelOver) -> None:
        # two sentences: each begins with the name (Der Code von …, capital in German)
        line = Text(code_was(self.seats[0]))
        line.append_text(self.code_in_line(event.secrets[0]))
        line.append(". " + code_was(self.seats[1]))
        line.append_text(self.code_in_line(event.secrets[1]))
        line.append(".")
        self.say(line)
        game = self.game_label(event.game)
        game = game[:1].upper() + game[1:]
        if event.winner is None:
            self.say(_("{game}: a draw ({reason}).").format(game=game, reason=self._reason(event)))
        elif self.is_you(event.winner):
            self.say(_("{game}: you won ({reason}).").format(game=game, reason=self._reason(event)))
        else:
            self.say(
                _("{game}: {name} won ({reason}).").format(
                    game=game, name=self.subject(event.winner), reason=self._reason(event)
                )
            )
        if self.games > 1:
            self.say(self._score_after(event.game, event.scores))

    def _reason(self, event: DuelOver) -> str:
        """Why a duel ended, in the language in use."""
        if event.gave_up is not None and self.is_you(event.gave_up):
            return _("you gave up")
        return event.reason_text((self.subject(0), self.subject(1)))

    def _match_over(self, event: MatchOver) -> None:
        you = event.winner is not None and self.is_you(event.winner)
        self.say(final_score(self.seats, event.scores, event.winner, you))


def bad_option(name: str, problem: str) -> NoReturn:
    """Refuse the value given to the option ``name`` (``rows``) as click refuses one, in
    its words: ``invalid value for '--rows': …``, and where the options are listed."""
    ctx = click.get_current_context()
    param = next((p for p in ctx.command.params if p.name == name), None)
    raise click.BadParameter(problem, ctx, param, f"--{name}" if param is None else None)


def parse_players(spec: str, strategy: str) -> tuple[Seat, Seat]:
    """``human,computer`` and the like; ``human:NAME`` names a person,
    ``computer:STRATEGY`` picks the computer's strategy."""
    entries = [part.lstrip() for part in spec.split(",")]
    if len(entries) != 2:
        bad_option(
            "players",
            _("give two players, like 'human,computer', not {spec!r}").format(spec=spec),
        )
    kinds = [e.partition(":")[0].strip().lower() for e in entries]
    seats: list[Seat] = []
    for i, entry in enumerate(entries):
        kind, sep, argument = entry.partition(":")
        kind = kind.strip().lower()
        if kind == "human":
            # a name given (after the colon) is taken by the rules of every game's names
            name = (
                (argument.strip() or argument)
                if sep
                else default_name(True, kinds.count("human"), i)
            )
            seat = Seat(name, human=True)
        elif kind == "computer":
            chosen = argument.strip() or strategy
            if chosen not in STRATEGIES:
                unknown = _("unknown strategy {name!r}; choose one of {choices}").format(
                    name=chosen, choices=", ".join(sorted(STRATEGIES))
                )
                meant = STRATEGY_CHOICE.nearest(chosen)
                if meant is not None:
                    unknown += "; " + _("did you mean {name!r}?").format(name=meant)
                bad_option("players", unknown)
            seat = Seat(default_name(False, kinds.count("computer"), i), False, chosen)
        else:
            bad_option(
                "players",
                _("a player is 'human[:NAME]' or 'computer[:STRATEGY]', not {entry!r}").format(
                    entry=entry
                ),
            )
        # a person named Computer beside the computer too
        problem = name_problem(seat.name, [earlier.name for earlier in seats])
        if problem is not None:
            bad_option("players", problem)
        seats.append(seat)
    return seats[0], seats[1]


@mastermind.command("play", cls=PlayCommand, short_help="Play a match in the terminal.")
@preset_options
@click.option(
    "--role",
    type=ROLE_CHOICE,
    help="The first player's role in game 1 (default: duel for logik, breaker otherwise). "
    "Roles swap each game.",
)
@click.option(
    "--players",
    metavar="PLAYERS",
    default="human,computer",
    show_default=True,
    help="Two players, each human[:NAME] or computer[:STRATEGY], e.g. 'human:Ann,human:Bob'.",
)
@click.option(
    "--games",
    type=WholeNumber(1, 100),
    help="Games agreed: any number of maker and breaker games (default 2, one each as "
    "codemaker; with an odd number the first codemaker makes one code more), the higher "
    "total wins; any number of duels (default 1).",
)
@click.option(
    "--honour",
    is_flag=True,
    help="A person making the code for the computer does not enter it first: wrong pins are "
    "caught when rows contradict, and the secret is asked for at the end of each game to "
    "check every row. Only for a person and the computer taking turns as codemaker; refused "
    "for two people, two computers and duels.",
)
@click.option(
    "--strategy",
    type=STRATEGY_CHOICE,
    metavar="NAME",
    default=DEFAULT_STRATEGY,
    show_default=True,
    help=STRATEGY_HELP,
)
@click.option(
    "--seed",
    type=WholeNumber(min=0),
    help="Seed for the computer's secrets and chance, to replay a match (default: fresh).",
)
@click.option(
    "--save",
    "save_file",
    metavar="FILE",
    help="Save the match to FILE after every row or move, and when it is left or ends "
    "(resume it with --resume FILE).",
)
@click.option(
    "--resume",
    "resume_file",
    metavar="FILE",
    help="Continue a saved match where it was left, with its own settings (no other "
    "option but --save and --transcript).",
)
@click.option(
    "--transcript",
    type=OutputPath(transcript=True),
    help="Write the match to FILE as it is played, one JSON line per event (each secret "
    "once its game is over); resumed, the file is written again whole. The save names it: "
    "--resume goes on writing it.",
)
@click.pass_context
def play_command(
    ctx: click.Context,
    /,
    game: Preset,
    role: str | None,
    players: str,
    games: int | None,
    honour: bool,
    strategy: str,
    seed: int | None,
    save_file: str | None,
    resume_file: str | None,
    transcript: str | None,
) -> None:
    """Play a match in the terminal against the computer or each other.

    Breaker and maker roles follow Superhirn and Master Collor: the codemaker scores one
    point per row the codebreaker used, rows + 1 when the code is not cracked (or the
    codebreaker gives up), roles swap each game, and after the agreed games (one each as
    codemaker by default; any number, an odd one giving the first codemaker one code more)
    the higher total wins, equal totals a draw. A person making a code for the computer
    types it hidden first, then places the pins; a row's pins are final, and checked
    against the code, when the next guess is answered (or the game ends), so until then
    'undo' can still mend them. Wrong pins restart the game with an empty board, name the
    row, and give the codebreaker 3 points (Master Collor's rule; the Superhirn text can
    also be read as a penalty, we follow Master Collor). Between two people the codemaker
    types the secret hidden and the engine scores. Every game ends with the secret shown.

    The duel follows Logik: both players set a code and break each other's at the same
    time; a move's results appear only when both have moved; the first to crack wins;
    both in the same move, or every row used by both, is a draw.

    --save FILE keeps the match in FILE as it goes (packed, so that a glance does not
    show the secrets); --resume FILE continues it exactly where it was, even a match left
    without --save and saved at the question to leave. --transcript FILE writes the match
    as it goes, a JSON line per row and per game's end, for a referee to read.
    """
    out, err = stdout_console(), stderr_console()
    settings, sitting, loaded = _open_match(
        ctx, game, role, players, games, honour, strategy, seed, resume_file
    )
    game = sitting.preset
    seats = settings.seats
    if save_file is not None:
        _check_save_file(save_file, settings, sitting, out)
    written = _checked_transcript(transcript, sitting, loaded, save_file, resume_file)
    searching = SearchShown()
    breakers = _breakers(seats, settings.strategy_seed, game, searching)
    view = View(game, seats, out, sitting.games)
    view.preset_is_duel = isinstance(sitting, Duel)
    view.honour = settings.honour
    reader = Reader(out, err)
    if written is not None:
        view.transcript = _open_transcript(
            written, settings, sitting, loaded, out, ask=sys.stdin.isatty()
        )
        if transcript is None and resume_file is not None:
            _goes_on(resume_file, written, err)
    if loaded is not None and resume_file is not None and sitting.phase is Phase.OVER:
        _close_transcript(view)  # written whole: the recap adds nothing to it
        _over(view, loaded, resume_file)  # nothing to play: the match ended as it was saved
        return
    path, problem = _save_path(save_file, resume_file)
    keeper = Keeper(
        settings,
        sitting,
        path,
        reader,
        [] if loaded is None else loaded.family,
        None if view.transcript is None else view.transcript.path.resolve(),
    )
    if problem:  # played all the same: leaving asks for another file at a terminal
        err.print(
            _("warning: {problem}; save the match to another file").format(problem=problem),
            markup=False,
            soft_wrap=not err.is_terminal,
        )
    reader.on_leave = keeper.offer
    play: Callable[[], None]
    if isinstance(sitting, Duel):
        play = functools.partial(_play_duel, sitting, view, reader, breakers, searching, keeper)
    else:
        play = functools.partial(_play_match, sitting, view, reader, breakers, searching, keeper)

    def runner() -> None:
        view.say(f"{game.describe()}.")
        view.legend()
        if resume_file is None and not isinstance(sitting, Duel):
            view.codes_made(sitting.codes_made())
        if resume_file is not None:
            _recap(view, sitting, resume_file, loaded)
        play()

    try:
        try:
            try:
                runner()
            except BrokenPipeError:
                raise
            except (OSError, EOFError):
                # a line read or written when the terminal closed: a hang-up, as SIGHUP is
                raise_if_hung_up()
                raise
        except OSError as exc:
            # the reader of standard output went away (| head), or it takes nothing (closed,
            # a full disk): the match is left, as play leaves its game, saved where it has
            # a save file
            if not stdout_failed(exc):
                raise
            drop_stdout()
            raise Abandon(stdout_failure_reason(exc), EXIT_PROBLEM, lost=True) from None
        except Terminated as stopped:
            stop_taken()
            gone_away = stopped.exit_code == EXIT_HUNG_UP
            raise Abandon(
                _("hung up") if gone_away else _("terminated"), stopped.exit_code
            ) from None
        except KeyboardInterrupt:
            raise Abandon(_("interrupted"), EXIT_INTERRUPTED) from None
    except Abandon as reason:
        said = keeper.on_leaving()
        if view.transcript is not None:  # a referee tells a match left from one in play
            with contextlib.suppress(OSError):
                view.transcript.leave(sitting.game, keeper.keeping.resumable)
        # a terminal hung up takes no more lines (standard error may be a file still),
        # nor does standard output that failed (2>&1 | head)
        lost = (OSError,) if reason.exit_code == EXIT_HUNG_UP or reason.lost else ()
        with contextlib.suppress(*lost):
            out.print()
        with contextlib.suppress(*lost):
            err.print(
                keeper.said_at(err, abandoned_text(str(reason), said)),
                markup=False,
                soft_wrap=True,  # broken by said_at at a terminal, one line otherwise
            )
        raise SystemExit(reason.exit_code) from None
    finally:
        _close_transcript(view)
    keeper.at_end(view)


def _open_match(
    ctx: click.Context,
    game: Preset,
    role: str | None,
    players: str,
    games: int | None,
    honour: bool,
    strategy: str,
    seed: int | None,
    resume_file: str | None,
) -> tuple[Settings, Match | Duel, Loaded | None]:
    """The match the options describe (not started), or the one ``resume_file`` holds
    (brought to where it was, with what its actions caused); a bad option or save fails
    (both `play` and `board`)."""
    if resume_file is not None:
        given = [
            flag
            for name, flag in RESUME_DROPS
            if ctx.get_parameter_source(name)
            in (click.core.ParameterSource.COMMANDLINE, click.core.ParameterSource.ENVIRONMENT)
        ]
        if given:
            fail(
                _("--resume continues the saved match as it was; drop {items}").format(
                    items=", ".join(given)
                )
            )
        try:
            loaded = load_save(resume_file)
        except SaveError as error:
            fail(str(error))
        # a save from before the end that another file of the match holds: it is over
        loaded = ended_elsewhere(loaded, resume_file) or loaded
        return loaded.settings, loaded.match, loaded
    seats = parse_players(players, strategy)
    chosen_role = role or ("duel" if game.mode == "duel" else "breaker")
    duel = chosen_role == "duel"
    try:
        if duel and honour:
            check_honour(seats, games or 1, duel=True)
        settings = Settings.of(
            game,
            seats,
            duel=duel,
            games=games or (1 if duel else 2),
            first_breaker=0 if chosen_role in ("breaker", "duel") else 1,
            honour=honour and not duel,
            seed=seed,
            entropy=fresh_seed() if seed is None else seed,
        )
        sitting = settings.match(game)
    except HonourError as error:
        fail(f"--honour: {error}")
    except MatchError as error:
        fail(f"--games: {error}")
    return settings, sitting, None


def _save_path(save_file: str | None, resume_file: str | None) -> tuple[str | None, str | None]:
    """Where the match is kept: the --save file, else the file it was resumed from; when
    that file cannot be written, no file and why (the match is played all the same)."""
    if save_file is not None or resume_file is None:
        return save_file, None
    problem = save_problem_at(resume_file, advice=False)  # the warning says what to do
    return (None, problem) if problem else (resume_file, None)


def _check_save_file(
    save_file: str, settings: Settings, sitting: Match | Duel, out: Console
) -> None:
    """Fail unless the match may be saved to ``save_file`` (--save): not a folder, a device
    or another kind of file; the save of another match only replaced when the person at a
    terminal says so."""
    problem = save_problem_at(save_file, trying=True)
    if problem:
        fail(_("{option}: {problem}").format(option="--save", problem=problem))
    if holds_another_match(save_file, settings, sitting):
        refuse_replacing(
            _("{option}: {path} holds another saved match; give another name").format(
                option="--save", path=shown_name(save_file)
            ),
            ask=(lambda: _overwrite(save_file, out)) if sys.stdin.isatty() else None,
        )


def _checked_transcript(
    transcript: str | None,
    sitting: Match | Duel,
    loaded: Loaded | None,
    save_file: str | None,
    resume_file: str | None,
) -> str | None:
    """Where the match's transcript is written, checked (:func:`_check_transcript`): the
    --transcript file, else the one the save resumed names (a match that is over is shown,
    not written); None: nowhere."""
    if transcript is not None:
        _check_transcript(transcript, [save_file, resume_file])
        return transcript
    if loaded is None or loaded.transcript is None or sitting.phase is Phase.OVER:
        return None
    _check_transcript(str(loaded.transcript), [save_file, resume_file], True, resume_file)
    return str(loaded.transcript)


def _goes_on(resume_file: str, path: str, err: Console) -> None:
    """Say that the match resumed goes on writing the transcript its save names: a path
    from the save, not the command line, never written unseen."""
    err.print(
        _("{path}: the transcript of this match goes on in {transcript}").format(
            path=shown_name(resume_file), transcript=shown_name(path)
        ),
        markup=False,
        soft_wrap=not err.is_terminal,
    )


def _check_transcript(
    path: str,
    saves: Sequence[str | None],
    from_save: bool = False,
    resume_file: str | None = None,
) -> None:
    """Fail unless the match's transcript may be written at ``path`` (--transcript): not a
    file of another kind, nor the match's save. ``from_save``: ``path`` is the one the
    save ``resume_file`` names, not one given on the command line."""
    if from_save:
        problem = unwritable(path)
        if problem:
            fail(
                _(
                    "{path}: the transcript this match was writing cannot be written any "
                    "more ({problem}); --transcript FILE writes it elsewhere"
                ).format(path=shown_name(resume_file or ""), problem=problem)
            )
    problem = not_a_transcript(path, holds_match)
    if problem is not None and from_save and Path(path).is_file():
        # the path the save names: no name to change but with --transcript
        fail(
            _(
                "cannot write the transcript {path}: it exists and is not a transcript; "
                "--transcript FILE writes this match's transcript elsewhere"
            ).format(path=shown_name(path))
        )
    if problem is not None:
        fail(problem)
    for save in saves:
        if save is not None and Path(save).resolve() == Path(path).resolve():
            fail(
                _(
                    "cannot write the transcript {path}: it is the match's save file; "
                    "give another name"
                ).format(path=shown_name(path))
            )


def _open_transcript(
    path: str,
    settings: Settings,
    sitting: Match | Duel,
    loaded: Loaded | None,
    out: Console,
    ask: bool,
) -> MatchTranscript:
    """Write the match's transcript to ``path`` (a resumed match's again whole, from the
    start), to follow the match there. A file that holds the transcript of another match
    is written over only when the person at a terminal says yes (``ask``: there is one to
    ask); a script is refused."""
    events = [] if loaded is None else loaded.events
    records = MatchRecords(sitting.preset, settings.seats)
    start = start_record(sitting.preset, settings.seats, sitting.games, settings.duel)
    if other_match_in(path, start, records, events, resumed=loaded is not None):
        if ask:
            question = _("{path} holds the transcript of another match. Overwrite it? [y/N] ")
            refuse_replacing(
                _("the transcript of another match in {path} is kept; give another name").format(
                    path=shown_name(path)
                ),
                ask=lambda: _overwrite(path, out, question),
            )
        else:
            refuse_replacing(
                _(
                    "cannot write the transcript {path}: it holds the transcript of another "
                    "match, which a script does not replace; give another name"
                ).format(path=shown_name(path))
            )
    try:
        return MatchTranscript(Path(path), start, records, events)
    except TuringError as error:
        fail(str(error))
    except OSError as exc:
        fail(
            _("cannot write the transcript {path}: {reason}").format(
                path=shown_name(path), reason=os_reason(exc)
            )
        )


def _close_transcript(view: View) -> None:
    if view.transcript is not None:
        view.transcript.close()
        view.transcript = None


def _over(view: View, loaded: Loaded, path: str) -> None:
    """A resumed match that is over: it says so, and how it went: each game's rows and
    secret (all public now), then the final score."""
    if loaded.ended_in is None:
        view.say(_("The match saved in {path} is over.").format(path=shown_name(path)))
    else:  # a save from before the end, whose end another file holds
        view.say(
            _("The match saved in {path} is over (its end is saved in {end}).").format(
                path=shown_name(path), end=shown_name(loaded.ended_in)
            )
        )
    _match_recap(view, loaded.events)


def _match_recap(view: View, events: Sequence[Event]) -> None:
    """A finished match told again: each game's codemaker and codebreaker, its rows (pins
    taken back left out), how it ended and its secret, then the final score."""
    rows: list[Text] = []

    def told() -> None:
        for line in rows:
            view.say(line)
        rows.clear()

    for event in events:
        if isinstance(event, GameStarted):
            told()
            game = view.game_label(event.game)
            game = game[:1].upper() + game[1:]
            if event.maker == event.breaker or view.preset_is_duel:
                view.say(_("{game}:").format(game=game))
            else:
                view.say(
                    _("{game}: codemaker {maker}, codebreaker {breaker}.").format(
                        game=game, maker=view.name(event.maker), breaker=view.name(event.breaker)
                    )
                )
        elif isinstance(event, RowPlayed):
            rows.append(view.row(event.number, event.row))
        elif isinstance(event, PinsTakenBack):
            if rows:
                rows.pop()
        elif isinstance(event, DuelMove):
            width = max(len(s.name) for s in view.seats) + 2
            for player in (0, 1):
                who = f"{view.name(player):<{width}}"
                rows.append(view.row(event.number, event.rows[player], who))
        else:
            told()
            view.event(event)


def _overwrite(path: str, out: Console, question: str | None = None) -> bool:
    """At a terminal, whether the person would have the save of another match in ``path``
    replaced (no, the default, and Ctrl-C or Ctrl-D: keep it); ``question``, with
    ``{path}``, asks it of another file (the transcript of another match)."""
    question = (question or _("{path} holds another saved match. Overwrite it? [y/N] ")).format(
        path=shown_name(path)
    )
    try:
        return asked_yes_or_no(input, out.print, question) is True
    except Terminated:
        raise
    except (KeyboardInterrupt, EOFError):
        raise_if_hung_up()  # the terminal closed: a hang-up, not Ctrl-D
        out.print()
        return False


#: The options ``--resume`` takes from its save, by parameter name, and as typed.
RESUME_DROPS: Final = (
    ("preset", "--preset"),
    ("positions", "--positions"),
    ("colours", "--colours"),
    ("repeats", "--repeats"),
    ("duplicates", "--duplicates"),
    ("blank", "--blank"),
    ("rows", "--rows"),
    ("role", "--role"),
    ("players", "--players"),
    ("games", "--games"),
    ("honour", "--honour"),
    ("strategy", "--strategy"),
    ("seed", "--seed"),
)


class Keeper:
    """Keeps the match in its save file (:class:`~turing.mastermind.saves.Keeping`): after
    every step, when it is left, and when it ends; at a terminal, leaving without one
    offers to save (:meth:`offer`)."""

    def __init__(
        self,
        settings: Settings,
        sitting: Match | Duel,
        path: str | None,
        reader: Reader,
        family: Sequence[Path] = (),
        transcript: Path | None = None,
    ) -> None:
        self.keeping = Keeping(settings, sitting, path, family, transcript)
        self.reader = reader

    def save(self) -> None:
        """Save the match when it changed since the last save; a save that fails is said
        once (the match goes on, and leaving offers another file at a terminal)."""
        failed = self.keeping.save()
        if failed:
            self.reader.error(failed)

    def offer(self) -> bool:
        """At a terminal, the person leaving: saved to the save file, or, without one (or
        when it cannot take the match: it cannot be written, or it holds the match played
        another way in another sitting), asked for a file to save to (Enter: none). False
        when Ctrl-C at the question keeps the match going."""
        keeping = self.keeping
        if keeping.path is not None:
            failed = keeping.save()
            if keeping.failed is None or (keeping.overtaken and not keeping.strayed):
                # the file holds the match further on, played in another sitting: nothing
                # of this one is left to keep; the line that leaves says so
                # (:meth:`on_leaving`), once
                return True
            if failed:
                self.reader.error(failed)
        out = self.reader.out

        def ask(question: str) -> str:
            try:
                return input(self.reader.fitted(question))
            except Terminated:
                raise
            except (EOFError, KeyboardInterrupt):
                raise_if_hung_up()  # the terminal closed: a hang-up, not Ctrl-D
                out.print()  # the key left the cursor on the question's line
                raise

        def tell(text: str) -> None:
            out.print(text, markup=False, highlight=False)

        def save_to(target: str) -> bool:
            if keeping.holds_another(target) and not _overwrite(target, out):
                return False
            try:
                keeping.save_to(target)
            except SaveError as error:
                self.reader.error(str(error))
                return False
            return True

        answer = ask_save_file(ask, tell, save_to, is_command=names_a_command)
        if answer is SaveAnswer.NO_NAME:
            keeping.path = None
        return answer is not SaveAnswer.STAY

    def on_leaving(self) -> str:
        """Save the match left unfinished; what became of it, said after "…: match
        abandoned;" ("" without a save file)."""
        path = self.keeping.path
        if path is None:
            return ""
        self.save()
        if self.keeping.failed is not None:
            return self.keeping.left_unsaved(
                command_to_copy("mastermind", "play", "--resume", path)
            )
        return _("saved to {path} — resume with: {command}").format(
            path=shown_name(path), command=command_to_copy("mastermind", "play", "--resume", path)
        )

    def said_at(self, console: Console, text: str) -> str:
        """``text`` (what became of the match left) as ``console`` shows it: at a terminal
        in lines of its width, the command that resumes the match whole on one of them
        (:func:`~turing.cli.output.keeping_command_whole`); elsewhere one line."""
        path = self.keeping.path
        command = command_to_copy("mastermind", "play", "--resume", path) if path else ""
        return keeping_command_whole(
            text,
            command,
            console.width if console.is_terminal else None,
            lambda line: cell_len(as_written(line, console.file)),
        )

    def at_end(self, view: View) -> None:
        """The match is over: its save brought to the end (resumed, it says so), and every
        other file of its family that holds it (:meth:`Keeping.bring_family_to_end`)."""
        path = self.keeping.path
        if path is not None:
            self.save()
            if self.keeping.failed is None:
                view.say(_("The finished match is saved to {path}.").format(path=shown_name(path)))
        ended = self.keeping.bring_family_to_end()
        for line in ended_lines(ended):
            view.say(line)


def went_on_text(path: str, loaded: Loaded) -> str:
    """What a resumed save whose game is over in another file of the match's family says:
    the game over, the file the match went on in, and the game it is resumed at."""
    assert loaded.went_on_in is not None
    return _(
        "{path}: game {over} of this match is over (the match went on in {other}); "
        "resumed at game {game}."
    ).format(
        path=shown_name(path),
        over=loaded.left_at,
        other=shown_name(loaded.went_on_in),
        game=loaded.match.game,
    )


def ended_lines(ended: Ended) -> list[str]:
    """What the end of a match did to the other files of its family, a line each: brought
    to the end, or not and why (another match there, or a file that cannot take it)."""
    return [
        *(
            _("The finished match is saved to {path}.").format(path=shown_name(saved))
            for saved in ended.saved
        ),
        *(
            _("The finished match is not saved to {path}: {reason}.").format(
                path=shown_name(held), reason=_("it holds another saved match")
            )
            for held in ended.held
        ),
        *(
            _("The finished match is not saved to {path}: {reason}.").format(
                path=shown_name(member), reason=reason
            )
            for member, reason in ended.failed
        ),
    ]


def _recap(view: View, sitting: Match | Duel, path: str, loaded: Loaded | None = None) -> None:
    """Where a resumed match stands: the game, the board and the score. A save whose game
    is over in another file of the match's family, resumed at that file's later game, says
    so instead (:func:`~turing.mastermind.saves.ended_elsewhere`)."""
    if loaded is not None and loaded.went_on_in is not None:
        view.say(went_on_text(path, loaded))
    else:
        view.say(
            _("Resumed from {path}: {game}.").format(
                path=shown_name(path), game=view.game_label(sitting.game)
            )
        )
    if isinstance(sitting, Duel):
        if sitting.phase is not Phase.SECRET:
            humans = [i for i, seat in enumerate(sitting.seats) if seat.human]
            _duel_board(view, sitting, humans[0] if humans else 0)
        view.score_so_far(sitting.game, sitting.scores)
    elif sitting.phase is not Phase.SECRET:
        _match_board(view, sitting)
    else:
        view.score_so_far(
            sitting.game,
            (float(sitting.scores[0]), float(sitting.scores[1])),
            sitting.penalty,
        )


# -- the alternating match


def _play_match(
    match: Match,
    view: View,
    reader: Reader,
    breakers: dict[str, Strategy],
    searching: SearchShown,
    keeper: Keeper,
) -> None:
    if not match.game:
        view.events(match.start())
    while match.phase is not Phase.OVER:
        keeper.save()
        maker, breaker = match.seats[match.maker], match.seats[match.breaker]
        if match.phase is Phase.SECRET:
            code = _ask_secret(reader, view, maker, match.seats[match.breaker], match.draw_secret)
            view.events(match.set_secret(code))
        elif match.phase is Phase.REVEAL:
            code = _ask_code(
                reader,
                view,
                _("{name}, show your secret code to check the rows").format(name=maker.name),
                match,
            )
            again = _("{name}, the same code again to confirm").format(name=maker.name)
            if _confirmed(reader, view.preset, again, code, hidden=False):
                view.events(match.reveal(code))
        elif match.phase is Phase.FEEDBACK:
            assert match.pending is not None
            _answer(reader, view, match, None)
        elif breaker.human:
            _human_guess(reader, view, match)
        else:
            assert breaker.strategy is not None
            with searching.choosing():
                proposal = match.propose(breakers[breaker.strategy])
            if proposal is None:  # the open pins contradict the rows before them
                if not (maker.human and match.take_back_helps and _take_back(reader, view, match)):
                    view.events(match.settle())
                continue
            if match.maker_types_feedback:
                _answer(reader, view, match, proposal)
            else:
                view.events(match.guess(proposal))


def _take_back(reader: Reader, view: View, match: Match) -> bool:
    """The last pins leave no code with the rows before them, so the computer cannot guess:
    the codemaker may take them back (they are not final yet). True: taken back.

    Yes is the default (Enter): letting wrong pins stand restarts the game. An answer that
    is neither yes nor no is asked once more (:data:`~turing.i18n.YES_OR_NO_AGAIN`), then
    taken as yes."""
    question = _("{question} [Y/n] ").format(question=match.take_back_question())
    shown = functools.partial(_match_board, view, match, asked=len(match.rows))
    if not _asked(reader, view, question, shown, default=True, undo=True):
        return False
    view.events(match.undo())
    return True


def _asked(
    reader: Reader,
    view: View,
    question: str,
    shown: Callable[[], None],
    *,
    default: bool,
    undo: bool,
    declinable: bool = False,
) -> bool:
    """The player's answer to a yes-or-no ``question``: Enter is ``default``, ``undo``
    counts as ``undo``; ``board``, ``help`` and the like are answered (``shown`` draws the
    board) and the question asked again; ``quit`` asks to leave the match, as at any
    prompt. An answer that is neither yes nor no is asked once more
    (:data:`~turing.i18n.YES_OR_NO_AGAIN`), then taken as ``default``. ``declinable``:
    Ctrl-C and Ctrl-D answer no (else they ask to leave the match)."""
    asked_again = False
    while True:
        try:
            word = reader.line(question, question=True, declinable=declinable).lower()
        except Declined:
            return False
        if word in HINT_WORDS:  # a question, not a guess prompt, even the codebreaker's
            reader.error(
                _(
                    "'{word}' is no answer to this question: answer y or n (at a guess prompt "
                    "it counts the codes that fit the rows)"
                ).format(word=word)
            )
            continue
        if word and _common(word, view, reader, shown):
            continue
        said = undo if word in UNDO_WORDS else yes_or_no(word)
        if said is None and word and not asked_again:
            reader.out.print(_(YES_OR_NO_AGAIN), markup=False, highlight=False)
            asked_again = True
            continue
        return default if said is None else said


def _where(match: Match) -> str:
    return _where_in(len(match.rows) + 1, match.preset.rows, match.game, match.games)


def _where_in(row: int, rows: int, game: int, games: int) -> str:
    if games > 1:
        return _("row {row} of {rows}, game {game} of {games}").format(
            row=row, rows=rows, game=game, games=games
        )
    return _("row {row} of {rows}").format(row=row, rows=rows)


def _human_guess(reader: Reader, view: View, match: Match) -> None:
    name = match.seats[match.breaker].name
    while True:
        text = reader.line(_("{name}, your guess — {where}").format(name=name, where=_where(match)))
        word = text.lower()
        if _common(word, view, reader, lambda: _match_board(view, match), match.hint):
            continue
        if word in GIVE_UP_WORDS:
            if _gives_up(reader):
                view.events(match.give_up(match.breaker))
                return
            continue
        if word in UNDO_WORDS:
            reader.error(_("'undo' takes back a codemaker's last pins; there are none here"))
            continue
        try:
            code = match.preset.palette.parse(text, match.preset.space, guess=True)
        except CodeError as error:
            _refuse(reader, text, error, match.preset.positions, GUESS_COMMANDS)
            continue
        if not _played_again(reader, view, match.rows, code, lambda: _match_board(view, match)):
            continue
        view.events(match.guess(code))
        return


def _played_again(
    reader: Reader, view: View, rows: Sequence[Row], code: Code, shown: Callable[[], None]
) -> bool:
    """Whether ``code`` is played: at once when no row holds it yet; else the row it was
    played in is said, and at a terminal the person is asked whether to play it again (no,
    the default, ``undo``, and Ctrl-C or Ctrl-D: "Nothing done.", and the same prompt asks
    again; ``board`` and ``help`` are answered as at the prompt, ``shown`` drawing the
    board). From a script it is played after the note, as typed."""
    number = played_in(rows, code)
    if number is None:
        return True
    line = Text()
    line.append_text(view.code_in_line(code))
    line.append(" " + _("was played in row {n}").format(n=number) + " (")
    line.append_text(view.pins(rows[number - 1].feedback))
    line.append(")")
    view.say(line)
    if not reader.interactive:
        return True
    question = _("Play it again? It takes another row. [y/N] ")
    if _asked(reader, view, question, shown, default=False, undo=False, declinable=True):
        return True
    reader.out.print(_("Nothing done."), markup=False, highlight=False)
    return False


def _gives_up(reader: Reader) -> bool:
    """``giveup`` typed by a codebreaker: at a terminal the person is asked first; Ctrl-C
    or Ctrl-D at the question keep the game (as at the criteria game's give-up question):
    "Nothing done.", and the same prompt asks again."""
    if reader.confirm(_("Give up this game? It is scored as lost. [y/N] "), interrupted=False):
        return True
    reader.out.print(_("Nothing done."), markup=False, highlight=False)
    return False


def _answer(reader: Reader, view: View, match: Match, proposal: Code | None) -> None:
    """The codemaker's pins for the computer's guess (``proposal``, not yet made) or for the
    pending guess after an undo."""
    maker = match.seats[match.maker].name
    guess = proposal if proposal is not None else match.pending
    assert guess is not None
    number = len(match.rows) + 1
    line = Text(
        _("{name} guesses, row {n}:").format(name=match.seats[match.breaker].name, n=number) + "  "
    )
    line.append_text(view.code(guess))
    view.say(line)
    hit = match.preset.hit_pin
    while True:
        text = reader.line(
            _("{name}, pins for row {n} ({hit} then white)").format(
                name=maker, n=number, hit=pin_name(hit)
            )
        )
        word = text.lower()
        if _common(word, view, reader, lambda: _match_board(view, match, guess)):
            continue
        if word in UNDO_WORDS:
            try:
                view.events(match.undo())
            except MatchError as error:
                reader.error(str(error))
                continue
            return
        if word in GIVE_UP_WORDS:
            reader.error(_("only the codebreaker can give up a game"))
            continue
        try:
            pins = parse_pins(text, match.preset.positions, match.preset.hit_pin)
        except FeedbackError as error:
            _refuse(reader, text, error, match.preset.positions, PINS_COMMANDS)
            continue
        if pins.black == match.preset.positions and not _names_the_code(reader, view, match, guess):
            continue
        if proposal is None:
            view.events(match.give_feedback(pins))
            return
        view.events(match.answer(proposal, pins))
        return


def _names_the_code(reader: Reader, view: View, match: Match, guess: Code) -> bool:
    """Pins all black (Superhirn: red) end the game at once with ``guess`` as the code, so at
    a terminal the codemaker is asked first (no, the default, ``undo``, and Ctrl-C or
    Ctrl-D: "Nothing done." and the pins of the row are asked again, as ``undo`` would
    have them); a script's line is taken as it stands, as ``giveup`` is. An answer that
    is neither yes nor no is asked once more (:data:`~turing.i18n.YES_OR_NO_AGAIN`), then
    taken as no."""
    if not reader.interactive:
        return True
    question = _("{code} is your code? [y/N] ").format(code=view.code_in_line(guess).plain)
    shown = functools.partial(_match_board, view, match, guess)
    if _asked(reader, view, question, shown, default=False, undo=False, declinable=True):
        return True
    reader.out.print(_("Nothing done."), markup=False, highlight=False)
    return False


def _match_board(
    view: View, match: Match, waiting: Code | None = None, asked: int | None = None
) -> None:
    """The board of ``match``; ``asked``: the row a question is about (the take-back
    question asks about the last row, not the next), named in the head."""
    where = (
        _where(match)
        if asked is None
        else _where_in(asked, match.preset.rows, match.game, match.games)
    )
    view.say(f"{view.preset.title}: {where}")
    # the score in the words play says it in (nothing before the first game ends)
    view.score_so_far(match.game, (float(match.scores[0]), float(match.scores[1])), match.penalty)
    if match.maker_types_feedback and match.secret is not None:
        mine = Text(_("Your code: "))
        mine.append_text(view.code(match.secret))
        view.say(mine)
    for number, row in enumerate(match.rows, start=1):
        view.say(view.row(number, row))
    pending = match.pending if match.pending is not None else waiting
    if pending is not None:
        view.say(view.pending(len(match.rows) + 1, pending))
    elif not match.rows:
        view.say(_("No rows yet."))


def _ask_secret(
    reader: Reader,
    view: View,
    seat: Seat,
    other: Seat,
    draw: Callable[[], Code],
    *,
    breaks_too: bool = False,
) -> Code:
    """A secret typed twice without echo; errors never repeat what was typed.
    ``breaks_too``: the player setting it breaks the other's code too (a duel), so may
    give up once the game is under way; a codemaker never can."""
    preset = view.preset
    prompt = (
        _("{name}, your secret code (hidden; {other}, please look away)")
        if other.human
        else _("{name}, your secret code (hidden)")
    ).format(name=seat.name, other=other.name)
    while True:
        text = reader.line(prompt, hidden=True, blank=True)
        if not text:  # Enter alone: what the secret is, as a code refused says
            reader.error(_secret_wanted(preset))
            continue
        word = text.lower()
        if _asks_help(word):
            _help(view, reader, word)
            continue
        if word in RULES_WORDS:
            _rules(view)
            continue
        if word in BOARD_WORDS:
            view.say(_("No board yet: the secret code comes first."))
            continue
        if word in HINT_WORDS:
            _no_hint(reader, word)
            continue
        if word in GIVE_UP_WORDS and not breaks_too:
            reader.error(_("only the codebreaker can give up a game"))
            continue
        if word in GIVE_UP_WORDS or word in UNDO_WORDS:
            reader.error(
                _("'{word}' is for a game under way; the secret code comes first").format(word=word)
            )
            continue
        if word in RANDOM_WORDS:
            code = draw()
            if other.human:
                view.say(
                    _("{name}: a random secret code was drawn; the engine scores it.").format(
                        name=seat.name
                    )
                )
            else:
                shown = Text(_("{name}, your random secret code is ").format(name=seat.name))
                shown.append_text(view.code(code))
                shown.append(_(" — keep it to yourself."))
                view.say(shown)
            return code
        try:
            code = preset.palette.parse(text, preset.space, hidden=True)
        except CodeError as error:
            reader.error(str(error))
            continue
        again = _("{name}, the same code again to confirm").format(name=seat.name)
        if _confirmed(reader, preset, again, code, hidden=True):
            return code


def _secret_wanted(preset: Preset) -> str:
    """What a secret code is, for Enter pressed at its prompt: ``type your secret code: 4
    colours, like RGBY (R=red(1) G=green(2) …), or random``."""
    positions = preset.space.positions
    return ngettext(
        "type your secret code: {n} colour, like {example} ({legend}), or random",
        "type your secret code: {n} colours, like {example} ({legend}), or random",
        positions,
    ).format(
        n=positions,
        example=preset.palette.example(preset.space),
        legend=preset.palette.legend(),
    )


def _confirmed(reader: Reader, preset: Preset, prompt: str, code: Code, *, hidden: bool) -> bool:
    """At a terminal, ``code`` typed a second time: True when the two entries agree, else
    says what is wrong with the second (``hidden``: without repeating any of it)."""
    if not reader.interactive:
        return True
    while not (again := reader.line(prompt, hidden=hidden, blank=True)):
        reader.error(_("Enter alone confirms nothing: type the same code again"))
    try:
        second = preset.palette.parse(again, preset.space, hidden=hidden)
    except CodeError as error:
        reader.error(_("the second entry: {error}; type the code again").format(error=error))
        return False
    if second != code:
        reader.error(_("the two entries differ; type the code again"))
        return False
    return True


def _ask_code(reader: Reader, view: View, prompt: str, match: Match) -> Code:
    preset = view.preset
    while True:
        text = reader.line(prompt)
        if _common(text.lower(), view, reader, lambda: _match_board(view, match)):
            continue
        try:
            return preset.palette.parse(text, preset.space)
        except CodeError as error:
            _refuse(reader, text, error, preset.positions, CODE_COMMANDS)


def _refuse(
    reader: Reader, text: str, error: Exception, positions: int, commands: tuple[Command, ...]
) -> None:
    """Say why ``text`` was refused: as a mistyped command when it plainly is one, else the
    error of the code or pins, which helps to mend a typo."""
    reader.error(mistyped_command(text, positions, commands) or str(error))


def _asks_help(word: str) -> bool:
    """Whether a line typed at a prompt asks for help: ``?``, ``help``, ``help pins`` …"""
    return not word.strip("?") or word.split()[0] in HELP_WORDS


def _help(view: View, reader: Reader, word: str) -> None:
    """``help`` alone: the list of what the prompts read, one line each; ``help TOPIC``: a
    prompt's or command's help in full (``help all``: all of it)."""
    written = functools.partial(as_written, stream=view.out.file)
    topic = " ".join(word.split()[1:]) if word.strip("?") else ""
    if not topic:
        text = summary(written)
    else:
        found = topic_help(topic, written)
        if found is None:
            reader.error(
                _(
                    "no help on {topic}; type help for the list, or help guess, help pins, "
                    "help secret, help all"
                ).format(topic=repr(topic))
            )
            return
        text = found
    for line in text.splitlines():
        view.say(line)


def _rules(view: View) -> None:
    """The rules of the game played (of its preset: Superhirn, Logik …), as ``turing rules
    GAME`` shows them: drawn at a terminal, through the pager when longer than the screen;
    plain text into a pipe or a script's output."""
    game = view.preset.name.split("+")[0]  # a custom game keeps its preset's rules
    try:
        page = rules_page(game if game in GAMES else "mastermind")
    except RulesPageError as exc:
        view.say(_("error: {message}").format(message=exc))
        return
    if view.out.is_terminal or view.out.file.isatty():
        show_page(page, view.out)
    else:
        view.say(plain(page).rstrip("\n"))


def _common(
    word: str,
    view: View,
    reader: Reader,
    board: Callable[[], None],
    hint: Callable[[], str] | None = None,
) -> bool:
    """The commands of every prompt in a game; True when ``word`` was one of them.
    ``hint`` says how many codes the rows leave, at a codebreaker's guess prompt."""
    if _asks_help(word):  # "?", "help", "help pins"
        _help(view, reader, word)
        return True
    if word in RULES_WORDS:
        _rules(view)
        return True
    if word in BOARD_WORDS:
        board()
        return True
    if word in HINT_WORDS:
        if hint is None:
            _no_hint(reader, word)
        else:
            view.say(hint())
        return True
    return False


def _no_hint(reader: Reader, word: str) -> None:
    reader.error(
        _("'{word}' is for the codebreaker's guess: it counts the codes that fit the rows").format(
            word=word
        )
    )


# -- the Logik duel


def _play_duel(
    duel: Duel,
    view: View,
    reader: Reader,
    breakers: dict[str, Strategy],
    searching: SearchShown,
    keeper: Keeper,
) -> None:
    if not duel.game:
        view.events(duel.start())
    while duel.phase is not Phase.OVER:
        keeper.save()
        events: list[Event] = []
        for player in duel.waiting_for():
            seat, other = duel.seats[player], duel.seats[1 - player]
            if duel.phase is Phase.SECRET:
                code = _ask_secret(reader, view, seat, other, duel.draw_secret, breaks_too=True)
                events += duel.set_secret(player, code)
                continue
            if seat.human:
                move = _duel_guess(reader, view, duel, player)
                if move is None:
                    events += duel.give_up(player)
                    break
                events += duel.guess(player, move)
            else:
                assert seat.strategy is not None
                with searching.choosing():
                    proposal = duel.propose(player, breakers[seat.strategy])
                events += duel.guess(player, proposal)
        view.events(events)


def _duel_guess(reader: Reader, view: View, duel: Duel, player: int) -> Code | None:
    """A guess, or None when the player gives up the duel."""
    preset = duel.preset
    name = duel.seats[player].name
    where = _where_in(len(duel.rows[player]) + 1, preset.rows, duel.game, duel.games)
    while True:
        text = reader.line(_("{name}, your guess — {where}").format(name=name, where=where))
        word = text.lower()
        if _common(
            word,
            view,
            reader,
            lambda: _duel_board(view, duel, player),
            functools.partial(duel.hint, player),
        ):
            continue
        if word in GIVE_UP_WORDS:
            if _gives_up(reader):
                return None
            continue
        try:
            code = preset.palette.parse(text, preset.space, guess=True)
        except CodeError as error:
            _refuse(reader, text, error, preset.positions, GUESS_COMMANDS)
            continue
        if _played_again(
            reader, view, duel.rows[player], code, lambda: _duel_board(view, duel, player)
        ):
            return code


def _duel_board(view: View, duel: Duel, player: int) -> None:
    """Your own code (when no other person shares the screen) and both boards."""
    other = 1 - player
    mine = duel.secrets[player]
    if mine is not None and not duel.seats[other].human:
        line = Text(_("Your code: "))
        line.append_text(view.code(mine))
        view.say(line)
    for who, against in ((player, other), (other, player)):
        view.say(against_code(view.name(who), view.seats[against]) + ":")
        rows = duel.rows[who]
        if not rows:
            view.say("  " + _("no rows yet"))
        for number, row in enumerate(rows, start=1):
            view.say(view.row(number, row, "  "))


# ---------------------------------------------------------------- board

#: The options of `mastermind play` the board takes too (the preset's come with preset_options).
BOARD_PLAY_OPTIONS = (
    "role",
    "players",
    "games",
    "honour",
    "strategy",
    "seed",
    "save_file",
    "resume_file",
    "transcript",
)


@mastermind.command("board", short_help="Play a match on a full-screen board.")
@preset_options
@serve_options
@click.pass_context
def board_command(
    ctx: click.Context, /, game: Preset, serve: bool, host: str, port: int, **options: Any
) -> None:
    """Play a match on a full-screen board, in the terminal or (with --serve) a browser.

    The match of `turing mastermind play`, with the same options and rules. Click a peg
    or type its letter or number, Backspace takes one back, Enter plays the row. A
    codemaker places pins with b (s in German, r in Superhirn) and w, then Enter; u takes
    back the last pins. h says how many codes fit the rows so far, d draws a random secret
    code, x gives up, v saves, q (or Ctrl-C) leaves. The secret stays hidden
    until the game ends; between two people a cover screen hides the board when the
    keyboard changes hands.

    --save FILE keeps the match in FILE after every step and when it is left; --resume FILE
    continues it where it was. The save is that of `turing mastermind play`: a match saved
    on the board resumes at the prompt and the reverse. --transcript FILE writes the match
    as `turing mastermind play` does.
    """
    check_serve_options(ctx, serve)
    save_file, resume_file = options["save_file"], options["resume_file"]
    settings, sitting, loaded = _open_match(
        ctx,
        game,
        options["role"],
        options["players"],
        options["games"],
        options["honour"],
        options["strategy"],
        options["seed"],
        resume_file,
    )
    game = sitting.preset
    breakers = _breakers(
        settings.seats, settings.strategy_seed, game
    )  # a strategy it cannot play fails
    out = stdout_console()
    if save_file is not None:
        _check_save_file(save_file, settings, sitting, out)
    transcript = options["transcript"]
    written = _checked_transcript(transcript, sitting, loaded, save_file, resume_file)
    recorder: MatchTranscript | None = None
    if written is not None:
        # a board textual-serve starts for a browser page has no terminal to ask at
        ask = not serve and not os.environ.get("TEXTUAL_DRIVER") and sys.stdin.isatty()
        recorder = _open_transcript(written, settings, sitting, loaded, out, ask=ask)
        if transcript is None and resume_file is not None:
            _goes_on(resume_file, written, stderr_console())
    if loaded is not None and resume_file is not None and sitting.phase is Phase.OVER:
        # nothing to play: the match ended as it was saved
        if recorder is not None:
            recorder.close()  # written whole: the recap adds nothing to it
        view = View(game, settings.seats, out, sitting.games)
        view.preset_is_duel = isinstance(sitting, Duel)
        _over(view, loaded, resume_file)
        return
    if serve:
        if recorder is not None:
            recorder.close()  # the served board writes it on
        words = command_line(ctx.command, ctx.params, SERVE_OPTIONS)
        serve_board(host, port, ["mastermind", "board", *words])
        return
    check_terminal("turing mastermind play")
    from turing.ui.mastermind_board import EXIT_ABANDONED, MastermindBoardApp

    path, warning = _save_path(save_file, resume_file)  # without a path v asks for one
    quit_watch = end_with_server()
    app = MastermindBoardApp(
        sitting,
        breakers,
        honour=settings.honour,
        settings=settings,
        save_path=path,
        resumed=resume_file,
        warning=warning,
        family=[] if loaded is None else loaded.family,
        transcript=recorder,
    )
    app.quit_watch = quit_watch

    def leaving() -> str:
        if sitting.phase is Phase.OVER:
            return ""
        said = app.save_on_leaving()
        if recorder is not None and app.keeping is not None:  # a match left says so
            with contextlib.suppress(OSError):
                recorder.leave(sitting.game, app.keeping.resumable)
        return said

    try:
        stopped, said = run_board(app, leaving)
    finally:
        if recorder is not None:
            recorder.close()
    code = stopped.exit_code if stopped is not None else app.return_code or 0
    if sitting.phase is Phase.OVER:
        if app.keeping is not None:
            app.keeping.save()  # "saved" only of a file that holds the match as it ended
        if app.save_path is not None and app.save_failed is None:
            out.print(
                _("The finished match is saved to {path}.").format(path=shown_name(app.save_path)),
                markup=False,
                highlight=False,
            )
        elif app.save_failed is not None:
            stderr_console().print(
                _("error: {message}").format(message=app.save_failed), markup=False
            )
        if app.keeping is not None:
            ended = app.keeping.bring_family_to_end()
            for line in ended_lines(ended):
                out.print(line, markup=False, highlight=False)
        if code:
            raise SystemExit(code)
        return
    code = code or EXIT_ABANDONED  # a match left unfinished, whatever ended the board
    if stopped is not None:
        reason = _("hung up") if stopped.exit_code == EXIT_HUNG_UP else _("terminated")
    else:
        reason = pgettext("why a game was left", "quit")
    with contextlib.suppress(OSError):  # a terminal hung up takes no more lines
        stderr_console().print(abandoned_text(reason, said), markup=False, highlight=False)
    raise SystemExit(code)


board_command.params.extend(p for p in play_command.params if p.name in BOARD_PLAY_OPTIONS)
