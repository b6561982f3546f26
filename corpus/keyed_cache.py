"""A small on-disk cache of JSON values by key, in one SQLite file: results that cost time to
compute and are the same while their inputs are (``cite-check`` keeps each source file's
checked citations under the file's sha256 and the check's settings, so an unchanged file costs
nothing on the next run).

Values are JSON text (never pickles: a cache restored in CI from another branch must not be
able to run code). The file is a cache: losing it loses nothing; one that cannot be opened or
read (damaged, read-only, locked by a long writer) is replaced by an empty cache in memory
and said so in :attr:`KeyedCache.problem`, never an error. Entries not used for
:data:`KEEP_DAYS` days are dropped when the cache is closed.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

__all__ = ["KeyedCache", "default_cache_path", "KEEP_DAYS"]

#: Entries unused for this many days are dropped.
KEEP_DAYS = 60
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS entries ("
    "key TEXT PRIMARY KEY, value TEXT NOT NULL, used INTEGER NOT NULL)"
)


def default_cache_path(name: str) -> Path:
    """``<user cache dir>/mtgcr/<name>.sqlite`` (platformdirs)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("mtgcr", appauthor=False)) / f"{name}.sqlite"


class KeyedCache:
    """JSON values by string key in the SQLite file ``path`` (created with its folder).

    Args:
        path: the cache file; ``None``: an in-memory cache (nothing kept after the run).
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem = ""
        self.hits = 0
        self.misses = 0
        self._pending: list[tuple[str, str, int]] = []
        self._touched: list[tuple[int, str]] = []
        self._now = int(time.time())
        try:
            if path is None:
                raise sqlite3.OperationalError("no cache file asked for")
            path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(path, timeout=2.0)
            self.conn.execute(_SCHEMA)
            self.conn.commit()
        except (sqlite3.Error, OSError) as exc:
            if path is not None:
                self.problem = f"cache {path} not used ({exc}): every file is read again"
            self.conn = sqlite3.connect(":memory:")
            self.conn.execute(_SCHEMA)

    def get(self, key: str) -> Any | None:
        """The value stored under ``key``, or ``None``."""
        try:
            row = self.conn.execute("SELECT value FROM entries WHERE key=?", (key,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        self._touched.append((self._now, key))
        return json.loads(row[0])

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` (JSON-serialisable) under ``key`` (written by :meth:`flush`)."""
        self._pending.append(
            (key, json.dumps(value, ensure_ascii=False, separators=(",", ":")), self._now)
        )
        if len(self._pending) >= 500:
            self.flush()

    def flush(self) -> None:
        """Write what :meth:`put` and :meth:`get` left pending (values and use times)."""
        if not self._pending and not self._touched:
            return
        rows, self._pending = self._pending, []
        touched, self._touched = self._touched, []
        try:
            with self.conn:
                self.conn.executemany(
                    "INSERT OR REPLACE INTO entries (key, value, used) VALUES (?, ?, ?)", rows
                )
                self.conn.executemany("UPDATE entries SET used=? WHERE key=?", touched)
        except sqlite3.Error as exc:
            self.problem = self.problem or f"cache {self.path} not written ({exc})"

    def close(self) -> None:
        """Flush, drop entries unused for :data:`KEEP_DAYS` days, close."""
        self.flush()
        try:
            with self.conn:
                self.conn.execute(
                    "DELETE FROM entries WHERE used < ?", (self._now - KEEP_DAYS * 86400,)
                )
        except sqlite3.Error:
            pass
        self.conn.close()

    def __enter__(self) -> "KeyedCache":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
