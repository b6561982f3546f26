"""The store's alignment cache: the ``alignments`` table (one JSON text per pair of releases
and version, read back whole) and its lookup index ``alignment_steps`` (one row per number
of a changed rule group and per section correspondence, so that a query following one rule
through a chain reads a few rows, not every alignment).

Mixed into :class:`mtgcr.corpus.store.Store`. The store knows rows only: what a step row
holds is decided by :mod:`mtgcr.crossref.steps`. Both tables are caches: rows go with either
release (foreign keys, ``ON DELETE CASCADE``), and a step row goes with its alignment.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from typing import Iterable, Sequence

from mtgcr.errors import StoreError

__all__ = ["ALIGN_CACHE_SCHEMA", "AlignCacheMixin", "StepRow"]

ALIGN_CACHE_SCHEMA = """
CREATE TABLE IF NOT EXISTS alignments (
    old_release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    new_release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
    version TEXT NOT NULL, data TEXT NOT NULL, created_at TEXT,
    indexed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (old_release_id, new_release_id, version)
);
CREATE INDEX IF NOT EXISTS alignments_by_new ON alignments(new_release_id);
CREATE TABLE IF NOT EXISTS alignment_steps (
    old_release_id INTEGER NOT NULL, new_release_id INTEGER NOT NULL, version TEXT NOT NULL,
    side TEXT NOT NULL, number TEXT NOT NULL, ord INTEGER NOT NULL, data TEXT NOT NULL,
    FOREIGN KEY (old_release_id, new_release_id, version)
        REFERENCES alignments(old_release_id, new_release_id, version) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS alignment_steps_by_number ON alignment_steps(number);
CREATE INDEX IF NOT EXISTS alignment_steps_by_pair
    ON alignment_steps(old_release_id, new_release_id, version);
"""

#: One step row: ``(side, number, ord, data)`` — side ``"o"``/``"n"`` (an old / new rule
#: number of a group), ``"s"``/``"t"`` (an old / new section number); ``ord`` its position
#: in the alignment; ``data`` JSON text.
StepRow = tuple[str, str, int, str]

#: A cached pair: ``(old release id, new release id, version)``.
PairKey = tuple[int, int, str]


class AlignCacheMixin:
    """Alignment cache operations of the store (see the module docstring). Needs ``self.conn``
    and ``self.readonly``."""

    conn: sqlite3.Connection
    readonly: bool

    def cached_alignment(self, old_id: int, new_id: int, version: str) -> str | None:
        """The cached alignment (JSON text) of two releases for ``version``, or ``None``
        (also when the store predates the ``alignments`` table)."""
        try:
            row = self.conn.execute(
                "SELECT data FROM alignments WHERE old_release_id=? AND new_release_id=? AND version=?",
                (old_id, new_id, version),
            ).fetchone()
        except sqlite3.OperationalError:
            return None
        return row[0] if row else None

    def cache_alignment(
        self,
        old_id: int,
        new_id: int,
        version: str,
        data: str,
        steps: Iterable[StepRow] | None = None,
    ) -> bool:
        """Store an alignment (JSON text) for ``version``, replacing older versions of the
        pair, with its lookup rows ``steps`` (then it counts as indexed), in one transaction.

        Returns:
            ``False`` (nothing written) if the store is read-only or busy; the cache is
            optional, so this never raises for that.
        """
        return self.cache_alignments([((old_id, new_id, version), data, steps)])

    def cache_alignments(
        self, items: Sequence[tuple[PairKey, str, Iterable[StepRow] | None]]
    ) -> bool:
        """:meth:`cache_alignment` for several pairs, in one transaction (all or none).

        Args:
            items: ``((old id, new id, version), JSON text, step rows or None)``.

        Returns:
            ``False`` (nothing written) if the store is read-only or busy.
        """
        if self.readonly or not items:
            return not items
        c = self.conn
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        try:
            if not self.begin_write(wait=False):  # type: ignore[attr-defined]
                return False  # busy: the cache is optional, nobody waits for it
            for (old_id, new_id, version), data, steps in items:
                c.execute(
                    "DELETE FROM alignments WHERE old_release_id=? AND new_release_id=?",
                    (old_id, new_id),
                )
                c.execute(
                    "INSERT INTO alignments (old_release_id, new_release_id, version, "
                    "data, created_at, indexed) VALUES (?,?,?,?,?,?)",
                    (old_id, new_id, version, data, now, int(steps is not None)),
                )
                if steps is not None:
                    c.executemany(
                        "INSERT INTO alignment_steps VALUES (?,?,?,?,?,?,?)",
                        [(old_id, new_id, version, *s) for s in steps],
                    )
            c.execute("COMMIT")
            return True
        except (sqlite3.OperationalError, StoreError):  # busy, read-only: the cache is optional
            if c.in_transaction:
                c.execute("ROLLBACK")
            return False

    def index_alignment(self, key: PairKey, steps: Iterable[StepRow]) -> bool:
        """Add the lookup rows of an alignment cached before the index existed.

        Returns:
            ``False`` (nothing written) if read-only, busy, or the alignment is gone.
        """
        if self.readonly:
            return False
        c = self.conn
        try:
            if not self.begin_write(wait=False):  # type: ignore[attr-defined]
                return False  # busy: the cache is optional, nobody waits for it
            cur = c.execute(
                "UPDATE alignments SET indexed=1 WHERE old_release_id=? AND "
                "new_release_id=? AND version=? AND indexed=0",
                key,
            )
            if cur.rowcount:
                c.executemany(
                    "INSERT INTO alignment_steps VALUES (?,?,?,?,?,?,?)",
                    [(*key, *s) for s in steps],
                )
            c.execute("COMMIT")
            return bool(cur.rowcount)
        except (sqlite3.OperationalError, StoreError):  # busy, read-only: the cache is optional
            if c.in_transaction:
                c.execute("ROLLBACK")
            return False

    def cached_pairs(self) -> dict[PairKey, bool]:
        """Every cached pair → whether it is indexed (``{}`` for a store without the cache;
        an old read-only store without the index counts as not indexed). Reads keys only."""
        try:
            rows = self.conn.execute(
                "SELECT old_release_id, new_release_id, version, indexed FROM alignments"
            )
            return {(r[0], r[1], r[2]): bool(r[3]) for r in rows}
        except sqlite3.OperationalError:
            try:
                rows = self.conn.execute(
                    "SELECT old_release_id, new_release_id, version FROM alignments"
                )
                return {(r[0], r[1], r[2]): False for r in rows}
            except sqlite3.OperationalError:
                return {}

    def alignment_steps(
        self, number: str, side: str | None = None
    ) -> list[tuple[int, int, str, str, int, str]]:
        """The step rows of ``number`` in every cached alignment: ``(old id, new id, version,
        side, ord, data)``; only those of one ``side`` if given (``[]`` without the index)."""
        sql = (
            "SELECT old_release_id, new_release_id, version, side, ord, data "
            "FROM alignment_steps WHERE number=?"
        )
        args: tuple = (number,)
        if side is not None:
            sql += " AND side=?"
            args = (number, side)
        try:
            return [tuple(r) for r in self.conn.execute(sql, args)]
        except sqlite3.OperationalError:
            return []

    def drop_alignments(self, keys: Iterable[tuple[int, int]]) -> int:
        """Delete the cached alignments (every version) of the pairs ``(old id, new id)``
        — pairs no longer consecutive in a chain. Returns how many were deleted (0 when
        read-only or busy: the cache is optional)."""
        keys = list(keys)
        if self.readonly or not keys:
            return 0
        c = self.conn
        try:
            if not self.begin_write(wait=False):  # type: ignore[attr-defined]
                return 0  # busy: the cache is optional, nobody waits for it
            n = sum(
                c.execute(
                    "DELETE FROM alignments WHERE old_release_id=? AND new_release_id=?", k
                ).rowcount
                for k in keys
            )
            c.execute("COMMIT")
            return n
        except (sqlite3.OperationalError, StoreError):  # busy, read-only: the cache is optional
            if c.in_transaction:
                c.execute("ROLLBACK")
            return 0
