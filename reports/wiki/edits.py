"""Page edits a bot can publish: new wikitext, a unified diff, an edit summary, and a batch
report of pages changed, unchanged and needing a human.

A batch written to a folder (:func:`write_batch`) is what ``mtgcr wiki publish`` reads: one
``<name>.wiki`` (the new text) and ``<name>.diff`` per changed page, and ``edits.json``, the
manifest (also the publish journal: each entry's ``published`` revision is recorded there as
it is made, so an interrupted publish resumes where it stopped).
"""

from __future__ import annotations

import difflib
import enum
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mtgcr.crossref.cite.quote_check import QuoteCheck, QuotedRuleStatus
from mtgcr.crossref.cite.wiki_migrate import LineEdit

__all__ = [
    "EditStatus",
    "QuoteChange",
    "PageEdit",
    "EditBatch",
    "edit_summary",
    "write_batch",
    "read_manifest",
    "sha256",
    "MANIFEST",
]

#: The manifest's file name in a batch folder.
MANIFEST = "edits.json"
#: MediaWiki keeps at most 500 characters of a summary; ours stay well below.
SUMMARY_MAX = 250


def sha256(text: str) -> str:
    """The sha256 of ``text`` in UTF-8, hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EditStatus(enum.Enum):
    """What a refresh made of a page."""

    CHANGED = "changed"
    UNCHANGED = "unchanged"
    HUMAN = "needs a human"
    SKIPPED = "skipped"  # not a wiki page
    FAILED = "could not be read"


@dataclass
class QuoteChange:
    """One quote block of a page and its check.

    Attributes:
        line: the header's 1-based line.
        check: the block checked against the target release.
        notes: what the refresh did not do as asked (removed, untranslated rules), and
            assumptions (a revision the target's copy does not state).
        cited_moves: ``(old, new)`` numbers of the citations inside the quote's text that R's
            text cites under another number (``701.37 → 701.42``): they change with the
            refreshed text, never on their own.
    """

    line: int
    check: QuoteCheck
    notes: list[str] = field(default_factory=list)
    cited_moves: list[tuple[str, str]] = field(default_factory=list)

    @property
    def old_label(self) -> str:
        """The label as the quote states it (``"20231117.0"``)."""
        c = self.check
        return c.label + (f".{c.revision}" if c.revision is not None else "")

    @property
    def new_label(self) -> str:
        """The target's label with its revision (``"20260116.0"``; ``.0`` when the target's
        copy states none: see :attr:`revision_assumed`)."""
        return f"{self.check.target}.{self.check.target_revision or '0'}"

    @property
    def revision_assumed(self) -> bool:
        """The target's copy states no translation revision: ``.0`` is an assumption."""
        return self.check.target_revision is None

    def as_json(self) -> dict[str, Any]:
        """``{"line", "label", "revision", "target", "target_revision", "revision_assumed",
        "counts", "added", "skipped", "agrees", "note", "notes", "cited_moves",
        "rules": [{"number", "status", "now", "reason"}]}``."""
        c = self.check
        return {
            "line": self.line,
            "label": c.label,
            "revision": c.revision,
            "target": c.target,
            "target_revision": c.target_revision,
            "revision_assumed": self.revision_assumed,
            "counts": c.counts(),
            "added": [str(n) for n in c.added],
            "skipped": [str(n) for n in c.skipped],
            "agrees": c.agrees,
            "note": c.note,
            "notes": list(self.notes),
            "cited_moves": [list(m) for m in self.cited_moves],
            "rules": [
                {
                    "number": str(r.number),
                    "status": r.status.value,
                    "now": [str(n) for n in r.now],
                    "reason": r.reason,
                }
                for r in c.rules
            ],
        }


