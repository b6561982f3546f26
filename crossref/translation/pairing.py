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
from mtgcr.extract.model import Ruleset
from mtgcr.extract.records import load_release

from mtgcr.crossref.chain import complete_releases
from mtgcr.crossref.translation.langpair import (
    LangPairing,
    english_counterpart,
    english_release,
    pair_rulesets,
)

__all__ = ["english_ruleset", "section_only", "ReleasePairing", "pair_release"]


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
    alts = [load_release(store, r) for r in others]
    if section is not None:
        tr, en = section_only(tr, section), section_only(en, section)
        alts = [section_only(a, section) for a in alts]
    return ReleasePairing(pair_rulesets(tr, en, alts), tr, info, section)
