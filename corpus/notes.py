"""Notes for the user about what a store write did, as records (:class:`StoreNote`).

:meth:`mtgcr.corpus.store.Store.add_document` returns one note per stored release it replaced;
the merge of wiki quotes with the stored ones (:mod:`mtgcr.extract.merge_stored`) adds notes of
its own; copies of a release (:mod:`mtgcr.corpus.copy_store`, :mod:`mtgcr.extract.ingest`)
add the ``COPY_*`` and ``REREAD`` kinds. Callers select notes by :attr:`StoreNote.kind` and release, never by their text;
``str(note)`` is the text a person reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["NoteKind", "StoreNote"]


class NoteKind(StrEnum):
    """What a note reports."""

    #: a stored release (same language, label and origin) was replaced by the new one
    REPLACED = "replaced"
    #: a partial release was merged with the stored partial release of that release
    MERGED = "merged"
    #: a merge found two texts of one rule, section or glossary entry that disagree
    CONFLICT = "conflict"
    #: a whole CR text was stored as a copy of its release that is not canonical
    COPY_STORED = "copy-stored"
    #: a copy became the canonical copy of its release (precedence or the user's choice)
    COPY_CANONICAL = "copy-canonical"
    #: the copy has losses (U+FFFD, '?' for quote marks, lost marks), with line numbers
    COPY_LOSSY = "copy-lossy"
    #: a copy's state changed by the user's request (restored, origin recorded)
    COPY_CHANGED = "copy-changed"
    #: a stored text was read again from its stored bytes (a store from before copies)
    REREAD = "reread"


@dataclass(frozen=True)
class StoreNote:
    """One note.

    Attributes:
        kind: what it reports.
        release: the release key, ``"en:20231117"``.
        origin: the release's origin (``"official"``, ``"wiki"``, ``"mtgru:712"`` …).
        text: the note as a person reads it (``"replaces en:20231117 (official) from X"``).
    """

    kind: NoteKind
    release: str
    origin: str
    text: str

    def __str__(self) -> str:
        return self.text