@dataclass
class PageEdit:
    """The edit of one page.

    Attributes:
        source: the file or wiki title it was read from; title: the wiki page title.
        kind: the page kind read (``"wikitext"``, ``"wiki-rendered"`` …; ``""`` if none).
        old_text, new_text: the page before and after (equal unless ``CHANGED``).
        status: see :class:`EditStatus`; reasons: why a human is needed.
        quotes: the page's stale quote blocks; citation_moves: ``(old, new)`` numbers of the
            citations rewritten outside quotes; notes: what else to know.
        line_edits: for a diff view, the proposed line edits (it is not a page to rewrite).
        base_revid, base_timestamp: the wiki revision the old text is (when read from a wiki).
    """

    source: str
    title: str
    kind: str
    old_text: str
    new_text: str
    status: EditStatus = EditStatus.UNCHANGED
    reasons: list[str] = field(default_factory=list)
    quotes: list[QuoteChange] = field(default_factory=list)
    citation_moves: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    line_edits: list[LineEdit] = field(default_factory=list)
    base_revid: int | None = None
    base_timestamp: str | None = None

    @property
    def summary(self) -> str:
        """The edit summary (:func:`edit_summary`)."""
        return edit_summary(self)

    def diff(self) -> str:
        """A unified diff from the old text to the new (``""`` when unchanged)."""
        name = self.title or self.source
        return "".join(
            difflib.unified_diff(
                self.old_text.splitlines(keepends=True),
                self.new_text.splitlines(keepends=True),
                f"a/{name}",
                f"b/{name}",
            )
        )

    def as_json(self) -> dict[str, Any]:
        """The manifest entry (without the texts): ``source``, ``title``, ``kind``,
        ``status``, ``summary``, ``reasons``, ``notes``, ``quotes``, ``citation_moves``,
        ``line_edits``, ``old_sha256``, ``new_sha256``, ``base_revid``, ``base_timestamp``."""
        return {
            "source": self.source,
            "title": self.title,
            "kind": self.kind,
            "status": self.status.value,
            "summary": self.summary if self.status is EditStatus.CHANGED else "",
            "reasons": list(self.reasons),
            "notes": list(self.notes),
            "quotes": [q.as_json() for q in self.quotes],
            "citation_moves": [list(m) for m in self.citation_moves],
            "line_edits": [
                {"line": e.line, "old": e.old, "new": e.new, "moves": [list(m) for m in e.moves]}
                for e in self.line_edits
            ],
            "old_sha256": sha256(self.old_text),
            "new_sha256": sha256(self.new_text),
            "base_revid": self.base_revid,
            "base_timestamp": self.base_timestamp,
        }


def _span(numbers: list) -> str:
    nums = sorted(numbers)
    if not nums:
        return ""
    return str(nums[0]) if len(nums) == 1 else f"{nums[0]}–{nums[-1]}"


def edit_summary(edit: PageEdit) -> str:
    """``CR 20231117.0 → 20260116.0: 712.1–712.21e 引用更新, 701.37→701.42``: per release of the
    page's refreshed quotes, the span of the rules quoted now (``(.0 assumed)`` after the new
    label when the target's copy states no revision); then the cited numbers that changed,
    inside the refreshed quotes and outside; at most :data:`SUMMARY_MAX` characters.
    """
    parts = []
    by_release: dict[tuple[str, str], list] = {}
    for q in edit.quotes:
        c = q.check
        new = q.new_label + (" (.0 assumed)" if q.revision_assumed else "")
        nums = [
            m
            for r in c.rules
            if r.status is not QuotedRuleStatus.REMOVED
            for m in (r.now or (r.number,))
        ]
        by_release.setdefault((q.old_label, new), []).extend(nums + list(c.added))
    for (old, new), nums in by_release.items():
        parts.append(f"CR {old} → {new}: {_span(nums)} 引用更新")
    inside = [m for q in edit.quotes for m in q.cited_moves]
    moves = list(dict.fromkeys(f"{a}→{b}" for a, b in inside + edit.citation_moves))
    text = ", ".join(parts + moves) or "CR citations updated"
    if len(text) > SUMMARY_MAX:
        text = text[: SUMMARY_MAX - 1] + "…"
    return text


