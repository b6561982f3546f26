"""Replace a file's content atomically: the one place that writes a file whole.

The bytes go to a temporary file in the same folder, are flushed to disk (``fsync``), get the
file's permissions (the existing file's, else ``0o666`` less the umask) and are renamed over
the target (``os.replace``), so a reader sees the old content or the new, never a part, and a
failed write (a full disk) leaves the target as it was and no temporary file behind.
Used by the scrapers (:mod:`mtgcr.corpus.fetch.state`) and by every command's ``--out``
(:func:`mtgcr.reports.outfile.write_atomic`, which adds the checks on what the path is).
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Callable

__all__ = ["replace_file"]


def replace_file(path: Path, data: bytes, before_replace: Callable[[], None] | None = None) -> None:
    """Write ``data`` to ``path`` atomically (module docstring).

    Args:
        path: the target file; its folder must exist.
        data: the whole new content.
        before_replace: called after the data is on disk and before the rename (a last check
            of the target); an exception from it aborts the write.

    Raises:
        OSError: the write failed (``ENOSPC`` for a full disk, ``EACCES`` …); the target is
            unchanged, no temporary file is left, and ``filename`` names ``path``.
    """
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        if before_replace is not None:
            before_replace()
        os.replace(tmp, path)
    except OSError as exc:
        if exc.filename in (None, tmp):  # name the user's file, not our temporary one
            exc.filename, exc.filename2 = str(path), None
        raise
    finally:
        if os.path.lexists(tmp):
            os.unlink(tmp)
