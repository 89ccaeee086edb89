"""The output layer of the command line: errors and exit statuses, consoles, progress bars,
plurals, JSON, and the files a command writes.

Only the CLI imports this module; the library never prints. It is imported by every start
of ``turing``, so it imports only click at the top; rich and the file functions of the
library are imported by the functions that use them (``turing --help`` must start quickly).

Exit statuses (:func:`guarded` applies them to every command):

* 0 — done; also when the reader of standard output goes away (``turing … | head``):
  the rest of the output is dropped quietly.
* 1 — a check failed (a command that checks things says so with :class:`CLIError`).
* 2 — bad input or an impossible request (:class:`~turing.core.errors.TuringError`), a
  command line click refuses (:func:`usage_line`), or the world outside refused: a missing
  file, no permission, a full disk (``OSError``), a locked or broken bank
  (``sqlite3.Error``). One ``error:`` line on stderr. Standard output is written out
  before the command ends (not left to Python at exit), and an error writing it names
  it: ``error: standard output: No space left on device``.
* 130 — interrupted with Ctrl-C (143: stopped by SIGTERM; 129: by SIGHUP, its terminal
  closed); files being written are left as they were.

Anything else is a programming error and shows its traceback; ``TURING_DEBUG=1`` shows
the traceback of every error. An output whose encoding cannot take every character is no
error: :func:`write_what_streams_can` has it write stand-ins, and :func:`json_text` keeps
its JSON whole.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import io
import os
import re
import shlex
import signal
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, Final, NoReturn, Protocol, TextIO, cast

import click

from turing.core.errors import TuringError
from turing.core.rulebook import KEPT_SPACE, formulas_whole, plain
from turing.i18n import _, format_number, ngettext

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.progress import Progress, ProgressColumn
    from rich.segment import Segment
    from rich.text import Text

    from turing.core.cards import CardSet
    from turing.core.puzzle import Loaded

    #: the columns of one progress line, left to right
    Row = tuple[ProgressColumn, ...]

EXIT_OK = 0
EXIT_PROBLEM = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
EXIT_HUNG_UP = 129


def _plain() -> bool:
    return "NO_COLOR" in os.environ


def debugging() -> bool:
    """Whether ``TURING_DEBUG`` asks for tracebacks instead of one-line errors."""
    return os.environ.get("TURING_DEBUG", "") not in ("", "0")


#: Width of tables written to a file or a pipe: wide enough for any table at its natural
#: width (tables never stretch), so nothing is cut to fit an 80-column guess.
PIPE_WIDTH = 1000


#: blanks at the end of a line (before its line break)
_TRAILING_BLANKS: Final = re.compile(r"[ \t]+(?=\n)")


@functools.cache
def _console_class() -> type[Console]:
    from rich.console import Console, ConsoleDimensions

    class QuietPipeConsole(Console):
        """A console whose closed pipe is left to :func:`guarded` (rich itself would exit
        with status 1), and which lays out a terminal that cannot move the cursor
        (``TERM=dumb``) to its real width."""

        @property
        def size(self) -> ConsoleDimensions:
            if not self.is_dumb_terminal:
                return super().size
            # rich takes every dumb terminal for 80 columns, and its lines then break inside
            # words on a narrower one: the width is the terminal's (COLUMNS first, as rich's).
            try:
                columns, lines = os.get_terminal_size(self.file.fileno())
            except (AttributeError, ValueError, OSError):
                columns, lines = 0, 0
            return ConsoleDimensions(
                self._width or (columns - self.legacy_windows) or 80,
                self._height or lines or 25,
            )

        @size.setter
        def size(self, new_size: tuple[int, int]) -> None:
            self._width, self._height = new_size

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

        def _render_buffer(self, buffer: Iterable[Segment]) -> str:
            # Plain text for a file or a pipe carries no spaces at the end of a line: a
            # table's cells are padded to their column's width, which a file only keeps as
            # trailing blanks (rich has no option to leave the last column unpadded).
            text = super()._render_buffer(buffer)
            if not takes_every_character(self.file):
                # every string it was given is laid out as written (``…`` as ``...``,
                # :meth:`render_str`): a ``…`` left is rich's own, ending a cut cell or line
                text = text.replace("…", CUT_MARK)
            if self.is_terminal or self.color_system is not None:
                return text
            return _TRAILING_BLANKS.sub("", text)

        def render_str(self, text: str, **kwargs: Any) -> Text:
            # A string is measured as the stream writes it: a table's cell with ``≥`` (written
            # ``>=``) or ``ö`` (``oe``) keeps its columns on a stream that cannot take them.
            return super().render_str(as_written(text, self.file), **kwargs)

    return QuietPipeConsole


def missing_extra(extra: str) -> str:
    """How to install an optional extra (web, dask, fast), said the same way by every
    message that needs one, in a form for an installed package and one for a checkout.

    >>> missing_extra("web")
    "the web extra: pip install 'turing[web]' (in a checkout: pip install -e '.[web]')"
    """
    return _(
        "the {extra} extra: pip install 'turing[{extra}]' (in a checkout: pip install -e "
        "'.[{extra}]')"
    ).format(extra=extra)


def stdout_console() -> Console:
    """A console for results: rich on a terminal, plain text otherwise or with NO_COLOR."""
    Console = _console_class()
    tty = sys.stdout.isatty()
    plain = _plain() or not tty
    return Console(
        file=sys.stdout,
        width=None if tty else PIPE_WIDTH,
        no_color=plain,
        highlight=False,
        force_terminal=None if not plain else False,
        color_system=None if plain else "auto",
        soft_wrap=plain,
    )


#: a space of a formula while rich wraps a page (a character of the private use area,
#: which it measures as one cell and takes for no space)
_UNBROKEN: Final = "\ue000"


def show_page(markdown: str, console: Console | None = None) -> None:
    """A page of Markdown (the rules) as a person reads it. At a terminal it is drawn,
    through the pager (PAGER, else less) when it is longer than the screen; into a pipe or
    a file (with no ``console``) it is plain text, links keeping only their words.
    ``console``: the terminal's console of a view (the game's prompt), which has said
    already that its output is a terminal."""
    if console is None:
        if not sys.stdout.isatty():
            click.echo(plain(markdown), nl=False)
            return
        console = stdout_console()
    from rich.markdown import Markdown

    # a formula (``▲ = 3``, ``"■ < 4"``) stays on one line: its spaces are drawn as a
    # character rich does not break at, one cell wide, and written as spaces
    parts = formulas_whole(markdown).split(KEPT_SPACE)
    with console.capture() as captured:
        # drawn from the page as the terminal writes it (``▲`` as ``^``, ``ö`` as ``oe``)
        # where it cannot take every character, so the lines keep their width
        console.print(Markdown(_UNBROKEN.join(as_written(part, console.file) for part in parts)))
    _paged(as_written(captured.get().replace(_UNBROKEN, " "), console.file), console)


def show_drawn(page: RenderableType, console: Console) -> None:
    """``page`` (a view's text, already as the terminal writes it) drawn on ``console``, a
    terminal's, through the pager as :func:`show_page` draws a page: when it is longer than
    the screen."""
    with console.capture() as captured:
        console.print(page)
    _paged(as_written(captured.get(), console.file), console)


def _paged(drawn: str, console: Console) -> None:
    """``drawn`` written to ``console``'s terminal, through the pager when it is longer
    than the screen."""
    if drawn.count("\n") < console.height:
        click.echo(drawn, nl=False, file=console.file)
    else:
        # the pager (PAGER, else less) ends the text with a newline of its own; it is
        # given text in the terminal's encoding, which it can show
        with _less_reads(getattr(console.file, "encoding", None) or "utf-8"):
            click.echo_via_pager(drawn.removesuffix("\n"))


@contextlib.contextmanager
def _less_reads(encoding: str) -> Iterator[None]:
    """``less`` told that the text it pages is UTF-8 when it is (LESSCHARSET), unless the
    user has set its character set: under a locale the system does not have (LANG=de_DE.UTF-8
    on a machine without it) less takes the text for ASCII and shows each letter past it
    as ``<C3><A4>``, while the game's own lines show them whole."""
    if codecs.lookup(encoding).name != "utf-8" or {"LESSCHARSET", "LESSCHARDEF"} & set(os.environ):
        yield
        return
    os.environ["LESSCHARSET"] = "utf-8"
    try:
        yield
    finally:
        os.environ.pop("LESSCHARSET", None)


def stderr_console() -> Console:
    """A console for progress and messages on stderr."""
    Console = _console_class()
    plain = _plain() or not sys.stderr.isatty()
    return Console(
        file=sys.stderr,
        stderr=True,
        no_color=plain,
        highlight=False,
        color_system=None if plain else "auto",
    )


def print_indented(console: Console, line: str) -> None:
    """Print ``line`` wrapped at the console's width, every wrapped part indented as far as
    the line itself (its leading spaces), so a long line stays under its own heading.

    Written to a file or a pipe (:data:`PIPE_WIDTH`) a line is not broken.
    """
    from rich.text import Text

    body = line.lstrip(" ")
    indent = len(line) - len(body)
    width = max(console.width - indent, 20)
    for part in Text(body).wrap(console, width, no_wrap=False):
        part.rstrip()
        console.print(Text(" " * indent) + part, soft_wrap=True, markup=False, highlight=False)


# -- errors and exit statuses ------------------------------------------------------------------


class CLIError(click.ClickException):
    """One clear line on stderr and a chosen exit status (2: bad input, by default)."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        # click declares exit_code per class; this error carries its own (click reads it
        # from the instance when it exits).
        object.__setattr__(self, "exit_code", exit_code)

    def show(self, file: Any = None) -> None:
        say_error(self.format_message())


def say_error(message: str) -> None:
    """One ``error:`` line on stderr (``Fehler:`` in German): how every error is said, the
    one that ends a command and those a command reports and goes on after."""
    click.echo(_("error: {message}").format(message=message), err=True)


def shell_word(word: str) -> str:
    """``word`` as a shell reads it back as one word: as :func:`shlex.quote` gives it, or,
    when it holds a character that is not printed as itself (a control character, a line
    break, a byte that was not UTF-8 …), in the ANSI-C quotes of bash and zsh (``$'…'``),
    each such character written as the bytes it is (``\\x1b``), so that the command shown
    neither recolours the terminal nor breaks a line, and pastes back to the same word.

    >>> print(shell_word("my game.json"), shell_word("a\\x1b[31mb.sav"), shell_word("it's\\n"))
    'my game.json' $'a\\x1b[31mb.sav' $'it\\'s\\x0a'
    """
    if word.isprintable():
        return shlex.quote(word)
    parts = []
    for char in word:
        if char in "\\'":
            parts.append("\\" + char)
        elif char.isprintable():
            parts.append(char)
        else:
            parts.extend(f"\\x{byte:02x}" for byte in os.fsencode(char))
    return "$'" + "".join(parts) + "'"


def command_to_copy(*words: str | int | os.PathLike[str]) -> str:
    """A ``turing`` command line as a person copies it into a shell: each word quoted
    when the shell would split or read it otherwise (:func:`shell_word`).

    >>> command_to_copy("play", "--resume", "my game.json")
    "turing play --resume 'my game.json'"
    >>> command_to_copy("play", "--code", "ABC-DEF")
    'turing play --code ABC-DEF'
    >>> print(command_to_copy("play", "--resume", "a\\x1b[31mb.sav"))
    turing play --resume $'a\\x1b[31mb.sav'
    """
    return " ".join(
        shell_word(os.fspath(word) if not isinstance(word, int) else str(word))
        for word in ("turing", *words)
    )


def keeping_command_whole(
    text: str, command: str, width: int | None, measure: Callable[[str], int] = len
) -> str:
    """``text`` broken at its spaces into lines of at most ``width`` cells (as ``measure``
    counts them), never inside ``command``, a command to copy, which starts a line of its
    own, to copy whole; where it fits, with the words that lead to it after the last dash
    (``resume with:``). None as ``width`` (not a terminal), or room for all of it: one
    line, as it is.

    >>> said = "quit: game abandoned; saved to rs.json — resume with: turing play --resume rs.json"
    >>> print(keeping_command_whole(said, "turing play --resume rs.json", 80))
    quit: game abandoned; saved to rs.json —
    resume with: turing play --resume rs.json
    >>> print(keeping_command_whole(said, "turing play --resume rs.json", 36))
    quit: game abandoned; saved to
    rs.json — resume with:
    turing play --resume rs.json
    >>> print(keeping_command_whole(said, "turing play --resume rs.json", 12))
    quit: game
    abandoned;
    saved to
    rs.json —
    resume with:
    turing play --resume rs.json
    """
    if width is None or measure(text) <= width:
        return text
    at = text.rfind(command) if command else -1
    if at < 0:
        before, kept, after = text, "", ""
    else:
        before, kept, after = text[:at], command, text[at + len(command) :]
    units = before.split()
    first = -1  # the unit that starts a line of its own: the command, or its lead
    if kept:
        dash = max(before.rfind(" — "), before.rfind(" - "))
        lead = before[dash + 3 :].split() if dash >= 0 else []
        together = " ".join([*lead, kept])
        if lead and measure(together) <= width:
            units = [*units[: len(units) - len(lead)], together]
        else:
            units.append(kept)
        first = len(units) - 1
        # what follows the command without a space (a full stop) stays on its line
        if after and not after[0].isspace():
            units[-1] += after.split(" ", 1)[0]
            after = after.split(" ", 1)[1] if " " in after else ""
    units += after.split()
    lines: list[str] = []
    for index, unit in enumerate(units):
        if lines and index != first and measure(lines[-1]) + 1 + measure(unit) <= width:
            lines[-1] += " " + unit
        else:
            lines.append(unit)
    return "\n".join(lines)


def fail(message: str, exit_code: int = EXIT_USAGE) -> NoReturn:
    raise CLIError(message, exit_code)


def said(exc: TuringError) -> str:
    """The library's error in the command's words: what it says, and how the command
    line takes what was given where it does not belong (a card set given as a puzzle)."""
    from turing.core.cards import CardSetErrors
    from turing.core.puzzle import CardSetGivenError, CardSetMissingError

    if isinstance(exc, CardSetGivenError):
        return _("{error} (give it with --cardset)").format(error=exc)
    if isinstance(exc, CardSetMissingError) and _takes_cardset():
        return _("{problem}; give --cardset FILE to use a copy of it instead").format(problem=exc)
    if isinstance(exc, CardSetErrors) and len(exc.errors) > 1:
        # a set read as such (--cardset, cards stats) shows its first error: how many it
        # holds, and the command that lists them all
        command = command_to_copy("cards", "validate", exc.source)
        count = len(exc.errors)
        return ngettext(
            "{error} (the card set has {n} error; {command} lists it)",
            "{error} (the card set has {n} errors; {command} lists them all)",
            count,
        ).format(error=exc.errors[0], n=count, command=command)
    return str(exc)


def _takes_cardset() -> bool:
    """Whether the command running has ``--cardset``, which can name a card set in
    place of the one a puzzle names."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and any(param.name == "cardset_name" for param in ctx.command.params)


# -- a command line click refuses --------------------------------------------------------------

#: click's refusal that shows a group's help instead (``turing bank`` alone; click 8.2 on)
_HELP_INSTEAD: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())


