"""Writing files safely: the one place mtgcr writes a file, for the scrapers, every ``--out``,
the site, the reports, fixtures and in-place rewrites.

:func:`replace_file` replaces a file's content atomically; :func:`write_atomic` adds the checks
on what the path is and creates missing folders; :func:`write_out` is a command's ``--out``
(``-`` is standard output); :mod:`mtgcr.corpus.output_folder` writes folders of files (the site,
the reports). Every file a command writes on the user's behalf goes through :func:`write_atomic`:
the text is written to a temporary file in the same folder, flushed to disk, given the
permissions a new file would get (or the ones of the file it replaces), then renamed over the
target with :func:`os.replace`. A reader sees the old file or the new one, never half of one; a
failed or interrupted write (a full disk, Ctrl-C) leaves the old file as it was and removes the
temporary file.

**The output policy** (one for every write path; issue 22). Before anything is written
(:class:`RefusedOutput`, one line naming the path and what to do):

* a path that is not a regular file is refused: a folder, a symbolic link (even to a regular
  file: replacing it would cut the link, and following it writes somewhere the user did not
  name), a device node (``/dev/full``: renaming over it would turn the device into a regular
  file), a FIFO, a socket;
* the store of the run (its file and its ``-wal``, ``-shm``, ``-journal``) is never written over,
  whatever the options;
* an input of the run (a file the command reads, or a file inside a folder it reads) is never
  written over, except by a rewrite in place the user asked for (:attr:`Replace.IN_PLACE`:
  ``cite-migrate --write``, ``fixtures migrate --write``);
* an existing file is replaced only when the user asked for it: ``--force`` (the same option on
  every command) for an output file the user named (:attr:`Replace.IF_FORCED`).

What the run protects is an :class:`OutputGuard`: the command line sets one for the whole command
(:func:`guarding`: the store, every existing path named by the command's options, the decisions
file and profiles it reads, and ``--force``), the library adds its own inputs, and every write
below checks it, so a module that writes a file cannot forget the policy.
"""

from __future__ import annotations

import contextlib
import contextvars
import enum
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from mtgcr.errors import RefusedOutput

__all__ = [
    "RefusedOutput",
    "STDOUT",
    "Replace",
    "OutputGuard",
    "current_guard",
    "guarding",
    "check_out_path",
    "replace_file",
    "write_atomic",
    "write_out",
    "file_kind",
]

#: The ``--out`` value that means standard output.
STDOUT = "-"

#: The files SQLite keeps beside a store file (all part of the store).
_STORE_SUFFIXES = ("", "-wal", "-shm", "-journal")


class Replace(enum.Enum):
    """When an existing file at an output path may be replaced."""

    #: An output the user named (``--out FILE``): only with ``--force``; never an input.
    IF_FORCED = "if-forced"
    #: A rewrite in place the user asked for (``--write``): the file may be an input.
    IN_PLACE = "in-place"


