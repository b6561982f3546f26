"""Fetching the official CR text files: the current one from the rules page, old ones from
the archive URLs the metadata lists.

Both save the body under the downloads folder — ``official/<file name>`` only when the Wizards
hosts served it (the URL after redirects, never from a ``--base-url`` mirror), else
``fetched/<host>/`` (:func:`mtgcr.corpus.fetch.state.download_folder`), a file with other bytes
under the same name beside the old one, never over it — and record the fetch
(:mod:`mtgcr.corpus.fetch.state`); ingesting the saved file is the caller's step (the ingest
pipeline lives in :mod:`mtgcr.extract`). A conditional GET (``If-None-Match`` /
``If-Modified-Since`` from the last fetch of the URL) makes an unchanged file cost one small
answer (304) and no download.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from mtgcr.corpus.store import Store

from mtgcr.corpus.fetch.http import FetchError, FetchResponse, PoliteClient
from mtgcr.corpus.fetch.state import (
    conditional_headers,
    download_folder,
    record_fetch,
    safe_name,
    save_body,
)
from mtgcr.corpus.fetch.wizards import WIZARDS_HOSTS, ArchiveMetadata, CRLink, find_cr_links, rebase

__all__ = [
    "HTTPStatusError",
    "RulesPageError",
    "current_link",
    "Download",
    "download",
    "ArchiveResult",
    "fetch_archive",
]

_HTML = re.compile(rb"^\s*(?:<!doctype html|<html|<head|<body)", re.I)


class RulesPageError(FetchError):
    """The rules page links no CR text file, or more than one."""


class HTTPStatusError(FetchError):
    """A URL answered an error status (``status``: 404, 410, 500 …)."""

    def __init__(self, url: str, status: int) -> None:
        super().__init__(f"{url}: HTTP {status}")
        self.url, self.status = url, status


def current_link(client: PoliteClient, page_url: str) -> CRLink:
    """The CR text file the rules page links to.

    Raises:
        RulesPageError: none or several candidate links (the message lists what was found).
        FetchError: the page could not be fetched (status named).
    """
    resp = client.get(page_url)
    if resp.status != 200:
        raise HTTPStatusError(page_url, resp.status)
    html = resp.body.decode("utf-8", "replace")
    links = find_cr_links(html, resp.final_url)
    if not links:
        txt = sorted({m.group(0) for m in re.finditer(r'href="([^"]+\.txt)"', html)})
        raise RulesPageError(
            f"{page_url}: no Comprehensive Rules text file among the page's "
            f"links"
            + (f" (text links found: {', '.join(txt)})" if txt else " (no .txt links at all)")
        )
    dates = {link.date for link in links}
    if len(dates) > 1:
        raise RulesPageError(
            f"{page_url}: {len(links)} candidate CR text links for "
            f"{len(dates)} dates; which one is current is unclear: "
            + ", ".join(f"{link.name} ({link.date})" for link in links)
        )
    return links[0]


@dataclass
class Download:
    """A fetched file: the answer, where it was saved (``None`` for a 304) and its date."""

    response: FetchResponse
    path: Path | None
    when: date | None

    @property
    def not_modified(self) -> bool:
        return self.response.status == 304


def download(
    client: PoliteClient,
    store: Store,
    url: str,
    name: str,
    source: str,
    when: date | None = None,
    mirror: bool = False,
) -> Download:
    """Fetch one CR text file conditionally, save it and record the fetch.

    Args:
        client, store: the client and the store the fetch is recorded in.
        url: the file's URL; name: the file name to save it under.
        source: the ``fetches.source`` (``wizards``, ``archive``).
        when: the release date the file is for, if known.
        mirror: fetched through ``--base-url``: never saved (nor ingested) as official.

    Raises:
        HTTPStatusError: an error status.
        FetchError: an HTML page where a text file was expected.
    """
    resp = client.get(url, headers=conditional_headers(store, url))
    if resp.status == 304:
        record_fetch(store, source, resp, meta={"not_modified": True})
        return Download(resp, None, when)
    if resp.status != 200:
        record_fetch(store, source, resp)
        raise HTTPStatusError(url, resp.status)
    if _HTML.match(resp.body[:2000]) or "html" in resp.headers.get("content-type", "").lower():
        raise FetchError(
            f"{url}: answered an HTML page, not the rules text "
            f"(content-type {resp.headers.get('content-type', 'not given')})"
        )
    folder = download_folder(store, resp.final_url, WIZARDS_HOSTS, mirror)
    path = save_body(folder, safe_name(name), resp.body)
    record_fetch(store, source, resp, path, {"date": when.isoformat() if when else None})
    return Download(resp, path, when)


@dataclass
class ArchiveResult:
    """One date asked of the archive: what was found, tried or known."""

    when: date
    download: Download | None = None
    matched: str | None = None  # which format or one-off entry gave the URL
    tried: tuple[str, ...] = ()  # URLs that answered 404/410
    known_missing: str | None = None  # the metadata's comment, for a known-missing date
    unknown_date: bool = False  # the metadata does not list the date as a release
    error: str | None = None


def fetch_archive(
    client: PoliteClient,
    store: Store,
    meta: ArchiveMetadata,
    dates: list[date],
    base_url: str | None = None,
) -> list[ArchiveResult]:
    """Fetch the CR text of each date from the URLs the metadata gives, in order, stopping
    at the first that answers; nothing beyond the metadata is guessed.

    Args:
        client: a client whose allowed hosts include the archive's (or the base URL's).
        store: where fetches are recorded.
        meta: the archive metadata.
        dates: release dates.
        base_url: replaces the scheme and host of every metadata URL (a mirror, a test server).
    """
    out: list[ArchiveResult] = []
    for when in dates:
        res = ArchiveResult(when)
        out.append(res)
        if when in meta.missing:
            res.known_missing = meta.missing[when] or "known to be missing"
            continue
        res.unknown_date = when not in meta.known
        tried: list[str] = []
        for cand in meta.candidates(when):
            url = rebase(cand.url, base_url)
            try:
                dl = download(
                    client, store, url, f"{when.isoformat()}.txt", "archive", when, bool(base_url)
                )
            except HTTPStatusError as exc:
                if exc.status in (403, 404, 410):
                    tried.append(url)
                    continue
                res.error = str(exc)
                break
            except FetchError as exc:
                res.error = str(exc)
                break
            res.download, res.matched = dl, cand.source
            break
        res.tried = tuple(tried)
        if res.download is None and res.error is None:
            res.error = f"{when}: no listed URL has it ({len(tried)} tried)" + (
                "; the metadata does not list this date as a release" if res.unknown_date else ""
            )
    return out
