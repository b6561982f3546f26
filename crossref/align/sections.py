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

from mtgcr.crossref.align.keys import SectionKeys

if TYPE_CHECKING:
    from mtgcr.crossref.align.keys import ReleaseKeys

__all__ = ["align_sections", "sections_from_counts"]


def align_sections(
    old: Ruleset,
    new: Ruleset,
    pairs: Iterable[tuple[int, int]] | Mapping[tuple[int, int], int],
    keys: tuple[ReleaseKeys, ReleaseKeys] | None = None,
) -> list[SectionChange]:
    """Correspondence of every section of ``old`` and ``new``.

    Args:
        old, new: the rulesets.
        pairs: for every aligned (old rule, new rule) pair, any relation, the two section
            numbers (``(712, 712)``); or a mapping of such a section pair to its number of
            rule pairs.
        keys: the :class:`~mtgcr.crossref.align.keys.ReleaseKeys` of ``old`` and ``new`` when known
            (their :class:`~mtgcr.crossref.align.keys.SectionKeys` are used instead of computing them).

    Returns:
        One :class:`SectionChange` per old section and per new section without a partner, in
        new-document order (removed ones after their old predecessor's partner).
    """
    if keys is not None:
        ko, kn = keys[0].section_keys, keys[1].section_keys
    else:
        ko, kn = SectionKeys(old), SectionKeys(new)
    olds, news = ko.numbers, kn.numbers
    oi, ni = ko.index, kn.index
    count = np.zeros((len(olds), len(news)), dtype=np.float64)
    for (sa, sb), k in Counter(pairs).items():
        if sa in oi and sb in ni:
            count[oi[sa], ni[sb]] += k
    return sections_from_counts(ko, kn, count)


def sections_from_counts(
    ko: SectionKeys, kn: SectionKeys, count: np.ndarray
) -> list[SectionChange]:
    """:func:`align_sections` from the sections' keys and ``count[r, c]``, the number of
    aligned rule pairs joining old section ``r`` with new section ``c`` (positions in
    ``ko.numbers`` / ``kn.numbers``; float64)."""
    olds, news = ko.numbers, kn.numbers
    tk_o, tk_n = ko.title_keys, kn.title_keys
    if olds and news:
        tsim = process.cdist(tk_o, tk_n, scorer=fuzz.ratio, dtype=np.float32) / 100.0
        tsim[[not t for t in tk_o], :] = 0.0
        tsim[:, [not t for t in tk_n]] = 0.0
    else:
        tsim = np.zeros_like(count)
    same = ko.ints[:, None] == kn.ints[None, :]
    score = count / ko.size[:, None] + count / kn.size[None, :] + 0.5 * tsim + 0.01 * same
    score[(count == 0) & (tsim < 0.9)] = 0.0
    pair_of: dict[int, int] = {}
    pair_rules: dict[int, int] = {}  # aligned rule pairs of each paired old section
    if score.size:
        rr, cc = linear_sum_assignment(score, maximize=True)
        ok = score[rr, cc] > 0
        pair_of = dict(zip(rr[ok].tolist(), cc[ok].tolist()))
        pair_rules = dict(zip(rr[ok].tolist(), count[rr[ok], cc[ok]].astype(np.int64).tolist()))
    taken = set(pair_of.values())
    id_o, id_n = ko.ids, kn.ids
    out: list[tuple[float, SectionChange]] = []
    row_any: list[bool] = np.asarray(count.any(axis=1)).tolist()
    row_arg: list[int] = count.argmax(axis=1).tolist() if count.size else [0] * len(olds)
    last_pair = -1  # the partner of the nearest earlier paired old section
    for r, sec in enumerate(olds):
        ot = ko.titles[r]
        c = pair_of.get(r)
        if c is not None:
            moved, retitled = id_o[r] != id_n[c], tk_o[r] != tk_n[c]  # ids: equal numbers
            kind: SectionKind = "moved" if moved else ("retitled" if retitled else "unchanged")
            out.append(
                (
                    c,
                    SectionChange(
                        kind, sec, news[c], ot, kn.titles[c], moved, retitled, pair_rules[r]
                    ),
                )
            )
            last_pair = c
            continue
        if row_any[r] and row_arg[r] in taken:
            c = row_arg[r]
            out.append(
                (
                    c + 0.5,
                    SectionChange(
                        "merged",
                        sec,
                        news[c],
                        ot,
                        kn.titles[c],
                        sec != news[c],
                        False,
                        int(count[r, c]),
                    ),
                )
            )
        else:
            out.append((last_pair + 0.6, SectionChange("removed", sec, None, ot, None)))
    col_any: list[bool] = np.asarray(count.any(axis=0)).tolist()
    col_arg: list[int] = count.argmax(axis=0).tolist() if count.size else [0] * len(news)
    for c, nsec in enumerate(news):
        if c in taken:
            continue
        nt = kn.titles[c]
        if col_any[c] and col_arg[c] in pair_of:
            r = col_arg[c]
            out.append(
                (
                    c,
                    SectionChange(
                        "split",
                        olds[r],
                        nsec,
                        ko.titles[r],
                        nt,
                        olds[r] != nsec,
                        False,
                        int(count[r, c]),
                    ),
                )
            )
        else:
            out.append((c, SectionChange("added", None, nsec, None, nt)))
    out.sort(key=lambda x: x[0])
    return [s for _, s in out]
