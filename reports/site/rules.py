"""Rule pages of one release: section pages, the release index, the glossary, search files.

Every rule and subrule gets its anchor (:func:`~mtgcr.reports.site.pages.anchor_id`) and an
alias; every cross-reference found by :func:`mtgcr.extract.references.find_references` in the
text is a link to its rule in the same release (when that release has it); the first
occurrence of each glossary term in a rule links to its glossary entry; examples are set
apart with the language's label; each rule links to its trace and, when it changed since the
previous release, to the change report.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from mtgcr.corpus.store import ReleaseInfo
from mtgcr.crossref.lineage import LineageId
from mtgcr.crossref.model import Change
from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.references import find_references
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.site.pages import (
    alias_id,
    anchor_id,
    esc,
    page,
    release_key,
    rule_href,
    section_file,
    slug,
    trace_file,
)

__all__ = [
    "ReleaseContext",
    "linkify",
    "section_pages",
    "release_index",
    "glossary_page",
    "search_files",
    "rules_json",
]

_LANG_NAMES = {"en": "English", "ja": "日本語", "zh": "中文", "ru": "Русский"}


@dataclass
class ReleaseContext:
    """What the pages of one release need to know besides its ruleset.

    Attributes:
        info: the release's store row.
        ruleset: its rules.
        releases: ``(key, label, sections)`` of every release of the language, newest first
            (the selector; a release without the page's section is linked at its contents).
        set_name: the set released with it, when known.
        lineage: rule number → lineage id (trace page).
        changed: rule number → its change since the previous release (not for unchanged).
        changes_page: the change report's path from the site root (``changes/en/A_B.html``).
        example_label: how examples are labelled (``Example:``, ``例：``).
        side_links: ``(text, folder from the site root, sections)`` of side-by-side pages of
            this release (a translation's own, or each translation of an English release);
            ``sections`` are the section numbers that folder has a page for.
    """

    info: ReleaseInfo
    ruleset: Ruleset
    releases: list[tuple[str, str, frozenset[int]]]
    set_name: str | None = None
    lineage: dict[RuleNumber, LineageId] = field(default_factory=dict)
    changed: dict[RuleNumber, Change] = field(default_factory=dict)
    changes_page: str | None = None
    example_label: str = "Example:"
    side_links: list[tuple[str, str, frozenset[int]]] = field(default_factory=list)
    _terms: "_TermIndex | None" = None
    _selector: list[tuple[str, str, frozenset[int]]] | None = None

    @property
    def key(self) -> str:
        return release_key(self.info)

    def selector_items(self) -> list[tuple[str, str, frozenset[int]]]:
        """``(escaped key, escaped label note, sections)`` of the selector (built once)."""
        if self._selector is None:
            self._selector = [
                (
                    esc(k),
                    f" ({esc(lbl)})" if lbl and lbl.replace("-", "") != k.replace("-", "") else "",
                    have,
                )
                for k, lbl, have in self.releases
            ]
        return self._selector

    @property
    def lang(self) -> str:
        return self.info.lang

    def terms(self) -> "_TermIndex":
        """The glossary headwords and aliases of the release, for linking (built once)."""
        if self._terms is None:
            names: dict[str, str] = {}
            for g in self.ruleset.glossary:
                for t in (g.term, *g.aliases):
                    t = t.strip()
                    if len(t) >= 2:
                        names.setdefault(t.casefold(), slug(g.term))
            self._terms = _TermIndex(names, self.lang in ("ja", "zh"))
        return self._terms


_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


class _TermIndex:
    """Finds glossary terms in text without a regex of hundreds of alternatives: terms are
    indexed by their first word (spaced scripts) or first character (CJK), so each position
    of a text is tried only against the terms that can start there, longest first."""

    def __init__(self, names: dict[str, str], cjk: bool) -> None:
        self.names, self.cjk = names, cjk
        self.first: dict[str, list[tuple[int, str]]] = {}
        if cjk:
            for t in names:
                self.first.setdefault(t[0], []).append((len(t), t))
        else:
            self.norm: dict[str, str] = {}
            for t, v in names.items():
                words = [w.replace("’", "'") for w in _WORD.findall(t)]
                if words:
                    key = " ".join(words)
                    self.norm[key] = v
                    self.first.setdefault(words[0], []).append((len(words), key))
        for cands in self.first.values():
            cands.sort(reverse=True)

    def find(self, text: str):
        """``(start, end, slug)`` of each term occurrence, left to right, not overlapping."""
        if not self.names:
            return
        first = self.first
        if self.cjk:
            low, i, n = text.casefold(), 0, len(text)
            while i < n:
                for length, term in first.get(low[i], ()):
                    if low.startswith(term, i):
                        yield i, i + length, self.names[term]
                        i += length
                        break
                else:
                    i += 1
            return
        words = [
            (m.start(), m.end(), m.group(0).casefold().replace("’", "'"))
            for m in _WORD.finditer(text)
        ]
        i, nw = 0, len(words)
        while i < nw:
            for k, key in first.get(words[i][2], ()):
                if i + k <= nw and (k == 1 or " ".join(w[2] for w in words[i : i + k]) == key):
                    yield words[i][0], words[i + k - 1][1], self.norm[key]
                    i += k
                    break
            else:
                i += 1


def linkify(text: str, ctx: ReleaseContext, prefix: str = "", skip_term: str | None = None) -> str:
    """``text`` as HTML: references linked to their rules, the first occurrence of each
    glossary term linked to its entry (not ``skip_term``), everything else escaped.

    Args:
        text: rule, example or glossary text.
        ctx: the release (its rules decide which references can be linked).
        prefix: the path from the page to the release folder (``"../"`` for side pages).
        skip_term: the slug of a glossary entry not to link (the entry being defined).
    """
    rs = ctx.ruleset
    spans: list[tuple[int, int, str]] = []
    for ref in find_references(text):
        n = ref.first
        if n in rs.rules or n in rs.sections:
            spans.append((ref.start, ref.end, f'<a class="ref" href="{prefix}{rule_href(n)}">'))
    taken = [(s, e) for s, e, _ in spans]
    seen: set[str] = set()
    for start, end, target in ctx.terms().find(text):
        if target in seen or target == skip_term:
            continue
        if any(s < end and start < e for s, e in taken):
            continue
        seen.add(target)
        spans.append((start, end, f'<a class="term" href="{prefix}glossary.html#g-{target}">'))
    if not spans:
        return esc(text)
    spans.sort()
    out, pos = [], 0
    for s, e, open_tag in spans:
        if s < pos:
            continue
        out += [esc(text[pos:s]), open_tag, esc(text[s:e]), "</a>"]
        pos = e
    out.append(esc(text[pos:]))
    return "".join(out)


def _header(ctx: ReleaseContext, root: str, file: str) -> str:
    info = ctx.info
    m = re.fullmatch(r"(\d+)\.html", file)
    sec = int(m.group(1)) if m else None
    opts = "".join(
        f'<option value="../{k}/{file if sec is None or sec in have else "index.html"}"'
        f"{' selected' if k == ctx.key else ''}>{k}{note}</option>"
        for k, note, have in ctx.selector_items()
    )
    when = (
        f"effective {esc(info.effective_date)}"
        if info.effective_date
        else f"label {esc(info.label)}"
    )
    set_part = f" · set: {esc(ctx.set_name)}" if ctx.set_name else ""
    lang = _LANG_NAMES.get(ctx.lang, ctx.lang)
    return (
        f'<a href="{root}index.html">mtgcr</a>'
        f'<span class="meta">{esc(lang)} Comprehensive Rules · {when}{set_part}</span>'
        f'<label>release <select class="release" aria-label="release">{opts}</select></label>'
        f'<a href="index.html">contents</a> <a href="glossary.html">glossary</a> '
        f'<a href="search.html">search</a>'
    )


def _rule_html(rule: Rule, ctx: ReleaseContext, root: str) -> str:
    n = rule.number
    label = f"{n}." if n.kind == "rule" else str(n)
    tools = []
    lin = ctx.lineage.get(n)
    if lin:
        tools.append(
            f'<a href="{root}trace/{ctx.lang}/{esc(trace_file(lin))}" '
            f'title="this rule in every release">trace</a>'
        )
    ch = ctx.changed.get(n)
    if ch is not None and ctx.changes_page:
        tools.append(
            f'<a href="{root}{ctx.changes_page}#C{anchor_id(n)}" '
            f'title="what changed since the previous release">{esc(ch.kind)}</a>'
        )
    paras = rule.text.split("\n")
    text = "<br>".join(linkify(p, ctx) for p in paras)
    examples = "".join(
        f'<p class="example" data-label="{esc(ctx.example_label)}">{linkify(e.text, ctx)}</p>'
        for e in rule.examples
    )
    cls = "rule" if n.kind == "rule" else "rule sub"
    items = "".join(
        f'<details class="items"><summary>{len(lst.items)} items</summary><ul>'
        + "".join(f"<li>{esc(i.text)}</li>" for i in lst.items)
        + "</ul></details>"
        for lst in rule.items(ctx.lang)
    )
    return (
        f'<div class="{cls}" id="{anchor_id(n)}"><span id="{alias_id(n)}"></span>'
        f'<a class="num" href="#{anchor_id(n)}">{esc(label)}</a>'
        f'<span class="text">{text}</span>'
        f'<span class="tools">{"".join(tools)}</span>{items}{examples}</div>'
    )


def section_pages(ctx: ReleaseContext, root: str = "../../") -> dict[str, str]:
    """Every section page of the release: file name → HTML."""
    rs = ctx.ruleset
    by_section: dict[int, list[Rule]] = {}
    for rule in rs.rules.values():
        by_section.setdefault(rule.number.section, []).append(rule)
    secs = sorted(rs.sections)
    chapters = {c.number: c.title for c in rs.chapters}
    out: dict[str, str] = {}
    for i, sn in enumerate(secs):
        sec = rs.sections[sn]
        file = section_file(sn)
        ch = sn.section // 100
        crumbs = (
            f'<nav class="crumbs"><a href="index.html">{esc(ctx.key)}</a> › '
            f'<a href="index.html#chapter-{ch}">{ch}. {esc(chapters.get(ch, ""))}</a> › '
            f"{sn.section}. {esc(sec.title)}</nav>"
        )
        side = "".join(
            f' · <a href="{root}{folder}/side/{file}">{esc(text)}</a>'
            for text, folder, have in ctx.side_links
            if sn.section in have
        )
        body = [
            crumbs,
            f'<h1 id="{anchor_id(sn)}"><span id="{alias_id(sn)}"></span>'
            f"{sn.section}. {esc(sec.title)}</h1>{f'<p>{side[3:]}</p>' if side else ''}",
        ]
        body += [_rule_html(r, ctx, root) for r in by_section.get(sn.section, [])]
        prev_s = secs[i - 1] if i else None
        next_s = secs[i + 1] if i + 1 < len(secs) else None
        body.append(
            '<nav class="pager">'
            + (
                f'<a rel="prev" href="{section_file(prev_s)}">← {prev_s.section}. '
                f"{esc(rs.sections[prev_s].title)}</a>"
                if prev_s
                else "<span></span>"
            )
            + (
                f'<a rel="next" href="{section_file(next_s)}">{next_s.section}. '
                f"{esc(rs.sections[next_s].title)} →</a>"
                if next_s
                else "<span></span>"
            )
            + "</nav>"
        )
        out[file] = page(
            f"{sn.section}. {sec.title} — CR {ctx.key}",
            "".join(body),
            root,
            ctx.lang,
            _header(ctx, root, file),
        )
    return out


def release_index(ctx: ReleaseContext, root: str = "../../") -> str:
    """The release's contents page: chapters (``#chapter-N``) and their sections."""
    rs = ctx.ruleset
    secs_by_ch: dict[int, list[RuleNumber]] = {}
    for sn in sorted(rs.sections):
        secs_by_ch.setdefault(sn.section // 100, []).append(sn)
    chapters = {c.number: c.title for c in rs.chapters}
    body = [f"<h1>Comprehensive Rules {esc(ctx.key)}</h1>"]
    if ctx.changes_page:
        body.append(
            f'<p><a href="{root}{ctx.changes_page}">changes since the previous release</a></p>'
        )
    for ch in sorted(set(secs_by_ch) | set(chapters)):
        body.append(f'<h2 id="chapter-{ch}">{ch}. {esc(chapters.get(ch, ""))}</h2><ul>')
        body += [
            f'<li><a href="{section_file(sn)}">{sn.section}. {esc(rs.sections[sn].title)}</a></li>'
            for sn in secs_by_ch.get(ch, [])
        ]
        body.append("</ul>")
    body.append('<p><a href="glossary.html">Glossary</a> · <a href="rules.json">rules.json</a></p>')
    return page(
        f"Comprehensive Rules {ctx.key}",
        "".join(body),
        root,
        ctx.lang,
        _header(ctx, root, "index.html"),
    )


def glossary_page(ctx: ReleaseContext, root: str = "../../") -> str:
    """The glossary: one ``<dt id="g-slug">`` per entry, definitions linked."""
    items = []
    for g in ctx.ruleset.glossary:
        s = slug(g.term)
        head = g.heading or g.term
        text = "<br>".join(linkify(p, ctx, skip_term=s) for p in g.text.split("\n"))
        items.append(f'<dt id="g-{esc(s)}">{esc(head)}</dt><dd>{text}</dd>')
    body = f"<h1>Glossary — {esc(ctx.key)}</h1>" + (
        f'<dl class="glossary">{"".join(items)}</dl>'
        if items
        else "<p>This release has no glossary.</p>"
    )
    return page(
        f"Glossary — CR {ctx.key}", body, root, ctx.lang, _header(ctx, root, "glossary.html")
    )


def _rule_full_text(rule: Rule) -> str:
    return " ".join([rule.text.replace("\n", " "), *(e.text for e in rule.examples)])


def search_files(ctx: ReleaseContext, root: str = "../../") -> dict[str, str]:
    """``search.html`` and ``search-index.js`` (a script, so search works from ``file://``)."""
    entries = [
        [str(r.number), section_file(r.number), _rule_full_text(r), anchor_id(r.number)]
        for r in ctx.ruleset.rules.values()
    ]
    data = json.dumps(
        {"release": ctx.key, "lang": ctx.lang, "entries": entries},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    body = (
        f"<h1>Search — {esc(ctx.key)}</h1>"
        f'<p><input type="search" id="q" placeholder="words, or a rule number (120.4, 120.4.)" '
        f'autofocus aria-label="search"></p><p id="count"></p><ul class="hits" id="hits"></ul>'
    )
    html = page(
        f"Search — CR {ctx.key}",
        body,
        root,
        ctx.lang,
        _header(ctx, root, "search.html"),
        scripts=("search-index.js",),
    )
    return {"search.html": html, "search-index.js": f"window.MTGCR_SEARCH = {data};\n"}


def rules_json(ctx: ReleaseContext) -> str:
    """``rules.json``: the release keyed by rule number (text, examples, section, anchor id,
    lineage id, URL)."""
    data: dict[str, Any] = {
        "release": {
            "lang": ctx.lang,
            "effective_date": ctx.info.effective_date,
            "label": ctx.info.label,
            "set": ctx.set_name,
        },
        "rules": {
            str(n): {
                "text": r.text,
                "examples": [e.text for e in r.examples],
                # the lists in the text as items (205.3m's creature types …)
                **(
                    {"items": [lst.texts() for lst in items]}
                    if (items := r.items(ctx.lang))
                    else {}
                ),
                "section": r.number.section,
                "anchor": anchor_id(n),
                "lineage": str(ctx.lineage[n]) if n in ctx.lineage else None,
                "url": rule_href(n),
            }
            for n, r in ctx.ruleset.rules.items()
        },
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
