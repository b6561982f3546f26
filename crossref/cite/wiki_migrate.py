"""Citations outside quote blocks, migrated to a target release: the line edits a wiki refresh
applies (cite-check's line suggestions, :mod:`mtgcr.crossref.cite.wiki_check`).

Only citations outside quotes are migrated here (a quote is refreshed as a whole, never
number by number), only ``moved`` ones, and only where cite-check could write the whole line
with every replacement applied. "Now" is the EN release of the target's label, not the
newest stored one, so a refresh to an older release migrates to that release.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtgcr.corpus.document import Document
from mtgcr.errors import StoreError
from mtgcr.extract.registry import parse_wiki_document
from mtgcr.extract.wiki.fact_records import CitationFact, WikiPageFact
from mtgcr.extract.wiki.facts import line_texts, page_facts
from mtgcr.extract.wiki.page import WikiPage

from mtgcr.crossref.cite.wiki_check import (
    ChainRemapper,
    CiteResult,
    check_citations,
    en_releases,
    ja_lookups,
)

if TYPE_CHECKING:
    from mtgcr.corpus.store import Store

__all__ = ["LineEdit", "CitationMigrator"]


@dataclass(frozen=True)
class LineEdit:
    """One source line whose citations moved.

    Attributes:
        line: its 1-based line (of the file read; for a diff view, of the diff file).
        old, new: the line before and after (line end kept as it was; for a diff view, the
            column's text of that line).
        moves: ``(old number, new number)`` of each citation rewritten on it.
    """

    line: int
    old: str
    new: str
    moves: tuple[tuple[str, str], ...] = ()


class CitationMigrator:
    """Migrates the citations of pages to the EN release of label ``target``.

    Args:
        store: an open store.
        target: the label the citations move to (``"20260116"``).
        remapper: the EN chain's remapper to share (default: a new one).

    Raises:
        StoreError: no complete EN release up to ``target``.
    """

    def __init__(self, store: Store, target: str, remapper: ChainRemapper | None = None) -> None:
        self.releases = [r for r in en_releases(store) if r.label <= target]
        if not self.releases:
            raise StoreError(f"no complete EN release up to {target} in {store.path}")
        self.remapper = remapper if remapper is not None else ChainRemapper(store)
        self.ja_sections, self.ja_terms = ja_lookups(store)

    def results(self, facts: list[tuple[str, dict]], column: str | None = None) -> list[CiteResult]:
        """cite-check's results for one page's facts (one diff column), "now" being the
        target."""
        out: list[CiteResult] = []
        cites = [CitationFact.from_json(d) for k, d in facts if k == CitationFact.KIND]
        for page in (WikiPageFact.from_json(d) for k, d in facts if k == WikiPageFact.KIND):
            if page.column != column:
                continue
            out += check_citations(
                page,
                [c for c in cites if c.column == column],
                self.releases,
                self.remapper,
                None,
                self.ja_sections,
                self.ja_terms,
                line_texts(facts, column),
            )
        return out

    def page_edits(self, page: WikiPage, lines: list[str], skip: set[int]) -> list[LineEdit]:
        """The :class:`LineEdit` s of ``page`` outside the lines ``skip`` (1-based: the quote
        blocks), in line order.

        ``lines`` are the page's source lines (line ends kept). On a wikitext page the
        suggestion is the whole source line; on a rendered page it is the line's visible text,
        replaced inside the source line only when that text occurs there exactly once (else
        the line is left as it is).
        """
        by_line: dict[int, list[CiteResult]] = {}
        for r in self.results(page_facts(page)):
            if r.line_suggestion and not r.in_quote and r.line not in skip:
                by_line.setdefault(r.line, []).append(r)
        visible = {pl.line: pl for pl in page.lines}
        out = []
        for n, rs in sorted(by_line.items()):
            old = lines[n - 1]
            body = old.rstrip("\r\n")
            eol = old[len(body) :]
            suggestion = rs[0].line_suggestion or ""
            pl = visible.get(n)
            if pl is not None and pl.raw is None:  # rendered: the suggestion is the visible text
                if body.count(pl.text) != 1:
                    continue
                new = body.replace(pl.text, suggestion) + eol
            else:
                new = suggestion + eol
            moves = tuple((r.number, r.now_number or "") for r in rs if r.status == "moved")
            out.append(LineEdit(n, old, new, moves))
        return out

    def diff_view_edits(self, doc: Document) -> list[LineEdit]:
        """For a diff view: the :class:`LineEdit` of every column line whose citations moved
        (the edit an editor would make on that revision; ``line`` is the diff file's)."""
        result = parse_wiki_document(doc)
        if result is None:
            return []
        out = []
        seen = set()
        for column in ("left", "right"):
            texts = line_texts(result.facts, column)
            results = self.results(result.facts, column)
            for r in results:
                key = (r.line, r.column)
                if r.line_suggestion and not r.in_quote and key not in seen:
                    seen.add(key)
                    moves = tuple(
                        (x.number, x.now_number or "")
                        for x in results
                        if x.line == r.line and x.status == "moved"
                    )
                    old = texts.get(r.revision_line or r.line, "")
                    out.append(LineEdit(r.line, old, r.line_suggestion, moves))
        return out
