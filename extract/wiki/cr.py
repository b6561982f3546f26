"""The MTG Wiki's own 総合ルール pages (総合ルール/0 … 総合ルール/9, the glossary page), as wikitext.

Format knowledge (the pages 4423-mtg/mtgwiki-scripts generates from the official JA text, in
``corpus/mtgwiki/generated/``): a notice line ``…マジック総合ルール（和訳 20260116.0 版）を転記…``
and ``----``; a contents list of ``*[[#100|100. 原則]]`` links; chapter lines ``1. ゲームの考え方``;
section headings ``=100=`` with the title on the next line; rules ``==100.1==`` and subrules
``===100.1a===`` with their text on the following lines; examples ``例：`` / ``例:`` lines
(often after a blank line); links ``[[総合ルール/1#100.6|rule 100.6]]`` where the JA text has
``rule 100.6``; ``__NOTOC__``. The glossary page has one level-1 heading per entry,
``=相棒（あいぼう）／Companion=``, the definition on the following lines. The page 総合ルール/0
holds the introduction (``0. はじめに``). The JA text's own defects are copied into the pages
(``702.189. 火の技`` as a rule's text, ``. 前兆カード`` as a section title, a duplicated
``==505.4==``) and are read the way :mod:`mtgcr.extract.formats.cr_text` reads them in the JA text.

Each page becomes a partial JA ruleset (origin ``"wiki"``) of the release its notice names; the
pages merge into one ruleset of that release (:func:`mtgcr.extract.wiki.quotes.merge_partial`).
"""

from __future__ import annotations

import re

import mwparserfromhell

from mtgcr.corpus.document import Document

from mtgcr.extract.formats.cr_text import CRFormatError, split_headword
from mtgcr.extract.model import (
    Chapter,
    Example,
    GlossaryEntry,
    ParseWarning,
    Release,
    Rule,
    Ruleset,
    Section,
    WarningKind,
)
from mtgcr.extract.profiles import JA_HEADWORD
from mtgcr.extract.provenance import Place, Provenance
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.kinds import DocumentParser, ParseResult
from mtgcr.extract.wiki.fact_records import WikiPageFact
from mtgcr.extract.wiki.facts import ruleset_facts
from mtgcr.extract.wiki.result import ORIGIN

__all__ = ["sniff_wiki_cr", "parse_wiki_cr", "NOTICE"]

#: The notice every generated page starts with; names the translation's version.
NOTICE = re.compile(r"和訳\s*(?P<label>\d{8})\.(?P<rev>\d+)\s*版[)）]?\s*を転記")
_HEAD = re.compile(r"^(?P<eq>={1,3})(?P<num>\d{3}(?:\.\d{1,3}[a-z]{0,2})?)(?P=eq)\s*$")
_GLOSS_HEAD = re.compile(r"^=(?P<head>[^=].*?)=\s*$")
_CHAPTER = re.compile(r"^(?P<ch>\d)\.\s+(?P<title>\S.*)$")
_TOC_END = re.compile(r"^(?:10\.\s*用語集|用語集|クレジット)$")  # the contents' last entries
_EXAMPLE = re.compile(r"^\s*例\s*[：:]\s*")
_TOC_SECTION = re.compile(r"^(?P<sec>\d{3})(?P<sp>\s*)\.\s*(?P<title>\S.*)$")
_DUP = re.compile(r"^(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})\.?\s+")


def sniff_wiki_cr(doc: Document) -> bool:
    """True for a generated 総合ルール page: the ``（和訳 YYYYMMDD.N 版）を転記`` notice near the top."""
    return any(NOTICE.search(l) for l in doc.lines[:5])


def _plain(line: str) -> str:
    """The line with its wiki links replaced by their labels; all other characters verbatim."""
    if "[[" not in line:
        return line
    code = mwparserfromhell.parse(line)
    for link in code.filter_wikilinks(recursive=False):
        code.replace(link, str(link.text if link.text is not None else link.title))
    return str(code)


