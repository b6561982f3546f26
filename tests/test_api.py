"""The library API (mtgcr.open → mtgcr.api.Corpus) on small CR files written for these
tests (tests/crfile.py) and on the bundled sample corpus: real values, checked against the
texts written here; and the CLI as a thin layer over it (same answers)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import mtgcr
from crfile import cr_text, line_of
from mtgcr.corpus.store import StoreError
from mtgcr.extract.lookup import LocatedKind, NotFound
from mtgcr.api import Corpus
from mtgcr.errors import BadArgument, RefusedOutput
from mtgcr.cli.main import main

OLD_BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.

100.1b A multiplayer game starts with three or more players.

100.2. Each player brings a deck.

101. Starting the Game

101.1. Each player shuffles their deck.

101.2. The starting player is chosen at random.

Example: The players roll a die; the higher roll starts.
"""

NEW_BODY = (
    OLD_BODY.replace(
        "100.2. Each player brings a deck.",
        "100.2. Each player brings a deck of at least forty cards.",
    )
    + """
102. Mulligans

102.1. A player who dislikes their opening hand may shuffle it away and draw one card fewer.
"""
)

OLD_GLOSSARY = """\
Deck
The cards a player starts the game with. See rule 100.2.

Shuffle, Shuffled
To put a deck in a random order. See rule 101.1.
"""

NEW_GLOSSARY = (
    OLD_GLOSSARY
    + """
Mulligan
To draw a new opening hand with one card fewer. See rule 102.1.
"""
)

OLD = cr_text(OLD_BODY, OLD_GLOSSARY, date="These rules are effective as of March 3, 2031.")
NEW = cr_text(NEW_BODY, NEW_GLOSSARY, date="These rules are effective as of June 9, 2031.")


@pytest.fixture
def cr(tmp_path) -> Corpus:
    """A store holding the two releases above, ingested through the API."""
    for name, text in (("MagicCompRules 20310303.txt", OLD), ("MagicCompRules 20310609.txt", NEW)):
        (tmp_path / "src").mkdir(exist_ok=True)
        (tmp_path / "src" / name).write_text(text, encoding="utf-8")
    corpus = mtgcr.open(tmp_path / "store.sqlite")
    run = corpus.ingest(tmp_path / "src")
    assert [r.status for r in run.results] == ["ingested", "ingested"], [
        r.error for r in run.results
    ]
    return corpus


def test_import_mtgcr_stays_cheap_and_open_is_there():
    code = (
        "import sys, mtgcr; print('mtgcr.api' in sys.modules, 'pandas' in sys.modules); "
        "mtgcr.open; print('mtgcr.api' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True"]


def test_open_defaults_to_the_clis_store(monkeypatch, tmp_path):
    monkeypatch.setenv("MTGCR_STORE", str(tmp_path / "env.sqlite"))
    assert mtgcr.open().path == tmp_path / "env.sqlite"
    with pytest.raises(StoreError, match="no store here yet"):
        mtgcr.open().releases()


def test_ingest_run_and_releases_frame(cr, tmp_path):
    df = cr.releases()
    assert df["effective_date"].tolist() == ["2031-03-03", "2031-06-09"]
    assert df[["sections", "rules", "subrules", "examples", "glossary"]].values.tolist() == [
        [2, 4, 2, 1, 2],
        [3, 5, 2, 1, 3],
    ]
    assert df["complete"].tolist() == [True, True]
    again = cr.ingest(tmp_path / "src")
    assert again.count("unchanged") == 2 and again.count("ingested") == 0
    assert again.to_frame()["status"].tolist() == ["unchanged", "unchanged"]
    with pytest.raises(
        NotFound, match=r"no ja releases in .*store\.sqlite \(languages stored: en\)"
    ):
        cr.releases("ja")


