"""Quotes of one release from several pages merge into one partial ruleset (in memory and in
the store at ingest); conflicting texts are reported; a page ingested again after an edit
replaces its own earlier quotes. Pages are written for these tests."""

import pytest

from mtgcr.corpus.notes import NoteKind
from mtgcr.extract.provenance import Place
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import ingest_file
from mtgcr.extract.records import load_ruleset
from mtgcr.extract.rulenum import RuleNumber as N
from mtgcr.extract.wiki.quotes import merge_partial, page_rulesets
from mtgcr.extract.wiki.rendered import read_rendered
from helpers import make_doc


def page(title, body, label="20300110.0"):
    return f"{title}\n\n提供：MTG Wiki\n\n{title}について。\n\n引用：総合ルール {label}\n\n{body}"


A = page(
    "速攻",
    """• 7 その他のルール
  • 702 キーワード能力
    • 702.10 速攻
      • 702.10a 速攻は常在型能力である。
""",
)
B = page(
    "先制攻撃",
    """• 7 その他のルール
  • 702 キーワード能力
    • 702.10a 速攻は、常在型能力である。
    • 702.11 先制攻撃
""",
    "20300110.1",
)


def quote(text, name):
    [(rs, prov)] = page_rulesets(read_rendered(make_doc(text, name)))
    return rs, prov


def test_merge_partial_unites_and_reports_conflicts():
    a, pa = quote(A, "a.txt")
    b, pb = quote(B, "b.txt")
    rs, prov = merge_partial(a, pa, b, pb)
    assert [str(n) for n in rs.rules] == ["702.10", "702.10a", "702.11"]
    assert rs.get("702.10a").text == "速攻は常在型能力である。"  # the first text is kept
    assert prov[N.parse("702.10a")] == (Place("a.txt", 12), Place("b.txt", 11))
    assert prov[N.parse("702.11")] == (Place("b.txt", 12),)
    assert rs.source == "a.txt; b.txt" and rs.complete is False
    assert rs.release.revision == "1"
    msgs = [str(w) for w in rs.warnings]
    assert (
        "b.txt:11: conflicting text of rule 702.10a: this quote differs from a.txt:12; the first text is kept"
        in msgs
    )
    assert any("revision 0 and 1" in m for m in msgs)


def test_merge_ignores_white_space_and_width_differences():
    a, pa = quote(A, "a.txt")
    b, pb = quote(A.replace("速攻は常在型能力である。", "速攻は常在型能力　である。"), "b.txt")
    rs, _ = merge_partial(a, pa, b, pb)
    assert not any("conflicting" in w.message for w in rs.warnings)


def test_merge_refuses_different_releases():
    a, pa = quote(A, "a.txt")
    c, pc = quote(A.replace("20300110.0", "20300405.0"), "c.txt")
    with pytest.raises(ValueError, match="ja:20300110 with ja:20300405"):
        merge_partial(a, pa, c, pc)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_ingest_merges_pages_and_replaces_an_edited_page(tmp_path, store_path):
    pa, pb = write(tmp_path, "a.txt", A), write(tmp_path, "b.txt", B)
    with Store(store_path) as store:
        ra = ingest_file(store, pa)
        rb = ingest_file(store, pb)
        assert (ra.status, rb.status) == ("ingested", "ingested")
        assert any(str(n).startswith("merged with the stored ja:20300110 (wiki)") for n in rb.notes)
        assert [n.kind for n in rb.notes][0] is NoteKind.MERGED
        assert any(
            n.kind is NoteKind.CONFLICT and "conflicting text of rule 702.10a" in str(n)
            for n in rb.notes
        )
        assert not any(n.kind is NoteKind.REPLACED for n in rb.notes)
        rels = [r for r in store.releases("ja")]
        assert [
            (r.label, r.origin, r.complete, r.counts["rules"], r.counts["subrules"]) for r in rels
        ] == [("20300110", "wiki", False, 2, 1)]
        rs = load_ruleset(store, "20300110", "ja")
        assert [str(n) for n in rs.rules] == ["702.10", "702.10a", "702.11"]
        prov = {r["number"]: r["provenance"] for r in store.release_rows(rels[0].id).rules}
        assert prov["702.10a"] == f"{pa}:12; {pb}:11"
        # page a is edited: 702.10 is no longer quoted there and 702.10a is reworded
        write(tmp_path, "a.txt", A.replace("    • 702.10 速攻\n", "").replace("である。", "です。"))
        ra2 = ingest_file(store, pa)
        assert ra2.status == "ingested"
        rs = load_ruleset(store, "20300110", "ja")
        assert [str(n) for n in rs.rules] == ["702.10a", "702.11"]
        assert rs.get("702.10a").text == "速攻は常在型能力です。"  # the stored text was a's
        prov = {
            r["number"]: r["provenance"]
            for r in store.release_rows(store.releases("ja")[0].id).rules
        }
        assert prov["702.10a"] == f"{pb}:11; {pa}:11"
        assert "702.10" not in prov
        # page b is edited to drop 702.10a: a's text stays, b's provenance goes
        write(tmp_path, "b.txt", B.replace("    • 702.10a 速攻は、常在型能力である。\n", ""))
        ingest_file(store, pb)
        prov = {
            r["number"]: r["provenance"]
            for r in store.release_rows(store.releases("ja")[0].id).rules
        }
        assert prov == {"702.10a": f"{pa}:11", "702.11": f"{pb}:11"}


def test_ingest_keeps_a_stale_text_and_says_so(tmp_path, store_path):
    pa, pb = write(tmp_path, "a.txt", A), write(tmp_path, "b.txt", B)
    with Store(store_path) as store:
        ingest_file(store, pa)
        ingest_file(store, pb)
        write(tmp_path, "a.txt", A.replace("      • 702.10a 速攻は常在型能力である。\n", ""))
        ingest_file(store, pa)
        rs = load_ruleset(store, "20300110", "ja")
        assert rs.get("702.10a").text == "速攻は常在型能力である。"
        assert any("came from an earlier version of this page" in w.message for w in rs.warnings)
