"""Ingest robustness on files written for the tests: incomplete files never silently replace a
complete release, Ctrl-C right after a commit is accounted for, concurrent ingests of the same
file, a busy store, empty paths, warnings of files already stored."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.corpus.document import DocumentError, load_document
from mtgcr.corpus.store import Store, StoreBusy
from mtgcr.extract.ingest import IngestInterrupted, ingest_file, ingest_paths, scan_paths
from mtgcr.cli.main import main

GLOSSARY = """\
Deck
The cards a player starts the game with. See rule 100.2.

Draw
To take the top card of the library. See rule 100.1.
"""

BODY = """\
1. Game Concepts

100. General

100.1. These test rules describe a small game.

100.2. Each player brings a deck.

101. Second Section

101.1. A rule of section 101.

102. Third Section

102.1. A rule of section 102.

102.1a A subrule of section 102.
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return path


@pytest.fixture
def full(tmp_path) -> Path:
    return write(tmp_path / "in" / "2031-03-03.txt", cr_text(BODY, GLOSSARY))


@pytest.fixture
def cut_after_glossary_heading(tmp_path) -> Path:
    text = cr_text(BODY, GLOSSARY)
    return write(
        tmp_path / "cut" / "2031-03-03.txt",
        text[: text.rindex("\nGlossary\n") + len("\nGlossary\n")],
    )


@pytest.fixture
def holed(tmp_path) -> Path:
    """Sections 101 and 102 cut out of the body; the contents still list them."""
    text = cr_text(BODY, GLOSSARY)
    body_start = text.index("1. Game Concepts", text.index("Contents\n\n") + 20)
    a = text.index("101. Second Section", body_start)
    b = text.index("\nGlossary\n", a)
    return write(tmp_path / "holes" / "2031-03-03.txt", text[:a] + text[b + 1 :])


def releases(store_path: Path) -> list[tuple]:
    with Store(store_path, readonly=True) as s:
        return [
            (
                r.label,
                r.complete,
                r.counts["sections"],
                r.counts["glossary"],
                Path(r.source).parent.name,
            )
            for r in s.releases()
        ]


# -- 1. incomplete files ---------------------------------------------------------------------------


def test_truncated_copy_is_stored_as_a_copy_and_can_be_chosen(
    store_path, full, cut_after_glossary_heading, capsys
):
    s = str(store_path)
    assert main(["--store", s, "--silent", "ingest", str(full)]) == 0
    capsys.readouterr()
    assert main(["--store", s, "ingest", str(cut_after_glossary_heading)]) == 0
    out, err = capsys.readouterr()
    assert (
        f"note: {cut_after_glossary_heading}: stored as a copy of en 2031-03-03 (canonical: "
        f"{full}, unknown); copy 2: 'mtgcr releases --canonical 2031-03-03 --copy 2' makes it "
        f"canonical"
    ) in err.splitlines()
    assert "en:20310303 (copy 2 of en 2031-03-03)" in out
    assert (
        "1 ingested (1 as copies, not canonical: mtgcr releases --copies), 0 already stored, "
        "0 failed"
    ) in err.splitlines()
    assert releases(store_path) == [("20310303", True, 3, 2, "in")]
    with Store(store_path, readonly=True) as st:
        assert st.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 2
    # asked for: it is canonical; its rule tree is whole, so it is still complete (with a warning)
    assert main(["--store", s, "ingest", "--replace", str(cut_after_glossary_heading)]) == 0
    err = capsys.readouterr().err
    assert (
        f"note: {cut_after_glossary_heading}: copy 2 is now the canonical copy of en 2031-03-03 "
        f"(chosen with --replace); copy 1 ({full}, unknown) stays stored as a copy"
    ) in err.splitlines()
    assert releases(store_path) == [("20310303", True, 3, 0, "cut")]
    # a fuller file (other bytes: CRLF line breaks) does not override the user's choice ...
    crlf = full.parent.parent / "crlf" / full.name
    crlf.parent.mkdir()
    crlf.write_bytes(full.read_bytes().replace(b"\n", b"\r\n"))
    assert main(["--store", s, "--silent", "ingest", str(crlf)]) == 0
    assert releases(store_path) == [("20310303", True, 3, 0, "cut")]
    # ... until the choice is cleared: then the whole glossary wins, and of two equal copies the
    # one stored first
    assert main(["--store", s, "releases", "--canonical", "2031-03-03", "--copy", "auto"]) == 0
    assert releases(store_path) == [("20310303", True, 3, 2, "in")]


