"""Reading and parsing the files of an ingest ahead, in worker processes.

Parsing is most of an ingest's time and needs no store, so :func:`prepared_files` hands the
files to worker processes (``concurrent.futures``), a few files ahead of the one the main
process stores: each worker reads the file (:func:`mtgcr.corpus.document.load_document`),
skips the parse when the store already holds those bytes, else parses it and assesses the
copy's losses, and sends back a :class:`Prepared`. The main process alone writes the store,
in file order, exactly as without workers (:func:`mtgcr.extract.ingest.ingest_file` with
``prepared``): a file's failure stays its own one-line error naming it, and a worker that
cannot be used (it died, or cannot start) leaves the file to the main process.
"""

from __future__ import annotations

import sqlite3
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Generator, Sequence

from mtgcr.corpus.copies import WHOLE_TEXT
from mtgcr.corpus.workers import WORKERS, worker_start
from mtgcr.corpus.document import Document, DocumentError, load_document
from mtgcr.corpus.quality import CopyQuality, assess_lines
from mtgcr.corpus.store import ReleaseRecord

from mtgcr.extract.formats.cr_text import CRFormatError
from mtgcr.extract.kinds import ParseResult
from mtgcr.extract.model import ParseWarning, Release
from mtgcr.extract.formats.numbering import english_evidence
from mtgcr.extract.records import to_record, english_numbers
from mtgcr.extract.registry import UnknownKindError, parse_document

__all__ = [
    "Prepared",
    "RulesetSummary",
    "prepare_file",
    "prepared_files",
    "parse_failure",
    "worker_start",
    "WORKERS",
]

#: Files a worker pool works on ahead of the one being stored, per worker.
AHEAD = 3


@dataclass
class Prepared:
    """One file read (and parsed, unless its bytes were stored) ahead of the store.

    Attributes:
        doc: the document, ``None`` when it could not be read (``error`` says why).
        error: the one-line reason the file could not be read.
        parsed: the parse, ``None`` when not parsed (stored bytes, or ``parse_error``).
        parse_error: the one-line reason the parse failed (as the ingest reports it).
        quality: the copy's losses (:func:`mtgcr.corpus.quality.assess_lines`), when parsed.
    """

    doc: Document | None
    error: str = ""
    parsed: ParseResult | None = None
    parse_error: str = ""
    quality: CopyQuality | None = None
    records: list[ReleaseRecord] | None = None


@dataclass
class RulesetSummary:
    """What the ingest reports of a parsed ruleset whose rows a worker made
    (:func:`mtgcr.extract.records.to_record`): the main process is sent this, not the rule
    tree."""

    release: Release
    warnings: list[ParseWarning]
    counted: dict[str, int]

    def counts(self) -> dict[str, int]:
        """As :meth:`mtgcr.extract.model.Ruleset.counts`."""
        return dict(self.counted)


def parse_failure(path: Path, exc: Exception) -> str:
    """The one-line error of a file whose parse raised ``exc``: the parser's own message for
    a file it refuses, else ``"PATH: internal error while parsing (…)"`` (a parser bug)."""
    if isinstance(exc, (UnknownKindError, CRFormatError, DocumentError)):
        return str(exc)
    return f"{path}: internal error while parsing ({type(exc).__name__}: {exc})"


def prepare_file(
    path: Path, max_bytes: int | None, store_path: str | None = None, encoding: str | None = None
) -> Prepared:
    """Read and parse one file (see the module docstring); never raises for a bad file.

    Args:
        path: the file.
        max_bytes: as :func:`mtgcr.corpus.document.load_document`.
        store_path: a store to look the bytes up in first (read-only): stored bytes are
            not parsed.
        encoding: as :func:`mtgcr.corpus.document.load_document`.
    """
    try:
        doc = load_document(path, max_bytes, encoding)
    except DocumentError as exc:
        return Prepared(None, error=str(exc))
    if store_path is not None and _stored(store_path, doc.sha256):
        return Prepared(doc)
    try:
        ev = english_numbers(_STORE[0]) if store_path is not None and _open(store_path) else None
        with english_evidence(ev):
            parsed = parse_document(doc)
    except Exception as exc:  # the ingest reports it as this file's failure
        return Prepared(doc, parse_error=parse_failure(path, exc))
    quality = assess_lines(doc.lines)
    if parsed.rulesets and all(origin == WHOLE_TEXT for _, origin, _ in parsed.rulesets):
        # whole texts are stored as parsed (never merged): send their rows, not the rule tree
        # nor the decoded text, which the main process then does not need
        records = [to_record(rs, origin, prov) for rs, origin, prov in parsed.rulesets]
        parsed.rulesets = [
            (
                RulesetSummary(rs.release, list(rs.warnings), rs.counts()),  # type: ignore[misc]
                origin,
                {},
            )
            for rs, origin, _ in parsed.rulesets
        ]
        return Prepared(replace(doc, text=""), parsed=parsed, quality=quality, records=records)
    return Prepared(doc, parsed=parsed, quality=quality)


_STORE: list = []  # a worker's read-only store connection, opened on first use


def _open(store_path: str) -> bool:
    """The worker's read-only store connection (:data:`_STORE`) is open, opened if need be."""
    from mtgcr.corpus.store import Store, StoreError

    try:
        if not _STORE:
            _STORE.append(Store(store_path, readonly=True))
        return True
    except (StoreError, OSError, sqlite3.Error):
        return False


def _stored(store_path: str, sha256: str) -> bool:
    from mtgcr.corpus.store import StoreError

    try:
        return _open(store_path) and _STORE[0].has_document(sha256)
    except (StoreError, OSError, sqlite3.Error):
        return False  # parse it: the main process decides


def prepared_files(
    files: Sequence[Path],
    max_bytes: int | None,
    store_path: str | None,
    workers: int = WORKERS,
    encoding: str | None = None,
) -> Generator[Prepared | None, None, None]:
    """One :class:`Prepared` per file of ``files``, in order, from ``workers`` processes
    working :data:`AHEAD` files ahead; ``None`` for a file no worker could prepare (the
    caller reads it itself). With ``workers`` < 2 or fewer than 4 files, only ``None``."""
    if workers < 2 or len(files) < 4:
        yield from (None for _ in files)
        return
    try:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_start)
    except (OSError, ValueError):
        yield from (None for _ in files)
        return
    pending: deque[Future] = deque()
    todo = iter(files)
    try:
        for f in todo:
            pending.append(pool.submit(prepare_file, f, max_bytes, store_path, encoding))
            if len(pending) >= AHEAD * workers:
                break
        while pending:
            fut = pending.popleft()
            try:
                yield fut.result()
            except Exception:  # a worker died (BrokenProcessPool …): the caller does it
                yield None
            nxt = next(todo, None)
            if nxt is not None:
                try:
                    pending.append(pool.submit(prepare_file, nxt, max_bytes, store_path, encoding))
                except RuntimeError:  # a broken pool takes no more work
                    pending.append(_none_future())
    finally:
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _none_future() -> Future:
    fut: Future = Future()
    fut.set_exception(RuntimeError("no worker"))
    return fut
