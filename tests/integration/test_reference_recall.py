"""Every cross-reference of the official 2026-01-16 text is found.

The test has its own scanner, independent of :mod:`mtgcr.extract.references`: every token
shaped like a rule number (``100``, ``101.4``, ``601.2f``, not inside a longer digit run) and
every chapter reference ("section 8") in the text of every rule and example. Each must be
inside a reference :func:`find_references` / :func:`find_chapter_references` returns (keyword
or not), or be one of the non-references listed below with its reason.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from helpers import OFFICIAL, need
from mtgcr.corpus.document import load_document
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.references import find_chapter_references, find_references

pytestmark = pytest.mark.integration

#: The scanner: a three-digit number, optionally with rule digits and letters, not part of a
#: longer number; or "section"/"sections" and one digit.
TOKEN = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?!\d)|\b[Ss]ections?\s+[1-9](?!\d)")

#: Why a token is no reference, told by what surrounds it.
NON_REFERENCE = [
    ("a count of cards", re.compile(r"\d{3} cards")),
    ("a deck size", re.compile(r"deck size are both \d{3}")),
    ("a digit group of a larger number", re.compile(r"\d{3},\d{3}|\d,\d{3}")),
]


def _reason(text: str, start: int, end: int) -> str | None:
    for reason, pattern in NON_REFERENCE:
        for m in pattern.finditer(text):
            if m.start() <= start and end <= m.end():
                return reason
    return None


@pytest.fixture(scope="module")
def tokens():
    rs = parse_cr_text(load_document(need(OFFICIAL / "2026-01-16.txt")))
    found, non_refs, missed = [], [], []
    for rule in rs.rules.values():
        for text in [rule.text] + [e.text for e in rule.examples]:
            spans = [(r.start, r.end) for r in find_references(text)]
            spans += [(r.start, r.end) for r in find_chapter_references(text)]
            for m in TOKEN.finditer(text):
                where = (str(rule.number), m.group(), text[max(0, m.start() - 30) : m.end() + 20])
                if any(a <= m.start() and m.end() <= b for a, b in spans):
                    found.append(where)
                elif (why := _reason(text, m.start(), m.end())) is not None:
                    non_refs.append((*where, why))
                else:
                    missed.append(where)
    return found, non_refs, missed


def test_every_rule_number_token_is_a_reference_or_a_listed_non_reference(tokens):
    found, non_refs, missed = tokens
    assert missed == []
    assert len(found) > 1000
    assert Counter(r[3] for r in non_refs) == {
        "a count of cards": 2,
        "a deck size": 1,
        "a digit group of a larger number": 2,
    }
    assert sorted({r[0] for r in non_refs}) == ["702.124b", "731.2a", "903.5a"]


@pytest.mark.parametrize(
    "rule,token",
    [
        ("101.4b", "101.4a"),  # "as specified in 101.4a"
        ("103.2", "103.2a"),  # "the actions listed in 103.2a–e"
        ("601.5a", "601.3d"),  # "(see 601.3d)"
        ("608.2i", "608.2h"),  # "an exception to 608.2h"
        ("707.12", "601.2a"),  # "steps 601.2a–h of rule 601"
        ("100.1b", "section 8"),  # "See section 8, “Multiplayer Rules.”"
        ("608.3g", "702.152"),  # "rules 702.109, “Dash,” 702.152, “Blitz,” and 702.185, “Warp”"
        ("608.3g", "702.185"),
        ("702.160a", "718"),  # "See 718, “Prototype Cards.”"
    ],
)
def test_forms_named_in_the_issue_are_found(tokens, rule, token):
    found, _, _ = tokens
    assert any(r == rule and t == token for r, t, _ in found)
