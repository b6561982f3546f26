"""Pages of the mtg.ru rules site: English CR text inside Russian navigation.

Format knowledge (the site's pages as rendered text — ``../shared/seeds/002…``, section 711 —
and the excerpts of ``http://www.mtg.ru/rules/100.html`` and ``804.html`` in
``../shared/corpus/mtgwiki/web_excerpts.json``):

* a header ``Полные правила Magic: the Gathering`` / ``( Comprehensive rules )`` and a
  navigation line ``Базовые правила Contents Glossary``;
* one page per section: the chapter heading (``7.  Additional Rules``), the section heading
  (``711.  Controlling Another Player’s Turn``), rules and subrules written with the number,
  no dot and two spaces (``711.1  Two cards …``, ``711.1a  Multiple …``), ``Example:``
  paragraphs — on some pages the ``Example:`` label is missing, and symbol images ({T}, mana)
  are missing from the text;
* a footer with the chapter repeated (indented) and the neighbouring sections:
  ``<<  710. Leveler Cards`` · ``7.  Additional Rules`` · ``712. Ending the Turn  >>``, then
  a line of underscores;
* glossary pages, one per letter: a ``Glossary`` heading, the letter, then entries (headword
  line, definition lines), separated by blank lines; the footer links the neighbouring letters
  (``<<  A`` · ``Glossary`` · ``C  >>``).

The real site serves the pages as HTML in windows-1251 (the charset named in a ``<meta>``
tag). Its markup is not at hand; the HTML reader here assumes only what any such page has:
block elements (``h1``–``h6``, ``p``, ``div``, ``li``, table rows, ``br``) become lines in
document order, ``<img>`` symbols become ``{T}`` from their ``alt`` (or their file name,
``T.gif``), and an element with class ``example`` (or wholly in ``<i>``/``<em>``) is an
example even when its label is missing. Line numbers are those of the HTML source.

The page is parsed into a partial English ruleset of an **unknown** release (label
``"unknown"``, no effective date): which release the text is from is for
:mod:`mtgcr.crossref.identify` to find out. The neighbouring sections named in the footer are added
to :attr:`Ruleset.sections` as structure evidence (they carry no rules) and also returned as a
``mtgru-navigation`` fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from mtgcr.corpus.document import Document

from mtgcr.extract.formats.cr_text import CRFormatError, split_headword
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
from mtgcr.extract.provenance import Place, Provenance
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "sniff_mtgru",
    "parse_mtgru",
    "parse_mtgru_lines",
    "html_lines",
    "Navigation",
    "NavigationFact",
    "UNKNOWN_LABEL",
    "SITE_TITLE",
]

#: The label of a release nobody has identified yet.
UNKNOWN_LABEL = "unknown"
#: The site's title line (Russian: "Complete rules of Magic: the Gathering").
SITE_TITLE = "Полные правила Magic"

_SUBTITLE = re.compile(r"^\s*\(\s*Comprehensive rules\s*\)\s*$", re.I)
_SITE_NAV = re.compile(r"^\s*Базовые правила\b.*\bContents\b.*\bGlossary\s*$")
_CHAPTER = re.compile(r"^(?P<ch>\d)\.\s+(?P<title>\S.*?)\s*$")
_SECTION = re.compile(r"^(?P<sec>\d{3})\.\s+(?P<title>[^\d\s].*?)\s*$")
_RULE = re.compile(r"^(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})\.?(?:\s+|$)(?P<text>.*?)\s*$")
_EXAMPLE = re.compile(r"^Examples?:\s*")
_RULER = re.compile(r"^[\s_\-=]{10,}$")
_GLOSSARY = re.compile(r"^\s*Glossary\s*$")
_LETTER = re.compile(r"^\s*[A-Z]\s*$")
_NAV_PREV = re.compile(r"<<\s*(?:(?P<num>\d{3})\.\s*)?(?P<title>[^\t\n<>]*?)\s*(?=\t|\n|$)")
_NAV_NEXT = re.compile(r"(?:^|\t|\n)\s*(?:(?P<num>\d{3})\.\s*)?(?P<title>[^\t\n<>]*?)\s*>>")
_NAV_UP = re.compile(r"(?:^|\t|\n)\s*(?P<ch>\d)\.\s+(?P<title>[^\t\n<>]*?)\s*(?=\t|\n|$)")
_CHARSET = re.compile(rb"charset\s*=\s*[\"']?\s*(?:windows|cp)-?1251", re.I)


@dataclass
class Navigation:
    """The footer of a page: previous, parent and next page, as printed.

    ``prev`` / ``next`` are ``(section number or None, title)``; for glossary pages the
    title is the letter. ``up`` is ``(chapter number or None, title)``. ``line`` is the
    1-based source line of the footer.
    """

    prev: tuple[int | None, str] | None = None
    up: tuple[int | None, str] | None = None
    next: tuple[int | None, str] | None = None
    line: int = 0

    def as_json(self) -> dict:
        """JSON-ready dict: ``prev``, ``up``, ``next`` as ``{"number", "title"}`` or ``None``."""
        f = lambda x: None if x is None else {"number": x[0], "title": x[1]}
        return {"prev": f(self.prev), "up": f(self.up), "next": f(self.next), "line": self.line}

    @classmethod
    def from_json(cls, d: dict) -> Navigation:
        """The footer :meth:`as_json` gave."""

        def f(x: dict | None) -> tuple[int | None, str] | None:
            return None if x is None else (x.get("number"), x.get("title", ""))

        return cls(f(d.get("prev")), f(d.get("up")), f(d.get("next")), d.get("line", 0))


@dataclass(frozen=True)
class NavigationFact:
    """The footer of one mtg.ru page: fact kind ``"mtgru-navigation"`` (``page``: the page
    key — ``"711"``, ``"glossary-a"``, ``"chapter-7"`` —; ``source``: the document)."""

    KIND: ClassVar[str] = "mtgru-navigation"

    page: str
    source: str
    nav: Navigation

    def as_json(self) -> dict:
        """The stored form: ``page``, ``source`` and the footer's keys."""
        return {"page": self.page, "source": self.source, **self.nav.as_json()}

    @classmethod
    def from_json(cls, d: dict) -> NavigationFact:
        """The fact :meth:`as_json` gave. Raises ``KeyError`` without ``page`` or ``source``."""
        return cls(d["page"], d["source"], Navigation.from_json(d))


