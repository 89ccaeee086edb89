"""Puzzle documents written by hand: what is shown of them, what they say, what is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.cli.main import main

READERS = ["check", "solve", "analyze", "share", "export", "play"]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# -- texts that are shown -----------------------------------------------------------------

ESCAPES = (
    r'{"id": "ev\u001b[2J\u001b[31mil\u202ezz\nnext", '
    r'"cards": [4, 9, 11, 14], "criteria": [2,1,1,3]}'
)


@pytest.mark.parametrize("command", READERS)
def test_an_id_with_an_escape_sequence_is_refused_at_its_place(
    tmp_path: Path, command: str
) -> None:
    path = write(tmp_path, "esc.jsonl", ESCAPES + "\n")
    code, out, err = run(command, path)
    assert code == 2
    said = (
        f"error: {path}:1:8: 'id' holds U+001B, a control or text-direction character "
        "that would garble what is shown"
    )
    assert said in err.splitlines()
    assert err.count("error:") == 1
    assert "\x1b" not in out + err and "\u202e" not in out + err


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('id: "a\\u202eb"\ncards: [4, 9, 11, 14]\n', ":1:5: 'id' holds U+202E"),
        ('id: "one\\ntwo"\ncards: [4, 9, 11, 14]\n', ":1:5: 'id' holds a line break"),
        ('id: "x\\ty"\ncards: [4, 9, 11, 14]\n', ":1:5: 'id' holds U+0009"),
        ('cards: [4, 9, 11, 14]\ncardset: "cla\\e[31mssic"\n', ":2:10: 'cardset' holds U+001B"),
        ('cards: [4, 9, 11, 14]\ncardset: "a\\u2066.yaml"\n', ":2:10: 'cardset' holds U+2066"),
        ('cards: [4, 9, 11, 14]\ndifficulty: "ea\\e[0msy"\n', ":2:13: 'difficulty' holds U+001B"),
    ],
)
def test_shown_texts_of_a_puzzle_are_held_to_the_card_text_rule(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = write(tmp_path, "t.yaml", text)
    for command in ("solve", "check"):
        code, _out, err = run(command, path)
        assert code == 2
        assert f"error: {path}{expected}" in err
        assert "Traceback" not in err


def test_a_cardset_reference_keeps_its_surrounding_whitespace_allowed(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "ok.yaml",
        "cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\ncardset: >\n  classic\n",
    )
    code, _out, err = run("check", path)
    assert code == 0, err


# -- share: only puzzles that can be played ---------------------------------------------------

GOOD = "- id: good\n  cards: [4, 9, 11, 14]\n  criteria: [2, 1, 1, 3]\n"


@pytest.mark.parametrize(
    ("puzzle", "reason"),
    [
        (
            "cards: [4, 9, 11, 14]\n  criteria: [2, 1, 1, 1]",
            "5 codes meet all hidden criteria, not one",
        ),
        (
            "cards: [4, 9, 11, 14, 18]\n  criteria: [2, 1, 1, 3, 1]",
            "no code meets all hidden criteria",
        ),
        (
            "cards: [4, 9, 11, 14, 18]\n  criteria: [2, 1, 1, 3, 2]",
            "redundant verifier E: the others already fix the code",
        ),
        (
            "cards: [4, 9, 11, 14]\n  criteria: [2, 1, 1, 3]\n  solution: '111'",
            # written by hand: the fact alone (only a generated puzzle is asked of its set)
            "the stated solution 111 is not the code its hidden criteria leave",
        ),
    ],
)
def test_share_refuses_a_puzzle_that_cannot_be_played(
    tmp_path: Path, puzzle: str, reason: str
) -> None:
    path = write(tmp_path, "red.yaml", GOOD + "- id: bad\n  " + puzzle + "\n")
    code, out, err = run("share", path)
    assert code == 2
    assert out == ""  # all or nothing: not even the good puzzle's code
    assert err == (
        f"error: {path}:4: cannot make a puzzle code: this puzzle cannot be played: {reason}\n"
    )
    assert "241" not in err  # the good puzzle's answer, and any answer, stays hidden
    code, out, _err = run("share", path, "--id", "good")
    assert (code, out) == (0, "1ME25KNX  good\n")


# -- what a file of the wrong shape is told -----------------------------------------------------

LINE_A = '{"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}'
LINE_B = '{"id": "b", "cards": [3, 7, 10, 14]}'


def test_a_json_file_of_one_puzzle_per_line_is_told_it_is_json_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "lines.json", f"{LINE_A}\n{LINE_B}\n")
    code, _out, err = run("check", path)
    assert code == 2
    assert (
        f"error: {path}:2:1: a .json file holds one JSON value, and this one holds one per "
        "line: a file of one puzzle per line is a .jsonl file (JSON Lines)"
    ) in err.splitlines()
    assert "YAML" not in err and "('{'" not in err


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("two.yaml", "YAML syntax: more text after the end of the value; a file holds one value"),
        ("two.json", "JSON: more text after the value"),
    ],
)
def test_more_text_after_a_value_is_said_without_the_parsers_tuple(
    tmp_path: Path, name: str, problem: str
) -> None:
    path = write(tmp_path, name, f"{LINE_A} {LINE_B}\n")
    code, _out, err = run("solve", path)
    assert code == 2
    assert err.startswith(f"error: {path}:1:")
    assert err.endswith(f": {problem}\n")
    assert "('{'" not in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # YAML would read a null there, and then miss the cards
        ('{"id": "a", "cards": }\n', "1:22: JSON: a value is missing"),
        (
            '{"id": "a",\n "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3], "x": tru}\n',
            "2:58: JSON: a value is missing",
        ),
        (  # YAML would take it for a comment
            '{"id": "a", "cards": [4, 9, 11, 14], # the cards\n "criteria": [2, 1, 1, 3]}\n',
            "1:38: JSON: a key in double quotes is missing",
        ),
        # a missing ',' is said with the bracket that could have closed instead
        (
            '{"id": "a", "cards": [4, 9 11, 14]}\n',
            "1:28: JSON: a ',' or the closing ']' is missing",
        ),
        (
            '{"id": "a", "cards": [4, 9, 11, 14] "x": 1}\n',
            "1:37: JSON: a ',' or the closing '}' is missing",
        ),
    ],
)
def test_a_json_file_is_read_by_the_rules_of_json(tmp_path: Path, text: str, said: str) -> None:
    path = write(tmp_path, "bad.json", text)
    code, out, err = run("check", path)
    assert code == 2
    assert err == f"error: {path}:{said}\n"
    assert "cards" not in out


@pytest.mark.parametrize("name", ["blanks.jsonl", "-"])
def test_a_comment_in_json_lines_is_said_to_be_one(tmp_path: Path, name: str) -> None:
    text = f"{LINE_A}\n\n  # the second puzzle\n{LINE_B}\n"
    path = name if name == "-" else write(tmp_path, name, text)
    code, out, err = run("check", path, stdin=text if name == "-" else None)
    assert code == 2
    source = "<stdin>" if name == "-" else path
    assert (
        f"error: {source}:3:3: JSON Lines has no comments: each line is one puzzle, a JSON object"
    ) in err.splitlines()
    assert "ok a" in out and "ok b" in out  # the puzzles around it are still read


@pytest.mark.parametrize("name", ["open.jsonl", "-"])
def test_a_line_of_json_lines_left_open_is_said_at_its_line(tmp_path: Path, name: str) -> None:
    # standard input has no name to say it is JSON Lines: a first line left open is still
    # one line of JSON, not the start of a YAML document
    text = '{"id": "a", "cards": [4, 9, 11, 14]\n{"id": "b", "cards": [2, 5, 9, 15, 18, 22]}\n'
    path = name if name == "-" else write(tmp_path, name, text)
    code, out, err = run("check", path, stdin=text if name == "-" else None)
    source = "<stdin>" if name == "-" else path
    assert code == 2
    assert err == f"error: {source}:1:36: JSON: a ',' or the closing '}}' is missing\n"
    assert "ok b" in out


SURROGATES = [
    # JSON Lines, JSON and YAML: half of a pair is no character, and no text holding one
    # can be written (UTF-8, a terminal); a whole pair is the character it stands for
    ("e.jsonl", '{"id": "a\\ud800", "cards": [4, 9, 11, 14]}\n', "1:10: JSON: \\ud800"),
    ("e.jsonl", '{"cards": [4, 9, 11, 14], "x\\udc00": 1}\n', "1:29: JSON: \\udc00"),
    ("e.json", '{"id": "a\\ud83d", "cards": [4, 9, 11, 14]}\n', "1:10: JSON: \\ud83d"),
    ("e.yaml", 'id: "a\\ud800"\ncards: [4, 9, 11, 14]\n', "1:5: \\ud800"),
    ("e.yaml", 'id: a\ncards: [4, 9, 11, 14]\nnote: "\\udfff"\n', "3:7: \\udfff"),
]


@pytest.mark.parametrize(("name", "text", "said"), SURROGATES)
@pytest.mark.parametrize("command", ["check", "solve", "share", "export", "analyze"])
def test_half_of_a_surrogate_pair_is_refused_at_its_place(
    tmp_path: Path, name: str, text: str, said: str, command: str
) -> None:
    path = write(tmp_path, name, text)
    code, out, err = run(command, path)
    assert code == 2 and (out == "" or out.startswith("0 puzzles checked")), out
    assert err == (
        f"error: {path}:{said} is half of a UTF-16 surrogate pair, not a character: write "
        "the character itself\n"
    )


@pytest.mark.parametrize("name", ["p.json", "p.yaml", "p.jsonl"])
def test_a_surrogate_pair_is_the_character_it_stands_for(tmp_path: Path, name: str) -> None:
    text = '{"id": "a\\ud83d\\ude00", "cards": [4, 9, 11, 14]}\n'
    code, out, err = run("check", write(tmp_path, name, text))
    assert code == 0, err
    assert "ok a😀" in out


def test_a_card_set_with_half_a_surrogate_pair_is_refused(tmp_path: Path) -> None:
    from testsupport.cli import ROOT

    text = (ROOT / "cards" / "classic.yaml").read_text(encoding="utf-8")
    broken = text.replace('title: "▲ compared with 1"', 'title: "▲ \\ud800 1"', 1)
    assert broken != text
    path = write(tmp_path, "cs.yaml", broken)
    code, out, err = run("cards", "validate", path)
    assert code == 1
    assert "C001: \\ud800 is half of a UTF-16 surrogate pair" in out + err


# -- a key nearly a known one ----------------------------------------------------------------

TYPO = 'id: t\ncards: [4, 9, 11, 14]\ncritera: [2, 1, 1, 3]\nsoluton: "241"\ndifficulty: easy\n'


def note(path: str, line: int, key: str, known: str) -> str:
    return f"note: {path}:{line}:1: unknown key '{key}' ignored (did you mean '{known}'?)"


@pytest.mark.parametrize("command", ["solve", "check", "analyze", "play"])
def test_a_misspelt_key_is_noted_and_still_ignored(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, "typo.yaml", TYPO)
    code, _out, err = run(command, path, stdin="")
    lines = err.splitlines()
    assert note(path, 3, "critera", "criteria") in lines
    assert note(path, 4, "soluton", "solution") in lines
    if command != "play":  # the game refuses a puzzle without hidden criteria, as before
        assert code == 0, err
        assert "error" not in err


def test_a_note_leaves_json_output_and_exit_status_alone(tmp_path: Path) -> None:
    plain = write(tmp_path, "plain.yaml", "id: t\ncards: [4, 9, 11, 14]\n")
    typo = write(tmp_path, "typo.yaml", TYPO)
    expected = run("check", "--json", plain)
    code, out, err = run("check", "--json", typo)
    assert (code, out.replace(typo, plain)) == expected[:2]
    assert note(typo, 3, "critera", "criteria") in err.splitlines()


def test_a_key_is_noted_once_per_file_at_its_own_place(tmp_path: Path) -> None:
    lines = [
        '{"id": "a", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}',
        '{"id": "b", "cards": [4, 9, 11, 14], "real_card": [4, 9, 11, 14], "mdoe": "classic"}',
        '{"id": "c", "cards": [3, 7, 10, 14], "mdoe": "classic", "card": [1]}',
    ]
    path = write(tmp_path, "t.jsonl", "\n".join(lines) + "\n")
    code, _out, err = run("solve", path)
    assert code == 0, err
    assert err.splitlines() == [
        f"note: {path}:2:38: unknown key 'real_card' ignored (did you mean 'real_cards'?)",
        f"note: {path}:2:67: unknown key 'mdoe' ignored (did you mean 'mode'?)",
        f"note: {path}:3:57: unknown key 'card' ignored (did you mean 'cards'?)",
    ]


@pytest.mark.parametrize("command", ["solve", "check", "analyze", "share"])
@pytest.mark.parametrize(
    ("key", "said"),
    [
        ("card", "puzzle is missing 'cards' (is 'card' meant for it?)"),
        ("Cards", "puzzle is missing 'cards' (is 'Cards' meant for it?)"),
        (
            "karten",
            "puzzle is missing 'cards' (the file's keys are English: is 'karten' meant for it?)",
        ),
    ],
)
def test_a_missing_cards_names_the_key_meant_for_it(
    tmp_path: Path, command: str, key: str, said: str
) -> None:
    path = write(tmp_path, "typo.yaml", f"{key}: [4, 9, 11, 14]\n")
    code, _out, err = run(command, path)
    assert code == 2
    assert err == f"error: {path}:1:1: {said}\n"


def test_a_missing_cards_with_no_key_near_it_says_only_that(tmp_path: Path) -> None:
    path = write(tmp_path, "none.yaml", "deck: [4, 9, 11, 14]\n")
    code, _out, err = run("solve", path)
    assert (code, err) == (2, f"error: {path}:1:1: puzzle is missing 'cards'\n")


def german_note(path: str, line: int, key: str, known: str) -> str:
    return (
        f"note: {path}:{line}:1: unknown key '{key}' ignored "
        f"(the file's keys are English: did you mean '{known}'?)"
    )


def test_a_key_in_german_is_named_by_its_english_key(tmp_path: Path) -> None:
    text = (
        "Karten: [1]\ncards: [4, 9, 11, 14]\nkriterien: [2, 1, 1, 3]\nLösung: '241'\n"
        "Modus: classic\nschwierigkeit: easy\nechte_karten: [4, 9, 11, 14]\nkartensatz: x\n"
    )
    path = write(tmp_path, "de.yaml", text)
    code, out, err = run("solve", path)
    assert code == 0 and "candidate codes: 221 241" in out  # the criteria were not read
    assert err.splitlines() == [
        german_note(path, 1, "Karten", "cards"),
        german_note(path, 3, "kriterien", "criteria"),
        german_note(path, 4, "Lösung", "solution"),
        german_note(path, 5, "Modus", "mode"),
        german_note(path, 6, "schwierigkeit", "difficulty"),
        german_note(path, 7, "echte_karten", "real_cards"),
        german_note(path, 8, "kartensatz", "cardset"),
    ]


@pytest.mark.parametrize(
    ("word", "mode"), [("albtraum", "nightmare"), ("Extrem", "extreme"), ("klassisch", "classic")]
)
def test_a_mode_in_german_is_named_by_its_english_value(
    tmp_path: Path, word: str, mode: str
) -> None:
    path = write(tmp_path, "m.yaml", f"cards: [4, 9, 11, 14]\nmode: {word}\n")
    code, out, err = run("solve", path)
    assert (code, out) == (2, "")
    assert err == (
        f"error: {path}:2:7: unknown mode '{word}' "
        f"(the file's values are English: did you mean '{mode}'?)\n"
    )
    code, _out, err = run("solve", write(tmp_path, "o.yaml", "cards: [4, 9, 11, 14]\nmode: x\n"))
    assert "unknown mode 'x' (modes: classic, extreme, nightmare)" in err


def test_a_stated_difficulty_in_german_is_named_by_its_english_value(tmp_path: Path) -> None:
    text = "cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\ndifficulty: Leicht\n"
    code, out, _err = run("check", write(tmp_path, "d.yaml", text))
    assert code == 1
    assert (
        "stated difficulty 'Leicht' is not a difficulty (the file's values are English: "
        "did you mean 'easy'?)"
    ) in out


def test_keys_of_their_own_are_not_noted(tmp_path: Path) -> None:
    text = (
        "id: t\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\ndifficulty: easy\n"
        "verifiers: 4\nseed: 3\nindex: 0\nauthor: me\nsolution_codes: 1\n"
    )
    code, _out, err = run("check", write(tmp_path, "own.yaml", text))
    assert (code, err) == (0, "")


def test_a_stated_difficulty_that_is_none_is_said_to_be_none(tmp_path: Path) -> None:
    path = write(
        tmp_path, "b.yaml", "cards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\ndifficulty: brutal\n"
    )
    code, out, _err = run("check", path)
    assert code == 1
    assert "stated difficulty 'brutal' is not a difficulty (easy, standard, hard)" in out
    assert "the cards make it" not in out


# -- how many verifiers ----------------------------------------------------------------------


def test_fewer_verifiers_than_the_games_are_read_and_reported_by_check(tmp_path: Path) -> None:
    path = write(tmp_path, "three.yaml", "id: t\ncards: [4, 9, 11]\ncriteria: [2, 1, 1]\n")
    code, out, _err = run("check", path)
    assert code == 1
    assert f"{path}:1: FAIL t: has 3 verifiers; a puzzle of the game has 4, 5 or 6" in out
    code, out, err = run("solve", path)  # still read and solved
    assert code == 1 and "3 verifiers" in out and "8 codes meet" in out
    assert err == (
        f"note: {path}:1: has 3 verifiers; a puzzle of the game has 4, 5 or 6: "
        "solved all the same, with no tier\n"
    )
    code, out, err = run("share", path)
    assert (code, out) == (2, "")
    assert err == (
        f"error: {path}:1: cannot make a puzzle code: the puzzle has 3 verifiers; "
        "a puzzle of the game has 4, 5 or 6\n"
    )


@pytest.mark.parametrize(("cards", "count"), [("[4, 9, 11]", "3 verifiers"), ("[4]", "1 verifier")])
def test_fewer_verifiers_than_the_games_are_solved_with_no_tier(
    tmp_path: Path, cards: str, count: str
) -> None:
    """The tiers are the game's, of puzzles of 4, 5 or 6 verifiers: a smaller puzzle is
    solved without one, and said once a file to be none of the game's."""
    path = write(tmp_path, "small.yaml", f"- cards: {cards}\n- cards: {cards}\n")
    code, out, err = run("solve", path)
    assert code != 2, err  # 1 for a single card: no reading of it leaves one code
    titles = [line for line in out.splitlines() if line.startswith("puzzle ·")]
    assert titles == [f"puzzle · classic · {count}"] * 2
    assert err == (
        f"note: {path}:1: has {count}; a puzzle of the game has 4, 5 or 6: "
        "solved all the same, with no tier\n"
    )
    code, out, err = run("solve", "--json", path)
    assert code != 2 and out.count("\n") == 2 and "easy" not in out
    assert err.count("note:") == 1
    code, out, _err = run("check", "--json", path)
    assert '"difficulty": null' in out and '"difficulty": "easy"' not in out
    code, out, _err = run("solve", write(tmp_path, "four.yaml", "cards: [4, 9, 11, 14]\n"))
    assert "puzzle · classic · 4 verifiers · easy" in out


