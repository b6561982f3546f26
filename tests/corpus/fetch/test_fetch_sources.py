"""``mtgcr fetch`` and ``mtgcr update`` against a real HTTP server on 127.0.0.1.

The server (pytest-httpserver) serves pages written for these tests in the real shapes: a
rules page with CR text links in each file-name form, CR files built by ``tests/crfile.py``,
a MediaWiki API with continuation, a maxlag error and a missing-API fallback, mtg.ru section
pages in windows-1251 with footer links. Tests assert on what the server received and on
what the store holds.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest
from werkzeug import Response

from mtgcr.corpus.store import Store
from mtgcr.cli.main import main

from crfile import cr_text

OLD = "These rules are effective as of January 10, 2030."
NEW = "These rules are effective as of April 5, 2030."
NEW_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.

100.1b A multiplayer game starts with three or more players.

100.2. A game may use an optional sideboard chosen before the match.

100.3. Each player brings a deck.
"""


def _page(*names, base="https://media.wizards.com/2030/downloads/"):
    links = "".join(f'<li><a href="{base}{n}">Comprehensive Rules (TXT)</a></li>' for n in names)
    return (
        f"<!doctype html><html><body><h1>Rules</h1><ul>{links}"
        f'<li><a href="/en/rules/notes.pdf">notes</a></li></ul></body></html>'
    )


def _paths(httpserver):
    """The request targets as sent (percent-encoding kept), in order."""
    return [
        (req.environ.get("REQUEST_URI") or req.environ.get("RAW_URI") or req.full_path).rstrip("?")
        for req, _ in httpserver.log
    ]


@pytest.mark.parametrize(
    "name",
    [
        "MagicCompRules 20300110.txt",
        "MagicCompRules%2020300110.txt",
        "Comprehensive Rules 20300110.txt",
        "MagicCompRules_20300110.txt",
        "MagicCompRules 01102030.txt",
    ],
)
def test_fetch_wizards_each_file_name_form(env, name, capsys):
    run, store, server = env
    server.expect_request("/en/rules").respond_with_data(_page(name), content_type="text/html")
    server.expect_request("/2030/downloads/" + name.replace("%20", " ")).respond_with_data(
        cr_text(date=OLD), headers={"ETag": '"v1"'}
    )
    assert run("fetch", "wizards") == 0
    with Store(store, readonly=True) as s:
        [rel] = s.releases("en")
        assert rel.effective_date == "2030-01-10"
        row = s.conn.execute(
            "SELECT url, final_url, status, etag FROM fetches WHERE source='wizards'"
        ).fetchone()
    assert row["status"] == 200 and row["etag"] == '"v1"'
    assert row["url"].endswith(
        "/2030/downloads/" + name.replace(" ", "%20").replace("%2520", "%20")
    )
    assert "%20" in row["url"] or "_" in name  # a literal space was percent-encoded


def test_conditional_get_then_check(env, capsys):
    run, store, server = env
    name = "MagicCompRules 20300110.txt"
    server.expect_request("/en/rules").respond_with_data(_page(name), content_type="text/html")
    seen = []

    def file(request):
        seen.append(dict(request.headers))
        if request.headers.get("If-None-Match") == '"v1"':
            return Response(status=304)
        return Response(
            cr_text(date=OLD),
            headers={"ETag": '"v1"', "Last-Modified": "Tue, 08 Jan 2030 10:00:00 GMT"},
        )

    server.expect_request("/2030/downloads/" + name).respond_with_handler(file)
    assert run("fetch", "wizards") == 0
    assert run("fetch", "wizards") == 0
    assert "not modified" in capsys.readouterr().out
    assert seen[1]["If-None-Match"] == '"v1"'
    assert seen[1]["If-Modified-Since"] == "Tue, 08 Jan 2030 10:00:00 GMT"
    assert run("fetch", "wizards", "--check") == 0  # the linked release is the stored one
    server.clear_handlers() if False else None


