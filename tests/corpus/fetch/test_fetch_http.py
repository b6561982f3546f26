"""corpus.fetch.http against a real HTTP server on 127.0.0.1 (pytest-httpserver).

Every test asserts on the requests the server actually received: how many, in which order,
with which headers, and how far apart in time.
"""

from __future__ import annotations

import time
from email.utils import formatdate

import pytest
from werkzeug import Response

from mtgcr.corpus.fetch.http import FetchError, FetchPolicy, FetchRefused, PoliteClient

FAST = FetchPolicy(min_interval=0.5, backoff_base=0.1, backoff_cap=5)


def _client(httpserver, policy=FAST, **kw):
    return PoliteClient(policy, {httpserver.host}, **kw)


def _stamped(times, body=b"ok", status=200, headers=None):
    def handler(request):
        times.append(time.monotonic())
        return Response(body, status=status, headers=headers or {})

    return handler


def test_user_agent_robots_and_spacing(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data(
        "User-agent: *\nDisallow: /private\n"
    )
    times = []
    httpserver.expect_request("/a").respond_with_handler(_stamped(times, b"A"))
    httpserver.expect_request("/b").respond_with_handler(_stamped(times, b"B"))
    with _client(httpserver) as c:
        assert c.get(httpserver.url_for("/a")).body == b"A"
        assert c.get(httpserver.url_for("/b")).body == b"B"
        with pytest.raises(FetchRefused, match="robots.txt"):
            c.get(httpserver.url_for("/private/x"))
    paths = [req.path for req, _ in httpserver.log]
    assert paths == ["/robots.txt", "/a", "/b"]  # robots first, once; the disallowed path never
    assert all(req.headers["User-Agent"].startswith("mtgcr/") for req, _ in httpserver.log)
    assert times[1] - times[0] >= 0.5


def test_crawl_delay_is_obeyed(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data("User-agent: *\nCrawl-delay: 1\n")
    times = []
    for p in ("/1", "/2"):
        httpserver.expect_request(p).respond_with_handler(_stamped(times))
    with _client(httpserver) as c:
        c.get(httpserver.url_for("/1"))
        c.get(httpserver.url_for("/2"))
    assert times[1] - times[0] >= 1.0


@pytest.mark.parametrize("retry_after", ["1", "date"])
def test_429_waits_for_retry_after(httpserver, retry_after):
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    times = []

    def handler(request):
        times.append(time.monotonic())
        if len(times) == 1:  # an HTTP date has whole seconds: 2 s ahead waits at least 1 s
            value = "1" if retry_after == "1" else formatdate(time.time() + 2, usegmt=True)
            return Response(b"slow down", status=429, headers={"Retry-After": value})
        return Response(b"fine")

    httpserver.expect_request("/busy").respond_with_handler(handler)
    with _client(httpserver) as c:
        assert c.get(httpserver.url_for("/busy")).body == b"fine"
    assert len(times) == 2 and times[1] - times[0] >= 0.9


def test_redirect_to_another_host_is_refused(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    httpserver.expect_request("/moved").respond_with_data(
        "", status=302, headers={"Location": "http://example.org/elsewhere"}
    )
    with _client(httpserver) as c, pytest.raises(FetchRefused, match="example.org"):
        c.get(httpserver.url_for("/moved"))
    assert [req.path for req, _ in httpserver.log] == ["/robots.txt", "/moved"]


def test_redirect_on_the_same_host_is_followed(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    httpserver.expect_request("/old").respond_with_data(
        "", status=301, headers={"Location": "/new"}
    )
    httpserver.expect_request("/new").respond_with_data("here")
    with _client(httpserver) as c:
        r = c.get(httpserver.url_for("/old"))
    assert (r.status, r.body, r.final_url) == (200, b"here", httpserver.url_for("/new"))


def test_oversized_body_is_aborted(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    httpserver.expect_request("/big").respond_with_data(b"x" * 5000)
    policy = FetchPolicy(min_interval=0.5, max_bytes=1000)
    with _client(httpserver, policy) as c, pytest.raises(FetchError, match="cap of 1,000"):
        c.get(httpserver.url_for("/big"))


def test_cache_answers_a_rerun_without_a_request(httpserver, tmp_path):
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    httpserver.expect_request("/page").respond_with_data("cached body")
    policy = FetchPolicy(min_interval=0.5, cache_dir=tmp_path / "cache")
    with _client(httpserver, policy) as c:
        assert c.get(httpserver.url_for("/page")).from_cache is False
    n = len(httpserver.log)
    with _client(httpserver, policy) as c:
        r = c.get(httpserver.url_for("/page"))
        assert (r.body, r.from_cache) == (b"cached body", True)
    assert len(httpserver.log) == n  # the cached page needs no request (nor robots.txt)


def test_policy_and_contact_rules():
    with pytest.raises(ValueError, match="at least 0.5"):
        FetchPolicy(min_interval=0.1)
    with pytest.raises(FetchRefused, match="MTGCR_CONTACT"):
        PoliteClient(FetchPolicy(), {"media.wizards.com"})
    PoliteClient(FetchPolicy(contact="rules@example.org"), {"media.wizards.com"}).close()


def test_only_http_and_allowed_hosts(httpserver):
    with _client(httpserver) as c:
        with pytest.raises(FetchRefused, match="not one this source"):
            c.get("http://example.org/x")
    assert httpserver.log == []
