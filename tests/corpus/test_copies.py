"""Copies of a release, on CR files written for the tests: one release per effective date
whatever the file names and the ingest order, the stated precedence, losses with line numbers,
choosing, removing and restoring copies, and old stores migrated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.corpus.copies import (
    CopyOrigin,
    CopyRecord,
    origin_from_path,
    pick_canonical,
    release_key,
)
from mtgcr.corpus.quality import CopyQuality, LossKind, LossyMark, assess_text
from mtgcr.corpus.notes import NoteKind
from mtgcr.corpus.store import Store, StoreError
from mtgcr.extract.copies import choose_canonical, remove_copies, restore_copies
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.records import load_ruleset, to_record
from mtgcr.corpus.document import load_document
from mtgcr.cli.main import main

BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game for two or more players.

100.1a A two-player game starts with two players.

100.2. Each player’s deck is their own “library.”
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.fixture
def corpus(tmp_path: Path) -> dict[str, Path]:
    """An official file, an archive copy of it under another name with the curly quotes lost
    (U+FFFD), and an archive file of another release."""
    text = cr_text(BODY)
    lossy = text.replace("player’s", "player\ufffds")
    return {
        "official": write(tmp_path / "official" / "2031-03-03.txt", text),
        "archive": write(tmp_path / "archive" / "CR-2031-03-01.txt", lossy),
        "other": write(
            tmp_path / "archive" / "CR-2031-06-07.txt",
            cr_text(BODY, date="These rules are effective as of June 7, 2031."),
        ),
    }


def line_no(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(i for i, l in enumerate(lines, 1) if needle in l and not l.startswith("100. "))


# -- quality ------------------------------------------------------------------------------------


def test_losses_are_counted_with_their_lines():
    text = (
        "Magic: The Gathering\ufffd Comprehensive Rules\n"
        "A player who?s moved beyond ?Infinite? loops.?\n"
        "See www.example.com/default.asp?x=magic/rules for more. Is it? Yes.\n"
        'Straight "quotes" and (R) are not losses; a dash\ufffd\ufffdwas.\n'
        "Magic: The Gatheringr game\n"
    )
    q = assess_text(text)
    assert q.marks == (
        LossyMark(LossKind.REPLACEMENT, 2, (4,)),
        LossyMark(LossKind.QUESTION_MARK, 4, (2,)),
        LossyMark(LossKind.LOST_MARK, 2, (1, 5)),
    )
    assert q.total == 8 and q.lossy
    assert str(q.marks[1]) == "4 '?' for a quote mark, apostrophe or dash (line 2)"
    assert CopyQuality.from_json(json.loads(json.dumps(q.to_json()))) == q
    assert assess_text("100.1. What is a rule? A rule is text.\r\nwww.a.com/x.aspx?y=1").marks == ()


# -- origin and precedence ----------------------------------------------------------------------


def test_origin_comes_from_the_nearest_folder_name_or_the_option():
    assert origin_from_path("../shared/corpus/en/official/2009-07-11.txt") == (
        CopyOrigin.OFFICIAL,
        "folder official",
    )
    assert origin_from_path("x/archive/official/a.txt")[0] is CopyOrigin.OFFICIAL
    assert origin_from_path("/data/Normalised/20230616_En.txt")[0] is CopyOrigin.NORMALIZED
    assert origin_from_path("Downloads/MagicCompRules.txt") == (
        CopyOrigin.UNKNOWN,
        "no folder name says",
    )
    assert origin_from_path("official/a.txt", CopyOrigin.ARCHIVE) == (
        CopyOrigin.ARCHIVE,
        "--origin archive",
    )
    assert origin_from_path(
        "https://media.wizards.com/2026/downloads/MagicCompRules 20260116.txt"
    ) == (CopyOrigin.OFFICIAL, "fetched from media.wizards.com")
    assert origin_from_path("https://raw.example.org/official/CR.txt") == (
        CopyOrigin.UNKNOWN,
        "fetched from raw.example.org",
    )


def _copy(
    id: int,
    origin=CopyOrigin.ARCHIVE,
    complete=True,
    truncated=False,
    lost=0,
    rules=10,
    chosen=False,
    removed=False,
) -> CopyRecord:
    quality = CopyQuality((LossyMark(LossKind.REPLACEMENT, lost, (1,)),) if lost else ())
    return CopyRecord(
        id,
        "en:2031-03-03",
        "en",
        "2031-03-03",
        None,
        "20310303",
        origin,
        "",
        "0" * 64,
        f"{id}.txt",
        1,
        complete,
        truncated,
        {"sections": 1, "rules": rules, "subrules": 0, "examples": 0, "glossary": 1},
        quality,
        chosen,
        removed,
    )


def test_precedence_official_then_whole_then_cleaner_then_fuller_then_first():
    assert (
        pick_canonical([_copy(1, lost=5), _copy(2, CopyOrigin.OFFICIAL, lost=9, complete=False)]).id
        == 2
    )
    assert pick_canonical([_copy(1, CopyOrigin.UNKNOWN), _copy(2, CopyOrigin.OFFICIAL)]).id == 2
    assert pick_canonical([_copy(1, CopyOrigin.NORMALIZED), _copy(2, CopyOrigin.UNKNOWN)]).id == 2
    assert pick_canonical([_copy(1, complete=False), _copy(2, lost=3)]).id == 2
    assert pick_canonical([_copy(1, truncated=True), _copy(2, lost=3)]).id == 2
    assert pick_canonical([_copy(1, lost=2), _copy(2, lost=1)]).id == 2
    assert pick_canonical([_copy(1, rules=9), _copy(2, rules=10)]).id == 2
    assert pick_canonical([_copy(1), _copy(2)]).id == 1
    assert pick_canonical([_copy(1, CopyOrigin.OFFICIAL), _copy(2, chosen=True)]).id == 2
    assert pick_canonical([_copy(1, CopyOrigin.OFFICIAL, removed=True), _copy(2)]).id == 2
    assert pick_canonical([_copy(1, removed=True)]) is None
    assert release_key("ja", "2026-01-16", "0", "20260116") == "ja:2026-01-16#0"
    assert release_key("en", None, None, "20090708") == "en:20090708"


# -- ingest -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "order", [("official", "archive", "other"), ("archive", "other", "official")]
)
def test_one_release_per_effective_date_official_canonical_in_any_order(store_path, corpus, order):
    with Store(store_path) as store:
        results = ingest_paths(store, [corpus[k] for k in order])
        assert [r.status for r in results] == ["ingested"] * 3
        rels = store.releases()
        assert [(r.label, r.effective_date) for r in rels] == [
            ("20310303", "2031-03-03"),
            ("20310607", "2031-06-07"),
        ]
        copies = store.copies()
        assert [(c.release_key, c.origin, c.canonical, c.quality.flags()) for c in copies] == [
            (
                "en:2031-03-03",
                CopyOrigin.OFFICIAL if order[0] == "official" else CopyOrigin.ARCHIVE,
                order[0] == "official",
                [] if order[0] == "official" else ["replacement-char"],
            ),
            (
                "en:2031-03-03",
                CopyOrigin.ARCHIVE if order[0] == "official" else CopyOrigin.OFFICIAL,
                order[0] != "official",
                ["replacement-char"] if order[0] == "official" else [],
            ),
            ("en:2031-06-07", CopyOrigin.ARCHIVE, True, []),
        ]
        # the canonical text is the official one (curly apostrophe, not U+FFFD)
        assert load_ruleset(store, "2031-03-03").get("100.2").text.startswith("Each player’s deck")
        # the archive file's own date names the same release
        assert store.resolve("2031-03-01").label == "20310303"
        by = {Path(r.path).parent.name + "/" + Path(r.path).name: r for r in results}
        lost_line = line_no(corpus["archive"], "player\ufffds")
        arch = by["archive/CR-2031-03-01.txt"]
        assert f"lossy copy: 1 U+FFFD (line {lost_line})" in [
            str(n) for n in arch.notes if n.kind is NoteKind.COPY_LOSSY
        ]
        if order[0] == "official":
            assert arch.notes[0].kind is NoteKind.COPY_STORED and str(arch.notes[0]).startswith(
                f"stored as a copy of en 2031-03-03 (canonical: {corpus['official']}, official); copy 2"
            )
        else:
            assert [(n.kind, n.release) for n in by["official/2031-03-03.txt"].notes] == [
                (NoteKind.COPY_CANONICAL, "en:20310303")
            ]
            assert [str(n) for n in by["official/2031-03-03.txt"].notes] == [
                f"now the canonical copy of en 2031-03-03 (official over archive); copy 1 "
                f"({corpus['archive']}, archive) stays stored as a copy"
            ]


def test_origin_option_overrides_the_folder(store_path, corpus):
    with Store(store_path) as store:
        ingest_paths(store, [corpus["official"]], origin=CopyOrigin.ARCHIVE)
        ingest_paths(store, [corpus["archive"]])
        # both second-hand now: the cleaner one (no U+FFFD) stays canonical
        assert [(c.origin_evidence, c.canonical) for c in store.copies()] == [
            ("--origin archive", True),
            ("folder archive", False),
        ]


def test_choose_remove_restore_and_reingest(store_path, corpus, capsys):
    s = str(store_path)
    assert (
        main(["--store", s, "--silent", "ingest", str(corpus["official"]), str(corpus["archive"])])
        == 0
    )
    with Store(store_path) as store:
        change = choose_canonical(store, "2031-03-01", 2)  # by the archive copy's own label
        assert (change.before.id, change.canonical.id, change.switched) == (1, 2, True)
        assert "\ufffd" in load_ruleset(store, "2031-03-03").get("100.2").text
        assert [c.chosen for c in store.copies()] == [False, True]
        # removing the chosen canonical copy falls back to the precedence
        change = remove_copies(store, "2031-03-03", 2)
        assert (
            change.canonical.id == 1
            and "\ufffd" not in load_ruleset(store, "2031-03-03").get("100.2").text
        )
        # removing the release: no rows, bytes kept, resolve says how to undo
        remove_copies(store, "2031-03-03")
        assert store.releases() == []
        assert store.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 2
        with pytest.raises(StoreError, match=r"was removed .*'mtgcr restore 2031-03-03'"):
            store.resolve("2031-03-03")
        change = restore_copies(store, "2031-03-03", 2)
        assert change.canonical.id == 2  # the only copy restored
        with pytest.raises(StoreError, match="has no copy 7; its copies: 1, 2"):
            restore_copies(store, "2031-03-03", 7)
    # ingesting the removed official file again restores it, and it is canonical again
    capsys.readouterr()
    assert main(["--store", s, "ingest", str(corpus["official"])]) == 0
    err = capsys.readouterr().err
    assert (
        f"note: {corpus['official']}: restored the removed copy 1 of en 2031-03-03 (canonical)"
        in err
    )
    assert main(["--store", s, "releases", "--copies", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(c["copy"], c["origin"], c["canonical"], c["removed"], c["flags"]) for c in listed] == [
        (1, "official", True, False, []),
        (2, "archive", False, False, ["replacement-char"]),
    ]
    assert listed[0]["sha256"] == load_document(corpus["official"]).sha256
    assert listed[1]["quality"] == [
        {
            "kind": "replacement-char",
            "count": 1,
            "lines": [line_no(corpus["archive"], "player\ufffds")],
        }
    ]
    # the CLI: choose, then remove with --purge (not undoable: the bytes go)
    assert main(["--store", s, "releases", "--canonical", "2031-03-03", "--copy", "2"]) == 0
    assert "canonical copy 2" in capsys.readouterr().out
    assert main(["--store", s, "remove", "2031-03-03", "--copy", "2", "--purge"]) == 0
    assert "1 copy deleted with their bytes" in capsys.readouterr().out
    assert main(["--store", s, "restore", "2031-03-03", "--copy", "2"]) == 2
    assert "has no copy 2; its copies: 1" in capsys.readouterr().err


def test_releases_table_shows_state_and_copies(store_path, corpus, capsys):
    s = str(store_path)
    assert main(["--store", s, "--silent", "ingest", *map(str, corpus.values())]) == 0
    capsys.readouterr()
    assert main(["--store", s, "releases", "--format", "json"]) == 0
    rels = json.loads(capsys.readouterr().out)
    assert [(r["label"], r["state"], r["copies"], r["canonical_copy"]["origin"]) for r in rels] == [
        ("20310303", "complete", 2, "official"),
        ("20310607", "complete", 1, "archive"),
    ]
    assert main(["--store", s, "releases", "--canonical", "2031-03-03"]) == 2
    assert "--canonical RELEASE and --copy N go together" in capsys.readouterr().err


def test_old_store_gains_copies_and_keeps_one_release_per_date(store_path, corpus):
    """A store written before copies existed: two releases for one effective date (the bug);
    opening it writable backfills the copies and keeps the official one's rows."""
    with Store(store_path) as store:
        ingest_paths(store, [corpus["archive"], corpus["other"]])
        rec = to_record(parse_cr_text(load_document(corpus["official"])))
        doc = load_document(corpus["official"])
        store.conn.execute(
            "INSERT INTO documents (sha256, source, size, kind, raw, ingested_at) "
            "VALUES (?,?,?,?,?,?)",
            (doc.sha256, doc.source, len(doc.raw), "cr-text", doc.raw, "2030-01-01T00:00:00+00:00"),
        )
        doc_id = store.conn.execute(
            "SELECT id FROM documents WHERE sha256=?", (doc.sha256,)
        ).fetchone()[0]
        store._insert_release_rows(doc_id, rec)
        store.conn.execute("DROP TABLE copies")
    with Store(store_path, readonly=True) as old:
        assert [r.label for r in old.releases()] == ["20310301", "20310303", "20310607"]
        assert old.copies() == []
    with Store(store_path) as store:
        assert [r.label for r in store.releases()] == ["20310303", "20310607"]
        assert [(c.label, c.origin, c.canonical) for c in store.copies()] == [
            ("20310301", CopyOrigin.ARCHIVE, False),
            ("20310303", CopyOrigin.OFFICIAL, True),
            ("20310607", CopyOrigin.ARCHIVE, True),
        ]
        assert store.copies()[0].quality.flags() == ["replacement-char"]