def test_check_says_new_release(env, capsys):
    run, store, server = env
    server.expect_request("/en/rules").respond_with_data(
        _page("MagicCompRules 20300405.txt"), content_type="text/html"
    )
    assert run("fetch", "wizards", "--check") == 10
    assert "new release: MagicCompRules 20300405.txt (2030-04-05)" in capsys.readouterr().out
    # only the page was asked for, never the file
    assert [p for p in _paths(server) if p != "/robots.txt"] == ["/en/rules"]


@pytest.mark.parametrize(
    "names,expect",
    [
        ((), "no Comprehensive Rules text file"),
        (
            ("MagicCompRules 20300110.txt", "MagicCompRules 20300405.txt"),
            "2 candidate CR text links",
        ),
    ],
)
def test_no_or_several_links(env, names, expect, capsys):
    run, store, server = env
    server.expect_request("/en/rules").respond_with_data(_page(*names), content_type="text/html")
    assert run("fetch", "wizards") == 2
    assert expect in capsys.readouterr().err


def test_html_where_text_was_expected(env, capsys):
    run, store, server = env
    name = "MagicCompRules 20300110.txt"
    server.expect_request("/en/rules").respond_with_data(_page(name), content_type="text/html")
    server.expect_request("/2030/downloads/" + name).respond_with_data(
        "<!doctype html><html><body>Not here</body></html>", content_type="text/html"
    )
    assert run("fetch", "wizards") == 2
    assert "answered an HTML page" in capsys.readouterr().err
    with Store(store, readonly=True) as s:
        assert s.releases() == []


def test_update_fetches_aligns_and_reports(env, tmp_path, capsys):
    run, store, server = env
    old = tmp_path / "old.txt"
    old.write_text(cr_text(date=OLD))
    assert main(["--store", str(store), "--silent", "ingest", str(old)]) == 0
    name = "MagicCompRules 20300405.txt"
    server.expect_request("/en/rules").respond_with_data(_page(name), content_type="text/html")
    server.expect_request("/2030/downloads/" + name).respond_with_data(cr_text(NEW_BODY, date=NEW))
    assert run("update", "--reports", str(tmp_path / "reports")) == 10
    out = capsys.readouterr().out
    assert "new release 2030-04-05" in out and "aligned with 2030-01-10" in out
    assert "added 1" in out
    report = (tmp_path / "reports" / "2030-01-10_2030-04-05.md").read_text()
    assert "100.3" in report
    assert run("update", "--quiet", "--reports", str(tmp_path / "reports")) == 0
    assert capsys.readouterr().out == ""


ARCHIVE = {
    "KnownExistingDates": ["2030-01-10", "2030-04-05"],
    "KnownMissingDates": [{"Date": "2030-02-02", "Comment": "lost"}],
    "URLFormats": {
        "Available": [
            "https://media.wizards.com/{{year}}/downloads/MagicCompRules%20{{year}}{{month}}{{day}}.{{ext}}",
            "https://media.wizards.com/{{year}}/docs/MagicCompRules_{{year}}{{month}}{{day}}.{{ext}}",
        ],
        "OneOff": [],
    },
    "FoundFiles": [],
    "Rules": [],
}


def test_fetch_archive_by_listed_formats_only(env, tmp_path, capsys):
    run, store, server = env
    meta = tmp_path / "meta.json"
    meta.write_text(json.dumps(ARCHIVE))
    server.expect_request("/2030/docs/MagicCompRules_20300405.txt").respond_with_data(
        cr_text(NEW_BODY, date=NEW)
    )
    assert run("fetch", "archive", "2030-04-05", "2030-02-02", "--metadata", str(meta)) == 0
    out = capsys.readouterr().out
    assert "template 2" in out and "2030-02-02: known to be missing (lost)" in out
    paths = [p for p in _paths(server) if p != "/robots.txt"]
    assert paths == [
        "/2030/downloads/MagicCompRules%2020300405.txt",
        "/2030/docs/MagicCompRules_20300405.txt",
    ]
    with Store(store, readonly=True) as s:
        assert [r.effective_date for r in s.releases("en")] == ["2030-04-05"]


