"""The store's copies of releases: the ``copies`` table and the operations on it.

Mixed into :class:`mtgcr.corpus.store.Store`. One row per stored document that holds a whole
CR text (``releases.origin`` = :data:`~mtgcr.corpus.copies.WHOLE_TEXT`); the canonical copy of a
release is the one whose document the ``releases`` row points at, and it is always the
:func:`~mtgcr.corpus.copies.pick_canonical` of the release's copies (an invariant every method
keeps). Only the canonical copy's parse is stored as rows; the others keep their bytes
(``documents.raw``), their counts, quality and warnings, so any of them can become canonical
again by re-parsing its bytes (:mod:`mtgcr.extract.copies` does the parsing; this module knows
rows only). Removing a copy or a release keeps the bytes: it is undone by ``mtgcr restore``.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from mtgcr.corpus.copies import (
    LEGACY_WHOLE_TEXT,
    WHOLE_TEXT,
    CopyOrigin,
    CopyRecord,
    ReleaseId,
    origin_from_path,
    pick_canonical,
    release_key,
    why_preferred,
)
from mtgcr.corpus.notes import NoteKind, StoreNote
from mtgcr.corpus.quality import CopyQuality

from mtgcr.corpus.release_spec import ReleaseSpec

__all__ = ["COPIES_SCHEMA", "CopiesMixin", "CopyNotes", "ReleaseCopies"]

COPIES_SCHEMA = """
CREATE TABLE IF NOT EXISTS copies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- copy numbers are never reused
    document_id INTEGER NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE,
    release_key TEXT NOT NULL,
    lang TEXT NOT NULL, effective_date TEXT, revision TEXT, label TEXT NOT NULL,
    origin TEXT NOT NULL, origin_evidence TEXT,
    complete INTEGER NOT NULL, truncated INTEGER NOT NULL DEFAULT 0,
    n_sections INTEGER, n_rules INTEGER, n_subrules INTEGER, n_examples INTEGER, n_glossary INTEGER,
    quality TEXT,
    chosen INTEGER NOT NULL DEFAULT 0,
    removed INTEGER NOT NULL DEFAULT 0,
    added_at TEXT
);
CREATE INDEX IF NOT EXISTS copies_by_release ON copies(release_key);
"""

_COUNTS = ("sections", "rules", "subrules", "examples", "glossary")


class CopyNotes(list[StoreNote]):
    """The notes of :meth:`Store.add_document` (a list of :class:`StoreNote` records) with the
    typed outcome of each copy written: ``copies`` = ``[(copy, canonical now?)]``."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.copies: list[tuple[CopyRecord, bool]] = []


@dataclass
class ReleaseCopies:
    """The stored releases with their copies (what ``mtgcr releases`` lists).

    Attributes:
        releases: :class:`~mtgcr.corpus.store.ReleaseInfo` values, oldest first per language.
        copies: every copy (also removed ones), by release then copy number.
        canonical: release id → its canonical copy (whole texts only).
        removed: release keys whose every copy the user removed (restorable).
    """

    releases: list[Any]
    copies: list[CopyRecord]
    canonical: dict[int, CopyRecord] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)

    def n_copies(self, copy: CopyRecord) -> int:
        """How many copies of ``copy``'s release are stored."""
        return sum(c.release_key == copy.release_key for c in self.copies)


