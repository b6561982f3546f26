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
    "releases_script",
    "SearchTexts",
    "LinkCache",
    "term_names",
    "is_cjk",
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
        releases_script: the language's release list (``LANG/releases.js``, from the site
            root) when the selector is filled from it in the browser (a page then does not
            change when a release is added); ``None``: the selector lists ``releases`` in the
            page itself.
        links: the language's :class:`LinkCache` (texts linked once for every release whose
            glossary and rules give them the same links), or ``None``.
        search_texts: the language's :class:`SearchTexts` (``LANG/search-texts.js``): the
            release's ``search-index.js`` then names each rule's text by its place there
            instead of repeating it; ``None``: the texts are in ``search-index.js``.
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
    releases_script: str | None = None
    links: "LinkCache | None" = None
    search_texts: "SearchTexts | None" = None
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
            self._terms = _TermIndex(term_names(self.ruleset), is_cjk(self.lang))
        return self._terms


def is_cjk(lang: str) -> bool:
    """Whether glossary terms of ``lang`` are matched by character (no spaces between words)."""
    return lang in ("ja", "zh")


def term_names(ruleset: Ruleset) -> dict[str, str]:
    """The glossary headwords and aliases of a release (casefolded, at least 2 characters) →
    the slug of their entry: what :func:`linkify` links."""
    names: dict[str, str] = {}
    for g in ruleset.glossary:
        for t in (g.term, *g.aliases):
            t = t.strip()
            if len(t) >= 2:
                names.setdefault(t.casefold(), slug(g.term))
    return names


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

    def occurring(self, text: str) -> set[str]:
        """Every term (its key: casefolded, words normalised) occurring anywhere in ``text``,
        overlapping ones too."""
        out: set[str] = set()
        first = self.first
        if self.cjk:
            low = text.casefold()
            for i, ch in enumerate(low):
                for _, term in first.get(ch, ()):
                    if low.startswith(term, i):
                        out.add(term)
            return out
        words = [m.group(0).casefold().replace("’", "'") for m in _WORD.finditer(text)]
        for i, w in enumerate(words):
            for k, key in first.get(w, ()):
                if k == 1 or " ".join(words[i : i + k]) == key:
                    out.add(key)
        return out

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

    With ``ctx.links`` (a :class:`LinkCache`), a text is linked once for all the releases in
    which its references and glossary terms resolve alike.
    """
    cache = ctx.links
    if cache is None:
        return _linkify(text, ctx, prefix, skip_term)
    return cache.linkify(text, ctx, prefix, skip_term)


def _refs(text: str) -> list[tuple[int, int, RuleNumber]]:
    """``(start, end, first number)`` of each reference in ``text``."""
    return [(r.start, r.end, r.first) for r in find_references(text)]


class LinkCache:
    """Linked texts of one language, shared by its releases (see :func:`linkify`).

    A text's links depend on which of its references the release has and on which glossary
    terms occurring in it the release defines (and their entries' slugs): both are looked up
    per release in a few set probes; the text is linked only when that combination is new.

    Args:
        glossaries: every release's term map (casefolded term or alias → entry slug, as
            :meth:`ReleaseContext.terms` builds it), to find once which terms of any release
            occur in a text.
        cjk: the language is written without spaces (terms matched by character).
    """

    def __init__(self, glossaries: list[dict[str, str]], cjk: bool) -> None:
        union: dict[str, str] = {}
        for names in glossaries:
            union.update(names)
        self.union = _TermIndex(union, cjk)
        self.cjk = cjk
        self._refs: dict[str, list[tuple[int, int, RuleNumber]]] = {}
        self._cands: dict[str, tuple[str, ...]] = {}
        self._out: dict[tuple, str] = {}

    def linkify(self, text: str, ctx: ReleaseContext, prefix: str, skip_term: str | None) -> str:
        """:func:`linkify` through the cache."""
        refs = self._refs.get(text)
        if refs is None:
            refs = self._refs[text] = _refs(text)
        rs = ctx.ruleset
        ref_sig = tuple(n in rs.rules or n in rs.sections for _, _, n in refs)
        cands = self._cands.get(text)
        if cands is None:
            cands = self._cands[text] = tuple(sorted(self.union.occurring(text)))
        terms = ctx.terms()
        have = terms.names if self.cjk else terms.norm
        term_sig = tuple((t, have[t]) for t in cands if t in have)
        key = (text, prefix, skip_term, ref_sig, term_sig)
        out = self._out.get(key)
        if out is None:
            out = self._out[key] = _linkify(text, ctx, prefix, skip_term, refs)
        return out


def _linkify(
    text: str, ctx: ReleaseContext, prefix: str = "", skip_term: str | None = None, refs=None
) -> str:
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
    for start, end, n in refs if refs is not None else _refs(text):
        if n in rs.rules or n in rs.sections:
            spans.append((start, end, f'<a class="ref" href="{prefix}{rule_href(n)}">'))
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


def _header(ctx: ReleaseContext, root: str, file: str, shared: bool = False) -> str:
    """The top bar. ``shared``: a section page that may be the same file in several releases
    (no release-specific text: the script fills the selector and the release's date and set
    from ``releases_script``)."""
    info = ctx.info
    m = re.fullmatch(r"(\d+)\.html", file)
    sec = int(m.group(1)) if m else None
    items = ctx.selector_items()
    if ctx.releases_script:  # the script lists the releases
        items = [] if shared else [i for i in items if i[0] == esc(ctx.key)]
    opts = "".join(
        f'<option value="../{k}/{file if sec is None or sec in have else "index.html"}"'
        f"{' selected' if k == ctx.key else ''}>{k}{note}</option>"
        for k, note, have in items
    )
    if shared:
        when = '<span class="when"></span>'
        set_part = ""
    else:
        when = (
            f"effective {esc(info.effective_date)}"
            if info.effective_date
            else f"label {esc(info.label)}"
        )
        set_part = f" · set: {esc(ctx.set_name)}" if ctx.set_name else ""
    lang = _LANG_NAMES.get(ctx.lang, ctx.lang)
    data = f' data-file="{esc(file)}"' if ctx.releases_script else ""
    return (
        f'<a href="{root}index.html">mtgcr</a>'
        f'<span class="meta">{esc(lang)} Comprehensive Rules · {when}{set_part}</span>'
        f'<label>release <select class="release" aria-label="release"{data}>{opts}</select>'
        f"</label>"
        f'<a href="index.html">contents</a> <a href="glossary.html">glossary</a> '
        f'<a href="search.html">search</a>'
    )


def _scripts(ctx: ReleaseContext, root: str) -> tuple[str, ...]:
    return (f"{root}{ctx.releases_script}",) if ctx.releases_script else ()


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
    """Every section page of the release: file name → HTML.

    With ``ctx.releases_script``, a page says nothing of its release (the site script fills in
    its date, set and key from the address and the release list), so the releases in which a
    section reads the same can share one file."""
    shared = bool(ctx.releases_script)
    key = "contents" if shared else esc(ctx.key)
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
            f'<nav class="crumbs"><a href="index.html"{" class=key" if shared else ""}>{key}</a> › '
            f'<a href="index.html#chapter-{ch}">{ch}. {esc(chapters.get(ch, ""))}</a> › '
            f"{sn.section}. {esc(sec.title)}</nav>"
        )
        side = (
            ""  # shared: the script adds them from the release list
            if shared
            else "".join(
                f' · <a href="{root}{folder}/side/{file}">{esc(text)}</a>'
                for text, folder, have in ctx.side_links
                if sn.section in have
            )
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
            f"{sn.section}. {sec.title} — CR{'' if shared else ' ' + ctx.key}",
            "".join(body),
            root,
            ctx.lang,
            _header(ctx, root, file, shared),
            scripts=_scripts(ctx, root),
        )
    return out


def releases_script(
    lang: str,
    releases: list[tuple[ReleaseInfo, str | None, frozenset[int]]],
    side_links: list[list[tuple[str, str, frozenset[int]]]] | None = None,
) -> str:
    """``LANG/releases.js``: the language's releases, newest first, for the selector and
    the date line the site script fills in (``window.MTGCR_RELEASES = {lang, releases: [{key,
    text, when, sections}]}``: ``text`` the option's text, ``when`` the header's ``effective
    DATE · set: NAME``, ``sections`` the section numbers the release has).

    Args:
        lang: the language.
        releases: ``(release, its set's name or None, its section numbers)``, newest first.
        side_links: per release (same order), its side-by-side pages (as
            :attr:`ReleaseContext.side_links`), written as ``side: [[text, folder,
            [sections]]]`` for the script to link from a section page.
    """
    rows = []
    for k, (info, set_name, sections) in enumerate(releases):
        key = release_key(info)
        when = f"effective {info.effective_date}" if info.effective_date else f"label {info.label}"
        if set_name:
            when += f" · set: {set_name}"
        note = (
            f" ({info.label})"
            if info.label and info.label.replace("-", "") != key.replace("-", "")
            else ""
        )
        row: dict[str, Any] = {
            "key": key,
            "text": key + note,
            "when": when,
            "sections": sorted(sections),
        }
        if side_links and side_links[k]:
            row["side"] = [[text, folder, sorted(have)] for text, folder, have in side_links[k]]
        rows.append(row)
    data = json.dumps({"lang": lang, "releases": rows}, ensure_ascii=False, separators=(",", ":"))
    return f"window.MTGCR_RELEASES = {data};\n"


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
    if ctx.side_links:
        body.append(
            "<p>"
            + " · ".join(
                f'<a href="{root}{folder}/side/{min(have)}.html">{esc(text)}</a>'
                for text, folder, have in ctx.side_links
                if have
            )
            + "</p>"
        )
    body.append('<p><a href="glossary.html">Glossary</a> · <a href="rules.json">rules.json</a></p>')
    return page(
        f"Comprehensive Rules {ctx.key}",
        "".join(body),
        root,
        ctx.lang,
        _header(ctx, root, "index.html"),
        scripts=_scripts(ctx, root),
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
        f"Glossary — CR {ctx.key}",
        body,
        root,
        ctx.lang,
        _header(ctx, root, "glossary.html"),
        scripts=_scripts(ctx, root),
    )


def _rule_full_text(rule: Rule) -> str:
    return " ".join([rule.text.replace("\n", " "), *(e.text for e in rule.examples)])


class SearchTexts:
    """The searchable texts of a language's releases, each once (``LANG/search-texts.js``):
    a rule's text and its examples, numbered in the order of their first release, so a new
    release only adds to the end. The releases' ``search-index.js`` name texts by number."""

    #: The file, from the site root (``LANG/`` + this).
    FILE = "search-texts.js"

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    def add(self, ruleset: Ruleset) -> None:
        """Number the texts of ``ruleset``'s rules not seen before."""
        ids = self._ids
        for r in ruleset.rules.values():
            ids.setdefault(_rule_full_text(r), len(ids))

    def id(self, rule: Rule) -> int:
        """The number of ``rule``'s text (added before with its release)."""
        return self._ids[_rule_full_text(rule)]

    def script(self) -> str:
        """The file's content: ``window.MTGCR_TEXTS = [text, …];``."""
        data = json.dumps(list(self._ids), ensure_ascii=False, separators=(",", ":"))
        return f"window.MTGCR_TEXTS = {data};\n"


def search_files(ctx: ReleaseContext, root: str = "../../") -> dict[str, str]:
    """``search.html`` and ``search-index.js`` (a script, so search works from ``file://``):
    ``window.MTGCR_SEARCH = {release, lang, entries: [[number, page, text, anchor]]}``, or
    with ``ctx.search_texts`` ``{release, lang, rules: [[number, text number]]}`` (the page
    then loads ``../search-texts.js`` too and the script makes the entries)."""
    texts = ctx.search_texts
    head: dict[str, Any] = {"release": ctx.key, "lang": ctx.lang}
    if texts is None:
        head["entries"] = [
            [str(r.number), section_file(r.number), _rule_full_text(r), anchor_id(r.number)]
            for r in ctx.ruleset.rules.values()
        ]
        scripts: tuple[str, ...] = (*_scripts(ctx, root), "search-index.js")
    else:
        head["rules"] = [[str(r.number), texts.id(r)] for r in ctx.ruleset.rules.values()]
        scripts = (*_scripts(ctx, root), f"../{texts.FILE}", "search-index.js")
    data = json.dumps(head, ensure_ascii=False, separators=(",", ":"))
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
        scripts=scripts,
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
