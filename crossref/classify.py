"""Last phase of a release alignment: from the matching to :class:`~mtgcr.crossref.model.Change` s.

Sections are paired first (they decide what "moved" means), then every one-to-one pair is
classified by comparing texts (rule text plus examples):

* identical → ``unchanged`` (same number) or ``renumbered`` (references that kept a number
  the alignment changed are noted on demand by :func:`stale_references`, for reports);
* equal after folding typography (:func:`~mtgcr.crossref.textkey.compare_form`) → the same, with a
  note;
* equal after mapping the old text's references through the alignment → the same, with a
  note ("rule 712.7a" → "rule 712.11c" is not an edit);
* otherwise ``modified`` with the Indel similarity of the compared forms;
* ``moved`` instead when the rule landed in another section than the one its section
  continues as.
"""
from __future__ import annotations

import re

from mtgcr.extract.references import find_references
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.glossary import align_glossary
from mtgcr.crossref.matching import Matching, Side
from mtgcr.crossref.model import CONTINUING, Alignment, Change, RuleKind
from mtgcr.crossref.sections import align_sections
from mtgcr.crossref.textkey import compare_form, rewrite_numbers
from mtgcr.crossref.worddiff import text_similarity

__all__ = ["build_alignment", "stale_references", "compare_texts", "number_table"]

_TOKEN = re.compile(r"\d\d\d(?:\.\d{1,3}[a-z]{0,2})?(?!\d)")
_AMBIGUOUS_NOTE = "equally good candidates; record a decision to settle it"


def build_alignment(a: Side, b: Side, m: Matching) -> Alignment:
    """Classify the matching ``m`` of sides ``a`` (old) and ``b`` (new) into an
    :class:`Alignment` with sections and glossary."""
    old, new = a.rs, b.rs
    o2n = m.o2n.tolist()
    main_new = list(o2n)  # the new rule each old rule continues as (-1: none)
    sec_pairs = [(a.nums[i].section, b.nums[j].section) for i, j in enumerate(o2n) if j >= 0]
    for g in m.groups:
        if g.kind in ("split", "merged"):
            sec_pairs += [(a.nums[i].section, b.nums[j].section) for i in g.old for j in g.new]
            for i in g.old:
                main_new[i] = g.new[0]
    sections = align_sections(old, new, sec_pairs)
    sec_to: dict[int, RuleNumber | None] = {}
    sec_map: dict[int, int] = {}  # one-to-one section pairs only
    for s in sections:
        if s.old is not None:
            sec_to[s.old.section] = s.new if s.kind != "removed" else None
            if s.kind in ("unchanged", "moved", "retitled") and s.new is not None:
                sec_map[s.old.section] = s.new.section

    # old number as written → new number (None: no counterpart), only where they differ
    table: dict[str, str | None] = {}
    an, bn = a.nums, b.nums
    for i, j in enumerate(main_new):
        if j < 0:
            table[str(an[i])] = None
        elif not _same(an[i], bn[j]):
            table[str(an[i])] = str(bn[j])
    for sec, t in sec_to.items():
        if t is None or t.section != sec:
            table[str(sec)] = None if t is None else str(t)

    # changes in new-document order: at[j] is the group placed at new position j; removed
    # rules follow the new position of the nearest earlier matched old rule (after[p])
    at: list[Change | None] = [None] * len(b)
    after: dict[int, list[Change]] = {}
    prev_new, last = [-1] * len(a), -1
    for i, j in enumerate(o2n):
        if j >= 0:
            last = j
        prev_new[i] = last
    decided = m.decided
    lang = old.release.lang
    full_a, full_b, sec_get = a.full, b.full, sec_map.get
    for i, j in enumerate(o2n):
        if j < 0:
            continue
        na, nb = an[i], bn[j]
        if full_a[i] == full_b[j] and sec_get(na.section) == nb.section and (i, j) not in decided:
            at[j] = Change("unchanged" if _same(na, nb) else "renumbered", (na,), (nb,), 1.0)
        else:
            at[j] = _pair_change(a, b, i, j, sec_map, table, (i, j) in decided)
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
        ch = Change(g.kind, olds, news, round(sim, 4), changed, notes, g.decided)
        if g.new:
            at[g.new[0]] = ch
        else:
            after.setdefault(prev_new[g.old[0]], []).append(ch)
    busy_old, busy_new, n2o = m.busy_old.tolist(), m.busy_new.tolist(), m.n2o.tolist()
    for i, j in enumerate(o2n):
        if j < 0 and not busy_old[i]:
            after.setdefault(prev_new[i], []).append(Change("removed", (an[i],), (), 0.0, True))
    for j, i in enumerate(n2o):
        if i < 0 and not busy_new[j]:
            at[j] = Change("added", (), (bn[j],), 0.0, True)
    changes: list[Change] = list(after.get(-1, ()))
    for j, at_j in enumerate(at):
        if at_j is not None:
            changes.append(at_j)
        if j in after:
            changes += after[j]
    # a glossary cut off (Ruleset.truncated) would list its missing entries as removed/added
    glossary = ([] if old.truncated or new.truncated
                else align_glossary(old.glossary, new.glossary, table))
    return Alignment(old.release, new.release, changes, sections, glossary,
                     {"old": len(a), "new": len(b)})