def test_rule_section_chapter_lookups(cr):
    r = cr.rule("100.2", release="2031-06-09")
    assert r.kind is LocatedKind.RULE
    assert r.rule.text == "Each player brings a deck of at least forty cards."
    assert r.where() == f"line {line_of(NEW, '100.2.')}"
    assert cr.rule("100.2", release="20310303").rule.text == "Each player brings a deck."
    ex = cr.rule("101.2").rule.examples
    assert [e.text for e in ex] == ["The players roll a die; the higher roll starts."]
    sub = cr.rule("100.1", subrules=True)
    assert [str(x.number) for x in sub.rules] == ["100.1", "100.1a", "100.1b"]
    assert [str(x.number) for x in sub.below] == ["100.1a", "100.1b"]
    assert cr.rule("100.1B").rule.text == "A multiplayer game starts with three or more players."
    sec = cr.section("102")
    assert sec.section.title == "Mulligans" and [str(x.number) for x in sec.rules] == ["102.1"]
    assert sec.section.line == line_of(NEW, "102. Mulligans")
    ch = cr.chapter(1, release="2031-03-03")
    assert ch.chapter.title == "Game Concepts"
    assert [s.title for s in ch.sections] == ["General", "Starting the Game"]


def test_lookup_errors_are_one_line_and_say_why(cr):
    with pytest.raises(NotFound) as e:
        cr.rule("102.1", release="2031-03-03")
    assert str(e.value) == "rule 102.1 does not exist in en 2031-03-03"
    with pytest.raises(NotFound, match="'10x' is not a rule number"):
        cr.rule("10x")
    with pytest.raises(
        NotFound, match=r"chapter 7 does not exist in en 2031-06-09 \(chapters: 1\)"
    ):
        cr.chapter(7)
    with pytest.raises(StoreError, match="no en release '2031-05-01' in the store; nearest: "):
        cr.rule("100.1", release="2031-05-01")


def test_define_by_alias_and_closest_names(cr):
    d = cr.define("shuffled", release="2031-03-03")
    assert (d.entry.term, d.entry.aliases, d.how) == ("Shuffle", ("Shuffled",), "headword")
    assert d.entry.text == "To put a deck in a random order. See rule 101.1."
    assert d.entry.line == line_of(OLD, "Shuffle, Shuffled")
    with pytest.raises(NotFound) as e:
        cr.define("Mulligan", release="2031-03-03")
    assert str(e.value).startswith("no glossary entry 'Mulligan' in en 2031-03-03; closest: ")
    assert cr.define("mulligan").entry.term == "Mulligan"
    with pytest.raises(NotFound, match="an empty TERM"):
        Corpus("/nonexistent/store.sqlite").define("  ")  # before any store is opened


def test_diff_object_summary_frame_json_and_renderers(cr):
    d = cr.diff("2031-03-03", "2031-06-09")
    s = d.summary()
    assert s["rules"]["modified"] == 1 and s["rules"]["added"] == 1
    assert s["rules"]["unchanged"] == 5 and s["old_rules"] == 6 and s["new_rules"] == 7
    assert s["sections"]["added"] == 1 and s["glossary"]["added"] == 1
    assert s["new_unaligned_share"] == round(1 / 7, 4) and s["old_unaligned_share"] == 0.0
    df = d.to_frame()
    assert df[["kind", "old", "new", "new_section"]].values.tolist() == [
        ["modified", "100.2", "100.2", "100"],
        ["added", "", "102.1", "102"],
    ]
    mod = df[df.kind == "modified"].iloc[0]
    assert mod.old_text == "Each player brings a deck."
    assert mod.new_text == "Each player brings a deck of at least forty cards."
    assert 0 < mod.similarity < 1
    from mtgcr.extract.rulenum import RuleNumber

    assert d.alignment.forward(RuleNumber.parse("100.2")) == [RuleNumber.parse("100.2")]
    assert repr(d) == (
        "<Diff 'Comprehensive Rules (en): changes from 2031-03-03 to 2031-06-09': 2 changes>"
    )
    view = d.to_json()
    assert view["old"]["effective_date"] == "2031-03-03" and view["section"] is None
    assert json.loads(d.render("json")) == json.loads(json.dumps(view, default=str))
    assert d.to_markdown().startswith(
        "# Comprehensive Rules (en): changes from 2031-03-03 to 2031-06-09"
    )
    assert d.to_html().lstrip().lower().startswith("<!doctype html")
    rows = d.to_csv().splitlines()
    assert rows[0].startswith("type,kind,old,new,similarity,")
    assert [r for r in rows if r.startswith("rule,")][1].startswith(
        "rule,added,,102.1,0.0000,,102,,Mulligans,"
    )  # after the summary rows and the modified rule
    with pytest.raises(ValueError, match="unknown report format 'pdf'"):
        d.render("pdf")


