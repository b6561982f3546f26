"""A run stopped from outside — SIGTERM (``kill``, ``timeout``, systemd), SIGKILL, Ctrl-C while
ingest aligns — leaves no worker process behind and says what it did (real processes on the
official corpus, which is large enough for the run to be caught in each phase)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import OFFICIAL, need

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("signals")]


def _children(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (read from /proc)."""
    out = set()
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(d.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _count(store: Path, table: str) -> int:
    if not store.exists():
        return 0
    try:
        con = sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=0.2)
        try:
            return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def _start(store: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "mtgcr.cli.main", "--store", str(store), "ingest", str(OFFICIAL)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for(cond, proc: subprocess.Popen, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while not cond():
        if proc.poll() is not None:
            pytest.fail(f"the run ended (status {proc.returncode}) before the phase was reached")
        if time.monotonic() > end:
            proc.kill()
            pytest.fail("the phase was not reached in time")
        time.sleep(0.02)


def _gone(pids: set[int], seconds: float = 10) -> set[int]:
    end = time.monotonic() + seconds
    while time.monotonic() < end and any(_alive(p) for p in pids):
        time.sleep(0.05)
    return {p for p in pids if _alive(p)}


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_ingest_leaves_no_worker_behind(tmp_path, sig):
    need(OFFICIAL)
    store = tmp_path / "s.sqlite"
    proc = _start(store)
    _wait_for(lambda: _count(store, "releases") >= 3 and len(_children(proc.pid)) >= 2, proc)
    workers = _children(proc.pid)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == (-9 if sig == signal.SIGKILL else 130)  # SIGTERM: between files
    assert _gone(workers) == set()
    if sig == signal.SIGTERM:
        assert "mtgcr: interrupted" in err and "not done" in err and "Traceback" not in err
    # the store is whole: a second run finishes what the first did not
    again = subprocess.run(
        [
            sys.executable,
            "-m",
            "mtgcr.cli.main",
            "--silent",
            "--store",
            str(store),
            "ingest",
            str(OFFICIAL),
        ],
        capture_output=True,
        text=True,
    )
    assert again.returncode == 0, again.stderr
    assert _count(store, "alignments") == 111


def test_ctrl_c_while_aligning_keeps_the_ingest_report(tmp_path):
    need(OFFICIAL)
    store = tmp_path / "s.sqlite"
    proc = _start(store)
    _wait_for(lambda: _count(store, "alignments") >= 1, proc)
    workers = _children(proc.pid)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "112 ingested" in err
    assert "interrupted while aligning the releases" in err
    assert "2026-01-16" in out  # the table of what was ingested
    assert _gone(workers) == set()
    assert 1 <= _count(store, "alignments") < 111
