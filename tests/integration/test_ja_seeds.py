"""Integration: the four JA seeds (MTG Wiki pages) in ../shared/seeds — titles and term pairs,
card pairs, every quoted rule number and its text, the citations, both revisions of the diff
view — and the quotes of §712 set against the EN releases they translate."""

import re

import pytest

from helpers import OFFICIAL, SHARED, need
from mtgcr.corpus.document import load_document
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.registry import parse_document
from mtgcr.extract.rulenum import RuleNumber as N
from mtgcr.extract.wiki.diff import read_diff

pytestmark = pytest.mark.integration
SEEDS = SHARED / "seeds"


def seed(prefix):
    need(SEEDS)
    [path] = SEEDS.glob(f"{prefix}_*.txt")
    return path


def parsed(prefix):
    return parse_document(load_document(seed(prefix)))


def facts(result, kind):
    return [d for k, d in result.facts if k == kind]


def numbers(*specs):
    """``"712.2a-c"`` → 712.2a, 712.2b, 712.2c; ``"712.1"`` → 712.1."""
    out = []
    for s in specs:
        m = re.fullmatch(r"(\d+\.\d+)([a-z])-([a-z])", s)
        if m:
            out += [
                f"{m.group(1)}{chr(c)}"
                for c in range(ord(m.group(2)), ord(m.group(3)) + 1)
                if chr(c) not in "lo"
            ]
        else:
            out.append(s)
    return out


def quoted_lines(path):
    """Every ``• NNN.N… text`` line after the quote header, read straight from the file."""
    text = path.read_text(encoding="utf-8")
    body = text.split("引用：総合ルール", 1)[1]
    return {
        m.group(1): m.group(2) for m in re.finditer(r"^\s*• (\d{3}\.\d+[a-z]?) (.*)$", body, re.M)
    }


def check_every_quoted_text(prefix, rs):
    lines = quoted_lines(seed(prefix))
    assert set(lines) == {str(n) for n in rs.rules}
    for num, text in lines.items():
        assert rs.rules[N.parse(num)].text == text, num


def en_section(label, section):
    rs = parse_cr_text(load_document(need(OFFICIAL / f"{label}.txt")))
    return {str(n) for n in rs.rules if n.section == section}, rs


# -- 000: 他のプレイヤーをコントロールする (quote 20231117.0, §712) ---------------------------
Q712_20231117 = numbers(
    "712.1",
    "712.2",
    "712.2a-c",
    "712.3",
    "712.3a-c",
    "712.4",
    "712.4a-b",
    "712.5",
    "712.5a-f",
    "712.6",
    "712.7",
    "712.8",
    "712.8a-g",
    "712.9",
    "712.11",
    "712.11a-d",
    "712.12",
    "712.13",
    "712.13a",
    "712.14",
    "712.14a-c",
    "712.15",
    "712.15a",
    "712.16",
    "712.17",
    "712.18",
    "712.19",
    "712.20",
    "712.21",
    "712.21a-e",
)


def test_seed000_title_and_pairs():
    r = parsed("000")
    page = facts(r, "wiki-page")[0]
    assert (page["kind"], page["title"], page["title_en"]) == (
        "wiki-rendered",
        "他のプレイヤーをコントロールする",
        "Controll Another Player",
    )
    assert [(d["ja"], d["en"]) for d in facts(r, "card-pair")] == [
        ("精神隷属器", "Mindslaver"),
        ("ソリン・マルコフ", "Sorin Markov"),
        ("最悪の恐怖", "Worst Fears"),
        ("約束された終末、エムラクール", "Emrakul, the Promised End"),
        ("死せる願い", "Death Wish"),
    ]
    inline = {(d["ja"], d["en"]) for d in facts(r, "term-pair") if d["source"] == "inline"}
    assert inline == {
        ("変身", "transform"),
        ("トランスフォーム", "convert"),
        ("変身した状態で", "transformed"),
        ("トランスフォームした状態で", "converted"),
        ("[このパーマネント]が変身するに際し……", "As [this permanent] transforms . . ."),
    }
    assert all(d["in_quote"] for d in facts(r, "term-pair") if d["source"] == "inline")
    cards = [d["name"] for d in facts(r, "card")]
    assert cards[:2] == ["爪の群れのウルリッチ", "揺るぎない頭目、ウルリッチ"] and len(cards) == 20


