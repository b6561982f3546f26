"""diff / history / remap / build on the bundled sample corpus; reports checked by parsing
them (Markdown with markdown-it, HTML with BeautifulSoup + lxml, CSV with the csv module)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from bs4 import BeautifulSoup
from markdown_it import MarkdownIt

import mtgcr.corpus.sample
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
from mtgcr.extract.ingest import ingest_paths
from mtgcr.cli.main import main


@pytest.fixture
def sample_store(tmp_path):
    path = tmp_path / "store.sqlite"
    with Store(path) as st:
        res = ingest_paths(st, [mtgcr.corpus.sample.path()])
    assert [r.status for r in res] == ["ingested", "ingested"]
    return str(path)


def run(capsys, *argv):
    code = main(["--silent", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def diff_json(capsys, store, *extra):
    code, out, err = run(
        capsys, "--store", store, "diff", "2030-01-10", "2030-04-05", "--format", "json", *extra
    )
    assert code == 0, err
    return json.loads(out)


def test_diff_json_on_sample(capsys, sample_store):
    d = diff_json(capsys, sample_store)
    assert d["old"]["effective_date"] == "2030-01-10" and d["new"]["label"] == "20300405"
    ch = {(tuple(c["old"]), tuple(c["new"])): c for c in d["changes"]}
    assert ch[("101.1",), ("101.1", "101.2")]["kind"] == "split"
    assert ch[("101.2",), ("101.3",)]["kind"] == "renumbered"
    assert ch[("702.1a",), ("703.1a",)]["kind"] == "renumbered"  # "702.1a.  " defect parsed
    m = ch[("100.2",), ("100.2",)]
    assert m["kind"] == "modified" and 0.9 < m["similarity"] < 1
    assert ["delete", "forty"] in m["diff"] and ["insert", "sixty"] in m["diff"]
    assert ch[((), ("701.1",))]["new_text"] == "A sample counter is a marker placed on a permanent."
    # 100.1b only had its citation 701.2 → 702.2 renumbered: unchanged, so not listed
    assert not any("100.1b" in c["old"] for c in d["changes"])
    assert d["summary"]["rules"]["unchanged"] == 4 and d["summary"]["rules"]["split"] == 1
    secs = {(s["old"], s["new"]): s for s in d["sections"]}
    assert (
        secs[(None, "701")]["kind"] == "added"
        and secs[(None, "701")]["new_title"] == "Sample Counters"
    )
    s = secs[("701", "702")]
    assert (s["kind"], s["moved"], s["retitled"]) == ("moved", True, True)
    assert (s["old_title"], s["new_title"]) == (
        "Controlling Another Player's Turn",
        "Controlling Another Player",
    )
    assert secs[("702", "703")]["kind"] == "moved" and not secs[("702", "703")]["retitled"]
    assert [(g["kind"], g["term"]) for g in d["glossary"]] == [("added", "Sample Counter")]


def test_diff_section_filter_and_all(capsys, sample_store):
    d = diff_json(capsys, sample_store, "--section", "702")
    assert d["section"] == "702" and d["changes"]
    for c in d["changes"]:
        assert any(n.startswith("702.") for n in c["old"] + c["new"])
    assert {(s["old"], s["new"]) for s in d["sections"]} == {("701", "702"), ("702", "703")}
    full = diff_json(capsys, sample_store, "--all")
    assert sum(c["kind"] == "unchanged" for c in full["changes"]) == 4


def test_markdown_report_parses(capsys, sample_store):
    code, out, _ = run(capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05")
    assert code == 0
    tokens = MarkdownIt("commonmark").enable("table").parse(out)
    heads = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert heads[0] == "Comprehensive Rules (en): changes from 2030-01-10 to 2030-04-05"
    for h in (
        "Summary",
        "Sections",
        "Renumbered rules",
        "Modified rules",
        "Split rules",
        "Added rules",
        "Glossary",
    ):
        assert h in heads
    assert "101.1 → 101.1 + 101.2 (split, similarity 86.9 %)" in heads
    # the summary table: first table, rows kind | groups | old | new
    rows, row = [], None
    for t in tokens:
        if t.type == "table_close":
            break
        if t.type == "tr_open":
            row = []
        elif t.type == "inline" and row is not None:
            row.append(t.content)
        elif t.type == "tr_close":
            rows.append(row)
    table = {r[0]: r[1:] for r in rows[1:]}
    assert table["split"] == ["1", "1", "2"] and table["added"] == ["2", "0", "2"]
    inline = [t.content for t in tokens if t.type == "inline"]
    assert any("<del>forty</del><ins>sixty</ins>" in x for x in inline)
    assert any(x.startswith("A sample counter is a marker") for x in inline)


def test_html_report_is_self_contained_and_parses(capsys, sample_store, tmp_path):
    out_file = tmp_path / "r.html"
    code, _, _ = run(
        capsys,
        "--store",
        sample_store,
        "diff",
        "2030-01-10",
        "2030-04-05",
        "--format",
        "html",
        "--out",
        str(out_file),
    )
    assert code == 0
    soup = BeautifulSoup(out_file.read_text(encoding="utf-8"), "lxml")
    assert soup.html["lang"] == "en" and soup.find("style")
    assert not soup.find_all("link") and not soup.find_all("script")
    assert not [t for t in soup.find_all(src=True)]
    assert all(a["href"].startswith("#") for a in soup.find_all("a"))
    rows = {
        tr["data-kind"]: [td.get_text() for td in tr.find_all("td")]
        for tr in soup.select("#summary-table tbody tr")
    }
    assert rows["renumbered"] == ["renumbered", "4", "4", "4"]
    art = soup.select_one('article[data-kind="split"]')
    assert art["data-old"] == "101.1" and art["data-new"] == "101.1 101.2"
    mod = soup.select_one('article[data-kind="modified"][data-old="100.2"]')
    assert [d.get_text() for d in mod.find_all("del")] == ["forty", "forty"]
    assert [i.get_text() for i in mod.find_all("ins")] == ["sixty", "sixty"]
    sec = soup.select('#section-table tbody tr[data-kind="moved"]')[0]
    assert [td.get_text() for td in sec.find_all("td")][:5] == [
        "moved (retitled)",
        "701",
        "702",
        "Controlling Another Player's Turn",
        "Controlling Another Player",
    ]


def test_csv_report_parses(capsys, sample_store):
    code, out, _ = run(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--format", "csv"
    )
    rows = list(csv.DictReader(io.StringIO(out)))
    split = [r for r in rows if r["type"] == "rule" and r["kind"] == "split"]
    assert split[0]["old"] == "101.1" and split[0]["new"] == "101.1 101.2"
    assert split[0]["old_text"] == "Each player shuffles their deck and draws seven cards."
    assert {r["kind"] for r in rows if r["type"] == "section"} == {"added", "moved"}
    assert [r["new"] for r in rows if r["type"] == "glossary"] == ["Sample Counter"]


def test_history_and_remap_on_sample(capsys, sample_store):
    code, out, _ = run(
        capsys,
        "--store",
        sample_store,
        "history",
        "702.2",
        "--release",
        "2030-04-05",
        "--format",
        "json",
    )
    h = json.loads(out)
    assert [(x["release"], x["number"], x["kind"]) for x in h] == [
        ("2030-01-10", "701.2", "initial"),
        ("2030-04-05", "702.2", "modified"),
    ]
    assert h[0]["lineage"] == h[1]["lineage"] == "en:20300110:701.2"
    code, out, _ = run(capsys, "--store", sample_store, "history", "702", "--format", "json")
    assert [(x["number"], x["title"]) for x in json.loads(out)] == [
        ("701", "Controlling Another Player's Turn"),
        ("702", "Controlling Another Player"),
    ]
    code, out, _ = run(
        capsys,
        "--store",
        sample_store,
        "remap",
        "101.1",
        "--from",
        "2030-01-10",
        "--to",
        "2030-04-05",
    )
    assert code == 0 and out.strip() == "101.1 (2030-01-10) → 101.1 + 101.2 (2030-04-05)"
    code, out, _ = run(
        capsys,
        "--store",
        sample_store,
        "remap",
        "701.1",
        "--from",
        "2030-04-05",
        "--to",
        "2030-01-10",
    )
    assert code == 1 and "added in 2030-04-05 as 701.1" in out


def test_cli_errors_are_one_line(capsys, sample_store, tmp_path):
    code, out, err = run(capsys, "--store", sample_store, "diff", "2030-01-10", "2031-01-01")
    assert code == 2 and err.count("\n") == 1 and "no en release '2031-01-01'" in err
    code, _, err = run(capsys, "--store", sample_store, "history", "799.1")
    assert code == 2 and "799.1 is not in en 2030-04-05" in err and "Traceback" not in err
    bad = tmp_path / "d.toml"
    bad.write_text(
        '[[decision]]\nold_release = "2030-01-10"\nnew_release = "2030-04-05"\n'
        'old = ["100.9"]\nnew = ["100.1"]\n',
        encoding="utf-8",
    )
    code, _, err = run(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--decisions", str(bad)
    )
    assert code == 2 and f"{bad}:1: old rule 100.9 is not in en 2030-01-10" in err
    bad.write_text(
        '[[decision]]\nold_release = "2030-01-10"\nrelation = "maybe"\n', encoding="utf-8"
    )
    code, _, err = run(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--decisions", str(bad)
    )
    assert code == 2 and f"{bad}:1: relation must be one of" in err


def test_decisions_file_beside_the_store_is_applied(capsys, sample_store, tmp_path):
    (tmp_path / "decisions.toml").write_text(
        '[[decision]]\nold_release = "20300110"\nnew_release = "2030-04-05"\n'
        'relation = "unrelated"\nold = "100.3"\nnew = "100.3"\n',
        encoding="utf-8",
    )
    d = diff_json(capsys, sample_store)
    kinds = {(tuple(c["old"]), tuple(c["new"])): c["kind"] for c in d["changes"]}
    assert kinds[(("100.3",), ())] == "removed" and kinds[((), ("100.3",))] == "added"


def test_build_writes_reports_and_index(capsys, tmp_path):
    out = tmp_path / "site"
    code, stdout, _ = run(
        capsys,
        "--store",
        str(tmp_path / "s.sqlite"),
        "build",
        str(mtgcr.corpus.sample.path()),
        "--out",
        str(out),
    )
    assert code == 0
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    [lang] = index["languages"]
    assert [(p["old_name"], p["new_name"]) for p in lang["pairs"]] == [("2030-01-10", "2030-04-05")]
    for fmt, rel in lang["pairs"][0]["files"].items():
        assert (out / rel).is_file() and rel.endswith("." + fmt)
    soup = BeautifulSoup((out / "index.html").read_text(encoding="utf-8"), "lxml")
    tr = soup.select_one('table.pairs tr[data-old="2030-01-10"]')
    assert tr["data-new"] == "2030-04-05"
    assert {a.get_text(): a["href"] for a in tr.find_all("a")}[
        "html"
    ] == "en/2030-01-10_2030-04-05.html"
    tokens = (
        MarkdownIt("commonmark")
        .enable("table")
        .parse((out / "index.md").read_text(encoding="utf-8"))
    )
    assert any(t.type == "inline" and "2030-04-05" in t.content for t in tokens)


def test_alignment_cache_is_used_and_dropped_with_the_release(sample_store):
    with Store(sample_store) as st:
        ch = Chain(st)
        ch.alignments()
        assert ch.computed == 1
        again = Chain(st)
        again.alignments()
        assert again.computed == 0
        assert len(st.table("alignments")) == 1
        st.conn.execute("DELETE FROM releases WHERE label='20300405'")
        assert len(st.table("alignments")) == 0


def test_partial_releases_compare_quoted_rules_only(tmp_path):
    from align_helpers import ruleset
    from helpers import make_doc
    from mtgcr.crossref.chain import aligned_pair
    from mtgcr.extract.records import to_record
    from mtgcr.reports.diffview import diff_view
    from mtgcr.reports.render import markdown

    full = ruleset(
        "20300110",
        [
            ("100.1", "Quoted in both, unchanged."),
            ("100.2", "Quoted in both, forty cards."),
            ("100.3", "Tokens are markers that represent objects."),
        ],
        lang="ja",
    )
    quote = ruleset(
        "20300405",
        [
            ("100.1", "Quoted in both, unchanged."),
            ("100.2", "Quoted in both, sixty cards."),
            ("100.4", "Exile is a zone kept apart from the game."),
        ],
        lang="ja",
    )
    full.complete = quote.complete = False
    with Store(tmp_path / "s.sqlite") as st:
        for k, rs in enumerate((full, quote)):
            st.add_document(
                make_doc(f"page {k}", name=f"page{k}.txt"),
                "wiki-text",
                [to_record(rs, origin="wiki")],
            )
        old, new, al = aligned_pair(st, "20300110", "20300405", "ja")
    view = diff_view(al, old, new)
    assert view["partial"] == {"old": True, "new": True}
    assert [(c["kind"], c["old"], c["new"]) for c in view["changes"]] == [
        ("modified", ["100.2"], ["100.2"])
    ]
    assert view["summary"]["old_rules"] == 2 and view["summary"]["rules"]["removed"] == 0
    assert "are partial releases (quoted rules only)" in markdown.render(view)


def test_japanese_releases_align_and_diff_on_sudachi_words():
    from align_helpers import ruleset
    from mtgcr.crossref.align.releases import align_releases
    from mtgcr.reports.diffview import diff_view

    old = ruleset(
        "20300110",
        [
            ("100.1", "各プレイヤーは、自分のデッキを切り直してからカードを7枚引く。"),
            ("100.2", "プレイヤーは自分のライブラリーからカードを1枚引く。"),
            ("100.3", "トークンはカードではないオブジェクトを表すマーカーである。rule 100.2参照。"),
        ],
        lang="ja",
    )
    new = ruleset(
        "20300405",
        [
            ("100.1", "各プレイヤーは、自分のデッキを切り直してからカードを7枚引く。"),
            ("100.2", "追放領域は、ゲームから取り除かれたカードが置かれる領域である。"),
            ("100.3", "プレイヤーは自分の墓地からカードを1枚引く。"),
            ("100.4", "トークンはカードではないオブジェクトを表すマーカーである。rule 100.3参照。"),
        ],
        lang="ja",
    )
    al = align_releases(old, new)
    kinds = {tuple(map(str, c.old)): (c.kind, tuple(map(str, c.new))) for c in al.changes}
    assert kinds[("100.2",)] == ("modified", ("100.3",))
    assert kinds[("100.3",)] == ("renumbered", ("100.4",))  # citation 100.2 → 100.3 is no edit
    assert kinds[()] == ("added", ("100.2",))
    view = diff_view(al, old, new)
    [mod] = [c for c in view["changes"] if c["kind"] == "modified"]
    assert ["delete", "ライブラリー"] in mod["diff"] and ["insert", "墓地"] in mod["diff"]


def test_section_scopes_the_summary_and_must_exist(capsys, sample_store):
    d = diff_json(capsys, sample_store, "--section", "702", "--all")
    kinds = {}
    for c in d["changes"]:
        kinds[c["kind"]] = kinds.get(c["kind"], 0) + 1
    assert {k: n for k, n in d["summary"]["rules"].items() if n} == kinds
    assert d["summary"]["old_rules"] == sum(len(c["old"]) for c in d["changes"])
    whole = diff_json(capsys, sample_store)
    assert d["summary"]["old_rules"] < whole["summary"]["old_rules"]
    code, out, err = run(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--section", "999"
    )
    assert code == 2 and not out and err.count("\n") == 1
    assert "no section 999 in en 2030-01-10 or in en 2030-04-05" in err


def test_all_lists_unchanged_rules_in_every_format(capsys, sample_store):
    d = diff_json(capsys, sample_store, "--all")
    unchanged = [c["new"][0] for c in d["changes"] if c["kind"] == "unchanged"]
    assert len(unchanged) == 4
    code, out, _ = run(capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--all")
    tokens = MarkdownIt("commonmark").enable("table").parse(out)
    heads = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert "Unchanged rules" in heads
    start = next(
        i for i, t in enumerate(tokens) if t.type == "inline" and t.content == "Unchanged rules"
    )
    cells = []
    for t in tokens[start:]:
        if t.type == "table_close":
            break
        if t.type == "inline":
            cells.append(t.content)
    assert cells[3::2] == unchanged  # after the heading and the header row: rule, text, …
    code, out, _ = run(
        capsys,
        "--store",
        sample_store,
        "diff",
        "2030-01-10",
        "2030-04-05",
        "--all",
        "--format",
        "html",
    )
    soup = BeautifulSoup(out, "lxml")
    assert [tr["data-number"] for tr in soup.select("#unchanged-table tbody tr")] == unchanged
    code, out, _ = run(
        capsys,
        "--store",
        sample_store,
        "diff",
        "2030-01-10",
        "2030-04-05",
        "--all",
        "--format",
        "csv",
    )
    assert [
        r["new"]
        for r in csv.DictReader(io.StringIO(out))
        if r["kind"] == "unchanged" and r["type"] == "rule"
    ] == unchanged
    # without --all none of the formats lists them
    code, out, _ = run(capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05")
    assert "Unchanged rules" not in out


def test_csv_texts_carry_no_number_prefixes(capsys, sample_store):
    d = diff_json(capsys, sample_store)
    [split] = [c for c in d["changes"] if c["kind"] == "split"]
    assert [r["number"] for r in split["new_rules"]] == ["101.1", "101.2"]
    code, out, _ = run(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--format", "csv"
    )
    [row] = [
        r for r in csv.DictReader(io.StringIO(out)) if r["type"] == "rule" and r["kind"] == "split"
    ]
    assert row["new_text"] == "\n".join(r["text"] for r in split["new_rules"])
    assert not row["new_text"].startswith("101.") and "\n101.2" not in row["new_text"]
    assert row["old_text"] == split["old_rules"][0]["text"]


def test_out_paths(capsys, sample_store, tmp_path):
    target = tmp_path / "new" / "dir" / "x.md"
    code, _, err = run_loud(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--out", str(target)
    )
    assert code == 0 and target.read_text(encoding="utf-8").startswith("# Comprehensive Rules")
    assert f"created folder {target.parent}" in err and f"wrote {target}" in err
    code, _, err = run(
        capsys, "--store", sample_store, "diff", "2030-01-10", "2030-04-05", "--out", str(tmp_path)
    )
    assert code == 2 and f"--out {tmp_path} is a folder" in err and "Traceback" not in err
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    code, _, err = run(
        capsys,
        "--store",
        sample_store,
        "build",
        str(mtgcr.corpus.sample.path()),
        "--out",
        str(afile),
    )
    assert code == 2 and f"--out {afile} is a file" in err
    assert afile.read_text(encoding="utf-8") == "x"


def run_loud(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_index_generated_is_an_iso_timestamp(capsys, tmp_path):
    from datetime import datetime

    out = tmp_path / "site"
    assert (
        run(
            capsys,
            "--store",
            str(tmp_path / "s.sqlite"),
            "build",
            str(mtgcr.corpus.sample.path()),
            "--out",
            str(out),
        )[0]
        == 0
    )
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    when = datetime.fromisoformat(index["generated"])
    assert when.tzinfo is not None and index["generated"].endswith("+00:00")
    assert index["description"] == "1 reports for 1 language(s), generated by mtgcr"
    assert index["complete"] is True and index["reports"] == index["expected"] == 1
    soup = BeautifulSoup((out / "index.html").read_text(encoding="utf-8"), "lxml")
    assert soup.find("time")["datetime"] == index["generated"]


def test_interrupted_build_leaves_a_consistent_folder(capsys, tmp_path, monkeypatch):
    from align_helpers import ruleset
    from helpers import make_doc
    from mtgcr.extract.records import to_record
    import mtgcr.reports.build_site as bs

    store = tmp_path / "s.sqlite"
    with Store(store) as st:
        ingest_paths(st, [mtgcr.corpus.sample.path()])
        third = ruleset("20300701", [("100.1", "A third release with one rule.")])
        st.add_document(make_doc("third", name="third.txt"), "test", [to_record(third)])
    calls = []
    real = bs.diff_view

    def flaky(*a, **k):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(bs, "diff_view", flaky)
    out = tmp_path / "site"
    code, stdout, err = run(
        capsys, "--store", str(store), "build", str(mtgcr.corpus.sample.path()), "--out", str(out)
    )
    assert code == 130 and err.count("\n") == 1
    assert "build interrupted: 1 of 2 change reports written" in err
    index = json.loads((out / "index.json").read_text(encoding="utf-8"))
    assert index["complete"] is False and index["reports"] == 1 and index["expected"] == 2
    assert "the build was interrupted" in index["description"]
    [lang] = index["languages"]
    listed = {p for pair in lang["pairs"] for p in pair["files"].values()}
    on_disk = {str(p.relative_to(out)) for p in (out / "en").iterdir()}
    assert listed == on_disk and len(listed) == 4  # one pair, four formats, no stray files
    assert not list(out.glob("**/.*.tmp"))
