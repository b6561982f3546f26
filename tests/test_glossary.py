"""Bilingual glossaries (mtgcr.reports.glossary): pairing, the six formats read back by their
own parsers, terminology checks — on small rulesets and files written for these tests in the
shapes of the real ones (JA 用語集 headwords, a bilingual edition, a provisional list)."""

from __future__ import annotations

import csv
import io
import sqlite3
import zipfile
from datetime import date

import pytest
from lxml import etree

from mtgcr.crossref.anchor import AnchorError
from mtgcr.crossref.glossary_anchor import GlossaryAnchor, concept_id
from mtgcr.extract.model import GlossaryEntry, Release, Rule, Ruleset
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.reports.glossary.anki import deck_id, model_id, note_guid, write_anki
from mtgcr.reports.glossary.build import ListedTerm, pair_glossaries
from mtgcr.reports.glossary.checks import check_catalog, term_forms
from mtgcr.reports.glossary.csvfile import read_csv, write_csv
from mtgcr.reports.glossary.jsonfile import read_json, write_json
from mtgcr.reports.glossary.model import Origin, Status
from mtgcr.reports.glossary.omegat import read_omegat, write_omegat
from mtgcr.reports.glossary.tbx import BASIC_CATEGORIES, NS, XML_LANG, read_tbx, write_tbx
from mtgcr.reports.glossary.tbx2 import read_tbx2, write_tbx2

N = RuleNumber.parse


def g(term, text, line, heading="", original=None, aliases=(), obsolete=False):
    return GlossaryEntry(term, tuple(aliases), text, line, obsolete, heading or term, original)


def rules(*items):
    out = {}
    for i, (num, text) in enumerate(items, 1):
        out[N(num)] = Rule(N(num), text, 100 + i)
    return out


EN = Ruleset(
    Release("en", "20300110", date(2030, 1, 10)),
    "en.txt",
    rules=rules(
        ("702.9", "Fliegen"),
        (
            "702.9a",
            "Fliegen is an evasion ability. A creature with fliegen can block another "
            "creature with fliegen.",
        ),
        ("702.9b", "A creature that fliegens is still a creature."),
        ("702.10", "Trampeln"),
        ("702.10a", "Trampeln modifies how a creature assigns damage."),
        ("510.1", "Each attacking creature and each blocking creature assigns combat damage."),
        ("510.2", "A blocking creature deals damage to the attacking creature."),
        ("510.3", "Creatures with trampeln assign damage as rule 702.10 says."),
    ),
    glossary=[
        g("Blocking Creature", "A creature that blocks. See rule 509.", 1),
        g("Creature", "A card type. See rule 302, “Creatures.”", 2),
        g(
            "Draw",
            "1. To put a card into hand. See rule 121.\n2. A game nobody wins. See rule 104.4a.",
            3,
        ),
        g("Fliegen", "An evasion keyword. See rule 702.9, “Fliegen.”", 4),
        g(
            "Old Thing",
            "An obsolete term. See rule 999.",
            5,
            heading="Old Thing (Obsolete)",
            obsolete=True,
        ),
        g("Station Cards", "Cards with station. See rule 721.", 6),
        g("Trampeln", "A keyword about damage. See rule 702.10, “Trampeln.”", 7),
    ],
)

