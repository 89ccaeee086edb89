"""The optimal strategy: exact search against brute force, and the stored classic tree."""

from __future__ import annotations

import json
import re
from itertools import product

import pytest
from click.testing import CliRunner, Result

from turing.cli.main import main
from turing.mastermind.engine import Engine
from turing.mastermind.optimal import (
    SEARCH_LIMIT,
    OptimalSearch,
    Progress,
    stored_limits,
    stored_tree,
    tree_from_json,
    tree_to_json,
)
from turing.mastermind.scoring import Feedback, feedback
from turing.mastermind.simulate import simulate
from turing.mastermind.space import CodeSpace
from turing.mastermind.strategies import Knuth, Optimal, StrategyError, make_strategy

Pins = tuple[int, int]


def brute_force_total(positions: int, colours: int) -> int:
    """Every guess tried at every candidate set, with plain feedback() scoring."""
    codes = list(product(range(colours), repeat=positions))
    pins = {(g, s): feedback(s, g) for g in codes for s in codes}
    win = Feedback(positions, 0)
    memo: dict[tuple[tuple[int, ...], ...], int] = {}

    def total(cands: tuple[tuple[int, ...], ...]) -> int:
        n = len(cands)
        if n == 1:
            return 1
        if cands in memo:
            return memo[cands]
        best = -1
        seen: set[object] = set()
        for guess in codes:
            classes: dict[Feedback, list[tuple[int, ...]]] = {}
            for secret in cands:
                classes.setdefault(pins[guess, secret], []).append(secret)
            split = (tuple(classes.get(win, ())), frozenset(tuple(c) for c in classes.values()))
            if split in seen or (len(classes) == 1 and win not in classes):
                continue
            seen.add(split)
            value = n + sum(total(tuple(c)) for k, c in classes.items() if k != win)
            if best < 0 or value < best:
                best = value
                if best == 2 * n - 1:
                    break  # one code at once, every other told apart: nothing does better
        memo[cands] = best
        return best

    return total(tuple(codes))


@pytest.mark.parametrize(("positions", "colours", "total"), [(3, 3, 73), (3, 4, 206)])
def test_search_equals_brute_force(positions: int, colours: int, total: int) -> None:
    engine = Engine(CodeSpace(positions, colours))
    tree = OptimalSearch(engine).solve()
    assert tree.total == brute_force_total(positions, colours) == total
    summary, records = simulate(engine, Optimal.from_tree(tree))
    assert summary.total_guesses == tree.total
    assert all(r.solved for r in records)


@pytest.mark.parametrize(
    "space", [CodeSpace(4, 3), CodeSpace(2, 6), CodeSpace(3, 4, repeats=False, blank=True)]
)
def test_search_with_and_without_symmetry(space: CodeSpace) -> None:
    """Scoring every code at every node (no symmetry) finds the same optimum."""
    engine = Engine(space)
    reduced = OptimalSearch(engine).solve()
    plain = OptimalSearch(engine, symmetry=False).solve()
    assert reduced.total == plain.total


def test_progress_narrows_to_the_optimum() -> None:
    seen: list[Progress] = []
    tree = OptimalSearch(Engine(CodeSpace(4, 4)), progress=seen.append).solve()
    assert seen and all(p.upper is None or p.lower <= p.upper for p in seen)
    assert seen[-1].lower == seen[-1].upper == tree.total == 905
    assert "905" in seen[-1].describe()


def test_worst_case_variant_keeps_the_limit() -> None:
    engine = Engine(CodeSpace(4, 4))
    free = OptimalSearch(engine).solve()
    summary, _ = simulate(engine, Optimal.from_tree(free))
    limit = summary.max_guesses - 1
    bounded = OptimalSearch(engine, max_guesses=limit).solve()
    capped, records = simulate(engine, Optimal.from_tree(bounded))
    assert capped.max_guesses <= limit
    assert capped.total_guesses == bounded.total >= free.total
    assert all(r.solved for r in records)


