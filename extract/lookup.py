"""Lookups in one ruleset: a rule, section or chapter by the number a user types, and a
glossary entry by the name a user types, with the reason when there is none.

This is the policy behind ``mtgcr show`` and ``mtgcr define`` and the library calls
:meth:`mtgcr.api.Corpus.rule` / ``section`` / ``chapter`` / ``define``; it reads
only :class:`~mtgcr.extract.model.Ruleset` objects (no store, no SQL). Format knowledge: rule
and section numbers as every official CR text writes them (``712.``, ``712.8``,
``712.8e``; chapters ``7.``), glossaries as :mod:`mtgcr.extract.formats.cr_text` and the
translation parsers store them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Mapping, Sequence

from mtgcr.extract.model import Chapter, GlossaryEntry, Rule, Ruleset, Section
from mtgcr.extract.provenance import Place, Provenance
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.errors import NotFound

__all__ = [
    "NotFound",
    "Located",
    "LocatedKind",
    "Definition",
    "user_number",
    "locate",
    "release_name",
    "where_line",
    "define_term",
    "cut_off_note",
]


class LocatedKind(str, Enum):
    """What a number names: a rule (``712.8``), a subrule (``712.8e``), a section (``712``)
    or a chapter (``7``)."""

    RULE = "rule"
    SUBRULE = "subrule"
    SECTION = "section"
    CHAPTER = "chapter"


def release_name(rs: Ruleset) -> str:
    """``"en 2023-11-17"``: the language and the effective date of ``rs`` (its label when
    the date is unknown), as messages name a release."""
    rel = rs.release
    return f"{rel.lang} {rel.name}"


def user_number(text: str) -> RuleNumber | int:
    """A rule number as a user types it: ``712.8E`` is ``712.8e`` (documents are parsed
    strictly; only here is case ignored), ``7`` or ``7.`` is chapter 7 (an ``int``).

    Args:
        text: what the user typed (surrounding spaces ignored).

    Returns:
        A :class:`RuleNumber` (rule, subrule or section), or the chapter number 1–9.

    Raises:
        NotFound: not a rule, section or chapter number (the message quotes ``text``).

    >>> user_number("712.8E"), user_number("7.")
    (RuleNumber('712.8e'), 7)
    """
    s = text.strip()
    if s.rstrip(".").isdigit() and len(s.rstrip(".")) == 1:
        return int(s.rstrip("."))
    num = RuleNumber.try_parse(s.lower())
    if num is None:
        raise NotFound(
            f"{text!r} is not a rule number (like 712, 712.8 or 712.8e) or a "
            f"chapter number (like 7)"
        )
    return num


@dataclass
class Located:
    """A rule, subrule, section or chapter found in one ruleset.

    Attributes:
        kind: what ``number`` names.
        number: the rule or section number, or the chapter number (``int``).
        ruleset: the release it was found in.
        rule: the rule or subrule itself (kinds rule, subrule).
        section: the section heading (kind section).
        chapter: the chapter heading (kind chapter; ``None`` when the release has sections of
            the chapter but no chapter heading).
        rules: the rules shown, in document order: for a rule, the rule and (with
            ``subrules``) everything below it; for a section, its rules (with ``subrules``:
            its whole subtree).
        sections: for a chapter, its sections in number order.
        provenance: rule number → the places a rule of merged wiki quotes was quoted
            (:class:`~mtgcr.extract.provenance.Place` records, first place first; read with
            :func:`mtgcr.extract.records.provenance_of`); empty for a release read from one
            file.
    """

    kind: LocatedKind
    number: RuleNumber | int
    ruleset: Ruleset
    rule: Rule | None = None
    section: Section | None = None
    chapter: Chapter | None = None
    rules: list[Rule] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    provenance: Provenance = field(default_factory=dict)

    @property
    def below(self) -> list[Rule]:
        """For a rule: the rules shown below it (``rules`` without the rule itself)."""
        return [r for r in self.rules if self.rule is None or r.number != self.rule.number]

    def where(self) -> str:
        """Where a rule is in its source: ``"line 62"``, or for a rule of merged wiki quotes
        the page(s) and line(s) it was quoted on (see :func:`where_line`)."""
        if self.rule is None:
            line = self.section.line if self.section else self.chapter.line if self.chapter else 0
            return f"line {line}"
        return where_line(self.rule, self.provenance)


def where_line(rule: Rule, provenance: Mapping[RuleNumber, tuple[Place, ...]]) -> str:
    """``"line 62"``, or for a rule of merged wiki quotes the page(s) and line(s) it was
    quoted on: ``"000_682110f818952840.txt line 62"`` (file names only; a place whose line
    is unknown is named by its file alone).

    Args:
        rule: the rule.
        provenance: rule number → the places it was read
            (:data:`mtgcr.extract.provenance.Provenance`).
    """
    places = provenance.get(rule.number)
    if not places:
        return f"line {rule.line}"
    return "; ".join(
        f"{Path(p.document).name} line {p.line}" if p.line else Path(p.document).name
        for p in places
    )


def locate(
    rs: Ruleset,
    number: RuleNumber | int | str,
    subrules: bool = False,
    provenance: Mapping[RuleNumber, tuple[Place, ...]] | None = None,
) -> Located:
    """Find a rule, subrule, section or chapter in ``rs``.

    Args:
        rs: the release.
        number: a :class:`RuleNumber`, a chapter number, or text as a user types it
            (:func:`user_number`).
        subrules: list everything below a rule, or a section's whole subtree (not only its
            rules).
        provenance: the places of each rule (for merged wiki quotes;
            :func:`mtgcr.extract.records.provenance_of`).

    Returns:
        A :class:`Located`.

    Raises:
        NotFound: not a number; or absent: from a complete release ("does not exist"), or
            not quoted in a partial one (the message names the sections and pages the
            quotes cover); a chapter lists the chapters there are.
    """
    num = user_number(number) if isinstance(number, str) else number
    prov = dict(provenance or {})
    if isinstance(num, int):
        chapter = next((c for c in rs.chapters if c.number == num), None)
        secs = [sec for n, sec in sorted(rs.sections.items()) if n.section // 100 == num]
        if chapter is None and not secs:
            have = ", ".join(str(c.number) for c in rs.chapters) or "none"
            raise NotFound(f"chapter {num} does not exist in {release_name(rs)} (chapters: {have})")
        return Located(
            LocatedKind.CHAPTER, num, rs, chapter=chapter, sections=secs, provenance=prov
        )
    if num.kind == "section":
        sec = rs.sections.get(num)
        if sec is None:
            raise NotFound(absent_reason("section", num, rs, prov))
        rules = rs.subtree(num) if subrules else rs.children(num)
        return Located(LocatedKind.SECTION, num, rs, section=sec, rules=rules, provenance=prov)
    rule = rs.get(num)
    if rule is None:
        raise NotFound(absent_reason("rule", num, rs, prov))
    below = [r for r in rs.subtree(num) if r.number != num] if subrules else []
    return Located(LocatedKind(num.kind), num, rs, rule=rule, rules=[rule, *below], provenance=prov)


def absent_reason(
    kind: str, num: RuleNumber, rs: Ruleset, provenance: Mapping[RuleNumber, tuple[Place, ...]]
) -> str:
    """Why ``num`` is not in ``rs``: absent from a complete release, or not quoted in a
    partial one — then which sections (first–last rule) and pages the stored quotes cover:
    ``"rule 712.9 is not quoted in the stored pages of ja 20231117 (quotes cover §712
    712.1–712.8e; pages: a.txt)"``."""
    where = release_name(rs)
    if rs.complete:
        return f"{kind} {num} does not exist in {where}"
    by_sec: dict[int, list[RuleNumber]] = {}
    for n in rs.rules:
        by_sec.setdefault(n.section, []).append(n)
    cover = []
    for sec in sorted(by_sec):
        ns = sorted(by_sec[sec], key=lambda n: n.sort_key)
        cover.append(f"§{sec} {ns[0]}–{ns[-1]}" if len(ns) > 1 else f"§{sec} {ns[0]}")
    pages = sorted({Path(p.document).name for places in provenance.values() for p in places})
    return (
        f"{kind} {num} is not quoted in the stored pages of {where} (quotes cover "
        f"{', '.join(cover) or 'nothing'}" + (f"; pages: {', '.join(pages)}" if pages else "") + ")"
    )


