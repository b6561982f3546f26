"""``mtgcr fetch mtgwiki`` against a real MediaWiki on 127.0.0.1 (Debian's 1.39 with SQLite,
tests/mediawiki.py): revisions with their ids, times and sha1 as the wiki records them,
continuation over several revisions, a category's members, a ``maxlag`` answer waited out, and
a re-run that fetches nothing it has. The answers a real wiki cannot be made to give (an old
wiki without ``rvslots``, a site without an API, a wiki failing half-way) stay on the
hand-made servers of tests/corpus/fetch/test_fetch_sources.py."""

from __future__ import annotations

import json

import pytest

from mtgcr.cli.main import main
from mtgcr.corpus.store import Store
from mtgcr.reports.wiki.publish import WikiSite

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("mediawiki")]

LIFELINK = """'''絆魂'''(はんこん)/''Lifelink''は、[[キーワード能力]]の1つ。

==ルール==
{{#cr:702.15}}
* [[ダメージ]]を与えると[[ライフ]]を得る。

[[Category:キーワード能力]]
"""
HASTE = """'''速攻'''(そっこう)/''Haste''は、[[キーワード能力]]の1つ。

==ルール==
{{#cr:702.10}}

[[Category:キーワード能力]]
"""


@pytest.fixture
def fetch(tmp_path, mediawiki, monkeypatch):
    monkeypatch.setenv("MTGCR_DOWNLOADS", str(tmp_path / "downloads"))
    monkeypatch.delenv("MTGCR_CONTACT", raising=False)
    store = tmp_path / "store.sqlite"

    def run(*args):
        return main(
            ["--store", str(store), "--silent", "fetch", "mtgwiki", *args]
            + ["--base-url", mediawiki.base, "--delay", "0.5", "--no-cache"]
        )

    return run, store


def _metas(store):
    with Store(store, readonly=True) as s:
        rows = s.conn.execute("SELECT meta FROM fetches WHERE source='mtgwiki' ORDER BY id")
        metas = [json.loads(r["meta"]) for r in rows]
        kinds = {r[0] for r in s.conn.execute("SELECT kind FROM documents")}
    return metas, kinds


def _history(mediawiki, title, limit=10):
    site = WikiSite(mediawiki.api, retries=0, retry_wait=0)
    data = site._call(
        "query",
        prop="revisions",
        titles=title,
        rvprop="ids|timestamp|sha1",
        rvlimit=str(limit),
        formatversion="2",
    )
    return data["query"]["pages"][0]


def test_revisions_as_the_wiki_records_them_and_a_rerun_fetches_nothing(fetch, mediawiki, capsys):
    run, store = fetch
    mediawiki.seed("絆魂", LIFELINK.replace("得る", "得ます"), summary="first")
    mediawiki.seed("絆魂", LIFELINK, user="OtherEditor", summary="second")
    page = _history(mediawiki, "絆魂")
    assert run("絆魂", "--revisions", "2") == 0
    assert "2 revision(s) fetched (API)" in capsys.readouterr().out
    metas, kinds = _metas(store)
    want = [(page["pageid"], r["revid"], r["timestamp"], r["sha1"]) for r in page["revisions"][:2]]
    assert [(m["page_id"], m["rev_id"], m["timestamp"], m["sha1"]) for m in metas] == want
    assert kinds == {"wikitext"}
    assert run("絆魂", "--revisions", "2") == 0
    assert "0 revision(s) fetched (API), 2 already stored" in capsys.readouterr().out


def test_category_members_are_fetched(fetch, mediawiki, capsys):
    run, store = fetch
    mediawiki.seed("絆魂", LIFELINK)
    mediawiki.seed("速攻", HASTE)
    assert run("--category", "キーワード能力") == 0
    metas, _ = _metas(store)
    assert sorted(m["title"] for m in metas) == ["絆魂", "速攻"]


def test_a_lagging_wiki_is_waited_for(fetch, mediawiki, capsys):
    run, store = fetch
    mediawiki.seed("速攻", HASTE)
    mediawiki.lag(30, 1)  # the next request sending maxlag gets the wiki's real maxlag error
    try:
        assert run("速攻") == 0
    finally:
        mediawiki.no_lag()
    assert not (mediawiki.folder / "lag").exists()  # the lagged answer was given, then retried
    metas, _ = _metas(store)
    assert [m["title"] for m in metas] == ["速攻"]
