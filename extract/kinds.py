"""Document kinds and the parser registry.

Every parser is a :class:`DocumentParser`: a name, a cheap ``sniff`` that says whether a
document is of its kind, and ``parse`` that yields a :class:`ParseResult`. The ordered list of
parsers and :func:`~mtgcr.extract.registry.parse_document` live in :mod:`mtgcr.extract.registry`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from mtgcr.corpus.document import Document

from mtgcr.extract.model import ParseWarning, Ruleset
from mtgcr.extract.provenance import Provenance
from mtgcr.errors import DocumentError

__all__ = ["ParseResult", "DocumentParser", "UnknownKindError"]


class UnknownKindError(DocumentError):
    """No parser accepts the document; ``str()`` is one line naming the file and why."""


@dataclass
class ParseResult:
    """What one document yields.

    Attributes:
        kind: the document kind (``"cr-text"``, ``"wiki-text"`` …).
        rulesets: ``(ruleset, origin, provenance)`` triples; ``provenance`` maps rule numbers
            to the places they were read (:mod:`mtgcr.extract.provenance`; may be empty).
        facts: ``(fact kind, JSON-able dict)`` pairs: citations, term pairs, card pairs …
        warnings: warnings not tied to one ruleset.
    """

    kind: str
    rulesets: list[tuple[Ruleset, str, Provenance]] = field(default_factory=list)
    facts: list[tuple[str, dict]] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)


@dataclass(frozen=True)
class DocumentParser:
    """A registered parser: ``sniff(doc) -> bool`` and ``parse(doc) -> ParseResult``."""

    name: str
    sniff: Callable[[Document], bool]
    parse: Callable[[Document], ParseResult]
