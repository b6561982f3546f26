"""Rule numbers of the Comprehensive Rules as a value type.

A rule number names one node of the rule tree:

* a *section* ``712`` (written ``712.`` in the files),
* a *rule* ``712.8`` (written ``712.8.``),
* a *subrule* ``712.8e`` (written ``712.8e``; one official file writes ``119.1d.``).

Subrule letters skip ``l`` and ``o`` (so ``k`` is followed by ``m``, ``n`` by ``p``);
two-letter subrules (``aa``) are accepted even though no official release up to
2026-04-17 has one. Chapters (``7.``) are not rule numbers; use :attr:`RuleNumber.chapter`.

Format knowledge: every official English release 2003-03-15 … 2026-01-16 (both the pre-2009
numbering and the current one use these shapes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering

_new = object.__new__

__all__ = [
    "RuleNumber",
    "SUBRULE_LETTERS",
    "next_letters",
    "letters_index",
    "SET_LETTERS",
    "SET_RULE",
    "SET_SECTION",
]

#: Subrule letters in publication order (``l`` and ``o`` are never used: they look like 1 and 0).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"

_PATTERN = re.compile(r"^\s*(\d{3})\s*(?:\.\s*(?:(\d{1,3})([a-z]{1,2})?\.?)?)?\s*$")
#: The canonical written form, ASCII only (``712``, ``712.8``, ``712.8e``): read without the
#: general pattern, the full-width translation and the range checks (all true of it).
_CANONICAL = re.compile(r"([1-9][0-9][0-9])(?:\.([0-9]{1,3})([a-z]{1,2})?)?")
_FULLWIDTH = str.maketrans(
    "０１２３４５６７８９．ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ",
    "0123456789.abcdefghijklmnopqrstuvwxyz",
)


def letters_index(letters: str) -> int:
    """Return the 0-based position of subrule letters in publication order.

    ``"a"`` → 0, ``"k"`` → 10, ``"m"`` → 11 (``l`` is skipped), ``"z"`` → 23, ``"aa"`` → 24.

    Raises:
        ValueError: not one or two of the letters in :data:`SUBRULE_LETTERS` (``l`` and ``o``
            are never used by official files).
    """
    seq = SUBRULE_LETTERS
    if not 1 <= len(letters) <= 2 or any(ch not in seq for ch in letters):
        raise ValueError(f"not subrule letters: {letters!r}")
    if len(letters) == 1:
        return seq.index(letters)
    return len(seq) * (1 + seq.index(letters[0])) + seq.index(letters[1])


def next_letters(letters: str | None) -> str:
    """Return the subrule letters that follow ``letters`` (``None`` → ``"a"``).

    ``"k"`` → ``"m"``, ``"z"`` → ``"aa"``, ``"az"`` → ``"ba"``.
    """
    if not letters:
        return "a"
    seq = SUBRULE_LETTERS
    if len(letters) == 1:
        i = seq.find(letters)
        return seq[i + 1] if 0 <= i < len(seq) - 1 else "aa"
    first, second = letters[0], letters[1]
    j = seq.find(second)
    if 0 <= j < len(seq) - 1:
        return first + seq[j + 1]
    return seq[seq.find(first) + 1] + "a"


@total_ordering
@dataclass(frozen=True, slots=True)
class RuleNumber:
    """One rule number: ``section`` (100–999), optional ``rule`` (≥ 1) and subrule ``letters``.

    Instances are hashable, compare numerically (702.9 < 702.10 < 702.100 < 702.140a) and
    ``str()`` gives the canonical written form without a trailing dot (``"712.8e"``,
    ``"712.8"``, ``"712"``).
    """

    section: int
    rule: int | None = None
    letters: str | None = None

    def __post_init__(self) -> None:
        if not 100 <= self.section <= 999:
            raise ValueError(f"section must be between 100 and 999, inclusive: {self.section}")
        if self.rule is not None and self.rule < 0:
            raise ValueError(f"rule must be a non-negative integer: {self.rule}")
        if self.letters is not None:
            if self.rule is None:
                raise ValueError("subrule letters need a rule number")
            if not (
                1 <= len(self.letters) <= 2
                and self.letters.isascii()
                and self.letters.isalpha()
                and self.letters.islower()
            ):
                raise ValueError(f"subrule letters must be one or two of a-z: {self.letters!r}")

    # -- construction -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "RuleNumber":
        """Parse ``"712.8e"``, ``"712.8e."``, ``"712.8"``, ``"712.8."``, ``"712"``, ``"712."``.

        Full-width digits, dot and letters (``７１２．８ｅ``) are accepted.

        Raises:
            ValueError: the text is not a rule number (the message quotes it).
        """
        m = _CANONICAL.fullmatch(text)
        if m:  # the common case (references, store keys): the same value, several times faster
            section, rule, letters = m.groups()
            return cls.trusted(int(section), int(rule) if rule is not None else None, letters)
        m = _PATTERN.match(text.translate(_FULLWIDTH))
        if not m:
            raise ValueError(f"not a rule number: {text!r}")
        section, rule, letters = m.groups()
        return cls(int(section), int(rule) if rule is not None else None, letters or None)

    @classmethod
    def trusted(
        cls, section: int, rule: int | None = None, letters: str | None = None
    ) -> "RuleNumber":
        """Build a number without validating it, for parsers whose pattern already guarantees
        the ranges (section 100–999, rule 0–999, one or two lowercase letters). Equal to
        ``RuleNumber(section, rule, letters)`` for such values; about twice as fast (the CR
        text parser builds one per rule line)."""
        obj = _new(cls)
        SET_SECTION(obj, section)
        SET_RULE(obj, rule)
        SET_LETTERS(obj, letters)
        return obj

    @classmethod
    def try_parse(cls, text: str) -> "RuleNumber | None":
        """Like :meth:`parse` but return ``None`` instead of raising."""
        try:
            return cls.parse(text)
        except ValueError:
            return None

    # -- properties -----------------------------------------------------------------------
    @property
    def kind(self) -> str:
        """``"section"``, ``"rule"`` or ``"subrule"``."""
        if self.rule is None:
            return "section"
        return "rule" if self.letters is None else "subrule"

    @property
    def chapter(self) -> int:
        """The chapter (1–9) the number belongs to: ``712`` → 7."""
        return self.section // 100

    @property
    def parent(self) -> "RuleNumber | None":
        """The number one level up: 712.8e → 712.8 → 712 → ``None``."""
        if self.letters is not None:
            return RuleNumber(self.section, self.rule)
        if self.rule is not None:
            return RuleNumber(self.section)
        return None

    @property
    def sort_key(self) -> tuple[int, int, int, str]:
        """A tuple that orders numbers as the document does: (section, rule, letter count, letters).

        Alphabetical order of the letters equals publication order (skipping l and o does not
        reorder), and every two-letter subrule follows every one-letter one.
        """
        return (
            self.section,
            -1 if self.rule is None else self.rule,
            0 if self.letters is None else len(self.letters),
            self.letters or "",
        )

    # -- relations ------------------------------------------------------------------------
    def is_ancestor_of(self, other: "RuleNumber") -> bool:
        """True if ``other`` lies strictly below this number in the tree.

        Boundaries are respected: 120.4 is an ancestor of 120.4a but not of 120.40; 702.1 is not
        an ancestor of 702.10.
        """
        if other.section != self.section or other == self:
            return False
        if self.rule is None:
            return other.rule is not None
        return self.letters is None and other.rule == self.rule and other.letters is not None

    def contains(self, other: "RuleNumber") -> bool:
        """True if ``other`` is this number or lies below it."""
        return other == self or self.is_ancestor_of(other)

    def child(self, part: int | str) -> "RuleNumber":
        """The child with rule number ``part`` (of a section) or letters ``part`` (of a rule).

        Raises:
            ValueError: this is a subrule (it has no children).
        """
        if self.rule is None:
            return RuleNumber(self.section, int(part))
        if self.letters is None:
            return RuleNumber(self.section, self.rule, str(part))
        raise ValueError(f"a subrule has no children: {self}")

    # -- dunder ---------------------------------------------------------------------------
    def __str__(self) -> str:
        if self.rule is None:
            return str(self.section)
        return f"{self.section}.{self.rule}{self.letters or ''}"

    def __repr__(self) -> str:
        return f"RuleNumber({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, RuleNumber):
            return NotImplemented
        return self.sort_key < other.sort_key

    @property
    def written(self) -> str:
        """The form official files use in headings: ``"712."``, ``"712.8."``, ``"712.8e"``."""
        return f"{self}." if self.letters is None else str(self)


#: The slot setters of a :class:`RuleNumber` (frozen): faster than ``object.__setattr__`` by
#: name, for :meth:`RuleNumber.trusted` and parsers that build one per rule line.
SET_SECTION, SET_RULE, SET_LETTERS = (
    RuleNumber.__dict__[f].__set__ for f in ("section", "rule", "letters")
)
