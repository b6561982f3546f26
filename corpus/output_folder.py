"""Output folders: the folders a command fills with files (``site``, ``build``, ``update``'s
reports), under the output policy of :mod:`mtgcr.corpus.safe_write`.

A folder is mtgcr's when it holds the marker file ``.mtgcr-output``: a journal of the files
mtgcr wrote into it, one line per file written (``<sha256 of its bytes> <path inside the
folder>``), appended just before each file is renamed into place, compacted when the command
ends. So mtgcr knows, file by file, what is its own:

* a missing or empty folder is created (or taken) and gets the marker;
* a non-empty folder without the marker is the user's: refused before anything is written,
  unless ``--force`` (then it gets the marker and mtgcr's files join what is there);
* in a folder with the marker, a file whose bytes are one mtgcr recorded for it is replaced
  freely; a file the user put there or edited since is *kept* (listed for the user, never
  replaced) unless ``--force``; some names are never replaced when they are the user's, not
  even with ``--force`` (``site`` keeps a user's own ``index.html``: it refuses before writing);
* a file whose new bytes equal the old ones is not rewritten (so a rebuild touches only the
  pages that changed);
* a symbolic link or a non-folder inside the folder is never followed or replaced, and nothing
  is written over the store or an input of the run, whatever the options.

Removing the marker gives the folder back to the user: the next run refuses it again.
"""

from __future__ import annotations

import enum
import hashlib
import os
import stat
import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TextIO

from mtgcr.corpus.safe_write import file_kind, current_guard, replace_file
from mtgcr.errors import RefusedOutput

__all__ = ["MARKER", "OutputFolder", "WriteOutcome"]

#: The marker file of a folder mtgcr writes into.
MARKER = ".mtgcr-output"

_HEADER = (
    "# mtgcr output folder, written by 'mtgcr {command}'. Each line: the sha256 of a file mtgcr\n"
    "# wrote here and its path. mtgcr replaces only files whose bytes are listed; delete this\n"
    "# file to give the folder back to yourself (mtgcr then refuses to write into it).\n"
)


