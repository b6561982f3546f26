"""Text tables that stay readable at any terminal width, 80 columns included.

A :class:`FitTable` is a rich renderable that lays itself out when printed, for the width it
is given:

1. as a boxed table, if every column fits at its minimum width: a column of single tokens
   (dates ``2023-11-17``, labels ``20231117.0``, rule numbers ``702.19b``, counts, lineage ids)
   never wraps, so no such token is ever split; a column of running text (notes, evidence,
   warnings) wraps between words, and a word longer than :data:`MAX_WORD` (a URL) is folded;
2. else as a borderless table (no vertical rules, two spaces between columns), which saves
   about two columns per column;
3. else as records: each row a line naming it by its first cells (``zh 2022-06-10
   20220610``), then ``header: value`` pairs joined by `` · `` and wrapped between pairs, so
   even ten numeric columns read at 40 columns.

Headers are never split either: a header word sets its column's minimum width.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # rich is imported when a table is rendered by it (not for plain_lines)
    from rich.console import ConsoleOptions, RenderResult
    from rich.table import Table
    from rich.text import Text

__all__ = ["FitTable", "MAX_WORD"]

#: A word of running text longer than this (characters) may be folded (URLs, long paths).
MAX_WORD = 24
#: Records name a row by its leading token cells while they take at most this many columns.
_KEY_WIDTH = 28
#: When space is short, a wrapping column's claim on the space left is counted up to this
#: width, so one long text column does not starve the others.
_SHARE_CAP = 40


def _plain(cell: str) -> str:
    """The text a cell shows (cells may carry rich markup, escaped by the caller)."""
    from mtgcr.cli.plain import plain_text

    shown = plain_text(cell)
    if shown is not None:
        return shown
    from rich.text import Text

    return Text.from_markup(cell).plain


#: Characters outside ASCII that the tables often show, one column wide each in rich's
#: measure (``2018-08-10 … 2026-01-16``, ``—``).
_NARROW = frozenset("…—–·’‘“”→←×é")


def _cell_len(text: str) -> int:
    """The columns ``text`` takes on a terminal (rich's measure: wide CJK characters take
    two); rich is imported for text that is not ASCII but for :data:`_NARROW`."""
    if text.isascii() or all(ch.isascii() or ch in _NARROW for ch in text):
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


@dataclass
class _Column:
    header: str
    tokens_only: bool  # every cell is one token (no white space): never wrapped
    min_width: int  # the narrowest width that splits no token (and no header word)
    natural: int  # the width that wraps nothing (the longest cell or header)


def _columns(headers: list[str], rows: list[list[str]]) -> list[_Column]:
    out = []
    for i, head in enumerate(headers):
        cells = [_plain(r[i]) for r in rows if i < len(r)]
        words = [w for c in cells for w in c.split()]
        head_word = max((len(w) for w in head.split()), default=0)
        tokens_only = all(len(c.split()) <= 1 for c in cells)
        longest = max((len(w) for w in words), default=0)
        if tokens_only:
            width = max(longest, head_word)
        else:
            width = max(min(longest, MAX_WORD), head_word)
        natural = max([len(c) for c in cells] + [len(head), width])
        out.append(_Column(head, tokens_only, max(width, 1), natural))
    return out


def _widths(columns: list[_Column], available: int) -> list[int] | None:
    """Column widths (without padding) that fit ``available`` characters: ``None`` when every
    column fits at its natural width; else each column's minimum, and what is left shared
    among the columns that wrap, in proportion to how much more they would take."""
    if sum(c.natural for c in columns) <= available:
        return None
    widths = [c.min_width for c in columns]
    extra = available - sum(widths)
    wants = [max(0, min(c.natural, _SHARE_CAP) - c.min_width) for c in columns]
    total = sum(wants)
    if extra <= 0 or not total:
        return widths
    for i, want in enumerate(wants):
        widths[i] += min(want, extra * want // total)
    return widths


def _wrapped(text: Text, width: int, indent: str) -> Iterable[Text]:
    """``text`` cut into lines of at most ``width`` characters between words (a word longer
    than a line is folded), later lines indented by ``indent``; styles kept."""
    if len(text) <= width:
        yield text
        return
    from rich.console import Console
    from rich.text import Text

    lines = text.wrap(Console(width=width, highlight=False), width - len(indent), overflow="fold")
    for i, line in enumerate(lines):
        line.rstrip()
        yield line if i == 0 else Text(indent) + line


class FitTable:
    """A table of strings that fits the width it is printed at (module docstring).

    Args:
        title: shown above the table (``None``: no title).
        headers: column headers.
        rows: cells as strings (``None`` and other values are turned into strings; ``None``
            is empty); rich markup in cells is shown as markup, as in a rich ``Table``.
    """

    def __init__(
        self, title: str | None, headers: Iterable[str], rows: Iterable[Iterable[Any]]
    ) -> None:
        self.title = title
        self.headers = list(headers)
        self.rows = [["" if v is None else str(v) for v in r] for r in rows]
        self.columns = _columns(self.headers, self.rows)

    def _needed(self, borders: bool) -> int:
        n = len(self.columns)
        base = sum(c.min_width for c in self.columns)
        return base + 2 * n + (n + 1) if borders else base + 2 * (n - 1)

    def plain_lines(self, width: int) -> list[str] | None:
        """The lines rich prints for this table at ``width`` columns on a stream without
        styles and in a UTF-8 encoding, when it is shown boxed at its natural width and
        every cell, header and the title are plain text on one line (no markup but
        bold/dim/italic, no emoji code, no line break or control character, no leading or
        trailing space) and the title is no wider than the table; else ``None`` (rich lays
        it out)."""
        from mtgcr.cli.plain import plain_text

        if not self.rows or self._needed(borders=True) > width:
            return None
        overhead = self._needed(True) - sum(c.min_width for c in self.columns)
        if _widths(self.columns, width - overhead) is not None:
            return None
        shown: list[list[str]] = []
        for row in [self.headers] + self.rows:
            if len(row) != len(self.headers):
                return None
            cells = []
            for cell in row:
                text = plain_text(cell)
                if text is None or "\n" in text or text != text.strip():
                    return None
                cells.append(text)
            shown.append(cells)
        widths = [
            max(max(_cell_len(r[i]) for r in shown), c.min_width)
            for i, c in enumerate(self.columns)
        ]
        if sum(widths) + 3 * len(widths) + 1 > width:
            return None

        def line(left: str, fill: str, mid: str, right: str) -> str:
            return left + mid.join(fill * (w + 2) for w in widths) + right

        def row_line(cells: list[str], bar: str) -> str:
            parts = [f" {c}{' ' * (w - _cell_len(c))} " for c, w in zip(cells, widths)]
            return bar + bar.join(parts) + bar

        out = []
        if self.title is not None:
            title = plain_text(self.title)
            table_width = sum(widths) + 3 * len(widths) + 1
            if title is None or "\n" in title or title != title.strip():
                return None
            if not title or _cell_len(title) > table_width:
                return None
            out.append(title)
        out.append(line("┏", "━", "┳", "┓"))
        out.append(row_line(shown[0], "┃"))
        out.append(line("┡", "━", "╇", "┩"))
        out.extend(row_line(cells, "│") for cells in shown[1:])
        out.append(line("└", "─", "┴", "┘"))
        return out

    def _table(self, borders: bool, width: int) -> Table:
        from rich import box
        from rich.table import Table

        t = Table(
            title=self.title,
            show_lines=False,
            title_justify="left",
            box=box.HEAVY_HEAD if borders else box.SIMPLE_HEAD,
            padding=(0, 1),
            pad_edge=borders,
            show_edge=borders,
        )
        overhead = self._needed(borders) - sum(c.min_width for c in self.columns)
        fitted = _widths(self.columns, width - overhead)
        widths: list[int | None] = list(fitted) if fitted else [None] * len(self.columns)
        for c, w in zip(self.columns, widths):
            t.add_column(
                c.header,
                no_wrap=c.tokens_only,
                min_width=c.min_width,
                width=w,
                overflow="ellipsis" if c.tokens_only else "fold",
            )
        for r in self.rows:
            t.add_row(*r)
        return t

    def _records(self, width: int) -> Iterable[Text]:
        from rich.text import Text

        keys = 1  # the leading token columns that name a row, while short together
        while (
            keys < len(self.columns) - 1
            and self.columns[keys].tokens_only
            and sum(c.min_width + 1 for c in self.columns[: keys + 1]) <= _KEY_WIDTH
        ):
            keys += 1
        if self.title:
            yield from _wrapped(Text.from_markup(self.title, style="italic"), width, "")
        yield from _wrapped(
            Text(
                f"(each row: {' '.join(self.headers[:keys])}, then the other columns)", style="dim"
            ),
            width,
            "",
        )
        for r in self.rows:
            cells = r + [""] * (len(self.headers) - len(r))
            yield from _wrapped(
                Text.from_markup("[bold]" + " ".join(c for c in cells[:keys] if c) + "[/bold]"),
                width,
                "  ",
            )
            pairs = [
                Text.from_markup(f"[dim]{h}:[/dim] {v}")
                for h, v in zip(self.headers[keys:], cells[keys:])
                if v
            ]
            line = Text("  ")
            for p in pairs:
                sep = Text(" · ") if len(line) > 2 else Text("")
                if len(line) > 2 and len(line) + len(sep) + len(p) > width:
                    yield line
                    line, sep = Text("  "), Text("")
                if len(line) + len(sep) + len(p) > width:  # one long value: wrap it alone
                    if len(line) > 2:
                        yield line
                    yield from _wrapped(Text("  ") + p, width, "      ")
                    line = Text("  ")
                    continue
                line = line + sep + p
            if len(line) > 2:
                yield line

    def __rich_console__(self, console: Any, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self._needed(borders=True) <= width:
            yield self._table(True, width)
        elif self._needed(borders=False) <= width:
            yield self._table(False, width)
        else:
            yield from self._records(width)
