"""Which translation release commands that pair with English default to
(mtgcr.crossref.translation.langpair.paired_default), on small EN and ZH rulesets written here: ZH 20300405 is
newer than every stored EN release, ZH 20300110 has its EN release."""

from __future__ import annotations

import json

import pytest

from align_helpers import ruleset
from helpers import make_doc
from mtgcr.extract.provenance import Place
from mtgcr.corpus.store import Store
from mtgcr.crossref.translation.langpair import paired_default
from mtgcr.extract.records import to_record
from mtgcr.cli.main import main

EN = [
    ("100.1", "Trample lets a creature assign excess combat damage to the player."),
    ("100.2", "Each player starts the game with 20 life."),
]
ZH = [
    ("100.1", "践踏使生物可以将多余的战斗伤害分配给牌手。"),
    ("100.2", "每位牌手以20点总生命开始游戏。"),
]


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        for k, rs in enumerate(
            [
                ruleset("20300110", EN),
                ruleset("20300110", ZH, lang="zh"),
                ruleset("20300405", ZH, lang="zh"),
            ]
        ):
            st.add_document(
                make_doc(f"doc {k}", name=f"doc{k}.txt"), "test", [to_record(rs, origin="official")]
            )
    return path


def test_paired_default_skips_a_release_without_english(store):
    with Store(store) as st:
        info, note = paired_default(st, "zh")
    assert info.label == "20300110"
    assert note == (
        "zh 20300405 has no en release stored (ingest the en release 20300405 to "
        "pair it); using zh 2030-01-10, the newest with one"
    )


def test_show_pair_defaults_to_a_paired_release(store, capsys):
    assert main(["--store", str(store), "show", "100.1", "--lang", "zh", "--pair"]) == 0
    cap = capsys.readouterr()
    assert "zh 2030-01-10" in cap.out and "EN 2030-01-10: Trample lets" in cap.out
    assert "ingest the en release 20300405" in cap.err


def test_show_pair_of_an_unpaired_release_says_what_to_ingest(store, capsys):
    assert (
        main(
            [
                "--store",
                str(store),
                "show",
                "100.1",
                "--lang",
                "zh",
                "--pair",
                "--release",
                "20300405",
            ]
        )
        == 0
    )
    cap = capsys.readouterr()
    assert "zh 2030-04-05" in cap.out
    assert "note: zh 20300405 has no en release stored (ingest the en release 20300405" in cap.err


def test_history_of_a_translation_defaults_to_a_paired_release(store, capsys):
    assert main(["--store", str(store), "history", "100.1", "--lang", "zh"]) == 0
    cap = capsys.readouterr()
    assert "history of 100.1 (zh 20300110" in cap.out
    assert "ingest the en release 20300405" in cap.err


def test_show_of_a_partial_release_names_pages_and_coverage(tmp_path, capsys):
    path = tmp_path / "q.sqlite"
    quote = ruleset("20300110", ZH + [("200.3", "每位牌手都有牌库。")], lang="zh")
    quote.complete = False
    prov = {n: (Place(f"/pages/p{n.section}.txt", k + 3),) for k, n in enumerate(quote.rules)}
    with Store(path) as st:
        st.add_document(
            make_doc("doc q", name="q.txt"),
            "test",
            [to_record(quote, origin="wiki", provenance=prov)],
        )
    assert main(["--store", str(path), "show", "100.2", "--lang", "zh"]) == 0
    assert "p100.txt line 4" in capsys.readouterr().out.splitlines()[0]
    assert main(["--store", str(path), "show", "100.2", "--lang", "zh", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["provenance"] == [
        {"document": "/pages/p100.txt", "line": 4, "column": None, "revision": None}
    ]
    assert main(["--store", str(path), "show", "100.3", "--lang", "zh"]) != 0
    err = capsys.readouterr().err
    assert (
        "rule 100.3 is not quoted in the stored pages of zh 2030-01-10 (quotes cover "
        "§100 100.1–100.2, §200 200.3; pages: p100.txt, p200.txt)"
    ) in err


@pytest.mark.parametrize(
    "lang,example,line",
    [
        ("zh", "每位牌手。", "    例如：每位牌手。"),
        ("ja", "各プレイヤー。", "    例：各プレイヤー。"),
        ("en", "Each player.", "    Example: Each player."),
    ],
)
def test_examples_are_labelled_with_the_language_marker(tmp_path, capsys, lang, example, line):
    rs = ruleset("20300110", [("100.1", "Rule text.", [example])], lang=lang)
    path = tmp_path / "e.sqlite"
    with Store(path) as st:
        st.add_document(make_doc("doc e", name="e.txt"), "test", [to_record(rs, origin="official")])
    assert main(["--store", str(path), "show", "100.1", "--lang", lang]) == 0
    assert capsys.readouterr().out.splitlines()[2] == line
