"""Full-text search over stored rules: an SQLite FTS5 table filled per release on demand.

The table ``search_fts`` holds, per release and rule, the rule's search tokens joined by
spaces (made by :func:`mtgcr.extract.search_tokens.tokens`, so CJK text is already in bigrams)
and is matched with FTS5's ``unicode61`` tokenizer, which then splits exactly on those spaces.
``search_indexed`` records which releases are in it; a release removed from the store drops
out of the results (its rows are deleted when the release id is no longer stored).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from mtgcr.corpus.store import Store

__all__ = ["SearchHit", "ensure_index", "indexed_releases", "add_release", "match"]

_DDL = """
CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(
    tokens, release_id UNINDEXED, number UNINDEXED, tokenize = "unicode61 remove_diacritics 0 tokenchars '.'"
);
CREATE TABLE IF NOT EXISTS search_indexed (release_id INTEGER PRIMARY KEY);
"""


@dataclass(frozen=True)
class SearchHit:
    """One matching rule: release id, rule number (as stored) and FTS5 rank (lower: better)."""

    release_id: int
    number: str
    rank: float


def ensure_index(store: Store) -> None:
    """Create the search tables if the store lacks them; drop rows of removed releases."""
    store.conn.executescript(_DDL)
    live = "SELECT id FROM releases"
    with store.conn:
        store.conn.execute(f"DELETE FROM search_fts WHERE release_id NOT IN ({live})")
        store.conn.execute(f"DELETE FROM search_indexed WHERE release_id NOT IN ({live})")


def indexed_releases(store: Store) -> set[int]:
    """Ids of the releases already in the index."""
    return {r[0] for r in store.conn.execute("SELECT release_id FROM search_indexed")}


def add_release(store: Store, release_id: int, rows: Iterable[tuple[str, list[str]]]) -> None:
    """Index one release: ``rows`` are ``(rule number, tokens)``; one transaction."""
    with store.conn:
        store.conn.executemany(
            "INSERT INTO search_fts (tokens, release_id, number) VALUES (?, ?, ?)",
            ((" ".join(toks), release_id, number) for number, toks in rows),
        )
        store.conn.execute("INSERT OR IGNORE INTO search_indexed VALUES (?)", (release_id,))


def _quote(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def match(
    store: Store, phrases: list[list[str]], release_ids: Iterable[int], limit: int = 50
) -> list[SearchHit]:
    """Rules of the given releases containing every phrase (each a token sequence), best
    first (FTS5 bm25 rank).

    Raises:
        ValueError: no phrase (an empty query).
    """
    if not phrases:
        raise ValueError("an empty query")
    expr = " AND ".join(_quote(" ".join(p)) for p in phrases)
    ids = sorted(set(release_ids))
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    rows = store.conn.execute(
        f"SELECT release_id, number, rank FROM search_fts WHERE search_fts MATCH ? "
        f"AND release_id IN ({marks}) ORDER BY rank LIMIT ?",
        (expr, *ids, limit),
    )
    return [SearchHit(r[0], r[1], r[2]) for r in rows]
