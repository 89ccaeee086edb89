"""The compact catalogue: packed keys, metrics from the same walk, the version-3 migration
of a version-2 bank, and the bank's commands on catalogue puzzles."""

from __future__ import annotations

import base64
import json
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from testsupport.cli import ROOT
from turing.cli.main import main
from turing.core.cards import load_cardset
from turing.core.puzzle import puzzle_from_dict
from turing.generation.bank import SCHEMA_VERSION, Bank, BankError, Query
from turing.generation.generator import catalogue_rows, iter_catalogue
from turing.generation.metrics import measure
from turing.generation.packing import PackingError, layout_for, pack, unpack
from turing.generation.sample import CatalogueSampler, SampleState

CLASSIC = ROOT / "cards" / "classic.yaml"
V2_BANK = Path(__file__).parent / "data" / "bank-v2.db"
LAYOUT = layout_for(load_cardset("classic"))


@pytest.fixture(scope="module")
def small_set(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The first 16 classic cards as a card set of their own."""
    text = CLASSIC.read_text()
    text = text[: text.index("  - number: 17")].replace("name: classic", "name: first16", 1)
    path = tmp_path_factory.mktemp("cards") / "first16.yaml"
    path.write_text(text)
    return str(path)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@st.composite
def packed_puzzles(draw: st.DrawFn) -> tuple[str, list[int], list[int], list[int] | None]:
    v = draw(st.integers(1, 6))
    cards = sorted(
        draw(st.lists(st.sampled_from(LAYOUT.numbers), min_size=v, max_size=v, unique=True))
    )
    positions = [draw(st.integers(1, LAYOUT.base)) for _ in cards]
    mode = draw(st.sampled_from(["classic", "nightmare"]))
    dealing = draw(st.permutations(range(v))) if mode == "nightmare" else None
    return mode, cards, positions, dealing


@settings(max_examples=300, deadline=None)
@given(packed_puzzles())
def test_keys_unpack_to_what_was_packed(
    case: tuple[str, list[int], list[int], list[int] | None],
) -> None:
    mode, cards, positions, dealing = case
    key = pack(LAYOUT, mode, cards, positions, dealing)
    assert 0 <= key < 2**63  # an SQLite integer
    back = unpack(LAYOUT, key)
    assert back.mode == mode and list(back.cards) == cards and list(back.positions) == positions
    assert list(back.dealing) == (dealing if dealing is not None else list(range(len(cards))))


@settings(max_examples=200, deadline=None)
@given(packed_puzzles(), packed_puzzles())
def test_keys_sort_as_the_card_tuples_do(
    a: tuple[str, list[int], list[int], list[int] | None],
    b: tuple[str, list[int], list[int], list[int] | None],
) -> None:
    ka, kb = (pack(LAYOUT, "classic", c[1], c[2]) for c in (a, b))
    if len(a[1]) == len(b[1]) and a[1] != b[1]:
        assert (ka < kb) == (a[1] < b[1])
    if len(a[1]) < len(b[1]):
        assert ka < kb  # verifier counts are key ranges


def test_bad_keys_are_refused() -> None:
    with pytest.raises(PackingError, match="ascending"):
        pack(LAYOUT, "classic", [9, 4], [1, 1])
    with pytest.raises(PackingError, match="not in the card set"):
        pack(LAYOUT, "classic", [4, 99], [1, 1])
    with pytest.raises(PackingError, match="outside"):
        pack(LAYOUT, "classic", [4, 9], [1, 10])
    with pytest.raises(PackingError, match="too large"):
        pack(LAYOUT, "nightmare", list(LAYOUT.numbers[-7:]), [1] * 7, list(range(7)))


def test_catalogue_rows_are_the_catalogue_with_its_metrics(small_set: str, tmp_path: Path) -> None:
    """The rows rebuild exactly the documents the puzzle-by-puzzle catalogue writes, and
    the metrics found in the walk equal measure() on each puzzle."""
    cs = load_cardset(small_set)
    old = {
        p.canonical_key(): p.to_dict(hidden=True)
        for _, _, ps in iter_catalogue(small_set, 4, block=64)
        for p in ps
    }
    with Bank(tmp_path / "c.db") as b:
        ident = b.catalogue_cardset(cs, small_set)
        total = 0
        for unit in range(0, 400, 50):
            count, rows = catalogue_rows(small_set, 4, unit, unit + 50)
            total += count
            b.add_catalogue(ident, rows, first=total - count, verifiers=4)
        new = {p.canonical_key(): p for p in b.query()}
        assert total == len(old) == len(new) == b.count()
        for key, puzzle in new.items():
            assert puzzle.to_dict(hidden=True) == old[key]
        for puzzle in list(new.values())[::97]:
            found = measure(puzzle, cs).as_dict()
            assert {k: puzzle.extra[k] for k in found} == found
        keys = [row[0] for row in b.conn.execute("SELECT key FROM catalogue")]
        assert keys == sorted(keys)


def test_a_stored_catalogue_has_the_verifiers_of_a_puzzle_of_the_game(tmp_path: Path) -> None:
    # `turing check` fails a puzzle of 2 or 3 verifiers: such a catalogue is only counted
    db = tmp_path / "c.db"
    for few in ("2", "3"):
        code, out = run("catalogue", "--verifiers", few, "--bank", str(db), "-q")
        assert code == 2 and out.startswith("error: invalid value for '--verifiers': "), out
        assert (
            f"4 to 6 verifiers, not {few}" in out and "--count-only" in out and out.count("\n") == 1
        )
        assert not db.exists()
    code, out = run("catalogue", "--verifiers", "3", "--count-only", "--json", "-q")
    assert code == 0 and json.loads(out)["puzzles"] == 48_134


def test_a_catalogue_takes_under_64_bytes_a_puzzle(small_set: str, tmp_path: Path) -> None:
    db = tmp_path / "c4.db"
    code, out = run(
        "catalogue", "--verifiers", "4", "--cardset", small_set, "--bank", str(db), "--json", "-q"
    )
    assert code == 0, out
    stored = json.loads(out)["stored_new"]
    assert stored == 2_727
    with Bank(db) as b:
        b.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert db.stat().st_size / stored <= 64
    with Bank(db) as b:
        assert b.count() == stored and b.count(Query(verifiers=4, difficulty="easy")) > 0
        p = b.pick(seed=3)
        assert p is not None and p.id is not None
        assert b.get(p.id) == p and b.get(p.canonical_key()) == p
        assert b.contains(p.canonical_key())
        assert b.get(p.id.lower()) == p and b.get("C4H-AAAAAA") is None
        assert b.mark_played(p.id)
        assert b.count(Query(unplayed=True)) == stored - 1
        assert b.pick(seed=3) != p  # played puzzles are not picked again
        groups = b.stats()["groups"]
        assert {g["verifiers"] for g in groups} == {4} and sum(g["played"] for g in groups) == 1
    code, out = run("bank", "export", str(db), "--difficulty", "easy", "--limit", "5")
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(docs) == 5 and all(d["difficulty"] == "easy" for d in docs)
    code, out = run("bank", "stats", str(db))
    assert code == 0 and "2,727" in out


def test_a_version_2_bank_is_migrated(tmp_path: Path) -> None:
    """A bank written by the version-2 program (a 2-verifier catalogue, 12 generated
    puzzles, one catalogue puzzle played): the catalogue moves into the compact table,
    every document reads back as before, the played mark stays, the file shrinks."""
    path = tmp_path / "v2.db"
    shutil.copy(V2_BANK, path)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    before = sorted(
        json.dumps(json.loads(d), sort_keys=True)
        for (d,) in conn.execute("SELECT doc FROM puzzles")
    )
    played = conn.execute("SELECT id FROM puzzles WHERE played = 1").fetchall()
    conn.close()
    size = path.stat().st_size
    assert len(before) == 436 and len(played) == 1
    with Bank(path) as b:
        assert b.schema_version == SCHEMA_VERSION == 5
        assert b.conn.execute("SELECT count(*) FROM catalogue").fetchone()[0] == 424
        assert b.conn.execute("SELECT count(*) FROM puzzles").fetchone()[0] == 12
        after = sorted(json.dumps(json.loads(d), sort_keys=True) for d in b.docs())
        assert after == before
        assert b.count(Query(unplayed=True)) == 435
        got = b.get(played[0][0])
        assert got is not None and got.id == played[0][0]
        assert b.runs()  # the runs are kept
        # the finished catalogue gets its marks: drawing from it reads no table scan
        marks = b.conn.execute("SELECT ordinal FROM catalogue_marks ORDER BY ordinal").fetchall()
        assert [m[0] for m in marks] == list(range(0, 424, 64))
        tiered = {
            p.canonical_key()
            for p in b.query(Query(verifiers=2))
            if p.extra["difficulty"] is not None
        }
        state = SampleState()
        drawn = list(CatalogueSampler(b, verifiers=2, seed=4).puzzles(1000, state))
        assert state.exhausted and {p.canonical_key() for p in drawn} == tiered
        assert len(drawn) == len(tiered) > 0
    assert path.stat().st_size < size
    with Bank(path) as b:  # opening again changes nothing
        assert sorted(json.dumps(json.loads(d), sort_keys=True) for d in b.docs()) == before


def test_a_changed_card_set_is_refused(small_set: str, tmp_path: Path) -> None:
    cards = tmp_path / "mine.yaml"
    shutil.copy(small_set, cards)
    db = tmp_path / "c.db"
    code, out = run(
        "catalogue", "--verifiers", "4", "--cardset", str(cards), "--bank", str(db), "-q"
    )
    assert code == 0, out
    text = cards.read_text()
    cards.write_text(text.replace("name: first16", "name: first16\n", 1))  # same content
    with Bank(db) as b:
        assert b.count() > 0 and next(b.query()) is not None
    # drop the last card: the same keys would name other criteria
    cards.write_text(text[: text.index("  - number: 16")])
    with Bank(db) as b, pytest.raises(BankError, match="has changed"):
        next(b.query())
    code, out = run("bank", "export", str(db))
    assert code == 2 and "has changed" in out and "Traceback" not in out
    code, out = run(
        "catalogue", "--verifiers", "4", "--cardset", str(cards), "--bank", str(db), "-q"
    )
    assert code == 2 and "has changed" in out


def test_a_catalogue_skips_the_puzzles_the_bank_holds_already(
    small_set: str, tmp_path: Path
) -> None:
    """A catalogue stored into a bank that holds generated puzzles of its set leaves them
    where they are (with their played mark) and stores the rest: each puzzle is in the
    bank once, and the catalogue's marks still find every place."""
    db = tmp_path / "dup.db"
    code, out = run(
        "generate", "-n", "30", "--verifiers", "4", "--difficulty", "easy", "--seed", "1",
        "--cardset", small_set, "--bank", str(db), "-q",
    )  # fmt: skip
    assert code == 0, out
    code, played = run("bank", "pick", str(db), "--mark-played", "--seed", "4")
    assert code == 0, played
    code, out = run(
        "catalogue", "--verifiers", "4", "--cardset", small_set, "--bank", str(db), "--json",
        "-q", "--jobs", "2",
    )  # fmt: skip
    assert code == 0, out
    summary = json.loads(out)
    assert summary["puzzles"] == 2_727 and summary["stored_new"] == 2_727 - 30
    with Bank(db) as b:
        assert b.count() == 2_727
        assert b.count(Query(unplayed=True)) == 2_727 - 1
        assert sum(g["played"] for g in b.stats()["groups"]) == 1
        keys = [row[0] for row in b.conn.execute("SELECT key FROM catalogue ORDER BY key")]
        marks = b.conn.execute("SELECT ordinal, key FROM catalogue_marks").fetchall()
        assert marks and all(keys[ordinal] == key for ordinal, key in marks)
    code, out = run("bank", "export", str(db), "-o", "-")
    ids = [json.loads(line)["id"] for line in out.splitlines()]
    assert code == 0 and len(ids) == len(set(ids)) == 2_727
    code, out = run("bank", "stats", str(db))
    assert code == 0 and "2,727 puzzles" in out


#: two puzzles of the 4-verifier classic catalogue whose hashes begin with the same 30 bits
#: (both spell C4H-Y5PC7Z): one clash of the 396 in the whole catalogue
CLASHING = (
    {"id": "C4H-Y5PC7Z", "mode": "classic", "cards": [1, 2, 41, 43], "criteria": [2, 1, 8, 2],
     "solution": "224", "difficulty": "hard", "verifiers": 4, "codes_left": 4,
     "assignments": 4, "min_tests": 2, "min_tests_upper": None,
     "min_tests_kind": "lower_bound", "score": 16.5},
    {"id": "C4H-Y5PC7Z", "mode": "classic", "cards": [10, 19, 42, 48], "criteria": [1, 3, 4, 7],
     "solution": "523", "difficulty": "hard", "verifiers": 4, "codes_left": 10,
     "assignments": 14, "min_tests": 4, "min_tests_upper": None,
     "min_tests_kind": "lower_bound", "score": 24.13},
)  # fmt: skip


def _catalogue_row(doc: dict[str, object]) -> list[int]:
    from turing.core.codes import CODE_TEXT
    from turing.generation.packing import TIER_CODES, canonical_text, id_tag

    cards, criteria = list(doc["cards"]), list(doc["criteria"])  # type: ignore[call-overload]
    return [
        pack(LAYOUT, "classic", cards, criteria),
        TIER_CODES[str(doc["difficulty"])],
        CODE_TEXT.index(str(doc["solution"])),
        int(doc["codes_left"]),  # type: ignore[call-overload]
        int(doc["assignments"]),  # type: ignore[call-overload]
        int(doc["min_tests"]),  # type: ignore[call-overload]
        round(float(doc["score"]) * 100),  # type: ignore[arg-type]
        id_tag(canonical_text("classic", None, cards, criteria)),
    ]


def _store_catalogue(db: Path, docs: list[dict[str, object]]) -> None:
    with Bank(db) as b:
        cs = b.catalogue_cardset(load_cardset("classic"), "classic")
        for doc in docs:
            b.add_catalogue(cs, _catalogue_row(doc))


def _exported(db: Path) -> dict[tuple[int, ...], str]:
    code, out = run("bank", "export", str(db), "-o", "-")
    assert code == 0, out
    docs = [json.loads(line) for line in out.splitlines()]
    return {tuple(d["cards"]): d["id"] for d in docs}


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_catalogue_puzzles_that_spell_one_id_get_ids_of_their_own(
    tmp_path: Path, order: tuple[int, int]
) -> None:
    """Two catalogue puzzles whose hashes share the id's 30 bits: the one of the lower hash
    keeps six characters, the other is lengthened by two of its own hash, whatever order
    they were stored in; export, check and a lookup by either id agree."""
    db = tmp_path / "clash.db"
    _store_catalogue(db, [CLASHING[i] for i in order])
    ids = _exported(db)
    assert ids == {(1, 2, 41, 43): "C4H-Y5PC7Z", (10, 19, 42, 48): "C4H-Y5PC7ZTO"}
    out_file = tmp_path / "all.jsonl"
    assert run("bank", "export", str(db), "-o", str(out_file))[0] == 0
    code, out = run("check", str(out_file))
    assert code == 0 and "repeat" not in out, out
    with Bank(db, readonly=True) as b:
        for cards, ident in ids.items():
            found = b.get(ident.lower())
            assert found is not None and found.id == ident
            assert tuple(c[0] for c in found.cards) == cards
            picked = [b.pick(seed=s) for s in range(12)]
            assert {p.id for p in picked if p is not None} == set(ids.values())


def test_a_catalogue_id_gives_way_to_a_stored_puzzles_id(tmp_path: Path) -> None:
    """A puzzle of the ``puzzles`` table keeps the id it was stored with: a catalogue
    puzzle spelling it is lengthened, and a puzzle stored after a catalogue puzzle that
    spells its id is lengthened itself."""
    for first, second in ((0, 1), (1, 0)):
        db = tmp_path / f"mixed{first}.db"
        source = tmp_path / f"one{first}.jsonl"
        source.write_text(json.dumps(CLASHING[first]) + "\n")
        if first == 0:  # the file's puzzle first, then the catalogue
            assert run("bank", "import", str(db), str(source))[0] == 0
            _store_catalogue(db, [CLASHING[second]])
            expected = {(1, 2, 41, 43): "C4H-Y5PC7Z", (10, 19, 42, 48): "C4H-Y5PC7ZTO"}
        else:  # the catalogue first, then the file's puzzle
            _store_catalogue(db, [CLASHING[second]])
            code, out = run("bank", "import", str(db), str(source))
            assert code == 0, out
            expected = {(1, 2, 41, 43): "C4H-Y5PC7Z", (10, 19, 42, 48): "C4H-Y5PC7ZTO"}
        ids = _exported(db)
        assert len(set(ids.values())) == 2
        if first == 0:
            assert ids == expected
        else:
            assert ids[(1, 2, 41, 43)] == "C4H-Y5PC7Z"
            assert ids[(10, 19, 42, 48)].startswith("C4H-Y5PC7Z") and len(
                ids[(10, 19, 42, 48)]
            ) == len("C4H-Y5PC7ZTO")
        with Bank(db, readonly=True) as b:
            for cards, ident in ids.items():
                found = b.get(ident)
                assert found is not None and tuple(c[0] for c in found.cards) == cards


def _squeezed(real: Callable[[str], str]) -> Callable[[str], str]:
    """A key hash whose six characters the id spells take 32 × 32 values only, so among
    the 2,727 puzzles of the 16-card catalogue hundreds of tags clash; the rest of the
    hash (the characters a clashing id is lengthened by) is the real one."""

    def squeezed(canonical: str) -> str:
        full = real(canonical)
        return full[:2] + "AAAA" + full[6:]

    return squeezed


def _expected_ids(docs: list[dict[str, Any]], hashed: Callable[[str], str]) -> dict[str, str]:
    """Each puzzle's id by the rule of docs/bank.md, worked out here on its own: the
    puzzles that spell one id (same verifiers, tier and six characters) ordered by their
    whole hash, the first keeping six characters, each other one lengthened by two of its
    own hash at a time until no puzzle before it holds the id."""
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for doc in docs:
        key = puzzle_from_dict(doc).canonical_key()
        head = f"C{doc['verifiers']}{(doc['difficulty'] or 'x')[0].upper()}-"
        full = hashed(key)
        groups.setdefault((head, full[:6]), []).append((full, key))
    ids: dict[str, str] = {}
    for (head, _tag), members in groups.items():
        taken: set[str] = set()
        for full, key in sorted(members):
            width = 6
            while head + full[:width] in taken:
                width += 2
            taken.add(head + full[:width])
            ids[key] = head + full[:width]
    return ids


@pytest.mark.parametrize("batch", [None, 500])
def test_an_export_reads_the_catalogue_once_for_its_ids_however_many_tags_clash(
    small_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int | None
) -> None:
    """The ids of an export are worked out in one pass through the catalogue's rows of
    its verifier count for a short export (``--limit``), and in two (the tags, then the
    puzzles that spell the clashing ones) for a long one, however many tags clash:
    hundreds here (until 2026-12-07 one more pass for every 500 clashing tags, whatever
    the limit: 40 s for `bank export --limit 2` of the 5-verifier catalogue). Every
    puzzle's id is the one the rule of docs/bank.md gives, in a whole export, in every
    ``--limit`` export (the first N of the whole one) and in a lookup by the id.
    ``batch``: the rows an export settles ids for together, as shipped and smaller than
    the catalogue (so a whole export takes the path of a large catalogue)."""
    from turing.core import puzzle as puzzle_module
    from turing.generation import bank as bank_module

    if batch is not None:
        monkeypatch.setattr(bank_module, "_ID_BATCH", batch)
    db = tmp_path / "squeezed.db"
    code, out = run(
        "catalogue", "--verifiers", "4", "--cardset", small_set, "--bank", str(db), "-q",
    )  # fmt: skip
    assert code == 0, out
    code, out = run("bank", "export", str(db), "-o", "-")
    assert code == 0, out
    docs = [json.loads(line) for line in out.splitlines()]
    squeezed = _squeezed(puzzle_module.key_hash)
    layout = layout_for(load_cardset(small_set))
    with sqlite3.connect(db) as conn:  # the tags the squeezed hash spells
        conn.executemany(
            "UPDATE catalogue SET tag = ? WHERE key = ?",
            [
                (
                    int.from_bytes(
                        base64.b32decode(squeezed(puzzle_from_dict(d).canonical_key())[:6] + "AA")
                    )
                    >> 10,
                    pack(layout, "classic", d["cards"], d["criteria"]),
                )
                for d in docs
            ],
        )
    conn.close()
    monkeypatch.setattr(bank_module, "key_hash", squeezed)
    monkeypatch.setattr(puzzle_module, "key_hash", squeezed)
    expected = _expected_ids(docs, squeezed)
    lengthened = [i for i in expected.values() if len(i) > len("C4E-ABCDEF")]
    assert len({i[:10] for i in lengthened}) > 500  # clashing tags: more than 500
    statements: list[str] = []
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn: sqlite3.Connection = connect(*args, **kwargs)
        conn.set_trace_callback(statements.append)
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced)
    passes = re.compile(r"FROM catalogue WHERE cs = \S+ AND key >= ")

    def exported(*args: str) -> tuple[list[dict[str, Any]], int]:
        statements.clear()
        code, out = run(*args)
        assert code == 0, out
        return [json.loads(line) for line in out.splitlines()], sum(
            1 for s in statements if passes.search(s)
        )

    whole, read = exported("bank", "export", str(db), "-o", "-")
    assert len(whole) == 2_727 and read == (1 if batch is None else 2)
    ids = {puzzle_from_dict(d).canonical_key(): d["id"] for d in whole}
    assert ids == expected and len(set(ids.values())) == 2_727
    for limit in (1, 2, 600, 2_727):
        some, read = exported("bank", "export", str(db), "--limit", str(limit), "-o", "-")
        assert [d["id"] for d in some] == [d["id"] for d in whole[:limit]]
        assert read == (1 if batch is None or limit <= batch else 2)
    statements.clear()
    code, out = run(
        "export", "--bank", str(db), "--difficulty", "easy", "--limit", "3", "--format",
        "markdown", "-o", "-",
    )  # fmt: skip
    assert code == 0, out
    shown = set(re.findall(r"C4E-[A-Z2-7]{6,}", out))
    easy = {d["id"] for d in whole}
    assert len(shown) == 3 and shown <= easy
    assert sum(1 for s in statements if passes.search(s)) == 1
    with Bank(db, readonly=True) as b:
        for ident in lengthened[:50]:
            found = b.get(ident)
            assert found is not None and found.id == ident
