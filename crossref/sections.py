"""Section correspondence, derived from the aligned rules and the titles.

Each old section is paired with at most one new section by a global assignment
(``linear_sum_assignment``) on: the share of the old section's rules that went there, the
share of the new section's rules that came from there, and title similarity. What is left
over is ``merged`` (its rules went into a section that continues another one), ``split``
(a new section carved out of an old one that continues elsewhere), ``added`` or ``removed``.

Titles compare on letters and digits only (:func:`mtgcr.crossref.textkey.title_key`), so
"Player's" / "Player’s" / the 2008-05-01 "Player?s" defect is not a retitling.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable, Mapping

import numpy as np
from rapidfuzz import fuzz, process
from scipy.optimize import linear_sum_assignment

from mtgcr.extract.model import Ruleset

from mtgcr.crossref.model import SectionChange, SectionKind
from mtgcr.crossref.textkey import title_key

if TYPE_CHECKING:
    from mtgcr.crossref.keys import ReleaseKeys

__all__ = ["align_sections"]


def align_sections(old: Ruleset, new: Ruleset,
                   pairs: Iterable[tuple[int, int]] | Mapping[tuple[int, int], int],
                   keys: tuple[ReleaseKeys, ReleaseKeys] | None = None) -> list[SectionChange]:
    """Correspondence of every section of ``old`` and ``new``.

    Args:
        old, new: the rulesets.
        pairs: for every aligned (old rule, new rule) pair, any relation, the two section
            numbers (``(712, 712)``); or a mapping of such a section pair to its number of
            rule pairs.
        keys: the :class:`~mtgcr.crossref.keys.ReleaseKeys` of ``old`` and ``new`` when known
            (their section sizes and title keys are used instead of computing them).

    Returns:
        One :class:`SectionChange` per old section and per new section without a partner, in
        new-document order (removed ones after their old predecessor's partner).
    """
    olds, news = list(old.sections), list(new.sections)
    oi = {s.section: k for k, s in enumerate(olds)}
    ni = {s.section: k for k, s in enumerate(news)}
    count = np.zeros((len(olds), len(news)), dtype=np.float64)
    for (sa, sb), k in Counter(pairs).items():
        if sa in oi and sb in ni:
            count[oi[sa], ni[sb]] += k
    if keys is None:
        size_o = dict(Counter(n.section for n in old.rules))
        size_n = dict(Counter(n.section for n in new.rules))
        tk_o = [title_key(old.sections[s].title) for s in olds]
        tk_n = [title_key(new.sections[s].title) for s in news]
    else:
        size_o, size_n = keys[0].section_size, keys[1].section_size
        tk_o = [keys[0].title_key[s] for s in olds]
        tk_n = [keys[1].title_key[s] for s in news]
    if olds and news:
        tsim = process.cdist(tk_o, tk_n, scorer=fuzz.ratio, dtype=np.float32) / 100.0
        tsim[[not t for t in tk_o], :] = 0.0
        tsim[:, [not t for t in tk_n]] = 0.0
    else:
        tsim = np.zeros_like(count)
    so = np.array([max(1, size_o.get(s.section, 0)) for s in olds], dtype=np.float64)[:, None]
    sn = np.array([max(1, size_n.get(s.section, 0)) for s in news], dtype=np.float64)[None, :]
    same = (np.array([s.section for s in olds])[:, None] == np.array([s.section for s in news])[None, :]
            if olds and news else np.zeros_like(count, dtype=bool))
    score = count / so + count / sn + 0.5 * tsim + 0.01 * same
    score[(count == 0) & (tsim < 0.9)] = 0.0
    pair_of: dict[int, int] = {}
    if score.size:
        rr, cc = linear_sum_assignment(score, maximize=True)
        pair_of = {int(r): int(c) for r, c in zip(rr, cc) if score[r, c] > 0}
    taken = set(pair_of.values())
    out: list[tuple[float, SectionChange]] = []
    for r, sec in enumerate(olds):
        ot = old.sections[sec].title
        if r in pair_of:
            c = pair_of[r]
            nsec = news[c]
            nt = new.sections[nsec].title
            moved, retitled = sec != nsec, tk_o[r] != tk_n[c]
            kind: SectionKind = "moved" if moved else ("retitled" if retitled else "unchanged")
            out.append((c, SectionChange(kind, sec, nsec, ot, nt, moved, retitled, int(count[r, c]))))
            continue
        row = count[r]
        if row.any() and int(row.argmax()) in taken:
            c = int(row.argmax())
            out.append((c + 0.5, SectionChange("merged", sec, news[c], ot, new.sections[news[c]].title,
                                               sec != news[c], False, int(row[c]))))
        else:
            prev = [pair_of[k] for k in range(r) if k in pair_of]
            out.append(((prev[-1] if prev else -1) + 0.6,
                        SectionChange("removed", sec, None, ot, None)))
    for c, nsec in enumerate(news):
        if c in taken:
            continue
        col = count[:, c]
        nt = new.sections[nsec].title
        if col.any() and int(col.argmax()) in pair_of:
            r = int(col.argmax())
            out.append((c, SectionChange("split", olds[r], nsec, old.sections[olds[r]].title, nt,
                                         olds[r] != nsec, False, int(col[r]))))
        else:
            out.append((c, SectionChange("added", None, nsec, None, nt)))
    out.sort(key=lambda x: x[0])
    return [s for _, s in out]
