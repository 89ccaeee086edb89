"""Options that several commands share, each defined once.

Help texts passed in from elsewhere are marked with ``N_`` here, so the catalogue holds
them; :func:`turing.cli.main.localise` shows them in the language in use.
"""

from __future__ import annotations

import contextlib
import decimal
import difflib
import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import click

from turing.cli.output import EXIT_USAGE, command_to_copy, fail, read_puzzles, say_error
from turing.core.cards import TIER_LABELS, CardSet
from turing.core.codes import as_typed
from turing.core.files import shown_name
from turing.core.puzzle import (
    GAME_VERIFIERS,
    Loaded,
    Mode,
    Puzzle,
    PuzzleError,
    id_key,
    puzzle_from_dict,
    with_id,
)
from turing.i18n import LANGUAGES, N_, _, current_language, format_number, ngettext, speaking
from turing.play.words import mode_name, tier_name

if TYPE_CHECKING:
    from turing.generation.generator import CountsError

#: a card set's name (under cards/) or a path, resolved by the command (a missing file is
#: its one-line error, not click's)
CARDSET_PATH: Final = click.Path(readable=False, path_type=str)
#: a puzzle file, or ``-`` for standard input (one that cannot be read is the command's
#: one-line error, and a command that reads several files goes on with the rest)
PUZZLE_PATH: Final = click.Path(allow_dash=True, readable=False, path_type=str)

#: ``--cardset`` of a command that makes puzzles of one card set
ONE_CARDSET: Final = N_("Card set (default classic).")
#: ``--cardset`` of a command that reads puzzles, each of which may name its own
EVERY_PUZZLE_CARDSET: Final = N_(
    "Card set for every puzzle: a name under cards/ or a path to a card-set YAML "
    "file (default: each puzzle's own, or classic)."
)

#: ``--cardset`` of a command that reads a bank's puzzles only
BANK_CARDSET: Final = N_(
    "A copy of the card set the bank's puzzles were stored from, read in its place when "
    "its file has moved (each card they use must be as it was)."
)

_Decorator = Callable[[Any], Any]

#: the largest integer SQLite stores (signed 64 bits): the most a count, a limit or an index
#: that a bank keeps or compares may be
BANK_INT_MAX: Final = 2**63 - 1
#: worker processes allowed for each processor of the machine (``--jobs``): more only use
#: memory, as each worker holds its own tables
JOBS_PER_PROCESSOR: Final = 4


#: the largest power of ten a whole number may be written with (``1e100``); past it, a number
#: is out of every range without being worked out
_MOST_EXPONENT: Final = 100
_SCIENTIFIC: Final = re.compile(r"[+-]?\d+(?:\.\d+)?[eE]\+?(\d+)")
#: the character that groups thousands in each language, as :func:`turing.i18n.format_number`
#: writes it (``20,000,000,000`` / ``20.000.000.000``)
_GROUPING: Final = {"en": ",", "de": "."}


def whole_number_text(text: str) -> str | None:
    """``text``, a whole number as a person may write it, in the digits Python reads, or
    None when it is written some other way: digits grouped in thousands as the language in
    use groups them (``20,000,000,000``; ``20.000.000.000`` in German), or with
    underscores (``20_000_000_000``), or with a power of ten (``2e10``, ``2.5e3``) when
    that is a whole number.

    >>> from turing.i18n import set_language
    >>> set_language("en"); whole_number_text("20,000,000,000"), whole_number_text("2e10")
    ('20000000000', '20000000000')
    >>> whole_number_text("2.5e0"), whole_number_text("1,00"), whole_number_text("1.000")
    (None, None, None)
    >>> set_language("de"); whole_number_text("20.000.000.000"), whole_number_text("1,000")
    ('20000000000', None)
    >>> set_language("en")
    """
    stripped = text.strip()
    grouping = re.escape(_GROUPING.get(current_language(), ","))
    if re.fullmatch(rf"[+-]?\d{{1,3}}(?:{grouping}\d{{3}})+", stripped):
        return re.sub(grouping, "", stripped)
    scientific = _SCIENTIFIC.fullmatch(stripped)
    if scientific is not None and int(scientific.group(1)) <= _MOST_EXPONENT:
        number = decimal.Decimal(stripped)
        if number == number.to_integral_value():
            return str(int(number))
    return None


#: The largest upper bound of a range an option's help shows.
_MOST_SHOWN: Final = 10**12


