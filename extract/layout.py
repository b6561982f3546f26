"""How a parsed release was printed: each source line as slices of the model's text.

A parser that keeps a :class:`Layout` lets a :class:`~mtgcr.extract.model.Ruleset` render back
to its source lines (the mwparserfromhell habit, ``str(parse(text)) == text``):
:func:`render_lines` rebuilds every line from the model — a rule line is its printed number
form (``"712.8e "``, ``"606. 8b "``, ``"702.189. 702.189. "``) followed by a slice of
:attr:`Rule.text`; a continuation line is the next slice; a hard-wrapped paragraph is cut back
where it was joined. Only what the model does not hold is kept as printed text of its own
(:class:`LineRole`: blank lines, the contents, the fixed headings, date statements, and lines
the parser reported and left out). So the round trip is also the proof that the model dropped
nothing: a rule text that lost a word renders a line that differs from its source.

The layout lives in memory with the parse (the store keeps the decoded text of every document,
not the layout): a ruleset read back from the store has ``layout=None``. It describes the model
as parsed: slices keep their bounds, so after an edit that changes the length of a field, the
lines of that field no longer line up (render before editing, or parse again).

Format knowledge: the line-structured CR text files (:mod:`mtgcr.extract.formats.cr_text`),
checked by rendering the 112 official EN files 2003-03-15 … 2026-01-16.
"""

from __future__ import annotations

from array import array
from enum import StrEnum
from typing import Any, NamedTuple
from mtgcr.errors import BadArgument

__all__ = ["LineRole", "Slice", "SourceLine", "Layout", "Unsourced", "render_lines", "LayoutError"]


class LayoutError(BadArgument):
    """The ruleset has no layout (it was read from the store, or its parser keeps none)."""


class LineRole(StrEnum):
    """What a source line is. The first group renders from the model; the second is printed
    text the model does not hold (kept as it was printed)."""

    TITLE = "title"
    INTRODUCTION = "introduction"
    CHAPTER = "chapter"
    SECTION = "section"
    RULE = "rule"
    EXAMPLE = "example"
    GLOSSARY = "glossary"
    CREDITS = "credits"
    # -- printed text the model does not hold --
    BLANK = "blank"  #: empty or only whitespace
    CONTENTS = "contents"  #: the contents list (every heading repeated) and its heading
    HEADING = "heading"  #: the fixed "Glossary" / "Credits" headings of the body
    DATE = "date"  #: an effective-date statement (the model keeps the date, not its wording)
    IGNORED = "ignored"  #: a line the parser reported (a warning at that line) and left out
    INDEX = "index"  #: an index printed after the glossary (a term and its rules per line)

    @property
    def from_model(self) -> bool:
        """True when lines of this role render from the model's text."""
        return self in _FROM_MODEL


_FROM_MODEL = frozenset(
    {
        LineRole.TITLE,
        LineRole.INTRODUCTION,
        LineRole.CHAPTER,
        LineRole.SECTION,
        LineRole.RULE,
        LineRole.EXAMPLE,
        LineRole.GLOSSARY,
        LineRole.CREDITS,
    }
)


class Slice(NamedTuple):
    """Characters ``start`` (inclusive) to ``end`` (exclusive) of one text field of a model
    object: ``getattr(target, attr)[start:end]`` — e.g. the second paragraph of a rule's text.
    (A named tuple: a parse builds one per line.)"""

    target: Any
    attr: str
    start: int
    end: int

    def text(self) -> str:
        """The characters of the field, as the model holds them now."""
        return getattr(self.target, self.attr)[self.start : self.end]

    def __repr__(self) -> str:
        return f"Slice({type(self.target).__name__}.{self.attr}[{self.start}:{self.end}])"


class SourceLine(NamedTuple):
    """One source line: its role and its parts, printed text (``str``) and model slices."""

    role: LineRole
    parts: tuple[str | Slice, ...]

    def render(self) -> str:
        """The line as the model renders it (no line break)."""
        return "".join(p if isinstance(p, str) else p.text() for p in self.parts)


class Unsourced(NamedTuple):
    """Text of a model field that no source line shows (:meth:`Layout.unsourced`)."""

    target: Any
    attr: str
    start: int
    text: str


