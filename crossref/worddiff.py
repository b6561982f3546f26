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
``"insert"``.
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Callable

__all__ = ["Tokenizer", "space_tokens", "sudachi_tokens", "cjk_tokens", "tokenizer_for",
           "register_tokenizer", "word_diff"]

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
    return dictionary.Dictionary(dict="core").create(), tokenizer.Tokenizer.SplitMode.A


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


def cjk_tokens(text: str) -> list[str]:
    """Latin/digit runs, whitespace runs, and every other character alone (a Chinese
    fallback)."""
    return _CJK_TOKENS.findall(text)


_REGISTRY: dict[str, Tokenizer] = {"ja": sudachi_tokens, "zh": cjk_tokens}


def register_tokenizer(lang: str, tokenizer: Tokenizer) -> None:
    """Use ``tokenizer`` for diffs of language ``lang`` (replaces the built-in choice)."""
    _REGISTRY[lang] = tokenizer


def tokenizer_for(lang: str) -> Tokenizer:
    """The tokenizer for ``lang``: registered ones, else :func:`space_tokens`."""
    return _REGISTRY.get(lang, space_tokens)


def word_diff(old: str, new: str, tokenize: Tokenizer = space_tokens) -> list[tuple[str, str]]:
    """Diff ``old`` → ``new`` token by token.

    Args:
        old, new: the two texts.
        tokenize: a tokenizer (see the module docstring).

    Returns:
        Runs ``(op, text)``, ``op`` one of ``"equal"``, ``"delete"``, ``"insert"``; a
        replacement is a delete followed by an insert. Joining the ``equal`` and ``delete``
        runs gives ``old``; ``equal`` and ``insert`` give ``new``.
    """
    a, b = tokenize(old), tokenize(new)
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    out: list[tuple[str, str]] = []

    def emit(op: str, text: str) -> None:
        if not text:
            return
        if out and out[-1][0] == op:
            out[-1] = (op, out[-1][1] + text)
        else:
            out.append((op, text))

    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            emit("equal", "".join(a[i1:i2]))
        else:
            emit("delete", "".join(a[i1:i2]))
            emit("insert", "".join(b[j1:j2]))
    return out
