"""Puzzle codes: every puzzle round-trips, codes are short, typos and swaps are refused,
and nothing in a code stands for a criterion."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.cli import ROOT
from turing.core import sharecode
from turing.core.cards import CardSet, load_cardset, parse_cardset
from turing.core.errors import TuringError
from turing.core.puzzle import Puzzle, iter_puzzle_file, puzzle_cardset
from turing.core.sharecode import (
    ALPHABET,
    VERSIONS,
    ShareCodeError,
    decode,
    encode,
    fingerprint,
    layout,
    read_code,
)
from turing.core.solver import validity
from turing.generation.generator import generate_one

CLASSIC = load_cardset("classic")
PRIMES = load_cardset("examples/primes")
SETS = {"classic": CLASSIC, "examples/primes": PRIMES}


def shipped() -> list[tuple[str, Puzzle, CardSet]]:
    out = []
    for path in sorted((ROOT / "puzzles").rglob("*.yaml")):
        for loaded in iter_puzzle_file(path):
            cardset = puzzle_cardset(loaded.puzzle, base=path.parent)
            out.append((f"{path.name}:{loaded.line}", loaded.puzzle, cardset))
    return out


def same_puzzle(a: Puzzle, b: Puzzle) -> bool:
    """Same mode, cards, hidden part and letter order (an extreme pair in either order;
    nightmare's shown cards as a set, the document lists them ascending)."""
    if a.mode != b.mode or a.criteria != b.criteria or a.true_cards != b.true_cards:
        return False
    if a.mode == "extreme":
        return [sorted(g) for g in a.cards] == [sorted(g) for g in b.cards]
    if a.mode == "nightmare":
        return sorted(a.shown_cards) == sorted(b.shown_cards)
    return a.cards == b.cards


def roundtrip(puzzle: Puzzle, cardset: CardSet) -> str:
    code = encode(puzzle, cardset)
    shared = read_code(code)
    assert same_puzzle(shared.puzzle, puzzle), (puzzle, shared.puzzle)
    assert fingerprint(shared.cardset) == fingerprint(cardset)
    assert shared.puzzle.id is None and shared.puzzle.solution is None
    assert not shared.puzzle.extra
    return code


# -- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize(("where", "puzzle", "cardset"), shipped(), ids=lambda x: str(x)[:40])
def test_every_shipped_puzzle_roundtrips(where: str, puzzle: Puzzle, cardset: CardSet) -> None:
    code = roundtrip(puzzle, cardset)
    back = decode(code)
    assert back.cards == puzzle.cards or puzzle.mode == "extreme"
    # The same card set, named as a shipped set (a path to a shipped file becomes its name).
    assert (back.cardset or "classic") in SETS
    # The decoded puzzle has the same solution.
    assert validity(back, cardset).solutions == validity(puzzle, cardset).solutions


def test_shipped_puzzles_cover_every_mode_and_both_card_sets() -> None:
    found = {(p.mode, cs.name) for _, p, cs in shipped()}
    assert {"classic", "extreme", "nightmare"} <= {mode for mode, _ in found}
    assert ("classic", "primes") in found


@pytest.mark.parametrize("mode", ["classic", "extreme", "nightmare"])
@pytest.mark.parametrize("verifiers", [4, 5, 6])
def test_generated_puzzles_roundtrip(mode: str, verifiers: int) -> None:
    for seed in range(6):
        puzzle = generate_one(mode=mode, verifiers=verifiers, seed=seed)
        code = roundtrip(puzzle, CLASSIC)
        assert len(code) <= (18 if mode == "extreme" else 12)


@pytest.mark.parametrize("mode", ["classic", "nightmare"])
def test_generated_puzzles_of_another_card_set_roundtrip(mode: str) -> None:
    # (extreme puzzles of a ten-card set are slow to generate; the property test below
    # draws them from the whole counted space instead)
    for verifiers in (4, 5, 6):
        for seed in range(2):
            puzzle = generate_one(
                mode=mode, verifiers=verifiers, seed=seed, cardset="examples/primes"
            )
            roundtrip(puzzle, PRIMES)
            assert decode(encode(puzzle, PRIMES)).cardset == "examples/primes"


@st.composite
def any_puzzle(draw: st.DrawFn) -> tuple[Puzzle, CardSet]:
    cardset = draw(st.sampled_from([CLASSIC, PRIMES]))
    mode = draw(st.sampled_from(["classic", "nightmare", "extreme"]))
    top = 5 if (mode == "extreme" and cardset is PRIMES) else 6
    n = draw(st.integers(1, top))
    per = 2 if mode == "extreme" else 1
    cards = draw(st.permutations(sorted(cardset.cards)))[: n * per]
    real = tuple(cards[:n])
    criteria = tuple(draw(st.integers(1, len(cardset.card(c).criteria))) for c in real)
    if mode == "extreme":
        flips = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        groups = tuple(
            (r, d) if f else (d, r) for r, d, f in zip(real, cards[n:], flips, strict=True)
        )
        return Puzzle(groups, "extreme", criteria, real), cardset
    if mode == "nightmare":
        return Puzzle(tuple((c,) for c in sorted(real)), "nightmare", criteria, real), cardset
    return Puzzle(tuple((c,) for c in real), "classic", criteria), cardset


@settings(max_examples=200, deadline=None)
@given(any_puzzle())
def test_any_puzzle_roundtrips(drawn: tuple[Puzzle, CardSet]) -> None:
    puzzle, cardset = drawn
    roundtrip(puzzle, cardset)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_every_code_of_the_space_reads_back_to_itself(data: st.DataObject) -> None:
    plan = layout()
    length = data.draw(st.sampled_from(sorted(plan.spaces)))
    index = data.draw(st.integers(0, plan.spaces[length] - 1))
    code = sharecode.write_index("1", length, index)
    shared = read_code(code)
    assert encode(shared.puzzle, shared.cardset) == code


def test_author_id_solution_and_unknown_keys_are_not_encoded() -> None:
    plain = Puzzle(((4,), (9,), (11,), (14,)), criteria=(2, 1, 1, 3))
    dressed = replace(plain, id="01", solution="241", extra={"difficulty": "easy"})
    assert encode(plain, CLASSIC) == encode(dressed, CLASSIC)


def test_letter_order_is_kept() -> None:
    a = Puzzle(((4,), (9,), (11,), (14,)), criteria=(2, 1, 1, 3))
    b = Puzzle(((9,), (4,), (11,), (14,)), criteria=(1, 2, 1, 3))
    assert encode(a, CLASSIC) != encode(b, CLASSIC)
    assert decode(encode(b, CLASSIC)).cards == b.cards


def test_a_path_to_a_shipped_card_set_is_shared_by_its_name() -> None:
    by_path = load_cardset(ROOT / "cards" / "examples" / "primes.yaml")
    puzzle = Puzzle(((3,), (4,), (6,), (7,)), criteria=(1, 1, 3, 1))
    assert encode(puzzle, by_path) == encode(puzzle, PRIMES)


# -- lengths -------------------------------------------------------------------------------


def test_lengths_over_the_whole_counted_space() -> None:
    """Every code of a block has one length; the block sizes are exact counts."""
    rows = list(sharecode.code_lengths())
    assert len(rows) == 3 * 6 + 3 * 6 - 1  # primes has too few cards for 6 extreme pairs
    for name, mode, n, size, length in rows:
        assert length <= (18 if mode == "extreme" else 12), (name, mode, n, length)
        assert size > 0
    worst = {mode: max(r[4] for r in rows if r[1] == mode) for mode in sharecode.MODE_ORDER}
    assert worst == {"classic": 11, "nightmare": 12, "extreme": 18}


def test_block_sizes_are_exact_counts() -> None:
    """Brute force: the puzzles of a small block, counted one by one."""
    from itertools import permutations

    small = [c for c in sorted(PRIMES.cards)]
    count = 0
    for cards in permutations(small, 2):
        ks = [len(PRIMES.card(c).criteria) for c in cards]
        count += ks[0] * ks[1]
    plan = layout()
    edition = [e.name for e in VERSIONS["1"]].index("examples/primes")
    block = plan.block(edition, "classic", 2)
    assert block is not None and block.size == count
    extreme = plan.block(edition, "extreme", 2)
    assert extreme is not None and extreme.size == count * 8 * 7


def test_first_and_last_puzzle_of_every_block() -> None:
    plan = layout()
    for block in plan.blocks:
        for rank in (0, block.size - 1):
            code = sharecode.write_index("1", block.length, block.offset + rank)
            assert len(code) == block.length + 2
            shared = read_code(code)
            assert shared.puzzle.mode == block.mode
            assert shared.puzzle.verifiers == block.verifiers
            assert encode(shared.puzzle, shared.cardset) == code


# -- scrambling -----------------------------------------------------------------------------


@pytest.mark.parametrize("length", [1, 2])
def test_scrambling_is_a_bijection_of_each_small_space(length: int) -> None:
    size = layout().spaces[length]
    images = [sharecode.scramble("1", length, i) for i in range(size)]
    assert sorted(images) == list(range(size))
    assert all(sharecode.unscramble("1", length, v) == i for i, v in enumerate(images))
    # and it really moves things around
    assert sum(v == i for i, v in enumerate(images)) < size // 10


def test_neighbouring_puzzles_get_unrelated_codes() -> None:
    """Puzzles that differ in one criterion, or consecutive ranks: codes share no more
    characters than chance, and no payload character is fixed by the cards."""
    base = Puzzle(((4,), (9,), (11,), (14,)), criteria=(1, 1, 1, 1))
    codes = []
    for a in range(1, 4):
        for b in range(1, 4):
            for c in range(1, 4):
                codes.append(encode(replace(base, criteria=(2, a, b, c)), CLASSIC))
    payload = [code[1:-1] for code in codes]
    for position in range(len(payload[0])):
        assert len({p[position] for p in payload}) > 5
    length = 7
    size = layout().spaces[length]
    start = size // 3
    run = [sharecode.write_index("1", length, i)[1:-1] for i in range(start, start + 400)]
    same = sum(
        x == y
        for first, second in itertools.pairwise(run)
        for x, y in zip(first, second, strict=True)
    )
    assert same / (len(run) - 1) < 1.0  # chance alone gives about 7/32 per pair


# -- the check character ----------------------------------------------------------------------


def sample_codes() -> list[str]:
    codes = [encode(p, cs) for _, p, cs in shipped()]
    rng = random.Random(5)
    plan = layout()
    for length, size in plan.spaces.items():
        for _ in range(4):
            codes.append(sharecode.write_index("1", length, rng.randrange(size)))
    return sorted(set(codes))


def refused(text: str) -> bool:
    try:
        decode(text)
    except ShareCodeError as exc:
        assert str(exc).startswith("not a puzzle code: ")
        return True
    return False


def test_every_single_typo_is_refused() -> None:
    tried = 0
    for code in sample_codes():
        for i, ch in enumerate(code):
            for other in ALPHABET:
                if other != ch:
                    tried += 1
                    assert refused(code[:i] + other + code[i + 1 :]), (code, i, other)
    assert tried > 10_000


def test_every_swap_of_two_characters_is_refused() -> None:
    for code in sample_codes():
        for i in range(len(code)):
            for j in range(i + 1, len(code)):
                if code[i] != code[j]:
                    swapped = list(code)
                    swapped[i], swapped[j] = swapped[j], swapped[i]
                    assert refused("".join(swapped)), (code, i, j)


def test_check_character_detects_every_substitution_and_swap_exhaustively() -> None:
    """The algebra, over every position of the longest code and every pair of symbols."""
    length = 18
    rng = random.Random(1)
    for _ in range(40):
        values = [rng.randrange(32) for _ in range(length - 1)]
        full = [*values, sharecode.check_value(values)]
        assert sharecode._syndrome(full) == 0
        for i in range(length):
            for d in range(32):
                if d != full[i]:
                    assert sharecode._syndrome([*full[:i], d, *full[i + 1 :]]) != 0
            if i + 1 < length and full[i] != full[i + 1]:
                swapped = [*full]
                swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                assert sharecode._syndrome(swapped) != 0


# -- how people type codes ----------------------------------------------------------------------


def test_codes_read_as_people_type_them() -> None:
    puzzle = Puzzle(((4,), (9,), (11,), (14,)), criteria=(2, 1, 1, 3))
    code = encode(puzzle, CLASSIC)
    grouped = "-".join(code[i : i + 3] for i in range(0, len(code), 3))
    variants = [code.lower(), grouped, " ".join(code), f"  {code}\n"]
    variants.append(code.replace("0", "O").replace("1", "l"))
    variants.append(code.replace("1", "I").lower())
    for text in variants:
        assert decode(text) == decode(code), text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "it is empty"),
        (" - ", "it is empty"),
        ("1RY1GBCTU", "'U' is not a code character"),
        ("1RY1GB*TQ", "'*' is not a code character"),
        ("1R", "too short"),
        ("1" * 40, "too long"),
    ],
)
def test_bad_codes_say_why(text: str, why: str) -> None:
    with pytest.raises(ShareCodeError, match=r"^not a puzzle code: ") as info:
        decode(text)
    assert why in str(info.value)
    assert isinstance(info.value, TuringError)


