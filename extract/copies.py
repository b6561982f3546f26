"""Choosing, removing and restoring copies of a release, re-parsing stored bytes as needed.

The store (:mod:`mtgcr.corpus.copy_store`) keeps every copy's bytes and the rows of the
canonical copy only; whenever another copy must become canonical (the user chose it, the
canonical one was removed, a removed one was restored) this module parses that copy's stored
bytes again with the parser registry and hands the rows to the store. So every operation
stays undoable as long as the bytes are stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mtgcr.corpus.copies import (
    WHOLE_TEXT,
    CopyOrigin,
    CopyRecord,
    pick_canonical,
    release_name,
    with_marks,
)
from mtgcr.corpus.document import document_from_bytes
from mtgcr.corpus.store import Store, StoreError

from mtgcr.extract.records import to_record
from mtgcr.extract.registry import parse_document

__all__ = [
    "CopyChange",
    "find_release_copies",
    "reparse_copy",
    "choose_canonical",
    "remove_copies",
    "restore_copies",
    "change_origin",
]


@dataclass
class CopyChange:
    """What an operation on copies did.

    Attributes:
        release: the release, as users read it (``"en 2009-07-11"``).
        canonical: the canonical copy afterwards (``None``: every copy is removed).
        before: the canonical copy before (``None``: there was none).
        changed: copies whose marks changed (chosen, removed, restored).
        purged: documents deleted with ``purge``.
    """

    release: str
    canonical: CopyRecord | None
    before: CopyRecord | None
    changed: list[CopyRecord] = field(default_factory=list)
    purged: int = 0

    @property
    def switched(self) -> bool:
        """True when another copy (or none) is canonical now."""
        return (self.canonical and self.canonical.id) != (self.before and self.before.id)


def find_release_copies(store: Store, spec: str, lang: str = "en") -> list[CopyRecord]:
    """The copies of the release ``spec`` names (effective date or any copy's label; also a
    removed release).

    Raises:
        StoreError: no copy matches (the message says whether the release exists as a partial
            release, which has no copies), or ``spec`` is a label of copies of two releases.
    """
    copies = store.copies_matching(spec, lang)
    keys = list(dict.fromkeys(c.release_key for c in copies))
    if len(keys) > 1:
        raise StoreError(
            f"{spec!r} names {len(keys)} {lang} releases "
            f"({', '.join(release_name(k) for k in keys)}); give the effective date"
        )
    if copies:
        return copies
    try:
        info = store.resolve(spec, lang)
    except StoreError:
        raise StoreError(
            f"no {lang} release {spec!r} in the store (mtgcr releases lists them)"
        ) from None
    raise StoreError(
        f"{lang}:{info.label} is a partial release ({info.origin}: quotes merged from "
        f"pages), which has no copies; only whole CR texts do"
    )


def reparse_copy(store: Store, copy: CopyRecord):
    """Parse a stored copy's bytes again.

    Returns:
        Its whole-text :class:`~mtgcr.corpus.store.ReleaseRecord`.

    Raises:
        StoreError: the bytes are gone, or no longer parse as a whole CR text (a parser change).
    """
    raw = store.document_raw(copy.sha256)
    if raw is None:
        raise StoreError(f"copy {copy.id} of {copy.name}: its bytes are not stored")
    doc = document_from_bytes(raw, copy.source, store.forced_encoding(copy.sha256))
    for rs, origin, prov in parse_document(doc).rulesets:
        if origin == WHOLE_TEXT:
            return to_record(rs, origin, prov)
    raise StoreError(f"copy {copy.id} ({copy.source}) no longer parses as a whole CR text")


def _change(store: Store, copies: list[CopyRecord], **marks) -> CopyChange:
    """Apply a user's change (:func:`mtgcr.corpus.copies.with_marks` arguments) to the copies
    of one release: the copy that is canonical afterwards is parsed again from its bytes when
    it is not the canonical one already, then marks and rows are written in one transaction."""
    key = copies[0].release_key
    before = next((c for c in copies if c.canonical), None)
    marked = with_marks(copies, **marks)
    target = pick_canonical(marked)
    rec = None
    if target is not None and not (before and before.id == target.id):
        rec = reparse_copy(store, target)
    store.apply_copy_marks(key, marked, target, rec)
    after = {c.id: c for c in store.copies(key=key)}
    changed = [
        after[m.id]
        for m, c in zip(marked, copies)
        if (m.chosen, m.removed, m.origin) != (c.chosen, c.removed, c.origin)
    ]
    return CopyChange(release_name(key), after.get(target.id) if target else None, before, changed)


def _one(copies: list[CopyRecord], copy_id: int) -> CopyRecord:
    hit = next((c for c in copies if c.id == copy_id), None)
    if hit is None:
        raise StoreError(
            f"{copies[0].name} has no copy {copy_id}; its copies: "
            f"{', '.join(str(c.id) for c in copies)} (mtgcr releases --copies)"
        )
    return hit


def choose_canonical(store: Store, spec: str, copy_id: int | None, lang: str = "en") -> CopyChange:
    """Make copy ``copy_id`` the canonical copy of release ``spec`` (the user's choice, kept by
    later ingests; a removed copy is restored); ``None`` clears the choice (back to the stated
    precedence).

    Raises:
        StoreError: no such release or copy; the copy's bytes no longer parse.
    """
    copies = find_release_copies(store, spec, lang)
    if copy_id is not None:
        _one(copies, copy_id)
    return _change(store, copies, chosen=copy_id or 0)


def remove_copies(
    store: Store, spec: str, copy_id: int | None = None, lang: str = "en", purge: bool = False
) -> CopyChange:
    """Remove release ``spec`` (every copy) or one of its copies. The bytes stay stored, so
    :func:`restore_copies` undoes it — unless ``purge``, which deletes the removed copies'
    bytes too.

    Raises:
        StoreError: no such release or copy.
    """
    copies = find_release_copies(store, spec, lang)
    if copy_id is not None:
        _one(copies, copy_id)
    change = _change(store, copies, removed=True, copy_id=copy_id)
    if purge:
        change.purged = store.purge_copies(copies[0].release_key, copy_id)
    return change


def restore_copies(
    store: Store, spec: str, copy_id: int | None = None, lang: str = "en"
) -> CopyChange:
    """Undo :func:`remove_copies`: restore every removed copy of release ``spec`` (or one) and
    make the canonical copy by precedence the release again.

    Raises:
        StoreError: no such release or copy.
    """
    copies = find_release_copies(store, spec, lang)
    if copy_id is not None:
        _one(copies, copy_id)
    return _change(store, copies, removed=False, copy_id=copy_id)


def change_origin(store: Store, copy: CopyRecord, origin: CopyOrigin) -> CopyChange:
    """Record that ``copy`` comes from ``origin`` (``mtgcr ingest --origin`` on a stored file)
    and make the canonical copy by precedence the release again."""
    return _change(store, store.copies(key=copy.release_key), origin=origin, copy_id=copy.id)