def test_stored_classic_tree_plays_every_secret_in_5625() -> None:
    engine = Engine(CodeSpace(4, 6))
    tree = stored_tree(engine.space)
    assert tree is not None and tree.total == 5625
    summary, records = simulate(engine, make_strategy("optimal"))
    assert summary.total_guesses == 5625  # Koyama and Lai 1993: mean 4.3403
    assert round(summary.mean, 4) == 4.3403
    assert all(r.solved for r in records)
    for record in records:  # every guess of the tree is legal and every pin is true
        for guess, key in record.rows:
            engine.space.check(engine.space.code(guess))
            assert engine.table.key(guess, record.secret) == key
    again = tree_from_json(json.loads(json.dumps(tree_to_json(tree))), engine.space)
    assert again.guesses == tree.guesses


def test_simulate_optimal_from_the_command_line() -> None:
    result = CliRunner().invoke(
        main,
        [
            "mastermind",
            "simulate",
            "--preset",
            "classic",
            "--strategy",
            "optimal",
            "--all",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total_guesses"] == 5625
    assert data["games"] == 1296


def test_stored_worst_case_tree_needs_at_most_5_guesses() -> None:
    engine = Engine(CodeSpace(4, 6))
    tree = stored_tree(engine.space, max_guesses=5)
    assert tree is not None and tree.total == 5626
    summary, records = simulate(engine, make_strategy("optimal-worst"))
    assert (summary.total_guesses, summary.max_guesses) == (5626, 5)
    assert all(r.solved for r in records)


def test_stored_superhirn_tree_plays_every_secret_in_7817() -> None:
    """Superhirn 4 × 8 without repeats, guesses without repeats too: 7,817 in total,
    proved by benchmarks/mastermind_optimal.py --board superhirn (most-parts: 7,944)."""
    engine = Engine(CodeSpace(4, 8, repeats=False))
    tree = stored_tree(engine.space)
    assert tree is not None and tree.total == 7817
    summary, records = simulate(engine, make_strategy("optimal"))
    assert (summary.total_guesses, summary.max_guesses) == (7817, 6)
    assert all(r.solved for r in records)
    for record in records:
        for guess, key in record.rows:
            engine.space.check(engine.space.code(guess))
            assert engine.table.key(guess, record.secret) == key
    # Within Knuth's worst case of 6 guesses on the board: the same total (--worst 6).
    worst = stored_tree(engine.space, max_guesses=6)
    assert worst is not None and worst.total == 7817
    capped, played = simulate(engine, make_strategy("optimal-worst"))
    assert (capped.total_guesses, capped.max_guesses) == (7817, 6)
    assert all(r.solved for r in played)


def test_every_stored_limited_tree_keeps_knuths_worst_case_on_its_board() -> None:
    """optimal-worst plays a stored tree whose limit is Knuth's worst case on the board."""
    for space in (CodeSpace(4, 6), CodeSpace(4, 8, repeats=False)):
        limits = stored_limits(space)
        assert None in limits
        for limit in limits - {None}:
            assert simulate(Engine(space), Knuth())[0].max_guesses == limit
    assert stored_limits(CodeSpace(5, 8)) == set()


@pytest.mark.parametrize("name", ["optimal", "optimal-worst"])
def test_check_takes_stored_and_small_games_and_refuses_the_rest(name: str) -> None:
    strategy = make_strategy(name)
    strategy.check(CodeSpace(4, 6))  # stored
    strategy.check(CodeSpace(3, 6))  # 216 codes: searched in seconds
    strategy.check(CodeSpace(5, 5, repeats=False))  # the slowest of them
    for space in (CodeSpace(5, 8), CodeSpace(5, 6), CodeSpace(4, 8), CodeSpace(3, 6, blank=True)):
        with pytest.raises(StrategyError, match=f"this one has {len(space):,}, too many"):
            strategy.check(space)
    assert len(CodeSpace(3, 6, blank=True)) == 343 > SEARCH_LIMIT == 216


def mastermind(args: list[str], lang: str = "en") -> Result:
    return CliRunner().invoke(main, ["--lang", lang, "mastermind", *args], input="random\n")


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--preset", "logik", "--role", "maker", "--strategy", "optimal", "--seed", "1"],
        ["play", "--preset", "superhirn", "--duplicates", "--players", "human,computer:optimal"],
        ["play", "--preset", "master-collor", "--role", "duel", "--strategy", "optimal-worst"],
        ["play", "--preset", "superhirn", "--blank", "--players", "computer,computer:optimal"],
        ["simulate", "--preset", "master-collor", "--strategy", "optimal"],
        ["simulate", "--preset", "classic", "--blank", "--strategy", "optimal", "--sample", "5"],
    ],
)
def test_optimal_is_refused_up_front_where_its_search_would_not_finish(args: list[str]) -> None:
    result = mastermind(args)
    assert result.exit_code == 2
    assert result.stdout == ""  # nothing played, no secret shown
    [line] = result.stderr.splitlines()
    assert re.fullmatch(
        r"error: the optimal(-worst)? strategy plays only the classic and superhirn games as "
        r"they come \(no variant\) and games of at most 216 codes; this one has [\d,]+, too "
        r"many to search in reasonable time; "
        r"use entropy, most-parts, expected-size or knuth",
        line,
    )
    assert "Traceback" not in result.output


