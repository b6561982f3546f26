"""Copies of a release: where a file comes from, and which copy of a release is canonical.

A **release** is identified by language and effective date (plus the revision of a
translation, JA ``20231117.0``): :func:`release_key`. Every ingested file of a whole CR text
is kept as a **copy** of its release (:class:`CopyRecord`); exactly one copy is canonical —
its parse is the release the other commands read — chosen by :func:`precedence`:

1. a copy the user chose (``mtgcr releases --canonical RELEASE --copy N``);
2. the origin (:class:`CopyOrigin`): an official byte-exact file over one of unknown
   provenance, over a second-hand copy (normalised or archive);
3. a whole rule tree (no holes) over an incomplete one, then one not cut off in its glossary;
4. the cleaner copy: fewer lost characters (:class:`mtgcr.corpus.quality.CopyQuality`: U+FFFD,
   ``?`` for quote marks, lost ®/™);
5. the fuller copy (more sections, rules, subrules and glossary entries);
6. the copy stored first (so an equal copy never displaces the canonical one).

The origin of a file is decided from its provenance (:func:`origin_from_path`): an explicit
``--origin`` on ingest; for a URL, official only from a ``wizards.com`` host; else the folder
names of ``../shared/corpus/SOURCES.md`` in its path (``official`` → official,
``normalized``/``normalised`` → normalized, ``archive`` → archive), else unknown.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field, replace
from pathlib import PurePath
from typing import Any

from mtgcr.corpus.quality import CopyQuality

__all__ = [
    "CopyOrigin",
    "CopyRecord",
    "ReleaseId",
    "origin_from_path",
    "release_key",
    "release_name",
    "precedence",
    "pick_canonical",
    "why_preferred",
    "with_marks",
    "WHOLE_TEXT",
    "LEGACY_WHOLE_TEXT",
    "TextKind",
]


class TextKind(enum.Enum):
    """What a stored release was read from: the kind of text (``releases.origin``), apart from
    where a copy of a whole text comes from (:class:`CopyOrigin`).

    Only whole texts have copies; partial releases of the other kinds merge instead. The
    stored value of a partial kind may carry what keeps its releases apart after a colon
    (``mtgru:711``, one mtg.ru section page; ``markdown:index``, the ZH bilingual edition).
    """

    WHOLE = "whole"  #: a whole CR text file (official or not: see its copies' origin)
    WIKI = "wiki"  #: quotes of MTG Wiki pages, merged per release
    MTGRU = "mtgru"  #: an mtg.ru section page
    MARKDOWN = "markdown"  #: the ZH bilingual Markdown edition
    FRAGMENT = "fragment"  #: a pasted fragment (compared, never stored)

    @classmethod
    def of(cls, origin: str) -> TextKind:
        """The kind of a stored ``releases.origin`` value (``"mtgru:711"`` → ``MTGRU``; the
        value ``"official"`` of stores written before mtgcr 0.2 → ``WHOLE``).

        Raises:
            ValueError: no kind of text.
        """
        if origin == LEGACY_WHOLE_TEXT:
            return cls.WHOLE
        return cls(origin.split(":", 1)[0])


#: The ``releases.origin`` of a whole CR text (the parsers' origin for complete files); only
#: these releases have copies. Partial ones (``wiki``, ``mtgru:…``, ``fragment``) merge instead.
WHOLE_TEXT = TextKind.WHOLE.value
#: … as stores written before mtgcr 0.2 hold it (the same word as :attr:`CopyOrigin.OFFICIAL`,
#: which says who served a copy): migrated when such a store is opened for writing, read as
#: :data:`WHOLE_TEXT` when it is only read.
LEGACY_WHOLE_TEXT = "official"


class CopyOrigin(enum.Enum):
    """Where a copy comes from, best first by :attr:`rank`."""

    OFFICIAL = "official"  # byte-exact as Wizards served it (en/official, a Wizards URL)
    UNKNOWN = "unknown"  # no folder name or option says
    NORMALIZED = "normalized"  # re-encoded / hand-fixed edition (en/normalized)
    ARCHIVE = "archive"  # second-hand text archive (en/archive)
    TRANSLATED = "translated"  # written here from a completed translation kit (translate import)

    @property
    def rank(self) -> int:
        """Precedence of the origin: 2 official, 1 unknown, 0 second-hand, -1 translated here
        (a text mtgcr wrote never displaces a copy of a published one)."""
        return {CopyOrigin.OFFICIAL: 2, CopyOrigin.UNKNOWN: 1, CopyOrigin.TRANSLATED: -1}.get(
            self, 0
        )

    @property
    def second_hand(self) -> bool:
        """True for normalised and archive copies (not byte-exact official files)."""
        return self.rank == 0


_FOLDERS = {
    "official": CopyOrigin.OFFICIAL,
    "normalized": CopyOrigin.NORMALIZED,
    "normalised": CopyOrigin.NORMALIZED,
    "archive": CopyOrigin.ARCHIVE,
    "archives": CopyOrigin.ARCHIVE,
}


def origin_from_path(source: str, given: CopyOrigin | None = None) -> tuple[CopyOrigin, str]:
    """The origin of a file and the evidence for it.

    Args:
        source: the file's path (or URL).
        given: the origin the user stated (``mtgcr ingest --origin``); it wins.

    Returns:
        ``(origin, evidence)``: evidence is ``"--origin archive"``, ``"fetched from
        media.wizards.com"``, ``"folder official"`` or ``"no folder name says"``. The folder
        nearest to the file decides (``archive/official/x.txt`` is official).
    """
    if given is not None:
        return given, f"--origin {given.value}"
    host = re.match(r"https?://([^/]+)/", source, re.I)
    if host:  # fetched: official only from Wizards' own servers
        name = host.group(1).lower()
        if name == "wizards.com" or name.endswith(".wizards.com"):
            return CopyOrigin.OFFICIAL, f"fetched from {name}"
        return CopyOrigin.UNKNOWN, f"fetched from {name}"
    for part in reversed(PurePath(source).parts[:-1]):
        origin = _FOLDERS.get(part.lower())
        if origin is not None:
            return origin, f"folder {part}"
    return CopyOrigin.UNKNOWN, "no folder name says"


@dataclass(frozen=True)
class ReleaseId:
    """The identity of a release: language, effective date (or, for a text that states none,
    its label) and a translation's revision. ``str()`` is the key stored in ``copies.release_key``
    (``"en:2009-07-11"``, ``"ja:2026-01-16#0"``); :meth:`parse` reads it back."""

    lang: str
    when: str
    revision: str | None = None

    def __str__(self) -> str:
        return f"{self.lang}:{self.when}" + (f"#{self.revision}" if self.revision else "")

    @classmethod
    def parse(cls, key: str) -> "ReleaseId":
        """Read ``"en:2009-07-11"`` / ``"ja:2026-01-16#0"`` (a ``copies.release_key``)."""
        base, _, rev = key.partition("#")
        lang, _, when = base.partition(":")
        return cls(lang, when, rev or None)

    @property
    def name(self) -> str:
        """As users read it: ``"en 2009-07-11"`` (``"ja 2026-01-16 revision 0"``)."""
        return f"{self.lang} {self.when}" + (f" revision {self.revision}" if self.revision else "")

    @property
    def spec(self) -> str:
        """What to type after ``--release`` or ``mtgcr remove``: ``"2009-07-11"``."""
        return self.when


def release_key(lang: str, effective_date: str | None, revision: str | None, label: str) -> str:
    """The identity of a release as its stored key (:class:`ReleaseId`): ``"en:2009-07-11"``;
    a translation's revision is added (``"ja:2026-01-16#0"``); a release whose text states no
    effective date is named by its label (``"en:20090708"``)."""
    return str(ReleaseId(lang, effective_date or label, revision))


def release_name(key: str) -> str:
    """The key as users read it: ``"en 2009-07-11"`` (``"ja 2026-01-16 revision 0"``)."""
    return ReleaseId.parse(key).name


@dataclass(frozen=True)
class CopyRecord:
    """One stored copy of a release (a row of the ``copies`` table).

    Attributes:
        id: the copy number users give (``--copy N``); stable, unique in the store.
        release_key: :func:`release_key` of its release.
        lang, effective_date, revision, label: what its text says (``label``: the file's
            published label, which may differ between copies of one release).
        origin: :class:`CopyOrigin`; ``origin_evidence`` says why.
        sha256, source, size: the stored bytes (``documents`` row) and where they came from.
        complete, truncated: the parse's rule tree has no holes / its glossary is cut off.
        counts: sections, rules, subrules, examples and glossary entries of its parse.
        quality: the characters it lost.
        chosen: the user chose it as canonical.
        removed: removed by the user (bytes kept: ``mtgcr restore`` brings it back).
        canonical: it is the canonical copy now.
        document_id: the ``documents`` row.
    """

    id: int
    release_key: str
    lang: str
    effective_date: str | None
    revision: str | None
    label: str
    origin: CopyOrigin
    origin_evidence: str
    sha256: str
    source: str
    size: int
    complete: bool
    truncated: bool
    counts: dict[str, int]
    quality: CopyQuality = field(default_factory=CopyQuality)
    chosen: bool = False
    removed: bool = False
    canonical: bool = False
    document_id: int = 0

    @property
    def release(self) -> ReleaseId:
        """Its release's identity (read from :attr:`release_key`)."""
        return ReleaseId.parse(self.release_key)

    @property
    def name(self) -> str:
        """``"en 2009-07-11"``."""
        return self.release.name

    def describe(self) -> str:
        """``"…/2010-02-01.txt, official"`` — where it is from and its origin (for notes)."""
        return f"{self.source}, {self.origin.value}"

    def flags(self) -> list[str]:
        """Quality and state flags: ``"partial"``, ``"truncated"``, loss kinds, ``"chosen"``,
        ``"removed"``."""
        out = [] if self.complete else ["partial"]
        out += ["truncated"] if self.truncated else []
        out += self.quality.flags()
        out += ["chosen"] if self.chosen else []
        out += ["removed"] if self.removed else []
        return out

    def as_json(self) -> dict[str, Any]:
        """JSON-ready dict of every attribute (quality with line numbers)."""
        return {
            "copy": self.id,
            "release": self.release_key,
            "lang": self.lang,
            "effective_date": self.effective_date,
            "revision": self.revision,
            "label": self.label,
            "origin": self.origin.value,
            "origin_evidence": self.origin_evidence,
            "sha256": self.sha256,
            "source": self.source,
            "size": self.size,
            "complete": self.complete,
            "truncated": self.truncated,
            "counts": self.counts,
            "quality": self.quality.to_json(),
            "flags": self.flags(),
            "chosen": self.chosen,
            "removed": self.removed,
            "canonical": self.canonical,
        }


