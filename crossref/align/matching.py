"""Working state of one alignment: the two sides as arrays, and the matching built in phases.

Internal to :mod:`mtgcr.crossref.align.releases`; indices are 0-based positions in document order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.align.keys import Codec, LazyCodes, release_keys, shared_codec

__all__ = ["Side", "Matching", "Group", "GroupKind", "Codec", "shared_codec", "full_text"]


def full_text(rule: Rule) -> str:
    """A rule's text with its examples (``"\\nExample: …"`` each), as compared for changes:
    :meth:`mtgcr.extract.model.Rule.text_with_examples` with the label ``"Example: "``."""
    return rule.text_with_examples("Example: ")


def _nearest_matched(matched: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For every index of a boolean array (``True``: the rule there is matched), the index of
    the nearest ``True`` strictly before it and strictly after it (-1 / ``len(matched)`` when
    none): arrays ``prev``, ``next``."""
    n = len(matched)
    pos = np.arange(n)
    prev = np.where(matched, pos, -1)
    prev = np.maximum.accumulate(np.concatenate(([-1], prev[:-1]))) if n else prev
    nxt = np.where(matched, pos, n)
    nxt = np.minimum.accumulate(np.concatenate((nxt[1:], [n]))[::-1])[::-1] if n else nxt
    return prev, nxt


class Side:
    """One release as arrays, for one alignment: the :class:`~mtgcr.crossref.align.keys.ReleaseKeys`
    of the release (``keys``) and views of them: ``nums``, ``text`` (rule text only), ``full``
    (with examples), ``masked`` (``text`` with rule numbers masked), ``key``
    (:func:`match_key` of ``text``), ``code`` (the key as word codes of a :class:`Codec`
    shared by both sides), ``sec`` (section numbers), ``parent`` (index of the parent rule
    of a subrule, else -1), ``idx`` (number → index). Keys are computed on first use and
    kept with the release (most rules are settled on their exact text before a key is
    needed).

    ``codec``: ``None`` (or the :func:`~mtgcr.crossref.align.keys.shared_codec` of the language)
    uses the release's stored codes; any other codec encodes the keys anew with it."""

    def __init__(self, rs: Ruleset, codec: Codec | None = None) -> None:
        self.rs = rs
        k = self.keys = release_keys(rs)
        self.nums: list[RuleNumber] = k.nums
        self._idx: dict[RuleNumber, int] | None = None
        self.text, self.full = k.text, k.full
        self.masked, self.key = k.masked, k.key
        self.code = k.code if codec is None or codec is k.code.codec else LazyCodes(k.key, codec)
        self.sec, self.parent = k.sec, k.parent

    def __len__(self) -> int:
        return len(self.nums)

    @property
    def idx(self) -> dict[RuleNumber, int]:
        """Rule number → index (built on first use)."""
        if self._idx is None:
            self._idx = {n: i for i, n in enumerate(self.nums)}
        return self._idx


#: The relation of a settled group (a subset of :data:`mtgcr.crossref.model.RuleKind`).
GroupKind = Literal["split", "merged", "ambiguous", "added", "removed"]


@dataclass
class Group:
    """A settled group that is not a plain one-to-one match: ``kind`` is ``split``,
    ``merged``, ``ambiguous``, ``added`` or ``removed``; ``old``/``new`` are indices in
    document order; ``similarity`` 0–1; ``decided`` if from a decisions file."""

    kind: GroupKind
    old: tuple[int, ...]
    new: tuple[int, ...]
    similarity: float = 0.0
    decided: bool = False


@dataclass
class Matching:
    """One-to-one matches (``o2n``/``n2o``, -1 = none) plus :class:`Group` s; ``busy_old`` /
    ``busy_new`` mark indices already in a group; ``decided`` holds decided 1–1 pairs;
    ``forbidden`` pairs (old, new) must not be matched."""

    n_old: int
    n_new: int
    groups: list[Group] = field(default_factory=list)
    decided: set[tuple[int, int]] = field(default_factory=set)
    forbidden: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.o2n = np.full(self.n_old, -1, dtype=np.int64)
        self.n2o = np.full(self.n_new, -1, dtype=np.int64)
        self.busy_old = np.zeros(self.n_old, dtype=bool)
        self.busy_new = np.zeros(self.n_new, dtype=bool)

    def match(self, i: int, j: int) -> None:
        """Record the one-to-one match old ``i`` ↔ new ``j``."""
        self.o2n[i] = j
        self.n2o[j] = i

    def add_group(self, g: Group) -> None:
        """Record a group (members put in document order); its members leave the pool."""
        g.old, g.new = tuple(sorted(g.old)), tuple(sorted(g.new))
        self.groups.append(g)
        for i in g.old:
            self.busy_old[i] = True
        for j in g.new:
            self.busy_new[j] = True

    def free_old(self) -> np.ndarray:
        """Indices of old rules neither matched nor grouped."""
        return np.flatnonzero((self.o2n < 0) & ~self.busy_old)

    def free_new(self) -> np.ndarray:
        """Indices of new rules neither matched nor grouped."""
        return np.flatnonzero((self.n2o < 0) & ~self.busy_new)

    def neighbours(self) -> tuple[np.ndarray, np.ndarray]:
        """For every old index, the old index of the nearest matched rule before it and after
        it (-1 / ``n_old`` when none): arrays ``prev``, ``next``."""
        return _nearest_matched(self.o2n >= 0)

    def neighbours_new(self) -> tuple[np.ndarray, np.ndarray]:
        """The mirror of :meth:`neighbours` on the new side."""
        return _nearest_matched(self.n2o >= 0)

    def section_guess(self, a: Side, b: Side) -> dict[int, int]:
        """Old section → the new section most of its matched rules went to (a tie: the
        pair that appears first in old-document order)."""
        guess = self.section_guess_array(a, b)
        return {int(a.keys.sections[k]): int(g) for k, g in enumerate(guess.tolist()) if g >= 0}

    def section_guess_array(self, a: Side, b: Side) -> np.ndarray:
        """:meth:`section_guess` as an int64 array over ``a.keys.sections`` (-1: none)."""
        ka, kb = a.keys, b.keys
        na, nb = len(ka.sections), len(kb.sections)
        if not nb:
            return np.full(na, -1, dtype=np.int64)
        rows = np.flatnonzero(self.o2n >= 0)
        code = ka.sec_idx[rows] * nb + kb.sec_idx[self.o2n[rows]]
        counts = np.bincount(code, minlength=na * nb).reshape(na, nb)
        top = counts.max(axis=1, initial=0)
        guess = np.where(top > 0, kb.sections[counts.argmax(axis=1)], -1).astype(np.int64)
        tied = np.flatnonzero((top > 0) & ((counts == top[:, None]).sum(axis=1) > 1))
        for k in tied.tolist():  # the first of the tied pairs to appear
            cand = np.flatnonzero(counts[k] == top[k]) + k * nb
            first = np.flatnonzero(np.isin(code, cand))[0]
            guess[k] = kb.sections[int(code[first]) - k * nb]
        return guess
