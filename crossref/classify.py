"""Last phase of a release alignment: from the matching to :class:`~crossref.model.Change` s.

Sections are paired first (they decide what "moved" means), then every one-to-one pair is
classified by comparing texts (rule text plus examples):

* identical → ``unchanged`` (same number) or ``renumbered`` (references that kept a number
  the alignment changed are noted on demand by :func:`stale_references`, for reports);
* equal after folding typography (:func:`~crossref.textkey.compare_form`) → the same, with a
  note;
* equal after mapping the old text's references through the alignment → the same, with a
  note ("rule 712.7a" → "rule 712.11c" is not an edit);
* otherwise ``modified`` with the Indel similarity of the compared forms;
* ``moved`` instead when the rule landed in another section than the one its section
  continues as.
"""
from __future__ import annotations

import re

from rapidfuzz import fuzz

from extract.references import find_references
from extract.model import Ruleset
from extract.rulenum import RuleNumber

from .glossary import align_glossary
from .matching import Matching, Side
from .model import Alignment, Change
from .sections import align_sections
from .textkey import compare_form, map_references

__all__ = ["build_alignment", "stale_references"]

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
            if s.kind in ("unchanged", "moved", "retitled"):
                sec_map[s.old.section] = s.new.section

    def mapping(n: RuleNumber) -> RuleNumber | None:
        if n.rule is None:
            return sec_to.get(n.section, n)
        i = a.idx.get(n)
        if i is None:
            return n  # cites something the old release does not have: leave it as written
        j = main_new[i]
        return b.nums[j] if j >= 0 else None

    tokens = {str(a.nums[i]) for i, j in enumerate(main_new) if j < 0 or a.nums[i] != b.nums[j]}
    tokens |= {str(s) for s, t in sec_to.items() if t is None or t.section != s}

    keyed: list[tuple[tuple, Change]] = []
    prev_new, last = [0.0] * len(a), -1.0  # new position of the nearest earlier matched rule
    for i, j in enumerate(o2n):
        if j >= 0:
            last = float(j)
        prev_new[i] = last
    decided = m.decided
    for i, j in enumerate(o2n):
        if j < 0:
            continue
        na, nb = a.nums[i], b.nums[j]
        if (a.full[i] == b.full[j] and sec_map.get(na.section) == nb.section
                and (i, j) not in decided):
            ch = Change("unchanged" if na == nb else "renumbered", (na,), (nb,), 1.0)
        else:
            ch = _pair_change(a, b, i, j, sec_map, mapping, tokens, (i, j) in decided)
        keyed.append(((j, 0, i), ch))
    for g in m.groups:
        olds = tuple(a.nums[i] for i in g.old)
        news = tuple(b.nums[j] for j in g.new)
        notes: tuple[str, ...] = ()
        sim, changed = 0.0, True
        if g.kind in ("split", "merged"):
            fa = compare_form(" ".join(map_references(a.full[i], mapping) for i in g.old))
            fb = compare_form(" ".join(b.full[j] for j in g.new))
            sim = fuzz.ratio(fa, fb) / 100.0
        elif g.kind == "ambiguous":
            sim, changed, notes = g.similarity, False, (_AMBIGUOUS_NOTE,)
        pos = ((min(g.new), 0, min(g.old) if g.old else -1) if g.new
               else (prev_new[min(g.old)] + 0.5, 1, min(g.old)))
        keyed.append((pos, Change(g.kind, olds, news, sim, changed, notes, g.decided)))
    busy_old, busy_new, n2o = m.busy_old.tolist(), m.busy_new.tolist(), m.n2o.tolist()
    for i, j in enumerate(o2n):
        if j < 0 and not busy_old[i]:
            keyed.append(((prev_new[i] + 0.5, 1, i), Change("removed", (a.nums[i],), (), 0.0, True)))
    for j, i in enumerate(n2o):
        if i < 0 and not busy_new[j]:
            keyed.append(((j, 0, -1), Change("added", (), (b.nums[j],), 0.0, True)))
    keyed.sort(key=lambda x: x[0])
    glossary = align_glossary(old.glossary, new.glossary, mapping)
    return Alignment(old.release, new.release, [c for _, c in keyed], sections, glossary,
                     {"old": len(a), "new": len(b)})


def _pair_change(a: Side, b: Side, i: int, j: int, sec_map: dict[int, int], mapping,
                 tokens: set[str], decided: bool) -> Change:
    """Classify the one-to-one pair old ``i`` ↔ new ``j`` (``tokens``: the old numbers the
    alignment changes, as written)."""
    ra, rb = a.full[i], b.full[j]
    notes: list[str] = []
    sim = 1.0
    if ra == rb:
        changed = False
    else:
        fa, fb = compare_form(ra), compare_form(rb)
        if fa == fb:
            changed = False
            notes.append("typography only")
        else:
            if any(t in tokens for t in _TOKEN.findall(ra)):
                fa = compare_form(map_references(ra, mapping))
            changed = fa != fb
            if changed:
                sim = fuzz.ratio(fa, fb) / 100.0
            else:
                notes.append("only renumbered references")
        if changed and a.text[i] == b.text[j]:
            notes.append("examples changed")
    na, nb = a.nums[i], b.nums[j]
    if sec_map.get(na.section) != nb.section:
        kind = "moved"
    elif changed:
        kind = "modified"
    else:
        kind = "unchanged" if na == nb else "renumbered"
    return Change(kind, (na,), (nb,), sim, changed, tuple(notes), decided)


def stale_references(al: Alignment, new: Ruleset) -> dict[RuleNumber, list[str]]:
    """References in unchanged or renumbered rules of ``new`` that kept a number the
    alignment changed ("cites 701.2, which is now 702.2") — the published text forgot to
    update them, or the number now names a different rule.

    Args:
        al: an alignment whose new release is ``new``.
        new: the new ruleset.

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
        if rule is None or not any(t in tokens for t in _TOKEN.findall(rule.text)):
            continue
        notes = []
        for ref in find_references(rule.text):
            for n in ref.numbers:
                if str(n) not in tokens:
                    continue
                to = al.map_number(n) if n.rule is not None else al.section_forward(n)
                notes.append(f"cites {n}, which is now {to}" if to is not None
                             else f"cites {n}, which has no counterpart now")
        if notes:
            out[ch.new[0]] = notes
    return out
