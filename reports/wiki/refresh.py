"""Refreshing a wiki page for a new CR release: stale quote blocks replaced, citations migrated.

:func:`refresh_page` turns one page's text into a :class:`~mtgcr.reports.wiki.edits.PageEdit`:

* each quote block (:mod:`mtgcr.extract.wiki.quotes`) is checked as a unit
  (:class:`mtgcr.crossref.cite.quote_check.StoreQuotes`); a stale one is replaced by the same
  rules' text in the target release R of the page's language, in R's order: a rule under its
  new number (a split: under each), a rule R added inside the quoted range added, a removed
  one dropped (noted), one R has no translation of left as it was (noted); a rule whose number
  and text are unchanged keeps its line byte for byte; the examples of a rule are R's when the
  quote showed examples; the header's label rewritten (``引用：総合ルール 20231117.0`` →
  ``20260116.0``; ``.0`` is noted as assumed when R's copy states no revision), the lines
  between the header and the first entry (a note) kept;
* in wikitext, the markup of a rewritten line is carried over (links ``[[…]]``, templates,
  ``'''bold'''``): each markup node of the old line whose visible text (cited numbers
  migrated) is found in the new text wraps it again; a node that cannot be placed makes the
  page "needs a human";
* citations outside quotes are rewritten with cite-check's line suggestions
  (:class:`mtgcr.crossref.cite.wiki_migrate.CitationMigrator`), checked against the EN
  releases up to R's label.

A page is left for a human (status :attr:`~mtgcr.reports.wiki.edits.EditStatus.HUMAN`, the
reasons listed, no new text) when a quote's text does not fit its label, a quote holds
paragraphs without rule numbers, markup could not be carried, a quoted rule cannot be
followed, the page is a diff view (its citation edits are listed instead) or rendered HTML,
or it is a generated 総合ルール page of an older translation than R (it is regenerated from
R's text, not refreshed). A page with nothing to change is returned byte for byte.

Format knowledge: the MTG Wiki's page kinds (:mod:`mtgcr.extract.wiki`): rendered text
(seeds 000, 001, 003), wikitext (``web_excerpts.json``), diff views (seed 004), generated
総合ルール pages (``corpus/mtgwiki/generated``, :data:`mtgcr.extract.wiki.cr.NOTICE`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

import mwparserfromhell

from mtgcr.corpus.document import Document, document_from_bytes
from mtgcr.crossref.cite.quote_check import QuoteCheck, QuotedRuleStatus, StoreQuotes
from mtgcr.crossref.cite.wiki_migrate import CitationMigrator
from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.wiki.page import WikiPage
from mtgcr.extract.wiki.quotes import (
    EntryLayout,
    QuoteBlock,
    block_lines,
    entry_layout,
    find_quotes,
    quote_ruleset,
)

from mtgcr.reports.wiki.edits import EditStatus, PageEdit, QuoteChange

__all__ = ["PageRead", "read_page", "carry_markup", "refresh_page", "source_lines"]

_LABEL = re.compile(r"[0-9０-９]{8}(?:\s*[.．]\s*[0-9０-９]+)?")
_NUMBER = re.compile(r"(?<![\d.])\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![\d]|[a-z])")
_EXAMPLE = re.compile(r"^(?P<prefix>.*?)(?P<mark>例\s*[：:]\s*)")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")
#: The levels of a quote, outermost first (for a level the old block does not show).
_LEVELS = ["chapter", "section", "rule", "subrule"]


def source_lines(text: str) -> list[str]:
    """``text`` split into lines with their ends (CRLF, CR, LF; as
    :attr:`mtgcr.corpus.document.Document.lines` counts them): ``"".join(...) == text``."""
    return _LINE.findall(text)


class PageRead(NamedTuple):
    """What :func:`read_page` made of a text: the page kind (``""`` when it is no wiki page),
    the :class:`WikiPage` when a refresh can rewrite it, else ``None`` and ``why``."""

    kind: str
    page: WikiPage | None
    why: str


def read_page(doc: Document, wikitext: bool = False) -> PageRead:
    """Which MTG Wiki page kind ``doc`` is and, for the kinds a refresh rewrites (rendered
    text, wikitext), its :class:`WikiPage`.

    Args:
        doc: the page.
        wikitext: the text is known to be wikitext (read from a wiki's API): no sniffing.
    """
    from mtgcr.extract.wiki.cr import sniff_wiki_cr
    from mtgcr.extract.wiki.diff import sniff_diff
    from mtgcr.extract.wiki.html import sniff_html
    from mtgcr.extract.wiki.markup import read_wikitext_doc, sniff_wikitext
    from mtgcr.extract.wiki.rendered import read_rendered, sniff_rendered

    if sniff_wiki_cr(doc):  # before wikitext: a generated page is wikitext too
        return PageRead("wiki-cr", None, "a generated 総合ルール page")
    if wikitext:
        return PageRead("wikitext", read_wikitext_doc(doc), "")
    if sniff_diff(doc):
        return PageRead(
            "wiki-diff", None, "a diff view is not a page: its citation edits are listed"
        )
    if sniff_html(doc):
        return PageRead("wiki-html", None, "rendered HTML: refresh the page's wikitext instead")
    if sniff_rendered(doc):
        return PageRead("wiki-rendered", read_rendered(doc), "")
    if sniff_wikitext(doc):
        return PageRead("wikitext", read_wikitext_doc(doc), "")
    return PageRead("", None, "not an MTG Wiki page (rendered text, HTML, wikitext or diff view)")


def carry_markup(old_body: str, new_text: str, migrate: dict[str, str]) -> tuple[str, list[str]]:
    """Carry the wikitext markup of an old rule line onto the new plain text.

    Args:
        old_body: the old line's text after its number, as written (markup included).
        new_text: the new rule text (plain, as the CR text has it).
        migrate: ``{old number: new number}`` for numbers cited in the text.

    Returns:
        ``(new body with markup, markup nodes that could not be placed)``; each node (link,
        template, tag) is placed around the first occurrence, after the previous one, of its
        visible text with its numbers migrated. A node with no visible text (a template) is
        kept only when it can be placed, so it is reported.

    >>> carry_markup("[[合体する]]組の(rule [[総合ルール/7#701.37|701.37]]参照)",
    ...              "合体する組の(rule 701.42参照)", {"701.37": "701.42"})
    ('[[合体する]]組の(rule [[総合ルール/7#701.42|701.42]]参照)', [])
    """
    try:
        code = mwparserfromhell.parse(old_body)
    except Exception:  # mwparserfromhell raises its own errors on broken markup
        return new_text, [old_body]
    out, pos, lost = new_text, 0, []
    before = ""  # the old line's visible text up to the node in hand
    for node in code.nodes:
        if isinstance(node, mwparserfromhell.nodes.Text):
            before += str(node)
            continue
        try:
            shown = mwparserfromhell.parse(str(node)).strip_code(normalize=True, collapse=True)
        except Exception:  # broken markup inside the node
            shown = ""
        before_node, before = before, before + shown
        src = _migrate(str(node), migrate)
        try:
            vis = mwparserfromhell.parse(src).strip_code(normalize=True, collapse=True).strip()
        except Exception:  # broken markup inside the node
            vis = ""
        at = _place(out, vis, pos, _migrate(before_node, migrate)) if vis else -1
        if at < 0:
            lost.append(str(node))
            continue
        out = out[:at] + src + out[at + len(vis) :]
        pos = at + len(src)
    return out, lost


def _place(text: str, vis: str, pos: int, before: str) -> int:
    """Where ``vis`` goes in ``text`` (from ``pos`` on): its only occurrence, else the one
    whose preceding characters agree longest with ``before`` (the old line's visible text
    before the node), the first at equal agreement; ``-1`` when it does not occur."""
    hits = []
    at = text.find(vis, pos)
    while at >= 0:
        hits.append(at)
        at = text.find(vis, at + 1)
    if len(hits) <= 1:
        return hits[0] if hits else -1

    def agreement(at: int) -> int:
        n = 0
        while n < min(at, len(before)) and text[at - 1 - n] == before[-1 - n]:
            n += 1
        return n

    return max(hits, key=lambda at: (agreement(at), -at))


def _migrate(text: str, migrate: dict[str, str]) -> str:
    return _NUMBER.sub(lambda m: migrate.get(m.group(0), m.group(0)), text) if migrate else text


@dataclass
class _Block:
    """A block's replacement: its 0-based line span, new lines and what to tell."""

    first: int
    last: int
    lines: list[str]
    change: QuoteChange
    human: list[str] = field(default_factory=list)


def _new_label(change: QuoteChange, written: str) -> str:
    """The target's label written as the header wrote its own (with a revision or not)."""
    return change.new_label if re.search(r"[.．]", written) else change.check.target


def _entry_groups(
    block: QuoteBlock, lines: list[str]
) -> tuple[dict[object, list[str]], dict[str, EntryLayout], int | None]:
    """The block's entries grouped: ``{number or ("c", chapter): [its line, the lines that
    follow it until the next numbered one]}``, the first layout seen per level, and the
    0-based line of the first entry."""
    groups: dict[object, list[str]] = {}
    layouts: dict[str, EntryLayout] = {}
    key: object = None
    body_start = None
    for e in block.entries:
        raw = lines[e.line - 1]
        lay = entry_layout(raw)
        num = RuleNumber.try_parse(lay.number.rstrip(".")) if lay else None
        chapter = lay is not None and num is None and lay.number.rstrip(".").isdigit()
        if body_start is None:
            body_start = e.line - 1
        if lay is not None and (num is not None or chapter):
            kind = "chapter" if chapter else num.kind  # type: ignore[union-attr]
            layouts.setdefault(kind, lay)
            key = ("c", int(lay.number.rstrip("."))) if chapter else num
            groups[key] = [raw]
        elif key is not None:
            groups[key].append(raw)
    return groups, layouts, body_start


def _example_layout(block: QuoteBlock, lines: list[str]) -> tuple[str, str] | None:
    """``(prefix, mark)`` of the block's first example line (``"      • "``, ``"例："``)."""
    for e in block.entries:
        m = _EXAMPLE.match(lines[e.line - 1].rstrip("\r\n"))
        if m and not entry_layout(lines[e.line - 1]):
            return m.group("prefix"), m.group("mark")
    return None


def _refresh_block(
    page: WikiPage, block: QuoteBlock, lines: list[str], quotes: StoreQuotes
) -> _Block | None:
    rs, _, _ = quote_ruleset(page, block)
    first, last = (n - 1 for n in block_lines(block))
    if rs.release.lang != quotes.lang:
        return _other_language(block, rs, quotes, first, last, lines)
    check = quotes.check(rs)
    change = QuoteChange(block.line, check)
    if check.current and check.agrees is not False and not check.owners:
        return None  # a quote of R whose text is another release's or rule's: for a human
    human = _human_reasons(block, check)
    if human:
        return _Block(first, last, lines[first : last + 1], change, human)
    groups, layouts, body_start = _entry_groups(block, lines)
    eol = "\r\n" if lines[first].endswith("\r\n") else "\n"
    moves = quotes.cited_moves(rs, [r.text for r in rs.rules.values()])
    migrate = {str(n): str(m) for n, m in moves.items()}
    example = _example_layout(block, lines)
    items: dict[tuple, list[str]] = {}
    lost: list[str] = []

    def render(
        n: RuleNumber, rule: Rule | None, text: str, old: list[str] | None, was: RuleNumber | None
    ) -> list[str]:
        lay = layouts.get(n.kind) or _derive_layout(layouts, n.kind, eol)
        parts = text.split("\n")
        body = parts[0]
        if page.kind == "wikitext" and old:
            old_lay = entry_layout(old[0])
            if old_lay is not None:
                body, gone = carry_markup(old_lay.body, body, migrate)
                lost.extend(gone)
        out = [lay.render(str(n), body).rstrip("\r\n") + eol]
        out += [f"{lay.prefix}{p}{eol}" for p in parts[1:]]
        quoted_examples = was is not None and was in rs.rules and bool(rs.rules[was].examples)
        if rule is not None and example is not None and (quoted_examples or old is None):
            out += [f"{example[0]}{example[1]}{x.text}{eol}" for x in rule.examples]
        return out

    def sort_key(n: RuleNumber) -> tuple:
        return (n.section, 0 if n.rule is None else 1, n)

    for k, g in groups.items():
        if isinstance(k, tuple):  # a chapter line stays as it is
            items[(k[1] * 100, -1, RuleNumber(k[1] * 100))] = g
    for s, new in check.sections.items():
        if s not in groups:
            continue
        if s in check.retitled or new != s:
            items[sort_key(new)] = render(
                new, None, quotes.target.sections[new].title, groups[s], s
            )
        else:
            items[sort_key(s)] = groups[s]
    notes = []
    for r in check.rules:
        g = groups.get(r.number, [])
        if r.status is QuotedRuleStatus.UNCHANGED:
            items[sort_key(r.number)] = g
        elif r.status is QuotedRuleStatus.UNTRANSLATED:
            items[sort_key(r.now[0] if r.now else r.number)] = g
            notes.append(f"{r.number}: {r.reason}; left as it was")
        elif r.status is QuotedRuleStatus.REMOVED:
            notes.append(f"{r.number}: removed ({r.reason}); dropped")
        else:
            for m in r.now:
                rule = quotes.target.rules[m]
                items[sort_key(m)] = render(m, rule, rule.text, g, r.number)
    for m in check.added:
        if m in quotes.target.rules:
            rule = quotes.target.rules[m]
            items[sort_key(m)] = render(m, rule, rule.text, None, None)
        else:
            notes.append(f"{m}: added in EN {check.target}, not in {check.lang} {check.target}")
    if change.revision_assumed:
        notes.append(
            f"{check.lang} {check.target}'s copy states no translation revision: the label "
            f"is written {change.new_label} (assumed)"
        )
    header = _LABEL.sub(lambda m: _new_label(change, m.group(0)), lines[first], count=1)
    between = lines[first + 1 : body_start] if body_start is not None else []
    body = [
        line if line.endswith(("\n", "\r")) else line + eol
        for k in sorted(items)
        for line in items[k]
    ]
    if body and last == len(lines) - 1 and not lines[last].endswith(("\n", "\r")):
        body[-1] = body[-1].rstrip("\r\n")  # the page ended without a line end: so does the block
    change.notes = notes
    change.cited_moves = sorted((str(a), str(b)) for a, b in moves.items())
    if lost:
        human = [f"line {block.line}: markup not carried onto the new text: " + ", ".join(lost[:5])]
    return _Block(first, last, [header, *between, *body], change, human)


def _other_language(
    block: QuoteBlock, rs: Ruleset, quotes: StoreQuotes, first: int, last: int, lines: list[str]
) -> _Block:
    """A quote in another language than the target's (the wiki quotes the English rules
    while no translation has them): for a human, who replaces it with the translation's
    text (R has it when the rules are there)."""
    have = [n for n in rs.rules if n in quotes.target.rules]
    check = QuoteCheck(
        rs.release.lang, rs.release.label, rs.release.revision, quotes.label, quotes.revision
    )
    why = f"line {block.line}: a quote in {rs.release.lang}, not {quotes.lang}" + (
        f": {quotes.lang} {quotes.label} has {len(have)} of its {len(rs.rules)} numbered rules "
        f"now; replace it with that text by hand"
        if rs.rules
        else f" (no numbered rule in it): replace it with the {quotes.lang} text by hand"
    )
    if block.unplaced:
        why += f" (and {len(block.unplaced)} quoted paragraph(s) without a rule number)"
    return _Block(first, last, lines[first : last + 1], QuoteChange(block.line, check), [why])


def _human_reasons(block: QuoteBlock, check: QuoteCheck) -> list[str]:
    """Why a stale block cannot be refreshed without a human (empty: it can)."""
    human = []
    if check.agrees is False:
        human.append(f"line {block.line}: {check.note}")
    for n, owner in sorted(check.owners.items()):
        human.append(f"line {block.line}: quoted {n} is {owner.sentence()}, not {n}'s")
    if block.unplaced:
        human.append(
            f"line {block.line}: the quote has {len(block.unplaced)} paragraph(s) without a rule "
            f"number (line {block.unplaced[0][0]}): which rules they are is not known"
        )
    unknown = [r for r in check.rules if r.status is QuotedRuleStatus.UNKNOWN]
    if unknown:
        human.append(
            f"line {block.line}: {len(unknown)} quoted rule(s) cannot be followed "
            f"({unknown[0].number}: {unknown[0].reason})"
            + (f"; {check.note}" if check.note and check.agrees is not False else "")
        )
    return human


def _derive_layout(layouts: dict[str, EntryLayout], kind: str, eol: str) -> EntryLayout:
    """A layout for a level the old block does not show, stepped from the nearest level it
    shows (rendered: two spaces per level before the bullet; wikitext: one list mark)."""
    k = _LEVELS.index(kind)
    for j in sorted(range(len(_LEVELS)), key=lambda j: abs(j - k)):
        lay = layouts.get(_LEVELS[j])
        if lay is None:
            continue
        steps, p = k - j, lay.prefix
        if "•" in p:
            p = " " * max(0, len(p) - len(p.lstrip()) + 2 * steps) + p.lstrip()
        elif p[:1] in ("*", "#", ":"):
            p = p[0] * max(1, len(p) + steps)
        return EntryLayout(p, "", lay.sep, "", eol)
    return EntryLayout("", "", " ", "", eol)


def _generated(doc: Document, edit: PageEdit, quotes: StoreQuotes) -> PageEdit:
    """A generated 総合ルール page: current when its notice names R's translation (or a newer
    one), else for a human (it is regenerated from R's text, never patched)."""
    from mtgcr.extract.wiki.cr import NOTICE

    m = next((m for m in map(NOTICE.search, doc.lines[:5]) if m), None)
    if m is None:  # the sniff found it: cannot happen
        edit.status, edit.reasons = EditStatus.HUMAN, ["a generated page without its notice"]
        return edit
    stated = (m.group("label"), int(m.group("rev")))
    target = (quotes.label, int(quotes.revision or 0))
    if stated < target:
        edit.status = EditStatus.HUMAN
        edit.reasons.append(
            f"a generated 総合ルール page of 和訳 {m.group('label')}.{m.group('rev')}, older than "
            f"{quotes.lang} {quotes.label}: regenerate it from the {quotes.label} text"
        )
    else:
        edit.notes.append(
            f"a generated 総合ルール page of 和訳 {m.group('label')}.{m.group('rev')}"
        )
    return edit


def refresh_page(
    text: str,
    source: str,
    quotes: StoreQuotes,
    citations: CitationMigrator | None = None,
    title: str | None = None,
    wikitext: bool = False,
) -> PageEdit:
    """The edit that brings one page up to the target release of ``quotes``.

    Args:
        text: the page's text as read (wikitext, rendered text …); for a page read from a
            wiki, the text its API returned (the wiki trims a trailing newline).
        source: its path or wiki title, for messages.
        quotes: the store's quote checker for the target release.
        citations: the migrator of citations outside quotes, or ``None`` to leave them.
        title: the page's wiki title (default: the title the page states, else ``source``).
        wikitext: the text is wikitext (read from a wiki), not sniffed.

    Returns:
        A :class:`PageEdit`: ``UNCHANGED`` (the new text is the old text, byte for byte),
        ``CHANGED`` (new text, summary, diff), ``HUMAN`` (reasons; no new text) or
        ``SKIPPED`` (not a wiki page).

    Raises:
        mtgcr.errors.DocumentError: ``text`` is empty or only white space.
    """
    doc = document_from_bytes(text.encode("utf-8"), source)
    kind, page, why = read_page(doc, wikitext)
    edit = PageEdit(source, title or (page.title if page else "") or source, kind, text, text)
    if kind == "wiki-cr":
        return _generated(doc, edit, quotes)
    if page is None:
        edit.status = EditStatus.HUMAN if kind else EditStatus.SKIPPED
        edit.reasons.append(why)
        if kind == "wiki-diff" and citations is not None:
            edit.line_edits = citations.diff_view_edits(doc)
        return edit
    lines = source_lines(text)
    found = find_quotes(page)
    blocks = []
    for block in found:
        b = _refresh_block(page, block, lines, quotes)
        if b is not None:
            blocks.append(b)
            edit.quotes.append(b.change)
            edit.reasons += b.human
    quote_lines = {
        n for block in found for n in range(block_lines(block)[0], block_lines(block)[1] + 1)
    }
    if citations is not None:
        for e in citations.page_edits(page, lines, quote_lines):
            lines[e.line - 1] = e.new
            edit.citation_moves += e.moves
    if edit.reasons:
        edit.status = EditStatus.HUMAN
        return edit
    for b in sorted(blocks, key=lambda b: -b.first):
        lines[b.first : b.last + 1] = b.lines
    edit.new_text = "".join(lines)
    if edit.new_text != text:
        edit.status = EditStatus.CHANGED
    for q in edit.quotes:
        edit.notes += q.notes
    return edit
