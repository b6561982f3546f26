"""JA–EN term pairs in every shape MTG Wiki editors write them (issue 27): a reading before
a full-width or half-width slash, wikitext bold and italics, split cards in both scripts,
page titles, list items and table cells as well as paragraphs; never words that merely hold
a slash. ``《》`` card names resolved through a card-name table; inflected keyword actions
linked to their term. Page texts written for the tests in the mtgwiki.com shapes."""

from __future__ import annotations

import json

import pytest

from helpers import make_doc
from mtgcr.extract.card_names import CardNames, CardNamesError, card_names_in_use
from mtgcr.extract.registry import parse_document
from mtgcr.extract.terms import bold_pairs, keyword_term, prose_pairs, reading_pairs

RENDERED = """稲妻の使い方

提供：MTG Wiki

キーワード能力の一覧。

• 果敢（かかん）／Prowess：呪文を唱えるたびに強くなる。
• 絆魂(はんこん)/Lifelink：ダメージを与えるとライフを得る。
このカードは速攻（そっこう）／Hasteを持つ。
分割カードの例は火／氷/Fire // Iceである。
パワー／タフネス、and/or、X/Y、+1/+1 はどれも用語ではない。
《稲妻》と《瞬速》を唱える。
"""

WIKITEXT = """'''絆魂'''(はんこん)/''Lifelink''とは、キーワード能力である。
{| class="wikitable"
|-
| '''接死'''（せっし）/''Deathtouch'' || 1点でも死亡する
|-
| 威迫（いはく）／Menace || 2体以上でブロック
|}
[[カテゴリ:キーワード能力]] [[絆魂]] {{CR|702.15}}
"""


def pairs(res, kind="term-pair"):
    return [
        (d["ja"], d["en"], d["source"], d.get("reading", "")) for k, d in res.facts if k == kind
    ]


def test_rendered_page_pairs_in_paragraphs_and_list_items(monkeypatch):
    monkeypatch.delenv("MTGCR_CARD_NAMES", raising=False)
    res = parse_document(make_doc(RENDERED, "page.txt"))
    assert res.kind == "wiki-rendered"
    assert pairs(res) == [
        ("果敢", "Prowess", "reading", "かかん"),
        ("絆魂", "Lifelink", "reading", "はんこん"),
        ("速攻", "Haste", "reading", "そっこう"),
    ]
    assert pairs(res, "card-pair") == [("火／氷", "Fire // Ice", "prose", "")]


def test_wikitext_bold_italic_pairs_and_table_cells():
    res = parse_document(make_doc(WIKITEXT, "page.wiki"))
    assert res.kind == "wikitext"
    got = {(ja, en, reading) for ja, en, _, reading in pairs(res)}
    assert got == {
        ("絆魂", "Lifelink", "はんこん"),
        ("接死", "Deathtouch", "せっし"),
        ("威迫", "Menace", "いはく"),
    }


def test_words_that_merely_hold_a_slash_are_no_pairs():
    for text in ["パワー／タフネス", "and/or", "X/Y", "+1/+1", "1/1のトークン", "火／氷"]:
        assert reading_pairs(text) == [] and prose_pairs(text) == [], text
    assert bold_pairs("'''and'''/''or''") == []


def test_split_cards_in_both_scripts():
    (p,) = prose_pairs("分割カードには火／氷/Fire // Iceがある。")
    assert (p.ja, p.en, p.kind) == ("火／氷", "Fire // Ice", "card")


def test_inflected_keyword_actions_name_their_term():
    assert keyword_term("変身させる") == "変身"
    assert keyword_term("追放する") == "追放"
    assert keyword_term("生贄に捧げた", ["生贄に捧げる"]) == ""
    assert keyword_term("する") == ""  # nothing left
    from mtgcr.extract.terms import inline_pairs

    (p,) = inline_pairs("そのカードを「変身させる／transform」。")
    assert (p.ja, p.en, p.term) == ("変身させる", "transform", "変身")


def test_card_names_in_brackets_resolved_through_a_table(tmp_path, monkeypatch):
    table = tmp_path / "cards.json"
    rows = [{"name": "Lightning Bolt", "jpname": "稲妻"}, {"name": "Flash", "jpname": "瞬速"}]
    table.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    monkeypatch.setenv("MTGCR_CARD_NAMES", str(table))
    res = parse_document(make_doc(RENDERED, "page.txt"))
    cards = pairs(res, "card-pair")
    assert ("稲妻", "Lightning Bolt", "card-table", "") in cards
    # a card named like a keyword (瞬速, "Flash") is the card: a card pair, never a term
    assert ("瞬速", "Flash", "card-table", "") in cards
    assert all(ja != "瞬速" for ja, *_ in pairs(res))
    # the tab-separated shape, and a file that is neither
    tsv = tmp_path / "cards.tsv"
    tsv.write_text("稲妻\tLightning Bolt\n火／氷\tFire // Ice\n", encoding="utf-8")
    assert CardNames.from_file(tsv).english("火/氷") == "Fire // Ice"  # NFKC: ／ is /
    bad = tmp_path / "bad.tsv"
    bad.write_text("稲妻 Lightning Bolt\n", encoding="utf-8")
    with pytest.raises(CardNamesError, match=r"bad.tsv:1: not 'Japanese<TAB>English'"):
        CardNames.from_file(bad)
    monkeypatch.setenv("MTGCR_CARD_NAMES", str(tmp_path / "none.json"))
    with pytest.raises(CardNamesError, match=r"\$MTGCR_CARD_NAMES: .*none.json"):
        card_names_in_use()
