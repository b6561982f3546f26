"""Integration: every official English CR file (../shared/corpus/en/official, 112 files) and the
official Japanese text render back to their source lines from the parsed model.

For each file: the rendered lines equal the decoded source lines (line endings aside) except the
lines listed in ``DIFFERING`` (none today: every repair keeps the line's printed form); every
line the model does not hold is blank, a contents line, a Glossary/Credits heading or a date
statement — or a line the parser left out and warned about at that line; and the model holds no
text that no source line shows (:meth:`mtgcr.extract.layout.Layout.unsourced`). Every warning
has a kind (none is ``WarningKind.OTHER``).
"""

from __future__ import annotations

import pytest

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.document import load_document
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.formats.ja_cr import parse_ja_cr
from mtgcr.extract.layout import LineRole, render_lines
from mtgcr.extract.model import WarningKind

pytestmark = [pytest.mark.integration]

#: file name → the 1-based lines whose rendering differs from the source (each also warned).
DIFFERING: dict[str, list[int]] = {}


def check_round_trip(doc, rs) -> dict[str, object]:
    """The failures of one file's round trip (an empty dict when it is exact)."""
    rendered, source = render_lines(rs), doc.lines
    warned = {w.line for w in rs.warnings}
    problems: dict[str, object] = {}
    if len(rendered) != len(source):
        problems["line count"] = (len(rendered), len(source))
    differing = [i + 1 for i, (a, b) in enumerate(zip(rendered, source)) if a != b]
    if differing != DIFFERING.get(doc.name, []):
        problems["differing lines"] = [
            (n, source[n - 1][:80], rendered[n - 1][:80]) for n in differing[:5]
        ]
    unwarned = [n for n in differing if n not in warned]
    if unwarned:
        problems["differing lines without a warning"] = unwarned[:5]
    layout = rs.layout
    laid_out = layout.lines
    ignored = [i + 1 for i, ln in enumerate(laid_out) if ln.role is LineRole.IGNORED]
    if any(n not in warned for n in ignored):
        problems["lines left out without a warning"] = [n for n in ignored if n not in warned][:5]
    not_blank = [
        i + 1 for i, ln in enumerate(laid_out) if ln.role is LineRole.BLANK and source[i].strip()
    ]
    if not_blank:
        problems["non-blank lines laid out as blank"] = not_blank[:5]
    untyped = [str(w) for w in rs.warnings if w.kind is WarningKind.OTHER]
    if untyped:
        problems["warnings without a kind"] = untyped[:5]
    unsourced = layout.unsourced()
    if unsourced:
        problems["model text no line shows"] = [
            (type(u.target).__name__, u.attr, u.text[:40]) for u in unsourced[:5]
        ]
    return problems


def test_every_official_file_renders_back_to_its_source_lines():
    files = sorted(need(OFFICIAL).glob("*.txt"))
    assert len(files) == 112
    failures = {}
    roles: dict[LineRole, int] = {}
    for path in files:
        doc = load_document(path)
        rs = parse_cr_text(doc)
        problems = check_round_trip(doc, rs)
        if problems:
            failures[path.name] = problems
        for role, n in rs.layout.roles().items():
            roles[role] = roles.get(role, 0) + n
    assert failures == {}
    # what the 112 files hold (counted on them): every rule line, example and glossary line
    # renders from the model; the only printed-only lines are the contents, two headings per
    # file (2013-02-01 is cut off before its credits) and one date statement per file
    assert roles[LineRole.HEADING] == 223 and roles[LineRole.DATE] == 112
    assert roles[LineRole.TITLE] == 112 and LineRole.IGNORED not in roles
    assert roles[LineRole.RULE] > 200_000 and roles[LineRole.GLOSSARY] > 100_000


def test_the_japanese_text_renders_back_to_its_source_lines():
    path = need(CORPUS / "ja" / "full" / "JPN_CR_20260116_lines.txt")
    doc = load_document(path)
    rs = parse_ja_cr(doc)
    assert check_round_trip(doc, rs) == {}
    # its quirks are kept as printed: "702.189. 702.189." and "720 . 前兆カード"
    lines = render_lines(rs)
    assert sum(1 for line in lines if line.startswith("702.189. 702.189.")) == 1
    assert sum(1 for line in lines if line.startswith("720 . ")) == 1  # the body (contents: "720.")
