"""Bilingual glossaries (mtgcr.reports.glossary): pairing, the concept model, the six formats
read back by their own parsers and validated by their consumers' schemas, terminology checks —
on small rulesets and files written for these tests in the shapes of the real ones (JA 用語集
headwords, a ZH glossary with no English, a provisional list)."""

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
from mtgcr.reports.glossary.build import pair_by_evidence, pair_glossaries
from mtgcr.reports.glossary.checks import FindingKind, check_catalog, term_forms
from mtgcr.reports.glossary.csvfile import read_csv, write_csv
from mtgcr.reports.glossary.jsonfile import read_json, write_json
from mtgcr.reports.glossary.model import Origin, PartOfSpeech, Status
from mtgcr.reports.glossary.omegat import read_omegat, write_omegat
from mtgcr.reports.glossary.tbx import BASIC_CATEGORIES, NS, read_tbx, write_tbx
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


# -- pairing through originals (JA) ----------------------------------------------------------
def test_exact_pair_with_reading_rules_anchor_and_file_name_provenance(cat):
    p = by(cat, "フリーゲン")
    assert (p.concept, p.en, p.reading, p.status) == (
        "en-glossary-fliegen",
        "Fliegen",
        "ふりーげん",
        Status.OFFICIAL,
    )
    assert p.rules_en == p.rules == (N("702.9"),)
    assert p.anchor == "en:2030-01-10:glossary:Fliegen" and len(p.anchor_sha256) == 64
    assert [(v.document, v.line, v.origin) for v in p.provenance] == [
        ("ja.txt", 10, Origin.GLOSSARY),
        ("ja.txt", 101, Origin.RULE_TITLE),
    ]
    assert p.kind.value == "keyword ability" and p.part_of_speech is PartOfSpeech.NOUN


def test_a_path_is_never_kept_only_the_file_name():
    cat = pair_glossaries(JA, EN, document="/home/someone/corpus/JPN_CR.txt")
    assert {v.document for p in cat.pairs for v in p.provenance} <= {"JPN_CR.txt", "ja.txt"}
    assert cat.source == "JPN_CR.txt"


def test_one_concept_per_sense_with_its_own_definition(cat):
    draw = [p for p in cat.pairs if p.concept == "en-glossary-draw"]
    assert [(p.term, p.entry_id, p.part_of_speech, p.definition_en) for p in draw] == [
        (
            "引く",
            "en-glossary-draw-sense-1",
            PartOfSpeech.VERB,
            "1. To put a card into hand. See rule 121.",
        ),
        (
            "引き分け",
            "en-glossary-draw-sense-2",
            PartOfSpeech.NOUN,
            "2. A game nobody wins. See rule 104.4a.",
        ),
    ]
    # the senses point at each other (TBX crossReference)
    assert draw[0].related == ("en-glossary-draw-sense-2",)


def test_a_misspelt_original_is_taken_only_with_the_same_cited_rules(cat):
    p = by(cat, "配置カード")
    assert p.concept == "en-glossary-station-cards" and p.en == "Station Cards"
    assert "Staton Cards" in p.notes[0] and "same rules cited" in p.notes[0]


def test_an_original_with_no_en_entry_is_kept_and_noted(cat):
    p = by(cat, "謎")
    assert p.concept == "en-glossary-mystery-word" and p.anchor is None and p.definition_en == ""
    assert any("Mystery Word" in n and "ja.txt:24" in n for n in cat.notes)


def test_keyword_heading_with_its_own_pair_when_the_glossary_lacks_it(cat):
    p = by(cat, "トランペルン")
    assert p.concept == "en-glossary-trampeln" and p.provenance[0].origin is Origin.RULE_TITLE
    assert p.rules == (N("702.10"),) and p.definition_en.startswith("A keyword about damage")


