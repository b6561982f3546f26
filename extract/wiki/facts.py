"""Facts found on MTG Wiki pages and in JA rulesets: citations, term pairs, card names, pages.

Every fact is a ``(kind, dict)`` pair for :attr:`mtgcr.extract.kinds.ParseResult.facts` (stored in the
``facts`` table, read back with :meth:`mtgcr.corpus.store.Store.facts`); the dict is the JSON of a
record of :mod:`mtgcr.extract.wiki.fact_records`, and
:func:`~mtgcr.extract.wiki.fact_records.fact_from_json` gives the record back. Kinds and their keys:

* ``"wiki-page"``: :class:`~mtgcr.extract.wiki.fact_records.WikiPageFact` (``page`` — the
  document —, ``kind``, ``title``, ``title_en``, ``column`` / ``column_label`` (diff views),
  ``quotes`` (``[{label, revision, lang, line, rules, sections}]``));
* ``"wiki-revision"`` (diff views): ``page``, ``column``, ``label``, ``lines`` (``[[n, text]]``:
  the rebuilt wikitext with each line's number in that revision), ``gaps``;
* ``"citation"``: :class:`~mtgcr.extract.wiki.fact_records.CitationFact`, that is
  :meth:`mtgcr.extract.citations.wiki.Citation.as_json` plus ``page``, ``column``,
  ``column_label``, ``page_title``, ``page_title_en``, ``in_quote``, ``quote_label`` /
  ``quote_revision`` (the release the page quotes, ``None`` if none); for diff columns also
  ``source_line``, the line of the diff view file the revision's line was read from (set by
  :mod:`mtgcr.extract.wiki.result`). A citation stores its span (``start``, ``end``), never
  the line it is on: that is one ``"wiki-line"`` fact per line, however many citations it has
  (a line repeating a number 400,000 times is stored once, not 400,000 times);
* ``"wiki-line"``: :class:`~mtgcr.extract.wiki.fact_records.WikiLineFact` (``page``,
  ``column``, ``line``, ``text``) — a line that holds citations, as
  their offsets count in it (its wikitext for wikitext pages and diff columns, its visible
  text for rendered text and HTML); read back with :func:`line_texts`;
* ``"term-pair"`` / ``"card-pair"``: :meth:`mtgcr.extract.terms.TermPair.as_json` plus ``page``,
  ``column``, ``in_quote`` (for rulesets: ``rule``, the rule number it was found in);
* ``"card"``: :meth:`mtgcr.extract.terms.CardMention.as_json` plus ``page``, ``column`` (and ``rule``);
* ``"quote-paragraph"``: a quoted paragraph with no rule number (``page``, ``line``,
  ``label``, ``section``, ``text``).

Line numbers are 1-based lines of the source document (of the revision, for diff columns).
"""

from __future__ import annotations

from mtgcr.extract.citations.wiki import find_citations
from mtgcr.extract.model import Ruleset
from mtgcr.extract.card_names import CardNames, card_names_in_use, card_pairs
from mtgcr.extract.terms import (
    bold_pairs,
    bracket_card_pairs,
    card_mentions,
    glossary_pairs,
    heading_pair,
    inline_pairs,
    link_pairs,
    prose_pairs,
    reading_pairs,
    rule_title_pairs,
    title_pair,
)
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.wiki.fact_records import (
    CardFact,
    CitationFact,
    FactPlace,
    PairFact,
    QuoteParagraphFact,
    QuoteSummary,
    WikiLineFact,
    WikiPageFact,
)
from mtgcr.extract.wiki.page import WikiPage
from mtgcr.extract.wiki.quotes import QuoteBlock, find_quotes, quote_ruleset

__all__ = ["page_facts", "ruleset_facts", "page_subject", "line_texts"]


def line_texts(facts, column: str | None = None) -> dict[int, str]:
    """``{line: text}`` of the ``"wiki-line"`` facts (:class:`WikiLineFact`) of one page
    column (``None``: a page that is not a diff view) among ``facts`` (``(kind, dict)``
    pairs, as :func:`page_facts` returns them): the lines the citations' offsets count in."""
    return {
        d["line"]: d["text"]
        for k, d in facts
        if k == WikiLineFact.KIND and d.get("column") == column
    }


