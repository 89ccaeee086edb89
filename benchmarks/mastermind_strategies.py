"""Codebreaking strategies over whole spaces: guesses and seconds, against a baseline.

    python benchmarks/mastermind_strategies.py                  # classic 4×6, every strategy
    python benchmarks/mastermind_strategies.py --logik          # also Logik 5×8, all secrets
    python benchmarks/mastermind_strategies.py --logik --only knuth most-parts
    python benchmarks/mastermind_strategies.py --logik --baseline-sample 300

Every strategy is played over all secrets as one shared tree, next to the published
figures. The baseline is the former way of choosing, in the same run: every guess of the
symmetry pool scored against every candidate at every node, in blocks of the feedback
table, then the documented tie-break. Both must give the same games; the ratio of their
seconds is printed side by side (cpu seconds too: other work on the machine inflates
wall time). On Logik 5×8 the baseline runs on a sample of secrets (it needs minutes per
strategy), and the new way on both the sample and every secret; then the computer
codebreaker's guesses as a match makes them, one at a time (each must answer in well
under a second). The whole command
``turing mastermind simulate --preset classic --strategy knuth --all`` is timed too.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import time

import numpy as np
import numpy.typing as npt

from turing.mastermind.engine import Engine, History, Indices, shared_table
from turing.mastermind.simulate import Summary, sample_secrets, simulate
from turing.mastermind.space import CodeSpace
from turing.mastermind.strategies import (
    ExpectedCase,
    ScoredStrategy,
    Strategy,
    make_strategy,
    pick,
)

PUBLISHED = {
    "knuth": "5801 / 4.476 (Knuth 1976)",
    "expected-size": "4.395 (Irving; Kooi 2005)",
    "entropy": "4.415 (Neuwirth; Kooi 2005)",
    "most-parts": "4.373 (Kooi 2005)",
    "expected": "optimal 5625 / 4.340 (Koyama and Lai 1993)",
    "optimal": "5625 / 4.340 (Koyama and Lai 1993)",
    "random-consistent": "≈ 4.64 (varies with the seed)",
}
SCORED = ["knuth", "most-parts", "entropy", "expected-size"]


class Baseline(Strategy):
    """The former choice: score the whole pool against all candidates, then pick."""

    def __init__(self, inner: ScoredStrategy) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[misc]

    def choose(self, engine: Engine, history: History, candidates: Indices) -> int:
        if len(candidates) <= 2:
            return int(candidates[0])
        pool = engine.guess_pool(history, candidates)
        return pick(pool, self.inner.cost(_block_counts(engine, pool, candidates)), candidates)


def _block_counts(engine: Engine, guesses: Indices, candidates: Indices) -> npt.NDArray[np.int64]:
    size = engine.table.size
    counts = np.empty((len(guesses), size), dtype=np.int64)
    block = max(1, (1 << 20) // max(1, len(candidates)))
    offsets = (np.arange(block, dtype=np.int64) * size)[:, None]
    for start in range(0, len(guesses), block):
        chunk = guesses[start : start + block]
        flat = (engine.table.keys(chunk, candidates) + offsets[: len(chunk)]).ravel()
        counts[start : start + len(chunk)] = np.bincount(flat, minlength=len(chunk) * size).reshape(
            len(chunk), size
        )
    return counts


def timed(
    space: CodeSpace, breaker: Strategy, secrets: Indices | None = None
) -> tuple[Summary, float, float, list[object]]:
    """Summary, wall and cpu seconds on a fresh engine (its table built inside)."""
    cpu, wall = time.process_time(), time.perf_counter()
    summary, records = simulate(Engine(space), breaker, secrets)
    return summary, time.perf_counter() - wall, time.process_time() - cpu, list(records)


def row(label: str, summary: Summary, wall: float, cpu: float, note: str = "") -> None:
    histogram = " ".join(f"{k}:{summary.histogram[k]}" for k in sorted(summary.histogram))
    print(
        f"| {label:<24} | {summary.total_guesses:>7,} | {summary.mean:.4f} | "
        f"{summary.max_guesses:>3} | {wall:8.3f} | {cpu:8.3f} | {histogram} | {note} |",
        flush=True,
    )


def header(title: str) -> None:
    print(f"\n{title}\n")
    print("| strategy | total | mean | max | wall s | cpu s | histogram | note |")
    print("|---|---:|---:|---:|---:|---:|---|---|")


def compare(space: CodeSpace, name: str, secrets: Indices | None, label: str) -> None:
    new, wall, cpu, games = timed(space, make_strategy(name), secrets)
    inner = make_strategy(name)
    assert isinstance(inner, ScoredStrategy)
    old, old_wall, old_cpu, old_games = timed(space, Baseline(inner), secrets)
    assert games == old_games, f"{name}: the baseline plays other games"
    row(f"{name} (baseline)", old, old_wall, old_cpu, label)
    row(
        name,
        new,
        wall,
        cpu,
        f"{label}; same games; ×{old_wall / wall:.1f} wall, ×{old_cpu / cpu:.1f} cpu",
    )


def whole_command(preset: str = "classic", strategy: str = "knuth") -> None:
    """The command as a person runs it, timed as a whole process: cpu is user + system
    time, peak memory the largest resident set of any command run so far."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    command = f"turing mastermind simulate --preset {preset} --strategy {strategy} --all --json"
    output = subprocess.run(command.split(), capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = after.ru_maxrss / 1024
    print(f"\n`{command}`: {wall:.3f} s wall, {cpu:.3f} s cpu (user + system, whole process)")
    print(f"  peak memory of a command so far {peak:,.0f} MiB; {output.strip()[:300]}", flush=True)


def play_guesses(space: CodeSpace, names: list[str], games: int) -> None:
    """The computer codebreaker as ``turing mastermind play`` runs it: a fresh engine per
    game (the feedback table is shared by the process), the candidates worked out from
    the rows, then the strategy's choice; the slowest guesses are shown."""
    print(f"\nComputer codebreaker, {games} games each on {space.describe()}: slowest guesses\n")
    print("| strategy | guesses | slowest cpu s (row) | slowest wall s | mean cpu s |")
    print("|---|---:|---|---:|---:|")
    rng = np.random.default_rng(3)
    shared_table(space)  # built once per process, as in a match
    for name in names:
        times: list[tuple[float, float, int]] = []
        for _ in range(games):
            engine, breaker = Engine(space), make_strategy(name)
            secret = int(rng.integers(len(space)))
            history: History = ()
            while True:
                cpu, wall = time.process_time(), time.perf_counter()
                guess = breaker.choose(engine, history, engine.consistent(history))
                times.append((time.process_time() - cpu, time.perf_counter() - wall, len(history)))
                key = engine.table.key(guess, secret)
                history = (*history, (guess, key))
                if key == engine.win_key:
                    break
        slowest = sorted(times, reverse=True)[:3]
        cpus = ", ".join(f"{c:.3f} ({r + 1})" for c, _, r in slowest)
        mean = sum(c for c, _, _ in times) / len(times)
        print(f"| {name} | {len(times)} | {cpus} | {slowest[0][1]:.3f} | {mean:.3f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logik", action="store_true", help="also simulate Logik 5×8")
    parser.add_argument("--only", nargs="*", help="strategies to run (default: all)")
    parser.add_argument("--width", type=int, default=3, help="width of the expected search")
    parser.add_argument("--baseline-sample", type=int, default=200, help="5×8 baseline sample")
    args = parser.parse_args()
    names = args.only or [*SCORED, "optimal", "expected", "random-consistent"]

    classic = CodeSpace(4, 6)
    header("Classic 4×6, all 1,296 secrets")
    for name in names:
        if name in SCORED:
            compare(classic, name, None, PUBLISHED[name])
            continue
        breaker = ExpectedCase(width=args.width) if name == "expected" else make_strategy(name)
        summary, wall, cpu, _ = timed(classic, breaker)
        label = f"expected (width {args.width})" if name == "expected" else name
        row(label, summary, wall, cpu, PUBLISHED.get(name, ""))
    whole_command()

    if args.logik:
        logik = CodeSpace(5, 8)
        sample = sample_secrets(len(logik), args.baseline_sample, seed=1)
        header(f"Logik 5×8, a sample of {len(sample):,} secrets against the baseline")
        for name in names:
            if name in SCORED:
                compare(logik, name, sample, f"sample of {len(sample)}")
        header("Logik 5×8, all 32,768 secrets")
        for name in names:
            if name in SCORED:
                summary, wall, cpu, _ = timed(logik, make_strategy(name))
                peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
                row(name, summary, wall, cpu, f"peak memory so far {peak:,.0f} MiB")
        play_guesses(logik, [n for n in names if n in SCORED], games=4)
        for name in names:
            if name in SCORED:
                whole_command("logik", name)


if __name__ == "__main__":
    main()
