"""Citations in wiki markup and prose (mtgcr.extract.citations.wiki) and the JA prose forms of
mtgcr.extract.references. Inputs are written here in the wiki's syntaxes."""

import pytest

from mtgcr.extract.citations.wiki import Target, find_citations, template_spans
from mtgcr.extract.references import find_references
from mtgcr.extract.rulenum import RuleNumber as N


def one(text, **kw):
    found = find_citations(text, **kw)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(
    "text, syntax, numbers",
    [
        ("{{#cr:707}}", "cr-function", ["707"]),
        ("{{#CR:108}}", "cr-function", ["108"]),
        ("{{ #cr: 702.19b }}", "cr-function", ["702.19b"]),
        ("{{CR|810}}", "cr-template", ["810"]),
        ("{{CR|702.1|702.2}}", "cr-template", ["702.1", "702.2"]),
        ("[[CR:503.2|種類別]]", "cr-link", ["503.2"]),
        ("[[CR 503.2]]", "cr-link", ["503.2"]),
        ("[[総合ルール/1#100.6|rule 100.6]]", "cr-link", ["100.6"]),
    ],
)
def test_markup_syntaxes(text, syntax, numbers):
    c = one("前 " + text + " 後")
    assert c.syntax == syntax
    assert [str(n) for n in c.numbers] == numbers
    assert c.text == text
    assert ("前 " + text + " 後")[c.start : c.end] == text


def test_link_label_is_not_counted_twice():
    c = one("[[総合ルール/1#100.6|rule 100.6]] 参照")
    assert c.targets == (Target(N.parse("100.6")),)
    c = one("[[総合ルール/7#713|rule 713]]〔差し替えカード〕参照")
    assert c.targets == (Target(N(713), title="差し替えカード"),)


def test_number_by_title_template():
    c = one("({{CR|{{その他のルールのCR番号|オブジェクトのコピー}}.12}})")
    assert c.targets == (Target(None, by_title="オブジェクトのコピー", suffix=".12"),)
    c = one("{{#CR:{{その他のルールのCR番号}}}}")
    assert c.targets[0].by_title == "" and c.targets[0].number is None


def test_commented_citation_is_marked():
    c = one("<!-- {{#CR:{{その他のルールのCR番号}}}}-->")
    assert c.commented
    assert not one("{{#cr:707}} <!-- note -->").commented


def test_prose_forms():
    c = one("共有チーム・ターンの場合(CR:805.8)。", markup=False)
    assert (c.syntax, c.text, [str(n) for n in c.numbers]) == ("cr-prefix", "CR:805.8", ["805.8"])
    c = one("対象の選択は、呪文を唱える際に行う。rule 601.2c 参照。", markup=False)
    assert (c.syntax, c.text) == ("rule", "rule 601.2c")
    c = one("差し替えカードを用いる(rule 713〔差し替えカード〕参照)。", markup=False)
    assert c.targets == (Target(N(713), title="差し替えカード"),)


def test_ranges_with_any_dash_and_letter_ranges():
    for dash in "-–—〜~－":
        c = one(f"rules 712.1{dash}712.21 参照")
        assert c.targets == (Target(N.parse("712.1"), N.parse("712.21")),)
    c = one("rule 903.9b-c 参照")
    assert c.targets == (Target(N.parse("903.9b"), N.parse("903.9c")),)
    assert c.text == "rule 903.9b-c"


def test_several_numbers_in_one_reference():
    c = one("(rule 701.28〔変身する〕、rule 701.50〔トランスフォーム〕参照)")
    assert [(str(t.number), t.title) for t in c.targets] == [
        ("701.28", "変身する"),
        ("701.50", "トランスフォーム"),
    ]
    c = one("See rules 702.1, 702.2, and 702.3.")
    assert [str(n) for n in c.numbers] == ["702.1", "702.2", "702.3"]


def test_chapter_references():
    c = one("rule 8〔多人数戦ルール〕参照", markup=False)
    assert c.targets == (Target(None, title="多人数戦ルール", chapter=8),)
    c = one("[[総合ルール/8|rule 8]]〔多人数戦ルール〕参照")
    assert c.targets[0].chapter == 8 and c.targets[0].title == "多人数戦ルール"
    assert find_citations("rule 801 参照", markup=False)[0].numbers == [N(801)]


def test_full_width_digits_match_but_text_keeps_them():
    c = one("ｒｕｌｅ ７１２．１ 参照", markup=False)
    assert c.numbers == [N.parse("712.1")]
    assert c.text == "ｒｕｌｅ ７１２．１"


def test_line_number_is_recorded_and_json_shape():
    c = one("{{#cr:503}}", line=37)
    assert c.line == 37
    assert c.as_json() == {
        "text": "{{#cr:503}}",
        "syntax": "cr-function",
        "start": 0,
        "end": 11,
        "line": 37,
        "commented": False,
        "targets": [
            {
                "number": "503",
                "last": None,
                "title": None,
                "by_title": None,
                "suffix": "",
                "chapter": None,
                "start": 0,
                "end": 11,
            }
        ],
    }


def test_not_citations():
    assert find_citations("第1面シンボルは太陽である。2人対戦。20231117.0", markup=False) == []
    assert find_citations("{{#card:Clone}} {{Otheruses|ルール用語|コピーデッキ}}") == []


def test_template_spans_nest():
    text = "a {{CR|{{X|y}}.12}} b {{#cr:707}} {{open"
    assert [text[a:b] for a, b in template_spans(text)] == [
        "{{CR|{{X|y}}.12}}",
        "{{#cr:707}}",
        "{{open",
    ]


def test_references_bare_numbers_before_sanshou():
    # the JA glossary: no keyword, the number followed by 参照 or 〔title〕
    refs = find_references("対象にすること。700.13. 参照。")
    assert [str(r.first) for r in refs] == ["700.13"]
    refs = find_references("解明完了能力を持つ。 719〔事件カード〕参照。")
    assert [(str(r.first), r.title) for r in refs] == [("719", "事件カード")]
    assert find_references("2人対戦と多人数戦が含まれる。100 人") == []


def test_each_target_knows_its_own_span():
    text = "(rule 701.28〔変身する〕、rule 701.50〔トランスフォーム〕参照)"
    [c] = find_citations(text, markup=False)
    assert [text[t.start : t.end] for t in c.targets] == [
        "rule 701.28〔変身する〕",
        "rule 701.50〔トランスフォーム〕",
    ]
    text = "*{{CR|109.2| 110 }} と {{#cr:503}}、[[CR:503.2|種類別]]、rule 903.9b-c"
    spans = [[text[t.start : t.end] for t in c.targets] for c in find_citations(text)]
    assert spans == [["109.2", "110"], ["{{#cr:503}}"], ["[[CR:503.2|種類別]]"], ["rule 903.9b-c"]]
