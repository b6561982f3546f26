"""cite-check on a store of two small EN releases written for this test (an old numbering
with 503 "Copying Objects", a new one where copying moved to 707 and 503 names the upkeep
step) and wiki pages written for it."""

import json

import pytest

from helpers import ingested_store
from crfile import cr_text
from mtgcr.extract.wiki.fact_records import CitationFact, WikiPageFact
from mtgcr.corpus.store import Store
from mtgcr.crossref.cite.wiki_check import (
    TitleRemapper,
    check_citations,
    en_releases,
    stems,
    subject_fit,
)
from mtgcr.extract.rulenum import RuleNumber as N
from mtgcr.cli.main import main

GENERAL = """\
1. Game Concepts

100. General

100.1. These test rules apply to any test game.
"""

COPYING = """\
{n}. Copying Objects

{n}.1. Some objects become or turn another object into a copy of a spell, permanent, or card.

{n}.2. When copying an object, the copy acquires the copiable values of the original object's characteristics.
"""

DICE = """\
706. Dice

706.1. To roll a die, a player rolls any physical die with the right number of sides.
"""

GLOSSARY = """\
Copy
To create a new object whose copiable values are those of another object.
"""

OLD = cr_text(
    GENERAL
    + "\n5. Turn Structure\n\n"
    + COPYING.format(n=503)
    + """
504. Casting Tests

504.1. A player casts a test spell by announcing it and paying its cost.

7. Additional Rules

"""
    + DICE,
    GLOSSARY,
    date="These rules are effective as of January 10, 2030.",
)

# copying moved to 707; 503 now names the upkeep step
NEW = cr_text(
    GENERAL
    + """
5. Turn Structure

503. Upkeep Step

503.1. The upkeep step has no turn-based actions. Once it begins, the active player gets priority.

7. Additional Rules

"""
    + DICE
    + "\n"
    + COPYING.format(n=707),
    GLOSSARY,
    date="These rules are effective as of April 5, 2030.",
)

PAGE = """=コピー/Copy=
'''コピー'''/''Copy''とは、オブジェクトの[[コピー可能な値]]を写すこと。
*第1種の効果である([[CR:503.2|種類別]])。
*テストは{{CR|504.1}}を参照。ダイスは{{CR|706.1}}。
*章は[[総合ルール/5|rule 5]]。
{{#cr:503}}
"""


@pytest.fixture
def store(tmp_path):
    return ingested_store(
        tmp_path, {"MagicCompRules 20300110.txt": OLD, "MagicCompRules 20300405.txt": NEW}
    )


@pytest.fixture
def releases(store):
    """The store's EN releases for check_citations (rule texts are loaded from the open store
    when needed)."""
    s = Store(store, readonly=True)
    yield en_releases(s)
    s.close()


def _page(title: str, quotes=()) -> WikiPageFact:
    """A ``wiki-page`` fact of page ``p`` (no diff column, no English title), read from its
    stored form."""
    return WikiPageFact.from_json(
        {"page": "p", "title": title, "title_en": None, "column": None, "quotes": list(quotes)}
    )


def _cite(text: str, line: int, number: str | None = None, **target) -> CitationFact:
    """A ``citation`` fact on line ``line`` of page ``p`` with one target (``number``, or
    what ``target`` gives: ``title``, ``by_title``, ``suffix`` …), read from its stored form."""
    t = {
        "number": number,
        "last": None,
        "title": None,
        "by_title": None,
        "suffix": "",
        "chapter": None,
    } | target
    return CitationFact.from_json(
        {"text": text, "page": "p", "column": None, "line": line, "in_quote": False, "targets": [t]}
    )


def test_stems_and_fit():
    assert stems("Copying Objects") == {"copy", "object"}
    assert stems("Controlling Another Player's Turn") >= {"control", "another", "player", "turn"}
    assert subject_fit("Copy", "Copying Objects") == 1.0
    assert subject_fit("Copy", "Upkeep Step") == 0.0
    assert subject_fit("Controll Another Player", "Controlling Another Player") == 1.0


def run_json(store, *args, capsys=None):
    code = main(["--store", str(store), "cite-check", *args, "--format", "json"])
    out = capsys.readouterr().out
    return code, json.loads(out)["citations"] if out.strip() else None


def test_cli_statuses(store, tmp_path, capsys):
    page = tmp_path / "copy.wiki"
    page.write_text(PAGE, encoding="utf-8")
    code, res = run_json(store, str(page), capsys=capsys)
    assert code == 0
    got = [
        (
            r["citation"],
            r["number"],
            r["as_of"],
            r["as_of_source"],
            r["then_title"],
            r["now_number"],
            r["status"],
            r["suggestion"],
        )
        for r in res
    ]
    assert got == [
        (
            "[[CR:503.2|種類別]]",
            "503.2",
            "20300110",
            "inferred",
            "Copying Objects",
            "707.2",
            "moved",
            "[[CR:707.2|種類別]]",
        ),
        ("{{CR|504.1}}", "504.1", "20300110", "inferred", "Casting Tests", None, "gone", None),
        ("{{CR|706.1}}", "706.1", "20300110", "inferred", "Dice", "706.1", "current", None),
        ("[[総合ルール/5|rule 5]]", "5", "20300110", "inferred", None, "5", "current", None),
        (
            "{{#cr:503}}",
            "503",
            "20300110",
            "inferred",
            "Copying Objects",
            "707",
            "moved",
            "{{#cr:707}}",
        ),
    ]
    moved = res[-1]
    assert (
        moved["now_title"] == "Copying Objects" and "503 now names 'Upkeep Step'" in moved["note"]
    )
    assert {"citation", "page", "as_of", "then_title", "now_number", "status"} <= set(moved)


