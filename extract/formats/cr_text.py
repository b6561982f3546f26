"""Parser for the line-structured CR text format (official EN files and line-for-line translations).

Format knowledge, checked on the 112 official English releases 2003-03-15 … 2026-01-16 and the
6 normalised copies 2023-06-16 … 2026-04-17:

* title line, "These rules are effective as of <date>." (up to 2008: "current as of"),
  an introduction, "Contents" (every chapter and section heading repeated, then "Glossary" and
  "Credits"), the body, "Glossary", "Credits", and often the date statement again at the end;
* chapter headings ``7. Additional Rules``; section headings ``712. Double-Faced Cards``;
  rules ``712.1. Text``; subrules ``712.1a Text``; ``Example:`` lines belong to the rule above
  (also after a blank line); any other line continues the element above it as a new paragraph;
* official defects that parse as intended (each reported as a warning with its line): a dot
  after a subrule (``119.1d.``), no dot after a rule (``606.5 If``), no space after the dot
  (``901.4.All``), double spaces (``201.3.  ``), a space inside the number (``606. 8b``,
  2005-08-01 … 2007-05-01; ``702. 37a``, 2009-07-11), a missing rule number (``306.b``,
  2008-10-01), a doubled marker (``Example:Example:``, 2014-09-26 … 2015-03-27), a stray
  one-letter line (``f``, 2021-11-15); the JA file adds ``720 . 前兆カード`` (space before the
  dot), ``702.189. 702.189.`` (the number printed twice) and subrules glued to their text
  (``100.1a本文``);
* misprinted rule numbers: the numbers of each section are read at its end, as printed when
  they run in order, else as the reading with the fewest changes
  (:mod:`mtgcr.extract.formats.numbering`; one part — section, rule or letters — changed per
  misprint): ``605.2c`` between 609.2b and 609.4 (2005-08-01), ``501.2``–``501.6`` under
  section 510 (2006-05-01), ``432.2b`` after 423.2a (2006-10-01 … 2007-09-07), ``502.35b``
  after 502.36a (2006-06-01), ``306.1c`` after 306.3b (2008-10-01), a second ``702.30d``
  (2009-09-04, 2009-10-01), ``505.54.`` whose subrules are ``505.5a``/``505.5b``
  (2010-06-18), ``724.3a``–``724.3c`` after ``724.2.`` (2021-09-24; 2021-11-15 prints
  ``724.2a``–``724.2c``), a second ``701.42a`` (ZH 20220610). The warning keeps the printed
  number and says which reading was chosen and why; a second text of a number (JA 20260116
  ``505.4.`` twice) is kept apart in :attr:`Ruleset.stale`, never appended to the first;
* three files (2003-10-01, 2003-12-01, 2004-02-01) are hard-wrapped at about 100 columns: a
  line ending in a space continues the paragraph (joined with one space), a line ending in a
  hyphen or dash continues the word, an indented line starts a new paragraph, and a reference
  that wraps to the start of a line ("See rule\n419.8 …") is text, not a rule; the archive
  copies 2001-07-23 and 2002-02-20 are wrapped at about 115 columns without the trailing
  space (paragraphs are separated by blank lines): there every line directly below a line of
  text continues it;
* glossary entries are separated by blank lines (JA: told apart by headword lines), the headword
  first ("Kicker, Kicked" has the alias "Kicked"; "Active Player, Nonactive Player Order" is one
  term; 'Partner, “Partner—[text],” “Partner with [name]”' has two quoted aliases); numbered
  senses "1." "2." stay inside the definition (2021-06-09 glues "1." to the headword:
  ``Ability1. Text…``); "(Obsolete)" (2005–2006 also "(obsolete)") marks old terms and
  "(Informal)" (up to 2009) informal ones; after a blank line an indented line, or a sub-heading
  followed by indented lines (the list of expansion symbols, 2003-03-15), continues the entry;
* 2013-02-01 is cut off inside the glossary (last headword "Attack Multiple Players", no
  definition, no credits); it is parsed with a truncation warning; its rule tree is whole, so
  it stays a complete release (below);
* the contents list every chapter and section heading; the body is compared with them and
  each heading one side has and the other lacks is a warning. In the 112 official files the
  only differences are placeholder sections the contents leave out: ``215. This section is
  now empty…`` (2004-10-01 … 2007-02-01) and ``211. [This section has been intentionally
  left blank…]`` (2007-10-01 … 2009-05-01); the JA 20260116 contents lack section 721 and list
  the introduction as chapter "0. はじめに" (not compared);
* **complete and incomplete files**: ``complete`` speaks of the rule tree. A file whose body
  lacks a section its contents list (a hole) gives a ruleset with ``complete=False``: its rules
  are kept and listed, but a rule missing from it does not mean the release lacks it, and it is
  left out of release chains. A file that ends before the credits (cut off inside the glossary
  or right after its heading) keeps ``complete=True`` when its rule tree is whole, with a
  truncation warning and ``truncated=True`` (its glossary is not compared by alignments), so
  that the real 2013-02-01 file stays in the chain; in the store a parse
  never replaces a stored copy of the same release that has more sections, rules, subrules or
  glossary entries unless asked (see :mod:`mtgcr.corpus.store`). A file cut off before its glossary
  heading is refused (:class:`CRFormatError`);
* the file published as 2006-06-01 states "current as of June 1, 2004" (its original name was
  ``MagicCompRules060104.txt``, month-first): it is the 2004-06-01 release and gets the label
  ``20040601`` (see :func:`label_from_name`).

The pre-2009 numbering (files up to 2009-05-01) has the same shapes and parses the same way.
"""

from __future__ import annotations

import re
from datetime import date

from mtgcr.corpus.copies import WHOLE_TEXT
from mtgcr.corpus.document import Document

