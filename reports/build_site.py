"""The report folder written by ``mtgcr build``: per language, one report per consecutive pair
of releases in every format, and an index (HTML, Markdown, JSON) listing every pair.

Layout::

    DIR/index.html  DIR/index.md  DIR/index.json
    DIR/<lang>/<old>_<new>.{md,html,csv,json}     (<old>, <new>: effective dates or labels)
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from pathlib import Path
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from mtgcr.corpus.store import Store
from mtgcr.crossref.chain import Chain
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.history import PIVOT

from mtgcr.corpus.output_folder import OutputFolder
from mtgcr.reports.diffview import diff_view, release_name
from mtgcr.reports.render import RENDERERS, SUFFIX
from mtgcr.reports.render.html import render_index as html_index
from mtgcr.reports.render.markdown import render_index as md_index

__all__ = ["build_reports", "index_view", "BuildInterrupted"]

#: Worker processes that render the reports of a long English chain.
WORKERS = 2
#: Seconds between two writes of the index while a build runs (it is always written at the
#: end, and when interrupted).
INDEX_EVERY = 1.0


class BuildInterrupted(Exception):
    """The build was interrupted (Ctrl-C) after ``done`` reports; the index written lists
    them. ``index`` is that index dict."""

    def __init__(self, done: int, index: dict[str, Any]) -> None:
        super().__init__(f"interrupted after {done} reports")
        self.done, self.index = done, index


def build_reports(
    store: Store,
    out: OutputFolder | Path,
    langs: list[str] | None = None,
    decisions: Sequence[Decision] = (),
    formats: list[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Align every consecutive pair of complete releases per language and write the reports.
    For a translation whose English releases are stored, the English alignment is projected
    onto it and compared with its own, as ``mtgcr diff --lang`` does
    (:func:`mtgcr.crossref.translation.xlang.translation_alignment`).

    The folder stays consistent at every moment: each file is written to a temporary name
    and renamed, and the index (``index.json``, ``index.md``, ``index.html``) is rewritten
    while the build runs (at most every :data:`INDEX_EVERY` seconds, and when interrupted),
    listing only reports written, with ``"complete": false`` until the last one. The
    reports of a long English chain are rendered by worker processes
    (:mod:`mtgcr.reports.build_pairs`); this process writes every file, in chain order.

    Args:
        store: an open store (writable, so alignments are cached).
        out: the output folder: an open :class:`~mtgcr.corpus.output_folder.OutputFolder` (a
            report or index the user edited there is kept, listed in ``out.kept``), or a path
            (opened and closed here).
        langs: languages to report on (default: every language with a complete release).
        decisions: human decisions.
        formats: report formats (default all of ``md``, ``html``, ``csv``, ``json``).
        progress: called with a short message per pair.

    Returns:
        The index dict (also written as ``index.json``).

    Raises:
        mtgcr.crossref.decisions.DecisionError: a decision does not fit its releases.
        BuildInterrupted: Ctrl-C; the index lists the reports written before it.
    """
    if isinstance(out, Path):
        with OutputFolder(out, "build") as folder:
            return build_reports(store, folder, langs, decisions, formats, progress)
    formats = formats or list(RENDERERS)
    if langs is None:
        langs = sorted({r.lang for r in store.releases() if r.complete})
    chains = [(lang, Chain(store, lang, decisions)) for lang in langs]
    languages: list[dict[str, Any]] = [
        {"lang": lang, "pairs": [], "releases": [r.as_json() for r in chain.infos]}
        for lang, chain in chains
    ]
    total = sum(len(chain) - 1 for _, chain in chains)
    done = 0
    written = [0.0]  # when the index was last written
    try:
        for (lang, chain), entry in zip(chains, languages):
            for view, texts in _rendered(store, lang, chain, decisions, formats):
                stem = f"{release_name(view['old'])}_{release_name(view['new'])}"
                files = {}
                for fmt in formats:
                    rel = f"{lang}/{stem}{SUFFIX[fmt]}"
                    out.write(rel, texts[fmt])
                    files[fmt] = rel
                entry["pairs"].append(
                    {
                        "old": view["old"],
                        "new": view["new"],
                        "old_name": release_name(view["old"]),
                        "new_name": release_name(view["new"]),
                        "summary": view["summary"],
                        "files": files,
                    }
                )
                done += 1
                if done < total and time.monotonic() - written[0] >= INDEX_EVERY:
                    _write_index(out, index_view(languages, complete=False, expected=total))
                    written[0] = time.monotonic()
                if progress:
                    progress(
                        f"{lang} {entry['pairs'][-1]['old_name']} → "
                        f"{entry['pairs'][-1]['new_name']}"
                    )
    except KeyboardInterrupt:
        index = index_view(languages, complete=False, expected=total, interrupted=True)
        _write_index(out, index)
        raise BuildInterrupted(done, index) from None
    index = index_view(languages, complete=True, expected=total)
    _write_index(out, index)
    return index


