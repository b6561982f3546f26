"""mtg.ru rules pages: text rendering and windows-1251 HTML (fixtures written for these tests
in the site's shape: tests/fixtures/mtgru/)."""

from __future__ import annotations

from pathlib import Path

from mtgcr.extract.provenance import Place
from mtgcr.corpus.document import document_from_bytes, load_document
from mtgcr.extract.registry import parse_document
from mtgcr.extract.formats.mtgru import UNKNOWN_LABEL, html_lines, sniff_mtgru
from mtgcr.extract.rulenum import RuleNumber

FIX = Path(__file__).parents[2] / "fixtures" / "mtgru"


def _parse(name: str):
    res = parse_document(load_document(FIX / name))
    assert len(res.rulesets) == 1
    rs, origin, prov = res.rulesets[0]
    return res, rs, origin, prov


def test_text_page_rules_sections_navigation():
    res, rs, origin, prov = _parse("712.txt")
    assert res.kind == "mtgru-text"
    assert origin == "mtgru:712"
    assert rs.release.lang == "en" and rs.release.label == UNKNOWN_LABEL
    assert rs.release.effective_date is None and rs.complete is False
    assert rs.title == "Полные правила Magic: the Gathering"
    assert [(c.number, c.title, c.line) for c in rs.chapters] == [(7, "Additional Rules", 7)]
    # the page's own section and the two neighbours named in the footer
    assert {str(n): (s.title, s.line) for n, s in rs.sections.items()} == {
        "711": ("Controlling Another Player’s Turn", 27),
        "712": ("Taking Extra Steps", 9),
        "713": ("Ending the Turn", 27),
    }
    assert [str(n) for n in rs.rules] == ["712.1", "712.1a", "712.2", "712.3"]
    r = rs.rules[RuleNumber.parse("712.1a")]
    assert (
        r.text
        == "If two effects each add a step, the one created last happens first. See rule 500.8."
    )
    assert r.line == 14
    assert [(e.text, e.line) for e in r.examples] == [
        (
            "Two abilities each add an extra upkeep step. The step added by the second ability "
            "happens first.",
            16,
        )
    ]
    # the text rendering lost the symbols and one example label: kept as a second paragraph
    assert rs.rules[RuleNumber.parse("712.2")].text == (
        "To use the fixture ability, pay  and .\nA player who pays the cost twice gets two extra steps."
    )
    assert prov[RuleNumber.parse("712.3")] == (Place("712.txt", 22),)
    nav = dict(res.facts)["mtgru-navigation"]
    assert nav["prev"] == {"number": 711, "title": "Controlling Another Player’s Turn"}
    assert nav["up"] == {"number": 7, "title": "Additional Rules"}
    assert nav["next"] == {"number": 713, "title": "Ending the Turn"}
    assert nav["line"] == 27 and nav["page"] == "712"
    from mtgcr.extract.wiki.fact_records import fact_from_json

    record = fact_from_json("mtgru-navigation", nav)
    assert record.nav.prev == (711, "Controlling Another Player’s Turn") and record.as_json() == nav
    assert rs.warnings == []


def test_html_page_windows_1251_symbols_and_unlabelled_examples():
    raw = (FIX / "712.html").read_bytes()
    assert "Полные".encode("cp1251") in raw  # the fixture really is windows-1251
    res, rs, origin, prov = _parse("712.html")
    assert res.kind == "mtgru-html" and origin == "mtgru:712"
    assert rs.title == "Полные правила Magic: the Gathering"
    assert sorted(str(n) for n in rs.sections) == ["711", "712", "713"]
    assert rs.sections[RuleNumber(712)].title == "Taking Extra Steps"
    assert rs.sections[RuleNumber(711)].title == "Controlling Another Player's Turn"
    r1 = rs.rules[RuleNumber.parse("712.1")]
    assert r1.text == (
        "Some effects give a player an additional step after the current one. "
        "The additional step happens before any step that would normally come next."
    )
    assert r1.line == 16  # a line of the HTML source
    r2 = rs.rules[RuleNumber.parse("712.2")]
    assert r2.text == "To use the fixture ability, pay {T} and {2}."  # alt text, then file name
    assert [e.text for e in r2.examples] == [
        "A player who pays the cost twice gets two extra steps."
    ]
    r3 = rs.rules[RuleNumber.parse("712.3")]
    assert r3.text == "An extra step can't be skipped by a rule that skips the step it copies {?}."
    assert [e.text for e in r3.examples] == ["Each extra step is a separate step."]
    msgs = [(w.line, w.message) for w in rs.warnings]
    assert msgs == [
        (21, "example without its 'Example:' label; label added"),
        (22, "symbol image 'spacer.gif' has no alt text; written as {?}"),
        (23, "example without its 'Example:' label; label added"),
    ]
    nav = dict(res.facts)["mtgru-navigation"]
    assert nav["prev"]["number"] == 711 and nav["next"] == {
        "number": 713,
        "title": "Ending the Turn",
    }


