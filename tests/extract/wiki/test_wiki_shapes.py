"""Wiki material in the shapes editors copy it (issue 27): a quote block alone (its header
``引用：総合ルール 20231117.0`` first, no page title) and HTML copied without its page (list
items with ``<ruby>`` readings) are read as wiki pages, never refused as a CR without a date.
Texts written for the tests in the mtgwiki.com shapes."""

from __future__ import annotations

from helpers import make_doc
from mtgcr.extract.registry import parse_document
from mtgcr.extract.rulenum import RuleNumber

BARE_QUOTE = """引用：総合ルール 20231117.0

• 7 その他のルール
  • 712 両面カード
    • 712.1 両面カードとは、両方の面にマジックのカードの面があるカードである。
    • 712.2 変身する両面カードは、その一方の面にそのカードを「変身／transform」させる能力を持つ。
      • 712.2a 変身する両面カードの第1面には、第1面シンボルが記されている。
"""

RUBY_QUOTE = """<p>引用：総合ルール 20231117.0</p>
<ul>
<li>7 その他のルール
<ul>
<li>712 両面カード
<ul>
<li>712.1 両面カードとは、両方の面にマジックのカードの面がある<ruby>物<rp>(</rp><rt>もの</rt><rp>)</rp></ruby>である。</li>
<li>712.2 変身する両面カードは、<ruby>第<rt>だい</rt></ruby>1面を持つ。</li>
</ul></li></ul></li></ul>
"""


def test_a_bare_quote_block_is_wiki_material():
    res = parse_document(make_doc(BARE_QUOTE, "quote.txt"))
    assert res.kind == "wiki-rendered"
    ((rs, origin, prov),) = res.rulesets
    assert (rs.release.lang, rs.release.label, rs.release.revision, origin) == (
        "ja",
        "20231117",
        "0",
        "wiki",
    )
    assert [str(n) for n in rs.rules] == ["712.1", "712.2", "712.2a"]
    assert prov[RuleNumber.parse("712.2a")][0].line == 7


def test_html_list_items_with_ruby_are_wiki_material():
    res = parse_document(make_doc(RUBY_QUOTE, "quote.html"))
    assert res.kind == "wiki-html"
    ((rs, _, _),) = res.rulesets
    # the <ruby> base is the text; its reading (<rt>) and brackets (<rp>) are not
    assert rs.get("712.1").text == "両面カードとは、両方の面にマジックのカードの面がある物である。"
    assert rs.get("712.2").text == "変身する両面カードは、第1面を持つ。"
    # copied without the quote header: still wiki material (no release to file its rules
    # under), not refused as a CR text without a date
    bare = RUBY_QUOTE.replace("<p>引用：総合ルール 20231117.0</p>\n", "")
    res = parse_document(make_doc(bare, "items.html"))
    assert res.kind == "wiki-html" and res.rulesets == []
