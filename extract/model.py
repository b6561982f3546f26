"""The rule model every parser yields: :class:`Ruleset` and its parts.

One ruleset is one release of the Comprehensive Rules in one language, complete (an official
file) or partial (a quote on a wiki page, one section on mtg.ru). Text is kept exactly as
published; line numbers are 1-based and refer to the decoded source text of the document
named in :attr:`Ruleset.source`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from mtgcr.extract.layout import Layout
from mtgcr.extract.lists import ItemList, find_lists
from mtgcr.extract.parse_warnings import STALE_OUTCOME, ParseWarning, WarningKind
from mtgcr.extract.provenance import split_sources
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "Release",
    "Example",
    "Rule",
    "Section",
    "Chapter",
    "GlossaryEntry",
    "ParseWarning",
    "WarningKind",
    "STALE_OUTCOME",
    "Ruleset",
]


@dataclass(frozen=True)
class Release:
    """Which release a text belongs to.

    Attributes:
        lang: BCP-47 language code, ``"en"``, ``"ja"``, ``"zh"``, ``"ru"``.
        label: the published label, eight digits ``YYYYMMDD`` (``"20231117"``); the label of
            a translation is the label of the English release it translates.
        effective_date: the date stated in the body ("effective as of …"), or ``None`` when a
            partial source does not state it.
        revision: a translation's own revision (JA ``20231117.0`` → ``"0"``), else ``None``.
    """

    lang: str
    label: str
    effective_date: date | None = None
    revision: str | None = None

    @property
    def key(self) -> str:
        """``"en:20231117"``: unique per language and label."""
        return f"{self.lang}:{self.label}"

    @property
    def name(self) -> str:
        """How reports name the release: its effective date (``"2023-11-17"``), else its label."""
        return self.effective_date.isoformat() if self.effective_date else self.label

    def as_json(self) -> dict[str, Any]:
        """``{"effective_date" (``YYYY-MM-DD`` or ``None``), "label", "lang", "revision"}``,
        in that key order (the commands' JSON output)."""
        return {
            "effective_date": self.effective_date.isoformat() if self.effective_date else None,
            "label": self.label,
            "lang": self.lang,
            "revision": self.revision,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Release:
        """The release :meth:`as_json` gave. Raises ``KeyError`` without ``lang`` or ``label``,
        ``ValueError`` for a date that is not ``YYYY-MM-DD``."""
        eff = d.get("effective_date")
        return cls(
            d["lang"], d["label"], date.fromisoformat(eff) if eff else None, d.get("revision")
        )

    @classmethod
    def of_info(cls, info: Any) -> Release:
        """The release of a store row (:class:`mtgcr.corpus.store.ReleaseInfo`: its
        ``effective_date`` is ISO text)."""
        eff = info.effective_date
        return cls(info.lang, info.label, date.fromisoformat(eff) if eff else None, info.revision)


@dataclass
class Example:
    """One example paragraph (the text after the ``Example:`` marker) and its source line."""

    text: str
    line: int


@dataclass
class Rule:
    """A rule or subrule: its number, text (paragraphs joined by ``"\\n"``), examples, line."""

    number: RuleNumber
    text: str
    line: int
    examples: list[Example] = field(default_factory=list)

    @property
    def kind(self) -> str:
        """``"rule"`` or ``"subrule"``."""
        return self.number.kind

    def items(self, lang: str = "en") -> list[ItemList]:
        """The lists in the rule's text as items (the creature types of 205.3m …), with the
        separators of ``lang`` (:func:`mtgcr.extract.lists.find_lists`)."""
        return find_lists(self.text, lang)

    def text_with_examples(self, label: str = "") -> str:
        """The text and each example's text, joined by ``"\\n"``; ``label`` goes before each
        example (``"Example: "``: the text as alignments compare it for changes)."""
        if not self.examples:
            return self.text
        return "\n".join([self.text, *(label + e.text for e in self.examples)])


@dataclass
class Section:
    """A section heading (``712. Double-Faced Cards``): number, title and source line."""

    number: RuleNumber
    title: str
    line: int


@dataclass
class Chapter:
    """A chapter heading (``7. Additional Rules``): number 1–9, title and source line."""

    number: int
    title: str
    line: int


@dataclass
class GlossaryEntry:
    """A glossary entry.

    Attributes:
        term: the headword as printed, without aliases and without "(Obsolete)".
        aliases: further headwords of the same entry ("Kicker, Kicked" → ``("Kicked",)``).
        text: the definition, lines joined by ``"\\n"`` (numbered senses stay inside).
        line: source line of the headword.
        obsolete: the headword carried an "(Obsolete)" marker.
        heading: the headword line exactly as printed.
        original: for translations, the English headword the entry gives (``／Companion``).
    """

    term: str
    aliases: tuple[str, ...]
    text: str
    line: int
    obsolete: bool = False
    heading: str = ""
    original: str | None = None


@dataclass
class Ruleset:
    """One release of the CR in one language: the tree, glossary and front/back matter.

    ``rules`` maps every rule and subrule number to its :class:`Rule` in document order;
    ``sections`` maps section numbers to :class:`Section`. ``complete`` is ``False`` for
    partial sources (quotes), where a missing rule means "not quoted", not "absent".
    """

    release: Release
    source: str
    title: str = ""
    introduction: str = ""
    credits: str = ""
    chapters: list[Chapter] = field(default_factory=list)
    sections: dict[RuleNumber, Section] = field(default_factory=dict)
    rules: dict[RuleNumber, Rule] = field(default_factory=dict)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    complete: bool = True
    #: second texts of a number kept apart (the same number printed twice with another text,
    #: JA 20260116 505.4: the first is the rule, the second a stale duplicate), in file order
    stale: list[Rule] = field(default_factory=list)
    #: the file ends before its credits (cut off inside or right after the glossary heading,
    #: like the official 2013-02-01): the rule tree may be whole, the glossary is not.
    truncated: bool = False
    #: how each source line was printed, for :func:`mtgcr.extract.layout.render_lines` (kept by
    #: the CR text parser; ``None`` for a ruleset read from the store or another parser's)
    layout: Layout | None = field(default=None, repr=False, compare=False)

    @property
    def sources(self) -> tuple[str, ...]:
        """The documents the ruleset was read from: one, or for quotes merged from several
        pages each page (:attr:`source` holds them as :func:`mtgcr.extract.provenance.join_sources`
        writes them)."""
        return split_sources(self.source)

    def add_rule(self, number: RuleNumber, text: str, line: int) -> tuple[Rule, Rule | None]:
        """Add a rule; when the number is already there (a number printed twice with another
        text), the new one is kept apart in :attr:`stale` — never appended to the first, so a
        pair or a comparison never reads two texts as one.

        Returns:
            ``(rule, first)``: the new rule (where the line's continuation goes), and the
            earlier rule of that number if it was a duplicate, else ``None``.
        """
        rule = Rule(number, text, line)
        first = self.rules.get(number)
        if first is not None:
            self.stale.append(rule)
            return rule, first
        self.rules[number] = rule
        return rule, None

    # -- queries ---------------------------------------------------------------------------
    def get(self, number: RuleNumber | str) -> Rule | None:
        """The rule or subrule with that number, or ``None``."""
        if isinstance(number, str):
            number = RuleNumber.parse(number)
        return self.rules.get(number)

    def children(self, number: RuleNumber) -> list[Rule]:
        """Direct children of a section (its rules) or of a rule (its subrules), in order."""
        depth = {"section": "rule", "rule": "subrule"}.get(number.kind)
        return [r for n, r in self.rules.items() if n.kind == depth and number.is_ancestor_of(n)]

    def subtree(self, number: RuleNumber) -> list[Rule]:
        """The rule itself (if it is a rule) and everything below it, in document order."""
        return [r for n, r in self.rules.items() if number.contains(n)]

    def counts(self) -> dict[str, int]:
        """``{"sections", "rules", "subrules", "examples", "glossary"}`` → counts."""
        rules = sum(1 for n in self.rules if n.letters is None)
        return {
            "sections": len(self.sections),
            "rules": rules,
            "subrules": len(self.rules) - rules,
            "examples": sum(len(r.examples) for r in self.rules.values()),
            "glossary": len(self.glossary),
        }

    def section_title(self, number: RuleNumber) -> str | None:
        """Title of the section a number belongs to, or ``None`` if not known."""
        sec = self.sections.get(RuleNumber(number.section))
        return sec.title if sec else None

    def define(self, term: str) -> GlossaryEntry | None:
        """The glossary entry whose headword or alias equals ``term`` (case-insensitive)."""
        want = term.casefold().strip()
        for entry in self.glossary:
            names = (entry.term, *entry.aliases) + ((entry.original,) if entry.original else ())
            if any(n.casefold() == want for n in names):
                return entry
        return None