def _decoded_text(doc: Document) -> str:
    """The page text; HTML declaring windows-1251 is decoded from the raw bytes with that codec
    (an 8-bit guess by :mod:`mtgcr.corpus.decode` would read Cyrillic as Latin-1 letters)."""
    if _CHARSET.search(doc.raw[:4096]) and not doc.raw.startswith(b"\xef\xbb\xbf"):
        try:
            return doc.raw.decode("cp1251")
        except UnicodeDecodeError:
            pass
    return doc.text


def _is_html(text: str) -> bool:
    return bool(re.match(r"\s*(?:<!doctype html|<html|<head|<body)", text[:2000], re.I))


def sniff_mtgru(doc: Document) -> bool:
    """True if the document is an mtg.ru rules page (text rendering or HTML).

    The site title ``Полные правила Magic`` must appear near the top together with the
    ``( Comprehensive rules )`` subtitle or the ``Базовые правила Contents Glossary``
    navigation; the Russian translation's own title line, which carries a date, is not a page
    of this kind.
    """
    text = _decoded_text(doc)
    head = text[:6000]
    if SITE_TITLE not in head:
        return False
    if _is_html(head):
        return "Comprehensive rules" in head or "Базовые правила" in head
    lines = [l for l in head.splitlines()[:12] if l.strip()]
    return any(_SUBTITLE.match(l) or _SITE_NAV.match(l) for l in lines[:6])


# -- HTML → lines -------------------------------------------------------------------------
_BLOCK = {
    "p",
    "div",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "li",
    "tr",
    "table",
    "blockquote",
    "center",
    "dd",
    "dt",
    "ul",
    "ol",
    "body",
    "td",
}


