"""Pasted fragments of rule text: rule lines with nothing around them.

What a user pastes from a forum post, a judge's note or a card-rulings page: a few lines such
as ``711.4a  The controller …`` / ``711.4b  …``, perhaps under a section heading
(``711. Controlling Another Player``) or a free title line, perhaps with ``Example:`` lines
and wrapped lines. Format knowledge is that of the official CR text (every release since
2004: a rule line is the number, an optional dot, white space and the text; a section heading
is three digits, a dot and a title; a chapter heading one digit, a dot and a title; examples
start with the language's marker, :data:`mtgcr.extract.profiles.PROFILES`).

A fragment has no release: it is parsed into a partial ruleset (``complete=False``) of the
release labelled ``"unknown"`` with no effective date, for :mod:`mtgcr.crossref.identify` to place.
It is deliberately **not** a registered document kind (:data:`mtgcr.extract.registry.PARSERS`):
``mtgcr ingest`` keeps refusing files of no known kind, and ``mtgcr identify`` reads
fragments directly with :func:`parse_fragment`.
"""

from __future__ import annotations

import re

from mtgcr.corpus.document import Document

from mtgcr.extract.kinds import ParseResult
from mtgcr.extract.model import (
    Chapter,
    Example,
    ParseWarning,
    Release,
    Rule,
    Ruleset,
    Section,
    WarningKind,
)
from mtgcr.extract.profiles import PROFILES, guess_language
from mtgcr.extract.provenance import Place, Provenance
from mtgcr.extract.rulenum import RuleNumber

__all__ = ["looks_like_fragment", "parse_fragment", "fragment_lang", "UNKNOWN_LABEL"]

UNKNOWN_LABEL = "unknown"

_RULE = re.compile(r"^(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})\.?\s+(?P<text>\S.*?)\s*$")
_SECTION = re.compile(r"^(?P<sec>\d{3})\.\s+(?P<title>[^\d\s].*?)\s*$")
_CHAPTER = re.compile(r"^(?P<ch>\d)\.\s+(?P<title>[^\d\s].*?)\s*$")
_HTML = re.compile(r"<\s*(?:html|body|p|div|br|table)\b", re.I)


def fragment_lang(text: str) -> str:
    """The language of a fragment by its letters and words, among the language profiles in
    use (:func:`mtgcr.extract.profiles.guess_language`: kana → ``"ja"``, other Han →
    ``"zh"``, Cyrillic → ``"ru"``, Latin → ``"en"`` or a loaded profile of a Latin-script
    language whose frequent words the text has more of); ``"en"`` when no profile fits."""
    return guess_language(text) or "en"


def _content(doc: Document) -> list[tuple[str, int]]:
    return [(l.strip(), i) for i, l in enumerate(doc.lines, 1) if l.strip()]


def looks_like_fragment(doc: Document) -> bool:
    """True if the document is a pasted fragment: its first non-blank line (or the second,
    after one title line) is a rule line or a section/chapter heading, it has at least one
    rule line, and it is no HTML. Cheap: looks at the lines only."""
    lines = _content(doc)
    if not lines or _HTML.search(doc.text[:2000]):
        return False
    if not any(_RULE.match(t) for t, _ in lines):
        return False
    head = [t for t, _ in lines[:2]]
    starts = lambda t: bool(_RULE.match(t) or _SECTION.match(t) or _CHAPTER.match(t))
    return starts(head[0]) or (len(head) > 1 and starts(head[1]))


def parse_fragment(doc: Document) -> ParseResult:
    """Parse a pasted fragment into a :class:`~mtgcr.extract.kinds.ParseResult` of kind
    ``"fragment"`` holding one partial ruleset (origin ``"fragment"``) of release
    ``"unknown"``, its language guessed by :func:`fragment_lang`.

    Lines that are no rule, heading or example continue the rule or example before them
    (wrapped text); a line before the first rule or heading is the title. A number given twice
    keeps both texts (joined) with a warning naming the line. Provenance maps each rule to
    its :class:`~mtgcr.extract.provenance.Place` (file name, 1-based line).

    Raises:
        ValueError: the document does not look like a fragment (:func:`looks_like_fragment`),
            with one line naming the file.
    """
    if not looks_like_fragment(doc):
        raise ValueError(
            f"{doc.source}: not a fragment of rule lines (no line such as "
            f"'711.4a  text' at its start)"
        )
    lang = fragment_lang(doc.text)
    example_re = PROFILES[lang].example_re
    name = doc.source.rsplit("/", 1)[-1]
    rs = Ruleset(release=Release(lang, UNKNOWN_LABEL), source=doc.source, complete=False)
    prov: Provenance = {}

    def warn(line: int, msg: str, kind: WarningKind = WarningKind.OTHER) -> None:
        rs.warnings.append(ParseWarning(doc.source, line, msg, kind))

    rule: Rule | None = None
    example: Example | None = None
    for text, lineno in _content(doc):
        m = _RULE.match(text)
        if m:
            num = RuleNumber.parse(m.group("num"))
            rule, first = rs.add_rule(num, m.group("text"), lineno)
            if first is not None:
                rs.warnings.append(ParseWarning.duplicate_rule(doc.source, lineno, num, first.line))
            else:
                prov[num] = (Place(name, lineno),)
            example = None
            continue
        m = _SECTION.match(text)
        if m:
            num = RuleNumber(int(m.group("sec")))
            rs.sections[num] = Section(num, m.group("title"), lineno)
            rule = example = None
            continue
        m = _CHAPTER.match(text)
        if m:
            rs.chapters.append(Chapter(int(m.group("ch")), m.group("title"), lineno))
            rule = example = None
            continue
        m = example_re.match(text)
        if m and rule is not None:
            example = Example(text[m.end() :], lineno)
            rule.examples.append(example)
        elif example is not None:
            example.text += "\n" + text
        elif rule is not None:
            rule.text += "\n" + text
        elif not rs.title and not rs.rules and not rs.sections:
            rs.title = text
        else:
            warn(lineno, f"text outside any rule, ignored: {text[:60]!r}", WarningKind.TEXT_IGNORED)
    return ParseResult("fragment", [(rs, "fragment", prov)])