def test_a_typo_names_the_check_character() -> None:
    code = encode(Puzzle(((4,), (9,), (11,), (14,)), criteria=(2, 1, 1, 3)), CLASSIC)
    typo = code[:-1] + ("0" if code[-1] != "0" else "1")
    with pytest.raises(ShareCodeError, match="fails its check character"):
        decode(typo)


def with_check(body: str) -> str:
    return body + ALPHABET[sharecode.check_value([ALPHABET.index(c) for c in body])]


def test_unknown_version_is_refused() -> None:
    with pytest.raises(ShareCodeError, match="version '7' is unknown"):
        decode(with_check("7RY1GBCT"))


def test_length_and_range_outside_the_space_are_refused() -> None:
    with pytest.raises(ShareCodeError, match="no code has 16 characters"):
        decode(with_check("1" + "0" * 14))
    plan = layout()
    length = 10  # nightmare with six verifiers, spread over the space
    assert 32**length // plan.spaces[length] > 1
    with pytest.raises(ShareCodeError, match="names no puzzle"):
        decode(with_check("1" + "0" * (length - 1) + "1"))
    with pytest.raises(ShareCodeError, match="names no puzzle"):
        decode(with_check("1" + "Z" * 16))


# -- what a code cannot hold ----------------------------------------------------------------------


