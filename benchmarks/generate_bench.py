"""Generation speed, side by side with a naive rejection sampler, and the catalogue counts.

    python benchmarks/generate_bench.py                 # every mode/tier/verifier count
    python benchmarks/generate_bench.py --quick         # the headline numbers only
    python benchmarks/generate_bench.py --catalogue 4 5 # also count the catalogues

Rates are given per wall-clock second and per CPU second (the CPU time of this process and
its workers), because on a shared machine wall time also measures the neighbours. The
naive baseline draws random cards (from the same tier pools, so it aims at the same
puzzles) and a random criterion per card, and keeps the tuple when it is a valid puzzle;
it runs in the same process, right after the constructive generator.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from testsupport.bench import timing
from turing.core.cards import load_cardset
from turing.core.solver import is_valid_masks
from turing.generation.generator import generate, iter_catalogue, slot_plan, tables_for


def timed(work: Callable[[], int]) -> dict[str, float]:
    made = 0

    def run() -> None:
        nonlocal made
        made = work()

    spent = timing(run)
    wall, cpu = spent.wall, spent.cpu
    return {
        "made": made,
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "per_wall_s": round(made / wall, 1),
        "per_cpu_s": round(made / cpu, 1),
    }


def naive(verifiers: int, tier: str, seconds: float, seed: int = 1) -> dict[str, float]:
    """Rejection sampling: random cards of the tier's pools, random criteria; counts the
    distinct valid puzzles found (a run must not repeat itself either)."""
    tables = tables_for(load_cardset("classic"))
    slots = slot_plan(tier, verifiers)
    rng = random.Random(seed)
    tries = 0

    def work() -> int:
        nonlocal tries
        found: set[tuple[tuple[int, int], ...]] = set()
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(1000):
                tries += 1
                used: set[int] = set()
                chosen = []
                for slot in slots:
                    pool = tables.pool_cards[slot]
                    card = pool[rng.randrange(len(pool))]
                    if card in used:
                        break
                    used.add(card)
                    opts = tables.by_card[card]
                    chosen.append(opts[rng.randrange(len(opts))])
                else:
                    if is_valid_masks([o[2] for o in chosen]):
                        found.add(tuple(sorted((o[0], o[1]) for o in chosen)))
        return len(found)

    out = timed(work)
    out["tries"] = tries
    return out


def constructive(
    count: int, verifiers: int, tier: str, mode: str, jobs: int, metrics: str = "basic"
) -> dict[str, float]:
    return timed(
        lambda: sum(
            1
            for _ in generate(
                count,
                verifiers=verifiers,
                difficulty=tier,
                mode=mode,
                seed=1,
                jobs=jobs,
                metrics=metrics,
            )
        )
    )


def command_line(count: int, jobs: int) -> dict[str, float]:
    """``turing generate`` end to end in a subprocess: start-up, workers, JSONL writing."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "hard6.jsonl")
        argv = [sys.executable, "-m", "turing", "generate", "--count", str(count)]
        argv += ["--verifiers", "6", "--difficulty", "hard", "--seed", "1"]
        argv += ["--jobs", str(jobs), "-o", out, "--quiet"]

        def work() -> int:
            subprocess.run(argv, check=True)
            with open(out, encoding="utf-8") as fh:
                return sum(1 for _ in fh)

        return timed(work)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="headline numbers only")
    parser.add_argument("--count", type=int, default=20000, help="puzzles for the headline")
    parser.add_argument("--naive-seconds", type=float, default=20.0)
    parser.add_argument(
        "--catalogue",
        type=int,
        nargs="*",
        default=[],
        help="verifier counts whose classic catalogue to count",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args()
    results: dict[str, Any] = {"cpus": os.cpu_count(), "load_before": os.getloadavg()}

    print("headline: classic, hard, 6 verifiers (basic metrics on)", flush=True)
    head: dict[str, Any] = {}
    for jobs in (1, 2):
        head[f"jobs{jobs}"] = constructive(args.count, 6, "hard", "classic", jobs)
        print(f"  constructive --jobs {jobs}: {head[f'jobs{jobs}']}", flush=True)
    head["cli_jobs2"] = command_line(args.count, 2)
    print(f"  turing generate --jobs 2 -o FILE (subprocess): {head['cli_jobs2']}", flush=True)
    head["jobs2_exact"] = constructive(args.count // 4, 6, "hard", "classic", 2, "exact")
    print(f"  constructive --jobs 2 --exact-tests: {head['jobs2_exact']}", flush=True)
    head["jobs2_no_metrics"] = constructive(args.count, 6, "hard", "classic", 2, "none")
    print(f"  constructive --jobs 2 --no-metrics: {head['jobs2_no_metrics']}", flush=True)
    head["naive"] = naive(6, "hard", args.naive_seconds)
    print(f"  naive rejection sampler (1 process): {head['naive']}", flush=True)
    head["jobs1_no_metrics"] = constructive(args.count, 6, "hard", "classic", 1, "none")
    print(f"  constructive --jobs 1 --no-metrics: {head['jobs1_no_metrics']}", flush=True)
    ratio_cpu = head["jobs1_no_metrics"]["per_cpu_s"] / max(head["naive"]["per_cpu_s"], 1e-9)
    ratio_wall = head["jobs2"]["per_wall_s"] / max(head["naive"]["per_wall_s"], 1e-9)
    print(f"  ratio constructive/naive per CPU second (1 process, no metrics): {ratio_cpu:,.0f}x")
    print(f"  ratio constructive --jobs 2 / naive 1 process, wall clock: {ratio_wall:,.0f}x")
    head["ratio_per_cpu"] = round(ratio_cpu, 1)
    head["ratio_wall_jobs2"] = round(ratio_wall, 1)
    results["headline"] = head

    if not args.quick:
        print("\nper mode / tier / verifiers (--jobs 1):", flush=True)
        print("  per wall s, per CPU s: with the basic metrics; bare: per CPU s without them;")
        print("  naive: distinct valid puzzles per CPU s; ratio: bare / naive")
        print(
            f"  {'mode':10} {'tier':9} {'v':>2} {'per wall s':>11} {'per CPU s':>10}"
            f" {'bare':>10} {'naive':>10} {'ratio':>8}"
        )
        table = []
        for mode in ("classic", "nightmare", "extreme"):
            for tier in ("easy", "standard", "hard"):
                for v in (4, 5, 6):
                    n = 2000 if mode != "extreme" else 300
                    row = constructive(n, v, tier, mode, 1)
                    bare = constructive(n, v, tier, mode, 1, "none")
                    base = naive(v, tier, 3.0) if mode == "classic" else None
                    ratio = bare["per_cpu_s"] / base["per_cpu_s"] if base and base["made"] else None
                    table.append(
                        {
                            "mode": mode,
                            "tier": tier,
                            "verifiers": v,
                            **row,
                            "bare_per_cpu_s": bare["per_cpu_s"],
                            "naive_per_cpu_s": base["per_cpu_s"] if base else None,
                        }
                    )
                    naive_text = f"{base['per_cpu_s']:,.1f}" if base else "—"
                    ratio_text = f"{ratio:,.0f}x" if ratio else "—"
                    print(
                        f"  {mode:10} {tier:9} {v:>2} {row['per_wall_s']:>11,.0f} "
                        f"{row['per_cpu_s']:>10,.0f} {bare['per_cpu_s']:>10,.0f} "
                        f"{naive_text:>10} {ratio_text:>8}",
                        flush=True,
                    )
        results["table"] = table

    for v in args.catalogue:
        wall = time.perf_counter()
        total = sum(
            c
            for _, c, _ in iter_catalogue(
                "classic", v, jobs=2, with_puzzles=False, block={4: 64, 5: 4}.get(v, 1)
            )
        )
        wall = time.perf_counter() - wall
        print(
            f"catalogue classic {v} verifiers: {total:,} valid puzzles, {wall:.1f} s "
            "(counted, --jobs 2)",
            flush=True,
        )
        results.setdefault("catalogue", {})[str(v)] = {"puzzles": total, "wall_s": round(wall, 1)}
    results["load_after"] = os.getloadavg()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=2)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
