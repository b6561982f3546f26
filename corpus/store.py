"""The embedded store: one SQLite file holding raw documents and every parsed release.

The store knows tables and rows, not the rule model: :mod:`mtgcr.extract.records` converts a
``Ruleset`` to a :class:`ReleaseRecord` and back. Guarantees:

* **idempotent** — a document whose sha256 is already stored is not parsed or written again;
* **transactional** — each document and everything parsed from it is written in one
  transaction (``BEGIN IMMEDIATE`` … ``COMMIT``); a failure or interruption rolls back, so the
  store is exactly as it was before that document;
* **safe for concurrent readers** — WAL journal mode; readers never see half a release;
* **safe for concurrent writers** — a second ingest waits for the write lock (up to
  ``timeout`` seconds, then :class:`StoreBusy`) and re-checks inside its transaction whether the
  document was stored meanwhile (:class:`AlreadyStored`);
* **copies, never silent replacement** — a whole CR text is stored as a copy of its release
  (language, effective date, revision); exactly one copy is canonical by the precedence of
  :mod:`mtgcr.corpus.copies`, the others keep their bytes and can be chosen, removed and
  restored (:mod:`mtgcr.corpus.copy_store`). Partial releases (quotes) of the same
  (lang, label, origin) replace each other as before; a complete partial release is not
  replaced by an incomplete one unless asked (:class:`ReplaceRefused`);
* **only its own files** — a file that is not SQLite, is damaged, or is another program's
  SQLite database (no ``meta`` table with ``schema_version``) is refused, never extended.

Location: ``--store PATH`` on the command line, else ``$MTGCR_STORE``, else
``<user data dir>/mtgcr/store.sqlite`` (platformdirs).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from mtgcr.corpus.align_cache import ALIGN_CACHE_SCHEMA, AlignCacheMixin
from mtgcr.corpus.notes import NoteKind, StoreNote
from mtgcr.corpus.copies import (
    LEGACY_WHOLE_TEXT,
    WHOLE_TEXT,
    CopyOrigin,
    TextKind,
    origin_from_path,
)
from mtgcr.corpus.copy_store import COPIES_SCHEMA, CopiesMixin, CopyNotes
from mtgcr.corpus.quality import CopyQuality, assess_text
from mtgcr.corpus.release_spec import ReleaseSpec, parse_date_spec
from mtgcr.corpus.store_lock import begin_write, describe_holder, is_busy, lock_holder
from mtgcr.errors import StoreError

__all__ = [
    "Store",
    "StoreError",
    "StoreBusy",
    "StoreReadOnly",
    "AlreadyStored",
    "ReplaceRefused",
    "ReleaseRecord",
    "ReleaseInfo",
    "default_store_path",
    "parse_date_spec",
    "SCHEMA_VERSION",
]

SCHEMA_VERSION = 1

_SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS documents (
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    size INTEGER NOT NULL,
    encoding TEXT,
    encoding_evidence TEXT,
    line_endings TEXT,
    kind TEXT,
    raw BLOB NOT NULL,
    ingested_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS releases (
    id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL,
    label TEXT NOT NULL,
    effective_date TEXT,
    revision TEXT,
    origin TEXT NOT NULL,
    complete INTEGER NOT NULL,
    truncated INTEGER NOT NULL DEFAULT 0,
    title TEXT,
    introduction TEXT,
    credits TEXT,
    document_id INTEGER REFERENCES documents(id),
    source TEXT,
    n_sections INTEGER, n_rules INTEGER, n_subrules INTEGER, n_examples INTEGER, n_glossary INTEGER,
    UNIQUE (lang, label, origin)
);
CREATE TABLE IF NOT EXISTS chapters (
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    number INTEGER NOT NULL, title TEXT, line INTEGER
);
CREATE TABLE IF NOT EXISTS sections (
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    number TEXT NOT NULL, section INTEGER NOT NULL, title TEXT, line INTEGER,
    PRIMARY KEY (release_id, number)
);
CREATE TABLE IF NOT EXISTS rules (
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL,
    number TEXT NOT NULL,
    section INTEGER NOT NULL, rule INTEGER NOT NULL, letters TEXT,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    line INTEGER,
    provenance TEXT,
    PRIMARY KEY (release_id, number)
);
CREATE TABLE IF NOT EXISTS examples (
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    number TEXT NOT NULL, ord INTEGER NOT NULL, text TEXT NOT NULL, line INTEGER
);
CREATE TABLE IF NOT EXISTS stale_rules (
    -- a number printed twice with another text: the second text, kept apart (not a rule)
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL, number TEXT NOT NULL, text TEXT NOT NULL, line INTEGER,
    examples TEXT
);
CREATE TABLE IF NOT EXISTS glossary (
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL, term TEXT NOT NULL, aliases TEXT, text TEXT, line INTEGER,
    obsolete INTEGER, heading TEXT, original TEXT
);
CREATE TABLE IF NOT EXISTS warnings (
    document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    release_id INTEGER REFERENCES releases(id) ON DELETE CASCADE,
    source TEXT, line INTEGER, message TEXT,
    kind TEXT, data TEXT
);
CREATE TABLE IF NOT EXISTS facts (
    document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    kind TEXT NOT NULL, data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS fetches (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL, url TEXT NOT NULL, final_url TEXT, status INTEGER,
    etag TEXT, last_modified TEXT, headers TEXT, fetched_at TEXT NOT NULL,
    sha256 TEXT, path TEXT, meta TEXT
);
CREATE INDEX IF NOT EXISTS rules_by_number ON rules(number);
CREATE INDEX IF NOT EXISTS fetches_by_url ON fetches(url);
CREATE INDEX IF NOT EXISTS examples_by_rule ON examples(release_id, number);
CREATE INDEX IF NOT EXISTS glossary_by_release ON glossary(release_id);
CREATE INDEX IF NOT EXISTS facts_by_kind ON facts(kind);
"""
    + COPIES_SCHEMA
    + ALIGN_CACHE_SCHEMA
)

