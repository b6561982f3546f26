"""How lossy a copy of a release is: characters it lost, found on its decoded text with line numbers.

Second-hand copies of a CR file (a text archive, a normalised edition) and a few official
files lost characters on the way. Three marks are recognised (checked on the files described
in ``../shared/corpus/SOURCES.md``):

* :attr:`LossKind.REPLACEMENT` — U+FFFD, a byte the copier could not decode (the archive copies
  of 2001-07-23 and 2002-02-20 print it where ®, ™ and dashes were; archive 2010-02-01 has two
  where the official file has curly quotes);
* :attr:`LossKind.QUESTION_MARK` — ``?`` standing for a quote mark, an apostrophe or a dash
  (official 2008-05-01 prints ``who?ve`` and ``?Infinite?`` for every curly quote; 2009-05-01
  ``cards?even`` for an em dash). Counted: ``?`` between two letters, ``?`` opening a word
  after a space or bracket, ``?`` right after ``.``/``,``/``!``, and ``?`` after a word when a
  ``?`` opened a quote before it on the line; never inside a web address
  (``default.asp?x=magic``) and never a lone ``?`` after a word (``Is it?``): those are real
  question marks;
* :attr:`LossKind.LOST_MARK` — a lost ® or ™ after *Magic* or *Magic: The Gathering*: U+FFFD or
  ``?`` glued to the name (``Gathering\ufffd``, ``Magic?``), or a stray ``r`` (``Gatheringr``).
  Such a U+FFFD is counted here, not as :attr:`LossKind.REPLACEMENT`.

Known characters written another way (``(R)``, ``(tm)``, straight quotes) are not losses: the
text still says what was printed. :func:`assess_text` is pure and linear in the text's length.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

__all__ = ["LossKind", "LossyMark", "CopyQuality", "assess_text", "assess_lines"]

#: How many line numbers a :class:`LossyMark` keeps (the count is always exact).
MAX_LINES = 50


class LossKind(enum.Enum):
    """A kind of character a copy lost (see the module docstring)."""

    REPLACEMENT = "replacement-char"
    QUESTION_MARK = "question-mark"
    LOST_MARK = "lost-mark"

    @property
    def describe(self) -> str:
        """Short English phrase for messages (``"U+FFFD"``)."""
        return {
            LossKind.REPLACEMENT: "U+FFFD",
            LossKind.QUESTION_MARK: "'?' for a quote mark, apostrophe or dash",
            LossKind.LOST_MARK: "lost ®/™",
        }[self]


@dataclass(frozen=True)
class LossyMark:
    """One kind of loss in one copy.

    Attributes:
        kind: what was lost.
        count: how many characters (exact).
        lines: the 1-based line numbers where they are (first :data:`MAX_LINES` distinct lines,
            ascending).
    """

    kind: LossKind
    count: int
    lines: tuple[int, ...]

    def __str__(self) -> str:
        shown = ", ".join(map(str, self.lines[:8]))
        more = (
            " …"
            if len(self.lines) > 8 or self.count > len(self.lines) and len(self.lines) >= MAX_LINES
            else ""
        )
        where = "line" if len(self.lines) == 1 else "lines"
        return f"{self.count} {self.kind.describe} ({where} {shown}{more})"


@dataclass(frozen=True)
class CopyQuality:
    """The losses found in one copy; an empty :attr:`marks` means none was found."""

    marks: tuple[LossyMark, ...] = field(default_factory=tuple)

    @property
    def lossy(self) -> bool:
        """True when any character was lost."""
        return bool(self.marks)

    @property
    def total(self) -> int:
        """Characters lost, all kinds together (the "cleaner copy" compares this)."""
        return sum(m.count for m in self.marks)

    def flags(self) -> list[str]:
        """The kinds found, as their names (``["replacement-char"]``); ``[]`` when clean."""
        return [m.kind.value for m in self.marks]

    def summary(self) -> str:
        """``"lossy: 2 U+FFFD (lines 865, 2001)"`` or ``"clean"``."""
        return "lossy: " + "; ".join(map(str, self.marks)) if self.marks else "clean"

    def to_json(self) -> list[dict[str, Any]]:
        """``[{"kind": "replacement-char", "count": 2, "lines": [865, 2001]}, …]``."""
        return [
            {"kind": m.kind.value, "count": m.count, "lines": list(m.lines)} for m in self.marks
        ]

    @classmethod
    def from_json(cls, data: Iterable[dict[str, Any]] | None) -> "CopyQuality":
        """Read :meth:`to_json` output back (``None`` → clean)."""
        return cls(
            tuple(
                LossyMark(LossKind(d["kind"]), int(d["count"]), tuple(d["lines"]))
                for d in data or ()
            )
        )


_LETTER = "A-Za-z\u00c0-\u024f"


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """``(name mark, question mark, address)`` patterns, compiled on first use (the store
    imports this module for every command; only ingest assesses a text)."""
    name_mark = re.compile(r"\b(?:Magic: The Gathering|Magic)(?:\ufffd|\?|r\b)")
    question = re.compile(
        rf"(?P<inner>(?<=[{_LETTER}])\?(?=[{_LETTER}]))"  # who?ve, cards?even
        rf"|(?P<open>(?:(?<=^)|(?<=[\s(\[]))\?(?=[{_LETTER}0-9]))"  # ?Infinite
        r"|(?P<punct>(?<=[.,!])\?)"  # loops.?
        rf"|(?P<close>(?<=[{_LETTER}0-9])\?)"
    )  # Infinite? (after an open one)
    address = re.compile(r"\S*(?:www\.|https?:|\.aspx?\b|\.com\b|\.php\b)\S*", re.I)
    return name_mark, question, address


def assess_lines(lines: Iterable[str]) -> CopyQuality:
    """The losses in a text given as lines (``lines[i]`` is line ``i + 1``).

    Returns:
        A :class:`CopyQuality` with one :class:`LossyMark` per kind found, in the order of
        :class:`LossKind`.
    """
    name_mark, question_mark, address = _patterns()
    counts = {k: 0 for k in LossKind}
    where: dict[LossKind, list[int]] = {k: [] for k in LossKind}

    def hit(kind: LossKind, n: int, lineno: int) -> None:
        counts[kind] += n
        if len(where[kind]) < MAX_LINES and (not where[kind] or where[kind][-1] != lineno):
            where[kind].append(lineno)

    for i, line in enumerate(lines, 1):
        if "\ufffd" not in line and "?" not in line and "Magic" not in line:
            continue
        names = [m.span() for m in name_mark.finditer(line)]
        if names:
            hit(LossKind.LOST_MARK, len(names), i)
        marked = {e - 1 for _, e in names}
        fffd = sum(1 for j, ch in enumerate(line) if ch == "\ufffd" and j not in marked)
        if fffd:
            hit(LossKind.REPLACEMENT, fffd, i)
        if "?" in line:
            addresses = [m.span() for m in address.finditer(line)]
            q = opened = 0
            for m in question_mark.finditer(line):
                if m.start() in marked or any(a <= m.start() < b for a, b in addresses):
                    continue
                if m.lastgroup == "open":
                    opened += 1
                elif m.lastgroup == "close":  # a real question mark unless a '?' opened a quote
                    if not opened:
                        continue
                    opened -= 1
                q += 1
            if q:
                hit(LossKind.QUESTION_MARK, q, i)
    return CopyQuality(
        tuple(LossyMark(k, counts[k], tuple(where[k])) for k in LossKind if counts[k])
    )


def assess_text(text: str) -> CopyQuality:
    """The losses in ``text`` (line breaks CRLF, CR or LF, as :func:`mtgcr.corpus.decode.split_lines`).

    >>> assess_text("A player who?s\\nMagic: The Gathering\\ufffd rules").summary()
    "lossy: 1 '?' for a quote mark, apostrophe or dash (line 1); 1 lost ®/™ (line 2)"
    """
    from mtgcr.corpus.decode import split_lines

    return assess_lines(split_lines(text))
