"""Hostile card-set files are refused with one clean located error, never a traceback.

Each input here is also timed by benchmarks/fuzz_cards.py (tests do not assert on time).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from turing.authoring.lint import lint_file
from turing.cli.main import main
from turing.core.cards import CardError, load_cardset
from turing.core.files import check_nesting, load_yaml


def _deep_flow() -> bytes:
    return b"cards: " + b"[" * 10_000 + b"]" * 10_000 + b"\n"


def _deep_mapping() -> bytes:
    return b"cards: " + b"{a: " * 10_000 + b"1" + b"}" * 10_000 + b"\n"


def _deep_dashes() -> bytes:
    return b"cards:\n" + b"- " * 10_000 + b"x\n"


def _deep_indent() -> bytes:
    return b"".join(b"  " * i + b"a:\n" for i in range(300))


def _quoted_brackets() -> bytes:
    # The quotes hold the closing brackets, so the real nesting grows by one per item.
    return b"cards: " + b'[ "]", ' * 3000 + b"\n"


def _hidden_by_a_stray_quote() -> bytes:
    # A quote the lexical scan may take for an opening one; the parser's own bound holds.
    return b"text: hello\n  'world\ncards: " + b'[ "]",         ' * 2000 + b"\n"


def _long_expression() -> bytes:
    expr = b"b + " * 25_000 + b"1 > 2"
    return b'cards:\n  - number: 1\n    criteria:\n      - "' + expr + b'"\n      - b > 1\n'


HOSTILE: dict[str, tuple[Callable[[], bytes], str, int]] = {
    # name: (content, finding code, line of the finding; 0 = the whole file)
    "python_tag": (lambda: b"cards: !!python/object/apply:os.system ['echo owned']\n",
                   "C004", 1),
    "python_object_map": (lambda: b"!!python/object:turing.cards.CardSet\nname: x\n",
                          "C004", 1),
    "alias_bomb": (lambda: b"a: &a [x, x, x, x, x, x, x, x, x]\n"
                   + b"".join(f"{k}: &{k} [{', '.join(['*' + p] * 9)}]\n".encode()
                              for p, k in zip("abcdefgh", "bcdefghi", strict=True))
                   + b"cards: [*i, *i]\n", "C004", 1),
    "fifty_megabytes": (lambda: b"# " + b"x" * (50 * 1024 * 1024) + b"\n", "C001", 0),
    "deep_flow": (_deep_flow, "C002", 1),
    "deep_mapping": (_deep_mapping, "C002", 1),
    "deep_dashes": (_deep_dashes, "C002", 2),
    "deep_indentation": (_deep_indent, "C002", 33),
    "quoted_brackets": (_quoted_brackets, "C002", 1),
    "stray_quote": (_hidden_by_a_stray_quote, "C002", 3),
    "long_expression": (_long_expression, "C205", 4),
    "nul_bytes": (lambda: b"cards:\n  - number: 1\x00\x00\n", "C001", 2),
    "latin1": (lambda: b"name: caf\xe9\ncards: []\n", "C001", 1),
    "utf16": (lambda: "cards: []\n".encode("utf-16"), "C001", 0),  # the whole file: UTF-16
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_gives_one_clean_located_error(name: str, tmp_path: Path) -> None:
    content, code, line = HOSTILE[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content())
    result = lint_file(path)
    assert [(f.code, f.line) for f in result.findings] == [(code, line)]
    assert result.cardset is None
    with pytest.raises(CardError) as caught:
        load_cardset(path)
    assert caught.value.code == code
    cli = CliRunner().invoke(main, ["cards", "validate", str(path)])
    assert cli.exit_code == (2 if code == "C001" else 1)
    assert isinstance(cli.exception, SystemExit)
    assert "Traceback" not in cli.output
    assert f"error {code}:" in cli.output


@pytest.mark.parametrize("name", ["python_tag", "deep_flow", "long_expression", "nul_bytes"])
def test_hostile_card_sets_are_refused_by_solve_too(name: str, tmp_path: Path) -> None:
    content = HOSTILE[name][0]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(content())
    result = CliRunner().invoke(main, ["solve", "--cardset", str(path), "-"],
                                input='{"cards": [1, 2, 3, 4]}')  # fmt: skip
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert result.output.count("\n") == 1 and result.output.startswith(f"error: {path}")


PACKED = "more than 256 '[' or '{' within 1,024 characters of one line"
DEEP = "YAML nested deeper than 32 levels"


@pytest.mark.parametrize(
    ("content", "place", "message"),
    [
        (b"[" * 10_000 + b"]" * 10_000 + b"\n", (1, 257), PACKED),
        (_deep_flow(), (1, 7 + 257), PACKED),  # after "cards: ", the 257th bracket
        (b"cards: " + b"[" * 300 + b"]" * 300 + b"\n", (1, 7 + 257), PACKED),
        (_deep_mapping(), (1, 7 + 4 * 31 + 1), DEEP),  # the 32nd '{', level 33
        (_quoted_brackets(), (1, 7 + 7 * 31 + 1), DEEP),
        (b"cards: " + b"[" * 40 + b"]" * 40 + b"\n", (1, 7 + 32), DEEP),
        (_deep_indent(), (33, 65), DEEP),
    ],
    ids=["bare brackets", "cards brackets", "300 brackets", "mappings", "quoted", "40", "indent"],
)
def test_deep_nesting_is_refused_as_the_docs_say(
    content: bytes, place: tuple[int, int], message: str, tmp_path: Path
) -> None:
    path = tmp_path / "deep.yaml"
    path.write_bytes(content)
    found = [(f.code, (f.line, f.column), f.message) for f in lint_file(path).findings]
    assert found == [("C002", place, message)]
    page = (Path(__file__).parents[2] / "docs" / "cards.md").read_text(encoding="utf-8")
    rows = [row for row in page.splitlines() if row.startswith("| 10,000-deep nesting")]
    assert len(rows) == 2 and f"`{PACKED}`" in rows[0] and f"`{DEEP}`" in rows[1]
    assert "257th bracket" in rows[0] and "33rd level" in rows[1]


def test_nothing_is_constructed_from_a_tag(tmp_path: Path) -> None:
    marker = tmp_path / "owned"
    path = tmp_path / "tag.yaml"
    path.write_text(f"cards: !!python/object/apply:os.system ['touch {marker}']\n")
    lint_file(path)
    assert not marker.exists()


def test_nesting_at_the_limit_is_accepted_and_one_more_is_refused() -> None:
    check_nesting("a: " + "[" * 31 + "]" * 31, "ok.yaml")
    assert load_yaml("a: " + "[" * 31 + "1" + "]" * 31, "ok.yaml").line == 1
    with pytest.raises(ValueError, match="nested deeper than 32 levels"):
        check_nesting("a: " + "[" * 32 + "]" * 32, "deep.yaml")


def test_brackets_inside_quotes_comments_and_block_text_are_not_nesting() -> None:
    text = (
        "a: '" + "[" * 100 + "'\n"
        'b: "' + "{" * 100 + '"\n'
        "c: x " + "[" * 100 + "\n"
        "# " + "[" * 100 + "\n"
        "d: |\n  " + "[" * 100 + "\n"
        "e: [it's, \"[\", '{']\n"
    )
    assert load_yaml(text, "t.yaml").plain()["e"] == ["it's", "[", "{"]


@pytest.mark.parametrize(
    ("value", "tag"),
    [
        ("!!int 1", "!!int"),
        ("! 1", "!"),
        ("!<tag:yaml.org,2002:int> 1", "!<tag:yaml.org,2002:int>"),
        ("!!str 1", "!!str"),
        ("!!float 1", "!!float"),
    ],
)
def test_every_tag_is_refused_at_the_tag_also_one_of_plain_data(
    value: str, tag: str, tmp_path: Path
) -> None:
    path = tmp_path / "tag.yaml"
    path.write_text(f"cards:\n  - number: {value}\n    criteria: [b < 3, b >= 3]\n")
    result = CliRunner().invoke(main, ["cards", "validate", str(path)])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{path}:2:13: error C004: YAML tag {tag!r} is not allowed",
        f"{path}: 1 error",
    ]
