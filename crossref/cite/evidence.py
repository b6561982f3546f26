"""Which release a source citation was written against, and what the words beside it say.

A citation names a rule by number; the number means what it meant in the release the author
read. The evidence for that release, strongest first:

1. **stamp** — the citation's own date stamp (``//20091005 - 704.5i``; ``CR 2023-04-14`` at
   the head of its comment): the release in force on that date.
2. **git** — where the tree is a git repository, the date the citation's line got its current
   text (:mod:`mtgcr.extract.citations.gitlines`): the line was written against the release
   in force then, or an older one (code is copied; a release is published a few weeks before
   it takes effect, so the newest release within :data:`GIT_GRACE` of the date counts too).
3. **title / quote** — a heading (``702.69. Poisonous``) or rule text pasted beside the
   number: the releases in which that number had that heading or text
   (:func:`text_evidence`, through :class:`~mtgcr.crossref.cite.rule_index.RuleIndex`).
4. **journal** — the release an earlier ``cite-migrate --write`` migrated the file to.
5. **default** — ``--from R``; else the target, marked **assumed**.

The title or quote is evidence in both directions: it *confirms* the number (in the releases
where the number had it), or it *contradicts* it (it is another rule's heading or text: that
rule is what the author meant). Paraphrase is not evidence: only a quote that matches a
stored rule text nearly exactly (:data:`~mtgcr.crossref.cite.rule_index.QUOTE_MIN`), or a
title equal to a stored heading, counts.
"""

from __future__ import annotations

import bisect
import enum
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from rapidfuzz import fuzz

from mtgcr.crossref.cite.rule_index import QUOTE_MIN, QUOTE_WORDS, RuleIndex, title_words
from mtgcr.crossref.textkey import match_key, title_key
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "AsOf",
    "EvidenceKind",
    "Evidence",
    "TextEvidence",
    "text_evidence",
    "text_fits",
    "ReleaseDates",
    "GIT_GRACE",
    "AFTER_GRACE",
    "EXACT",
    "rule_distance",
]

#: A release published up to this long after a line was written may be the one its author
#: read (the CR is published before it takes effect).
GIT_GRACE = timedelta(days=30)
#: how long after a release takes effect code may still follow the release before it
AFTER_GRACE = timedelta(days=60)
#: A quote matching another rule at least this well (0–100) is that rule's text: the citation
#: is migrated to it. Between :data:`~mtgcr.crossref.cite.rule_index.QUOTE_MIN` and this, it
#: is listed with the suggestion.
EXACT = 92.0
#: A rewrite's new number must still read like the quote that dated the old one (0–100): a
#: rule reworded since scores 70–100; one whose quoted content was removed (the Vancouver
#: mulligan's scry, 103.4 of 2019 → 103.5) scores about 60.
FITS = 65.0
#: A quote contradicts its number only when it is no paraphrase of the number's own text
#: either: its best score against the number's texts stays under this (0–100).
OWN_MAX = 75.0
#: … and it is a quote of the other rule, not a phrase that happens to be in it: at least
#: this many words, or half the other rule's words.
QUOTE_SPAN = 15


class AsOf(enum.Enum):
    """Where the release a number is read against comes from (see the module docstring)."""

    STAMP = "stamp"  #: its own date stamp
    GIT = "git"  #: the date its line was written (git history)
    TEXT = "text"  #: the title or quote beside it (the latest release where it fits)
    JOURNAL = "journal"  #: the release an earlier cite-migrate --write migrated the file to
    DEFAULT = "default"  #: ``--from R`` (no evidence)
    ASSUMED = "assumed"  #: the target (no evidence)
    INFERRED = "inferred"  #: not in that release: the latest release up to it that has it
    QUOTED = "quoted"  #: a reference inside rule text pasted beside another citation


class EvidenceKind(enum.Enum):
    """A piece of evidence about a citation."""

    STAMP = "stamp"
    GIT = "git"
    TITLE = "title"
    QUOTE = "quote"
    JOURNAL = "journal"
    DEFAULT = "default"


