"""Serving a board as a web page (textual-serve), shared by ``turing board`` and
``turing mastermind board``: the ``--serve``/``--host``/``--port`` options, the command line
each page runs, boards that end with their server, and boards that SIGTERM or SIGHUP (the
terminal closed) end.

Light on imports: the commands that use it load it at start-up.
"""

from __future__ import annotations

import contextlib
import errno
import html
import ipaddress
import os
import re
import shlex
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import click

from turing.cli.options import WholeNumber
from turing.cli.output import (
    STOP_SIGNALS,
    HungUp,
    Terminated,
    drawn_in_cells,
    fail,
    missing_extra,
    start_watch,
    stop_of,
    terminal_gone,
)
from turing.i18n import _, current_language

if TYPE_CHECKING:
    from textual.app import App


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def command_line(
    command: click.Command, params: dict[str, Any], leave: tuple[str, ...]
) -> list[str]:
    """The arguments of ``command`` that give the values ``params`` (but those in ``leave``)."""
    args: list[str] = []
    for param in command.params:
        if param.name in leave:
            continue
        value = params.get(param.name or "")
        if value is None:
            continue
        if isinstance(param, click.Argument):
            args.append(str(value))
        elif isinstance(param, click.Option):
            if param.is_flag:
                if value is True:
                    args.append(param.opts[0])
                elif value is False and param.secondary_opts and param.default is None:
                    args.append(param.secondary_opts[0])
                continue
            args += [param.opts[0], str(value)]
    return args


#: The stylesheet textual-serve's page takes its font from: a request to another site at
#: every page load, which a board served on this machine has no need of.
_REMOTE_FONT: Final = re.compile(
    r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/?>'
)

#: The same font from the server's own static files (textual-serve ships it).
_LOCAL_FONT: Final = """<style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf");
      }
      @font-face {
        font-family: "Roboto Mono";
        font-style: italic;
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf");
      }
    </style>"""


#: The page's opening tag and its head's, as textual-serve writes them.
_PAGE_START: Final = re.compile(r"<html>(\s*)<head>")

#: textual-serve's page loads its terminal (xterm.js), which it makes on load.
_TERMINAL_SCRIPT: Final = '<script src="{{ config.static.url }}js/textual.js"></script>'

#: Where textual-serve's script lists the options its terminal is made with.
_TERMINAL_OPTIONS: Final = "scrollback:0,"

#: Keys go to the board at once: its terminal takes the keyboard as soon as the board has
#: drawn (the page has its first byte from it), and again when the page comes back to the
#: front with nothing of its own chosen (a button of the page keeps it).
_PAGE_SCRIPT: Final = """<script>
      (function () {
        const focusTerminal = () => {
          const box = document.querySelector(".textual-terminal .xterm-helper-textarea");
          const active = document.activeElement;
          if (box && (active === null || active === document.body)) {
            box.focus();
          }
        };
        window.addEventListener("load", () => {
          new MutationObserver(() => {
            if (document.body.classList.contains("-first-byte")) {
              focusTerminal();
            }
          }).observe(document.body, { attributes: true, attributeFilter: ["class"] });
        });
        window.addEventListener("focus", focusTerminal);
      })();
    </script>"""


def _reading_terminal(package: Path) -> str | None:
    """textual-serve's script, written into the page, with its terminal made in its
    screen-reader mode (a screen reader then reads the board's lines); None when the script
    is not as expected."""
    try:
        script = (package / "static" / "js" / "textual.js").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if script.count(_TERMINAL_OPTIONS) != 1 or "screenReaderMode" not in script:
        return None
    if "</script" in script.lower() or "endraw" in script:
        return None
    script = script.replace(_TERMINAL_OPTIONS, _TERMINAL_OPTIONS + "screenReaderMode:!0,")
    return f"<script>{{% raw %}}{script}{{% endraw %}}</script>"


