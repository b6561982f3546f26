"""Cross-references in every form the EN text uses (sentences written for the tests)."""

from __future__ import annotations

import pytest

from mtgcr.extract.references import find_chapter_references, find_references


def refs(text: str) -> list[tuple[str, str | None, str | None, str]]:
    return [
        (str(r.first), str(r.last) if r.last else None, r.title, r.keyword)
        for r in find_references(text)
    ]


@pytest.mark.parametrize(
    "text,want",
    [
        ("Costs are paid as specified in 205.3b.", [("205.3b", None, None, "")]),
        ("Follow the actions listed in 310.4a–e in order.", [("310.4a", "310.4e", None, "")]),
        ("A token may stay (see 411.2c), then it leaves.", [("411.2c", None, None, "")]),
        ("This is an exception to 512.7h.", [("512.7h", None, None, "")]),
        (
            "A copy follows steps 601.2a–h of rule 601.2, “Casting.”",
            [("601.2a", "601.2h", None, ""), ("601.2", None, "Casting", "rule")],
        ),
        ("Rules 301.5a–f apply.", [("301.5a", "301.5f", None, "Rules")]),
        (
            "Pay costs (see 601.2b and 601.2f–h).",
            [("601.2b", None, None, ""), ("601.2f", "601.2h", None, "")],
        ),
        (
            "(See rules 702.11, “Alpha,” 702.22, “Beta,” and 702.33, “Gamma.”)",
            [
                ("702.11", None, "Alpha", "rules"),
                ("702.22", None, "Beta", "rules"),
                ("702.33", None, "Gamma", "rules"),
            ],
        ),
        ("See 718, “Prototype Cards.”", [("718", None, "Prototype Cards", "")]),
        ("See section 702 for keywords.", [("702", None, None, "section")]),
    ],
)
def test_reference_forms(text, want):
    assert refs(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "A deck must contain exactly 100 cards.",
        "The minimum and maximum are both 100.",
        "Repeat that 999,999 more times.",
        "Version 20231117.0 of the page.",
    ],
)
def test_non_references(text):
    assert find_references(text) == []


def test_a_number_heading_a_quoted_rule_is_not_a_reference():
    text = "702.10. Haste\n702.10a Haste is a static ability. See 702.10b."
    assert [str(r.first) for r in find_references(text)] == ["702.10b"]


def test_chapter_references():
    text = "See section 8, “Multiplayer Rules.” Also sections 3 and rule 100.1; not section 702."
    got = [
        (r.chapter, r.title, r.keyword, text[r.start : r.end])
        for r in find_chapter_references(text)
    ]
    assert got == [
        (8, "Multiplayer Rules", "section", "section 8, “Multiplayer Rules.”"),
        (3, None, "sections", "sections 3"),
    ]
    assert [str(r.first) for r in find_references(text)] == ["100.1", "702"]