def test_fewer_verifiers_than_the_games_are_analysed_with_a_note(tmp_path: Path) -> None:
    """Analysed all the same, and said once a file (on standard error: --json keeps its
    records) to be none of the game's puzzles, as solve says it."""
    path = write(tmp_path, "small.yaml", "- cards: [2, 3, 13]\n- cards: [2, 3, 13]\n")
    note = (
        f"note: {path}:1: has 3 verifiers; a puzzle of the game has 4, 5 or 6: "
        "analysed all the same\n"
    )
    code, out, err = run("analyze", "--json", "-q", path)
    assert (code, err) == (0, note)
    assert [json.loads(line)["verifiers"] for line in out.splitlines()] == [3, 3]
    code, out, err = run("analyze", "-q", path)
    assert (code, err) == (0, note)
    assert out.count("fewest tests that guarantee the code: 2") == 2
    code, out, err = run("analyze", "-q", write(tmp_path, "four.yaml", "cards: [4, 9, 11, 14]\n"))
    assert (code, err) == (0, "")


def test_a_puzzle_of_the_game_is_not_reported_for_its_verifiers(tmp_path: Path) -> None:
    code, out, _err = run("check", write(tmp_path, "four.yaml", "cards: [4, 9, 11, 14]\n"))
    assert code == 0 and "verifiers" not in out


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        ("[1, 2, 3, 4, 5, 6, 7]", "7 verifiers are too many: a puzzle of the game has 4, 5 or 6"),
        ("[]", "'cards' is empty: a puzzle of the game has 4, 5 or 6 verifiers"),
    ],
)
def test_a_count_of_verifiers_that_is_refused_says_what_the_game_has(
    tmp_path: Path, cards: str, said: str
) -> None:
    path = write(tmp_path, "n.yaml", f"cards: {cards}\n")
    code, _out, err = run("check", path)
    assert code == 2
    assert f"error: {path}:1:8: {said}" in err


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        (
            '{"cards": [4.0, 9, 11, 14]}',
            "1:12: a card is its card number, a whole number, found 4.0",
            "1:12: eine Karte ist ihre Kartennummer, eine ganze Zahl, gefunden: 4.0",
        ),
        (
            '{"cards": [4, 9, 11, 14], "criteria": [1.0, 1, 1, 1]}',
            "1:40: 'criteria' must hold whole numbers, found 1.0",
            "1:40: 'criteria' darf nur ganze Zahlen enthalten, gefunden: 1.0",
        ),
        (
            '{"mode": "extreme", "cards": [[4.0, 21], [9, 22], [11, 23], [14, 24]]}',
            "1:32: 'cards' must hold whole numbers, found 4.0",
            "1:32: 'cards' darf nur ganze Zahlen enthalten, gefunden: 4.0",
        ),
    ],
)
def test_a_number_that_is_not_whole_is_refused_as_not_whole(
    tmp_path: Path, text: str, english: str, german: str
) -> None:
    """4.0 is a number: what a card or a criterion needs is a whole number, and that is
    what the refusal says, in both languages."""
    path = write(tmp_path, "p.json", text)
    code, out, err = run("solve", path)
    assert (code, out, err) == (2, "", f"error: {path}:{english}\n")
    code, out, err = run("--lang", "de", "solve", path)
    assert (code, out, err) == (2, "", f"Fehler: {path}:{german}\n")