JA = Ruleset(
    Release("ja", "20300110", date(2030, 1, 10), "0"),
    "ja.txt",
    rules=rules(
        ("702.9", "フリーゲン／Fliegen"),
        (
            "702.9a",
            "フリーゲンは回避能力である。フリーゲンを持つクリーチャーは、フリーゲンを持つクリーチャーをブロックできる。",
        ),
        ("702.9b", "飛ぶクリーチャーもクリーチャーである。"),
        ("702.10", "トランペルン／Trampeln"),
        ("702.10a", "トランペルンはクリーチャーのダメージの割り振り方を変える。"),
        ("510.1", "攻撃クリーチャーとブロック・クリーチャーは戦闘ダメージを割り振る。"),
        ("510.2", "ブロックしているクリーチャーは攻撃クリーチャーにダメージを与える。"),
        ("510.3", "トランペルンを持つクリーチャーはrule 702.10 に従う。"),
    ),
    glossary=[
        g(
            "フリーゲン",
            "　回避のキーワード能力。rule 702.9〔フリーゲン〕参照。",
            10,
            "フリーゲン（ふりーげん）／Fliegen",
            "Fliegen",
        ),
        g(
            "引く",
            "　カードを手札に加えること。rule 121 参照。",
            12,
            "引く（ひく）／Draw(1)",
            "Draw(1)",
        ),
        g(
            "引き分け",
            "　誰も勝たないゲーム。rule 104.4a 参照。",
            14,
            "引き分け（ひきわけ）／Draw(2)",
            "Draw(2)",
        ),
        g(
            "ブロック・クリーチャー",
            "　ブロックしているクリーチャー。rule 509 参照。",
            16,
            "ブロック・クリーチャー（ぶろっくくりーちゃー）／Blocking Creature",
            "Blocking Creature",
        ),
        g(
            "クリーチャー",
            "　カード・タイプの1つ。rule 302〔クリーチャー〕参照。",
            18,
            "クリーチャー（くりーちゃー）／Creature",
            "Creature",
        ),
        g(
            "配置カード",
            "　配置を持つカード。rule 721 参照。",
            20,
            "配置カード（はいちかーど）／Staton Cards",
            "Staton Cards",
        ),
        g("古いもの", "(廃語)古い用語。", 22, "古いもの（ふるいもの）／Old Thing", "Old Thing"),
        g("謎", "　英語のない用語。", 24, "謎（なぞ）／Mystery Word", "Mystery Word"),
    ],
)


@pytest.fixture(scope="module")
def cat():
    return pair_glossaries(JA, EN, document="ja.txt", rules=JA)


def by(cat, term):
    return next(p for p in cat.pairs if p.term == term)


# -- concept ids -----------------------------------------------------------------------------
def test_concept_id_is_the_headword_folded_and_an_ncname():
    assert concept_id("Companion") == "en-glossary-companion"
    assert (
        concept_id("Intervening “If” Clause")
        == concept_id('Intervening "if" clause')
        == "en-glossary-intervening-if-clause"
    )
    assert concept_id("City’s Blessing") == "en-glossary-citys-blessing"
    with pytest.raises(ValueError):
        concept_id("—")


def test_glossary_anchor_round_trip_and_concept():
    a = GlossaryAnchor.parse("en:2030-01-10:glossary:Draw Step", "ab" * 32)
    assert (a.release, a.headword, str(a)) == (
        date(2030, 1, 10),
        "Draw Step",
        "en:2030-01-10:glossary:Draw Step",
    )
    assert a.concept_id == "en-glossary-draw-step"
    with pytest.raises(AnchorError):
        GlossaryAnchor.parse("en:2030-13-10:glossary:Draw")
    with pytest.raises(AnchorError):
        GlossaryAnchor.parse("en:2030-01-10:704.5a")


# -- pairing ---------------------------------------------------------------------------------
def test_exact_pair_with_reading_rules_anchor_and_provenance(cat):
    p = by(cat, "フリーゲン")
    assert (p.concept, p.en, p.reading, p.status) == (
        "en-glossary-fliegen",
        "Fliegen",
        "ふりーげん",
        Status.OFFICIAL,
    )
    assert p.rules_en == p.rules == (N("702.9"),)
    assert p.anchor == "en:2030-01-10:glossary:Fliegen" and len(p.anchor_sha256) == 64
    assert p.release == "20300110.0" and p.en_release == "20300110"
    # the glossary line first, then the keyword heading that repeats it
    assert [(v.document, v.line, v.origin) for v in p.provenance] == [
        ("ja.txt", 10, Origin.GLOSSARY),
        ("ja.txt", 101, Origin.RULE_TITLE),
    ]


def test_senses_of_one_en_entry_are_one_concept(cat):
    draw = [p for p in cat.pairs if p.concept == "en-glossary-draw"]
    assert [(p.term, p.sense, p.rules) for p in draw] == [
        ("引く", "1", (N("121"),)),
        ("引き分け", "2", (N("104.4a"),)),
    ]
    assert {p.en for p in draw} == {"Draw"}