def own_templates(package: Path, folder: Path, language: str = "en") -> Path | None:
    """textual-serve's page templates (in its ``package`` folder), written to ``folder``
    with the font taken from the server's own static files rather than from another site,
    so that a page served here loads nothing from elsewhere (offline too); with a title
    (the board's name) and the ``language`` the board is played in; with keys going to the
    board as soon as it is drawn, and a terminal a screen reader reads. None when the page
    is not as expected (it is then served as textual-serve writes it); a script not as
    expected is loaded as textual-serve loads it (no screen-reader mode)."""
    templates = package / "templates"
    try:
        page = (templates / "app_index.html").read_text(encoding="utf-8")
    except OSError:
        return None
    if not (package / "static" / "fonts" / "RobotoMono-VariableFont_wght.ttf").is_file():
        return None
    page, found = _REMOTE_FONT.subn(_LOCAL_FONT, page)
    if found != 1:
        return None
    lang = html.escape(language, quote=True)
    page, found = _PAGE_START.subn(
        lambda start: (
            f'<html lang="{lang}">{start[1]}<head>{start[1]}'
            "<title>{{ application.name }}</title>"
        ),
        page,
    )
    if found != 1 or page.count(_TERMINAL_SCRIPT) != 1:
        return None
    terminal = _reading_terminal(package) or _TERMINAL_SCRIPT
    page = page.replace(_TERMINAL_SCRIPT, f"{terminal}\n    {_PAGE_SCRIPT}")
    for source in templates.iterdir():
        if source.is_file():
            (folder / source.name).write_bytes(source.read_bytes())
    (folder / "app_index.html").write_text(page, encoding="utf-8")
    return folder


def serve_board(host: str, port: int, words: list[str]) -> None:
    """Serve ``turing WORDS…`` (a board) as a web page: every page that connects starts
    it in a process of its own, which ends with the server. An address it cannot listen on
    is refused before anything is announced (:func:`check_address`)."""
    try:
        from textual_serve.server import Server
    except ImportError:
        fail(_("--serve needs {extra}").format(extra=missing_extra("web")))
    check_address(host, port)
    if not _loopback(host):
        click.echo(
            _(
                "warning: serving on {host}, not loopback: anyone who can reach this address "
                "can open the board and play"
            ).format(host=host),
            err=True,
        )
    command = shlex.join([sys.executable, "-m", "turing", *words])
    # each page's board is a child process: it must end with the server, however the server
    # ends (a SIGTERM reaches the server alone, and an orphaned board would run on)
    os.environ[_SERVER_ENV] = str(os.getpid())
    # and it speaks the language chosen here (the flag is not on its command line)
    os.environ["TURING_LANG"] = current_language()
    import textual_serve

    package = Path(textual_serve.__file__).parent
    with tempfile.TemporaryDirectory(prefix="turing-page-") as folder:
        templates = (
            own_templates(package, Path(folder), current_language()) or package / "templates"
        )
        try:
            Server(
                command,
                host=host,
                port=port,
                title=_board_name(words),
                templates_path=templates,
            ).serve()
        except OSError as exc:  # the address was taken after it was checked
            fail(_refusal(host, port, exc))


def _board_name(words: list[str]) -> str:
    """The page's title: the board's command (``turing board``, ``turing mastermind
    board``), never its options or puzzle (a generated puzzle's id or a seed would tell the
    code)."""
    end = words.index("board") + 1 if "board" in words else 1
    return shlex.join(["turing", *words[:end]])


def _refusal(host: str, port: int, exc: OSError) -> str:
    """Why the server cannot listen on ``host`` and ``port``, in one line."""
    if exc.errno == errno.EADDRINUSE:
        return _(
            "cannot serve on {host} port {port}: the port is in use (choose another with --port)"
        ).format(host=host, port=port)
    if exc.errno == errno.EADDRNOTAVAIL:
        return _(
            "cannot serve on {host} port {port}: {host} is not an address of this machine"
        ).format(host=host, port=port)
    from turing.core.files import os_reason

    return _("cannot serve on {host} port {port}: {reason}").format(
        host=host, port=port, reason=os_reason(exc)
    )


