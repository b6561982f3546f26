"""CR citations in the source code of rules engines: every syntax engines write, read exactly.

Wiki pages are read by :mod:`mtgcr.extract.citations.wiki`; this module reads source files (see
:mod:`mtgcr.extract.citations.comments` for what counts as a comment or doc). Only numbers
introduced by one of these syntaxes are citations — a year, a version, ``0.5`` or an array
size is not — and each citation records which :class:`Syntax` matched.

Format knowledge (syntaxes seen in public engines: phase.rs, XMage, Forge, and rules pages
linked from them):

* ``cr-prefix`` — phase.rs: ``// CR 704.5a: …``, ``/// CR 704.5b``, several rules
  ``CR 107.3b + CR 601.2f``, letter alternatives ``CR 301.5a/f``, a letter range
  ``CR 702.151a-b``, two sections ``CR 601/602``, split across a comment line break
  (``… the CR`` / ``// 110.2a``); XMage ``CR 702.2c``.
* ``placeholder`` — ``CR 701.x``, ``CR 7xx``: reported, never resolved.
* ``date-stamp`` — XMage: ``//20091005 - 704.5i``, ``// 20240202 - 702.134c``: the date is the
  CR release the author read (:class:`DateStamp`; one real stamp has nine digits,
  ``201300713``: flagged, still read as a date).
* ``bare-number`` — XMage ``// 903.4d``: a comment line that starts with a rule number.
* ``pasted-rule`` — the rule text pasted after the number: javadoc `` * 702.94a Soulbond is …``,
  Forge ``//702.12b. A permanent with indestructible …`` (the text is kept as ``quote``).
* ``rule-word`` — ``// rule 114.4. A spell or ability …``, ``See rule 609.7``, Forge
  ``// Rule 704.5f - …``, ``rules 702.1 and 702.2``.
* ``identifier`` — Forge: numbers inside code identifiers, ``stateBasedAction704_5r(c)``,
  ``game.archenemy904_10()`` (``_`` for the dot).
* ``yawgatog-anchor`` — links to the Yawgatog rules pages, ``…/magic-rules/#R70219b``
  (section, rule digits and letters without dots).
* ``javadoc-taglet`` — ``{@mtg.rule 613.1-613.7}``.
* ``cr-hash`` — ``[CR#704.5k..704.5n]``.

Ranges are expanded in document order of the rules: subrule letters skip ``l`` and ``o``
(:data:`mtgcr.extract.rulenum.SUBRULE_LETTERS`), so ``704.5k..704.5n`` is 704.5k, 704.5m,
704.5n; ``613.1-613.7`` is the seven rules. A number introduced by a syntax that is not a rule
number (``CR 704.5l``, ``CR 70.5``, a range that runs backwards) is ``malformed``, never
dropped.
"""

from __future__ import annotations

import bisect
import enum
import functools
import re
from dataclasses import dataclass
from datetime import date

from mtgcr.extract.rulenum import SUBRULE_LETTERS, RuleNumber, letters_index
from mtgcr.extract.citations.comments import CommentText, Family, comment_text

__all__ = [
    "Syntax",
    "Region",
    "TokenForm",
    "NumberToken",
    "DateStamp",
    "SourceCitation",
    "find_source_citations",
    "read_stamp",
    "expand_range",
    "MAX_RANGE",
]

#: The longest range expanded (longer ones are malformed: no engine cites 60 rules at once).
MAX_RANGE = 60


class Syntax(enum.Enum):
    """Which syntax introduced a citation (see the module docstring)."""

    CR_PREFIX = "cr-prefix"
    PLACEHOLDER = "placeholder"
    DATE_STAMP = "date-stamp"
    BARE_NUMBER = "bare-number"
    PASTED_RULE = "pasted-rule"
    RULE_WORD = "rule-word"
    IDENTIFIER = "identifier"
    YAWGATOG_ANCHOR = "yawgatog-anchor"
    JAVADOC_TAGLET = "javadoc-taglet"
    CR_HASH = "cr-hash"


