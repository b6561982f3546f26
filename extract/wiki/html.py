"""MTG Wiki pages saved as rendered HTML (MediaWiki's page view).

Format knowledge (MediaWiki 1.2x–1.4x skins as mtgwiki.com serves them): the title in
``<h1 id="firstHeading">`` (else ``<title>`` minus `` - MTG Wiki``), ``<div id="siteSub">提供：MTG
Wiki</div>``, the content in ``<div id="mw-content-text">`` (inside it, newer versions add
``<div class="mw-parser-output">``); headings ``<h2>`` … with ``<span class="mw-headline">`` and
an edit link ``<span class="editsection">[編集]</span>`` / ``mw-editsection`` to leave out;
paragraphs ``<p>``; nested lists ``<ul>``/``<ol>`` of ``<li>``; definition lists ``<dl>``
(``<dt>``/``<dd>``); the table of contents ``#toc``, ``.printfooter`` and ``#catlinks`` are
not content. A quoted CR block renders as a paragraph ``引用：総合ルール 20231117.0`` followed
by nested ``<ul>`` (chapter › section › rule › subrule). Card links carry the card page title
``<a title="精神隷属器/Mindslaver">``.

Parsed with lxml (its elements know their source line: :attr:`PageLine.line` is the line of the
element's start tag). Text inside ``<br>``-separated parts of one paragraph stays one line.
"""

from __future__ import annotations

import re

import lxml.html

from mtgcr.corpus.document import Document

from mtgcr.extract.wiki.page import LineKind, PageLine, WikiPage
from mtgcr.extract.kinds import DocumentParser, ParseResult, UnknownKindError
from mtgcr.extract.wiki.result import pages_result

__all__ = ["sniff_html", "read_html"]

_SKIP_IDS = {"toc", "catlinks", "siteSub", "contentSub", "jump-to-nav", "mw-navigation", "footer"}
_SKIP_CLASSES = {
    "mw-editsection",
    "editsection",
    "printfooter",
    "toc",
    "catlinks",
    "noprint",
    "mw-jump-link",
    "navbox",
}


def sniff_html(doc: Document) -> bool:
    """True for a MediaWiki page view: HTML with ``mw-content-text`` / ``mw-parser-output`` or a
    MediaWiki generator tag; or HTML copied from one without its page around it — list items
    or paragraphs whose text starts with a rule number (``<li>712.1 …``, also with
    ``<ruby>`` readings) or a quote header (``引用：総合ルール 20231117.0``)."""
    head = doc.text[:200000]
    if re.match(r"\s*(?:<!doctype html|<html|<head|<body|<div)", head, re.I) and re.search(
        r'id="mw-content-text"|class="mw-parser-output|content="MediaWiki', head
    ):
        return True
    return bool(_FRAGMENT_START.match(head)) and bool(_FRAGMENT_CR.search(head))


#: HTML copied without its page: it starts with a block or list tag …
_FRAGMENT_START = re.compile(r"\s*<(?:ul|ol|li|dl|dt|dd|p|div|h[1-6])[\s>]", re.I)
#: … and holds a list item or paragraph starting with a rule number, or a quote header.
_FRAGMENT_CR = re.compile(
    r"<(?:li|dt|dd|p)[^>]*>\s*(?:<[^>]+>\s*)*[1-9]\d{2}\.\d|引用\s*[：:]\s*総合ルール", re.I
)


def _skipped(el) -> bool:
    """Comments, scripts, edit links, the table of contents and other page furniture."""
    if not isinstance(el.tag, str) or el.tag in ("script", "style", "noscript", "rt", "rp"):
        return True  # (rt, rp: a <ruby> reading and its brackets, not the text)
    if el.get("id") in _SKIP_IDS:
        return True
    return bool(set((el.get("class") or "").split()) & _SKIP_CLASSES)