def _names_an_option(error: click.UsageError) -> bool:
    if isinstance(error, click.NoSuchOption | click.BadOptionUsage):
        return True
    if not isinstance(error, click.BadParameter):
        return False
    if error.param is not None:
        return isinstance(error.param, click.Option)
    hint = error.param_hint
    first = hint if isinstance(hint, str) or hint is None else next(iter(hint), None)
    return first is not None and first.lstrip("'").startswith("-")


def close_names(typed: str, names: Iterable[str]) -> list[str]:
    """Those of ``names`` a person who typed ``typed`` may have meant, leading dashes left
    out: a slip or two away (:func:`~turing.core.puzzle.edit_distance`: one for every three
    letters typed, one at least), or begun by what was typed (three letters at least:
    ``--out`` for ``--output``). click's own did-you-mean counts the dashes alike and offers
    ``--jobs`` for ``--bogus``.

    >>> close_names("--bogus", ["--jobs", "--json"]), close_names("--cout", ["--count", "--output"])
    ([], ['--count'])
    >>> close_names("--out", ["--output", "--count"]), close_names("plya", ["play"])
    (['--output'], ['play'])
    """
    from turing.core.puzzle import edit_distance  # only for a command line refused

    bare = typed.lstrip("-")
    slips = max(1, len(bare) // 3)
    close = []
    for name in names:
        meant = name.lstrip("-")
        if edit_distance(bare, meant) <= slips or (len(bare) >= 3 and meant.startswith(bare)):
            close.append(name)
    return close


class MeantCommand(click.exceptions.NoSuchCommand):
    """No command of the typed name, which names the one command offered in another way
    (``turing regeln``: rules): offered whether close to what was typed or not."""

    def __init__(self, command_name: str, meant: str, ctx: click.Context | None = None) -> None:
        super().__init__(command_name, ctx=ctx)
        self.meant = meant

    def format_message(self) -> str:
        # click's own words for its did-you-mean, which keeps only names close to the typed
        return f"{self.message} {click.exceptions._format_possibilities([self.meant])}"


def usage_line(error: click.UsageError) -> str:
    """click's message for a command line it refuses, as the one line of an ``error:``,
    with where to look: ``no such option '--bogus' (turing play --help lists the
    options)``. click's words (its did-you-mean too) are kept; its message starts a
    sentence, so its first letter is made small and its full stop dropped, as the other
    errors are written."""
    # click's own did-you-mean offers too much: only the closest of its names are offered
    if isinstance(error, click.NoSuchOption):
        close = close_names(error.option_name, error.possibilities or ())
        error = click.NoSuchOption(error.option_name, error.message, close, error.ctx)
    elif isinstance(error, click.exceptions.NoSuchCommand) and not isinstance(error, MeantCommand):
        close = close_names(error.command_name, error.possibilities or ())
        error = click.exceptions.NoSuchCommand(error.command_name, error.message, close, error.ctx)
    # click lists choices on lines; spaces within a line are kept (a blank name typed)
    problem = re.sub(r"\s*\n\s*", " ", error.format_message()).strip()
    problem = problem.removesuffix(".")
    if problem.endswith(("?", "?)")):
        # click's did-you-mean, after a full stop and in brackets when it offers several:
        # one sentence here, its question after a semicolon
        problem = re.sub(
            r"\.\s+\(?(\w)([^()]*\?)\)?$", lambda m: f"; {m[1].lower()}{m[2]}", problem
        )
    if problem[:1].isupper() and not problem[1:2].isupper():
        problem = problem[0].lower() + problem[1:]
    ctx = error.ctx
    if ctx is None or ctx.command.get_help_option(ctx) is None:
        return problem
    command = f"{ctx.command_path} {max(ctx.command.get_help_option_names(ctx), key=len)}"
    if _names_an_option(error):
        line = _("{problem} ({command} lists the options)")
    elif isinstance(error, click.exceptions.NoSuchCommand) or (
        type(error) is click.UsageError and isinstance(ctx.command, click.Group)
    ):  # an unknown command, or none given to a group
        line = _("{problem} ({command} lists the commands)")
    else:  # an argument missing, bad or one too many
        line = _("{problem} ({command} shows the usage)")
    return line.format(problem=problem, command=command)


@contextlib.contextmanager
def usage_errors_in_one_line() -> Iterator[None]:
    """Turn click's refusal of a command line (an unknown option or command, a missing or
    bad argument, an extra one) into one ``error:`` line and exit status 2 (click itself
    writes the usage line, a hint and ``Error: …``). A group called without a command
    still shows its help."""
    try:
        yield
    except click.UsageError as exc:
        if isinstance(exc, _HELP_INSTEAD):
            raise
        ctx = exc.ctx
        if (
            _HELP_INSTEAD
            and type(exc) is click.UsageError
            and ctx is not None
            and isinstance(ctx.command, click.Group)
            and not getattr(ctx, "_protected_args", ())
            and not ctx.args
        ):  # a group given options but no command (turing --lang de): its help, as alone
            raise _HELP_INSTEAD(ctx) from None
        raise CLIError(usage_line(exc)) from None


def describe_os_error(exc: OSError) -> str:
    """``path: reason`` for an error of the file system (a missing file, a full disk), the
    reason in the language in use."""
    from turing.core.files import os_reason, shown_name

    reason = os_reason(exc)
    names = [
        shown_name(os.fsdecode(n)) if isinstance(n, str | bytes) else str(n)
        for n in (exc.filename, exc.filename2)
        if n is not None
    ]
    return f"{' -> '.join(names)}: {reason}" if names else reason


class _StdoutFile(io.FileIO):
    """Standard output's file descriptor, whose write errors name it."""

    def write(self, data: Any, /) -> int:
        try:
            return super().write(data)
        except OSError as exc:
            if exc.filename is None:
                exc.filename = _("standard output")
            raise


def name_stdout_errors() -> None:
    """Let an error writing standard output say where it is: ``standard output: No space
    left on device``, not the bare reason, which could be any file's. Done for a file or a
    pipe the process was given (a terminal is left as it is, and so is a stream put in its
    place, as a test's runner does)."""
    stream = sys.stdout
    if stream is None or stream is not sys.__stdout__ or not isinstance(stream, io.TextIOWrapper):
        return
    try:
        if stream.isatty():
            return
        descriptor = stream.fileno()
        stream.flush()
    except (OSError, ValueError):
        return
    raw = _StdoutFile(descriptor, "w", closefd=False)
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw),
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=stream.line_buffering,
    )


