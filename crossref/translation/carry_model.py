"""The translation kit: every translatable piece of an EN release, with the translation of
the release before it carried over where the alignment says it still fits.

A :class:`TranslationKit` is what :func:`mtgcr.crossref.translation.carry.build_kit` makes
and what the kit formats (:mod:`mtgcr.reports.translation`) write and read back: one
:class:`KitUnit` per EN rule line, example, section and chapter heading, glossary headword
and definition, and the front and back matter (title, introduction paragraphs, credits
lines, the date statement and the fixed headings). Nothing here reads or writes a file
format.

Identity: a unit is named by the **anchor** of what it translates in the EN release it
targets (:mod:`mtgcr.crossref.anchor`): ``en:2026-04-17:704.5a`` for a rule,
``…:704.5a:example-2`` for its second example, ``…:704`` for a section heading,
``…:chapter-7``, ``…:glossary:en-glossary-trample:term`` / ``…:definition``, ``…:front:title``
… — an anchor never changes whatever is ingested later, and it is an XML NMTOKEN (letters,
digits, ``. - _ :``), so every format can use it as its unit id.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterable

from mtgcr.extract.model import Release

__all__ = [
    "UnitKind",
    "CarryClass",
    "UnitState",
    "QaKind",
    "Rewrite",
    "Suggestion",
    "QaNote",
    "TermHint",
    "KitUnit",
    "KitSummary",
    "TranslationKit",
]


class UnitKind(StrEnum):
    """What a unit translates (the JSON and format value is the string itself)."""

    TITLE = "title"  #: the document's title line
    DATE = "date"  #: the effective-date statement
    INTRODUCTION = "introduction"  #: one paragraph of the introduction (its heading too)
    HEADING = "heading"  #: a fixed heading: contents, glossary, credits
    CHAPTER = "chapter"  #: a chapter heading's title (``7. Additional Rules``)
    SECTION = "section"  #: a section heading's title (``704. State-Based Actions``)
    RULE = "rule"  #: a rule's or subrule's text (without its number)
    EXAMPLE = "example"  #: one example's text (without the ``Example:`` label)
    GLOSSARY_TERM = "glossary-term"  #: a glossary headword line as printed
    GLOSSARY_TEXT = "glossary-text"  #: a glossary definition (its lines joined by ``\\n``)
    CREDITS = "credits"  #: one paragraph of the credits

    @property
    def numbered(self) -> bool:
        """True for units that belong to a rule or section number."""
        return self in (UnitKind.RULE, UnitKind.EXAMPLE, UnitKind.SECTION)


class CarryClass(StrEnum):
    """How the EN text of a unit changed from the old release to the new one, and so what
    the old translation is worth.

    * ``unchanged``, ``typography`` (quotes, dashes … only: :mod:`mtgcr.crossref.typography`),
      ``renumbered`` (same text, another number): the old translation is carried, its cited
      rule numbers rewritten through the alignment;
    * ``references``: the EN text differs only in the rule numbers it cites — carried with
      the numbers rewritten, flagged in a note;
    * ``modified``, ``split``, ``merged``: the old translation is only a suggestion;
    * ``date``: the date statement, the old one with the new date written in;
    * ``new``: nothing to carry (also for a unit whose old translation is missing).
    """

    UNCHANGED = "unchanged"
    TYPOGRAPHY = "typography"
    RENUMBERED = "renumbered"
    REFERENCES = "references"
    MODIFIED = "modified"
    SPLIT = "split"
    MERGED = "merged"
    DATE = "date"
    NEW = "new"

    @property
    def carried(self) -> bool:
        """The old translation stands (numbers rewritten): not for a human to redo."""
        return self in _CARRIED


_CARRIED = frozenset(
    {
        CarryClass.UNCHANGED,
        CarryClass.TYPOGRAPHY,
        CarryClass.RENUMBERED,
        CarryClass.REFERENCES,
        CarryClass.DATE,
    }
)


class UnitState(StrEnum):
    """Where a unit's target stands (each format maps it: XLIFF 2 ``state``, XLIFF 1.2
    ``state``/``approved``, PO ``fuzzy``, TMX review file).

    * ``final``: carried, and the old pair was ``verified`` by ``pair`` with no QA note;
    * ``translated``: carried (old pair unverified, or a note to read);
    * ``needs-review``: the target is the old translation as a suggestion (the EN text
      changed), or a carried one with a QA finding a human must settle;
    * ``empty``: nothing to offer.
    """

    FINAL = "final"
    TRANSLATED = "translated"
    NEEDS_REVIEW = "needs-review"
    EMPTY = "empty"


class QaKind(StrEnum):
    """Kinds of findings about the old translation or the rewrite of its numbers."""

    STALE_REFERENCE = "stale-reference"  #: it cites a number the EN text of its release does not
    PAIR_DIFFERS = "pair-differs"  #: ``pair`` found evidence that differs (numerals, symbols …)
    PAIR_CONFLICT = "pair-conflict"  #: ``pair`` says the text belongs to another number
    EN_STALE = "en-stale"  #: the new EN text still cites a number the alignment changed
    NOT_REWRITTEN = "not-rewritten"  #: a cited number that could not be rewritten in place


@dataclass(frozen=True)
class Rewrite:
    """A cited rule number the carry rewrote in the target: ``old`` → ``new`` (as written)."""

    old: str
    new: str


@dataclass(frozen=True)
class Suggestion:
    """The old translation offered for a unit whose EN text changed.

    Attributes:
        source: the old EN text it translated.
        target: the old translation (its cited numbers rewritten where sure).
        similarity: 0–1 similarity of the old and new EN texts (references mapped, typography
            folded; :func:`mtgcr.crossref.worddiff.text_similarity`).
        diff: the EN word diff old → new as runs ``(op, text)``, ``op`` in ``equal``,
            ``delete``, ``insert`` (:func:`mtgcr.crossref.worddiff.word_diff`).
        origin: where the suggestion comes from: ``"zh 2026-02-27 801.17"``.
    """

    source: str
    target: str
    similarity: float
    diff: tuple[tuple[str, str], ...]
    origin: str

    def diff_text(self, context: int | None = None) -> str:
        """The diff as one line: ``"each [-player-]{+opponent+} draws"``; with ``context``,
        unchanged stretches keep only that many words beside each change (``…`` for the
        rest), for long rules."""
        out = []
        last = len(self.diff) - 1
        for k, (op, text) in enumerate(self.diff):
            if op == "delete":
                out.append(f"[-{text}-]")
            elif op == "insert":
                out.append(f"{{+{text}+}}")
            elif context is None:
                out.append(text)
            else:
                out.append(_shorten(text, context, keep_start=k > 0, keep_end=k < last))
        return "".join(out)


@dataclass(frozen=True)
class QaNote:
    """A finding for a human: its kind and one sentence."""

    kind: QaKind
    text: str


@dataclass(frozen=True)
class TermHint:
    """A glossary pair whose EN term occurs in the unit's source.

    Attributes:
        en: the EN headword (as the EN glossary prints it).
        target: its translation, as the translation's glossary gives it.
        concept: the concept id (``en-glossary-trample``).
        definition: the translation's definition, when known.
    """

    en: str
    target: str
    concept: str
    definition: str = ""


@dataclass
class KitUnit:
    """One translatable piece of the EN release the kit targets.

    Attributes:
        id: the unit's anchor id (see the module docstring); unique in a kit.
        kind: what it translates.
        source: the EN text of the new release (exactly as published).
        target: the pre-filled translation (``""`` when empty).
        carry: how the EN text changed since the old release.
        state: where the target stands.
        number: the rule or section number in the new release (``"704.5a"``, ``"704"``),
            the chapter (``"7"``), the glossary headword, or ``None`` for front matter.
        old_number: its number (or headword) in the old release, when it had one.
        order: position in document order (0-based; the worklist and the writers follow it).
        unit: the id of the group the piece belongs to in formats that group segments (a
            glossary entry's headword and definition share one); defaults to ``id``.
        segment: the piece's name inside that group (``"term"``, ``"definition"``; ``"s"``).
        text_sha256: sha256 of the normalised EN source (:func:`mtgcr.crossref.anchor.text_sha256`):
            the import checks a completed kit against the stored release with it.
        example: for an example, its 1-based position under its rule.
        rewrites: the cited numbers the carry rewrote in the target.
        suggestion: the old translation offered when the EN text changed.
        notes: remarks for the translator (``"only renumbered references: 726 → 727"``).
        qa: findings about the old translation.
        hints: glossary pairs whose EN term occurs in the source.
        pair_status: the old pair's status from ``pair`` (``verified`` …), when it had one.
    """

    id: str
    kind: UnitKind
    source: str
    target: str
    carry: CarryClass
    state: UnitState
    number: str | None = None
    old_number: str | None = None
    order: int = 0
    unit: str = ""
    segment: str = "s"
    text_sha256: str = ""
    example: int | None = None
    rewrites: tuple[Rewrite, ...] = ()
    suggestion: Suggestion | None = None
    notes: tuple[str, ...] = ()
    qa: tuple[QaNote, ...] = ()
    hints: tuple[TermHint, ...] = ()
    pair_status: str | None = None

    def __post_init__(self) -> None:
        if not self.unit:
            self.unit = self.id

    @property
    def label(self) -> str:
        """How people and the PO format (its ``msgctxt``) name the unit: ``704.5a``,
        ``704.5a example 2``, ``section 704``, ``chapter 7``, ``glossary: Trample``,
        ``glossary: Trample (definition)``, ``front: date`` (``front: title``,
        ``introduction``, ``contents-heading``, ``glossary-heading``, ``credits-heading``,
        ``credits``)."""
        k = self.kind
        if k is UnitKind.RULE:
            return str(self.number)
        if k is UnitKind.EXAMPLE:
            return f"{self.number} example {self.example}"
        if k is UnitKind.SECTION:
            return f"section {self.number}"
        if k is UnitKind.CHAPTER:
            return f"chapter {self.number}"
        if k is UnitKind.GLOSSARY_TERM:
            return f"glossary: {self.number}"
        if k is UnitKind.GLOSSARY_TEXT:
            return f"glossary: {self.number} (definition)"
        return "front: " + self.id.rsplit(":front:", 1)[-1]

    @property
    def for_human(self) -> bool:
        """The unit needs a human: its target is a suggestion or empty."""
        return self.state in (UnitState.NEEDS_REVIEW, UnitState.EMPTY)

    @property
    def prefilled(self) -> bool:
        """The target carries text (carried, or a suggestion)."""
        return bool(self.target)

    def to_json(self) -> dict[str, Any]:
        """Every field as JSON-ready values (enums as their strings)."""
        s = self.suggestion
        return {
            "id": self.id,
            "kind": str(self.kind),
            "number": self.number,
            "old_number": self.old_number,
            "unit": self.unit,
            "segment": self.segment,
            "example": self.example,
            "source": self.source,
            "target": self.target,
            "carry": str(self.carry),
            "state": str(self.state),
            "text_sha256": self.text_sha256,
            "rewrites": [{"old": r.old, "new": r.new} for r in self.rewrites],
            "suggestion": None
            if s is None
            else {
                "source": s.source,
                "target": s.target,
                "similarity": round(s.similarity, 4),
                "diff": s.diff_text(),
                "origin": s.origin,
            },
            "notes": list(self.notes),
            "qa": [{"kind": str(q.kind), "text": q.text} for q in self.qa],
            "hints": [{"en": h.en, "target": h.target, "concept": h.concept} for h in self.hints],
            "pair_status": self.pair_status,
        }


@dataclass(frozen=True)
class KitSummary:
    """Counts of a kit (the worklist's summary line).

    Attributes:
        units: every unit.
        carried: units whose old translation stands (carry class carried).
        renumbered: carried units whose number changed.
        rewritten: units with at least one cited number rewritten.
        review: units whose target is a suggestion (needs review).
        new: units with nothing to carry.
        qa: units with a QA finding.
        by_kind: units per :class:`UnitKind`; by_class: per :class:`CarryClass`;
            by_state: per :class:`UnitState`.
    """

    units: int
    carried: int
    renumbered: int
    rewritten: int
    review: int
    new: int
    qa: int
    by_kind: dict[str, int]
    by_class: dict[str, int]
    by_state: dict[str, int]

    def line(self) -> str:
        """``"5012 units: 4970 carried (104 renumbered, 57 with rewritten references), 14
        need review, 28 new; 30 QA notes"``."""
        return (
            f"{self.units} units: {self.carried} carried ({self.renumbered} renumbered, "
            f"{self.rewritten} with rewritten references), {self.review} need review, "
            f"{self.new} new; {self.qa} with QA notes"
        )


@dataclass
class TranslationKit:
    """A translation carried to a new EN release.

    Attributes:
        lang: the translation's language (``"zh"``).
        translation: the old translation release carried (``zh 20260227``).
        english_old: the EN release it translated.
        english_new: the EN release the kit targets (its label is the new translation's).
        units: every unit, in document order.
        basis: how the EN alignment was obtained (``consecutive``, ``chain``, ``direct``).
        complete: the old translation is a complete text (else quotes: units it does not
            quote are new).
        notes: remarks on the whole kit (a glossary that could not be paired …).
        terms: EN headword of the new release → the translated term carried for it (the
            term alone, without a reading or an original: ``Trample`` → ``践踏``), for term
            hints (:mod:`mtgcr.reports.translation.hints`).
    """

    lang: str
    translation: Release
    english_old: Release
    english_new: Release
    units: list[KitUnit] = field(default_factory=list)
    basis: str = "consecutive"
    complete: bool = True
    notes: list[str] = field(default_factory=list)
    terms: dict[str, str] = field(default_factory=dict)

    @property
    def target(self) -> Release:
        """The translation release the kit produces: language ``lang``, the label and
        effective date of :attr:`english_new`."""
        return Release(self.lang, self.english_new.label, self.english_new.effective_date)

    def by_id(self) -> dict[str, KitUnit]:
        """Units by id."""
        return {u.id: u for u in self.units}

    def summary(self) -> KitSummary:
        """The counts (:class:`KitSummary`)."""
        us = self.units
        return KitSummary(
            units=len(us),
            carried=sum(u.carry.carried and u.prefilled for u in us),
            renumbered=sum(
                u.carry.carried and u.prefilled and u.old_number not in (None, u.number)
                for u in us
                if u.kind.numbered
            ),
            rewritten=sum(bool(u.rewrites) for u in us),
            review=sum(u.state is UnitState.NEEDS_REVIEW for u in us),
            new=sum(u.state is UnitState.EMPTY for u in us),
            qa=sum(bool(u.qa) for u in us),
            by_kind=_count(str(u.kind) for u in us),
            by_class=_count(str(u.carry) for u in us),
            by_state=_count(str(u.state) for u in us),
        )

    def worklist(self) -> list[KitUnit]:
        """The units a human must work through, in document order: suggestions, empty
        targets and units with QA findings."""
        return [u for u in self.units if u.for_human or u.qa]

    def to_json(self) -> dict[str, Any]:
        """``{lang, translation, english_old, english_new, target, basis, complete, notes,
        summary, units}`` (releases as :meth:`Release.as_json`)."""
        s = self.summary()
        return {
            "lang": self.lang,
            "translation": self.translation.as_json(),
            "english_old": self.english_old.as_json(),
            "english_new": self.english_new.as_json(),
            "target": self.target.as_json(),
            "basis": self.basis,
            "complete": self.complete,
            "notes": list(self.notes),
            "summary": {
                "units": s.units,
                "carried": s.carried,
                "renumbered": s.renumbered,
                "rewritten": s.rewritten,
                "review": s.review,
                "new": s.new,
                "qa": s.qa,
                "by_kind": s.by_kind,
                "by_class": s.by_class,
                "by_state": s.by_state,
            },
            "units": [u.to_json() for u in self.units],
        }


def _shorten(text: str, words: int, keep_start: bool, keep_end: bool) -> str:
    """An unchanged stretch of a diff cut to ``words`` words after the change before it
    (``keep_start``) and before the change after it (``keep_end``)."""
    parts = text.split(" ")
    if len(parts) <= 2 * words + 1:
        return text
    head = " ".join(parts[:words]) if keep_start else ""
    tail = " ".join(parts[-words:]) if keep_end else ""
    return f"{head} … {tail}".strip() if head or tail else "…"


def _count(items: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(items).items()))
