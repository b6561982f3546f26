"""The change report of two releases as an object: the alignment it was built from, its
summary, its changes as a pandas DataFrame, its JSON, and its renderings (Markdown, HTML,
CSV, JSON) — what :meth:`mtgcr.api.Corpus.diff` returns and ``mtgcr diff`` prints.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Iterable

from mtgcr.crossref import Alignment, CrossAlignment, Decision
from mtgcr.extract.model import Release, Ruleset

from mtgcr.reports.diffview import diff_view
from mtgcr.reports.render import RENDERERS

__all__ = ["Diff", "Direction", "direction"]

#: Columns of :meth:`Diff.to_frame`.
FRAME_COLUMNS = [
    "kind",
    "old",
    "new",
    "similarity",
    "text_changed",
    "decided",
    "old_section",
    "new_section",
    "old_text",
    "new_text",
    "notes",
]


class Direction(StrEnum):
    """Which way a diff runs in time (the report's JSON ``direction``)."""

    FORWARD = "forward"  # OLD is older than NEW
    SAME = "same"  # OLD and NEW are one release (also through two copies' labels)
    REVERSED = "reversed"  # OLD is the newer one


def direction(
    old: Release, new: Release, old_spec: str | None = None, new_spec: str | None = None
) -> tuple[Direction, str | None]:
    """Whether a diff runs forward in time: ``(FORWARD, None)``, ``(SAME, note)`` when OLD and
    NEW name one release (also through two copies' labels, ``2009-07-08`` and ``2009-07-11``),
    ``(REVERSED, note)`` when OLD is the newer one. A release is identified by language,
    effective date (else label) and revision (:mod:`mtgcr.corpus.copies`).

    Args:
        old, new: the two releases.
        old_spec, new_spec: what the user typed for them (named in the note when they differ).

    Returns:
        The direction and the note for the user (``None`` going forward).
    """

    def when(r: Release) -> tuple[str, str]:
        return (r.effective_date.isoformat() if r.effective_date else r.label, r.revision or "")

    name_old = f"{old.lang} {old.name}"
    if (old.lang, when(old)) == (new.lang, when(new)):
        also = (
            f" ({old_spec!r} and {new_spec!r} name the same release)"
            if old_spec is not None
            and new_spec is not None
            and old_spec.strip() != new_spec.strip()
            else ""
        )
        return Direction.SAME, (
            f"OLD and NEW are the same release, {name_old}{also}: nothing "
            f"changed between them; give two different releases"
        )
    if when(old) > when(new):
        return Direction.REVERSED, (
            f"OLD ({name_old}) is newer than NEW ({new.lang} "
            f"{new.name}): the report reads backwards in time (rules "
            f"added since then show as removed); swap them for the "
            f"usual direction"
        )
    return Direction.FORWARD, None


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
        specs: what the user typed for OLD and NEW (named in the :attr:`direction_note`).

    The report dict (:func:`mtgcr.reports.diffview.diff_view`) is built on first use.
    """

    def __init__(
        self,
        cross: CrossAlignment,
        section: int | None = None,
        include_unchanged: bool = False,
        decisions: Iterable[Decision] = (),
        include_typography: bool = False,
        specs: tuple[str, str] | None = None,
    ) -> None:
        self.cross = cross
        self.direction, self.direction_note = direction(
            cross.old.release, cross.new.release, *(specs or (None, None))
        )
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
        changes, sections, glossary, direction, direction_note}`` (see
        :mod:`mtgcr.reports.diffview`; ``direction`` a :class:`Direction` value, the note
        ``None`` going forward); the same object on every call."""
        if self._view is None:
            self._view = diff_view(
                self.cross.alignment,
                self.cross.old,
                self.cross.new,
                section=self.section,
                include_unchanged=self.include_unchanged,
                cross=self.cross,
                decisions=self.decisions,
                include_typography=self.include_typography,
            )
            self._view["direction"] = self.direction.value
            self._view["direction_note"] = self.direction_note
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

        rows = [
            {
                "kind": c["kind"],
                "old": " ".join(c["old"]),
                "new": " ".join(c["new"]),
                "similarity": c["similarity"],
                "text_changed": c["text_changed"],
                "decided": c["decided"],
                "old_section": " ".join(s["number"] for s in c["old_section"]),
                "new_section": " ".join(s["number"] for s in c["new_section"]),
                "old_text": c["old_text"],
                "new_text": c["new_text"],
                "notes": "; ".join(c["notes"]),
            }
            for c in self.to_json()["changes"]
        ]
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
            raise ValueError(
                f"unknown report format {fmt!r}; choose from {', '.join(RENDERERS)}"
            ) from None
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
