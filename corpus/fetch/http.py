"""A polite HTTP client: identification, robots.txt, spacing, retries, caps, a cache.

Every scraper of :mod:`mtgcr.corpus.fetch` fetches through :class:`PoliteClient`, which is
``httpx`` with ``hishel``'s cache (a re-run within the cache's life sends no request) over
a transport that applies the manners a site operator expects:

* ``User-Agent: mtgcr/<version> (+<contact>)``; a contact (``--contact`` or
  ``$MTGCR_CONTACT``) is required for every host outside the loopback range;
* ``robots.txt`` is fetched once per host and obeyed (:mod:`urllib.robotparser`), its
  ``Crawl-delay`` included;
* requests to one host are serial and at least :attr:`FetchPolicy.min_interval` seconds apart
  (default 1 s, never below 0.5 s);
* 429 and 503 answers are retried after their ``Retry-After`` (seconds or an HTTP date);
  connection errors and other 5xx answers after an exponential backoff with a cap, up to
  :attr:`FetchPolicy.max_retries` times;
* only ``http``/``https`` URLs on the source's allowed hosts are fetched; a redirect keeps the
  scheme, host and port of the URL it answers (anything else is refused); with a base URL (a
  mirror, a test server) every path stays under the base path (no ``..``, no ``%2F`` or ``%5C``
  that a server could turn into one);
* bodies are read under the limits of :mod:`mtgcr.corpus.fetch.body`: one offered content
  coding, a decompression budget, :attr:`FetchPolicy.max_bytes`, a deadline per response
  (:attr:`FetchPolicy.max_time`) and one for the whole run (:attr:`FetchPolicy.deadline`);
  robots.txt included;
* a ``Retry-After`` that is not a number or a date is ignored (the backoff applies); a wait
  longer than what is left of the run's deadline fails at once, saying so.
"""

from __future__ import annotations

import email.utils
import ipaddress
import time
import urllib.robotparser
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urljoin, urlsplit

import httpx
from mtgcr.corpus.fetch.body import ACCEPT_ENCODING, Deadline, read_body
from mtgcr.errors import FetchError

__all__ = [
    "FetchPolicy",
    "FetchError",
    "FetchRefused",
    "FetchResponse",
    "PoliteClient",
    "is_loopback",
    "user_agent",
    "retry_after_seconds",
    "MIN_INTERVAL_FLOOR",
]

#: The shortest spacing between two requests to one host a user may configure (seconds).
MIN_INTERVAL_FLOOR = 0.5


