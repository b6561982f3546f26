"""Cross-references inside rule text: "See rule 601.2c", "rules 712.1–712.21", "section 7",
"rule 713〔差し替えカード〕参照", "правило 601.2c", "规则601.2c", KO "702.19항", "8절".

The keywords ("rule", "правило" in every case form, "规则") and the conjunctions of lists
("and", "или", "和") and the words that follow a number (KO "절") are language data: every
loaded profile's ``[references]``
(:mod:`mtgcr.extract.profiles`), so a new language's references are found with its profile.

Format knowledge: the official EN files 2003–2026 write "rule 601.2c", "rules 702.1 and 702.2",
"rule 712.1–712.21" (en dash; some files use a hyphen), "rules 601.2a–i" (a range ending in
letters only), "Rules 301.5a–f", bare numbers after a preposition ("as specified in 101.4a",
"the actions listed in 103.2a–e", "(see 601.3d)", "steps 601.2a–h of rule 601.2"), lists
with titles between the numbers ("rules 702.109, “Dash,” 702.152, “Blitz,” and 702.185,
“Warp”"), and chapter references "See section 8, “Multiplayer Rules.”"
(:func:`find_chapter_references`); the ZH translation writes "规则903.6-11" (a range ending in the
rule number only); the JA translation writes
"rule 713〔差し替えカード〕参照" (number, then the section title in 〔〕), letter ranges
"rule 903.9b-c 参照", and in its glossary bare numbers before 参照/〔〕 ("700.13. 参照",
"719〔事件カード〕参照"); the RU translation "см. правило 113 «Эмблемы»" (the keyword in any
case form, the title in «»); MTG Wiki pages write "CR:805.8" and "CR 503.2"; full-width digits and
punctuation may appear in wiki pages and are matched via NFKC while offsets stay on the original.

Offsets are character offsets into the string passed in (not bytes).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from mtgcr.extract import profiles
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "Reference",
    "ChapterReference",
    "find_references",
    "find_chapter_references",
    "mask_references",
    "NUMBER_RE",
    "normalise_width",
]

#: A rule number as written in running text (no trailing sentence dot).
NUMBER_RE = r"\d{3}(?:\.\d{1,3}[a-z]{0,2})?"
_DASH = "\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u301c\uff5e~"
#: Keywords of no language: the MTG Wiki's "CR:805.8" / "CR 503.2".
_WIKI_KEYWORDS = ("CR",)
#: A section title in quotes after a number: ``702.109, “Dash,”`` (EN lists of rules).
_QTITLE = r",\s*[“\"](?P<qtitle>[^”\"\n]{1,80}?)(?P<qcomma>,?)[.]?[”\"]"


def _build_patterns(
    keywords: list[str], conjunctions: list[str]
) -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """The reference pattern, the list-tail pattern and the after-a-quoted-title pattern for
    these keywords (regular expressions: every profile's ``[references] keywords``, RU
    "[Пп]равил[а-яё]{0,3}" for every case form of "правило", EN "[Ss]ections?") and list
    conjunctions ("and", "или", "和")."""
    keyword = "(?:" + "|".join([*keywords, *_WIKI_KEYWORDS]) + ")"
    conj = "|".join(re.escape(c) for c in sorted(conjunctions, key=len, reverse=True)) or "(?!)"
    ref = re.compile(
        rf"(?P<kw>{keyword}(?:\s*:)?)?\s*"
        rf"(?P<first>{NUMBER_RE})(?![\d])"
        rf"(?:\s*[{_DASH}]\s*(?P<last>{NUMBER_RE})"
        rf"|[{_DASH}](?P<short>\d{{1,3}}[a-z]{{0,2}}|[a-z]{{1,2}})(?![A-Za-z0-9]|\.\d))?"
        rf"(?:\s*〔(?P<title>[^〕]*)〕|,?\s*«(?P<title_ru>[^»]*)»|{_QTITLE})?"
    )
    tail = re.compile(
        rf"\s*(?:,\s*(?:{conj})?|、|{conj})\s*(?:rules?\s*)?(?P<n>{NUMBER_RE})(?!\d)"
        rf"(?:\s*[{_DASH}]\s*(?P<last>{NUMBER_RE})"
        rf"|[{_DASH}](?P<short>\d{{1,3}}[a-z]{{0,2}}|[a-z]{{1,2}})(?![A-Za-z0-9]|\.\d))?"
        rf"(?:\s*〔(?P<title>[^〕]*)〕|{_QTITLE})?"
    )
    # After a quoted title that ends in a comma (``“Dash,”``) the list goes on with a space.
    after_title = re.compile(rf"\s+(?:(?:{conj})\s+)?(?P<n>{NUMBER_RE})(?!\d)(?:{_QTITLE})?")
    return ref, tail, after_title


_PATTERNS: dict[int, tuple[re.Pattern, re.Pattern, re.Pattern]] = {}
#: Per registry version: the words after a number that make it a reference (``8절``, KO), as
#: (after a rule number, after a chapter digit); ``None`` when no profile has any.
_AFTER: dict[int, tuple[re.Pattern, re.Pattern] | None] = {}


def _after_patterns() -> tuple[re.Pattern, re.Pattern] | None:
    """The patterns of every profile's ``[references] after`` (rebuilt with the profiles)."""
    version = profiles.registry_version()
    if version not in _AFTER:
        _AFTER.clear()
        words = profiles.reference_after_keywords()
        kw = "(?:" + "|".join(words) + ")"
        _AFTER[version] = (
            (
                re.compile(rf"\s*{kw}"),
                re.compile(rf"(?<![\d.])(?P<ch>[1-9])\s*(?P<kw>{kw})"),
            )
            if words
            else None
        )
    return _AFTER[version]


