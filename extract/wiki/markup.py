"""MTG Wiki pages as raw wikitext (an edit view's text box, an export, one diff column).

Format knowledge (MediaWiki markup as mtgwiki.com uses it; seed 004 and the wikitext excerpts
in ``corpus/mtgwiki/web_excerpts.json``): headings ``==ルール==`` (old pages put the title in a
level-1 heading ``=コピー/Copy=``), lists ``*``/``#`` (depth = number of marks), definition
lists ``;term`` / ``:description``, ``'''bold'''``, ``''italic''``, links ``[[target|label]]``,
templates ``{{Otheruses|…}}``, ``{{#card:Clone}}``, ``{{#cr:707}}``, anchors
``<span id="1"></span>``, comments ``<!-- … -->``, ``__NOTOC__``, rules ``----``.
The subject is stated in the lead as ``'''コピー'''/''Copy''``.

Visible text is what mwparserfromhell's ``strip_code`` leaves (links become their label,
templates and tags vanish); the markup of each line is kept in :attr:`PageLine.raw` so that
citations in templates and links are still found. Lines inside a template that spans several
lines are kept as kind ``"template"`` with no text (their markup is still searched for citations).
"""

from __future__ import annotations

import re

import mwparserfromhell

from mtgcr.corpus.document import Document

from mtgcr.extract.citations.wiki import template_spans
from mtgcr.extract.wiki.page import LineKind, PageKind, PageLine, WikiPage
from mtgcr.extract.kinds import DocumentParser, ParseResult
from mtgcr.extract.wiki.result import pages_result

__all__ = ["sniff_wikitext", "read_wikitext", "visible"]

_HEADING = re.compile(r"^(?P<eq>={1,6})\s*(?P<text>.*?)\s*(?P=eq)\s*$")
_LIST = re.compile(r"^(?P<marks>[*#:;]+)\s*(?P<text>.*)$")
#: Marks only wikitext has (Markdown and plain text have none of them): templates, wiki links,
#: bold, ``==headings==``, ``__NOTOC__``.
_MARKUP = re.compile(r"\{\{[^{}]*\}\}|\[\[[^\[\]]+\]\]|'''|^={1,6}[^=].*={1,6}\s*$|__NOTOC__", re.M)
_SUBJECT = re.compile(r"'''(?P<ja>[^']+)'''\s*(?:/|／)\s*''(?P<en>[^']+)''")


def sniff_wikitext(doc: Document) -> bool:
    """True if the text carries wikitext markup (at least three marks among templates, wiki
    links, bold and ``==headings==``) and does not start like HTML."""
    head = doc.text[:20000]
    if head.lstrip()[:1] == "<" and re.match(r"\s*<(?:!doctype|html|head|body)", head, re.I):
        return False
    return len(_MARKUP.findall(head)) >= 3


def visible(raw: str) -> str:
    """The visible text of one line of wikitext (``strip_code``; entities decoded)."""
    if not any(c in raw for c in "[{'<&_"):
        return raw
    try:
        return mwparserfromhell.parse(raw).strip_code(normalize=True, collapse=False).strip()
    except Exception:  # broken markup: keep the source text rather than lose the line
        return raw


def read_wikitext(
    lines: list[str],
    source: str,
    kind: PageKind = "wikitext",
    first_line: int = 1,
    column: str | None = None,
    column_label: str | None = None,
    numbers: list[int] | None = None,
) -> WikiPage:
    """Read wikitext lines into a :class:`WikiPage`.

    Args:
        lines: the page's wikitext, one string per line.
        source: the document path, for provenance.
        kind: the page kind recorded (``"wikitext"``, ``"wiki-diff"``).
        first_line: the source line number of ``lines[0]`` (1-based).
        column, column_label: the diff column this revision comes from, if any.
        numbers: explicit source line numbers of each line (diff columns have gaps), else
            ``first_line`` onwards.

    Returns:
        The page; its title comes from a level-1 heading (``=コピー/Copy=`` → ``コピー``) or the
        lead's ``'''コピー'''/''Copy''``, else ``""``.
    """
    page = WikiPage(source, kind, column=column, column_label=column_label)
    nums = numbers if numbers is not None else list(range(first_line, first_line + len(lines)))
    text = "\n".join(lines)
    starts, pos = [], 0
    for l in lines:
        starts.append(pos)
        pos += len(l) + 1
    multi = [(a, b) for a, b in template_spans(text) if "\n" in text[a:b]]
    for idx, raw in enumerate(lines):
        lineno = nums[idx]
        a = starts[idx]
        inside = any(s < a and a + len(raw) <= e for s, e in multi)
        stripped = raw.strip()
        if inside:  # a parameter line of a template spanning lines: markup only, no text
            page.lines.append(PageLine("", lineno, "template", 0, raw))
            continue
        if (
            not stripped
            or stripped in ("----", "__NOTOC__", "__TOC__")
            or re.fullmatch(r"-{4,}", stripped)
        ):
            continue
        m = _HEADING.match(stripped)
        if m:
            page.lines.append(
                PageLine(visible(m.group("text")), lineno, "heading", len(m.group("eq")), raw)
            )
            continue
        m = _LIST.match(stripped)
        if m:
            marks = m.group("marks")
            kind_: LineKind = "term" if marks[-1] == ";" else "desc" if marks[-1] == ":" else "item"
            body = m.group("text")
            if kind_ == "term" and ":" in body and not re.match(r"^\s*\d", body):
                term, desc = body.split(":", 1)  # ";term: description" on one line
                page.lines.append(PageLine(visible(term), lineno, "term", len(marks), raw))
                page.lines.append(PageLine(visible(desc), lineno, "desc", len(marks), raw))
                continue
            page.lines.append(PageLine(visible(body), lineno, kind_, len(marks), raw))
            continue
        page.lines.append(PageLine(visible(stripped), lineno, "para", 0, raw))
    page.title = _title(page)
    return page


def _title(page: WikiPage) -> str:
    for pl in page.lines:
        if pl.kind == "heading" and pl.depth == 1 and pl.text:
            return re.split(r"[/／]", pl.text, maxsplit=1)[0].strip()
    for pl in page.lines[:8]:
        m = _SUBJECT.search(pl.raw or "")
        if m:
            return visible(m.group("ja")).strip()
    return ""


def read_wikitext_doc(doc: Document) -> WikiPage:
    """Read a whole wikitext document (see :func:`read_wikitext`)."""
    return read_wikitext(doc.lines, doc.source)


__all__ += ["read_wikitext_doc"]


def _parse(doc: Document) -> ParseResult:
    return pages_result("wikitext", [read_wikitext_doc(doc)])


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("wikitext", sniff_wikitext, _parse)
