"""The type lists of 205.3 read as items in EN 2026-01-16 and its JA and ZH translations:
the same number of items in every language (the creature types: 314)."""

from __future__ import annotations

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.document import load_document
from mtgcr.extract.registry import parse_document


def _rs(path):
    return parse_document(load_document(need(path))).rulesets[0][0]


def test_type_lists_have_the_same_items_in_every_language():
    en = _rs(OFFICIAL / "2026-01-16.txt")
    ja = _rs(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt")
    zh = _rs(CORPUS / "zh" / "plain_text" / "20260116_Zh.txt")
    for n, want in [("205.3g", [19]), ("205.3h", [12]), ("205.3i", [17, 5]), ("205.3m", [314])]:
        for rs, lang in ((en, "en"), (ja, "ja"), (zh, "zh")):
            assert [len(x.items) for x in rs.get(n).items(lang)] == want, (n, lang)
    (creatures,) = en.get("205.3m").items("en")
    assert creatures.texts()[:3] == ["Advisor", "Aetherborn", "Alien"]
    assert creatures.texts()[-1] == "Zubera"
    (ja_creatures,) = ja.get("205.3m").items("ja")
    assert ja_creatures.texts()[-1] == "ずべら／Zubera"
