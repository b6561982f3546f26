"""Lists inside rule text exposed as items (issue 27), with each language's separators:
EN ``,`` and ``and``, ZH ``、`` and ``以及``, RU ``,`` and ``и``, JA items each in 「」. Texts
written for the tests in the shape of 205.3g (artifact types) and 205.3i (land types)."""

from __future__ import annotations

import json

from crfile import cr_text
from mtgcr.cli.main import main
from mtgcr.extract.lists import find_lists
from mtgcr.extract.model import Rule
from mtgcr.extract.rulenum import RuleNumber


def texts(text: str, lang: str) -> list[list[str]]:
    return [lst.texts() for lst in find_lists(text, lang)]


def test_english_lists_with_notes_and_the_last_item():
    text = (
        "Artifacts have their own subtypes; these are called artifact types. The artifact "
        "types are Attraction (see rule 717), Blood, Clue, Equipment (see rule 301.5), Food, "
        "and Vehicle (see rule 301.7)."
    )
    (lst,) = find_lists(text, "en")
    assert lst.texts() == ["Attraction", "Blood", "Clue", "Equipment", "Food", "Vehicle"]
    assert text[lst.start : lst.end].startswith("Attraction (see rule 717), Blood")
    assert all(text[i.start : i.end] == i.text for i in lst.items)
    # the sentence's start is no item; the last item ends before its verb
    assert texts("Of that list, Forest, Island, Mountain, Plains, and Swamp are basic.", "en") == [
        ["Forest", "Island", "Mountain", "Plains", "Swamp"]
    ]
    # two commas and no list: a sentence of clauses
    assert texts("If a player would draw, instead that player mills, then stops.", "en") == []


def test_lists_in_chinese_russian_and_japanese():
    zh = "神器类别包括景点（参见规则717）、血滴、线索、武具（参见规则301.5），以及载具。"
    assert texts(zh, "zh") == [["景点", "血滴", "线索", "武具", "载具"]]
    ru = "Типы артефактов: Кровь, Улика, Снаряжение, Еда и Машина."
    assert texts(ru, "ru") == [["Кровь", "Улика", "Снаряжение", "Еда", "Машина"]]
    ja = "アーティファクト・タイプには、「血／Blood」(rule 717 参照)「手掛かり／Clue」「「食物／Food」「機体／Vehicle」がある。"
    assert texts(ja, "ja") == [["血／Blood", "手掛かり／Clue", "食物／Food", "機体／Vehicle"]]


def test_rule_items_in_the_library_and_show_json(tmp_path, capsys):
    rule = Rule(RuleNumber.parse("100.1a"), "The colors are white, blue, black, red, and green.", 1)
    assert [lst.texts() for lst in rule.items()] == [["white", "blue", "black", "red", "green"]]
    body = "1. Game Concepts\n\n100. General\n\n100.1. A game.\n\n" + f"100.1a {rule.text}\n"
    f = tmp_path / "MagicCompRules 20310303.txt"
    f.write_text(cr_text(body), encoding="utf-8")
    store = str(tmp_path / "s.sqlite")
    assert main(["--store", store, "--silent", "ingest", str(f)]) == 0
    capsys.readouterr()
    assert main(["--store", store, "show", "100.1a", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    (lst,) = got["items"]
    assert [i["text"] for i in lst["items"]] == ["white", "blue", "black", "red", "green"]
    assert got["text"][lst["start"] : lst["end"]] == "white, blue, black, red, and green"
