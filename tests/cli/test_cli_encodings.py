"""An output that cannot take every character (``PYTHONIOENCODING=ascii`` or ``latin-1``,
a legacy locale): every command writes what it can, a symbol it cannot by its ASCII
stand-in (✔ as +, ▲ as ^) or as ``?``, never a traceback, and its JSON stays whole JSON
that loses no character."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from testsupport.cli import PUZZLES, ROOT
from turing import i18n
from turing.cli.output import STAND_INS, as_written

ENCODINGS = ["ascii", "latin-1"]
SAMPLE = str(PUZZLES / "sample.yaml")


def run_in(
    encoding: str, *args: str, input: str | bytes = ""
) -> subprocess.CompletedProcess[bytes]:
    """``turing ARGS…`` in a process whose standard streams are in ``encoding``, its
    input piped (text as ASCII, bytes as they are)."""
    env = {
        **os.environ,
        "PYTHONIOENCODING": encoding,
        "NO_COLOR": "1",
        "TURING_LANG": "en",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-m", "turing", *args],
        input=input.encode("ascii") if isinstance(input, str) else input,
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def written(done: subprocess.CompletedProcess[bytes], encoding: str) -> str:
    """What the process wrote (stdout, then stderr), read in its encoding; click writes
    UTF-8 where Python was told ASCII, which reads as UTF-8 with what is not."""
    text = ""
    for data in (done.stdout, done.stderr):
        assert b"Traceback" not in data, data.decode("utf-8", "replace")
        if encoding == "ascii":
            text += data.decode("utf-8", "replace")
        else:
            text += data.decode(encoding)
    return text


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize(
    ("args", "input", "status", "shown"),
    [
        # a test's answer ✘ and the shapes ▲ ■ ● told apart, the rest as it is
        (["play"], "c 111; t A\nhelp\n", 1, "111 on A: x"),
        (["play"], "", 1, "^ blue"),
        (["--lang", "de", "play"], "e 111; t A\nhilfe\n", 1, "- Runde 1 -"),
        (["mastermind", "play", "--seed", "1"], "1234\nhelp\n", 1, "row  1  R G B Y"),
        (["solve", SAMPLE], "", 0, "solution: 241"),
        (["check", SAMPLE], "", 0, "all sound"),
        (["cards", "show"], "", 0, "^ > 1"),
        (["rules"], "", 0, "codebreaker"),
        (["--lang", "de", "--help"], "", 0, "Befehle"),
        (["--lang", "de", "play", "--help"], "", 0, "Optionen"),
    ],
)
def test_no_command_fails_for_its_output_encoding(
    encoding: str, args: list[str], input: str, status: int, shown: str
) -> None:
    done = run_in(encoding, *args, input=input)
    text = written(done, encoding)
    assert done.returncode == status, text
    assert shown in text, text


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["--help"], "1-5 for ^ blue"),
        (["play", "--help"], "Usage: turing play"),
        (["board", "--help"], "Keys: 1-5"),
        (["rules"], "^ = 3"),
        (["--lang", "de", "--help"], "1-5 fuer ^ blau"),
        (["--lang", "de", "rules"], "^ = 3"),
    ],
)
def test_the_help_and_the_rules_are_written_with_stand_ins(args: list[str], shown: str) -> None:
    done = run_in("ascii", *args)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("ascii")  # no UTF-8 byte in it
    assert shown in text, text


@pytest.mark.parametrize(
    ("args", "input", "shown"),
    [
        (["solve", "--help"], "", "Usage: turing solve [OPTIONS] FILE...\n"),
        (["solve", "--help"], "", "verifiers A, B, ...: 4,9,11,14"),
        (["share", "--help"], "", '{"id": ..., "code": ...}'),
        (["play", "--help"], "", "(bot:greedy, bot:random, ...)"),
        (["play", "--help"], "", "mark SHAPE DIGIT... yes|no|clear"),
        (["play"], "help mark\n", "mark SHAPE DIGIT... yes|no|clear: mark digits"),
        (["--lang", "de", "solve", "--help"], "", "Aufruf: turing solve [OPTIONEN] DATEI...\n"),
    ],
)
def test_an_ellipsis_for_more_is_written_as_three_dots(
    args: list[str], input: str, shown: str
) -> None:
    # "~" is what a cut line ends in; "FILE~" reads as a backup file's name
    done = run_in("ascii", *args, input=input)
    text = done.stdout.decode("ascii")
    assert shown in text, text
    assert "~" not in text, text


def test_the_help_is_wrapped_as_it_is_written() -> None:
    # "prüfen" is written "pruefen": a line wrapped before it was spelled so is too long
    for args in (["--lang", "de", "check", "--help"], ["--lang", "de", "solve", "--help"]):
        done = subprocess.run(
            [sys.executable, "-m", "turing", *args],
            capture_output=True,
            env={
                **os.environ,
                "PYTHONIOENCODING": "ascii",
                "COLUMNS": "80",
                "PYTHONPATH": str(ROOT),
            },
            cwd=ROOT,
            timeout=120,
        )
        lines = done.stdout.decode("ascii").splitlines()
        assert max(len(line) for line in lines) <= 80, [ln for ln in lines if len(ln) > 80]


def test_an_error_of_click_is_written_with_stand_ins() -> None:
    done = run_in("ascii", "--lang", "de", "play", "--seed", "x")
    assert done.returncode == 2
    assert "ungueltiger Wert fuer '--seed'" in done.stderr.decode("ascii"), done.stderr


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_generated_puzzles_are_json_lines(encoding: str) -> None:
    done = run_in(encoding, "generate", "-n", "2", "--seed", "1", "-o", "-", "--quiet")
    assert done.returncode == 0, written(done, encoding)
    lines = done.stdout.decode("ascii").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [1, 1]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_json_records_keep_every_character(encoding: str, tmp_path: Path) -> None:
    puzzle = tmp_path / "puzzle.yaml"
    puzzle.write_text(
        'id: "Rätsel — ▲ 1"\ncards: [4, 9, 11, 14]\ncriteria: [1, 1, 1, 1]\n', encoding="utf-8"
    )
    done = run_in(encoding, "solve", "--json", str(puzzle))
    assert done.returncode == 1, written(done, encoding)  # three codes meet the criteria
    record = json.loads(done.stdout.decode("ascii"))
    assert record["id"] == "Rätsel — ▲ 1"
    assert record["candidates"] == ["122", "124", "125"]


def test_a_stand_in_takes_the_cells_of_its_symbol() -> None:
    from rich.cells import cell_len

    for symbol, stand_in in STAND_INS.items():
        assert stand_in.isascii(), symbol
        if symbol in UMLAUTS + SPELLED:
            continue
        assert cell_len(stand_in) == cell_len(symbol) == 1, symbol


UMLAUTS = "äöüÄÖÜß"
#: signs written as they are typed (``>=``) and key symbols as the key's name (``Tab``)
SPELLED = "≤≥≠±⌈⇥⌫⏎␣Σ…"


def test_every_symbol_of_the_catalogue_has_a_stand_in() -> None:
    from babel.messages.pofile import read_po

    with (ROOT / "turing/locale/de/LC_MESSAGES/turing.po").open("rb") as po:
        catalogue = read_po(po)
    texts: list[str] = []
    for message in catalogue:
        for text in (message.id, message.string):
            texts.extend([text] if isinstance(text, str) else text or ())
    symbols = {ch for text in texts for ch in text if not ch.isascii()}
    assert symbols - set(STAND_INS) == set()


def test_signs_and_powers_are_written_as_typed() -> None:
    assert ascii_form("▲ ≥ ■, ● ≤ 3, ▲ ≠ ●, ⌈log2 5⌉, 10¹² codes") == (
        "^ >= #, @ <= 3, ^ != @, ceil(log2 5), 10^12 codes"
    )


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_the_cards_keep_their_columns_with_signs_written_as_typed(encoding: str) -> None:
    done = run_in(encoding, "cards", "show")
    text = written(done, encoding)
    assert done.returncode == 0, text
    rows = [line for line in text.splitlines() if "both others" in line]
    assert " 1  ^ >= both others  55 codes  b >= y and b >= p" in rows, text
    assert len({line.index("codes") for line in rows}) == 1, rows


def test_german_letters_are_written_as_german_writes_them_without_umlauts() -> None:
    assert "".join(STAND_INS[ch] for ch in UMLAUTS) == "aeoeueAeOeUess"


def ascii_form(text: str) -> str:
    return as_written(text, io.TextIOWrapper(io.BytesIO(), encoding="ascii"))


def test_every_german_word_to_type_can_be_typed_as_an_ascii_output_writes_it() -> None:
    from turing.mastermind.commands import COMMANDS as MASTERMIND_COMMANDS
    from turing.mastermind.pins import WHITE_WORDS
    from turing.mastermind.presets import GENERIC_COLOURS
    from turing.play.session import ALIASES, command_name, command_rows

    for word in ALIASES:
        assert command_name(ascii_form(word)) == command_name(word), word
    with i18n.speaking("de"):
        for usage, _what in command_rows(ascii_form):
            assert command_name(usage.split()[0]) is not None, usage
    for command in MASTERMIND_COMMANDS:
        assert ascii_form(command.german) in command.words, command
        for word in command.words:
            assert ascii_form(word) in command.words, word
    for colour in GENERIC_COLOURS:
        for word in colour.words:
            assert ascii_form(word) in colour.words, word
    assert {ascii_form(word) for word in WHITE_WORDS} <= WHITE_WORDS


@pytest.mark.parametrize(
    ("lang", "script", "shown"),
    [
        ("en", "mark ^ 1 yes\nmark # 2 no\nmark @3 no\nm #45 clear\nshow\n", "Marked ^1: +"),
        ("de", "markiere ^ 1 ja\nmarkiere # 2 nein\nm @3 nein\nzeige\n", "Markiert ^1: +"),
    ],
)
def test_the_shapes_as_written_are_understood(lang: str, script: str, shown: str) -> None:
    done = run_in("ascii", "--lang", lang, "play", input=script)
    text = written(done, "ascii")
    assert shown in text, text
    assert ("#2: x" in text) and ("@3: x" in text), text
    assert "name a shape first" not in text and "nenne zuerst" not in text.lower(), text
    grid = [line.split() for line in text.splitlines() if line[:2] in ("^ ", "# ", "@ ")]
    assert grid[-3:][0][2] == "+" and grid[-3:][1][3] == "x" and grid[-3:][2][4] == "x", grid


def test_a_german_player_reads_the_words_to_type() -> None:
    done = run_in("ascii", "--lang", "de", "play", input="hilfe\npruefe 352 A\nloesung\n")
    text = written(done, "ascii")
    for word in ("loesen 352", "zurueck A 2", "Pruefer", "fuer ^ blau", "schliessen"):
        assert word in text, word
    assert "l?sen" not in text and "Pr?fer" not in text, text
    # the list of commands keeps its columns: what a command does starts in one column
    rows = text.split("Befehle:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    column = len(rows[0]) - len(rows[0][2:].split("  ", 1)[1].lstrip())
    assert len(rows) == 16 and column > 10
    for row in rows:
        assert row[column - 1] == " " and row[column] != " ", (column, row)
    assert "352 an A:" in text, text  # pruefe is teste
    assert "loesung braucht einen Code" in text, text  # loesung is loesen


@pytest.mark.parametrize(
    ("args", "script", "then"),
    [
        (["--lang", "de", "play"], "löse 241\n", "Spieler gewinnt"),
        (["play"], "# ✔ ▲ ■ ●\nsolve 241\n", "player wins"),
        (
            ["--lang", "de", "mastermind", "play", "--seed", "1", "--games", "1"],
            "grün gelb blau rot\nbeenden\n",
            "Reihe  1  N G B R",
        ),
    ],
)
def test_utf8_text_is_read_at_an_input_declared_ascii(
    args: list[str], script: str, then: str
) -> None:
    # what a terminal or an editor writes is UTF-8, whatever PYTHONIOENCODING says
    done = run_in("ascii", *args, input=script.encode("utf-8"))
    text = written(done, "ascii")
    assert then in text, text
    assert "Fehler" not in text and "error" not in text, text


@pytest.mark.parametrize(
    ("args", "script", "refused", "then"),
    [
        (
            ["--lang", "de", "play"],
            b"l\xf6se 241\nloese 241\n",
            "Fehler: Zeile 1: in der Kodierung der Eingabe (ascii) nicht als Text lesbar; "
            "nichts getan",
            "Spieler gewinnt",
        ),
        (
            ["play"],
            b"c 111\nsolve 241 \xff\nsolve 241\n",
            "error: line 2: not readable as text in the input's encoding (ascii); nothing done",
            "player wins",
        ),
        (
            ["--lang", "de", "mastermind", "play", "--seed", "1", "--games", "1"],
            b"gr\xfcn gelb blau rot\n1234\nbeenden\n",
            "Fehler: Zeile 1: in der Kodierung der Eingabe (ascii) nicht als Text lesbar; "
            "nichts getan",
            "Reihe  1  R N B G",
        ),
        (
            ["mastermind", "play", "--seed", "1", "--games", "1"],
            b"1234\n\xd7\n1234\nquit\n",
            "error: line 2: not readable as text in the input's encoding (ascii); nothing done",
            "row  2  R G B Y",
        ),
    ],
)
def test_a_line_the_input_encoding_cannot_read_is_refused_alone(
    args: list[str], script: bytes, refused: str, then: str
) -> None:
    # neither UTF-8 nor text in the declared encoding: that line is refused, the game goes on
    done = run_in("ascii", *args, input=script)
    text = written(done, "ascii")
    assert refused in text.splitlines(), text
    assert then in text, text
    assert "abgebrochen: " not in text.split(refused)[0] and "UTF-8" not in text, text


def test_a_one_byte_encoding_reads_its_own_letters() -> None:
    done = run_in("latin-1", "--lang", "de", "play", input="löse 241\n".encode("latin-1"))
    text = written(done, "latin-1")
    assert "Spieler gewinnt" in text and "Fehler" not in text, text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("encoding", ["utf-8", *ENCODINGS])
def test_the_mastermind_help_keeps_its_columns_as_written(lang: str, encoding: str) -> None:
    # überall written as ueberall is one letter longer than the column was measured for
    # (? all: the whole text, as play --help has it)
    done = run_in(encoding, "--lang", lang, "mastermind", "play", "--seed", "1", input="? all\n")
    text = written(done, encoding)
    heading = "Befehle an der Eingabezeile:" if lang == "de" else "Commands at the prompt:"
    # the section: a paragraph, then the table of prompts, then the notes
    table = text.split(heading, 1)[1].split("\n\n")[1].splitlines()
    prompts = [line for line in table if not line.startswith("   ")]
    assert len(prompts) == 4 and len(table) > 8, table
    column = len(table[1]) - len(table[1].lstrip())
    for line in table:
        assert line[column - 2 : column] == "  " and line[column] != " ", (column, line)
    if lang == "de" and encoding == "ascii":
        assert any(line.startswith("  ueberall ") for line in prompts), prompts
