"""Check the CR citations of MTG Wiki pages against the English releases of a store
(:func:`mtgcr.crossref.cite.wiki_check.check_citations` for every page and diff-view column).

The policy of ``mtgcr cite-check`` and :meth:`mtgcr.api.Corpus.cite_check`: files are
read and parsed as wiki pages first (a file that cannot be read is an error, one that is not
a wiki page is skipped with a note; the others are checked); then every citation of a page
(of its own column, for a diff view) is checked against the store's complete EN releases,
the newest being "now". Citations inside a quote keep the quote's numbers (status
``in-quote``); each quote block is reported once, as a unit (:class:`QuoteRow`), checked
against the newest complete release of its language (:mod:`mtgcr.crossref.cite.quote_check`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from mtgcr.corpus.document import DEFAULT_MAX_BYTES, DocumentError, load_document
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import scan_paths
from mtgcr.extract.lookup import NotFound
from mtgcr.errors import StoreError
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.wiki.fact_records import CitationFact, QuoteSummary, WikiPageFact
from mtgcr.extract.wiki.facts import line_texts
from mtgcr.extract.registry import parse_wiki_document

from mtgcr.crossref.cite.quote_check import QuoteCheck, StoreQuotes
from mtgcr.crossref.cite.wiki_check import (
    ChainRemapper,
    CiteResult,
    check_citations,
    en_releases,
    ja_lookups,
)

__all__ = [
    "PageProblem",
    "WikiPages",
    "read_wiki_pages",
    "QuoteRow",
    "CiteCheck",
    "check_pages",
]


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
    per page, as :func:`mtgcr.extract.registry.parse_wiki_document` gives them), the partial
    rulesets of each page's quotes (same order; quotes of one release merged) and the files
    left out, in the order met."""

    facts: list[list[tuple[str, dict]]] = field(default_factory=list)
    problems: list[PageProblem] = field(default_factory=list)
    quotes: list[list[Ruleset]] = field(default_factory=list)


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
        out.quotes.append([rs for rs, _, _ in result.rulesets])
    return out


@dataclass(frozen=True)
class QuoteRow:
    """One quote block of a page, checked as a unit against the newest complete release of
    its language (cite-check's row for the block; the citations inside it are ``in-quote``).

    Attributes:
        page, column, column_label: the document and, for a diff view, the column.
        line: the header's 1-based line (of the revision, for a diff view).
        label, revision, lang: the release the quote states and its text's language.
        target: the label of the release it was checked against (``None``: none stored).
        status: ``"current"`` (nothing to refresh), ``"stale"`` (a refresh would change it),
            ``"mismatch"`` (a quoted rule's text is another rule's, or another release's: the
            note names whose; for a human) or ``"unknown"`` (no release to check against, or
            rules that cannot be followed).
        span: the rules it quotes, as they are numbered in ``target`` (``"712.1–712.21e"``).
        counts: ``{rule status: rules}`` (:meth:`QuoteCheck.counts`).
        note: the counts in words, what to do, or why unknown.
    """

    page: str
    column: str | None
    column_label: str | None
    line: int
    label: str
    revision: str | None
    lang: str
    target: str | None
    status: str
    span: str
    counts: dict[str, int]
    note: str

    @property
    def header(self) -> str:
        """``"quote 20231117.0"``."""
        return f"quote {self.label}" + (f".{self.revision}" if self.revision else "")

    def as_json(self) -> dict:
        """JSON-ready dict of every attribute."""
        return dict(self.__dict__)


