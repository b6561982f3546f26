"""mtgcr.crossref.translation.langpair on JA-like quotes and translations written for these tests, and the
``mtgcr pair`` command on a small store (an EN file and a wiki page with a quote, both written
here)."""

from __future__ import annotations

import json
from datetime import date

from align_helpers import lang_ruleset
from helpers import ingested_store
from mtgcr.crossref.translation.langpair import evidence, evidence_items, pair_rule, pair_rulesets
from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.profiles import PROFILES
from mtgcr.extract.rulenum import RuleNumber as N

from crfile import cr_text


def _rs(lang: str, label: str, rules: dict, complete: bool = True) -> Ruleset:
    """:func:`align_helpers.lang_ruleset` effective 2030-01-10."""
    return lang_ruleset(lang, label, rules, complete, date(2030, 1, 10))


EN = {
    "712.1": "A double-faced card has two faces.",
    "712.2": (
        "Only transforming permanents can transform. (See rule 701.28, “Transform.”)",
        ["A Clone copying a 2/1 creature can’t transform."],
    ),
    "712.3": "The back face of a meld card is used only on the battlefield.",
    "712.4": "A player may look at both faces.",
    "805.1": "The shared team turns option has its own combat rules.",
    "805.1a": "Each team attacks as a group.",
    "805.1b": "As the combat damage step begins, the active team announces damage. See rule 510.1.",
}


def test_a_quote_without_examples_is_compared_with_the_rule_text_alone():
    en = _rs("en", "20300110", EN)
    quote = _rs(
        "ja",
        "20300110",
        {"712.2": "変身するパーマネントだけが変身できる(rule 701.28〔変身する〕参照)。"},
        complete=False,
    )
    pair = pair_rulesets(quote, en).pairs[0]
    # the EN example's "2/1" is not held against a quote that gives no examples
    assert (pair.status, pair.evidence, pair.details) == ("verified", ["cites 701.28"], [])
    # a complete translation that drops the example does differ
    quote.complete = True
    pair = pair_rulesets(quote, en).pairs[0]
    assert pair.details == [
        "EN numeral 1 not in translation",
        "EN numeral 2 not in translation",
        "0 examples, EN has 1",
    ]


def test_japanese_notes_and_face_names_are_no_evidence():
    ja = PROFILES["ja"]
    text = (
        "同じ「target」の語で示される中で(日本語版では、「[性質]N個」としてまとめられている中で)、"
        "合体カードの第2面を参照する。日本語版では、それらは「Nつを対象とする。」といった表現になっている。"
    )
    ev = evidence(text, False, ja.note_re, None, ja.numeral_words, ja.non_numeral_re)
    assert ev.latin == ("target",) and not ev.numerals
    en = evidence("The same target can’t be chosen twice for the back face.", True)
    assert evidence_items(ev, en) == (["word 'target'"], [])
    # without the profile data, the note's "N" and the face's "2" would be read as evidence
    raw = evidence(text, False)
    assert "n" in raw.latin and "2" in raw.numerals


def test_single_letters():
    en = evidence("Player A chooses X.", True)
    assert evidence_items(evidence("プレイヤーAがXを選ぶ。", False), en) == (["word 'x'"], [])
    assert evidence_items(evidence("N個を選ぶ。", False), en) == ([], [])


def test_quote_reports_the_en_rules_it_leaves_out():
    en = _rs("en", "20300110", EN)
    quote = _rs(
        "ja",
        "20300110",
        {
            "712.1": "両面カードには2つの面がある。",
            "712.2": "変身する(rule 701.28 参照)。",
            "712.4": "プレイヤーは両方の面を見ることができる。",
        },
        complete=False,
    )
    p = pair_rulesets(quote, en)
    assert [str(n) for n in p.not_quoted] == ["712.3"]  # not the rules of section 805
    assert p.exceptions() == [] and p.rate == 1.0
    assert p.counts()["not_quoted"] == 1
    assert p.as_json()["not_quoted"] == ["712.3"]
    assert [(str(x.number), x.status) for x in p.pairs] == [
        ("712.1", "verified"),
        ("712.2", "verified"),
        ("712.4", "unverified"),
    ]