def html_lines(
    html: str, source: str = "<html>"
) -> tuple[list[tuple[str, int]], list[ParseWarning]]:
    """Render an mtg.ru HTML page as ``(line text, source line)`` pairs, like the text rendering.

    Block elements end lines; ``<td>`` cells of one row are joined by a tab (the footer's
    three links); ``<br>`` breaks a line; ``<img>`` symbols become ``{X}`` from ``alt`` or the
    file name; an image with neither becomes ``{?}`` with a warning. An element of class
    ``example`` (or whose text is all in ``<i>``/``<em>``) that lacks the ``Example:`` label
    gets it, with a warning. Scripts, styles and comments are dropped.

    Returns:
        ``(lines, warnings)``; source lines are 1-based lines of ``html``.
    """
    from bs4 import BeautifulSoup, Comment, Declaration, Doctype, NavigableString, Tag

    soup = BeautifulSoup(html, "html.parser")
    for t in soup(["script", "style", "head"]):
        t.decompose()
    for c in soup.find_all(string=lambda s: isinstance(s, (Comment, Doctype, Declaration))):
        c.extract()
    warnings: list[ParseWarning] = []
    out: list[tuple[str, int]] = []
    buf: list[str] = []
    buf_line = [0]

    def flush() -> None:
        text = "".join(buf).replace("\xa0", " ")
        text = re.sub(r"[ \r\n]+", " ", text).strip(" ")
        if text.strip():
            out.append((text, buf_line[0]))
        buf.clear()
        buf_line[0] = 0

    def symbol(img: Tag) -> str:
        alt = img.get("alt") or ""
        alt = alt.strip() if isinstance(alt, str) else " ".join(alt)
        if alt:
            return alt if alt.startswith("{") else "{" + alt.strip("{}") + "}"
        src = img.get("src") or ""
        src = (src if isinstance(src, str) else " ".join(src)).rsplit("/", 1)[-1]
        stem = re.sub(r"\.(?:gif|png|jpe?g)$", "", src, flags=re.I)
        if re.fullmatch(r"[A-Za-z0-9/]{1,4}", stem):
            return "{" + stem.upper() + "}"
        warnings.append(
            ParseWarning(
                source,
                img.sourceline or 0,
                f"symbol image {src or '(no src)'!r} has no alt text; written as {{?}}",
                WarningKind.MARKUP,
            )
        )
        return "{?}"

    def is_example(tag: Tag) -> bool:
        classes: list[str] | str = tag.get("class") or []
        if "example" in classes:
            return True
        kids = [k for k in tag.children if not (isinstance(k, NavigableString) and not k.strip())]
        return len(kids) == 1 and isinstance(kids[0], Tag) and kids[0].name in ("i", "em")

    def walk(node, line_hint: int) -> None:
        for child in node.children:
            if isinstance(child, NavigableString):
                if child.strip() or buf:
                    if not buf_line[0]:
                        buf_line[0] = line_hint
                    buf.append(str(child))
                continue
            if not isinstance(child, Tag):
                continue
            line = child.sourceline or line_hint
            if child.name == "br":
                flush()
                continue
            if child.name == "img":
                if not buf_line[0]:
                    buf_line[0] = line
                buf.append(symbol(child))
                continue
            if child.name == "td":
                if buf:
                    buf.append("\t")
                walk(child, line)
                continue
            if child.name in _BLOCK:
                flush()
                start = len(out)
                walk(child, line)
                flush()
                if (
                    child.name in ("p", "div", "blockquote")
                    and is_example(child)
                    and len(out) > start
                ):
                    text, ln = out[start]
                    if not _EXAMPLE.match(text):
                        out[start] = ("Example: " + text, ln)
                        warnings.append(
                            ParseWarning(
                                source,
                                ln,
                                "example without its 'Example:' label; label added",
                                WarningKind.EXAMPLE,
                            )
                        )
                continue
            walk(child, line)

    walk(soup, 1)
    flush()
    return out, warnings


# -- lines → ruleset ----------------------------------------------------------------------
@dataclass
class _Page:
    rs: Ruleset
    provenance: Provenance = field(default_factory=dict)
    nav: Navigation | None = None
    key: str = ""


