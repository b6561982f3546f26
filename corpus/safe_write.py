"""Writing files safely: the one place mtgcr writes a file, for the scrapers, every ``--out``,
the site, the reports, fixtures and in-place rewrites.

:func:`replace_file` replaces a file's content atomically; :func:`write_atomic` adds the checks
on what the path is and creates missing folders; :func:`write_out` is a command's ``--out``
(``-`` is standard output). Every file a command writes on the user's behalf goes through
:func:`write_atomic`: the text
is written to a temporary file in the same folder, flushed to disk, given the permissions a
new file would get (or the ones of the file it replaces), then renamed over the target with
:func:`os.replace`. A reader sees the old file or the new one, never half of one; a failed or
interrupted write (a full disk, Ctrl-C) leaves the old file as it was and removes the
temporary file.

What is refused, before anything is written (:class:`RefusedOutput`, one line naming the path):
a folder, a symbolic link (even to a regular file: replacing it would cut the link, and
following it writes somewhere the user did not name), a device node (``/dev/full``,
``/dev/null``: renaming over it would turn the device into a regular file), a FIFO and a
socket. Any other existing entry is a regular file and is replaced.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Callable

from mtgcr.errors import RefusedOutput

__all__ = ["RefusedOutput", "STDOUT", "check_out_path", "replace_file", "write_atomic", "write_out"]

#: The ``--out`` value that means standard output.
STDOUT = "-"


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


def _what(mode: int) -> str | None:
    """What a non-regular file is (``"a folder"``, ``"a device"`` …), ``None`` for a
    regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"  # pragma: no cover - door, whiteout and other rare kinds


def check_out_path(path: str | Path) -> Path:
    """Check that ``path`` may be written as a file: missing, or an existing regular file
    (not a symbolic link). Missing parent folders are allowed (:func:`write_atomic` creates
    them) unless one of them exists and is not a folder.

    Returns:
        ``path`` as a :class:`~pathlib.Path`.

    Raises:
        RefusedOutput: ``path`` is a folder, a symbolic link, a device, a FIFO or a socket,
            or a parent is a file; the message names ``path`` and says which.
    """
    p = Path(path)
    if not str(path).strip():
        raise RefusedOutput("--out names no file (an empty path)")
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        st = None  # a parent is a file: found below
    except OSError as exc:
        raise RefusedOutput(f"--out {path}: cannot check it ({exc.strerror or exc})") from None
    if st is not None:
        what = _what(st.st_mode)
        if what is not None:
            hint = (
                f"; give a file name inside it, such as {p / 'report.md'}"
                if what == "a folder"
                else "; give a regular file (or - for standard output)"
            )
            raise RefusedOutput(f"--out {path} is {what}, not a regular file: not written{hint}")
        return p
    parent = p.parent
    while not os.path.lexists(parent):
        parent = parent.parent
    if not parent.is_dir():
        raise RefusedOutput(f"--out {path}: {parent} is a file, not a folder")
    return p


def write_atomic(path: str | Path, text: str | bytes) -> list[Path]:
    """Write ``text`` (UTF-8; bytes as they are) to the regular file ``path``, atomically
    (module docstring).

    Args:
        path: the file; checked with :func:`check_out_path`; missing folders are created.
        text: the whole content (``bytes`` for a binary format: a glossary package).

    Returns:
        The folders that were created (outermost first), for the caller to mention.

    Raises:
        RefusedOutput: ``path`` is not a regular file (see :func:`check_out_path`).
        OSError: the write failed (a full disk: ``ENOSPC``; no permission); the target is
            unchanged and no temporary file is left. ``filename`` is ``path``.
    """
    p = check_out_path(path)
    created = []
    parent = p.parent
    while not parent.exists():
        created.append(parent)
        parent = parent.parent
    p.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text

    def still_a_file() -> None:  # nothing was put there meanwhile (a link, a FIFO)
        check_out_path(p)

    replace_file(p, data, before_replace=still_a_file)
    return list(reversed(created))


def write_out(out: str, text: str, silent: bool = False) -> None:
    """Write a command's output to ``--out OUT``: standard output for ``-``, else the file
    (:func:`write_atomic`), then ``wrote OUT`` on stderr (and ``created folder D`` for each
    folder made), unless ``silent``.

    Raises:
        RefusedOutput: ``out`` is not a regular file.
        OSError: the write failed (the file is unchanged).
    """
    if out == STDOUT:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    created = write_atomic(out, text)
    if not silent:
        for d in created[-1:]:
            print(f"created folder {d}", file=sys.stderr)
        print(f"wrote {out}", file=sys.stderr)
