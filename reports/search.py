"""``mtgcr search``: ranked full-text search over the rules of stored releases.

The index (:mod:`mtgcr.corpus.search_index`) is filled on first use for each release asked
for, from the same tokens the site's client-side index uses
(:func:`mtgcr.extract.search_tokens.tokens`). Each hit carries the matching spans of the
original text, for highlighting.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from mtgcr.corpus import search_index
from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.extract.records import load_release
from mtgcr.extract.search_tokens import query_tokens, tokens

__all__ = [
    "SearchResult",
    "WordingSpan",
    "search",
    "highlight_spans",
    "query_phrases",
    "MAX_QUERY_CHARS",
]


@dataclass
class SearchResult:
    """One matching rule.

    Attributes:
        release: the release row.
        number: the rule number.
        text: the rule text (examples included, each on its own line).
        spans: ``(start, end)`` character offsets of the query's words in ``text``.
        rank: FTS5 bm25 rank (lower is better).
    """

    release: ReleaseInfo
    number: str
    text: str
    spans: list[tuple[int, int]]
    rank: float

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release.name,
            "label": self.release.label,
            "lang": self.release.lang,
            "number": self.number,
            "text": self.text,
            "spans": [list(s) for s in self.spans],
            "rank": round(self.rank, 4),
        }


@dataclass
class WordingSpan:
    """Where a wording appears across releases: first and last release, with the numbers."""

    first: ReleaseInfo
    last: ReleaseInfo
    numbers: list[str] = field(default_factory=list)
    releases: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "first": self.first.name,
            "last": self.last.name,
            "numbers": self.numbers,
            "releases": self.releases,
        }


def _rule_texts(store: Store, info: ReleaseInfo) -> dict[str, str]:
    rs = load_release(store, info)
    return {
        str(n): r.text + "".join("\n" + e.text for e in r.examples) for n, r in rs.rules.items()
    }


def highlight_spans(text: str, query: str) -> list[tuple[int, int]]:
    """Offsets in ``text`` of each query word (case-insensitive, NFKC-insensitive), merged."""
    norm = unicodedata.normalize("NFKC", text).casefold()
    if len(norm) != len(text):  # NFKC changed lengths: match on the original text instead
        norm = text.casefold()
    spans = []
    for word in dict.fromkeys(query.split()):
        w = unicodedata.normalize("NFKC", word).casefold().strip("\"'")
        if w:
            spans += [(m.start(), m.end()) for m in re.finditer(re.escape(w), norm)]
    spans.sort()
    merged: list[tuple[int, int]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged


#: The longest query read, in characters (a rule's text is rarely longer; a search box never).
MAX_QUERY_CHARS = 2000


def query_phrases(query: str) -> list[list[str]]:
    """The query's phrases (:func:`mtgcr.extract.search_tokens.query_tokens`), each once, in
    the order first given.

    Raises:
        ValueError: no searchable word; longer than :data:`MAX_QUERY_CHARS` characters; more
            than :data:`mtgcr.corpus.search_index.MAX_TERMS` distinct words.
    """
    if len(query) > MAX_QUERY_CHARS:
        raise ValueError(
            f"the query has {len(query):,} characters; at most {MAX_QUERY_CHARS:,} are searched"
        )
    phrases = [list(p) for p in dict.fromkeys(tuple(p) for p in query_tokens(query))]
    if not phrases:
        raise ValueError(f"the query {query!r} has no word to search for")
    if len(phrases) > search_index.MAX_TERMS:
        raise ValueError(
            f"the query has {len(phrases)} distinct words; at most {search_index.MAX_TERMS} "
            f"are searched (every word must occur in a rule)"
        )
    return phrases


def search(
    store: Store, query: str, releases: list[ReleaseInfo], limit: int = 20, on_index=None
) -> list[SearchResult]:
    """Rules of ``releases`` that contain every word of ``query``, best first.

    Args:
        store: the store; when it can be written, the index is filled there for releases not
            indexed yet (kept for later runs), else for this run only.
        query: words; a CJK word matches as a substring. Repeated words count once.
        releases: the releases to search.
        limit: most hits returned.
        on_index: called with each release before it is indexed (progress).

    Raises:
        ValueError: a query with no searchable word, too long, or with too many distinct
            words (:func:`query_phrases`).
        KeyboardInterrupt: Ctrl-C or SIGTERM (the query stops at once).
    """
    phrases = query_phrases(query)
    index = search_index.ensure_index(store)
    have = search_index.indexed_releases(index)
    texts: dict[int, dict[str, str]] = {}
    for info in releases:
        if info.id not in have:
            if on_index:
                on_index(info)
            texts[info.id] = _rule_texts(store, info)
            search_index.add_release(
                index, info.id, ((n, tokens(t)) for n, t in texts[info.id].items())
            )
    by_id = {r.id: r for r in releases}
    hits = search_index.match(index, phrases, by_id, limit)
    out = []
    for h in hits:
        if h.release_id not in texts:
            texts[h.release_id] = _rule_texts(store, by_id[h.release_id])
        text = texts[h.release_id].get(h.number, "")
        out.append(
            SearchResult(by_id[h.release_id], h.number, text, highlight_spans(text, query), h.rank)
        )
    return out


def wording_spans(results: list[SearchResult]) -> list[WordingSpan]:
    """Group hits from many releases by rule number: the first and last release each number
    matches in (``--all-releases``), oldest first."""
    groups: dict[str, list[SearchResult]] = {}
    for r in results:
        groups.setdefault(r.number, []).append(r)
    out = []
    for number, rs in groups.items():
        rs.sort(key=lambda r: r.release.name)
        out.append(WordingSpan(rs[0].release, rs[-1].release, [number], len(rs)))
    out.sort(key=lambda w: (w.first.name, w.numbers))
    return out