def test_file_with_holes_is_stored_incomplete_with_a_warning_per_missing_section(
    store_path, holed, full, capsys
):
    s = str(store_path)
    assert main(["--store", s, "ingest", "--warnings", str(holed)]) == 0
    err = capsys.readouterr().err
    lines = holed.read_text(encoding="utf-8").split("\n")
    for sec, title in (("101", "Second Section"), ("102", "Third Section")):
        line = lines.index(f"{sec}. {title}") + 1  # in the contents
        assert (
            f"warning: {holed}:{line}: the contents list section {sec} ({title}) but the body "
            f"has no section {sec}: the file has a hole"
        ) in err.splitlines()
    assert releases(store_path) == [("20310303", False, 1, 2, "holes")]
    assert main(["--store", s, "releases"]) == 0
    assert "partial" in capsys.readouterr().out
    assert main(["--store", s, "--silent", "ingest", str(full)]) == 0
    assert (
        main(["--store", s, "--silent", "ingest", str(holed)]) == 0
    )  # already stored: bytes known
    assert releases(store_path) == [("20310303", True, 3, 2, "in")]


# -- 2. Ctrl-C ---------------------------------------------------------------------------------------


class _InterruptAfterCommit:
    """Wraps a connection: the ``n``-th COMMIT is carried out, then Ctrl-C arrives."""

    def __init__(self, conn: sqlite3.Connection, n: int) -> None:
        self._conn, self._left = conn, n

    def execute(self, sql, *args):
        cur = self._conn.execute(sql, *args)
        if sql == "COMMIT":
            self._left -= 1
            if self._left == 0:
                raise KeyboardInterrupt
        return cur

    def __getattr__(self, name):
        return getattr(self._conn, name)


@pytest.fixture
def three(tmp_path) -> list[Path]:
    return [
        write(
            tmp_path / "three" / f"2031-0{m}-03.txt",
            cr_text(BODY, GLOSSARY, date=f"These rules are effective as of {name} 3, 2031."),
        )
        for m, name in ((3, "March"), (4, "April"), (5, "May"))
    ]


def test_interrupt_right_after_commit_stops_the_run_and_counts_the_file(
    store_path, three, monkeypatch, capsys
):
    original = Store.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if not self.readonly:
            self.conn = _InterruptAfterCommit(self.conn, 2)

    monkeypatch.setattr(Store, "__init__", init)
    assert main(["--store", str(store_path), "ingest", *map(str, three)]) == 130
    err = capsys.readouterr().err
    assert "not stored" not in err and "error:" not in err
    assert "2 ingested, 0 already stored, 0 failed, 1 not done" in err.splitlines()
    assert err.rstrip().splitlines()[-1] == (
        f"mtgcr: interrupted at {three[1]} (2 of 3 files handled); the store keeps every file "
        f"that finished"
    )
    monkeypatch.setattr(Store, "__init__", original)
    assert [label for label, *_ in releases(store_path)] == ["20310303", "20310403"]


def test_interrupt_before_commit_rolls_back_and_stops(store_path, three, monkeypatch):
    original = Store._write_release
    calls = []

    def interrupted(self, doc_id, rec, *args):
        calls.append(rec.release["label"])
        if len(calls) == 2:
            raise KeyboardInterrupt
        return original(self, doc_id, rec, *args)

    monkeypatch.setattr(Store, "_write_release", interrupted)
    with Store(store_path) as store, pytest.raises(IngestInterrupted) as info:
        ingest_paths(store, three)
    assert [(Path(r.path).name, r.status) for r in info.value.results] == [
        ("2031-03-03.txt", "ingested"),
        ("2031-04-03.txt", "interrupted"),
    ]
    assert calls == ["20310303", "20310403"]  # the third file was not started
    assert [label for label, *_ in releases(store_path)] == ["20310303"]


# -- 3. empty path -------------------------------------------------------------------------------------


