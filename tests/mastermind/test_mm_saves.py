"""Saving and resuming a Mastermind match through the real command line: a match paused
anywhere and resumed goes on exactly as it would have without the pause; files that are
no save of a match are refused in one line and left as they were."""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import sys
import zlib
from pathlib import Path
from typing import Any

import pexpect  # type: ignore[import-untyped]
import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.core.saves import pack
from turing.mastermind.match import Match, Phase, Seat
from turing.mastermind.presets import Preset, get_preset
from turing.mastermind.scoring import Feedback, feedback
from turing.mastermind.space import Code
from turing.mastermind.strategies import make_strategy

YOU, CPU = Seat("You", human=True), Seat("Computer", human=False, strategy="most-parts")


def run(args: list[str], lines: list[str]) -> Result:
    text = "".join(line + "\n" for line in lines)
    return CliRunner().invoke(main, ["mastermind", "play", *args], input=text)


def digits(code: Code) -> str:
    return "".join(str(s + 1) for s in code)


def inner(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text())
    unpacked: dict[str, Any] = json.loads(zlib.decompress(base64.b64decode(data["packed"])))
    return unpacked


def maker_lines(preset: Preset, secret: Code, seed: int, *, wrong_first: bool = False) -> list[str]:
    """What a person making ``secret`` for the computer types in a one-game match: the
    secret, then true pins for every guess; ``wrong_first``: the first row gets wrong pins,
    so that the next guess restarts the game (the pins typed for it are dropped) and the
    secret is typed again."""
    match = Match(preset, (YOU, CPU), games=1, first_breaker=1, seed=seed)
    match.start()
    match.set_secret(secret)
    strategy = make_strategy("most-parts", seed=seed)
    lines = [digits(secret)]
    wrong = wrong_first
    while match.phase is not Phase.OVER:
        if match.phase is Phase.SECRET:
            match.set_secret(secret)
            lines.append(digits(secret))
            continue
        proposal = match.propose(strategy)
        assert proposal is not None
        pins = feedback(secret, proposal)
        if wrong:
            pins = Feedback(0, 0) if pins != (0, 0) else Feedback(0, 1)
            wrong = False
        match.answer(proposal, pins)
        lines.append(f"{pins.black} {pins.white}")
    return lines


#: Matches played by script: the options, and what is typed. Each is paused after every
#: line and resumed.
MATCHES: dict[str, tuple[list[str], list[str]]] = {
    "classic": (
        ["--preset", "classic", "--seed", "5"],
        [
            "1122",
            "3456",
            "giveup",
            "1234",
            *maker_lines(get_preset("classic"), (0, 1, 2, 3), 5)[1:],
        ],
    ),
    "superhirn, false pins restart the game": (
        ["--preset", "superhirn", "--role", "maker", "--games", "1", "--seed", "3"],
        maker_lines(get_preset("superhirn"), (0, 1, 2, 3), 3, wrong_first=True),
    ),
    "logik duel": (
        ["--preset", "logik", "--seed", "2", "--games", "2"],
        ["12345", "11111", "23456", "giveup", "random", "54321", "giveup"],
    ),
    "master collor": (
        ["--preset", "master-collor", "--games", "1", "--seed", "9"],
        ["12345", "11111", "giveup"],
    ),
    "custom, two people": (
        [
            "--preset",
            "classic",
            "--positions",
            "3",
            "--colours",
            "5",
            "--players",
            "human:Ann,human:Bob",
        ],
        ["123", "111", "123", "455", "454", "455"],
    ),
}


def _after(output: str, line: str) -> str:
    return output[output.index(line) :]


