"""Aligning pairs of a chain in worker processes, and the form the cache stores them in.

:func:`align_pairs` aligns given consecutive pairs of a :class:`~mtgcr.crossref.chain.Chain`:
the work is split in runs of consecutive pairs, each aligned by a worker process
(``concurrent.futures``) that reads the two releases from the store itself; the main process
alone writes, one transaction per run, so an interrupted or failed run keeps every run
written before it. Used by :func:`mtgcr.crossref.prealign.prealign` (every chain of a store,
after an ingest) and by a :class:`~mtgcr.crossref.chain.Chain` query that finds many pairs
uncached (:func:`align_missing`). Knows the chain only through the attributes it reads, so the
chain can call it without an import cycle.
"""

from __future__ import annotations

import json
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Callable

from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.corpus.workers import WORKERS, worker_start
from mtgcr.crossref.align.options import AlignOptions
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.steps import step_rows
from mtgcr.extract.records import load_release

if TYPE_CHECKING:
    from mtgcr.crossref.chain import Chain

__all__ = ["RUN", "align_missing", "align_pairs", "cache_item"]

#: Pairs per task: a worker reads one release more than it aligns pairs.
RUN = 8

#: One aligned pair as a worker returns it: ``(k, JSON text, step rows)``.
_Aligned = tuple[int, str, list]


def align_missing(
    chain: Chain,
    missing: list[int],
    workers: int = WORKERS,
    on_align: Callable[[int, int], None] | None = None,
) -> list[str]:
    """Align and cache pairs ``missing`` of ``chain`` (of a writable store) in ``workers``
    processes, as :func:`mtgcr.crossref.prealign.prealign` does (for a query that finds them missing); they count
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

    chain.computed += align_pairs(chain, missing, workers, progress, failed)
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


def align_pairs(
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
    from mtgcr.crossref.align.releases import align_releases

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
