"""Change pages of the site: the change report of two releases, grouped by section, each
changed rule with an anchor (``C`` + the rule's anchor id, new number if any, else old) and
links to the rule in both releases; and side-by-side pages of a translation beside English.
"""

from __future__ import annotations

from typing import Any

from mtgcr.extract.provenance import Provenance
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.render.common import diff_markup
from mtgcr.reports.site.pages import anchor_id, esc, page, rule_href, section_file
from mtgcr.reports.site.rules import ReleaseContext, linkify

__all__ = ["changes_page", "change_anchor", "side_page"]


def change_anchor(change: dict[str, Any]) -> str:
    """The id of a change on its page: ``C`` + the anchor id of its first new (else old) rule."""
    nums = change["new"] or change["old"]
    return "C" + anchor_id(nums[0]) if nums else "C"


def _rule_links(numbers: list[str], lang: str, key: str, root: str) -> str:
    return (
        " + ".join(
            f'<a href="{root}{lang}/{esc(key)}/{rule_href(RuleNumber.parse(n))}">{esc(n)}</a>'
            for n in numbers
        )
        or "—"
    )


def changes_page(view: dict[str, Any], old_key: str, new_key: str, root: str = "../../") -> str:
    """The change report of ``view`` (:func:`mtgcr.reports.diffview.diff_view`) as a site page."""
    lang = view["lang"]
    counts = view["summary"]["rules"]
    summary = ", ".join(f"{esc(k)} {v}" for k, v in counts.items() if v and k != "unchanged")
    by_sec: dict[int, list[dict[str, Any]]] = {}
    for ch in view["changes"]:
        nums = ch["new"] or ch["old"]
        sec = RuleNumber.parse(nums[0]).section if nums else 0
        by_sec.setdefault(sec, []).append(ch)
    parts = [
        f'<nav class="crumbs"><a href="{root}index.html">mtgcr</a> › changes</nav>',
        f"<h1>Changes {esc(old_key)} → {esc(new_key)} ({esc(lang)})</h1>",
        f"<p>{summary or 'no rule changes'} · "
        f'<a href="{root}{lang}/{esc(old_key)}/index.html">{esc(old_key)}</a> · '
        f'<a href="{root}{lang}/{esc(new_key)}/index.html">{esc(new_key)}</a></p>',
    ]
    used: set[str] = set()
    for sec in sorted(by_sec):
        parts.append(f'<h2 id="S{sec}">Section {sec}</h2>')
        for ch in by_sec[sec]:
            diff = ""
            if ch.get("diff"):
                diff = f"<div>{diff_markup(ch['diff'], esc)}</div>"
            elif ch["kind"] == "added":
                diff = f"<div><ins>{esc(ch.get('new_text') or '')}</ins></div>"
            elif ch["kind"] == "removed":
                diff = f"<div><del>{esc(ch.get('old_text') or '')}</del></div>"
            main = change_anchor(ch)
            used.add(main)
            extra = ""
            for num in [*ch["new"][1:], *([] if ch["new"] else ch["old"][1:])]:
                aid = "C" + anchor_id(num)
                if aid not in used:
                    used.add(aid)
                    extra += f'<span id="{aid}"></span>'
            parts.append(
                f'<div class="rule" id="{main}">{extra}<span class="kind">{esc(ch["kind"])}'
                f"</span> {_rule_links(ch['old'], lang, old_key, root)} → "
                f"{_rule_links(ch['new'], lang, new_key, root)}{diff}</div>"
            )
    return page(f"Changes {old_key} → {new_key}", "".join(parts), root, lang)


def side_page(
    section: RuleNumber,
    tr: ReleaseContext,
    en: ReleaseContext,
    stale: dict[RuleNumber, str],
    root: str = "../../../",
    quoted_on: Provenance | None = None,
) -> str:
    """One section of a translation beside its English release, rule by rule; a rule marked
    in ``stale`` (number → why) gets a visible mark; a quoted rule (a wiki quote) names the
    page and line of every place it was quoted (``quoted_on``: number → its
    places, file names shown without folders)."""
    rows = []
    numbers = [n for n in tr.ruleset.rules if n.section == section.section]
    numbers += [
        n for n in en.ruleset.rules if n.section == section.section and n not in tr.ruleset.rules
    ]
    numbers.sort()
    for n in numbers:
        t, e = tr.ruleset.rules.get(n), en.ruleset.rules.get(n)
        why = stale.get(n)
        cls = "rule stale" if why else "rule"
        note = f'<div class="stale-note">{esc(why)}</div>' if why else ""
        where = (quoted_on or {}).get(n)
        if where:
            shown = "; ".join(p.short for p in where)
            note += f'<div class="quoted">quoted on {esc(shown)}</div>'

        def cell(rule, ctx, lang_name, prefix, n=n):
            if rule is None:
                return f"<div><em>not in the {lang_name} text</em></div>"
            ex = "".join(
                f'<p class="example" data-label="{esc(ctx.example_label)}">'
                f"{linkify(x.text, ctx, prefix)}</p>"
                for x in rule.examples
            )
            text = "<br>".join(linkify(p, ctx, prefix) for p in rule.text.split("\n"))
            return (
                f'<div><a class="num" href="{prefix}{section_file(n)}#{anchor_id(n)}">'
                f"{esc(str(n))}</a> {text}{ex}</div>"
            )

        tr_cell = cell(t, tr, tr.lang, "../")
        en_cell = cell(e, en, "English", f"{root}en/{en.key}/")
        rows.append(f'<div class="{cls} side" id="{anchor_id(n)}">{tr_cell}{en_cell}{note}</div>')
    title = tr.ruleset.sections.get(section) or en.ruleset.sections.get(section)
    head = (
        f'<nav class="crumbs"><a href="{root}index.html">mtgcr</a> › '
        f'<a href="../index.html">{esc(tr.lang)} {esc(tr.key)}</a> › side by side</nav>'
        f"<h1>{section.section}. {esc(title.title if title else '')} — {esc(tr.lang)} {esc(tr.key)}"
        f" · en {esc(en.key)}</h1>"
    )
    return page(
        f"{section.section} side by side — {tr.lang} {tr.key}",
        head + "".join(rows),
        root,
        tr.lang,
        wide=True,
    )
