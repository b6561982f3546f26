"""The report folder written by ``mtgcr build``: per language, one report per consecutive pair
of releases in every format, and an index (HTML, Markdown, JSON) listing every pair.

Layout::

    DIR/index.html  DIR/index.md  DIR/index.json
    DIR/<lang>/<old>_<new>.{md,html,csv,json}     (<old>, <new>: effective dates or labels)
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from corpus.store import Store
from crossref.chain import Chain
from crossref.decisions import Decision

from .diffview import diff_view, release_name
from .render import RENDERERS, SUFFIX
from .render.html import render_index as html_index
from .render.markdown import render_index as md_index

__all__ = ["build_reports", "index_view"]


def build_reports(store: Store, out: Path, langs: list[str] | None = None,
                  decisions: list[Decision] = (), formats: list[str] | None = None,
                  progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Align every consecutive pair of complete releases per language and write the reports.

    Args:
        store: an open store (writable, so alignments are cached).
        out: the output folder (created).
        langs: languages to report on (default: every language with a complete release).
        decisions: human decisions.
        formats: report formats (default all of ``md``, ``html``, ``csv``, ``json``).
        progress: called with a short message per pair.

    Returns:
        The index dict (also written as ``index.json``).

    Raises:
        crossref.decisions.DecisionError: a decision does not fit its releases.
    """
    formats = formats or list(RENDERERS)
    out.mkdir(parents=True, exist_ok=True)
    if langs is None:
        langs = sorted({r.lang for r in store.releases() if r.complete})
    languages = []
    for lang in langs:
        chain = Chain(store, lang, decisions)
        pairs = []
        for k in range(len(chain) - 1):
            old, new = chain.ruleset(k), chain.ruleset(k + 1)
            al = chain.alignment(k)
            view = diff_view(al, old, new)
            stem = f"{release_name(view['old'])}_{release_name(view['new'])}"
            files = {}
            for fmt in formats:
                rel = f"{lang}/{stem}{SUFFIX[fmt]}"
                path = out / rel
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(RENDERERS[fmt](view), encoding="utf-8")
                files[fmt] = rel
            pairs.append({"old": view["old"], "new": view["new"],
                          "old_name": release_name(view["old"]),
                          "new_name": release_name(view["new"]),
                          "summary": view["summary"], "files": files})
            if progress:
                progress(f"{lang} {pairs[-1]['old_name']} → {pairs[-1]['new_name']}")
        languages.append({"lang": lang, "pairs": pairs,
                          "releases": [r.as_json() for r in chain.infos]})
    index = index_view(languages)
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=2) + "\n",
                                    encoding="utf-8")
    (out / "index.md").write_text(md_index(index), encoding="utf-8")
    (out / "index.html").write_text(html_index(index), encoding="utf-8")
    return index


def index_view(languages: list[dict[str, Any]]) -> dict[str, Any]:
    """The index dict: ``{"title", "generated", "languages": [{"lang", "releases": [release
    json], "pairs": [{"old", "new", "old_name", "new_name", "summary", "files": {fmt:
    relative path}}]}]}``."""
    n = sum(len(lang["pairs"]) for lang in languages)
    return {"title": "Comprehensive Rules: changes between consecutive releases",
            "generated": f"{n} reports for {len(languages)} language(s), generated "
                         f"{datetime.now(timezone.utc).isoformat(timespec='seconds')} by mtgcr",
            "languages": languages}