class FetchRefused(FetchError):
    """mtgcr will not make this request (robots.txt, another host, a scheme, no contact)."""


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and addresses in 127.0.0.0/8 or ``::1``."""
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def user_agent(contact: str | None) -> str:
    """``mtgcr/<version> (+<contact>)`` (``(+no contact; loopback only)`` without one)."""
    from mtgcr import __version__

    return f"mtgcr/{__version__} (+{contact or 'no contact; loopback only'})"


@dataclass(frozen=True)
class FetchPolicy:
    """How politely to fetch.

    Attributes:
        contact: an e-mail address or URL for the site operator (required off loopback).
        min_interval: seconds between two requests to one host (≥ 0.5; raised to a
            robots.txt ``Crawl-delay`` when that is longer).
        max_retries: retries of one request after 429/503/5xx answers or connection errors.
        backoff_base: first backoff in seconds (doubled each retry).
        backoff_cap: the longest backoff or ``Retry-After`` wait honoured, in seconds.
        connect_timeout: seconds to connect.
        read_timeout: seconds to wait for data.
        max_bytes: the largest body read (bytes, decompressed); a longer one is aborted.
        max_time: seconds one response may take, from the request to its last byte
            (retries of it included); a server that trickles is cut off.
        deadline: seconds the whole run may take (every request of this client); ``None``:
            no limit.
        max_requests: requests one listing may take (MediaWiki continuation, a crawl's
            pages) before it stops, saying so.
        cache_dir: folder of the HTTP cache (``None``: no cache).
        cache_ttl: seconds a cached response is served without a request.
        obey_robots: read and obey robots.txt (always on for hosts off loopback).

    Raises:
        ValueError: ``min_interval`` below 0.5 s or a negative number.
    """

    contact: str | None = None
    min_interval: float = 1.0
    max_retries: int = 4
    backoff_base: float = 1.0
    backoff_cap: float = 60.0
    connect_timeout: float = 10.0
    read_timeout: float = 30.0
    max_bytes: int = 32 * 1024 * 1024
    max_time: float = 300.0
    deadline: float | None = 1800.0
    max_requests: int = 2000
    cache_dir: Path | None = None
    cache_ttl: float = 3600.0
    obey_robots: bool = True

    def __post_init__(self) -> None:
        if self.min_interval < MIN_INTERVAL_FLOOR:
            raise ValueError(
                f"the spacing between requests must be at least "
                f"{MIN_INTERVAL_FLOOR} s (got {self.min_interval})"
            )
        for name in (
            "max_retries",
            "backoff_base",
            "backoff_cap",
            "connect_timeout",
            "read_timeout",
            "max_bytes",
            "max_time",
            "max_requests",
            "cache_ttl",
        ):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")
        if self.deadline is not None and self.deadline <= 0:
            raise ValueError("deadline must be positive")


@dataclass
class FetchResponse:
    """A fetched resource.

    Attributes:
        url: the URL asked for.
        final_url: the URL answered, after redirects.
        status: HTTP status of the final answer (``304``: not modified).
        headers: response headers (lower-case names).
        body: the body (``b""`` for a 304).
        from_cache: served by the HTTP cache without a request.
        fetched_at: when the answer arrived (UTC).
    """

    url: str
    final_url: str
    status: int
    headers: dict[str, str]
    body: bytes
    from_cache: bool = False
    fetched_at: datetime = field(default_factory=lambda: datetime.now(timezone.utc))


def retry_after_seconds(value: object, now: float | None = None) -> float | None:
    """Seconds to wait for a ``Retry-After`` value (delta seconds or an HTTP date, RFC 9110
    10.2.3); ``None`` for anything else (``"abc"``, a negative number, a list): the caller's
    backoff applies."""
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return None
    text = str(value).strip()
    try:
        seconds = float(text)
    except ValueError:
        seconds = None
    if seconds is not None:
        return seconds if 0 <= seconds < float("inf") else None
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


_retry_after = retry_after_seconds


def _origin_of(url: str) -> tuple[str, str, int | None]:
    """``(scheme, host, port)`` of a URL, the port made explicit for http and https."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    return scheme, (parts.hostname or "").lower(), port or {"http": 80, "https": 443}.get(scheme)


def _path_problem(raw_path: bytes, base_path: str | None) -> str | None:
    """Why a request path is refused (``None``: fine): a segment that is or decodes to ``.``,
    ``..``, or holds an encoded ``/`` or ``\\`` (a server may decode ``%2F`` and climb out of the
    base path), or a path outside ``base_path``."""
    path = raw_path.split(b"?", 1)[0].decode("ascii", "replace")
    for seg in path.split("/"):
        dec = unquote(seg)
        if dec in (".", "..") or "/" in dec or "\\" in dec:
            return f"the path segment {seg!r} could leave the folder it names"
    if base_path:
        prefix = base_path.rstrip("/")
        if prefix and not (path == prefix or path.startswith(prefix + "/")):
            return f"the path {path} is outside the base path {prefix}/"
    return None


