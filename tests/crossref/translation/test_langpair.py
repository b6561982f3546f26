"""mtgcr.crossref.translation.langpair on small rulesets written for these tests (ZH-like and JA-like texts)."""

from __future__ import annotations

from datetime import date

from align_helpers import lang_ruleset as _rs
from mtgcr.crossref.translation.langpair import (
    compare_evidence,
    english_counterpart,
    evidence,
    pair_rulesets,
)
from mtgcr.extract.model import ParseWarning, Release, Rule
from mtgcr.extract.rulenum import RuleNumber


EN = {
    "701.1": "Draw a card. See rule 121.1.",
    "701.2": "A player loses 2 life and draws three cards.",
    "701.3": "To activate, pay {2}{R} and {T}.",
    "701.4": ("Mindslaver lets you control a player.", ["Sorin Markov does this too."]),
    "701.5": "Nothing to check here.",
}


def test_evidence_kinds():
    ev = evidence(
        "参见规则601.2b与规则601.2f-h。支付{2}{R}，获得3点生命。Oracle牌张参考文献（译注：Lorem）",
        english=False,
        note_re=__import__("re").compile(r"（译注：[^）]*）"),
    )
    assert set(ev.refs) == {"601.2b", "601.2f", "601.2h"}
    assert set(ev.symbols) == {"{2}", "{R}"}
    assert set(ev.numerals) == {"3"}
    assert ev.latin == ("oracle",)  # the note's Latin word is gone
    en = evidence("Players lose two life; exactly 100 cards. See rules 601.2b and 601.2f–h.", True)
    assert set(en.refs) == {"601.2b", "601.2f", "601.2h"}
    assert en.numerals == {"100": 1}  # a bare "100" is a numeral, not section 100
    assert "2" in en.number_words


def test_full_width_and_thousands():
    ev = evidence("ルール７０１．２ａ参照。999,999回", english=False)
    assert set(ev.refs) == {"701.2a"} and set(ev.numerals) == {"999999"}


def test_verified_unverified_and_differs():
    en = _rs("en", "20300110", EN)
    zh = _rs(
        "zh",
        "20300110",
        {
            "701.1": "抓一张牌。参见规则121.1。",
            "701.2": "一位牌手失去2点生命并抓三张牌。",  # "three" is a word: 2 agrees
            "701.3": "起动时，支付{2}{R}与{横置}。",  # {横置} excuses the missing {T}
            "701.4": ("Mindslaver让你操控一位牌手。", ["Sorin Markov也可以。"]),
            "701.5": "这里没有可检查的东西。",
        },
    )
    p = pair_rulesets(zh, en)
    status = {str(x.number): x.status for x in p.pairs}
    assert status == {
        "701.1": "verified",
        "701.2": "verified",
        "701.3": "verified",
        "701.4": "verified",
        "701.5": "unverified",
    }
    assert p.rate == 1.0 and p.exceptions() == []
    p4 = next(x for x in p.pairs if str(x.number) == "701.4")
    assert p4.agree == 3  # two Latin names and the example count
    zh.rules[RuleNumber.parse("701.1")].text = "抓一张牌。参见规则121.2。"
    p = pair_rulesets(zh, en)
    x = next(x for x in p.pairs if str(x.number) == "701.1")
    assert x.status == "differs" and p.rate == 1.0
    assert x.details == ["EN cites 121.1, translation does not", "cites 121.2, EN does not"]
    assert p.differences() == [
        ("701.1", "EN cites 121.1, translation does not; cites 121.2, EN does not")
    ]


def test_shifted_numbering_is_a_conflict():
    en = _rs("en", "20300110", EN)
    # the translator numbered 701.2's text as 701.1 and 701.3's as 701.2 (a shifted block)
    tr = _rs(
        "zh", "20300110", {"701.1": "牌手失去2点生命并抓3张牌。", "701.2": "支付{2}{R}与{T}。"}
    )
    tr.complete = False
    p = pair_rulesets(tr, en)
    c = {str(x.number): (x.status, x.better_number and str(x.better_number)) for x in p.pairs}
    assert c == {"701.1": ("conflict", "701.2"), "701.2": ("conflict", "701.3")}
    assert p.exceptions()[0] == (
        "701.1",
        "conflict: EN cites 121.1, translation does not; "
        "numeral 2 not in EN; numeral 3 not in EN; "
        "fits EN 701.2 better",
    )
    assert p.rate < 0.5