class Region(enum.Enum):
    """Where in the file a citation is."""

    COMMENT = "comment"  #: a comment or docstring of a source file
    DOC = "doc"  #: a documentation file (Markdown, reST, AsciiDoc)
    CODE = "code"  #: code (identifiers)


class TokenForm(enum.Enum):
    """How a number token is written (so that a new number can be written the same way)."""

    FULL = "full"  #: ``704.5a``
    LETTERS = "letters"  #: the ``f`` of ``301.5a/f``, the ``b`` of ``702.151a-b``
    ANCHOR = "anchor"  #: ``70219b`` of ``#R70219b``
    IDENTIFIER = "identifier"  #: ``704_5r`` of ``stateBasedAction704_5r``


@dataclass(frozen=True)
class NumberToken:
    """One number as written in a citation.

    Attributes:
        start, end: character offsets of the written number in the file's text.
        written: the characters there (``"704.5a"``, ``"f"``, ``"70219b"``, ``"704_5r"``).
        number: the rule number it names (letters completed from the token before), or
            ``None`` when it is not a rule number (the citation is then malformed).
        form: how it is written.
    """

    start: int
    end: int
    written: str
    number: RuleNumber | None
    form: TokenForm

    def render(self, new: RuleNumber) -> str | None:
        """``new`` written in this token's form; ``None`` when the form cannot say it (a
        ``LETTERS`` token names only letters, so the caller checks the parent; a section
        cannot be an identifier)."""
        if self.form is TokenForm.FULL:
            return str(new)
        if self.form is TokenForm.LETTERS:
            return new.letters
        if self.form is TokenForm.ANCHOR:
            return f"{new.section}{new.rule if new.rule is not None else ''}{new.letters or ''}"
        if new.rule is None:
            return None
        return f"{new.section}_{new.rule}{new.letters or ''}"


@dataclass(frozen=True)
class DateStamp:
    """An XMage date stamp (``//20091005 - 704.5i``).

    Attributes:
        start, end: character offsets of the digits in the file's text.
        written: the digits as written (``"20091005"``, ``"201300713"``).
        date: the date they give, or ``None`` when no reading is a real date.
        flag: why the stamp is suspect (``"9 digits: read as 2013-07-13 …"``), else ``""``.
    """

    start: int
    end: int
    written: str
    date: date | None
    flag: str = ""


@dataclass(frozen=True)
class SourceCitation:
    """A citation of the CR in a source file.

    Attributes:
        syntax: which syntax matched.
        region: comment, doc or code.
        start, end: character offsets in the file's text of the citation as written (a
            citation split across comment lines spans the comment markers between).
        text: ``text[start:end]`` of the file, exactly.
        line, column: 1-based line and column (characters) of ``start``.
        tokens: the numbers as written, in order.
        ranges: ``(i, j)`` pairs of token indexes that are the two ends of a range.
        numbers: every rule number cited, ranges expanded in document order, in order.
        stamp: the date stamp of the line, if any.
        quote: rule text pasted after the number (``pasted-rule``, ``rule-word`` and
            ``cr-prefix`` followed by at least three words), else ``None``.
        identifier: the whole identifier of an ``identifier`` citation, else ``None``.
        malformed: why the citation is not a rule number, else ``""``.
    """

    syntax: Syntax
    region: Region
    start: int
    end: int
    text: str
    line: int
    column: int
    tokens: tuple[NumberToken, ...]
    ranges: tuple[tuple[int, int], ...] = ()
    numbers: tuple[RuleNumber, ...] = ()
    stamp: DateStamp | None = None
    quote: str | None = None
    identifier: str | None = None
    malformed: str = ""