def _text(el, stop=("ul", "ol", "dl")) -> tuple[str, list[str]]:
    """Visible text of ``el`` without nested lists (and without skipped parts), and the
    ``title`` attributes of its links."""
    parts: list[str] = []
    links: list[str] = []

    def walk(node, top=False):
        if not top:
            if not isinstance(node.tag, str):
                parts.append(node.tail or "")
                return
            if _skipped(node) or node.tag in stop:
                parts.append(node.tail or "")
                return
            if node.tag == "br":
                parts.append(" ")
            if node.tag == "a" and node.get("title"):
                links.append(node.get("title"))
        parts.append(node.text or "")
        for child in node:
            walk(child)
        if not top:
            parts.append(node.tail or "")

    walk(el, top=True)
    return re.sub(r"[ \t\r\n]+", " ", "".join(parts)).strip(), links


def read_html(doc: Document) -> WikiPage:
    """Read a rendered HTML page into a :class:`WikiPage` (kind ``"wiki-html"``).

    Raises:
        ValueError: the HTML cannot be parsed at all (the message names the file).
    """
    try:
        root = lxml.html.document_fromstring(doc.text)
    except (lxml.etree.ParserError, ValueError) as exc:
        raise ValueError(f"{doc.source}: not readable as HTML ({exc})") from None
    page = WikiPage(doc.source, "wiki-html")
    h1 = root.xpath('//h1[@id="firstHeading"]')
    if h1:
        page.title = _text(h1[0])[0]
    else:
        t = root.findtext(".//title") or ""
        page.title = re.sub(r"\s*[-–—]\s*MTG Wiki\s*$", "", t).strip()
    content = (
        root.xpath('//*[@id="mw-content-text"]')
        or root.xpath('//*[contains(@class,"mw-parser-output")]')
        or root.xpath("//body")
        or [root]
    )[0]
    _blocks(content, page, 0)
    return page


def _blocks(el, page: WikiPage, depth: int) -> None:
    if el.text and el.text.strip():
        page.lines.append(
            PageLine(re.sub(r"\s+", " ", el.text).strip(), el.sourceline or 0, "para")
        )
    for child in el:
        if not isinstance(child.tag, str) or _skipped(child):
            if child.tail and child.tail.strip():
                page.lines.append(PageLine(child.tail.strip(), el.sourceline or 0, "para"))
            continue
        tag = child.tag
        line = child.sourceline or 0
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            text, links = _text(child)
            if text:
                page.lines.append(PageLine(text, line, "heading", int(tag[1]), links=links))
        elif tag in ("p", "pre", "blockquote", "center"):
            text, links = _text(child)
            if text:
                page.lines.append(PageLine(text, line, "para", 0, links=links))
            for sub in child.iter("ul", "ol", "dl"):
                _list(sub, page, depth + 1)
        elif tag in ("ul", "ol"):
            _list(child, page, depth + 1)
        elif tag == "dl":
            _list(child, page, depth + 1)
        elif tag in ("div", "section", "table", "tbody", "tr", "td", "th", "span"):
            _blocks(child, page, depth)
        else:
            text, links = _text(child)
            if text:
                page.lines.append(PageLine(text, line, "para", 0, links=links))
        if child.tail and child.tail.strip():
            page.lines.append(PageLine(child.tail.strip(), line, "para", 0))


_LIST_KINDS: dict[str, LineKind] = {"li": "item", "dt": "term", "dd": "desc"}


def _list(el, page: WikiPage, depth: int) -> None:
    for child in el:
        if not isinstance(child.tag, str) or _skipped(child):
            continue
        kind = _LIST_KINDS.get(child.tag)
        if kind is None:
            continue
        text, links = _text(child)
        if text:
            page.lines.append(PageLine(text, child.sourceline or 0, kind, depth, links=links))
        for sub in child:
            if isinstance(sub.tag, str) and sub.tag in ("ul", "ol", "dl") and not _skipped(sub):
                _list(sub, page, depth + 1)


def _parse(doc: Document) -> ParseResult:
    try:
        page = read_html(doc)
    except ValueError as exc:  # lxml could not read it at all
        raise UnknownKindError(str(exc)) from None
    return pages_result("wiki-html", [page])


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("wiki-html", sniff_html, _parse)
