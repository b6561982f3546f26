"""Integration: ``mtgcr wiki refresh`` on the real pages against a store of the EN releases
2003-07-01 and 2022-11-18 … 2026-01-16 and the official JA 20260116 text (2003-07-01: seed
004 cites the rules as they were numbered before 2009).

* seeds 000 and 001 (§712 quoted from 20231117.0 and 20221118.0) and 003 (§115 from
  20231117.0): every quoted rule lands under its 2026-01-16 number with the JA 20260116 text,
  read back against ``mtgcr show N --lang ja --release 20260116``; the label updated; the rest
  of the page unchanged;
* seed 004 (a diff view): the ``{{#cr:503}}`` → ``{{#cr:707}}`` edit the editor made;
* the MTG Wiki material (``corpus/mtgwiki``): the generated 総合ルール pages (already at
  20260116.0) and the wiki excerpts in ``web_excerpts.json`` as a batch, with its counts, and
  no page damaged (an unchanged page comes back byte for byte);
* bad input: a file that is no wiki page is skipped, a quote whose label another release's text
  contradicts goes to a human, and cite-check reports the quote blocks as units.
"""

from __future__ import annotations

import json

import pytest

from helpers import CORPUS, OFFICIAL, SHARED, need
from mtgcr.api import Corpus
from mtgcr.cli.main import main
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.wiki.quotes import block_lines, find_quotes
from mtgcr.reports.wiki.edits import EditStatus
from mtgcr.reports.wiki.refresh import read_page, source_lines

from wiki_verify import quote_mismatches

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wiki-refresh-real")]
SEEDS = SHARED / "seeds"
MTGWIKI = CORPUS / "mtgwiki"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    need(SEEDS)
    ja = need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt")
    en = [need(OFFICIAL / "2003-07-01.txt")]
    en += sorted(p for p in need(OFFICIAL).glob("*.txt") if "2022-11-18" <= p.stem <= "2026-01-16")
    assert len(en) == 18
    path = tmp_path_factory.mktemp("wiki-real") / "s.sqlite"
    with Store(path) as s:
        done = ingest_paths(s, en + [ja])
        assert [r.status for r in done] == ["ingested"] * 19, [r.error for r in done]
    return path


@pytest.fixture(scope="module")
def seeds(store):
    pages = sorted(SEEDS.glob("00[0-4]_*.txt"))
    batch = Corpus(store).wiki_refresh(*pages)
    return {e.source.rsplit("/", 1)[-1][:3]: e for e in batch.edits}, batch


@pytest.mark.parametrize(
    "seed, quoted, counts, summary",
    [
        (
            "000",
            57,
            {"reworded": 18, "added": 2, "unchanged": 37},
            "CR 20231117.0 → 20260116.0 (.0 assumed): 712.1–712.21e 引用更新, 701.28→701.27, "
            "701.37→701.42, 701.50→701.28",
        ),
        (
            "001",
            57,
            {"renumbered": 10, "renumbered and reworded": 22, "added": 23},
            "CR 20221118.0 → 20260116.0 (.0 assumed): 712.1–712.21e 引用更新, 701.28→701.27, "
            "701.50→701.28, 712.7a→712.11c, 713→712, 714→713",
        ),
        (
            "003",
            26,
            {"reworded": 3, "unchanged": 23},
            "CR 20231117.0 → 20260116.0 (.0 assumed): 115.1–115.10b 引用更新",
        ),
    ],
)
def test_seed_quotes_land_on_the_current_ja_text(store, seeds, seed, quoted, counts, summary):
    e = seeds[0][seed]
    assert (e.status, e.kind) == (EditStatus.CHANGED, "wiki-rendered")
    [q] = e.quotes
    assert q.check.counts() == counts and q.check.agrees is True
    assert e.summary == summary
    # every rule the refreshed quote shows, read back against `mtgcr show N --lang ja --release 20260116`
    checked, bad = quote_mismatches(e.new_text, store, "20260116")
    assert (checked, bad) == (quoted, [])
    # the label updated, the page outside the quote unchanged (no citation outside it moved)
    old_page = read_page(_doc(e.old_text)).page
    new_page = read_page(_doc(e.new_text)).page
    [old_block], [new_block] = find_quotes(old_page), find_quotes(new_page)
    assert (old_block.label, new_block.label, new_block.revision) == (
        q.check.label,
        "20260116",
        "0",
    )
    (a, b), (c, d) = block_lines(old_block), block_lines(new_block)
    old_lines, new_lines = source_lines(e.old_text), source_lines(e.new_text)
    assert old_lines[: a - 1] == new_lines[: c - 1] and old_lines[b:] == new_lines[d:]
    assert e.citation_moves == []


