"""Last phase of a release alignment: from the matching to :class:`~mtgcr.crossref.model.Change` s.

Sections are paired first (they decide what "moved" means), then every one-to-one pair is
classified by comparing texts (rule text plus examples):

* identical → ``unchanged`` (same number) or ``renumbered`` (references that kept a number
  the alignment changed are noted on demand by :func:`stale_references`, for reports);
* equal after folding typography (:mod:`mtgcr.crossref.typography`: quotes, ``?`` or U+FFFD
  for a lost character, marks, italics, URL brackets, dashes, wraps) → ``typography`` (its own
  relation, never "modified"; ``renumbered`` when the number changed too), with a note;
* equal after mapping the old text's references through the alignment → the same, with a
  note ("rule 712.7a" → "rule 712.11c" is not an edit);
* otherwise ``modified`` with the Indel similarity of the compared forms;
* ``moved`` instead when the rule landed in another section than the one its section
  continues as.
"""

from __future__ import annotations

import re
from typing import Callable, NamedTuple

import numpy as np
from rapidfuzz import fuzz

from mtgcr.extract.references import find_references
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.align.glossary import glossary_plan
from mtgcr.crossref.align.keys import ReleaseKeys
from mtgcr.crossref.align.matching import Matching, Side
from mtgcr.crossref.model import CONTINUING, Alignment, Change, GlossaryChange, one_to_one_kind
from mtgcr.crossref.align.sections import sections_from_counts
from mtgcr.crossref.textkey import compare_form, rewrite_numbers
from mtgcr.crossref.typography import forms_equal, typography_form, typography_only
from mtgcr.crossref.worddiff import text_similarity

__all__ = [
    "build_alignment",
    "stale_references",
    "compare_pair",
    "compare_texts",
    "TextComparison",
    "number_table",
]

_TOKEN = re.compile(r"\d\d\d(?:\.\d{1,3}[a-z]{0,2})?(?!\d)")
_AMBIGUOUS_NOTE = "equally good candidates; record a decision to settle it"


def build_alignment(a: Side, b: Side, m: Matching) -> Alignment:
    """Classify the matching ``m`` of sides ``a`` (old) and ``b`` (new) into an
    :class:`Alignment` with sections and glossary.

    One-to-one pairs with equal texts (examples included) in corresponding sections are
    settled by comparing the releases' text ids (:class:`~mtgcr.crossref.align.keys.ReleaseKeys`)
    as arrays; only the other pairs are compared as texts. The alignment's ``changes`` and
    ``glossary`` lists are built when first read (:meth:`Alignment.deferred`): every pair is
    decided and classified here, only the objects of unchanged groups wait."""
    old, new = a.rs, b.rs
    ka, kb = a.keys, b.keys
    o2n = m.o2n.copy()
    rows = np.flatnonzero(o2n >= 0)
    cols = o2n[rows]
    main_new = o2n.copy()  # the new rule each old rule continues as (-1: none)
    so, sn = ka.section_keys, kb.section_keys
    pa, pb = so.rule_pos[rows], sn.rule_pos[cols]
    both = (pa >= 0) & (pb >= 0)
    count = (
        np.bincount(pa[both] * len(sn) + pb[both], minlength=len(so) * len(sn))
        .reshape(len(so), len(sn))
        .astype(np.float64)
    )  # aligned rule pairs per (old, new) section
    for g in m.groups:
        if g.kind in ("split", "merged"):
            for i in g.old:
                for j in g.new:
                    r, c = int(so.rule_pos[i]), int(sn.rule_pos[j])
                    if r >= 0 and c >= 0:
                        count[r, c] += 1
            main_new[list(g.old)] = g.new[0]
    sections = sections_from_counts(so, sn, count)
    sec_to: dict[int, RuleNumber | None] = {}
    sec_map: dict[int, int] = {}  # one-to-one section pairs only
    for s in sections:
        if s.old is not None:
            sec_to[s.old.section] = s.new if s.kind != "removed" else None
            if s.kind in ("unchanged", "moved", "retitled") and s.new is not None:
                sec_map[s.old.section] = s.new.section
    table = _number_table(ka, kb, main_new, sec_to)

    # one-to-one pairs: equal texts in corresponding sections are settled as arrays
    top = int(max(ka.sec.max(initial=0), kb.sec.max(initial=0), max(sec_map, default=0))) + 1
    lut = np.full(top, -1, dtype=np.int64)
    if sec_map:
        lut[list(sec_map)] = list(sec_map.values())
    fast = (ka.full_id[rows] == kb.full_id[cols]) & (lut[ka.sec[rows]] == kb.sec[cols])
    decided = m.decided
    if decided:
        fast &= np.array(
            [(i, j) not in decided for i, j in zip(rows.tolist(), cols.tolist())], dtype=bool
        )
    same_num = ka.num_id[rows] == kb.num_id[cols]
    fr, fc, fs = rows[fast], cols[fast], same_num[fast]
    slow: dict[int, Change] = {}
    for i, j in zip(rows[~fast].tolist(), cols[~fast].tolist()):
        slow[j] = _pair_change(a, b, i, j, sec_map, table, (i, j) in decided)
    lang = old.release.lang
    full_a, full_b, an, bn = a.full, b.full, a.nums, b.nums
    grouped: list[Change] = []
    for g in m.groups:
        olds = tuple(an[i] for i in g.old)
        news = tuple(bn[j] for j in g.new)
        notes: tuple[str, ...] = ()
        sim, changed = 0.0, True
        if g.kind in ("split", "merged"):
            fa = compare_form(" ".join(rewrite_numbers(full_a[i], table) for i in g.old))
            fb = compare_form(" ".join(full_b[j] for j in g.new))
            sim = text_similarity(fa, fb, lang)
        elif g.kind == "ambiguous":
            sim, changed, notes = g.similarity, False, (_AMBIGUOUS_NOTE,)
        grouped.append(Change(g.kind, olds, news, round(sim, 4), changed, notes, g.decided))
    plan = _Plan(
        an,
        bn,
        o2n,
        fr,
        fc,
        fs,
        slow,
        [(g.new, g.old) for g in m.groups],
        grouped,
        m.busy_old.copy(),
        m.busy_new.copy(),
        m.n2o.copy(),
    )
    # a glossary cut off (Ruleset.truncated) would list its missing entries as removed/added
    glossary: Callable[[], list[GlossaryChange]] = list
    if not (old.truncated or new.truncated):
        glossary = glossary_plan(
            old.glossary, new.glossary, table, (ka.glossary, kb.glossary)
        ).changes
    return Alignment.deferred(
        old.release, new.release, plan.changes, sections, glossary, {"old": len(a), "new": len(b)}
    )


