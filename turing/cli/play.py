"""`turing play`: the criteria game at the keyboard, hot-seat and against bots.

This command chooses the puzzle from its options, builds a
:class:`~turing.play.session.Session` (the seats, turn order, command grammar, save format,
transcript) and runs the line prompt of :mod:`turing.ui.prompt` over it.
"""

from __future__ import annotations

import os
import random
import re
import secrets
import shlex
import sys
import textwrap
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Final

import click

from turing.cli.options import (
    MODE_CHOICE,
    TIER_OR_NONE_CHOICE,
    WholeNumber,
    bank_cardset_said,
    cards_puzzle,
    cardset_option,
    counts_advice,
    empty_bank_text,
    matched_filters,
    not_a_verifier_count,
    numbered_puzzles,
    one_value,
    read_with_ids,
    shipped_by_id,
)
from turing.cli.output import (
    cardset_file,
    drop_stdout,
    emit_json,
    fail,
    refuse_replacing,
    refuse_writing_inputs,
    stderr_console,
    stdout_console,
    transcript_unwritable,
)
from turing.cli.share import SHARED_LABEL, shared_puzzle, with_notes
from turing.core.cards import CardSet, load_cardset
from turing.core.errors import TuringError
from turing.core.files import (
    BANK_READ,
    CARD_SET,
    PUZZLE_FILE,
    SAVED_GAME,
    TRANSCRIPT_WRITTEN,
    is_transcript_text,
    os_reason,
    read_json,
    shown_name,
)
from turing.core.puzzle import (
    CARDSET_CHANGED,
    Loaded,
    Puzzle,
    generated,
    id_key,
    puzzle_cardset,
)
from turing.core.saves import is_mastermind_match
from turing.generation.generator import CountsError
from turing.i18n import N_, _, asked_yes_or_no, ngettext
from turing.play.game import GameError, UnsoundPuzzleError, sample_puzzle_path
from turing.play.session import (
    EXAMPLE_CODE,
    Session,
    SessionError,
    command_rows,
    ended_elsewhere,
    ended_transcript_in,
    file_label,
    grammar_notes,
    load_save,
    neutral_label,
    not_a_save,
    not_a_transcript,
    other_transcript_in,
    parse_players,
    random_puzzle,
    unsavable,
    unwritable,
)
from turing.play.words import mode_name
from turing.ui.prompt import PromptView, Reader

# -- choosing the puzzle --------------------------------------------------------------------


def _verifier_counts(text: str | None) -> list[int]:
    """The verifier counts ``--verifiers`` allows (one, or a range like ``4-6``)."""
    if text is None:
        return [4, 5, 6]
    m = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", text)
    if not m:
        raise click.BadParameter(_("give a count or a range like 4-6"), param_hint="'--verifiers'")
    low = int(m.group(1))
    high = int(m.group(2) or low)
    written = f"{low}-{high}" if m.group(2) else str(low)
    wrong = list(dict.fromkeys(str(n) for n in (low, high) if not 4 <= n <= 6))
    if wrong:
        if m.group(2) is None:
            problem = not_a_verifier_count(written)
        else:
            problem = ngettext(
                "{range}: {counts} is not a count of verifiers (a puzzle has 4, 5 or 6)",
                "{range}: {counts} are not counts of verifiers (a puzzle has 4, 5 or 6)",
                len(wrong),
            ).format(range=written, counts=_(" and ").join(wrong))
            if low > high:
                problem += _(", and the range runs backwards (the fewer first: 4-6)")
        raise click.BadParameter(problem, param_hint="'--verifiers'")
    if low > high:
        raise click.BadParameter(
            _("{range} runs backwards: the fewer first ({turned})").format(
                range=written, turned=f"{high}-{low}"
            ),
            param_hint="'--verifiers'",
        )
    return list(range(low, high + 1))


def _holds_a_transcript(path: str, mastermind: bool = False) -> bool:
    """Whether ``path`` holds the transcript of a game of ``turing play``, which ``turing
    replay`` shows (not one of Mastermind games nor a Mastermind match), by its first line
    alone; with ``mastermind``, whether it holds the transcript of a Mastermind match. The
    file is read whole once, as puzzles, when it is not one. Only a regular file is looked
    at: a pipe (``<(…)``) is read once, by the puzzles' reader."""
    if not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 16)
    except OSError:
        return False
    text = first.decode("utf-8", "replace").lstrip("\ufeff").lstrip()
    if not is_transcript_text(text):
        return False
    try:
        match = is_mastermind_match(read_json(text))
    except ValueError:
        match = False
    return match if mastermind else not match


