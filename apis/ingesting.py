"""The ingest capability of :class:`mtgcr.api.Corpus`: storing files and folders, then
aligning what the new releases made stale (:meth:`~mtgcr.api.Corpus.ingest`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from mtgcr.errors import BadArgument

if TYPE_CHECKING:
    from mtgcr.api import Corpus
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest_run import IngestRun


def ingest(
    corpus: Corpus,
    paths: tuple[str | Path, ...],
    replace: bool,
    on_file: Callable[[Path, int, int], None] | None,
    origin: str | None,
    max_bytes: int | None,
    align: bool,
    on_align: Callable[[int, int], None] | None,
    encoding: str | None,
) -> IngestRun:
    """:meth:`mtgcr.api.Corpus.ingest` of ``corpus``: that method's docstring says
    what it takes, returns and raises."""
    from mtgcr.corpus.copies import CopyOrigin
    from mtgcr.extract.ingest_run import run_ingest

    try:
        how = CopyOrigin(origin) if origin is not None else None
    except ValueError:
        raise BadArgument(
            f"origin {origin!r}: not a copy origin; choose from "
            f"{', '.join(o.value for o in CopyOrigin)}"
        ) from None
    if encoding is not None:
        import codecs

        try:
            codecs.lookup(encoding)
        except LookupError:
            raise BadArgument(f"--encoding {encoding}: not an encoding Python knows") from None
    with corpus.store(readonly=False) as store:
        run = run_ingest(
            store,
            paths,
            replace=replace,
            on_file=on_file,
            origin=how,
            max_bytes=max_bytes,
            encoding=encoding,
        )
        if align and run.stop is None:
            try:
                align_stale(corpus, store, on_align)
            except KeyboardInterrupt:  # every file is stored; the pairs aligned so far too
                run.alignment_stopped = True
        return run


def align_stale(
    corpus: Corpus,
    store: Store,
    on_align: Callable[[int, int], None] | None,
    lang: str | None = None,
) -> None:
    """Align what the cache of ``store`` lacks and drop pairs no longer consecutive
    (:func:`mtgcr.crossref.prealign.prealign`; of ``lang`` only, when given), with the
    decisions of ``corpus``; a bad decisions file leaves it to the queries (which say why)."""
    from mtgcr.crossref.decisions import DecisionError
    from mtgcr.crossref.prealign import prealign

    try:
        decisions = corpus.decisions
    except DecisionError:
        return
    prealign(store, decisions, on_align=on_align, langs=None if lang is None else [lang])