WIKI_PAGE = """\
'''絆魂'''(はんこん)/''Lifelink''は、[[キーワード能力]]の1つ。

==ルール==
{{#cr:702.15}}
* [[ダメージ]]を与えると[[ライフ]]を得る。
"""


def test_fetch_mtgwiki_continuation_maxlag_and_slots(env, capsys):
    run, store, server = env
    calls = []

    def api(request):
        q = {k: v[0] for k, v in parse_qs(request.query_string.decode()).items()}
        calls.append(q)
        if len(calls) == 1:
            return Response(
                json.dumps({"error": {"code": "maxlag", "info": "lagged", "lag": 1}}),
                headers={"Retry-After": "1"},
                content_type="application/json",
            )
        if "rvslots" in q:
            return Response(
                json.dumps(
                    {"error": {"code": "badvalue", "info": "Unrecognized parameter: rvslots."}}
                ),
                content_type="application/json",
            )
        revs = {
            None: [
                {
                    "revid": 12,
                    "timestamp": "2030-03-01T00:00:00Z",
                    "sha1": "aa",
                    "content": WIKI_PAGE,
                }
            ],
            "11": [
                {
                    "revid": 11,
                    "timestamp": "2030-02-01T00:00:00Z",
                    "sha1": "bb",
                    "content": WIKI_PAGE.replace("得る", "得ます"),
                }
            ],
        }
        key = q.get("rvcontinue")
        body = {"query": {"pages": [{"pageid": 7, "title": "絆魂", "revisions": revs[key]}]}}
        if key is None:
            body["continue"] = {"rvcontinue": "11", "continue": "||"}
        return Response(json.dumps(body, ensure_ascii=False), content_type="application/json")

    server.expect_request("/api.php").respond_with_handler(api)
    assert run("fetch", "mtgwiki", "絆魂", "--revisions", "2") == 0
    assert [c.get("maxlag") for c in calls] == ["5"] * len(calls)
    assert "rvslots" in calls[1] and "rvslots" not in calls[2]
    assert calls[3]["rvcontinue"] == "11"
    with Store(store, readonly=True) as s:
        rows = s.conn.execute(
            "SELECT meta FROM fetches WHERE source='mtgwiki' ORDER BY id"
        ).fetchall()
        metas = [json.loads(r["meta"]) for r in rows]
        kinds = {r[0] for r in s.conn.execute("SELECT kind FROM documents")}
    assert [(m["page_id"], m["rev_id"], m["sha1"]) for m in metas] == [(7, 12, "aa"), (7, 11, "bb")]
    assert kinds and all(k.startswith("wiki") for k in kinds)
    # a re-run finds both revisions stored and saves nothing new
    n = len(calls)
    assert run("fetch", "mtgwiki", "絆魂", "--revisions", "2") == 0
    assert "0 revision(s) fetched" in capsys.readouterr().out and len(calls) > n


def test_fetch_mtgwiki_without_api_reads_raw(env, capsys):
    run, store, server = env
    server.expect_request("/api.php").respond_with_data("not found", status=404)
    server.expect_request("/index.php").respond_with_data(WIKI_PAGE, content_type="text/x-wiki")
    assert run("fetch", "mtgwiki", "絆魂") == 0
    assert "raw pages, no API" in capsys.readouterr().out
    req = [r for r, _ in server.log if r.path == "/index.php"][0]
    assert req.args["action"] == "raw" and req.args["title"] == "絆魂"


