"""Long SQLite statements that Ctrl-C and SIGTERM can stop.

Python runs a signal handler only between two bytecodes of the main thread; while one SQLite
statement runs (an FTS5 query of thousands of terms spends minutes inside the virtual table's C
code, where even SQLite's progress handler is not called), a ``kill`` or Ctrl-C waits for the
statement to end. :func:`interruptible` closes that gap: for the duration of a ``with`` block,
the C-level signal handler also writes to a pipe (:func:`signal.set_wakeup_fd`), a watcher
thread waiting on that pipe calls :meth:`sqlite3.Connection.interrupt`, the statement stops with
``sqlite3.OperationalError("interrupted")``, and the Python handler then runs as usual
(``KeyboardInterrupt``, or the command line's SIGTERM handler).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sqlite3
import threading
from typing import Iterator

__all__ = ["interruptible"]


@contextlib.contextmanager
def interruptible(conn: sqlite3.Connection) -> Iterator[None]:
    """A ``with`` block whose SQLite statements on ``conn`` stop at once on a signal (module
    docstring). Outside the main thread (where Python delivers no signals) it does nothing.

    Raises:
        KeyboardInterrupt: Ctrl-C (or the SIGTERM handler's subclass) during the block; an
            interrupted statement's ``sqlite3.OperationalError`` is turned into it when the
            handler has not raised yet.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    wake_r, wake_w = os.pipe()
    stop_r, stop_w = os.pipe()
    os.set_blocking(wake_w, False)
    try:
        previous = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
    except ValueError:  # pragma: no cover - not the main thread after all
        for fd in (wake_r, wake_w, stop_r, stop_w):
            os.close(fd)
        yield
        return

    def watch() -> None:
        ready, _, _ = select.select([wake_r, stop_r], [], [])
        if wake_r in ready:
            conn.interrupt()

    watcher = threading.Thread(target=watch, name="mtgcr-interrupt", daemon=True)
    watcher.start()
    try:
        yield
    except sqlite3.OperationalError as exc:
        if "interrupted" in str(exc):
            raise KeyboardInterrupt from None  # the handler had not run yet
        raise
    finally:
        os.write(stop_w, b"x")
        watcher.join()
        signal.set_wakeup_fd(previous)
        for fd in (wake_r, wake_w, stop_r, stop_w):
            os.close(fd)