#: Per registry version: whether every keyword matches letters only (:func:`_letters_only`).
_LETTER_KEYWORDS: dict[int, bool] = {}


def _letters_only(regex: str) -> bool:
    """True if the regular expression ``regex`` can only match letters (``str.isalpha``):
    literals, classes of letters and ranges of them, ``(?:…)``/``(…)`` groups, ``|`` and the
    repeats ``? * + {m} {m,n}`` (``?`` after a repeat too). ``False`` for anything else (escapes,
    ``.``, anchors, look-arounds), and for a pattern that is not well formed: the answer is only
    used to take a faster path, so "unsure" is ``False``. Our own reader of that subset of
    Python's regex syntax (the ``re`` module documents no parser)."""
    pos, depth = 0, 0
    while pos < len(regex):
        ch = regex[pos]
        if ch == "[":
            pos = _letter_class_end(regex, pos + 1)
            if pos < 0:
                return False
        elif ch == "(":
            if regex.startswith("(?", pos) and not regex.startswith("(?:", pos):
                return False
            depth += 1
            pos += 3 if regex.startswith("(?:", pos) else 1
            continue
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return False
        elif ch in "?*+|":
            pass
        elif ch == "{":
            close = regex.find("}", pos)
            if close < 0 or not re.fullmatch(r"\d+(?:,\d*)?", regex[pos + 1 : close]):
                return False
            pos = close
        elif not ch.isalpha():
            return False
        pos += 1
    return depth == 0


def _letter_class_end(regex: str, pos: int) -> int:
    """For a character class opened just before ``pos`` in ``regex``: the position of its
    closing ``]`` if every member is a letter or a short range of letters, else -1."""
    if pos < len(regex) and regex[pos] == "^":
        return -1
    start = pos
    while pos < len(regex) and (regex[pos] != "]" or pos == start):
        ch = regex[pos]
        if pos + 2 < len(regex) and regex[pos + 1] == "-" and regex[pos + 2] != "]":
            lo, hi = ord(ch), ord(regex[pos + 2])
            if hi < lo or hi - lo >= 4096 or not all(chr(c).isalpha() for c in range(lo, hi + 1)):
                return -1
            pos += 3
            continue
        if not ch.isalpha():
            return -1
        pos += 1
    return pos if pos < len(regex) and pos > start else -1