def check_address(host: str, port: int) -> None:
    """Refuse a host and port the server could not listen on (a port in use, a name that
    is no address), before anything is served or announced: each address the host names is
    bound once, as the server binds it, and let go. A command that writes files before it
    serves (a transcript) checks this first, so that a refusal leaves nothing behind."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        fail(_("--host {host}: no address has this name").format(host=host))
    for family, kind, proto, _name, address in found:
        try:
            with socket.socket(family, kind, proto) as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                sock.bind(address)
        except OSError as exc:
            fail(_refusal(host, port, exc))


#: The options of a board command that serve it (left out of the served command line).
SERVE_OPTIONS: Final = ("serve", "host", "port")


def serve_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--serve``, ``--host``, ``--port``: the options of a board that serves itself."""
    func = click.option(
        "--port",
        type=WholeNumber(1, 65535),
        default=8000,
        show_default=True,
        help="Port to serve on (with --serve).",
    )(func)
    func = click.option(
        "--host",
        metavar="HOST",
        default="127.0.0.1",
        show_default=True,
        help="Address to serve on (with --serve).",
    )(func)
    return click.option(
        "--serve", is_flag=True, help="Serve the board as a web page (textual-serve)."
    )(func)


def check_serve_options(ctx: click.Context, serve: bool) -> None:
    """``--host`` and ``--port`` given without ``--serve`` are refused."""
    if serve:
        return
    for name in ("host", "port"):
        if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE:
            fail(_("--{name} goes with --serve").format(name=name))


#: Set in the environment of the boards a server starts: the server's process id.
_SERVER_ENV = "TURING_BOARD_SERVER"


