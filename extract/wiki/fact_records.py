"""The facts of a wiki page as records with a typed round trip (``as_json`` / ``from_json``).

:func:`mtgcr.extract.wiki.facts.page_facts` builds these records and stores their JSON (the
``facts`` table keeps the same keys as before); readers (:mod:`mtgcr.crossref.cite.wiki_check`) get the
records back with ``from_json`` instead of reading dict keys another module added.

Format knowledge: the page kinds of :mod:`mtgcr.extract.wiki` (rendered text, HTML, wikitext,
diff views, the generated 総合ルール pages).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from mtgcr.extract.citations.wiki import Citation
from mtgcr.extract.terms import CardMention, TermPair

__all__ = [
    "QuoteSummary",
    "WikiPageFact",
    "CitationFact",
    "FactPlace",
    "PairFact",
    "CardFact",
    "QuoteParagraphFact",
    "WikiRevisionFact",
    "WikiLineFact",
    "fact_from_json",
]


@dataclass(frozen=True)
class QuoteSummary:
    """One quote block of a page: the release it quotes (``label``, JA ``revision``), the
    language of its text, the 1-based line of its header, how many rules it quotes and the
    sections it touches (numbers as strings)."""

    label: str
    revision: str | None
    lang: str
    line: int
    rules: int
    sections: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """``{"label", "revision", "lang", "line", "rules", "sections"}``."""
        return {
            "label": self.label,
            "revision": self.revision,
            "lang": self.lang,
            "line": self.line,
            "rules": self.rules,
            "sections": list(self.sections),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> QuoteSummary:
        """The summary :meth:`as_json` gave. Raises ``KeyError`` without ``label``."""
        return cls(
            d["label"],
            d.get("revision"),
            d.get("lang", "ja"),
            d.get("line", 0),
            d.get("rules", 0),
            tuple(d.get("sections") or ()),
        )


@dataclass(frozen=True)
class WikiPageFact:
    """One page (or one column of a diff view): fact kind ``"wiki-page"``.

    Attributes:
        page: the document's source. kind: the page kind (``"wiki-text"``, ``"wiki-cr"`` …).
        title: the page title as shown; title_en: its English subject, if the page gives one.
        column, column_label: for a diff view, ``"left"``/``"right"`` and its heading; else ``None``.
        quotes: the page's quote blocks.
    """

    KIND: ClassVar[str] = "wiki-page"

    page: str
    kind: str
    title: str | None = None
    title_en: str | None = None
    column: str | None = None
    column_label: str | None = None
    quotes: tuple[QuoteSummary, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The stored form: the attributes, ``quotes`` as a list of dicts."""
        return {
            "page": self.page,
            "column": self.column,
            "column_label": self.column_label,
            "kind": self.kind,
            "title": self.title,
            "title_en": self.title_en,
            "quotes": [q.as_json() for q in self.quotes],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WikiPageFact:
        """The page :meth:`as_json` gave. Raises ``KeyError`` without ``page``."""
        return cls(
            d["page"],
            d.get("kind", ""),
            d.get("title"),
            d.get("title_en"),
            d.get("column"),
            d.get("column_label"),
            tuple(QuoteSummary.from_json(q) for q in d.get("quotes") or ()),
        )


@dataclass(frozen=True)
class CitationFact:
    """One CR citation on a page: fact kind ``"citation"``.

    Attributes:
        citation: the citation as found (:class:`mtgcr.extract.citations.wiki.Citation`; its
            ``line`` is the page's line — for a diff column, the line in that revision).
        page, column, column_label: the page (and diff column) it is on.
        page_title, page_title_en: the page's title and English subject.
        in_quote: it is inside a quote block (it belongs to the quoted rule text).
        line_text: the line the offsets count in (its wikitext for wikitext pages and diff
            columns, its visible text for rendered text and HTML), in memory only: it is not
            stored with the citation (a line holding thousands of citations would be stored
            thousands of times) but once, as a :class:`WikiLineFact`; ``None`` when read
            back from the store (a fact of an older mtgcr may still carry it).
        quote_label, quote_revision: the release the enclosing quote quotes, else ``None``.
        source_line: for a diff column, the line of the diff view file the revision's line
            was read from; else ``None``.
    """

    KIND: ClassVar[str] = "citation"

    citation: Citation
    page: str
    column: str | None = None
    column_label: str | None = None
    page_title: str | None = None
    page_title_en: str | None = None
    in_quote: bool = False
    line_text: str | None = None
    quote_label: str | None = None
    quote_revision: str | None = None
    source_line: int | None = field(default=None)

    @property
    def line(self) -> int:
        """The 1-based line of the page (of the revision, for a diff column)."""
        return self.citation.line

    @property
    def file_line(self) -> int:
        """The 1-based line of the file: :attr:`source_line` for a diff column, else :attr:`line`."""
        return self.source_line or self.citation.line

    def as_json(self) -> dict[str, Any]:
        """The stored form: :meth:`Citation.as_json` plus the other attributes but
        :attr:`line_text` (see :class:`WikiLineFact`)."""
        return {
            **self.citation.as_json(),
            "page": self.page,
            "column": self.column,
            "column_label": self.column_label,
            "page_title": self.page_title,
            "page_title_en": self.page_title_en,
            "in_quote": self.in_quote,
            "quote_label": self.quote_label,
            "quote_revision": self.quote_revision,
            "source_line": self.source_line,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> CitationFact:
        """The fact :meth:`as_json` gave (also a stored fact of an older mtgcr, which may lack
        ``source_line``). Raises ``KeyError`` without ``text``, ``targets`` or ``page``."""
        return cls(
            Citation.from_json(d),
            d["page"],
            d.get("column"),
            d.get("column_label"),
            d.get("page_title"),
            d.get("page_title_en"),
            bool(d.get("in_quote")),
            d.get("line_text"),
            d.get("quote_label"),
            d.get("quote_revision"),
            d.get("source_line"),
        )


@dataclass(frozen=True)
class WikiLineFact:
    """A page line that holds citations, as their offsets count in it: fact kind
    ``"wiki-line"``, one per line however many citations it has (their spans index it).

    Attributes:
        page, column: the page (and diff column) it is on.
        line: the 1-based line of the page (of the revision, for a diff column).
        text: its wikitext (wikitext pages, diff columns) or visible text (rendered text, HTML).
    """

    KIND: ClassVar[str] = "wiki-line"

    page: str
    column: str | None
    line: int
    text: str

    def as_json(self) -> dict[str, Any]:
        """The stored form."""
        return {"page": self.page, "column": self.column, "line": self.line, "text": self.text}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WikiLineFact:
        """The fact :meth:`as_json` gave. Raises ``KeyError`` without ``page``, ``line`` or
        ``text``."""
        return cls(d["page"], d.get("column"), int(d["line"]), d["text"])


@dataclass(frozen=True)
class FactPlace:
    """Where a term or card fact was found: the page (or the JA ruleset's document), the diff
    column, whether it is inside a quote block (``None`` for ruleset facts), and for facts
    found in a ruleset the rule number (``None`` for the glossary and for pages)."""

    page: str
    column: str | None = None
    column_label: str | None = None
    in_quote: bool | None = None
    rule: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The keys the place adds to a fact (those that are set, as stored)."""
        d: dict[str, Any] = {"page": self.page, "column": self.column}
        if self.column_label is not None or self.in_quote is not None:
            d["column_label"] = self.column_label
        if self.in_quote is not None:
            d["in_quote"] = self.in_quote
        else:
            d["rule"] = self.rule
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> FactPlace:
        """The place of a stored fact. Raises ``KeyError`` without ``page``."""
        return cls(
            d["page"], d.get("column"), d.get("column_label"), d.get("in_quote"), d.get("rule")
        )


@dataclass(frozen=True)
class PairFact:
    """A term or card name pair (:class:`mtgcr.extract.terms.TermPair`) and where it was
    found: fact kind ``"term-pair"`` or ``"card-pair"`` (:attr:`kind`)."""

    kind: str
    pair: TermPair
    place: FactPlace

    def as_json(self) -> dict[str, Any]:
        """The stored form: the place's keys, then the pair's."""
        return {**self.place.as_json(), **self.pair.as_json()}

    @classmethod
    def from_json(cls, kind: str, d: dict[str, Any]) -> PairFact:
        """The fact of kind ``kind`` :meth:`as_json` gave."""
        return cls(kind, TermPair.from_json(d), FactPlace.from_json(d))


@dataclass(frozen=True)
class CardFact:
    """A card named in one language only (:class:`mtgcr.extract.terms.CardMention`) and where:
    fact kind ``"card"``."""

    KIND: ClassVar[str] = "card"

    mention: CardMention
    place: FactPlace

    def as_json(self) -> dict[str, Any]:
        """The stored form: the place's keys, then the mention's."""
        return {**self.place.as_json(), **self.mention.as_json()}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> CardFact:
        """The fact :meth:`as_json` gave."""
        return cls(CardMention.from_json(d), FactPlace.from_json(d))


@dataclass(frozen=True)
class QuoteParagraphFact:
    """A quoted paragraph with no rule number, kept as it was quoted: fact kind
    ``"quote-paragraph"`` (``section``: the section it stands under, as a string, or ``None``)."""

    KIND: ClassVar[str] = "quote-paragraph"

    page: str
    column: str | None
    column_label: str | None
    line: int
    label: str
    section: str | None
    text: str

    def as_json(self) -> dict[str, Any]:
        """The stored form."""
        return {
            "page": self.page,
            "column": self.column,
            "column_label": self.column_label,
            "line": self.line,
            "label": self.label,
            "section": self.section,
            "text": self.text,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> QuoteParagraphFact:
        """The fact :meth:`as_json` gave. Raises ``KeyError`` without ``page`` or ``text``."""
        return cls(
            d["page"],
            d.get("column"),
            d.get("column_label"),
            d.get("line", 0),
            d.get("label", ""),
            d.get("section"),
            d["text"],
        )


@dataclass(frozen=True)
class WikiRevisionFact:
    """One revision of a diff view, rebuilt: fact kind ``"wiki-revision"``.

    Attributes:
        page: the diff view's document. column: ``"left"`` or ``"right"``. label: the
            revision's heading (``"2030年1月1日 (火) 10:00時点における版"``).
        lines: ``(line number in that revision, wikitext)`` of every line the diff shows.
        gaps: ``(first, last)`` line numbers the diff does not show.
    """

    KIND: ClassVar[str] = "wiki-revision"

    page: str
    column: str
    label: str
    lines: tuple[tuple[int, str], ...]
    gaps: tuple[tuple[int, int], ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The stored form (``lines`` and ``gaps`` as lists of pairs)."""
        return {
            "page": self.page,
            "column": self.column,
            "label": self.label,
            "lines": [[n, t] for n, t in self.lines],
            "gaps": [list(g) for g in self.gaps],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> WikiRevisionFact:
        """The fact :meth:`as_json` gave. Raises ``KeyError`` without ``page`` or ``lines``."""
        return cls(
            d["page"],
            d.get("column", ""),
            d.get("label", ""),
            tuple((int(n), t) for n, t in d["lines"]),
            tuple((int(a), int(b)) for a, b in d.get("gaps") or ()),
        )


def fact_from_json(kind: str, d: dict[str, Any]) -> Any:
    """The record of a stored fact of kind ``kind``: :class:`WikiPageFact`,
    :class:`CitationFact`, :class:`WikiLineFact`, :class:`PairFact` (``term-pair`` with a Japanese side,
    ``card-pair``), :class:`CardFact`, :class:`QuoteParagraphFact`, :class:`WikiRevisionFact`,
    :class:`mtgcr.extract.formats.term_list.ProvisionalTermFact` (a ``term-pair`` of a term
    list) or :class:`mtgcr.extract.formats.mtgru.NavigationFact` (``mtgru-navigation``).

    Raises:
        KeyError: a kind no record covers, or a fact lacking a key its record needs.
    """
    if kind == WikiRevisionFact.KIND:
        return WikiRevisionFact.from_json(d)
    if kind == "term-pair" and d.get("provisional"):
        from mtgcr.extract.formats.term_list import ProvisionalTermFact

        return ProvisionalTermFact.from_json(d)
    if kind == "mtgru-navigation":
        from mtgcr.extract.formats.mtgru import NavigationFact

        return NavigationFact.from_json(d)
    if kind == WikiPageFact.KIND:
        return WikiPageFact.from_json(d)
    if kind == CitationFact.KIND:
        return CitationFact.from_json(d)
    if kind == WikiLineFact.KIND:
        return WikiLineFact.from_json(d)
    if kind in ("term-pair", "card-pair") and "ja" in d:
        return PairFact.from_json(kind, d)
    if kind == CardFact.KIND:
        return CardFact.from_json(d)
    if kind == QuoteParagraphFact.KIND:
        return QuoteParagraphFact.from_json(d)
    raise KeyError(f"no record for a {kind!r} fact")
