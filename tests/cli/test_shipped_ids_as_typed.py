"""Shipped puzzles' ids as a person types them: an id given as ``--code`` (``B52 O00``, as
the box prints it) is named as an id, with the command that takes it; a number finds the
id it is with leading zeros (``--id 1`` finds the rule book's ``01``), for every command
taking ``--id``."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner

from testsupport.cli import spawn_turing
from turing.cli.main import main
from turing.play.game import puzzles_dir

PUBLISHED = puzzles_dir() / "published.yaml"


def run(*args: str, script: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=script)
    return result.exit_code, result.output


def test_a_shipped_id_given_as_a_code_says_to_take_it_by_id() -> None:
    said = "error: 'B52 O00' is the id of a shipped puzzle, not a puzzle code"
    for command, how in (
        ("play", "turing play --id 'B52 O00'"),
        ("analyze", f"turing analyze {PUBLISHED} --id 'B52 O00'"),
        ("solve", "turing solve --id 'B52 O00'"),
        ("check", "turing check --id 'B52 O00'"),
    ):
        code, output = run(command, "--code", "B52 O00")
        assert code == 2, output
        assert said in output and f"take it with: {how}" in output, output
        assert "check character" not in output
    code, output = run("play", "--code", "b52-o00")
    assert "'b52-o00' names the shipped puzzle 'B52 O00', not a puzzle code" in output
    # the command it names plays that puzzle
    code, output = run("play", "--id", "B52 O00", script="quit\n")
    assert code != 2 and "B52 O00" in output, output
    for command in ("solve", "check"):  # and solves or checks it
        code, output = run(command, "--id", "B52 O00", "--json")
        assert code == 0 and '"B52 O00"' in output, output
    # a code mistyped is still one
    code, output = run("play", "--code", "B52 O01")
    assert code == 2 and "fails its check character" in output
    code, output = run("--lang", "de", "solve", "--code", "B52 O00")
    assert "'B52 O00' ist die ID eines mitgelieferten Rätsels" in output, output


def test_a_shipped_id_given_as_a_code_on_the_board(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = spawn_turing(
        "board", "--code", "B52 O00", env={"TERM": "xterm-256color"}, size=(24, 200), cwd=tmp_path
    )
    children.append(child)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    shown = " ".join(str(child.before).split())
    assert "'B52 O00' is the id of a shipped puzzle" in shown
    assert "turing board --id 'B52 O00'" in shown


def test_a_number_finds_the_id_it_is_with_leading_zeros(tmp_path: Path) -> None:
    one = run("play", "--id", "1", "--players", "bot:greedy", "--json")
    zero_one = run("play", "--id", "01", "--players", "bot:greedy", "--json")
    assert one[0] == 0, one[1]
    assert json.loads(one[1])["puzzle"] == json.loads(zero_one[1])["puzzle"]
    for command in ("share", "analyze"):
        one = run(command, str(PUBLISHED), "--id", "1", "--json")
        zero_one = run(command, str(PUBLISHED), "--id", "01", "--json")
        assert one[0] == 0, one[1]
        picked = [json.loads(line) for line in one[1].splitlines()]
        assert [each["id"] for each in picked] == ["01"], one[1]
        if command == "share":
            assert one[1] == zero_one[1]
    # a number beyond the file's count that is two ids with leading zeros picks neither
    both = tmp_path / "both.yaml"
    text = PUBLISHED.read_text(encoding="utf-8")
    text = text.replace('id: "03"', 'id: "010"').replace('id: "04"', 'id: "0010"')
    both.write_text(text, encoding="utf-8")
    code, output = run("share", str(both), "--id", "10")
    assert code == 2 and "ambiguous" in output, output
    # within the count a number is the puzzle of that number: 2 is the second, not 002
    both.write_text(text.replace('id: "010"', 'id: "002"'), encoding="utf-8")
    code, output = run("share", str(both), "--id", "2", "--json")
    assert code == 0 and json.loads(output)["id"] == "02", output
    code, output = run("play", "--id", "7")
    assert code == 2 and "no shipped puzzle has id '7'" in output
