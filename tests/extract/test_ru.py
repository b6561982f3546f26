"""The Russian translation's shape: dated header with genitive month names, "Пример:" examples,
glossary "Русский термин (English)", inflected references. The fixture
(tests/fixtures/ru/MagicCompRules_RU.txt) was written for these tests."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from helpers import OFFICIAL, need
from mtgcr.corpus.document import load_document
from mtgcr.extract.registry import parse_document
from mtgcr.extract.profiles import MONTHS_RU, parse_russian_date, russian_month
from mtgcr.extract.references import find_references
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.ru_morph import is_reference_keyword, lemmas, lexeme

FIX = Path(__file__).parents[1] / "fixtures" / "ru" / "MagicCompRules_RU.txt"
GENITIVE = [
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
]


def _ru():
    res = parse_document(load_document(FIX))
    assert res.kind == "cr-text"
    return res.rulesets[0][0]


def test_dates_with_genitive_months():
    assert parse_russian_date("Полные правила Magic: The Gathering (от 8 июля 2017)") == date(
        2017, 7, 8
    )
    assert parse_russian_date("вступают в силу с 1 января 2020 года") == date(2020, 1, 1)
    for i, word in enumerate(GENITIVE, 1):
        assert russian_month(word) == i  # via the pymorphy3 lemma
        assert parse_russian_date(f"от 15 {word} 2019") == date(2019, i, 15)
    assert russian_month("июле") == 7  # another case form, also via the lemma
    assert parse_russian_date("31 февраля 2017") is None  # no such day
    assert parse_russian_date("8 Мадрида 2017") is None
    assert len(MONTHS_RU) == 12


def test_fixture_parses():
    rs = _ru()
    rel = rs.release
    assert (rel.lang, rel.label, rel.effective_date) == ("ru", "20170708", date(2017, 7, 8))
    assert rs.title == "Полные правила Magic: The Gathering (от 8 июля 2017)"
    assert rs.counts() == {"sections": 2, "rules": 7, "subrules": 3, "examples": 1, "glossary": 4}
    assert [(c.number, c.title) for c in rs.chapters] == [
        (1, "Основные понятия"),
        (7, "Дополнительные правила"),
    ]
    assert rs.sections[RuleNumber(714)].title == "Контроль над другим игроком"
    r = rs.get("714.4")
    assert r.line == 44 and len(r.examples) == 1
    assert r.examples[0].text.startswith("Игрок, контролирующий другого игрока, видит руку")
    assert rs.get("100.1b").text.endswith("См. раздел 8 «Правила многопользовательской игры».")
    # glossary: Russian headword with its English original; "Oracle" is left in English
    assert [(g.term, g.original, g.line) for g in rs.glossary] == [
        ("Мана", "Mana", 52),
        ("Муллиган", "Mulligan", 55),
        ("Oracle", None, 58),
        ("Фишка", "Token", 61),
    ]
    assert rs.define("mulligan").term == "Муллиган"
    assert rs.credits.startswith("Перевод: судейское сообщество")
    assert [str(w).split(": ", 1)[1] for w in rs.warnings] == [
        "numbering gap: 714.6 where 714.5 was expected"
    ]


def test_glossary_lookup_in_any_word_form(tmp_path, capsys):
    import json

    from mtgcr.extract.ru_morph import find_entry
    from mtgcr.cli.main import main

    rs = _ru()
    assert find_entry(rs.glossary, "муллиганом").term == "Муллиган"
    assert find_entry(rs.glossary, "фишек").term == "Фишка"
    assert find_entry(rs.glossary, "маной").original == "Mana"
    assert find_entry(rs.glossary, "заклинание") is None
    # the same through the command line
    store = tmp_path / "s.sqlite"
    assert main(["--store", str(store), "--silent", "ingest", str(FIX)]) == 0
    capsys.readouterr()
    assert main(["--store", str(store), "define", "фишки", "--lang", "ru", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["term"], out["original"], out["release"]["label"]) == ("Фишка", "Token", "20170708")


@pytest.mark.parametrize("word", ["правило", "пункт", "раздел", "статья"])
def test_every_form_of_a_reference_keyword_is_caught(word):
    forms = lexeme(word)
    assert len(forms) >= 8  # pymorphy3 knows the paradigm
    for form in sorted(forms):
        for written in (form, form.capitalize()):
            refs = find_references(f"см. {written} 601.2c, а также", require_keyword=True)
            assert [(str(r.first), r.keyword) for r in refs] == [("601.2c", written)], written
        assert is_reference_keyword(form) and word in lemmas(form)  # "статей" is also "стать"


def test_inflected_references_in_text():
    text = (
        "Согласно правилу 601.2c и правилам 702.1 и 702.2, см. также правилами 601.2a–i "
        "и «Эмблемы»: см. правило 113 «Эмблемы». В правилах 712.1–712.21 ничего нет."
    )
    refs = find_references(text)
    assert [(str(r.first), r.last and str(r.last), r.keyword, r.title) for r in refs] == [
        ("601.2c", None, "правилу", None),
        ("702.1", None, "правилам", None),
        ("702.2", None, "правилам", None),
        ("601.2a", "601.2i", "правилами", None),
        ("113", None, "правило", "Эмблемы"),
        ("712.1", "712.21", "правилах", None),
    ]
    assert not is_reference_keyword("правильно")


def test_pairs_with_english_by_evidence():
    from mtgcr.crossref.translation.langpair import pair_rulesets
    from mtgcr.extract.model import Example, Release, Rule, Ruleset

    en = Ruleset(release=Release("en", "20170707", date(2017, 7, 8)), source="en")
    for num, text in [
        ("100.1b", "See section 8, “Multiplayer Rules.”"),
        ("100.2a", "each deck must contain at least sixty cards"),
        ("714.2", "One card (Word of Command) allows a player to control another."),
        ("714.4", "If information about an object would be visible …"),
        ("714.5", "While controlling another player …"),
        ("714.6", "A player may concede the game at any time. See rule 104.3a."),
    ]:
        n = RuleNumber.parse(num)
        en.rules[n] = Rule(n, text, 1)
    en.rules[RuleNumber.parse("714.4")].examples.append(Example("The controller …", 2))
    ru = _ru()
    ru.complete = False
    p = pair_rulesets(ru, en)
    st = {str(x.number): x.status for x in p.pairs}
    assert st == {
        "100.1b": "verified",
        "100.2a": "verified",
        "714.2": "verified",
        "714.4": "verified",
        "714.6": "verified",
    }
    # the translator's note "(прим. пер.: … MTR 3.1)" in 714.4 is not evidence against it
    assert next(x for x in p.pairs if str(x.number) == "714.4").details == []
    assert [str(n) for n in p.only_translation] == ["100.1", "100.1a", "100.2", "714.1", "714.3"]
    assert [str(n) for n in p.only_english] == ["714.5"]


@pytest.mark.integration
def test_fixture_against_real_english_2017_07_07():
    """Integration (reads ../shared): the fixture's rules pair with EN 2017-07-07, the release
    whose body says July 8, 2017, and evidence places it in 2016-07-22 … 2017-09-29."""
    from mtgcr.crossref.identify import identify
    from mtgcr.crossref.translation.langpair import english_counterpart, pair_rulesets
    from mtgcr.extract.formats.cr_text import parse_cr_text

    need(OFFICIAL)
    files = [f for f in sorted(OFFICIAL.glob("*.txt")) if "2015-11-13" <= f.stem <= "2019-01-25"]
    ens = [parse_cr_text(load_document(f)) for f in files]
    ru = _ru()
    ru.complete = False
    en = english_counterpart(ru.release, [e.release for e in ens])
    assert en.label == "20170707"
    en_rs = next(e for e in ens if e.release is en)
    p = pair_rulesets(ru, en_rs)
    assert p.exceptions() == [] and p.rate == 1.0
    assert p.counts()["verified"] == 7 and p.counts()["differs"] == 0
    ident = identify(ru, ens)
    assert ident.exact
    assert ident.ranges == [("2016-07-22", "2017-09-29")]  # 714 was 715 from 2018-07-13
    assert "2017-07-08" in ident.releases


def test_show_pair_and_diff_in_russian(tmp_path, capsys):
    """`diff --lang ru` between two RU releases (the second derived from the fixture here) and
    `show --lang ru --pair` against an EN release of the same effective date."""
    import json

    from mtgcr.cli.main import main

    later = tmp_path / "MagicCompRules_RU_b.txt"
    later.write_text(
        FIX.read_text(encoding="utf-8")
        .replace("(от 8 июля 2017)", "(от 29 сентября 2017)")
        .replace(
            "714.3. Меняется только контроль над игроком.",
            "714.3. Меняется только контроль над этим игроком.",
        ),
        encoding="utf-8",
    )
    en = tmp_path / "MagicCompRules 20170707.txt"
    en.write_text(
        "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of "
        "July 8, 2017.\n\nContents\n\n1. Game Concepts\n\n7. Additional Rules\n"
        "714. Controlling Another Player\n\nGlossary\n\nCredits\n\n"
        "7. Additional Rules\n\n714. Controlling Another Player\n\n"
        "714.6. A player may concede the game at any time. See rule 104.3a.\n\n"
        "Glossary\n\nConcede\nTo leave the game.\n\nCredits\n\nWritten for the tests.\n",
        encoding="utf-8",
    )
    store = str(tmp_path / "s.sqlite")
    assert main(["--store", store, "--silent", "ingest", str(FIX), str(later), str(en)]) == 0
    capsys.readouterr()
    assert (
        main(["--store", store, "diff", "20170708", "20170929", "--lang", "ru", "--format", "json"])
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    changed = [(c["kind"], c["old"], c["new"]) for c in d["changes"] if c["kind"] != "unchanged"]
    assert changed == [("modified", ["714.3"], ["714.3"])]
    assert (
        main(
            [
                "--store",
                store,
                "show",
                "714.6",
                "--lang",
                "ru",
                "--release",
                "2017-07-08",
                "--pair",
                "--format",
                "json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    pair = out["english"][0]
    assert pair["english"]["release"]["label"] == "20170707"
    assert (pair["status"], pair["agree"], pair["disagree"]) == ("verified", 1, 0)
    assert main(["--store", store, "show", "714.6", "--pair"]) == 2  # --pair needs a translation