def test_empty_path_is_an_error_not_the_current_folder(
    store_path, tmp_path, monkeypatch, capsys, full
):
    monkeypatch.chdir(full.parent)  # a CR file lies in the current folder
    assert main(["--store", str(store_path), "ingest", ""]) == 2
    assert "an empty PATH ('') names no file" in capsys.readouterr().err
    assert not store_path.exists()
    with pytest.raises(DocumentError, match="empty path"):
        scan_paths([""])


# -- 4. concurrent ingests -------------------------------------------------------------------------------


def test_second_ingest_of_the_same_file_while_the_first_writes_is_already_stored(
    store_path, three, monkeypatch
):
    with Store(store_path):
        pass
    in_write, resume = threading.Event(), threading.Event()
    original = Store._write_release

    def write_and_wait(self, doc_id, rec, *args):
        notes = original(self, doc_id, rec, *args)
        if not in_write.is_set():
            in_write.set()  # the first ingest holds the write lock; its rows are not committed
            assert resume.wait(10)
        return notes

    monkeypatch.setattr(Store, "_write_release", write_and_wait)
    opened, go = threading.Event(), threading.Event()
    first, second = [], []

    def second_ingest():
        with Store(store_path) as store:  # opened before the first ingest writes
            opened.set()
            assert go.wait(10)
            second.append(ingest_file(store, three[0]))

    t2 = threading.Thread(target=second_ingest)
    t2.start()
    assert opened.wait(10)
    t = threading.Thread(target=lambda: first.append(ingest_file(Store(store_path), three[0])))
    t.start()
    try:
        assert in_write.wait(10)
        go.set()
        time.sleep(0.5)  # the second has looked (not stored yet), parsed, and waits for the lock
    finally:
        go.set()
        resume.set()
        t.join(10)
    t2.join(20)
    assert first[0].status == "ingested"
    assert second[0].status == "unchanged", second[0].error
    with Store(store_path, readonly=True) as s:
        assert s.conn.execute("SELECT COUNT(*) FROM documents").fetchone()[0] == 1


def test_busy_store_is_one_clear_line_and_stops_the_run(store_path, three, monkeypatch, capsys):
    with Store(store_path):
        pass
    holder = sqlite3.connect(store_path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        with Store(store_path, timeout=0.2) as store, pytest.raises(StoreBusy, match="store busy"):
            ingest_file(store, three[0])
        import mtgcr.cli.main as cli

        monkeypatch.setattr(
            cli.Context,
            "store",
            lambda self, readonly=False: Store(self.store_path, readonly, timeout=0.2),
        )
        assert main(["--store", str(store_path), "ingest", *map(str, three)]) == 2
        err = capsys.readouterr().err
        assert err.rstrip().splitlines()[-1] == (
            f"mtgcr: {store_path}: store busy: another program has held its write lock "
            f"for 0.2 s; try again when it is done (stopped after 0 of 3 files)"
        )
        assert "Traceback" not in err and "not stored" not in err
    finally:
        holder.execute("ROLLBACK")
        holder.close()


# -- 6. warnings of files already stored -------------------------------------------------------------------


def test_warnings_listed_for_files_already_stored(store_path, tmp_path, capsys):
    text = cr_text(BODY.replace("100.2. Each", "100.2 Each"), GLOSSARY)
    f = write(tmp_path / "w" / "2031-03-03.txt", text)
    line = text.split("\n").index("100.2 Each player brings a deck.") + 1
    want = f"warning: {f}:{line}: no dot after rule 100.2"
    assert main(["--store", str(store_path), "ingest", str(f)]) == 0
    first = capsys.readouterr()
    assert want not in first.err and "1 warnings" in first.err
    assert main(["--store", str(store_path), "ingest", "--warnings", str(f)]) == 0
    out, err = capsys.readouterr()
    assert want in err.splitlines() and "0 ingested, 1 already stored, 0 failed" in err
    row = next(l for l in out.splitlines() if "2031-03-03.txt" in l)
    assert f"1: {line}: no dot after rule 100.2" in row
    with Store(store_path, readonly=True) as s:
        assert s.document_warnings(load_document(f).sha256) == [want[len("warning: ") :]]
