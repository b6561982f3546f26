"""Per-release comparison keys: what an alignment compares, computed once per release.

Aligning two releases compares keys of each rule (text ids, number-masked text, match key,
word codes, comparison and typography forms) and of each glossary entry. None of them depends
on the other release, so :class:`ReleaseKeys` computes them once per :class:`Ruleset` and
:func:`release_keys` memoises them for the Ruleset object: the chain aligns every release
twice (with its predecessor and its successor) and pays for its keys once. Forms that only
rules left after exact matching need (match keys, codes, typography forms) are computed on
first use; :meth:`ReleaseKeys.complete` computes all of them, :meth:`ReleaseKeys.to_json` /
:meth:`ReleaseKeys.from_json` keep them with a release (the store can write them at ingest).

Ids (``text_id``, ``full_id``, ``num_id``) are process-wide: two strings have the same id
exactly when they are equal (a dict, no hashing shortcut), so equality tests between releases
become numpy comparisons of integers. They are not part of the serialised form (they are
recomputed from the texts on loading).

A Ruleset is treated as a value once aligned: the memo notices a replaced ``rules`` dict or
glossary list, added or removed rules and reassigned rule texts, but not examples edited in
place; call :func:`forget_keys` after such an edit.
"""

from __future__ import annotations

import itertools
import re
import string
import threading
import weakref
from collections import Counter
from typing import Any, Callable, Generic, Protocol, TypeVar

import numpy as np

from mtgcr.extract.model import GlossaryEntry, Ruleset
from mtgcr.extract.profiles import Tokenizer, profile_for
from mtgcr.extract.rulenum import RuleNumber

from mtgcr.crossref.textkey import (
    cited_numbers,
    compare_form,
    key_of_compare_form,
    mask_numbers,
    match_key,
    title_key,
)
from mtgcr.crossref.typography import typography_form, typography_skeleton

__all__ = [
    "Codec",
    "shared_codec",
    "ReleaseKeys",
    "GlossaryKeys",
    "SectionKeys",
    "release_keys",
    "attach_keys",
    "forget_keys",
    "key_id",
    "KEYS_VERSION",
]

#: Version of the serialised form (:meth:`ReleaseKeys.to_json`); a stored form of another
#: version is refused by :meth:`ReleaseKeys.from_json` (recompute it).
KEYS_VERSION = 1

_CJK = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD_CJK = re.compile(f"[{_CJK}]|[^\\W{_CJK}]+|#")
_WORD = re.compile(r"[\w#]+")
_ASCII_PUNCT = str.maketrans({c: " " for c in string.punctuation if c not in "#_"})


class Codec:
    """Turns match keys into word codes: each word becomes one code point, shared by every
    release aligned with this codec. Similarity of codes is word-level Indel similarity, and
    ~50 words compare far faster than ~300 characters.

    Words, by the ``[text] tokenizer`` of ``lang``'s profile: ``sudachi`` (Japanese) —
    SudachiPy split mode A words (:func:`mtgcr.crossref.worddiff.sudachi_words`; punctuation
    dropped, ``#`` kept), so a reworded particle or verb ending is one changed word, not
    scattered characters; ``cjk`` (Chinese) — each CJK character (no segmenter is bundled)
    and runs of letters/digits; ``words`` (and a language without a profile) — runs of
    letters, digits and ``#``.

    Which code a word gets depends on the order words were first seen; similarities never do.
    """

    def __init__(self, lang: str = "en") -> None:
        self.code: dict[str, str] = {}
        self.hashed: dict[str, str] = {}
        self.lang = lang
        self._lock = threading.Lock()
        prof = profile_for(lang)
        kind = prof.tokenizer if prof is not None else Tokenizer.WORDS
        self.words = _WORD_CJK if kind is Tokenizer.CJK else _WORD
        self._split: Callable[[str], list[str]] | None = None
        if kind is Tokenizer.SUDACHI:
            from mtgcr.crossref.worddiff import sudachi_words

            self._split = sudachi_words

    def split(self, key: str) -> list[str]:
        """The words of ``key`` (see the class docstring)."""
        if self._split is not None:
            return self._split(key)
        if self.words is _WORD and key.isascii():
            return key.translate(_ASCII_PUNCT).split()  # same words, several times faster
        return self.words.findall(key)

    def encode_words(self, words: list[str]) -> tuple[str, str]:
        """The code string of a word list and its 8-bit hashed form (see :meth:`encode`)."""
        code, hashed = self.code, self.hashed
        new = [w for w in words if w not in code]
        if new:
            with self._lock:  # codes are shared: two threads must not give one code twice
                for w in new:
                    if w not in code:
                        n = len(code)
                        code[w], hashed[w] = chr(0x10000 + n), chr(1 + n % 255)
        return "".join(map(code.__getitem__, words)), "".join(map(hashed.__getitem__, words))

    def encode(self, key: str) -> tuple[str, str]:
        """The code string of ``key`` and its 8-bit hashed form (word id mod 255: collisions
        only add matches, so its similarity is never below the true one — a safe, SIMD-fast
        prefilter in rapidfuzz)."""
        return self.encode_words(self.split(key))


