"""Integration: translation kits on the real corpus — the community ZH 2026-02-27 carried to EN
2026-04-17 (../shared/corpus/zh/plain_text, en/normalized) and compared with the ZH 2026-04-17
the translators shipped; every kit format validated by its schema on that real kit and read
back; a completed kit imported as CR text; the JA wiki quotes of 20231117 carried to EN
2026-01-16."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from lxml import etree

from helpers import CORPUS, OFFICIAL, need
from translate_helpers import schema, toolkit, written, xliff2_schema
import mtgcr
from mtgcr.crossref.translation.carry_model import CarryClass, QaKind, UnitKind, UnitState
from mtgcr.reports.translation.formats import FORMATS

pytestmark = pytest.mark.integration

NORMALIZED = CORPUS / "en" / "normalized"
ZH = CORPUS / "zh" / "plain_text"


@pytest.fixture(scope="module")
def zh(tmp_path_factory):
    cr = mtgcr.open(tmp_path_factory.mktemp("zhkit") / "s.sqlite")
    files = [
        need(NORMALIZED / "20260227_En.txt"),
        need(NORMALIZED / "20260417_En.txt"),
        need(ZH / "20260227_Zh.txt"),
        need(ZH / "20260417_Zh.txt"),
    ]
    assert cr.ingest(*files).count("ingested") == 4
    kit = cr.translation_kit("zh", "20260227", "2026-04-17")
    return cr, kit


def unit(kit, suffix: str):
    return kit.by_id()[f"en:2026-04-17:{suffix}"]


def test_the_stale_801_17_is_carried_right(zh):
    _, kit = zh
    u = unit(kit, "801.17")  # EN 2026-04-17 moved "Restarting the Game" from 726 to 727
    assert u.carry is CarryClass.REFERENCES
    assert [(r.old, r.new) for r in u.rewrites] == [("726", "727")]
    assert "（参见规则727）" in u.target
    shipped = zh[0].ruleset("20260417", "zh").get("801.17").text
    assert "（参见规则726）" in shipped  # what the translators shipped: stale


def test_findings_on_the_old_translation(zh):
    _, kit = zh
    qa = {q.kind for q in unit(kit, "115.3").qa}  # ZH cites 115.6 where EN cites 115.7
    assert qa == {QaKind.STALE_REFERENCE}
    assert "it cites 115.7" in unit(kit, "115.3").qa[0].text
    assert unit(kit, "115.3").state is UnitState.TRANSLATED  # still carried, with the note
    assert {q.kind for q in unit(kit, "201.5b").qa} == {QaKind.PAIR_DIFFERS}


def test_changes_of_2026_04_17(zh):
    _, kit = zh
    split = [unit(kit, "714.3a"), unit(kit, "714.3b")]
    assert {(u.carry, u.old_number) for u in split} == {(CarryClass.SPLIT, "714.3a")}
    assert all(u.suggestion is not None for u in split)
    assert unit(kit, "702.191").carry is CarryClass.NEW
    u = unit(kit, "508.4a")
    assert u.carry is CarryClass.MODIFIED and u.state is UnitState.NEEDS_REVIEW
    assert "[-the effect that puts a creature -]" in u.suggestion.diff_text()
    s = kit.summary()
    assert s.units > 5000
    assert (s.carried + s.review) / s.units > 0.98  # pre-filled
    assert s.review + s.new <= 68  # a third of msgmerge's 204 on these units (benchmark)
    hints = {h.en: h.target for h in unit(kit, "702.19b").hints}
    assert hints["Trample"] == "践踏"


def test_carried_units_equal_what_was_shipped(zh):
    """At least 98.5 % of the carried rule texts are what ZH 2026-04-17 shipped; the others
    are the translators' revisions or the shipped stale 801.17 (benchmark: classified)."""
    cr, kit = zh
    shipped = cr.ruleset("20260417", "zh")
    carried = [u for u in kit.units if u.kind is UnitKind.RULE and u.carry.carried and u.target]
    same = [u for u in carried if shipped.get(u.number) and shipped.get(u.number).text == u.target]
    assert len(same) / len(carried) >= 0.985
    assert unit(kit, "801.17") not in same


