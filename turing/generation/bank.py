"""The puzzle bank: valid puzzles in one SQLite file, stored once each, with their metrics.

* WAL journal, and one writer: the process that runs a generation or catalogue writes; its
  worker processes only compute. Every write is a transaction that also records how far
  its run got (table ``runs``), so a bank killed at any instant (even ``kill -9``) holds
  whole batches only, and the same command resumes exactly where the last commit left it.
* ``INSERT OR IGNORE`` on the canonical key (:meth:`turing.puzzle.Puzzle.canonical_key`;
  verifier order does not matter), so a puzzle is stored once whatever produced it.
* The schema is versioned with ``PRAGMA user_version``; :data:`MIGRATIONS` brings an older
  bank up to date on open, and a bank from a newer program is refused.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from turing.core.cards import CardSet, load_cardset
from turing.core.errors import TuringError
from turing.core.puzzle import Puzzle, puzzle_from_dict


class BankError(TuringError):
    """A bank that cannot be opened or used as asked."""


#: Descriptors of the writer locks this process holds. A forked child (a worker of the
#: generator's process pool) closes its copies at once: otherwise a worker outliving a
#: ``kill -9`` of its parent would keep the bank locked and block the resuming command.
_WRITER_LOCKS: set[int] = set()


def _drop_inherited_locks() -> None:
    for fd in _WRITER_LOCKS:
        with contextlib.suppress(OSError):
            os.close(fd)
    _WRITER_LOCKS.clear()


os.register_at_fork(after_in_child=_drop_inherited_locks)


def _script(conn: sqlite3.Connection, script: str) -> None:
    """Run statements one by one (``executescript`` would commit the open transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _v1(conn: sqlite3.Connection) -> None:
    _script(
        conn,
        """
        CREATE TABLE puzzles (
            rowid INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            id TEXT NOT NULL UNIQUE,
            mode TEXT NOT NULL,
            cardset TEXT NOT NULL,
            verifiers INTEGER NOT NULL,
            difficulty TEXT,
            solution TEXT NOT NULL,
            codes_left INTEGER,
            assignments INTEGER,
            min_tests INTEGER,
            min_tests_kind TEXT,
            score REAL,
            doc TEXT NOT NULL,
            source TEXT,
            source_index INTEGER,
            played INTEGER NOT NULL DEFAULT 0,
            played_at TEXT,
            created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        );
        CREATE INDEX puzzles_pick ON puzzles(mode, difficulty, verifiers, played);
        CREATE INDEX puzzles_tests ON puzzles(min_tests);
        CREATE TABLE runs (
            signature TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            params TEXT NOT NULL,
            next_index INTEGER NOT NULL DEFAULT 0,
            kept INTEGER NOT NULL DEFAULT 0,
            refused INTEGER NOT NULL DEFAULT 0,
            repeats INTEGER NOT NULL DEFAULT 0,
            target INTEGER,
            done INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT
        );
    """,
    )


def _v2(conn: sqlite3.Connection) -> None:
    """An upper bound on the fewest tests beside the figure (kind ``bounds``: the exact
    search gave up between the two), and the run's count of puzzles it could not rate."""
    _script(
        conn,
        """
        ALTER TABLE puzzles ADD COLUMN min_tests_upper INTEGER;
        UPDATE puzzles SET min_tests_upper = min_tests WHERE min_tests_kind = 'exact';
        ALTER TABLE runs ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0
    """,
    )


#: migration *i* brings a bank from ``user_version`` *i* to *i + 1*
MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (_v1, _v2)
SCHEMA_VERSION: Final = len(MIGRATIONS)

_COLUMNS: Final = (
    "key",
    "id",
    "mode",
    "cardset",
    "verifiers",
    "difficulty",
    "solution",
    "codes_left",
    "assignments",
    "min_tests",
    "min_tests_upper",
    "min_tests_kind",
    "score",
    "doc",
    "source",
    "source_index",
)
_INSERT: Final = (
    f"INSERT OR IGNORE INTO puzzles ({', '.join(_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(_COLUMNS))})"
)


@dataclass
class RunRecord:
    """A row of the ``runs`` table: how far a generation or catalogue run got."""

    signature: str
    kind: str
    params: dict[str, Any]
    next_index: int = 0
    kept: int = 0
    refused: int = 0
    repeats: int = 0
    target: int | None = None
    done: bool = False
    updated_at: str | None = None
    unrated: int = 0


@dataclass(frozen=True)
class Query:
    """Which puzzles: every field left None matches anything. ``cardset`` is the card
    set's own name (``classic``, or the ``name:`` of a custom set, however it was given)."""

    mode: str | None = None
    difficulty: str | None = None
    verifiers: int | None = None
    cardset: str | None = None
    unplayed: bool = False
    min_tests: int | None = None
    max_tests: int | None = None
    min_score: float | None = None
    max_score: float | None = None

    def where(self) -> tuple[str, list[Any]]:
        parts: list[str] = []
        args: list[Any] = []
        for column, value in (
            ("mode", self.mode),
            ("verifiers", self.verifiers),
            ("cardset", self.cardset),
        ):
            if value is not None:
                parts.append(f"{column} = ?")
                args.append(value)
        if self.difficulty is not None:
            if self.difficulty == "none":
                parts.append("difficulty IS NULL")
            else:
                parts.append("difficulty = ?")
                args.append(self.difficulty)
        if self.unplayed:
            parts.append("played = 0")
        bounds: tuple[tuple[str, str, float | None], ...] = (
            ("min_tests", ">=", self.min_tests),
            ("min_tests", "<=", self.max_tests),
            ("score", ">=", self.min_score),
            ("score", "<=", self.max_score),
        )
        for column, op, bound in bounds:
            if bound is not None:
                parts.append(f"{column} {op} ?")
                args.append(bound)
        return (" WHERE " + " AND ".join(parts)) if parts else "", args


def cardset_name(reference: str | None) -> str:
    """The card set's own name for a puzzle's ``cardset`` reference (a name or a path).

    Asked of :func:`load_cardset` each time (it keeps loaded sets, and loads a set again
    when its file changed), so a renamed set is seen at once."""
    if reference is None:
        return "classic"
    try:
        return load_cardset(reference).name
    except ValueError:
        return reference


def _row_values(
    puzzle: Puzzle, pid: str, source: str | None, source_index: int | None
) -> tuple[Any, ...]:
    extra = puzzle.extra
    doc = puzzle.to_dict(hidden=True)
    doc["id"] = pid
    tier = extra.get("difficulty")
    upper = extra.get("min_tests_upper")
    if upper is None and extra.get("min_tests_kind") == "exact":
        upper = extra.get("min_tests")  # documents written before the upper bound existed
    return (
        puzzle.canonical_key(),
        pid,
        puzzle.mode,
        cardset_name(puzzle.cardset),
        puzzle.verifiers,
        tier if tier in ("easy", "standard", "hard") else None,
        puzzle.solution or "",
        extra.get("codes_left"),
        extra.get("assignments"),
        extra.get("min_tests"),
        upper,
        extra.get("min_tests_kind"),
        extra.get("score"),
        json.dumps(doc, ensure_ascii=False, separators=(",", ":")),
        source,
        source_index,
    )


class Bank:
    """A puzzle bank file. ``Bank(path)`` creates it (and its tables) when missing."""

    def __init__(self, path: str | os.PathLike[str], create: bool = True) -> None:
        self.path = Path(path)
        self._lock_fd: int | None = None
        if not create and not self.path.exists():
            raise BankError(f"{self.path}: no such bank")
        if self.path.exists() and self.path.is_dir():
            raise BankError(f"{self.path}: is a folder, not a bank file")
        if self.path.exists() and self.path.stat().st_size:
            # Look before SQLite touches it: never open some other file read-write.
            with open(self.path, "rb") as fh:
                if fh.read(16) != b"SQLite format 3\x00":
                    raise BankError(f"{self.path}: not a puzzle bank (not an SQLite file)")
        try:
            self.conn = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None)
            self.conn.execute("PRAGMA busy_timeout = 30000")
            mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise BankError(f"{self.path}: not a puzzle bank ({exc})") from None
        if str(mode).lower() != "wal":
            raise BankError(f"{self.path}: cannot switch the bank to WAL mode ({mode})")

    # -- schema ---------------------------------------------------------------------------

    def _migrate(self) -> None:
        version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise BankError(
                f"{self.path}: bank schema version {version} is newer than this "
                f"program's ({SCHEMA_VERSION}); upgrade turing"
            )
        if version == 0:
            tables = self.conn.execute(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
            ).fetchone()[0]
            if tables:
                raise BankError(f"{self.path}: an SQLite file that is not a puzzle bank")
        while version < SCHEMA_VERSION:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[version](self.conn)
                version += 1
                self.conn.execute(f"PRAGMA user_version = {version}")
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

    @property
    def schema_version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.conn.close()
        if self._lock_fd is not None:
            if self._lock_fd in _WRITER_LOCKS:  # not already dropped in a forked child
                _WRITER_LOCKS.discard(self._lock_fd)
                os.close(self._lock_fd)
            self._lock_fd = None

    def claim_writer(self) -> None:
        """Become the bank's one writing process until :meth:`close` (or the process ends,
        even by ``kill -9``): an exclusive ``flock`` on ``DB.writer-lock`` beside the bank.
        Raises :class:`BankError` when another process holds it."""
        if self._lock_fd is not None:
            return
        import fcntl

        lock_path = self.path.with_name(self.path.name + ".writer-lock")
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            raise BankError(
                f"{self.path}: another turing process (pid {holder}) is writing "
                "to this bank; wait for it to finish"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._lock_fd = fd
        _WRITER_LOCKS.add(fd)

    def __enter__(self) -> Bank:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------

    def contains(self, key: str) -> bool:
        return (
            self.conn.execute("SELECT 1 FROM puzzles WHERE key = ?", (key,)).fetchone() is not None
        )

    def _free_id(self, puzzle: Puzzle, pending: set[str]) -> str:
        """The puzzle's short id, lengthened in the rare case another puzzle holds it."""
        base = puzzle.id or puzzle.short_id(puzzle.extra.get("difficulty"))
        pid = base
        extra_chars = 0
        while (
            pid in pending
            or self.conn.execute("SELECT 1 FROM puzzles WHERE id = ?", (pid,)).fetchone()
            is not None
        ):
            extra_chars += 2
            import base64
            import hashlib

            digest = hashlib.sha256(puzzle.canonical_key().encode()).digest()
            tag = base64.b32encode(digest).decode()
            prefix = base.split("-", 1)[0]
            pid = f"{prefix}-{tag[: 6 + extra_chars]}"
        return pid

    def add(
        self, puzzles: Iterable[Puzzle], source: str | None = None, run: RunRecord | None = None
    ) -> int:
        """Store puzzles in one transaction (with ``run``'s progress); returns how many
        were new. Puzzles already in the bank (same canonical key) are left as they are."""
        added = 0
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            pending: set[str] = set()
            for puzzle in puzzles:
                key = puzzle.canonical_key()
                if self.contains(key):
                    continue
                pid = self._free_id(puzzle, pending)
                index = puzzle.extra.get("index")
                cur = self.conn.execute(
                    _INSERT,
                    _row_values(puzzle, pid, source, index if isinstance(index, int) else None),
                )
                if cur.rowcount == 1:
                    added += 1
                    pending.add(pid)
            if run is not None:
                self._save_run(run)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return added

    def _save_run(self, run: RunRecord) -> None:
        self.conn.execute(
            "INSERT INTO runs (signature, kind, params, next_index, kept, refused, repeats, "
            "target, done, unrated, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) ON CONFLICT(signature) DO UPDATE SET "
            "next_index = excluded.next_index, kept = excluded.kept, "
            "refused = excluded.refused, repeats = excluded.repeats, "
            "target = excluded.target, done = excluded.done, unrated = excluded.unrated, "
            "updated_at = excluded.updated_at",
            (
                run.signature,
                run.kind,
                json.dumps(run.params, sort_keys=True),
                run.next_index,
                run.kept,
                run.refused,
                run.repeats,
                run.target,
                int(run.done),
                run.unrated,
            ),
        )

    def save_run(self, run: RunRecord) -> None:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self._save_run(run)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def run_record(self, signature: str) -> RunRecord | None:
        row = self.conn.execute(
            f"SELECT {_RUN_COLUMNS} FROM runs WHERE signature = ?",
            (signature,),
        ).fetchone()
        return None if row is None else _run_from_row(row)

    def runs(self) -> list[RunRecord]:
        rows = self.conn.execute(
            f"SELECT {_RUN_COLUMNS} FROM runs ORDER BY kind, signature"
        ).fetchall()
        return [_run_from_row(r) for r in rows]

    # -- reading ----------------------------------------------------------------------------

    def _puzzle(self, doc: str) -> Puzzle:
        data = json.loads(doc)
        name = data.get("cardset")
        cardset: CardSet | None = load_cardset(name) if isinstance(name, str) else None
        return puzzle_from_dict(data, cardset, source=str(self.path))

    def get(self, ident: str) -> Puzzle | None:
        """A puzzle by its id (``C6H-K3QF7A``; case and spaces ignored) or canonical key."""
        text = ident.strip()
        row = self.conn.execute(
            "SELECT doc FROM puzzles WHERE id = ? OR key = ?", (text.upper(), text)
        ).fetchone()
        return None if row is None else self._puzzle(row[0])

    def pick(
        self,
        mode: str | None = None,
        difficulty: str | None = None,
        verifiers: int | None = None,
        unplayed: bool = True,
        seed: int | None = None,
        cardset: str | None = None,
    ) -> Puzzle | None:
        """A puzzle matching the filters, drawn at random (``seed`` makes the draw
        repeatable); with ``unplayed`` only puzzles not yet marked played. None if none."""
        where, args = Query(
            mode=mode,
            difficulty=difficulty,
            verifiers=verifiers,
            cardset=cardset,
            unplayed=unplayed,
        ).where()
        total = self.conn.execute(f"SELECT count(*) FROM puzzles{where}", args).fetchone()[0]
        if not total:
            return None
        offset = random.Random(seed).randrange(total)
        row = self.conn.execute(
            f"SELECT doc FROM puzzles{where} ORDER BY rowid LIMIT 1 OFFSET ?", [*args, offset]
        ).fetchone()
        return self._puzzle(row[0])

    def mark_played(self, key: str, played: bool = True) -> bool:
        """Mark a puzzle (by id or canonical key) played; False when no such puzzle."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            cur = self.conn.execute(
                "UPDATE puzzles SET played = ?, played_at = CASE WHEN ? THEN "
                "strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE NULL END "
                "WHERE id = ? OR key = ?",
                (int(played), int(played), key.strip().upper(), key.strip()),
            )
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return cur.rowcount > 0

    def query(self, query: Query | None = None, limit: int | None = None) -> Iterator[Puzzle]:
        """Puzzles matching ``query`` in the order they were stored."""
        where, args = (query or Query()).where()
        sql = f"SELECT doc FROM puzzles{where} ORDER BY rowid"
        if limit is not None:
            sql += " LIMIT ?"
            args = [*args, limit]
        for (doc,) in self.conn.execute(sql, args):
            yield self._puzzle(doc)

    def docs(self, query: Query | None = None, limit: int | None = None) -> Iterator[str]:
        """The stored JSON documents (hidden fields included) in storing order."""
        where, args = (query or Query()).where()
        sql = f"SELECT doc FROM puzzles{where} ORDER BY rowid"
        if limit is not None:
            sql += " LIMIT ?"
            args = [*args, limit]
        for (doc,) in self.conn.execute(sql, args):
            yield str(doc)

    def count(self, query: Query | None = None) -> int:
        where, args = (query or Query()).where()
        return int(self.conn.execute(f"SELECT count(*) FROM puzzles{where}", args).fetchone()[0])

    def stats(self) -> dict[str, Any]:
        """Counts per mode / verifiers / difficulty with metric summaries, and the runs."""
        rows = self.conn.execute(
            "SELECT mode, verifiers, coalesce(difficulty, 'none') AS tier, count(*), "
            "sum(played), avg(codes_left), avg(assignments), min(min_tests), avg(min_tests), "
            "max(min_tests), avg(score), sum(min_tests_kind = 'exact'), "
            "sum(min_tests_kind = 'bounds') FROM puzzles GROUP BY 1, 2, 3 ORDER BY 1, 2, "
            "CASE tier WHEN 'easy' THEN 0 WHEN 'standard' THEN 1 WHEN 'hard' THEN 2 ELSE 3 END"
        ).fetchall()
        groups = [
            {
                "mode": r[0],
                "verifiers": r[1],
                "difficulty": r[2],
                "count": r[3],
                "played": r[4] or 0,
                "codes_left_mean": None if r[5] is None else round(r[5], 2),
                "assignments_mean": None if r[6] is None else round(r[6], 2),
                "min_tests_min": r[7],
                "min_tests_mean": None if r[8] is None else round(r[8], 2),
                "min_tests_max": r[9],
                "score_mean": None if r[10] is None else round(r[10], 2),
                "min_tests_exact": r[11] or 0,
                "min_tests_bounds": r[12] or 0,
            }
            for r in rows
        ]
        return {
            "path": str(self.path),
            "schema_version": self.schema_version,
            "puzzles": sum(g["count"] for g in groups),
            "groups": groups,
            "runs": [
                {
                    "signature": r.signature,
                    "kind": r.kind,
                    "params": r.params,
                    "next_index": r.next_index,
                    "kept": r.kept,
                    "refused": r.refused,
                    "repeats": r.repeats,
                    "unrated": r.unrated,
                    "target": r.target,
                    "done": r.done,
                    "updated_at": r.updated_at,
                }
                for r in self.runs()
            ],
        }

    def check_integrity(self) -> str:
        return str(self.conn.execute("PRAGMA integrity_check").fetchone()[0])


_RUN_COLUMNS: Final = (
    "signature, kind, params, next_index, kept, refused, repeats, target, done, updated_at, unrated"
)


def _run_from_row(row: Sequence[Any]) -> RunRecord:
    return RunRecord(
        signature=row[0],
        kind=row[1],
        params=json.loads(row[2]),
        next_index=row[3],
        kept=row[4],
        refused=row[5],
        repeats=row[6],
        target=row[7],
        done=bool(row[8]),
        updated_at=row[9],
        unrated=row[10],
    )


__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Bank", "BankError", "Query", "RunRecord"]