# -- patterns --------------------------------------------------------------------------------
_LOOSE = r"\d{2,4}(?:\.\d{1,4}[A-Za-z]{0,3})?(?![\d])"
_LOOSE_RE = re.compile(_LOOSE)
_STRICT_RE = re.compile(r"\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![\dA-Za-z]|\.\d)")
_LETTER_RANGE = re.compile(r"(?:-|\u2013|\.\.)(?=[a-z])")
_LETTERS_RE = re.compile(r"[a-z]{1,2}(?![A-Za-z0-9])")
_GAP = r"(?:[ \t]*\n)?[ \t]*"  # spaces, at most one comment line break
# The keyword patterns start with a literal, which the regex engine finds fast; the character
# before the keyword is checked by :func:`_word_before`.
_CR = re.compile(rf"CR(?P<sep>[ \t]*[:#][ \t]*|{_GAP})(?=\d)")
_CR_PLACEHOLDER = re.compile(
    rf"CR(?:[ \t]*[:#][ \t]*|{_GAP})(?P<ph>\d{{1,3}}(?:\.\d{{0,3}}[xX?]+|[xX]{{1,2}})"
    r"(?:\.[xX?]+)?)(?![A-Za-z0-9])"
)
_RULE_WORD = re.compile(rf"ules?{_GAP}(?=\d)")  # after R or r
_SEE_BEFORE = re.compile(rf"[Ss]ee{_GAP}\Z")
_TAGLET = re.compile(r"\{@mtg\.rule\s+(?=\d)")
_ANCHOR = re.compile(
    r"magic-rules/?(?:index\.html?)?#R(?P<a>(?P<sec>\d{3})(?P<rule>\d{0,3})"
    r"(?P<let>[a-z]{0,2}))(?![A-Za-z0-9])"
)
_STAMP = re.compile(r"^[ \t]*(?P<stamp>\d{8,9})[ \t]*[-\u2013:][ \t]*(?=\d)", re.M)
_BARE = re.compile(
    r"^[ \t]*(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})(?P<dot>\.)?(?=[ \t:\-\u2013\u2014]|$)", re.M
)
_IDENT = re.compile(
    r"(?P<num>(?P<sec>[1-9]\d{2})_(?P<rule>\d{1,3})(?P<let>[a-z]{1,2})?)(?![a-z0-9])"
)
_IDENT_TAIL = re.compile(r"[A-Za-z0-9_$]*")
_LIST_SEP = re.compile(rf"[ \t]*(?:\+|,|&|and|or)(?:{_GAP}CR(?:[ \t]*[:#])?)?{_GAP}(?=\d)")
_RULE_LIST_SEP = re.compile(rf"[ \t]*(?:,|&|and|or)(?:{_GAP}rules?)?{_GAP}(?=\d)")
_RANGE_SEP = re.compile(r"[ \t]*(?:\.\.|-|\u2013|\u2014|to\b|through\b)[ \t]*(?=\d)")
_QUOTE_LEAD = re.compile(r"^[ \t]*(?:\.|:|[-\u2013\u2014])[ \t]*")
_WORD = re.compile(r"[A-Za-z]{2,}")


@functools.lru_cache(maxsize=4096)
def _number(written: str) -> tuple[RuleNumber | None, str]:
    """The rule number of a written token, or the reason it is none (cached: a tree writes
    the same numbers many times)."""
    w = written.rstrip(".")
    n = RuleNumber.try_parse(w) if re.fullmatch(r"\d{3}(?:\.\d{1,3}[a-z]{0,2})?", w) else None
    if n is None:
        return None, f"{written!r} is not a rule number"
    if n.letters:
        try:
            letters_index(n.letters)
        except ValueError:
            return None, f"{written!r}: subrule letters skip l and o"
    return n, ""


def _letters_number(base: RuleNumber | None, letters: str) -> tuple[RuleNumber | None, str]:
    if base is None or base.rule is None:
        return None, f"letters {letters!r} follow no rule number"
    try:
        letters_index(letters)
    except ValueError:
        return None, f"{letters!r}: subrule letters skip l and o"
    return RuleNumber(base.section, base.rule, letters), ""


