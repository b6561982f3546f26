"""One ingest run over files and folders, as ``mtgcr ingest``, ``mtgcr build`` and
:meth:`mtgcr.api.Corpus.ingest` do it: the files found (and those skipped by suffix),
each file's :class:`~mtgcr.extract.ingest.IngestResult` (first those of stored texts read again
as copies, :func:`~mtgcr.extract.ingest.reread_unattached`), and — when the run stopped early
(Ctrl-C, a busy or damaged store) — why and after how many files. Nothing stored is lost by a
stop: every file that finished stays stored, the one in hand is wholly stored or not at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Callable, Iterable

from mtgcr.corpus.workers import WORKERS
from mtgcr.corpus.copies import CopyOrigin
from mtgcr.corpus.document import DEFAULT_MAX_BYTES
from mtgcr.corpus.store import Store, StoreError

from mtgcr.extract.ingest import (
    IngestInterrupted,
    IngestResult,
    ScannedPaths,
    ingest_file,
    reread_unattached,
    scan_paths,
)
from mtgcr.extract.prepare import prepared_files

__all__ = ["Stop", "IngestRun", "run_ingest"]


class Stop(str, Enum):
    """Why a run stopped before its last file."""

    INTERRUPTED = "interrupted"  # Ctrl-C
    STORE = "store"  # the store became busy or damaged


@dataclass
class IngestRun:
    """What one run did.

    Attributes:
        scan: the files found, those skipped by suffix and the folders or entries that could
            not be read (``scan.unreadable``, ``scan.unreadable_errors()``;
            :func:`~mtgcr.extract.ingest.scan_paths`).
        results: one result per file handled, in order.
        stop: why the run stopped early, else ``None``.
        message: with ``stop``, one line saying where it stopped (``"interrupted at a.txt (3
            of 9 files handled); the store keeps every file that finished"``).
        reread: results of the CR texts a store from before copies had replaced, read again
            from their stored bytes as copies before the files (usually none).
        alignment_stopped: every file was handled, but the alignment of the chains that
            follows an ingest (:func:`mtgcr.crossref.prealign.prealign`) was interrupted: the
            pairs aligned so far are stored, the queries align the rest.
    """

    scan: ScannedPaths
    results: list[IngestResult] = field(default_factory=list)
    stop: Stop | None = None
    message: str = ""
    reread: list[IngestResult] = field(default_factory=list)
    alignment_stopped: bool = False

    @property
    def files(self) -> list[Path]:
        """The files to ingest."""
        return self.scan.files

    def count(self, status: str) -> int:
        """How many files ended with ``status`` (``"ingested"``, ``"unchanged"``,
        ``"failed"``, ``"interrupted"``)."""
        return sum(r.status == status for r in self.results)

    @property
    def failed(self) -> list[IngestResult]:
        """The files that failed (each with a one-line ``error`` naming it)."""
        return [r for r in self.results if r.status == "failed"]

    @property
    def as_copies(self) -> int:
        """Files ingested as copies of a release that are not its canonical copy (``mtgcr
        releases --copies`` lists them)."""
        return sum(
            1
            for r in self.results
            if r.status == "ingested"
            and r.copies
            and not any(canonical for _, canonical in r.copies)
        )

    @property
    def not_done(self) -> int:
        """Files not handled, or handled but not stored, because the run stopped."""
        return len(self.files) - len(self.results) + self.count("interrupted")

    def to_frame(self):
        """One row per release written (or per file with none), as a pandas DataFrame:
        ``file, status, kind, lang, label, effective_date, encoding, sections, rules,
        subrules, examples, glossary, warnings`` (a count), ``error``."""
        import pandas as pd

        cols = [
            "file",
            "status",
            "kind",
            "lang",
            "label",
            "effective_date",
            "encoding",
            "sections",
            "rules",
            "subrules",
            "examples",
            "glossary",
            "warnings",
            "error",
        ]
        rows = []
        for r in self.results:
            base = {
                "file": r.path,
                "status": r.status,
                "kind": r.kind,
                "encoding": r.encoding,
                "warnings": len(r.warnings),
                "error": r.error or None,
            }
            if not r.releases:
                rows.append(base)
            for lang, label, eff, c in r.releases:
                rows.append({**base, "lang": lang, "label": label, "effective_date": eff, **c})
        return pd.DataFrame(rows, columns=cols)


def run_ingest(
    store: Store,
    paths: Iterable[str | Path],
    replace: bool = False,
    on_file: Callable[[Path, int, int], None] | None = None,
    origin: CopyOrigin | None = None,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    scan: ScannedPaths | None = None,
    workers: int = WORKERS,
    encoding: str | None = None,
) -> IngestRun:
    """Ingest files and folders into ``store`` (see :mod:`mtgcr.extract.ingest`); never raises
    for a bad file, a Ctrl-C or a store that becomes busy: the run says so.

    Args:
        store: an open, writable store.
        paths: files or folders (folders: recursively, text-like suffixes only).
        replace: let an incomplete or smaller parse replace a stored complete release; a
            whole CR text becomes the canonical copy of its release (the user's choice).
        on_file: progress, called as ``on_file(path, files done, files in all)`` before
            each file.
        origin: the origin of every file's copy (default: from its folder names,
            :func:`mtgcr.corpus.copies.origin_from_path`).
        max_bytes: a file larger than this (bytes) fails with a message saying so (``None``:
            no limit; :func:`~mtgcr.extract.ingest.ingest_file`).
        scan: ``paths`` already scanned (:func:`~mtgcr.extract.ingest.scan_paths`), so that
            its unreadable entries are kept in the run; ``paths`` is then not scanned again.
        workers: processes that read and parse the files ahead of the store
            (:func:`mtgcr.extract.prepare.prepared_files`; the main process alone writes,
            in file order); 1: all in this process.
        encoding: a codec every file is decoded with instead of detecting its encoding
            (``mtgcr ingest --encoding``).

    Returns:
        An :class:`IngestRun`.

    Raises:
        mtgcr.corpus.document.DocumentError: an empty path (``""``).
    """
    run = IngestRun(scan if scan is not None else scan_paths(paths))
    files = run.files
    rereading = True
    try:
        run.reread = reread_unattached(store)  # texts an older mtgcr replaced: copies now
        rereading = False
        ahead = prepared_files(files, max_bytes, str(store.path), workers, encoding)
        try:
            for i, (f, prepared) in enumerate(zip(files, ahead)):
                if on_file is not None:
                    on_file(f, i, len(files))
                run.results.append(
                    ingest_file(
                        store,
                        f,
                        replace=replace,
                        origin=origin,
                        max_bytes=max_bytes,
                        prepared=prepared,
                        encoding=encoding,
                    )
                )
        finally:
            ahead.close()  # stops the workers (also on Ctrl-C or a store error)
    except IngestInterrupted as exc:
        run.stop = Stop.INTERRUPTED
        if rereading:  # every stored text read again so far stays stored
            run.reread = exc.results
            run.message = (
                f"interrupted while reading stored texts again ({len(exc.results)} "
                f"read, 0 of {len(files)} files handled); the store keeps every "
                f"text that finished"
            )
        else:
            run.results += exc.results
            run.message = (
                f"interrupted at {exc.results[-1].path} ({len(run.results)} of "
                f"{len(files)} files handled); the store keeps every file that "
                f"finished"
            )
    except KeyboardInterrupt:  # between two files: every file handled so far is complete
        run.stop = Stop.INTERRUPTED
        run.message = (
            f"interrupted ({len(run.results)} of {len(files)} files handled); the "
            f"store keeps every file that finished"
        )
    except StoreError as exc:
        run.stop = Stop.STORE
        run.message = f"{exc} (stopped after {len(run.results)} of {len(files)} files)"
    return run
