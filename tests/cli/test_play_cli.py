"""`turing play` through the real CLI: scripted games from standard input."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from testsupport.transcripts import check_transcript
from turing.analysis.search import next_test
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import load_puzzle
from turing.core.solver import after_test, deduce
from turing.play.game import sample_puzzle_path
from turing.play.session import read_save

CLASSIC = load_cardset("classic")
SAMPLE = load_puzzle(sample_puzzle_path())  # rule-book problem 01, solution 241


def play(args: list[str], script: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=script)


def test_a_scripted_game_is_won(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    result = play(
        ["--transcript", str(transcript), "--seed", "1"],
        "compose 241\ntest A b C\nhint\nsolve 2 4 1\n",
    )
    assert result.exit_code == 0, result.output
    assert "241 on A: ✔" in result.output
    assert "The code is 241." in result.output
    assert "player wins: solved it." in result.output
    assert "\x1b[" not in result.output  # plain text when stdout is not a terminal
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    check_transcript(events, SAMPLE, CLASSIC)
    assert events[-1] == {
        "event": "end",
        "round": 1,
        "id": "01",
        "winners": ["player"],
        "tests": {"player": 3},
        "hints": {"player": 1},
        "solution": "241",
        "criteria": [
            {"verifier": "A", "card": 4, "criterion": 2},
            {"verifier": "B", "card": 9, "criterion": 1},
            {"verifier": "C", "card": 11, "criterion": 1},
            {"verifier": "D", "card": 14, "criterion": 3},
        ],
    }
    # the result table counts the hint
    assert [line.split() for line in result.output.splitlines() if line.startswith("player ")][
        -1
    ] == ["player", "won", "3", "2", "more", "1"]  # two tests more than the fewest possible


def test_a_wrong_solve_loses() -> None:
    result = play(["--players", "alice,bob"], "c 111; t a\nsolve 111\npass\n")
    assert result.exit_code == 0, result.output
    assert "alice submitted 111 — wrong" in result.output
    assert "alice submitted 111 — wrong; alice is out" in result.output
    assert "bob wins: is the last player left." in result.output
    solo = play([], "solve 555\n")
    assert solo.exit_code == 0
    assert "Not solved: the code submitted was wrong." in solo.output


def test_a_wrong_code_is_not_named_while_others_play_on(tmp_path: Path) -> None:
    # that 111 is wrong would tell bob and cy a code the solution is not
    result = play(["--players", "alice,bob,cy"], "solve 111\ntest 111 a b\npass\npass\nsolve 241\n")
    out = result.output
    round_1 = out[out.index("Round 1 revealed:") : out.index("— Round 2 —")]
    assert "alice submitted a wrong code; alice is out" in round_1
    assert "111" not in round_1
    assert "bob passed" in round_1
    # nor in the transcript beside the game while it goes on; its end names it
    saved, transcript = tmp_path / "g.json", tmp_path / "g.jsonl"
    args = ["--players", "alice,bob,cy", "--save", str(saved), "--transcript", str(transcript)]
    play(args, "solve 111\ntest 111 a b\npass\npass\n")
    solve = json.loads(transcript.read_text(encoding="utf-8").splitlines()[1])
    assert solve == {"event": "solve", "round": 1, "player": "alice", "correct": False}
    play(["--resume", str(saved)], "solve 241\npass\n")
    events = [json.loads(line) for line in transcript.read_text(encoding="utf-8").splitlines()]
    assert {"event": "solve", "round": 1, "player": "alice", "code": "111", "correct": False} in (
        events
    )
    assert events[-1]["event"] == "end"
    # the end of the game names it
    solo = play([], "solve 555\n")
    assert "player submitted 555 — wrong; player is out" in solo.output


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "bot:greedy, bot:greedy-2 and bot:greedy-3 share the win (1 test each)."),
        ("de", "bot:greedy, bot:greedy-2 und bot:greedy-3 teilen sich den Sieg (je 1 Test)."),
    ],
)
def test_three_who_share_the_win_are_named_as_a_sentence_names_them(lang: str, said: str) -> None:
    result = play(["--lang", lang, "--players", "bot:greedy,bot:greedy,bot:greedy", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert said in result.output.splitlines()


def test_decisions_stay_hidden_until_everyone_decided() -> None:
    result = play(["--players", "alice,bob"], "solve 241\npass\n")
    out = result.output
    before_bob = out[: out.index("— bob's turn")]
    assert "submitted" not in before_bob and "241 —" not in before_bob
    assert "alice has decided (revealed when everyone has decided)." in before_bob
    # with one person at the keyboard nothing needs hiding from the bots
    with_bot = play(["--players", "alice,bot:random", "--seed", "1"], "solve 241\n")
    assert "alice submits 241 (revealed when everyone has decided)." in with_bot.output
    assert "alice wins" in out


def test_notes_strikes_and_marks_show_on_the_screen() -> None:
    script = (
        "note A yellow is 4?\n"
        "strike A 1; strike 9.4\n"
        "unstrike 9.4\n"
        "strike A 1 A 2\n"
        "unstrike 9.4; unstrike A 2\n"
        "mark b 1 2 no; mark y4 yes\n"
        "show\n"
        "pass\n"
        "quit\n"
    )
    result = play([], script)
    assert result.exit_code == 1
    screen = result.output[result.output.rindex("player> show") :]
    assert "yellow is 4?" in screen
    assert "~~1 ■ < 4~~" in screen
    assert "~~4 count of 3s = 3~~" not in screen
    # what a strike changed, and what was so already
    assert "Struck: 4.2; struck already: 4.1" in result.output
    assert "Not struck: 9.4" in result.output and "Unstruck: 4.2" in result.output
    grid = {
        line.split()[1]: line.split()[2:]
        for line in screen.splitlines()
        if line.startswith(("▲ blue", "■ yellow"))
    }
    assert grid["blue"] == ["✘", "✘", "·", "·", "·"]
    assert grid["yellow"] == ["·", "·", "·", "✔", "·"]
    assert "quit: game abandoned" in result.output


def test_bad_commands_print_one_line_and_ask_again() -> None:
    script = (
        "fly\ncompose 126\ntest A\ncompose 241\ntest A A\ntest Z\nsolve\nhelp test\nsolve 241\n"
    )
    result = play([], script)
    assert result.exit_code == 0, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert errors == [
        "error: line 1: unknown command 'fly' (type help for the commands)",
        "error: line 2: '126' is not a code: digit 6 outside 1–5",
        "error: line 3: compose a code first (compose 352), or give it: test 352 A",
        "error: line 5: verifier A named twice: a round tests different verifiers",
        "error: line 6: no verifier 'Z': this puzzle has A, B, C, D",
        "error: line 7: solve needs a code, three digits 1–5 like 352 (usage: solve CODE)",
    ]
    assert "test [CODE] V [V [V]]: test the round's code" in result.output
    assert "player wins" in result.output


def test_a_line_with_control_characters_is_refused_and_never_echoed() -> None:
    # raw escape sequences would reach the terminal through the echo or a note's redraw
    result = play([], "c 111\x1b[2J\nnote A hi\x1b[31m\nnote A fine\nshow\nsolve 241\n")
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert errors == [
        "error: line 1: a line with control characters was skipped",
        "error: line 2: a line with control characters was skipped",
    ]
    assert "Notes: A: fine" in result.output and "A: hi" not in result.output
    assert "player wins" in result.output


@pytest.mark.parametrize(
    ("lang", "script", "refused", "won"),
    [
        (
            "en",
            b"c 111\n\xff\xfe\nsolve 241\n",
            "error: line 2: not readable as text in the input's encoding (utf-8); nothing done",
            "player wins",
        ),
        (
            "de",
            b"l\xf6se 241\nl\xc3\xb6se 241\n",
            "Fehler: Zeile 1: in der Kodierung der Eingabe (utf-8) nicht als Text lesbar; "
            "nichts getan",
            "Spieler gewinnt",
        ),
    ],
)
def test_a_line_that_is_no_text_is_refused_alone_and_the_game_goes_on(
    lang: str, script: bytes, refused: str, won: str
) -> None:
    result = CliRunner().invoke(main, ["--lang", lang, "play"], input=script)
    assert result.exit_code == 0, result.output
    errors = [line for line in result.output.splitlines() if "Fehler" in line or "error" in line]
    assert errors == [refused]
    assert won in result.output
    assert not any("\ud800" <= ch <= "\udfff" for ch in result.output)  # no byte let through


def test_end_of_input_abandons_the_game(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    result = play(["--transcript", str(transcript)], "compose 241\ntest A\n")
    assert result.exit_code == 1
    assert "end of input: game abandoned" in result.output
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert [e["event"] for e in events] == ["start", "test", "abandoned"]  # as it happened
    assert events[-1] == {"event": "abandoned", "round": 1, "saved": False, "decisions": []}


def test_save_and_resume_continue_exactly(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    transcript = tmp_path / "t.jsonl"
    first = play(
        [
            "--players", "alice,bob,bot:random", "--seed", "7",
            "--save", str(save), "--transcript", str(transcript),
        ],
        "c 111; t a b\nnote B count?\nmark p 5 no\nhint\npass\n"
        "t 222 C\nsave\n",
    )  # fmt: skip
    assert first.exit_code == 1, first.output
    assert f"Saved to {save}" in first.output
    outer = json.loads(save.read_text())
    assert outer["format"] == "turing-play-save" and outer["version"] == 2
    assert '"241"' not in save.read_text() and '"criteria"' not in save.read_text()
    data = read_save(str(save))
    assert data["game"]["notes"]["alice"]["text"] == {"B": "count?"}
    assert data["seats"][2]["rng"][0] == 3
    saved, written = save.read_bytes(), transcript.read_bytes()

    second = play(["--resume", str(save)], "show\nsolve 241\n")
    assert second.exit_code == 0, second.output
    assert "round 1" in second.output.lower()
    assert "bob> show" in second.output
    assert "bob wins" in second.output or "share the win" in second.output
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    check_transcript(events, SAMPLE, CLASSIC)
    assert [e["player"] for e in events if e["event"] == "test"][:3] == ["alice", "alice", "bob"]

    # the same save resumed again plays the same game: the bot's random state was saved
    # (its transcript as it was too: one that records the end is not rewritten)
    save.write_bytes(saved)
    transcript.write_bytes(written)
    third = play(["--resume", str(save)], "show\nsolve 241\n")
    assert third.output == second.output


def test_notes_come_back_after_resume(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    first = play(["--save", str(save)], "note C smaller\nstrike A 3\nhint\ncompose 241\n")
    assert first.exit_code == 1
    assert f"saved to {save}" in first.output  # saved when abandoned with --save
    second = play(["--resume", str(save)], "show\ntest A\nsolve 241\n")
    assert second.exit_code == 0, second.output
    assert "smaller" in second.output
    assert "~~3 ■ > 4~~" in second.output
    assert "241 on A: ✔" in second.output
    result_row = [line.split() for line in second.output.splitlines() if line.startswith("player ")]
    assert result_row[-1] == ["player", "won", "1", "as", "many", "1"]


def test_broken_or_foreign_saves_are_refused_and_left_alone(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert play(["--save", str(save)], "c 241; t a\nsave\nquit\n").exit_code == 1
    outer = json.loads(save.read_text())
    good = read_save(str(save))

    def packed(inner: dict[str, Any]) -> str:
        data = base64.b64encode(zlib.compress(json.dumps(inner).encode())).decode()
        return json.dumps({**outer, "packed": data})

    cases = {
        "truncated.json": save.read_text()[:200],
        "foreign.json": json.dumps({"format": "something-else"}),
        "newer.json": json.dumps({**outer, "version": 3}),
        "unpackable.json": json.dumps({**outer, "packed": "not base64 at all!"}),
        "replay.json": packed(
            {
                **good,
                "game": {
                    **good["game"],
                    "actions": [{"player": "player", "do": "test", "verifier": 0}],
                },
            }
        ),
        "rng.json": packed(
            {**good, "seats": [{"name": "player", "bot": "greedy", "rng": [3, [1, 2], None]}]}
        ),
        "seats.json": packed({**good, "seats": []}),
        "binary.json": "\x00\x01",
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        before = path.read_bytes()
        result = play(["--resume", str(path)], "pass\n")
        assert result.exit_code == 2, (name, result.output)
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {path}"), (name, lines)
        assert path.read_bytes() == before
    assert "Traceback" not in result.output
    other = play(["--resume", str(save), "--players", "x"])
    assert other.exit_code == 2 and "drop --players" in other.output


@pytest.mark.parametrize(
    ("ending", "result"),
    [
        ("solve 241", "player wins: solved it."),
        ("solve 111", "Not solved: the code submitted was wrong."),
        ("giveup", "Not solved: you gave up."),
    ],
)
def test_a_finished_game_is_saved_as_it_ended_and_resumes_as_over(
    tmp_path: Path, ending: str, result: str
) -> None:
    save = tmp_path / "fin.json"
    transcript = tmp_path / "t.jsonl"
    first = play(
        ["--save", str(save), "--transcript", str(transcript)],
        f"c 123; test A\nsave\n{ending}\n",
    )
    assert first.exit_code == 0, first.output
    assert f"The finished game is saved to {save}." in first.output
    finished = read_save(str(save))
    assert finished["game"]["actions"][-1]["do"] in ("solve", "giveup")
    saved, events = save.read_bytes(), transcript.read_bytes()

    again = play(["--resume", str(save)], "test B\npass\nsolve 241\n")
    assert again.exit_code == 0, again.output
    lines = again.output.splitlines()
    assert lines[0] == f"{save}: this game is over: {result}"
    assert "player>" not in again.output  # nobody plays on
    assert "Result · solution 241 · 1 round" in again.output
    assert "vs fewest" in again.output  # as the table after the game has it
    assert "Fewest tests that guarantee the code: 1 (exact)." in again.output
    # the share code the end of the game gave, given again
    shared = [line for line in first.output.splitlines() if line.startswith("Puzzle code")]
    assert len(shared) == 1 and shared[0] in again.output.splitlines()
    assert save.read_bytes() == saved and transcript.read_bytes() == events


def test_every_file_the_game_was_saved_to_holds_its_end(tmp_path: Path) -> None:
    """The --save file (even one not written before the end), each file of `save FILE`,
    and a resumed file saved on under another name."""
    named, other, later = tmp_path / "named.json", tmp_path / "other.json", tmp_path / "b.json"
    first = play(["--save", str(named)], f"save {other}\nc 123; test A\npass\nquit\n")
    assert first.exit_code == 1, first.output
    second = play(["--resume", str(named), "--save", str(later)], "solve 241\n")
    assert second.exit_code == 0, second.output
    # other.json was saved in round 1, by the first run only: named.json names it, so the
    # end in the second run brings it to the end too
    assert "The finished game is saved to other.json." not in second.output
    assert f"The finished game is saved to {other}." in second.output
    for path in (named, later, other):
        over = play(["--resume", str(path)])
        assert over.exit_code == 0 and "this game is over: player wins" in over.output

    # named.json holds the game above, another game: a script is refused it before the game
    kept = named.read_bytes()
    fresh = tmp_path / "c.json"
    refused = play(["--save", str(named)], f"save {fresh}\nsolve 241\n")
    assert refused.exit_code == 2, refused.output
    assert f"error: --save: {named} holds another saved game" in refused.output
    assert named.read_bytes() == kept and not fresh.exists()
    third = play([], f"save {fresh}\nsolve 241\n")
    assert third.exit_code == 0, third.output
    assert f"The finished game is saved to {fresh}." in third.output
    assert "this game is over" in play(["--resume", str(fresh)]).output


def test_a_finished_bots_game_resumes_as_its_json_result(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["--players", "bot:greedy,bot:random", "--seed", "2", "--json"]
    first = play([*args, "--save", str(save)])
    assert first.exit_code == 0, first.output
    again = play(["--resume", str(save), "--json"])
    assert again.exit_code == 0 and again.output == first.output


REFUSED = "cannot save to {path}: it exists and is not a saved game; give another name"


def test_a_save_never_replaces_a_file_that_is_not_a_saved_game(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("important")
    foreign = tmp_path / "other.json"
    foreign.write_text('{"format": "something-else", "data": [1, 2, 3]}\n')
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)) * 100)
    for path in (precious, foreign, binary):
        before = path.read_bytes()
        # the in-game save refuses it in one line, and the game goes on
        typed = play([], f"save {path}\nc 123; test A\nquit\n")
        assert typed.exit_code == 1, typed.output
        assert f"error: line 1: {REFUSED.format(path=path)}" in typed.output.splitlines()
        assert "123 on A" in typed.output
        assert path.read_bytes() == before
        # --save naming it is refused before the game
        started = play(["--save", str(path)], "c 123; test A\nquit\n")
        assert started.exit_code == 2
        assert started.output == f"error: --save: {REFUSED.format(path=path)}\n"
        assert path.read_bytes() == before
    # nothing else is written either: not the transcript
    transcript = tmp_path / "t.jsonl"
    refused = play(["--save", str(precious), "--transcript", str(transcript)], "quit\n")
    assert refused.exit_code == 2 and not transcript.exists()
    # so is it with --resume
    save = tmp_path / "game.json"
    assert play(["--save", str(save)], "save\nquit\n").exit_code == 1
    resumed = play(["--resume", str(save), "--save", str(precious)], "pass\n")
    assert resumed.exit_code == 2 and "error: --save: cannot save to" in resumed.output
    assert precious.read_bytes() == b"important"


def test_a_save_over_a_save_is_normal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert play([], f"save {save}\nc 123; test A\nsave {save}\nquit\n").exit_code == 1
    assert "Resumed in round 1." in play(["--resume", str(save)], "quit\n").output
    assert read_save(str(save))["game"]["actions"]  # the second save holds the test
    # a save rewritten by a JSON tool (keys sorted, the marker no longer first) is one too
    data = json.loads(save.read_text())
    save.write_text(json.dumps(data, sort_keys=True, indent=4))
    again = play(["--save", str(save), "--overwrite"], "save\nquit\n")  # another game's
    assert again.exit_code == 1 and f"Saved to {save}" in again.output
    # an empty file holds nothing to lose
    empty = tmp_path / "empty.json"
    empty.touch()
    assert play(["--save", str(empty)], "save\nquit\n").exit_code == 1
    assert read_save(str(empty))["game"]


def test_bots_only_games_and_json() -> None:
    result = play(["--players", "bot:greedy,bot:random", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    record = json.loads(result.output)
    assert record["solution"] == "241" and record["puzzle"] == "01"
    assert set(record["tests"]) == {"bot:greedy", "bot:random"}
    assert play(["--json"]).exit_code == 2
    watch = play(["--players", "bot:greedy", "--seed", "2"])
    assert "bot:greedy tests " in watch.output and "bot:greedy wins" in watch.output


def test_a_numbered_bot_name_a_game_shows_is_read_back_as_that_bot() -> None:
    twice = play(["--players", "bot:greedy,bot:greedy", "--seed", "2", "--json"])
    assert set(json.loads(twice.output)["tests"]) == {"bot:greedy", "bot:greedy-2"}
    typed = play(["--players", "bot:greedy-2,bot:greedy,bot:greedy", "--seed", "2", "--json"])
    assert typed.exit_code == 0, typed.output
    assert set(json.loads(typed.output)["tests"]) == {"bot:greedy-2", "bot:greedy", "bot:greedy-3"}
    again = play(["--players", "bot:greedy-2,bot:Greedy-2"])
    assert again.exit_code == 2 and "two players are called 'bot:greedy-2'" in again.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "bot:genius"], "no bot 'bot:genius'"),
        (["--players", "ann,ann"], "two players are called 'ann'"),
        (
            ["--players", "ann,bob,ANN"],
            "'ann' and 'ANN' differ only in case: give each player a name of their own",
        ),
        (["--players", "a,b,c,d,e,f,g"], "1–6 players"),
        (["--players", "a,,b"], "separated by commas"),
        (
            ["--id", "03-X", "--verifiers", "4-6"],
            "error: --verifiers: for a random puzzle (given alone or with --random) or one drawn "
            "from --bank; --id gives the puzzle already",
        ),
        (
            ["puzzles/sample.yaml", "--difficulty", "hard", "--min-tests", "2"],
            "error: --difficulty, --min-tests: for a random puzzle (given alone or with "
            "--random) or one drawn from --bank; FILE gives the puzzle already",
        ),
        (
            ["--bank", "b.db", "--min-tests", "2"],
            "error: --min-tests shapes a random puzzle (given alone or with --random), not one "
            "drawn from --bank",
        ),
        (["--random", "--verifiers", "3"], "3 is not a count of verifiers: a puzzle has 4, 5 or 6"),
        (["puzzles/sample.yaml", "--mode", "extreme"], "not extreme"),
        (["puzzles/nightmare.yaml", "--random"], "choose one puzzle source"),
    ],
)
def test_bad_arguments_give_one_line(args: list[str], message: str) -> None:
    result = play(args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_puzzle_files_ids_and_unplayable_puzzles(tmp_path: Path) -> None:
    nightmare = str(Path(sample_puzzle_path()).parent / "nightmare.yaml")
    several = play([nightmare])
    assert (
        several.exit_code == 2
        and (
            "holds 2 puzzles; choose one with --id 1 to 2, its number in the file (as a booklet "
            "of that file alone numbers it), or by its id: 02-N, 04-N"
        )
        in several.output
    )
    german = play([nightmare, "--lang", "de"])
    assert german.exit_code == 2 and "enthält 2 Rätsel; wähle eines mit --id" in german.output
    chosen = play([nightmare, "--id", "04-n"], "strike A 1\nstrike 15.1\nhint\npass\nquit\n")
    assert chosen.exit_code == 1
    assert (
        "error: line 1: in nightmare mode a criterion is named by its card, not by a verifier's "
        "letter: strike CARD.1, with CARD one of 3, 8, 15, 16" in chosen.output
    )
    assert "Struck: 15.1" in chosen.output
    assert "each holds one of these cards (which one is hidden)" in chosen.output
    shipped = play(["--id", "03-X", "--players", "bot:greedy", "--seed", "1"])
    assert shipped.exit_code == 0 and "extreme" in shipped.output
    public = tmp_path / "public.yaml"
    public.write_text("cards: [4, 9, 11, 14]\n")
    refused = play([str(public)])
    assert refused.exit_code == 2
    assert "cannot be played: it does not give its hidden criteria" in refused.output


def test_random_puzzles_come_from_the_generator() -> None:
    pytest.importorskip("turing.generation.generator")
    args = ["--random", "--mode", "nightmare", "--verifiers", "5", "--seed", "4"]
    first = play([*args, "--players", "bot:greedy", "--json"])
    assert first.exit_code == 0, first.output
    record = json.loads(first.output)
    assert record["puzzle"].startswith("N5")
    assert play([*args, "--players", "bot:greedy", "--json"]).output == first.output


@pytest.mark.parametrize(
    "alone",
    [
        ["--verifiers", "5"],
        ["--difficulty", "hard"],
        ["--min-tests", "3"],
        ["--mode", "extreme"],
        ["--verifiers", "5", "--difficulty", "easy"],
    ],
)
def test_options_of_a_random_puzzle_alone_play_one(alone: list[str]) -> None:
    """As --mode alone does: the random puzzle --random with them gives."""
    args = [*alone, "--seed", "4", "--players", "bot:greedy", "--json"]
    result = play(args)
    assert result.exit_code == 0, result.output
    assert result.output == play(["--random", *args]).output
    puzzle = json.loads(result.output)["puzzle"]
    if "--verifiers" in alone:
        assert puzzle[1] == "5"
    if "--difficulty" in alone:
        assert puzzle[2] == alone[alone.index("--difficulty") + 1][0].upper()


def test_hint_best_gives_the_optimal_next_test() -> None:
    hypotheses = deduce(SAMPLE.public(), load_cardset("classic")).hypotheses
    first = next_test(hypotheses, None, ())
    assert first is not None
    code, verifier = first
    answer_yes = after_test(hypotheses, code, verifier, True)
    answer_no = after_test(hypotheses, code, verifier, False)
    letter = "ABCD"[verifier]
    result = play([], f"hint best\ncompose {code}\ntest {letter}\nhint best\nsolve 241\n")
    assert f"Best now: compose {code} and test {letter} (hints used: 1)" in result.output
    # After one answer problem 01 is solved: either answer leaves one code.
    assert {len({h.code for h in answer_yes}), len({h.code for h in answer_no})} == {1}
    assert "Best now: stop testing and solve 241 (hints used: 2)" in result.output
    # a script's transcript holds no passing "searching…" line (a terminal shows one)
    assert "Searching" not in result.output and "Ctrl-C" not in result.output


def test_a_hint_asked_again_with_nothing_played_since_is_not_counted_again() -> None:
    """The same advice twice teaches nothing new: the count is what the player learned.
    A test played since makes the next hint count again."""
    result = play(
        ["--id", "03"],
        "compose 111\ntest A B C\nhint best\nhint best\nhint\nhint\nquit\n",
    )
    best = "Best now: pass (no test is left this round, and the code is not known yet)"
    assert f"{best} (hints used: 1)" in result.output
    assert f"{best} (given before, not counted again; hints used: 1)" in result.output
    assert "(hints used: 2)" in result.output
    assert "(given before, not counted again; hints used: 2)" in result.output
    assert "hints used: 3" not in result.output
    result = play(["--id", "03"], "hint\ncompose 111\ntest A\nhint\nquit\n")
    assert "(hints used: 2)" in result.output and "given before" not in result.output


def test_what_can_be_inferred_asked_in_a_new_round_with_nothing_learned_is_free() -> None:
    """A pass, a new round and a code composed teach nothing: the same inference is not
    counted again. The best move depends on the round, so it is counted again there."""
    out = play(
        ["--id", "03"],
        "test 111 A\nhint\npass\nhint\ncompose 222\nhint\nhint best\npass\nhint best\nquit\n",
    ).output
    assert "(hints used: 1)" in out
    assert out.count("(given before, not counted again; hints used: 1)") == 2
    assert "Best now:" in out and "(hints used: 2)" in out and "(hints used: 3)" in out
    assert "hints used: 4" not in out


def test_a_hint_asked_again_after_resuming_is_not_counted_again(tmp_path: Path) -> None:
    """The save keeps what each hint said last: asked again after a resume with nothing
    played since, it is free as in the sitting that gave it; a test played since counts
    the next one."""
    save = tmp_path / "g.json"
    play(["--id", "03", "--save", str(save)], "compose 111\ntest A\nhint\nhint best\nsave\nquit\n")
    again = play(["--resume", str(save)], "hint\nhint best\nsave\nquit\n").output
    assert "(given before, not counted again; hints used: 2)" in again
    assert "hints used: 3" not in again
    later = play(["--resume", str(save)], "test B\nhint\nquit\n").output
    assert "(hints used: 3)" in later and "given before" not in later


def test_a_shared_puzzle_is_named_at_the_end_as_its_file_names_it(tmp_path: Path) -> None:
    """A share code carries no tier: the game takes the one the cards give, so the end's
    id is the file's; the start says only the tier of the cards on the table."""
    made = tmp_path / "c.jsonl"
    assert (
        CliRunner()
        .invoke(main, ["generate", "-n", "1", "--seed", "5", "-q", "-o", str(made)])
        .exit_code
        == 0
    )
    written = json.loads(made.read_text())
    shared = CliRunner().invoke(main, ["share", str(made)]).output.split()[0]
    transcript = tmp_path / "t.jsonl"
    play(["--code", shared, "--transcript", str(transcript)], "giveup\ny\n")
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert events[0]["puzzle"]["difficulty"] == written["difficulty"]
    assert events[-1]["id"] == written["id"]


