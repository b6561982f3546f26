"""Renderers of the change report dict (:func:`mtgcr.reports.diffview.diff_view`) and of the index
page: Markdown, HTML (one self-contained file), CSV and JSON. Each ``render(view) -> str``."""

from __future__ import annotations

from mtgcr.reports.render import csvout, html, jsonout, markdown

__all__ = ["RENDERERS", "SUFFIX"]

#: ``--format`` name → render function.
RENDERERS = {
    "md": markdown.render,
    "html": html.render,
    "csv": csvout.render,
    "json": jsonout.render,
}
#: ``--format`` name → file suffix.
SUFFIX = {"md": ".md", "html": ".html", "csv": ".csv", "json": ".json"}