def _range_template(low_open: bool, high_open: bool, low: bool, high: bool) -> str:
    """The message id of a range: the range as click writes it, ``x`` for the value."""
    if not high:
        # TRANSLATORS: the range of an option's values at the end of its help, as click
        # writes it in English, x standing for the value: in words ("über {low}", "ab {low}")
        return N_("x>{low}") if low_open else N_("x>={low}")
    if not low:
        # TRANSLATORS: an option's range, x standing for the value: "unter {high}", "bis {high}"
        return N_("x<{high}") if high_open else N_("x<={high}")
    if low_open:
        # TRANSLATORS: an option's range, x standing for the value: "über {low} bis …"
        return N_("{low}<x<{high}") if high_open else N_("{low}<x<={high}")
    # TRANSLATORS: an option's range, x standing for the value: "{low} bis {high}"
    return N_("{low}<=x<{high}") if high_open else N_("{low}<=x<={high}")


def range_text(
    low: float | None,
    high: float | None,
    low_open: bool = False,
    high_open: bool = False,
) -> str:
    """A range of numbers as an option's help ends with it: in English as click writes it
    (``x>=0``, ``1<=x<=6``, ``x>0``), in German in words (``ab 0``, ``1 bis 6``, ``über
    0``).

    >>> from turing.i18n import set_language
    >>> set_language("en"); range_text(0, None), range_text(1, 6), range_text(0, None, True)
    ('x>=0', '1<=x<=6', 'x>0')
    >>> set_language("de"); range_text(0, None), range_text(1, 6), range_text(0, None, True)
    ('ab 0', '1 bis 6', 'über 0')
    >>> set_language("en")
    """
    if low is None and high is None:
        return ""
    template = _range_template(low_open, high_open, low is not None, high is not None)
    return _(template).format(low=low, high=high)


def range_words(
    low: float | None, high: float | None, low_open: bool = False, high_open: bool = False
) -> str:
    """A range of numbers as an error says it, in words in every language (``from 1 to
    65535``, ``from 0 up``, ``above 0``; German ``1 bis 65535``, ``ab 0``, ``über 0``).

    >>> from turing.i18n import set_language
    >>> set_language("en"); range_words(1, 65535), range_words(0, None), range_words(0, None, True)
    ('from 1 to 65535', 'from 0 up', 'above 0')
    >>> set_language("de"); range_words(1, 65535), range_words(0, None)
    ('1 bis 65535', 'ab 0')
    >>> set_language("en")
    """
    if high is None:
        template = N_("above {low}") if low_open else N_("from {low} up")
    elif low is None:
        template = N_("below {high}") if high_open else N_("up to {high}")
    elif low_open:
        template = (
            N_("above {low} and below {high}") if high_open else N_("above {low} up to {high}")
        )
    else:
        template = N_("from {low} to below {high}") if high_open else N_("from {low} to {high}")
    return _(template).format(low=low, high=high)


def _outside(
    number: float, low: float | None, high: float | None, low_open: bool, high_open: bool
) -> bool:
    """Whether ``number`` is out of the range (as click finds it)."""
    below = low is not None and (number <= low if low_open else number < low)
    return below or (high is not None and (number >= high if high_open else number > high))


class WholeNumber(click.IntRange):
    """A :class:`click.IntRange` that also reads a whole number as the help writes it:
    grouped in thousands (``20,000,000,000``), or with a power of ten (``2e10``)
    (:func:`whole_number_text`). Anything else is refused as click refuses it (``'x' is
    not a valid integer``), and so is a number outside the range. The help says the range
    in the language in use (:func:`range_text`); an error says it in words
    (``-1 is not in the range from 0 up``, :func:`range_words`)."""

    def _shown_high(self) -> int | None:
        # an upper bound no one would reach (what a bank can hold, 9223372036854775807) is
        # left out, as if there were none
        if self.max is not None and self.max > _MOST_SHOWN and self.min is not None:
            return None
        return self.max

    def _describe_range(self) -> str:
        # the range in an option's help
        return range_text(self.min, self._shown_high(), self.min_open, self.max_open)

    def _refuse(
        self,
        value: object,
        high: int | None,
        param: click.Parameter | None,
        ctx: click.Context | None,
    ) -> None:
        said = range_words(self.min, high, self.min_open, self.max_open)
        self.fail(
            _("{value} is not in the range {range}.").format(value=value, range=said), param, ctx
        )

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            value = whole_number_text(value) or value
            scientific = _SCIENTIFIC.fullmatch(value.strip())
            if scientific is not None and int(scientific.group(1)) > _MOST_EXPONENT:
                self._refuse(value.strip(), self._shown_high(), param, ctx)
        number = click.types.IntParamType().convert(value, param, ctx)
        if self.max is not None and number > self.max > _MOST_SHOWN:
            # said with the bound the help leaves out
            self._refuse(number, self.max, param, ctx)
        if _outside(number, self.min, self.max, self.min_open, self.max_open):
            self._refuse(number, self._shown_high(), param, ctx)
        return super().convert(number, param, ctx)