def test_optimal_is_refused_in_german() -> None:
    result = mastermind(["play", "--preset", "logik", "--strategy", "optimal"], "de")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == (
        "Fehler: die Strategie optimal spielt nur die Spielarten classic und superhirn, wie sie "
        "sind (ohne Variante), und Spiele mit höchstens 216 Codes; dieses hat 32.768, zu viele "
        "für eine Suche in vertretbarer Zeit; wähle entropy, most-parts, expected-size oder knuth"
    )
    duplicates = ["simulate", "--preset", "superhirn", "--duplicates", "--strategy"]
    result = mastermind([*duplicates, "optimal-worst"], "de")
    assert result.exit_code == 2 and result.stdout == ""
    assert "nur die Spielarten classic und superhirn, wie sie sind (ohne Variante)," in (
        result.stderr
    )
    assert "dieses hat 4.096," in result.stderr


def test_optimal_plays_superhirn_and_small_custom_games() -> None:
    superhirn = mastermind(
        ["play", "--preset", "superhirn", "--players", "computer,computer:optimal"]
    )
    assert superhirn.exit_code == 0, superhirn.output
    assert "Final score" in superhirn.stdout
    small = mastermind(
        [
            *("simulate", "--preset", "classic", "--positions", "3", "--colours", "4"),
            *("--json", "--strategy", "optimal"),
        ]
    )
    assert small.exit_code == 0, small.output
    assert json.loads(small.stdout)["total_guesses"] == 206


def test_the_search_writes_nothing_into_a_redirected_stderr() -> None:
    """The search's progress is a line at a terminal only: simulated to --json, or played
    with stderr in a file, the search of a 216-code game leaves nothing of it there."""
    runner = CliRunner()
    simulated = runner.invoke(
        main,
        [
            "mastermind",
            "simulate",
            "--preset",
            "classic",
            "--positions",
            "3",
            "--strategy",
            "optimal",
            "--json",
        ],
    )
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.stdout)["total_guesses"] == 854
    assert simulated.stderr == ""
    played = runner.invoke(
        main,
        [
            "mastermind",
            "play",
            "--preset",
            "classic",
            "--positions",
            "3",
            "--role",
            "maker",
            "--strategy",
            "optimal",
            "--seed",
            "1",
        ],
        input="random\n",
    )
    assert "Computer guesses, row 1" in played.stdout
    assert played.stderr.splitlines() == ["end of input: match abandoned"]


@pytest.mark.parametrize("width", [60, 80])
def test_at_a_terminal_the_search_is_one_progress_row(
    monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    """At a terminal the bounds are the words of a progress line, on one row and whole
    on an 80-column terminal; the line goes once the computer has chosen."""
    import io

    from rich.console import Console

    from turing.cli import mastermind, output

    screen = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
    monkeypatch.setattr(output, "progress_shown", lambda quiet=False: True)
    monkeypatch.setattr(output, "stderr_console", lambda: screen)
    searching = mastermind.SearchShown()
    lines: list[str] = []
    with searching.choosing():
        searching(Progress(798, 854, 0.3, 2_063, "first guesses done 1/3"))
        bar = searching._bar
        assert bar is not None and bar._bar is not None
        rows = screen.render_lines(bar._bar.get_renderable(), screen.options)
        lines = ["".join(segment.text for segment in row).rstrip() for row in rows]
    assert searching._bar is None
    assert len(lines) == 1 and len(lines[0]) <= width - 2, lines
    words = "search: total ≥ 798, best 854; first guesses done 1/3"
    if width >= 80:
        assert words in lines[0] and "2,063" in lines[0]
    else:
        assert "…" in lines[0]
