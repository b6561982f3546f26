"""Glossary correspondence: entries matched by headword, then renamed ones by definition.

Headwords compare case-folded with typography folded (:mod:`mtgcr.crossref.typography`, also
``?`` for a lost quote mark); an entry also matches through its
aliases ("Kicker, Kicked") and, for translations, its English headword. Definitions compare
after mapping their rule references through the rule alignment, so "See rule 702.33" →
"See rule 702.34" alone is no change. Leftover entries whose definitions are at least 85 %
similar are paired globally (``linear_sum_assignment``) as ``renamed``.
"""

from __future__ import annotations

import itertools

import numpy as np
from rapidfuzz import fuzz, process
from scipy.optimize import linear_sum_assignment

from mtgcr.extract.model import GlossaryEntry

from mtgcr.crossref.model import GlossaryChange, GlossaryKind
from mtgcr.crossref.align.keys import GlossaryKeys
from mtgcr.crossref.textkey import rewrite_numbers
from mtgcr.crossref.typography import forms_equal, typography_form, typography_only

__all__ = ["align_glossary", "glossary_plan", "GlossaryPlan", "RENAME_THRESHOLD"]

#: Definition similarity (0–1) from which two leftover entries are one renamed entry.
RENAME_THRESHOLD = 0.85


def align_glossary(
    old: list[GlossaryEntry],
    new: list[GlossaryEntry],
    table: dict[str, str | None],
    keys: tuple[GlossaryKeys, GlossaryKeys] | None = None,
) -> list[GlossaryChange]:
    """Correspondence of two glossaries (:meth:`GlossaryPlan.changes` of :func:`glossary_plan`,
    whose arguments these are).

    Returns:
        One :class:`GlossaryChange` per entry pair or lone entry, in new-document order
        (removed entries at the end, in old order).
    """
    return glossary_plan(old, new, table, keys).changes()


def glossary_plan(
    old: list[GlossaryEntry],
    new: list[GlossaryEntry],
    table: dict[str, str | None],
    keys: tuple[GlossaryKeys, GlossaryKeys] | None = None,
) -> GlossaryPlan:
    """The correspondence of two glossaries, every entry pair decided and classified; the
    identical pairs' :class:`GlossaryChange` s are made when :meth:`GlossaryPlan.changes` is
    called.

    Args:
        old, new: glossary entries in document order.
        table: old rule number → new rule number where they differ (``None``: no
            counterpart), for references in definitions (:func:`~mtgcr.crossref.textkey.rewrite_numbers`).
        keys: the entries' :class:`~mtgcr.crossref.align.keys.GlossaryKeys` (of ``old`` and
            ``new``) when known, e.g. from :func:`mtgcr.crossref.align.keys.release_keys`.

    Returns:
        A :class:`GlossaryPlan`.
    """
    ka, kb = keys if keys is not None else (GlossaryKeys(old), GlossaryKeys(new))
    # fast path: identical entries, the first old one of each entry found once in new
    ub, jb, cb = np.unique(kb.ident, return_index=True, return_counts=True)
    ua, ia = np.unique(ka.ident, return_index=True)
    _, pa, pb = np.intersect1d(ua, ub[cb == 1], assume_unique=True, return_indices=True)
    ii, jj = ia[pa], jb[cb == 1][pb]
    order = np.argsort(ii, kind="stable")
    pair: dict[int, int] = dict(zip(ii[order].tolist(), jj[order].tolist()))
    taken: set[int] = set(pair.values())
    n_identical = len(pair)
    # the entries left after the fast path (most entries of neighbouring releases are not)
    rest_o, rest_n = _unpaired(len(old), ii), _unpaired(len(new), jj)
    by_name: dict[str, int] = {}
    for j in rest_n:
        for n in kb.names[j]:
            by_name.setdefault(n, j)
    if rest_o:
        for exact in (True, False):  # headword first, then aliases / originals
            for i in rest_o:
                if i in pair:
                    continue
                names = ka.names[i][:1] if exact else ka.names[i]
                for n in names:
                    k = by_name.get(n)
                    if k is not None and k not in taken and (not exact or kb.names[k][0] == n):
                        pair[i] = k
                        taken.add(k)
                        break
    lone_o = [i for i in rest_o if i not in pair]
    lone_n = [j for j in rest_n if j not in taken]
    # headwords that differ in typography only ("Intervening ?If? Clause", 2008-05-01); only
    # headwords with the same ASCII letters and digits can (see crossref.typography)
    by_skeleton: dict[str, list[int]] = {}
    for j in lone_n:
        by_skeleton.setdefault(kb.skeleton[j], []).append(j)
    for i in lone_o:
        for j in by_skeleton.get(ka.skeleton[i], ()):
            if j not in taken and typography_only(old[i].term.casefold(), new[j].term.casefold()):
                pair[i] = j
                taken.add(j)
                break
    lone_o = [i for i in lone_o if i not in pair]
    lone_n = [j for j in lone_n if j not in taken]
    renamed: set[int] = set()
    if lone_o and lone_n:
        sim = process.cdist(
            [ka.text_key[i] for i in lone_o],
            [kb.text_key[j] for j in lone_n],
            scorer=fuzz.ratio,
            score_cutoff=RENAME_THRESHOLD * 100,
            dtype=np.float32,
        )
        if sim.any():
            rr, cc = linear_sum_assignment(sim, maximize=True)
            for r, c in zip(rr, cc):
                if sim[r, c] > 0:
                    pair[lone_o[r]] = lone_n[c]
                    renamed.add(lone_o[r])
                    taken.add(lone_n[c])
    out: list[tuple[float, GlossaryChange]] = []
    for i, j in itertools.islice(pair.items(), n_identical, None):  # the non-identical pairs
        out.append((j, _compare(old[i], new[j], table, i in renamed, ka, i, kb, j)))
    for i in rest_o:
        if i not in pair:
            out.append((len(new) + i, GlossaryChange("removed", old[i].term, None, 0.0)))
    for j in rest_n:
        if j not in taken:
            out.append((j, GlossaryChange("added", None, new[j].term, 0.0)))
    return GlossaryPlan(old, new, ii[order], jj[order], out)


