"""``turing analyze`` past its limits: proven bounds, marked as bounds, exit status 0; on a
terminal, the bounds proven so far while a long search runs."""

from __future__ import annotations

import importlib.util
import json
import re
import time
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner

from testsupport.cli import PUZZLES, spawn_analyze
from testsupport.compiled import slow_worst_kernel_construction
from turing.analysis import search as search_module
from turing.cli.main import main

#: exact worst case 6 tests (7 codes), found in a fraction of a second
SMALL = "mode: nightmare\ncards: [3, 7, 10, 14]\n"
#: a 5-verifier nightmare table whose exact worst case, 8, takes about half a minute
#: compiled (8 tests are proven needed within seconds; one call of the compiled search
#: then finds the 8-test strategy, in twenty seconds or more)
LARGE = '{"mode": "nightmare", "cards": [17, 20, 34, 39, 43]}\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_bounds_past_the_work_limit_bracket_the_exact_answer(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    code, out, err = run("analyze", str(path), "--json", "--no-expected", "--round-states", "3000")
    assert code == 0, err
    exact = json.loads(out)
    assert exact["min_tests_worst"] == 6
    assert exact["min_tests_worst_bounds"] == [6, 6]
    assert "min_tests_worst" not in exact["bounds_only"]
    for work in ("1", "100000", "3000000"):
        code, out, err = run(
            "analyze",
            str(path),
            "--json",
            "--max-work",
            work,
            "--expected-states",
            "500",
            "--round-states",
            "3000",
        )
        assert code == 0, err
        record = json.loads(out)
        low, high = record["min_tests_worst_bounds"]
        assert low <= 6 <= high, work
        if low < high:
            assert record["min_tests_worst"] is None
            assert {"min_tests_worst", "rounds_worst"} <= set(record["bounds_only"])
            assert record["first_round"] is None
            r_low, r_high = record["rounds_bounds"]
            assert r_low <= exact["rounds_bounds"][0] <= r_high
        e_low, e_high = record["expected_bounds"]
        assert e_low <= e_high


def test_a_time_limit_alone_lifts_the_default_work_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    monkeypatch.setattr(search_module, "MAX_WORK", 1000)
    args = ("analyze", str(path), "--json", "--no-expected", "--no-rounds")
    code, out, err = run(*args)
    assert code == 0, err
    assert json.loads(out)["min_tests_worst"] is None  # the default work limit: 1000
    code, out, err = run(*args, "--time-limit", "600")
    assert code == 0, err
    assert json.loads(out)["min_tests_worst"] == 6
    code, out, err = run(*args, "--time-limit", "600", "--max-work", "1000")
    assert code == 0, err
    assert json.loads(out)["min_tests_worst"] is None


def test_each_figure_given_as_bounds_says_which_limit_stopped_it(tmp_path: Path) -> None:
    """In JSON (``stopped_by``) and in words, with what to raise to go further."""
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    # each limit with the figures it stops (the others left out: each takes seconds)
    cases = [
        (
            ["--max-work", "1000", "--no-rounds", "--no-expected"],
            "min_tests_worst",
            "max_work",
            "raise --max-work",
        ),
        (["--max-states", "20"], "min_tests_worst", "max_states", "raise --max-states"),
        (
            ["--expected-states", "5", "--no-rounds"],
            "min_tests_expected",
            "expected_states",
            "--expected-states",
        ),
        (
            ["--round-states", "5", "--no-expected"],
            "rounds_worst",
            "round_states",
            "raise --round-states",
        ),
    ]
    for options, figure, limit, words in cases:
        code, out, err = run("analyze", str(path), "--json", *options)
        assert code == 0, err
        record = json.loads(out)
        assert figure in record["bounds_only"], options
        assert record["stopped_by_limit"][figure] == limit, options
        assert set(record["stopped_by_limit"]) == set(record["bounds_only"]), options
        # the kind of limit, as scripts read it before the limits were named
        assert record["stopped_by"][figure] == limit.split("_")[-1].replace("limit", "time")
        assert set(record["stopped_by"]) == set(record["bounds_only"]), options
        code, out, err = run("analyze", str(path), *options)
        assert code == 0, err
        assert words in out and "to search further" in out, out
    # exact figures: nothing stopped
    code, out, err = run("analyze", str(path), "--json", "--no-expected")
    assert code == 0, err
    assert json.loads(out)["stopped_by"] == {}
    assert json.loads(out)["stopped_by_limit"] == {}
    code, out, err = run("analyze", str(path), "--no-expected", "--no-rounds")
    assert "to search further" not in out