def test_html_and_text_rendering_agree_on_rule_text():
    _, html_rs, _, _ = _parse("712.html")
    _, text_rs, _, _ = _parse("712.txt")
    assert list(html_rs.rules) == list(text_rs.rules)
    n = RuleNumber.parse("712.1a")
    assert html_rs.rules[n].text == text_rs.rules[n].text


def test_glossary_page():
    res, rs, origin, _ = _parse("glossary_b.txt")
    assert origin == "mtgru:glossary-b"
    assert not rs.rules and not rs.sections
    assert [(g.term, g.aliases, g.obsolete, g.line) for g in rs.glossary] == [
        ("Banding", ("“Bands with Other”",), False, 11),
        ("Block", (), False, 14),
        ("Bury", (), True, 19),
    ]
    assert rs.glossary[1].text.splitlines()[1] == "2. A group of card sets released together."
    nav = dict(res.facts)["mtgru-navigation"]
    assert nav["prev"] == {"number": None, "title": "A"}
    assert nav["next"] == {"number": None, "title": "C"}


def test_sniff_only_site_pages():
    assert sniff_mtgru(load_document(FIX / "712.txt"))
    assert sniff_mtgru(load_document(FIX / "712.html"))
    ru_translation = "Полные правила Magic: The Gathering (от 8 июля 2017)\n\n100.1. Текст.\n"
    assert not sniff_mtgru(document_from_bytes(ru_translation.encode(), "ru.txt"))
    other = "<html><body><h1>Magic</h1><p>100.1 Something</p></body></html>"
    assert not sniff_mtgru(document_from_bytes(other.encode(), "x.html"))


def test_html_lines_table_cells_joined_by_tab():
    lines, warnings = html_lines(
        "<table><tr><td>&lt;&lt; A</td><td>Glossary</td><td>C &gt;&gt;</td></tr></table>"
    )
    assert lines == [("<< A\tGlossary\tC >>", 1)] and warnings == []


def test_ingest_keeps_pages_side_by_side(tmp_path):
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    with Store(tmp_path / "s.sqlite") as store:
        res = ingest_paths(store, [FIX / "712.txt", FIX / "glossary_b.txt"])
        assert [r.status for r in res] == ["ingested", "ingested"]
        rels = store.releases("en")
        assert sorted(r.origin for r in rels) == ["mtgru:712", "mtgru:glossary-b"]
        assert all(not r.complete and r.label == UNKNOWN_LABEL for r in rels)
        nav = store.facts("mtgru-navigation")
        assert [n["page"] for n in nav] == ["712", "glossary-b"]


def test_empty_page_is_refused(tmp_path):
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    page = tmp_path / "999.txt"
    page.write_text(
        "Полные правила Magic: the Gathering\n( Comprehensive rules )\n\n"
        "Базовые правила Contents Glossary\n",
        encoding="utf-8",
    )
    with Store(tmp_path / "s.sqlite") as store:
        [res] = ingest_paths(store, [page])
        assert res.status == "failed"
        assert res.error == (
            f"{page}: an mtg.ru page with no rules, section headings or "
            f"glossary entries; nothing to store"
        )
        assert store.releases() == [] and not store.has_document(load_document(page).sha256)