def page_subject(page: WikiPage):
    """The page's subject pair (:class:`mtgcr.extract.terms.TermPair`): from the lead
    (``source="title"``), else from a title that is itself a pair (``絆魂/Lifelink``,
    ``source="page-title"``), else ``None``."""
    return title_pair(page.title, [(pl.line, pl.text) for pl in page.lines]) or heading_pair(
        page.title or "", 0, "page-title"
    )


def page_facts(
    page: WikiPage,
    source_lines: dict[tuple[str, int], int] | None = None,
    card_names: CardNames | None = None,
) -> list[tuple[str, dict]]:
    """Every fact of one page (or one diff column), in page order.

    Citations inside a quote block are marked ``in_quote`` (they belong to the quoted rule
    text, as of the quote's release); card pairs come from link targets where the page has
    them (wikitext, HTML) and from running text otherwise (rendered text). The ``wiki-page``
    and ``citation`` facts are the JSON of :class:`~mtgcr.extract.wiki.fact_records.WikiPageFact`
    and :class:`~mtgcr.extract.wiki.fact_records.CitationFact`.

    Args:
        page: the page or diff column.
        source_lines: for a diff column, ``{(column, revision line): line of the diff file}``
            (:attr:`mtgcr.extract.wiki.diff.DiffView.source_lines`); gives each citation its
            ``source_line``.
        card_names: a card-name table for ``《》`` names (default: ``$MTGCR_CARD_NAMES``,
            :mod:`mtgcr.extract.card_names`).

    Term pairs come in every shape editors write them, on any line (paragraph, list item,
    table cell, heading): the page's subject, 「…／…」, a reading before the slash
    (``果敢（かかん）／Prowess``), wikitext bold and italics (``'\'\'絆魂'\'\'(はんこん)/''Lifelink''``);
    card pairs in ``《…/…》``, links, prose (split cards ``火／氷/Fire // Ice``) and ``《》``
    names the card-name table knows.
    """
    table = card_names if card_names is not None else card_names_in_use()
    blocks = find_quotes(page)
    quote_of: dict[int, QuoteBlock] = {}
    for b in blocks:
        quote_of[b.line] = b
        for e in b.entries:
            quote_of[e.line] = b
    subject = page_subject(page)
    facts: list[tuple[str, dict]] = []
    quotes = []
    for b in blocks:
        rs, _, _ = quote_ruleset(page, b)
        quotes.append(
            QuoteSummary(
                b.label,
                b.revision,
                rs.release.lang,
                b.line,
                len(rs.rules),
                tuple(str(s) for s in rs.sections),
            )
        )
        for line, section, text in b.unplaced:
            para = QuoteParagraphFact(
                page.source, page.column, page.column_label, line, b.label, section, text
            )
            facts.append((QuoteParagraphFact.KIND, para.as_json()))
    page_fact = WikiPageFact(
        page.source,
        page.kind,
        page.title,
        subject.en if subject else None,
        page.column,
        page.column_label,
        tuple(quotes),
    )
    facts.insert(0, (WikiPageFact.KIND, page_fact.as_json()))
    if subject:
        place = FactPlace(page.source, page.column, page.column_label, False)
        facts.append(("term-pair", PairFact("term-pair", subject, place).as_json()))
    for pl in page.lines:
        block = quote_of.get(pl.line)
        in_quote = block is not None and pl.line != block.line
        ctx = FactPlace(page.source, page.column, page.column_label, in_quote)
        raw = pl.raw
        markup = raw is not None
        line_text = raw if raw is not None else pl.text
        src_line = (source_lines or {}).get((page.column, pl.line)) if page.column else None
        cites = find_citations(line_text, markup=markup, line=pl.line)
        if cites:
            facts.append(
                (
                    WikiLineFact.KIND,
                    WikiLineFact(page.source, page.column, pl.line, line_text).as_json(),
                )
            )
        for c in cites:
            fact = CitationFact(
                c,
                page.source,
                page.column,
                page.column_label,
                page.title,
                subject.en if subject else None,
                in_quote,
                line_text,
                block.label if block else None,
                block.revision if block else None,
                src_line,
            )
            facts.append((CitationFact.KIND, fact.as_json()))
        inline = inline_pairs(pl.text, pl.line)
        for p in inline:
            facts.append(("term-pair", PairFact("term-pair", p, ctx).as_json()))
        seen = {p.key for p in inline} | ({subject.key} if subject else set())
        terms = []
        if pl.kind == "heading":
            hp = heading_pair(pl.text, pl.line)
            terms += [hp] if hp is not None else []
        terms += reading_pairs(pl.text, pl.line)
        if raw is not None:
            terms += bold_pairs(raw, pl.line)
        for p in terms:  # (the subject's own pair, and one pair found twice, once)
            if p.key not in seen:
                seen.add(p.key)
                facts.append(("term-pair", PairFact("term-pair", p, ctx).as_json()))
        brackets = bracket_card_pairs(pl.text, pl.line)
        facts += [("card-pair", PairFact("card-pair", p, ctx).as_json()) for p in brackets]
        if raw is not None:
            cards = link_pairs(raw, pl.line)
        elif pl.links:
            cards = link_pairs("".join(f"[[{t}]]" for t in pl.links), pl.line)
        elif not in_quote:
            skip = [(subject.start, subject.end)] if subject and subject.line == pl.line else []
            skip += [(p.start, p.end) for p in brackets]
            cards = [
                p
                for p in prose_pairs(pl.text, pl.line, skip)
                if not (subject and p.ja == subject.ja)
            ]
        else:
            cards = []
        facts += [("card-pair", PairFact("card-pair", p, ctx).as_json()) for p in cards]
        mentions = card_mentions(line_text, pl.line)
        facts += [(CardFact.KIND, CardFact(m, ctx).as_json()) for m in mentions]
        facts += [
            ("card-pair", PairFact("card-pair", p, ctx).as_json())
            for p in card_pairs(mentions, table)
        ]
    return facts