EN2 = Ruleset(
    Release("en", "20300110", date(2030, 1, 10)),
    "en.txt",
    glossary=[
        g("Control", "The player who decides. See rule 108.4.", 1, aliases=("Controller",)),
        g("Counter", "1. To cancel a spell. See rule 701.5.\n2. A marker. See rule 122.", 2),
        g(
            "Old Armor",
            "An obsolete keyword ability that has been renamed. See rule 702.89, “New Armor.”",
            3,
            heading="Old Armor (Obsolete)",
            obsolete=True,
        ),
        g(
            "New Armor",
            "A keyword ability that saves a permanent. See rule 702.89, “New Armor.”",
            4,
        ),
        g("Tapped", "A status a permanent may have. See rule 110.5. See also Untapped.", 5),
        g("Untapped", "A status a permanent may have. See rule 110.5. See also Tapped.", 6),
    ],
)
JA2 = Ruleset(
    Release("ja", "20300110", date(2030, 1, 10), "0"),
    "ja2.txt",
    glossary=[
        g("コントロール、コントローラー", "rule 108.4 参照。", 1, original="Control, Controller"),
        g("打ち消す", "呪文を無効にする。rule 701.5 参照。", 2, original="Counter(v)"),
        g("カウンター", "印。rule 122 参照。", 3, original="Counter(n)"),
        g("古い鎧", "(廃語)rule 702.89〔新しい鎧〕参照。", 4, original="Old Armor"),
        g("新しい鎧", "rule 702.89〔新しい鎧〕参照。", 5, original="New Armor"),
        g("タップ状態", "rule 110.5 参照。", 6, original="Tapped"),
    ],
)


@pytest.fixture(scope="module")
def cat2():
    return pair_glossaries(JA2, EN2)


def test_each_term_of_a_headword_is_its_own_pair_with_the_en_name_beside_it(cat2):
    control = [(p.term, p.en, p.names) for p in cat2.pairs if p.concept == "en-glossary-control"]
    assert control == [
        ("コントロール", "Control", ("Control", "Controller")),
        ("コントローラー", "Controller", ("Control", "Controller")),
    ]


def test_n_and_v_senses_by_the_rules_they_cite(cat2):
    got = {
        (p.term, p.entry_id, p.part_of_speech)
        for p in cat2.pairs
        if p.concept == "en-glossary-counter"
    }
    assert got == {
        ("打ち消す", "en-glossary-counter-sense-1", PartOfSpeech.VERB),
        ("カウンター", "en-glossary-counter-sense-2", PartOfSpeech.NOUN),
    }


def test_an_obsolete_concept_is_deprecated_and_names_its_successor(cat2):
    old = by(cat2, "古い鎧")
    assert old.status is Status.OBSOLETE
    assert (old.successor, old.successor_en) == ("en-glossary-new-armor", "New Armor")
    assert by(cat2, "タップ状態").part_of_speech is PartOfSpeech.ADJECTIVE
    assert by(cat2, "タップ状態").related == ("en-glossary-untapped",)


ZH_EN = Ruleset(
    Release("en", "20300110", date(2030, 1, 10)),
    "en.txt",
    rules=rules(("702.9", "Fliegen"), ("702.10", "Trampeln")),
    glossary=[
        g("Alternate Name", "A name on promotional cards. See rule 201.6.", 1),
        g("Alternative Cost", "A cost paid instead. See rule 118, “Costs.”", 2),
        g("Draft", "1. A Limited format. See rule 100.\n2. To choose a card.", 3),
        g("Fliegen", "An evasion keyword. See rule 702.9, “Fliegen.”", 4),
        g("Plainscycling", "See Typecycling.", 5),
        g("Typecycling", "A variant of cycling. See rule 702.29.", 6),
        g("Lonely", "No rule, no cross-reference, nothing to tell it by.", 7),
    ],
)
ZH = Ruleset(
    Release("zh", "20300110", date(2030, 1, 10)),
    "zh.txt",
    rules=rules(("702.9", "飞天"), ("702.10", "践踏")),
    glossary=[
        g("替代性费用", "支付的费用。参见规则118，“费用”。", 10),  # ZH order differs from EN
        g("别名", "推广版本的名称。参见规则201.6。", 11),
        g(
            "轮抽/抽选（译者注：在英文中这两个词是相同的。）",
            "1. 一种限制赛。参见规则100。\n2. 选择一张牌。",
            12,
        ),
        g("飞天", "一个躲避异能。", 13),  # no cited rule: the heading 702.9 pairs it
        g("平原循环", "参见类别循环。", 14),
        g("类别循环", "循环的变体。参见规则702.29。", 15),
        g("孤独", "没有规则。", 16),
    ],
)
#: A bilingual edition that sets the EN headwords in EN order beside the ZH entries (wrong
#: where the orders differ), as the real glossary.md does.
WITNESS = {"替代性费用": "Alternate Name", "别名": "Alternative Cost", "飞天": "Fliegen"}


