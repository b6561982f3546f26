"""Which entry of a translation's glossary translates which EN glossary entry, for the kit.

A kit carries a glossary entry only when the translation's entry of that concept is known
for certain. The evidence, strongest first (:func:`pair_glossary`):

1. the English original the entry prints (JA ``相棒（あいぼう）／Companion``; the ZH bilingual
   edition): the EN headword or alias of that name;
2. the rules the two definitions cite (``参见规则702.19`` / ``See rule 702.19``): the same
   non-empty set, one candidate — or, of several, the one at the nearest relative position;
3. the order of the two glossaries between entries paired by 1 or 2: a run of unpaired EN
   entries and a run of unpaired translated entries of the same length between the same two
   anchors pair in order — a run of one whatever it cites (a definition citing other rules
   than EN is a stale translation, which the kit reports), a longer run only when no pair's
   cited rules contradict (both cite rules, not the same ones; a translation that leaves a
   reference out, ZH 拼造 for Improvise, does not contradict).

Anything else stays unpaired (and its units are new in the kit, with a note). Format
knowledge: the plain ZH glossaries 2022–2026 give no English and follow the EN order with
local swaps (ZH 2026-02-27: 关键字动作 / 关键字指示物 stand in each other's place); about 65
of 726 entries cite no rule.

The same evidence ``mtgcr define`` uses for one entry
(:func:`mtgcr.extract.glossary_lookup.find_entry`), computed once for a whole glossary
(``find_entry`` per entry takes about 47 s for 726 ZH entries; this about 0.1 s). The
termbase's pairing (issue 23) is the place for more evidence (keyword headings, senses):
when it lands in ``crossref``, the kit should take its pairs instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence

from mtgcr.extract.model import GlossaryEntry
from mtgcr.extract.references import find_references

from mtgcr.crossref.textkey import compare_form

__all__ = ["GlossaryPairing", "pair_glossary"]

_SENSE = re.compile(r"\s*[（(]\s*(?:\d{1,2}|[nv]|obsolete|已废止)\s*[）)]\s*$", re.I)


@dataclass
class GlossaryPairing:
    """EN glossary entries paired with a translation's.

    Attributes:
        pairs: EN headword → the translated entry.
        how: EN headword → ``"original"``, ``"cited rules"`` or ``"order"``.
        unpaired: EN headwords left without a translated entry.
    """

    pairs: dict[str, GlossaryEntry] = field(default_factory=dict)
    how: dict[str, str] = field(default_factory=dict)
    unpaired: list[str] = field(default_factory=list)


def _key(name: str) -> str:
    return " ".join(compare_form(_SENSE.sub("", name)).casefold().replace("’", "'").split())


def _cited(text: str) -> frozenset[str]:
    return frozenset(str(n) for r in find_references(text) for n in r.numbers)


def pair_glossary(
    translation: Sequence[GlossaryEntry], english: Sequence[GlossaryEntry]
) -> GlossaryPairing:
    """Pair a translation's glossary with the EN glossary of the same release.

    Args:
        translation: the translated glossary, in document order.
        english: the EN glossary, in document order.

    Returns:
        A :class:`GlossaryPairing`; each translated entry is used at most once.

    >>> from mtgcr.extract.model import GlossaryEntry as G
    >>> en = [G("Trample", (), "See rule 702.19.", 1), G("Turn", (), "A turn.", 2)]
    >>> zh = [G("践踏", (), "参见规则702.19。", 1), G("回合", (), "一个回合。", 2)]
    >>> p = pair_glossary(zh, en)
    >>> [(t, p.pairs[t].term, p.how[t]) for t in ("Trample", "Turn")]
    [('Trample', '践踏', 'cited rules'), ('Turn', '回合', 'order')]
    """
    out = GlossaryPairing()
    n_en, n_tr = len(english), len(translation)
    to_tr: list[int | None] = [None] * n_en
    used: set[int] = set()
    by_name: dict[str, int] = {}
    for i, g in enumerate(english):
        for name in (g.term, *g.aliases, ", ".join((g.term, *g.aliases))):
            by_name.setdefault(_key(name), i)
    for j, t in enumerate(translation):  # 1. the original the entry prints
        if not t.original:
            continue
        hit = by_name.get(_key(t.original))
        if hit is not None and to_tr[hit] is None:
            to_tr[hit], out.how[english[hit].term] = j, "original"
            used.add(j)
    en_cites = [_cited(g.text) for g in english]
    tr_cites = [_cited(t.text) for t in translation]
    by_cites: dict[frozenset[str], list[int]] = {}
    for j, c in enumerate(tr_cites):
        if c and j not in used:
            by_cites.setdefault(c, []).append(j)
    for i, c in enumerate(en_cites):  # 2. the same cited rules
        if to_tr[i] is not None or not c:
            continue
        cands = [j for j in by_cites.get(c, ()) if j not in used]
        if not cands:
            continue
        pos = i / max(1, n_en - 1)
        j = min(cands, key=lambda j: abs(j / max(1, n_tr - 1) - pos))
        to_tr[i], out.how[english[i].term] = j, "cited rules"
        used.add(j)
    _pair_runs(english, to_tr, used, en_cites, tr_cites, out, n_tr)
    for i, g in enumerate(english):
        paired = to_tr[i]
        if paired is None:
            out.unpaired.append(g.term)
        else:
            out.pairs[g.term] = translation[paired]
    return out


def _contradict(a: frozenset[str], b: frozenset[str]) -> bool:
    """Both definitions cite rules, and not the same ones (one citing none is a translation
    that left the reference out, not another concept)."""
    return bool(a) and bool(b) and a != b


def _pair_runs(
    english: Sequence[GlossaryEntry],
    to_tr: list[int | None],
    used: set[int],
    en_cites: list[frozenset[str]],
    tr_cites: list[frozenset[str]],
    out: GlossaryPairing,
    n_tr: int,
) -> None:
    """3. Runs of unpaired entries between the same two anchors, of equal length, in order
    (only anchors that keep the order: an entry paired out of order is no anchor)."""
    anchors = [(-1, -1)]
    last_j = -1
    for i, j in enumerate(to_tr):
        if j is not None and j > last_j:
            anchors.append((i, j))
            last_j = j
    anchors.append((len(english), n_tr))
    for (i0, j0), (i1, j1) in zip(anchors, anchors[1:]):
        ei = [i for i in range(i0 + 1, i1) if to_tr[i] is None]
        tj = [j for j in range(j0 + 1, j1) if j not in used]
        if not ei or len(ei) != len(tj):
            continue
        if len(ei) > 1 and any(_contradict(en_cites[i], tr_cites[j]) for i, j in zip(ei, tj)):
            continue  # one entry between two anchors is that entry whatever it cites
        for i, j in zip(ei, tj):
            to_tr[i], out.how[english[i].term] = j, "order"
            used.add(j)
