"""`turing board`: the criteria game on a full-screen board, in the terminal or a browser.

The puzzle and the seats come from the options of ``turing play`` (the same option
objects, and :func:`turing.cli.play.open_session` builds the session); the board of
:mod:`turing.ui.board` is drawn over it. ``--serve`` serves the same board as a web page
through textual-serve (the ``web`` extra): every browser tab that connects starts the
game the options describe.
"""

from __future__ import annotations

import ipaddress
import os
import shlex
import sys
import threading
import time
from typing import Any, Final

import click

from turing.cli.output import fail
from turing.cli.play import _mark_played, open_session, play

#: The options of ``turing play`` the board takes too (all but script and JSON output).
_SHARED: Final = [p for p in play.params if p.name not in ("as_json", "interactive")]

BOARD_HELP: Final = """Play a puzzle on a full-screen board: the cards with their criteria
to strike, the digit grid, notes under each verifier, the round's code picker, the
test log. 1–6 players take turns at one keyboard (the board is covered between them),
and bots play theirs in view.

\b
The puzzle and the players are chosen as for `turing play` (FILE, --id, --code,
--random, --bank, --players, --mode, --difficulty, --verifiers, --seed, --save,
--resume, --transcript). A game saved on the board resumes in `turing play` and back.

\b
Keys: 1–5 put digits in the code picker (← → move between shapes), A–F test the
code against a verifier, n ends testing, s solves with the picker's code, p passes,
h shows a hint, t the best next test (Esc cancels), x strikes a criterion, m marks
the grid, o writes a note, : types any command of `turing play`, w saves, g gives
up, q leaves. The mouse works too: click criteria, grid cells, the picker, buttons.

\b
--serve serves the board as a web page (needs the web extra:
pip install 'turing[web]'); it listens on 127.0.0.1:8000 unless --host/--port say
otherwise.
"""


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _command_line(params: dict[str, Any]) -> list[str]:
    """The ``turing board`` arguments that start the game ``params`` describe."""
    args: list[str] = []
    for param in _SHARED:
        value = params.get(param.name or "")
        if value is None or value is False:
            continue
        if isinstance(param, click.Argument):
            args.append(str(value))
        elif isinstance(param, click.Option):
            args.append(param.opts[0])
            if not param.is_flag:
                args.append(str(value))
    return args


def _serve(host: str, port: int, params: dict[str, Any]) -> None:
    try:
        from textual_serve.server import Server
    except ImportError:
        fail("--serve needs textual-serve: pip install 'turing[web]'")
    if not _loopback(host):
        click.echo(
            f"warning: serving on {host}, not loopback: anyone who can reach this address "
            "can open the board and play",
            err=True,
        )
    command = shlex.join([sys.executable, "-m", "turing", "board", *_command_line(params)])
    # each page's board is a child process: it must end with the server, however the server
    # ends (a SIGTERM reaches the server alone, and an orphaned board would run on)
    os.environ[_SERVER_ENV] = str(os.getpid())
    Server(command, host=host, port=port, title="turing board").serve()


#: Set in the environment of the boards a server starts: the server's process id.
_SERVER_ENV = "TURING_BOARD_SERVER"


def _end_with_server() -> None:
    """In a board started by a server, end the process once that server is gone."""
    server = os.environ.get(_SERVER_ENV)
    if not server or not server.isdigit():
        return
    pid = int(server)

    def watch() -> None:
        while True:
            try:
                os.kill(pid, 0)
            except (ProcessLookupError, PermissionError):
                # gone (or its number taken by another user's process): end with it
                os._exit(0)
            time.sleep(1.0)

    threading.Thread(target=watch, name="server-watch", daemon=True).start()


@click.command("board", help=BOARD_HELP)
@click.option("--serve", is_flag=True, help="Serve the board as a web page (textual-serve).")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to serve on (with --serve)."
)
@click.option(
    "--port",
    type=click.IntRange(1, 65535),
    default=8000,
    show_default=True,
    help="Port to serve on (with --serve).",
)
@click.pass_context
def board(ctx: click.Context, /, serve: bool, host: str, port: int, **params: Any) -> None:
    source = ctx.get_parameter_source
    if not serve:
        for name in ("host", "port"):
            if source(name) == click.core.ParameterSource.COMMANDLINE:
                fail(f"--{name} goes with --serve")
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
    )
    if serve:
        session.close()
        _serve(host, port, params)
        return
    from turing.ui.board import BoardApp

    _end_with_server()
    app = BoardApp(session, resumed=resumed)
    try:
        app.run()
    finally:
        session.close()
    code = app.return_code or 0
    if session.game.is_terminal():
        bank_path = params["bank_path"]
        if not resumed and bank_path is not None:
            problem = _mark_played(bank_path, session)
            if problem:
                click.echo(problem, err=True)
    else:
        path = session.save_path
        saved = f"; saved to {path} — resume with: turing board --resume {path}" if path else ""
        click.echo(f"game abandoned{saved}")
    if code:
        raise click.exceptions.Exit(code)


board.params.extend(_SHARED)

__all__ = ["BOARD_HELP", "board"]
