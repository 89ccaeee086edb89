"""``turing solve`` and ``turing check``: what a puzzle's cards and criteria give."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from turing.cli.output import EXIT_PROBLEM, emit_json, stdout_console
from turing.core.cards import CardSet, load_cardset
from turing.core.codes import CodeSet
from turing.core.puzzle import Loaded, Puzzle, difficulty, iter_puzzle_file, puzzle_cardset
from turing.core.solver import Deduction, Validity, deduce, validity


def cardset_option(func: Any) -> Any:
    return click.option(
        "--cardset",
        "cardset_name",
        metavar="NAME|PATH",
        default=None,
        help="Card set: a name under cards/ (default: the puzzle's own, or classic) "
        "or a path to a card-set YAML file.",
    )(func)


def resolve_cardset_option(name: str | None) -> CardSet | None:
    return load_cardset(name) if name is not None else None


def read_puzzles(path: str, cardset: CardSet | None) -> Iterator[Loaded]:
    """Puzzles from a file, or standard input for ``-``."""
    if path == "-":
        stdin = sys.stdin
        text = stdin.read()
        return iter_puzzle_file(None, cardset, text=text, name="<stdin>")
    return iter_puzzle_file(path, cardset)


def cardset_for(puzzle: Puzzle, forced: CardSet | None, base: str) -> CardSet:
    if forced is not None:
        return forced
    return puzzle_cardset(puzzle, base=Path(base).parent if base != "-" else Path.cwd())


# -- solve -----------------------------------------------------------------------------------


def _solve_record(
    puzzle: Puzzle, cardset: CardSet, engine: str
) -> tuple[dict[str, Any], Deduction | None]:
    if puzzle.has_hidden:
        if engine == "csp":
            from turing.core import csp

            result: Validity = csp.validity(puzzle, cardset)
        else:
            result = validity(puzzle, cardset)
        texts = [str(c) for c in _codes(result.solutions)]
        return {
            "id": puzzle.id,
            "solution": texts[0] if len(texts) == 1 else None,
            "candidates": texts,
            "assignments": 1,
        }, None
    if engine == "csp":
        from turing.core import csp

        found = csp.deduce(puzzle, cardset)
    else:
        found = deduce(puzzle, cardset)
    return {
        "id": puzzle.id,
        "solution": found.solution,
        "candidates": found.codes.texts(),
        "assignments": len(found.hypotheses),
    }, found


def _codes(mask: int) -> list[str]:
    return CodeSet(mask).texts()


@click.command()
@click.argument("file", metavar="FILE|-")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
@click.option(
    "--engine",
    type=click.Choice(["bitmask", "csp"]),
    default="bitmask",
    show_default=True,
    help="bitmask: fast; csp: the python-constraint reference.",
)
@cardset_option
def solve(file: str, as_json: bool, engine: str, cardset_name: str | None) -> None:
    """Solve puzzles from FILE (YAML, JSON or JSONL; - for standard input).

    With hidden criteria given: the codes meeting them. With cards only: the deduction
    a player can make from the cards alone — every criteria assignment that makes a valid
    puzzle, the codes they lead to, and the solution when they all agree.
    """
    forced = resolve_cardset_option(cardset_name)
    console = None if as_json else stdout_console()
    for loaded in read_puzzles(file, forced):
        puzzle = loaded.puzzle
        cardset = cardset_for(puzzle, forced, file)
        record, found = _solve_record(puzzle, cardset, engine)
        if as_json:
            emit_json(record)
            continue
        assert console is not None
        console.print(_puzzle_table(puzzle, cardset, found))
        if puzzle.has_hidden:
            if record["solution"]:
                console.print(f"solution: [bold]{record['solution']}[/bold]")
            else:
                console.print(
                    f"no unique solution: {len(record['candidates'])} codes meet "
                    f"the criteria {' '.join(record['candidates'][:20])}"
                )
        else:
            n = record["assignments"]
            console.print(
                f"valid criteria assignments: {n}; candidate codes: "
                f"{' '.join(record['candidates']) or 'none'}"
            )
            if record["solution"]:
                console.print(f"solution (from the cards alone): [bold]{record['solution']}[/bold]")
        console.print()


def _puzzle_table(puzzle: Puzzle, cardset: CardSet, found: Deduction | None) -> Table:
    title = f"{puzzle.id or 'puzzle'} · {puzzle.mode} · {puzzle.verifiers} verifiers"
    tier = difficulty(puzzle, cardset)
    if tier:
        title += f" · {tier}"
    table = Table(title=title, title_justify="left", show_lines=False)
    table.add_column("verifier")
    table.add_column("card")
    table.add_column("criterion")
    possible = found.possible_criteria() if found is not None else None
    for v, letter in enumerate(puzzle.letters):
        if puzzle.has_hidden:
            assert puzzle.criteria is not None and puzzle.true_cards is not None
            card = cardset.card(puzzle.true_cards[v])
            crit = card.criterion(puzzle.criteria[v])
            shown = " / ".join(map(str, puzzle.cards[v]))
            table.add_row(
                letter,
                f"{shown} ({card.title})"
                if len(puzzle.cards[v]) == 1
                else f"{shown} → {card.number}",
                f"{crit.position}: {crit.text}",
            )
        else:
            shown = " / ".join(str(n) for n in puzzle.cards[v])
            if puzzle.mode_class.hidden_mapping:
                shown = "? of " + ", ".join(str(g[0]) for g in puzzle.cards)
            crits = ""
            if possible is not None:
                crits = "; ".join(
                    f"{c}.{k}: {cardset.card(c).criterion(k).text}" for c, k in possible[v]
                )
            table.add_row(letter, shown, crits or "—")
    return table


# -- check -----------------------------------------------------------------------------------


def check_puzzle(puzzle: Puzzle, cardset: CardSet) -> dict[str, Any]:
    """The `check` record of one puzzle."""
    problems: list[str] = []
    tier = difficulty(puzzle, cardset)
    stated = puzzle.extra.get("difficulty")
    record: dict[str, Any] = {"id": puzzle.id}
    if puzzle.has_hidden:
        result = validity(puzzle, cardset)
        sols = _codes(result.solutions)
        if not sols:
            problems.append("no code meets all hidden criteria")
        elif len(sols) > 1:
            problems.append(f"{len(sols)} codes meet all hidden criteria, not one")
        if result.redundant and len(sols) == 1:
            problems.append(
                "redundant verifier"
                + ("s " if len(result.redundant) > 1 else " ")
                + ", ".join(result.redundant_letters)
                + ": the others already fix the code"
            )
        if puzzle.solution is not None and sols and puzzle.solution not in sols:
            problems.append(
                f"stated solution {puzzle.solution} is not the solution ({' or '.join(sols[:5])})"
            )
        elif puzzle.solution is not None and not sols:
            problems.append(f"stated solution {puzzle.solution} meets not every criterion")
        record.update(solutions=sols, redundant=result.redundant_letters)
    else:
        found = deduce(puzzle, cardset)
        if not found.hypotheses:
            problems.append("no assignment of criteria to these cards makes a valid puzzle")
        elif puzzle.solution is not None and puzzle.solution not in found.codes:
            problems.append(
                f"stated solution {puzzle.solution} is not a code any valid assignment leads to"
            )
        record.update(
            solutions=found.codes.texts(), redundant=[], assignments=len(found.hypotheses)
        )
    if stated is not None and str(stated).lower() != (tier or "none"):
        problems.append(
            f"stated difficulty {stated!r} but the cards make it {tier or 'no published tier'}"
        )
    record.update(difficulty=tier, problems=problems, valid=not problems)
    return {
        "id": record["id"],
        "valid": record["valid"],
        "solutions": record["solutions"],
        "redundant": record["redundant"],
        "difficulty": tier,
        "problems": problems,
        **({"assignments": record["assignments"]} if "assignments" in record else {}),
    }


@click.command()
@click.argument("files", metavar="FILE…", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per puzzle.")
@cardset_option
def check(files: tuple[str, ...], as_json: bool, cardset_name: str | None) -> None:
    """Validate puzzles: one solution, no redundant verifier, difficulty, duplicates.

    Exit status 1 when any puzzle has a problem.
    """
    forced = resolve_cardset_option(cardset_name)
    console = None if as_json else stdout_console()
    seen: dict[str, str] = {}
    bad = 0
    total = 0
    for file in files:
        for loaded in read_puzzles(file, forced):
            puzzle = loaded.puzzle
            cardset = cardset_for(puzzle, forced, file)
            record = check_puzzle(puzzle, cardset)
            key = puzzle.canonical_key()
            place = f"{loaded.source}:{loaded.line}"
            if key in seen:
                record["problems"].append(f"duplicate of the puzzle at {seen[key]}")
                record["valid"] = False
            else:
                seen[key] = place
            total += 1
            bad += not record["valid"]
            if as_json:
                emit_json(record)
            else:
                assert console is not None
                name = puzzle.id or place
                if record["valid"]:
                    sol = (
                        record["solutions"][0]
                        if len(record["solutions"]) == 1
                        else f"{len(record['solutions'])} candidate codes"
                    )
                    console.print(
                        f"[green]ok[/green]   {name}: {sol}, {record['difficulty'] or 'no tier'}"
                    )
                else:
                    console.print(f"[red]FAIL[/red] {name}: " + "; ".join(record["problems"]))
    if not as_json:
        assert console is not None
        console.print(f"{total} puzzle{'s' if total != 1 else ''} checked, {bad} with problems")
    if bad:
        raise click.exceptions.Exit(EXIT_PROBLEM)
