"""The output layer of the command line: exit statuses, one-line errors, closed pipes,
Ctrl-C, progress bars (a terminal only), plurals, and commands loaded on first use."""

from __future__ import annotations

import contextlib
import json
import os
import pty
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from testsupport.cli import PUZZLES, ROOT, run
from testsupport.compiled import CLASSIC, needs_numba, wait_until_running
from turing.cli import output
from turing.cli.main import COMMANDS, LazyGroup, main
from turing.cli.output import Terminated, guarded, plural, progress, watch_signals_again
from turing.core.errors import TuringError

SAMPLE = str(PUZZLES / "sample.yaml")


def turing_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "turing", *args]


# -- errors and exit statuses ------------------------------------------------------------------


def group_raising(exc: BaseException) -> LazyGroup:
    """A group like ``turing`` with one command that raises ``exc``."""

    @click.command("boom")
    def boom() -> None:
        raise exc

    group = LazyGroup(name="t")
    group.add_command(boom)
    return group


@pytest.mark.parametrize(
    ("exc", "line"),
    [
        (TuringError("card 99 is not in card set 'classic'"), "card 99 is not in card set"),
        (FileNotFoundError(2, "No such file or directory", "gone.yaml"), "gone.yaml: No such"),
        (PermissionError(13, "Permission denied", "/x/y"), "/x/y: Permission denied"),
        (OSError(28, "No space left on device"), "No space left on device"),
        (sqlite3.OperationalError("database is locked"), "database is locked"),
    ],
)
def test_errors_of_input_and_of_the_world_are_one_line(exc: BaseException, line: str) -> None:
    result = CliRunner().invoke(group_raising(exc), ["boom"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ") and line in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_programming_error_keeps_its_traceback() -> None:
    result = CliRunner().invoke(group_raising(KeyError("bug")), ["boom"])
    assert isinstance(result.exception, KeyError)


def test_turing_debug_shows_the_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURING_DEBUG", "1")
    result = CliRunner().invoke(group_raising(TuringError("bad")), ["boom"])
    assert isinstance(result.exception, TuringError)


def test_ctrl_c_in_a_command_is_exit_130() -> None:
    result = CliRunner().invoke(group_raising(KeyboardInterrupt()), ["boom"])
    assert result.exit_code == 130
    assert result.stderr == "interrupted\n"


def _closing_raises(stop: BaseException) -> None:
    """A generator closed as it is let go, a stop raised meanwhile (as a Ctrl-C landing
    while ``bank export`` closes its query): Python cannot pass the stop on from there."""

    def docs() -> Iterator[int]:
        try:
            yield 1
        finally:
            raise stop

    given = docs()
    next(given)
    del given


@pytest.mark.parametrize("then", ["ends", "pipe closed"])
@pytest.mark.parametrize(
    ("stop", "status", "word"),
    [(KeyboardInterrupt(), 130, "interrupted"), (Terminated(), 143, "terminated")],
)
def test_a_stop_python_could_not_pass_on_still_ends_the_command(
    capfd: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    then: str,
    stop: BaseException,
    status: int,
    word: str,
) -> None:
    """A stop raised where Python can only say "Exception ignored" (a generator being
    closed) still ends the command with its word and status, and nothing else is said."""
    dropped: list[bool] = []
    monkeypatch.setattr(output, "drop_stdout", lambda: dropped.append(True))

    def command() -> None:
        _closing_raises(stop)
        if then == "pipe closed":
            raise BrokenPipeError

    with pytest.raises(click.exceptions.Exit) as ended:
        guarded(command)
    assert ended.value.exit_code == status
    assert capfd.readouterr().err == f"{word}\n"
    assert dropped == ([True] if then == "pipe closed" else [])


def test_an_error_python_could_not_pass_on_is_still_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only stops are taken so: another error raised where Python cannot pass it on goes
    to Python's hook as before, and the command ends as it would have."""
    seen: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda raised: seen.append(raised.exc_value))
    assert guarded(lambda: _closing_raises(ValueError("bug"))) is None
    assert [type(exc) for exc in seen] == [ValueError]


def test_the_sigterm_handler_is_put_back_after_a_command() -> None:
    before = signal.getsignal(signal.SIGTERM)
    assert run(["cards", "show", "1"]).exit_code == 0
    assert signal.getsignal(signal.SIGTERM) == before


def test_the_wakeup_socket_is_put_back_after_a_command() -> None:
    before = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(before)
    assert run(["cards", "show", "1"]).exit_code == 0
    assert signal.set_wakeup_fd(before) == before


@needs_numba
def test_ctrl_c_stops_a_compiled_search_at_once_after_a_line_prompt() -> None:
    """A line prompt's event loop leaves no wake-up socket when it is done; given back, the
    signal watch stops a compiled search on Ctrl-C at once, not when it is done."""
    from turing.analysis.search import Search
    from turing.core.solver import deduce
    from turing.generation.generator import generate_one

    puzzle = generate_one("extreme", 5, "hard", 4, CLASSIC)  # about a second compiled
    search = Search(deduce(puzzle.public(), CLASSIC).hypotheses)
    kernel = search._make_kernel()
    assert kernel is not None

    def interrupt_once_it_runs() -> None:
        wait_until_running(kernel.ctx)
        os.kill(os.getpid(), signal.SIGINT)

    def command() -> None:
        signal.set_wakeup_fd(-1)  # as a prompt's event loop leaves it
        watch_signals_again()
        threading.Thread(target=interrupt_once_it_runs, daemon=True).start()
        kernel.run(search.full, 1 << 60, 1 << 62, 1 << 62, 1e6)

    with pytest.raises(click.exceptions.Exit) as stopped:
        guarded(command)
    assert stopped.value.exit_code == 130
    assert kernel.known(search.full)[0] is None  # stopped before its answer


def test_a_missing_puzzle_file_is_one_line() -> None:
    result = run(["analyze", "no-such-file.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: no-such-file.yaml")
    assert len(result.stderr.splitlines()) == 1


def test_a_closed_pipe_is_quiet_and_not_a_failure() -> None:
    proc = subprocess.Popen(
        turing_argv("generate", "--count", "400", "-o", "-", "--quiet"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as `| head -1` does
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0
    assert json.loads(first)["mode"] == "classic"
    assert err == b""


def test_a_closed_pipe_after_a_table(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            "bash",
            "-c",
            f"{' '.join(turing_argv('cards', 'show'))} | head -1; "
            'echo "status ${PIPESTATUS[0]}" >&2',
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.stderr == "status 0\n"
    assert len(done.stdout.splitlines()) == 1


#: An earlier run's output, which a new run may replace.
OLD_RUN = (
    '{"id": "the old run", "mode": "classic", "cards": [4, 9, 11, 14], '
    '"difficulty": "easy", "verifiers": 4}\n'
)


@pytest.mark.parametrize(
    ("sig", "status", "line"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_stopped_run_leaves_the_old_file(
    tmp_path: Path, sig: signal.Signals, status: int, line: str
) -> None:
    out = tmp_path / "puzzles.jsonl"
    out.write_text(OLD_RUN)
    proc = subprocess.Popen(
        turing_argv("generate", "--count", "10000000", "-o", str(out), "--quiet"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not any(
        p.name.endswith(".tmp") for p in tmp_path.iterdir()
    ):
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == status
    # the word, then what is kept and the seed drawn (even with --quiet), in one line
    (stopped,) = err.decode().splitlines()
    assert re.fullmatch(
        rf"{line}: stopped after [\d,]+ puzzles; {re.escape(str(out))} is as it was; seed (\d+) "
        r"\(drawn at random\): --seed \1 makes the same puzzles again",
        stopped,
    ), stopped
    assert out.read_text() == OLD_RUN
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.jsonl"]


@pytest.mark.parametrize(
    ("sig", "status", "line"),
    [
        (signal.SIGINT, 130, "interrupted"),
        (signal.SIGTERM, 143, "terminated"),
        (signal.SIGHUP, 129, "hung up"),
    ],
)
@pytest.mark.parametrize("command", ["generate", "bank export"])
def test_a_pipeline_stopped_as_a_whole_is_said_without_a_traceback(
    tmp_path: Path, sig: signal.Signals, status: int, line: str, command: str
) -> None:
    """Ctrl-C (or SIGTERM, SIGHUP) to a pipeline ends its reader too: the command ends with
    the signal's status and its word, says nothing was surely written to standard output,
    and Python's flush at exit finds no closed pipe (no traceback, no status 120)."""
    if command == "generate":
        argv = turing_argv("generate", "--count", "10000000", "--seed", "1", "-o", "-", "-q")
    else:
        db = tmp_path / "b.db"
        # far more than a pipe holds: the export waits for its reader
        made = run(["generate", "-n", "2000", "--seed", "1", "--bank", str(db), "--quiet"])
        assert made.exit_code == 0, made.output
        argv = turing_argv("bank", "export", str(db), "-o", "-")
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.readline()  # it runs and writes
    proc.send_signal(signal.SIGSTOP)  # the signal and the reader's end come at one moment
    proc.stdout.close()
    proc.send_signal(sig)
    proc.send_signal(signal.SIGCONT)
    _, err = proc.communicate(timeout=60)
    lines = err.decode().splitlines()
    assert proc.returncode == status, lines
    if command == "generate":
        assert len(lines) == 1, lines
        assert re.fullmatch(
            rf"{line}: stopped after [\d,]+ puzzles; the reader of standard output went away",
            lines[0],
        ), lines
    else:
        assert lines == [line]


# -- progress bars --------------------------------------------------------------------------------


def test_no_progress_bar_into_redirected_stderr(tmp_path: Path) -> None:
    result = run(["generate", "--count", "20", "-o", str(tmp_path / "p.jsonl")])
    assert result.exit_code == 0
    assert result.stderr.startswith("generated 20 ")
    assert len(result.stderr.splitlines()) == 1
    assert "ETA" not in result.stderr and "━" not in result.stderr


def test_json_summary_alone_on_stdout_and_nothing_on_stderr() -> None:
    result = run(["catalogue", "--verifiers", "2", "--count-only", "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    assert json.loads(result.stdout)["complete"] is True


def test_progress_helper_draws_nothing_off_a_terminal() -> None:
    with progress("work", total=3) as bar:
        assert not bar.shown
        bar.advance()
        bar.update(2, 3)
        bar.report(3, 3)
        with bar.paused():
            pass


@pytest.mark.parametrize("width", [60, 80, 100, 200])
def test_the_progress_line_keeps_to_one_row(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """A line wrapped in two is not redrawn in place: the words give way, cut with "…"."""
    import io

    from rich.console import Console

    from turing.cli import output

    screen = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    monkeypatch.setattr(output, "stderr_console", lambda: screen)
    words = "analysing N5S-OE5YVE: loading the compiled search (first time: ~30 s)"
    with progress("analysing", total=2, unit="puzzles") as bar:
        bar.describe(words)
        assert bar._bar is not None
        rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
    text = ["".join(segment.text for segment in row).rstrip() for row in rows]
    assert len(text) == 1, text
    assert "0/2" in text[0] and "ETA" in text[0]
    # two columns short of the edge: room for the "^C" a terminal echoes on Ctrl-C
    assert len(text[0]) <= width - 2
    assert (words in text[0]) == (width >= 140)
    assert "0/2" in text[0]
    if 80 <= width < 140:
        assert "analysing N5S" in text[0] and "…" in text[0]


@pytest.mark.parametrize("width", [60, 70, 80])
def test_on_a_narrow_terminal_the_bar_narrows_before_the_figures_are_cut(
    monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """The figures are what a person reads off a progress line: the bar and the words
    give way first."""
    import io

    from rich.console import Console

    from turing.cli import output

    screen = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="standard")
    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    monkeypatch.setattr(output, "stderr_console", lambda: screen)
    with progress("nightmare any-tier 5v", total=200_000, completed=7_999, unit="puzzles") as bar:
        assert bar._bar is not None
        rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
    line = "".join(segment.text for segment in rows[0]).rstrip()
    assert len(rows) == 1 and len(line) <= width - 2
    assert "7,999/200,000 — puzzles/s 0:00:00 ETA -:--:--" in line, line
    cells = line.count("━") + line.count("╸") + line.count("╺")
    assert output.BAR_MIN_CELLS <= cells < output.BAR_CELLS
    assert "nightmare any-tier 5v" not in line  # the words gave way too


@pytest.mark.parametrize(
    ("width", "words", "figures"),
    [
        (30, "", ""),
        (34, "", " ETA -:--:--"),
        (40, "", " —/s ETA -:--:--"),
        (50, "", " —/s 0:00:00 ETA -:--:--"),
        (60, "", " — puzzles/s 0:00:00 ETA -:--:--"),
        (70, "classic h… ", " — puzzles/s 0:00:00 ETA -:--:--"),
        (80, "classic hard 6v ", " — puzzles/s 0:00:00 ETA -:--:--"),
    ],
)
def test_on_a_narrower_terminal_the_words_give_way_before_the_figures_are_cut(
    monkeypatch: pytest.MonkeyPatch, width: int, words: str, figures: str
) -> None:
    """The words are cut, then give way; then, once the bar has its fewest cells, the
    unit's name of the rate, the clock, the rate and the ETA give way, each whole: the
    count and every figure shown are never cut short (no "20,0…")."""
    import io

    from rich.console import Console

    from turing.cli import output

    screen = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="standard")
    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    monkeypatch.setattr(output, "stderr_console", lambda: screen)
    with progress("classic hard 6v", total=20_000, completed=3_069, unit="puzzles") as bar:
        assert bar._bar is not None
        rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
    line = "".join(segment.text for segment in rows[0]).rstrip()
    assert len(rows) == 1 and len(line) <= width - 2, line
    front = "⠋ " + words
    assert line.startswith(front) and line[len(front)] in "━╸╺", line
    assert line.endswith(" 3,069/20,000" + figures), line
    cells = line.count("━") + line.count("╸") + line.count("╺")
    assert output.BAR_MIN_CELLS <= cells <= output.BAR_CELLS


def test_no_eta_beyond_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run asked for 2⁶³ − 1 puzzles shows no ETA (millions of years), its count whole."""
    import io
    import time

    from rich.console import Console

    from turing.cli import output

    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    lines = []
    for total in (2**63 - 1, 100_000):
        screen = Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)
        monkeypatch.setattr(output, "stderr_console", lambda screen=screen: screen)
        with progress("classic hard 6v", total=total, unit="puzzles") as bar:
            for _ in range(3):
                bar.advance(100)
                time.sleep(0.02)
            assert bar._bar is not None
            rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
        lines.append("".join(segment.text for segment in rows[0]).rstrip())
    huge, small = lines
    assert "/9,223,372,036,854,775,807 " in huge and huge.endswith(" ETA -:--:--"), huge
    assert "…" not in huge and len(huge) <= 78
    assert re.search(r" ETA \d+:\d\d:\d\d$", small), small


@pytest.mark.parametrize("width", [60, 70, 80, 100, 140])
def test_with_the_words_first_the_rate_and_eta_give_way_before_them(
    monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """An analysis's progress line says the bounds proven so far: on an 80-column
    terminal they stay whole, and the rate and the ETA (of little use there) give way."""
    import io

    from rich.console import Console

    from turing.cli import output

    screen = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="standard")
    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    monkeypatch.setattr(output, "stderr_console", lambda: screen)
    words = "analysing N5H-JKG7C2: fewest tests 8 to 11 so far"
    with progress("analysing", total=1, unit="puzzles", words_first=True) as bar:
        bar.describe(words)
        assert bar._bar is not None
        rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
    line = "".join(segment.text for segment in rows[0]).rstrip()
    assert len(rows) == 1 and len(line) <= width - 2, line
    assert "0/1" in line and "0:00:00" in line
    cells = line.count("━") + line.count("╸") + line.count("╺")
    assert cells >= output.BAR_MIN_CELLS
    if width >= 100:
        assert words in line and "puzzles/s" in line and "ETA" in line
    else:
        assert "puzzles/s" not in line and "ETA" not in line
        assert (words in line) == (width >= 70)
        if width < 70:
            assert "analysing N5H-JKG7C2: fewest" in line and "…" in line


def test_while_the_total_is_unknown_no_eta_is_drawn_and_the_words_keep_their_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run whose total is unknown has no ETA to tell: the line leaves it out, and words
    that fit beside the figures are not cut."""
    import io

    from rich.console import Console

    from turing.cli import output

    screen = Console(file=io.StringIO(), width=80, force_terminal=True, color_system=None)
    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    monkeypatch.setattr(output, "stderr_console", lambda: screen)
    words = "search: total ≥ 339, best —; searching"
    with progress("optimal: 120 games", unit="games", words_first=True) as bar:
        bar.describe(words)
        assert bar._bar is not None
        rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
    line = "".join(segment.text for segment in rows[0]).rstrip()
    assert len(rows) == 1 and len(line) <= 78, line
    assert words in line and "games/s" in line and "ETA" not in line


def test_the_progress_counts_are_grouped_as_the_language_writes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from rich.console import Console

    from turing import i18n
    from turing.cli import output

    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    for language, count in (("en", "2,149/30,000"), ("de", "2.149/30.000")):
        screen = Console(file=io.StringIO(), width=120, force_terminal=True, color_system=None)
        monkeypatch.setattr(output, "stderr_console", lambda screen=screen: screen)
        i18n.set_language(language)
        try:
            with progress("generating", total=30_000, completed=2_149) as bar:
                assert bar._bar is not None
                rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
        finally:
            i18n.set_language("en")
        assert count in "".join(segment.text for segment in rows[0])


def on_a_terminal(*args: str, stdout: Path | None = None) -> tuple[int, str]:
    """Run ``turing ARGS…`` with stderr (and stdout, unless a file is given) on a
    pseudo-terminal; the exit status and everything the terminal showed."""
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm", COLUMNS="120")
    with contextlib.ExitStack() as stack:
        out: Any = stack.enter_context(open(stdout, "wb")) if stdout is not None else slave
        proc = subprocess.Popen(
            turing_argv(*args), stdin=slave, stdout=out, stderr=slave, env=env, cwd=ROOT
        )
        os.close(slave)
        shown = bytearray()
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the terminal's last writer has gone
                break
            if not chunk:
                break
            shown.extend(chunk)
        os.close(master)
        return proc.wait(timeout=120), shown.decode("utf-8", "replace")


def test_progress_bar_on_a_terminal_with_rate_and_eta(tmp_path: Path) -> None:
    out = tmp_path / "stats.txt"
    status, shown = on_a_terminal(
        "cards", "stats", "classic", "--verifiers", "5", "--samples", "400", stdout=out
    )
    assert status == 0
    assert "classic: 5-verifier puzzles" in shown
    assert re.search(r"\d+/400", shown) and "/s" in shown and "ETA" in shown
    text = out.read_text()
    assert text.startswith("classic (classic)") and "ETA" not in text


def test_quiet_turns_the_bar_off_on_a_terminal() -> None:
    status, shown = on_a_terminal(
        "cards", "stats", "classic", "--verifiers", "5", "--samples", "200", "--quiet", "--json"
    )
    assert status == 0
    assert "ETA" not in shown
    assert json.loads(shown.strip())["verifiers"] == 5


def test_no_bar_into_a_redirected_stderr_even_with_a_terminal_stdout(tmp_path: Path) -> None:
    log = tmp_path / "err.txt"
    done = subprocess.run(
        ["bash", "-c", " ".join(turing_argv("cards", "stats", "classic", "--samples", "200"))
         + f" 2> {log} > /dev/null"],
        timeout=120,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0
    assert log.read_text() == ""


# -- plurals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "args", "text"),
    [
        (1, ("test",), "1 test"),
        (2, ("test",), "2 tests"),
        (0, ("puzzle",), "0 puzzles"),
        (1, ("criterion", "criteria"), "1 criterion"),
        (7, ("criterion", "criteria"), "7 criteria"),
        (25_000, ("repeat",), "25,000 repeats"),
    ],
)
def test_plural(n: int, args: tuple[str, ...], text: str) -> None:
    assert plural(n, *args) == text


def test_one_puzzle_is_one_puzzle(tmp_path: Path) -> None:
    result = run(["generate", "--count", "1", "-o", str(tmp_path / "one.jsonl")])
    assert "generated 1 classic any-tier 4-verifier puzzle in" in result.stderr
    assert "0 repeats skipped" in result.stderr
    exported = run(["export", SAMPLE, "-o", str(tmp_path / "b.html")])
    assert "wrote 1 puzzle to" in exported.stderr


# -- commands loaded on first use -------------------------------------------------------------


def modules_after(*args: str) -> set[str]:
    """The modules a fresh ``turing ARGS…`` has imported when it finishes."""
    code = (
        "import sys\n"
        "from turing.cli.main import main\n"
        "try:\n"
        f"    main({list(args)!r}, prog_name='turing')\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write('\\n'.join(sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    return set(done.stderr.splitlines())


HEAVY = ("numpy", "turing.analysis", "turing.mastermind", "turing.generation", "sqlite3")


def test_help_lists_every_command_without_importing_them() -> None:
    modules = modules_after("--help")
    assert {m for m in modules if m.startswith("turing.cli.")} == {
        "turing.cli.main",
        "turing.cli.output",
    }
    assert not [m for m in modules if m.startswith((*HEAVY, "rich"))]
    result = run(["--help"])
    for name, entry in COMMANDS.items():
        assert f"  {name} " in result.stdout
        assert entry.short_help in " ".join(result.stdout.split())


def test_solve_imports_neither_numpy_nor_analysis_nor_mastermind() -> None:
    modules = modules_after("solve", SAMPLE)
    assert "turing.cli.solve" in modules
    assert not [m for m in modules if m.startswith(HEAVY)]


def test_every_table_entry_is_the_command_it_names() -> None:
    for name, entry in COMMANDS.items():
        command = main.get_command(click.Context(main), name)
        assert isinstance(command, click.Command)
        assert command.name == name
        assert command.get_short_help_str(200) == entry.short_help
        assert run([name, "--help"]).exit_code == 0


def every_command(
    group: click.Group = main, path: tuple[str, ...] = ("turing",)
) -> list[tuple[str, click.Command]]:
    found: list[tuple[str, click.Command]] = []
    context = click.Context(group)
    for name in group.list_commands(context):
        command = group.get_command(context, name)
        assert command is not None
        if isinstance(command, click.Group):
            found.extend(every_command(command, (*path, name)))
        else:
            found.append((" ".join((*path, name)), command))
    return found


def test_every_option_says_what_it_does() -> None:
    commands = every_command()
    assert len(commands) > 20
    silent = [
        f"{path} {option.opts[0]}"
        for path, command in commands
        for option in command.params
        if isinstance(option, click.Option) and not option.hidden and not option.help
    ]
    assert silent == []
    # The shared options read alike wherever they are.
    for args in (["generate", "--help"], ["catalogue", "--help"]):
        shown = run(args).output
        assert "-j, --jobs N" in shown
        assert "Dask scheduler address" in shown


def completions(words: str, cword: int) -> list[str]:
    env = {
        **os.environ,
        "_TURING_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
    }
    done = subprocess.run(
        [sys.executable, "-m", "turing"], env=env, capture_output=True, text=True, timeout=60,
        check=False,
    )  # fmt: skip
    return done.stdout.splitlines()


def test_shell_completes_commands_and_file_names() -> None:
    assert "plain,generate" in completions("turing gen", 1)
    assert completions("turing generate -o ", 3) == ["file,"]
    assert completions("turing analyze ", 2) == ["file,"]
    assert completions("turing cards stats ", 3) == ["file,"]


def test_every_json_lines_writer_writes_one_form(tmp_path: Path) -> None:
    """Puzzle files of generate, the bank's exports (full and public), --json records,
    and the transcripts of play and of Mastermind's simulate: every line is written as
    ``json_line`` writes it (``{"a": 1, "b": [1, 2]}``)."""
    from turing.core.files import json_line

    db, made = tmp_path / "b.db", tmp_path / "g.jsonl"
    files = {name: tmp_path / f"{name}.jsonl" for name in ("full", "public", "play", "mm")}
    simulate = ["mastermind", "simulate", "--preset", "superhirn", "--sample", "2"]
    commands = [
        ["generate", "-n", "3", "--seed", "1", "--bank", str(db), "-o", str(made), "-q"],
        ["bank", "export", str(db), "-o", str(files["full"])],
        ["bank", "export", str(db), "--public", "-o", str(files["public"])],
        ["play", "--transcript", str(files["play"]), "--seed", "1"],
        [*simulate, "--seed", "9", "--transcript", str(files["mm"])],
    ]
    for args in commands:
        r = CliRunner().invoke(main, args, input="solve 2 4 1\n")
        assert r.exit_code == 0, (args, r.output)
    assert sorted(files["full"].read_text().splitlines()) == sorted(made.read_text().splitlines())
    r = CliRunner().invoke(main, ["solve", str(made), "--json"])
    lines = [line for f in [made, *files.values()] for line in f.read_text().splitlines()]
    lines += r.stdout.splitlines()
    assert len(lines) > 10 and all(json_line(json.loads(line)) == line for line in lines)