def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """The patterns of the language profiles in use (rebuilt when a profile is loaded)."""
    version = profiles.registry_version()
    got = _PATTERNS.get(version)
    if got is None:
        _PATTERNS.clear()
        got = _PATTERNS[version] = _build_patterns(
            profiles.reference_keywords(), profiles.list_conjunctions()
        )
        _LETTER_KEYWORDS.clear()
        _LETTER_KEYWORDS[version] = all(
            _letters_only(k) for k in [*profiles.reference_keywords(), *_WIKI_KEYWORDS]
        )
    return got


#: Three digits (``\d{3}`` written out: a pattern that starts with a class is scanned for
#: at C speed, one that starts with a repeat is tried at every position).
_D3 = re.compile(r"\d\d\d")
_ANY_DIGIT = re.compile(r"\d")


def _has_ascii_digit(s: str) -> bool:
    """Whether ``s`` holds one of 0–9 (ten substring tests at C speed, no generator)."""
    return (
        "0" in s
        or "1" in s
        or "2" in s
        or "3" in s
        or "4" in s
        or "5" in s
        or "6" in s
        or "7" in s
        or "8" in s
        or "9" in s
    )


def _search(ref_re: re.Pattern, text: str, pos: int, jump: bool) -> re.Match | None:
    """``ref_re.search(text, pos)``, found faster: a match holds a three-digit number, so
    with keywords of letters only (``jump``) the search can start where the first number
    at or after ``pos`` is, less the run of spaces and colons and the run of letters (the
    keyword) before it — nothing between ``pos`` and there can start a match. The same
    match either way; the pattern's slow scan runs over a few characters, not the text."""
    if not jump:
        return ref_re.search(text, pos)
    d = _D3.search(text, pos)
    if d is None:
        return None
    k = d.start()
    while k > pos and (text[k - 1].isspace() or text[k - 1] == ":"):
        k -= 1
    while k > pos and text[k - 1].isalpha():
        k -= 1
    return ref_re.search(text, k)


#: A JA reference may omit the keyword when 〔title〕 or 参照 follows ("700.13. 参照").
_JA_TAIL = re.compile(r"\.?\s*(?:〔|参照)")
#: A dotted rule number needs no keyword ("as specified in 101.4a", "(see 601.3d)").
_DOTTED = re.compile(r"\d{3}\.\d")
#: A chapter reference: "section 8, “Multiplayer Rules”" (EN: the nine chapters are called
#: sections in running text).
_CHAPTER_REF = re.compile(
    r"(?P<kw>\b[Ss]ections?)\s+(?P<ch>[1-9])(?![\d.]\d|\d)"
    r"(?:,\s*[“\"](?P<title>[^”\"\n]{1,80}?)[,.]?[”\"])?"
)


@dataclass(frozen=True)
class Reference:
    """One reference to a rule, or to a range of rules, in a text.

    Attributes:
        start, end: character offsets of the whole reference in the original text.
        first: the (first) rule number referred to.
        last: the end of a range ("712.1–712.21"), else ``None``.
        title: a section title given with the number (JA ``〔差し替えカード〕``, RU
            ``«Эмблемы»``), else ``None``.
        keyword: the word before the number ("rule", "rules", "правило", …) or ``""``.
    """

    start: int
    end: int
    first: RuleNumber
    last: RuleNumber | None = None
    title: str | None = None
    keyword: str = ""

    @property
    def numbers(self) -> list[RuleNumber]:
        """``[first]`` or ``[first, last]`` for a range."""
        return [self.first] if self.last is None else [self.first, self.last]


_new = object.__new__


