"""Store health (issue 22): ``mtgcr check`` finds a store damaged inside and maps the damage to
releases; ``--repair`` rebuilds it from the stored bytes and keeps the damaged file; a store on
a read-only location says "read-only" (and can still be searched); a store whose write lock is
taken says at once whom the command waits for.

The damage is real: bytes of the SQLite file changed where ``dbstat`` says a table's pages
are. CR files are written for the tests (:mod:`crfile`).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crfile import cr_text
from mtgcr.cli.main import main
from mtgcr.corpus.store import Store

LATER = "These rules are effective as of June 7, 2031."
#: Enough rules that each release's rows fill pages of their own (a damaged page is one
#: release's); the later release says "one deck" where the earlier says "a deck".
BODY = "1. Game Concepts\n\n100. General\n\n100.1. Each player brings a deck.\n\n" + "\n\n".join(
    f"100.{i}. Rule {i} of a test file, long enough to fill several pages: {'words ' * 12}"
    for i in range(2, 260)
)
NO_DAC = [
    "setpriv",
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
]


@pytest.fixture
def store(tmp_path, capsys) -> Path:
    """Two releases (2031-03-03 from a.txt, 2031-06-07 from b.txt), checkpointed into the one
    file (no -wal), so the test can change the file's bytes."""
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.txt").write_text(cr_text(BODY), encoding="utf-8")
    later = BODY.replace("brings a deck", "brings one deck")
    (src / "b.txt").write_text(cr_text(later, date=LATER), encoding="utf-8")
    s = tmp_path / "store.sqlite"
    assert main(["--store", str(s), "--silent", "ingest", str(src)]) == 0
    capsys.readouterr()
    return s


def _pages(store: Path, table: str) -> list[int]:
    conn = sqlite3.connect(store)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = [
        p
        for (p,) in conn.execute("SELECT pageno FROM dbstat WHERE name=? ORDER BY pageno", (table,))
    ]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    return [p for p in pages], size


def _patch(store: Path, table: str, old: bytes, new: bytes) -> None:
    """Replace the first ``old`` in a page of ``table`` by ``new`` (same length): a row changed
    behind SQLite's back, the b-tree intact."""
    pages, size = _pages(store, table)
    data = bytearray(store.read_bytes())
    for p in pages:
        at = data.find(old, (p - 1) * size, p * size)
        if at >= 0:
            data[at : at + len(old)] = new
            store.write_bytes(bytes(data))
            return
    raise AssertionError(f"{old!r} not in a page of {table}")


def check(store: Path, capsys, *more: str) -> tuple[int, list[str]]:
    code = main(["--store", str(store), "check", *more])
    return code, capsys.readouterr().out.splitlines()


def test_a_healthy_store_is_ok(store, capsys):
    code, out = check(store, capsys)
    assert code == 0 and out == [
        f"store {store}",
        "SQLite integrity: ok",
        "documents: 2 stored, every one's bytes intact",
        "releases: 2 ok, 0 damaged",
    ]


def test_a_row_changed_inside_is_named_and_repaired(store, tmp_path, capsys):
    _patch(store, "rules", b"brings a deck", b"brings A deck")
    with sqlite3.connect(store) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"  # SQLite sees nothing
    code, out = check(store, capsys)
    assert code == 1 and out[3:] == [
        "releases: 1 ok, 1 damaged",
        "  en 2031-03-03 (whole): differs from its stored bytes — rules 100.1: text",
        "'mtgcr check --repair' rebuilds the store from its stored bytes (the damaged file is kept)",
    ]
    code, out = check(store, capsys, "--repair")
    assert code == 0 and out[-1].startswith(
        "repaired: the store was rebuilt from its stored bytes; the damaged file is kept as "
    )
    kept = Path(out[-1].rsplit(" ", 1)[1])
    assert kept.parent == store.parent and kept.name.startswith("store.sqlite.damaged-")
    assert b"brings A deck" in kept.read_bytes()  # nothing deleted
    assert check(store, capsys)[0] == 0
    assert main(["--store", str(store), "show", "100.1", "-r", "2031-03-03"]) == 0
    assert "100.1. Each player brings a deck." in capsys.readouterr().out


def test_a_damaged_page_is_mapped_to_its_release(store, capsys):
    pages, size = _pages(store, "rules")
    data = bytearray(store.read_bytes())
    leaf = (pages[-1] - 1) * size  # a page of the second release's rules
    data[leaf : leaf + 8] = b"\xff" * 8  # its b-tree page header
    store.write_bytes(bytes(data))
    code, out = check(store, capsys)
    assert code == 1
    assert out[1].startswith("SQLite integrity: ") and out[1] != "SQLite integrity: ok"
    damaged = [l for l in out if l.startswith("  en ")]
    assert damaged == ["  en 2031-06-07 (whole): rows cannot be read"], out
    assert check(store, capsys, "--repair")[0] == 0
    assert check(store, capsys)[0] == 0