def test_a_misspelt_original_is_taken_only_with_the_same_cited_rules(cat):
    p = by(cat, "配置カード")
    assert p.concept == "en-glossary-station-cards" and p.en == "Station Cards"
    assert "Staton Cards" in p.notes[0] and "same rules cited" in p.notes[0]


def test_an_original_with_no_en_entry_is_kept_and_noted(cat):
    p = by(cat, "謎")
    assert p.concept == "en-glossary-mystery-word" and p.anchor is None and p.definition_en == ""
    assert any("Mystery Word" in n and "ja.txt:24" in n for n in cat.notes)


def test_obsolete_from_either_side(cat):
    assert by(cat, "古いもの").status is Status.OBSOLETE  # (廃語) and EN (Obsolete)


def test_keyword_heading_with_its_own_pair_when_the_glossary_lacks_it(cat):
    p = by(cat, "トランペルン")
    assert p.concept == "en-glossary-trampeln" and p.provenance[0].origin is Origin.RULE_TITLE
    assert p.rules == (N("702.10"),) and p.definition_en.startswith("A keyword about damage")
    assert len(cat.concepts) == 8


def test_bilingual_edition_pairs_by_the_same_heading_line_and_marks_listed_terms():
    en_side = [
        g("Trampeln", "EN side definition. See rule 702.10.", 30),
        g("Abandon", "To turn a scheme face down. See rule 701.33.", 34),
    ]
    zh = Ruleset(
        Release("zh", "20300110", date(2030, 1, 10)),
        "glossary.md",
        complete=False,
        glossary=[
            g("践踏", "关键字异能。参见规则702.10。", 30, original="Trampeln"),
            g("撤废", "将计谋牌翻面。参见规则701.33。", 34, original="Abandon"),
        ],
    )
    listed = [
        ListedTerm("Abandon", "撤废", "translatedterms.txt", 5),
        ListedTerm("Zoomy", "飞快", "translatedterms.txt", 9),
    ]
    cat = pair_glossaries(
        zh,
        None,
        document="glossary.md",
        origin=Origin.BILINGUAL,
        en_same_line=en_side,
        listed=listed,
    )
    t = by(cat, "践踏")
    assert (t.en, t.status, t.definition_en) == (
        "Trampeln",
        Status.OFFICIAL,
        "EN side definition. See rule 702.10.",
    )
    a = by(cat, "撤废")
    assert a.status is Status.PROVISIONAL
    assert [(v.document, v.line) for v in a.provenance] == [
        ("glossary.md", 34),
        ("translatedterms.txt", 5),
    ]
    z = by(cat, "飞快")
    assert (z.en, z.status, z.provenance[0].origin) == (
        "Zoomy",
        Status.PROVISIONAL,
        Origin.TERM_LIST,
    )


def test_bilingual_keyword_headings_and_translators_notes():
    from mtgcr.reports.glossary.build import bilingual_titles

    rel = Release("zh", "20300110", date(2030, 1, 10))
    zh_rules = Ruleset(
        rel,
        "7.md",
        complete=False,
        rules={
            N("702.10"): Rule(N("702.10"), "践踏", 40),
            N("702.10a"): Rule(N("702.10a"), "践踏是异能。", 41),
        },
    )
    en_rules = Ruleset(
        Release("en", "20300110", date(2030, 1, 10)),
        "7.md",
        complete=False,
        rules={
            N("702.10"): Rule(N("702.10"), "Trampeln", 40),
            N("702.10a"): Rule(N("702.10a"), "Trampeln is an ability.", 42),
        },
    )
    titles = bilingual_titles(zh_rules, en_rules)
    assert [(t.term, t.en, str(t.number), t.line) for t in titles] == [
        ("践踏", "Trampeln", "702.10", 40)
    ]
    zh = Ruleset(
        rel,
        "glossary.md",
        complete=False,
        glossary=[
            g(
                "践踏（译注：测试用的注释。）",
                "关键字异能。参见规则702.10。",
                30,
                original="Trampeln",
            )
        ],
    )
    cat = pair_glossaries(zh, EN, titles=titles)
    (p,) = cat.pairs
    assert p.term == "践踏" and "translator's note" in p.notes[0]
    assert [(v.document, v.origin) for v in p.provenance] == [
        ("glossary.md", Origin.GLOSSARY),
        ("7.md", Origin.RULE_TITLE),
    ]


