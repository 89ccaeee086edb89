"""A game's save files over several sittings (CliRunner, and one sitting at a terminal):
when the game ends, in whichever sitting, every file that held a save of it and still
does is brought to the end, so that none resumes the game before its end."""

from __future__ import annotations

import base64
import json
import os
import shutil
import zlib
from pathlib import Path

import pexpect  # type: ignore[import-untyped]
from click.testing import CliRunner, Result

from testsupport.cli import play_terminal
from turing.cli.main import main
from turing.play.session import read_save


def play(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=script)


def over(path: Path) -> bool:
    """Whether the save in ``path`` resumes as a game that is over."""
    result = play(["--resume", str(path)], "quit\n")
    return result.exit_code == 0 and "this game is over: player wins" in result.output


def two_sittings(tmp_path: Path) -> tuple[Path, Path]:
    """y1.json saved in round 2 (the first sitting), then resumed and left in round 3
    after `save y2.json` (the second): both hold the game in round 3."""
    y1, y2 = tmp_path / "y1.json", tmp_path / "y2.json"
    first = play(["--save", str(y1)], "c 123; test A\npass\n")
    assert first.exit_code == 1, first.output
    second = play(["--resume", str(y1)], f"c 123; test B\npass\nsave {y2}\n")
    assert second.exit_code == 1, second.output
    assert read_save(str(y1))["game"] == read_save(str(y2))["game"]
    return y1, y2


def test_the_end_in_a_later_sitting_ends_a_copy_saved_in_an_earlier_one(tmp_path: Path) -> None:
    y1, y2 = two_sittings(tmp_path)
    third = play(["--resume", str(y1)], "solve 241\n")
    assert third.exit_code == 0, third.output
    assert f"The finished game is saved to {y1}." in third.output
    assert f"The finished game is saved to {y2}." in third.output
    assert over(y1) and over(y2)


def test_the_end_from_the_copy_ends_the_file_it_was_copied_from(tmp_path: Path) -> None:
    y1, y2 = two_sittings(tmp_path)
    third = play(["--resume", str(y2)], "solve 241\n")
    assert third.exit_code == 0, third.output
    assert f"The finished game is saved to {y1}." in third.output
    assert over(y1) and over(y2)


def test_a_copy_made_in_a_sitting_the_resumed_file_never_heard_of_is_ended(
    tmp_path: Path,
) -> None:
    """y3.json is named by y2.json only (the third sitting resumed y2.json); the fourth
    resumes y1.json, and reaches y3.json through y2.json."""
    y1, y2 = two_sittings(tmp_path)
    y3 = tmp_path / "sub" / "y3.json"
    y3.parent.mkdir()
    third = play(["--resume", str(y2)], f"save {y3}\n")
    assert third.exit_code == 1, third.output
    fourth = play(["--resume", str(y1)], "solve 241\n")
    assert fourth.exit_code == 0, fourth.output
    assert over(y1) and over(y2) and over(y3)


def test_a_file_resumed_and_left_as_it_was_learns_of_the_copy_saved_elsewhere(
    tmp_path: Path,
) -> None:
    """`--resume y1.json --save z.json` leaves y1.json in round 2, but names z.json in it:
    the game resumed from y1.json again, played the same way and finished, ends z.json."""
    y1, z = tmp_path / "y1.json", tmp_path / "z.json"
    assert play(["--save", str(y1)], "c 123; test A\npass\n").exit_code == 1
    game = read_save(str(y1))["game"]
    second = play(["--resume", str(y1), "--save", str(z)], "c 123; test B\npass\n")
    assert second.exit_code == 1, second.output
    assert read_save(str(y1))["game"] == game  # the game in it as it was
    assert read_save(str(y1))["family"] == [str(y1), str(z)]
    third = play(["--resume", str(y1)], "c 123; test B\npass\nsolve 241\n")
    assert third.exit_code == 0, third.output
    assert f"The finished game is saved to {z}." in third.output
    assert over(y1) and over(z)


