"""Store guarantees on files written for the tests: idempotence, transactions, concurrent
readers, DataFrames, release addressing, and an exact round trip of a parsed release."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.corpus.notes import NoteKind
from mtgcr.corpus.document import load_document
from mtgcr.corpus.store import Store, StoreError
from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.ingest import ingest_paths
from mtgcr.extract.records import from_record, load_ruleset

BODY_B = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game.

Example: A first example.

Example: A second example.

100.1a A subrule.

101. Other Things

101.1. Another rule.
"""


def write(folder: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = folder / name
    path.write_bytes(text.encode(encoding))
    return path


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """Three good CR files (two releases of 2031, one of 2032) and their folder."""
    d = tmp_path / "in"
    d.mkdir()
    return {
        "a": write(d, "2031-03-03.txt", cr_text()),
        # published as 2031-06-10, effective June 7 (like 2024-02-06 → February 2, 2024)
        "b": write(
            d,
            "2031-06-10.txt",
            cr_text(BODY_B, date="These rules are effective as of June 7, 2031."),
        ),
        "c": write(
            d,
            "2032-01-20.txt",
            cr_text(date="These rules are effective as of January 20, 2032."),
            encoding="cp1252",
        ),
    }


def snapshot(path: Path) -> list[str]:
    """Every row of every table, as SQL text (a stable picture of the whole store)."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_idempotent_same_bytes_add_nothing(store_path, files):
    with Store(store_path) as store:
        first = ingest_paths(store, [files["a"], files["b"]])
    assert [r.status for r in first] == ["ingested", "ingested"]
    before = snapshot(store_path)
    with Store(store_path) as store:
        again = ingest_paths(store, [files["a"].parent])  # the folder: a and b again, plus c
    assert [(Path(r.path).name, r.status) for r in again] == [
        ("2031-03-03.txt", "unchanged"),
        ("2031-06-10.txt", "unchanged"),
        ("2032-01-20.txt", "ingested"),
    ]
    with Store(store_path) as store:
        ingest_paths(store, [files["c"]])
        assert len(store.releases()) == 3
    after = snapshot(store_path)
    assert len([l for l in after if l.startswith('INSERT INTO "documents"')]) == 3
    assert [l for l in before if l.startswith('INSERT INTO "releases"')] == [
        l for l in after if l.startswith('INSERT INTO "releases"')
    ][:2]


def test_failure_inside_add_document_leaves_store_exactly_as_before(store_path, files, monkeypatch):
    with Store(store_path) as store:
        ingest_paths(store, [files["a"]])
    before = snapshot(store_path)
    calls = []
    original = Store._write_release

    def write_then_fail(self, doc_id, rec, *args):
        original(self, doc_id, rec, *args)  # documents, releases, rules … rows are written
        calls.append(self.conn.execute("SELECT COUNT(*) FROM rules").fetchone()[0])
        raise sqlite3.OperationalError("disk I/O error (simulated)")

    monkeypatch.setattr(Store, "_write_release", write_then_fail)
    with Store(store_path) as store:
        results = ingest_paths(store, [files["b"]])
    assert calls and calls[0] > 4  # the rows of b were in the transaction when it failed
    assert results[0].status == "failed"
    assert results[0].error.startswith(
        f"{files['b']}: not stored (OperationalError: disk I/O error"
    )
    assert snapshot(store_path) == before


def test_failing_file_among_good_ones(store_path, files, monkeypatch):
    original = Store._write_release

    def fail_for_b(self, doc_id, rec, *args):
        notes = original(self, doc_id, rec, *args)
        if rec.release["label"] == "20310610":
            raise RuntimeError("simulated crash while writing")
        return notes

    monkeypatch.setattr(Store, "_write_release", fail_for_b)
    with Store(store_path) as store:
        results = ingest_paths(store, [files["a"], files["b"], files["c"]])
        assert [r.status for r in results] == ["ingested", "failed", "ingested"]
        assert [r.label for r in store.releases()] == ["20310303", "20320120"]
        sources = [s for (s,) in store.conn.execute("SELECT source FROM documents ORDER BY id")]
        assert sources == [str(files["a"]), str(files["c"])]
        assert (
            store.conn.execute(
                "SELECT COUNT(*) FROM rules WHERE release_id NOT IN (SELECT id FROM releases)"
            ).fetchone()[0]
            == 0
        )
    monkeypatch.setattr(Store, "_write_release", original)
    with Store(store_path) as store:  # the failed file goes in on the next run
        assert [r.status for r in ingest_paths(store, [files["a"], files["b"]])] == [
            "unchanged",
            "ingested",
        ]


def test_interrupt_inside_add_document_rolls_back(store_path, files, monkeypatch):
    with Store(store_path) as store:
        ingest_paths(store, [files["a"]])
    before = snapshot(store_path)

    def interrupted(self, doc_id, rec, *args):
        raise KeyboardInterrupt

    monkeypatch.setattr(Store, "_write_release", interrupted)
    with Store(store_path) as store, pytest.raises(KeyboardInterrupt):
        ingest_paths(store, [files["b"]])
    assert snapshot(store_path) == before


def test_concurrent_reader_sees_all_or_nothing(store_path, files, monkeypatch):
    with Store(store_path) as store:
        ingest_paths(store, [files["a"]])
    written, resume = threading.Event(), threading.Event()
    original = Store._write_release

    def write_and_wait(self, doc_id, rec, *args):
        notes = original(self, doc_id, rec, *args)
        written.set()  # every row of b is written, the transaction is still open
        assert resume.wait(10)
        return notes

    monkeypatch.setattr(Store, "_write_release", write_and_wait)
    outcome = []

    def writer():
        with Store(store_path) as store:
            outcome.extend(ingest_paths(store, [files["b"]]))

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        assert written.wait(10)
        with Store(store_path, readonly=True) as reader:
            during = (
                [r.label for r in reader.releases()],
                reader.conn.execute("SELECT COUNT(*) FROM rules").fetchone()[0],
                reader.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0],
            )
    finally:
        resume.set()
        thread.join(10)
    assert during == (["20310303"], 4, 1)
    assert outcome[0].status == "ingested"
    with Store(store_path, readonly=True) as reader:
        assert [r.label for r in reader.releases()] == ["20310303", "20310610"]
        assert reader.conn.execute("SELECT COUNT(*) FROM rules").fetchone()[0] == 4 + 3


def test_tables_as_dataframes(store_path, files):
    with Store(store_path) as store:
        ingest_paths(store, [files["b"]])
        rules = store.table("rules")
        assert list(rules["number"]) == ["100.1", "100.1a", "101.1"]
        assert rules.loc[rules["number"] == "100.1a", "text"].item() == "A subrule."
        assert list(rules["kind"]) == ["rule", "subrule", "rule"]
        examples = store.table("examples")
        assert list(examples["text"]) == ["A first example.", "A second example."]
        docs = store.table("documents")
        assert "raw" not in docs.columns and docs["encoding"].item() == "ascii"
        rels = store.table("releases")
        assert (rels["label"].item(), rels["effective_date"].item(), rels["lang"].item()) == (
            "20310610",
            "2031-06-07",
            "en",
        )
        with pytest.raises(StoreError, match="no table 'secrets'"):
            store.table("secrets")


def test_release_addressed_by_effective_date_and_label(store_path, files):
    with Store(store_path) as store:
        ingest_paths(store, list(files.values()))
        for spec in ("2031-06-07", "20310610", "2031-06-10", "20310607"):
            assert store.resolve(spec).label == "20310610", spec
        assert store.resolve("latest").label == "20320120"
        assert store.resolve(None).effective_date == "2032-01-20"
        with pytest.raises(StoreError, match=r"no en release '2099-01-01'"):
            store.resolve("2099-01-01")
        with pytest.raises(StoreError, match="no ja releases"):
            store.resolve("20310610", lang="ja")
        assert load_ruleset(store, "2031-06-07").get("101.1").text == "Another rule."


def test_round_trip_equals_the_parse(store_path, files):
    with Store(store_path) as store:
        ingest_paths(store, [files["b"]])
        back = from_record(store.release_rows(store.resolve("20310610").id))
        raw = store.document_raw(load_document(files["b"]).sha256)
    parsed = parse_cr_text(load_document(files["b"]))
    assert raw == files["b"].read_bytes()
    assert back.release == parsed.release
    assert [
        (n, r.text, r.line, [(e.text, e.line) for e in r.examples]) for n, r in back.rules.items()
    ] == [
        (n, r.text, r.line, [(e.text, e.line) for e in r.examples]) for n, r in parsed.rules.items()
    ]
    assert back.glossary == parsed.glossary and back.sections == parsed.sections
    assert back.chapters == parsed.chapters and back.warnings == parsed.warnings
    assert (back.title, back.introduction, back.credits) == (
        parsed.title,
        parsed.introduction,
        parsed.credits,
    )


def test_same_release_from_other_bytes_is_stored_as_a_copy(store_path, files, tmp_path):
    other = write(
        tmp_path,
        "MagicCompRules 20310303.txt",
        cr_text().replace("Each player brings a deck.", "Each player brings one deck."),
    )
    with Store(store_path) as store:
        ingest_paths(store, [files["a"]])
        res = ingest_paths(store, [other])
        assert str(res[0].notes[0]).startswith(
            f"stored as a copy of en 2031-03-03 (canonical: {files['a']}, unknown); copy 2: "
        )
        assert [(n.kind, n.release, n.origin) for n in res[0].notes] == [
            (NoteKind.COPY_STORED, "en:20310303", "whole")
        ]
        assert [(c.id, c.canonical) for c, _ in res[0].copies] == [(2, False)]
        assert len(store.releases()) == 1
        # the first copy stays canonical: equal in origin, completeness, quality and size
        assert load_ruleset(store, "20310303").get("100.2").text == "Each player brings a deck."
        assert store.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 2  # bytes kept
        assert [(c.id, c.source, c.canonical) for c in store.copies()] == [
            (1, str(files["a"]), True),
            (2, str(other), False),
        ]
        # --replace with the same bytes makes it the canonical copy (the user's choice)
        res = ingest_paths(store, [other], replace=True)
        assert res[0].status == "ingested" and str(res[0].notes[0]).startswith(
            "copy 2 is now the canonical copy of en 2031-03-03 (chosen with --replace)"
        )
        assert res[0].notes[0].kind is NoteKind.COPY_CANONICAL
        assert load_ruleset(store, "20310303").get("100.2").text == "Each player brings one deck."