_CODECS: dict[str, Codec] = {}


def shared_codec(lang: str) -> Codec:
    """The process-wide :class:`Codec` of ``lang`` (the one :class:`ReleaseKeys` use)."""
    c = _CODECS.get(lang)
    if c is None:
        c = _CODECS.setdefault(lang, Codec(lang))
    return c


#: Process-wide ids of strings and entry tuples: equal ids exactly for equal values.
_IDS: dict[Any, int] = {}
_NEXT = itertools.count()


def _ids(values: list) -> np.ndarray:
    """The ids of ``values`` (new ones get fresh ids), as an int64 array."""
    get, setd, nxt = _IDS.get, _IDS.setdefault, _NEXT.__next__
    out = [get(v) for v in values]
    if None in out:
        out = [x if x is not None else setd(v, nxt()) for x, v in zip(out, values)]
    return np.array(out, dtype=np.int64)


def key_id(value: str) -> int | None:
    """The process-wide id of ``value`` if it has one (see :class:`ReleaseKeys`)."""
    return _IDS.get(value)


T = TypeVar("T")
S = TypeVar("S", covariant=True)


class Indexable(Protocol[S]):
    """What :class:`Lazy` computes from: a list, or another :class:`Lazy`."""

    def __getitem__(self, i: int, /) -> S: ...

    def __len__(self) -> int: ...


class Lazy(Generic[T]):
    """``lazy[i]`` = ``fn(texts[i])``, computed once on first access; ``cache`` holds what
    has been computed (``None``: not yet)."""

    def __init__(self, texts: Indexable[Any], fn: Callable[[Any], T]) -> None:
        self.texts, self.fn = texts, fn
        self.cache: list[T | None] = [None] * len(texts)

    def __getitem__(self, i: int) -> T:
        k = self.cache[i]
        if k is None:
            k = self.cache[i] = self.fn(self.texts[i])
        return k

    def __len__(self) -> int:
        return len(self.texts)

    def fill(self) -> list[T]:
        """Every value (computing the missing ones)."""
        return [self[i] for i in range(len(self.texts))]