@dataclass
class EditBatch:
    """The edits of several pages, in the order read, and what they were refreshed to.

    Attributes:
        edits: one :class:`PageEdit` per page.
        lang, target: the language and label of the release the pages were refreshed to.
        api: the wiki API the pages were read from (``None``: files).
    """

    edits: list[PageEdit] = field(default_factory=list)
    lang: str = ""
    target: str = ""
    api: str | None = None

    def write(self, folder: str | Path, force: bool = False) -> Path:
        """:func:`write_batch` into ``folder``; returns the manifest's path."""
        return write_batch(self, folder, force=force)

    def counts(self) -> dict[str, int]:
        """``{status value: pages}`` for every :class:`EditStatus` (zeros included)."""
        out = {s.value: 0 for s in EditStatus}
        for e in self.edits:
            out[e.status.value] += 1
        return out

    def to_frame(self):
        """One row per page: source, title, kind, status, summary, reasons (joined by ``; ``)."""
        import pandas as pd

        return pd.DataFrame(
            [
                {
                    "source": e.source,
                    "title": e.title,
                    "kind": e.kind,
                    "status": e.status.value,
                    "summary": e.summary if e.status is EditStatus.CHANGED else "",
                    "reasons": "; ".join(e.reasons),
                }
                for e in self.edits
            ]
        )


def _file_name(title: str, taken: set[str]) -> str:
    safe = "".join(c if c.isalnum() or c in "-_.()" else "_" for c in title).strip("._") or "page"
    name, k = safe[:80], 2
    while name in taken:
        name, k = f"{safe[:76]}-{k}", k + 1
    taken.add(name)
    return name


def write_batch(
    batch: EditBatch, folder: str | Path, api: str | None = None, force: bool = False
) -> Path:
    """Write ``<name>.wiki`` and ``<name>.diff`` for every changed page and the manifest
    ``edits.json`` (every page, with its file names; the wiki API it came from, ``api`` or the
    batch's; the target release) into ``folder`` (created); every file written atomically
    (:func:`mtgcr.corpus.safe_write.write_atomic`).

    Args:
        force: replace the manifest of an earlier batch in ``folder`` (it is the journal of
            its publishing: without ``force`` it is never replaced).

    Returns:
        The manifest's path.

    Raises:
        RefusedOutput: ``folder`` holds a batch already (and no ``force``), or is not a
            folder.
    """
    from mtgcr.corpus.safe_write import write_atomic
    from mtgcr.errors import RefusedOutput

    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise RefusedOutput(f"{out} is a file: give a folder for the refreshed pages")
    if (out / MANIFEST).exists() and not force:
        raise RefusedOutput(
            f"{out} holds a refresh batch already ({MANIFEST}, the journal of its publishing): "
            f"give another folder, or --force to replace it"
        )
    taken: set[str] = set()
    entries = []
    for e in batch.edits:
        entry = e.as_json()
        if e.status is EditStatus.CHANGED:
            name = _file_name(e.title or e.source, taken)
            write_atomic(out / f"{name}.wiki", e.new_text)
            write_atomic(out / f"{name}.diff", e.diff())
            entry["file"] = f"{name}.wiki"
            entry["diff"] = f"{name}.diff"
        entries.append(entry)
    manifest = {
        "api": api or batch.api,
        "lang": batch.lang,
        "target": batch.target,
        "counts": batch.counts(),
        "pages": entries,
    }
    path = out / MANIFEST
    write_atomic(path, json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
    return path


def read_manifest(folder: str | Path) -> dict[str, Any]:
    """The manifest of a batch folder.

    Raises:
        mtgcr.errors.InputError: no readable ``edits.json`` there (one line naming it).
    """
    from mtgcr.errors import InputError

    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: not a refresh batch manifest ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("pages"), list):
        raise InputError(f"{path}: not a refresh batch manifest (no 'pages' list)")
    return data