def test_entries_without_originals_are_never_paired():
    zh = Ruleset(
        Release("zh", "20300110", date(2030, 1, 10)),
        "zh.txt",
        glossary=[g("践踏", "关键字异能。参见规则702.10。", 3)],
    )
    assert pair_glossaries(zh, EN).pairs == []


# -- formats: each read back by a parser of that format --------------------------------------
def _bytes(write, cat, **kw):
    buf = io.BytesIO()
    write(buf, cat, **kw)
    return buf.getvalue()


def test_tbx_v3_structure_rules(cat):
    data = _bytes(write_tbx, cat)
    root = etree.fromstring(data)
    q = {"t": NS}
    assert (
        root.tag == f"{{{NS}}}tbx"
        and root.get("type") == "TBX-Basic"
        and root.get("style") == "dca"
    )
    ids = [c.get("id") for c in root.iterfind(".//t:conceptEntry", q)]
    assert len(ids) == len(set(ids)) == len(cat.concepts)
    assert all(s.get(XML_LANG) in ("en", "ja") for s in root.iterfind(".//t:langSec", q))
    assert all(len(ts.findall("t:term", q)) == 1 for ts in root.iterfind(".//t:termSec", q))
    used = {
        (el.tag.split("}")[1], el.get("type"))
        for el in root.iter()
        if isinstance(el.tag, str) and el.get("type") and el is not root
    }
    assert used and used <= BASIC_CATEGORIES
    ce = root.find(".//t:conceptEntry[@id='en-glossary-fliegen']", q)
    ja = ce.find("t:langSec[@xml:lang='ja']", {**q, "xml": "http://www.w3.org/XML/1998/namespace"})
    assert (
        ja.findtext("t:descripGrp/t:admin[@type='source']", namespaces=q)
        == "総合ルール 和訳 20300110.0 用語集"
    )
    assert "reading: ふりーげん" in [n.text for n in ja.iterfind("t:termSec/t:note", q)]
    old = root.find(".//t:conceptEntry[@id='en-glossary-old-thing']", q)
    assert {t.text for t in old.iterfind(".//t:termNote", q)} == {"deprecatedTerm-admn-sts"}
    back = read_tbx(io.BytesIO(data))
    assert [(p.concept, p.en, p.term, p.reading, p.status, p.sense) for p in back.pairs] == [
        (p.concept, p.en, p.term, p.reading, p.status, p.sense) for p in cat.pairs
    ]


def test_tbx2_read_back_with_translate_toolkit(cat):
    from translate.storage import tbx

    data = _bytes(write_tbx2, cat)
    store = tbx.tbxfile.parsefile(io.BytesIO(data))
    assert [(u.source, u.target) for u in store.units] == [(p.en, p.term) for p in cat.pairs]
    ids = [u.getid() for u in store.units]
    assert len(set(ids)) == len(ids) and ids[0] == cat.pairs[0].concept
    back = read_tbx2(io.BytesIO(data))
    assert [(p.en, p.term, p.reading, p.status) for p in back.pairs] == [
        (p.en, p.term, p.reading, p.status) for p in cat.pairs
    ]