from mtgcr.extract.formats.cr_shape import (
    TitleForm,
    TitleMatch,
    evidence_for,
    recognise,
    refusal,
    second_text,
)
from mtgcr.extract.model import (
    STALE_OUTCOME,
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
from mtgcr.extract.layout import Layout, LineRole, Slice
from mtgcr.extract.formats.numbering import (
    ENGLISH_LOOKUP,
    EnglishLookup,
    EnglishNumbers,
    NumberingEvidence,
    PrintedLine,
    ReadingKind,
    cited_numbers,
    in_sequence,
    read_section,
)
from mtgcr.extract.profiles import PROFILES, CRProfile
from mtgcr.extract.rulenum import SET_LETTERS, SET_RULE, SET_SECTION, RuleNumber, next_letters
from mtgcr.errors import DocumentError
from mtgcr.extract.kinds import DocumentParser, ParseResult

_new = object.__new__
#: "712" → 712 for every one- to three-digit ASCII string (faster than ``int`` per rule line).
_INT = {f"{k:0{w}d}": k for w in (1, 2, 3) for k in range(10**w)}

__all__ = ["parse_cr_text", "CRFormatError", "label_from_name"]

_SP = "[ \t\u3000\xa0]"
#: ``712.8e Text``: section, an optional space (``606. 8b``), rule, letters, optional dot, spaces.
_RULE = re.compile(
    r"(?P<sec>[1-9]\d{2})\.(?P<gap> ?)(?P<rule>\d{1,3})(?P<let>[a-z]{1,2})?(?![a-z0-9])"
    rf"(?P<dot>\.?)(?P<sp>{_SP}*)(?P<text>.*)"
)
#: ``306.b Text``: a subrule whose rule number is missing (2008-05-01 … 2008-10-01).
_NO_RULE = re.compile(rf"(?P<sec>[1-9]\d{{2}})\.(?P<let>[a-z]{{1,2}}){_SP}+(?P<text>\S.*)")
_SECTION = re.compile(r"(?P<sec>[1-9]\d{2})(?P<sp1>[ \t\u3000]*)\.[ \t\u3000]*(?P<title>[^\d\s].*)")
_CHAPTER = re.compile(r"(?P<ch>\d)\.[ \t\u3000]+(?P<title>\S.*)")
_ANY_RULE = re.compile(r"\s*[1-9]\d{2}\.\d")
#: A line starting with a number shaped like a rule number (digits, a dot, digits, letters)
#: that :data:`_RULE` does not read: ``999999.9999zz``, ``70.2``, ``1702.5a`` (issue 22).
_NUMBER_LIKE = re.compile(r"\d+[.．]\s?\d+[a-z]*\.?(?:\s|$)")
_WRAP_WORDS = {"rule", "rules", "see", "section", "sections", "and", "or", "to", "of", "in"}
_LABEL_IN_NAME = re.compile(r"(?<!\d)(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})(?!\d)")
_OBSOLETE = re.compile(r"\s*[（(](?:Obsolete|廃止|已废止|过时)[）)]\s*$", re.I)
_INFORMAL = re.compile(r"\s*\((?:Informal)\)\s*$", re.I)
_GLUED_SENSE = re.compile(r"(?P<head>.*?[^\d\s])(?P<sense>1\.\s.*)")
#: A numbered sense of a glossary entry on its own line (``2. An activated …``).
_SENSE = re.compile(r"([1-9])\.\s+\S")
#: Longest body line (characters) of a hard-wrapped file; unwrapped files have far longer ones.
_WRAP_WIDTH = 130


class CRFormatError(DocumentError):
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
        for y, mo, d in (
            (digits[:4], digits[4:6], digits[6:]),
            (digits[4:], digits[:2], digits[2:4]),
        ):
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
        note = (
            None
            if best == body_date
            else (f"file name says {best.isoformat()}, body says effective {body_date.isoformat()}")
        )
        return best.strftime("%Y%m%d"), note
    return body_date.strftime("%Y%m%d"), (
        f"file name date {best.isoformat()} is far from the body's {body_date.isoformat()}; "
        f"labelled {body_date.strftime('%Y%m%d')}"
    )


def detect_profile(doc: Document) -> CRProfile | None:
    """The profile whose title and date statement fit the document, or ``None`` (also for an
    HTML page, even one that shows the rules: it is not the text format). A title split over
    lines, after a banner line, or damaged in a file whose body is clearly a CR is accepted
    (:func:`mtgcr.extract.formats.cr_shape.recognise`)."""
    ev = recognise(doc)
    return ev.profile if ev is not None else None


def parse_cr_text(
    doc: Document,
    profile: CRProfile | None = None,
    lang: str | None = None,
    english: EnglishLookup | None = None,
) -> Ruleset:
    """Parse a complete CR text file into a :class:`Ruleset`.

    Args:
        doc: the document (its ``lines`` are read; line numbers in the result are 1-based).
        profile: the language profile; detected from the title and date lines if ``None``.
        lang: shortcut for ``PROFILES[lang]``.
        english: for a translation, a lookup of the numbers of the English release of the
            same date (evidence where the printed numbers break their order:
            :mod:`mtgcr.extract.formats.numbering`); called once, with the release read.
            Default: the one the ingest sets (:func:`~mtgcr.extract.formats.numbering.english_evidence`).

    Returns:
        The ruleset with warnings for every defect found; ``complete=False`` when the file is
        cut off before its credits or lacks a section its contents list (module docstring).
        A title split over lines or damaged (:mod:`mtgcr.extract.formats.cr_shape`) is a
        warning; ``Ruleset.title`` is the title as found, not a banner line above it.

    Raises:
        CRFormatError: not a CR text — the message names the file and what was missing
            (:func:`mtgcr.extract.formats.cr_shape.refusal`); also for a file cut off before
            its glossary.
    """
    if profile is None and lang:
        profile = PROFILES[lang]
    if profile is None:
        ev = recognise(doc)
        if ev is None:
            raise CRFormatError(f"{doc.source}: {refusal(doc)}")
    else:
        ev = evidence_for(doc, profile, body=False)
    return _Parser(doc, ev.profile, ev.title, english or ENGLISH_LOOKUP.get()).run()


#: ``next_letters`` for no letters and single letters (the common case), computed once.
_NEXT_LETTERS: dict[str | None, str] = {
    None: "a",
    **{c: next_letters(c) for c in "abcdefghijkmnpqrstuvwxyz"},
}


def _same_text(a: Rule, b: Rule) -> bool:
    """The same text and examples (a line printed twice)."""
    return a.text == b.text and [e.text for e in a.examples] == [e.text for e in b.examples]


def _next(letters: str | None) -> str:
    """The subrule letters after ``letters`` (``None`` → ``"a"``), see :func:`next_letters`."""
    nxt = _NEXT_LETTERS.get(letters)
    return nxt if nxt is not None else next_letters(letters)


class _Parser:
    def __init__(
        self,
        doc: Document,
        profile: CRProfile,
        title: TitleMatch | None = None,
        english: EnglishLookup | None = None,
    ) -> None:
        self.doc = doc
        self.p = profile
        self.title = title
        self.lines = doc.lines
        self.warnings: list[ParseWarning] = []
        self.wrapped: str | None = None  # hard-wrapped file: "space", "plain" (see _wrap_style)
        self.prev: RuleNumber | None = None  # the last rule or subrule number printed
        #: the rule lines of the section in hand, numbered as printed: read at its end
        #: (:meth:`_flush_section`, :mod:`mtgcr.extract.formats.numbering`)
        self.pending: list[tuple[Rule, RuleNumber]] = []
        self.pending_section: Section | None = None
        self.in_sequence = True  # every pending number followed the one before it
        self.english_lookup = english
        self.english: EnglishNumbers | None = None
        self._cited: dict[RuleNumber, int] | None = None
        #: the printed form of each line (extract/layout.py); lines left unset are printed
        #: text the model does not hold, their role given at the end (:meth:`_finish_layout`)
        self.layout = Layout(self.lines)
        self.layout.put_blank_lines()  # the parser lays out no blank line

    def _put(
        self,
        i: int,
        role: LineRole,
        prefix: str,
        target: object,
        attr: str,
        start: int,
        length: int,
    ) -> None:
        """Line ``i`` (0-based) is its indentation, ``prefix`` (a printed number form), then
        ``length`` characters of ``target.attr`` from ``start``, then its trailing spaces."""
        raw = self.lines[i]
        if not (raw[:1].isspace() or raw[-1:].isspace()):  # the common case: no spaces around
            self.layout.put(i, role, prefix, target, attr, start, start + length)
            return
        a, b = len(raw) - len(raw.lstrip()), len(raw.rstrip())
        self.layout.put(i, role, raw[:a] + prefix, target, attr, start, start + length, raw[b:])

    def _put_suffix(
        self, i: int, role: LineRole, target: object, attr: str, start: int, length: int
    ) -> None:
        """Line ``i`` ends (before its trailing spaces) with ``length`` characters of
        ``target.attr`` from ``start``; what precedes them on the line is its printed form."""
        s = self.lines[i].strip()
        self._put(i, role, s[: len(s) - length], target, attr, start, length)

    def _finish_layout(
        self,
        rs: Ruleset,
        contents: int | None,
        body_start: int,
        gloss: int,
        credits: int | None,
        index: tuple[int | None, int] = (None, 0),
        omitted: int | None = None,
    ) -> None:
        """Give every line the model does not hold its role (it is kept as printed):
        ``index`` = (first line of an index after the glossary, the line after it)."""
        date_search = self.p.date_re.search
        layout, lines = self.layout, self.lines
        index_start, index_end = index
        for i in layout.unset():  # blank lines have their role from the start
            line = lines[i]
            if contents is not None and contents <= i < body_start:
                role = LineRole.CONTENTS
            elif i == gloss or i == credits or i == omitted:
                role = LineRole.HEADING
            elif index_start is not None and index_start <= i < index_end:
                role = LineRole.INDEX
            elif date_search(line):
                role = LineRole.DATE
            else:
                continue  # IGNORED: reported by a warning at that line
            layout.put_printed(i, role)
        rs.layout = layout

    def warn(
        self,
        line: int,
        msg: str,
        kind: WarningKind = WarningKind.OTHER,
        number: RuleNumber | None = None,
        first_line: int | None = None,
    ) -> None:
        self.warnings.append(
            ParseWarning(self.doc.source, line, msg, kind, number, first_line=first_line)
        )

    # -- top level ------------------------------------------------------------------------
    def run(self) -> Ruleset:
        lines, p, src = self.lines, self.p, self.doc.source
        contents = self._find(p.contents_re, 0, heading=True)
        toc_end = self._contents_end(contents) if contents is not None else None
        lo = toc_end + 1 if toc_end is not None else 0
        first_rule = self._find(_ANY_RULE, lo)
        if first_rule is None:
            raise CRFormatError(f"{src}: no rule lines (like '100.1.') found; not a CR text")
        body_start = nearest = None
        for i in range(first_rule - 1, lo - 1, -1):
            cm = _CHAPTER.fullmatch(lines[i].strip())
            if cm:
                nearest = i if nearest is None else nearest
                if cm.group("ch") == "1":
                    body_start = i
                    break
        if body_start is None:
            body_start = nearest if nearest is not None else first_rule
            self.warn(
                body_start + 1, "no chapter 1 heading before the first rule", WarningKind.CONTENTS
            )
        if contents is not None and contents >= body_start:
            contents = None
        gloss = self._find(p.glossary_re, body_start, heading=True)
        omitted = self._glossary_omitted(body_start, gloss)
        if gloss is None and omitted is not None:
            gloss = omitted  # the marker stands for the heading (KO "용어집 <생략>")
        if gloss is None:
            raise CRFormatError(
                f"{src}: no glossary heading after the rules; the file looks "
                f"truncated (last line {len(lines)})"
            )
        second = second_text(self.doc, gloss + 1)
        if second is not None:  # two files concatenated (issue 22): never one's "credits"
            k, title, prof = second
            raise CRFormatError(
                f"{src}:{k + 1}: a second Comprehensive Rules text ({prof.name}) starts here "
                f"({title[:60]!r}, after the glossary of the first); split the file into one "
                f"file per release (the first ends at line {k}) and ingest each"
            )
        credits = self._find(p.credits_re, gloss + 1, heading=True)
        credits_at = credits + 1 if credits is not None else None  # the credits' first line
        if credits is None and p.credits_start_re is not None:
            # credits that start without a heading (the profile's [headings] credits_start)
            start = self._find(p.credits_start_re, gloss + 1)
            if start is not None:
                credits_at = start
        end = credits_at - (credits is not None) if credits_at is not None else len(lines)
        index = (
            self._find(p.index_re, gloss + 1, end, heading=True) if p.index_re is not None else None
        )
        if credits_at is None and omitted is None:
            self.warn(
                len(lines),
                "no credits heading after the glossary: the file looks truncated "
                "(it ends inside the glossary)",
                WarningKind.TRUNCATED,
            )

        eff, eff_line = self._effective_date()
        header = self._header_label()
        revision: str | None = None
        label: str | None
        if header is not None:  # a translation's own label: the release, whatever the name says
            label, revision, at = header
            named, _ = label_from_name(self.doc.name, None)
            if named is not None and named != label:
                self.warn(
                    at,
                    f"file name says {named}; the header's label {label}.{revision} is the release",
                    WarningKind.DATE,
                )
            if eff is None:
                self.warn(
                    at,
                    f"no effective date statement found; the release is the header's "
                    f"{label}.{revision}",
                    WarningKind.DATE,
                )
        else:
            label, note = label_from_name(self.doc.name, eff)
            if note:
                self.warn(eff_line, note, WarningKind.DATE)
            if eff is None:
                self.warn(1, "no effective date statement found", WarningKind.DATE)
        if label is None:
            raise CRFormatError(f"{src}: no effective date in the text and none in the file name")
        rs = Ruleset(release=Release(p.lang, label, eff, revision), source=src)
        self.rs = rs
        if self.english_lookup is not None and p.lang != "en":
            self.english = self.english_lookup(rs.release)
        rs.title = self._title_text()
        intro_end = contents if contents is not None else body_start
        rs.introduction = self._join_block(
            self.title.last_line if self.title else 1,
            intro_end,
            skip_date=True,
            attr="introduction",
            role=LineRole.INTRODUCTION,
        )
        t = (
            self.title.line - 1
            if self.title is not None
            else next((i for i, l in enumerate(lines) if l.strip()), None)
        )
        if t is not None and not self.layout.is_set(t) and lines[t].strip() == rs.title:
            self._put(t, LineRole.TITLE, "", rs, "title", 0, len(rs.title))
        toc_chapters, toc_sections = (
            self._toc_headings(contents, body_start) if contents is not None else ({}, {})
        )
        toc_titles = {n: title for n, (title, _) in toc_chapters.items()}
        self.wrapped = self._wrap_style(body_start, gloss)
        self.body_start = body_start
        self._parse_body(rs, body_start, gloss, toc_titles)
        if omitted is not None:
            self.warn(
                omitted + 1,
                f"the glossary is omitted ({lines[omitted].strip()[:40]!r}); the release has "
                f"none by design",
                WarningKind.GLOSSARY,
            )
        else:
            rs.glossary = self._parse_glossary(gloss + 1, index if index is not None else end)
        if index is not None:
            self.warn(
                index + 1,
                f"an index follows the glossary (lines {index + 1}–{end}): kept as printed, "
                f"not read as glossary entries",
                WarningKind.TEXT_IGNORED,
            )
        if credits_at is not None:
            rs.credits = self._join_block(
                credits_at,
                len(lines),  # as printed, date line too
                attr="credits",
                role=LineRole.CREDITS,
            )
        self._check_numbering(rs)
        holes = self._check_contents(rs, toc_chapters, toc_sections)
        if holes:
            rs.complete = False  # a hole in the rule tree: see the module docstring
        # the glossary is cut off: not compared by alignments (an omitted one is not cut off)
        rs.truncated = credits_at is None and omitted is None
        rs.warnings = self.warnings
        self._finish_layout(rs, contents, body_start, gloss, credits, (index, end), omitted)
        return rs

    def _header_label(self) -> tuple[str, str, int] | None:
        """A translation's own label in its header (the profile's ``[revision] header``, JA
        ``マジック総合ルール(和訳 20231117.0 版)``) in the first 40 lines: ``(label, revision,
        1-based line)``, else ``None``."""
        rx = self.p.revision_re
        if rx is None:
            return None
        for i, line in enumerate(self.lines[:40]):
            m = rx.search(line)
            if m:
                return m.group("label"), m.group("rev"), i + 1
        return None

    def _glossary_omitted(self, body_start: int, gloss: int | None) -> int | None:
        """The line index of a marker that omits the glossary (the profile's ``[glossary]
        omitted``: KO ``<생략>``), on the glossary heading's line or the next non-blank one,
        or — with no glossary heading — on a line of its own after the rules; else ``None``."""
        marker = self.p.glossary_omitted_re
        if marker is None:
            return None
        lines = self.lines
        if gloss is not None:
            nxt = next((k for k in range(gloss + 1, len(lines)) if lines[k].strip()), None)
            for k in (gloss, nxt):
                if k is not None and marker.search(lines[k]):
                    return k
            return None
        for k in range(len(lines) - 1, body_start, -1):  # the last one: after the rules
            if marker.search(lines[k]):
                return k
        return None

    def _title_text(self) -> str:
        """The title as found (a warning when split over lines, damaged, or after a banner);
        without one, the first line of text."""
        t = self.title
        first = next(((i, l.strip()) for i, l in enumerate(self.lines) if l.strip()), (0, ""))
        if t is not None and t.form is TitleForm.EXACT and len(t.text) > 80:
            # a header sentence naming the rules (the JA file's translator notes), not a
            # title line: the header is kept as the file has it
            self.title = t = None
        if t is None:
            return first[1]
        if t.form is TitleForm.SPLIT:
            self.warn(t.line, f"title split over lines, read as {t.text!r}")
        elif t.form is TitleForm.BANNER:
            self.warn(
                t.line,
                f"no title line, only the banner {t.text[:80]!r}; read as a Comprehensive "
                f"Rules text by its body (an effective-date statement, numbered sections and "
                f"rules, a glossary)",
            )
        elif t.form is TitleForm.DAMAGED:
            self.warn(
                t.line,
                f"title line not recognised ({t.text[:80]!r}); read as a "
                f"Comprehensive Rules text by its body (numbered sections and "
                f"rules, an effective date, a glossary)",
            )
        if t.line - 1 > first[0]:
            self.warn(first[0] + 1, f"line before the title ignored: {first[1][:60]!r}")
        return t.text

    def _contents_end(self, contents: int) -> int | None:
        """Index of the contents' own "Credits" line: the first glossary heading after the
        contents heading, when the next non-blank line is a credits heading (the real glossary
        heading is followed by its first entry). ``None`` if the contents do not end so."""
        p, lines = self.p, self.lines
        gloss = self._find(p.glossary_re, contents + 1, heading=True)
        if gloss is None:
            return None
        nxt = next((k for k in range(gloss + 1, len(lines)) if lines[k].strip()), None)
        return nxt if nxt is not None and p.credits_re.match(lines[nxt]) else None

    def _find(
        self, pattern: re.Pattern, start: int, stop: int | None = None, heading: bool = False
    ) -> int | None:
        """Index of the first line in ``[start, stop)`` that ``pattern`` matches, or ``None``.
        ``heading``: only lines of at most 80 characters can match (a fast pre-check)."""
        match = pattern.match
        lines = self.lines
        for i in range(start, len(lines) if stop is None else stop):
            line = lines[i]
            if heading and (not line or len(line) > 80):
                continue
            if match(line):
                return i
        return None

    def _effective_date(self) -> tuple[date | None, int]:
        search = self.p.date_re.search
        for i, line in enumerate(self.lines):
            m = search(line)
            if m:
                d = self.p.date_from(m)
                if d:
                    return d, i + 1
        return None, 0

    def _join_block(
        self,
        start: int,
        stop: int,
        skip_date: bool = False,
        attr: str = "",
        role: LineRole = LineRole.INTRODUCTION,
    ) -> str:
        """Lines ``[start, stop)`` without trailing spaces (and, if ``skip_date``, without date
        statements), joined by ``"\\n"``, blank lines at both ends dropped. With ``attr``, each
        non-blank line is laid out as a slice of ``self.rs.<attr>`` (which gets the result)."""
        out = []
        at: list[tuple[int, int, int]] = []  # (line index, offset in the joined text, length)
        pos = 0
        search = self.p.date_re.search
        for i in range(start, stop):
            line = self.lines[i]
            if skip_date and search(line):
                continue
            r = line.rstrip()
            out.append(r)
            if r:
                at.append((i, pos, len(r)))
            pos += len(r) + 1
        joined = "\n".join(out)
        text = joined.strip("\n")
        if attr:
            lead = len(joined) - len(joined.lstrip("\n"))
            for i, off, n in at:
                raw = self.lines[i]
                self.layout.put(i, role, "", self.rs, attr, off - lead, off - lead + n, raw[n:])
        return text

    def _toc_headings(
        self, start: int, stop: int
    ) -> tuple[dict[int, tuple[str, int]], dict[int, tuple[str, int]]]:
        """The chapter and section headings the contents (lines ``[start, stop)``) list:
        ``({chapter: (title, 1-based line)}, {section: (title, 1-based line)})``."""
        chapters: dict[int, tuple[str, int]] = {}
        sections: dict[int, tuple[str, int]] = {}
        lines = self.lines
        for i in range(start, stop):
            s = lines[i].strip()
            if not s or not s[0].isdigit():
                continue
            m = _CHAPTER.fullmatch(s)
            if m:
                chapters.setdefault(int(m.group("ch")), (m.group("title").strip(), i + 1))
                continue
            m = _SECTION.fullmatch(s)
            if m:
                sections.setdefault(int(m.group("sec")), (m.group("title").strip(), i + 1))
        return chapters, sections

    def _check_contents(
        self,
        rs: Ruleset,
        toc_chapters: dict[int, tuple[str, int]],
        toc_sections: dict[int, tuple[str, int]],
    ) -> list[int]:
        """Compare the contents with the body: warn for every chapter or section the contents
        list that the body lacks (at the contents line) and for every one the body has that
        the contents do not list (at the body line).

        Returns:
            The sections the contents list and the body lacks (the file's holes), in order.
        """
        if not toc_sections:
            return []  # no contents (or none with section headings): nothing to compare
        body_chapters = {c.number for c in rs.chapters}
        for n in sorted(
            set(toc_chapters) - body_chapters - {0}
        ):  # JA "0. はじめに": the introduction
            title, line = toc_chapters[n]
            self.warn(
                line,
                f"the contents list chapter {n} ({title}) but the body has no chapter {n} heading",
                WarningKind.CONTENTS,
            )
        for ch in rs.chapters:
            if ch.number not in toc_chapters:
                self.warn(
                    ch.line,
                    f"chapter {ch.number} ({ch.title}) is not in the contents",
                    WarningKind.CONTENTS,
                )
        body = {num.section: sec for num, sec in rs.sections.items()}
        holes = sorted(set(toc_sections) - set(body))
        for n in holes:
            title, line = toc_sections[n]
            self.warn(
                line,
                f"the contents list section {n} ({title}) but the body has no "
                f"section {n}: the file has a hole",
                WarningKind.CONTENTS,
                RuleNumber(n),
            )
        for n in sorted(set(body) - set(toc_sections)):
            self.warn(
                body[n].line,
                f"section {n} ({body[n].title.splitlines()[0]}) is not in the contents",
                WarningKind.CONTENTS,
                RuleNumber(n),
            )
        return holes

    def _wrap_style(self, start: int, stop: int) -> str | None:
        """How the body (lines ``[start, stop)``) is hard-wrapped: ``"space"`` (official
        2003-10-01 … 2004-02-01: a wrapped line ends in a space), ``"plain"`` (the archive
        copies 2001-07-23 and 2002-02-20: lines of at most ~115 characters, paragraphs
        separated by blank lines, a wrapped line ends without a space) or ``None`` (one
        paragraph per line, every other file).

        A plain wrap is told from a file whose rules simply have several paragraphs by its
        line lengths: no body line longer than :data:`_WRAP_WIDTH`, at least 20 lines that
        continue the line above (not a rule, heading or example) and 10 that are continued
        in turn (the middle of a paragraph of three lines or more), and at least three
        quarters of the lines continued filled to 60 % of the longest line or more.
        """
        body = self.lines[start:stop]
        longest = max(map(len, body), default=0)
        if longest > _WRAP_WIDTH:
            return None
        if sum(1 for l in body if l[-1:] == " ") >= 100:
            return "space"
        example = self.p.example_re.match

        def continues(k: int) -> bool:  # line k continues the line above
            s = body[k].strip()
            return (
                bool(s)
                and k > 0
                and bool(body[k - 1].strip())
                and not _RULE.match(s)
                and not example(s)
                and not (s[0].isdigit() and (_SECTION.fullmatch(s) or _CHAPTER.fullmatch(s)))
            )

        cont = [continues(k) for k in range(len(body))] + [False]
        filled = continued = middle = middle_filled = 0
        for k in range(1, len(body)):
            if cont[k]:
                continued += 1
                filled += len(body[k - 1].strip()) >= 0.6 * longest
                if cont[k + 1]:  # a middle line of a paragraph of three lines or more
                    middle += 1
                    middle_filled += len(body[k].strip()) >= 0.6 * longest
        return (
            "plain"
            if continued >= 20
            and filled >= 0.75 * continued
            and middle >= 10
            and middle_filled >= 0.75 * middle
            else None
        )

    def _sep(self, i: int) -> str:
        """What joins line ``i`` (0-based) to the text before it: a paragraph break ``"\\n"``,
        or in a hard-wrapped file (:meth:`_wrap_style`) ``" "`` (a wrapped line: in a
        ``"space"`` wrap the line above ends in a space, in a ``"plain"`` wrap any line
        directly above) or ``""`` (the line above ends in a hyphen or dash: the word
        continues) — unless line ``i`` is indented or follows a blank line (a new paragraph)."""
        if not self.wrapped or i == 0:
            return "\n"
        prev, cur = self.lines[i - 1], self.lines[i]
        if not prev.strip() or cur[:1].isspace():
            return "\n"
        if prev[-1:].isspace():
            return " "
        if prev.endswith(("-", "\u2013", "\u2014")):
            return ""
        return " " if self.wrapped == "plain" else "\n"

    # -- rules --------------------------------------------------------------------------
    def _parse_body(self, rs: Ruleset, start: int, stop: int, toc: dict[int, str]) -> None:
        lines = self.lines
        example_re = self.p.example_re
        sections = rs.sections
        chapter = 0
        section: Section | None = None
        last_rule: Rule | None = None
        last_example: Example | None = None
        rule_match, section_match, chapter_match = (
            _RULE.match,
            _SECTION.fullmatch,
            _CHAPTER.fullmatch,
        )
        for i in range(start, stop):
            raw = lines[i]
            if not raw:
                continue
            s = raw.strip()
            if not s:
                continue
            lineno = i + 1
            if s[0].isdigit():
                m = rule_match(s)
                # (a cheap first look: after a line ending in a full stop, the usual case,
                # and with no ")", ",", ";" or ":" after the number, it is no wrap)
                end = lines[i - 1][-1:]
                if (
                    m
                    and (
                        end != "."
                        and (end.isalpha() or end.isspace() or end in '("“')
                        or m.group("text")[:1] in "),;:"
                    )
                    and (lines[i - 1].strip() or m.group("text")[:1] in "),;:")
                    and self._wrapped_reference(m, i)
                ):
                    m = None  # "See rule\n419.8 ..." in a hard-wrapped file: continuation text
                if m:
                    rule = self._new_rule(m, i, section, raw is s) if section is not None else None
                    last_rule = rule if rule is not None else self._add_rule(m, i, section)
                    last_example = None
                    continue
                m = _NO_RULE.match(s)
                if (
                    m
                    and section is not None
                    and self.prev is not None
                    and int(m.group("sec")) == section.number.section == self.prev.section
                ):
                    last_rule = self._add_rule(m, i, section)
                    last_example = None
                    continue
                m = section_match(s)
                if m:
                    num = RuleNumber(int(m.group("sec")))
                    if m.group("sp1"):
                        self.warn(
                            lineno,
                            f"space before the dot of section heading {num}",
                            WarningKind.NUMBER_FORM,
                            num,
                        )
                    if chapter and num.chapter != chapter:
                        self.warn(
                            lineno,
                            f"section {num} is under chapter {chapter}",
                            WarningKind.OUTSIDE_SECTION,
                            num,
                        )
                    if num in sections:
                        self.warn(
                            lineno,
                            f"section {num} appears twice (first at line "
                            f"{sections[num].line}); the second heading is ignored",
                            WarningKind.DUPLICATE_SECTION,
                            num,
                            sections[num].line,
                        )
                    else:
                        self._flush_section()
                        section = Section(num, m.group("title").strip(), lineno)
                        sections[num] = section
                        self.pending_section = section
                        self._put_suffix(
                            i, LineRole.SECTION, section, "title", 0, len(section.title)
                        )
                    last_rule = last_example = None
                    continue
                m = chapter_match(s)
                if m:
                    n = int(m.group("ch"))
                    title = m.group("title").strip()
                    if (
                        i == start
                        or (toc.get(n) == title if n in toc else False)
                        or (n == chapter + 1 and self._next_is_section(i, stop, n))
                    ):
                        if toc.get(n, title) != title:
                            self.warn(
                                lineno,
                                f"chapter {n} heading {title!r} differs from the "
                                f"contents ({toc[n]!r})",
                                WarningKind.CONTENTS,
                            )
                        self._flush_section()
                        self.pending_section = None
                        chapter = n
                        rs.chapters.append(Chapter(n, title, lineno))
                        self._put_suffix(
                            i, LineRole.CHAPTER, rs.chapters[-1], "title", 0, len(title)
                        )
                        section = last_rule = last_example = None
                        continue
                if _NUMBER_LIKE.match(s) and not self.wrapped:
                    # "999999.9999zz …": shaped like a rule number but none (a section has
                    # three digits, a rule up to three, letters one or two): kept as text
                    self.warn(
                        lineno,
                        f"{s.split(None, 1)[0][:24]!r} starts the line like a rule number but "
                        f"is none; the line is kept as "
                        + (
                            f"text of {last_rule.number}"
                            if last_rule is not None
                            else "text of the section"
                            if section is not None
                            else "nothing (outside any section)"
                        ),
                        WarningKind.TEXT_KEPT,
                        last_rule.number if last_rule is not None else None,
                    )
            m = example_re.match(s)
            if m:
                if last_rule is None:
                    self.warn(
                        lineno,
                        "example outside any rule; kept as text of the section",
                        WarningKind.EXAMPLE,
                    )
                    self._continue_section(section, s, i)
                    continue
                text = s[m.end() :]
                again = example_re.match(text)
                if again:
                    self.warn(
                        lineno,
                        "example marker printed twice",
                        WarningKind.EXAMPLE,
                        last_rule.number,
                    )
                    text = text[again.end() :]
                last_example = Example(text, lineno)
                last_rule.examples.append(last_example)
                self._put_suffix(i, LineRole.EXAMPLE, last_example, "text", 0, len(text))
                continue
            if len(s) <= 2 and last_rule is not None:  # (an example implies its rule)
                self.warn(
                    lineno,
                    f"stray line {s!r} kept as a paragraph of "
                    f"{'an example of ' if last_example else ''}{last_rule.number}",
                    WarningKind.TEXT_KEPT,
                    last_rule.number,
                )
            # (JA "例：" or "500.10a" alone on its line: the text follows on the next line)
            if last_example is not None:
                start = len(last_example.text) + len(self._sep(i)) if last_example.text else 0
                last_example.text = last_example.text + self._sep(i) + s if last_example.text else s
                self._put(i, LineRole.EXAMPLE, "", last_example, "text", start, len(s))
            elif last_rule is not None:
                start = len(last_rule.text) + len(self._sep(i)) if last_rule.text else 0
                last_rule.text = last_rule.text + self._sep(i) + s if last_rule.text else s
                self._put(i, LineRole.RULE, "", last_rule, "text", start, len(s))
            else:
                self._continue_section(section, s, i)
        self._flush_section()

    def _next_is_section(self, i: int, stop: int, chapter: int) -> bool:
        for j in range(i + 1, stop):
            s = self.lines[j].strip()
            if s:
                m = _SECTION.fullmatch(s)
                return m is not None and int(m.group("sec")) // 100 == chapter
        return False

    def _wrapped_reference(self, m: re.Match, i: int) -> bool:
        """True if a rule-shaped line is really a wrapped cross-reference ("See rule\\n419.8 …").

        Three files of 2003–2004 are hard-wrapped at about 100 columns, so a reference can land
        at the start of a line. Such a line follows a non-blank line that ends mid-sentence
        ("see rule", "and"), or continues with ")" / "," after the number.
        """
        text = m.group("text")
        if text[:1] and text[:1] in ("),;:" if not m.group("dot") else "),;"):
            return True
        prev = self.lines[i - 1] if i else ""
        if not prev or prev.isspace():
            return False
        last = prev.rsplit(None, 1)[-1].strip('("“').lower()
        return last in _WRAP_WORDS

    def _continue_section(self, section: Section | None, text: str, i: int) -> None:
        """Line ``i`` (0-based; its stripped text ``text``) is text under a section heading
        before its first rule: a new paragraph of the section title."""
        lineno = i + 1
        if section is None:
            self.warn(
                lineno,
                f"text outside any section, ignored: {text[:60]!r}",
                WarningKind.TEXT_IGNORED,
            )
            return
        self.warn(
            lineno,
            f"text between section {section.number} heading and its first rule",
            WarningKind.TEXT_KEPT,
            section.number,
        )
        self._put(i, LineRole.SECTION, "", section, "title", len(section.title) + 1, len(text))
        section.title += "\n" + text

    def _new_rule(self, m: re.Match, i: int, section: Section, bare: bool) -> Rule | None:
        """The common rule line, read without any warning: a :data:`_RULE` match printed in
        the standard form (``712.8.`` / ``712.8e``, one space), under its section heading,
        numbered as the successor of the previous rule, its number not seen before. Adds and
        lays out the rule and returns it; ``None`` (nothing done) for any other line, which
        :meth:`_add_rule` reads. ``bare``: the line has no spaces around it."""
        sec_s, gap, rule_s, letters, dot, sp, text = m.groups()
        if gap or sp != " " or bool(dot) == bool(letters) or text[:1].isdigit():
            return None
        sec, rno = _INT.get(sec_s) or int(sec_s), _INT.get(rule_s) or int(rule_s)
        if section.number.section != sec:
            return None
        prev = self.prev
        if prev is None or prev.section != sec:
            if rno != 1 or letters is not None:
                return None
        elif letters is None:
            if rno != (prev.rule or 0) + 1:
                return None
        elif rno != prev.rule or letters != (
            _NEXT_LETTERS.get(prev.letters) or next_letters(prev.letters)
        ):
            return None
        num = _new(RuleNumber)  # RuleNumber.trusted, inlined: _RULE checked the ranges
        SET_SECTION(num, sec)
        SET_RULE(num, rno)
        SET_LETTERS(num, letters)
        rule = Rule(num, text, i + 1)
        self.pending.append((rule, num))
        self.prev = num
        if bare:
            self.layout.put_text(i, LineRole.RULE, m.string[: m.start("text")], rule, len(text))
        else:
            self._put_suffix(i, LineRole.RULE, rule, "text", 0, len(text))
        return rule

    def _add_rule(self, m: re.Match, i: int, section: Section | None) -> Rule:
        lineno = i + 1
        rs = self.rs
        if m.re is _RULE:
            sec_s, gap, rule_s, letters, dot, sp, text = m.group(
                "sec", "gap", "rule", "let", "dot", "sp", "text"
            )
            num = RuleNumber.trusted(int(sec_s), int(rule_s), letters)  # _RULE checked the ranges
            if letters:
                if dot:
                    self.warn(
                        lineno, f"extra dot after subrule {num}", WarningKind.NUMBER_FORM, num
                    )
            elif not dot:
                self.warn(lineno, f"no dot after rule {num}", WarningKind.NUMBER_FORM, num)
            if gap:
                self.warn(
                    lineno,
                    f"space inside the number {sec_s}.{gap}{rule_s}{letters or ''}",
                    WarningKind.NUMBER_FORM,
                    num,
                )
            if sp != " ":
                if not sp and text:
                    self.warn(lineno, f"no space after {num}{dot}", WarningKind.NUMBER_FORM, num)
                elif len(sp) > 1:
                    self.warn(
                        lineno, f"{len(sp)} spaces after {num}{dot}", WarningKind.NUMBER_FORM, num
                    )
        else:  # _NO_RULE: "306.b Text" after 306.3a
            sec_s, letters, text = m.group("sec", "let", "text")
            assert self.prev is not None  # _parse_body reads a _NO_RULE line only after a rule
            num = RuleNumber(int(sec_s), self.prev.rule, letters)
            self.warn(
                lineno,
                f"rule number missing in {sec_s}.{letters}; read as {num} (after {self.prev})",
                WarningKind.NUMBER_MISSING,
                num,
            )
        # "702.189. 702.189. text" (JA): the number printed twice.
        if text[:1].isdigit():
            again = _RULE.match(text)
            if (
                again
                and RuleNumber(
                    int(again.group("sec")), int(again.group("rule")), again.group("let")
                )
                == num
            ):
                self.warn(
                    lineno, f"number {num} printed twice", WarningKind.NUMBER_PRINTED_TWICE, num
                )
                text = again.group("text")
        if section is None:  # before any section heading: kept as printed
            self.warn(
                lineno,
                f"rule {num} is not under its section heading {num.section}",
                WarningKind.OUTSIDE_SECTION,
                num,
            )
            rule, first = rs.add_rule(num, text, lineno)
            if first is not None:
                self.warnings.append(
                    ParseWarning.duplicate_rule(self.doc.source, lineno, num, first.line)
                )
            self._put_suffix(i, LineRole.RULE, rule, "text", 0, len(text))
            self.prev = num
            return rule
        rule = Rule(num, text, lineno)
        self._put_suffix(i, LineRole.RULE, rule, "text", 0, len(text))
        self.pending.append((rule, num))
        self.in_sequence = False
        self.prev = num
        return rule

    # -- reading the numbers of a section ----------------------------------------------------
    def _flush_section(self) -> None:
        """Read the numbers of the section's rule lines (as printed when they run in order,
        else the reading :func:`mtgcr.extract.formats.numbering.read_section` chooses) and
        add the rules to the ruleset in document order."""
        pending, section, clean = self.pending, self.pending_section, self.in_sequence
        self.pending, self.in_sequence = [], True
        if not pending:
            return
        rules = self.rs.rules
        if clean:
            for rule, num in pending:
                if rules.setdefault(num, rule) is not rule:
                    self._stale(rule, num, rules[num], "")
            return
        assert section is not None
        kept: list[tuple[Rule, RuleNumber]] = []
        kept_by_number: dict[RuleNumber, list[Rule]] = {}  # kept rules of each number, in order
        for rule, num in pending:  # the same line printed twice (same number, same text)
            twin = next(
                (r for r in kept_by_number.get(num, ()) if _same_text(r, rule)),
                None,
            )
            if twin is not None:
                self.warn(
                    rule.line,
                    f"rule {num} printed twice with the same text (first at line "
                    f"{twin.line}); kept once",
                    WarningKind.REPEATED_LINE,
                    num,
                    twin.line,
                )
                continue
            kept.append((rule, num))
            kept_by_number.setdefault(num, []).append(rule)
        lines = [PrintedLine(r.line, n, r.text) for r, n in kept]
        sec = section.number.section
        # (numbers in order, printed in another form: no evidence needed, none read)
        evidence = None if in_sequence(sec, [n for _, n in kept]) else self._evidence()
        readings = read_section(sec, lines, evidence, rules)
        src = self.doc.source
        read: dict[RuleNumber, Rule] = {}
        for (rule, num), rd in zip(kept, readings):
            if rd.kind is ReadingKind.STALE_DUPLICATE:
                first = read.get(rd.number) or rules[rd.number]
                self._stale(rule, num, first, rd.reason)
                continue
            if rd.kind is ReadingKind.REPAIRED:
                self.warnings.append(
                    ParseWarning.misprint(
                        src,
                        rule.line,
                        num,
                        rd.number,
                        str(rd.after or f"section heading {section.number}"),
                        rd.reason,
                    )
                )
                rule.number = rd.number
            elif num.section != section.number.section:
                self.warn(
                    rule.line,
                    f"rule {num} is not under its section heading {num.section}",
                    WarningKind.OUTSIDE_SECTION,
                    num,
                )
            if rules.setdefault(rule.number, rule) is not rule:
                self._stale(rule, rule.number, rules[rule.number], "")
            else:
                read[rule.number] = rule

    def _stale(self, rule: Rule, num: RuleNumber, first: Rule, reason: str) -> None:
        """Keep ``rule`` apart as a stale duplicate of ``first`` (same number, another text):
        :attr:`Ruleset.stale`, never appended to the first."""
        rule.number = num
        self.rs.stale.append(rule)
        self.warnings.append(
            ParseWarning.duplicate_rule(
                self.doc.source,
                rule.line,
                num,
                first.line,
                STALE_OUTCOME + (f" ({reason})" if reason else ""),
            )
        )

    def _evidence(self) -> NumberingEvidence:
        """The citations of the file (read once, at the first section that needs them) and the
        English release's numbers given for a translation."""
        if self._cited is None:
            self._cited = cited_numbers(self.lines, self.body_start)
        return NumberingEvidence(self._cited, self.english)

    def _check_numbering(self, rs: Ruleset) -> None:
        """Warn about numbering gaps (letters skip l and o), numbers out of order and subrules
        without a parent rule."""
        prev: RuleNumber | None = None
        prev_orphan = False
        rules = rs.rules
        for num, rule in rules.items():
            sec, rno, let = num.section, num.rule, num.letters
            if prev is not None and prev.section == sec:  # fast path: the expected successor
                if let is None:
                    if rno == (prev.rule or 0) + 1:
                        prev, prev_orphan = num, False
                        continue
                elif rno == prev.rule and let == _next(prev.letters):
                    if prev_orphan:
                        self.warn(
                            rule.line,
                            f"subrule {num} has no parent rule {num.parent}",
                            WarningKind.ORPHAN_SUBRULE,
                            num,
                        )
                    prev = num
                    continue
            orphan = False
            if prev is not None and num.sort_key < prev.sort_key:
                self.warn(
                    rule.line,
                    f"rule {num} is out of order (after {prev})",
                    WarningKind.OUT_OF_ORDER,
                    num,
                )
            elif let:
                parent = RuleNumber.trusted(sec, rno)
                if parent not in rules:
                    orphan = True
                    self.warn(
                        rule.line,
                        f"subrule {num} has no parent rule {parent}",
                        WarningKind.ORPHAN_SUBRULE,
                        num,
                    )
                same_rule = prev is not None and prev.section == sec and prev.rule == rno
                want = next_letters(prev.letters if prev is not None and same_rule else None)
                if let != want:
                    self.warnings.append(
                        ParseWarning.numbering_gap(
                            self.doc.source, rule.line, num, f"{parent}{want}"
                        )
                    )
            else:
                want_rule = (prev.rule or 0) + 1 if prev is not None and prev.section == sec else 1
                if rno != want_rule:
                    self.warnings.append(
                        ParseWarning.numbering_gap(
                            self.doc.source, rule.line, num, f"{sec}.{want_rule}"
                        )
                    )
            prev, prev_orphan = num, orphan

    # -- glossary -------------------------------------------------------------------------
    def _parse_glossary(self, start: int, stop: int) -> list[GlossaryEntry]:
        blocks: list[list[int]] = []  # line indexes of each entry, headword first
        current: list[int] | None = None
        head_re = self.p.headword_re
        by_headword = self.p.headword_starts_entry and head_re is not None
        lines, date_search = self.lines, self.p.date_re.search
        blank = False
        for i in range(start, stop):
            line = lines[i]
            if not line.strip():
                blank = True
                continue
            if (i + 1 == stop or not lines[i + 1].strip()) and date_search(line):
                self.layout.put_printed(i, LineRole.DATE)
                continue  # a date statement (always a paragraph of its own or the last line)
            if by_headword and head_re is not None:
                new_entry = not line[:1].isspace() and head_re.match(line.strip()) is not None
                if current is None and not new_entry:
                    self.warn(
                        i + 1,
                        "glossary line before any headword; kept as its own entry",
                        WarningKind.GLOSSARY,
                    )
                    new_entry = True
            else:
                new_entry = current is None or (
                    blank and not self._continues_entry(i, stop, current)
                )
            blank = False
            if new_entry:
                current = [i]
                blocks.append(current)
            else:
                assert current is not None  # new_entry is True for the first line
                current.append(i)
        return [self._glossary_entry(block) for block in blocks]

    def _continues_entry(self, i: int, stop: int, current: list[int] | None = None) -> bool:
        """After a blank line, does line ``i`` still belong to the entry above? Yes for an
        indented line, for the next numbered sense of the entry (``2.`` after its ``1.``,
        senses set apart by blank lines), and for a sub-heading followed by a blank line and
        an indented line (the list of expansion symbols under "Expansion Symbol",
        2003-03-15)."""
        lines = self.lines
        if lines[i][:1].isspace():
            return True
        sense = _SENSE.match(lines[i])
        if sense and current:
            want = str(int(sense.group(1)) - 1)
            head = _GLUED_SENSE.fullmatch(lines[current[0]].strip())
            if (want == "1" and head is not None) or any(
                (m := _SENSE.match(lines[k].strip())) and m.group(1) == want for k in current
            ):
                return True
        return (
            i + 2 < stop
            and not lines[i + 1].strip()
            and lines[i + 2][:1].isspace()
            and bool(lines[i + 2].strip())
        )

    def _glossary_entry(self, block: list[int]) -> GlossaryEntry:
        lineno = block[0] + 1
        lines = self.lines
        heading = lines[block[0]].strip()
        parts: list[str] = []
        at: list[tuple[int, int, int]] = []  # (line index, offset in text, length)
        pos = 0
        for k in block[1:]:
            s = lines[k].strip()
            sep = ("\n" if not self.wrapped else self._sep(k)) if parts else ""  # (_sep, inlined)
            at.append((k, pos + len(sep), len(s)))
            pos += len(sep) + len(s)
            parts.append(sep + s)
        text = "".join(parts)
        glued = _GLUED_SENSE.fullmatch(heading) if "1." in heading else None
        sense = ""
        if glued and any(lines[k].strip().startswith("2.") for k in block[1:]):
            self.warn(
                lineno,
                f"headword {glued.group('head')!r} glued to its sense 1 "
                f"({heading[: len(glued.group('head')) + 3]!r})",
                WarningKind.GLOSSARY,
            )
            heading = glued.group("head")
            sense = glued.group("sense")
            text = sense + ("\n" + text if text else "")
            at = [(k, off + len(sense) + 1, n) for k, off, n in at]
        if not text:
            self.warn(lineno, f"glossary entry {heading!r} has no definition", WarningKind.GLOSSARY)
        original = None
        head = heading
        if self.p.headword_re is not None:
            m = self.p.headword_re.match(heading)
            if m:
                head, original = m.group("term").strip(), m.group("original").strip()
        obsolete = False
        if head.rstrip()[-1:] in ")）":
            om = _OBSOLETE.search(head)
            if om:
                obsolete, head = True, head[: om.start()]
            im = _INFORMAL.search(head)
            if im:
                head = head[: im.start()]
        term, aliases = split_headword(head)
        entry = GlossaryEntry(term, aliases, text, lineno, obsolete, heading, original)
        if sense:  # "Ability1. Text…": the headword, then sense 1 of the text
            raw = lines[block[0]]
            a, b = len(raw) - len(raw.lstrip()), len(raw.rstrip())
            self.layout.put_parts(
                block[0],
                LineRole.GLOSSARY,
                tuple(
                    x
                    for x in (
                        raw[:a],
                        Slice(entry, "heading", 0, len(heading)),
                        Slice(entry, "text", 0, len(sense)),
                        raw[b:],
                    )
                    if not isinstance(x, str) or x
                ),
            )
        else:
            self._put(block[0], LineRole.GLOSSARY, "", entry, "heading", 0, len(heading))
        for k, off, n in at:
            self._put(k, LineRole.GLOSSARY, "", entry, "text", off, n)
        return entry


_QUOTES = "“”\"'‘’?"


def split_headword(head: str) -> tuple[str, tuple[str, ...]]:
    """Split a glossary headword into term and aliases.

    "Kicker, Kicked" → ("Kicker", ("Kicked",)); "Active Player, Nonactive Player Order" stays one
    term. A comma separates aliases only when each part's first word shares a prefix of at least
    three letters with the first part's first word (Kick-er/Kick-ed, Base Power/Base Toughness,
    Banding/“Bands with Other”, You/Your), or when every part is a single letter ("Y, Z").
    A comma inside closing quotes ends a quoted alias: 'Partner, “Partner—[text],” “Partner
    with [name]”' → ("Partner", ("“Partner—[text]”", "“Partner with [name]”")). Quote marks stay
    on aliases; the 2008-05-01 file prints its quotes as "?" ("Banding, ?Bands with Other?").
    Format knowledge from the glossaries of 2003–2026.
    """
    if "," not in head:
        return head, ()
    norm = re.sub(r",([”\"])\s+", r"\1, ", head)
    parts = [p.strip() for p in norm.split(", ")]
    if len(parts) == 1:
        return head, ()
    if all(len(p) == 1 and p.isalpha() for p in parts):
        return parts[0], tuple(parts[1:])

    def stem(s: str) -> str:
        return s.strip(_QUOTES).split(" ")[0].lower()

    first = stem(parts[0])
    for p in parts[1:]:
        w = stem(p)
        k = 0
        while k < min(len(w), len(first)) and w[k] == first[k]:
            k += 1
        if k < 3:
            return head, ()
    return parts[0], tuple(parts[1:])


def _parse(doc: Document) -> ParseResult:
    return ParseResult("cr-text", [(parse_cr_text(doc), WHOLE_TEXT, {})])


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`: the generic CR text parser
#: (EN, ZH, RU and any language with a profile).
PARSER = DocumentParser("cr-text", lambda d: detect_profile(d) is not None, _parse)
