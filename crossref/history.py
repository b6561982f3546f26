"""A rule's history and its number in another release, over the releases of a store — for
English through the English chain, for a translation through the English lineage
(:func:`mtgcr.crossref.translation.xlang.translated_history`), each English release with a
translation saying whether the translation has the rule.

The policy of ``mtgcr history`` / ``mtgcr remap`` and :meth:`mtgcr.api.Corpus.history`
/ ``remap``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from mtgcr.corpus.store import Store, StoreError
from mtgcr.extract.lookup import NotFound
from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.chain import Chain
from mtgcr.crossref.decisions import Decision
from mtgcr.crossref.lineage import HistoryEntry, RemapResult

#: The language translations are followed through (:data:`mtgcr.crossref.translation.xlang.PIVOT`;
#: that module is imported only for a translation: it loads the text comparison).
PIVOT = "en"

__all__ = ["RuleHistory", "Remapped", "rule_history", "remap_rule"]


@dataclass
class RuleHistory:
    """A rule's or section's number and change kind in every release of its chain.

    Attributes:
        number: the number asked for.
        lang: the language asked for.
        k: the position in the chain of the release it was asked in.
        entries: one :class:`~mtgcr.crossref.lineage.HistoryEntry` per chain release, oldest
            first (for a translation: the English releases).
        translations: for a translation, chain position → what the translation has there
            (``{"lang", "label", "revision", "complete", "present", "absent", "status",
            "pairing"}``, see :class:`~mtgcr.crossref.translation.xlang.TranslatedHistory`).
        asked: the release the rule was asked in (``"en 2023-11-17"``; a translation's
            ``"ja 20231117"``).
        note: why a translation's newest release was not the one taken, else ``None``.
        chain: the chain followed (English for a translation).
    """

    number: RuleNumber
    lang: str
    k: int
    entries: list[HistoryEntry]
    asked: str
    chain: Chain
    translations: dict[int, dict[str, Any]] = field(default_factory=dict)
    note: str | None = None

    @property
    def translated(self) -> bool:
        """True when followed through the English lineage (a translation)."""
        return self.lang != PIVOT

    def title(self) -> str:
        """``"history of 712.8e (en 2023-11-17)"``; for a translation ``"history of 712.8e
        (ja 20231117, followed through the en releases)"``."""
        if self.translated:
            return f"history of {self.number} ({self.asked}, followed through the {PIVOT} releases)"
        return f"history of {self.number} ({self.asked})"

    def to_json(self) -> list[dict[str, Any]]:
        """One ``HistoryEntry.to_json()`` per release (``mtgcr history --format json``), with
        ``"translation"`` (the dict of ``translations`` or ``None``) for a translation."""
        out = []
        for i, e in enumerate(self.entries):
            d = e.to_json()
            if self.translated:
                d["translation"] = self.translations.get(i)
            out.append(d)
        return out

    def to_frame(self):
        """One row per release as a pandas DataFrame: ``release, label, number, numbers``
        (space-separated), ``kind, similarity, lineage, title, candidates`` and, for a
        translation, ``translation`` (``"quoted"``, ``"not quoted"``, ``"translated"``,
        ``"missing"``, ``"absent"``, or ``None`` where the store has no translation)."""
        import pandas as pd

        rows = []
        for d in self.to_json():
            t = d.pop("translation", None) if self.translated else None
            d["numbers"] = " ".join(d["numbers"])
            d["candidates"] = " ".join(d["candidates"])
            if self.translated:
                d["translation"] = t["status"] if t else None
            rows.append(d)
        return pd.DataFrame(rows)


