"""What was fetched, when and how: the store's ``fetches`` table, and the downloads folder.

Each answer a scraper keeps is one row: source (``wizards``, ``archive``, ``mtgwiki``,
``mtgru``), the URL asked for and the final URL after redirects, the status, the response
headers, the fetch time, the sha256 of the body and the file it was saved to, plus
source-specific facts in ``meta`` (a MediaWiki page id, revision id, timestamp and sha1).
The latest row of a URL gives the validators (``ETag``, ``Last-Modified``) for the next
conditional GET. Bodies are written to the downloads folder atomically (a temporary file
renamed into place), so an interrupted run leaves no half-written file, and a download never
replaces different bytes: a file answered again with other bytes (a re-publication, or a bad
200 from a broken or hostile server) is saved beside the one already there
(``NAME.<first 8 hex digits of its sha256>.txt``), so the good copy stays where it was.

Where a fetched CR file goes says where it came from (:func:`download_folder`): ``official/``
only for a file the Wizards hosts served themselves (the final URL after redirects, and never
with ``--base-url``), else ``fetched/<host>/`` — the ingest reads the origin from that folder
name (:func:`mtgcr.corpus.copies.origin_from_path`: official, or unknown).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mtgcr.corpus.safe_write import replace_file
from mtgcr.corpus.store import Store

from mtgcr.corpus.fetch.http import FetchResponse

__all__ = [
    "FetchRecord",
    "record_fetch",
    "last_fetch",
    "conditional_headers",
    "save_body",
    "downloads_dir",
    "download_folder",
    "safe_name",
    "fetched_meta",
]


@dataclass(frozen=True)
class FetchRecord:
    """One row of ``fetches``."""

    source: str
    url: str
    final_url: str
    status: int
    headers: dict[str, str]
    fetched_at: str
    sha256: str | None = None
    path: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def etag(self) -> str | None:
        return self.headers.get("etag")

    @property
    def last_modified(self) -> str | None:
        return self.headers.get("last-modified")


def downloads_dir(store: Store) -> Path:
    """``$MTGCR_DOWNLOADS``, else the folder ``downloads`` beside the store file."""
    env = os.environ.get("MTGCR_DOWNLOADS")
    return Path(env) if env else Path(store.path).parent / "downloads"


_UNSAFE = re.compile(r"[^\w.\-]+", re.UNICODE)


def safe_name(name: str) -> str:
    """A file name for ``name`` (a page title, a URL's last part): unsafe runs become ``_``."""
    out = _UNSAFE.sub("_", name).strip("._")
    return out[:150] or "page"


def download_folder(store: Store, final_url: str, official_hosts: set[str], mirror: bool) -> Path:
    """The folder a fetched CR file is saved in (module docstring): ``DOWNLOADS/official`` when
    ``final_url``'s host is one of ``official_hosts`` and the file was not fetched from a mirror
    (``--base-url``), else ``DOWNLOADS/fetched/<host>`` (``<host>_<port>`` with a port)."""
    parts = urlsplit(final_url)
    host = (parts.hostname or "unknown").lower()
    if host in official_hosts and not mirror:
        return downloads_dir(store) / "official"
    try:
        port = parts.port
    except ValueError:
        port = None
    return downloads_dir(store) / "fetched" / safe_name(host + (f"_{port}" if port else ""))


def save_body(folder: Path, name: str, body: bytes) -> Path:
    """Write ``body`` to ``folder/name`` atomically (temporary file, then rename) — unless a
    file of that name holds other bytes: then beside it, as ``stem.<sha8>suffix`` (module
    docstring); the same bytes already there are not written again.

    Returns:
        The file that holds ``body``.

    Raises:
        OSError: the folder cannot be created or written (the message names the path).
    """
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / name
    if target.is_file():
        if target.read_bytes() == body:
            return target
        sha8 = hashlib.sha256(body).hexdigest()[:8]
        target = folder / f"{target.stem}.{sha8}{target.suffix}"
        if target.is_file() and target.read_bytes() == body:
            return target
    replace_file(target, body)
    return target


def record_fetch(
    store: Store,
    source: str,
    resp: FetchResponse,
    path: Path | None = None,
    meta: dict[str, Any] | None = None,
) -> FetchRecord:
    """Add a row for ``resp`` (its body's sha256 when it has one) and return it."""
    sha = hashlib.sha256(resp.body).hexdigest() if resp.body else None
    rec = FetchRecord(
        source,
        resp.url,
        resp.final_url,
        resp.status,
        dict(resp.headers),
        resp.fetched_at.isoformat(timespec="seconds"),
        sha,
        str(path) if path else None,
        dict(meta or {}),
    )
    with store.write_transaction():
        store.conn.execute(
            "INSERT INTO fetches (source, url, final_url, status, etag, last_modified, headers, "
            "fetched_at, sha256, path, meta) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                rec.source,
                rec.url,
                rec.final_url,
                rec.status,
                rec.etag,
                rec.last_modified,
                json.dumps(rec.headers, ensure_ascii=False),
                rec.fetched_at,
                rec.sha256,
                rec.path,
                json.dumps(rec.meta, ensure_ascii=False),
            ),
        )
    return rec


def _row(r) -> FetchRecord:
    return FetchRecord(
        r["source"],
        r["url"],
        r["final_url"],
        r["status"],
        json.loads(r["headers"] or "{}"),
        r["fetched_at"],
        r["sha256"],
        r["path"],
        json.loads(r["meta"] or "{}"),
    )


def last_fetch(store: Store, url: str, ok_only: bool = True) -> FetchRecord | None:
    """The latest row for ``url`` (with a 200 answer if ``ok_only``), or ``None``."""
    sql = "SELECT * FROM fetches WHERE url=?" + (" AND status=200" if ok_only else "")
    r = store.conn.execute(sql + " ORDER BY id DESC LIMIT 1", (url,)).fetchone()
    return _row(r) if r is not None else None


def fetched_meta(store: Store, source: str) -> list[FetchRecord]:
    """Every row of one source, oldest first."""
    return [
        _row(r)
        for r in store.conn.execute("SELECT * FROM fetches WHERE source=? ORDER BY id", (source,))
    ]


def conditional_headers(store: Store, url: str) -> dict[str, str]:
    """``If-None-Match`` / ``If-Modified-Since`` from the last successful fetch of ``url``."""
    last = last_fetch(store, url)
    out: dict[str, str] = {}
    if last is not None:
        if last.etag:
            out["If-None-Match"] = last.etag
        if last.last_modified:
            out["If-Modified-Since"] = last.last_modified
    return out