@pytest.mark.parametrize(("name", "tier"), [("03", "easy"), ("03-X", "hard"), ("02-N", "easy")])
def test_a_puzzle_stating_no_tier_starts_with_its_cards_tier(
    tmp_path: Path, name: str, tier: str
) -> None:
    transcript = tmp_path / "t.jsonl"
    play(["--id", name, "--transcript", str(transcript)], "giveup\ny\n")
    start = json.loads(transcript.read_text().splitlines()[0])
    assert start["puzzle"]["difficulty"] == tier


def test_the_start_never_tells_the_tier_of_extreme_real_cards(tmp_path: Path) -> None:
    """In extreme the real cards' tier would tell which card of a pair is real: a puzzle
    stating none starts with the tier of the table's cards only (none here, a standard
    decoy beside easy real cards), and the end, the game over, names it by the real ones."""
    puzzle = tmp_path / "x.jsonl"
    puzzle.write_text(
        '{"mode": "extreme", "cards": [[18, 9], [4, 10], [7, 17], [13, 14]], '
        '"criteria": [2, 1, 1, 1], "real_cards": [9, 10, 7, 13], "solution": "312"}\n'
    )
    transcript = tmp_path / "t.jsonl"
    play([str(puzzle), "--transcript", str(transcript)], "giveup\ny\n")
    events = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert "difficulty" not in events[0]["puzzle"]
    assert events[-1]["id"].startswith("E4E-")