def test_a_translation_that_keeps_a_removed_rule_runs_one_ahead():
    """EN removed a subrule (805.1b of an older release); the translation kept it, so its
    805.1c is EN's 805.1b."""
    en805 = {k: v for k, v in EN.items() if k.startswith("805")}
    en = _rs("en", "20300405", en805)
    old = _rs(
        "en",
        "20300110",
        {
            **en805,
            "805.1b": "Once blockers are declared, announce the damage order.",
            "805.1c": EN["805.1b"],
        },
    )
    tr = _rs(
        "ja",
        "20300405",
        {
            "805.1": "共有チーム・ターンでは別の戦闘ルールを用いる。",
            "805.1a": "各チームはグループで攻撃する。",
            "805.1b": "ブロック・クリーチャーが指定された後、ダメージ割り振り順を宣言する。",
            "805.1c": "戦闘ダメージ・ステップ開始に際して宣言する。rule 510.1 参照。",
        },
    )
    p = pair_rulesets(tr, en, [old])
    b = next(x for x in p.pairs if str(x.number) == "805.1b")
    assert (b.status, str(b.taken_by), b.details) == (
        "conflict",
        "805.1c",
        ["EN cites 510.1, translation does not"],
    )
    assert {str(k): (str(m), items) for k, (m, items) in p.counterparts.items()} == {
        "805.1c": ("805.1b", ["cites 510.1"])
    }
    assert {str(k): v for k, v in p.elsewhere.items()} == {"805.1c": "20300110"}
    assert p.exceptions() == [
        (
            "805.1b",
            "conflict: EN cites 510.1, translation does not; the translation's 805.1c "
            "fits EN 805.1b better",
        ),
        (
            "805.1c",
            "no EN rule of this number; its text is EN 805.1b's (cites 510.1); EN 20300110 "
            "has a 805.1c that fits it",
        ),
    ]
    assert p.rate == 2 / 4
    # a sibling whose own pair agrees better is not taken
    tr.rules[N.parse("805.1b")] = Rule(N.parse("805.1b"), "戦闘ダメージ(rule 510.1 参照)。2回。", 3)
    p = pair_rulesets(tr, en)
    assert p.counterparts == {} and all(x.taken_by is None for x in p.pairs)


def test_pair_rule_matches_pair_rulesets():
    en = _rs("en", "20300110", EN)
    tr = _rs("ja", "20300110", {"712.2": ("変身する(rule 701.28 参照)。", ["2/1のクリーチャー。"])})
    one = pair_rule(tr, en, N.parse("712.2"))
    assert one.as_json() == pair_rulesets(tr, en).pairs[0].as_json()
    assert one.evidence == ["cites 701.28", "numeral 1", "numeral 2", "1 example"]
    assert pair_rule(tr, en, N.parse("712.1")) is None


# -- mtgcr pair ----------------------------------------------------------------------------
EN_BODY = """\
7. Additional Rules

712. Double-Faced Cards

712.1. A double-faced card has a front face and a back face. See rule 701.28.

712.2. Each face has its own characteristics.

712.3. Only transforming permanents can transform, 2 times at most.

712.3a A meld card has no back face of its own.
"""

PAGE = """両面カード

提供：MTG Wiki

両面カード/Double-Faced Cardは、2つの面を持つカード。

引用：総合ルール 20310303.0

• 7 その他のルール
  • 712 両面カード
    • 712.1 両面カードには第1面と第2面がある。rule 701.28 参照。
    • 712.3 変身するパーマネントだけが変身できる。最大3回。
"""


def test_cli_pair(tmp_path, capsys):
    from mtgcr.cli.main import main

    store = ingested_store(
        tmp_path, {"MagicCompRules 20310303.txt": cr_text(EN_BODY), "dfc.txt": PAGE}
    )
    assert (
        main(
            [
                "--store",
                str(store),
                "pair",
                "--lang",
                "ja",
                "--release",
                "20310303",
                "--format",
                "json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert (
        out["translation"]["label"],
        out["translation"]["origin"],
        out["english"]["label"],
        out["complete"],
    ) == ("20310303", "wiki", "20310303", False)
    assert out["not_quoted"] == ["712.2", "712.3a"]
    assert [(x["number"], x["status"], x["evidence"], x["details"]) for x in out["pairs"]] == [
        ("712.1", "verified", ["cites 701.28"], []),
        ("712.3", "differs", [], ["numeral 3 not in EN", "EN numeral 2 not in translation"]),
    ]
    assert out["exceptions"] == [] and out["better_release"] is None
    assert main(["--store", str(store), "pair", "--lang", "ja", "--release", "20310303"]) == 0
    text = capsys.readouterr().out
    assert "paired by number: 2 of 2 (100.00%)" in text
    assert (
        "not quoted (EN rules of the quoted sections the quote leaves out): 712.2, 712.3a" in text
    )
    assert main(["--store", str(store), "pair", "--lang", "en"]) == 2
    assert "give --lang ja, zh or ru" in capsys.readouterr().err
