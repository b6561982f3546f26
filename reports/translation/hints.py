"""Term hints: the glossary pairs whose EN term occurs in a unit's source, offered with it.

The EN terms are found the way ``mtgcr glossary check`` finds them (one pattern over every
EN headword built by :mod:`mtgcr.reports.glossary.checks`: whole words, a hyphen or space
between the words of a term, plural and verb endings, the longest term at a place winning —
"draw step" over "draw"; the general-sense words it leaves unchecked are left out here too).
The translated term of each EN headword is the one the kit carries
(:attr:`~mtgcr.crossref.translation.carry_model.TranslationKit.terms`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from mtgcr.crossref.glossary_anchor import concept_id
from mtgcr.crossref.translation.carry_model import TermHint, TranslationKit, UnitKind

from mtgcr.reports.glossary.checks import en_term_pattern  # the check's own matcher

__all__ = ["add_hints"]

_KINDS = frozenset(
    {
        UnitKind.RULE,
        UnitKind.EXAMPLE,
        UnitKind.SECTION,
        UnitKind.GLOSSARY_TEXT,
    }
)
_WORD = re.compile(r"[a-z0-9']+")


@lru_cache(maxsize=4096)
def _term_pattern(en: str) -> re.Pattern | None:
    """The check's pattern of one EN term (compiled once per process: the same terms come
    back in every kit)."""
    return en_term_pattern({en})


def _matches(pat: re.Pattern, text: str, low: str, first: str, same_length: bool, hint: TermHint):
    """Where ``pat`` matches ``text``: tried only where the term's first word starts (found
    in ``low``, ``text`` lowered, by ``str.find``) when the lowering kept every offset, else
    over the whole text."""
    if not same_length:
        return [(m.start(), m.end(), hint) for m in pat.finditer(text)]
    out = []
    i = low.find(first)
    while i >= 0:
        m = pat.match(text, i)
        if m:
            out.append((m.start(), m.end(), hint))
        i = low.find(first, i + 1)
    return out


def add_hints(kit: TranslationKit) -> TranslationKit:
    """``kit`` with :attr:`~mtgcr.crossref.translation.carry_model.KitUnit.hints` set on its
    rule, example, section and glossary-definition units (in place; returned for chaining).
    A unit's hints are in the order the terms occur, each once; a term found only inside a
    longer one ("draw" in "draw step") is left out, as the check does; a glossary definition
    gets no hint for its own headword.

    Each term is matched with its own pattern of the check (:func:`~mtgcr.reports.glossary.checks.en_term_pattern`),
    tried only on units that hold a word starting like the term's first word."""
    by_start: dict[str, list[tuple[str, str, re.Pattern, TermHint]]] = {}
    for en, term in kit.terms.items():
        pat = _term_pattern(en)
        words = _WORD.findall(en.lower())
        if pat is not None and words:
            hint = TermHint(en, term, concept_id(en))
            by_start.setdefault(words[0][:4], []).append((en, words[0], pat, hint))
    if not by_start:
        return kit
    for k, u in enumerate(kit.units):
        if u.kind not in _KINDS:
            continue
        low = u.source.lower()
        same_length = len(low) == len(u.source)
        starts = {w[:4] for w in _WORD.findall(low)}
        found: list[tuple[int, int, TermHint]] = []
        for start in starts & by_start.keys():
            for en, first, pat, hint in by_start[start]:
                if first not in low or (u.kind is UnitKind.GLOSSARY_TEXT and en == u.number):
                    continue
                found += _matches(pat, u.source, low, first, same_length, hint)
        kept: dict[str, TermHint] = {}
        reach, span = -1, (-1, -1)  # the furthest end so far, and the match that reaches it
        for a, b, hint in sorted(found, key=lambda f: (f[0], f[0] - f[1])):
            inside = b < reach or (b == reach and (a, b) != span)
            if b > reach:
                reach, span = b, (a, b)
            if not inside and hint.en not in kept:
                kept[hint.en] = hint
        if kept:
            kit.units[k] = replace(u, hints=tuple(kept.values()))
    return kit