# -- what the parsers found, as a person reads it -----------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        (  # JSON over lines, read as YAML: a missing ','
            "-",
            '{"id": "a",\n "cards": [4, 9, 11, 14] "criteria": [2, 1, 1, 3]}\n',
            "2:26: YAML syntax: expected ',' or '}' to close the '{' at line 1, column 1, found "
            'the value "criteria"',
        ),
        (
            "x.yaml",
            "id: 'x'y\ncards: [4, 9, 11, 14]\n",
            "1:8: YAML syntax: expected the end of the block, found the value 'y'",
        ),
        (
            "k.yaml",
            "- cards: [4, 9, 11, 14]\nid: a\n",
            "2:1: YAML syntax: expected the end of the block, found a key",
        ),
    ],
)
def test_what_the_yaml_parser_found_is_said_in_words(
    tmp_path: Path, name: str, text: str, said: str
) -> None:
    path = name if name == "-" else write(tmp_path, name, text)
    code, _out, err = run("check", path, stdin=text if name == "-" else None)
    source = "<stdin>" if name == "-" else path
    assert code == 2
    assert err == f"error: {source}:{said}\n"
    assert "<scalar>" not in err and "'?'" not in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            '{"id": "a\\q", "cards": [4, 9, 11, 14]}\n',
            "1:10: JSON: '\\q' is no escape JSON knows (\\n, \\t, \\\", \\\\, \\uXXXX …); "
            "a '\\' itself is written \\\\",
        ),
        (
            '{"id": "a\\u12G4", "cards": [4, 9, 11, 14]}\n',
            "1:11: JSON: '\\u12G4' is no escape JSON knows: '\\u' is followed by four "
            "hexadecimal digits (\\u00e9)",
        ),
        (
            '{"id": "a", "cards": [4,9,11,014]}\n',
            "1:30: JSON: 014: a number in JSON does not start with 0 (write 14)",
        ),
        (
            '{"id": "a", "cards": [4, 9, 11, 14], "criteria": [-01, 1, 1, 3]}\n',
            "1:51: JSON: -01: a number in JSON does not start with 0 (write -1)",
        ),
        (
            '{"id": "a", "cards": [4, 9, 11, 14.]}\n',
            "1:33: JSON: 14.: a number in JSON has a digit after its '.' (write 14 or 14.0)",
        ),
        (
            '{"id": "a", "cards": [4, 9, 11, 14], "criteria": [.5, 1, 1, 3]}\n',
            "1:51: JSON: .5: a number in JSON has a digit before its '.' (write 0.5)",
        ),
    ],
)
@pytest.mark.parametrize("name", ["bad.json", "bad.jsonl"])
def test_a_bad_escape_or_a_leading_zero_in_json_is_said_in_words(
    tmp_path: Path, name: str, text: str, said: str
) -> None:
    path = write(tmp_path, name, text)
    code, out, err = run("check", path)
    assert code == 2
    assert err == f"error: {path}:{said}\n"
    assert "Invalid" not in err and "ok a" not in out