def test_diff_of_one_section_counts_that_section(cr):
    s = cr.diff("2031-03-03", "2031-06-09", section=102).summary()
    assert s["rules"]["added"] == 1 and s["rules"]["modified"] == 0
    assert (s["old_rules"], s["new_rules"]) == (0, 1)
    assert s["glossary"]["added"] == 1  # Mulligan cites 102.1
    s100 = cr.diff("2031-03-03", "2031-06-09", section="100", include_unchanged=True).summary()
    assert s100["rules"]["modified"] == 1 and s100["rules"]["unchanged"] == 3
    with pytest.raises(
        NotFound, match="there is no section 103 in en 2031-03-03 or in en 2031-06-09"
    ):
        cr.diff("2031-03-03", "2031-06-09", section=103)
    with pytest.raises(BadArgument, match="--section wants a section number"):
        cr.diff("2031-03-03", "2031-06-09", section="100.1")


def test_history_and_remap(cr):
    h = cr.history("100.2", release="2031-06-09")
    assert h.to_frame()[["release", "number", "kind"]].values.tolist() == [
        ["2031-03-03", "100.2", "initial"],
        ["2031-06-09", "100.2", "modified"],
    ]
    assert h.title() == "history of 100.2 (en 2031-06-09)"
    m = cr.remap("100.1a", "2031-03-03", "2031-06-09")
    assert [str(n) for n in m.numbers] == ["100.1a"]
    assert m.sentence() == "100.1a (2031-03-03) → 100.1a (2031-06-09)"
    back = cr.remap("102.1", "2031-06-09", "2031-03-03")
    assert back.numbers == [] and back.to_json()["numbers"] == []
    assert back.sentence() == (
        "102.1 (2031-06-09) → none in 2031-03-03: added in 2031-06-09 as "
        "102.1; it has no counterpart in 2031-03-03 or earlier"
    )
    with pytest.raises(NotFound, match="102.1 is not in en 2031-03-03"):
        cr.history("102.1", release="2031-03-03")


def test_identify_a_pasted_fragment(cr, tmp_path):
    frag = tmp_path / "pasted.txt"
    frag.write_text("100. General\n\n100.2. Each player brings a deck.\n", encoding="utf-8")
    placed = cr.identify(frag)
    assert len(placed) == 1 and placed[0].origin == "fragment"
    ident = placed[0].identification
    assert ident.releases == ["2031-03-03"] and ident.exact
    assert placed[0].as_json()["origin"] == "fragment"
    # a stored document is found by its file name
    by_name = cr.identify("MagicCompRules 20310303.txt")[0].identification
    assert "2031-03-03" in by_name.releases
    with pytest.raises(Exception, match="no such file, and no stored document of that name"):
        cr.identify(tmp_path / "missing.txt")


def test_cite_check_without_wiki_pages_says_so_before_opening_the_store(tmp_path):
    page = tmp_path / "notes.txt"
    page.write_text("Nothing but a note.\n", encoding="utf-8")
    corpus = Corpus(tmp_path / "none.sqlite")
    pages = corpus.read_wiki_pages(page)
    assert [p.error for p in pages.problems] == [False]
    assert "not an MTG Wiki page" in pages.problems[0].message
    with pytest.raises(NotFound, match="no wiki pages to check"):
        corpus.cite_check(pages)
    assert not (tmp_path / "none.sqlite").exists()