class _PoliteTransport(httpx.BaseTransport):
    """The network side: host checks, robots.txt, spacing and retries around a transport."""

    def __init__(
        self,
        inner: httpx.BaseTransport,
        policy: FetchPolicy,
        allowed: set[str],
        agent: str,
        sleep: Callable[[float], None],
        on_wait: Callable[[str], None] | None,
        base_path: str | None = None,
    ):
        self.inner, self.policy, self.allowed, self.agent = inner, policy, allowed, agent
        self.sleep, self.on_wait, self.base_path = sleep, on_wait, base_path
        self._last: dict[str, float] = {}
        self._robots: dict[str, urllib.robotparser.RobotFileParser | None] = {}
        self.sent = 0  # requests that went out on the network
        self.deadlines: list[Deadline] = []  # those of the response in hand (set by the client)

    def _space(self, host: str) -> None:
        gap = self.policy.min_interval
        robots = self._robots.get(host)
        if robots is not None:
            delay = robots.crawl_delay(self.agent)
            if delay is not None:
                gap = max(gap, float(delay))
        last = self._last.get(host)
        if last is not None:
            wait = last + gap - time.monotonic()
            if wait > 0:
                self._wait(wait, str(host))
                self.sleep(wait)

    def _wait(self, seconds: float, url: str) -> None:
        """Refuse a wait that would pass a deadline (rather than sleep past it)."""
        for d in self.deadlines:
            if seconds > d.left():
                raise FetchError(
                    f"{url}: waiting {seconds:.0f} s more would pass {d.what}; stopped"
                )

    def _send_once(self, request: httpx.Request) -> httpx.Response:
        host = request.url.host
        self._space(host)
        for d in self.deadlines:
            d.check(str(request.url))
        try:
            return self.inner.handle_request(request)
        finally:
            self._last[host] = time.monotonic()
            self.sent += 1

    def _robots_for(self, url: httpx.URL) -> urllib.robotparser.RobotFileParser | None:
        key = f"{url.scheme}://{url.netloc.decode()}"
        if key in self._robots:
            return self._robots[key]
        parser: urllib.robotparser.RobotFileParser | None = urllib.robotparser.RobotFileParser()
        req = httpx.Request(
            "GET",
            f"{key}/robots.txt",
            headers={"User-Agent": self.agent, "Accept-Encoding": ACCEPT_ENCODING},
        )
        resp = self._send_with_retries(req)
        try:
            body = read_body(
                resp.iter_raw(),
                str(req.url),
                resp.headers.get("content-encoding"),
                min(self.policy.max_bytes, _ROBOTS_CAP),
                self.deadlines,
            )
        finally:
            resp.close()
        if resp.status_code in (401, 403):
            parser.disallow_all = True  # type: ignore[union-attr]
        elif resp.status_code >= 400:
            parser = None  # no robots.txt: everything allowed
        else:
            parser.parse(body.decode("utf-8", "replace").splitlines())  # type: ignore[union-attr]
        self._robots[key] = parser
        self._robots[url.host] = parser
        return parser

    def _send_with_retries(self, request: httpx.Request) -> httpx.Response:
        p = self.policy
        attempt = 0
        while True:
            try:
                resp = self._send_once(request)
            except httpx.TransportError as exc:
                if attempt >= p.max_retries:
                    raise FetchError(
                        f"{request.url}: {type(exc).__name__}: {exc} (after {attempt + 1} tries)"
                    ) from None
                wait = min(p.backoff_cap, p.backoff_base * 2**attempt)
            else:
                retryable = resp.status_code in (429, 503) or 500 <= resp.status_code < 600
                if not retryable or attempt >= p.max_retries:
                    return resp
                ra = retry_after_seconds(resp.headers.get("retry-after"))
                resp.close()  # its body is not read (it could be anything)
                if ra is not None and resp.status_code in (429, 503):
                    if ra > p.backoff_cap:
                        raise FetchError(
                            f"{request.url}: HTTP {resp.status_code}, Retry-After "
                            f"{ra:.0f} s is longer than the cap of "
                            f"{p.backoff_cap:.0f} s; try again later"
                        )
                    wait = ra
                else:
                    wait = min(p.backoff_cap, p.backoff_base * 2**attempt)
            self._wait(wait, str(request.url))
            if self.on_wait:
                self.on_wait(f"{request.url}: waiting {wait:.1f} s before retry {attempt + 1}")
            self.sleep(wait)
            attempt += 1

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        if url.scheme not in ("http", "https"):
            raise FetchRefused(f"{url}: only http and https URLs are fetched")
        if url.host not in self.allowed:
            raise FetchRefused(
                f"{url}: host {url.host} is not one this source may fetch from "
                f"(allowed: {', '.join(sorted(self.allowed))})"
            )
        problem = _path_problem(url.raw_path, self.base_path)
        if problem is not None:
            raise FetchRefused(f"{url}: not fetched: {problem}")
        if self.policy.obey_robots or not is_loopback(url.host):
            robots = self._robots_for(url)
            if robots is not None and not robots.can_fetch(self.agent, str(url)):
                raise FetchRefused(
                    f"{url}: disallowed by {url.scheme}://{url.host}"
                    f"{':' + str(url.port) if url.port else ''}/robots.txt"
                )
        return self._send_with_retries(request)


