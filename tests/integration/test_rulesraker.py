"""Integration: our parse of 7 releases against another project's parse of them
(../shared/corpus/derived/MagicCompRules_<date>_rulesraker-*.json, format in SOURCES.md).

Rule numbers, rule texts (their Body is a list of paragraphs: ours split on line breaks),
examples, section and chapter titles, glossary headwords and definitions must be equal. The one
difference is their defect and is shown below on our source line.
"""

from __future__ import annotations

import json
from functools import lru_cache

import pytest

from helpers import CORPUS, need
from mtgcr.corpus.document import load_document
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.rulenum import RuleNumber

pytestmark = pytest.mark.integration

DERIVED = CORPUS / "derived"
#: Their file label → our file (their label is the effective date, ours the published one).
RELEASES = {
    "20231117": "official/2023-11-17.txt",
    "20240202": "official/2024-02-06.txt",
    "20240308": "official/2024-03-08.txt",
    "20240412": "normalized/20240410_En.txt",
    "20250207": "official/2025-02-07.txt",
    "20250404": "official/2025-04-04.txt",
    "20260116": "official/2026-01-16.txt",
}


@lru_cache(maxsize=None)
def pair(label: str):
    need(DERIVED)
    files = list(DERIVED.glob(f"MagicCompRules_{label}_rulesraker-*.json"))
    assert len(files) == 1, files
    theirs = json.loads(files[0].read_text(encoding="utf-8"))
    path = need(CORPUS / "en" / RELEASES[label])
    d = load_document(path)
    return theirs, parse_cr_text(d), d


def ws(text: str) -> str:
    return " ".join(text.split())


def test_seven_releases_present():
    need(DERIVED)
    assert sorted(
        p.name.split("_")[1] for p in DERIVED.glob("MagicCompRules_*_rulesraker-*.json")
    ) == sorted(RELEASES)


@pytest.mark.parametrize("label", sorted(RELEASES))
def test_rules_and_examples_equal(label):
    theirs, rs, _ = pair(label)
    assert theirs["EffectiveDate"][:10] == rs.release.effective_date.isoformat()
    rules = [r for r in theirs["Rules"] if r["Type"] in ("Rule", "SubRule")]
    assert [RuleNumber.parse(r["Number"]) for r in rules] == list(rs.rules)
    for r in rules:
        ours = rs.rules[RuleNumber.parse(r["Number"])]
        assert ours.kind == {"Rule": "rule", "SubRule": "subrule"}[r["Type"]]
        assert ws(" ".join(r["Body"])) == ws(ours.text), r["Number"]
        assert r["Body"] == ours.text.split("\n"), r["Number"]  # paragraph by paragraph, exactly
        assert (r.get("Examples") or []) == [e.text for e in ours.examples], r["Number"]
    sections = {
        RuleNumber.parse(r["Number"]): " ".join(r["Body"])
        for r in theirs["Rules"]
        if r["Type"] == "Chapter"
    }
    assert sections == {n: s.title for n, s in rs.sections.items()}
    parts = {
        int(r["Number"].rstrip(".")): " ".join(r["Body"])
        for r in theirs["Rules"]
        if r["Type"] == "Part"
    }
    assert parts == {c.number: c.title for c in rs.chapters}


def test_examples_count_2023_11_17():
    theirs, rs, _ = pair("20231117")
    n_theirs = sum(len(r.get("Examples") or []) for r in theirs["Rules"])
    assert n_theirs == rs.counts()["examples"] == 276
    counts = {
        t: sum(r["Type"] == t for r in theirs["Rules"]) for t in ("Chapter", "Rule", "SubRule")
    }
    assert counts == {"Chapter": 142, "Rule": 1100, "SubRule": 1799}
    assert len(theirs["Glossary"]) == len(rs.glossary) == 668


@pytest.mark.parametrize("label", sorted(RELEASES))
def test_glossary_equal(label):
    theirs, rs, d = pair(label)
    assert len(theirs["Glossary"]) == len(rs.glossary)
    for g, ours in zip(theirs["Glossary"], rs.glossary):
        assert g["KeyText"] == ours.heading
        assert g["Body"] == ours.text, g["KeyText"]
        parts = [ours.term, *ours.aliases]
        if g["KeyText"] == "Partner, “Partner—[text],” “Partner with [name]”":
            # Their defect: KeyParts split the headword at the comma inside the closing quote,
            # leaving '“Partner—[text]' and '” “Partner with [name]”' (a part starting with a
            # closing quote). The source line is the headword as printed:
            assert d.lines[ours.line - 1] == "Partner, “Partner—[text],” “Partner with [name]”"
            assert g["KeyParts"] == ["Partner", "“Partner—[text]", "” “Partner with [name]”"]
            assert parts == ["Partner", "“Partner—[text]”", "“Partner with [name]”"]
            continue
        assert g["KeyParts"] == parts, g["KeyText"]


@pytest.mark.parametrize("label", sorted(RELEASES))
def test_credits_equal(label):
    theirs, rs, _ = pair(label)
    ours = [ws(p) for p in rs.credits.split("\n") if p.strip()]
    assert [ws(p) for c in theirs["Credits"] for p in c.split("\n") if p.strip()] == ours