def _reference(
    start: int,
    end: int,
    first: RuleNumber,
    last: RuleNumber | None,
    title: str | None,
    keyword: str,
) -> Reference:
    """``Reference(start, end, first, last, title, keyword)`` without the frozen dataclass's
    ``object.__setattr__`` per field (a long text has hundreds)."""
    ref = _new(Reference)
    ref.__dict__.update(start=start, end=end, first=first, last=last, title=title, keyword=keyword)
    return ref


class _NfkcChars(dict):
    """code point → its NFKC form when that is one character, else itself (filled lazily)."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        n = unicodedata.normalize("NFKC", ch)
        self[code] = n if len(n) == 1 else ch
        return self[code]


_NFKC_CHARS = _NfkcChars()


def normalise_width(text: str) -> str:
    """NFKC per character so that offsets keep matching the original (full-width → ASCII)."""
    if text.isascii() or unicodedata.is_normalized("NFKC", text):  # nothing to fold
        return text
    return text.translate(_NFKC_CHARS)


def _short_range_end(first: RuleNumber, short: str) -> RuleNumber | None:
    """The end of an abbreviated range: "601.2a–i" (letters) → 601.2i, "903.6-11" → 903.11.

    Format knowledge: the EN files write "rules 601.2a–i"; the ZH translation writes
    "规则903.6-11" where EN has "903.6–903.11".
    """
    if short.isalpha():
        if first.rule is None or first.letters is None or len(short) != len(first.letters):
            return None
        return RuleNumber.try_parse(f"{first.section}.{first.rule}{short}")
    if first.rule is None:
        return None
    return RuleNumber.try_parse(f"{first.section}.{short}")


def _in_running_text(text: str, at: int) -> bool:
    """Whether offset ``at`` is inside a sentence: its line has a letter, digit or an opening
    bracket before it. A number at the start of a line (after list or quote markup) is a
    rule's own number heading a quoted rule ("702.10a …" on a wiki page), not a reference."""
    start = text.rfind("\n", 0, at) + 1
    return any(ch.isalnum() or ch in "(（[" for ch in text[start:at])


def find_references(text: str, require_keyword: bool = True) -> list[Reference]:
    """Find rule references in ``text``.

    Args:
        text: rule text or page text in any language.
        require_keyword: a bare section number (``100``) counts only after a keyword
            ("rule", "rules", "section", "правило", "规则", "CR") or in a list after one
            ("rules 702.1 and 702.2") or before its title ("See 718, “Prototype Cards.”");
            a dotted number (``101.4a``, ``601.2a–h``) counts
            anywhere in running text ("as specified in 101.4a", "(see 601.3d)", "an
            exception to 608.2h"): no count or amount in the rules is written so; at the
            start of a line it is a quoted rule's own number, not a reference. With ``False`` every rule-shaped
            number counts (for quoted rule text in tables).

    Returns:
        References in text order. Numbers that do not parse as rule numbers are skipped.
    """
    norm = normalise_width(text)
    if not _has_ascii_digit(norm) and (norm.isascii() or not _ANY_DIGIT.search(norm)):
        return []  # no digit, no reference (the usual rule text: a cheap look first)
    ref_re, tail_re, after_re = _patterns()
    after_kw = _after_patterns()
    jump = _LETTER_KEYWORDS.get(profiles.registry_version(), False)
    refs: list[Reference] = []
    pos = 0
    while True:
        m = _search(ref_re, norm, pos, jump)
        if not m:
            break
        pos = m.end()
        kw = m.group("kw") or ""
        if (
            require_keyword
            and not kw
            and not (
                m.group("title") is not None
                or m.group("qtitle") is not None
                or (_DOTTED.match(m.group("first")) and _in_running_text(norm, m.start("first")))
                or _JA_TAIL.match(norm, m.end("first"))
                or (after_kw is not None and after_kw[0].match(norm, m.end()))
            )
        ):
            continue
        before = norm[m.start("first") - 1] if m.start("first") else " "
        if before.isdigit() or before in ".,":
            continue
        first = RuleNumber.try_parse(m.group("first"))
        if first is None:
            continue
        last = RuleNumber.try_parse(m.group("last")) if m.group("last") else None
        if m.group("short"):  # "601.2a–i", "903.9b-c", "903.6-11"
            last = _short_range_end(first, m.group("short"))
            if last is None:  # "701.3-b" is no range: the reference ends at the number
                pos = m.end("first")
        start = m.start("kw") if kw else m.start("first")
        end = m.end() if not m.group("short") or last is not None else m.end("first")
        refs.append(
            _reference(
                start,
                end,
                first,
                last,
                m.group("title") or m.group("title_ru") or m.group("qtitle"),
                kw.rstrip(": "),
            )
        )
        # "rules 702.1, 702.2, and 702.3"; "rules 702.109, “Dash,” 702.152, “Blitz,” and …"
        comma_title = bool(m.group("qcomma"))
        while True:
            t = tail_re.match(norm, pos)
            if not t and comma_title:
                t = after_re.match(norm, pos)
            if not t:
                break
            n = RuleNumber.try_parse(t.group("n"))
            if n is None:
                break
            g = t.re.groupindex
            tail_last = (
                RuleNumber.try_parse(t.group("last")) if "last" in g and t.group("last") else None
            )
            if "short" in g and t.group("short"):
                tail_last = _short_range_end(n, t.group("short"))
            title = (t.group("title") if "title" in g else None) or t.group("qtitle")
            refs.append(_reference(t.start("n"), t.end(), n, tail_last, title, kw.rstrip(": ")))
            comma_title = "qcomma" in g and bool(t.group("qcomma"))
            pos = t.end()
    return refs


