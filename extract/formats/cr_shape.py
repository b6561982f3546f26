"""Is a text file a Comprehensive Rules text, and if not, what is missing?

A CR text file is recognised by its title line and its effective-date statement (each
language profile's ``title_re`` and ``date_re``, :mod:`mtgcr.extract.profiles`). Real files
are not always that tidy; the shapes seen in copies of the English rules, and accepted here:

* the title line printed exactly (``Magic: The Gathering Comprehensive Rules``), possibly
  after a banner line someone added (anywhere in the first :data:`HEAD_LINES` lines);
* the title split over two or three lines (``MAGIC: THE GATHERING`` / ``COMPREHENSIVE`` /
  ``RULES``), read as one;
* only an all-caps banner line with a date (``MTG COMPREHENSIVE RULES — 17 NOVEMBER 2023``,
  no title line of its own) and the date statement further down, when the body is clearly a
  CR (below);
* the title damaged — a stray letter where a ® was lost (``Magic: The Gatheringr
  Comprehensive Rules``), a misspelling — when the body is clearly a CR: the date statement,
  at least :data:`MIN_SECTIONS` section headings (``100. General``), at least
  :data:`MIN_RULES` numbered rules (``100.1. …``) and a glossary heading.

:func:`recognise` gives the evidence (:class:`CREvidence`) for the best-fitting profile;
:func:`refusal` says, for a file that is not accepted, what was found and what is missing —
never a reason that is false for the file (a file with a title but no date is told it has no
date, not that it has no title).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from mtgcr.corpus.document import Document
from mtgcr.extract.profiles import PROFILES, CRProfile

__all__ = [
    "TitleForm",
    "TitleMatch",
    "CREvidence",
    "recognise",
    "evidence_for",
    "refusal",
    "second_text",
    "HEAD_LINES",
    "MIN_SECTIONS",
    "MIN_RULES",
]

#: The title is looked for in this many first lines (a banner or two may come first).
HEAD_LINES = 12
#: Section headings a body needs to count as clearly a CR when its title is damaged.
MIN_SECTIONS = 5
#: Numbered rules a body needs to count as clearly a CR when its title is damaged.
MIN_RULES = 20

_HTML_START = re.compile(r"\s*(?:<!doctype html|<html|<head|<body|<\?xml)", re.I)
_SECTION_LINE = re.compile(r"\s*[1-9]\d{2}\.[ \t\u3000]*[^\d\s]")
#: An English sentence ends the line: not a title ("The Comprehensive Rules are attached.").
#: (The JA file's header sentences, which end in 。, are what its title pattern looks for.)
_SENTENCE_END = re.compile(r"[a-z][.!?]\s*$")
_RULE_LINE = re.compile(r"\s*[1-9]\d{2}\.\d{1,3}[a-z]{0,2}\.?[ \t\u3000]*\S")


class TitleForm(enum.Enum):
    """How the title line was found."""

    EXACT = "exact"  #: one line matching the profile's title pattern
    SPLIT = "split"  #: two or three consecutive lines that match when joined
    DAMAGED = "damaged"  #: no line matches; the line before the date statement is taken
    #: no line matches; the first line is an all-caps banner with a date or "RULES"
    #: (``MTG COMPREHENSIVE RULES — 17 NOVEMBER 2023``) and the date statement is further down
    BANNER = "banner"


@dataclass(frozen=True)
class TitleMatch:
    """The title of a CR text as found.

    Attributes:
        form: :class:`TitleForm`.
        line: 1-based number of its (first) line.
        text: the title as printed (a split title's lines joined with one space).
        last_line: 1-based number of its last line (``line`` unless split).
    """

    form: TitleForm
    line: int
    text: str
    last_line: int = 0

    def __post_init__(self) -> None:
        if self.last_line < self.line:
            object.__setattr__(self, "last_line", self.line)


@dataclass(frozen=True)
class CREvidence:
    """What a document shows of a CR text in one language profile.

    Attributes:
        profile: the language profile looked with.
        title: the title found (``None``: none, not even a damaged one).
        date_line: 1-based line of the effective-date statement, or ``None``.
        sections: section heading lines (``100. General``; the contents list counts too).
        rules: numbered rule lines (``100.1. …``, ``100.1a …``).
        glossary_line: 1-based line of the glossary heading, or ``None``.
        html: the document is an HTML page (never the text format).
    """

    profile: CRProfile
    title: TitleMatch | None
    date_line: int | None
    sections: int = 0
    rules: int = 0
    glossary_line: int | None = None
    html: bool = False

    @property
    def body_is_cr(self) -> bool:
        """Numbered sections and rules, a date and a glossary heading (see the module
        docstring)."""
        return (
            self.date_line is not None
            and self.sections >= MIN_SECTIONS
            and self.rules >= MIN_RULES
            and self.glossary_line is not None
        )

    @property
    def accepted(self) -> bool:
        """A CR text of this profile: a title (exact or split) and a date statement, or a
        damaged title and a body that is clearly a CR."""
        if self.html or self.title is None or self.date_line is None:
            return False
        return self.title.form not in (TitleForm.DAMAGED, TitleForm.BANNER) or self.body_is_cr


def _head(doc: Document) -> list[str]:
    return doc.lines[:HEAD_LINES]


def _title(prof: CRProfile, head: list[str]) -> TitleMatch | None:
    """An exact or split title in ``head`` (see :class:`TitleForm`), else ``None``."""
    search = prof.title_re.search
    for i, line in enumerate(head):
        if line.strip() and search(line) and not _SENTENCE_END.search(line):
            return TitleMatch(TitleForm.EXACT, i + 1, line.strip())
    filled = [
        (i, l.strip()) for i, l in enumerate(head) if l.strip() and not _SENTENCE_END.search(l)
    ]
    for span in (2, 3):
        for k in range(len(filled) - span + 1):
            part = filled[k : k + span]
            if part[-1][0] - part[0][0] > 2 * (span - 1):  # at most one blank line between
                continue
            joined = " ".join(t for _, t in part)
            if search(joined):
                return TitleMatch(TitleForm.SPLIT, part[0][0] + 1, joined, part[-1][0] + 1)
    return None


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _banner(head: list[str]) -> TitleMatch | None:
    """The first line of ``head`` when it is an all-caps banner: at least 8 letters, nearly
    all upper case, with a year or the word RULES (any script without case does not count)."""
    first = next(((i, l.strip()) for i, l in enumerate(head) if l.strip()), None)
    if first is None or len(first[1]) > 120:
        return None
    i, text = first
    letters = [c for c in text if c.isalpha() and c.lower() != c.upper()]
    upper = sum(c.isupper() for c in letters)
    if len(letters) < 8 or upper < 0.9 * len(letters):
        return None
    if not (_YEAR.search(text) or "RULES" in text):
        return None
    return TitleMatch(TitleForm.BANNER, i + 1, text)


def _date_line(prof: CRProfile, doc: Document) -> int | None:
    search = prof.date_re.search
    lines = doc.lines
    n = len(lines)
    for i in list(range(min(n, HEAD_LINES))) + list(range(max(HEAD_LINES, n - 40), n)):
        if search(lines[i]):
            return i + 1
    return None


def evidence_for(doc: Document, prof: CRProfile, body: bool = True) -> CREvidence:
    """The evidence ``doc`` shows in profile ``prof``.

    Args:
        doc: the document.
        prof: a language profile.
        body: also count sections, rules and the glossary heading (one pass over the lines);
            done anyway when the title is damaged and a date is there.
    """
    if _HTML_START.match(doc.text[:2000]):
        return CREvidence(prof, None, None, html=True)
    head = _head(doc)
    title = _title(prof, head)
    date_line = _date_line(prof, doc)
    if date_line is None and prof.revision_re is not None:
        # a translation's header label stands for the date (JA "(和訳 20231117.0 版)")
        date_line = next((i + 1 for i, l in enumerate(head) if prof.revision_re.search(l)), None)
    if title is None:
        title = _banner(head)
        if title is not None:  # the date statement may stand anywhere below a banner
            search = prof.date_re.search
            date_line = next((i + 1 for i, l in enumerate(doc.lines) if search(l)), None)
    if title is None and date_line is not None and date_line <= len(head):
        before = [i for i in range(date_line - 1) if head[i].strip()]
        if before:
            title = TitleMatch(TitleForm.DAMAGED, before[-1] + 1, head[before[-1]].strip())
    if not body and not (title is not None and title.form in (TitleForm.DAMAGED, TitleForm.BANNER)):
        return CREvidence(prof, title, date_line)
    sections = rules = 0
    glossary = None
    sec_m, rule_m, gl_m = _SECTION_LINE.match, _RULE_LINE.match, prof.glossary_re.match
    for i, line in enumerate(doc.lines):
        if not line or not (line[:1].isdigit() or line[:1].isspace()):
            if glossary is None and line and len(line) <= 80 and gl_m(line) and rules:
                glossary = i + 1
            continue
        if rule_m(line):
            rules += 1
        elif sec_m(line):
            sections += 1
        elif glossary is None and len(line) <= 80 and gl_m(line) and rules:
            glossary = i + 1
    return CREvidence(prof, title, date_line, sections, rules, glossary)


def recognise(doc: Document) -> CREvidence | None:
    """The evidence of the first profile (in :data:`~mtgcr.extract.profiles.PROFILES` order)
    that accepts ``doc`` as a CR text (:attr:`CREvidence.accepted`), or ``None``. Costs one
    look at the first and last lines per profile; the body is only read for a damaged
    title."""
    if _HTML_START.match(doc.text[:2000]):
        return None
    for prof in PROFILES.values():
        ev = evidence_for(doc, prof, body=False)
        if ev.title is not None and ev.date_line is not None:
            if ev.title.form in (TitleForm.DAMAGED, TitleForm.BANNER):
                ev = evidence_for(doc, prof)
            if ev.accepted:
                return ev
    return None


def refusal(doc: Document) -> str:
    """Why ``doc`` is not read as a CR text, in one line (without the file name): what the
    closest profile found and what it lacks.

    Example: ``"not a Comprehensive Rules text: it has the title 'Magic: The Gathering
    Comprehensive Rules' (line 1) but no effective-date statement (like 'These rules are
    effective as of May 1, 2026.')"``.
    """
    if _HTML_START.match(doc.text[:2000]):
        return "not a Comprehensive Rules text: an HTML page (save the rules as plain text)"
    best: CREvidence | None = None
    best_score = -1
    for prof in PROFILES.values():
        ev = evidence_for(doc, prof)
        # the date statement is the language's own; a title pattern may accept others' titles
        score = (
            (ev.date_line is not None) * 4
            + (ev.title is not None and ev.title.form is not TitleForm.DAMAGED) * 2
            + ev.body_is_cr
        )
        if score > best_score:
            best, best_score = ev, score
    assert best is not None
    ev, lang = best, best.profile.lang
    found, missing = [], []
    if ev.title is not None and ev.title.form is not TitleForm.DAMAGED:
        found.append(f"the title {ev.title.text[:60]!r} (line {ev.title.line})")
    else:
        missing.append(f"no 'Comprehensive Rules' title line in the first {HEAD_LINES} lines")
    if ev.date_line is not None:
        found.append(f"an effective-date statement ({lang}, line {ev.date_line})")
    else:
        missing.append(
            "no effective-date statement (like 'These rules are effective as of May 1, 2026.')"
            if lang == "en" or not found
            else f"no effective-date statement in the form the {lang} profile knows"
        )
    body = f"{ev.sections} section headings and {ev.rules} numbered rule lines"
    if ev.glossary_line is not None:
        body += f", a glossary heading (line {ev.glossary_line})"
    if ev.title is not None and ev.title.form is TitleForm.DAMAGED and not ev.body_is_cr:
        missing.append(
            f"a body clearly a CR to make up for it (it has {body}; needs at least "
            f"{MIN_SECTIONS} sections, {MIN_RULES} rules and a glossary heading)"
        )
    elif ev.sections or ev.rules:
        found.append(body)
    text = "not a Comprehensive Rules text: "
    if found:
        text += "it has " + ", ".join(found) + " but " + "; ".join(missing)
    else:
        text += "; ".join(missing)
    return text


#: Lines after a second title within which its body must start (a section heading).
_SECOND_BODY = 400


def second_text(doc: Document, start: int) -> tuple[int, str, CRProfile] | None:
    """Where a second CR text starts in ``doc`` at or after line index ``start`` (two files
    concatenated: ``cat 2023-11-17.txt 2024-08-02.txt``), or ``None``.

    A second text is a title line of any profile (not a sentence, at most 80 characters),
    its date statement within :data:`HEAD_LINES` lines and a section heading within
    :data:`_SECOND_BODY` lines. The official files end with the date statement again after
    their credits, never with a title (checked on the 112 official EN files, the normalised
    and archive copies, JA 20260116, ZH 20220610 … 20260417).

    Returns:
        ``(0-based line index of the title, the title, its profile)``.
    """
    lines = doc.lines
    n = len(lines)
    for i in range(start, n):
        line = lines[i]
        if not line.strip() or len(line) > 80 or _SENTENCE_END.search(line):
            continue
        for prof in PROFILES.values():
            if not prof.title_re.search(line):
                continue
            date = prof.date_re.search
            if not any(date(lines[k]) for k in range(i + 1, min(n, i + 1 + HEAD_LINES))):
                continue
            if any(_SECTION_LINE.match(lines[k]) for k in range(i + 1, min(n, i + _SECOND_BODY))):
                return i, line.strip().lstrip("\ufeff"), prof
    return None
