"""The scrapers against hostile servers (issue 22), each scenario on real servers on 127.0.0.1
(pytest-httpserver, and a second one on another port): stacked gzip and a gzip bomb, a server
that trickles, a redirect to another port, a wiki that always says "more", API answers of the
wrong shape and a ``Retry-After`` that is no number, a bad 200 where a good file was, a file
published again under the same name, ``%2F`` in a linked name under a base path, where a
fetched file says it comes from, and download progress.

The CR files served are written for the tests (:mod:`crfile`)."""

from __future__ import annotations

import gzip
import json
import time
import tracemalloc

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Response

from crfile import cr_text
from mtgcr.corpus.fetch.http import FetchPolicy, FetchRefused, PoliteClient
from mtgcr.corpus.fetch.mediawiki import MediaWiki
from mtgcr.corpus.store import Store
from mtgcr.errors import FetchError

pytestmark = pytest.mark.slow  # real servers, trickles and deadlines: about 45 s in all

FAST = FetchPolicy(min_interval=0.5, backoff_base=0.1, backoff_cap=5, max_retries=1)
OLD = "These rules are effective as of January 10, 2030."
NAME = "MagicCompRules 20300110.txt"


@pytest.fixture(scope="session")
def other_server():
    """A second loopback server, on another port (for redirects that change the port)."""
    server = HTTPServer(host="127.0.0.1", port=0)
    server.start()
    yield server
    server.clear()
    server.stop()


def _client(httpserver, policy=FAST, **kw) -> PoliteClient:
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    return PoliteClient(policy, {httpserver.host}, **kw)


# -- bodies: encodings, bombs, the cap -------------------------------------------------------------