@pytest.mark.parametrize(
    ("number", "said"),
    [
        ("-.5", "-.5: a number in JSON has a digit before its '.' (write -0.5)"),
        ("-", "-: a number in JSON has a digit after its '-'"),
        ("1e", "1e: a number in JSON has a digit after its 'e' (1e5, 1e+5, 1e-5)"),
        ("1e+", "1e+: a number in JSON has a digit after its 'e+' (1e5, 1e+5, 1e-5)"),
        ("1.e5", "1.e5: a number in JSON has a digit after its '.' (write 1e5 or 1.0e5)"),
        ("+1", "+1: a number in JSON has no '+' before it (write 1)"),
        ("0x10", "0x10: a number in JSON is written in decimal digits (write 16)"),
        ("NaN", "NaN: JSON has no NaN or Infinity, only numbers written in digits"),
        ("Infinity", "Infinity: JSON has no NaN or Infinity, only numbers written in digits"),
        ("-Infinity", "-Infinity: JSON has no NaN or Infinity, only numbers written in digits"),
        ("1.5.2", "1.5.2: not a number JSON knows (it writes -12, 0.5, 1e5)"),
    ],
)
@pytest.mark.parametrize("name", ["bad.json", "bad.jsonl"])
def test_a_number_json_does_not_know_is_said_at_its_first_character(
    tmp_path: Path, name: str, number: str, said: str
) -> None:
    # Python's parser reads NaN and Infinity, which no JSON writer writes; the column is
    # that of the number, not of the character the parser stopped at
    text = f'{{"id": "a", "version": {number}, "cards": [4, 9, 11, 14], "x": "NaN"}}\n'
    path = write(tmp_path, name, text)
    code, out, err = run("check", path)
    assert code == 2
    assert err == f"error: {path}:1:24: JSON: {said}\n"
    assert "ok a" not in out