def test_a_hint_after_a_correction_beside_the_box_is_counted_and_new() -> None:
    """A corrected answer changes what the player knows: the next hint says something new
    and is counted; only the same hint again, with nothing changed, is free."""
    result = play(
        ["--box"],
        "compose 111\ntest A yes\nhint\nhint best\ncorrect 1 A no\nhint\nhint best\n"
        "correct 1 A yes\nhint best\nhint best\nquit\n",
    )
    out = result.output
    assert "The code is 221.  (hints used: 1)" in out
    assert "Best now: stop testing and solve 221 (hints used: 2)" in out
    assert "The code is 241.  (hints used: 3)" in out
    assert "Best now: stop testing and solve 241 (hints used: 4)" in out
    assert "Best now: stop testing and solve 221 (hints used: 5)" in out
    again = "(given before, not counted again; hints used: 5)"
    assert f"Best now: stop testing and solve 221 {again}" in out
    assert out.count("given before") == 1


def test_a_word_refused_whole_as_a_verifier_is_named_once() -> None:
    """A note's letter run into its text is one word refused: named once; a letter
    refused in a word of letters is named with the word."""
    result = play([], "note Aann secret note\ncompose 111\ntest AX\nquit\n")
    assert "no verifier 'Aann': this puzzle has A, B, C, D" in result.output
    assert "no verifier 'X' in 'AX': this puzzle has A, B, C, D" in result.output


