"""The ingest pipeline: paths → documents → parsed releases → store.

One document is one transaction: a file that fails leaves nothing behind and does not stop
the others. A file whose bytes are already stored is skipped (idempotence).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from corpus.document import DocumentError, load_document
from corpus.store import Store

from .cr_text import CRFormatError
from .kinds import UnknownKindError, parse_document
from .merge_stored import merge_with_stored
from .records import to_record

__all__ = ["IngestResult", "ingest_paths", "expand_paths"]

#: File name endings that ``expand_paths`` picks up inside folders.
TEXT_SUFFIXES = {".txt", ".html", ".htm", ".wiki", ".wikitext", ".md", ""}


@dataclass
class IngestResult:
    """Outcome for one file.

    Attributes:
        path: the file.
        status: ``"ingested"``, ``"unchanged"`` (bytes already stored) or ``"failed"``.
        kind: document kind, if parsed.
        releases: ``[(lang, label, effective_date, counts)]`` written.
        encoding: detected encoding.
        error: one-line reason when failed.
        warnings: ``"file:line: message"`` strings.
        notes: store notes (replacements).
    """

    path: str
    status: str
    kind: str = ""
    releases: list[tuple[str, str, str | None, dict[str, int]]] = field(default_factory=list)
    encoding: str = ""
    error: str = ""
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def expand_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files named directly, and files inside named folders (recursively, sorted, text-like
    suffixes only, hidden files skipped). A missing path is yielded as is (it fails later)."""
    for p in map(Path, paths):
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.is_file() and not any(part.startswith(".") for part in f.relative_to(p).parts) \
                        and f.suffix.lower() in TEXT_SUFFIXES:
                    yield f
        else:
            yield p


def ingest_paths(store: Store, paths: Iterable[str | Path],
                 on_file: Callable[[Path], None] | None = None) -> list[IngestResult]:
    """Ingest files and folders into ``store``; never raises for a bad file.

    Args:
        store: an open, writable store.
        paths: files or folders.
        on_file: called with each file before it is processed (progress reporting).

    Returns:
        One :class:`IngestResult` per file, in order.
    """
    results = []
    for path in expand_paths(paths):
        if on_file:
            on_file(path)
        results.append(ingest_file(store, path))
    return results


def ingest_file(store: Store, path: Path) -> IngestResult:
    """Ingest one file (see :func:`ingest_paths`); never raises for a bad file or a failed
    write (the result says ``"failed"`` with a one-line reason naming the file)."""
    try:
        doc = load_document(path)
    except DocumentError as exc:
        return IngestResult(str(path), "failed", error=str(exc))
    if store.has_document(doc.sha256):
        return IngestResult(str(path), "unchanged", encoding=doc.encoding)
    try:
        parsed = parse_document(doc)
    except (UnknownKindError, CRFormatError, DocumentError) as exc:
        return IngestResult(str(path), "failed", encoding=doc.encoding, error=str(exc))
    except Exception as exc:  # a parser bug must not abort the other files
        return IngestResult(str(path), "failed", encoding=doc.encoding,
                            error=f"{path}: internal error while parsing ({type(exc).__name__}: {exc})")
    parsed_rulesets = parsed.rulesets  # partial ones merge with what is stored (wiki quotes)
    try:
        merged = [merge_with_stored(store, rs, origin, prov, doc.source) for rs, origin, prov in parsed_rulesets]
        parsed.rulesets = [(rs, origin, prov) for (rs, prov, _), (_, origin, _) in zip(merged, parsed_rulesets)]
        records = [to_record(rs, origin, prov) for rs, origin, prov in parsed.rulesets]
        notes = [n for _, _, ns in merged for n in ns]
        merged_keys = {f"replaces {rs.release.key} ({origin})" for (rs, _, ns), (_, origin, _)
                       in zip(merged, parsed.rulesets) if ns}
        notes += [n for n in store.add_document(
            doc, parsed.kind, records, parsed.facts,
            [{"source": w.source, "line": w.line, "message": w.message} for w in parsed.warnings])
            if not any(n.startswith(k) for k in merged_keys)]
    except Exception as exc:  # the store rolled back: nothing of this file is kept
        return IngestResult(str(path), "failed", kind=parsed.kind, encoding=doc.encoding,
                            error=f"{path}: not stored ({type(exc).__name__}: {exc}); "
                                  f"the store is unchanged")
    res = IngestResult(str(path), "ingested", kind=parsed.kind, encoding=doc.encoding, notes=notes)
    for (rs, _, _), (own, _, _) in zip(parsed.rulesets, parsed_rulesets):
        eff = rs.release.effective_date.isoformat() if rs.release.effective_date else None
        res.releases.append((rs.release.lang, rs.release.label, eff, rs.counts()))
        res.warnings += [str(w) for w in own.warnings]
    res.warnings += [str(w) for w in parsed.warnings]
    return res
