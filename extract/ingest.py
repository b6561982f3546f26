"""The ingest pipeline: paths → documents → parsed releases → store.

One document is one transaction: a file that fails leaves nothing behind and does not stop
the others. A file whose bytes are already stored is skipped (idempotence), also when another
ingest stored it meanwhile. A file parsed as incomplete (truncated, or with holes the contents
reveal; see :mod:`mtgcr.extract.formats.cr_text`) does not replace a stored complete release of the same
(lang, label, origin) unless ``replace`` is asked for. Ctrl-C stops the run at once with
:class:`IngestInterrupted`, which says what was stored; a busy or damaged store stops it
with :class:`mtgcr.corpus.store.StoreError`.

A whole CR text is stored as a **copy** of its release (language and effective date): it
becomes the canonical copy only by the precedence of :mod:`mtgcr.corpus.copies` (official over
unknown over second-hand, then whole, then cleaner), else the result's notes say
``stored as a copy of en 2010-02-01 (canonical: …)``. Its origin comes from ``origin`` or the
folder names of its path; its losses (U+FFFD, ``?`` for quote marks, lost ®/™) are noted with
line numbers. Ingesting the bytes of a removed copy restores it; a whole text whose bytes were
stored but not its copy (a store from before copies) is read again from the stored bytes.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from mtgcr.corpus.copies import WHOLE_TEXT, CopyOrigin, CopyRecord
from mtgcr.corpus.document import (
    DEFAULT_MAX_BYTES,
    DocumentError,
    document_from_bytes,
    load_document,
)
from mtgcr.corpus.notes import NoteKind, StoreNote
from mtgcr.corpus.quality import assess_lines
from mtgcr.corpus.store import AlreadyStored, ReplaceRefused, Store, StoreError

from mtgcr.extract.copies import change_origin, choose_canonical, restore_copies
from mtgcr.extract.prepare import Prepared, parse_failure
from mtgcr.extract.registry import parse_document
from mtgcr.extract.merge_stored import merge_with_stored
from mtgcr.extract.model import ParseWarning
from mtgcr.extract.formats.numbering import english_evidence
from mtgcr.extract.records import to_record, warning_from_row, warning_row, english_numbers

__all__ = [
    "IngestResult",
    "IngestInterrupted",
    "ScannedPaths",
    "ingest_paths",
    "ingest_file",
    "expand_paths",
    "scan_paths",
    "reread_unattached",
    "ingest_document",
]

#: File name endings that ``expand_paths`` picks up inside folders.
TEXT_SUFFIXES = {".txt", ".html", ".htm", ".wiki", ".wikitext", ".md", ""}


@dataclass
class IngestResult:
    """Outcome for one file.

    Attributes:
        path: the file.
        status: ``"ingested"``, ``"unchanged"`` (bytes already stored), ``"failed"`` or
            ``"interrupted"`` (Ctrl-C before it was stored).
        kind: document kind, if parsed.
        releases: ``[(lang, label, effective_date, counts)]`` written.
        encoding: detected encoding.
        error: one-line reason when failed.
        warnings: :class:`~mtgcr.extract.model.ParseWarning` values (for an unchanged file:
            those stored with it); ``str()`` gives ``"file:line: message"``.
        notes: :class:`~mtgcr.corpus.notes.StoreNote` records (replacements, merges, copies,
            losses).
        copies: the copies written, each with whether it is canonical now.
    """

    path: str
    status: str
    kind: str = ""
    releases: list[tuple[str, str, str | None, dict[str, int]]] = field(default_factory=list)
    encoding: str = ""
    error: str = ""
    warnings: list[ParseWarning] = field(default_factory=list)
    notes: list[StoreNote] = field(default_factory=list)
    copies: list[tuple[CopyRecord, bool]] = field(default_factory=list)


class IngestInterrupted(KeyboardInterrupt):
    """Ctrl-C during an ingest. ``results`` holds one :class:`IngestResult` per file handled so
    far, the last being the file in hand: ``"ingested"`` if its transaction had committed,
    else ``"interrupted"`` (nothing of it stored)."""

    def __init__(self, results: list[IngestResult]) -> None:
        super().__init__("interrupted")
        self.results = results


@dataclass
class ScannedPaths:
    """What :func:`scan_paths` found: ``files`` to ingest; ``skipped``: the files inside
    folders left out for their suffix, counted by suffix (``".docx"`` → 2; hidden files are
    not counted); ``unreadable``: ``(path, reason)`` for every subfolder that could not be
    listed and every entry of a folder that is no regular file (a FIFO, a socket, a device,
    a broken link), in the order met — never skipped in silence."""

    files: list[Path] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)
    unreadable: list[tuple[Path, str]] = field(default_factory=list)

    def skipped_note(self) -> str | None:
        """``"skipped 3 files in the folders: 2 .docx, 1 .pdf (not text-like; name a file
        to try it)"`` or ``None`` when nothing was skipped by suffix."""
        if not self.skipped:
            return None
        n = sum(self.skipped.values())
        kinds = ", ".join(
            f"{k} {suf}" for suf, k in sorted(self.skipped.items(), key=lambda x: (-x[1], x[0]))
        )
        return (
            f"skipped {n} file{'s' if n != 1 else ''} in the folders by suffix: {kinds} "
            f"(only {', '.join(sorted(s for s in TEXT_SUFFIXES if s))} and no suffix are read; "
            f"name a file directly to try it)"
        )

    def unreadable_errors(self) -> list[str]:
        """One line per unreadable entry: ``"PATH: cannot read folder (Permission denied)"``."""
        return [f"{p}: {why}" for p, why in self.unreadable]


