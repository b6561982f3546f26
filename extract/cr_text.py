"""Parser for the line-structured CR text format (official EN files and line-for-line translations).

Format knowledge, checked on the official English releases 2003-03-15 … 2026-01-16:

* title line, "These rules are effective as of <date>." (up to 2008: "current as of"),
  an introduction, "Contents" (every chapter and section heading repeated, then "Glossary" and
  "Credits"), the body, "Glossary", "Credits", and often the date statement again at the end;
* chapter headings ``7. Additional Rules``; section headings ``712. Double-Faced Cards``;
  rules ``712.1. Text``; subrules ``712.1a Text``; ``Example:`` lines belong to the rule above
  (also after a blank line); any other line continues the element above it as a new paragraph;
* official defects that parse as intended (each reported as a warning): a dot after a subrule
  (``119.1d.``), no dot after a rule (``606.5 If``), no space after the dot (``901.4.All``),
  double spaces; the JA file adds ``720 . 前兆カード`` (space before the dot), ``702.189. 702.189.``
  (the number printed twice) and subrules glued to their text (``100.1a本文``);
* glossary entries are separated by blank lines (JA: told apart by headword lines), the headword
  first ("Kicker, Kicked" has the alias "Kicked"; "Active Player, Nonactive Player Order" is one
  term); numbered senses "1." "2." stay inside the definition; "(Obsolete)" marks old terms.

The pre-2009 numbering (files up to 2009-05-01) has the same shapes and parses the same way.
"""
from __future__ import annotations

import re
from datetime import date, datetime

from corpus.document import Document

from .model import Chapter, Example, GlossaryEntry, ParseWarning, Release, Rule, Ruleset, Section
from .profiles import PROFILES, CRProfile
from .rulenum import RuleNumber, next_letters

__all__ = ["parse_cr_text", "CRFormatError", "label_from_name"]

_RULE = re.compile(
    r"(?P<sec>\d{3})\.(?P<rule>\d{1,3})(?P<let>[a-z]{1,2})?(?![a-z0-9])"
    r"(?P<dot>\.?)(?P<sp>[ \t\u3000\xa0]*)(?P<text>.*)")
_SECTION = re.compile(r"(?P<sec>\d{3})(?P<sp1>[ \t\u3000]*)\.[ \t\u3000]*(?P<title>[^\d\s].*)")
_CHAPTER = re.compile(r"(?P<ch>\d)\.[ \t\u3000]+(?P<title>\S.*)")
_ANY_RULE = re.compile(r"\s*\d{3}\.\d")
_WRAP_WORDS = {"rule", "rules", "see", "section", "sections", "and", "or", "to", "of", "in"}
_LABEL_IN_NAME = re.compile(r"(?<!\d)(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)")


class CRFormatError(ValueError):
    """The document is not a CR text; ``str()`` names the file and the reason in one line."""


def label_from_name(name: str, body_date: date | None) -> tuple[str | None, str | None]:
    """Derive the published label ``YYYYMMDD`` from a file name, using the body date as a check.

    Official names carry year-first (``2023-11-17``, ``20231117``) or month-first
    (``04102024``) dates. Each reading that is a valid date is a candidate; the one closest to
    ``body_date`` wins if it lies within 60 days of it. Otherwise the body date is the label.

    Returns:
        ``(label, note)`` — ``note`` explains a disagreement between name and body, else ``None``.
        ``label`` is ``None`` only when neither the name nor the body gives a date.
    """
    cands: list[date] = []
    for m in _LABEL_IN_NAME.finditer(name):
        a, b, c = m.group(1), m.group(2), m.group(3)
        digits = a + b + c
        for y, mo, d in ((digits[:4], digits[4:6], digits[6:]), (digits[4:], digits[:2], digits[2:4])):
            try:
                cands.append(date(int(y), int(mo), int(d)))
            except ValueError:
                pass
    cands = [c for c in cands if 1993 <= c.year <= 2100]
    if body_date is None:
        return (cands[0].strftime("%Y%m%d"), None) if cands else (None, None)
    if not cands:
        return body_date.strftime("%Y%m%d"), None
    best = min(cands, key=lambda c: abs((c - body_date).days))
    if abs((best - body_date).days) <= 60:
        note = None if best == body_date else (
            f"file name says {best.isoformat()}, body says effective {body_date.isoformat()}")
        return best.strftime("%Y%m%d"), note
    return body_date.strftime("%Y%m%d"), (
        f"file name date {best.isoformat()} is far from the body's {body_date.isoformat()}; "
        f"labelled {body_date.strftime('%Y%m%d')}")


