"""Glossary correspondence: entries matched by headword, then renamed ones by definition.

Headwords compare case-folded with typography folded; an entry also matches through its
aliases ("Kicker, Kicked") and, for translations, its English headword. Definitions compare
after mapping their rule references through the rule alignment, so "See rule 702.33" →
"See rule 702.34" alone is no change. Leftover entries whose definitions are at least 85 %
similar are paired globally (``linear_sum_assignment``) as ``renamed``.
"""
from __future__ import annotations

import numpy as np
from rapidfuzz import fuzz, process
from scipy.optimize import linear_sum_assignment

from mtgcr.extract.model import GlossaryEntry

from mtgcr.crossref.model import GlossaryChange, GlossaryKind
from mtgcr.crossref.textkey import compare_form, match_key, rewrite_numbers

__all__ = ["align_glossary", "RENAME_THRESHOLD"]

#: Definition similarity (0–1) from which two leftover entries are one renamed entry.
RENAME_THRESHOLD = 0.85


def _names(g: GlossaryEntry) -> list[str]:
    names = [g.term, *g.aliases] + ([g.original] if g.original else [])
    return [compare_form(n).casefold() for n in names if n]


def align_glossary(old: list[GlossaryEntry], new: list[GlossaryEntry],
                   table: dict[str, str | None]) -> list[GlossaryChange]:
    """Correspondence of two glossaries.

    Args:
        old, new: glossary entries in document order.
        table: old rule number → new rule number where they differ (``None``: no
            counterpart), for references in definitions (:func:`~mtgcr.crossref.textkey.rewrite_numbers`).

    Returns:
        One :class:`GlossaryChange` per entry pair or lone entry, in new-document order
        (removed entries at the end, in old order).
    """
    pair: dict[int, int] = {}
    taken: set[int] = set()
    same: dict[tuple, list[int]] = {}
    for j, g in enumerate(new):  # fast path: identical entries
        same.setdefault((g.term, g.text, g.aliases, g.obsolete), []).append(j)
    for i, g in enumerate(old):
        js = same.get((g.term, g.text, g.aliases, g.obsolete))
        if js and len(js) == 1 and js[0] not in taken:
            pair[i] = js[0]
            taken.add(js[0])
    identical = set(pair)
    by_name: dict[str, int] = {}
    for j, g in enumerate(new):
        if j not in taken:
            for n in _names(g):
                by_name.setdefault(n, j)
    for exact in (True, False):  # headword first, then aliases / originals
        for i, g in enumerate(old):
            if i in pair:
                continue
            names = _names(g)[:1] if exact else _names(g)
            for n in names:
                k = by_name.get(n)
                if k is not None and k not in taken and (not exact or _names(new[k])[0] == n):
                    pair[i] = k
                    taken.add(k)
                    break
    lone_o = [i for i in range(len(old)) if i not in pair]
    lone_n = [j for j in range(len(new)) if j not in taken]
    renamed: set[int] = set()
    if lone_o and lone_n:
        sim = process.cdist([match_key(old[i].text) for i in lone_o],
                            [match_key(new[j].text) for j in lone_n], scorer=fuzz.ratio,
                            score_cutoff=RENAME_THRESHOLD * 100, dtype=np.float32)
        if sim.any():
            rr, cc = linear_sum_assignment(sim, maximize=True)
            for r, c in zip(rr, cc):
                if sim[r, c] > 0:
                    pair[lone_o[r]] = lone_n[c]
                    renamed.add(lone_o[r])
                    taken.add(lone_n[c])
    out: list[tuple[float, GlossaryChange]] = []
    for i, j in pair.items():
        if i in identical:
            out.append((j, GlossaryChange("unchanged", old[i].term, new[j].term, 1.0)))
        else:
            out.append((j, _compare(old[i], new[j], table, i in renamed)))
    for i in range(len(old)):
        if i not in pair:
            out.append((len(new) + i, GlossaryChange("removed", old[i].term, None, 0.0)))
    for j in range(len(new)):
        if j not in taken:
            out.append((j, GlossaryChange("added", None, new[j].term, 0.0)))
    out.sort(key=lambda x: x[0])
    return [g for _, g in out]


def _compare(a: GlossaryEntry, b: GlossaryEntry, table: dict[str, str | None],
             renamed: bool) -> GlossaryChange:
    notes: list[str] = []
    if a.obsolete != b.obsolete:
        notes.append("now obsolete" if b.obsolete else "no longer obsolete")
    aliases_changed = tuple(x.casefold() for x in a.aliases) != tuple(x.casefold() for x in b.aliases)
    if aliases_changed:
        notes.append("aliases changed")
    if a.term != b.term and not renamed:
        notes.append("headword typography only")
    if a.text == b.text:
        sim, changed = 1.0, False
    else:
        fa, fb = compare_form(a.text), compare_form(b.text)
        if fa != fb:
            fa = compare_form(rewrite_numbers(a.text, table))
        changed = fa != fb
        sim = fuzz.ratio(fa, fb) / 100.0 if changed else 1.0
        if not changed:
            notes.append("typography or renumbered references only")
    kind: GlossaryKind
    if renamed:
        kind = "renamed"
    elif changed or a.obsolete != b.obsolete or aliases_changed:
        kind = "changed"
    else:
        kind = "unchanged"
    return GlossaryChange(kind, a.term, b.term, round(sim, 4), tuple(notes))
