"""MTG Wiki page kinds on pages written for these tests in the real shapes: rendered text,
rendered HTML (MediaWiki's page view), raw wikitext and a saved diff view."""

from helpers import make_doc

from mtgcr.extract.provenance import Place
from mtgcr.extract.registry import parse_document
from mtgcr.extract.rulenum import RuleNumber as N
from mtgcr.extract.wiki.diff import diff_pages, read_diff
from mtgcr.extract.wiki.html import read_html
from mtgcr.extract.wiki.markup import read_wikitext
from mtgcr.extract.wiki.quotes import page_rulesets
from mtgcr.extract.wiki.rendered import read_rendered

RENDERED = """速攻

提供：MTG Wiki

速攻/Haste（そっこう）とは、キーワード能力の一つ。

[編集] 解説

怒り狂うゴブリン/Raging Goblinなどが持つ。現在は稲妻の精霊/Lightning Elementalも該当する。

• 召喚酔いを無視できる。
  • 詳しくは召喚酔いを参照(CR:302.6)。

引用：総合ルール 20300110.0

• 7 その他のルール
  • 702 キーワード能力
    • 702.10 速攻
      • 702.10a 速攻は常在型能力である。「速攻／haste」は移動できることを意味する。
      • 702.10c 複数の速攻は冗長である。rule 302.6〔召喚酔い〕参照。
    • 702.11 先制攻撃は別のルールである。
"""


def rendered_page():
    return read_rendered(make_doc(RENDERED, "haste.txt"))


def test_rendered_text_lines_and_title():
    page = rendered_page()
    assert page.title == "速攻"
    assert [(l.kind, l.text) for l in page.lines if l.kind == "heading"] == [("heading", "解説")]
    items = [(l.depth, l.text) for l in page.lines if l.kind == "item"]
    assert items[:2] == [(1, "召喚酔いを無視できる。"), (2, "詳しくは召喚酔いを参照(CR:302.6)。")]


def test_rendered_quote_becomes_partial_ruleset_with_provenance():
    [(rs, prov)] = page_rulesets(rendered_page())
    assert (rs.release.lang, rs.release.label, rs.release.revision) == ("ja", "20300110", "0")
    assert rs.complete is False and rs.release.effective_date is None
    assert [str(n) for n in rs.rules] == ["702.10", "702.10a", "702.10c", "702.11"]
    assert (
        rs.get("702.10a").text
        == "速攻は常在型能力である。「速攻／haste」は移動できることを意味する。"
    )
    assert rs.sections[N(702)].title == "キーワード能力"
    assert [(c.number, c.title) for c in rs.chapters] == [(7, "その他のルール")]
    assert prov[N.parse("702.10c")] == (Place("haste.txt", 20),)
    assert any("skips 702.10b" in w.message and "not an error" in w.message for w in rs.warnings)


def test_rendered_facts():
    result = parse_document(make_doc(RENDERED, "haste.txt"))
    assert result.kind == "wiki-rendered"
    facts = {}
    for k, d in result.facts:
        facts.setdefault(k, []).append(d)
    page = facts["wiki-page"][0]
    assert (page["title"], page["title_en"]) == ("速攻", "Haste")
    assert page["quotes"][0]["label"] == "20300110" and page["quotes"][0]["rules"] == 4
    assert [(d["ja"], d["en"]) for d in facts["card-pair"]] == [
        ("怒り狂うゴブリン", "Raging Goblin"),
        ("稲妻の精霊", "Lightning Elemental"),
    ]
    terms = [(d["ja"], d["en"], d["source"], d["in_quote"]) for d in facts["term-pair"]]
    assert terms == [("速攻", "Haste", "title", False), ("速攻", "haste", "inline", True)]
    cites = [(d["text"], d["line"], d["in_quote"], d["quote_label"]) for d in facts["citation"]]
    assert cites == [
        ("CR:302.6", 12, False, None),
        ("rule 302.6〔召喚酔い〕", 20, True, "20300110"),
    ]


HTML = """<!DOCTYPE html>
<html lang="ja" dir="ltr">
<head>
<meta charset="UTF-8"/>
<title>速攻 - MTG Wiki</title>
<meta name="generator" content="MediaWiki 1.39.3"/>
</head>
<body class="mediawiki">
<div id="content" class="mw-body">
<h1 id="firstHeading" class="firstHeading">速攻</h1>
<div id="bodyContent">
<div id="siteSub">提供：MTG Wiki</div>
<div id="mw-content-text" lang="ja" dir="ltr"><div class="mw-parser-output">
<p><b>速攻</b>/<i>Haste</i>（そっこう）とは、キーワード能力の一つ。
</p>
<div id="toc" class="toc"><ul><li>1 解説</li></ul></div>
<h2><span class="editsection">[<a href="/index.php?title=%E9%80%9F%E6%94%BB&amp;action=edit&amp;section=1">編集</a>]</span> <span class="mw-headline" id="解説">解説</span></h2>
<p><a href="/wiki/%E6%80%92%E3%82%8A" title="怒り狂うゴブリン/Raging Goblin">怒り狂うゴブリン</a>などが持つ。
</p>
<ul><li>召喚酔いを無視できる。
<ul><li>詳しくは<a href="/wiki/%E5%8F%AC" title="召喚酔い">召喚酔い</a>を参照(CR:302.6)。</li></ul></li></ul>
<p>引用：<a href="/wiki/%E7%B7%8F" title="総合ルール">総合ルール</a> 20300110.0
</p>
<ul><li>7 その他のルール
<ul><li>702 キーワード能力
<ul><li>702.10 速攻
<ul><li>702.10a 速攻は常在型能力である。</li>
<li>702.10b 速攻を持つクリーチャーは攻撃できる。rule 302.6 参照。</li></ul></li></ul></li></ul></li></ul>
<div class="printfooter">「http://mtgwiki.com/wiki/速攻」から取得</div>
</div></div>
<div id="catlinks" class="catlinks">カテゴリ: キーワード能力</div>
</div></div>
</body></html>
"""


