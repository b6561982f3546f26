"""Concept ids for glossary entries: the stable name of an EN glossary entry across releases.

Glossary entries are not rules — they have no rule number to anchor — so they get a scheme of
their own, built the way :mod:`mtgcr.crossref.anchor` builds rule anchors:

* a :class:`GlossaryAnchor` names one EN glossary entry in one release:
  ``en:2026-01-16:glossary:Companion`` plus the sha256 of its normalised definition
  (:func:`mtgcr.crossref.anchor.text_sha256`, normalisation :data:`~mtgcr.crossref.anchor.TEXT_NORM`);
* its **concept id** (:func:`concept_id`, ``en-glossary-companion``) is derived from the EN
  headword alone: NFKC, typography folded, case folded, every run of other characters than
  ``a-z0-9`` turned into one ``-``. It is the same in every release whose EN glossary spells
  the headword alike, whichever releases are stored and in whatever order they were ingested
  (an id built on "the first stored release" would change when an older release is ingested,
  which an anchor must never do). A renamed headword gets a new concept id; ``glossary diff``
  reports the rename with both ids (through the EN glossary alignment,
  :func:`mtgcr.crossref.align.glossary.align_glossary`).

Concept ids are XML ``NCName`` values (letters, digits, ``-``; they start with a letter), so they
can be TBX ``conceptEntry/@id`` values as they are.

Format knowledge: EN glossary headwords of the official files 2003–2026 (``Companion``,
``Banding, “Bands with Other”`` — the first name stands for the entry; ``At End of Turn
(Obsolete)`` — the marker is not part of the headword, :class:`mtgcr.extract.model.GlossaryEntry`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from mtgcr.extract.model import GlossaryEntry, Release

from mtgcr.crossref.anchor import AnchorError, text_sha256
from mtgcr.crossref.textkey import compare_form

__all__ = ["GlossaryAnchor", "concept_id", "glossary_anchor_of", "CONCEPT_PREFIX"]

#: Every concept id starts with this (the EN glossary is the concept system).
CONCEPT_PREFIX = "en-glossary-"

_ANCHOR = re.compile(r"^(?P<lang>[a-z]{2,3}):(?P<date>\d{4}-\d{2}-\d{2}):glossary:(?P<head>.+)$")


def concept_id(headword: str) -> str:
    """The concept id of an EN headword.

    >>> concept_id("Companion")
    'en-glossary-companion'
    >>> concept_id("Active Player, Nonactive Player Order")
    'en-glossary-active-player-nonactive-player-order'
    >>> concept_id("City’s Blessing") == concept_id("City's  blessing")
    True

    Raises:
        ValueError: the headword has no letter or digit.
    """
    slug = re.sub(r"[^a-z0-9]+", "-", compare_form(headword).casefold().replace("'", "")).strip("-")
    if not slug:
        raise ValueError(f"no concept id for headword {headword!r}: no letter or digit")
    return CONCEPT_PREFIX + slug


@dataclass(frozen=True)
class GlossaryAnchor:
    """One EN glossary entry of one release, named for ever.

    Attributes:
        lang: ``"en"`` (the language of the concept system).
        release: the EN release's effective date.
        headword: the entry's headword as printed there (without aliases, without "(Obsolete)").
        text_sha256: sha256 of the normalised definition there, or ``None`` when not known.
    """

    lang: str
    release: date
    headword: str
    text_sha256: str | None = None

    def __str__(self) -> str:
        return f"{self.lang}:{self.release.isoformat()}:glossary:{self.headword}"

    @property
    def concept_id(self) -> str:
        """:func:`concept_id` of the headword (the same in every release with that headword)."""
        return concept_id(self.headword)

    @classmethod
    def parse(cls, text: str, text_sha256: str | None = None) -> "GlossaryAnchor":
        """Read ``"en:2026-01-16:glossary:Companion"``.

        >>> str(GlossaryAnchor.parse("en:2026-01-16:glossary:Companion").release)
        '2026-01-16'

        Raises:
            AnchorError: not of that shape or not a real date.
        """
        m = _ANCHOR.match(text.strip())
        if not m:
            raise AnchorError(
                f"not a glossary anchor: {text!r} (expected lang:YYYY-MM-DD:glossary:Headword)"
            )
        try:
            when = date.fromisoformat(m["date"])
        except ValueError as exc:
            raise AnchorError(f"not a glossary anchor: {text!r} ({exc})") from None
        return cls(m["lang"], when, m["head"], text_sha256)


def glossary_anchor_of(release: Release, entry: GlossaryEntry) -> GlossaryAnchor:
    """The anchor of an EN glossary ``entry`` of ``release`` (with the definition's hash).

    Raises:
        AnchorError: the release has no effective date.
    """
    if release.effective_date is None:
        raise AnchorError(f"{release.key} has no effective date; it cannot anchor a glossary entry")
    return GlossaryAnchor(release.lang, release.effective_date, entry.term, text_sha256(entry.text))