def _identity(path: Path) -> tuple[int, int] | None:
    """``(device, inode)`` of the file ``path`` names (links followed), ``None`` if none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a link loop: compare as written
        return Path(os.path.abspath(path))


@dataclass(frozen=True)
class OutputGuard:
    """What the writes of one run must never replace, and whether the user said ``--force``.

    Attributes:
        stores: store files of the run (their ``-wal``, ``-shm`` and ``-journal`` files too):
            never written over.
        inputs: files and folders the run reads: never written over (for a folder: no existing
            file under it), except in place (:attr:`Replace.IN_PLACE`).
        force: the user asked to replace existing output files (``--force``).
    """

    stores: tuple[Path, ...] = ()
    inputs: tuple[Path, ...] = ()
    force: bool = False
    _ids: dict[tuple[int, int], str] = field(default_factory=dict, compare=False, repr=False)
    _paths: dict[Path, str] = field(default_factory=dict, compare=False, repr=False)
    _folders: dict[Path, str] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for store in self.stores:
            for suffix in _STORE_SUFFIXES:
                p = Path(f"{store}{suffix}")
                what = (
                    f"the store {store}"
                    if not suffix
                    else f"the {suffix[1:]} file of the store {store}"
                )
                self._paths[_resolved(p)] = what
                ident = _identity(p)
                if ident is not None:
                    self._ids[ident] = what
        for inp in self.inputs:
            what = f"an input of this run ({inp})"
            if os.path.isdir(inp):
                self._folders[_resolved(inp)] = f"inside {inp}, an input folder of this run"
            else:
                ident = _identity(inp)
                if ident is not None:
                    self._ids.setdefault(ident, what)
                self._paths.setdefault(_resolved(inp), what)

    def joined(self, other: "OutputGuard") -> "OutputGuard":
        """A guard protecting what both protect; ``force`` if either says so."""
        return OutputGuard(
            tuple(dict.fromkeys(self.stores + other.stores)),
            tuple(dict.fromkeys(self.inputs + other.inputs)),
            self.force or other.force,
        )

    def protected(
        self,
        path: str | Path,
        in_place: bool = False,
        resolved: Path | None = None,
        ident: tuple[int, int] | None | bool = False,
    ) -> str | None:
        """Why ``path`` must not be written (``"the store s.sqlite"``, ``"an input of this
        run (page.txt)"``), or ``None``. ``in_place``: inputs may be rewritten, the store not.
        ``resolved`` and ``ident`` (``(device, inode)``, ``None`` for a missing file): what the
        caller knows already (an output folder resolves its root once)."""
        p = Path(path)
        if ident is False:
            ident = _identity(p)
        res = resolved if resolved is not None else _resolved(p)
        for why in (
            self._ids.get(ident) if isinstance(ident, tuple) else None,
            self._paths.get(res),
        ):
            if why is not None and not (in_place and why.startswith("an input")):
                return why
        if not in_place and ident is not None:
            for folder, why in self._folders.items():
                if res != folder and res.is_relative_to(folder):
                    return why
        return None

    def check(self, path: str | Path, replace: Replace, label: str = "--out") -> None:
        """Refuse to write ``path`` when the policy says so (module docstring).

        Args:
            path: the file about to be written (it may not exist).
            replace: how an existing file may be replaced.
            label: how messages name the path (``"--out"``, ``"site"`` …).

        Raises:
            RefusedOutput: ``path`` is the store, an input of the run (unless in place), or an
                existing file and ``replace`` is :attr:`Replace.IF_FORCED` without ``force``.
        """
        why = self.protected(path, in_place=replace is Replace.IN_PLACE)
        if why is not None:
            raise RefusedOutput(
                f"{label} {path} is {why}: not written, whatever the options; give another file"
            )
        if replace is Replace.IF_FORCED and not self.force and os.path.lexists(path):
            raise RefusedOutput(
                f"{label} {path} exists: not replaced; give --force to replace it, or another file"
            )


_GUARD: contextvars.ContextVar[OutputGuard | None] = contextvars.ContextVar(
    "mtgcr_output_guard", default=None
)


def current_guard() -> OutputGuard:
    """The guard of the running command (:func:`guarding`); an empty one outside a command."""
    return _GUARD.get() or OutputGuard()


@contextlib.contextmanager
def guarding(
    stores: Iterable[str | Path] = (), inputs: Iterable[str | Path] = (), force: bool = False
) -> Iterator[OutputGuard]:
    """A ``with`` block in which every write also protects ``stores`` and ``inputs`` (added to
    what the enclosing block protects) and replaces existing output files if ``force``.

    Yields:
        The guard in force inside the block.
    """
    guard = current_guard().joined(
        OutputGuard(tuple(Path(s) for s in stores), tuple(Path(i) for i in inputs), force)
    )
    token = _GUARD.set(guard)
    try:
        yield guard
    finally:
        _GUARD.reset(token)


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
    import tempfile  # here: its import (random, hashlib) costs every command's start-up

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


def file_kind(mode: int) -> str | None:
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


def check_out_path(path: str | Path, replace: Replace | None = None, label: str = "--out") -> Path:
    """Check that ``path`` may be written as a file: missing, or an existing regular file
    (not a symbolic link). Missing parent folders are allowed (:func:`write_atomic` creates
    them) unless one of them exists and is not a folder. With ``replace``, also the run's
    policy (:meth:`OutputGuard.check`): a command checks its ``--out`` this way before the work.

    Args:
        path: the file to write.
        replace: when an existing file may be replaced (``None``: what it is only).
        label: how messages name the path.

    Returns:
        ``path`` as a :class:`~pathlib.Path`.

    Raises:
        RefusedOutput: ``path`` is a folder, a symbolic link, a device, a FIFO or a socket,
            or a parent is a file; with ``replace``: the store, an input of the run, or an
            existing file without ``--force``. The message names ``path`` and says which.
    """
    p = Path(path)
    if not str(path).strip():
        raise RefusedOutput(f"{label} names no file (an empty path)")
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        st = None  # a parent is a file: found below
    except OSError as exc:
        raise RefusedOutput(f"{label} {path}: cannot check it ({exc.strerror or exc})") from None
    if st is not None:
        what = file_kind(st.st_mode)
        if what is not None:
            hint = (
                f"; give a file name inside it, such as {p / 'report.md'}"
                if what == "a folder"
                else "; give a regular file (or - for standard output)"
            )
            raise RefusedOutput(f"{label} {path} is {what}, not a regular file: not written{hint}")
    else:
        parent = p.parent
        while not os.path.lexists(parent):
            parent = parent.parent
        if not parent.is_dir():
            raise RefusedOutput(f"{label} {path}: {parent} is a file, not a folder")
    if replace is not None:
        current_guard().check(p, replace, label)
    return p


def write_atomic(
    path: str | Path,
    text: str | bytes,
    replace: Replace = Replace.IN_PLACE,
    label: str = "--out",
) -> list[Path]:
    """Write ``text`` (UTF-8; bytes as they are) to the regular file ``path``, atomically
    (module docstring), if the run's policy allows it.

    Args:
        path: the file; checked with :func:`check_out_path` (with ``replace``); missing folders
            are created.
        text: the whole content (``bytes`` for a binary format: a glossary package).
        replace: when an existing file may be replaced: :attr:`Replace.IN_PLACE` (the default:
            the caller rewrites a file the user asked it to rewrite; never the store) or
            :attr:`Replace.IF_FORCED` (an output the user named: never an input, an existing
            file only with ``--force``).
        label: how messages name the path.

    Returns:
        The folders that were created (outermost first), for the caller to mention.

    Raises:
        RefusedOutput: ``path`` is not a regular file, or the policy refuses it (see
            :func:`check_out_path`).
        OSError: the write failed (a full disk: ``ENOSPC``; no permission); the target is
            unchanged and no temporary file is left. ``filename`` is ``path``.
    """
    p = check_out_path(path, replace, label)
    created = []
    parent = p.parent
    while not parent.exists():
        created.append(parent)
        parent = parent.parent
    p.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8") if isinstance(text, str) else text

    def still_a_file() -> None:  # nothing was put there meanwhile (a link, a FIFO)
        check_out_path(p, label=label)

    replace_file(p, data, before_replace=still_a_file)
    return list(reversed(created))


def write_out(out: str, text: str, silent: bool = False) -> None:
    """Write a command's output to ``--out OUT``: standard output for ``-``, else the file
    (:func:`write_atomic` with :attr:`Replace.IF_FORCED`: an existing file only with
    ``--force``, never the store or an input), then ``wrote OUT`` on stderr (and ``created
    folder D`` for each folder made), unless ``silent``.

    Raises:
        RefusedOutput: ``out`` is not a regular file, or the policy refuses it.
        OSError: the write failed (the file is unchanged).
    """
    if out == STDOUT:
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    created = write_atomic(out, text, Replace.IF_FORCED)
    if not silent:
        for d in created[-1:]:
            print(f"created folder {d}", file=sys.stderr)
        print(f"wrote {out}", file=sys.stderr)