class WriteOutcome(enum.Enum):
    """What :meth:`OutputFolder.write` did with one file."""

    WRITTEN = "written"
    UNCHANGED = "unchanged"  # same bytes already there: not rewritten
    KEPT = "kept"  # the user's file (not one mtgcr wrote): left as it is


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class OutputFolder:
    """A folder of files written under the output policy (module docstring). Use as a context
    manager (:meth:`open` on entry, :meth:`close` on exit, also after an error).

    Args:
        root: the folder (created with its parents when missing).
        command: the command writing it (named in the marker).
        keep: paths (inside the folder, ``/``-separated) never replaced when they are the user's,
            not even with ``--force``: refused when the folder is opened.
        label: how messages name the folder (``"--out"``, ``"--reports"``).
        writers: threads that put files on disk (each file still written atomically and
            flushed to disk before it replaces the old one); ``0``: each :meth:`write` does it
            before returning. With writers, an error of a write is raised by a later
            :meth:`write`, :meth:`link` or by :meth:`close`. Many small files (a site) are
            written several times faster: their flushes to disk overlap.

    Attributes:
        written, unchanged: files written, and files left because their bytes were the same.
        kept: paths of the user's files that were not replaced (say so to the user).
        adopted: the folder was the user's and ``--force`` made it mtgcr's.
    """

    root: Path
    command: str
    keep: frozenset[str] = frozenset()
    label: str = "--out"
    writers: int = 0
    written: int = 0
    unchanged: int = 0
    kept: list[str] = field(default_factory=list)
    adopted: bool = False
    _records: dict[str, set[str]] = field(default_factory=dict, repr=False)
    _touched: dict[str, str] = field(default_factory=dict, repr=False)
    _dirs: set[Path] = field(default_factory=set, repr=False)
    _journal: TextIO | None = field(default=None, repr=False)
    _resolved_root: Path = field(default=Path(), repr=False)
    _pool: ThreadPoolExecutor | None = field(default=None, repr=False)
    _pending: dict[str, Future] = field(default_factory=dict, repr=False)
    _order: deque = field(default_factory=deque, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # -- opening -----------------------------------------------------------------------------
    def __enter__(self) -> "OutputFolder":
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def marker(self) -> Path:
        return self.root / MARKER

    def open(self) -> "OutputFolder":
        """Check that the folder may be written (module docstring) and read its marker;
        nothing is created until the first :meth:`write`.

        Raises:
            RefusedOutput: ``root`` is a file (or under one), a non-empty folder without the
                marker and no ``--force``, or holds a user's file named in ``keep``.
            OSError: the folder cannot be created or the marker written.
        """
        guard = current_guard()
        root = self.root
        try:
            st = os.stat(root)
        except FileNotFoundError:
            st = None
        except NotADirectoryError:
            raise RefusedOutput(
                f"{self.label} {root}: a parent of it is a file, not a folder"
            ) from None
        if st is not None and not stat.S_ISDIR(st.st_mode):
            raise RefusedOutput(
                f"{self.label} {root} is a file, not a folder: give a folder for the "
                f"{self.command} output (created if missing)"
            )
        why = guard.protected(root)
        if why is not None:
            raise RefusedOutput(f"{self.label} {root} is {why}: not written; give another folder")
        if st is None:
            pass  # created at the first write
        elif os.path.lexists(self.marker):
            if not self.marker.is_file() or self.marker.is_symlink():
                raise RefusedOutput(f"{self.label} {self.marker} is not a regular file: not used")
            self._load()
        else:
            entries = sorted(e.name for e in os.scandir(root))
            if entries and not guard.force:
                shown = ", ".join(entries[:3]) + (" …" if len(entries) > 3 else "")
                raise RefusedOutput(
                    f"{self.label} {root} is a folder mtgcr did not create ({len(entries)} "
                    f"{'entry' if len(entries) == 1 else 'entries'}: {shown}; no {MARKER} "
                    f"file): nothing written; give a new or "
                    f"empty folder, or --force to write into it"
                )
            self.adopted = bool(entries)
        for rel in sorted(self.keep):
            path = root / rel
            if path.is_file() and not self._ours(rel, path.read_bytes()):
                raise RefusedOutput(
                    f"{path} is not a file mtgcr wrote: '{self.command}' never replaces it, "
                    f"not even with --force; move it away or give another {self.label}"
                )
        return self

    def _start(self) -> None:
        """At the first write: create the folder and open the marker's journal."""
        self.root.mkdir(parents=True, exist_ok=True)
        self._dirs.add(self.root)
        self._resolved_root = self.root.resolve()
        new = not os.path.lexists(self.marker)
        journal = open(self.marker, "a", encoding="utf-8", newline="\n")
        if new:
            journal.write(_HEADER.format(command=self.command))
            journal.flush()
        self._journal = journal

    def _load(self) -> None:
        with open(self.marker, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("#") or " " not in line:
                    continue
                sha, rel = line.rstrip("\n").split(" ", 1)
                self._records.setdefault(rel, set()).add(sha)

    def _ours(self, rel: str, data: bytes) -> bool:
        return _sha(data) in self._records.get(rel, ())

    # -- writing -----------------------------------------------------------------------------
    def _parts(self, rel: str) -> tuple[str, ...]:
        """The parts of ``rel``, a relative POSIX path inside the folder.

        Raises:
            RefusedOutput: ``rel`` is empty, absolute, climbs out (``..``) or holds a newline.
        """
        parts = PurePosixPath(rel).parts
        if not parts or rel.startswith("/") or ".." in parts or "\n" in rel:
            raise RefusedOutput(f"{rel!r} is not a path inside the output folder {self.root}")
        return parts

    def _replaceable(self, path: Path, parts: tuple[str, ...]) -> os.stat_result | None:
        """Check that ``path`` (the folder's ``parts``) may be written: its parent folders are
        the folder's own, it is not the store or an input of the run, and what is there (if
        anything) is a regular file.

        Returns:
            The ``lstat`` of what is there, ``None`` when nothing is.

        Raises:
            RefusedOutput: the path is protected, or holds a folder, link or other non-file.
        """
        self._parent_ok(path)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        # no link below the root (refused by _parent_ok): the root resolved once resolves
        # every path
        why = current_guard().protected(
            path,
            resolved=self._resolved_root.joinpath(*parts),
            ident=(st.st_dev, st.st_ino) if st is not None else None,
        )
        if why is not None:
            raise RefusedOutput(f"{path} is {why}: not written, whatever the options")
        if st is not None:
            what = file_kind(st.st_mode)
            if what is not None:
                raise RefusedOutput(f"{path} is {what}, not a regular file: not replaced")
        return st

    def _parent_ok(self, path: Path) -> None:
        """Create the folders between the root and ``path``; refuse a link or a file among
        them."""
        missing = []
        d = path.parent
        while d not in self._dirs:
            missing.append(d)
            d = d.parent
        for d in reversed(missing):
            try:
                st = os.lstat(d)
            except FileNotFoundError:
                d.mkdir()
                st = os.lstat(d)
            if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
                what = "a symbolic link" if stat.S_ISLNK(st.st_mode) else "a file"
                raise RefusedOutput(
                    f"{d} is {what} inside the output folder {self.root}: not followed or "
                    f"replaced; nothing written there"
                )
            self._dirs.add(d)

    def write(self, rel: str, text: str | bytes) -> WriteOutcome:
        """Write ``text`` (UTF-8; bytes as they are) to ``rel`` inside the folder, atomically
        (:func:`mtgcr.corpus.safe_write.replace_file`), if the policy allows (module docstring).

        Args:
            rel: the path inside the folder, ``/``-separated (``en/2026-01-16/100.html``).
            text: the whole content.

        Returns:
            :attr:`WriteOutcome.WRITTEN`, ``UNCHANGED`` (same bytes there) or ``KEPT`` (a file
            of the user's, listed in :attr:`kept`).

        Raises:
            RefusedOutput: ``rel`` leaves the folder, names a link, a folder or another
                non-file, or the store or an input of the run.
            OSError: the write failed (the old file is unchanged).
        """
        parts = self._parts(rel)
        if self._journal is None:
            self._start()
        self._wait(rel)
        path = self.root.joinpath(*parts)
        data = text.encode("utf-8") if isinstance(text, str) else text
        st = self._replaceable(path, parts)
        if st is not None:
            old = path.read_bytes()
            if old == data:
                sha = _sha(data)
                if sha not in self._records.get(rel, ()):
                    self._record(rel, sha)
                self._touched[rel] = sha
                self.unchanged += 1
                return WriteOutcome.UNCHANGED
            if not self._ours(rel, old) and (rel in self.keep or not current_guard().force):
                self.kept.append(rel)
                return WriteOutcome.KEPT
        sha = _sha(data)
        if self.writers:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.writers, thread_name_prefix="mtgcr-write")
            self._pending[rel] = self._pool.submit(
                replace_file, path, data, lambda: self._record(rel, sha)
            )
            self._order.append(rel)
            while len(self._order) > 8 * self.writers:  # bounded: the bytes wait in memory
                self._wait(self._order.popleft())
        else:
            replace_file(path, data, before_replace=lambda: self._record(rel, sha))
        self._touched[rel] = sha
        self.written += 1
        return WriteOutcome.WRITTEN

    def adopt(self, rel: str) -> bool:
        """Count ``rel`` as unchanged without reading it, when the caller knows it is as this
        folder last wrote it (:mod:`mtgcr.reports.site.reuse` checks its ``stat``): the journal
        must name exactly one content for it. Returns whether it was adopted (else write it).
        """
        shas = self._records.get(rel)
        if not shas or len(shas) != 1:
            return False
        if self._journal is None:
            self._start()
        self._touched[rel] = next(iter(shas))
        self.unchanged += 1
        return True

    def flush(self) -> None:
        """Wait until every file handed to the writer threads is on disk (raising the first
        error)."""
        self._drain()

    def _wait(self, rel: str) -> None:
        """Wait until the write of ``rel`` handed to a writer thread is done (raising its
        error)."""
        fut = self._pending.pop(rel, None)
        if fut is not None:
            fut.result()

    def _drain(self) -> None:
        """Wait for every write handed to the writer threads; raise the first error."""
        first: BaseException | None = None
        for rel in list(self._pending):
            try:
                self._wait(rel)
            except BaseException as exc:  # noqa: BLE001 - every write is waited for
                first = first or exc
        self._order.clear()
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None
        if first is not None:
            raise first

    def link(self, rel: str, source: str) -> WriteOutcome:
        """Make ``rel`` the same file as ``source`` — a hard link, so bytes that repeat
        across a folder are on disk once — under the policy of :meth:`write` (a user's file
        at ``rel`` is kept). Where the file system cannot link, a copy is written.

        Args:
            rel: the path inside the folder, ``/``-separated.
            source: a path this folder wrote (or found unchanged) earlier in this run.

        Returns:
            :attr:`WriteOutcome.UNCHANGED` when ``rel`` is that file already, ``WRITTEN``
            (linked), or ``KEPT`` (a user's file).

        Raises:
            ValueError: ``source`` was not written in this run.
            RefusedOutput, OSError: as :meth:`write`.
        """
        sha = self._touched.get(source)
        if sha is None:
            raise ValueError(f"{source} was not written in this run: nothing to link to")
        parts = self._parts(rel)
        path = self.root.joinpath(*parts)
        src = self.root.joinpath(*PurePosixPath(source).parts)
        self._wait(source)
        self._wait(rel)
        st = self._replaceable(path, parts)
        if st is not None:
            sst = os.lstat(src)
            if (st.st_dev, st.st_ino) == (sst.st_dev, sst.st_ino):
                if sha not in self._records.get(rel, ()):
                    self._record(rel, sha)
                self._touched[rel] = sha
                self.unchanged += 1
                return WriteOutcome.UNCHANGED
            old = path.read_bytes()
            if not self._ours(rel, old) and (rel in self.keep or not current_guard().force):
                self.kept.append(rel)
                return WriteOutcome.KEPT
        tmp = path.parent / f".{path.name}.{os.getpid()}.link.tmp"
        try:
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.link(src, tmp)
        except OSError:  # no hard links here (some file systems): a copy
            return self.write(rel, src.read_bytes())
        try:
            self._record(rel, sha)
            os.replace(tmp, path)
        finally:
            if os.path.lexists(tmp):
                os.unlink(tmp)
        self._touched[rel] = sha
        self.written += 1
        return WriteOutcome.WRITTEN

    def _record(self, rel: str, sha: str) -> None:
        """Append ``sha rel`` to the journal (before the file is renamed into place, so a file
        on disk is never mtgcr's without a line saying so)."""
        with self._lock:  # writer threads record too
            assert self._journal is not None  # opened by the first write
            self._journal.write(f"{sha} {rel}\n")
            self._journal.flush()
            self._records.setdefault(rel, set()).add(sha)

    # -- closing -----------------------------------------------------------------------------
    def close(self) -> None:
        """Compact the journal: one line per file (the bytes written or found this run; all
        recorded ones for files not touched). Safe to call twice."""
        if self._journal is None:
            return
        try:
            self._drain()
        finally:
            self._close_journal()

    def _close_journal(self) -> None:
        assert self._journal is not None
        self._journal.close()
        self._journal = None
        lines = [_HEADER.format(command=self.command)]
        for rel in sorted(self._records):
            shas = [self._touched[rel]] if rel in self._touched else sorted(self._records[rel])
            lines += [f"{sha} {rel}\n" for sha in shas]
        replace_file(self.marker, "".join(lines).encode("utf-8"))
