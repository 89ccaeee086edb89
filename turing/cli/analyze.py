"""``turing analyze``: the optimal-play figures of puzzles.

A thin client of :mod:`turing.analysis.search`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import click

from turing.analysis.batch import Finished, Preparing, Proven, Started, analyze_all
from turing.analysis.search import (
    EXPECTED_STATES,
    MAX_STATES,
    ROUND_STATES,
    Analysis,
    AnalysisError,
    Branch,
    RoundStep,
    analyze,
    interrupted_record,
)
from turing.cli.options import (
    EVERY_PUZZLE_CARDSET,
    PUZZLE_PATH,
    Seconds,
    WholeNumber,
    cardset_option,
    id_option,
    jobs_option,
    read_with_ids,
)
from turing.cli.output import (
    ProgressBar,
    emit_json,
    fail,
    plural,
    print_indented,
    progress,
    stdout_console,
)
from turing.cli.share import code_option, with_codes
from turing.cli.solve import note_not_of_the_game
from turing.core.cards import load_cardset
from turing.core.codes import ceil_log2
from turing.core.puzzle import LETTERS, Loaded, Puzzle
from turing.core.workers import WorkerLost
from turing.i18n import N_, _, format_number, ngettext
from turing.play.words import mode_name

#: How many candidate codes a line lists before it says "…".
SHOWN_CODES = 8


def _codes(codes: tuple[str, ...]) -> str:
    shown = " ".join(codes[:SHOWN_CODES])
    return shown + (" …" if len(codes) > SHOWN_CODES else "")


def _verifier(puzzle: Puzzle, v: int) -> str:
    if puzzle.mode_class.hidden_mapping:
        return LETTERS[v]
    return _("{letter} (card {cards})").format(
        letter=LETTERS[v], cards=" / ".join(str(c) for c in puzzle.cards[v])
    )


def _branch_lines(puzzle: Puzzle, code: str, step: RoundStep, indent: str) -> list[str]:
    lines = [
        indent
        + _("test {code} on {verifier}:").format(
            code=code, verifier=_verifier(puzzle, step.verifier)
        )
    ]
    for mark, branch in (("✔", step.yes), ("✘", step.no)):
        lines.append(f"{indent}  {mark} → {_leaves(branch)}")
        if branch.then is not None:
            lines.extend(_branch_lines(puzzle, code, branch.then, indent + "      "))
    return lines


def _leaves(branch: Branch) -> str:
    n = len(branch.codes)
    what = (
        f"{plural(branch.assignments, 'assignment')}, {plural(n, 'code')} ({_codes(branch.codes)})"
    )
    if n == 1:
        return _("{what}: the code is known").format(what=what)
    if branch.then is None:
        more = ngettext(
            "{what}; {n} more test guarantees it; then end the round",
            "{what}; {n} more tests guarantee it; then end the round",
            branch.min_tests,
        )
    else:
        more = ngettext(
            "{what}; {n} more test guarantees it; next",
            "{what}; {n} more tests guarantee it; next",
            branch.min_tests,
        )
    return more.format(what=what, n=branch.min_tests)


#: Processor seconds of loading the compiled searches from which the report shows them.
LOADING_SHOWN = 5.0


#: The option that sets each limit :attr:`Analysis.stopped_by` names by its parameter.
STATE_OPTIONS = {
    "max_states": "--max-states",
    "expected_states": "--expected-states",
    "round_states": "--round-states",
}


def _further(result: Analysis, figure: str) -> list[str]:
    """What would let the search of ``figure`` (a JSON name) that stopped at a limit go
    further, as an indented line naming the option that set the limit (none when it did
    not stop at one)."""
    limit = dict(result.stopped_by).get(figure)
    if limit in STATE_OPTIONS:
        text = _("(its state limit stopped it: raise {option} to search further)").format(
            option=STATE_OPTIONS[limit]
        )
    elif limit == "max_work":
        text = _("(its work limit stopped it: {what} to search further)").format(
            what=_("raise --max-work, or give --time-limit SECONDS")
        )
    elif limit in ("expected_work", "round_work"):
        text = _("(its work limit stopped it: {what} to search further)").format(
            what=_("give --time-limit SECONDS")
        )
    elif limit == "time_limit":
        text = _("(the time limit stopped it: a larger --time-limit searches further)")
    else:
        return []
    return ["    " + text]


def explain(puzzle: Puzzle, result: Analysis) -> list[str]:
    """The human report of one analysis."""
    name = puzzle.id or _("puzzle")
    lines = [
        f"{name} · {mode_name(puzzle.mode)} · "
        + _("{n} verifiers").format(n=result.verifiers)
        + ": "
        f"{plural(result.assignments, 'valid assignment')}, "
        f"{plural(len(result.codes), 'possible code')} ({_codes(result.codes)})"
    ]
    if result.min_tests_worst is None:
        t_low, t_high = result.tests_bounds
        r_low, r_high = result.rounds_bounds
        lines.append(
            "  "
            + _(
                "fewest tests that guarantee the code: bounds only, between {low} and "
                "{high} (in {r_low} to {r_high} rounds): the exact search stopped at its "
                "limit after proving that {below} cannot be guaranteed and finding a "
                "strategy that needs at most {high}"
            ).format(low=t_low, high=t_high, r_low=r_low, r_high=r_high, below=t_low - 1)
        )
        lines += _further(result, "min_tests_worst")
    elif "rounds_worst" in result.skipped:
        lines.append(
            "  " + _("fewest tests that guarantee the code: {n}").format(n=result.min_tests_worst)
        )
    elif result.rounds_worst is not None:
        lines.append(
            "  "
            + ngettext(
                "fewest tests that guarantee the code: {n} (in {rounds} round)",
                "fewest tests that guarantee the code: {n} (in {rounds} rounds)",
                result.rounds_worst,
            ).format(n=result.min_tests_worst, rounds=result.rounds_worst)
        )
    else:
        r_low, r_high = result.rounds_bounds
        lines.append(
            "  "
            + _(
                "fewest tests that guarantee the code: {n} (in {r_low} to {r_high} rounds: "
                "bounds only, the rounds search stopped at its limit)"
            ).format(n=result.min_tests_worst, r_low=r_low, r_high=r_high)
        )
        lines += _further(result, "rounds_worst")
    if result.min_tests_expected is not None and result.rounds_expected is not None:
        # The mean's strategy is not the one that guarantees the rounds above: where its
        # rounds are more on average than those guaranteed, say so, or it reads as a
        # contradiction.
        guaranteed = (
            result.rounds_worst if result.rounds_worst is not None else result.rounds_bounds[1]
        )
        text = (
            ngettext(
                "fewest tests on average (every assignment equally likely): {tests} (with "
                "{rounds} rounds: the strategy with the fewest tests on average, not the one "
                "that guarantees {guaranteed} round)",
                "fewest tests on average (every assignment equally likely): {tests} (with "
                "{rounds} rounds: the strategy with the fewest tests on average, not the one "
                "that guarantees {guaranteed} rounds)",
                guaranteed,
            )
            if result.rounds_expected > guaranteed
            else _(
                "fewest tests on average (every assignment equally likely): {tests} "
                "(with {rounds} rounds)"
            )
        )
        lines.append(
            "  "
            + text.format(
                tests=format_number(result.min_tests_expected, 3),
                rounds=format_number(result.rounds_expected, 3),
                guaranteed=guaranteed,
            )
        )
    else:
        low, high = result.expected_bounds
        if result.min_tests_expected is not None and "rounds_expected" in result.bounds_only:
            # The mean is exact, its rounds not: say why they are missing.
            lines.append(
                "  "
                + (
                    _(
                        "fewest tests on average (every assignment equally likely): {tests} "
                        "(the rounds with it not found: they need the exact fewest tests, "
                        "which the search stopped short of)"
                    )
                    if "min_tests_worst" in result.bounds_only
                    else _(
                        "fewest tests on average (every assignment equally likely): {tests} "
                        "(the rounds with it not found: the exact expected search stopped at "
                        "its limit)"
                    )
                ).format(tests=format_number(result.min_tests_expected, 3))
            )
            lines += _further(result, "rounds_expected")
        elif result.min_tests_expected is not None:
            lines.append(
                "  "
                + _("fewest tests on average (every assignment equally likely): {tests}").format(
                    tests=format_number(result.min_tests_expected, 3)
                )
            )
        elif "min_tests_expected" in result.bounds_only:
            lines.append(
                "  "
                + _(
                    "fewest tests on average: bounds only, between {low} and {high} "
                    "(the exact expected search stopped at its limit)"
                ).format(low=format_number(low, 3), high=format_number(high, 3))
            )
            lines += _further(result, "min_tests_expected")
    first = result.first_round
    if "first_round" in result.skipped:
        pass
    elif result.min_tests_worst is None:
        # what would help is what stopped the worst-case search in this run
        limit = dict(result.stopped_by).get("min_tests_worst")
        if limit in STATE_OPTIONS:
            what = _("raise {option}").format(option=STATE_OPTIONS[limit])
        elif limit == "max_work":
            what = _("raise --max-work, or give --time-limit SECONDS")
        elif limit == "time_limit":
            what = _("give a larger --time-limit")
        else:
            what = None
        lines.append(
            "  "
            + (
                _("first round: not searched (it needs the exact fewest tests)")
                if what is None
                else _(
                    "first round: not searched (it needs the exact fewest tests; {what} to get it)"
                ).format(what=what)
            )
        )
    elif "first_round" in result.bounds_only and first is None:
        lines.append("  " + _("first round: not found within the time limit"))
    elif first is None:
        lines.append("  " + _("no test needed: the cards alone fix the code"))
    else:
        lines.append("  " + _("first round: compose {code}").format(code=first.code))
        lines.extend(_branch_lines(puzzle, first.code, first.plan, "    "))
        lower = ceil_log2(len(result.codes))
        worst = result.min_tests_worst
        rounds_high = result.rounds_bounds[1]
        bound = _("⌈log2 {n}⌉ = {bound} is the information bound").format(
            n=len(result.codes), bound=lower
        )
        if lower != worst:
            bound = _("{bound}; the search proved {below} cannot be guaranteed").format(
                bound=bound, below=worst - 1
            )
        # The round's choice among the moves that keep both guarantees passed the rounds
        # search's limit: it keeps them, but is not proven the most even.
        cut = "first_round" in result.bounds_only
        # codes that split the same, up to reversed answers, are one way
        ways, keeping = first.codes_considered, first.codes_keeping_tests
        start = (
            _("the one way composing a code can split the possible codes allows such a start")
            if ways == 1
            else ngettext(
                "{keeping} of the {n} different ways composing a code can split the possible "
                "codes allows such a start",
                "{keeping} of the {n} different ways composing a code can split the possible "
                "codes allow such a start",
                keeping,
            ).format(keeping=keeping, n=ways)
        )
        lines.append(
            "  "
            + (
                _(
                    "why {code}: after every answer the code is still guaranteed within "
                    "{tests} in all, the fewest possible ({bound}); {start}, and {code} also "
                    "keeps the {rounds}-round guarantee (the rounds search stopped at its "
                    "limit before it could compare the starts that keep it: a more even "
                    "first split may keep it too)"
                )
                if cut
                else _(
                    "why {code}: after every answer the code is still guaranteed within "
                    "{tests} in all, the fewest possible ({bound}); {start}, and {code} also "
                    "keeps the {rounds}-round guarantee, with the most even first split"
                )
            ).format(
                code=first.code,
                tests=plural(worst, "test"),
                bound=bound,
                start=start,
                rounds=result.rounds_worst,
            )
            if result.rounds_worst is not None
            else "  "
            + _(
                "why {code}: after every answer the code is still guaranteed within "
                "{tests} in all, the fewest possible, and within {rounds} rounds (the "
                "rounds search proved that many enough before its limit); of the moves "
                "known to keep both it has the most even first split"
            ).format(code=first.code, tests=plural(worst, "test"), rounds=rounds_high)
            if rounds_high < worst
            else "  "
            + _(
                "why {code}: after every answer the code is still guaranteed within "
                "{tests} in all, the fewest possible; of the moves that keep that "
                "guarantee it has the most even first split"
            ).format(code=first.code, tests=plural(worst, "test"))
        )
        if cut:
            lines += _further(result, "first_round")
    lines.append(
        "  "
        + (
            # The time by the clock, then the processor time a time limit counts (but for
            # loading, which takes about a second; compiling, the first time on a machine,
            # more). On a busy machine the first is longer.
            _(
                "analysed in {seconds} s ({processor} s of processor time, {loading} s of it "
                "preparing the compiled search)"
            )
            if result.loading_seconds >= LOADING_SHOWN
            else _("analysed in {seconds} s ({processor} s of processor time)")
        ).format(
            seconds=format_number(result.seconds, 2),
            processor=format_number(result.processor_seconds, 2),
            loading=format_number(result.loading_seconds, 1),
        )
    )
    return lines


@click.command()
@click.argument(
    "file",
    metavar="FILE|-",
    required=False,
    type=PUZZLE_PATH,
)
@id_option
@code_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
@click.option(
    "--no-expected",
    is_flag=True,
    help="Skip the expected (average) figures: only the worst case and the policy.",
)
@click.option(
    "--no-rounds",
    is_flag=True,
    help="Skip the rounds figures and the first round: only the fewest tests, in the worst "
    "case and on average (on hard puzzles the rounds search takes most of the time).",
)
@click.option(
    "--expected-states",
    type=WholeNumber(min=1),
    default=EXPECTED_STATES,
    show_default=True,
    metavar="N",
    help="State limit of the expected search; past it, bounds are reported.",
)
@click.option(
    "--round-states",
    type=WholeNumber(min=1),
    default=ROUND_STATES,
    show_default=True,
    metavar="N",
    help="State limit of the rounds search; past it, bounds are reported.",
)
@click.option(
    "--max-states",
    type=WholeNumber(min=1),
    default=MAX_STATES,
    show_default=True,
    metavar="N",
    help="State limit of the whole search; past it the worst case is reported as proven bounds.",
)
@click.option(
    "--max-work",
    type=WholeNumber(min=1),
    default=None,
    metavar="N",
    help="Work limit of the worst-case search (units of work on its bitsets, about "
    "2–20 ns each); past it the worst case is reported as proven bounds. Default: "
    "20,000,000,000; none with --time-limit.",
)
@click.option(
    "--time-limit",
    type=Seconds(),
    default=None,
    metavar="SECONDS",
    help="Processor time for each puzzle's analysis (loading the compiled search, or "
    "compiling it the first time, is not counted); past it every figure not yet exact is "
    "reported as proven bounds.",
)
@cardset_option(EVERY_PUZZLE_CARDSET)
@jobs_option(
    N_(
        "Puzzles analysed at once, each in a worker process of its own (memory grows "
        "with them; at most 4 for each processor of this machine); the output keeps the "
        "file's order and figures."
    )
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def analyze_command(
    file: str | None,
    puzzle_ids: tuple[str, ...],
    codes: tuple[str, ...],
    as_json: bool,
    no_expected: bool,
    no_rounds: bool,
    expected_states: int,
    round_states: int,
    max_states: int,
    max_work: int | None,
    time_limit: float | None,
    cardset_name: str | None,
    jobs: int,
    quiet: bool,
) -> None:
    """Optimal play for puzzles in FILE (YAML, JSON or JSONL; - for standard input) or
    given by --code CODE.

    Per puzzle: the fewest tests that guarantee knowing the code (worst case over the
    valid criteria assignments) with its rounds, the fewest tests on average, and the
    optimal first round (the code to compose, the verifiers to test, what each answer
    leaves). Only the cards are used; hidden criteria in the file are ignored.

    A search that passes its limit reports what it proved instead: bounds on the figure
    (lower ≤ true ≤ upper), marked as bounds. On a terminal, a long search shows the
    bounds proven so far in its progress line; stopped (Ctrl-C), it says them.
    """
    forced = load_cardset(cardset_name) if cardset_name is not None else None
    console = None if as_json else stdout_console()
    # Every puzzle is read first: every bad one is reported before the long work starts,
    # and the progress bar knows how many puzzles there are.
    read = read_with_ids(file, forced, puzzle_ids)
    puzzles = list(with_codes(read, [file] if file is not None else [], codes, cardset_name))
    options: dict[str, Any] = {
        "expected": not no_expected,
        "rounds": not no_rounds,
        "expected_states": expected_states,
        "round_states": round_states,
        "max_states": max_states,
        "max_work": max_work,
        "time_limit": time_limit,
    }

    noted: set[str] = set()  # the files whose puzzle of too few verifiers was said

    def show(loaded: Loaded, result: Analysis) -> None:
        puzzle = loaded.puzzle
        # as solve says it, once the puzzle is analysed: one with nothing to analyse is an
        # error instead
        note_not_of_the_game(loaded, noted, _("note: {place}: {problem}: analysed all the same"))
        if as_json:
            emit_json(result.to_dict())
            return
        assert console is not None
        for line in explain(puzzle, result):
            print_indented(console, line)
        console.print()

    # Puzzles of different kinds take seconds or hours: the ones done tell nothing of
    # how long the rest take, so the line then gives no rate and no ETA.
    kinds = {(loaded.puzzle.mode, loaded.puzzle.verifiers) for loaded in puzzles}
    with progress(
        _("analysing"),
        total=len(puzzles),
        quiet=quiet,
        unit=_("puzzles"),
        words_first=True,
        estimable=len(kinds) <= 1,
    ) as bar:
        if jobs > 1 and len(puzzles) > 1:
            _in_workers(puzzles, jobs, options, bar, show, as_json)
            return
        for loaded in puzzles:
            puzzle = loaded.puzzle
            name = _name(loaded)
            # What the line said before a compiled search loaded.
            said = [_status(name, None)]
            bar.describe(said[0])

            # The bounds on the fewest tests proven so far, said if the command is stopped.
            proven: list[tuple[int, int]] = []

            def searching(
                low: int,
                high: int,
                name: str = name,
                said: list[str] = said,
                proven: list[tuple[int, int]] = proven,
            ) -> None:
                proven[:] = [(low, high)]
                if not bar.shown:
                    return
                said[0] = _status(name, (low, high))
                bar.describe(said[0])

            def preparing(ready: bool, kind: str, name: str = name, said: list[str] = said) -> None:
                bar.describe(_preparing(name, ready, kind) or said[0])

            try:
                result = analyze(
                    puzzle,
                    loaded.cardset,
                    on_progress=searching,
                    on_prepare=preparing if bar.shown else None,
                    **options,
                )
            except AnalysisError as exc:
                fail(f"{loaded.place}: {exc}")
            except KeyboardInterrupt:  # Ctrl-C or SIGTERM: what is proven is not lost
                if proven:
                    with bar.paused():
                        _show_stopped(puzzle, name, proven[0], options, as_json)
                raise
            with bar.paused():
                show(loaded, result)
            bar.advance()


def _name(loaded: Loaded) -> str:
    """How the report and the progress line name a puzzle: its id, else where it is."""
    return loaded.puzzle.id or loaded.place


def _status(name: str, bounds: tuple[int, int] | None) -> str:
    """The progress line of a puzzle being analysed, with the bounds proven so far."""
    if bounds is None:
        return _("analysing {name}").format(name=name)
    low, high = bounds
    if low == high:
        return _("analysing {name}: fewest tests {n} (exact)").format(name=name, n=low)
    return _("analysing {name}: fewest tests {low} to {high} so far").format(
        name=name, low=low, high=high
    )


def _preparing(name: str, ready: bool, kind: str) -> str | None:
    """The progress line while a compiled search of ``kind`` loads (``ready`` False) or
    once it has; None where the line of the bounds proven comes back (the worst case's
    search goes on)."""
    if not ready:
        return _("analysing {name}: loading the compiled search (first time: ~30 s)").format(
            name=name
        )
    if kind == "expected":
        return _("analysing {name}: fewest tests on average").format(name=name)
    return None


def _in_workers(
    puzzles: list[Loaded],
    jobs: int,
    options: dict[str, Any],
    bar: ProgressBar,
    show: Callable[[Loaded, Analysis], None],
    as_json: bool = False,
) -> None:
    """Analyse ``puzzles`` in ``jobs`` worker processes, shown in the file's order.

    A puzzle that cannot be analysed stops the command once the puzzles before it are
    shown, as one at a time would. Stopped (Ctrl-C, SIGTERM), the command shows every
    analysis that ended, in order, and the bounds proven on those still running."""
    running: dict[int, tuple[int, int] | None] = {}
    # what a puzzle's line says instead of its bounds while a compiled search loads
    loading: dict[int, str | None] = {}
    ended: dict[int, Analysis] = {}
    shown = 0
    refused: tuple[int, str] | None = None
    events = analyze_all([(loaded.puzzle, loaded.cardset) for loaded in puzzles], jobs, **options)
    try:
        with contextlib.closing(events):
            for event in events:
                if isinstance(event, Started):
                    running[event.index] = None
                elif isinstance(event, Proven):
                    running[event.index] = (event.low, event.high)
                elif isinstance(event, Preparing):
                    loading[event.index] = _preparing(
                        _name(puzzles[event.index]), event.ready, event.kind
                    )
                elif isinstance(event, Finished):
                    running.pop(event.index, None)
                    ended[event.index] = event.analysis
                    bar.advance()
                else:
                    running.pop(event.index, None)
                    if refused is None or event.index < refused[0]:
                        refused = (event.index, event.message)
                while shown in ended:
                    with bar.paused():
                        show(puzzles[shown], ended.pop(shown))
                    shown += 1
                if refused is not None and shown == refused[0]:
                    break
                if running and bar.shown:
                    first = min(running)
                    line = loading.get(first) or _status(_name(puzzles[first]), running[first])
                    if len(running) > 1:
                        line = _("{line} (+{n} running)").format(line=line, n=len(running) - 1)
                    bar.describe(line)
    except WorkerLost as exc:  # which puzzle its worker had is not known
        if not running:
            fail(str(exc))
        where = ", ".join(f"{puzzles[i].place} ({_name(puzzles[i])})" for i in sorted(running))
        fail(_("{problem}; running then: {where}").format(problem=exc, where=where))
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: what ended or was proven is not lost
        with bar.paused():
            for index in sorted({*running, *ended}):
                if index in ended:
                    show(puzzles[index], ended[index])
                elif (bounds := running[index]) is not None:
                    loaded = puzzles[index]
                    _show_stopped(loaded.puzzle, _name(loaded), bounds, options, as_json)
        raise
    if refused is not None:
        loaded = puzzles[refused[0]]
        fail(f"{loaded.place}: {refused[1]}")


def _show_stopped(
    puzzle: Puzzle,
    name: str,
    bounds: tuple[int, int],
    options: dict[str, Any],
    as_json: bool,
) -> None:
    """Say what the stopped analysis of ``puzzle`` proved: on standard error, and with
    ``--json`` its record too on standard output (its bounds, stopped by the interrupt)."""
    click.echo(_stopped_at(name, *bounds), err=True)
    if as_json:
        emit_json(
            interrupted_record(
                puzzle, *bounds, expected=options["expected"], rounds=options["rounds"]
            )
        )


def _stopped_at(name: str, low: int, high: int) -> str:
    """The line for a puzzle whose analysis was stopped: the fewest tests proven."""
    if low == high:
        return _("{name}: stopped; fewest tests {n} (exact), the rest not finished").format(
            name=name, n=low
        )
    return _("{name}: stopped; fewest tests {low} to {high} (proven bounds)").format(
        name=name, low=low, high=high
    )


analyze_command.name = "analyze"
