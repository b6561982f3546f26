"""The citation capabilities of :class:`mtgcr.api.Corpus` on source trees and wiki pages:
checking, migrating and refreshing them (:meth:`~mtgcr.api.Corpus.cite_check_source`,
:meth:`~mtgcr.api.Corpus.cite_migrate`, :meth:`~mtgcr.api.Corpus.wiki_refresh`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from mtgcr.errors import BadArgument

if TYPE_CHECKING:
    from mtgcr.api import Corpus
    from mtgcr.crossref.cite.migrate_run import Migration
    from mtgcr.crossref.cite.source_run import SourceCheck
    from mtgcr.reports.wiki.batch import WikiTitle
    from mtgcr.reports.wiki.edits import EditBatch, PageEdit


def cite_check_source(
    corpus: Corpus,
    paths: tuple[str | Path, ...],
    release: str | None,
    pin: str | Path | None,
    default: str | None,
    stamps: bool,
    git: bool,
    changed_since: str | None,
    cache: str | Path | None,
    max_bytes: int | None,
    on_align: Callable[[int, int], None] | None,
) -> SourceCheck:
    """:meth:`mtgcr.api.Corpus.cite_check_source` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.crossref.cite.source_run import SourceCheck, SourceOptions, SourceRun

    options = SourceOptions(
        release,
        str(pin) if pin is not None else None,
        default,
        stamps,
        git,
        changed_since,
        Path(cache) if cache is not None else None,
        max_bytes,
    )
    store = corpus.aligning_store()
    try:
        run = SourceRun(store, paths, options, corpus.decisions, on_align)
    except BaseException:
        store.close()
        raise
    return SourceCheck(run, store.close)


def cite_migrate(
    corpus: Corpus,
    paths: tuple[str | Path, ...],
    to: str | None,
    default: str | None,
    stamped_only: bool,
    write: bool,
    rename_identifiers: bool,
    journal: str | Path | None,
    git: bool,
    cache: str | Path | None,
    on_align: Callable[[int, int], None] | None,
) -> Migration:
    """:meth:`mtgcr.api.Corpus.cite_migrate` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.crossref.cite.migrate_journal import DEFAULT_NAME, Journal
    from mtgcr.crossref.cite.migrate_run import plan_migration, write_migration
    from mtgcr.crossref.cite.source_run import SourceOptions, SourceRun

    jr = Journal(Path(journal) if journal is not None else Path.cwd() / DEFAULT_NAME)
    options = SourceOptions(
        to, None, default, True, git, None, Path(cache) if cache is not None else None, None
    )

    def journaled(path: Path, sha: str) -> str | None:
        return jr.state(path, sha).migrated_to

    with corpus.aligning_store() as store:
        run = SourceRun(store, paths, options, corpus.decisions, on_align, journaled)
        try:
            mig = plan_migration(run, stamped_only, jr)
            mig.finish(rename_identifiers, run.results)
        finally:
            run.close()
    if not mig.found:
        jr.close()
        raise BadArgument(f"no CR citation found under {' '.join(map(str, paths))}")
    if write:
        mig.written = write_migration(mig, jr, default)
    else:
        jr.close()
    return mig


def wiki_refresh(
    corpus: Corpus,
    pages: tuple[str | Path, ...],
    titles: Sequence[str | WikiTitle],
    api: str | None,
    to: str | None,
    lang: str,
    identify: bool,
    on_page: Callable[[PageEdit], None] | None,
    max_bytes: int | None,
) -> EditBatch:
    """:meth:`mtgcr.api.Corpus.wiki_refresh` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.crossref.cite.quote_check import StoreQuotes
    from mtgcr.crossref.cite.wiki_check import ChainRemapper
    from mtgcr.crossref.cite.wiki_migrate import CitationMigrator
    from mtgcr.reports.wiki.batch import (
        WikiTitle,
        pages_from_paths,
        pages_from_wiki,
        refresh_batch,
    )
    from mtgcr.reports.wiki.publish import WikiSite

    if not pages and not titles:
        raise BadArgument("wiki refresh: give pages (files or folders) or titles")
    if titles and not api:
        raise BadArgument("wiki refresh: titles are read from a wiki: give its --api URL")
    wanted = [t if isinstance(t, WikiTitle) else WikiTitle(str(t)) for t in titles]
    decisions = corpus.decisions
    with corpus.aligning_store() as store:
        remapper = ChainRemapper(store, decisions)
        quotes = StoreQuotes(store, lang, to, identify, chain=remapper.chain)
        citations = CitationMigrator(store, quotes.label, remapper)
        sources = list(pages_from_paths(pages, max_bytes)) if pages else []
        if api and wanted:
            sources += pages_from_wiki(WikiSite(api), wanted)
        batch = refresh_batch(sources, quotes, citations, on_page)
    batch.lang, batch.target, batch.api = lang, quotes.label, api
    return batch
