"""Aligning a store's chains ahead of the queries (at ingest), in worker processes.

After an ingest, :func:`prealign` brings the alignment cache of every chain up to date:
it aligns only the consecutive pairs the cache lacks (a release inserted in the middle of a
chain adds two pairs; a re-ingested or re-chosen canonical copy gets a new release id, so
its two pairs are new; decisions that change for a pair change its cache key) and deletes
the cached alignments of pairs that are no longer consecutive (the pair around an inserted
release). The work is split in runs of consecutive pairs, each aligned by a worker process
(``concurrent.futures``) that reads the two releases from the store itself; the main process
alone writes, one transaction per run, so an interrupted or failed run keeps every run
written before it and loses nothing else (the cache is only a cache: a pair not written is
aligned by the first query that needs it).
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from mtgcr.corpus.store import Store
from mtgcr.corpus.workers import WORKERS
from mtgcr.crossref.align.options import AlignOptions
from mtgcr.crossref.chain import Chain, complete_releases
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.pair_workers import RUN, align_pairs

__all__ = ["prealign", "Prealigned", "drop_stale"]


class Prealigned(list):
    """:func:`prealign`'s answer: the number of pairs aligned per language (a list of
    ``(lang, aligned, pairs in the chain)``); ``failed`` lists ``"en 2009-05-01 → 2009-07-11:
    reason"`` for pairs that could not be aligned (left to the queries, which say why)."""

    def __init__(self) -> None:
        super().__init__()
        self.failed: list[str] = []

    @property
    def aligned(self) -> int:
        """Pairs aligned in all."""
        return sum(n for _, n, _ in self)


def prealign(
    store: Store,
    decisions: Iterable[Decision] = (),
    options: AlignOptions | None = None,
    workers: int = WORKERS,
    on_align: Callable[[int, int], None] | None = None,
    langs: Sequence[str] | None = None,
) -> Prealigned:
    """Align and cache the consecutive pairs of every chain (each language with two complete
    releases or more) that the cache lacks, and drop cached pairs no longer consecutive.

    Args:
        store: an open, writable store (read-only: nothing is done).
        decisions: human decisions (those of each pair are part of its cache key).
        options: alignment options.
        workers: worker processes (1: align in this process).
        on_align: progress, ``(pairs done, pairs to align)`` after each pair.
        langs: only these languages (default: every language of the store).

    Returns:
        :class:`Prealigned`.
    """
    out = Prealigned()
    if store.readonly:
        return out
    decisions = list(decisions)
    todo: list[tuple[Chain, list[int]]] = []
    cached = store.cached_pairs()
    for lang in langs if langs is not None else store.languages():
        if len(complete_releases(store, lang)) < 2:
            continue
        chain = Chain(store, lang, decisions, options)
        todo.append((chain, drop_stale(chain, cached)))
    total = sum(len(ks) for _, ks in todo)
    done = [0]

    def progress() -> None:
        done[0] += 1
        if on_align:
            on_align(done[0], total)

    for chain, missing in todo:
        n = align_pairs(chain, missing, workers if total > RUN else 1, progress, out.failed)
        out.append((chain.lang, n, len(chain) - 1))
    return out


def drop_stale(chain: Chain, cached: dict | None = None) -> list[int]:
    """Delete the cached alignments of pairs of ``chain``'s releases that are no longer
    consecutive in it (the pair around a release inserted in the middle).

    Args:
        chain: a chain of a writable store (read-only: nothing is deleted).
        cached: the store's :meth:`~mtgcr.corpus.store.Store.cached_pairs`, if already read.

    Returns:
        The positions of the pairs the cache lacks (to align).
    """
    store = chain.store
    cached = store.cached_pairs() if cached is None else cached
    keys = [chain.pair_key(k) for k in range(len(chain) - 1)]
    ids = {r.id for r in chain.infos}
    now = {(a, b) for a, b, _ in keys}
    store.drop_alignments(
        {(a, b) for a, b, _ in cached if a in ids and b in ids and (a, b) not in now}
    )
    return [k for k, key in enumerate(keys) if key not in cached]