def check_terminal(at_the_prompt: str = "turing play") -> None:
    """Refuse to start a board with no terminal to draw it on (a pipe, a file, a closed
    stream), where it would wait for keys nobody can press, or on a terminal that says it
    cannot draw one (``TERM=dumb`` or ``unknown``: no cursor moves, no colours), where it
    would show its escape codes as text; ``at_the_prompt``, the command that plays the
    game at the prompt instead. Textual's driver reads keys from standard input and draws
    on standard error; a board textual-serve starts for a browser page has neither, and is
    let through."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    streams = (sys.__stdin__, sys.__stderr__)
    if all(stream is not None and stream.isatty() for stream in streams):
        from prompt_toolkit.utils import is_dumb_terminal

        if is_dumb_terminal():
            fail(
                _(
                    "the board needs a terminal that can draw it, and TERM={term} cannot "
                    "(no cursor moves, no colours); {command} plays at the prompt, --serve "
                    "shows the board in a browser"
                ).format(term=os.environ.get("TERM", ""), command=at_the_prompt)
            )
        return
    fail(
        _(
            "the board needs a terminal for its keys and its screen (standard input and "
            "standard error); --serve shows it in a browser"
        )
    )


#: How long a board started by a server may take to end once asked to (its page closed).
QUIT_GRACE: Final = 10.0


def end_with_server() -> Callable[[], None] | None:
    """In a board started by a server, end the process once that server is gone; and what
    the board calls when it is asked to end (its page closed, or its own quit): a watch
    that ends the process if the board has not ended :data:`QUIT_GRACE` seconds later. A
    page closed while the board was still starting could leave it redrawing for ever,
    unseen, until the server stopped. None for a board in a terminal."""
    server = os.environ.get(_SERVER_ENV)
    if not server or not server.isdigit():
        return None
    pid = int(server)

    def watch() -> None:
        while True:
            try:
                os.kill(pid, 0)
            except (ProcessLookupError, PermissionError):
                # gone (or its number taken by another user's process): end with it
                os._exit(0)
            time.sleep(1.0)

    start_watch(watch, "server-watch")

    def quit_watch() -> None:
        def end() -> None:
            time.sleep(QUIT_GRACE)
            os._exit(1)

        start_watch(end, "quit-watch")

    return quit_watch


#: How long a board ended by a signal may take to end its process once the game is saved.
STOP_GRACE: Final = 5.0


class BoardStop:
    """The signal that ended a board (:attr:`stop`: SIGTERM or SIGHUP as :class:`Terminated`,
    None while none came)."""

    def __init__(self) -> None:
        self.stop: Terminated | None = None
        #: set once the board's game is saved and its process may end
        self.done = threading.Event()


def _off_the_terminal() -> None:
    """Point standard input and error (the board's keys and screen), and standard output
    where it is the same terminal, at /dev/null: a terminal hung up fails every write, which
    would end textual's writer and leave the board waiting for it, and gives reads an end of
    file that textual's key reader takes for more keys, at full processor use."""
    with contextlib.suppress(OSError):
        terminal = {os.fstat(fd)[1:3] for fd in (0, 2)}
        devnull = os.open(os.devnull, os.O_RDWR)
        try:
            for fd in (0, 1, 2):
                with contextlib.suppress(OSError):
                    if fd != 1 or os.fstat(fd)[1:3] in terminal:
                        os.dup2(devnull, fd)
        finally:
            os.close(devnull)


def run_board(app: App[Any], leaving: Callable[[], str]) -> tuple[Terminated | None, str]:
    """Run a board to its end, under :func:`signals_end_board`; ``leaving()`` (the game
    saved and closed as it was left, whatever ended it) runs before the process may end.
    Returns the signal that ended it (None: the board's own quit) and what ``leaving``
    said."""
    stopped: Terminated | None = None  # SIGTERM, or SIGHUP (the terminal closed)
    said = ""
    with signals_end_board(app) as signalled:
        try:
            # textual cuts a line with "…", one cell, which an ASCII terminal writes as "~"
            with drawn_in_cells(sys.__stderr__):
                app.run()
        except Terminated as exc:
            stopped = exc
        finally:
            said = leaving()
    return stopped or signalled.stop, said


@contextlib.contextmanager
def signals_end_board(app: App[Any]) -> Iterator[BoardStop]:
    """While a board runs (and its game is saved on leaving), SIGTERM and SIGHUP ask the
    board to end as its own quit does, from its event loop, and are kept in the
    :class:`BoardStop` yielded; the ones after the first (a shell passes its hang-up on to
    the board, after the terminal's own) change nothing. Raised in the middle of textual's
    shutdown, a signal would leave its key reader running, and keep the process alive at
    full processor use after the game was saved; raised while the game is saved, it would
    lose the save. A board that has not ended :data:`STOP_GRACE` seconds after its game was
    saved ends its process. In the main thread only (where signals are handled)."""
    got = BoardStop()
    if threading.current_thread() is not threading.main_thread():
        yield got
        return

    def ending() -> None:
        got.done.wait()
        time.sleep(STOP_GRACE)
        # still running (a daemon thread ends with the process): end it
        stop = got.stop
        os._exit(stop.exit_code if stop is not None else 1)

    def on_signal(signum: int, frame: object) -> None:
        if got.stop is not None:
            return  # ending already
        got.stop = stop_of(signum)
        # textual takes SIGCONT (which a hang-up brings too) for a board back from Ctrl-Z, and
        # starts drawing and reading keys anew, over the board that is ending
        with contextlib.suppress(AttributeError, ValueError):
            signal.signal(signal.SIGCONT, signal.SIG_DFL)
        # not for a SIGHUP sent with the terminal still there (kill -HUP)
        if isinstance(got.stop, HungUp) and terminal_gone():
            _off_the_terminal()
        start_watch(ending, "board-stop")
        import asyncio

        with contextlib.suppress(Exception):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # the board not running yet (or any more)
                app.exit()
            else:
                loop.call_soon_threadsafe(app.exit)

    before = [(sig, signal.signal(sig, on_signal)) for sig in STOP_SIGNALS]
    try:
        yield got
    finally:
        got.done.set()
        for sig, handler in before:
            signal.signal(sig, handler)
