"""Document kinds and the parser registry.

Every parser is a :class:`DocumentParser`: a name, a cheap ``sniff`` that says whether a
document is of its kind, and ``parse`` that yields a :class:`ParseResult`. :func:`parse_document`
tries them in order; adding a source means adding one parser to :data:`PARSERS`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from corpus.document import Document

from .cr_text import CRFormatError, detect_profile, parse_cr_text
from .model import ParseWarning, Ruleset
from .rulenum import RuleNumber

__all__ = ["ParseResult", "DocumentParser", "PARSERS", "parse_document", "UnknownKindError",
           "register"]


class UnknownKindError(ValueError):
    """No parser accepts the document; ``str()`` is one line naming the file and why."""


@dataclass
class ParseResult:
    """What one document yields.

    Attributes:
        kind: the document kind (``"cr-text"``, ``"wiki-text"`` …).
        rulesets: ``(ruleset, origin, provenance)`` triples; ``provenance`` maps rule numbers
            to where in the document they were quoted (may be empty).
        facts: ``(fact kind, JSON-able dict)`` pairs: citations, term pairs, card pairs …
        warnings: warnings not tied to one ruleset.
    """

    kind: str
    rulesets: list[tuple[Ruleset, str, dict[RuleNumber, str]]] = field(default_factory=list)
    facts: list[tuple[str, dict]] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)


@dataclass(frozen=True)
class DocumentParser:
    """A registered parser: ``sniff(doc) -> bool`` and ``parse(doc) -> ParseResult``."""

    name: str
    sniff: Callable[[Document], bool]
    parse: Callable[[Document], ParseResult]


def _parse_cr(doc: Document) -> ParseResult:
    rs = parse_cr_text(doc)
    return ParseResult("cr-text", [(rs, "official", {})])


_HTML = re.compile(r"^\s*(?:<!doctype html|<html|<head|<body)", re.I)

PARSERS: list[DocumentParser] = [
    DocumentParser("cr-text", lambda d: detect_profile(d) is not None, _parse_cr),
]


def register(parser: DocumentParser, first: bool = False) -> None:
    """Add a parser to :data:`PARSERS` (at the front if ``first``), replacing one of that name."""
    PARSERS[:] = [p for p in PARSERS if p.name != parser.name]
    PARSERS.insert(0, parser) if first else PARSERS.append(parser)


def parse_document(doc: Document) -> ParseResult:
    """Parse a document with the first parser whose ``sniff`` accepts it.

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
    raise UnknownKindError(f"{doc.source}: not a recognised document kind (no 'Comprehensive "
                           f"Rules' title with an effective date); first line: {first!r}")


__all__ += ["CRFormatError"]

from . import wiki_kinds as _wiki_kinds  # noqa: E402,F401  registers the MTG Wiki and JA kinds
from . import cr_markdown, mtgru, term_list  # noqa: E402,F401  (they register themselves)
