"""The JA CR text format (profile "ja" of mtgcr.extract.formats.cr_text) on a small text written in that
format: header lines starting with U+3000, the translation's version, 例：/例: examples,
用語集 headwords 用語（よみ）／English with U+3000-indented definitions, and the JA file's
quirks (a number printed twice, a stray space before a section's dot, a subrule glued to its
text, a subrule number alone on its line)."""

from helpers import make_doc

from mtgcr.extract.formats.ja_cr import parse_ja_cr
from mtgcr.extract.registry import parse_document
from mtgcr.extract.profiles import JA_HEADWORD

from ja_samples import JA


def parse(text=JA, name="JPN_CR_20300110.txt"):
    return parse_ja_cr(make_doc(text, name))


def test_release_and_revision_from_the_header():
    rs = parse()
    assert (rs.release.lang, rs.release.label, rs.release.revision) == ("ja", "20300110", "1")
    assert rs.release.effective_date.isoformat() == "2030-01-10"


def test_revision_from_the_official_file_name():
    text = JA.replace("マジック総合ルール(和訳 20300110.1 版)\n", "")
    assert parse(text, "JPN_CR_20300110_2.txt").release.revision == "2"
    assert parse(text, "JPN_CR_20300110_lines.txt").release.revision is None


def test_rules_examples_and_quirks():
    rs = parse()
    assert [str(n) for n in rs.rules] == ["100.1", "100.1a", "100.1b", "701.2", "701.2a", "720.1"]
    assert (
        rs.get("100.1b").text
        == "多人数戦とは、3人以上のプレイヤーで開始されるゲームのことである。rule 8〔多人数戦ルール〕参照。"
    )
    assert [e.text for e in rs.get("100.1b").examples] == [
        "《稲妻》は「クリーチャー1体かプレイヤー1人を対象とする。」と書かれている。",
        "2行目に書かれた例。",
    ]
    assert rs.get("701.2").text == "起動する／Activate"
    assert (
        rs.get("701.2a").text
        == "能力を「起動する／activate」とは、それをスタックに置くことである。"
    )
    assert rs.sections[rs.get("720.1").number.parent].title == "前兆カード"
    messages = [w.message for w in rs.warnings]
    assert "number 701.2 printed twice" in messages
    assert "space before the dot of section heading 720" in messages
    assert "no space after 701.2a" in messages


def test_glossary_headwords():
    rs = parse()
    got = [(g.term, g.original, g.text) for g in rs.glossary]
    assert got == [
        ("相棒", "Companion", "キーワード能力。rule 702.139〔相棒〕参照。"),
        (
            "パワー",
            "Power",
            "1. クリーチャー・カードだけが持つカードの一部。rule 208〔パワー／タフネス〕参照。",
        ),
        (
            "生息条件(島)",
            "Islandhome",
            "(廃語)「このクリーチャーは島がなければ攻撃できない。」を意味する。",
        ),
        ("", "Room", "ダンジョン・カードの小区分。"),
        ("コントロール、コントローラー", "Control/Controller", "オブジェクトの所有関係。"),
        ("1個のd20を振る", "Roll a d20", "サイコロを振ること。"),
    ]
    assert rs.glossary[0].heading == "相棒（あいぼう）／Companion"


def test_headword_pattern_rejects_definitions():
    for line in [
        "1. クリーチャー・カードだけが持つ。rule 208〔パワー／タフネス〕参照。",
        "(廃語)古いカードには「[フェイズ]の間に／during [フェイズ]」と記載されている。",
        "　ダンジョン・カードの小区分。",
        "／Room",
    ]:
        assert JA_HEADWORD.match(line) is None, line


def test_ingest_kind_yields_term_pairs_and_cards():
    result = parse_document(make_doc(JA, "JPN_CR_20300110.txt"))
    assert result.kind == "cr-text"
    terms = [(d["ja"], d["en"], d["source"]) for k, d in result.facts if k == "term-pair"]
    assert ("相棒", "Companion", "glossary") in terms
    assert ("へや", "Room", "glossary") in terms
    assert ("起動する", "Activate", "rule-title") in terms
    assert ("起動する", "activate", "cr-inline") in terms
    assert ("前兆", "Omen", "cr-inline") in terms
    cards = [(d["name"], d["rule"]) for k, d in result.facts if k == "card"]
    assert cards == [("稲妻", "100.1b")]
    assert sum(1 for k, d in result.facts if k == "term-pair" and d["source"] == "glossary") == 6


def test_ruleset_facts_round_trip_as_records():
    from mtgcr.extract.wiki.fact_records import CardFact, PairFact, fact_from_json

    result = parse_document(make_doc(JA, "JPN_CR_20300110.txt"))
    records = [fact_from_json(kind, d) for kind, d in result.facts]
    assert [r.as_json() for r in records] == [d for _, d in result.facts]
    pairs = [r for r in records if isinstance(r, PairFact)]
    assert ("相棒", "Companion", None) in {(p.pair.ja, p.pair.en, p.place.rule) for p in pairs}
    assert ("起動する", "Activate", "701.2") in {
        (p.pair.ja, p.pair.en, p.place.rule) for p in pairs
    }
    assert any(
        isinstance(r, CardFact) and r.mention.name == "稲妻" and r.place.rule == "100.1b"
        for r in records
    )


def test_the_header_label_is_the_release_label_and_revision():
    # the header's (和訳 20300110.1 版) is the release, also with no date statement or one
    # worded otherwise; a file name with another date gives a warning, never the label
    rs = parse(
        JA.replace("このルールは2030年1月10日から有効です。", "2030年1月10日より有効。"),
        "JPN_CR_20291201.txt",
    )
    assert (rs.release.label, rs.release.revision, rs.release.effective_date) == (
        "20300110",
        "1",
        None,
    )
    assert sorted(w.message for w in rs.warnings if w.line == 1) == [
        "file name says 20291201; the header's label 20300110.1 is the release",
        "no effective date statement found; the release is the header's 20300110.1",
    ]
    # with its date statement the release has its effective date too
    rs = parse(JA, "JPN_CR_20291201.txt")
    assert (rs.release.label, str(rs.release.effective_date)) == ("20300110", "2030-01-10")
