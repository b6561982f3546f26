"""Store health (``mtgcr check``): is every stored release what its stored bytes say?

A store holds the bytes of every document it was given (``documents.raw``, with their sha256)
and, derived from them by the parsers, the rows of every release; the user's choices about
copies (chosen, removed, origin) are in ``copies``, the provenance of fetched files in
``fetches``. A store damaged inside (a disk error, a copy cut short, another program writing
into the file) can keep working while some of its rows are wrong. :func:`check_store`:

1. runs SQLite's ``PRAGMA integrity_check`` (b-tree structure, indexes);
2. reads every document's bytes and checks them against their sha256;
3. rebuilds the store from those bytes into a scratch store beside it — every document parsed
   and stored again in its original order, through the same pipeline as ``mtgcr ingest``
   (:func:`mtgcr.extract.ingest.ingest_document`: whole texts become copies, wiki quotes merge),
   then the user's copy choices applied;
4. compares every release's rows, table by table, with the rebuilt ones, and names what
   differs: a release whose rows cannot be read, differ from their bytes, or are missing.

:func:`check_store` with ``repair=True`` then puts the rebuilt store in place (with the
``fetches`` records and ``meta`` of the old one; alignments and the search index are caches,
made again on use) and keeps the damaged file beside it as ``STORE.damaged-<time>``; nothing
is deleted. A release whose document bytes are themselves damaged cannot be rebuilt: it is
named, with its file, for the user to ingest again.

A release ingested by an older mtgcr whose parser read it differently shows as differing too;
a repair rewrites it as this mtgcr reads its bytes.
"""

from __future__ import annotations

import enum
import hashlib
import os
import sqlite3
import tempfile
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from mtgcr.corpus.copies import CopyOrigin, LEGACY_WHOLE_TEXT, TextKind, pick_canonical
from mtgcr.corpus.document import DocumentError, document_from_bytes
from mtgcr.corpus.store import ReleaseRecord, Store, StoreError
from mtgcr.corpus.store_lock import begin_write, is_busy

__all__ = ["Health", "ReleaseHealth", "StoreHealth", "check_store", "health_json"]

#: Child tables compared row by row (the ``releases`` row itself is compared too).
_TABLES = ("chapters", "sections", "rules", "examples", "glossary", "warnings", "stale_rules")
#: Columns that number rows of one store (never equal between two stores).
_IDS = {"id", "release_id", "document_id"}


class Health(enum.Enum):
    """The verdict on one release."""

    OK = "ok"
    DIFFERS = "differs from its stored bytes"
    UNREADABLE = "rows cannot be read"
    MISSING = "missing: its stored bytes make a release the store lacks"
    BYTES_DAMAGED = "its stored bytes are damaged: cannot be rebuilt"
    NOT_REBUILT = "not made by any stored bytes"

    @property
    def damaged(self) -> bool:
        return self is not Health.OK


@dataclass(frozen=True)
class ReleaseHealth:
    """One release: ``name`` (``"en 2026-01-16"``), ``origin``, verdict and details (the first
    differences, the file to ingest again)."""

    name: str
    origin: str
    health: Health
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.origin}): {self.health.value}" + (
            f" — {self.detail}" if self.detail else ""
        )


@dataclass
class StoreHealth:
    """What :func:`check_store` found (and did).

    Attributes:
        path: the store.
        integrity: SQLite's integrity problems (``[]``: none).
        documents: documents stored; ``damaged_documents``: their sources whose bytes are
            unreadable or do not match their sha256.
        releases: one :class:`ReleaseHealth` per release (stored or rebuilt).
        repaired: the rebuilt store was put in place.
        kept_as: where the damaged file was kept (after a repair).
    """

    path: Path
    integrity: list[str] = field(default_factory=list)
    documents: int = 0
    damaged_documents: list[str] = field(default_factory=list)
    releases: list[ReleaseHealth] = field(default_factory=list)
    repaired: bool = False
    kept_as: Path | None = None

    @property
    def damaged(self) -> list[ReleaseHealth]:
        """The releases that are not OK."""
        return [r for r in self.releases if r.health.damaged]

    @property
    def ok(self) -> bool:
        """Nothing is damaged."""
        return not (self.integrity or self.damaged_documents or self.damaged)


