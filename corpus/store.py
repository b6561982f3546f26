"""The embedded store: one SQLite file holding raw documents and every parsed release.

The store knows tables and rows, not the rule model: :mod:`extract.records` converts a
``Ruleset`` to a :class:`ReleaseRecord` and back. Guarantees:

* **idempotent** — a document whose sha256 is already stored is not parsed or written again;
* **transactional** — each document and everything parsed from it is written in one
  transaction (``BEGIN IMMEDIATE`` … ``COMMIT``); a failure or interruption rolls back, so the
  store is exactly as it was before that document;
* **safe for concurrent readers** — WAL journal mode; readers never see half a release.

Location: ``--store PATH`` on the command line, else ``$MTGCR_STORE``, else
``<user data dir>/mtgcr/store.sqlite`` (platformdirs).
"""
from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Iterable

__all__ = ["Store", "StoreError", "ReleaseRecord", "ReleaseInfo", "default_store_path",
           "SCHEMA_VERSION"]

SCHEMA_VERSION = 1

_SCHEMA = """
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
CREATE TABLE IF NOT EXISTS glossary (
    release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    ord INTEGER NOT NULL, term TEXT NOT NULL, aliases TEXT, text TEXT, line INTEGER,
    obsolete INTEGER, heading TEXT, original TEXT
);
CREATE TABLE IF NOT EXISTS warnings (
    document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    release_id INTEGER REFERENCES releases(id) ON DELETE CASCADE,
    source TEXT, line INTEGER, message TEXT
);
CREATE TABLE IF NOT EXISTS facts (
    document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
    kind TEXT NOT NULL, data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS alignments (
    old_release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    new_release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    version TEXT NOT NULL, data TEXT NOT NULL, created_at TEXT,
    PRIMARY KEY (old_release_id, new_release_id, version)
);
CREATE INDEX IF NOT EXISTS rules_by_number ON rules(number);
CREATE INDEX IF NOT EXISTS examples_by_rule ON examples(release_id, number);
CREATE INDEX IF NOT EXISTS glossary_by_release ON glossary(release_id);
CREATE INDEX IF NOT EXISTS facts_by_kind ON facts(kind);
"""

#: Tables users may read as DataFrames (``Store.table``).
PUBLIC_TABLES = ("documents", "releases", "chapters", "sections", "rules", "examples",
                 "glossary", "warnings", "facts", "alignments")


class StoreError(RuntimeError):
    """A store problem (cannot open, unknown release, …); ``str()`` is a one-line message."""


def default_store_path() -> Path:
    """``$MTGCR_STORE`` if set, else ``<user data dir>/mtgcr/store.sqlite``."""
    env = os.environ.get("MTGCR_STORE")
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir("mtgcr", appauthor=False)) / "store.sqlite"


