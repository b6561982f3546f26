"""Anchors: names for a rule that never change, resolved to any release through the chain.

An anchor is ``<lang>:<effective date>:<number>`` (``en:2026-01-16:704.5a``) plus the sha256 of
the rule's normalised text at that release. Unlike a lineage id (``en:<first label>:<number>``,
a derived label that moves when older releases are ingested), an anchor is fixed by the
release it was taken from: ingesting older or newer releases, in any order, never changes
what it names. Everything that points at a rule from outside the store (fixtures, citation
pins, glossary concept ids, site links) stores anchors and resolves them with
:func:`resolve_anchor`, which follows the alignment chain of that language from the anchor's
release to the target release (:meth:`mtgcr.crossref.lineage.Lineage.remap`).

The text hash uses :data:`TEXT_NORM` (``"nfkc-typography-ws-v1"``): Unicode NFKC, the
typographic folding of :func:`mtgcr.crossref.textkey.compare_form` (quote styles, dashes,
whitespace, ``_italic_`` markup) — so a copy that differs only in typography has the same
hash. Examples are not part of the hash.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date

from mtgcr.extract.model import Release, Rule
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.textkey import compare_form
from mtgcr.errors import BadArgument

__all__ = [
    "Anchor",
    "AnchorError",
    "TEXT_NORM",
    "text_sha256",
    "anchor_of",
    "Resolution",
    "resolve_anchor",
]

#: Name of the text normalisation behind :attr:`Anchor.text_sha256` (recorded beside hashes).
TEXT_NORM = "nfkc-typography-ws-v1"

_ANCHOR = re.compile(
    r"^(?P<lang>[a-z]{2,3}(?:-[A-Za-z0-9]+)?):(?P<date>\d{4}-\d{2}-\d{2}):"
    r"(?P<number>\S+)$"
)


class AnchorError(BadArgument):
    """A string that is not an anchor, or an anchor whose release is not stored."""


def text_sha256(text: str) -> str:
    """The sha256 (64 hex digits) of ``text`` normalised as :data:`TEXT_NORM` names.

    >>> text_sha256("Each player’s life total") == text_sha256("Each player's  life total")
    True
    """
    return hashlib.sha256(compare_form(text).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Anchor:
    """A rule of one release, named for ever.

    Attributes:
        lang: language code of the release (``"en"``).
        release: the release's effective date.
        number: the rule number in that release.
        text_sha256: sha256 of the normalised rule text there (see :data:`TEXT_NORM`), or
            ``None`` when the anchor was written without one.
    """

    lang: str
    release: date
    number: RuleNumber
    text_sha256: str | None = None

    def __str__(self) -> str:
        return f"{self.lang}:{self.release.isoformat()}:{self.number}"

    @classmethod
    def parse(cls, text: str, text_sha256: str | None = None) -> "Anchor":
        """Read ``"en:2026-01-16:704.5a"``.

        >>> a = Anchor.parse("en:2026-01-16:704.5a")
        >>> (a.lang, a.release.isoformat(), str(a.number))
        ('en', '2026-01-16', '704.5a')

        Raises:
            AnchorError: not of that shape, or not a real date or rule number.
        """
        m = _ANCHOR.match(text.strip())
        if not m:
            raise AnchorError(
                f"not an anchor: {text!r} (expected lang:YYYY-MM-DD:number, "
                f"e.g. en:2026-01-16:704.5a)"
            )
        try:
            when = date.fromisoformat(m["date"])
            number = RuleNumber.parse(m["number"])
        except ValueError as exc:
            raise AnchorError(f"not an anchor: {text!r} ({exc})") from None
        return cls(m["lang"], when, number, text_sha256)


def anchor_of(release: Release, rule: Rule) -> Anchor:
    """The anchor of ``rule`` in ``release`` (with its text hash).

    Raises:
        AnchorError: the release has no effective date (a partial quote that does not state
            one cannot be anchored).
    """
    if release.effective_date is None:
        raise AnchorError(f"{release.key} has no effective date; it cannot anchor a rule")
    return Anchor(release.lang, release.effective_date, rule.number, text_sha256(rule.text))


@dataclass(frozen=True)
class Resolution:
    """Where an anchor's rule is in a target release.

    Attributes:
        anchor: the anchor resolved.
        target: the target release.
        numbers: its number(s) there (several after a split); ``()`` when it has none.
        reason: why there are none (removed, not yet added, ambiguous), else ``""``.
        text_matches: whether the anchor's own release still has the hashed text under that
            number (``None`` when the anchor has no hash) — ``False`` means the anchor was
            written against another copy or a mistyped number.
    """

    anchor: Anchor
    target: Release
    numbers: tuple[RuleNumber, ...]
    reason: str = ""
    text_matches: bool | None = None


def resolve_anchor(chain, anchor: Anchor, target: str | None = None) -> Resolution:
    """Resolve ``anchor`` to release ``target`` of ``chain`` (a :class:`mtgcr.crossref.chain.Chain`
    of the anchor's language).

    Args:
        chain: the chain of the anchor's language.
        anchor: the anchor.
        target: effective date, label or ``latest``/``None`` (the newest release).

    Returns:
        A :class:`Resolution`.

    Raises:
        AnchorError: the anchor's language is not the chain's, or no release of the chain has
            the anchor's effective date.
        StoreError: the target release is not stored.
    """
    if anchor.lang != chain.lang:
        raise AnchorError(f"anchor {anchor} is {anchor.lang}; the chain is {chain.lang}")
    k_from = next(
        (k for k, r in enumerate(chain.releases) if r.effective_date == anchor.release), None
    )
    if k_from is None:
        when = anchor.release.isoformat()
        copies = chain.store.copies_matching(when, anchor.lang)
        if copies and copies[0].effective_date and copies[0].effective_date != when:
            # a copy's file-name date (archive CR-2009-07-08 is the release effective 2009-07-11)
            raise AnchorError(
                f"anchor {anchor}: {when} is the label of a copy of "
                f"{copies[0].name}; anchors name a release by its effective date: "
                f"{anchor.lang}:{copies[0].effective_date}:{anchor.number}"
            )
        raise AnchorError(
            f"anchor {anchor}: no stored {anchor.lang} release is effective {when} (ingest it)"
        )
    k_to = chain.index(target)
    rule = chain.ruleset(k_from).get(anchor.number)
    matches = None
    if anchor.text_sha256 is not None:
        matches = rule is not None and text_sha256(rule.text) == anchor.text_sha256
    res = chain.lineage().remap(anchor.number, k_from, k_to)
    return Resolution(anchor, chain.releases[k_to], tuple(res.numbers), res.reason, matches)