def test_csv_bom_header_quoting_and_delimiter(cat):
    data = _bytes(write_csv, cat)
    assert data.startswith(
        b"\xef\xbb\xbfen,ja,reading,definition_en,definition_ja,rules,status,release\r\n"
    )
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert len(rows) == len(cat.pairs) + 1
    draw1 = next(r for r in rows if r[1] == "引く")
    assert draw1[0] == "Draw" and "\n" in draw1[3] and draw1[5] == "121 104.4a"  # EN's rules
    assert b'"1. To put a card into hand. See rule 121.\n2.' in data  # RFC 4180: quoted line break
    fl = next(r for r in rows if r[1] == "フリーゲン")
    assert fl[3] == "An evasion keyword. See rule 702.9, “Fliegen.”" and fl[6:] == [
        "official",
        "20300110.0",
    ]
    semi = _bytes(write_csv, cat, bom=False, delimiter=";")
    assert semi.startswith(b"en;ja;") and semi.count(b"\r\n") >= len(cat.pairs) + 1
    back = read_csv(io.BytesIO(semi), delimiter=";")
    assert [(p.en, p.term, p.status) for p in back.pairs] == [
        (p.en, p.term, p.status) for p in cat.pairs
    ]
    with pytest.raises(ValueError):
        write_csv(io.BytesIO(), cat, delimiter='"')


def test_omegat_three_fields_no_header_no_breaks(cat):
    data = _bytes(write_omegat, cat).decode("utf-8")
    lines = data.split("\n")[:-1]
    assert len(lines) == len(cat.pairs) and all(line.count("\t") == 2 for line in lines)
    assert lines[0].split("\t")[:2] == [cat.pairs[0].en, cat.pairs[0].term]
    assert "Fliegen\tフリーゲン\tふりーげん; rule 702.9; en-glossary-fliegen" in lines
    back = read_omegat(io.BytesIO(data.encode()), "ja")
    assert [(p.en, p.term) for p in back.pairs] == [(p.en, p.term) for p in cat.pairs]


def test_omegat_replaces_tabs_and_line_breaks_inside_fields():
    from dataclasses import replace

    cat = pair_glossaries(JA, EN)
    cat.pairs[0] = replace(cat.pairs[0], term="a\tb\nc")
    first = _bytes(write_omegat, cat).decode().split("\n")[0]
    assert first.split("\t")[1] == "a b c"


def _anki_notes(data: bytes, tmp_path):
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        z.extract("collection.anki2", tmp_path)
    conn = sqlite3.connect(tmp_path / "collection.anki2")
    try:
        notes = conn.execute("SELECT guid, mid, flds, tags FROM notes ORDER BY id").fetchall()
        decks = conn.execute("SELECT decks FROM col").fetchone()[0]
    finally:
        conn.close()
    return notes, decks


def test_anki_fixed_ids_and_guids_from_the_concept(cat, tmp_path):
    notes, decks = _anki_notes(_bytes(write_anki, cat, timestamp=1.9e9), tmp_path)
    groups = {p.entry_id: p for p in reversed(cat.pairs)}  # first pair of each concept+sense
    assert len(notes) == len(groups)
    assert {n[1] for n in notes} == {model_id("ja")} and str(deck_id("ja")) in decks
    fields = {n[0]: n[2].split("\x1f") for n in notes}
    fl = by(cat, "フリーゲン")
    assert fields[note_guid(fl)][:3] == ["フリーゲン", "ふりーげん", "Fliegen"]
    assert fields[note_guid(fl)][4] == "rule 702.9"
    assert (
        fields[note_guid(by(cat, "古いもの"))]
        and "obsolete"
        in next(n[3] for n in notes if n[0] == note_guid(by(cat, "古いもの"))).split()
    )
    # a later release of the same concepts updates the same notes: same guids, same model
    later = pair_glossaries(
        Ruleset(
            Release("ja", "20310110", date(2031, 1, 10)),
            "ja2.txt",
            glossary=JA.glossary,
            rules=JA.rules,
        ),
        EN,
        rules=JA,
    )
    notes2, _ = _anki_notes(_bytes(write_anki, later, timestamp=1.95e9), tmp_path)
    assert {n[0] for n in notes2} == {n[0] for n in notes}
    assert model_id("ja") != model_id("zh") and deck_id("ja") != model_id("ja")


def test_json_keeps_every_field(cat):
    back = read_json(io.BytesIO(_bytes(write_json, cat)))
    assert back.pairs == cat.pairs and back.notes == cat.notes
    assert back.release == cat.release and back.en_release == cat.en_release


