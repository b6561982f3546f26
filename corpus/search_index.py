"""Full-text search over stored rules: an SQLite FTS5 table filled per release on demand.

The table ``search_fts`` holds, per release and rule, the rule's search tokens joined by
spaces (made by :func:`mtgcr.extract.search_tokens.tokens`, so CJK text is already in bigrams)
and is matched with FTS5's ``unicode61`` tokenizer, which then splits exactly on those spaces.
``search_indexed`` records which releases are in it; a release removed from the store drops
out of the results (its rows are deleted when the release id is no longer stored).

A store that cannot be written (a read-only location or file) is searched through the same
tables in SQLite's ``temp`` schema: filled for this run only, never written to the store.

Queries are bounded: at most :data:`MAX_TERMS` distinct phrases (callers de-duplicate and
refuse more), and the query runs :func:`~mtgcr.corpus.interrupt.interruptible`, so Ctrl-C and
SIGTERM stop it at once.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass
from typing import Iterable, Iterator

from mtgcr.corpus.interrupt import interruptible
from mtgcr.corpus.store import Store, StoreReadOnly

__all__ = [
    "MAX_TERMS",
    "SearchHit",
    "SearchIndex",
    "ensure_index",
    "indexed_releases",
    "add_release",
    "match",
]

#: The most distinct phrases one query may hold (an FTS5 AND of n phrases costs about n² on
#: common words: 400 terms ~0.4 s, 3,200 ~26 s on this machine's test table).
MAX_TERMS = 64

_DDL = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS {schema}.search_fts USING fts5(tokens, release_id "
    "UNINDEXED, number UNINDEXED, tokenize = \"unicode61 remove_diacritics 0 tokenchars '.'\")",
    "CREATE TABLE IF NOT EXISTS {schema}.search_indexed (release_id INTEGER PRIMARY KEY)",
)


@dataclass(frozen=True)
class SearchHit:
    """One matching rule: release id, rule number (as stored) and FTS5 rank (lower: better)."""

    release_id: int
    number: str
    rank: float


@dataclass(frozen=True)
class SearchIndex:
    """The index of one open store: ``schema`` is ``"main"`` (kept in the store) or
    ``"temp"`` (the store cannot be written: this run only)."""

    store: Store
    schema: str = "main"

    @property
    def persistent(self) -> bool:
        """True when the index is kept in the store for the next run."""
        return self.schema == "main"


def ensure_index(store: Store) -> SearchIndex:
    """Create the search tables if the store lacks them and drop rows of removed releases;
    on a store that cannot be written, make them in the ``temp`` schema instead.

    Raises:
        StoreBusy: another process held the write lock for the store's timeout.
    """
    if not store.readonly:
        try:
            with store.write_transaction():
                for ddl in _DDL:
                    store.conn.execute(ddl.format(schema="main"))
                live = "SELECT id FROM releases"
                store.conn.execute(f"DELETE FROM search_fts WHERE release_id NOT IN ({live})")
                store.conn.execute(f"DELETE FROM search_indexed WHERE release_id NOT IN ({live})")
            return SearchIndex(store, "main")
        except StoreReadOnly:
            pass
    for ddl in _DDL:
        store.conn.execute(ddl.format(schema="temp"))
    return SearchIndex(store, "temp")


def indexed_releases(index: SearchIndex) -> set[int]:
    """Ids of the releases already in the index."""
    rows = index.store.conn.execute(f"SELECT release_id FROM {index.schema}.search_indexed")
    return {r[0] for r in rows}


def add_release(index: SearchIndex, release_id: int, rows: Iterable[tuple[str, list[str]]]) -> None:
    """Index one release: ``rows`` are ``(rule number, tokens)``; one transaction."""
    conn, schema = index.store.conn, index.schema
    with index.store.write_transaction() if index.persistent else _temp_transaction(conn):
        conn.executemany(
            f"INSERT INTO {schema}.search_fts (tokens, release_id, number) VALUES (?, ?, ?)",
            ((" ".join(toks), release_id, number) for number, toks in rows),
        )
        conn.execute(f"INSERT OR IGNORE INTO {schema}.search_indexed VALUES (?)", (release_id,))


@contextlib.contextmanager
def _temp_transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """One transaction for writes to the ``temp`` schema only (no write lock on the store)."""
    conn.execute("BEGIN")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _quote(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def match(
    index: SearchIndex, phrases: list[list[str]], release_ids: Iterable[int], limit: int = 50
) -> list[SearchHit]:
    """Rules of the given releases containing every phrase (each a token sequence), best
    first (FTS5 bm25 rank). The query stops at once on Ctrl-C or SIGTERM.

    Raises:
        ValueError: no phrase (an empty query), or more than :data:`MAX_TERMS`.
        KeyboardInterrupt: Ctrl-C or SIGTERM during the query.
    """
    if not phrases:
        raise ValueError("an empty query")
    if len(phrases) > MAX_TERMS:
        raise ValueError(f"{len(phrases)} distinct words; at most {MAX_TERMS} are searched")
    expr = " AND ".join(_quote(" ".join(p)) for p in phrases)
    ids = sorted(set(release_ids))
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    conn, schema = index.store.conn, index.schema
    with interruptible(conn):
        rows = conn.execute(
            f"SELECT release_id, number, rank FROM {schema}.search_fts WHERE search_fts MATCH ? "
            f"AND release_id IN ({marks}) ORDER BY rank LIMIT ?",
            (expr, *ids, limit),
        ).fetchall()
    return [SearchHit(r[0], r[1], r[2]) for r in rows]
