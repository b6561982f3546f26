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
from mtgcr.extract.formats import cr_markdown, cr_text, ja_cr, mtgru, term_list
from mtgcr.extract.formats.cr_shape import refusal
from mtgcr.extract.formats.cr_text import CRFormatError
from mtgcr.extract.kinds import DocumentParser, ParseResult, UnknownKindError
from mtgcr.extract.profiles import ENV, PROFILES, likely_language
from mtgcr.extract.wiki import cr as wiki_cr
from mtgcr.extract.wiki import diff as wiki_diff
from mtgcr.extract.wiki import html as wiki_html
from mtgcr.extract.wiki import markup as wiki_markup
from mtgcr.extract.wiki import rendered as wiki_rendered

__all__ = [
    "PARSERS",
    "WIKI_PARSERS",
    "parse_wiki_document",
    "parse_document",
    "parse_document_or_fragment",
    "UnknownKindError",
    "CRFormatError",
    "unknown_language_message",
]


#: Every document kind, in the order :func:`parse_document` tries them.
#: The MTG Wiki page kinds, most specific first (:func:`parse_wiki_document`).
WIKI_PARSERS: list[DocumentParser] = [
    wiki_cr.PARSER,  # wiki-cr: generated 総合ルール pages
    wiki_diff.PARSER,  # wiki-diff: a saved diff view, both revisions rebuilt
    wiki_html.PARSER,  # wiki-html: rendered HTML
    wiki_rendered.PARSER,  # wiki-rendered: rendered text
    wiki_markup.PARSER,  # wikitext: raw wikitext
]

PARSERS: list[DocumentParser] = [
    wiki_cr.PARSER,  # wiki-cr: generated 総合ルール pages (CR-shaped, so first)
    ja_cr.PARSER,  # cr-text-ja: the official JA text
    cr_text.PARSER,  # cr-text
    *WIKI_PARSERS[1:],  # wiki-diff, wiki-html, wiki-rendered, wikitext
    cr_markdown.PARSER,  # cr-markdown: the ZH bilingual Markdown edition
    mtgru.PARSER,  # mtgru: mtg.ru pages (text or windows-1251 HTML)
    term_list.PARSER,  # term-list: provisional translated terms
]

_HTML = re.compile(r"^\s*(?:<!doctype html|<html|<head|<body)", re.I)
#: A numbered rule line of the CR text format in any language ("702.10a Text", "100.1. Text").
_RULE_LINE = re.compile(r"^\s*[1-9]\d{2}\.\d{1,3}[a-z]{0,2}\.?[ \t\u3000]+\S")
#: A section heading line in any language ("702. Keyword Abilities").
_SECTION_LINE = re.compile(r"^\s*[1-9]\d{2}\.[ \t\u3000]+[^\d\s]")
#: Rule lines that, with a section heading, make a file CR-shaped.
_CR_SHAPED = 3


def unknown_language_message(doc: Document) -> str | None:
    """For a CR-shaped text (a section heading and numbered rule lines) that no language
    profile fits: one line
    naming the file, the likely language (by script, and for Latin script by frequent words:
    :func:`mtgcr.extract.profiles.likely_language`) and how to add a profile. ``None`` for a
    text that is not CR-shaped, is HTML, or is likely in a language that has a profile (then
    what its title or date lacks is the problem, said by the caller)."""
    if _HTML.match(doc.text[:2000]):
        return None
    rules, sections = 0, 0
    for line in doc.lines:
        if _RULE_LINE.match(line):
            rules += 1
        elif _SECTION_LINE.match(line):
            sections += 1
        if rules >= _CR_SHAPED and sections:
            break
    else:
        return None
    guess = likely_language(doc.text)
    if guess.code in PROFILES:
        return None
    if guess.code is None and any(p.script == guess.script for p in PROFILES.values()):
        return None  # "a Cyrillic-script language" with a Cyrillic profile: its title or date is the problem
    code = guess.code or "xx"
    return (
        f"{doc.source}: looks like a Comprehensive Rules text in {guess.name} "
        f"({guess.script} script), a language with no profile (profiles: "
        f"{', '.join(PROFILES)}); to read it, write {code}.toml (start from a copy of "
        f"{PROFILES['en'].source}, see README 'Adding a language') in a folder and pass "
        f"--profiles DIR or set ${ENV}"
    )


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
    unknown = unknown_language_message(doc)
    if unknown:
        raise UnknownKindError(unknown)
    if _HTML.match(doc.text[:2000]):
        raise UnknownKindError(
            f"{doc.source}: an HTML page of no supported kind, not a CR text "
            f"(save the rules as text, or ingest an MTG Wiki page)"
        )
    raise UnknownKindError(
        f"{doc.source}: not a recognised document kind ({refusal(doc)}); first line: {first!r}"
    )


def parse_document_or_fragment(doc: Document) -> ParseResult:
    """:func:`parse_document`, else — when no registered kind accepts ``doc`` — a pasted
    fragment of rule lines (:mod:`mtgcr.extract.formats.fragment`, kind ``"fragment"``). Used
    where a document is only compared, never stored (``mtgcr identify``): ingest does not
    store fragments.

    Raises:
        UnknownKindError: neither a registered kind nor a fragment (the registry's message).
        CRFormatError: it looked like a CR text but is defective.
    """
    from mtgcr.extract.formats.fragment import looks_like_fragment, parse_fragment

    try:
        return parse_document(doc)
    except UnknownKindError:
        if looks_like_fragment(doc):
            return parse_fragment(doc)
        raise


def parse_wiki_document(doc: Document) -> ParseResult | None:
    """Parse ``doc`` with the first MTG Wiki page kind (:data:`WIKI_PARSERS`) that accepts it,
    or ``None`` when none does."""
    for p in WIKI_PARSERS:
        if p.sniff(doc):
            return p.parse(doc)
    return None
