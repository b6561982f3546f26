"""The Japanese MTG Wiki (or any MediaWiki) through its API, with a raw-page fallback.

Format knowledge (MediaWiki action API, ``api.php``; the MTG Wiki runs it): revisions come
from ``action=query&prop=revisions&rvprop=ids|timestamp|sha1|content&rvslots=main
&formatversion=2&maxlag=5``; more results are fetched by sending back the ``continue`` object
as parameters; category members come from ``list=categorymembers``. A wiki older than
MediaWiki 1.32 does not know ``rvslots`` (an error or a warning naming it): the query is
repeated without it, and the content read from ``content`` or ``*``. A ``maxlag`` error (the
database replicas lag) says how long to wait (``Retry-After``, else ``lag``): the query waits
and is repeated. A site with no API (``api.php`` missing or answering HTML) is read page by
page from ``index.php?title=…&action=raw`` — the current revision only, without ids.

Answers are checked for their shape before they are used: a JSON value that is not the object
the API documents (``[1,2,3]``, a ``continue`` that is not an object, a page without a title …)
is a :class:`~mtgcr.errors.FetchError` naming the URL, never a crash. A listing follows
``continue`` for at most :attr:`~mtgcr.corpus.fetch.http.FetchPolicy.max_requests` requests: a
wiki that always says "more" stops with a message saying so.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterator
from urllib.parse import urlencode

from mtgcr.corpus.fetch.http import FetchError, PoliteClient, retry_after_seconds

__all__ = ["Revision", "MediaWiki", "ApiError", "NoApi", "BadAnswer"]


class ApiError(FetchError):
    """The API answered an error: ``code`` and ``info`` as it sent them."""

    def __init__(self, url: str, code: str, info: str) -> None:
        super().__init__(f"{url}: MediaWiki API error {code}: {info}")
        self.code, self.info = code, info


class NoApi(FetchError):
    """The site has no usable ``api.php``."""


class BadAnswer(FetchError):
    """The API answered JSON of another shape than the one it documents."""


def _shape(value: Any, kind: type, url: str, what: str) -> Any:
    """``value`` if it is a ``kind`` (``None`` allowed: the key was absent), else
    :class:`BadAnswer`."""
    if value is None or isinstance(value, kind):
        return value
    names = {dict: "an object", list: "a list", str: "a string", int: "a number"}
    raise BadAnswer(
        f"{url}: {what} is {names.get(type(value), type(value).__name__)}, not "
        f"{names.get(kind, kind.__name__)}: not a MediaWiki API answer"
    )


@dataclass(frozen=True)
class Revision:
    """One revision of a page.

    Attributes:
        title: the page title.
        content: its wikitext.
        page_id: the page id (``None`` from the raw fallback).
        rev_id: the revision id (``None`` from the raw fallback).
        timestamp: ISO 8601 UTC time of the revision (``None`` from the raw fallback).
        sha1: the wiki's sha1 of the content (``None`` when not given).
    """

    title: str
    content: str
    page_id: int | None = None
    rev_id: int | None = None
    timestamp: str | None = None
    sha1: str | None = None

    def meta(self) -> dict[str, Any]:
        """The facts kept with the stored file."""
        return {
            "title": self.title,
            "page_id": self.page_id,
            "rev_id": self.rev_id,
            "timestamp": self.timestamp,
            "sha1": self.sha1,
        }


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


class MediaWiki:
    """A MediaWiki site.

    Args:
        client: the polite client (its allowed hosts include the wiki's).
        api_url: ``…/api.php``.
        index_url: ``…/index.php`` (the raw fallback).
        maxlag: the ``maxlag`` value sent (seconds).
        maxlag_retries: how often a lagged query is repeated before giving up.
        sleep: the sleeping function (seconds).
    """

    def __init__(
        self,
        client: PoliteClient,
        api_url: str,
        index_url: str,
        maxlag: int = 5,
        maxlag_retries: int = 5,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.client, self.api_url, self.index_url = client, api_url, index_url
        self.maxlag, self.maxlag_retries, self.sleep = maxlag, maxlag_retries, sleep
        self.slots = True  # send rvslots=main until the wiki says it does not know it
        self.has_api: bool | None = None

    def _api(self, params: dict[str, Any]) -> dict[str, Any]:
        q = {"format": "json", "formatversion": "2", "maxlag": str(self.maxlag), **params}
        url = f"{self.api_url}?{urlencode(q)}"
        for attempt in range(self.maxlag_retries + 1):
            resp = self.client.get(url)
            ctype = resp.headers.get("content-type", "")
            if resp.status in (404, 410) or (
                resp.status == 200
                and "json" not in ctype
                and not resp.body.lstrip().startswith(b"{")
            ):
                self.has_api = False
                raise NoApi(
                    f"{self.api_url}: no MediaWiki API (HTTP {resp.status}, "
                    f"{ctype or 'no content-type'})"
                )
            try:
                data = json.loads(resp.body)
            except ValueError:
                raise FetchError(f"{url}: the API answered something that is not JSON") from None
            _shape(data, dict, url, "the answer")
            if not data:
                raise BadAnswer(f"{url}: the API answered an empty object")
            err = _shape(data.get("error"), dict, url, "its 'error'")
            if not err:
                self.has_api = True
                return data
            code, info = str(err.get("code", "")), str(err.get("info", ""))
            if code == "maxlag" and attempt < self.maxlag_retries:
                wait = retry_after_seconds(resp.headers.get("retry-after"))
                if wait is None:
                    wait = retry_after_seconds(err.get("lag"))
                self.sleep(min(60.0, 5.0 if wait is None else wait))
                continue
            raise ApiError(url, code, info)
        raise FetchError(f"{url}: the wiki's database lag stayed above {self.maxlag} s")

    @staticmethod
    def _content(rev: dict[str, Any]) -> str:
        slots: dict[str, Any] = rev["slots"] if isinstance(rev.get("slots"), dict) else {}
        main: dict[str, Any] = slots["main"] if isinstance(slots.get("main"), dict) else {}
        for v in (main.get("content"), main.get("*"), rev.get("content"), rev.get("*")):
            if isinstance(v, str):
                return v
        return ""

    def revisions(self, title: str, limit: int = 1, since: str | None = None) -> Iterator[Revision]:
        """The newest ``limit`` revisions of ``title`` (newest first), stopping at ``since``
        (an ISO date or timestamp) when given; follows ``continue``.

        Raises:
            NoApi: the site has no API (use :meth:`raw`).
            ApiError: another API error.
        """
        params: dict[str, Any] = {
            "action": "query",
            "prop": "revisions",
            "titles": title,
            "rvprop": "ids|timestamp|sha1|content",
            "rvlimit": str(max(1, min(limit, 50))),
        }
        if since:
            params["rvend"] = since if "T" in since else f"{since}T00:00:00Z"
        got = 0
        cont: dict[str, Any] = {}
        requests = 1
        while got < limit:
            q = {**params, **cont}
            if self.slots:
                q["rvslots"] = "main"
            try:
                data = self._api(q)
            except ApiError as exc:
                if self.slots and "rvslots" in (exc.info + exc.code):
                    self.slots = False
                    continue
                raise
            warn = json.dumps(data.get("warnings", {}))
            if self.slots and "rvslots" in warn:
                self.slots = False
            url = f"{self.api_url} (revisions of {title!r})"
            query = _shape(data.get("query"), dict, url, "its 'query'") or {}
            pages = query.get("pages") or []
            if isinstance(pages, dict):  # formatversion=1 shape
                pages = list(pages.values())
            for page in _shape(pages, list, url, "its 'query.pages'"):
                _shape(page, dict, url, "a page")
                if page.get("missing") is not None and page.get("missing") is not False:
                    raise FetchError(f"{self.api_url}: no page {title!r} on the wiki")
                for rev in _shape(page.get("revisions"), list, url, "a page's 'revisions'") or []:
                    _shape(rev, dict, url, "a revision")
                    yield Revision(
                        str(page.get("title", title)),
                        self._content(rev),
                        _int_or_none(page.get("pageid")),
                        _int_or_none(rev.get("revid")),
                        _str_or_none(rev.get("timestamp")),
                        _str_or_none(rev.get("sha1")),
                    )
                    got += 1
                    if got >= limit:
                        return
            more = self._continue(data, url, requests)
            if more is None:
                return
            cont = more
            requests += 1

    def category_members(self, category: str) -> Iterator[str]:
        """Titles of the pages in ``category`` (with or without the ``Category:`` prefix)."""
        name = category if ":" in category else f"Category:{category}"
        cont: dict[str, Any] = {}
        url = f"{self.api_url} (members of {name})"
        requests = 1
        while True:
            data = self._api(
                {
                    "action": "query",
                    "list": "categorymembers",
                    "cmtitle": name,
                    "cmlimit": "500",
                    **cont,
                }
            )
            query = _shape(data.get("query"), dict, url, "its 'query'") or {}
            members = _shape(query.get("categorymembers"), list, url, "its 'categorymembers'") or []
            for m in members:
                title = _shape(m, dict, url, "a member").get("title")
                if not isinstance(title, str):
                    raise BadAnswer(f"{url}: the API answered a member without a title")
                yield title
            more = self._continue(data, url, requests)
            if more is None:
                return
            cont = more
            requests += 1

    def _continue(self, data: dict[str, Any], url: str, requests: int) -> dict[str, str] | None:
        """The ``continue`` parameters of an answer (``None``: the listing is complete).

        Raises:
            BadAnswer: ``continue`` is not an object of strings and numbers.
            FetchError: the listing took :attr:`FetchPolicy.max_requests` requests already.
        """
        cont = _shape(data.get("continue"), dict, url, "its 'continue'")
        if cont is None:
            return None
        if not cont or not all(isinstance(v, (str, int)) for v in cont.values()):
            raise BadAnswer(f"{url}: the API answered a 'continue' with no usable values")
        limit = self.client.policy.max_requests
        if requests >= limit:
            raise FetchError(
                f"{url}: the wiki still answered 'continue' after {limit} requests; stopped "
                f"(a listing that never ends; raise the bound with --max-requests)"
            )
        return {k: str(v) for k, v in cont.items()}

    def raw(self, title: str) -> Revision:
        """The current wikitext of ``title`` from ``index.php?action=raw``.

        Raises:
            FetchError: the page does not exist (HTTP error) or the answer is HTML.
        """
        url = f"{self.index_url}?{urlencode({'title': title, 'action': 'raw'})}"
        resp = self.client.get(url)
        if resp.status != 200:
            raise FetchError(f"{url}: HTTP {resp.status}")
        if resp.body.lstrip()[:1] == b"<" and b"<html" in resp.body[:2000].lower():
            raise FetchError(f"{url}: answered an HTML page, not wikitext")
        return Revision(title, resp.body.decode("utf-8", "replace"))