class CopiesMixin:
    """Copy operations of the store (see the module docstring). Needs ``self.conn``."""

    conn: sqlite3.Connection

    # -- reading ----------------------------------------------------------------------------
    def has_copies_table(self) -> bool:
        """False for a store from before copies, opened read-only (not migrated)."""
        return (
            self.conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='copies'"
            ).fetchone()
            is not None
        )

    def copies(
        self, lang: str | None = None, key: str | None = None, include_removed: bool = True
    ) -> list[CopyRecord]:
        """Stored copies, by release then copy number.

        Args:
            lang: only this language.
            key: only this release (:func:`~mtgcr.corpus.copies.release_key`).
            include_removed: also copies the user removed.

        Returns:
            :class:`CopyRecord` values (``canonical`` set for the canonical one); ``[]`` for a
            read-only store from before copies.
        """
        if not self.has_copies_table():
            return []
        sql = (
            "SELECT c.*, d.sha256, d.source AS doc_source, d.size, "
            "EXISTS(SELECT 1 FROM releases r WHERE r.document_id = c.document_id "
            "AND r.origin IN (?, ?)) AS canonical FROM copies c JOIN documents d "
            "ON d.id = c.document_id"
        )
        where, args = [], [WHOLE_TEXT, LEGACY_WHOLE_TEXT]  # (a store read before migration)
        if lang:
            where.append("c.lang = ?")
            args.append(lang)
        if key:
            where.append("c.release_key = ?")
            args.append(key)
        if not include_removed:
            where.append("c.removed = 0")
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY c.lang, COALESCE(c.effective_date, c.label), c.release_key, c.id"
        return [self._copy(row) for row in self.conn.execute(sql, args)]

    def release_copies(self, lang: str | None = None) -> ReleaseCopies:
        """The releases of ``lang`` (every language with ``None``) with their copies, the
        canonical copy of each whole-text release and the removed releases."""
        rels = self.releases(lang)  # type: ignore[attr-defined]
        copies = self.copies(lang)
        doc_of = dict(self.conn.execute("SELECT id, document_id FROM releases"))
        by_doc = {c.document_id: c for c in copies}
        canon = {
            r.id: by_doc[doc_of[r.id]]
            for r in rels
            if r.origin == WHOLE_TEXT and doc_of.get(r.id) in by_doc
        }
        removed = sorted({c.release_key for c in copies} - {c.release_key for c in canon.values()})
        return ReleaseCopies(rels, copies, canon, removed)

    def copy(self, copy_id: int) -> CopyRecord | None:
        """The copy with this number, or ``None``."""
        row = (
            self.conn.execute(
                "SELECT c.*, d.sha256, d.source AS doc_source, d.size, "
                "EXISTS(SELECT 1 FROM releases r WHERE r.document_id = c.document_id "
                "AND r.origin IN (?, ?)) AS canonical FROM copies c JOIN documents d "
                "ON d.id = c.document_id WHERE c.id = ?",
                (WHOLE_TEXT, LEGACY_WHOLE_TEXT, copy_id),
            ).fetchone()
            if self.has_copies_table()
            else None
        )
        return self._copy(row) if row else None

    def copy_of_document(self, sha256: str) -> CopyRecord | None:
        """The copy whose bytes have this sha256, or ``None`` (not a whole CR text, or stored
        before copies were recorded and never re-read)."""
        if not self.has_copies_table():
            return None
        row = self.conn.execute(
            "SELECT c.id FROM copies c JOIN documents d ON d.id = c.document_id WHERE d.sha256 = ?",
            (sha256,),
        ).fetchone()
        return self.copy(row[0]) if row else None

    def document_kind(self, sha256: str) -> str | None:
        """The stored kind of a document (``"cr-text"`` …), or ``None`` if not stored."""
        row = self.conn.execute("SELECT kind FROM documents WHERE sha256 = ?", (sha256,)).fetchone()
        return row[0] if row else None

    def document_has_releases(self, sha256: str) -> bool:
        """True if a ``releases`` row was parsed from this document (and is still stored)."""
        return (
            self.conn.execute(
                "SELECT 1 FROM releases r JOIN documents d ON d.id = r.document_id WHERE d.sha256 = ?",
                (sha256,),
            ).fetchone()
            is not None
        )

    def unattached_texts(self) -> list[tuple[str, str]]:
        """``(sha256, source)`` of stored CR texts that are neither a copy nor a release's
        document — replaced by another file in a store from before copies; they can be read
        again from their bytes (:func:`mtgcr.extract.ingest.reread_unattached`)."""
        if not self.has_copies_table():
            return []
        return [
            (r[0], r[1])
            for r in self.conn.execute(
                "SELECT d.sha256, d.source FROM documents d WHERE d.kind = 'cr-text' "
                "AND NOT EXISTS (SELECT 1 FROM copies c WHERE c.document_id = d.id) "
                "AND NOT EXISTS (SELECT 1 FROM releases r WHERE r.document_id = d.id) ORDER BY d.id"
            )
        ]

    def copies_matching(self, spec: str | None, lang: str = "en") -> list[CopyRecord]:
        """The copies of the release ``spec`` names: an effective date or a label of any of
        its copies (``2009-07-08`` finds the release effective 2009-07-11 that an archive copy
        labelled so); removed copies and releases included. ``[]`` when none matches."""
        if spec is None:
            return []
        named = ReleaseSpec.parse(spec)
        iso = named.iso
        keys = []
        for c in self.copies(lang):
            if (c.effective_date == iso or c.label == named.label) and named.revision_fits(
                c.revision
            ):
                if c.release_key not in keys:
                    keys.append(c.release_key)
        by_date = [k for k in keys if ReleaseId.parse(k).when == iso]
        keys = by_date or keys
        return [c for c in self.copies(lang) if c.release_key in keys]

    @staticmethod
    def _copy(row: sqlite3.Row) -> CopyRecord:
        return CopyRecord(
            id=row["id"],
            release_key=row["release_key"],
            lang=row["lang"],
            effective_date=row["effective_date"],
            revision=row["revision"],
            label=row["label"],
            origin=CopyOrigin(row["origin"]),
            origin_evidence=row["origin_evidence"] or "",
            sha256=row["sha256"],
            source=row["doc_source"],
            size=row["size"],
            complete=bool(row["complete"]),
            truncated=bool(row["truncated"]),
            counts={k: row[f"n_{k}"] for k in _COUNTS},
            quality=CopyQuality.from_json(json.loads(row["quality"]) if row["quality"] else None),
            chosen=bool(row["chosen"]),
            removed=bool(row["removed"]),
            canonical=bool(row["canonical"]),
            document_id=row["document_id"],
        )

    # -- writing (inside a transaction the caller holds) ------------------------------------
    def _insert_copy(
        self,
        doc_id: int,
        release: dict[str, Any],
        origin: CopyOrigin,
        evidence: str,
        quality: CopyQuality,
        chosen: bool = False,
    ) -> int:
        key = release_key(
            release["lang"],
            release.get("effective_date"),
            release.get("revision"),
            release["label"],
        )
        cur = self.conn.execute(
            "INSERT INTO copies (document_id, release_key, lang, effective_date, revision, label, "
            "origin, origin_evidence, complete, truncated, n_sections, n_rules, n_subrules, "
            "n_examples, n_glossary, quality, chosen, removed, added_at) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,0,?)",
            (
                doc_id,
                key,
                release["lang"],
                release.get("effective_date"),
                release.get("revision"),
                release["label"],
                origin.value,
                evidence,
                int(release.get("complete", 1)),
                int(release.get("truncated") or 0),
                *[release.get(f"n_{k}") for k in _COUNTS],
                json.dumps(quality.to_json()),
                int(chosen),
                datetime.now(timezone.utc).isoformat(timespec="seconds"),
            ),
        )
        if chosen:
            self.conn.execute(
                "UPDATE copies SET chosen = (id = ?) WHERE release_key = ?", (cur.lastrowid, key)
            )
        assert cur.lastrowid is not None  # an INSERT sets it
        return cur.lastrowid

    def _canonical_release_id(self, key: str) -> int | None:
        row = self.conn.execute(
            "SELECT r.id FROM releases r JOIN copies c ON c.document_id = r.document_id "
            "WHERE c.release_key = ? AND r.origin = ?",
            (key, WHOLE_TEXT),
        ).fetchone()
        return row[0] if row else None

    def _drop_release(self, release_id: int) -> None:
        """Delete a release's rows; its warnings are kept as warnings of its document."""
        self.conn.execute(
            "UPDATE warnings SET document_id = (SELECT document_id FROM releases "
            "WHERE id = ?), release_id = NULL WHERE release_id = ?",
            (release_id, release_id),
        )
        self.conn.execute("DELETE FROM releases WHERE id = ?", (release_id,))
        self._forget_release_caches(release_id)

    def _forget_release_caches(self, release_id: int) -> None:
        """SQLite may give the next release a deleted release's id again: per-release caches
        without a foreign key (the search index, :mod:`mtgcr.corpus.search_index`) must forget
        the id when the release is deleted, not when they are next read."""
        for table in ("search_fts", "search_indexed"):
            if self.conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone():
                self.conn.execute(f"DELETE FROM {table} WHERE release_id = ?", (release_id,))

    def _write_copy(
        self,
        doc_id: int,
        rec: Any,
        origin: CopyOrigin,
        evidence: str,
        quality: CopyQuality,
        choose: bool,
    ) -> tuple[list[StoreNote], CopyRecord, bool]:
        """Record ``rec`` (a whole-text :class:`~mtgcr.corpus.store.ReleaseRecord` parsed from
        document ``doc_id``) as a copy; write its rows if it is now the canonical copy.

        Returns:
            ``(notes, the copy, canonical now?)``.
        """
        from mtgcr.errors import StoreError

        r = rec.release
        cid = self._insert_copy(doc_id, r, origin, evidence, quality, choose)
        new = self.copy(cid)
        assert new is not None  # just inserted
        others = [c for c in self.copies(key=new.release_key) if c.id != cid]
        best = pick_canonical(others + [new])
        assert best is not None  # the new copy is not removed
        clash = self.conn.execute(
            "SELECT r.id, r.effective_date, r.source FROM releases r LEFT JOIN copies c ON "
            "c.document_id = r.document_id WHERE r.lang = ? AND r.label = ? AND r.origin = ? "
            "AND COALESCE(c.release_key, '') != ?",
            (r["lang"], r["label"], WHOLE_TEXT, new.release_key),
        ).fetchone()
        if best.id != cid:
            self.conn.executemany(
                "INSERT INTO warnings (document_id, source, line, message, kind, data) "
                "VALUES (?,?,?,?,?,?)",
                [
                    (doc_id, w["source"], w["line"], w["message"], w.get("kind"), w.get("data"))
                    for w in rec.warnings
                ],
            )
            note = StoreNote(
                NoteKind.COPY_STORED,
                f"{r['lang']}:{r['label']}",
                WHOLE_TEXT,
                f"stored as a copy of {new.name} (canonical: {best.describe()}); "
                f"copy {cid}: 'mtgcr releases --canonical {new.release.spec} "
                f"--copy {cid}' makes it canonical",
            )
            return [note], new, False
        if clash is not None:
            raise StoreError(
                f"{new.source}: label {r['lang']}:{r['label']} is already used by the release "
                f"effective {clash['effective_date']} from {clash['source']}; this file says "
                f"effective {r.get('effective_date')} (rename the file so its name gives its "
                f"own date)"
            )
        old_id = self._canonical_release_id(new.release_key)
        notes: list[StoreNote] = []
        old = next((c for c in others if c.canonical), None)
        if old_id is not None:
            self._drop_release(old_id)
        if old is not None:
            why = "chosen with --replace" if choose else why_preferred(new, old)
            notes.append(
                StoreNote(
                    NoteKind.COPY_CANONICAL,
                    f"{r['lang']}:{r['label']}",
                    WHOLE_TEXT,
                    f"now the canonical copy of {new.name} ({why}); copy "
                    f"{old.id} ({old.describe()}) stays stored as a copy",
                )
            )
        self._insert_release_rows(doc_id, rec)
        return notes, new, True

    def _insert_release_rows(self, doc_id: int, rec: Any) -> int:
        c = self.conn
        r = rec.release
        cols = ["document_id", *r.keys()]
        cur = c.execute(
            f"INSERT INTO releases ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})",
            [doc_id, *r.values()],
        )
        rid = cur.lastrowid
        for table in (
            "chapters",
            "sections",
            "rules",
            "examples",
            "glossary",
            "warnings",
            "stale_rules",
        ):
            rows = getattr(rec, table)
            if not rows:
                continue
            keys = list(rows[0].keys())
            sql = (
                f"INSERT INTO {table} (release_id, {','.join(keys)}) "
                f"VALUES (?, {','.join('?' * len(keys))})"
            )
            c.executemany(sql, [(rid, *[row[k] for k in keys]) for row in rows])
        assert rid is not None  # an INSERT sets it
        return rid

    # -- user operations --------------------------------------------------------------------
    def _transaction(self) -> contextlib.AbstractContextManager[None]:
        return self.write_transaction()  # type: ignore[attr-defined]

    def apply_copy_marks(
        self, key: str, marked: list[CopyRecord], target: CopyRecord | None, rec: Any = None
    ) -> None:
        """Write a user's change to the copies of release ``key`` in one transaction: the
        marks (chosen, removed, origin) of ``marked`` (from
        :func:`mtgcr.corpus.copies.with_marks`), and the canonical copy ``target``: with
        ``rec`` (its parse, a :class:`~mtgcr.corpus.store.ReleaseRecord`) the release's rows
        are replaced by it (alignments of the old rows go with them); ``target`` ``None``
        deletes the release's rows (its copies and bytes stay). Interrupted, nothing changes.
        """
        with self._transaction():
            self.conn.executemany(
                "UPDATE copies SET chosen = ?, removed = ?, origin = ?, origin_evidence = ? "
                "WHERE id = ? AND release_key = ?",
                [
                    (int(c.chosen), int(c.removed), c.origin.value, c.origin_evidence, c.id, key)
                    for c in marked
                ],
            )
            old = self._canonical_release_id(key)
            if target is None or rec is not None:
                if old is not None:
                    self._drop_release(old)
            if target is not None and rec is not None:
                self.conn.execute(
                    "DELETE FROM warnings WHERE document_id = ? AND release_id IS NULL",
                    (target.document_id,),
                )
                self._insert_release_rows(target.document_id, rec)

    def purge_copies(self, key: str, copy_id: int | None = None) -> int:
        """Delete removed copies of ``key`` (one, or every removed one) with their bytes — not
        undoable. Returns how many documents were deleted."""
        with self._transaction():
            rows = self.conn.execute(
                "SELECT document_id FROM copies WHERE release_key = ? AND removed = 1"
                + (" AND id = ?" if copy_id is not None else ""),
                (key, copy_id) if copy_id is not None else (key,),
            ).fetchall()
            for (doc_id,) in rows:
                self.conn.execute("DELETE FROM warnings WHERE document_id = ?", (doc_id,))
                self.conn.execute("DELETE FROM facts WHERE document_id = ?", (doc_id,))
                self.conn.execute("DELETE FROM copies WHERE document_id = ?", (doc_id,))
                self.conn.execute("DELETE FROM documents WHERE id = ?", (doc_id,))
        return len(rows)

    # -- migration --------------------------------------------------------------------------
    def _backfill_copies(self) -> None:
        """A store from before copies: one copy per stored whole-text release (origin from the
        document's path, quality from its bytes); releases that are copies of one release
        (same language and effective date) keep only the canonical one's rows."""
        from mtgcr.corpus.document import DocumentError, document_from_bytes
        from mtgcr.corpus.quality import assess_text

        rows = self.conn.execute(
            "SELECT r.*, d.raw, d.source AS doc_source FROM releases r JOIN documents d "
            "ON d.id = r.document_id LEFT JOIN copies c ON c.document_id = r.document_id "
            "WHERE r.origin = ? AND c.id IS NULL",
            (WHOLE_TEXT,),
        ).fetchall()
        if not rows:
            return
        with self._transaction():
            keys = set()
            for row in rows:
                try:
                    quality = assess_text(
                        document_from_bytes(bytes(row["raw"]), row["doc_source"]).text
                    )
                except DocumentError:
                    quality = CopyQuality()
                origin, evidence = origin_from_path(row["doc_source"])
                rel = {k: row[k] for k in row.keys() if k not in ("raw", "doc_source", "id")}
                cid = self._insert_copy(row["document_id"], rel, origin, evidence, quality)
                keys.add(
                    self.conn.execute(
                        "SELECT release_key FROM copies WHERE id = ?", (cid,)
                    ).fetchone()[0]
                )
            for key in keys:
                best = pick_canonical(self.copies(key=key))
                if best is None:  # a backfilled copy is never removed
                    continue
                for row in self.conn.execute(
                    "SELECT r.id, r.document_id FROM releases r JOIN copies c ON "
                    "c.document_id = r.document_id WHERE c.release_key = ? AND r.origin = ?",
                    (key, WHOLE_TEXT),
                ).fetchall():
                    if row["document_id"] != best.document_id:
                        self._drop_release(row["id"])