def _number_table(
    ka: ReleaseKeys, kb: ReleaseKeys, main_new: np.ndarray, sec_to: dict[int, RuleNumber | None]
) -> dict[str, str | None]:
    """Old number as written → new number (``None``: no counterpart), only where they
    differ: every old rule by the new rule it continues as (``main_new``), then sections."""
    table: dict[str, str | None] = {}
    cont = main_new >= 0
    jj = np.where(cont, main_new, 0)
    differ = ~cont | (ka.num_id != kb.num_id[jj]) if len(main_new) else cont
    an, bn = ka.num_str, kb.num_str
    for i in np.flatnonzero(differ).tolist():
        j = int(main_new[i])
        table[an[i]] = None if j < 0 else bn[j]
    for sec, t in sec_to.items():
        if t is None or t.section != sec:
            table[str(sec)] = None if t is None else str(t)
    return table


class _Plan:
    """The changes of an alignment, in new-document order, made when first read: the
    one-to-one pairs settled as arrays (``fr``/``fc``, ``fs``: same number), the other
    one-to-one pairs (``slow``: new index → change), the groups and what is left added or
    removed. Removed rules follow the new position of the nearest earlier matched old rule."""

    def __init__(
        self,
        an: list[RuleNumber],
        bn: list[RuleNumber],
        o2n: np.ndarray,
        fr: np.ndarray,
        fc: np.ndarray,
        fs: np.ndarray,
        slow: dict[int, Change],
        members: list[tuple[tuple[int, ...], tuple[int, ...]]],
        grouped: list[Change],
        busy_old: np.ndarray,
        busy_new: np.ndarray,
        n2o: np.ndarray,
    ) -> None:
        self.an, self.bn, self.o2n = an, bn, o2n
        self.fr, self.fc, self.fs, self.slow = fr, fc, fs, slow
        self.members, self.grouped = members, grouped
        self.busy_old, self.busy_new, self.n2o = busy_old, busy_new, n2o

    def changes(self) -> list[Change]:
        """Every change, in new-document order."""
        an, bn = self.an, self.bn
        at: list[Change | None] = [None] * len(bn)
        for i, j, same in zip(self.fr.tolist(), self.fc.tolist(), self.fs.tolist()):
            at[j] = Change("unchanged" if same else "renumbered", (an[i],), (bn[j],), 1.0)
        for j, ch in self.slow.items():
            at[j] = ch
        o2n = self.o2n.tolist()
        prev_new, last = [-1] * len(an), -1
        for i, j in enumerate(o2n):
            if j >= 0:
                last = j
            prev_new[i] = last
        after: dict[int, list[Change]] = {}
        for (news, olds), ch in zip(self.members, self.grouped):
            if news:
                at[news[0]] = ch
            else:
                after.setdefault(prev_new[olds[0]], []).append(ch)
        busy_old, busy_new = self.busy_old.tolist(), self.busy_new.tolist()
        for i, j in enumerate(o2n):
            if j < 0 and not busy_old[i]:
                after.setdefault(prev_new[i], []).append(Change("removed", (an[i],), (), 0.0, True))
        for j, i in enumerate(self.n2o.tolist()):
            if i < 0 and not busy_new[j]:
                at[j] = Change("added", (), (bn[j],), 0.0, True)
        changes: list[Change] = list(after.get(-1, ()))
        for j, at_j in enumerate(at):
            if at_j is not None:
                changes.append(at_j)
            if j in after:
                changes += after[j]
        return changes


