"""The change reports of ``mtgcr build`` for runs of consecutive English pairs, rendered in
worker processes (:func:`render_runs`): each worker reads its releases and the cached
alignments from the store (read-only) — aligning the pairs the cache lacks with the
releases it has read anyway, and sending them back to be cached — builds each pair's report
view and renders every format; the main process writes the alignments, the files and the
index, in chain order, so the report folder stays as consistent as when one process does it
all.
"""

from __future__ import annotations

from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Iterator, Sequence

from mtgcr.corpus.workers import WORKERS, worker_start
from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
from mtgcr.crossref.decisions import Decision

__all__ = ["render_pair", "render_runs", "RUN"]

#: Pairs per worker task (a run reads one release more than it has pairs).
RUN = 8

#: A rendered pair: ``(k, view, {format: text}, alignment to cache)``; ``view`` without its
#: rule lists; the last ``(JSON text, step rows)`` when the worker had to align the pair
#: (its store is read-only: the main process caches it), else ``None``.
Rendered = tuple[int, dict[str, Any], dict[str, str], Any]


def render_pair(
    chain: Chain, k: int, decisions: Sequence[Decision], formats: Sequence[str]
) -> Rendered:
    """The report view of pair ``k`` of an English ``chain`` and its text in each format.

    Returns:
        :data:`Rendered`.
    """
    from mtgcr.crossref.pair_workers import cache_item
    from mtgcr.reports.diffview import diff_view
    from mtgcr.reports.render import RENDERERS

    computed = chain.computed
    al = chain.alignment(k)
    item = cache_item(al) if chain.computed > computed and chain.store.readonly else None
    view = diff_view(al, chain.ruleset(k), chain.ruleset(k + 1), decisions=decisions)
    texts = {fmt: RENDERERS[fmt](view) for fmt in formats}
    return k, {key: view[key] for key in ("old", "new", "summary")}, texts, item


def _render_run(
    store_path: str, lang: str, decisions: list[Decision], formats: list[str], run: list[int]
) -> list[Rendered]:
    """In a worker: :func:`render_pair` for each pair of ``run`` (consecutive positions)."""
    with Store(store_path, readonly=True) as store:
        chain = Chain(store, lang, decisions)
        out = []
        for k in run:
            out.append(render_pair(chain, k, decisions, formats))
            chain.forget(k)
        return out


def render_runs(
    chain: Chain, decisions: Sequence[Decision], formats: Sequence[str], workers: int = WORKERS
) -> Iterator[Rendered]:
    """Every pair of ``chain`` rendered (:func:`render_pair`), in chain order, by
    ``workers`` processes working on runs of :data:`RUN` pairs ahead of the one yielded.

    Raises:
        mtgcr.crossref.decisions.DecisionError: a decision does not fit its releases.
    """
    ks = list(range(len(chain) - 1))
    runs = [ks[i : i + RUN] for i in range(0, len(ks), RUN)]
    with ProcessPoolExecutor(max_workers=workers, initializer=worker_start) as pool:
        futures: list[Future] = [
            pool.submit(
                _render_run, str(chain.store.path), chain.lang, list(decisions), list(formats), run
            )
            for run in runs
        ]
        try:
            for fut in futures:
                yield from fut.result()
        finally:
            for f in futures:
                f.cancel()
