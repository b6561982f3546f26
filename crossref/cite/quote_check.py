"""Quote blocks as units: what became of each quoted rule in a later release.

A quote block (:mod:`mtgcr.extract.wiki.quotes`) states its release (``引用：総合ルール
20231117.0``); it is checked as a whole against a target release R of the same language:
each quoted rule is followed through the English release alignment (rule numbers are the same
in every language of one label) from the EN release of the quote's label to the EN release of
R's label, and its text compared with R's text of the rule(s) it became.

Format knowledge: the JA MTG Wiki quote blocks (seeds 000, 001, 003; ``web_excerpts.json``);
numbering is shared between a translation and the EN release of its label (the JA files
and the EN files of one label have the same rule numbers).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

from mtgcr.errors import StoreError
from mtgcr.extract.model import Ruleset
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.extract.wiki.quotes import same_text
from mtgcr.crossref.translation.langpair import TextOwner

if TYPE_CHECKING:
    from mtgcr.corpus.store import ReleaseInfo, Store
    from mtgcr.crossref.chain import Chain
    from mtgcr.crossref.decisions import Decision
    from mtgcr.crossref.identify_store import StoreIdentifier
    from mtgcr.crossref.lineage import Lineage

__all__ = [
    "QuotedRuleStatus",
    "QuotedRule",
    "QuoteCheck",
    "check_quote",
    "Remap",
    "StoreQuotes",
]

#: ``remap(number) -> (numbers in R, reason when there are none)``: a rule of the quote's EN
#: release followed to the EN release of R's label.
Remap = Callable[[RuleNumber], tuple[list[RuleNumber], str]]


class QuotedRuleStatus(enum.Enum):
    """What became of one quoted rule in the target release."""

    UNCHANGED = "unchanged"  # same number, same text
    RENUMBERED = "renumbered"  # another number (or several: a split), same text
    REWORDED = "reworded"  # same number, other text
    RENUMBERED_REWORDED = "renumbered and reworded"
    REMOVED = "removed"  # no successor
    UNTRANSLATED = "untranslated"  # R's language has no text for a successor (EN has)
    UNKNOWN = "unknown"  # the number is not in the quote's EN release


@dataclass(frozen=True)
class QuotedRule:
    """One quoted rule: ``number`` as quoted, its ``status``, the number(s) it has in R
    (``now``; empty when removed) and ``reason`` (why removed/unknown/untranslated)."""

    number: RuleNumber
    status: QuotedRuleStatus
    now: tuple[RuleNumber, ...] = ()
    reason: str = ""


@dataclass
class QuoteCheck:
    """One quote block checked against a target release.

    Attributes:
        lang: the quote's language; label, revision: the release it states.
        target, target_revision: R's label and revision (``None`` when the copy states none).
        rules: one :class:`QuotedRule` per quoted rule, in quote order.
        added: rules of R inside the quoted range that no quoted or skipped rule became.
        skipped: rules of the quote's release inside its range that the quote leaves out
            (their successors stay out).
        sections: ``{quoted section: its number in R}`` (sections renumbered or not).
        retitled: sections whose title in R differs from the quoted one.
        agrees: the quote's text fits its label (``None``: not checked); note: why not.
        owners: quoted rules whose text is in fact another rule's, or this number's in
            another release (``{quoted number: whose text it is}``, from identify's evidence):
            such a quote is never refreshed blindly.
    """

    lang: str
    label: str
    revision: str | None
    target: str
    target_revision: str | None
    rules: list[QuotedRule] = field(default_factory=list)
    added: list[RuleNumber] = field(default_factory=list)
    skipped: list[RuleNumber] = field(default_factory=list)
    sections: dict[RuleNumber, RuleNumber] = field(default_factory=dict)
    retitled: list[RuleNumber] = field(default_factory=list)
    agrees: bool | None = None
    note: str = ""
    owners: dict[RuleNumber, TextOwner] = field(default_factory=dict)

    @property
    def current(self) -> bool:
        """Nothing to refresh: the quote is of R already, or every rule is unchanged, nothing
        added and no section retitled."""
        if (self.label, self.revision or "0") == (self.target, self.target_revision or "0"):
            return True
        return (
            all(r.status is QuotedRuleStatus.UNCHANGED for r in self.rules)
            and not self.added
            and not self.retitled
        )

    @property
    def followed(self) -> bool:
        """Every quoted rule could be followed to R (none ``UNKNOWN``)."""
        return all(r.status is not QuotedRuleStatus.UNKNOWN for r in self.rules)

    def counts(self) -> dict[str, int]:
        """``{status value: rules}`` plus ``"added"`` (rules of R added inside the range)."""
        out: dict[str, int] = {}
        for r in self.rules:
            out[r.status.value] = out.get(r.status.value, 0) + 1
        if self.added:
            out["added"] = len(self.added)
        return out

    def describe(self) -> str:
        """The counts in words, changes first: ``"3 renumbered, 18 reworded, 2 added, 37
        unchanged"``; with the section titles changed and the disagreement note."""
        counts = self.counts()
        order = [s.value for s in QuotedRuleStatus if s is not QuotedRuleStatus.UNCHANGED]
        keys = [k for k in order + ["added"] if k in counts] + (
            ["unchanged"] if "unchanged" in counts else []
        )
        text = ", ".join(f"{counts[k]} {k}" for k in keys) or "no rules quoted"
        if self.retitled:
            text += f"; section title changed: {', '.join(map(str, self.retitled))}"
        if self.note:
            text += f"; {self.note}"
        if self.owners:
            told = [f"{n} is {o.sentence()}" for n, o in sorted(self.owners.items())]
            more = f" and {len(told) - 3} more" if len(told) > 3 else ""
            text += f"; {', '.join(told[:3])}{more}"
        return text

    def quoted_span(self) -> str:
        """The first and last rule the quote shows in R (``"712.1–712.21e"``), removed rules
        left out; the quoted numbers themselves when none could be followed."""
        nums = sorted(
            {m for r in self.rules for m in r.now}
            | set(self.added)
            | ({r.number for r in self.rules} if not any(r.now for r in self.rules) else set())
        )
        if not nums:
            return ""
        return str(nums[0]) if len(nums) == 1 else f"{nums[0]}–{nums[-1]}"


def check_quote(
    quote: Ruleset,
    en_then: Ruleset,
    target: Ruleset,
    en_target: Ruleset | None,
    remap: Remap,
    quoted_sections: set[RuleNumber] | None = None,
) -> QuoteCheck:
    """Check one quote block (as the partial ruleset :func:`~mtgcr.extract.wiki.quotes.quote_ruleset`
    makes of it) against the complete release ``target`` of the same language.

    Args:
        quote: the quote's partial ruleset (label and revision from its header).
        en_then: the complete EN release of the quote's label (or the newest before it).
        target: the complete release R in the quote's language.
        en_target: the EN release of R's label (tells "untranslated" from "removed").
        remap: follows a number of ``en_then`` to R's label (:data:`Remap`).
        quoted_sections: sections whose heading the quote shows (default: ``quote.sections``).

    Returns:
        The :class:`QuoteCheck`.
    """
    rel = quote.release
    out = QuoteCheck(
        rel.lang, rel.label, rel.revision, target.release.label, target.release.revision
    )
    heads = set(quote.sections) if quoted_sections is None else quoted_sections
    succ: dict[RuleNumber, list[RuleNumber]] = {}
    for n in quote.rules:
        if n not in en_then.rules:
            out.rules.append(
                QuotedRule(
                    n, QuotedRuleStatus.UNKNOWN, (), f"{n} is not in EN {en_then.release.label}"
                )
            )
            continue
        nums, why = remap(n)
        succ[n] = nums
        if not nums:
            out.rules.append(QuotedRule(n, QuotedRuleStatus.REMOVED, (), why))
            continue
        missing = [m for m in nums if m not in target.rules]
        if missing:
            has_en = en_target is not None and all(m in en_target.rules for m in missing)
            out.rules.append(
                QuotedRule(
                    n,
                    QuotedRuleStatus.UNTRANSLATED if has_en else QuotedRuleStatus.UNKNOWN,
                    tuple(nums),
                    f"{' '.join(map(str, missing))} not in {target.release.lang} {target.release.label}",
                )
            )
            continue
        renumbered = nums != [n]
        reworded = not (
            len(nums) == 1 and same_text(quote.rules[n].text, target.rules[nums[0]].text)
        )
        status = (
            QuotedRuleStatus.RENUMBERED_REWORDED
            if renumbered and reworded
            else QuotedRuleStatus.RENUMBERED
            if renumbered
            else QuotedRuleStatus.REWORDED
            if reworded
            else QuotedRuleStatus.UNCHANGED
        )
        out.rules.append(QuotedRule(n, status, tuple(nums)))
    # sections
    for s in sorted({RuleNumber(n.section) for n in quote.rules} | heads):
        nums, _ = remap(s) if s in en_then.sections else ([], "")
        if nums:
            out.sections[s] = nums[0]
            ts = target.sections.get(nums[0])
            qs = quote.sections.get(s)
            if qs is not None and ts is not None and not same_text(qs.title, ts.title):
                out.retitled.append(s)
    # the range of each quoted section, its skipped and added rules
    for s in sorted({RuleNumber(n.section) for n in quote.rules}):
        quoted = sorted(n for n in quote.rules if n.section == s.section and n in en_then.rules)
        if not quoted:
            continue
        in_then = sorted(n for n in en_then.rules if n.section == s.section)
        lo, hi = quoted[0], quoted[-1]
        covered = [n for n in in_then if lo <= n <= hi]
        skipped = [n for n in covered if n not in quote.rules]
        out.skipped += skipped
        for n in skipped:
            succ.setdefault(n, remap(n)[0])
        landed = sorted({m for n in quoted for m in succ.get(n, [])})
        if not landed:
            continue
        start, end = landed[0], landed[-1]
        new_sec = out.sections.get(s)
        in_target = sorted(
            n for n in target.rules if new_sec is not None and n.section == new_sec.section
        )
        if s in heads and lo == in_then[0] and in_target:
            start = min(start, in_target[0])
        if s in heads and hi == in_then[-1] and in_target:
            end = max(end, in_target[-1])
        became = {m for n in covered for m in succ.get(n, [])}
        out.added += [
            m for m in in_target if start <= m <= end and m not in became and m not in out.added
        ]
    return out


# -- building the inputs from a store ------------------------------------------------------
class StoreQuotes:
    """Checks quote blocks against one target release of one language in a store.

    The EN chain (:class:`mtgcr.crossref.chain.Chain`), the target release, its EN release and
    the EN release of each quoted label are loaded once and kept for every block and page.

    Args:
        store: an open store (writable when possible: alignments are cached in it).
        lang: the pages' language (``"ja"``).
        target: the release to refresh to (effective date, label or ``None`` for the newest
            complete release of ``lang``).
        identify: also identify each quote's text against the stored releases, to tell a
            quote whose text is another release's than its label says (slower: loads every
            complete release once). Without it, a quote that differs from R is still
            identified when two complete releases of its language are stored, to name whose
            text a differing quoted rule is.
        decisions: human alignment decisions applied to the EN chain.
        chain: the store's EN :class:`~mtgcr.crossref.chain.Chain` when the caller has one
            (its loaded releases are shared; ``decisions`` is then ignored).

    Raises:
        StoreError: no release ``target`` of ``lang``, or it is partial (wiki quotes); no EN
            release of its label (the lineage goes through English).
    """

    def __init__(
        self,
        store: Store,
        lang: str,
        target: str | None = None,
        identify: bool = True,
        decisions: Iterable[Decision] = (),
        chain: Chain | None = None,
    ) -> None:
        from mtgcr.crossref.chain import Chain
        from mtgcr.extract.records import load_release

        self.store, self.lang = store, lang
        info = store.resolve(target, lang)
        if not info.complete:
            raise StoreError(
                f"{lang} {info.name} is a partial release (wiki quotes): a refresh needs a "
                f"complete {lang} release (ingest the official text)"
            )
        self.target_info: ReleaseInfo = info
        self.target = load_release(store, info)
        self.chain = chain if chain is not None else Chain(store, "en", decisions)
        self._en = {r.label: k for k, r in enumerate(self.chain.infos)}
        if info.label not in self._en:
            raise StoreError(
                f"no complete EN release {info.label} in {store.path}: quotes are followed "
                f"through the English releases (ingest EN {info.label})"
            )
        self.k_target = self._en[info.label]
        self.en_target = self.chain.ruleset(self.k_target)
        self._identify = identify
        self._own: bool | None = None
        self._identifier: StoreIdentifier | None = None
        self._lineage: Lineage | None = None

    @property
    def label(self) -> str:
        """The target's label (``"20260116"``)."""
        return self.target_info.label

    @property
    def revision(self) -> str | None:
        """The target's translation revision as its copy states it (``None``: not stated)."""
        return self.target_info.revision

    def en_index(self, label: str) -> int | None:
        """The chain index of the EN release of ``label``, else of the newest one before it."""
        ks = [k for lab, k in self._en.items() if lab <= label]
        return max(ks) if ks else None

    def lineage(self) -> Lineage:
        """The EN chain's lineage (aligned and cached in the store on first use)."""
        if self._lineage is None:
            self._lineage = self.chain.lineage()
        return self._lineage

    def check(self, quote: Ruleset, quoted_sections: set[RuleNumber] | None = None) -> QuoteCheck:
        """Check one quote block's partial ruleset (:func:`check_quote`), with the agreement
        of its text and label when ``identify`` was asked for. A quote of a release older than
        every stored EN release cannot be followed: every rule is ``UNKNOWN`` and ``note`` says
        what to ingest."""
        rel = quote.release
        k = self.en_index(rel.label)
        if k is None:
            out = QuoteCheck(rel.lang, rel.label, rel.revision, self.label, self.revision)
            why = f"no EN release {rel.label} or older in the store"
            out.rules = [QuotedRule(n, QuotedRuleStatus.UNKNOWN, (), why) for n in quote.rules]
            out.note = f"ingest the EN release {rel.label} to follow this quote"
            return out
        lin = self.lineage()

        def remap(n: RuleNumber) -> tuple[list[RuleNumber], str]:
            r = lin.remap(n, k, self.k_target)
            return list(r.numbers), r.reason

        out = check_quote(
            quote, self.chain.ruleset(k), self.target, self.en_target, remap, quoted_sections
        )
        out.target_revision = self.revision
        differs = any(r.status is not QuotedRuleStatus.UNCHANGED for r in out.rules)
        if self._identify or (differs and self._own_language_compared()):
            self._agreement(quote, out, self.chain.infos[k])
        return out

    def _own_language_compared(self) -> bool:
        """Whether identify would compare a quote with texts of its own language (two complete
        releases of it stored): then it can name whose text a differing quoted rule is
        (:attr:`QuoteCheck.owners`), which is worth its cost for a quote that differs even
        when ``identify`` was not asked for (cite-check)."""
        if self._own is None:
            self._own = sum(r.complete for r in self.store.releases(self.lang)) >= 2
        return self._own

    def cited_moves(self, quote: Ruleset, texts: Iterable[str]) -> dict[RuleNumber, RuleNumber]:
        """``{number: its first number in R}`` of the rule numbers cited in ``texts`` (a
        quote's rule texts; :func:`mtgcr.extract.references.find_references`) that have another
        number in R than in the quote's release: the citations inside a refreshed quote, which
        R's own text already cites under the new numbers."""
        from mtgcr.extract.references import find_references

        k = self.en_index(quote.release.label)
        if k is None:
            return {}
        lin = self.lineage()
        out: dict[RuleNumber, RuleNumber] = {}
        for text in texts:
            for ref in find_references(text):
                for n in (ref.first, ref.last):
                    if n is None or n in out:
                        continue
                    nums = list(lin.remap(n, k, self.k_target).numbers)
                    if nums and nums != [n]:
                        out[n] = nums[0]
        return out

    def _agreement(self, quote: Ruleset, out: QuoteCheck, then: ReleaseInfo) -> None:
        from mtgcr.crossref.identify_store import StoreIdentifier

        if self._identifier is None:
            self._identifier = StoreIdentifier(self.store)
        try:
            ident = self._identifier.identify(quote)
        except StoreError:
            return
        stated = next((m for m in ident.matches if m.label == then.label), None)
        if stated is not None:  # whose text each differing quoted rule is, where some has it
            out.owners = {ev.number: ev.owner for ev in stated.rules if ev.owner is not None}
        names = set(ident.releases)
        if not names:
            return
        out.agrees = then.name in names or then.label in names
        if not out.agrees:
            ranges = ", ".join(a if a == b else f"{a} … {b}" for a, b in ident.ranges)
            out.note = (
                f"the quote says {quote.release.label} but its text fits {ranges}: "
                f"check the label before refreshing"
            )
