"""CR citations in the source code of rules engines: every syntax engines write, read exactly.

Wiki pages are read by :mod:`mtgcr.extract.citations.wiki`; this module reads source files (see
:mod:`mtgcr.extract.citations.comments` for what counts as a comment or doc). Only numbers
introduced by one of these syntaxes are citations — a year, a version, ``0.5`` or an array
size is not — and each citation records which :class:`Syntax` matched.

Format knowledge (syntaxes seen in public engines: phase.rs, XMage, Forge, and rules pages
linked from them):

* ``cr-prefix`` — phase.rs: ``// CR 704.5a: …``, ``/// CR 704.5b``, several rules
  ``CR 107.3b + CR 601.2f`` (``CR 310.10 + CR 704.5w + CR 704.5x``), letter alternatives
  ``CR 301.5a/f``, number alternatives with or without spaces ``CR 701.57a / 702.85a``, a
  letter range ``CR 702.151a-b``, two sections ``CR 601/602``, split across a comment line
  break (``… the CR`` / ``// 110.2a``); XMage ``CR 702.2c``.
* ``placeholder`` — ``CR 701.x``, ``CR 7xx``, ``CR 702.?``: no number at all. A number that
  only *looks* like a placeholder (``CR 704.5x``) is read as a number with
  :attr:`NumberToken.placeholder_like` set: it is a placeholder only when no stored release
  has that rule (the checker decides; 704.5x is a real rule since 2023).
* ``date-stamp`` — XMage: ``//20091005 - 704.5i``, ``// 20240202 - 702.134c``, also inside a
  line (``see 20110715 - 605.1b``) or without a dash (``//20130711 708.6c``): the date is the
  CR release the author read (:class:`DateStamp`; one real stamp has nine digits,
  ``201300713``: flagged, still read as a date). ``CR 2023-04-14`` at the head of a comment
  is a stamp for every citation after it in that comment (``StampScope.BLOCK``), not a
  citation.
* ``bare-number`` — XMage ``// 903.4d``: a comment line that starts with a rule number.
* ``pasted-rule`` — the rule text pasted after the number: javadoc `` * 702.94a Soulbond is …``,
  Forge ``//702.12b. A permanent with indestructible …``.
* ``checklist`` — ``// [ ] 603.10f Abilities that trigger …``, ``// [x] 603.10a …``.
* ``rule-word`` — ``// rule 114.4. A spell or ability …``, ``See rule 609.7``, Forge
  ``// Rule 704.5f - …``, ``rules 702.1 and 702.2``.
* ``see`` — ``(see 601.2b and 601.2f–h)``, ``See 508.7 in the CR``.
* ``parenthesised`` — a number in parentheses: ``trample (702.19b)``, ``(613.10)``,
  ``Discover (701.57a)``.
* ``in-text`` — a rule number in the prose of a comment (``Not yet included in 601.2b``,
  ``due to 706.6.``), and each number of several rules pasted into one paragraph
  (``702.37. Amplify 702.37a Amplify is …``). Only the full shape ``NNN.N[letters]`` is read,
  never inside quotes or backticks (examples), a dotted version or an address.
* ``identifier`` — Forge: numbers inside code identifiers, ``stateBasedAction704_5r(c)``,
  ``game.archenemy904_10()`` (``_`` for the dot).
* ``yawgatog-anchor`` — links to the Yawgatog rules pages, ``…/magic-rules/#R70219b``.
* ``javadoc-taglet`` — ``{@mtg.rule 613.1-613.7}``.
* ``cr-hash`` — ``[CR#704.5k..704.5n]``.

``parenthesised`` and ``in-text`` numbers are *weak* (:data:`WEAK_SYNTAXES`): a number read
by them is a citation only when some stored release has that rule (the checker decides and
counts the others as not citations).

Beside each citation the reader keeps the words that are evidence of which rule the author
meant: :attr:`SourceCitation.quote` (the text after the number, up to the next rule it
introduces or the end of the comment paragraph) and :attr:`SourceCitation.title` (a heading
written beside the number: ``702.69. Poisonous``, ``CR 702.19b: Trample — …``,
``Discover (701.57a)``).

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
    "StampScope",
    "NumberToken",
    "DateStamp",
    "SourceCitation",
    "find_source_citations",
    "read_stamp",
    "expand_range",
    "MAX_RANGE",
    "WEAK_SYNTAXES",
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
    CHECKLIST = "checklist"
    RULE_WORD = "rule-word"
    SEE = "see"
    PARENTHESISED = "parenthesised"
    IN_TEXT = "in-text"
    IDENTIFIER = "identifier"
    YAWGATOG_ANCHOR = "yawgatog-anchor"
    JAVADOC_TAGLET = "javadoc-taglet"
    CR_HASH = "cr-hash"


#: Syntaxes whose number is a citation only when a stored release has that rule.
WEAK_SYNTAXES = frozenset({Syntax.PARENTHESISED, Syntax.IN_TEXT})


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


class StampScope(enum.Enum):
    """What a date stamp applies to."""

    LINE = "line"  #: the citation it introduces (``//20091005 - 704.5i``)
    BLOCK = "block"  #: every citation after it in its comment (``CR 2023-04-14``)


@dataclass(frozen=True)
class NumberToken:
    """One number as written in a citation.

    Attributes:
        start, end: character offsets of the written number in the file's text.
        written: the characters there (``"704.5a"``, ``"f"``, ``"70219b"``, ``"704_5r"``).
        number: the rule number it names (letters completed from the token before), or
            ``None`` when it is not a rule number (the citation is then malformed).
        form: how it is written.
        placeholder_like: the letters are ``x`` or ``xx`` (``704.5x``): a real rule or a
            placeholder, as the stored releases say.
    """

    start: int
    end: int
    written: str
    number: RuleNumber | None
    form: TokenForm
    placeholder_like: bool = False

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
    """A date stamp: the CR release the author read (``//20091005 - 704.5i``,
    ``CR 2023-04-14``).

    Attributes:
        start, end: character offsets of the date as written in the file's text.
        written: the date as written (``"20091005"``, ``"201300713"``, ``"2023-04-14"``).
        date: the date it gives, or ``None`` when no reading is a real date.
        flag: why the stamp is suspect (``"9 digits: read as 2013-07-13 …"``), else ``""``.
        scope: the citation it introduces, or every citation after it in its comment.
    """

    start: int
    end: int
    written: str
    date: date | None
    flag: str = ""
    scope: StampScope = StampScope.LINE


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
        stamp: the date stamp that applies (its own, or a ``CR 2023-04-14`` above it in the
            same comment), if any.
        quote: the text after the number up to the next rule it introduces or the end of the
            comment paragraph (spaces folded, at most 600 characters), when it has at least
            one word; else ``None``.
        identifier: the whole identifier of an ``identifier`` citation, else ``None``.
        malformed: why the citation is not a rule number, else ``""``.
        title: a heading written beside the number (``Poisonous`` of ``702.69. Poisonous``,
            ``Discover`` of ``Discover (701.57a)``), else ``None``.
        quote_end: the offset in the file's text where ``quote`` ends (a citation between
            ``end`` and there is a reference inside the pasted text), else ``None``.
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
    title: str | None = None
    quote_end: int | None = None

    def to_record(self) -> list:
        """A compact JSON-ready list of every field (for result caches); :meth:`from_record`
        reads it back."""
        st = self.stamp
        return [
            self.syntax.value,
            self.region.value,
            self.start,
            self.end,
            self.text,
            self.line,
            self.column,
            [
                [t.start, t.end, t.written, str(t.number) if t.number else None, t.form.value]
                + ([1] if t.placeholder_like else [])
                for t in self.tokens
            ],
            [list(r) for r in self.ranges],
            [str(n) for n in self.numbers],
            None
            if st is None
            else [
                st.start,
                st.end,
                st.written,
                st.date.isoformat() if st.date else None,
                st.flag,
                st.scope.value,
            ],
            self.quote,
            self.identifier,
            self.malformed,
            self.title,
            self.quote_end,
        ]

    @classmethod
    def from_record(cls, rec: list) -> "SourceCitation":
        """The citation :meth:`to_record` wrote."""
        (syn, reg, a, b, text, line, col, toks, rngs, nums, st, q, ident, mal, title, qe) = rec
        parse = RuleNumber.parse
        return cls(
            Syntax(syn),
            Region(reg),
            a,
            b,
            text,
            line,
            col,
            tuple(
                NumberToken(
                    t[0], t[1], t[2], parse(t[3]) if t[3] else None, TokenForm(t[4]), len(t) > 5
                )
                for t in toks
            ),
            tuple((i, j) for i, j in rngs),
            tuple(parse(n) for n in nums),
            None
            if st is None
            else DateStamp(
                st[0],
                st[1],
                st[2],
                date.fromisoformat(st[3]) if st[3] else None,
                st[4],
                StampScope(st[5]),
            ),
            q,
            ident,
            mal,
            title,
            qe,
        )

    @property
    def weak(self) -> bool:
        """True for a syntax whose number must be a stored rule to count (:data:`WEAK_SYNTAXES`)."""
        return self.syntax in WEAK_SYNTAXES


# -- patterns --------------------------------------------------------------------------------
_NUM = r"[1-9]\d{2}\.\d{1,3}[a-z]{0,2}"  # a rule or subrule, the shape read without a keyword
_LOOSE_RE = re.compile(r"\d{2,4}(?:\.\d{1,4}[A-Za-z]{0,3})?(?![\d])")
_STRICT_RE = re.compile(r"\d{3}(?:\.\d{1,3}[a-z]{0,2})?(?![\dA-Za-z]|\.\d)")
_LETTER_RANGE = re.compile(r"(?:-|\u2013|\.\.)(?=[a-z](?![A-Za-z0-9]|[a-z][A-Za-z0-9]))")
_LETTERS_RE = re.compile(r"[a-z]{1,2}(?![A-Za-z0-9])")
_ALT = re.compile(r"[ \t]*/[ \t]*(?:CR[ \t]*)?(?=\d{3})|/(?=[a-z])")
_GAP = r"(?:[ \t]*\n)?[ \t]*"  # spaces, at most one comment line break
# The keyword patterns start with a literal, which the regex engine finds fast; the character
# before the keyword is checked by :func:`_word_before`.
_CR = re.compile(rf"CR(?P<sep>[ \t]*[:#][ \t]*|{_GAP})(?=\d)")
_CR_PLACEHOLDER = re.compile(
    rf"CR(?:[ \t]*[:#][ \t]*|{_GAP})(?P<ph>\d{{1,3}}(?:\.[xX?]+|[xX]{{1,2}}(?:\.[\dxX?]*)?"
    r"|\.\d{1,3}(?:\?+|X{1,2})))(?![A-Za-z0-9])"
)
_CR_DATE = re.compile(r"CR[ \t]+(?P<d>(?:19|20)\d\d-\d\d-\d\d)(?![\d-])")
_RULE_WORD = re.compile(rf"ules?{_GAP}(?=\d)")  # after R or r
_SEE_BEFORE = re.compile(rf"[Ss]ee{_GAP}\Z")
_SEE = re.compile(rf"ee(?:[ \t]+also)?{_GAP}(?={_NUM}(?![\dA-Za-z]))")  # after S or s
_TAGLET = re.compile(r"\{@mtg\.rule\s+(?=\d)")
_ANCHOR = re.compile(
    r"magic-rules/?(?:index\.html?)?#R(?P<a>(?P<sec>\d{3})(?P<rule>\d{0,3})"
    r"(?P<let>[a-z]{0,2}))(?![A-Za-z0-9])"
)
_STAMP = re.compile(
    r"^[ \t]*(?P<stamp>\d{8,9})(?:[ \t]*[-\u2013:][ \t]*(?=\d)|[ \t]+(?=\d{3}\.\d))", re.M
)
_STAMP_INLINE = re.compile(
    r"(?P<stamp>(?:19|20)\d{6})[ \t]*(?:[-\u2013:][ \t]*)?(?=" + _NUM + r"(?![\w]|\.\d))"
)
_BARE = re.compile(
    r"^[ \t]*(?P<box>(?:[-*+][ \t]+)?\[[ xX]\][ \t]*)?(?P<num>\d{3}\.\d{1,3}[a-z]{0,2})"
    r"(?P<dot>\.)?(?=[ \t:\-\u2013\u2014]|$)",
    re.M,
)
_PAREN = re.compile(rf"\((?=[ \t]*{_NUM}(?![\dA-Za-z])[^()\n]{{0,40}}\))")
_IN_TEXT = re.compile(rf"{_NUM}(?![\w]|\.\d)")
_NOT_BEFORE_NUMBER = frozenset("._$#/\\@'-")  # a version, a path, an address: not a citation
_IDENT = re.compile(
    r"(?P<num>(?P<sec>[1-9]\d{2})_(?P<rule>\d{1,3})(?P<let>[a-z]{1,2})?)(?![a-z0-9])"
)
_IDENT_TAIL = re.compile(r"[A-Za-z0-9_$]*")
_LIST_SEP = re.compile(rf"[ \t]*(?:\+|,|&|and|or)(?:{_GAP}CR(?:[ \t]*[:#])?)?{_GAP}(?=\d)")
_RULE_LIST_SEP = re.compile(rf"[ \t]*(?:,|&|and|or)(?:{_GAP}rules?)?{_GAP}(?=\d)")
_RANGE_SEP = re.compile(r"[ \t]*(?:\.\.|-|\u2013|\u2014|to\b|through\b)[ \t]*(?=\d)")
_QUOTE_LEAD = re.compile(r"^[ \t]*(?:\.|:|[-\u2013\u2014])[ \t]*")
_WORD = re.compile(r"[A-Za-z]{2,}")
_QUOTED = re.compile(r"\"[^\"\n]*\"|`[^`\n]*`|'[^'\n]*'")
# A heading beside a number: Title-Case words (short joining words allowed inside), ending
# at the end of the text or before a dash, colon, semicolon, full stop, comma or ``#`` (not
# before a parenthesis: "Cast (spells only) vs Play" is prose).
_TITLE_WORD = r"[A-Z][A-Za-z'\u2019-]*"
_JOIN = r"(?:of|and|the|to|a|an|from|in|with|on|for|or|as|into|up|one|at)"
_TITLE = re.compile(
    rf"(?P<t>{_TITLE_WORD}(?:[ \t]+(?:{_TITLE_WORD}|{_JOIN}(?=[ \t]+[A-Z])))*)"
    r"(?=[ \t]*(?:$|[\u2013\u2014:;.,#]|-[ \t]|[ \t]-|\d{3}\.))"
)
_TITLE_BEFORE = re.compile(
    rf"(?P<t>(?:{_TITLE_WORD}[ \t]+){{0,2}}[A-Za-z][A-Za-z'\u2019-]+)[ \t]*\(\Z"
)
_PLACEHOLDER_LETTERS = ("x", "xx")
# "702.37. Amplify 702.37a …": a number right after another number's heading
_AFTER_HEADING = re.compile(
    r"\d{3}\.\d{1,3}[a-z]{0,2}\.?[ \t]+[A-Z][\w'\u2019-]*(?:[ \t]+[\w'\u2019-]+){0,4}\Z"
)
# A list or table item's marks at a line's start ("- ", "* ", "| ", "1. "), and the next item
_ITEM_MARKS = re.compile(r"^[ \t]*(?:(?:[-*+>|#]|\d{1,2}\.(?=[ \t]))[ \t]*)*`*")
_NEXT_ITEM = re.compile(r"\n[ \t]*(?:[-+*|]|\d{1,2}\.)[ \t]")
# What closes a citation written in Markdown code or emphasis (`CR 722.4`, **702.4**)
_CLOSERS = re.compile(r"[`*_]*")
_SENTENCE_ENDS = (".", "!", "?", ":", "#", '"', "\u201d", "*", ">")
_LINE_SYNTAXES = frozenset(
    {Syntax.BARE_NUMBER, Syntax.PASTED_RULE, Syntax.CHECKLIST, Syntax.DATE_STAMP}
)
# After a leading citation: a full stop, colon or dash then a space, or a capital letter.
_LEAD = re.compile(
    r"(?:[.:][ \t]+|[ \t]*[-\u2013\u2014][ \t]+|[ \t]+)(?=[A-Z\"\u201c'(\[])|[.:]?[ \t]*$", re.M
)
_HTML_BREAK = re.compile(r"<(?:/?p|br|/?li|/?ul|/?ol|h\d)\b[^>\n]{0,20}>", re.I)
_HTML_TAG = re.compile(r"</?[A-Za-z][^>\n]{0,20}>")
_LINK = re.compile(r"\{@(?:link|code|linkplain)\s+([^}\n]{1,80})\}")
_DIGITS = re.compile(r"\d")


@functools.lru_cache(maxsize=8192)
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


_Tok = tuple[int, int, str, "RuleNumber | None", TokenForm]


@dataclass
class _Items:
    """What :func:`_read_items` read: tokens (joined-text offsets), ranges, end, problems."""

    tokens: list[_Tok]
    ranges: list[tuple[int, int]]
    end: int
    problems: list[str]


def _read_items(
    text: str, pos: int, lists: bool = True, loose: bool = False, list_sep: re.Pattern | None = None
) -> _Items:
    """Read ``item (sep item)*`` at ``pos`` of ``text``: an item is a number, then letter or
    number alternatives (``/f``, ``/602``, `` / 702.85a``) or a range end (``-b``, ``–h``,
    ``..704.5n``, `` – 613.7``). The first number may be any digits when ``loose`` (after
    ``CR``: a mistyped number is malformed, not ignored); every other number must look like a
    rule number (three digits first), so ``CR 704.5a - 2 players`` is not a range."""
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
        while True:  # alternatives: /f, /602, " / 702.85a"
            m = _ALT.match(text, end)
            if not m:
                break
            nxt = full(m.end()) if text[m.end() : m.end() + 1].isdigit() else letters(m.end())
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
    """Read stamp digits as a date.

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


