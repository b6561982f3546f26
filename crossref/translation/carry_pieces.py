"""The translatable pieces of an EN release, in document order, each with its unit id.

One enumeration serves the two directions of a kit: :func:`mtgcr.crossref.translation.carry.build_kit`
gives each piece the old translation it carries, and the import
(:mod:`mtgcr.reports.translation.importing`) checks a completed kit against the same pieces
and writes them back as CR text in the same order.

Ids (see :mod:`mtgcr.crossref.translation.carry_model`): ``en:2026-04-17:704.5a``,
``…:704.5a:example-2``, ``…:704`` (a section heading), ``…:chapter-7``,
``…:glossary:trample:term`` / ``…:definition`` (the concept id without ``en-glossary-``),
``…:front:title``, ``…:front:date``, ``…:front:introduction``, ``…:front:contents-heading``,
``…:front:glossary-heading``, ``…:front:credits-heading``, ``…:front:credits``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Callable, Iterator

from mtgcr.extract.model import Chapter, GlossaryEntry, Rule, Ruleset

from mtgcr.crossref.glossary_anchor import concept_id
from mtgcr.crossref.translation.carry_model import UnitKind

__all__ = ["FrontMatter", "Piece", "pieces", "id_base"]


@dataclass(frozen=True)
class FrontMatter:
    """The printed pieces of a release the rule model does not hold (read from its document
    by :func:`mtgcr.reports.translation.frame.front_matter`).

    Attributes:
        date_line: the effective-date statement as printed (``"此规则于2026年2月27日起生效。"``).
        redate: writes the statement for another date in the same words
            (``redate(date(2026, 4, 17))``), or ``None`` when it cannot be rewritten (its
            month is a word the profile does not list).
        contents, glossary, credits: the fixed headings as printed (``"目录"``, ``"词汇表"``,
            ``"版权信息"``); ``""`` when the document has none.
    """

    date_line: str = ""
    redate: Callable[[date], str] | None = field(default=None, compare=False)
    contents: str = ""
    glossary: str = ""
    credits: str = ""


@dataclass(frozen=True)
class Piece:
    """One translatable piece of an EN release.

    Attributes:
        id: the unit id.
        kind: what it is.
        source: its EN text as published.
        number: rule or section number (``"704.5a"``, ``"704"``), chapter (``"7"``), glossary
            headword, or ``None``.
        unit, segment: the group it belongs to in formats that group pieces (a glossary
            entry's headword and definition) and its name there; ``unit`` is ``id`` otherwise.
        example: an example's 1-based position under its rule.
        rule: the rule of a rule or example piece; chapter, entry: the chapter or glossary
            entry of those pieces.
    """

    id: str
    kind: UnitKind
    source: str
    number: str | None = None
    unit: str = ""
    segment: str = "s"
    example: int | None = None
    rule: Rule | None = None
    chapter: Chapter | None = None
    entry: GlossaryEntry | None = None


def id_base(rs: Ruleset) -> str:
    """``"en:2026-04-17"``: the prefix of every unit id of ``rs``'s pieces.

    Raises:
        ValueError: the release states no effective date (its pieces cannot be named).
    """
    eff = rs.release.effective_date
    if eff is None:
        raise ValueError(f"{rs.release.lang} {rs.release.label} states no effective date")
    return f"{rs.release.lang}:{eff.isoformat()}"


def pieces(en: Ruleset, front: FrontMatter | None = None) -> Iterator[Piece]:
    """The pieces of ``en`` in document order: title, date statement (when ``front`` has
    one), introduction, contents heading, then each chapter heading, section heading, rule
    and its examples, then the glossary heading, each entry's headword and definition, the
    credits heading and the credits. Pieces whose EN text is empty are left out.

    Raises:
        ValueError: the release states no effective date.
    """
    base = id_base(en)
    front = front or FrontMatter()

    def fp(name: str, kind: UnitKind, text: str) -> Iterator[Piece]:
        if text:
            yield Piece(f"{base}:front:{name}", kind, text)

    yield from fp("title", UnitKind.TITLE, en.title)
    yield from fp("date", UnitKind.DATE, front.date_line)
    yield from fp("introduction", UnitKind.INTRODUCTION, en.introduction)
    yield from fp("contents-heading", UnitKind.HEADING, front.contents)
    chapters = {c.number: c for c in en.chapters}
    seen_ch: set[int] = set()
    secs = list(en.sections)  # document order; a section may have no rules (600. General)
    k = 0

    def chapter(ch: int) -> Iterator[Piece]:
        if ch not in seen_ch and ch in chapters:
            seen_ch.add(ch)
            c = chapters[ch]
            yield Piece(f"{base}:chapter-{ch}", UnitKind.CHAPTER, c.title, str(ch), chapter=c)

    def sections_upto(section: int) -> Iterator[Piece]:
        nonlocal k
        while k < len(secs) and secs[k].section <= section:
            sec = secs[k]
            k += 1
            yield from chapter(sec.section // 100)
            yield Piece(f"{base}:{sec}", UnitKind.SECTION, en.sections[sec].title, str(sec))

    for n, rule in en.rules.items():
        yield from sections_upto(n.section)
        yield from chapter(n.section // 100)
        if rule.text:
            yield Piece(f"{base}:{n}", UnitKind.RULE, rule.text, str(n), rule=rule)
        for i, ex in enumerate(rule.examples, start=1):
            if ex.text:
                yield Piece(
                    f"{base}:{n}:example-{i}",
                    UnitKind.EXAMPLE,
                    ex.text,
                    str(n),
                    example=i,
                    rule=rule,
                )
    yield from sections_upto(10**6)
    yield from fp("glossary-heading", UnitKind.HEADING, front.glossary)
    for g in en.glossary:
        unit = f"{base}:glossary:{concept_id(g.term).removeprefix('en-glossary-')}"
        for seg, kind, text in (
            ("term", UnitKind.GLOSSARY_TERM, g.heading or g.term),
            ("definition", UnitKind.GLOSSARY_TEXT, g.text),
        ):
            if text:
                yield Piece(f"{unit}:{seg}", kind, text, g.term, unit, seg, entry=g)
    yield from fp("credits-heading", UnitKind.HEADING, front.credits)
    yield from fp("credits", UnitKind.CREDITS, en.credits)