#: A range of whole numbers as ``play --verifiers`` takes one (``4-6``).
_RANGE: Final = re.compile(r"\d+\s*-\s*\d+")


class OneCount(WholeNumber):
    """A :class:`WholeNumber` that counts verifiers, of which the command takes one where
    ``turing play`` takes a range (``--verifiers 4-6``): a range is said to be one."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and _RANGE.fullmatch(value.strip()):
            self.fail(
                _(
                    "{value} is a range: {command} takes one count, {range}; run it once for each"
                ).format(
                    value=repr(value.strip()),
                    command=ctx.command_path if ctx is not None else "turing",
                    range=range_words(self.min, self.max),
                ),
                param,
                ctx,
            )
        return super().convert(value, param, ctx)


def not_a_verifier_count(count: str) -> str:
    """What is wrong with a count of verifiers no puzzle has (``2``), as every command
    that chooses puzzles by their count says it."""
    return _("{count} is not a count of verifiers: a puzzle has 4, 5 or 6").format(count=count)


class VerifierCount(OneCount):
    """One count of verifiers to choose puzzles by (``bank pick --verifiers 5``): a count
    no puzzle has is refused as ``turing play`` refuses it."""

    def __init__(self) -> None:
        super().__init__(min(GAME_VERIFIERS), max(GAME_VERIFIERS))

    def _refuse(
        self,
        value: object,
        high: int | None,
        param: click.Parameter | None,
        ctx: click.Context | None,
    ) -> None:
        self.fail(not_a_verifier_count(str(value)), param, ctx)


def empty_bank_text(path: str | os.PathLike[str]) -> str:
    """What ``turing play --bank`` and ``bank pick`` say of a bank that holds no puzzle to
    deal, whatever the filters."""
    return _("{bank_path}: the bank holds no puzzles (turing generate --bank fills it)").format(
        bank_path=shown_name(path)
    )


def matched_filters(mode: str | None, difficulty: str | None, counts: Sequence[int]) -> str:
    """The filters a puzzle was looked for by, as a bank that has none to give names them
    (``mode any, difficulty any, verifiers 4/5/6``)."""
    return _("mode {mode}, difficulty {difficulty}, verifiers {counts}").format(
        mode=mode_name(mode) if mode else _("any"),
        difficulty=(_("none") if difficulty == "none" else tier_name(difficulty))
        if difficulty
        else _("any"),
        counts="/".join(map(str, counts)),
    )


def bank_int(minimum: int = 0) -> click.IntRange:
    """Whole numbers from ``minimum`` up to what a bank can hold (:data:`BANK_INT_MAX`)."""
    return WholeNumber(minimum, BANK_INT_MAX)


def processors() -> int:
    """The processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def max_jobs() -> int:
    """The most worker processes ``--jobs`` may ask for on this machine."""
    return JOBS_PER_PROCESSOR * processors()


def too_many_jobs(value: int) -> str | None:
    """Why ``value`` worker processes on this machine are too many (each one costs
    memory: :func:`max_jobs`), or None."""
    most = max_jobs()
    if value <= most:
        return None
    return _(
        "{value} is more than {most}: at most {per} worker processes for each of "
        "the {processors} processors of this machine"
    ).format(value=value, most=most, per=JOBS_PER_PROCESSOR, processors=processors())


