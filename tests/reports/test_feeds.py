"""The release feeds (reports/feeds.py) read back with feedparser, as feed readers do, and
checked for what Atom 1.0 (RFC 4287) requires; a planted fault must be reported. Written by
``mtgcr site`` (links into the site) and by ``mtgcr update`` when it ingests a new release
(against a real HTTP server on 127.0.0.1), translations included: "ja translation now 1
release behind EN"."""

from __future__ import annotations

import json
import re
from datetime import datetime

import feedparser
import pytest

from mtgcr.api import Corpus
from mtgcr.cli.main import main
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import ingest_paths
from mtgcr.reports.feeds import build_feed

from crfile import cr_text
from wiki_samples import JA_20300405, sample_store

#: The JA text of 2030-01-10 for these tests: the 2030-04-05 one with its date changed.
JA_20300110 = JA_20300405.replace("2030年4月5日", "2030年1月10日")


def atom_problems(xml: str) -> list[str]:
    """What keeps ``xml`` from being a valid Atom 1.0 feed for a reader: feedparser's own
    complaint (``bozo``), the version it recognised, and the elements RFC 4287 requires (feed
    id, title, updated, author; entry id, title, updated as an RFC 3339 time, and a link or
    content)."""
    d = feedparser.parse(xml)
    out = []
    if d.bozo:
        out.append(f"not well-formed: {d.bozo_exception}")
    if d.version != "atom10":
        out.append(f"not Atom 1.0 ({d.version!r})")
    for key in ("id", "title", "updated", "author"):
        if not d.feed.get(key):
            out.append(f"feed has no {key}")
    if not _rfc3339(d.feed.get("updated")):
        out.append("feed updated is not an RFC 3339 time")
    for k, e in enumerate(d.entries):
        for key in ("id", "title", "updated"):
            if not e.get(key):
                out.append(f"entry {k} has no {key}")
        if e.get("updated") and not _rfc3339(e.updated):
            out.append(f"entry {k}: updated {e.updated!r} is not an RFC 3339 time")
        if not e.get("links") and not e.get("content"):
            out.append(f"entry {k} has neither a link nor content")
    return out


def _rfc3339(text: str | None) -> bool:
    """An RFC 3339 date-time (feedparser rolls a 13th month into the next year: checked
    here strictly)."""
    if not text or not re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)", text
    ):
        return False
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


@pytest.fixture(scope="module")
def behind(tmp_path_factory):
    """EN 2030-01-10 and 2030-04-05 with JA 2030-01-10 only: JA is one release behind."""
    path = sample_store(tmp_path_factory.mktemp("feed"), JA_20300110, "JPN_CR_20300110.txt")
    with Corpus(path).aligning_store() as store:
        return path, build_feed(store)


def test_feed_is_valid_atom_with_one_entry_per_release(behind):
    _, feed = behind
    xml = feed.atom()
    assert atom_problems(xml) == []
    d = feedparser.parse(xml)
    assert [(e.id, e.title, e.updated) for e in d.entries] == [
        ("urn:mtgcr:release:en:20300405", "CR en 2030-04-05 (20300405)", "2030-04-05T00:00:00Z"),
        ("urn:mtgcr:release:en:20300110", "CR en 2030-01-10 (20300110)", "2030-01-10T00:00:00Z"),
        ("urn:mtgcr:release:ja:20300110", "CR ja 2030-01-10 (20300110)", "2030-01-10T00:00:00Z"),
    ]
    en = d.entries[0]
    # the sample's changes (corpus/sample): 101.1 split, 701 -> 702 and 702 -> 703 renumbered …
    assert en.summary == (
        "changes since 2030-01-10: renumbered 4, modified 5, split 1, added 2; "
        "ja translation now 1 release behind EN"
    )
    assert [(x.rel, x.href) for x in en.links] == [
        ("alternate", "en/2030-04-05/index.html"),
        ("related", "changes/en/2030-01-10_2030-04-05.html"),
    ]
    assert d.entries[2].summary == "first stored ja release; ja translation 1 release behind EN"
    assert d.feed.updated == "2030-04-05T00:00:00Z"


def test_json_summary_for_chat_bots(behind):
    _, feed = behind
    feed.base_url = "https://cr.example.org/"
    data = json.loads(json.dumps(feed.to_json()))
    assert data["languages"] == {
        "en": {"newest": "2030-04-05", "date": "2030-04-05", "behind": None},
        "ja": {"newest": "2030-01-10", "date": "2030-01-10", "behind": 1},
    }
    first = data["releases"][0]
    assert (first["lang"], first["counts"]["split"], first["lagging"], first["url"]) == (
        "en",
        1,
        {"ja": 1},
        "https://cr.example.org/en/2030-04-05/index.html",
    )
    assert first["changes_url"] == "https://cr.example.org/changes/en/2030-01-10_2030-04-05.html"
    assert atom_problems(feed.atom()) == []  # absolute links read as well
    feed.base_url = ""