def test_a_bad_escape_is_said_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURING_LANG", "de")
    path = write(tmp_path, "bad.json", '{"id": "a\\q", "cards": [4, 9, 11, 14]}\n')
    code, _out, err = run("check", path)
    assert code == 2
    assert err == (
        f"Fehler: {path}:1:10: JSON: '\\q' ist keine Escape-Folge, die JSON kennt "
        "(\\n, \\t, \\\", \\\\, \\uXXXX …); ein '\\' selbst wird \\\\ geschrieben\n"
    )


@pytest.mark.parametrize(
    ("first", "said"),
    [
        (LINE_A[:-1], "1:62: JSON: a ',' or the closing '}' is missing"),  # its '}' missing
        (LINE_A + "}", "1:63: JSON: more text after the value"),
    ],
)
def test_a_json_file_of_one_puzzle_per_line_with_a_broken_first_line_says_it_first(
    tmp_path: Path, first: str, said: str
) -> None:
    path = write(tmp_path, "lines.json", f"{first}\n{LINE_B}\n")
    code, _out, err = run("check", path)
    assert code == 2
    assert err == (
        f"error: {path}:{said}; and a .json file holds one JSON value, but this one holds one "
        "per line: a file of one puzzle per line is a .jsonl file (JSON Lines)\n"
    )