@dataclass
class ReleaseRecord:
    """A release as plain rows, ready to be written (built by :mod:`extract.records`).

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


@dataclass(frozen=True)
class ReleaseInfo:
    """One row of ``releases``: id, language, label, effective date, origin, counts."""

    id: int
    lang: str
    label: str
    effective_date: str | None
    revision: str | None
    origin: str
    complete: bool
    source: str | None
    counts: dict[str, int]

    def as_json(self) -> dict[str, Any]:
        """JSON-ready dict: ``effective_date``, ``label``, ``lang``, ``origin``, ``counts`` …"""
        return {"effective_date": self.effective_date, "label": self.label, "lang": self.lang,
                "revision": self.revision, "origin": self.origin, "complete": self.complete,
                "source": self.source, "counts": self.counts}


class Store:
    """An open store file. Use as a context manager or call :meth:`close`.

    Args:
        path: the SQLite file; created (with its folder) if missing.
        readonly: open without creating or writing.

    Raises:
        StoreError: the file cannot be opened or is not an mtgcr store.
    """

    def __init__(self, path: str | Path | None = None, readonly: bool = False) -> None:
        self.path = Path(path) if path else default_store_path()
        self.readonly = readonly
        try:
            if readonly:
                if not self.path.exists():
                    raise StoreError(f"{self.path}: no store here yet (run 'mtgcr ingest' first)")
                self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
                self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.executescript(_SCHEMA)
                self.conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)",
                                  (str(SCHEMA_VERSION),))
            self.conn.execute("PRAGMA foreign_keys=ON")
            self.conn.row_factory = sqlite3.Row
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: cannot open as an mtgcr store ({exc})") from None

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
        return self.conn.execute("SELECT 1 FROM documents WHERE sha256=?", (sha256,)).fetchone() is not None

    def document_raw(self, sha256: str) -> bytes | None:
        """The stored bytes of a document, or ``None``."""
        row = self.conn.execute("SELECT raw FROM documents WHERE sha256=?", (sha256,)).fetchone()
        return bytes(row[0]) if row else None

    def add_document(self, doc: Any, kind: str, releases: Iterable[ReleaseRecord],
                     facts: Iterable[tuple[str, dict]] = (),
                     doc_warnings: Iterable[dict[str, Any]] = ()) -> list[str]:
        """Store a document, the releases parsed from it and other facts, in one transaction.

        A release with the same (lang, label, origin) as a stored one replaces it (the old
        document's bytes stay stored). Nothing is written if anything fails.

        Args:
            doc: a :class:`corpus.document.Document`.
            kind: the document kind (``"cr-text"``, ``"wiki-html"`` …).
            releases: records from :func:`extract.records.to_record`.
            facts: ``(kind, json-able dict)`` pairs (citations, term pairs …).
            doc_warnings: warnings not tied to a release (``source``, ``line``, ``message``).

        Returns:
            Notes for the user (e.g. "replaces en:20231117 from X").
        """
        notes: list[str] = []
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            cur = c.execute(
                "INSERT INTO documents (sha256, source, size, encoding, encoding_evidence, "
                "line_endings, kind, raw, ingested_at) VALUES (?,?,?,?,?,?,?,?,?)",
                (doc.sha256, doc.source, len(doc.raw), doc.encoding, doc.encoding_evidence,
                 json.dumps(doc.line_endings), kind, doc.raw,
                 datetime.now(timezone.utc).isoformat(timespec="seconds")))
            doc_id = cur.lastrowid
            for rec in releases:
                notes += self._write_release(doc_id, rec)
            c.executemany("INSERT INTO facts (document_id, kind, data) VALUES (?,?,?)",
                          [(doc_id, k, json.dumps(d, ensure_ascii=False)) for k, d in facts])
            c.executemany("INSERT INTO warnings (document_id, source, line, message) VALUES (?,?,?,?)",
                          [(doc_id, w["source"], w["line"], w["message"]) for w in doc_warnings])
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise
        return notes

    def _write_release(self, doc_id: int, rec: ReleaseRecord) -> list[str]:
        c = self.conn
        r = rec.release
        notes = []
        old = c.execute("SELECT id, source FROM releases WHERE lang=? AND label=? AND origin=?",
                        (r["lang"], r["label"], r["origin"])).fetchone()
        if old:
            c.execute("DELETE FROM releases WHERE id=?", (old["id"],))
            notes.append(f"replaces {r['lang']}:{r['label']} ({r['origin']}) from {old['source']}")
        cols = ["document_id", *r.keys()]
        cur = c.execute(f"INSERT INTO releases ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})",
                        [doc_id, *r.values()])
        rid = cur.lastrowid
        for table in ("chapters", "sections", "rules", "examples", "glossary", "warnings"):
            rows = getattr(rec, table)
            if not rows:
                continue
            keys = list(rows[0].keys())
            sql = (f"INSERT INTO {table} (release_id, {','.join(keys)}) "
                   f"VALUES (?, {','.join('?' * len(keys))})")
            c.executemany(sql, [(rid, *[row[k] for k in keys]) for row in rows])
        return notes

    # -- releases ---------------------------------------------------------------------------
    def releases(self, lang: str | None = None) -> list[ReleaseInfo]:
        """All stored releases (optionally of one language), by effective date then label."""
        sql = "SELECT * FROM releases"
        args: tuple = ()
        if lang:
            sql += " WHERE lang=?"
            args = (lang,)
        sql += " ORDER BY lang, COALESCE(effective_date, label), label"
        return [self._info(row) for row in self.conn.execute(sql, args)]

    @staticmethod
    def _info(row: sqlite3.Row) -> ReleaseInfo:
        return ReleaseInfo(
            id=row["id"], lang=row["lang"], label=row["label"], effective_date=row["effective_date"],
            revision=row["revision"], origin=row["origin"], complete=bool(row["complete"]),
            source=row["source"],
            counts={"sections": row["n_sections"], "rules": row["n_rules"],
                    "subrules": row["n_subrules"], "examples": row["n_examples"],
                    "glossary": row["n_glossary"]})

    def resolve(self, spec: str | None, lang: str = "en") -> ReleaseInfo:
        """Find a release by effective date (``2023-11-17``), label (``20231117``), label with a
        translation revision (``20231117.0``) or ``latest``/``None`` (the newest).

        A complete release is preferred to a partial one (a quote) of the same label.

        Raises:
            StoreError: no such release in that language (the message lists what exists).
        """
        rels = self.releases(lang)
        if not rels:
            raise StoreError(f"no {lang} releases in {self.path} (run 'mtgcr ingest' first)")
        rels.sort(key=lambda r: (r.complete, r.effective_date or r.label))
        if spec in (None, "", "latest"):
            full = [r for r in rels if r.complete] or rels
            return max(full, key=lambda r: (r.effective_date or "", r.label))
        s = spec.strip()
        label = s.split(".")[0].replace("-", "")
        hits = [r for r in rels if r.effective_date == s or r.label == label
                or (r.effective_date or "").replace("-", "") == label]
        if not hits:
            have = ", ".join(r.effective_date or r.label for r in rels[-8:])
            raise StoreError(f"no {lang} release {spec!r} in the store (newest: {have})")
        exact = [r for r in hits if r.label == label] or hits
        return sorted(exact, key=lambda r: (r.complete, r.origin == "official"))[-1]

    def release_rows(self, release_id: int) -> ReleaseRecord:
        """Every row of one release, as a :class:`ReleaseRecord` (for :mod:`extract.records`)."""
        c = self.conn
        row = c.execute("SELECT * FROM releases WHERE id=?", (release_id,)).fetchone()
        if row is None:
            raise StoreError(f"no release with id {release_id}")
        rec = ReleaseRecord(release=dict(row))
        for table, order in (("chapters", "number"), ("sections", "section"), ("rules", "ord"),
                             ("examples", "ord"), ("glossary", "ord"), ("warnings", "rowid")):
            rows = c.execute(f"SELECT * FROM {table} WHERE release_id=? ORDER BY {order}", (release_id,))
            setattr(rec, table, [dict(r) for r in rows])
        return rec

    def facts(self, kind: str) -> list[dict[str, Any]]:
        """All stored facts of one kind (JSON-decoded), each with ``document_source`` added."""
        rows = self.conn.execute(
            "SELECT f.data, d.source FROM facts f JOIN documents d ON d.id=f.document_id "
            "WHERE f.kind=? ORDER BY f.rowid", (kind,))
        out = []
        for data, source in rows:
            item = json.loads(data)
            item.setdefault("document_source", source)
            out.append(item)
        return out

    # -- alignment cache (written by crossref; a cache: dropped with either release) -------
    def cached_alignment(self, old_id: int, new_id: int, version: str) -> str | None:
        """The cached alignment (JSON text) of two releases for ``version``, or ``None``
        (also when the store predates the ``alignments`` table)."""
        try:
            row = self.conn.execute(
                "SELECT data FROM alignments WHERE old_release_id=? AND new_release_id=? AND version=?",
                (old_id, new_id, version)).fetchone()
        except sqlite3.OperationalError:
            return None
        return row[0] if row else None

    def cache_alignment(self, old_id: int, new_id: int, version: str, data: str) -> bool:
        """Store an alignment (JSON text) for ``version``, replacing older versions of the pair.

        Returns:
            ``False`` (nothing written) if the store is read-only or busy; the cache is
            optional, so this never raises for that.
        """
        if self.readonly:
            return False
        try:
            c = self.conn
            c.execute("BEGIN IMMEDIATE")
            c.execute("DELETE FROM alignments WHERE old_release_id=? AND new_release_id=?",
                      (old_id, new_id))
            c.execute("INSERT INTO alignments VALUES (?,?,?,?,?)",
                      (old_id, new_id, version, data,
                       datetime.now(timezone.utc).isoformat(timespec="seconds")))
            c.execute("COMMIT")
            return True
        except sqlite3.OperationalError:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            return False

    # -- tables for users -------------------------------------------------------------------
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


def iso(d: date | None) -> str | None:
    """``date`` → ``"YYYY-MM-DD"`` (``None`` stays ``None``)."""
    return d.isoformat() if d else None
