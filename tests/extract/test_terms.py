"""JA–EN term pairs and card names (mtgcr.extract.terms) on sentences written in the wiki's and the
JA CR's styles."""

from mtgcr.extract.model import GlossaryEntry, Rule
from mtgcr.extract.rulenum import RuleNumber as N
from mtgcr.extract.terms import (
    card_mentions,
    glossary_pairs,
    inline_pairs,
    link_pairs,
    match_key,
    prose_pairs,
    rule_title_pairs,
    title_pair,
)


def pairs(found):
    return [(p.ja, p.en) for p in found]


def test_title_pair_from_the_lead():
    lines = [(3, "提供：MTG Wiki"), (5, "速攻/Haste（そっこう）とは、キーワード能力の一つ。")]
    p = title_pair("速攻", lines)
    assert (p.ja, p.en, p.kind, p.source, p.line) == ("速攻", "Haste", "term", "title", 5)
    assert lines[1][1][p.start : p.end] == "速攻/Haste"
    assert title_pair("速攻", [(1, "速攻とは何か。")]) is None


def test_title_pair_stops_at_japanese_and_keeps_spaces_inside():
    p = title_pair("二段攻撃", [(2, "二段攻撃/Double Strikeを持つクリーチャーは")])
    assert p.en == "Double Strike"


def test_inline_pairs_full_and_half_width_slash():
    text = "「[何か]を対象とする／target [something]」と「変身/Transform させる」能力"
    assert pairs(inline_pairs(text)) == [
        ("[何か]を対象とする", "target [something]"),
        ("変身", "Transform"),
    ]
    assert inline_pairs("「パワー／タフネス」") == []  # both sides Japanese
    assert inline_pairs("「第1面/第2面」") == []


def test_card_pairs_in_running_text():
    text = "現在は蒸気の連鎖/Chain of Vapor、稲妻/Lightning Bolt、Black Lotusの3枚が該当する。"
    assert pairs(prose_pairs(text)) == [
        ("蒸気の連鎖", "Chain of Vapor"),
        ("稲妻", "Lightning Bolt"),
    ]


def test_card_pair_with_comma_in_both_names():
    text = "該当するのは、月の帳、アリンレン/Arlinn, the Moon's Fury、だけである。"
    assert pairs(prose_pairs(text)) == [("月の帳、アリンレン", "Arlinn, the Moon's Fury")]


def test_card_pair_after_a_clause_starts_after_the_particle():
    text = "条件を満たしていない湧き出る願い/Burning Wishなら選べない。"
    assert pairs(prose_pairs(text)) == [("湧き出る願い", "Burning Wish")]
    text = "（例：怒り狂うゴブリン/Raging Goblin）"
    assert pairs(prose_pairs(text)) == [("怒り狂うゴブリン", "Raging Goblin")]


def test_prose_pairs_skip_spans_and_quotes():
    text = "速攻/Hasteを持つ。「変身/Transform」"
    assert pairs(prose_pairs(text, skip=[(0, 8)])) == []


def test_link_pairs_and_card_mentions():
    raw = "*例:[[怒り狂うゴブリン/Raging Goblin]]、[[稲妻/Lightning Bolt#ルール|稲妻]]、[[速攻]] {{#card:Shock}}"
    assert pairs(link_pairs(raw)) == [
        ("怒り狂うゴブリン", "Raging Goblin"),
        ("稲妻", "Lightning Bolt"),
    ]
    cards = card_mentions("《稲妻》と《ショック》 {{#card:Shock}}")
    assert [(c.name, c.lang) for c in cards] == [
        ("稲妻", "ja"),
        ("ショック", "ja"),
        ("Shock", "en"),
    ]


def test_glossary_and_rule_title_pairs():
    entries = [
        GlossaryEntry("速攻", (), "…", 10, heading="速攻（そっこう）／Haste", original="Haste"),
        GlossaryEntry("", (), "…", 12, heading="（へや）／Room", original="Room"),
        GlossaryEntry("色", (), "…", 14, heading="色", original=None),
    ]
    got = glossary_pairs(entries)
    assert pairs(got) == [("速攻", "Haste"), ("へや", "Room")]
    assert got[1].note and not got[0].note
    rules = [
        Rule(N.parse("701.2"), "起動する／Activate", 5),
        Rule(N.parse("701.2a"), "能力を起動するとは、「起動／activate」することである。", 6),
    ]
    assert pairs(rule_title_pairs(rules)) == [("起動する", "Activate")]


def test_match_key_normalises_for_matching_only():
    assert match_key("ＴＲＡＮＳＦＯＲＭ／ｘ") == match_key("transform/x") == "transform/x"
    assert match_key("Ertai’s  Meddling") == "ertai's meddling"


def test_sudachi_dictionary_is_installed_not_downloaded():
    import importlib.util
    from mtgcr.extract.terms import _tokenizer

    assert importlib.util.find_spec("sudachidict_core") is not None
    assert [m.surface() for m in _tokenizer().tokenize("現在は精神")][:2] == ["現在", "は"]


# -- the further wiki shapes (issue 12) --------------------------------------------------------
from mtgcr.extract.terms import bracket_card_pairs, heading_pair  # noqa: E402


def test_title_pair_with_a_reading_full_and_half_width():
    p = title_pair("果敢", [(4, "果敢（かかん）／Prowessは誘発型能力である。")])
    assert (p.ja, p.en, p.reading, p.source) == ("果敢", "Prowess", "かかん", "title")
    # wikitext '''増殖'''(ぞうしょく)/''Proliferate'' renders as below
    p = title_pair("増殖", [(2, "増殖(ぞうしょく)/Proliferateとは、キーワード処理の一つ。")])
    assert (p.en, p.reading) == ("Proliferate", "ぞうしょく")


def test_page_titles_and_headings_that_are_pairs():
    p = heading_pair("絆魂/Lifelink", 0, "page-title")
    assert (p.ja, p.en, p.kind, p.source) == ("絆魂", "Lifelink", "term", "page-title")
    assert (heading_pair("=コピー/Copy=", 3).ja, heading_pair("=コピー/Copy=", 3).en) == (
        "コピー",
        "Copy",
    )
    assert heading_pair("and/or") is None and heading_pair("X/Y") is None
    assert heading_pair("パワー／タフネス") is None


def test_card_names_in_brackets_are_cards_even_when_spelled_like_keywords():
    text = "《稲妻/Lightning Bolt》や《火／氷/Fire // Ice》、《再生/Regenerate》を参照。"
    got = bracket_card_pairs(text, 7)
    assert [(p.ja, p.en, p.kind) for p in got] == [
        ("稲妻", "Lightning Bolt", "card"),
        ("火／氷", "Fire // Ice", "card"),
        ("再生", "Regenerate", "card"),
    ]
    assert all(text[p.start : p.end].startswith("《") for p in got)


def test_words_that_merely_contain_a_slash_make_no_pairs():
    text = (
        "1つ以上のクリーチャーand/or呪文。X/Yのカウンター、+1/+1カウンター、「パワー／タフネス」。"
    )
    assert prose_pairs(text) == [] and inline_pairs(text) == [] and bracket_card_pairs(text) == []