def test_hint_best_before_the_first_test_of_a_code_may_change_the_code() -> None:
    """A code composed and not yet tested may still be changed: the hint advises the best
    code for the round, not ending a round with no test."""
    result = play(
        ["--id", "03-X"],
        "compose 111\nhint best\ncompose 122\nhint best\ncompose 121\nhint best\nquit\n",
    )
    assert "stop testing" not in result.output
    assert "Best now: compose 122 and test A (hints used: 1)" in result.output
    assert "Best now: test 122 against A (hints used: 2)" in result.output
    assert "Best now: compose 122 and test A (hints used: 3)" in result.output


def test_hint_best_with_no_test_left_in_the_round_advises_solve_or_pass() -> None:
    """After ``done`` or the round's last test the best move is to solve the code where it
    is known, else to pass; counted as any hint."""
    for lines in ("compose 111\ntest A\ndone\nhint best\n", "test 111 A B; test C; hint best\n"):
        result = play([], lines + "solve 241\n")
        assert "error" not in result.output
        assert "Best now: solve 241 (hints used: 1)" in result.output
        rows = [line.split() for line in result.output.splitlines() if line.startswith("player ")]
        assert rows[-1][-1] == "1"  # the hint is counted
    unknown = play(["--id", "04"], "compose 111\ntest A\ndone\nhint best\npass\ngiveup\ny\n")
    assert (
        "Best now: pass (no test is left this round, and the code is not known yet) "
        "(hints used: 1)" in unknown.output
    )
    german = play(["--lang", "de"], "teste 111 A B C\nfertig\ntipp bester\nlöse 241\n")
    assert "Am besten jetzt: 241 lösen (Hinweise genutzt: 1)" in german.output