def _unpaired(n: int, paired: np.ndarray) -> list[int]:
    """The indices 0 … n-1 not in ``paired``, ascending."""
    mask = np.ones(n, dtype=bool)
    mask[paired] = False
    return np.flatnonzero(mask).tolist()


class GlossaryPlan:
    """A glossary correspondence (:func:`glossary_plan`) whose ``unchanged`` entries — the
    identical ones, most of a glossary — become :class:`GlossaryChange` s only in
    :meth:`changes`.

    Attributes:
        identical_old, identical_new: int arrays, the identical entry pairs (old, new index).
        others: ``(sort key, change)`` of every other entry (sort key: the new index, or
            ``len(new) + old index`` for removed entries).
    """

    def __init__(
        self,
        old: list[GlossaryEntry],
        new: list[GlossaryEntry],
        identical_old: np.ndarray,
        identical_new: np.ndarray,
        others: list[tuple[float, GlossaryChange]],
    ) -> None:
        self.old, self.new = old, new
        self.identical_old, self.identical_new, self.others = identical_old, identical_new, others

    def changes(self) -> list[GlossaryChange]:
        """One :class:`GlossaryChange` per entry pair or lone entry, in new-document order
        (removed entries at the end, in old order)."""
        old, new = self.old, self.new
        out = list(self.others)
        out += [
            (j, GlossaryChange("unchanged", old[i].term, new[j].term, 1.0))
            for i, j in zip(self.identical_old.tolist(), self.identical_new.tolist())
        ]
        out.sort(key=lambda x: x[0])
        return [g for _, g in out]


def _compare(
    a: GlossaryEntry,
    b: GlossaryEntry,
    table: dict[str, str | None],
    renamed: bool,
    ka: GlossaryKeys,
    i: int,
    kb: GlossaryKeys,
    j: int,
) -> GlossaryChange:
    """One paired entry: ``renamed`` / ``changed`` (definition reworded, obsolete flag or
    aliases changed) / ``typography`` (headword, aliases or definition differ in typography
    only: a straight-quote copy of an entry is no change) / ``unchanged``."""
    notes: list[str] = []
    typo = aliases_changed = False
    if a.obsolete != b.obsolete:
        notes.append("now obsolete" if b.obsolete else "no longer obsolete")
    if a.aliases != b.aliases:
        fa = tuple(typography_form(x).casefold() for x in a.aliases)
        fb = tuple(typography_form(x).casefold() for x in b.aliases)
        if fa != fb and not (
            len(a.aliases) == len(b.aliases)
            and all(
                typography_only(x.casefold(), y.casefold()) for x, y in zip(a.aliases, b.aliases)
            )
        ):
            notes.append("aliases changed")
            aliases_changed = True
        else:
            notes.append("alias typography only")
            typo = True
    if a.term != b.term and not renamed:
        notes.append("headword typography only")
        typo = True
    if a.text == b.text:
        sim, changed = 1.0, False
    else:  # the typography forms (and their skeletons) of the two definitions are kept
        ta, tb, sa, sb = ka.text_typo[i], kb.text_typo[j], ka.text_skeleton[i], kb.text_skeleton[j]
        cited = ka.text_cited[i]
        mapped = (
            rewrite_numbers(a.text, table)
            if cited and not table.keys().isdisjoint(cited)
            else a.text
        )
        same = mapped == a.text
        changed = not forms_equal(ta, tb, sa, sb)
        if changed and mapped != b.text:
            tm = ta if same else typography_form(mapped)
            changed = not forms_equal(tm, tb, sa if same else None, sb)
            sim = fuzz.ratio(tm, tb) / 100.0 if changed else 1.0
        else:
            changed, sim = False, 1.0
        if not changed:
            notes.append("typography or renumbered references only")
            typo = typo or not (mapped == b.text)
    kind: GlossaryKind
    if renamed:
        kind = "renamed"
    elif changed or a.obsolete != b.obsolete or aliases_changed:
        kind = "changed"
    elif typo:
        kind = "typography"
    else:
        kind = "unchanged"
    return GlossaryChange(kind, a.term, b.term, round(sim, 4), tuple(notes))