def rule_history(
    store: Store,
    number: RuleNumber,
    release: str | None = None,
    lang: str = "en",
    decisions: Iterable[Decision] = (),
    on_align: Callable[[int, int], None] | None = None,
) -> RuleHistory:
    """The history of ``number`` of ``release`` (language ``lang``) over every release.

    Args:
        store: an open store (writable when possible: alignments are cached in it).
        number: a rule, subrule or section number.
        release: the release ``number`` is numbered in (date or label; ``None``: the newest).
        lang: its language; a translation is followed through the English lineage.
        decisions: human decisions for the alignments.
        on_align: ``(k, n)`` progress callback, called for each alignment computed.

    Raises:
        StoreError: no such release; for a translation, no EN release of its label.
        NotFound: ``number`` is not in that release.
        mtgcr.crossref.decisions.DecisionError: a decision does not fit its releases.
    """
    if lang != PIVOT:
        from mtgcr.crossref.translation.xlang import translated_history

        th = translated_history(store, number, release, lang, decisions, on_align)
        return RuleHistory(
            number,
            lang,
            th.k,
            th.entries,
            th.asked.replace(":", " "),
            th.chain,
            th.translations,
            th.note,
        )
    chain = Chain(store, lang, decisions, on_align=on_align)
    k = chain.index(release)
    lineage = chain.lineage()
    try:
        entries = lineage.history(number, k)
    except KeyError as exc:
        raise NotFound(str(exc.args[0])) from None
    return RuleHistory(number, lang, k, entries, f"{lang} {entries[k].to_json()['release']}", chain)


@dataclass
class Remapped:
    """A rule's number(s) in another release.

    Attributes:
        number: the number asked for, in ``source``.
        source, target: the releases of the chain followed (English for a translation).
        result: :class:`~mtgcr.crossref.lineage.RemapResult` (``numbers``, ``reason``,
            ``path``).
        translation: for a translation with a number in the target, whether the target
            translation has it (``"ja 20231117: quoted"``), else ``None``.
    """

    number: RuleNumber
    source: Release
    target: Release
    result: RemapResult
    translation: str | None = None

    @property
    def numbers(self) -> list[RuleNumber]:
        """The number(s) in the target release (``[]``: none)."""
        return self.result.numbers

    def to_json(self) -> dict[str, Any]:
        """``{"rule", "from", "to", "numbers", "reason", "path", "translation"}`` (``mtgcr
        remap --format json``)."""
        res = self.result
        return {
            "rule": str(self.number),
            "from": self.source.name,
            "to": self.target.name,
            "numbers": [str(n) for n in res.numbers],
            "reason": res.reason or None,
            "path": [e.to_json() for e in res.path],
            "translation": self.translation,
        }

    def sentence(self) -> str:
        """``"712.4d (2022-11-18) → 712.8e (2023-11-17)"`` or ``"… → none in 2023-11-17:
        reason"``."""
        src, dst = self.source.name, self.target.name
        if self.numbers:
            note = f"; {self.translation}" if self.translation else ""
            return f"{self.number} ({src}) → {' + '.join(map(str, self.numbers))} ({dst}){note}"
        return f"{self.number} ({src}) → none in {dst}: {self.result.reason}"


def remap_rule(
    store: Store,
    number: RuleNumber,
    source: str,
    target: str,
    lang: str = "en",
    decisions: Iterable[Decision] = (),
    on_align: Callable[[int, int], None] | None = None,
) -> Remapped:
    """Follow ``number`` of release ``source`` through the chain to release ``target``
    (earlier or later).

    Raises:
        StoreError: ``source`` or ``target`` is not a stored release of ``lang``; for a
            translation, no complete EN release of the target's label is stored.
        NotFound: ``number`` is not in ``source`` (a translation).
        mtgcr.crossref.decisions.DecisionError: a decision does not fit its releases.
    """
    note = None
    if lang != PIVOT:
        from mtgcr.crossref.translation.xlang import original_release, translated_history

        th = translated_history(store, number, source, lang, decisions, on_align)
        dst_info = store.resolve(target, lang)
        en_dst = original_release(store, dst_info)
        if en_dst is None:
            raise StoreError(
                f"{lang} {dst_info.label}: no complete {PIVOT} release of "
                f"label {dst_info.label} is in the store (ingest it)"
            )
        chain, i = th.chain, th.k
        j = chain.index(en_dst.name)
        res = chain.lineage().remap(number, i, j)
        t = th.translations.get(j)
        if t is not None and res.numbers:
            note = f"{lang} {t['label']}: {t['status']}"
    else:
        chain = Chain(store, lang, decisions, on_align=on_align)
        i, j = chain.index(source), chain.index(target)
        res = chain.lineage().remap(number, i, j)
    return Remapped(number, chain.releases[i], chain.releases[j], res, note)