def test_damaged_document_bytes_name_the_file_to_ingest_again(store, tmp_path, capsys):
    _patch(store, "documents", b"brings a deck", b"brings A deck")
    code, out = check(store, capsys)
    src_a = tmp_path / "in" / "a.txt"
    assert code == 1 and out[2] == f"documents: 2 stored, 1 with damaged bytes: {src_a}"
    assert (
        f"  en 2031-03-03 (whole): its stored bytes are damaged: cannot be rebuilt — ingest {src_a} again"
        in out
    )


def test_a_users_copy_choice_and_the_fetch_records_survive_a_repair(store, tmp_path, capsys):
    second = tmp_path / "copy" / "a-copy.txt"
    second.parent.mkdir()
    second.write_text(
        cr_text(BODY).replace("Written for the mtgcr tests.", "A second copy."), encoding="utf-8"
    )
    assert main(["--store", str(store), "--silent", "ingest", str(second)]) == 0
    assert (
        main(
            [
                "--store",
                str(store),
                "--silent",
                "releases",
                "--canonical",
                "2031-03-03",
                "--copy",
                "3",
            ]
        )
        == 0
    )
    with Store(store) as s:
        with s.write_transaction():
            s.conn.execute(
                "INSERT INTO fetches (source, url, status, fetched_at) VALUES ('wizards', 'https://x/y.txt', 200, '2031-03-04T00:00:00+00:00')"
            )
    capsys.readouterr()
    _patch(store, "releases", b"20310607", b"20310608")  # a label changed
    code, out = check(store, capsys, "--repair")
    assert code == 0, out
    with Store(store, readonly=True) as s:
        canon = {c.release_key: c.id for c in s.copies() if c.canonical}
        assert canon["en:2031-03-03"] == 3 and [c.chosen for c in s.copies() if c.id == 3] == [True]
        assert [r.label for r in s.releases("en")] == ["20310303", "20310607"]
        assert s.conn.execute("SELECT url FROM fetches").fetchall()[0][0] == "https://x/y.txt"


# -- read-only location ---------------------------------------------------------------------------


def _cli(*args: str, prefix: list[str] = ()) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200"}
    env.pop("MTGCR_DEBUG", None)
    return subprocess.run(
        [*prefix, sys.executable, "-m", "mtgcr.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.slow
def test_a_read_only_location_says_read_only_and_search_still_works(store, tmp_path):
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.skip("running as root (who writes anywhere) and no setpriv to drop that")
    prefix = NO_DAC if os.geteuid() == 0 else []
    ro = tmp_path / "ro"
    ro.mkdir()
    shutil.copy(store, ro / "store.sqlite")
    ro.chmod(0o555)
    try:
        s = str(ro / "store.sqlite")
        found = _cli("--store", s, "search", "deck", "--format", "json", prefix=prefix)
        assert found.returncode == 0, found.stderr
        assert '"number": "100.1"' in found.stdout  # "Each player brings one deck."
        put = _cli("--store", s, "ingest", str(tmp_path / "in" / "a.txt"), prefix=prefix)
        assert put.returncode == 2 and "read-only" in put.stderr and "damaged" not in put.stderr
        rm = _cli("--store", s, "remove", "2031-03-03", prefix=prefix)
        assert rm.returncode == 2 and rm.stderr == (
            f"mtgcr: cannot write {s}: the store is read-only here (its file or its folder "
            f"cannot be written: a read-only location or permissions); reading it works\n"
        )
    finally:
        ro.chmod(0o755)


# -- a store whose write lock is taken ---------------------------------------------------------------


@pytest.mark.slow
def test_a_locked_store_names_the_process_at_once(store, tmp_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            f"c = sqlite3.connect({str(store)!r}, isolation_level=None)\n"
            "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(30)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline() == "locked\n"
        (tmp_path / "new").mkdir()
        (tmp_path / "new" / "c.txt").write_text(
            cr_text(date="These rules are effective as of May 1, 2032."), encoding="utf-8"
        )
        started = time.monotonic()
        waiter = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mtgcr.cli.main",
                "--store",
                str(store),
                "ingest",
                str(tmp_path / "new"),
            ],
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
        )
        first = waiter.stderr.readline()
        assert time.monotonic() - started < 10  # at once, not after the 30 s timeout
        assert first == (
            f"mtgcr: waiting for another program (pid {holder.pid}: python{first.split('python')[1].split(')')[0]}) "
            f"to finish writing {store} (up to 30 s)\n"
        )
        holder.kill()  # the lock goes with it: the waiting ingest goes on
        assert waiter.wait(60) == 0
    finally:
        holder.kill()
        holder.wait()


def test_the_holder_is_named_as_mtgcr_when_it_is_one(tmp_path):
    from mtgcr.corpus.store_lock import describe_holder

    proc = subprocess.Popen(["mtgcr", "60"], executable=shutil.which("sleep"))
    try:
        for _ in range(100):  # until the child has exec'd
            if Path(f"/proc/{proc.pid}/cmdline").read_bytes().startswith(b"mtgcr\0"):
                break
            time.sleep(0.02)
        assert describe_holder(proc.pid) == f"another mtgcr (pid {proc.pid})"
    finally:
        proc.kill()
        proc.wait()
    assert describe_holder(None) == "another program"
