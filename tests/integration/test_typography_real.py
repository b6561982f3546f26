"""Typography apart from edits, old files joined, a divided rule split — on the real copies.

Counts checked by hand against the files (see the module docstrings of
:mod:`mtgcr.crossref.typography` and :mod:`mtgcr.extract.formats.cr_text`): 2008-05-01 prints
``?`` for every quote mark, so 2008-02-01 → 2008-05-01 is mostly typography; the archive copy
of 2014-05-01 drops the ``_italics_``, ``(TM)`` and ``<url>`` markup of 2014-02-01; the
archive copies 2001-07-23 and 2002-02-20 are hard-wrapped and have U+FFFD for ®, ™ and dashes.
"""

from __future__ import annotations

import pytest

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.document import load_document
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import aligned_pair
from mtgcr.crossref.typography import WILDCARDS, typography_only
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.reports.diffview import diff_view

pytestmark = pytest.mark.integration

ARCHIVE = CORPUS / "en" / "archive"
NORMALIZED = CORPUS / "en" / "normalized"
FILES = [
    OFFICIAL / "2008-02-01.txt",
    OFFICIAL / "2008-05-01.txt",
    OFFICIAL / "2014-02-01.txt",
    ARCHIVE / "CR-2014-05-01.txt",
    ARCHIVE / "CR-2001-07-23.txt",
    ARCHIVE / "CR-2002-02-20.txt",
    ARCHIVE / "CR-2002-10-07.txt",
    OFFICIAL / "2026-01-16.txt",
    NORMALIZED / "20260227_En.txt",
    NORMALIZED / "20260417_En.txt",
]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("typo") / "s.sqlite"
    with Store(path) as s:
        results = ingest_paths(s, [need(f) for f in FILES])
        assert [r.status for r in results] == ["ingested"] * len(FILES), [r.error for r in results]
        yield s


def _real_edit(change: dict) -> bool:
    """The word diff of a modified rule shows something that is not typography."""
    dels = "".join(t for op, t in change["diff"] if op == "delete")
    ins = "".join(t for op, t in change["diff"] if op == "insert")
    return bool(dels.strip() or ins.strip()) and not typography_only(dels, ins)


def test_2008_quote_marks_are_typography(store):
    old, new, al = aligned_pair(store, "2008-02-01", "2008-05-01")
    view = diff_view(al, old, new)
    s = view["summary"]["rules"]
    assert s["modified"] == 26 and s["typography"] == 681  # was 712 "modified"
    modified = [c for c in view["changes"] if c["kind"] == "modified"]
    assert len(modified) == 26 and all(_real_edit(c) for c in modified)
    # 104.1b: the real edit is the reworded clause, the "?" for "'" is not in the diff
    [c] = [c for c in modified if c["old"] == ["104.1b"]]
    changed = [(op, t) for op, t in c["diff"] if op != "equal"]
    assert len(changed) == 5 and changed[0] == ("delete", "creature's power or toughness, changes")
    assert any(op == "equal" and "You can?t choose" in t for op, t in c["diff"])
    assert "typography" not in {c["kind"] for c in view["changes"]}
    listed = diff_view(al, old, new, include_typography=True)
    assert sum(c["kind"] == "typography" for c in listed["changes"]) == 681
    g = view["summary"]["glossary"]
    assert g["renamed"] == 0 and g["typography"] == 324
    banding = [x for x in al.glossary if x.old_term == "Banding"]
    assert [x.kind for x in banding] == ["typography"]


def test_2014_archive_markup_is_typography(store):
    old, new, al = aligned_pair(store, "2014-02-01", "2014-05-01")
    view = diff_view(al, old, new)
    assert view["summary"]["rules"]["modified"] == 6  # was 22, 16 of them markup only
    assert sorted(c["old"][0] for c in view["changes"] if c["kind"] == "modified") == [
        "118.1a",
        "205.3m",
        "207.2c",
        "603.10",
        "607.2g",
        "712.1",
    ]


def test_2002_replacement_characters_are_typography(store):
    old, new, al = aligned_pair(store, "2002-02-20", "2002-10-07")
    view = diff_view(al, old, new)
    modified = [c for c in view["changes"] if c["kind"] == "modified"]
    assert all(_real_edit(c) for c in modified)
    assert len(modified) < 97 - 26
    typo = [c for c in al.changes if c.kind == "typography"]
    assert any(any(ch in WILDCARDS for ch in old.rules[c.old[0]].text) for c in typo)


@pytest.mark.parametrize("name", ["CR-2001-07-23.txt", "CR-2002-02-20.txt"])
def test_hard_wrapped_archive_copies_are_joined(name):
    wrapped = parse_cr_text(load_document(need(ARCHIVE / name)))
    flat = parse_cr_text(load_document(need(ARCHIVE / "CR-2002-10-07.txt")))
    broken = [n for n, r in wrapped.rules.items() if "\n" in r.text]
    assert len(broken) == 4  # was 381 (2001-07-23) and 388 (2002-02-20)
    for n in broken:  # what remains are paragraphs the unwrapped copy has too
        assert wrapped.rules[n].text.count("\n") == flat.rules[n].text.count("\n") == 1
    assert not [n for n, r in wrapped.rules.items() for e in r.examples if "\n" in e.text]
    assert wrapped.rules[R.parse("212.2")].text.endswith("(see rule 212.2c).")


def test_divided_saga_rule_is_a_split(store):
    for old_spec in ("2026-02-27", "2026-01-16"):
        _, _, al = aligned_pair(store, old_spec, "2026-04-17")
        c = al.change_of_old(R.parse("714.3a"))
        assert (c.kind, [str(n) for n in c.new]) == ("split", ["714.3a", "714.3b"])
        assert al.change_of_old(R.parse("714.3b")).new == (R.parse("714.3c"),)