@dataclass(frozen=True)
class Evidence:
    """One piece of evidence about a cited number.

    Attributes:
        kind: what it is.
        releases: the releases it points at, by name (``"2013-02-01"``; a title or quote: the
            first and last release where the number had it).
        agrees: whether it agrees with the verdict's reading of the number.
        detail: what it says, in words.
    """

    kind: EvidenceKind
    releases: tuple[str, ...]
    agrees: bool
    detail: str

    def as_json(self) -> dict:
        """``{kind, releases, agrees, detail}``."""
        return {
            "kind": self.kind.value,
            "releases": list(self.releases),
            "agrees": self.agrees,
            "detail": self.detail,
        }


@dataclass
class TextEvidence:
    """What the title or quote beside a number says about it (:func:`text_evidence`).

    Attributes:
        quote_ks: releases (chain positions, ascending) in which the number's text is the
            quote.
        title_ks: releases in which the title fits the number (its text or a heading above
            it has every word of the title).
        others: when the number has neither: the rules whose text or heading it is —
            ``(number, releases, score, kind)``, best first (one rule, or several tied).
        score: the best score of the quote against the number's own texts (0–100).
        heading: when the releases come from a heading citation above (``702.97 Cipher``),
            that heading.
    """

    quote_ks: list[int] = field(default_factory=list)
    title_ks: list[int] = field(default_factory=list)
    others: list[tuple[RuleNumber, tuple[int, ...], float, EvidenceKind]] = field(
        default_factory=list
    )
    score: float = 0.0
    heading: str = ""

    @property
    def confirms(self) -> list[int]:
        """The releases in which the words beside the number fit it (quote first)."""
        return self.quote_ks or self.title_ks

    @property
    def kind(self) -> EvidenceKind:
        """``QUOTE`` when the quote decided, else ``TITLE``."""
        return EvidenceKind.QUOTE if self.quote_ks or self._quote_other else EvidenceKind.TITLE

    @property
    def _quote_other(self) -> bool:
        return bool(self.others) and self.others[0][3] is EvidenceKind.QUOTE

    @property
    def strong(self) -> bool:
        """True when the words beside the number are evidence at all (they fit it somewhere,
        or they are another rule's)."""
        return bool(self.quote_ks or self.title_ks or self.others)


def _title_fits(index: RuleIndex, n: RuleNumber, k: int, words: set[str], key: str) -> bool:
    """The title's words are in ``n``'s text or headings of release ``k``, or the title is
    one of those headings written without its spaces (``LevelUp`` for *Level Up*)."""
    return words <= index.words(n, k) or key in index.heading_keys(n, k)