def test_seed000_quote():
    r = parsed("000")
    [(rs, origin, prov)] = r.rulesets
    assert (rs.release.lang, rs.release.label, rs.release.revision, origin, rs.complete) == (
        "ja",
        "20231117",
        "0",
        "wiki",
        False,
    )
    assert [(c.number, c.title) for c in rs.chapters] == [(7, "その他のルール")]
    assert {str(n): s.title for n, s in rs.sections.items()} == {"712": "両面カード"}
    assert [str(n) for n in rs.rules] == Q712_20231117
    assert (
        rs.get("712.6").text
        == "両面カードを見ることができるプレイヤーは、その両方の面を見ることができる。"
    )
    check_every_quoted_text("000", rs)
    (place,) = prov[N.parse("712.21e")]
    assert place.document.endswith("000_682110f818952840.txt") and place.line == 90
    assert any("skips 712.10 (not an error)" in w.message for w in rs.warnings)


def test_seed000_citations():
    r = parsed("000")
    page_cites = [(d["text"], d["line"]) for d in facts(r, "citation") if not d["in_quote"]]
    assert page_cites == [("CR:805.8", 24)]
    quoted = [
        (d["text"], d["line"], d["quote_label"]) for d in facts(r, "citation") if d["in_quote"]
    ]
    assert [t for t, _, _ in quoted] == [
        "rule 701.37〔合体する〕",
        "rule 713〔差し替えカード〕",
        "rule 100.6",
        "rule 202.3b",
        "rule 202.3c",
        "rule 701.28〔変身する〕、rule 701.50〔トランスフォーム〕",
        "rule 601〔呪文を唱えること〕",
        "rule 712.11c",
        "rule 305〔土地〕",
        "rule 713",
        "rule 708〔裏向きの呪文やパーマネント〕",
        "rule 713〔差し替えカード〕",
        "rule 613.7m",
        "rule 400.7",
        "rule 903.9b-c",
    ]
    assert {q for _, _, q in quoted} == {"20231117"}
    rng = next(d for d in facts(r, "citation") if d["text"] == "rule 903.9b-c")
    assert (rng["targets"][0]["number"], rng["targets"][0]["last"]) == ("903.9b", "903.9c")


def test_seed000_quote_skips_one_rule_of_en_20231117():
    en, _ = en_section("2023-11-17", 712)
    assert en - set(Q712_20231117) == {"712.10"}
    assert set(Q712_20231117) <= en


# -- 001: 変身する両面カード (quote 20221118.0, §712) ------------------------------------------
Q712_20221118 = numbers(
    "712.1",
    "712.1a-g",
    "712.2",
    "712.3",
    "712.4",
    "712.4a-e",
    "712.5",
    "712.7",
    "712.7a-b",
    "712.8",
    "712.9",
    "712.10",
    "712.10a-b",
    "712.11",
    "712.11a",
    "712.12",
    "712.13",
    "712.14",
    "712.15",
    "712.16",
)


def test_seed001():
    r = parsed("001")
    page = facts(r, "wiki-page")[0]
    assert (page["title"], page["title_en"]) == (
        "変身する両面カード",
        "Transforming Double-Faced Card",
    )
    assert facts(r, "card-pair") == []
    terms = [(d["ja"], d["en"], d["in_quote"]) for d in facts(r, "term-pair")]
    assert terms[:3] == [
        ("変身する両面カード", "Transforming Double-Faced Card", False),
        ("変身", "Transform", False),
        ("変身した状態で", "Transformed", False),
    ]
    [(rs, _, _)] = r.rulesets
    assert (rs.release.label, rs.release.revision) == ("20221118", "0")
    assert [str(n) for n in rs.rules] == Q712_20221118
    check_every_quoted_text("001", rs)
    quoted = [d["text"] for d in facts(r, "citation")]
    assert quoted[:2] == ["rule 713〔合体カード〕", "rule 714〔差し替えカード〕"]
    assert len(quoted) == 10 and all(d["in_quote"] for d in facts(r, "citation"))
    en, _ = en_section("2022-11-18", 712)
    assert en - set(Q712_20221118) == {"712.6"}


# -- 003: 特別な処理 (quote 20231117.0, §115) ---------------------------------------------------
Q115 = numbers(
    "115.1",
    "115.1a-e",
    "115.2",
    "115.3",
    "115.4",
    "115.5",
    "115.6",
    "115.7",
    "115.7a-f",
    "115.8",
    "115.9",
    "115.9a-c",
    "115.10",
    "115.10a-b",
)


