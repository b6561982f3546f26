"""Fetch, ingest, align, report: the library operations behind ``mtgcr fetch`` and ``update``.

The scrapers (:mod:`mtgcr.corpus.fetch`) save what they fetch and record its provenance;
this module ingests the saved files through the normal pipeline
(:func:`mtgcr.extract.ingest.ingest_paths`), so a fetched file is a copy like any other (the
official Wizards copy is canonical by the release-copy precedence), and for ``update``
aligns a new release with the previous one and writes its change report.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Callable
from urllib.parse import urlsplit

from mtgcr.corpus.fetch.http import FetchPolicy, PoliteClient
from mtgcr.corpus.fetch.mediawiki import MediaWiki, NoApi, Revision
from mtgcr.corpus.fetch.mtgru import START_PAGE, CrawlResult, crawl_mtgru
from mtgcr.corpus.fetch.official import (
    ArchiveResult,
    Download,
    current_link,
    download,
    fetch_archive,
)
from mtgcr.corpus.copies import CopyRecord, why_preferred
from mtgcr.corpus.fetch.state import downloads_dir, fetched_meta, record_fetch, safe_name, save_body
from mtgcr.corpus.output_folder import OutputFolder
from mtgcr.corpus.fetch.wizards import RULES_PAGE, ArchiveMetadata, CRLink, rebase
from mtgcr.corpus.fetch.http import FetchResponse
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import IngestResult, ingest_paths

__all__ = [
    "contact_from_config",
    "client_for",
    "check_wizards",
    "fetch_wizards",
    "fetch_archive_dates",
    "fetch_mtgwiki",
    "fetch_mtgru",
    "update",
    "UpdateResult",
    "Republished",
    "WikiFetch",
    "MTGWIKI_API",
    "MTGWIKI_INDEX",
]

#: The Japanese MTG Wiki's API and index URLs.
MTGWIKI_API = "http://mtgwiki.com/api.php"
MTGWIKI_INDEX = "http://mtgwiki.com/index.php"


def contact_from_config(explicit: str | None = None) -> str | None:
    """The contact for the User-Agent: ``explicit``, else ``$MTGCR_CONTACT``, else ``contact``
    under ``[fetch]`` in ``$MTGCR_CONFIG`` or ``<user config dir>/mtgcr/config.toml``."""
    if explicit:
        return explicit
    if os.environ.get("MTGCR_CONTACT"):
        return os.environ["MTGCR_CONTACT"]
    path = os.environ.get("MTGCR_CONFIG")
    if not path:
        from platformdirs import user_config_dir

        path = str(Path(user_config_dir("mtgcr", appauthor=False)) / "config.toml")
    try:
        with open(path, "rb") as fh:
            value = tomllib.load(fh).get("fetch", {}).get("contact")
    except (OSError, tomllib.TOMLDecodeError):
        return None
    return str(value) if value else None


def client_for(
    policy: FetchPolicy,
    default_hosts: set[str],
    base_url: str | None,
    on_wait: Callable[[str], None] | None = None,
    on_progress: Callable[[str, int, int | None], None] | None = None,
) -> PoliteClient:
    """A client allowed on ``default_hosts``, or only on ``base_url``'s host when given — and
    then only under its path (a mirror or test server: no path may climb out of it)."""
    hosts = {urlsplit(base_url).hostname or ""} if base_url else set(default_hosts)
    base_path = urlsplit(base_url).path or "/" if base_url else None
    return PoliteClient(
        policy, hosts, on_wait=on_wait, base_path=base_path, on_progress=on_progress
    )


def _ingest(store: Store, paths: list[Path]) -> list[IngestResult]:
    return ingest_paths(store, paths) if paths else []


def _newest_en(store: Store) -> date | None:
    dates = [
        date.fromisoformat(r.effective_date)
        for r in store.releases("en")
        if r.complete and r.effective_date
    ]
    return max(dates) if dates else None


def check_wizards(
    store: Store, client: PoliteClient, base_url: str | None = None
) -> tuple[CRLink, bool]:
    """The rules page's current CR link and whether it is newer than the newest stored
    English release.

    Raises:
        RulesPageError: none or several candidate links. FetchError: the page failed.
    """
    link = current_link(client, rebase(RULES_PAGE, base_url))
    newest = _newest_en(store)
    return link, newest is None or link.date > newest


def fetch_wizards(
    store: Store, client: PoliteClient, base_url: str | None = None
) -> tuple[CRLink, Download, list[IngestResult]]:
    """Fetch the current CR text from the rules page (conditional GET) and ingest it (as
    official only when the Wizards hosts served it, never through ``base_url``).

    Returns:
        ``(link, download, ingest results)`` (no results for a 304).
    """
    link = current_link(client, rebase(RULES_PAGE, base_url))
    dl = _download_link(store, client, link, base_url)
    return link, dl, _ingest(store, [dl.path] if dl.path else [])


def _download_link(
    store: Store, client: PoliteClient, link: CRLink, base_url: str | None
) -> Download:
    url = (
        rebase(link.url, base_url)
        if base_url and urlsplit(link.url).hostname != urlsplit(base_url).hostname
        else link.url
    )
    return download(client, store, url, link.name, "wizards", link.date, mirror=bool(base_url))


def fetch_archive_dates(
    store: Store,
    client: PoliteClient,
    meta: ArchiveMetadata,
    dates: list[date],
    base_url: str | None = None,
) -> tuple[list[ArchiveResult], list[IngestResult]]:
    """Fetch historic official files by date (see :func:`mtgcr.corpus.fetch.official.fetch_archive`)
    and ingest what was downloaded."""
    results = fetch_archive(client, store, meta, dates, base_url)
    paths = [r.download.path for r in results if r.download and r.download.path]
    return results, _ingest(store, paths)


@dataclass
class WikiFetch:
    """What ``fetch mtgwiki`` kept: revisions saved, revisions already stored, how read."""

    saved: list[tuple[Revision, Path]] = field(default_factory=list)
    known: list[Revision] = field(default_factory=list)
    via: str = "api"  # "api" or "raw"
    ingested: list[IngestResult] = field(default_factory=list)


def fetch_mtgwiki(
    store: Store,
    client: PoliteClient,
    pages: list[str],
    category: str | None = None,
    revisions: int = 1,
    since: str | None = None,
    api_url: str = MTGWIKI_API,
    index_url: str = MTGWIKI_INDEX,
    on_page: Callable[[str], None] | None = None,
) -> WikiFetch:
    """Fetch MTG Wiki pages (and a category's members): ``revisions`` newest revisions each
    (back to ``since``), saved as wikitext files with page id, revision id, timestamp and
    sha1 recorded, then ingested. A revision already stored (same revision id) is not
    fetched again, so an interrupted run resumes where it stopped."""
    wiki = MediaWiki(client, api_url, index_url)
    out = WikiFetch()
    have = {(r.meta.get("title"), r.meta.get("rev_id")) for r in fetched_meta(store, "mtgwiki")}
    titles = list(pages)
    if category:
        titles += [t for t in wiki.category_members(category) if t not in titles]
    folder = downloads_dir(store) / "mtgwiki"
    for title in titles:
        if on_page:
            on_page(title)
        try:
            revs = list(wiki.revisions(title, revisions, since)) if out.via == "api" else []
        except NoApi:
            out.via, revs = "raw", []
        if out.via == "raw":
            revs = [wiki.raw(title)]
        for rev in revs:
            if rev.rev_id is not None and (rev.title, rev.rev_id) in have:
                out.known.append(rev)
                continue
            body = rev.content.encode("utf-8")
            name = safe_name(rev.title) + (f".r{rev.rev_id}" if rev.rev_id else "") + ".wiki"
            path = save_body(folder, name, body)
            src_url = f"{index_url}?title={rev.title}" + (
                f"&oldid={rev.rev_id}" if rev.rev_id else ""
            )
            record_fetch(
                store,
                "mtgwiki",
                FetchResponse(src_url, src_url, 200, {}, body),
                path,
                {**rev.meta(), "via": out.via},
            )
            out.saved.append((rev, path))
            # ingest each revision as it arrives: an interrupted crawl keeps what it fetched
            out.ingested += _ingest(store, [path])
    return out


def fetch_mtgru(
    store: Store,
    client: PoliteClient,
    sections: set[int] | None = None,
    start: str = START_PAGE,
    base_url: str | None = None,
    on_page: Callable[[str], None] | None = None,
) -> tuple[CrawlResult, list[IngestResult]]:
    """Crawl the mtg.ru pages (see :func:`mtgcr.corpus.fetch.mtgru.crawl_mtgru`) and ingest
    the pages kept."""
    res = crawl_mtgru(
        client,
        store,
        rebase(start, base_url),
        sections,
        on_page=on_page,
        max_pages=client.policy.max_requests,
    )
    return res, _ingest(store, res.saved)


@dataclass
class UpdateResult:
    """What ``update`` did.

    Attributes:
        link: the rules page's current link.
        new: a release newer than the newest stored one was published.
        ingested: ingest results of the fetched file.
        previous: the release aligned with (effective date), if any.
        report: the change report written, if any.
        summary: rule change counts ``{kind: groups}``.
        renumbered_sections: ``[(old, new)]`` section numbers that changed.
        feeds: the release feeds written beside the report (``feed.atom``, ``feed.json``).
    """

    link: CRLink
    new: bool
    ingested: list[IngestResult] = field(default_factory=list)
    previous: str | None = None
    report: Path | None = None
    summary: dict[str, int] = field(default_factory=dict)
    renumbered_sections: list[tuple[str, str]] = field(default_factory=list)
    feeds: list[Path] = field(default_factory=list)
    republished: Republished | None = None


@dataclass(frozen=True)
class Republished:
    """The current file was published again under the same name with other bytes: they are
    stored as a copy of the release (``copy``); ``canonical`` is the release's canonical copy
    now and ``why`` says why it is preferred (:func:`mtgcr.corpus.copies.why_preferred`)."""

    copy: CopyRecord
    canonical: CopyRecord
    why: str

    def advice(self) -> str:
        """One line for the user: what is canonical, and how to switch."""
        c, k = self.copy, self.canonical
        head = (
            f"{c.source} was published again with other bytes: stored as copy {c.id} of "
            f"{c.lang} {c.effective_date or c.label}; "
        )
        if c.id == k.id:
            return head + f"it is the canonical copy now ({self.why})"
        when = c.effective_date or c.label
        return head + (
            f"the canonical copy stays copy {k.id} ({self.why}); to use the new one: "
            f"mtgcr releases --canonical {when} --copy {c.id}"
        )


def update(
    store: Store, client: PoliteClient, report_dir: Path, base_url: str | None = None
) -> UpdateResult:
    """Check the rules page; when a newer release is out, fetch and ingest it, align it with
    the previous stored release and write the change report (Markdown and HTML) to
    ``report_dir`` (an output folder: :mod:`mtgcr.corpus.output_folder`). When nothing newer
    is out, the current file is fetched conditionally (``If-None-Match`` /
    ``If-Modified-Since`` of the last fetch): a file published again under the same name with
    other bytes is stored as a copy of its release, and :attr:`UpdateResult.republished` says
    which copy is canonical and how to switch.
    The release feeds (:mod:`mtgcr.reports.feeds`, linking the reports) are written there
    too.

    Raises:
        RulesPageError, FetchError: the page or file could not be fetched.
        RefusedOutput: ``report_dir`` is a folder of the user's (not mtgcr's).
    """
    from mtgcr.crossref.chain import aligned_pair
    from mtgcr.reports.diffview import diff_view
    from mtgcr.reports.feeds import ATOM_FILE, JSON_FILE, FeedLayout, build_feed, feed_json
    from mtgcr.reports.render import RENDERERS

    link, is_new = check_wizards(store, client, base_url)
    res = UpdateResult(link, is_new)
    if not is_new:
        res.republished = _republished(store, client, link, base_url)
        return res
    previous = _newest_en(store)
    _, _, res.ingested = fetch_wizards(store, client, base_url)
    if previous is None or not any(r.status == "ingested" for r in res.ingested):
        return res
    new_spec = next((r.releases[0][2] for r in res.ingested if r.releases), link.date.isoformat())
    old, new, al = aligned_pair(store, previous.isoformat(), str(new_spec))
    view = diff_view(al, old, new)
    res.previous = previous.isoformat()
    res.summary = dict(view["summary"]["rules"])
    res.renumbered_sections = [
        (str(s["old"][0]), str(s["new"][0]))
        for s in view["sections"]
        if s.get("old") and s.get("new") and s["old"] != s["new"]
    ]
    stem = f"{res.previous}_{new_spec}"
    with OutputFolder(report_dir, "update", label="--reports") as folder:
        folder.write(f"{stem}.md", RENDERERS["md"](view))
        folder.write(f"{stem}.html", RENDERERS["html"](view))
        present = {p.name for p in report_dir.glob("*.html")}
        feed = build_feed(store, FeedLayout.REPORTS, reports=present)
        folder.write(ATOM_FILE, feed.atom())
        folder.write(JSON_FILE, feed_json(feed))
    res.report = report_dir / f"{stem}.html"
    res.feeds = [report_dir / ATOM_FILE, report_dir / JSON_FILE]
    return res


def _republished(
    store: Store, client: PoliteClient, link: CRLink, base_url: str | None
) -> Republished | None:
    """The current file fetched conditionally; its new bytes, if any, stored as a copy."""
    dl = _download_link(store, client, link, base_url)
    if dl.path is None:
        return None  # 304: not modified
    for r in _ingest(store, [dl.path]):
        if r.status != "ingested":  # the same bytes as a stored copy: nothing new
            continue
        for copy, _ in r.copies:
            canonical = next((c for c in store.copies(key=copy.release_key) if c.canonical), copy)
            why = why_preferred(canonical, copy) if canonical.id != copy.id else "precedence"
            if canonical.id == copy.id:
                others = [c for c in store.copies(key=copy.release_key) if c.id != copy.id]
                why = why_preferred(copy, others[0]) if others else "the only copy"
            return Republished(copy, canonical, why)
    return None