# -- checks ----------------------------------------------------------------------------------
def test_term_forms():
    assert term_forms("覇権、覇権された") == ("覇権", "覇権された")
    assert term_forms("唱える") == ("唱える", "唱え")
    assert term_forms("［性質］探索") == ("探索",)
    assert term_forms("アクティブ・プレイヤー") == ("アクティブプレイヤー",)


def test_check_finds_drift_longest_term_and_shared_terms(cat):
    rep = check_catalog(cat, JA, EN)
    got = {(str(d.rule), d.concept) for d in rep.drift}
    # 702.9b: EN "fliegens", JA says 飛ぶ instead of フリーゲン
    assert ("702.9b", "en-glossary-fliegen") in got
    # 510.1: EN "blocking creature" is the longer term; "creature" inside it is not checked
    # there; JA uses ブロック・クリーチャー (found with the dot removed)
    assert ("510.1", "en-glossary-blocking-creature") not in got
    # 510.2: EN "blocking creature", JA ブロックしているクリーチャー: drifted
    assert ("510.2", "en-glossary-blocking-creature") in got
    assert ("702.9a", "en-glossary-fliegen") not in got and (
        "510.3",
        "en-glossary-trampeln",
    ) not in got
    assert rep.per_section() == {510: 1, 702: 1}
    assert rep.findings == 2 and rep.shared == []
    from dataclasses import replace

    twice = replace(
        cat,
        pairs=cat.pairs
        + [replace(by(cat, "クリーチャー"), concept="en-glossary-fliegen", en="Fliegen")],
    )
    rep2 = check_catalog(twice, JA, EN)
    assert [(s.term, s.en) for s in rep2.shared] == [("クリーチャー", ("Creature", "Fliegen"))]


def test_wiki_terms_add_provenance_or_provisional_renderings_never_cards():
    wiki = [
        ListedTerm("Fliegen", "フリーゲン", "page_a.txt", 3),  # repeats the glossary pair
        ListedTerm("Fliegen", "飛行", "page_b.txt", 5),  # another rendering
        ListedTerm("Nothing Such", "無い", "page_c.txt", 1),
    ]  # no EN entry: left out
    cat = pair_glossaries(JA, EN, document="ja.txt", wiki=wiki)
    fl = by(cat, "フリーゲン")
    assert ("page_a.txt", 3, Origin.WIKI) in [(v.document, v.line, v.origin) for v in fl.provenance]
    alt = by(cat, "飛行")
    assert (alt.concept, alt.status, alt.provenance[0].origin) == (
        "en-glossary-fliegen",
        Status.PROVISIONAL,
        Origin.WIKI,
    )
    assert "フリーゲン" in alt.notes[0]
    assert not any(p.term == "無い" for p in cat.pairs)


# -- command line ------------------------------------------------------------------------------
def test_cli_russian_from_the_fixture_and_an_empty_store(tmp_path, capsys):
    import json
    from pathlib import Path

    from mtgcr.cli.main import main

    fix = Path(__file__).parent / "fixtures" / "ru" / "MagicCompRules_RU.txt"
    store = tmp_path / "s.sqlite"
    assert main(["--store", str(store), "--silent", "ingest", str(fix)]) == 0
    capsys.readouterr()
    assert (
        main(["--store", str(store), "glossary", "export", "--lang", "ru", "--format", "json"]) == 0
    )
    out = capsys.readouterr()
    data = json.loads(out.out)
    pairs = {(p["term"], p["en"]) for p in data["pairs"]}
    assert ("Фишка", "Token") in pairs and ("Муллиган", "Mulligan") in pairs
    assert all(p["anchor"] is None for p in data["pairs"])  # no EN release stored: said so
    assert "no EN release 20170708 stored" in data["notes"][0] and "note: no EN release" in out.err
    # a language with nothing stored says so in one line
    assert (
        main(["--store", str(store), "glossary", "export", "--lang", "ja", "--format", "csv"]) == 2
    )
    assert "no ja releases" in capsys.readouterr().err
    assert (
        main(["--store", str(store), "glossary", "export", "--lang", "en", "--format", "csv"]) == 2
    )
    assert "concept system" in capsys.readouterr().err