def ruleset_facts(
    rs: Ruleset, page: str | None = None, card_names: CardNames | None = None
) -> list[tuple[str, dict]]:
    """Term pairs and card names of a JA ruleset (the official text or the wiki's pages).

    Args:
        rs: the ruleset.
        page: the document to name (default the ruleset's source).
        card_names: as :func:`page_facts`.

    Returns:
        ``term-pair`` facts from the glossary (one per entry with an English original), from
        keyword rule titles (``起動する／Activate``) and from 「…／…」 in rule texts and
        examples (an inflected keyword action, 「変身させる／transform」, with the ``term`` it
        is a form of), ``card`` facts for ``《》`` names and ``card-pair`` facts for those
        the card-name table knows; each with ``page`` and ``rule``.
    """
    doc = page or rs.source
    table = card_names if card_names is not None else card_names_in_use()

    def at(rule: RuleNumber | None) -> FactPlace:
        return FactPlace(doc, rule=str(rule) if rule is not None else None)

    facts = [
        ("term-pair", PairFact("term-pair", p, at(None)).as_json())
        for p in glossary_pairs(rs.glossary)
    ]
    facts += [
        ("term-pair", PairFact("term-pair", p, at(n)).as_json())
        for n, p in ((r.number, p) for r in rs.rules.values() for p in rule_title_pairs([r]))
    ]
    for r in rs.rules.values():
        for text, line in [(r.text, r.line)] + [(e.text, e.line) for e in r.examples]:
            facts += [
                ("term-pair", PairFact("term-pair", p, at(r.number)).as_json())
                for p in inline_pairs(text, line, source="cr-inline")
            ]
            mentions = card_mentions(text, line)
            facts += [(CardFact.KIND, CardFact(m, at(r.number)).as_json()) for m in mentions]
            facts += [
                ("card-pair", PairFact("card-pair", p, at(r.number)).as_json())
                for p in card_pairs(mentions, table)
            ]
    return facts