def test_hint_best_says_when_the_rounds_are_not_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the rounds search passes its limit, the move keeps the fewest tests and the
    hint says the rounds are not proven the fewest."""
    import turing.analysis.search as analysis

    monkeypatch.setattr(analysis, "ROUND_STATES", 10)
    monkeypatch.setattr(analysis, "_RECENT", [])
    result = play(["--id", "03-X"], "hint best\nquit\n")
    assert "keeping the fewest tests (the fewest rounds are not proven here" in result.output


def test_hint_best_and_the_optimal_bot_keep_the_rounds_the_analysis_proves(
    tmp_path: Path,
) -> None:
    """On this 6-verifier extreme table `turing analyze` proves 8 tests in 3 rounds and
    starts with 112 on E; the policy's rounds search gets the same share of states from
    the same point, so the hint gives that move and the bot keeps the 3 rounds."""
    puzzle = tmp_path / "x6.jsonl"
    args = "generate -n 1 --mode extreme --difficulty hard --verifiers 6 --seed 9 -o"
    made = CliRunner().invoke(main, [*args.split(" "), str(puzzle)])
    assert made.exit_code == 0, made.output
    assert json.loads(puzzle.read_text())["cards"] == [
        [3, 41], [28, 40], [29, 45], [30, 31], [33, 36], [34, 47]
    ]  # fmt: skip
    hint = play([str(puzzle)], "hint best\nquit\n")
    assert "Best now: compose 112 and test E (hints used: 1)" in hint.output
    bot = play([str(puzzle), "--players", "bot:optimal"])
    assert bot.exit_code == 0, bot.output
    assert "· 3 rounds" in bot.output


def test_the_optimal_first_round_after_the_game_says_which_answer_leads_where() -> None:
    result = play(["--id", "03-X"], "giveup\ny\n")
    assert (
        "An optimal first round: compose 122, test A; A ✔ → C (C ✔ → B, C ✘ → D), "
        "A ✘ → D (D ✔ → B, D ✘ → stop)." in result.output
    )
    german = play(["--id", "03-X", "--lang", "de"], "gib auf\nj\n")
    assert "A ✘ → D (D ✔ → B, D ✘ → Schluss)." in german.output


def test_a_first_round_the_search_cannot_find_in_its_limits_is_said_to_be_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As on the largest nightmare tables: the figure is exact, the round's search passes
    its allowance."""
    from turing.analysis import search

    def too_large(*_args: object) -> None:
        raise search.AnalysisTooLarge("passed the time limit", limit="time")

    monkeypatch.setattr(search.Search, "best_new_round", too_large)
    result = play([], "solve 241\ny\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = lines.index("Fewest tests that guarantee the code: 1 (exact).")
    assert lines[at + 1] == "An optimal first round: not found within the limits of its search."
    german = play(["--lang", "de"], "löse 241\nj\n").output.splitlines()
    at = next(i for i, line in enumerate(german) if line.startswith("Die Mindestzahl der Tests"))
    assert german[at + 1] == "Eine optimale erste Runde: in den Grenzen der Suche nicht gefunden."


def test_past_the_rounds_search_limit_the_end_shows_the_round_hint_best_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the rounds search passes its limit, the result shows the round the policy
    plays (as ``hint best``, ``bot:optimal`` and ``turing analyze`` do), with the same
    caveat, rather than none."""
    import turing.analysis.search as analysis

    monkeypatch.setattr(analysis, "ROUND_STATES", 10)
    monkeypatch.setattr(analysis, "_RECENT", [])
    hint = play(["--id", "03-X"], "hint best\nquit\n")
    said = re.search(r"Best now: compose (\d{3}) and test ([A-F]), keeping", hint.output)
    assert said is not None, hint.output
    result = play(["--id", "03-X"], "giveup\ny\n")
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("An optimal first round"))
    assert lines[at].startswith(f"An optimal first round: compose {said[1]}, test {said[2]}"), (
        lines[at]
    )
    assert lines[at + 1] == (
        "That round keeps the fewest tests; the fewest rounds are not proven here "
        "(the rounds search passed its limit)."
    )
    german = play(["--id", "03-X", "--lang", "de"], "gib auf\nj\n")
    assert "Diese Runde hält die wenigsten Tests ein; die wenigsten Runden" in german.output


def test_a_hint_shows_letters_left_the_same_criteria_once() -> None:
    """In nightmare mode before any test every letter may hold every card: one row."""
    args = ["--random", "--mode", "nightmare", "--difficulty", "hard", "--verifiers", "6"]
    result = play([*args, "--seed", "1"], "hint\nquit\n")
    assert "A, B, C, D, E, F  17.1 count of even digits = 0" in result.output
    assert result.output.count("17.1 count of even digits = 0") == 1
    classic = play([], "hint\nsolve 241\n")
    assert "\nA  " in classic.output and "\nB  " in classic.output


def test_no_hints_option() -> None:
    result = play(["--no-hints"], "hint\nsolve 241\n")
    assert "error: line 1: hints are off in this game" in result.output


def test_help_documents_the_command_grammar() -> None:
    result = CliRunner().invoke(main, ["play", "--help"])
    assert result.exit_code == 0
    for usage in (
        "compose CODE",
        "test [CODE] V [V [V]]",
        "note V TEXT",
        "strike V K | strike CARD.K",
        "mark SHAPE DIGIT… yes|no|clear",
        "hint [best]",
        "solve CODE",
        "pass",
        "save [FILE]",
        "quit",
        "--transcript",
        "--resume",
    ):
        assert usage in result.output, usage


def test_interactive_hot_seat_asks_to_pass_the_keyboard() -> None:
    result = play(["--players", "ann,ben", "--interactive"], "\nsolve 241\ny\n\npass\n")
    assert result.exit_code == 0, result.output
    assert "Pass the keyboard to ann and press Enter." in result.output
    assert "Pass the keyboard to ben and press Enter." in result.output
    assert "ann wins" in result.output


def test_a_game_from_a_file_on_standard_input(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("# round 1\ncompose 241\ntest A B C\nhint\nsolve 241\n", encoding="utf-8")
    with moves.open(encoding="utf-8") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "turing", "play", "--seed", "1"],
            stdin=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=120,
            env={**os.environ, "COLUMNS": "120"},
        )
    assert done.returncode == 0, done.stderr
    assert "player> compose 241" in done.stdout
    assert "player wins: solved it." in done.stdout
    assert done.stderr == ""


def test_refused_sources_are_named_in_german() -> None:
    both = CliRunner().invoke(main, ["--lang", "de", "play", "puzzles/sample.yaml", "--random"])
    assert both.exit_code == 2
    assert "Fehler: wähle eine Quelle für das Rätsel: DATEI, --random" in both.output
    given = CliRunner().invoke(
        main, ["--lang", "de", "play", "puzzles/sample.yaml", "--verifiers", "5"]
    )
    assert given.exit_code == 2
    assert (
        "Fehler: --verifiers: für ein zufälliges Rätsel (allein oder mit --random angegeben) "
        "oder eines aus --bank; DATEI gibt das Rätsel schon vor"
    ) in given.output


def test_an_empty_bank_is_said_to_be_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    result = CliRunner().invoke(main, ["play", "--bank", str(empty)])
    assert result.exit_code == 1  # nothing wrong with the input: nothing to deal
    assert result.stderr == (
        f"error: {empty}: the bank holds no puzzles (turing generate --bank fills it)\n"
    )
    assert empty.read_bytes() == b""


def test_a_solo_give_up_has_a_summary_line_as_a_wrong_solve_has() -> None:
    wrong = play([], "solve 111\n")
    assert "Not solved: the code submitted was wrong." in wrong.output
    given_up = play([], "giveup\n")
    assert given_up.exit_code == 0, given_up.output
    lines = given_up.output.splitlines()
    said = lines.index("Not solved: you gave up.")
    assert lines[said - 3 : said] == ["player gives up.", "Round 1 revealed:", "  player gave up"]
    assert lines[said + 1].startswith("Result · solution 241")