_TABLES = set(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))

#: Tables users may read as DataFrames (``Store.table``).
PUBLIC_TABLES = (
    "documents",
    "releases",
    "chapters",
    "sections",
    "rules",
    "examples",
    "glossary",
    "stale_rules",
    "warnings",
    "facts",
    "alignments",
    "copies",
)


class StoreBusy(StoreError):
    """Another process held the store's write lock for longer than the timeout."""


class StoreReadOnly(StoreError):
    """The store cannot be written where it is (a read-only location or file); reading works."""


class AlreadyStored(StoreError):
    """:meth:`Store.add_document`: a document with these bytes was stored meanwhile (by a
    concurrent ingest); nothing was written."""


class ReplaceRefused(StoreError):
    """:meth:`Store.add_document`: the document would replace a stored complete release with
    an incomplete one; nothing was written. ``str()`` says which release and why."""


class StoreFull(StoreError):
    """The disk (or file system quota) holding the store is full: nothing of the document in
    hand was written, and an ingest stops there (every later file would fail the same way)."""


def _is_full(exc: BaseException) -> bool:
    """SQLITE_FULL ("database or disk is full") or an OS error ENOSPC / EDQUOT."""
    if isinstance(exc, sqlite3.OperationalError):
        return getattr(exc, "sqlite_errorcode", None) == getattr(
            sqlite3, "SQLITE_FULL", 13
        ) or "disk is full" in str(exc)
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


_is_busy = is_busy


def default_store_path() -> Path:
    """``$MTGCR_STORE`` if set, else ``<user data dir>/mtgcr/store.sqlite``."""
    env = os.environ.get("MTGCR_STORE")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("mtgcr", appauthor=False)) / "store.sqlite"


@dataclass
class ReleaseRecord:
    """A release as plain rows, ready to be written (built by :mod:`mtgcr.extract.records`).

    ``release`` holds the columns of the ``releases`` table (without ids); the lists hold row
    dicts for the child tables, keyed by column name (without ``release_id``).
    """

    release: dict[str, Any]
    chapters: list[dict[str, Any]] = field(default_factory=list)
    sections: list[dict[str, Any]] = field(default_factory=list)
    rules: list[dict[str, Any]] = field(default_factory=list)
    examples: list[dict[str, Any]] = field(default_factory=list)
    glossary: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)
    stale_rules: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ReleaseInfo:
    """One row of ``releases``: id, language, label, effective date, origin, counts.

    ``origin`` is the stored kind of text (``"whole"``, ``"wiki"``, ``"mtgru:711"``: see
    :attr:`text`); ``copy_origin``, for a whole text, where its canonical copy comes from
    (:class:`mtgcr.corpus.copies.CopyOrigin`: ``"official"``, ``"unknown"`` …), ``None`` for
    the others. :attr:`origin_name` is what every output shows.
    """

    id: int
    lang: str
    label: str
    effective_date: str | None
    revision: str | None
    origin: str
    complete: bool
    source: str | None
    counts: dict[str, int]
    truncated: bool = False
    copy_origin: str | None = None

    @property
    def text(self) -> TextKind:
        """The kind of text the release was read from."""
        return TextKind.of(self.origin)

    @property
    def origin_name(self) -> str:
        """Where the release comes from, as outputs show it: a whole text's copy origin
        (``"official"`` only for a byte-exact file Wizards served, else ``"unknown"``,
        ``"normalized"``, ``"archive"``), else the kind of text (``"wiki"``, ``"mtgru:711"``)."""
        if self.text is TextKind.WHOLE:
            return self.copy_origin or CopyOrigin.UNKNOWN.value
        return self.origin

    @property
    def name(self) -> str:
        """How reports name the release: its effective date (``"2023-11-17"``), else its label."""
        return self.effective_date or self.label

    def as_json(self) -> dict[str, Any]:
        """JSON-ready dict: ``effective_date``, ``label``, ``lang``, ``origin``, ``counts`` …"""
        return {
            "effective_date": self.effective_date,
            "label": self.label,
            "lang": self.lang,
            "revision": self.revision,
            "origin": self.origin_name,
            "text": self.text.value,
            "complete": self.complete,
            "truncated": self.truncated,
            "source": self.source,
            "counts": self.counts,
        }


