"""Word-level diffs of two texts, with a tokenizer per language.

A tokenizer is any ``Callable[[str], list[str]]`` whose tokens joined give the text back
exactly (spaces are tokens too), so a diff renders losslessly. Built in:

* :func:`space_tokens` — words, runs of whitespace and single punctuation marks (EN, RU and
  any space-separated language);
* :func:`sudachi_tokens` — Japanese: SudachiPy (``sudachidict-core``) in split mode A, the
  shortest units, so a changed particle or verb ending shows as itself — never whole lines,
  never single characters;
* :func:`cjk_tokens` — a fallback for Chinese: runs of Latin letters/digits, and CJK text cut
  into single ideographs (no Chinese segmenter is bundled; register a better one with
  :func:`register_tokenizer`).

:func:`word_diff` returns ``[(op, text)]`` runs with ``op`` in ``"equal"``, ``"delete"``,
``"insert"``. :func:`text_similarity` scores two texts 0–1 the way the alignment reports
it: on SudachiPy words for Japanese, on characters otherwise.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from rapidfuzz import fuzz
from rapidfuzz.distance import Indel

from mtgcr.extract.profiles import Tokenizer as TokenizerKind, profile_for

__all__ = [
    "Tokenizer",
    "space_tokens",
    "sudachi_tokens",
    "sudachi_words",
    "cjk_tokens",
    "tokenizer_for",
    "register_tokenizer",
    "word_diff",
    "text_similarity",
]

Tokenizer = Callable[[str], list[str]]

_SPACE_TOKENS = re.compile(r"\w+(?:['’]\w+)*|\s+|[^\w\s]", re.UNICODE)
_CJK_TOKENS = re.compile(r"[A-Za-z0-9]+(?:[.'’][A-Za-z0-9]+)*|\s+|.", re.UNICODE | re.DOTALL)


def space_tokens(text: str) -> list[str]:
    """Words (with inner apostrophes: "player's"), whitespace runs and single punctuation
    marks: ``"Don't stop."`` → ``["Don't", " ", "stop", "."]``."""
    return _SPACE_TOKENS.findall(text)


@lru_cache(maxsize=1)
def _sudachi():
    from sudachipy import dictionary, tokenizer

    mode = tokenizer.Tokenizer.SplitMode.A
    d = dictionary.Dictionary(dict="core")
    return (d.tokenizer(mode=mode) if hasattr(d, "tokenizer") else d.create(mode)), mode


def sudachi_tokens(text: str) -> list[str]:
    """Japanese tokens: SudachiPy split mode A surfaces (the dictionary loads on first use,
    about a second). Line breaks are kept as tokens.

    Raises:
        ImportError: sudachipy or sudachidict-core is not installed.
    """
    tok, mode = _sudachi()
    out: list[str] = []
    for k, line in enumerate(text.split("\n")):
        if k:
            out.append("\n")
        if line:
            out += [m.surface() for m in tok.tokenize(line, mode)]
    return out


_WORDLIKE = re.compile(r"[\w#]")


def sudachi_words(text: str) -> list[str]:
    """The words of a Japanese text: :func:`sudachi_tokens` without whitespace and
    punctuation tokens (``#``, a masked rule number, counts as a word). For similarity
    scores and alignment keys, not for display."""
    return [t for t in sudachi_tokens(text) if _WORDLIKE.search(t)]


def text_similarity(a: str, b: str, lang: str) -> float:
    """Similarity 0–1 of two texts as alignments report it.

    A language whose profile's tokenizer is ``sudachi`` (Japanese): the Indel similarity of
    the SudachiPy word sequences (:func:`sudachi_words`): a changed particle counts as one
    word, never as scattered characters. Every other language: ``rapidfuzz.fuzz.ratio`` of
    the characters / 100 (the score the EN alignment has always reported).
    """
    if a == b:
        return 1.0
    if _profile_tokenizer(lang) is TokenizerKind.SUDACHI:
        return Indel.normalized_similarity(sudachi_words(a), sudachi_words(b))
    return fuzz.ratio(a, b) / 100.0


def cjk_tokens(text: str) -> list[str]:
    """Latin/digit runs, whitespace runs, and every other character alone (a Chinese
    fallback)."""
    return _CJK_TOKENS.findall(text)


_REGISTRY: dict[str, "Tokenizer"] = {}  # filled by register_tokenizer


def _profile_tokenizer(lang: str) -> TokenizerKind:
    """The ``[text] tokenizer`` of ``lang``'s profile (:mod:`mtgcr.extract.profiles`);
    ``words`` for a language without one."""
    prof = profile_for(lang)
    return prof.tokenizer if prof is not None else TokenizerKind.WORDS


def register_tokenizer(lang: str, tokenizer: "Tokenizer") -> None:
    """Use ``tokenizer`` (a function ``str -> list[str]``) for diffs of language ``lang``
    (replaces the profile's choice)."""
    _REGISTRY[lang] = tokenizer


def tokenizer_for(lang: str) -> "Tokenizer":
    """The tokenizer function for ``lang``: a registered one, else the one its profile names
    (``sudachi`` → :func:`sudachi_tokens`, ``cjk`` → :func:`cjk_tokens`, ``words`` →
    :func:`space_tokens`)."""
    if lang in _REGISTRY:
        return _REGISTRY[lang]
    return {TokenizerKind.SUDACHI: sudachi_tokens, TokenizerKind.CJK: cjk_tokens}.get(
        _profile_tokenizer(lang), space_tokens
    )


def word_diff(
    old: str, new: str, tokenize: Tokenizer = space_tokens, fold_typography: bool = False
) -> list[tuple[str, str]]:
    """Diff ``old`` → ``new`` token by token.

    The edit script is a longest common subsequence of the token lists
    (``rapidfuzz.distance.Indel.opcodes``, C++, fast on the 2009 rewrite too), then cleaned
    up for people: a short equal stretch (at most two words, no longer than the changes on
    either side of it) between two changes is folded into them, so a rewritten sentence
    reads as one deletion and one insertion rather than a comb of single words.

    Args:
        old, new: the two texts.
        tokenize: a tokenizer (see the module docstring).
        fold_typography: show changes that are typography only
            (:func:`mtgcr.crossref.typography.typography_only`: quotes, ``?`` or U+FFFD for a
            lost character, ™/®, italics, dashes…) as equal text, so the diff of a rule with
            both a typography change and a real edit shows the real edit alone.

    Returns:
        Runs ``(op, text)``, ``op`` one of ``"equal"``, ``"delete"``, ``"insert"``; a
        replacement is a delete followed by an insert. Joining the ``equal`` and ``insert``
        runs gives ``new``; ``equal`` and ``delete`` give ``old`` (with ``fold_typography``:
        ``old`` up to typography, the equal runs being the new text).
    """
    a, b = tokenize(old), tokenize(new)
    # segments: ["eq", text] or ["ch", deleted text, inserted text]
    segs: list[list] = []
    for op in Indel.opcodes(a, b):
        if op.tag == "equal":
            segs.append(["eq", "".join(a[op.src_start : op.src_end])])
            continue
        d = "".join(a[op.src_start : op.src_end])
        i = "".join(b[op.dest_start : op.dest_end])
        if segs and segs[-1][0] == "ch":
            segs[-1][1] += d
            segs[-1][2] += i
        else:
            segs.append(["ch", d, i])
    if fold_typography:
        segs = _fold_segments(segs)
    changed = True
    while changed:
        changed = False
        for k in range(1, len(segs) - 1):
            e, left, right = segs[k], segs[k - 1], segs[k + 1]
            if e[0] != "eq" or left[0] != "ch" or right[0] != "ch":
                continue
            words = len(_SPACE_TOKENS.findall(e[1].strip())) if e[1].strip() else 0
            size = len(e[1])
            if words <= 2 and size <= min(
                max(len(left[1]), len(left[2])), max(len(right[1]), len(right[2]))
            ):
                merged = ["ch", left[1] + e[1] + right[1], left[2] + e[1] + right[2]]
                segs[k - 1 : k + 2] = [merged]
                changed = True
                break
    out: list[tuple[str, str]] = []
    for seg in segs:
        if seg[0] == "eq":
            if seg[1]:
                out.append(("equal", seg[1]))
        else:
            if seg[1]:
                out.append(("delete", seg[1]))
            if seg[2]:
                out.append(("insert", seg[2]))
    return out


def _fold_segments(segs: list[list]) -> list[list]:
    """Changed segments that are typography only become equal runs of their new text;
    neighbouring equal runs are joined."""
    from mtgcr.crossref.typography import typography_only

    out: list[list] = []
    for seg in segs:
        if seg[0] == "ch" and typography_only(seg[1], seg[2]):
            seg = ["eq", seg[2]]
        if seg[0] == "eq" and out and out[-1][0] == "eq":
            out[-1][1] += seg[1]
        else:
            out.append(seg)
    return out