def test_a_save_of_the_game_played_on_differently_is_ended_too(tmp_path: Path) -> None:
    """y1.json, resumed again after `--resume y1.json --save z.json`, is played on another
    way: the game it holds is this one (the same puzzle, players and seed, so the same
    answer), so the end of the game in z.json brings it to the end too."""
    y1, z = tmp_path / "y1.json", tmp_path / "z.json"
    assert play(["--save", str(y1)], "c 123; test A\npass\n").exit_code == 1
    assert play(["--resume", str(y1), "--save", str(z)], "c 123; test B\npass\n").exit_code == 1
    branch = play(["--resume", str(y1)], "c 124; test C\npass\n")
    assert branch.exit_code == 1, branch.output
    assert read_save(str(y1))["game"]["actions"] != read_save(str(z))["game"]["actions"]
    end = play(["--resume", str(z)], "solve 241\n")
    assert end.exit_code == 0, end.output
    assert f"The finished game is saved to {y1}." in end.output
    assert "holds another saved game" not in end.output
    assert over(y1) and over(z)


def test_a_file_of_the_family_gone_or_holding_something_else_is_left_and_said(
    tmp_path: Path,
) -> None:
    """Each file of the family the end cannot be brought to is said in one calm line of
    one form after the result, with why: never as an error, nor with advice the players
    cannot follow once the game is over."""
    y1, y2 = two_sittings(tmp_path)
    y3, y4, y5, y6, y7, y8 = (tmp_path / f"y{n}.json" for n in range(3, 9))
    saves = "".join(f"save {path}\n" for path in (y3, y4, y5, y6, y7, y8))
    assert play(["--resume", str(y1)], saves).exit_code == 1
    y2.rename(tmp_path / "moved.json")
    y3.write_text("notes\n")
    # another game in y4.json: the game of another seed
    other = play(["--seed", "7", "--save", str(y4), "--overwrite"], "pass\n")
    assert other.exit_code == 1, other.output
    kept = y4.read_bytes()
    match = tmp_path / "match.json"
    assert CliRunner().invoke(main, ["mastermind", "play", "--save", str(match)], "save\n")
    match.replace(y5)
    y6.unlink()
    y6.mkdir()
    y7.unlink()
    os.mkfifo(y7)
    broken = json.loads(y8.read_text())
    broken["packed"] = "AAAA"
    y8.write_text(json.dumps(broken))
    end = play(["--resume", str(y1)], "solve 241\n")
    assert end.exit_code == 0, end.output
    said = end.output[end.output.index(f"The finished game is saved to {y1}.") :]
    assert said.splitlines() == [
        f"The finished game is saved to {y1}.",
        f"The finished game is not saved to {y2}: it is no longer there.",
        f"The finished game is not saved to {y3}: it can no longer be read as a save.",
        f"The finished game is not saved to {y5}: it holds a saved Mastermind match.",
        f"The finished game is not saved to {y6}: it is a folder.",
        f"The finished game is not saved to {y7}: it is not a regular file.",
        f"The finished game is not saved to {y8}: it can no longer be read as a save.",
        f"The finished game is not saved to {y4}: it holds another saved game.",
    ]
    assert not y2.exists()
    assert y3.read_text() == "notes\n"
    assert y4.read_bytes() == kept
    assert y6.is_dir() and y7.is_fifo()
    assert over(y1)


def test_a_save_records_its_family_as_absolute_paths(tmp_path: Path) -> None:
    y1, y2 = two_sittings(tmp_path)
    assert read_save(str(y1))["family"] == [str(y1), str(y2)]
    assert read_save(str(y2))["family"] == [str(y1), str(y2)]


def _repacked(path: Path, change: dict[str, object], drop: str | None = None) -> None:
    data = json.loads(path.read_text())
    inner = json.loads(zlib.decompress(base64.b64decode(data["packed"])))
    inner.update(change)
    if drop is not None:
        del inner[drop]
    data["packed"] = base64.b64encode(zlib.compress(json.dumps(inner).encode())).decode()
    path.write_text(json.dumps(data, indent=1) + "\n")