#: The largest robots.txt read (bytes): Google reads 500 KiB of one.
_ROBOTS_CAP = 512 * 1024


class PoliteClient:
    """Fetch URLs of one source politely (see the module docstring).

    Args:
        policy: the manners and limits.
        allowed_hosts: host names this source may fetch from.
        sleep: the sleeping function (seconds); tests pass none and wait for real.
        on_wait: called with a one-line note when a retry waits.
        base_path: every request path must stay under this path (a mirror's or test server's
            base URL path; ``None``: anywhere on the allowed hosts).
        on_progress: called as ``on_progress(url, bytes so far, bytes expected or None)``
            while a body is read (download progress).

    Raises:
        FetchRefused: an allowed host is off loopback and the policy has no contact.
    """

    def __init__(
        self,
        policy: FetchPolicy,
        allowed_hosts: set[str],
        sleep: Callable[[float], None] = time.sleep,
        on_wait: Callable[[str], None] | None = None,
        base_path: str | None = None,
        on_progress: Callable[[str, int, int | None], None] | None = None,
    ) -> None:
        off = sorted(h for h in allowed_hosts if not is_loopback(h))
        if off and not policy.contact:
            raise FetchRefused(
                f"fetching from {', '.join(off)} needs a contact for the site "
                f"operator: give --contact EMAIL-OR-URL or set MTGCR_CONTACT"
            )
        self.policy = policy
        self.allowed = set(allowed_hosts)
        self.agent = user_agent(policy.contact)
        self.on_progress = on_progress
        self.run_deadline = (
            Deadline.after(
                policy.deadline, f"the run's deadline of {policy.deadline:g} s (--deadline)"
            )
            if policy.deadline is not None
            else None
        )
        self._polite = _PoliteTransport(
            httpx.HTTPTransport(), policy, self.allowed, self.agent, sleep, on_wait, base_path
        )
        transport: httpx.BaseTransport = self._polite
        if policy.cache_dir is not None:
            import hishel
            from hishel.httpx import CacheTransport

            policy.cache_dir.mkdir(parents=True, exist_ok=True)
            storage = hishel.SqliteStorage(
                database_path=policy.cache_dir / "http-cache.sqlite", default_ttl=policy.cache_ttl
            )
            transport = CacheTransport(next_transport=self._polite, storage=storage)
        self._client = httpx.Client(
            transport=transport,
            follow_redirects=False,
            timeout=httpx.Timeout(policy.read_timeout, connect=policy.connect_timeout),
            headers={"User-Agent": self.agent, "Accept-Encoding": ACCEPT_ENCODING},
        )

    @property
    def requests_sent(self) -> int:
        """How many requests went out on the network (cache hits and refusals not counted)."""
        return self._polite.sent

    def close(self) -> None:
        """Close the connections and the cache."""
        self._client.close()

    def __enter__(self) -> "PoliteClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _deadlines(self) -> list[Deadline]:
        """The deadlines of a new response: its own, and the run's."""
        own = Deadline.after(
            self.policy.max_time,
            f"the time limit of {self.policy.max_time:g} s for one response (--max-time)",
        )
        return [own] + ([self.run_deadline] if self.run_deadline is not None else [])

    def _timeout(self, deadlines: list[Deadline]) -> httpx.Timeout:
        """Socket timeouts no longer than what is left of the deadlines."""
        left = max(0.001, min(d.left() for d in deadlines))
        p = self.policy
        return httpx.Timeout(min(p.read_timeout, left), connect=min(p.connect_timeout, left))

    def get(
        self, url: str, headers: dict[str, str] | None = None, max_redirects: int = 5
    ) -> FetchResponse:
        """GET ``url`` (following up to ``max_redirects`` redirects that keep the scheme, host
        and port of the URL they answer).

        Args:
            url: an absolute http(s) URL, already percent-encoded.
            headers: extra request headers (``If-None-Match``, ``If-Modified-Since`` …).
            max_redirects: redirects followed at most.

        Returns:
            A :class:`FetchResponse` (any status; callers decide what an error status means).

        Raises:
            FetchRefused: robots.txt, another host, another scheme or port in a redirect, a
                path that could leave its folder or the base path.
            FetchError: network failure after the retries, too many redirects, a body
                larger than :attr:`FetchPolicy.max_bytes`, stacked or unoffered content
                codings, a passed deadline (:mod:`mtgcr.corpus.fetch.body`).
        """
        current = url
        deadlines = self._deadlines()
        self._polite.deadlines = deadlines
        try:
            for _ in range(max_redirects + 1):
                for d in deadlines:
                    d.check(current)
                try:
                    with self._client.stream(
                        "GET", current, headers=headers or {}, timeout=self._timeout(deadlines)
                    ) as resp:
                        if (
                            resp.status_code in (301, 302, 303, 307, 308)
                            and "location" in resp.headers
                        ):
                            nxt = urljoin(current, resp.headers["location"])
                            if _origin_of(nxt) != _origin_of(current):
                                scheme, host, port = _origin_of(nxt)
                                raise FetchRefused(
                                    f"{current}: redirected to {nxt} ({scheme}://{host}:{port}); "
                                    f"a redirect must keep the scheme, host and port; refused"
                                )
                            current = nxt
                            continue
                        body = self._read(resp, current, deadlines)
                        cached = bool((resp.extensions.get("caching") or {}).get("from_cache"))
                        return FetchResponse(
                            url,
                            current,
                            resp.status_code,
                            {k.lower(): v for k, v in resp.headers.items()},
                            body,
                            cached,
                        )
                except httpx.TimeoutException as exc:
                    for d in deadlines:
                        d.check(current)
                    raise FetchError(f"{current}: {type(exc).__name__}: {exc}") from None
                except httpx.HTTPError as exc:
                    raise FetchError(f"{current}: {type(exc).__name__}: {exc}") from None
            raise FetchError(f"{url}: more than {max_redirects} redirects")
        finally:
            self._polite.deadlines = []

    def _read(self, resp: httpx.Response, url: str, deadlines: list[Deadline]) -> bytes:
        cap = self.policy.max_bytes
        declared = resp.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > cap:
            raise FetchError(
                f"{url}: the response is {int(declared):,} bytes, more than the "
                f"cap of {cap:,} (raise it with --max-bytes)"
            )
        coding = resp.headers.get("content-encoding")
        total = int(declared) if declared and declared.isdigit() and not coding else None
        progress = self.on_progress
        return read_body(
            resp.iter_raw(),
            url,
            coding,
            cap,
            deadlines,
            (lambda n: progress(url, n, total)) if progress is not None else None,
        )