class _StderrFile(io.FileIO):
    """Standard error's file descriptor, whose write errors are dropped: a note or an
    error line that cannot be written (``2> /dev/full``, a pipe whose reader is gone) is
    lost, and the command's output and exit status stay what they are."""

    def write(self, data: Any, /) -> int:
        try:
            written = super().write(data)
        except OSError:
            return len(memoryview(data))
        return len(memoryview(data)) if written is None else written


def drop_stderr_failures() -> None:
    """Let nothing fail for standard error: a message it cannot take is dropped
    (:class:`_StderrFile`), rather than ending a command whose output was good, or
    turning its exit status into another. A process started without standard error
    (``2>&-``) gets /dev/null there, so that no file it opens takes descriptor 2. A stream
    put in its place (a test's runner) is left as it is."""
    try:
        os.fstat(2)
    except OSError:
        with contextlib.suppress(OSError):
            descriptor = os.open(os.devnull, os.O_WRONLY)
            if descriptor != 2:
                os.dup2(descriptor, 2)
                os.close(descriptor)
    stream = sys.stderr
    if stream is not None and (
        stream is not sys.__stderr__ or not isinstance(stream, io.TextIOWrapper)
    ):
        return
    encoding = "utf-8" if stream is None else stream.encoding
    errors = "backslashreplace" if stream is None else stream.errors
    with contextlib.suppress(OSError, ValueError):
        if stream is not None:
            stream.flush()
        sys.stderr = io.TextIOWrapper(
            _StderrFile(2, "w", closefd=False),
            encoding=encoding,
            errors=errors,
            write_through=True,
        )


class _ClosedOutput(io.TextIOBase):
    """Standard output when the process was started without one (``turing … >&-``): what
    a command writes there fails as a write to a closed descriptor does, naming it."""

    def writable(self) -> bool:
        return True

    def write(self, text: str, /) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF), _("standard output"))


def fill_closed_streams() -> None:
    """Give the process the standard streams it was started without (``<&-``, ``>&-``),
    so no command meets a missing one: input reads as empty (as ``< /dev/null``), output
    fails with one error line that names it."""
    if sys.stdin is None:
        # the lowest free descriptor, 0 itself: worker processes inherit it too
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - kept for the process
    if sys.stdout is None:
        sys.stdout = cast(TextIO, _ClosedOutput())


#: What a standard stream that cannot take every character writes for a character turing
#: writes that it cannot. The symbols of the screen are one ASCII character each, so
#: the lines cut to the window keep their columns (✔ ✘ and the shapes ▲ ■ ● stay told
#: apart, and the play commands take ``^ # @`` for the shapes; the grid's rows say which
#: shape is which). The signs of the criteria are written as they are typed (``≥`` as
#: ``>=``, ``≠`` as ``!=``), German letters as German writes them without umlauts
#: (``lösen`` as ``loesen``, ``weiß`` as ``weiss``), which is also how the commands can be
#: typed. Such a string is wider than its symbols: rich measures a string as it is written
#: (:func:`as_written`), so its tables keep their columns, and a table of rich
#: :class:`~rich.text.Text` (the list of commands) is laid out from :func:`as_written` text.
#: ``…`` in a text (more of the same: ``FILE…``, ``A, B, …``) is written ``...``; where
#: rich or the board cuts a line with ``…`` it stays one character, ``~``
#: (:data:`CUT_MARK`), so the line keeps its width. Any other character it cannot take is
#: written as ``?``, as click writes to such a stream and prompt_toolkit to a terminal.
STAND_INS: Final[dict[str, str]] = {
    "·": ".",
    "•": "*",
    "—": "-",
    "–": "-",
    "−": "-",
    "„": '"',
    "“": '"',
    "”": '"',
    "‚": "'",
    "‘": "'",
    "’": "'",
    "…": "...",
    "→": ">",
    "←": "<",
    "✔": "+",
    "✓": "+",
    "✘": "x",
    "✗": "x",
    "×": "x",
    "▲": "^",
    "■": "#",
    "●": "@",
    "○": "o",
    "◌": ".",
    "ä": "ae",
    "ö": "oe",
    "ü": "ue",
    "Ä": "Ae",
    "Ö": "Oe",
    "Ü": "Ue",
    "ß": "ss",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "≈": "~",
    "±": "+-",
    "÷": "/",
    "⌈": "ceil(",
    "⌉": ")",
    "↑": "^",
    "↓": "v",
    "▶": ">",
    "◀": "<",
    "▼": "v",
    "⇥": "Tab",
    "⌫": "<-",
    "⏎": "Enter",
    "␣": "Space",
    "Σ": "sum ",
}
#: Superscript digits (``10¹²``), written after ``^`` as a run (``10^12``).
_SUPERSCRIPTS: Final = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SUPERSCRIPT_RUN: Final = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
#: The name of the error handler (:func:`codecs.register_error`) that writes them.
STAND_IN_ERRORS: Final = "turing-stand-ins"
#: What a line cut by rich or the board ends in (``…``, one cell) where the output cannot
#: take ``…``: one character, as the line was laid out, and not ``...``, which means more
#: of the same (the legend of the board at the prompt: "Lines ending in ~ are cut").
CUT_MARK: Final = "~"
#: The error handler of a stream the board draws on: :data:`STAND_INS`, but ``…`` (a line
#: cut to its cell) as :data:`CUT_MARK`.
CELL_STAND_IN_ERRORS: Final = "turing-cell-stand-ins"


def _stand_in(error: UnicodeError, cut: str | None = None) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unwritable = error.object[error.start : error.end]
    powers = _SUPERSCRIPT_RUN.sub(lambda run: "^" + run[0].translate(_SUPERSCRIPTS), unwritable)
    written = "".join(
        ch if ch.isascii() else cut if ch == "…" and cut else STAND_INS.get(ch, "?")
        for ch in powers
    )
    return written, error.end


codecs.register_error(STAND_IN_ERRORS, _stand_in)
codecs.register_error(CELL_STAND_IN_ERRORS, functools.partial(_stand_in, cut=CUT_MARK))


@contextlib.contextmanager
def drawn_in_cells(stream: object) -> Iterator[None]:
    """While the block runs (a board drawn on ``stream``), a ``…`` that ``stream`` cannot
    take is written as :data:`CUT_MARK`, one cell as it was laid out (textual cuts a line
    with it), not as ``...``; the stream's stand-ins are as before after the block."""
    if not isinstance(stream, io.TextIOWrapper) or stream.errors != STAND_IN_ERRORS:
        yield
        return
    with contextlib.suppress(ValueError, OSError):
        stream.reconfigure(errors=CELL_STAND_IN_ERRORS)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError, OSError):
            stream.reconfigure(errors=STAND_IN_ERRORS)


def takes_every_character(stream: object) -> bool:
    """Whether a text stream's encoding can write every character (a UTF encoding); one
    that names none is taken to be UTF-8, as the files a command opens are.

    >>> takes_every_character(io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
    False
    """
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return name.startswith("utf")


def as_written(text: str, stream: object = None) -> str:
    """``text`` as ``stream`` (standard output by default) writes it: with the stand-ins of
    :data:`STAND_INS` where its encoding cannot take a character. A layout measured on it
    (a table's columns) keeps its columns when ``lösen`` is written as ``loesen``.

    >>> as_written("lösen CODE…", io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    'loesen CODE...'
    """
    target = sys.stdout if stream is None else stream
    if takes_every_character(target):
        return text
    encoding = str(getattr(target, "encoding", ""))
    try:
        return text.encode(encoding, STAND_IN_ERRORS).decode(encoding)
    except LookupError:
        return text


#: ASCII by another name: the encoding of a standard stream in ASCII. click takes a stream
#: whose encoding is named ASCII for a misconfigured locale and writes UTF-8 to it in its
#: place (the help, the rules, its messages); by this name click writes to the stream
#: itself, with its stand-ins, as every other command's output is written.
ASCII_STREAM_ENCODING: Final = "turing-ascii"


def _find_codec(name: str) -> codecs.CodecInfo | None:
    if name.replace("_", "-") != ASCII_STREAM_ENCODING:
        return None
    ascii_codec = codecs.lookup("ascii")
    return codecs.CodecInfo(
        ascii_codec.encode,
        ascii_codec.decode,
        ascii_codec.streamreader,
        ascii_codec.streamwriter,
        ascii_codec.incrementalencoder,
        ascii_codec.incrementaldecoder,
        name=ASCII_STREAM_ENCODING,
    )


codecs.register(_find_codec)


def write_what_streams_can() -> None:
    """Standard output and standard error in an encoding that cannot take every character
    (``PYTHONIOENCODING=ascii`` or ``latin-1``, a legacy locale) write a symbol they
    cannot by its stand-in (:data:`STAND_INS`: ``✔`` as ``+``, ``▲`` as ``^``), anything
    else they cannot as ``?``, instead of failing; rich draws its boxes in ASCII on them by
    itself. What click writes (the help, its messages) goes the same way: a stream in
    ASCII is named :data:`ASCII_STREAM_ENCODING`. Done once, at start-up, before anything
    is written; a stream put in their place (a test's runner) is left as it is."""
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, io.TextIOWrapper) or takes_every_character(stream):
            continue
        encoding = stream.encoding
        if codecs.lookup(encoding).name == "ascii":
            encoding = ASCII_STREAM_ENCODING
        with contextlib.suppress(ValueError, OSError):
            stream.reconfigure(encoding=encoding, errors=STAND_IN_ERRORS)


def json_text(obj: Any, stream: object = None) -> str:
    """``obj`` as one JSON line (:func:`~turing.core.files.json_line`) for ``stream``
    (standard output by default): its characters as they are where the stream takes every
    character, escaped (``\\u00e4``) where it cannot, so a document never loses one."""
    from turing.core.files import json_line

    target = sys.stdout if stream is None else stream
    return json_line(obj, ascii_only=not takes_every_character(target))


