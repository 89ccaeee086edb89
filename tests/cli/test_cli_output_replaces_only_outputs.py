"""What ``-o FILE`` may replace, and how it is written.

An existing file (judged where its links lead) is replaced only when it is empty or an
earlier output of the same kind: puzzles as JSON Lines under ``generate`` and ``bank
export`` (every line read one of turing's, with the fields a puzzle by hand lacks), a
booklet (known by its mark in any case and place, or one written before the mark by its
structure) under ``export``. Anything else is refused in one
line, exit status 2, the file byte for byte as it was. Two runs writing one file at once:
the later one is refused at its start. Every name the file system takes can be written,
however long; a name longer is refused in the one wording. A saved game, a transcript and
a card set with a byte-order mark (as Windows Notepad writes it) are known as without one.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from testsupport.cli import CARDS, PUZZLES, ROOT, run

SAMPLE = str(PUZZLES / "sample.yaml")
NOTES = "# My notes\n"
WAY = "give another name, or remove the file first"
BOM = b"\xef\xbb\xbf"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.chdir(tmp_path)
    yield tmp_path


@pytest.fixture(scope="module")
def bank(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("bank") / "conc.db"
    r = run(["generate", "-n", "2", "--seed", "1", "--bank", str(db), "-q"])
    assert r.exit_code == 0, r.output
    return db


def commands(bank: Path) -> list[tuple[list[str], str]]:
    """Each command that writes ``-o`` (without it), with what it says it is not."""
    lines = "a file of puzzles as JSON Lines"
    return [
        (["export", SAMPLE, "--format", "markdown"], "a booklet"),
        (["export", SAMPLE], "a booklet"),
        (["generate", "-n", "1", "--seed", "3", "-q"], lines),
        (["bank", "export", str(bank)], lines),
    ]


@pytest.mark.parametrize("which", range(4))
def test_a_file_of_another_kind_is_kept(here: Path, bank: Path, which: int) -> None:
    args, what = commands(bank)[which]
    (here / "notes.md").write_text(NOTES)
    r = run([*args, "-o", "notes.md"])
    assert (r.exit_code, r.output) == (
        2,
        f"error: cannot write notes.md: it exists and is not {what}; {WAY}\n",
    )
    assert (here / "notes.md").read_text() == NOTES


@pytest.mark.parametrize("which", range(4))
def test_a_link_is_judged_where_it_leads(here: Path, bank: Path, which: int) -> None:
    args, what = commands(bank)[which]
    (here / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (here / "l4.jsonl").symlink_to(here / "passwd")
    r = run([*args, "-o", "l4.jsonl"])
    assert (r.exit_code, r.output) == (
        2,
        f"error: cannot write l4.jsonl: it exists and is not {what}; {WAY}\n",
    )
    assert (here / "passwd").read_text() == "root:x:0:0:root:/root:/bin/bash\n"
    assert (here / "l4.jsonl").is_symlink()


@pytest.mark.parametrize("which", range(4))
def test_an_earlier_output_and_an_empty_file_are_replaced(
    here: Path, bank: Path, which: int
) -> None:
    args, _what = commands(bank)[which]
    (here / "out").write_text("")
    first = run([*args, "-o", "out"])
    assert first.exit_code == 0, first.output
    earlier = (here / "out").read_text()
    assert earlier
    (here / "link").symlink_to(here / "out")
    again = run([*args, "-o", "link"])
    assert again.exit_code == 0, again.output
    assert (here / "out").read_text() == earlier
    assert (here / "link").is_symlink()


def test_booklets_carry_their_mark(here: Path) -> None:
    assert run(["export", SAMPLE, "--format", "markdown", "-o", "b.md"]).exit_code == 0
    assert (here / "b.md").read_text().startswith("<!-- turing booklet -->\n# ")
    assert run(["export", SAMPLE, "-o", "b.html"]).exit_code == 0
    head = (here / "b.html").read_text().split("</head>")[0]
    assert '<meta name="generator" content="turing">' in head


# -- what an earlier output is ------------------------------------------------------------------

HAND_PUZZLE = '{"id":"my-1","cards":[1,6,14,15],"criteria":[2,1,1,2]}\n'
LINES = "it exists and is not a file of puzzles as JSON Lines"


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("one.json", HAND_PUZZLE, "it is a puzzle file"),
        ("one.jsonl", HAND_PUZZLE + HAND_PUZZLE, "it is a puzzle file"),
        ("n2.txt", '{"cards": []}\nmy notes\n', LINES),
        ("n3.jsonl", '{"cards": []}\n', "it is a puzzle file"),
    ],
)
def test_puzzles_or_notes_by_hand_are_kept(here: Path, name: str, text: str, reason: str) -> None:
    (here / name).write_text(text)
    r = run(["generate", "-n", "2", "--seed", "1", "-q", "-o", name])
    assert (r.exit_code, r.output) == (2, f"error: cannot write {name}: {reason}; {WAY}\n")
    assert (here / name).read_text() == text


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "-n", "1", "--seed", "3", "-q"],
        ["generate", "-n", "2", "--seed", "3", "-q", "--mode", "extreme", "--no-metrics"],
        ["generate", "-n", "2", "--seed", "3", "-q", "--mode", "nightmare"],
    ],
)
def test_an_earlier_output_is_replaced_and_kept_once_notes_are_added(
    here: Path, bank: Path, args: list[str]
) -> None:
    for earlier in (args, ["bank", "export", str(bank), "--public"], args):
        assert run([*earlier, "-o", "p.jsonl"]).exit_code == 0
        r = run([*args, "-o", "p.jsonl"])
        assert r.exit_code == 0, r.output
    text = (here / "p.jsonl").read_text() + "my notes on these\n"
    (here / "p.jsonl").write_text(text)
    r = run([*args, "-o", "p.jsonl"])
    assert (r.exit_code, r.output) == (2, f"error: cannot write p.jsonl: {LINES}; {WAY}\n")
    assert (here / "p.jsonl").read_text() == text


def test_a_json_file_of_one_generated_puzzle_is_an_earlier_output(here: Path) -> None:
    """``generate -n 1 -o p.json`` run again replaces its own file: one puzzle written by
    turing is an earlier output in a ``.json`` file too; one by hand is kept."""
    for seed in ("3", "4"):
        r = run(["generate", "-n", "1", "--seed", seed, "-q", "-o", "p.json"])
        assert r.exit_code == 0, r.output
    assert '"seed": 4' in (here / "p.json").read_text()


# -- booklets as a formatter leaves them, and those written before the mark -----------------------

BOOKLETS = ROOT / "tests" / "data" / "booklets"


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("b.html", lambda t: t.replace("<!DOCTYPE html>", "<!doctype html>")),
        (
            "b.html",
            lambda t: t.replace('<meta name="generator" content="turing">', "").replace(
                "</style></head>", '</style>\n<META NAME="generator" CONTENT="turing" />\n</head>'
            ),
        ),
        ("b.md", lambda t: "\n" + t.replace("<!-- turing booklet -->", "<!--  Turing Booklet -->")),
    ],
)
def test_a_reformatted_booklet_is_replaced(here: Path, name: str, change: Any) -> None:
    args = ["export", SAMPLE, "-o", name] + (
        ["--format", "markdown"] if name.endswith("md") else []
    )
    assert run(args).exit_code == 0
    written = (here / name).read_text()
    (here / name).write_text(change(written))
    r = run(args)
    assert r.exit_code == 0, r.output
    assert (here / name).read_text() == written


@pytest.mark.parametrize("name", ["booklet.en.html", "booklet.en.md"])
def test_a_booklet_written_before_the_mark_is_replaced(here: Path, name: str) -> None:
    older = (BOOKLETS / "unmarked" / name).read_text(encoding="utf-8")
    assert "turing" not in older
    (here / name).write_text(older, encoding="utf-8")
    form = ["--format", "markdown"] if name.endswith("md") else []
    r = run(["export", SAMPLE, *form, "-o", name])
    assert r.exit_code == 0, r.output
    assert (here / name).read_text(encoding="utf-8") != older


def test_what_may_be_an_older_booklet_is_said_so(here: Path) -> None:
    older = (BOOKLETS / "unmarked" / "booklet.en.md").read_text(encoding="utf-8")
    cut = older.split("Notes:")[0]  # no notes grid: it cannot be told surely
    (here / "b.md").write_text(cut, encoding="utf-8")
    r = run(["export", SAMPLE, "--format", "markdown", "-o", "b.md"])
    assert (r.exit_code, r.output) == (
        2,
        "error: cannot write b.md: it holds no booklet mark (a booklet written before "
        f"booklets carried one?); {WAY}\n",
    )
    assert (here / "b.md").read_text(encoding="utf-8") == cut


def test_the_known_kinds_keep_their_own_words(here: Path) -> None:
    shutil.copyfile(CARDS / "examples" / "primes.yaml", here / "garden.yaml")
    r = run(["generate", "-n", "1", "-q", "-o", "garden.yaml"])
    assert (r.exit_code, r.output) == (
        2,
        f"error: cannot write garden.yaml: it is a card set; {WAY}\n",
    )


def test_devices_are_written_as_before(here: Path) -> None:
    r = run(["export", SAMPLE, "-o", "/dev/null"])
    assert r.exit_code == 0, r.output


# -- two runs at once --------------------------------------------------------------------------


def turing_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "turing", *args]


def test_a_second_run_writing_the_same_file_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "co.jsonl"
    slow = subprocess.Popen(
        turing_argv("generate", "-n", "10000000", "--seed", "1", "-o", str(out), "-q"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not any(
            p.name.endswith(".tmp") for p in tmp_path.iterdir()
        ):
            time.sleep(0.05)
        second = subprocess.run(
            turing_argv("generate", "-n", "10", "--seed", "2", "-o", str(out)),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert (second.returncode, second.stdout, second.stderr) == (
            2,
            "",
            f"error: {out}: another turing process (pid {slow.pid}) is writing to this "
            "file; wait for it to finish\n",
        )
    finally:
        slow.kill()  # as kill -9: its lock is left behind, held by nobody
        slow.wait(timeout=60)
    assert not out.exists()
    later = subprocess.run(
        turing_argv("generate", "-n", "10", "--seed", "2", "-o", str(out), "-q"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert later.returncode == 0, later.stderr
    assert len(out.read_text().splitlines()) == 10
    assert [p.name for p in tmp_path.iterdir()] == ["co.jsonl"]


# -- long names --------------------------------------------------------------------------------


@pytest.mark.parametrize("length", [245, 250, 255])
def test_every_name_the_file_system_takes_is_written(here: Path, length: int) -> None:
    name = "c" * (length - len(".jsonl")) + ".jsonl"
    r = run(["generate", "-n", "1", "--seed", "3", "-q", "-o", name])
    assert r.exit_code == 0, r.output
    again = run(["generate", "-n", "1", "--seed", "3", "-q", "-o", name])
    assert again.exit_code == 0, again.output
    assert [p.name for p in here.iterdir()] == [name]


def test_a_long_name_saves_and_writes_a_transcript(here: Path) -> None:
    name = "c" * 250
    r = run(["play", SAMPLE, "--save", name + ".s", "--transcript", name + ".t"], input="quit\n")
    assert r.exit_code == 1, r.output
    assert sorted(p.name for p in here.iterdir()) == [name + ".s", name + ".t"]


def test_a_name_too_long_is_refused_in_one_wording(here: Path) -> None:
    name = "c" * 256
    for args, cannot in (
        (["generate", "-n", "1", "-o"], "cannot write"),
        (["play", SAMPLE, "--save"], "cannot save to"),  # as every refusal of a save
    ):
        r = run([*args, name])
        assert r.exit_code == 2
        assert r.output.endswith(f"{cannot} {name}: file name too long\n"), r.output


# -- a byte-order mark ----------------------------------------------------------------------------


def test_a_save_with_a_bom_is_saved_back_as_turing_writes_saves(here: Path) -> None:
    r = run(["play", SAMPLE], input="save g.json\nquit\n")
    assert (here / "g.json").exists(), r.output
    (here / "c.json").write_bytes(BOM + (here / "g.json").read_bytes())
    r = run(["play", "--resume", "c.json"], input="test B\nsave\nquit\n")
    assert "not a saved game" not in r.output, r.output
    saved = (here / "c.json").read_bytes()
    assert saved.startswith(b'{\n "format": "turing')
    r = run(["play", "--resume", "c.json"], input="quit\n")
    assert "error" not in r.output, r.output


def test_a_transcript_with_a_bom_is_written_over(here: Path) -> None:
    run(["play", SAMPLE, "--transcript", "t.jsonl"], input="quit\n")
    (here / "t.jsonl").write_bytes(BOM + (here / "t.jsonl").read_bytes())
    r = run(["play", SAMPLE, "--transcript", "t.jsonl"], input="quit\n")
    assert "error" not in r.output, r.output
    assert (here / "t.jsonl").read_bytes().startswith(b'{"event": "start"')


def test_a_card_set_with_a_bom_is_known(here: Path) -> None:
    primes = (CARDS / "examples" / "primes.yaml").read_bytes()
    for name, data in (
        ("bom8.yaml", BOM + primes),
        ("bom16.yaml", primes.decode().encode("utf-16")),
    ):
        (here / name).write_bytes(data)
        r = run(["generate", "-n", "1", "-q", "-o", name])
        assert (r.exit_code, r.output) == (
            2,
            f"error: cannot write {name}: it is a card set; {WAY}\n",
        )
        assert (here / name).read_bytes() == data
