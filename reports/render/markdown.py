"""Markdown (CommonMark + GitHub tables) rendering of a change report.

Word diffs use ``<del>`` / ``<ins>`` inline HTML (CommonMark passes them through; GitHub and
most viewers show them struck out / underlined). Rule text is escaped so that ``[cost]``,
``*``, ``_`` or ``|`` in the rules never turn into markup.
"""

from __future__ import annotations

import html as _html
import re
from typing import Any

from mtgcr.reports.render.common import (
    INDEX_KINDS,
    PARTS,
    SECTION_COLUMNS_NOTE,
    alignment_parts,
    arrow,
    changes_of,
    diff_markup,
    glossary_name,
    no_pairs_sentence,
    pairs_heading,
    pct,
    release_name,
    renumberings,
    section_kind,
    similarity_note,
    summary_rows,
    unaligned_sentence,
    unchanged_rows,
)

__all__ = ["render", "escape", "render_index"]

_SPECIAL = re.compile(r"([\\`*_\[\]|~<>])")
_LEADING = re.compile(r"^(\s*)([#>+=-]|\d+[.)])")


def escape(text: str, block: bool = True) -> str:
    """Escape the Markdown punctuation that can make markup anywhere (``\\ ` * _ [ ] | ~
    < >``) and block markers at the start (``#``, ``>``, ``-``, ``1.`` …); newlines become
    ``<br>`` so a multi-paragraph rule stays inside one table cell or paragraph. With
    ``block=False`` (headings, table cells) block markers are left alone."""
    t = _SPECIAL.sub(r"\\\1", text)
    if block:
        t = _LEADING.sub(lambda m: m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1], t)
    return t.replace("\n", "<br>")


def _count(n) -> str:
    return "—" if n is None else str(n)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def render(view: dict[str, Any]) -> str:
    """The report as Markdown text (headings ``#``/``##``/``###``, tables, diffs)."""
    L: list[str] = [f"# {escape(view['title'])}", ""]
    o, n = view["old"], view["new"]
    L += [
        f"Old release: **{release_name(o)}** (label {o['label']}) · new release: "
        f"**{release_name(n)}** (label {n['label']}) · language: {view['lang']}"
        + (f" · only section {view['section']}" if view["section"] else ""),
        "",
    ]
    if view.get("direction_note"):  # a self-diff or a reversed one says so
        L += [f"> **Note:** {escape(view['direction_note'])}", ""]
    L += ["## Summary", "", "| kind | groups | old rules | new rules |", "|---|---:|---:|---:|"]
    for kind, groups, no, nn in summary_rows(view):
        L.append(f"| {kind} | {groups} | {no} | {nn} |")
    L += ["", escape(unaligned_sentence(view)), ""]
    if view["summary"].get("glossary_not_compared"):
        L += [escape(_cap(view["summary"]["glossary_not_compared"])) + ".", ""]
    L += _alignment(view)
    secs = view["sections"]
    L += ["## Sections", ""]
    if secs:
        L += [
            SECTION_COLUMNS_NOTE,
            "",
            "| kind | old | new | old title | new title | old rules | new rules | paired |",
            "|---|---|---|---|---|---:|---:|---:|",
        ]
        for s in secs:
            L.append(
                f"| {section_kind(s)} | {s['old'] or '—'} | {s['new'] or '—'} | {escape(s['old_title'] or '', False)} "
                f"| {escape(s['new_title'] or '', False)} | {_count(s.get('old_rules'))} "
                f"| {_count(s.get('new_rules'))} | {s['rules']} |"
            )
    else:
        L.append("No section changes.")
    L.append("")
    ren = renumberings(view)
    L += ["## Renumbered rules", ""]
    if ren:
        L += ["| old | new | kind |", "|---|---|---|"]
        L += [f"| {c['old'][0]} | {c['new'][0]} | {c['kind']} |" for c in ren]
    else:
        L.append("No rule changed its number.")
    L.append("")
    for _anchor, heading, kinds in PARTS:
        items = changes_of(view, kinds)
        if not items:
            continue
        L += [f"## {heading}", ""]
        for c in items:
            L += [
                f"### {escape(arrow(c['old'], c['new']), False)} ({c['kind']}{similarity_note(c)})",
                "",
            ]
            if c["kind"] == "moved":
                L += [
                    f"From section {_secs(c['old_section'])} to section {_secs(c['new_section'])}.",
                    "",
                ]
            for note in c["notes"]:
                L += [f"> {escape(note)}", ""]
            if c["diff"]:
                L += [diff_markup(c["diff"], escape), ""]
            elif c["kind"] == "removed" and c["old_text"]:
                L += [escape(c["old_text"]), ""]
            elif c["new_text"] and c["kind"] != "ambiguous":
                L += [escape(c["new_text"]), ""]
            if c["kind"] == "ambiguous":
                L += [
                    f"Old text: {_numbered(c['old_rules'])}",
                    "",
                    f"Candidates: {_numbered(c['new_rules'])}",
                    "",
                    "To settle it, add to the decisions file:",
                    "",
                    "```toml",
                    c["decision"].rstrip(),
                    "```",
                    "",
                ]
    unchanged = unchanged_rows(view)
    if unchanged:
        L += ["## Unchanged rules", "", "| rule | text |", "|---|---|"]
        L += [f"| {n} | {escape(t, False)} |" for n, t in unchanged]
        L.append("")
    L += ["## Glossary", ""]
    gl = view["glossary"]
    if view["summary"].get("glossary_not_compared"):
        L += [escape(_cap(view["summary"]["glossary_not_compared"])) + ".", ""]
    elif not gl:
        L += ["No glossary changes.", ""]
    for g in gl:
        L += [f"### {escape(glossary_name(g), False)} ({g['kind']})", ""]
        for note in g["notes"]:
            L += [f"> {escape(note)}", ""]
        if g["diff"]:
            L += [diff_markup(g["diff"], escape), ""]
        elif g["kind"] == "removed":
            L += [escape(g["old_text"] or ""), ""]
        elif g["new_text"]:
            L += [escape(g["new_text"]), ""]
    nq = alignment_parts(view)["not_quoted"]
    if nq:
        L += ["## Rules whose counterpart is not in the other release", ""]
        L += [f"- {escape(x)}" for x in nq] + [""]
    return "\n".join(L).rstrip() + "\n"