def test_a_figure_stopped_by_the_time_limit_says_so(tmp_path: Path) -> None:
    path = tmp_path / "n.jsonl"
    path.write_text(LARGE)
    code, out, err = run("analyze", str(path), "--no-expected", "--time-limit", "1")
    assert code == 0, err
    assert "(the time limit stopped it: a larger --time-limit searches further)" in out


def test_human_output_says_bounds(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    code, out, err = run("analyze", str(path), "--max-work", "1000", "--expected-states", "500")
    assert code == 0, err
    assert "fewest tests that guarantee the code: bounds only, between" in out
    assert "cannot be guaranteed" in out
    assert "first round: not searched" in out
    assert err == ""  # no progress text when standard error is not a terminal


def test_a_long_search_shows_its_bounds_on_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "n.jsonl"
    path.write_text(LARGE)
    child = spawn_analyze(str(path), "--no-expected", "--max-work", "300000000")
    child.expect(r"fewest tests (\d+) to (\d+) so far")
    low, high = int(child.match.group(1)), int(child.match.group(2))
    assert 1 <= low <= high
    child.expect(r"fewest tests that guarantee the code: bounds only, between (\d+) and (\d+)")
    final_low, final_high = int(child.match.group(1)), int(child.match.group(2))
    assert low <= final_low <= final_high <= high
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_quiet_shows_no_progress_on_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "n.jsonl"
    path.write_text(LARGE)
    child = spawn_analyze(str(path), "--no-expected", "--max-work", "300000000", "--quiet")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "so far" not in child.before
    assert "bounds only, between" in child.before


#: an extreme table whose mean takes the search's own several seconds: the compiled
#: search takes over (docs/analysis.md, "Compiled expected search")
EXTREME = '{"mode": "extreme", "cards": [[6, 30], [16, 25], [28, 40], [31, 33], [44, 45]]}\n'


@pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="the fast extra (numba) is not installed"
)
def test_the_progress_line_says_when_the_compiled_search_is_loaded(tmp_path: Path) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text(EXTREME)
    child = spawn_analyze(str(path), "--no-rounds")
    child.expect(r"loading the compiled search \(first time: ~30 s\)")
    child.expect(r"fewest tests on average \(every assignment equally likely\): 6\.595")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="the fast extra (numba) is not installed"
)
def test_once_the_compiled_worst_case_search_is_loaded_the_line_shows_bounds_again(
    tmp_path: Path,
) -> None:
    path = tmp_path / "n.jsonl"
    path.write_text(LARGE)
    child = spawn_analyze(str(path), "--no-expected", "--max-work", "300000000")
    child.expect(r"loading the compiled search")
    child.expect(r"fewest tests \d+ to \d+ so far")
    assert "on average" not in child.before  # the worst-case search goes on, not the mean
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="the fast extra (numba) is not installed"
)
def test_the_report_says_how_long_preparing_the_compiled_search_took(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Compiling it, the first time on a machine, takes about 30 s: part of the time the
    report gives, not of the time limit."""
    from turing.analysis import kernel

    made = kernel.WorstKernel.load
    slow_worst_kernel_construction(monkeypatch, 6)  # as if compiling
    monkeypatch.setattr(search_module, "WORST_FROM", 1)
    monkeypatch.setattr(search_module, "COMPILED_AFTER", 0)
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    args = ("analyze", str(path), "--no-expected", "--no-rounds", "--time-limit", "5")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert record["min_tests_worst"] == 6  # the 6 s of preparing are not in the 5 s
    assert record["loading_seconds"] >= 6 and record["seconds"] >= record["loading_seconds"]
    assert record["processor_seconds"] >= record["loading_seconds"]
    code, out, err = run(*args)
    assert code == 0, err
    assert re.search(
        r"\(\d+\.\d\d s of processor time, \d+\.\d s of it preparing the compiled search\)", out
    )
    monkeypatch.setattr(kernel.WorstKernel, "load", made)
    code, out, err = run(*args)
    assert "preparing" not in out  # loading what is compiled takes about a second


@pytest.mark.skipif(
    importlib.util.find_spec("numba") is None, reason="the fast extra (numba) is not installed"
)
def test_ctrl_c_stops_a_long_compiled_search_at_once(tmp_path: Path) -> None:
    """Once 7 tests are proven too few, one call of the compiled search finds an 8-test
    strategy, for twenty seconds or more; the progress line's clock goes on meanwhile,
    and Ctrl-C ends the command with status 130 at once, not when that search is done."""
    path = tmp_path / "n.jsonl"
    path.write_text(LARGE)
    child = spawn_analyze(str(path), "--no-expected", "--time-limit", "600")
    line = r"fewest tests 8 to \d+ so far.*?(\d+):(\d\d):(\d\d)"
    child.expect(line, timeout=300)
    first = later = [int(x) for x in child.match.groups()]
    for _ in range(100):  # the line is drawn ten times a second, its clock once
        child.expect(line, timeout=10)
        later = [int(x) for x in child.match.groups()]
        if later != first:
            break
    assert later > first  # the clock of the progress line goes on
    child.sendintr()
    # what was proven is said, not lost with the progress line
    child.expect(r"stopped; fewest tests 8 to \d+ \(proven bounds\)", timeout=10)
    child.expect("interrupted", timeout=10)
    child.expect(pexpect.EOF, timeout=10)
    child.close()
    assert child.exitstatus == 130


def test_stopped_after_the_worst_case_it_says_that_figure_exact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped in the search for the mean, without a progress line (--quiet, not a
    terminal), the command still says the fewest tests it found, then "interrupted"."""
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)

    def stop(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(search_module.Search, "expected_sum", stop)
    code, out, err = run("analyze", str(path), "--quiet")
    assert code == 130
    assert out == ""
    assert err.splitlines() == [
        f"{path}:1: stopped; fewest tests 6 (exact), the rest not finished",
        "interrupted",
    ]


def test_stopped_before_any_bound_it_says_only_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)

    def stop(*args: object) -> tuple[int, int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(search_module.Search, "bounded_min_tests", stop)
    code, out, err = run("analyze", str(path), "--json")
    assert (code, out, err) == (130, "", "interrupted\n")


def test_a_stopped_search_whose_bounds_meet_gives_the_exact_figure() -> None:
    """Bounds that meet are the figure itself: exact in JSON and in words alike."""
    published = str(PUZZLES / "published.yaml")
    # The expected search of puzzle 02 stops at 5 states; its bounds are 20/7 and 20/7.
    code, out, err = run("analyze", published, "--id", "02", "--json", "--expected-states", "5")
    assert code == 0, err
    record = json.loads(out)
    assert record["min_tests_expected_fraction"] == "20/7"
    assert record["expected_bounds_fraction"] == ["20/7", "20/7"]
    assert "min_tests_expected" not in record["bounds_only"]
    assert "min_tests_expected" not in record["stopped_by_limit"]
    # the mean of the rounds needed the stopped search
    assert record["rounds_expected"] is None
    assert record["stopped_by_limit"] == {"rounds_expected": "expected_states"}
    code, out, err = run("analyze", published, "--id", "02", "--expected-states", "5")
    assert code == 0, err
    assert (
        "fewest tests on average (every assignment equally likely): 2.857 (the rounds with it "
        "not found: the exact expected search stopped at its limit)\n"
        "    (its state limit stopped it: raise --expected-states to search further)\n"
    ) in out
    assert "bounds only" not in out
    # The rounds search of puzzle 03 stops at 2 states, having proven 1 round enough.
    args = ("analyze", published, "--id", "03", "--no-expected", "--round-states", "2")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert record["rounds_worst"] == 1 and record["rounds_bounds"] == [1, 1]
    # exact, but the round's choice among those keeping it was cut short by the limit
    assert record["bounds_only"] == ["first_round"]
    assert record["stopped_by_limit"] == {"first_round": "round_states"}
    code, out, err = run(*args)
    assert code == 0, err
    assert "fewest tests that guarantee the code: 2 (in 1 round)\n" in out
    assert "bounds only" not in out


#: a classic puzzle of 19 assignments (C4H-JEZCAN), every figure exact within a second
CLASSIC = '{"id": "C4H-JEZCAN", "cards": [7, 23, 25, 48]}\n'
#: a classic puzzle of 28 assignments (C4E-WTFVFG): 5 tests, 4 proven too few at once
CLASSIC_28 = '{"id": "C4E-WTFVFG", "cards": [9, 11, 12, 17]}\n'
#: a hard 5-verifier extreme puzzle (E5H-DZNSPA, 893 assignments) whose worst case is
#: found within a second and the rest not
EXTREME_5 = '{"mode": "extreme", "cards": [[4, 45], [8, 27], [28, 33], [36, 48], [39, 43]]}\n'


def test_stopped_by_names_the_option_whose_limit_stopped_the_search(tmp_path: Path) -> None:
    """The whole search's state limit, not the rounds' own, when that is the one passed:
    in JSON (the limit's own name) and in words (its option)."""
    path = tmp_path / "c.jsonl"
    path.write_text(CLASSIC)
    big = ("--round-states", "10000000", "--expected-states", "10000000")
    code, out, err = run("analyze", str(path), "--json", "--max-states", "1", *big)
    assert code == 0, err
    record = json.loads(out)
    assert record["min_tests_worst"] == 4
    assert record["stopped_by_limit"] == {
        "rounds_worst": "max_states",
        "rounds_expected": "max_states",
    }
    assert set(record["bounds_only"]) == set(record["stopped_by_limit"])
    code, out, err = run("analyze", str(path), "--max-states", "1", *big)
    assert code == 0, err
    assert out.count("(its state limit stopped it: raise --max-states to search further)") == 2
    assert "--round-states" not in out and "--expected-states" not in out
    # each of the three state limits, named apart
    small = ("--max-states", "10000000", "--round-states", "1", "--expected-states", "1")
    code, out, err = run("analyze", str(path), "--json", *small)
    assert code == 0, err
    record = json.loads(out)
    assert record["stopped_by_limit"] == {
        "rounds_worst": "round_states",
        "rounds_expected": "expected_states",
    }
    code, out, err = run("analyze", str(path), *small)
    assert "raise --round-states to search further" in out
    assert "raise --expected-states to search further" in out


def test_every_figure_given_as_bounds_has_its_reason(tmp_path: Path) -> None:
    """The rounds figures left as bounds because the fewest tests were: the limit that
    stopped those, in JSON and in words, the mean's rounds included."""
    path = tmp_path / "c.jsonl"
    path.write_text(CLASSIC_28)
    code, out, err = run("analyze", str(path), "--json", "--max-work", "1")
    assert code == 0, err
    record = json.loads(out)
    assert record["min_tests_expected"] is not None  # exact: the mean has its own limit
    assert sorted(record["bounds_only"]) == ["min_tests_worst", "rounds_expected", "rounds_worst"]
    assert record["stopped_by_limit"] == dict.fromkeys(record["bounds_only"], "max_work")
    code, out, err = run("analyze", str(path), "--max-work", "1")
    assert code == 0, err
    assert (
        "fewest tests on average (every assignment equally likely): 4.929 (the rounds with it "
        "not found: they need the exact fewest tests, which the search stopped short of)\n"
        "    (its work limit stopped it: raise --max-work, or give --time-limit SECONDS to "
        "search further)\n"
    ) in out


def test_a_first_round_past_the_time_limit_says_the_time_limit_stopped_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "e.jsonl"
    path.write_text(EXTREME_5)
    code, out, err = run("analyze", str(path), "--json", "--time-limit", "1")
    assert code == 0, err
    record = json.loads(out)
    assert record["bounds_only"], record  # the time limit stops something
    assert set(record["stopped_by_limit"]) == set(record["bounds_only"])
    if "first_round" in record["bounds_only"]:  # the worst case found in time
        assert record["stopped_by_limit"]["first_round"] == "time_limit"
    assert set(record["stopped_by_limit"].values()) <= set(search_module.LIMITS)


def test_the_time_taken_is_said_by_the_clock_and_in_processor_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy machine makes an analysis longer by the clock, not in the processor time that
    --time-limit counts: the report says both, each for what it is (here the search waits
    half a second, as if the machine were busy, using no processor time)."""
    made = search_module.Search.__init__

    def waiting(self: search_module.Search, *args: object, **kwargs: object) -> None:
        time.sleep(0.5)
        made(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search_module.Search, "__init__", waiting)
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    args = ("analyze", str(path), "--no-expected", "--no-rounds", "--time-limit", "5")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert record["seconds"] >= 0.5 > record["processor_seconds"] + 0.1, record
    code, out, err = run(*args)
    assert code == 0, err
    said = re.search(r"analysed in (\d+\.\d\d) s \((\d+\.\d\d) s of processor time\)\n", out)
    assert said is not None, out
    assert float(said[1]) >= 0.5 > float(said[2]) + 0.1, out
    code, out, err = run("--lang", "de", *args)
    assert re.search(r"analysiert in \d+,\d\d s \(\d+,\d\d s Prozessorzeit\)\n", out), out


#: a classic puzzle of 9 assignments (C4H-EDDNA2): 4 tests in 2 rounds; the first round,
#: 112 tested on D, splits them 5 / 4
EVEN_FIRST = '{"id": "C4H-EDDNA2", "cards": [2, 9, 24, 36]}\n'


def test_a_first_round_chosen_past_the_rounds_limit_is_not_called_the_most_even(
    tmp_path: Path,
) -> None:
    """The fewest rounds proven, but the choice among the rounds keeping them cut short by
    --round-states: the round shown keeps both guarantees, and the limit is named."""
    path = tmp_path / "c.jsonl"
    path.write_text(EVEN_FIRST)
    code, out, err = run("analyze", str(path), "--json", "--no-expected")
    assert code == 0, err
    record = json.loads(out)
    assert record["first_round"]["code"] == "112"
    assert record["bounds_only"] == [] and record["stopped_by_limit"] == {}
    args = ("analyze", str(path), "--no-expected", "--round-states", "10")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert record["rounds_worst"] == 2 and record["min_tests_worst"] == 4
    assert record["first_round"]["code"] != "112"
    assert record["bounds_only"] == ["first_round"]
    assert record["stopped_by"] == {"first_round": "states"}
    assert record["stopped_by_limit"] == {"first_round": "round_states"}
    code, out, err = run(*args)
    assert code == 0, err
    assert "first round: compose " in out
    assert "most even" not in out
    assert "a more even first split may keep it too)\n" in out
    assert "    (its state limit stopped it: raise --round-states to search further)\n" in out


def test_stopped_with_json_it_writes_the_record_of_what_was_proven(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With --json, the stopped puzzle's record comes on standard output too: its proven
    bounds, every figure not finished null and stopped by the interrupt."""
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)

    def stop_in_mean(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(search_module.Search, "expected_sum", stop_in_mean)
    code, out, err = run("analyze", str(path), "--json", "--no-rounds")
    assert code == 130
    assert err.splitlines()[-1] == "interrupted"
    record = json.loads(out)
    assert record["min_tests_worst"] == 6 and record["min_tests_worst_bounds"] == [6, 6]
    assert record["bounds_only"] == ["min_tests_expected"]
    assert record["stopped_by"] == {"min_tests_expected": "interrupt"}
    assert record["stopped_by_limit"] == {"min_tests_expected": "interrupt"}
    assert record["skipped"] == ["rounds_worst", "rounds_expected", "first_round"]
    assert record["mode"] == "nightmare" and record["verifiers"] == 4

    def stop_in_worst(self: search_module.Search, *args: object) -> tuple[int, int]:
        assert self.on_progress is not None
        self.on_progress(5, 8)
        raise KeyboardInterrupt

    monkeypatch.setattr(search_module.Search, "bounded_min_tests", stop_in_worst)
    code, out, err = run("analyze", str(path), "--json")
    assert code == 130
    assert err.splitlines() == [
        f"{path}:1: stopped; fewest tests 5 to 8 (proven bounds)",
        "interrupted",
    ]
    record = json.loads(out)
    assert record["min_tests_worst"] is None and record["min_tests_worst_bounds"] == [5, 8]
    assert record["rounds_bounds"] == [2, 8]
    assert record["bounds_only"] == [
        "min_tests_worst",
        "min_tests_expected",
        "rounds_worst",
        "rounds_expected",
        "first_round",
    ]
    assert set(record["stopped_by"].values()) == {"interrupt"}
    assert set(record["stopped_by_limit"]) == set(record["bounds_only"])


def test_a_file_of_different_kinds_of_puzzle_shows_no_rate_or_eta(tmp_path: Path) -> None:
    """A classic puzzle takes a moment, a nightmare one minutes: after the first the
    rate and the ETA would say the rest ends at once, so the line gives neither. A file
    of one kind keeps them."""
    path = tmp_path / "mix.jsonl"
    path.write_text(EVEN_FIRST + LARGE)
    child = spawn_analyze(str(path), "--no-expected", "--no-rounds", "--max-work", "300000000")
    child.expect(r"analysing [^\r\n]*?1/2[^\r\n]*?\d+:\d\d:\d\d")
    line = child.after
    assert "ETA" not in line and "puzzles/s" not in line, line
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    same = tmp_path / "same.jsonl"
    same.write_text(LARGE * 2)
    child = spawn_analyze(str(same), "--no-expected", "--no-rounds", "--max-work", "300000000")
    child.expect(r"analysing [^\r\n]*?1/2[^\r\n]*?ETA")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_worst_case_lower_bound_is_at_least_the_mean_rounded_up(tmp_path: Path) -> None:
    """No strategy's worst case is below its mean: a worst-case search stopped early (here
    having proven only 3) takes the mean's lower bound, 4.18, rounded up; never past the
    exact answer, 6."""
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    args = ("analyze", str(path), "--max-work", "1")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert record["min_tests_worst"] is None
    e_low = record["expected_bounds"][0]
    assert 4 < e_low < 5
    assert record["min_tests_worst_bounds"] == [5, 7]
    assert record["rounds_bounds"] == [2, 7]
    code, out, err = run(*args)
    assert code == 0, err
    text = " ".join(out.split())
    assert "bounds only, between 5 and 7 (in 2 to 7 rounds)" in text, text
    assert "after proving that 4 cannot be guaranteed" in text


def test_the_first_round_not_searched_names_only_the_limit_that_stopped_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(SMALL)
    code, out, err = run("analyze", str(path), "--max-states", "20", "--no-expected")
    assert code == 0, err
    assert (
        "first round: not searched (it needs the exact fewest tests; raise --max-states to get it)"
    ) in out, out
    code, out, err = run("analyze", str(path), "--max-work", "1000", "--no-expected")
    assert code == 0, err
    assert (
        "first round: not searched (it needs the exact fewest tests; raise --max-work, or "
        "give --time-limit SECONDS to get it)"
    ) in out, out
