"""Parse warnings as values: a :class:`WarningKind` plus typed fields, rendered to text at the edge.

Every parser reports the defects it found (and the repairs it made) as :class:`ParseWarning`
objects. A consumer that needs to know *what* happened (the translation pairing asks which rule
numbers were duplicated or misprinted) reads :attr:`ParseWarning.kind` and the fields, never the
message text; the message is what a person reads (``str(warning)`` →
``"file.txt:12: rule 701.3 appears twice (first at line 3); …"``).

The warning factories (:meth:`ParseWarning.duplicate_rule`, :meth:`ParseWarning.misprint`, …)
are the one place each message of a typed kind is worded, for every parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mtgcr.extract.rulenum import RuleNumber

__all__ = ["WarningKind", "ParseWarning", "STALE_OUTCOME"]

#: What becomes of a second text of a rule number (:attr:`mtgcr.extract.model.Ruleset.stale`).
STALE_OUTCOME = "the first is the rule; this line is kept apart as a stale duplicate"


class WarningKind(StrEnum):
    """What a parse warning is about. The values are stored (``warnings.kind`` in the store)."""

    #: a rule number printed a second time with another text; kept apart (``Ruleset.stale``)
    DUPLICATE_RULE = "duplicate-rule"
    #: a quote block quotes the same rule twice
    DUPLICATE_QUOTE = "duplicate-quote"
    #: a section heading printed a second time; the second is ignored
    DUPLICATE_SECTION = "duplicate-section"
    #: the same rule line printed twice (same number, same text); kept once
    REPEATED_LINE = "repeated-line"
    #: a number printed twice at the start of its line (``702.189. 702.189.``)
    NUMBER_PRINTED_TWICE = "number-printed-twice"
    #: a rule number misprinted and read as the number its position demands (:attr:`ParseWarning.printed`)
    MISPRINT_REPAIRED = "misprint-repaired"
    #: a subrule printed without its rule number (``306.b``) and read as one
    NUMBER_MISSING = "number-missing"
    #: the printed form of a number is off (a dot too many or missing, spaces); read as intended
    NUMBER_FORM = "number-form"
    #: a number skips one or more numbers (:attr:`ParseWarning.expected` is the one expected)
    NUMBERING_GAP = "numbering-gap"
    #: a number smaller than the one before it
    OUT_OF_ORDER = "out-of-order"
    #: a subrule whose rule is not in the text
    ORPHAN_SUBRULE = "orphan-subrule"
    #: a rule printed under another section's heading
    OUTSIDE_SECTION = "outside-section"
    #: text the parser could not place and left out (the message quotes it)
    TEXT_IGNORED = "text-ignored"
    #: text the parser kept somewhere it may not belong (a stray line, a paragraph without number)
    TEXT_KEPT = "text-kept"
    #: an example marker in an odd place (outside any rule, printed twice)
    EXAMPLE = "example"
    #: a heading the contents list and the body lacks, or the reverse; a differing heading
    CONTENTS = "contents"
    #: the file ends early (no credits) or a quote skips rules
    TRUNCATED = "truncated"
    #: the effective date is missing or disagrees with the file name
    DATE = "date"
    #: a glossary entry without a definition, or a headword glued to its text
    GLOSSARY = "glossary"
    #: two sources of one release disagree (merged quotes, stored texts)
    CONFLICT = "conflict"
    #: markup or page shape the reader does not know (a diff row, an image without alt text)
    MARKUP = "markup"
    #: anything else (and warnings read from a store written before kinds existed)
    OTHER = "other"


@dataclass(frozen=True)
class ParseWarning:
    """A defect found while parsing.

    Attributes:
        source: the document (file path or URL) the line belongs to.
        line: 1-based line of the decoded source text, ``0`` when no line applies.
        message: the text a person reads (without source and line).
        kind: what the warning is about.
        number: the rule or section number the warning is about, as the parser read it
            (for :attr:`WarningKind.MISPRINT_REPAIRED`: the number it was read as), else ``None``.
        printed: the number exactly as printed when the parser read it as another, else ``None``.
        first_line: for duplicates, the line of the first occurrence, else ``None``.
        expected: for numbering gaps and misprints, the number the position demanded, else ``None``.
    """

    source: str
    line: int
    message: str
    kind: WarningKind = WarningKind.OTHER
    number: RuleNumber | None = None
    printed: str | None = None
    first_line: int | None = None
    expected: RuleNumber | None = None

    def __str__(self) -> str:
        return (
            f"{self.source}:{self.line}: {self.message}"
            if self.line
            else f"{self.source}: {self.message}"
        )

    # -- factories: one wording per typed kind ----------------------------------------------
    @classmethod
    def duplicate_rule(
        cls,
        source: str,
        line: int,
        number: RuleNumber,
        first_line: int,
        outcome: str = "",
        where: str | None = None,
    ) -> ParseWarning:
        """``rule 701.3 appears twice (first at line 3); the first is the rule; this line is
        kept apart as a stale duplicate`` (:data:`STALE_OUTCOME`, or ``outcome``).

        ``where`` replaces the parenthesis (``"(tr)"``: the side of a bilingual file).
        """
        paren = where if where is not None else f"first at line {first_line}"
        return cls(
            source,
            line,
            f"rule {number} appears twice ({paren}); {outcome or STALE_OUTCOME}",
            WarningKind.DUPLICATE_RULE,
            number,
            first_line=first_line,
        )

    @classmethod
    def misprint(
        cls,
        source: str,
        line: int,
        printed: RuleNumber | str,
        read_as: RuleNumber,
        after: str,
        detail: str = "",
    ) -> ParseWarning:
        """``rule number 605.2c misprinted: it stands after 609.2b; read as 609.2c (…)``.

        Args:
            printed: the number as printed; read_as: the number the parser read instead;
            after: what it stands after (``"609.2b"``, ``"section heading 510"``);
            detail: why this reading (the reason of
                :class:`mtgcr.extract.formats.numbering.Reading`), in parentheses at the end.
        """
        extra = f" ({detail})" if detail else ""
        return cls(
            source,
            line,
            f"rule number {printed} misprinted: it stands after {after}; read as {read_as}{extra}",
            WarningKind.MISPRINT_REPAIRED,
            read_as,
            str(printed),
            expected=read_as,
        )

    @classmethod
    def numbering_gap(
        cls, source: str, line: int, number: RuleNumber, expected: str
    ) -> ParseWarning:
        """``numbering gap: 702.5c where 702.5b was expected``."""
        return cls(
            source,
            line,
            f"numbering gap: {number} where {expected} was expected",
            WarningKind.NUMBERING_GAP,
            number,
            expected=RuleNumber.try_parse(expected),
        )

    # -- storage ----------------------------------------------------------------------------
    def fields_json(self) -> dict[str, Any] | None:
        """The typed fields as JSON (``None`` when there are none): what the store keeps in
        ``warnings.data`` beside ``kind`` and ``message``."""
        d = {
            "number": str(self.number) if self.number is not None else None,
            "printed": self.printed,
            "first_line": self.first_line,
            "expected": str(self.expected) if self.expected is not None else None,
        }
        d = {k: v for k, v in d.items() if v is not None}
        return d or None

    @classmethod
    def from_row(
        cls, source: str, line: int, message: str, kind: str | None, fields: dict[str, Any] | None
    ) -> ParseWarning:
        """Rebuild a warning from its stored columns (:meth:`fields_json` gives ``fields``).

        A row written before warnings had kinds (``kind`` is ``NULL``) gets its kind and
        fields from :func:`_legacy`, so that an old store pairs translations as it did.
        """
        if kind is None:
            return _legacy(source, line, message)
        f = fields or {}
        num, exp = f.get("number"), f.get("expected")
        try:
            k = WarningKind(kind)
        except ValueError:  # a kind of a newer mtgcr
            k = WarningKind.OTHER
        return cls(
            source,
            line,
            message,
            k,
            RuleNumber.try_parse(num) if num else None,
            f.get("printed"),
            f.get("first_line"),
            RuleNumber.try_parse(exp) if exp else None,
        )


#: The two messages a store written before warnings had kinds must still be understood by:
#: the translation pairing read them (mtgcr up to 0.1.0, every parser's wording).
_LEGACY_TWICE = re.compile(r"^rule (\S+) appears twice \(first at line (\d+)\)")
_LEGACY_MISREAD = re.compile(r"^rule number (\S+) misprinted: .*; read as (\S+)$")


def _legacy(source: str, line: int, message: str) -> ParseWarning:
    """A warning row of a store from before kinds: the two kinds that mattered, else OTHER."""
    m = _LEGACY_TWICE.match(message)
    if m and (num := RuleNumber.try_parse(m.group(1))) is not None:
        return ParseWarning(
            source, line, message, WarningKind.DUPLICATE_RULE, num, first_line=int(m.group(2))
        )
    m = _LEGACY_MISREAD.match(message)
    if m and (num := RuleNumber.try_parse(m.group(2))) is not None:
        return ParseWarning(
            source, line, message, WarningKind.MISPRINT_REPAIRED, num, m.group(1), expected=num
        )
    return ParseWarning(source, line, message)
