"""Cross-language alignment (mtgcr.crossref.translation.xlang) on small EN and JA rulesets written here: the EN
alignment projected onto JA quotes, the direct JA alignment on SudachiPy words, their
comparison, and the diff / history commands over a store holding both."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup
from rapidfuzz.distance import Indel

from align_helpers import ruleset
from helpers import make_doc
from mtgcr.corpus.store import Store
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.translation.langpair import pair_rulesets
from mtgcr.crossref.align.matching import Codec
from mtgcr.crossref.worddiff import sudachi_words, text_similarity
from mtgcr.crossref.translation.xlang import translation_alignment
from mtgcr.extract.records import to_record
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.cli.main import main

# EN 2030-01-10 → 2030-04-05: a mulligan rule is inserted as 100.2 (everything after shifts by
# one), the life rule is reworded in EN, the double-faced rule 100.5 is deleted and the meld
# rule 200.1 moves into section 100 as 100.6.
EN_OLD = [
    ("100.1", "Each player starts the game with 20 life."),
    ("100.2", "Each player draws seven cards at the start of the game. See rule 100.3."),
    ("100.3", "A player with 0 or less life loses the game."),
    ("100.4", "Tokens are markers that represent objects which are not cards."),
    ("100.5", "Players may look at both faces of a double-faced card."),
    ("200.1", "Players may look at both faces of a meld card."),
]
EN_NEW = [
    ("100.1", "Each player starts the game with 20 life."),
    ("100.2", "Each player may take a mulligan before the game begins."),
    ("100.3", "Each player draws seven cards at the start of the game. See rule 100.4."),
    ("100.4", "A player with 0 or less life loses the game when state-based actions are checked."),
    ("100.5", "Tokens are markers that represent objects which are not cards."),
    ("100.6", "Players may look at both faces of a meld card."),
]
# The JA quotes: the old one quotes section 100 only (not the meld rule 200.1) and skips
# nothing else; the new one skips 100.2 and 100.5. The JA life rule was not updated.
JA_OLD = [
    ("100.1", "各プレイヤーは20点のライフでゲームを開始する。"),
    ("100.2", "各プレイヤーはゲームの開始時にカードを7枚引く。rule 100.3参照。"),
    ("100.3", "ライフが0点以下のプレイヤーはゲームに敗北する。"),
    ("100.4", "トークンはカードではないオブジェクトを表すマーカーである。"),
    ("100.5", "プレイヤーは両面カードの両方の面を見てもよい。"),
]
JA_NEW = [
    ("100.1", "各プレイヤーは20点のライフでゲームを開始する。"),
    ("100.3", "各プレイヤーはゲームの開始時にカードを7枚引く。rule 100.4参照。"),
    ("100.4", "ライフが0点以下のプレイヤーはゲームに敗北する。"),
    ("100.6", "プレイヤーは合体カードの両方の面を見てもよい。"),
]


def _quote(label, rules):
    rs = ruleset(label, rules, lang="ja")
    rs.complete = False
    return rs


@pytest.fixture
def store(tmp_path):
    """A store with EN 2030-01-10 and 2030-04-05 and the two JA quotes."""
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        for k, (rs, origin) in enumerate(
            [
                (ruleset("20300110", EN_OLD), "official"),
                (ruleset("20300405", EN_NEW), "official"),
                (_quote("20300110", JA_OLD), "wiki"),
                (_quote("20300405", JA_NEW), "wiki"),
            ]
        ):
            st.add_document(
                make_doc(f"doc {k}", name=f"doc{k}.txt"), "test", [to_record(rs, origin=origin)]
            )
    return path


def _groups(al):
    return {(tuple(map(str, c.old)), tuple(map(str, c.new))): c for c in al.changes}


def test_japanese_keys_and_similarity_are_sudachi_words():
    a, b = "カードを1枚引く", "カードを2枚引く"
    assert sudachi_words(a) == ["カード", "を", "1", "枚", "引く"]
    # one word of five differs: 1 - 2/10, not the character score 1 - 2/16
    assert text_similarity(a, b, "ja") == pytest.approx(0.8)
    assert text_similarity(a, b, "en") == pytest.approx(0.875)
    code, _ = Codec("ja").encode("両面カードの両方の面")
    assert len(code) == len(sudachi_words("両面カードの両方の面")) == 6  # not 10 characters
    assert Codec("zh").encode("两面牌")[0].__len__() == 3  # Chinese stays per character


def test_projection_follows_the_english_alignment(store):
    with Store(store) as st:
        x = translation_alignment(st, "20300110", "20300405", "ja")
    assert (
        x.basis == "projected"
        and "projected from the en alignment of 2030-01-10 → 2030-04-05" in x.reason
    )
    g = _groups(x.alignment)
    assert g[("100.1",), ("100.1",)].kind == "unchanged"
    ren = g[("100.2",), ("100.3",)]
    assert ren.kind == "renumbered" and "only renumbered references" in ren.notes
    stale = g[("100.3",), ("100.4",)]  # EN reworded it; the JA text stayed
    assert stale.kind == "renumbered" and not stale.text_changed
    assert any(
        n.startswith("the en text changed") and n.endswith("the ja text did not")
        for n in stale.notes
    )
    # EN deleted 100.5: the JA quote has it, so it is removed (whatever the new quote shows)
    assert g[("100.5",), ()].kind == "removed"
    # JA 100.6 came from EN 200.1, which the old quote does not have: not compared
    assert [
        (c.kind, [str(n) for n in c.old], [str(n) for n in c.new], side) for c, side in x.not_quoted
    ] == [("renumbered", ["100.4"], ["100.5"], "new"), ("moved", ["200.1"], ["100.6"], "old")]
    assert not any(R.parse("100.6") in c.new for c in x.alignment.changes)
    assert x.alignment.counts == {"old": 4, "new": 3}


def test_direct_alignment_disagrees_where_it_should(store):
    with Store(store) as st:
        x = translation_alignment(st, "20300110", "20300405", "ja")
    # on its own, the JA quote pairs the double-faced rule with the meld rule (one word differs)
    direct = align_releases(x.old, x.new)
    assert _groups(direct)[("100.5",), ("100.6",)].kind == "modified"
    [d] = x.disagreements
    assert (list(map(str, d.old)), list(map(str, d.new))) == (["100.5"], ["100.6"])
    assert [(c.kind, tuple(map(str, c.old)), tuple(map(str, c.new))) for c in d.projected] == [
        ("removed", ("100.5",), ()),
        ("moved", ("200.1",), ("100.6",)),
    ]
    assert [c.kind for c in d.direct] == ["modified"]
    assert d.notes == ["200.1 of 2030-01-10 not quoted"]


def test_pairing_contradicted_by_evidence_is_not_projected(tmp_path):
    ja_new = list(JA_NEW)
    ja_new[1] = ("100.3", "各プレイヤーはゲームの開始時にカードを9枚引く。rule 100.4参照。")
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        for k, rs in enumerate(
            [
                ruleset("20300110", EN_OLD),
                ruleset("20300405", EN_NEW),
                _quote("20300110", JA_OLD),
                _quote("20300405", ja_new),
            ]
        ):
            st.add_document(
                make_doc(f"d{k}", name=f"d{k}.txt"),
                "test",
                [to_record(rs, origin="official" if k < 2 else "wiki")],
            )
        x = translation_alignment(st, "20300110", "20300405", "ja")
    p = {str(q.number): q for q in x.pairings[1].pairs}
    assert p["100.3"].status == "differs"  # 9 cards vs seven: the pair stands, noted
    assert _groups(x.alignment)[("100.2",), ("100.3",)].kind == "modified"


def test_only_the_translation_is_aligned_directly(tmp_path):
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        for k, rs in enumerate([_quote("20300110", JA_OLD), _quote("20300405", JA_NEW)]):
            st.add_document(
                make_doc(f"d{k}", name=f"d{k}.txt"), "test", [to_record(rs, origin="wiki")]
            )
        x = translation_alignment(st, "20300110", "20300405", "ja")
    assert x.basis == "direct" and x.pivot is None and not x.disagreements
    assert "on SudachiPy words" in x.reason
    assert "no complete en release of label 20300110 and 20300405" in x.reason
    g = _groups(x.alignment)
    assert g[("100.2",), ("100.3",)].kind == "renumbered"
    assert g[("100.5",), ("100.6",)].kind == "modified"
    # a quote's silence is no removal: 100.4 (tokens) is not quoted in the new release
    assert not any(c.kind in ("added", "removed") for c in x.alignment.changes)


def test_diff_command_reports_the_projection(store, capsys):
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "diff",
                "20300110",
                "20300405",
                "--lang",
                "ja",
                "--format",
                "json",
            ]
        )
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    a = d["alignment"]
    assert a["basis"] == "projected" and a["pivot"]["old"]["effective_date"] == "2030-01-10"
    assert a["pairing"]["old"]["conflict"] == 0
    assert [(x["old"], x["new"]) for x in a["disagreements"]] == [(["100.5"], ["100.6"])]
    assert [(c["kind"], c["old"], c["new"]) for c in d["changes"]] == [
        ("renumbered", ["100.2"], ["100.3"]),
        ("renumbered", ["100.3"], ["100.4"]),
        ("removed", ["100.5"], []),
    ]
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "diff",
                "20300110",
                "20300405",
                "--lang",
                "ja",
                "--format",
                "html",
            ]
        )
        == 0
    )
    soup = BeautifulSoup(capsys.readouterr().out, "lxml")
    assert soup.select_one("#alignment-basis")["data-basis"] == "projected"
    [li] = soup.select("#disagreements li")
    assert (li["data-old"], li["data-new"]) == ("100.5", "100.6")
    assert "200.1 of 2030-01-10 not quoted" in li.get_text()


def test_history_of_a_quoted_rule_follows_the_english_lineage(store, capsys):
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "history",
                "100.4",
                "--lang",
                "ja",
                "--format",
                "json",
            ]
        )
        == 0
    )
    h = json.loads(capsys.readouterr().out)
    assert [(e["release"], e["number"], e["kind"]) for e in h] == [
        ("2030-01-10", "100.3", "initial"),
        ("2030-04-05", "100.4", "modified"),
    ]
    assert [e["translation"]["status"] for e in h] == ["quoted", "quoted"]
    assert h[0]["translation"]["pairing"] == {"100.3": "verified"}  # the numeral 0 agrees
    code = main(["--silent", "--store", str(store), "history", "100.5", "--lang", "ja"])
    err = capsys.readouterr().err
    assert code == 2 and "100.5 is not in ja 20300405 (quoted rules only)" in err
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "history",
                "100.5",
                "--lang",
                "ja",
                "--release",
                "20300110",
                "--format",
                "json",
            ]
        )
        == 0
    )
    h = json.loads(capsys.readouterr().out)
    assert [(e["number"], e["kind"], e["translation"]["status"]) for e in h] == [
        ("100.5", "initial", "quoted"),
        (None, "removed", "absent"),
    ]


def test_history_without_the_english_release_says_what_to_ingest(tmp_path, capsys):
    path = tmp_path / "s.sqlite"
    with Store(path) as st:
        st.add_document(
            make_doc("q", name="q.txt"),
            "test",
            [to_record(_quote("20300405", JA_NEW), origin="wiki")],
        )
    code = main(["--silent", "--store", str(path), "history", "100.4", "--lang", "ja"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert (
        "no complete en release of label 20300405 is in the store (ingest the en release 20300405)"
        in err
    )


def test_pairing_of_the_unit_quotes_is_verified():
    # the evidence the projection relies on: numerals and references agree rule by rule
    p = pair_rulesets(_quote("20300110", JA_OLD), ruleset("20300110", EN_OLD))
    assert {str(q.number): q.status for q in p.pairs} == {
        "100.1": "verified",
        "100.2": "verified",
        "100.3": "verified",
        "100.4": "unverified",
        "100.5": "unverified",
    }
    assert (
        Indel.normalized_similarity(sudachi_words(JA_OLD[4][1]), sudachi_words(JA_NEW[3][1])) > 0.8
    )


def test_remap_of_a_quoted_rule_follows_the_english_lineage(store, capsys):
    code = main(
        [
            "--silent",
            "--store",
            str(store),
            "remap",
            "100.2",
            "--from",
            "20300110",
            "--to",
            "20300405",
            "--lang",
            "ja",
        ]
    )
    assert code == 0
    assert (
        capsys.readouterr().out.strip()
        == "100.2 (2030-01-10) → 100.3 (2030-04-05); ja 20300405: quoted"
    )
    code = main(
        [
            "--silent",
            "--store",
            str(store),
            "remap",
            "100.4",
            "--from",
            "20300110",
            "--to",
            "20300405",
            "--lang",
            "ja",
            "--format",
            "json",
        ]
    )
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["numbers"] == ["100.5"] and d["translation"] == "ja 20300405: not quoted"
    code = main(
        [
            "--silent",
            "--store",
            str(store),
            "remap",
            "100.5",
            "--from",
            "20300110",
            "--to",
            "20300405",
            "--lang",
            "ja",
        ]
    )
    assert code == 1 and "removed in 2030-04-05" in capsys.readouterr().out


def test_build_projects_translations_too(tmp_path):
    from mtgcr.reports.build_site import build_reports

    path = tmp_path / "s.sqlite"
    ja_new = (
        JA_NEW[:1]
        + [("100.2", "各プレイヤーはゲーム開始前にマリガンを行ってもよい。")]
        + JA_NEW[1:3]
        + [("100.5", "トークンはカードではないオブジェクトを表すマーカーである。")]
        + JA_NEW[3:]
    )
    with Store(path) as st:
        for k, rs in enumerate(
            [
                ruleset("20300110", EN_OLD),
                ruleset("20300405", EN_NEW),
                ruleset("20300110", JA_OLD, lang="ja"),
                ruleset("20300405", ja_new, lang="ja"),
            ]
        ):
            st.add_document(make_doc(f"d{k}", name=f"d{k}.txt"), "test", [to_record(rs)])
        index = build_reports(st, tmp_path / "site", ["ja"], formats=["json"])
    [lang] = index["languages"]
    d = json.loads(
        (tmp_path / "site" / lang["pairs"][0]["files"]["json"]).read_text(encoding="utf-8")
    )
    assert d["alignment"]["basis"] == "projected"
    kinds = {(tuple(c["old"]), tuple(c["new"])): c["kind"] for c in d["changes"]}
    # complete translations: the mulligan rule is added, the tokens rule renumbered
    assert kinds[((), ("100.2",))] == "added" and kinds[(("100.4",), ("100.5",))] == "renumbered"
    assert [(x["old"], x["new"]) for x in d["alignment"]["disagreements"]] == [
        (["100.5"], ["100.6"])
    ]


def test_a_quote_without_examples_and_wiki_links_is_not_a_translation_edit(tmp_path):
    """A JA wiki quote of 20300110 (no examples; a ``[[link]]`` left in its text) against the
    complete JA 20300405 with the same rule text plus an example: unchanged, with a note
    that the examples were not compared; a real wording change is still found."""
    en_old = [
        ("100.1", "Each player starts with 20 life.", ["A player at 20 life."]),
        ("100.2", "Spells or abilities with targets count each target."),
    ]
    en_new = [
        ("100.1", "Each player starts with 20 life.", ["A player at 20 life."]),
        ("100.2", "Spells or abilities with targets count each target once."),
    ]
    ja_old = [
        ("100.1", "各プレイヤーは20点のライフでゲームを開始する。"),
        ("100.2", "対象を持つ[[[呪文]]や能力]は対象を数える。"),
    ]
    ja_new = [
        ("100.1", "各プレイヤーは20点のライフでゲームを開始する。", ["ライフ20点のプレイヤー。"]),
        ("100.2", "対象を持つ[呪文や能力]は対象を数える。"),
    ]
    path = tmp_path / "s.sqlite"
    full = ruleset("20300405", ja_new, lang="ja")
    with Store(path) as st:
        for k, (rs, origin) in enumerate(
            [
                (ruleset("20300110", en_old), "official"),
                (ruleset("20300405", en_new), "official"),
                (_quote("20300110", ja_old), "wiki"),
                (full, "official"),
            ]
        ):
            st.add_document(
                make_doc(f"doc {k}", name=f"doc{k}.txt"), "test", [to_record(rs, origin=origin)]
            )
        cross = translation_alignment(st, "20300110", "20300405", "ja")
    g = _groups(cross.alignment)
    c1 = g[(("100.1",), ("100.1",))]
    assert c1.kind == "unchanged" and not c1.text_changed, c1.notes

    assert any("not examples" in n and "quote of 2030-01-10" in n for n in c1.notes)
    c2 = g[(("100.2",), ("100.2",))]
    # EN changed, the JA text did not once the wiki link markup is set aside
    assert c2.kind == "unchanged" and not c2.text_changed
    assert any("the en text changed" in n for n in c2.notes)
    # the stored quote keeps the text as published
    with Store(path) as st:
        from mtgcr.extract.records import load_ruleset

        assert load_ruleset(st, "20300110", "ja").rules[R.parse("100.2")].text == ja_old[1][1]


def test_strip_wiki_markup():
    from mtgcr.crossref.translation.xlang import strip_wiki_markup

    assert strip_wiki_markup("[[[呪文]]や能力]") == "[呪文や能力]"
    assert strip_wiki_markup("[[戦場/Battlefield|戦場]]に出る") == "戦場に出る"
    assert strip_wiki_markup("'''コピー'''/''Copy''") == "コピー/Copy"
    assert strip_wiki_markup("[数]の対象") == "[数]の対象"