def parse_wiki_cr(doc: Document) -> tuple[Ruleset, Provenance]:
    """Parse one generated 総合ルール page.

    Returns:
        ``(ruleset, provenance)``: a partial JA ruleset (``complete=False``, no effective date)
        of the release and revision the notice names, holding this page's chapters, sections,
        rules, examples, glossary entries (glossary page) or introduction (page 0); provenance
        maps each number to its :class:`~mtgcr.extract.provenance.Place`.

    Raises:
        ValueError: no notice naming the release (the message names the file).
    """
    lines = doc.lines
    m = next((NOTICE.search(l) for l in lines[:5] if NOTICE.search(l)), None)
    if m is None:
        raise ValueError(
            f"{doc.source}: no '（和訳 YYYYMMDD.N 版）を転記' notice; not a generated 総合ルール page"
        )
    rs = Ruleset(Release("ja", m.group("label"), None, m.group("rev")), doc.source, complete=False)
    prov: Provenance = {}

    def warn(
        line: int, msg: str, kind: WarningKind = WarningKind.OTHER, number: RuleNumber | None = None
    ) -> None:
        rs.warnings.append(ParseWarning(doc.source, line, msg, kind, number))

    start = next((i + 1 for i, l in enumerate(lines[:10]) if l.strip() == "----"), 1)
    section: Section | None = None
    rule: Rule | None = None
    example: Example | None = None
    gloss: GlossaryEntry | None = None
    want_title = False
    intro: list[str] | None = []
    in_toc_link = False
    for i in range(start, len(lines)):
        raw = lines[i]
        s = raw.strip()
        lineno = i + 1
        if in_toc_link:  # a contents link running over several lines (page 0)
            in_toc_link = "]]" not in s
            continue
        if (
            not s
            or s in ("__NOTOC__", "----")
            or (_TOC_END.match(s) and rule is None and gloss is None)
        ):
            continue
        if re.match(r"^\*+\s*\[\[#", s):
            in_toc_link = "]]" not in s
            continue
        h = _HEAD.match(s)
        if h:
            intro = None
            num = RuleNumber.parse(h.group("num"))
            want_title = False
            example = None
            if num.kind == "section":
                section, rule, want_title = None, None, True
                if num in rs.sections:
                    warn(
                        lineno,
                        f"section {num} appears twice; the second heading is ignored",
                        WarningKind.DUPLICATE_SECTION,
                        num,
                    )
                    continue
                section = Section(num, "", lineno)
                rs.sections[num] = section
                prov[num] = (Place(doc.source, lineno),)
            else:
                rule, first = rs.add_rule(num, "", lineno)
                if first is not None:
                    rs.warnings.append(
                        ParseWarning.duplicate_rule(doc.source, lineno, num, first.line)
                    )
                else:
                    prov[num] = (Place(doc.source, lineno),)
            continue
        g = _GLOSS_HEAD.match(s)
        hm = JA_HEADWORD.match(g.group("head")) if g else None
        if g and hm:
            term, aliases = split_headword(hm.group("term").strip())
            gloss = GlossaryEntry(
                term, aliases, "", lineno, False, g.group("head"), hm.group("original").strip()
            )
            rs.glossary.append(gloss)
            rule = section = intro = None
            continue
        text = _plain(s)
        if want_title and section is not None:
            title = text
            if title.startswith(". "):  # "720 . 前兆カード" in the JA text
                warn(
                    lineno,
                    f"space before the dot of section heading {section.number}",
                    WarningKind.NUMBER_FORM,
                    section.number,
                )
                title = title[2:]
            section.title = title
            want_title = False
            continue
        t = _TOC_SECTION.match(s)
        if (
            t
            and rule is None
            and gloss is None
            and not rs.sections.get(RuleNumber(int(t.group("sec"))))
        ):
            num = RuleNumber(int(t.group("sec")))  # the contents page lists "100. 原則"
            if t.group("sp"):
                warn(
                    lineno,
                    f"space before the dot of section heading {num}",
                    WarningKind.NUMBER_FORM,
                    num,
                )
            rs.sections[num] = Section(num, t.group("title").strip(), lineno)
            prov[num] = (Place(doc.source, lineno),)
            intro = None
            continue
        c = _CHAPTER.match(s)
        if c and rule is None and gloss is None:
            n = int(c.group("ch"))
            if n == 0:
                intro = []
            else:
                rs.chapters.append(Chapter(n, c.group("title").strip(), lineno))
                intro = None
            continue
        if gloss is not None:
            gloss.text = f"{gloss.text}\n{text}" if gloss.text else text
            continue
        if intro is not None and rule is None:
            intro.append(_plain(raw.rstrip()))
            continue
        if rule is None:
            warn(lineno, f"text outside any rule, ignored: {text[:40]!r}", WarningKind.TEXT_IGNORED)
            continue
        e = _EXAMPLE.match(text)
        if e:
            example = Example(text[e.end() :], lineno)
            rule.examples.append(example)
            continue
        if example is not None:
            example.text += "\n" + text
            continue
        if not rule.text.strip():
            d = _DUP.match(text)
            if d and d.group("num") == str(
                rule.number
            ):  # "702.189. 702.189. 火の技" in the JA text
                warn(
                    lineno,
                    f"number {rule.number} printed twice",
                    WarningKind.NUMBER_PRINTED_TWICE,
                    rule.number,
                )
                text = text[d.end() :]
        rule.text = (
            f"{rule.text}{text}"
            if rule.text.endswith("\n") or not rule.text
            else f"{rule.text}\n{text}"
        )
    if intro:  # page 0 (はじめに) and the header page (the translator's notes)
        rs.introduction = "\n".join(intro)
    for entry in rs.glossary:
        if not entry.text:
            warn(
                entry.line,
                f"glossary entry {entry.heading!r} has no definition",
                WarningKind.GLOSSARY,
            )
    return rs, prov


def _parse(doc: Document) -> ParseResult:
    try:
        rs, prov = parse_wiki_cr(doc)
    except ValueError as exc:
        raise CRFormatError(str(exc)) from None
    result = ParseResult(
        "wiki-cr",
        [(rs, ORIGIN, prov)] if (rs.rules or rs.sections or rs.glossary or rs.introduction) else [],
    )
    page = WikiPageFact(doc.source, "wiki-cr", "総合ルール", "Comprehensive Rules")
    result.facts = [(WikiPageFact.KIND, page.as_json())] + ruleset_facts(rs, doc.source)
    return result


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("wiki-cr", sniff_wiki_cr, _parse)
