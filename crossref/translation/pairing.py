"""A stored translation release set against the English release it translates: which EN
ruleset that is, and the rule-by-rule pairing of the two
(:func:`mtgcr.crossref.translation.langpair.pair_rulesets`) with the other EN releases its
text is tested against.

The policy of ``mtgcr pair``, ``show --pair``, ``define --lang`` and
:meth:`mtgcr.api.Corpus.pair`. The EN release of a translation has the same label
(ZH, JA), else the same effective date (RU; see
:func:`~mtgcr.crossref.translation.langpair.english_counterpart`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from mtgcr.corpus.store import ReleaseInfo, Store
from mtgcr.extract.lookup import NotFound
from mtgcr.extract.model import Release, Ruleset
from mtgcr.extract.records import from_record, load_release

from mtgcr.crossref.chain import Chain, complete_releases
from mtgcr.crossref.translation.langpair import (
    LangPairing,
    RulePair,
    TextOwner,
    english_counterpart,
    english_release,
    pair_rulesets,
    pair_section_rule,
)
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "english_ruleset",
    "section_only",
    "ReleasePairing",
    "pair_release",
    "attach_owners",
    "pair_in_store",
]


def english_ruleset(store: Store, rs: Ruleset) -> Ruleset | None:
    """The complete EN ruleset of the release ``rs`` translates (same label, else same
    effective date; the official copy preferred:
    :func:`~mtgcr.crossref.translation.langpair.english_release`), or ``None`` when the store
    has none.

    Raises:
        NotFound: ``rs`` is English (there is nothing to pair it with).
    """
    if rs.release.lang == "en":
        raise NotFound("--pair compares a translation with English; give --lang zh, ru or ja")
    info = english_release(store, rs.release)
    return load_release(store, info) if info is not None else None


def section_only(rs: Ruleset, section: int) -> Ruleset:
    """A copy of ``rs`` holding only the rules and the section heading of ``section``."""
    rules = {n: r for n, r in rs.rules.items() if n.section == section}
    sections = {n: s for n, s in rs.sections.items() if n.section == section}
    return replace(rs, rules=rules, sections=sections)


@dataclass
class ReleasePairing:
    """A translation release paired with English.

    Attributes:
        pairing: the rule-by-rule pairing (:class:`~mtgcr.crossref.translation.langpair.LangPairing`).
        translation: the translated ruleset (only ``section`` when one was asked for).
        info: the translation's stored release row (:attr:`ReleaseInfo.origin_name`: a whole
            text's copy origin ``official``, ``unknown`` …, else ``wiki`` …).
        section: the section asked for, else ``None``.
    """

    pairing: LangPairing
    translation: Ruleset
    info: ReleaseInfo
    section: int | None = None

    def to_json(self) -> dict[str, Any]:
        """``LangPairing.as_json()`` with ``translation`` (``{effective_date, label, lang,
        revision, origin}``), ``section``, ``pairs`` (``RulePair.as_json()`` each),
        ``only_translation``, ``missing`` (EN rules a complete translation lacks; ``[]`` for
        a partial one) and ``better_release`` (the label of an EN release the text fits
        better, or ``None``) — ``mtgcr pair --format json``."""
        p, rel = self.pairing, self.translation.release
        out = p.as_json()
        out["translation"] = {
            **rel.as_json(),
            "origin": self.info.origin_name,
            "text": self.info.text.value,
        }
        out["section"] = self.section
        out["pairs"] = [x.as_json() for x in p.pairs]
        out["only_translation"] = [str(n) for n in p.only_translation]
        out["missing"] = [str(n) for n in p.only_english] if self.translation.complete else []
        out["better_release"] = p.better_release.label if p.better_release else None
        return out

    def to_frame(self):
        """The rule pairs as a pandas DataFrame, one row per rule number on both sides, in EN
        order: ``number, status`` (verified, unverified, differs, conflict), ``agree,
        disagree`` (evidence items), ``evidence`` (agreeing items, ``"; "``-joined),
        ``details`` (disagreements, ``"; "``-joined), ``better_number``, ``better_release``."""
        import pandas as pd

        rows = [
            {
                "number": str(x.number),
                "status": x.status,
                "agree": x.agree,
                "disagree": x.disagree,
                "evidence": "; ".join(x.evidence),
                "details": "; ".join(x.details),
                "better_number": str(x.better_number) if x.better_number else None,
                "better_release": x.better_release,
            }
            for x in self.pairing.pairs
        ]
        return pd.DataFrame(
            rows,
            columns=[
                "number",
                "status",
                "agree",
                "disagree",
                "evidence",
                "details",
                "better_number",
                "better_release",
            ],
        )


def pair_release(
    store: Store,
    lang: str,
    release: str | None = None,
    section: int | None = None,
    against: Sequence[str] | None = None,
) -> ReleasePairing:
    """Pair the translation release ``release`` of ``lang`` with the EN release of its label.

    Args:
        store: an open store.
        lang: the translation's language (``"ja"``, ``"zh"``, ``"ru"``).
        release: label, ``label.revision`` or effective date; ``None``: the newest.
        section: only the rules of this section.
        against: other EN releases to score the text against (labels or dates; ``["all"]``:
            every complete EN release, nearest first); ``None``: the EN releases just before
            and after.

    Raises:
        NotFound: ``lang`` is English, or no complete EN release of the translation's label
            is stored.
        StoreError: ``release`` or one of ``against`` names no stored release.
    """
    if lang == "en":
        raise NotFound("pair compares a translation with English; give --lang ja, zh or ru")
    info = store.resolve(release, lang)
    tr = load_release(store, info)
    infos = complete_releases(store, "en")
    en_info = english_counterpart(tr.release, infos)
    if en_info is None:
        raise NotFound(
            f"no complete EN release {tr.release.label} in {store.path} to "
            f"pair {lang} {tr.release.label} with (ingest the EN file)"
        )
    k = infos.index(en_info)
    if against is None:
        others = [infos[i] for i in (k - 1, k + 1) if 0 <= i < len(infos)]
    elif list(against) == ["all"]:  # nearest first: the first that fits is reported
        others = sorted(
            (r for r in infos if r is not en_info), key=lambda r: abs(infos.index(r) - k)
        )
    else:
        others = []
        for spec in against:
            r = store.resolve(spec, "en")
            if r.label != en_info.label and r.label not in {o.label for o in others}:
                others.append(next((i for i in infos if i.label == r.label), r))
    en = load_release(store, en_info)
    # the other releases are read for their rule texts only (rules and examples)
    alts = [from_record(store.release_rows(r.id, tables=("rules", "examples"))) for r in others]
    if section is not None:
        tr, en = section_only(tr, section), section_only(en, section)
        alts = [section_only(a, section) for a in alts]
    pairing = pair_rulesets(tr, en, alts)
    attach_owners(store, pairing.pairs, pairing.english)
    return ReleasePairing(pairing, tr, info, section)


def attach_owners(store: Store, pairs: Sequence[RulePair], english: Release) -> None:
    """Give each conflict whose EN rule a translated rule of another number takes
    (:attr:`RulePair.taken_by`: the translation's numbering runs ahead, it keeps a rule
    English removed) the EN rule its own text is, through the EN lineage: going back from
    the EN rule, the last release where it was numbered as the translation numbers it
    (:attr:`~RulePair.taken_by`); the rule of this pair's number *there* is the stale text's
    owner, with what became of it in the release after (JA 20260116 805.10f is EN
    2024-07-30's 805.10f, removed in 2024-11-08 — found even when the text has no numbers to
    compare). Pairs the lineage cannot explain keep their owner (or none).

    Args:
        store: an open store with the EN releases.
        pairs: pairs of one pairing.
        english: the EN release they were paired with.
    """
    todo = [p for p in pairs if p.status == "conflict" and p.taken_by is not None]
    if not todo:
        return
    chain = Chain(store, "en")
    labels = [r.label for r in chain.releases]
    if english.label not in labels:
        return
    k = labels.index(english.label)
    lineage = chain.lineage()
    for p in todo:
        try:
            back = lineage.history(p.number, k)
        except KeyError:
            continue
        for j in range(k - 1, -1, -1):
            if p.taken_by not in back[j].numbers:
                continue
            if j + 1 < len(chain.releases) and lineage.exists(j, p.number):
                then = lineage.history(p.number, j)[j + 1]
                p.owner = TextOwner(
                    p.number, chain.releases[j], "lineage", then.kind, chain.releases[j + 1]
                )
            break


def pair_in_store(
    store: Store, translation: Ruleset, english: Ruleset, number: RuleNumber
) -> RulePair | None:
    """The pair of one rule exactly as ``mtgcr pair`` gives it (its section paired whole,
    tested against the EN releases just before and after, the owner of a stale text through
    the lineage): what ``show --pair`` and ``history --lang`` say, so the three agree.
    ``None`` when either side lacks the rule."""
    infos = complete_releases(store, "en")
    labels = [r.label for r in infos]
    alts = []
    if english.release.label in labels:
        k = labels.index(english.release.label)
        alts = [
            section_only(load_release(store, infos[i]), number.section)
            for i in (k - 1, k + 1)
            if 0 <= i < len(infos)
        ]
    p = pair_section_rule(translation, english, number, alts)
    if p is not None:
        attach_owners(store, [p], english.release)
    return p
