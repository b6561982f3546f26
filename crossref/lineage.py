"""Lineage: following a rule or a section through a chain of release alignments.

A chain is the releases of one language in date order with the alignment of every
consecutive pair. A rule's *lineage id* is ``"<lang>:<label>:<number>"`` of the release and
number where it first appeared, found by walking back through continuing relations
(unchanged, renumbered, modified, moved; the main piece of a split; the main rule of a
merge). It stays the same however often the rule is renumbered, as long as the set of
ingested releases before its birth does not change. It is a **derived label** for reports:
ingesting an older release moves it (``en:20030315:502.9b`` becomes ``en:20010723:502.9b``).
Whatever must name a rule for ever stores an anchor instead (:mod:`mtgcr.crossref.anchor`).

:meth:`Lineage.history` lists a rule's (or section's) number and change kind in every
release of the chain, both directions; :meth:`Lineage.remap` gives the number(s) in another
release, or the reason there are none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.model import CONTINUING, Alignment, release_json

__all__ = [
    "Lineage",
    "LineageId",
    "HistoryEntry",
    "RemapResult",
    "main_predecessor",
    "forward_lineage_ids",
]


@dataclass(frozen=True, order=True)
class LineageId:
    """A rule's lineage id: the language, the label of the release where it first appeared and
    its number there (module docstring). ``str()`` is ``"en:20031001:502.9b"``.

    Attributes:
        lang: the language code.
        label: the eight-digit label of the release of first appearance.
        number: its number in that release.
    """

    lang: str
    label: str
    number: RuleNumber

    def __str__(self) -> str:
        return f"{self.lang}:{self.label}:{self.number}"

    @classmethod
    def parse(cls, text: str) -> LineageId:
        """Read ``"en:20031001:502.9b"`` back.

        Raises:
            ValueError: not three ``:``-separated parts, or the last is no rule number.
        """
        lang, label, number = text.split(":")
        return cls(lang, label, RuleNumber.parse(number))

    @property
    def file_stem(self) -> str:
        """A file name for the lineage within its language: ``"20031001_502.9b"``."""
        return f"{self.label}_{self.number}"


def main_predecessor(al: Alignment, n: RuleNumber) -> RuleNumber | None:
    """The number in ``al``'s old release that the rule or section ``n`` of its new release
    continues (unchanged, typography, renumbered, modified, moved; the main piece of a split;
    the main rule of a merge; a section unchanged, moved or retitled), or ``None`` when ``n``
    starts a lineage of its own there."""
    if n.kind == "section":
        s = al.section_change_of_new(n)
        if s and s.kind in ("unchanged", "moved", "retitled"):
            return s.old
        return None
    ch = al.change_of_new(n)
    if ch is None or ch.kind not in CONTINUING or not ch.old:
        return None
    if ch.kind == "split" and n != ch.new[0]:
        return None  # a secondary piece of a split starts a lineage of its own
    return ch.old[0]


def forward_lineage_ids(
    releases: Sequence[Release],
    numbers: Sequence[Iterable[RuleNumber]],
    alignments: Sequence[Alignment],
) -> list[dict[RuleNumber, LineageId]]:
    """The lineage id of every number of every release of a chain, in one forward pass.

    Args:
        releases: the chain's releases, oldest first.
        numbers: per release, the numbers to name (its rules, or rules and sections).
        alignments: ``alignments[k]`` aligns ``releases[k]`` with ``releases[k + 1]``.

    Returns:
        ``ids[k][number]``; the same ids :meth:`Lineage.lineage_id` gives one at a time.
    """
    ids: list[dict[RuleNumber, LineageId]] = []
    for k, nums in enumerate(numbers):
        cur: dict[RuleNumber, LineageId] = {}
        rel = releases[k]
        for n in nums:
            pred = main_predecessor(alignments[k - 1], n) if k else None
            lin = ids[k - 1].get(pred) if pred is not None else None
            cur[n] = lin or LineageId(rel.lang, rel.label, n)
        ids.append(cur)
    return ids


@dataclass
class HistoryEntry:
    """One release in a history.

    Attributes:
        release: the release.
        numbers: the number(s) there (several after a split), ``()`` when absent.
        kind: how it got there from the previous release of the chain: a rule or section
            change kind (``unchanged``, ``typography``, ``renumbered``, ``modified``, ``moved``, ``split``,
            ``merged``, ``retitled``, ``added``), ``removed`` (gone since the previous
            release), ``ambiguous`` (no single answer; see ``candidates``), ``absent`` (not
            there), ``unknown`` (beyond an ambiguous step), ``initial`` (first release of the
            chain).
        lineage: the lineage id of the (first) number there, if any.
        title: the section title (section histories only).
        candidates: for ``ambiguous``, the numbers it could be.
        similarity: for rule changes, 0–1 similarity with the previous release.
    """

    release: Release
    numbers: tuple[RuleNumber, ...]
    kind: str
    lineage: LineageId | None = None
    title: str | None = None
    candidates: tuple[RuleNumber, ...] = ()
    similarity: float | None = None

    @property
    def number(self) -> RuleNumber | None:
        """The (main) number, or ``None`` when absent."""
        return self.numbers[0] if self.numbers else None

    def to_json(self) -> dict:
        """``{release, label, lang, number, numbers, kind, lineage, title, candidates,
        similarity}`` (``release`` is the effective date, else the label)."""
        rel = release_json(self.release)
        return {
            "release": rel["effective_date"] or rel["label"],
            "label": rel["label"],
            "lang": rel["lang"],
            "number": str(self.number) if self.number else None,
            "numbers": [str(n) for n in self.numbers],
            "kind": self.kind,
            "lineage": str(self.lineage) if self.lineage else None,
            "title": self.title,
            "candidates": [str(n) for n in self.candidates],
            "similarity": None if self.similarity is None else round(self.similarity, 4),
        }


@dataclass
class RemapResult:
    """Answer of :meth:`Lineage.remap`: ``numbers`` in the target release (``[]`` if none),
    ``reason`` when there are none, and the ``path`` (history entries from source to
    target)."""

    numbers: list[RuleNumber]
    reason: str = ""
    path: list[HistoryEntry] = field(default_factory=list)


class Lineage:
    """Histories over a chain.

    Args:
        releases: the chain, oldest first (one language).
        alignments: ``alignments[k]`` aligns ``releases[k]`` with ``releases[k + 1]``.
        present: optional ``(k, number) -> bool`` telling whether a number exists in
            release ``k`` (needed only when the chain has a single release).

    Raises:
        ValueError: ``len(alignments) != len(releases) - 1``.
    """

    def __init__(self, releases: list[Release], alignments: list[Alignment], present=None) -> None:
        if len(alignments) != max(0, len(releases) - 1):
            raise ValueError(
                f"{len(releases)} releases need {len(releases) - 1} alignments, "
                f"got {len(alignments)}"
            )
        self.releases = releases
        self.alignments = alignments
        self._present = present
        self._ids: dict[tuple[int, RuleNumber], LineageId] = {}  # lineage ids found so far

    # -- existence and ids -----------------------------------------------------------------
    def exists(self, k: int, number: RuleNumber) -> bool:
        """True if ``number`` (rule, subrule or section) is in release ``k``."""
        if number.kind == "section":
            if k > 0 and self.alignments[k - 1].section_change_of_new(number):
                return True
            if k < len(self.alignments) and self.alignments[k].section_change_of_old(number):
                return True
        else:
            if k > 0 and self.alignments[k - 1].change_of_new(number):
                return True
            if k < len(self.alignments) and self.alignments[k].change_of_old(number):
                return True
        return bool(self._present and self._present(k, number))

    def lineage_id(self, k: int, number: RuleNumber) -> LineageId:
        """The lineage id of ``number`` in release ``k`` (see the module docstring), walking
        back through :func:`main_predecessor`."""
        walked: list[tuple[int, RuleNumber]] = []
        found = None
        while True:
            found = self._ids.get((k, number))
            if found is not None:
                break
            walked.append((k, number))
            pred = main_predecessor(self.alignments[k - 1], number) if k > 0 else None
            if pred is None:
                rel = self.releases[k]
                found = LineageId(rel.lang, rel.label, number)
                break
            number, k = pred, k - 1
        for key in walked:  # every number on the way has the same lineage
            self._ids[key] = found
        return found

    # -- walking ---------------------------------------------------------------------------
    def step(self, k: int, numbers: tuple[RuleNumber, ...], forward: bool):
        """One step of a walk from release ``k`` to ``k + 1`` (``forward``) or ``k - 1``.

        Returns:
            ``(numbers there, change kinds met, ambiguity candidates, similarity, section
            title)``: ``numbers`` empty when the rules were removed (or added, walking back)
            or the step is ambiguous (then ``candidates`` names the choices).
        """
        return self._step(k, numbers, forward)

    def _step(self, k: int, numbers: tuple[RuleNumber, ...], forward: bool):
        """One step from release ``k`` to ``k±1``: (numbers there, kind, candidates,
        similarity, title)."""
        al = self.alignments[k] if forward else self.alignments[k - 1]
        out: list[RuleNumber] = []
        kinds: list[str] = []
        cands: list[RuleNumber] = []
        sims: list[float] = []
        title = None
        for n in numbers:
            if n.kind == "section":
                s = al.section_change_of_old(n) if forward else al.section_change_of_new(n)
                if s is None:
                    continue
                nxt = (
                    (s.new if s.kind != "removed" else None)
                    if forward
                    else (s.old if s.kind != "added" else None)
                )
                kinds.append(s.kind)
                if nxt is not None and nxt not in out:
                    out.append(nxt)
                    if title is None:
                        title = s.new_title if forward else s.old_title
                continue
            ch = al.change_of_old(n) if forward else al.change_of_new(n)
            if ch is None:
                continue
            kinds.append(ch.kind)
            sims.append(ch.similarity)
            if ch.kind == "ambiguous":
                cands += [c for c in (ch.new if forward else ch.old) if c not in cands]
                continue
            for m in ch.new if forward else ch.old:
                if m not in out:
                    out.append(m)
        return tuple(out), kinds, tuple(cands), (sims[0] if sims else None), title

    def history(self, number: RuleNumber, k: int) -> list[HistoryEntry]:
        """``number``'s number(s) and change kind in every release of the chain.

        Args:
            number: a rule, subrule or section number of release ``k``.
            k: index of the release in the chain.

        Returns:
            One entry per release, oldest first. The kind of an entry says how the rule got
            there from the previous release (see :class:`HistoryEntry`).

        Raises:
            KeyError: ``number`` is not in release ``k``.
        """
        if not self.exists(k, number):
            raise KeyError(f"{number} is not in {self.releases[k].lang} {self.releases[k].name}")
        return self._entries(number, k, 0, len(self.releases) - 1)

    def _entries(
        self, number: RuleNumber, k: int, lo: int, hi: int, lineages: bool = True
    ) -> list[HistoryEntry]:
        """The entries ``lo`` … ``hi`` (``lo <= k <= hi``) of :meth:`history`, walking only
        the steps they need (a remap between two releases walks between them, not the
        whole chain); ``lineages=False`` leaves their ``lineage`` ``None``."""
        entries: list[HistoryEntry | None] = [None] * (hi - lo + 1)
        is_sec = number.kind == "section"
        # backwards: entry k's kind is the step k-1 → k
        cur: tuple[RuleNumber, ...] = (number,)
        title_here = self._title(k, number) if is_sec else None
        j = k
        while True:
            if j == 0:
                entries[0 - lo] = HistoryEntry(self.releases[0], cur, "initial", title=title_here)
                break
            prev, kinds, cands, sim, prev_title = self._step(j, cur, forward=False)
            kind = _pick(kinds)
            entries[j - lo] = HistoryEntry(
                self.releases[j],
                cur,
                kind,
                title=title_here,
                candidates=cands if kind == "ambiguous" else (),
                similarity=sim if not is_sec else None,
            )
            if not prev:
                for i in range(lo, j):
                    entries[i - lo] = HistoryEntry(
                        self.releases[i], (), "unknown" if kind == "ambiguous" else "absent"
                    )
                break
            if j == lo:
                break
            cur, title_here, j = prev, prev_title, j - 1
        # forwards: entry j+1's kind is the step j → j+1
        cur = (number,)
        title_here = self._title(k, number) if is_sec else None
        for j in range(k, hi):
            nxt, kinds, cands, sim, nxt_title = self._step(j, cur, forward=True)
            kind = _pick(kinds)
            if not nxt:
                gone = "ambiguous" if kind == "ambiguous" else "removed"
                entries[j + 1 - lo] = HistoryEntry(self.releases[j + 1], (), gone, candidates=cands)
                for i in range(j + 2, hi + 1):
                    entries[i - lo] = HistoryEntry(
                        self.releases[i], (), "unknown" if gone == "ambiguous" else "absent"
                    )
                break
            entries[j + 1 - lo] = HistoryEntry(
                self.releases[j + 1],
                nxt,
                kind,
                title=nxt_title,
                similarity=sim if not is_sec else None,
            )
            cur = nxt
        for i, e in enumerate(entries, lo):
            if lineages and e is not None and e.numbers:
                e.lineage = self.lineage_id(i, e.numbers[0])
        return [e for e in entries if e is not None]

    def _title(self, k: int, number: RuleNumber) -> str | None:
        if k > 0:
            s = self.alignments[k - 1].section_change_of_new(number)
            if s:
                return s.new_title
        if k < len(self.alignments):
            s = self.alignments[k].section_change_of_old(number)
            if s:
                return s.old_title
        return None

    def remap(
        self, number: RuleNumber, k_from: int, k_to: int, lineages: bool = True
    ) -> RemapResult:
        """The number(s) ``number`` of release ``k_from`` has in release ``k_to``.

        ``lineages=False``: the entries of the path carry no lineage id (a caller that reads
        only numbers and kinds saves walking each number back to its first release).

        Returns:
            A :class:`RemapResult`; when ``numbers`` is empty, ``reason`` says why (removed in
            which release, ambiguous between which candidates, not in the source release).
        """
        src, dst = self.releases[k_from], self.releases[k_to]
        if not self.exists(k_from, number):
            return RemapResult([], f"{number} is not in {src.lang} {src.name}")
        lo, hi = sorted((k_from, k_to))
        part = self._entries(number, k_from, lo, hi, lineages)  # history(…)[lo : hi + 1]

        def hist(i: int) -> HistoryEntry:
            return part[i - lo]

        path = part if k_from <= k_to else list(reversed(part))
        target = hist(k_to)
        if target.numbers:
            return RemapResult(list(target.numbers), "", path)
        step = range(k_from + 1, k_to + 1) if k_to > k_from else range(k_from - 1, k_to - 1, -1)
        for i in step:
            e = hist(i)
            if e.numbers:
                continue
            if k_to > k_from:
                last = hist(i - 1)
                if e.kind == "ambiguous":
                    why = (
                        f"ambiguous in {e.release.name}: {last.number} of "
                        f"{last.release.name} could be "
                        + " or ".join(str(c) for c in e.candidates)
                        + " (record a decision to settle it)"
                    )
                else:
                    why = (
                        f"removed in {e.release.name} (last there as {last.number} in "
                        f"{last.release.name})"
                    )
            else:
                first = hist(i + 1)
                if first.kind == "ambiguous":
                    why = (
                        f"ambiguous in {first.release.name}: {first.number} could come "
                        f"from "
                        + " or ".join(str(c) for c in first.candidates)
                        + f" of {e.release.name} (record a decision to settle it)"
                    )
                else:
                    why = (
                        f"added in {first.release.name} as {first.number}; it has no "
                        f"counterpart in {e.release.name} or earlier"
                    )
            return RemapResult([], why, path)
        return RemapResult([], f"no counterpart in {dst.lang} {dst.name}", path)


_ORDER = (
    "ambiguous",
    "split",
    "merged",
    "moved",
    "modified",
    "retitled",
    "renumbered",
    "typography",
    "unchanged",
    "added",
    "removed",
)


def _pick(kinds: list[str]) -> str:
    """The most telling of several kinds (several numbers after a split)."""
    if not kinds:
        return "absent"
    return min(kinds, key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER))