def _ru_page(number, title, rules, prev=None, nxt=None):
    nav = ""
    if prev:
        nav += f'<a href="{prev[0]}.html">&lt;&lt;  {prev[0]}. {prev[1]}</a><br>'
    nav += '<a href="8.html">8.  Multiplayer Rules</a><br>'
    if nxt:
        nav += f'<a href="{nxt[0]}.html">{nxt[0]}. {nxt[1]}  &gt;&gt;</a>'
    body = "".join(f"<p>{r}</p>" for r in rules)
    html = (
        f'<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
        f"<title>Полные правила</title></head><body><p>Полные правила Magic: the Gathering</p>"
        f'<a href="index.html">Базовые правила</a> <a href="contents.html">Contents</a> '
        f'<a href="glossary.html">Glossary</a>'
        f"<h3>8.  Multiplayer Rules</h3><h3>{number}.  {title}</h3>{body}<hr>{nav}</body></html>"
    )
    return html.encode("windows-1251")


def test_fetch_mtgru_follows_footer_links(env, capsys):
    run, store, server = env
    pages = {
        801: ("Limited Range", 802),
        802: ("Attack Multiple Players", 803),
        803: ("Attack Left and Right", None),
    }
    for n, (title, nxt) in pages.items():
        if n == 803:
            continue  # served below, with a lost example label
        prev = (n - 1, pages[n - 1][0]) if n - 1 in pages else None
        body = _ru_page(
            n,
            title,
            [f"{n}.1  Правило {n} о многопользовательской игре.", f"{n}.2  Ещё одно правило."],
            prev,
            (nxt, pages[nxt][0]) if nxt else None,
        )
        server.expect_request(f"/rules/{n}.html").respond_with_data(
            body, content_type="text/html; charset=windows-1251"
        )
    lost = _ru_page(
        803,
        "Attack Left and Right",
        ["803.1  Правило об атаке влево.", ": Игрок слева атакует первым."],
        (802, "Attack Multiple Players"),
    )
    server.expect_request("/rules/803.html").respond_with_data(
        lost, content_type="text/html; charset=windows-1251"
    )
    args = [
        "--store",
        str(store),
        "fetch",
        "mtgru",
        "--base-url",
        server.url_for("/").rstrip("/"),
        "--delay",
        "0.5",
        "--no-cache",
        "--start",
        "http://www.mtg.ru/rules/801.html",
    ]
    assert main([*args[:2], "--silent", *args[2:], "--section", "801", "802"]) == 0
    assert [p for p in _paths(server) if p != "/robots.txt"] == [
        "/rules/801.html",
        "/rules/802.html",
    ]
    with Store(store, readonly=True) as s:
        kept = sorted(r.source.rsplit("/", 1)[-1] for r in s.releases())
    assert kept == ["801.html", "802.html"]
    head = (
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
        "</head><body><p>Полные правила Magic: the Gathering</p><p>( Comprehensive rules )</p>"
        '<a href="index.html">Базовые правила</a> <a href="contents.html">Contents</a> '
        '<a href="glossary.html">Glossary</a>'
    )
    gloss = (
        head + '<p>Glossary</p><a href="glossary_a.html">A</a> '
        '<a href="glossary_b.html">B</a></body></html>'
    ).encode("windows-1251")
    server.expect_request("/rules/glossary.html").respond_with_data(gloss, content_type="text/html")
    for letter in "ab":
        page = (
            f"{head}<p>Glossary</p><p>{letter.upper()}</p><p>{letter.upper()}bility</p>"
            f"<p>Something a player can do. See rule 801.1.</p></body></html>"
        )
        server.expect_request(f"/rules/glossary_{letter}.html").respond_with_data(
            page.encode("windows-1251"), content_type="text/html"
        )
    # the whole crawl: the next link of 802 leads to 803, already-stored pages are not asked
    # again; then the glossary and its letter pages
    assert main(args) == 0
    assert [p for p in _paths(server) if p != "/robots.txt"][2:] == [
        "/rules/803.html",
        "/rules/glossary.html",
        "/rules/glossary_a.html",
        "/rules/glossary_b.html",
    ]
    with Store(store, readonly=True) as s:
        warn = [r[0] for r in s.conn.execute("SELECT message FROM warnings")]
        ex = s.conn.execute("SELECT text FROM examples WHERE number='803.1'").fetchone()
    assert any("label was lost" in w for w in warn)
    assert ex is not None and ex[0].startswith("Игрок слева")


