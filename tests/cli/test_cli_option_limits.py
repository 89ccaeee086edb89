"""Options out of reach are one clear error before any work (exit status 2, nothing made):
a tests range upside down, numbers a bank cannot hold, a malformed Dask scheduler address,
more worker processes than the machine can carry, a time limit that is not a number; the run
summary says what this run made and what the bank holds."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.cli.options import max_jobs
from turing.generation.bank import Bank, RunRecord

SAMPLE = str(ROOT / "puzzles" / "sample.yaml")
HUGE = "99999999999999999999999"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def one_error(code: int, text: str, *words: str) -> None:
    assert code == 2, text
    assert "Traceback" not in text
    for word in words:
        assert word in text, text


def test_tests_range_upside_down_is_a_usage_error_in_both_paths(tmp_path: Path) -> None:
    out = tmp_path / "x.jsonl"
    db = tmp_path / "b.db"
    for where in (["-o", str(out)], ["--bank", str(db)], ["--from-bank", str(db), "-o", str(out)]):
        code, text = run("generate", "--count", "3", "--min-tests", "5", "--max-tests", "2", *where)
        one_error(code, text, "--min-tests 5 is above --max-tests 2")
        assert len(text.strip().splitlines()) == 1
    assert not out.exists() and not db.exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["play", "--verifiers", "4-3"],
            "invalid value for '--verifiers': 4-3: 3 is not a count of verifiers (a puzzle has 4, "
            "5 or 6), and the range runs backwards (the fewer first: 4-6)",
        ),
        (
            ["play", "--verifiers", "6-5"],
            "invalid value for '--verifiers': 6-5 runs backwards: the fewer first (5-6)",
        ),
        (
            ["play", "--verifiers", "3-7"],
            "invalid value for '--verifiers': 3-7: 3 and 7 are not counts of verifiers (a puzzle "
            "has 4, 5 or 6)",
        ),
        (
            ["play", "--verifiers", "7"],
            "invalid value for '--verifiers': 7 is not a count of verifiers: "
            "a puzzle has 4, 5 or 6",
        ),
        (
            ["generate", "--count", "1", "--verifiers", "6-7", "-o", "-"],
            "generate takes one count, from 4 to 6; run it once for each",
        ),
        (
            ["generate", "--count", "1", "--verifiers", "7", "-o", "-"],
            "invalid value for '--verifiers': 7 is not in the range from 4 to 6",
        ),
        (
            ["board", "--serve", "--port", "0"],
            "invalid value for '--port': 0 is not in the range from 1 to 65535",
        ),
        (
            ["--lang", "de", "board", "--serve", "--port", "0"],
            "ungültiger Wert für '--port': 0 liegt nicht im Bereich 1 bis 65535",
        ),
        (
            ["--lang", "de", "play", "--verifiers", "6-5"],
            "ungültiger Wert für '--verifiers': 6-5 läuft rückwärts: die kleinere Anzahl zuerst "
            "(5-6)",
        ),
    ],
)
def test_a_count_of_verifiers_or_a_port_out_of_reach_is_said_precisely(
    args: list[str], said: str
) -> None:
    # a range of counts backwards or with a count the game has not, a range where one count
    # is taken, a number out of its range: each said in words, in the language in use
    code, text = run(*args)
    one_error(code, text, said)
    assert len(text.strip().splitlines()) == 1
    assert "<=x" not in text and "not a valid integer" not in text


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "--count", HUGE, "--give-up", "1", "-q"],
        ["generate", "--count", "1", "--start-index", str(2**62 + 1), "-q"],
        ["generate", "--count", "1", "--min-tests", HUGE, "-q"],
        ["bank", "export", "--limit", HUGE],
        ["bank", "export", "--max-tests", HUGE],
    ],
)
def test_numbers_a_bank_cannot_hold_are_refused(tmp_path: Path, args: list[str]) -> None:
    db = tmp_path / "b.db"
    if args[0] == "bank":
        assert run("generate", "--count", "2", "--bank", str(db), "-q")[0] == 0
        args = [*args[:2], str(db), *args[2:]]
    else:
        args = [*args, "--bank", str(db)]
    code, text = run(*args)
    one_error(code, text, "is not in the range")
    if args[0] == "generate":
        assert not db.exists()


@pytest.mark.parametrize("command", [["bank", "export"], ["export"]])
def test_a_limit_of_no_puzzle_is_refused_before_the_bank_is_read(
    tmp_path: Path, command: list[str]
) -> None:
    db = tmp_path / "b.db"
    assert run("generate", "--count", "2", "--bank", str(db), "-q")[0] == 0
    where = ["--bank", str(db)] if command == ["export"] else [str(db)]
    code, text = run(*command, *where, "--limit", "0")
    one_error(code, text, "invalid value for '--limit': 0 is not in the range from 1 up")
    assert len(text.strip().splitlines()) == 1


def test_a_bank_run_starts_at_its_start_index(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    code, text = run("generate", "--count", "3", "--start-index", "1000", "--bank", str(db), "-q")
    assert code == 0, text
    with Bank(db) as b:
        assert b.runs()[0].next_index >= 1003
        indices = [json.loads(doc)["index"] for doc in b.docs(None, None)]
    assert len(indices) == 3 and min(indices) >= 1000


def test_the_json_summary_counts_the_indices_this_command_tried(tmp_path: Path) -> None:
    """``indices``: how many indices this command tried (not the start offset with them);
    ``next_index``: where the run goes on."""
    out = tmp_path / "si.jsonl"
    args = ["generate", "-n", "10", "--seed", "1", "-o", str(out), "--json"]
    r = CliRunner().invoke(main, [*args, "--start-index", "1000"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    last = max(json.loads(line)["index"] for line in out.read_text().splitlines())
    assert summary["next_index"] == last + 1
    assert summary["indices"] == last + 1 - 1000 == 10 + summary["repeats_skipped"]
    db = tmp_path / "b.db"
    r = CliRunner().invoke(main, [*args, "--bank", str(db)])
    first = json.loads(r.stdout)
    r = CliRunner().invoke(main, [*args[:2], "25", *args[3:], "--bank", str(db)])
    more = json.loads(r.stdout)
    assert more["made"] == 15 and more["resumed_from"] == 10
    assert more["indices"] == more["next_index"] - first["next_index"] > 0


@pytest.mark.parametrize(
    "address", ["notanaddress", "tcp://127.0.0.1:notaport", "", "foo://bar", "tcp://h:99999"]
)
def test_a_malformed_scheduler_address_is_one_line(tmp_path: Path, address: str) -> None:
    pytest.importorskip("distributed")
    db = tmp_path / "d.db"
    code, text = run(
        "generate", "--count", "5", "--executor", "dask", "--scheduler", address, "--bank", str(db)
    )
    one_error(code, text, f"--scheduler {address!r} is not a Dask scheduler address")
    assert len(text.strip().splitlines()) == 1 and not db.exists()
    code, text = run(
        "catalogue",
        "--verifiers",
        "3",
        "--count-only",
        "--executor",
        "dask",
        "--scheduler",
        address,
    )
    one_error(code, text, "is not a Dask scheduler address")


def test_scheduler_without_dask_is_refused_before_the_bank_is_made(tmp_path: Path) -> None:
    db = tmp_path / "d.db"
    code, text = run("generate", "--count", "5", "--scheduler", "tcp://h:1", "--bank", str(db))
    one_error(code, text, "--scheduler needs --executor dask")
    assert not db.exists()


@pytest.mark.parametrize(
    "command",
    [["generate", "--count", "1", "-o", "-"], ["catalogue", "--verifiers", "2", "--count-only"]],
)
def test_more_jobs_than_the_machine_carries_are_refused(command: list[str]) -> None:
    # The refusal comes before any work: no worker is started.
    code, text = run(*command, "--jobs", str(max_jobs() + 1))
    one_error(code, text, f"{max_jobs() + 1} is more than {max_jobs()}", "processors")
    # a remote Dask scheduler's workers are not this machine's: --jobs is the blocks in
    # flight there, and only the (here malformed) address is refused
    if importlib.util.find_spec("distributed") is not None:
        many = [*command, "--jobs", str(max_jobs() + 1), "--executor", "dask"]
        code, text = run(*many, "--scheduler", "foo://bar")
        one_error(code, text, "is not a Dask scheduler address")
        assert "more than" not in text
    code, text = run("analyze", SAMPLE, "--jobs", str(max_jobs() + 1))
    one_error(code, text, f"is more than {max_jobs()}")
    code, text = run("generate", "--help")
    assert "at most 4 for each processor" in " ".join(text.split())


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
def test_time_limit_must_be_a_finite_number(value: str) -> None:
    code, text = run("analyze", SAMPLE, "--time-limit", value)
    one_error(code, text, "--time-limit")
    assert "is not a number of seconds" in text


def test_from_bank_with_bank_names_the_conflict(tmp_path: Path) -> None:
    code, text = run(
        "generate", "--count", "3", "--from-bank", str(tmp_path / "c.db"), "--bank", "x.db"
    )
    one_error(code, text, "--bank cannot be combined with --from-bank")


def test_summary_tells_made_in_this_run_from_held_in_the_bank(tmp_path: Path) -> None:
    db = str(tmp_path / "b.db")
    assert run("generate", "--count", "3", "--seed", "0", "--bank", db)[0] == 0
    code, text = run("generate", "--count", "5", "--seed", "0", "--bank", db)
    assert code == 0, text
    assert "generated 2 " in text and "the bank holds 5 of this run's puzzles (5 asked)" in text
    code, text = run("generate", "--count", "2", "--seed", "0", "--bank", db)
    assert code == 0, text
    assert "run already complete" in text
    assert "the bank holds 5 of this run's puzzles (2 asked)" in text
    assert "in this run" not in text
    code, text = run("generate", "--count", "2", "-o", str(tmp_path / "p.jsonl"))
    assert code == 0 and "; 2 asked" in text


def test_german_bank_stats_group_every_number_alike(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    with Bank(db) as b:
        b.claim_writer()
        b.save_run(RunRecord("sig", "generate", {}, next_index=15000, kept=15000, target=15000))
    code, text = run("--lang", "de", "bank", "stats", str(db))
    assert code == 0, text
    assert "15000" not in text and text.count("15.000") == 3


def test_a_count_is_read_as_the_help_writes_it() -> None:
    """A limit is read as its help writes it (grouped in thousands, ``20,000,000,000``; in
    German ``20.000.000.000``), or with underscores or a power of ten (``2e10``); anything
    that is not one whole number is refused as one, not as an "integer range"."""
    quick = ["analyze", "-q", "--no-rounds", "--no-expected", SAMPLE]
    code, text = run(
        *quick,
        "--max-work",
        "20,000,000,000",
        "--max-states",
        "4_000_000",
        "--round-states",
        "1e5",
        "--expected-states",
        "2.5e4",
    )
    assert code == 0 and "fewest tests that guarantee the code: 1" in text, text
    code, text = run("--lang", "de", *quick, "--max-work", "20.000.000.000")
    assert code == 0, text
    code, text = run(*quick, "--max-work", "2e10", "--json")
    assert code == 0 and json.loads(text)["min_tests_worst"] == 1, text
    for bad in ("1,00", "1.000", "2.5e0", "4.0", "abc", "1,000.5"):
        code, text = run(*quick, "--max-work", bad)
        one_error(code, text, f"'{bad}' is not a valid integer (")
        assert "range" not in text.split("(")[0], text
    for bad in ("0", "-1,000", "1e500"):
        code, text = run(*quick, "--max-work", bad)
        one_error(code, text, "is not in the range from 1 up")
    code, text = run("--lang", "de", *quick, "--max-states", "x")
    one_error(code, text, "'x' ist keine gültige ganze Zahl (")
    code, text = run("generate", "--count", "1e30", "-o", "-")
    one_error(code, text, "is not in the range from 0 to 9223372036854775807")


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("0", "0 is not a number of seconds above 0"),
        ("0.0", "0 is not a number of seconds above 0"),
        ("-2.5", "-2.5 is not a number of seconds above 0"),
        ("abc", "'abc' is not a number of seconds (like 30 or 2.5)"),
        ("2,5", "'2,5' is not a number of seconds (like 30 or 2.5)"),
    ],
)
def test_a_time_limit_that_is_no_number_of_seconds_is_refused_in_words(
    value: str, said: str
) -> None:
    code, text = run("analyze", SAMPLE, "--time-limit", value)
    one_error(code, text, f"invalid value for '--time-limit': {said}")
    assert "float" not in text and "range" not in text


def test_a_time_limit_in_german_is_written_and_read_with_a_decimal_comma(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TURING_LANG", "de")
    code, text = run("analyze", SAMPLE, "--time-limit", "-2,5")
    one_error(code, text, "'--time-limit': -2,5 ist keine Zahl von Sekunden über 0")
    code, text = run("analyze", SAMPLE, "--time-limit", "abc")
    one_error(code, text, "'abc' ist keine Zahl von Sekunden (wie 30 oder 2,5)")
    code, text = run("analyze", SAMPLE, "--time-limit", "2,5", "--json")
    assert code == 0, text
