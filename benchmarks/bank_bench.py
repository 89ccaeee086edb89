"""The compact catalogue bank beside the document bank, and drawing from a catalogue.

    python benchmarks/bank_bench.py                  # the 4-verifier catalogue (1,033,950)
    python benchmarks/bank_bench.py --full           # the 5-verifier catalogue (6,814,112)
    python benchmarks/bank_bench.py --sample-bank cat6.db --sample-verifiers 6
                                                     # draw from a stored 6-verifier catalogue

Part 1 stores a whole catalogue the way ``turing catalogue --bank DB --jobs 2`` does (card
units computed by two worker processes, rows with their metrics written by this process)
and, in the same run, the document bank of schema 2 on the first ``--old-limit`` puzzles
of the same catalogue (each puzzle built, measured and written as a JSON document with its
two unique indexes, as the catalogue command stored it before). It prints bytes per puzzle
on disk and puzzles per second over the first and the last tenth of each run, so a rate
that does not hold to the end shows.

Part 2 draws puzzles from the stored catalogue (``generate --from-bank``) beside the
constructive generator (``generate``) making the same kind of puzzle, and prints the
ratio. Rates are per wall-clock second and per CPU second (this process and its workers):
on a shared machine the wall time also measures the neighbours.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

from testsupport.bench import cpu_seconds, timing
from turing.generation.bank import Bank, RunRecord
from turing.generation.generator import Spec, iter_catalogue, iter_catalogue_rows, run
from turing.generation.sample import CatalogueSampler


def db_bytes(path: Path) -> int:
    with Bank(path) as b:
        b.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def slices(marks: list[tuple[float, int]]) -> tuple[float, float]:
    """Puzzles per second over the first and the last tenth of the puzzles stored."""
    total = marks[-1][1]

    def rate(lo: float, hi: float) -> float:
        inside = [m for m in marks if lo * total <= m[1] <= hi * total]
        before = [m for m in marks if m[1] < lo * total]
        start = before[-1] if before else (0.0, 0)
        end = inside[-1] if inside else marks[-1]
        spent = end[0] - start[0]
        return (end[1] - start[1]) / spent if spent > 0 else float("nan")

    return rate(0.0, 0.1), rate(0.9, 1.0)


def store_compact(db: Path, verifiers: int, jobs: int) -> dict[str, float]:
    """The catalogue into the compact table, committed block by block."""
    marks: list[tuple[float, int]] = []
    wall, cpu = time.perf_counter(), cpu_seconds()
    with Bank(db) as bank:
        from turing.core.cards import load_cardset

        ident = bank.catalogue_cardset(load_cardset("classic"), "classic")
        record = RunRecord(f"catalogue|classic|{verifiers}|by-cards", "catalogue", {})
        found = 0
        block = {4: 4}.get(verifiers, 1)
        for done, count, rows in iter_catalogue_rows("classic", verifiers, jobs=jobs, block=block):
            first = found
            found += count
            record.next_index, record.kept = done, found
            bank.add_catalogue(ident, rows, run=record, first=first, verifiers=verifiers)
            marks.append((time.perf_counter() - wall, found))
    return _figures(db, marks, time.perf_counter() - wall, cpu_seconds() - cpu)


def store_documents(db: Path, verifiers: int, jobs: int, limit: int) -> dict[str, float]:
    """The first ``limit`` puzzles of the catalogue as schema-2 documents."""
    marks: list[tuple[float, int]] = []
    wall, cpu = time.perf_counter(), cpu_seconds()
    with Bank(db) as bank:
        record = RunRecord(f"catalogue|classic|{verifiers}", "catalogue", {})
        found = 0
        blocks = iter_catalogue("classic", verifiers, jobs=jobs, block={4: 64}.get(verifiers, 4))
        assert isinstance(blocks, Generator)
        try:
            for done, count, puzzles in blocks:
                found += count
                record.next_index, record.kept = done, found
                bank.add(puzzles, source=record.signature, run=record)
                marks.append((time.perf_counter() - wall, found))
                if found >= limit:
                    break
        finally:
            blocks.close()
    return _figures(db, marks, time.perf_counter() - wall, cpu_seconds() - cpu)


def _figures(db: Path, marks: list[tuple[float, int]], wall: float, cpu: float) -> dict[str, float]:
    stored = marks[-1][1]
    first, last = slices(marks)
    return {
        "puzzles": stored,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "bytes_per_puzzle": round(db_bytes(db) / stored, 1),
        "per_wall_s": round(stored / wall),
        "per_cpu_s": round(stored / cpu),
        "first_tenth_per_s": round(first),
        "last_tenth_per_s": round(last),
    }


def rate(make: Callable[[], Iterator[object]], count: int) -> dict[str, float]:
    made = 0

    def work() -> None:
        nonlocal made
        for _ in make():
            made += 1

    spent = timing(work)
    return {
        "made": made,
        "wall_s": round(spent.wall, 2),
        "cpu_s": round(spent.cpu, 2),
        "per_wall_s": round(made / spent.wall),
        "per_cpu_s": round(made / spent.cpu),
    }


def sample(db: Path, verifiers: int, count: int, baseline_count: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    with Bank(db, create=False) as bank:
        for mode in ("classic", "nightmare", "extreme"):
            n = count if mode != "extreme" else max(count // 20, 50)
            sampler = CatalogueSampler(
                bank, mode=mode, verifiers=verifiers, difficulty="hard", seed=1
            )

            def drawn_docs(s: CatalogueSampler = sampler, k: int = n) -> Iterator[object]:
                return (p.to_dict() for p in s.puzzles(k))

            drawn = rate(drawn_docs, n)
            spec = Spec(mode=mode, verifiers=verifiers, difficulty="hard", seed=1)
            k = baseline_count if mode != "extreme" else max(baseline_count // 10, 20)

            def built_docs(s: Spec = spec, k: int = k) -> Iterator[object]:
                return (p.to_dict() for p in run(s, k))

            built = rate(built_docs, k)
            out.append(
                {
                    "mode": mode,
                    "from_bank": drawn,
                    "generate": built,
                    "ratio_cpu": round(drawn["per_cpu_s"] / built["per_cpu_s"], 1),
                }
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="the 5-verifier catalogue")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--old-limit", type=int, default=None, help="puzzles for schema 2")
    parser.add_argument("--sample-bank", type=Path, default=None)
    parser.add_argument("--sample-verifiers", type=int, default=None)
    parser.add_argument("--sample-count", type=int, default=20000)
    parser.add_argument("--no-store", action="store_true", help="only draw (needs --sample-bank)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    verifiers = 5 if args.full else 4
    limit = args.old_limit or (1_000_000 if args.full else 150_000)
    report: dict[str, object] = {"verifiers": verifiers}
    with tempfile.TemporaryDirectory() as tmp:
        new_db = Path(tmp) / "compact.db"
        if not args.no_store:
            report["compact"] = store_compact(new_db, verifiers, args.jobs)
            report["documents"] = store_documents(Path(tmp) / "v2.db", verifiers, args.jobs, limit)
        bank = args.sample_bank or new_db
        sv = args.sample_verifiers or verifiers
        report["sample"] = sample(bank, sv, args.sample_count, 2000)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    if "compact" in report:
        c, d = report["compact"], report["documents"]
        assert isinstance(c, dict) and isinstance(d, dict)
        print(f"storing the {verifiers}-verifier catalogue, --jobs {args.jobs}")
        print(f"{'':28}{'compact (schema 3)':>22}{'documents (schema 2)':>24}")
        for key, label in (
            ("puzzles", "puzzles stored"),
            ("bytes_per_puzzle", "bytes per puzzle"),
            ("wall_s", "wall seconds"),
            ("cpu_s", "CPU seconds"),
            ("per_wall_s", "puzzles / wall s"),
            ("per_cpu_s", "puzzles / CPU s"),
            ("first_tenth_per_s", "first tenth, puzzles / s"),
            ("last_tenth_per_s", "last tenth, puzzles / s"),
        ):
            print(f"{label:<28}{c[key]:>22,}{d[key]:>24,}")
        print(
            f"bytes per puzzle ×{d['bytes_per_puzzle'] / c['bytes_per_puzzle']:.1f} smaller, "
            f"puzzles per CPU second ×{c['per_cpu_s'] / d['per_cpu_s']:.1f}"
        )
    print(f"\ndrawing hard {sv}-verifier puzzles from the catalogue beside generate")
    for row in report["sample"]:  # type: ignore[attr-defined]
        f, g = row["from_bank"], row["generate"]
        print(
            f"{row['mode']:<10} from bank {f['made']:>6} in {f['wall_s']:>6} s wall "
            f"{f['cpu_s']:>6} s CPU: {f['per_wall_s']:>7,}/s wall {f['per_cpu_s']:>7,}/s CPU"
            f" · generate {g['per_wall_s']:>6,}/s wall {g['per_cpu_s']:>6,}/s CPU"
            f" · ×{row['ratio_cpu']} per CPU s"
        )


if __name__ == "__main__":
    main()