# -- reading a possibly damaged store -----------------------------------------------------------


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    return conn


def _integrity(conn: sqlite3.Connection) -> list[str]:
    try:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check(50)")]
    except sqlite3.DatabaseError as exc:
        return [f"the integrity check itself fails: {exc}"]
    return [] if rows == ["ok"] else rows


def _rows(conn: sqlite3.Connection, sql: str, args: tuple = ()) -> list[sqlite3.Row]:
    """Every row of a query, or as many as can be read before a damaged page."""
    out: list[sqlite3.Row] = []
    try:
        for row in conn.execute(sql, args):
            out.append(row)
    except sqlite3.DatabaseError:
        pass
    return out


@dataclass(frozen=True)
class _Doc:
    id: int
    sha256: str
    source: str
    raw: bytes | None  # None: unreadable or not matching its sha256
    encoding: str | None = None  # the codec given by --encoding at ingest, if any


def _documents(conn: sqlite3.Connection) -> list[_Doc]:
    docs = []
    sql = "SELECT id, sha256, source, encoding, encoding_evidence FROM documents ORDER BY id"
    for row in _rows(conn, sql):
        try:
            got = conn.execute("SELECT raw FROM documents WHERE id=?", (row["id"],)).fetchone()
            raw = bytes(got[0]) if got is not None else None
        except sqlite3.DatabaseError:
            raw = None
        if raw is not None and hashlib.sha256(raw).hexdigest() != row["sha256"]:
            raw = None
        forced = str(row["encoding_evidence"] or "").startswith("--encoding ")
        docs.append(
            _Doc(row["id"], row["sha256"], row["source"], raw, row["encoding"] if forced else None)
        )
    return docs


def _copies(conn: sqlite3.Connection) -> dict[str, sqlite3.Row]:
    """The copies rows by document sha256 (``{}`` for a store without copies)."""
    return {
        r["sha256"]: r
        for r in _rows(
            conn,
            "SELECT c.*, d.sha256 FROM copies c JOIN documents d ON d.id = c.document_id",
        )
    }


# -- rebuilding -------------------------------------------------------------------------------------


def _rebuild(
    docs: list[_Doc],
    copies: dict[str, sqlite3.Row],
    into: Path,
    on_step: Callable[[str], None] | None,
) -> None:
    """Ingest every readable document's bytes into a new store at ``into``, in the original
    order, then apply the user's copy choices (chosen, removed, origin)."""
    from mtgcr.extract.copies import reparse_copy
    from mtgcr.extract.ingest import ingest_document

    with Store(into) as new:
        good = [d for d in docs if d.raw is not None]
        for k, d in enumerate(good):
            if on_step:
                on_step(f"re-reading {k + 1}/{len(good)}: {d.source}")
            assert d.raw is not None
            try:
                doc = document_from_bytes(d.raw, d.source, d.encoding)
            except DocumentError:
                continue  # never stored either: nothing was made from it
            row = copies.get(d.sha256)
            ingest_document(new, doc, CopyOrigin(row["origin"]) if row is not None else None)
        keys = {row["release_key"] for row in copies.values() if row["chosen"] or row["removed"]}
        for key in sorted(keys):
            now = new.copies(key=key)
            marked = [
                replace(
                    c,
                    chosen=bool(copies[c.sha256]["chosen"]),
                    removed=bool(copies[c.sha256]["removed"]),
                )
                if c.sha256 in copies
                else c
                for c in now
            ]
            target = pick_canonical(marked)
            before = next((c for c in now if c.canonical), None)
            rec = None
            if target is not None and not (before and before.id == target.id):
                rec = reparse_copy(new, target)
            new.apply_copy_marks(key, marked, target, rec)


# -- comparing --------------------------------------------------------------------------------------


def _plain(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k not in _IDS} for r in rows]


