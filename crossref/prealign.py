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

import json
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Iterable, Sequence

from mtgcr.corpus.workers import WORKERS, worker_start
from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.extract.records import load_release

from mtgcr.crossref.chain import Chain, complete_releases
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.options import AlignOptions
from mtgcr.crossref.steps import step_rows

__all__ = ["prealign", "Prealigned", "drop_stale", "align_missing", "cache_item"]

#: Pairs per task: a worker reads one release more than it aligns pairs.
RUN = 8

#: One aligned pair as a worker returns it: ``(k, JSON text, step rows)``.
_Aligned = tuple[int, str, list]


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
        n = _align_pairs(chain, missing, workers if total > RUN else 1, progress, out.failed)
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


def align_missing(
    chain: Chain,
    missing: list[int],
    workers: int = WORKERS,
    on_align: Callable[[int, int], None] | None = None,
) -> list[str]:
    """Align and cache pairs ``missing`` of ``chain`` (of a writable store) in ``workers``
    processes, as :func:`prealign` does (for a query that finds them missing); they count
    in ``chain.computed``.

    Returns:
        The pairs that could not be aligned, each as one line (left to the caller, which
        aligns them itself and meets the error).
    """
    failed: list[str] = []
    done = [0]

    def progress() -> None:
        if on_align:
            on_align(done[0], len(missing))  # as Chain's: (pairs before this one, pairs)
        done[0] += 1

    chain.computed += _align_pairs(chain, missing, workers, progress, failed)
    return failed


def _runs(ks: list[int], size: int) -> list[list[int]]:
    """``ks`` (sorted) cut into runs of consecutive values of at most ``size``."""
    runs: list[list[int]] = []
    for k in ks:
        if runs and runs[-1][-1] == k - 1 and len(runs[-1]) < size:
            runs[-1].append(k)
        else:
            runs.append([k])
    return runs


def _align_pairs(
    chain: Chain, missing: list[int], workers: int, progress: Callable[[], None], failed: list[str]
) -> int:
    """Align pairs ``missing`` of ``chain`` and cache them; returns how many were written."""
    if not missing:
        return 0
    written = 0
    if workers <= 1:
        for k in missing:
            try:
                chain.alignment(k)
                written += 1
            except Exception as exc:  # a decision that does not fit: the query says so
                failed.append(_failure(chain, k, exc))
            progress()
        return written
    store = chain.store
    with ProcessPoolExecutor(max_workers=workers, initializer=worker_start) as pool:
        futures = {
            pool.submit(
                _align_run,
                str(store.path),
                chain.infos[run[0] : run[-1] + 2],
                run,
                chain.decisions,
                chain.options,
            ): run
            for run in _runs(missing, RUN)
        }
        try:
            for fut in as_completed(futures):
                run = futures[fut]
                try:
                    results, errors = fut.result()
                except Exception as exc:  # a worker that died: these pairs stay uncached
                    failed += [_failure(chain, k, exc) for k in run]
                    continue
                failed += [_failure(chain, k, msg) for k, msg in errors]
                if store.cache_alignments(
                    [(chain.pair_key(k), data, steps) for k, data, steps in results]
                ):
                    written += len(results)
                for _ in run:
                    progress()
        except BaseException:
            for f in futures:
                f.cancel()
            raise
    return written


def _failure(chain: Chain, k: int, exc: object) -> str:
    a, b = chain.infos[k], chain.infos[k + 1]
    return f"{a.lang} {a.name} → {b.name}: {exc}"


def _align_run(
    store_path: str,
    infos: list[ReleaseInfo],
    run: list[int],
    decisions: list[Decision],
    options: AlignOptions,
) -> tuple[list[_Aligned], list[tuple[int, str]]]:
    """In a worker: align the consecutive pairs ``run`` (chain positions; ``infos`` are the
    releases from ``run[0]`` to ``run[-1] + 1``), reading the releases from the store."""
    from mtgcr.crossref.align import align_releases

    out: list[_Aligned] = []
    errors: list[tuple[int, str]] = []
    with Store(store_path, readonly=True) as store:
        prev = load_release(store, infos[0])
        for i, k in enumerate(run):
            new = load_release(store, infos[i + 1])
            try:
                al = align_releases(prev, new, options, decisions)
            except Exception as exc:
                errors.append((k, str(exc)))
            else:
                out.append((k, *cache_item(al)))
            prev = new
    return out, errors


def cache_item(al) -> tuple[str, list]:
    """An alignment as the cache stores it: ``(JSON text, step rows)``
    (:meth:`mtgcr.corpus.store.Store.cache_alignments`)."""
    cache = al.to_cache()
    return json.dumps(cache, ensure_ascii=False, separators=(",", ":")), step_rows(cache)
