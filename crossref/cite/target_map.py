"""The number a rule of any release has in one release of the chain (the target), walked in one
direction only and remembered at every step.

:meth:`mtgcr.crossref.lineage.Lineage.remap` builds a rule's whole history (every release,
both directions) for each question; a source tree asks for thousands of (number, release)
pairs whose walks to the target share most of their steps (every citation of a keyword written
in 2013 passes through the same alignments). :class:`TargetMap` walks from the cited release
towards the target one alignment at a time (:meth:`~mtgcr.crossref.lineage.Lineage.step`) and
keeps the answer of every (number, release) it passed, so each step of the chain is read once
per number.
"""

from __future__ import annotations

from typing import Any, Callable

from mtgcr.extract.rulenum import RuleNumber

__all__ = ["TargetMap"]

#: ``(numbers in the target, why there are none)``.
Mapped = tuple[tuple[RuleNumber, ...], str]


class TargetMap:
    """Numbers of any release of a chain in its release ``target``.

    Args:
        lineage: a callable returning the chain's :class:`~mtgcr.crossref.lineage.Lineage`
            (called on the first walk only: a run whose citations all read against the target
            aligns nothing).
        names: the releases' names, by chain position (for the reasons).
        target: the target's chain position.
        present: ``(number, k) -> bool``, whether release ``k`` has the number.
    """

    def __init__(
        self,
        lineage: Callable[[], object],
        names: list[str],
        target: int,
        present: Callable[[RuleNumber, int], bool],
    ) -> None:
        self._make = lineage
        self._lineage: Any = None
        self.names = names
        self.target = target
        self.present = present
        self._memo: dict[tuple[RuleNumber, int], Mapped] = {}

    def numbers(self, n: RuleNumber, k: int) -> Mapped:
        """``n`` of release ``k`` in the target: its numbers there (several for a split), or
        ``()`` and why (not in release ``k``; removed in which release, last there as what;
        ambiguous between which candidates; added after the target)."""
        if not self.present(n, k):
            return (), f"{n} is not in {self.names[k]}"
        return self._walk(n, k)

    def _walk(self, n: RuleNumber, k: int) -> Mapped:
        T = self.target
        if k == T:
            return (n,), ""
        got = self._memo.get((n, k))
        if got is not None:
            return got
        if self._lineage is None:
            self._lineage = self._make()
        forward = k < T
        nxt, kinds, cands, _, _ = self._lineage.step(k, (n,), forward)
        j = k + 1 if forward else k - 1
        if not nxt:
            here, there = self.names[k], self.names[j]
            if cands:
                why = (
                    f"ambiguous in {there if forward else here}: {n} of {here} could be "
                    + " or ".join(map(str, cands))
                    + " (record a decision to settle it)"
                )
            elif forward:
                why = f"removed in {there} (last there as {n} in {here})"
            else:
                why = f"added in {here} as {n}; it has no counterpart in {there} or earlier"
            got = ((), why)
        else:
            out: list[RuleNumber] = []
            reasons: list[str] = []
            for m in nxt:
                nums, why = self._walk(m, j)
                out += [x for x in nums if x not in out]
                if why:
                    reasons.append(why)
            got = (tuple(out), "" if out else "; ".join(reasons))
        self._memo[(n, k)] = got
        return got