@pytest.fixture(scope="module")
def zh_cat():
    from mtgcr.crossref.translation.glossary_pairs import name_key

    return pair_by_evidence(
        ZH, ZH_EN, witness={name_key(k): v for k, v in WITNESS.items()}, witness_name="glossary.md"
    )


def test_zh_pairs_by_cited_rules_and_the_swapped_witness_is_listed(zh_cat):
    assert by(zh_cat, "替代性费用").en == "Alternative Cost"
    assert by(zh_cat, "别名").en == "Alternate Name"
    assert len(zh_cat.disagreements) == 2
    assert "替代性费用" in zh_cat.disagreements[0] and "'Alternate Name'" in zh_cat.disagreements[0]


def test_zh_heading_cross_reference_and_no_pair_by_position(zh_cat):
    assert by(zh_cat, "飞天").en == "Fliegen"  # both head rule 702.9
    assert by(zh_cat, "平原循环").en == "Plainscycling"  # both point at a paired entry
    assert not any(p.term == "孤独" for p in zh_cat.pairs)
    assert any("孤独" in n for n in zh_cat.notes) and any("'Lonely'" in n for n in zh_cat.notes)


def test_zh_terms_per_sense_and_the_translators_note_out_of_the_term(zh_cat):
    draft = [(p.term, p.sense, p.translator_note) for p in zh_cat.pairs if p.en == "Draft"]
    assert draft == [
        ("轮抽", "1", "译者注：在英文中这两个词是相同的。"),
        ("抽选", "2", "译者注：在英文中这两个词是相同的。"),
    ]
    assert zh_cat.lang_tag == "zh-Hans"


# -- formats: each read back by a parser of that format --------------------------------------
def _bytes(write, cat, **kw):
    buf = io.BytesIO()
    write(buf, cat, **kw)
    return buf.getvalue()


def test_tbx_v3_structure_and_read_back(cat, cat2):
    data = _bytes(write_tbx, cat)
    root = etree.fromstring(data)
    q = {"t": NS}
    assert NS == "urn:iso:std:iso:30042:ed-2"
    assert (
        root.tag == f"{{{NS}}}tbx"
        and root.get("type") == "TBX-Basic"
        and root.get("style") == "dca"
    )
    ids = [c.get("id") for c in root.iterfind(".//t:conceptEntry", q)]
    assert len(ids) == len(set(ids)) == len(cat.concepts)
    assert all(len(ts.findall("t:term", q)) == 1 for ts in root.iterfind(".//t:termSec", q))
    used = {
        (el.tag.split("}")[1], el.get("type"))
        for el in root.iter()
        if isinstance(el.tag, str) and el.get("type") and el is not root
    }
    assert used and used <= BASIC_CATEGORIES
    back = read_tbx(io.BytesIO(data))
    assert [(p.concept, p.en, p.term, p.reading, p.status, p.sense) for p in back.pairs] == [
        (p.concept, p.en, p.term, p.reading, p.status, p.sense) for p in cat.pairs
    ]
    data2 = _bytes(write_tbx, cat2)
    root2 = etree.fromstring(data2)
    old = root2.find(".//t:conceptEntry[@id='en-glossary-old-armor']", q)
    assert old.find("t:ref[@type='crossReference']", q).get("target") == "en-glossary-new-armor"
    control = root2.find(".//t:conceptEntry[@id='en-glossary-control']", q)
    x = {"t": NS, "xml": "http://www.w3.org/XML/1998/namespace"}
    assert [t.text for t in control.iterfind("t:langSec[@xml:lang='en']/t:termSec/t:term", x)] == [
        "Control",
        "Controller",
    ]