def _quote_row(
    page: WikiPageFact, q: QuoteSummary, rs: Ruleset | None, quotes: StoreQuotes | None, why: str
) -> QuoteRow:
    """The row of one quote block (:class:`QuoteRow`); ``rs``: the page's partial ruleset of
    the quote's release, cut down to the block's sections here; ``quotes``: the checker of
    the quote's language (``None``: ``why`` says why there is none)."""
    base = (page.page, page.column, page.column_label, q.line, q.label, q.revision, q.lang)
    if quotes is None or rs is None:
        return QuoteRow(*base, None, "unknown", "", {}, why or "the quote's rules were not read")
    secs = {RuleNumber.try_parse(s) for s in q.sections}
    part = Ruleset(release=rs.release, source=rs.source, complete=False, title=rs.title)
    part.rules = {n: r for n, r in rs.rules.items() if RuleNumber(n.section) in secs}
    part.sections = {n: s for n, s in rs.sections.items() if n in secs}
    check: QuoteCheck = quotes.check(part)
    if not check.followed:
        status = "unknown"
    elif check.owners:
        status = "mismatch"  # quoted text under another rule's number: for a human
    else:
        status = "current" if check.current else "stale"
    note = check.describe()
    if status == "stale":
        note += f" → mtgcr wiki refresh (to {quotes.lang} {quotes.label})"
    return QuoteRow(*base, quotes.label, status, check.quoted_span(), check.counts(), note)


@dataclass
class CiteCheck:
    """The citations of wiki pages, checked.

    Attributes:
        results: one :class:`~mtgcr.crossref.cite.wiki_check.CiteResult` per cited number, page
            by page in line order.
        newest: the label of the newest complete EN release (what "now" means).
        problems: the files not checked (see :class:`PageProblem`).
        quotes: one :class:`QuoteRow` per quote block, page by page in line order (none when
            quotes were left out).
    """

    results: list[CiteResult]
    newest: str
    problems: list[PageProblem] = field(default_factory=list)
    quotes: list[QuoteRow] = field(default_factory=list)

    @property
    def failed(self) -> int:
        """How many files could not be read."""
        return sum(p.error for p in self.problems)

    def to_json(self) -> dict[str, list[dict]]:
        """``{"citations": [CiteResult.as_json()], "quotes": [QuoteRow.as_json()]}``
        (``mtgcr cite-check --format json``)."""
        return {
            "citations": [r.as_json() for r in self.results],
            "quotes": [q.as_json() for q in self.quotes],
        }

    def to_frame(self):
        """The results as a pandas DataFrame, one row per cited number (columns: the
        :class:`~mtgcr.crossref.cite.wiki_check.CiteResult` attributes)."""
        import pandas as pd

        return pd.DataFrame(
            [r.as_json() for r in self.results], columns=list(CiteResult.__dataclass_fields__)
        )

    def quotes_frame(self):
        """The quote blocks as a pandas DataFrame, one row per block (columns: the
        :class:`QuoteRow` attributes)."""
        import pandas as pd

        return pd.DataFrame(
            [q.as_json() for q in self.quotes], columns=list(QuoteRow.__dataclass_fields__)
        )


def check_pages(
    store: Store, pages: WikiPages, as_of: str | None = None, quotes: bool = True
) -> CiteCheck:
    """Check every citation of ``pages`` against the complete EN releases of ``store``.

    Args:
        store: an open store.
        pages: from :func:`read_wiki_pages`.
        as_of: the EN release every citation was written against (date or label); ``None``:
            per page, from its quote or inferred.
        quotes: also check citations inside quoted rule text, and each quote block as a unit.

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
    remapper = ChainRemapper(store)
    checkers: dict[str, tuple[StoreQuotes | None, str]] = {}
    results: list[CiteResult] = []
    rows: list[QuoteRow] = []
    for k, facts in enumerate(pages.facts):
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
            if quotes:
                rulesets = pages.quotes[k] if k < len(pages.quotes) else []
                for q in page.quotes:
                    if q.lang not in checkers:
                        checkers[q.lang] = _checker(store, q.lang, remapper)
                    rs = next(
                        (
                            r
                            for r in rulesets
                            if (r.release.lang, r.release.label) == (q.lang, q.label)
                        ),
                        None,
                    )
                    rows.append(_quote_row(page, q, rs, *checkers[q.lang]))
    return CiteCheck(results, releases[-1].label, list(pages.problems), rows)


def _checker(store: Store, lang: str, remapper: ChainRemapper) -> tuple[StoreQuotes | None, str]:
    """The quote checker of ``lang`` against its newest complete release (sharing the
    remapper's EN chain), or ``(None, why there is none)``."""
    try:
        return StoreQuotes(store, lang, None, identify=False, chain=remapper.chain), ""
    except StoreError as exc:
        return None, f"not checked as a unit: {exc}"