@dataclass(frozen=True)
class ChapterReference:
    """A reference to a chapter ("See section 8, “Multiplayer Rules.”": the EN text calls its
    nine chapters sections). Chapters are not rule numbers (:mod:`mtgcr.extract.rulenum`).

    Attributes:
        start, end: character offsets in the original text (keyword to title).
        chapter: 1–9.
        title: the chapter title given in quotes, else ``None``.
        keyword: ``"section"`` or ``"sections"`` as written.
    """

    start: int
    end: int
    chapter: int
    title: str | None = None
    keyword: str = "section"


def find_chapter_references(text: str) -> list[ChapterReference]:
    """Chapter references in ``text``: "section 8", "See section 3, “Card Types.”" (EN
    2003–2026; a three-digit "section 702" is a rule-number reference, see
    :func:`find_references`).

    Returns:
        References in text order.
    """
    norm = normalise_width(text)
    out = [
        ChapterReference(
            m.start("kw"), m.end(), int(m.group("ch")), m.group("title"), m.group("kw")
        )
        for m in _CHAPTER_REF.finditer(norm)
    ]
    after_kw = _after_patterns()
    if after_kw is not None:  # the keyword after the digit: KO "8절" (section 8)
        out += [
            ChapterReference(m.start("ch"), m.end(), int(m.group("ch")), None, m.group("kw"))
            for m in after_kw[1].finditer(norm)
        ]
        out.sort(key=lambda r: r.start)
    return out


def mask_references(text: str, mapping=None, mask: str = "#") -> str:
    """Replace every referenced number in ``text``: through ``mapping`` (a callable
    ``RuleNumber -> RuleNumber | None``) when given and it answers, else by ``mask``.

    Used to compare two rule texts whose only difference is a renumbered reference.
    """
    out = []
    last = 0
    for ref in find_references(text, require_keyword=False):
        out.append(text[last : ref.start])
        seg = text[ref.start : ref.end]
        for n in ref.numbers:
            new = mapping(n) if mapping else None
            seg = seg.replace(str(n), str(new) if new is not None else mask, 1)
        out.append(seg)
        last = ref.end
    out.append(text[last:])
    return "".join(out)