def test_category_members_and_contact_in_user_agent(env, capsys):
    run, store, server = env
    seen = []

    def api(request):
        q = {k: v[0] for k, v in parse_qs(request.query_string.decode()).items()}
        seen.append((q, request.headers["User-Agent"]))
        if q.get("list") == "categorymembers":
            if "cmcontinue" not in q:
                return Response(
                    json.dumps(
                        {
                            "query": {"categorymembers": [{"title": "絆魂"}]},
                            "continue": {"cmcontinue": "page|2", "continue": "-||"},
                        }
                    ),
                    content_type="application/json",
                )
            return Response(
                json.dumps({"query": {"categorymembers": [{"title": "速攻"}]}}),
                content_type="application/json",
            )
        title = q["titles"]
        rev = {
            "revid": 20 if title == "絆魂" else 30,
            "timestamp": "2030-03-01T00:00:00Z",
            "sha1": "cc",
            "slots": {"main": {"content": WIKI_PAGE}},
        }
        return Response(
            json.dumps({"query": {"pages": [{"pageid": 1, "title": title, "revisions": [rev]}]}}),
            content_type="application/json",
        )

    server.expect_request("/api.php").respond_with_handler(api)
    args = [
        "--store",
        str(store),
        "--silent",
        "fetch",
        "mtgwiki",
        "--category",
        "キーワード能力",
        "--base-url",
        server.url_for("/").rstrip("/"),
        "--delay",
        "0.5",
        "--no-cache",
        "--contact",
        "wiki-bot@example.org",
    ]
    assert main(args) == 0
    assert [q.get("cmtitle") or q.get("titles") for q, _ in seen] == [
        "Category:キーワード能力",
        "Category:キーワード能力",
        "絆魂",
        "速攻",
    ]
    assert all(ua.startswith("mtgcr/") and ua.endswith("(+wiki-bot@example.org)") for _, ua in seen)


def test_interrupted_crawl_resumes_where_it_stopped(env, capsys):
    """A page that fails stops the crawl with one message; what was fetched stays stored, and
    the next run asks only for what is missing."""
    run, store, server = env
    state = {"fail": True}
    body = {
        n: _ru_page(
            n,
            f"Option {n}",
            [f"{n}.1  Правило {n}."],
            None,
            (n + 1, f"Option {n + 1}") if n < 803 else None,
        )
        for n in (801, 802, 803)
    }

    def page(request):
        n = int(request.path.rsplit("/", 1)[-1].split(".")[0])
        if n == 802 and state["fail"]:
            return Response("down", status=404)
        return Response(body[n], content_type="text/html; charset=windows-1251")

    for n in (801, 802, 803):
        server.expect_request(f"/rules/{n}.html").respond_with_handler(page)
    args = [
        "--store",
        str(store),
        "--silent",
        "fetch",
        "mtgru",
        "--base-url",
        server.url_for("/").rstrip("/"),
        "--delay",
        "0.5",
        "--no-cache",
        "--start",
        "http://www.mtg.ru/rules/801.html",
        "--section",
        "801",
        "802",
        "803",
    ]
    assert main(args) == 2
    assert "802.html: HTTP 404" in capsys.readouterr().err
    with Store(store, readonly=True) as s:
        assert [r[0] for r in s.conn.execute("SELECT url FROM fetches")] == [
            server.url_for("/rules/801.html")
        ]
    state["fail"] = False
    assert main(args) == 0
    assert [p for p in _paths(server) if p.startswith("/rules/")] == [
        "/rules/801.html",
        "/rules/802.html",
        "/rules/802.html",
        "/rules/803.html",
    ]