def test_tbx_valid_by_the_core_rng_and_the_basic_schematron_and_a_planted_fault_fails(cat2, zh_cat):
    from tbx_schemas import TbxValidator, need_schema

    v = TbxValidator()
    assert v.rewritten == 5  # matches() once, ./local-name() four times
    control = etree.parse(str(need_schema("Example_Astronomy_DCA_VALID.tbx")))
    assert v.errors(control) == []  # the dialect's own valid example passes the port
    for c in (cat2, zh_cat):
        assert v.errors(_bytes(write_tbx, c)) == []
    good = _bytes(write_tbx, cat2)
    faults = {
        "namespace": good.replace(b"urn:iso:std:iso:30042:ed-2", b"urn:iso:std:iso:30042:ed:3.0"),
        "part of speech": good.replace(b">verb<", b">verbe<", 1),
        "cross-reference": good.replace(b'target="en-glossary-new-armor"', b'target="nowhere"'),
        "termNote level": good.replace(
            b'<descrip type="subjectField">',
            b'<termNote type="partOfSpeech">noun</termNote><descrip type="subjectField">',
            1,
        ),
    }
    for what, data in faults.items():
        assert data != good, what
        assert v.errors(data), f"a planted {what} fault passed"


def test_tbx2_read_back_with_translate_toolkit(cat2):
    from translate.storage import tbx

    data = _bytes(write_tbx2, cat2)
    units = tbx.tbxfile.parsefile(io.BytesIO(data)).units
    assert len(units) == len(cat2.concepts)
    control = next(u for u in units if u.getid() == "en-glossary-control")
    assert (control.source, control.target) == ("Control", "コントロール")
    back = read_tbx2(io.BytesIO(data))
    assert [(p.en, p.term, p.status) for p in back.pairs] == [
        (p.en, p.term, p.status) for p in cat2.pairs
    ]


def test_tbx2_valid_by_the_dtd_and_a_planted_fault_is_not(cat2):
    from tbx_schemas import tbx2_dtd

    dtd = tbx2_dtd()
    data = _bytes(write_tbx2, cat2)
    assert dtd.validate(etree.fromstring(data)), dtd.error_log
    assert not dtd.validate(etree.fromstring(data.replace(b"<tig>", b"<tig><note>x</note>", 1)))


def test_csv_text_safe_for_spreadsheets(cat, cat2):
    from dataclasses import replace

    data = _bytes(write_csv, cat)
    assert data.startswith(b"\xef\xbb\xbfconcept,sense,en,en_names,ja,")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    draw1 = next(r for r in rows if r[4] == "引く")
    assert draw1[11] == "rule 121" and draw1[15] == "ja 20300110.0"  # no bare numbers
    plus = replace(cat2, pairs=[replace(cat2.pairs[0], term="+1/+1カウンター")])
    cell = next(csv.reader(io.StringIO(_bytes(write_csv, plus).decode("utf-8-sig"))))
    raw = _bytes(write_csv, plus).decode("utf-8-sig")
    assert "'+1/+1カウンター" in raw and cell
    assert read_csv(io.BytesIO(_bytes(write_csv, plus))).pairs[0].term == "+1/+1カウンター"
    semi = _bytes(write_csv, cat, bom=False, delimiter=";")
    back = read_csv(io.BytesIO(semi), delimiter=";")
    assert [(p.en, p.term, p.status, p.sense) for p in back.pairs] == [
        (p.en, p.term, p.status, p.sense) for p in cat.pairs
    ]
    with pytest.raises(ValueError):
        write_csv(io.BytesIO(), cat, delimiter='"')


