"""`turing share`, `--code` on solve, check, analyze and play, and `turing puzzles`,
through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.puzzle import iter_puzzle_file

PUBLISHED = ROOT / "puzzles" / "published.yaml"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def shared(path: Path) -> list[dict[str, str | None]]:
    status, out, err = run("share", "--json", str(path))
    assert status == 0, err
    return [json.loads(line) for line in out.splitlines()]


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# -- turing share ---------------------------------------------------------------------------


def test_share_prints_a_code_per_puzzle_with_its_id() -> None:
    status, out, err = run("share", str(PUBLISHED))
    assert status == 0, err
    ids = [loaded.puzzle.id for loaded in iter_puzzle_file(PUBLISHED)]
    lines = out.splitlines()
    assert len(lines) == len(ids)
    for line, puzzle_id in zip(lines, ids, strict=True):
        code, _, shown_id = line.partition("  ")
        assert shown_id == puzzle_id
        assert 3 <= len(code) <= 12 and code.isalnum()


def test_share_json_keeps_input_order_and_reads_stdin() -> None:
    objects = shared(PUBLISHED)
    assert [o["id"] for o in objects] == [
        loaded.puzzle.id for loaded in iter_puzzle_file(PUBLISHED)
    ]
    assert all(set(o) == {"id", "code"} for o in objects)
    text = '{"cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}\n' * 2
    status, out, err = run("share", "--json", "-", stdin=text)
    assert status == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows[0] == rows[1] == {"id": None, "code": objects[0]["code"]}
    status, out, _ = run("share", "-", stdin=text)
    assert out.splitlines() == [str(objects[0]["code"])] * 2


def test_every_shipped_puzzle_round_trips_through_the_commands() -> None:
    for path in sorted((ROOT / "puzzles").rglob("*.yaml")):
        for row, loaded in zip(shared(path), iter_puzzle_file(path), strict=True):
            status, out, err = run("solve", "--json", "--code", str(row["code"]))
            assert status == 0, err
            assert json.loads(out)["solution"] == loaded.puzzle.solution, path


def test_a_custom_card_set_is_refused_with_its_place(tmp_path: Path) -> None:
    cards = tmp_path / "mine.yaml"
    text = (ROOT / "cards" / "examples" / "primes.yaml").read_text(encoding="utf-8")
    cards.write_text(text.replace("b == 2 or b == 3 or b == 5", "b == 2 or b == 3"), "utf-8")
    puzzles = tmp_path / "p.yaml"
    puzzles.write_text(
        "- cards: [4, 9, 11, 14]\n  criteria: [2, 1, 1, 3]\n"
        "- cardset: mine.yaml\n  cards: [1, 4, 6, 7]\n  criteria: [1, 1, 3, 1]\n",
        "utf-8",
    )
    status, out, err = run("share", str(puzzles))
    assert status == 2
    assert out == ""  # nothing printed: the command is refused whole
    line = one_error_line(err)
    assert f"{puzzles}:3:" in line and "cannot make a puzzle code" in line
    assert "not a shipped card set" in line or "differs from" in line


def test_a_puzzle_of_a_custom_set_is_shared_with_its_set_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "sets").mkdir()
    (tmp_path / "puzzles").mkdir()
    text = (ROOT / "cards" / "examples" / "primes.yaml").read_text(encoding="utf-8")
    (tmp_path / "sets" / "club.yaml").write_text(
        text.replace("name: primes", "name: club").replace(
            "b == 2 or b == 3 or b == 5", "b == 2 or b == 3"
        )
    )
    (tmp_path / "puzzles" / "club-1.yaml").write_text(
        "cardset: ../sets/club.yaml\ncards: [1, 4, 6, 7]\ncriteria: [1, 1, 3, 1]\n", "utf-8"
    )
    monkeypatch.chdir(tmp_path / "puzzles")
    status, out, err = run("share", "club-1.yaml")
    assert status == 2 and out == ""
    assert one_error_line(err).endswith(
        "so share the puzzle's file and its card set file (../sets/club.yaml) instead"
    )


def test_a_puzzle_without_criteria_is_refused() -> None:
    status, out, err = run("share", "-", stdin="cards: [4, 9, 11, 14]\n")
    assert status == 2 and out == ""
    assert "no hidden criteria" in one_error_line(err)


def test_share_takes_several_files_one_code_per_puzzle_in_order(tmp_path: Path) -> None:
    sample, extreme = ROOT / "puzzles" / "sample.yaml", ROOT / "puzzles" / "extreme.yaml"
    nightmare = (ROOT / "puzzles" / "nightmare.yaml").read_text(encoding="utf-8")
    each = [shared(path) for path in (sample, extreme)]
    from_stdin = [
        json.loads(line) for line in run("share", "--json", "-", stdin=nightmare)[1].splitlines()
    ]
    status, out, err = run(
        "share", "--json", str(sample), "-", str(extreme), "-", str(sample), stdin=nightmare
    )
    assert status == 0, err
    assert [json.loads(line) for line in out.splitlines()] == each[0] + from_stdin + each[1]
    assert "standard input is given twice; read once" in err
    assert "again; read once" in err
    status, out, err = run("share", str(sample), str(extreme))
    assert status == 0, err
    assert out.splitlines()[0] == f"{each[0][0]['code']}  {each[0][0]['id']}"
    assert len(out.splitlines()) == len(each[0]) + len(each[1])


def test_share_of_several_files_says_every_unreadable_one_and_prints_nothing(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "x\x1b[31m.yaml"
    bad.write_text("cards: [4, 9, 11, 14]\nmode: sideways\n", "utf-8")
    missing = tmp_path / "gone.yaml"
    status, out, err = run("share", str(ROOT / "puzzles" / "sample.yaml"), str(bad), str(missing))
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 2, err
    assert "\x1b" not in err and "x\\x1b[31m.yaml" in lines[0]
    assert "gone.yaml" in lines[1]
    assert "Traceback" not in err


def test_share_takes_id_with_one_file_only() -> None:
    status, out, err = run(
        "share", str(PUBLISHED), str(ROOT / "puzzles" / "sample.yaml"), "--id", "01"
    )
    assert status == 2 and out == ""
    assert one_error_line(err) == (
        "error: --id picks among the puzzles of one FILE; give one FILE, not 2"
    )
    # a file named twice is one file
    status, out, err = run("share", str(PUBLISHED), str(PUBLISHED), "--id", "01")
    assert status == 0, err
    assert out.splitlines() == ["1ME25KNX  01"]
    status, out, err = run("share")
    assert status == 2 and "missing argument 'FILE…'" in one_error_line(err)


# -- --code on solve, check, analyze ----------------------------------------------------------


def test_solve_and_check_read_codes_as_people_type_them() -> None:
    code = str(shared(PUBLISHED)[0]["code"])
    typed = "-".join([code[:3].lower(), code[3:6], code[6:].lower()]).replace("1", "l")
    status, out, err = run("solve", "--json", "--code", typed)
    assert status == 0, err
    assert json.loads(out)["solution"] == "241"
    extreme = str(shared(ROOT / "puzzles" / "extreme.yaml")[0]["code"])
    status, out, err = run("check", "--json", "--code", code, "--code", f" {extreme} ")
    assert status == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 2 and all(r["valid"] for r in records)
    status, out, err = run("check", "--code", code)
    assert status == 0, err
    assert "241" not in out  # check keeps solutions hidden unless asked


def test_files_and_codes_together() -> None:
    code = str(shared(PUBLISHED)[1]["code"])
    status, out, err = run("solve", "--json", str(ROOT / "puzzles" / "sample.yaml"), "--code", code)
    assert status == 0, err
    assert [json.loads(line)["solution"] for line in out.splitlines()] == ["241", "435"]


@pytest.mark.parametrize("command", ["solve", "check", "analyze"])
def test_bad_codes_are_one_clear_line(command: str) -> None:
    code = str(shared(PUBLISHED)[0]["code"])
    typo = code[:4] + ("Z" if code[4] != "Z" else "Y") + code[5:]
    swap = code[:2] + code[3] + code[2] + code[4:]
    assert swap != code
    for bad in (typo, swap, code + "U", "hello"):
        status, out, err = run(command, "--code", code, "--code", bad)
        assert status == 2, (bad, out, err)
        assert one_error_line(err).startswith("error: not a puzzle code: ")
        assert out == ""  # the good code is not worked on either


@pytest.mark.parametrize("command", ["solve", "check", "analyze"])
def test_a_code_or_a_file_is_needed_and_a_code_brings_its_card_set(command: str) -> None:
    status, _, err = run(command)
    assert status == 2
    assert "--code CODE" in one_error_line(err)
    code = str(shared(PUBLISHED)[0]["code"])
    status, _, err = run(command, "--code", code, "--cardset", "classic")
    assert status == 2
    assert "drop --cardset" in one_error_line(err)


def test_analyze_reads_a_code() -> None:
    code = str(shared(PUBLISHED)[0]["code"])
    status, out, err = run("analyze", "--json", "--no-expected", "--quiet", "--code", code)
    assert status == 0, err
    record = json.loads(out)
    assert record["verifiers"] == 4 and record["min_tests_worst"] >= 1


# -- turing play --code ---------------------------------------------------------------------------


def test_play_a_shared_puzzle_under_a_neutral_label(tmp_path: Path) -> None:
    code = str(shared(PUBLISHED)[0]["code"])
    transcript = tmp_path / "t.jsonl"
    status, out, err = run(
        "play",
        "--code",
        code.lower(),
        "--transcript",
        str(transcript),
        stdin="test 241 A\nsolve 241\n",
    )
    assert status == 0, err
    assert "shared puzzle" in out
    before_end = out.split("Result")[0]
    assert code not in before_end  # the code holds the answer: never shown during play
    start = json.loads(transcript.read_text("utf-8").splitlines()[0])
    assert code not in json.dumps(start)
    assert "criteria" not in start["puzzle"] and start["puzzle"].get("id") in (
        None,
        "shared puzzle",
    )


def test_play_refuses_a_bad_code_and_a_second_source() -> None:
    code = str(shared(PUBLISHED)[0]["code"])
    status, _, err = run("play", "--code", code[:-1] + ("0" if code[-1] != "0" else "1"))
    assert status == 2
    assert one_error_line(err).startswith("error: not a puzzle code: ")
    status, _, err = run("play", "--code", code, str(PUBLISHED))
    assert status == 2
    assert "choose one puzzle source" in one_error_line(err)


# -- turing puzzles ------------------------------------------------------------------------


def test_puzzles_lists_every_shipped_puzzle_without_its_answer() -> None:
    status, out, err = run("puzzles", "--json")
    assert status == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    expected = [
        (path.relative_to(ROOT / "puzzles").as_posix(), loaded.puzzle.id)
        for path in sorted((ROOT / "puzzles").rglob("*.yaml"))
        for loaded in iter_puzzle_file(path)
    ]
    assert sorted((r["file"], r["id"]) for r in rows) == sorted(expected)
    for row in rows:
        assert set(row) == {"file", "id", "mode", "verifiers", "tier", "cardset", "cards"}
    by_id = {r["id"]: r for r in rows}
    assert by_id["03-X"]["mode"] == "extreme" and by_id["03-X"]["verifiers"] == 4
    assert by_id["C63 0YV"]["tier"] == "hard"
    assert by_id["primes-2"]["cardset"] == "examples/primes"
    status, out, err = run("puzzles")
    assert status == 0, err
    for row in rows:
        assert str(row["id"]) in out
    for word in ("solution", "criteria", "criterion"):
        assert word not in out.lower()
    for loaded in iter_puzzle_file(PUBLISHED):
        assert f" {loaded.puzzle.solution} " not in out


# -- --id: one puzzle of a file ----------------------------------------------------------------


@pytest.mark.parametrize("command", ["share", "analyze"])
def test_id_picks_puzzles_of_a_file_and_an_unknown_id_refuses(command: str) -> None:
    status, out, err = run(command, str(PUBLISHED), "--id", "c63-0yv", "--id", "02", "--json")
    assert status == 0, err
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["02", "C63 0YV"]
    status, out, err = run(command, str(PUBLISHED), "--id", "02", "--id", "nope", "--id", "x")
    assert status == 2 and out == ""
    assert one_error_line(err) == f"error: {PUBLISHED}: no puzzles with ids 'nope', 'x'"
    if command == "analyze":  # a puzzle code has no id to pick by
        status, out, err = run(command, "--id", "02", "--code", "11JXBVDR")
        assert status == 2 and out == ""
        assert "--id picks puzzles of a FILE; give the FILE" in one_error_line(err)
