"""Lists of provisional translated terms: "English: 译名" lines or a Markdown table.

Format knowledge: the ZH translation's ``translatedterms.txt`` (heading ``暂译名称列表``,
lines ``Abandon: 撤废`` with an ASCII or full-width colon, a deprecation note in ``**…**``)
and its Markdown edition ``translatedterms.md`` (``# 暂译名称列表``, a table
``| English | 中文 |``). The 20220610 ZH release also carries such a list between its glossary
and credits (kept there with the back matter).

A list yields no ruleset, only ``term-pair`` facts: ``{"lang", "en", "term", "line",
"provisional": True}`` (``line`` 1-based).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mtgcr.corpus.document import Document

from mtgcr.extract.formats.cr_text import CRFormatError
from mtgcr.extract.kinds import DocumentParser, ParseResult
from mtgcr.extract.model import ParseWarning, WarningKind

__all__ = ["sniff_term_list", "parse_term_list", "ProvisionalTermFact", "HEADINGS"]

#: Headings that name such a list, per language.
HEADINGS = {"zh": "暂译名称列表"}

_LINE = re.compile(r"^(?P<en>[A-Za-z][A-Za-z '’/\-]*?)\s*[:：]\s*(?P<term>\S.*?)\s*$")
_ROW = re.compile(r"^\|\s*(?P<en>[A-Za-z][^|]*?)\s*\|\s*(?P<term>[^|]*?)\s*\|\s*$")


@dataclass(frozen=True)
class ProvisionalTermFact:
    """One line of a term list: the English term and its provisional translation, with its
    1-based line; stored as a ``term-pair`` fact marked ``provisional``."""

    lang: str
    en: str
    term: str
    line: int

    def as_json(self) -> dict[str, Any]:
        """``{"lang", "en", "term", "line", "provisional": True}``."""
        return {
            "lang": self.lang,
            "en": self.en,
            "term": self.term,
            "line": self.line,
            "provisional": True,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ProvisionalTermFact:
        """The fact :meth:`as_json` gave. Raises ``KeyError`` without ``lang``, ``en`` or ``term``."""
        return cls(d["lang"], d["en"], d["term"], d.get("line", 0))


def _heading(doc: Document) -> tuple[str, int] | None:
    for i, line in enumerate(doc.lines[:12]):
        s = line.strip().lstrip("#").strip()
        for lang, head in HEADINGS.items():
            if s == head:
                return lang, i
    return None


def sniff_term_list(doc: Document) -> bool:
    """True if one of the first 12 lines is a term-list heading (:data:`HEADINGS`)."""
    return _heading(doc) is not None


def parse_term_list(doc: Document) -> ParseResult:
    """Parse a term list into ``term-pair`` facts; lines that are neither pairs, headings,
    table rules nor notes are reported as warnings (nothing is dropped silently).

    Raises:
        CRFormatError: the list has no term pairs.
    """
    found = _heading(doc)
    assert found is not None
    lang, start = found
    facts: list[tuple[str, dict]] = []
    warnings: list[ParseWarning] = []
    for i, line in enumerate(doc.lines[start + 1 :], start + 2):
        s = line.strip()
        if not s or s.startswith("**") or re.fullmatch(r"\|?[\s|:-]+\|?", s):
            continue
        m = _ROW.match(s) or _LINE.match(s)
        if m and m.group("term") and m.group("en").lower() != "english":
            fact = ProvisionalTermFact(lang, m.group("en").strip(), m.group("term").strip(), i)
            facts.append(("term-pair", fact.as_json()))
        elif not (m and m.group("en").lower() == "english"):
            warnings.append(
                ParseWarning(
                    doc.source, i, f"not a term pair, ignored: {s[:60]!r}", WarningKind.TEXT_IGNORED
                )
            )
    if not facts:
        raise CRFormatError(
            f"{doc.source}: a term list ({HEADINGS[lang]}) with no 'English: term' lines"
        )
    return ParseResult("term-list", [], facts, warnings)


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("term-list", sniff_term_list, parse_term_list)
