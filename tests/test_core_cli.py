"""`turing solve` and `turing check` through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from turing.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_solve_json_with_criteria() -> None:
    code, out, err = run("solve", "--json", str(ROOT / "puzzles" / "sample.yaml"))
    assert code == 0, err
    assert json.loads(out) == {
        "id": "01",
        "solution": "241",
        "candidates": ["241"],
        "assignments": 1,
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
    assert first == {"id": None, "solution": None, "candidates": ["221", "241"], "assignments": 2}
    assert second["solution"] == "513" and second["assignments"] == 1


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
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == ["0", "1", "2", "3"]
    assert records[0]["solution"] == "241"


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
    code, out, _ = run("check", "--json", str(bad))
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
