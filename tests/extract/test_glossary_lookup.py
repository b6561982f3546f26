"""Finding a translated glossary entry by reading, English original or EN alias
(mtgcr.extract.glossary_lookup), on small glossaries written here in the JA / ZH / EN shapes."""

from __future__ import annotations

from mtgcr.extract.glossary_lookup import find_entry, reading_of, script_of, suggestions
from mtgcr.extract.model import GlossaryEntry as G

JA = [
    G(
        "相棒",
        (),
        "…キーワード能力。rule 702.139〔相棒〕参照。",
        10,
        heading="相棒（あいぼう）／Companion",
        original="Companion",
    ),
    G(
        "キッカー",
        (),
        "…rule 702.33〔キッカー〕参照。",
        20,
        heading="キッカー（きっかー）／Kicker",
        original="Kicker",
    ),
    G(
        "コントロール、コントローラー",
        (),
        "…rule 108.4 参照。",
        30,
        heading="コントロール、コントローラー（こんとろーる）／Control/Controller",
        original="Control/Controller",
    ),
]
EN = [
    G("Companion", (), "A keyword ability … See rule 702.139, “Companion.”", 5),
    G("Control, Controller", ("Controller",), "… See rule 108.4.", 6),
    G("Kicker", ("Kicked",), "A keyword ability … See rule 702.33, “Kicker.”", 7),
    G("Trample", (), "A keyword ability … See rule 702.19, “Trample.”", 8),
    G("Trample Over Planeswalkers", (), "… See rule 702.19c.", 9),
]
ZH = [
    G("同伴", (), "一个关键字异能……参见规则702.139，“同伴”。", 1),
    G("操控，操控者", (), "……参见规则108.4。", 2),
    G("增幅", (), "一个关键字异能……参见规则702.33，“增幅”。", 3),
    G("践踏", (), "一个关键字异能，影响生物如何分配战斗伤害。参见规则702.19，“践踏”。", 4),
    G("践踏鹏洛客", (), "……参见规则702.19c。", 5),
]


def test_reading_and_script():
    assert reading_of(JA[0]) == "あいぼう"
    assert [script_of(x) for x in ("Kicked", "あいぼう", "相棒", "アイボウ")] == [
        "latin",
        "kana",
        "cjk",
        "kana",
    ]


def test_ja_by_reading_original_and_english_alias():
    assert find_entry(JA, "あいぼう").entry.term == "相棒"
    assert find_entry(JA, "アイボウ").how == "reading"
    assert find_entry(JA, "kicker").how == "original"
    assert find_entry(JA, "Controller").entry is JA[2]  # one part of Control/Controller
    assert find_entry(JA, "Kicked") is None  # no EN glossary to carry the alias
    f = find_entry(JA, "Kicked", EN)
    assert (f.entry.term, f.how, f.via.term) == ("キッカー", "english", "Kicker")


def test_zh_by_the_rules_the_english_entry_cites():
    f = find_entry(ZH, "Trample", EN)
    assert (f.entry.term, f.how) == ("践踏", "english-references")
    assert find_entry(ZH, "Trample Over Planeswalkers", EN).entry.term == "践踏鹏洛客"
    assert find_entry(ZH, "Kicked", EN).entry.term == "增幅"
    assert find_entry(ZH, "Trample") is None


def test_suggestions_are_in_the_script_of_the_query():
    assert suggestions(JA, "Kickr", EN)[0] == "キッカー／Kicker"
    assert suggestions(ZH, "Trampel", EN)[0] == "Trample"
    assert all(not any("a" <= c <= "z" for c in s) for s in suggestions(ZH, "践", EN))
    assert "相棒（あいぼう）" in suggestions(JA, "あいぼ")
