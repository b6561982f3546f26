"""Integration: ``mtgcr cite-check`` on the four JA seeds against EN 2003-07-01, 2021-07-12,
2022-11-18 and 2023-11-17 and the JA 20260116 text (the store of ../shared/checks/batch1.sh C)."""
import json

import pytest

from conftest import CORPUS, OFFICIAL, SHARED, need
from corpus.store import Store
from extract.ingest import ingest_paths
from reports.cli import main

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("ja-cite")]
SEEDS = SHARED / "seeds"


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    need(SEEDS)
    store = tmp_path_factory.mktemp("cite") / "s.sqlite"
    files = [need(OFFICIAL / f"{d}.txt") for d in ("2003-07-01", "2021-07-12", "2022-11-18", "2023-11-17")]
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
    return json.loads(buf.getvalue())


def find(results, prefix, citation, number=None, column=None):
    hits = [r for r in results if r["page"].rsplit("/", 1)[-1].startswith(prefix)
            and r["citation"] == citation and (number is None or r["number"] == number)
            and (column is None or r["column"] == column)]
    assert hits, (prefix, citation)
    return hits[0]


def test_seed004_old_copy_citation_moved_to_707(results):
    r = find(results, "004", "{{#cr:503}}")
    assert (r["column"], r["line"], r["as_of"], r["as_of_source"]) == ("right", 37, "20030701", "inferred")
    assert (r["then_title"], r["now_number"], r["now_title"], r["status"]) == (
        "Copying Objects", "707", "Copying Objects", "moved")
    assert r["suggestion"] == "{{#cr:707}}"
    assert "503 now names 'Upkeep Step'" in r["note"]
    r = find(results, "004", "[[CR 503.2]]")
    assert (r["as_of"], r["then_title"], r["now_number"], r["status"]) == ("20030701", "Copying Objects",
                                                                           "707.2", "moved")


def test_seed004_current_citations(results):
    r = find(results, "004", "{{#cr:707}}")
    assert (r["column"], r["as_of"], r["then_title"], r["now_number"], r["status"]) == (
        "left", "20231117", "Copying Objects", "707", "current")
    r = find(results, "004", "{{CR|{{その他のルールのCR番号|オブジェクトのコピー}}.12}}")
    assert (r["number"], r["as_of_source"], r["status"]) == ("707.12", "template", "current")
    r = find(results, "004", "{{CR|109.2}}")
    assert (r["then_title"], r["status"]) == ("Objects", "current")


def test_quoted_pages_are_checked_as_of_their_quote(results):
    r = find(results, "000", "CR:805.8")
    assert (r["as_of"], r["as_of_source"], r["then_title"], r["status"], r["in_quote"]) == (
        "20231117", "quote", "Shared Team Turns Option", "current", False)
    r = find(results, "001", "rule 714〔差し替えカード〕")
    assert (r["as_of"], r["then_title"], r["now_number"], r["status"], r["in_quote"]) == (
        "20221118", "Substitute Cards", "713", "moved", True)
    assert r["suggestion"] == "rule 713〔差し替えカード〕"
    r = find(results, "001", "rule 712.7a")
    assert (r["now_number"], r["status"]) == ("712.11c", "moved")
    r = find(results, "001", "rule 713〔合体カード〕")
    assert r["then_title"] == "Meld Cards" and r["status"] != "current"
    assert all(r["status"] == "current" for r in results if r["page"].rsplit("/", 1)[-1].startswith("003"))


def test_every_result_has_the_json_keys(results):
    assert len(results) == 48
    for r in results:
        assert {"citation", "page", "as_of", "then_title", "now_number", "status"} <= set(r)
