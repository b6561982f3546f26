"""Partial releases in the commands that take two releases, and in the site (issue 22).

The ZH bilingual community edition stores each chapter file as its own partial release of EN
and of ZH (``markdown:7``, ``markdown:glossary`` …). ``diff OLD NEW`` with such a label used to
pick one piece at random (the contents page, with no rule) and crash with ``internal error:
IndexError``; ``site --lang zh`` wrote 3 files. The edition here is the fixture written for the
markdown format tests (``tests/fixtures/zh_markdown``, label 20300110); the older EN release is
a CR file written for this test (:mod:`crfile`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.cli.main import main
from sitecheck import broken_links

EDITION = Path(__file__).parents[1] / "fixtures" / "zh_markdown"
OLDER = """\
7. Additional Rules

799. Fixture Rules

799.1. This is a fixture rule. See rule 601.2b.

799.1a A fixture subrule of Magic; pay {1}.
"""


@pytest.fixture
def store(tmp_path, capsys) -> Path:
    (tmp_path / "older.txt").write_text(
        cr_text(OLDER, "", date="These rules are effective as of October 1, 2029."),
        encoding="utf-8",
    )
    s = tmp_path / "s.sqlite"
    assert main(["--store", str(s), "--silent", "ingest", str(tmp_path / "older.txt")]) == 0
    assert main(["--store", str(s), "--silent", "ingest", str(EDITION)]) == 0
    capsys.readouterr()
    return s


def test_diff_against_a_label_stored_in_pieces_compares_their_union(store, capsys):
    code = main(["--store", str(store), "diff", "2029-10-01", "2030-01-10", "--format", "json"])
    got = capsys.readouterr()
    assert code == 0, got.err
    d = json.loads(got.out)
    assert d["partial"] == {"old": False, "new": True}
    kinds = {(tuple(c["old"]), tuple(c["new"])): c["kind"] for c in d["changes"]}
    assert kinds == {
        (("799.1a",), ("799.1a",)): "modified",  # pay {1} → pay {2}
        ((), ("799.2",)): "added",  # rules the edition has and the older release has not
        ((), ("799.2a",)): "added",
    }
    assert d["summary"]["rules"]["unchanged"] == 1  # 799.1


def test_a_partial_release_without_rules_says_so(tmp_path, capsys):
    only = tmp_path / "contents"
    only.mkdir()
    shutil.copy(EDITION / "index.md", only / "index.md")
    (tmp_path / "older.txt").write_text(
        cr_text(OLDER, "", date="These rules are effective as of October 1, 2029."),
        encoding="utf-8",
    )
    s = tmp_path / "s.sqlite"
    assert (
        main(["--store", str(s), "--silent", "ingest", str(tmp_path / "older.txt"), str(only)]) == 0
    )
    capsys.readouterr()
    assert main(["--store", str(s), "diff", "2029-10-01", "2030-01-10"]) == 2
    assert capsys.readouterr().err == (
        "mtgcr: en 2030-01-10 is partial: 1 piece (markdown:index), 0 rules: nothing to "
        "compare (its pieces hold no rules)\n"
    )


def test_site_gives_a_partial_language_its_pages(store, tmp_path, capsys):
    out = tmp_path / "site"
    assert main(["--store", str(store), "--silent", "site", "--out", str(out), "--lang", "zh"]) == 0
    assert capsys.readouterr().out.startswith("site: ")
    page = out / "zh" / "2030-01-10-quotes" / "799.html"
    assert page.is_file()
    text = page.read_text(encoding="utf-8")
    assert 'class="text">这是一条<a class="term"' in text and 'id="R7991a"' in text
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="zh/2030-01-10-quotes/index.html"' in index
    assert broken_links(out) == []