def parse_mtgru_lines(
    lines: list[tuple[str, int]], source: str
) -> tuple[Ruleset, Provenance, Navigation | None, str]:
    """Parse an mtg.ru page given as ``(text, source line)`` pairs.

    Args:
        lines: the rendered lines (from the text file, or :func:`html_lines`).
        source: the document's source, used in warnings and provenance.

    Returns:
        ``(ruleset, provenance, navigation, page key)``: a partial English ruleset of release
        ``unknown``; provenance maps rule numbers to their places; the page key is the
        section number (``"711"``), ``"glossary-a"`` or ``"chapter-7"``.
    """
    name = source.rsplit("/", 1)[-1]
    rs = Ruleset(release=Release("en", UNKNOWN_LABEL), source=source, complete=False)
    page = _Page(rs)

    def warn(
        line: int, msg: str, kind: WarningKind = WarningKind.OTHER, number: RuleNumber | None = None
    ) -> None:
        rs.warnings.append(ParseWarning(source, line, msg, kind, number))

    body = [(t.rstrip(), n) for t, n in lines]
    # header
    i = 0
    while i < len(body) and not body[i][0].strip():
        i += 1
    if i < len(body):
        rs.title = body[i][0].strip()
        i += 1
    # footer: from the first line with "<<" or ">>" (and an indented chapter line before it)
    end = len(body)
    for j in range(i, len(body)):
        if "<<" in body[j][0] or ">>" in body[j][0]:
            end = j
            k = j - 1
            while k > i and (
                not body[k][0].strip()
                or (body[k][0][:1].isspace() and _CHAPTER.match(body[k][0].strip()))
            ):
                k -= 1
            end = k + 1
            break
    if end < len(body):
        page.nav = _navigation(body[end:], warn)
    glossary_mode = False
    letter = ""
    chapter: int | None = None
    section: Section | None = None
    rule: Rule | None = None
    example: Example | None = None
    entry: list | None = None
    entries: list[tuple[int, list[str]]] = []
    for text, lineno in body[i:end]:
        s = text.strip()
        if not s:
            entry = None
            continue
        if _SUBTITLE.match(s) or _SITE_NAV.match(s) or _RULER.match(s):
            continue
        if _GLOSSARY.match(s) and not rs.rules:
            glossary_mode = True
            continue
        if glossary_mode:
            if _LETTER.match(s) and entry is None:
                letter = s
                continue
            if entry is None:
                entry = [s]
                entries.append((lineno, entry))
            else:
                entry.append(s)
            continue
        m = _RULE.match(s)
        if m:
            num = RuleNumber.parse(m.group("num"))
            if section is None or section.number.section != num.section:
                warn(
                    lineno,
                    f"rule {num} is not under its section heading {num.section}",
                    WarningKind.OUTSIDE_SECTION,
                    num,
                )
            rule, first = rs.add_rule(num, m.group("text"), lineno)
            if first is not None:
                rs.warnings.append(ParseWarning.duplicate_rule(source, lineno, num, first.line))
            else:
                page.provenance[num] = (Place(name, lineno),)
            example = None
            continue
        m = _SECTION.match(s)
        if m and not text[:1].isspace():
            num = RuleNumber(int(m.group("sec")))
            section = Section(num, m.group("title"), lineno)
            rs.sections[num] = section
            rule = example = None
            continue
        m = _CHAPTER.match(s)
        if m and not text[:1].isspace():
            chapter = int(m.group("ch"))
            rs.chapters.append(Chapter(chapter, m.group("title"), lineno))
            section = rule = example = None
            continue
        if s.startswith(":") and rule is not None:
            # mtg.ru lost some "Example:" labels and kept the colon: an example, said so
            warn(
                lineno,
                "a paragraph starting with ':' under a rule: an example whose "
                "'Example' label was lost; read as an example",
            )
            example = Example(s[1:].lstrip(), lineno)
            rule.examples.append(example)
            continue
        m = _EXAMPLE.match(s)
        if m:
            if rule is None:
                warn(lineno, "example outside any rule; ignored", WarningKind.EXAMPLE)
                continue
            example = Example(s[m.end() :], lineno)
            rule.examples.append(example)
            continue
        if example is not None:
            example.text += "\n" + s
        elif rule is not None:
            rule.text += "\n" + s
        else:
            warn(lineno, f"text outside any rule, ignored: {s[:60]!r}", WarningKind.TEXT_IGNORED)
    for lineno, block in entries:
        term, aliases = split_headword(block[0])
        obsolete = False
        om = re.search(r"\s*\(Obsolete\)\s*$", term)
        if om:
            obsolete, term = True, term[: om.start()]
        if len(block) == 1:
            warn(lineno, f"glossary entry {block[0]!r} has no definition", WarningKind.GLOSSARY)
        rs.glossary.append(
            GlossaryEntry(term, aliases, "\n".join(block[1:]), lineno, obsolete, block[0])
        )
    own = list(rs.sections)
    if page.nav is not None:
        for side in (page.nav.prev, page.nav.next):
            if side and side[0] is not None:
                num = RuleNumber(side[0])
                if num not in rs.sections:
                    rs.sections[num] = Section(num, side[1], page.nav.line)
        rs.sections = dict(sorted(rs.sections.items()))
    if glossary_mode:
        key = f"glossary-{letter.lower()}" if letter else "glossary"
    elif len(own) == 1:
        key = str(own[0])
    elif chapter is not None:
        key = f"chapter-{chapter}"
    else:
        key = name
    return rs, page.provenance, page.nav, key