def _from_file(path: str, forced: CardSet | None, puzzle_id: str | None) -> Loaded:
    """The one puzzle of FILE, or the one ``--id`` picks there."""
    if path == "-":
        fail(_("standard input holds the commands of the game; give the puzzle FILE by its name"))
    match = _holds_a_transcript(path, mastermind=True)
    if match:
        fail(
            _("{path}: {problem}").format(
                path=shown_name(path),
                problem=_("this is the transcript of a Mastermind match, not a puzzle"),
            )
        )
    if _holds_a_transcript(path):
        problem = _("this is the transcript of a game, not a puzzle")
        fail(
            _("{path}: {problem} (to look back at that game: turing replay {file})").format(
                path=shown_name(path), problem=problem, file=shlex.quote(path)
            )
        )
    found = list(with_notes(read_with_ids(path, forced, () if puzzle_id is None else (puzzle_id,))))
    if len(found) != 1:
        # only the ids an author wrote, each of one puzzle: one computed from the hidden
        # criteria would let a player find them (it is shown after the game)
        written = [
            str(loaded.puzzle.id)
            for loaded in found
            if loaded.puzzle.id and not loaded.puzzle.id_is_derived()
        ]
        times = Counter(written)
        named = dict.fromkeys(each for each in written if times[each] == 1)
        ids = ", ".join(list(named)[:10])
        count = len(numbered_puzzles(found))
        choose = ngettext(
            "{path} holds {n} puzzle; choose it with --id 1, its number in the file (as a "
            "booklet of that file alone numbers it)",
            "{path} holds {n} puzzles; choose one with --id 1 to {n}, its number in the file "
            "(as a booklet of that file alone numbers it)",
            count,
        ).format(path=shown_name(path), n=count)
        if ids:
            choose += _(", or by its id: {ids}").format(
                ids=ids + (", …" if len(named) > 10 else "")
            )
        fail(choose)
    return found[0]


def _bank_id_forms(wanted: str) -> list[str]:
    """The forms a typed bank id is tried in: as typed, and without spaces, dashes or
    underscores with the dash of ``C4H-K3QF7A`` put back (``c4h 5rrvw5`` finds it)."""
    compact = id_key(wanted)
    forms = [wanted.strip(), compact]
    if len(compact) > 3:
        forms.append(f"{compact[:3]}-{compact[3:]}")
    return list(dict.fromkeys(forms))


def _from_bank(
    bank_path: str,
    puzzle_id: str | None,
    mode: str | None,
    difficulty: str | None,
    counts: list[int],
    seed: int,
    forced: CardSet | None,
) -> tuple[Puzzle, str]:
    """The puzzle, and its neutral label (the same for every puzzle of a bank)."""
    from turing.generation import bank as bank_module

    with bank_cardset_said(forced), bank_module.Bank(bank_path, readonly=True) as bank:
        if forced is not None:
            bank.stand_in(forced)
        found: Puzzle | None = None
        if puzzle_id is not None:
            for form in _bank_id_forms(puzzle_id):
                found = bank.get(form)
                if found is not None:
                    break
            if found is None:
                fail(
                    _("{bank_path}: no puzzle with id {puzzle_id!r}").format(
                        bank_path=shown_name(bank_path), puzzle_id=puzzle_id
                    )
                )
        else:
            order = list(counts)
            random.Random(seed).shuffle(order)
            for n in order:
                found = bank.pick(
                    mode=mode,
                    difficulty=difficulty,
                    verifiers=n,
                    seed=seed,
                    cardset=forced.name if forced is not None else None,
                    needs_test=True,  # as --random: the cards alone never give the code
                )
                if found is not None:
                    break
        if found is None and not bank.count():
            # nothing wrong with what was given: nothing to deal, as bank pick
            fail(empty_bank_text(bank_path), exit_code=1)
        if found is None and puzzle_id is None:
            cardset = forced.name if forced is not None else None
            if any(
                bank.pick(mode=mode, difficulty=difficulty, verifiers=n, cardset=cardset)
                is not None
                for n in counts
            ):
                fail(
                    _(
                        "{bank_path}: every unplayed puzzle that matches ({filters}) needs no "
                        "test: the cards alone give the code"
                    ).format(
                        bank_path=shown_name(bank_path),
                        filters=matched_filters(mode, difficulty, counts),
                    )
                )
        if found is None:
            fail(
                _("{bank_path}: no unplayed puzzle matches ({filters})").format(
                    bank_path=shown_name(bank_path),
                    filters=matched_filters(mode, difficulty, counts),
                ),
                exit_code=1,
            )
    # named alike, whatever its row: a bank filled from a catalogue's export holds its
    # puzzles in key order, which follows the criteria, so a row would point at them
    return found, "bank puzzle"