def detect_profile(doc: Document) -> CRProfile | None:
    """The profile whose title and date statement fit the document, or ``None``."""
    head = "\n".join(doc.lines[:12])
    tail = "\n".join(doc.lines[-40:])
    for prof in PROFILES.values():
        if prof.title_re.search(head) and (prof.date_re.search(head) or prof.date_re.search(tail)):
            return prof
    return None


def parse_cr_text(doc: Document, profile: CRProfile | None = None, lang: str | None = None) -> Ruleset:
    """Parse a complete CR text file into a :class:`Ruleset`.

    Args:
        doc: the document (its ``lines`` are read; line numbers in the result are 1-based).
        profile: the language profile; detected from the title and date lines if ``None``.
        lang: shortcut for ``PROFILES[lang]``.

    Returns:
        The ruleset, ``complete=True``, with warnings for every defect found.

    Raises:
        CRFormatError: not a CR text (no title/date statement, no rule lines) — the message
            names the file and what was missing; also for a truncated file (no glossary).
    """
    if profile is None and lang:
        profile = PROFILES[lang]
    if profile is None:
        profile = detect_profile(doc)
    if profile is None:
        raise CRFormatError(f"{doc.source}: not a Comprehensive Rules text (no title and "
                            f"'effective as of' line found)")
    return _Parser(doc, profile).run()