def _jobs_in_reach(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """Refuse more worker processes than :func:`max_jobs`."""
    problem = too_many_jobs(value)
    if problem is not None:
        raise click.BadParameter(problem, ctx=ctx, param=param)
    return value


class FiniteFloatRange(click.FloatRange):
    """A :class:`click.FloatRange` that also refuses ``nan`` and ``inf``. The help says
    the range in the language in use (:func:`range_text`); an error says it in words
    (``0.0 is not in the range above 0``, :func:`range_words`)."""

    def _describe_range(self) -> str:
        # the range in an option's help
        return range_text(self.min, self.max, self.min_open, self.max_open)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.types.FloatParamType().convert(value, param, ctx)
        if _outside(number, self.min, self.max, self.min_open, self.max_open):
            said = range_words(self.min, self.max, self.min_open, self.max_open)
            self.fail(
                _("{value} is not in the range {range}.").format(value=number, range=said),
                param,
                ctx,
            )
        number = super().convert(number, param, ctx)
        if not math.isfinite(number):
            self.fail(_("{value} is not a finite number").format(value=value), param, ctx)
        return number


#: a number with a decimal comma, as German writes one (``2,5``)
_DECIMAL_COMMA: Final = re.compile(r"[+-]?\d+,\d+")


class Seconds(FiniteFloatRange):
    """A number of seconds above 0 (``--time-limit``), written with a decimal point, or in
    German with a decimal comma too (``2,5``). A value that is no number, or not a finite
    one, and a number out of the range are refused in words, the number as the language
    writes it (``'abc' is not a number of seconds (like 30 or 2.5)``, ``0 is not a number
    of seconds above 0``; German ``-2,5``).

    >>> from turing.i18n import set_language
    >>> set_language("de"); Seconds().convert("2,5", None, None)
    2.5
    >>> set_language("en")
    """

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, float):
            number = value
        else:
            text = str(value).strip()
            if current_language() == "de" and _DECIMAL_COMMA.fullmatch(text):
                text = text.replace(",", ".")
            try:
                number = float(text)
            except ValueError:
                number = math.nan
            if not math.isfinite(number):
                self.fail(
                    _("{value} is not a number of seconds (like {whole} or {part})").format(
                        value=repr(str(value)), whole=30, part=format_number(2.5)
                    ),
                    param,
                    ctx,
                )
        if _outside(number, self.min, self.max, self.min_open, self.max_open):
            said = range_words(self.min, self.max, self.min_open, self.max_open)
            shown = format_number(int(number)) if number.is_integer() else format_number(number)
            self.fail(
                _("{value} is not a number of seconds {range}").format(value=shown, range=said),
                param,
                ctx,
            )
        return number


def _spellings(word: str) -> set[str]:
    """The ways a person may type ``word``: folded case, without umlauts (``ä`` as ``ae``
    or as ``a``, ``ß`` as ``ss``), spaces, dashes or underscores.

    >>> sorted(_spellings("Größe"))
    ['groesse', 'grosse', 'grösse']
    >>> sorted(_spellings("Master-Collor"))
    ['mastercollor']
    """
    folded = word.casefold()
    written = folded.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    bare = "".join(
        c for c in unicodedata.normalize("NFKD", folded.replace("ß", "ss")) if c.isascii()
    )
    return {_squeezed(form) for form in (folded, written, bare)}


def _squeezed(word: str) -> str:
    """``word`` without spaces, dashes and underscores, which a person may type or leave
    out (``Master Collor``, ``mastercollor``)."""
    return re.sub(r"[\s_-]+", "", word)


