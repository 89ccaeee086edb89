"""The `turing` command line: a thin client over the library.

Each command lives in its own module and is imported only when it runs (or when its own
help is asked for), so ``turing --help`` and ``turing solve FILE`` do not pay for numpy,
the analysis or the Mastermind modules. A command is registered by one line in
:data:`COMMANDS`: its name, where it lives (``"module:attribute"``) and the short help that
``turing --help`` lists without importing it.

Errors and exit statuses follow :mod:`turing.cli.output`: a library error, a refusal of
the world outside or a command line click refuses (an unknown option, a missing argument)
is one ``error:`` line on stderr and exit status 2; Ctrl-C is exit status 130;
``TURING_DEBUG=1`` shows tracebacks. ``turing`` or a group alone shows its help.

Language (:mod:`turing.i18n`): ``--lang de|en`` is accepted on the group and after any
command; it is read from the command line before click parses it, so the language is set
before any help text is drawn or any value checked (``--lang`` > ``TURING_LANG`` > the
locale > English), its case aside. A bad ``--lang`` is refused as any bad option value; a
bad ``TURING_LANG`` is one ``warning:`` line, and the command goes on in English. Help texts
and placeholders (``FILE…``, ``--jobs N``) stay English in the code; each command's are
translated when the command is loaded, and click's own words ("Usage:", "Options") come
from the same catalogue.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple, cast

import click
from click.shell_completion import CompletionItem

from turing import __version__, i18n
from turing.cli.output import (
    EXIT_INTERRUPTED,
    MeantCommand,
    debugging,
    drop_stderr_failures,
    exit_for_os_error,
    fill_closed_streams,
    guarded,
    name_stdout_errors,
    room_for_numpy,
    usage_errors_in_one_line,
    write_what_streams_can,
)
from turing.i18n import N_, _, ngettext


class LazyCommand(NamedTuple):
    """Where a command lives (``"package.module:attribute"``) and its one-line help."""

    target: str
    short_help: str


#: Every command of ``turing``: name → where it lives and its short help.
COMMANDS: Mapping[str, LazyCommand] = {
    "analyze": LazyCommand(
        "turing.cli.analyze:analyze_command",
        N_("Optimal play for puzzles: fewest tests, best first round."),
    ),
    "bank": LazyCommand(
        "turing.cli.generate:bank", N_("The SQLite puzzle bank: stats, export, import, pick.")
    ),
    "board": LazyCommand(
        "turing.cli.board:board",
        N_("Play a puzzle on a full-screen board, in the terminal or a browser."),
    ),
    "cards": LazyCommand(
        "turing.cli.cards:cards",
        N_("Card sets: show, validate, measure what puzzles they make."),
    ),
    "catalogue": LazyCommand(
        "turing.cli.generate:catalogue",
        N_("Enumerate every valid classic puzzle of a card set."),
    ),
    "check": LazyCommand(
        "turing.cli.solve:check",
        N_("Check puzzles: one solution, no redundant verifier."),
    ),
    "export": LazyCommand(
        "turing.cli.generate:export",
        N_("Render a printable booklet of puzzles (HTML, Markdown)."),
    ),
    "generate": LazyCommand(
        "turing.cli.generate:generate",
        N_("Generate valid puzzles into a JSONL file or a bank."),
    ),
    "mastermind": LazyCommand(
        "turing.cli.mastermind:mastermind",
        N_("Superhirn, Logik, Master Collor and classic Mastermind."),
    ),
    "play": LazyCommand(
        "turing.cli.play:play",
        N_("Play a puzzle: 1–6 players at one keyboard, or bots."),
    ),
    "puzzles": LazyCommand(
        "turing.cli.puzzles:puzzles",
        N_("List the shipped puzzles: id, mode, verifiers, tier."),
    ),
    "replay": LazyCommand(
        "turing.cli.replay:replay",
        N_("Look back on a game from its transcript, round by round."),
    ),
    "rules": LazyCommand(
        "turing.cli.rules:rules",
        N_("The rules of the games (criteria, mastermind, or one Mastermind game)."),
    ),
    "share": LazyCommand(
        "turing.cli.share:share",
        N_("Puzzle codes to share: a whole puzzle in a dozen characters."),
    ),
    "solve": LazyCommand(
        "turing.cli.solve:solve",
        N_("Solve puzzles: the codes their cards and criteria leave."),
    ),
}

#: Words a German player types at the shell for a command (the game's screens say
#: ``regeln``, ``hilfe``): each is refused with the command it names offered.
GERMAN_COMMAND_WORDS: Final[Mapping[str, str]] = {
    "regeln": "rules",
    "spielregeln": "rules",
    "hilfe": "--help",
    "spielen": "play",
    "spiele": "play",
    "spiel": "play",
    "brett": "board",
    "karten": "cards",
    "kartensatz": "cards",
    "rätsel": "puzzles",
    "raetsel": "puzzles",
    "lösen": "solve",
    "loesen": "solve",
    "löse": "solve",
    "loese": "solve",
    "prüfen": "check",
    "pruefen": "check",
    "prüfe": "check",
    "pruefe": "check",
    "erzeugen": "generate",
    "teilen": "share",
    "analysieren": "analyze",
    "superhirn": "mastermind",
    "logik": "mastermind",
}


# -- language ----------------------------------------------------------------------------------

#: click's own words that a person reads (help, usage errors), translated by the catalogue of
#: turing: click looks them up with ``gettext``, which :func:`_route_click_words` points here.
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Arguments"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("%(prog)s, version %(version)s"),
    N_("Aborted!"),
    N_("default: {default}"),
    N_("required"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("integer"),
    N_("float"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("file"),
    N_("path"),
    N_("directory"),
    N_("Could not open file {filename!r}: {message}"),
    N_("Choose from:\n\t{choices}"),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
)

#: click's names of its kinds of value, each its class's ``name``: a value's placeholder in
#: a command's help (``INTEGER``) and the word of its error (``'x' is not a valid integer``)
CLICK_TYPE_NAMES: tuple[tuple[type[click.ParamType[Any]], str], ...] = (
    (click.types.IntParamType, N_("integer")),
    (click.types.IntRange, N_("integer")),
    (click.types.FloatParamType, N_("float")),
    (click.types.FloatRange, N_("float")),
    (click.types.StringParamType, N_("text")),
)
#: click's placeholders of its kinds of number in an option's help (``--seed INTEGER``): one
#: word in every language (``ZAHL``), where the word of an error (``ganze Zahl``) would read
#: as two arguments
CLICK_TYPE_PLACEHOLDERS: tuple[tuple[type[click.ParamType[Any]], str], ...] = (
    # TRANSLATORS: a placeholder for a whole number in an option's help: one word
    (click.types.IntParamType, N_("INTEGER")),
    # TRANSLATORS: a placeholder for a number in an option's help: one word
    (click.types.FloatParamType, N_("FLOAT")),
)


def _number_placeholder(
    self: click.ParamType[Any], param: click.Parameter, ctx: click.Context
) -> str | None:
    """An option's placeholder for a number (an argument's is its name, as click makes it)."""
    if not isinstance(param, click.Option):
        return None
    for kind, placeholder in CLICK_TYPE_PLACEHOLDERS:
        if isinstance(self, kind):
            return i18n.gettext(placeholder)
    return None


for _kind, _placeholder in CLICK_TYPE_PLACEHOLDERS:
    _kind.get_metavar = _number_placeholder  # type: ignore[method-assign]

CLICK_PLURALS = (
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1),
    ngettext(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1
    ),
    ngettext(
        "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1
    ),
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1),
)


def _route_click_words() -> None:
    """click translates its words with the standard ``gettext``; point its modules at the
    catalogue of turing (their words are in :data:`CLICK_WORDS`)."""
    for name in ("core", "exceptions", "formatting", "parser", "types", "decorators", "termui"):
        module = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = i18n.gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    for kind, name in CLICK_TYPE_NAMES:
        kind.name = i18n.gettext(name)


def lang_flag(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` on a command line (before ``--``), if any.

    >>> lang_flag(["mastermind", "play", "--lang", "de"]), lang_flag(["--lang=en", "play"])
    ('de', 'en')
    """
    found: str | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            found = args[index + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def choose_and_set_language(args: Sequence[str]) -> None:
    """Speak what ``--lang``, ``TURING_LANG`` or the locale ask for. A bad ``--lang`` is
    left to click, which refuses it as any option's bad value (:class:`LanguageChoice`),
    in the language ``TURING_LANG`` or the locale ask for; a bad ``TURING_LANG``, set once
    for a whole shell, gets one ``warning:`` line on stderr and the command goes on in the
    locale's language."""
    flag = lang_flag(args)
    try:
        language = i18n.choose_language(flag, os.environ)
    except i18n.LanguageError:
        language = i18n.choose_language(None, os.environ)
    i18n.set_language(language)
    _route_click_words()
    problem = None if flag else i18n.unusable_turing_lang(os.environ)
    if problem is not None:
        click.echo(_("warning: {message}").format(message=problem), err=True)


class LanguageChoice(click.Choice[str]):
    """The value of ``--lang``: a language as ``TURING_LANG`` takes it (``de``, ``DE``,
    ``de_DE``); any other value is refused in click's words for a bad choice."""

    def __init__(self) -> None:
        super().__init__(i18n.LANGUAGES, case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return i18n.normalise_language(str(value))
        except i18n.LanguageError:
            return str(super().convert(value, param, ctx))


def _set_language_option(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    # the command line was read for --lang before parsing; this keeps the two in step when a
    # command is called some other way (a test invoking it directly)
    if value is not None and value != i18n.current_language():
        i18n.set_language(value)
        _route_click_words()


def lang_option() -> click.Option:
    """The ``--lang`` option every command accepts."""
    return click.Option(
        ["--lang"],
        type=LanguageChoice(),
        expose_value=False,
        is_eager=True,
        callback=_set_language_option,
        help=N_("Language of everything shown: de or en (default: TURING_LANG, else the locale)."),
    )


#: a hyphen that joins, which click's wrapping does not break at (as it breaks at ``-``)
_JOINING_HYPHEN: Final = "\u2011"


def _as_help_writes(text: str) -> str:
    """``text`` as standard output writes it (``FILE…`` as ``FILE...``, ``prüfen`` as
    ``pruefen`` where it cannot take them), so the help is wrapped as it is written."""
    from turing.cli.output import as_written

    return as_written(text, sys.stdout)


class _HelpFormatter(click.HelpFormatter):
    """click's help formatter, which breaks a line at spaces only, never inside a name at
    its dash (``optimal-worst``, ``--no-repeats``), so every name in a help stays whole
    to read and to copy; its lines are laid out as standard output writes them."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(
            _as_help_writes(prog),
            _as_help_writes(args),
            None if prefix is None else _as_help_writes(prefix),
        )

    def write_heading(self, heading: str) -> None:
        super().write_heading(_as_help_writes(heading))

    def write_text(self, text: str) -> None:
        super().write_text(_as_help_writes(text).replace("-", _JOINING_HYPHEN))

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        joined = [
            (_as_help_writes(term), _as_help_writes(text).replace("-", _JOINING_HYPHEN))
            for term, text in rows
        ]
        super().write_dl(joined, col_max, col_spacing)

    def getvalue(self) -> str:
        return super().getvalue().replace(_JOINING_HYPHEN, "-")


class _Context(click.Context):
    """click's context for the commands of turing: a refusal that click's parser raises
    without a command (an option without its value, ``--seed``; a value for a flag) gets
    the one being read, so its ``error:`` line says where to look
    (:func:`~turing.cli.output.usage_line`); its help breaks lines at spaces only
    (:class:`_HelpFormatter`)."""

    formatter_class = _HelpFormatter

    def __exit__(self, exc_type: Any, exc_value: Any, tb: Any) -> bool | None:
        if isinstance(exc_value, click.UsageError) and exc_value.ctx is None:
            exc_value.ctx = self
        return super().__exit__(exc_type, exc_value, tb)


_SOURCE = "_turing_source_texts"
#: the English placeholders of a command's usage line (``[OPTIONS]``) and of its parameters
#: (``FILE…``, ``--jobs N``), kept to translate again
_METAVARS = "_turing_source_metavars"
#: whether an option of named values showed its default, kept to show it again by its name
_SHOWS_DEFAULT = "_turing_shows_default"


def path_name(kind: click.Path) -> str:
    """The English name of a kind of path (``file``, ``directory``, ``path``), as click
    names it: the placeholder (``FILE``) of a parameter that has none of its own, and the
    word of its errors (``File 'x' is a directory.``). click names an instance once, when
    it is made, in the language of that moment; :func:`localise` names it again.

    >>> path_name(click.Path(dir_okay=False)), path_name(click.Path())
    ('file', 'path')
    """
    if kind.file_okay and not kind.dir_okay:
        return N_("file")
    if kind.dir_okay and not kind.file_okay:
        return N_("directory")
    return N_("path")


def localise_parameter(param: click.Parameter) -> None:
    """Put ``param``'s help text and placeholder (``FILE…``, or the name of its kind of
    path) into the language in use; the English ones are kept for the next language."""
    if isinstance(param, click.Option):
        source = param.__dict__.setdefault(_SOURCE, param.help)
        param.help = i18n.translate_help(source)
        # a value named in both languages (turing.cli.options.NamedChoice, known by its
        # methods: `turing --help` imports no command's options) lists its names
        named: Any = param.type
        if callable(getattr(named, "listed", None)):
            param.help = " ".join(filter(None, [param.help, named.listed()]))
            # click would show the default as the English value: shown here by its name in
            # the language in use, in click's own words and brackets (``[Vorgabe: Klassisch
            # (classic)]``)
            shows = param.__dict__.setdefault(_SHOWS_DEFAULT, param.show_default)
            if shows is True and param.default in named.choices:
                param.show_default = False
                default = _("default: {default}").format(default=named.shown(str(param.default)))
                param.help = f"{param.help}  [{default}]"
    metavar = param.__dict__.setdefault(_METAVARS, param.metavar)
    param.metavar = i18n.gettext(metavar) if metavar else metavar
    if isinstance(param.type, click.Path):
        param.type.name = i18n.gettext(path_name(param.type))


def localise(command: click.Command) -> None:
    """Put ``command``'s help texts and placeholders (``[OPTIONS]``, ``FILE…``), and its
    parameters' and its loaded subcommands', into the language in use; the English texts
    are kept, so this can be done again for another language. Every command also gets
    ``--lang`` (and the context of :class:`_Context`)."""
    command.context_class = _Context
    language = i18n.current_language()
    if getattr(command, "_turing_language", None) == language:
        return
    texts = command.__dict__.setdefault(_SOURCE, (command.help, command.short_help, command.epilog))
    help_text, short_help, epilog = texts
    command.help = i18n.translate_help(help_text)
    command.short_help = i18n.translate_help(short_help)
    command.epilog = i18n.translate_help(epilog)
    metavars = command.__dict__.setdefault(
        _METAVARS, (command.options_metavar, getattr(command, "subcommand_metavar", None))
    )
    command.options_metavar = i18n.gettext(metavars[0]) if metavars[0] else metavars[0]
    if isinstance(command, click.Group) and metavars[1]:
        command.subcommand_metavar = i18n.gettext(metavars[1])
    if not any("--lang" in getattr(param, "opts", ()) for param in command.params):
        command.params.append(lang_option())
    help_option = getattr(command, "_help_option", None)
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        localise_parameter(param)
    command.__dict__["_turing_language"] = language
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            localise(sub)


def load_command(entry: LazyCommand) -> click.Command:
    """Import the command ``entry`` names; it gets the table's short help if it has none."""
    module_name, _colon, attribute = entry.target.partition(":")
    command = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(command, click.Command):
        raise TypeError(f"{entry.target} is not a click command")
    if command.short_help is None:
        command.short_help = entry.short_help
    localise(command)
    return command


class LazyGroup(click.Group):
    """A group whose commands are imported on first use.

    ``lazy_commands`` maps a name to a :class:`LazyCommand`. Listing the commands (in the
    help and in shell completion) uses the table; running a command or asking for its help
    imports its module.
    """

    def __init__(
        self, *args: Any, lazy_commands: Mapping[str, LazyCommand] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands: dict[str, LazyCommand] = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            command = self.commands[cmd_name]
            localise(command)
            return command
        entry = self.lazy_commands.get(cmd_name)
        if entry is None:
            return None
        command = load_command(entry)
        self.commands[cmd_name] = command
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as exc:
            meant = GERMAN_COMMAND_WORDS.get(exc.command_name.lower())
            if meant is not None and (meant.startswith("-") or meant in self.list_commands(ctx)):
                # a command's German word is no slip of its name: offered as it is
                raise MeantCommand(exc.command_name, meant, ctx=ctx) from None
            # click suggests among the commands loaded so far; every command is a candidate
            raise click.exceptions.NoSuchCommand(
                exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx
            ) from None

    def _short_help(self, name: str, limit: int) -> str:
        if name in self.commands:
            return self.commands[name].get_short_help_str(limit)
        return _(self.lazy_commands[name].short_help)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, self._short_help(name, limit)) for name in names]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        items = [
            CompletionItem(name, help=self._short_help(name, 45))
            for name in self.list_commands(ctx)
            if name.startswith(incomplete)
        ]
        # Options of the group itself (click.Command's completion, not the group's, which
        # would import every command to read its help).
        items.extend(click.Command.shell_complete(self, ctx, incomplete))
        return items

    # click refuses a command line in make_context (the group's own options) and in invoke
    # (a command's name, and everything of the command); both say so in one line
    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        try:
            with usage_errors_in_one_line():
                return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:  # as during a command, not click's "Aborted!"
            if debugging():
                raise
            with contextlib.suppress(OSError):
                click.echo(_("interrupted"), err=True)
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None

    def invoke(self, ctx: click.Context) -> Any:
        with usage_errors_in_one_line():
            return guarded(lambda: super(LazyGroup, self).invoke(ctx))

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """Choose the language from the command line before click reads it."""
        arguments = list(sys.argv[1:] if args is None else args)
        write_what_streams_can()
        choose_and_set_language(arguments)
        fill_closed_streams()
        name_stdout_errors()
        drop_stderr_failures()
        room_for_numpy()
        localise(self)
        try:
            return super().main(arguments, *rest, **kwargs)
        except OSError as exc:
            exit_for_os_error(exc)


@click.group(
    cls=LazyGroup,
    lazy_commands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(
    __version__,
    prog_name="turing",
    # read when the version is shown, in the language chosen by then
    message=cast(str, i18n.lazy_gettext("%(prog)s, version %(version)s")),
)
def main() -> None:
    """Deduction puzzles in the style of Turing Machine, and the Mastermind family.

    Codes are three digits 1–5 for ▲ blue, ■ yellow, ● purple, written BYP (e.g. 352).
    """
