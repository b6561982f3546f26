"""The change report of two releases as one plain dict — the JSON output, and what the
Markdown, HTML and CSV renderers (:mod:`reports.render`) draw from.

Shape (keys every consumer may rely on)::

    {"title", "lang", "old": release, "new": release, "section": "712" | None,
     "partial": {"old": bool, "new": bool},
     "summary": {...Alignment.summary(), "old_unaligned_share", "new_unaligned_share"},
     "changes": [{"kind", "old": [str], "new": [str], "similarity", "text_changed", "notes",
                  "decided", "old_section", "new_section", "old_text", "new_text",
                  "diff": [[op, text]], "decision"}],
     "sections": [{"kind", "old", "new", "old_title", "new_title", "moved", "retitled", "rules"}],
     "glossary": [{"kind", "term", "old_term", "new_term", "similarity", "notes",
                   "old_text", "new_text", "diff"}]}

``release`` objects are ``{"lang", "label", "effective_date", "revision"}``. Unchanged rules,
sections and glossary entries are left out unless ``include_unchanged``. When a release is
partial (quotes on a wiki page), only rules quoted in both are compared: what the partial
side lacks is not reported as added or removed, and the counts cover the quoted rules.
"""
from __future__ import annotations

from typing import Any

from crossref.classify import stale_references
from crossref.decisions import snippet
from crossref.matching import full_text
from crossref.model import Alignment, release_json
from crossref.worddiff import Tokenizer, tokenizer_for, word_diff
from extract.model import Ruleset
from extract.references import find_references
from extract.rulenum import RuleNumber

__all__ = ["diff_view", "release_name"]

#: Change kinds whose texts are diffed word by word.
_DIFFED = {"modified", "moved", "split", "merged"}


def release_name(rel: dict[str, Any]) -> str:
    """``"2023-11-17"`` (effective date), else the label."""
    return rel.get("effective_date") or rel["label"]


def diff_view(al: Alignment, old: Ruleset, new: Ruleset, section: int | None = None,
              include_unchanged: bool = False, tokenize: Tokenizer | None = None) -> dict[str, Any]:
    """Build the report dict (see the module docstring).

    Args:
        al: the alignment of ``old`` with ``new``.
        old, new: the two rulesets.
        section: keep only changes touching this section number (old or new side).
        include_unchanged: also list unchanged rules, sections and glossary entries.
        tokenize: the word-diff tokenizer (default: :func:`crossref.worddiff.tokenizer_for`
            the language).
    """
    tok = tokenize or tokenizer_for(new.release.lang)
    partial = {"old": not old.complete, "new": not new.complete}
    if partial["old"] or partial["new"]:
        al = _restrict_to_quoted(al, partial["old"], partial["new"])
    o_rel, n_rel = release_json(al.old), release_json(al.new)
    summary = al.summary()
    n_old, n_new = summary["old_rules"], summary["new_rules"]
    summary["old_unaligned_share"] = round(summary["old_unaligned"] / n_old, 4) if n_old else 0.0
    summary["new_unaligned_share"] = round(summary["new_unaligned"] / n_new, 4) if n_new else 0.0
    stale = stale_references(al, new)

    def touches(nums_old, nums_new) -> bool:
        return section is None or any(n.section == section for n in (*nums_old, *nums_new))

    changes = []
    for ch in al.changes:
        if ch.kind == "unchanged" and not include_unchanged:
            continue
        if not touches(ch.old, ch.new):
            continue
        d = ch.to_json()
        d["old_section"] = _sections(ch.old, old)
        d["new_section"] = _sections(ch.new, new)
        notes = list(ch.notes)
        for n in ch.new:
            notes += stale.get(n, [])
        d["notes"] = notes
        ot = _text(ch.old, old) if ch.old else None
        nt = _text(ch.new, new) if ch.new else None
        if ch.kind == "unchanged":
            ot = None
        d["old_text"], d["new_text"] = ot, nt
        d["diff"] = ([list(x) for x in word_diff(_text(ch.old, old, False), _text(ch.new, new, False), tok)]
                     if ch.kind in _DIFFED and ch.text_changed and ch.old and ch.new else None)
        d["decision"] = (snippet(o_rel["effective_date"] or o_rel["label"],
                                 n_rel["effective_date"] or n_rel["label"],
                                 d["old"], d["new"], new.release.lang)
                         if ch.kind == "ambiguous" else None)
        changes.append(d)
    sections = [s.to_json() for s in al.sections
                if (include_unchanged or s.kind != "unchanged")
                and (section is None or section in (s.old and s.old.section, s.new and s.new.section))]
    glossary = []
    o_gl = {g.term: g for g in old.glossary}
    n_gl = {g.term: g for g in new.glossary}
    for g in al.glossary:
        if g.kind == "unchanged" and not include_unchanged:
            continue
        og, ng = o_gl.get(g.old_term), n_gl.get(g.new_term)
        if section is not None and not any(
                n.section == section for e in (og, ng) if e for r in find_references(e.text)
                for n in r.numbers):
            continue
        d = g.to_json()
        d["old_text"] = og.text if og else None
        d["new_text"] = ng.text if ng else None
        d["diff"] = ([list(x) for x in word_diff(og.text, ng.text, tok)]
                     if og and ng and og.text != ng.text else None)
        glossary.append(d)
    return {"title": f"Comprehensive Rules ({new.release.lang}): changes from "
                     f"{release_name(o_rel)} to {release_name(n_rel)}"
                     + (f", section {section}" if section is not None else ""),
            "lang": new.release.lang, "old": o_rel, "new": n_rel,
            "section": str(section) if section is not None else None, "partial": partial,
            "summary": summary, "changes": changes, "sections": sections, "glossary": glossary}


def _restrict_to_quoted(al: Alignment, old_partial: bool, new_partial: bool) -> Alignment:
    """The alignment without what only a partial side's silence suggests: a rule, section or
    glossary entry missing from a partial release (a wiki page quoting some rules) is not
    quoted there, not added or removed."""
    drop = ({"added"} if old_partial else set()) | ({"removed"} if new_partial else set())
    kept = [c for c in al.changes if c.kind not in drop]
    counts = {"old": sum(len(c.old) for c in kept), "new": sum(len(c.new) for c in kept)}
    return Alignment(al.old, al.new, kept, [s for s in al.sections if s.kind not in drop],
                     [g for g in al.glossary if g.kind not in drop], counts)


def _text(numbers: tuple[RuleNumber, ...], rs: Ruleset, numbered: bool = True) -> str:
    """The rules' texts with examples; several rules one per line, each after its number
    (``numbered``) or joined by spaces (for diffing a split or merge as one text)."""
    parts = []
    for n in numbers:
        r = rs.rules.get(n)
        if r is not None:
            t = full_text(r)
            parts.append(f"{n.written} {t}" if numbered and len(numbers) > 1 else t)
    return ("\n" if numbered else " ").join(parts)


def _sections(numbers: tuple[RuleNumber, ...], rs: Ruleset) -> list[dict[str, Any]]:
    out, seen = [], set()
    for n in numbers:
        if n.section in seen:
            continue
        seen.add(n.section)
        out.append({"number": str(n.section), "title": rs.section_title(n)})
    return out