#: The model fields a slice can name, by code (a layout stores the code per line).
_ATTRS = ("text", "title", "heading", "introduction", "credits")
_ATTR_CODE = {a: k for k, a in enumerate(_ATTRS)}
_ROLES = tuple(LineRole)
_ROLE_CODE = {r: k for k, r in enumerate(_ROLES)}
_PRINTED = _ROLE_CODE[LineRole.IGNORED]  # a line not yet laid out is kept as printed


class Layout:
    """The printed form of every line of a document, in order (line ``i + 1`` is index ``i``).

    Built by a parser with :meth:`put` (a model slice between printed text) and
    :meth:`put_printed` (a line the model does not hold); read with :meth:`line`,
    :meth:`render` and :meth:`roles`. Stored compactly — a role and field code per line, the
    slice bounds in arrays — because a parse lays out every line of a 10,000-line file: the
    per-line objects of :attr:`lines` are built only when asked for.

    Args:
        source_lines: the decoded lines (:attr:`mtgcr.corpus.document.Document.lines`: split
            on CRLF, CR and LF); printed-text lines are these strings, shared, not copied.
    """

    __slots__ = ("_src", "_role", "_target", "_attr", "_start", "_end", "_lead", "_trail", "_multi")

    def __init__(self, source_lines: list[str]) -> None:
        n = len(source_lines)
        self._src = source_lines
        self._role = bytearray([_PRINTED]) * n
        self._target: list[Any] = [None] * n
        self._attr = bytearray(n)
        self._start = array("q", bytes(8 * n))
        self._end = array("q", bytes(8 * n))
        self._lead: list[str] = [""] * n
        self._trail: list[str] = [""] * n
        self._multi: dict[int, tuple[str | Slice, ...]] = {}  # lines of several slices

    def __len__(self) -> int:
        return len(self._src)

    def put(
        self,
        i: int,
        role: LineRole,
        lead: str,
        target: Any,
        attr: str,
        start: int,
        end: int,
        trail: str = "",
    ) -> None:
        """Line ``i`` (0-based) is ``lead + getattr(target, attr)[start:end] + trail``.

        Raises:
            KeyError: ``attr`` is not a field a slice can name (``text``, ``title``,
                ``heading``, ``introduction``, ``credits``).
        """
        self._role[i] = _ROLE_CODE[role]
        self._target[i] = target
        self._attr[i] = _ATTR_CODE[attr]
        self._start[i] = start
        self._end[i] = end
        self._lead[i] = lead
        self._trail[i] = trail

    def put_text(self, i: int, role: LineRole, lead: str, target: Any, end: int) -> None:
        """Line ``i``, not laid out before, is ``lead + target.text[:end]`` — :meth:`put` for
        the usual line (a rule's number and its first paragraph), storing only what differs
        from a fresh line (field ``text``, start 0, no trailing text)."""
        self._role[i] = _ROLE_CODE[role]
        self._target[i] = target
        self._end[i] = end
        self._lead[i] = lead

    def put_parts(self, i: int, role: LineRole, parts: tuple[str | Slice, ...]) -> None:
        """Line ``i`` is the concatenation of ``parts`` (printed text and several slices: a
        glossary headword glued to its sense 1)."""
        self.put_printed(i, role)
        self._multi[i] = parts

    def put_printed(self, i: int, role: LineRole) -> None:
        """Line ``i`` is printed text the model does not hold (``role`` says which)."""
        self._role[i] = _ROLE_CODE[role]
        self._target[i] = None
        self._multi.pop(i, None)

    def put_blank_lines(self) -> int:
        """Give every line that is empty or only whitespace the role ``BLANK`` (in one pass at
        C speed, before a parser lays out the rest: a parser never lays out a blank line).

        Returns:
            How many lines are blank.
        """
        filled = bytearray(map(bool, map(str.strip, self._src)))  # 1: text, 0: blank
        blank = _ROLE_CODE[LineRole.BLANK]
        if (
            self._role.count(_PRINTED) == len(self._role)
            and not self._multi
            and self._target.count(None) == len(self._target)
        ):  # nothing laid out yet
            self._role = filled.translate(bytes([blank, _PRINTED]) + bytes(254))
        else:
            i = filled.find(0)
            while i >= 0:
                if not self.is_set(i):
                    self._role[i] = blank
                i = filled.find(0, i + 1)
        return len(filled) - sum(filled)

    def unset(self) -> list[int]:
        """The lines not laid out yet (see :meth:`is_set`), in order."""
        roles, target, multi = self._role, self._target, self._multi
        out = []
        i = roles.find(_PRINTED)
        while i >= 0:
            if target[i] is None and i not in multi:
                out.append(i)
            i = roles.find(_PRINTED, i + 1)
        return out

    def is_set(self, i: int) -> bool:
        """True once line ``i`` was laid out (by :meth:`put`, :meth:`put_parts`, or
        :meth:`put_printed` with a role other than ``IGNORED``)."""
        return self._target[i] is not None or self._role[i] != _PRINTED or i in self._multi

    def line(self, i: int) -> SourceLine:
        """The :class:`SourceLine` of line ``i`` (0-based)."""
        role = _ROLES[self._role[i]]
        if i in self._multi:
            return SourceLine(role, self._multi[i])
        target = self._target[i]
        if target is None:
            return SourceLine(role, (self._src[i],))
        parts = (
            self._lead[i],
            Slice(target, _ATTRS[self._attr[i]], self._start[i], self._end[i]),
            self._trail[i],
        )
        return SourceLine(role, tuple(p for p in parts if not isinstance(p, str) or p))

    @property
    def lines(self) -> list[SourceLine]:
        """Every line as a :class:`SourceLine` (built on each access)."""
        return [self.line(i) for i in range(len(self._src))]

    def render(self) -> list[str]:
        """Every line rebuilt from the model (printed-text lines as printed)."""
        out = []
        src, tgt, attr, st, en, lead, trail = (
            self._src,
            self._target,
            self._attr,
            self._start,
            self._end,
            self._lead,
            self._trail,
        )
        multi = self._multi
        for i in range(len(src)):
            t = tgt[i]
            if t is not None:
                out.append(lead[i] + getattr(t, _ATTRS[attr[i]])[st[i] : en[i]] + trail[i])
            elif i in multi:
                out.append("".join(p if isinstance(p, str) else p.text() for p in multi[i]))
            else:
                out.append(src[i])
        return out

    def slices(self) -> list[Slice]:
        """Every model slice of the layout, in line order."""
        out: list[Slice] = []
        for i in range(len(self._src)):
            if i in self._multi:
                out += [p for p in self._multi[i] if not isinstance(p, str)]
            elif self._target[i] is not None:
                out.append(
                    Slice(self._target[i], _ATTRS[self._attr[i]], self._start[i], self._end[i])
                )
        return out

    def unsourced(self) -> list[Unsourced]:
        """Text of the model that no source line shows: for every model field a slice names,
        each stretch no slice covers that is not a line separator (``"\\n"``, one more per
        blank line inside an introduction or credits block; in a hard-wrapped file ``" "``
        where lines were joined). Empty when the model holds only what the source prints —
        the other half of the round trip.

        Returns:
            ``[Unsourced]``, in the order the fields first appear.
        """
        spans: dict[tuple[int, str], tuple[Any, list[tuple[int, int]]]] = {}
        for sl in self.slices():
            spans.setdefault((id(sl.target), sl.attr), (sl.target, []))[1].append(
                (sl.start, sl.end)
            )
        out: list[Unsourced] = []
        for (_, attr), (target, ranges) in spans.items():
            text = getattr(target, attr)
            pos = 0
            for a, b in sorted(ranges) + [(len(text), len(text))]:
                gap = text[pos:a]
                if a > pos and gap != " " and gap.strip("\n"):
                    out.append(Unsourced(target, attr, pos, text[pos:a]))
                pos = max(pos, b)
        return out

    def roles(self) -> dict[LineRole, int]:
        """How many lines have each role."""
        out: dict[LineRole, int] = {}
        for code in self._role:
            out[_ROLES[code]] = out.get(_ROLES[code], 0) + 1
        return out


def render_lines(ruleset: Any) -> list[str]:
    """The source lines of a parsed release, rebuilt from its model and layout.

    Args:
        ruleset: a :class:`~mtgcr.extract.model.Ruleset` whose parser kept a layout.

    Returns:
        One string per source line (without line endings); equal to the decoded source's lines
        where the parser kept everything it read.

    Raises:
        LayoutError: the ruleset has no layout (read back from the store, or from a parser
            that keeps none).
    """
    layout = getattr(ruleset, "layout", None)
    if layout is None:
        raise LayoutError(
            f"{ruleset.source}: no layout kept for this ruleset (only a ruleset "
            f"parsed from a CR text file renders back to its lines)"
        )
    return layout.render()
