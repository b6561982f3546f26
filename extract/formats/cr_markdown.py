"""The bilingual Markdown edition of a CR translation: each paragraph in the translation, then
in English.

Format knowledge (``../shared/corpus/zh/markdown``, the ZH community edition dated 20260417):

* one file per chapter (``1.md`` … ``9.md``), plus ``index.md`` (contents and the date
  ``*此规则于2026年4月17日起生效。*``), ``intro.md``, ``glossary.md`` (entries ordered by the
  English headword), ``glossarycn.md`` (the same entries ordered by pinyin), ``credits.md``
  and ``translatedterms.md`` (read by :mod:`mtgcr.extract.formats.term_list`);
* a navigation line first (``[返回完整规则目录](/cr/) | [第六章 - …](/cr/6/) | …``);
* chapter ``# 7. 附加规则 Additional Rules`` and section
  ``## <span id='cr700'>700.</span> 总则 General`` headings carry both titles;
* each rule twice: ``<b id='cr700-1'>700.1.</b> 译文   `` (Markdown line break), then
  ``<b>700.1.</b> English text``; a keyword rule is a heading with both names
  (``### <span id=cr702-2>702.2. 死触 Deathtouch</span>``); examples ``例如：…`` then ``Example: …``; cross-references
  in the translation are links ``[601.2b](/cr/6/#cr601-2b)``, kept as their label;
* glossary entries ``### <span id='Ability'>Ability</span> / <span id='异能'>异能</span>``
  (``glossarycn.md``: translation first), definition paragraphs alternating translation /
  English, entries separated by ``----``.

The language-specific parts (example marker, date statement) come from the translation's
:class:`mtgcr.extract.profiles.CRProfile`; nothing else here is Chinese-specific. Each file yields two
partial rulesets, the translation and the English, of the edition's release: the date stated
in the file, else the one in ``index.md`` beside it (a chapter file states none; a warning
says where the date came from), else the label ``unknown``.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from mtgcr.corpus.document import Document, load_document

from mtgcr.extract.formats.cr_text import split_headword
from mtgcr.extract.kinds import DocumentParser, ParseResult
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
from mtgcr.extract.profiles import PROFILES, CRProfile
from mtgcr.extract.provenance import Place, Provenance
from mtgcr.extract.rulenum import RuleNumber

__all__ = ["sniff_cr_markdown", "parse_cr_markdown", "strip_markdown"]

_NAV = re.compile(r"^\[[^\]]+\]\(/cr/[^)]*\)")
_CHAPTER = re.compile(r"^#\s+(?P<ch>\d)\.\s+(?P<titles>.+?)\s*$")
_SECTION = re.compile(r"^##\s+<span id='cr(?P<sec>\d{3})'>\d{3}\.</span>\s*(?P<titles>.+?)\s*$")
_TR_RULE = re.compile(
    r"^<b id='cr[^']*'>(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})\.?</b>\s*(?P<text>.*?)\s*$"
)
_EN_RULE = re.compile(r"^<b>(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})\.?</b>\s*(?P<text>.*?)\s*$")
_RULE_HEADING = re.compile(
    r"^###\s+<span id=['\"]?cr[\d-]+['\"]?>(?P<num>\d{3}\.\d{1,3})\.?\s*(?P<titles>.+?)</span>\s*$"
)
_GLOSS = re.compile(
    r"^###\s+<span id='[^']*'>(?P<a>[^<]*)</span>\s*/\s*<span id='[^']*'>(?P<b>[^<]*)</span>\s*$"
)
_EN_EXAMPLE = re.compile(r"^Examples?:\s*")
_LINK = re.compile(r"\[([^\]]*)\]\((?:/cr/|https?:)[^)]*\)")
_BARE_URL = re.compile(r"\[https?://([^\]\s]+)\]")
_EMPH = re.compile(r"(?<![A-Za-z0-9*])\*{1,3}([^*\n]+?)\*{1,3}(?![A-Za-z0-9*])")
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
_TOC = re.compile(r"^\s*-\s+\[(?P<num>\d{3})\.\s+(?P<titles>[^\]]+)\]\(/cr/")


def strip_markdown(text: str) -> str:
    """Rendered text of a Markdown line: links → their label, ``[http://X]`` → ``X``,
    ``*emphasis*`` → plain, trailing line-break spaces dropped."""
    return _EMPH.sub(r"\1", _BARE_URL.sub(r"\1", _LINK.sub(r"\1", text))).rstrip()


def _split_titles(titles: str) -> tuple[str, str]:
    """``"附加规则 Additional Rules"`` → (translation, English): split after the last CJK
    character."""
    last = None
    for m in _CJK.finditer(titles):
        last = m
    if last is None:
        return titles.strip(), titles.strip()
    return titles[: last.end()].strip(), titles[last.end() :].strip()


def _profile(doc: Document) -> CRProfile:
    return PROFILES["zh"] if _CJK.search(doc.text) else PROFILES["en"]


def sniff_cr_markdown(doc: Document) -> bool:
    """True for a file of a bilingual Markdown edition: a navigation link to ``/cr/`` or a
    ``# 目录`` contents heading near the top, and rule, section or glossary markup."""
    head = [l for l in doc.lines[:6] if l.strip()]
    if not any(_NAV.match(l) or l.startswith("# ") for l in head):
        return False
    t = doc.text
    return (
        "<b id='cr" in t
        or "<span id='cr" in t
        or (
            "](/cr/" in t
            and ("### <span id=" in t or "# 目录" in t or "# 前言" in t or "# 版权信息" in t)
        )
    )


def _edition_date(doc: Document, prof: CRProfile, warnings: list[ParseWarning]) -> date | None:
    for text, where in ((doc.text, None), (None, "index.md")):
        if text is None:
            assert where is not None
            sib = Path(doc.source).parent / where
            if not sib.is_file() or sib.name == doc.name:
                continue
            try:
                text = load_document(sib).text
            except Exception:  # an unreadable sibling only means the date stays unknown
                continue
        m = prof.date_re.search(text)
        if m and prof.date_from(m):
            if where:
                warnings.append(
                    ParseWarning(
                        doc.source,
                        0,
                        f"no date in this file; the edition's date is taken from {where} beside it",
                        WarningKind.DATE,
                    )
                )
            return prof.date_from(m)
    return None


def parse_cr_markdown(doc: Document) -> ParseResult:
    """Parse one file of a bilingual Markdown edition into a translation and an English
    partial ruleset (origin ``"markdown:<file stem>"``).

    Returns:
        A :class:`ParseResult` of kind ``"cr-markdown"`` with the two rulesets (translation
        first) sharing one provenance (a :class:`~mtgcr.extract.provenance.Place` per number, 1-based lines) and the
        warnings (a rule outside its section, a rule given twice, no date). A line that is
        no heading, rule or glossary headword continues the text above it (or is front or
        back matter); nothing raises.
    """
    prof = _profile(doc)
    warnings: list[ParseWarning] = []
    eff = _edition_date(doc, prof, warnings)
    label = eff.strftime("%Y%m%d") if eff else "unknown"
    if eff is None:
        warnings.append(
            ParseWarning(
                doc.source,
                0,
                "no date in this file or in index.md beside it; release unknown",
                WarningKind.DATE,
            )
        )
    tr = Ruleset(release=Release(prof.lang, label, eff), source=doc.source, complete=False)
    en = Ruleset(release=Release("en", label, eff), source=doc.source, complete=False)
    prov: Provenance = {}
    last: dict[str, Rule | None] = {"tr": None, "en": None}
    example: dict[str, Example | None] = {"tr": None, "en": None}
    gloss: dict[str, GlossaryEntry | None] = {"tr": None, "en": None}
    intro: dict[str, list[str]] = {"tr": [], "en": []}
    section = None
    name = doc.name
    for i, raw in enumerate(doc.lines, 1):
        line = raw.rstrip()
        if not line.strip() or _NAV.match(line) or line.strip() == "----":
            continue
        m = _CHAPTER.match(line)
        if m:
            t, e = _split_titles(m.group("titles"))
            tr.chapters.append(Chapter(int(m.group("ch")), t, i))
            en.chapters.append(Chapter(int(m.group("ch")), e, i))
            continue
        m = _SECTION.match(line) or _TOC.match(line)
        if m:
            num = RuleNumber(int(m.group("sec") if "sec" in m.groupdict() else m.group("num")))
            t, e = _split_titles(strip_markdown(m.group("titles")))
            tr.sections[num] = Section(num, t, i)
            en.sections[num] = Section(num, e, i)
            section = num
            last = {"tr": None, "en": None}
            continue
        m = _RULE_HEADING.match(line)
        if m:
            num = RuleNumber.parse(m.group("num"))
            t, e = _split_titles(strip_markdown(m.group("titles")))
            for rs, text in ((tr, t), (en, e)):
                rs.rules[num] = Rule(num, text, i)
            prov.setdefault(num, (Place(name, i),))
            last, example = {"tr": tr.rules[num], "en": en.rules[num]}, {"tr": None, "en": None}
            continue
        m = _TR_RULE.match(line)
        side = "tr"
        if not m:
            m = _EN_RULE.match(line)
            side = "en"
        if m:
            num = RuleNumber.parse(m.group("num"))
            rs = tr if side == "tr" else en
            if section is None or section.section != num.section:
                warnings.append(
                    ParseWarning(
                        doc.source,
                        i,
                        f"rule {num} is not under its section heading",
                        WarningKind.OUTSIDE_SECTION,
                        num,
                    )
                )
            text = strip_markdown(m.group("text"))
            added, first = rs.add_rule(num, text, i)
            if first is not None:
                warnings.append(
                    ParseWarning.duplicate_rule(doc.source, i, num, first.line, where=side)
                )
            else:
                prov.setdefault(num, (Place(name, i),))
            last[side], example[side] = added, None
            continue
        m = _GLOSS.match(line)
        if m:
            a, b = m.group("a").strip(), m.group("b").strip()
            # glossary.md puts the English headword first, glossarycn.md the translation;
            # "Oracle / Oracle" is a term left in English
            e_head, t_head = (b, a) if _CJK.search(a) else (a, b)
            for side, head, original in (("tr", t_head, e_head), ("en", e_head, None)):
                term, aliases = split_headword(head)
                obsolete = bool(re.search(r"[（(](?:Obsolete|已废止)[）)]\s*$", term))
                term = re.sub(r"\s*[（(](?:Obsolete|已废止)[）)]\s*$", "", term)
                entry = GlossaryEntry(term, aliases, "", i, obsolete, head, original)
                (tr if side == "tr" else en).glossary.append(entry)
                gloss[side] = entry
            last = {"tr": None, "en": None}
            continue
        if line.startswith("#"):
            continue  # letter headings of the glossary ("## A"), page titles ("# 前言")
        s = strip_markdown(line).strip()
        side = "tr" if _CJK.search(s) else "en"
        g = gloss[side]
        if g is not None and last[side] is None:
            g.text = (g.text + "\n" + s) if g.text else s
            continue
        ex_re = prof.example_re if side == "tr" else _EN_EXAMPLE
        em = ex_re.match(s)
        rule, ex = last[side], example[side]
        if em and rule is not None:
            new_ex = example[side] = Example(s[em.end() :], i)
            rule.examples.append(new_ex)
            continue
        if ex is not None:
            ex.text += "\n" + s
        elif rule is not None:
            rule.text += "\n" + s
        elif not prof.date_re.search(s):
            intro[side].append(s)
    if doc.name.lower().startswith("credits"):
        tr.credits, en.credits = "\n".join(intro["tr"]), "\n".join(intro["en"])
    else:
        tr.introduction, en.introduction = "\n".join(intro["tr"]), "\n".join(intro["en"])
    tr.warnings = en.warnings = []
    key = f"markdown:{Path(doc.source).stem}"
    return ParseResult("cr-markdown", [(tr, key, prov), (en, key, prov)], [], warnings)


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("cr-markdown", sniff_cr_markdown, parse_cr_markdown)