@dataclass
class _Items:
    """What :func:`_read_items` read: tokens (joined-text offsets), ranges, end, problems."""

    tokens: list[tuple[int, int, str, RuleNumber | None, TokenForm]]
    ranges: list[tuple[int, int]]
    end: int
    problems: list[str]


def _read_items(
    text: str, pos: int, lists: bool = True, loose: bool = False, list_sep: re.Pattern | None = None
) -> _Items:
    """Read ``item (sep item)*`` at ``pos`` of ``text``: an item is a number, then letter or
    number alternatives (``/f``, ``/602``) or a range end (``-b``, ``..704.5n``,
    `` – 613.7``). The first number may be any digits when ``loose`` (after ``CR``: a
    mistyped number is malformed, not ignored); every other number must look like a rule
    number (three digits first), so ``CR 704.5a - 2 players`` is not a range."""
    out = _Items([], [], pos, [])

    def full(at: int, shape: re.Pattern = _STRICT_RE) -> int | None:
        m = shape.match(text, at)
        if not m:
            return None
        w = m.group()
        n, why = _number(w)
        if why:
            out.problems.append(why)
        out.tokens.append((m.start(), m.end(), w, n, TokenForm.FULL))
        return m.end()

    def letters(at: int) -> int | None:
        m = _LETTERS_RE.match(text, at)
        if not m:
            return None
        base = next((t[3] for t in reversed(out.tokens) if t[3] is not None), None)
        n, why = _letters_number(base, m.group())
        if why:
            out.problems.append(why)
        out.tokens.append((m.start(), m.end(), m.group(), n, TokenForm.LETTERS))
        return m.end()

    end = full(pos, _LOOSE_RE if loose else _STRICT_RE)
    if end is None:
        return out
    while True:
        first = len(out.tokens) - 1
        while text.startswith("/", end):  # alternatives: /f, /602
            nxt = full(end + 1) if text[end + 1 : end + 2].isdigit() else letters(end + 1)
            if nxt is None:
                break
            end = nxt
        if len(out.tokens) - 1 == first and out.tokens[first][4] is TokenForm.FULL:
            m = _LETTER_RANGE.match(text, end)
            nxt = letters(m.end()) if m else None
            if nxt is None:
                m = _RANGE_SEP.match(text, end)
                nxt = full(m.end()) if m else None
            if nxt is not None:
                out.ranges.append((first, len(out.tokens) - 1))
                end = nxt
        if not lists:
            break
        m = (list_sep or _LIST_SEP).match(text, end)
        if not m:
            break
        nxt = full(m.end())
        if nxt is None:
            break
        end = nxt
    out.end = end
    return out


def _expand(
    tokens: list[NumberToken], ranges: list[tuple[int, int]]
) -> tuple[tuple[RuleNumber, ...], str]:
    """Every number cited, ranges expanded in document order; the reason when a range is
    not one."""
    if not ranges:
        return tuple(t.number for t in tokens if t.number is not None), ""
    ends = {i: j for i, j in ranges}
    inner = {j for _, j in ranges}
    out: list[RuleNumber] = []
    for i, t in enumerate(tokens):
        if i in inner:
            continue
        if t.number is None:
            continue
        if i not in ends:
            out.append(t.number)
            continue
        a, b = t.number, tokens[ends[i]].number
        if b is None:
            continue
        if a.letters and b.letters and (a.section, a.rule) == (b.section, b.rule):
            x, y = letters_index(a.letters), letters_index(b.letters)
            seq = [RuleNumber(a.section, a.rule, _letters_at(k)) for k in range(x, y + 1)]
        elif (
            a.letters is None
            and b.letters is None
            and a.rule is not None
            and b.rule is not None
            and a.section == b.section
        ):
            seq = [RuleNumber(a.section, r) for r in range(a.rule, b.rule + 1)]
        elif a.rule is None and b.rule is None:
            seq = [RuleNumber(s) for s in range(a.section, b.section + 1)]
        else:
            return tuple(out), f"range {a}..{b} does not run within one rule or section"
        if not seq:
            return tuple(out), f"range {a}..{b} runs backwards"
        if len(seq) > MAX_RANGE:
            return tuple(out), f"range {a}..{b} has {len(seq)} numbers (more than {MAX_RANGE})"
        out += seq
    return tuple(out), ""


