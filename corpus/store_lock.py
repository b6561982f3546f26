"""The store's write lock: who holds it, and waiting for it out loud.

SQLite lets one connection write a store at a time. In WAL mode (every mtgcr store) the write
lock is a POSIX advisory lock on byte 120 of the store's ``-shm`` file (``WAL_WRITE_LOCK`` of
SQLite's ``os_unix.c``: the lock bytes start at offset 120 of the shared-memory file, the write
lock first). On Linux, ``/proc/locks`` lists every such lock with the process holding it
(``POSIX ADVISORY WRITE <pid> <major>:<minor>:<inode> <start> <end>``), so a command that finds
the store busy can say at once whom it waits for: ``another mtgcr (pid 4242)``, or another
program by its name. Elsewhere (no ``/proc``), it says "another program".

:func:`begin_write` starts a write transaction without letting SQLite sleep inside its busy
handler (where Ctrl-C and SIGTERM cannot stop it): it tries ``BEGIN IMMEDIATE`` with no busy
timeout, and while the lock is taken, announces the holder once and tries again every
:data:`POLL` seconds until the store's timeout.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Callable

__all__ = ["POLL", "lock_holder", "describe_holder", "begin_write", "is_busy"]

#: Seconds between two attempts at the write lock while another process holds it.
POLL = 0.1

#: The offset of SQLite's WAL write lock in the ``-shm`` file.
_WAL_WRITE_LOCK = 120


def is_busy(exc: BaseException) -> bool:
    """An SQLite error saying the database is locked or busy."""
    return isinstance(exc, sqlite3.OperationalError) and (
        "locked" in str(exc) or "busy" in str(exc)
    )


def lock_holder(store: Path) -> int | None:
    """The process id holding the write lock of the WAL store ``store`` (``/proc/locks``), or
    ``None`` when unknown (no ``-shm`` file, no ``/proc``, or a process of another namespace)."""
    try:
        st = os.stat(f"{store}-shm")
        with open("/proc/locks", encoding="ascii", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    dev = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for line in lines:
        parts = line.split()
        # "1: POSIX  ADVISORY  WRITE 30590 fe:00:5382670 120 120" (a "->" marks a waiter)
        if "->" in parts or len(parts) < 8 or parts[1] != "POSIX" or parts[3] != "WRITE":
            continue
        if parts[5] == dev and int(parts[6]) <= _WAL_WRITE_LOCK <= _end(parts[7]):
            try:
                pid = int(parts[4])
            except ValueError:
                return None
            return pid if pid > 0 and pid != os.getpid() else None
    return None


def _end(field: str) -> int:
    return 2**63 if field == "EOF" else int(field)


def describe_holder(pid: int | None) -> str:
    """``"another mtgcr (pid 4242)"``, ``"another program (pid 4242: sqlite3)"`` or
    ``"another program"`` (the process is read from ``/proc/<pid>/cmdline``)."""
    if pid is None:
        return "another program"
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = [a.decode("utf-8", "replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return f"another program (pid {pid})"
    words = [os.path.basename(a) for a in argv[:3]]
    if any(w == "mtgcr" or w.startswith("mtgcr.") for w in words) or "mtgcr" in " ".join(argv[:4]):
        return f"another mtgcr (pid {pid})"
    return f"another program (pid {pid}: {words[0] if words else '?'})"


def begin_write(
    conn: sqlite3.Connection,
    store: Path,
    timeout: float,
    on_wait: Callable[[str], None] | None = None,
    wait: bool = True,
) -> bool:
    """``BEGIN IMMEDIATE`` on ``conn`` (module docstring).

    Args:
        conn: a connection to the store in autocommit mode (``isolation_level=None``).
        store: the store file (to find the lock holder).
        timeout: seconds to wait for the lock at most.
        on_wait: called once, at once, with ``"waiting for another mtgcr (pid N) to finish
            writing STORE"`` when the lock is taken.
        wait: ``False``: give up at once when the lock is taken (an optional write, such as
            the alignment cache).

    Returns:
        ``True`` when the transaction is open; ``False`` when ``wait`` is ``False`` and the
        lock was taken.

    Raises:
        sqlite3.OperationalError: the lock stayed taken for ``timeout`` seconds (``is_busy``
            tells), or another SQLite error.
    """
    deadline = time.monotonic() + timeout
    conn.execute("PRAGMA busy_timeout = 0")
    announced = False
    try:
        while True:
            try:
                conn.execute("BEGIN IMMEDIATE")
                return True
            except sqlite3.OperationalError as exc:
                if not is_busy(exc):
                    raise
                if not wait:
                    return False
                if time.monotonic() >= deadline:
                    raise
                if not announced:
                    announced = True
                    if on_wait is not None:
                        who = describe_holder(lock_holder(store))
                        on_wait(
                            f"waiting for {who} to finish writing {store} (up to {timeout:g} s)"
                        )
                time.sleep(POLL)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