@dataclass(frozen=True)
class Definition:
    """A glossary entry found for a name, and how.

    Attributes:
        entry: the entry.
        ruleset: the release whose glossary it is.
        how: ``"headword"`` (a headword or alias, case-insensitive), ``"word form"`` (a
            Russian headword in another case or number), ``"reading"``, ``"original"`` (the
            entry's English original), ``"english"`` or ``"english-references"`` (through
            the EN entry ``via``; see :func:`mtgcr.extract.glossary_lookup.find_entry`).
        via: the EN entry the translation's entry was found through, else ``None``.
        fallback: when the entry was found in another release than the one asked for (a
            translation's newest release has no EN release stored, so the newest that has
            one was searched; :meth:`mtgcr.api.Corpus.define`), the sentence saying
            so, else ``None``.
        cut_off: for a release cut off in its glossary (``Ruleset.truncated``), the sentence
            saying so (:func:`cut_off_note`), else ``None``.
    """

    entry: GlossaryEntry
    ruleset: Ruleset
    how: str = "headword"
    via: GlossaryEntry | None = None
    fallback: str | None = None
    cut_off: str | None = None

    @property
    def found_by(self) -> str:
        """``how`` as ``define --format json`` reports it (``"headword"`` for a word form)."""
        return "headword" if self.how == "word form" else self.how

    def note(self) -> str | None:
        """``"found through the en entry Kicker, Kicked"``, ``"found by its reading"``, or
        ``None`` for a headword."""
        if self.via is not None:
            return f"found through the en entry {', '.join((self.via.term, *self.via.aliases))}"
        if self.how == "reading":
            return "found by its reading"
        return None


