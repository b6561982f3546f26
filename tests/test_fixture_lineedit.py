"""The line-level fixture rewrite writes exactly what the tomlkit rewrite writes, or declines.

Inputs: every fixture of mtgcr's bundled suite, a skeleton as ``fixtures generate`` writes it,
and hand-written files of other shapes (comments, spacing, literal strings, a missing
``[meta]``, CRLF, multi-line strings, tables after ``[meta]``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgcr.conformance import suite
from mtgcr.conformance.fixtures.lineedit import rewrite_lines
from mtgcr.conformance.fixtures.tomlio import rewrite, rewrite_document

SKELETON = """\
# CR conformance fixture (phase.rs cr-suite schema); [meta] anchors it to the release its
# text is from.
rule = "704.5a"
section = 704
title = "State-Based Actions — CR 704.5a"
status = "skeleton"
text = "If a player has 0 or less life, he or she loses the game."
notes = ""

[meta]
anchor = "en:2017-01-20:704.5a"
cr_release = "2017-01-20"
cr_label = "20170119"
text_sha256 = "4daf02392a5ad481cb2f1c3b2feaea48adfa5fec2e0fa57830b3919460079593"
text_norm = "nfkc-typography-ws-v1"
generator = "mtgcr 0.1.0"
"""

OTHER_SHAPES = [
    # spacing, a trailing comment, a literal string, a section written as a string
    'rule  =  "704.5a"   # the rule\nsection = "704"\ntitle = \'T\'\n\n[meta]\n'
    'anchor = "en:2017-01-20:704.5a"  # keep\n\n\n[setup]\nphase = "Upkeep"\n',
    # [meta] first, then tables
    'rule = "1.1"\nsection = 1\ntitle = ""\n[meta]\nanchor = "x"\n[[steps]]\naction = "a"\n',
    # no [meta] table
    'rule = "1.1"\nsection = 1\ntitle = ""\n\n[setup]\nx = 1\n',
    # text after [meta]'s last key
    'rule = "1.1"\nsection = 1\ntitle = ""\n[meta]\nanchor = "x"\n# a comment\n',
    # no final line break; CRLF; a multi-line string
    'rule = "1.1"\nsection = 1\ntitle = ""\n[meta]\nanchor = "x"',
    'rule = "1.1"\r\nsection = 1\r\ntitle = ""\r\n[meta]\r\nanchor = "x"\r\n',
    'rule = "1.1"\nsection = 1\ntitle = ""\ntext = """a\nb"""\n[meta]\nanchor = "x"\n',
    # a top-level key missing; an array with a line that looks like a header
    'rule = "1.1"\nsection = 1\n[meta]\nanchor = "x"\nlist = [\n[1]\n]\n',
    # a dotted subtable of meta, and an escaped quote in a value
    'rule = "1.1"\nsection = 1\ntitle = "a \\"b\\""\n[meta]\nanchor = "x"\n[meta.more]\ny = 2\n',
]

CHANGES = [
    ({}, {}),
    ({"rule": "704.5a", "section": 704}, {}),  # already so
    ({"rule": "704.5b", "section": 704, "title": 'He said "hi" \\ é — CR 704.5b'}, {}),
    (
        {"rule": "704.5c", "section": 704, "title": "State-Based Actions — CR 704.5c"},
        {
            "anchor": "en:2026-01-16:704.5c",
            "cr_release": "2026-01-16",
            "cr_label": "20260116",
            "text_sha256": "0" * 64,
            "text_norm": "nfkc-typography-ws-v1",
            "generator": "mtgcr 0.2.0",
            "previous_rules": "en:2017-01-20:704.5a",
        },
    ),
    ({"text": "A player with 0 or less life loses the game.\tTab."}, {"anchor": "en:x"}),
    ({"text": "two\nlines"}, {}),
    ({}, {"anchor": None}),
    ({"status": "executable", "notes": "n"}, {"new_key": "v", "other": "w"}),
]


def _sources() -> list[tuple[str, str]]:
    out = [("skeleton", SKELETON)] + [(f"shape {i}", s) for i, s in enumerate(OTHER_SHAPES)]
    for p in sorted(Path(suite.path()).rglob("cr_*.toml")):
        out.append((p.name, p.read_text(encoding="utf-8")))
    return out


@pytest.mark.parametrize("top, meta", CHANGES)
def test_the_line_edit_is_the_tomlkit_rewrite_or_declines(top, meta):
    taken = 0
    for name, source in _sources():
        try:
            want = rewrite_document(source, top, meta)
        except Exception:  # tomlkit cannot do it either (not TOML): nothing to compare
            assert rewrite_lines(source, top, meta) is None, name
            continue
        got = rewrite_lines(source, top, meta)
        if got is not None:
            taken += 1
            assert got == want, name
        assert rewrite(source, top, meta) == want, name
    if "\n" not in str(top.get("text", "")) and None not in meta.values():
        assert taken > 100  # the suite's fixtures and the skeleton take the fast way


def test_a_generated_skeleton_takes_the_line_edit():
    top, meta = CHANGES[3]
    got = rewrite_lines(SKELETON, top, meta)
    assert got is not None and got == rewrite_document(SKELETON, top, meta)
    assert 'rule = "704.5c"\n' in got
    assert got.endswith('generator = "mtgcr 0.2.0"\nprevious_rules = "en:2017-01-20:704.5a"\n')


@pytest.mark.parametrize("i", [2, 3, 4, 5, 6, 7, 8])
def test_shapes_it_cannot_be_sure_of_are_declined(i):
    top, meta = CHANGES[3]
    assert rewrite_lines(OTHER_SHAPES[i], top, meta) is None
