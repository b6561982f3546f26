"""``define`` in a translation falls back to the newest release that has its EN release (as
``show --pair`` does) and says when a glossary is cut off (issue 9, part 8). Small EN and ZH
rulesets written here: ZH 20300405 is newer than every stored EN release."""

from __future__ import annotations

import json

import pytest

from align_helpers import ruleset
from helpers import make_doc
from mtgcr.corpus.store import Store
from mtgcr.extract.records import to_record
from mtgcr.cli.main import main

EN = [
    ("702.19", "Trample is a static ability that modifies the rules for assigning combat damage."),
    ("702.19a", "See rule 702.19 for what trample does."),
]
ZH = [
    ("702.19", "践踏是一种静止式异能，它会改变分配战斗伤害的规则。"),
    ("702.19a", "参见规则702.19。"),
]
EN_GLOSSARY = [
    (
        "Trample",
        "A keyword ability that modifies how a creature assigns combat damage. See rule 702.19, \u201cTrample.\u201d",
    ),
    ("Attack", "To declare a creature as an attacker."),
]
ZH_GLOSSARY = [
    ("践踏", "一种关键字异能，影响生物如何分配战斗伤害。参见规则702.19，\u201c践踏\u201d。"),
    ("攻击", "宣告生物进行攻击。"),
]


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.sqlite"
    cut = ruleset("20300701", EN, glossary=EN_GLOSSARY[1:])
    cut.truncated = True
    with Store(path) as st:
        for k, rs in enumerate(
            [
                ruleset("20300110", EN, glossary=EN_GLOSSARY),
                ruleset("20300110", ZH, glossary=ZH_GLOSSARY, lang="zh"),
                ruleset("20300405", ZH, glossary=ZH_GLOSSARY, lang="zh"),
                cut,
            ]
        ):
            st.add_document(
                make_doc(f"doc {k}", name=f"doc{k}.txt"), "test", [to_record(rs, origin="official")]
            )
    return path


def test_an_english_headword_in_a_translation_falls_back_to_a_paired_release(store, capsys):
    assert main(["--store", str(store), "define", "Trample", "--lang", "zh"]) == 0
    cap = capsys.readouterr()
    assert cap.out.startswith("践踏  (zh 2030-01-10, line ")
    assert "found through the en entry Trample" in cap.out
    assert cap.err == (
        "note: zh 20300405 has no en release stored (ingest the en release "
        "20300405 to pair it); using zh 2030-01-10, the newest with one\n"
    )


def test_a_term_of_the_newest_translation_needs_no_fallback(store, capsys):
    assert main(["--store", str(store), "define", "践踏", "--lang", "zh", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["release"]["label"] == "20300405" and got["note"] is None


def test_a_release_given_is_not_replaced(store, capsys):
    assert (
        main(["--store", str(store), "define", "Trample", "--lang", "zh", "--release", "20300405"])
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("mtgcr: no glossary entry 'Trample' in zh 2030-04-05")


def test_a_cut_off_glossary_is_said_to_be(store, capsys):
    assert main(["--store", str(store), "define", "Trample", "--release", "2030-07-01"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(
        "mtgcr: no glossary entry 'Trample' in en 2030-07-01"
    )
    assert err.rstrip().endswith(
        "the glossary of en 2030-07-01 is cut off after 'Attack' (the "
        "file ends there): later entries are missing"
    )
    assert main(["--store", str(store), "define", "Attack", "--release", "2030-07-01"]) == 0
    cap = capsys.readouterr()
    assert cap.out.startswith("Attack  (en 2030-07-01")
    assert "note: the glossary of en 2030-07-01 is cut off after 'Attack'" in cap.err


@pytest.mark.parametrize(
    "term, release, lang",
    [
        ("Trample", None, "zh"),  # through the EN glossary, in the fallback release
        ("践踏", None, "zh"),
        ("Attack", "2030-07-01", "en"),  # a cut-off glossary
        ("trample", "2030-01-10", "en"),
    ],
)
def test_a_glossary_only_read_finds_the_same_entry(store, term, release, lang):
    from mtgcr.api import Corpus

    whole = Corpus(store).define(term, release, lang)
    lean = Corpus(store).define(term, release, lang, glossary_only=True)
    assert (lean.entry, lean.how, lean.via, lean.fallback, lean.cut_off) == (
        whole.entry,
        whole.how,
        whole.via,
        whole.fallback,
        whole.cut_off,
    )
    assert lean.ruleset.release == whole.ruleset.release
    assert lean.ruleset.glossary == whole.ruleset.glossary
    assert lean.ruleset.truncated == whole.ruleset.truncated
    assert whole.ruleset.rules and not lean.ruleset.rules and not lean.ruleset.sections


def test_release_rows_of_the_glossary_alone_reads_the_glossary_rows(store):
    with Store(store, readonly=True) as st:
        info = st.resolve("2030-01-10", "en")
        whole, lean = st.release_rows(info.id), st.release_rows(info.id, tables=("glossary",))
    assert lean.release == whole.release and lean.glossary == whole.glossary
    assert [g["term"] for g in lean.glossary] == ["Trample", "Attack"]
    assert whole.rules and (lean.chapters, lean.sections, lean.rules, lean.examples) == ([],) * 4
