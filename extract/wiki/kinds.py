"""Registers the MTG Wiki page kinds and the JA CR text with :mod:`mtgcr.extract.kinds`.

Kinds (see each module for its format knowledge):

* ``"wiki-cr"`` — the wiki's generated 総合ルール pages (:mod:`mtgcr.extract.wiki.cr`);
* ``"wiki-diff"`` — a saved diff view; both revisions rebuilt (:mod:`mtgcr.extract.wiki.diff`);
* ``"wiki-html"`` — rendered HTML (:mod:`mtgcr.extract.wiki.html`);
* ``"wiki-rendered"`` — rendered text (:mod:`mtgcr.extract.wiki.rendered`);
* ``"wikitext"`` — raw wikitext (:mod:`mtgcr.extract.wiki.markup`);
* ``"cr-text"`` for a JA CR text: the generic parser plus the JA term pairs and card names.

Every page yields its quoted CR blocks as partial rulesets (origin ``"wiki"``; quotes of one
release merged; provenance ``page:line`` per number) and its facts (:mod:`mtgcr.extract.wiki.facts`).
"""

from __future__ import annotations

from mtgcr.corpus.document import Document

from mtgcr.extract.formats.cr_text import detect_profile
from mtgcr.extract.formats.ja_cr import parse_ja_cr
from mtgcr.extract.kinds import DocumentParser, ParseResult, UnknownKindError
from mtgcr.extract.wiki.cr import parse_wiki_cr, sniff_wiki_cr
from mtgcr.extract.wiki.diff import diff_pages, read_diff, sniff_diff
from mtgcr.extract.wiki.fact_records import WikiPageFact, WikiRevisionFact
from mtgcr.extract.wiki.facts import page_facts, ruleset_facts
from mtgcr.extract.wiki.html import read_html, sniff_html
from mtgcr.extract.wiki.markup import read_wikitext_doc, sniff_wikitext
from mtgcr.extract.wiki.page import WikiPage
from mtgcr.extract.model import Ruleset
from mtgcr.extract.wiki.quotes import Provenance, merge_partial, page_rulesets
from mtgcr.extract.wiki.rendered import read_rendered, sniff_rendered

__all__ = ["pages_result", "parse_wiki_document", "WIKI_PARSERS"]

#: The origin recorded for rulesets read from wiki pages.
ORIGIN = "wiki"


def pages_result(
    kind: str,
    pages: list[WikiPage],
    facts: list[tuple[str, dict]] | None = None,
    source_lines: dict[tuple[str, int], int] | None = None,
) -> ParseResult:
    """The :class:`ParseResult` of one document read as ``pages`` (one, or two diff columns).

    Quotes of one release across the pages merge into one partial ruleset; conflicts between
    them are warnings of that ruleset. ``source_lines``: of a diff view, see
    :func:`mtgcr.extract.wiki.facts.page_facts`.
    """
    merged: dict[tuple[str, str], tuple[Ruleset, Provenance]] = {}
    for page in pages:
        for rs, prov in page_rulesets(page):
            key = (rs.release.lang, rs.release.label)
            if key in merged:
                base, base_prov = merged[key]
                merged[key] = merge_partial(base, base_prov, rs, prov)
            else:
                merged[key] = (rs, prov)
    result = ParseResult(kind, [(rs, ORIGIN, prov) for rs, prov in merged.values()])
    for page in pages:
        result.facts += page_facts(page, source_lines)
        result.warnings += page.warnings
    result.facts += facts or []
    return result


def _rendered(doc: Document) -> ParseResult:
    return pages_result("wiki-rendered", [read_rendered(doc)])


def _html(doc: Document) -> ParseResult:
    try:
        page = read_html(doc)
    except ValueError as exc:  # lxml could not read it at all
        raise UnknownKindError(str(exc)) from None
    return pages_result("wiki-html", [page])


def _wikitext(doc: Document) -> ParseResult:
    return pages_result("wikitext", [read_wikitext_doc(doc)])


def _diff(doc: Document) -> ParseResult:
    view = read_diff(doc)
    revisions = [
        (
            WikiRevisionFact.KIND,
            WikiRevisionFact(
                doc.source, rev.column, rev.label, tuple(rev.lines), tuple(rev.gaps)
            ).as_json(),
        )
        for rev in (view.left, view.right)
    ]
    result = pages_result("wiki-diff", diff_pages(view), revisions, view.source_lines)
    result.warnings += view.warnings
    return result


def _wiki_cr(doc: Document) -> ParseResult:
    try:
        rs, prov = parse_wiki_cr(doc)
    except ValueError as exc:
        from mtgcr.extract.formats.cr_text import CRFormatError

        raise CRFormatError(str(exc)) from None
    result = ParseResult(
        "wiki-cr",
        [(rs, ORIGIN, prov)] if (rs.rules or rs.sections or rs.glossary or rs.introduction) else [],
    )
    page = WikiPageFact(doc.source, "wiki-cr", "総合ルール", "Comprehensive Rules")
    result.facts = [(WikiPageFact.KIND, page.as_json())] + ruleset_facts(rs, doc.source)
    return result


def _is_ja_cr(doc: Document) -> bool:
    prof = detect_profile(doc)
    return prof is not None and prof.lang == "ja"


def _ja_cr(doc: Document) -> ParseResult:
    rs = parse_ja_cr(doc)
    return ParseResult("cr-text", [(rs, "official", {})], ruleset_facts(rs, doc.source))


def parse_wiki_document(doc: Document) -> ParseResult | None:
    """Parse ``doc`` with the first wiki page kind that accepts it, or ``None``."""
    for p in WIKI_PARSERS:
        if p.sniff(doc):
            return p.parse(doc)
    return None


#: The wiki page parsers, most specific first.
WIKI_PARSERS = [
    DocumentParser("wiki-cr", sniff_wiki_cr, _wiki_cr),
    DocumentParser("wiki-diff", sniff_diff, _diff),
    DocumentParser("wiki-html", sniff_html, _html),
    DocumentParser("wiki-rendered", sniff_rendered, _rendered),
    DocumentParser("wikitext", sniff_wikitext, _wikitext),
]

#: The official JA CR text (before the generic CR text parser, which would also accept it).
JA_CR_PARSER = DocumentParser("cr-text-ja", _is_ja_cr, _ja_cr)
