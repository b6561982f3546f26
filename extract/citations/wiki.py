"""Citations of CR rules in MTG Wiki pages, in every syntax the wiki uses.

Format knowledge (mtgwiki.com pages, their edit and diff views, and the seeds):

* the parser function ``{{#cr:707}}`` / ``{{#CR:108}}`` (the wiki inserts a quote of that
  section of the current CR there); the number may come from a template that looks a section
  up by its JA title: ``{{#CR:{{その他のルールのCR番号}}}}`` (no argument: the page's own subject);
* the template ``{{CR|810}}``, ``{{CR|109.2}}``, ``{{CR|{{その他のルールのCR番号|オブジェクトのコピー}}.12}}``
  (several numbers are several arguments);
* links ``[[CR:503.2|種類別]]``, ``[[CR 503.2]]`` and, on the wiki's own 総合ルール pages,
  ``[[総合ルール/7#707.1|rule 707.1]]``;
* prose (rendered pages and quoted rule text): ``CR:805.8``, ``rule 601.2c 参照``,
  ``rule 713〔差し替えカード〕参照`` (number, then the section title in 〔〕), ranges
  ``712.1–712.21`` with any dash, letter ranges ``903.9b-c``, lists
  ``rule 701.28〔変身する〕、rule 701.50〔トランスフォーム〕参照`` (one citation, two targets),
  chapters ``rule 8〔多人数戦ルール〕``.

Prose forms are found by :func:`mtgcr.extract.references.find_references`; this module adds the wiki
markup and groups lists. Full-width digits match (NFKC per character) while offsets and the
stored ``text`` keep the original characters. Offsets are character offsets into the string
passed in, not bytes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

import mwparserfromhell

from mtgcr.extract.references import NUMBER_RE, normalise_width, find_references
from mtgcr.extract.rulenum import RuleNumber

__all__ = ["Target", "Citation", "find_citations", "template_spans", "BY_TITLE_TEMPLATE"]

#: The wiki template that turns a section's JA title into its current number.
BY_TITLE_TEMPLATE = "その他のルールのCR番号"

_LINK = re.compile(
    rf"\[\[\s*(?:CR\s*[:：]?\s*(?P<num>{NUMBER_RE})|総合ルール/(?P<page>\d)(?:#(?P<anchor>{NUMBER_RE}|\d))?)\s*"
    r"(?:\|(?P<label>[^\]]*))?\]\](?:\s*〔(?P<title>[^〕]*)〕)?"
)
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.S)
_CHAPTER = re.compile(
    r"(?<![A-Za-z])rules?\s*(?P<ch>\d)(?![\d.．０-９])\s*(?:〔(?P<title>[^〕]*)〕)?"
)
_LIST_GAP = re.compile(r"^\s*(?:,\s*(?:and|or)?|、|and|or|и|или|和|及)\s*(?:rules?\s*)?$")
_NUMBER_TEXT = re.compile(rf"^\s*(?P<num>{NUMBER_RE})\s*$")
#: The keyword of a list item that the reference itself does not include ("rule " before
#: the second number of "rule 701.28〔…〕、rule 701.50〔…〕").
_ITEM_KEYWORD = re.compile(r"(?<![A-Za-z])(?:rules?|правил[оа]|规则)\s*$", re.I)


@dataclass(frozen=True)
class Target:
    """One thing a citation points at.

    Attributes:
        number: the rule number cited (a section, rule or subrule), or ``None`` when the number
            is given by title or is a chapter.
        last: the end of a range (``712.21`` in ``712.1–712.21``), else ``None``.
        title: a section title written with the number (JA ``〔差し替えカード〕``), else ``None``.
        by_title: the JA section title a :data:`BY_TITLE_TEMPLATE` template looks up; ``""``
            when the template has no argument (the page's own subject); ``None`` otherwise.
        suffix: what follows a by-title section number (``".12"``), else ``""``.
        chapter: a chapter (1–9) cited as ``rule 8``, else ``None``.
        start, end: character offsets, in the text searched, of this target as written: the
            whole citation when it has one target; one item of a list (``rule 701.50〔トラン
            スフォーム〕``) or one template argument (``109.2`` of ``{{CR|109.2|110}}``)
            otherwise; ``-1`` when unknown. Not compared: two targets are equal when they
            cite the same thing.
    """

    number: RuleNumber | None
    last: RuleNumber | None = None
    title: str | None = None
    by_title: str | None = None
    suffix: str = ""
    chapter: int | None = None
    start: int = field(default=-1, compare=False)
    end: int = field(default=-1, compare=False)

    def as_json(self) -> dict:
        """``{"number", "last", "title", "by_title", "suffix", "chapter", "start", "end"}`` with
        numbers as strings."""
        return {
            "number": str(self.number) if self.number else None,
            "last": str(self.last) if self.last else None,
            "title": self.title,
            "by_title": self.by_title,
            "suffix": self.suffix,
            "chapter": self.chapter,
            "start": self.start,
            "end": self.end,
        }

    @classmethod
    def from_json(cls, d: dict) -> Target:
        """The target :meth:`as_json` gave (missing keys take their defaults).

        Raises:
            ValueError: ``number`` or ``last`` is not a rule number.
        """
        return cls(
            RuleNumber.parse(d["number"]) if d.get("number") else None,
            RuleNumber.parse(d["last"]) if d.get("last") else None,
            d.get("title"),
            d.get("by_title"),
            d.get("suffix") or "",
            d.get("chapter"),
            d.get("start", -1),
            d.get("end", -1),
        )


@dataclass(frozen=True)
class Citation:
    """A citation as written on a page.

    Attributes:
        text: the citation exactly as written (``"{{#cr:503}}"``, ``"rule 713〔差し替えカード〕"``).
        syntax: ``"cr-function"`` (``{{#cr:}}``), ``"cr-template"`` (``{{CR|}}``), ``"cr-link"``
            (``[[CR:…]]``, ``[[総合ルール/…#…]]``), ``"cr-prefix"`` (prose ``CR:805.8``) or
            ``"rule"`` (prose ``rule 601.2c``, bare ``700.13. 参照``).
        start, end: character offsets in the text searched.
        targets: what is cited, in order (several for lists and multi-argument templates).
        line: the 1-based source line, when the caller gave one (else 0).
        commented: the citation is inside an HTML comment ``<!-- … -->`` (inactive markup).
    """

    text: str
    syntax: str
    start: int
    end: int
    targets: tuple[Target, ...]
    line: int = 0
    commented: bool = False

    @property
    def numbers(self) -> list[RuleNumber]:
        """Every rule number cited (range ends included), in order."""
        out = []
        for t in self.targets:
            out += [n for n in (t.number, t.last) if n is not None]
        return out

    def as_json(self) -> dict:
        """JSON-ready dict: ``text``, ``syntax``, ``start``, ``end``, ``line``, ``targets``."""
        return {
            "text": self.text,
            "syntax": self.syntax,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "commented": self.commented,
            "targets": [t.as_json() for t in self.targets],
        }

    @classmethod
    def from_json(cls, d: dict) -> Citation:
        """The citation :meth:`as_json` gave (other keys of ``d`` are ignored).

        Raises:
            KeyError: ``text`` or ``targets`` is missing; ValueError: a target's number is
            not a rule number.
        """
        return cls(
            d["text"],
            d.get("syntax", "rule"),
            d.get("start", 0),
            d.get("end", d.get("start", 0) + len(d["text"])),
            tuple(Target.from_json(t) for t in d["targets"]),
            d.get("line", 0),
            bool(d.get("commented")),
        )


def template_spans(text: str) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` of the top-level ``{{…}}`` in ``text`` (nesting-aware).

    An unclosed ``{{`` runs to the end of the text.
    """
    spans: list[tuple[int, int]] = []
    depth, start, i = 0, 0, 0
    while i < len(text) - 1:
        pair = text[i : i + 2]
        if pair == "{{":
            if depth == 0:
                start = i
            depth += 1
            i += 2
        elif pair == "}}" and depth:
            depth -= 1
            i += 2
            if depth == 0:
                spans.append((start, i))
        else:
            i += 1
    if depth:
        spans.append((start, len(text)))
    return spans


def _number_arg(value: mwparserfromhell.wikicode.Wikicode) -> Target | None:
    """A template argument: a plain number, or a by-title template plus a suffix."""
    raw = str(value)
    m = _NUMBER_TEXT.match(normalise_width(raw))
    if m:
        n = RuleNumber.try_parse(m.group("num"))
        return Target(n) if n else None
    for tpl in value.filter_templates(recursive=False):
        if str(tpl.name).strip() == BY_TITLE_TEMPLATE:
            title = str(tpl.params[0].value).strip() if tpl.params else ""
            rest = raw.split(str(tpl), 1)[1].strip()
            return Target(None, by_title=title, suffix=rest)
    return None


def _template_citation(text: str, start: int, end: int, line: int) -> Citation | None:
    src = text[start:end]
    try:
        code = mwparserfromhell.parse(src)
    except Exception:  # mwparserfromhell raises its own errors on broken markup
        return None
    tpls = code.filter_templates(recursive=False)
    if not tpls:
        return None
    tpl = tpls[0]
    name = str(tpl.name).strip()
    low = name.lower()
    if low.startswith("#cr:"):
        arg = mwparserfromhell.parse(name.split(":", 1)[1])
        target = _number_arg(arg)
        if target is None:
            return None
        return _spans(Citation(src, "cr-function", start, end, (target,), line))
    if low == "cr":
        targets = []
        pos = src.find("|")
        for p in tpl.params:
            raw = str(p.value)
            at = src.find(raw, pos) if raw else -1
            pos = at + len(raw) if at >= 0 else pos
            t = _number_arg(p.value)
            if t is None:
                continue
            lead = len(raw) - len(raw.lstrip())
            span = (start + at + lead, start + at + len(raw.rstrip())) if at >= 0 else (-1, -1)
            targets.append(replace(t, start=span[0], end=span[1]))
        if not targets:
            return None
        return _spans(Citation(src, "cr-template", start, end, tuple(targets), line))
    return None


def _spans(c: Citation) -> Citation:
    """A citation of one target: that target spans the whole citation."""
    if len(c.targets) == 1:
        return replace(c, targets=(replace(c.targets[0], start=c.start, end=c.end),))
    return c


def find_citations(text: str, markup: bool = True, line: int = 0) -> list[Citation]:
    """Find every citation of a CR rule in ``text``.

    Args:
        text: one line or a block of a page: raw wikitext (``markup=True``) or the visible text
            of a rendered page or a quoted rule (``markup=False``: templates and links are not
            looked for).
        markup: look for ``{{#cr:}}``, ``{{CR|}}`` and ``[[CR:…]]`` links as well as prose, and
            mark citations inside ``<!-- … -->`` as ``commented``.
        line: the 1-based source line to record in each citation (0 if unknown).

    Returns:
        Citations in text order. A list ("rules 702.1 and 702.2", "rule 701.28〔…〕、rule
        701.50〔…〕参照") is one citation with several targets. Numbers that are not rule numbers
        are skipped; nothing is raised.
    """
    found: list[Citation] = []
    masked = list(text)

    def mask(a: int, b: int) -> None:
        masked[a:b] = " " * (b - a)

    if markup:
        for a, b in template_spans(text):
            cit = _template_citation(text, a, b, line)
            if cit is not None:
                found.append(cit)
                mask(a, b)
        for m in _LINK.finditer(normalise_width("".join(masked))):
            num = m.group("num") or m.group("anchor") or m.group("page")
            title = m.group("title")  # 〔title〕 after the link; the label stays in ``text``
            if len(num) == 1:
                target = Target(None, title=title, chapter=int(num))
            else:
                n = RuleNumber.try_parse(num)
                if n is None:
                    continue
                target = Target(n, title=title)
            found.append(
                _spans(
                    Citation(
                        text[m.start() : m.end()], "cr-link", m.start(), m.end(), (target,), line
                    )
                )
            )
            mask(m.start(), m.end())
    prose = "".join(masked)
    refs = find_references(prose)
    group: list = []
    for ref in refs:
        if group and _LIST_GAP.match(normalise_width(prose[group[-1].end : ref.start])):
            group.append(ref)
            continue
        if group:
            found.append(_prose_citation(text, group, line))
        group = [ref]
    if group:
        found.append(_prose_citation(text, group, line))
    for ref in refs:
        mask(ref.start, ref.end)
    for m in _CHAPTER.finditer(normalise_width("".join(masked))):
        found.append(
            _spans(
                Citation(
                    text[m.start() : m.end()],
                    "rule",
                    m.start(),
                    m.end(),
                    (Target(None, title=m.group("title"), chapter=int(m.group("ch"))),),
                    line,
                )
            )
        )
    if markup:
        comments = [m.span() for m in _COMMENT.finditer(text)]
        found = [
            replace(c, commented=True) if any(a <= c.start < b for a, b in comments) else c
            for c in found
        ]
    found.sort(key=lambda c: c.start)
    return found


def _prose_citation(text: str, refs: list, line: int) -> Citation:
    start, end = refs[0].start, refs[-1].end
    syntax = "cr-prefix" if refs[0].keyword.upper() == "CR" else "rule"
    targets = []
    for k, r in enumerate(refs):
        a = r.start
        if k:  # a list item's own keyword: "、rule 701.50〔…〕"
            m = _ITEM_KEYWORD.search(text, refs[k - 1].end, r.start)
            if m:
                a = m.start()
        targets.append(Target(r.first, r.last, r.title, start=a, end=r.end))
    return Citation(text[start:end], syntax, start, end, tuple(targets), line)