def _differences(old: ReleaseRecord, new: ReleaseRecord, limit: int = 3) -> list[str]:
    """Where two records of one release differ (``rules 118.3a: text``), at most ``limit``."""
    out: list[str] = []
    a, b = _plain([old.release])[0], _plain([new.release])[0]
    for rel in (a, b):  # (a whole text's release of a store of before: TextKind)
        if rel.get("origin") == LEGACY_WHOLE_TEXT:
            rel["origin"] = TextKind.WHOLE.value
    out += [f"release: {k}" for k in sorted(a.keys() | b.keys()) if a.get(k) != b.get(k)]
    for table in _TABLES:
        ra, rb = _plain(getattr(old, table)), _plain(getattr(new, table))
        if ra == rb:
            continue
        if len(ra) != len(rb):
            out.append(f"{table}: {len(ra)} rows stored, {len(rb)} from the bytes")
            continue
        for x, y in zip(ra, rb):
            if x != y:
                cols = [k for k in sorted(x.keys() | y.keys()) if x.get(k) != y.get(k)]
                where = x.get("number") or x.get("term") or x.get("line") or "?"
                out.append(f"{table} {where}: {', '.join(cols)}")
                break
    return out[:limit]


def _release_rows(store: Store, release_id: int) -> ReleaseRecord | None:
    try:
        return store.release_rows(release_id)
    except (sqlite3.DatabaseError, StoreError):
        return None


def _compare(
    old_conn: sqlite3.Connection, old: Store | None, new: Store, docs: list[_Doc]
) -> list[ReleaseHealth]:
    rebuilt = {(r.lang, r.label, r.origin): r for r in new.releases()}
    out: list[ReleaseHealth] = []
    seen = set()
    bad_docs = {d.id: d for d in docs if d.raw is None}
    for row in _rows(old_conn, "SELECT * FROM releases ORDER BY lang, effective_date, label"):
        # (a store of before says "official" for a whole text's release: TextKind)
        kind = (
            TextKind.of(row["origin"]).value
            if row["origin"] == LEGACY_WHOLE_TEXT
            else row["origin"]
        )
        key = (row["lang"], row["label"], kind)
        seen.add(key)
        name = f"{row['lang']} {row['effective_date'] or row['label']}"
        doc = bad_docs.get(row["document_id"])
        twin = rebuilt.get(key)
        if doc is not None and twin is None:
            out.append(
                ReleaseHealth(
                    name,
                    kind,
                    Health.BYTES_DAMAGED,
                    f"ingest {doc.source} again",
                )
            )
            continue
        if twin is None:
            out.append(ReleaseHealth(name, kind, Health.NOT_REBUILT))
            continue
        stored = _release_rows(old, row["id"]) if old is not None else None
        if stored is None:
            out.append(ReleaseHealth(name, kind, Health.UNREADABLE))
            continue
        diff = _differences(stored, new.release_rows(twin.id))
        out.append(
            ReleaseHealth(name, kind, Health.DIFFERS if diff else Health.OK, "; ".join(diff))
        )
    for key, info in rebuilt.items():
        if key not in seen:
            out.append(ReleaseHealth(f"{info.lang} {info.name}", info.origin, Health.MISSING))
    return out


# -- repairing --------------------------------------------------------------------------------------


def _carry_over(old_conn: sqlite3.Connection, new: Store) -> None:
    """The records a re-parse cannot make again: fetch provenance and the store's meta."""
    fetches = _rows(old_conn, "SELECT * FROM fetches ORDER BY id")
    meta = _rows(old_conn, "SELECT key, value FROM meta WHERE key != 'schema_version'")
    with new.write_transaction():
        if fetches:
            cols = list(fetches[0].keys())
            new.conn.executemany(
                f"INSERT OR REPLACE INTO fetches ({','.join(cols)}) "
                f"VALUES ({','.join('?' * len(cols))})",
                [tuple(r) for r in fetches],
            )
        new.conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [tuple(r) for r in meta])