def expand_range(first: RuleNumber, last: RuleNumber) -> list[RuleNumber] | None:
    """The numbers from ``first`` to ``last`` in document order (subrule letters skip ``l``
    and ``o``), or ``None`` when they do not make a range (see :data:`MAX_RANGE`).

    >>> [str(n) for n in expand_range(RuleNumber(704, 5, "k"), RuleNumber(704, 5, "n"))]
    ['704.5k', '704.5m', '704.5n']
    """
    toks = [
        NumberToken(0, 0, "", first, TokenForm.FULL),
        NumberToken(0, 0, "", last, TokenForm.FULL),
    ]
    nums, why = _expand(toks, [(0, 1)])
    return None if why else list(nums)


def _letters_at(k: int) -> str:
    n = len(SUBRULE_LETTERS)
    return SUBRULE_LETTERS[k] if k < n else SUBRULE_LETTERS[k // n - 1] + SUBRULE_LETTERS[k % n]


def read_stamp(written: str, start: int = 0, end: int = 0) -> DateStamp:
    """Read XMage stamp digits as a date.

    Eight digits are ``YYYYMMDD``. Nine digits are a typo of eight: every reading with one
    digit left out that is a real date from 1993 on is considered, a doubled digit left out
    first (``201300713`` → 2013-07-13), and the stamp is flagged.

    >>> read_stamp("201300713").date.isoformat()
    '2013-07-13'
    """

    def as_date(d: str) -> date | None:
        try:
            out = date(int(d[:4]), int(d[4:6]), int(d[6:8]))
        except ValueError:
            return None
        return out if out.year >= 1993 else None

    if len(written) == 8:
        when = as_date(written)
        return DateStamp(start, end, written, when, "" if when else f"{written}: not a date")
    cands = []
    for i in range(len(written)):
        d = as_date(written[:i] + written[i + 1 :])
        if d is not None:
            doubled = (i > 0 and written[i - 1] == written[i]) or (
                i + 1 < len(written) and written[i + 1] == written[i]
            )
            cands.append((not doubled, i, d))
    if not cands:
        return DateStamp(start, end, written, None, f"{written}: {len(written)} digits, not a date")
    cands.sort()
    when = cands[0][2]
    return DateStamp(
        start,
        end,
        written,
        when,
        f"{written}: {len(written)} digits (a typo); read as {when.isoformat()}",
    )


class _Reader:
    """One file's citations (see :func:`find_source_citations`)."""

    def __init__(self, text: str, family: Family) -> None:
        self.text = text
        self.family = family
        self.ct: CommentText = comment_text(text, family)
        self.region = Region.DOC if family is Family.DOC else Region.COMMENT
        self.found: list[SourceCitation] = []
        self.taken: list[tuple[int, int]] = []  # joined-text spans already read
        self._lines = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(self, offset: int) -> tuple[int, int]:
        k = bisect.bisect_right(self._lines, offset) - 1
        return k + 1, offset - self._lines[k] + 1

    def free(self, a: int, b: int) -> bool:
        return not any(x < b and a < y for x, y in self.taken)

    def add(
        self,
        syntax: Syntax,
        a: int,
        b: int,
        items: _Items | None,
        *,
        stamp=None,
        quote=None,
        problems: list[str] | None = None,
    ) -> None:
        """A citation at joined-text ``[a, b)``."""
        ct = self.ct
        self.taken.append((a, b))
        tokens = tuple(
            NumberToken(ct.original(s), ct.original(e), w, n, f)
            for s, e, w, n, f in (items.tokens if items else [])
        )
        ranges = tuple(items.ranges) if items else ()
        numbers, why = _expand(list(tokens), list(ranges))
        probs = [*(items.problems if items else []), *(problems or []), *([why] if why else [])]
        start, end = ct.original(a), ct.original(b)
        line, col = self.where(start)
        self.found.append(
            SourceCitation(
                syntax,
                self.region,
                start,
                end,
                self.text[start:end],
                line,
                col,
                tokens,
                ranges,
                numbers,
                stamp,
                quote,
                malformed="; ".join(probs),
            )
        )

    def quote_after(self, end: int, lead: bool = True) -> str | None:
        """Rule text pasted after a citation: the rest of its comment line and the following
        lines of the paragraph (up to a blank line or a line starting with a number). With
        ``lead``, the text must be set off by ``.``, ``:`` or a dash (``rule 114.4. A spell…``,
        ``CR 704.5a: …``, ``Rule 704.5f - …``); else spaces are enough (``702.94a Soulbond …``)."""
        t = self.ct.text
        stop = t.find("\n\n", end)
        stop = len(t) if stop < 0 else stop
        lines = t[end:stop].split("\n")
        m = _QUOTE_LEAD.match(lines[0])
        if lead and not m:
            return None
        first = lines[0][m.end() :] if m else lines[0].strip()
        if not first.strip():
            return None
        parts = [first]
        for ln in lines[1:]:
            s = ln.strip()
            if not s or s[0].isdigit() or s.startswith(("@", "CR ")):
                break
            parts.append(s)
        quote = " ".join(" ".join(parts).split())[:600]
        return quote if len(_WORD.findall(quote)) >= 3 else None

    def read(self) -> list[SourceCitation]:
        t = self.ct.text
        for m in _TAGLET.finditer(t):
            items = _read_items(t, m.end(), lists=False)
            close = t.find("}", items.end, items.end + 3)
            if items.tokens and self.free(m.start(), items.end):
                self.add(
                    Syntax.JAVADOC_TAGLET, m.start(), close + 1 if close >= 0 else items.end, items
                )
        for m in _ANCHOR.finditer(t):
            a, b = m.span("a")
            sec, rule, let = m.group("sec"), m.group("rule"), m.group("let")
            n, why = _number(f"{sec}.{rule}{let}" if rule else sec)
            if let and not rule:
                n, why = None, f"anchor R{m.group('a')}: letters without a rule number"
            items = _Items([(a, b, m.group("a"), n, TokenForm.ANCHOR)], [], b, [why] if why else [])
            self.add(Syntax.YAWGATOG_ANCHOR, m.start(), m.end(), items)
        for m in _CR_PLACEHOLDER.finditer(t):
            if not _word_before(t, m.start()) and self.free(m.start(), m.end()):
                self.add(Syntax.PLACEHOLDER, m.start(), m.end(), None)
        for m in _CR.finditer(t):
            if _word_before(t, m.start()) or not self.free(m.start(), m.end() + 1):
                continue
            items = _read_items(t, m.end(), loose=True)
            if not items.tokens or not self.free(m.start(), items.end):
                continue
            end = items.end
            if m.start() and t[m.start() - 1] == "[" and "#" in m.group("sep"):
                close = t.find("]", end, end + 2)
                self.add(Syntax.CR_HASH, m.start() - 1, close + 1 if close >= 0 else end, items)
                continue
            self.add(Syntax.CR_PREFIX, m.start(), end, items, quote=self.quote_after(end))
        if self.family is not Family.DOC:
            for m in _STAMP.finditer(t):
                items = _read_items(t, m.end())
                if not items.tokens or not self.free(m.start("stamp"), items.end):
                    continue
                sa, sb = m.span("stamp")
                stamp = read_stamp(m.group("stamp"), self.ct.original(sa), self.ct.original(sb))
                self.add(
                    Syntax.DATE_STAMP,
                    m.start("stamp"),
                    items.end,
                    items,
                    stamp=stamp,
                    problems=[] if stamp.date else [stamp.flag],
                )
            for m in _BARE.finditer(t):
                a, b = m.span("num")
                if not self.free(a, b):
                    continue
                n, why = _number(m.group("num"))
                items = _Items(
                    [(a, b, m.group("num"), n, TokenForm.FULL)], [], b, [why] if why else []
                )
                quote = self.quote_after(m.end(), lead=False)
                self.add(
                    Syntax.PASTED_RULE if quote else Syntax.BARE_NUMBER, a, b, items, quote=quote
                )
        for m in _RULE_WORD.finditer(t):
            a = m.start() - 1
            if a < 0 or t[a] not in "Rr" or _word_before(t, a) or not self.free(a, m.end() + 1):
                continue
            see = _SEE_BEFORE.search(t, max(0, a - 12), a)
            if see:
                a = see.start()
            items = _read_items(t, m.end(), list_sep=_RULE_LIST_SEP)
            if items.tokens and self.free(a, items.end):
                self.add(Syntax.RULE_WORD, a, items.end, items, quote=self.quote_after(items.end))
        if self.family is not Family.DOC:
            self._identifiers()
        self.found.sort(key=lambda c: (c.start, c.end))
        return self.found

    def _identifiers(self) -> None:
        """Identifiers holding a rule number (``stateBasedAction704_5r``): the number is
        looked for first (digits are rare in code, so the scan is fast), then the identifier
        around it, which must have a letter right before the number."""
        text, found, in_code = self.text, self.found, self.ct.in_code
        for m in _IDENT.finditer(text):
            a, b = m.span()
            if a == 0 or not ("a" <= text[a - 1].lower() <= "z") or not in_code(a):
                continue
            ws = _word_start(text, a)
            if text[ws].isdigit():
                continue
            tail = _IDENT_TAIL.match(text, b)
            we = tail.end() if tail is not None else b
            ident = text[ws:we]
            n, why = _number(f"{m.group('sec')}.{m.group('rule')}{m.group('let') or ''}")
            tok = NumberToken(a, b, m.group("num"), n, TokenForm.IDENTIFIER)
            found.append(
                SourceCitation(
                    Syntax.IDENTIFIER,
                    Region.CODE,
                    ws,
                    we,
                    ident,
                    *self.where(ws),
                    (tok,),
                    (),
                    (n,) if n else (),
                    identifier=ident,
                    malformed=why,
                )
            )


def _word_before(text: str, at: int) -> bool:
    """True when ``text[at]`` continues a word (letter, digit or ``_`` before it)."""
    return at > 0 and (text[at - 1].isalnum() or text[at - 1] == "_")


def _word_start(text: str, at: int) -> int:
    """Where the identifier that ``text[at]`` is part of starts."""
    i = at
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_$"):
        i -= 1
    return i


def find_source_citations(text: str, family: Family) -> list[SourceCitation]:
    """Find every CR citation in one source file.

    Args:
        text: the whole file, decoded (offsets refer to it).
        family: how its comments are written (:func:`mtgcr.extract.citations.comments.family_of`).

    Returns:
        Citations in file order. Comment and doc citations come from every syntax of the
        module docstring except ``identifier``, which is read in code only; in a doc file
        (``Family.DOC``) the line-anchored syntaxes (``date-stamp``, ``bare-number``,
        ``pasted-rule``) are not read, since a list of rules there is not a citation. Nothing
        is raised: a citation that is not a rule number is returned with ``malformed`` set.

    >>> [c.syntax.value for c in find_source_citations("// CR 704.5a: lose\\nint a = 0.5;", Family.C)]
    ['cr-prefix']
    """
    return _Reader(text, family).read()
