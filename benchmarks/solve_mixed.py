"""``turing solve --json`` over a mixed set of generated puzzles, as whole processes.

    python benchmarks/solve_mixed.py [--scale 1.0] [--repeat 3] [--seed 100] [--part all]

The set is built by the generator with fixed seeds (``seed``, ``seed+1``, … per group):
classic 500/1,000/1,000 puzzles with 4/5/6 verifiers, extreme and nightmare 1,000 each per
verifier count — 8,500 puzzles at ``--scale 1`` (``--scale 0.2`` takes a fifth of each
group). Each puzzle is written twice as JSONL: with its hidden criteria, and as a player
sees it (cards only).

Timed, each as a fresh process (start-up included), interleaved ``--repeat`` times, median:

* ``turing solve --json`` on the cards-only file: the deduction from the cards alone, for
  the whole set and for each mode's share (target: ≤ 10 s for the whole set);
* ``turing solve --json`` on the hidden-criteria file, beside :data:`PLAIN`, a plain
  script doing the same work (each line parsed, its card set looked up, the masks of the
  hidden criteria joined, the stated solution compared, the same JSON record printed) —
  the two outputs are compared line by line first. Target: within 1.5× of the script.

Wall and CPU seconds (user + system of the child) are printed; on a busy machine CPU is
the steadier figure. The first runs (comparing the outputs) write the bytecode caches and
the card-set parse cache, as any earlier use of an installed package would.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from testsupport.bench import cpu_seconds
from turing.generation.generator import generate

#: (mode, verifiers, puzzles at scale 1)
GROUPS = [
    ("classic", 4, 500),
    ("classic", 5, 1000),
    ("classic", 6, 1000),
    *((mode, v, 1000) for mode in ("extreme", "nightmare") for v in (4, 5, 6)),
]

#: What ``turing solve --json`` does for a puzzle with hidden criteria, as a plain script
#: would do it: the library gives the card set's masks, the rest is written out here.
PLAIN = r"""
import json
import sys

from turing.core.cards import load_cardset
from turing.core.codes import ALL_MASK, CODE_TEXT


def problems_of(codes, stated):
    problems = []
    if not codes:
        problems.append("no code meets all hidden criteria")
    elif len(codes) > 1:
        problems.append(f"{len(codes)} codes meet all hidden criteria, not one")
    if stated is not None and codes and stated not in codes:
        problems.append(f"stated solution {stated} is not the solution ({' or '.join(codes[:5])})")
    elif stated is not None and not codes:
        problems.append(f"stated solution {stated} does not meet every criterion")
    return problems


def main(path):
    sets = {}
    wrong = 0
    write = sys.stdout.write
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            doc = json.loads(line)
            name = doc.get("cardset") or "classic"
            cardset = sets.get(name)
            if cardset is None:
                cardset = sets[name] = load_cardset(name)
            cards = doc["cards"]
            real = doc.get("real_cards") or [c if isinstance(c, int) else c[0] for c in cards]
            acc = ALL_MASK
            for card, position in zip(real, doc["criteria"]):
                acc &= cardset.masks[card][position - 1]
            codes = [CODE_TEXT[i] for i in range(125) if acc >> i & 1]
            problems = problems_of(codes, doc.get("solution"))
            wrong += bool(problems)
            record = {
                "id": doc.get("id"),
                "source": path,
                "line": number,
                "mode": doc.get("mode") or "classic",
                "solution": codes[0] if len(codes) == 1 else None,
                "candidates": codes,
                "assignments": 1,
                "problems": problems,
            }
            write(json.dumps(record, ensure_ascii=False, separators=(", ", ": ")) + "\n")
    return 1 if wrong else 0