def test_a_custom_card_set_cannot_be_shared() -> None:
    text = (ROOT / "cards" / "examples" / "primes.yaml").read_text(encoding="utf-8")
    custom, errors = parse_cardset(
        text.replace("b == 2 or b == 3 or b == 5", "b == 2 or b == 3"), "mine.yaml"
    )
    assert custom is not None and not errors
    puzzle = Puzzle(((1,), (4,), (6,), (7,)), criteria=(1, 1, 3, 1))
    with pytest.raises(ShareCodeError, match=r"cannot make a puzzle code: .*differs from"):
        encode(puzzle, custom)
    renamed = replace(custom, name="garden")
    with pytest.raises(ShareCodeError, match="'garden' is not a shipped card set"):
        encode(puzzle, renamed)


def test_a_puzzle_without_its_hidden_part_cannot_be_shared() -> None:
    with pytest.raises(ShareCodeError, match="no hidden criteria"):
        encode(Puzzle(((4,), (9,), (11,), (14,))), CLASSIC)
    with pytest.raises(ShareCodeError, match="no hidden criteria and real cards"):
        encode(Puzzle(((4, 21), (9, 30)), mode="extreme"), CLASSIC)


def test_a_broken_puzzle_cannot_be_shared() -> None:
    with pytest.raises(ShareCodeError, match="card 49 is not in card set"):
        encode(Puzzle(((4,), (49,)), criteria=(1, 1)), CLASSIC)
    with pytest.raises(ShareCodeError, match="has no criterion 7"):
        encode(Puzzle(((4,), (9,)), criteria=(1, 7)), CLASSIC)
    with pytest.raises(ShareCodeError, match="appears twice"):
        encode(Puzzle(((4,), (4,)), criteria=(1, 1)), CLASSIC)


# -- editions -------------------------------------------------------------------------------------


def test_the_versions_name_the_shipped_editions() -> None:
    """If this fails, a card set changed: codes of the old edition would read wrong.
    Give the new edition a new version symbol (docs/share-codes.md) instead."""
    for version, editions in VERSIONS.items():
        assert version in ALPHABET and version != "0"
        for edition in editions:
            assert fingerprint(load_cardset(edition.name)) == edition.fingerprint, edition
    assert sharecode.CURRENT_VERSION in VERSIONS


def test_rewording_a_card_keeps_its_fingerprint() -> None:
    text = (ROOT / "cards" / "examples" / "primes.yaml").read_text(encoding="utf-8")
    reworded, errors = parse_cardset(text.replace("prime or not", "prime?"), "x.yaml")
    assert reworded is not None and not errors
    assert fingerprint(reworded) == fingerprint(PRIMES)
