"""What the Markdown and HTML renderers share: report parts in order, summary rows, labels."""

from __future__ import annotations

from typing import Any, Callable, get_args

from mtgcr.crossref.model import RuleKind
from mtgcr.reports.diffview import release_name

__all__ = [
    "PARTS",
    "SECTION_COLUMNS_NOTE",
    "pairs_heading",
    "no_pairs_sentence",
    "summary_rows",
    "renumberings",
    "changes_of",
    "arrow",
    "pct",
    "unaligned_sentence",
    "alignment_parts",
    "unchanged_rows",
    "diff_markup",
    "similarity_note",
    "section_kind",
    "glossary_name",
    "INDEX_KINDS",
    "release_name",
]

#: Report parts after the summary: (anchor id, heading, change kinds listed there).
PARTS = [
    ("modified", "Modified rules", ("modified",)),
    ("moved", "Rules moved to another section", ("moved",)),
    ("split", "Split rules", ("split",)),
    ("merged", "Merged rules", ("merged",)),
    ("added", "Added rules", ("added",)),
    ("removed", "Removed rules", ("removed",)),
    ("ambiguous", "Ambiguous (not settled)", ("ambiguous",)),
    ("typography", "Typography only (listed on request)", ("typography",)),
]

#: What the section table's counts mean (Markdown and HTML reports).
SECTION_COLUMNS_NOTE = (
    "Old rules / new rules: rules and subrules in the section in each "
    "release; paired: how many of them the alignment pairs across the two "
    "sections."
)

#: The change kinds the build index counts per pair, in column order (the model's order of
#: :data:`mtgcr.crossref.model.RuleKind`, ``unchanged`` left out).
INDEX_KINDS: tuple[RuleKind, ...] = tuple(k for k in get_args(RuleKind) if k != "unchanged")

#: Change kinds whose heading gives the similarity of the texts.
_SIMILAR_KINDS = ("modified", "moved", "split", "merged")


def pct(x: float) -> str:
    """``0.8628`` → ``"86.3 %"``."""
    return f"{100 * x:.1f} %"


def arrow(old: list[str], new: list[str]) -> str:
    """``"712.4d → 712.8e"``, ``"101.1 → 101.1 + 101.2"``, ``"— → 702.166"``."""
    return f"{' + '.join(old) or '—'} → {' + '.join(new) or '—'}"


def diff_markup(ops: list[list[str]], escape: Callable[[str], str]) -> str:
    """A word diff (``[[op, text]]``, op ``equal``/``delete``/``insert``) as inline markup:
    each text escaped with ``escape``, deletions in ``<del>``, insertions in ``<ins>``."""
    out = []
    for op, text in ops:
        t = escape(text)
        out.append(
            t if op == "equal" else f"<del>{t}</del>" if op == "delete" else f"<ins>{t}</ins>"
        )
    return "".join(out)


def similarity_note(change: dict[str, Any]) -> str:
    """``", similarity 86.3 %"`` for a modified, moved, split or merged group, else ``""``."""
    if change["kind"] in _SIMILAR_KINDS:
        return f", similarity {pct(change['similarity'])}"
    return ""


def section_kind(s: dict[str, Any]) -> str:
    """A section change's kind as listed: ``"moved (retitled)"`` when a section that moved,
    merged or split was also retitled."""
    return s["kind"] + (" (retitled)" if s["retitled"] and s["kind"] != "retitled" else "")


def glossary_name(g: dict[str, Any]) -> str:
    """A glossary change's heading: the term, ``"Old → New"`` for a renamed entry."""
    return g["term"] if g["kind"] != "renamed" else f"{g['old_term']} → {g['new_term']}"


def summary_rows(view: dict[str, Any]) -> list[tuple[str, int, int, int]]:
    """``(kind, groups, old rules, new rules)`` for every rule change kind, in order (of the
    section only when the report is filtered by section)."""
    s = view["summary"]
    return [(k, n, *s["rule_counts"][k]) for k, n in s["rules"].items()]


def renumberings(view: dict[str, Any]) -> list[dict[str, Any]]:
    """One-to-one changes whose number changed (renumbered, modified or moved), in order."""
    return [
        c
        for c in view["changes"]
        if len(c["old"]) == 1
        and len(c["new"]) == 1
        and c["old"] != c["new"]
        and c["kind"] in ("renumbered", "modified", "moved", "unchanged")
    ]