def stdin_bytes() -> bytes:
    """All of standard input as bytes, for the reader to decode as it decodes a file."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read()
        return data
    return sys.stdin.read().encode("utf-8", "surrogateescape")


_SURROGATE: Final = re.compile("[\ud800-\udfff]")
"""A lone surrogate: what a stream read with ``errors="surrogateescape"`` (Python's
standard input in a C locale, prompt_toolkit) makes of a byte it cannot decode."""


class UnreadableLine(Exception):
    """A line of input that is not text in the input's encoding (:func:`read_line`)."""


def input_encoding(stream: object) -> str:
    """The name of the encoding ``stream`` reads in (``utf-8``, ``ascii``); UTF-8 for one
    that names none.

    >>> input_encoding(io.TextIOWrapper(io.BytesIO(), encoding="ASCII"))
    'ascii'
    """
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return str(encoding)


def readable(line: str) -> bool:
    """Whether ``line`` is text: no byte that could not be decoded was let through in it
    (as a lone surrogate)."""
    return not _SURROGATE.search(line)


def read_line(stream: IO[str], first: bool = False) -> str | None:
    r"""The next line of ``stream`` without its line ending, None at its end. Each line is
    decoded on its own (from the stream's bytes where it has them), so one bad line spoils
    no other: as UTF-8 when its bytes are UTF-8 (what a terminal or an editor writes, whatever
    ``PYTHONIOENCODING`` says; text of a one-byte encoding with letters past ASCII is
    practically never valid UTF-8), else in the stream's encoding. A line that is neither
    raises :class:`UnreadableLine`, and the next call reads the line after it. The
    ``first`` line of the input loses a byte order mark (U+FEFF, which Windows Notepad
    writes at the start of a file).

    >>> read_line(io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfhelp\n")), first=True)
    'help'
    >>> data = b"l\xc3\xb6se\nl\xf6se\nhelp\n"
    >>> stream = io.TextIOWrapper(io.BytesIO(data), encoding="ascii")
    >>> read_line(stream)
    'löse'
    >>> try:
    ...     read_line(stream)
    ... except UnreadableLine:
    ...     print("refused")
    refused
    >>> latin = io.TextIOWrapper(io.BytesIO(b"l\xf6se\n"), encoding="latin-1")
    >>> read_line(latin), read_line(latin)
    ('löse', None)
    """
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        data = bytes(buffer.readline())
        if not data:
            return None
        try:
            line = data.decode("utf-8")
        except UnicodeDecodeError:
            try:
                line = data.decode(input_encoding(stream))
            except (UnicodeDecodeError, LookupError):
                raise UnreadableLine from None
    else:
        try:
            line = stream.readline()
        except UnicodeDecodeError:
            raise UnreadableLine from None
        if not line:
            return None
    if not readable(line):
        raise UnreadableLine
    if first:
        line = line.removeprefix("\ufeff")
    return line.rstrip("\r\n")


#: The most of a script :func:`unread_lines` reads after a game's end to count its lines.
UNREAD_LIMIT: Final = 1 << 20


def unread_lines(stream: IO[str]) -> tuple[int, bool]:
    """The lines of commands (not blank, not ``#`` comments) left in the script ``stream``
    once a game is over, and whether that is all of it: only what is there now is read,
    never waiting for more (a pipe still open is read as far as it is written), and at
    most :data:`UNREAD_LIMIT` bytes.

    >>> unread_lines(io.TextIOWrapper(io.BytesIO(b"show\\n\\n# done\\ncompose 111")))
    (2, True)
    """
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        text = stream.read(UNREAD_LIMIT + 1)
        data = text.encode("utf-8", "surrogateescape")
    else:
        try:
            fd: int | None = buffer.fileno()
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            fd = None
        was_blocking = True
        if fd is not None:
            try:
                was_blocking = os.get_blocking(fd)
                os.set_blocking(fd, False)
            except OSError:
                fd = None
        chunks: list[bytes] = []
        size = 0
        try:
            while size <= UNREAD_LIMIT:
                try:
                    chunk = buffer.read1(65536)
                except BlockingIOError:
                    chunk = None
                if not chunk:  # the end (b""), or nothing written yet (None)
                    break
                chunks.append(chunk)
                size += len(chunk)
        except (OSError, ValueError):
            pass
        finally:
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.set_blocking(fd, was_blocking)
        data = b"".join(chunks)
    whole = len(data) <= UNREAD_LIMIT
    lines = data[:UNREAD_LIMIT].split(b"\n")
    if not whole:
        lines = lines[:-1]  # cut short: the last line is not whole
    count = sum(1 for line in lines if line.strip() and not line.strip().startswith(b"#"))
    return count, whole


def unreadable_line_text(typed: bool, encoding: str) -> str:
    """The error of a line that is not text: the line just typed, or (``typed`` false) a
    script's line, whose number :func:`error_text` gives."""
    if typed:
        return _(
            "the line typed is not readable as text in the input's encoding ({encoding}); "
            "nothing done"
        ).format(encoding=encoding)
    return _("not readable as text in the input's encoding ({encoding}); nothing done").format(
        encoding=encoding
    )


def error_text(message: str, line: int | None = None) -> str:
    """An error at a game's prompt: for a line read from a script, with its ``line``
    number (the first is 1), as a reader of the script's output looks for it."""
    if line is None:
        return _("error: {message}").format(message=message)
    return _("error: line {n}: {message}").format(n=line, message=message)


#: How a message names standard input read as a file (``-``).
STDIN_NAME: Final = "<stdin>"
#: The ``source`` of a puzzle read from ``--code`` (its ``line`` is the code's position).
CODE_SOURCE: Final = "code"


def input_name(path: str) -> str:
    """How messages and ``--json`` name the input of a FILE argument: ``<stdin>`` for
    ``-``, a file by its path as given, and a file whose path is the name of another kind
    of input (``code``, ``<stdin>``) as ``./code``, ``./<stdin>``: no file is taken for
    the codes or standard input, or they for it."""
    if path == "-":
        return STDIN_NAME
    if path in (STDIN_NAME, CODE_SOURCE):
        return os.path.join(os.curdir, path)
    return path


def file_or_stdin(path: str) -> tuple[str | None, bytes | None, str | None]:
    """What a reader of a FILE argument is given: ``(path, None, None)`` for a file (its
    path as :func:`input_name` names it), and for ``-`` standard input: ``(None, its
    bytes, "<stdin>")`` (the path, the text and the name of
    :func:`~turing.core.puzzle.iter_puzzle_file` and the other readers)."""
    if path == "-":
        return None, stdin_bytes(), STDIN_NAME
    return input_name(path), None, None


def not_a_puzzle_file(path: str) -> str | None:
    """The error line's text when a FILE argument names a directory, else None."""
    if path != "-" and os.path.isdir(path):
        from turing.core.files import shown_name

        return _("{file}: is a folder, not a puzzle file").format(file=shown_name(path))
    return None


def read_puzzles(path: str, cardset: CardSet | None) -> tuple[list[Loaded], bool]:
    """The puzzles of FILE that can be read (``-``: standard input), and whether any
    cannot. The whole file is read before any work on it, and a puzzle that cannot be read
    does not stop the reading: each is said on stderr, one line with its place, so a file
    is mended in one pass; the caller then refuses the command (exit status 2, nothing on
    standard output) after saying what else is wrong."""
    directory = not_a_puzzle_file(path)
    if directory is not None:
        fail(directory)
    refused: list[str] = []
    puzzles = list(each_puzzle([path], cardset, refused.append, refused.append))
    return puzzles, bool(refused)


def each_puzzle(
    files: Iterable[str],
    cardset: CardSet | None,
    unreadable: Callable[[str], None],
    not_a_file: Callable[[str], None],
) -> Iterator[Loaded]:
    """Every puzzle of every FILE (``-``: standard input), for a command that reads several
    (``check``, ``solve``, ``export``). A puzzle or a file that cannot be read does not stop
    the reading: each is said on stderr, one line with its place, and passed to the caller
    by its FILE (``unreadable``; a path that is no file, a directory or nothing at all:
    ``not_a_file``), so a collection is mended in one pass. A file named again
    (``sample.yaml ./sample.yaml``, or ``-`` twice: standard input is read once too) is
    read once, and a note on stderr says so."""
    from turing.core.files import SourceError, shown_name
    from turing.core.puzzle import iter_puzzle_items

    for file in files_once(files):
        directory = not_a_puzzle_file(file)
        if directory is not None:
            say_error(directory)
            not_a_file(file)
            continue
        # each input counted under the name its puzzles are read with
        counted = input_name(file)
        source, text, name = file_or_stdin(file)
        try:
            for item in iter_puzzle_items(source, cardset, text=text, name=name):
                if isinstance(item, SourceError):
                    say_error(_with_cardset_errors(said(item), item))
                    (unreadable if _exists(file) else not_a_file)(counted)
                else:
                    yield item
        except TuringError as exc:
            message = said(exc) if isinstance(exc, SourceError) else f"{shown_name(counted)}: {exc}"
            say_error(message)
            (unreadable if _exists(file) else not_a_file)(counted)


def _with_cardset_errors(message: str, error: Exception) -> str:
    """``message`` of a puzzle that names a card set with errors, and where to see them
    all (the message gives the first)."""
    from turing.core.cards import CardSetErrors

    cause = error.__cause__
    if not isinstance(cause, CardSetErrors) or len(cause.errors) < 2:
        return message
    command = command_to_copy("cards", "validate", cause.source)
    return _("{message} ({command} lists them all)").format(message=message, command=command)


def files_once(files: Iterable[str]) -> Iterator[str]:
    """The FILEs given, each once: a file named again (``sample.yaml ./sample.yaml``, the
    same file through a link, or ``-`` twice: standard input is read once too) is left
    out, and a note on stderr says so."""
    from turing.core.files import shown_name

    done: list[str] = []
    for file in files:
        again = _same_file(file, done)
        if again == "-":
            click.echo(_("note: standard input is given twice; read once"), err=True)
            continue
        if again is not None:
            click.echo(
                _("note: {file} is {earlier} again; read once").format(
                    file=shown_name(file), earlier=shown_name(again)
                ),
                err=True,
            )
            continue
        done.append(file)
        yield file


def _same_file(file: str, earlier: list[str]) -> str | None:
    """The file of ``earlier`` that ``file`` names again."""
    from turing.core.files import same_file

    for other in earlier:
        if file == "-" or other == "-":
            if file == other:
                return other
        elif same_file(file, other):
            return other
    return None


def _exists(file: str) -> bool:
    """Whether a FILE argument names something: a missing file is counted as a directory
    is, as no puzzle file, and a file that is there but cannot be read as a read error."""
    return file == "-" or os.path.exists(file)


def exit_for_os_error(exc: OSError) -> NoReturn:
    """Say an error of the file system met outside a command (the group's own ``--help`` or
    ``--version`` written to a full disk) in one line, and exit with status 2."""
    if debugging():
        raise exc
    CLIError(_os_error_line(exc)).show()
    sys.exit(EXIT_USAGE)