def _navigation(footer: list[tuple[str, int]], warn) -> Navigation:
    text = "\n".join(t for t, _ in footer if not _RULER.match(t))
    nav = Navigation(line=next((n for t, n in footer if "<<" in t or ">>" in t), footer[0][1]))
    m = _NAV_PREV.search(text)
    if m and m.group("title"):
        nav.prev = (int(m.group("num")) if m.group("num") else None, m.group("title").strip())
    m = _NAV_NEXT.search(text)
    if m and m.group("title"):
        nav.next = (int(m.group("num")) if m.group("num") else None, m.group("title").strip())
    ups = [u for u in _NAV_UP.finditer(text)]
    if ups:
        nav.up = (int(ups[-1].group("ch")), ups[-1].group("title").strip())
    else:
        for part in re.split(r"\t+|\n| {3,}", text):
            p = part.strip()
            if p and "<<" not in p and ">>" not in p:
                nav.up = (None, p)
    if nav.prev is None and nav.next is None:
        warn(nav.line, "navigation footer without '<<' or '>>' links", WarningKind.MARKUP)
    return nav


def parse_mtgru(doc: Document) -> ParseResult:
    """Parse an mtg.ru page (text rendering or windows-1251 HTML) into a :class:`ParseResult`.

    The ruleset's origin is ``"mtgru:<page key>"`` (``mtgru:711``, ``mtgru:glossary-a``), so
    pages of different sections are kept side by side in the store. The footer is also a
    ``mtgru-navigation`` fact (``page``, ``prev``, ``up``, ``next``).

    Raises:
        CRFormatError: the page has no rules, section headings or glossary entries.
    """
    text = _decoded_text(doc)
    warnings: list[ParseWarning] = []
    if _is_html(text):
        lines, warnings = html_lines(text, doc.source)
        kind = "mtgru-html"
    else:
        lines = [(l, i) for i, l in enumerate(text.splitlines(), 1)]
        kind = "mtgru-text"
    rs, prov, nav, key = parse_mtgru_lines(lines, doc.source)
    if not rs.rules and not rs.glossary and not rs.sections:
        raise CRFormatError(
            f"{doc.source}: an mtg.ru page with no rules, section headings or "
            f"glossary entries; nothing to store"
        )
    rs.warnings = warnings + rs.warnings
    facts = []
    if nav is not None:
        facts.append((NavigationFact.KIND, NavigationFact(key, doc.source, nav).as_json()))
    return ParseResult(kind, [(rs, f"mtgru:{key}", prov)], facts)


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("mtgru", sniff_mtgru, parse_mtgru)
