"""Quoted CR blocks on MTG Wiki pages → partial rulesets, and merging partial rulesets.

A quote block (see :mod:`mtgcr.extract.wiki.page` for the shapes) becomes a :class:`Ruleset` with
``complete=False``: release label and translation revision from the header
(``引用：総合ルール 20231117.0`` → JA ``20231117``, revision ``"0"``), the language from the quoted
text (a quote in English — the wiki quotes the English rules when no translation exists yet —
is an ``en`` ruleset with no revision), and every chapter, section, rule and subrule with its
source line. A rule the quote skips is simply absent: the ruleset is partial and a missing
number means "not quoted" (a note lists the skipped numbers; it is not an error).

Quotes of the same release from several pages merge (:func:`merge_partial`); when two pages
quote one rule with different texts, the first text is kept and the conflict is reported.

Entry shapes (checked on the seeds and the wiki's quote excerpts): ``7 その他のルール``
(chapter), ``712 両面カード`` or ``719. Case Cards`` (section), ``712.1 text`` or ``712.1. text``
(rule), ``712.2a text`` (subrule), ``例：…`` / ``例:…`` (an example of the rule above); a
list item or paragraph without a number continues the rule above, while a definition-list
line without one (an English quote lists a section's rules as bare ``:`` paragraphs) is not
guessed a number: it is kept as a ``quote-paragraph`` fact.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from mtgcr.extract.references import normalise_width
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
from mtgcr.extract.provenance import Provenance, format_places, join_sources, merge_places
from mtgcr.extract.rulenum import RuleNumber, next_letters
from mtgcr.extract.terms import has_japanese
from mtgcr.extract.wiki.page import PageLine, WikiPage, quote_header

__all__ = [
    "QuoteBlock",
    "find_quotes",
    "quote_ruleset",
    "page_rulesets",
    "merge_partial",
    "same_text",
    "Provenance",
    "EntryLayout",
    "entry_layout",
    "block_lines",
]

_ENTRY = re.compile(
    r"^(?P<num>\d{3}(?:\.\d{1,3}[a-z]{0,2})?)(?P<dot>\.?)(?:\s+|(?=[^\d.a-z])|$)(?P<text>.*)$"
)
_CHAPTER = re.compile(r"^(?P<ch>\d)\.?\s+(?P<title>\S.*)$")
_EXAMPLE = re.compile(r"^\s*例\s*[：:]\s*")


@dataclass
class QuoteBlock:
    """One quote on a page: its header and the lines of the quoted tree.

    Attributes:
        label: the release label (``"20231117"``); revision: the translation's revision or ``None``.
        header: the header line as shown; line: its 1-based source line.
        entries: the quoted lines (list items, definition-list lines, example paragraphs).
        unplaced: filled by :func:`quote_ruleset`: quoted paragraphs with no rule number to put
            them under, as ``(line, section number or None, text)`` (an English quote that
            lists a section's rules as bare paragraphs).
    """

    label: str
    revision: str | None
    header: str
    line: int
    entries: list[PageLine] = field(default_factory=list)
    unplaced: list[tuple[int, str | None, str]] = field(default_factory=list)


def _is_entry(pl: PageLine) -> bool:
    t = normalise_width(pl.text).strip()
    return bool(_ENTRY.match(t) or _CHAPTER.match(t)) and pl.kind in (
        "item",
        "term",
        "desc",
        "para",
    )


def find_quotes(page: WikiPage) -> list[QuoteBlock]:
    """The quote blocks of a page, in order.

    A block starts at a header line (paragraph or heading) and takes the following list items,
    definition-list lines and ``例：`` paragraphs; it ends at a heading, another header, or a
    paragraph that is neither an example nor a numbered entry.
    """
    blocks: list[QuoteBlock] = []
    current: QuoteBlock | None = None
    for pl in page.lines:
        hdr = quote_header(pl.text) if pl.kind in ("para", "heading", "term") else None
        if hdr:
            current = QuoteBlock(hdr[0], hdr[1], pl.text.strip(), pl.line)
            blocks.append(current)
            continue
        if current is None:
            continue
        if pl.kind in ("item", "term", "desc") or (
            pl.kind == "para" and (_EXAMPLE.match(pl.text) or (_is_entry(pl) and current.entries))
        ):
            current.entries.append(pl)
        elif pl.kind == "para" and not current.entries:
            continue  # a note under the header ("英語版総合ルールより引用")
        else:
            current = None
    return blocks


def _entry(text: str):
    """``("chapter", n, title)``, ``("number", RuleNumber, text)`` or ``None``."""
    t = text.strip()
    norm = normalise_width(t)  # per character, so offsets in ``norm`` are offsets in ``t``
    m = _ENTRY.match(norm)
    if m:
        num = RuleNumber.try_parse(m.group("num"))
        if num is not None:
            return "number", num, t[m.start("text") :]
    m = _CHAPTER.match(norm)
    if m:
        return "chapter", int(m.group("ch")), m.group("title").strip()
    return None


def quote_ruleset(
    page: WikiPage, block: QuoteBlock
) -> tuple[Ruleset, Provenance, list[ParseWarning]]:
    """Turn one quote block into a partial ruleset.

    Returns:
        ``(ruleset, provenance, warnings)``: the ruleset (``complete=False``, no effective
        date), the :class:`~mtgcr.extract.provenance.Place` of every section and rule, and defects found
        (unnumbered lines, a number quoted twice). Skipped numbers are reported as one note.
    """
    texts = [e.text for e in block.entries]
    lang = "ja" if any(has_japanese(t) for t in texts) else "en"
    release = Release(lang, block.label, None, block.revision if lang != "en" else None)
    rs = Ruleset(release=release, source=page.source, complete=False, title=block.header)
    prov: Provenance = {}
    warnings: list[ParseWarning] = []
    src = page.place(block.line).label

    def warn(
        line: int, msg: str, kind: WarningKind = WarningKind.OTHER, number: RuleNumber | None = None
    ) -> None:
        warnings.append(ParseWarning(src, line, msg, kind, number))

    last_rule: Rule | None = None
    last_section: Section | None = None
    for e in block.entries:
        text = e.text.strip()
        m = _EXAMPLE.match(text)
        if m:
            if last_rule is None:
                warn(e.line, "example outside any quoted rule; ignored", WarningKind.EXAMPLE)
            else:
                last_rule.examples.append(Example(text[m.end() :], e.line))
            continue
        parsed = _entry(text)
        if parsed is None:
            if last_rule is not None and e.kind in ("item", "para"):
                last_rule.text += "\n" + text
            else:
                where = (
                    f"under section {last_section.number}" if last_section else "before any number"
                )
                warn(
                    e.line,
                    f"quoted paragraph without a rule number {where}, kept as a "
                    f"quote-paragraph fact: {text[:40]!r}",
                    WarningKind.TEXT_KEPT,
                )
                block.unplaced.append(
                    (e.line, str(last_section.number) if last_section else None, text)
                )
            continue
        if parsed[0] == "chapter":
            rs.chapters.append(Chapter(parsed[1], parsed[2], e.line))
            last_rule = None
            continue
        num, body = parsed[1], parsed[2]
        if num.kind == "section":
            if num not in rs.sections:
                last_section = Section(num, body.strip(), e.line)
                rs.sections[num] = last_section
                prov[num] = (page.place(e.line),)
            last_rule = None
            continue
        if num in rs.rules:
            warn(
                e.line,
                f"rule {num} quoted twice in one block (first at line {rs.rules[num].line}); "
                f"the first is kept",
                WarningKind.DUPLICATE_QUOTE,
                num,
            )
            continue
        last_rule = Rule(num, body, e.line)
        rs.rules[num] = last_rule
        prov[num] = (page.place(e.line),)
    skipped = _skipped(rs)
    if skipped:
        warn(
            block.line,
            f"quote of {block.label} is partial: it skips "
            f"{', '.join(map(str, skipped))} (not an error)",
            WarningKind.TRUNCATED,
        )
    rs.warnings = warnings
    return rs, prov, warnings


def _skipped(rs: Ruleset) -> list[RuleNumber]:
    """Numbers missing between quoted neighbours (712.9 and 712.11 → 712.10)."""
    out = []
    prev: RuleNumber | None = None
    for num in sorted(rs.rules):
        if prev is not None and prev.section == num.section:
            if (
                num.letters is None
                and prev.rule is not None
                and num.rule is not None
                and num.rule > prev.rule + 1
            ):
                out += [RuleNumber(num.section, r) for r in range(prev.rule + 1, num.rule)]
            elif num.letters and prev.rule == num.rule:
                want = next_letters(prev.letters)
                while want < num.letters and len(out) < 1000:
                    out.append(RuleNumber(num.section, num.rule, want))
                    want = next_letters(want)
        prev = num
    return out


def page_rulesets(page: WikiPage) -> list[tuple[Ruleset, Provenance]]:
    """Every quote of the page as a partial ruleset, quotes of one release merged."""
    merged: dict[tuple[str, str], tuple[Ruleset, Provenance]] = {}
    for block in find_quotes(page):
        rs, prov, _ = quote_ruleset(page, block)
        key = (rs.release.lang, rs.release.label)
        if key in merged:
            merged[key] = merge_partial(*merged[key], rs, prov)
        else:
            merged[key] = (rs, prov)
    return list(merged.values())


def same_text(a: str, b: str) -> bool:
    """True when two quoted texts are the same after NFKC and without white space (a rendered
    page leaves spaces where links were: ``合体 パーマネント``)."""
    norm = lambda s: re.sub(r"\s+", "", unicodedata.normalize("NFKC", s))
    return norm(a) == norm(b)


def merge_partial(
    base: Ruleset, base_prov: Provenance, new: Ruleset, new_prov: Provenance
) -> tuple[Ruleset, Provenance]:
    """Merge two partial rulesets of the same release (language and label).

    Rules, sections, chapters and glossary entries are united in number order. Where both
    quote the same rule (or section title, or glossary headword) with different texts
    (compared after NFKC and without white space), the base's text is kept and a warning names
    both places. The places of one number from both sides are united (base first).
    A differing translation revision is reported; the higher one is kept.

    Returns:
        ``(merged ruleset, merged provenance)``; the inputs are not changed.

    Raises:
        ValueError: the two rulesets are of different releases.
    """
    a, b = base.release, new.release
    if (a.lang, a.label) != (b.lang, b.label):
        raise ValueError(f"cannot merge {a.key} with {b.key}")
    intro = "\n".join(dict.fromkeys(t for t in (base.introduction, new.introduction) if t))
    out = Ruleset(
        release=a,
        source=base.source,
        title=base.title,
        complete=False,
        introduction=intro,
        credits=base.credits or new.credits,
    )
    warnings = list(base.warnings) + list(new.warnings)

    def where(prov: Provenance, num: RuleNumber, rs: Ruleset) -> str:
        return (
            format_places(prov.get(num))
            or f"{rs.source}:{rs.rules[num].line if num in rs.rules else 0}"
        )

    if a.revision != b.revision and b.revision is not None:
        if a.revision is None or int(b.revision) > int(a.revision):
            out.release = replace(a, revision=b.revision)
        warnings.append(
            ParseWarning(
                new.source,
                0,
                f"{a.key} quoted as revision {a.revision} "
                f"and {b.revision}; kept {out.release.revision}",
                WarningKind.CONFLICT,
            )
        )
    out.source = join_sources([*out.sources, *new.sources])
    chapters = {c.number: c for c in base.chapters}
    for c in new.chapters:
        chapters.setdefault(c.number, c)
    out.chapters = [chapters[k] for k in sorted(chapters)]
    prov: Provenance = {}
    for num in sorted(set(base.sections) | set(new.sections)):
        s1, s2 = base.sections.get(num), new.sections.get(num)
        out.sections[num] = s1 or new.sections[num]
        if s1 and s2 and not same_text(s1.title, s2.title):
            warnings.append(
                ParseWarning(
                    new.source,
                    s2.line,
                    f"conflicting title of section {num}: "
                    f"{s2.title!r} here, {s1.title!r} at {where(base_prov, num, base)}",
                    WarningKind.CONFLICT,
                    num,
                )
            )
        prov[num] = merge_places(base_prov.get(num), new_prov.get(num))
    for num in sorted(set(base.rules) | set(new.rules)):
        r1, r2 = base.rules.get(num), new.rules.get(num)
        out.rules[num] = r1 or new.rules[num]
        if r1 and r2 and not same_text(r1.text, r2.text):
            warnings.append(
                ParseWarning(
                    new.source,
                    r2.line,
                    f"conflicting text of rule {num}: "
                    f"this quote differs from {where(base_prov, num, base)}; "
                    f"the first text is kept",
                    WarningKind.CONFLICT,
                    num,
                )
            )
        prov[num] = merge_places(base_prov.get(num), new_prov.get(num))
    gloss: dict[str, GlossaryEntry] = {g.heading or g.term: g for g in base.glossary}
    for g in new.glossary:
        key = g.heading or g.term
        if key in gloss and not same_text(gloss[key].text, g.text):
            warnings.append(
                ParseWarning(
                    new.source,
                    g.line,
                    f"conflicting definition of {key!r}; the first is kept",
                    WarningKind.CONFLICT,
                )
            )
        gloss.setdefault(key, g)
    out.glossary = list(gloss.values())
    out.warnings = warnings
    return out, {k: v for k, v in prov.items() if v}


@dataclass(frozen=True)
class EntryLayout:
    """How one quoted entry is written on its source line, so a refresh writes the new
    rules the same way.

    Attributes:
        prefix: what precedes the number (``"    • "`` rendered, ``"***"`` wikitext, ``";"``).
        number: the number as written (``"712.4a"``, ``"719."``).
        sep: what separates the number from the text (``" "``; ``". "`` keeps the dot style).
        body: the rest of the line as written (wikitext markup included), without the line end.
        eol: the line end (``"\\n"``, ``"\\r\\n"`` or ``""`` on the last line).
    """

    prefix: str
    number: str
    sep: str
    body: str
    eol: str = "\n"

    def render(self, number: str, body: str) -> str:
        """The line for another number and body in this layout."""
        return f"{self.prefix}{number}{self.sep}{body}{self.eol}"


_LAYOUT = re.compile(
    r"^(?P<prefix>[\s*#:;•◦▪‣\u3000]*)(?P<num>\d{1,3}(?:\.\d{1,3}[a-z]{0,2})?\.?)(?P<sep>\s+|$)"
)


def entry_layout(line: str) -> EntryLayout | None:
    """The :class:`EntryLayout` of a quoted entry's source line (line end included or not),
    or ``None`` when it does not start with a number after its list marks.

    >>> entry_layout("    • 712.4a 合体する組…\\n")
    EntryLayout(prefix='    • ', number='712.4a', sep=' ', body='合体する組…', eol='\\n')
    """
    body = line.rstrip("\r\n")
    eol = line[len(body) :]
    norm = normalise_width(body)  # per character: offsets in ``norm`` are offsets in ``body``
    m = _LAYOUT.match(norm)
    if not m:
        return None
    return EntryLayout(
        body[: m.end("prefix")],
        body[m.start("num") : m.end("num")],
        body[m.start("sep") : m.end("sep")],
        body[m.end("sep") :],
        eol,
    )


def block_lines(block: QuoteBlock) -> tuple[int, int]:
    """``(first, last)``: the 1-based source lines a block spans, from its header to its last
    entry (the header alone when it quotes nothing)."""
    return block.line, max([block.line] + [e.line for e in block.entries])