def test_cli_as_of_option_and_current_page(store, tmp_path, capsys):
    page = tmp_path / "new.wiki"
    page.write_text(
        "'''コピー'''/''Copy''とは、写すこと。\n{{#cr:707}}\n*[[CR:503.1]]\n", encoding="utf-8"
    )
    code, res = run_json(store, str(page), capsys=capsys)
    assert [(r["number"], r["as_of"], r["status"]) for r in res] == [
        ("707", "20300405", "current"),
        ("503.1", "20300405", "current"),
    ]
    code, res = run_json(store, str(page), "--as-of", "2030-01-10", capsys=capsys)
    assert [(r["number"], r["as_of_source"], r["now_number"], r["status"]) for r in res] == [
        ("707", "option", None, "unknown"),
        ("503.1", "option", "707.1", "moved"),
    ]
    assert "707 did not exist in 20300110" in res[0]["note"]
    assert "503.1 now is another rule" in res[1]["note"]


def test_cli_refuses_what_is_not_a_page(store, tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("ただのメモ\n", encoding="utf-8")
    code = main(["--store", str(store), "cite-check", str(bad)])
    err = capsys.readouterr().err
    assert code == 2 and "notes.txt: not an MTG Wiki page" in err and "Traceback" not in err


def test_quote_release_is_the_as_of(releases):
    page = _page("速攻", [{"label": "20300301", "revision": "0"}])
    cite = _cite("rule 503.2", 3, "503.2")
    [r] = check_citations(page, [cite], releases, TitleRemapper())
    assert (r.as_of, r.as_of_source, r.now_number, r.status) == (
        "20300110",
        "quote",
        "707.2",
        "moved",
    )
    assert "quoted as 20300301, which is not in the store: checked as of 20300110" in r.note
    by_title = _cite("rule 503.2", 3, by_title="オブジェクトのコピー", suffix=".2")
    [r] = check_citations(
        page, [by_title], releases, TitleRemapper(), ja_sections={"オブジェクトのコピー": N(707)}
    )
    assert (r.number, r.as_of_source, r.status) == ("707.2", "template", "current")
    titled = _cite("rule 503〔コピー効果〕参照", 3, "503", title="コピー効果")
    [r] = check_citations(
        page, [titled], releases, TitleRemapper(), ja_sections={"オブジェクトのコピー": N(707)}
    )
    assert (r.now_number, r.suggestion) == ("707", "rule 707〔オブジェクトのコピー〕参照")


def test_subject_from_the_ja_glossary_when_the_page_gives_no_english(releases):
    page = _page("コピー")
    cite = _cite("{{#cr:503}}", 2, "503")
    [r] = check_citations(page, [cite], releases, TitleRemapper())
    assert (r.as_of, r.status) == (None, "unknown")  # no subject: nothing to infer from
    [r] = check_citations(page, [cite], releases, TitleRemapper(), ja_terms={"コピー": "Copy"})
    assert (r.as_of, r.as_of_source, r.now_number, r.status) == (
        "20300110",
        "inferred",
        "707",
        "moved",
    )


LIST_PAGE = """'''コピー'''/''Copy''とは、写すこと。
*詳しくは rule 503.1〔オブジェクトのコピー〕、rule 503.2〔オブジェクトのコピー〕参照。ダイスは rule 706.1。
*テンプレート {{CR|503.2|706.1}}。
"""


def test_each_number_of_a_list_gets_its_own_replacement(store, tmp_path, capsys):
    page = tmp_path / "list.wiki"
    page.write_text(LIST_PAGE, encoding="utf-8")
    code, res = run_json(store, str(page), capsys=capsys)
    assert code == 0
    got = [(r["line"], r["number"], r["status"], r["old_text"], r["suggestion"]) for r in res]
    assert got == [
        (
            2,
            "503.1",
            "moved",
            "rule 503.1〔オブジェクトのコピー〕",
            "rule 707.1〔オブジェクトのコピー〕",
        ),
        (
            2,
            "503.2",
            "moved",
            "rule 503.2〔オブジェクトのコピー〕",
            "rule 707.2〔オブジェクトのコピー〕",
        ),
        (2, "706.1", "current", "rule 706.1", None),
        (3, "503.2", "moved", "503.2", "707.2"),
        (3, "706.1", "current", "706.1", None),
    ]
    lines = LIST_PAGE.split("\n")
    for r in res:  # each span is where its text is on the line
        a, b = r["span"]
        assert lines[r["line"] - 1][a:b] == r["old_text"]
    # one suggestion for the whole line, every replacement applied, on each result of the line
    assert {r["line_suggestion"] for r in res if r["line"] == 2} == {
        "*詳しくは rule 707.1〔オブジェクトのコピー〕、rule 707.2〔オブジェクトのコピー〕参照。ダイスは rule 706.1。"
    }
    assert {r["line_suggestion"] for r in res if r["line"] == 3} == {
        "*テンプレート {{CR|707.2|706.1}}。"
    }
    assert all(r["column"] is None and r["revision_line"] is None for r in res)


def test_a_range_gets_both_ends_replaced_on_its_line(store, tmp_path, capsys):
    page = tmp_path / "range.wiki"
    page.write_text(
        "'''コピー'''/''Copy''とは、[[コピー可能な値]]を写すこと。\n*rule 503.1–503.2 参照。\n",
        encoding="utf-8",
    )
    code, res = run_json(store, str(page), capsys=capsys)
    assert [(r["number"], r["suggestion"]) for r in res] == [
        ("503.1", "rule 707.1–503.2"),
        ("503.2", "rule 503.1–707.2"),
    ]
    assert {r["line_suggestion"] for r in res} == {"*rule 707.1–707.2 参照。"}


DIFF_PAGE = """古い版 |
新しい版 |
1行: |
1行: |
| '''コピー'''/''Copy''とは、写すこと。 | | '''コピー'''/''Copy''とは、写すこと。 |
− | {{#cr:707}} | + | {{#cr:503}} |
| + | *[[CR:503.2|種類別]] |
"""


def test_diff_view_positions_name_the_file_line_and_the_revision(store, tmp_path, capsys):
    page = tmp_path / "copy-diff.txt"
    page.write_text(DIFF_PAGE, encoding="utf-8")
    code, res = run_json(store, str(page), capsys=capsys)
    got = [
        (r["citation"], r["column"], r["column_label"], r["line"], r["revision_line"], r["status"])
        for r in res
    ]
    assert got == [
        ("{{#cr:707}}", "left", "古い版", 6, 2, "current"),
        ("{{#cr:503}}", "right", "新しい版", 6, 2, "moved"),
        ("[[CR:503.2|種類別]]", "right", "新しい版", 7, 3, "moved"),
    ]
    assert main(["--store", str(store), "cite-check", str(page)]) == 0
    out = capsys.readouterr().out
    assert "copy-diff.txt:7 (新しい版 column, line 3 of that revision)" in out
    assert "copy-diff.txt:6 (新しい版 column, line 2 of that revision): {{#cr:707}}" in out


def test_as_of_older_than_every_stored_release_says_what_to_ingest(tmp_path, capsys):
    path = ingested_store(tmp_path, {"MagicCompRules 20300405.txt": NEW})
    page = tmp_path / "copy.wiki"
    page.write_text(PAGE, encoding="utf-8")
    code, res = run_json(path, str(page), capsys=capsys)
    assert code == 0
    r = next(x for x in res if x["citation"] == "{{#cr:503}}")
    assert r["status"] == "unknown"
    assert (
        "no stored EN release (20300405 … 20300405) has the cited section fitting the "
        "page's subject 'Copy'; if the page predates 20300405, ingest the older EN "
        "releases (or give --as-of)"
    ) in r["note"]
    quoted = tmp_path / "quoted.txt"
    quoted.write_text(
        "コピー\n\n提供：MTG Wiki\n\n引用：総合ルール 20300110.0\n\n"
        "  • 707 オブジェクトのコピー\n\n参照は rule 503.1 参照。\n",
        encoding="utf-8",
    )
    code, res = run_json(path, str(quoted), capsys=capsys)
    notes = " ".join(x["note"] for x in res)
    assert (
        "the page quotes 20300110, older than every stored EN release (oldest 20300405): "
        "ingest the EN release 20300110" in notes
    )


def test_cli_skips_what_is_not_a_page_with_a_note(store, tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("ただのメモ\n", encoding="utf-8")
    page = tmp_path / "copy.wiki"
    page.write_text(PAGE, encoding="utf-8")
    code = main(["--store", str(store), "cite-check", str(bad), str(page)])
    err = capsys.readouterr().err
    assert code == 0
    assert err.strip().splitlines() == [
        f"note: skipped {bad}: not an MTG Wiki page (rendered text, HTML, wikitext or diff view)"
    ]


def test_a_page_without_a_title_says_its_subject_is_unknown():
    """Issue 27: the subject a release is inferred from comes only from the page; a page with
    no title (a quote block copied alone) says so instead of guessing."""
    from mtgcr.crossref.cite.wiki_check import ReleaseTitles, _older_hint

    rels = [ReleaseTitles("20300110", "2030-01-10", {}, lambda: None)]
    assert _older_hint(None, "", rels).startswith("subject unknown (the page has no title")
    assert "fitting the page's subject 'Copy'" in _older_hint(None, "Copy", rels)