def test_build_writes_reports_and_refuses_bad_arguments(cr, tmp_path):
    with pytest.raises(BadArgument, match="--formats: unknown pdf"):
        cr.build(tmp_path / "src", out=tmp_path / "site", formats=["pdf"])
    (tmp_path / "afile").write_text("x")
    with pytest.raises(RefusedOutput, match="is a file"):
        cr.build(tmp_path / "src", out=tmp_path / "afile")
    built = cr.build(tmp_path / "src", out=tmp_path / "site", formats=["md", "json"])
    assert built.run.count("unchanged") == 2 and not built.run.failed
    [lang] = built.index["languages"]
    assert lang["lang"] == "en" and [p["files"] for p in lang["pairs"]] == [
        {"md": "en/2031-03-03_2031-06-09.md", "json": "en/2031-03-03_2031-06-09.json"}
    ]
    report = json.loads((tmp_path / "site" / "en" / "2031-03-03_2031-06-09.json").read_text())
    assert report["summary"]["rules"]["added"] == 1


def test_the_cli_prints_what_the_api_returns(cr, capsys):
    assert main(["--store", str(cr.path), "show", "101.2", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    r = cr.rule("101.2").rule
    assert (out["text"], out["examples"], out["line"]) == (
        r.text,
        [e.text for e in r.examples],
        r.line,
    )
    assert (
        main(["--store", str(cr.path), "diff", "2031-03-03", "2031-06-09", "--format", "json"]) == 0
    )
    assert json.loads(capsys.readouterr().out)["summary"] == json.loads(
        json.dumps(cr.diff("2031-03-03", "2031-06-09").summary())
    )
    assert (
        main(
            [
                "--store",
                str(cr.path),
                "remap",
                "100.1a",
                "--from",
                "2031-03-03",
                "--to",
                "2031-06-09",
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.strip() == "100.1a (2031-03-03) → 100.1a (2031-06-09)"
    assert main(["--store", str(cr.path), "define", "Shufle"]) == 2
    assert capsys.readouterr().err.startswith("mtgcr: no glossary entry 'Shufle' in en 2031-06-09")


def test_pair_and_show_pair_of_a_translation(tmp_path):
    from align_helpers import ruleset
    from helpers import make_doc
    from mtgcr.corpus.store import Store
    from mtgcr.extract.records import to_record

    en = [
        ("100.1", "Trample lets a creature assign excess combat damage to the player."),
        ("100.2", "Each player starts the game with 20 life."),
    ]
    zh = [
        ("100.1", "践踏使生物可以将多余的战斗伤害分配给牌手。"),
        ("100.2", "每位牌手以20点总生命开始游戏。"),
    ]
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        for k, rs in enumerate([ruleset("20300110", en), ruleset("20300110", zh, lang="zh")]):
            st.add_document(
                make_doc(f"doc {k}", name=f"doc{k}.txt"), "test", [to_record(rs, origin="official")]
            )
    cr = mtgcr.open(path)
    res = cr.pair("zh", "20300110")
    assert [str(x.number) for x in res.pairing.pairs] == ["100.1", "100.2"]
    by = {str(x.number): x for x in res.pairing.pairs}
    assert by["100.2"].status == "verified" and "20" in " ".join(by["100.2"].evidence)
    # a whole text of unknown provenance (no folder or option says official): "unknown"
    assert res.pairing.total == 2 and res.info.origin_name == "unknown"
    frame = res.to_frame()
    assert frame["number"].tolist() == ["100.1", "100.2"]
    assert frame.set_index("number").loc["100.2", "status"] == "verified"
    js = res.to_json()
    assert js["translation"] == {
        "effective_date": "2030-01-10",
        "label": "20300110",
        "lang": "zh",
        "revision": None,
        "origin": "unknown",
        "text": "whole",
    }
    assert js["missing"] == [] and [x["number"] for x in js["pairs"]] == ["100.1", "100.2"]
    view = cr.release("20300110", "zh", pair=True)
    assert view.note is None and view.english.release.lang == "en"
    [(rule, en_rule, pair)] = view.pairs(view.locate("100.2"))
    assert en_rule.text == "Each player starts the game with 20 life." and pair.status == "verified"
    with pytest.raises(NotFound, match="pair compares a translation with English"):
        cr.pair("en")


def test_stored_documents_are_found_by_name_at_a_path_boundary(cr):
    with cr.store() as st:
        sha, source = st.find_document("MagicCompRules 20310303.txt")
        assert source.endswith("/src/MagicCompRules 20310303.txt")
        assert st.find_document("src/MagicCompRules 20310609.txt")[1].endswith("20310609.txt")
        assert st.find_document("20310303.txt") is None  # not a whole file name
        assert st.find_document("magiccomprules 20310303.txt") is None  # names are exact
        assert st.document_raw(sha).decode("utf-8") == OLD


def test_an_ingest_run_stopped_by_ctrl_c_keeps_the_files_that_finished(tmp_path):
    from mtgcr.extract.ingest_run import Stop

    src = tmp_path / "src"
    src.mkdir()
    (src / "a.txt").write_text(OLD, encoding="utf-8")
    (src / "b.txt").write_text(NEW, encoding="utf-8")

    def stop_at_second(path, done, total):
        assert total == 2
        if done == 1:
            raise KeyboardInterrupt

    cr = mtgcr.open(tmp_path / "s.sqlite")
    run = cr.ingest(src, on_file=stop_at_second)
    assert run.stop is Stop.INTERRUPTED and run.not_done == 1
    assert run.message == (
        "interrupted (1 of 2 files handled); the store keeps every file that finished"
    )
    assert cr.releases()["effective_date"].tolist() == ["2031-03-03"]


def test_an_ingest_run_stopped_by_a_busy_store_says_where(tmp_path):
    import sqlite3
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest_run import Stop

    (tmp_path / "a.txt").write_text(OLD, encoding="utf-8")
    path = tmp_path / "s.sqlite"
    with Store(path):
        pass

    class Impatient(Corpus):
        def store(self, readonly=True):
            return Store(self.path, readonly=readonly, timeout=0.2)

    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        run = Impatient(path).ingest(tmp_path / "a.txt")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert run.stop is Stop.STORE and run.results == []
    assert "store busy" in run.message and run.message.endswith("(stopped after 0 of 1 files)")


def test_a_partial_release_says_what_its_quotes_cover(tmp_path):
    from mtgcr.extract.lookup import locate
    from mtgcr.extract.model import Release, Rule, Ruleset, Section
    from mtgcr.extract.provenance import Place
    from mtgcr.extract.rulenum import RuleNumber

    n = RuleNumber.parse
    rs = Ruleset(Release("ja", "20310303"), "page.txt", complete=False)
    rs.sections[n("100")] = Section(n("100"), "一般", 3)
    for i, num in enumerate(["100.1", "100.1a", "100.2"]):
        rs.rules[n(num)] = Rule(n(num), "本文", 4 + i)
    prov = {
        n("100.1"): (Place("/pages/000_a.txt", 12),),
        n("100.2"): (Place("/pages/001_b.txt", 7), Place("/pages/000_a.txt", 14)),
    }
    found = locate(rs, "100.2", provenance=prov)
    assert found.where() == "001_b.txt line 7; 000_a.txt line 14"
    with pytest.raises(NotFound) as e:
        locate(rs, "100.3", provenance=prov)
    assert str(e.value) == (
        "rule 100.3 is not quoted in the stored pages of ja 20310303 (quotes "
        "cover §100 100.1–100.2; pages: 000_a.txt, 001_b.txt)"
    )


def test_search_and_wording(cr, tmp_path):
    hits = cr.search("forty cards", release="2031-06-09")
    assert [h.number for h in hits] == ["100.2"]
    h = hits[0]
    assert [h.text[s:e] for s, e in h.spans] == ["forty", "cards"]
    assert cr.search("forty", release="2031-03-03") == []
    [w] = cr.wording("shuffles their deck")
    assert (w.numbers, w.first.label, w.last.label, w.releases) == (
        ["101.1"],
        "20310303",
        "20310609",
        2,
    )
    with pytest.raises(BadArgument, match="--limit must be at least 1"):
        cr.search("deck", limit=0)
    with pytest.raises(NotFound, match="no complete ja release is stored"):
        cr.wording("deck", lang="ja")
    with pytest.raises(RefusedOutput, match="is a file, not a folder"):
        (tmp_path / "f").write_text("x")
        cr.site(tmp_path / "f")
