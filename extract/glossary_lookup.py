"""Finding a glossary entry of a translation by what a user types: its headword, its reading,
its English original, or an English headword or alias of the English glossary of the same
release — and suggesting near names in the script of the query.

Format knowledge: JA 総合ルール 用語集 headwords ``キッカー（きっかー）／Kicker`` give a reading in
``（）`` and the English original after ``／`` (:data:`mtgcr.extract.profiles.JA_HEADWORD`); the EN
glossary names an entry's aliases in its headword (``Kicker, Kicked``); ZH glossary headwords
(``践踏``) give no original, but each entry cites the rules of its subject as the EN entry
does (``参见规则702.19`` / ``See rule 702.19``), in the same order as the EN glossary.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from mtgcr.extract.model import GlossaryEntry
from mtgcr.extract.profiles import JA_HEADWORD
from mtgcr.extract.references import find_references
from mtgcr.extract.terms import match_key

__all__ = ["Found", "find_entry", "reading_of", "script_of", "suggestions"]

_LATIN = re.compile(r"[A-Za-z]")
_KANA = re.compile(r"^[\u3040-\u30ff\u30fc\s・ー]+$")
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff]")


@dataclass(frozen=True)
class Found:
    """An entry found and how: ``"headword"``, ``"reading"``, ``"original"`` (the entry's
    English original), ``"english"`` (through the EN entry ``via``, by its original) or
    ``"english-references"`` (through the EN entry ``via``, by the rules both cite)."""

    entry: GlossaryEntry
    how: str
    via: GlossaryEntry | None = None


def script_of(text: str) -> str:
    """``"latin"`` (English letters, no CJK), ``"kana"`` (hiragana/katakana only) or ``"cjk"``."""
    if _LATIN.search(text) and not _CJK.search(text):
        return "latin"
    if _KANA.match(text.strip()):
        return "kana"
    return "cjk"


def _hira(text: str) -> str:
    """Katakana → hiragana (so ``アイボウ`` finds the reading ``あいぼう``)."""
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


def _key(text: str) -> str:
    return _hira(match_key(text)).replace(" ", "")


def reading_of(entry: GlossaryEntry) -> str | None:
    """The reading a JA headword gives in ``（）`` (``相棒（あいぼう）／Companion`` →
    ``"あいぼう"``), else ``None``."""
    m = JA_HEADWORD.match(entry.heading or "")
    return m.group("reading") if m and m.group("reading") else None


def _names(entry: GlossaryEntry) -> list[str]:
    return [entry.term, *entry.aliases] + ([entry.original] if entry.original else [])


def _originals(entry: GlossaryEntry) -> set[str]:
    """The English original split on ``/`` (``Control/Controller``)."""
    return {_key(p) for p in re.split(r"[／/,]", entry.original or "") if p.strip()}


def _cited(entry: GlossaryEntry) -> frozenset:
    return frozenset(str(r.first) for r in find_references(entry.text, require_keyword=False))


def find_entry(
    glossary: Sequence[GlossaryEntry], term: str, english: Sequence[GlossaryEntry] | None = None
) -> Found | None:
    """The entry of ``glossary`` (a translation's) that ``term`` names.

    Tried in order: a headword or alias (NFKC, case-insensitive); a reading (katakana and
    hiragana alike); the entry's English original; then, with ``english`` (the EN glossary
    of the same release), the EN entry ``term`` names by headword or alias, carried over by
    its headword and aliases against the originals, else by the rule numbers both
    definitions cite (the same set, non-empty; several candidates: the one at the nearest
    relative position in the glossary).

    Args:
        glossary: the translation's glossary entries, in document order.
        term: what the user typed.
        english: the EN glossary of the same release, or ``None`` when not stored.

    Returns:
        A :class:`Found`, or ``None``.
    """
    want = _key(term)
    if not want:
        return None
    for e in glossary:
        if any(_key(n) == want for n in [e.term, *e.aliases]):
            return Found(e, "headword")
    for e in glossary:
        r = reading_of(e)
        if r and _key(r) == want:
            return Found(e, "reading")
    for e in glossary:
        if e.original and (_key(e.original) == want or want in _originals(e)):
            return Found(e, "original")
    if not english:
        return None
    en = next((g for g in english if any(_key(n) == want for n in [g.term, *g.aliases])), None)
    if en is None:
        return None
    en_names = {_key(n) for n in [en.term, *en.aliases]}
    for e in glossary:
        if e.original and (_key(e.original) in en_names or _originals(e) & en_names):
            return Found(e, "english", en)
    cited = _cited(en)
    if not cited:
        return None
    cands = [i for i, e in enumerate(glossary) if _cited(e) == cited]
    if not cands:
        return None
    pos = list(english).index(en) / max(1, len(english) - 1)
    best = min(cands, key=lambda i: abs(i / max(1, len(glossary) - 1) - pos))
    return Found(glossary[best], "english-references", en)


def suggestions(
    glossary: Sequence[GlossaryEntry],
    term: str,
    english: Sequence[GlossaryEntry] | None = None,
    limit: int = 3,
) -> list[str]:
    """Up to ``limit`` names close to ``term``, in the script of ``term``: for an English
    query the entries' originals and the EN glossary's headwords (``"キッカー／Kicker"``
    or ``"Trample"``), for kana the headwords and readings, else the headwords.

    Returns:
        Names as shown to the user, best first (rapidfuzz WRatio).
    """
    from rapidfuzz import fuzz, process

    script = script_of(term)
    shown: dict[str, str] = {}  # candidate → as shown
    for e in glossary:
        if script == "latin":
            if e.original:
                shown.setdefault(
                    e.original, f"{e.term}／{e.original}" if e.term != e.original else e.original
                )
            elif not _CJK.search(e.term):
                shown.setdefault(e.term, e.term)
        else:
            shown.setdefault(e.term, e.term)
            r = reading_of(e)
            if script == "kana" and r:
                shown.setdefault(r, f"{e.term}（{r}）")
    if script == "latin" and english:
        for g in english:
            for n in (g.term, *g.aliases):
                shown.setdefault(n, n)
    if not shown:
        return []
    q = unicodedata.normalize("NFKC", term)
    got = process.extract(q, list(shown), scorer=fuzz.WRatio, limit=limit * 3)
    out: list[str] = []
    for name, _, _ in got:
        if shown[name] not in out:
            out.append(shown[name])
        if len(out) == limit:
            break
    return out