sys.exit(main(sys.argv[1]))
"""


def build(folder: Path, scale: float, seed: int) -> dict[str, tuple[Path, Path]]:
    """Write the set: per mode, and for the whole set, a cards-only and a hidden file."""
    texts: dict[str, tuple[list[str], list[str]]] = {}
    for i, (mode, verifiers, count) in enumerate(GROUPS):
        n = max(1, round(count * scale))
        made = generate(n, verifiers=verifiers, mode=mode, seed=seed + i, metrics="none")
        public, hidden = texts.setdefault(mode, ([], []))
        for puzzle in made:
            public.append(json.dumps(puzzle.public().to_dict()))
            hidden.append(json.dumps(puzzle.to_dict()))
    files: dict[str, tuple[Path, Path]] = {}
    every: tuple[list[str], list[str]] = ([], [])
    for mode, (public, hidden) in texts.items():
        every[0].extend(public)
        every[1].extend(hidden)
        files[mode] = _write(folder, mode, public, hidden)
    files["all"] = _write(folder, "all", *every)
    return files


def _write(folder: Path, name: str, public: list[str], hidden: list[str]) -> tuple[Path, Path]:
    cards_only, with_hidden = folder / f"{name}-cards.jsonl", folder / f"{name}-hidden.jsonl"
    cards_only.write_text("\n".join(public) + "\n", encoding="utf-8")
    with_hidden.write_text("\n".join(hidden) + "\n", encoding="utf-8")
    return cards_only, with_hidden


#: The children may write and use bytecode caches, as an installed package does.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run(argv: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one process, and its output."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    done = subprocess.run(argv, capture_output=True, text=True, check=False, env=ENV)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-500:]}")
    return wall, cpu, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="share of each group")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument(
        "--part",
        choices=["all", "cards", "hidden"],
        default="all",
        help="time the cards-only runs, the hidden-criteria runs, or both",
    )
    args = parser.parse_args()
    turing = [sys.executable, "-m", "turing", "solve", "--json"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        started = time.perf_counter()
        files = build(folder, args.scale, args.seed)
        count = sum(1 for _ in files["all"][0].open())
        print(
            f"{count:,} puzzles generated in {time.perf_counter() - started:.1f} s "
            f"(seed {args.seed}, scale {args.scale}); Python {sys.version.split()[0]}, "
            f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        script = folder / "plain_solve.py"
        script.write_text(PLAIN, encoding="utf-8")
        runs: dict[str, list[str]] = {}
        if args.part in ("all", "cards"):
            for mode in ("all", "classic", "extreme", "nightmare"):
                runs[f"cards only, {mode}"] = [*turing, str(files[mode][0])]
        hidden = str(files["all"][1])
        ours_argv = [*turing, hidden]
        plain_argv = [sys.executable, str(script), hidden]
        if args.part in ("all", "hidden"):
            runs["hidden criteria: turing solve --json"] = ours_argv
            runs["hidden criteria: plain script"] = plain_argv

        ours = run(ours_argv)[2].splitlines()
        theirs = run(plain_argv)[2].splitlines()
        assert len(ours) == count, (len(ours), count)
        differ = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a != b]
        assert not differ, f"outputs differ first at line {differ[0] + 1}"

        walls: dict[str, list[float]] = {label: [] for label in runs}
        cpus: dict[str, list[float]] = {label: [] for label in runs}
        for _ in range(max(1, args.repeat)):
            for label, argv in runs.items():
                wall, cpu, _out = run(argv)
                walls[label].append(wall)
                cpus[label].append(cpu)
        print(f"median of {args.repeat} interleaved runs, each a fresh process")
        print(f"  {'':<40} {'wall s':>8} {'CPU s':>8}")
        for label in runs:
            wall, cpu = statistics.median(walls[label]), statistics.median(cpus[label])
            print(f"  {label:<40} {wall:8.2f} {cpu:8.2f}")
        if args.part in ("all", "cards"):
            cards_summary(walls, cpus, count)
        if args.part in ("all", "hidden"):
            hidden_summary(walls, cpus)


def cards_summary(walls: dict[str, list[float]], cpus: dict[str, list[float]], count: int) -> None:
    """The cards-only runs against the target: 10 s for the 8,500 puzzles (scaled)."""
    whole_wall = statistics.median(walls["cards only, all"])
    whole_cpu = statistics.median(cpus["cards only, all"])
    budget = 10.0 * count / 8500
    verdict = "met" if whole_cpu <= budget else "NOT met"
    print(
        f"  cards only, whole set: {whole_wall:.2f} s wall, {whole_cpu:.2f} s CPU; "
        f"target ≤ {budget:.1f} s: {verdict} (CPU)"
    )


def hidden_summary(walls: dict[str, list[float]], cpus: dict[str, list[float]]) -> None:
    """The hidden-criteria runs against the target: within 1.5× of the plain script."""
    ours_cpu = statistics.median(cpus["hidden criteria: turing solve --json"])
    plain_cpu = statistics.median(cpus["hidden criteria: plain script"])
    ours_wall = statistics.median(walls["hidden criteria: turing solve --json"])
    plain_wall = statistics.median(walls["hidden criteria: plain script"])
    ratio = ours_cpu / plain_cpu
    print(
        f"  hidden criteria: turing ×{ratio:.2f} the plain script's CPU seconds "
        f"(wall ×{ours_wall / plain_wall:.2f}); target ≤ ×1.5: "
        f"{'met' if ratio <= 1.5 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