def test_omegat_one_line_per_term_with_its_en_name(cat2):
    lines = _bytes(write_omegat, cat2).decode("utf-8").split("\n")[:-1]
    assert all(line.count("\t") == 2 for line in lines)
    assert any(line.startswith("Controller\tコントローラー\t") for line in lines)
    old = next(line for line in lines if line.startswith("Old Armor\t"))
    assert "obsolete: use 新しい鎧 (New Armor)" in old
    back = read_omegat(io.BytesIO("\n".join(lines).encode()), "ja")
    assert [(p.en, p.term) for p in back.pairs] == [(p.en, p.term) for p in cat2.pairs]


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


def test_anki_one_note_per_sense_fixed_ids(cat, tmp_path):
    notes, decks = _anki_notes(_bytes(write_anki, cat, timestamp=1.9e9), tmp_path)
    assert len(notes) == len(cat.concepts)
    assert {n[1] for n in notes} == {model_id("ja")} and str(deck_id("ja")) in decks
    fields = {n[0]: n[2].split("\x1f") for n in notes}
    fl = by(cat, "フリーゲン")
    assert fields[note_guid(fl)][:3] == ["フリーゲン", "ふりーげん", "Fliegen"]
    tags = next(n[3] for n in notes if n[0] == note_guid(fl)).split()
    assert "keyword-ability" in tags and "noun" in tags
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


def test_json_keeps_every_field(cat, zh_cat):
    for c in (cat, zh_cat):
        back = read_json(io.BytesIO(_bytes(write_json, c)))
        assert back.pairs == c.pairs and back.notes == c.notes
        assert back.release == c.release and back.disagreements == c.disagreements


# -- checks ----------------------------------------------------------------------------------
def test_term_forms():
    assert term_forms("覇権、覇権された") == ("覇権", "覇権された")
    assert term_forms("唱える") == ("唱える", "唱え")
    assert term_forms("［性質］探索") == ("探索",)
    assert term_forms("アクティブ・プレイヤー") == ("アクティブプレイヤー",)


QA_EN = Ruleset(
    Release("en", "20300110", date(2030, 1, 10)),
    "en.txt",
    rules=rules(
        ("810.4", "Each team has a shared life total, which starts at 30 life."),
        ("810.5", "A team's shared life total can't be paid twice."),
        ("510.1", "The defending player chooses blockers."),
        ("510.2", "The defending player assigns damage."),
        ("510.3", "The defending player loses."),
        ("201.5", "Witness Protection says “Any target loses the game.”"),
        ("201.6", "If a player attacks alone, that player wins."),
    ),
    glossary=[
        g("Shared Life Total", "The life total of a team. See rule 810.4.", 1),
        g("Defending Player", "The player being attacked. See rule 506.2.", 2),
        g("Active Player", "The player whose turn it is. See rule 102.1.", 3),
        g("Protection", "A keyword ability. See rule 702.16.", 4),
        g("Attack Alone", "To attack with one creature. See rule 506.5.", 5),
        g("Life", "A count of points. See rule 119.", 6),
        g("Player", "One of the people in the game. See rule 102.", 7),
    ],
)
QA_JA = Ruleset(
    Release("ja", "20300110", date(2030, 1, 10), "0"),
    "ja.txt",
    rules=rules(
        ("810.4", "各チームは共有ライフの総量を持ち、30点から始まる。"),
        ("810.5", "チームの共有ライフ総量は二度支払えない。"),
        ("510.1", "アクティブ・プレイヤーがブロック・クリーチャーを選ぶ。"),
        ("510.2", "防御プレイヤーはダメージを割り振る。"),
        ("510.3", "防御プレイヤーは負ける。"),
        ("201.5", "《証人保護》は「対象は敗北する。」と書かれている。"),
        ("201.6", "プレイヤーが単独では攻撃しないなら、そのプレイヤーが勝つ。"),
    ),
    glossary=[
        g("共有ライフ総量", "rule 810.4 参照。", 1, original="Shared Life Total"),
        g("防御プレイヤー", "rule 506.2 参照。", 2, original="Defending Player"),
        g("アクティブ・プレイヤー", "rule 102.1 参照。", 3, original="Active Player"),
        g("プロテクション", "rule 702.16 参照。", 4, original="Protection"),
        g("単独で攻撃する", "rule 506.5 参照。", 5, original="Attack Alone"),
        g("ライフ", "rule 119 参照。", 6, original="Life"),
        g("プレイヤー", "rule 102 参照。", 7, original="Player"),
    ],
)


