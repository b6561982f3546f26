"""MediaWiki diff views of MTG Wiki pages (saved as text) → both revisions' wikitext.

Format knowledge (seed 004, a diff shown while editing, and MediaWiki's two-column diff
table): every table row became one text line with its cells separated by ``" | "`` and closed
by ``" |"``, empty cells leaving ``"|"`` (runs of spaces collapsed):

* column heads first, one per line: ``最新版 |`` (left) and ``編集中の文章 |`` (right);
* a pair of line-number headers per hunk, left then right: ``1行: |`` (English ``Line 1: |``);
* ``− | old | + | new |`` — a changed line, both sides (``−`` is U+2212; ``-`` is accepted);
* ``− | old`` then ``| + | new |`` on the next line — the same row when the old cell ends
  with a line break;
* ``| + | new |`` — a line only on the right;
* ``| text | | text |`` — an unchanged context line (the same text twice), ``| | | |`` when blank.

The left column is rebuilt from context, ``−`` and the left side of changed rows; the right from
context, ``+`` and the right side; each line gets its own column's line number (counted from
the hunk header). Lines between hunks are not shown by MediaWiki: the rebuilt text then has a
gap, reported as a warning and in :attr:`Revision.gaps`. A cell whose own text contains
``" | + | "`` cannot be told apart from a row boundary (not seen in practice).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgcr.corpus.document import Document

from mtgcr.extract.model import ParseWarning, WarningKind
from mtgcr.extract.wiki.markup import read_wikitext
from mtgcr.extract.wiki.page import WikiPage
from mtgcr.extract.kinds import DocumentParser, ParseResult
from mtgcr.extract.wiki.fact_records import WikiRevisionFact
from mtgcr.extract.wiki.result import pages_result

__all__ = ["Revision", "DiffView", "sniff_diff", "read_diff"]

_LINENO = re.compile(r"^\s*(?:(?P<ja>\d+)\s*行|Line\s+(?P<en>\d+))\s*[:：]\s*\|?\s*$")
_DEL = ("− | ", "- | ")
_ADD = "| + | "
_MID = " | + | "


@dataclass
class Revision:
    """One column of a diff view, rebuilt.

    Attributes:
        column: ``"left"`` or ``"right"``.
        label: the column head as shown (``"最新版"``), ``""`` if none.
        lines: ``(line number in this revision, wikitext)`` in order.
        gaps: ``(first, last)`` line numbers not shown in the diff (unchanged lines between hunks).
    """

    column: str
    label: str = ""
    lines: list[tuple[int, str]] = field(default_factory=list)
    gaps: list[tuple[int, int]] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The rebuilt wikitext (lines joined by ``"\\n"``; gaps are not marked inside)."""
        return "\n".join(t for _, t in self.lines)


@dataclass
class DiffView:
    """Both revisions of a diff view, with the source line of every rebuilt line."""

    source: str
    left: Revision
    right: Revision
    source_lines: dict[tuple[str, int], int] = field(default_factory=dict)
    warnings: list[ParseWarning] = field(default_factory=list)


def sniff_diff(doc: Document) -> bool:
    """True if the text looks like a saved diff view: a line-number header ``1行: |`` and rows
    starting ``− | `` or ``| + | ``."""
    head = doc.lines[:200]
    return any(_LINENO.match(l) for l in head[:30]) and any(
        l.startswith(_DEL) or l.startswith(_ADD) for l in head
    )


def _close(cell: str) -> str:
    """Remove the row's closing ``" |"`` (or a lone ``"|"`` for an empty cell)."""
    if cell == "|":
        return ""
    return cell[:-2] if cell.endswith(" |") else cell


