"""A refresh over many pages: read from files and folders, or from a wiki by title (with the
revision each was read at), refreshed one by one into an
:class:`~mtgcr.reports.wiki.edits.EditBatch` (changed, unchanged, needing a human, skipped,
unreadable).

Title lists (``--titles FILE``): one page title per line, optionally followed by a tab and
the revision id to refresh (the one an editor checked; publishing then refuses the edit when
the page has a newer revision); blank lines and lines starting with ``#`` are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from mtgcr.corpus.document import DEFAULT_MAX_BYTES, load_document
from mtgcr.errors import DocumentError, InputError
from mtgcr.crossref.cite.quote_check import StoreQuotes
from mtgcr.crossref.cite.wiki_migrate import CitationMigrator

from mtgcr.reports.wiki.edits import EditBatch, EditStatus, PageEdit
from mtgcr.reports.wiki.publish import WikiSite
from mtgcr.reports.wiki.refresh import refresh_page

__all__ = [
    "PageSource",
    "WikiTitle",
    "read_titles",
    "pages_from_paths",
    "pages_from_wiki",
    "refresh_batch",
]


@dataclass(frozen=True)
class PageSource:
    """One page to refresh.

    Attributes:
        source: its path, or its title on the wiki.
        text: its text (``""`` when it could not be read: ``error`` says why).
        title: the wiki title, when known.
        wikitext: the text is wikitext (read from a wiki's API).
        base_revid, base_timestamp: the wiki revision ``text`` is.
        error: why it could not be read.
    """

    source: str
    text: str
    title: str | None = None
    wikitext: bool = False
    base_revid: int | None = None
    base_timestamp: str | None = None
    error: str = ""


@dataclass(frozen=True)
class WikiTitle:
    """A page title and, when given, the revision id to refresh."""

    title: str
    revid: int | None = None


def read_titles(path: str | Path) -> list[WikiTitle]:
    """The titles of a title list (module docstring).

    Raises:
        InputError: the file cannot be read, or a revision id is not a number (the message
            names the file and line).
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the title list ({exc})") from None
    out = []
    for k, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        title, _, rev = line.partition("\t")
        if rev.strip() and not rev.strip().isdigit():
            raise InputError(f"{path}:{k}: revision id {rev.strip()!r} is not a number")
        out.append(WikiTitle(title.strip(), int(rev) if rev.strip() else None))
    return out


def pages_from_paths(
    paths: Iterable[str | Path], max_bytes: int | None = DEFAULT_MAX_BYTES
) -> Iterator[PageSource]:
    """The files of ``paths`` (folders recursively, :func:`mtgcr.extract.ingest.scan_paths`)
    as pages; a file or folder that cannot be read is a source with its ``error``."""
    from mtgcr.extract.ingest import scan_paths

    scan = scan_paths(paths)
    for where, why in scan.unreadable:
        yield PageSource(str(where), "", error=f"{where}: {why}")
    for path in scan.files:
        try:
            doc = load_document(path, max_bytes)
        except DocumentError as exc:
            yield PageSource(str(path), "", error=str(exc))
            continue
        yield PageSource(str(path), doc.text)


def pages_from_wiki(site: WikiSite, titles: Iterable[WikiTitle]) -> Iterator[PageSource]:
    """The pages of ``titles`` read from a wiki: the revision asked for, else the current
    one, with its id and time (the base of the edit). A missing page or revision is a source
    with its ``error``.

    Raises:
        mtgcr.reports.wiki.publish.PublishError: the wiki failed.
    """
    for t in titles:
        rev = site.revision(t.title, t.revid) if t.revid is not None else site.current(t.title)
        if rev is None:
            what = f"revision {t.revid} of " if t.revid is not None else ""
            yield PageSource(
                t.title, "", t.title, True, error=f"{site.api_url}: no {what}page {t.title!r}"
            )
            continue
        yield PageSource(t.title, rev.text, t.title, True, rev.revid, rev.timestamp)


def refresh_batch(
    pages: Iterable[PageSource],
    quotes: StoreQuotes,
    citations: CitationMigrator | None = None,
    on_page: Callable[[PageEdit], None] | None = None,
) -> EditBatch:
    """Refresh every page (:func:`mtgcr.reports.wiki.refresh.refresh_page`), in order.

    Args:
        pages: the pages (:func:`pages_from_paths`, :func:`pages_from_wiki`).
        quotes: the quote checker of the target release.
        citations: the migrator of citations outside quotes (``None``: left as they are).
        on_page: called with each page's edit as it is made (progress).

    Returns:
        The :class:`EditBatch`; an unreadable page is an edit with status ``FAILED``.
    """
    batch = EditBatch()
    for p in pages:
        if p.error or not p.text.strip():
            edit = PageEdit(p.source, p.title or p.source, "", p.text, p.text, EditStatus.FAILED)
            edit.reasons.append(p.error or f"{p.source}: no text")
        else:
            edit = refresh_page(p.text, p.source, quotes, citations, p.title, p.wikitext)
        edit.base_revid, edit.base_timestamp = p.base_revid, p.base_timestamp
        batch.edits.append(edit)
        if on_page:
            on_page(edit)
    return batch
