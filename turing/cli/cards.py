"""`turing cards`: show, validate and measure card sets (a thin client over turing.authoring.lint).

* ``turing cards show [N…] [--cardset NAME|PATH] [--json]`` — cards as a player sees them.
* ``turing cards validate PATH… [--json] [--strict] [--info]`` — every finding, by position.
  Exit status 0 clean, 1 a problem found, 2 a file cannot be read.
* ``turing cards stats PATH [--verifiers 4] [--json]`` — what puzzles the set can make.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import click
from rich.table import Table
from rich.text import Text

from turing.authoring.lint import (
    ERROR,
    INFO,
    WARNING,
    Finding,
    LintResult,
    SetStats,
    lint_file,
    puzzle_stats,
    too_few_cards,
)
from turing.cli.options import CARDSET_PATH, WholeNumber, cardset_option
from turing.cli.output import (
    EXIT_PROBLEM,
    EXIT_USAGE,
    emit_json,
    fail,
    file_or_stdin,
    plural,
    progress,
    stdout_console,
)
from turing.core.cards import CardSet, default_title, load_cardset, resolve_cardset
from turing.core.codes import CODE_TEXT, CodeSet
from turing.core.files import shown_name
from turing.i18n import (
    N_,
    _,
    current_language,
    format_list,
    format_number,
    format_percent,
    ngettext,
    speaking,
)
from turing.play.words import tier_name

_STYLE = {ERROR: "bold red", WARNING: "yellow", INFO: "cyan"}


@click.group()
def cards() -> None:
    """Card sets: show cards, validate a card-set file, measure what puzzles it makes.

    The card language and every finding code are described in docs/cards.md.
    """


def _load(name: str | None) -> CardSet:
    return load_cardset(name if name is not None else "classic")


# -- show ------------------------------------------------------------------------------------


def card_record(cardset: CardSet, number: int) -> dict[str, Any]:
    """One card as data: number, title, tier and each criterion with its codes."""
    card = cardset.card(number)
    return {
        "cardset": cardset.name,
        "number": card.number,
        "title": card.title,
        "tier": cardset.tier_of(card.number),
        "criteria": [
            {
                "position": c.position,
                "text": c.text,
                "when": c.when,
                "count": c.mask.bit_count(),
                "codes": CodeSet(c.mask).texts(),
            }
            for c in card.criteria
        ],
    }


@cards.command(short_help="Show cards as a player sees them.")
@click.argument("numbers", metavar="[N…]", nargs=-1, type=int)
@cardset_option(
    N_(
        "Card set: a name under cards/ (classic, examples/primes) or a path to a "
        "card-set YAML file. Default: classic."
    )
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="One JSON object per card (JSON Lines), with each criterion's codes.",
)
def show(numbers: tuple[int, ...], cardset_name: str | None, as_json: bool) -> None:
    """Show cards N… (default: every card) as a player sees them.

    Each criterion is numbered as on the card, with how many of the 125 codes it keeps.
    """
    cardset = _load(cardset_name)
    chosen = list(numbers) if numbers else [card.number for card in cardset]
    missing = list(dict.fromkeys(n for n in chosen if n not in cardset))
    if missing:
        fail(
            ngettext(
                "card {numbers} is not in card set {name!r} ({value})",
                "cards {numbers} are not in card set {name!r} ({value})",
                len(missing),
            ).format(
                numbers=format_list([str(n) for n in missing]),
                name=cardset.name,
                value=cardset.describe_numbers(),
            )
        )
    if as_json:
        for n in chosen:
            emit_json(card_record(cardset, n))
        return
    console = stdout_console()
    lang = current_language()
    for n in chosen:
        record = card_record(cardset, n)
        card = cardset.card(n)
        own_title = card.title_in(lang)
        if own_title in (default_title(card.number), default_title(card.number, "de")):
            # An untitled card: its title is only its number.
            title = _("Card {number}").format(number=record["number"])
        else:
            title = _("Card {number} · {title}").format(number=record["number"], title=own_title)
        if record["tier"]:
            title += f" · {tier_name(record['tier'])}"
        # The heading is a line of its own, wrapped at the terminal's width (a table's
        # title would wrap at the width of the narrow table under it).
        console.print(Text(title, style="bold"))
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column("#", justify="right", style="bold")
        table.add_column("criterion")
        table.add_column("codes", justify="right")
        table.add_column("when", style="dim")
        for crit, criterion in zip(record["criteria"], card.criteria, strict=True):
            table.add_row(
                str(crit["position"]),
                criterion.text_in(lang),
                plural(crit["count"], "code"),
                crit["when"],
            )
        console.print(table)
        console.print()


# -- validate --------------------------------------------------------------------------------


def _lint_target(
    target: str, verifiers: int, strict: bool, quiet: bool, english: bool = False
) -> LintResult:
    """A path, or a shipped set name such as ``classic`` when no such file exists;
    ``english``: the findings in English (JSON is the same in every language)."""
    source, data, name = file_or_stdin(target)
    path = Path(source or name or target)
    if source is not None and not path.exists() and path.suffix.lower() not in (".yaml", ".yml"):
        with contextlib.suppress(ValueError):
            path = resolve_cardset(target)
    with (
        progress(_("searching {target}").format(target=shown_name(target)), quiet=quiet) as bar,
        speaking("en") if english else contextlib.nullcontext(),
    ):
        return lint_file(
            path,
            verifiers=verifiers,
            strict=strict,
            display=name or target,
            progress=bar.report if bar.shown else None,
            data=data,
        )


def _finding_text(finding: Finding) -> Text:
    text = Text(f"{finding.where()}: ")
    text.append(f"{severity_name(finding.severity)} {finding.code}", style=_STYLE[finding.severity])
    text.append(f": {finding.message}")
    return text


def _summary(result: LintResult, shown: bool = False) -> str:
    """The last line for a file; ``shown``: its info findings are listed above."""
    parts = []
    for severity, count in ((ERROR, result.errors), (WARNING, result.warnings)):
        if count:
            parts.append(plural(count, severity))
    infos = result.count(INFO)
    if result.cardset is not None:
        size = len(result.cardset)
        crits = sum(len(card.criteria) for card in result.cardset)
        what = f"{plural(size, 'card')}, {plural(crits, 'criterion', 'criteria')}"
    else:
        what = ""
    head = ", ".join(parts) if parts else _("clean")
    line = f"{shown_name(result.source)}: {head}" + (f" ({what})" if what else "")
    if infos and not shown:
        line += "; " + ngettext(
            "{n} note (--info lists it)", "{n} notes (--info lists them)", infos
        ).format(n=format_number(infos))
    elif infos:
        line += "; " + ngettext("{n} note", "{n} notes", infos).format(n=format_number(infos))
    return line


def severity_name(severity: str) -> str:
    """``error`` → ``error`` / ``Fehler`` (the finding codes stay as they are)."""
    names = {ERROR: _("error"), WARNING: _("warning"), INFO: _("info")}
    return names.get(severity, severity)


@cards.command(short_help="Check card-set files: every error and warning.")
@click.argument("paths", metavar="PATH…", nargs=-1, required=True, type=CARDSET_PATH)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="One JSON object per file (JSON Lines) with every finding.",
)
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--info",
    "show_info",
    is_flag=True,
    help="Also list info findings (I4xx), e.g. criteria shared between cards.",
)
@click.option(
    "--verifiers",
    type=WholeNumber(2, 6),
    default=4,
    show_default=True,
    help="Puzzle size for the unusable-card check (W404, W405).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def validate(
    paths: tuple[str, ...],
    as_json: bool,
    strict: bool,
    show_info: bool,
    verifiers: int,
    quiet: bool,
) -> None:
    """Check card-set files (- for standard input): every error and warning, with
    FILE:LINE:COL and a code.

    Exit status 0 when every file is clean (warnings allowed unless --strict), 1 when a
    problem is found, 2 when a file cannot be read.
    """
    console = None if as_json else stdout_console()
    worst = 0
    for target in paths:
        result = _lint_target(target, verifiers, strict, quiet, english=as_json)
        listed = [f for f in result.findings if show_info or f.severity != INFO]
        if result.unreadable:
            worst = EXIT_USAGE
        elif result.errors:
            worst = max(worst, EXIT_PROBLEM)
        if as_json:
            emit_json(
                {
                    "file": result.source,
                    "clean": result.clean,
                    "readable": not result.unreadable,
                    "errors": result.errors,
                    "warnings": result.warnings,
                    "infos": result.count(INFO),
                    "findings": [f.to_dict() for f in listed],
                }
            )
            continue
        assert console is not None
        for finding in listed:
            console.print(_finding_text(finding))
        console.print(_summary(result, shown=show_info))
    if worst:
        raise click.exceptions.Exit(worst)


# -- stats -----------------------------------------------------------------------------------


def _num(x: float, exact: bool) -> str:
    return format_number(int(x)) if exact else f"≈{format_number(round(x))}"


def _method_line(stats: SetStats, seconds: float) -> str:
    n = len(stats.cards)
    if stats.exact:
        return ngettext(
            "exhaustive: every choice of {k} of the {n} cards ({sets} card set) and of their "
            "criteria, in {seconds} s",
            "exhaustive: every choice of {k} of the {n} cards ({sets} card sets) and of their "
            "criteria, in {seconds} s",
            stats.card_combinations,
        ).format(
            k=stats.verifiers,
            n=n,
            sets=format_number(stats.card_combinations),
            seconds=format_number(seconds, 1),
        )
    k = stats.verifiers - 2
    return ngettext(
        "sampled: {samples} of {cards} (seed {seed}), each completed by every pair of other "
        "cards; {sets} card set in all; counts are estimates; in {seconds} s",
        "sampled: {samples} of {cards} (seed {seed}), each completed by every pair of other "
        "cards; {sets} card sets in all; counts are estimates; in {seconds} s",
        stats.card_combinations,
    ).format(
        samples=plural(stats.samples, "random set"),
        cards=plural(k, "card"),
        seed=stats.seed,
        sets=format_number(stats.card_combinations),
        seconds=format_number(seconds, 1),
    )


def _digit_table(stats: SetStats) -> Table:
    table = Table(box=None, padding=(0, 1))
    table.add_column("")
    for d in range(1, 6):
        table.add_column(str(d), justify="right")
    for shape, place in (("▲ b", 0), ("■ y", 1), ("● p", 2)):
        row = [0.0] * 5
        for i, x in enumerate(stats.solutions):
            row[int(CODE_TEXT[i][place]) - 1] += x
        table.add_row(shape, *(_num(x, stats.exact) for x in row))
    return table


def _code_table(stats: SetStats) -> Table:
    """Puzzles per solution code: a row per ▲■, a column per ●."""
    table = Table(box=None, padding=(0, 1))
    table.add_column("▲■")
    for d in range(1, 6):
        table.add_column(f"●{d}", justify="right")
    for row in range(25):
        cells = stats.solutions[row * 5 : row * 5 + 5]
        table.add_row(CODE_TEXT[row * 5][:2], *(_num(x, stats.exact) if x else "·" for x in cells))
    return table


@cards.command(short_help="Measure what valid puzzles a card set makes.")
@click.argument("path", metavar="PATH", type=CARDSET_PATH)
@click.option(
    "--verifiers",
    type=WholeNumber(2, 6),
    default=4,
    show_default=True,
    help="Puzzle size: cards (and verifiers) per puzzle.",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every count.")
@click.option(
    "--samples",
    type=WholeNumber(1, 10_000_000),
    default=None,
    help="Sample this many card sets instead of searching every one.",
)
@click.option("--exhaustive", is_flag=True, help="Search every card set, however long it takes.")
@click.option(
    "--seed", type=WholeNumber(), default=0, show_default=True, help="Seed of the sample."
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def stats(
    path: str,
    verifiers: int,
    as_json: bool,
    samples: int | None,
    exhaustive: bool,
    seed: int,
    quiet: bool,
) -> None:
    """What valid puzzles of the set PATH (a file or a shipped name) can make.

    Per card and per criterion: in how many valid puzzles it appears; criteria that never
    do; how the solutions spread over the 125 codes; a short verdict per card. Exhaustive
    when the search is small (the 48 classic cards with 4 verifiers take a few seconds),
    otherwise a seeded sample; the output says which.
    """
    if samples is not None and exhaustive:
        fail(_("--samples and --exhaustive exclude each other"))
    cardset = load_cardset(path)
    started = time.monotonic()
    with progress(
        _("{name}: {k}-verifier puzzles").format(name=cardset.name, k=verifiers), quiet=quiet
    ) as bar:
        result = puzzle_stats(
            cardset,
            verifiers,
            samples=samples,
            exhaustive=True if exhaustive else None,
            seed=seed,
            progress=bar.report if bar.shown else None,
        )
    seconds = time.monotonic() - started
    if as_json:
        emit_json(result.to_dict())
        return
    console = stdout_console()
    exact = result.exact
    crits = sum(len(c.criteria) for c in result.cards)
    console.print(
        f"[bold]{result.name}[/bold] ({shown_name(path)}): {plural(len(result.cards), 'card')}, "
        f"{plural(crits, 'criterion', 'criteria')}; "
        + _("{k}-verifier puzzles").format(k=verifiers)
    )
    too_few = too_few_cards(cardset, verifiers)
    if too_few is not None:
        console.print(too_few)
        console.print(_("the set makes no valid puzzle of this size"))
        return
    console.print(_method_line(result, seconds))
    total = _num(result.puzzles, exact)
    if not exact:
        total += " ± " + _("{error} (standard error)").format(
            error=format_number(round(result.puzzles_error))
        )
    console.print(_("valid puzzles: [bold]{total}[/bold]").format(total=total))
    if not result.puzzles:
        console.print(_("the set makes no valid puzzle of this size"))
        return
    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column(_("card"), justify="right", no_wrap=True)
    table.add_column(_("criterion"))
    table.add_column(_("puzzles"), justify="right", no_wrap=True)
    table.add_column(_("share"), justify="right", no_wrap=True)
    table.add_column(_("verdict"))
    for card in result.cards:
        share = card.puzzles / result.puzzles
        table.add_row(
            str(card.number),
            Text(cardset.card(card.number).title_in(current_language()), style="bold"),
            _num(card.puzzles, exact),
            format_percent(share, 1),
            card.shown_verdict or card.verdict,
        )
        for position, x in enumerate(card.criteria, 1):
            text = cardset.card(card.number).criterion(position).text_in(current_language())
            # The number in a column of its own: a wrapped text continues under its text.
            criterion = Table.grid(padding=(0, 1, 0, 0))
            criterion.add_column(no_wrap=True)
            criterion.add_column()
            criterion.add_row(f"  {position}.", text)
            table.add_row(
                "",
                criterion,
                _num(x, exact),
                format_percent(x / result.puzzles, 1),
                "" if x else _("never"),
            )
    console.print(table)
    console.print(
        _(
            "share: of all valid puzzles; even: a card's puzzles against an even "
            "share ({k} of {n} cards per puzzle)"
        ).format(k=verifiers, n=len(result.cards))
    )
    never = ", ".join(result.never) or _("none")
    console.print(
        _("criteria that never occur: {list}").format(list=never)
        if exact
        else _("criteria that were never seen in the sample: {list}").format(list=never)
    )
    reached = [(x, i) for i, x in enumerate(result.solutions) if x]
    console.print(
        ngettext(
            "solutions: {n} of the 125 codes is the solution of some puzzle",
            "solutions: {n} of the 125 codes are the solution of some puzzle",
            len(reached),
        ).format(n=len(reached))
    )
    top = sorted(reached, key=lambda t: (-t[0], t[1]))[:10]
    console.print(
        _("most frequent: {list}").format(
            list=", ".join(f"{CODE_TEXT[i]} ({_num(x, exact)})" for x, i in top)
        )
    )
    missing = [CODE_TEXT[i] for i, x in enumerate(result.solutions) if not x]
    if missing:
        shown = " ".join(missing[:40]) + (
            " … " + _("({n} in all)").format(n=len(missing)) if len(missing) > 40 else ""
        )
        console.print(
            _("never a solution: {codes}").format(codes=shown)
            if exact
            else _("never a solution in the sample: {codes}").format(codes=shown)
        )
    # Each table's heading is a line of its own, wrapped at the terminal's width, not at
    # the narrow table's.
    console.print(_("solutions by digit (puzzles whose code has that digit)"))
    console.print(_digit_table(result))
    console.print(_("puzzles per solution code (row ▲■, column ●)"))
    console.print(_code_table(result))