@pytest.mark.parametrize("name", list(MATCHES))
def test_a_match_paused_after_any_row_goes_on_as_it_would_have(name: str, tmp_path: Path) -> None:
    options, lines = MATCHES[name]
    whole_save = tmp_path / "whole.json"
    whole = run([*options, "--save", str(whole_save)], lines)
    assert whole.exit_code == 0, whole.output
    assert whole.output.rstrip().endswith(f"The finished match is saved to {whole_save}.")
    final = [line for line in whole.output.splitlines() if line.startswith("Final score")]
    assert len(final) == 1
    for cut in range(1, len(lines)):
        save = tmp_path / f"cut{cut}.json"
        first = run([*options, "--save", str(save)], lines[:cut])
        assert first.exit_code == 1, first.output
        assert f"saved to {save} — resume with: turing mastermind play --resume {save}" in (
            first.output
        )
        second = run(["--resume", str(save)], lines[cut:])
        assert second.exit_code == 0, (cut, second.output)
        assert f"Resumed from {save}: game " in second.output
        # the rest is played as in the whole match: the same rows, secrets and scores
        assert final[0] in second.output, (cut, second.output)
        resumed_games = [
            line for line in second.output.splitlines() if line.startswith(("row", "Score"))
        ]
        for line in resumed_games:
            assert line in whole.output, (cut, line)
        assert inner(save)["actions"] == inner(whole_save)["actions"], cut
        # a finished match resumed says it is over, tells each game's rows, secret and
        # score again, then the final score, and writes nothing
        before = save.read_bytes()
        over = run(["--resume", str(save)], [])
        assert over.exit_code == 0
        assert over.output.startswith(f"The match saved in {save} is over.\n")
        assert over.output.endswith(f"\n{final[0]}\n")
        told = [line for line in whole.output.splitlines() if "'s code was" in line]
        for line in [*told, *(line for line in over.output.splitlines() if line[:3] == "row")]:
            assert line in whole.output and line in over.output, (cut, line)
        assert save.read_bytes() == before


def test_a_match_without_a_seed_resumes_with_the_same_secrets(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    assert run(["--games", "1", "--save", str(save)], ["1122"]).exit_code == 1
    copy, kept = tmp_path / "copy.json", tmp_path / "kept.json"
    shutil.copy(save, copy)
    shutil.copy(save, kept)
    endings = []
    for path in (save, copy):
        result = run(["--resume", str(path)], ["giveup"])
        assert result.exit_code == 0, result.output
        endings.append(result.output.split("gave up")[1].split("The finished match")[0])
        # the match's end in s.json would make the copy over: s.json as it was before
        shutil.copy(kept, save)
    assert endings[0] == endings[1]  # the same code shown: the secret was the one saved


def test_the_save_keeps_the_secrets_out_of_plain_sight(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    run(
        ["--preset", "superhirn", "--role", "maker", "--games", "1", "--save", str(save)],
        ["KWOP"],
    )
    text = save.read_text()
    data = json.loads(text)
    assert set(data) == {"format", "version", "note", "preset", "players", "game", "games",
                         "score", "packed"}  # fmt: skip
    assert data["format"] == "turing-mastermind-save"
    assert "actions" not in text and "set_secret" not in text and "entropy" not in text
    assert inner(save)["actions"][1] == ["set_secret", [5, 4, 6, 7]]


def test_resume_takes_no_other_settings(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    run(["--save", str(save)], ["1122"])
    result = run(["--resume", str(save), "--preset", "logik", "--seed", "3"], [])
    assert result.exit_code == 2
    assert result.output == (
        "error: --resume continues the saved match as it was; drop --preset, --seed\n"
    )


def _play_save(path: Path) -> None:
    result = CliRunner().invoke(main, ["play", "--save", str(path)], input="quit\n")
    assert result.exit_code == 1, result.output
    assert path.is_file()


def test_a_save_of_the_criteria_game_is_refused_and_the_reverse(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    _play_save(game)
    before = game.read_bytes()
    result = run(["--resume", str(game)], [])
    assert result.exit_code == 2
    assert result.output == (
        f"error: {game}: not a Mastermind save file: it is a saved game of turing play\n"
    )
    # nor is it saved over
    result = run(["--save", str(game)], ["1122"])
    assert result.exit_code == 2
    assert result.output == (
        f"error: --save: cannot save to {game}: it holds a saved game of turing play; "
        "give another name\n"
    )
    assert game.read_bytes() == before
    match = tmp_path / "match.json"
    run(["--save", str(match)], ["1122"])
    before = match.read_bytes()
    played = CliRunner().invoke(main, ["play", "--resume", str(match)])
    assert played.exit_code == 2
    assert played.output == (
        f"error: {match}: not a turing save file: it is a saved Mastermind match\n"
    )
    saved = CliRunner().invoke(main, ["play", "--save", str(match)], input="quit\n")
    assert saved.exit_code == 2
    assert "it holds a saved Mastermind match; give another name" in saved.output
    assert match.read_bytes() == before


def _repacked(path: Path, change: dict[str, object]) -> None:
    data = json.loads(path.read_text())
    data["packed"] = pack({**inner(path), **change})
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"actions": [["start"], ["guess", [0, 0, 9, 9]]]}, "action 2 cannot be replayed"),
        ({"actions": [["start"], ["fly"]]}, "action 2 is not an action of this match"),
        ({"actions": []}, "'actions' is missing or wrong"),
        ({"settings": {"preset": "classic"}}, "'custom' is missing or wrong"),
    ],
)
def test_a_hand_edited_save_is_a_corrupted_one(
    tmp_path: Path, change: dict[str, object], problem: str
) -> None:
    save = tmp_path / "s.json"
    run(["--seed", "1", "--save", str(save)], ["1122"])
    _repacked(save, change)
    before = save.read_bytes()
    result = run(["--resume", str(save)], ["1234"])
    assert result.exit_code == 2
    assert result.output == f"error: {save}: corrupted save file: {problem}\n" or (
        result.output.startswith(f"error: {save}: corrupted save file: {problem}")
    )
    assert result.output.count("\n") == 1
    assert save.read_bytes() == before


