"""Reading a chain's alignments one number at a time, from the store's lookup index.

``history`` and ``remap`` follow one rule (or section) through every consecutive alignment of
a chain: they ask each alignment for the group of a few numbers only. Reading every
alignment whole (about 15 MB of JSON for 130 releases) costs far more than the walk, so the
store keeps, beside each cached alignment, one row per number of a *changed* rule group and
per section correspondence (:func:`step_rows`, table ``alignment_steps``). A rule of the old
(new) release that has no such row is in an ``unchanged`` group of its own — every rule of
both releases is in exactly one group — and whether the release has it is one indexed query
on ``rules``. :class:`ChainSteps` runs those queries once per number for the whole chain;
:class:`StepView` answers the lookups of :class:`~mtgcr.crossref.lineage.Lineage` for one
alignment exactly as :class:`~mtgcr.crossref.model.Alignment` would.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from mtgcr.corpus.align_cache import PairKey, StepRow
from mtgcr.corpus.store import Store
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.model import Change, SectionChange, decode_change_row, parse_number_cached

__all__ = ["step_rows", "ChainSteps", "StepView"]


def step_rows(cache: dict[str, Any]) -> list[StepRow]:
    """The lookup rows of an alignment, from its cache form (:meth:`Alignment.to_cache`):
    ``("o"|"n", rule number, group position, row JSON)`` for every number of every group
    that is not a plain ``["u", number]`` row, and ``("s"|"t", section number, position,
    section JSON)`` for every section correspondence an old (``s``, not ``split``) or new
    (``t``, not ``merged``) section looks up (as :meth:`Alignment.section_change_of_old`
    / ``_of_new`` do)."""
    out: list[StepRow] = []
    dumps = json.dumps
    for i, row in enumerate(cache["rows"]):
        if row[0] == "u":
            continue
        data = dumps(row, ensure_ascii=False, separators=(",", ":"))
        out += [("o", n, i, data) for n in row[1].split()]
        out += [("n", n, i, data) for n in row[2].split()]
    for j, s in enumerate(cache["sections"]):
        data = dumps(s, ensure_ascii=False, separators=(",", ":"))
        if s["old"] is not None and s["kind"] != "split":
            out.append(("s", s["old"], j, data))
        if s["new"] is not None and s["kind"] != "merged":
            out.append(("t", s["new"], j, data))
    return out


class ChainSteps:
    """Per-number lookups over the indexed alignments of a chain, read from the store once
    per number and kept.

    Args:
        store: an open store.
        release_ids: the chain's release ids, oldest first.
        pairs: ``pairs[k]`` = the cache key ``(old id, new id, version)`` of alignment ``k``.
    """

    def __init__(self, store: Store, release_ids: Sequence[int], pairs: Sequence[PairKey]) -> None:
        self.store = store
        self.release_ids = list(release_ids)
        self._pos = {key: k for k, key in enumerate(pairs)}
        self._rules: dict[str, set[int]] = {}
        self._steps: dict[str, dict[tuple[int, str], tuple[int, str]]] = {}
        self._decoded: dict[tuple[int, str, str], Any] = {}

    def has_rule(self, release_id: int, number: str) -> bool:
        """True if the release with id ``release_id`` has rule ``number``."""
        ids = self._rules.get(number)
        if ids is None:
            ids = self._rules[number] = self.store.releases_with_number(number)
        return release_id in ids

    def step(self, k: int, side: str, number: str) -> Any:
        """The row of ``number`` on ``side`` in alignment ``k`` (decoded: a
        :class:`Change` for ``o``/``n``, a :class:`SectionChange` for ``s``/``t``), or
        ``None`` when it has no step row there."""
        by = self._steps.get(number)
        if by is None:
            by = self._steps[number] = {}
            for old_id, new_id, version, sd, ord_, data in self.store.alignment_steps(number):
                kk = self._pos.get((old_id, new_id, version))
                if kk is None:
                    continue
                cur = by.get((kk, sd))
                if cur is None or ord_ > cur[0]:  # the last group wins, as Alignment's index
                    by[(kk, sd)] = (ord_, data)
        hit = by.get((k, side))
        if hit is None:
            return None
        key = (k, side, number)
        val = self._decoded.get(key)
        if val is None:
            raw = json.loads(hit[1])
            val = self._decoded[key] = (
                SectionChange.from_json(raw) if side in "st" else decode_change_row(raw)
            )
        return val


class StepView:
    """Alignment ``k`` of a chain as :class:`~mtgcr.crossref.lineage.Lineage` reads it: the
    four lookups of :class:`~mtgcr.crossref.model.Alignment`, answered from
    :class:`ChainSteps`."""

    def __init__(self, steps: ChainSteps, k: int) -> None:
        self.steps, self.k = steps, k
        self._old_id = steps.release_ids[k]
        self._new_id = steps.release_ids[k + 1]

    def _rule(self, side: str, number: RuleNumber, release_id: int) -> Change | None:
        s = str(number)
        ch = self.steps.step(self.k, side, s)
        if ch is not None:
            return ch
        if self.steps.has_rule(release_id, s):
            n = parse_number_cached(s)
            return Change("unchanged", (n,), (n,), 1.0)
        return None

    def change_of_old(self, number: RuleNumber) -> Change | None:
        """The group an old rule belongs to, or ``None`` if the old release lacks it."""
        return self._rule("o", number, self._old_id)

    def change_of_new(self, number: RuleNumber) -> Change | None:
        """The group a new rule belongs to, or ``None`` if the new release lacks it."""
        return self._rule("n", number, self._new_id)

    def section_change_of_old(self, number: RuleNumber) -> SectionChange | None:
        """The correspondence of an old section."""
        return self.steps.step(self.k, "s", str(number))

    def section_change_of_new(self, number: RuleNumber) -> SectionChange | None:
        """The correspondence of a new section."""
        return self.steps.step(self.k, "t", str(number))
