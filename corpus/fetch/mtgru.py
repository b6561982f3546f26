"""The mtg.ru rules pages: one HTML page per CR section, glossary pages per letter.

Format knowledge (``http://www.mtg.ru/rules/``, pages in windows-1251, read through the
excerpts in the shared corpus): each section page ends with a navigation footer
``<<  803. Attack Left …`` (previous) / ``8.  Multiplayer Rules`` (up) / ``805. Shared Team
Turns Option  >>`` (next); the header links ``Базовые правила``, ``Contents`` and
``Glossary``; the glossary page links one page per letter. The crawl follows the footer's
next links and the glossary's letter links — page numbers are never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable
from urllib.parse import urljoin, urlsplit

from mtgcr.corpus.store import Store

from mtgcr.corpus.fetch.http import FetchError, PoliteClient
from mtgcr.corpus.fetch.state import downloads_dir, last_fetch, record_fetch, safe_name, save_body

__all__ = ["PageLinks", "page_links", "CrawlResult", "crawl_mtgru", "START_PAGE", "MTGRU_HOSTS"]

#: The first section page.
START_PAGE = "http://www.mtg.ru/rules/100.html"
#: Hosts the mtg.ru source may fetch from.
MTGRU_HOSTS = {"www.mtg.ru", "mtg.ru"}

_SECTION = re.compile(r"^\s*(\d{3})\.\s")


@dataclass
class PageLinks:
    """The navigation of one page: previous/next section page, glossary, letter pages."""

    next: str | None = None
    previous: str | None = None
    glossary: str | None = None
    letters: list[str] = field(default_factory=list)
    section: int | None = None  # the section the page is about (its heading), if any


def _decode(body: bytes, headers: dict[str, str]) -> str:
    m = re.search(r"charset=([\w-]+)", headers.get("content-type", ""), re.I)
    if not m:
        m = re.search(rb"charset=[\"']?([\w-]+)", body[:3000], re.I)  # type: ignore[assignment]
    enc = m.group(1) if m else "windows-1251"
    if isinstance(enc, bytes):
        enc = enc.decode("ascii")
    try:
        return body.decode(enc)
    except (LookupError, UnicodeDecodeError):
        return body.decode("windows-1251", "replace")


def page_links(html: str, url: str) -> PageLinks:
    """Read a page's navigation (footer ``<<``/``>>`` links, the Glossary link, letter links)."""
    from lxml import html as lhtml

    out = PageLinks()
    try:
        root = lhtml.fromstring(html)
    except Exception:
        return out
    folder = url.rsplit("/", 1)[0] + "/"
    for a in root.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.startswith(("#", "mailto:", "javascript:")):
            continue
        target = urljoin(url, href).split("#")[0]
        text = a.text_content().strip()
        before = (
            a.getprevious().tail
            if a.getprevious() is not None
            else (a.getparent().text if a.getparent() is not None else "")
        ) or ""
        after = a.tail or ""
        if text.endswith(">>") or after.lstrip().startswith(">>"):
            out.next = target
        elif text.startswith("<<") or before.rstrip().endswith("<<"):
            out.previous = target
        elif text.lower() == "glossary":
            out.glossary = target
        elif target.startswith(folder) and target != url and re.fullmatch(r"[A-Za-zА-Яа-я]", text):
            out.letters.append(target)
    for el in root.iter("h1", "h2", "h3", "b", "p", "font"):
        m = _SECTION.match(el.text_content() or "")
        if m:
            out.section = int(m.group(1))
            break
    return out


@dataclass
class CrawlResult:
    """What a crawl kept: saved files in crawl order, pages skipped as already stored,
    and the section pages seen."""

    saved: list[Path] = field(default_factory=list)
    reused: list[Path] = field(default_factory=list)
    sections: list[int] = field(default_factory=list)
    stopped: str | None = None  # why the crawl stopped before its end (its page bound)


def _page(client: PoliteClient, store: Store, url: str) -> tuple[str, Path]:
    """The page's HTML and file: from a previous run's file when one was stored (a resumed
    crawl sends no request for it), else fetched, saved and recorded."""
    last = last_fetch(store, url)
    if last is not None and last.path and Path(last.path).is_file():
        body = Path(last.path).read_bytes()
        return _decode(body, last.headers), Path(last.path)
    resp = client.get(url)
    if resp.status != 200:
        raise FetchError(f"{url}: HTTP {resp.status}")
    name = safe_name(urlsplit(resp.final_url).path.rsplit("/", 1)[-1] or "index.html")
    path = save_body(downloads_dir(store) / "mtgru", name, resp.body)
    record_fetch(store, "mtgru", resp, path)
    return _decode(resp.body, resp.headers), path


def _bound(max_pages: int, url: str) -> str:
    return (
        f"stopped after {max_pages} pages, before {url}: a crawl reads at most that many "
        f"(raise the bound with --max-requests)"
    )


def crawl_mtgru(
    client: PoliteClient,
    store: Store,
    start: str = START_PAGE,
    sections: set[int] | None = None,
    glossary: bool = True,
    on_page: Callable[[str], None] | None = None,
    max_pages: int = 2000,
) -> CrawlResult:
    """Crawl the section pages from ``start`` along the footer's next links, then the glossary
    pages; keep the pages of ``sections`` (all when ``None``).

    Args:
        client: a polite client allowed on the site's host.
        store: where fetches are recorded (and a resumed crawl finds its pages).
        start: the first section page.
        sections: the section numbers to keep; the crawl stops after the highest one.
        glossary: also fetch the glossary and its letter pages (only when all sections are asked).
        on_page: called with each URL before it is read (progress).
        max_pages: a bound on the pages visited (section and glossary pages together); a site
            whose links go on past it stops the crawl, and :attr:`CrawlResult.stopped` says
            so (the pages kept so far are kept).

    Raises:
        FetchError: a page could not be fetched (the pages kept so far stay stored).
    """
    res = CrawlResult()
    seen: set[str] = set()
    url: str | None = start
    gloss_url: str | None = None
    top = max(sections) if sections else None
    while url and url not in seen:
        if len(seen) >= max_pages:
            res.stopped = _bound(max_pages, url)
            return res
        seen.add(url)
        if on_page:
            on_page(url)
        reused = last_fetch(store, url) is not None
        html, path = _page(client, store, url)
        links = page_links(html, url)
        gloss_url = gloss_url or links.glossary
        sec = links.section
        if sec is not None:
            res.sections.append(sec)
        if sections is None or (sec is not None and sec in sections):
            (res.reused if reused else res.saved).append(path)
        if top is not None and sec is not None and sec >= top:
            break
        url = links.next
    if glossary and sections is None and gloss_url:
        html, path = _page(client, store, gloss_url)
        res.saved.append(path)
        for letter in page_links(html, gloss_url).letters:
            if letter in seen:
                continue
            if len(seen) >= max_pages:
                res.stopped = _bound(max_pages, letter)
                break
            seen.add(letter)
            if on_page:
                on_page(letter)
            _, p = _page(client, store, letter)
            res.saved.append(p)
    return res