def test_broken_and_foreign_files_are_refused_in_one_line(tmp_path: Path) -> None:
    cases = {
        "empty.json": ("", "not a Mastermind save file: the file is empty"),
        "other.json": ('{"name": "x"}\n', 'not a Mastermind save file (no "format": '),
        "notes.txt": ("dear diary\n", ""),
        "t.jsonl": (
            '{"event": "start"}\n{"event": "end"}\n',
            "not a Mastermind save file: it is the transcript of a game",
        ),
        "games.jsonl": (
            '{"secret": [0, 1, 2, 3], "guesses": [], "solved": true}\n{"secret": [1]}\n',
            "not a Mastermind save file: it is the transcript of Mastermind games",
        ),
        "game.jsonl": (
            '{"secret": [0, 1, 2, 3], "guesses": [], "solved": true}\n',
            "not a Mastermind save file: it is the transcript of Mastermind games",
        ),
        "packed.json": (
            '{"format": "turing-mastermind-save", "version": 1, "packed": "!!"}',
            "corrupted save file: the packed game cannot be read",
        ),
        "v9.json": (
            '{"format": "turing-mastermind-save", "version": 9, "packed": ""}',
            "save file version 9 is not supported (this turing reads version 1)",
        ),
    }
    for name, (text, problem) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = run(["--resume", str(path)], [])
        assert result.exit_code == 2, name
        expected = (
            f"error: {path}:1:1: not a Mastermind save file (broken JSON"
            if not problem
            else (f"error: {path}: {problem}")
        )
        assert result.output.startswith(expected), result.output
        assert result.output.count("\n") == 1
        assert path.read_text() == text


