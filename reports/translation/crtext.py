"""A translated release written as CR text, in the line format the project parses.

:func:`cr_text` writes the pieces of an EN release
(:func:`mtgcr.crossref.translation.carry_pieces.pieces`) with the translations a completed
kit gives them, line by line as the EN and ZH text files print a release (the cr-text parser,
:mod:`mtgcr.extract.formats.cr_text`, with the language's profile reads it back):

.. code-block:: text

    <title>

    <date statement>

    <introduction (its paragraphs as given)>

    <contents heading>

    1. <chapter>
    100. <section>
    …                                   (a blank line after each chapter's list)
    <glossary heading>

    <credits heading>

    1. <chapter>

    100. <section>

    100.1. <rule text>
    100.1a <subrule text>
    <example label><example text>       (right under its rule)
    …
    <glossary heading>

    <headword line>
    <definition lines>
    …
    <credits heading>

    <credits>

Rule numbers are printed as the CR prints them (``100.1.`` for a rule, ``100.1a`` for a
subrule, ``100.`` for a section, ``1.`` for a chapter); the example label is the profile's
(``例如：``, ``Example:`` followed by a space).
"""

from __future__ import annotations

from typing import Mapping

from mtgcr.extract.model import Ruleset
from mtgcr.extract.profiles import CRProfile

from mtgcr.crossref.translation.carry_model import UnitKind
from mtgcr.crossref.translation.carry_pieces import FrontMatter, Piece, pieces

__all__ = ["cr_text"]


def cr_text(
    english: Ruleset, front: FrontMatter | None, targets: Mapping[str, str], prof: CRProfile
) -> str:
    """The CR text of the translation of ``english``.

    Args:
        english: the EN release translated (its structure: chapters, sections, rules,
            examples, glossary).
        front: its front matter (the pieces a kit had: date statement and headings).
        targets: unit id → translated text, for every piece.
        prof: the translation's language profile (its example label).

    Returns:
        The text, lines ending in ``\\n``.

    Raises:
        KeyError: a piece has no translation in ``targets`` (checked by the caller first).
    """
    ps = list(pieces(english, front))
    t = {p.id: targets[p.id] for p in ps}
    label = prof.example_label
    if label and label[-1].isascii():
        label += " "
    out: list[str] = []

    def para(*lines: str) -> None:
        out.extend(lines)
        out.append("")

    by_kind: dict[UnitKind, list[Piece]] = {}
    for p in ps:
        by_kind.setdefault(p.kind, []).append(p)
    front_ids = {p.id.rsplit(":front:", 1)[-1]: t[p.id] for p in ps if ":front:" in p.id}
    for name in ("title", "date", "introduction", "contents-heading"):
        if name in front_ids:
            para(front_ids[name])
    chapters = by_kind.get(UnitKind.CHAPTER, [])
    sections = by_kind.get(UnitKind.SECTION, [])
    for c in chapters:
        lines = [f"{c.number}. {t[c.id]}"]
        lines += [
            f"{s.number}. {t[s.id]}"
            for s in sections
            if int(str(s.number)) // 100 == int(str(c.number))
        ]
        para(*lines)
    for name in ("glossary-heading", "credits-heading"):
        if name in front_ids:
            para(front_ids[name])
    rule_lines: list[str] = []
    for p in ps:
        if p.kind is UnitKind.CHAPTER:
            _flush(out, rule_lines)
            para(f"{p.number}. {t[p.id]}")
        elif p.kind is UnitKind.SECTION:
            _flush(out, rule_lines)
            para(f"{p.number}. {t[p.id]}")
        elif p.kind is UnitKind.RULE:
            _flush(out, rule_lines)
            assert p.rule is not None
            n = p.rule.number
            rule_lines.append(f"{n}{'' if n.letters else '.'} {t[p.id]}")
        elif p.kind is UnitKind.EXAMPLE:
            rule_lines.append(f"{label}{t[p.id]}")
    _flush(out, rule_lines)
    if "glossary-heading" in front_ids:
        para(front_ids["glossary-heading"])
    entry: list[str] = []
    for p in ps:
        if p.kind is UnitKind.GLOSSARY_TERM:
            if entry:
                para(*entry)
            entry = [t[p.id]]
        elif p.kind is UnitKind.GLOSSARY_TEXT:
            entry.append(t[p.id])
    if entry:
        para(*entry)
    if "credits-heading" in front_ids:
        para(front_ids["credits-heading"])
    if "credits" in front_ids:
        para(front_ids["credits"])
    return "\n".join(out).rstrip("\n") + "\n"


def _flush(out: list[str], rule_lines: list[str]) -> None:
    """The lines of one rule (and its examples), then a blank line."""
    if rule_lines:
        out.extend(rule_lines)
        out.append("")
        rule_lines.clear()