class _Parser:
    def __init__(self, doc: Document, profile: CRProfile) -> None:
        self.doc = doc
        self.p = profile
        self.lines = doc.lines
        self.warnings: list[ParseWarning] = []

    def warn(self, line: int, msg: str) -> None:
        self.warnings.append(ParseWarning(self.doc.source, line, msg))

    # -- top level ------------------------------------------------------------------------
    def run(self) -> Ruleset:
        lines, p, src = self.lines, self.p, self.doc.source
        first_rule = self._find(_ANY_RULE, 0)
        if first_rule is None:
            raise CRFormatError(f"{src}: no rule lines (like '100.1.') found; not a CR text")
        body_start = None
        for i in range(first_rule - 1, -1, -1):
            s = lines[i].strip()
            cm = _CHAPTER.fullmatch(s)
            if cm and cm.group("ch") == "1":
                body_start = i
                break
        if body_start is None:
            body_start = first_rule
            self.warn(first_rule + 1, "no chapter 1 heading before the first rule")
        gloss = self._find(p.glossary_re, body_start)
        if gloss is None:
            raise CRFormatError(f"{src}: no glossary heading after the rules; the file looks "
                                f"truncated (last line {len(lines)})")
        credits = self._find(p.credits_re, gloss + 1)
        end = credits if credits is not None else len(lines)
        if credits is None:
            self.warn(len(lines), "no credits heading after the glossary (the file looks truncated)")

        eff, eff_line = self._effective_date()
        label, note = label_from_name(self.doc.name, eff)
        if note:
            self.warn(eff_line, note)
        if eff is None:
            self.warn(1, "no effective date statement found")
        if label is None:
            raise CRFormatError(f"{src}: no effective date in the text and none in the file name")
        rs = Ruleset(release=Release(p.lang, label, eff), source=src)
        rs.title = next((l.strip() for l in lines if l.strip()), "")
        contents = self._find(p.contents_re, 0, body_start)
        intro_end = contents if contents is not None else body_start
        rs.introduction = self._join_block(1, intro_end, skip_date=True)
        toc_chapters = self._toc_chapters(contents, body_start) if contents is not None else {}
        self._parse_body(rs, body_start, gloss, toc_chapters)
        rs.glossary = self._parse_glossary(gloss + 1, end)
        if credits is not None:
            rs.credits = self._join_block(credits + 1, len(lines), skip_date=True)
        self._check_numbering(rs)
        rs.warnings = self.warnings
        return rs

    def _find(self, pattern: re.Pattern, start: int, stop: int | None = None) -> int | None:
        for i in range(start, len(self.lines) if stop is None else stop):
            if pattern.match(self.lines[i]):
                return i
        return None

    def _effective_date(self) -> tuple[date | None, int]:
        for i, line in enumerate(self.lines):
            m = self.p.date_re.search(line)
            if m:
                d = self.p.date_from(m)
                if d:
                    return d, i + 1
        return None, 0

    def _join_block(self, start: int, stop: int, skip_date: bool = False) -> str:
        out = []
        for line in self.lines[start:stop]:
            if skip_date and self.p.date_re.search(line):
                continue
            out.append(line.rstrip())
        return "\n".join(out).strip("\n")

    def _toc_chapters(self, start: int, stop: int) -> dict[int, str]:
        found = {}
        for line in self.lines[start:stop]:
            m = _CHAPTER.fullmatch(line.strip())
            if m:
                found[int(m.group("ch"))] = m.group("title").strip()
        return found

    # -- rules --------------------------------------------------------------------------
    def _parse_body(self, rs: Ruleset, start: int, stop: int, toc: dict[int, str]) -> None:
        lines = self.lines
        example_re = self.p.example_re
        rules = rs.rules
        sections = rs.sections
        chapter = 0
        section: Section | None = None
        last_rule: Rule | None = None
        last_example: Example | None = None
        rule_match, section_match, chapter_match = _RULE.match, _SECTION.fullmatch, _CHAPTER.fullmatch
        for i in range(start, stop):
            raw = lines[i]
            if not raw or raw.isspace():
                continue
            s = raw.strip()
            lineno = i + 1
            if s[0].isdigit():
                m = rule_match(s)
                if m and self._wrapped_reference(m, i, section):
                    m = None  # "See rule\n419.8 ..." in a hard-wrapped file: continuation text
                if m:
                    last_rule = self._add_rule(rs, m, lineno, section)
                    last_example = None
                    continue
                m = section_match(s)
                if m:
                    num = RuleNumber(int(m.group("sec")))
                    if m.group("sp1"):
                        self.warn(lineno, f"space before the dot of section heading {num}")
                    if chapter and num.chapter != chapter:
                        self.warn(lineno, f"section {num} is under chapter {chapter}")
                    if num in sections:
                        self.warn(lineno, f"section {num} appears twice (first at line "
                                          f"{sections[num].line}); the second heading is ignored")
                    else:
                        section = Section(num, m.group("title").strip(), lineno)
                        sections[num] = section
                    last_rule = last_example = None
                    continue
                m = chapter_match(s)
                if m:
                    n = int(m.group("ch"))
                    title = m.group("title").strip()
                    if i == start or (toc.get(n) == title if n in toc else False) or (
                            n == chapter + 1 and self._next_is_section(i, stop, n)):
                        if toc.get(n, title) != title:
                            self.warn(lineno, f"chapter {n} heading {title!r} differs from the "
                                              f"contents ({toc[n]!r})")
                        chapter = n
                        rs.chapters.append(Chapter(n, title, lineno))
                        section = last_rule = last_example = None
                        continue
            m = example_re.match(s)
            if m:
                if last_rule is None:
                    self.warn(lineno, "example outside any rule; kept as text of the section")
                    self._continue_section(section, s, lineno)
                    continue
                last_example = Example(s[m.end():], lineno)
                last_rule.examples.append(last_example)
                continue
            if last_example is not None:  # (JA "例：" alone on its line: the text follows)
                last_example.text = f"{last_example.text}\n{s}" if last_example.text else s
            elif last_rule is not None:  # (JA "500.10a" alone on its line: the text follows)
                last_rule.text = f"{last_rule.text}\n{s}" if last_rule.text else s
            else:
                self._continue_section(section, s, lineno)

    def _next_is_section(self, i: int, stop: int, chapter: int) -> bool:
        for j in range(i + 1, stop):
            s = self.lines[j].strip()
            if s:
                m = _SECTION.fullmatch(s)
                return bool(m) and int(m.group("sec")) // 100 == chapter
        return False

    def _wrapped_reference(self, m: re.Match, i: int, section: Section | None) -> bool:
        """True if a rule-shaped line is really a wrapped cross-reference ("See rule\n419.8 …").

        Some 2003 files are hard-wrapped at about 100 columns, so a reference can land at the
        start of a line. Such a line follows a non-blank line that ends mid-sentence ("see
        rule", "and"), or continues with ")" / "," after the number.
        """
        text = m.group("text")
        if text[:1] and text[:1] in ("),;:" if not m.group("dot") else "),;"):
            return True
        prev = self.lines[i - 1].rstrip() if i else ""
        if not prev:
            return False
        last = prev.rsplit(None, 1)[-1].strip("(\"“").lower()
        return last in _WRAP_WORDS

    def _continue_section(self, section: Section | None, text: str, lineno: int) -> None:
        if section is None:
            self.warn(lineno, f"text outside any section, ignored: {text[:60]!r}")
            return
        self.warn(lineno, f"text between section {section.number} heading and its first rule")
        section.title += "\n" + text

    def _add_rule(self, rs: Ruleset, m: re.Match, lineno: int, section: Section | None) -> Rule:
        sec, rno, letters = int(m.group("sec")), int(m.group("rule")), m.group("let")
        num = RuleNumber(sec, rno, letters)
        text = m.group("text")
        dot, sp = m.group("dot"), m.group("sp")
        if letters and dot:
            self.warn(lineno, f"extra dot after subrule {num}")
        elif not letters and not dot:
            self.warn(lineno, f"no dot after rule {num}")
        if not sp and text:
            self.warn(lineno, f"no space after {num}{dot}")
        elif len(sp) > 1:
            self.warn(lineno, f"{len(sp)} spaces after {num}{dot}")
        # "702.189. 702.189. text" (JA): the number printed twice.
        again = _RULE.match(text)
        if again and RuleNumber(int(again.group("sec")), int(again.group("rule")), again.group("let")) == num:
            self.warn(lineno, f"number {num} printed twice")
            text = again.group("text")
        if section is None or section.number.section != sec:
            self.warn(lineno, f"rule {num} is not under its section heading {sec}")
        existing = rs.rules.get(num)
        if existing is not None:
            self.warn(lineno, f"rule {num} appears twice (first at line {existing.line}); "
                              f"its text is appended to the first")
            existing.text += "\n" + text
            return existing
        rule = Rule(num, text, lineno)
        rs.rules[num] = rule
        return rule

    def _check_numbering(self, rs: Ruleset) -> None:
        """Warn about numbering gaps (other than l/o) and subrules without a parent rule."""
        prev: RuleNumber | None = None
        for num, rule in rs.rules.items():
            if num.letters:
                parent = num.parent
                if parent not in rs.rules:
                    self.warn(rule.line, f"subrule {num} has no parent rule {parent}")
                want = next_letters(prev.letters if prev and prev.parent == parent else None)
                if num.letters != want:
                    self.warn(rule.line, f"numbering gap: {num} where {parent}{want} was expected")
            else:
                want_rule = prev.rule + 1 if prev and prev.section == num.section else 1
                if num.rule != want_rule:
                    self.warn(rule.line, f"numbering gap: {num} where {num.section}.{want_rule} was expected")
            prev = num

    # -- glossary -------------------------------------------------------------------------
    def _parse_glossary(self, start: int, stop: int) -> list[GlossaryEntry]:
        blocks: list[tuple[int, list[str]]] = []
        current: list[str] | None = None
        head_re = self.p.headword_re
        for i in range(start, stop):
            line = self.lines[i]
            if not line.strip():
                current = None
                continue
            if self.p.date_re.search(line):
                continue
            new_entry = current is None
            if self.p.headword_starts_entry and head_re is not None:
                new_entry = not line[:1].isspace() and head_re.match(line.strip()) is not None
                if current is None and not new_entry:
                    self.warn(i + 1, "glossary line before any headword; kept as its own entry")
                    new_entry = True
            if new_entry:
                current = [line]
                blocks.append((i + 1, current))
            else:
                current.append(line)
        return [self._glossary_entry(lineno, block) for lineno, block in blocks]

    def _glossary_entry(self, lineno: int, block: list[str]) -> GlossaryEntry:
        heading = block[0].strip()
        text = "\n".join(l.strip() for l in block[1:])
        if not text:
            self.warn(lineno, f"glossary entry {heading!r} has no definition")
        original = None
        head = heading
        if self.p.headword_re is not None:
            m = self.p.headword_re.match(heading)
            if m:
                head, original = m.group("term").strip(), m.group("original").strip()
        obsolete = False
        om = re.search(r"\s*[（(](?:Obsolete|廃止|已废止|过时)[）)]\s*$", head)
        if om:
            obsolete, head = True, head[:om.start()]
        term, aliases = split_headword(head)
        return GlossaryEntry(term, aliases, text, lineno, obsolete, heading, original)


def split_headword(head: str) -> tuple[str, tuple[str, ...]]:
    """Split a glossary headword into term and aliases.

    "Kicker, Kicked" → ("Kicker", ("Kicked",)); "Active Player, Nonactive Player Order" stays one
    term. A comma separates aliases only when each part's first word shares a prefix of at least
    three letters with the first part's first word (Kick-er/Kick-ed, Base Power/Base Toughness,
    Banding/“Bands with Other”, You/Your) — format knowledge from the glossaries of 2003–2026.
    """
    parts = [p.strip() for p in head.split(", ")]
    if len(parts) == 1:
        return head, ()

    def stem(s: str) -> str:
        word = s.strip("“”\"'‘’").split(" ")[0].lower()
        return word

    first = stem(parts[0])
    for p in parts[1:]:
        w = stem(p)
        k = 0
        while k < min(len(w), len(first)) and w[k] == first[k]:
            k += 1
        if k < 3:
            return head, ()
    return parts[0], tuple(parts[1:])
