"""A valid random puzzle by rejection, and an independent checker of game transcripts.

The checker knows only the rules (docs/rules.md), the hidden puzzle and the card masks. It
replays the JSON Lines events and raises :class:`RuleBroken` at anything the rules forbid:
a 4th test in a round, a verifier tested twice in a round, a test after the decisions, a
wrong answer, an eliminated player acting, a decision missing, a wrong winner, a hidden
field in the start event, the verifiers' criteria wrong or missing at the end. Used by the
play tests and the bots benchmark.
"""

from __future__ import annotations

import random
from typing import Any

from turing.core.cards import CardSet, card_digest
from turing.core.codes import Code
from turing.core.puzzle import LETTERS, Puzzle
from turing.core.solver import is_valid_masks


class RuleBroken(AssertionError):
    pass


def sampled_puzzle(rng: random.Random, mode: str, verifiers: int, cardset: CardSet) -> Puzzle:
    """A valid puzzle: random cards and criteria, kept when the solver says it is valid."""
    numbers = sorted(card.number for card in cardset)
    while True:
        real = rng.sample(numbers, verifiers)
        criteria = [rng.randrange(len(cardset.card(c).criteria)) + 1 for c in real]
        masks = [cardset.card(c).criterion(k).mask for c, k in zip(real, criteria, strict=True)]
        if not is_valid_masks(masks):
            continue
        if mode == "extreme":
            decoys = rng.sample([n for n in numbers if n not in real], verifiers)
            groups = tuple(
                (r, d) if rng.random() < 0.5 else (d, r) for r, d in zip(real, decoys, strict=True)
            )
            return Puzzle(cards=groups, mode=mode, criteria=tuple(criteria), real_cards=tuple(real))
        if mode == "nightmare":
            return Puzzle(
                cards=tuple((c,) for c in sorted(real)),
                mode=mode,
                criteria=tuple(criteria),
                real_cards=tuple(real),
            )
        return Puzzle(cards=tuple((c,) for c in real), mode=mode, criteria=tuple(criteria))


