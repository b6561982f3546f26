"""MTG Wiki pages saved as rendered text (what a browser shows, copied as text).

Format knowledge (seeds 000, 001, 003): the first line is the page title (a quote block
copied alone starts with its header ``引用：総合ルール 20231117.0`` and has none); a line
``提供：MTG Wiki`` follows; section headings are short lines of their own, older skins prefix
them with ``[編集]`` (``[編集] 解説``); bulleted items start with ``•`` indented two spaces per
level; numbered items ``1. 土地をプレイする。``; a quoted CR block starts with
``引用：総合ルール 20231117.0`` and is a bulleted tree (see :mod:`mtgcr.extract.wiki.quotes`).
"""

from __future__ import annotations

import re

from mtgcr.corpus.document import Document

from mtgcr.extract.wiki.page import PageLine, WikiPage, quote_header
from mtgcr.extract.kinds import DocumentParser, ParseResult
from mtgcr.extract.wiki.result import pages_result

__all__ = ["sniff_rendered", "read_rendered"]

_SITE = re.compile(r"^\s*(?:提供\s*[：:]\s*MTG\s*Wiki|From MTG Wiki)\s*$", re.I)
_BULLET = re.compile(r"^(?P<indent>[ \t\u3000]*)(?P<mark>[•◦▪‣*])[ \t\u3000]+(?P<text>.*)$")
_NUMBERED = re.compile(r"^(?P<indent>[ \t\u3000]*)(?P<n>\d{1,2})[.．][ \t\u3000]+(?P<text>\S.*)$")
_EDIT = re.compile(r"^\s*\[\s*編集\s*\]\s*(?P<text>\S.*)$")


def sniff_rendered(doc: Document) -> bool:
    """True for a rendered-text MTG Wiki page: ``提供：MTG Wiki`` among the first five
    non-empty lines, or a bare quote block copied from one (the first line a quote header
    ``引用：総合ルール 20231117.0``, no page title), and no HTML markup at the start."""
    head = [l for l in doc.lines[:40] if l.strip()][:5]
    if not head or head[0].lstrip().startswith("<"):
        return False
    return any(_SITE.match(l) for l in head) or quote_header(head[0]) is not None


def read_rendered(doc: Document) -> WikiPage:
    """Read a rendered-text page into a :class:`WikiPage` (kind ``"wiki-rendered"``).

    Headings are ``[編集]`` lines and short lines (at most 20 characters, no sentence
    punctuation) standing between blank lines; everything else that is not a list item is a
    paragraph.
    """
    lines = doc.lines
    page = WikiPage(doc.source, "wiki-rendered")
    first = next((i for i, l in enumerate(lines) if l.strip()), None)
    if first is None:
        return page
    bare = quote_header(lines[first]) is not None  # a quote block without its page
    page.title = "" if bare else lines[first].strip()
    for i in range(first if bare else first + 1, len(lines)):
        raw = lines[i].rstrip()
        if not raw.strip() or _SITE.match(raw):
            continue
        lineno = i + 1
        m = _BULLET.match(raw)
        if m:
            depth = len(m.group("indent").expandtabs(2)) // 2 + 1
            page.lines.append(PageLine(m.group("text").strip(), lineno, "item", depth))
            continue
        m = _NUMBERED.match(raw)
        if m:
            depth = len(m.group("indent").expandtabs(2)) // 2 + 1
            page.lines.append(PageLine(m.group("text").strip(), lineno, "item", depth))
            continue
        m = _EDIT.match(raw)
        if m:
            page.lines.append(PageLine(m.group("text").strip(), lineno, "heading", 2))
            continue
        text = raw.strip()
        before = lines[i - 1].strip() if i else ""
        after = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if (
            len(text) <= 20
            and not before
            and not after
            and not re.search(r"[。、．，.!?！？：:]", text)
            and quote_header(text) is None
        ):
            page.lines.append(PageLine(text, lineno, "heading", 2))
        else:
            page.lines.append(PageLine(text, lineno, "para"))
    return page


def _parse(doc: Document) -> ParseResult:
    return pages_result("wiki-rendered", [read_rendered(doc)])


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("wiki-rendered", sniff_rendered, _parse)
