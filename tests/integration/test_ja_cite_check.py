"""Integration: ``mtgcr cite-check`` on the four JA seeds against EN 2003-07-01, 2021-07-12,
2022-11-18 and 2023-11-17 and the JA 20260116 text (the store of ../shared/checks/batch1.sh C)."""

import json

import pytest

from helpers import CORPUS, OFFICIAL, SHARED, need
from mtgcr.corpus.store import Store
from mtgcr.extract.ingest import ingest_paths
from mtgcr.cli.main import main

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("ja-cite")]
SEEDS = SHARED / "seeds"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    need(SEEDS)
    store = tmp_path_factory.mktemp("cite") / "s.sqlite"
    files = [
        need(OFFICIAL / f"{d}.txt")
        for d in ("2003-07-01", "2021-07-12", "2022-11-18", "2023-11-17")
    ]
    with Store(store) as s:
        done = ingest_paths(s, files + [need(CORPUS / "ja" / "full"), SEEDS])
        assert sum(r.status == "ingested" for r in done) >= 8
    seeds = sorted(str(p) for p in SEEDS.glob("00[0134]_*.txt"))
    import io
    from contextlib import redirect_stdout

    buf = io.StringIO()
    with redirect_stdout(buf):
        code = main(["--store", str(store), "cite-check", *seeds, "--format", "json"])
    assert code == 0
    return json.loads(buf.getvalue())["citations"]


def find(results, prefix, citation, number=None, column=None):
    hits = [
        r
        for r in results
        if r["page"].rsplit("/", 1)[-1].startswith(prefix)
        and r["citation"] == citation
        and (number is None or r["number"] == number)
        and (column is None or r["column"] == column)
    ]
    assert hits, (prefix, citation)
    return hits[0]


def seed_line(prefix, line):
    [path] = SEEDS.glob(f"{prefix}_*.txt")
    return path.read_text(encoding="utf-8").split("\n")[line - 1]


def test_seed004_old_copy_citation_moved_to_707(results):
    r = find(results, "004", "{{#cr:503}}")
    # the line of the diff file, and the column and line of the revision it belongs to
    assert (r["column"], r["column_label"], r["line"], r["revision_line"]) == (
        "right",
        "編集中の文章",
        126,
        37,
    )
    assert seed_line("004", 126) == "| + | {{#cr:503}} |"
    # as of a release before the 2009 renumbering, inferred from the page's subject (コピー/Copy)
    assert (r["as_of"], r["as_of_source"]) == ("20030701", "inferred") and r["as_of"] < "20090711"
    assert (r["then_title"], r["now_number"], r["now_title"], r["status"]) == (
        "Copying Objects",
        "707",
        "Copying Objects",
        "moved",
    )
    assert r["suggestion"] == "{{#cr:707}}"
    assert "503 now names 'Upkeep Step'" in r["note"]
    r = find(results, "004", "[[CR 503.2]]")
    assert (r["as_of"], r["then_title"], r["now_number"], r["status"]) == (
        "20030701",
        "Copying Objects",
        "707.2",
        "moved",
    )
    assert (r["line"], r["revision_line"], r["old_text"], r["suggestion"]) == (
        67,
        24,
        "[[CR 503.2]]",
        "[[CR 707.2]]",
    )
    assert "[[CR:503.2|種類別]]" in seed_line("004", 67) and "[[CR 503.2]]" in seed_line("004", 67)
    # both citations of that line replaced in one suggestion for the whole (wikitext) line
    assert r["line_suggestion"] == (
        "なぜなら、裏向きであることの影響はコピー効果([[CR:707.2|種類別]]の第1種)"
        "より後に適用されるからである。([[CR 707.2]])"
    )
    assert find(results, "004", "[[CR:503.2|種類別]]")["line_suggestion"] == r["line_suggestion"]


def test_seed004_current_citations(results):
    r = find(results, "004", "{{#cr:707}}")
    assert (r["column"], r["as_of"], r["then_title"], r["now_number"], r["status"]) == (
        "left",
        "20231117",
        "Copying Objects",
        "707",
        "current",
    )
    assert (
        r["column_label"],
        r["line"],
        r["revision_line"],
        r["suggestion"],
        r["line_suggestion"],
    ) == ("最新版", 125, 68, None, None)
    r = find(results, "004", "{{CR|{{その他のルールのCR番号|オブジェクトのコピー}}.12}}")
    assert (r["number"], r["as_of_source"], r["status"]) == ("707.12", "template", "current")
    r = find(results, "004", "{{CR|109.2}}")
    assert (r["then_title"], r["status"]) == ("Objects", "current")