def changes_of(view: dict[str, Any], kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    """The listed changes of these kinds."""
    return [c for c in view["changes"] if c["kind"] in kinds]


def unaligned_sentence(view: dict[str, Any]) -> str:
    """How much stayed without a counterpart, as one sentence (and what a partial release
    means)."""
    s = view["summary"]
    part = view.get("partial") or {}
    if part.get("old") or part.get("new"):
        names = [release_name(view[k]) for k in ("old", "new") if part.get(k)]
        verb = "is a partial release" if len(names) == 1 else "are partial releases"
        al = view.get("alignment") or {}
        if al.get("basis") == "projected":
            piv = al["pivot"]["lang"]
            if len(names) == 1:
                q = "old" if part.get("old") else "new"
                full = "new" if q == "old" else "old"
                return (
                    f"{names[0]} is a partial release (quoted rules only), "
                    f"{release_name(view[full])} a complete one: {s[q + '_rules']} rules quoted in "
                    f"{names[0]} are compared with their counterparts through the {piv} "
                    f"alignment; a rule {piv} added or removed is reported as such; the "
                    f"rules of {release_name(view[full])} whose counterpart {names[0]} does not "
                    f"quote are summarised under Alignment and listed at the end."
                )
            return (
                f"{' and '.join(names)} {verb} (quoted rules only): {s['old_rules']} old and "
                f"{s['new_rules']} new quoted rules are compared through the {piv} "
                f"alignment; a quoted rule {piv} added or removed is reported as such, "
                f"and rules whose counterpart is not quoted are listed under Alignment."
            )
        return (
            f"{' and '.join(names)} {verb} (quoted rules only): {s['old_rules']} quoted old "
            f"rules are compared, and what is not quoted is not reported as added or removed."
        )
    return (
        f"{s['old_unaligned']} of {s['old_rules']} rules of {release_name(view['old'])} "
        f"({pct(s['old_unaligned_share'])}) have no counterpart in {release_name(view['new'])}; "
        f"{s['new_unaligned']} of {s['new_rules']} rules of {release_name(view['new'])} "
        f"({pct(s['new_unaligned_share'])}) have none in {release_name(view['old'])}. "
        f"{pct(s['unchanged_share'])} of the old rules are unchanged"
        + (
            f", {pct(s['rules']['typography'] / s['old_rules'])} more changed in typography "
            f"only (quotes, marks, italics, dashes, wraps; listed with --typography)."
            if s["rules"].get("typography") and s["old_rules"]
            else "."
        )
    )


def _not_quoted_summary(
    view: dict[str, Any], al: dict[str, Any], part: dict[str, Any]
) -> list[str]:
    """Per missing side: ``"2807 rules of 2026-01-16 have no counterpart quoted in ja 20231117
    (a partial release): §100 100.1–100.6 (12); …"`` — count, then per section the first and
    last rule (document order) and how many."""
    from mtgcr.extract.rulenum import RuleNumber

    out = []
    for side in ("old", "new"):
        present = "new" if side == "old" else "old"
        nums = [
            RuleNumber.parse(n)
            for c in al.get("not_quoted", [])
            if c["missing"] == side
            for n in c[present]
        ]
        if not nums:
            continue
        by_sec: dict[int, list[RuleNumber]] = {}
        for n in nums:
            by_sec.setdefault(n.section, []).append(n)
        ranges = []
        for sec in sorted(by_sec):
            ns = sorted(set(by_sec[sec]), key=lambda n: n.sort_key)
            span = str(ns[0]) if len(ns) == 1 else f"{ns[0]}–{ns[-1]}"
            ranges.append(f"§{sec} {span} ({len(ns)})")
        what = "have no counterpart quoted in" if part.get(side) else "have no counterpart in"
        tail = " (a partial release)" if part.get(side) else ""
        out.append(
            f"{len(set(nums))} rules of {release_name(view[present])} {what} {view['lang']} "
            f"{release_name(view[side])}{tail}: " + "; ".join(ranges) + "."
        )
    return out


def unchanged_rows(view: dict[str, Any]) -> list[tuple[str, str]]:
    """``(number, text)`` of the unchanged rules listed (``--all``), in order."""
    return [(c["new"][0], c["new_text"] or "") for c in view["changes"] if c["kind"] == "unchanged"]


def alignment_parts(view: dict[str, Any]) -> dict[str, Any]:
    """The ``alignment`` block as sentences for the Markdown and HTML reports:
    ``{"basis", "reason", "pairing": str | None, "disagreements": [(old, new, sentence)],
    "not_quoted": [str], "not_quoted_summary": [str], "unprojected": [str]}``
    (``not_quoted_summary``: per missing side, one sentence with the count and the per-section
    ranges of the rules whose counterpart is not there; ``not_quoted``: the details)."""
    al = view.get("alignment") or {"basis": "direct", "reason": "aligned directly"}
    out: dict[str, Any] = {
        "basis": al["basis"],
        "reason": al["reason"][:1].upper() + al["reason"][1:] + ".",
        "pairing": None,
        "disagreements": [],
        "not_quoted": [],
        "not_quoted_summary": [],
        "unprojected": [],
    }
    if al.get("pairing"):

        def one(c: dict[str, int]) -> str:
            return (
                f"{c['verified']} verified, {c['unverified']} without evidence either way, "
                f"{c['differs']} differing in a detail, {c['conflict']} contradicted"
            )

        out["pairing"] = (
            f"Pairing with {al['pivot']['lang']}: old {one(al['pairing']['old'])}; "
            f"new {one(al['pairing']['new'])}."
        )
    if al.get("direct_computed") and al["basis"] == "projected":
        out["disagreements"] = [(d["old"], d["new"], d["sentence"]) for d in al["disagreements"]]
    part = view.get("partial") or {}
    for c in al.get("not_quoted", []):
        side = c["missing"]
        what = "not quoted in" if part.get(side) else "not in"
        out["not_quoted"].append(
            f"{arrow(c['old'], c['new'])} ({c['kind']} in "
            f"{al['pivot']['lang']}): {what} {view['lang']} "
            f"{release_name(view[side])}"
        )
    out["not_quoted_summary"] = _not_quoted_summary(view, al, part)
    for u in al.get("unprojected", []):
        out["unprojected"].append(f"{u['number']} ({u['side']}): {u['reason']}")
    return out


def pairs_heading(lang: dict[str, Any]) -> str:
    """``"3 consecutive pairs of 4 releases"``, or ``"no pairs (1 release)"``."""
    n, r = len(lang["pairs"]), len(lang["releases"])
    if not n:
        return f"no pairs ({r} release{'s' if r != 1 else ''})"
    return f"{n} consecutive pair{'s' if n != 1 else ''} of {r} releases"


def no_pairs_sentence(lang: dict[str, Any]) -> str:
    """The sentence under a language heading with no pairs to report."""
    rels = [r.get("effective_date") or r["label"] for r in lang["releases"]]
    if len(rels) < 2:
        return (
            f"Only one complete {lang['lang']} release ({', '.join(rels) or 'none'}) is "
            f"stored: there is nothing to compare it with."
        )
    return "No report written yet for these releases."