def _entry_problem(path: Path) -> str | None:
    """Why a folder entry that is not a folder cannot be ingested, or ``None`` for a regular
    file (symbolic links to regular files are followed)."""
    try:
        st = path.stat()
    except OSError as exc:
        if path.is_symlink():
            return f"a broken symbolic link ({exc.strerror or exc}); not read"
        return f"cannot read ({exc.strerror or exc})"
    if stat.S_ISREG(st.st_mode):
        return None
    kind = (
        "a FIFO"
        if stat.S_ISFIFO(st.st_mode)
        else "a socket"
        if stat.S_ISSOCK(st.st_mode)
        else "a device"
        if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
        else "no regular file"
    )
    return f"{kind}, not a file; not read"


def scan_paths(paths: Iterable[str | Path]) -> ScannedPaths:
    """Files named directly, and files inside named folders (recursively, sorted, suffixes in
    :data:`TEXT_SUFFIXES` only, hidden files and folders skipped; symbolic links to folders
    are not followed). A missing path is kept as is (it fails later, naming itself). A
    subfolder that cannot be listed and a folder entry that is no regular file are listed in
    :attr:`ScannedPaths.unreadable`.

    Raises:
        DocumentError: an empty path (``""``), which would otherwise mean the current folder.
    """
    out = ScannedPaths()
    for raw in paths:
        if not str(raw).strip():
            raise DocumentError(
                "an empty path ('') names no file; give a file or folder "
                "(did a shell variable expand to nothing?)"
            )
        p = Path(raw)
        if not p.is_dir():
            out.files.append(p)
            continue
        found: list[Path] = []

        def failed(exc: OSError, root: Path = p) -> None:
            out.unreadable.append(
                (Path(exc.filename or root), f"cannot read folder ({exc.strerror or exc})")
            )

        for folder, dirs, names in os.walk(p, onerror=failed):
            for d in dirs:
                if not d.startswith(".") and os.path.islink(os.path.join(folder, d)):
                    out.unreadable.append(
                        (
                            Path(folder) / d,
                            "a symbolic link to a folder; not followed (name it to read it)",
                        )
                    )
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and not os.path.islink(os.path.join(folder, d))
            )
            for name in names:
                if not name.startswith("."):
                    found.append(Path(folder) / name)
        for f in sorted(found):
            if f.suffix.lower() not in TEXT_SUFFIXES:
                out.skipped[f.suffix.lower()] += 1
                continue
            problem = _entry_problem(f)
            if problem:
                out.unreadable.append((f, problem))
            else:
                out.files.append(f)
    return out


