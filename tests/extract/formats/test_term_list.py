"""Provisional term lists ("English: 译名" lines, or a Markdown table), written for these tests."""

from __future__ import annotations

import pytest

from mtgcr.corpus.document import document_from_bytes
from mtgcr.extract.formats.cr_text import CRFormatError
from mtgcr.extract.registry import parse_document


def test_lines_and_table():
    text = (
        "**注意：此文档已弃用。**\n\n暂译名称列表\n\nFixture: 测试\nDoor：偏门\n"
        "说明文字，不是词条。\n"
    )
    res = parse_document(document_from_bytes(text.encode(), "terms.txt"))
    assert res.kind == "term-list" and res.rulesets == []
    assert [d for _, d in res.facts] == [
        {"lang": "zh", "en": "Fixture", "term": "测试", "line": 5, "provisional": True},
        {"lang": "zh", "en": "Door", "term": "偏门", "line": 6, "provisional": True},
    ]
    from mtgcr.extract.wiki.fact_records import fact_from_json

    records = [fact_from_json(k, d) for k, d in res.facts]
    assert [(r.en, r.term, r.line) for r in records] == [
        ("Fixture", "测试", 5),
        ("Door", "偏门", 6),
    ]
    assert [r.as_json() for r in records] == [d for _, d in res.facts]
    assert [(w.line, w.message) for w in res.warnings] == [
        (7, "not a term pair, ignored: '说明文字，不是词条。'")
    ]
    md = "# 暂译名称列表\n\n| English | 中文 |\n| --- | --- |\n| Fixture | 测试 |\n"
    res = parse_document(document_from_bytes(md.encode(), "terms.md"))
    assert [(d["en"], d["term"], d["line"]) for _, d in res.facts] == [("Fixture", "测试", 5)]
    assert res.warnings == []


def test_empty_list_is_refused():
    with pytest.raises(CRFormatError, match="terms.txt: a term list"):
        parse_document(document_from_bytes("暂译名称列表\n\n".encode(), "terms.txt"))
