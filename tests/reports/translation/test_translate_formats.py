"""Kit formats validated by their consumers' schemas (../shared/schemas: XLIFF 2 core and
modules, XLIFF 1.2 strict, TMX 1.4 DTD; skipped with a reason where absent), checked by
``msgfmt --check`` (skipped without gettext), and read back by translate-toolkit, polib and
our own readers with the same units; a planted fault makes each validation fail."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from lxml import etree

from translate_helpers import completed, sample_corpus, schema, toolkit, written, xliff2_schema
from mtgcr.crossref.translation.carry_model import UnitState
from mtgcr.reports.translation.formats import FORMATS
from mtgcr.reports.translation.kitfile import KitFileError
from mtgcr.reports.translation.tmx import split_units


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    cr = sample_corpus(tmp_path_factory.mktemp("fmt"))
    return cr.translation_kit("zh", "20300110", "2030-04-05")


def _ours(fmt: str, data: bytes):
    reader = FORMATS[fmt].read
    assert reader is not None
    return reader(io.BytesIO(data), f"kit.{fmt}")


def _same_units(kit, kf, with_state: bool = True) -> None:
    """The file read back gives every unit of the kit: id, source, target (and state)."""
    assert [u.id for u in kf.units] == [u.id for u in kit.units]
    for u, r in zip(kit.units, kf.units):
        assert (r.source, r.target) == (u.source, u.target), u.id
        if with_state:
            assert r.state == u.state, u.id
    h = kf.header
    assert (h.lang, h.label, h.release_name, h.source) == (
        "zh",
        "20300405",
        "2030-04-05",
        "zh 2030-01-10",
    )


# -- XLIFF 2.1 -----------------------------------------------------------------------------------


def test_xliff2_is_valid_core_and_modules_and_reads_back(kit):
    data = written("xliff2", kit)
    xsd = xliff2_schema()
    doc = etree.fromstring(data)
    assert xsd.validate(doc.getroottree()), xsd.error_log.last_error
    assert doc.get("version") == "2.1" and doc.get("trgLang") == "zh-Hans"
    ns = {"x": "urn:oasis:names:tc:xliff:document:2.0", "m": "urn:oasis:names:tc:xliff:matches:2.0"}
    unit = doc.find(".//x:unit[@id='en:2030-04-05:100.2']", ns)
    assert unit.get("name") == "100.2"
    match = unit.find("m:matches/m:match", ns)
    assert match.get("ref") == "#s" and 80 < float(match.get("similarity")) < 100
    assert unit.find("x:segment", ns).get("state") == "initial"
    _same_units(kit, _ours("xliff2", data))
    tt = toolkit("xliff2").Xliff2File.parsestring(data)
    got = {u.getid().split("::")[0] + _seg(u): u for u in tt.units}
    assert len(got) == len(kit.units)
    for u in kit.units:
        t = got[u.id]
        assert (t.source, t.target or "") == (u.source, u.target)
        assert t.isfuzzy() == (u.state is UnitState.NEEDS_REVIEW)


def _seg(u) -> str:
    """translate-toolkit names a unit's segment ``unit::segment``: ours are ``s`` (the unit
    itself) or ``term``/``definition`` (``…:term``)."""
    seg = u.getid().split("::")[1] if "::" in u.getid() else "s"
    return "" if seg == "s" else f":{seg}"


def test_xliff2_planted_faults_fail_validation(kit):
    xsd = xliff2_schema()
    data = written("xliff2", kit)
    for bad in (
        data.replace(b'state="final"', b'state="done"', 1),  # a state XLIFF 2 has not
        data.replace(b'similarity="', b'similarity="1', 1),  # a similarity over 100 (mtc:)
        data.replace(b'<mda:meta type="kind">', b"<mda:meta>", 1),  # meta without its type
    ):
        assert bad != data
        assert not xsd.validate(etree.fromstring(bad).getroottree())


# -- XLIFF 1.2 ------------------------------------------------------------------------------


def test_xliff12_is_strict_valid_and_reads_back(kit):
    data = written("xliff12", kit)
    xsd = etree.XMLSchema(etree.parse(str(schema("xliff", "xliff-core-1.2-strict.xsd"))))
    doc = etree.fromstring(data)
    assert xsd.validate(doc.getroottree()), xsd.error_log.last_error
    ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
    tu = doc.find(".//x:trans-unit[@id='en:2030-04-05:100.2']", ns)
    assert tu.get("resname") == "100.2"
    assert tu.find("x:target", ns).get("state") == "needs-translation"
    assert tu.find("x:alt-trans", ns).get("match-quality").endswith("%")
    group = doc.find(".//x:group[@id='en:2030-04-05:glossary:control']", ns)
    assert [t.get("id").rsplit(":", 1)[1] for t in group] == ["term", "definition"]
    _same_units(kit, _ours("xliff12", data))
    tt = toolkit("xliff").xlifffile.parsestring(data)
    got = {u.getid().split("\x04")[-1]: u for u in tt.units}
    assert set(got) == {u.id for u in kit.units}
    for u in kit.units:
        t = got[u.id]
        assert (t.source, t.target or "") == (u.source, u.target)
        assert t.isapproved() == (u.state is UnitState.FINAL)
        if u.suggestion is not None:
            assert [a.target for a in t.getalttrans()] == [u.suggestion.target]


def test_xliff12_planted_fault_fails(kit):
    xsd = etree.XMLSchema(etree.parse(str(schema("xliff", "xliff-core-1.2-strict.xsd"))))
    data = written("xliff12", kit)
    dup = data.replace(b'id="en:2030-04-05:100.1a"', b'id="en:2030-04-05:100.1"', 1)
    assert not xsd.validate(etree.fromstring(dup).getroottree())  # unit ids are a key
    bad = data.replace(b'state="translated"', b'state="nearly"', 1)
    assert not xsd.validate(etree.fromstring(bad).getroottree())


# -- TMX 1.4b -------------------------------------------------------------------------------------


def test_tmx_is_dtd_valid_and_reads_back(kit):
    dtd = etree.DTD(str(schema("tmx", "tmx14.dtd")))
    data = written("tmx", kit)
    doc = etree.fromstring(data)
    assert dtd.validate(doc), dtd.error_log.last_error
    with_target = [u for u in kit.units if u.target]
    tus = doc.findall("body/tu")
    assert [tu.get("tuid") for tu in tus] == [u.id for u in with_target]
    props = {p.get("type"): p.text for p in tus[0].iter("prop")}
    assert props["x-cr-release"] == "en 2030-04-05" and props["x-mtgcr-state"] == "translated"
    review = next(tu for tu in tus if tu.get("tuid") == "en:2030-04-05:100.2")
    segs = [s.text for s in review.iter("seg")]  # what was translated: the old EN text
    assert segs == [
        "Each player brings a deck of at least forty cards.",
        "每位牌手带一副至少四十张牌的套牌。",
    ]
    tt = toolkit("tmx").tmxfile.parsestring(data)
    assert [u.getid() for u in tt.units] == [u.id for u in with_target]
    kf = _ours("tmx", data)
    assert [(r.id, r.state) for r in kf.units] == [(u.id, u.state) for u in with_target]
    carried, review_units = split_units(kit)
    assert len(carried) + len(review_units) == len(with_target)
    assert all(u.state is UnitState.NEEDS_REVIEW for u in review_units)
    bad = etree.fromstring(data.replace(b' srclang="en"', b"", 1))
    assert not dtd.validate(bad)  # srclang is required


# -- PO -------------------------------------------------------------------------------------------


def test_po_passes_msgfmt_and_reads_back(kit, tmp_path):
    import polib

    data = written("po", kit)
    po = polib.pofile(data.decode("utf-8"))
    entries = {e.msgctxt: e for e in po}
    assert len(entries) == len(kit.units)
    e = entries["100.2"]
    assert "fuzzy" in e.flags and e.previous_msgid.startswith("Each player brings a deck")
    assert e.previous_msgctxt == "100.2" and e.msgstr == "每位牌手带一副至少四十张牌的套牌。"
    assert entries["101.3"].msgstr == "先手牌手随机决定。" and "fuzzy" not in entries["101.3"].flags
    assert entries["glossary: Control (definition)"].msgstr.endswith("参见规则702.1。")
    _same_units(kit, _ours("po", data), with_state=False)
    tt = toolkit("po").pofile.parsestring(data)
    got = {u.getcontext(): u for u in tt.units if not u.isheader()}
    assert got["100.2"].isfuzzy() and got["100.2"].target == "每位牌手带一副至少四十张牌的套牌。"
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt not installed (apt-get install gettext)")
    path = tmp_path / "kit.po"
    path.write_bytes(data)
    ok = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True)
    assert ok.returncode == 0 and not ok.stderr, ok.stderr
    # a planted fault: a translation that ends in a newline its source does not have
    e.msgstr += "\n"
    e.flags.remove("fuzzy")
    path.write_text(str(po), encoding="utf-8")
    bad = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True)
    assert bad.returncode != 0


def test_json_reads_back_and_a_completed_kit_keeps_its_targets(kit):
    done = completed(kit)
    for fmt in ("json", "xliff2", "xliff12", "po"):
        kf = _ours(fmt, written(fmt, done))
        assert all(r.target for r in kf.units), fmt
        assert [r.target for r in kf.units] == [u.target for u in done.units], fmt


def test_readers_refuse_what_is_no_kit(kit):
    with pytest.raises(KitFileError, match="not XML"):
        _ours("xliff2", b"<xliff")
    with pytest.raises(KitFileError, match="inline markup <ph>"):
        data = written("xliff2", kit).replace(
            '<target xml:space="preserve">先手'.encode(),
            '<target xml:space="preserve"><ph id="1"/>先手'.encode(),
            1,
        )
        _ours("xliff2", data)
    with pytest.raises(KitFileError, match="no mtgcr kit header"):
        _ours("po", b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')


def test_worklist_text(kit):
    text = written("text", kit).decode("utf-8")
    lines = text.splitlines()
    assert lines[0] == (
        "Translation kit: zh 2030-01-10 (from EN 2030-01-10) → zh 2030-04-05 "
        "(alignment: consecutive)"
    )
    assert lines[1] == kit.summary().line()
    assert "  100.2: review (modified, similarity" in text
    assert "      EN: Each player brings a deck of at least [-forty-]{+sixty+} cards." in text
    assert "  701.1: new  [en:2030-04-05:701.1]" in text
    assert "  100.1b: 701.2 → 702.2" in text