class TextComparison(NamedTuple):
    """How the texts of one rule pair compare (:func:`compare_pair`).

    Attributes:
        changed: the wording differs (a real edit), after mapping references and folding
            typography.
        similarity: 0–1 Indel similarity of the typography forms (1.0 when not changed).
        notes: why texts that are not equal as published count as the same ("typography
            only", "only renumbered references", …).
        typography: the texts as published differ in typography
            (:mod:`mtgcr.crossref.typography`) and in nothing else but renumbered
            references; ``False`` when ``changed``.
    """

    changed: bool
    similarity: float
    notes: list[str]
    typography: bool = False


def compare_pair(
    ra: str, rb: str, table: dict[str, str | None], lang: str = "en"
) -> TextComparison:
    """Whether a rule's wording changed, comparing ``ra`` (old) with ``rb`` (new).

    Args:
        ra, rb: rule texts with their examples (see :func:`mtgcr.crossref.align.matching.full_text`).
        table: old rule numbers the alignment changes (old → new, ``None``: gone); the old
            text's references are mapped through it (:func:`~mtgcr.crossref.textkey.rewrite_numbers`)
            so that a renumbered citation is not an edit.
        lang: the texts' language (Japanese similarity is scored on SudachiPy words, see
            :func:`mtgcr.crossref.worddiff.text_similarity`).

    Returns:
        A :class:`TextComparison`. Typography (:func:`~mtgcr.crossref.typography.typography_only`:
        quotes, ``?`` or U+FFFD for a lost character, ™/®/(TM), ``_italics_``, ``<url>``,
        dashes, wraps, whitespace) is never a change; a pair with a real edit is ``changed``
        whatever its typography, with the similarity of the typography forms.
    """
    if ra == rb:
        return TextComparison(False, 1.0, [])
    mapped = rewrite_numbers(ra, table)
    if mapped == rb:
        return TextComparison(False, 1.0, ["only renumbered references"])
    if compare_form(ra) == compare_form(rb) or typography_only(ra, rb):
        return TextComparison(False, 1.0, ["typography only"], True)
    if mapped != ra and typography_only(mapped, rb):
        return TextComparison(False, 1.0, ["only renumbered references and typography"], True)
    return TextComparison(
        True, text_similarity(typography_form(mapped), typography_form(rb), lang), []
    )


def _compare_keys(
    ka: ReleaseKeys, i: int, kb: ReleaseKeys, j: int, table: dict[str, str | None]
) -> TextComparison:
    """:func:`compare_pair` of old rule ``i`` and new rule ``j`` on the releases' stored
    comparison and typography forms (the same result, without folding either text again)."""
    ra, rb = ka.full[i], kb.full[j]
    if ra == rb:
        return TextComparison(False, 1.0, [])
    cited = ka.cited[i]
    mapped = rewrite_numbers(ra, table) if cited and not table.keys().isdisjoint(cited) else ra
    if mapped == rb:
        return TextComparison(False, 1.0, ["only renumbered references"])
    tb, sb = kb.typo[j], kb.skeleton[j]
    if ka.compare[i] == kb.compare[j] or forms_equal(ka.typo[i], tb, ka.skeleton[i], sb):
        return TextComparison(False, 1.0, ["typography only"], True)
    tm = ka.typo[i] if mapped == ra else typography_form(mapped)
    if mapped != ra and forms_equal(tm, tb, None, sb):
        return TextComparison(False, 1.0, ["only renumbered references and typography"], True)
    sim = (
        text_similarity(tm, tb, ka.lang)
        if ka.word_similarity or tm == tb
        else fuzz.ratio(tm, tb) / 100.0
    )  # what text_similarity gives for other languages
    return TextComparison(True, sim, [])


