"""The translation kit's carry (crossref/translation/carry*.py) on the bundled sample corpus
and a Chinese translation of its 2030-01-10 release written for these tests in the line
format of the community ZH files (tests/data/zh_sample_20300110.txt): every class of change
the sample's alignment 2030-01-10 → 2030-04-05 has, checked unit by unit against the texts."""

from __future__ import annotations

from pathlib import Path

import pytest

import mtgcr
from mtgcr.corpus import sample
from mtgcr.crossref.translation.carry_glossary import pair_glossary
from mtgcr.crossref.translation.carry_model import CarryClass, QaKind, UnitKind, UnitState
from mtgcr.crossref.translation.carry_refs import rewrite_citations
from mtgcr.errors import BadArgument, NotFound
from mtgcr.extract.model import GlossaryEntry

ZH = Path(__file__).parents[2] / "data" / "zh_sample_20300110.txt"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    cr = mtgcr.open(tmp_path_factory.mktemp("kit") / "s.sqlite")
    cr.ingest(sample.path())
    assert cr.ingest(ZH).count("ingested") == 1
    return cr


@pytest.fixture(scope="module")
def kit(corpus):
    return corpus.translation_kit("zh", "20300110", "2030-04-05")


def unit(kit, suffix: str):
    return kit.by_id()[f"en:2030-04-05:{suffix}"]


def test_units_cover_every_piece_of_the_new_release_in_order(kit):
    en = kit.english_new
    assert (en.label, en.name) == ("20300405", "2030-04-05")
    kinds = [u.kind for u in kit.units]
    assert kinds.count(UnitKind.RULE) == 17  # 11 rules + 6 subrules of 2030-04-05
    assert kinds.count(UnitKind.EXAMPLE) == 3
    assert kinds.count(UnitKind.SECTION) == 6 and kinds.count(UnitKind.CHAPTER) == 2
    assert kinds.count(UnitKind.GLOSSARY_TERM) == kinds.count(UnitKind.GLOSSARY_TEXT) == 5
    assert [u.id for u in kit.units[:4]] == [
        "en:2030-04-05:front:title",
        "en:2030-04-05:front:date",
        "en:2030-04-05:front:introduction",
        "en:2030-04-05:front:contents-heading",
    ]
    assert len(kit.by_id()) == len(kit.units)  # ids are unique
    assert [u.order for u in kit.units] == list(range(len(kit.units)))


def test_reference_only_change_is_carried_with_the_number_rewritten(kit):
    u = unit(kit, "100.1b")  # EN: "See rule 701.2." → "See rule 702.2."
    assert u.carry is CarryClass.REFERENCES
    assert u.target == "多人游戏以三位或更多牌手开始。参见规则702.2。"
    assert [(r.old, r.new) for r in u.rewrites] == [("701.2", "702.2")]
    assert u.state is UnitState.FINAL and u.pair_status == "verified"


def test_renumbered_rules_keep_their_translation(kit):
    u = unit(kit, "101.3")
    assert (u.carry, u.old_number, u.target) == (
        CarryClass.RENUMBERED,
        "101.2",
        "先手牌手随机决定。",
    )
    ex = unit(kit, "702.2:example-1")  # the rule was reworded, its examples were not
    assert (ex.carry, ex.old_number, ex.state) == (
        CarryClass.RENUMBERED,
        "701.2",
        UnitState.TRANSLATED,
    )
    assert unit(kit, "703").target == "以太衍生物"  # a renumbered section heading


def test_changed_texts_are_suggestions_with_the_en_diff(kit):
    u = unit(kit, "100.2")  # forty → sixty
    assert (u.carry, u.state) == (CarryClass.MODIFIED, UnitState.NEEDS_REVIEW)
    assert u.target == "每位牌手带一副至少四十张牌的套牌。"
    s = u.suggestion
    assert s is not None and s.source == "Each player brings a deck of at least forty cards."
    assert s.diff_text() == "Each player brings a deck of at least [-forty-]{+sixty+} cards."
    assert 0.8 < s.similarity < 1.0 and s.origin == "zh 2030-01-10 100.2"
    split = [unit(kit, "101.1"), unit(kit, "101.2")]  # 101.1 of 2030-01-10, divided
    assert {(u.carry, u.old_number) for u in split} == {(CarryClass.SPLIT, "101.1")}


def test_new_rules_sections_and_glossary_entries_are_empty(kit):
    for suffix in ("701", "701.1", "701.1a", "glossary:sample-counter:term"):
        u = unit(kit, suffix)
        assert (u.carry, u.state, u.target) == (CarryClass.NEW, UnitState.EMPTY, "")


def test_glossary_definitions_carry_their_renumbered_references(kit):
    u = unit(kit, "glossary:control:definition")
    assert u.target == "决定如何使用物件的牌手。参见规则702.1。"
    assert u.carry is CarryClass.REFERENCES
    assert unit(kit, "glossary:control:term").target == "操控，操控者"
    assert kit.terms["Control"] == "操控，操控者"  # the EN headword without its alias