def _swap(path: Path, rebuilt: Path) -> Path:
    """Put ``rebuilt`` at ``path``; the old file (and its ``-wal``/``-shm``) is kept as
    ``path.damaged-<UTC time>``. Returns that name."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    os.replace(path, kept)
    for suffix in ("-wal", "-shm"):
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{kept}{suffix}"))
    os.replace(rebuilt, path)
    return kept


def _swap_locked(path: Path, rebuilt: Path, on_wait: Callable[[str], None] | None) -> Path:
    """:func:`_swap` while holding the old store's write lock (no mtgcr writes meanwhile)."""
    lock = sqlite3.connect(path, isolation_level=None)
    try:
        try:
            begin_write(lock, path, 30.0, on_wait)
        except sqlite3.OperationalError as exc:
            if is_busy(exc):
                raise StoreError(
                    f"{path}: another process kept writing it for 30 s; nothing was replaced "
                    f"(run 'mtgcr check --repair' again when it is done)"
                ) from None
        except sqlite3.DatabaseError:
            pass  # too damaged to lock: swap anyway (the damaged file is kept)
        return _swap(path, rebuilt)
    finally:
        if lock.in_transaction:
            lock.execute("ROLLBACK")
        lock.close()


def check_store(
    path: str | Path,
    repair: bool = False,
    on_step: Callable[[str], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
) -> StoreHealth:
    """Check a store against its stored bytes and, if asked, repair it (module docstring).

    Args:
        path: the store file.
        repair: put the rebuilt store in place when something is damaged (the damaged file
            is kept beside it); nothing happens when the store is healthy.
        on_step: called with a one-line description of each step (progress).
        on_wait: called when the repair waits for another process's write lock
            (:func:`mtgcr.corpus.store_lock.begin_write`).

    Returns:
        A :class:`StoreHealth`.

    Raises:
        StoreError: no store at ``path``, not an SQLite file at all, another process holds
            its write lock (a repair), or the folder cannot be written (a repair).
    """
    path = Path(path)
    if not path.is_file():
        raise StoreError(f"{path}: no store here (run 'mtgcr ingest' first)")
    step = on_step or (lambda msg: None)
    health = StoreHealth(path)
    conn = _connect(path)
    try:
        step("SQLite integrity check")
        health.integrity = _integrity(conn)
        docs = _documents(conn)
        if not docs and not _rows(conn, "SELECT name FROM sqlite_master"):
            raise StoreError(f"{path}: not an SQLite store mtgcr can read")
        health.documents = len(docs)
        health.damaged_documents = [d.source for d in docs if d.raw is None]
        copies = _copies(conn)
        # a repair renames the rebuilt file into place: it is made in the store's folder
        where = path.parent if repair else None
        with tempfile.TemporaryDirectory(prefix=".mtgcr-check-", dir=where) as tmp:
            scratch = Path(tmp) / "rebuilt.sqlite"
            _rebuild(docs, copies, scratch, step)
            step("comparing every release with its rebuilt rows")
            try:
                old: Store | None = Store(path, readonly=True)
            except StoreError:
                old = None  # too damaged to open as a store: every release is unreadable
            try:
                with Store(scratch) as new:
                    health.releases = _compare(conn, old, new, docs)
                    if repair and not health.ok:
                        step("carrying over the fetch records")
                        _carry_over(conn, new)
                        new.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                if old is not None:
                    old.close()
            if repair and not health.ok:
                conn.close()
                health.kept_as = _swap_locked(path, scratch, on_wait)
                health.repaired = True
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: cannot be read as a store ({exc})") from None
    finally:
        try:
            conn.close()
        except sqlite3.Error:  # pragma: no cover - already closed
            pass
    return health


def health_json(health: StoreHealth) -> dict[str, Any]:
    """:class:`StoreHealth` as JSON-ready data (``mtgcr check --format json``)."""
    return {
        "store": str(health.path),
        "ok": health.ok,
        "integrity": health.integrity,
        "documents": health.documents,
        "damaged_documents": health.damaged_documents,
        "releases": [
            {
                "release": r.name,
                "origin": r.origin,
                "health": r.health.name.lower(),
                "detail": r.detail,
            }
            for r in health.releases
        ],
        "repaired": health.repaired,
        "kept_as": str(health.kept_as) if health.kept_as else None,
    }
