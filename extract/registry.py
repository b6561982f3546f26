"""The parser registry: every document kind mtgcr reads, in the order they are tried.

:data:`PARSERS` is the one ordered list; :func:`parse_document` gives a document to the first
parser whose ``sniff`` accepts it. The order matters where two kinds could accept one file:
a generated MTG Wiki 総合ルール page is also CR-shaped text, and the JA CR text would also pass
the generic CR text sniff, so both come before ``cr-text``. To add a document kind, write its
module (a ``sniff`` and a ``parse`` returning :class:`~mtgcr.extract.kinds.ParseResult`) and
add its :class:`~mtgcr.extract.kinds.DocumentParser` here.
"""
from __future__ import annotations

import re

from mtgcr.corpus.document import Document
from mtgcr.extract.formats import cr_markdown, mtgru, term_list
from mtgcr.extract.formats.cr_shape import refusal
from mtgcr.extract.formats.cr_text import CRFormatError, detect_profile, parse_cr_text
from mtgcr.extract.kinds import DocumentParser, ParseResult, UnknownKindError
from mtgcr.extract.wiki.kinds import JA_CR_PARSER, WIKI_PARSERS

__all__ = ["PARSERS", "parse_document", "UnknownKindError", "CRFormatError"]


def _parse_cr(doc: Document) -> ParseResult:
    rs = parse_cr_text(doc)
    return ParseResult("cr-text", [(rs, "official", {})])


#: The generic CR text parser (EN, ZH, RU and any language with a profile).
CR_TEXT_PARSER = DocumentParser("cr-text", lambda d: detect_profile(d) is not None, _parse_cr)

#: Every document kind, in the order :func:`parse_document` tries them.
PARSERS: list[DocumentParser] = [
    WIKI_PARSERS[0],          # wiki-cr: generated 総合ルール pages (CR-shaped, so first)
    JA_CR_PARSER,             # cr-text-ja: the official JA text
    CR_TEXT_PARSER,           # cr-text
    *WIKI_PARSERS[1:],        # wiki-diff, wiki-html, wiki-rendered, wikitext
    cr_markdown.PARSER,       # cr-markdown: the ZH bilingual Markdown edition
    mtgru.PARSER,             # mtgru: mtg.ru pages (text or windows-1251 HTML)
    term_list.PARSER,         # term-list: provisional translated terms
]

_HTML = re.compile(r"^\s*(?:<!doctype html|<html|<head|<body)", re.I)


def parse_document(doc: Document) -> ParseResult:
    """Parse a document with the first parser in :data:`PARSERS` whose ``sniff`` accepts it.

    Args:
        doc: a decoded document (:func:`mtgcr.corpus.document.load_document`).

    Returns:
        The parser's :class:`~mtgcr.extract.kinds.ParseResult`.

    Raises:
        UnknownKindError: no parser accepts it (the message says what the file looks like).
        CRFormatError: it looked like a CR text but is defective (e.g. truncated).
    """
    for parser in PARSERS:
        if parser.sniff(doc):
            return parser.parse(doc)
    first = next((l.strip() for l in doc.lines if l.strip()), "")[:60]
    if _HTML.match(doc.text[:2000]):
        raise UnknownKindError(f"{doc.source}: an HTML page of no supported kind, not a CR text "
                               f"(save the rules as text, or ingest an MTG Wiki page)")
    raise UnknownKindError(f"{doc.source}: not a recognised document kind ({refusal(doc)}); "
                           f"first line: {first!r}")
