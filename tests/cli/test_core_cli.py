"""`turing solve` and `turing check` through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from testsupport.cli import ROOT
from turing.cli.main import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_solve_json_with_criteria() -> None:
    code, out, err = run("solve", "--json", str(ROOT / "puzzles" / "sample.yaml"))
    assert code == 0, err
    assert json.loads(out) == {
        "id": "01",
        "source": str(ROOT / "puzzles" / "sample.yaml"),
        "line": 3,
        "mode": "classic",
        "solution": "241",
        "candidates": ["241"],
        "assignments": 1,
        "problems": [],
    }


def test_solve_json_from_cards_alone_reads_stdin() -> None:
    code, out, _ = run(
        "solve",
        "--json",
        "-",
        stdin='{"cards": [4, 9, 11, 14]}\n{"cards": [2, 5, 9, 15, 18, 22]}\n',
    )
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {
        "id": None,
        "source": "<stdin>",
        "line": 1,
        "mode": "classic",
        "solution": None,
        "candidates": ["221", "241"],
        "assignments": 2,
        "problems": [],
    }
    assert second["solution"] == "513" and second["assignments"] == 1
    assert (second["source"], second["line"]) == ("<stdin>", 2)


def test_solve_json_says_where_each_record_was_read() -> None:
    # a line that cannot be read has no record: the places match records to the input
    lines = '{"cards": [4, 9, 11, 14]}\n{"cards": [4, 99]}\n\n{"cards": [2, 5, 9, 15, 18, 22]}\n'
    code, out, err = run("solve", "--json", "-", stdin=lines)
    assert code == 2 and "<stdin>:2:" in err
    places = [(r["source"], r["line"]) for r in map(json.loads, out.splitlines())]
    assert places == [("<stdin>", 1), ("<stdin>", 4)]


def test_solve_with_csp_engine_matches() -> None:
    path = str(ROOT / "puzzles" / "published.yaml")
    _, fast, _ = run("solve", "--json", path)
    code, slow, _ = run("solve", "--json", "--engine", "csp", path)
    assert code == 0
    assert fast == slow
    assert len(fast.splitlines()) == 9


def test_solve_human_output_shows_verifiers_and_result() -> None:
    code, out, _ = run("solve", str(ROOT / "puzzles" / "sample.yaml"))
    assert code == 0
    assert "■ = 4" in out and "solution: 241" in out
    code, out, _ = run("solve", "-", stdin="cards: [4, 9, 11, 14]\n")
    assert "candidate codes: 221 241" in out


def test_jsonl_output_keeps_input_order(tmp_path: Path) -> None:
    lines = [
        json.dumps({"id": str(i), "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, k]})
        for i, k in enumerate([3, 1, 2, 3])
    ]
    path = tmp_path / "many.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, out, _ = run("solve", "--json", str(path))
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == ["0", "1", "2", "3"]
    assert records[0]["solution"] == "241"
    # Criteria 1 and 2 of card 14 leave more than one code: no unique answer, exit 1.
    assert [bool(r["problems"]) for r in records] == [False, True, True, False]
    assert code == 1


def test_check_reports_problems_and_exit_status(tmp_path: Path) -> None:
    good = ROOT / "puzzles" / "published.yaml"
    code, out, _ = run("check", "--json", str(good))
    assert code == 0
    assert all(json.loads(line)["valid"] for line in out.splitlines())
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "- {id: r, cards: [4, 9, 11, 14, 30], criteria: [2, 1, 1, 3, 2]}\n"
        "- {id: s, cards: [4, 9, 11, 14], criteria: [2, 1, 1, 3], solution: '221',"
        " difficulty: hard}\n"
        "- {id: t, cards: [14, 11, 9, 4], criteria: [3, 1, 1, 2]}\n"
    )
    code, out, _ = run("check", "--json", "--show-solution", str(bad))
    assert code == 1
    r, s, t = (json.loads(line) for line in out.splitlines())
    assert r["redundant"] == ["A", "E"] and not r["valid"]
    assert s["solutions"] == ["241"] and s["difficulty"] == "easy"
    assert any("stated solution 221" in p for p in s["problems"])
    assert any("stated difficulty 'hard'" in p for p in s["problems"])
    assert any("duplicate" in p for p in t["problems"])


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = {
        "a.yaml": ("cards: [4, 9, 49, 14]\n", ":1:15: card 49 is not in card set"),
        "b.yaml": ("cards: [4, 9, 11]\ncriteria: [1, 1, 4]\n", ":2:18: verifier C: card 11"),
        "c.yaml": ("mode: extreme\ncards: [4, 9]\n", ":2:9: extreme mode takes a pair"),
        "d.yaml": ("{{{{\n", "YAML syntax"),
        "e.yaml": ("cards: {a: 1}\n", "'cards' must be a list"),
    }
    for name, (text, fragment) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        for command in ("solve", "check"):
            code, _out, err = run(command, str(path))
            assert code == 2, (name, command)
            assert fragment in err, (name, err)
            assert len(err.strip().splitlines()) == 1
            assert "Traceback" not in err
    code, _, err = run("solve", str(tmp_path / "missing.yaml"))
    assert code == 2 and "no such file" in err
    code, _, err = run("solve", "--engine", "magic", str(tmp_path / "a.yaml"))
    assert code == 2


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "turing", "solve", "--json", str(ROOT / "puzzles" / "sample.yaml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["solution"] == "241"


# -- collections: every file read, findings at FILE:LINE, a summary, exit status -------------

PUZZLES = ROOT / "puzzles"
SHIPPED = sorted(str(p) for p in PUZZLES.glob("*.yaml"))


def test_the_shipped_puzzle_files_pass_check() -> None:
    code, out, err = run("check", *SHIPPED)
    assert code == 0, out + err
    lines = out.splitlines()
    total = sum(1 for line in lines if ": ok " in line)
    assert lines[-1].startswith(f"{total} puzzles checked in {len(SHIPPED)} files: all sound")
    # The sample is problem 01 of the rule book again: a note at each place, naming the other.
    sample = next(line for line in lines if line.startswith(str(PUZZLES / "sample.yaml")))
    assert sample.endswith(": ok 01 · easy")
    notes = [line for line in lines if " note " in line]
    assert notes == [
        f"{PUZZLES / 'published.yaml'}:4: note 01: also at {PUZZLES / 'sample.yaml'}:3 (the same "
        "puzzle in another file)",
        # a puzzle of the rule book that the cards alone solve
        f"{PUZZLES / 'published.yaml'}:37: note B63 YRW: needs no test: the cards alone give the "
        "code",
        f"{PUZZLES / 'sample.yaml'}:3: note 01: also at {PUZZLES / 'published.yaml'}:4 (the same "
        "puzzle in another file)",
    ]


def test_ok_lines_hide_the_solution_unless_asked() -> None:
    sample = str(PUZZLES / "sample.yaml")
    code, out, _ = run("check", sample)
    assert code == 0
    assert "241" not in out
    assert out.splitlines() == [
        f"{sample}:3: ok 01 · easy",
        "1 puzzle checked in 1 file: all sound",
    ]
    code, out, _ = run("check", "--show-solution", sample)
    assert out.splitlines()[0] == f"{sample}:3: ok 01 · easy · solution 241"
    code, out, _ = run("check", "--show-solution", "-", stdin="cards: [4, 9, 11, 14]\n")
    assert "2 candidate codes 221 241" in out.splitlines()[0]
    assert out.splitlines()[0].startswith("<stdin>:1: ok puzzle")


def test_check_reads_every_file_and_names_each_finding(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "- {id: a, cards: [4, 9, 11, 14], criteria: [2, 1, 1, 3], solution: '221'}\n"
        "- {id: b, cards: [4, 9, 11, 14], criteria: [2, 1, 1, 3]}\n"
        "- {id: c, cards: [4, 9, 49, 14]}\n"
        "- {id: d, cards: [2, 6, 14, 17], criteria: [2, 2, 1, 2]}\n"
    )
    missing = tmp_path / "missing.yaml"
    folder = tmp_path / "folder"
    folder.mkdir()
    sample = str(PUZZLES / "sample.yaml")
    code, out, err = run("check", str(bad), str(missing), str(folder), sample)
    assert code == 2
    lines = out.splitlines()
    assert (
        f"{bad}:1: FAIL a: the stated solution 221 is not the code its hidden criteria leave"
    ) in lines
    assert f"{bad}:2: FAIL b: duplicate of the puzzle at line 1 of this file" in lines
    # The sample, after the unreadable files, is still checked; a repeat across files is a note.
    assert f"{sample}:3: ok 01 · easy" in lines
    assert f"{sample}:3: note 01: also at {bad}:1 (the same puzzle in another file)" in lines
    for line, name in ((1, "a"), (2, "b")):  # and each place of it in the other file
        note = f"note {name}: also at {sample}:3 (the same puzzle in another file)"
        assert f"{bad}:{line}: {note}" in lines
    # The puzzle after the unreadable one in the same file is still checked.
    assert f"{bad}:4: ok d · easy" in lines
    # a folder and a missing file are no puzzle files, and are not counted as ones
    assert lines[-1] == (
        "4 puzzles checked in 2 files: 2 with problems, 1 read error, 2 not puzzle files, 3 notes"
    )
    assert err.splitlines() == [
        f"error: {bad}:3:25: card 49 is not in card set 'classic' (cards 1–48)",
        f"error: {missing}: no such file",
        f"error: {folder}: is a folder, not a puzzle file",
    ]
    code, out, _ = run("check", str(bad))
    assert code == 2 and "Traceback" not in out
    # In JSON Lines too, one bad line does not hide the others.
    jsonl = tmp_path / "bad.jsonl"
    jsonl.write_text(
        '{"id": "x", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 3]}\n'
        '{"id": "y", "cards": [4, 9, 11, 14], "criteria": [2, 1, 1, 9]}\n'
        "{not json}\n"
        '{"id": "z", "cards": [2, 6, 14, 17], "criteria": [2, 2, 1, 2]}\n'
    )
    code, out, err = run("check", "--json", str(jsonl))
    assert code == 2
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["x", "z"]
    assert [line.split(": ")[1].split(":")[1] for line in err.splitlines()] == ["2", "3"]


def test_check_json_records_name_their_place(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text(
        "- {id: a, cards: [4, 9, 11, 14], criteria: [2, 1, 1, 3]}\n"
        "- {id: b, cards: [4, 9, 11, 14], criteria: [2, 1, 1, 3]}\n"
    )
    code, out, _ = run("check", "--json", str(path))
    assert code == 1
    a, b = (json.loads(line) for line in out.splitlines())
    assert (a["source"], a["line"], a["valid"]) == (str(path), 1, True)
    assert (b["line"], b["valid"]) == (2, False)
    assert b["problems"] == ["duplicate of the puzzle at line 1 of this file"]


def test_solve_exit_status_follows_the_answer(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("id: w\ncards: [4, 9, 11, 14]\ncriteria: [2, 1, 1, 3]\nsolution: '221'\n")
    code, out, _ = run("solve", str(wrong))
    assert code == 1
    assert (
        f"{wrong}:1: the stated solution 221 is not the code its hidden criteria leave (241)"
    ) in out.splitlines()
    # Hidden criteria that several codes meet: no unique answer.
    several = tmp_path / "several.yaml"
    several.write_text("cards: [4, 9]\ncriteria: [2, 1]\n")
    code, out, _ = run("solve", "--json", str(several))
    assert code == 1
    record = json.loads(out)
    assert record["solution"] is None and len(record["candidates"]) > 1
    assert record["problems"] == [
        f"{len(record['candidates'])} codes meet all hidden criteria, not one"
    ]
    # A deduction from the cards alone with several codes is a normal answer.
    code, out, _ = run("solve", "-", stdin="cards: [4, 9, 11, 14]\n")
    assert code == 0 and "candidate codes: 221 241" in out
    # A stated solution among a cards-only deduction's codes is no problem; one outside is.
    code, _, _ = run("solve", "-", stdin="cards: [4, 9, 11, 14]\nsolution: '221'\n")
    assert code == 0
    code, out, _ = run("solve", "-", stdin="cards: [4, 9, 11, 14]\nsolution: '555'\n")
    assert code == 1
    assert "<stdin>:1: the stated solution 555 is not a code any valid assignment leads to" in out


def test_solve_reads_every_file(tmp_path: Path) -> None:
    code, out, err = run(
        "solve", "--json", str(tmp_path / "nope.yaml"), str(PUZZLES / "sample.yaml")
    )
    assert code == 2
    assert json.loads(out)["solution"] == "241"
    assert err.strip() == f"error: {tmp_path / 'nope.yaml'}: no such file"


def _pipe_into_head(args: list[str]) -> tuple[int, str, str]:
    """Run ``python -m turing ARGS | head -1`` and return turing's status, head's output
    and turing's stderr."""
    turing = subprocess.Popen(
        [sys.executable, "-m", "turing", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    assert turing.stdout is not None and turing.stderr is not None
    first = turing.stdout.readline().decode()
    turing.stdout.close()  # the reader has seen enough and goes
    err = turing.stderr.read().decode()
    return turing.wait(timeout=120), first, err


def test_a_closed_pipe_is_not_a_finding(tmp_path: Path) -> None:
    # Enough output to fill any pipe: the same collection under many names (notes only).
    text = (PUZZLES / "published.yaml").read_text()
    files = []
    for i in range(120):
        path = tmp_path / f"copy-{i:03}.yaml"
        path.write_text(text)
        files.append(str(path))
    for command in (["check"], ["check", "--json"], ["solve"], ["solve", "--json"]):
        status, first, err = _pipe_into_head([*command, *files])
        assert status == 0, (command, err)
        assert first.strip()
        assert err == "", (command, err)