@dataclass
class _Found:
    """A citation found: its joined-text start, where its quote would start, and the fields of
    its :class:`SourceCitation` (quote, title and block stamp are added last)."""

    a: int
    qfrom: int
    fields: dict


class _Reader:
    """One file's citations (see :func:`find_source_citations`)."""

    def __init__(self, text: str, family: Family) -> None:
        self.text = text
        self.family = family
        self.ct: CommentText = comment_text(text, family)
        self.region = Region.DOC if family is Family.DOC else Region.COMMENT
        self.found: list[_Found] = []
        self.taken: list[tuple[int, int]] = []  # joined-text spans already read, sorted
        self._lines: list[int] | None = None
        self._quoted: dict[int, list[tuple[int, int]]] = {}

    def where(self, offset: int) -> tuple[int, int]:
        if self._lines is None:
            self._lines = [0] + [m.end() for m in re.finditer("\n", self.text)]
        k = bisect.bisect_right(self._lines, offset) - 1
        return k + 1, offset - self._lines[k] + 1

    def free(self, a: int, b: int) -> bool:
        t = self.taken
        k = bisect.bisect_left(t, (b,))
        # spans starting before b: only the one with the largest end matters, and the spans
        # are disjoint, so it is the last of them
        return k == 0 or t[k - 1][1] <= a

    def add(
        self,
        syntax: Syntax,
        a: int,
        b: int,
        items: _Items | None,
        *,
        stamp: DateStamp | None = None,
        quote_from: int | None = None,
        title: str | None = None,
        problems: list[str] | None = None,
    ) -> None:
        """A citation at joined-text ``[a, b)``; its quote is read later from ``quote_from``."""
        ct = self.ct
        bisect.insort(self.taken, (a, b))
        tokens = tuple(
            NumberToken(
                ct.original(s),
                ct.original(e),
                w,
                n,
                f,
                f is not TokenForm.IDENTIFIER
                and n is not None
                and (n.letters or "") in _PLACEHOLDER_LETTERS,
            )
            for s, e, w, n, f in (items.tokens if items else [])
        )
        ranges = tuple(items.ranges) if items else ()
        numbers, why = _expand(list(tokens), list(ranges))
        probs = [*(items.problems if items else []), *(problems or []), *([why] if why else [])]
        start, end = ct.original(a), ct.original(b)
        line, col = self.where(start)
        self.found.append(
            _Found(
                a,
                b if quote_from is None else quote_from,
                dict(
                    syntax=syntax,
                    region=self.region,
                    start=start,
                    end=end,
                    text=self.text[start:end],
                    line=line,
                    column=col,
                    tokens=tokens,
                    ranges=ranges,
                    numbers=numbers,
                    stamp=stamp,
                    malformed="; ".join(probs),
                    title=title,
                ),
            )
        )

    def in_quotes(self, a: int) -> bool:
        """True when joined offset ``a`` is inside quotes or backticks on its line (an example
        written in a comment, not a citation)."""
        t = self.ct.text
        ls = t.rfind("\n", 0, a) + 1
        spans = self._quoted.get(ls)
        if spans is None:
            le = t.find("\n", a)
            spans = self._quoted[ls] = [
                m.span() for m in _QUOTED.finditer(t, ls, le if le >= 0 else len(t))
            ]
        return any(x < a < y for x, y in spans)

    # -- the syntaxes ----------------------------------------------------------------------
    def read(self) -> list[SourceCitation]:
        t = self.ct.text
        self.block_stamps: list[tuple[int, int, DateStamp]] = []
        if _DIGITS.search(t):
            self._read_keyworded(t)
        if self.family is not Family.DOC:
            self._identifiers()
        return self._finish()

    def _read_keyworded(self, t: str) -> None:
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
            if self.free(m.start(), m.end()):
                self.add(Syntax.YAWGATOG_ANCHOR, m.start(), m.end(), items)
        for m in _CR_DATE.finditer(t):
            if _word_before(t, m.start()):
                continue
            d = m.group("d")
            when = None
            try:
                when = date.fromisoformat(d)
            except ValueError:
                pass
            stop = t.find("\n\n", m.end())
            stamp = DateStamp(
                self.ct.original(m.start("d")),
                self.ct.original(m.end("d")),
                d,
                when,
                "" if when else f"{d}: not a date",
                StampScope.BLOCK,
            )
            self.block_stamps.append((m.end(), len(t) if stop < 0 else stop, stamp))
            bisect.insort(self.taken, (m.start(), m.end()))
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
            self.add(Syntax.CR_PREFIX, m.start(), end, items)
        for m in _RULE_WORD.finditer(t):
            a = m.start() - 1
            if a < 0 or t[a] not in "Rr" or _word_before(t, a) or not self.free(a, m.end() + 1):
                continue
            see = _SEE_BEFORE.search(t, max(0, a - 12), a)
            if see:
                a = see.start()
            items = _read_items(t, m.end(), list_sep=_RULE_LIST_SEP)
            if items.tokens and self.free(a, items.end):
                self.add(Syntax.RULE_WORD, a, items.end, items)
        for m in _SEE.finditer(t):
            a = m.start() - 1
            if a < 0 or t[a] not in "Ss" or _word_before(t, a) or not self.free(a, m.end() + 1):
                continue
            items = _read_items(t, m.end(), list_sep=_RULE_LIST_SEP)
            if items.tokens and self.free(a, items.end):
                self.add(Syntax.SEE, a, items.end, items)
        if self.family is not Family.DOC:
            for pattern in (_STAMP, _STAMP_INLINE):
                for m in pattern.finditer(t):
                    if pattern is _STAMP_INLINE and _glued(t, m.start()):
                        continue
                    items = _read_items(t, m.end())
                    if not items.tokens or not self.free(m.start("stamp"), items.end):
                        continue
                    sa, sb = m.span("stamp")
                    stamp = read_stamp(m.group("stamp"), self.ct.original(sa), self.ct.original(sb))
                    if pattern is _STAMP_INLINE and stamp.date is None:
                        continue
                    self.add(
                        Syntax.DATE_STAMP,
                        sa,
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
                if m.group("box"):
                    syntax = Syntax.CHECKLIST
                else:
                    rest = t[m.end() : t.find("\n", m.end())]
                    syntax = (
                        Syntax.PASTED_RULE if len(_WORD.findall(rest)) >= 3 else Syntax.BARE_NUMBER
                    )
                self.add(syntax, a, b, items, quote_from=m.end())
        for m in _PAREN.finditer(t):
            a = m.end()
            while t[a] in " \t":
                a += 1
            items = _read_items(t, a, list_sep=_RULE_LIST_SEP)
            close = t.find(")", items.end, items.end + 2)
            if not items.tokens or close < 0 or not self.free(m.start(), close + 1):
                continue
            if self.in_quotes(a):
                continue
            before = _TITLE_BEFORE.search(t, max(0, m.start() - 60), m.start() + 1)
            self.add(
                Syntax.PARENTHESISED,
                m.start(),
                close + 1,
                items,
                title=before.group("t") if before else None,
            )
        for m in _IN_TEXT.finditer(t):
            a, b = m.span()
            if _glued(t, a) or not self.free(a, b) or self.in_quotes(a):
                continue
            n, why = _number(m.group())
            if n is None:
                continue
            items = _Items([(a, b, m.group(), n, TokenForm.FULL)], [], b, [])
            self.add(Syntax.IN_TEXT, a, b, items)

    def _finish(self) -> list[SourceCitation]:
        """Quotes, titles and block stamps, then the citations in file order.

        A citation *leads* its text when the words after it are presented as the rule's own
        (a line starting with the number, ``CR 704.5a: …``, ``rule 114.4. A spell …``,
        ``702.37a Amplify is …``); its quote runs to the next leading citation or the end of
        the paragraph, so references inside pasted rule text (``… all objects (see rule 109)
        owned by …``) stay in the quote. Other citations (``see rule 609.7``, ``(613.10)``) have
        no quote."""
        t = self.ct.text
        found = self.found
        found.sort(key=lambda f: (f.fields["start"], f.fields["end"]))
        leads = [f for f in found if f.fields["region"] is not Region.CODE and self._leads(f)]
        starts = [f.a for f in leads]
        lead_ids = {id(f) for f in leads}
        blocks = self.block_stamps
        out: list[SourceCitation] = []
        for f in found:
            fields = f.fields
            if fields["region"] is not Region.CODE and fields["syntax"] is not Syntax.PLACEHOLDER:
                if id(f) in lead_ids:
                    k = bisect.bisect_right(starts, f.a)
                    quote, qe = self._quote(f.qfrom, starts[k] if k < len(starts) else len(t))
                    if quote:
                        fields["quote"] = quote
                        fields["quote_end"] = self.ct.original(qe)
                        if fields["title"] is None:
                            fields["title"] = _title_of(quote)
                if fields["stamp"] is None:
                    for s, e, bs in blocks:
                        if s <= f.a < e:
                            fields["stamp"] = bs
            out.append(SourceCitation(**fields))
        return out

    def _leads(self, f: "_Found") -> bool:
        """True when the text after a citation is presented as the rule's own (see
        :meth:`_finish`)."""
        syntax = f.fields["syntax"]
        if syntax in _LINE_SYNTAXES:
            return True
        if syntax not in (Syntax.CR_PREFIX, Syntax.RULE_WORD, Syntax.IN_TEXT):
            return False
        if syntax is Syntax.RULE_WORD and f.fields["text"][:1] in "Ss":
            return False  # "See rule 609.7"
        t, after = self.ct.text, f.qfrom
        if after and t[after - 1 : after] == "(":
            return False
        after = _end(_CLOSERS.match(t, after), after)  # `CR 722.4` — … in Markdown
        m = _LEAD.match(t, after)
        if m is None:
            return False
        # where the citation starts: a line's start or a sentence's end leads its text;
        # "an exception to rule 113.8. The full text …" is a reference inside a sentence
        line_start = t.rfind("\n", 0, f.a) + 1
        before = _ITEM_MARKS.sub("", t[line_start : f.a].rstrip())
        if not before or before.endswith(_SENTENCE_ENDS) or _AFTER_HEADING.search(before):
            return True
        return ":" in m.group() or any(d in m.group() for d in "-\u2013\u2014")

    def _quote(self, start: int, limit: int) -> tuple[str | None, int]:
        """The text after a citation — up to ``limit`` (the next leading citation), the end
        of the comment paragraph, an HTML paragraph or line break, or 600 characters — and
        where it ends (joined offset)."""
        t = self.ct.text
        stop = t.find("\n\n", start, limit)
        stop = limit if stop < 0 else stop
        stop = min(stop, start + 900)
        brk = _HTML_BREAK.search(t, start, stop)
        if brk:
            stop = brk.start()
        item = _NEXT_ITEM.search(t, start, stop)  # the next item of a Markdown list or table
        if item:
            stop = item.start()
        seg = t[_end(_CLOSERS.match(t, start, stop), start) : stop]
        m = _QUOTE_LEAD.match(seg)
        if m:
            seg = seg[m.end() :]
        if "<" in seg or "{@" in seg:
            seg = _HTML_TAG.sub(" ", _LINK.sub(r"\1", seg))
        quote = " ".join(seg.split())[:600]
        return (quote if _WORD.search(quote) else None), stop

    def _identifiers(self) -> None:
        """Identifiers holding a rule number (``stateBasedAction704_5r``): the number is
        looked for first (digits are rare in code, so the scan is fast), then the identifier
        around it, which must have a letter right before the number."""
        text, in_code = self.text, self.ct.in_code
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
            line, col = self.where(ws)
            self.found.append(
                _Found(
                    -1,
                    -1,
                    dict(
                        syntax=Syntax.IDENTIFIER,
                        region=Region.CODE,
                        start=ws,
                        end=we,
                        text=ident,
                        line=line,
                        column=col,
                        tokens=(tok,),
                        numbers=(n,) if n else (),
                        identifier=ident,
                        malformed=why,
                    ),
                )
            )


def _end(m: re.Match | None, default: int) -> int:
    """Where match ``m`` ends, else ``default``."""
    return m.end() if m is not None else default


def _title_of(quote: str | None) -> str | None:
    """The heading a quote starts with (``Poisonous``, ``Tap and Untap``, ``Trample`` of
    ``Trample — …``), at most five words; ``None`` when it starts with a sentence."""
    if not quote:
        return None
    m = _TITLE.match(quote)
    if not m:
        return None
    title = m.group("t")
    return title if len(title.split()) <= 5 else None


def _glued(text: str, at: int) -> bool:
    """True when the number at ``text[at]`` continues a word, a dotted version, a path or an
    address (``v1.702.5``, ``a/702.5``): then it is no citation."""
    if at == 0:
        return False
    ch = text[at - 1]
    return ch.isalnum() or ch in _NOT_BEFORE_NUMBER


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
        ``pasted-rule``, ``checklist``) are not read, since a list of rules there is not a
        citation. Nothing is raised: a citation that is not a rule number is returned with
        ``malformed`` set.

    >>> [c.syntax.value for c in find_source_citations("// CR 704.5a: lose\\nint a = 0.5;", Family.C)]
    ['cr-prefix']
    """
    return _Reader(text, family).read()
