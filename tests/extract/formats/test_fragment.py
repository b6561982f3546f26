"""mtgcr.extract.formats.fragment (pasted fragments of rule lines) on fragments written for these tests, and
`mtgcr identify` / `mtgcr ingest` on them."""

from __future__ import annotations

from datetime import date

import pytest

from mtgcr.extract.provenance import Place
from mtgcr.corpus.document import document_from_bytes
from mtgcr.crossref.identify import identify
from mtgcr.extract.formats.fragment import fragment_lang, looks_like_fragment, parse_fragment
from mtgcr.extract.registry import UnknownKindError, parse_document
from mtgcr.extract.model import Example, Release, Rule, Ruleset, Section
from mtgcr.extract.rulenum import RuleNumber

FRAGMENT = """Rules about borrowed turns
411. Borrowed Turns
411.4a The borrower of a turn may pay costs only with the lender's mana.
Example: The borrower casts a spell; the lender's mana pays for it.
411.4b The borrower can't concede for the lender,
or make tournament choices.
Example: The lender still decides whether to call a judge.
"""


def _doc(text: str, name: str = "paste.txt"):
    return document_from_bytes(text.encode("utf-8"), name)


def test_parse_fragment_with_title_heading_examples_and_wrapped_lines():
    assert looks_like_fragment(_doc(FRAGMENT))
    res = parse_fragment(_doc(FRAGMENT))
    assert res.kind == "fragment"
    rs, origin, prov = res.rulesets[0]
    assert origin == "fragment" and rs.complete is False
    assert rs.release == Release("en", "unknown")
    assert rs.title == "Rules about borrowed turns"
    assert {str(n): s.title for n, s in rs.sections.items()} == {"411": "Borrowed Turns"}
    assert [str(n) for n in rs.rules] == ["411.4a", "411.4b"]
    b = rs.rules[RuleNumber.parse("411.4b")]
    assert b.text == "The borrower can't concede for the lender,\nor make tournament choices."
    assert [e.text for e in b.examples] == ["The lender still decides whether to call a judge."]
    assert prov[RuleNumber.parse("411.4a")] == (Place("paste.txt", 3),) and rs.warnings == []


def test_fragment_without_title_and_twice_given_number():
    rs = parse_fragment(_doc("411.4a First text.\n411.4a More text.\n")).rulesets[0][0]
    assert rs.title == "" and rs.sections == {}
    assert rs.rules[RuleNumber.parse("411.4a")].text == "First text."
    assert [(str(r.number), r.text, r.line) for r in rs.stale] == [("411.4a", "More text.", 2)]
    assert [(w.line, "twice" in w.message) for w in rs.warnings] == [(2, True)]


def test_fragment_language_and_example_marker():
    assert fragment_lang("411.4a Пример правила.") == "ru"
    assert fragment_lang("411.4a 借りたターンの例。") == "ja"
    assert fragment_lang("411.4a 借来的回合。") == "zh"
    rs = parse_fragment(_doc("411.4a Игрок платит.\nПример: Игрок платит две маны.\n")).rulesets[0][
        0
    ]
    assert rs.release.lang == "ru"
    assert [e.text for e in rs.rules[RuleNumber.parse("411.4a")].examples] == [
        "Игрок платит две маны."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Just a note.\nNothing numbered here.\n",
        "A letter\nwith two lines\n411.4a and a rule on line three\n",
        "<html><body><p>411.4a text</p></body></html>",
    ],
)
def test_not_a_fragment(text):
    assert not looks_like_fragment(_doc(text))
    with pytest.raises(ValueError, match="paste.txt"):
        parse_fragment(_doc(text))


def test_fragment_is_no_registered_kind():
    """ingest (parse_document) keeps refusing it: fragments are read by identify only."""
    with pytest.raises(UnknownKindError, match="paste.txt"):
        parse_document(_doc(FRAGMENT))


def _release(label: str, rules: dict[str, str]) -> Ruleset:
    rs = Ruleset(Release("en", label, date(int(label[:4]), int(label[4:6]), int(label[6:]))), label)
    rs.sections[RuleNumber(411)] = Section(RuleNumber(411), "Borrowed Turns", 0)
    for num, text in rules.items():
        body, *ex = text.split(" || ")
        rs.rules[RuleNumber.parse(num)] = Rule(
            RuleNumber.parse(num), body, 0, [Example(e, 0) for e in ex]
        )
    return rs


def test_fragment_identified():
    old = _release(
        "20320101",
        {
            "411.4a": "The borrower of a turn may pay costs only with the lender's mana. || "
            "The borrower casts a spell; the lender's mana pays for it.",
            "411.4b": "The borrower can't concede for the lender, or make tournament choices. || "
            "The lender still decides whether to call a judge.",
        },
    )
    new = _release(
        "20320501",
        {
            "411.4a": "The borrower of a turn may pay costs only with the lender's resources. || "
            "The borrower casts a spell; the lender's mana pays for it.",
            "411.4b": old.rules[RuleNumber.parse("411.4b")].text + " || "
            "The lender still decides whether to call a judge.",
        },
    )
    frag = parse_fragment(_doc(FRAGMENT)).rulesets[0][0]
    ident = identify(frag, [old, new])
    assert ident.exact and ident.releases == ["2032-01-01"]
    after = {str(e.number): e.status for e in ident.after.rules}
    assert after == {"411.4a": "differs", "411.4b": "same"}
