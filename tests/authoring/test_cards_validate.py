"""`turing cards validate`: each finding class at its line and column, exit codes, JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from testsupport.cli import ROOT, TEST_DATA
from turing.authoring.lint import ERROR, INFO, WARNING, lint_file, lint_text
from turing.cli.main import main

DATA = TEST_DATA / "cards"
FILES = sorted(DATA.glob("*.yaml"))
EXPECT = re.compile(rb"^# expect: ([CWI]\d{3}) at (\d+):(\d+)")


def expectation(path: Path) -> tuple[str, int, int]:
    match = EXPECT.match(path.read_bytes())
    assert match, f"{path.name} has no '# expect: CODE at LINE:COL' first line"
    return match.group(1).decode(), int(match.group(2)), int(match.group(3))


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_finding_class_is_reported_at_its_line_and_column(path: Path) -> None:
    code, line, column = expectation(path)
    result = lint_file(path)
    assert (code, line, column) in [(f.code, f.line, f.column) for f in result.findings]
    if code.startswith("C"):
        # The file shows one error class and nothing else goes wrong.
        assert {f.code for f in result.findings if f.severity == ERROR} == {code}


def test_every_listed_class_has_a_test_file() -> None:
    listed = {
        "C001", "C002", "C003", "C004", "C101", "C102", "C103", "C104", "C105", "C106",
        "C107", "C108", "C109", "C110", "C201", "C202", "C203", "C204", "C205", "C301", "C302",
        "W401", "W402", "W403", "W404", "W405", "I406", "W411", "W412",
    }  # fmt: skip
    assert listed <= {expectation(p)[0] for p in FILES}


@pytest.mark.parametrize(
    "name", ["missing_number", "missing_criteria", "missing_when", "missing_cards"]
)
def test_each_missing_key_has_its_own_file(name: str) -> None:
    assert expectation(DATA / f"c101_{name}.yaml")[0] == "C101"


def test_the_published_set_is_clean() -> None:
    result = run("cards", "validate", str(ROOT / "cards" / "classic.yaml"))
    assert result.exit_code == 0, result.output
    assert "clean (48 cards, 183 criteria)" in result.output
    assert "error" not in result.output and "warning" not in result.output


def test_a_shipped_name_is_accepted_and_the_example_set_is_clean() -> None:
    result = run("cards", "validate", "--strict", "classic", "examples/primes")
    assert result.exit_code == 0, result.output
    assert result.output.count("clean") == 2


def test_an_error_gives_status_1_and_a_located_line() -> None:
    path = DATA / "c201_expression_syntax.yaml"
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first == f"{path}:5:34: error C201: unexpected character '=' (use == to compare)"


@pytest.mark.parametrize("name", ["c001_nul_byte.yaml", "c001_not_utf8.yaml"])
def test_an_unreadable_file_gives_status_2(name: str) -> None:
    result = run("cards", "validate", str(DATA / name))
    assert result.exit_code == 2
    assert "C001" in result.output


def test_a_missing_file_gives_status_2_with_one_clear_line(tmp_path: Path) -> None:
    result = run("cards", "validate", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2
    assert "C001: no such file" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_warnings_pass_unless_strict() -> None:
    path = str(DATA / "w405_unusable_card.yaml")
    relaxed = run("cards", "validate", path)
    assert relaxed.exit_code == 0
    assert "warning W405" in relaxed.output
    strict = run("cards", "validate", "--strict", path)
    assert strict.exit_code == 1
    assert "error W405" in strict.output


def test_the_worst_status_of_several_files_wins() -> None:
    clean = str(ROOT / "cards" / "classic.yaml")
    broken = str(DATA / "c104_duplicate_number.yaml")
    unreadable = str(DATA / "c001_nul_byte.yaml")
    assert run("cards", "validate", clean, broken).exit_code == 1
    assert run("cards", "validate", broken, unreadable, clean).exit_code == 2


def test_all_errors_of_a_file_are_reported_in_position_order() -> None:
    text = (
        "cards:\n"
        "  - number: 1\n"
        "    criteria: [b = 1, b > 1]\n"
        "  - number: 1\n"
        "    criteria: [b == 1]\n"
        "  - number: 3\n"
        "    colour: blue\n"
        "    criteria: [green > 1, b > 9, b >= 1]\n"
    )
    result = lint_text(text, "t.yaml")
    found = [(f.code, f.line, f.column) for f in result.findings]
    assert found == [
        ("C201", 3, 18),
        ("C104", 4, 13),
        ("C105", 5, 15),
        ("C103", 7, 5),
        ("C202", 8, 16),
        ("C301", 8, 27),
        ("C302", 8, 34),
    ]


def test_warnings_are_found_on_cards_that_loaded_despite_errors_elsewhere() -> None:
    text = (
        "cards:\n"
        "  - number: 1\n"
        "    criteria: [b == 1, b < 2, b > 1]\n"
        "  - number: 2\n"
        "    criteria: [y = 1, y > 1]\n"
    )
    codes = [(f.severity, f.code) for f in lint_text(text, "t.yaml").findings]
    assert codes == [(WARNING, "W401"), (ERROR, "C201")]


def test_json_gives_one_object_per_file() -> None:
    a = str(DATA / "c203_wrong_type.yaml")
    b = str(ROOT / "cards" / "classic.yaml")
    result = run("cards", "validate", "--json", a, b)
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["file"] for r in records] == [a, b]
    assert records[0]["errors"] == 1 and not records[0]["clean"]
    assert records[0]["findings"][0] == {
        "severity": "error", "file": a, "line": 5, "column": 27, "code": "C203",
        "message": "'+' needs a number, found a condition (true/false)",
    }  # fmt: skip
    assert records[1]["clean"] and records[1]["findings"] == []
    assert records[1]["infos"] == 85


def test_info_findings_are_listed_on_request_only() -> None:
    path = str(DATA / "i406_shared_criterion.yaml")
    assert "I406" not in run("cards", "validate", path).output
    listed = run("cards", "validate", "--info", path)
    assert listed.exit_code == 0
    assert "info I406: criterion 2.1 '▲ < 3' keeps the same 50 codes as 1.1" in listed.output


def test_shared_criteria_of_the_published_set_are_info_not_warnings() -> None:
    result = lint_file(ROOT / "cards" / "classic.yaml")
    assert result.clean
    assert {f.code for f in result.findings} == {"I406"}
    assert all(f.severity == INFO for f in result.findings)


def test_unusable_card_check_follows_the_verifier_count() -> None:
    path = DATA / "w405_unusable_card.yaml"
    four = lint_file(path, verifiers=4)
    assert [f.code for f in four.findings] == ["W405"]
    # With three verifiers the parity cards cannot help either (checked by brute force in
    # test_cards_stats.py); with two, no pair of these cards fixes a code at all.
    three = [(f.code, f.line) for f in lint_file(path, verifiers=3).findings]
    assert three == [("W405", 14), ("W405", 20), ("W405", 23), ("W405", 26)]
    assert [f.code for f in lint_file(path, verifiers=2).findings] == ["W404"]


TIER_CARDS = "".join(
    f"  - number: {n}\n    criteria: [{when}]\n"
    for n, when in enumerate(
        ["b < 3, b >= 3", "y < 3, y >= 3", "p < 3, p >= 3", "b < y, b >= y", "y < p, y >= p"],
        start=1,
    )
)


@pytest.mark.parametrize(
    ("tiers", "expected"),
    [
        # three ranges, each sharing numbers with the next: the later one is named
        (
            "{easy: [1, 3], standard: [2, 4], hard: [4, 6]}",
            [("W411", "standard"), ("W411", "hard")],
        ),
        ("{easy: [1, 2], hard: [3, 99]}", []),
        ("{easy: [1, 2], standard: [3, 4], hard: [6, 99]}", [("W412", "hard")]),
        ("{easy: [1, 5], standard: [3, 3]}", [("W411", "standard")]),
        # ranges that touch, and a last one reaching past the cards, are as published
        ("{easy: [1, 2], standard: [3, 4], hard: [5, 10000]}", []),
    ],
)
def test_tiers_that_overlap_or_hold_no_card_are_warned_of(
    tiers: str, expected: list[tuple[str, str]]
) -> None:
    line = f"tiers: {tiers}"
    result = lint_text(f"{line}\ncards:\n{TIER_CARDS}", "t.yaml")
    found = [(f.code, f.line, f.column) for f in result.findings if f.code in ("W411", "W412")]
    # each at its tier's range, the '[' after the tier's name
    assert found == [(code, 1, line.index(f"{tier}: [") + len(tier) + 3) for code, tier in expected]
    assert all(f.severity == WARNING for f in result.findings if f.code in ("W411", "W412"))


def test_a_tier_warning_fails_only_under_strict() -> None:
    path = str(DATA / "w411_tiers_overlap.yaml")
    plain = run("cards", "validate", path)
    assert plain.exit_code == 0, plain.output
    assert (
        "warning W411: tier 'standard' [2, 4] shares the numbers 2–3 with tier 'easy' [1, 3]; "
        "a card is of the first tier whose range holds it, so a card numbered 2–3 is easy"
    ) in plain.output
    strict = run("cards", "validate", "--strict", path)
    assert strict.exit_code == 1
    assert "error W411" in strict.output


def test_an_expression_error_names_its_other_place_as_the_file_has_it(tmp_path: Path) -> None:
    path = tmp_path / "paren.yaml"
    path.write_text(
        "cards:\n"
        "  - number: 1\n"
        "    criteria:\n"
        '      - {text: "x", when: "b < 3 and (y < 3 or p < 3"}\n'
        "      - when: >\n"
        "          b >= 3 and\n"
        "          (y < 3 or\n"
        "          p < 3\n"
        "  - number: 2\n"
        "    criteria:\n"
        '      - "y < 3 and \\x28p < 3"\n'
        "      - y >= 3\n"
    )
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[:3] == [
        f"{path}:4:53: error C201: expected ')' to close the '(' at line 4, column 38, "
        "found the end of the expression",
        f"{path}:8:16: error C201: expected ')' to close the '(' at line 7, column 11, "
        "found the end of the expression",
        # written with an escape: the file has no place for the '(', the expression has
        f"{path}:11:9: error C201: expected ')' to close the '(' at column 11 of the "
        "expression, found the end of the expression",
    ]


def test_the_criteria_of_a_card_without_a_good_number_are_named_by_its_line(
    tmp_path: Path,
) -> None:
    path = tmp_path / "numbers.yaml"
    path.write_text(
        "cards:\n"
        "  - number: 0\n"
        "    criteria: [b < 3, b > 9]\n"
        "  - criteria:\n"
        "      - {text: a}\n"
        "      - b == b\n"
    )
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[:5] == [
        f"{path}:2:13: error C102: card number must be a whole number 1–9999, found 0",
        f"{path}:3:23: error C301: criterion 2 of the card at line 2 ('b > 9') is true for no code",
        f"{path}:4:5: error C101: card is missing 'number'",
        f"{path}:5:9: error C101: criterion 1 of the card at line 4 is missing 'when'",
        f"{path}:6:9: error C302: criterion 2 of the card at line 4 ('b == b') is true for "
        "every code",
    ]


@pytest.mark.parametrize(
    ("written", "number"),
    [("0x10", 16), ("0b10", 2), ("0o3", 3), ("1_0", 10), ("010", 10), ("+5", 5)],
)
def test_a_card_number_not_in_plain_decimal_digits_is_refused_with_the_number_to_write(
    written: str, number: int, tmp_path: Path
) -> None:
    path = tmp_path / "number.yaml"
    path.write_text(f"cards:\n  - number: {written}\n    criteria: [b < 3, b >= 3]\n")
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{path}:2:13: error C102: card number {written} is not written in plain decimal "
        f"digits: write {number} (no leading zero, 0x, 0o, 0b, _ or +)"
    )


def test_a_value_of_the_wrong_kind_is_said_with_what_the_file_holds(tmp_path: Path) -> None:
    path = tmp_path / "kinds.yaml"
    path.write_text(
        "name: 5\n"
        "description: [a]\n"
        "cards:\n"
        "  - number: true\n"
        "    title: 1.5\n"
        "    criteria: [[b < 3], {when: b > 3, text: 7}]\n"
    )
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[:6] == [
        f"{path}:1:7: error C102: 'name' must be text, found a number",
        f"{path}:2:14: error C102: 'description' must be text, found a list",
        f"{path}:4:13: error C102: card number must be a whole number 1–9999, found true",
        f"{path}:5:12: error C102: 'title' must be text, found a number",
        f"{path}:6:16: error C102: a criterion must be an expression, or a mapping with 'when' "
        "and, if you like, 'text', found a list",
        f"{path}:6:45: error C102: 'text' must be text, found a number",
    ]


def test_a_tier_written_backwards_or_below_the_card_numbers_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "tiers.yaml"
    path.write_text(
        "tiers:\n"
        "  easy: [3, 1]\n"
        "  standard: [0, 5]\n"
        "  hard: [6, 99999]\n"
        "cards:\n"
        "  - number: 1\n"
        "    criteria: [b < 3, b >= 3]\n"
    )
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[:2] == [
        f"{path}:2:9: error C102: tier 'easy' runs backwards, from 3 down to 1: write [1, 3]",
        f"{path}:3:13: error C102: tier 'standard' starts at 0, but card numbers run 1–9999",
    ]


def test_true_as_a_criterion_gets_a_hint_that_works(tmp_path: Path) -> None:
    path = tmp_path / "true.yaml"
    path.write_text('cards:\n  - number: 1\n    criteria: ["true", b < 3]\n')
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{path}:3:17: error C202: unknown name 'true': the card language has no true or "
        "false; write a condition such as b < 3 (a criterion true for every code, or for "
        "none, is no use)"
    )
    # the hint's example is a criterion the set accepts
    path.write_text("cards:\n  - number: 1\n    criteria: [b < 3, b >= 3]\n")
    assert "error" not in run("cards", "validate", str(path)).output


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ('"b < 3", "b >= 3", "b <= 2"', '"b < 3", "b >= 3"'),
        ('"b < 3", "b >= 3"', '"b < 3", "b >= 3", "b <= 2"'),
    ],
)
def test_a_card_repeating_another_with_a_criterion_twice_is_a_repeat(
    tmp_path: Path, first: str, second: str
) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text(
        f"cards:\n  - number: 1\n    criteria: [{first}]\n"
        f"  - number: 2\n    criteria: [{second}]\n"
        '  - number: 3\n    criteria: ["y < 3", "y >= 3"]\n'
    )
    result = run("cards", "validate", str(path))
    assert (
        f"{path}:4:5: warning W402: card 2 repeats card 1 (line 2): each criterion of either "
        "card keeps the same codes as one of the other's"
    ) in result.output.splitlines(), result.output


def test_a_card_holding_some_of_another_cards_criteria_is_no_repeat(tmp_path: Path) -> None:
    path = tmp_path / "some.yaml"
    path.write_text(
        'cards:\n  - number: 1\n    criteria: ["b < 3", "b == 3", "b > 3"]\n'
        '  - number: 2\n    criteria: ["b < 3", "b > 3"]\n'
    )
    result = run("cards", "validate", str(path))
    assert "W402" not in result.output


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            'name: "unclosed\ncards:\n  - number: 1\n',
            "4:1: error C002: YAML syntax: the quoted value begun at line 1, column 7 is not "
            "closed: the file ends in it",
        ),
        (
            'cards:\n  - number: 1\n    criteria: ["b < 3", "b >= 3"\n  - number: 2\n',
            "4:3: error C002: YAML syntax: expected ',' or ']' to close the '[' at line 3, "
            "column 15, found '-'",
        ),
        (
            "cards:\n  - {number: 1, criteria: [b < 3, b >= 3]\n  - number: 2\n",
            "3:3: error C002: YAML syntax: expected ',' or '}' to close the '{' at line 2, "
            "column 5, found '-'",
        ),
    ],
)
def test_a_yaml_syntax_error_names_where_its_value_began(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "open.yaml"
    path.write_text(text)
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == f"{path}:{said}"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "cards:\n  - criteria: [b < 3, b >= 3]\n    number:\n    title: x\n",
            "3:11: error C102: card number must be a whole number 1–9999, found null",
        ),
        ("cards:\nname: x\n", "1:6: error C102: 'cards' must be a non-empty list of cards"),
        ("cards:\n", "1:6: error C102: 'cards' must be a non-empty list of cards"),
    ],
)
def test_a_key_without_its_value_is_reported_at_the_key(
    tmp_path: Path, text: str, said: str
) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(text)
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0].startswith(f"{path}:{said}"), result.output


def test_a_number_with_a_leading_zero_is_refused_in_an_expression_as_on_a_card(
    tmp_path: Path,
) -> None:
    path = tmp_path / "zero.yaml"
    path.write_text('cards:\n  - number: 1\n    criteria: ["b < 010", "b >= 3"]\n')
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"{path}:3:21: error C201: number 010 is written with a leading zero: write 10 "
        "(a number has no leading zero)"
    )


def test_a_key_name_or_word_in_other_case_or_misspelled_gets_the_one_meant(
    tmp_path: Path,
) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(
        "cards:\n  - Number: 1\n    critera: [b < 3, b >= 3]\n"
        '  - number: 2\n    criteria: ["B < 3", "b >= 3 AND y < 2", "b ** 2 > 3", '
        '"COUNT(3) == 1"]\n'
    )
    result = run("cards", "validate", str(path))
    assert result.exit_code == 1
    lower = "(the card language is written in lower case)"
    for said in [
        "2:5: error C103: unknown key 'Number' in a card: did you mean 'number'? (allowed: "
        "number, title, criteria, title_de)",
        "3:5: error C103: unknown key 'critera' in a card: did you mean 'criteria'? (allowed: "
        "number, title, criteria, title_de)",
        f"5:17: error C202: unknown name 'B': did you mean 'b'? {lower}",
        f"5:33: error C201: unexpected 'AND': did you mean 'and'? {lower}",
        "5:48: error C201: '**' is no operator of the card language: multiply (b * b) instead",
        f"5:60: error C202: unknown function 'COUNT': did you mean 'count'? {lower}",
    ]:
        assert f"{path}:{said}" in result.output.splitlines(), result.output