class LazyCodes:
    """``codes[i]`` = the word code of ``keys[i]`` (``codes.hashed(i)``: its 8-bit form),
    computed once on first access."""

    def __init__(self, keys: Lazy[str], codec: Codec) -> None:
        self.keys, self.codec = keys, codec
        self.cache: list[tuple[str, str] | None] = [None] * len(keys)

    def pair(self, i: int) -> tuple[str, str]:
        """``(code, hashed code)`` of rule ``i``."""
        c = self.cache[i]
        if c is None:
            c = self.cache[i] = self.codec.encode(self.keys[i])
        return c

    def __getitem__(self, i: int) -> str:
        return self.pair(i)[0]

    def hashed(self, i: int) -> str:
        """The 8-bit hashed code of rule ``i``."""
        return self.pair(i)[1]

    def codes(self, idx: np.ndarray) -> list[str]:
        """The codes of rules ``idx`` (an int array)."""
        cache, pair = self.cache, self.pair
        return [c[0] if (c := cache[i]) is not None else pair(i)[0] for i in idx.tolist()]

    def hashed_codes(self, idx: np.ndarray) -> list[str]:
        """The 8-bit hashed codes of rules ``idx`` (an int array)."""
        cache, pair = self.cache, self.pair
        return [c[1] if (c := cache[i]) is not None else pair(i)[1] for i in idx.tolist()]


def _full_text(rule) -> str:
    return rule.text if not rule.examples else rule.text_with_examples("Example: ")


class GlossaryKeys:
    """Comparison keys of a glossary, per entry in document order.

    Attributes:
        entries: the entries (the Ruleset's list).
        ident: int64 ids of ``(term, text, aliases, obsolete)``: equal ids, identical entries.
        names: headword, aliases and original, typography folded and case folded (lazy).
        skeleton: the headword's ASCII letters and digits after folding (lazy).
        text_key: :func:`~mtgcr.crossref.textkey.match_key` of the definition (lazy).
        text_typo: :func:`~mtgcr.crossref.typography.typography_form` of the definition (lazy).
        text_skeleton: :func:`~mtgcr.crossref.typography.typography_skeleton` of ``text_typo``.
        text_cited: :func:`~mtgcr.crossref.textkey.cited_numbers` of the definition (lazy).
    """

    def __init__(self, entries: list[GlossaryEntry]) -> None:
        self.entries = entries
        self.ident = _ids([(g.term, g.text, g.aliases, g.obsolete) for g in entries])
        self.names: Lazy[list[str]] = Lazy(entries, _entry_names)
        self.skeleton: Lazy[str] = Lazy([g.term for g in entries], _skeleton)
        texts = [g.text for g in entries]
        compare: Lazy[str] = Lazy(texts, compare_form)  # shared by the two forms below
        self.text_key: Lazy[str] = Lazy(compare, key_of_compare_form)
        self.text_typo: Lazy[str] = Lazy(
            range(len(texts)), lambda i: typography_form(texts[i], compare[i])
        )
        self.text_skeleton: Lazy[str] = Lazy(self.text_typo, typography_skeleton)
        self.text_cited: Lazy[tuple[str, ...]] = Lazy(texts, cited_numbers)

    def __len__(self) -> int:
        return len(self.entries)


def _entry_names(g: GlossaryEntry) -> list[str]:
    names = [g.term, *g.aliases] + ([g.original] if g.original else [])
    return [typography_form(n).casefold() for n in names if n]


def _skeleton(term: str) -> str:
    """A headword's ASCII letters and digits after folding typography, case folded."""
    return "".join(ch for ch in typography_form(term).casefold() if ch.isascii() and ch.isalnum())


class SectionKeys:
    """The sections of a release in document order, as :func:`mtgcr.crossref.align.sections.align_sections`
    compares them.

    Attributes:
        numbers: section numbers; titles: their titles as printed; title_keys:
            :func:`~mtgcr.crossref.textkey.title_key` of each title.
        ints: the section numbers as int64; index: section int → position; ids: the
            numbers' process-wide ids (equal ids, equal numbers).
        rule_pos: for every rule (document order), the position of its section (-1: none).
        size: rules and subrules in each section, at least 1 (float64).
    """

    def __init__(self, rs: Ruleset) -> None:
        self.numbers: list[RuleNumber] = list(rs.sections)
        self.titles = [rs.sections[s].title for s in self.numbers]
        self.title_keys = [title_key(t) for t in self.titles]
        self.ints = np.array([s.section for s in self.numbers], dtype=np.int64)
        self.ids: list[int] = _ids([str(s) for s in self.numbers]).tolist()
        self.index = {s.section: k for k, s in enumerate(self.numbers)}
        index = self.index
        self.rule_pos = np.array([index.get(n.section, -1) for n in rs.rules], dtype=np.int64)
        size = Counter(n.section for n in rs.rules)
        self.size = np.array(
            [max(1, size.get(s.section, 0)) for s in self.numbers], dtype=np.float64
        )

    def __len__(self) -> int:
        return len(self.numbers)


