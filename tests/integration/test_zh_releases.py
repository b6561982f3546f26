"""Integration: the 19 ZH releases (../shared/corpus/zh/plain_text) ingest through the generic CR
text parser and pair with the EN release of the same label. Reads ../shared (skipped when absent).

Every exception to the pairing is listed here with its cause, checked against the files:

* none is left: every rule number of every release pairs, and no pair is contradicted by the
  evidence (0 conflicts).
* one pair exists only because the parser reads a misprint: 20220610 prints the second subrule
  of 701.42 (Surveil) as a second ``701.42a`` (line 3379) — a translation typo, read as
  701.42b (the number its position demands), which the evidence then confirms.

Figures seen (verified / unverified / differs per release) are printed by
``benchmarks/bench_langpair.py``.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from helpers import CORPUS, need

pytestmark = pytest.mark.integration

ZH = CORPUS / "zh" / "plain_text"
LABELS = [
    "20220610",
    "20231013",
    "20231117",
    "20240206",
    "20240308",
    "20240410",
    "20240607",
    "20240802",
    "20240917",
    "20241108",
    "20250207",
    "20250404",
    "20250606",
    "20250725",
    "20250919",
    "20251114",
    "20260116",
    "20260227",
    "20260417",
]

#: Every rule that does not pair, per release, with its cause.
EXCEPTIONS: dict[str, list[tuple[str, str]]] = {}
#: Pairs that exist only because the parser read a misprinted number.
REPAIRS = {"20220610": [("701.42b", "printed as 701.42a, line 3379")]}

#: Stale cross-references: the ZH rule cites the number an older EN release used, and the
#: rule of that older release fits the ZH text with no disagreement.
STALE = {
    ("20231013", "702.145b"): (
        "20220610",
        "cites 725, EN does not; EN cites 726, translation does not",
    ),
    ("20251114", "703.4q"): (
        "20250919",
        "cites 500.4, EN does not; EN cites 500.5, translation does not",
    ),
    ("20260417", "801.17"): (
        "20260227",
        "cites 726, EN does not; EN cites 727, translation does not",
    ),
}


def en_file(label: str) -> Path:
    """The EN file of a label: official (YYYY-MM-DD.txt) or, for the six releases found only as
    normalised copies, en/normalized/YYYYMMDD_En.txt."""
    p = CORPUS / "en" / "official" / f"{label[:4]}-{label[4:6]}-{label[6:]}.txt"
    return p if p.exists() else CORPUS / "en" / "normalized" / f"{label}_En.txt"


@pytest.fixture(scope="module")
def pairs():
    from mtgcr.corpus.document import load_document
    from mtgcr.crossref.translation.langpair import pair_rulesets
    from mtgcr.extract.formats.cr_text import parse_cr_text

    need(ZH)
    out = {}
    prev_en = None
    for label in LABELS:
        zh = parse_cr_text(load_document(ZH / f"{label}_Zh.txt"))
        en = parse_cr_text(load_document(need(en_file(label))))
        out[label] = (zh, en, pair_rulesets(zh, en, [prev_en] if prev_en else []))
        prev_en = en
    return out


def test_all_19_ingest(tmp_path):
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    need(ZH)
    with Store(tmp_path / "zh.sqlite") as store:
        results = ingest_paths(store, [ZH])
        by_name = {Path(r.path).name: r for r in results}
        assert sorted(by_name) == sorted([f"{l}_Zh.txt" for l in LABELS] + ["translatedterms.txt"])
        assert all(r.status == "ingested" for r in results), [r.error for r in results if r.error]
        assert {r.kind for n, r in by_name.items() if n != "translatedterms.txt"} == {"cr-text"}
        rels = store.releases("zh")
        assert [r.label for r in rels] == LABELS
        # whole texts; their copies' origin is unknown (plain_text is no "official" folder)
        assert all(r.complete and r.origin == "whole" for r in rels)
        assert {r.origin_name for r in rels} == {"unknown"}
        # the body dates differ from the labels where the EN files' do
        eff = {r.label: r.effective_date for r in rels}
        assert eff["20240206"] == "2024-02-02" and eff["20240802"] == "2024-07-30"
        assert eff["20240410"] == "2024-04-12" and eff["20260417"] == "2026-04-17"
        # the provisional term list becomes term pairs, not a release
        assert by_name["translatedterms.txt"].kind == "term-list"
        terms = store.facts("term-pair")
        assert len(terms) == 49
        assert {
            "lang": "zh",
            "en": "Abandon",
            "term": "撤废",
            "line": 6,
            "provisional": True,
            "document_source": str(ZH / "translatedterms.txt"),
        } in terms


def test_counts_match_english(pairs):
    for label, (zh, en, _) in pairs.items():
        cz, ce = zh.counts(), en.counts()
        if label == "20220610":
            assert (cz["glossary"], ce["glossary"]) == (627, 625)
            dup = Counter(g.term for g in zh.glossary)
            assert sorted(t for t, n in dup.items() if n > 1) == ["传奇", "平原行者", "暗码"]
            cz = dict(cz, glossary=ce["glossary"])
        assert cz == ce, label


def test_pairing_rate_and_every_exception(pairs):
    for label, (_zh, _en, p) in pairs.items():
        assert p.rate >= 0.995, (label, p.rate)
        assert p.exceptions() == EXCEPTIONS.get(label, []), label
        assert p.repairs() == REPAIRS.get(label, []), label
        assert p.counts()["conflict"] == 0
        assert not p.sections_only_translation and not p.sections_only_english
        # the whole text fits its own EN release better than the previous one
        assert p.fits[0].label == label and p.better_release is None


def test_verification_figures(pairs):
    zh, en, p = pairs["20231117"]
    c = p.counts()
    assert c["verified"] + c["unverified"] + c["differs"] == len(en.rules) == 2899
    assert c["verified"] > 1200  # evidence (references, numerals, symbols, examples) agrees
    diffs = dict(p.differences())
    assert diffs["115.3"] == "cites 115.6, EN does not; EN cites 115.7, translation does not"
    assert diffs["111.10b"] == "EN symbol {2} not in translation"  # ZH omits {2} in the Food token
    # a stale abbreviated range: "601.2a-h" where EN now says "601.2a–i"
    assert diffs["608.2g"] == "cites 601.2h, EN does not; EN cites 601.2i, translation does not"


def test_stale_references_fit_the_previous_release(pairs):
    for (label, number), (older, details) in STALE.items():
        pair = next(x for x in pairs[label][2].pairs if str(x.number) == number)
        assert pair.status == "differs"
        assert "; ".join(pair.details) == details
        assert pair.better_release == older


def test_show_pair_and_diff_in_chinese(tmp_path, capsys):
    """`show --lang zh --pair` and `diff --lang zh` on two real ZH releases and their EN."""
    import json

    from mtgcr.cli.main import main

    need(ZH)
    store = str(tmp_path / "s.sqlite")
    files = [
        ZH / "20231117_Zh.txt",
        ZH / "20240206_Zh.txt",
        en_file("20231117"),
        en_file("20240206"),
    ]
    assert main(["--store", store, "--silent", "ingest", *map(str, files)]) == 0
    capsys.readouterr()
    assert (
        main(
            [
                "--store",
                store,
                "show",
                "115.3",
                "--lang",
                "zh",
                "--release",
                "20231117",
                "--pair",
                "--format",
                "json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["text"].startswith("咒语或异能上的每个“目标”一词")
    pair = out["english"][0]
    assert pair["english"]["text"].startswith("The same target can’t be chosen multiple times")
    assert pair["status"] == "differs"
    assert pair["details"] == ["cites 115.6, EN does not", "EN cites 115.7, translation does not"]
    assert (
        main(["--store", store, "diff", "20231117", "20240206", "--lang", "zh", "--format", "json"])
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    assert d["summary"]["rules"]["added"] == 38 and d["summary"]["rules"]["removed"] == 0
    assert d["summary"]["rules"]["unchanged"] > 2700
    # the ZH alignment finds every correspondence of the EN one (111 changed EN rules); it
    # also has 40 rules the translators edited between the two ZH releases
    assert main(["--store", store, "diff", "20231117", "20240206", "--format", "json"]) == 0
    e = json.loads(capsys.readouterr().out)
    pairs = lambda x: {
        (tuple(c["old"]), tuple(c["new"]))
        for c in x["changes"]
        if c["kind"] not in ("added", "removed", "unchanged")
    }
    assert len(pairs(e)) == 111 and pairs(e) <= pairs(d) and len(pairs(d) - pairs(e)) == 40
