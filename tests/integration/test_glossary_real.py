"""Integration: bilingual glossaries of the real translations — JA 20260116 (the official text,
../shared/corpus/ja/full) against EN 2026-01-16, and every ZH release (the 19 plain-text
releases 20220610 … 20260417 and the bilingual Markdown edition of 20260417) against the EN
release of the same label; every export validated by its consumers' schemas (TBX v3: core
RelaxNG and TBX-Basic Schematron; TBX 2: translate-toolkit, and the DTD where the shared
folder has it) and read back; terminology findings measured on the committed labelled sample
(tests/data/glossary_qa/, each finding judged by reading both texts)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from lxml import etree

from helpers import CORPUS, OFFICIAL, need
from mtgcr.cli.main import main
from mtgcr.corpus.store import Store
from mtgcr.crossref.translation.glossary_pairs import EvidenceKind, cited_rules
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.reports.glossary.checks import check_store
from mtgcr.reports.glossary.formats import FORMATS
from mtgcr.reports.glossary.from_store import load_catalog
from mtgcr.reports.glossary.model import Origin, Status

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parent.parent / "data" / "glossary_qa"
#: The label of every plain ZH release and the EN file of the same label.
ZH_LABELS = (
    [p.name[:8] for p in sorted((CORPUS / "zh" / "plain_text").glob("2*_Zh.txt"))]
    if (CORPUS / "zh" / "plain_text").exists()
    else []
)
_NORMALIZED = {"20240410", "20240917", "20260227", "20260417", "20230616", "20230901"}


def _en_file(label: str) -> Path:
    if label in _NORMALIZED:
        return need(CORPUS / "en" / "normalized" / f"{label}_En.txt")
    official = [p for p in OFFICIAL.glob("*.txt") if p.stem.replace("-", "") == label]
    return need(official[0]) if official else need(OFFICIAL / f"{label}.txt")


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    need(CORPUS / "zh" / "plain_text")
    paths = sorted({_en_file(label) for label in ZH_LABELS} | {need(OFFICIAL / "2026-01-16.txt")})
    paths += [
        need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt"),
        need(CORPUS / "zh" / "markdown"),
        need(CORPUS / "zh" / "plain_text"),
    ]
    path = tmp_path_factory.mktemp("glossary") / "s.sqlite"
    with Store(path) as s:
        results = ingest_paths(s, paths)
        assert all(r.status in ("ingested", "copy") for r in results), [
            r.error for r in results if r.error
        ]
    return path


@pytest.fixture(scope="module")
def ja(store):
    with Store(store, readonly=True) as s:
        return load_catalog(s, "ja", "20260116")


@pytest.fixture(scope="module")
def zh(store):
    with Store(store, readonly=True) as s:
        return load_catalog(s, "zh", "20260417")


def _bytes(fmt, cat):
    buf = io.BytesIO()
    FORMATS[fmt].write(buf, cat)
    return buf.getvalue()


# -- JA ----------------------------------------------------------------------------------------
def test_ja_concepts_senses_terms_and_companion(ja):
    assert sum(1 for p in ja.pairs if p.provenance[0].origin is Origin.GLOSSARY) >= 728
    c = next(p for p in ja.pairs if p.term == "相棒")
    assert (c.entry_id, c.en, c.reading) == ("en-glossary-companion", "Companion", "あいぼう")
    assert c.rules == c.rules_en == (RuleNumber.parse("702.139"),)
    assert c.provenance[0].document == "JPN_CR_20260116_lines.txt"
    assert c.provenance[0].line == 3720 and c.provenance[1].line == 2665
    # homonyms are concepts of their own: 打ち消す (Counter sense 1, 701.6) ≠ カウンター (sense 2)
    counter = {p.term: p.entry_id for p in ja.pairs if p.concept == "en-glossary-counter"}
    assert counter["打ち消す"] == "en-glossary-counter-sense-1"
    assert counter["カウンター"] == "en-glossary-counter-sense-2"
    # JA Vanguard(1) is the card type, EN Vanguard sense 2 (rule 313): by the rules cited
    assert (
        next(p.entry_id for p in ja.pairs if p.term == "ヴァンガード")
        == "en-glossary-vanguard-sense-2"
    )
    # a headword of two terms is two pairs beside the EN headword and alias
    assert [(p.term, p.en) for p in ja.pairs if p.concept == "en-glossary-control"][:2] == [
        ("コントロール", "Control"),
        ("コントローラー", "Controller"),
    ]
    totem = next(p for p in ja.pairs if p.term == "族霊鎧")
    assert (totem.status, totem.successor_en) == (Status.OBSOLETE, "Umbra Armor")
    assert ja.notes == []


# -- schemas -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tbx_validator():
    from tbx_schemas import TbxValidator, need_schema

    v = TbxValidator()
    control = etree.parse(str(need_schema("Example_Astronomy_DCA_VALID.tbx")))
    assert v.errors(control) == [], "the dialect's own valid example must pass"
    return v


@pytest.mark.parametrize("which", ["ja", "zh"])
def test_tbx_v3_export_is_valid_and_a_planted_fault_is_not(which, ja, zh, tbx_validator):
    cat = {"ja": ja, "zh": zh}[which]
    data = _bytes("tbx", cat)
    assert tbx_validator.errors(data) == []
    assert b"/work/" not in data and b"/shared/" not in data  # no machine paths
    if which == "zh":
        assert b'xml:lang="zh-Hans"' in data
    bad = data.replace(b"deprecatedTerm-admn-sts", b"obsoleteTerm-admn-sts", 1)
    assert bad != data and tbx_validator.errors(bad)


@pytest.mark.parametrize("which", ["ja", "zh"])
def test_tbx2_export_read_by_translate_toolkit(which, ja, zh):
    from translate.storage import tbx

    cat = {"ja": ja, "zh": zh}[which]
    units = tbx.tbxfile.parsefile(io.BytesIO(_bytes("tbx2", cat))).units
    assert len(units) == len(cat.concepts)
    first = {p.entry_id: p for p in reversed(cat.pairs)}
    for u in units:
        p = first[u.getid()]
        assert (u.source, u.target) == (p.names[0], p.term)


@pytest.mark.parametrize("which", ["ja", "zh"])
def test_tbx2_export_valid_by_the_dtd(which, ja, zh):
    from tbx_schemas import tbx2_dtd

    dtd = tbx2_dtd()
    data = _bytes("tbx2", {"ja": ja, "zh": zh}[which])
    assert dtd.validate(etree.fromstring(data)), dtd.error_log.filter_from_errors()[:3]


def test_every_format_reads_back(ja, zh):
    for cat in (ja, zh):
        assert FORMATS["json"].read(io.BytesIO(_bytes("json", cat))).pairs == cat.pairs
        rows = list(csv.reader(io.StringIO(_bytes("csv", cat).decode("utf-8-sig"), newline="")))
        assert [(r[2], r[4]) for r in rows[1:]] == [(p.en, p.term) for p in cat.pairs]
        assert all(not r[11] or r[11].startswith("rule ") for r in rows[1:])  # text, not numbers
        lines = _bytes("omegat", cat).decode("utf-8").split("\n")[:-1]
        assert [tuple(x.split("\t")[:2]) for x in lines] == [(p.en, p.term) for p in cat.pairs]
        FORMATS["anki"].read(io.BytesIO(_bytes("anki", cat)))


# -- ZH: pairs by evidence in every release ------------------------------------------------------
def _explained(p) -> bool:
    """A pair whose cited rules differ is right when the difference is a number one side did
    not renumber (one apart, or a quoted title that now heads the other number), a citation one
    side leaves out, or when both headwords head the same keyword rule."""
    a, b = p.tr_rules, p.en_rules
    if a <= b or b <= a:
        return True  # a citation left out
    if EvidenceKind.HEADING in p.pair.kinds or p.pair.renumbered:
        return True

    def near(x, others) -> bool:  # 608.2g / 608.2h, 725 / 728, 111.10 / 110.10 (an EN slip)
        return any(
            abs(x.section - y.section) <= 3
            and (x.rule, x.letters is None) == (y.rule, y.letters is None)
            for y in others
        )

    return all(near(x, b) for x in a - b) or all(near(y, a) for y in b - a)


class _Checked:
    def __init__(self, pair) -> None:
        self.pair = pair
        self.tr_rules = set(cited_rules(pair.tr.text))
        self.en_rules = set(cited_rules(pair.en.text))


@pytest.mark.slow
def test_every_zh_release_pairs_by_evidence_and_cited_rules_agree(store):
    """Over the whole ZH glossary of every release: each pair's cited rules agree, or differ
    only as a renumbering or an omitted citation explains (each listed as a definition finding
    by `glossary check`); the entries the bilingual edition pairs wrongly are paired right."""
    from mtgcr.crossref.translation.glossary_pairs import pair_glossary_entries
    from mtgcr.extract.records import from_record
    from mtgcr.reports.glossary.from_store import witness_pairs

    assert len(ZH_LABELS) == 19
    with Store(store, readonly=True) as s:
        witness = witness_pairs(s, "zh")
        for label in ZH_LABELS:
            tr = from_record(
                s.release_rows(
                    next(r for r in s.releases("zh") if r.label == label and r.complete).id
                )
            )
            en = from_record(
                s.release_rows(
                    next(r for r in s.releases("en") if r.label == label and r.complete).id
                )
            )
            pairing = pair_glossary_entries(tr, en, witness)
            assert len(pairing.pairs) >= len(tr.glossary) - 3, label
            differ = agree = 0
            for p in map(_Checked, pairing.pairs):
                if p.tr_rules and p.en_rules:
                    if p.tr_rules == p.en_rules:
                        agree += 1
                        continue
                    differ += 1
                    assert _explained(p), (
                        label,
                        p.pair.tr.term,
                        p.pair.en.term,
                        sorted(map(str, p.tr_rules)),
                        sorted(map(str, p.en_rules)),
                    )
            assert differ <= 15 and agree >= 550, (label, agree, differ)
            terms = {p.tr.term: p.en.term for p in pairing.pairs}
            assert terms.get("传奇规则") == "Legend Rule" and terms.get("横置符号") == "Tap Symbol"
            assert (
                terms.get("别名") == "Alternate Name"
                and terms.get("替代性费用") == "Alternative Cost"
            )
    assert any("传奇规则" in d and "'Legendary'" in d for d in load_zh_disagreements(store))


def load_zh_disagreements(store) -> list[str]:
    with Store(store, readonly=True) as s:
        return load_catalog(s, "zh", "20260417").disagreements


def test_zh_20260417_colorless_and_color_indicator_and_the_witness_disagreements(zh):
    terms = {(p.term, p.en) for p in zh.pairs}
    assert ("无色", "Colorless") in terms and ("颜色标志", "Color Indicator") in terms
    assert 25 <= len(zh.disagreements) <= 40  # every swapped heading line, listed
    assert any("隔位分队玩法" in d and "'Alternate Name'" in d for d in zh.disagreements)
    draft = {p.term: p.translator_note for p in zh.pairs if p.en == "Draft"}
    assert set(draft) == {"轮抽", "抽选"} and all("译者注" in n for n in draft.values())


def test_cli_exports_checks_and_diffs_a_plain_zh_release(store, capsys):
    args = ["--store", str(store), "glossary"]
    assert main(args + ["export", "--lang", "zh", "--release", "20231117", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lang_tag"] == "zh-Hans" and len(data["pairs"]) > 600
    assert main(args + ["diff", "--lang", "zh", "20231117", "20240206", "--format", "json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert diff["counts"]["added"] >= 1
    assert main(args + ["check", "--lang", "zh", "--release", "20231117", "--format", "json"]) == 1


# -- terminology QA: the labelled sample ---------------------------------------------------------
def _labels(name: str) -> list[dict]:
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def _report(store, lang: str, label: str):
    with Store(store, readonly=True) as s:
        return check_store(s, load_catalog(s, lang, label))


#: Findings of the old check that reading showed true and the new check misses, with why:
#: the translation writes another word for a sense with no spelling in common with the term.
KNOWN_MISSES = {
    ("ja", "106.12a", "type"): "種類 for Type sense 2 (mana type): no part of タイプ",
    ("ja", "702.48c", "type"): "種類 for Type sense 2 (mana type): no part of タイプ",
    ("zh", "118.7b", "type"): "类型 for 类别 (Type sense 2): two-character terms are not compared",
    ("zh", "303.4c", "effect"): "异能 for 效应: no part in common, and EN names an ability too",
}


@pytest.mark.slow
@pytest.mark.parametrize("lang,label", [("ja", "20260116"), ("zh", "20260417")])
def test_qa_precision_on_the_labelled_sample_and_the_old_true_findings(store, lang, label):
    rep = _report(store, lang, label)
    found = {}
    for f in rep.findings:
        short = f.concept.removeprefix("en-glossary-")
        found[(f.kind.value, str(f.rule or ""), short, f.found)] = f
        for r in f.rules:
            found.setdefault(("rule", str(r), short, ""), f)
    sample = _labels(f"{lang}_{label}_sample.tsv")
    assert len(sample) >= 60
    missing = [
        (x["kind"], x["rule"], x["concept"], x["found"])
        for x in sample
        if (x["kind"], x["rule"], x["concept"], x["found"]) not in found
    ]
    assert not missing, f"the sample is no longer a sample of the output: {missing[:5]}"
    true = sum(x["label"] == "true" for x in sample)
    assert true / len(sample) >= 0.80, (true, len(sample))
    old = [x for x in _labels(f"{lang}_{label}_old_output.tsv") if x["label"] == "true"]
    lost = [
        x["rule"]
        for x in old
        if ("rule", x["rule"], x["concept"], "") not in found
        and (lang, x["rule"], x["concept"]) not in KNOWN_MISSES
    ]
    assert not lost, lost