class ReleaseKeys:
    """Comparison keys of one release's rules, sections and glossary (see the module
    docstring). Build with :func:`release_keys` (memoised) or ``ReleaseKeys(ruleset)``.

    Attributes (per rule, in document order; ``i`` is the rule's index):
        lang: the release's language; word_similarity: its texts are scored on SudachiPy
            words (:func:`mtgcr.crossref.worddiff.text_similarity`), not characters.
        nums: rule numbers; ``num_str``: their ``str`` forms; ``num_id``: int64 ids of those.
        text: rule texts as published; ``full``: with examples
            (:func:`mtgcr.crossref.align.matching.full_text`).
        text_id, full_id: int64 ids of ``text`` / ``full``.
        unique_rows: indices of rules whose text is not empty and occurs once in the release,
            in the order of their text ids; unique_ids: those ids (ascending).
        sec: section numbers (int32); parent: index of a subrule's parent rule, else -1 (int64).
        sections: the distinct section numbers of the rules, ascending; sec_idx: each rule's
            index in ``sections``.
        masked: ``text`` with rule numbers masked (lazy, :func:`~mtgcr.crossref.textkey.mask_numbers`).
        key: :func:`~mtgcr.crossref.textkey.match_key` of ``text`` (lazy).
        code: word codes of ``key`` in :func:`shared_codec` (lazy, ``code.hashed(i)``).
        compare: :func:`~mtgcr.crossref.textkey.compare_form` of ``full`` (lazy).
        typo: :func:`~mtgcr.crossref.typography.typography_form` of ``full`` (lazy).
        skeleton: :func:`~mtgcr.crossref.typography.typography_skeleton` of ``typo`` (lazy).
        cited: :func:`~mtgcr.crossref.textkey.cited_numbers` of ``full`` (lazy).
        section_keys: :class:`SectionKeys`.
        glossary: :class:`GlossaryKeys`.
    """

    def __init__(self, rs: Ruleset) -> None:
        self.lang = rs.release.lang
        prof = profile_for(self.lang)
        self.word_similarity = prof is not None and prof.tokenizer is Tokenizer.SUDACHI
        self._rules, self._glossary = rs.rules, rs.glossary
        self.nums: list[RuleNumber] = list(rs.rules)
        rules = list(rs.rules.values())
        self.text: list[str] = [r.text for r in rules]
        self.full: list[str] = [r.text if not r.examples else _full_text(r) for r in rules]
        self.num_str = [str(n) for n in self.nums]
        self.num_id = _ids(self.num_str)
        self.text_id = _ids(self.text)
        self.full_id = self.text_id if self.full == self.text else _ids(self.full)
        counts = Counter(self.text)
        rows = np.array(
            [i for i, t in enumerate(self.text) if t and counts[t] == 1], dtype=np.int64
        )
        order = np.argsort(self.text_id[rows], kind="stable")
        self.unique_rows, self.unique_ids = rows[order], self.text_id[rows[order]]
        self.sec = np.array([n.section for n in self.nums], dtype=np.int32)
        self.sections, self.sec_idx = np.unique(self.sec, return_inverse=True)
        par = []
        last: dict[tuple[int, int | None], int] = {}
        for i, n in enumerate(self.nums):  # a subrule's parent rule precedes it
            if n.letters is None:
                last[(n.section, n.rule)] = i
                par.append(-1)
            else:
                par.append(last.get((n.section, n.rule), -1))
        self.parent = np.array(par, dtype=np.int64)
        self._ids: dict[str, np.ndarray] = {}
        self.masked: Lazy[str] = Lazy(self.text, mask_numbers)
        self.compare: Lazy[str] = Lazy(self.full, compare_form)
        # the match key and typography form start from the comparison form when they can
        self.key: Lazy[str] = Lazy(range(len(self.text)), self._key_of)
        self.code = LazyCodes(self.key, shared_codec(self.lang))
        self.typo: Lazy[str] = Lazy(range(len(self.full)), self._typo_of)
        self.skeleton: Lazy[str] = Lazy(self.typo, typography_skeleton)
        self.cited: Lazy[tuple[str, ...]] = Lazy(self.full, cited_numbers)
        self.section_keys = SectionKeys(rs)
        self.glossary = GlossaryKeys(rs.glossary)

    def __len__(self) -> int:
        return len(self.nums)

    def _key_of(self, i: int) -> str:
        """:func:`~mtgcr.crossref.textkey.match_key` of rule ``i``'s text."""
        if self.full[i] is self.text[i]:  # no examples: the comparison form is the text's
            return key_of_compare_form(self.compare[i])
        return match_key(self.text[i])

    def _typo_of(self, i: int) -> str:
        """:func:`~mtgcr.crossref.typography.typography_form` of rule ``i``'s full text."""
        return typography_form(self.full[i], self.compare[i])

    def fits(self, rs: Ruleset) -> bool:
        """Whether these keys are still those of ``rs`` (same rules dict and glossary list,
        same number of rules and entries, the same rule texts)."""
        rules = rs.rules
        return (
            rules is self._rules
            and rs.glossary is self._glossary
            and len(rules) == len(self.text)
            and len(rs.glossary) == len(self.glossary)
            and self.text == [r.text for r in rules.values()]
        )  # identity first: fast

    def ids_of(self, which: str) -> np.ndarray | None:
        """The int64 ids of every rule's ``masked`` or ``key`` (``which``), or ``None`` while
        those keys are not all computed (then compare the strings of the rules at hand)."""
        ids = self._ids.get(which)
        if ids is None:
            lazy = self.masked if which == "masked" else self.key
            if None in lazy.cache:
                return None
            ids = self._ids[which] = _ids(lazy.cache)
        return ids

    def complete(self) -> ReleaseKeys:
        """Compute every lazy key (what storing them needs); returns ``self``."""
        for lazy in (self.masked, self.key, self.compare, self.typo, self.skeleton):
            lazy.fill()
        self.cited.fill()
        for i in range(len(self)):
            self.code.pair(i)
        g = self.glossary
        g.names.fill()
        for lazy in (g.skeleton, g.text_key, g.text_typo, g.text_skeleton):
            lazy.fill()
        g.text_cited.fill()
        return self

    # -- serialised form -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the computed keys (everything is computed first): ``{version,
        lang, numbers, masked, key, words, codes, compare, typography, skeleton, cited, glossary: {names,
        skeleton, text_key, text_typo, text_skeleton, text_cited}}``. A form equal to its source text is stored as
        ``None``; codes are per-release word indices (``words`` is the release's vocabulary),
        so the form does not depend on the process that wrote it."""
        self.complete()
        vocab: dict[str, int] = {}
        rev = {c: w for w, c in self.code.codec.code.items()}
        codes = []
        for i in range(len(self)):
            code = self.code[i]
            codes.append([vocab.setdefault(rev[ch], len(vocab)) for ch in code])

        def same_as(forms: list, src: list) -> list:
            return [None if f == s else f for f, s in zip(forms, src)]

        g = self.glossary
        return {
            "version": KEYS_VERSION,
            "lang": self.lang,
            "numbers": self.num_str,
            "masked": same_as(self.masked.fill(), self.text),
            "key": self.key.fill(),
            "words": list(vocab),
            "codes": codes,
            "compare": same_as(self.compare.fill(), self.full),
            "typography": same_as(self.typo.fill(), self.full),
            "skeleton": self.skeleton.fill(),
            "cited": [list(c) for c in self.cited.fill()],
            "glossary": {
                "names": g.names.fill(),
                "skeleton": g.skeleton.fill(),
                "text_key": g.text_key.fill(),
                "text_typo": g.text_typo.fill(),
                "text_skeleton": g.text_skeleton.fill(),
                "text_cited": [list(c) for c in g.text_cited.fill()],
            },
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], rs: Ruleset) -> ReleaseKeys:
        """The keys of ``rs`` from :meth:`to_json`'s form (ids recomputed, codes mapped to
        this process's :func:`shared_codec`).

        Raises:
            ValueError: ``d`` is of another :data:`KEYS_VERSION`, language or rule list than
                ``rs``.
        """
        if d.get("version") != KEYS_VERSION:
            raise ValueError(
                f"release keys of version {d.get('version')!r}, "
                f"expected {KEYS_VERSION}: recompute them"
            )
        k = cls(rs)  # the cheap, eager part
        if d["lang"] != k.lang or d["numbers"] != k.num_str:
            raise ValueError(f"release keys of another release than {rs.release.key}")
        if len(d["glossary"]["names"]) != len(k.glossary):
            raise ValueError(f"release keys of another glossary than {rs.release.key}")

        def restore(forms: list, src: list) -> list:
            return [s if f is None else f for f, s in zip(forms, src)]

        k.masked.cache = restore(d["masked"], k.text)
        k.key.cache = list(d["key"])
        codec = k.code.codec
        words = list(d["words"])
        table = codec.encode_words(words)
        code_of, hash_of = table[0], table[1]
        k.code.cache = [
            ("".join([code_of[x] for x in c]), "".join([hash_of[x] for x in c])) for c in d["codes"]
        ]
        k.compare.cache = restore(d["compare"], k.full)
        k.typo.cache = restore(d["typography"], k.full)
        k.skeleton.cache = list(d["skeleton"])
        k.cited.cache = [tuple(c) for c in d["cited"]]
        g, dg = k.glossary, d["glossary"]
        g.names.cache = [list(x) for x in dg["names"]]
        g.skeleton.cache = list(dg["skeleton"])
        g.text_key.cache = list(dg["text_key"])
        g.text_typo.cache = list(dg["text_typo"])
        g.text_skeleton.cache = list(dg["text_skeleton"])
        g.text_cited.cache = [tuple(c) for c in dg["text_cited"]]
        return k


_MEMO: dict[int, ReleaseKeys] = {}


def release_keys(rs: Ruleset) -> ReleaseKeys:
    """The keys of ``rs``, computed on first use and memoised for the Ruleset object (for as
    long as it lives; see :meth:`ReleaseKeys.fits` for what invalidates them)."""
    k = _MEMO.get(id(rs))
    if k is not None and k.fits(rs):
        return k
    return attach_keys(rs, ReleaseKeys(rs))


def attach_keys(rs: Ruleset, keys: ReleaseKeys) -> ReleaseKeys:
    """Memoise ``keys`` (e.g. read back from the store with :meth:`ReleaseKeys.from_json`)
    for ``rs``; returns them.

    Raises:
        ValueError: the keys are not those of ``rs`` (:meth:`ReleaseKeys.fits`).
    """
    if not keys.fits(rs):
        raise ValueError(f"these keys are not those of {rs.release.key}")
    if id(rs) not in _MEMO:
        weakref.finalize(rs, _MEMO.pop, id(rs), None)
    _MEMO[id(rs)] = keys
    return keys


def forget_keys(rs: Ruleset) -> None:
    """Drop the memoised keys of ``rs`` (after editing it in place)."""
    _MEMO.pop(id(rs), None)
