"""Working state of one alignment: the two sides as arrays, and the matching built in phases.

Internal to :mod:`mtgcr.crossref.align`; indices are 0-based positions in document order.
"""
from __future__ import annotations

import re
import string
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from mtgcr.extract.model import Rule, Ruleset
from mtgcr.extract.profiles import Tokenizer, profile_for
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.textkey import mask_numbers, match_key

__all__ = ["Side", "Matching", "Group", "GroupKind", "Codec", "full_text"]


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
    """One release as arrays: ``nums``, ``text`` (rule text only), ``full`` (with examples),
    ``masked`` (``text`` with rule numbers masked, on first use),
    ``key`` (:func:`match_key` of ``text``, computed on first use: most rules are settled
    on their exact text before a key is needed), ``code`` (the key as word codes of a
    :class:`Codec` shared by both sides), ``sec`` (section numbers), ``parent`` (index
    of the parent rule of a subrule, else -1), ``idx`` (number → index)."""

    def __init__(self, rs: Ruleset, codec: Codec) -> None:
        self.rs = rs
        self.nums: list[RuleNumber] = list(rs.rules)
        self._idx: dict[RuleNumber, int] | None = None
        rules = list(rs.rules.values())
        self.text = [r.text for r in rules]
        self.full = [r.text if not r.examples else full_text(r) for r in rules]
        self.masked = _Lazy(self.text, mask_numbers)
        self.key = _Lazy(self.text, match_key)
        self.code = _LazyCodes(self.key, codec)
        self.sec = np.array([n.section for n in self.nums], dtype=np.int32)
        par = []
        last: dict[tuple[int, int | None], int] = {}
        for i, n in enumerate(self.nums):  # a subrule's parent rule precedes it
            if n.letters is None:
                last[(n.section, n.rule)] = i
                par.append(-1)
            else:
                par.append(last.get((n.section, n.rule), -1))
        self.parent = np.array(par, dtype=np.int64)

    def __len__(self) -> int:
        return len(self.nums)

    @property
    def idx(self) -> dict[RuleNumber, int]:
        """Rule number → index (built on first use)."""
        if self._idx is None:
            self._idx = {n: i for i, n in enumerate(self.nums)}
        return self._idx


_CJK = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD_CJK = re.compile(f"[{_CJK}]|[^\\W{_CJK}]+|#")
_WORD = re.compile(r"[\w#]+")
_ASCII_PUNCT = str.maketrans({c: " " for c in string.punctuation if c not in "#_"})


class Codec:
    """Turns match keys into word codes: each word becomes one code point, shared by both
    sides of an alignment. Similarity of codes is word-level Indel similarity, and ~50 words
    compare far faster than ~300 characters.

    Words, by the ``[text] tokenizer`` of ``lang``'s profile: ``sudachi`` (Japanese) —
    SudachiPy split mode A words (:func:`mtgcr.crossref.worddiff.sudachi_words`; punctuation
    dropped, ``#`` kept), so a reworded particle or verb ending is one changed word, not
    scattered characters; ``cjk`` (Chinese) — each CJK character (no segmenter is bundled)
    and runs of letters/digits; ``words`` (and a language without a profile) — runs of
    letters, digits and ``#``.
    """

    def __init__(self, lang: str = "en") -> None:
        self.code: dict[str, str] = {}
        self.hashed: dict[str, str] = {}
        self.lang = lang
        prof = profile_for(lang)
        kind = prof.tokenizer if prof is not None else Tokenizer.WORDS
        self.words = _WORD_CJK if kind is Tokenizer.CJK else _WORD
        self._split = None
        if kind is Tokenizer.SUDACHI:
            from mtgcr.crossref.worddiff import sudachi_words
            self._split = sudachi_words

    def encode(self, key: str) -> tuple[str, str]:
        """The code string of ``key`` and its 8-bit hashed form (word id mod 255: collisions
        only add matches, so its similarity is never below the true one — a safe, SIMD-fast
        prefilter in rapidfuzz)."""
        if self._split is not None:
            words = self._split(key)
        elif self.words is _WORD and key.isascii():
            words = key.translate(_ASCII_PUNCT).split()  # same words, several times faster
        else:
            words = self.words.findall(key)
        code, hashed = self.code, self.hashed
        for w in words:
            if w not in code:
                n = len(code)
                code[w], hashed[w] = chr(0x10000 + n), chr(1 + n % 255)
        return "".join(map(code.__getitem__, words)), "".join(map(hashed.__getitem__, words))


class _LazyCodes:
    """``codes[i]`` = the word code of ``keys[i]`` (``codes.hashed(i)``: its 8-bit form),
    computed once on first access."""

    def __init__(self, keys: "_Lazy", codec: Codec) -> None:
        self.keys, self.codec = keys, codec
        self.cache: list[tuple[str, str] | None] = [None] * len(keys)

    def pair(self, i: int) -> tuple[str, str]:
        c = self.cache[i]
        if c is None:
            c = self.cache[i] = self.codec.encode(self.keys[i])
        return c

    def __getitem__(self, i: int) -> str:
        return self.pair(i)[0]

    def hashed(self, i: int) -> str:
        """The 8-bit hashed code of rule ``i``."""
        return self.pair(i)[1]


class _Lazy:
    """``lazy[i]`` = ``fn(texts[i])``, computed once on first access."""

    def __init__(self, texts: list[str], fn) -> None:
        self.texts, self.fn = texts, fn
        self.cache: list[str | None] = [None] * len(texts)

    def __getitem__(self, i: int) -> str:
        k = self.cache[i]
        if k is None:
            k = self.cache[i] = self.fn(self.texts[i])
        return k

    def __len__(self) -> int:
        return len(self.texts)


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
        """Old section → the new section most of its matched rules went to."""
        rows = np.flatnonzero(self.o2n >= 0)
        votes = Counter(zip(a.sec[rows].tolist(), b.sec[self.o2n[rows]].tolist()))
        best: dict[int, tuple[int, int]] = {}
        for (so, sn), c in votes.items():
            if c > best.get(so, (0, 0))[0]:
                best[so] = (c, sn)
        return {so: sn for so, (_, sn) in best.items()}
