"""``mtgcr wiki publish`` against a real MediaWiki on 127.0.0.1 (tests/mediawiki.py): dry run,
a bot edit read back (content, summary, bot flag), a page changed since it was read, a
server-side edit conflict, a failed login, maxlag and a failing server stopping the run with
the journal kept, and the resumed run publishing the rest once."""

from __future__ import annotations

import json

import pytest

from mtgcr.reports.wiki.edits import EditBatch, EditStatus, PageEdit, write_batch
from mtgcr.reports.wiki.publish import (
    EditConflict,
    PublishError,
    PublishStatus,
    WikiSite,
    publish_batch,
)

from mediawiki import BOT

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("mediawiki")]

OLD = "引用：総合ルール 20231117.0\n*7 その他のルール\n**712 両面カード\n***712.4a 合体する組(rule 701.37〔合体する〕参照)。\n{{#cr:503}}\n"
NEW = (
    OLD.replace("20231117.0", "20260116.0")
    .replace("701.37", "701.42")
    .replace("#cr:503", "#cr:707")
)


def _batch(tmp_path, mediawiki, titles):
    edits = []
    site = WikiSite(mediawiki.api, retries=0, retry_wait=0)
    for t in titles:
        mediawiki.seed(t, OLD)
        old = site.current(t).text  # as the wiki keeps it (trailing newline trimmed)
        e = PageEdit(t, t, "wikitext", old, NEW, EditStatus.CHANGED)
        e.citation_moves = [("503", "707")]
        edits.append(e)
    folder = tmp_path / "batch"
    write_batch(EditBatch(edits), folder, mediawiki.api)
    return folder


def _site(mediawiki, login=BOT):
    site = WikiSite(mediawiki.api, retries=1, retry_wait=0)
    site.login(*login)
    return site


def test_dry_run_then_bot_edit_read_back(tmp_path, mediawiki):
    folder = _batch(tmp_path, mediawiki, ["公開テスト1"])
    site = _site(mediawiki)
    before = site.current("公開テスト1")
    dry = publish_batch(folder, site)
    assert dry.counts() == {"would edit": 1}
    assert site.current("公開テスト1").revid == before.revid  # nothing edited
    res = publish_batch(folder, site, write=True)
    assert res.counts() == {"published": 1}
    now = site.current("公開テスト1")
    assert now.text == NEW.rstrip("\n") or now.text == NEW
    rc = site._call(
        "query",
        list="recentchanges",
        rcprop="flags|comment|title|ids",
        rctitle="公開テスト1",
        formatversion="2",
    )
    last = rc["query"]["recentchanges"][0]
    assert last["revid"] == res.outcomes[0].revid and last["bot"] is True
    assert last["comment"] == "503→707"
    again = publish_batch(folder, site, write=True)
    assert again.counts() == {"already published": 1}
    assert site.current("公開テスト1").revid == now.revid
    journal = json.loads((folder / "edits.json").read_text())
    assert journal["pages"][0]["published"]["revid"] == now.revid


def test_page_changed_since_read_is_not_edited(tmp_path, mediawiki):
    folder = _batch(tmp_path, mediawiki, ["公開テスト2"])
    mediawiki.seed("公開テスト2", OLD + "追記。\n", user="OtherEditor", summary="other")
    site = _site(mediawiki)
    res = publish_batch(folder, site, write=True)
    assert [o.status.value for o in res.outcomes] == ["changed since read"]
    assert site.current("公開テスト2").text.endswith("追記。")


def test_server_side_edit_conflict(tmp_path, mediawiki):
    mediawiki.seed("公開テスト3", OLD)
    site = _site(mediawiki)
    base = site.current("公開テスト3")
    mediawiki.seed("公開テスト3", OLD.replace("合体する組", "合体した組"), user="OtherEditor")
    with pytest.raises(EditConflict, match="edit conflict"):
        site.edit("公開テスト3", NEW, "test", base, bot=True)
    assert "合体した組" in site.current("公開テスト3").text


def test_login_failure_is_one_clear_message(mediawiki):
    site = WikiSite(mediawiki.api, retries=0, retry_wait=0)
    with pytest.raises(PublishError, match=r"login as MtgcrBot@mtgcr failed"):
        site.login("MtgcrBot@mtgcr", "wrongpassword0123456789abcdefabcd")


@pytest.mark.parametrize("fault", ["lag", "fail"])
def test_lag_or_failure_stops_and_the_run_resumes(tmp_path, mediawiki, fault):
    titles = [f"公開{fault}1", f"公開{fault}2"]
    folder = _batch(tmp_path, mediawiki, titles)
    site = _site(mediawiki)
    seen = []

    def on_page(o):
        seen.append(o)
        (mediawiki.lag(30) if fault == "lag" else mediawiki.failing(True))

    try:
        with pytest.raises(PublishError, match="run again to resume|maxlag|internal_api_error"):
            publish_batch(folder, site, write=True, on_page=on_page)
    finally:
        mediawiki.no_lag()
        mediawiki.failing(False)
    assert [o.status.value for o in seen] == ["published"]
    assert site.current(titles[1]).text.rstrip("\n") == OLD.rstrip("\n")  # nothing half-published
    res = publish_batch(folder, site, write=True)
    assert [o.status.value for o in res.outcomes] == ["already published", "published"]