def text_evidence(
    index: RuleIndex, n: RuleNumber, title: str | None, quote: str | None
) -> TextEvidence:
    """What ``title`` and ``quote`` written beside number ``n`` say (module docstring).

    Args:
        index: the chain's rule texts.
        n: the cited number.
        title: a heading beside it (``Poisonous``), or ``None``.
        quote: the text after it, or ``None``.

    Returns:
        A :class:`TextEvidence`. The quote decides when it has at least
        :data:`~mtgcr.crossref.cite.rule_index.QUOTE_WORDS` words and matches a stored text
        (``partial_ratio`` ≥ :data:`~mtgcr.crossref.cite.rule_index.QUOTE_MIN`); else the
        title, compared with the number's text and headings, then with every stored heading.
    """
    ev = TextEvidence()
    if quote and n.kind != "section":
        qk = match_key(quote)
        qwords = qk.split()
        if len(qwords) >= QUOTE_WORDS:
            qset = frozenset(qwords)
            own = 0.0  # the quote's best score against the number's own texts
            for i, ks in index.variants(n).items():
                twords = index.key_words(i)
                # a quote of a text shares most of its words: skip the others unscored
                if len(twords) < QUOTE_WORDS or len(qset & twords) < 0.6 * min(
                    len(qset), len(twords)
                ):
                    continue
                s = fuzz.partial_ratio(qk, index.key(i), score_cutoff=OWN_MAX)
                own = max(own, s)
                if s >= QUOTE_MIN:
                    ev.quote_ks += ks
            ev.quote_ks.sort()
            ev.score = own
            # a paraphrase of the number's own text (75+) cannot be another rule's quote, and
            # words with code in them (`name`, snake_case, a::b, f()) are no pasted rule text
            if not ev.quote_ks and own < OWN_MAX and not _CODE.search(" ".join(quote.split()[:20])):
                hits = [
                    h
                    for h in index.find_text(qk)
                    if h.number != n
                    and (
                        len(qwords) >= QUOTE_SPAN
                        or 2 * len(qwords) >= h.words
                        # a short quote of a longer sibling (702.9b beside 702.9a) still counts:
                        # it makes a far rule the same words fit (702.17b) no certain answer
                        or rule_distance(n, h.number) == 0
                    )
                ]
                if hits and _own_best(index, n, qk) < OWN_MAX:
                    by: dict[RuleNumber, tuple[tuple[int, ...], float]] = {}
                    for h in sorted(hits, key=lambda h: (-h.score, rule_distance(n, h.number))):
                        if h.number not in by:
                            by[h.number] = (h.releases, h.score)
                    ev.others = [(m, ks, s, EvidenceKind.QUOTE) for m, (ks, s) in by.items()]
    if title and not ev.quote_ks and not ev.others:
        words, key = title_words(title), title_key(title)
        if words:
            ev.title_ks = [k for k in index.holders(n) if _title_fits(index, n, k, words, key)]
            if not ev.title_ks:
                owners: dict[RuleNumber, list[int]] = {}
                for m, k in index.heading_owners(title):
                    if m != n and _comparable(n, m):
                        owners.setdefault(m, []).append(k)
                ev.others = [
                    (m, tuple(sorted(ks)), 100.0, EvidenceKind.TITLE) for m, ks in owners.items()
                ]
    return ev


_CODE = re.compile(r"`|::|\(\)|=>|->|\b[a-z]+_[a-z_]+\b|\b[a-z]+[A-Z]\w*\b")


def _own_best(index: RuleIndex, n: RuleNumber, qk: str) -> float:
    """The quote's best score against any text ``n`` ever had (0 when none)."""
    return max((fuzz.partial_ratio(qk, index.key(i)) for i in index.variants(n)), default=0.0)


def rule_distance(n: RuleNumber, m: RuleNumber) -> int:
    """0 for a number of the same rule as ``n`` (``702.9b`` for 702.9a), 1 for the same
    section, 2 otherwise: among rules a quote fits equally, the nearest is meant."""
    if (m.section, m.rule) == (n.section, n.rule):
        return 0
    return 1 if m.section == n.section else 2


def _comparable(n: RuleNumber, m: RuleNumber) -> bool:
    """A heading of ``m`` can name what ``n`` was meant to be: a section for a section, a
    rule for a rule or a subrule (``702.19b: Trample`` names the rule 702.19)."""
    if n.kind == "section":
        return m.kind == "section"
    return m.kind == "rule"


def text_fits(
    index: RuleIndex, x: RuleNumber, k: int, title: str | None, quote: str | None
) -> bool:
    """True when the words beside a citation fit rule ``x`` of release ``k`` — the check every
    rewrite passes: the title's words are in its text or headings, or the quote is still
    recognisably its text (``partial_ratio`` ≥ :data:`FITS`, the wording may have changed
    since)."""
    if quote:
        qk = match_key(quote)
        t = index.text(x, k)
        if t and len(qk.split()) >= QUOTE_WORDS and fuzz.partial_ratio(qk, match_key(t)) >= FITS:
            return True
    if title and _title_fits(index, x, k, title_words(title), title_key(title)):
        return True
    return False


class ReleaseDates:
    """Dates to releases: the release in force on a day is the one with the latest effective
    date on or before it.

    Args:
        dates: the chain's effective dates by position (``date.min`` where unknown).
    """

    def __init__(self, dates: list[date]) -> None:
        self.dates = dates

    def in_force(self, when: date) -> tuple[int, bool]:
        """``(chain position, True)`` of the release in force on ``when``; ``(0, False)``
        when ``when`` is older than every release."""
        k = bisect.bisect_right(self.dates, when) - 1
        return (k, True) if k >= 0 else (0, False)