def test_html_page():
    page = read_html(make_doc(HTML, "haste.html"))
    assert page.title == "速攻"
    kinds = [(l.kind, l.depth, l.text) for l in page.lines]
    assert kinds[0] == ("para", 0, "速攻/Haste（そっこう）とは、キーワード能力の一つ。")
    assert ("heading", 2, "解説") in kinds
    assert ("item", 2, "詳しくは召喚酔いを参照(CR:302.6)。") in kinds
    assert not any("取得" in t or "カテゴリ" in t or t == "1 解説" for _, _, t in kinds)
    [(rs, prov)] = page_rulesets(page)
    assert [str(n) for n in rs.rules] == ["702.10", "702.10a", "702.10b"]
    assert rs.get("702.10b").text == "速攻を持つクリーチャーは攻撃できる。rule 302.6 参照。"
    assert prov[N.parse("702.10b")] == (Place("haste.html", 28),)


def test_html_facts_use_link_titles_for_cards():
    result = parse_document(make_doc(HTML, "haste.html"))
    assert result.kind == "wiki-html"
    cards = [(d["ja"], d["en"], d["source"]) for k, d in result.facts if k == "card-pair"]
    assert cards == [("怒り狂うゴブリン", "Raging Goblin", "link")]
    page = next(d for k, d in result.facts if k == "wiki-page")
    assert page["title_en"] == "Haste"


WIKITEXT = """{{Otheruses|キーワード能力|デッキ|速攻 (デッキ)}}
'''速攻'''/''Haste''とは、[[キーワード能力]]の一つ。
{{#card:Raging Goblin}}
==解説==
*[[怒り狂うゴブリン/Raging Goblin]]が持つ。<!-- {{#cr:999}} -->
*召喚酔いについては{{CR|302.6}}と[[CR:302.6|召喚酔い]]を参照。
{{Infobox
|名前=速攻
|CR=[[CR 702.10]]
}}
==引用:総合ルール 20300110.0==
;702. Keyword Abilities
:702.10. Haste
:702.10a Haste is a static ability.
:This paragraph has no number.
==参考==
{{#cr:702}}
"""


def test_wikitext_page():
    page = read_wikitext(WIKITEXT.split("\n"), "haste.wiki")
    assert page.title == "速攻"
    assert [l.text for l in page.lines if l.kind == "heading"] == [
        "解説",
        "引用:総合ルール 20300110.0",
        "参考",
    ]
    inside = [l for l in page.lines if "名前" in (l.raw or "")]  # inside a multi-line template
    assert [(l.kind, l.text, l.line) for l in inside] == [("template", "", 8)]
    [(rs, prov)] = page_rulesets(page)
    assert (rs.release.lang, rs.release.revision) == ("en", None)  # an English quote
    assert [str(n) for n in rs.rules] == ["702.10", "702.10a"]
    assert rs.sections[N(702)].title == "Keyword Abilities"
    assert prov[N.parse("702.10a")] == (Place("haste.wiki", 14),)
    assert rs.get("702.10a").text == "Haste is a static ability."
    assert any("without a rule number under section 702" in w.message for w in rs.warnings)


def test_wikitext_facts():
    result = parse_document(make_doc(WIKITEXT, "haste.wiki"))
    assert result.kind == "wikitext"
    cites = [
        (d["text"], d["syntax"], d["line"], d["commented"])
        for k, d in result.facts
        if k == "citation"
    ]
    assert cites == [
        ("{{#cr:999}}", "cr-function", 5, True),
        ("{{CR|302.6}}", "cr-template", 6, False),
        ("[[CR:302.6|召喚酔い]]", "cr-link", 6, False),
        ("[[CR 702.10]]", "cr-link", 9, False),  # inside a template's parameters
        ("{{#cr:702}}", "cr-function", 17, False),
    ]
    kinds = {k for k, _ in result.facts}
    assert {"wiki-page", "citation", "card-pair", "card", "term-pair", "quote-paragraph"} <= kinds
    assert [(d["ja"], d["en"]) for k, d in result.facts if k == "card-pair"] == [
        ("怒り狂うゴブリン", "Raging Goblin")
    ]
    assert [d["name"] for k, d in result.facts if k == "card"] == ["Raging Goblin"]
    assert [
        (d["line"], d["section"], d["text"]) for k, d in result.facts if k == "quote-paragraph"
    ] == [(15, "702", "This paragraph has no number.")]