def test_seed001_follows_the_renumbering_and_the_split(seeds):
    [q] = seeds[0]["001"].quotes
    now = {str(r.number): [str(n) for n in r.now] for r in q.check.rules}
    assert now["712.1"] == ["712.2", "712.3"]  # split
    assert now["712.1g"] == ["712.4"] and now["712.4a"] == ["712.8a"]
    assert [str(n) for n in q.check.skipped] == ["712.6"]  # the page skips it: so does the refresh
    assert "712.10" not in seeds[0]["001"].new_text


def test_seed004_diff_view_gets_the_editors_edit(seeds):
    e = seeds[0]["004"]
    assert (e.status, e.kind, e.new_text) == (EditStatus.HUMAN, "wiki-diff", e.old_text)
    edits = {x.line: x for x in e.line_edits}
    assert (edits[126].old, edits[126].new, edits[126].moves) == (
        "{{#cr:503}}",
        "{{#cr:707}}",
        (("503", "707"),),
    )
    assert "[[CR:707.2|種類別]]" in edits[67].new and "([[CR 707.2]])" in edits[67].new


def test_a_file_that_is_no_wiki_page_is_skipped(seeds):
    e = seeds[0]["002"]
    assert (e.status, e.new_text) == (EditStatus.SKIPPED, e.old_text)
    assert seeds[1].counts() == {
        "changed": 3,
        "unchanged": 0,
        "needs a human": 1,
        "skipped": 1,
        "could not be read": 0,
    }


def test_a_quote_whose_text_is_another_release_goes_to_a_human(store, tmp_path):
    [seed] = SEEDS.glob("000_*.txt")
    page = tmp_path / "relabelled.txt"
    page.write_text(
        seed.read_text(encoding="utf-8").replace("総合ルール 20231117.0", "総合ルール 20221118.0"),
        encoding="utf-8",
    )
    [e] = Corpus(store).wiki_refresh(page).edits
    assert e.status is EditStatus.HUMAN and e.new_text == e.old_text
    assert "the quote says 20221118 but its text fits" in e.reasons[0]


def test_mtgwiki_material_batch(store, tmp_path):
    generated = sorted(need(MTGWIKI / "generated").glob("*.txt"))
    assert len(generated) == 13
    excerpts = json.loads(need(MTGWIKI / "web_excerpts.json").read_text(encoding="utf-8"))
    pages = []
    for k, x in enumerate(excerpts):
        if x["kind"].startswith("mtgwiki"):  # the wiki's own pages (edit, diff, rendered views)
            pages.append(tmp_path / f"excerpt{k}.wiki")
            pages[-1].write_text(x["excerpt"], encoding="utf-8")
    assert len(pages) == 3
    batch = Corpus(store).wiki_refresh(*generated, *pages)
    assert batch.counts() == {
        "changed": 0,
        "unchanged": 15,
        "needs a human": 1,
        "skipped": 0,
        "could not be read": 0,
    }
    for e in batch.edits:  # no page damaged: an unchanged page is the same text
        assert e.new_text == e.old_text
    for e in batch.edits[:13]:
        assert (e.kind, e.status) == ("wiki-cr", EditStatus.UNCHANGED)
        assert e.notes == ["a generated 総合ルール page of 和訳 20260116.0"]
    human = next(e for e in batch.edits if e.status is EditStatus.HUMAN)
    assert human.source.endswith("excerpt0.wiki")  # ==引用:総合ルール 20240308.0==, in English
    assert human.reasons == [
        "line 2: a quote in en, not ja: ja 20260116 has 1 of its 1 numbered rules now; replace "
        "it with that text by hand (and 7 quoted paragraph(s) without a rule number)"
    ]
    # written as a batch: only the manifest (nothing changed), and byte for byte on disk
    manifest = batch.write(tmp_path / "batch")
    assert sorted(p.name for p in manifest.parent.iterdir()) == ["edits.json"]


def test_cite_check_reports_the_quote_blocks_as_units(store, capsys):
    [seed] = SEEDS.glob("000_*.txt")
    assert main(["--store", str(store), "cite-check", str(seed), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    inside = [r for r in out["citations"] if r["in_quote"]]
    assert {r["status"] for r in inside} == {"in-quote"}
    assert all(r["suggestion"] is None and r["line_suggestion"] is None for r in inside)
    assert {(r["number"], r["now_number"]) for r in inside} >= {("701.37", "701.42")}
    [q] = out["quotes"]
    assert (q["line"], q["label"], q["target"], q["status"], q["span"]) == (
        32,
        "20231117",
        "20260116",
        "stale",
        "712.1–712.21e",
    )
    assert q["counts"] == {"reworded": 18, "added": 2, "unchanged": 37}


def _doc(text):
    from mtgcr.corpus.document import document_from_bytes

    return document_from_bytes(text.encode("utf-8"), "page")