def test_check_reports_positive_evidence_only():
    cat = pair_glossaries(QA_JA, QA_EN)
    rep = check_catalog(cat, QA_JA, QA_EN)
    got = {(str(f.rule), f.concept, f.kind, f.found) for f in rep.findings if f.rule}
    # 共有ライフの総量: the term written with の (a variant); 810.5 uses the term
    assert (
        "810.4",
        "en-glossary-shared-life-total",
        FindingKind.VARIANT,
        "共有ライフの総量",
    ) in got
    assert not any(r == "810.5" for r, *_ in got)
    # アクティブ・プレイヤー where EN says defending player: another glossary term
    assert (
        "510.1",
        "en-glossary-defending-player",
        FindingKind.OTHER_TERM,
        "アクティブプレイヤー",
    ) in got
    # the card name Witness Protection and quoted card text are never checked; 単独では攻撃 is
    # the term in another grammatical form
    assert not any(r in ("201.5", "201.6") for r, *_ in got)
    assert len(got) == 2 and rep.per_section() == {510: 1, 810: 1}


def test_check_of_one_section_keeps_the_whole_checks_findings_there():
    cat = pair_glossaries(QA_JA, QA_EN)
    whole = check_catalog(cat, QA_JA, QA_EN)
    one = check_catalog(cat, QA_JA, QA_EN, section=510)
    assert [f for f in whole.findings if f.rule and f.rule.section == 510] == [
        f for f in one.findings if f.rule
    ]


def test_shared_term_but_not_senses_or_an_obsolete_term_and_its_successor(cat2):
    from dataclasses import replace

    from mtgcr.reports.glossary.checks import _shared

    assert _shared(cat2) == []  # 打ち消す/カウンター are two senses; 古い鎧 ≠ 新しい鎧
    twice = replace(
        cat2,
        pairs=cat2.pairs
        + [replace(by(cat2, "新しい鎧"), concept="en-glossary-control", en="Control")],
    )
    found = _shared(twice)
    assert [(f.kind, f.term) for f in found] == [(FindingKind.SHARED, "新しい鎧")]


# -- command line ------------------------------------------------------------------------------
def test_cli_russian_from_the_fixture_and_an_empty_store(tmp_path, capsys):
    import json
    from pathlib import Path

    from mtgcr.cli.main import main

    fix = Path(__file__).parents[2] / "fixtures" / "ru" / "MagicCompRules_RU.txt"
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
    assert all(p["anchor"] is None for p in data["pairs"])
    assert "no EN release 20170708 stored" in data["notes"][0] and "note: no EN release" in out.err
    assert "/" not in data["source"]
    assert (
        main(["--store", str(store), "glossary", "export", "--lang", "ja", "--format", "csv"]) == 2
    )
    assert "no ja releases" in capsys.readouterr().err
    assert (
        main(["--store", str(store), "glossary", "export", "--lang", "en", "--format", "csv"]) == 2
    )
    assert "concept system" in capsys.readouterr().err
