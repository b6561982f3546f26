"""The bilingual Markdown edition: unit tests on a fixture written in its shape
(tests/fixtures/zh_markdown), and an integration test on ../shared/corpus/zh/markdown."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from helpers import CORPUS, need
from mtgcr.extract.provenance import Place
from mtgcr.corpus.document import load_document
from mtgcr.extract.registry import parse_document
from mtgcr.extract.rulenum import RuleNumber

FIX = Path(__file__).parents[2] / "fixtures" / "zh_markdown"


def _two(path: Path):
    res = parse_document(load_document(path))
    assert res.kind == "cr-markdown"
    (zh, o1, prov), (en, o2, _) = res.rulesets
    assert o1 == o2 == f"markdown:{path.stem}"
    return res, zh, en, prov


def test_chapter_file_both_languages():
    res, zh, en, prov = _two(FIX / "7.md")
    assert (zh.release.lang, en.release.lang) == ("zh", "en")
    # a chapter file states no date: the edition's, from index.md beside it
    assert zh.release.label == en.release.label == "20300110"
    assert zh.release.effective_date == date(2030, 1, 10)
    assert [w.message for w in res.warnings] == [
        "no date in this file; the edition's date is taken from index.md beside it"
    ]
    assert not zh.complete and not en.complete
    assert [(c.number, c.title) for c in zh.chapters] == [(7, "附加规则")]
    assert [(c.number, c.title) for c in en.chapters] == [(7, "Additional Rules")]
    n = RuleNumber(799)
    assert (zh.sections[n].title, en.sections[n].title) == ("测试规则", "Fixture Rules")
    assert (
        [str(x) for x in zh.rules]
        == [str(x) for x in en.rules]
        == ["799.1", "799.1a", "799.2", "799.2a"]
    )
    assert zh.get("799.1").text == "这是一条测试规则。参见规则601.2b。"  # the link keeps its label
    assert en.get("799.1").text == "This is a fixture rule. See rule 601.2b."
    assert zh.get("799.1a").text == "万智牌的测试子规则，支付{2}。"  # emphasis dropped
    assert [e.text for e in zh.get("799.1a").examples] == ["一位牌手支付{2}。"]
    assert [e.text for e in en.get("799.1a").examples] == ["A player pays {2}."]
    # a keyword rule written as a heading with both names
    assert (zh.get("799.2").text, en.get("799.2").text) == ("测试异能", "Fixture Ability")
    assert zh.get("799.2a").text == "测试异能是一种关键字异能（Example.Wizards.com）。"
    assert prov[RuleNumber.parse("799.1a")] == (Place("7.md", 8),)


def test_glossary_and_index():
    _, zh, en, _ = _two(FIX / "glossary.md")
    assert [(g.term, g.original) for g in zh.glossary] == [
        ("测试", "Fixture"),
        ("Oracle", "Oracle"),
    ]
    assert [(g.term, g.text) for g in en.glossary] == [
        ("Fixture", "An object used for tests. See rule 799."),
        ("Oracle", "The card reference."),
    ]
    assert zh.glossary[0].text == "用于测试的物件。参见规则799。"
    res, zh, en, _ = _two(FIX / "index.md")
    assert res.warnings == [] and zh.release.label == "20300110"
    assert (zh.sections[RuleNumber(799)].title, en.sections[RuleNumber(799)].title) == (
        "测试规则",
        "Fixture Rules",
    )


def test_pairs_with_its_english_half():
    from mtgcr.crossref.translation.langpair import pair_rulesets

    _, zh, en, _ = _two(FIX / "7.md")
    p = pair_rulesets(zh, en)
    assert p.exceptions() == [] and p.rate == 1.0
    assert {str(x.number): x.status for x in p.pairs} == {
        "799.1": "verified",
        "799.1a": "verified",
        "799.2": "unverified",
        "799.2a": "unverified",
    }


@pytest.mark.integration
def test_real_edition_matches_the_plain_text_releases():
    """Integration (reads ../shared): the nine chapter files hold every rule of 20260417; the
    English half equals EN 20260417 rule for rule; the Chinese half equals the ZH plain text
    of 20260417 for all but one rule, where the two editions differ."""
    from mtgcr.crossref.identify import text_key
    from mtgcr.crossref.translation.langpair import pair_rulesets
    from mtgcr.extract.formats.cr_text import parse_cr_text

    md = need(CORPUS / "zh" / "markdown")
    zh_rules, en_rules = {}, {}
    for ch in range(1, 10):
        _, zh, en, _ = _two(md / f"{ch}.md")
        assert zh.release.label == "20260417"
        zh_rules.update(zh.rules)
        en_rules.update(en.rules)
    en_plain = parse_cr_text(load_document(need(CORPUS / "en" / "normalized" / "20260417_En.txt")))
    zh_plain = parse_cr_text(load_document(need(CORPUS / "zh" / "plain_text" / "20260417_Zh.txt")))
    assert list(en_rules) == list(en_plain.rules) and len(en_rules) == 3138

    def same(a, b):
        return text_key(a.text) == text_key(b.text) and [text_key(e.text) for e in a.examples] == [
            text_key(e.text) for e in b.examples
        ]

    assert all(same(en_rules[n], r) for n, r in en_plain.rules.items())
    differ = sorted((n for n, r in zh_plain.rules.items() if not same(zh_rules[n], r)))
    assert [str(n) for n in differ] == ["202.1"]  # "（参见规则107.4）" vs "（参见规则107.4.）"
    assert len(differ) / len(zh_plain.rules) < 0.005
    # the glossary: 727 entries, each with its English headword
    _, zh_g, en_g, _ = _two(md / "glossary.md")
    assert len(zh_g.glossary) == len(en_g.glossary) == 727
    assert zh_g.define("Ability").term == "异能"
    # and the two halves pair
    zh_all = zh_plain.__class__(release=zh_plain.release, source="md", complete=False)
    zh_all.rules = zh_rules
    en_all = en_plain.__class__(release=en_plain.release, source="md", complete=False)
    en_all.rules = en_rules
    p = pair_rulesets(zh_all, en_all)
    assert p.exceptions() == [] and p.rate == 1.0
