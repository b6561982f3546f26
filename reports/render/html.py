"""HTML rendering of a change report: one self-contained file (inline CSS, no scripts, no
external resources), readable offline and parseable (every change is an ``<article>`` with
``data-kind``, ``data-old`` and ``data-new`` attributes; diffs use ``<del>``/``<ins>``).
"""

from __future__ import annotations

from html import escape as _e
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

__all__ = ["render", "render_index", "STYLE"]

#: The inline stylesheet shared by reports and the index page.
STYLE = """
body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.6rem}h2{margin-top:2.2rem;border-bottom:1px solid #ccc}h3{font-size:1rem;margin:1.4rem 0 .3rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right}del{background:#fdd;color:#900}ins{background:#dfd;color:#060;text-decoration:none}
.note{color:#555;font-style:italic;margin:.2rem 0}.text{white-space:pre-wrap;margin:.3rem 0 .8rem}
pre{background:#f5f5f5;padding:.5rem}nav a{margin-right:.8rem}.meta{color:#555}
"""


def _page(title: str, body: list[str], lang: str = "en") -> str:
    return (
        "<!doctype html>\n"
        f'<html lang="{_e(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def render(view: dict[str, Any]) -> str:
    """The report as one HTML document (UTF-8, ``<html lang>`` = the rules' language)."""
    o, n = view["old"], view["new"]
    B = [
        f"<h1>{_e(view['title'])}</h1>",
        f'<p class="meta">Old release <b>{_e(release_name(o))}</b> (label {_e(o["label"])}) · '
        f"new release <b>{_e(release_name(n))}</b> (label {_e(n['label'])}) · language "
        f"{_e(view['lang'])}"
        + (f" · only section {_e(view['section'])}" if view["section"] else "")
        + "</p>",
    ]
    if view.get("direction_note"):  # a self-diff or a reversed one says so
        B.append(f'<p class="note"><b>Note:</b> {_e(view["direction_note"])}</p>')
    unchanged = unchanged_rows(view)
    parts = [
        ("summary", "Summary"),
        ("alignment", "Alignment"),
        ("sections", "Sections"),
        ("renumbered", "Renumbered rules"),
    ]
    parts += [(a, h) for a, h, k in PARTS if changes_of(view, k)]
    parts += [("unchanged", "Unchanged rules")] if unchanged else []
    parts += [("glossary", "Glossary")]
    B.append("<nav>" + "".join(f'<a href="#{a}">{_e(h)}</a>' for a, h in parts) + "</nav>")
    B += [
        '<h2 id="summary">Summary</h2>',
        '<table id="summary-table"><thead><tr><th>kind</th>'
        '<th class="n">groups</th><th class="n">old rules</th><th class="n">new rules</th></tr></thead><tbody>',
    ]
    for kind, groups, no, nn in summary_rows(view):
        B.append(
            f'<tr data-kind="{kind}"><td>{kind}</td><td class="n">{groups}</td>'
            f'<td class="n">{no}</td><td class="n">{nn}</td></tr>'
        )
    B += ["</tbody></table>", f'<p id="unaligned">{_e(unaligned_sentence(view))}</p>']
    skipped = view["summary"].get("glossary_not_compared")
    if skipped:
        B.append(f'<p id="glossary-not-compared">{_e(skipped[:1].upper() + skipped[1:])}.</p>')
    B += _alignment(view)
    B.append('<h2 id="sections">Sections</h2>')
    if view["sections"]:
        B.append(
            '<table id="section-table"><thead><tr><th>kind</th><th>old</th><th>new</th>'
            '<th>old title</th><th>new title</th><th class="n">old rules</th>'
            '<th class="n">new rules</th><th class="n">paired</th></tr></thead><tbody>'
        )
        for s in view["sections"]:
            B.append(
                f'<tr data-kind="{s["kind"]}"><td>{_e(section_kind(s))}</td><td>{_e(s["old"] or "—")}</td>'
                f"<td>{_e(s['new'] or '—')}</td><td>{_e(s['old_title'] or '')}</td>"
                f"<td>{_e(s['new_title'] or '')}</td>"
                + "".join(
                    f'<td class="n">{"—" if s.get(k) is None else s[k]}</td>'
                    for k in ("old_rules", "new_rules", "rules")
                )
                + "</tr>"
            )
        B.append("</tbody></table>")
        B.append(f'<p class="note">{_e(SECTION_COLUMNS_NOTE)}</p>')
    else:
        B.append("<p>No section changes.</p>")
    B.append('<h2 id="renumbered">Renumbered rules</h2>')
    ren = renumberings(view)
    if ren:
        B.append(
            '<table id="renumber-table"><thead><tr><th>old</th><th>new</th><th>kind</th>'
            "</tr></thead><tbody>"
        )
        B += [
            f"<tr><td>{_e(c['old'][0])}</td><td>{_e(c['new'][0])}</td><td>{c['kind']}</td></tr>"
            for c in ren
        ]
        B.append("</tbody></table>")
    else:
        B.append("<p>No rule changed its number.</p>")
    for anchor, heading, kinds in PARTS:
        items = changes_of(view, kinds)
        if not items:
            continue
        B.append(f'<h2 id="{anchor}">{_e(heading)}</h2>')
        for c in items:
            B.append(
                f'<article class="change" data-kind="{c["kind"]}" '
                f'data-old="{_e(" ".join(c["old"]))}" data-new="{_e(" ".join(c["new"]))}" '
                f'data-similarity="{c["similarity"]}">'
            )
            B.append(f"<h3>{_e(arrow(c['old'], c['new']))} ({c['kind']}{similarity_note(c)})</h3>")
            if c["kind"] == "moved":
                B.append(
                    f'<p class="note">From section {_secs(c["old_section"])} to section '
                    f"{_secs(c['new_section'])}.</p>"
                )
            B += [f'<p class="note">{_e(x)}</p>' for x in c["notes"]]
            if c["diff"]:
                B.append(f'<div class="text diff">{diff_markup(c["diff"], _e)}</div>')
            elif c["kind"] == "removed" and c["old_text"]:
                B.append(f'<div class="text">{_e(c["old_text"])}</div>')
            elif c["kind"] == "ambiguous":
                B.append(
                    f'<div class="text old">{_numbered(c["old_rules"])}</div>'
                    f'<p>Candidates:</p><div class="text new">{_numbered(c["new_rules"])}</div>'
                    f"<p>To settle it, add to the decisions file:</p>"
                    f'<pre class="decision">{_e(c["decision"])}</pre>'
                )
            elif c["new_text"]:
                B.append(f'<div class="text">{_e(c["new_text"])}</div>')
            B.append("</article>")
    if unchanged:
        B.append('<h2 id="unchanged">Unchanged rules</h2>')
        B.append(
            '<table id="unchanged-table"><thead><tr><th>rule</th><th>text</th></tr></thead><tbody>'
        )
        B += [
            f'<tr data-kind="unchanged" data-number="{_e(n)}"><td>{_e(n)}</td>'
            f'<td class="text">{_e(t)}</td></tr>'
            for n, t in unchanged
        ]
        B.append("</tbody></table>")
    B.append('<h2 id="glossary">Glossary</h2>')
    if skipped:
        B.append(f'<p class="note">{_e(skipped[:1].upper() + skipped[1:])}.</p>')
    elif not view["glossary"]:
        B.append("<p>No glossary changes.</p>")
    for g in view["glossary"]:
        B.append(
            f'<article class="glossary" data-kind="{g["kind"]}" data-term="{_e(g["term"])}">'
            f"<h3>{_e(glossary_name(g))} ({g['kind']})</h3>"
        )
        B += [f'<p class="note">{_e(x)}</p>' for x in g["notes"]]
        if g["diff"]:
            B.append(f'<div class="text diff">{diff_markup(g["diff"], _e)}</div>')
        elif g["kind"] == "removed":
            B.append(f'<div class="text">{_e(g["old_text"] or "")}</div>')
        elif g["new_text"]:
            B.append(f'<div class="text">{_e(g["new_text"])}</div>')
        B.append("</article>")
    return _page(view["title"], B, view["lang"])


def _numbered(rules: list[dict[str, str]]) -> str:
    return "\n".join(f"{_e(r['number'])} {_e(r['text'])}" for r in rules)


def _alignment(view: dict[str, Any]) -> list[str]:
    a = alignment_parts(view)
    B = [
        '<h2 id="alignment">Alignment</h2>',
        f'<p id="alignment-basis" data-basis="{_e(a["basis"])}">{_e(a["reason"])}</p>',
    ]
    if a["pairing"]:
        B.append(f'<p id="pairing">{_e(a["pairing"])}</p>')
    if a["basis"] == "projected":
        B.append("<h3>Disagreements with the direct alignment</h3>")
        if a["disagreements"]:
            B.append(
                '<ul id="disagreements">'
                + "".join(
                    f'<li data-old="{_e(" ".join(o))}" data-new="{_e(" ".join(n))}">{_e(x)}</li>'
                    for o, n, x in a["disagreements"]
                )
                + "</ul>"
            )
        else:
            B.append(
                '<p id="disagreements">None: the direct alignment of these releases agrees '
                "on every rule both have.</p>"
            )
    if a["not_quoted"]:
        B.append("<h3>Counterpart not in the other release</h3>")
        B.append(
            '<p id="not-quoted-summary">'
            + "<br>".join(_e(x) for x in a["not_quoted_summary"])
            + '</p><details><summary>every rule</summary><ul id="not-quoted">'
            + "".join(f"<li>{_e(x)}</li>" for x in a["not_quoted"])
            + "</ul></details>"
        )
    if a["unprojected"]:
        B.append("<h3>Not projected</h3>")
        B.append(
            '<ul id="unprojected">'
            + "".join(f"<li>{_e(x)}</li>" for x in a["unprojected"])
            + "</ul>"
        )
    return B


def _secs(items: list[dict[str, Any]]) -> str:
    return ", ".join(f"{_e(s['number'])} ({_e(s['title'] or '')})" for s in items) or "—"


def render_index(index: dict[str, Any]) -> str:
    """The index of a build (see :func:`mtgcr.reports.build_site.index_view`) as one HTML page: per
    language a table with one row per consecutive pair (``<tr data-old data-new>``) linking
    the four report formats."""
    B = [
        f"<h1>{_e(index['title'])}</h1>",
        f'<p class="meta">{_e(index["description"])} (<time datetime="{_e(index["generated"])}">'
        f"{_e(index['generated'])}</time>)</p>",
    ]
    for lang in index["languages"]:
        B.append(
            f'<h2 id="lang-{_e(lang["lang"])}">{_e(lang["lang"])}: {_e(pairs_heading(lang))}</h2>'
        )
        if not lang["pairs"]:
            B.append(f'<p class="no-pairs">{_e(no_pairs_sentence(lang))}</p>')
        else:
            B.append(
                f'<table class="pairs" data-lang="{_e(lang["lang"])}"><thead><tr><th>old</th>'
                "<th>new</th>"
                + "".join(f'<th class="n">{k}</th>' for k in INDEX_KINDS)
                + '<th class="n">unchanged</th><th>reports</th></tr></thead><tbody>'
            )
            for p in lang["pairs"]:
                r = p["summary"]["rules"]
                links = " ".join(
                    f'<a href="{_e(path)}">{fmt}</a>' for fmt, path in p["files"].items()
                )
                B.append(
                    f'<tr data-old="{_e(p["old_name"])}" data-new="{_e(p["new_name"])}">'
                    f"<td>{_e(p['old_name'])}</td><td>{_e(p['new_name'])}</td>"
                    + "".join(f'<td class="n">{r.get(k, 0)}</td>' for k in INDEX_KINDS)
                    + f'<td class="n">{pct(p["summary"]["unchanged_share"])}</td><td>{links}</td></tr>'
                )
            B.append("</tbody></table>")
            B += [
                f'<p class="note glossary-not-compared" data-old="{_e(p["old_name"])}" '
                f'data-new="{_e(p["new_name"])}">{_e(p["old_name"])} → {_e(p["new_name"])}: '
                f"{_e(p['summary']['glossary_not_compared'])}</p>"
                for p in lang["pairs"]
                if p["summary"].get("glossary_not_compared")
            ]
        B.append(
            "<h3>Releases</h3><table><thead><tr><th>effective</th><th>label</th>"
            '<th class="n">sections</th><th class="n">rules</th><th class="n">subrules</th>'
            '<th class="n">glossary</th></tr></thead><tbody>'
        )
        for r in lang["releases"]:
            c = r["counts"]
            B.append(
                f"<tr><td>{_e(r['effective_date'] or '')}</td><td>{_e(r['label'])}</td>"
                f'<td class="n">{c["sections"]}</td><td class="n">{c["rules"]}</td>'
                f'<td class="n">{c["subrules"]}</td><td class="n">{c["glossary"]}'
                + (' <span class="truncated">(cut off)</span>' if r.get("truncated") else "")
                + "</td></tr>"
            )
        B.append("</tbody></table>")
    return _page(index["title"], B)