def check_transcript(events: list[dict[str, Any]], puzzle: Puzzle, cardset: CardSet) -> None:
    """Raise :class:`RuleBroken` at the first event the rules do not allow."""

    def need(ok: bool, message: str, index: int) -> None:
        if not ok:
            raise RuleBroken(f"event {index}: {message}: {events[index] if events else None}")

    assert puzzle.criteria is not None and puzzle.true_cards is not None
    masks = [
        cardset.card(c).criterion(k).mask
        for c, k in zip(puzzle.true_cards, puzzle.criteria, strict=True)
    ]
    both = (1 << 125) - 1
    for m in masks:
        both &= m
    need(both.bit_count() == 1, "the puzzle has no unique solution", 0)
    solution = str(Code.from_index(both.bit_length() - 1))
    letters = LETTERS[: puzzle.verifiers]

    need(bool(events), "empty transcript", 0)
    start = events[0]
    need(start.get("event") == "start", "first event is not start", 0)
    need(
        set(start) == {"event", "mode", "puzzle", "players", "card_digests"},
        "start has wrong keys",
        0,
    )
    on_table = sorted({n for shown in puzzle.cards for n in shown})
    need(
        start["card_digests"] == {str(n): card_digest(cardset, n) for n in on_table},
        "start's card digests are not those of the cards on the table",
        0,
    )
    need(start["mode"] == puzzle.mode, "start names the wrong mode", 0)
    doc = start["puzzle"]
    need(not {"criteria", "real_cards", "solution"} & set(doc), "start shows hidden fields", 0)
    need(
        set(doc) <= {"id", "mode", "cards", "cardset", "difficulty"},
        "start shows more than the public puzzle (a generator seed, index or analysis figure)",
        0,
    )
    shown = doc["cards"]
    if puzzle.mode == "nightmare":
        need(shown == sorted(shown), "nightmare cards not in ascending order", 0)
    players: list[str] = start["players"]
    need(1 <= len(players) <= 6 and len(set(players)) == len(players), "bad players", 0)

    active = set(players)
    tests = dict.fromkeys(players, 0)
    round_no = 1
    phase = "tests"  # tests → eliminations → (next round's tests | ending) → ended
    tested: dict[str, list[str]] = {p: [] for p in players}
    codes: dict[str, str] = {}
    decided: dict[str, dict[str, Any]] = {}
    wrong: set[str] = set()
    right: list[str] = []
    eliminated_now: set[str] = set()

    def close_round() -> str:
        """After the eliminations: end the game or start the next round."""
        nonlocal active, round_no, tested, codes, decided, wrong, right, eliminated_now
        left = active - eliminated_now
        if right or not left or (len(left) == 1 and len(players) > 1):
            return "ending"
        active = left
        round_no += 1
        tested = {p: [] for p in players}
        codes, decided, wrong, right, eliminated_now = {}, {}, set(), [], set()
        return "tests"

    for i, event in enumerate(events[1:], start=1):
        need(phase != "ended", "an event after the end", i)
        kind = event.get("event")
        need(event.get("round") == round_no, f"round should be {round_no}", i)
        if phase == "ending":
            need(kind == "end", "the game should end here", i)
        if kind == "test":
            need(
                set(event) == {"event", "round", "player", "code", "verifier", "result"},
                "test has wrong keys",
                i,
            )
            p = event["player"]
            need(p in active, "an eliminated or unknown player tests", i)
            need(phase == "tests" and not decided, "a test after the decisions began", i)
            need(event["verifier"] in letters, "no such verifier", i)
            need(event["verifier"] not in tested[p], "a verifier tested twice in a round", i)
            need(len(tested[p]) < 3, "a 4th test in a round", i)
            need(codes.setdefault(p, event["code"]) == event["code"], "two codes in a round", i)
            code = Code.parse(event["code"])
            need(str(code) == event["code"], "code not written as BYP", i)
            truth = bool(masks[letters.index(event["verifier"])] >> code.index & 1)
            need(event["result"] is truth, "the verifier answered wrongly", i)
            tested[p].append(event["verifier"])
            tests[p] += 1
        elif kind in ("solve", "pass"):
            p = event["player"]
            need(phase == "tests", "a decision after the eliminations", i)
            need(p in active, "an eliminated or unknown player decides", i)
            need(p not in decided, "a player decides twice in a round", i)
            if kind == "solve":
                need(
                    set(event) == {"event", "round", "player", "code", "correct"},
                    "solve has wrong keys",
                    i,
                )
                need(event["correct"] is (event["code"] == solution), "solve judged wrongly", i)
            else:
                need(set(event) == {"event", "round", "player"}, "pass has wrong keys", i)
            decided[p] = event
            if set(decided) == active:
                solves = {q: e for q, e in decided.items() if e["event"] == "solve"}
                wrong = {q for q, e in solves.items() if not e["correct"]}
                right = [q for q, e in solves.items() if e["correct"]]
                phase = "eliminations" if wrong else close_round()
        elif kind == "eliminated":
            p = event["player"]
            need(phase == "eliminations", "an elimination before all decided", i)
            need(p in wrong and p not in eliminated_now, "an unearned elimination", i)
            eliminated_now.add(p)
            if eliminated_now == wrong:
                phase = close_round()
        elif kind == "end":
            need(phase == "ending", "the game ended too early", i)
            left = active - eliminated_now
            if right:
                fewest = min(tests[q] for q in right)
                expected = sorted(q for q in right if tests[q] == fewest)
            else:
                expected = sorted(left) if len(players) > 1 else []
            need(sorted(event["winners"]) == expected, f"winners should be {expected}", i)
            need(event["tests"] == tests, "test counts are wrong", i)
            hints = event.get("hints")
            need(
                isinstance(hints, dict)
                and list(hints) == players
                and all(type(n) is int and n >= 0 for n in hints.values()),
                "hints are not counted per player",
                i,
            )
            need(
                isinstance(event.get("id"), str)
                and (puzzle.id is None or event["id"] == puzzle.id),
                "the puzzle's id is wrong",
                i,
            )
            need(event["solution"] == solution, "the solution is wrong", i)
            held = [
                {"verifier": letters[v], "card": card, "criterion": criterion}
                for v, (card, criterion) in enumerate(
                    zip(puzzle.true_cards, puzzle.criteria, strict=True)
                )
            ]
            need(event.get("criteria") == held, "the verifiers' criteria are wrong", i)
            phase = "ended"
        else:
            need(False, "unknown event", i)
    need(phase == "ended", "the transcript has no end", len(events) - 1)