def test_missing_extra_and_duplicated_numbers():
    en = _rs("en", "20300110", EN)
    zh = _rs(
        "zh",
        "20300110",
        {
            "701.1": "抓一张牌。参见规则121.1。",
            "701.2": "失去2点生命。",
            "701.3": "支付{2}{R}与{T}。",
            "701.5": "无。",
            "701.6": "多出来的。",
        },
    )
    zh.warnings.append(ParseWarning.duplicate_rule(zh.source, 40, RuleNumber.parse("701.3"), 3))
    en.rules[RuleNumber.parse("701.3a")] = Rule(RuleNumber.parse("701.3a"), "A subrule.", 9)
    p = pair_rulesets(zh, en)
    assert p.exceptions() == [
        ("701.3a", "missing in translation"),
        ("701.4", "missing in translation (its number printed as 701.3, line 40)"),
        ("701.6", "no EN rule of this number"),
    ]
    zh.warnings[0] = ParseWarning.duplicate_rule(zh.source, 40, RuleNumber.parse("701.3b"), 3, "x")
    assert pair_rulesets(zh, en).exceptions()[0] == (
        "701.3a",
        "missing in translation (its number printed as 701.3b, line 40)",
    )
    # a misprint the parser read as the number its position demands
    zh.warnings[0] = ParseWarning.misprint(
        zh.source, 41, "701.3", RuleNumber.parse("701.4"), "701.3"
    )
    assert (
        zh.warnings[0].message
        == "rule number 701.3 misprinted: it stands after 701.3; read as 701.4"
    )
    zh.rules[RuleNumber.parse("701.4")] = Rule(RuleNumber.parse("701.4"), "Mindslaver。", 41)
    p = pair_rulesets(zh, en)
    assert p.repairs() == [("701.4", "printed as 701.3, line 41")]
    assert [n for n, _ in p.exceptions()] == ["701.3a", "701.6"]
    del zh.rules[RuleNumber.parse("701.4")]
    # a partial quote: absent EN rules are "not quoted", not exceptions
    zh.complete = False
    p = pair_rulesets(zh, en)
    assert [n for n, _ in p.exceptions()] == ["701.6"]
    assert [str(n) for n in p.only_english] == ["701.3a", "701.4"]
    assert p.total == 5 and p.rate == 4 / 5


def test_stale_translation_fits_an_older_release():
    old = _rs("en", "20300110", {"701.1": "Draw a card. See rule 121.1.", "701.2": "Lose 2 life."})
    new = _rs("en", "20300405", {"701.1": "Draw a card. See rule 121.2.", "701.2": "Lose 3 life."})
    tr = _rs("zh", "20300405", {"701.1": "抓一张牌。参见规则121.1。", "701.2": "失去2点生命。"})
    p = pair_rulesets(tr, new, [old])
    assert [x.better_release for x in p.pairs] == ["20300110", "20300110"]
    assert p.better_release is not None and p.better_release.label == "20300110"
    assert [f.label for f in p.fits] == ["20300110", "20300405"]


def test_a_quote_without_examples_is_not_against_its_rule():
    en = _rs("en", "20300110", EN)
    quote = _rs("ja", "20300110", {"701.4": "《精神隷属器》/Mindslaver は……"}, complete=False)
    p = pair_rulesets(quote, en)
    assert (p.pairs[0].status, p.pairs[0].details) == ("verified", [])
    quote.complete = True  # a complete translation that drops an example does differ
    assert pair_rulesets(quote, en).pairs[0].details == ["0 examples, EN has 1"]


def test_weak_evidence_does_not_move_a_pair():
    en = _rs("en", "20300110", EN)
    # one numeral that fits the neighbour is not enough to call the pair wrong
    tr = _rs("zh", "20300110", {"701.1": "牌手失去2点生命。"}, complete=False)
    x = pair_rulesets(tr, en).pairs[0]
    assert (x.status, x.better_number) == ("differs", None)
    # "1" where English says "a", keywords and URLs are no evidence; "create" fits "created"
    tr_ev = evidence(
        "rule 8〔多人数戦〕参照。カード1枚を生成／create する。https://locator.wizards.com/",
        english=False,
    )
    en_ev = evidence("See section 8. A card is created.", english=True)
    assert compare_evidence(tr_ev, en_ev) == (2, 0, [])


def test_compare_evidence_symmetric_bare_section():
    tr = evidence("参见704。", english=False)
    en = evidence("See rule 704.", english=True)
    assert compare_evidence(tr, en)[:2] == (1, 0)


def test_english_counterpart_by_label_then_date():
    rels = [
        Release("en", "20170707", date(2017, 7, 8)),
        Release("en", "20171117", date(2017, 11, 17)),
    ]
    ru = Release("ru", "20170708", date(2017, 7, 8))
    assert english_counterpart(ru, rels).label == "20170707"
    assert english_counterpart(Release("zh", "20171117"), rels).label == "20171117"
    assert english_counterpart(Release("ru", "20990101", date(2099, 1, 1)), rels) is None
