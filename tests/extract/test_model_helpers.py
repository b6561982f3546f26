"""The model's small helpers: release names and JSON, rule text with examples, loading a stored
release, the English release of a translation (files written for the tests)."""

from __future__ import annotations

from datetime import date

from helpers import make_doc
from crfile import cr_text
from mtgcr.corpus.store import Store
from mtgcr.crossref.align.matching import full_text
from mtgcr.crossref.translation.langpair import english_release
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.model import Example, Release, Rule
from mtgcr.extract.records import load_release, load_ruleset, to_record
from mtgcr.extract.rulenum import RuleNumber


def test_release_name_json_and_store_row():
    rel = Release("ja", "20231117", date(2023, 11, 17), "0")
    assert rel.name == "2023-11-17" and Release("en", "20310303").name == "20310303"
    assert rel.as_json() == {
        "effective_date": "2023-11-17",
        "label": "20231117",
        "lang": "ja",
        "revision": "0",
    }
    assert Release.from_json(rel.as_json()) == rel
    assert Release.from_json(Release("en", "20310303").as_json()) == Release("en", "20310303")


def test_rule_text_with_examples():
    rule = Rule(RuleNumber.parse("100.1"), "Text.", 3, [Example("One.", 5), Example("Two.", 7)])
    assert rule.text_with_examples() == "Text.\nOne.\nTwo."
    assert rule.text_with_examples("Example: ") == "Text.\nExample: One.\nExample: Two."
    assert full_text(rule) == rule.text_with_examples("Example: ")
    assert Rule(RuleNumber.parse("100.2"), "Alone.", 9).text_with_examples("Example: ") == "Alone."


def test_load_release_and_the_english_release_of_a_translation(tmp_path):
    en = parse_cr_text(make_doc(cr_text(), "MagicCompRules 20310303.txt"))
    zh = parse_cr_text(make_doc(cr_text(), "MagicCompRules 20310303.txt"))
    zh.release = Release("zh", en.release.label, en.release.effective_date)
    other = parse_cr_text(
        make_doc(
            cr_text(date="These rules are effective as of May 5, 2031."),
            "MagicCompRules 20310505.txt",
        )
    )
    with Store(tmp_path / "s.sqlite") as st:
        st.add_document(make_doc("en"), "cr-text", [to_record(en)])
        st.add_document(make_doc("en2"), "cr-text", [to_record(other)])
        st.add_document(make_doc("zh"), "cr-text", [to_record(zh)])
        zh_info = next(r for r in st.releases("zh"))
        assert zh_info.name == "2031-03-03"
        assert (
            load_release(st, zh_info)
            == load_release(st, zh_info.id)
            == load_ruleset(st, None, "zh")
        )
        found = english_release(st, zh_info)
        assert (found.lang, found.label) == ("en", "20310303")
        assert english_release(st, zh.release) == found
        # a translation of another label and date has none
        assert english_release(st, Release("zh", "20300101", date(2030, 1, 1))) is None
        # RU states only the effective date: found by date
        assert english_release(st, Release("ru", "20310504", date(2031, 5, 5))).label == "20310505"
        assert len(st.releases()) == 3


def test_relation_kinds_are_closed_vocabularies():
    import pytest
    from mtgcr.crossref.model import RULE_KINDS, SECTION_KINDS, Change, SectionChange

    assert RULE_KINDS == (
        "unchanged",
        "typography",
        "renumbered",
        "modified",
        "moved",
        "split",
        "merged",
        "added",
        "removed",
        "ambiguous",
    )
    assert SECTION_KINDS[0] == "unchanged" and "retitled" in SECTION_KINDS
    d = Change(
        "moved", (RuleNumber.parse("100.1"),), (RuleNumber.parse("200.1"),), 0.9, True
    ).to_json()
    assert Change.from_json(d).kind == "moved"
    with pytest.raises(ValueError, match="not a rule kind: 'moved-ish'"):
        Change.from_json(d | {"kind": "moved-ish"})
    s = SectionChange("retitled", RuleNumber(100), RuleNumber(100), "A", "B", False, True, 3)
    assert SectionChange.from_json(s.to_json()) == s