def test_save_refuses_a_file_that_holds_something_else_before_the_match(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    result = run(["--save", str(notes)], ["1122"])
    assert result.exit_code == 2
    assert result.output == (
        f"error: --save: cannot save to {notes}: it exists and is not a saved game; give "
        "another name\n"
    )
    assert notes.read_text() == "keep me\n"
    folder = run(["--save", str(tmp_path)], ["1122"])
    assert folder.exit_code == 2 and folder.output.startswith("error: --save: ")
    assert "Game 1" not in folder.output


def test_a_resumed_match_is_saved_where_it_was_read_from(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    run(["--seed", "4", "--save", str(save)], ["1122"])
    result = run(["--resume", str(save)], ["3456"])
    assert result.exit_code == 1
    assert [row[0] for row in inner(save)["actions"][1:]] == ["guess", "guess"]
    elsewhere = tmp_path / "other.json"
    result = run(["--resume", str(save), "--save", str(elsewhere)], ["1111"])
    assert result.exit_code == 1
    assert len(inner(elsewhere)["actions"]) == 4
    assert len(inner(save)["actions"]) == 3


# -- at a terminal


def _spawn(args: list[str], cwd: Path) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "200"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    return pexpect.spawn(
        sys.executable,
        ["-m", "turing", "mastermind", "play", *args],
        env=env,
        cwd=str(cwd),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_leaving_at_the_terminal_offers_to_save(
    tmp_path: Path, children: list[pexpect.spawn]
) -> None:
    child = _spawn(["--seed", "6"], tmp_path)
    children.append(child)
    child.expect_exact("your guess — row 1 of 10")
    child.sendline("1122")
    child.expect_exact("your guess — row 2 of 10")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendintr()  # Ctrl-C at the offer: nothing done, the match goes on
    child.expect_exact("Nothing done.")
    child.expect_exact("your guess — row 2 of 10")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline("yes")
    child.expect_exact("Type the name of a file to save to, or press Enter not to save.")
    (tmp_path / "notes.txt").write_text("keep me\n")
    child.sendline("notes.txt")
    child.expect_exact("it exists and is not a saved game; give another name")
    child.expect_exact("Save it first? File name (Enter: do not save): ")
    child.sendline('"my match.json"')
    child.expect_exact(
        "quit: match abandoned; saved to my match.json — resume with: "
        "turing mastermind play --resume 'my match.json'"
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (tmp_path / "notes.txt").read_text() == "keep me\n"
    resumed = run(["--resume", str(tmp_path / "my match.json")], ["giveup"])
    assert resumed.exit_code == 1, resumed.output
    assert "Classic Mastermind: row 2 of 10, game 1 of 2" in resumed.output
    # with --save nothing is asked: the match is saved there
    child = _spawn(["--seed", "6", "--save", "s.json"], tmp_path)
    children.append(child)
    child.expect_exact("your guess — row 1 of 10")
    child.sendline("quit")
    child.expect_exact("Leave the match? [y/N] ")
    child.sendline("y")
    child.expect_exact("quit: match abandoned; saved to s.json")
    child.expect(pexpect.EOF)
    assert "Save it first" not in str(child.before)


def test_a_script_never_saves_over_another_match(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    run(["--seed", "1", "--save", str(save)], ["1122"])
    before = save.read_bytes()
    result = run(["--seed", "1", "--save", str(save)], ["3456"])
    assert result.exit_code == 2
    assert result.output == (
        f"error: --save: {save} holds another saved match; give another name\n"
    )
    assert save.read_bytes() == before
    # this match at a later point is saved over it, as resuming does
    later = tmp_path / "later.json"
    assert run(["--resume", str(save), "--save", str(later)], ["3456"]).exit_code == 1
    assert run(["--resume", str(later), "--save", str(save)], ["1111"]).exit_code == 1
    assert len(inner(save)["actions"]) == 4


def test_names_given_by_default_follow_the_language_of_the_resumed_match(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    args = ["--lang", "de", "mastermind", "play", "--seed", "7", "--games", "2"]
    german = CliRunner().invoke(main, [*args, "--save", str(save)], input="1234\nbeenden\n")
    assert german.exit_code == 1 and "Du, dein Rateversuch" in german.output, german.output
    english = CliRunner().invoke(
        main, ["--lang", "en", "mastermind", "play", "--resume", str(save)], input="quit\n"
    )
    assert "You, your guess — row 2 of 10" in english.output, english.output
    assert "Du" not in english.output
    named = tmp_path / "n.json"
    players = ["--players", "human:Ann,computer"]
    CliRunner().invoke(main, [*args, "--save", str(named), *players], input="1234\nbeenden\n")
    again = CliRunner().invoke(
        main, ["--lang", "en", "mastermind", "play", "--resume", str(named)], input="quit\n"
    )
    assert "Ann, your guess" in again.output, again.output  # a name typed stays as typed


def test_a_match_whose_output_is_closed_is_saved_and_left_with_status_1(tmp_path: Path) -> None:
    """``turing mastermind play --save m.json | head -1`` (standard error with it, or not):
    the match is left as abandoned, saved, status 1, as ``turing play`` leaves a game."""
    import os
    import subprocess
    import sys

    from testsupport.cli import ROOT

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TURING_LANG": "en", "NO_COLOR": "1"}
    for name, errors in (("a.json", subprocess.PIPE), ("b.json", subprocess.STDOUT)):
        child = subprocess.Popen(
            [sys.executable, "-m", "turing", "mastermind", "play", "--seed", "3", "--save", name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            cwd=tmp_path,
            env=env,
        )
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline().startswith(b"Classic Mastermind")
        child.stdout.close()  # as head -1 does
        child.stdin.write(b"RRGG\n")
        child.stdin.close()
        said = child.stderr.read().decode() if child.stderr is not None else ""
        assert child.wait(timeout=60) == 1
        assert (tmp_path / name).is_file()
        if errors is subprocess.PIPE:
            assert said.startswith("standard output closed: match abandoned; saved to a.json")


def _guesses(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("Computer guesses, row")]


def test_random_consistent_guesses_afresh_each_match_without_a_seed(tmp_path: Path) -> None:
    options = ["--role", "maker", "--games", "1", "--strategy", "random-consistent"]
    firsts = {_guesses(run(options, ["1122"]).output)[0] for _ in range(4)}
    assert len(firsts) > 1  # a codemaker cannot learn the guesses from one match to the next
    # a match without a seed, paused and resumed, guesses on as it would have
    save = tmp_path / "s.json"
    paused = run([*options, "--save", str(save)], ["1122", "0 0"])
    assert paused.exit_code == 1, paused.output
    copy = tmp_path / "copy.json"
    shutil.copy(save, copy)
    resumed = [_guesses(run(["--resume", str(path)], ["0 0"]).output) for path in (save, copy)]
    # (whether the pins typed are right depends on the first guess drawn: the game then
    # goes on, or restarts for the wrong pins; either way alike from the file and its copy)
    assert resumed[0] == resumed[1] and resumed[0]


def test_a_match_saved_before_strategies_were_seeded_afresh_guesses_on_as_it_would_have(
    tmp_path: Path,
) -> None:
    # such a save played random-consistent from 0 without a seed, whatever its entropy
    options = ["--role", "maker", "--games", "1", "--strategy", "random-consistent"]
    straight = _guesses(run([*options, "--seed", "0"], ["1122", "0 0", "0 0"]).output)
    save = tmp_path / "old.json"
    paused = run([*options, "--seed", "0", "--save", str(save)], ["1122", "0 0"])
    assert paused.exit_code == 1, paused.output
    document = json.loads(save.read_text())
    inner = json.loads(zlib.decompress(base64.b64decode(document["packed"])))
    settings = inner["settings"]
    settings.update(seed=None, entropy=settings["entropy"] + 12345)
    del settings["strategy_seed"]
    document["packed"] = pack(inner)
    save.write_text(json.dumps(document))
    resumed = _guesses(run(["--resume", str(save)], ["0 0"]).output)
    assert resumed == straight[1:2], (straight, resumed)


def test_a_transcript_of_mastermind_games_is_named_where_a_save_is_read(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    simulated = CliRunner().invoke(
        main, ["mastermind", "simulate", "--sample", "3", "--transcript", str(games)]
    )
    assert simulated.exit_code == 0, simulated.output
    before = games.read_bytes()
    for command, not_one in (
        (["mastermind", "play"], "not a Mastermind save file"),
        (["mastermind", "board"], "not a Mastermind save file"),
        (["play"], "not a turing save file"),
    ):
        result = CliRunner().invoke(main, [*command, "--resume", str(games)], "")
        assert result.exit_code == 2, result.output
        assert result.output == (
            f"error: {games}: {not_one}: it is the transcript of Mastermind games\n"
        )
    played = CliRunner().invoke(main, ["play", "--seed", "1", "--transcript", str(games)], "")
    assert played.exit_code == 2
    assert played.output == (
        f"error: cannot write the transcript {games}: it is the transcript of Mastermind "
        "games; give another name\n"
    )
    assert games.read_bytes() == before


def test_a_folder_is_a_folder_for_resume_and_save_alike(tmp_path: Path) -> None:
    for args in (["--resume", str(tmp_path)], ["--save", str(tmp_path)]):
        result = run(args, ["1122"])
        assert result.exit_code == 2, result.output
        assert "is a folder, not a file" in result.output, result.output
        assert "directory" not in result.output
    played = CliRunner().invoke(main, ["play", "--resume", str(tmp_path)], "")
    assert played.output == f"error: {tmp_path}: is a folder, not a file\n"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("preset", "logik"),
        ("score", [99, 0]),
        ("players", ["Ann", "Computer"]),
        ("game", 2),
        ("games", 4),
    ],
)
def test_a_save_whose_readable_fields_disagree_with_its_packed_match_is_refused(
    tmp_path: Path, key: str, value: object
) -> None:
    save = tmp_path / "m.json"
    options = ["--preset", "master-collor", "--games", "2", "--seed", "9"]
    assert run([*options, "--save", str(save)], ["12345"]).exit_code == 1
    data = json.loads(save.read_text())
    assert data[key] != value
    data[key] = value
    save.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    before = save.read_bytes()
    for command in ("play", "board"):
        result = CliRunner().invoke(main, ["mastermind", command, "--resume", str(save)], "")
        assert result.exit_code == 2, result.output
        assert result.output == (
            f"error: {save}: corrupted save file: {key!r} does not agree with the packed match\n"
        )
    assert save.read_bytes() == before


def test_a_save_rewritten_by_a_json_tool_and_said_in_another_language_resumes(
    tmp_path: Path,
) -> None:
    save = tmp_path / "m.json"
    german = CliRunner().invoke(
        main,
        ["--lang", "de", "mastermind", "play", "--preset", "logik", "--save", str(save)],
        "12345\n",
    )
    assert german.exit_code == 1, german.output
    save.write_text(json.dumps(json.loads(save.read_text())))  # on one line, as a tool may
    result = run(["--resume", str(save)], ["giveup"])
    assert "corrupted" not in result.output, result.output
    assert f"Resumed from {save}" in result.output


def test_a_resumed_score_with_wrong_pins_in_the_game_says_so(tmp_path: Path) -> None:
    """After wrong pins in game 2 the score holds their penalty: a resumed match does not
    call it the score after game 1, in English and in German."""
    save = tmp_path / "p.json"
    lines = ["RRGG", "give up", "1122", "4 0", "quit"]  # the computer's first guess is RRGB
    paused = run(["--games", "2", "--seed", "3", "--save", str(save)], lines)
    assert "3 points to the computer for the wrong pins" in paused.output, paused.output
    resumed = run(["--resume", str(save)], ["quit"])
    assert (
        "Score: You: 0, Computer: 14 (3 of them penalty points for wrong pins in game 2 of 2)."
        in resumed.output
    ), resumed.output
    assert "Score after game 1" not in resumed.output
    german = CliRunner().invoke(
        main, ["--lang", "de", "mastermind", "play", "--resume", str(save)], input="beenden\n"
    )
    assert (
        "Stand: Du 0; Computer 14 (davon 3 Strafpunkte für falsche Stifte in Spiel 2 von 2)."
        in german.output
    ), german.output