# -- the command ----------------------------------------------------------------------------

_PLAY_HEAD: Final = N_(
    """Play a puzzle in the terminal: 1–6 players at one keyboard, and bots.

Puzzle: FILE (YAML, JSON or JSONL; --id picks one of several), --id ID (a shipped
puzzle, or one from --bank FILE), --bank FILE (a random unplayed puzzle of the bank),
--random (a new generated puzzle; --mode, --difficulty, --verifiers, --seed,
--min-tests shape it; --mode, --difficulty, --verifiers or --min-tests alone also play a
random puzzle of that kind), --code CODE (a puzzle code from `turing share`). With none
of these, the shipped sample puzzle. A puzzle needs its hidden criteria; beside the
physical game (--box), its cards are enough: you type what the box's verifiers answer
(test A yes B no, or A+ B-) and whether it takes your solution (solve 352 yes);
correct ROUND V yes|no mends an answer typed wrong.

Each round every player, in seat order, composes one code and tests it against up to 3
different verifiers, then decides in secret to solve or pass; when all have decided the
round is revealed. A wrong code eliminates; a right one wins (several right in one round:
fewest tests over the game wins, equal share); the last player left wins. Players named
bot:NAME (bot:greedy, bot:random, …) are played by the program. With two or more people
the screen is cleared between turns.
"""
)
#: The heading of the commands typed at a game's prompt, in the help of a command.
PROMPT_COMMANDS: Final = N_("Commands at the prompt")
_PLAY_COMMANDS: Final = N_(
    """Also read line by line from standard input when it is not a terminal, so a game can
be scripted; then nothing asks for confirmation. Example code: {e}."""
)
_PLAY_TAIL: Final = N_(
    """At a terminal: line editing and a history per player, Tab completes commands and verifier
letters; solve, giveup and a save over another saved game ask for confirmation; Ctrl-C
stops a running hint, otherwise Ctrl-C, Ctrl-D and quit ask before leaving and offer to
save.

Exit status: 0 when the game finished (or --resume names a game that is over: its result
is shown), 1 when it was abandoned (quit, end of input, or standard output closed by its
reader), 130 when interrupted (Ctrl-C), 129 when its terminal closed (SIGHUP), 143 when
terminated (SIGTERM), 2 for bad arguments or files.
"""
)


def write_play_commands(formatter: click.HelpFormatter) -> None:
    """The commands of ``turing play``'s prompt, in the language in use, as a section of a
    help: what the prompt reads, the list of commands, the notes on codes and short forms,
    the prompt at a terminal and the exit status. click wraps them to the formatter's
    width."""
    with formatter.section(_(PROMPT_COMMANDS)):
        formatter.write_text(_(_PLAY_COMMANDS).format(e=EXAMPLE_CODE))
        formatter.write_paragraph()
        formatter.write_dl(command_rows())
        formatter.write_paragraph()
        formatter.write_text(textwrap.dedent(grammar_notes()))
        formatter.write_paragraph()
        formatter.write_text(_(_PLAY_TAIL))


#: The help in English, up to the list of commands (:class:`PlayCommand` adds that).
PLAY_HELP: Final = _PLAY_HEAD