def test_stacked_gzip_is_refused_before_decoding(httpserver):
    bomb = gzip.compress(gzip.compress(b"\0" * (64 << 20), 9), 9)  # 64 MiB in a few kB
    httpserver.expect_request("/bomb").respond_with_data(
        bomb, headers={"Content-Encoding": "gzip, gzip"}
    )
    tracemalloc.start()
    try:
        with _client(httpserver) as c, pytest.raises(FetchError) as err:
            c.get(httpserver.url_for("/bomb"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(err.value) == (
        f"{httpserver.url_for('/bomb')}: the answer is encoded 2 times (gzip, gzip); stacked "
        f"encodings are refused (a decompression bomb)"
    )
    assert peak < 32 << 20  # nothing decoded (the 64 MiB it inflates to are never made)


def test_a_gzip_bomb_stops_at_the_cap_inside_the_decoding(httpserver):
    bomb = gzip.compress(b"\0" * (64 << 20), 9)  # 64 MiB in about 64 kB
    httpserver.expect_request("/bomb").respond_with_data(bomb, headers={"Content-Encoding": "gzip"})
    policy = FetchPolicy(min_interval=0.5, max_bytes=1 << 20)
    tracemalloc.start()
    try:
        with _client(httpserver, policy) as c, pytest.raises(FetchError) as err:
            c.get(httpserver.url_for("/bomb"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "more than the cap of 1,048,576 bytes once decompressed" in str(err.value)
    assert peak < 32 << 20  # a few MiB, not the 64 MiB the answer inflates to


def test_an_encoding_that_was_not_offered_is_refused(httpserver):
    httpserver.expect_request("/br").respond_with_data(b"x", headers={"Content-Encoding": "br"})
    with _client(httpserver) as c, pytest.raises(FetchError, match="which mtgcr did not offer"):
        c.get(httpserver.url_for("/br"))
    sent = [r for r, _ in httpserver.log if r.path == "/br"][0]
    assert sent.headers["Accept-Encoding"] == "gzip, deflate"


def test_a_gzipped_answer_is_read(httpserver):
    httpserver.expect_request("/ok").respond_with_data(
        gzip.compress(b"rules text"), headers={"Content-Encoding": "gzip"}
    )
    with _client(httpserver) as c:
        assert c.get(httpserver.url_for("/ok")).body == b"rules text"


def test_a_robots_txt_bomb_is_capped(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data(
        gzip.compress(b"#" * (64 << 20), 9), headers={"Content-Encoding": "gzip"}
    )
    with PoliteClient(FetchPolicy(min_interval=0.5), {httpserver.host}) as c:
        with pytest.raises(FetchError, match="more than the cap of 524,288 bytes"):
            c.get(httpserver.url_for("/page"))


# -- time: a trickle, the run's deadline ---------------------------------------------------------------


def _trickle(request):
    def body():
        for _ in range(100):
            yield b"x"
            time.sleep(0.5)

    return Response(body(), headers={"Content-Length": "100"})


def test_a_trickling_server_is_cut_off_by_the_response_time_limit(httpserver):
    httpserver.expect_request("/slow").respond_with_handler(_trickle)
    policy = FetchPolicy(min_interval=0.5, read_timeout=30, max_time=2)
    started = time.monotonic()
    with _client(httpserver, policy) as c, pytest.raises(FetchError) as err:
        c.get(httpserver.url_for("/slow"))
    assert time.monotonic() - started < 6
    assert str(err.value) == (
        f"{httpserver.url_for('/slow')}: stopped: the time limit of 2 s for one response "
        f"(--max-time) has passed"
    )


def test_the_runs_deadline_refuses_a_wait_it_cannot_afford(httpserver):
    httpserver.expect_request("/busy").respond_with_data(
        "later", status=503, headers={"Retry-After": "4"}
    )
    policy = FetchPolicy(min_interval=0.5, backoff_cap=10, deadline=2)
    started = time.monotonic()
    with _client(httpserver, policy) as c, pytest.raises(FetchError) as err:
        c.get(httpserver.url_for("/busy"))
    assert time.monotonic() - started < 2
    assert "waiting 4 s more would pass the run's deadline of 2 s (--deadline); stopped" in str(
        err.value
    )


def test_a_retry_after_that_is_no_number_falls_back_to_the_backoff(httpserver):
    calls = []

    def handler(request):
        calls.append(time.monotonic())
        if len(calls) == 1:
            return Response("later", status=503, headers={"Retry-After": "abc"})
        return Response("fine")

    httpserver.expect_request("/busy").respond_with_handler(handler)
    with _client(httpserver) as c:
        assert c.get(httpserver.url_for("/busy")).body == b"fine"
    assert len(calls) == 2


# -- where requests may go -----------------------------------------------------------------------------


def test_a_redirect_to_another_port_of_the_same_host_is_refused(httpserver, other_server):
    other_server.expect_request("/x").respond_with_data("elsewhere")
    target = other_server.url_for("/x")
    httpserver.expect_request("/moved").respond_with_data(
        "", status=302, headers={"Location": target}
    )
    with _client(httpserver) as c, pytest.raises(FetchRefused) as err:
        c.get(httpserver.url_for("/moved"))
    assert "a redirect must keep the scheme, host and port; refused" in str(err.value)
    assert [r.path for r, _ in other_server.log] == []
    other_server.clear()


def test_an_encoded_slash_never_leaves_the_base_path(httpserver):
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    with PoliteClient(FAST, {httpserver.host}, base_path="/mirror") as c:
        for path in (
            "/mirror/x/..%2F..%2Fsecret%2Fa.txt",
            "/mirror/%2e%2e/secret/a.txt",
            "/other/a.txt",
        ):
            with pytest.raises(FetchRefused, match="not fetched: "):
                c.get(httpserver.url_for("/").rstrip("/") + path)
    assert not any(r.path.startswith(("/secret", "/other")) for r, _ in httpserver.log)


def test_download_progress_is_reported(httpserver):
    body = b"y" * 300_000
    httpserver.expect_request("/big").respond_with_data(body)
    seen = []
    with _client(httpserver, on_progress=lambda u, n, t: seen.append((n, t))) as c:
        assert c.get(httpserver.url_for("/big")).body == body
    assert seen[-1] == (300_000, 300_000) and len(seen) > 1
    assert [n for n, _ in seen] == sorted(n for n, _ in seen)


# -- MediaWiki: endless continuation, answers of the wrong shape -----------------------------------------


def _wiki(httpserver, answer, max_requests=5, sleep=None):
    client = _client(httpserver, FetchPolicy(min_interval=0.5, max_requests=max_requests))
    base = httpserver.url_for("/")
    return client, MediaWiki(
        client, base + "api.php", base + "index.php", sleep=sleep or (lambda s: None)
    )


def test_a_wiki_that_always_says_more_stops_with_a_message(httpserver):
    n = []

    def api(request):
        n.append(1)
        return Response(
            json.dumps(
                {
                    "continue": {"cmcontinue": f"page|{len(n)}", "continue": "-||"},
                    "query": {"categorymembers": [{"title": f"P{len(n)}"}]},
                }
            ),
            content_type="application/json",
        )

    httpserver.expect_request("/api.php").respond_with_handler(api)
    client, wiki = _wiki(httpserver, None)
    with client, pytest.raises(FetchError) as err:
        list(wiki.category_members("Rules"))
    assert "the wiki still answered 'continue' after 5 requests; stopped" in str(err.value)
    assert len(n) == 5


@pytest.mark.parametrize(
    "answer, said",
    [
        ([1, 2, 3], "the answer is a list, not an object"),
        (
            {"query": {"pages": [{"title": "P", "revisions": "x"}]}},
            "a page's 'revisions' is a string, not a list",
        ),
        ({"query": {"pages": []}, "continue": ["x"]}, "its 'continue' is a list, not an object"),
        ({"query": []}, "its 'query' is a list, not an object"),
    ],
)
def test_api_answers_of_the_wrong_shape_are_clear_fetch_errors(httpserver, answer, said):
    httpserver.expect_request("/api.php").respond_with_data(
        json.dumps(answer), content_type="application/json"
    )
    client, wiki = _wiki(httpserver, answer)
    with client, pytest.raises(FetchError) as err:
        list(wiki.revisions("P"))
    assert said in str(err.value) and "not a MediaWiki API answer" in str(err.value)


def test_a_maxlag_retry_after_that_is_no_number_waits_the_default(httpserver):
    calls = []

    def api(request):
        calls.append(1)
        if len(calls) == 1:
            return Response(
                json.dumps({"error": {"code": "maxlag", "info": "lagged", "lag": "soon"}}),
                headers={"Retry-After": "abc"},
                content_type="application/json",
            )
        return Response(
            json.dumps(
                {
                    "query": {
                        "pages": [
                            {"pageid": 1, "title": "P", "revisions": [{"revid": 2, "content": "x"}]}
                        ]
                    }
                }
            ),
            content_type="application/json",
        )

    httpserver.expect_request("/api.php").respond_with_handler(api)
    waited = []
    client, wiki = _wiki(httpserver, None, sleep=waited.append)
    with client:
        [rev] = list(wiki.revisions("P"))
    assert (rev.rev_id, waited) == (2, [5.0])


def test_fetch_mtgwiki_cli_says_the_bound(env, capsys):
    run, store, server = env

    def api(request):
        return Response(
            json.dumps(
                {
                    "continue": {"cmcontinue": "x", "continue": "-||"},
                    "query": {"categorymembers": []},
                }
            ),
            content_type="application/json",
        )

    server.expect_request("/api.php").respond_with_handler(api)
    assert run("fetch", "mtgwiki", "--category", "Rules", "--max-requests", "3") == 2
    assert "the wiki still answered 'continue' after 3 requests; stopped" in capsys.readouterr().err


# -- the official files: origin, the good copy, re-publication ------------------------------------------


def _rules_page(name: str, href: str) -> str:
    return f'<!doctype html><html><body><a href="{href}">{name}</a></body></html>'


def test_a_file_from_a_base_url_is_never_official(env, tmp_path, capsys):
    run, store, server = env
    server.expect_request("/en/rules").respond_with_data(
        _rules_page(NAME, f"https://media.wizards.com/2030/downloads/{NAME}"),
        content_type="text/html",
    )
    server.expect_request(f"/2030/downloads/{NAME}").respond_with_data(cr_text(date=OLD))
    assert run("fetch", "wizards") == 0
    with Store(store, readonly=True) as s:
        [copy] = s.copies()
    assert copy.origin.value == "unknown"
    assert "/downloads/fetched/" in copy.source and "/official/" not in copy.source


def test_a_bad_200_never_replaces_the_good_download(env, tmp_path, capsys):
    run, store, server = env
    server.expect_request("/en/rules").respond_with_data(
        _rules_page(NAME, f"/2030/downloads/{NAME}"), content_type="text/html"
    )
    good = cr_text(date=OLD)
    answers = [good, good[: len(good) // 3]]  # then a truncated body, with a 200

    server.expect_request(f"/2030/downloads/{NAME}").respond_with_handler(
        lambda request: Response(answers.pop(0))
    )
    assert run("fetch", "wizards") == 0
    files = sorted((tmp_path / "downloads").rglob("*.txt"))
    assert [f.read_text() for f in files] == [good]
    assert run("fetch", "wizards") == 1  # the truncated body fails to ingest …
    assert files[0].read_text() == good  # … and the good copy is where it was
    [beside] = [f for f in (tmp_path / "downloads").rglob("*.txt") if f != files[0]]
    assert beside.parent == files[0].parent and beside.name.startswith("MagicCompRules_20300110.")
    assert beside.read_text() == good[: len(good) // 3]


def test_update_finds_a_file_published_again_under_the_same_name(env, capsys):
    run, store, server = env
    server.expect_request("/en/rules").respond_with_data(
        _rules_page(NAME, f"/2030/downloads/{NAME}"), content_type="text/html"
    )
    first = cr_text(date=OLD)
    second = first.replace("Written for the mtgcr tests.", "Written again for the mtgcr tests.")
    seen = []

    def handler(request):
        seen.append(request.headers.get("If-None-Match"))
        if len(seen) == 1:
            return Response(first, headers={"ETag": '"v1"'})
        if request.headers.get("If-None-Match") == '"v2"':
            return Response("", status=304)
        return Response(second, headers={"ETag": '"v2"'})

    server.expect_request(f"/2030/downloads/{NAME}").respond_with_handler(handler)
    assert run("fetch", "wizards") == 0
    capsys.readouterr()
    assert run("update") == 10
    out = capsys.readouterr().out
    assert seen[1] == '"v1"'  # a conditional GET on the current file
    assert "was published again with other bytes: stored as copy 2 of en 2030-01-10" in out
    assert "mtgcr releases --canonical 2030-01-10 --copy 2" in out or "canonical copy now" in out
    with Store(store, readonly=True) as s:
        assert len(s.copies()) == 2
    assert run("update") == 0  # 304: nothing new
    assert seen[2] == '"v2"'


def test_an_mtgru_crawl_that_never_ends_stops_at_its_bound(env, capsys):
    run, store, server = env

    def page(request):
        n = int(request.path.rsplit("/", 1)[1].split(".")[0])
        html = (
            f"<html><body><h2>{n}. Правила</h2><p>{n}.1 Правило.</p>"
            f'<p><a href="{n + 1}.html">{n + 1}. Дальше &gt;&gt;</a></p></body></html>'
        )
        return Response(html.encode("cp1251"), content_type="text/html; charset=windows-1251")

    import re

    server.expect_request(re.compile(r"/rules/\d+\.html")).respond_with_handler(page)
    code = run(
        "fetch", "mtgru", "--start", server.url_for("/rules/100.html"), "--max-requests", "4"
    )
    assert code == 1
    err = capsys.readouterr().err
    assert "mtgcr: fetch mtgru: stopped after 4 pages, before " in err and "/rules/104.html" in err
    assert sum(1 for r, _ in server.log if r.path.startswith("/rules/")) == 4