def test_formats_on_the_real_kit(zh, tmp_path):
    _, kit = zh
    data = written("xliff2", kit)
    xsd = xliff2_schema()
    assert xsd.validate(etree.fromstring(data).getroottree()), xsd.error_log.last_error
    tt = toolkit("xliff2").Xliff2File.parsestring(data)
    assert len(tt.units) == len(kit.units)
    data = written("xliff12", kit)
    strict = etree.XMLSchema(etree.parse(str(schema("xliff", "xliff-core-1.2-strict.xsd"))))
    assert strict.validate(etree.fromstring(data).getroottree()), strict.error_log.last_error
    data = written("tmx", kit)
    dtd = etree.DTD(str(schema("tmx", "tmx14.dtd")))
    assert dtd.validate(etree.fromstring(data)), dtd.error_log.last_error
    data = written("po", kit)
    read = FORMATS["po"].read
    assert read is not None
    assert [r.id for r in read(io.BytesIO(data), "kit.po").units] == [u.id for u in kit.units]
    if shutil.which("msgfmt"):
        (tmp_path / "kit.po").write_bytes(data)
        ok = subprocess.run(
            ["msgfmt", "--check", "-o", "/dev/null", str(tmp_path / "kit.po")], capture_output=True
        )
        assert ok.returncode == 0 and not ok.stderr, ok.stderr


def test_import_a_completed_kit(zh, tmp_path):
    """The translators' work simulated with what they shipped: every unit the kit leaves to a
    human filled with ZH 2026-04-17's text; imported, it parses back and pairs, and the
    shipped copy stays canonical."""
    from dataclasses import replace

    cr, kit = zh
    shipped = cr.ruleset("20260417", "zh")
    done = replace(kit, units=list(kit.units))
    for k, u in enumerate(done.units):
        if u.state in (UnitState.EMPTY, UnitState.NEEDS_REVIEW):
            r = shipped.get(u.number) if u.kind in (UnitKind.RULE, UnitKind.EXAMPLE) else None
            text = (
                (r.text if u.kind is UnitKind.RULE else r.examples[u.example - 1].text) if r else ""
            )
            done.units[k] = replace(u, target=text or f"译：{u.source}", state=UnitState.TRANSLATED)
    path = tmp_path / "zh-20260417.xlf"
    path.write_bytes(written("xliff2", done))
    res = cr.import_translation(path, "zh", "20260417")
    rs = res.ruleset
    assert rs.counts() == cr.ruleset("2026-04-17", "en").counts()
    assert "（参见规则727）" in rs.get("801.17").text
    assert rs.get("702.191").text == shipped.get("702.191").text
    assert "801.17" not in {n for n, _ in res.pairing.differences()}
    info = cr.resolve("2026-04-17", "zh")
    assert info.source.endswith("20260417_Zh.txt")  # the shipped copy stays canonical
    origins = {c.source: c.origin.value for c in cr.release_copies("zh").copies}
    assert origins[str(res.text)] == "translated"


@pytest.fixture(scope="module")
def ja(tmp_path_factory):
    cr = mtgcr.open(tmp_path_factory.mktemp("jakit") / "s.sqlite")
    files = [
        need(OFFICIAL / "2023-11-17.txt"),
        need(OFFICIAL / "2026-01-16.txt"),
        need(CORPUS.parent / "seeds"),
        need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt"),
    ]
    cr.ingest(*files)
    return cr, cr.translation_kit("ja", "20231117.0", "2026-01-16")


def test_ja_quotes_carried_to_20260116(ja):
    cr, kit = ja
    assert not kit.complete
    carried = [u for u in kit.units if u.carry.carried and u.target]
    assert len(carried) >= 50
    assert all("[[" not in u.target for u in carried)  # wiki link markup left behind
    shipped = cr.ruleset("20260116", "ja")
    same = [
        u for u in carried if u.kind is UnitKind.RULE and shipped.get(u.number).text == u.target
    ]
    assert len(same) >= 0.95 * sum(u.kind is UnitKind.RULE for u in carried)
    missing = unit_note(kit, "100.1")
    assert missing is None or "does not quote" in missing


def unit_note(kit, number: str):
    u = kit.by_id().get(f"en:2026-01-16:{number}")
    return u.notes[0] if u is not None and u.notes else None