def _rendered(
    store: Store, lang: str, chain: Chain, decisions: Sequence[Decision], formats: list[str]
) -> Iterator[tuple[dict[str, Any], dict[str, str]]]:
    """Each consecutive pair's report view and its text per format, in chain order: English
    chains of many pairs in worker processes (:func:`mtgcr.reports.build_pairs.render_runs`),
    the others here (a translation: the English alignment projected, as diff does)."""
    from mtgcr.crossref.prealign import drop_stale
    from mtgcr.reports.build_pairs import RUN, render_runs

    if lang == PIVOT and len(chain) - 1 >= 2 * RUN and WORKERS > 1:
        drop_stale(chain)
        for k, view, texts, item in render_runs(chain, decisions, formats, WORKERS):
            if item is not None:  # aligned by the worker: cache it
                store.cache_alignment(*chain.pair_key(k), *item)
            yield view, texts
        return
    pairings: dict = {}
    for k in range(len(chain) - 1):
        if lang == PIVOT:
            view = diff_view(
                chain.alignment(k), chain.ruleset(k), chain.ruleset(k + 1), decisions=decisions
            )
            chain.forget(k)
        else:
            from mtgcr.crossref.translation.xlang import translation_alignment

            cross = translation_alignment(
                store,
                chain.infos[k].label,
                chain.infos[k + 1].label,
                lang,
                decisions,
                pairing_cache=pairings,
            )
            view = diff_view(
                cross.alignment, cross.old, cross.new, cross=cross, decisions=decisions
            )
        yield view, {fmt: RENDERERS[fmt](view) for fmt in formats}


def _write_index(out: OutputFolder, index: dict[str, Any]) -> None:
    out.write("index.json", json.dumps(index, ensure_ascii=False, indent=2) + "\n")
    out.write("index.md", md_index(index))
    out.write("index.html", html_index(index))


def index_view(
    languages: list[dict[str, Any]],
    complete: bool = True,
    expected: int | None = None,
    interrupted: bool = False,
) -> dict[str, Any]:
    """The index dict: ``{"title", "generated" (ISO 8601 UTC timestamp, seconds),
    "description" (one sentence for people), "complete" (false while a build is running or
    after it was interrupted), "reports" (pairs listed), "expected" (pairs the build set
    out to write), "languages": [{"lang", "releases": [release json], "pairs": [{"old",
    "new", "old_name", "new_name", "summary", "files": {fmt: relative path}}]}]}``."""
    n = sum(len(lang["pairs"]) for lang in languages)
    expected = n if expected is None else expected
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    desc = f"{n} reports for {len(languages)} language(s), generated by mtgcr"
    if not complete:
        desc += f"; incomplete: {n} of {expected} reports written " + (
            "(the build was interrupted)"
            if interrupted
            else "(the build is running, or was stopped)"
        )
    return {
        "title": "Comprehensive Rules: changes between consecutive releases",
        "generated": now,
        "description": desc,
        "complete": complete,
        "reports": n,
        "expected": expected,
        "languages": languages,
    }
