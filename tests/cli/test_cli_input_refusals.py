"""Bad input refused in one located line, solutions kept hidden, German and JSON words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core import csp
from turing.core.cards import load_cardset
from turing.core.puzzle import puzzle_from_dict
from turing.core.solver import TooLarge

SAMPLE = ROOT / "puzzles" / "sample.yaml"
DEEP_LINE = '{"id": "a", "cards": [4, 9, 11, 14], "x": ' + "[" * 1000 + "]" * 1000 + "}"
DUPLICATE_LINE = '{"id":"x","cards":[4,9,11,14],"criteria":[2,1,1,3],"criteria":[1,1,1,1]}'

#: the end of the words on a stated solution the hidden criteria do not leave
LEAVE = "hidden criteria leave"


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def write(folder: Path, name: str, text: str | bytes) -> str:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("command", ["check", "solve", "share"])
def test_a_deeply_nested_jsonl_line_is_refused_at_its_place(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, "dn.jsonl", DEEP_LINE + "\n")
    code, _out, err = run(command, path)
    assert code == 2
    assert f"error: {path}:1:297: more than 256 '[' or '{{'" in err
    assert "Traceback" not in err and "RecursionError" not in err


def test_a_deeply_nested_jsonl_line_on_standard_input(tmp_path: Path) -> None:
    code, _out, err = run("check", "-", stdin=DEEP_LINE + "\n" + DEEP_LINE + "\n")
    assert code == 2
    assert "error: <stdin>:1:297: more than 256" in err and "Traceback" not in err


def test_nesting_hidden_from_the_bracket_count_is_still_refused(tmp_path: Path) -> None:
    spread = '{"cards": [4, 9, 11, 14], "x": ' + ("[" + " " * 1100) * 1000 + "]" * 1000 + "}"
    code, _out, err = run("check", write(tmp_path, "d.jsonl", spread + "\n"))
    assert code == 2
    # refused at the bracket one level too deep, on every Python (3.12 and later parse
    # such a line without the RecursionError 3.11 raises)
    openers = [i for i, ch in enumerate(spread) if ch == "["]  # the cards' first, then x's
    column = openers[64] + 1  # x's 64th: the 65th level, in the object
    assert f"d.jsonl:1:{column}: JSON: arrays or objects nested deeper than 64 levels" in err
    assert "Traceback" not in err


def test_a_duplicate_key_in_a_jsonl_line_is_refused_at_the_key(tmp_path: Path) -> None:
    path = write(tmp_path, "dk.jsonl", '{"id": "a", "cards": [4, 9, 11, 14]}\n' + DUPLICATE_LINE)
    code, _out, err = run("check", path)
    assert code == 2
    assert f"error: {path}:2:52: duplicate key 'criteria'" in err
    code, _out, err = run("solve", "-", stdin=DUPLICATE_LINE + "\n" + DUPLICATE_LINE + "\n")
    assert code == 2
    assert "error: <stdin>:1:52: duplicate key 'criteria'" in err


def test_control_characters_and_bad_bytes_are_located_everywhere(tmp_path: Path) -> None:
    code, _out, err = run("check", write(tmp_path, "c.yaml", "id: a\ncards: [4]\n\x07\n"))
    assert code == 2 and "c.yaml:3:1: control character U+0007 is not allowed" in err
    code, _out, err = run("check", "-", stdin=b"id: a\x00\n")
    assert code == 2 and "<stdin>:1:6: file contains a NUL byte" in err
    code, _out, err = run("check", "-", stdin=b"id: a\xe9\ncards: [4]\n")
    assert code == 2 and "<stdin>:1:6: file is not UTF-8 text (byte 0xe9)" in err
    assert "#x" not in err and "position" not in err
    code, out, _err = run("cards", "validate", write(tmp_path, "s.yaml", "name: x\x07\n"))
    assert code == 2 and "s.yaml:1:8: error C001: control character U+0007" in out
    code, _out, err = run("--lang", "de", "check", "-", stdin=b"id: a\x07\n")
    assert "<stdin>:1:6: das Steuerzeichen U+0007 ist nicht erlaubt" in err


def test_a_folded_when_reads_as_one_expression(tmp_path: Path) -> None:
    text = (
        "name: f\ncards:\n  - number: 1\n    criteria:\n"
        "      - when: >\n          b == 1 and\n          y == 1\n"
        "      - when: >-\n          b == 2 and\n\n          y = 1\n"
    )
    code, out, _err = run("cards", "validate", write(tmp_path, "fold.yaml", text))
    assert code == 1
    # The first criterion compiles; the error in the second is at its own line and column.
    assert out.splitlines()[0].endswith(
        "fold.yaml:11:13: error C201: unexpected character '=' (use == to compare)"
    )
    assert "\\x07" not in out and out.count("error C") == 1


def test_a_card_set_too_large_names_its_limit_in_kib(tmp_path: Path) -> None:
    path = write(tmp_path, "big.yaml", "name: x\n" + "#" * 140_000 + "\n")
    code, out, _err = run("cards", "validate", path)
    assert code == 2 and "file is larger than 128 KiB" in out
    code, out, _err = run("--lang", "de", "cards", "validate", path)
    assert "die Datei ist größer als 128 KiB" in out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "cards: [4, 9, 11, 14]\nmode: null\n",
            "'mode' must be one of classic, extreme, nightmare, found null",
        ),
        ("cards: [4, 9, 11, 14]\nmode: " + "x" * 100_000 + "\n", "unknown mode 'xxx"),
        ("cards: [4, 9, 11, 14]\ncriteria: [true, 1, 1, 3]\n", "whole numbers, found true"),
        (
            "cards: [{number: 1, title: " + "t" * 500 + "}]\n",
            "a card is its card number, a whole number, found a mapping",
        ),
        ("cards: [4, 9, 11, 14]\nsolution: '" + "9" * 100_000 + "'\n", "is not a code"),
        (
            "id: {a: 1}\ncards: [4, 9, 11, 14]\n",
            "1:5: 'id' must be text, like \"01\", found a mapping",
        ),
        ("id: true\ncards: [4, 9, 11, 14]\n", "'id' must be text, like \"01\", found true"),
    ],
)
def test_values_in_errors_are_named_short(tmp_path: Path, text: str, expected: str) -> None:
    code, _out, err = run("check", write(tmp_path, "v.yaml", text))
    assert code == 2 and expected in err
    assert len(err) < 300 and "None" not in err and "True" not in err and "{'" not in err


def test_a_long_stated_difficulty_is_cut(tmp_path: Path) -> None:
    text = "cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\ndifficulty: " + "x" * 100_000 + "\n"
    code, out, _err = run("check", write(tmp_path, "d.yaml", text))
    assert code == 1 and "stated difficulty 'xxx" in out and "…' is not a difficulty" in out
    assert len(out) < 400


def test_check_hides_the_solution_unless_asked(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "w.yaml",
        'id: x\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nsolution: "111"\n',
    )
    code, out, _err = run("check", path)
    assert code == 1
    assert f"{path}:1: FAIL x: the stated solution 111 is not the code its {LEAVE}\n" in out
    assert "241" not in out
    code, out, _err = run("check", "--json", path)
    assert "241" not in out and "solutions" not in json.loads(out)
    code, out, _err = run("check", "--show-solution", path)
    assert "the stated solution 111 is not the code its hidden criteria leave (241)\n" in out
    code, out, _err = run("check", "--json", "--show-solution", path)
    assert json.loads(out)["solutions"] == ["241"]


def test_the_same_file_named_again_is_read_once() -> None:
    code, out, err = run("check", str(SAMPLE), str(SAMPLE), str(SAMPLE.parent / "." / SAMPLE.name))
    assert code == 0, out
    assert "duplicate" not in out and "1 puzzle checked in 1 file: all sound" in out
    assert "read once" in err


@pytest.mark.parametrize("command", ["check", "solve"])
def test_standard_input_named_again_is_read_once(command: str) -> None:
    text = SAMPLE.read_text()
    code, out, err = run(command, "-", str(SAMPLE), "-", stdin=text)
    assert code == 0, err
    assert err == "note: standard input is given twice; read once\n"
    if command == "check":
        assert out.endswith("2 puzzles checked in 2 files: all sound, 2 notes\n"), out
    else:
        assert out.count("solution: 241") == 2, out


@pytest.mark.parametrize("text", ["[]\n", "puzzles: []\n"])
@pytest.mark.parametrize("command", ["check", "solve", "share"])
def test_a_file_of_no_puzzles_is_refused(tmp_path: Path, text: str, command: str) -> None:
    path = write(tmp_path, "e.yaml", text)
    code, _out, err = run(command, path)
    assert code == 2 and f"error: {path}: file holds no puzzle" in err


def test_check_and_solve_speak_german_and_json_stays_english(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "w.yaml",
        'id: x\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nsolution: "111"\n',
    )
    _code, out, _err = run("--lang", "de", "check", path)
    assert (
        "die angegebene Lösung 111 ist nicht der Code, den die verborgenen Kriterien übrig lassen\n"
    ) in out
    _code, out, _err = run("--lang", "de", "check", "--json", path)
    assert json.loads(out)["problems"] == [f"the stated solution 111 is not the code its {LEAVE}"]
    _code, out, _err = run("--lang", "de", "solve", "--json", path)
    assert json.loads(out)["problems"] == [
        "the stated solution 111 is not the code its hidden criteria leave (241)"
    ]
    _code, out, _err = run(
        "--lang", "de", "check", str(SAMPLE), str(ROOT / "puzzles" / "published.yaml")
    )
    assert "Notiz 01: auch in" in out and "3 Notizen" in out and "Hinweis" not in out
    assert "Notiz B63 YRW: kein Test nötig: die Karten allein legen den Code fest" in out


def test_card_validation_json_is_english_in_german(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", "name: x\ncards: 3\n")
    _code, english, _err = run("cards", "validate", "--json", path)
    _code, german, _err = run("--lang", "de", "cards", "validate", "--json", path)
    assert english == german


def test_card_stats_verdicts_in_german() -> None:
    code, out, _err = run("--lang", "de", "cards", "stats", "examples/primes")
    assert code == 0 and "ausgewogen (0,77× gleichmäßig)" in out
    assert "even)" not in out and "healthy" not in out


def test_yaml_syntax_errors_are_whole_sentences(tmp_path: Path) -> None:
    path = write(tmp_path, "m.yaml", "id: a\ncards: [4]\n---\nid: b\n")
    code, _out, err = run("check", path)
    assert code == 2
    assert "m.yaml:3:1: YAML syntax: a second YAML document starts here" in err


def test_csp_refuses_a_puzzle_beyond_its_bound() -> None:
    puzzle = puzzle_from_dict({"mode": "nightmare", "cards": [40, 41, 48, 43, 44, 45]})
    with pytest.raises(TooLarge):
        csp.deduce(puzzle, load_cardset("classic"), limit=csp.MAX_PAIRS)
    code, _out, err = run(
        "solve", "--engine", "csp", "-", stdin="mode: nightmare\ncards: [40, 41, 48, 43, 44, 45]\n"
    )
    assert code == 2
    assert "too large for the reference engine" in err and "--engine bitmask" in err


def test_solve_minor_wording() -> None:
    code, out, _err = run("solve", "--code", "109")
    assert out.startswith("puzzle · classic · 1 verifier\n")  # no tier: none of the game's
    code, out, _err = run("solve", "-", stdin="cards: [4]\ncriteria: [1]\n")
    assert "211 212 213 214 215 … (75 in all)" in out
    code, _out, err = run("solve", "--cardset", "", str(SAMPLE))
    assert code == 2 and "the card-set name is empty" in err and "error: :" not in err


def test_check_counts_codes_apart_from_files() -> None:
    _code, out, _err = run("check", "--code", "109")
    assert "in 1 file" not in out and out.splitlines()[-1].startswith("1 puzzle checked:")


def test_max_with_too_many_arguments_names_the_limit(tmp_path: Path) -> None:
    args = ", ".join(["b"] * 33)
    text = (
        "name: m\ncards:\n  - number: 1\n    criteria:\n"
        f'      - when: "max({args}) == 1"\n      - when: "b > 1"\n'
    )
    code, out, _err = run("cards", "validate", write(tmp_path, "m.yaml", text))
    assert code == 1 and "max() takes at most 32 arguments, got 33" in out


def test_info_summary_does_not_point_at_info_when_given() -> None:
    _code, out, _err = run("cards", "validate", "--info", "classic")
    assert "--info lists" not in out


def test_an_untitled_card_is_shown_once(tmp_path: Path) -> None:
    text = (
        'name: u\ncards:\n  - number: 2\n    criteria:\n      - when: "b == 1"\n'
        '      - when: "b > 1"\n'
    )
    code, out, _err = run("cards", "show", "--cardset", write(tmp_path, "u.yaml", text))
    assert code == 0 and "Card 2 · Card 2" not in out and out.startswith("Card 2")
