"""Check the CR citations of MTG Wiki pages against the English releases of a store
(:func:`mtgcr.crossref.cite.wiki_check.check_citations` for every page and diff-view column).

The policy of ``mtgcr cite-check`` and :meth:`mtgcr.api.Corpus.cite_check`: files are
read and parsed as wiki pages first (a file that cannot be read is an error, one that is not
a wiki page is skipped with a note; the others are checked); then every citation of a page
(of its own column, for a diff view) is checked against the store's complete EN releases,
the newest being "now".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from mtgcr.corpus.document import DEFAULT_MAX_BYTES, DocumentError, load_document
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import scan_paths
from mtgcr.extract.lookup import NotFound
from mtgcr.extract.wiki.fact_records import CitationFact, WikiPageFact
from mtgcr.extract.wiki.facts import line_texts
from mtgcr.extract.registry import parse_wiki_document

from mtgcr.crossref.cite.wiki_check import (
    CiteResult,
    check_citations,
    en_releases,
    ja_lookups,
    store_remapper,
)

__all__ = ["PageProblem", "WikiPages", "read_wiki_pages", "CiteCheck", "check_pages"]


@dataclass(frozen=True)
class PageProblem:
    """A file that was not checked.

    Attributes:
        path: the file.
        error: ``True``: it could not be read (an error); ``False``: it is not an MTG Wiki
            page (skipped).
        message: one line naming the file and why.
    """

    path: str
    error: bool
    message: str


@dataclass
class WikiPages:
    """What :func:`read_wiki_pages` read: the facts of every wiki page (``[(kind, dict)]``
    per page, as :func:`mtgcr.extract.registry.parse_wiki_document` gives them) and the
    files left out, in the order met."""

    facts: list[list[tuple[str, dict]]] = field(default_factory=list)
    problems: list[PageProblem] = field(default_factory=list)


def read_wiki_pages(
    paths: Iterable[str | Path], max_bytes: int | None = DEFAULT_MAX_BYTES
) -> WikiPages:
    """Read files and folders (recursively; :func:`mtgcr.extract.ingest.scan_paths`) as MTG
    Wiki pages (rendered text, HTML, wikitext or diff views). A folder or folder entry that
    cannot be read, and a file larger than ``max_bytes`` (bytes; ``None``: no limit), are
    problems that are errors (each named).

    Raises:
        DocumentError: an empty path.
    """
    out = WikiPages()
    scan = scan_paths(paths)
    for where, why in scan.unreadable:
        out.problems.append(PageProblem(str(where), True, f"{where}: {why}"))
    for path in scan.files:
        try:
            doc = load_document(path, max_bytes)
        except DocumentError as exc:
            out.problems.append(PageProblem(str(path), True, str(exc)))
            continue
        result = parse_wiki_document(doc)
        if result is None:
            out.problems.append(
                PageProblem(
                    str(path),
                    False,
                    f"skipped {path}: not an MTG Wiki page (rendered text, HTML, "
                    f"wikitext or diff view)",
                )
            )
            continue
        out.facts.append(result.facts)
    return out


@dataclass
class CiteCheck:
    """The citations of wiki pages, checked.

    Attributes:
        results: one :class:`~mtgcr.crossref.cite.wiki_check.CiteResult` per cited number, page
            by page in line order.
        newest: the label of the newest complete EN release (what "now" means).
        problems: the files not checked (see :class:`PageProblem`).
    """

    results: list[CiteResult]
    newest: str
    problems: list[PageProblem] = field(default_factory=list)

    @property
    def failed(self) -> int:
        """How many files could not be read."""
        return sum(p.error for p in self.problems)

    def to_json(self) -> list[dict]:
        """``[CiteResult.as_json()]`` (``mtgcr cite-check --format json``)."""
        return [r.as_json() for r in self.results]

    def to_frame(self):
        """The results as a pandas DataFrame, one row per cited number (columns: the
        :class:`~mtgcr.crossref.cite.wiki_check.CiteResult` attributes)."""
        import pandas as pd

        return pd.DataFrame(self.to_json(), columns=list(CiteResult.__dataclass_fields__))


def check_pages(
    store: Store, pages: WikiPages, as_of: str | None = None, quotes: bool = True
) -> CiteCheck:
    """Check every citation of ``pages`` against the complete EN releases of ``store``.

    Args:
        store: an open store.
        pages: from :func:`read_wiki_pages`.
        as_of: the EN release every citation was written against (date or label); ``None``:
            per page, from its quote or inferred.
        quotes: also check citations inside quoted rule text.

    Raises:
        NotFound: no wiki page among ``pages``; no complete EN release in the store; an
            ``as_of`` release that is not complete.
        StoreError: ``as_of`` names no stored EN release.
    """
    if not pages.facts:
        raise NotFound("no wiki pages to check (no file given is an MTG Wiki page)")
    releases = en_releases(store)
    if not releases:
        raise NotFound(f"no complete EN release in {store.path} (run 'mtgcr ingest' first)")
    label = store.resolve(as_of, "en").label if as_of else None
    ja_sections, ja_terms = ja_lookups(store)
    remapper = store_remapper(store)
    results: list[CiteResult] = []
    for facts in pages.facts:
        all_cites = [CitationFact.from_json(d) for k, d in facts if k == CitationFact.KIND]
        for page in (WikiPageFact.from_json(d) for k, d in facts if k == WikiPageFact.KIND):
            cites = [c for c in all_cites if c.column == page.column and (quotes or not c.in_quote)]
            try:
                results += check_citations(
                    page,
                    cites,
                    releases,
                    remapper,
                    label,
                    ja_sections,
                    ja_terms,
                    line_texts(facts, page.column),
                )
            except ValueError as exc:
                raise NotFound(str(exc)) from None
    return CiteCheck(results, releases[-1].label, list(pages.problems))