def _os_error_line(exc: OSError) -> str:
    """The error line of ``exc``; one met writing standard output also stops what its
    buffer holds from failing again when Python flushes it at exit."""
    if exc.filename == _("standard output"):
        drop_stdout()
    return describe_os_error(exc)


def _is_sqlite_error(exc: BaseException) -> bool:
    # sqlite3 is only in sys.modules when a bank was opened: checking it there keeps the
    # import out of the start of every command.
    sqlite3 = sys.modules.get("sqlite3")
    return sqlite3 is not None and isinstance(exc, sqlite3.Error)


def stdout_failed(exc: OSError) -> bool:
    """Whether ``exc`` is standard output failing: its reader gone (a broken pipe), or a
    write to it refused (closed, a full disk), as :func:`name_stdout_errors` names it."""
    return isinstance(exc, BrokenPipeError) or exc.filename == _("standard output")


def stdout_failure_reason(exc: OSError) -> str:
    """Why a game is left when standard output failed (:func:`stdout_failed`): "standard
    output closed" (its reader gone, or no standard output at all), else the reason it
    refused a write ("standard output: No space left on device")."""
    if isinstance(exc, BrokenPipeError) or exc.errno == errno.EBADF:
        return _("standard output closed")
    from turing.core.files import os_reason

    return f"{_('standard output')}: {os_reason(exc)}"


def drop_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit finds no closed pipe.

    This is the advice of the Python documentation on SIGPIPE (the signal module); the
    handler of SIGPIPE itself stays as Python sets it.
    """
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def stdout_reader_gone() -> bool:
    """Whether standard output lost its reader (a pipe whose reader ended, as Ctrl-C ends
    every program of a pipeline): what it still holds is written out first, and when
    that fails, or the pipe has no reader left, standard output is dropped
    (:func:`drop_stdout`) so that Python's flush at exit says nothing. False for a stream
    put in its place (a test's runner), and where the pipe cannot be asked (no ``poll``)."""
    stream = sys.stdout
    if stream is None:
        return False
    try:
        stream.flush()
    except OSError:
        drop_stdout()
        return True
    except ValueError:  # closed
        return False
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        return False
    import select

    if not hasattr(select, "poll"):
        return False
    poller = select.poll()
    poller.register(descriptor, select.POLLOUT)
    try:
        events = poller.poll(0)
    except OSError:
        return False
    if any(mask & select.POLLERR for _fd, mask in events):
        drop_stdout()
        return True
    return False


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception so that files being written are cleaned up."""

    #: the exit status
    exit_code = EXIT_TERMINATED


class HungUp(Terminated):
    """SIGHUP (the terminal closed), ended as SIGTERM is, with its own word and status."""

    exit_code = EXIT_HUNG_UP


#: The stop under way (SIGTERM, SIGHUP, or the terminal found closed), once one came: a
#: command ends once, and a signal coming meanwhile (the shell passing on the hang-up its
#: terminal got) does not cut the saving of the game short
_stop: Terminated | None = None
#: whether :data:`_stop` reached the code that ends the command (:func:`stop_taken`)
_stop_taken = False
#: whether :data:`_stop` was left for a line prompt to raise, not raised yet
_stop_deferred = False
#: How long a line prompt is given to end once a stop is asked of it, before the stop is
#: raised where the program is (the library's shutdown of its event loop can wait forever
#: on a terminal gone)
STOP_WAIT: Final = 1.0


def _on_stop_signal(signum: int, frame: object) -> None:
    global _stop, _stop_deferred
    if _stop is not None:
        if _stop_taken or not _stop_deferred:
            return
        # asked again by the watch: the prompt did not end in time; raised where the
        # program is, again at the next ask until it is taken
        if _end_line_being_read(_stop):
            return
        raise _stop
    stop = stop_of(signum)
    _stop = stop
    _quiet_loop_ending()
    if _end_line_being_read(stop) or _prompt_running():
        _stop_deferred = True
        _watch_stop()  # taken where the line was asked for, once the prompt ends
        return
    raise stop


def stop_of(signum: int) -> Terminated:
    """The stop signal ``signum`` asks for: :class:`HungUp` for SIGHUP (the terminal
    closed), :class:`Terminated` for SIGTERM."""
    return HungUp() if signum == getattr(signal, "SIGHUP", None) else Terminated()


def stop_taken() -> None:
    """Say that the stop under way reached the code that ends the command: signals coming
    after it change nothing."""
    global _stop_taken, _stop_deferred
    _stop_taken = True
    _stop_deferred = False


def end_stopped(stop: KeyboardInterrupt, what: str) -> NoReturn:
    """End a command that Ctrl-C, SIGTERM or a hang-up stopped with one line on standard
    error, the stop's word and then what became of the work (``interrupted: stopped after
    4 puzzles; keep.jsonl is as it was``), and the stop's exit status."""
    if debugging() and not isinstance(stop, Terminated):
        raise stop
    word, code = _stop_word_and_status(stop)
    stdout_reader_gone()  # a pipeline stopped as a whole: its reader may be gone
    with contextlib.suppress(OSError):  # nor may stderr's
        click.echo(_("{stop}: {what}").format(stop=word, what=what), err=True)
    raise click.exceptions.Exit(code) from None


def _stop_word_and_status(stop: KeyboardInterrupt) -> tuple[str, int]:
    """The word a stop is said with and the command's exit status; a SIGTERM or a hang-up
    is taken by saying so (:func:`stop_taken`)."""
    if isinstance(stop, Terminated):
        stop_taken()
        return (_("hung up") if isinstance(stop, HungUp) else _("terminated")), stop.exit_code
    return _("interrupted"), EXIT_INTERRUPTED


def pending_stop() -> None:
    """Raise the stop that came while a line prompt ran and was not raised yet (SIGTERM
    or SIGHUP come just as the prompt ended); nothing when none did."""
    if _stop is not None and not _stop_taken:
        stop_taken()
        raise _stop


def terminal_gone() -> bool:
    """Whether the terminal the command talks to (standard input, output or error) hung up:
    closed, its window gone. A pipe or file that ended is not."""
    import select

    if not hasattr(select, "poll"):
        return False
    for descriptor in (0, 1, 2):
        try:
            if not stat.S_ISCHR(os.fstat(descriptor).st_mode):
                continue
            poller = select.poll()
            poller.register(descriptor, select.POLLIN | select.POLLOUT)
            events = poller.poll(0)
        except (OSError, ValueError):
            continue
        if any(mask & (select.POLLHUP | select.POLLERR) for _fd, mask in events):
            return True
    return False


def hung_up() -> HungUp | Terminated | None:
    """What to raise instead of a read or a write that failed (the end of the input, an
    input/output error) because the terminal hung up: the stop under way, or :class:`HungUp`
    taken as SIGHUP would be; None when the terminal is still there."""
    global _stop
    if _stop is not None:
        stop_taken()
        return _stop
    if not terminal_gone():
        return None
    _stop = HungUp()
    _quiet_loop_ending()
    stop_taken()
    return _stop


def raise_if_hung_up() -> None:
    """Raise :func:`hung_up`'s stop, when there is one (else return, the failure being the
    caller's to handle)."""
    stop = hung_up()
    if stop is not None:
        raise stop


def _quiet_loop_ending() -> None:
    """Once the command is stopping, a line prompt's event loop cut short says nothing of
    the tasks it drops (asyncio's log, and its warning of a coroutine never awaited): the
    stop is said once, as the command's."""
    import logging
    import warnings

    logging.getLogger("asyncio").disabled = True
    warnings.filterwarnings("ignore", message="coroutine .* was never awaited")


def _prompt_running() -> bool:
    if "prompt_toolkit" not in sys.modules:
        return False
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    return app is not None and app.is_running


def out_of_memory() -> str:
    """The line a command ends with when it cannot have the memory it needs."""
    return _("out of memory: the command needs more than this process may use")


def memory_short(error: ImportError) -> bool:
    """Whether ``error`` is a compiled module that could not be loaded for want of memory
    (its code cannot be mapped into the process)."""
    return "failed to map segment" in str(error)


#: The address space numpy takes as it is loaded, OpenBLAS's buffers with it (about 80 MiB
#: for numpy 2), and a little to spare: with less, OpenBLAS may end the process
NUMPY_ROOM: Final = 88 * 1024 * 1024


def _make_room(size: int) -> None:
    """Raise :class:`MemoryError` unless ``size`` bytes more fit in the process."""
    import mmap

    try:
        mmap.mmap(-1, size).close()
    except OSError as exc:
        if exc.errno != errno.ENOMEM:
            raise
        raise MemoryError from None


class _RoomForNumpy:
    """Before numpy is first loaded, asks whether it fits (:data:`NUMPY_ROOM`), as an
    import finder that finds nothing: under a tight memory limit OpenBLAS, loaded with
    numpy, ends the process itself ("OpenBLAS error: Memory allocation still failed"),
    which the command could not say in its own words."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        if name == "numpy":
            with contextlib.suppress(ValueError):
                sys.meta_path.remove(self)
            _make_room(NUMPY_ROOM)


def room_for_numpy() -> None:
    """Have the first loading of numpy end as "out of memory" (a :class:`MemoryError`)
    when it would not fit, rather than numpy's own words or an end with no words."""
    if "numpy" in sys.modules or any(isinstance(f, _RoomForNumpy) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, cast(Any, _RoomForNumpy()))


def start_watch(target: Callable[[], None], name: str) -> bool:
    """Start ``target`` in a thread of its own (a daemon), for a watch the command can do
    without; whether it started. Where no thread can be started (memory running short),
    the command goes on without the watch rather than ending."""
    import threading

    try:
        threading.Thread(target=target, name=name, daemon=True).start()
    except RuntimeError:  # "can't start new thread"
        return False
    return True


def _watch_stop() -> None:
    """Ask the stop again every :data:`STOP_WAIT` seconds while it has not been taken: a
    line prompt whose event loop does not end (a terminal gone) is left at once."""
    import time

    def watch() -> None:
        while not _stop_taken:
            time.sleep(STOP_WAIT)
            if _stop_taken or _stop is None:
                return
            with contextlib.suppress(OSError, ValueError):
                os.kill(os.getpid(), signal.SIGHUP if isinstance(_stop, HungUp) else signal.SIGTERM)

    start_watch(watch, "turing-stop-watch")  # without it, a stop ends the prompt later


