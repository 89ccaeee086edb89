"""Card-set loader and linter: fuzzing, hostile inputs, puzzle-search speed.

    python benchmarks/fuzz_cards.py                      # 10,000 + 10,000 fuzz examples
    python benchmarks/fuzz_cards.py --quick              # 500 + 500, smaller searches
    python benchmarks/fuzz_cards.py --expressions 50000 --documents 20000 --seed 1

1. Fuzzing (testsupport/cards_fuzzing.py): random criterion expressions (3 in 4 valid by
   construction, the rest edited at random) and random card-set files (block YAML, flow
   YAML or JSON; 0–2 injected faults; 1 in 4 edited at random after rendering). Each must
   give either clean located errors or a set whose masks equal the ast-based oracle's.
   Prints how many examples ran and what they produced.
2. Hostile inputs: seconds to refuse each (tag, alias bomb, 50 MB, 10,000-deep nesting,
   100,000-character expression, NUL, not UTF-8), side by side with validating the
   48 published cards (the baseline).
3. Puzzle search: `turing cards stats` counting (numpy pair join) against checking every
   choice of cards and criteria one by one (baseline), on the same card subsets.
"""

from __future__ import annotations

import argparse
import itertools
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from testsupport.bench import best_of
from testsupport.cards_fuzzing import (
    card_texts,
    check_card_text,
    check_expression,
    expressions,
)
from turing.authoring.lint import LintResult, lint_file, puzzle_stats
from turing.core.cards import CardSet, load_cardset
from turing.core.solver import is_valid_masks

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = load_cardset("classic")


def fuzz(count: int, seed: int, strategy: object, check: Callable[..., None]) -> Counter[str]:
    outcomes: Counter[str] = Counter()

    @settings(max_examples=count, deadline=None, database=None, derandomize=False,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(strategy)  # type: ignore[call-overload, untyped-decorator]
    def run(case: tuple[str, bool | None]) -> None:
        check(case[0], case[1], outcomes)

    random.seed(seed)
    run()
    return outcomes


def report_fuzz(name: str, outcomes: Counter[str], seconds: float) -> None:
    total = sum(outcomes.values())
    print(f"{name}: {total:,} examples in {seconds:.1f} s, no failure")
    for key, n in sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {key:>9}  {n:>7,}  {n / total:6.1%}")


def hostile_inputs() -> dict[str, bytes]:
    expr = b"b + " * 25_000 + b"1 > 2"
    return {
        "python tag": b"cards: !!python/object/apply:os.system ['echo owned']\n",
        "alias bomb": b"a: &a [x, x, x, x, x, x, x, x, x]\n"
        + b"".join(f"{k}: &{k} [{', '.join(['*' + p] * 9)}]\n".encode()
                   for p, k in zip("abcdefgh", "bcdefghi", strict=True))
        + b"cards: [*i, *i]\n",
        "50 MB file": b"# " + b"x" * (50 * 1024 * 1024) + b"\n",
        "10,000 [": b"cards: " + b"[" * 10_000 + b"]" * 10_000 + b"\n",
        "10,000 {a:": b"cards: " + b"{a: " * 10_000 + b"1" + b"}" * 10_000 + b"\n",
        "10,000 '- '": b"cards:\n" + b"- " * 10_000 + b"x\n",
        "quoted ] x3000": b"cards: " + b'[ "]", ' * 3000 + b"\n",
        "stray quote": b"text: hello\n  'world\ncards: " + b'[ "]",         ' * 2000 + b"\n",
        "100,000-char expr": b"cards:\n  - number: 1\n    criteria:\n      - \"" + expr
        + b"\"\n      - b > 1\n",
        "NUL bytes": b"cards:\n  - number: 1\x00\x00\n",
        "not UTF-8": b"name: caf\xe9\ncards: []\n",
    }  # fmt: skip


def time_lint(path: Path, repeat: int = 3) -> tuple[float, str]:
    """Best time of linting ``path``, and the first error's code (or "clean")."""
    found: list[LintResult] = []
    best = best_of(lambda: found.append(lint_file(path)), repeat=repeat)
    errors = [f for f in found[-1].findings if f.severity == "error"]
    return best, errors[0].code if errors else "clean"


def brute_count(cardset: CardSet, k: int) -> int:
    total = 0
    for cards in itertools.combinations(list(cardset), k):
        for crits in itertools.product(*(c.criteria for c in cards)):
            total += is_valid_masks([c.mask for c in crits])
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expressions", type=int, default=10_000)
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.expressions = args.documents = 500

    print("== 1. fuzzing ==")
    start = time.perf_counter()
    outcomes = fuzz(args.expressions, args.seed, expressions, check_expression)
    report_fuzz("expressions", outcomes, time.perf_counter() - start)
    start = time.perf_counter()
    outcomes = fuzz(args.documents, args.seed, card_texts, check_card_text)
    report_fuzz("card-set files", outcomes, time.perf_counter() - start)

    print("\n== 2. hostile inputs (best of 3) ==")
    base, _ = time_lint(ROOT / "cards" / "classic.yaml")
    print(f"  {'baseline: cards/classic.yaml':<30} {base * 1000:8.1f} ms  clean")
    with tempfile.TemporaryDirectory() as tmp:
        for name, content in hostile_inputs().items():
            path = Path(tmp) / "hostile.yaml"
            path.write_bytes(content)
            seconds, code = time_lint(path)
            print(f"  {name:<30} {seconds * 1000:8.1f} ms  {code}  "
                  f"({seconds / base:.2f}× the baseline)")  # fmt: skip

    print("\n== 3. puzzle search: pair join vs one-by-one (same subsets) ==")
    sizes = [(12, 4), (16, 4), (12, 5)] if args.quick else [(16, 4), (24, 4), (14, 5)]
    for n, k in sizes:
        subset = CardSet("subset", {c: CLASSIC.card(c) for c in range(1, n + 1)})
        start = time.perf_counter()
        fast = puzzle_stats(subset, k, exhaustive=True).puzzles
        t_fast = time.perf_counter() - start
        start = time.perf_counter()
        slow = brute_count(subset, k)
        t_slow = time.perf_counter() - start
        assert fast == slow, (fast, slow)
        print(f"  cards 1–{n}, {k} verifiers: {int(fast):>9,} puzzles; join {t_fast:6.2f} s, "
              f"one-by-one {t_slow:7.2f} s, {t_slow / t_fast:6.1f}× faster")  # fmt: skip
    for k in (4,) if args.quick else (4, 5, 6):
        start = time.perf_counter()
        stats = puzzle_stats(CLASSIC, k)
        seconds = time.perf_counter() - start
        extra = "" if stats.exact else f" ± {stats.puzzles_error:,.0f}"
        print(f"  classic, {k} verifiers: {stats.method}, {stats.puzzles:,.0f}{extra} "
              f"puzzles in {seconds:.1f} s")  # fmt: skip


if __name__ == "__main__":
    main()