def precedence(c: CopyRecord) -> tuple:
    """Sort key: the greatest is the canonical copy (rules 1–6 of the module docstring)."""
    fuller = sum(c.counts.get(k) or 0 for k in ("sections", "rules", "subrules", "glossary"))
    return (c.chosen, c.origin.rank, c.complete, not c.truncated, -c.quality.total, fuller, -c.id)


def pick_canonical(copies: list[CopyRecord]) -> CopyRecord | None:
    """The canonical copy among ``copies`` (removed ones never count); ``None`` if none is left."""
    live = [c for c in copies if not c.removed]
    return max(live, key=precedence) if live else None


def with_marks(
    copies: list[CopyRecord],
    *,
    chosen: int | None = None,
    removed: bool | None = None,
    copy_id: int | None = None,
    origin: CopyOrigin | None = None,
) -> list[CopyRecord]:
    """The copies of one release after a user's change (the one place these rules live):

    * ``chosen``: that copy id becomes the user's choice (and is no longer removed), every
      other copy is unchosen; ``0`` clears the choice;
    * ``removed``: ``copy_id`` (or, without it, every copy) is removed (``True``) or restored;
      a removed copy is never the user's choice;
    * ``origin``: copy ``copy_id`` gets this origin (evidence ``--origin …``).

    The :attr:`CopyRecord.canonical` flags are left as they were (they describe the rows).
    """
    out = []
    for c in copies:
        ch, rm, org, ev = c.chosen, c.removed, c.origin, c.origin_evidence
        if chosen is not None:
            ch = c.id == chosen
            rm = rm and not ch
        if removed is not None and (copy_id is None or c.id == copy_id):
            rm = removed
        ch = ch and not rm
        if origin is not None and c.id == copy_id:
            org, ev = origin, f"--origin {origin.value}"
        out.append(replace(c, chosen=ch, removed=rm, origin=org, origin_evidence=ev))
    return out


def why_preferred(winner: CopyRecord, other: CopyRecord) -> str:
    """The first rule of :func:`precedence` that puts ``winner`` above ``other``, in words
    (``"official over archive"``, ``"cleaner: 0 lost characters instead of 2"``)."""
    if winner.chosen != other.chosen:
        return "chosen by the user"
    if winner.origin.rank != other.origin.rank:
        return f"{winner.origin.value} over {other.origin.value}"
    if winner.complete != other.complete:
        return "whole rule tree (the other has holes)"
    if winner.truncated != other.truncated:
        return "not cut off in its glossary"
    if winner.quality.total != other.quality.total:
        return f"cleaner: {winner.quality.total} lost characters instead of {other.quality.total}"
    if precedence(winner)[5] != precedence(other)[5]:
        return "fuller: more sections, rules or glossary entries"
    return "stored first"