def define_term(
    rs: Ruleset, term: str, english: Sequence[GlossaryEntry] | None = None
) -> Definition:
    """The glossary entry of ``rs`` that ``term`` names, tried in this order: a headword,
    alias or English original (case-insensitive, :meth:`Ruleset.define`); for Russian, a
    headword in any word form (:mod:`mtgcr.extract.ru_morph`, pymorphy3); for a translation,
    a reading, the entry's original, or an EN headword or alias through ``english``
    (:func:`mtgcr.extract.glossary_lookup.find_entry`). Whether word forms are tried is
    the language profile's ``[glossary] lemmas`` (:mod:`mtgcr.extract.profiles`).

    Args:
        rs: the release.
        term: what the user typed.
        english: for a translation, the glossary of the EN release of the same label (or
            effective date), or ``None`` when it is not stored.

    Returns:
        A :class:`Definition`.

    Raises:
        NotFound: an empty ``term``, or no entry of that name; the message names the closest
            headwords (in the script of ``term``; rapidfuzz WRatio) or says the glossary is
            empty, and says when the glossary is cut off (:func:`cut_off_note`).
    """
    if not term.strip():
        raise NotFound("define: an empty TERM; give a glossary headword (like Kicker)")
    lang = rs.release.lang
    cut = cut_off_note(rs)
    entry = rs.define(term)
    if entry is not None:
        return Definition(entry, rs, cut_off=cut)
    from mtgcr.extract.profiles import profile_for

    prof = profile_for(lang)
    if prof is not None and prof.glossary_lemmas == "pymorphy3-ru":
        from mtgcr.extract.ru_morph import find_entry  # headwords in any word form

        entry = find_entry(rs.glossary, term)
        if entry is not None:
            return Definition(entry, rs, "word form", cut_off=cut)
    if lang != "en":
        from mtgcr.extract.glossary_lookup import find_entry as find_translated

        found = find_translated(rs.glossary, term, english)
        if found is not None:
            return Definition(found.entry, rs, found.how, found.via, cut_off=cut)
    names = [g.term for g in rs.glossary]
    if lang == "en":
        from rapidfuzz import fuzz, process

        close = [m[0] for m in process.extract(term, names, scorer=fuzz.WRatio, limit=3)]
    else:
        from mtgcr.extract.glossary_lookup import suggestions

        close = suggestions(rs.glossary, term, english)
    raise NotFound(
        f"no glossary entry {term!r} in {release_name(rs)}"
        + (
            f"; closest: {', '.join(close)}"
            if close
            else "; its glossary is empty"
            if not names
            else ""
        )
        + (f"; {cut}" if cut else "")
    )


def cut_off_note(rs: Ruleset) -> str | None:
    """``"the glossary of en 2013-02-01 is cut off after 'Attack Multiple Players' (the file
    ends there): later entries are missing"`` for a release whose file ends inside its
    glossary (``rs.truncated``), else ``None``."""
    if not rs.truncated:
        return None
    last = rs.glossary[-1].term if rs.glossary else None
    where = f"after {last!r}" if last else "at its heading"
    return (
        f"the glossary of {rs.release.lang} {rs.release.name} "
        f"is cut off {where} (the file ends there): later entries are missing"
    )
