"""The page model every MTG Wiki page kind is read into: :class:`WikiPage` of :class:`PageLine`.

Rendered text, rendered HTML, raw wikitext and each column of a diff view all become the same
list of block-level lines (paragraphs, headings, list items with their depth, definition-list
terms and descriptions), each with its 1-based source line and, for wikitext, its markup. The
quote blocks, citations and term pairs are then found the same way on every kind
(:mod:`mtgcr.extract.wiki.quotes`, :mod:`mtgcr.extract.wiki.facts`).

Format knowledge (mtgwiki.com, checked on the seeds and the excerpts in
``corpus/mtgwiki/web_excerpts.json``): a quoted CR block starts with a line
``引用：総合ルール 20231117.0`` (rendered; the ``.0`` is the translation's revision) or a heading
``==引用:総合ルール 20240308.0==`` (wikitext), followed by a nested list: chapter
``7 その他のルール`` • section ``712 両面カード`` • rule ``712.1 …`` • subrule ``712.2a …``, or
by a definition list ``;719. Case Cards`` / ``:…``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from mtgcr.extract.model import ParseWarning, WarningKind
from mtgcr.extract.provenance import Place

__all__ = ["PageLine", "LineKind", "PageKind", "WikiPage", "QUOTE_HEADER", "quote_header"]

#: ``引用：総合ルール 20231117.0`` / ``引用:総合ルール 20240308.0`` (revision optional).
QUOTE_HEADER = re.compile(
    r"引用\s*[：:]\s*(?:\[\[)?総合ルール(?:\]\])?\s*(?P<label>\d{8})(?:\s*[.．]\s*(?P<rev>\d+))?"
)


def quote_header(text: str) -> tuple[str, str | None] | None:
    """``(label, revision)`` if ``text`` is a quote header line, else ``None``.

    ``"引用：総合ルール 20231117.0"`` → ``("20231117", "0")``; full-width digits are accepted.
    """
    m = QUOTE_HEADER.search(unicodedata.normalize("NFKC", text))
    return (m.group("label"), m.group("rev")) if m else None


#: What a page line is (:attr:`PageLine.kind`).
LineKind = Literal["para", "heading", "item", "term", "desc", "template"]
#: The kind of page a :class:`WikiPage` was read from (:attr:`WikiPage.kind`).
PageKind = Literal["wiki-rendered", "wiki-html", "wikitext", "wiki-diff"]


@dataclass
class PageLine:
    """One block-level line of a page.

    Attributes:
        text: the visible text (markup rendered away), original characters kept.
        line: the 1-based source line (for HTML: the line of the element's start tag).
        kind: ``"para"``, ``"heading"``, ``"item"`` (bulleted or numbered list item),
            ``"term"`` (definition-list ``;``/``<dt>``), ``"desc"`` (``:``/``<dd>``) or
            ``"template"`` (a parameter line of a wikitext template spanning lines: no text).
        depth: list nesting (1 = top level) for items, terms and descriptions; the heading
            level (1–6) for headings; 0 for paragraphs.
        raw: the line's wikitext for wikitext pages and diff columns, else ``None``.
        links: link targets on the line (HTML ``<a title>``), for card pairs.
    """

    text: str
    line: int
    kind: LineKind = "para"
    depth: int = 0
    raw: str | None = None
    links: list[str] = field(default_factory=list)


@dataclass
class WikiPage:
    """One page (or one revision of a page in a diff view).

    Attributes:
        source: the document's path or URL.
        kind: ``"wiki-rendered"``, ``"wiki-html"``, ``"wikitext"`` or ``"wiki-diff"``.
        title: the page title as shown (Japanese), ``""`` if the page does not say.
        lines: the block-level lines in document order.
        column: for a diff view, ``"left"`` or ``"right"``; else ``None``.
        column_label: the diff column's heading as shown (``"最新版"``, ``"編集中の文章"``).
        warnings: defects found while reading the page.
    """

    source: str
    kind: PageKind
    title: str = ""
    lines: list[PageLine] = field(default_factory=list)
    column: str | None = None
    column_label: str | None = None
    warnings: list[ParseWarning] = field(default_factory=list)

    def place(self, line: int) -> Place:
        """The :class:`~mtgcr.extract.provenance.Place` of a 1-based source line (in a diff
        view: of the line in that column's revision)."""
        return Place(self.source, line, self.column or None, self.column_label or None)

    def warn(self, line: int, message: str, kind: WarningKind = WarningKind.MARKUP) -> None:
        """Record a defect at a 1-based source line."""
        src = self.source if not self.column else f"{self.source}[{self.column}]"
        self.warnings.append(ParseWarning(src, line, message, kind))
