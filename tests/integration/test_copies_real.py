"""Integration: ../shared/corpus/en/official (112 files) and en/archive (15 second-hand copies)
ingested together give one release per effective date, the official copy canonical, every other
copy listed with its origin, sha256 and losses; the archive releases that fill gaps join the
chain; choosing, removing and restoring copies work on the real files.

Facts checked against SOURCES.md and the files themselves: CR-2009-07-08 is the official
2009-07-11 (effective July 11, 2009), CR-2009-10-05 is 2009-10-01, CR-2017-09-29 is official
2017-09-25 (effective September 29, 2017), CR-2010-02-01 has the same name as the official file
and U+FFFD where the official file has curly quotes; the 2001-07-23 and 2002-02-20 copies print
U+FFFD where ®/™ were; official 2008-05-01 prints '?' for its quote marks.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.copies import CopyOrigin
from mtgcr.corpus.document import load_document
from mtgcr.corpus.quality import LossKind
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import chain_releases
from mtgcr.extract.copies import choose_canonical, remove_copies, restore_copies
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.records import load_ruleset

pytestmark = [pytest.mark.integration]

ARCHIVE = CORPUS / "en" / "archive"

#: archive file → the official file of the same release (SOURCES.md, part (c)).
SECOND_COPIES = {
    "CR-2009-07-08.txt": "2009-07-11.txt",
    "CR-2009-10-05.txt": "2009-10-01.txt",
    "CR-2017-09-29.txt": "2017-09-25.txt",
    "CR-2010-02-01.txt": "2010-02-01.txt",
}
#: archive releases that fill gaps between official files (SOURCES.md, part (b)).
GAP_FILLERS = [
    "2014-05-01",
    "2014-06-01",
    "2014-07-18",
    "2016-01-16",
    "2016-04-08",
    "2018-01-19",
    "2018-04-27",
    "2018-06-08",
]
OLDER = ["2001-07-23", "2002-02-20", "2002-10-07"]


@pytest.fixture(scope="module")
def store_file(tmp_path_factory) -> Path:
    need(OFFICIAL)
    need(ARCHIVE)
    path = tmp_path_factory.mktemp("copies") / "store.sqlite"
    with Store(path) as store:
        results = ingest_paths(store, [OFFICIAL, ARCHIVE])
    assert [r.status for r in results] == ["ingested"] * 127, [r.error for r in results if r.error]
    return path


def test_one_release_per_effective_date_official_canonical(store_file):
    with Store(store_file, readonly=True) as store:
        rels = store.releases("en")
        dates = Counter(r.effective_date for r in rels)
        assert len(rels) == 112 + 15 - 4 and max(dates.values()) == 1
        copies = store.copies("en")
        assert len(copies) == 127
        by_name = {
            Path(c.source).name + ("@a" if "/archive/" in c.source else ""): c for c in copies
        }
        for archive, official in SECOND_COPIES.items():
            a, o = by_name[archive + "@a"], by_name[official]
            assert a.release_key == o.release_key, archive
            assert (o.canonical, o.origin, a.canonical, a.origin) == (
                True,
                CopyOrigin.OFFICIAL,
                False,
                CopyOrigin.ARCHIVE,
            ), archive
            assert a.sha256 == load_document(ARCHIVE / archive).sha256
        assert by_name["CR-2009-07-08.txt@a"].release_key == "en:2009-07-11"
        assert by_name["CR-2017-09-29.txt@a"].release_key == "en:2017-09-29"
        assert by_name["2017-09-25.txt"].label == "20170925"
        # the archive file's own date finds the release too
        assert store.resolve("2009-07-08").source.endswith("official/2009-07-11.txt")
        # every canonical copy is the releases row's document
        assert sorted(c.document_id for c in copies if c.canonical) == sorted(
            d for (d,) in store.conn.execute("SELECT document_id FROM releases")
        )


def test_gap_fillers_and_older_copies_join_the_chain(store_file):
    with Store(store_file, readonly=True) as store:
        chain = [r.effective_date for r in chain_releases(store, "en")]
        assert len(chain) == 123 and chain == sorted(set(chain))
        for when in GAP_FILLERS + OLDER:
            assert when in chain, when
        assert chain[:4] == OLDER + ["2003-03-15"]
        k = chain.index("2014-05-01")
        assert chain[k - 1 : k + 4] == [
            "2014-02-01",
            "2014-05-01",
            "2014-06-01",
            "2014-07-18",
            "2014-09-25",
        ]


def test_losses_flagged_with_line_numbers(store_file):
    with Store(store_file, readonly=True) as store:
        by_name = {Path(c.source).name: c for c in store.copies("en") if "/archive/" in c.source}
        official = {Path(c.source).name: c for c in store.copies("en") if "/official/" in c.source}
    # archive 2010-02-01: U+FFFD on two lines where the official file has curly quotes
    arch = by_name["CR-2010-02-01.txt"]
    lines = load_document(ARCHIVE / "CR-2010-02-01.txt").lines
    mark = next(m for m in arch.quality.marks if m.kind is LossKind.REPLACEMENT)
    assert mark.lines == tuple(i for i, l in enumerate(lines, 1) if "\ufffd" in l) == (2019, 2020)
    assert mark.count == sum(l.count("\ufffd") for l in lines)
    off_lines = load_document(OFFICIAL / "2010-02-01.txt").lines
    assert "\u201cfor as long as" in off_lines[2018] and "\ufffdfor as long as" in lines[2018]
    assert official["2010-02-01.txt"].quality.marks == ()
    # 2001-07-23: U+FFFD for ® after "Magic: The Gathering" on the title line
    old = by_name["CR-2001-07-23.txt"]
    first = load_document(ARCHIVE / "CR-2001-07-23.txt").lines[0]
    assert "Magic: The Gathering\ufffd" in first
    assert 1 in next(m for m in old.quality.marks if m.kind is LossKind.LOST_MARK).lines
    assert {m.kind for m in by_name["CR-2002-02-20.txt"].quality.marks} == {
        LossKind.REPLACEMENT,
        LossKind.LOST_MARK,
    }
    # official 2008-05-01: '?' for every quote mark, e.g. "who?ve" on line 7
    q = next(
        m for m in official["2008-05-01.txt"].quality.marks if m.kind is LossKind.QUESTION_MARK
    )
    l7 = load_document(OFFICIAL / "2008-05-01.txt").lines[6]
    assert "who?ve" in l7 and q.lines[0] == 7 and q.count > 1000
    # clean second-hand copies are not flagged
    assert by_name["CR-2018-06-08.txt"].quality.marks == ()


def test_choose_remove_and_restore_on_real_copies(store_file, tmp_path):
    work = tmp_path / "s.sqlite"
    work.write_bytes(store_file.read_bytes())
    with Store(work) as store:
        arch = next(c for c in store.copies("en") if c.source.endswith("CR-2010-02-01.txt"))
        choose_canonical(store, "2010-02-01", arch.id)
        assert "\ufffdfor as long as" in load_ruleset(store, "2010-02-01").get("611.2b").text
        choose_canonical(store, "2010-02-01", None)  # back to the precedence: official
        assert "\u201cfor as long as" in load_ruleset(store, "2010-02-01").get("611.2b").text
        # removing the official copy of 2017-09-29 leaves the archive copy canonical
        off = next(c for c in store.copies("en") if c.source.endswith("official/2017-09-25.txt"))
        change = remove_copies(store, "2017-09-25", off.id)
        assert change.canonical.source.endswith("archive/CR-2017-09-29.txt")
        assert store.resolve("2017-09-29").label == "20170929"
        restore_copies(store, "2017-09-29")
        assert store.resolve("2017-09-29").label == "20170925"
        n = len(store.releases("en"))
        remove_copies(store, "2014-05-01")
        assert len(store.releases("en")) == n - 1 and "2014-05-01" not in [
            r.effective_date for r in chain_releases(store, "en")
        ]
        restore_copies(store, "2014-05-01")
        assert len(store.releases("en")) == n
