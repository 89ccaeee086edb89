"""`turing board`: the criteria game on a full-screen board, in the terminal or a browser.

The puzzle and the seats come from the options of ``turing play`` (the same option
objects, and :func:`turing.cli.play.open_session` builds the session); the board of
:mod:`turing.ui.board` is drawn over it. ``--serve`` serves the same board as a web page
through textual-serve (the ``web`` extra): every browser tab that connects starts the
game the options describe.
"""

from __future__ import annotations

import contextlib
from typing import Any, Final

import click

from turing.cli.output import EXIT_HUNG_UP
from turing.cli.play import ask_at_terminal, open_session, play, say_bank_problem, show_over
from turing.cli.serving import (
    SERVE_OPTIONS,
    check_address,
    check_serve_options,
    check_terminal,
    command_line,
    end_with_server,
    run_board,
    serve_board,
    serve_options,
)
from turing.core.files import shown_name
from turing.i18n import _

#: The options of ``turing play`` the board takes too (all but script and JSON output).
_SHARED: Final = [p for p in play.params if p.name not in ("as_json", "interactive")]

BOARD_HELP: Final = """Play a puzzle on a full-screen board: the cards with their criteria
to strike, the digit grid, notes under each verifier, the round's code picker, the
test log. 1–6 players take turns at one keyboard (the board is covered between them),
and bots play theirs in view.

The puzzle and the players are chosen as for `turing play` (FILE, --id, --code,
--random, --bank, --players, --mode, --difficulty, --verifiers, --seed, --save,
--resume, --transcript). A game saved on the board resumes in `turing play` and back.
--box plays beside the physical game (the puzzle by --cards, FILE, --id or --code): a
test or a solve asks what the box answers, ✔ (y) or ✘ (n).

Keys: 1–5 put digits in the code picker (← → move between shapes), A–F test the
code against a verifier, n ends testing, s solves with the picker's code, p passes,
h shows a hint, t the best next test (Esc cancels), x strikes a criterion, m marks
the grid, o writes a note, w saves, g gives up, q (or Ctrl-C) leaves. : types any command of
`turing play`, its short forms too, which are not the keys: typed, h is help, t test,
n note and s strike. The mouse works too: click criteria, grid cells, the picker,
buttons.

--serve serves the board as a web page (needs the web extra: pip install
'turing[web]', in a checkout pip install -e '.[web]'); it listens on 127.0.0.1:8000
unless --host/--port say otherwise.
"""


@click.command("board", help=BOARD_HELP)
@serve_options
@click.pass_context
def board(ctx: click.Context, /, serve: bool, host: str, port: int, **params: Any) -> None:
    check_serve_options(ctx, serve)
    if serve:
        check_address(host, port)  # before the transcript is opened
    else:
        check_terminal()
    # the options are checked (and a bad one refused) before anything is shown or served
    session, resumed = open_session(
        params["file"],
        params["puzzle_id"],
        params["random_puzzle_flag"],
        params["share_code"],
        params["bank_path"],
        params["players"],
        params["mode"],
        params["difficulty"],
        params["verifiers"],
        params["min_tests"],
        params["seed"],
        params["cardset_name"],
        params["transcript_file"],
        params["save_file"],
        params["resume_file"],
        params["no_hints"],
        confirm=None if serve else ask_at_terminal,
        overwrite=params["overwrite"],
        box=params["box"],
        cards_text=params["cards_text"],
    )
    if resumed and session.game.is_terminal():
        # nothing to play: the game is over, as it was saved when it ended
        show_over(session, params["resume_file"], command="board")
        return
    if serve:
        session.close()
        serve_board(host, port, ["board", *command_line(ctx.command, params, SERVE_OPTIONS)])
        return
    from turing.ui.board import EXIT_ABANDONED, BoardApp
    from turing.ui.prompt import kept_at_end, not_saved_at_end, saved_on_leaving

    quit_watch = end_with_server()
    app = BoardApp(session, resumed=resumed)
    app.quit_watch = quit_watch

    def leaving() -> str:
        left = "" if session.game.is_terminal() else saved_on_leaving(session, "board")
        session.leave()  # a game left unfinished says so in its transcript
        session.close()
        return left

    stopped, left = run_board(app, leaving)
    code = stopped.exit_code if stopped is not None else app.return_code or 0
    if session.game.is_terminal():
        for saved, problem in session.end_saves:
            if problem is None:
                click.echo(
                    _("The finished game is saved to {path}.").format(path=shown_name(saved))
                )
            else:
                click.echo(_("error: {message}").format(message=problem), err=True)
        for missed, reason in session.end_saves_missed:
            click.echo(not_saved_at_end(missed, reason))
        for held in session.end_saves_held:
            click.echo(not_saved_at_end(held, _("it holds another saved game")))
        for line in kept_at_end(session):
            click.echo(line)
    elif stopped is not None:
        reason = _("hung up") if stopped.exit_code == EXIT_HUNG_UP else _("terminated")
        with contextlib.suppress(OSError):  # a terminal hung up takes no more lines
            click.echo(
                _("{reason}: game abandoned; {saved}").format(reason=reason, saved=left)
                if left
                else _("{reason}: game abandoned").format(reason=reason)
            )
    else:
        click.echo(_("game abandoned; {saved}").format(saved=left) if left else _("game abandoned"))
        code = code or EXIT_ABANDONED  # a game left unfinished, as play says
    with contextlib.suppress(OSError):  # a terminal hung up takes no more lines
        say_bank_problem(session)
    if code:
        raise click.exceptions.Exit(code)


board.params.extend(_SHARED)

__all__ = ["BOARD_HELP", "board"]
