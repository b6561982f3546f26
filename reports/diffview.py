"""The change report of two releases as one plain dict — the JSON output, and what the
Markdown, HTML and CSV renderers (:mod:`mtgcr.reports.render`) draw from.

Shape (keys every consumer may rely on)::

    {"title", "lang", "old": release, "new": release, "section": "712" | None,
     "partial": {"old": bool, "new": bool},
     "summary": {...Alignment.summary(), "old_unaligned_share", "new_unaligned_share"},
     "alignment": {"basis": "projected" | "direct", "reason", "pivot", "pairing",
                   "unprojected", "not_quoted", "disagreements", ...},
     "changes": [{"kind", "old": [str], "new": [str], "similarity", "text_changed", "notes",
                  "decided", "old_section", "new_section", "old_text", "new_text",
                  "old_rules": [{"number", "text"}], "new_rules": [...],
                  "diff": [[op, text]], "decision"}],  # decision: for ambiguous, a
                  # [[decision]] snippet to paste (str); for decided, the decision applied
     "sections": [{"kind", "old", "new", "old_title", "new_title", "moved", "retitled",
                   "rules" (rule pairs joining the two), "old_rules", "new_rules" (rules and
                   subrules in the section in each release; None when absent)}],
     "glossary": [{"kind", "term", "old_term", "new_term", "similarity", "notes",
                   "old_text", "new_text", "diff"}]}

``release`` objects are ``{"lang", "label", "effective_date", "revision"}``. ``old_text`` /
``new_text`` are the texts of the group's rules (with examples) joined by newlines, never
prefixed with numbers (those are in ``old`` / ``new``; ``old_rules`` / ``new_rules`` pair
each number with its text). Unchanged rules, sections and glossary entries are left out
unless ``include_unchanged``; rules and entries that changed in typography only (kind
``typography``: quotes, ``?``/U+FFFD for a lost character, marks, italics, dashes, wraps —
never "modified") are counted in the summary and listed only with ``include_typography``
(or ``include_unchanged``). A word diff never shows typography, except for a change of
kind ``typography`` (whose typography is the point). With ``section``, the changes, the section and glossary lists
*and the summary counts* cover that section only: a group belongs to it when one of its old
rules is in the section or in a section that went into it (the 2023-04-14 release folded
713 Meld Cards into 712), or one of its new rules is in it or in a section carved out of
it. ``alignment`` says which alignment was used (see :mod:`mtgcr.crossref.translation.xlang`): for a
translation, normally the English alignment projected onto it, with the disagreements of
the translation's own alignment. When a release is partial (quotes on a wiki page) and the
alignment is direct, only rules quoted in both are compared: what the partial side lacks is
not reported as added or removed, and the counts cover the quoted rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from mtgcr.crossref import (
    Alignment,
    CrossAlignment,
    Decision,
    SectionScope,
    Tokenizer,
    compared_texts,
    full_text,
    release_json,
    restrict_to_quoted,
    snippet,
    stale_references,
    tokenizer_for,
    within_section,
    word_diff,
)
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber

__all__ = ["diff_view", "release_name", "section_scope"]

#: Change kinds whose texts are diffed word by word.
_DIFFED = {"modified", "moved", "split", "merged"}


def release_name(rel: dict[str, Any]) -> str:
    """``"2023-11-17"`` (effective date), else the label."""
    return rel.get("effective_date") or rel["label"]


def section_scope(al: Alignment, section: int) -> tuple[set[int], set[int]]:
    """The old and the new section numbers that belong to report section ``section``
    (:class:`mtgcr.crossref.scope.SectionScope`).

    Returns:
        ``(old section numbers, new section numbers)``.
    """
    scope = SectionScope.of(al, section)
    return set(scope.old), set(scope.new)


def diff_view(
    al: Alignment,
    old: Ruleset,
    new: Ruleset,
    section: int | None = None,
    include_unchanged: bool = False,
    tokenize: Tokenizer | None = None,
    cross: CrossAlignment | None = None,
    decisions: Iterable[Decision] = (),
    include_typography: bool = False,
) -> dict[str, Any]:
    """Build the report dict (see the module docstring).

    Args:
        al: the alignment of ``old`` with ``new`` (with ``cross``: ignored in favour of
            ``cross.alignment``; pass ``cross.alignment``).
        old, new: the two rulesets.
        section: keep only what belongs to this section number (see the module docstring).
        include_unchanged: also list unchanged rules, sections and glossary entries (and the
            typography-only ones).
        include_typography: also list the rules and glossary entries whose texts differ in
            typography only (kind ``typography``; counted in the summary either way), with
            the word diff of that typography.
        tokenize: the word-diff tokenizer (default: :func:`mtgcr.crossref.worddiff.tokenizer_for`
            the language: SudachiPy words for Japanese).
        cross: how the alignment was obtained (:func:`mtgcr.crossref.translation.xlang.translation_alignment`);
            ``None``: a direct alignment of ``old`` and ``new``.
        decisions: the human decisions the alignment was made with; a change settled by one
            gets it as ``"decision"`` (``{source, relation, old, new, note, ...}``).
    """
    tok = tokenize or tokenizer_for(new.release.lang)
    if cross is not None:
        al = cross.alignment
    partial = {"old": not old.complete, "new": not new.complete}
    if cross is None or cross.basis != "projected":
        al = restrict_to_quoted(al, partial["old"], partial["new"])
    o_rel, n_rel = release_json(al.old), release_json(al.new)
    stale = stale_references(al, new, old)
    applied = [d for d in decisions if d.applies(al.old, al.new)]
    scope = SectionScope.of(al, section) if section is not None else None
    part = within_section(al, scope, old, new) if scope is not None else al

    def touches(nums_old, nums_new) -> bool:
        return scope is None or scope.touches(nums_old, nums_new)

    in_scope = part.changes
    show_typo = include_typography or include_unchanged
    changes = []
    for ch in in_scope:
        if ch.kind == "unchanged" and not include_unchanged:
            continue
        if ch.kind == "typography" and not show_typo:
            continue
        d = ch.to_json()
        d["old_section"] = _sections(ch.old, old)
        d["new_section"] = _sections(ch.new, new)
        notes = list(ch.notes)
        for n in ch.new:
            notes += stale.get(n, [])
        d["notes"] = notes
        d["old_rules"] = [] if ch.kind == "unchanged" else _rules(ch.old, old)
        d["new_rules"] = _rules(ch.new, new)
        d["old_text"] = "\n".join(r["text"] for r in d["old_rules"]) or None
        d["new_text"] = "\n".join(r["text"] for r in d["new_rules"]) or None
        if ch.kind == "typography" and ch.old and ch.new:  # the typography is the point here
            d["diff"] = [list(x) for x in word_diff(*_diffed(ch, old, new), tok)]
        else:
            d["diff"] = (
                [list(x) for x in word_diff(*_diffed(ch, old, new), tok, fold_typography=True)]
                if ch.kind in _DIFFED and ch.text_changed and ch.old and ch.new
                else None
            )
        d["decision"] = (
            snippet(al.old.name, al.new.name, d["old"], d["new"], new.release.lang)
            if ch.kind == "ambiguous"
            else _decision_of(ch, applied)
            if ch.decided
            else None
        )
        changes.append(d)
    sec_in = part.sections
    sections = [s.to_json() for s in sec_in if include_unchanged or s.kind != "unchanged"]
    o_count = Counter(n.section for n in old.rules)
    n_count = Counter(n.section for n in new.rules)
    for s in sections:  # rules + subrules in the section in each release ("rules": paired)
        s["old_rules"] = o_count[RuleNumber.parse(s["old"]).section] if s["old"] else None
        s["new_rules"] = n_count[RuleNumber.parse(s["new"]).section] if s["new"] else None
    glossary = []
    o_gl = {g.term: g for g in old.glossary}
    n_gl = {g.term: g for g in new.glossary}
    for g in part.glossary:
        og = o_gl.get(g.old_term) if g.old_term is not None else None
        ng = n_gl.get(g.new_term) if g.new_term is not None else None
        if g.kind == "unchanged" and not include_unchanged:
            continue
        if g.kind == "typography" and not show_typo:
            continue
        d = g.to_json()
        d["old_text"] = og.text if og else None
        d["new_text"] = ng.text if ng else None
        d["diff"] = (
            [
                list(x)
                for x in word_diff(og.text, ng.text, tok, fold_typography=g.kind != "typography")
            ]
            if og and ng and og.text != ng.text
            else None
        )
        glossary.append(d)
    summary = part.summary()
    cut = [release_name(r) for r, rs in ((o_rel, old), (n_rel, new)) if rs.truncated]
    summary["glossary_not_compared"] = (
        f"glossary not compared: {' and '.join(cut)} "
        f"{'is' if len(cut) == 1 else 'are'} cut off in {'its' if len(cut) == 1 else 'their'} "
        f"glossary"
        if cut
        else None
    )
    for key in ("old_unaligned_share", "new_unaligned_share"):  # last, as before
        summary[key] = summary.pop(key)
    return {
        "title": f"Comprehensive Rules ({new.release.lang}): changes from "
        f"{release_name(o_rel)} to {release_name(n_rel)}"
        + (f", section {section}" if section is not None else ""),
        "lang": new.release.lang,
        "old": o_rel,
        "new": n_rel,
        "section": str(section) if section is not None else None,
        "partial": partial,
        "summary": summary,
        "alignment": _alignment_info(cross, al, touches),
        "changes": changes,
        "sections": sections,
        "glossary": glossary,
    }


def _decision_of(ch, applied) -> dict[str, Any] | None:
    """The decision (of ``applied``) that settled change ``ch``, as JSON with its source."""
    for d in applied:
        if set(d.old) & set(ch.old) or set(d.new) & set(ch.new):
            return {**d.to_json(), "source": d.source, "note": d.note or None}
    return None


def _alignment_info(cross: CrossAlignment | None, al: Alignment, touches) -> dict[str, Any]:
    """The ``alignment`` block: which alignment was used, and for a projection what could not
    be projected and where the translation's own alignment disagrees (within the section)."""
    lang = al.new.lang
    if cross is None:
        return {
            "basis": "direct",
            "lang": lang,
            "reason": f"aligned directly on the {lang} releases",
            "pivot": None,
            "pairing": None,
            "direct_computed": True,
            "unprojected": [],
            "not_quoted": [],
            "disagreements": [],
        }
    info = cross.to_json()
    num = RuleNumber.parse
    info["unprojected"] = [
        u
        for u in info["unprojected"]
        if touches(
            [num(u["number"])] if u["side"] == "old" else [],
            [num(u["number"])] if u["side"] == "new" else [],
        )
    ]
    info["not_quoted"] = [
        c
        for c in info["not_quoted"]
        if touches([num(n) for n in c["old"]], [num(n) for n in c["new"]])
    ]
    info["disagreements"] = [
        d
        for d in info["disagreements"]
        if touches([num(n) for n in d["old"]], [num(n) for n in d["new"]])
    ]
    return info


