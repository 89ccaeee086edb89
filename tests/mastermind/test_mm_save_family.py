"""A Mastermind match's save files over several sittings (CliRunner, and the board at a
terminal): when the match ends, in whichever file, every file that held a save of it and
still does is brought to the end, so that none resumes the match before its end, by
someone who now knows the computer's secrets."""

from __future__ import annotations

import base64
import json
import re
import shutil
import zlib
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from testsupport.cli import spawn_turing
from turing.cli.main import main
from turing.core.saves import pack

ONE_GAME = ["--games", "1"]


def run(args: list[str], lines: list[str]) -> Result:
    text = "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, ["mastermind", "play", *args], input=text)


def inner(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    unpacked: dict[str, Any] = json.loads(zlib.decompress(base64.b64decode(data["packed"])))
    return unpacked


def over(path: Path) -> bool:
    """Whether the save in ``path`` resumes as a match that is over."""
    result = run(["--resume", str(path)], ["quit"])
    return result.exit_code == 0 and f"The match saved in {path} is over." in result.output


def two_files(tmp_path: Path) -> tuple[Path, Path]:
    """m1.json after one row; m2.json, the match resumed from it, after one more (m1.json
    left where it was)."""
    m1, m2 = tmp_path / "m1.json", tmp_path / "m2.json"
    first = run([*ONE_GAME, "--save", str(m1)], ["1122", "quit"])
    assert first.exit_code == 1, first.output
    second = run(["--resume", str(m1), "--save", str(m2)], ["1234", "quit"])
    assert second.exit_code == 1, second.output
    assert len(inner(m1)["actions"]) < len(inner(m2)["actions"])
    return m1, m2


def test_the_end_in_the_file_saved_to_ends_the_file_resumed_from(tmp_path: Path) -> None:
    m1, m2 = two_files(tmp_path)
    end = run(["--resume", str(m2)], ["giveup"])
    assert end.exit_code == 0, end.output
    assert f"The finished match is saved to {m2}." in end.output
    assert f"The finished match is saved to {m1}." in end.output
    assert over(m1) and over(m2)


def test_the_end_in_the_file_resumed_from_ends_the_file_saved_to(tmp_path: Path) -> None:
    m1, m2 = two_files(tmp_path)
    end = run(["--resume", str(m1)], ["1234", "giveup"])
    assert end.exit_code == 0, end.output
    assert f"The finished match is saved to {m2}." in end.output
    assert over(m1) and over(m2)


def test_a_file_saved_in_a_later_sitting_is_found_from_the_first(tmp_path: Path) -> None:
    """m3.json joins in a sitting resumed from m2.json; the end, resumed from m1.json, finds
    it through the files each save names."""
    m1, m2 = two_files(tmp_path)
    m3 = tmp_path / "sub" / "m3.json"
    m3.parent.mkdir()
    third = run(["--resume", str(m2), "--save", str(m3)], ["quit"])
    assert third.exit_code == 1, third.output
    assert inner(m1)["family"] == [str(m1), str(m2), str(m3)]
    end = run(["--resume", str(m1)], ["giveup"])
    assert end.exit_code == 0, end.output
    assert over(m1) and over(m2) and over(m3)


def test_a_save_of_the_match_played_on_another_way_is_ended_too(tmp_path: Path) -> None:
    """m1.json resumed again and played differently holds the same secrets: the end in
    m2.json brings it to the end too."""
    m1, m2 = two_files(tmp_path)
    branch = run(["--resume", str(m1)], ["5566", "quit"])
    assert branch.exit_code == 1, branch.output
    assert inner(m1)["actions"] != inner(m2)["actions"][: len(inner(m1)["actions"])]
    end = run(["--resume", str(m2)], ["giveup"])
    assert end.exit_code == 0, end.output
    assert f"The finished match is saved to {m1}." in end.output
    assert over(m1)


def test_a_file_of_the_family_gone_or_holding_another_match_is_left_and_said(
    tmp_path: Path,
) -> None:
    m1, m2 = two_files(tmp_path)
    m3 = tmp_path / "m3.json"
    assert run(["--resume", str(m2), "--save", str(m3)], ["quit"]).exit_code == 1
    m1.unlink()
    m3.unlink()  # another match in m3.json now
    assert run([*ONE_GAME, "--seed", "3", "--save", str(m3)], ["quit"]).exit_code == 1
    kept = m3.read_bytes()
    end = run(["--resume", str(m2)], ["giveup"])
    assert end.exit_code == 0, end.output
    assert f"The finished match is not saved to {m1}: it is no longer there." in end.output
    assert f"The finished match is not saved to {m3}: it holds another saved match." in end.output
    assert not m1.exists()
    assert m3.read_bytes() == kept
    assert over(m2)


def test_a_save_written_before_saves_named_their_family_still_resumes(tmp_path: Path) -> None:
    m1 = tmp_path / "m1.json"
    assert run([*ONE_GAME, "--save", str(m1)], ["1122", "quit"]).exit_code == 1
    data = json.loads(m1.read_text())
    unpacked = inner(m1)
    del unpacked["family"]
    data["packed"] = pack(unpacked)
    m1.write_text(json.dumps(data))
    end = run(["--resume", str(m1)], ["giveup"])
    assert end.exit_code == 0, end.output
    assert over(m1)


def test_a_save_with_a_broken_family_is_a_corrupted_save(tmp_path: Path) -> None:
    m1 = tmp_path / "m1.json"
    assert run([*ONE_GAME, "--save", str(m1)], ["1122", "quit"]).exit_code == 1
    data = json.loads(m1.read_text())
    unpacked = inner(m1)
    unpacked["family"] = ["relative.json"]
    data["packed"] = pack(unpacked)
    m1.write_text(json.dumps(data))
    before = m1.read_bytes()
    result = run(["--resume", str(m1)], ["giveup"])
    assert result.exit_code == 2
    assert f"{m1}: corrupted save file: 'family' is missing or wrong" in result.output
    assert m1.read_bytes() == before


def test_the_board_at_a_terminal_ends_the_file_resumed_from(
    tmp_path: Path, children: list[Any]
) -> None:
    """The real command in a pseudo-terminal: the board resumed from m1.json and kept in
    m2.json; x gives the game up, which ends the match, and m1.json with it."""
    pytest.importorskip("textual")

    m1, m2 = two_files(tmp_path)
    m3 = tmp_path / "m3.json"
    assert run(["--resume", str(m2), "--save", str(m3)], ["quit"]).exit_code == 1
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    args = ["mastermind", "board", "--resume", "m1.json", "--save", "m4.json"]
    child = spawn_turing(*args, env=env, size=(30, 100), timeout=60, cwd=tmp_path)
    children.append(child)
    child.expect("Resumed from m1.json")
    child.send("x")
    child.expect("Give up")
    child.send("y")
    child.expect("wins")
    child.send("q")
    child.expect("The finished match is saved to m4.json.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert over(m1) and over(m2) and over(m3) and over(tmp_path / "m4.json")


def _secret(output: str) -> str:
    """The computer's code, as the end of a game says it (``R K G K``), to type."""
    said = re.search(r"The computer's code was ([A-Z ]+)\.", output)
    assert said is not None, output
    return said.group(1).replace(" ", "")


def test_a_copy_from_before_the_end_resumes_as_the_match_over(tmp_path: Path) -> None:
    """A copy made outside turing before the match ended names the file that holds the
    end: resumed, it is over (the secret seen at the end cannot be typed to a win), the
    end it would have replaced is kept, and the copy is brought to the end too."""
    m9, bk = tmp_path / "m9.json", tmp_path / "bk.json"
    assert run([*ONE_GAME, "--save", str(m9)], ["1234", "quit"]).exit_code == 1
    shutil.copyfile(m9, bk)
    lost = run(["--resume", str(m9)], ["giveup"])
    assert lost.exit_code == 0, lost.output
    ended = m9.read_bytes()
    again = run(["--resume", str(bk)], [_secret(lost.output)])
    assert again.exit_code == 0, again.output
    assert again.output.startswith(f"The match saved in {bk} is over (its end is saved in {m9}).\n")
    assert m9.read_bytes() == ended
    assert inner(bk)["actions"] == inner(m9)["actions"]
    assert over(bk)


def test_the_end_of_a_copy_resumed_before_the_other_ended_keeps_that_end(
    tmp_path: Path, children: list[Any]
) -> None:
    """The copy resumed at a terminal while the match, resumed from the other file, ended
    (given up): the copy's end (the secret guessed) is saved in the copy, and the other
    end is kept."""
    m9, bk = tmp_path / "m9.json", tmp_path / "bk.json"
    assert run([*ONE_GAME, "--save", str(m9)], ["1234", "quit"]).exit_code == 1
    shutil.copyfile(m9, bk)
    env = {"TERM": "xterm-256color", "NO_COLOR": "1"}
    child = spawn_turing(
        "mastermind",
        "play",
        "--resume",
        "bk.json",
        env=env,
        size=(40, 120),
        timeout=60,
        cwd=tmp_path,
    )
    children.append(child)
    child.expect_exact("your guess")
    lost = run(["--resume", str(m9)], ["giveup"])
    assert lost.exit_code == 0, lost.output
    ended = m9.read_bytes()
    child.sendline(_secret(lost.output))
    child.expect_exact("The finished match is saved to bk.json.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "m9.json" not in child.before
    assert m9.read_bytes() == ended
    assert json.loads(bk.read_text())["score"] != json.loads(m9.read_text())["score"]
