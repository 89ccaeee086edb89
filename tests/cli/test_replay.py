"""`turing replay FILE`: a game looked back on from the transcript `turing play --transcript`
wrote — each test with the codes its player could still hold possible, the decisions (a
solve with more than one code possible marked a guess), the end; an unfinished game only
as far as it goes, nothing hidden worked out; every file that is no transcript refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from testsupport.cli import PUZZLES, ROOT, run

SAMPLE = str(PUZZLES / "sample.yaml")


def _played(tmp_path: Path, lines: str, *args: str, name: str = "game.jsonl") -> Path:
    """A game played through `turing play --transcript`, its transcript's path."""
    transcript = tmp_path / name
    result = run(["play", *args, "--transcript", str(transcript)], input=lines)
    assert transcript.is_file(), result.output
    return transcript


def _replay(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from turing.cli.main import main

    result = CliRunner(env=env).invoke(main, ["replay", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_solo_game_round_by_round(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "test 352 A\ntest B\npass\ntest 241 C\nsolve 241\n", SAMPLE)
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"The game of {transcript}"
    assert lines[1] == "classic · cards 4, 9, 11, 14"
    assert "Before any test the cards leave 2 codes possible." in lines
    round_1 = lines.index("Round 1")
    assert lines[round_1 + 1 : round_1 + 4] == [
        "  player: 352 on A ✘ → 2 codes possible",
        "  player: 352 on B ✘ → 2 codes possible",
        "  player passed (2 codes possible)",
    ]
    round_2 = lines.index("Round 2")
    assert lines[round_2 + 1 : round_2 + 3] == [
        "  player: 241 on C ✔ → 1 code possible",
        "  player submitted 241 — right (1 code possible)",
    ]
    assert "The game is over after 2 rounds." in lines
    assert "  player  3 tests, 0 hints" in lines
    assert "Solution: 241" in lines
    assert "  A   4.2 ■ = 4" in lines
    assert lines[-1] == "No guesses: every solve was made with one code left."


def test_a_hot_seat_game_with_a_wrong_solve_and_an_elimination(tmp_path: Path) -> None:
    script = "c 241; test A\npass\nsolve 111\nsolve 221\n"
    transcript = _played(tmp_path, script, SAMPLE, "--players", "ann,bob,cy")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, ""), err
    assert "  ann: 241 on A ✔ → 1 code possible" in out
    assert "  ann passed (1 code possible)" in out
    # bob's code was ruled out by the cards alone; cy's was one of two: a guess
    assert "  bob submitted 111 — wrong (a code already ruled out: 2 codes possible)" in out
    assert "  cy submitted 221 — wrong (a guess: 2 codes were possible)" in out
    assert "  bob is out\n  cy is out\n" in out
    assert "Winner: ann" in out  # the last one in the game
    assert out.rstrip().endswith(
        "Guessed (solved with more than one code possible): bob in round 1, cy in round 1"
    )
    data = json.loads(_replay(str(transcript), "--json")[1])
    assert data["over"] is True
    assert data["guesses"] == [{"round": 1, "player": "bob"}, {"round": 1, "player": "cy"}]
    first = data["rounds"][0]["events"]
    assert first[0] == {
        "event": "test",
        "player": "ann",
        "code": "241",
        "verifier": "A",
        "result": True,
        "remaining": 1,
    }
    assert first[2]["guess"] is True and first[2]["possible"] is False
    assert data["end"]["solution"] == "241"


def test_a_game_beside_the_box_with_an_answer_corrected(tmp_path: Path) -> None:
    script = "test 352 A no C yes\ncorrect 1 C no\nsolve 221 yes\n"
    transcript = _played(tmp_path, script, "--box", "--cards", "4,9,11,14")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert out.splitlines()[1].endswith("· beside the box")
    assert "  player: 352 on C ✔ → 1 code possible" in out
    assert "  player corrects round 1: 352 on C is now ✘ → 1 code possible" in out
    assert "Solution: 221" in out
    assert "The verifiers held" not in out  # the box held them


def test_an_unfinished_game_shows_nothing_hidden(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    script = f"c 241; test A\npass\npass\nsave {save}\n"
    transcript = _played(tmp_path, script, SAMPLE, "--players", "ann,bob")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert "The game is not over: the transcript ends in round 2." in out
    assert "It was left with a save to resume it from." in out
    assert "stay private until the game is over" in out
    assert "  ann passed\n  bob passed\n" in out  # no count: ann's test is not in the file
    for hidden in ("241", "Solution", "verifiers held", "4.2", "Winner"):
        assert hidden not in out
    data = json.loads(_replay(str(transcript), "--json")[1])
    assert data["over"] is False and data["end"] is None
    assert data["rounds"][0]["events"][0] == {"event": "pass", "player": "ann", "remaining": None}
    assert "241" not in json.dumps(data)


def test_the_replay_in_german(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "c 111; test B\nsolve 241\n", SAMPLE)
    code, out, err = _replay(str(transcript), "--lang", "de")
    assert (code, err) == (0, "")
    assert "Runde 1" in out
    assert "  player: 111 an B ✔ → 2 Codes möglich" in out
    assert "player hat 241 abgegeben — richtig (geraten: 2 Codes waren möglich)" in out
    assert "Spieler: player" in out
    assert "Lösung: 241" in out


def test_ascii_marks(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "c 111; test B\nsolve 241\n", SAMPLE)
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "TURING_LANG": "en", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "turing", "replay", str(transcript)],
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0
    out = done.stdout.decode("ascii")
    assert "  player: 111 on B + > 2 codes possible" in out
    assert "  player submitted 241 - right (a guess: 2 codes were possible)" in out


def test_every_kind_of_bad_file_is_one_line(tmp_path: Path) -> None:
    good = _played(tmp_path, "c 241; test A\nsolve 241\nsolve 111\n", SAMPLE, "--players", "a,b")
    events = good.read_text().splitlines()
    files = {
        "notes.txt": "my notes\n",
        "empty.jsonl": "",
        "mm.jsonl": '{"secret": "1234", "guesses": ["1122"]}\n',
        "broken.jsonl": events[0] + "\n" + events[1][:-5] + "\n",
        "order.jsonl": "\n".join([events[0], events[4], events[2]]) + "\n",
        "after.jsonl": "\n".join([*events, events[1]]) + "\n",
        "back.jsonl": "\n".join([events[0], events[1].replace('"round": 1', '"round": 3')]),
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    expected = {
        "notes.txt": "notes.txt: not the transcript of a game: its first line is not the start "
        "of a game",
        "empty.jsonl": "empty.jsonl: not the transcript of a game: the file is empty",
        "mm.jsonl": "mm.jsonl: not the transcript of a game: it is the transcript of "
        "Mastermind games",
        "broken.jsonl": "broken.jsonl:2: broken JSON",
        "order.jsonl": "order.jsonl:2: b is eliminated without a solve: the events are out "
        "of order",
        "after.jsonl": "after.jsonl:7: an event after the end of the game: the events are "
        "out of order",
        "back.jsonl": "back.jsonl:2: round 3 after round 1: the events are out of order",
    }
    for name, said in expected.items():
        code, out, err = _replay(str(tmp_path / name))
        assert (code, out) == (2, ""), name
        assert err.startswith("error: " + str(tmp_path / name).replace(name, "")), err
        assert said in err and err.count("\n") == 1, err
        if "out of order" in said:  # an edit, said as the other edits are
            assert "out of order — the file was changed, or is not as turing wrote it" in err
    for path, said in (
        (SAMPLE, "not the transcript of a game: it is a puzzle file"),
        (str(tmp_path), "not the transcript of a game: it is a folder"),
    ):
        code, out, err = _replay(path)
        assert (code, out) == (2, "") and said in err and err.count("\n") == 1, err
    save = tmp_path / "s.json"
    run(["play", SAMPLE, "--players", "a,b"], input=f"save {save}\n")
    code, _out, err = _replay(str(save))
    assert code == 2 and "not the transcript of a game: it is a saved game" in err


def test_a_custom_card_set_named_by_the_game_or_given(tmp_path: Path) -> None:
    """The start event names the card set so that it is found from the transcript's folder
    too (a shipped name, or an absolute path), where the puzzle named it by a path relative
    to its own file; ``--cardset`` reads a transcript whose set has moved."""
    primes = str(PUZZLES / "examples" / "primes-2.yaml")
    transcript = _played(tmp_path, "giveup\n", primes)
    start = json.loads(transcript.read_text().splitlines()[0])
    assert start["puzzle"]["cardset"] == "examples/primes"
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert "  A  1.1 ▲ is prime (2, 3, 5)" in out
    own = tmp_path / "sets" / "mine.yaml"
    own.parent.mkdir()
    own.write_text((ROOT / "cards" / "examples" / "primes.yaml").read_text())
    puzzle = tmp_path / "puzzles" / "p.yaml"
    puzzle.parent.mkdir()
    puzzle.write_text(
        (PUZZLES / "examples" / "primes-2.yaml")
        .read_text()
        .replace("../../cards/examples/primes.yaml", "../sets/mine.yaml")
    )
    transcript = _played(tmp_path, "giveup\n", str(puzzle), name="own.jsonl")
    start = json.loads(transcript.read_text().splitlines()[0])
    assert start["puzzle"]["cardset"] == str(own.resolve())
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, ""), err
    own.unlink()
    code, out, err = _replay(str(transcript))
    assert (code, out) == (2, "")
    assert "cannot be read" in err and "give --cardset FILE" in err
    code, out, err = _replay(str(transcript), "--cardset", "examples/primes")
    assert (code, err) == (0, "")
    assert "player gave up (1 code possible)" in out
    assert "  A  1.1 ▲ is prime (2, 3, 5)" in out


# -- a transcript edited after the game: held to the game's rules -------------------------

#: cem tests 111 on A, B, C and submits 413 (wrong, out); dora tests 352 on A and passes
#: twice, then solves 241; eve tests 111 on B, 221 on A, B, C, passes twice and in round 3
#: tests 241 three times and solves it too: dora wins with fewer tests.
_CLUB_GAME = (
    "c 111; test A; test B; test C\nsolve 413\nc 352; test A\npass\nc 111; test B\npass\n"
    "pass\nc 221; test A; test B; test C\npass\nsolve 241\nc 241; test A; test B; test C\n"
    "solve 241\n"
)


def _edited(tmp_path: Path, edit: str, name: str = "game.jsonl") -> tuple[Path, list[str]]:
    """The club game's transcript with ``edit`` made to its lines (``L``, a list of the
    lines; Python run on it), and its lines as played."""
    transcript = _played(tmp_path, _CLUB_GAME, SAMPLE, "--players", "cem,dora,eve", name=name)
    lines = transcript.read_text(encoding="utf-8").splitlines()
    assert _replay(str(transcript))[0] == 0
    changed = list(lines)
    exec(edit, {"L": changed})
    transcript.write_text("\n".join(changed) + "\n", encoding="utf-8")
    return transcript, lines


def _refused(transcript: Path, line: int) -> str:
    code, out, err = _replay(str(transcript))
    assert (code, out) == (2, ""), (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: {transcript}:{line}: "), err
    assert err.rstrip().endswith("— the file was changed, or is not as turing wrote it")
    return err


def test_the_end_s_test_count_is_the_game_s(tmp_path: Path) -> None:
    transcript, _lines = _edited(tmp_path, "L[-1] = L[-1].replace('\"eve\": 7', '\"eve\": 2')")
    err = _refused(transcript, 21)
    assert "the end says eve made 2 tests; the game holds 7" in err


def test_the_winners_are_the_game_s(tmp_path: Path) -> None:
    transcript, _lines = _edited(
        tmp_path, 'L[-1] = L[-1].replace(\'"winners": ["dora"]\', \'"winners": ["cem"]\')'
    )
    err = _refused(transcript, 21)
    assert "the end names as winners: cem; by the rules they are: dora" in err


def test_a_wrong_solve_made_right_is_refused(tmp_path: Path) -> None:
    transcript, _lines = _edited(
        tmp_path, "L[6] = L[6].replace('\"correct\": false', '\"correct\": true')"
    )
    err = _refused(transcript, 7)
    assert "cem's 413 is not the solution the end gives, yet the file calls it right" in err


def test_a_flipped_answer_is_refused(tmp_path: Path) -> None:
    transcript, lines = _edited(tmp_path, "L[5] = L[5].replace('true', 'false')")
    assert '"player": "eve", "code": "111", "verifier": "B", "result": true' in lines[5]
    err = _refused(transcript, 6)
    assert "verifier B accepts 111 under the criteria the end gives" in err


def test_a_fourth_test_and_a_verifier_tested_twice_are_refused(tmp_path: Path) -> None:
    twice, _lines = _edited(tmp_path, "L[11:11] = [L[10]]", "twice.jsonl")
    assert "verifier A was already tested this round" in _refused(twice, 12)
    fourth, _lines = _edited(tmp_path, "L[13:13] = [L[12].replace('\"C\"', '\"D\"')] * 2")
    assert "at most 3 tests per round" in _refused(fourth, 14)
    second_code, _lines = _edited(
        tmp_path, "L[10:10] = [L[10].replace('221', '352')]", "code.jsonl"
    )
    assert "one code per round" in _refused(second_code, 12)


def test_the_decisions_in_the_game_s_order(tmp_path: Path) -> None:
    transcript, _lines = _edited(tmp_path, "L[7], L[8] = L[8], L[7]")
    assert "here the game writes dora's pass, not eve's pass" in _refused(transcript, 8)


def test_the_end_s_criteria_must_make_the_puzzle(tmp_path: Path) -> None:
    transcript, _lines = _edited(
        tmp_path, "L[-1] = L[-1].replace('\"criterion\": 3', '\"criterion\": 1')"
    )
    assert "criteria make no puzzle of the start's cards" in _refused(transcript, 21)


def test_tests_deleted_with_the_count_lowered(tmp_path: Path) -> None:
    # eve's tests of rounds 2 and 3 gone and her count lowered to 1: as many as dora's,
    # so by the rules both win
    transcript, _lines = _edited(
        tmp_path, "del L[15:18]; del L[10:13]; L[-1] = L[-1].replace('\"eve\": 7', '\"eve\": 1')"
    )
    err = _refused(transcript, 15)
    assert "the end names as winners: dora; by the rules they are: dora, eve" in err


def test_an_unfinished_solo_game_whose_answers_fit_no_reading(tmp_path: Path) -> None:
    transcript = _played(tmp_path, "c 111; test A; test B\npass\nquit\n", SAMPLE)
    text = transcript.read_text(encoding="utf-8")
    assert '"verifier": "B", "result": true' in text
    transcript.write_text(text.replace('"B", "result": true', '"B", "result": false'))
    err = _refused(transcript, 3)
    assert "player's answers up to here fit no reading of the cards" in err


def test_an_old_transcript_without_id_and_hints_still_replays(tmp_path: Path) -> None:
    transcript, _lines = _edited(
        tmp_path,
        "import re; L[-1] = re.sub(', \"(id|hints)\": (\"01\"|\\\\{[^}]*\\\\})', '', L[-1])",
    )
    assert '"hints"' not in transcript.read_text(encoding="utf-8")
    code, out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    assert "  eve submitted 241 — right (1 code possible)" in out
    assert "Winner: dora" in out


def _rewritten(transcript: Path, edit: str) -> None:
    """``transcript`` with ``edit`` made to its events (``E``, a list of them read as JSON;
    Python run on it)."""
    events = [json.loads(line) for line in transcript.read_text(encoding="utf-8").splitlines()]
    exec(edit, {"E": events})
    transcript.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")


#: ann, bob and cy at one table: bob's 222 is rejected by C, cy solves 241 in round 2
_HOT_SEAT = (
    "test 111 A B\npass\ntest 222 C\npass\ntest 333 D\npass\ntest 241 A\npass\nsolve 111\n"
    "test 241 B C D\nsolve 241\n"
)


def test_without_criteria_all_the_answers_must_fit_one_reading(tmp_path: Path) -> None:
    """An end without criteria is held to all the players' answers together: no criterion
    of card 11 accepts both bob's 222 and cy's 241 on C."""
    played = _played(tmp_path, _HOT_SEAT, SAMPLE, "--players", "ann,bob,cy")
    assert _replay(str(played))[0] == 0
    _rewritten(played, "del E[-1]['criteria']")  # the id and hints kept: a changed end
    assert "the end gives no criteria, which the game writes" in _refused(played, 17)
    old = _played(tmp_path, _HOT_SEAT, SAMPLE, "--players", "ann,bob,cy", name="old.jsonl")
    _rewritten(old, "for k in ('criteria', 'id', 'hints'): del E[-1][k]")
    assert _replay(str(old))[0] == 0  # as a transcript from before the end told them
    _rewritten(
        old, "assert E[3]['code'] == '222' and E[3]['verifier'] == 'C'; E[3]['result'] = True"
    )
    assert "the players' answers together fit no reading of the cards" in _refused(old, 17)


def test_beside_the_box_the_end_s_solution_is_the_game_s(tmp_path: Path) -> None:
    script = "test 241 A yes B yes\npass\ntest 111 A no\nsolve 111 no\n"
    args = ("--box", "--cards", "4,9,11,14", "--players", "ann,bob")
    for solution in ("111", "hello"):
        played = _played(tmp_path, script, *args, name=f"{solution}.jsonl")
        assert '"solution": null' in played.read_text(encoding="utf-8")
        _rewritten(played, f"E[-1]['solution'] = {solution!r}")
        err = _refused(played, 8)
        assert f"the end gives the solution {solution}; the game has none: nobody solved it" in err


def test_a_game_in_play_is_held_to_the_rules_of_its_public_events(tmp_path: Path) -> None:
    """Several seats in play: no test is in the file, yet each round's decisions and
    eliminations are the game's."""

    def in_play(name: str) -> Path:
        script = f"solve 111\npass\npass\nsave {tmp_path / name}.json\n"
        played = _played(tmp_path, script, SAMPLE, "--players", "ann,bob,cy", name=name)
        kinds = [json.loads(line)["event"] for line in played.read_text().splitlines()]
        assert kinds[:5] == ["start", "solve", "pass", "pass", "eliminated"], kinds
        return played

    unchanged = in_play("unchanged.jsonl")
    assert _replay(str(unchanged))[0] == 0
    no_elimination = in_play("no-elimination.jsonl")
    _rewritten(no_elimination, "del E[4]")
    err = _refused(no_elimination, 5)  # the save left the game: its event follows
    assert "here the game writes ann's elimination, not the game left unfinished" in err
    right = in_play("right.jsonl")
    _rewritten(right, "E[2] = {**E[2], 'event': 'solve', 'code': '241', 'correct': True}")
    # a right solve ends the game
    assert "here the game writes the end of the game" in _refused(right, 6)
    called_right = in_play("called-right.jsonl")
    _rewritten(called_right, "E[1]['correct'] = True")
    assert "the solve names no code" in _refused(called_right, 2)


def test_a_mastermind_match_is_named_for_what_it_is(tmp_path: Path) -> None:
    match = tmp_path / "mm.jsonl"
    start = {"event": "start", "game": "mastermind", "preset": "classic", "games": 1}
    match.write_text(json.dumps(start) + "\n", encoding="utf-8")
    code, out, err = _replay(str(match))
    assert (code, out) == (2, "")
    said = "not the transcript of a game: it is the transcript of a Mastermind match"
    assert err == f"error: {match}: {said}\n"
    played = run(["play", str(match)])
    assert played.exit_code == 2
    assert "this is the transcript of a Mastermind match, not a puzzle" in played.stderr
    assert "replay" not in played.stderr


def test_a_count_missing_from_the_end_is_said_in_words(tmp_path: Path) -> None:
    transcript, _lines = _edited(tmp_path, "")
    _rewritten(transcript, "del E[-1]['tests']['eve']")
    err = _refused(transcript, 21)
    assert "the end gives no count of eve's tests; the game holds 7" in err
    assert "None" not in err


def test_another_card_set_given_is_named_as_the_likely_cause(tmp_path: Path) -> None:
    primes = str(PUZZLES / "examples" / "primes-2.yaml")
    transcript = _played(tmp_path, "giveup\n", primes)
    code, out, err = _replay(str(transcript), "--cardset", "classic")
    assert (code, out) == (2, "")
    # the cards on the table are not the game's: refused before anything else
    assert err == (
        f"error: {transcript}:1: the card set given, classic, does not hold card 1 as the "
        "game was played with it; give --cardset FILE with the set the game was played with\n"
    ), err
    # a transcript written before starts recorded what the cards decide
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    del events[0]["card_digests"]
    transcript.write_text("".join(json.dumps(event) + "\n" for event in events))
    code, out, err = _replay(str(transcript), "--cardset", "classic")
    assert (code, out) == (2, "")
    assert err.rstrip().endswith(
        "— under the card set given with --cardset; is it the set the game was played with?"
    ), err
    assert "the file was changed" not in err


def test_a_set_given_by_a_relative_path_is_named_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _cards, transcript = _club(tmp_path)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "other.yaml").write_text(
        (ROOT / "cards" / "classic.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    code, out, err = _replay(str(transcript), "--cardset", "other.yaml")
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {transcript}:1: the card set given, other.yaml, does not ")
    assert err.endswith("; give --cardset FILE with the set the game was played with\n"), err
    assert "changed since" not in err and str(tmp_path / "other.yaml") not in err
    assert _replay(str(transcript), "--cardset", "sets/club.yaml")[0] == 0


@pytest.mark.parametrize(
    "edit",
    [
        "del E[0]['card_digests'][str(E[0]['puzzle']['cards'][1])]",  # a card left out
        "E[0]['card_digests'] = {}",
        "E[0]['card_digests'] = None",
        "E[0]['card_digests']['12'] = next(iter(E[0]['card_digests'].values()))",
        "E[0]['card_digests'][str(E[0]['puzzle']['cards'][0])] = 'not a digest'",
    ],
)
def test_start_card_digests_must_name_the_cards_on_the_table(tmp_path: Path, edit: str) -> None:
    _cards, transcript = _club(tmp_path)
    assert _replay(str(transcript))[0] == 0
    _rewritten(transcript, edit)
    err = _refused(transcript, 1)
    assert "the start's card digests" in err, err
    assert "changed since" not in err and "card 12" not in err


def test_the_end_s_id_and_the_start_s_mode_are_the_game_s(tmp_path: Path) -> None:
    end_id, _lines = _edited(tmp_path, 'L[-1] = L[-1].replace(\'"id": "01"\', \'"id": "02"\')')
    assert "the end names the puzzle 02; the game's is 01" in _refused(end_id, 21)
    mode, _lines = _edited(
        tmp_path,
        'L[0] = L[0].replace(\'"mode": "classic", "puzzle"\', \'"mode": "nightmare", "puzzle"\')',
        "mode.jsonl",
    )
    assert "the start says the mode nightmare; its puzzle is classic" in _refused(mode, 1)


def test_a_puzzle_shown_under_a_label_replays_with_the_id_its_end_computes(tmp_path: Path) -> None:
    """A puzzle without an id of its own is shown under a label in the start; the end names
    the id computed from its criteria."""
    puzzle = tmp_path / "p.json"
    doc = {"mode": "classic", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}
    puzzle.write_text(json.dumps(doc), encoding="utf-8")
    transcript = _played(tmp_path, "giveup\n", str(puzzle))
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert events[0]["puzzle"]["id"] != events[-1]["id"]
    code, _out, err = _replay(str(transcript))
    assert (code, err) == (0, "")
    _rewritten(transcript, "E[-1]['id'] = 'C4E-AAAAAA'")
    assert "the end names the puzzle C4E-AAAAAA" in _refused(transcript, len(events))


def test_a_transcript_cut_before_its_end_is_refused(tmp_path: Path) -> None:
    """Several seats in play hold their tests back until the end: a file with tests and no
    end was cut or changed, and is refused at its first test, in words that read in German
    as in English."""
    whole = _played(tmp_path, "c 241; test A\nsolve 241\nsolve 111\n", SAMPLE, "--players", "a,b")
    lines = whole.read_text().splitlines()
    assert json.loads(lines[-1])["event"] == "end"
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n")
    code, out, err = _replay(str(cut))
    assert (code, out) == (2, ""), out
    assert err.startswith(f"error: {cut}:2: "), err
    assert "a's test of 241 on A (✘) here" in err or "a's test of 241 on A (✔) here" in err, err
    code, out, err = _replay("--lang", "de", str(cut))
    assert (code, out) == (2, "")
    assert err.startswith(f"Fehler: {cut}:2: der Test von a mit 241 an Prüfer A ("), err
    assert ") gehört nicht an diese Stelle — die Datei wurde geändert" in err, err


CLUB_PUZZLE = (
    "id: club-1\ncardset: ../sets/club.yaml\ncards: [1, 2, 4, 6, 8]\ncriteria: [1, 1, 2, 1, 1]\n"
)


def _club(tmp_path: Path) -> tuple[Path, Path]:
    """A game of a card set of one's own, played to its end: the set's file and the
    transcript's path."""
    (tmp_path / "sets").mkdir()
    (tmp_path / "puzzles").mkdir()
    cards = tmp_path / "sets" / "club.yaml"
    text = (ROOT / "cards" / "examples" / "primes.yaml").read_text(encoding="utf-8")
    cards.write_text(text.replace("name: primes", "name: club"), encoding="utf-8")
    puzzle = tmp_path / "puzzles" / "club-1.yaml"
    puzzle.write_text(CLUB_PUZZLE, encoding="utf-8")
    return cards, _played(tmp_path, "giveup\n", str(puzzle))


def test_a_game_of_cards_changed_since_is_refused_naming_the_set_and_card(
    tmp_path: Path,
) -> None:
    cards, transcript = _club(tmp_path)
    as_played = cards.read_text(encoding="utf-8")
    assert _replay(str(transcript))[0] == 0
    card = next(c for c in json.loads(transcript.read_text().splitlines()[0])["puzzle"]["cards"])
    copy = tmp_path / "as-played.yaml"
    copy.write_text(as_played, encoding="utf-8")
    # one criterion of a card on the table made to decide other codes; then two swapped
    from turing.core.cards import load_cardset

    shipped = load_cardset(str(cards))
    first, second = (c.when for c in shipped.card(card).criteria[:2])
    edits = {
        "changed": as_played.replace(first, f"({first}) and b != 5", 1),
        "swapped": as_played.replace(first, "@@", 1)
        .replace(second, first, 1)
        .replace("@@", second),
    }
    for edited in edits.values():
        assert edited != as_played
        cards.write_text(edited, encoding="utf-8")
        code, out, err = _replay(str(transcript))
        assert (code, out) == (2, "")
        assert err == (
            f"error: {transcript}:1: the card set {cards} changed since the game was played: "
            f"card {card} is not as it was; give --cardset FILE with the set as it was\n"
        ), err
        # the set as it was, given: the game as it was played
        code, out, err = _replay(str(transcript), "--cardset", str(copy))
        assert (code, err) == (0, ""), err


def test_a_game_saved_before_starts_recorded_card_digests_resumes_into_its_transcript(
    tmp_path: Path,
) -> None:
    transcript = tmp_path / "game.jsonl"
    save = tmp_path / "g.json"
    first = run(
        ["play", SAMPLE, "--transcript", str(transcript)], input=f"test 352 A\nsave {save}\nquit\n"
    )
    assert save.is_file(), first.output
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    del events[0]["card_digests"]  # as a transcript of then starts
    transcript.write_text("".join(json.dumps(event) + "\n" for event in events))
    again = run(["play", "--resume", str(save)], input="test B\nquit\n")
    assert again.exit_code == first.exit_code, again.output  # left as the first sitting was
    assert "another game" not in again.output
    lines = transcript.read_text().splitlines()
    start = json.loads(lines[0])
    assert {key: value for key, value in start.items() if key != "card_digests"} == events[0]
    assert [json.loads(line)["event"] for line in lines[1:]] == ["test", "test", "abandoned"]
    assert _replay(str(transcript))[0] == 0
