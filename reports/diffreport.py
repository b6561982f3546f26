"""The change report of two releases as an object: the alignment it was built from, its
summary, its changes as a pandas DataFrame, its JSON, and its renderings (Markdown, HTML,
CSV, JSON) — what :meth:`mtgcr.reports.api.Corpus.diff` returns and ``mtgcr diff`` prints.
"""
from __future__ import annotations

from typing import Any, Iterable

from mtgcr.crossref import Alignment, CrossAlignment, Decision
from mtgcr.extract.model import Ruleset

from mtgcr.reports.diffview import diff_view
from mtgcr.reports.render import RENDERERS

__all__ = ["Diff"]

#: Columns of :meth:`Diff.to_frame`.
FRAME_COLUMNS = ["kind", "old", "new", "similarity", "text_changed", "decided", "old_section",
                 "new_section", "old_text", "new_text", "notes"]


class Diff:
    """What changed from one release to another (same language).

    Args:
        cross: the alignment and how it was obtained
            (:func:`mtgcr.crossref.translation.xlang.translation_alignment`).
        section: only what belongs to this section (:mod:`mtgcr.crossref.scope`), summary
            counts included.
        include_unchanged: also list unchanged rules, sections and glossary entries.
        decisions: the human decisions the alignment was made with.
        include_typography: also list the changes of kind ``typography`` (counted either way).

    The report dict (:func:`mtgcr.reports.diffview.diff_view`) is built on first use.
    """

    def __init__(self, cross: CrossAlignment, section: int | None = None,
                 include_unchanged: bool = False, decisions: Iterable[Decision] = (),
                 include_typography: bool = False) -> None:
        self.cross = cross
        self.include_typography = include_typography
        self.section = section
        self.include_unchanged = include_unchanged
        self.decisions = list(decisions)
        self._view: dict[str, Any] | None = None

    @property
    def alignment(self) -> Alignment:
        """The rule, section and glossary alignment (:class:`mtgcr.crossref.model.Alignment`)."""
        return self.cross.alignment

    @property
    def old(self) -> Ruleset:
        """The old release."""
        return self.cross.old

    @property
    def new(self) -> Ruleset:
        """The new release."""
        return self.cross.new

    @property
    def basis(self) -> str:
        """``"direct"`` (aligned on these releases) or ``"projected"`` (a translation: the
        English alignment of the same labels carried over)."""
        return self.cross.basis

    def to_json(self) -> dict[str, Any]:
        """The report dict: ``{title, lang, old, new, section, partial, summary, alignment,
        changes, sections, glossary}`` (see :mod:`mtgcr.reports.diffview`); the same object
        on every call."""
        if self._view is None:
            self._view = diff_view(self.cross.alignment, self.cross.old, self.cross.new,
                                   section=self.section, include_unchanged=self.include_unchanged,
                                   cross=self.cross, decisions=self.decisions,
                                   include_typography=self.include_typography)
        return self._view

    def summary(self) -> dict[str, Any]:
        """The counts: ``{"rules": {kind: groups}, "rule_counts": {kind: [old, new]},
        "old_rules", "new_rules", "old_unaligned", "new_unaligned", "unchanged_share",
        "sections": {kind: n}, "glossary": {kind: n}, "glossary_not_compared",
        "old_unaligned_share", "new_unaligned_share"}`` (of the section only, with
        ``section``)."""
        return self.to_json()["summary"]

    def to_frame(self):
        """The rule changes as a pandas DataFrame, one row per group (unchanged ones only
        with ``include_unchanged``): ``kind``, ``old`` / ``new`` (numbers, space-separated),
        ``similarity`` (0–1), ``text_changed``, ``decided``, ``old_section`` /
        ``new_section`` (section numbers, space-separated), ``old_text`` / ``new_text``,
        ``notes`` (joined by ``"; "``)."""
        import pandas as pd
        rows = [{"kind": c["kind"], "old": " ".join(c["old"]), "new": " ".join(c["new"]),
                 "similarity": c["similarity"], "text_changed": c["text_changed"],
                 "decided": c["decided"],
                 "old_section": " ".join(s["number"] for s in c["old_section"]),
                 "new_section": " ".join(s["number"] for s in c["new_section"]),
                 "old_text": c["old_text"], "new_text": c["new_text"],
                 "notes": "; ".join(c["notes"])} for c in self.to_json()["changes"]]
        return pd.DataFrame(rows, columns=FRAME_COLUMNS)

    def render(self, fmt: str = "md") -> str:
        """The report in one of :data:`mtgcr.reports.render.RENDERERS` (``md``, ``html``,
        ``csv``, ``json``).

        Raises:
            ValueError: an unknown format.
        """
        try:
            renderer = RENDERERS[fmt]
        except KeyError:
            raise ValueError(f"unknown report format {fmt!r}; choose from "
                             f"{', '.join(RENDERERS)}") from None
        return renderer(self.to_json())

    def to_markdown(self) -> str:
        """The Markdown report."""
        return self.render("md")

    def to_html(self) -> str:
        """The HTML report (one self-contained file)."""
        return self.render("html")

    def to_csv(self) -> str:
        """The CSV report (one row per change)."""
        return self.render("csv")

    def __repr__(self) -> str:
        v = self.to_json()
        return f"<Diff {v['title']!r}: {len(v['changes'])} changes>"
