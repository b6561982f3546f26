"""Russian word forms via pymorphy3: lemmas for matching inflected words.

Russian rule text inflects the words that matter for matching: month names in dates
("8 июля 2017" — genitive of "июль"), the keyword of a reference ("см. правило 601.2c",
"согласно правилу 601.2c", "в правилах 702.1 и 702.2") and glossary terms inside rule text
("заклинания", "заклинанием" → headword "Заклинание"). :func:`lemmas` gives the dictionary
forms of a word; everything else compares lemmas, never surface forms.

The analyser (pymorphy3 with its bundled Russian dictionary, no download) is created on first
use, once per process (about 0.1 s).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["lemmas", "lemma", "lexeme", "REFERENCE_LEMMAS", "is_reference_keyword", "find_entry"]

#: Lemmas of the words that introduce a rule reference in Russian rule text: "правило 601.2c",
#: "пункт 601.2c", "раздел 702" (a section), "статья 100.1" (a rarer wording).
REFERENCE_LEMMAS = frozenset({"правило", "пункт", "раздел", "статья"})

_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


@lru_cache(maxsize=1)
def _analyzer():
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=65536)
def lemmas(word: str) -> tuple[str, ...]:
    """All dictionary forms pymorphy3 proposes for ``word`` (lower case), most likely first.

    ``"правилу"`` → ``("правило",)``; ``"июля"`` → ``("июль",)``. A word pymorphy3 does not
    know comes back as itself (lower case).
    """
    out: list[str] = []
    for p in _analyzer().parse(word.lower()):
        if p.normal_form not in out:
            out.append(p.normal_form)
    return tuple(out) or (word.lower(),)


def lemma(word: str) -> str:
    """The most likely dictionary form of ``word`` (see :func:`lemmas`)."""
    return lemmas(word)[0]


def lexeme(word: str) -> set[str]:
    """Every form of the word's most likely lemma: ``"правило"`` → {"правило", "правила",
    "правилу", "правилом", "правиле", "правил", "правилам", "правилами", "правилах"}."""
    return {f.word for f in _analyzer().parse(word.lower())[0].lexeme}


def is_reference_keyword(word: str) -> bool:
    """True if ``word`` is a form of a reference keyword (:data:`REFERENCE_LEMMAS`)."""
    return any(l in REFERENCE_LEMMAS for l in lemmas(word))


def find_entry(glossary, query: str):
    """The glossary entry whose Russian headword is ``query`` in any word form
    ("заклинания", "заклинанием" → "Заклинание"; "боевых повреждений" → "Боевые
    повреждения"): every word of the query must have a lemma in common with the word of the
    headword at the same position. Returns the first such :class:`mtgcr.extract.model.GlossaryEntry`
    or ``None``.
    """
    want = [set(lemmas(w)) for w in _WORD.findall(query)]
    if not want:
        return None
    for entry in glossary:
        for name in (entry.term, *entry.aliases):
            words = _WORD.findall(name)
            if len(words) == len(want) and all(set(lemmas(w)) & q for w, q in zip(words, want)):
                return entry
    return None