@pytest.mark.parametrize(
    "fault, want",
    [
        (
            lambda x: re.sub(r"(<entry>.*?)<updated>[^<]*</updated>", r"\1", x, count=1),
            "entry 0 has no updated",
        ),
        (
            lambda x: x.replace("2030-01-10T00:00:00Z", "2030-13-45T00:00:00Z", 1),
            "not an RFC 3339 time",
        ),
        (lambda x: x.replace("<author><name>mtgcr</name></author>", ""), "feed has no author"),
        (lambda x: x.replace("</feed>", ""), "not well-formed"),
    ],
)
def test_a_planted_fault_is_reported(behind, fault, want):
    xml = behind[1].atom()
    planted = fault(xml)
    assert planted != xml
    assert any(want in p for p in atom_problems(planted)), atom_problems(planted)


def test_a_new_translation_release_and_its_changes(behind, tmp_path):
    path, _ = behind
    ja = tmp_path / "JPN_CR_20300405.txt"
    ja.write_text(JA_20300405, encoding="utf-8")
    copy = tmp_path / "s.sqlite"
    copy.write_bytes(path.read_bytes())
    with Store(copy) as s:
        assert [r.status for r in ingest_paths(s, [ja])] == ["ingested"]
        feed = build_feed(s)
    ja_new = next(e for e in feed.entries if (e.lang, e.label) == ("ja", "20300405"))
    assert ja_new.summary == (
        "changes since 2030-01-10: no rule changes; ja translation of the newest EN release"
    )
    en_new = next(e for e in feed.entries if (e.lang, e.label) == ("en", "20300405"))
    assert en_new.lagging == {} and "behind" not in en_new.summary


def test_site_writes_the_feeds_and_a_rebuild_leaves_them(behind, tmp_path):
    path, _ = behind
    site = tmp_path / "site"
    assert main(["--store", str(path), "--silent", "site", "--out", str(site)]) == 0
    xml = (site / "feed.atom").read_text(encoding="utf-8")
    assert atom_problems(xml) == []
    d = feedparser.parse(xml)
    for e in d.entries:  # every link points at a page the site has
        for link in e.links:
            assert (site / link.href).is_file(), link.href
    data = json.loads((site / "feed.json").read_text(encoding="utf-8"))
    assert data["languages"]["ja"]["behind"] == 1
    assert 'href="feed.atom"' in (site / "index.html").read_text(encoding="utf-8")
    before = (site / "feed.atom").stat().st_mtime_ns
    assert main(["--store", str(path), "--silent", "site", "--out", str(site)]) == 0
    assert (site / "feed.atom").stat().st_mtime_ns == before  # nothing new: not rewritten


OLD_DATE = "These rules are effective as of January 10, 2030."
NEW_DATE = "These rules are effective as of April 5, 2030."


def test_update_writes_the_feeds_beside_its_report(tmp_path, httpserver, monkeypatch):
    monkeypatch.setenv("MTGCR_DOWNLOADS", str(tmp_path / "downloads"))
    httpserver.no_handler_status_code = 404
    store = tmp_path / "store.sqlite"
    old = tmp_path / "old.txt"
    old.write_text(cr_text(date=OLD_DATE), encoding="utf-8")
    ja = tmp_path / "JPN_CR_20300110.txt"
    ja.write_text(JA_20300110, encoding="utf-8")
    assert main(["--store", str(store), "--silent", "ingest", str(old), str(ja)]) == 0
    name = "MagicCompRules 20300405.txt"
    httpserver.expect_request("/en/rules").respond_with_data(
        f'<html><body><a href="{httpserver.url_for("/dl/" + name)}">Comprehensive Rules '
        f"(TXT)</a></body></html>",
        content_type="text/html",
    )
    body = cr_text(date=NEW_DATE) + "\n"
    httpserver.expect_request("/dl/" + name).respond_with_data(
        body.replace("brings a deck", "brings a deck of cards")
    )
    reports = tmp_path / "reports"
    args = ["--store", str(store), "--silent", "update", "--reports", str(reports)]
    args += ["--base-url", httpserver.url_for("/").rstrip("/"), "--delay", "0.5", "--no-cache"]
    assert main(args) == 10
    xml = (reports / "feed.atom").read_text(encoding="utf-8")
    assert atom_problems(xml) == []
    d = feedparser.parse(xml)
    en = d.entries[0]
    assert (en.id, en.link) == ("urn:mtgcr:release:en:20300405", "2030-01-10_2030-04-05.html")
    assert (reports / en.link).is_file()
    assert en.summary == (
        "changes since 2030-01-10: modified 1; ja translation now 1 release behind EN"
    )
    data = json.loads((reports / "feed.json").read_text(encoding="utf-8"))
    assert data["languages"]["ja"] == {"newest": "2030-01-10", "date": "2030-01-10", "behind": 1}