def test_whole_text_stored_without_its_copy_is_read_again(store_path, corpus):
    """Bytes stored, release rows gone (replaced in a store from before copies): ingesting the
    file again reads it from the stored bytes instead of saying 'already stored'."""
    with Store(store_path) as store:
        ingest_paths(store, [corpus["official"]])
        store.conn.execute("DELETE FROM copies")
        store.conn.execute("DELETE FROM releases")
        res = ingest_paths(store, [corpus["official"]])
        assert res[0].status == "ingested" and [(c.id, ok) for c, ok in res[0].copies] == [
            (2, True)
        ]
        assert [r.label for r in store.releases()] == ["20310303"]
        assert store.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 1


def test_self_diff_and_reversed_diff_say_so(store_path, corpus, capsys):
    s = str(store_path)
    assert main(["--store", s, "--silent", "ingest", *map(str, corpus.values())]) == 0
    capsys.readouterr()
    # the archive copy's label and the official date name one release
    assert main(["--store", s, "diff", "2031-03-01", "2031-03-03", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["direction"] == "same"
    assert (
        "note: OLD and NEW are the same release, en 2031-03-03 ('2031-03-01' and '2031-03-03' "
        "name the same release): nothing changed between them; give two different releases"
    ) in err.splitlines()
    assert main(["--store", s, "diff", "2031-06-07", "2031-03-03"]) == 0
    out, err = capsys.readouterr()
    assert (
        "note: OLD (en 2031-06-07) is newer than NEW (en 2031-03-03): the report reads backwards"
        in err
    )
    assert "> **Note:** OLD (en 2031-06-07) is newer than NEW (en 2031-03-03)" in out
    assert main(["--store", s, "diff", "2031-03-03", "2031-06-07", "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["direction"] == "forward" and "note:" not in err


def test_build_writes_no_self_pair_for_two_copies_of_one_release(
    store_path, corpus, tmp_path, capsys
):
    site = tmp_path / "site"
    assert (
        main(
            [
                "--store",
                str(store_path),
                "--silent",
                "build",
                *map(str, corpus.values()),
                "--out",
                str(site),
                "--formats",
                "json",
            ]
        )
        == 0
    )
    reports = sorted(p.name for p in (site / "en").iterdir())
    assert reports == ["2031-03-03_2031-06-07.json"]


def test_origin_given_again_for_a_stored_file_is_recorded(store_path, corpus):
    with Store(store_path) as store:
        ingest_paths(store, [corpus["official"], corpus["archive"]])
        # the user says the "official" file is second-hand too: the cleaner copy stays canonical
        [res] = ingest_paths(store, [corpus["official"]], origin=CopyOrigin.ARCHIVE)
        assert [str(n) for n in res.notes] == [
            f"copy 1 of en 2031-03-03: origin archive (was official); canonical: "
            f"copy 1 ({corpus['official']}, archive)"
        ]
        # and the archive one is official: it becomes canonical
        [res] = ingest_paths(store, [corpus["archive"]], origin=CopyOrigin.OFFICIAL)
        assert res.copies[0][1] is True
        assert "\ufffd" in load_ruleset(store, "2031-03-03").get("100.2").text
        # facts of the copy that is not canonical are not listed twice (none here: EN texts)
        assert [(c.origin, c.canonical) for c in store.copies()][:2] == [
            (CopyOrigin.ARCHIVE, False),
            (CopyOrigin.OFFICIAL, True),
        ]


def test_facts_of_a_second_copy_are_not_counted_twice(store_path, tmp_path):
    from ja_samples import JA

    one = write(tmp_path / "official" / "JPN_CR_20300110.txt", JA)
    two = tmp_path / "archive" / "JPN_CR_20300110.txt"
    two.parent.mkdir()
    two.write_bytes(JA.replace("\n", "\r\n").encode("utf-8"))
    with Store(store_path) as store:
        ingest_paths(store, [one])
        pairs = store.facts("term-pair")
        assert ("相棒", "Companion") in [(p["ja"], p["en"]) for p in pairs]
        n_facts = store.conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0]
        [res] = ingest_paths(store, [two])
        assert res.copies[0][1] is False and str(res.notes[0]).startswith(
            "stored as a copy of ja 2030-01-10 revision 1"
        )
        assert store.facts("term-pair") == pairs  # the second copy's facts are stored, not listed
        assert store.conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0] == 2 * n_facts
        # a text read again from its stored bytes keeps one set of facts
        store.conn.execute("DELETE FROM copies WHERE id = 2")
        [res] = ingest_paths(store, [two])
        assert res.status == "ingested" and res.copies[0][0].id == 3
        assert store.conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0] == 2 * n_facts


def test_marks_rules():
    from mtgcr.corpus.copies import with_marks

    cs = [_copy(1, chosen=True), _copy(2, removed=True), _copy(3)]
    assert [(c.chosen, c.removed) for c in with_marks(cs, chosen=2)] == [
        (False, False),
        (True, False),
        (False, False),
    ]
    assert [(c.chosen, c.removed) for c in with_marks(cs, removed=True, copy_id=1)] == [
        (False, True),
        (False, True),
        (False, False),
    ]
    assert [c.removed for c in with_marks(cs, removed=False)] == [False, False, False]
    assert [
        (c.origin, c.origin_evidence) for c in with_marks(cs, origin=CopyOrigin.OFFICIAL, copy_id=3)
    ][2] == (CopyOrigin.OFFICIAL, "--origin official")


def test_interrupted_choice_changes_nothing(store_path, corpus, monkeypatch):
    with Store(store_path) as store:
        ingest_paths(store, [corpus["official"], corpus["archive"]])
        before = [(c.id, c.chosen, c.canonical) for c in store.copies()]

        def interrupted(self, doc_id, rec):
            raise KeyboardInterrupt

        monkeypatch.setattr(Store, "_insert_release_rows", interrupted)
        with pytest.raises(KeyboardInterrupt):
            choose_canonical(store, "2031-03-03", 2)
        assert [(c.id, c.chosen, c.canonical) for c in store.copies()] == before
        assert [r.label for r in store.releases()] == ["20310303"]


def test_any_ingest_reads_again_texts_an_older_store_had_replaced(store_path, corpus, capsys):
    with Store(store_path) as store:
        ingest_paths(store, [corpus["official"], corpus["archive"]])
        # what an mtgcr from before copies left: the archive copy replaced the official one
        choose_canonical(store, "2031-03-03", 2)
        store.conn.execute("DELETE FROM copies WHERE id = 1")
        assert store.unattached_texts() == [
            (load_document(corpus["official"]).sha256, str(corpus["official"]))
        ]
    assert main(["--store", str(store_path), "ingest", str(corpus["other"])]) == 0
    err = capsys.readouterr().err
    assert (
        f"note: {corpus['official']}: read again from the stored bytes (it had been replaced "
        f"before copies were kept)"
    ) in err.splitlines()
    assert (
        err.splitlines()[-1]
        == "1 ingested, 0 already stored, 0 failed; 1 stored texts read again as copies"
    )
    with Store(store_path) as store:
        assert store.unattached_texts() == []
        # the archive copy is still the user's choice (it was chosen); the official one is a copy
        assert [(c.origin, c.canonical) for c in store.copies(key="en:2031-03-03")] == [
            (CopyOrigin.ARCHIVE, True),
            (CopyOrigin.OFFICIAL, False),
        ]


def test_anchor_with_a_copy_label_names_the_effective_date(store_path, corpus):
    from mtgcr.crossref.anchor import Anchor, AnchorError, resolve_anchor
    from mtgcr.crossref.chain import Chain

    with Store(store_path) as store:
        ingest_paths(store, [corpus["official"], corpus["archive"], corpus["other"]])
        chain = Chain(store, "en")
        with pytest.raises(
            AnchorError,
            match=r"2031-03-01 is the label of a copy of en 2031-03-03; "
            r"anchors name a release by its effective date: "
            r"en:2031-03-03:100\.2",
        ):
            resolve_anchor(chain, Anchor.parse("en:2031-03-01:100.2"))
        res = resolve_anchor(chain, Anchor.parse("en:2031-03-03:100.2"), "2031-06-07")
        assert [str(n) for n in res.numbers] == ["100.2"]


def test_search_index_forgets_a_replaced_copy_even_when_its_id_is_reused(store_path, tmp_path):
    from mtgcr.reports.search import search

    archive = write(
        tmp_path / "archive" / "CR-2031-03-03.txt", cr_text(BODY.replace("library", "ledger"))
    )
    official = write(tmp_path / "official" / "2031-03-03.txt", cr_text(BODY))
    with Store(store_path) as store:
        ingest_paths(store, [archive])
        first = store.releases()
        assert [r.number for r in search(store, "ledger", first)] == ["100.2"]
        ingest_paths(store, [official])  # the official copy becomes canonical
        now = store.releases()
        assert [r.id for r in now] == [r.id for r in first]  # SQLite reused the id
        assert search(store, "ledger", now) == []
        assert [r.number for r in search(store, "library", now)] == ["100.2"]