def _numbered(rules: list[dict[str, str]]) -> str:
    return "<br>".join(f"{r['number']} {escape(r['text'])}" for r in rules)


def _alignment(view: dict[str, Any]) -> list[str]:
    a = alignment_parts(view)
    L = ["## Alignment", "", escape(a["reason"]), ""]
    if a["pairing"]:
        L += [escape(a["pairing"]), ""]
    if a["basis"] == "projected":
        L += ["### Disagreements with the direct alignment", ""]
        if a["disagreements"]:
            L += [f"- {escape(x)}" for _, _, x in a["disagreements"]]
        else:
            L.append("None: the direct alignment of these releases agrees on every rule both have.")
        L.append("")
    if a["not_quoted_summary"]:
        L += ["### Counterpart not in the other release", ""]
        L += [escape(x) for x in a["not_quoted_summary"]] + [""]
    if a["unprojected"]:
        L += ["### Not projected", ""]
        L += [f"- {escape(x)}" for x in a["unprojected"]] + [""]
    return L


def _secs(items: list[dict[str, Any]]) -> str:
    return ", ".join(f"{s['number']} ({escape(s['title'] or '')})" for s in items) or "—"


def render_index(index: dict[str, Any]) -> str:
    """The index of a build (see :func:`mtgcr.reports.build_site.index_view`) as Markdown."""
    L = [f"# {escape(index['title'], False)}", "", escape(index["description"]), ""]
    for lang in index["languages"]:
        L += [f"## {lang['lang']}: {pairs_heading(lang)}", ""]
        if not lang["pairs"]:
            L += [no_pairs_sentence(lang), ""]
            continue
        L += [
            f"| old | new | {' | '.join(INDEX_KINDS)} | unchanged | reports |",
            "|---|---|" + "---:|" * len(INDEX_KINDS) + "---:|---|",
        ]
        for p in lang["pairs"]:
            r = p["summary"]["rules"]
            links = " ".join(f"[{fmt}]({_html.escape(path)})" for fmt, path in p["files"].items())
            L.append(
                f"| {p['old_name']} | {p['new_name']} | "
                + "".join(f"{r.get(k, 0)} | " for k in INDEX_KINDS)
                + f"{pct(p['summary']['unchanged_share'])} | {links} |"
            )
        L.append("")
        notes = [
            f"- {p['old_name']} → {p['new_name']}: {p['summary']['glossary_not_compared']}"
            for p in lang["pairs"]
            if p["summary"].get("glossary_not_compared")
        ]
        cut = [
            r.get("effective_date") or r["label"] for r in lang["releases"] if r.get("truncated")
        ]
        if cut:
            notes.append(f"- cut off in the glossary (rule tree whole): {', '.join(cut)}")
        if notes:
            L += notes + [""]
    return "\n".join(L).rstrip() + "\n"