class NamedChoice(click.Choice[str]):
    """A choice among values kept in English (``easy``, ``nightmare``), each with a name in
    every language (``leicht``, ``Albtraum``): the English value and its name in any
    language are taken, whatever the language in use, case and umlauts aside; the command
    gets the English value. The help and the error list the names in the language in use,
    the English value beside a name that differs (``leicht (easy)``).

    ``names`` maps each English value to its name's message id (itself for a value that
    has no other name); ``placeholder`` (a message id, ``MODE``) stands for the value in
    the usage, and an option's help ends with the values (:meth:`listed`), where the
    lines wrap.
    """

    def __init__(
        self,
        names: Mapping[str, str],
        placeholder: str,
        also: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        super().__init__(list(names), case_sensitive=False)
        self.names = dict(names)
        self.placeholder = placeholder
        #: other words taken for a value, not listed (a second correct spelling)
        self.also = {choice: tuple(words) for choice, words in (also or {}).items()}

    def name_of(self, choice: str) -> str:
        """``choice``'s name in the language in use."""
        return _(self.names[choice])

    def typed_name(self, choice: str) -> str:
        """``choice``'s name as it is typed: a one-word name in lower case, as the values
        beside it are (``albtraum``, ``klassisch``); a name of several words keeps its
        capitals (``Klassisches Mastermind``)."""
        name = self.name_of(choice)
        return name if " " in name else name.lower()

    def shown(self, choice: str, quoted: bool = False) -> str:
        """``choice`` as the help lists it: ``leicht (easy)``, or ``easy`` when the name is
        the English value (``quoted``: the name in quotes, as an error quotes values)."""
        name = self.name_of(choice)
        if name.casefold() == choice.casefold():
            return repr(name) if quoted else name
        name = self.typed_name(choice)
        return f"{repr(name) if quoted else name} ({choice})"

    def spellings(self, choice: str) -> set[str]:
        """Every typed form that means ``choice``."""
        words = {choice, self.names[choice], *self.also.get(choice, ())}
        for language in LANGUAGES:
            with speaking(language):
                words.add(self.name_of(choice))
        return set().union(*(_spellings(word) for word in words))

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        typed = _squeezed(str(value).casefold())
        for choice in self.choices:
            if typed in self.spellings(choice):
                return choice
        self.fail(self.get_invalid_choice_message(value, ctx), param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return _(self.placeholder)

    def listed(self) -> str:
        """The values as an option's help ends with them, in the language in use."""
        return _("Values: {values}.").format(
            values=", ".join(self.shown(choice) for choice in self.choices)
        )

    def nearest(self, value: str) -> str | None:
        """The value whose spelling ``value`` nearly is (a typing slip), or None."""
        meant = {spelling: choice for choice in self.choices for spelling in self.spellings(choice)}
        close = difflib.get_close_matches(_squeezed(value.casefold()), meant, n=1, cutoff=0.7)
        return meant[close[0]] if close else None

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        listed = ", ".join(self.shown(choice, quoted=True) for choice in self.choices)
        message = ngettext(
            "{value!r} is not {choice}.",
            "{value!r} is not one of {choices}.",
            len(self.choices),
        ).format(value=value, choice=listed, choices=listed)
        meant = self.nearest(str(value))
        if meant is None:
            return message
        return message + " " + _("Did you mean {name!r}?").format(name=self.typed_name(meant))

    def get_missing_message(self, param: click.Parameter, ctx: click.Context | None) -> str:
        return _("Choose from:\n\t{choices}").format(
            choices=",\n\t".join(self.shown(choice) for choice in self.choices)
        )

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[Any]:
        from click.shell_completion import CompletionItem

        start = incomplete.casefold()
        words = dict.fromkeys(
            word for choice in self.choices for word in (self.name_of(choice), choice)
        )
        return [CompletionItem(word) for word in words if word.casefold().startswith(start)]


#: the game modes, as ``--mode`` takes them
MODE_CHOICE: Final = NamedChoice(
    {mode.value: mode.label_text for mode in Mode},
    N_("MODE"),
    also={"nightmare": ["alptraum"]},  # both spellings are German
)
#: the published tiers, as ``--difficulty`` takes them
TIER_CHOICE: Final = NamedChoice(TIER_LABELS, N_("TIER"))
#: the published tiers and ``none`` (a puzzle of no published tier), as a filter takes them
TIER_OR_NONE_CHOICE: Final = NamedChoice({**TIER_CHOICE.names, "none": N_("none")}, N_("TIER"))


class OptionalArgument(click.Argument):
    """An argument that may be left out, with its own placeholder (``TOPIC``): the usage
    line shows it in brackets (``[TOPIC]``), an error about its value names it as it is."""

    def make_metavar(self, ctx: click.Context) -> str:
        metavar = super().make_metavar(ctx)
        return metavar if self.required or metavar.startswith("[") else f"[{metavar}]"

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return repr(self.metavar) if self.metavar else super().get_error_hint(ctx)


def cardset_option(help_text: str, metavar: str = N_("NAME|PATH")) -> _Decorator:
    """``--cardset`` (the parameter ``cardset_name``), with the command's help text."""
    return click.option(
        "--cardset",
        "cardset_name",
        metavar=metavar,
        type=CARDSET_PATH,
        default=None,
        help=help_text,
    )


@contextlib.contextmanager
def bank_cardset_said(given: CardSet | None) -> Iterator[None]:
    """A bank's puzzles read in a command that has ``--cardset``: stored puzzles whose
    card-set file is missing now are refused with how to read them (a copy given with
    ``--cardset``), or, when a set was given and stands in for nothing, why."""
    from turing.generation.bank import CardsetMissing

    try:
        yield
    except CardsetMissing as exc:
        if given is None:
            fail(
                _("{problem}; give --cardset FILE to use a copy of it instead").format(problem=exc)
            )
        fail(
            _(
                "{problem}; the card set given with --cardset is named {given!r}, not {name!r}"
            ).format(problem=exc, given=given.name, name=exc.name)
        )


def jobs_option(help_text: str, capped: bool = True) -> _Decorator:
    """``--jobs N`` (``-j``), with the command's help text; ``capped``: refused past
    :func:`max_jobs` as it is read (else the command checks it, knowing where they run)."""
    return click.option(
        "--jobs",
        "-j",
        type=WholeNumber(min=1),
        callback=_jobs_in_reach if capped else None,
        default=1,
        show_default=True,
        metavar="N",
        help=help_text,
    )


def worker_options(func: Any) -> Any:
    """``--jobs``, ``--executor`` and ``--scheduler``: where the work of a run goes."""
    options: list[_Decorator] = [
        jobs_option(
            N_(
                "Worker processes (or Dask workers for a local Dask cluster), at most 4 "
                "for each processor of this machine; with --scheduler, blocks in flight."
            ),
            capped=False,
        ),
        click.option(
            "--executor",
            type=click.Choice(["process", "dask"]),
            default="process",
            show_default=True,
            help="process: worker processes on this machine; dask: a Dask cluster "
            "(the dask extra).",
        ),
        click.option(
            "--scheduler",
            metavar="ADDR",
            default=None,
            help="Dask scheduler address (default: a local cluster of --jobs workers).",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def one_value(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> str | None:
    """The one value of an option given with ``multiple=True`` so that a second one is
    refused rather than taking the place of the first (``--id`` of ``turing play``, which
    plays one puzzle); None when it is not given."""
    if len(value) > 1:
        option = param.opts[0] if param.opts else str(param.name)
        times = (
            _("{option} is given twice").format(option=option)
            if len(value) == 2
            else _("{option} is given {n} times").format(option=option, n=len(value))
        )
        fail(
            _("{given}; {command} takes one puzzle").format(
                given=times, command=ctx.info_name or "play"
            )
        )
    return value[0] if value else None


#: ``--id`` of a command that takes a shipped puzzle by its id when no FILE is given
ID_OR_SHIPPED_HELP: Final = N_(
    "Only the puzzle of FILE with this id, or of this number in FILE, as a booklet of that "
    "file alone numbers it (repeat for more); without FILE, the shipped puzzle with this "
    "id, as turing puzzles lists them; case, spaces and dashes do not matter."
)


def id_option(func: Any, help_text: str | None = None) -> Any:
    """``--id ID`` (the parameter ``puzzle_ids``, repeatable): only the puzzles of FILE
    with these ids (see :func:`read_with_ids`); ``help_text`` for a command that takes
    more (:data:`ID_OR_SHIPPED_HELP`)."""
    return click.option(
        "--id",
        "puzzle_ids",
        metavar="ID",
        multiple=True,
        help=help_text
        or N_(
            "Only the puzzle of FILE with this id, or of this number in FILE, as a booklet "
            "of that file alone numbers it (repeat for more); case, spaces and dashes do not "
            "matter."
        ),
    )(func)


def id_or_shipped_option(func: Any) -> Any:
    """``--id ID`` of ``solve`` and ``check``: the puzzles of FILE with these ids, or
    without FILE the shipped puzzles with them."""
    return id_option(func, ID_OR_SHIPPED_HELP)


def repeated_id(file: str, puzzles: Sequence[Loaded], count: int) -> str | None:
    """What to do when puzzles of ``file`` (of ``count`` numbered puzzles) have one id
    written alike, which no ``--id`` of that id can tell apart (the first such id and its
    lines), else None."""
    lines: dict[str, list[int]] = {}
    for each in puzzles:
        if each.puzzle.id is not None:
            lines.setdefault(each.puzzle.id, []).append(each.line)
    for puzzle_id, where in lines.items():
        if len(where) > 1:
            return ngettext(
                "{file}: {n} puzzle has the id {id!r} (lines {lines}), so that id cannot "
                "choose one; choose it by its number in the file (--id 1 to {count}), or give "
                "each puzzle its own id",
                "{file}: {n} puzzles have the id {id!r} (lines {lines}), so that id cannot "
                "choose one; choose one by its number in the file (--id 1 to {count}), or give "
                "each puzzle its own id",
                len(where),
            ).format(
                file=shown_name(file),
                n=len(where),
                id=puzzle_id,
                lines=", ".join(str(line) for line in where),
                count=count,
            )
    return None


def ambiguous_id(file: str, wanted: str, found: Sequence[Loaded], count: int) -> str:
    """Why ``wanted`` picks no one puzzle of ``file`` (of ``count`` numbered puzzles):
    several match it, none written exactly so (their ids and lines), or all have one id
    written alike."""
    if len({each.puzzle.id for each in found}) == 1:
        repeated = repeated_id(file, found, count)
        assert repeated is not None
        return repeated
    places = ", ".join(
        _("{id!r} (line {line})").format(id=each.puzzle.id, line=each.line) for each in found
    )
    return _("{file}: the id {wanted!r} is ambiguous: {places}; give it as written there").format(
        file=shown_name(file), wanted=wanted, places=places
    )


def pick_ids(
    puzzles: Sequence[Loaded], ids: Sequence[str], file: str
) -> tuple[list[Loaded], str | None]:
    """The puzzles of ``puzzles`` (read from ``file``) whose id is one of ``ids``, all of
    them when no id is given, and what is wrong with the ids, or None: an id that no
    puzzle has, or that matches several. A plain number is the puzzle of that number in
    the file (:func:`numbered_puzzles`), unless a puzzle's own id is that number written
    exactly so: an id that matches it only loosely (``03`` for ``3``) does not take a
    number's place. Otherwise an id written exactly so (case included) wins over those
    that match it only without case, spaces or dashes (:func:`with_id`); one id given
    twice (as ids compare) is one id."""
    if not ids:
        return list(puzzles), None
    numbered = numbered_puzzles(puzzles)
    picked: set[int] = set()
    missing: dict[str, str] = {}
    for wanted in dict.fromkeys(ids):
        number = int(wanted.strip()) if _PLAIN_NUMBER.fullmatch(wanted.strip()) else 0
        found = [each for each in puzzles if each.puzzle.id == wanted] if number else []
        if number and not found:
            # no puzzle's own id is that number as typed: the puzzle of that number, as a
            # booklet of this file alone numbers it
            found = numbered[number - 1 : number]
        if not found:
            found = with_id(puzzles, wanted)
        if len(found) > 1:
            return [], ambiguous_id(file, wanted, found, len(numbered))
        if found:
            picked.add(id(found[0]))
        else:
            missing.setdefault(id_key(wanted), wanted)
    if missing:
        said = ngettext(
            "{file}: no puzzle with id {ids}",
            "{file}: no puzzles with ids {ids}",
            len(missing),
        ).format(file=shown_name(file), ids=", ".join(repr(w) for w in missing.values()))
        if numbered and all(_PLAIN_NUMBER.fullmatch(w.strip()) for w in missing.values()):
            said += ngettext(
                " (it holds {n} puzzle, numbered 1)",
                " (it holds {n} puzzles, numbered 1 to {n})",
                len(numbered),
            ).format(n=len(numbered))
        return [], said
    return [each for each in puzzles if id(each) in picked], None


#: ``--id`` as a puzzle's number in its file: ASCII digits only
_PLAIN_NUMBER: Final = re.compile(r"[0-9]+")


def numbered_puzzles(puzzles: Sequence[Loaded]) -> list[Loaded]:
    """The puzzles of a file in the order a booklet of that file alone numbers them from
    1: the file's order, a copy of an earlier puzzle (the same cards and criteria, whatever
    its id) not counted (the booklet prints it once, where first read)."""
    seen: set[str] = set()
    numbered: list[Loaded] = []
    for each in puzzles:
        key = each.puzzle.canonical_key()
        if key not in seen:
            seen.add(key)
            numbered.append(each)
    return numbered


def read_with_ids(file: str | None, cardset: CardSet | None, ids: Sequence[str]) -> list[Loaded]:
    """The puzzles of ``file`` (``-``: standard input; None: no file) whose id is one of
    ``ids`` (``--id``), all of them when no id is given (see :func:`pick_ids`). Every
    puzzle is read first: each that cannot be read is said at its place, and so is an id
    that no puzzle read has or that matches several; then any of these refuses the
    command (exit status 2) before any output, so a file and a command line are mended in
    one pass."""
    if file is None:
        if ids:
            raise click.UsageError(_("--id picks puzzles of a FILE; give the FILE"))
        return []
    puzzles, bad = read_puzzles(file, cardset)
    picked, problem = pick_ids(puzzles, ids, file)
    if bad:
        if problem is not None:
            say_error(problem)
        raise click.exceptions.Exit(EXIT_USAGE)
    if problem is not None:
        fail(problem)
    return picked


def _same_puzzle(one: Loaded, other: Loaded) -> bool:
    """Whether two shipped copies under one id are one puzzle: the same cards, mode and
    hidden parts, read with the same cards (the id may be spelt apart, ``X-1`` and ``x1``;
    a card set named by a path or by its name is one set)."""
    return (
        replace(one.puzzle, cardset=None, id=None) == replace(other.puzzle, cardset=None, id=None)
        and one.cardset.cards == other.cardset.cards
    )


def shipped_by_id(puzzle_id: str, forced: CardSet | None) -> Loaded:
    """The shipped puzzle with that id (``--id`` without a FILE), looked for among every
    puzzle ``turing puzzles`` lists; copies of one puzzle under one id (a file of the rule
    book's problems and the sample) are that puzzle, two different puzzles under one id
    are refused by name, with the command that takes one of them by its FILE."""
    from turing.play.game import puzzles_dir, shipped_with_id

    ctx = click.get_current_context(silent=True)
    command = ctx.info_name if ctx is not None and ctx.info_name else "play"
    playing = command in ("play", "board")
    folder = puzzles_dir()
    found = shipped_with_id(puzzle_id, forced)
    if not found:
        fail(
            (
                _("no shipped puzzle has id {puzzle_id!r} (look in {folder}, or use --bank FILE)")
                if playing
                else _(
                    "no shipped puzzle has id {puzzle_id!r} (look in {folder}, or give the FILE "
                    "that holds it)"
                )
            ).format(puzzle_id=puzzle_id, folder=shown_name(folder))
        )
    first = found[0][1]
    if any(not _same_puzzle(first, loaded) for _inside, loaded in found[1:]):
        places = ", ".join(f"{inside}:{loaded.line}" for inside, loaded in found)
        fail(
            (
                _(
                    "{n} different shipped puzzles have id {puzzle_id!r} ({places}, in {folder}); "
                    "play one with: {command}"
                )
                if playing
                else _(
                    "{n} different shipped puzzles have id {puzzle_id!r} ({places}, in {folder}); "
                    "take one by its FILE: {command}"
                )
            ).format(
                n=len(found),
                puzzle_id=puzzle_id,
                places=places,
                folder=shown_name(folder),
                command=command_to_copy(command, _("FILE"), "--id", puzzle_id),
            )
        )
    # what one copy states and the other leaves out (the sample's difficulty) is the
    # puzzle's: the game is the same whichever copy is found first
    stated = {k: v for _inside, loaded in reversed(found) for k, v in loaded.puzzle.extra.items()}
    return first._replace(puzzle=replace(first.puzzle, extra={**stated, **first.puzzle.extra}))


def cards_puzzle(text: str, mode: str | None, cardset: CardSet) -> Puzzle:
    """The puzzle ``--cards`` lays out: card numbers by verifier, comma-separated, each an
    extreme pair as ``4/25``; nightmare when ``mode`` says so."""
    cards: list[object] = []
    # full-width digits, commas and slashes (４，９) are the plain ones; a digit of another
    # script is no card number
    for item in (part.strip() for part in as_typed(text).split(",")):
        numbers = [n.strip() for n in item.split("/")]
        if not item:
            fail(
                _(
                    "--cards: an empty place between commas, or a comma at an end "
                    "(cards are numbers separated by commas, e.g. 4,9,11,14)"
                )
            )
        if len(numbers) > 2 or not all(n.isascii() and n.isdigit() for n in numbers):
            fail(
                _(
                    "--cards: cannot read {item!r}: cards are numbers separated by commas, "
                    "an extreme pair written 4/25 (e.g. 4,9,11,14)"
                ).format(item=item)
            )
        cards.append(int(numbers[0]) if len(numbers) == 1 else [int(n) for n in numbers])
    if len(cards) < min(GAME_VERIFIERS):
        fail(
            _(
                "--cards: {count} verifiers are too few: a puzzle of the game has 4, 5 or 6 "
                "(A–F), one card each (two in extreme mode)"
            ).format(count=len(cards))
        )
    pairs = [isinstance(c, list) for c in cards]
    if any(pairs) and not all(pairs):
        fail(_("--cards: give every verifier a pair of cards (extreme) or none"))
    data: dict[str, object] = {"cards": cards}
    if all(pairs):
        data["mode"] = "extreme"
        if mode not in (None, "extreme"):
            fail(
                _("--cards: pairs of cards are an extreme puzzle, not {mode}").format(
                    mode=mode_name(mode)
                )
            )
    elif mode is not None:
        data["mode"] = mode
        if mode == "extreme":
            fail(_("--cards: an extreme puzzle gives each verifier two cards, as 4/25"))
    try:
        return puzzle_from_dict(data, cardset, source="--cards")
    except PuzzleError as exc:
        # a list on the command line has no lines and columns to point at
        fail(_("--cards: {problem}").format(problem=exc.message))


def counts_advice(exc: CountsError, as_range: bool = True) -> str:
    """The refusal of verifier counts the card set cannot make, with the option that asks
    for the ones it can (``as_range``: as a range, when the option takes one)."""
    counts = list(exc.makeable)
    if not counts:
        return str(exc)
    if as_range and counts == list(range(counts[0], counts[-1] + 1)):
        given = [f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])]
    else:
        given = [str(n) for n in counts]
    options = _(" or ").join(f"--verifiers {r}" for r in given)
    return _("{message} ({options})").format(message=exc, options=options)