def expand_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files of :func:`scan_paths` (same rules and errors), one by one."""
    yield from scan_paths(paths).files


def ingest_paths(
    store: Store,
    paths: Iterable[str | Path],
    on_file: Callable[[Path], None] | None = None,
    replace: bool = False,
    origin: CopyOrigin | None = None,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
) -> list[IngestResult]:
    """Ingest files and folders into ``store``; never raises for a bad file.

    Args:
        store: an open, writable store.
        paths: files or folders.
        on_file: called with each file before it is processed (progress reporting).
        replace: let incomplete files replace stored complete releases; a whole CR text
            becomes the canonical copy of its release (the user's choice).
        origin: the origin of every file (default: from its folder names).
        max_bytes: a file larger than this (bytes) fails with a message saying so
            (:func:`mtgcr.corpus.document.load_document`); ``None``: no limit.

    Returns:
        One :class:`IngestResult` per file, in order.

    Raises:
        IngestInterrupted: Ctrl-C; its ``results`` cover every file handled so far.
        mtgcr.corpus.store.StoreError: the store is busy or damaged (the run stops).
        DocumentError: an empty path.
    """
    results: list[IngestResult] = []
    for path in expand_paths(paths):
        if on_file:
            on_file(path)
        try:
            results.append(
                ingest_file(store, path, replace=replace, origin=origin, max_bytes=max_bytes)
            )
        except IngestInterrupted as exc:
            raise IngestInterrupted(results + exc.results) from None
    return results


def ingest_file(
    store: Store,
    path: Path,
    replace: bool = False,
    origin: CopyOrigin | None = None,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    prepared: Prepared | None = None,
    encoding: str | None = None,
) -> IngestResult:
    """Ingest one file (see :func:`ingest_paths`, also for ``max_bytes``); never raises for a
    bad file or a failed write (the result says ``"failed"`` with a one-line reason naming the
    file). ``prepared``: the file already read and parsed by a worker
    (:func:`mtgcr.extract.prepare.prepared_files`), used instead of reading it again.
    ``encoding``: decode with this codec instead of detecting (``mtgcr ingest --encoding``).

    Raises:
        IngestInterrupted: Ctrl-C (``results`` = [this file's result]).
        mtgcr.corpus.store.StoreError: the store is busy or damaged.
    """
    doc = None
    try:
        if prepared is not None:
            if prepared.doc is None:
                return IngestResult(str(path), "failed", error=prepared.error)
            doc = prepared.doc
        else:
            try:
                doc = load_document(path, max_bytes, encoding)
            except DocumentError as exc:
                return IngestResult(str(path), "failed", error=str(exc))
        if store.has_document(doc.sha256):
            copy = store.copy_of_document(doc.sha256)
            if copy is not None and copy.removed:
                return _restore(store, path, doc, copy)
            if copy is not None and origin is not None and copy.origin is not origin:
                return _reorigin(store, path, doc, copy, origin, replace)
            if copy is not None and replace and not (copy.canonical and copy.chosen):
                return _choose(store, path, doc, copy)
            if (
                copy is None
                and store.document_kind(doc.sha256) == "cr-text"
                and not store.document_has_releases(doc.sha256)
                and store.has_copies_table()
            ):
                return _parse_and_store(
                    store, path, doc, replace, origin, stored=True, prepared=prepared
                )
            return _unchanged(store, path, doc, copy)
        return _parse_and_store(store, path, doc, replace, origin, prepared=prepared)
    except KeyboardInterrupt:
        stored = doc is not None and store.has_document(doc.sha256)
        res = IngestResult(
            str(path), "ingested" if stored else "interrupted", encoding=doc.encoding if doc else ""
        )
        if doc is not None and stored:
            res.warnings = _stored_warnings(store, doc.sha256)
        raise IngestInterrupted([res]) from None


def _stored_warnings(store: Store, sha256: str) -> list[ParseWarning]:
    return [warning_from_row(r) for r in store.document_warning_rows(sha256)]


def reread_unattached(store: Store) -> list[IngestResult]:
    """Read again, from their stored bytes, the CR texts a store from before copies kept
    without a release (a second copy had replaced them): each becomes a copy of its release,
    canonical if the precedence says so (the result's notes say which). ``[]`` when there is
    none — the usual case, one query.

    Raises:
        IngestInterrupted: Ctrl-C (every text read so far stays stored).
        mtgcr.corpus.store.StoreError: the store is busy or damaged.
    """
    out: list[IngestResult] = []
    for sha, source in store.unattached_texts():
        raw = store.document_raw(sha)
        if raw is None:  # deleted meanwhile
            continue
        doc = document_from_bytes(raw, source, store.forced_encoding(sha))
        try:
            res = _parse_and_store(store, Path(source), doc, False, None, stored=True)
        except KeyboardInterrupt:
            raise IngestInterrupted(out) from None
        res.notes.insert(
            0,
            _note(
                NoteKind.REREAD,
                res,
                "read again from the stored bytes (it had been replaced before copies were kept)",
            ),
        )
        out.append(res)
    return out


def ingest_document(store: Store, doc, origin: CopyOrigin | None = None) -> IngestResult:
    """Parse and store a :class:`~mtgcr.corpus.document.Document` read from elsewhere (a
    store's bytes: ``mtgcr check`` rebuilds a store this way), exactly as :func:`ingest_file`
    stores a new file: whole texts as copies, partial releases merged.

    Raises:
        IngestInterrupted: Ctrl-C.
        mtgcr.corpus.store.StoreError: the store is busy or damaged.
    """
    try:
        return _parse_and_store(store, Path(doc.source), doc, False, origin)
    except KeyboardInterrupt:
        raise IngestInterrupted([]) from None


def _stored_copy(store: Store, copy_id: int) -> CopyRecord:
    """Copy ``copy_id`` as stored now (it exists: the caller just wrote it)."""
    now = store.copy(copy_id)
    if now is None:
        raise StoreError(f"copy {copy_id} is no longer stored (changed by another process)")
    return now


def _copy_note(kind: NoteKind, copy: CopyRecord, text: str) -> StoreNote:
    return StoreNote(kind, f"{copy.lang}:{copy.label}", WHOLE_TEXT, text)


def _note(kind: NoteKind, res: IngestResult, text: str) -> StoreNote:
    """A note about the file of ``res`` (its first release names it; ``""`` if none)."""
    lang, label = (res.releases[0][0], res.releases[0][1]) if res.releases else ("", "")
    return StoreNote(kind, f"{lang}:{label}" if lang else "", WHOLE_TEXT, text)


def _unchanged(store: Store, path: Path, doc, copy: CopyRecord | None = None) -> IngestResult:
    res = IngestResult(
        str(path), "unchanged", encoding=doc.encoding, warnings=_stored_warnings(store, doc.sha256)
    )
    if copy is not None:
        res.copies.append((copy, copy.canonical))
    return res


def _restore(store: Store, path: Path, doc, copy: CopyRecord) -> IngestResult:
    """The bytes of a removed copy were ingested again: restore it (the undo of ``remove``)."""
    spec = copy.release.spec
    change = restore_copies(store, spec, copy.id, copy.lang)
    now = _stored_copy(store, copy.id)
    res = IngestResult(
        str(path),
        "ingested",
        kind="cr-text",
        encoding=doc.encoding,
        warnings=_stored_warnings(store, doc.sha256),
    )
    res.notes.append(
        _copy_note(
            NoteKind.COPY_CHANGED,
            copy,
            f"restored the removed copy {copy.id} of {change.release}"
            + (
                " (canonical)"
                if now.canonical
                else f" (canonical: {change.canonical.describe()})"
                if change.canonical
                else ""
            ),
        )
    )
    res.copies.append((now, now.canonical))
    res.releases.append((copy.lang, copy.label, copy.effective_date, copy.counts))
    return res


def _reorigin(
    store: Store, path: Path, doc, copy: CopyRecord, origin: CopyOrigin, replace: bool
) -> IngestResult:
    """``--origin`` with the bytes of a stored copy: record the origin the user gives."""
    change = change_origin(store, copy, origin)
    now = _stored_copy(store, copy.id)
    if replace and not now.canonical:
        return _choose(store, path, doc, now)
    return _stored_result(
        store,
        path,
        doc,
        copy,
        now,
        now.canonical,
        _copy_note(
            NoteKind.COPY_CHANGED,
            copy,
            f"copy {copy.id} of {change.release}: origin {origin.value} (was {copy.origin.value}); "
            "canonical: "
            + (
                f"copy {change.canonical.id} ({change.canonical.describe()})"
                if change.canonical
                else "none"
            ),
        ),
    )


def _choose(store: Store, path: Path, doc, copy: CopyRecord) -> IngestResult:
    """``--replace`` with the bytes of a stored copy: make it the canonical copy (chosen)."""
    change = choose_canonical(store, copy.release.spec, copy.id, copy.lang)
    now = _stored_copy(store, copy.id)
    return _stored_result(
        store,
        path,
        doc,
        copy,
        now,
        True,
        _copy_note(
            NoteKind.COPY_CANONICAL,
            copy,
            f"copy {copy.id} is now the canonical copy of {change.release} (chosen with --replace)"
            + (
                f"; copy {change.before.id} ({change.before.describe()}) stays stored as a copy"
                if change.before and change.switched
                else ""
            ),
        ),
    )


def _stored_result(
    store: Store,
    path: Path,
    doc,
    copy: CopyRecord,
    now: CopyRecord,
    canonical: bool,
    note: StoreNote,
) -> IngestResult:
    """The result of a file whose bytes were already stored as ``copy`` (``now`` after the
    change): its stored warnings, the note saying what changed, the copy and its release."""
    res = IngestResult(
        str(path),
        "ingested",
        kind="cr-text",
        encoding=doc.encoding,
        warnings=_stored_warnings(store, doc.sha256),
    )
    res.notes.append(note)
    res.copies.append((now, canonical))
    res.releases.append((copy.lang, copy.label, copy.effective_date, copy.counts))
    return res


def _parse_and_store(
    store: Store,
    path: Path,
    doc,
    replace: bool,
    origin: CopyOrigin | None = None,
    stored: bool = False,
    prepared: Prepared | None = None,
) -> IngestResult:
    if prepared is not None and prepared.parse_error:
        return IngestResult(str(path), "failed", encoding=doc.encoding, error=prepared.parse_error)
    if prepared is not None and prepared.parsed is not None:
        parsed = prepared.parsed
    else:
        try:
            with english_evidence(english_numbers(store)):
                parsed = parse_document(doc)
        except Exception as exc:  # a parser bug must not abort the other files
            return IngestResult(
                str(path), "failed", encoding=doc.encoding, error=parse_failure(path, exc)
            )
    parsed_rulesets = parsed.rulesets  # partial ones merge with what is stored (wiki quotes)
    try:
        # An official file is a whole text: even when damaged (incomplete) it replaces, never merges.
        merged = [
            (rs, prov, [])
            if origin == WHOLE_TEXT
            else merge_with_stored(store, rs, origin, prov, doc.source)
            for rs, origin, prov in parsed_rulesets
        ]
        parsed.rulesets = [
            (rs, origin, prov) for (rs, prov, _), (_, origin, _) in zip(merged, parsed_rulesets)
        ]
        records = (
            prepared.records
            if prepared is not None and prepared.records is not None
            else [to_record(rs, origin, prov) for rs, origin, prov in parsed.rulesets]
        )
        notes = [n for _, _, ns in merged for n in ns]
        # a merged partial release replaces its stored self: the merge note says so already
        merged_keys = {
            (rs.release.key, origin)
            for (rs, _, ns), (_, origin, _) in zip(merged, parsed.rulesets)
            if ns
        }
        quality = (
            prepared.quality
            if prepared is not None and prepared.quality is not None
            else assess_lines(doc.lines)
        )
        written = store.add_document(
            doc,
            parsed.kind,
            records,
            parsed.facts,
            [warning_row(w) for w in parsed.warnings],
            replace=replace,
            origin=origin,
            quality=quality,
            stored_document=stored,
        )
        notes += [
            n
            for n in written
            if not (n.kind is NoteKind.REPLACED and (n.release, n.origin) in merged_keys)
        ]
        if written.copies and quality.lossy:
            copy = written.copies[0][0]
            notes.append(
                StoreNote(
                    NoteKind.COPY_LOSSY,
                    f"{copy.lang}:{copy.label}",
                    WHOLE_TEXT,
                    f"lossy copy: {'; '.join(map(str, quality.marks))}",
                )
            )
    except AlreadyStored:  # a concurrent ingest stored these bytes since we looked
        return _unchanged(store, path, doc)
    except ReplaceRefused as exc:
        return IngestResult(
            str(path),
            "failed",
            kind=parsed.kind,
            encoding=doc.encoding,
            error=f"{path}: not stored: it {exc}",
            warnings=_warnings(parsed, parsed_rulesets),
        )
    except Exception as exc:  # the store rolled back: nothing of this file is kept
        if isinstance(exc, StoreError):
            raise  # busy or damaged store: the run stops
        return IngestResult(
            str(path),
            "failed",
            kind=parsed.kind,
            encoding=doc.encoding,
            error=f"{path}: not stored ({type(exc).__name__}: {exc}); the store is unchanged",
        )
    res = IngestResult(
        str(path),
        "ingested",
        kind=parsed.kind,
        encoding=doc.encoding,
        notes=notes,
        copies=list(written.copies),
    )
    for rs, _, _ in parsed.rulesets:
        eff = rs.release.effective_date.isoformat() if rs.release.effective_date else None
        res.releases.append((rs.release.lang, rs.release.label, eff, rs.counts()))
    res.warnings = _warnings(parsed, parsed_rulesets)
    return res


def _warnings(parsed, own_rulesets) -> list[ParseWarning]:
    """The warnings of this document: its rulesets' own (not merged-in ones), then the rest."""
    return [w for own, _, _ in own_rulesets for w in own.warnings] + list(parsed.warnings)