class PlayCommand(click.Command):
    """``turing play``, whose help is drawn in the language in use, with the commands of
    its prompt (:func:`write_play_commands`) after the description."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.help = _(_PLAY_HEAD)
        super().format_help_text(ctx, formatter)
        write_play_commands(formatter)


@click.command("play", cls=PlayCommand, help=PLAY_HELP)
@click.argument("file", required=False, metavar="[FILE]")
@click.option(
    "--id",
    "puzzle_id",
    metavar="ID",
    multiple=True,
    callback=one_value,
    help="The puzzle with this id (in FILE, --bank, or the shipped puzzles), or of this "
    "number in FILE, as a booklet of that file alone numbers it (an id written exactly so "
    "wins); spaces and dashes are ignored.",
)
@click.option("--random", "random_puzzle_flag", is_flag=True, help="Play a newly generated puzzle.")
@click.option(
    "--code",
    "share_code",
    metavar="CODE",
    multiple=True,
    callback=one_value,
    help="Play the puzzle of a puzzle code (from `turing share`); case, spaces and dashes "
    "do not matter.",
)
@click.option("--bank", "bank_path", metavar="FILE", help="Take the puzzle from a puzzle bank.")
@click.option(
    "--players",
    metavar="NAMES",
    help="Comma-separated names; names starting with bot: are bots (bot:greedy, bot:random, "
    "…). Default: one player.",
)
@click.option(
    "--mode",
    type=MODE_CHOICE,
    help="Mode of a --random or --bank puzzle; alone: a random puzzle of this mode.",
)
@click.option(
    "--difficulty",
    type=TIER_OR_NONE_CHOICE,
    help="Difficulty of a --random or --bank puzzle (none, with --bank: a puzzle of no "
    "published tier); alone: a random puzzle of this difficulty.",
)
@click.option(
    "--verifiers",
    metavar="N|A-B",
    help="Verifier count of a --random or --bank puzzle, e.g. 4 or 4-6; alone: a random "
    "puzzle with that many.",
)
@click.option(
    "--min-tests",
    type=WholeNumber(min=0),
    default=None,
    help="A --random puzzle needs at least this many tests (proven; default 1, so the "
    "cards alone never give the code; 0 allows any); alone: a random puzzle needing that many.",
)
@click.option(
    "--seed",
    type=WholeNumber(),
    help="Seed for the puzzle choice and the bots (default: random; never shown during play).",
)
@cardset_option(
    N_(
        "Card set: a name under cards/ (default: the puzzle's own, or classic) or a "
        "path to a card-set YAML file."
    )
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
    help="Where `save` writes (the game is also saved there when abandoned, and when it ends).",
)
@click.option("--resume", "resume_file", metavar="FILE", help="Continue a saved game.")
@click.option("--no-hints", is_flag=True, help="Play without the hint command.")
@click.option(
    "--box",
    is_flag=True,
    help="Play beside the physical game: you type each answer its verifiers give (test A "
    "yes, or asked at a terminal), and whether it takes your solution. The puzzle needs only "
    "its cards.",
)
@click.option(
    "--cards",
    "cards_text",
    metavar="LIST",
    help="With --box: the puzzle by its cards, as laid out for verifiers A, B, …: 4,9,11,14 "
    "(nightmare: with --mode nightmare; extreme: pairs, 4/25,9/33,13/44,17/36).",
)
@click.option(
    "--overwrite",
    is_flag=True,
    help="Saves replace a file holding another saved game, and --transcript another game's "
    "transcript, without asking (from a script these are refused otherwise).",
)
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
    random_puzzle_flag: bool,
    share_code: str | None,
    bank_path: str | None,
    players: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: str | None,
    min_tests: int | None,
    seed: int | None,
    cardset_name: str | None,
    transcript_file: str | None,
    save_file: str | None,
    resume_file: str | None,
    no_hints: bool,
    box: bool,
    cards_text: str | None,
    overwrite: bool,
    as_json: bool,
    interactive: bool | None,
) -> None:
    stdin = sys.stdin
    if interactive is None:
        interactive = stdin.isatty()
    console = stdout_console()
    color = not console.no_color and console.is_terminal
    session, resumed = open_session(
        file,
        puzzle_id,
        random_puzzle_flag,
        share_code,
        bank_path,
        players,
        mode,
        difficulty,
        verifiers,
        min_tests,
        seed,
        cardset_name,
        transcript_file,
        save_file,
        resume_file,
        no_hints,
        confirm=ask_at_terminal if interactive else None,
        overwrite=overwrite,
        box=box,
        cards_text=cards_text,
        scripted=not interactive,
        bots_only=as_json,
    )
    view = PromptView(
        session=session,
        console=console,
        reader=Reader(console, interactive, stdin),
        color=color,
        quiet=as_json,
        errors=stderr_console(),
    )
    if resumed and session.game.is_terminal():
        # nothing to play: the game is over, as it was saved when it ended
        if as_json:
            emit_json(_json_result(session))
        else:
            view.show_over(str(resume_file))
        return
    code = view.run(resumed=resumed)
    if view.output_closed:
        drop_stdout()  # what it still holds goes nowhere, not into a failing flush at the end
    say_bank_problem(session)
    if as_json and session.game.is_terminal():
        emit_json(_json_result(session))
    if code:
        raise click.exceptions.Exit(code)


def show_over(session: Session, path: str, command: str = "play") -> None:
    """Say that the resumed game is over, and its result (the game is not played); its
    share code with the ``command`` that plays it (``board`` from the board)."""
    console = stdout_console()
    color = not console.no_color and console.is_terminal
    PromptView(
        session=session, console=console, reader=Reader(console, False, sys.stdin), color=color
    ).show_over(path, command)


def _json_result(session: Session) -> dict[str, object]:
    result: dict[str, object] = session.game.result().to_dict()
    result["puzzle"] = session.game.puzzle.id
    return result


def open_session(
    file: str | None,
    puzzle_id: str | None,
    random_puzzle_flag: bool,
    share_code: str | None,
    bank_path: str | None,
    players: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: str | None,
    min_tests: int | None,
    seed: int | None,
    cardset_name: str | None,
    transcript_file: str | None,
    save_file: str | None,
    resume_file: str | None,
    no_hints: bool,
    confirm: Callable[[str], bool] | None = None,
    overwrite: bool = False,
    box: bool = False,
    cards_text: str | None = None,
    scripted: bool = False,
    bots_only: bool = False,
) -> tuple[Session, bool]:
    """The session the options of ``turing play`` describe (shared by ``turing board``),
    and whether it is a resumed game; a bad option ends the command with one clear line.
    ``confirm`` asks a yes-or-no question of a player at the terminal (None: a script,
    which nothing asks, or a served board); with ``overwrite`` another game's save or
    transcript is replaced without asking. ``box``: a game beside the physical box
    (``cards_text``: its puzzle by its cards, ``--cards``).
    ``scripted``: the game's lines come from a script, which no save asks about, so a
    --save file holding another game's save is refused before the game (unless
    ``overwrite``). ``bots_only`` (``--json``): a game with a person at the table is refused
    as soon as its seats are known, before anything is said or written."""
    for option, target, refusal in (
        ("--save", save_file, unsavable),
        ("--transcript", transcript_file, transcript_unwritable),
    ):
        if target is not None:
            problem = refusal(target)
            if problem:
                # a transcript's refusal names the transcript, as its others do
                transcript = refusal is transcript_unwritable
                fail(
                    problem
                    if transcript
                    else _("{option}: {problem}").format(option=option, problem=problem)
                )
    reads = [
        (file, PUZZLE_FILE),
        (cardset_file(cardset_name), CARD_SET),
        (bank_path, BANK_READ),
    ]
    # a resumed game is saved where it was read from, but never written as a transcript
    refuse_writing_inputs(save_file, [*reads, (transcript_file, TRANSCRIPT_WRITTEN)])
    refuse_writing_inputs(transcript_file, [*reads, (resume_file, SAVED_GAME)])
    if resume_file is not None:
        given = [
            flag
            for flag, value in (
                (_("FILE"), file),
                ("--id", puzzle_id),
                ("--random", random_puzzle_flag or None),
                ("--code", share_code),
                ("--bank", bank_path),
                ("--players", players),
                ("--mode", mode),
                ("--difficulty", difficulty),
                ("--verifiers", verifiers),
                ("--min-tests", min_tests),
                ("--seed", seed),
                ("--cardset", cardset_name),
                ("--no-hints", no_hints or None),
                ("--box", box or None),
                ("--cards", cards_text),
            )
            if value is not None
        ]
        if given:
            fail(
                _("--resume continues the saved game as it was; drop {items}").format(
                    items=", ".join(given)
                )
            )
        try:
            session, saved_transcript = load_save(resume_file)
        except SessionError as exc:
            fail(str(exc))
        _refuse_people(session, bots_only)
        # a save from before the end that another file of the game holds: the game is over
        session = ended_elsewhere(session, resume_file) or session
        if save_file is not None:
            session.save_path = Path(save_file)
        if transcript_file is None and saved_transcript is not None:
            # the game goes on writing the transcript its save names
            refuse_writing_inputs(
                str(session.save_path or resume_file), [(saved_transcript, TRANSCRIPT_WRITTEN)]
            )
            problem = None if session.game.is_terminal() else unwritable(saved_transcript)
            if problem:
                fail(
                    _(
                        "{path}: the transcript this game was writing cannot be written any "
                        "more ({problem}); --transcript FILE writes it elsewhere"
                    ).format(path=shown_name(resume_file), problem=problem)
                )
        _refuse_writing_cardset(session, save_file, transcript_file or saved_transcript)
        _refuse_saving_over(save_file)
        if save_file is None and not session.game.is_terminal():
            problem = unsavable(resume_file)
            if problem:  # played all the same: leaving asks for another file at a terminal
                click.echo(
                    _("warning: {problem}; save the game to another file").format(problem=problem),
                    err=True,
                )
        _warn_other_game(session, save_file, scripted, overwrite)
        if not session.game.is_terminal():  # a game that is over is shown, not written
            _open_transcript(
                session,
                transcript_file or saved_transcript,
                confirm,
                resumed=True,
                overwrite=overwrite,
                from_save=transcript_file is None,
            )
            if transcript_file is None and saved_transcript is not None:
                # a path the save names, not the command line: said, never written unseen
                click.echo(
                    _("{path}: the transcript of this game goes on in {transcript}").format(
                        path=shown_name(resume_file), transcript=shown_name(saved_transcript)
                    ),
                    err=True,
                )
        resumed = True
    else:
        session = _new_game(
            file,
            puzzle_id,
            random_puzzle_flag,
            share_code,
            bank_path,
            players,
            mode,
            difficulty,
            verifiers,
            min_tests,
            seed,
            cardset_name,
            no_hints,
            box,
            cards_text,
        )
        _refuse_people(session, bots_only)
        session.save_path = Path(save_file) if save_file else None
        session.bank = bank_path  # marked played there when the game is saved or ends
        session.kept_files = [(path, what) for path, what in reads if path is not None]
        _refuse_writing_cardset(session, save_file, transcript_file)
        _refuse_saving_over(save_file)
        _warn_other_game(session, save_file, scripted, overwrite)
        _open_transcript(session, transcript_file, confirm, overwrite=overwrite)
        resumed = False
    return session, resumed


def _refuse_people(session: Session, bots_only: bool) -> None:
    """Refuse a game with a person at the table when only bots may play it (``--json``)."""
    if bots_only and session.humans:
        fail(_("--json is for games of bots only (people need the screen)"))


def _refuse_writing_cardset(session: Session, *outputs: str | None) -> None:
    """Refuse a save or transcript file that is the card set the game is played with (the
    puzzle's own, which only the puzzle names)."""
    source = session.game.cardset.source or None
    for output in outputs:
        refuse_writing_inputs(output, [(source, CARD_SET)])


def _refuse_saving_over(save_file: str | None) -> None:
    """Refuse a --save file that holds something else than a saved game, or that no save
    can be written to (a device, a folder that takes no new file), before the game (checked
    after the files the game reads, whose refusal says what such a file is)."""
    if save_file is not None:
        problem = not_a_save(save_file, trying=True)
        if problem:
            fail(_("{option}: {problem}").format(option="--save", problem=problem))


def _warn_other_game(
    session: Session, save_file: str | None, scripted: bool, overwrite: bool
) -> None:
    """Say at the start when the --save file holds another saved game, and what becomes
    of it: replaced (--overwrite), or replaced only when a player says yes at the save; a
    script, which nothing asks, is refused before the game instead, unless --overwrite.
    The session then replaces it without asking with --overwrite."""
    if save_file is not None and session.other_game_in(save_file) is not None:
        if scripted:
            refuse_replacing(
                _(
                    "{option}: {path} holds another saved game, which a script does not "
                    "replace (--overwrite does); give another name"
                ).format(option="--save", path=shown_name(save_file)),
                overwrite=overwrite,
            )
        if overwrite:
            said = _("warning: {path} holds another saved game, which this game's saves replace")
        else:
            said = _(
                "warning: {path} holds another saved game; a save there asks before replacing it"
            )
        click.echo(said.format(path=shown_name(save_file)), err=True)
    session.replace_other_saves = overwrite


def say_bank_problem(session: Session) -> None:
    """Say, in one line on standard error, why the puzzle could not be marked played in
    the bank it was dealt from (when the game was saved or ended), unless said already."""
    problem = session.take_bank_problem()
    if problem:
        click.echo(_("warning: {message}").format(message=problem), err=True)


def ask_at_terminal(question: str) -> bool:
    """A yes-or-no question asked on the terminal before the game starts; no when left
    blank, at the end of the input or on Ctrl-C."""
    try:
        said = asked_yes_or_no(
            lambda q: str(click.prompt(q, default="", show_default=False, prompt_suffix="")),
            click.echo,
            question,
        )
    except click.Abort:
        click.echo()
        return False
    return said is True


def _open_transcript(
    session: Session,
    path: str | None,
    confirm: Callable[[str], bool] | None,
    resumed: bool = False,
    overwrite: bool = False,
    from_save: bool = False,
) -> None:
    """Write the game's transcript to ``path`` and follow the game there. A file that
    holds something else is refused; one that holds the transcript of another game is
    written over only when a player at the terminal says yes. ``from_save``: ``path`` is
    the one the resumed save names, not one given on the command line."""
    if path is None:
        return
    problem = not_a_transcript(path)
    if problem and from_save and Path(path).is_file():
        # the path the save names: no name to change but with --transcript
        fail(
            _(
                "cannot write the transcript {path}: it exists and is not a transcript; "
                "--transcript FILE writes this game's transcript elsewhere"
            ).format(path=shown_name(path))
        )
    if problem:
        fail(problem)
    if resumed and ended_transcript_in(path, session.game.events):
        # a save from before the game's end, resumed: the record of the end is kept
        fail(
            _(
                "cannot write the transcript {path}: it records this game to its end, and "
                "the save resumed is from before it; --transcript FILE writes the game's "
                "transcript elsewhere"
            ).format(path=shown_name(path))
        )
    other = other_transcript_in(path, session.game.events, resumed)
    if other is not None and confirm is None:
        refuse_replacing(
            _(
                "cannot write the transcript {path}: it holds the transcript of another "
                "game, which a script does not replace (--overwrite does); give another name"
            ).format(path=shown_name(path)),
            overwrite=overwrite,
        )
    elif other is not None and confirm is not None:
        question = _("{path} holds the transcript of another game. Overwrite it? [y/N] ")
        refuse_replacing(
            _("the transcript of another game in {path} is kept; give another name").format(
                path=shown_name(path)
            ),
            overwrite=overwrite,
            ask=lambda: confirm(question.format(path=shown_name(path))),
        )
    try:
        session.open_transcript(Path(path))
    except OSError as exc:
        fail(
            _("cannot write the transcript {path}: {value}").format(
                path=shown_name(path), value=os_reason(exc)
            )
        )


def _new_game(
    file: str | None,
    puzzle_id: str | None,
    random_flag: bool,
    share_code: str | None,
    bank_path: str | None,
    players: str | None,
    mode: str | None,
    difficulty: str | None,
    verifiers: str | None,
    min_tests: int | None,
    seed: int | None,
    cardset_name: str | None,
    no_hints: bool,
    box: bool = False,
    cards_text: str | None = None,
) -> Session:
    sources = [
        name
        for name, used in (
            ("FILE", file is not None),
            ("--random", random_flag),
            ("--code", share_code is not None),
            ("--bank", bank_path is not None),
            ("--cards", cards_text is not None),
        )
        if used
    ]
    if cards_text is not None and not box:
        fail(
            _(
                "--cards gives a puzzle by its cards alone, with no hidden criteria to answer "
                "the tests: play it beside the physical game with --box"
            )
        )
    if cards_text is not None and puzzle_id is not None:
        fail(_("--cards gives the whole puzzle; drop --id"))
    if len(sources) > 1:
        fail(
            _("choose one puzzle source: {items}").format(
                items=", ".join(_("FILE") if name == "FILE" else name for name in sources)
            )
        )
    if share_code is not None and (puzzle_id is not None or cardset_name is not None):
        fail(_("a puzzle code holds the whole puzzle and its card set; drop --id and --cardset"))
    if random_flag and puzzle_id is not None:
        fail(_("--random makes a new puzzle; it takes no --id"))
    shaping = [
        flag
        for flag, value in (
            ("--mode", mode),
            ("--difficulty", difficulty),
            ("--verifiers", verifiers),
            ("--min-tests", min_tests),
        )
        if value is not None
    ]
    if cards_text is not None:
        shaping = [flag for flag in shaping if flag != "--mode"]
        if shaping:
            fail(
                _("{options}: for a random puzzle or one drawn from --bank, not --cards").format(
                    options=", ".join(shaping)
                )
            )
    if box and (random_flag or (shaping and not sources and puzzle_id is None)):
        fail(
            _(
                "--box plays a puzzle laid out on the physical game: give it by --cards, "
                "FILE, --id or --code, not --random"
            )
        )
    if shaping and not sources and puzzle_id is None:
        random_flag = True  # alone they ask for a random puzzle of that kind, as --random
    if random_flag and difficulty == "none":
        fail(
            _(
                "--difficulty none: for a puzzle drawn from --bank (one of no published tier); "
                "a random puzzle is of any tier unless --difficulty names one"
            )
        )
    given = sources[0] if sources else "--id"
    refused = [
        flag
        for flag in shaping
        if not random_flag and flag != "--mode" and (flag == "--min-tests" or not bank_path)
    ]
    if refused:
        if given == "--bank":
            fail(
                _(
                    "--min-tests shapes a random puzzle (given alone or with --random), "
                    "not one drawn from --bank"
                )
            )
        fail(
            _(
                "{options}: for a random puzzle (given alone or with --random) or one drawn "
                "from --bank; {source} gives the puzzle already"
            ).format(options=", ".join(refused), source=_("FILE") if given == "FILE" else given)
        )
    try:
        seats_spec = parse_players(players)
    except SessionError as exc:
        raise click.BadParameter(str(exc), param_hint="'--players'") from None
    counts = _verifier_counts(verifiers)
    if seed is None:
        seed = secrets.randbelow(2**31)
    forced = load_cardset(cardset_name) if cardset_name is not None else None
    place: str | None = None  # FILE:LINE of a puzzle read from a file
    if cards_text is not None:
        cardset = forced or load_cardset("classic")
        puzzle = cards_puzzle(cards_text, mode, cardset)
        label = "puzzle on the box"
    elif share_code is not None:
        puzzle, cardset = shared_puzzle(share_code)
        label = SHARED_LABEL
    elif file is not None:
        loaded = _from_file(file, forced, puzzle_id)
        puzzle, cardset, place = (
            loaded.puzzle,
            loaded.cardset,
            f"{shown_name(file)}:{loaded.line}",
        )
        label = neutral_label(puzzle, file_label(Path(file).name))
    elif random_flag:
        cardset = forced or load_cardset("classic")
        try:
            puzzle = random_puzzle(
                mode or "classic",
                difficulty,
                counts,
                seed,
                cardset,
                1 if min_tests is None else min_tests,
            )
        except CountsError as exc:
            fail(counts_advice(exc))
        except TuringError as exc:
            fail(str(exc))
        label = "random puzzle"
    elif bank_path is not None:
        puzzle, label = _from_bank(bank_path, puzzle_id, mode, difficulty, counts, seed, forced)
        cardset = forced or puzzle_cardset(puzzle)
    elif puzzle_id is not None:
        shipped = shipped_by_id(puzzle_id, forced)
        puzzle, cardset = shipped.puzzle, shipped.cardset
        label = neutral_label(puzzle, "shipped puzzle")
    else:
        sample = sample_puzzle_path()
        if not sample.is_file():
            fail(
                _("no puzzle given and the sample puzzle is missing ({sample})").format(
                    sample=sample
                )
            )
        loaded = _from_file(str(sample), forced, None)
        puzzle, cardset, place = loaded.puzzle, loaded.cardset, f"{sample}:{loaded.line}"
        label = neutral_label(puzzle, "sample puzzle")
    if mode is not None and puzzle.mode != mode:
        fail(
            _("the puzzle is in {mode} mode, not {mode2}").format(
                mode=mode_name(puzzle.mode), mode2=mode_name(mode)
            )
        )
    try:
        session = Session.new(
            puzzle, cardset, seats_spec, seed, hints=not no_hints, label=label, box=box
        )
    except SessionError as exc:
        fail(str(exc))
    except GameError as exc:
        # a puzzle read from a file is refused at its place, as its read errors are
        problem = str(exc) if place is None else f"{place}: {exc}"
        if place is not None and isinstance(exc, UnsoundPuzzleError) and generated(puzzle):
            problem += _(CARDSET_CHANGED)
        if not box and not puzzle.has_hidden:
            problem += _("; beside the physical game, --box plays it with the box's answers")
        fail(problem)
    return session


__all__ = ["PLAY_HELP", "open_session", "play", "show_over"]