def test_a_save_written_before_saves_named_their_family_still_resumes(tmp_path: Path) -> None:
    y1, _y2 = two_sittings(tmp_path)
    _repacked(y1, {}, drop="family")
    end = play(["--resume", str(y1)], "solve 241\n")
    assert end.exit_code == 0, end.output
    assert over(y1)


def test_a_save_with_a_broken_family_is_a_corrupted_save(tmp_path: Path) -> None:
    y1, _y2 = two_sittings(tmp_path)
    _repacked(y1, {"family": ["y2.json"]})
    before = y1.read_bytes()
    result = play(["--resume", str(y1)], "solve 241\n")
    assert result.exit_code == 2, result.output
    assert result.output == f"error: {y1}: corrupted save file: 'family' is missing or wrong\n"
    assert y1.read_bytes() == before


def test_at_the_terminal_the_end_ends_the_copies_of_earlier_sittings(tmp_path: Path) -> None:
    y1, y2 = two_sittings(tmp_path)
    child = play_terminal(tmp_path, "--resume", "y2.json")
    child.expect_exact("player>")
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("The finished game is saved to y2.json.")
    child.expect_exact("The finished game is saved to y1.json.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert over(y1) and over(y2)


def test_a_copy_from_before_the_end_resumes_as_the_game_over(tmp_path: Path) -> None:
    """A copy made outside turing before the game ended names the file that holds the
    end: resumed, it is over (no move can be played by someone who saw the answer), the
    end it would have replaced is kept, and the copy is brought to the end too."""
    s9, bk9 = tmp_path / "s9.json", tmp_path / "bk9.json"
    assert play(["--save", str(s9)], "save\n").exit_code == 1
    shutil.copyfile(s9, bk9)
    lost = play(["--resume", str(s9)], "solve 221\n")
    assert lost.exit_code == 0 and "eliminated in round 1 (221 wrong)" in lost.output
    ended = s9.read_bytes()
    again = play(["--resume", str(bk9)], "solve 241\n")
    assert again.exit_code == 0, again.output
    assert again.output.startswith(
        f"{bk9}: this game is over (its end is saved in {s9}): Not solved: the code "
        "submitted was wrong.\n"
    )
    assert "won" not in again.output
    assert s9.read_bytes() == ended
    assert read_save(str(bk9))["game"] == read_save(str(s9))["game"]
    # with a transcript of its own, the copy is over all the same
    other = play(["--resume", str(bk9), "--transcript", str(tmp_path / "t.jsonl")], "solve 241\n")
    assert other.exit_code == 0 and "this game is over" in other.output
    assert s9.read_bytes() == ended


def test_the_end_of_a_copy_resumed_before_the_other_ended_keeps_that_end(tmp_path: Path) -> None:
    """The copy resumed at a terminal while the game, resumed from the other file, ended
    (a loss): the copy's end (a win) is saved in the copy, and the loss is kept."""
    s9, bk9 = tmp_path / "s9.json", tmp_path / "bk9.json"
    assert play(["--save", str(s9)], "save\n").exit_code == 1
    shutil.copyfile(s9, bk9)
    child = play_terminal(tmp_path, "--resume", "bk9.json")
    child.expect_exact("player>")
    lost = play(["--resume", str(s9)], "solve 221\n")
    assert lost.exit_code == 0 and "eliminated in round 1 (221 wrong)" in lost.output
    ended = s9.read_bytes()
    child.sendline("solve 241")
    child.expect_exact("[y/N]")
    child.sendline("y")
    child.expect_exact("The finished game is saved to bk9.json.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # the other file is said to keep the other end, and is left as it is
    said = " ".join(child.before.split())
    assert said.count("s9.json") == 1, said
    assert (
        "The finished game is not saved to s9.json: it holds this game's end (it ended in "
        "another sitting)." in said
    )
    assert s9.read_bytes() == ended
