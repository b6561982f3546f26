"""``mtgcr wiki publish`` against a real MediaWiki on 127.0.0.1 (tests/mediawiki.py): dry run,
a bot edit read back (content, summary, bot flag), a page changed since it was read, a
server-side edit conflict, a failed login, maxlag and a failing server stopping the run with
the journal kept, and the resumed run publishing the rest once."""

from __future__ import annotations

import json
import time
from datetime import datetime

import pytest

from mtgcr.reports.wiki.edits import EditBatch, EditStatus, PageEdit, write_batch
from mtgcr.reports.wiki.publish import (
    EditConflict,
    PublishError,
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


def _last_change(site, title):
    """The newest entry of the wiki's recent changes for ``title`` (revision, summary, flags,
    user)."""
    data = site._call(
        "query",
        list="recentchanges",
        rcprop="flags|comment|title|ids|user",
        rctitle=title,
        formatversion="2",
    )
    return data["query"]["recentchanges"][0]


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
    last = _last_change(site, "公開テスト1")
    assert (last["revid"], last["bot"], last["comment"]) == (res.outcomes[0].revid, True, "503→707")
    again = publish_batch(folder, site, write=True)
    assert again.counts() == {"already published": 1}
    assert site.current("公開テスト1").revid == now.revid
    journal = json.loads((folder / "edits.json").read_text())
    assert journal["pages"][0]["published"]["revid"] == now.revid


def test_an_edit_made_before_its_journal_entry_is_not_made_again(tmp_path, mediawiki):
    """A run stopped between the wiki saving an edit and the journal recording it: the next
    run finds the new text on the wiki and records it, without a second edit."""
    folder = _batch(tmp_path, mediawiki, ["公開テスト4"])
    site = _site(mediawiki)
    site.edit("公開テスト4", NEW, "503→707", site.current("公開テスト4"), bot=True)
    made = site.current("公開テスト4").revid
    res = publish_batch(folder, site, write=True)
    assert [(o.status.value, o.revid) for o in res.outcomes] == [("already published", made)]
    assert site.current("公開テスト4").revid == made
    journal = json.loads((folder / "edits.json").read_text(encoding="utf-8"))
    assert journal["pages"][0]["published"]["revid"] == made


def test_page_changed_since_read_is_not_edited(tmp_path, mediawiki):
    folder = _batch(tmp_path, mediawiki, ["公開テスト2"])
    mediawiki.seed("公開テスト2", OLD + "追記。\n", user="OtherEditor", summary="other")
    site = _site(mediawiki)
    res = publish_batch(folder, site, write=True)
    assert [o.status.value for o in res.outcomes] == ["changed since read"]
    assert site.current("公開テスト2").text.endswith("追記。")


def _after_second_of(timestamp: str) -> None:
    """Wait until the clock is past the second of ``timestamp`` (ISO 8601 UTC): MediaWiki
    tells another user's edit from the editor's own by revision times in whole seconds, so an
    edit in the base revision's second is not a conflict to it (publish_batch catches that
    case by the answer's ``oldrevid``)."""
    when = datetime.fromisoformat(timestamp.replace("Z", "+00:00")).timestamp() + 1
    time.sleep(max(0.0, when - time.time()) + 0.05)


def test_server_side_edit_conflict(tmp_path, mediawiki):
    mediawiki.seed("公開テスト3", OLD)
    site = _site(mediawiki)
    base = site.current("公開テスト3")
    _after_second_of(base.timestamp)
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


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    from wiki_samples import sample_store

    return sample_store(tmp_path_factory.mktemp("publish-store"))


def test_refresh_from_the_wiki_then_publish_from_the_command_line(
    tmp_path, mediawiki, sample, monkeypatch, capsys
):
    """The whole upkeep on the real wiki: pages read by title (their revision the base of the
    edit), refreshed to JA 20300405, a dry run, the edit, the revision read back."""
    from mtgcr.cli.main import main

    from wiki_samples import PLAIN, WIKITEXT, WIKITEXT_NEW

    mediawiki.seed("他のプレイヤーのコントロール", WIKITEXT)
    mediawiki.seed("デッキ", PLAIN)
    folder = tmp_path / "batch"
    base = ["--store", str(sample), "--silent", "wiki"]
    titles = ["--title", "他のプレイヤーのコントロール", "--title", "デッキ"]
    refresh = ["refresh", "--api", mediawiki.api, *titles, "--out-dir", str(folder)]
    assert main(base + refresh) == 0
    manifest = json.loads((folder / "edits.json").read_text(encoding="utf-8"))
    pages = {p["title"]: p for p in manifest["pages"]}
    site = _site(mediawiki)
    cur = site.current("他のプレイヤーのコントロール")
    deck = site.current("デッキ").revid
    assert (manifest["api"], pages["他のプレイヤーのコントロール"]["base_revid"]) == (
        mediawiki.api,
        cur.revid,
    )
    assert (pages["他のプレイヤーのコントロール"]["status"], pages["デッキ"]["status"]) == (
        "changed",
        "unchanged",
    )
    summary = pages["他のプレイヤーのコントロール"]["summary"]
    assert summary == "CR 20300110.0 → 20300405.0 (.0 assumed): 702.1–702.2 引用更新, 701→702"
    capsys.readouterr()
    monkeypatch.delenv("MTGCR_WIKI_USER", raising=False)
    monkeypatch.delenv("MTGCR_WIKI_PASSWORD", raising=False)
    assert main(base + ["publish", str(folder)]) == 2  # no bot password: one clear line
    assert "publishing needs a bot password" in capsys.readouterr().err
    monkeypatch.setenv("MTGCR_WIKI_USER", BOT[0])
    monkeypatch.setenv("MTGCR_WIKI_PASSWORD", BOT[1])
    assert main(base + ["publish", str(folder), "--format", "json"]) == 0
    dry = json.loads(capsys.readouterr().out)
    assert (dry["written"], dry["counts"]) == (False, {"would edit": 1})
    assert (
        site.current("他のプレイヤーのコントロール").revid == cur.revid
    )  # a dry run edits nothing
    assert main(base + ["publish", str(folder), "--publish", "--format", "json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["counts"] == {"published": 1}
    now = site.current("他のプレイヤーのコントロール")
    assert now.revid == done["pages"][0]["revid"] != cur.revid
    assert now.text == WIKITEXT_NEW.rstrip("\n")  # the wiki trims the last line end
    rc = _last_change(site, "他のプレイヤーのコントロール")
    assert (rc["revid"], rc["comment"], rc["bot"], rc["user"]) == (
        now.revid,
        summary,
        True,
        "MtgcrBot",
    )
    assert site.current("デッキ").revid == deck  # unchanged: not edited


def test_a_title_list_with_an_old_base_revision_is_not_published(
    tmp_path, mediawiki, sample, monkeypatch, capsys
):
    """A title list names the revision an editor checked; the page has a newer one by now:
    the refresh reads the one named, and publishing leaves the page alone."""
    from mtgcr.cli.main import main

    from wiki_samples import WIKITEXT

    mediawiki.seed("基準版テスト", WIKITEXT)
    site = _site(mediawiki)
    checked = site.current("基準版テスト").revid
    mediawiki.seed("基準版テスト", WIKITEXT + "追記。\n", user="OtherEditor")
    titles = tmp_path / "titles.txt"
    titles.write_text(f"# checked by an editor\n基準版テスト\t{checked}\n", encoding="utf-8")
    folder = tmp_path / "batch"
    base = ["--store", str(sample), "--silent", "wiki"]
    assert (
        main(
            base
            + ["refresh", "--api", mediawiki.api, "--titles", str(titles), "--out-dir", str(folder)]
        )
        == 0
    )
    [page] = json.loads((folder / "edits.json").read_text(encoding="utf-8"))["pages"]
    assert (page["status"], page["base_revid"]) == ("changed", checked)
    monkeypatch.setenv("MTGCR_WIKI_USER", BOT[0])
    monkeypatch.setenv("MTGCR_WIKI_PASSWORD", BOT[1])
    capsys.readouterr()
    assert main(base + ["publish", str(folder), "--publish", "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["pages"][0]["status"] == "changed since read"
    assert site.current("基準版テスト").text.endswith("追記。")  # untouched
    # a title the wiki does not have: the page could not be read, said so
    titles.write_text("ない頁\n", encoding="utf-8")
    assert (
        main(
            base + ["refresh", "--api", mediawiki.api, "--titles", str(titles), "--format", "json"]
        )
        == 1
    )
    [page] = json.loads(capsys.readouterr().out)["pages"]
    assert (page["status"], page["reasons"]) == (
        "could not be read",
        [f"{mediawiki.api}: no page 'ない頁'"],
    )


class _EditedMeanwhile(WikiSite):
    """A real wiki client whose page is edited by another user between the last read and
    the edit (the other user's edit goes through the real wiki too)."""

    def __init__(self, api, mediawiki, title, text):
        super().__init__(api, retries=1, retry_wait=0)
        self._meanwhile = (mediawiki, title, text)

    def edit(self, title, text, summary, base, bot):
        mediawiki, other_title, other_text = self._meanwhile
        if title == other_title:
            _after_second_of(base.timestamp)
            mediawiki.seed(title, other_text, user="OtherEditor", summary="meanwhile")
        return super().edit(title, text, summary, base, bot)


def test_an_edit_the_wiki_merged_with_one_made_meanwhile_stops_the_run(tmp_path, mediawiki):
    """Another user edits a line far from ours after the last read: MediaWiki merges the two
    edits and saves. The run records the new revision, then stops naming the merge (a human
    checks it); the other user's line is kept."""
    tail = "\n\n\n\n\n末尾の行。\n"
    title = "公開マージ1"
    mediawiki.seed(title, OLD + tail)
    site = WikiSite(mediawiki.api, retries=0, retry_wait=0)
    old = site.current(title).text
    e = PageEdit(title, title, "wikitext", old, NEW + tail, EditStatus.CHANGED)
    folder = tmp_path / "batch"
    write_batch(EditBatch([e]), folder, mediawiki.api)
    other = (OLD + tail).replace("末尾の行。", "末尾の行を直した。")
    meanwhile = _EditedMeanwhile(mediawiki.api, mediawiki, title, other)
    meanwhile.login(*BOT)
    with pytest.raises(PublishError, match="merged our edit with revision"):
        publish_batch(folder, meanwhile, write=True)
    now = site.current(title).text
    assert "末尾の行を直した。" in now and "20260116.0" in now and "#cr:707" in now
    journal = json.loads((folder / "edits.json").read_text(encoding="utf-8"))
    assert journal["pages"][0]["published"]["revid"] == site.current(title).revid