def test_quoted_pages_are_checked_as_of_their_quote(results):
    r = find(results, "000", "CR:805.8")
    assert (r["as_of"], r["as_of_source"], r["then_title"], r["status"], r["in_quote"]) == (
        "20231117",
        "quote",
        "Shared Team Turns Option",
        "current",
        False,
    )
    # inside a quote the numbers belong to the quote's release: never a replacement of their
    # own, what they are now in the note (the block is refreshed as a unit: wiki refresh)
    r = find(results, "001", "rule 714〔差し替えカード〕")
    assert (r["as_of"], r["then_title"], r["now_number"], r["status"], r["in_quote"]) == (
        "20221118",
        "Substitute Cards",
        "713",
        "in-quote",
        True,
    )
    assert r["suggestion"] is None and r["line_suggestion"] is None
    assert "(714 is 713 now)" in r["note"]
    r = find(results, "001", "rule 712.7a")
    assert (r["now_number"], r["status"]) == ("712.11c", "in-quote")
    r = find(results, "001", "rule 713〔合体カード〕")
    assert r["then_title"] == "Meld Cards" and r["status"] == "in-quote"
    # seed 003's citations are all inside its quote, and none of their numbers moved
    in_003 = [r for r in results if r["page"].rsplit("/", 1)[-1].startswith("003")]
    assert in_003 and all(
        r["status"] == "in-quote" and r["now_number"] == r["number"] for r in in_003
    )


def test_every_result_has_the_json_keys(results):
    assert isinstance(results, list) and len(results) == 48
    for r in results:
        assert {"citation", "page", "as_of", "then_title", "now_number", "status"} <= set(r)
        assert {
            "line",
            "column",
            "column_label",
            "revision_line",
            "old_text",
            "span",
            "suggestion",
            "line_suggestion",
        } <= set(r)
        assert (r["revision_line"] is None) == (r["column"] is None)


@pytest.fixture(scope="module")
def results_2026(tmp_path_factory):
    """Seed 000 checked against a store whose newest EN release is 2026-01-16, where Transform
    is 701.27 and Convert 701.28 (701.28 and 701.50 in 2023-11-17)."""
    need(SEEDS)
    store = tmp_path_factory.mktemp("cite26") / "s.sqlite"
    files = [need(OFFICIAL / f"{d}.txt") for d in ("2023-11-17", "2026-01-16")]
    with Store(store) as s:
        done = ingest_paths(s, files + sorted(SEEDS.glob("000_*.txt")))
        assert all(r.status == "ingested" for r in done)
    import io
    from contextlib import redirect_stdout

    [seed] = SEEDS.glob("000_*.txt")
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(["--store", str(store), "cite-check", str(seed), "--format", "json"]) == 0
    text = io.StringIO()
    with redirect_stdout(text):
        assert main(["--store", str(store), "cite-check", str(seed)]) == 0
    return json.loads(buf.getvalue())["citations"], text.getvalue()


def test_two_citations_inside_a_quote_keep_their_numbers(results_2026):
    """Line 65 is inside the quote of 20231117.0: each number of the citation is found and
    followed (701.28 → 701.27, 701.50 → 701.28), but neither is replaced — rewriting them
    alone would make a quote that matches no release (the block is refreshed as a whole)."""
    results, text = results_2026
    cite = "rule 701.28〔変身する〕、rule 701.50〔トランスフォーム〕"
    a, b = [r for r in results if r["citation"] == cite]
    assert (a["line"], a["number"], a["now_number"], a["status"]) == (
        65,
        "701.28",
        "701.27",
        "in-quote",
    )
    assert (b["line"], b["number"], b["now_number"], b["status"]) == (
        65,
        "701.50",
        "701.28",
        "in-quote",
    )
    # each number still has its own part of the line …
    assert (a["old_text"], b["old_text"]) == (
        "rule 701.28〔変身する〕",
        "rule 701.50〔トランスフォーム〕",
    )
    line = seed_line("000", 65).strip().lstrip("• ")
    for r in (a, b):
        assert line[r["span"][0] : r["span"][1]] == r["old_text"]
        # … and no replacement, for the number or the line
        assert (r["suggestion"], r["line_suggestion"]) == (None, None)
    assert "lines with every replacement applied" not in text
    # the block's own row: not checked as a unit here (no complete JA release in this store)
    assert "quote 20231117.0" in text and "unknown quote" in text
