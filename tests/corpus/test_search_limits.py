"""``search`` with hostile queries (issue 22): words are de-duplicated and capped (64 distinct
words, 2,000 characters) with a clear message, and a long SQLite query stops at once on
SIGTERM instead of running to its end (:mod:`mtgcr.corpus.interrupt`)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time

import pytest

from crfile import cr_text
from mtgcr.cli.main import main


@pytest.fixture
def store(tmp_path, capsys):
    (tmp_path / "a.txt").write_text(cr_text(), encoding="utf-8")
    s = tmp_path / "s.sqlite"
    assert main(["--store", str(s), "--silent", "ingest", str(tmp_path / "a.txt")]) == 0
    capsys.readouterr()
    return s


def search(store, capsys, text: str) -> tuple[int, str, str]:
    code = main(["--store", str(store), "--silent", "search", text, "--format", "json"])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_repeated_words_count_once(store, capsys):
    code, once, _ = search(store, capsys, "player deck")
    assert code == 0
    code, many, _ = search(store, capsys, " ".join(["player", "deck", "Deck"] * 110))
    assert code == 0
    hits = lambda out: [(h["number"], h["spans"]) for h in json.loads(out)["hits"]]  # noqa: E731
    assert hits(many) == hits(once) == [("100.2", [[5, 11], [21, 25]])]


def test_too_many_distinct_words_or_characters_are_refused(store, capsys):
    code, out, err = search(store, capsys, " ".join(f"w{i}" for i in range(65)))
    assert (
        code == 2
        and out == ""
        and err
        == (
            "mtgcr: search: the query has 65 distinct words; at most 64 are searched (every word "
            "must occur in a rule)\n"
        )
    )
    code, out, err = search(store, capsys, "deck " * 401)
    assert code == 2 and err == (
        "mtgcr: search: the query has 2,005 characters; at most 2,000 are searched\n"
    )
    assert search(store, capsys, " ".join(f"w{i}" for i in range(64)))[0] == 1  # 64: searched


def test_a_long_sqlite_query_stops_at_once_on_sigterm():
    """A query that takes tens of seconds inside FTS5's C code (3,200 AND-ed common words) is
    stopped within a second of SIGTERM, through the command line's own handler."""
    script = textwrap.dedent(
        """
        import signal, sqlite3, sys, time
        from mtgcr.cli.main import Terminated, _terminate
        from mtgcr.corpus.interrupt import interruptible
        signal.signal(signal.SIGTERM, _terminate)
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        conn.executemany("INSERT INTO t VALUES (?)", [("the a of to is player card " * 20,)] * 3000)
        query = " AND ".join(['"the"', '"a"', '"of"', '"to"'] * 800)
        print("ready", flush=True)
        started = time.monotonic()
        try:
            with interruptible(conn):
                conn.execute("SELECT count(*) FROM t WHERE t MATCH ?", (query,)).fetchall()
            print("finished", flush=True)
        except Terminated:
            print(f"terminated after {time.monotonic() - started:.2f} s", flush=True)
        """
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline() == "ready\n"
        time.sleep(0.5)
        sent = time.monotonic()
        child.terminate()
        line = child.stdout.readline()
        assert time.monotonic() - sent < 3, line
        assert line.startswith("terminated after "), (line, child.stderr.read())
    finally:
        child.kill()
        child.wait()
