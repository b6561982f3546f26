"""One section's part of an alignment: what a report "for section 712" covers, and its counts.

A rule group belongs to report section ``S`` when one of its old rules is in ``S`` or in a
section that went into it (the 2023-04-14 release folded 713 Meld Cards into 712), or one of
its new rules is in ``S`` or in a section carved out of it. A section correspondence
belongs when either side does; a glossary entry when its definition (old or new) cites a
rule of ``S`` (:func:`mtgcr.extract.references.find_references`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from mtgcr.extract.model import Ruleset
from mtgcr.extract.references import find_references
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.model import Alignment

__all__ = ["SectionScope", "within_section"]


@dataclass(frozen=True)
class SectionScope:
    """The old and the new section numbers that belong to report section ``section``: the
    section itself on both sides, old sections that continue as it (moved or merged into
    it), and new sections it continues as (moved) or that were carved out of it (split).

    Attributes:
        section: the section asked for (``712``).
        old: section numbers of the old release that belong to it.
        new: section numbers of the new release that belong to it.
    """

    section: int
    old: frozenset[int]
    new: frozenset[int]

    @classmethod
    def of(cls, al: Alignment, section: int) -> "SectionScope":
        """The scope of ``section`` in the alignment ``al``."""
        olds, news = {section}, {section}
        for s in al.sections:
            if s.old is None or s.new is None or s.kind in ("added", "removed"):
                continue
            if s.new.section == section:
                olds.add(s.old.section)
            if s.old.section == section:
                news.add(s.new.section)
        return cls(section, frozenset(olds), frozenset(news))

    def touches(self, old: Iterable[RuleNumber], new: Iterable[RuleNumber]) -> bool:
        """True if any of the old numbers ``old`` or the new numbers ``new`` is in scope."""
        return any(n.section in self.old for n in old) or any(n.section in self.new for n in new)


def within_section(
    al: Alignment, section: int | SectionScope, old: Ruleset, new: Ruleset
) -> Alignment:
    """The part of ``al`` that belongs to one section (see the module docstring), as an
    alignment of its own: its :meth:`~mtgcr.crossref.model.Alignment.summary` counts that
    section only (``old_rules`` / ``new_rules``: the rules of its groups).

    Args:
        al: the alignment of ``old`` with ``new``.
        section: a section number, or its :class:`SectionScope`.
        old, new: the two rulesets (their glossaries decide which entries belong).

    Returns:
        A new :class:`~mtgcr.crossref.model.Alignment` of the same releases and basis.
    """
    scope = section if isinstance(section, SectionScope) else SectionScope.of(al, section)
    changes = [ch for ch in al.changes if scope.touches(ch.old, ch.new)]
    sections = [
        s
        for s in al.sections
        if (s.old is not None and s.old.section in scope.old)
        or (s.new is not None and s.new.section in scope.new)
    ]
    o_gl = {g.term: g for g in old.glossary}
    n_gl = {g.term: g for g in new.glossary}
    glossary = [
        g
        for g in al.glossary
        if any(
            n.section == scope.section
            for e in (o_gl.get(g.old_term or ""), n_gl.get(g.new_term or ""))
            if e
            for r in find_references(e.text)
            for n in r.numbers
        )
    ]
    counts = {"old": sum(len(c.old) for c in changes), "new": sum(len(c.new) for c in changes)}
    part = Alignment(al.old, al.new, changes, sections, glossary, counts)
    part.basis = al.basis
    return part