def _context(body: str) -> tuple[str, str] | None:
    """Split a context row's ``"L | | R"`` where both halves are equal."""
    if body in ("| |", "|", ""):
        return "", ""
    hits = [m.start() for m in re.finditer(r" \| \| ", body)]
    for h in hits:
        l, r = body[:h], body[h + 5 :]
        if l == r:
            return l, r
    if hits:
        h = hits[len(hits) // 2]
        return body[:h], body[h + 5 :]
    return None


def _rows(doc: Document, view: DiffView) -> tuple[list[str], list[tuple]]:
    """Column heads and the rows: ``("hunk", n, line)``, ``("ctx", l, r, line)``,
    ``("pair", l, r, line)`` (``r`` is ``None`` when the row shows no right cell),
    ``("add", r, line)``."""
    heads: list[str] = []
    rows: list[tuple] = []
    lines = doc.lines
    i = 0
    while i < len(lines):
        line, lineno = lines[i], i + 1
        i += 1
        if not line.strip():
            continue
        m = _LINENO.match(line)
        if m:
            rows.append(("hunk", int(m.group("ja") or m.group("en")), lineno))
            continue
        if not rows and not line.startswith(_DEL) and not line.startswith(_ADD):
            heads.append(_close(line.rstrip()).strip())
            continue
        if line.startswith(_DEL):
            rest = line[4:]
            if rest.startswith(_ADD):
                rows.append(("pair", "", _close(rest[len(_ADD) :]), lineno))
            elif _MID in rest:
                left, right = rest.split(_MID, 1)
                rows.append(("pair", left, _close(right), lineno))
            elif i < len(lines) and lines[i].startswith(_ADD):
                # the deleted cell ended with a line break: its right cell is the next line
                rows.append(("pair", rest, _close(lines[i][len(_ADD) :]), lineno))
                i += 1
            else:
                rows.append(("pair", rest[:-4] if rest.endswith(" | |") else rest, None, lineno))
            continue
        if line.startswith(_ADD):
            rows.append(("add", _close(line[len(_ADD) :]), lineno))
            continue
        if line.startswith("|"):
            split = _context(_close(line[2:] if line.startswith("| ") else line[1:]))
            if split is not None:
                rows.append(("ctx", split[0], split[1], lineno))
                continue
        view.warnings.append(
            ParseWarning(
                doc.source,
                lineno,
                f"diff line of no known row shape, left out: {line[:40]!r}",
                WarningKind.MARKUP,
            )
        )
    return heads, rows


def read_diff(doc: Document) -> DiffView:
    """Rebuild both revisions of a saved diff view.

    MediaWiki pairs the deleted and added lines of a change block in order and fills the rows
    left over on the right with an empty ``+`` cell; so an empty right cell after the block's
    last non-empty one is no line of the right revision, while an added-only row always is.

    Returns:
        A :class:`DiffView`; lines that fit no row shape are reported as warnings (and left
        out of both revisions).
    """
    view = DiffView(doc.source, Revision("left"), Revision("right"))
    cols = {"left": view.left, "right": view.right}
    nxt = {"left": 1, "right": 1}
    heads, rows = _rows(doc, view)
    expect = "left"
    hunks = 0

    def put(col: str, text: str, src_line: int) -> None:
        n = nxt[col]
        cols[col].lines.append((n, text))
        view.source_lines[(col, n)] = src_line
        nxt[col] = n + 1

    # the right cells of a change block that are left-over padding
    padding: set[int] = set()
    block: list[int] = []
    for k, row in enumerate(rows + [("ctx", "", "", 0)]):
        if row[0] == "pair":
            block.append(k)
            continue
        if row[0] == "add":
            continue
        last = max((b for b in block if rows[b][2]), default=-1)
        padding |= {b for b in block if b > last and not rows[b][2]}
        block = []
    for k, row in enumerate(rows):
        kind = row[0]
        if kind == "hunk":
            n, lineno = row[1], row[2]
            if hunks >= 2 or n > nxt[expect]:
                if n > nxt[expect]:
                    cols[expect].gaps.append((nxt[expect], n - 1))
                    view.warnings.append(
                        ParseWarning(
                            doc.source,
                            lineno,
                            f"lines {nxt[expect]}–{n - 1} "
                            f"of the {expect} revision are not shown (unchanged); "
                            f"its rebuilt text has a gap there",
                            WarningKind.TRUNCATED,
                        )
                    )
            nxt[expect] = n
            hunks += 1
            expect = "right" if expect == "left" else "left"
        elif kind == "ctx":
            put("left", row[1], row[3])
            put("right", row[2], row[3])
        elif kind == "pair":
            put("left", row[1], row[3])
            if row[2] is not None and k not in padding:
                put("right", row[2], row[3])
        else:
            put("right", row[1], row[2])
    if len(heads) >= 2:
        view.left.label, view.right.label = heads[0], heads[1]
    elif heads:
        view.left.label = heads[0]
    return view


def diff_pages(view: DiffView) -> list[WikiPage]:
    """Both revisions read as wikitext pages (kind ``"wiki-diff"``, ``column`` set; line numbers
    are each revision's own)."""
    pages = []
    for rev in (view.left, view.right):
        page = read_wikitext(
            [t for _, t in rev.lines],
            view.source,
            "wiki-diff",
            column=rev.column,
            column_label=rev.label,
            numbers=[n for n, _ in rev.lines],
        )
        pages.append(page)
    return pages


__all__ += ["diff_pages"]


def _parse(doc: Document) -> ParseResult:
    view = read_diff(doc)
    revisions = [
        (
            WikiRevisionFact.KIND,
            WikiRevisionFact(
                doc.source, rev.column, rev.label, tuple(rev.lines), tuple(rev.gaps)
            ).as_json(),
        )
        for rev in (view.left, view.right)
    ]
    result = pages_result("wiki-diff", diff_pages(view), revisions, view.source_lines)
    result.warnings += view.warnings
    return result


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS`.
PARSER = DocumentParser("wiki-diff", sniff_diff, _parse)