def _end_line_being_read(stop: Terminated) -> bool:
    """End the line prompt_toolkit is reading with ``stop``, raised where the line was asked
    for, as its Ctrl-C raises KeyboardInterrupt there; whether one was being read. Raised
    here instead, in a task of its own event loop (loading the line history), the library
    would take it for that task's error, print it, and wait for Enter."""
    if "prompt_toolkit" not in sys.modules:
        return False
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    if app is None or not app.is_running or app.future is None or app.future.done():
        return False
    try:
        app.exit(exception=stop)
    except Exception:  # (ending already)
        return False
    return True


#: The signals that end a command as :class:`Terminated` (SIGHUP only where there is one)
STOP_SIGNALS: Final = tuple(
    sig for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)) if sig is not None
)


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Terminated` (:class:`HungUp`) while a command runs
    (each when nothing else handles it); the handlers before are put back afterwards, but
    for SIGHUP once a stop ended the command: ignored from then on. One stop ends it: a
    signal after the first, or after the terminal was found closed (:func:`hung_up`), is
    ignored, so that nothing cuts the saving of a game short."""
    global _stop, _stop_taken, _stop_deferred
    taken: list[tuple[signal.Signals, Any]] = []
    try:
        for sig in STOP_SIGNALS:
            before = signal.getsignal(sig)
            if before == signal.SIG_DFL:
                signal.signal(sig, _on_stop_signal)
                taken.append((sig, before))
    except ValueError:  # not the main thread: leave them as they are
        pass
    if taken:  # the outermost command: no stop yet
        _stop, _stop_taken, _stop_deferred = None, False, False
    try:
        yield
    finally:
        stopped = _stop is not None
        if taken:
            _stop_taken = True  # a signal now changes nothing of the command
        for sig, before in taken:
            # once stopped, the SIGHUP a shell passes on later (its terminal closed too)
            # changes nothing: ignored, as Python gives its handlers up on the way out
            hangup = sig == getattr(signal, "SIGHUP", None)
            signal.signal(sig, signal.SIG_IGN if stopped and hangup else before)


#: The wake-up descriptor of the running command's signal watch (None when none runs)
_watch_fd: int | None = None


class _Wakeup:
    """The channel :func:`signal.set_wakeup_fd` writes signal numbers into: a pipe (it
    takes no import, and every command starts with one), a socket pair where the wake-up
    descriptor must be a socket (Windows). The writing end does not block."""

    def __init__(self) -> None:
        self._sockets: tuple[Any, Any] | None = None
        if os.name != "nt":
            self._reader, self.writer = os.pipe()
            os.set_blocking(self.writer, False)
            return
        import socket

        reader, writer = socket.socketpair()
        writer.setblocking(False)
        self._sockets = (reader, writer)
        self._reader, self.writer = reader.fileno(), writer.fileno()

    def read(self) -> bytes:
        """The signal numbers written since; nothing once the writing end is closed."""
        if self._sockets is not None:
            return cast(bytes, self._sockets[0].recv(64))
        return os.read(self._reader, 64)

    def close_writer(self) -> None:
        if self._sockets is not None:
            self._sockets[1].close()
        else:
            os.close(self.writer)

    def close_reader(self) -> None:
        if self._sockets is not None:
            self._sockets[0].close()
        else:
            os.close(self._reader)


def watch_signals_again() -> None:
    """Give the running command's signal watch its wake-up descriptor back, after an event loop
    (a line prompt's) took it over and let it go: Ctrl-C stops a compiled search at once
    again. Nothing when no watch runs, or outside the main thread."""
    import threading

    if _watch_fd is None or threading.current_thread() is not threading.main_thread():
        return
    with contextlib.suppress(ValueError, OSError):
        signal.set_wakeup_fd(_watch_fd, warn_on_full_buffer=False)


@contextlib.contextmanager
def _signals_stop_searches() -> Iterator[None]:
    """Ctrl-C and SIGTERM stop a compiled search at once.

    A compiled search runs without Python's lock, and Python runs its handler of a signal
    only once the search returns (tens of seconds on a hard puzzle). The signal's number
    is also written, as it arrives, to a pipe (:func:`signal.set_wakeup_fd`); a thread
    reading it stops the running searches (:func:`turing.analysis.kernel.stop_searches`,
    only if that module was loaded), which return within microseconds, and the handler
    runs then. In the main thread only (where signals are handled). An event loop takes
    the wake-up descriptor over while it runs and leaves none when done (a line prompt's):
    the prompt gives it back (:func:`watch_signals_again`). Where no thread can be started
    (memory running short), the command runs without the watch: Ctrl-C then stops a
    compiled search once it returns.
    """
    global _watch_fd
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    wakeup = _Wakeup()
    try:
        before = signal.set_wakeup_fd(wakeup.writer, warn_on_full_buffer=False)
    except (ValueError, OSError):
        wakeup.close_writer()
        wakeup.close_reader()
        yield
        return
    stopping = {int(signal.SIGINT), *map(int, STOP_SIGNALS)}

    def watch() -> None:
        while True:
            try:
                got = wakeup.read()
            except OSError:
                return
            if not got:  # the writer closed: the command is over
                return
            if stopping.intersection(got):
                kernel = sys.modules.get("turing.analysis.kernel")
                if kernel is not None:
                    kernel.stop_searches()

    watcher = threading.Thread(target=watch, name="turing-signal-watch", daemon=True)
    try:
        watcher.start()
        started = True
    except RuntimeError:  # no thread to be had (memory running short)
        started = False
    if not started:  # the command runs without the watch
        with contextlib.suppress(ValueError, OSError):
            signal.set_wakeup_fd(before)
        wakeup.close_writer()
        wakeup.close_reader()
        yield
        return
    outer, _watch_fd = _watch_fd, wakeup.writer
    try:
        yield
    finally:
        _watch_fd = outer
        with contextlib.suppress(ValueError, OSError):
            current = signal.set_wakeup_fd(before)
            if current != wakeup.writer:  # another's took its place meanwhile: it stays
                signal.set_wakeup_fd(current)
        wakeup.close_writer()
        watcher.join(1.0)
        wakeup.close_reader()


def guarded(call: Callable[[], Any]) -> Any:
    """Run ``call`` (a command) under the exit policy described in this module."""
    with _sigterm_raises(), _signals_stop_searches(), _stops_kept():
        return _guarded(call)


#: A stop (Ctrl-C, SIGTERM, SIGHUP) raised where Python cannot pass it on, kept for the
#: command to end with (:func:`_stops_kept`)
_unraised_stop: KeyboardInterrupt | None = None


@contextlib.contextmanager
def _stops_kept() -> Iterator[None]:
    """A stop raised where Python cannot pass it on (a generator closed as it is let go,
    as ``bank export``'s query is when its reader goes away) is kept, not shown as
    "Exception ignored in …": the command still ends with that stop's word and status
    (:func:`_end_by_unraised_stop`). Other errors there go to Python's hook as before."""
    global _unraised_stop
    before = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        global _unraised_stop
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            before(unraisable)
        elif _unraised_stop is None:
            _unraised_stop = unraisable.exc_value

    outer, _unraised_stop = _unraised_stop, None
    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = before
        _unraised_stop = outer


def _end_by_unraised_stop() -> None:
    """Raise the stop :func:`_stops_kept` kept, if one came; nothing when none did."""
    global _unraised_stop
    stop, _unraised_stop = _unraised_stop, None
    if stop is not None:
        raise stop


def _flush_stdout() -> None:
    """Write out what standard output still holds. Done here, before the command ends (its
    status given or not), so that a closed pipe or a full disk is reported as any other
    error, not by Python at exit; once it fails, what is left goes nowhere."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except OSError:
        drop_stdout()
        raise


def _guarded(call: Callable[[], Any]) -> Any:
    try:
        return _guarded_call(call)
    except (OSError, EOFError, click.Abort, click.ClickException):
        # a read or write that failed because the terminal hung up ends as SIGHUP does
        stop = hung_up()
        if stop is None:
            raise
        return _guarded_call(functools.partial(_raise, stop))


def _end_by_stop(stopped: KeyboardInterrupt) -> NoReturn:
    """End the command that Ctrl-C, SIGTERM or a hang-up stopped: the stop's word on
    standard error, its exit status."""
    word, code = _stop_word_and_status(stopped)
    stdout_reader_gone()  # a pipeline stopped as a whole: its reader may be gone
    with contextlib.suppress(OSError):  # a terminal hung up takes no more lines
        click.echo(word, err=True)
    raise click.exceptions.Exit(code) from None


def _raise(error: BaseException) -> NoReturn:
    raise error


def _guarded_call(call: Callable[[], Any]) -> Any:
    try:
        try:
            result = call()
        except click.exceptions.Exit:
            _flush_stdout()
            raise
        except (click.ClickException, click.Abort):
            with contextlib.suppress(OSError):  # the command's own error is the one to say
                _flush_stdout()
            raise
        _flush_stdout()
        _end_by_unraised_stop()
        return result
    except (click.ClickException, click.exceptions.Exit, click.Abort):
        raise
    except BrokenPipeError:
        drop_stdout()
        try:
            _end_by_unraised_stop()  # the reader went away as the pipeline was stopped
        except KeyboardInterrupt as stop:
            _end_by_stop(stop)
        raise click.exceptions.Exit(EXIT_OK) from None
    except KeyboardInterrupt as stopped:
        if debugging() and not isinstance(stopped, Terminated):
            raise
        _end_by_stop(stopped)
    except TuringError as exc:
        if debugging():
            raise
        raise CLIError(said(exc)) from None
    except OSError as exc:
        if debugging():
            raise
        raise CLIError(_os_error_line(exc)) from None
    except MemoryError:
        if debugging():
            raise
        raise CLIError(out_of_memory()) from None
    except ImportError as exc:
        if debugging() or not memory_short(exc):
            raise
        raise CLIError(out_of_memory()) from None
    except Exception as exc:
        if debugging() or not _is_sqlite_error(exc):
            raise
        from turing.generation.bank import sqlite_reason

        raise CLIError(
            _("the bank's database: {problem}").format(problem=sqlite_reason(exc))
        ) from None


# -- words -------------------------------------------------------------------------------------


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` in the right number and the language in use: ``plural(1, "test")``
    is "1 test", ``plural(2, "test")`` "2 tests", ``plural(3, "criterion", "criteria")``
    "3 criteria"; in German "3 Kriterien".

    The words are looked up as the pair ``"{n} word"`` / ``"{n} words"`` with
    :func:`~turing.i18n.ngettext` (:data:`PLURAL_WORDS` marks the pairs in use for the
    catalogue); a pair the catalogue lacks stays English. New code writes its own
    ``ngettext`` call with the whole phrase. Thousands are grouped for the language.

    >>> plural(1, "puzzle"), plural(0, "puzzle"), plural(12_000, "repeat")
    ('1 puzzle', '0 puzzles', '12,000 repeats')
    >>> plural(1, "criterion", "criteria"), plural(2, "criterion", "criteria")
    ('1 criterion', '2 criteria')
    """
    singular = "{n} " + word
    plural_form = "{n} " + (many or word + "s")
    return ngettext(singular, plural_form, n).format(n=format_number(n))


#: The word pairs :func:`plural` is called with, marked for the catalogue.
PLURAL_WORDS = (
    ngettext("{n} assignment", "{n} assignments", 0),
    ngettext("{n} valid assignment", "{n} valid assignments", 0),
    ngettext("{n} code", "{n} codes", 0),
    ngettext("{n} possible code", "{n} possible codes", 0),
    ngettext("{n} candidate code", "{n} candidate codes", 0),
    ngettext("{n} round", "{n} rounds", 0),
    ngettext("{n} test", "{n} tests", 0),
    ngettext("{n} card", "{n} cards", 0),
    ngettext("{n} criterion", "{n} criteria", 0),
    ngettext("{n} note", "{n} notes", 0),
    ngettext("{n} random set", "{n} random sets", 0),
    ngettext("{n} puzzle", "{n} puzzles", 0),
    ngettext("{n} valid puzzle", "{n} valid puzzles", 0),
    ngettext("{n} file", "{n} files", 0),
    ngettext("{n} read error", "{n} read errors", 0),
    ngettext("{n} repeat", "{n} repeats", 0),
    ngettext("{n} draw", "{n} draws", 0),
    ngettext("{n} error", "{n} errors", 0),
    ngettext("{n} warning", "{n} warnings", 0),
    ngettext("{n} point", "{n} points", 0),
    ngettext("{n} row", "{n} rows", 0),
)


def emit_json(obj: Any) -> None:
    """Print one JSON document (one line) on stdout (as :func:`json_text` writes it)."""
    click.echo(json_text(obj))


# -- progress ----------------------------------------------------------------------------------


class ProgressBar:
    """What a command tells its progress bar: see :func:`progress`.

    ``advance(n)`` counts ``n`` more items done; ``update(done, total)`` sets the count
    (and the total, when it becomes known); ``report`` is ``update`` as a plain callable,
    for library functions that take ``progress(done, total)``. ``paused()`` takes the bar
    off the screen while results are printed. ``shown`` says whether a bar is drawn; when
    it is not, every method does nothing.
    """

    def __init__(self, bar: Progress | None = None, task: Any = None) -> None:
        self._bar = bar
        self._task = task

    @property
    def shown(self) -> bool:
        return self._bar is not None

    def advance(self, n: int = 1) -> None:
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def update(self, done: int, total: int | None = None) -> None:
        if self._bar is not None:
            if total is None:
                self._bar.update(self._task, completed=done)
            else:
                self._bar.update(self._task, completed=done, total=total)

    def report(self, done: int, total: int) -> None:
        self.update(done, total)

    def describe(self, description: str) -> None:
        """Change the words in front of the bar."""
        if self._bar is not None:
            self._bar.update(self._task, description=description)

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        if self._bar is None:
            yield
            return
        self._bar.stop()
        try:
            yield
        finally:
            self._bar.start()


def progress_shown(quiet: bool = False) -> bool:
    """Whether a progress bar would be drawn: stderr is a terminal and not ``--quiet``."""
    if quiet:
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


#: the columns a progress line keeps free at the terminal's edge (see ``Short`` below)
SHORT_OF_EDGE: Final = 2
#: a progress bar's cells where the row has room; those it keeps before the words beside
#: it give way; the fewest it keeps on a narrow terminal
BAR_CELLS: Final = 20
BAR_KEPT_CELLS: Final = 10
BAR_MIN_CELLS: Final = 4
#: the fewest cells the words of a progress line keep (fewer say nothing: they give way)
WORDS_MIN_CELLS: Final = 8
#: the longest time a progress line gives as its ETA: beyond it shows none (99 days)
ETA_MOST_SECONDS: Final = 99 * 24 * 3600


@contextlib.contextmanager
def progress(
    description: str,
    total: int | None = None,
    *,
    quiet: bool = False,
    completed: int = 0,
    unit: str = "",
    words_first: bool = False,
    estimable: bool = True,
) -> Iterator[ProgressBar]:
    """A progress bar with rate and ETA on stderr, only when stderr is a terminal.

    ``description`` stands in front of the bar; ``total`` is the number of items (None
    while unknown: a spinner, the count and the rate); ``completed`` the items already done
    (a resumed run); ``unit`` names the items in the rate (``"puzzles"`` → "412 puzzles/s").
    Where the row has no room for all, the bar narrows, the words are cut and give way,
    then the unit's name of the rate, the clock, the rate and the ETA give way in turn:
    each figure is shown whole or not at all. ``words_first``: the words say what matters
    most (the bounds an analysis has proven), so the rate and the ETA give way before
    them. An ETA beyond :data:`ETA_MOST_SECONDS` is shown as unknown. ``estimable``
    False: the items done say nothing of how long the others take (analyses of puzzles
    of different kinds, seconds apart or hours), so the line has no rate and no ETA.
    With ``quiet`` or a redirected stderr nothing is drawn and nothing is imported: the
    bar never reaches a log file, a pipe or standard output. It is removed from the screen
    when the block ends, so the summary a command prints afterwards stands alone. Usage::

        with progress("simulating", total=len(secrets), quiet=quiet, unit="games") as bar:
            for secret in secrets:
                play(secret)
                bar.advance()

    While the bar is drawn, text a command writes to standard output on the same terminal
    is printed above it; for text printed in large blocks, ``with bar.paused():`` is
    cleaner.
    """
    if not progress_shown(quiet):
        yield ProgressBar()
        return
    from rich.cells import cell_len
    from rich.console import ConsoleOptions, RenderResult
    from rich.measure import Measurement
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        SpinnerColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Column, Table
    from rich.text import Text

    class Short:
        # Two columns short of the terminal's edge. A line that fills the row leaves the
        # cursor at the edge, where the "^C" the terminal echoes for Ctrl-C wraps to the
        # next row; the bar, erased row by row from the cursor up, would then be left
        # standing above what the command says next.
        def __init__(self, inner: RenderableType) -> None:
            self.inner = inner

        def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
            short = options.update_width(max(1, options.max_width - SHORT_OF_EDGE))
            yield from console.render(self.inner, short)

    class ShortProgress(Progress):
        def get_renderables(self) -> Iterator[RenderableType]:
            for renderable in super().get_renderables():
                yield Short(renderable)

        def make_tasks_table(self, tasks: Iterable[Task]) -> Table:
            listed = list(tasks)
            kept = self.columns
            if listed:
                self.columns = layout.columns_for(listed[0])
            try:
                return super().make_tasks_table(listed)
            finally:
                self.columns = kept

    class RateColumn(ProgressColumn):
        # "412 puzzles/s"; without the unit's name ("412/s") where the row is short.
        def __init__(self, named: bool = True, table_column: Column | None = None) -> None:
            super().__init__(table_column=table_column)
            self.named = named

        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            per = f" {unit}/s" if unit and self.named else "/s"
            if speed is None:
                text = "—"
            elif speed >= 10:
                text = format_number(round(speed))
            else:
                text = format_number(float(f"{speed:.2g}"))  # two figures: 0.37, 2.5
            return Text(text + per, style="progress.data.speed")

    class CountColumn(ProgressColumn):
        # "2,149/30,000" (German "2.149/30.000"); the count alone while the total is unknown.
        def render(self, task: Task) -> Text:
            done = format_number(int(task.completed))
            if task.total is None:
                return Text(done, style="progress.download")
            return Text(f"{done}/{format_number(int(task.total))}", style="progress.download")

    class DescriptionColumn(ProgressColumn):
        # One line whatever the terminal's width: the words give way first, cut with "…"
        # (the table narrows its wrapping columns first; the text itself never wraps).
        def render(self, task: Task) -> Text:
            return Text(task.description, no_wrap=True, overflow="ellipsis")

    class RemainingColumn(TimeRemainingColumn):
        # No time at all (as while it is unknown) rather than one beyond reason: a run
        # asked for 2⁶³ puzzles would "end" in 80 million years.
        def render(self, task: Task) -> Text:
            left = task.time_remaining
            if task.total is not None and left is not None and left > ETA_MOST_SECONDS:
                return Text("-:--:--", style="progress.remaining")
            return super().render(task)

    def fixed() -> Column:
        return Column(no_wrap=True)

    console = stderr_console()

    class FitBarColumn(BarColumn):
        # As wide as the layout (below) makes it for the row being drawn.
        def __init__(self) -> None:
            super().__init__(bar_width=BAR_CELLS, table_column=fixed())

    spinner = SpinnerColumn(table_column=fixed())
    words = DescriptionColumn()
    fit_bar = FitBarColumn()
    count = CountColumn(table_column=fixed())
    rate = RateColumn(table_column=fixed())
    short_rate = RateColumn(named=False, table_column=fixed())
    elapsed = TimeElapsedColumn(table_column=fixed())
    eta = TextColumn("ETA", table_column=fixed())
    remaining = RemainingColumn(table_column=fixed())
    full: Row = (
        spinner,
        words,
        fit_bar,
        count,
        rate,
        elapsed,
        eta,
        remaining,
    )

    def less(columns: Row, *gone: ProgressColumn) -> Row:
        return tuple(c for c in columns if c not in gone)

    if not estimable:
        full = less(full, rate, eta, remaining)

    # The rows a narrowing terminal steps through, fullest first; the first that has room
    # is drawn (the last one in any case). Each figure is shown whole or not at all.
    rows: list[Row]
    if words_first:
        # The words say what matters most: the rate and the ETA give way first (while
        # the words fit whole beside the bar's kept cells), then the bar narrows to its
        # fewest cells, then the words are cut; then the clock, the bar and the spinner
        # give way.
        rows = [full, less(full, rate, eta, remaining)]
    else:
        # The figures say what matters most: the bar narrows to its kept cells, the words
        # are cut and then give way, the bar narrows to its fewest cells; then the unit's
        # name of the rate, the clock, the rate and the ETA give way, in that order.
        bare = less(full, words)
        short = tuple(short_rate if c is rate else c for c in bare)
        rows = [
            full,
            bare,
            short,
            less(short, elapsed),
            less(short, elapsed, short_rate),
            less(short, elapsed, short_rate, eta, remaining),
        ]
    last = rows[-1]
    rows += [
        less(last, elapsed),
        less(last, elapsed, fit_bar),
        less(last, elapsed, fit_bar, spinner),
    ]
    rows = list(dict.fromkeys(rows))  # each once, in order

    class Layout:
        """Which row is drawn and how wide its bar is, for the terminal's width now. It
        only steps on to barer rows, and its bar only narrows, while the terminal's width
        and the words stay the same: the row does not flicker as the figures change."""

        def __init__(self) -> None:
            self._for: tuple[int, str] = (-1, "")
            self._row = 0
            self._bar = BAR_CELLS

        def columns_for(self, task: Task) -> Row:
            if (console.width, task.description) != self._for:
                self._for = (console.width, task.description)
                self._row, self._bar = 0, BAR_CELLS
            for index in range(self._row, len(rows)):
                bar = self.bar_for(rows[index], task, first=index == 0)
                if bar is not None or index == len(rows) - 1:
                    break
            bar = BAR_MIN_CELLS if bar is None else bar
            self._bar = min(self._bar, bar) if index == self._row else bar
            self._row = index
            fit_bar.bar_width = self._bar
            return drawn(rows[index], task)

        def bar_for(self, row: Row, task: Task, first: bool) -> int | None:
            """The bar's cells where ``row`` has room on the terminal (None where not)."""
            room = console.width - SHORT_OF_EDGE - figures_width(row, task)
            text = cell_len(task.description)
            if fit_bar not in row:
                least = min(text, WORDS_MIN_CELLS) if words in row else 0
                return 0 if room >= least else None
            if words not in row:  # the bar only: it keeps no more cells than beside words
                return min(BAR_KEPT_CELLS, room) if room >= BAR_MIN_CELLS else None
            if words_first and first:  # the words whole beside the bar's kept cells
                return min(BAR_CELLS, room - text) if room - text >= BAR_KEPT_CELLS else None
            if words_first:  # the bar narrows to its fewest cells before the words are cut
                bar = max(BAR_MIN_CELLS, min(BAR_CELLS, room - text))
            else:  # the words are cut beside the bar's kept cells
                bar = max(BAR_KEPT_CELLS, min(BAR_CELLS, room - text))
            return bar if room - bar >= min(text, WORDS_MIN_CELLS) else None

    def drawn(row: Row, task: Task) -> Row:
        """A row's columns as drawn: without the ETA while the total is unknown (there is
        none to tell)."""
        return row if task.total is not None else less(row, eta, remaining)

    def figures_width(row: Row, task: Task) -> int:
        """The cells of a row's columns beside the bar and the words, one space between."""
        row = drawn(row, task)
        width = len(row) - 1
        for column in row:
            if column not in (fit_bar, words):
                width += Measurement.get(console, console.options, column(task)).maximum
        return width

    layout = Layout()
    columns: list[ProgressColumn | str] = list(full)

    bar = ShortProgress(
        *columns,
        console=console,
        transient=True,
        redirect_stdout=sys.stdout.isatty(),
        redirect_stderr=True,
    )
    task = bar.add_task(description, total=total, completed=completed)
    with bar:
        yield ProgressBar(bar, task)