def test_seed003():
    r = parsed("003")
    page = facts(r, "wiki-page")[0]
    assert (page["title"], page["title_en"]) == ("特別な処理", "Special Action")
    assert [(d["ja"], d["en"]) for d in facts(r, "card-pair")] == [
        ("威圧するリシド", "Dominating Licid")
    ]
    [(rs, _, _)] = r.rulesets
    assert (rs.release.label, [(c.number, c.title) for c in rs.chapters]) == (
        "20231117",
        [(1, "ゲームの考え方")],
    )
    assert {str(n): s.title for n, s in rs.sections.items()} == {"115": "対象"}
    assert [str(n) for n in rs.rules] == Q115
    check_every_quoted_text("003", rs)
    en, _ = en_section("2023-11-17", 115)
    assert en == set(Q115)  # the whole section is quoted
    assert [d["text"] for d in facts(r, "citation")] == [
        "rule 601.2c",
        "rule 702.5〔エンチャント〕",
        "rule 601.2c",
        "rule 602.2b",
        "rule 603.3d",
        "rule 702〔キーワード能力〕",
        "rule 115.4",
        "rule 115.7",
        "rule 115.7a",
        "rule 115.7a",
        "rule 700.2",
        "rule 115.9b",
        "rule 608〔呪文や能力の解決〕",
    ]
    pairs = {(d["ja"], d["en"]) for d in facts(r, "term-pair") if d["source"] == "inline"}
    assert ("[何か]を対象とする", "target [something]") in pairs and ("分配", "distribute") in pairs


# -- 004: コピー, a diff view ------------------------------------------------------------------
def test_seed004_both_revisions():
    view = read_diff(load_document(seed("004")))
    assert (view.left.label, view.right.label) == ("最新版", "編集中の文章")
    assert view.warnings == [] and view.left.gaps == [] and view.right.gaps == []
    left, right = dict(view.left.lines), dict(view.right.lines)
    assert (len(left), len(right)) == (68, 37)
    assert left[1].startswith("{{Otheruses|ルール用語|") and left[2].startswith(
        "'''コピー'''/''Copy''とは"
    )
    assert (left[7], left[58], left[63], left[68]) == (
        "==ルール==",
        "==補足==",
        "==参考==",
        "{{#cr:707}}",
    )
    assert (right[1], right[3], right[5], right[28], right[36], right[37]) == (
        "=コピー/Copy=",
        "{{#card:Copy Enchantment}}",
        "{{#card:Twincast}}",
        "==参考==",
        "===総合ルール===",
        "{{#cr:503}}",
    )
    # no padding lines: the right revision never has two blank lines in a row
    assert "\n\n\n" not in view.right.text


def test_seed004_facts():
    r = parsed("004")
    assert r.kind == "wiki-diff" and r.rulesets == []
    pages = facts(r, "wiki-page")
    assert [(p["column"], p["column_label"], p["title"], p["title_en"]) for p in pages] == [
        ("left", "最新版", "コピー", "Copy"),
        ("right", "編集中の文章", "コピー", "Copy"),
    ]
    cites = [(d["column"], d["text"], d["line"]) for d in facts(r, "citation")]
    assert cites == [
        ("left", "{{CR|109.2}}", 56),
        ("left", "{{CR|{{その他のルールのCR番号|オブジェクトのコピー}}.12}}", 56),
        ("left", "{{#cr:707}}", 68),
        ("right", "[[CR:503.2|種類別]]", 24),
        ("right", "[[CR 503.2]]", 24),
        ("right", "{{#cr:503}}", 37),
    ]
    cards = [(d["ja"], d["en"]) for d in facts(r, "card-pair")]
    assert len(cards) == 17 and cards[0] == ("クローン", "Clone")
    assert ("鏡割りのキキジキ", "Kiki-Jiki, Mirror Breaker") in cards
    assert ("アーテイのおせっかい", "Ertai's Meddling") in cards
    assert all(d["column"] == "left" for d in facts(r, "card-pair"))
    assert [(d["column"], d["name"]) for d in facts(r, "card")] == [
        ("left", "Clone"),
        ("left", "Reverberate"),
        ("right", "Copy Enchantment"),
        ("right", "Twincast"),
    ]