def compare_texts(
    ra: str, rb: str, table: dict[str, str | None], lang: str = "en"
) -> tuple[bool, float, list[str]]:
    """``(changed, similarity 0–1, notes)`` of :func:`compare_pair` (kept for callers that
    do not need to know whether typography differs)."""
    c = compare_pair(ra, rb, table, lang)
    return c.changed, c.similarity, c.notes


def _pair_change(
    a: Side,
    b: Side,
    i: int,
    j: int,
    sec_map: dict[int, int],
    table: dict[str, str | None],
    decided: bool,
) -> Change:
    """Classify the one-to-one pair old ``i`` ↔ new ``j`` (``table``: the old numbers the
    alignment changes, see :func:`~mtgcr.crossref.textkey.rewrite_numbers`)."""
    changed, sim, notes, typo = _compare_keys(a.keys, i, b.keys, j, table)
    if changed and a.text[i] == b.text[j]:
        notes.append("examples changed")
    na, nb = a.nums[i], b.nums[j]
    kind = one_to_one_kind(sec_map.get(na.section) != nb.section, changed, na != nb, typo)
    return Change(kind, (na,), (nb,), round(sim, 4), changed, tuple(notes), decided)


def _same(x: RuleNumber, y: RuleNumber) -> bool:
    """``x == y`` without building the dataclass comparison tuples (hot loop)."""
    return x.rule == y.rule and x.section == y.section and x.letters == y.letters


def stale_references(al: Alignment, new: Ruleset, old: Ruleset) -> dict[RuleNumber, list[str]]:
    """References in unchanged or renumbered rules of ``new`` that kept a number the
    alignment changed ("cites 701.2, which is now 702.2") — the published text forgot to
    update them.

    Each citation of the new text is checked against the old text's citations mapped through
    the alignment: a note only when the new text still cites a number the old text cited and
    the alignment renumbered (or removed). A new text that cites the target's new number
    (``rule 714`` → ``rule 713``) is correct even if 713 was itself another rule's old number.

    Args:
        al: an alignment of ``old`` → ``new``.
        new, old: the two rulesets (rules missing from ``old``, as in a partial release, are
            not checked).

    Returns:
        New rule number → notes, only for rules with such references.
    """
    tokens = set()
    for ch in al.changes:
        for n in ch.old:
            fw = al.forward(n)
            if not fw or fw[0] != n:
                tokens.add(str(n))
    for s in al.sections:
        if s.old is not None and (s.new is None or s.new != s.old):
            tokens.add(str(s.old))
    out: dict[RuleNumber, list[str]] = {}
    for ch in al.changes:
        if ch.kind not in ("unchanged", "renumbered"):
            continue
        rule = new.rules.get(ch.new[0])
        before = old.rules.get(ch.old[0])
        if (
            rule is None
            or before is None
            or not any(t in tokens for t in _TOKEN.findall(rule.text))
        ):
            continue
        cited_before = {str(n) for ref in find_references(before.text) for n in ref.numbers}
        notes = []
        for ref in find_references(rule.text):
            for n in ref.numbers:
                if str(n) not in tokens or str(n) not in cited_before:
                    continue
                to = al.map_number(n) if n.rule is not None else al.section_forward(n)
                notes.append(
                    f"cites {n}, which is now {to}"
                    if to is not None
                    else f"cites {n}, which has no counterpart now"
                )
        if notes:
            out[ch.new[0]] = notes
    return out


def number_table(al: Alignment) -> dict[str, str | None]:
    """The old rule and section numbers an alignment changes, as written → new number
    (``None``: no counterpart), the same table :func:`build_alignment` compares texts with.

    A translation uses its original's numbering, so the table of the English alignment
    serves to compare the translated texts of the same two releases too.
    """
    table: dict[str, str | None] = {}
    for ch in al.changes:
        for n in ch.old:
            if ch.kind in CONTINUING:
                if not _same(n, ch.new[0]):
                    table[str(n)] = str(ch.new[0])
            else:
                table[str(n)] = None
    for s in al.sections:
        if (
            s.old is not None
            and s.kind != "split"
            and (s.new is None or s.new.section != s.old.section)
        ):
            table[str(s.old)] = None if s.new is None or s.kind == "removed" else str(s.new)
    return table