# -- files a command writes ----------------------------------------------------------------


class TextSink(Protocol):
    """Where a command writes text: a file opened by :func:`open_output`, or stdout."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


def check_output(path: str) -> None:
    """Refuse an output path that cannot be written, before any work (exit status 2).

    ``-`` (standard output) is always accepted; any other path is decided by
    :func:`turing.core.files.write_target`: a folder, a missing folder, a socket or a
    path without write permission is refused with one ``error:`` line.
    """
    if path == "-":
        return
    from turing.core.files import WriteTargetError, write_target

    try:
        write_target(path)
    except WriteTargetError as exc:
        raise CLIError(str(exc)) from None


def transcript_unwritable(path: str) -> str | None:
    """Why a game's transcript cannot be written at ``path`` (a folder, a missing folder,
    no permission), in the words of every refusal of a transcript, or None."""
    from turing.core.files import WriteTargetError, shown_name, write_target

    try:
        write_target(path)
    except WriteTargetError as exc:
        return _("cannot write the transcript {path}: {reason}").format(
            path=shown_name(exc.path), reason=exc.reason
        )
    return None


def _stdout_is(path: str) -> bool:
    """Whether standard output is the regular file at ``path`` (``turing … >> FILE``)."""
    return _stream_is(sys.stdout, path)


def _stdin_is(path: str) -> bool:
    """Whether standard input is the regular file at ``path`` (``turing … - < FILE``)."""
    return _stream_is(sys.stdin, path)


def _stream_is(stream: object, path: str) -> bool:
    """Whether ``stream`` is open on the regular file at ``path``."""
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        here, there = os.fstat(cast(IO[str], stream).fileno()), os.stat(path)
        return stat.S_ISREG(here.st_mode) and (here.st_dev, here.st_ino) == (
            there.st_dev,
            there.st_ino,
        )
    return False


def refuse_writing_inputs(output: str | None, inputs: Iterable[tuple[str | None, str]]) -> None:
    """Refuse, in one ``error:`` line (exit status 2), an output that is one of the files
    the command reads: writing there would destroy what it reads from. ``inputs`` are
    pairs of a path (None or ``-``: nothing to compare) and what it is (:data:`CARD_SET`,
    :data:`PUZZLE_FILE`, …; see :func:`~turing.core.files.clashing_input`). ``-`` as
    ``output`` is standard output, refused when it is one of those files (``>> FILE``);
    an input ``-`` is standard input, compared as the file it is (``- -o FILE < FILE``).
    Done before any work."""
    if output is None:
        return
    from turing.core.files import WriteTargetError, clashing_input

    inputs = list(inputs)
    if output != "-":
        for given, what in inputs:
            if given == "-" and _stdin_is(output):
                fail(str(WriteTargetError(output, _(what))))
    reason = clashing_input(output, inputs, is_output=_stdout_is if output == "-" else None)
    if reason is not None:
        shown = _("standard output") if output == "-" else output
        fail(str(WriteTargetError(shown, reason)))


def refuse_replacing_work(output: str | None, writing: str) -> None:
    """Refuse, in one ``error:`` line (exit status 2), an output file that holds work of
    another kind than the command writes there (``writing``:
    :data:`turing.core.saves.PUZZLE_LINES` or :data:`~turing.core.saves.BOOKLET`): a
    puzzle bank (or a file SQLite keeps beside one), a saved game or match, a card set, a
    game's transcript, or puzzles in another form (:func:`turing.core.saves.held_work`).
    Such a file is never replaced, whatever the options. ``-`` (standard output), a path
    with no file, an empty file and one of the kind written are let through. Done before
    any work, after :func:`refuse_writing_inputs`, whose refusal names the file more
    closely."""
    if output is None or output == "-":
        return
    from turing.core.files import WriteTargetError
    from turing.core.saves import held_work

    held = held_work(output, writing)
    if held is not None:
        fail(
            str(
                WriteTargetError(
                    output,
                    _("{reason}; give another name, or remove the file first").format(reason=held),
                )
            )
        )


def claim_output(output: str | None) -> None:
    """Be the one process writing ``output`` until the command ends
    (:func:`turing.core.files.writer_lock`), or end it at once, one ``error:`` line, exit
    status 2, when another process writes it: of two runs writing one file, the later one
    would replace what the earlier one wrote. ``-`` and devices are not claimed. Done
    before any work, after the refusals of what the file holds."""
    if output is None or output == "-":
        return
    from turing.core.files import OutputBusy, WriteTargetError, write_target, writer_lock

    try:
        click.get_current_context().with_resource(writer_lock(write_target(output)))
    except (OutputBusy, WriteTargetError) as exc:
        fail(str(exc))


def refuse_replacing(
    refusal: str, *, overwrite: bool = False, ask: Callable[[], bool] | None = None
) -> None:
    """End the command before the game starts (``refusal``, one ``error:`` line, exit
    status 2, the file as it was) when a file given to write holds another game's save or
    transcript, unless it may be replaced: with ``overwrite`` (the command's
    ``--overwrite``), or when ``ask``, the question to the person at the terminal, is
    answered yes. ``ask`` is None from a script, which nothing asks: refused."""
    if overwrite or (ask is not None and ask()):
        return
    fail(refusal)


def cardset_file(name: str | None) -> str | None:
    """The file a ``--cardset`` NAME or PATH reads (None when it names none)."""
    if name is None:
        return None
    from turing.core.cards import CardError, resolve_cardset

    try:
        return str(resolve_cardset(name))
    except CardError:
        return None


class OutputPath(click.Path):
    """A file that a command writes, checked by :func:`check_output` while the command line
    is read, so a bad path stops the command before any work. ``-`` means standard output.
    The shell completes file names (it is a :class:`click.Path`). ``transcript``: the file
    is a game's transcript, and a refusal says so, as every refusal of a transcript does
    ("cannot write the transcript dir: is a folder, not a file")."""

    def __init__(self, transcript: bool = False) -> None:
        super().__init__(dir_okay=False, allow_dash=True, path_type=str)
        self.transcript = transcript

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        text = value if isinstance(value, str) else os.fsdecode(value)
        if self.transcript:
            problem = transcript_unwritable(text)
            if problem is not None:
                raise CLIError(problem)
        else:
            check_output(text)
        return text


class _Stdout:
    """Standard output, looked up at each write (a progress bar may stand in for it)."""

    @property
    def encoding(self) -> str | None:
        """Standard output's encoding (what :func:`json_text` writes for)."""
        encoding: str | None = getattr(sys.stdout, "encoding", None)
        return encoding

    def write(self, text: str, /) -> int:
        return sys.stdout.write(text)

    def flush(self) -> None:
        sys.stdout.flush()


class NothingWritten(Exception):
    """Raised inside the block of :func:`open_output` by a command that made nothing to
    write (a run that stopped before its first puzzle): the block ends there and the file
    is left as it was, or not made. The command says why after the block."""


@contextlib.contextmanager
def open_output(path: str) -> Iterator[TextSink]:
    """A text stream to ``path``: standard output for ``-``; otherwise written as
    :func:`turing.core.files.open_text_output` writes: a regular file or a new path
    atomically (a temporary file renamed into place when the block ends, removed when it
    raises), a device, a FIFO or ``/dev/stdout`` directly. :class:`NothingWritten` raised
    in the block leaves the file as it was and ends the block quietly."""
    if path == "-":
        with contextlib.suppress(NothingWritten):
            yield _Stdout()
        sys.stdout.flush()
        return
    from turing.core.files import WriteTargetError, open_text_output, write_target

    try:
        target = write_target(path)
    except WriteTargetError as exc:
        raise CLIError(str(exc)) from None
    with contextlib.suppress(NothingWritten), open_text_output(target) as handle:
        yield handle