def compare_texts(ra: str, rb: str, table: dict[str, str | None],
                  lang: str = "en") -> tuple[bool, float, list[str]]:
    """Whether a rule's wording changed, comparing ``ra`` (old) with ``rb`` (new).

    Args:
        ra, rb: rule texts with their examples (see :func:`mtgcr.crossref.matching.full_text`).
        table: old rule numbers the alignment changes (old → new, ``None``: gone); the old
            text's references are mapped through it (:func:`~mtgcr.crossref.textkey.rewrite_numbers`)
            so that a renumbered citation is not an edit.
        lang: the texts' language (Japanese similarity is scored on SudachiPy words, see
            :func:`mtgcr.crossref.worddiff.text_similarity`).

    Returns:
        ``(changed, similarity 0–1, notes)``; ``similarity`` is 1.0 when unchanged; notes say
        why equal texts differ as published ("typography only", "only renumbered
        references", …) or that only the examples changed.
    """
    notes: list[str] = []
    sim = 1.0
    if ra == rb:
        return False, 1.0, notes
    if rewrite_numbers(ra, table) == rb:
        return False, 1.0, ["only renumbered references"]
    fa, fb = compare_form(ra), compare_form(rb)
    if fa == fb:
        return False, 1.0, ["typography only"]
    fa = compare_form(rewrite_numbers(ra, table))
    changed = fa != fb
    if changed:
        sim = text_similarity(fa, fb, lang)
    else:
        notes.append("only renumbered references and typography")
    return changed, sim, notes


def _pair_change(a: Side, b: Side, i: int, j: int, sec_map: dict[int, int],
                 table: dict[str, str | None], decided: bool) -> Change:
    """Classify the one-to-one pair old ``i`` ↔ new ``j`` (``table``: the old numbers the
    alignment changes, see :func:`~mtgcr.crossref.textkey.rewrite_numbers`)."""
    changed, sim, notes = compare_texts(a.full[i], b.full[j], table, a.rs.release.lang)
    if changed and a.text[i] == b.text[j]:
        notes.append("examples changed")
    na, nb = a.nums[i], b.nums[j]
    kind: RuleKind
    if sec_map.get(na.section) != nb.section:
        kind = "moved"
    elif changed:
        kind = "modified"
    else:
        kind = "unchanged" if na == nb else "renumbered"
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
        if rule is None or before is None or not any(t in tokens for t in _TOKEN.findall(rule.text)):
            continue
        cited_before = {str(n) for ref in find_references(before.text) for n in ref.numbers}
        notes = []
        for ref in find_references(rule.text):
            for n in ref.numbers:
                if str(n) not in tokens or str(n) not in cited_before:
                    continue
                to = al.map_number(n) if n.rule is not None else al.section_forward(n)
                notes.append(f"cites {n}, which is now {to}" if to is not None
                             else f"cites {n}, which has no counterpart now")
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
        if s.old is not None and s.kind != "split" and (s.new is None
                                                         or s.new.section != s.old.section):
            table[str(s.old)] = None if s.new is None or s.kind == "removed" else str(s.new)
    return table
