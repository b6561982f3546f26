"""The result of aligning two releases: :class:`Alignment` and its parts.

An alignment says, for every rule and subrule of the old release and of the new one, which
group of changes it belongs to (one relation per group), and how sections and glossary
entries correspond. It holds numbers, kinds and scores only; the texts stay in the rulesets
(reports join them back). It serialises to plain JSON (:meth:`Alignment.to_json`) for the
alignment cache and for ``mtgcr diff --format json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Literal, NamedTuple, get_args

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "one_to_one_kind",
    "RuleKind",
    "SectionKind",
    "GlossaryKind",
    "RULE_KINDS",
    "SECTION_KINDS",
    "GLOSSARY_KINDS",
    "Change",
    "SectionChange",
    "GlossaryChange",
    "Alignment",
    "release_json",
    "decode_change_row",
    "parse_number_cached",
]

#: A relation between rules (the stored and JSON value is the string itself).
RuleKind = Literal[
    "unchanged",
    "typography",
    "renumbered",
    "modified",
    "moved",
    "split",
    "merged",
    "added",
    "removed",
    "ambiguous",
]
#: A relation between sections (``unchanged`` ones are kept too, reports may hide them).
SectionKind = Literal["unchanged", "moved", "retitled", "merged", "split", "added", "removed"]
#: A relation between glossary entries.
GlossaryKind = Literal["unchanged", "typography", "changed", "renamed", "added", "removed"]

#: Relations between rules, in the order reports list them.
RULE_KINDS: tuple[RuleKind, ...] = get_args(RuleKind)
#: Relations between sections.
SECTION_KINDS: tuple[SectionKind, ...] = get_args(SectionKind)
#: Relations between glossary entries.
GLOSSARY_KINDS: tuple[GlossaryKind, ...] = get_args(GlossaryKind)


def _kind(value: str, kinds: tuple[str, ...], what: str) -> Any:
    """``value`` if it is one of ``kinds``; raises ``ValueError`` naming ``what`` otherwise
    (a cached alignment of an unknown kind is refused, not carried along as a string)."""
    if value not in kinds:
        raise ValueError(f"not a {what} kind: {value!r} (one of {', '.join(kinds)})")
    return value


#: Kinds that carry a rule forward to a successor (lineage continues through them).
CONTINUING = frozenset(
    {"unchanged", "typography", "renumbered", "modified", "moved", "split", "merged"}
)


def one_to_one_kind(moved: bool, changed: bool, renumbered: bool, typography: bool) -> RuleKind:
    """The kind of a one-to-one pair of rules, from what the comparison found: ``moved`` (to
    another section) before ``modified`` (the wording changed) before ``renumbered`` (same
    wording, another number) before ``typography`` (only typography differs) or ``unchanged``.
    The one rule for release alignments (:mod:`mtgcr.crossref.align.classify`) and translation
    alignments (:mod:`mtgcr.crossref.translation.xlang`)."""
    if moved:
        return "moved"
    if changed:
        return "modified"
    if renumbered:
        return "renumbered"
    return "typography" if typography else "unchanged"


parse_number_cached = lru_cache(maxsize=65536)(RuleNumber.parse)  # cached alignments repeat numbers


class Change(NamedTuple):
    """One group of rules and how it changed (an immutable named tuple: thousands are made
    per alignment).

    Attributes:
        kind: one of :data:`RULE_KINDS`.

            * ``unchanged``: same number, same text as published (renumbered references
              aside);
            * ``typography``: same number, the texts differ in typography only (quotes,
              ``?`` or U+FFFD for a lost character, ™/®/(TM), ``_italics_``, ``<url>``
              brackets, dashes, wraps, whitespace; :mod:`mtgcr.crossref.typography`) — never
              an edit, counted apart, listed in reports only on request;
            * ``renumbered``: same text (typography and renumbered references aside),
              another number;
            * ``modified``: reworded, one old rule ↔ one new rule;
            * ``moved``: one ↔ one, but into another section than its section went to
              (``text_changed`` says whether it was also reworded);
            * ``split``: one old rule → several new (``new[0]``, the first in document order,
              is the main successor: the lineage continues through it);
            * ``merged``: several old → one new (``old[0]`` is the main predecessor);
            * ``added`` / ``removed``: no counterpart;
            * ``ambiguous``: two or more equally good candidates — ``old`` and ``new`` list all
              of them and nothing is picked (a decisions file can settle it).
        old, new: rule numbers in the old / new release, in document order.
        similarity: 0–1 (rounded to 4 places by the aligner), the Indel similarity of the
            texts (references mapped, typography folded); 1.0 for unchanged, typography and
            renumbered, 0.0 for added and removed.
        text_changed: the wording differs (after folding typography and mapping references).
        notes: remarks for people ("typography only", "cites 701.2, now 702.2", …).
        decided: the relation comes from a human decision, not from the texts.
    """

    kind: RuleKind
    old: tuple[RuleNumber, ...]
    new: tuple[RuleNumber, ...]
    similarity: float
    text_changed: bool = False
    notes: tuple[str, ...] = ()
    decided: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{kind, old: [str], new: [str], similarity, text_changed, notes, decided}``."""
        return {
            "kind": self.kind,
            "old": [str(n) for n in self.old],
            "new": [str(n) for n in self.new],
            "similarity": round(self.similarity, 4),
            "text_changed": self.text_changed,
            "notes": list(self.notes),
            "decided": self.decided,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Change":
        """Inverse of :meth:`to_json`."""
        return cls(
            _kind(d["kind"], RULE_KINDS, "rule"),
            tuple(parse_number_cached(n) for n in d["old"]),
            tuple(parse_number_cached(n) for n in d["new"]),
            float(d["similarity"]),
            bool(d.get("text_changed")),
            tuple(d.get("notes", ())),
            bool(d.get("decided")),
        )


@dataclass(frozen=True)
class SectionChange:
    """How one section corresponds across the two releases.

    Attributes:
        kind: one of :data:`SECTION_KINDS`. ``moved`` = new number (``retitled`` may also be
            true), ``retitled`` = same number, other title; ``merged`` = its rules went into
            ``new``, which continues another section; ``split`` = ``new`` was carved out of
            ``old``, which continues elsewhere.
        old, new: section numbers (``None`` for added / removed).
        old_title, new_title: titles as printed (``None`` when absent).
        moved, retitled: flags (both may be true).
        rules: how many aligned rule pairs join the two sections.
    """

    kind: SectionKind
    old: RuleNumber | None
    new: RuleNumber | None
    old_title: str | None
    new_title: str | None
    moved: bool = False
    retitled: bool = False
    rules: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{kind, old, new, old_title, new_title, moved, retitled, rules}`` (numbers as str)."""
        return {
            "kind": self.kind,
            "old": str(self.old) if self.old else None,
            "new": str(self.new) if self.new else None,
            "old_title": self.old_title,
            "new_title": self.new_title,
            "moved": self.moved,
            "retitled": self.retitled,
            "rules": self.rules,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "SectionChange":
        """Inverse of :meth:`to_json`."""
        return cls(
            _kind(d["kind"], SECTION_KINDS, "section"),
            RuleNumber.parse(d["old"]) if d["old"] else None,
            RuleNumber.parse(d["new"]) if d["new"] else None,
            d["old_title"],
            d["new_title"],
            bool(d["moved"]),
            bool(d["retitled"]),
            int(d["rules"]),
        )


@dataclass(frozen=True, slots=True)
class GlossaryChange:
    """How one glossary entry corresponds.

    Attributes:
        kind: one of :data:`GLOSSARY_KINDS` (``typography``: headword, aliases or definition
            differ in typography only, see :mod:`mtgcr.crossref.typography`).
        old_term, new_term: headwords as printed (``None`` when absent).
        similarity: 0–1 similarity of the definitions (references mapped).
        notes: remarks ("now obsolete", …).
    """

    kind: GlossaryKind
    old_term: str | None
    new_term: str | None
    similarity: float
    notes: tuple[str, ...] = ()

    @property
    def term(self) -> str:
        """The current headword (the old one for removed entries)."""
        return self.new_term or self.old_term or ""

    def to_json(self) -> dict[str, Any]:
        """``{kind, term, old_term, new_term, similarity, notes}``."""
        return {
            "kind": self.kind,
            "term": self.term,
            "old_term": self.old_term,
            "new_term": self.new_term,
            "similarity": round(self.similarity, 4),
            "notes": list(self.notes),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "GlossaryChange":
        """Inverse of :meth:`to_json`."""
        return cls(
            _kind(d["kind"], GLOSSARY_KINDS, "glossary"),
            d["old_term"],
            d["new_term"],
            float(d["similarity"]),
            tuple(d.get("notes", ())),
        )


def _row_numbers(row: list) -> tuple[list[str], list[str]]:
    if row[0] == "u":
        return [row[1]], [row[1]]
    return row[1].split(), row[2].split()


def decode_change_row(row: list) -> Change:
    if row[0] == "u":
        n = parse_number_cached(row[1])
        return Change("unchanged", (n,), (n,), 1.0)
    kind, old, new, sim, changed, decided, notes = row
    return Change(
        _kind(kind, RULE_KINDS, "rule"),
        tuple(parse_number_cached(x) for x in old.split()),
        tuple(parse_number_cached(x) for x in new.split()),
        float(sim),
        bool(changed),
        tuple(notes),
        bool(decided),
    )


def release_json(rel: Release) -> dict[str, Any]:
    """``{effective_date, label, lang, revision}`` of a release (date as ``YYYY-MM-DD``):
    :meth:`mtgcr.extract.model.Release.as_json`, the one JSON form of a release."""
    return rel.as_json()


class Alignment:
    """Everything known about how release ``old`` became release ``new`` (same language).

    Attributes:
        old, new: the two releases.
        changes: every rule group, ``unchanged`` ones included, in new-document order (removed
            rules where they used to be).
        sections: every section correspondence, ``unchanged`` included.
        glossary: every glossary correspondence, ``unchanged`` included.
        counts: ``{"old": rules+subrules in old, "new": … in new}``.
        basis: how it was obtained: ``"direct"`` (the two releases aligned with each other),
            ``"consecutive"`` (neighbours in the chain) or ``"chain"`` (composed from the
            consecutive alignments between them, :mod:`mtgcr.crossref.align.compose`).

    An alignment read from the cache (:meth:`from_cache`) decodes its changes only when
    ``changes`` is first read; lookups by number decode just the group asked for.
    """

    def __init__(
        self,
        old: Release,
        new: Release,
        changes: list[Change] | None = None,
        sections: list[SectionChange] | None = None,
        glossary: list[GlossaryChange] | None = None,
        counts: dict[str, int] | None = None,
    ) -> None:
        self.old, self.new = old, new
        self._changes: list[Change] | None = list(changes or [])
        self._rows: list[list] | None = None
        self._decoded: dict[int, Change] = {}
        self._build: Callable[[], list[Change]] | None = None
        self.sections = list(sections or [])
        self._glossary: list[GlossaryChange] | None = list(glossary or [])
        self._build_glossary: Callable[[], list[GlossaryChange]] | None = None
        self.counts = dict(counts or {})
        self.basis = "direct"
        self._by_old: dict[str, int] | None = None

    @classmethod
    def deferred(
        cls,
        old: Release,
        new: Release,
        changes: Callable[[], list[Change]],
        sections: list[SectionChange],
        glossary: Callable[[], list[GlossaryChange]],
        counts: dict[str, int],
    ) -> "Alignment":
        """An alignment whose ``changes`` and ``glossary`` are built on first use by the
        given functions (each called at most once; what the aligner returns: thousands of
        unchanged groups are not made until someone reads them)."""
        al = cls(old, new, None, sections, None, counts)
        al._changes, al._build = None, changes
        al._glossary, al._build_glossary = None, glossary
        return al

    @property
    def glossary(self) -> list[GlossaryChange]:
        """Every glossary correspondence (built on first use for a fresh alignment)."""
        if self._glossary is None:
            assert self._build_glossary is not None
            self._glossary, self._build_glossary = self._build_glossary(), None
        return self._glossary

    @glossary.setter
    def glossary(self, value: list[GlossaryChange]) -> None:
        self._glossary, self._build_glossary = list(value), None

    @property
    def changes(self) -> list[Change]:
        """Every rule group (built or decoded on first use)."""
        if self._changes is None:
            if self._build is not None:
                self._changes, self._build = self._build(), None
                return self._changes
            assert self._rows is not None  # a cached alignment keeps its rows until decoded
            self._changes = [self._change(i) for i in range(len(self._rows))]
            self._rows = None
            self._decoded = {}
        return self._changes

    def _change(self, i: int) -> Change:
        if self._changes is None and self._build is not None:
            self.changes  # noqa: B018 (builds them)
        if self._changes is not None:
            return self._changes[i]
        ch = self._decoded.get(i)
        if ch is None:
            assert self._rows is not None  # not yet decoded
            ch = self._decoded[i] = decode_change_row(self._rows[i])
        return ch

    def _index(self) -> None:
        """Build the lookup tables (on first lookup: aligning does not pay for them)."""
        if self._changes is None and self._build is not None:
            self.changes  # noqa: B018 (builds them)
        self._by_old, self._by_new = {}, {}
        assert self._changes is not None or self._rows is not None
        if self._changes is not None:
            for i, ch in enumerate(self._changes):
                for n in ch.old:
                    self._by_old[str(n)] = i
                for n in ch.new:
                    self._by_new[str(n)] = i
        else:
            for i, row in enumerate(self._rows or ()):
                olds, news = _row_numbers(row)
                for s in olds:
                    self._by_old[s] = i
                for s in news:
                    self._by_new[s] = i
        # a section's own correspondence, not the split-off / merged-in ones it also appears in
        self._sec_old = {s.old: s for s in self.sections if s.old is not None and s.kind != "split"}
        self._sec_new = {
            s.new: s for s in self.sections if s.new is not None and s.kind != "merged"
        }

    # -- lookups ---------------------------------------------------------------------------
    def change_of_old(self, number: RuleNumber) -> Change | None:
        """The group an old rule belongs to, or ``None`` if the old release lacks it."""
        if self._by_old is None:
            self._index()
        assert self._by_old is not None
        i = self._by_old.get(str(number))
        return None if i is None else self._change(i)

    def change_of_new(self, number: RuleNumber) -> Change | None:
        """The group a new rule belongs to, or ``None`` if the new release lacks it."""
        if self._by_old is None:
            self._index()
        i = self._by_new.get(str(number))
        return None if i is None else self._change(i)

    def forward(self, number: RuleNumber) -> list[RuleNumber]:
        """New number(s) of an old rule: one for 1–1 relations, several for a split, the merged
        rule for a merge, ``[]`` when removed, ambiguous or not in the old release.
        Sections map through :meth:`section_forward`."""
        if number.kind == "section":
            s = self.section_forward(number)
            return [s] if s else []
        ch = self.change_of_old(number)
        if ch is None or ch.kind in ("removed", "ambiguous", "added"):
            return []
        return list(ch.new)

    def backward(self, number: RuleNumber) -> list[RuleNumber]:
        """Old number(s) of a new rule (the mirror of :meth:`forward`)."""
        if number.kind == "section":
            s = self.section_backward(number)
            return [s] if s else []
        ch = self.change_of_new(number)
        if ch is None or ch.kind in ("added", "ambiguous", "removed"):
            return []
        return list(ch.old)

    def map_number(self, number: RuleNumber) -> RuleNumber | None:
        """The one new number an old number continues as (a split's main successor), else
        ``None``; for reference mapping."""
        fw = self.forward(number)
        return fw[0] if fw else None

    def section_change_of_old(self, number: RuleNumber) -> SectionChange | None:
        """The correspondence of an old section."""
        if self._by_old is None:
            self._index()
        return self._sec_old.get(number)

    def section_change_of_new(self, number: RuleNumber) -> SectionChange | None:
        """The correspondence of a new section."""
        if self._by_old is None:
            self._index()
        return self._sec_new.get(number)

    def section_forward(self, number: RuleNumber) -> RuleNumber | None:
        """The section an old section continues as (merged: the section it went into)."""
        s = self.section_change_of_old(RuleNumber(number.section))
        return s.new if s and s.kind != "removed" else None

    def section_backward(self, number: RuleNumber) -> RuleNumber | None:
        """The section a new section continues (split: the section it came out of)."""
        s = self.section_change_of_new(RuleNumber(number.section))
        return s.old if s and s.kind != "added" else None

    # -- figures ---------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Counts: ``{"rules": {kind: groups}, "rule_counts": {kind: [old rules, new rules]},
        "old_rules", "new_rules", "old_unaligned",
        "new_unaligned", "unchanged_share", "sections": {kind: n}, "glossary": {kind: n}}``.

        ``old_unaligned`` counts old rules with no successor (removed or ambiguous);
        ``unchanged_share`` is the fraction of old rules that are unchanged (0–1);
        ``old_unaligned_share`` / ``new_unaligned_share`` the fractions of old / new rules
        with no counterpart (0–1, 4 decimals; 0.0 for no rules). For one section's counts,
        take the summary of :func:`mtgcr.crossref.scope.within_section`.
        """
        rules = {k: 0 for k in RULE_KINDS}
        sizes = {k: [0, 0] for k in RULE_KINDS}
        for ch in self.changes:
            rules[ch.kind] += 1
            sizes[ch.kind][0] += len(ch.old)
            sizes[ch.kind][1] += len(ch.new)
        n_old = self.counts.get("old", sum(len(c.old) for c in self.changes))
        n_new = self.counts.get("new", sum(len(c.new) for c in self.changes))
        old_un = sum(len(c.old) for c in self.changes if c.kind in ("removed", "ambiguous"))
        new_un = sum(len(c.new) for c in self.changes if c.kind in ("added", "ambiguous"))
        secs = {k: 0 for k in SECTION_KINDS}
        for s in self.sections:
            secs[s.kind] += 1
        glos = {k: 0 for k in GLOSSARY_KINDS}
        for g in self.glossary:
            glos[g.kind] += 1
        return {
            "rules": rules,
            "rule_counts": sizes,
            "old_rules": n_old,
            "new_rules": n_new,
            "old_unaligned": old_un,
            "new_unaligned": new_un,
            "unchanged_share": round(rules["unchanged"] / n_old, 4) if n_old else 1.0,
            "sections": secs,
            "glossary": glos,
            "old_unaligned_share": round(old_un / n_old, 4) if n_old else 0.0,
            "new_unaligned_share": round(new_un / n_new, 4) if n_new else 0.0,
        }

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Plain JSON: ``{old, new, counts, changes, sections, glossary}``."""
        return {
            "old": release_json(self.old),
            "new": release_json(self.new),
            "counts": dict(self.counts),
            "changes": [c.to_json() for c in self.changes],
            "sections": [s.to_json() for s in self.sections],
            "glossary": [g.to_json() for g in self.glossary],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Alignment":
        """Inverse of :meth:`to_json`."""
        return cls(
            Release.from_json(d["old"]),
            Release.from_json(d["new"]),
            [Change.from_json(c) for c in d["changes"]],
            [SectionChange.from_json(s) for s in d["sections"]],
            [GlossaryChange.from_json(g) for g in d["glossary"]],
            dict(d.get("counts", {})),
        )

    def to_cache(self) -> dict[str, Any]:
        """A compact JSON form for the alignment cache: like :meth:`to_json` but each change
        is a row ``[kind, old numbers, new numbers, similarity, text_changed, decided, notes]``
        (numbers space-separated), shortened to ``["u", number]`` for unchanged rules."""
        rows: list[list[Any]] = []
        for c in self.changes:
            if c.kind == "unchanged" and not c.notes and not c.decided:
                rows.append(["u", str(c.old[0])])
            else:
                rows.append(
                    [
                        c.kind,
                        " ".join(map(str, c.old)),
                        " ".join(map(str, c.new)),
                        round(c.similarity, 4),
                        int(c.text_changed),
                        int(c.decided),
                        list(c.notes),
                    ]
                )
        # the JSON of the changes themselves is not built: the rows replace it
        return {
            "old": release_json(self.old),
            "new": release_json(self.new),
            "counts": dict(self.counts),
            "sections": [s.to_json() for s in self.sections],
            "glossary": [g.to_json() for g in self.glossary],
            "rows": rows,
        }

    @classmethod
    def from_cache(cls, d: dict[str, Any]) -> "Alignment":
        """Inverse of :meth:`to_cache`; changes are decoded lazily."""
        al = cls.__new__(cls)
        al.old, al.new = Release.from_json(d["old"]), Release.from_json(d["new"])
        al._changes, al._rows, al._decoded, al._build = None, d["rows"], {}, None
        al.sections = [SectionChange.from_json(s) for s in d["sections"]]
        al.glossary = [GlossaryChange.from_json(g) for g in d["glossary"]]
        al.counts = dict(d.get("counts", {}))
        al.basis = "direct"
        al._by_old = None
        return al

    def changed(self) -> Iterable[Change]:
        """Every group except ``unchanged`` ones."""
        return (c for c in self.changes if c.kind != "unchanged")