def _rules(numbers: tuple[RuleNumber, ...], rs: Ruleset) -> list[dict[str, str]]:
    """``[{"number", "text"}]`` of the rules (text with examples) the ruleset has."""
    out = []
    for n in numbers:
        r = rs.rules.get(n)
        if r is not None:
            out.append({"number": str(n), "text": full_text(r)})
    return out


def _text(numbers: tuple[RuleNumber, ...], rs: Ruleset) -> str:
    """The rules' texts with examples joined by spaces (a split or merge diffed as one
    text)."""
    return " ".join(full_text(rs.rules[n]) for n in numbers if n in rs.rules)


def _diffed(ch, old: Ruleset, new: Ruleset) -> tuple[str, str]:
    """The old and new texts a change's word diff is shown on: a one-to-one pair as
    compared (:func:`mtgcr.crossref.translation.xlang.compared_texts`: a wiki quote's missing examples and
    link markup set aside), else :func:`_text` of each side."""
    if len(ch.old) == 1 and len(ch.new) == 1 and ch.old[0] in old.rules and ch.new[0] in new.rules:
        a, b, _ = compared_texts(old, old.rules[ch.old[0]], new, new.rules[ch.new[0]])
        return a, b
    return _text(ch.old, old), _text(ch.new, new)


def _sections(numbers: tuple[RuleNumber, ...], rs: Ruleset) -> list[dict[str, Any]]:
    out, seen = [], set()
    for n in numbers:
        if n.section in seen:
            continue
        seen.add(n.section)
        out.append({"number": str(n.section), "title": rs.section_title(n)})
    return out