# -- diff ----------------------------------------------------------------------------------------
def test_diff_added_removed_renamed_retranslated_status_and_stale():
    from dataclasses import replace

    from mtgcr.reports.glossary.diff import DiffKind, diff_catalogs

    en_old = replace(
        EN,
        glossary=[
            g("Fliegen", "An evasion keyword. See rule 702.9, “Fliegen.”", 1),
            g(
                "Flugzeug",
                "A machine that carries many creatures across the sky for a fee. See rule 799.",
                2,
            ),
            g("Draw", "To put a card into hand. See rule 121.", 3),
            g("Gone", "A term dropped later. See rule 998.", 4),
        ],
    )
    en_new = replace(
        EN,
        release=Release("en", "20310110", date(2031, 1, 10)),
        glossary=[
            g("Fliegen", "An evasion keyword. See rule 702.9, “Fliegen.”", 1),
            g(
                "Aircraft",
                "A machine that carries many creatures across the sky for a fee. See rule 799.",
                2,
            ),
            g("Draw", "To put a card into hand. See rule 121.", 3),
            g("Fresh", "A new term. See rule 997.", 4),
        ],
    )
    en_latest = replace(
        en_new,
        release=Release("en", "20320110", date(2032, 1, 10)),
        glossary=[
            g("Fliegen", "An evasion keyword that also flies over walls. See rule 702.9.", 1),
            *en_new.glossary[1:],
        ],
    )

    def ja(rel, entries):
        return Ruleset(Release("ja", rel, date(int(rel[:4]), 1, 10)), "ja.txt", glossary=entries)

    old = pair_glossaries(
        ja(
            "20300110",
            [
                g("フリーゲン", "rule 702.9 参照。", 1, original="Fliegen"),
                g("飛行機", "rule 799 参照。", 2, original="Flugzeug"),
                g("引く", "rule 121 参照。", 3, original="Draw"),
                g("消えるもの", "rule 998 参照。", 4, original="Gone"),
            ],
        ),
        en_old,
    )
    new = pair_glossaries(
        ja(
            "20310110",
            [
                g("フリーゲン", "(廃語)rule 702.9 参照。", 1, original="Fliegen"),
                g("航空機", "rule 799 参照。", 2, original="Aircraft"),
                g("ドローする", "rule 121 参照。", 3, original="Draw"),
                g("新しいもの", "rule 997 参照。", 4, original="Fresh"),
            ],
        ),
        en_new,
    )
    d = diff_catalogs(old, new, en_old, en_new, en_latest)
    got = {(c.kind, c.concept, c.old, c.new) for c in d.changes}
    assert (DiffKind.RENAMED, "en-glossary-aircraft", "Flugzeug", "Aircraft") in got
    assert (DiffKind.RETRANSLATED, "en-glossary-aircraft", "飛行機", "航空機") in got
    assert (DiffKind.RETRANSLATED, "en-glossary-draw", "引く", "ドローする") in got
    assert (DiffKind.ADDED, "en-glossary-fresh", None, "新しいもの") in got
    assert (DiffKind.REMOVED, "en-glossary-gone", "消えるもの", None) in got
    assert (DiffKind.STATUS, "en-glossary-fliegen", "official", "obsolete") in got
    assert (DiffKind.STALE, "en-glossary-fliegen", "フリーゲン", None) in got
    assert not any(
        c.kind is DiffKind.REMOVED and c.concept == "en-glossary-flugzeug" for c in d.changes
    )
    assert d.counts() == {
        "added": 1,
        "removed": 1,
        "renamed": 1,
        "retranslated": 2,
        "status": 1,
        "stale": 1,
    }
    # without the EN releases a rename is a removal and an addition, and the report says so
    d2 = diff_catalogs(old, new)
    assert d2.counts()["renamed"] == 0 and d2.counts()["removed"] == 2 and d2.notes


def test_check_of_one_section_reports_the_whole_checks_findings_there(cat):
    whole = check_catalog(cat, JA, EN)
    one = check_catalog(cat, JA, EN, section=702)
    assert [d for d in whole.drift if d.rule.section == 702] == one.drift
    assert one.rules_checked == sum(1 for n in JA.rules if n.section == 702)