DIFF = """2030年1月1日 (火) 10:00時点における版 |
2030年2月1日 (金) 10:00時点における版 |
1行: |
1行: |
− | '''速攻'''/''Haste''とは、古い説明。 | + | '''速攻'''/''Haste''とは、新しい説明。 |
| | | |
− | ==古い節==
| + | ==新しい節== |
− | 消える行1
| + | |
− | 消える行2
| + | |
| ==参考== | | ==参考== |
| + | *[[追加された項目]] |
| + | |
| + | {{#cr:702.10}} |
20行: |
22行: |
| *[[最後の項目]] | | *[[最後の項目]] |
− | {{#cr:502}}
| + | |
"""


def test_diff_view_rebuilds_both_revisions():
    view = read_diff(make_doc(DIFF, "haste-diff.txt"))
    assert (view.left.label, view.right.label) == (
        "2030年1月1日 (火) 10:00時点における版",
        "2030年2月1日 (金) 10:00時点における版",
    )
    assert view.left.lines == [
        (1, "'''速攻'''/''Haste''とは、古い説明。"),
        (2, ""),
        (3, "==古い節=="),
        (4, "消える行1"),
        (5, "消える行2"),
        (6, "==参考=="),
        (20, "*[[最後の項目]]"),
        (21, "{{#cr:502}}"),
    ]
    assert view.right.lines == [
        (1, "'''速攻'''/''Haste''とは、新しい説明。"),
        (2, ""),
        (3, "==新しい節=="),
        (4, "==参考=="),
        (5, "*[[追加された項目]]"),
        (6, ""),
        (7, "{{#cr:702.10}}"),
        (22, "*[[最後の項目]]"),
    ]
    assert view.left.gaps == [(7, 19)] and view.right.gaps == [(8, 21)]
    assert [w.line for w in view.warnings] == [17, 18]


def test_diff_view_facts_keep_the_columns():
    result = parse_document(make_doc(DIFF, "haste-diff.txt"))
    assert result.kind == "wiki-diff"
    cites = [
        (d["text"], d["column"], d["column_label"][:10], d["line"])
        for k, d in result.facts
        if k == "citation"
    ]
    assert cites == [
        ("{{#cr:502}}", "left", "2030年1月1日 ", 21),
        ("{{#cr:702.10}}", "right", "2030年2月1日 ", 7),
    ]
    revs = {d["column"]: d for k, d in result.facts if k == "wiki-revision"}
    assert revs["left"]["lines"][-1] == [21, "{{#cr:502}}"] and revs["right"]["gaps"] == [[8, 21]]
    pages = [d for k, d in result.facts if k == "wiki-page"]
    assert [(p["column"], p["title"], p["title_en"]) for p in pages] == [
        ("left", "速攻", "Haste"),
        ("right", "速攻", "Haste"),
    ]
    left, right = diff_pages(read_diff(make_doc(DIFF, "haste-diff.txt")))
    assert str(left.place(21)) == "haste-diff.txt[left 2030年1月1日 (火) 10:00時点における版]:21"
    assert left.place(21).revision == "2030年1月1日 (火) 10:00時点における版"


def test_unknown_text_is_refused_with_its_name():
    import pytest
    from mtgcr.extract.kinds import UnknownKindError

    with pytest.raises(UnknownKindError, match="notes.txt"):
        parse_document(make_doc("ただのメモです。\n二行目。\n", "notes.txt"))


def test_page_and_citation_facts_round_trip_as_records():
    """Every stored fact of a page reads back as its record and writes the same JSON; a diff
    column's citation knows the line of the diff file it was read from."""
    from mtgcr.extract.wiki.fact_records import CitationFact, fact_from_json

    results = [
        parse_document(make_doc(DIFF, "haste-diff.txt")),
        parse_document(make_doc(WIKITEXT, "haste.wiki")),
        parse_document(make_doc(RENDERED, "haste.txt")),
        parse_document(make_doc(HTML, "haste.html")),
    ]
    seen = set()
    for result in results:
        for kind, d in result.facts:
            assert fact_from_json(kind, d).as_json() == d, kind
            seen.add(kind)
    assert seen >= {"citation", "wiki-page", "term-pair", "card-pair", "card", "wiki-revision"}
    cites = [CitationFact.from_json(d) for k, d in results[0].facts if k == "citation"]
    diff_lines = DIFF.split("\n")
    for c in cites:
        assert c.column in ("left", "right") and c.citation.text in diff_lines[c.file_line - 1]
        assert c.file_line != c.line  # the revision's line is not the diff file's
    assert all(
        CitationFact.from_json(d).source_line is None
        for k, d in results[1].facts
        if k == "citation"
    )