class Store(CopiesMixin, AlignCacheMixin):
    """An open store file. Use as a context manager or call :meth:`close`.

    Args:
        path: the SQLite file; created (with its folder) if missing.
        readonly: open without creating or writing. A store on a read-only location (a
            read-only mount, a folder the user cannot write) is opened as immutable.
        timeout: seconds to wait for another process's write lock before :class:`StoreBusy`.
        on_wait: called at once, with one line naming the process that holds the write lock
            (``"waiting for another mtgcr (pid 4242) to finish writing s.sqlite …"``), when a
            write has to wait for it (:mod:`mtgcr.corpus.store_lock`).

    Raises:
        StoreError: the file cannot be opened, is not SQLite, is damaged, or is an SQLite
            database of another program (no ``meta`` table with ``schema_version``; it is
            never extended with our tables), or its folder cannot be created;
            :class:`StoreBusy` if locked too long.
    """

    def __init__(
        self,
        path: str | Path | None = None,
        readonly: bool = False,
        timeout: float = 30.0,
        on_wait: Callable[[str], None] | None = None,
    ) -> None:
        self.path = Path(path) if path else default_store_path()
        self.readonly = readonly
        self.timeout = timeout
        self.on_wait = on_wait
        if self.path.is_dir():
            raise StoreError(
                f"{self.path}: is a folder; give the store's file name "
                f"(like {self.path / 'store.sqlite'})"
            )
        conn: sqlite3.Connection | None = None
        try:
            if readonly:
                if not self.path.exists():
                    raise StoreError(f"{self.path}: no store here yet (run 'mtgcr ingest' first)")
                conn = self._connect_readonly()
                self.conn = conn
                self._check_ours(new_ok=False)
            else:
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise StoreError(
                        f"cannot write {self.path}: cannot create its folder "
                        f"{exc.filename or self.path.parent}: "
                        f"{exc.strerror or exc}"
                    ) from None
                conn = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
                self.conn = conn
                tables = self._check_ours(new_ok=True)
                if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                    conn.execute("PRAGMA journal_mode=WAL")
                if not _TABLES <= tables:  # a new store, or one from before a table was added
                    conn.executescript(_SCHEMA)
                    conn.execute(
                        "INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)",
                        (str(SCHEMA_VERSION),),
                    )
                self._add_missing_columns()
                self._migrate_whole_text()
                if "releases" in tables and "copies" not in tables:
                    conn.row_factory = sqlite3.Row
                    self._backfill_copies()  # additive: old stores gain their copies
            conn.execute("PRAGMA foreign_keys=ON")
            conn.row_factory = sqlite3.Row
        except BaseException as exc:
            if conn is not None:
                conn.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise self._translate(exc) from None
            raise

    def _migrate_whole_text(self) -> None:
        """A store written before mtgcr 0.2 calls a whole CR text's release ``"official"``
        (:data:`~mtgcr.corpus.copies.LEGACY_WHOLE_TEXT`), the word a copy's origin uses for
        files Wizards served: rename it :data:`~mtgcr.corpus.copies.WHOLE_TEXT` (read-only
        opens read either)."""
        c = self.conn
        if not c.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='releases'"
        ).fetchone():
            return
        if c.execute(
            "SELECT 1 FROM releases WHERE origin = ? LIMIT 1", (LEGACY_WHOLE_TEXT,)
        ).fetchone():
            c.execute("BEGIN IMMEDIATE")
            c.execute(
                "UPDATE releases SET origin = ? WHERE origin = ?", (WHOLE_TEXT, LEGACY_WHOLE_TEXT)
            )
            c.execute("COMMIT")

    #: Columns added after a table was first released: (table, column, declaration).
    _ADDED_COLUMNS = (
        ("releases", "truncated", "INTEGER NOT NULL DEFAULT 0"),
        # a warning's kind and typed fields (JSON), mtgcr.extract.parse_warnings
        ("warnings", "kind", "TEXT"),
        ("warnings", "data", "TEXT"),
        # alignments with lookup rows in alignment_steps (mtgcr.crossref.steps)
        ("alignments", "indexed", "INTEGER NOT NULL DEFAULT 0"),
    )

    def _add_missing_columns(self) -> None:
        """Additive migration: add the columns of :data:`_ADDED_COLUMNS` a store lacks."""
        for table, column, decl in self._ADDED_COLUMNS:
            have = {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")

    def _connect_readonly(self) -> sqlite3.Connection:
        """``mode=ro``; where SQLite cannot create the ``-shm`` file a WAL store needs (a
        read-only location), ``immutable=1`` (nobody can write there either), unless a
        ``-wal`` file with unmerged changes lies beside it."""
        uri = self.path.resolve().as_uri()
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=self.timeout)
        try:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.OperationalError as exc:
            conn.close()
            if "readonly" not in str(exc) and "unable to open" not in str(exc):
                raise
            wal = self.path.with_name(self.path.name + "-wal")
            if wal.exists() and wal.stat().st_size:
                raise StoreError(
                    f"{self.path}: cannot read: it is on a read-only location and "
                    f"its {wal.name} file holds changes not yet merged"
                ) from None
        conn = sqlite3.connect(f"{uri}?immutable=1", uri=True)
        conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        return conn

    def _check_ours(self, new_ok: bool) -> set[str]:
        """Check that the file is an mtgcr store (or, if ``new_ok``, an empty database) and
        return the names of its tables; raise :class:`StoreError` otherwise."""
        tables = {
            r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        if not tables:
            if new_ok:
                return tables
            raise StoreError(f"{self.path}: not an mtgcr store (an empty SQLite database)")
        row = None
        if "meta" in tables:
            row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        if row is None:
            shown = ", ".join(sorted(tables)[:5]) + (" …" if len(tables) > 5 else "")
            raise StoreError(
                f"{self.path}: not an mtgcr store (an SQLite database of another "
                f"program, tables: {shown}); left unchanged"
            )
        try:
            version = int(row[0])
        except (TypeError, ValueError):
            version = -1
        if not 1 <= version <= SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: not an mtgcr store this version can use (schema "
                f"version {row[0]!r}; this mtgcr reads version {SCHEMA_VERSION})"
            )
        return tables

    def _translate(self, exc: sqlite3.DatabaseError) -> StoreError:
        """A one-line :class:`StoreError` for an SQLite error on this store: busy (naming the
        process holding the lock), read-only, unreadable, or damaged."""
        msg = str(exc)
        if _is_busy(exc):
            who = describe_holder(lock_holder(self.path))
            return StoreBusy(
                f"{self.path}: store busy: {who} has held its write lock for "
                f"{self.timeout:g} s; try again when it is done"
            )
        if isinstance(exc, sqlite3.OperationalError) and "readonly" in msg:
            return StoreReadOnly(
                f"cannot write {self.path}: the store is read-only here (its file or its "
                f"folder cannot be written: a read-only location or permissions); reading "
                f"it works"
            )
        if isinstance(exc, sqlite3.OperationalError) and (
            "unable to open" in msg or "disk I/O" in msg
        ):
            return StoreError(f"cannot {'read' if self.readonly else 'write'} {self.path}: {msg}")
        if "malformed" in msg or "corrupt" in msg:
            return StoreError(
                f"{self.path}: the store is damaged ({msg}); 'mtgcr check' says which releases "
                f"are affected and 'mtgcr check --repair' rebuilds them from the stored files"
            )
        return StoreError(f"{self.path}: not an mtgcr store ({msg})")

    def begin_write(self, wait: bool = True) -> bool:
        """Open a write transaction (``BEGIN IMMEDIATE``), saying at once whom it waits for
        when another process holds the lock (:func:`mtgcr.corpus.store_lock.begin_write`).

        Args:
            wait: ``False``: give up at once when the lock is taken (optional writes: caches).

        Returns:
            ``True``: the transaction is open; ``False``: busy and ``wait`` is ``False``.

        Raises:
            StoreBusy: the lock stayed taken for :attr:`timeout` seconds.
            StoreReadOnly: the store cannot be written here.
            StoreError: another SQLite error.
        """
        try:
            return begin_write(self.conn, self.path, self.timeout, self.on_wait, wait)
        except sqlite3.OperationalError as exc:
            raise self._translate(exc) from None

    @contextlib.contextmanager
    def write_transaction(self) -> Iterator[None]:
        """A ``with`` block in one write transaction (:meth:`begin_write`): committed at the
        end, rolled back when the block raises (Ctrl-C included).

        Raises:
            StoreBusy, StoreReadOnly, StoreError: see :meth:`begin_write`.
        """
        self.begin_write()
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- documents --------------------------------------------------------------------------
    def has_document(self, sha256: str) -> bool:
        """True if a document with these bytes is stored."""
        return (
            self.conn.execute("SELECT 1 FROM documents WHERE sha256=?", (sha256,)).fetchone()
            is not None
        )

    def document_raw(self, sha256: str) -> bytes | None:
        """The stored bytes of a document, or ``None``."""
        row = self.conn.execute("SELECT raw FROM documents WHERE sha256=?", (sha256,)).fetchone()
        return bytes(row[0]) if row else None

    def forced_encoding(self, sha256: str) -> str | None:
        """The codec a document was ingested with by ``--encoding`` (its bytes are decoded
        with it again whenever they are re-read), or ``None`` when its encoding was detected."""
        row = self.conn.execute(
            "SELECT encoding, encoding_evidence FROM documents WHERE sha256=?", (sha256,)
        ).fetchone()
        if row is None or not str(row[1] or "").startswith("--encoding "):
            return None
        return str(row[0])

    def find_document(self, name: str) -> tuple[str, str] | None:
        """The stored document whose source is ``name`` or ends with ``/name`` (a file name,
        or a path's last parts), the one ingested last when several match.

        Returns:
            ``(sha256, source)``, or ``None`` when no stored document has that name.
        """
        tail = "/" + name.lstrip("/")
        row = self.conn.execute(
            "SELECT sha256, source FROM documents WHERE source=? "
            "OR substr(source, -length(?)) = ? ORDER BY id DESC LIMIT 1",
            (name, tail, tail),
        ).fetchone()
        return (row[0], row[1]) if row else None

    def add_document(
        self,
        doc: Any,
        kind: str,
        releases: Iterable[ReleaseRecord],
        facts: Iterable[tuple[str, dict]] = (),
        doc_warnings: Iterable[dict[str, Any]] = (),
        replace: bool = False,
        origin: CopyOrigin | None = None,
        quality: CopyQuality | None = None,
        stored_document: bool = False,
    ) -> CopyNotes:
        """Store a document, the releases parsed from it and other facts, in one transaction.

        A whole CR text (a record of origin :data:`~mtgcr.corpus.copies.WHOLE_TEXT`) is stored
        as a copy of its release (language, effective date, revision): its rows become the
        release's only if it is the canonical copy by :func:`mtgcr.corpus.copies.precedence`
        (``replace`` makes it the user's choice); otherwise only its copy row and warnings are
        written and a note says ``stored as a copy of en 2010-02-01 (canonical: …)``. A partial
        release with the same (lang, label, origin) as a stored one replaces it (the old
        document's bytes stay stored) — except that a stored complete release is not replaced
        by an incomplete one unless ``replace`` is true. Nothing is written if anything fails
        or is interrupted (Ctrl-C): the transaction is rolled back when it is still open and
        the original exception is re-raised.

        Args:
            doc: a :class:`mtgcr.corpus.document.Document`.
            kind: the document kind (``"cr-text"``, ``"wiki-html"`` …).
            releases: records from :func:`mtgcr.extract.records.to_record`.
            facts: ``(kind, json-able dict)`` pairs (citations, term pairs …).
            doc_warnings: warnings not tied to a release (``source``, ``line``, ``message``,
                optional ``kind`` and ``data``: :func:`mtgcr.extract.records.warning_row`).
            replace: replace stored releases even by less complete ones; a whole text becomes
                the canonical copy of its release (the user's choice).
            origin: the copy's origin (default: from the folder names of ``doc.source``,
                :func:`mtgcr.corpus.copies.origin_from_path`).
            quality: the copy's losses (default: :func:`mtgcr.corpus.quality.assess_text`).
            stored_document: the bytes are already stored (a copy re-read from them): reuse
                that ``documents`` row instead of refusing with :class:`AlreadyStored`.

        Returns:
            A :class:`~mtgcr.corpus.copy_store.CopyNotes`: a list of
            :class:`~mtgcr.corpus.notes.StoreNote` records (kind ``REPLACED`` per stored
            release replaced, ``COPY_STORED`` / ``COPY_CANONICAL`` for a copy; ``str()``:
            "replaces en:20231117 (official) from X"), whose ``copies`` lists each copy
            written and whether it is canonical now.

        Raises:
            AlreadyStored: these bytes were stored meanwhile (a concurrent ingest).
            ReplaceRefused: a stored complete release would be replaced by an incomplete one.
            StoreBusy: the write lock was not free within the timeout.
        """
        notes = CopyNotes()
        c = self.conn
        self.begin_write()
        try:
            known = c.execute("SELECT id FROM documents WHERE sha256=?", (doc.sha256,)).fetchone()
            if known and not stored_document:  # stored by another process since we looked
                raise AlreadyStored(f"{doc.source}: already stored")
            if known:  # re-read from its stored bytes: its facts and warnings are written anew
                doc_id = known[0]
                c.execute("DELETE FROM facts WHERE document_id=?", (doc_id,))
                c.execute(
                    "DELETE FROM warnings WHERE document_id=? AND release_id IS NULL", (doc_id,)
                )
            else:
                cur = c.execute(
                    "INSERT INTO documents (sha256, source, size, encoding, encoding_evidence, "
                    "line_endings, kind, raw, ingested_at) VALUES (?,?,?,?,?,?,?,?,?)",
                    (
                        doc.sha256,
                        doc.source,
                        len(doc.raw),
                        doc.encoding,
                        doc.encoding_evidence,
                        json.dumps(doc.line_endings),
                        kind,
                        doc.raw,
                        datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    ),
                )
                doc_id = cur.lastrowid
                assert doc_id is not None  # an INSERT sets it
            for rec in releases:
                copy = None
                if rec.release.get("origin") == LEGACY_WHOLE_TEXT:  # a caller of before 0.2
                    rec.release["origin"] = WHOLE_TEXT
                if rec.release.get("origin") == WHOLE_TEXT:
                    if quality is None:
                        quality = assess_text(doc.text)
                    copy = (*origin_from_path(doc.source, origin), quality)
                written = self._write_release(doc_id, rec, replace, copy)
                notes += written
                notes.copies += getattr(written, "copies", [])
            c.executemany(
                "INSERT INTO facts (document_id, kind, data) VALUES (?,?,?)",
                ((doc_id, k, json.dumps(d, ensure_ascii=False)) for k, d in facts),
            )
            c.executemany(
                "INSERT INTO warnings (document_id, source, line, message, kind, data) "
                "VALUES (?,?,?,?,?,?)",
                [
                    (doc_id, w["source"], w["line"], w["message"], w.get("kind"), w.get("data"))
                    for w in doc_warnings
                ],
            )
            c.execute("COMMIT")
        except BaseException as exc:
            if c.in_transaction:  # not after COMMIT (an interrupt may land just after it)
                c.execute("ROLLBACK")
            if isinstance(exc, sqlite3.OperationalError) and (
                _is_busy(exc) or "readonly" in str(exc)
            ):
                raise self._translate(exc) from None
            if _is_full(exc):
                raise StoreFull(
                    f"cannot write {self.path}: the disk is full ({exc}); nothing "
                    f"of {doc.source} was stored"
                ) from None
            raise
        return notes

    def _write_release(
        self,
        doc_id: int,
        rec: ReleaseRecord,
        replace: bool = False,
        copy: tuple[CopyOrigin, str, CopyQuality] | None = None,
    ) -> list[StoreNote]:
        """Write one record of document ``doc_id`` (inside :meth:`add_document`'s transaction):
        a whole text (``copy`` = its origin, evidence, quality) as a copy of its release
        (:meth:`_write_copy`), a partial one by (lang, label, origin). Returns the notes."""
        if copy is not None:
            ns, written, canonical = self._write_copy(doc_id, rec, *copy, replace)
            out = CopyNotes(ns)
            out.copies.append((written, canonical))
            return out
        c = self.conn
        r = rec.release
        notes = []
        old = c.execute(
            "SELECT * FROM releases WHERE lang=? AND label=? AND origin=?",
            (r["lang"], r["label"], r["origin"]),
        ).fetchone()
        if old:
            key = f"{r['lang']}:{r['label']} ({r['origin']})"
            fewer = [
                f"{r.get(f'n_{k}') or 0} {k} instead of {old[f'n_{k}']}"
                for k in ("sections", "rules", "subrules", "glossary")
                if (r.get(f"n_{k}") or 0) < (old[f"n_{k}"] or 0)
            ]
            downgrade = old["complete"] and not r.get("complete", 1)
            # a partial release (merged quotes) may shrink when a page is edited; a complete one
            # is only replaced by an equally full parse unless asked
            if old["complete"] and (downgrade or fewer) and not replace:
                what = "an incomplete one" if downgrade else "a smaller one"
                raise ReplaceRefused(
                    f"would replace the complete {key} from "
                    f"{old['source']} with {what}{' (' + ', '.join(fewer) + ')' if fewer else ''}; "
                    f"use 'mtgcr ingest --replace' to replace it anyway"
                )
            c.execute("DELETE FROM releases WHERE id=?", (old["id"],))
            self._forget_release_caches(old["id"])
            notes.append(
                StoreNote(
                    NoteKind.REPLACED,
                    f"{r['lang']}:{r['label']}",
                    r["origin"],
                    f"replaces {key} from {old['source']}"
                    + ("" if r.get("complete", 1) else " (this one is incomplete)"),
                )
            )
        self._insert_release_rows(doc_id, rec)
        return notes

    def document_warning_rows(self, sha256: str) -> list[dict[str, Any]]:
        """The warnings stored for a document — its own and those of the releases still
        stored from it — as ``warnings`` rows (``source``, ``line``, ``message``, ``kind``,
        ``data``; :func:`mtgcr.extract.records.warning_from_row` makes them warnings again),
        in the order they were written; ``[]`` if the document is not stored."""
        rows = self.conn.execute(
            "SELECT w.source, w.line, w.message, w.kind, w.data FROM warnings w "
            "LEFT JOIN releases r ON r.id = w.release_id "
            "JOIN documents d ON d.id = COALESCE(w.document_id, r.document_id) "
            "WHERE d.sha256=? ORDER BY w.rowid",
            (sha256,),
        )
        return [dict(r) for r in rows]

    def document_warnings(self, sha256: str) -> list[str]:
        """:meth:`document_warning_rows` as text: ``"source:line: message"``
        (``"source: message"`` for line 0)."""
        return [
            f"{r['source']}:{r['line']}: {r['message']}"
            if r["line"]
            else f"{r['source']}: {r['message']}"
            for r in self.document_warning_rows(sha256)
        ]

    # -- releases ---------------------------------------------------------------------------
    def releases(self, lang: str | None = None) -> list[ReleaseInfo]:
        """All stored releases (optionally of one language), by effective date then label,
        each whole text with its canonical copy's origin."""
        copies = self.has_copies_table()
        sql = (
            "SELECT r.*, c.origin AS copy_origin FROM releases r LEFT JOIN copies c "
            "ON c.document_id = r.document_id"
            if copies
            else "SELECT r.*, NULL AS copy_origin FROM releases r"
        )
        args: tuple = ()
        if lang:
            sql += " WHERE r.lang=?"
            args = (lang,)
        sql += " ORDER BY r.lang, COALESCE(r.effective_date, r.label), r.label"
        return [self._info(row) for row in self.conn.execute(sql, args)]

    @staticmethod
    def _info(row: sqlite3.Row) -> ReleaseInfo:
        keys = row.keys()
        origin = row["origin"]
        return ReleaseInfo(
            id=row["id"],
            lang=row["lang"],
            label=row["label"],
            effective_date=row["effective_date"],
            revision=row["revision"],
            origin=WHOLE_TEXT if origin == LEGACY_WHOLE_TEXT else origin,
            complete=bool(row["complete"]),
            source=row["source"],
            counts={
                "sections": row["n_sections"],
                "rules": row["n_rules"],
                "subrules": row["n_subrules"],
                "examples": row["n_examples"],
                "glossary": row["n_glossary"],
            },
            truncated=bool(row["truncated"]) if "truncated" in keys else False,
            copy_origin=row["copy_origin"] if "copy_origin" in keys else None,
        )

    def languages(self) -> list[str]:
        """The language codes that have stored releases, sorted."""
        return [r[0] for r in self.conn.execute("SELECT DISTINCT lang FROM releases ORDER BY lang")]

    def resolve(self, spec: str | None, lang: str = "en") -> ReleaseInfo:
        """Find a release by effective date (``2023-11-17``, also ``2023/11/17`` or
        ``2023.11.17``), label (``20231117``), label with a translation revision
        (``20231117.0``) or ``latest``/``None`` (the newest).

        A complete release is preferred to a partial one (a quote) of the same label.

        Raises:
            StoreError: no such release in that language (the message lists the stored
                releases nearest to the date asked for, closest first).
        """
        rels = self.releases(lang)
        if not rels and spec and self.copies_matching(spec, lang):
            raise StoreError(
                f"{lang} release {spec!r} was removed (its copies are kept: "
                f"'mtgcr restore {spec}' brings it back)"
            )
        if not rels:
            have = ", ".join(self.languages())
            raise StoreError(
                f"no {lang} releases in {self.path} "
                + (f"(languages stored: {have})" if have else "(run 'mtgcr ingest' first)")
            )
        rels.sort(key=lambda r: (r.complete, r.name))
        named = ReleaseSpec.parse(spec)
        if named.latest:
            full = [r for r in rels if r.complete] or rels
            return max(full, key=lambda r: (r.effective_date or "", r.label))
        s = named.text
        hits = [r for r in rels if named.names(r.effective_date, r.label)]
        if not hits:  # a label only another copy of a release carries (archive CR-2009-07-08)
            copies = self.copies_matching(s, lang)
            docs = {c.document_id for c in copies if c.canonical}
            hits = [
                r
                for r in rels
                if r.origin == WHOLE_TEXT
                and self.conn.execute(
                    "SELECT document_id FROM releases WHERE id=?", (r.id,)
                ).fetchone()[0]
                in docs
            ]
            if hits:
                return hits[0]
            if copies:
                raise StoreError(
                    f"{lang} release {spec!r} was removed (its copies are kept: "
                    f"'mtgcr restore {spec}' brings it back)"
                )
        if not hits:
            raise StoreError(
                f"no {lang} release {spec!r} in the store; nearest: "
                f"{', '.join(nearest_releases(rels, named.date or named.label or s))}"
            )
        exact = [r for r in hits if r.label == named.label] or hits
        return sorted(exact, key=lambda r: (r.complete, r.text is TextKind.WHOLE))[-1]

    def release_rows(
        self, release_id: int, section: int | None = None, glossary_only: bool = False
    ) -> ReleaseRecord:
        """Every row of one release, as a :class:`ReleaseRecord` (for :mod:`mtgcr.extract.records`);
        with ``section``, of its sections, rules and examples only those of that section
        (a lookup in one section reads a tenth of the rows); with ``glossary_only``, its
        ``releases`` row and glossary rows only, the other lists empty (a glossary lookup
        reads a tenth of the rows).

        Raises:
            StoreError: no release with id ``release_id``.
        """
        c = self.conn
        row = c.execute("SELECT * FROM releases WHERE id=?", (release_id,)).fetchone()
        if row is None:
            raise StoreError(f"no release with id {release_id}")
        rec = ReleaseRecord(release=dict(row))
        cur = c.cursor()
        cur.row_factory = None  # plain tuples, zipped with the column names: twice as fast
        only = (
            {
                "sections": ("section = ?", section),
                "rules": ("section = ?", section),
                "examples": ("number LIKE ?", f"{section}.%"),
            }
            if section is not None
            else {}
        )
        tables = (
            (("glossary", "ord"),)
            if glossary_only
            else (
                ("chapters", "number"),
                ("sections", "section"),
                ("rules", "ord"),
                ("examples", "ord"),
                ("glossary", "ord"),
                ("warnings", "rowid"),
                ("stale_rules", "ord"),
            )
        )
        for table, order in tables:
            where, arg = only.get(table, ("1", None))
            args = (release_id,) if arg is None else (release_id, arg)
            cur.execute(
                f"SELECT * FROM {table} WHERE release_id=? AND {where} ORDER BY {order}", args
            )
            cols = [d[0] for d in cur.description]
            setattr(rec, table, [dict(zip(cols, r)) for r in cur])
        return rec

    def facts(self, kind: str) -> list[dict[str, Any]]:
        """All stored facts of one kind (JSON-decoded), each with ``document_source`` added.
        Facts of a copy that is not canonical (a second JA text of one release) are left out,
        so a release's facts are never counted twice."""
        skip = (
            " AND NOT EXISTS (SELECT 1 FROM copies c WHERE c.document_id = f.document_id "
            "AND NOT EXISTS (SELECT 1 FROM releases r WHERE r.document_id = c.document_id))"
            if self.has_copies_table()
            else ""
        )
        rows = self.conn.execute(
            "SELECT f.data, d.source FROM facts f JOIN documents d ON d.id=f.document_id "
            f"WHERE f.kind=?{skip} ORDER BY f.rowid",
            (kind,),
        )
        out = []
        for data, source in rows:
            item = json.loads(data)
            item.setdefault("document_source", source)
            out.append(item)
        return out

    # -- tables for users -------------------------------------------------------------------
    def releases_with_number(self, number: str, section: bool = False) -> set[int]:
        """Ids of the releases that have rule (or, with ``section``, section) ``number``
        (the canonical written form, ``"704.5a"`` / ``"704"``); one indexed query."""
        table = "sections" if section else "rules"
        rows = self.conn.execute(f"SELECT release_id FROM {table} WHERE number = ?", (number,))
        return {int(r[0]) for r in rows}

    def table(self, name: str):
        """A whole table as a pandas DataFrame (``raw`` bytes of documents left out).

        Raises:
            StoreError: ``name`` is not one of :data:`PUBLIC_TABLES`.
        """
        import pandas as pd

        if name not in PUBLIC_TABLES:
            raise StoreError(f"no table {name!r}; tables: {', '.join(PUBLIC_TABLES)}")
        cols = "*"
        if name == "documents":
            cols = "id, sha256, source, size, encoding, encoding_evidence, line_endings, kind, ingested_at"
        return pd.read_sql_query(f"SELECT {cols} FROM {name}", self.conn)


def nearest_releases(rels: list[ReleaseInfo], near: date | str, n: int = 5) -> list[str]:
    """Up to ``n`` releases as ``effective date (label)``-ish strings, closest to ``near``
    first (a date; a label string is read as ``YYYYMMDD`` when it is one, else the newest)."""
    if isinstance(near, str):
        near = parse_date_spec(near) or date.max

    def when(r: ReleaseInfo) -> date:
        d = parse_date_spec(r.effective_date or "") or parse_date_spec(r.label)
        return d or date.min

    ordered = sorted(
        rels,
        key=lambda r: (
            abs((when(r) - near).days) if near != date.max else -when(r).toordinal(),
            r.label,
        ),
    )
    out = []
    for r in ordered:
        name = r.name
        if r.effective_date and r.effective_date.replace("-", "") != r.label:
            name += f" (label {r.label})"
        if name not in out:
            out.append(name)
        if len(out) == n:
            break
    return out