def test_front_matter_date_is_restated(kit):
    u = unit(kit, "front:date")
    assert u.source == "These rules are effective as of April 5, 2030."
    assert u.target == "此规则于2030年4月5日起生效。"
    assert unit(kit, "front:glossary-heading").target == "词汇表"


def test_summary_and_worklist(kit):
    s = kit.summary()
    assert (s.units, s.review, s.new) == (len(kit.units), 10, 5)
    assert s.rewritten == 4  # 100.1b and three glossary definitions
    work = kit.worklist()
    assert [u.label for u in work][:3] == ["100.2", "100.2 example 1", "100.3"]
    assert all(u.for_human or u.qa for u in work)


def test_term_hints_name_the_glossary_pair(kit):
    u = unit(kit, "702.1")
    assert [(h.en, h.target, h.concept) for h in u.hints] == [
        ("Control", "操控，操控者", "en-glossary-control")
    ]


def test_bad_requests(corpus):
    with pytest.raises(NotFound, match="carries a translation"):
        corpus.translation_kit("en", "2030-01-10", "2030-04-05")
    with pytest.raises(BadArgument, match="not later than"):
        corpus.translation_kit("zh", "20300110", "2030-01-10")


# -- rewriting cited numbers -----------------------------------------------------------------


def test_rewrite_only_when_every_piece_of_evidence_agrees():
    table = {"726": "727", "723": "724"}
    r = rewrite_citations("（参见规则726）", "(see rule 726)", "(see rule 727)", table)
    assert r.text == "（参见规则727）" and not r.qa
    # EN itself kept the old number (EN 2024-02-02 801.17): kept, and said
    r = rewrite_citations("参见规则723。", "See rule 723.", "See rule 723.", table)
    assert r.text == "参见规则723。" and [q.kind for q in r.qa] == [QaKind.EN_STALE]
    # the translation was already stale: it cites what EN did not
    r = rewrite_citations("参见规则115.6。", "See rule 115.7.", "See rule 115.7.", table)
    assert r.text == "参见规则115.6。"
    assert [q.kind for q in r.qa] == [QaKind.STALE_REFERENCE] and "115.7" in r.qa[0].text
    # a translation that already cites EN's new number is right
    r = rewrite_citations("参见规则724。", "See rule 723.", "See rule 724.", table)
    assert r.text == "参见规则724。" and not r.qa and not r.rewrites
    # the short end of a range cannot be rewritten in place
    r = rewrite_citations(
        "参见规则903.6-11。",
        "See rules 903.6–903.11.",
        "See rules 903.6–903.12.",
        {"903.11": "903.12"},
    )
    assert r.text == "参见规则903.6-11。" and [q.kind for q in r.qa] == [QaKind.NOT_REWRITTEN]
    # numerals that are no references stay
    r = rewrite_citations("至少726张牌。", "at least 726 cards", "at least 726 cards", table)
    assert r.text == "至少726张牌。" and not r.rewrites


# -- the glossary pairing ----------------------------------------------------------------------


def G(term: str, text: str, original: str | None = None) -> GlossaryEntry:
    return GlossaryEntry(term, (), text, 1, original=original)


def test_glossary_pairing_by_cited_rules_even_when_swapped():
    en = [G("Keyword Action", "See rule 701."), G("Keyword Counter", "See rule 122.1b.")]
    zh = [G("关键字指示物", "参见规则122.1b。"), G("关键字动作", "参见规则701。")]  # swapped
    p = pair_glossary(zh, en)
    assert {k: v.term for k, v in p.pairs.items()} == {
        "Keyword Action": "关键字动作",
        "Keyword Counter": "关键字指示物",
    }
    assert set(p.how.values()) == {"cited rules"}


def test_glossary_pairing_by_original_and_by_order():
    en = [G("Abandon", "See rule 701.33."), G("Ability", "Text."), G("Absorb", "See rule 702.64.")]
    ja = [
        G("放棄", "701.33 参照。", "Abandon"),
        G("能力", "文章。", "Ability"),
        G("吸収", "702.64 参照。", "Absorb"),
    ]
    assert set(pair_glossary(ja, en).how.values()) == {"original"}
    zh = [G("撤废", "参见规则701.33。"), G("异能", "叙述。"), G("抵受", "参见规则702.64。")]
    p = pair_glossary(zh, en)
    assert (p.pairs["Ability"].term, p.how["Ability"]) == ("异能", "order")
    # two unpaired entries between the same anchors whose citations contradict stay unpaired
    en2 = en[:1] + [G("B", "See rule 100."), G("C", "Text.")] + en[2:]
    zh2 = zh[:1] + [G("乙", "参见规则101。"), G("丙", "参见规则102。")] + zh[2:]
    p2 = pair_glossary(zh2, en2)
    assert p2.unpaired == ["B", "C"]
    # … but a translation that leaves a citation out does not contradict (ZH 拼造/Improvise)
    zh3 = zh[:1] + [G("乙", "叙述。"), G("丙", "叙述。")] + zh[2:]
    p3 = pair_glossary(zh3, en2)
    assert (p3.unpaired, p3.pairs["B"].term, p3.how["C"]) == ([], "乙", "order")
